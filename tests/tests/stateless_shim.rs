//! Explicit stateless rules whose limits or extensions lavapipe does not offer, through the real
//! loader with the test-only driver shim below Vigil playing them: custom border color samplers
//! against a `maxCustomBorderColorSamplers` a test can reach (`low-custom-border-color-samplers`),
//! fragment density map images and subsampled image views (`fragment-density-map`), and
//! fragment shading rate attachment views (`fragment-shading-rate`). For each VUID a call that
//! breaks it (exactly that id is reported, and the call is skipped) and the valid call at the
//! boundary (nothing is). A file of its own: a test process has one environment, and these
//! contexts need the shim's in it.

mod stateless_common;

use ash::vk;
use stateless_common::*;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

const RGBA8: vk::Format = vk::Format::R8G8B8A8_UNORM;

/// A view of `image` as `ty` and `format` (color aspect), of one level from 0 and `layers`
/// (base, count).
fn view_of(
    image: vk::Image,
    ty: vk::ImageViewType,
    format: vk::Format,
    layers: (u32, u32),
) -> vk::ImageViewCreateInfo<'static> {
    vk::ImageViewCreateInfo::default().image(image).view_type(ty).format(format).subresource_range(
        vk::ImageSubresourceRange {
            aspect_mask: vk::ImageAspectFlags::COLOR,
            base_mip_level: 0,
            level_count: 1,
            base_array_layer: layers.0,
            layer_count: layers.1,
        },
    )
}

/// The driver shim's switches for this file's contexts (one set for the process: the environment
/// is the process's): a `maxCustomBorderColorSamplers` a test can reach, and the
/// fragment density map and fragment shading rate extensions lavapipe lacks, with their
/// properties (`tests/driver-shim/src/fragment_maps.rs`).
const SHIM: &str = "low-custom-border-color-samplers,fragment-density-map,fragment-shading-rate";

/// A context with Vigil above the driver shim (switches [`SHIM`]) that skips every call Vigil
/// reports an error for; the tests make their own devices with the extensions they need.
fn shim_context() -> Context {
    let entry = VulkanEnv::new().with_vigil_and_shim(SHIM).entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER, SHIM_LAYER]).vigil_setting("core", "false").build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    ctx.messages.skip_errors(true);
    ctx
}

/// `ctx`'s device properties with `ext` chained (as the shim reports them).
fn properties_with<T: vk::ExtendsPhysicalDeviceProperties2>(
    ctx: &Context,
    mut ext: T,
) -> (vk::PhysicalDeviceLimits, T) {
    let mut props = vk::PhysicalDeviceProperties2::default().push_next(&mut ext);
    unsafe { ctx.instance.get_physical_device_properties2(ctx.physical_device, &mut props) };
    let limits = props.properties.limits;
    (limits, ext)
}

