//! Device memory (the state is `state::memory`): allocating it (no more live allocations than
//! `maxMemoryAllocationCount`; a dedicated allocation's object not sparse, and held whole), binding
//! a buffer or image to it (once, never a sparse or a whole disjoint one, inside the allocation,
//! from a memory type the object allows, aligned, with room for the object, protected exactly when
//! the object is, exported or imported with a handle type the object was created with, allocated
//! for device addresses when the object needs them, and with dedicatedAllocationImageAliasing an
//! image created like the one the memory is dedicated to), mapping it (one mapping at a time,
//! host-visible memory, inside the allocation), unmapping it, flushing or invalidating ranges of
//! the mapping, and asking the commitment of lazily allocated memory only; a disjoint image's
//! requirements asked per plane, and no swapchain image destroyed with vkDestroyImage.
//!
//! What an object allows is what the driver says: the bind rules call
//! vkGetBufferMemoryRequirements or vkGetImageMemoryRequirements down the chain themselves, so an
//! application that never asked is checked too.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::{chain, chained};
use crate::chassis::Call;
use crate::report::Location;
use crate::state::images::ImageInfo;
use crate::state::memory::Allocation;
use crate::state::{ObjectRecord, Origin, OBJECTS, TYPES};

/// Where a call's members are: its parameters (`memory`), or a structure reached through a
/// pointer (`pMemoryMapInfo->memory`) or an array element (`pBindInfos[0].memory`).
pub(super) struct Members<'a> {
    pub at: &'a Location<'a>,
    pub pointer: bool,
}

