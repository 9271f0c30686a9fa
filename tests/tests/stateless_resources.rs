//! Explicit stateless rules of buffers, images, image views and transfer commands, through the
//! real loader: for each VUID a call that breaks it (exactly that id is reported, and the call
//! is skipped) and a valid neighbouring call (nothing is).

mod stateless_common;

use ash::vk;
use stateless_common::*;
use vigil_tests::{Context, ContextBuilder};

fn buffer_info(flags: vk::BufferCreateFlags) -> vk::BufferCreateInfo<'static> {
    vk::BufferCreateInfo::default().size(4096).usage(vk::BufferUsageFlags::STORAGE_BUFFER).flags(flags)
}

#[test]
fn buffer_queue_families_flags_and_capture_address() {
    use vk::BufferCreateFlags as F;
    let ctx = context();
    let duplicate = [0, 0];
    let beyond = [0, 7];
    let concurrent =
        |indices| buffer_info(F::empty()).sharing_mode(vk::SharingMode::CONCURRENT).queue_family_indices(indices);
    let mut capture = vk::BufferOpaqueCaptureAddressCreateInfo::default().opaque_capture_address(0x10000);
    let cases = [
        (concurrent(&duplicate), "VUID-VkBufferCreateInfo-sharingMode-01419"),
        (concurrent(&beyond), "VUID-VkBufferCreateInfo-sharingMode-01419"),
        (buffer_info(F::SPARSE_BINDING), "VUID-VkBufferCreateInfo-flags-00915"),
        (buffer_info(F::PROTECTED), "VUID-VkBufferCreateInfo-flags-01887"),
        (buffer_info(F::DEVICE_ADDRESS_CAPTURE_REPLAY), "VUID-VkBufferCreateInfo-flags-03338"),
        (buffer_info(F::empty()).push_next(&mut capture), "VUID-VkBufferCreateInfo-opaqueCaptureAddress-03337"),
    ];
    assert_each(&ctx, &cases, buffer);
    let mut no_capture = vk::BufferOpaqueCaptureAddressCreateInfo::default();
    let valid = [
        buffer_info(F::empty()).sharing_mode(vk::SharingMode::EXCLUSIVE).queue_family_indices(&duplicate),
        buffer_info(F::empty()).push_next(&mut no_capture),
    ];
    assert_clean(&ctx, &valid, buffer);
}

#[test]
fn sparse_buffers() {
    use vk::BufferCreateFlags as F;
    let binding_only = vk::PhysicalDeviceFeatures { sparse_binding: vk::TRUE, ..Default::default() };
    let ctx = context_with(ContextBuilder::new().features(binding_only));
    let cases = [
        (buffer_info(F::SPARSE_BINDING | F::SPARSE_RESIDENCY), "VUID-VkBufferCreateInfo-flags-00916"),
        (buffer_info(F::SPARSE_BINDING | F::SPARSE_ALIASED), "VUID-VkBufferCreateInfo-flags-00917"),
    ];
    assert_each(&ctx, &cases, buffer);
    assert_clean(&ctx, &[buffer_info(F::SPARSE_BINDING)], buffer);

    let all = vk::PhysicalDeviceFeatures {
        sparse_binding: vk::TRUE,
        sparse_residency_buffer: vk::TRUE,
        sparse_residency_aliased: vk::TRUE,
        ..Default::default()
    };
    let ctx = context_with(ContextBuilder::new().features(all));
    assert_each(&ctx, &[(buffer_info(F::SPARSE_RESIDENCY), "VUID-VkBufferCreateInfo-flags-00918")], buffer);
    assert_clean(&ctx, &[buffer_info(F::SPARSE_BINDING | F::SPARSE_RESIDENCY | F::SPARSE_ALIASED)], buffer);
}

fn base() -> vk::ImageCreateInfo<'static> {
    image_info(16, 16, 1, 1)
}

fn extent(width: u32, height: u32, depth: u32) -> vk::Extent3D {
    vk::Extent3D { width, height, depth }
}

#[test]
fn image_parameters() {
    use vk::ImageCreateFlags as F;
    use vk::ImageUsageFlags as U;
    let ctx = context();
    let cube = base().flags(F::CUBE_COMPATIBLE).array_layers(6);
    let color = base().usage(U::COLOR_ATTACHMENT);
    let transient = U::TRANSIENT_ATTACHMENT | U::COLOR_ATTACHMENT;
    let bc1 = base().format(vk::Format::BC1_RGB_UNORM_BLOCK);
    let id = |s: &str| format!("VUID-VkImageCreateInfo-{s}");
    let cases = [
        (cube.image_type(vk::ImageType::TYPE_1D).extent(extent(1, 1, 1)), id("flags-00949")),
        (cube.extent(extent(16, 8, 1)), id("flags-08865")),
        (cube.array_layers(4), id("flags-08866")),
        (base().image_type(vk::ImageType::TYPE_1D).extent(extent(16, 2, 1)), id("imageType-00956")),
        (base().extent(extent(16, 16, 2)), id("imageType-00957")),
        (base().image_type(vk::ImageType::TYPE_3D).extent(extent(16, 16, 4)).array_layers(2), id("imageType-00961")),
        (base().mip_levels(6), id("mipLevels-00958")),
        (color.samples(vk::SampleCountFlags::TYPE_4).mip_levels(2), id("samples-02257")),
        (base().usage(transient | U::SAMPLED), id("usage-00963")),
        (base().usage(U::TRANSIENT_ATTACHMENT), id("usage-00966")),
        (color.extent(extent(16385, 16, 1)), id("usage-00964")),
        (color.extent(extent(16, 16385, 1)), id("usage-00965")),
        (base().initial_layout(vk::ImageLayout::GENERAL), id("initialLayout-00993")),
        (base().initial_layout(vk::ImageLayout::PREINITIALIZED), id("initialLayout-12478")),
        (base().flags(F::SPARSE_BINDING), id("flags-00969")),
        (bc1.flags(F::BLOCK_TEXEL_VIEW_COMPATIBLE), id("flags-01573")),
    ];
    let cases: Vec<(vk::ImageCreateInfo, &str)> = cases.iter().map(|(c, i)| (*c, i.as_str())).collect();
    assert_each(&ctx, &cases, image);
    let valid = [
        base(),
        cube,
        base().image_type(vk::ImageType::TYPE_1D).extent(extent(16, 1, 1)),
        base().image_type(vk::ImageType::TYPE_3D).extent(extent(16, 16, 4)),
        base().mip_levels(5),
        color.samples(vk::SampleCountFlags::TYPE_4),
        base().usage(transient),
        color.extent(extent(16384, 16384, 1)),
        base().initial_layout(vk::ImageLayout::PREINITIALIZED).tiling(vk::ImageTiling::LINEAR),
        bc1.flags(F::BLOCK_TEXEL_VIEW_COMPATIBLE | F::MUTABLE_FORMAT),
    ];
    assert_clean(&ctx, &valid, image);
}

