//! The recording rules every `vkCmd*` command shares (generated from vk.xml's command
//! attributes), through the real loader on lavapipe: the command buffer is recording, the
//! command is inside or outside a render pass instance as it needs, only primaries record the
//! primary-only commands, and the pool's queue family supports the command. lavapipe's one queue
//! family supports everything, so the test-only driver shim below Vigil hides compute
//! (`no-compute-queue`) and lowers maxCommandBufferNestingLevel to 1 (`low-nesting-level`,
//! read only where nested command buffers are enabled). Also render pass begins (clear values, render area, a framebuffer of a
//! compatible render pass, device group render areas) and what secondaries inherit. Each rule's sample: the invalid call (exact ids, skipped) beside a valid
//! neighbour (nothing reported).

use ash::vk;
use vigil_tests::programs::ComputePipeline;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

const NONE: [&str; 0] = [];

/// The shim's switches: one environment for the whole process.
const SHIM: &str = "no-compute-queue,low-nesting-level";

struct Fixture {
    ctx: Context,
    pool: vk::CommandPool,
    /// Two subpasses, no attachments, and a framebuffer for it.
    render_pass: vk::RenderPass,
    framebuffer: vk::Framebuffer,
    buffer: vk::Buffer,
    memory: vk::DeviceMemory,
}

impl Fixture {
    fn new() -> Self {
        Self::with(|b| b)
    }

    /// The fixture, on a device `more` adds to (dynamic rendering and multiview are enabled).
    fn with(more: impl FnOnce(ContextBuilder) -> ContextBuilder) -> Self {
        let entry = VulkanEnv::new().with_vigil_and_shim(SHIM).entry();
        let builder = ContextBuilder::new()
            .layers(&[VIGIL_LAYER, SHIM_LAYER])
            .vulkan11_features(vk::PhysicalDeviceVulkan11Features::default().multiview(true))
            .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().dynamic_rendering(true));
        let ctx = more(builder).build(&entry);
        assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
        ctx.messages.skip_errors(true);
        let d = &ctx.device;
        // SAFETY: valid create infos, objects of this device.
        unsafe {
            let pool = d
                .create_command_pool(
                    &vk::CommandPoolCreateInfo::default()
                        .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER)
                        .queue_family_index(ctx.queue_family),
                    None,
                )
                .expect("vkCreateCommandPool");
            let subpasses = [vk::SubpassDescription::default(); 2];
            let render_pass = d
                .create_render_pass(&vk::RenderPassCreateInfo::default().subpasses(&subpasses), None)
                .expect("vkCreateRenderPass");
            let framebuffer = d
                .create_framebuffer(
                    &vk::FramebufferCreateInfo::default().render_pass(render_pass).width(8).height(8).layers(1),
                    None,
                )
                .expect("vkCreateFramebuffer");
            // Filled by the transfer cases, and the storage buffer of the compute case's set.
            let usage = vk::BufferUsageFlags::TRANSFER_DST | vk::BufferUsageFlags::STORAGE_BUFFER;
            let info = vk::BufferCreateInfo::default().size(256).usage(usage);
            let buffer = d.create_buffer(&info, None).expect("vkCreateBuffer");
            let req = d.get_buffer_memory_requirements(buffer);
            let ty = ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
            let alloc = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
            let memory = d.allocate_memory(&alloc, None).expect("vkAllocateMemory");
            d.bind_buffer_memory(buffer, memory, 0).expect("vkBindBufferMemory");
            Fixture { ctx, pool, render_pass, framebuffer, buffer, memory }
        }
    }

    fn d(&self) -> &ash::Device {
        &self.ctx.device
    }

    fn ids(&self, call: impl FnOnce()) -> Vec<String> {
        self.ctx.messages.clear();
        call();
        self.ctx.messages.problem_ids()
    }

    fn allocate(&self, level: vk::CommandBufferLevel) -> vk::CommandBuffer {
        let info =
            vk::CommandBufferAllocateInfo::default().command_pool(self.pool).level(level).command_buffer_count(1);
        // SAFETY: a valid allocate info.
        unsafe { self.d().allocate_command_buffers(&info) }.expect("vkAllocateCommandBuffers")[0]
    }

    fn begin(&self, cb: vk::CommandBuffer, info: &vk::CommandBufferBeginInfo<'_>) {
        // SAFETY: a command buffer of this fixture's resettable pool.
        unsafe { self.d().begin_command_buffer(cb, info) }.expect("vkBeginCommandBuffer");
    }

    /// A primary, recording.
    fn primary(&self) -> vk::CommandBuffer {
        let cb = self.allocate(vk::CommandBufferLevel::PRIMARY);
        self.begin(cb, &vk::CommandBufferBeginInfo::default());
        cb
    }

    fn fill(&self, cb: vk::CommandBuffer) -> Vec<String> {
        // SAFETY: a live buffer with memory; invalid calls are skipped by Vigil.
        self.ids(|| unsafe { self.d().cmd_fill_buffer(cb, self.buffer, 0, 256, 7) })
    }

    fn set_viewport(&self, cb: vk::CommandBuffer) -> Vec<String> {
        let viewport = [vk::Viewport::default().width(8.0).height(8.0).max_depth(1.0)];
        // SAFETY: one valid viewport; invalid calls are skipped by Vigil.
        self.ids(|| unsafe { self.d().cmd_set_viewport(cb, 0, &viewport) })
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        // SAFETY: nothing was submitted.
        unsafe {
            let d = &self.ctx.device;
            d.destroy_command_pool(self.pool, None);
            d.destroy_framebuffer(self.framebuffer, None);
            d.destroy_render_pass(self.render_pass, None);
            d.destroy_buffer(self.buffer, None);
            d.free_memory(self.memory, None);
        }
    }
}

#[test]
fn commands_of_a_command_buffer_that_is_not_recording() {
    let f = Fixture::new();
    let cb = f.allocate(vk::CommandBufferLevel::PRIMARY);
    assert_eq!(f.set_viewport(cb), ["VUID-vkCmdSetViewport-commandBuffer-recording"], "initial");
    f.begin(cb, &vk::CommandBufferBeginInfo::default());
    assert_eq!(f.set_viewport(cb), NONE);
    // SAFETY: a recording command buffer.
    unsafe { f.d().end_command_buffer(cb) }.expect("vkEndCommandBuffer");
    assert_eq!(f.set_viewport(cb), ["VUID-vkCmdSetViewport-commandBuffer-recording"], "executable");
}

#[test]
fn commands_inside_and_outside_render_pass_instances() {
    let f = Fixture::new();
    let cb = f.primary();
    let rendering = vk::RenderingInfo::default()
        .render_area(vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } })
        .layer_count(1);
    // SAFETY: a recording primary; invalid calls are skipped by Vigil.
    unsafe {
        assert_eq!(f.ids(|| f.d().cmd_end_rendering(cb)), ["VUID-vkCmdEndRendering-renderpass"]);
        assert_eq!(f.fill(cb), NONE);
        f.d().cmd_begin_rendering(cb, &rendering);
        assert_eq!(f.fill(cb), ["VUID-vkCmdFillBuffer-renderpass"]);
        assert_eq!(f.ids(|| f.d().cmd_end_rendering(cb)), NONE);
        assert_eq!(f.fill(cb), NONE, "ended");
        let begin = vk::RenderPassBeginInfo::default()
            .render_pass(f.render_pass)
            .framebuffer(f.framebuffer)
            .render_area(rendering.render_area);
        f.d().cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE);
        assert_eq!(f.fill(cb), ["VUID-vkCmdFillBuffer-renderpass"]);
        f.d().cmd_next_subpass(cb, vk::SubpassContents::INLINE);
        f.d().cmd_end_render_pass(cb);
        assert_eq!(f.fill(cb), NONE, "ended");
    }
}

#[test]
fn commands_only_primaries_record() {
    let f = Fixture::new();
    let rendering_area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    let begin = vk::RenderPassBeginInfo::default()
        .render_pass(f.render_pass)
        .framebuffer(f.framebuffer)
        .render_area(rendering_area);
    // SAFETY: recording command buffers; invalid calls are skipped by Vigil.
    unsafe {
        let primary = f.primary();
        f.d().cmd_begin_render_pass(primary, &begin, vk::SubpassContents::INLINE);
        assert_eq!(f.ids(|| f.d().cmd_next_subpass(primary, vk::SubpassContents::INLINE)), NONE);
        assert_eq!(f.ids(|| f.d().cmd_end_render_pass(primary)), NONE);
        // A secondary outside any render pass: both rules.
        let secondary = f.allocate(vk::CommandBufferLevel::SECONDARY);
        let inheritance = vk::CommandBufferInheritanceInfo::default();
        f.begin(secondary, &vk::CommandBufferBeginInfo::default().inheritance_info(&inheritance));
        assert_eq!(
            f.ids(|| f.d().cmd_next_subpass(secondary, vk::SubpassContents::INLINE)),
            ["VUID-vkCmdNextSubpass-renderpass", "VUID-vkCmdNextSubpass-bufferlevel"]
        );
        // A secondary continuing a render pass is inside one: only primaries may still advance it.
        let inside = f.allocate(vk::CommandBufferLevel::SECONDARY);
        let inheritance = vk::CommandBufferInheritanceInfo::default()
            .render_pass(f.render_pass)
            .subpass(0)
            .framebuffer(f.framebuffer);
        let info = vk::CommandBufferBeginInfo::default()
            .flags(vk::CommandBufferUsageFlags::RENDER_PASS_CONTINUE)
            .inheritance_info(&inheritance);
        f.begin(inside, &info);
        assert_eq!(
            f.ids(|| f.d().cmd_next_subpass(inside, vk::SubpassContents::INLINE)),
            ["VUID-vkCmdNextSubpass-bufferlevel"]
        );
        assert_eq!(f.fill(inside), ["VUID-vkCmdFillBuffer-renderpass"], "continuing is inside");
    }
}

