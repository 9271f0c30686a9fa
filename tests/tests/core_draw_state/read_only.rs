//! No depth or stencil writes to an aspect of the instance's depth/stencil attachment in a
//! read-only layout: static and dynamic state, dynamic rendering and render pass references,
//! every graphics draw command.

use super::*;

/// Depth and stencil writes while the render pass instance has that aspect of its
/// depth/stencil attachment in a read-only layout (`-None-06886`, `-None-06887`): static state,
/// dynamic state as set, dynamic rendering's attachment layouts and a render pass's reference.
#[test]
fn no_depth_or_stencil_writes_to_read_only_aspects() {
    use vk::ImageLayout as L;
    let f = Fixture::new();
    let depth = Shape { depth_write: true, ..DEPTH_TEST };
    let stencil = Shape { stencil_writes: true, ..STENCIL_TEST };
    let (depth_ro, stencil_ro) =
        (L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL, L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL);
    for draw in draws(&f) {
        let name = draw.0;
        let run = |layout, shape| f.ids_in_layout(Some(layout), bind_and_draw(&f, f.pipeline(&[], shape), &draw));
        assert_eq!(run(depth_ro, depth), [format!("VUID-{name}-None-06886")]);
        assert_eq!(run(L::DEPTH_STENCIL_READ_ONLY_OPTIMAL, depth), [format!("VUID-{name}-None-06886")]);
        assert_eq!(run(stencil_ro, depth), NONE, "{name}");
        assert_eq!(run(depth_ro, DEPTH_TEST), NONE, "{name}");
        assert_eq!(run(stencil_ro, stencil), [format!("VUID-{name}-None-06887")]);
        assert_eq!(run(depth_ro, stencil), NONE, "{name}");
        assert_eq!(run(stencil_ro, STENCIL_TEST), NONE, "{name}");
        // A render pass's depth/stencil reference.
        let (rp, fb) = render_pass_in(&f, Some(depth_ro));
        let p = pipeline_in(&f.ctx, f.layout, &[], depth, rp);
        assert_eq!(
            ids_in_render_pass(&f, (rp, fb), (0, 0), bind_and_draw(&f, p, &draw)),
            [format!("VUID-{name}-None-06886")]
        );
        let (rp, fb) = render_pass_in(&f, Some(stencil_ro));
        let p = pipeline_in(&f.ctx, f.layout, &[], depth, rp);
        assert_eq!(ids_in_render_pass(&f, (rp, fb), (0, 0), bind_and_draw(&f, p, &draw)), NONE, "{name}");
    }
}

/// The same with the depth write enable, stencil ops and write masks dynamic: the values set.
#[test]
fn read_only_aspects_against_dynamic_depth_writes_and_stencil_ops() {
    use vk::ImageLayout as L;
    let f = Fixture::new();
    let write = f.pipeline(&[S::DEPTH_WRITE_ENABLE], DEPTH_TEST);
    let ops = f.pipeline(&[S::STENCIL_OP, S::STENCIL_WRITE_MASK], STENCIL_TEST);
    let front_and_back = vk::StencilFaceFlags::FRONT_AND_BACK;
    let depth = |enable: bool| {
        f.ids_in_layout(Some(L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL), |d, cb| {
            // SAFETY: recording with live objects.
            unsafe {
                d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, write);
                d.cmd_set_depth_write_enable(cb, enable);
                d.cmd_draw(cb, 3, 1, 0, 0);
            }
        })
    };
    assert_eq!(depth(true), ["VUID-vkCmdDraw-None-06886"]);
    assert_eq!(depth(false), NONE);
    let stencil = |front: vk::StencilOp, back_mask: u32| {
        f.ids_in_layout(Some(L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL), |d, cb| {
            let keep = vk::StencilOp::KEEP;
            // SAFETY: recording with live objects.
            unsafe {
                d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, ops);
                d.cmd_set_stencil_op(cb, front_and_back, keep, keep, keep, vk::CompareOp::ALWAYS);
                d.cmd_set_stencil_op(cb, vk::StencilFaceFlags::FRONT, keep, front, keep, vk::CompareOp::ALWAYS);
                d.cmd_set_stencil_write_mask(cb, front_and_back, 0xff);
                d.cmd_set_stencil_write_mask(cb, vk::StencilFaceFlags::BACK, back_mask);
                d.cmd_draw(cb, 3, 1, 0, 0);
            }
        })
    };
    assert_eq!(stencil(vk::StencilOp::INCREMENT_AND_CLAMP, 1), ["VUID-vkCmdDraw-None-06887"]);
    assert_eq!(stencil(vk::StencilOp::KEEP, 1), NONE);
    // One face's write mask zero: the rule's condition does not hold.
    assert_eq!(stencil(vk::StencilOp::INCREMENT_AND_CLAMP, 0), NONE);
}

