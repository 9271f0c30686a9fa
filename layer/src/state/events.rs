//! Events: the flags they were created with (a device-only event is never set, reset or read
//! by the host), and per recording how it last set each event it set and did not reset since.

use vigil_generated::*;

use super::objects::{Key, TYPES};
pub use super::records::RecordingEvents;
use super::tracker::StateTracker;
pub use super::values::{EventState, SetBy};

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

impl RecordingEvents {
    pub fn clear(&mut self) {
        self.set.clear();
    }

    /// How the recording last set `event`, if it did and did not reset it since.
    pub fn last(&self, event: Key) -> Option<SetBy> {
        self.set.iter().find(|(k, _)| *k == event).map(|(_, by)| *by)
    }

    fn record(&mut self, event: Key, by: Option<SetBy>) {
        self.set.retain(|(k, _)| *k != event);
        if let Some(by) = by {
            self.set.push((event, by));
        }
    }
}

impl StateTracker {
    /// `cb` recorded a set (`Some`) or reset (`None`) of `event`.
    pub(super) fn event_recorded(&self, cb: VkCommandBuffer, event: VkEvent, by: Option<SetBy>) {
        let Some(record) = self.get(TYPES.event, event.as_raw()) else { return };
        let key = record.key;
        self.with_command_buffer(cb, |c| {
            if let Some(mut r) = c.try_lock() {
                r.events.record(key, by);
            }
        });
    }
}

impl StateTracker {
    /// `cb` executed secondaries, which may set and reset events, and reset queries in ways its recording
    /// does not show: what it knows of its events and of the queries it made available is
    /// forgotten.
    pub(super) fn secondaries_executed(&self, cb: VkCommandBuffer) {
        self.with_command_buffer(cb, |c| {
            if let Some(mut r) = c.try_lock() {
                r.events.clear();
                r.queries.written.clear();
            }
        });
    }
}
