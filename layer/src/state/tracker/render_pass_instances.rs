//! The tracker's hooks of render pass instances: render passes and dynamic rendering as
//! recorded, and the local read mappings set inside them.

use super::StateTracker;
use crate::chassis::{Call, ValidationObject};
use crate::state::command_buffers::RenderPassInstance;
use vigil_generated::*;

impl StateTracker {
    /// vkCmdBeginRendering, after the call.
    pub(super) fn after_cmd_begin_rendering(&self, cx: &Call<'_>, cb: VkCommandBuffer, info: *const VkRenderingInfo) {
        self.post_record_call(cx, None);
        // SAFETY: the rendering info the application passed.
        unsafe { self.rendering_begun(cb, info) };
        // SAFETY: as above.
        let (view_mask, colors, flags) =
            unsafe { info.as_ref() }.map_or((0, 0, 0), |i| (i.viewMask, i.colorAttachmentCount, i.flags.0));
        // SAFETY: as above.
        let targets = unsafe { self.rendering_targets(info) };
        let instance = RenderPassInstance::Rendering { view_mask, colors, flags };
        self.with_command_buffer(cb, |c| c.render_pass_instance(Some(instance), targets));
        // SAFETY: as above.
        let read_only =
            unsafe { info.as_ref() }.map_or(0, |i| unsafe { crate::state::render_passes::read_only_rendering(i) });
        let aspects = crate::state::render_passes::ReadOnlyAspects { subpasses: 0, current: read_only };
        self.with_command_buffer(cb, |c| c.instance_rules(aspects, None));
        // SAFETY: as above.
        unsafe { self.clear_area_of_rendering(cb, info) };
    }

    /// vkCmdNextSubpass2, after the call.
    pub(super) fn after_cmd_next_subpass2(&self, cb: VkCommandBuffer, begin: *const VkSubpassBeginInfo) {
        // SAFETY: the subpass begin info the application passed.
        let secondaries = unsafe { begin.as_ref() }.is_some_and(|b| b.contents.0 != 0);
        self.with_command_buffer(cb, |c| c.next_subpass(secondaries));
    }

    /// vkCmdSetRenderingAttachmentLocations, after the call.
    pub(super) fn after_cmd_set_rendering_attachment_locations(
        &self,
        cb: VkCommandBuffer,
        info: *const VkRenderingAttachmentLocationInfo,
    ) {
        // SAFETY: the location info the application passed.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        // SAFETY: as above.
        let locations = unsafe { crate::state::local_read::locations_of(info) };
        self.with_command_buffer(cb, |c| c.mapped(|m| m.locations = locations));
    }

    /// vkCmdSetRenderingInputAttachmentIndices, after the call.
    pub(super) fn after_cmd_set_rendering_input_attachment_indices(
        &self,
        cb: VkCommandBuffer,
        info: *const VkRenderingInputAttachmentIndexInfo,
    ) {
        // SAFETY: the index info the application passed.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        // SAFETY: as above.
        let inputs = unsafe { crate::state::local_read::inputs_of(info) };
        self.with_command_buffer(cb, |c| c.mapped(|m| m.inputs = Some(inputs)));
    }
}