#[test]
fn image_creation_limits() {
    let ctx = context();
    let props = |info: &vk::ImageCreateInfo| unsafe {
        ctx.instance
            .get_physical_device_image_format_properties(
                ctx.physical_device,
                info.format,
                info.image_type,
                info.tiling,
                info.usage,
                info.flags,
            )
            .expect("supported combination")
    };
    let image_3d = base().image_type(vk::ImageType::TYPE_3D).extent(extent(16, 16, 4));
    let (max, max_3d) = (props(&base()), props(&image_3d));
    let color = base().usage(vk::ImageUsageFlags::COLOR_ATTACHMENT);
    let unsupported_samples =
        [vk::SampleCountFlags::TYPE_2, vk::SampleCountFlags::TYPE_8, vk::SampleCountFlags::TYPE_16]
            .into_iter()
            .find(|s| !props(&color).sample_counts.contains(*s))
            .expect("a sample count lavapipe does not support");
    let id = |s: &str| format!("VUID-VkImageCreateInfo-{s}");
    let cases = [
        (base().extent(extent(max.max_extent.width + 1, 16, 1)), id("extent-02252")),
        (base().extent(extent(16, max.max_extent.height + 1, 1)), id("extent-02253")),
        (image_3d.extent(extent(16, 16, max_3d.max_extent.depth + 1)), id("extent-02254")),
        (base().array_layers(max.max_array_layers + 1), id("arrayLayers-02256")),
        (color.samples(unsupported_samples), id("samples-02258")),
        (color.format(vk::Format::BC1_RGB_UNORM_BLOCK), id("imageCreateMaxMipLevels-02251")),
    ];
    let cases: Vec<(vk::ImageCreateInfo, &str)> = cases.iter().map(|(c, i)| (*c, i.as_str())).collect();
    assert_each(&ctx, &cases, image);
    let valid = [
        base().extent(extent(max.max_extent.width, max.max_extent.height, 1)),
        image_3d.extent(extent(16, 16, max_3d.max_extent.depth)),
        base().array_layers(max.max_array_layers),
        color.samples(vk::SampleCountFlags::TYPE_4),
        base().format(vk::Format::BC1_RGB_UNORM_BLOCK),
    ];
    assert_clean(&ctx, &valid, image);
}

/// `info`'s reported ids, sorted: for cases that break more than one rule.
fn image_ids(ctx: &Context, info: &vk::ImageCreateInfo) -> Vec<String> {
    let mut ids = image(ctx, info);
    ids.sort();
    ids
}

fn ids(of: &[&str]) -> Vec<String> {
    let mut ids: Vec<String> = of.iter().map(|s| format!("VUID-VkImageCreateInfo-{s}")).collect();
    ids.sort();
    ids
}

