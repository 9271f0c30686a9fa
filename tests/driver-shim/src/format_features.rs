//! Changing the format features the driver reports: what switches take away or add.

use ash::vk;

/// Takes `hidden` from the optimal and linear tiling features of `out` and of the
/// `VkFormatProperties3` in its chain.
///
/// # Safety
/// `out`'s chain must be an output chain of valid structures.
pub unsafe fn hide_format_features(out: &mut vk::FormatProperties2<'_>, hidden: vk::FormatFeatureFlags) {
    out.format_properties.optimal_tiling_features &= !hidden;
    out.format_properties.linear_tiling_features &= !hidden;
    let hidden2 = vk::FormatFeatureFlags2::from_raw(u64::from(hidden.as_raw()));
    let mut next = out.p_next as *mut vk::BaseOutStructure<'_>;
    // SAFETY: the caller's chain.
    while let Some(s) = unsafe { next.as_mut() } {
        if s.s_type == vk::StructureType::FORMAT_PROPERTIES_3 {
            let three = unsafe { &mut *(next as *mut vk::FormatProperties3<'_>) };
            three.optimal_tiling_features &= !hidden2;
            three.linear_tiling_features &= !hidden2;
        }
        next = s.p_next;
    }
}

/// Adds `added` to the optimal tiling features of `out` and of the `VkFormatProperties3` in its
/// chain.
///
/// # Safety
/// `out`'s chain must be an output chain of valid structures.
pub unsafe fn add_optimal_format_features(out: &mut vk::FormatProperties2<'_>, added: vk::FormatFeatureFlags) {
    out.format_properties.optimal_tiling_features |= added;
    let added2 = vk::FormatFeatureFlags2::from_raw(u64::from(added.as_raw()));
    let mut next = out.p_next as *mut vk::BaseOutStructure<'_>;
    // SAFETY: the caller's chain.
    while let Some(s) = unsafe { next.as_mut() } {
        if s.s_type == vk::StructureType::FORMAT_PROPERTIES_3 {
            unsafe { (*(next as *mut vk::FormatProperties3<'_>)).optimal_tiling_features |= added2 };
        }
        next = s.p_next;
    }
}