#[test]
fn commands_the_pools_queue_family_cannot_run() {
    let f = Fixture::new();
    // SAFETY: lavapipe's physical device.
    let families = unsafe { f.ctx.instance.get_physical_device_queue_family_properties(f.ctx.physical_device) };
    let flags = families[f.ctx.queue_family as usize].queue_flags;
    assert!(!flags.contains(vk::QueueFlags::COMPUTE), "the shim did not hide compute: {flags:?}");
    let cb = f.primary();
    let d = f.d();
    // SAFETY: objects of this device; invalid calls are skipped by Vigil.
    unsafe {
        let compute = ComputePipeline::new(&f.ctx);
        let pipeline = compute.pipeline;
        let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 1 }];
        let descriptors = d
            .create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes), None)
            .unwrap();
        let layouts = [compute.set_layout];
        let set = d
            .allocate_descriptor_sets(
                &vk::DescriptorSetAllocateInfo::default().descriptor_pool(descriptors).set_layouts(&layouts),
            )
            .unwrap()[0];
        let infos = [vk::DescriptorBufferInfo { buffer: f.buffer, offset: 0, range: vk::WHOLE_SIZE }];
        let write = vk::WriteDescriptorSet::default()
            .dst_set(set)
            .dst_binding(0)
            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
            .buffer_info(&infos);
        d.update_descriptor_sets(&[write], &[]);
        // Binding for compute needs a compute family too (its neighbour, binding for graphics, is
        // in `core_queue_families.rs` with graphics hidden instead).
        let compute_point = vk::PipelineBindPoint::COMPUTE;
        let bind = || d.cmd_bind_pipeline(cb, compute_point, pipeline);
        assert_eq!(f.ids(bind), ["VUID-vkCmdBindPipeline-pipelineBindPoint-00777"]);
        let bind_set = || d.cmd_bind_descriptor_sets(cb, compute_point, compute.layout, 0, &[set], &[]);
        assert_eq!(f.ids(bind_set), ["VUID-vkCmdBindDescriptorSets-pipelineBindPoint-00361"]);
        // Bound anyway (lavapipe's family computes): what the shader uses is then bound and
        // pushed, so the pool's family is the one rule the dispatch breaks.
        f.ctx.messages.skip_errors(false);
        f.ids(bind);
        f.ids(bind_set);
        f.ctx.messages.skip_errors(true);
        let stages = vk::ShaderStageFlags::COMPUTE;
        assert_eq!(f.ids(|| d.cmd_push_constants(cb, compute.layout, stages, 0, &[0; 4])), NONE);
        assert_eq!(f.ids(|| d.cmd_dispatch(cb, 1, 1, 1)), ["VUID-vkCmdDispatch-commandBuffer-cmdpool"]);
        // Transfer commands run on graphics families; graphics state commands too.
        assert_eq!(f.fill(cb), NONE);
        assert_eq!(f.set_viewport(cb), NONE);
        compute.destroy(&f.ctx);
        d.destroy_descriptor_pool(descriptors, None);
    }
}

/// Binding to the ray tracing bind point needs a compute family too (`-pipelineBindPoint-02391`,
/// reported alone: the pool's family is checked before the pipeline's kind). The valid
/// neighbour, the same bind on a family with compute, reports only the pipeline's kind
/// (`-02392`): `core_bindings.rs`'s `ray_tracing_bind_point_protected_access_and_descriptor_buffer_layouts`.
#[test]
fn binding_for_ray_tracing_on_a_pool_without_compute() {
    let f = Fixture::with(|b| {
        b.vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().buffer_device_address(true)).ray_tracing()
    });
    let cb = f.primary();
    let compute = ComputePipeline::new(&f.ctx);
    let point = vk::PipelineBindPoint::RAY_TRACING_KHR;
    // SAFETY: a recording primary and a pipeline of this device; invalid calls are skipped.
    let bound = f.ids(|| unsafe { f.d().cmd_bind_pipeline(cb, point, compute.pipeline) });
    assert_eq!(bound, ["VUID-vkCmdBindPipeline-pipelineBindPoint-02391"]);
    compute.destroy(&f.ctx);
}

#[test]
fn executing_secondaries_inside_and_outside_render_pass_instances() {
    let f = Fixture::new();
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    let begin =
        vk::RenderPassBeginInfo::default().render_pass(f.render_pass).framebuffer(f.framebuffer).render_area(area);
    let secondary = |continues: bool| {
        let cb = f.allocate(vk::CommandBufferLevel::SECONDARY);
        let inheritance = vk::CommandBufferInheritanceInfo::default()
            .render_pass(f.render_pass)
            .subpass(0)
            .framebuffer(f.framebuffer);
        let flags = if continues {
            vk::CommandBufferUsageFlags::RENDER_PASS_CONTINUE
        } else {
            vk::CommandBufferUsageFlags::empty()
        };
        f.begin(cb, &vk::CommandBufferBeginInfo::default().flags(flags).inheritance_info(&inheritance));
        // SAFETY: a recording secondary.
        unsafe { f.d().end_command_buffer(cb) }.expect("vkEndCommandBuffer");
        cb
    };
    let (continuing, plain) = (secondary(true), secondary(false));
    let primary = f.primary();
    // SAFETY: a recording primary and executable secondaries; invalid calls are skipped by Vigil.
    unsafe {
        let execute = |cb| f.ids(|| f.d().cmd_execute_commands(primary, &[cb]));
        f.d().cmd_begin_render_pass(primary, &begin, vk::SubpassContents::SECONDARY_COMMAND_BUFFERS);
        assert_eq!(execute(plain), ["VUID-vkCmdExecuteCommands-pCommandBuffers-00096"]);
        assert_eq!(execute(continuing), NONE);
        f.d().cmd_next_subpass(primary, vk::SubpassContents::INLINE);
        f.d().cmd_end_render_pass(primary);
        // Another one: `continuing` was executed already (without simultaneous use).
        assert_eq!(execute(secondary(true)), ["VUID-vkCmdExecuteCommands-pCommandBuffers-00100"]);
        assert_eq!(execute(plain), NONE);
    }
}

#[test]
fn render_pass_instances_advance_and_end_as_begun() {
    let f = Fixture::new();
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    let begin =
        vk::RenderPassBeginInfo::default().render_pass(f.render_pass).framebuffer(f.framebuffer).render_area(area);
    let rendering = vk::RenderingInfo::default().render_area(area).layer_count(1);
    let inline = vk::SubpassContents::INLINE;
    // SAFETY: recording primaries; invalid calls are skipped by Vigil.
    unsafe {
        let d = f.d();
        let cb = f.primary();
        d.cmd_begin_render_pass(cb, &begin, inline);
        assert_eq!(f.ids(|| d.cmd_end_render_pass(cb)), ["VUID-vkCmdEndRenderPass-None-00910"], "subpass 0 of 2");
        assert_eq!(f.ids(|| d.cmd_end_rendering(cb)), ["VUID-vkCmdEndRendering-None-06161"]);
        assert_eq!(f.ids(|| d.cmd_next_subpass(cb, inline)), NONE);
        assert_eq!(f.ids(|| d.cmd_next_subpass(cb, inline)), ["VUID-vkCmdNextSubpass-None-00909"], "the last");
        let end2 = vk::SubpassEndInfo::default();
        assert_eq!(
            f.ids(|| d.cmd_next_subpass2(cb, &vk::SubpassBeginInfo::default().contents(inline), &end2)),
            ["VUID-vkCmdNextSubpass2-None-03102"]
        );
        assert_eq!(f.ids(|| d.cmd_end_render_pass2(cb, &end2)), NONE);
        d.cmd_begin_render_pass(cb, &begin, inline);
        assert_eq!(f.ids(|| d.cmd_end_render_pass2(cb, &end2)), ["VUID-vkCmdEndRenderPass2-None-03103"]);
        d.cmd_next_subpass(cb, inline);
        d.cmd_end_render_pass(cb);
        d.cmd_begin_rendering(cb, &rendering);
        assert_eq!(f.ids(|| d.cmd_end_render_pass(cb)), ["VUID-vkCmdEndRenderPass-None-06170"]);
        assert_eq!(f.ids(|| d.cmd_end_render_pass2(cb, &end2)), ["VUID-vkCmdEndRenderPass2-None-06171"]);
        assert_eq!(f.ids(|| d.cmd_end_rendering(cb)), NONE);
    }
}