/// A vkCreateRenderPass2 render pass's separate stencil layouts
/// (`VkAttachmentReferenceStencilLayout`), followed from subpass to subpass: subpass 0 has the
/// depth aspect writable and the stencil aspect read-only, subpass 1 the other way round.
#[test]
fn read_only_aspects_of_each_subpass_with_separate_stencil_layouts() {
    use vk::ImageLayout as L;
    let f = Fixture::with(|b| {
        let features = vk::PhysicalDeviceVulkan12Features::default().separate_depth_stencil_layouts(true);
        b.vulkan12_features(features.draw_indirect_count(true))
    });
    let d = &f.ctx.device;
    let attachments = color_and_depth!(vk::AttachmentDescription2);
    let colors = [vk::AttachmentReference2::default().attachment(0).layout(L::COLOR_ATTACHMENT_OPTIMAL)];
    let mut stencil_layouts = [
        vk::AttachmentReferenceStencilLayout::default().stencil_layout(L::STENCIL_READ_ONLY_OPTIMAL),
        vk::AttachmentReferenceStencilLayout::default().stencil_layout(L::STENCIL_ATTACHMENT_OPTIMAL),
    ];
    let [first, second] = &mut stencil_layouts;
    let depth_refs = [
        vk::AttachmentReference2::default().attachment(1).layout(L::DEPTH_ATTACHMENT_OPTIMAL).push_next(first),
        vk::AttachmentReference2::default().attachment(1).layout(L::DEPTH_READ_ONLY_OPTIMAL).push_next(second),
    ];
    let subpasses = depth_refs
        .each_ref()
        .map(|r| vk::SubpassDescription2::default().color_attachments(&colors).depth_stencil_attachment(r));
    let info = vk::RenderPassCreateInfo2::default().attachments(&attachments).subpasses(&subpasses);
    // SAFETY: a valid create info.
    let rp = unsafe { d.create_render_pass2(&info, None) }.expect("vkCreateRenderPass2");
    let fb = framebuffer(&f, rp, &[f.view, f.depth]);
    let depth = Shape { depth_write: true, ..DEPTH_TEST };
    let stencil = Shape { stencil_writes: true, ..STENCIL_TEST };
    let run = |subpass: u32, shape| {
        let p = pipeline_in_subpass(&f.ctx, f.layout, &[], shape, (rp, subpass));
        let draw = &draws(&f)[0];
        ids_in_render_pass(&f, (rp, fb), (subpass, 1), bind_and_draw(&f, p, draw))
    };
    assert_eq!(run(0, stencil), ["VUID-vkCmdDraw-None-06887"]);
    assert_eq!(run(0, depth), NONE);
    assert_eq!(run(1, depth), ["VUID-vkCmdDraw-None-06886"]);
    assert_eq!(run(1, stencil), NONE);
}

