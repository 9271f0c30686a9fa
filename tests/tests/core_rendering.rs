//! vkCmdBeginRendering's rendering info and its attachments against their image views, through
//! the real loader on lavapipe: the render area, layer count, color attachment count and view
//! mask, one view for the depth and stencil attachments, the usage each attachment needs, the
//! identity swizzle, depth and stencil components, the layers rendered, views neither 3D nor of
//! several mip levels, resolves (modes, sample counts, formats), color attachments of one sample
//! count, views large enough for the render area, and the render area within the framebuffer
//! limits. Each
//! case: the exact ids of the invalid begin (skipped, so it never reaches lavapipe), and its
//! valid neighbour, which reports nothing.

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

const NONE: [&str; 0] = [];

struct Fixture {
    ctx: Context,
    pool: vk::CommandPool,
}

/// One attachment: a view of a new 64×64 image.
#[derive(Clone, Copy)]
struct Target {
    format: vk::Format,
    usage: vk::ImageUsageFlags,
    samples: vk::SampleCountFlags,
}

const COLOR: Target = Target {
    format: vk::Format::R8G8B8A8_UNORM,
    usage: vk::ImageUsageFlags::COLOR_ATTACHMENT,
    samples: vk::SampleCountFlags::TYPE_1,
};

impl Fixture {
    fn new() -> Self {
        Self::with(|b| b)
    }

    /// On a device `more` adds to (dynamic rendering is enabled).
    fn with(more: impl FnOnce(ContextBuilder) -> ContextBuilder) -> Self {
        let entry = VulkanEnv::new().with_vigil().entry();
        let builder = ContextBuilder::new()
            .layers(&[VIGIL_LAYER])
            .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().dynamic_rendering(true));
        let ctx = more(builder).build_skipping_errors(&entry);
        let info = vk::CommandPoolCreateInfo::default().queue_family_index(ctx.queue_family);
        // SAFETY: a valid create info.
        let pool = unsafe { ctx.device.create_command_pool(&info, None) }.expect("vkCreateCommandPool");
        Fixture { ctx, pool }
    }

    /// A view of a new 64×64 image of `t` (its memory is not freed: the test is short).
    fn view(&self, t: Target) -> vk::ImageView {
        self.view_of(t, 1, vk::ComponentMapping::default())
    }

    /// A view of `layers` layers of a new 64×64 image of `t` with `components`.
    fn view_of(&self, t: Target, layers: u32, components: vk::ComponentMapping) -> vk::ImageView {
        let image = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(t.format)
            .extent(vk::Extent3D { width: 64, height: 64, depth: 1 })
            .mip_levels(1)
            .array_layers(layers)
            .samples(t.samples)
            .usage(t.usage);
        let d = &self.ctx.device;
        let (handle, _memory) = self.ctx.bound_image(&image);
        let aspect = match t.format {
            vk::Format::D32_SFLOAT => vk::ImageAspectFlags::DEPTH,
            vk::Format::S8_UINT => vk::ImageAspectFlags::STENCIL,
            vk::Format::D32_SFLOAT_S8_UINT => vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL,
            _ => vk::ImageAspectFlags::COLOR,
        };
        let range = vk::ImageSubresourceRange::default().aspect_mask(aspect).level_count(1).layer_count(layers);
        let view_type = if layers > 1 { vk::ImageViewType::TYPE_2D_ARRAY } else { vk::ImageViewType::TYPE_2D };
        let info = vk::ImageViewCreateInfo::default()
            .image(handle)
            .view_type(view_type)
            .format(t.format)
            .components(components)
            .subresource_range(range);
        // SAFETY: a valid create info for the image just made.
        unsafe { d.create_image_view(&info, None) }.expect("vkCreateImageView")
    }

    /// Begins rendering with `info`: the ids reported.
    fn begin_info(&self, info: &vk::RenderingInfo<'_>) -> Vec<String> {
        let d = &self.ctx.device;
        // SAFETY: a command buffer recorded and freed, never submitted; an invalid begin is
        // skipped by Vigil, a valid one ended.
        unsafe {
            let cb = d
                .allocate_command_buffers(
                    &vk::CommandBufferAllocateInfo::default().command_pool(self.pool).command_buffer_count(1),
                )
                .expect("vkAllocateCommandBuffers")[0];
            d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            let ids = self.ctx.messages.problem_ids_of(|| d.cmd_begin_rendering(cb, info));
            if ids.is_empty() {
                d.cmd_end_rendering(cb);
            }
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            d.free_command_buffers(self.pool, &[cb]);
            ids
        }
    }

    /// Begins rendering with `colors`, `depth` and `stencil` views over `area`: the ids reported.
    fn begin(
        &self,
        colors: &[vk::ImageView],
        depth: Option<vk::ImageView>,
        stencil: Option<vk::ImageView>,
        area: vk::Rect2D,
    ) -> Vec<String> {
        let colors: Vec<_> = colors.iter().map(|&v| attachment(v, vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)).collect();
        let ds = vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
        let (depth, stencil) = (depth.map(|v| attachment(v, ds)), stencil.map(|v| attachment(v, ds)));
        let mut info = vk::RenderingInfo::default().render_area(area).layer_count(1).color_attachments(&colors);
        if let Some(a) = depth.as_ref() {
            info = info.depth_attachment(a);
        }
        if let Some(a) = stencil.as_ref() {
            info = info.stencil_attachment(a);
        }
        self.begin_info(&info)
    }
}

