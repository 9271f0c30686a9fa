//! Buffers that recorded commands use (the state is `state::memory`): each created with the
//! usage the command needs and, unless sparse, bound to memory; offsets and sizes inside the
//! buffer; a copy's source and destination regions apart in memory. Checked when the command is
//! recorded.
//!
//! A region whose offset is already past the end is reported once, by the offset rule: the
//! size rule, which measures from the offset, would only repeat it.

use std::sync::Arc;

use vigil_generated::*;

use super::memory::Members;
use super::CoreChecks;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::memory::{BufferInfo, MemoryBinding};
use crate::state::TYPES;

/// A buffer a command names: the usage it needs and the ids of its usage and memory rules.
pub(super) struct BufferRole {
    /// The usage flag, and its name for messages.
    pub usage: (VkBufferUsageFlags, &'static str),
    pub usage_vuid: &'static str,
    /// Bound completely and contiguously to one memory object, unless sparse.
    pub bound_vuid: &'static str,
}

const TRANSFER_SRC: (VkBufferUsageFlags, &str) =
    (VkBufferUsageFlags::VK_BUFFER_USAGE_TRANSFER_SRC_BIT, "VK_BUFFER_USAGE_TRANSFER_SRC_BIT");
const TRANSFER_DST: (VkBufferUsageFlags, &str) =
    (VkBufferUsageFlags::VK_BUFFER_USAGE_TRANSFER_DST_BIT, "VK_BUFFER_USAGE_TRANSFER_DST_BIT");
const INDEX: (VkBufferUsageFlags, &str) =
    (VkBufferUsageFlags::VK_BUFFER_USAGE_INDEX_BUFFER_BIT, "VK_BUFFER_USAGE_INDEX_BUFFER_BIT");
const VERTEX: (VkBufferUsageFlags, &str) =
    (VkBufferUsageFlags::VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, "VK_BUFFER_USAGE_VERTEX_BUFFER_BIT");

/// The ids of a buffer copy's rules.
pub(super) struct CopyIds {
    pub src: BufferRole,
    pub dst: BufferRole,
    pub src_offset: &'static str,
    pub dst_offset: &'static str,
    pub src_size: &'static str,
    pub dst_size: &'static str,
    pub overlap: &'static str,
    /// No byte written by two regions.
    pub written_twice: &'static str,
    /// Without protectedNoFault: in an unprotected command buffer no protected source or
    /// destination, in a protected one no unprotected destination.
    pub protected: [&'static str; 3],
}

pub(super) const COPY_BUFFER: CopyIds = CopyIds {
    src: BufferRole {
        usage: TRANSFER_SRC,
        usage_vuid: "VUID-vkCmdCopyBuffer-srcBuffer-00118",
        bound_vuid: "VUID-vkCmdCopyBuffer-srcBuffer-00119",
    },
    dst: BufferRole {
        usage: TRANSFER_DST,
        usage_vuid: "VUID-vkCmdCopyBuffer-dstBuffer-00120",
        bound_vuid: "VUID-vkCmdCopyBuffer-dstBuffer-00121",
    },
    src_offset: "VUID-vkCmdCopyBuffer-srcOffset-00113",
    dst_offset: "VUID-vkCmdCopyBuffer-dstOffset-00114",
    src_size: "VUID-vkCmdCopyBuffer-size-00115",
    dst_size: "VUID-vkCmdCopyBuffer-size-00116",
    overlap: "VUID-vkCmdCopyBuffer-pRegions-00117",
    written_twice: "VUID-vkCmdCopyBuffer-pRegions-12482",
    protected: [
        "VUID-vkCmdCopyBuffer-commandBuffer-01822",
        "VUID-vkCmdCopyBuffer-commandBuffer-01823",
        "VUID-vkCmdCopyBuffer-commandBuffer-01824",
    ],
};

pub(super) const COPY_BUFFER_INFO: CopyIds = CopyIds {
    src: BufferRole {
        usage: TRANSFER_SRC,
        usage_vuid: "VUID-VkCopyBufferInfo2-srcBuffer-00118",
        bound_vuid: "VUID-VkCopyBufferInfo2-srcBuffer-00119",
    },
    dst: BufferRole {
        usage: TRANSFER_DST,
        usage_vuid: "VUID-VkCopyBufferInfo2-dstBuffer-00120",
        bound_vuid: "VUID-VkCopyBufferInfo2-dstBuffer-00121",
    },
    src_offset: "VUID-VkCopyBufferInfo2-srcOffset-00113",
    dst_offset: "VUID-VkCopyBufferInfo2-dstOffset-00114",
    src_size: "VUID-VkCopyBufferInfo2-size-00115",
    dst_size: "VUID-VkCopyBufferInfo2-size-00116",
    overlap: "VUID-VkCopyBufferInfo2-pRegions-00117",
    written_twice: "VUID-VkCopyBufferInfo2-pRegions-12482",
    protected: [
        "VUID-vkCmdCopyBuffer2-commandBuffer-01822",
        "VUID-vkCmdCopyBuffer2-commandBuffer-01823",
        "VUID-vkCmdCopyBuffer2-commandBuffer-01824",
    ],
};

/// The ids of a command that writes one buffer (vkCmdFillBuffer, vkCmdUpdateBuffer).
pub(super) struct WriteIds {
    pub dst: BufferRole,
    pub offset: &'static str,
    pub size: &'static str,
    /// The size parameter's name.
    pub size_name: &'static str,
}

pub(super) const FILL_BUFFER: WriteIds = WriteIds {
    dst: BufferRole {
        usage: TRANSFER_DST,
        usage_vuid: "VUID-vkCmdFillBuffer-dstBuffer-00029",
        bound_vuid: "VUID-vkCmdFillBuffer-dstBuffer-00031",
    },
    offset: "VUID-vkCmdFillBuffer-dstOffset-00024",
    size: "VUID-vkCmdFillBuffer-size-00027",
    size_name: "size",
};

pub(super) const UPDATE_BUFFER: WriteIds = WriteIds {
    dst: BufferRole {
        usage: TRANSFER_DST,
        usage_vuid: "VUID-vkCmdUpdateBuffer-dstBuffer-00034",
        bound_vuid: "VUID-vkCmdUpdateBuffer-dstBuffer-00035",
    },
    offset: "VUID-vkCmdUpdateBuffer-dstOffset-00032",
    size: "VUID-vkCmdUpdateBuffer-dataSize-00033",
    size_name: "dataSize",
};

/// The ids of an index buffer bind.
pub(super) struct IndexIds {
    pub buffer: BufferRole,
    pub offset: &'static str,
    /// The index data starts on a multiple of the index size in memory.
    pub aligned: &'static str,
}

pub(super) const BIND_INDEX_BUFFER: IndexIds = IndexIds {
    buffer: BufferRole {
        usage: INDEX,
        usage_vuid: "VUID-vkCmdBindIndexBuffer-buffer-08784",
        bound_vuid: "VUID-vkCmdBindIndexBuffer-buffer-08785",
    },
    offset: "VUID-vkCmdBindIndexBuffer-offset-08782",
    aligned: "VUID-vkCmdBindIndexBuffer-offset-08783",
};

/// The ids of a vertex buffer bind.
pub(super) struct VertexIds {
    pub buffers: BufferRole,
    /// The offset rule (vkCmdBindVertexBuffers2 has it only with sizes).
    pub offset: &'static str,
    /// vkCmdBindVertexBuffers2's size rule.
    pub size: Option<&'static str>,
}

pub(super) const BIND_VERTEX_BUFFERS: VertexIds = VertexIds {
    buffers: BufferRole {
        usage: VERTEX,
        usage_vuid: "VUID-vkCmdBindVertexBuffers-pBuffers-00627",
        bound_vuid: "VUID-vkCmdBindVertexBuffers-pBuffers-00628",
    },
    offset: "VUID-vkCmdBindVertexBuffers-pOffsets-00626",
    size: None,
};

pub(super) const BIND_VERTEX_BUFFERS2: VertexIds = VertexIds {
    buffers: BufferRole {
        usage: VERTEX,
        usage_vuid: "VUID-vkCmdBindVertexBuffers2-pBuffers-03359",
        bound_vuid: "VUID-vkCmdBindVertexBuffers2-pBuffers-03360",
    },
    offset: "VUID-vkCmdBindVertexBuffers2-pOffsets-03357",
    size: Some("VUID-vkCmdBindVertexBuffers2-pSizes-03358"),
};

/// What the range rules read of a buffer a command uses.
pub(super) struct Used {
    pub handle: u64,
    pub info: BufferInfo,
    /// Its memory, for a bound non-sparse buffer.
    binding: Option<MemoryBinding>,
}

/// One copy region: source offset, destination offset, size.
pub(super) type Region = (u64, u64, u64);

impl CoreChecks {
    /// `buffer`, named at `at`, in `role`: its usage and memory. What the range rules need, for
    /// a buffer whose creation was seen.
    pub(super) fn used_buffer(
        &self,
        cx: &Call<'_>,
        buffer: VkBuffer,
        role: &BufferRole,
        at: &Location<'_>,
        skip: &mut bool,
    ) -> Option<Used> {
        let record = self.record(cx, TYPES.buffer, buffer.as_raw())?;
        let state = record.buffer()?;
        let info = state.info()?;
        let h = buffer.as_raw();
        let (bit, name) = role.usage;
        if info.usage & u64::from(bit.0) == 0 {
            *skip |= cx.error(
                role.usage_vuid,
                at,
                format_args!("is {h:#x}, created with usage {:#x}, which lacks {name}.", info.usage),
            );
        }
        let binding = state.binding().cloned();
        if binding.is_none() && !state.sparse() {
            *skip |= cx.error(
                role.bound_vuid,
                at,
                format_args!("is {h:#x}, which is not sparse and not bound to memory: bind it before recording."),
            );
        }
        Some(Used { handle: h, info, binding })
    }