/// The multi-draw commands (`VK_EXT_multi_draw`) and vkCmdDrawIndirectByteCountEXT write no
/// read-only aspect either.
#[test]
fn extension_draws_write_no_read_only_aspects() {
    let f = Fixture::with(|b| b.multi_draw().transform_feedback(true));
    let multi = ash::ext::multi_draw::Device::new(&f.ctx.instance, &f.ctx.device);
    let xfb = ash::ext::transform_feedback::Device::new(&f.ctx.instance, &f.ctx.device);
    // One draw of no vertices (or indices).
    let data = [0u32; 4];
    // SAFETY (all three): recording with live objects and `data`; invalid calls are skipped.
    let draws: [Draw<'_>; 3] = [
        (
            "vkCmdDrawMultiEXT",
            Box::new(|_, cb| unsafe { (multi.fp().cmd_draw_multi_ext)(cb, 1, data.as_ptr().cast(), 1, 0, 8) }),
        ),
        (
            "vkCmdDrawMultiIndexedEXT",
            Box::new(|_, cb| unsafe {
                let draw = multi.fp().cmd_draw_multi_indexed_ext;
                draw(cb, 1, data.as_ptr().cast(), 1, 0, 12, std::ptr::null());
            }),
        ),
        (
            "vkCmdDrawIndirectByteCountEXT",
            Box::new(|_, cb| unsafe { (xfb.fp().cmd_draw_indirect_byte_count_ext)(cb, 1, 0, f.indirect, 0, 0, 16) }),
        ),
    ];
    no_writes_to_read_only_aspects(&f, &draws, false);
}

/// The mesh draws (`VK_EXT_mesh_shader`) with a mesh pipeline: the same.
#[test]
fn mesh_draws_write_no_read_only_aspects() {
    let f = Fixture::with(|b| b.mesh_shader());
    let mesh = ash::ext::mesh_shader::Device::new(&f.ctx.instance, &f.ctx.device);
    let (buffer, count) = (f.indirect, 32);
    // SAFETY (all three): recording with live objects, the indirect command at 0 and the count
    // at 32 in a 64-byte indirect buffer.
    let draws: [Draw<'_>; 3] = [
        ("vkCmdDrawMeshTasksEXT", Box::new(|_, cb| unsafe { mesh.cmd_draw_mesh_tasks(cb, 1, 1, 1) })),
        (
            "vkCmdDrawMeshTasksIndirectEXT",
            Box::new(|_, cb| unsafe { mesh.cmd_draw_mesh_tasks_indirect(cb, buffer, 0, 1, 12) }),
        ),
        (
            "vkCmdDrawMeshTasksIndirectCountEXT",
            Box::new(|_, cb| unsafe { mesh.cmd_draw_mesh_tasks_indirect_count(cb, buffer, 0, buffer, count, 1, 12) }),
        ),
    ];
    no_writes_to_read_only_aspects(&f, &draws, true);
}

/// Each of `draws`, with pipelines (mesh pipelines where `mesh`) writing depth or stencil, in
/// dynamic rendering instances with the depth or the stencil aspect read-only.
fn no_writes_to_read_only_aspects(f: &Fixture, draws: &[Draw<'_>], mesh: bool) {
    use vk::ImageLayout as L;
    let depth = f.pipeline(&[], Shape { depth_write: true, mesh, ..DEPTH_TEST });
    let stencil = f.pipeline(&[], Shape { stencil_writes: true, mesh, ..STENCIL_TEST });
    let (depth_ro, stencil_ro) =
        (L::DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL, L::DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL);
    for draw in draws {
        let name = draw.0;
        let run = |layout, pipeline| f.ids_in_layout(Some(layout), bind_and_draw(f, pipeline, draw));
        assert_eq!(run(depth_ro, depth), [format!("VUID-{name}-None-06886")]);
        assert_eq!(run(stencil_ro, depth), NONE, "{name}");
        assert_eq!(run(stencil_ro, stencil), [format!("VUID-{name}-None-06887")]);
        assert_eq!(run(depth_ro, stencil), NONE, "{name}");
        // Line width, static in the pipeline: set after binding it, then before.
        // SAFETY (both): recording with live objects.
        let set_width = |d: &ash::Device, cb| unsafe { d.cmd_set_line_width(cb, 1.0) };
        let ids = f.ids_in(true, |d, cb| {
            unsafe { d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, depth) };
            set_width(d, cb);
            if name.contains("Indexed") {
                // SAFETY: a live index buffer.
                unsafe { d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16) };
            }
            (draw.1)(d, cb);
        });
        assert_eq!(ids, [format!("VUID-{name}-None-08608")]);
        let ids = f.ids_in(true, |d, cb| {
            set_width(d, cb);
            bind_and_draw(f, depth, draw)(d, cb);
        });
        assert_eq!(ids, NONE, "{name}");
    }
}
