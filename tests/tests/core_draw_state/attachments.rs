//! Dynamic rendering pipelines against the rendering instance's view mask, attachment formats and
//! sample counts (with and without `dynamicRenderingUnusedAttachments`), and no draws in an
//! instance of secondary contents only.

use super::*;

/// The rendering attachments each case is drawn with, and the ids it reports (suffixes).
type AttachmentCase = (Shape, Rendering, &'static [&'static str]);

/// Draws each case with each core draw; the exact ids.
fn draw_attachment_cases(f: &Fixture, cases: &[AttachmentCase]) {
    for (name, draw) in draws(f) {
        for &(shape, rendering, ids) in cases {
            let pipeline = f.pipeline(&[], shape);
            let reported = f.ids_in_rendering(rendering, |d, cb| {
                // SAFETY: recording with live objects.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                }
                draw(d, cb);
            });
            let mut expected: Vec<String> = ids.iter().map(|id| format!("VUID-{name}-{id}")).collect();
            expected.sort();
            let mut reported = reported;
            reported.sort();
            let color = if rendering.color == vk::ImageView::null() { "null" } else { "a view" };
            let what = format!(
                "{name}: color {color}, depth {}, view mask {}",
                rendering.depth.is_some(),
                rendering.view_mask
            );
            assert_eq!(reported, expected, "{what}");
        }
    }
}

#[test]
fn rendering_pipelines_match_the_instances_attachments() {
    let f = Fixture::with(|b| b.vulkan11_features(vk::PhysicalDeviceVulkan11Features::default().multiview(true)));
    let plain =
        Rendering { color: f.view, second: None, depth: None, view_mask: 0, flags: vk::RenderingFlags::empty() };
    let with_depth = Rendering { depth: Some((f.depth, vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL)), ..plain };
    let no_color = Rendering { color: vk::ImageView::null(), ..plain };
    let multiview = Rendering { view_mask: 1, ..plain };
    let depth = Shape { depth_format: true, ..NO };
    let cases: Vec<AttachmentCase> = vec![
        (NO, plain, &[]),
        // The view mask.
        (Shape { multiview: true, ..NO }, plain, &["viewMask-06178"]),
        (NO, multiview, &["viewMask-06178"]),
        (Shape { multiview: true, ..NO }, multiview, &[]),
        // Color formats: the view's, UNDEFINED for a null view.
        (Shape { srgb: true, ..NO }, plain, &["dynamicRenderingUnusedAttachments-08910"]),
        (Shape { undefined_color: true, ..NO }, plain, &["dynamicRenderingUnusedAttachments-08910"]),
        (NO, no_color, &["dynamicRenderingUnusedAttachments-08912"]),
        (Shape { undefined_color: true, ..NO }, no_color, &[]),
        // Depth and stencil formats, likewise.
        (depth, plain, &["dynamicRenderingUnusedAttachments-08913", "dynamicRenderingUnusedAttachments-08916"]),
        (NO, with_depth, &["dynamicRenderingUnusedAttachments-08914", "dynamicRenderingUnusedAttachments-08917"]),
        (
            Shape { d16: true, ..depth },
            with_depth,
            &["dynamicRenderingUnusedAttachments-08914", "dynamicRenderingUnusedAttachments-08917"],
        ),
        (
            Shape { s8: true, ..depth },
            with_depth,
            &["dynamicRenderingUnusedAttachments-08914", "dynamicRenderingUnusedAttachments-08917"],
        ),
        (depth, with_depth, &[]),
        // Sample counts.
        (Shape { four_samples: true, ..NO }, plain, &["multisampledRenderToSingleSampled-07285"]),
        (
            Shape { four_samples: true, ..depth },
            with_depth,
            &[
                "multisampledRenderToSingleSampled-07285",
                "multisampledRenderToSingleSampled-07286",
                "multisampledRenderToSingleSampled-07287",
            ],
        ),
    ];
    draw_attachment_cases(&f, &cases);
    // With dynamicRenderingUnusedAttachments, the pipeline may leave any attachment UNDEFINED
    // and the instance any view null; a format both give must still agree.
    let f = Fixture::with(|b| b.dynamic_rendering_unused_attachments());
    let plain =
        Rendering { color: f.view, second: None, depth: None, view_mask: 0, flags: vk::RenderingFlags::empty() };
    let with_depth = Rendering { depth: Some((f.depth, vk::ImageLayout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL)), ..plain };
    let no_color = Rendering { color: vk::ImageView::null(), ..plain };
    let cases: Vec<AttachmentCase> = vec![
        (Shape { srgb: true, ..NO }, plain, &["dynamicRenderingUnusedAttachments-08911"]),
        (Shape { undefined_color: true, ..NO }, plain, &[]),
        (NO, no_color, &[]),
        (depth, plain, &[]),
        (NO, with_depth, &[]),
        (Shape { d16: true, ..depth }, with_depth, &["dynamicRenderingUnusedAttachments-08915"]),
        (Shape { s8: true, ..depth }, with_depth, &["dynamicRenderingUnusedAttachments-08918"]),
        (depth, with_depth, &[]),
    ];
    draw_attachment_cases(&f, &cases);
}

#[test]
fn no_draws_in_rendering_instances_of_secondary_contents() {
    let f = Fixture::with(|b| b.nested_command_buffer());
    let plain =
        Rendering { color: f.view, second: None, depth: None, view_mask: 0, flags: vk::RenderingFlags::empty() };
    let secondary = Rendering { flags: vk::RenderingFlags::CONTENTS_SECONDARY_COMMAND_BUFFERS, ..plain };
    let inline = vk::RenderingFlags::from_raw(vk::RenderingFlags::CONTENTS_SECONDARY_COMMAND_BUFFERS.as_raw() | 0x10);
    let cases: Vec<AttachmentCase> =
        vec![(NO, secondary, &["flags-10582"]), (NO, Rendering { flags: inline, ..plain }, &[]), (NO, plain, &[])];
    draw_attachment_cases(&f, &cases);
}
