//! Fragment shading rate and density map attachments of a vkCmdBeginRendering instance against
//! the bound pipeline's create flags (`-imageView-06183`, `-imageView-06184`), the flags given
//! in the create info or in a chained `VkPipelineCreateFlags2CreateInfo`.

use ash::vk;

use super::{draws, Fixture, Shape, NO, NONE};

/// The fragment shading rate attachment (R8_UINT, 8×8 texels of a 64×64 instance) and density
/// map (R8G8_UNORM, 64×128 texels as the shim's `minFragmentDensityTexelSize`) views.
fn map_views(f: &Fixture) -> [vk::ImageView; 2] {
    let rate = f.ctx.attachment_view(
        vk::Format::R8_UINT,
        vk::ImageUsageFlags::FRAGMENT_SHADING_RATE_ATTACHMENT_KHR,
        vk::ImageAspectFlags::COLOR,
    );
    let density = f.ctx.attachment_view(
        vk::Format::R8G8_UNORM,
        vk::ImageUsageFlags::FRAGMENT_DENSITY_MAP_EXT,
        vk::ImageAspectFlags::COLOR,
    );
    [rate, density]
}

/// Records `record` inside a rendering instance of the fixture's color attachment with the
/// fragment shading rate and density map attachments `maps` (null: none chained); the ids
/// reported while recording.
fn ids_with_maps(
    f: &Fixture,
    [rate, density]: [vk::ImageView; 2],
    record: impl FnOnce(&ash::Device, vk::CommandBuffer),
) -> Vec<String> {
    let d = &f.ctx.device;
    // SAFETY: a command buffer of a resettable pool, recorded and never submitted.
    unsafe {
        let cb = f.ctx.recording_primary(f.pool);
        let attachments = [vk::RenderingAttachmentInfo::default()
            .image_view(f.view)
            .image_layout(vk::ImageLayout::COLOR_ATTACHMENT_OPTIMAL)
            .load_op(vk::AttachmentLoadOp::DONT_CARE)
            .store_op(vk::AttachmentStoreOp::STORE)];
        let mut rate_info = vk::RenderingFragmentShadingRateAttachmentInfoKHR::default()
            .image_view(rate)
            .image_layout(vk::ImageLayout::FRAGMENT_SHADING_RATE_ATTACHMENT_OPTIMAL_KHR)
            .shading_rate_attachment_texel_size(vk::Extent2D { width: 8, height: 8 });
        let mut density_info = vk::RenderingFragmentDensityMapAttachmentInfoEXT::default()
            .image_view(density)
            .image_layout(vk::ImageLayout::FRAGMENT_DENSITY_MAP_OPTIMAL_EXT);
        let mut info = vk::RenderingInfo::default()
            .render_area(vk::Rect2D { extent: vk::Extent2D { width: 64, height: 64 }, ..Default::default() })
            .layer_count(1)
            .color_attachments(&attachments);
        if rate != vk::ImageView::null() {
            info = info.push_next(&mut rate_info);
        }
        if density != vk::ImageView::null() {
            info = info.push_next(&mut density_info);
        }
        let begun = f.ctx.messages.problem_ids_of(|| d.cmd_begin_rendering(cb, &info));
        assert_eq!(begun, NONE, "vkCmdBeginRendering");
        let ids = f.ctx.messages.problem_ids_of(|| record(d, cb));
        d.cmd_end_rendering(cb);
        d.end_command_buffer(cb).expect("vkEndCommandBuffer");
        d.free_command_buffers(f.pool, &[cb]);
        ids
    }
}

