//! Image layouts as the state tracker follows them: a barrier's old layout and a copy's or
//! clear's layout parameter against what the command buffer's earlier commands left; at
//! submission each command buffer's first expectations against what creation and earlier
//! submissions left; render pass attachments against their initial layouts, dynamic rendering's
//! against the layouts it names; executed secondaries' layouts as the primary's.

use super::*;

#[test]
fn a_barrier_whose_old_layout_is_not_the_recorded_one() {
    let f = Fixture::new();
    let (image, memory) = f.image_with_memory();
    let pool = f.pool(PoolFlags::empty());
    let cb = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(cb, Usage::empty());
    f.transition(cb, image, Layout::UNDEFINED, Layout::TRANSFER_DST_OPTIMAL);
    let ids = f.ids(|| f.transition(cb, image, Layout::GENERAL, Layout::SHADER_READ_ONLY_OPTIMAL));
    assert_eq!(ids, ["VUID-VkImageMemoryBarrier-oldLayout-01197"]);
    let barrier = vk::ImageMemoryBarrier2::default()
        .image(image)
        .old_layout(Layout::GENERAL)
        .new_layout(Layout::SHADER_READ_ONLY_OPTIMAL)
        .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
        .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
        .subresource_range(COLOR);
    let barriers = [barrier];
    let dependency = vk::DependencyInfo::default().image_memory_barriers(&barriers);
    // SAFETY (whole test): the invalid barriers are skipped by Vigil.
    let ids = f.ids(|| unsafe { f.d().cmd_pipeline_barrier2(cb, &dependency) });
    assert_eq!(ids, ["VUID-VkImageMemoryBarrier2-oldLayout-01197"]);
    // From the layout the earlier barrier left: valid, in both versions.
    let barriers = [barrier.old_layout(Layout::TRANSFER_DST_OPTIMAL).new_layout(Layout::GENERAL)];
    let dependency = vk::DependencyInfo::default().image_memory_barriers(&barriers);
    assert_eq!(f.ids(|| unsafe { f.d().cmd_pipeline_barrier2(cb, &dependency) }), NONE);
    assert_eq!(f.ids(|| f.transition(cb, image, Layout::GENERAL, Layout::SHADER_READ_ONLY_OPTIMAL)), NONE);
    f.end(cb);
    assert_eq!(f.ids(|| f.submit(cb, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
    unsafe {
        f.d().destroy_image(image, None);
        f.d().free_memory(memory, None);
    }
}

#[test]
fn copies_and_clears_naming_a_layout_the_image_is_not_in() {
    let f = Fixture::new();
    let (image, memory) = f.image_with_memory();
    let (buffer, buffer_memory) = f.buffer_with_memory();
    let pool = f.pool(PoolFlags::empty());
    let cb = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(cb, Usage::empty());
    f.transition(cb, image, Layout::UNDEFINED, Layout::TRANSFER_DST_OPTIMAL);
    let region = vk::BufferImageCopy::default()
        .image_subresource(
            vk::ImageSubresourceLayers::default().aspect_mask(vk::ImageAspectFlags::COLOR).layer_count(1),
        )
        .image_extent(vk::Extent3D { width: 4, height: 4, depth: 1 });
    let color = vk::ClearColorValue { float32: [0.0; 4] };
    // SAFETY (whole test): live objects; the invalid commands are skipped by Vigil.
    let d = f.d();
    let ids = f.ids(|| unsafe { d.cmd_copy_buffer_to_image(cb, buffer, image, Layout::GENERAL, &[region]) });
    assert_eq!(ids, ["VUID-vkCmdCopyBufferToImage-dstImageLayout-00180"]);
    let ids = f.ids(|| unsafe { d.cmd_clear_color_image(cb, image, Layout::GENERAL, &color, &[COLOR]) });
    assert_eq!(ids, ["VUID-vkCmdClearColorImage-imageLayout-00004"]);
    // In the layout the barrier left: valid.
    let ids = f.ids(|| unsafe {
        d.cmd_copy_buffer_to_image(cb, buffer, image, Layout::TRANSFER_DST_OPTIMAL, &[region]);
        d.cmd_clear_color_image(cb, image, Layout::TRANSFER_DST_OPTIMAL, &color, &[COLOR]);
    });
    assert_eq!(ids, NONE);
    // The source side: out of the image into the buffer, and into another image.
    let (other, other_memory) = f.image_with_memory();
    f.transition(cb, image, Layout::TRANSFER_DST_OPTIMAL, Layout::TRANSFER_SRC_OPTIMAL);
    f.transition(cb, other, Layout::UNDEFINED, Layout::TRANSFER_DST_OPTIMAL);
    let ids = f.ids(|| unsafe { d.cmd_copy_image_to_buffer(cb, image, Layout::GENERAL, buffer, &[region]) });
    assert_eq!(ids, ["VUID-vkCmdCopyImageToBuffer-srcImageLayout-00189"]);
    let layers = vk::ImageSubresourceLayers::default().aspect_mask(vk::ImageAspectFlags::COLOR).layer_count(1);
    let copy = vk::ImageCopy::default().src_subresource(layers).dst_subresource(layers).extent(vk::Extent3D {
        width: 4,
        height: 4,
        depth: 1,
    });
    let (src, dst) = (Layout::TRANSFER_SRC_OPTIMAL, Layout::TRANSFER_DST_OPTIMAL);
    let ids = f.ids(|| unsafe { d.cmd_copy_image(cb, image, Layout::GENERAL, other, dst, &[copy]) });
    assert_eq!(ids, ["VUID-vkCmdCopyImage-srcImageLayout-00128"]);
    let ids = f.ids(|| unsafe { d.cmd_copy_image(cb, image, src, other, Layout::GENERAL, &[copy]) });
    assert_eq!(ids, ["VUID-vkCmdCopyImage-dstImageLayout-00133"]);
    let ids = f.ids(|| unsafe {
        d.cmd_copy_image_to_buffer(cb, image, src, buffer, &[region]);
        d.cmd_copy_image(cb, image, src, other, dst, &[copy]);
    });
    assert_eq!(ids, NONE);
    f.end(cb);
    assert_eq!(f.ids(|| f.submit(cb, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
    unsafe {
        d.destroy_image(image, None);
        d.free_memory(memory, None);
        d.destroy_buffer(buffer, None);
        d.free_memory(buffer_memory, None);
        d.destroy_image(other, None);
        d.free_memory(other_memory, None);
    }
}

#[test]
fn submitting_command_buffers_that_expect_another_layout() {
    let f = Fixture::new();
    let (image, memory) = f.image_with_memory();
    let pool = f.pool(PoolFlags::empty());
    let to_transfer = f.transitioning(pool, image, Layout::UNDEFINED, Layout::TRANSFER_DST_OPTIMAL);
    let to_read = f.transitioning(pool, image, Layout::TRANSFER_DST_OPTIMAL, Layout::SHADER_READ_ONLY_OPTIMAL);
    let read_to_transfer = f.transitioning(pool, image, Layout::SHADER_READ_ONLY_OPTIMAL, Layout::TRANSFER_DST_OPTIMAL);
    // Created UNDEFINED: `to_read` expects TRANSFER_DST_OPTIMAL.
    let ids = f.ids(|| {
        let _ = f.submit(to_read, vk::Fence::null());
    });
    assert_eq!(ids, ["UNASSIGNED-CoreValidation-DrawState-InvalidImageLayout"]);
    // After `to_transfer` (an earlier submission, or earlier in the same one), it is valid.
    assert_eq!(f.ids(|| f.submit(to_transfer, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
    assert_eq!(f.ids(|| f.submit(to_read, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
    // Now SHADER_READ_ONLY_OPTIMAL: `to_read` again is wrong, unless `read_to_transfer` goes first.
    let ids = f.ids(|| {
        let _ = f.submit(to_read, vk::Fence::null());
    });
    assert_eq!(ids, ["UNASSIGNED-CoreValidation-DrawState-InvalidImageLayout"]);
    assert_eq!(f.ids(|| f.submit_all(&[read_to_transfer, to_read]).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
    unsafe {
        f.d().destroy_image(image, None);
        f.d().free_memory(memory, None);
    }
}

/// A render pass instance takes its attachments from their initial layouts (unless UNDEFINED)
/// to their final ones; what it expects is checked when it begins and when it is submitted.
#[test]
fn render_pass_attachments_in_their_initial_layouts() {
    let f = Fixture::new();
    let d = f.d();
    let (image, memory) = f.image_with_memory();
    let render_pass = |load: bool| {
        let (initial, load_op) = match load {
            true => (Layout::COLOR_ATTACHMENT_OPTIMAL, vk::AttachmentLoadOp::LOAD),
            false => (Layout::UNDEFINED, vk::AttachmentLoadOp::CLEAR),
        };
        let attachment = vk::AttachmentDescription::default()
            .format(vk::Format::R8G8B8A8_UNORM)
            .samples(vk::SampleCountFlags::TYPE_1)
            .load_op(load_op)
            .store_op(vk::AttachmentStoreOp::STORE)
            .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
            .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
            .initial_layout(initial)
            .final_layout(Layout::TRANSFER_SRC_OPTIMAL);
        let color_ref = [vk::AttachmentReference { attachment: 0, layout: Layout::COLOR_ATTACHMENT_OPTIMAL }];
        let subpass = vk::SubpassDescription::default()
            .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
            .color_attachments(&color_ref);
        let (attachments, subpasses) = ([attachment], [subpass]);
        let info = vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&subpasses);
        // SAFETY: a valid create info.
        unsafe { d.create_render_pass(&info, None) }.expect("vkCreateRenderPass")
    };
    let (clearing, loading) = (render_pass(false), render_pass(true));
    let view_info = vk::ImageViewCreateInfo::default()
        .image(image)
        .view_type(vk::ImageViewType::TYPE_2D)
        .format(vk::Format::R8G8B8A8_UNORM)
        .subresource_range(COLOR);
    // SAFETY (whole test): valid create infos; the invalid calls are skipped by Vigil.
    let view = unsafe { d.create_image_view(&view_info, None) }.expect("vkCreateImageView");
    let views = [view];
    let fb_info =
        vk::FramebufferCreateInfo::default().render_pass(clearing).attachments(&views).width(16).height(16).layers(1);
    let framebuffer = unsafe { d.create_framebuffer(&fb_info, None) }.expect("vkCreateFramebuffer");
    let clear = [vk::ClearValue { color: vk::ClearColorValue { float32: [0.0; 4] } }];
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 16, height: 16 } };
    let begin = |cb: vk::CommandBuffer, render_pass: vk::RenderPass| {
        let info = vk::RenderPassBeginInfo::default()
            .render_pass(render_pass)
            .framebuffer(framebuffer)
            .render_area(area)
            .clear_values(&clear);
        unsafe { d.cmd_begin_render_pass(cb, &info, vk::SubpassContents::INLINE) };
    };
    let pool = f.pool(PoolFlags::empty());
    let cb = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(cb, Usage::empty());
    begin(cb, clearing);
    unsafe { d.cmd_end_render_pass(cb) };
    // The first instance left it in TRANSFER_SRC_OPTIMAL: the loading one expects otherwise.
    let ids = f.ids(|| begin(cb, loading));
    assert_eq!(ids, ["VUID-vkCmdBeginRenderPass-initialLayout-00900"]);
    f.transition(cb, image, Layout::TRANSFER_SRC_OPTIMAL, Layout::COLOR_ATTACHMENT_OPTIMAL);
    assert_eq!(f.ids(|| begin(cb, loading)), NONE);
    unsafe { d.cmd_end_render_pass(cb) };
    // The same through vkCmdBeginRenderPass2.
    let begin2 = |cb: vk::CommandBuffer, render_pass: vk::RenderPass| {
        let info = vk::RenderPassBeginInfo::default()
            .render_pass(render_pass)
            .framebuffer(framebuffer)
            .render_area(area)
            .clear_values(&clear);
        let subpass = vk::SubpassBeginInfo::default().contents(vk::SubpassContents::INLINE);
        unsafe { d.cmd_begin_render_pass2(cb, &info, &subpass) };
    };
    let ids = f.ids(|| begin2(cb, loading));
    assert_eq!(ids, ["VUID-vkCmdBeginRenderPass2-initialLayout-03100"]);
    f.transition(cb, image, Layout::TRANSFER_SRC_OPTIMAL, Layout::COLOR_ATTACHMENT_OPTIMAL);
    assert_eq!(f.ids(|| begin2(cb, loading)), NONE);
    unsafe { d.cmd_end_render_pass2(cb, &vk::SubpassEndInfo::default()) };
    assert_eq!(f.ids(|| f.transition(cb, image, Layout::TRANSFER_SRC_OPTIMAL, Layout::SHADER_READ_ONLY_OPTIMAL)), NONE);
    f.end(cb);
    assert_eq!(f.ids(|| f.submit(cb, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
    // Submitted alone, an instance expecting COLOR_ATTACHMENT_OPTIMAL meets SHADER_READ_ONLY_OPTIMAL…
    let loads = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(loads, Usage::empty());
    begin(loads, loading);
    unsafe { d.cmd_end_render_pass(loads) };
    f.end(loads);
    // …and after a transition submitted before it, nothing.
    let layouts = (Layout::SHADER_READ_ONLY_OPTIMAL, Layout::COLOR_ATTACHMENT_OPTIMAL);
    f.expects_another_layout(pool, image, loads, layouts);
    unsafe {
        d.destroy_framebuffer(framebuffer, None);
        d.destroy_image_view(view, None);
        d.destroy_render_pass(clearing, None);
        d.destroy_render_pass(loading, None);
        d.destroy_image(image, None);
        d.free_memory(memory, None);
    }
}

/// What executed secondaries do to layouts becomes the primary's.
#[test]
fn layouts_through_executed_secondaries() {
    let f = Fixture::new();
    let (image, memory) = f.image_with_memory();
    let pool = f.pool(PoolFlags::empty());
    let secondary = |old: vk::ImageLayout, new: vk::ImageLayout| {
        let cb = f.buffer(pool, vk::CommandBufferLevel::SECONDARY);
        f.begin(cb, Usage::empty());
        f.transition(cb, image, old, new);
        f.end(cb);
        cb
    };
    let to_transfer = secondary(Layout::UNDEFINED, Layout::TRANSFER_DST_OPTIMAL);
    let to_read = secondary(Layout::TRANSFER_DST_OPTIMAL, Layout::SHADER_READ_ONLY_OPTIMAL);
    // SAFETY (whole test): live objects; the invalid calls are skipped by Vigil.
    let primary = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(primary, Usage::empty());
    unsafe { f.d().cmd_execute_commands(primary, &[to_transfer]) };
    // The secondary left it in TRANSFER_DST_OPTIMAL.
    let ids = f.ids(|| f.transition(primary, image, Layout::GENERAL, Layout::SHADER_READ_ONLY_OPTIMAL));
    assert_eq!(ids, ["VUID-VkImageMemoryBarrier-oldLayout-01197"]);
    assert_eq!(f.ids(|| f.transition(primary, image, Layout::TRANSFER_DST_OPTIMAL, Layout::GENERAL)), NONE);
    f.end(primary);
    assert_eq!(f.ids(|| f.submit(primary, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
    // A primary that only executes `to_read` expects what that secondary expects: not GENERAL.
    let reads = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(reads, Usage::empty());
    unsafe { f.d().cmd_execute_commands(reads, &[to_read]) };
    f.end(reads);
    f.expects_another_layout(pool, image, reads, (Layout::GENERAL, Layout::TRANSFER_DST_OPTIMAL));
    unsafe {
        f.d().destroy_image(image, None);
        f.d().free_memory(memory, None);
    }
}

#[test]
fn dynamic_rendering_attachments_in_the_layouts_it_names() {
    let f = Fixture::new();
    let d = f.d();
    let (image, memory, view) = f.image_and_view();
    // SAFETY (whole test): valid create infos; the invalid calls are skipped by Vigil.
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 16, height: 16 } };
    let render = |cb: vk::CommandBuffer, layout: vk::ImageLayout| {
        let color = [vk::RenderingAttachmentInfo::default()
            .image_view(view)
            .image_layout(layout)
            .load_op(vk::AttachmentLoadOp::LOAD)
            .store_op(vk::AttachmentStoreOp::STORE)];
        let info = vk::RenderingInfo::default().render_area(area).layer_count(1).color_attachments(&color);
        unsafe { d.cmd_begin_rendering(cb, &info) };
    };
    let pool = f.pool(PoolFlags::empty());
    let cb = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(cb, Usage::empty());
    f.transition(cb, image, Layout::UNDEFINED, Layout::COLOR_ATTACHMENT_OPTIMAL);
    let ids = f.ids(|| render(cb, Layout::GENERAL));
    assert_eq!(ids, ["VUID-vkCmdBeginRendering-pRenderingInfo-09592"]);
    assert_eq!(f.ids(|| render(cb, Layout::COLOR_ATTACHMENT_OPTIMAL)), NONE);
    unsafe { d.cmd_end_rendering(cb) };
    f.end(cb);
    assert_eq!(f.ids(|| f.submit(cb, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
    // Rendering that expects GENERAL, submitted while the image is COLOR_ATTACHMENT_OPTIMAL…
    let general = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(general, Usage::empty());
    render(general, Layout::GENERAL);
    unsafe { d.cmd_end_rendering(general) };
    f.end(general);
    // …and after a transition submitted before it, nothing.
    f.expects_another_layout(pool, image, general, (Layout::COLOR_ATTACHMENT_OPTIMAL, Layout::GENERAL));
    unsafe {
        d.destroy_image_view(view, None);
        d.destroy_image(image, None);
        d.free_memory(memory, None);
    }
}

#[test]
fn dynamic_rendering_depth_stencil_and_resolve_layouts() {
    let f = Fixture::new();
    let d = f.d();
    // SAFETY (whole test): valid create infos; the invalid calls are skipped by Vigil.
    let supports = |format: vk::Format| {
        let props = unsafe { f.ctx.instance.get_physical_device_format_properties(f.ctx.physical_device, format) };
        props.optimal_tiling_features.contains(vk::FormatFeatureFlags::DEPTH_STENCIL_ATTACHMENT)
    };
    let ds_format = [vk::Format::D32_SFLOAT_S8_UINT, vk::Format::D24_UNORM_S8_UINT]
        .into_iter()
        .find(|&f| supports(f))
        .expect("a depth/stencil format");
    let ds_aspect = vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL;
    let (ds, ds_memory) =
        f.image_of(ds_format, vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT, vk::SampleCountFlags::TYPE_1);
    let ds_view = f.view_of(ds, ds_format, ds_aspect);
    let color_format = vk::Format::R8G8B8A8_UNORM;
    let (msaa, msaa_memory) =
        f.image_of(color_format, vk::ImageUsageFlags::COLOR_ATTACHMENT, vk::SampleCountFlags::TYPE_4);
    let msaa_view = f.view_of(msaa, color_format, vk::ImageAspectFlags::COLOR);
    let (resolve, resolve_memory) = f.image_with_memory();
    let resolve_view = f.view_of(resolve, color_format, vk::ImageAspectFlags::COLOR);
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 16, height: 16 } };
    let attachment = |view: vk::ImageView, layout: vk::ImageLayout| {
        vk::RenderingAttachmentInfo::default()
            .image_view(view)
            .image_layout(layout)
            .load_op(vk::AttachmentLoadOp::LOAD)
            .store_op(vk::AttachmentStoreOp::STORE)
    };
    let pool = f.pool(PoolFlags::empty());
    let cb = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(cb, Usage::empty());
    let ds_barrier = image_barrier(ds, Layout::UNDEFINED, Layout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL)
        .subresource_range(vk::ImageSubresourceRange { aspect_mask: ds_aspect, ..COLOR });
    let all = vk::PipelineStageFlags::ALL_COMMANDS;
    unsafe { d.cmd_pipeline_barrier(cb, all, all, vk::DependencyFlags::empty(), &[], &[], &[ds_barrier]) };
    f.transition(cb, msaa, Layout::UNDEFINED, Layout::COLOR_ATTACHMENT_OPTIMAL);
    f.transition(cb, resolve, Layout::UNDEFINED, Layout::COLOR_ATTACHMENT_OPTIMAL);
    let attached = Layout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    let depth_stencil = |depth: vk::ImageLayout, stencil: vk::ImageLayout| {
        let (depth, stencil) = (attachment(ds_view, depth), attachment(ds_view, stencil));
        let info = vk::RenderingInfo::default()
            .render_area(area)
            .layer_count(1)
            .depth_attachment(&depth)
            .stencil_attachment(&stencil);
        unsafe { d.cmd_begin_rendering(cb, &info) };
    };
    let ids = f.ids(|| depth_stencil(Layout::GENERAL, attached));
    assert_eq!(ids, ["VUID-vkCmdBeginRendering-pRenderingInfo-09588"]);
    let ids = f.ids(|| depth_stencil(attached, Layout::GENERAL));
    assert_eq!(ids, ["VUID-vkCmdBeginRendering-pRenderingInfo-09590"]);
    assert_eq!(f.ids(|| depth_stencil(attached, attached)), NONE);
    unsafe { d.cmd_end_rendering(cb) };
    let resolving = |layout: vk::ImageLayout| {
        let color = [attachment(msaa_view, Layout::COLOR_ATTACHMENT_OPTIMAL)
            .resolve_mode(vk::ResolveModeFlags::AVERAGE)
            .resolve_image_view(resolve_view)
            .resolve_image_layout(layout)];
        let info = vk::RenderingInfo::default().render_area(area).layer_count(1).color_attachments(&color);
        unsafe { d.cmd_begin_rendering(cb, &info) };
    };
    let ids = f.ids(|| resolving(Layout::GENERAL));
    assert_eq!(ids, ["VUID-vkCmdBeginRendering-pRenderingInfo-09593"]);
    assert_eq!(f.ids(|| resolving(Layout::COLOR_ATTACHMENT_OPTIMAL)), NONE);
    unsafe { d.cmd_end_rendering(cb) };
    f.end(cb);
    assert_eq!(f.ids(|| f.submit(cb, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
    unsafe {
        for v in [ds_view, msaa_view, resolve_view] {
            d.destroy_image_view(v, None);
        }
        for (i, m) in [(ds, ds_memory), (msaa, msaa_memory), (resolve, resolve_memory)] {
            d.destroy_image(i, None);
            d.free_memory(m, None);
        }
    }
}