#[test]
fn render_pass_begins_need_clear_values_and_an_area_inside_the_framebuffer() {
    let f = Fixture::new();
    let d = f.d();
    let extent = vk::Extent2D { width: 8, height: 8 };
    // SAFETY: valid create infos; recording primaries; invalid calls are skipped by Vigil.
    unsafe {
        // One colour attachment cleared on load.
        let image = d
            .create_image(
                &vk::ImageCreateInfo::default()
                    .image_type(vk::ImageType::TYPE_2D)
                    .format(vk::Format::R8G8B8A8_UNORM)
                    .extent(extent.into())
                    .mip_levels(1)
                    .array_layers(1)
                    .samples(vk::SampleCountFlags::TYPE_1)
                    .usage(vk::ImageUsageFlags::COLOR_ATTACHMENT),
                None,
            )
            .unwrap();
        let req = d.get_image_memory_requirements(image);
        let ty = f.ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
        let memory = d
            .allocate_memory(&vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty), None)
            .unwrap();
        d.bind_image_memory(image, memory, 0).unwrap();
        let view = d.create_image_view(&vigil_tests::context::color_view_info(image), None).unwrap();
        let attachment = [vk::AttachmentDescription::default()
            .format(vk::Format::R8G8B8A8_UNORM)
            .samples(vk::SampleCountFlags::TYPE_1)
            .load_op(vk::AttachmentLoadOp::CLEAR)
            .store_op(vk::AttachmentStoreOp::STORE)
            .initial_layout(vk::ImageLayout::UNDEFINED)
            .final_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)];
        let color = [vk::AttachmentReference { attachment: 0, layout: vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL }];
        let subpass = [vk::SubpassDescription::default().color_attachments(&color)];
        let render_pass = d
            .create_render_pass(&vk::RenderPassCreateInfo::default().attachments(&attachment).subpasses(&subpass), None)
            .unwrap();
        let views = [view];
        let framebuffer = d
            .create_framebuffer(
                &vk::FramebufferCreateInfo::default()
                    .render_pass(render_pass)
                    .attachments(&views)
                    .width(8)
                    .height(8)
                    .layers(1),
                None,
            )
            .unwrap();
        let cb = f.primary();
        let clear = [vk::ClearValue::default()];
        let begin_at = |(x, y): (i32, i32), w: u32, h: u32, clears: &[vk::ClearValue]| {
            let info = vk::RenderPassBeginInfo::default()
                .render_pass(render_pass)
                .framebuffer(framebuffer)
                .render_area(vk::Rect2D { offset: vk::Offset2D { x, y }, extent: vk::Extent2D { width: w, height: h } })
                .clear_values(clears);
            f.ids(|| d.cmd_begin_render_pass(cb, &info, vk::SubpassContents::INLINE))
        };
        let begin = |w: u32, h: u32, clears: &[vk::ClearValue]| begin_at((0, 0), w, h, clears);
        assert_eq!(begin_at((-1, 0), 8, 8, &clear), ["VUID-VkRenderPassBeginInfo-pNext-02850"]);
        assert_eq!(begin_at((0, -1), 8, 8, &clear), ["VUID-VkRenderPassBeginInfo-pNext-02851"]);
        assert_eq!(begin(8, 8, &[]), ["VUID-VkRenderPassBeginInfo-clearValueCount-00902"]);
        let mut no_values = vk::RenderPassBeginInfo::default()
            .render_pass(render_pass)
            .framebuffer(framebuffer)
            .render_area(vk::Rect2D { offset: vk::Offset2D::default(), extent });
        no_values.clear_value_count = 1;
        assert_eq!(
            f.ids(|| d.cmd_begin_render_pass(cb, &no_values, vk::SubpassContents::INLINE)),
            ["VUID-VkRenderPassBeginInfo-clearValueCount-04962"]
        );
        assert_eq!(begin(9, 8, &clear), ["VUID-VkRenderPassBeginInfo-pNext-02852"]);
        assert_eq!(begin(8, 9, &clear), ["VUID-VkRenderPassBeginInfo-pNext-02853"]);
        assert_eq!(begin(8, 8, &clear), NONE);
        d.cmd_end_render_pass(cb);
        d.end_command_buffer(cb).unwrap();
        d.destroy_framebuffer(framebuffer, None);
        d.destroy_render_pass(render_pass, None);
        d.destroy_image_view(view, None);
        d.destroy_image(image, None);
        d.free_memory(memory, None);
    }
}

#[test]
fn beginning_and_ending_command_buffers() {
    let f = Fixture::new();
    let both = vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT | vk::CommandBufferUsageFlags::SIMULTANEOUS_USE;
    let begin = |cb, info: &vk::CommandBufferBeginInfo<'_>| {
        // SAFETY: a command buffer of the fixture's resettable pool; invalid calls are skipped.
        f.ids(|| unsafe {
            let _ = f.d().begin_command_buffer(cb, info);
        })
    };
    let primary = f.allocate(vk::CommandBufferLevel::PRIMARY);
    let info = vk::CommandBufferBeginInfo::default().flags(both);
    assert_eq!(begin(primary, &info), ["VUID-vkBeginCommandBuffer-commandBuffer-02840"]);
    let info = vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
    assert_eq!(begin(primary, &info), NONE);
    // Secondaries need inheritance info; a precise occlusion query needs occlusion queries.
    let secondary = f.allocate(vk::CommandBufferLevel::SECONDARY);
    assert_eq!(
        begin(secondary, &vk::CommandBufferBeginInfo::default()),
        ["VUID-vkBeginCommandBuffer-commandBuffer-00051"]
    );
    let precise = vk::CommandBufferInheritanceInfo::default().query_flags(vk::QueryControlFlags::PRECISE);
    let info = vk::CommandBufferBeginInfo::default().inheritance_info(&precise);
    assert_eq!(
        begin(secondary, &info),
        ["VUID-VkCommandBufferInheritanceInfo-queryFlags-02788", "VUID-vkBeginCommandBuffer-commandBuffer-00052"]
    );
    let inheritance = vk::CommandBufferInheritanceInfo::default();
    assert_eq!(begin(secondary, &vk::CommandBufferBeginInfo::default().inheritance_info(&inheritance)), NONE);
    // A primary ends outside render pass instances.
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    let pass =
        vk::RenderPassBeginInfo::default().render_pass(f.render_pass).framebuffer(f.framebuffer).render_area(area);
    // SAFETY: a recording primary; invalid calls are skipped by Vigil.
    unsafe {
        f.d().cmd_begin_render_pass(primary, &pass, vk::SubpassContents::INLINE);
        let end = || {
            let _ = f.d().end_command_buffer(primary);
        };
        assert_eq!(f.ids(end), ["VUID-vkEndCommandBuffer-commandBuffer-00060"]);
        f.d().cmd_next_subpass(primary, vk::SubpassContents::INLINE);
        f.d().cmd_end_render_pass(primary);
        assert_eq!(f.ids(end), NONE);
    }
}

/// A render pass instance begun with a framebuffer made for a compatible render pass (one of
/// the same definition is; one of another subpass count is not), and secondaries inheriting a
/// render pass: a subpass inside it, a framebuffer of a compatible one, dynamic rendering
/// described when no render pass is named.
#[test]
fn render_passes_begun_and_inherited_with_framebuffers_of_compatible_render_passes() {
    let f = Fixture::new();
    let d = f.d();
    let inline = vk::SubpassContents::INLINE;
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    // SAFETY: valid create infos; recording command buffers of the fixture's resettable pool;
    // invalid calls are skipped by Vigil.
    unsafe {
        let one = [vk::SubpassDescription::default()];
        let single = d.create_render_pass(&vk::RenderPassCreateInfo::default().subpasses(&one), None).unwrap();
        let two = [vk::SubpassDescription::default(); 2];
        let same = d.create_render_pass(&vk::RenderPassCreateInfo::default().subpasses(&two), None).unwrap();
        let cb = f.primary();
        let begin = |render_pass| {
            let info = vk::RenderPassBeginInfo::default()
                .render_pass(render_pass)
                .framebuffer(f.framebuffer)
                .render_area(area);
            f.ids(|| d.cmd_begin_render_pass(cb, &info, inline))
        };
        assert_eq!(begin(single), ["VUID-VkRenderPassBeginInfo-renderPass-00904"]);
        assert_eq!(begin(same), NONE);
        d.cmd_next_subpass(cb, inline);
        d.cmd_end_render_pass(cb);
        d.end_command_buffer(cb).unwrap();

        let secondary = f.allocate(vk::CommandBufferLevel::SECONDARY);
        let continues = |inheritance: &vk::CommandBufferInheritanceInfo<'_>| {
            let info = vk::CommandBufferBeginInfo::default()
                .flags(vk::CommandBufferUsageFlags::RENDER_PASS_CONTINUE)
                .inheritance_info(inheritance);
            let ids = f.ids(|| {
                let _ = d.begin_command_buffer(secondary, &info);
            });
            if ids.is_empty() {
                d.end_command_buffer(secondary).unwrap();
            }
            ids
        };
        let inherit = vk::CommandBufferInheritanceInfo::default().render_pass(f.render_pass).framebuffer(f.framebuffer);
        assert_eq!(continues(&inherit.subpass(2)), ["VUID-VkCommandBufferBeginInfo-flags-06001"]);
        assert_eq!(continues(&inherit.subpass(1)), NONE);
        assert_eq!(continues(&inherit.render_pass(single).subpass(0)), ["VUID-VkCommandBufferBeginInfo-flags-00055"]);
        assert_eq!(continues(&inherit.render_pass(same).subpass(0)), NONE);
        assert_eq!(
            continues(&vk::CommandBufferInheritanceInfo::default()),
            ["VUID-VkCommandBufferBeginInfo-flags-06002"]
        );
        let mut rendering =
            vk::CommandBufferInheritanceRenderingInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
        assert_eq!(continues(&vk::CommandBufferInheritanceInfo::default().push_next(&mut rendering)), NONE);
        // Attachment sample counts for another number of color attachments (lavapipe has
        // neither VK_AMD_mixed_attachment_samples nor VK_NV_framebuffer_mixed_samples; their
        // structure is chained anyway, which lavapipe ignores).
        let formats = [vk::Format::R8G8B8A8_UNORM];
        let samples = [vk::SampleCountFlags::TYPE_1; 2];
        for (count, expected) in [(2, vec!["VUID-VkCommandBufferBeginInfo-flags-06003"]), (1, vec![])] {
            let mut counts = vk::AttachmentSampleCountInfoAMD::default().color_attachment_samples(&samples[..count]);
            let mut rendering = vk::CommandBufferInheritanceRenderingInfo::default()
                .color_attachment_formats(&formats)
                .rasterization_samples(vk::SampleCountFlags::TYPE_1);
            let inheritance =
                vk::CommandBufferInheritanceInfo::default().push_next(&mut rendering).push_next(&mut counts);
            let mut ids = continues(&inheritance);
            ids.sort();
            assert_eq!(ids, expected, "{count} sample counts for one color attachment");
        }
        d.destroy_render_pass(single, None);
        // A render pass that no longer exists.
        assert_eq!(continues(&inherit.render_pass(single).subpass(0)), ["VUID-VkCommandBufferBeginInfo-flags-06000"]);
        d.destroy_render_pass(same, None);
    }
}

