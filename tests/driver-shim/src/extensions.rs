//! Extensions lavapipe lacks whose rules read only what a device enables, and format features it
//! has more of than a rule needs:
//!
//! - `portability-subset`: the shim advertises `VK_KHR_portability_subset` (as a Vulkan
//!   portability implementation, a layered one like MoltenVK, would), keeps it and its
//!   `VkPhysicalDevicePortabilitySubsetFeaturesKHR` from the driver at device creation, and
//!   reports `minVertexInputBindingStrideAlignment` 4. The rules about the subset's features
//!   read the features the device enabled.
//! - `dedicated-image-aliasing`: the shim advertises `VK_NV_dedicated_allocation_image_aliasing`
//!   and keeps it and its features structure from the driver, for the rules about images bound
//!   to memory dedicated to another image (lavapipe binds any image anywhere).
//! - `maintenance11`: the shim advertises `VK_KHR_maintenance11` (newer than lavapipe) and keeps
//!   it and its features structure from the driver, for the rules about the image flag it adds
//!   (`VK_IMAGE_CREATE_ALIAS_SINGLE_LAYER_DESCRIPTOR_BIT_KHR`, which lavapipe ignores as any bit it
//!   does not use).
//! - `fewer-format-features`: `vkGetPhysicalDeviceFormatProperties(2)` report
//!   [`FEWER_FORMAT_FEATURES`] without the features beside each format (`VkFormatProperties3`
//!   too): the rules about a format's features need formats that lack one.
//! - `two-plane-444-features`: `vkGetPhysicalDeviceFormatProperties(2)` report
//!   [`TWO_PLANE_444_FEATURES`] for `G8_B8R8_2PLANE_444_UNORM`'s optimal tiling (lavapipe offers
//!   `VK_EXT_ycbcr_2plane_444_formats` but reports no feature of its formats, so no view of them
//!   is valid): the rule about those formats before Vulkan 1.3 needs a view that is otherwise
//!   valid.

use std::ffi::{c_char, c_void, CStr};

use ash::vk;

use crate::Behaviours;

/// The extension `portability-subset` adds, with the revision the pinned registry has.
pub const PORTABILITY_SUBSET: (&CStr, u32) = (c"VK_KHR_portability_subset", 1);
/// The extension `dedicated-image-aliasing` adds.
pub const DEDICATED_IMAGE_ALIASING: (&CStr, u32) = (c"VK_NV_dedicated_allocation_image_aliasing", 1);

/// The extension `maintenance11` adds.
pub const MAINTENANCE_11: (&CStr, u32) = (c"VK_KHR_maintenance11", 1);
/// `VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_11_FEATURES_KHR` (newer than ash).
const MAINTENANCE_11_FEATURES: vk::StructureType = vk::StructureType::from_raw(1_000_657_000);

/// The `minVertexInputBindingStrideAlignment` `portability-subset` reports.
pub const MIN_VERTEX_INPUT_BINDING_STRIDE_ALIGNMENT: u32 = 4;

/// What `fewer-format-features` hides: each format's optimal and linear tiling features lose
/// the flags beside it (formats no other switch changes): DISJOINT of a multi-planar format,
/// the depth attachment of a depth format, and every feature of a format compatible with
/// `R8G8B8A8_UNORM` (lavapipe's are only the blits).
pub const FEWER_FORMAT_FEATURES: [(vk::Format, vk::FormatFeatureFlags); 3] = [
    (vk::Format::G8_B8_R8_3PLANE_420_UNORM, vk::FormatFeatureFlags::DISJOINT),
    (vk::Format::D16_UNORM, vk::FormatFeatureFlags::DEPTH_STENCIL_ATTACHMENT),
    (vk::Format::R8G8B8A8_USCALED, vk::FormatFeatureFlags::from_raw(u32::MAX)),
];