fn owned<'a>(cases: &'a [(vk::ImageCreateInfo<'static>, String)]) -> Vec<(vk::ImageCreateInfo<'static>, &'a str)> {
    cases.iter().map(|(c, i)| (*c, i.as_str())).collect()
}

#[test]
fn image_flags_types_and_formats() {
    use vk::ImageCreateFlags as F;
    use vk::ImageUsageFlags as U;
    let ctx = context();
    let id = |s: &str| format!("VUID-VkImageCreateInfo-{s}");
    let image_3d = base().image_type(vk::ImageType::TYPE_3D).extent(extent(16, 16, 4));
    let nv12 = base().format(vk::Format::G8_B8R8_2PLANE_420_UNORM);
    let storage = base().usage(U::STORAGE);
    let cases = [
        (base().flags(F::TYPE_2D_ARRAY_COMPATIBLE), id("flags-00950")),
        (base().flags(F::BLOCK_TEXEL_VIEW_COMPATIBLE | F::MUTABLE_FORMAT), id("flags-01572")),
        (base().flags(F::PROTECTED), id("flags-01890")),
        (base().flags(F::DISJOINT), id("format-01577")),
        (base().flags(F::SPLIT_INSTANCE_BIND_REGIONS), id("physicalDeviceCount-01421")),
        (nv12.extent(extent(15, 16, 1)), id("format-04712")),
        (nv12.extent(extent(16, 15, 1)), id("format-04713")),
        (nv12.mip_levels(2), id("format-06410")),
        (nv12.samples(vk::SampleCountFlags::TYPE_4), id("format-06411")),
        (nv12.image_type(vk::ImageType::TYPE_3D), id("format-06412")),
        (storage.samples(vk::SampleCountFlags::TYPE_4), id("usage-00968")),
    ];
    assert_each(&ctx, &owned(&cases), image);
    assert_eq!(
        image_ids(&ctx, &base().flags(F::SPLIT_INSTANCE_BIND_REGIONS).mip_levels(2)),
        ids(&["flags-02259", "physicalDeviceCount-01421"])
    );
    let valid = [
        image_3d.flags(F::TYPE_2D_ARRAY_COMPATIBLE),
        base().format(vk::Format::BC1_RGB_UNORM_BLOCK).flags(F::BLOCK_TEXEL_VIEW_COMPATIBLE | F::MUTABLE_FORMAT),
        base().flags(F::DISJOINT | F::ALIAS),
        nv12,
        nv12.flags(F::DISJOINT),
        nv12.extent(extent(16, 2, 1)),
        storage,
    ];
    assert_clean(&ctx, &valid, image);
    // With the feature, multisampled storage images are fine.
    let features = vk::PhysicalDeviceFeatures { shader_storage_image_multisample: vk::TRUE, ..Default::default() };
    let ctx = context_with(ContextBuilder::new().features(features));
    assert_clean(&ctx, &[storage.samples(vk::SampleCountFlags::TYPE_4)], image);
}

#[test]
fn sparse_images() {
    use vk::ImageCreateFlags as F;
    use vk::ImageUsageFlags as U;
    let residency = F::SPARSE_BINDING | F::SPARSE_RESIDENCY;
    // sparseBinding alone: no residency of any image type, no aliasing.
    let binding_only = vk::PhysicalDeviceFeatures { sparse_binding: vk::TRUE, ..Default::default() };
    let ctx = context_with(ContextBuilder::new().features(binding_only));
    let image_3d = base().image_type(vk::ImageType::TYPE_3D).extent(extent(16, 16, 4));
    let id = |s: &str| format!("VUID-VkImageCreateInfo-{s}");
    let cases = [
        (base().flags(residency), id("imageType-00971")),
        (image_3d.flags(residency), id("imageType-00972")),
        (base().flags(F::SPARSE_BINDING | F::SPARSE_ALIASED), id("flags-01924")),
        (base().flags(F::SPARSE_BINDING).usage(U::TRANSIENT_ATTACHMENT | U::COLOR_ATTACHMENT), id("None-01925")),
    ];
    assert_each(&ctx, &owned(&cases), image);
    assert_eq!(image_ids(&ctx, &base().flags(F::SPARSE_BINDING | F::PROTECTED)), ids(&["None-01891", "flags-01890"]));
    assert_clean(&ctx, &[base().flags(F::SPARSE_BINDING).usage(U::COLOR_ATTACHMENT)], image);

    // What lavapipe has: residency of 2D and 3D images and aliasing, but not of multisampled
    // images.
    let sparse = vk::PhysicalDeviceFeatures {
        sparse_binding: vk::TRUE,
        sparse_residency_image2_d: vk::TRUE,
        sparse_residency_image3_d: vk::TRUE,
        sparse_residency_aliased: vk::TRUE,
        ..Default::default()
    };
    let ctx = context_with(ContextBuilder::new().features(sparse));
    let color = base().usage(U::COLOR_ATTACHMENT).flags(residency);
    let cases = [
        (base().image_type(vk::ImageType::TYPE_1D).extent(extent(16, 1, 1)).flags(residency), id("imageType-00970")),
        (base().flags(residency).tiling(vk::ImageTiling::LINEAR), id("tiling-04121")),
        (color.samples(vk::SampleCountFlags::TYPE_2), id("imageType-00973")),
        (color.samples(vk::SampleCountFlags::TYPE_4), id("imageType-00974")),
        (color.samples(vk::SampleCountFlags::TYPE_8), id("imageType-00975")),
        (color.samples(vk::SampleCountFlags::TYPE_16), id("imageType-00976")),
    ];
    assert_each(&ctx, &owned(&cases), image);
    let valid =
        [base().flags(residency), image_3d.flags(residency), base().flags(residency | F::SPARSE_ALIASED), color];
    assert_clean(&ctx, &valid, image);

    // Residency without binding, in a context without the sparse features.
    let ctx = context();
    assert_eq!(image_ids(&ctx, &base().flags(F::SPARSE_RESIDENCY)), ids(&["flags-00987", "imageType-00971"]));
}

#[test]
fn image_sharing_and_chained_structures() {
    use vk::ImageCreateFlags as F;
    use vk::ImageUsageFlags as U;
    let ctx = context();
    let id = |s: &str| format!("VUID-VkImageCreateInfo-{s}");
    let (duplicate, beyond, one) = ([0, 0], [0, 7], [0]);
    let concurrent = |indices| base().sharing_mode(vk::SharingMode::CONCURRENT).queue_family_indices(indices);
    let mut null_indices = base().sharing_mode(vk::SharingMode::CONCURRENT);
    null_indices.queue_family_index_count = 2;
    let formats = [vk::Format::R8G8B8A8_UNORM, vk::Format::R32_UINT];
    let mixed = [vk::Format::R8G8B8A8_UNORM, vk::Format::R16_SFLOAT];
    let mut two = vk::ImageFormatListCreateInfo::default().view_formats(&formats);
    let mut incompatible = vk::ImageFormatListCreateInfo::default().view_formats(&mixed);
    let mut external =
        vk::ExternalMemoryImageCreateInfo::default().handle_types(vk::ExternalMemoryHandleTypeFlags::OPAQUE_FD);
    let linear = base().tiling(vk::ImageTiling::LINEAR).initial_layout(vk::ImageLayout::PREINITIALIZED);
    let cases = [
        (null_indices, id("sharingMode-00941")),
        (concurrent(&one), id("sharingMode-00942")),
        (concurrent(&duplicate), id("sharingMode-01420")),
        (concurrent(&beyond), id("sharingMode-01420")),
        (base().push_next(&mut two), id("flags-04738")),
        (base().flags(F::MUTABLE_FORMAT).push_next(&mut incompatible), id("pNext-06722")),
        (linear.push_next(&mut external), id("pNext-01443")),
    ];
    let cases: Vec<(vk::ImageCreateInfo, &str)> = cases.iter().map(|(c, i)| (*c, i.as_str())).collect();
    assert_each(&ctx, &cases, image);
    let mut two = vk::ImageFormatListCreateInfo::default().view_formats(&formats);
    let mut external =
        vk::ExternalMemoryImageCreateInfo::default().handle_types(vk::ExternalMemoryHandleTypeFlags::OPAQUE_FD);
    let mut no_handles = vk::ExternalMemoryImageCreateInfo::default();
    let valid = [
        base().sharing_mode(vk::SharingMode::EXCLUSIVE).queue_family_indices(&duplicate),
        base().flags(F::MUTABLE_FORMAT).push_next(&mut two),
        base().push_next(&mut external),
        linear.push_next(&mut no_handles),
    ];
    assert_clean(&ctx, &valid, image);

    // The stencil aspect's own usage (VkImageStencilUsageCreateInfo).
    let ds = base().format(vk::Format::D32_SFLOAT_S8_UINT);
    let attachment = U::DEPTH_STENCIL_ATTACHMENT;
    let transient = U::TRANSIENT_ATTACHMENT | U::DEPTH_STENCIL_ATTACHMENT;
    let stencil_cases = [
        (attachment, U::SAMPLED, extent(16, 16, 1), "format-02795"),
        (U::SAMPLED, attachment, extent(16, 16, 1), "format-02796"),
        (transient, attachment, extent(16, 16, 1), "format-02797"),
        (attachment, transient, extent(16, 16, 1), "format-02798"),
        (U::SAMPLED, U::INPUT_ATTACHMENT, extent(16385, 16, 1), "Format-02536"),
        (U::SAMPLED, U::INPUT_ATTACHMENT, extent(16, 16385, 1), "format-02537"),
    ];
    for (i, (usage, stencil_usage, size, rule)) in stencil_cases.into_iter().enumerate() {
        let mut stencil = vk::ImageStencilUsageCreateInfo::default().stencil_usage(stencil_usage);
        let info = ds.usage(usage).extent(size).push_next(&mut stencil);
        assert_eq!(image(&ctx, &info), [id(rule)], "stencil case {i}");
    }
    let mut stencil = vk::ImageStencilUsageCreateInfo::default().stencil_usage(U::STORAGE);
    let info = ds.samples(vk::SampleCountFlags::TYPE_4).push_next(&mut stencil);
    assert_eq!(image(&ctx, &info), [id("format-02538")]);
    for (usage, stencil_usage, size) in [
        (attachment | U::SAMPLED, attachment, extent(16, 16, 1)),
        (transient, transient, extent(16, 16, 1)),
        (U::SAMPLED, U::INPUT_ATTACHMENT, extent(16384, 16384, 1)),
    ] {
        let mut stencil = vk::ImageStencilUsageCreateInfo::default().stencil_usage(stencil_usage);
        let info = ds.usage(usage).extent(size).push_next(&mut stencil);
        assert_eq!(image(&ctx, &info), Vec::<String>::new());
    }
}

#[test]
fn image_flags_of_extensions() {
    use vk::ImageCreateFlags as F;
    let id = |s: &str| format!("VUID-VkImageCreateInfo-{s}");
    // VK_EXT_image_2d_view_of_3d's flag is for 3D images too.
    let ctx = context_with(ContextBuilder::new().device_extensions(&[c"VK_EXT_image_2d_view_of_3d"]));
    let image_3d = base().image_type(vk::ImageType::TYPE_3D).extent(extent(16, 16, 4));
    assert_each(&ctx, &[(base().flags(F::TYPE_2D_VIEW_COMPATIBLE_EXT), id("flags-07755").as_str())], image);
    assert_clean(&ctx, &[image_3d.flags(F::TYPE_2D_VIEW_COMPATIBLE_EXT)], image);

    // Multisampled-render-to-single-sampled images: the feature, and a single sample.
    let ctx = context_with(ContextBuilder::new().device_extensions(&[c"VK_EXT_multisampled_render_to_single_sampled"]));
    let msrtss =
        base().usage(vk::ImageUsageFlags::COLOR_ATTACHMENT).flags(F::MULTISAMPLED_RENDER_TO_SINGLE_SAMPLED_EXT);
    assert_each(&ctx, &[(msrtss, id("multisampledRenderToSingleSampled-06882").as_str())], image);
    assert_eq!(
        image_ids(&ctx, &msrtss.samples(vk::SampleCountFlags::TYPE_4)),
        ids(&["flags-06883", "multisampledRenderToSingleSampled-06882"])
    );

    // Descriptor buffer capture data (lavapipe lacks descriptorBufferCaptureReplay).
    let ctx = context_with(ContextBuilder::new().descriptor_buffer());
    let data = [0u8; 16];
    let mut capture =
        vk::OpaqueCaptureDescriptorDataCreateInfoEXT::default().opaque_capture_descriptor_data(data.as_ptr().cast());
    let cases = [
        (base().flags(F::DESCRIPTOR_BUFFER_CAPTURE_REPLAY_EXT), id("flags-08104")),
        (base().push_next(&mut capture), id("pNext-08105")),
    ];
    let cases: Vec<(vk::ImageCreateInfo, &str)> = cases.iter().map(|(c, i)| (*c, i.as_str())).collect();
    assert_each(&ctx, &cases, image);
    assert_clean(&ctx, &[base()], image);
}

/// Rules on flags and usages of extensions lavapipe does not have: Vigil reports the value as
/// not enabled (`-parameter`) and the rule as well.
#[test]
fn image_rules_of_extensions_lavapipe_lacks() {
    use vk::ImageCreateFlags as F;
    use vk::ImageUsageFlags as U;
    let ctx = context();
    let image_3d = base().image_type(vk::ImageType::TYPE_3D).extent(extent(16, 16, 4));
    let corner = base().flags(F::CORNER_SAMPLED_NV);
    let subsampled = base().flags(F::SUBSAMPLED_EXT);
    let fsr = base().usage(U::FRAGMENT_SHADING_RATE_ATTACHMENT_KHR);
    let fdm = base().usage(U::FRAGMENT_DENSITY_MAP_EXT);
    let cases: [(vk::ImageCreateInfo, &[&str]); 14] = [
        (corner.image_type(vk::ImageType::TYPE_1D).extent(extent(16, 1, 1)), &["flags-parameter", "flags-02050"]),
        (corner.format(vk::Format::D32_SFLOAT), &["flags-parameter", "flags-02051"]),
        (corner.extent(extent(16, 1, 1)), &["flags-parameter", "flags-02052"]),
        (image_3d.flags(F::CORNER_SAMPLED_NV).extent(extent(16, 16, 1)), &["flags-parameter", "flags-02053"]),
        (subsampled.tiling(vk::ImageTiling::LINEAR), &["flags-parameter", "flags-02565"]),
        (image_3d.flags(F::SUBSAMPLED_EXT), &["flags-parameter", "flags-02566"]),
        (subsampled.flags(F::SUBSAMPLED_EXT | F::CUBE_COMPATIBLE).array_layers(6), &["flags-parameter", "flags-02567"]),
        (subsampled.mip_levels(2), &["flags-parameter", "flags-02568"]),
        (base().flags(F::SAMPLE_LOCATIONS_COMPATIBLE_DEPTH_EXT), &["flags-parameter", "flags-01533"]),
        (fsr.image_type(vk::ImageType::TYPE_3D), &["usage-parameter", "imageType-02082"]),
        (fsr.samples(vk::SampleCountFlags::TYPE_4), &["usage-parameter", "samples-02083"]),
        (fdm.image_type(vk::ImageType::TYPE_3D), &["usage-parameter", "flags-02557"]),
        (fdm.samples(vk::SampleCountFlags::TYPE_4), &["usage-parameter", "samples-02558"]),
        (base().tiling(vk::ImageTiling::DRM_FORMAT_MODIFIER_EXT), &["tiling-parameter", "tiling-02261"]),
    ];
    for (i, (info, want)) in cases.iter().enumerate() {
        assert_eq!(image_ids(&ctx, info), ids(want), "case {i}");
    }
    // The boundary: the same values where the rule holds report only the value (in a new
    // context: Vigil reports an id at most a set number of times per device).
    let ctx = context();
    let valid: [(vk::ImageCreateInfo, &[&str]); 4] = [
        (corner, &["flags-parameter"]),
        (subsampled, &["flags-parameter"]),
        (base().flags(F::SAMPLE_LOCATIONS_COMPATIBLE_DEPTH_EXT).format(vk::Format::D32_SFLOAT), &["flags-parameter"]),
        (fsr, &["usage-parameter"]),
    ];
    for (i, (info, want)) in valid.iter().enumerate() {
        assert_eq!(image_ids(&ctx, info), ids(want), "valid case {i}");
    }
}

/// Chained structures of extensions lavapipe lacks (`VK_NV_external_memory`,
/// `VK_EXT_image_drm_format_modifier`): Vigil reports the structure as not enabled
/// (`-pNext-pNext`) and the rule about it as well.
#[test]
fn image_chains_of_extensions_lavapipe_lacks() {
    let ctx = context();
    let mut nv = vk::ExternalMemoryImageCreateInfoNV::default();
    let mut khr = vk::ExternalMemoryImageCreateInfo::default();
    let both = base().push_next(&mut nv).push_next(&mut khr);
    assert_eq!(image_ids(&ctx, &both), ids(&["pNext-pNext", "pNext-00988"]));
    let modifiers = [0u64];
    let mut list = vk::ImageDrmFormatModifierListCreateInfoEXT::default().drm_format_modifiers(&modifiers);
    let optimal = base().push_next(&mut list);
    assert_eq!(image_ids(&ctx, &optimal), ids(&["pNext-pNext", "pNext-02262"]));
    let plane = [vk::SubresourceLayout { size: 1024, row_pitch: 64, ..Default::default() }];
    let mut explicit = vk::ImageDrmFormatModifierExplicitCreateInfoEXT::default().plane_layouts(&plane);
    let linear = base().tiling(vk::ImageTiling::LINEAR).push_next(&mut explicit);
    assert_eq!(image_ids(&ctx, &linear), ids(&["pNext-pNext", "pNext-02262"]));
    // The boundary (in a new context: Vigil reports an id at most a set number of times per
    // device): one external memory structure; the modifier list with the modifier tiling.
    let ctx = context();
    let mut nv = vk::ExternalMemoryImageCreateInfoNV::default();
    assert_eq!(image_ids(&ctx, &base().push_next(&mut nv)), ids(&["pNext-pNext"]));
    let mut list = vk::ImageDrmFormatModifierListCreateInfoEXT::default().drm_format_modifiers(&modifiers);
    let modifier = base().tiling(vk::ImageTiling::DRM_FORMAT_MODIFIER_EXT).push_next(&mut list);
    assert_eq!(image_ids(&ctx, &modifier), ids(&["pNext-pNext", "tiling-parameter"]));
}

#[test]
fn image_mip_levels_within_the_format_limit() {
    let ctx = context();
    let image_3d = base().image_type(vk::ImageType::TYPE_3D).extent(extent(16, 16, 4));
    let max = unsafe {
        ctx.instance.get_physical_device_image_format_properties(
            ctx.physical_device,
            image_3d.format,
            image_3d.image_type,
            image_3d.tiling,
            image_3d.usage,
            image_3d.flags,
        )
    }
    .expect("supported combination");
    // A 3D image wider than the format allows, with the complete mipmap chain of its width:
    // more levels than the format's maxMipLevels (which follows its maxExtent).
    let width = 1 << max.max_mip_levels;
    assert!(width > max.max_extent.width, "maxMipLevels {} for maxExtent {:?}", max.max_mip_levels, max.max_extent);
    let too_wide = image_3d.extent(extent(width, 1, 1)).mip_levels(max.max_mip_levels + 1);
    assert_eq!(image_ids(&ctx, &too_wide), ids(&["extent-02252", "mipLevels-02255"]));
    let widest = image_3d.extent(extent(width / 2, 1, 1)).mip_levels(max.max_mip_levels);
    assert_clean(&ctx, &[widest], image);
}

/// Images with memory, for views; destroyed (with their memory) on drop.
struct Images<'a> {
    ctx: &'a Context,
    made: Vec<(vk::Image, vk::DeviceMemory)>,
}