/// Begins secondary `cb` of `ctx` with `inheritance` (ending it when that was valid): the ids
/// reported.
fn begin_secondary(
    ctx: &Context,
    cb: vk::CommandBuffer,
    inheritance: &vk::CommandBufferInheritanceInfo<'_>,
) -> Vec<String> {
    let info = vk::CommandBufferBeginInfo::default().inheritance_info(inheritance);
    // SAFETY: a secondary of a resettable pool; invalid calls are skipped by Vigil.
    let ids = ctx.messages.problem_ids_of(|| unsafe {
        let _ = ctx.device.begin_command_buffer(cb, &info);
    });
    if ids.is_empty() {
        // SAFETY: it began.
        unsafe { ctx.device.end_command_buffer(cb) }.expect("vkEndCommandBuffer");
    }
    ids
}

/// The queries a secondary inherits: occlusion queries and query flags only with the
/// inheritedQueries feature, pipeline statistics only with pipelineStatisticsQuery, and then only
/// bits VkQueryPipelineStatisticFlagBits names.
#[test]
fn secondaries_inherit_the_queries_their_features_allow() {
    let f = Fixture::new();
    let secondary = f.allocate(vk::CommandBufferLevel::SECONDARY);
    let info = vk::CommandBufferInheritanceInfo::default();
    assert_eq!(
        begin_secondary(&f.ctx, secondary, &info.occlusion_query_enable(true)),
        ["VUID-VkCommandBufferInheritanceInfo-occlusionQueryEnable-00056"]
    );
    let vertices = vk::QueryPipelineStatisticFlags::VERTEX_SHADER_INVOCATIONS;
    assert_eq!(
        begin_secondary(&f.ctx, secondary, &info.pipeline_statistics(vertices)),
        ["VUID-VkCommandBufferInheritanceInfo-pipelineStatistics-00058"]
    );
    assert_eq!(begin_secondary(&f.ctx, secondary, &info), NONE);

    // With pipelineStatisticsQuery (lavapipe has no inheritedQueries): any combination of the
    // statistics bits, and nothing else.
    let entry = VulkanEnv::new().with_vigil_and_shim(SHIM).entry();
    let ctx = ContextBuilder::new()
        .layers(&[VIGIL_LAYER, SHIM_LAYER])
        .features(vk::PhysicalDeviceFeatures::default().pipeline_statistics_query(true))
        .build(&entry);
    ctx.messages.skip_errors(true);
    let pool = ctx.resettable_pool();
    let allocate = vk::CommandBufferAllocateInfo::default()
        .command_pool(pool)
        .level(vk::CommandBufferLevel::SECONDARY)
        .command_buffer_count(1);
    // SAFETY: a valid allocate info.
    let secondary = unsafe { ctx.device.allocate_command_buffers(&allocate) }.expect("vkAllocateCommandBuffers")[0];
    let unnamed = vk::QueryPipelineStatisticFlags::from_raw(0x4000);
    assert_eq!(
        begin_secondary(&ctx, secondary, &info.pipeline_statistics(unnamed)),
        ["VUID-VkCommandBufferInheritanceInfo-pipelineStatistics-02789"]
    );
    let all = vk::QueryPipelineStatisticFlags::from_raw(0x7ff);
    assert_eq!(begin_secondary(&ctx, secondary, &info.pipeline_statistics(all)), NONE);
    // SAFETY: nothing was submitted.
    unsafe { ctx.device.destroy_command_pool(pool, None) };
}

/// A device group's render areas in vkCmdBeginRenderPass: a device mask, and each area starting
/// inside the framebuffer and ending within it and the framebuffer limits.
#[test]
fn device_group_render_areas_inside_the_framebuffer() {
    let f = Fixture::new();
    let d = f.d();
    // SAFETY: the context's physical device.
    let max =
        unsafe { f.ctx.instance.get_physical_device_properties(f.ctx.physical_device) }.limits.max_framebuffer_width;
    let rect = |x: i32, y: i32, width: u32, height: u32| vk::Rect2D {
        offset: vk::Offset2D { x, y },
        extent: vk::Extent2D { width, height },
    };
    let cb = f.primary();
    let begin = |mask: u32, areas: &[vk::Rect2D]| {
        let mut group = vk::DeviceGroupRenderPassBeginInfo::default().device_mask(mask).device_render_areas(areas);
        let info = vk::RenderPassBeginInfo::default()
            .render_pass(f.render_pass)
            .framebuffer(f.framebuffer)
            .render_area(rect(0, 0, 8, 8))
            .push_next(&mut group);
        // SAFETY: a recording primary; invalid calls are skipped by Vigil.
        f.ids(|| unsafe { d.cmd_begin_render_pass(cb, &info, vk::SubpassContents::INLINE) })
    };
    assert_eq!(begin(0, &[]), ["VUID-VkDeviceGroupRenderPassBeginInfo-deviceMask-00906"]);
    assert_eq!(begin(1, &[rect(-1, 0, 8, 8)]), ["VUID-VkDeviceGroupRenderPassBeginInfo-offset-06166"]);
    assert_eq!(begin(1, &[rect(0, -1, 8, 8)]), ["VUID-VkDeviceGroupRenderPassBeginInfo-offset-06167"]);
    assert_eq!(begin(1, &[rect(0, 0, 9, 8)]), ["VUID-VkRenderPassBeginInfo-pNext-02856"]);
    assert_eq!(begin(1, &[rect(0, 0, 8, 9)]), ["VUID-VkRenderPassBeginInfo-pNext-02857"]);
    assert_eq!(
        begin(1, &[rect(1, 0, max, 8)]),
        ["VUID-VkDeviceGroupRenderPassBeginInfo-offset-06168", "VUID-VkRenderPassBeginInfo-pNext-02856"]
    );
    assert_eq!(
        begin(1, &[rect(0, 1, 8, max)]),
        ["VUID-VkDeviceGroupRenderPassBeginInfo-offset-06169", "VUID-VkRenderPassBeginInfo-pNext-02857"]
    );
    assert_eq!(begin(1, &[rect(0, 0, 8, 8)]), NONE);
    // SAFETY: the instance began.
    unsafe {
        d.cmd_next_subpass(cb, vk::SubpassContents::INLINE);
        d.cmd_end_render_pass(cb);
    }
}

/// A secondary ends with every debug utils label it began ended; a primary's may be ended by a
/// later command buffer.
#[test]
fn secondaries_end_the_debug_labels_they_begin() {
    let f = Fixture::new();
    let utils = ash::ext::debug_utils::Device::new(&f.ctx.instance, &f.ctx.device);
    let label = vk::DebugUtilsLabelEXT::default().label_name(c"pass");
    let secondary = f.allocate(vk::CommandBufferLevel::SECONDARY);
    let inheritance = vk::CommandBufferInheritanceInfo::default();
    f.begin(secondary, &vk::CommandBufferBeginInfo::default().inheritance_info(&inheritance));
    // SAFETY: recording command buffers of the fixture's pool; invalid calls are skipped.
    unsafe {
        utils.cmd_begin_debug_utils_label(secondary, &label);
        let end = || {
            let _ = f.d().end_command_buffer(secondary);
        };
        assert_eq!(f.ids(end), ["VUID-vkEndCommandBuffer-commandBuffer-01815"]);
        utils.cmd_end_debug_utils_label(secondary);
        assert_eq!(f.ids(end), NONE);
        let primary = f.primary();
        utils.cmd_begin_debug_utils_label(primary, &label);
        assert_eq!(f.ids(|| f.d().end_command_buffer(primary).unwrap()), NONE);
    }
}

