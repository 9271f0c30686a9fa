//! Binary semaphores: a wait needs a signal submitted before it (or an acquired image's), and a
//! signal needs the semaphore unsignaled — no earlier signal left unwaited. The submits of one
//! call are taken in order, each batch's waits before its signals. A semaphore whose payload
//! Vigil does not follow (imported, exportable) is never reported.
//!
//! Timeline semaphores (below): each command that needs one gets one, `VkSemaphoreTypeCreateInfo`
//! is consistent, a submit naming one chains `VkTimelineSemaphoreSubmitInfo` with a value per
//! semaphore, and each signal (host or submitted) is above the value the semaphore is known to
//! have reached (`state::timeline`). The `maxTimelineSemaphoreValueDifference` rules are not
//! checked.

use vigil_generated::*;

use vigil_generated::features::Feature;

use super::CoreChecks;
use crate::chassis::raw::{chained, slice};
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

impl CoreChecks {
    /// vkQueuePresentKHR's waits: on binary semaphores, each signaled by a submission or an
    /// image acquisition that no earlier wait (of this present, too) consumed.
    pub(super) fn present_waits(&self, cx: &Call<'_>, info: &VkPresentInfoKHR, at: &Location<'_>) -> bool {
        let list = at.arrow("pWaitSemaphores");
        let mut payloads = Payloads::default();
        let mut skip = false;
        // SAFETY: the application's waitSemaphoreCount semaphores.
        for (i, &s) in unsafe { slice(info.pWaitSemaphores, info.waitSemaphoreCount) }.iter().enumerate() {
            let h = s.as_raw();
            if self.is_timeline(s) == Some(true) {
                skip |= cx.error(
                    "VUID-vkQueuePresentKHR-pWaitSemaphores-03267",
                    &list.index(i),
                    format_args!("is timeline semaphore {h:#x}: a present waits on binary semaphores only."),
                );
                continue;
            }
            let Some(signaled) = self.payload(&payloads, h) else { continue };
            payloads.changed.push((h, false));
            if !signaled {
                skip |= cx.error(
                    "VUID-vkQueuePresentKHR-pWaitSemaphores-03268",
                    &list.index(i),
                    format_args!(
                        "is binary semaphore {h:#x}, which no signal submitted before this present (nor an image \
                         acquisition) signals, or an earlier wait consumed: the present would wait forever."
                    ),
                );
            }
        }
        skip
    }
}

// Timeline semaphores: the type a command needs, the values submitted with each, and a signal
// above the value the semaphore is known to have reached (`state::timeline`).

impl CoreChecks {
    /// Whether `semaphore` is a timeline semaphore, when Vigil saw its creation.
    fn is_timeline(&self, semaphore: VkSemaphore) -> Option<bool> {
        // Two live semaphores with one handle value cannot be told apart: neither is checked.
        Some(self.get(TYPES.semaphore, semaphore.as_raw()).filter(|r| !r.aliased())?.semaphore()?.timeline())
    }

    /// The value timeline semaphore `semaphore` certainly reached, when followed.
    fn known_value(&self, semaphore: VkSemaphore) -> Option<u64> {
        self.get(TYPES.semaphore, semaphore.as_raw()).filter(|r| !r.aliased())?.semaphore()?.known_value()
    }

    /// `semaphore`, named at `at`, must be a timeline semaphore.
    fn timeline_needed(&self, cx: &Call<'_>, vuid: &'static str, semaphore: VkSemaphore, at: &Location<'_>) -> bool {
        if self.is_timeline(semaphore) != Some(false) {
            return false;
        }
        cx.error(
            vuid,
            at,
            format_args!(
                "({:#x}) is a binary semaphore; only a timeline semaphore has a counter value.",
                semaphore.as_raw()
            ),
        )
    }

    /// A signal of `value` on `semaphore` (named at `at`) must be above its current value.
    fn signal_above(
        &self,
        cx: &Call<'_>,
        vuid: &'static str,
        semaphore: VkSemaphore,
        value: u64,
        at: &Location<'_>,
    ) -> bool {
        let Some(known) = self.known_value(semaphore).filter(|k| value <= *k) else { return false };
        cx.error(
            vuid,
            at,
            format_args!(
                "is {value}, but timeline semaphore {:#x} has already reached {known}: a signal must raise its value.",
                semaphore.as_raw()
            ),
        )
    }