/// What `two-plane-444-features` reports for `G8_B8R8_2PLANE_444_UNORM` with optimal tiling.
pub const TWO_PLANE_444_FEATURES: vk::FormatFeatureFlags = vk::FormatFeatureFlags::from_raw(
    vk::FormatFeatureFlags::SAMPLED_IMAGE.as_raw()
        | vk::FormatFeatureFlags::TRANSFER_SRC.as_raw()
        | vk::FormatFeatureFlags::TRANSFER_DST.as_raw()
        | vk::FormatFeatureFlags::COSITED_CHROMA_SAMPLES.as_raw(),
);

/// The extensions the switches of `b` add, each with the features structure the driver must
/// not see.
fn switched(b: Behaviours) -> impl Iterator<Item = (&'static CStr, u32, vk::StructureType)> {
    let portability = [(
        PORTABILITY_SUBSET.0,
        PORTABILITY_SUBSET.1,
        vk::StructureType::PHYSICAL_DEVICE_PORTABILITY_SUBSET_FEATURES_KHR,
    )];
    let aliasing = [(
        DEDICATED_IMAGE_ALIASING.0,
        DEDICATED_IMAGE_ALIASING.1,
        vk::StructureType::PHYSICAL_DEVICE_DEDICATED_ALLOCATION_IMAGE_ALIASING_FEATURES_NV,
    )];
    let maintenance11 = [(MAINTENANCE_11.0, MAINTENANCE_11.1, MAINTENANCE_11_FEATURES)];
    let portability = portability.into_iter().filter(move |_| b.portability_subset);
    let aliasing = aliasing.into_iter().filter(move |_| b.dedicated_image_aliasing);
    portability.chain(aliasing).chain(maintenance11.into_iter().filter(move |_| b.maintenance11))
}

/// The extensions' properties, for the device extension list.
pub fn extensions(b: Behaviours) -> impl Iterator<Item = vk::ExtensionProperties> {
    switched(b).map(|(name, spec_version, _)| {
        let mut p = vk::ExtensionProperties { spec_version, ..Default::default() };
        for (d, s) in p.extension_name.iter_mut().zip(name.to_bytes()) {
            *d = *s as c_char;
        }
        p
    })
}

/// Whether `name` is an extension the switches of `b` add (and the driver must not see).
pub fn is_switched_extension(b: Behaviours, name: *const c_char) -> bool {
    switched(b).any(|(n, _, _)| crate::same_name(name, n))
}

/// Whether a device create info's structure of type `s_type` is the features structure of an
/// extension the switches of `b` add.
pub fn is_feature_structure(b: Behaviours, s_type: vk::StructureType) -> bool {
    switched(b).any(|(_, _, s)| s == s_type)
}

/// Sets the properties the switches of `b` report in the output chain from `next`.
///
/// # Safety
/// `next` must be NULL or an output chain of valid structures.
pub unsafe fn properties(b: Behaviours, mut next: *mut c_void) {
    while let Some(s) = unsafe { next.cast::<vk::BaseOutStructure<'_>>().as_mut() } {
        if b.portability_subset && s.s_type == vk::StructureType::PHYSICAL_DEVICE_PORTABILITY_SUBSET_PROPERTIES_KHR {
            let p = unsafe { &mut *next.cast::<vk::PhysicalDevicePortabilitySubsetPropertiesKHR<'_>>() };
            p.min_vertex_input_binding_stride_alignment = MIN_VERTEX_INPUT_BINDING_STRIDE_ALIGNMENT;
        }
        next = s.p_next.cast();
    }
}

/// The optimal tiling features `two-plane-444-features` adds for `format` (none without the
/// switch).
pub fn added_format_features(b: Behaviours, format: vk::Format) -> vk::FormatFeatureFlags {
    let two_plane = b.two_plane_444_features && format == vk::Format::G8_B8R8_2PLANE_444_UNORM;
    if two_plane {
        TWO_PLANE_444_FEATURES
    } else {
        vk::FormatFeatureFlags::empty()
    }
}

/// The features `fewer-format-features` hides for `format` (none without the switch).
pub fn hidden_format_features(b: Behaviours, format: vk::Format) -> vk::FormatFeatureFlags {
    let hidden = FEWER_FORMAT_FEATURES.iter().find(|(f, _)| *f == format).map(|(_, h)| *h);
    hidden.filter(|_| b.fewer_format_features).unwrap_or_default()
}
