//! `filter-cubic`: the shim advertises `VK_EXT_filter_cubic` and `VK_IMG_filter_cubic` (lavapipe
//! has neither) and keeps them from the driver at device creation. Every format lavapipe filters
//! linearly in a tiling is filtered cubically there too (`SAMPLED_IMAGE_FILTER_CUBIC_BIT_EXT`, in
//! vkGetPhysicalDeviceFormatProperties(2) and `VkFormatProperties3`), except [`NO_CUBIC_FORMAT`];
//! vkGetPhysicalDeviceImageFormatProperties2 answers a chained
//! `VkFilterCubicImageViewImageFormatPropertiesEXT` as such a driver would: `filterCubic` where the
//! format is filtered cubically (optimal tiling) and the view type (the chained
//! `VkPhysicalDeviceImageViewImageFormatInfoEXT`'s) is not a cube or cube array
//! ([`NO_CUBIC_VIEW_TYPES`]), `filterCubicMinmax` where, besides, lavapipe filters the format by
//! min or max (`SAMPLED_IMAGE_FILTER_MINMAX`). Nothing else of the extensions is implemented: the
//! draw-time rules the switch serves read the format features, those answers and the samplers'
//! filters; lavapipe makes samplers of `VK_FILTER_CUBIC_EXT` (the tests' valid cases create
//! them), and nothing the tests record with one is submitted.

use std::ffi::{c_char, CStr};

use ash::vk;

/// The extensions the switch adds, with the revisions the pinned registry has.
pub const EXTENSIONS: [(&CStr, u32); 2] = [(c"VK_EXT_filter_cubic", 3), (c"VK_IMG_filter_cubic", 1)];

/// The format `filter-cubic` does not filter cubically, though lavapipe filters it linearly.
pub const NO_CUBIC_FORMAT: vk::Format = vk::Format::B8G8R8A8_UNORM;

/// The view types `filter-cubic` reports no `filterCubic` for.
pub const NO_CUBIC_VIEW_TYPES: [vk::ImageViewType; 2] = [vk::ImageViewType::CUBE, vk::ImageViewType::CUBE_ARRAY];

/// The extensions' properties, for the device extension list.
pub fn extensions() -> impl Iterator<Item = vk::ExtensionProperties> {
    EXTENSIONS.into_iter().map(|(name, version)| {
        vk::ExtensionProperties::default().spec_version(version).extension_name(name).expect("a short name")
    })
}

/// Whether `name` is one of [`EXTENSIONS`].
pub fn is_extension(name: *const c_char) -> bool {
    EXTENSIONS.iter().any(|(n, _)| crate::same_name(name, n))
}

/// `features` of `format` (one tiling's, as lavapipe reports them) as the switch reports them.
pub fn features(format: vk::Format, features: vk::FormatFeatureFlags) -> vk::FormatFeatureFlags {
    vk::FormatFeatureFlags::from_raw(
        features2(format, vk::FormatFeatureFlags2::from_raw(features.as_raw().into())).as_raw() as u32,
    )
}

/// The same for `VkFormatProperties3`'s flags (the cubic and linear bits are the same in both).
pub fn features2(format: vk::Format, features: vk::FormatFeatureFlags2) -> vk::FormatFeatureFlags2 {
    let linear = features.contains(vk::FormatFeatureFlags2::SAMPLED_IMAGE_FILTER_LINEAR);
    let cubic = vk::FormatFeatureFlags2::SAMPLED_IMAGE_FILTER_CUBIC_EXT;
    features | if linear && format != NO_CUBIC_FORMAT { cubic } else { vk::FormatFeatureFlags2::empty() }
}

/// Sets the `VkFilterCubicImageViewImageFormatPropertiesEXT` of the output chain `out`, when it
/// has one, for the query `info` (whose chain names the view type), given `optimal`, the format's
/// optimal tiling features as lavapipe reports them.
///
/// # Safety
/// `info` and `out` must be a valid query and output structure with valid chains.
pub unsafe fn image_view_properties(
    info: &vk::PhysicalDeviceImageFormatInfo2<'_>,
    out: &mut vk::ImageFormatProperties2<'_>,
    optimal: vk::FormatFeatureFlags,
) {
    // SAFETY (both walks): every structure of a valid chain starts with sType and pNext, and is
    // the structure its type names.
    let mut view_type = None;
    let mut next = info.p_next.cast::<vk::BaseInStructure<'_>>();
    while let Some(s) = unsafe { next.as_ref() } {
        if s.s_type == vk::StructureType::PHYSICAL_DEVICE_IMAGE_VIEW_IMAGE_FORMAT_INFO_EXT {
            let v = unsafe { &*next.cast::<vk::PhysicalDeviceImageViewImageFormatInfoEXT<'_>>() };
            view_type = Some(v.image_view_type);
        }
        next = s.p_next;
    }
    let Some(view_type) = view_type else { return };
    let cubic = features(info.format, optimal).contains(vk::FormatFeatureFlags::SAMPLED_IMAGE_FILTER_CUBIC_EXT)
        && !NO_CUBIC_VIEW_TYPES.contains(&view_type);
    let minmax = cubic && optimal.contains(vk::FormatFeatureFlags::SAMPLED_IMAGE_FILTER_MINMAX);
    let mut next = out.p_next.cast::<vk::BaseOutStructure<'_>>();
    while let Some(s) = unsafe { next.as_mut() } {
        if s.s_type == vk::StructureType::FILTER_CUBIC_IMAGE_VIEW_IMAGE_FORMAT_PROPERTIES_EXT {
            let p = unsafe { &mut *next.cast::<vk::FilterCubicImageViewImageFormatPropertiesEXT<'_>>() };
            p.filter_cubic = cubic.into();
            p.filter_cubic_minmax = minmax.into();
        }
        next = s.p_next;
    }
}