impl<'a> Members<'a> {
    /// The member `name`.
    pub fn get(&self, name: &'static str) -> Location<'a> {
        if self.pointer {
            self.at.arrow(name)
        } else {
            self.at.dot(name)
        }
    }
}

/// The ids of the bind rules of one command or bind-info structure.
pub(super) struct BindIds {
    /// The object is not bound already.
    pub bound: &'static str,
    /// The object is not sparse.
    pub sparse: &'static str,
    /// The offset is inside the allocation.
    pub offset: &'static str,
    /// The allocation's memory type is one the object allows.
    pub memory_type: &'static str,
    /// Whether that rule leaves out memory from a tile memory heap (`VkBindImageMemoryInfo`'s
    /// does).
    pub memory_type_not_tile: bool,
    /// The offset is a multiple of the object's alignment.
    pub alignment: &'static str,
    /// The object fits between the offset and the allocation's end.
    pub size: &'static str,
    /// Memory dedicated to an object of this kind is bound to that object, at offset 0.
    pub dedicated: &'static str,
    /// Memory dedicated to an object of the other kind is not bound to this one.
    pub dedicated_other: &'static str,
    /// A buffer with device-address usage is bound to memory allocated for device addresses
    /// (buffers only).
    pub device_address: Option<&'static str>,
    /// A protected object is bound to protected memory.
    pub protected: &'static str,
    /// An unprotected object is bound to unprotected memory.
    pub unprotected: &'static str,
    /// A buffer created for descriptor buffer capture and replay is bound to memory allocated for
    /// device addresses (buffers only).
    pub descriptor_replay: Option<&'static str>,
    /// Exportable memory's handle types include one of the object's external handle types.
    pub export: &'static str,
    /// Imported memory's handle type is one of the object's external handle types.
    pub import: &'static str,
    /// The image is not disjoint (images only: `VkBindImageMemoryInfo`'s rule is that a disjoint
    /// image's bind names a plane, and binds that do are not checked here).
    pub disjoint: Option<&'static str>,
    /// With dedicatedAllocationImageAliasing, memory dedicated to an image is bound at offset 0
    /// to that image or one created like it, no larger (images only).
    pub aliasing: Option<&'static str>,
}

pub(super) const BIND_BUFFER: BindIds = BindIds {
    bound: "VUID-vkBindBufferMemory-buffer-07459",
    sparse: "VUID-vkBindBufferMemory-buffer-01030",
    offset: "VUID-vkBindBufferMemory-memoryOffset-01031",
    memory_type: "VUID-vkBindBufferMemory-memory-01035",
    memory_type_not_tile: false,
    alignment: "VUID-vkBindBufferMemory-None-10739",
    size: "VUID-vkBindBufferMemory-None-10741",
    dedicated: "VUID-vkBindBufferMemory-memory-01508",
    dedicated_other: "VUID-vkBindBufferMemory-memory-10925",
    device_address: Some("VUID-vkBindBufferMemory-bufferDeviceAddress-03339"),
    protected: "VUID-vkBindBufferMemory-None-01898",
    unprotected: "VUID-vkBindBufferMemory-None-01899",
    descriptor_replay: Some("VUID-vkBindBufferMemory-descriptorBufferCaptureReplay-08112"),
    export: "VUID-vkBindBufferMemory-memory-02726",
    import: "VUID-vkBindBufferMemory-memory-02985",
    disjoint: None,
    aliasing: None,
};

pub(super) const BIND_BUFFER_INFO: BindIds = BindIds {
    bound: "VUID-VkBindBufferMemoryInfo-buffer-07459",
    sparse: "VUID-VkBindBufferMemoryInfo-buffer-01030",
    offset: "VUID-VkBindBufferMemoryInfo-memoryOffset-01031",
    memory_type: "VUID-VkBindBufferMemoryInfo-memory-01035",
    memory_type_not_tile: false,
    alignment: "VUID-VkBindBufferMemoryInfo-None-10739",
    size: "VUID-VkBindBufferMemoryInfo-None-10741",
    dedicated: "VUID-VkBindBufferMemoryInfo-memory-01508",
    dedicated_other: "VUID-VkBindBufferMemoryInfo-memory-10925",
    device_address: Some("VUID-VkBindBufferMemoryInfo-bufferDeviceAddress-03339"),
    protected: "VUID-VkBindBufferMemoryInfo-None-01898",
    unprotected: "VUID-VkBindBufferMemoryInfo-None-01899",
    descriptor_replay: Some("VUID-VkBindBufferMemoryInfo-descriptorBufferCaptureReplay-08112"),
    export: "VUID-VkBindBufferMemoryInfo-memory-02726",
    import: "VUID-VkBindBufferMemoryInfo-memory-02985",
    disjoint: None,
    aliasing: None,
};

pub(super) const BIND_IMAGE: BindIds = BindIds {
    bound: "VUID-vkBindImageMemory-image-07460",
    sparse: "VUID-vkBindImageMemory-image-01045",
    offset: "VUID-vkBindImageMemory-memoryOffset-01046",
    memory_type: "VUID-vkBindImageMemory-memory-01047",
    memory_type_not_tile: false,
    alignment: "VUID-vkBindImageMemory-None-10735",
    size: "VUID-vkBindImageMemory-None-10737",
    dedicated: "VUID-vkBindImageMemory-memory-02628",
    dedicated_other: "VUID-vkBindImageMemory-memory-10926",
    device_address: None,
    protected: "VUID-vkBindImageMemory-None-01901",
    unprotected: "VUID-vkBindImageMemory-None-01902",
    descriptor_replay: None,
    export: "VUID-vkBindImageMemory-memory-02728",
    import: "VUID-vkBindImageMemory-memory-02989",
    disjoint: Some("VUID-vkBindImageMemory-image-01608"),
    aliasing: Some("VUID-vkBindImageMemory-memory-02629"),
};

/// Without a `VkBindImagePlaneMemoryInfo` (binds with one are not checked).
pub(super) const BIND_IMAGE_INFO: BindIds = BindIds {
    bound: "VUID-VkBindImageMemoryInfo-image-07460",
    sparse: "VUID-VkBindImageMemoryInfo-image-01045",
    offset: "VUID-VkBindImageMemoryInfo-memoryOffset-01046",
    memory_type: "VUID-VkBindImageMemoryInfo-pNext-01615",
    memory_type_not_tile: true,
    alignment: "VUID-VkBindImageMemoryInfo-pNext-01616",
    size: "VUID-VkBindImageMemoryInfo-pNext-01617",
    dedicated: "VUID-VkBindImageMemoryInfo-memory-02628",
    dedicated_other: "VUID-VkBindImageMemoryInfo-memory-10926",
    device_address: None,
    protected: "VUID-VkBindImageMemoryInfo-None-01901",
    unprotected: "VUID-VkBindImageMemoryInfo-None-01902",
    descriptor_replay: None,
    export: "VUID-VkBindImageMemoryInfo-memory-02728",
    import: "VUID-VkBindImageMemoryInfo-memory-02989",
    disjoint: Some("VUID-VkBindImageMemoryInfo-image-07736"),
    aliasing: Some("VUID-VkBindImageMemoryInfo-memory-02629"),
};

/// The ids of the map rules of vkMapMemory or `VkMemoryMapInfo`.
pub(super) struct MapIds {
    pub mapped: &'static str,
    pub offset: &'static str,
    pub size: &'static str,
    pub host_visible: &'static str,
}

pub(super) const MAP: MapIds = MapIds {
    mapped: "VUID-vkMapMemory-memory-00678",
    offset: "VUID-vkMapMemory-offset-00679",
    size: "VUID-vkMapMemory-size-00681",
    host_visible: "VUID-vkMapMemory-memory-00682",
};

pub(super) const MAP_INFO: MapIds = MapIds {
    mapped: "VUID-VkMemoryMapInfo-memory-07958",
    offset: "VUID-VkMemoryMapInfo-offset-07959",
    size: "VUID-VkMemoryMapInfo-size-07961",
    host_visible: "VUID-VkMemoryMapInfo-memory-07962",
};

/// Extensions whose images may not be asked for their requirements before they are bound.
const UNBOUND_QUERY_FORBIDDEN: [&str; 2] =
    ["VK_ANDROID_external_memory_android_hardware_buffer", "VK_QNX_external_memory_screen_buffer"];

/// A buffer or image being bound.
#[derive(Clone, Copy)]
pub(super) enum Bindable {
    Buffer(VkBuffer),
    Image(VkImage),
}

/// One bind: what is bound, to which memory, at which offset.
pub(super) type Bind = (Bindable, VkDeviceMemory, u64);

impl CoreChecks {
    /// vkBindBufferMemory or vkBindImageMemory.
    pub(super) fn bind_parameters(&self, cx: &Call<'_>, ids: &BindIds, (object, memory, offset): Bind) -> bool {
        let root = cx.location();
        self.bind_memory(cx, ids, object, memory, offset, &Members { at: &root, pointer: false })
    }

