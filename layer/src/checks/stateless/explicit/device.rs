//! Instance and device creation.

use std::collections::HashSet;

use vigil_generated::*;

use super::{chain, deref, elements, Findings};
use crate::chassis::Call;
use crate::checks::stateless::InstanceStateless;
use crate::report::Location;

/// `vkCreateInstance`: the application info.
pub(super) fn create_instance(cx: &Call<'_>, info: &VkInstanceCreateInfo) -> bool {
    // SAFETY: the application promises a valid application info when non-null.
    let Some(app) = (unsafe { deref(info.pApplicationInfo) }) else { return false };
    let v = app.apiVersion;
    if v == 0 || v >= make_api_version(0, 1, 0, 0) {
        return false;
    }
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let info_at = cmd.dot("pCreateInfo");
    let app_at = info_at.arrow("pApplicationInfo");
    f.error(
        "VUID-VkApplicationInfo-apiVersion-04010",
        &app_at.arrow("apiVersion"),
        format_args!(
            "is {v:#x} (variant {}, {}.{}.{}), not 0 and less than VK_API_VERSION_1_0.",
            v >> 29,
            (v >> 22) & 0x7f,
            (v >> 12) & 0x3ff,
            v & 0xfff
        ),
    );
    f.skip
}

/// Feature structures that a Vulkan 1.x aggregate replaces, with the rule forbidding both.
const AGGREGATES: [(VkStructureType, &[VkStructureType], &str); 3] = {
    use VkStructureType as S;
    [
        (
            S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES,
            &[
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VARIABLE_POINTERS_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROTECTED_MEMORY_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SAMPLER_YCBCR_CONVERSION_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES,
            ],
            "VUID-VkDeviceCreateInfo-pNext-02829",
        ),
        (
            S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
            &[
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_8BIT_STORAGE_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DESCRIPTOR_INDEXING_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SCALAR_BLOCK_LAYOUT_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGELESS_FRAMEBUFFER_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_UNIFORM_BUFFER_STANDARD_LAYOUT_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SUBGROUP_EXTENDED_TYPES_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SEPARATE_DEPTH_STENCIL_LAYOUTS_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_HOST_QUERY_RESET_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES,
            ],
            "VUID-VkDeviceCreateInfo-pNext-02830",
        ),
        (
            S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
            &[
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_CREATION_CACHE_CONTROL_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIVATE_DATA_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_TERMINATE_INVOCATION_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TEXTURE_COMPRESSION_ASTC_HDR_FEATURES,
                S::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ZERO_INITIALIZE_WORKGROUP_MEMORY_FEATURES,
            ],
            "VUID-VkDeviceCreateInfo-pNext-06532",
        ),
    ]
};

/// `vkCreateDevice`: queue create infos against the physical device's queue families, and the
/// feature structures of the chain.
pub(super) fn create_device(
    checks: &InstanceStateless,
    cx: &Call<'_>,
    physical_device: VkPhysicalDevice,
    info: &VkDeviceCreateInfo,
) -> bool {
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let info_at = cmd.dot("pCreateInfo");
    queue_create_infos(checks, physical_device, info, &info_at, &mut f);

    // SAFETY: the application promises a valid pNext chain.
    let present: Vec<VkStructureType> = unsafe { chain(info.pNext) }.map(|h| h.sType).collect();
    let next_at = info_at.arrow("pNext");
    if !info.pEnabledFeatures.is_null()
        && present.contains(&VkStructureType::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2)
    {
        f.error(
            "VUID-VkDeviceCreateInfo-pNext-00373",
            &info_at.arrow("pEnabledFeatures"),
            format_args!("is not NULL, but the pNext chain includes VkPhysicalDeviceFeatures2."),
        );
    }
    for (aggregate, replaced, id) in AGGREGATES {
        if !present.contains(&aggregate) {
            continue;
        }
        for s in replaced.iter().filter(|s| present.contains(s)) {
            f.error(id, &next_at, format_args!("includes both {aggregate:?} and {s:?}, which it replaces."));
        }
    }
    f.skip
}

/// The queue create infos: unique families, within the physical device's families and their
/// queue counts, priorities in [0, 1].
fn queue_create_infos(
    checks: &InstanceStateless,
    physical_device: VkPhysicalDevice,
    info: &VkDeviceCreateInfo,
    info_at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    let mut families = Vec::new();
    if let Some(get) = checks.fns.get().and_then(|f| f.get_queue_family_properties) {
        let mut n = 0;
        // SAFETY: the next layer's function, called with the two-call idiom.
        unsafe { get(physical_device, &mut n, std::ptr::null_mut()) };
        families.resize(n as usize, VkQueueFamilyProperties::default());
        unsafe { get(physical_device, &mut n, families.as_mut_ptr()) };
        families.truncate(n as usize);
    }
    let queues_at = info_at.arrow("pQueueCreateInfos");
    let mut seen: HashSet<(u32, bool)> = HashSet::new();
    // SAFETY: the application promises queueCreateInfoCount elements.
    for (i, q) in unsafe { elements(info.pQueueCreateInfos, info.queueCreateInfoCount) }.iter().enumerate() {
        let at = queues_at.index(i);
        let family_at = at.dot("queueFamilyIndex");
        let protected = q.flags.contains(VkDeviceQueueCreateFlags::VK_DEVICE_QUEUE_CREATE_PROTECTED_BIT);
        if !seen.insert((q.queueFamilyIndex, protected)) {
            f.error(
                "VUID-VkDeviceCreateInfo-queueFamilyIndex-02802",
                &family_at,
                format_args!(
                    "is {}, already used by an earlier element with the same protected flag.",
                    q.queueFamilyIndex
                ),
            );
        }
        if !families.is_empty() {
            match families.get(q.queueFamilyIndex as usize) {
                None => f.error(
                    "VUID-VkDeviceQueueCreateInfo-queueFamilyIndex-00381",
                    &family_at,
                    format_args!(
                        "is {}, but the physical device has {} queue families.",
                        q.queueFamilyIndex,
                        families.len()
                    ),
                ),
                Some(family) if q.queueCount > family.queueCount => f.error(
                    "VUID-VkDeviceQueueCreateInfo-queueCount-00382",
                    &at.dot("queueCount"),
                    format_args!(
                        "is {}, but queue family {} has only {} queues.",
                        q.queueCount, q.queueFamilyIndex, family.queueCount
                    ),
                ),
                Some(_) => {}
            }
        }
        let priorities_at = at.dot("pQueuePriorities");
        // SAFETY: the application promises queueCount priorities.
        for (j, p) in unsafe { elements(q.pQueuePriorities, q.queueCount) }.iter().enumerate() {
            if !(0.0..=1.0).contains(p) {
                f.error(
                    "VUID-VkDeviceQueueCreateInfo-pQueuePriorities-00383",
                    &priorities_at.index(j),
                    format_args!("is {p}, outside [0.0, 1.0]."),
                );
            }
        }
    }
}