impl<'a> Images<'a> {
    fn new(ctx: &'a Context) -> Self {
        Images { ctx, made: Vec::new() }
    }

    fn make(&mut self, info: &vk::ImageCreateInfo) -> vk::Image {
        let image = unsafe { self.ctx.device.create_image(info, None) }.expect("valid image");
        self.made.push((image, bind_image_memory(self.ctx, image)));
        image
    }
}

impl Drop for Images<'_> {
    fn drop(&mut self) {
        for (image, memory) in self.made.drain(..) {
            unsafe {
                self.ctx.device.destroy_image(image, None);
                self.ctx.device.free_memory(memory, None);
            }
        }
    }
}

fn view(
    image: vk::Image,
    ty: vk::ImageViewType,
    mips: (u32, u32),
    layers: (u32, u32),
) -> vk::ImageViewCreateInfo<'static> {
    vk::ImageViewCreateInfo::default().image(image).view_type(ty).format(vk::Format::R8G8B8A8_UNORM).subresource_range(
        vk::ImageSubresourceRange {
            aspect_mask: vk::ImageAspectFlags::COLOR,
            base_mip_level: mips.0,
            level_count: mips.1,
            base_array_layer: layers.0,
            layer_count: layers.1,
        },
    )
}

const ALL: u32 = vk::REMAINING_ARRAY_LAYERS;

