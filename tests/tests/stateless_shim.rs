//! Explicit stateless rules whose limits or extensions lavapipe does not offer, through the real
//! loader with the test-only driver shim below Vigil playing them: custom border color samplers
//! against a `maxCustomBorderColorSamplers` a test can reach (`low-custom-border-color-samplers`),
//! fragment density map images, subsampled image views and samplers (`fragment-density-map`),
//! fragment shading rate attachment views (`fragment-shading-rate`), shading rate images
//! (`raster-state-extensions`' `VK_NV_shading_rate_image`), the portability subset's features
//! (`portability-subset`), formats that lack a feature (`fewer-format-features`),
//! maintenance11's image flag (`maintenance11`), views of a two-plane 4:4:4 format
//! (`two-plane-444-features`) and views of video decode images (`video-queue`). For each VUID a call that breaks it (exactly that id is
//! reported, and the call is skipped) and the valid call at the boundary (nothing is). A file of its own: a test process has one environment, and these
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
/// is the process's): a `maxCustomBorderColorSamplers` a test can reach, the
/// fragment density map and fragment shading rate extensions lavapipe lacks, with their
/// properties (`tests/driver-shim/src/fragment_maps.rs`), `VK_NV_shading_rate_image` (among the
/// raster state extensions), `VK_KHR_portability_subset`, `VK_KHR_maintenance11`, and fewer
/// (and, for a two-plane 4:4:4 format, more) format features
/// (`tests/driver-shim/src/extensions.rs`), and video decoding (`tests/driver-shim/src/video.rs`).
const SHIM: &str = "low-custom-border-color-samplers,fragment-density-map,fragment-shading-rate,\
                    raster-state-extensions,portability-subset,fewer-format-features,maintenance11,\
                    two-plane-444-features,video-queue";

/// A context with Vigil above the driver shim (switches [`SHIM`]) that skips every call Vigil
/// reports an error for; the tests make their own devices with the extensions they need.
fn shim_context() -> Context {
    shim_context_with(ContextBuilder::new())
}

