//! Swapchain create infos the tests start from.

use ash::vk;

/// A FIFO swapchain of `surface` that its capabilities `caps` and its format `format` support:
/// at least 2 images (within the surface's bounds), a 64×64 extent clamped to the surface's,
/// one layer, color attachment use, the current transform and the lowest composite alpha bit.
pub fn supported_swapchain_info(
    surface: vk::SurfaceKHR,
    caps: &vk::SurfaceCapabilitiesKHR,
    format: vk::SurfaceFormatKHR,
) -> vk::SwapchainCreateInfoKHR<'static> {
    let max_images = if caps.max_image_count == 0 { u32::MAX } else { caps.max_image_count };
    let alpha = caps.supported_composite_alpha.as_raw();
    vk::SwapchainCreateInfoKHR::default()
        .surface(surface)
        .min_image_count(caps.min_image_count.max(2).min(max_images))
        .image_format(format.format)
        .image_color_space(format.color_space)
        .image_extent(vk::Extent2D {
            width: 64.clamp(caps.min_image_extent.width, caps.max_image_extent.width),
            height: 64.clamp(caps.min_image_extent.height, caps.max_image_extent.height),
        })
        .image_array_layers(1)
        .image_usage(vk::ImageUsageFlags::COLOR_ATTACHMENT)
        .image_sharing_mode(vk::SharingMode::EXCLUSIVE)
        .pre_transform(caps.current_transform)
        .composite_alpha(vk::CompositeAlphaFlagsKHR::from_raw(alpha & alpha.wrapping_neg()))
        .present_mode(vk::PresentModeKHR::FIFO)
}
