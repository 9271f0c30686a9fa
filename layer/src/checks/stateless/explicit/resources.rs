//! Buffers and memory.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::Findings;
use super::{chain, elements, find};
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;

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
    if info.sharingMode == VkSharingMode::VK_SHARING_MODE_CONCURRENT {
        if info.pQueueFamilyIndices.is_null() {
            f.error(
                "VUID-VkBufferCreateInfo-sharingMode-00913",
                &at.arrow("pQueueFamilyIndices"),
                format_args!("is NULL, but sharingMode is VK_SHARING_MODE_CONCURRENT."),
            );
        }
        // SAFETY: the application promises queueFamilyIndexCount indices.
        let indices = unsafe { elements(info.pQueueFamilyIndices, info.queueFamilyIndexCount) };
        let count = checks.facts.queue_family_count;
        let indices_at = at.arrow("pQueueFamilyIndices");
        for (i, &index) in indices.iter().enumerate() {
            if index >= count {
                f.error(
                    "VUID-VkBufferCreateInfo-sharingMode-01419",
                    &indices_at.index(i),
                    format_args!("is {index}, but the physical device has {count} queue families."),
                );
            } else if let Some(j) = indices[..i].iter().position(|&earlier| earlier == index) {
                f.error(
                    "VUID-VkBufferCreateInfo-sharingMode-01419",
                    &indices_at.index(i),
                    format_args!("is {index}, the same as pQueueFamilyIndices[{j}]."),
                );
            }
        }
    }
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
    f.skip
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