fn area(x: i32, y: i32, width: u32, height: u32) -> vk::Rect2D {
    vk::Rect2D { offset: vk::Offset2D { x, y }, extent: vk::Extent2D { width, height } }
}

#[test]
fn rendering_attachments() {
    let f = Fixture::new();
    let color = f.view(COLOR);
    let whole = area(0, 0, 64, 64);
    assert_eq!(f.begin(&[color], None, None, whole), NONE);

    // The render area inside the views, then one texel past them.
    assert_eq!(f.begin(&[color], None, None, area(32, 32, 32, 32)), NONE);
    assert_eq!(f.begin(&[color], None, None, area(1, 0, 64, 64)), ["VUID-VkRenderingInfo-pNext-06079"]);
    assert_eq!(f.begin(&[color], None, None, area(0, 0, 64, 65)), ["VUID-VkRenderingInfo-pNext-06080"]);

    // With no attachments, the render area within the framebuffer limits.
    // SAFETY: a physical device of the instance.
    let limits = unsafe { f.ctx.instance.get_physical_device_properties(f.ctx.physical_device) }.limits;
    let (w, h) = (limits.max_framebuffer_width, limits.max_framebuffer_height);
    assert_eq!(f.begin(&[], None, None, area(0, 0, w, h)), NONE);
    assert_eq!(f.begin(&[], None, None, area(1, 0, w, h)), ["VUID-VkRenderingInfo-pNext-07815"]);
    assert_eq!(f.begin(&[], None, None, area(0, 1, w, h)), ["VUID-VkRenderingInfo-pNext-07816"]);

    // Each attachment created with the usage it needs.
    let sampled = f.view(Target { usage: vk::ImageUsageFlags::SAMPLED, ..COLOR });
    assert_eq!(f.begin(&[sampled], None, None, whole), ["VUID-VkRenderingInfo-colorAttachmentCount-06087"]);
    let ds = Target {
        format: vk::Format::D32_SFLOAT_S8_UINT,
        usage: vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT,
        samples: vk::SampleCountFlags::TYPE_1,
    };
    let depth_stencil = f.view(ds);
    assert_eq!(f.begin(&[color], Some(depth_stencil), Some(depth_stencil), whole), NONE);
    let sampled_ds = f.view(Target { usage: vk::ImageUsageFlags::SAMPLED, ..ds });
    assert_eq!(
        f.begin(&[color], Some(sampled_ds), Some(sampled_ds), whole),
        ["VUID-VkRenderingInfo-pDepthAttachment-06088", "VUID-VkRenderingInfo-pStencilAttachment-06089"]
    );

    // Color attachments of one sample count, then of two.
    let color4 = f.view(Target { samples: vk::SampleCountFlags::TYPE_4, ..COLOR });
    let other4 = f.view(Target { samples: vk::SampleCountFlags::TYPE_4, ..COLOR });
    assert_eq!(f.begin(&[color4, other4], None, None, whole), NONE);
    assert_eq!(f.begin(&[color, color4], None, None, whole), ["VUID-VkRenderingInfo-imageView-09429"]);
}

/// A device with `VK_KHR_dynamic_rendering_local_read` (its feature enabled when `feature`), a
/// resettable pool, and two color attachment views.
struct LocalRead {
    ctx: Context,
    pool: vk::CommandPool,
    colors: [vk::ImageView; 2],
    fns: ash::khr::dynamic_rendering_local_read::Device,
}

