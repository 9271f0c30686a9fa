//! The tracker's hooks of events: creation, and what recordings set and reset.

use super::StateTracker;
use crate::chassis::{Call, ValidationObject};
use crate::state::events::SetBy;
use vigil_generated::*;

impl StateTracker {
    /// vkCreateEvent, after the call.
    pub(super) fn after_create_event(
        &self,
        cx: &Call<'_>,
        info: *const VkEventCreateInfo,
        event: *mut VkEvent,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: the call succeeded: a valid create info, and the event written.
        if let (true, Some(info), Some(event)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { event.as_ref() }) {
            self.event_created(info, event.as_raw());
        }
    }

    /// vkCmdSetEvent, after the call.
    pub(super) fn after_cmd_set_event(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        event: VkEvent,
        mask: VkPipelineStageFlags,
    ) {
        self.post_record_call(cx, None);
        self.event_recorded(cb, event, Some(SetBy::Set(mask.0)));
    }

    /// vkCmdSetEvent2, after the call.
    pub(super) fn after_cmd_set_event2(&self, cx: &Call<'_>, cb: VkCommandBuffer, event: VkEvent) {
        self.post_record_call(cx, None);
        self.event_recorded(cb, event, Some(SetBy::Set2));
    }

    /// vkCmdResetEvent, after the call.
    pub(super) fn after_cmd_reset_event(&self, cx: &Call<'_>, cb: VkCommandBuffer, event: VkEvent) {
        self.post_record_call(cx, None);
        self.event_recorded(cb, event, None);
    }

    /// vkCmdResetEvent2, after the call.
    pub(super) fn after_cmd_reset_event2(&self, cx: &Call<'_>, cb: VkCommandBuffer, event: VkEvent) {
        self.post_record_call(cx, None);
        self.event_recorded(cb, event, None);
    }
}