/// [`shim_context`] of `builder` (an API version, say).
fn shim_context_with(builder: ContextBuilder) -> Context {
    let entry = VulkanEnv::new().with_vigil_and_shim(SHIM).entry();
    let ctx = builder.layers(&[VIGIL_LAYER, SHIM_LAYER]).vigil_setting("core", "false").build(&entry);
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

/// A device of `ctx` with `extensions` and `features` (a structure chained to the create info),
/// and samplerAnisotropy.
fn device_with<T: vk::ExtendsDeviceCreateInfo>(
    ctx: &Context,
    extensions: &[&std::ffi::CStr],
    mut features: T,
) -> OwnDevice {
    let names: Vec<_> = extensions.iter().map(|n| n.as_ptr()).collect();
    let core = vk::PhysicalDeviceFeatures { sampler_anisotropy: vk::TRUE, ..Default::default() };
    let info = vk::DeviceCreateInfo::default()
        .enabled_extension_names(&names)
        .enabled_features(&core)
        .push_next(&mut features);
    OwnDevice::new(ctx, info)
}

/// A subsampled sampler (the shim's fragment density map extension) filters alike in both
/// directions, nearest between levels, at level 0, clamped in u and v, without anisotropy,
/// comparison or unnormalized coordinates: each broken alone reports its id.
#[test]
fn sampler_subsampled() {
    use vk::SamplerAddressMode as M;
    let ctx = shim_context();
    let device = device_with(
        &ctx,
        &[ash::ext::fragment_density_map::NAME],
        vk::PhysicalDeviceFragmentDensityMapFeaturesEXT::default(),
    );
    let subsampled = vk::SamplerCreateInfo::default()
        .flags(vk::SamplerCreateFlags::SUBSAMPLED_EXT)
        .address_mode_u(M::CLAMP_TO_EDGE)
        .address_mode_v(M::CLAMP_TO_EDGE);
    let id = |s: &str| format!("VUID-VkSamplerCreateInfo-flags-{s}");
    let cases = [
        (subsampled.min_filter(vk::Filter::LINEAR), id("02574")),
        (subsampled.mipmap_mode(vk::SamplerMipmapMode::LINEAR), id("02575")),
        (subsampled.max_lod(1.0), id("02576")),
        (subsampled.min_lod(0.5).max_lod(0.5), id("02576")),
        (subsampled.address_mode_v(M::REPEAT), id("02577")),
        (subsampled.address_mode_u(M::MIRRORED_REPEAT), id("02577")),
        (subsampled.anisotropy_enable(true).max_anisotropy(2.0), id("02578")),
        (subsampled.compare_enable(true).compare_op(vk::CompareOp::LESS), id("02579")),
        (subsampled.unnormalized_coordinates(true), id("02580")),
    ];
    for (i, (info, want)) in cases.iter().enumerate() {
        assert_eq!(device.sampler(&ctx, info), [want.as_str()], "case {i}");
    }
    // The boundary: each value the rules allow (w is free); the same values without the flag.
    let valid = [
        subsampled,
        subsampled.min_filter(vk::Filter::LINEAR).mag_filter(vk::Filter::LINEAR),
        subsampled.address_mode_u(M::CLAMP_TO_BORDER).address_mode_v(M::CLAMP_TO_BORDER).address_mode_w(M::REPEAT),
        subsampled.flags(vk::SamplerCreateFlags::empty()).min_filter(vk::Filter::LINEAR).max_lod(1.0),
        subsampled.flags(vk::SamplerCreateFlags::empty()).anisotropy_enable(true).max_anisotropy(2.0),
        subsampled.flags(vk::SamplerCreateFlags::empty()).compare_enable(true).compare_op(vk::CompareOp::LESS),
    ];
    for (i, info) in valid.iter().enumerate() {
        assert_eq!(device.sampler(&ctx, info), Vec::<String>::new(), "valid case {i}");
    }
}

/// With the shadingRateImage feature (the shim's `VK_NV_shading_rate_image`), a shading rate
/// image is optimally tiled; without the feature the rule does not apply.
#[test]
fn image_shading_rate_image_tiling() {
    let ctx = shim_context();
    let extensions = [ash::nv::shading_rate_image::NAME];
    let enabled = vk::PhysicalDeviceShadingRateImageFeaturesNV::default().shading_rate_image(true);
    let device = device_with(&ctx, &extensions, enabled);
    let rate = image_info(16, 16, 1, 1).format(vk::Format::R8_UINT).usage(vk::ImageUsageFlags::SHADING_RATE_IMAGE_NV);
    let linear = rate.tiling(vk::ImageTiling::LINEAR);
    assert_eq!(device.image(&ctx, &linear), ["VUID-VkImageCreateInfo-shadingRateImage-07727"]);
    assert_eq!(device.image(&ctx, &rate), Vec::<String>::new());
    let without = device_with(&ctx, &extensions, vk::PhysicalDeviceShadingRateImageFeaturesNV::default());
    assert_eq!(without.image(&ctx, &linear), Vec::<String>::new());
}

/// A device with the shim's `VK_KHR_portability_subset` and `features` enabled.
fn portability_device(ctx: &Context, features: vk::PhysicalDevicePortabilitySubsetFeaturesKHR<'static>) -> OwnDevice {
    device_with(ctx, &[ash::khr::portability_subset::NAME], features)
}

/// Every feature of the portability subset.
fn all_portability_features() -> vk::PhysicalDevicePortabilitySubsetFeaturesKHR<'static> {
    vk::PhysicalDevicePortabilitySubsetFeaturesKHR::default()
        .image_view2_d_on3_d_image(true)
        .multisample_array_image(true)
        .image_view_format_swizzle(true)
        .image_view_format_reinterpretation(true)
        .sampler_mip_lod_bias(true)
}

