//! The tracker's hooks of fences: signaled at creation, observed through their status.

use super::StateTracker;
use crate::chassis::{Call, ValidationObject};
use crate::state::objects::TYPES;
use crate::state::submissions;
use vigil_generated::*;

impl StateTracker {
    /// vkCreateFence, after the call.
    pub(super) fn after_create_fence(
        &self,
        cx: &Call<'_>,
        info: *const VkFenceCreateInfo,
        fence: *mut VkFence,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: a valid create info, and the fence written.
        let (Some(info), Some(fence)) = (unsafe { info.as_ref() }, unsafe { fence.as_ref() }) else { return };
        let signaled = info.flags.0 & VkFenceCreateFlags::VK_FENCE_CREATE_SIGNALED_BIT.0 != 0;
        if result.0 >= 0 && signaled {
            self.fence_signaled(fence.as_raw());
        }
    }

    /// vkGetFenceStatus, after the call.
    pub(super) fn after_get_fence_status(&self, fence: VkFence, result: VkResult) {
        if result == VkResult::VK_SUCCESS {
            if let Some(f) = self.get(TYPES.fence, fence.as_raw()) {
                submissions::fence_observed(&f);
            }
        }
    }
}