    /// `offset` (the member `offset_at`) is inside `buffer`, and so are `size` bytes from it
    /// (unless `VK_WHOLE_SIZE`), with `ids` (offset rule, size rule).
    #[allow(clippy::too_many_arguments)]
    fn inside(
        &self,
        cx: &Call<'_>,
        buffer: &Used,
        (offset, size): (u64, u64),
        (offset_at, size_at): (&Location<'_>, &Location<'_>),
        (offset_vuid, size_vuid): (&'static str, Option<&'static str>),
    ) -> bool {
        let (h, buffer_size) = (buffer.handle, buffer.info.size);
        if offset >= buffer_size {
            return cx.error(
                offset_vuid,
                offset_at,
                format_args!("is {offset}, not less than the size of VkBuffer {h:#x} ({buffer_size} bytes)."),
            );
        }
        match size_vuid {
            Some(vuid) if size != VK_WHOLE_SIZE && size > buffer_size - offset => cx.error(
                vuid,
                size_at,
                format_args!(
                    "is {size}, more than the {} bytes of VkBuffer {h:#x} ({buffer_size} bytes) from offset {offset}.",
                    buffer_size - offset
                ),
            ),
            _ => false,
        }
    }

    /// vkCmdCopyBuffer and `VkCopyBufferInfo2`: the buffers, each region inside both, and no
    /// byte of memory both read and written.
    pub(super) fn copy_buffer<T>(
        &self,
        cx: &Call<'_>,
        ids: &CopyIds,
        (cb, src, dst): (u64, VkBuffer, VkBuffer),
        (regions, region): (&[T], fn(&T) -> Region),
        m: &Members<'_>,
    ) -> bool {
        let mut skip = false;
        let src = self.used_buffer(cx, src, &ids.src, &m.get("srcBuffer"), &mut skip);
        let dst = self.used_buffer(cx, dst, &ids.dst, &m.get("dstBuffer"), &mut skip);
        if let (Some(s), Some(d)) = (&src, &dst) {
            skip |= self.protected_copy(cx, ids, cb, (s, d), m);
        }
        let list = m.get("pRegions");
        for (i, (src_offset, dst_offset, size)) in regions.iter().map(region).enumerate() {
            let at = list.index(i);
            let size_at = at.dot("size");
            if let Some(src) = &src {
                let offset_at = at.dot("srcOffset");
                skip |= self.inside(
                    cx,
                    src,
                    (src_offset, size),
                    (&offset_at, &size_at),
                    (ids.src_offset, Some(ids.src_size)),
                );
            }
            if let Some(dst) = &dst {
                let offset_at = at.dot("dstOffset");
                skip |= self.inside(
                    cx,
                    dst,
                    (dst_offset, size),
                    (&offset_at, &size_at),
                    (ids.dst_offset, Some(ids.dst_size)),
                );
            }
        }
        if let (Some(Used { binding: Some(s), .. }), Some(Used { binding: Some(d), .. })) = (&src, &dst) {
            skip |= copy_overlap(cx, ids.overlap, (s, d), (regions, region), &list);
        }
        skip | written_twice(cx, ids.written_twice, (regions, region), &list)
    }

