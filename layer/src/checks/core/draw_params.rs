//! The parameters of draw and dispatch commands, checked when they are recorded: an indirect
//! command's buffer (usage, bound to memory, its offset aligned, its records inside it, the
//! count and stride, multiDrawIndirect and maxDrawIndirectCount), a count buffer the same way,
//! vkCmdDispatchBase's base and group counts against maxComputeWorkGroupCount (and a nonzero
//! base only with a pipeline created for it), and the vertex buffers the bound graphics
//! pipeline's vertex shader reads, bound.
//!
//! Buffers are found through the recording's references first. What Vigil does not know is not
//! reported: a buffer whose creation it did not see, a pipeline whose vertex input it could not
//! follow (dynamic vertex input, libraries, shaders it could not reflect), a primary after
//! executing secondaries. The count a count buffer holds (`-countBuffer-02717`) is read by the
//! device: not checked. vkCmdDispatch's group counts are a stateless rule
//! (`stateless::dispatch`).

use vigil_generated::features::Feature;
use vigil_generated::{Handle as _, VkBuffer, VkFormat};

use super::command_table::{command_number, command_table};
use super::CoreChecks;
use crate::chassis::raw::{read_ptr, read_uint};
use crate::chassis::Call;
use crate::report::Location;
use crate::state::command_buffers::{Recording, RenderPassInstance};
use crate::state::draw_params::UNKNOWN_RANGE;
use crate::state::memory::BufferInfo;
use crate::state::pipelines::PipelineInfo;
use crate::state::{key, TYPES};

/// `VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT`.
const INDIRECT: u64 = 0x100;

/// `VK_PIPELINE_CREATE_DISPATCH_BASE_BIT`.
const DISPATCH_BASE: u64 = 0x10;

/// The rules of the count and stride of an indirect draw with a `drawCount` parameter.
struct DrawCountIds {
    /// multiDrawIndirect not enabled: at most one draw.
    multi: &'static str,
    /// At most maxDrawIndirectCount.
    max: &'static str,
    /// More than one draw: the stride a multiple of 4 and at least the record's size.
    stride: &'static str,
    /// One draw: its record inside the buffer.
    one: &'static str,
    /// More than one: the last record inside the buffer.
    many: &'static str,
}

/// The rules of a count buffer and of maxDrawCount and the stride.
struct CountIds {
    /// Parameter index of countBuffer (countBufferOffset, maxDrawCount and stride follow).
    bound: &'static str,
    usage: &'static str,
    offset: &'static str,
    /// The count inside the count buffer.
    inside: &'static str,
    stride: &'static str,
    /// The last of maxDrawCount records inside the buffer.
    max_inside: &'static str,
}