impl LocalRead {
    fn new(feature: bool) -> Self {
        let entry = VulkanEnv::new().with_vigil().entry();
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER])
            .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().dynamic_rendering(true))
            .dynamic_rendering_local_read(feature)
            .build_skipping_errors(&entry);
        let pool = ctx.resettable_pool();
        let colors = [ctx.color_attachment_view(), ctx.color_attachment_view()];
        let fns = ash::khr::dynamic_rendering_local_read::Device::new(&ctx.instance, &ctx.device);
        LocalRead { ctx, pool, colors, fns }
    }

    fn ids(&self, call: impl FnOnce()) -> Vec<String> {
        self.ctx.messages.problem_ids_of(call)
    }

    /// A primary recording inside a vkCmdBeginRendering instance of both color views, begun
    /// with `flags`.
    fn rendering(&self, flags: vk::RenderingFlags) -> vk::CommandBuffer {
        let cb = self.ctx.recording_primary(self.pool);
        let attachments = self.colors.map(|v| {
            vk::RenderingAttachmentInfo::default()
                .image_view(v)
                .image_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)
                .load_op(vk::AttachmentLoadOp::DONT_CARE)
                .store_op(vk::AttachmentStoreOp::DONT_CARE)
        });
        let info = vk::RenderingInfo::default()
            .flags(flags)
            .render_area(area(0, 0, 8, 8))
            .layer_count(1)
            .color_attachments(&attachments);
        // SAFETY: a recording primary and live views.
        unsafe { self.ctx.device.cmd_begin_rendering(cb, &info) };
        cb
    }

    /// A secondary begun to continue a rendering instance of two R8G8B8A8 color attachments,
    /// with `maps` chained to its inheritance info: the ids its begin reported.
    fn secondary(
        &self,
        maps: &mut [&mut dyn vk::ExtendsCommandBufferInheritanceInfo],
    ) -> (vk::CommandBuffer, Vec<String>) {
        let d = &self.ctx.device;
        let formats = [vk::Format::R8G8B8A8_UNORM; 2];
        let mut rendering = vk::CommandBufferInheritanceRenderingInfo::default()
            .color_attachment_formats(&formats)
            .rasterization_samples(vk::SampleCountFlags::TYPE_1);
        let mut inheritance = vk::CommandBufferInheritanceInfo::default().push_next(&mut rendering);
        for m in maps.iter_mut() {
            inheritance = inheritance.push_next(&mut **m);
        }
        let info = vk::CommandBufferAllocateInfo::default()
            .command_pool(self.pool)
            .level(vk::CommandBufferLevel::SECONDARY)
            .command_buffer_count(1);
        // SAFETY: a secondary of this pool; an invalid begin is skipped by Vigil.
        unsafe {
            let cb = d.allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            let begin = vk::CommandBufferBeginInfo::default()
                .flags(vk::CommandBufferUsageFlags::RENDER_PASS_CONTINUE)
                .inheritance_info(&inheritance);
            let ids = self.ids(|| {
                let _ = d.begin_command_buffer(cb, &begin);
            });
            if ids.is_empty() {
                d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            }
            (cb, ids)
        }
    }
}

/// Without the dynamicRenderingLocalRead feature, the mappings may only restate the identity,
/// wherever they are given; the commands that set them need the feature.
#[test]
fn local_read_mappings_without_the_feature() {
    let f = LocalRead::new(false);
    let unused = vk::ATTACHMENT_UNUSED;
    let identity = [0, 1];
    let swapped = [1, 0];
    let mut locations = vk::RenderingAttachmentLocationInfoKHR::default().color_attachment_locations(&identity);
    assert_eq!(f.secondary(&mut [&mut locations]).1, NONE);
    let mut locations = vk::RenderingAttachmentLocationInfoKHR::default().color_attachment_locations(&swapped);
    assert_eq!(
        f.secondary(&mut [&mut locations]).1,
        ["VUID-VkRenderingAttachmentLocationInfo-dynamicRenderingLocalRead-09512"]
    );
    let none = [unused, unused];
    let (depth, stencil) = (unused, unused);
    let mut inputs = vk::RenderingInputAttachmentIndexInfoKHR::default()
        .color_attachment_input_indices(&none)
        .depth_input_attachment_index(&depth)
        .stencil_input_attachment_index(&stencil);
    assert_eq!(f.secondary(&mut [&mut inputs]).1, NONE);
    let (zero, first) = ([unused, 0], 0);
    let chained = |colors: &[u32], depth: Option<&u32>, stencil: Option<&u32>| {
        let mut inputs = vk::RenderingInputAttachmentIndexInfoKHR::default().color_attachment_input_indices(colors);
        inputs.p_depth_input_attachment_index = depth.map_or(std::ptr::null(), |d| d);
        inputs.p_stencil_input_attachment_index = stencil.map_or(std::ptr::null(), |s| s);
        f.secondary(&mut [&mut inputs]).1
    };
    let p = "VUID-VkRenderingInputAttachmentIndexInfo-dynamicRenderingLocalRead";
    assert_eq!(chained(&zero, Some(&depth), Some(&stencil)), [format!("{p}-09519")]);
    assert_eq!(chained(&none, None, Some(&stencil)), [format!("{p}-09520")]);
    assert_eq!(chained(&none, Some(&depth), Some(&first)), [format!("{p}-09521")]);
    let cb = f.rendering(vk::RenderingFlags::empty());
    let info = vk::RenderingAttachmentLocationInfoKHR::default().color_attachment_locations(&identity);
    // SAFETY: a primary inside a rendering instance; invalid calls are skipped by Vigil.
    let ids = f.ids(|| unsafe { f.fns.cmd_set_rendering_attachment_locations(cb, &info) });
    assert_eq!(ids, ["VUID-vkCmdSetRenderingAttachmentLocations-dynamicRenderingLocalRead-09509"]);
    let info = vk::RenderingInputAttachmentIndexInfoKHR::default()
        .color_attachment_input_indices(&none)
        .depth_input_attachment_index(&depth)
        .stencil_input_attachment_index(&stencil);
    // SAFETY: as above.
    let ids = f.ids(|| unsafe { f.fns.cmd_set_rendering_input_attachment_indices(cb, &info) });
    assert_eq!(ids, ["VUID-vkCmdSetRenderingInputAttachmentIndices-dynamicRenderingLocalRead-09516"]);
}

