//! Buffers and memory.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::Findings;
use super::{elements, find};
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

/// `vkAllocateMemory`.
pub(super) fn allocate_memory(checks: &DeviceStateless, cx: &Call<'_>, info: &VkMemoryAllocateInfo) -> bool {
    let count = checks.facts.memory_properties.memoryTypeCount;
    if info.memoryTypeIndex < count {
        return false;
    }
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("pAllocateInfo");
    f.error(
        "VUID-vkAllocateMemory-pAllocateInfo-01714",
        &at.arrow("memoryTypeIndex"),
        format_args!("is {}, but the device has {count} memory types.", info.memoryTypeIndex),
    );
    f.skip
}