/// With `VK_KHR_portability_subset` (the shim's) and none of its features: no 2D array views of
/// 3D images, no multisampled arrays, no swizzles, no reinterpreted components, no LOD bias;
/// each allowed when its feature is enabled.
#[test]
fn portability_subset_features() {
    use vk::ComponentSwizzle as S;
    let ctx = shim_context();
    let none = portability_device(&ctx, vk::PhysicalDevicePortabilitySubsetFeaturesKHR::default());
    let all = portability_device(&ctx, all_portability_features());
    let image_id = |s: &str| format!("VUID-VkImageCreateInfo-{s}");
    let volume = image_info(16, 16, 1, 1)
        .image_type(vk::ImageType::TYPE_3D)
        .extent(vk::Extent3D { width: 16, height: 16, depth: 4 })
        .flags(vk::ImageCreateFlags::TYPE_2D_ARRAY_COMPATIBLE);
    let multisampled =
        image_info(16, 16, 1, 2).usage(vk::ImageUsageFlags::COLOR_ATTACHMENT).samples(vk::SampleCountFlags::TYPE_4);
    assert_eq!(none.image(&ctx, &volume), [image_id("imageView2DOn3DImage-04459")]);
    assert_eq!(none.image(&ctx, &multisampled), [image_id("multisampleArrayImage-04460")]);
    for (i, info) in [volume.flags(vk::ImageCreateFlags::empty()), multisampled.array_layers(1)].iter().enumerate() {
        assert_eq!(none.image(&ctx, info), Vec::<String>::new(), "valid image {i}");
    }
    for (i, info) in [volume, multisampled].iter().enumerate() {
        assert_eq!(all.image(&ctx, info), Vec::<String>::new(), "image {i} with the features");
    }

    let view_id = |s: &str| format!("VUID-VkImageViewCreateInfo-{s}");
    let mutable = image_info(16, 16, 1, 1).flags(vk::ImageCreateFlags::MUTABLE_FORMAT);
    let views = |device: &OwnDevice, want: [&[String]; 2]| {
        let (image, memory) = device.bound_image(&ctx, &mutable);
        let plain = view_of(image, vk::ImageViewType::TYPE_2D, RGBA8, (0, 1));
        let swizzled = plain.components(vk::ComponentMapping { r: S::G, g: S::R, b: S::IDENTITY, a: S::IDENTITY });
        let reinterpreted = plain.format(vk::Format::R32_UINT);
        assert_eq!(device.view(&ctx, &swizzled), want[0]);
        assert_eq!(device.view(&ctx, &reinterpreted), want[1]);
        // Identity swizzles, named or not, and a format of the same components and bits.
        let identity = vk::ComponentMapping { r: S::R, g: S::G, b: S::B, a: S::A };
        assert_eq!(device.view(&ctx, &plain.components(identity)), Vec::<String>::new());
        assert_eq!(device.view(&ctx, &plain.format(vk::Format::R8G8B8A8_SRGB)), Vec::<String>::new());
        unsafe {
            device.0.destroy_image(image, None);
            device.0.free_memory(memory, None);
        }
    };
    views(&none, [&[view_id("imageViewFormatSwizzle-04465")], &[view_id("imageViewFormatReinterpretation-04466")]]);
    views(&all, [&[], &[]]);

    let biased = vk::SamplerCreateInfo::default().max_lod(1.0).mip_lod_bias(1.0);
    assert_eq!(none.sampler(&ctx, &biased), ["VUID-VkSamplerCreateInfo-samplerMipLodBias-04467"]);
    assert_eq!(none.sampler(&ctx, &biased.mip_lod_bias(0.0)), Vec::<String>::new());
    assert_eq!(all.sampler(&ctx, &biased), Vec::<String>::new());
}