#[test]
fn image_view_types_and_ranges() {
    use vk::ImageViewType as V;
    let features = vk::PhysicalDeviceFeatures { image_cube_array: vk::TRUE, ..Default::default() };
    let ctx = context_with(ContextBuilder::new().features(features));
    let mut images = Images::new(&ctx);
    let plain = images.make(&image_info(16, 16, 4, 6));
    let cube = images.make(&image_info(16, 16, 1, 12).flags(vk::ImageCreateFlags::CUBE_COMPATIBLE));
    let volume = images.make(&base().image_type(vk::ImageType::TYPE_3D).extent(extent(8, 8, 8)));
    let id = |s: &str| format!("VUID-VkImageViewCreateInfo-{s}");
    let cases = [
        (view(plain, V::CUBE, (0, 1), (0, 6)), id("image-01003")),
        (view(plain, V::TYPE_3D, (0, 1), (0, 1)), id("subResourceRange-01021")),
        (view(volume, V::TYPE_2D_ARRAY, (0, 1), (0, 1)), id("image-06723")),
        (view(volume, V::TYPE_2D, (0, 1), (0, 1)), id("image-06728")),
        (view(plain, V::TYPE_2D, (4, vk::REMAINING_MIP_LEVELS), (0, 1)), id("subresourceRange-01478")),
        (view(plain, V::TYPE_2D, (2, 3), (0, 1)), id("subresourceRange-01718")),
        (view(plain, V::TYPE_2D, (0, 1), (6, ALL)), id("image-06724")),
        (view(plain, V::TYPE_2D_ARRAY, (0, 1), (2, 5)), id("subresourceRange-06725")),
        (view(plain, V::TYPE_2D, (0, 1), (0, 2)), id("imageViewType-04973")),
        (view(plain, V::TYPE_2D, (0, 1), (0, ALL)), id("imageViewType-04974")),
        (view(cube, V::CUBE, (0, 1), (0, 5)), id("viewType-02960")),
        (view(cube, V::CUBE_ARRAY, (0, 1), (0, 8)), id("viewType-02961")),
        (view(cube, V::CUBE, (0, 1), (0, ALL)), id("viewType-02962")),
        (view(cube, V::CUBE_ARRAY, (0, 1), (2, ALL)), id("viewType-02963")),
    ];
    let cases: Vec<(vk::ImageViewCreateInfo, &str)> = cases.iter().map(|(c, i)| (*c, i.as_str())).collect();
    assert_each(&ctx, &cases, image_view);
    let valid = [
        view(plain, V::TYPE_2D, (0, 1), (0, 1)),
        view(plain, V::TYPE_2D, (3, vk::REMAINING_MIP_LEVELS), (5, ALL)),
        view(plain, V::TYPE_2D_ARRAY, (1, 3), (2, 4)),
        view(cube, V::CUBE, (0, 1), (6, ALL)),
        view(cube, V::CUBE_ARRAY, (0, 1), (0, ALL)),
        view(volume, V::TYPE_3D, (0, 1), (0, 1)),
    ];
    assert_clean(&ctx, &valid, image_view);

    // Without imageCubeArray.
    drop(images);
    let ctx = context();
    let mut images = Images::new(&ctx);
    let cube = images.make(&image_info(16, 16, 1, 12).flags(vk::ImageCreateFlags::CUBE_COMPATIBLE));
    assert_each(
        &ctx,
        &[(view(cube, V::CUBE_ARRAY, (0, 1), (0, 12)), "VUID-VkImageViewCreateInfo-viewType-01004")],
        image_view,
    );
    assert_clean(&ctx, &[view(cube, V::CUBE, (0, 1), (0, 6))], image_view);
}