/// The views a render pass begin names for an imageless framebuffer: one mip level each, the
/// identity swizzle, not 3D, as many as the framebuffer describes; and none for a framebuffer
/// made with its views.
#[test]
fn attachment_begin_info_views_of_one_level_and_the_identity_swizzle() {
    let f = Fixture::new();
    let d = f.d();
    let format = vk::Format::R8G8B8A8_UNORM;
    let image = |levels: u32| {
        vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D { width: 8, height: 8, depth: 1 })
            .mip_levels(levels)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .usage(vk::ImageUsageFlags::COLOR_ATTACHMENT)
    };
    let color = vk::ImageAspectFlags::COLOR;
    let identity = vk::ComponentMapping::default();
    let swizzled = vk::ComponentMapping { r: vk::ComponentSwizzle::G, ..identity };
    let valid = f.ctx.image_view(&image(1), color, identity);
    let two_levels = f.ctx.image_view(&image(2), color, identity);
    let swizzle = f.ctx.image_view(&image(1), color, swizzled);
    // A 3D image's 3D view.
    // SAFETY: valid create infos; memory of a type the image allows.
    let volume = unsafe {
        let volume = d.create_image(&image(1).image_type(vk::ImageType::TYPE_3D), None).unwrap();
        let req = d.get_image_memory_requirements(volume);
        let ty = f.ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
        let alloc = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
        d.bind_image_memory(volume, d.allocate_memory(&alloc, None).unwrap(), 0).unwrap();
        let range = vk::ImageSubresourceRange::default().aspect_mask(color).level_count(1).layer_count(1);
        let info = vk::ImageViewCreateInfo::default()
            .image(volume)
            .view_type(vk::ImageViewType::TYPE_3D)
            .format(format)
            .subresource_range(range);
        d.create_image_view(&info, None).unwrap()
    };
    // SAFETY: valid create infos; a recording primary; invalid calls are skipped by Vigil.
    unsafe {
        let render_pass = f.ctx.color_render_pass(format);
        let formats = [format];
        let images = [vk::FramebufferAttachmentImageInfo::default()
            .usage(vk::ImageUsageFlags::COLOR_ATTACHMENT)
            .width(8)
            .height(8)
            .layer_count(1)
            .view_formats(&formats)];
        let mut attachments = vk::FramebufferAttachmentsCreateInfo::default().attachment_image_infos(&images);
        // Imageless: attachmentCount views described, none given.
        let mut fb_info = vk::FramebufferCreateInfo::default()
            .flags(vk::FramebufferCreateFlags::IMAGELESS)
            .render_pass(render_pass)
            .width(8)
            .height(8)
            .layers(1)
            .push_next(&mut attachments);
        fb_info.attachment_count = 1;
        let imageless = d.create_framebuffer(&fb_info, None).unwrap();
        let cb = f.primary();
        let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
        let begin = |framebuffer, render_pass, view| {
            let views = [view];
            let mut a = vk::RenderPassAttachmentBeginInfo::default().attachments(&views);
            let info = vk::RenderPassBeginInfo::default()
                .render_pass(render_pass)
                .framebuffer(framebuffer)
                .render_area(area)
                .push_next(&mut a);
            f.ids(|| d.cmd_begin_render_pass(cb, &info, vk::SubpassContents::INLINE))
        };
        assert_eq!(
            begin(imageless, render_pass, two_levels),
            ["VUID-VkRenderPassAttachmentBeginInfo-pAttachments-03218"]
        );
        assert_eq!(begin(imageless, render_pass, swizzle), ["VUID-VkRenderPassAttachmentBeginInfo-pAttachments-03219"]);
        assert_eq!(begin(imageless, render_pass, volume), ["VUID-VkRenderPassAttachmentBeginInfo-pAttachments-04114"]);
        let with_views = [valid];
        let fb_views = vk::FramebufferCreateInfo::default()
            .render_pass(render_pass)
            .attachments(&with_views)
            .width(8)
            .height(8)
            .layers(1);
        let made_with_views = d.create_framebuffer(&fb_views, None).unwrap();
        assert_eq!(begin(made_with_views, render_pass, valid), ["VUID-VkRenderPassBeginInfo-framebuffer-03207"]);
        let two = [valid, valid];
        let mut a = vk::RenderPassAttachmentBeginInfo::default().attachments(&two);
        let info = vk::RenderPassBeginInfo::default()
            .render_pass(render_pass)
            .framebuffer(imageless)
            .render_area(area)
            .push_next(&mut a);
        let ids = f.ids(|| d.cmd_begin_render_pass(cb, &info, vk::SubpassContents::INLINE));
        assert_eq!(ids, ["VUID-VkRenderPassBeginInfo-framebuffer-03208"]);
        assert_eq!(begin(imageless, render_pass, valid), NONE);
        d.cmd_end_render_pass(cb);
        d.end_command_buffer(cb).unwrap();
    }
}

#[test]
fn ending_the_rendering_a_secondary_continues() {
    let f = Fixture::new();
    let d = f.d();
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    // A secondary continuing a dynamic rendering instance begun elsewhere may not end it.
    let mut rendering =
        vk::CommandBufferInheritanceRenderingInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
    let inheritance = vk::CommandBufferInheritanceInfo::default().push_next(&mut rendering);
    let continuing = f.allocate(vk::CommandBufferLevel::SECONDARY);
    f.begin(
        continuing,
        &vk::CommandBufferBeginInfo::default()
            .flags(vk::CommandBufferUsageFlags::RENDER_PASS_CONTINUE)
            .inheritance_info(&inheritance),
    );
    // SAFETY (whole test): recording command buffers; the invalid call is skipped by Vigil.
    unsafe {
        let ids = f.ids(|| d.cmd_end_rendering(continuing));
        assert_eq!(ids, ["VUID-vkCmdEndRendering-commandBuffer-06162"]);
        d.end_command_buffer(continuing).expect("vkEndCommandBuffer");
        // A secondary that begins its own instance ends it.
        let own = f.allocate(vk::CommandBufferLevel::SECONDARY);
        let plain = vk::CommandBufferInheritanceInfo::default();
        f.begin(own, &vk::CommandBufferBeginInfo::default().inheritance_info(&plain));
        let ids = f.ids(|| {
            d.cmd_begin_rendering(own, &vk::RenderingInfo::default().render_area(area).layer_count(1));
            d.cmd_end_rendering(own);
        });
        assert_eq!(ids, NONE);
        d.end_command_buffer(own).expect("vkEndCommandBuffer");
    }
}

impl Fixture {
    /// A secondary begun with `flags` and `inheritance`, ended: executable.
    fn secondary(
        &self,
        flags: vk::CommandBufferUsageFlags,
        inheritance: &vk::CommandBufferInheritanceInfo<'_>,
    ) -> vk::CommandBuffer {
        let cb = self.allocate(vk::CommandBufferLevel::SECONDARY);
        self.begin(cb, &vk::CommandBufferBeginInfo::default().flags(flags).inheritance_info(inheritance));
        // SAFETY: a recording secondary.
        unsafe { self.d().end_command_buffer(cb) }.expect("vkEndCommandBuffer");
        cb
    }

    /// A secondary continuing subpass `subpass` of `render_pass` with `framebuffer`.
    fn continuing(&self, render_pass: vk::RenderPass, subpass: u32, framebuffer: vk::Framebuffer) -> vk::CommandBuffer {
        let inheritance = vk::CommandBufferInheritanceInfo::default()
            .render_pass(render_pass)
            .subpass(subpass)
            .framebuffer(framebuffer);
        self.secondary(vk::CommandBufferUsageFlags::RENDER_PASS_CONTINUE, &inheritance)
    }

    /// A secondary continuing a dynamic rendering instance described by `rendering`.
    fn continuing_rendering(&self, rendering: vk::CommandBufferInheritanceRenderingInfo<'_>) -> vk::CommandBuffer {
        let mut rendering = rendering;
        let inheritance = vk::CommandBufferInheritanceInfo::default().push_next(&mut rendering);
        self.secondary(vk::CommandBufferUsageFlags::RENDER_PASS_CONTINUE, &inheritance)
    }
}

/// A secondary continues the very render pass instance it is executed in: its subpass, a
/// compatible render pass, the framebuffer (when it names one); and that subpass's contents let
/// secondaries in.
#[test]
fn secondaries_continue_the_subpass_they_execute_in() {
    let f = Fixture::new();
    let d = f.d();
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    // SAFETY (whole test): objects of this device; invalid calls are skipped by Vigil.
    unsafe {
        // One subpass: not compatible with the fixture's two.
        let subpass = [vk::SubpassDescription::default()];
        let other = d.create_render_pass(&vk::RenderPassCreateInfo::default().subpasses(&subpass), None).unwrap();
        let info = vk::FramebufferCreateInfo::default().render_pass(f.render_pass).width(8).height(8).layers(1);
        let framebuffer2 = d.create_framebuffer(&info, None).unwrap();
        let primary = f.primary();
        let execute = |cb| f.ids(|| d.cmd_execute_commands(primary, &[cb]));
        let begin =
            vk::RenderPassBeginInfo::default().render_pass(f.render_pass).framebuffer(f.framebuffer).render_area(area);
        d.cmd_begin_render_pass(primary, &begin, vk::SubpassContents::SECONDARY_COMMAND_BUFFERS);
        let (rp, fb) = (f.render_pass, f.framebuffer);
        assert_eq!(execute(f.continuing(rp, 1, fb)), ["VUID-vkCmdExecuteCommands-pCommandBuffers-06019"]);
        assert_eq!(
            execute(f.continuing(other, 0, vk::Framebuffer::null())),
            ["VUID-vkCmdExecuteCommands-pBeginInfo-06020"]
        );
        assert_eq!(execute(f.continuing(rp, 0, framebuffer2)), ["VUID-vkCmdExecuteCommands-pCommandBuffers-00099"]);
        let rendering =
            vk::CommandBufferInheritanceRenderingInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
        let ids = execute(f.continuing_rendering(rendering));
        assert_eq!(ids, ["VUID-vkCmdExecuteCommands-pBeginInfo-06020"]);
        // Their valid neighbours: the same subpass of the same render pass, with its framebuffer
        // or none.
        assert_eq!(execute(f.continuing(rp, 0, fb)), NONE);
        assert_eq!(execute(f.continuing(rp, 0, vk::Framebuffer::null())), NONE);
        d.cmd_next_subpass(primary, vk::SubpassContents::INLINE);
        assert_eq!(execute(f.continuing(rp, 1, fb)), ["VUID-vkCmdExecuteCommands-None-09681"]);
        d.cmd_end_render_pass(primary);
        d.cmd_begin_render_pass(primary, &begin, vk::SubpassContents::INLINE);
        assert_eq!(execute(f.continuing(rp, 0, fb)), ["VUID-vkCmdExecuteCommands-contents-09680"]);
        d.cmd_next_subpass(primary, vk::SubpassContents::SECONDARY_COMMAND_BUFFERS);
        assert_eq!(execute(f.continuing(rp, 1, fb)), NONE);
        d.cmd_end_render_pass(primary);
        d.destroy_framebuffer(framebuffer2, None);
        d.destroy_render_pass(other, None);
    }
}