/// Format features the shim hides (`fewer-format-features`): DISJOINT of
/// `G8_B8_R8_3PLANE_420_UNORM`, the depth attachment of `D16_UNORM`, every feature of
/// `R8G8B8A8_USCALED`.
#[test]
fn format_features_the_driver_lacks() {
    use vk::Format as Fmt;
    use vk::ImageUsageFlags as U;
    let ctx = shim_context();
    let disjoint = |format| image_info(16, 16, 1, 1).format(format).flags(vk::ImageCreateFlags::DISJOINT);
    let no_disjoint = disjoint(Fmt::G8_B8_R8_3PLANE_420_UNORM);
    assert_eq!(image(&ctx, &no_disjoint), ["VUID-VkImageCreateInfo-imageCreateFormatFeatures-02260"]);
    // The same format without the flag; another multi-planar format, which has the feature.
    let valid = [no_disjoint.flags(vk::ImageCreateFlags::empty()), disjoint(Fmt::G8_B8R8_2PLANE_420_UNORM)];
    for (i, info) in valid.iter().enumerate() {
        assert_eq!(image(&ctx, info), Vec::<String>::new(), "valid image {i}");
    }

    let view_id = |s: &str| format!("VUID-VkImageViewCreateInfo-{s}");
    let depth_view = |format| {
        let (image, memory) =
            ctx.bound_image(&image_info(16, 16, 1, 1).format(format).usage(U::DEPTH_STENCIL_ATTACHMENT | U::SAMPLED));
        let mut info = view_of(image, vk::ImageViewType::TYPE_2D, format, (0, 1));
        info.subresource_range.aspect_mask = vk::ImageAspectFlags::DEPTH;
        (image, memory, info)
    };
    let (d16, d16_memory, d16_view) = depth_view(Fmt::D16_UNORM);
    let (d32, d32_memory, d32_view) = depth_view(Fmt::D32_SFLOAT);
    assert_eq!(image_view(&ctx, &d16_view), [view_id("usage-02277")]);
    // Sampled only (the view's own usage), or a depth format that has the attachment feature.
    let mut sampled = vk::ImageViewUsageCreateInfo::default().usage(U::SAMPLED);
    assert_eq!(image_view(&ctx, &d16_view.push_next(&mut sampled)), Vec::<String>::new());
    assert_eq!(image_view(&ctx, &d32_view), Vec::<String>::new());

    // A color attachment view (no usage of its own asks a feature) of a format without any.
    let mutable = image_info(16, 16, 1, 1).flags(vk::ImageCreateFlags::MUTABLE_FORMAT).usage(U::COLOR_ATTACHMENT);
    let (color, color_memory) = ctx.bound_image(&mutable);
    let color_view = view_of(color, vk::ImageViewType::TYPE_2D, Fmt::R8G8B8A8_USCALED, (0, 1));
    assert_eq!(image_view(&ctx, &color_view), [view_id("None-02273")]);
    assert_eq!(image_view(&ctx, &color_view.format(Fmt::R8G8B8A8_UINT)), Vec::<String>::new());
    destroy_bound_images(&ctx.device, &[(d16, d16_memory), (d32, d32_memory), (color, color_memory)]);
}

/// With attachmentFragmentShadingRate (the shim's `VK_KHR_fragment_shading_rate`), a view used
/// as a shading rate attachment has a format with that feature: lavapipe's `R8_UINT` has not.
/// A view of the same image whose own usage leaves the attachment out is not held to it.
#[test]
fn image_view_shading_rate_attachment_format() {
    use vk::ImageUsageFlags as U;
    let ctx = shim_context();
    let enabled = vk::PhysicalDeviceFragmentShadingRateFeaturesKHR::default().attachment_fragment_shading_rate(true);
    let device = device_with(&ctx, &[ash::khr::fragment_shading_rate::NAME], enabled);
    let rate = image_info(16, 16, 1, 1)
        .format(vk::Format::R8_UINT)
        .usage(U::FRAGMENT_SHADING_RATE_ATTACHMENT_KHR | U::SAMPLED);
    let (image, memory) = device.bound_image(&ctx, &rate);
    let view = view_of(image, vk::ImageViewType::TYPE_2D, vk::Format::R8_UINT, (0, 1));
    assert_eq!(device.view(&ctx, &view), ["VUID-VkImageViewCreateInfo-usage-04550"]);
    let mut rate_only = vk::ImageViewUsageCreateInfo::default().usage(U::FRAGMENT_SHADING_RATE_ATTACHMENT_KHR);
    assert_eq!(device.view(&ctx, &view.push_next(&mut rate_only)), ["VUID-VkImageViewCreateInfo-usage-04550"]);
    let mut sampled = vk::ImageViewUsageCreateInfo::default().usage(U::SAMPLED);
    assert_eq!(device.view(&ctx, &view.push_next(&mut sampled)), Vec::<String>::new());
    unsafe {
        device.0.destroy_image(image, None);
        device.0.free_memory(memory, None);
    }
}

