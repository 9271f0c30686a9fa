//! Core's hooks of timestamp queries: the stage they are written at.

use crate::chassis::Call;
use crate::checks::core::events::*;
use crate::checks::core::queries::{WRITE_TIMESTAMP, WRITE_TIMESTAMP2};
use crate::checks::core::CoreChecks;
use vigil_generated::*;

impl CoreChecks {
    /// vkCmdWriteTimestamp's rules.
    pub(super) fn validate_cmd_write_timestamp(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        stage: VkPipelineStageFlagBits,
        pool: VkQueryPool,
        query: u32,
    ) -> bool {
        self.with_recording(cx, cb.as_raw(), |r| {
            let root = cx.location();
            let at = root.dot("pipelineStage");
            Self::stage_features(cx, &WRITE_TIMESTAMP_STAGES, u64::from(stage.0), &at)
                | self.write_timestamp(cx, &WRITE_TIMESTAMP, r, pool, query)
        })
    }

    /// vkCmdWriteTimestamp2's rules.
    pub(super) fn validate_cmd_write_timestamp2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        stage: VkPipelineStageFlags2,
        pool: VkQueryPool,
        query: u32,
    ) -> bool {
        let sync2 = Self::needs_synchronization2(cx, WRITE_TIMESTAMP2_SYNC2);
        sync2
            | self.with_recording(cx, cb.as_raw(), |r| {
                let root = cx.location();
                let at = root.dot("stage");
                let mut skip = Self::stage_features(cx, &WRITE_TIMESTAMP2_STAGES, stage.0, &at);
                if stage.0.count_ones() > 1 {
                    skip |= cx.error(
                        "VUID-vkCmdWriteTimestamp2-stage-03859",
                        &at,
                        format_args!(
                            "is {:#x}, {} stages: a timestamp is written at one stage.",
                            stage.0,
                            stage.0.count_ones()
                        ),
                    );
                }
                skip | self.write_timestamp(cx, &WRITE_TIMESTAMP2, r, pool, query)
            })
    }
}