/// A secondary continuing a vkCmdBeginRendering instance inherits its flags, color attachment
/// count, formats, view mask and sample count; the instance lets secondaries in.
#[test]
fn secondaries_continue_the_dynamic_rendering_they_execute_in() {
    let f = Fixture::new();
    let d = f.d();
    let (color, depth) = (f.ctx.color_attachment_view(), f.ctx.depth_stencil_view());
    let colors = [vk::RenderingAttachmentInfo::default()
        .image_view(color)
        .image_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)
        .load_op(vk::AttachmentLoadOp::DONT_CARE)
        .store_op(vk::AttachmentStoreOp::DONT_CARE)];
    let depth_stencil = vk::RenderingAttachmentInfo::default()
        .image_view(depth)
        .image_layout(vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL)
        .load_op(vk::AttachmentLoadOp::DONT_CARE)
        .store_op(vk::AttachmentStoreOp::DONT_CARE);
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    let rendering = |flags| {
        vk::RenderingInfo::default()
            .flags(flags)
            .render_area(area)
            .layer_count(1)
            .color_attachments(&colors)
            .depth_attachment(&depth_stencil)
            .stencil_attachment(&depth_stencil)
    };
    let (rgba, ds) = (vk::Format::R8G8B8A8_UNORM, vk::Format::D32_SFLOAT_S8_UINT);
    let formats = [rgba];
    let inherited = vk::CommandBufferInheritanceRenderingInfo::default()
        .color_attachment_formats(&formats)
        .depth_attachment_format(ds)
        .stencil_attachment_format(ds)
        .rasterization_samples(vk::SampleCountFlags::TYPE_1);
    let bgra = [vk::Format::B8G8R8A8_UNORM];
    let cases: [(vk::CommandBufferInheritanceRenderingInfo<'_>, &[&str]); 7] = [
        (inherited.flags(vk::RenderingFlags::SUSPENDING), &["VUID-vkCmdExecuteCommands-flags-06026"]),
        (inherited.color_attachment_formats(&[]), &["VUID-vkCmdExecuteCommands-colorAttachmentCount-06027"]),
        (inherited.color_attachment_formats(&bgra), &["VUID-vkCmdExecuteCommands-imageView-06028"]),
        (
            inherited.depth_attachment_format(vk::Format::UNDEFINED),
            &["VUID-vkCmdExecuteCommands-pDepthAttachment-06029"],
        ),
        (
            inherited.stencil_attachment_format(vk::Format::UNDEFINED),
            &["VUID-vkCmdExecuteCommands-pStencilAttachment-06030"],
        ),
        (inherited.view_mask(1), &["VUID-vkCmdExecuteCommands-viewMask-06031"]),
        (
            inherited.rasterization_samples(vk::SampleCountFlags::TYPE_4),
            &[
                "VUID-vkCmdExecuteCommands-pNext-06035",
                "VUID-vkCmdExecuteCommands-pNext-06036",
                "VUID-vkCmdExecuteCommands-pNext-06037",
            ],
        ),
    ];
    // SAFETY (whole test): objects of this device; invalid calls are skipped by Vigil.
    unsafe {
        let primary = f.primary();
        let execute = |cb| f.ids(|| d.cmd_execute_commands(primary, &[cb]));
        d.cmd_begin_rendering(primary, &rendering(vk::RenderingFlags::CONTENTS_SECONDARY_COMMAND_BUFFERS));
        for (case, expected) in cases {
            assert_eq!(execute(f.continuing_rendering(case)), expected, "{case:?}");
        }
        let ids = execute(f.continuing(f.render_pass, 0, vk::Framebuffer::null()));
        assert_eq!(ids, ["VUID-vkCmdExecuteCommands-pBeginInfo-06025"]);
        // The neighbour: everything as begun.
        assert_eq!(execute(f.continuing_rendering(inherited)), NONE);
        d.cmd_end_rendering(primary);
        d.cmd_begin_rendering(primary, &rendering(vk::RenderingFlags::empty()));
        assert_eq!(execute(f.continuing_rendering(inherited)), ["VUID-vkCmdExecuteCommands-flags-06024"]);
        d.cmd_end_rendering(primary);
    }
}

/// A secondary executes secondaries only with the nestedCommandBuffer feature; continuing a
/// render pass, only with nestedCommandBufferRendering; those begun for simultaneous use, only
/// with nestedCommandBufferSimultaneousUse.
#[test]
fn secondaries_execute_secondaries_with_nested_command_buffers() {
    for nested in [false, true] {
        let f = if nested { Fixture::with(|b| b.nested_command_buffer()) } else { Fixture::new() };
        let inheritance = vk::CommandBufferInheritanceInfo::default();
        let inner = f.secondary(vk::CommandBufferUsageFlags::empty(), &inheritance);
        let outer = f.allocate(vk::CommandBufferLevel::SECONDARY);
        f.begin(outer, &vk::CommandBufferBeginInfo::default().inheritance_info(&inheritance));
        // SAFETY: a recording secondary and an executable one; invalid calls are skipped.
        let ids = f.ids(|| unsafe { f.d().cmd_execute_commands(outer, &[inner]) });
        let expected: &[&str] = if nested { &[] } else { &["VUID-vkCmdExecuteCommands-commandBuffer-09375"] };
        assert_eq!(ids, expected, "nestedCommandBuffer {nested}");
        if !nested {
            continue;
        }
        // Without nestedCommandBufferRendering and nestedCommandBufferSimultaneousUse (the
        // device enables only nestedCommandBuffer): no secondary continuing a render pass
        // executes secondaries, and none executes one begun for simultaneous use.
        let simultaneous = f.secondary(vk::CommandBufferUsageFlags::SIMULTANEOUS_USE, &inheritance);
        // SAFETY: as above.
        let ids = f.ids(|| unsafe { f.d().cmd_execute_commands(outer, &[simultaneous]) });
        assert_eq!(ids, ["VUID-vkCmdExecuteCommands-nestedCommandBufferSimultaneousUse-09378"]);
        let rendering =
            vk::CommandBufferInheritanceRenderingInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
        let continuing_outer = f.allocate(vk::CommandBufferLevel::SECONDARY);
        let mut outer_rendering = rendering;
        let continues = vk::CommandBufferInheritanceInfo::default().push_next(&mut outer_rendering);
        let begin = vk::CommandBufferBeginInfo::default()
            .flags(vk::CommandBufferUsageFlags::RENDER_PASS_CONTINUE)
            .inheritance_info(&continues);
        f.begin(continuing_outer, &begin);
        let continuing_inner = f.continuing_rendering(rendering);
        // SAFETY: as above.
        let ids = f.ids(|| unsafe { f.d().cmd_execute_commands(continuing_outer, &[continuing_inner]) });
        assert_eq!(ids, ["VUID-vkCmdExecuteCommands-nestedCommandBufferRendering-09377"]);
    }
}

/// A secondary executes only secondaries nesting less deep than maxCommandBufferNestingLevel
/// (1, through the shim): a secondary executing none nests at level 0, one executing such a
/// secondary at level 1. A primary may execute either.
#[test]
fn secondaries_nest_less_deep_than_the_limit() {
    let f = Fixture::with(|b| b.nested_command_buffer());
    let inheritance = vk::CommandBufferInheritanceInfo::default();
    let begin = vk::CommandBufferBeginInfo::default().inheritance_info(&inheritance);
    let leaf = f.secondary(vk::CommandBufferUsageFlags::empty(), &inheritance);
    let (middle, top) = (f.allocate(vk::CommandBufferLevel::SECONDARY), f.allocate(vk::CommandBufferLevel::SECONDARY));
    let d = f.d();
    // SAFETY (whole test): objects of this device; invalid calls are skipped by Vigil.
    unsafe {
        f.begin(middle, &begin);
        assert_eq!(f.ids(|| d.cmd_execute_commands(middle, &[leaf])), NONE);
        d.end_command_buffer(middle).expect("vkEndCommandBuffer");
        f.begin(top, &begin);
        let ids = f.ids(|| d.cmd_execute_commands(top, &[leaf, middle]));
        assert_eq!(ids, ["VUID-vkCmdExecuteCommands-nestedCommandBuffer-09376"]);
        let primary = f.primary();
        assert_eq!(f.ids(|| d.cmd_execute_commands(primary, &[middle])), NONE);
        // Recorded again without secondaries, it nests at level 0.
        f.begin(middle, &begin);
        d.end_command_buffer(middle).expect("vkEndCommandBuffer");
        assert_eq!(f.ids(|| d.cmd_execute_commands(top, &[middle])), NONE);
    }
}

/// No secondaries run while transform feedback is active.
#[test]
fn secondaries_not_executed_while_transform_feedback_is_active() {
    let f = Fixture::with(|b| b.transform_feedback(true));
    let d = f.d();
    let xfb = ash::ext::transform_feedback::Device::new(&f.ctx.instance, &f.ctx.device);
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    let rendering =
        vk::CommandBufferInheritanceRenderingInfo::default().rasterization_samples(vk::SampleCountFlags::TYPE_1);
    // SAFETY (whole test): objects of this device; invalid calls are skipped by Vigil.
    unsafe {
        let primary = f.primary();
        let info = vk::RenderingInfo::default()
            .flags(vk::RenderingFlags::CONTENTS_SECONDARY_COMMAND_BUFFERS)
            .render_area(area)
            .layer_count(1);
        d.cmd_begin_rendering(primary, &info);
        (xfb.fp().cmd_begin_transform_feedback_ext)(primary, 0, 0, std::ptr::null(), std::ptr::null());
        let ids = f.ids(|| d.cmd_execute_commands(primary, &[f.continuing_rendering(rendering)]));
        assert_eq!(ids, ["VUID-vkCmdExecuteCommands-None-02286"]);
        (xfb.fp().cmd_end_transform_feedback_ext)(primary, 0, 0, std::ptr::null(), std::ptr::null());
        let ids = f.ids(|| d.cmd_execute_commands(primary, &[f.continuing_rendering(rendering)]));
        assert_eq!(ids, NONE);
        d.cmd_end_rendering(primary);
    }
}