/// With the feature: each mapping's own rules (unique, within the limits), set only in a
/// vkCmdBeginRendering instance of this command buffer with as many color attachments; and a
/// secondary executed there inherits the mappings set.
#[test]
fn local_read_mappings_inside_rendering() {
    let f = LocalRead::new(true);
    let d = &f.ctx.device;
    let unused = vk::ATTACHMENT_UNUSED;
    // SAFETY: lavapipe's physical device.
    let limits = unsafe { f.ctx.instance.get_physical_device_properties(f.ctx.physical_device) }.limits;
    let (max_colors, max_inputs) = (limits.max_color_attachments, limits.max_per_stage_descriptor_input_attachments);
    let cb = f.rendering(vk::RenderingFlags::empty());
    let set_locations = |locations: &[u32]| {
        let info = vk::RenderingAttachmentLocationInfoKHR::default().color_attachment_locations(locations);
        // SAFETY: a primary inside a rendering instance; invalid calls are skipped by Vigil.
        f.ids(|| unsafe { f.fns.cmd_set_rendering_attachment_locations(cb, &info) })
    };
    assert_eq!(set_locations(&[1, 0]), NONE);
    assert_eq!(set_locations(&[1, unused]), NONE);
    assert_eq!(set_locations(&[0, 0]), ["VUID-VkRenderingAttachmentLocationInfo-pColorAttachmentLocations-09513"]);
    assert_eq!(
        set_locations(&[0, max_colors]),
        ["VUID-VkRenderingAttachmentLocationInfo-pColorAttachmentLocations-09515"]
    );
    assert_eq!(set_locations(&[0]), ["VUID-vkCmdSetRenderingAttachmentLocations-pLocationInfo-09510"]);
    // One more than maxColorAttachments, the last unused (every location below the limit).
    let too_many: Vec<u32> = (0..max_colors).chain([unused]).collect();
    assert_eq!(
        set_locations(&too_many),
        [
            "VUID-VkRenderingAttachmentLocationInfo-colorAttachmentCount-09514",
            "VUID-vkCmdSetRenderingAttachmentLocations-pLocationInfo-09510"
        ]
    );
    let set_inputs = |colors: &[u32], depth: &u32, stencil: &u32| {
        let info = vk::RenderingInputAttachmentIndexInfoKHR::default()
            .color_attachment_input_indices(colors)
            .depth_input_attachment_index(depth)
            .stencil_input_attachment_index(stencil);
        // SAFETY: as above.
        f.ids(|| unsafe { f.fns.cmd_set_rendering_input_attachment_indices(cb, &info) })
    };
    assert_eq!(set_inputs(&[0, 1], &2, &3), NONE);
    let p = "VUID-VkRenderingInputAttachmentIndexInfo-pColorAttachmentInputIndices";
    assert_eq!(set_inputs(&[1, 1], &2, &3), [format!("{p}-09522")]);
    assert_eq!(set_inputs(&[0, 1], &0, &3), [format!("{p}-09523")]);
    assert_eq!(set_inputs(&[0, 1], &2, &1), [format!("{p}-09524")]);
    assert_eq!(
        set_inputs(&[0, max_inputs], &unused, &unused),
        ["VUID-VkRenderingInputAttachmentIndexInfo-pDepthInputAttachmentIndex-12274"]
    );
    let colors: Vec<u32> = (0..max_colors).chain([unused]).collect();
    assert_eq!(
        set_inputs(&colors, &unused, &unused),
        [
            "VUID-VkRenderingInputAttachmentIndexInfo-colorAttachmentCount-09525",
            "VUID-vkCmdSetRenderingInputAttachmentIndices-pInputAttachmentIndexInfo-09517"
        ]
    );
    // SAFETY (rest of the test): recording command buffers of this device; invalid calls are
    // skipped by Vigil.
    unsafe {
        d.cmd_end_rendering(cb);
        // A secondary continuing a rendering instance begun elsewhere sets no mapping.
        let (secondary, ids) = f.secondary(&mut []);
        assert_eq!(ids, NONE);
        d.reset_command_buffer(secondary, vk::CommandBufferResetFlags::empty()).unwrap();
        let formats = [vk::Format::R8G8B8A8_UNORM; 2];
        let mut rendering = vk::CommandBufferInheritanceRenderingInfo::default()
            .color_attachment_formats(&formats)
            .rasterization_samples(vk::SampleCountFlags::TYPE_1);
        let inheritance = vk::CommandBufferInheritanceInfo::default().push_next(&mut rendering);
        let begin = vk::CommandBufferBeginInfo::default()
            .flags(vk::CommandBufferUsageFlags::RENDER_PASS_CONTINUE)
            .inheritance_info(&inheritance);
        d.begin_command_buffer(secondary, &begin).unwrap();
        let info = vk::RenderingAttachmentLocationInfoKHR::default().color_attachment_locations(&[0, 1]);
        let ids = f.ids(|| f.fns.cmd_set_rendering_attachment_locations(secondary, &info));
        assert_eq!(ids, ["VUID-vkCmdSetRenderingAttachmentLocations-commandBuffer-09511"]);
        let inputs = vk::RenderingInputAttachmentIndexInfoKHR::default().color_attachment_input_indices(&[0, 1]);
        let ids = f.ids(|| f.fns.cmd_set_rendering_input_attachment_indices(secondary, &inputs));
        assert_eq!(ids, ["VUID-vkCmdSetRenderingInputAttachmentIndices-commandBuffer-09518"]);
        d.end_command_buffer(secondary).unwrap();

        // Executed secondaries inherit the mappings the instance has now.
        let primary = f.rendering(vk::RenderingFlags::CONTENTS_SECONDARY_COMMAND_BUFFERS);
        let execute = |s| f.ids(|| d.cmd_execute_commands(primary, &[s]));
        assert_eq!(execute(f.secondary(&mut []).0), NONE, "both the identity");
        let swapped = [1, 0];
        let info = vk::RenderingAttachmentLocationInfoKHR::default().color_attachment_locations(&swapped);
        f.fns.cmd_set_rendering_attachment_locations(primary, &info);
        assert_eq!(execute(f.secondary(&mut []).0), ["VUID-vkCmdExecuteCommands-pCommandBuffers-09504"]);
        let mut same = vk::RenderingAttachmentLocationInfoKHR::default().color_attachment_locations(&swapped);
        assert_eq!(execute(f.secondary(&mut [&mut same]).0), NONE);
        let inputs = vk::RenderingInputAttachmentIndexInfoKHR::default().color_attachment_input_indices(&swapped);
        f.fns.cmd_set_rendering_input_attachment_indices(primary, &inputs);
        let mut same = vk::RenderingAttachmentLocationInfoKHR::default().color_attachment_locations(&swapped);
        assert_eq!(execute(f.secondary(&mut [&mut same]).0), ["VUID-vkCmdExecuteCommands-pCommandBuffers-09505"]);
        let mut same = vk::RenderingAttachmentLocationInfoKHR::default().color_attachment_locations(&swapped);
        let mut same_inputs =
            vk::RenderingInputAttachmentIndexInfoKHR::default().color_attachment_input_indices(&swapped);
        assert_eq!(execute(f.secondary(&mut [&mut same, &mut same_inputs]).0), NONE);
        d.cmd_end_rendering(primary);
    }
}