    /// A copy between buffers `src` and `dst` recorded in command buffer `cb`: without
    /// protectedNoFault, protected buffers only in protected command buffers and unprotected
    /// destinations only in unprotected ones. True to skip the call.
    fn protected_copy(
        &self,
        cx: &Call<'_>,
        ids: &CopyIds,
        cb: u64,
        (src, dst): (&Used, &Used),
        m: &Members<'_>,
    ) -> bool {
        const PROTECTED: u32 = VkBufferCreateFlags::VK_BUFFER_CREATE_PROTECTED_BIT.0;
        let (src_protected, dst_protected) = (src.info.flags.0 & PROTECTED != 0, dst.info.flags.0 & PROTECTED != 0);
        // Every buffer is unprotected on a device without protected memory: the common case
        // looks at the command buffer only when a buffer is protected or the device has it.
        let may_be_protected = src_protected
            || dst_protected
            || cx.device().is_some_and(|d| d.features.contains(vigil_generated::features::Feature::PROTECTED_MEMORY));
        if !may_be_protected || self.protected_no_fault {
            return false;
        }
        let protected_cb = self.protected_command_buffer(cx, cb);
        let rules = [
            (
                !protected_cb && src_protected,
                ids.protected[0],
                "srcBuffer",
                src,
                "a protected buffer",
                "an unprotected",
            ),
            (
                !protected_cb && dst_protected,
                ids.protected[1],
                "dstBuffer",
                dst,
                "a protected buffer",
                "an unprotected",
            ),
            (
                protected_cb && !dst_protected,
                ids.protected[2],
                "dstBuffer",
                dst,
                "an unprotected buffer",
                "a protected",
            ),
        ];
        let mut skip = false;
        for (broken, vuid, member, used, what, kind) in rules {
            if broken {
                skip |= cx.error(
                    vuid,
                    &m.get(member),
                    format_args!(
                        "is {:#x}, {what}, but command buffer {cb:#x} is {kind} command buffer and the device does \
                         not have protectedNoFault.",
                        used.handle
                    ),
                );
            }
        }
        skip
    }

