//! Device facts: what the application enabled and what the device offers, gathered once when
//! the instance or device is created and read by every validation object. The feature and
//! extension sets themselves are generated (`vigil_generated::features`).

use std::collections::BTreeSet;
use std::ffi::{c_char, CStr};

use vigil_generated::*;

#[cfg(test)]
mod tests;

/// What a device enabled and offers, gathered once at device creation.
pub struct DeviceFacts {
    /// min(application apiVersion, physical device apiVersion).
    pub api_version: u32,
    /// The device's and the instance's enabled extensions, as named in their create infos
    /// (an extension's own commands need it enabled even where `api_version` includes its
    /// promotion).
    pub extensions: vigil_generated::features::ExtensionSet,
    /// The device extensions the application enabled, by name (promotion aside: some rules
    /// name the extension itself).
    pub extension_names: BTreeSet<String>,
    /// The instance's enabled extensions, by name.
    pub instance_extension_names: BTreeSet<String>,
    pub limits: VkPhysicalDeviceLimits,
    pub memory_type_count: u32,
    /// `pQueueFamilyPropertyCount` of the physical device.
    pub queue_family_count: u32,
    /// The features the device was created with.
    pub features: vigil_generated::features::FeatureSet,
    /// The physical device the device was created from, for format queries.
    pub physical_device: VkPhysicalDevice,
    /// The next layer's `vkGetPhysicalDeviceImageFormatProperties`: image creation limits.
    pub get_image_format_properties: Option<PFN_vkGetPhysicalDeviceImageFormatProperties>,
}

/// The pointers of a `count`-long string array (empty when null).
///
/// # Safety
/// `names` must point at `count` pointers, or be null.
pub unsafe fn name_list<'a>(names: *const *const c_char, count: u32) -> &'a [*const c_char] {
    if names.is_null() || count == 0 {
        &[]
    } else {
        unsafe { std::slice::from_raw_parts(names, count as usize) }
    }
}

/// Reads `count` C strings from `names` into a set.
///
/// # Safety
/// `names` must point at `count` valid NUL-terminated strings (or be null with count 0).
pub unsafe fn name_set(names: *const *const c_char, count: u32) -> BTreeSet<String> {
    unsafe { name_list(names, count) }
        .iter()
        .filter(|p| !p.is_null())
        .map(|&p| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
        .collect()
}
