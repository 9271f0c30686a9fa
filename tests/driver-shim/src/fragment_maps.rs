//! `fragment-density-map` and `fragment-shading-rate`: the shim advertises
//! `VK_EXT_fragment_density_map` with `VK_EXT_fragment_density_map2`, and
//! `VK_KHR_fragment_shading_rate`, keeps them from the driver at device creation, and reports
//! their properties as a driver with them would (lavapipe has neither, and leaves their
//! properties 0); with `fragment-shading-rate` it also takes
//! `VkPhysicalDeviceFragmentShadingRateFeaturesKHR` out of the device create info's chain for
//! the call (lavapipe refuses features it lacks; relinked after). Nothing else of the extensions
//! is implemented: the rules the switches serve read the properties, the features enabled and
//! the usage and flag bits the extensions add, and lavapipe creates images, views and pipelines
//! with those bits, and records rendering instances with the attachment structures chained, as
//! with any other it does not use (it ignores the `PrimitiveShadingRateKHR` built-in).
//!
//! `low-custom-border-color-samplers` lowers lavapipe's `maxCustomBorderColorSamplers` (32768)
//! to [`LOW_CUSTOM_BORDER_COLOR_SAMPLERS`], a count a test can reach.

use std::ffi::{c_char, c_void, CStr};

use ash::vk;

use crate::Behaviours;

/// The extensions `fragment-density-map` adds, with the revisions the pinned registry has.
pub const DENSITY_MAP_EXTENSIONS: [(&CStr, u32); 2] =
    [(c"VK_EXT_fragment_density_map", 3), (c"VK_EXT_fragment_density_map2", 1)];
/// The extension `fragment-shading-rate` adds.
pub const SHADING_RATE_EXTENSIONS: [(&CStr, u32); 1] = [(c"VK_KHR_fragment_shading_rate", 2)];

/// The `minFragmentDensityTexelSize` `fragment-density-map` reports: the two axes differ, so a
/// rule that mixes them up is caught.
pub const MIN_DENSITY_TEXEL_SIZE: vk::Extent2D = vk::Extent2D { width: 64, height: 128 };
/// The `maxSubsampledArrayLayers` `fragment-density-map` reports.
pub const MAX_SUBSAMPLED_ARRAY_LAYERS: u32 = 2;
/// The `maxCustomBorderColorSamplers` `low-custom-border-color-samplers` reports.
pub const LOW_CUSTOM_BORDER_COLOR_SAMPLERS: u32 = 4;

/// The extensions the switches of `b` add.
fn switched(b: Behaviours) -> impl Iterator<Item = (&'static CStr, u32)> {
    let density = DENSITY_MAP_EXTENSIONS.into_iter().filter(move |_| b.fragment_density_map);
    density.chain(SHADING_RATE_EXTENSIONS.into_iter().filter(move |_| b.fragment_shading_rate))
}

/// The extensions' properties, for the device extension list.
pub fn extensions(b: Behaviours) -> impl Iterator<Item = vk::ExtensionProperties> {
    switched(b).map(|(name, spec_version)| {
        let mut p = vk::ExtensionProperties { spec_version, ..Default::default() };
        for (d, s) in p.extension_name.iter_mut().zip(name.to_bytes()) {
            *d = *s as c_char;
        }
        p
    })
}

/// Whether `name` is an extension the switches of `b` add (and the driver must not see).
pub fn is_switched_extension(b: Behaviours, name: *const c_char) -> bool {
    switched(b).any(|(n, _)| crate::same_name(name, n))
}

/// Sets the properties the switches of `b` report in the output chain from `next`.
///
/// # Safety
/// `next` must be NULL or an output chain of valid structures.
pub unsafe fn properties(b: Behaviours, mut next: *mut c_void) {
    use vk::StructureType as S;
    while let Some(s) = unsafe { next.cast::<vk::BaseOutStructure<'_>>().as_mut() } {
        match s.s_type {
            S::PHYSICAL_DEVICE_FRAGMENT_DENSITY_MAP_PROPERTIES_EXT if b.fragment_density_map => {
                let p = unsafe { &mut *next.cast::<vk::PhysicalDeviceFragmentDensityMapPropertiesEXT<'_>>() };
                p.min_fragment_density_texel_size = MIN_DENSITY_TEXEL_SIZE;
                p.max_fragment_density_texel_size = MIN_DENSITY_TEXEL_SIZE;
                p.fragment_density_invocations = vk::FALSE;
            }
            S::PHYSICAL_DEVICE_FRAGMENT_DENSITY_MAP_2_PROPERTIES_EXT if b.fragment_density_map => {
                let p = unsafe { &mut *next.cast::<vk::PhysicalDeviceFragmentDensityMap2PropertiesEXT<'_>>() };
                p.subsampled_loads = vk::TRUE;
                p.subsampled_coarse_reconstruction_early_access = vk::FALSE;
                p.max_subsampled_array_layers = MAX_SUBSAMPLED_ARRAY_LAYERS;
                p.max_descriptor_set_subsampled_samplers = 1;
            }
            S::PHYSICAL_DEVICE_FRAGMENT_SHADING_RATE_PROPERTIES_KHR if b.fragment_shading_rate => {
                let p = unsafe { &mut *next.cast::<vk::PhysicalDeviceFragmentShadingRatePropertiesKHR<'_>>() };
                // The most restrictive driver: one layer per attachment, the smallest texels.
                p.min_fragment_shading_rate_attachment_texel_size = vk::Extent2D { width: 8, height: 8 };
                p.max_fragment_shading_rate_attachment_texel_size = vk::Extent2D { width: 8, height: 8 };
                p.max_fragment_shading_rate_attachment_texel_size_aspect_ratio = 1;
                p.layered_shading_rate_attachments = vk::FALSE;
                p.max_fragment_size = vk::Extent2D { width: 2, height: 2 };
                p.max_fragment_size_aspect_ratio = 2;
                p.max_fragment_shading_rate_coverage_samples = 4;
                p.max_fragment_shading_rate_rasterization_samples = vk::SampleCountFlags::TYPE_1;
            }
            S::PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_PROPERTIES_EXT if b.low_custom_border_color_samplers => {
                let p = unsafe { &mut *next.cast::<vk::PhysicalDeviceCustomBorderColorPropertiesEXT<'_>>() };
                p.max_custom_border_color_samplers = LOW_CUSTOM_BORDER_COLOR_SAMPLERS;
            }
            _ => {}
        }
        next = s.p_next.cast();
    }
}