/// Custom border color samplers are counted against `maxCustomBorderColorSamplers` while they
/// live: at the limit one more is reported (and skipped), other samplers are not counted, and
/// destroying one makes room again.
#[test]
fn sampler_custom_border_color_count() {
    let ctx = shim_context();
    let (_, props) = properties_with(&ctx, vk::PhysicalDeviceCustomBorderColorPropertiesEXT::default());
    let limit = props.max_custom_border_color_samplers;
    assert!((1..=64).contains(&limit), "maxCustomBorderColorSamplers {limit}: the shim's switch is not on");
    let extensions = [ash::ext::custom_border_color::NAME.as_ptr()];
    let mut feature = vk::PhysicalDeviceCustomBorderColorFeaturesEXT::default().custom_border_colors(true);
    let device = OwnDevice::new(
        &ctx,
        vk::DeviceCreateInfo::default().enabled_extension_names(&extensions).push_next(&mut feature),
    );
    let d = &device.0;
    let plain = vk::SamplerCreateInfo::default().max_lod(1.0).address_mode_u(vk::SamplerAddressMode::CLAMP_TO_BORDER);
    let mut colored = vk::SamplerCustomBorderColorCreateInfoEXT::default()
        .custom_border_color(vk::ClearColorValue { float32: [0.25, 0.5, 0.75, 1.0] })
        .format(vk::Format::R8G8B8A8_UNORM);
    let custom = plain.border_color(vk::BorderColor::FLOAT_CUSTOM_EXT).push_next(&mut colored);
    let mut made = Vec::new();
    // Samplers without a custom border color do not count; the custom ones up to the limit are
    // valid.
    let ids = reported(&ctx, || {
        made.push(unsafe { d.create_sampler(&plain, None) }.expect("sampler"));
        for _ in 0..limit {
            made.push(unsafe { d.create_sampler(&custom, None) }.expect("sampler"));
        }
    });
    assert_eq!(ids, Vec::<String>::new());
    assert_eq!(device.sampler(&ctx, &custom), ["VUID-VkSamplerCreateInfo-None-04012"]);
    assert_eq!(device.sampler(&ctx, &plain), Vec::<String>::new());
    // One destroyed: one more fits again.
    unsafe { d.destroy_sampler(made.pop().expect("a custom sampler"), None) };
    assert_eq!(device.sampler(&ctx, &custom), Vec::<String>::new());
    for s in made {
        unsafe { d.destroy_sampler(s, None) };
    }
}

/// A device with the fragment density map extensions and the fragment shading rate extension
/// (the shim's), none of their features enabled.
fn fragment_map_device(ctx: &Context) -> OwnDevice {
    let extensions = [
        ash::ext::fragment_density_map::NAME.as_ptr(),
        ash::ext::fragment_density_map2::NAME.as_ptr(),
        ash::khr::fragment_shading_rate::NAME.as_ptr(),
    ];
    OwnDevice::new(ctx, vk::DeviceCreateInfo::default().enabled_extension_names(&extensions))
}

/// Without the fragmentDensityMapOffset feature a fragment density map covers at most the
/// largest framebuffer: each axis at most ceil(maxFramebuffer{Width,Height} /
/// minFragmentDensityTexelSize), which the shim makes differ per axis.
#[test]
fn image_fragment_density_map_extent() {
    let ctx = shim_context();
    let (limits, props) = properties_with(&ctx, vk::PhysicalDeviceFragmentDensityMapPropertiesEXT::default());
    let texel = props.min_fragment_density_texel_size;
    assert!(
        texel.width > 1 && texel.height > texel.width,
        "minFragmentDensityTexelSize {texel:?}: the shim's switch is not on"
    );
    let (width, height) =
        (limits.max_framebuffer_width.div_ceil(texel.width), limits.max_framebuffer_height.div_ceil(texel.height));
    let device = fragment_map_device(&ctx);
    let density = |width, height| {
        image_info(width, height, 1, 1)
            .format(vk::Format::R8G8_UNORM)
            .usage(vk::ImageUsageFlags::FRAGMENT_DENSITY_MAP_EXT)
    };
    let id = |s: &str| format!("VUID-VkImageCreateInfo-fragmentDensityMapOffset-{s}");
    assert_eq!(device.image(&ctx, &density(width + 1, height)), [id("06514")]);
    assert_eq!(device.image(&ctx, &density(width, height + 1)), [id("06515")]);
    assert_eq!(device.image(&ctx, &density(width + 1, height + 1)), [id("06514"), id("06515")]);
    assert_eq!(device.image(&ctx, &density(width, height)), Vec::<String>::new());
    // Another usage is not held to the density map's bound.
    let sampled = density(width + 1, height + 1).usage(vk::ImageUsageFlags::SAMPLED);
    assert_eq!(device.image(&ctx, &sampled), Vec::<String>::new());
}

