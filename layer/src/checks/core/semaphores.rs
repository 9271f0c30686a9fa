//! Binary semaphores: a wait needs a signal submitted before it (or an acquired image's), and a
//! signal needs the semaphore unsignaled — no earlier signal left unwaited. The submits of one
//! call are taken in order, each batch's waits before its signals. A semaphore whose payload
//! Vigil does not follow (imported, exportable) is never reported.

use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::TYPES;

/// The binary-semaphore rules of one submit command.
pub(super) struct SemaphoreIds {
    pub wait_unsignaled: &'static str,
    pub signal_signaled: &'static str,
}

pub(super) const SUBMIT_SEMAPHORES: SemaphoreIds = SemaphoreIds {
    wait_unsignaled: "VUID-vkQueueSubmit-pWaitSemaphores-03238",
    signal_signaled: "VUID-vkQueueSubmit-pSignalSemaphores-00067",
};

pub(super) const SUBMIT2_SEMAPHORES: SemaphoreIds = SemaphoreIds {
    wait_unsignaled: "VUID-vkQueueSubmit2-semaphore-03873",
    signal_signaled: "VUID-vkQueueSubmit2-semaphore-03868",
};

/// Binary payloads as the batches of one call before the current one leave them.
#[derive(Default)]
pub(super) struct Payloads {
    changed: Vec<(u64, bool)>,
}

impl CoreChecks {
    /// The payload of `semaphore` before the current batch, when followed.
    fn payload(&self, p: &Payloads, semaphore: u64) -> Option<bool> {
        if let Some((_, signaled)) = p.changed.iter().rev().find(|(s, _)| *s == semaphore) {
            return Some(*signaled);
        }
        self.get(TYPES.semaphore, semaphore)?.semaphore()?.binary_signaled()
    }

    /// A batch waits on (`signal` false) or signals `semaphore`, named at `at`.
    pub(super) fn binary_operation(
        &self,
        cx: &Call<'_>,
        p: &mut Payloads,
        (semaphore, signal): (VkSemaphore, bool),
        at: &Location<'_>,
        ids: &SemaphoreIds,
    ) -> bool {
        let h = semaphore.as_raw();
        let Some(signaled) = self.payload(p, h) else { return false };
        p.changed.push((h, signal));
        match (signal, signaled) {
            (false, false) => cx.error(
                ids.wait_unsignaled,
                at,
                format_args!(
                    "is binary semaphore {h:#x}, which no signal submitted before this wait (nor an image \
                     acquisition) signals: the wait would never be satisfied."
                ),
            ),
            (true, true) => cx.error(
                ids.signal_signaled,
                at,
                format_args!(
                    "is binary semaphore {h:#x}, which an earlier signal already signals and no wait has \
                     consumed: a binary semaphore must be unsignaled when it is signaled."
                ),
            ),
            _ => false,
        }
    }
}
