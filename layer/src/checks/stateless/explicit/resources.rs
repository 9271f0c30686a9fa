//! Buffers and memory: buffer creation (size, sharing, sparse, protected and capture replay flags
//! against features and chained structures, `maxBufferSize`, video profiles, descriptor buffer
//! usages), memory allocation and mapping.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::capture_replay::{descriptor_capture_replay, CaptureReplay, NO_DESCRIPTOR_BUFFER_CAPTURE_REPLAY};
use super::sharing::{concurrent, SharingIds};
use super::Findings;
use super::{chain, elements, find};
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;

/// Sparse buffer flags and the feature each needs.
const SPARSE_BUFFER_FLAGS: [(VkBufferCreateFlags, Feature, &str, &str); 3] = [
    (
        VkBufferCreateFlags::VK_BUFFER_CREATE_SPARSE_BINDING_BIT,
        Feature::SPARSE_BINDING,
        "sparseBinding",
        "VUID-VkBufferCreateInfo-flags-00915",
    ),
    (
        VkBufferCreateFlags::VK_BUFFER_CREATE_SPARSE_RESIDENCY_BIT,
        Feature::SPARSE_RESIDENCY_BUFFER,
        "sparseResidencyBuffer",
        "VUID-VkBufferCreateInfo-flags-00916",
    ),
    (
        VkBufferCreateFlags::VK_BUFFER_CREATE_SPARSE_ALIASED_BIT,
        Feature::SPARSE_RESIDENCY_ALIASED,
        "sparseResidencyAliased",
        "VUID-VkBufferCreateInfo-flags-00917",
    ),
];

/// `vkCreateBuffer`.
pub(super) fn create_buffer(checks: &DeviceStateless, cx: &Call<'_>, info: &VkBufferCreateInfo) -> bool {
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("pCreateInfo");
    let features = &checks.facts.features;
    if info.size == 0 {
        f.error("VUID-VkBufferCreateInfo-size-00912", &at.arrow("size"), format_args!("is 0."));
    }
    let ids = SharingIds {
        null: "VUID-VkBufferCreateInfo-sharingMode-00913",
        count: "VUID-VkBufferCreateInfo-sharingMode-00914",
        index: "VUID-VkBufferCreateInfo-sharingMode-01419",
    };
    concurrent(checks, info.sharingMode, info.pQueueFamilyIndices, info.queueFamilyIndexCount, &ids, &at, &mut f);
    let flags = info.flags;
    let flags_at = at.arrow("flags");
    for (bit, feature, name, id) in SPARSE_BUFFER_FLAGS {
        if flags.contains(bit) && !features.contains(feature) {
            f.error(id, &flags_at, format_args!("is {:#x}, but the {name} feature is not enabled.", flags.0));
        }
    }
    let binding = VkBufferCreateFlags::VK_BUFFER_CREATE_SPARSE_BINDING_BIT;
    let residency_or_aliased = VkBufferCreateFlags::VK_BUFFER_CREATE_SPARSE_RESIDENCY_BIT
        | VkBufferCreateFlags::VK_BUFFER_CREATE_SPARSE_ALIASED_BIT;
    if flags.intersects(residency_or_aliased) && !flags.contains(binding) {
        f.error(
            "VUID-VkBufferCreateInfo-flags-00918",
            &flags_at,
            format_args!(
                "is {:#x}: sparse residency or aliasing without VK_BUFFER_CREATE_SPARSE_BINDING_BIT.",
                flags.0
            ),
        );
    }
    if flags.contains(VkBufferCreateFlags::VK_BUFFER_CREATE_PROTECTED_BIT)
        && !features.contains(Feature::PROTECTED_MEMORY)
    {
        f.error(
            "VUID-VkBufferCreateInfo-flags-01887",
            &flags_at,
            format_args!(
                "is {:#x}, with VK_BUFFER_CREATE_PROTECTED_BIT, but the protectedMemory feature is not enabled.",
                flags.0
            ),
        );
    }
    let capture_replay = VkBufferCreateFlags::VK_BUFFER_CREATE_DEVICE_ADDRESS_CAPTURE_REPLAY_BIT;
    if flags.contains(capture_replay) && !features.contains(Feature::BUFFER_DEVICE_ADDRESS_CAPTURE_REPLAY) {
        f.error(
            "VUID-VkBufferCreateInfo-flags-03338",
            &flags_at,
            format_args!(
                "is {:#x}, with VK_BUFFER_CREATE_DEVICE_ADDRESS_CAPTURE_REPLAY_BIT, but the \
                 bufferDeviceAddressCaptureReplay feature is not enabled.",
                flags.0
            ),
        );
    }
    let opaque_ty = VkStructureType::VK_STRUCTURE_TYPE_BUFFER_OPAQUE_CAPTURE_ADDRESS_CREATE_INFO;
    // SAFETY: the application promises a valid pNext chain.
    let opaque = unsafe { find::<VkBufferOpaqueCaptureAddressCreateInfo>(info.pNext, opaque_ty) };
    if let Some(opaque) = opaque.filter(|o| o.opaqueCaptureAddress != 0 && !flags.contains(capture_replay)) {
        let next_at = at.arrow("pNext");
        let chained = next_at.chained("VkBufferOpaqueCaptureAddressCreateInfo");
        f.error(
            "VUID-VkBufferCreateInfo-opaqueCaptureAddress-03337",
            &chained.dot("opaqueCaptureAddress"),
            format_args!(
                "is {:#x}, but flags ({:#x}) lacks VK_BUFFER_CREATE_DEVICE_ADDRESS_CAPTURE_REPLAY_BIT.",
                opaque.opaqueCaptureAddress, flags.0
            ),
        );
    }
    create_buffer_more(checks, &mut f, info);
    f.skip
}

