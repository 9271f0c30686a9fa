//! Draws while a primitives generated query is active: without the
//! primitivesGeneratedQueryWithRasterizerDiscard feature, rasterization is not discarded
//! (statically or as vkCmdSetRasterizerDiscardEnable set it); without
//! primitivesGeneratedQueryWithNonZeroStreams, the pipeline rasterizes vertex stream 0.

use super::*;

/// A pool of one primitives generated query, reset.
fn generated_pool(f: &Fixture) -> vk::QueryPool {
    let d = &f.ctx.device;
    // SAFETY: plain object creation, and a reset of the new pool's query, submitted and waited for.
    unsafe {
        let info =
            vk::QueryPoolCreateInfo::default().query_type(vk::QueryType::PRIMITIVES_GENERATED_EXT).query_count(1);
        let pool = d.create_query_pool(&info, None).expect("vkCreateQueryPool");
        f.ctx.submit_and_wait(|cb| d.cmd_reset_query_pool(cb, pool, 0, 1));
        pool
    }
}

#[test]
fn no_rasterization_discard_while_primitives_generated_are_counted() {
    let f = Fixture::with(|b| b.primitives_generated_query());
    let d = &f.ctx.device;
    let pool = generated_pool(&f);
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

#[test]
fn no_stream_but_zero_rasterized_while_primitives_generated_are_counted() {
    // The shim reports transformFeedbackRasterizationStreamSelect (lavapipe does not).
    let f = Fixture::with_shim(|b| b.primitives_generated_query().geometry_streams());
    let d = &f.ctx.device;
    let pool = generated_pool(&f);
    let stream_one = f.pipeline(&[], Shape { stream_one: true, ..NO });
    let stream_zero = f.pipeline(&[], NO);
    for (name, draw) in draws(&f) {
        let run = |pipeline, queried: bool| {
            f.ids(|d, cb| {
                // SAFETY: recording with live objects; the query is begun and ended in this
                // rendering instance.
                unsafe {
                    if queried {
                        d.cmd_begin_query(cb, pool, 0, vk::QueryControlFlags::empty());
                    }
                    d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::GRAPHICS, pipeline);
                    d.cmd_bind_index_buffer(cb, f.index, 0, vk::IndexType::UINT16);
                    draw(d, cb);
                    if queried {
                        d.cmd_end_query(cb, pool, 0);
                    }
                }
            })
        };
        let id = format!("VUID-{name}-primitivesGeneratedQueryWithNonZeroStreams-06709");
        assert_eq!(run(stream_one, true), [id], "{name}");
        assert_eq!(run(stream_zero, true), NONE, "{name}");
        assert_eq!(run(stream_one, false), NONE, "{name}");
    }
    // SAFETY: no command buffer using it is pending.
    unsafe { d.destroy_query_pool(pool, None) };
}