    /// vkBindBufferMemory2 or vkBindImageMemory2: each of `pBindInfos` that `bind` reads (`None`
    /// for one not checked).
    pub(super) fn bind_infos<T>(
        &self,
        cx: &Call<'_>,
        ids: &BindIds,
        infos: &[T],
        bind: impl Fn(&T) -> Option<Bind>,
    ) -> bool {
        let root = cx.location();
        let list = root.dot("pBindInfos");
        let mut skip = false;
        for (i, (object, memory, offset)) in infos.iter().enumerate().filter_map(|(i, b)| Some((i, bind(b)?))) {
            let at = list.index(i);
            skip |= self.bind_memory(cx, ids, object, memory, offset, &Members { at: &at, pointer: false });
        }
        skip
    }

    /// One bind of `object` to `memory` at `offset` (the members `buffer` or `image`, `memory`
    /// and `memoryOffset` of `m`).
    fn bind_memory(
        &self,
        cx: &Call<'_>,
        ids: &BindIds,
        object: Bindable,
        memory: VkDeviceMemory,
        offset: u64,
        m: &Members<'_>,
    ) -> bool {
        let (ty, h, name, kind) = match object {
            Bindable::Buffer(b) => (TYPES.buffer, b.as_raw(), "buffer", "VkBuffer"),
            Bindable::Image(i) => (TYPES.image, i.as_raw(), "image", "VkImage"),
        };
        let Some(record) = self.get(ty, h) else { return false };
        let (binding, sparse, disjoint, usage) = match (record.buffer(), record.image()) {
            (Some(b), _) => (b.binding().cloned(), b.sparse(), false, b.info().map_or(0, |i| i.usage)),
            (_, Some(i)) => {
                let disjoint = VkImageCreateFlags::VK_IMAGE_CREATE_DISJOINT_BIT;
                (i.binding().cloned(), i.sparse(), i.create_flags().is_some_and(|f| f.contains(disjoint)), 0)
            }
            _ => return false,
        };
        let mut skip = false;
        if let (true, Some(vuid)) = (disjoint, ids.disjoint) {
            skip |= cx.error(
                vuid,
                &m.get(name),
                format_args!(
                    "is {h:#x}, which was created with VK_IMAGE_CREATE_DISJOINT_BIT: each plane is bound on its own, \
                     with a VkBindImagePlaneMemoryInfo in vkBindImageMemory2."
                ),
            );
        }
        if let Some(b) = binding {
            skip |= cx.error(
                ids.bound,
                &m.get(name),
                format_args!(
                    "is {h:#x}, which is already bound to VkDeviceMemory {:#x} at offset {}.",
                    b.memory.key.handle, b.offset
                ),
            );
        }
        if sparse {
            skip |= cx.error(
                ids.sparse,
                &m.get(name),
                format_args!(
                    "is {h:#x}, which was created with sparse binding flags: its memory is bound with \
                     vkQueueBindSparse."
                ),
            );
        }
        let Some(memory) = self.get(TYPES.device_memory, memory.as_raw()) else { return skip };
        let Some(allocation) = memory.device_memory().and_then(|s| s.allocation()) else { return skip };
        let what = Bound { kind, handle: h, memory: &memory, allocation };
        skip |= what.allocated_for(cx, ids, object, offset, usage, m);
        skip |= what.protection_and_handles(cx, ids, &record, m);
        skip |= self.aliased(cx, ids, object, &what, offset, m);
        if offset >= allocation.size {
            // Past the end, nothing fits: the size rule would only repeat it.
            return skip
                | cx.error(
                    ids.offset,
                    &m.get("memoryOffset"),
                    format_args!(
                        "is {offset}, not less than the size of VkDeviceMemory {:#x} ({} bytes).",
                        memory.key.handle, allocation.size
                    ),
                );
        }
        if sparse || disjoint {
            return skip;
        }
        let Some(facts) = cx.device() else { return skip };
        let requirements = match object {
            Bindable::Buffer(_) => facts.driver.buffer_memory_requirements(h),
            Bindable::Image(_) if UNBOUND_QUERY_FORBIDDEN.iter().any(|e| facts.extension_names.contains(*e)) => None,
            Bindable::Image(_) => facts.driver.image_memory_requirements(h),
        };
        let Some(r) = requirements else { return skip };
        skip | what.against(cx, ids, &r, offset, m)
    }
}

impl CoreChecks {
    /// With dedicatedAllocationImageAliasing, an image bound to memory dedicated to another
    /// image: at offset 0, and created as that image was, no larger (the dedicated image's
    /// creation is compared while it lives).
    fn aliased(
        &self,
        cx: &Call<'_>,
        ids: &BindIds,
        object: Bindable,
        what: &Bound<'_>,
        offset: u64,
        m: &Members<'_>,
    ) -> bool {
        let (Some(vuid), Bindable::Image(_), Some((dedicated, _))) = (ids.aliasing, object, what.allocation.dedicated)
        else {
            return false;
        };
        let aliasing = cx.device().is_some_and(|f| f.features.contains(Feature::DEDICATED_ALLOCATION_IMAGE_ALIASING));
        if !aliasing || dedicated == 0 {
            return false;
        }
        let (h, mem) = (what.handle, what.memory.key.handle);
        if offset != 0 {
            return cx.error(
                vuid,
                &m.get("memoryOffset"),
                format_args!("is {offset}, but VkDeviceMemory {mem:#x} is dedicated to VkImage {dedicated:#x}: images are bound to it at offset 0."),
            );
        }
        if dedicated == h {
            return false;
        }
        let info = |image: u64| self.get(TYPES.image, image).and_then(|r| r.image().and_then(|i| i.info().copied()));
        let (Some(mine), Some(theirs)) = (info(h), info(dedicated)) else { return false };
        let Some(why) = alias_difference(&mine, &theirs) else { return false };
        cx.error(
            vuid,
            &m.get("image"),
            format_args!(
                "is {h:#x}, but VkDeviceMemory {mem:#x} is dedicated to VkImage {dedicated:#x}, and the image bound to it \
                 is not created as that one was: {why}."
            ),
        )
    }
}

/// How `image` differs from `dedicated`, the image its memory is dedicated to, beyond a smaller
/// or equal extent and layer count; `None` when it does not.
fn alias_difference(image: &ImageInfo, dedicated: &ImageInfo) -> Option<String> {
    let (a, b) = (image, dedicated);
    let (e, f) = (a.extent, b.extent);
    if e.width > f.width || e.height > f.height || e.depth > f.depth {
        return Some(format!(
            "its extent ({}x{}x{}) is larger than {}x{}x{}",
            e.width, e.height, e.depth, f.width, f.height, f.depth
        ));
    }
    if a.layers > b.layers {
        return Some(format!("its arrayLayers ({}) is more than {}", a.layers, b.layers));
    }
    let differs = [
        ("imageType", a.ty.0 as u64, b.ty.0 as u64),
        ("format", a.format.0 as u64, b.format.0 as u64),
        ("mipLevels", a.levels.into(), b.levels.into()),
        ("samples", a.samples.into(), b.samples.into()),
        ("usage", a.usage.into(), b.usage.into()),
        ("flags", a.flags.0.into(), b.flags.0.into()),
        ("tiling", a.tiling as u64, b.tiling as u64),
        ("sharingMode", a.exclusive.into(), b.exclusive.into()),
        ("stencil usage", a.stencil_usage.map_or(u64::MAX, u64::from), b.stencil_usage.map_or(u64::MAX, u64::from)),
        ("external handle types", a.external.into(), b.external.into()),
    ];
    let (name, x, y) = differs.into_iter().find(|(_, x, y)| x != y)?;
    Some(format!("its {name} ({x:#x}) differs ({y:#x})"))
}

/// An object being bound, and the memory it is bound to.
struct Bound<'a> {
    kind: &'static str,
    handle: u64,
    memory: &'a ObjectRecord,
    allocation: Allocation,
}

