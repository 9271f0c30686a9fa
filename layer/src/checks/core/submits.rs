//! Submitting work: what vkQueueSubmit and vkQueueSubmit2 check, in the order the queue would
//! meet it (the fence; each submit's timeline values, wait stages, binary semaphore payloads and
//! command buffers with the layouts they expect). The rules themselves live with their objects
//! (`fences`, `semaphores`, `submit_stages`, `queue_families`, `command_buffers`, `layouts`).

use vigil_generated::*;

use super::command_buffers::{SUBMIT, SUBMIT2};
use super::fences::{SUBMIT2_FENCE, SUBMIT_FENCE};
use super::semaphores::{Payloads, SUBMIT2_SEMAPHORES, SUBMIT_SEMAPHORES};
use super::CoreChecks;
use crate::chassis::raw::{chained, slice};
use crate::chassis::Call;
use crate::report::Location;
use crate::state::images::Overlay;
use crate::state::TYPES;

/// The ids of a protected submission's rules: the queue must be protected-capable, each
/// command buffer protected.
struct ProtectedIds {
    queue: &'static str,
    command_buffers: &'static str,
    /// How the submit says it is protected, for messages.
    how: &'static str,
}

const SUBMIT_PROTECTED: ProtectedIds = ProtectedIds {
    queue: "VUID-vkQueueSubmit-queue-06448",
    command_buffers: "VUID-VkSubmitInfo-pNext-04148",
    how: "chains VkProtectedSubmitInfo with protectedSubmit VK_TRUE",
};

const SUBMIT2_PROTECTED: ProtectedIds = ProtectedIds {
    queue: "VUID-vkQueueSubmit2-queue-06447",
    command_buffers: "VUID-VkSubmitInfo2-flags-03886",
    how: "has VK_SUBMIT_PROTECTED_BIT in flags",
};

impl CoreChecks {
    /// A protected submission (`submit`, its command buffer list at `list`, each element's
    /// member `member`): to a queue retrieved with VK_DEVICE_QUEUE_CREATE_PROTECTED_BIT, of
    /// protected command buffers only (from pools created with VK_COMMAND_POOL_CREATE_PROTECTED_BIT).
    /// True to skip the call.
    fn protected_submit(
        &self,
        cx: &Call<'_>,
        queue: VkQueue,
        cbs: impl Iterator<Item = u64>,
        (submit, list, member): (&Location<'_>, &Location<'_>, Option<&'static str>),
        ids: &ProtectedIds,
    ) -> bool {
        let mut skip = false;
        let protected_queue = self.get(TYPES.queue, queue.as_raw()).and_then(|q| q.queue().map(|q| q.protected()));
        if protected_queue == Some(false) {
            skip |= cx.error(
                ids.queue,
                submit,
                format_args!(
                    "{}, but queue {:#x} was not retrieved with VK_DEVICE_QUEUE_CREATE_PROTECTED_BIT.",
                    ids.how,
                    queue.as_raw()
                ),
            );
        }
        for (j, cb) in cbs.enumerate() {
            let Some(record) = self.get(TYPES.command_buffer, cb) else { continue };
            let Some(pool) = record.parent.as_deref().and_then(|p| p.command_pool()) else { continue };
            if pool.protected() {
                continue;
            }
            let element = list.index(j);
            let at = match member {
                Some(m) => element.dot(m),
                None => element,
            };
            skip |= cx.error(
                ids.command_buffers,
                &at,
                format_args!(
                    "({cb:#x}) is not a protected command buffer (its pool was created without \
                     VK_COMMAND_POOL_CREATE_PROTECTED_BIT), but the submit {}.",
                    ids.how
                ),
            );
        }
        skip
    }

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
            // SAFETY: the submit's chain, as the application passed it.
            let protected = unsafe {
                chained::<VkProtectedSubmitInfo>(s.pNext, VkStructureType::VK_STRUCTURE_TYPE_PROTECTED_SUBMIT_INFO)
            }
            .is_some_and(|p| p.protectedSubmit != VK_FALSE);
            if protected {
                let handles = cbs.iter().map(|c| c.as_raw());
                skip |= self.protected_submit(cx, queue, handles, (&submit, &at, None), &SUBMIT_PROTECTED);
            }
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
            if s.flags.0 & VkSubmitFlags::VK_SUBMIT_PROTECTED_BIT.0 != 0 {
                let handles = cbs.iter().map(|c| c.commandBuffer.as_raw());
                let at = (&submit, &list, Some("commandBuffer"));
                skip |= self.protected_submit(cx, queue, handles, at, &SUBMIT2_PROTECTED);
            }
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