/// How a command gives its number of records.
enum Shape {
    /// One `VkDispatchIndirectCommand`: the id of its record inside the buffer.
    Dispatch(&'static str),
    /// `drawCount` and `stride` parameters.
    Draws(DrawCountIds),
    /// A count buffer, `maxDrawCount` and `stride`; the id of the drawIndirectCount feature.
    Counted(CountIds, &'static str),
}

/// The ids of one indirect command's rules.
struct IndirectIds {
    command: &'static str,
    /// The buffer bound to memory unless sparse, with indirect usage; the offset aligned.
    bound: &'static str,
    usage: &'static str,
    offset: &'static str,
    /// The size of one record, and its type's name.
    record: (u64, &'static str),
    shape: Shape,
}

const DRAW: (u64, &str) = (16, "VkDrawIndirectCommand");
const DRAW_INDEXED: (u64, &str) = (20, "VkDrawIndexedIndirectCommand");
const DRAW_MESH_TASKS: (u64, &str) = (12, "VkDrawMeshTasksIndirectCommandEXT");

command_table!(
    /// `INDIRECT_IDS` by command number.
    static INDIRECTS: IndirectIds = INDIRECT_IDS, command
);
command_table!(
    /// `MULTI_DRAW_IDS` by command number.
    static MULTI_DRAWS: (&str, &str, u64, &str) = MULTI_DRAW_IDS, 0
);
command_table!(
    /// `VERTEX_BOUND_IDS` by command number.
    static VERTEX_BOUNDS: (&str, &str) = VERTEX_BOUND_IDS, 0
);

command_table!(
    /// `VERTEX_NULL_IDS` by command number.
    static VERTEX_NULLS: (&str, &str) = VERTEX_NULL_IDS, 0
);
command_table!(
    /// `FETCH_IDS` by command number.
    static FETCHES: (&str, &str, Draws) = FETCH_IDS, 0
);
command_table!(
    /// `MULTIVIEW_INSTANCE_IDS` by command number.
    static MULTIVIEW_INSTANCES: (&str, &str, Draws) = MULTIVIEW_INSTANCE_IDS, 0
);

/// vkCmdDispatchBase's command number (its base group rules are its own).
const DISPATCH_BASE_COMMAND: usize = command_number("vkCmdDispatchBase");
/// vkCmdDrawIndirectByteCountEXT's command number (its counter buffer rules are its own).
const BYTE_COUNT_COMMAND: usize = command_number("vkCmdDrawIndirectByteCountEXT");

/// Sorted by command.
const INDIRECT_IDS: [IndirectIds; 7] = [
    IndirectIds {
        command: "vkCmdDispatchIndirect",
        bound: "VUID-vkCmdDispatchIndirect-buffer-02708",
        usage: "VUID-vkCmdDispatchIndirect-buffer-02709",
        offset: "VUID-vkCmdDispatchIndirect-offset-02710",
        record: (12, "VkDispatchIndirectCommand"),
        shape: Shape::Dispatch("VUID-vkCmdDispatchIndirect-offset-00407"),
    },
    IndirectIds {
        command: "vkCmdDrawIndexedIndirect",
        bound: "VUID-vkCmdDrawIndexedIndirect-buffer-02708",
        usage: "VUID-vkCmdDrawIndexedIndirect-buffer-02709",
        offset: "VUID-vkCmdDrawIndexedIndirect-offset-02710",
        record: DRAW_INDEXED,
        shape: Shape::Draws(DrawCountIds {
            multi: "VUID-vkCmdDrawIndexedIndirect-drawCount-02718",
            max: "VUID-vkCmdDrawIndexedIndirect-drawCount-02719",
            stride: "VUID-vkCmdDrawIndexedIndirect-drawCount-00528",
            one: "VUID-vkCmdDrawIndexedIndirect-drawCount-00539",
            many: "VUID-vkCmdDrawIndexedIndirect-drawCount-00540",
        }),
    },
    IndirectIds {
        command: "vkCmdDrawIndexedIndirectCount",
        bound: "VUID-vkCmdDrawIndexedIndirectCount-buffer-02708",
        usage: "VUID-vkCmdDrawIndexedIndirectCount-buffer-02709",
        offset: "VUID-vkCmdDrawIndexedIndirectCount-offset-02710",
        record: DRAW_INDEXED,
        shape: Shape::Counted(
            CountIds {
                bound: "VUID-vkCmdDrawIndexedIndirectCount-countBuffer-02714",
                usage: "VUID-vkCmdDrawIndexedIndirectCount-countBuffer-02715",
                offset: "VUID-vkCmdDrawIndexedIndirectCount-countBufferOffset-02716",
                inside: "VUID-vkCmdDrawIndexedIndirectCount-countBufferOffset-04129",
                stride: "VUID-vkCmdDrawIndexedIndirectCount-stride-03142",
                max_inside: "VUID-vkCmdDrawIndexedIndirectCount-maxDrawCount-03143",
            },
            "VUID-vkCmdDrawIndexedIndirectCount-None-04445",
        ),
    },
    IndirectIds {
        command: "vkCmdDrawIndirect",
        bound: "VUID-vkCmdDrawIndirect-buffer-02708",
        usage: "VUID-vkCmdDrawIndirect-buffer-02709",
        offset: "VUID-vkCmdDrawIndirect-offset-02710",
        record: DRAW,
        shape: Shape::Draws(DrawCountIds {
            multi: "VUID-vkCmdDrawIndirect-drawCount-02718",
            max: "VUID-vkCmdDrawIndirect-drawCount-02719",
            stride: "VUID-vkCmdDrawIndirect-drawCount-00476",
            one: "VUID-vkCmdDrawIndirect-drawCount-00487",
            many: "VUID-vkCmdDrawIndirect-drawCount-00488",
        }),
    },
    IndirectIds {
        command: "vkCmdDrawIndirectCount",
        bound: "VUID-vkCmdDrawIndirectCount-buffer-02708",
        usage: "VUID-vkCmdDrawIndirectCount-buffer-02709",
        offset: "VUID-vkCmdDrawIndirectCount-offset-02710",
        record: DRAW,
        shape: Shape::Counted(
            CountIds {
                bound: "VUID-vkCmdDrawIndirectCount-countBuffer-02714",
                usage: "VUID-vkCmdDrawIndirectCount-countBuffer-02715",
                offset: "VUID-vkCmdDrawIndirectCount-countBufferOffset-02716",
                inside: "VUID-vkCmdDrawIndirectCount-countBufferOffset-04129",
                stride: "VUID-vkCmdDrawIndirectCount-stride-03110",
                max_inside: "VUID-vkCmdDrawIndirectCount-maxDrawCount-03111",
            },
            "VUID-vkCmdDrawIndirectCount-None-04445",
        ),
    },
    IndirectIds {
        command: "vkCmdDrawMeshTasksIndirectCountEXT",
        bound: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-buffer-02708",
        usage: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-buffer-02709",
        offset: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-offset-02710",
        record: DRAW_MESH_TASKS,
        shape: Shape::Counted(
            CountIds {
                bound: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-countBuffer-02714",
                usage: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-countBuffer-02715",
                offset: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-countBufferOffset-02716",
                inside: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-countBufferOffset-04129",
                stride: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-stride-07096",
                max_inside: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-maxDrawCount-07097",
            },
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-04445",
        ),
    },
    IndirectIds {
        command: "vkCmdDrawMeshTasksIndirectEXT",
        bound: "VUID-vkCmdDrawMeshTasksIndirectEXT-buffer-02708",
        usage: "VUID-vkCmdDrawMeshTasksIndirectEXT-buffer-02709",
        offset: "VUID-vkCmdDrawMeshTasksIndirectEXT-offset-02710",
        record: DRAW_MESH_TASKS,
        shape: Shape::Draws(DrawCountIds {
            multi: "VUID-vkCmdDrawMeshTasksIndirectEXT-drawCount-02718",
            max: "VUID-vkCmdDrawMeshTasksIndirectEXT-drawCount-02719",
            stride: "VUID-vkCmdDrawMeshTasksIndirectEXT-drawCount-07088",
            one: "VUID-vkCmdDrawMeshTasksIndirectEXT-drawCount-07089",
            many: "VUID-vkCmdDrawMeshTasksIndirectEXT-drawCount-07090",
        }),
    },
];

/// vkCmdDispatchBase's ids, per axis: the base below the limit, the count within what is left.
const DISPATCH_BASE_IDS: [(&str, &str, &str, &str); 3] = [
    (
        "baseGroupX",
        "groupCountX",
        "VUID-vkCmdDispatchBase-baseGroupX-00421",
        "VUID-vkCmdDispatchBase-groupCountX-00424",
    ),
    (
        "baseGroupY",
        "groupCountY",
        "VUID-vkCmdDispatchBase-baseGroupX-00422",
        "VUID-vkCmdDispatchBase-groupCountY-00425",
    ),
    (
        "baseGroupZ",
        "groupCountZ",
        "VUID-vkCmdDispatchBase-baseGroupZ-00423",
        "VUID-vkCmdDispatchBase-groupCountZ-00426",
    ),
];

/// A nonzero base needs a pipeline created with `VK_PIPELINE_CREATE_DISPATCH_BASE_BIT`.
const DISPATCH_BASE_PIPELINE: &str = "VUID-vkCmdDispatchBase-baseGroupX-00427";

/// vkCmdDrawMultiEXT and vkCmdDrawMultiIndexedEXT, sorted: the stride rule's id, and the size
/// and name of one element of the draws' array.
const MULTI_DRAW_IDS: [(&str, &str, u64, &str); 2] = [
    ("vkCmdDrawMultiEXT", "VUID-vkCmdDrawMultiEXT-drawCount-09628", 8, "VkMultiDrawInfoEXT"),
    ("vkCmdDrawMultiIndexedEXT", "VUID-vkCmdDrawMultiIndexedEXT-drawCount-09629", 12, "VkMultiDrawIndexedInfoEXT"),
];

/// Per draw command whose bound graphics pipeline reads vertex buffers, sorted: the id of the
/// rule that every binding its vertex shader reads has a buffer bound.
const VERTEX_BOUND_IDS: [(&str, &str); 9] = [
    ("vkCmdDraw", "VUID-vkCmdDraw-None-04007"),
    ("vkCmdDrawIndexed", "VUID-vkCmdDrawIndexed-None-04007"),
    ("vkCmdDrawIndexedIndirect", "VUID-vkCmdDrawIndexedIndirect-None-04007"),
    ("vkCmdDrawIndexedIndirectCount", "VUID-vkCmdDrawIndexedIndirectCount-None-04007"),
    ("vkCmdDrawIndirect", "VUID-vkCmdDrawIndirect-None-04007"),
    ("vkCmdDrawIndirectByteCountEXT", "VUID-vkCmdDrawIndirectByteCountEXT-None-04007"),
    ("vkCmdDrawIndirectCount", "VUID-vkCmdDrawIndirectCount-None-04007"),
    ("vkCmdDrawMultiEXT", "VUID-vkCmdDrawMultiEXT-None-04007"),
    ("vkCmdDrawMultiIndexedEXT", "VUID-vkCmdDrawMultiIndexedEXT-None-04007"),
];

/// Per draw command whose bound graphics pipeline reads vertex buffers, sorted: the id of the
/// rule that no binding its vertex shader reads has VK_NULL_HANDLE bound without nullDescriptor.
const VERTEX_NULL_IDS: [(&str, &str); 15] = [
    ("vkCmdDraw", "VUID-vkCmdDraw-None-04008"),
    ("vkCmdDrawIndexed", "VUID-vkCmdDrawIndexed-None-04008"),
    ("vkCmdDrawIndexedIndirect", "VUID-vkCmdDrawIndexedIndirect-None-04008"),
    ("vkCmdDrawIndexedIndirect2KHR", "VUID-vkCmdDrawIndexedIndirect2KHR-None-04008"),
    ("vkCmdDrawIndexedIndirectCount", "VUID-vkCmdDrawIndexedIndirectCount-None-04008"),
    ("vkCmdDrawIndexedIndirectCount2KHR", "VUID-vkCmdDrawIndexedIndirectCount2KHR-None-04008"),
    ("vkCmdDrawIndirect", "VUID-vkCmdDrawIndirect-None-04008"),
    ("vkCmdDrawIndirect2KHR", "VUID-vkCmdDrawIndirect2KHR-None-04008"),
    ("vkCmdDrawIndirectByteCount2EXT", "VUID-vkCmdDrawIndirectByteCount2EXT-None-04008"),
    ("vkCmdDrawIndirectByteCountEXT", "VUID-vkCmdDrawIndirectByteCountEXT-None-04008"),
    ("vkCmdDrawIndirectCount", "VUID-vkCmdDrawIndirectCount-None-04008"),
    ("vkCmdDrawIndirectCount2KHR", "VUID-vkCmdDrawIndirectCount2KHR-None-04008"),
    ("vkCmdDrawMultiEXT", "VUID-vkCmdDrawMultiEXT-None-04008"),
    ("vkCmdDrawMultiIndexedEXT", "VUID-vkCmdDrawMultiIndexedEXT-None-04008"),
    ("vkCmdExecuteGeneratedCommandsNV", "VUID-vkCmdExecuteGeneratedCommandsNV-None-04008"),
];

/// How a direct draw command gives the vertices and instances it draws.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Draws {
    /// vkCmdDraw: vertexCount, instanceCount, firstVertex, firstInstance.
    Vertices,
    /// vkCmdDrawIndexed: indexCount, instanceCount, firstIndex, vertexOffset, firstInstance.
    Indexed,
    /// vkCmdDrawMultiEXT: drawCount, pVertexInfo, instanceCount, firstInstance, stride.
    Multi,
    /// vkCmdDrawMultiIndexedEXT: drawCount, pIndexInfo, instanceCount, firstInstance, stride.
    MultiIndexed,
}

/// The direct draws, sorted: the id of the rule that attribute data fetched lies inside its
/// vertex buffer's range, and how the command gives what it draws.
const FETCH_IDS: [(&str, &str, Draws); 4] = [
    ("vkCmdDraw", "VUID-vkCmdDraw-None-02721", Draws::Vertices),
    ("vkCmdDrawIndexed", "VUID-vkCmdDrawIndexed-None-02721", Draws::Indexed),
    ("vkCmdDrawMultiEXT", "VUID-vkCmdDrawMultiEXT-None-02721", Draws::Multi),
    ("vkCmdDrawMultiIndexedEXT", "VUID-vkCmdDrawMultiIndexedEXT-None-02721", Draws::MultiIndexed),
];

/// The direct draws, sorted: the id of the rule that, in a multiview render pass instance, the
/// last instance index is at most maxMultiviewInstanceIndex.
const MULTIVIEW_INSTANCE_IDS: [(&str, &str, Draws); 4] = [
    ("vkCmdDraw", "VUID-vkCmdDraw-maxMultiviewInstanceIndex-02688", Draws::Vertices),
    ("vkCmdDrawIndexed", "VUID-vkCmdDrawIndexed-maxMultiviewInstanceIndex-02688", Draws::Indexed),
    ("vkCmdDrawMultiEXT", "VUID-vkCmdDrawMultiEXT-maxMultiviewInstanceIndex-02688", Draws::Multi),
    ("vkCmdDrawMultiIndexedEXT", "VUID-vkCmdDrawMultiIndexedEXT-maxMultiviewInstanceIndex-02688", Draws::MultiIndexed),
];

/// vkCmdDrawIndirectByteCountEXT's ids: the transformFeedback feature, the counter buffer's
/// usage and memory, counterBufferOffset and counterOffset multiples of 4, vertexStride not 0
/// (its limit, a transform feedback property, is not checked), vertexStride a multiple of 4.
const BYTE_COUNT_IDS: [&str; 7] = [
    "VUID-vkCmdDrawIndirectByteCountEXT-transformFeedback-02287",
    "VUID-vkCmdDrawIndirectByteCountEXT-counterBuffer-04567",
    "VUID-vkCmdDrawIndirectByteCountEXT-counterBuffer-02290",
    "VUID-vkCmdDrawIndirectByteCountEXT-counterBufferOffset-04568",
    "VUID-vkCmdDrawIndirectByteCountEXT-counterOffset-09474",
    "VUID-vkCmdDrawIndirectByteCountEXT-vertexStride-02289",
    "VUID-vkCmdDrawIndirectByteCountEXT-vertexStride-09475",
];

/// vkCmdDrawMultiIndexedEXT's rule that the indices each draw reads lie inside the bound index
/// buffer's range.
const MULTI_INDICES_INSIDE: &str = "VUID-vkCmdDrawMultiIndexedEXT-robustBufferAccess2-08798";

/// Per vertex buffer bind command, sorted: the ids of a VK_NULL_HANDLE buffer without the
/// nullDescriptor feature, and of a VK_NULL_HANDLE buffer's offset other than zero.
const NULL_VERTEX_IDS: [(&str, &str, &str); 2] = [
    (
        "vkCmdBindVertexBuffers",
        "VUID-vkCmdBindVertexBuffers-pBuffers-04001",
        "VUID-vkCmdBindVertexBuffers-pBuffers-04002",
    ),
    (
        "vkCmdBindVertexBuffers2",
        "VUID-vkCmdBindVertexBuffers2-pBuffers-04111",
        "VUID-vkCmdBindVertexBuffers2-pBuffers-04112",
    ),
];

/// Reads parameter `i` of `cx` as an unsigned integer of `width` bytes.
///
/// # Safety
/// Parameter `i` of the call must be an integer (or handle) of at least `width` bytes.
unsafe fn param(cx: &Call<'_>, i: usize, width: u8) -> u64 {
    match cx.params.get(i) {
        // SAFETY: as the caller promises.
        Some(p) if !p.is_null() => unsafe { read_uint(*p, width) },
        _ => 0,
    }
}

impl CoreChecks {
    /// The parameters of a draw or dispatch command of `BOUND_PIPELINE_IDS`, with its recording
    /// `r` locked: true to skip the call. Nothing for commands without such rules.
    pub(super) fn draw_params(&self, cx: &Call<'_>, r: &Recording) -> bool {
        if let Some(RenderPassInstance::Rendering { view_mask, .. }) = r.instance {
            if view_mask != 0 && multiview_instances(cx) {
                return true;
            }
        }
        if cx.command == DISPATCH_BASE_COMMAND {
            return self.dispatch_base_counts(cx);
        }
        if cx.command == BYTE_COUNT_COMMAND {
            return self.byte_count(cx, r);
        }
        if let Some(&multi) = MULTI_DRAWS.get(cx) {
            let indexed = multi.2 == 12;
            return multi_draw_stride(cx, multi) | (indexed && multi_indices_inside(cx, r));
        }
        let Some(ids) = INDIRECTS.get(cx) else { return false };
        // SAFETY: every command of the table has its buffer and offset as parameters 1 and 2.
        let (buffer, offset) = unsafe { (param(cx, 1, 8), param(cx, 2, 8)) };
        let root = cx.location();
        let mut skip = false;
        if !offset.is_multiple_of(4) {
            skip |= cx.error(ids.offset, &root.dot("offset"), format_args!("is {offset}, not a multiple of 4."));
        }
        let size = self.indirect_buffer(cx, r, buffer, (ids.bound, ids.usage), &root.dot("buffer"), &mut skip);
        let (record, name) = ids.record;
        match &ids.shape {
            Shape::Dispatch(inside) => {
                if let Some(size) = size.filter(|&s| u128::from(offset) + u128::from(record) > u128::from(s)) {
                    skip |= cx.error(
                        inside,
                        &root.dot("offset"),
                        format_args!(
                            "is {offset}: a {name} ({record} bytes) from there ends past the {size} bytes of buffer \
                             {buffer:#x}."
                        ),
                    );
                }
            }
            Shape::Draws(d) => {
                // SAFETY: drawCount and stride are parameters 3 and 4, uint32_t.
                let (count, stride) = unsafe { (param(cx, 3, 4), param(cx, 4, 4)) };
                skip |= self.draw_count(cx, d, (count, stride), (offset, record, name), (buffer, size));
            }
            Shape::Counted(c, feature) => {
                let device = cx.device();
                let enabled = device.is_none_or(|f| {
                    f.features.contains(Feature::DRAW_INDIRECT_COUNT)
                        || f.extension_names.contains("VK_KHR_draw_indirect_count")
                        || f.extension_names.contains("VK_AMD_draw_indirect_count")
                });
                if !enabled {
                    skip |= cx.error(
                        feature,
                        &root,
                        format_args!("is recorded, but the drawIndirectCount feature is not enabled."),
                    );
                }
                // SAFETY: countBuffer, countBufferOffset, maxDrawCount and stride are parameters
                // 3 to 6 (a handle, a VkDeviceSize, two uint32_t).
                let (count_buffer, count_offset, max, stride) =
                    unsafe { (param(cx, 3, 8), param(cx, 4, 8), param(cx, 5, 4), param(cx, 6, 4)) };
                let at = root.dot("countBuffer");
                let count_size = self.indirect_buffer(cx, r, count_buffer, (c.bound, c.usage), &at, &mut skip);
                let offset_at = root.dot("countBufferOffset");
                if !count_offset.is_multiple_of(4) {
                    skip |= cx.error(c.offset, &offset_at, format_args!("is {count_offset}, not a multiple of 4."));
                }
                if let Some(s) = count_size.filter(|&s| u128::from(count_offset) + 4 > u128::from(s)) {
                    skip |= cx.error(
                        c.inside,
                        &offset_at,
                        format_args!(
                            "is {count_offset}: the 4-byte count from there ends past the {s} bytes of countBuffer \
                             {count_buffer:#x}."
                        ),
                    );
                }
                if !stride.is_multiple_of(4) || stride < record {
                    skip |= cx.error(
                        c.stride,
                        &root.dot("stride"),
                        format_args!("is {stride}: it must be a multiple of 4 and at least {record} (sizeof({name}))."),
                    );
                }
                if let (Some(s), true) = (size, max >= 1) {
                    let end = u128::from(stride) * u128::from(max - 1) + u128::from(offset) + u128::from(record);
                    if end > u128::from(s) {
                        skip |= cx.error(
                            c.max_inside,
                            &root.dot("maxDrawCount"),
                            format_args!(
                                "is {max}: with stride {stride} from offset {offset}, the last {name} ends at byte \
                                 {end}, past the {s} bytes of buffer {buffer:#x}."
                            ),
                        );
                    }
                }
            }
        }
        skip
    }

    /// vkCmdDrawIndirectByteCountEXT's feature, counter buffer, offsets and vertex stride.
    fn byte_count(&self, cx: &Call<'_>, r: &Recording) -> bool {
        let [feature, bound, usage, buffer_offset, counter_offset, stride_zero, stride_aligned] = BYTE_COUNT_IDS;
        let root = cx.location();
        let mut skip = false;
        if cx.device().is_some_and(|f| !f.features.contains(Feature::TRANSFORM_FEEDBACK)) {
            skip |= cx.error(
                feature,
                &root,
                format_args!("is recorded, but the transformFeedback feature is not enabled."),
            );
        }
        // SAFETY: counterBuffer, counterBufferOffset, counterOffset and vertexStride are
        // parameters 3 to 6 (a handle, a VkDeviceSize, two uint32_t).
        let (buffer, offset, counter, stride) =
            unsafe { (param(cx, 3, 8), param(cx, 4, 8), param(cx, 5, 4), param(cx, 6, 4)) };
        self.indirect_buffer(cx, r, buffer, (bound, usage), &root.dot("counterBuffer"), &mut skip);
        let aligned = [
            (offset, "counterBufferOffset", buffer_offset),
            (counter, "counterOffset", counter_offset),
            (stride, "vertexStride", stride_aligned),
        ];
        for (value, name, vuid) in aligned.into_iter().filter(|(v, _, _)| !v.is_multiple_of(4)) {
            skip |= cx.error(vuid, &root.dot(name), format_args!("is {value}, not a multiple of 4."));
        }
        if stride == 0 {
            skip |= cx.error(stride_zero, &root.dot("vertexStride"), format_args!("is 0: it must be greater than 0."));
        }
        skip
    }

    /// An indirect or count buffer `h`, named at `at`: bound to memory unless sparse, created
    /// with indirect usage (`ids`: those two rules). Its size, when Vigil knows the buffer.
    fn indirect_buffer(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        h: u64,
        (bound, usage): (&'static str, &'static str),
        at: &Location<'_>,
        skip: &mut bool,
    ) -> Option<u64> {
        if h == 0 {
            return None;
        }
        let k = key(TYPES.buffer, h, self.device, self.instance);
        let (info, bound_or_sparse): (BufferInfo, bool) = r
            .references
            .with_record(k, |b| {
                let state = b.buffer()?;
                Some((state.info()?, state.binding().is_some() || state.sparse()))
            })
            .flatten()?;
        if info.usage & INDIRECT == 0 {
            *skip |= cx.error(
                usage,
                at,
                format_args!(
                    "is {h:#x}, created with usage {:#x}, which lacks VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT.",
                    info.usage
                ),
            );
        }
        if !bound_or_sparse {
            *skip |= cx.error(
                bound,
                at,
                format_args!("is {h:#x}, which is not sparse and not bound to memory: bind it before recording."),
            );
        }
        Some(info.size)
    }

    /// An indirect draw's `drawCount` and `stride`: the feature, the limit, the stride, and the
    /// records inside the buffer (of `size` bytes, when known).
    fn draw_count(
        &self,
        cx: &Call<'_>,
        ids: &DrawCountIds,
        (count, stride): (u64, u64),
        (offset, record, name): (u64, u64, &str),
        (buffer, size): (u64, Option<u64>),
    ) -> bool {
        let root = cx.location();
        let count_at = root.dot("drawCount");
        let mut skip = false;
        if let Some(device) = cx.device() {
            if count > 1 && !device.features.contains(Feature::MULTI_DRAW_INDIRECT) {
                skip |= cx.error(
                    ids.multi,
                    &count_at,
                    format_args!("is {count}, but the multiDrawIndirect feature is not enabled: it must be 0 or 1."),
                );
            }
            let max = device.limits.maxDrawIndirectCount;
            if count > u64::from(max) {
                skip |=
                    cx.error(ids.max, &count_at, format_args!("is {count}, more than maxDrawIndirectCount ({max})."));
            }
        }
        if count > 1 && (!stride.is_multiple_of(4) || stride < record) {
            skip |= cx.error(
                ids.stride,
                &root.dot("stride"),
                format_args!(
                    "is {stride}, with drawCount {count}: it must be a multiple of 4 and at least {record} \
                     (sizeof({name}))."
                ),
            );
        }
        let Some(size) = size else { return skip };
        if count == 1 && u128::from(offset) + u128::from(record) > u128::from(size) {
            skip |= cx.error(
                ids.one,
                &root.dot("offset"),
                format_args!(
                    "is {offset}: the {name} ({record} bytes) from there ends past the {size} bytes of buffer \
                     {buffer:#x}."
                ),
            );
        } else if count > 1 {
            let end = u128::from(stride) * u128::from(count - 1) + u128::from(offset) + u128::from(record);
            if end > u128::from(size) {
                skip |= cx.error(
                    ids.many,
                    &count_at,
                    format_args!(
                        "is {count}: with stride {stride} from offset {offset}, the last {name} ends at byte {end}, \
                         past the {size} bytes of buffer {buffer:#x}."
                    ),
                );
            }
        }
        skip
    }

    /// vkCmdBindVertexBuffers(2): a VK_NULL_HANDLE element of `buffers` only with the
    /// nullDescriptor feature, and at offset zero. True to skip the call.
    pub(super) fn null_vertex_buffers(&self, cx: &Call<'_>, buffers: &[VkBuffer], offsets: &[u64]) -> bool {
        let Ok(i) = NULL_VERTEX_IDS.binary_search_by_key(&cx.name(), |n| n.0) else { return false };
        let (_, null_vuid, offset_vuid) = NULL_VERTEX_IDS[i];
        let allowed = cx.device().is_none_or(|f| f.features.contains(Feature::NULL_DESCRIPTOR));
        let root = cx.location();
        let mut skip = false;
        for (i, (_, &offset)) in buffers.iter().zip(offsets).enumerate().filter(|(_, (b, _))| b.as_raw() == 0) {
            if !allowed {
                skip |= cx.error(
                    null_vuid,
                    &root.dot("pBuffers").index(i),
                    format_args!("is VK_NULL_HANDLE, and the nullDescriptor feature is not enabled."),
                );
            }
            if offset != 0 {
                skip |= cx.error(
                    offset_vuid,
                    &root.dot("pOffsets").index(i),
                    format_args!("is {offset}, but pBuffers[{i}] is VK_NULL_HANDLE: its offset must be 0."),
                );
            }
        }
        skip
    }

    /// vkCmdDispatchBase: each base below maxComputeWorkGroupCount, and each group count within
    /// what the base leaves of it.
    fn dispatch_base_counts(&self, cx: &Call<'_>) -> bool {
        let Some(device) = cx.device() else { return false };
        let max = device.limits.maxComputeWorkGroupCount;
        let root = cx.location();
        let mut skip = false;
        for (axis, (base_name, count_name, base_vuid, count_vuid)) in DISPATCH_BASE_IDS.into_iter().enumerate() {
            // SAFETY: the bases are parameters 1 to 3 and the counts 4 to 6, uint32_t.
            let (base, count) = unsafe { (param(cx, 1 + axis, 4) as u32, param(cx, 4 + axis, 4) as u32) };
            let limit = max[axis];
            if base >= limit {
                skip |= cx.error(
                    base_vuid,
                    &root.dot(base_name),
                    format_args!("is {base}, not less than maxComputeWorkGroupCount[{axis}] ({limit})."),
                );
            } else if count > limit - base {
                skip |= cx.error(
                    count_vuid,
                    &root.dot(count_name),
                    format_args!(
                        "is {count}, more than maxComputeWorkGroupCount[{axis}] ({limit}) minus {base_name} ({base}): \
                         {}.",
                        limit - base
                    ),
                );
            }
        }
        skip
    }

    /// The parameters that need the bound pipeline `info` (`pipeline` for messages; `cb`, the
    /// command buffer): vkCmdDispatchBase's nonzero base, and the vertex buffers a draw reads.
    /// True to skip the call.
    pub(super) fn pipeline_params(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        info: &PipelineInfo,
        (cb, pipeline): (u64, u64),
    ) -> bool {
        if cx.command == DISPATCH_BASE_COMMAND {
            // SAFETY: the bases are parameters 1 to 3, uint32_t.
            let bases = unsafe { [param(cx, 1, 4), param(cx, 2, 4), param(cx, 3, 4)] };
            if bases != [0; 3] && info.flags & DISPATCH_BASE == 0 {
                return cx.error(
                    DISPATCH_BASE_PIPELINE,
                    &cx.location(),
                    format_args!(
                        "has base group ({}, {}, {}), but the bound compute pipeline {pipeline:#x} was not created \
                         with VK_PIPELINE_CREATE_DISPATCH_BASE_BIT.",
                        bases[0], bases[1], bases[2]
                    ),
                );
            }
            return false;
        }
        let Some(&(_, vertex_bound_vuid)) = VERTEX_BOUNDS.get(cx) else { return false };
        if r.draw.unknown {
            return false;
        }
        // Bindings read with no buffer bound, or with VK_NULL_HANDLE: one test on the usual path.
        let read = info.vertex_bindings.unwrap_or(0);
        if read & (!r.draw.vertex_bound | r.draw.vertex_null) != 0 {
            if let Some(skip) = Self::vertex_bindings_missing(cx, r, read, (vertex_bound_vuid, cb, pipeline)) {
                return skip;
            }
        }
        self.vertices_inside(cx, r, info, pipeline)
    }

    /// The bindings `read` by the bound pipeline's vertex shader that have no vertex buffer
    /// bound (`-None-04007`, `vuid`), or VK_NULL_HANDLE without the nullDescriptor feature
    /// (`-None-04008`): `Some(skip)` when one was reported.
    #[cold]
    #[inline(never)]
    fn vertex_bindings_missing(
        cx: &Call<'_>,
        r: &Recording,
        read: u32,
        (vuid, cb, pipeline): (&'static str, u64, u64),
    ) -> Option<bool> {
        let missing = read & !r.draw.vertex_bound;
        if missing != 0 {
            return Some(cx.error(
                vuid,
                &cx.location(),
                format_args!(
                    "the bound graphics pipeline {pipeline:#x} reads vertex input binding {}, but no vertex buffer \
                     was bound to it in command buffer {cb:#x} (vkCmdBindVertexBuffers); bindings read without one: \
                     {missing:#x}.",
                    missing.trailing_zeros()
                ),
            ));
        }
        let null = read & r.draw.vertex_null;
        if cx.device().is_some_and(|d| d.features.contains(Feature::NULL_DESCRIPTOR)) {
            return None;
        }
        let &(_, vuid) = VERTEX_NULLS.get(cx)?;
        Some(cx.error(
            vuid,
            &cx.location(),
            format_args!(
                "the bound graphics pipeline {pipeline:#x} reads vertex input binding {}, to which VK_NULL_HANDLE was \
                 bound in command buffer {cb:#x}, and the nullDescriptor feature is not enabled; bindings read with a \
                 null buffer: {null:#x}.",
                null.trailing_zeros()
            ),
        ))
    }

    /// A direct draw without robustBufferAccess: each attribute the bound pipeline's vertex
    /// shader reads, fetched for the draw's vertices and instances, inside the range of its
    /// binding's vertex buffer. The vertices an indexed draw fetches depend on the indices: not
    /// checked. True to skip the call.
    fn vertices_inside(&self, cx: &Call<'_>, r: &Recording, info: &PipelineInfo, pipeline: u64) -> bool {
        let Some(&(_, vuid, draws)) = FETCHES.get(cx) else { return false };
        let (Some(fetches), Some(device)) = (info.vertex_fetches.as_ref(), cx.device()) else { return false };
        if device.features.contains(Feature::ROBUST_BUFFER_ACCESS) {
            return false;
        }
        let mut bound =
            fetches.iter().filter(|f| f.binding < 32 && r.draw.vertex_bound & 1 << f.binding != 0).peekable();
        // A pipeline that fetches nothing from a bound buffer (vertices made in the shader)
        // reads no draw parameter.
        if bound.peek().is_none() {
            return false;
        }
        let Some((last_vertex, last_instance)) = fetched(cx, draws) else { return false };
        for f in bound {
            let range = r.draw.vertex_ranges[f.binding as usize];
            let Some(format) = super::formats::format_info(VkFormat(f.format)) else { continue };
            let (last, what) = match (f.per_instance, last_vertex) {
                (true, _) => (last_instance, "instance"),
                (false, Some(v)) => (v, "vertex"),
                (false, None) => continue,
            };
            let end = u64::from(f.stride) * last + u64::from(f.offset) + u64::from(format.size);
            if range != UNKNOWN_RANGE && end > range {
                return cx.error(
                    vuid,
                    &cx.location(),
                    format_args!(
                        "fetches {what} {last} of vertex input binding {} (stride {}) for an attribute at offset {} \
                         of {} bytes: bytes up to {end} of the binding, but its vertex buffer is bound with {range} \
                         bytes (the bound graphics pipeline {pipeline:#x} was created without robust vertex input \
                         access, and robustBufferAccess is not enabled).",
                        f.binding, f.stride, f.offset, format.size
                    ),
                );
            }
        }
        false
    }
}

/// The last vertex (`None` for indexed draws: their indices say) and the last instance a direct
/// draw fetches; `None` when it draws nothing or its draws cannot be read.
fn fetched(cx: &Call<'_>, draws: Draws) -> Option<(Option<u64>, u64)> {
    // SAFETY: the parameters of each command as `Draws` lists them, all 32-bit.
    let p = |i| unsafe { param(cx, i, 4) };
    let (vertices, instances, first_instance) = match draws {
        Draws::Vertices => ((p(1) > 0).then(|| Some(p(3) + p(1) - 1)), p(2), p(4)),
        Draws::Indexed => ((p(1) > 0).then_some(None), p(2), p(5)),
        Draws::Multi | Draws::MultiIndexed => {
            let element = if draws == Draws::Multi { 8 } else { 12 };
            // The last vertex of the draws that draw any.
            let last = multi_draws(cx, element)?.filter(|&(_, n)| n > 0).map(|(first, n)| first + n - 1).max();
            let vertices = match draws {
                Draws::Multi => last.map(Some),
                _ => last.map(|_| None),
            };
            (vertices, p(3), p(4))
        }
    };
    let vertices = vertices?;
    (instances > 0).then(|| (vertices, first_instance + instances - 1))
}

/// A direct draw in a multiview vkCmdBeginRendering instance: its last instance index is at most
/// maxMultiviewInstanceIndex (`-02688`). True to skip the call. (A render pass object's subpass
/// view mask is not at hand at the draw: not followed there.)
#[cold]
#[inline(never)]
fn multiview_instances(cx: &Call<'_>) -> bool {
    let Some(&(_, vuid, draws)) = MULTIVIEW_INSTANCES.get(cx) else { return false };
    let Some(max) = cx.device().and_then(|d| d.spirv_properties.as_ref()).map(|p| p.vulkan11.maxMultiviewInstanceIndex)
    else {
        return false;
    };
    // SAFETY: the parameters of each command as `Draws` lists them, all 32-bit.
    let p = |i| unsafe { param(cx, i, 4) };
    let (instances, first) = match draws {
        Draws::Vertices => (p(2), p(4)),
        Draws::Indexed => (p(2), p(5)),
        Draws::Multi | Draws::MultiIndexed => (p(3), p(4)),
    };
    // A draw of no vertices, indices or draws runs no instance.
    if p(1) == 0 {
        return false;
    }
    let Some(last) = (first + instances).checked_sub(1).filter(|_| instances > 0) else { return false };
    if last <= u64::from(max) {
        return false;
    }
    cx.error(
        vuid,
        &cx.location(),
        format_args!(
            "draws instances {first} to {last} in a multiview render pass instance, past maxMultiviewInstanceIndex \
             ({max})."
        ),
    )
}

/// The (first, count) of each of a multi draw's `drawCount` elements (`element` bytes each,
/// `stride` apart): firstVertex and vertexCount, or firstIndex and indexCount. `None` when the
/// array cannot be read (a stride its rule rejects, a NULL pointer).
fn multi_draws(cx: &Call<'_>, element: u64) -> Option<impl Iterator<Item = (u64, u64)>> {
    // SAFETY: drawCount and stride are parameters 1 and 5 of both commands, uint32_t.
    let (count, stride) = unsafe { (param(cx, 1, 4), param(cx, 5, 4)) };
    if count > 1 && (!stride.is_multiple_of(4) || stride < element) {
        return None;
    }
    // SAFETY: parameter 2 is the array's pointer.
    let base = unsafe { read_ptr(*cx.params.get(2).filter(|p| !p.is_null())?) };
    if base.is_null() {
        return None;
    }
    Some((0..count).map(move |i| {
        // SAFETY: a valid call's array holds `drawCount` elements `stride` bytes apart, each
        // starting with two uint32_t.
        unsafe {
            let e = base.add((i * stride) as usize);
            (read_uint(e, 4), read_uint(e.add(4), 4))
        }
    }))
}

/// vkCmdDrawMultiIndexedEXT without robustBufferAccess2: the indices each draw reads inside
/// the bound index buffer's range. True to skip the call.
fn multi_indices_inside(cx: &Call<'_>, r: &Recording) -> bool {
    let robust2 = cx.device().is_none_or(|f| f.features.contains(Feature::ROBUST_BUFFER_ACCESS2));
    let (Some(index), false, false) = (r.draw.index, r.draw.unknown, robust2) else { return false };
    let (Some(range), Some(size)) = (index.range, index.index_size) else { return false };
    let Some(draws) = multi_draws(cx, 12) else { return false };
    for (i, (first, count)) in draws.enumerate().filter(|(_, (_, n))| *n > 0) {
        let needed = size * (first + count);
        if needed > range {
            return cx.error(
                MULTI_INDICES_INSIDE,
                &cx.location().dot("pIndexInfo").index(i),
                format_args!(
                    "reads indices {first} to {} ({needed} bytes), but the index buffer {:#x} is bound with {range} \
                     bytes.",
                    first + count,
                    index.buffer
                ),
            );
        }
    }
    false
}

/// vkCmdDrawMultiEXT and vkCmdDrawMultiIndexedEXT: with more than one draw, the stride a
/// multiple of 4 and at least one element's size. True to skip the call.
fn multi_draw_stride(cx: &Call<'_>, (_, vuid, element, name): (&str, &'static str, u64, &str)) -> bool {
    // SAFETY: drawCount is parameter 1 and stride parameter 5 of both commands, uint32_t.
    let (count, stride) = unsafe { (param(cx, 1, 4), param(cx, 5, 4)) };
    if count <= 1 || (stride.is_multiple_of(4) && stride >= element) {
        return false;
    }
    cx.error(
        vuid,
        &cx.location().dot("stride"),
        format_args!(
            "is {stride}, with drawCount {count}: it must be a multiple of 4 and at least {element} (sizeof({name}))."
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The registry's text of `vuid`.
    fn text(vuid: &str) -> &'static str {
        vigil_generated::SPEC_TEXT
            .lines()
            .find_map(|l| l.strip_prefix(vuid)?.strip_prefix('\t')?.split('\t').nth(1))
            .unwrap_or_else(|| panic!("{vuid} is not in the registry"))
    }

    fn check(vuid: &str, command: &str, words: &[&str]) {
        assert!(vuid.starts_with(&format!("VUID-{command}-")), "{vuid}");
        let t = text(vuid);
        for w in words {
            assert!(t.contains(w), "{vuid}: {t:?} lacks {w:?}");
        }
    }

    #[test]
    fn ids_are_sorted_and_say_what_is_checked() {
        assert!(INDIRECT_IDS.windows(2).all(|w| w[0].command < w[1].command));
        assert!(VERTEX_BOUND_IDS.windows(2).all(|w| w[0].0 < w[1].0));
        for d in &INDIRECT_IDS {
            let c = d.command;
            check(d.bound, c, &["non-sparse", "bound completely and contiguously"]);
            check(d.usage, c, &["VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT"]);
            check(d.offset, c, &["offset", "multiple of 4"]);
            match &d.shape {
                Shape::Dispatch(inside) => check(inside, c, &["offset", d.record.1, "size of"]),
                Shape::Draws(ids) => {
                    check(ids.multi, c, &["multiDrawIndirect", "0 or 1"]);
                    check(ids.max, c, &["maxDrawIndirectCount"]);
                    check(ids.stride, c, &["greater than 1", "multiple of 4", d.record.1]);
                    check(ids.one, c, &["equal to 1", d.record.1]);
                    check(ids.many, c, &["greater than 1", "drawCount - 1", d.record.1]);
                }
                Shape::Counted(ids, feature) => {
                    check(feature, c, &["drawIndirectCount", "not enabled"]);
                    check(ids.bound, c, &["countBuffer", "non-sparse"]);
                    check(ids.usage, c, &["countBuffer", "VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT"]);
                    check(ids.offset, c, &["countBufferOffset", "multiple of 4"]);
                    check(ids.inside, c, &["countBufferOffset", "sizeof(uint32_t)"]);
                    check(ids.stride, c, &["stride", "multiple of 4", d.record.1]);
                    check(ids.max_inside, c, &["maxDrawCount - 1", d.record.1]);
                }
            }
        }
        for (i, (base, count, base_vuid, count_vuid)) in DISPATCH_BASE_IDS.iter().enumerate() {
            check(base_vuid, "vkCmdDispatchBase", &[base, &format!("maxComputeWorkGroupCount[{i}]")]);
            check(count_vuid, "vkCmdDispatchBase", &[count, base, &format!("maxComputeWorkGroupCount[{i}]")]);
        }
        check(DISPATCH_BASE_PIPELINE, "vkCmdDispatchBase", &["VK_PIPELINE_CREATE_DISPATCH_BASE_BIT"]);
        for (c, vuid) in VERTEX_BOUND_IDS {
            check(vuid, c, &["vertex input bindings", "valid or VK_NULL_HANDLE buffers bound"]);
        }
        assert!(NULL_VERTEX_IDS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(MULTI_DRAW_IDS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(FETCH_IDS.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(MULTIVIEW_INSTANCE_IDS.windows(2).all(|w| w[0].0 < w[1].0));
        for (c, vuid, _) in MULTIVIEW_INSTANCE_IDS {
            check(vuid, c, &["multiview", "maxMultiviewInstanceIndex"]);
        }
        for (c, vuid, _) in FETCH_IDS {
            check(
                vuid,
                c,
                &["robustBufferAccess", "entirely contained within the corresponding vertex buffer binding"],
            );
        }
        let c = "vkCmdDrawIndirectByteCountEXT";
        check(BYTE_COUNT_IDS[0], c, &["transformFeedback", "must be enabled"]);
        check(BYTE_COUNT_IDS[1], c, &["counterBuffer", "non-sparse", "bound completely"]);
        check(BYTE_COUNT_IDS[2], c, &["counterBuffer", "VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT"]);
        check(BYTE_COUNT_IDS[3], c, &["counterBufferOffset", "multiple of 4"]);
        check(BYTE_COUNT_IDS[4], c, &["counterOffset", "multiple of 4"]);
        check(BYTE_COUNT_IDS[5], c, &["vertexStride", "greater than 0"]);
        check(BYTE_COUNT_IDS[6], c, &["vertexStride", "multiple of 4"]);
        check(MULTI_INDICES_INSIDE, "vkCmdDrawMultiIndexedEXT", &["robustBufferAccess2", "firstIndex + indexCount"]);
        for (c, vuid, _, name) in MULTI_DRAW_IDS {
            check(vuid, c, &["greater than 1", "multiple of 4", name]);
        }
        for (c, null, offset) in NULL_VERTEX_IDS {
            check(null, c, &["nullDescriptor", "pBuffers", "VK_NULL_HANDLE"]);
            check(offset, c, &["VK_NULL_HANDLE", "pOffsets", "zero"]);
        }
    }
}
