//! Events: the flags they were created with (a device-only event is never set, reset or read
//! by the host).

use std::sync::OnceLock;

use vigil_generated::*;

use super::objects::TYPES;
use super::tracker::StateTracker;

/// An event's state.
#[derive(Default)]
pub struct EventState {
    pub(super) flags: OnceLock<u32>,
}

impl EventState {
    /// Whether it was created with `VK_EVENT_CREATE_DEVICE_ONLY_BIT`, once recorded.
    pub fn device_only(&self) -> Option<bool> {
        self.flags.get().map(|f| f & VkEventCreateFlags::VK_EVENT_CREATE_DEVICE_ONLY_BIT.0 != 0)
    }
}

impl StateTracker {
    /// vkCreateEvent succeeded.
    pub(super) fn event_created(&self, info: &VkEventCreateInfo, event: u64) {
        if let Some(state) = self.get(TYPES.event, event).as_deref().and_then(|r| r.event()) {
            let _ = state.flags.set(info.flags.0);
        }
    }
}