/// A view of an image created with `VK_IMAGE_CREATE_ALIAS_SINGLE_LAYER_DESCRIPTOR_BIT_KHR` (the
/// shim's `VK_KHR_maintenance11`, with its feature) is of a format that is not multi-planar: a
/// view of every plane of a two-plane image is reported; a view of one plane, and the view of
/// every plane of an image without the flag, are not.
#[test]
fn image_view_single_layer_descriptor_alias() {
    use vk::ImageCreateFlags as F;
    let ctx = shim_context();
    let mut maintenance11 = vigil_generated::VkPhysicalDeviceMaintenance11FeaturesKHR {
        sType: vigil_generated::VkStructureType::VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_11_FEATURES_KHR,
        maintenance11: vk::TRUE,
        ..Default::default()
    };
    let mut ycbcr = vk::PhysicalDeviceVulkan11Features::default().sampler_ycbcr_conversion(true);
    ycbcr.p_next = (&mut maintenance11 as *mut vigil_generated::VkPhysicalDeviceMaintenance11FeaturesKHR).cast();
    let names = [c"VK_KHR_maintenance11".as_ptr()];
    let device =
        OwnDevice::new(&ctx, vk::DeviceCreateInfo::default().enabled_extension_names(&names).push_next(&mut ycbcr));
    let d = &device.0;
    let nv12 = vk::Format::G8_B8R8_2PLANE_420_UNORM;
    let alias = F::from_raw(1 << 22);
    let two_plane = image_info(16, 16, 1, 1).format(nv12).flags(F::MUTABLE_FORMAT);
    let (aliased, aliased_memory) = device.bound_image(&ctx, &two_plane.flags(F::MUTABLE_FORMAT | alias));
    let (plain, plain_memory) = device.bound_image(&ctx, &two_plane);
    let conversion_info = ycbcr_conversion_info(nv12);
    let conversion = unsafe { d.create_sampler_ycbcr_conversion(&conversion_info, None) }.expect("conversion");
    let every_plane = |image| {
        let mut named = vk::SamplerYcbcrConversionInfo::default().conversion(conversion);
        let info = view_of(image, vk::ImageViewType::TYPE_2D, nv12, (0, 1)).push_next(&mut named);
        device.view(&ctx, &info)
    };
    assert_eq!(every_plane(aliased), ["VUID-VkImageViewCreateInfo-image-13357"]);
    assert_eq!(every_plane(plain), Vec::<String>::new());
    let mut one_plane = view_of(aliased, vk::ImageViewType::TYPE_2D, vk::Format::R8_UNORM, (0, 1));
    one_plane.subresource_range.aspect_mask = vk::ImageAspectFlags::PLANE_0;
    assert_eq!(device.view(&ctx, &one_plane), Vec::<String>::new());
    unsafe { d.destroy_sampler_ycbcr_conversion(conversion, None) };
    destroy_bound_images(d, &[(aliased, aliased_memory), (plain, plain_memory)]);
}

