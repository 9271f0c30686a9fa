//! Core's hooks of render pass instances: beginning, advancing and ending render passes and
//! dynamic rendering, and the local read mappings set inside them.

use crate::chassis::Call;
use crate::checks::core::framebuffers;
use crate::checks::core::render_passes::Ending;
use crate::checks::core::CoreChecks;
use vigil_generated::*;

impl CoreChecks {
    /// vkCmdBeginRenderPass's rules.
    pub(super) fn validate_cmd_begin_render_pass(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderPassBeginInfo,
        contents: VkSubpassContents,
    ) -> bool {
        let at = cx.location();
        let contents_at = at.dot("contents");
        let ids = ("VUID-vkCmdBeginRenderPass-srcStageMask-06451", "VUID-vkCmdBeginRenderPass-dstStageMask-06452");
        // SAFETY: the begin info the application passed (stateless checked it).
        let recorded = self
            .with_recording(cx, cb.as_raw(), |r| unsafe { self.dependency_queues(cx, (cb, r), info, ids) })
            | Self::mixed_contents(cx, contents, ("VUID-vkCmdBeginRenderPass-contents-09640", &contents_at));
        recorded | {
            // SAFETY: the begin info the application passed (stateless checked it).
            unsafe {
                self.render_pass_begin_info(cx, info)
                    | self.render_pass_layouts(cx, cb, info, "VUID-vkCmdBeginRenderPass-initialLayout-00900")
                    | self.attachment_usage_for_layouts(cx, &framebuffers::BEGIN_RENDER_PASS, info)
                    | self.aspect_layout_usage(cx, "VUID-vkCmdBeginRenderPass-initialLayout-02842", info)
            }
        }
    }