/// A 2D view of `image` as `format`, of the aspects `aspects`.
fn format_view(
    image: vk::Image,
    format: vk::Format,
    aspects: vk::ImageAspectFlags,
) -> vk::ImageViewCreateInfo<'static> {
    let mut info = view(image, vk::ImageViewType::TYPE_2D, (0, 1), (0, 1)).format(format);
    info.subresource_range.aspect_mask = aspects;
    info
}

#[test]
fn image_view_formats_and_aspects() {
    use vk::Format as Fmt;
    use vk::ImageAspectFlags as A;
    use vk::ImageCreateFlags as F;
    let ycbcr = vk::PhysicalDeviceVulkan11Features::default().sampler_ycbcr_conversion(true);
    let ctx = context_with(ContextBuilder::new().vulkan11_features(ycbcr));
    let mut images = Images::new(&ctx);
    let fixed = images.make(&base());
    let mutable = images.make(&base().flags(F::MUTABLE_FORMAT));
    let block_texel = F::MUTABLE_FORMAT | F::BLOCK_TEXEL_VIEW_COMPATIBLE;
    let bc1 = images.make(&base().format(Fmt::BC1_RGBA_UNORM_BLOCK).flags(block_texel));
    let nv12_info = base().format(Fmt::G8_B8R8_2PLANE_420_UNORM);
    let nv12 = images.make(&nv12_info.flags(F::MUTABLE_FORMAT));
    let nv12_fixed = images.make(&nv12_info);
    let depth =
        images.make(&base().format(Fmt::D32_SFLOAT_S8_UINT).usage(vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT));
    let id = |s: &str| format!("VUID-VkImageViewCreateInfo-{s}");
    let cases = [
        (format_view(fixed, Fmt::R8G8B8A8_SRGB, A::COLOR), id("image-12397")),
        (format_view(mutable, Fmt::R16_SFLOAT, A::COLOR), id("image-01761")),
        (format_view(bc1, Fmt::R8G8B8A8_UNORM, A::COLOR), id("image-01583")),
        (format_view(nv12, Fmt::R8_UNORM, A::COLOR), id("format-12398")),
        (format_view(nv12, Fmt::R8G8_UNORM, A::PLANE_0), id("image-01586")),
        (format_view(nv12, Fmt::R8_UNORM, A::PLANE_0 | A::PLANE_1), id("subresourceRange-07818")),
        (format_view(nv12, Fmt::R8_UNORM, A::PLANE_2), id("subresourceRange-09594")),
        (format_view(fixed, Fmt::R8G8B8A8_UNORM, A::DEPTH), id("subresourceRange-09594")),
        (format_view(depth, Fmt::D32_SFLOAT_S8_UINT, A::COLOR), id("subresourceRange-09594")),
        (format_view(nv12_fixed, Fmt::G8_B8R8_2PLANE_420_UNORM, A::COLOR), id("format-06415")),
    ];
    let cases: Vec<(vk::ImageViewCreateInfo, &str)> = cases.iter().map(|(c, i)| (*c, i.as_str())).collect();
    assert_each(&ctx, &cases, image_view);

    let conversion_info = ycbcr_conversion_info(Fmt::G8_B8R8_2PLANE_420_UNORM);
    let conversion = unsafe { ctx.device.create_sampler_ycbcr_conversion(&conversion_info, None) }.expect("conversion");
    let mut named = vk::SamplerYcbcrConversionInfo::default().conversion(conversion);
    let valid = [
        format_view(fixed, Fmt::R8G8B8A8_UNORM, A::COLOR),
        format_view(mutable, Fmt::R32_UINT, A::COLOR),
        format_view(bc1, Fmt::BC1_RGBA_SRGB_BLOCK, A::COLOR),
        format_view(bc1, Fmt::R32G32_UINT, A::COLOR),
        format_view(nv12, Fmt::R8_UNORM, A::PLANE_0),
        format_view(nv12, Fmt::R8G8_UNORM, A::PLANE_1),
        format_view(depth, Fmt::D32_SFLOAT_S8_UINT, A::DEPTH),
        format_view(nv12_fixed, Fmt::G8_B8R8_2PLANE_420_UNORM, A::COLOR).push_next(&mut named),
    ];
    assert_clean(&ctx, &valid, image_view);
    unsafe { ctx.device.destroy_sampler_ycbcr_conversion(conversion, None) };
}

