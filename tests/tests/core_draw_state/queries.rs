//! Draws while a primitives generated query is active: without the
//! primitivesGeneratedQueryWithRasterizerDiscard feature, rasterization is not discarded
//! (statically or as vkCmdSetRasterizerDiscardEnable set it).

use super::*;

#[test]
fn no_rasterization_discard_while_primitives_generated_are_counted() {
    let f = Fixture::with(|b| b.primitives_generated_query());
    let d = &f.ctx.device;
    // SAFETY: plain object creation, and a reset of the new pool's query, submitted and waited for.
    let pool = unsafe {
        let info =
            vk::QueryPoolCreateInfo::default().query_type(vk::QueryType::PRIMITIVES_GENERATED_EXT).query_count(1);
        let pool = d.create_query_pool(&info, None).expect("vkCreateQueryPool");
        f.ctx.submit_and_wait(|cb| d.cmd_reset_query_pool(cb, pool, 0, 1));
        pool
    };
    let discarding = f.pipeline(&[], DISCARD);
    let dynamic = f.pipeline(&[S::RASTERIZER_DISCARD_ENABLE], NO);
    let fixed = f.pipeline(&[], NO);
    for (name, draw) in draws(&f) {
        let run = |pipeline, discard: Option<bool>, queried: bool| {
            f.ids(|d, cb| {
                // SAFETY: recording with live objects; the query is begun and ended in this
                // rendering instance.
                unsafe {
                    if queried {
                        d.cmd_begin_query(cb, pool, 0, vk::QueryControlFlags::empty());
                    }
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                    if let Some(discard) = discard {
                        d.cmd_set_rasterizer_discard_enable(cb, discard);
                    }
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                    draw(d, cb);
                    if queried {
                        d.cmd_end_query(cb, pool, 0);
                    }
                }
            })
        };
        let id = format!("VUID-{name}-primitivesGeneratedQueryWithRasterizerDiscard-06708");
        assert_eq!(run(discarding, None, true), std::slice::from_ref(&id), "{name}");
        assert_eq!(run(dynamic, Some(true), true), [id], "{name}");
        assert_eq!(run(dynamic, Some(false), true), NONE, "{name}");
        assert_eq!(run(fixed, None, true), NONE, "{name}");
        assert_eq!(run(discarding, None, false), NONE, "{name}");
    }
    // SAFETY: no command buffer using it is pending.
    unsafe { d.destroy_query_pool(pool, None) };
}
