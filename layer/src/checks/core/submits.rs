//! Submitting work: what vkQueueSubmit and vkQueueSubmit2 check, in the order the queue would
//! meet it (the fence; each submit's timeline values, wait stages, binary semaphore payloads and
//! command buffers with the layouts they expect). The rules themselves live with their objects
//! (`fences`, `semaphores`, `submit_stages`, `queue_families`, `command_buffers`, `layouts`).

use vigil_generated::*;

use super::command_buffers::{SUBMIT, SUBMIT2};
use super::fences::{SUBMIT2_FENCE, SUBMIT_FENCE};
use super::semaphores::{Payloads, SUBMIT2_SEMAPHORES, SUBMIT_SEMAPHORES};
use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::state::images::Overlay;

impl CoreChecks {
    /// vkQueueSubmit: the fence, the queue's family, and each submit's timeline values, wait
    /// stages, binary semaphore payloads (in order), command buffers and their layouts.
    pub(super) fn queue_submit(
        &self,
        cx: &Call<'_>,
        queue: VkQueue,
        count: u32,
        submits: *const VkSubmitInfo,
        fence: VkFence,
    ) -> bool {
        let mut skip = self.submitted_fence(cx, fence, &SUBMIT_FENCE);
        // SAFETY: as below.
        skip |= self.submit_queue_family(cx, queue, unsafe { slice(submits, count) });
        let root = cx.location();
        let mut layouts = Overlay::default();
        let mut payloads = Payloads::default();
        // SAFETY: `count` submit infos and their arrays, as the application passed them
        // (stateless checked the pointers and counts first).
        for (i, s) in unsafe { slice(submits, count) }.iter().enumerate() {
            let at = root.dot("pSubmits");
            let submit = at.index(i);
            skip |= self.submit_timeline(cx, s, &submit);
            skip |= Self::submit_wait_stages(cx, s, &submit);
            let waits = submit.dot("pWaitSemaphores");
            for (j, w) in unsafe { slice(s.pWaitSemaphores, s.waitSemaphoreCount) }.iter().enumerate() {
                skip |= self.binary_operation(cx, &mut payloads, (*w, false), &waits.index(j), &SUBMIT_SEMAPHORES);
            }
            let signals = submit.dot("pSignalSemaphores");
            for (j, w) in unsafe { slice(s.pSignalSemaphores, s.signalSemaphoreCount) }.iter().enumerate() {
                skip |= self.binary_operation(cx, &mut payloads, (*w, true), &signals.index(j), &SUBMIT_SEMAPHORES);
            }
            let at = submit.dot("pCommandBuffers");
            let cbs = unsafe { slice(s.pCommandBuffers, s.commandBufferCount) };
            for (j, cb) in cbs.iter().enumerate() {
                skip |= self.submitted(cx, &SUBMIT, cb.as_raw(), &at.index(j));
                skip |= self.submitted_layouts(cx, &mut layouts, cb.as_raw(), &at.index(j));
            }
            skip |= self.submitted_suspensions(cx, &SUBMIT, cbs.iter().map(|c| c.as_raw()), (&at, None));
        }
        skip
    }

    /// vkQueueSubmit2: as vkQueueSubmit, with synchronization2 enabled.
    pub(super) fn queue_submit2(
        &self,
        cx: &Call<'_>,
        queue: VkQueue,
        count: u32,
        submits: *const VkSubmitInfo2,
        fence: VkFence,
    ) -> bool {
        let mut skip = Self::submit2_enabled(cx) | self.submitted_fence(cx, fence, &SUBMIT2_FENCE);
        // SAFETY: as below.
        skip |= self.submit2_queue_family(cx, queue, unsafe { slice(submits, count) });
        let root = cx.location();
        let mut layouts = Overlay::default();
        let mut payloads = Payloads::default();
        // SAFETY: as for vkQueueSubmit.
        for (i, s) in unsafe { slice(submits, count) }.iter().enumerate() {
            let at = root.dot("pSubmits");
            let submit = at.index(i);
            skip |= self.submit2_timeline(cx, s, &submit);
            skip |= Self::submit2_semaphore_stages(cx, s, &submit);
            // SAFETY: the submit's arrays, as the application passed them.
            let (waits, signals) = unsafe {
                (
                    slice(s.pWaitSemaphoreInfos, s.waitSemaphoreInfoCount),
                    slice(s.pSignalSemaphoreInfos, s.signalSemaphoreInfoCount),
                )
            };
            for (member, infos, signal) in
                [("pWaitSemaphoreInfos", waits, false), ("pSignalSemaphoreInfos", signals, true)]
            {
                let list = submit.dot(member);
                for (j, w) in infos.iter().enumerate() {
                    let at = list.index(j);
                    let at = at.dot("semaphore");
                    skip |= self.binary_operation(cx, &mut payloads, (w.semaphore, signal), &at, &SUBMIT2_SEMAPHORES);
                }
            }
            let list = submit.dot("pCommandBufferInfos");
            let cbs = unsafe { slice(s.pCommandBufferInfos, s.commandBufferInfoCount) };
            for (j, cb) in cbs.iter().enumerate() {
                let at = list.index(j);
                let at = at.dot("commandBuffer");
                skip |= self.submitted(cx, &SUBMIT2, cb.commandBuffer.as_raw(), &at);
                skip |= self.submitted_layouts(cx, &mut layouts, cb.commandBuffer.as_raw(), &at);
            }
            let handles = cbs.iter().map(|c| c.commandBuffer.as_raw());
            skip |= self.submitted_suspensions(cx, &SUBMIT2, handles, (&list, Some("commandBuffer")));
        }
        skip
    }
}