/// Before Vulkan 1.3 the two-plane 4:4:4 formats need ycbcr2plane444Formats for a view (the
/// extension enabled, its feature not); with the feature, or on Vulkan 1.3, they do not. The
/// shim gives `G8_B8R8_2PLANE_444_UNORM` the sampling features lavapipe leaves out, so the
/// view is otherwise valid.
#[test]
fn image_view_two_plane_444_before_vulkan_1_3() {
    let format = vk::Format::G8_B8R8_2PLANE_444_UNORM;
    let check = |api_version, feature: bool, want: &[&str]| {
        let ctx = shim_context_with(ContextBuilder::new().api_version(api_version));
        let extensions = [ash::ext::ycbcr_2plane_444_formats::NAME.as_ptr()];
        let mut vulkan11 = vk::PhysicalDeviceVulkan11Features::default().sampler_ycbcr_conversion(true);
        let mut two_plane =
            vk::PhysicalDeviceYcbcr2Plane444FormatsFeaturesEXT::default().ycbcr2plane444_formats(feature);
        let info = vk::DeviceCreateInfo::default()
            .enabled_extension_names(&extensions)
            .push_next(&mut vulkan11)
            .push_next(&mut two_plane);
        let device = OwnDevice::new(&ctx, info);
        let d = &device.0;
        let (image, memory) = device.bound_image(&ctx, &image_info(16, 16, 1, 1).format(format));
        let conversion_info = ycbcr_conversion_info(format);
        let conversion = unsafe { d.create_sampler_ycbcr_conversion(&conversion_info, None) }.expect("conversion");
        let mut named = vk::SamplerYcbcrConversionInfo::default().conversion(conversion);
        let info = view_of(image, vk::ImageViewType::TYPE_2D, format, (0, 1)).push_next(&mut named);
        let got = device.view(&ctx, &info);
        unsafe { d.destroy_sampler_ycbcr_conversion(conversion, None) };
        destroy_bound_images(d, &[(image, memory)]);
        assert_eq!(got, want, "Vulkan {api_version:#x}, ycbcr2plane444Formats {feature}");
    };
    check(vk::API_VERSION_1_2, false, &["VUID-VkImageViewCreateInfo-None-12280"]);
    check(vk::API_VERSION_1_2, true, &[]);
    check(vk::API_VERSION_1_3, false, &[]);
}

/// A fragment density map view (the shim's `VK_EXT_fragment_density_map(2)`, none of their
/// features enabled) is neither dynamic (`-flags-02572`) nor deferred (`-flags-03567`) without
/// the feature, and never both (`-flags-03568`, reported with the two features' ids: lavapipe
/// refuses a device that enables them, and the switch leaves their structures to it).
#[test]
fn image_view_fragment_density_map_flags() {
    use vk::ImageViewCreateFlags as F;
    let ctx = shim_context();
    let device = fragment_map_device(&ctx);
    let (image, memory) = device.bound_image(&ctx, &image_info(16, 16, 1, 1));
    let view = view_of(image, vk::ImageViewType::TYPE_2D, RGBA8, (0, 1));
    let id = |s: &str| format!("VUID-VkImageViewCreateInfo-flags-{s}");
    assert_eq!(device.view(&ctx, &view.flags(F::FRAGMENT_DENSITY_MAP_DYNAMIC_EXT)), [id("02572")]);
    assert_eq!(device.view(&ctx, &view.flags(F::FRAGMENT_DENSITY_MAP_DEFERRED_EXT)), [id("03567")]);
    let both = F::FRAGMENT_DENSITY_MAP_DYNAMIC_EXT | F::FRAGMENT_DENSITY_MAP_DEFERRED_EXT;
    assert_eq!(device.view(&ctx, &view.flags(both)), [id("02572"), id("03567"), id("03568")]);
    assert_eq!(device.view(&ctx, &view), Vec::<String>::new());
    destroy_bound_images(&device.0, &[(image, memory)]);
}