impl Bound<'_> {
    /// The rules about what the memory was allocated for: an object it is dedicated to, device
    /// addresses. `usage`: a buffer's usage (0 for an image).
    fn allocated_for(
        &self,
        cx: &Call<'_>,
        ids: &BindIds,
        object: Bindable,
        offset: u64,
        usage: u64,
        m: &Members<'_>,
    ) -> bool {
        let (kind, h, mem, a) = (self.kind, self.handle, self.memory.key.handle, &self.allocation);
        let features = cx.device().map(|f| &f.features);
        let mut skip = false;
        if let Some((image, buffer)) = a.dedicated {
            let (mine, other, other_kind) = match object {
                Bindable::Buffer(_) => (buffer, image, "VkImage"),
                Bindable::Image(_) => (image, buffer, "VkBuffer"),
            };
            // With dedicatedAllocationImageAliasing, other images may alias the dedicated one
            // (another rule, not followed).
            let aliasing = matches!(object, Bindable::Image(_))
                && features.is_some_and(|f| f.contains(Feature::DEDICATED_ALLOCATION_IMAGE_ALIASING));
            if other != 0 {
                skip |= cx.error(
                    ids.dedicated_other,
                    &m.get("memory"),
                    format_args!(
                        "is {mem:#x}, allocated dedicated to {other_kind} {other:#x}: only that may be bound to it."
                    ),
                );
            } else if mine != 0 && mine != h && !aliasing {
                skip |= cx.error(
                    ids.dedicated,
                    &m.get("memory"),
                    format_args!("is {mem:#x}, allocated dedicated to {kind} {mine:#x}, not {h:#x}."),
                );
            } else if mine != 0 && offset != 0 && !aliasing {
                skip |= cx.error(
                    ids.dedicated,
                    &m.get("memoryOffset"),
                    format_args!("is {offset}, but VkDeviceMemory {mem:#x} is dedicated to {kind} {h:#x}: it is bound at offset 0."),
                );
            }
        }
        let address = u64::from(VkBufferUsageFlags::VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT.0);
        let enabled = features.is_some_and(|f| f.contains(Feature::BUFFER_DEVICE_ADDRESS));
        let allocated_for_addresses = a.flags.contains(VkMemoryAllocateFlags::VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT);
        if let (Some(vuid), true, true, false) =
            (ids.device_address, enabled, usage & address != 0, allocated_for_addresses)
        {
            skip |= cx.error(
                vuid,
                &m.get("memory"),
                format_args!(
                    "is {mem:#x}, allocated without VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT, but {kind} {h:#x} was created \
                     with VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT and the bufferDeviceAddress feature is enabled."
                ),
            );
        }
        skip
    }

    /// The rules about the object's protection and external handle types against the memory's.
    fn protection_and_handles(&self, cx: &Call<'_>, ids: &BindIds, record: &ObjectRecord, m: &Members<'_>) -> bool {
        let (kind, h, mem, a) = (self.kind, self.handle, self.memory.key.handle, &self.allocation);
        let (protected, external, descriptor_replay) = match (record.buffer(), record.image()) {
            (Some(b), _) => {
                let Some(i) = b.info() else { return false };
                let replay = VkBufferCreateFlags::VK_BUFFER_CREATE_DESCRIPTOR_BUFFER_CAPTURE_REPLAY_BIT_EXT;
                (
                    i.flags.contains(VkBufferCreateFlags::VK_BUFFER_CREATE_PROTECTED_BIT),
                    i.external,
                    i.flags.contains(replay),
                )
            }
            (_, Some(image)) => {
                let Some(i) = image.info() else { return false };
                (i.flags.contains(VkImageCreateFlags::VK_IMAGE_CREATE_PROTECTED_BIT), i.external, false)
            }
            _ => return false,
        };
        let mut skip = false;
        let protected_memory = a.properties.contains(VkMemoryPropertyFlags::VK_MEMORY_PROPERTY_PROTECTED_BIT);
        if protected && !protected_memory {
            skip |= cx.error(
                ids.protected,
                &m.get("memory"),
                format_args!(
                    "is {mem:#x}, allocated from memory type {}, which is not protected, but {kind} {h:#x} was created \
                     protected.",
                    a.type_index
                ),
            );
        } else if !protected && protected_memory {
            skip |= cx.error(
                ids.unprotected,
                &m.get("memory"),
                format_args!(
                    "is {mem:#x}, allocated from memory type {}, which is protected, but {kind} {h:#x} was not created \
                     protected.",
                    a.type_index
                ),
            );
        }
        let addresses = a.flags.contains(VkMemoryAllocateFlags::VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT);
        if let (Some(vuid), true, false) = (ids.descriptor_replay, descriptor_replay, addresses) {
            skip |= cx.error(
                vuid,
                &m.get("memory"),
                format_args!(
                    "is {mem:#x}, allocated without VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT, but {kind} {h:#x} was created \
                     with VK_BUFFER_CREATE_DESCRIPTOR_BUFFER_CAPTURE_REPLAY_BIT_EXT."
                ),
            );
        }
        if a.export != 0 && a.export & external == 0 {
            skip |= cx.error(
                ids.export,
                &m.get("memory"),
                format_args!(
                    "is {mem:#x}, allocated exportable as handle types {:#x}, none of which {kind} {h:#x} was created \
                     with (its external memory handle types are {external:#x}).",
                    a.export
                ),
            );
        }
        if a.import != 0 && a.import & external == 0 {
            skip |= cx.error(
                ids.import,
                &m.get("memory"),
                format_args!(
                    "is {mem:#x}, imported from a handle of type {:#x}, which {kind} {h:#x} was not created with (its \
                     external memory handle types are {external:#x}).",
                    a.import
                ),
            );
        }
        skip
    }

    /// The rules that compare the bind with the driver's requirements `r`.
    fn against(&self, cx: &Call<'_>, ids: &BindIds, r: &VkMemoryRequirements, offset: u64, m: &Members<'_>) -> bool {
        let (kind, h, mem, a) = (self.kind, self.handle, self.memory.key.handle, &self.allocation);
        let mut skip = false;
        // Tile memory heaps have requirements of their own (VkTileMemoryRequirementsQCOM): not
        // followed.
        let tile = a.heap.contains(VkMemoryHeapFlags::VK_MEMORY_HEAP_TILE_MEMORY_BIT_QCOM);
        let allowed = r.memoryTypeBits & 1u32.checked_shl(a.type_index).unwrap_or(0) != 0;
        let applies = !(tile && ids.memory_type_not_tile);
        if applies && !allowed {
            skip |= cx.error(
                ids.memory_type,
                &m.get("memory"),
                format_args!(
                    "is {mem:#x}, allocated from memory type {}, which is not in the memoryTypeBits ({:#b}) that \
                     vkGetBufferMemoryRequirements or vkGetImageMemoryRequirements reports for {kind} {h:#x}.",
                    a.type_index, r.memoryTypeBits
                ),
            );
        }
        if tile {
            return skip;
        }
        if !offset.is_multiple_of(r.alignment) {
            skip |= cx.error(
                ids.alignment,
                &m.get("memoryOffset"),
                format_args!(
                    "is {offset}, not a multiple of the alignment {} that {kind} {h:#x} requires.",
                    r.alignment
                ),
            );
        }
        let room = a.size - offset;
        if r.size > room {
            skip |= cx.error(
                ids.size,
                &m.get("memoryOffset"),
                format_args!(
                    "is {offset}: {kind} {h:#x} requires {} bytes, but VkDeviceMemory {mem:#x} ({} bytes) has {room} \
                     from there.",
                    r.size, a.size
                ),
            );
        }
        skip
    }
}