    /// vkSignalSemaphore.
    pub(super) fn signal_semaphore(&self, cx: &Call<'_>, info: *const VkSemaphoreSignalInfo) -> bool {
        // SAFETY: the signal info the application passed (stateless checked the pointer).
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let root = cx.location();
        let at = root.dot("pSignalInfo");
        if self.timeline_needed(
            cx,
            "VUID-VkSemaphoreSignalInfo-semaphore-03257",
            info.semaphore,
            &at.arrow("semaphore"),
        ) {
            return true;
        }
        self.signal_above(cx, "VUID-VkSemaphoreSignalInfo-value-03258", info.semaphore, info.value, &at.arrow("value"))
    }

    /// vkWaitSemaphores: timeline semaphores only.
    pub(super) fn wait_semaphores(&self, cx: &Call<'_>, info: *const VkSemaphoreWaitInfo) -> bool {
        // SAFETY: the wait info the application passed, and its counted semaphores.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let root = cx.location();
        let at = root.dot("pWaitInfo");
        let list = at.arrow("pSemaphores");
        let mut skip = false;
        for (i, s) in unsafe { slice(info.pSemaphores, info.semaphoreCount) }.iter().enumerate() {
            skip |= self.timeline_needed(cx, "VUID-VkSemaphoreWaitInfo-pSemaphores-03256", *s, &list.index(i));
        }
        skip
    }

    /// vkGetSemaphoreCounterValue: a timeline semaphore.
    pub(super) fn semaphore_counter_value(&self, cx: &Call<'_>, semaphore: VkSemaphore) -> bool {
        let root = cx.location();
        self.timeline_needed(cx, "VUID-vkGetSemaphoreCounterValue-semaphore-03255", semaphore, &root.dot("semaphore"))
    }

    /// vkCreateSemaphore: `VkSemaphoreTypeCreateInfo`'s rules.
    pub(super) fn create_semaphore(&self, cx: &Call<'_>, info: *const VkSemaphoreCreateInfo) -> bool {
        // SAFETY: the create info the application passed, and its chain.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let ty = VkStructureType::VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO;
        let Some(t) = (unsafe { chained::<VkSemaphoreTypeCreateInfo>(info.pNext, ty) }) else { return false };
        let root = cx.location();
        let at = root.dot("pCreateInfo");
        let at = at.arrow("pNext");
        let at = at.chained("VkSemaphoreTypeCreateInfo");
        let timeline = t.semaphoreType == VkSemaphoreType::VK_SEMAPHORE_TYPE_TIMELINE;
        if !timeline && t.initialValue != 0 {
            return cx.error(
                "VUID-VkSemaphoreTypeCreateInfo-semaphoreType-03279",
                &at.dot("initialValue"),
                format_args!(
                    "is {}, but semaphoreType is VK_SEMAPHORE_TYPE_BINARY: a binary semaphore has no value.",
                    t.initialValue
                ),
            );
        }
        if timeline && cx.device().is_some_and(|d| !d.features.contains(Feature::TIMELINE_SEMAPHORE)) {
            return cx.error(
                "VUID-VkSemaphoreTypeCreateInfo-timelineSemaphore-03252",
                &at.dot("semaphoreType"),
                format_args!("is VK_SEMAPHORE_TYPE_TIMELINE, but the timelineSemaphore feature is not enabled."),
            );
        }
        false
    }