/// An attachment of `view` in `layout`, neither loaded nor stored.
fn attachment(view: vk::ImageView, layout: vk::ImageLayout) -> vk::RenderingAttachmentInfo<'static> {
    vk::RenderingAttachmentInfo::default()
        .image_view(view)
        .image_layout(layout)
        .load_op(vk::AttachmentLoadOp::DONT_CARE)
        .store_op(vk::AttachmentStoreOp::DONT_CARE)
}

/// The rendering info's own rules: its render area, layer count, color attachment count and
/// view mask, and one view for the depth and stencil attachments.
#[test]
fn rendering_info_rules() {
    let f = Fixture::with(|b| b.vulkan11_features(vk::PhysicalDeviceVulkan11Features::default().multiview(true)));
    // SAFETY: a physical device of the instance.
    let limits = unsafe { f.ctx.instance.get_physical_device_properties(f.ctx.physical_device) }.limits;
    let info = || vk::RenderingInfo::default().render_area(area(0, 0, 64, 64)).layer_count(1);
    assert_eq!(f.begin_info(&info()), NONE);
    // The render area: a positive extent at a non-negative offset.
    assert_eq!(f.begin_info(&info().render_area(area(0, 0, 0, 64))), ["VUID-VkRenderingInfo-None-08994"]);
    assert_eq!(f.begin_info(&info().render_area(area(0, 0, 64, 0))), ["VUID-VkRenderingInfo-None-08995"]);
    assert_eq!(f.begin_info(&info().render_area(area(-1, 0, 64, 64))), ["VUID-VkRenderingInfo-pNext-06077"]);
    assert_eq!(f.begin_info(&info().render_area(area(0, -1, 64, 64))), ["VUID-VkRenderingInfo-pNext-06078"]);
    // Layers: some without a view mask, at most maxFramebufferLayers.
    assert_eq!(f.begin_info(&info().layer_count(0)), ["VUID-VkRenderingInfo-viewMask-06069"]);
    assert_eq!(f.begin_info(&info().layer_count(0).view_mask(0b1)), NONE);
    let most = limits.max_framebuffer_layers;
    assert_eq!(f.begin_info(&info().layer_count(most)), NONE);
    assert_eq!(f.begin_info(&info().layer_count(most + 1)), ["VUID-VkRenderingInfo-layerCount-07817"]);
    // At most maxColorAttachments color attachments (without views).
    let unused = vec![vk::RenderingAttachmentInfo::default(); limits.max_color_attachments as usize + 1];
    let n = limits.max_color_attachments as usize;
    assert_eq!(f.begin_info(&info().color_attachments(&unused[..n])), NONE);
    let ids = f.begin_info(&info().color_attachments(&unused));
    assert_eq!(ids, ["VUID-VkRenderingInfo-colorAttachmentCount-06106"]);
    // A view mask below maxMultiviewViewCount.
    let mut multiview = vk::PhysicalDeviceMultiviewProperties::default();
    let mut properties = vk::PhysicalDeviceProperties2::default().push_next(&mut multiview);
    // SAFETY: as above.
    unsafe { f.ctx.instance.get_physical_device_properties2(f.ctx.physical_device, &mut properties) };
    let views = multiview.max_multiview_view_count;
    assert_eq!(f.begin_info(&info().view_mask(1 << (views - 1))), NONE);
    assert_eq!(f.begin_info(&info().view_mask(1 << views)), ["VUID-VkRenderingInfo-viewMask-06128"]);
    // The depth and stencil attachments: one view.
    let ds = Target {
        format: vk::Format::D32_SFLOAT_S8_UINT,
        usage: vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT,
        samples: vk::SampleCountFlags::TYPE_1,
    };
    let (one, other) = (f.view(ds), f.view(ds));
    let layout = vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    let (a, b) = (attachment(one, layout), attachment(other, layout));
    assert_eq!(f.begin_info(&info().depth_attachment(&a).stencil_attachment(&a)), NONE);
    let ids = f.begin_info(&info().depth_attachment(&a).stencil_attachment(&b));
    assert_eq!(ids, ["VUID-VkRenderingInfo-pDepthAttachment-06085"]);
}