impl CoreChecks {
    /// vkAllocateMemory: the device's live allocations against `maxMemoryAllocationCount`, a
    /// protected memory type against the `protectedMemory` feature, and the image or buffer a
    /// dedicated allocation is for (not sparse, not disjoint, and the allocation holds it as the
    /// driver reports its requirements).
    pub(super) fn allocate_memory(&self, cx: &Call<'_>, info: &VkMemoryAllocateInfo) -> bool {
        let root = cx.location();
        let Some(facts) = cx.device() else { return false };
        let mut skip = false;
        let limit = facts.limits.maxMemoryAllocationCount as usize;
        let live = OBJECTS.memory_allocations(self.device);
        if live >= limit {
            skip |= cx.error(
                "VUID-vkAllocateMemory-maxMemoryAllocationCount-04101",
                &root,
                format_args!(
                    "would make allocation {} of this device, but maxMemoryAllocationCount is {limit}: {live} are \
                     allocated and not freed.",
                    live + 1
                ),
            );
        }
        let protected = VkMemoryPropertyFlags::VK_MEMORY_PROPERTY_PROTECTED_BIT;
        let is_protected = facts.memory_type(info.memoryTypeIndex).is_some_and(|(p, _)| p.intersects(protected));
        if is_protected && !facts.features.contains(Feature::PROTECTED_MEMORY) {
            skip |= cx.error(
                "VUID-VkMemoryAllocateInfo-memoryTypeIndex-01872",
                &root.dot("pAllocateInfo").arrow("memoryTypeIndex"),
                format_args!(
                    "is {}, a memory type with VK_MEMORY_PROPERTY_PROTECTED_BIT, but the protectedMemory feature is \
                     not enabled.",
                    info.memoryTypeIndex
                ),
            );
        }
        let dedicated_ty = VkStructureType::VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO;
        // SAFETY: the application's allocate info and its pNext chain.
        let Some(d) = (unsafe { chained::<VkMemoryDedicatedAllocateInfo>(info.pNext, dedicated_ty) }) else {
            return skip;
        };
        let (image, buffer) = (d.image.as_raw(), d.buffer.as_raw());
        if image != 0 && buffer != 0 {
            // Stateless reports it (-image-01432): which object the memory is for is unclear.
            return skip;
        }
        // An import's size comes from the handle imported (and an Android or QNX buffer's has
        // rules of its own): the size rules are left out for every import.
        // SAFETY: as above.
        let imports = unsafe { chain(info.pNext) }.any(|h| h.sType.name().is_some_and(|n| n.contains("_IMPORT_")));
        let at = root.dot("pAllocateInfo");
        let next_at = at.arrow("pNext");
        let dedicated_at = next_at.chained("VkMemoryDedicatedAllocateInfo");
        let (kind, h, member, sparse_id, size_id) = match image {
            0 => (
                "VkBuffer",
                buffer,
                "buffer",
                "VUID-VkMemoryDedicatedAllocateInfo-buffer-01436",
                "VUID-VkMemoryDedicatedAllocateInfo-buffer-02965",
            ),
            _ => (
                "VkImage",
                image,
                "image",
                "VUID-VkMemoryDedicatedAllocateInfo-image-01434",
                "VUID-VkMemoryDedicatedAllocateInfo-image-02964",
            ),
        };
        let ty = if image != 0 { TYPES.image } else { TYPES.buffer };
        let Some(record) = self.record(cx, ty, h) else { return skip };
        let sparse = match (record.image(), record.buffer()) {
            (Some(i), _) => i.sparse(),
            (_, Some(b)) => b.sparse(),
            _ => return skip,
        };
        if sparse {
            return skip
                | cx.error(
                    sparse_id,
                    &dedicated_at.dot(member),
                    format_args!(
                        "is {h:#x}, created with sparse binding flags: memory cannot be dedicated to a sparse {kind}."
                    ),
                );
        }
        let disjoint = VkImageCreateFlags::VK_IMAGE_CREATE_DISJOINT_BIT;
        if record.image().and_then(|i| i.create_flags()).is_some_and(|f| f.intersects(disjoint)) {
            // Nor is its size judged: a disjoint image's requirements are per plane.
            return skip
                | cx.error(
                    "VUID-VkMemoryDedicatedAllocateInfo-image-01797",
                    &dedicated_at.dot(member),
                    format_args!(
                        "is {h:#x}, created with VK_IMAGE_CREATE_DISJOINT_BIT: memory cannot be dedicated to a \
                         disjoint image (bind each plane's memory instead)."
                    ),
                );
        }
        if imports {
            return skip;
        }
        let requirements = match image {
            0 => facts.driver.buffer_memory_requirements(h),
            _ if UNBOUND_QUERY_FORBIDDEN.iter().any(|e| facts.extension_names.contains(*e)) => None,
            _ => facts.driver.image_memory_requirements(h),
        };
        if let Some(r) = requirements.filter(|r| info.allocationSize < r.size) {
            skip |= cx.error(
                size_id,
                &at.arrow("allocationSize"),
                format_args!(
                    "is {}, less than the {} bytes {kind} {h:#x}, which the memory is dedicated to, requires.",
                    info.allocationSize, r.size
                ),
            );
        }
        skip
    }

