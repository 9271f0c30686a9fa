//! Direct draws in a multiview rendering instance: the last instance index they draw is at most
//! maxMultiviewInstanceIndex (lavapipe's is 2^31 - 1, which a firstInstance can pass).

use super::*;

#[test]
fn multiview_draws_stay_within_the_instance_index_limit() {
    let f = Fixture::with(|b| {
        b.multi_draw().vulkan11_features(vk::PhysicalDeviceVulkan11Features::default().multiview(true))
    });
    let multi = ash::ext::multi_draw::Device::new(&f.ctx.instance, &f.ctx.device);
    let pipeline = f.pipeline(&[], Shape { multiview: true, ..NO });
    let plain =
        Rendering { color: f.view, second: None, depth: None, view_mask: 0, flags: vk::RenderingFlags::empty() };
    let multiview = Rendering { view_mask: 1, ..plain };
    let limit = 0x7fff_ffff_u32;
    type DirectDraw<'a> = (&'static str, Box<dyn Fn(vk::CommandBuffer, u32, u32) + 'a>);
    let d = &f.ctx.device;
    // SAFETY (each): a draw recorded in a rendering instance with the pipeline and index buffer
    // bound; never submitted.
    let draws: [DirectDraw<'_>; 4] = [
        ("vkCmdDraw", Box::new(|cb, count, first| unsafe { d.cmd_draw(cb, 3, count, 0, first) })),
        ("vkCmdDrawIndexed", Box::new(|cb, count, first| unsafe { d.cmd_draw_indexed(cb, 3, count, 0, 0, first) })),
        (
            "vkCmdDrawMultiEXT",
            Box::new(|cb, count, first| unsafe {
                let draws = [vk::MultiDrawInfoEXT { first_vertex: 0, vertex_count: 3 }];
                (multi.fp().cmd_draw_multi_ext)(cb, 1, draws.as_ptr(), count, first, 8)
            }),
        ),
        (
            "vkCmdDrawMultiIndexedEXT",
            Box::new(|cb, count, first| unsafe {
                let draws = [vk::MultiDrawIndexedInfoEXT { first_index: 0, index_count: 3, vertex_offset: 0 }];
                (multi.fp().cmd_draw_multi_indexed_ext)(cb, 1, draws.as_ptr(), count, first, 12, std::ptr::null())
            }),
        ),
    ];
    for (name, draw) in &draws {
        let run = |rendering, count, first| {
            f.ids_in_rendering(rendering, |d, cb| {
                // SAFETY: recording with live objects.
                unsafe {
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                }
                draw(cb, count, first);
            })
        };
        let id = format!("VUID-{name}-maxMultiviewInstanceIndex-02688");
        assert_eq!(run(multiview, 1, limit + 1), [id.as_str()], "{name}");
        assert_eq!(run(multiview, 2, limit), [id.as_str()], "{name}");
        assert_eq!(run(multiview, 1, limit), NONE, "{name}");
        assert_eq!(run(multiview, 0, limit + 1), NONE, "{name}");
    }
    // Outside multiview the limit does not apply (a pipeline without a view mask there).
    let single = f.pipeline(&[], NO);
    let ids = f.ids_in_rendering(plain, |d, cb| {
        // SAFETY: recording with live objects; never submitted.
        unsafe {
            d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, single);
            d.cmd_draw(cb, 3, 1, 0, limit + 1);
        }
    });
    assert_eq!(ids, NONE);
}