/// Without the multiview feature, no view mask.
#[test]
fn view_masks_need_multiview() {
    let f = Fixture::new();
    let info = vk::RenderingInfo::default().render_area(area(0, 0, 64, 64)).layer_count(1);
    assert_eq!(f.begin_info(&info), NONE);
    assert_eq!(f.begin_info(&info.view_mask(0b1)), ["VUID-VkRenderingInfo-multiview-06127"]);
}

/// The attachments' views: the identity swizzle, a depth or a stencil component for those
/// attachments, and the layers the instance renders (its layer count, or its view mask's).
#[test]
fn rendering_attachment_views() {
    let f = Fixture::with(|b| b.vulkan11_features(vk::PhysicalDeviceVulkan11Features::default().multiview(true)));
    let identity = vk::ComponentMapping::default();
    let swizzled = vk::ComponentMapping { r: vk::ComponentSwizzle::B, b: vk::ComponentSwizzle::R, ..identity };
    let color_layout = vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL;
    let info = || vk::RenderingInfo::default().render_area(area(0, 0, 64, 64)).layer_count(1);
    let colors = |view| [attachment(view, color_layout)];
    let plain = colors(f.view_of(COLOR, 1, identity));
    assert_eq!(f.begin_info(&info().color_attachments(&plain)), NONE);
    let swizzle = colors(f.view_of(COLOR, 1, swizzled));
    let ids = f.begin_info(&info().color_attachments(&swizzle));
    assert_eq!(ids, ["VUID-VkRenderingInfo-colorAttachmentCount-09479"]);
    // Layers: two rendered, then the views of mask 0b10 (two again).
    let two = colors(f.view_of(COLOR, 2, identity));
    assert_eq!(f.begin_info(&info().layer_count(2).color_attachments(&two)), NONE);
    let ids = f.begin_info(&info().layer_count(2).color_attachments(&plain));
    assert_eq!(ids, ["VUID-VkRenderingInfo-viewMask-10859"]);
    assert_eq!(f.begin_info(&info().view_mask(0b10).color_attachments(&two)), NONE);
    let ids = f.begin_info(&info().view_mask(0b10).color_attachments(&plain));
    assert_eq!(ids, ["VUID-VkRenderingInfo-viewMask-12403"]);
    // Depth and stencil attachments: a format with the component, views of the layers.
    let ds_layout = vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    let target = |format| Target {
        format,
        usage: vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT,
        samples: vk::SampleCountFlags::TYPE_1,
    };
    let depth_only = attachment(f.view_of(target(vk::Format::D32_SFLOAT), 1, identity), ds_layout);
    let stencil_only = attachment(f.view_of(target(vk::Format::S8_UINT), 1, identity), ds_layout);
    assert_eq!(f.begin_info(&info().depth_attachment(&depth_only)), NONE);
    assert_eq!(f.begin_info(&info().stencil_attachment(&stencil_only)), NONE);
    let ids = f.begin_info(&info().depth_attachment(&stencil_only));
    assert_eq!(ids, ["VUID-VkRenderingInfo-pDepthAttachment-06547"]);
    let ids = f.begin_info(&info().stencil_attachment(&depth_only));
    assert_eq!(ids, ["VUID-VkRenderingInfo-pStencilAttachment-06548"]);
    let ids = f.begin_info(&info().layer_count(2).depth_attachment(&depth_only));
    assert_eq!(ids, ["VUID-VkRenderingInfo-viewMask-10860"]);
    let ids = f.begin_info(&info().view_mask(0b10).stencil_attachment(&stencil_only));
    assert_eq!(ids, ["VUID-VkRenderingInfo-viewMask-12405"]);
    let ids = f.begin_info(&info().view_mask(0b10).depth_attachment(&depth_only));
    assert_eq!(ids, ["VUID-VkRenderingInfo-viewMask-12404"]);
    let ids = f.begin_info(&info().layer_count(2).stencil_attachment(&stencil_only));
    assert_eq!(ids, ["VUID-VkRenderingInfo-viewMask-10861"]);
    let swizzled_depth = attachment(f.view_of(target(vk::Format::D32_SFLOAT), 1, swizzled), ds_layout);
    let ids = f.begin_info(&info().depth_attachment(&swizzled_depth));
    assert_eq!(ids, ["VUID-VkRenderingInfo-pDepthAttachment-09481"]);
    let swizzled_stencil = attachment(f.view_of(target(vk::Format::S8_UINT), 1, swizzled), ds_layout);
    let ids = f.begin_info(&info().stencil_attachment(&swizzled_stencil));
    assert_eq!(ids, ["VUID-VkRenderingInfo-pStencilAttachment-09483"]);
}