/// A view of a fragment density map image has one level (`-image-02571`),
/// VK_REMAINING_MIP_LEVELS resolved against the image's levels; and unless it is dynamic, the
/// image is neither protected nor sparse (`-flags-04116`: a sparse one, on a device with
/// sparseBinding).
#[test]
fn image_view_fragment_density_map_levels_and_sparse() {
    let ctx = shim_context();
    let core = vk::PhysicalDeviceFeatures { sparse_binding: vk::TRUE, ..Default::default() };
    let names = [ash::ext::fragment_density_map::NAME.as_ptr(), ash::ext::fragment_density_map2::NAME.as_ptr()];
    let device =
        OwnDevice::new(&ctx, vk::DeviceCreateInfo::default().enabled_extension_names(&names).enabled_features(&core));
    let rg = vk::Format::R8G8_UNORM;
    let density = image_info(16, 16, 2, 1).format(rg).usage(vk::ImageUsageFlags::FRAGMENT_DENSITY_MAP_EXT);
    let (image, memory) = device.bound_image(&ctx, &density);
    let levels = |base, count| {
        let mut info = view_of(image, vk::ImageViewType::TYPE_2D, rg, (0, 1));
        info.subresource_range.base_mip_level = base;
        info.subresource_range.level_count = count;
        info
    };
    let id = "VUID-VkImageViewCreateInfo-image-02571";
    assert_eq!(device.view(&ctx, &levels(0, 2)), [id]);
    assert_eq!(device.view(&ctx, &levels(0, vk::REMAINING_MIP_LEVELS)), [id]);
    assert_eq!(device.view(&ctx, &levels(1, vk::REMAINING_MIP_LEVELS)), Vec::<String>::new());
    assert_eq!(device.view(&ctx, &levels(0, 1)), Vec::<String>::new());
    // Sparse (needing no memory for a view).
    let sparse = density.mip_levels(1).flags(vk::ImageCreateFlags::SPARSE_BINDING);
    let sparse_image = unsafe { device.0.create_image(&sparse, None) }.expect("a sparse image");
    let view = view_of(sparse_image, vk::ImageViewType::TYPE_2D, rg, (0, 1));
    assert_eq!(device.view(&ctx, &view), ["VUID-VkImageViewCreateInfo-flags-04116"]);
    assert_eq!(device.view(&ctx, &view_of(image, vk::ImageViewType::TYPE_2D, rg, (0, 1))), Vec::<String>::new());
    // SAFETY: the sparse image is no longer in use.
    unsafe { device.0.destroy_image(sparse_image, None) };
    destroy_bound_images(&device.0, &[(image, memory)]);
}

/// A view of a fragment shading rate attachment image (the shim's
/// `VK_KHR_fragment_shading_rate`) is 2D or a 2D array (`-image-02086`), whatever the view's own
/// usage (here sampled only, so the one-layer rule `-usage-04551` is out of the way).
#[test]
fn image_view_shading_rate_attachment_type() {
    use vk::ImageUsageFlags as U;
    let ctx = shim_context();
    let device = fragment_map_device(&ctx);
    let rate = image_info(16, 16, 1, 6)
        .flags(vk::ImageCreateFlags::CUBE_COMPATIBLE)
        .format(vk::Format::R8_UINT)
        .usage(U::FRAGMENT_SHADING_RATE_ATTACHMENT_KHR | U::SAMPLED);
    let (image, memory) = device.bound_image(&ctx, &rate);
    let mut sampled = vk::ImageViewUsageCreateInfo::default().usage(U::SAMPLED);
    let cube = view_of(image, vk::ImageViewType::CUBE, vk::Format::R8_UINT, (0, 6)).push_next(&mut sampled);
    assert_eq!(device.view(&ctx, &cube), ["VUID-VkImageViewCreateInfo-image-02086"]);
    let mut sampled = vk::ImageViewUsageCreateInfo::default().usage(U::SAMPLED);
    let array = view_of(image, vk::ImageViewType::TYPE_2D_ARRAY, vk::Format::R8_UINT, (0, 6)).push_next(&mut sampled);
    assert_eq!(device.view(&ctx, &array), Vec::<String>::new());
    destroy_bound_images(&device.0, &[(image, memory)]);
}

