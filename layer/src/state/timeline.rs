//! Timeline semaphores: a value the semaphore is known to have reached at least (its initial
//! value, host signals, values the application saw reached). A signal of a value not above it
//! is certainly invalid; Vigil never guesses higher, so it never reports a valid one.

use std::sync::atomic::Ordering;

use vigil_generated::*;

use super::objects::TYPES;
use super::submissions::SemaphoreState;
use super::tracker::StateTracker;

impl SemaphoreState {
    /// The value a timeline semaphore is known to have reached; `None` for a binary semaphore or
    /// one whose payload Vigil does not follow (imported, exported).
    pub fn known_value(&self) -> Option<u64> {
        (self.timeline() && self.followed()).then(|| self.known_value.load(Ordering::Acquire))
    }

    /// It reached `value` at least.
    pub fn reached(&self, value: u64) {
        self.known_value.fetch_max(value, Ordering::AcqRel);
    }
}

impl StateTracker {
    /// Timeline semaphore `semaphore` reached `value` at least.
    pub(super) fn timeline_reached(&self, semaphore: VkSemaphore, value: u64) {
        if let Some(s) = self.get(TYPES.semaphore, semaphore.as_raw()).as_deref().and_then(|r| r.semaphore()) {
            s.reached(value);
        }
    }
}