/// A recording command buffer with a bound transfer buffer and a bound transfer image.
struct Recording<'a> {
    ctx: &'a Context,
    pool: vk::CommandPool,
    cb: vk::CommandBuffer,
    buffer: vk::Buffer,
    image: vk::Image,
    memory: [vk::DeviceMemory; 2],
}

impl<'a> Recording<'a> {
    fn new(ctx: &'a Context) -> Self {
        let d = &ctx.device;
        let pool = unsafe {
            d.create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family), None)
        }
        .expect("command pool");
        let cb = unsafe {
            d.allocate_command_buffers(
                &vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1),
            )
        }
        .expect("command buffer")[0];
        unsafe { d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()) }.expect("begin");
        let usage = vk::BufferUsageFlags::TRANSFER_SRC | vk::BufferUsageFlags::TRANSFER_DST;
        let buffer = unsafe { d.create_buffer(&vk::BufferCreateInfo::default().size(1 << 17).usage(usage), None) }
            .expect("buffer");
        let image_usage = vk::ImageUsageFlags::TRANSFER_SRC | vk::ImageUsageFlags::TRANSFER_DST;
        let image = unsafe { d.create_image(&image_info(16, 16, 1, 1).usage(image_usage), None) }.expect("image");
        let memory = [bind_buffer_memory(ctx, buffer), bind_image_memory(ctx, image)];
        Recording { ctx, pool, cb, buffer, image, memory }
    }

    /// Runs `record` with the command buffer, returning the ids reported.
    fn report(&self, record: impl FnOnce(&ash::Device, vk::CommandBuffer)) -> Vec<String> {
        reported(self.ctx, || record(&self.ctx.device, self.cb))
    }
}

impl Drop for Recording<'_> {
    fn drop(&mut self) {
        let d = &self.ctx.device;
        unsafe {
            let _ = d.end_command_buffer(self.cb);
            d.destroy_command_pool(self.pool, None);
            d.destroy_buffer(self.buffer, None);
            d.destroy_image(self.image, None);
            for m in self.memory {
                d.free_memory(m, None);
            }
        }
    }
}