/// With the shadingRateImage feature (the shim's `VK_NV_shading_rate_image`), a view of a
/// shading rate image is `R8_UINT` (`-image-02087`: the image is mutable, so `R8_SINT` is
/// otherwise a valid view format); without the feature the rule does not apply.
#[test]
fn image_view_shading_rate_image_format() {
    let ctx = shim_context();
    let extensions = [ash::nv::shading_rate_image::NAME];
    let enabled = vk::PhysicalDeviceShadingRateImageFeaturesNV::default().shading_rate_image(true);
    let rate = image_info(16, 16, 1, 1)
        .flags(vk::ImageCreateFlags::MUTABLE_FORMAT)
        .format(vk::Format::R8_UINT)
        .usage(vk::ImageUsageFlags::SHADING_RATE_IMAGE_NV | vk::ImageUsageFlags::SAMPLED);
    for feature in [true, false] {
        let features = if feature { enabled } else { vk::PhysicalDeviceShadingRateImageFeaturesNV::default() };
        let device = device_with(&ctx, &extensions, features);
        let (image, memory) = device.bound_image(&ctx, &rate);
        let view = |format| view_of(image, vk::ImageViewType::TYPE_2D, format, (0, 1));
        let expected: &[&str] = if feature { &["VUID-VkImageViewCreateInfo-image-02087"] } else { &[] };
        assert_eq!(device.view(&ctx, &view(vk::Format::R8_SINT)), expected, "feature: {feature}");
        assert_eq!(device.view(&ctx, &view(vk::Format::R8_UINT)), Vec::<String>::new());
        destroy_bound_images(&device.0, &[(image, memory)]);
    }
}

/// A view of a video decode image (the shim's `VK_KHR_video_queue` and decode queue, with its
/// one H.264 decode format, G8_B8R8_2PLANE_420_UNORM) is 2D or a 2D array (`-image-04817`). A
/// cube view needs a cube-compatible image, a flag the profile's format does not allow: that
/// image's creation is reported (`VkImageCreateInfo-pNext-06811`) and let through.
#[test]
fn image_view_video_decode_type() {
    let ctx = shim_context();
    let names = [
        ash::khr::video_queue::NAME.as_ptr(),
        ash::khr::video_decode_queue::NAME.as_ptr(),
        ash::khr::video_decode_h264::NAME.as_ptr(),
    ];
    let device = OwnDevice::new(&ctx, vk::DeviceCreateInfo::default().enabled_extension_names(&names));
    let mut h264 = vigil_tests::shim::h264_baseline();
    let profile = vigil_tests::shim::h264_decode_profile(&mut h264);
    let profiles = [profile];
    let mut list = vk::VideoProfileListInfoKHR::default().profiles(&profiles);
    let format = vk::Format::G8_B8R8_2PLANE_420_UNORM;
    let usage = vk::ImageUsageFlags::VIDEO_DECODE_DPB_KHR | vk::ImageUsageFlags::VIDEO_DECODE_DST_KHR;
    let info = image_info(64, 64, 1, 6)
        .flags(vk::ImageCreateFlags::CUBE_COMPATIBLE)
        .format(format)
        .usage(usage)
        .push_next(&mut list);
    ctx.messages.skip_errors(false);
    let mut made = None;
    let created = ctx.messages.problem_ids_of(|| made = Some(device.bound_image(&ctx, &info)));
    ctx.messages.skip_errors(true);
    assert_eq!(created, ["VUID-VkImageCreateInfo-pNext-06811"]);
    let (image, memory) = made.expect("the image");
    assert_eq!(
        device.view(&ctx, &view_of(image, vk::ImageViewType::CUBE, format, (0, 6))),
        ["VUID-VkImageViewCreateInfo-image-04817"]
    );
    assert_eq!(
        device.view(&ctx, &view_of(image, vk::ImageViewType::TYPE_2D_ARRAY, format, (0, 6))),
        Vec::<String>::new()
    );
    destroy_bound_images(&device.0, &[(image, memory)]);
}