    /// vkMapMemory or `VkMemoryMapInfo`: `size` bytes (or `VK_WHOLE_SIZE`) of `memory` from
    /// `offset`.
    pub(super) fn map_memory(
        &self,
        cx: &Call<'_>,
        ids: &MapIds,
        memory: VkDeviceMemory,
        (offset, size): (u64, u64),
        m: &Members<'_>,
    ) -> bool {
        let Some(record) = self.get(TYPES.device_memory, memory.as_raw()) else { return false };
        let Some(state) = record.device_memory() else { return false };
        let h = memory.as_raw();
        let mut skip = false;
        if let Some(mapping) = state.mapping() {
            skip |= cx.error(
                ids.mapped,
                &m.get("memory"),
                format_args!("is {h:#x}, which is already host mapped ({mapping}): unmap it first."),
            );
        }
        let Some(a) = state.allocation() else { return skip };
        if !a.properties.contains(VkMemoryPropertyFlags::VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) {
            skip |= cx.error(
                ids.host_visible,
                &m.get("memory"),
                format_args!(
                    "is {h:#x}, allocated from memory type {}, whose properties ({:#x}) lack \
                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT.",
                    a.type_index, a.properties.0
                ),
            );
        }
        if offset >= a.size {
            skip |= cx.error(
                ids.offset,
                &m.get("offset"),
                format_args!("is {offset}, not less than the size of VkDeviceMemory {h:#x} ({} bytes).", a.size),
            );
        } else if size != VK_WHOLE_SIZE && size > a.size - offset {
            skip |= cx.error(
                ids.size,
                &m.get("size"),
                format_args!(
                    "is {size}, more than the {} bytes of VkDeviceMemory {h:#x} ({} bytes) from offset {offset}.",
                    a.size - offset,
                    a.size
                ),
            );
        }
        skip
    }