/// A vkCmdBeginRendering instance of `flags` with no attachments, begun and ended in `cb`.
///
/// # Safety
/// `cb` is recording, outside a render pass instance.
unsafe fn render(d: &ash::Device, cb: vk::CommandBuffer, flags: vk::RenderingFlags) {
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    let info = vk::RenderingInfo::default().flags(flags).render_area(area).layer_count(1);
    // SAFETY: per the contract.
    unsafe {
        d.cmd_begin_rendering(cb, &info);
        d.cmd_end_rendering(cb);
    }
}

/// After a render pass instance ends suspended and before one resumes it, no action or
/// synchronization command (the generated `-suspended` rules: samples of each kind) and no
/// render pass instance that does not resume it; state commands may come between.
#[test]
fn nothing_acts_between_suspended_render_pass_instances() {
    let f = Fixture::new();
    let d = f.d();
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    let info = |flags| vk::RenderingInfo::default().flags(flags).render_area(area).layer_count(1);
    let barrier = |cb| {
        let (stage, flags) = (vk::PipelineStageFlags::TRANSFER, vk::DependencyFlags::empty());
        // SAFETY: an empty dependency; invalid calls are skipped by Vigil.
        f.ids(|| unsafe { d.cmd_pipeline_barrier(cb, stage, stage, flags, &[], &[], &[]) })
    };
    // SAFETY (whole test): objects of this device; invalid calls are skipped by Vigil.
    unsafe {
        let cb = f.primary();
        render(d, cb, vk::RenderingFlags::SUSPENDING);
        assert_eq!(f.fill(cb), ["VUID-vkCmdFillBuffer-suspended"]);
        assert_eq!(barrier(cb), ["VUID-vkCmdPipelineBarrier-suspended"]);
        assert_eq!(f.set_viewport(cb), NONE);
        let ids = f.ids(|| d.cmd_begin_rendering(cb, &info(vk::RenderingFlags::empty())));
        assert_eq!(ids, ["VUID-vkCmdBeginRendering-suspended"]);
        // The neighbours: the instance that resumes it, and what follows its end.
        assert_eq!(f.ids(|| d.cmd_begin_rendering(cb, &info(vk::RenderingFlags::RESUMING))), NONE);
        d.cmd_end_rendering(cb);
        assert_eq!(f.fill(cb), NONE);
        assert_eq!(barrier(cb), NONE);
    }
}

/// Secondaries: one that ends suspended leaves its executor between suspended instances, and a
/// later element of the same vkCmdExecuteCommands must resume it before beginning any other
/// render pass instance.
#[test]
fn secondaries_resume_what_earlier_secondaries_suspend() {
    let f = Fixture::new();
    let d = f.d();
    let inheritance = vk::CommandBufferInheritanceInfo::default();
    let begin = vk::CommandBufferBeginInfo::default().inheritance_info(&inheritance);
    let secondary = |flags| {
        let cb = f.allocate(vk::CommandBufferLevel::SECONDARY);
        f.begin(cb, &begin);
        // SAFETY: a recording secondary, outside any render pass instance.
        unsafe {
            render(d, cb, flags);
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
        }
        cb
    };
    let (suspending, resuming) = (vk::RenderingFlags::SUSPENDING, vk::RenderingFlags::RESUMING);
    // SAFETY (whole test): objects of this device; invalid calls are skipped by Vigil.
    unsafe {
        let cb = f.primary();
        let listed = [secondary(suspending), secondary(vk::RenderingFlags::empty())];
        let ids = f.ids(|| d.cmd_execute_commands(cb, &listed));
        assert_eq!(ids, ["VUID-vkCmdExecuteCommands-pCommandBuffers-06022"]);
        // The neighbour: the next element resumes it, and the primary goes on as usual.
        let listed = [secondary(suspending), secondary(resuming)];
        assert_eq!(f.ids(|| d.cmd_execute_commands(cb, &listed)), NONE);
        assert_eq!(f.fill(cb), NONE);
        // Executed last, a suspending secondary leaves the primary between suspended instances.
        assert_eq!(f.ids(|| d.cmd_execute_commands(cb, &[secondary(suspending)])), NONE);
        assert_eq!(f.fill(cb), ["VUID-vkCmdFillBuffer-suspended"]);
    }
}

/// At submit, across command buffers: each resumed render pass instance is suspended just before
/// it in the batch, each suspended one is resumed later in the batch, and no other render pass
/// instance comes between (vkQueueSubmit and vkQueueSubmit2).
#[test]
fn submits_resume_what_they_suspend() {
    let features = vk::PhysicalDeviceVulkan13Features::default().dynamic_rendering(true).synchronization2(true);
    let f = Fixture::with(|b| b.vulkan13_features(features));
    let d = f.d();
    let queue = f.ctx.queue;
    let (suspending, resuming) = (vk::RenderingFlags::SUSPENDING, vk::RenderingFlags::RESUMING);
    // A primary recording render pass instances of these flags, in order, and ended.
    let primary = |instances: &[vk::RenderingFlags]| {
        let cb = f.primary();
        // SAFETY: a recording primary, outside any render pass instance.
        unsafe {
            for &flags in instances {
                render(d, cb, flags);
            }
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
        }
        cb
    };
    let submit = |cbs: &[vk::CommandBuffer]| {
        let submit = vk::SubmitInfo::default().command_buffers(cbs);
        // SAFETY: objects of this device; an invalid submit is skipped by Vigil.
        let ids = f.ids(|| unsafe {
            let _ = d.queue_submit(queue, &[submit], vk::Fence::null());
        });
        // SAFETY: the device's queue.
        unsafe { d.queue_wait_idle(queue) }.expect("vkQueueWaitIdle");
        ids
    };
    let submit2 = |cbs: &[vk::CommandBuffer]| {
        let infos: Vec<_> = cbs.iter().map(|&cb| vk::CommandBufferSubmitInfo::default().command_buffer(cb)).collect();
        let submit = vk::SubmitInfo2::default().command_buffer_infos(&infos);
        // SAFETY: as for vkQueueSubmit.
        let ids = f.ids(|| unsafe {
            let _ = d.queue_submit2(queue, &[submit], vk::Fence::null());
        });
        // SAFETY: the device's queue.
        unsafe { d.queue_wait_idle(queue) }.expect("vkQueueWaitIdle");
        ids
    };
    let (suspends, resumes) = (primary(&[suspending]), primary(&[resuming]));
    let plain = primary(&[vk::RenderingFlags::empty()]);
    let stray = primary(&[vk::RenderingFlags::empty(), resuming]);
    // The neighbour: suspended, then resumed by the next command buffer.
    assert_eq!(submit(&[suspends, resumes]), NONE);
    assert_eq!(submit2(&[suspends, resumes]), NONE);
    assert_eq!(submit(&[suspends]), ["VUID-VkSubmitInfo-pCommandBuffers-06014"]);
    assert_eq!(submit2(&[suspends]), ["VUID-VkSubmitInfo2-commandBuffer-06010"]);
    assert_eq!(submit(&[resumes]), ["VUID-VkSubmitInfo-pCommandBuffers-06193"]);
    assert_eq!(submit2(&[resumes]), ["VUID-VkSubmitInfo2-commandBuffer-06192"]);
    assert_eq!(submit(&[plain, stray]), ["VUID-VkSubmitInfo-pCommandBuffers-06193"]);
    let between = ["VUID-VkSubmitInfo-pCommandBuffers-06016", "VUID-VkSubmitInfo-pCommandBuffers-06014"];
    assert_eq!(submit(&[suspends, plain]), between);
    let between = ["VUID-VkSubmitInfo2-commandBuffer-06012", "VUID-VkSubmitInfo2-commandBuffer-06010"];
    assert_eq!(submit2(&[suspends, plain]), between);
    // A command buffer without render pass instances passes the suspension on.
    let empty = primary(&[]);
    assert_eq!(submit(&[suspends, empty, resumes]), NONE);
}

/// Subpass contents mixing inline commands and secondaries
/// (VK_SUBPASS_CONTENTS_INLINE_AND_SECONDARY_COMMAND_BUFFERS_KHR, from VK_KHR_maintenance7) need
/// the maintenance7 or the nestedCommandBuffer feature: vkCmdBeginRenderPass's contents, and the
/// VkSubpassBeginInfo of vkCmdBeginRenderPass2 and vkCmdNextSubpass2.
#[test]
fn mixed_subpass_contents_need_their_features() {
    // VK_SUBPASS_CONTENTS_INLINE_AND_SECONDARY_COMMAND_BUFFERS_KHR (ash 0.38 does not name it).
    let mixed = vk::SubpassContents::from_raw(1_000_451_000);
    for nested in [false, true] {
        let f = Fixture::with(|b| {
            let b = b.device_extensions(&[c"VK_KHR_maintenance7"]);
            if nested {
                b.nested_command_buffer()
            } else {
                b
            }
        });
        let d = f.d();
        let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
        let begin =
            vk::RenderPassBeginInfo::default().render_pass(f.render_pass).framebuffer(f.framebuffer).render_area(area);
        let expect = |id: &'static str| if nested { vec![] } else { vec![id.to_string()] };
        // SAFETY (whole loop): recording primaries; invalid calls are skipped by Vigil.
        unsafe {
            let cb = f.primary();
            let ids = f.ids(|| d.cmd_begin_render_pass(cb, &begin, mixed));
            assert_eq!(ids, expect("VUID-vkCmdBeginRenderPass-contents-09640"), "nested {nested}");
            let cb = f.primary();
            let subpass = vk::SubpassBeginInfo::default().contents(mixed);
            let ids = f.ids(|| d.cmd_begin_render_pass2(cb, &begin, &subpass));
            assert_eq!(ids, expect("VUID-VkSubpassBeginInfo-contents-09382"), "nested {nested}");
            let cb = f.primary();
            d.cmd_begin_render_pass2(
                cb,
                &begin,
                &vk::SubpassBeginInfo::default().contents(vk::SubpassContents::INLINE),
            );
            let ids = f.ids(|| d.cmd_next_subpass2(cb, &subpass, &vk::SubpassEndInfo::default()));
            assert_eq!(ids, expect("VUID-VkSubpassBeginInfo-contents-09382"), "nested {nested}");
        }
    }
}