/// The ARCHITECTURE example: group counts against maxComputeWorkGroupCount, one axis at a time,
/// at the limit (clean) and one past it.
#[test]
fn dispatch_group_counts_within_limits() {
    let ctx = context();
    let rec = Recording::new(&ctx);
    // SAFETY: a physical device of this instance.
    let max =
        unsafe { ctx.instance.get_physical_device_properties(ctx.physical_device) }.limits.max_compute_work_group_count;
    let dispatch = |x, y, z| rec.report(|d, cb| unsafe { d.cmd_dispatch(cb, x, y, z) });
    assert_eq!(dispatch(max[0] + 1, 1, 1), ["VUID-vkCmdDispatch-groupCountX-00386"]);
    assert_eq!(dispatch(1, max[1] + 1, 1), ["VUID-vkCmdDispatch-groupCountY-00387"]);
    assert_eq!(dispatch(1, 1, max[2] + 1), ["VUID-vkCmdDispatch-groupCountZ-00388"]);
    assert!(
        dispatch(max[0], 1, 1).is_empty() && dispatch(1, max[1], 1).is_empty() && dispatch(1, 1, max[2]).is_empty()
    );
}

#[test]
fn fill_update_and_copy_buffer() {
    let ctx = context();
    let rec = Recording::new(&ctx);
    let b = rec.buffer;
    let fill = |offset, size| rec.report(|d, cb| unsafe { d.cmd_fill_buffer(cb, b, offset, size, 7) });
    assert_eq!(fill(2, 8), ["VUID-vkCmdFillBuffer-dstOffset-00025"]);
    assert_eq!(fill(4, 0), ["VUID-vkCmdFillBuffer-size-00026"]);
    assert_eq!(fill(4, 6), ["VUID-vkCmdFillBuffer-size-00028"]);
    assert!(fill(4, 8).is_empty() && fill(8, vk::WHOLE_SIZE).is_empty());

    let bytes = vec![0u8; 65540];
    let update =
        |offset, size: usize| rec.report(|d, cb| unsafe { d.cmd_update_buffer(cb, b, offset, &bytes[..size]) });
    assert_eq!(update(2, 8), ["VUID-vkCmdUpdateBuffer-dstOffset-00036"]);
    assert_eq!(update(0, 65540), ["VUID-vkCmdUpdateBuffer-dataSize-00037"]);
    assert_eq!(update(4, 6), ["VUID-vkCmdUpdateBuffer-dataSize-00038"]);
    assert!(update(4, 8).is_empty() && update(0, 65536).is_empty());

    let copy = |size| {
        let region = vk::BufferCopy { src_offset: 0, dst_offset: 4096, size };
        rec.report(|d, cb| unsafe { d.cmd_copy_buffer(cb, b, b, &[region]) })
    };
    assert_eq!(copy(0), ["VUID-VkBufferCopy-size-01988"]);
    assert!(copy(64).is_empty());
}

fn layers(aspect_mask: vk::ImageAspectFlags, layer_count: u32) -> vk::ImageSubresourceLayers {
    vk::ImageSubresourceLayers { aspect_mask, mip_level: 0, base_array_layer: 0, layer_count }
}

fn region(
    row_length: u32,
    image_height: u32,
    size: vk::Extent3D,
    subresource: vk::ImageSubresourceLayers,
) -> vk::BufferImageCopy {
    vk::BufferImageCopy {
        buffer_offset: 0,
        buffer_row_length: row_length,
        buffer_image_height: image_height,
        image_subresource: subresource,
        image_offset: vk::Offset3D::default(),
        image_extent: size,
    }
}

#[test]
fn buffer_image_copy_regions_and_subresources() {
    use vk::ImageAspectFlags as A;
    let ctx = context();
    let rec = Recording::new(&ctx);
    let (b, i) = (rec.buffer, rec.image);
    let to_image = |r: vk::BufferImageCopy| {
        rec.report(|d, cb| unsafe { d.cmd_copy_buffer_to_image(cb, b, i, vk::ImageLayout::TRANSFER_DST_OPTIMAL, &[r]) })
    };
    let to_buffer = |r: vk::BufferImageCopy| {
        rec.report(|d, cb| unsafe { d.cmd_copy_image_to_buffer(cb, i, vk::ImageLayout::TRANSFER_SRC_OPTIMAL, b, &[r]) })
    };
    let color = layers(A::COLOR, 1);
    let full = extent(16, 16, 1);
    let cases = [
        (region(8, 0, full, color), "VUID-VkBufferImageCopy-bufferRowLength-09101"),
        (region(0, 8, full, color), "VUID-VkBufferImageCopy-bufferImageHeight-09102"),
        (region(0, 0, extent(0, 16, 1), color), "VUID-VkBufferImageCopy-imageExtent-06659"),
        (region(0, 0, extent(16, 0, 1), color), "VUID-VkBufferImageCopy-imageExtent-06660"),
        (region(0, 0, extent(16, 16, 0), color), "VUID-VkBufferImageCopy-imageExtent-06661"),
        (region(0, 0, full, layers(A::COLOR | A::PLANE_0, 1)), "VUID-VkBufferImageCopy-aspectMask-09103"),
        (region(0, 0, full, layers(A::METADATA, 1)), "VUID-VkImageSubresourceLayers-aspectMask-00168"),
        (
            region(0, 0, full, layers(A::COLOR, vk::REMAINING_ARRAY_LAYERS)),
            "VUID-VkImageSubresourceLayers-layerCount-09243",
        ),
        (region(0, 0, full, layers(A::COLOR, 0)), "VUID-VkImageSubresourceLayers-layerCount-01700"),
    ];
    for (r, id) in cases {
        assert_eq!(to_image(r), [id]);
        assert_eq!(to_buffer(r), [id]);
    }
    for r in [region(0, 0, full, color), region(16, 16, full, color), region(32, 20, extent(8, 4, 1), color)] {
        assert!(to_image(r).is_empty() && to_buffer(r).is_empty());
    }

    let copy_image = |src: vk::ImageSubresourceLayers| {
        let region = vk::ImageCopy { src_subresource: src, dst_subresource: color, extent: full, ..Default::default() };
        rec.report(|d, cb| unsafe {
            d.cmd_copy_image(cb, i, vk::ImageLayout::GENERAL, i, vk::ImageLayout::GENERAL, &[region])
        })
    };
    assert_eq!(copy_image(layers(A::COLOR | A::DEPTH, 1)), ["VUID-VkImageSubresourceLayers-aspectMask-00167"]);
    assert!(copy_image(color).is_empty());
}