    /// vkCmdFillBuffer and vkCmdUpdateBuffer: the buffer, and the range inside it.
    pub(super) fn write_buffer(
        &self,
        cx: &Call<'_>,
        ids: &WriteIds,
        dst: VkBuffer,
        (offset, size): (u64, u64),
    ) -> bool {
        let root = cx.location();
        let mut skip = false;
        let Some(dst) = self.used_buffer(cx, dst, &ids.dst, &root.dot("dstBuffer"), &mut skip) else { return skip };
        let (offset_at, size_at) = (root.dot("dstOffset"), root.dot(ids.size_name));
        skip | self.inside(cx, &dst, (offset, size), (&offset_at, &size_at), (ids.offset, Some(ids.size)))
    }

    /// vkCmdBindIndexBuffer.
    pub(super) fn bind_index_buffer(
        &self,
        cx: &Call<'_>,
        ids: &IndexIds,
        buffer: VkBuffer,
        offset: u64,
        index_type: VkIndexType,
    ) -> bool {
        let root = cx.location();
        let mut skip = false;
        // VK_NULL_HANDLE (maintenance6) is found by no lookup.
        let Some(b) = self.used_buffer(cx, buffer, &ids.buffer, &root.dot("buffer"), &mut skip) else { return skip };
        let offset_at = root.dot("offset");
        skip |= self.inside(cx, &b, (offset, VK_WHOLE_SIZE), (&offset_at, &offset_at), (ids.offset, None));
        let (Some(binding), Some((size, name))) = (&b.binding, index_size(index_type)) else { return skip };
        let start = binding.offset.wrapping_add(offset);
        if start.is_multiple_of(size) {
            return skip;
        }
        skip | cx.error(
            ids.aligned,
            &offset_at,
            format_args!(
                "is {offset}: VkBuffer {:#x} is bound at offset {} of VkDeviceMemory {:#x}, so the indices start at \
                 byte {start} of it, not a multiple of {size} (the size of {name}).",
                b.handle, binding.offset, binding.memory.key.handle
            ),
        )
    }