    /// vkGetDeviceMemoryCommitment: `memory` is of a lazily allocated type.
    pub(super) fn memory_commitment(&self, cx: &Call<'_>, memory: VkDeviceMemory) -> bool {
        let Some(record) = self.record(cx, TYPES.device_memory, memory.as_raw()) else { return false };
        let Some(a) = record.device_memory().and_then(|s| s.allocation()) else { return false };
        if a.properties.contains(VkMemoryPropertyFlags::VK_MEMORY_PROPERTY_LAZILY_ALLOCATED_BIT) {
            return false;
        }
        let root = cx.location();
        cx.error(
            "VUID-vkGetDeviceMemoryCommitment-memory-00690",
            &root.dot("memory"),
            format_args!(
                "is {:#x}, allocated from memory type {}, whose properties ({:#x}) lack \
                 VK_MEMORY_PROPERTY_LAZILY_ALLOCATED_BIT: only lazily allocated memory has a commitment to ask for.",
                memory.as_raw(),
                a.type_index,
                a.properties.0
            ),
        )
    }

    /// vkUnmapMemory or `VkMemoryUnmapInfo`: `memory` is mapped.
    pub(super) fn unmap_memory(
        &self,
        cx: &Call<'_>,
        vuid: &'static str,
        memory: VkDeviceMemory,
        at: &Location<'_>,
    ) -> bool {
        let Some(record) = self.get(TYPES.device_memory, memory.as_raw()) else { return false };
        if record.device_memory().is_none_or(|s| s.mapping().is_some()) {
            return false;
        }
        cx.error(vuid, at, format_args!("is {:#x}, which is not host mapped.", memory.as_raw()))
    }

    /// vkFlushMappedMemoryRanges and vkInvalidateMappedMemoryRanges: each range inside its
    /// memory's mapping, in whole non-coherent atoms.
    pub(super) fn mapped_ranges(&self, cx: &Call<'_>, ranges: &[VkMappedMemoryRange]) -> bool {
        let atom = cx.device().map_or(1, |f| f.limits.nonCoherentAtomSize.max(1));
        let root = cx.location();
        let list = root.dot("pMemoryRanges");
        let mut skip = false;
        for (i, r) in ranges.iter().enumerate() {
            let Some(record) = self.get(TYPES.device_memory, r.memory.as_raw()) else { continue };
            let Some(state) = record.device_memory() else { continue };
            let at = list.index(i);
            let h = r.memory.as_raw();
            let Some(mapping) = state.mapping() else {
                skip |= cx.error(
                    "VUID-VkMappedMemoryRange-memory-00684",
                    &at.dot("memory"),
                    format_args!("is {h:#x}, which is not host mapped."),
                );
                continue;
            };
            let (offset, size) = (r.offset, r.size);
            if !offset.is_multiple_of(atom) {
                skip |= cx.error(
                    "VUID-VkMappedMemoryRange-offset-00687",
                    &at.dot("offset"),
                    format_args!("is {offset}, not a multiple of nonCoherentAtomSize ({atom})."),
                );
            }
            let memory_size = state.allocation().map(|a| a.size);
            if size == VK_WHOLE_SIZE {
                if offset < mapping.offset || offset >= mapping.end() {
                    skip |= cx.error(
                        "VUID-VkMappedMemoryRange-size-00686",
                        &at.dot("offset"),
                        format_args!("is {offset}, outside the mapping of VkDeviceMemory {h:#x} ({mapping})."),
                    );
                }
                let end = mapping.end();
                if !end.is_multiple_of(atom) && memory_size.is_some_and(|s| end != s) {
                    skip |= cx.error(
                        "VUID-VkMappedMemoryRange-size-01389",
                        &at.dot("size"),
                        format_args!(
                            "is VK_WHOLE_SIZE, but the mapping of VkDeviceMemory {h:#x} ({mapping}) ends at {end}, \
                             neither a multiple of nonCoherentAtomSize ({atom}) nor the end of the memory."
                        ),
                    );
                }
                continue;
            }
            let end = offset.checked_add(size);
            if offset < mapping.offset || end.is_none_or(|e| e > mapping.end()) {
                skip |= cx.error(
                    "VUID-VkMappedMemoryRange-size-00685",
                    &at.dot("size"),
                    format_args!(
                        "is {size}: the range from offset {offset} is not inside the mapping of VkDeviceMemory \
                         {h:#x} ({mapping})."
                    ),
                );
            }
            if !size.is_multiple_of(atom) && memory_size.is_some_and(|s| end != Some(s)) {
                skip |= cx.error(
                    "VUID-VkMappedMemoryRange-size-01390",
                    &at.dot("size"),
                    format_args!(
                        "is {size}, not a multiple of nonCoherentAtomSize ({atom}), and the range from offset \
                         {offset} does not end at the end of VkDeviceMemory {h:#x}."
                    ),
                );
            }
        }
        skip
    }
}

