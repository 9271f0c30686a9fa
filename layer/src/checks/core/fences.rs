//! Fences: submitted only when unsignaled and not still waiting on an earlier submission, reset
//! and destroyed only once the application has seen that submission complete (a wait, a status
//! query, an idle wait, or a later fence or timeline value on the same queue).

use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::TYPES;

/// The fence rules of one submit command.
pub(super) struct FenceIds {
    pub unsignaled: &'static str,
    pub not_pending: &'static str,
}

pub(super) const SUBMIT_FENCE: FenceIds =
    FenceIds { unsignaled: "VUID-vkQueueSubmit-fence-00063", not_pending: "VUID-vkQueueSubmit-fence-00064" };

pub(super) const SUBMIT2_FENCE: FenceIds =
    FenceIds { unsignaled: "VUID-vkQueueSubmit2-fence-04894", not_pending: "VUID-vkQueueSubmit2-fence-04895" };

/// Why a pending fence may not be used yet.
const NOT_SEEN: &str = "no wait, status query or idle wait has shown that submission complete";

impl CoreChecks {
    /// The fence a submit signals.
    pub(super) fn submitted_fence(&self, cx: &Call<'_>, fence: VkFence, ids: &FenceIds) -> bool {
        let root = cx.location();
        self.signaled_fence(cx, fence, ids, &root.dot("fence"))
    }

    /// A fence a command signals (named at `at`): neither signaled nor still pending.
    pub(super) fn signaled_fence(&self, cx: &Call<'_>, fence: VkFence, ids: &FenceIds, at: &Location<'_>) -> bool {
        let Some(record) = self.get(TYPES.fence, fence.as_raw()) else { return false };
        let Some(state) = record.fence() else { return false };
        let h = fence.as_raw();
        if state.pending() {
            cx.error(
                ids.not_pending,
                at,
                format_args!("is {h:#x}, which an earlier submission still signals: {NOT_SEEN}."),
            )
        } else if state.signaled() {
            cx.error(
                ids.unsignaled,
                at,
                format_args!("is {h:#x}, which is signaled: reset it with vkResetFences first."),
            )
        } else {
            false
        }
    }

    /// vkResetFences: none still waiting on a submission.
    pub(super) fn reset_fences(&self, cx: &Call<'_>, count: u32, fences: *const VkFence) -> bool {
        let root = cx.location();
        let at = root.dot("pFences");
        let mut skip = false;
        // SAFETY: `count` fences, as the application passed them (stateless checked the array).
        for (i, f) in unsafe { slice(fences, count) }.iter().enumerate() {
            skip |= self.pending_fence(cx, *f, "VUID-vkResetFences-pFences-01123", &at.index(i));
        }
        skip
    }

    /// A fence still waiting on a submission, reported with `vuid` at `at`.
    pub(super) fn pending_fence(&self, cx: &Call<'_>, fence: VkFence, vuid: &'static str, at: &Location<'_>) -> bool {
        let Some(record) = self.get(TYPES.fence, fence.as_raw()) else { return false };
        if !record.fence().is_some_and(|f| f.pending()) {
            return false;
        }
        let h = fence.as_raw();
        cx.error(vuid, at, format_args!("is {h:#x}, which a submission still signals: {NOT_SEEN}."))
    }
}