/// The usage bits of video decoding and encoding, with the rule that asks for a profile of that
/// kind and the codec operations of that kind (`VkVideoCodecOperationFlagBitsKHR`: decode
/// operations in the low 16 bits, encode operations above).
const VIDEO_USAGES: [(u64, &str, &str, u32); 2] = [
    (
        VkBufferUsageFlags::VK_BUFFER_USAGE_VIDEO_DECODE_SRC_BIT_KHR.0 as u64
            | VkBufferUsageFlags::VK_BUFFER_USAGE_VIDEO_DECODE_DST_BIT_KHR.0 as u64,
        "decode",
        "VUID-VkBufferCreateInfo-usage-04813",
        0xffff,
    ),
    (
        VkBufferUsageFlags::VK_BUFFER_USAGE_VIDEO_ENCODE_SRC_BIT_KHR.0 as u64
            | VkBufferUsageFlags::VK_BUFFER_USAGE_VIDEO_ENCODE_DST_BIT_KHR.0 as u64,
        "encode",
        "VUID-VkBufferCreateInfo-usage-04814",
        0xffff_0000,
    ),
];

/// A buffer's or image's video usages, created without a profile-independent flag: the pNext
/// chain's `VkVideoProfileListInfoKHR` names a profile of each kind of use (`usages`: the usage
/// bits of a kind, its name, the rule's id and the codec operations of that kind).
///
/// # Safety
/// `next` must be a valid pNext chain (the application's promise).
pub(super) unsafe fn video_profiles(
    next: *const std::ffi::c_void,
    usage: u64,
    usages: &[(u64, &str, &'static str, u32)],
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    let ty = VkStructureType::VK_STRUCTURE_TYPE_VIDEO_PROFILE_LIST_INFO_KHR;
    // SAFETY: the structure the sType names, in the application's chain.
    let list = unsafe { find::<VkVideoProfileListInfoKHR>(next, ty) };
    // SAFETY: the list's counted profiles.
    let profiles = list.map_or(&[][..], |l| unsafe { elements(l.pProfiles, l.profileCount) });
    for &(bits, kind, id, operations) in usages {
        if usage & bits != 0 && !profiles.iter().any(|p| p.videoCodecOperation.0 & operations != 0) {
            f.error(
                id,
                &at.arrow("usage"),
                format_args!(
                    "is {usage:#x}, with video {kind} usage, without a profile-independent flag, but no \
                     VkVideoProfileListInfoKHR in the pNext chain names a {kind} profile."
                ),
            );
        }
    }
}

/// `vkCreateBuffer`, continued: sparse and protected flags together, capture replay structures
/// against their flags, concurrent sharing, `maxBufferSize`, video profiles and push descriptor
/// buffers.
fn create_buffer_more(checks: &DeviceStateless, f: &mut Findings<'_>, info: &VkBufferCreateInfo) {
    use VkBufferCreateFlags as F;
    use VkBufferUsageFlags as U;
    let cmd = f.cx.location();
    let at = cmd.dot("pCreateInfo");
    let next_at = at.arrow("pNext");
    let flags_at = at.arrow("flags");
    let facts = &checks.facts;
    let features = &facts.features;
    let flags = info.flags;
    let sparse = F::VK_BUFFER_CREATE_SPARSE_BINDING_BIT
        | F::VK_BUFFER_CREATE_SPARSE_RESIDENCY_BIT
        | F::VK_BUFFER_CREATE_SPARSE_ALIASED_BIT;
    if flags.intersects(sparse) && flags.contains(F::VK_BUFFER_CREATE_PROTECTED_BIT) {
        f.error(
            "VUID-VkBufferCreateInfo-None-01888",
            &flags_at,
            format_args!("is {:#x}: sparse binding flags with VK_BUFFER_CREATE_PROTECTED_BIT.", flags.0),
        );
    }
    let ty = VkStructureType::VK_STRUCTURE_TYPE_DEDICATED_ALLOCATION_BUFFER_CREATE_INFO_NV;
    // SAFETY: the application promises a valid pNext chain.
    let nv = unsafe { find::<VkDedicatedAllocationBufferCreateInfoNV>(info.pNext, ty) };
    if nv.is_some_and(|d| d.dedicatedAllocation != VK_FALSE) && flags.intersects(sparse) {
        f.error(
            "VUID-VkBufferCreateInfo-pNext-01571",
            &flags_at,
            format_args!(
                "is {:#x}, with sparse binding flags, but the chained VkDedicatedAllocationBufferCreateInfoNV's \
                 dedicatedAllocation is VK_TRUE.",
                flags.0
            ),
        );
    }
    let capture_replay = F::VK_BUFFER_CREATE_DEVICE_ADDRESS_CAPTURE_REPLAY_BIT;
    let ty = VkStructureType::VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_CREATE_INFO_EXT;
    // SAFETY: as above.
    let address = unsafe { find::<VkBufferDeviceAddressCreateInfoEXT>(info.pNext, ty) };
    if let Some(a) = address.filter(|a| a.deviceAddress != 0 && !flags.contains(capture_replay)) {
        f.error(
            "VUID-VkBufferCreateInfo-deviceAddress-02604",
            &next_at.chained("VkBufferDeviceAddressCreateInfoEXT").dot("deviceAddress"),
            format_args!(
                "is {:#x}, but flags ({:#x}) lacks VK_BUFFER_CREATE_DEVICE_ADDRESS_CAPTURE_REPLAY_BIT.",
                a.deviceAddress, flags.0
            ),
        );
    }
    let rule = CaptureReplay {
        bit: "VK_BUFFER_CREATE_DESCRIPTOR_BUFFER_CAPTURE_REPLAY_BIT_EXT",
        flag_id: "VUID-VkBufferCreateInfo-flags-08099",
        pnext_id: "VUID-VkBufferCreateInfo-pNext-08100",
    };
    let capture = flags.contains(F::VK_BUFFER_CREATE_DESCRIPTOR_BUFFER_CAPTURE_REPLAY_BIT_EXT);
    let missing =
        (!features.contains(Feature::DESCRIPTOR_BUFFER_CAPTURE_REPLAY)).then_some(NO_DESCRIPTOR_BUFFER_CAPTURE_REPLAY);
    // SAFETY: as above.
    unsafe { descriptor_capture_replay(&rule, (flags.0, capture), missing, info.pNext, &flags_at, f) };
    if let Some(max) = facts.max_buffer_size.filter(|&max| info.size > max) {
        f.error(
            "VUID-VkBufferCreateInfo-size-06409",
            &at.arrow("size"),
            format_args!("is {}, more than maxBufferSize ({max}).", info.size),
        );
    }
    // SAFETY: the application promises a valid pNext chain.
    let usage = unsafe { crate::state::memory::buffer_usage(info) };
    if !flags.contains(F::VK_BUFFER_CREATE_VIDEO_PROFILE_INDEPENDENT_BIT_KHR) {
        // SAFETY: as above.
        unsafe { video_profiles(info.pNext, usage, &VIDEO_USAGES, &at, f) };
    }
    let push = u64::from(U::VK_BUFFER_USAGE_PUSH_DESCRIPTORS_DESCRIPTOR_BUFFER_BIT_EXT.0);
    if usage & push == 0 {
        return;
    }
    let usage_at = at.arrow("usage");
    if !features.contains(Feature::DESCRIPTOR_BUFFER_PUSH_DESCRIPTORS) {
        f.error(
            "VUID-VkBufferCreateInfo-usage-08101",
            &usage_at,
            format_args!(
                "is {usage:#x}, with VK_BUFFER_USAGE_PUSH_DESCRIPTORS_DESCRIPTOR_BUFFER_BIT_EXT, but the \
                 descriptorBufferPushDescriptors feature is not enabled."
            ),
        );
    }
    if facts.descriptor_buffer.is_some_and(|d| d.bufferless_push_descriptors) {
        f.error(
            "VUID-VkBufferCreateInfo-usage-08102",
            &usage_at,
            format_args!(
                "is {usage:#x}, with VK_BUFFER_USAGE_PUSH_DESCRIPTORS_DESCRIPTOR_BUFFER_BIT_EXT, but the device's \
                 bufferlessPushDescriptors is VK_TRUE: push descriptors need no buffer there."
            ),
        );
    }
    let descriptors = u64::from(
        U::VK_BUFFER_USAGE_RESOURCE_DESCRIPTOR_BUFFER_BIT_EXT.0
            | U::VK_BUFFER_USAGE_SAMPLER_DESCRIPTOR_BUFFER_BIT_EXT.0,
    );
    if usage & descriptors == 0 {
        f.error(
            "VUID-VkBufferCreateInfo-usage-08103",
            &usage_at,
            format_args!(
                "is {usage:#x}, with VK_BUFFER_USAGE_PUSH_DESCRIPTORS_DESCRIPTOR_BUFFER_BIT_EXT but neither \
                 VK_BUFFER_USAGE_RESOURCE_DESCRIPTOR_BUFFER_BIT_EXT nor VK_BUFFER_USAGE_SAMPLER_DESCRIPTOR_BUFFER_BIT_EXT."
            ),
        );
    }
}

/// `vkAllocateMemory`: the memory type and its heap's size, a size for allocations that neither
/// import nor export, and the chained flags, device mask, capture address and dedicated object.
pub(super) fn allocate_memory(checks: &DeviceStateless, cx: &Call<'_>, info: &VkMemoryAllocateInfo) -> bool {
    use VkMemoryAllocateFlags as Flags;
    let facts = &checks.facts;
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("pAllocateInfo");
    let memory = &facts.memory_properties;
    let count = memory.memoryTypeCount;
    match memory.memoryTypes.get(info.memoryTypeIndex as usize).filter(|_| info.memoryTypeIndex < count) {
        None => f.error(
            "VUID-vkAllocateMemory-pAllocateInfo-01714",
            &at.arrow("memoryTypeIndex"),
            format_args!("is {}, but the device has {count} memory types.", info.memoryTypeIndex),
        ),
        Some(ty) => {
            let heap = memory.memoryHeaps.get(ty.heapIndex as usize).map_or(u64::MAX, |h| h.size);
            if info.allocationSize > heap {
                f.error(
                    "VUID-vkAllocateMemory-pAllocateInfo-01713",
                    &at.arrow("allocationSize"),
                    format_args!(
                        "is {}, more than the {heap} bytes of heap {} of memory type {}.",
                        info.allocationSize, ty.heapIndex, info.memoryTypeIndex
                    ),
                );
            }
        }
    }
    // SAFETY (all chain reads): the application promises a valid pNext chain.
    let imports_or_exports = unsafe { chain(info.pNext) }
        .any(|h| h.sType.name().is_some_and(|n| n.contains("_IMPORT_") || n.contains("_EXPORT_")));
    if info.allocationSize == 0 && !imports_or_exports {
        f.error(
            "VUID-VkMemoryAllocateInfo-allocationSize-07897",
            &at.arrow("allocationSize"),
            format_args!("is 0, and the allocation neither imports nor exports memory."),
        );
    }
    let next_at = at.arrow("pNext");
    let flags_ty = VkStructureType::VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO;
    let flags_info = unsafe { find::<VkMemoryAllocateFlagsInfo>(info.pNext, flags_ty) };
    let flags = flags_info.map_or(Flags::default(), |i| i.flags);
    if let Some(i) = flags_info {
        let flags_at = next_at.chained("VkMemoryAllocateFlagsInfo");
        if flags.contains(Flags::VK_MEMORY_ALLOCATE_DEVICE_MASK_BIT) {
            let devices = facts.physical_device_count;
            let valid = 1u64.checked_shl(devices).map_or(u64::MAX, |b| b - 1);
            if i.deviceMask == 0 {
                f.error(
                    "VUID-VkMemoryAllocateFlagsInfo-deviceMask-00676",
                    &flags_at.dot("deviceMask"),
                    format_args!("is 0, with VK_MEMORY_ALLOCATE_DEVICE_MASK_BIT in flags."),
                );
            } else if u64::from(i.deviceMask) & !valid != 0 {
                f.error(
                    "VUID-VkMemoryAllocateFlagsInfo-deviceMask-00675",
                    &flags_at.dot("deviceMask"),
                    format_args!(
                        "is {:#x}, with bits for physical devices the device does not have (it has {devices}).",
                        i.deviceMask
                    ),
                );
            }
        }
        let flag_rules = [
            (
                Flags::VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_CAPTURE_REPLAY_BIT,
                Feature::BUFFER_DEVICE_ADDRESS_CAPTURE_REPLAY,
                "VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_CAPTURE_REPLAY_BIT",
                "bufferDeviceAddressCaptureReplay",
                "VUID-VkMemoryAllocateInfo-flags-03330",
            ),
            (
                Flags::VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT,
                Feature::BUFFER_DEVICE_ADDRESS,
                "VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT",
                "bufferDeviceAddress",
                "VUID-VkMemoryAllocateInfo-flags-03331",
            ),
        ];
        for (bit, feature, bit_name, feature_name, id) in flag_rules {
            if flags.contains(bit) && !facts.features.contains(feature) {
                f.error(
                    id,
                    &flags_at.dot("flags"),
                    format_args!("is {:#x}, with {bit_name}, but the {feature_name} feature is not enabled.", flags.0),
                );
            }
        }
    }
    let opaque_ty = VkStructureType::VK_STRUCTURE_TYPE_MEMORY_OPAQUE_CAPTURE_ADDRESS_ALLOCATE_INFO;
    let opaque = unsafe { find::<VkMemoryOpaqueCaptureAddressAllocateInfo>(info.pNext, opaque_ty) };
    let replay = Flags::VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_CAPTURE_REPLAY_BIT;
    if let Some(o) = opaque.filter(|o| o.opaqueCaptureAddress != 0 && !flags.contains(replay)) {
        f.error(
            "VUID-VkMemoryAllocateInfo-opaqueCaptureAddress-03329",
            &next_at.chained("VkMemoryOpaqueCaptureAddressAllocateInfo").dot("opaqueCaptureAddress"),
            format_args!(
                "is {:#x}, but VkMemoryAllocateFlagsInfo::flags ({:#x}) lacks \
                 VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_CAPTURE_REPLAY_BIT.",
                o.opaqueCaptureAddress, flags.0
            ),
        );
    }
    let dedicated_ty = VkStructureType::VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO;
    let dedicated = unsafe { find::<VkMemoryDedicatedAllocateInfo>(info.pNext, dedicated_ty) };
    if let Some(d) = dedicated.filter(|d| d.image.as_raw() != 0 && d.buffer.as_raw() != 0) {
        f.error(
            "VUID-VkMemoryDedicatedAllocateInfo-image-01432",
            &next_at.chained("VkMemoryDedicatedAllocateInfo").dot("image"),
            format_args!(
                "is {:#x} and buffer is {:#x}: memory is dedicated to one object, so one of them must be \
                 VK_NULL_HANDLE.",
                d.image.as_raw(),
                d.buffer.as_raw()
            ),
        );
    }
    f.skip
}

/// `vkMapMemory` (`flags`) or `VkMemoryMapInfo` (`None`: its flags are checked elsewhere): a
/// size other than `VK_WHOLE_SIZE` is not 0, and vkMapMemory cannot place a mapping.
pub(super) fn map_memory(cx: &Call<'_>, size: u64, flags: Option<VkMemoryMapFlags>) -> bool {
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    if size == 0 {
        let info = cmd.dot("pMemoryMapInfo");
        let (id, at) = match flags {
            Some(_) => ("VUID-vkMapMemory-size-00680", cmd.dot("size")),
            None => ("VUID-VkMemoryMapInfo-size-07960", info.arrow("size")),
        };
        f.error(id, &at, format_args!("is 0: map VK_WHOLE_SIZE or at least one byte."));
    }
    if let Some(flags) = flags.filter(|f| f.contains(VkMemoryMapFlags::VK_MEMORY_MAP_PLACED_BIT_EXT)) {
        f.error(
            "VUID-vkMapMemory-flags-09568",
            &cmd.dot("flags"),
            format_args!(
                "is {:#x}, with VK_MEMORY_MAP_PLACED_BIT_EXT: placed mappings are made with vkMapMemory2 and a \
                 VkMemoryMapPlacedInfoEXT.",
                flags.0
            ),
        );
    }
    f.skip
}