/// A render pass's dependencies use only stages the queue family of the command buffer's pool
/// supports (lavapipe's family, without compute through the shim): a compute stage on either
/// side of a dependency from or to outside the render pass, beside a fragment stage.
#[test]
fn render_pass_dependencies_use_the_pools_stages() {
    let f = Fixture::new();
    let d = f.d();
    let (compute, fragment) = (vk::PipelineStageFlags::COMPUTE_SHADER, vk::PipelineStageFlags::FRAGMENT_SHADER);
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    // SAFETY (whole test): valid create infos, objects of this device; invalid calls are
    // skipped by Vigil.
    unsafe {
        let subpasses = [vk::SubpassDescription::default()];
        let pass_of = |src, dst| {
            let dependency = [vk::SubpassDependency::default()
                .src_subpass(vk::SUBPASS_EXTERNAL)
                .dst_subpass(0)
                .src_stage_mask(src)
                .dst_stage_mask(dst)];
            let info = vk::RenderPassCreateInfo::default().subpasses(&subpasses).dependencies(&dependency);
            d.create_render_pass(&info, None).expect("vkCreateRenderPass")
        };
        let pass2_of = |src, dst| {
            let subpasses = [vk::SubpassDescription2::default()];
            let dependency = [vk::SubpassDependency2::default()
                .src_subpass(0)
                .dst_subpass(vk::SUBPASS_EXTERNAL)
                .src_stage_mask(src)
                .dst_stage_mask(dst)];
            let info = vk::RenderPassCreateInfo2::default().subpasses(&subpasses).dependencies(&dependency);
            d.create_render_pass2(&info, None).expect("vkCreateRenderPass2")
        };
        let framebuffer = |pass| {
            let info = vk::FramebufferCreateInfo::default().render_pass(pass).width(8).height(8).layers(1);
            d.create_framebuffer(&info, None).expect("vkCreateFramebuffer")
        };
        let begin = |pass, two: bool| {
            let fb = framebuffer(pass);
            let info = vk::RenderPassBeginInfo::default().render_pass(pass).framebuffer(fb).render_area(area);
            let cb = f.primary();
            f.ids(|| {
                if two {
                    let subpass = vk::SubpassBeginInfo::default().contents(vk::SubpassContents::INLINE);
                    d.cmd_begin_render_pass2(cb, &info, &subpass);
                } else {
                    d.cmd_begin_render_pass(cb, &info, vk::SubpassContents::INLINE);
                }
            })
        };
        assert_eq!(begin(pass_of(fragment, fragment), false), NONE);
        assert_eq!(begin(pass_of(compute, fragment), false), ["VUID-vkCmdBeginRenderPass-srcStageMask-06451"]);
        assert_eq!(begin(pass_of(fragment, compute), false), ["VUID-vkCmdBeginRenderPass-dstStageMask-06452"]);
        assert_eq!(begin(pass2_of(fragment, fragment), true), NONE);
        assert_eq!(begin(pass2_of(compute, fragment), true), ["VUID-vkCmdBeginRenderPass2-srcStageMask-06453"]);
        assert_eq!(begin(pass2_of(fragment, compute), true), ["VUID-vkCmdBeginRenderPass2-dstStageMask-06454"]);
    }
}

/// Conditional rendering (VK_EXT_conditional_rendering): begun once, ended while active, where it
/// was begun (outside render pass instances, or in the very subpass), not left active at
/// vkEndCommandBuffer; the predicate's buffer usage, binding and offset; inherited by secondaries
/// only with its feature.
#[test]
fn conditional_rendering_begins_and_ends_in_one_scope() {
    let f = Fixture::with(|b| b.device_extensions(&[ash::ext::conditional_rendering::NAME]));
    let cr = ash::ext::conditional_rendering::Device::new(&f.ctx.instance, &f.ctx.device);
    let d = f.d();
    let usage = vk::BufferUsageFlags::CONDITIONAL_RENDERING_EXT;
    let (predicate, memory) = f.ctx.bound_buffer(16, usage);
    // SAFETY: a valid create info; the buffer is never bound.
    let unbound = unsafe { d.create_buffer(&vk::BufferCreateInfo::default().size(16).usage(usage), None) }
        .expect("vkCreateBuffer");
    let info = |buffer, offset| vk::ConditionalRenderingBeginInfoEXT::default().buffer(buffer).offset(offset);
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 8, height: 8 } };
    let pass =
        vk::RenderPassBeginInfo::default().render_pass(f.render_pass).framebuffer(f.framebuffer).render_area(area);
    let rendering = vk::RenderingInfo::default().render_area(area).layer_count(1);
    let inline = vk::SubpassContents::INLINE;
    let id = |s: &str| format!("VUID-{s}");
    // SAFETY: recording primaries with live objects; invalid calls are skipped by Vigil, and
    // nothing is submitted.
    unsafe {
        let begin = |cb, i: &vk::ConditionalRenderingBeginInfoEXT<'_>| {
            f.ids(|| (cr.fp().cmd_begin_conditional_rendering_ext)(cb, i))
        };
        let end = |cb| f.ids(|| (cr.fp().cmd_end_conditional_rendering_ext)(cb));
        // Begun once, ended once, not left active at the end.
        let cb = f.primary();
        assert_eq!(end(cb), [id("vkCmdEndConditionalRenderingEXT-None-01985")]);
        assert_eq!(begin(cb, &info(predicate, 0)), NONE);
        assert_eq!(begin(cb, &info(predicate, 4)), [id("vkCmdBeginConditionalRenderingEXT-None-01980")]);
        assert_eq!(
            f.ids(|| {
                let _ = d.end_command_buffer(cb);
            }),
            [id("vkEndCommandBuffer-None-01978")]
        );
        assert_eq!(end(cb), NONE);
        assert_eq!(f.ids(|| d.end_command_buffer(cb).expect("vkEndCommandBuffer")), NONE);
        // The predicate: 32 bits at a multiple of 4 inside a bound buffer of that usage.
        let cb = f.primary();
        assert_eq!(begin(cb, &info(predicate, 2)), [id("VkConditionalRenderingBeginInfoEXT-offset-01984")]);
        assert_eq!(begin(cb, &info(predicate, 16)), [id("VkConditionalRenderingBeginInfoEXT-offset-01983")]);
        assert_eq!(begin(cb, &info(f.buffer, 0)), [id("VkConditionalRenderingBeginInfoEXT-buffer-01982")]);
        assert_eq!(begin(cb, &info(unbound, 0)), [id("VkConditionalRenderingBeginInfoEXT-buffer-01981")]);
        assert_eq!(begin(cb, &info(predicate, 12)), NONE);
        // Begun outside a render pass instance: not ended inside one.
        d.cmd_begin_rendering(cb, &rendering);
        assert_eq!(end(cb), [id("vkCmdEndConditionalRenderingEXT-None-01986")]);
        d.cmd_end_rendering(cb);
        assert_eq!(end(cb), NONE);
        // Begun in a subpass: ended in that subpass, not the next one, outside, or another
        // instance's subpass of the same number.
        d.cmd_begin_render_pass(cb, &pass, inline);
        assert_eq!(begin(cb, &info(predicate, 0)), NONE);
        d.cmd_next_subpass(cb, inline);
        assert_eq!(end(cb), [id("vkCmdEndConditionalRenderingEXT-None-01987")]);
        d.cmd_end_render_pass(cb);
        assert_eq!(end(cb), [id("vkCmdEndConditionalRenderingEXT-None-01987")]);
        d.cmd_begin_render_pass(cb, &pass, inline);
        assert_eq!(end(cb), [id("vkCmdEndConditionalRenderingEXT-None-01987")]);
        d.cmd_next_subpass(cb, inline);
        d.cmd_end_render_pass(cb);
        let cb = f.primary();
        d.cmd_begin_render_pass(cb, &pass, inline);
        d.cmd_next_subpass(cb, inline);
        assert_eq!(begin(cb, &info(predicate, 0)), NONE);
        assert_eq!(end(cb), NONE);
        d.cmd_end_render_pass(cb);
        // Secondaries inherit conditional rendering only with inheritedConditionalRendering,
        // which lavapipe does not have.
        let secondary = f.allocate(vk::CommandBufferLevel::SECONDARY);
        let inherit = |enable| {
            let mut conditional =
                vk::CommandBufferInheritanceConditionalRenderingInfoEXT::default().conditional_rendering_enable(enable);
            let info = vk::CommandBufferInheritanceInfo::default().push_next(&mut conditional);
            begin_secondary(&f.ctx, secondary, &info)
        };
        assert_eq!(
            inherit(true),
            [id("VkCommandBufferInheritanceConditionalRenderingInfoEXT-conditionalRenderingEnable-01977")]
        );
        assert_eq!(inherit(false), NONE);
        d.destroy_buffer(unbound, None);
        d.destroy_buffer(predicate, None);
        d.free_memory(memory, None);
    }
}