    /// A `VkSubmitInfo` of vkQueueSubmit: `VkTimelineSemaphoreSubmitInfo` present with a value
    /// for each semaphore when a timeline semaphore is waited on or signaled, and each signal
    /// above what its semaphore reached.
    pub(super) fn submit_timeline(&self, cx: &Call<'_>, s: &VkSubmitInfo, at: &Location<'_>) -> bool {
        // SAFETY: the submit info's counted arrays and chain, as the application passed them.
        let (waits, signals) = unsafe {
            (slice(s.pWaitSemaphores, s.waitSemaphoreCount), slice(s.pSignalSemaphores, s.signalSemaphoreCount))
        };
        let timeline = |list: &[VkSemaphore]| list.iter().find(|h| self.is_timeline(**h) == Some(true)).copied();
        let (wait, signal) = (timeline(waits), timeline(signals));
        let Some(first) = wait.or(signal) else { return false };
        let ty = VkStructureType::VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO;
        let Some(values) = (unsafe { chained::<VkTimelineSemaphoreSubmitInfo>(s.pNext, ty) }) else {
            return cx.error(
                "VUID-VkSubmitInfo-pWaitSemaphores-03239",
                &at.dot("pNext"),
                format_args!(
                    "has no VkTimelineSemaphoreSubmitInfo, but timeline semaphore {:#x} is waited on or signaled: its \
                     value must be given.",
                    first.as_raw()
                ),
            );
        };
        let chain = at.dot("pNext");
        let chain = chain.chained("VkTimelineSemaphoreSubmitInfo");
        let mut skip = false;
        if wait.is_some() && values.waitSemaphoreValueCount != s.waitSemaphoreCount {
            skip |= cx.error(
                "VUID-VkSubmitInfo-pNext-03240",
                &chain.dot("waitSemaphoreValueCount"),
                format_args!(
                    "is {}, but waitSemaphoreCount is {} and a timeline semaphore is waited on.",
                    values.waitSemaphoreValueCount, s.waitSemaphoreCount
                ),
            );
        }
        if signal.is_some() && values.signalSemaphoreValueCount != s.signalSemaphoreCount {
            return skip
                | cx.error(
                    "VUID-VkSubmitInfo-pNext-03241",
                    &chain.dot("signalSemaphoreValueCount"),
                    format_args!(
                        "is {}, but signalSemaphoreCount is {} and a timeline semaphore is signaled.",
                        values.signalSemaphoreValueCount, s.signalSemaphoreCount
                    ),
                );
        }
        if signal.is_some() {
            // SAFETY: as many values as signals (checked above).
            let list = unsafe { slice(values.pSignalSemaphoreValues, values.signalSemaphoreValueCount) };
            let values_at = chain.dot("pSignalSemaphoreValues");
            for (i, (h, v)) in signals.iter().zip(list).enumerate() {
                skip |= self.signal_above(cx, "VUID-VkSubmitInfo-pSignalSemaphores-03242", *h, *v, &values_at.index(i));
            }
        }
        skip
    }

    /// A `VkSubmitInfo2` of vkQueueSubmit2: each timeline signal above what its semaphore
    /// reached, and above a wait on the same semaphore in the batch.
    pub(super) fn submit2_timeline(&self, cx: &Call<'_>, s: &VkSubmitInfo2, at: &Location<'_>) -> bool {
        // SAFETY: the submit info's counted arrays, as the application passed them.
        let (waits, signals) = unsafe {
            (
                slice(s.pWaitSemaphoreInfos, s.waitSemaphoreInfoCount),
                slice(s.pSignalSemaphoreInfos, s.signalSemaphoreInfoCount),
            )
        };
        let list = at.dot("pSignalSemaphoreInfos");
        let mut skip = false;
        for (i, signal) in signals.iter().enumerate() {
            if self.is_timeline(signal.semaphore) != Some(true) {
                continue;
            }
            let value_at = list.index(i);
            let value_at = value_at.dot("value");
            skip |=
                self.signal_above(cx, "VUID-VkSubmitInfo2-semaphore-03882", signal.semaphore, signal.value, &value_at);
            if let Some(wait) = waits.iter().find(|w| w.semaphore == signal.semaphore && w.value >= signal.value) {
                skip |= cx.error(
                    "VUID-VkSubmitInfo2-semaphore-03881",
                    &value_at,
                    format_args!(
                        "is {}, but the batch also waits for timeline semaphore {:#x} to reach {}: the signal must be \
                         greater than the wait.",
                        signal.value,
                        signal.semaphore.as_raw(),
                        wait.value
                    ),
                );
            }
        }
        skip
    }
}
