//! Draw-time state besides shaders and descriptor sets, for the four core draw commands: the
//! viewport and scissor a bound graphics pipeline leaves dynamic must have been set (and not
//! invalidated since by binding a pipeline that has them static), and an indexed draw needs an
//! index buffer bound, with room for the indices it reads.
//!
//! What Vigil cannot tell is not reported: a pipeline whose dynamic states it does not know
//! (libraries), a primary after executing secondaries (its state is then undefined), an index
//! buffer of unknown size. Other draw commands and dynamic states are not checked yet.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::read_uint;
use crate::chassis::Call;
use crate::state::command_buffers::Recording;
use crate::state::pipelines::PipelineInfo;

/// The ids of one draw command's rules.
struct DrawStateIds {
    command: &'static str,
    viewport: &'static str,
    scissor: &'static str,
    /// Indexed draws: an index buffer must be bound.
    index_bound: Option<&'static str>,
    /// vkCmdDrawIndexed: the parameters of its index count and first index, and the id.
    index_range: Option<(usize, usize, &'static str)>,
}

const DRAW_STATE_IDS: [DrawStateIds; 4] = [
    DrawStateIds {
        command: "vkCmdDraw",
        viewport: "VUID-vkCmdDraw-None-07831",
        scissor: "VUID-vkCmdDraw-None-07832",
        index_bound: None,
        index_range: None,
    },
    DrawStateIds {
        command: "vkCmdDrawIndexed",
        viewport: "VUID-vkCmdDrawIndexed-None-07831",
        scissor: "VUID-vkCmdDrawIndexed-None-07832",
        index_bound: Some("VUID-vkCmdDrawIndexed-None-07312"),
        index_range: Some((1, 3, "VUID-vkCmdDrawIndexed-robustBufferAccess2-08798")),
    },
    DrawStateIds {
        command: "vkCmdDrawIndexedIndirect",
        viewport: "VUID-vkCmdDrawIndexedIndirect-None-07831",
        scissor: "VUID-vkCmdDrawIndexedIndirect-None-07832",
        index_bound: Some("VUID-vkCmdDrawIndexedIndirect-None-07312"),
        index_range: None,
    },
    DrawStateIds {
        command: "vkCmdDrawIndirect",
        viewport: "VUID-vkCmdDrawIndirect-None-07831",
        scissor: "VUID-vkCmdDrawIndirect-None-07832",
        index_bound: None,
        index_range: None,
    },
];

impl CoreChecks {
    /// The draw state of recording `r` for a draw with graphics pipeline `info` bound: `cb` and
    /// the pipeline's handle, for messages. True to skip the call.
    pub(super) fn draw_state(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        info: &PipelineInfo,
        (cb, pipeline): (u64, u64),
    ) -> bool {
        let Ok(i) = DRAW_STATE_IDS.binary_search_by_key(&cx.name, |d| d.command) else { return false };
        let ids = &DRAW_STATE_IDS[i];
        let at = cx.location();
        let mut skip = false;
        if let (Some(dynamic), false) = (info.dynamic, r.draw.unknown) {
            let states = [
                (VkDynamicState::VK_DYNAMIC_STATE_VIEWPORT, ids.viewport, "vkCmdSetViewport"),
                (VkDynamicState::VK_DYNAMIC_STATE_SCISSOR, ids.scissor, "vkCmdSetScissor"),
            ];
            for (state, vuid, set) in states {
                let bit = 1 << state.0;
                if dynamic & bit != 0 && r.draw.dynamic_set & bit == 0 {
                    skip |= cx.error(
                        vuid,
                        &at,
                        format_args!(
                            "the bound graphics pipeline {pipeline:#x} has {state:?} dynamic, but {set} was not called \
                             in command buffer {cb:#x} since it was begun or since a pipeline with that state static \
                             was bound."
                        ),
                    );
                }
            }
        }
        let features = cx.device().map(|f| &f.features);
        let maintenance6 = features.is_some_and(|f| f.contains(Feature::MAINTENANCE6));
        match (ids.index_bound, r.draw.index, r.draw.unknown) {
            (Some(vuid), None, false) if !maintenance6 => {
                skip |= cx.error(
                    vuid,
                    &at,
                    format_args!("no index buffer is bound in command buffer {cb:#x} (vkCmdBindIndexBuffer)."),
                );
            }
            (_, Some(index), false) => {
                let robust2 = features.is_none_or(|f| f.contains(Feature::ROBUST_BUFFER_ACCESS2));
                if let (Some((count_at, first_at, vuid)), Some(range), Some(size), false) =
                    (ids.index_range, index.range, index.index_size, robust2)
                {
                    // SAFETY: vkCmdDrawIndexed's parameters at these indices are uint32_t.
                    let (count, first) =
                        unsafe { (read_uint(cx.params[count_at], 4), read_uint(cx.params[first_at], 4)) };
                    let needed = size * (first + count);
                    if needed > range {
                        skip |= cx.error(
                            vuid,
                            &at,
                            format_args!(
                                "reads indices {first} to {} ({needed} bytes), but the index buffer {:#x} is bound with \
                                 {range} bytes.",
                                first + count,
                                index.buffer
                            ),
                        );
                    }
                }
            }
            _ => {}
        }
        skip
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_sorted_by_command_and_name_it() {
        assert!(DRAW_STATE_IDS.windows(2).all(|w| w[0].command < w[1].command));
        for d in &DRAW_STATE_IDS {
            let ids = [d.viewport, d.scissor].into_iter().chain(d.index_bound).chain(d.index_range.map(|r| r.2));
            for id in ids {
                assert!(id.starts_with(&format!("VUID-{}-", d.command)), "{id}");
            }
        }
    }
}