/// Depth and stencil attachments that both resolve, resolve into one view.
#[test]
fn depth_and_stencil_resolve_into_one_view() {
    let f = Fixture::new();
    let ds = Target {
        format: vk::Format::D32_SFLOAT_S8_UINT,
        usage: vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT,
        samples: vk::SampleCountFlags::TYPE_1,
    };
    let multisampled = f.view(Target { samples: vk::SampleCountFlags::TYPE_4, ..ds });
    let (one, other) = (f.view(ds), f.view(ds));
    let layout = vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    let resolving = |into| {
        attachment(multisampled, layout)
            .resolve_mode(vk::ResolveModeFlags::SAMPLE_ZERO)
            .resolve_image_view(into)
            .resolve_image_layout(layout)
    };
    let info = || vk::RenderingInfo::default().render_area(area(0, 0, 64, 64)).layer_count(1);
    let (a, b) = (resolving(one), resolving(other));
    assert_eq!(f.begin_info(&info().depth_attachment(&a).stencil_attachment(&a)), NONE);
    let ids = f.begin_info(&info().depth_attachment(&a).stencil_attachment(&b));
    assert_eq!(ids, ["VUID-VkRenderingInfo-pDepthAttachment-06086"]);
}

/// Each attachment's views: neither 3D nor of several mip levels; and where it resolves, a
/// resolve mode its color format allows, a multisampled view into a single-sampled view of its
/// format.
#[test]
fn resolving_attachments_and_view_shapes() {
    let f = Fixture::new();
    let layout = vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL;
    let info = || vk::RenderingInfo::default().render_area(area(0, 0, 64, 64)).layer_count(1);
    let begin = |a: vk::RenderingAttachmentInfo<'_>| f.begin_info(&info().color_attachments(&[a]));
    let resolving = |view, mode, into| {
        attachment(view, layout).resolve_mode(mode).resolve_image_view(into).resolve_image_layout(layout)
    };
    let (average, zero) = (vk::ResolveModeFlags::AVERAGE, vk::ResolveModeFlags::SAMPLE_ZERO);
    let four = Target { samples: vk::SampleCountFlags::TYPE_4, ..COLOR };
    let (color4, color1, other1) = (f.view(four), f.view(COLOR), f.view(COLOR));
    assert_eq!(begin(resolving(color4, average, color1)), NONE);
    assert_eq!(begin(resolving(color4, zero, color1)), ["VUID-VkRenderingAttachmentInfo-imageView-06129"]);
    let uint = Target { format: vk::Format::R8G8B8A8_UINT, ..COLOR };
    let (uint4, uint1) = (f.view(Target { samples: vk::SampleCountFlags::TYPE_4, ..uint }), f.view(uint));
    assert_eq!(begin(resolving(uint4, zero, uint1)), NONE);
    assert_eq!(begin(resolving(uint4, average, uint1)), ["VUID-VkRenderingAttachmentInfo-imageView-06130"]);
    assert_eq!(begin(resolving(color1, average, other1)), ["VUID-VkRenderingAttachmentInfo-imageView-06861"]);
    let ids = begin(resolving(color4, average, vk::ImageView::null()));
    assert_eq!(ids, ["VUID-VkRenderingAttachmentInfo-imageView-06862"]);
    let other4 = f.view(four);
    assert_eq!(begin(resolving(color4, average, other4)), ["VUID-VkRenderingAttachmentInfo-imageView-06864"]);
    let bgra = f.view(Target { format: vk::Format::B8G8R8A8_UNORM, ..COLOR });
    assert_eq!(begin(resolving(color4, average, bgra)), ["VUID-VkRenderingAttachmentInfo-imageView-06865"]);
    // Views of two mip levels, and 3D views.
    let image = |image_type, levels| {
        vk::ImageCreateInfo::default()
            .image_type(image_type)
            .format(COLOR.format)
            .extent(vk::Extent3D { width: 64, height: 64, depth: 1 })
            .mip_levels(levels)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .usage(COLOR.usage)
    };
    let mips = f.ctx.image_view(&image(vk::ImageType::TYPE_2D, 2), vk::ImageAspectFlags::COLOR, Default::default());
    assert_eq!(begin(attachment(mips, layout)), ["VUID-VkRenderingAttachmentInfo-imageView-12486"]);
    let ids = begin(resolving(color4, average, mips));
    assert_eq!(ids, ["VUID-VkRenderingAttachmentInfo-resolveImageView-12487"]);
    let (handle, _memory) = f.ctx.bound_image(&image(vk::ImageType::TYPE_3D, 1));
    let range =
        vk::ImageSubresourceRange::default().aspect_mask(vk::ImageAspectFlags::COLOR).level_count(1).layer_count(1);
    let view_info = vk::ImageViewCreateInfo::default()
        .image(handle)
        .view_type(vk::ImageViewType::TYPE_3D)
        .format(COLOR.format)
        .subresource_range(range);
    // SAFETY: a valid create info for the image just made.
    let volume = unsafe { f.ctx.device.create_image_view(&view_info, None) }.expect("vkCreateImageView");
    assert_eq!(begin(attachment(volume, layout)), ["VUID-VkRenderingAttachmentInfo-imageView-12470"]);
    let ids = begin(resolving(color4, average, volume));
    assert_eq!(ids, ["VUID-VkRenderingAttachmentInfo-resolveImageView-12471"]);
}