impl CoreChecks {
    /// vkGetImageMemoryRequirements, or vkGetImageMemoryRequirements2 (`plane`: whether its info
    /// chains a `VkImagePlaneMemoryRequirementsInfo`): a disjoint image's requirements are asked
    /// per plane.
    pub(super) fn image_requirements_asked(&self, cx: &Call<'_>, image: VkImage, plane: Option<bool>) -> bool {
        let Some(record) = self.record(cx, TYPES.image, image.as_raw()) else { return false };
        let disjoint = VkImageCreateFlags::VK_IMAGE_CREATE_DISJOINT_BIT;
        if !record.image().and_then(|i| i.create_flags()).is_some_and(|f| f.contains(disjoint)) {
            return false;
        }
        let root = cx.location();
        let h = image.as_raw();
        match plane {
            None => cx.error(
                "VUID-vkGetImageMemoryRequirements-image-01588",
                &root.dot("image"),
                format_args!(
                    "is {h:#x}, which was created with VK_IMAGE_CREATE_DISJOINT_BIT: ask each plane's requirements \
                     with vkGetImageMemoryRequirements2 and a VkImagePlaneMemoryRequirementsInfo."
                ),
            ),
            Some(false) => cx.error(
                "VUID-VkImageMemoryRequirementsInfo2-image-01589",
                &root.dot("pInfo").arrow("image"),
                format_args!(
                    "is {h:#x}, which was created with VK_IMAGE_CREATE_DISJOINT_BIT, but the pNext chain has no \
                     VkImagePlaneMemoryRequirementsInfo naming the plane asked for."
                ),
            ),
            Some(true) => false,
        }
    }

    /// vkDestroyImage: not of an image a swapchain owns.
    pub(super) fn image_destroyed(&self, cx: &Call<'_>, image: VkImage) -> bool {
        let Some(record) = self.record(cx, TYPES.image, image.as_raw()) else { return false };
        if record.origin != Origin::Retrieved {
            return false;
        }
        let root = cx.location();
        cx.error(
            "VUID-vkDestroyImage-image-04882",
            &root.dot("image"),
            format_args!(
                "is {:#x}, an image of a swapchain (from vkGetSwapchainImagesKHR): the swapchain owns it, and \
                 vkDestroySwapchainKHR destroys it.",
                image.as_raw()
            ),
        )
    }
}

impl CoreChecks {
    /// vkCreateBuffer of a descriptor buffer: with the device's live descriptor buffers of its
    /// kind, and with all of them, within the address spaces the device offers them.
    pub(super) fn descriptor_buffer_space(&self, cx: &Call<'_>, info: &VkBufferCreateInfo) -> bool {
        use VkBufferUsageFlags as U;
        let Some(p) = cx.device().and_then(|f| f.descriptor_buffer) else { return false };
        // SAFETY: the application's create info and its pNext chain.
        let usage = unsafe { crate::state::memory::buffer_usage(info) };
        let sampler = u64::from(U::VK_BUFFER_USAGE_SAMPLER_DESCRIPTOR_BUFFER_BIT_EXT.0);
        let resource = u64::from(U::VK_BUFFER_USAGE_RESOURCE_DESCRIPTOR_BUFFER_BIT_EXT.0);
        if usage & (sampler | resource) == 0 {
            return false;
        }
        // A walk of the device's objects, only when a descriptor buffer is created (rarely).
        let (mut samplers, mut resources, mut all) = (0u64, 0u64, 0u64);
        for r in OBJECTS.in_scope(self.device).iter().filter(|r| r.key.ty == TYPES.buffer) {
            let Some(i) = r.buffer().and_then(|b| b.info()) else { continue };
            let add = |total: &mut u64, bits: u64| {
                if i.usage & bits != 0 {
                    *total = total.saturating_add(i.size);
                }
            };
            add(&mut samplers, sampler);
            add(&mut resources, resource);
            add(&mut all, sampler | resource);
        }
        let rules = [
            (sampler, samplers, p.sampler_address_space, "sampler", "VUID-VkBufferCreateInfo-usage-08097"),
            (resource, resources, p.resource_address_space, "resource", "VUID-VkBufferCreateInfo-usage-08098"),
        ];
        let root = cx.location();
        let create_info = root.dot("pCreateInfo");
        let at = create_info.arrow("size");
        let size = info.size;
        let mut skip = false;
        for (_, total, space, kind, vuid) in rules.into_iter().filter(|r| usage & r.0 != 0) {
            if size.saturating_add(total) > space {
                skip |= cx.error(
                    vuid,
                    &at,
                    format_args!(
                        "is {size}: with the {total} bytes of the device's live {kind} descriptor buffers, more than \
                         {kind}DescriptorBufferAddressSpaceSize ({space})."
                    ),
                );
            } else if size.saturating_add(all) > p.address_space {
                skip |= cx.error(
                    vuid,
                    &at,
                    format_args!(
                        "is {size}: with the {all} bytes of the device's live descriptor buffers, more than \
                         descriptorBufferAddressSpaceSize ({}).",
                        p.address_space
                    ),
                );
            }
        }
        skip
    }
}