    /// vkCmdBindVertexBuffers and vkCmdBindVertexBuffers2 (`sizes`: empty when there are none,
    /// and then vkCmdBindVertexBuffers2 has no offset rule either).
    pub(super) fn bind_vertex_buffers(
        &self,
        cx: &Call<'_>,
        ids: &VertexIds,
        buffers: &[VkBuffer],
        offsets: &[u64],
        sizes: &[u64],
    ) -> bool {
        let root = cx.location();
        let (buffers_at, offsets_at, sizes_at) = (root.dot("pBuffers"), root.dot("pOffsets"), root.dot("pSizes"));
        let ranges = ids.size.is_none() || !sizes.is_empty();
        let mut skip = self.null_vertex_buffers(cx, buffers, offsets);
        for (i, (&buffer, &offset)) in buffers.iter().zip(offsets).enumerate() {
            let Some(b) = self.used_buffer(cx, buffer, &ids.buffers, &buffers_at.index(i), &mut skip) else { continue };
            if ranges {
                let size = sizes.get(i).copied().unwrap_or(VK_WHOLE_SIZE);
                let (offset_at, size_at) = (offsets_at.index(i), sizes_at.index(i));
                skip |= self.inside(cx, &b, (offset, size), (&offset_at, &size_at), (ids.offset, ids.size));
            }
        }
        skip
    }
}

/// The size in bytes of one index of `t`, with its name; `None` for a type without indices.
fn index_size(t: VkIndexType) -> Option<(u64, &'static str)> {
    match t {
        VkIndexType::VK_INDEX_TYPE_UINT16 => Some((2, "VK_INDEX_TYPE_UINT16")),
        VkIndexType::VK_INDEX_TYPE_UINT32 => Some((4, "VK_INDEX_TYPE_UINT32")),
        VkIndexType::VK_INDEX_TYPE_UINT8 => Some((1, "VK_INDEX_TYPE_UINT8")),
        _ => None,
    }
}

/// The first region whose destination bytes overlap an earlier region's, reported once (one
/// destination buffer: its offsets are enough).
fn written_twice<T>(
    cx: &Call<'_>,
    vuid: &'static str,
    (regions, region): (&[T], fn(&T) -> Region),
    list: &Location<'_>,
) -> bool {
    let span = |offset: u64, size: u64| (offset, offset.saturating_add(size));
    for (i, (_, dst_offset, size)) in regions.iter().map(region).enumerate() {
        let (a, b) = span(dst_offset, size);
        for (j, (_, earlier, size)) in regions[..i].iter().map(region).enumerate() {
            let (c, d) = span(earlier, size);
            if a < d && c < b {
                return cx.error(
                    vuid,
                    &list.index(i),
                    format_args!(
                        "writes bytes {a}..{b} of dstBuffer, and pRegions[{j}] writes bytes {c}..{d}: no byte may be \
                         written by two regions."
                    ),
                );
            }
        }
    }
    false
}

/// The first region whose source bytes overlap some region's destination bytes in memory (the
/// same buffer, or two bound to one memory object), reported once.
fn copy_overlap<T>(
    cx: &Call<'_>,
    vuid: &'static str,
    (src, dst): (&MemoryBinding, &MemoryBinding),
    (regions, region): (&[T], fn(&T) -> Region),
    list: &Location<'_>,
) -> bool {
    if !Arc::ptr_eq(&src.memory, &dst.memory) {
        return false;
    }
    let span = |base: u64, offset: u64, size: u64| {
        let start = base.saturating_add(offset);
        (start, start.saturating_add(size))
    };
    for (i, (src_offset, _, size)) in regions.iter().map(region).enumerate() {
        let (a, b) = span(src.offset, src_offset, size);
        for (j, (_, dst_offset, size)) in regions.iter().map(region).enumerate() {
            let (c, d) = span(dst.offset, dst_offset, size);
            if a < d && c < b {
                let memory = src.memory.key.handle;
                return cx.error(
                    vuid,
                    &list.index(i),
                    format_args!(
                        "reads bytes {a}..{b} of VkDeviceMemory {memory:#x}, and pRegions[{j}] writes bytes {c}..{d} \
                         of it: a copy's source and destination must not overlap."
                    ),
                );
            }
        }
    }
    false
}