/// vkCmdBeginRendering needs the dynamicRendering feature.
#[test]
fn rendering_needs_its_feature() {
    let f = Fixture::with(|b| b.vulkan13_features(vk::PhysicalDeviceVulkan13Features::default()));
    let info = vk::RenderingInfo::default().render_area(area(0, 0, 64, 64)).layer_count(1);
    assert_eq!(f.begin_info(&info), ["VUID-vkCmdBeginRendering-dynamicRendering-06446"]);
}

/// Contents flags: inline contents beside secondaries only with maintenance7 or
/// nestedCommandBuffer; in a secondary, secondaries' contents only with nestedCommandBuffer; and
/// a secondary begun to continue a render pass instance begins none.
#[test]
fn rendering_contents_in_secondaries() {
    for nested in [false, true] {
        let f = Fixture::with(|b| {
            let b = b.device_extensions(&[c"VK_KHR_maintenance7"]);
            if nested {
                b.nested_command_buffer()
            } else {
                b
            }
        });
        let d = &f.ctx.device;
        let info = |flags| vk::RenderingInfo::default().flags(flags).render_area(area(0, 0, 64, 64)).layer_count(1);
        let expect = |id: &'static str| if nested { vec![] } else { vec![id.to_string()] };
        // VK_RENDERING_CONTENTS_INLINE_BIT_KHR (ash 0.38 does not name it).
        let ids = f.begin_info(&info(vk::RenderingFlags::from_raw(0x10)));
        assert_eq!(ids, expect("VUID-VkRenderingInfo-flags-10012"), "nested {nested}");
        // A secondary of `usage` beginning rendering with `flags`: the ids reported.
        let in_secondary = |usage, flags| {
            let mut rendering = vk::CommandBufferInheritanceRenderingInfo::default()
                .rasterization_samples(vk::SampleCountFlags::TYPE_1);
            let inheritance = vk::CommandBufferInheritanceInfo::default().push_next(&mut rendering);
            let alloc = vk::CommandBufferAllocateInfo::default()
                .command_pool(f.pool)
                .level(vk::CommandBufferLevel::SECONDARY)
                .command_buffer_count(1);
            // SAFETY: a secondary of this device's pool, recorded and freed, never executed;
            // invalid calls are skipped by Vigil.
            unsafe {
                let cb = d.allocate_command_buffers(&alloc).expect("vkAllocateCommandBuffers")[0];
                let begin = vk::CommandBufferBeginInfo::default().flags(usage).inheritance_info(&inheritance);
                d.begin_command_buffer(cb, &begin).expect("vkBeginCommandBuffer");
                let ids = f.ctx.messages.problem_ids_of(|| d.cmd_begin_rendering(cb, &info(flags)));
                d.free_command_buffers(f.pool, &[cb]);
                ids
            }
        };
        let (none, secondaries) = (vk::RenderingFlags::empty(), vk::RenderingFlags::CONTENTS_SECONDARY_COMMAND_BUFFERS);
        assert_eq!(in_secondary(vk::CommandBufferUsageFlags::empty(), none), NONE);
        let ids = in_secondary(vk::CommandBufferUsageFlags::empty(), secondaries);
        assert_eq!(ids, expect("VUID-vkCmdBeginRendering-commandBuffer-06068"), "nested {nested}");
        let ids = in_secondary(vk::CommandBufferUsageFlags::RENDER_PASS_CONTINUE, none);
        let expected = ["VUID-vkCmdBeginRendering-renderpass", "VUID-vkCmdBeginRendering-commandBuffer-10914"];
        assert_eq!(ids, expected, "nested {nested}");
    }
}
