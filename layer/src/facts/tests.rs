//! The generated device facts: features from every place a create info can enable them, and
//! extensions with promotion.

use std::ffi::c_void;

use vigil_generated::features::{Extension, ExtensionSet, Feature, FeatureSet};
use vigil_generated::*;

#[test]
fn features_from_core_features2_and_aggregates() {
    let core = VkPhysicalDeviceFeatures { robustBufferAccess: VK_TRUE, ..Default::default() };
    let mut timeline = VkPhysicalDeviceTimelineSemaphoreFeatures { timelineSemaphore: VK_TRUE, ..Default::default() };
    let mut v13 = VkPhysicalDeviceVulkan13Features { synchronization2: VK_TRUE, ..Default::default() };
    v13.pNext = &mut timeline as *mut _ as *mut c_void;
    let info =
        VkDeviceCreateInfo { pEnabledFeatures: &core, pNext: &v13 as *const _ as *const c_void, ..Default::default() };
    let set = unsafe { FeatureSet::from_device_create_info(&info) };
    assert!(set.contains(Feature::ROBUST_BUFFER_ACCESS));
    assert!(set.contains(Feature::TIMELINE_SEMAPHORE));
    assert!(set.contains(Feature::SYNCHRONIZATION2));
    assert!(!set.contains(Feature::DYNAMIC_RENDERING));
    assert_eq!(set.iter().count(), 3);

    let mut f2 = VkPhysicalDeviceFeatures2::default();
    f2.features.geometryShader = VK_TRUE;
    let mut v12 = VkPhysicalDeviceVulkan12Features { timelineSemaphore: VK_TRUE, ..Default::default() };
    f2.pNext = &mut v12 as *mut _ as *mut c_void;
    let info = VkDeviceCreateInfo { pNext: &f2 as *const _ as *const c_void, ..Default::default() };
    let set = unsafe { FeatureSet::from_device_create_info(&info) };
    assert!(set.contains(Feature::GEOMETRY_SHADER) && set.contains(Feature::TIMELINE_SEMAPHORE));
    assert_eq!(Feature::by_name("timelineSemaphore"), Some(Feature::TIMELINE_SEMAPHORE));
}

#[test]
fn promoted_extensions_count_as_enabled() {
    let swapchain = c"VK_KHR_swapchain";
    let names = [swapchain.as_ptr()];
    let (set, unknown) = unsafe { ExtensionSet::enabled(names.as_ptr(), 1, make_api_version(0, 1, 2, 0)) };
    assert!(unknown.is_empty());
    let ext = |n| Extension::by_name(n).unwrap();
    assert!(set.contains(ext("VK_KHR_swapchain")));
    // Promoted to 1.2 and 1.1: enabled by the API version alone.
    assert!(set.contains(ext("VK_KHR_timeline_semaphore")));
    assert!(set.contains(ext("VK_KHR_maintenance1")));
    // Promoted to 1.3: not at 1.2.
    assert!(!set.contains(ext("VK_KHR_synchronization2")));
    let bogus = c"VK_VIGIL_no_such_extension";
    let (_, unknown) = unsafe { ExtensionSet::enabled([bogus.as_ptr()].as_ptr(), 1, 0) };
    assert_eq!(unknown, ["VK_VIGIL_no_such_extension"]);
}