/// A sampled view of a subsampled image has at most `maxSubsampledArrayLayers` layers (the shim
/// reports 2), VK_REMAINING_ARRAY_LAYERS resolved against the image's layers.
#[test]
fn image_view_subsampled_layers() {
    let ctx = shim_context();
    let (_, props) = properties_with(&ctx, vk::PhysicalDeviceFragmentDensityMap2PropertiesEXT::default());
    let max = props.max_subsampled_array_layers;
    assert_eq!(max, 2, "maxSubsampledArrayLayers: the shim's switch is not on");
    let device = fragment_map_device(&ctx);
    let layers = max + 1;
    let subsampled = image_info(16, 16, 1, layers).flags(vk::ImageCreateFlags::SUBSAMPLED_EXT);
    let (sampled, sampled_memory) = device.bound_image(&ctx, &subsampled);
    let attachment = subsampled.usage(vk::ImageUsageFlags::COLOR_ATTACHMENT);
    let (unsampled, unsampled_memory) = device.bound_image(&ctx, &attachment);
    let array = vk::ImageViewType::TYPE_2D_ARRAY;
    let view = |image, base, count| view_of(image, array, RGBA8, (base, count));
    let id = "VUID-VkImageViewCreateInfo-image-03569";
    assert_eq!(device.view(&ctx, &view(sampled, 0, vk::REMAINING_ARRAY_LAYERS)), [id]);
    assert_eq!(device.view(&ctx, &view(sampled, 0, layers)), [id]);
    assert_eq!(device.view(&ctx, &view(sampled, 1, vk::REMAINING_ARRAY_LAYERS)), Vec::<String>::new());
    assert_eq!(device.view(&ctx, &view(sampled, 0, max)), Vec::<String>::new());
    // Not sampled: not limited.
    assert_eq!(device.view(&ctx, &view(unsampled, 0, vk::REMAINING_ARRAY_LAYERS)), Vec::<String>::new());
    unsafe {
        device.0.destroy_image(sampled, None);
        device.0.destroy_image(unsampled, None);
        device.0.free_memory(sampled_memory, None);
        device.0.free_memory(unsampled_memory, None);
    }
}

/// Without layeredShadingRateAttachments (the shim's device has none) a view whose usage has
/// the fragment shading rate attachment bit has one layer: the image's usage, or the view's own
/// (`VkImageViewUsageCreateInfo`) where chained.
#[test]
fn image_view_shading_rate_layers() {
    use vk::ImageUsageFlags as U;
    let ctx = shim_context();
    let (_, props) = properties_with(&ctx, vk::PhysicalDeviceFragmentShadingRatePropertiesKHR::default());
    assert_eq!(props.layered_shading_rate_attachments, vk::FALSE);
    let device = fragment_map_device(&ctx);
    let rate = image_info(16, 16, 1, 2)
        .format(vk::Format::R8_UINT)
        .usage(U::FRAGMENT_SHADING_RATE_ATTACHMENT_KHR | U::SAMPLED);
    let (image, memory) = device.bound_image(&ctx, &rate);
    let array = vk::ImageViewType::TYPE_2D_ARRAY;
    let view = |base, count| view_of(image, array, vk::Format::R8_UINT, (base, count));
    let id = "VUID-VkImageViewCreateInfo-usage-04551";
    assert_eq!(device.view(&ctx, &view(0, vk::REMAINING_ARRAY_LAYERS)), [id]);
    assert_eq!(device.view(&ctx, &view(0, 2)), [id]);
    assert_eq!(device.view(&ctx, &view(1, vk::REMAINING_ARRAY_LAYERS)), Vec::<String>::new());
    assert_eq!(device.view(&ctx, &view(0, 1)), Vec::<String>::new());
    // The view's own usage decides: sampled only, two layers are fine; the rate bit, not.
    let mut sampled = vk::ImageViewUsageCreateInfo::default().usage(U::SAMPLED);
    assert_eq!(device.view(&ctx, &view(0, 2).push_next(&mut sampled)), Vec::<String>::new());
    let mut rate_only = vk::ImageViewUsageCreateInfo::default().usage(U::FRAGMENT_SHADING_RATE_ATTACHMENT_KHR);
    assert_eq!(device.view(&ctx, &view(0, 2).push_next(&mut rate_only)), [id]);
    unsafe {
        device.0.destroy_image(image, None);
        device.0.free_memory(memory, None);
    }
}
