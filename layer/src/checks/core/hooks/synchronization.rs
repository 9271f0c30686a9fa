//! Core's hooks of pipeline barriers and events: their stage masks, dependency infos and the
//! layouts their image barriers name.

use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::checks::core::barriers::{PIPELINE_BARRIER, PIPELINE_BARRIER2, SET_EVENT2};
use crate::checks::core::events::*;
use crate::checks::core::CoreChecks;
use crate::state::images::{dependency_barriers, ImageBarrier};
use vigil_generated::*;

impl CoreChecks {
    /// vkCmdPipelineBarrier's rules.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn validate_cmd_pipeline_barrier(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        src: VkPipelineStageFlags,
        dst: VkPipelineStageFlags,
        flags: VkDependencyFlags,
        memory_count: u32,
        memory: *const VkMemoryBarrier,
        buffer_count: u32,
        buffers: *const VkBufferMemoryBarrier,
        image_count: u32,
        images: *const VkImageMemoryBarrier,
    ) -> bool {
        // SAFETY: the counted barriers, as the application passed them.
        let (memory, buffers, images) =
            unsafe { (slice(memory, memory_count), slice(buffers, buffer_count), slice(images, image_count)) };
        let masks = (src.0, dst.0, flags.0);
        let recorded = self.with_recording(cx, cb.as_raw(), |r| {
            self.legacy_barriers(cx, r, &PIPELINE_BARRIER, masks, memory, buffers, images)
        });
        recorded | {
            let barriers = images.iter().map(ImageBarrier::from);
            let root = cx.location();
            let at = root.dot("pImageMemoryBarriers");
            self.barrier_layouts(cx, cb, barriers, &at, "VUID-VkImageMemoryBarrier-oldLayout-01197")
        }
    }

    /// vkCmdPipelineBarrier2's rules.
    pub(super) fn validate_cmd_pipeline_barrier2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkDependencyInfo,
    ) -> bool {
        let root = cx.location();
        let info_at = root.dot("pDependencyInfo");
        let sync2 = Self::needs_synchronization2(cx, PIPELINE_BARRIER2_SYNC2);
        let recorded =
            self.with_recording(cx, cb.as_raw(), |r| self.dependency_info(cx, r, &PIPELINE_BARRIER2, info, &info_at));
        sync2 | recorded | {
            // SAFETY: the dependency info the application passed.
            let barriers = unsafe { dependency_barriers(info) }.iter().map(ImageBarrier::from);
            let at = info_at.arrow("pImageMemoryBarriers");
            self.barrier_layouts(cx, cb, barriers, &at, "VUID-VkImageMemoryBarrier2-oldLayout-01197")
        }
    }

    /// vkCmdSetEvent2's rules.
    pub(super) fn validate_cmd_set_event2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkDependencyInfo,
    ) -> bool {
        let root = cx.location();
        let at = root.dot("pDependencyInfo");
        self.with_recording(cx, cb.as_raw(), |r| self.dependency_info(cx, r, &SET_EVENT2, info, &at))
            | Self::set_event2(cx, info)
    }

    /// vkCmdResetEvent2's rules.
    pub(super) fn validate_cmd_reset_event2(&self, cx: &Call<'_>, mask: VkPipelineStageFlags2) -> bool {
        let root = cx.location();
        let at = root.dot("stageMask");
        self.recording_rules(cx)
            | Self::needs_synchronization2(cx, RESET_EVENT2_SYNC2)
            | Self::no_host_stage(cx, RESET_EVENT2_HOST, mask.0, &at)
            | Self::stage_features(cx, &RESET_EVENT2_STAGES, mask.0, &at)
    }

    /// vkCmdWaitEvents's rules.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn validate_cmd_wait_events(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        event_count: u32,
        events: *const VkEvent,
        src: VkPipelineStageFlags,
        dst: VkPipelineStageFlags,
        memory_count: u32,
        memory: *const VkMemoryBarrier,
        buffer_count: u32,
        buffers: *const VkBufferMemoryBarrier,
        image_count: u32,
        images: *const VkImageMemoryBarrier,
    ) -> bool {
        // SAFETY: the counted events and barriers, as the application passed them.
        let (buffers, images) = unsafe { (slice(buffers, buffer_count), slice(images, image_count)) };
        let (events, memory) = unsafe { (slice(events, event_count), slice(memory, memory_count)) };
        self.wait_events(cx, cb, (events, src.0, dst.0), memory, buffers, images)
    }
}