    /// vkCmdBeginRenderPass2's rules.
    pub(super) fn validate_cmd_begin_render_pass2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderPassBeginInfo,
        subpass: *const VkSubpassBeginInfo,
    ) -> bool {
        let ids = ("VUID-vkCmdBeginRenderPass2-srcStageMask-06453", "VUID-vkCmdBeginRenderPass2-dstStageMask-06454");
        // SAFETY (both): the begin infos the application passed (stateless checked them).
        let recorded = self
            .with_recording(cx, cb.as_raw(), |r| unsafe { self.dependency_queues(cx, (cb, r), info, ids) })
            | unsafe { Self::subpass_begin_contents(cx, subpass, "pSubpassBeginInfo") };
        recorded | {
            // SAFETY: as for vkCmdBeginRenderPass.
            unsafe {
                self.render_pass_begin_info(cx, info)
                    | self.render_pass_layouts(cx, cb, info, "VUID-vkCmdBeginRenderPass2-initialLayout-03100")
                    | self.attachment_usage_for_layouts(cx, &framebuffers::BEGIN_RENDER_PASS2, info)
                    | self.aspect_layout_usage(cx, "VUID-vkCmdBeginRenderPass2-initialLayout-02844", info)
            }
        }
    }

    /// vkCmdNextSubpass's rules.
    pub(super) fn validate_cmd_next_subpass(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        let ending = Ending::NextSubpass { vuid: "VUID-vkCmdNextSubpass-None-00909" };
        self.recording_rules(cx)
            | self.render_pass_ending(cx, cb, ending)
            | self.no_transform_feedback(cx, cb, "VUID-vkCmdNextSubpass-None-02349")
    }

    /// vkCmdNextSubpass2's rules.
    pub(super) fn validate_cmd_next_subpass2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        begin: *const VkSubpassBeginInfo,
    ) -> bool {
        let ending = Ending::NextSubpass { vuid: "VUID-vkCmdNextSubpass2-None-03102" };
        // SAFETY: as for vkCmdBeginRenderPass2.
        self.recording_rules(cx)
            | unsafe { Self::subpass_begin_contents(cx, begin, "pSubpassBeginInfo") }
            | self.render_pass_ending(cx, cb, ending)
            | self.no_transform_feedback(cx, cb, "VUID-vkCmdNextSubpass2-None-02350")
    }

    /// vkCmdEndRenderPass's rules.
    pub(super) fn validate_cmd_end_render_pass(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        let ending = Ending::RenderPass {
            last_subpass: "VUID-vkCmdEndRenderPass-None-00910",
            not_rendering: "VUID-vkCmdEndRenderPass-None-06170",
        };
        self.recording_rules(cx)
            | self.render_pass_ending(cx, cb, ending)
            | self.queries_left_in_render_pass(cx, cb, "VUID-vkCmdEndRenderPass-None-07004")
            | self.no_transform_feedback(cx, cb, "VUID-vkCmdEndRenderPass-None-02351")
    }

    /// vkCmdEndRenderPass2's rules.
    pub(super) fn validate_cmd_end_render_pass2(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        let ending = Ending::RenderPass {
            last_subpass: "VUID-vkCmdEndRenderPass2-None-03103",
            not_rendering: "VUID-vkCmdEndRenderPass2-None-06171",
        };
        self.recording_rules(cx)
            | self.render_pass_ending(cx, cb, ending)
            | self.queries_left_in_render_pass(cx, cb, "VUID-vkCmdEndRenderPass2-None-07005")
            | self.no_transform_feedback(cx, cb, "VUID-vkCmdEndRenderPass2-None-02352")
    }

    /// vkCmdSetRenderingAttachmentLocations's rules.
    pub(super) fn validate_cmd_set_rendering_attachment_locations(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderingAttachmentLocationInfo,
    ) -> bool {
        // SAFETY: the application's location info, when not NULL.
        let count = unsafe { info.as_ref() }.map(|i| i.colorAttachmentCount);
        self.mapping_set(cx, cb, count, &super::super::local_read::LOCATIONS)
    }

    /// vkCmdSetRenderingInputAttachmentIndices's rules.
    pub(super) fn validate_cmd_set_rendering_input_attachment_indices(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderingInputAttachmentIndexInfo,
    ) -> bool {
        // SAFETY: the application's index info, when not NULL.
        let count = unsafe { info.as_ref() }.map(|i| i.colorAttachmentCount);
        self.mapping_set(cx, cb, count, &super::super::local_read::INPUTS)
    }

    /// vkCmdEndRendering's rules.
    pub(super) fn validate_cmd_end_rendering(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        let ending = Ending::Rendering {
            vuid: "VUID-vkCmdEndRendering-None-06161",
            here: Some("VUID-vkCmdEndRendering-commandBuffer-06162"),
        };
        self.recording_rules(cx)
            | self.render_pass_ending(cx, cb, ending)
            | self.queries_left_in_render_pass(cx, cb, "VUID-vkCmdEndRendering-None-06999")
            | self.no_transform_feedback(cx, cb, "VUID-vkCmdEndRendering-None-06781")
    }

    /// vkCmdEndRendering2KHR's rules.
    pub(super) fn validate_cmd_end_rendering2_khr(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        // Its -commandBuffer-10611 is not checked: lavapipe has no maintenance10 to test it on.
        let ending = Ending::Rendering { vuid: "VUID-vkCmdEndRendering2KHR-None-10610", here: None };
        self.recording_rules(cx) | self.render_pass_ending(cx, cb, ending)
    }

    /// vkCmdBeginRendering's rules.
    pub(super) fn validate_cmd_begin_rendering(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderingInfo,
    ) -> bool {
        // SAFETY: the rendering info the application passed (stateless checked it).
        let recorded = self.recording_rules(cx) | unsafe { self.rendering_features(cx, cb, info) };
        recorded | {
            // SAFETY: as above.
            unsafe {
                self.rendering_layouts(cx, cb, info)
                    | self.rendering_attachments(cx, info)
                    | self.rendering_attachment_layouts(cx, info)
            }
        }
    }
}