/// A vkCmdBeginRendering instance with a fragment shading rate or density map attachment draws
/// with a pipeline created with `VK_PIPELINE_CREATE_RENDERING_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR`
/// or `..._FRAGMENT_DENSITY_MAP_ATTACHMENT_BIT_EXT` (`-imageView-06183`, `-imageView-06184`).
#[test]
fn fragment_map_attachments_need_the_pipeline_flags() {
    let f = Fixture::with_shim(|b| {
        b.device_extensions(&[c"VK_KHR_fragment_shading_rate", c"VK_EXT_fragment_density_map"]).maintenance5()
    });
    let [rate, density] = map_views(&f);
    let null = vk::ImageView::null();
    let rate_flag = vk::PipelineCreateFlags::RENDERING_FRAGMENT_SHADING_RATE_ATTACHMENT_KHR.as_raw();
    let density_flag = vk::PipelineCreateFlags::RENDERING_FRAGMENT_DENSITY_MAP_ATTACHMENT_EXT.as_raw();
    let plain = f.pipeline(&[], NO);
    let rated = f.pipeline(&[], Shape { create_flags: rate_flag, ..NO });
    let dense = f.pipeline(&[], Shape { create_flags: density_flag, ..NO });
    let both = f.pipeline(&[], Shape { create_flags: rate_flag | density_flag, ..NO });
    let both2 = f.pipeline(&[], Shape { create_flags: rate_flag | density_flag, flags2: true, ..NO });
    let rated2 = f.pipeline(&[], Shape { create_flags: rate_flag, flags2: true, ..NO });
    for (name, draw) in draws(&f) {
        let run = |pipeline, maps| {
            ids_with_maps(&f, maps, |d, cb| {
                // SAFETY: recording with live objects.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                }
                draw(d, cb);
            })
        };
        let [rate_id, density_id] = ["imageView-06183", "imageView-06184"].map(|s| format!("VUID-{name}-{s}"));
        assert_eq!(run(plain, [rate, null]), [rate_id.as_str()], "{name}");
        assert_eq!(run(dense, [rate, null]), [rate_id.as_str()], "{name}");
        assert_eq!(run(plain, [null, density]), [density_id.as_str()], "{name}");
        assert_eq!(run(rated, [null, density]), [density_id.as_str()], "{name}");
        assert_eq!(run(plain, [rate, density]), [rate_id.as_str(), density_id.as_str()], "{name}");
        assert_eq!(run(rated2, [rate, density]), [density_id.as_str()], "{name}");
        // The boundary: each flag where its attachment is, either way the flags are given.
        assert_eq!(run(rated, [rate, null]), NONE, "{name}");
        assert_eq!(run(dense, [null, density]), NONE, "{name}");
        assert_eq!(run(both, [rate, density]), NONE, "{name}");
        assert_eq!(run(both2, [rate, density]), NONE, "{name}");
        // A pipeline with the flags in an instance without the attachments.
        assert_eq!(run(both, [null, null]), NONE, "{name}");
        assert_eq!(run(plain, [null, null]), NONE, "{name}");
    }
}

/// A pipeline whose vertex shader writes the `PrimitiveShadingRateKHR` built-in, with its
/// viewport count dynamic, draws with one viewport on a device without
/// `primitiveFragmentShadingRateWithMultipleViewports` (lavapipe's 0, which the shim leaves):
/// `-primitiveFragmentShadingRateWithMultipleViewports-04552`.
#[test]
fn primitive_shading_rate_with_one_viewport() {
    let f = Fixture::with_shim(|b| b.device_extensions(&[c"VK_KHR_fragment_shading_rate"]).primitive_shading_rate());
    let counts = [vk::DynamicState::VIEWPORT_WITH_COUNT, vk::DynamicState::SCISSOR_WITH_COUNT];
    let rated = f.pipeline(&counts, Shape { primitive_rate: true, ..NO });
    let plain = f.pipeline(&counts, NO);
    let viewport = vk::Viewport::default().width(64.0).height(64.0).max_depth(1.0);
    let scissor = vk::Rect2D::default().extent(vk::Extent2D { width: 64, height: 64 });
    for (name, draw) in draws(&f) {
        let run = |pipeline, n: usize| {
            f.ids(|d, cb| {
                // SAFETY: recording with live objects; multiViewport is enabled.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                    d.cmd_bind_vertex_buffers(cb, 0, &[f.vertex], &[0]);
                    d.cmd_set_viewport_with_count(cb, &[viewport; 2][..n]);
                    d.cmd_set_scissor_with_count(cb, &[scissor; 2][..n]);
                }
                draw(d, cb);
            })
        };
        let id = format!("VUID-{name}-primitiveFragmentShadingRateWithMultipleViewports-04552");
        assert_eq!(run(rated, 2), [id], "{name}");
        // The boundary: one viewport, or a pipeline that does not write the rate.
        assert_eq!(run(rated, 1), NONE, "{name}");
        assert_eq!(run(plain, 2), NONE, "{name}");
    }
}
