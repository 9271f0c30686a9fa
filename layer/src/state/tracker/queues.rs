//! The tracker's helpers for queues: submissions (what each batch waits for and signals), what
//! executed secondaries bring, fences and binary semaphores signaled outside submissions, and
//! image layouts applied at submit.

use super::StateTracker;
use crate::chassis::raw::{chained, slice};
use crate::chassis::{Call, ValidationObject};
use crate::state::images::Overlay;
use crate::state::objects::{ObjectRecord, ObjectState, TYPES};
use crate::state::submissions::{self, Submission, Wait};
use std::sync::atomic::Ordering;
use std::sync::{Arc, PoisonError};
use vigil_generated::*;

impl StateTracker {
    pub(in crate::state) fn queue_retrieved(&self, h: u64) {
        let Some(q) = self.get(TYPES.queue, h) else { return };
        let mut queues = self.queues.lock().unwrap_or_else(PoisonError::into_inner);
        if !queues.iter().any(|x| Arc::ptr_eq(x, &q)) {
            queues.push(q);
        }
    }

    /// Queue `h` was retrieved with `VK_DEVICE_QUEUE_CREATE_PROTECTED_BIT`.
    pub(in crate::state) fn queue_protected(&self, h: u64) {
        if let Some(q) = self.get(TYPES.queue, h) {
            if let Some(state) = q.queue() {
                state.set_protected();
            }
        }
    }

    /// A wait on semaphore `s` (with `value` for a timeline one).
    pub(in crate::state) fn wait(&self, s: u64, value: u64) -> Option<Wait> {
        let sem = self.get(TYPES.semaphore, s)?;
        let state = sem.semaphore()?;
        if state.timeline() {
            Some(Wait::Timeline(sem.clone(), value))
        } else {
            state.consume_binary().map(Wait::Binary)
        }
    }

    /// The command buffers a submission executes: each one, and the secondaries it executes.
    pub(in crate::state) fn executed(&self, cb: u64, out: &mut Vec<Arc<ObjectRecord>>) {
        let Some(c) = self.get(TYPES.command_buffer, cb) else { return };
        if let Some(state) = c.command_buffer() {
            out.extend(state.lock().secondaries.iter().map(|(s, _)| s.clone()));
        }
        out.push(c);
    }

    /// One `VkSubmitInfo` as a submission (its sequence number assigned later).
    ///
    /// # Safety
    /// `s` must be a submit info the implementation accepted.
    pub(in crate::state) unsafe fn submit_info(&self, s: &VkSubmitInfo) -> Submission {
        let ty = VkStructureType::VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO;
        let values = unsafe { chained::<VkTimelineSemaphoreSubmitInfo>(s.pNext, ty) };
        let wait_values =
            values.map_or(&[][..], |v| unsafe { slice(v.pWaitSemaphoreValues, v.waitSemaphoreValueCount) });
        let signal_values =
            values.map_or(&[][..], |v| unsafe { slice(v.pSignalSemaphoreValues, v.signalSemaphoreValueCount) });
        let mut submission = Submission::default();
        for (i, w) in unsafe { slice(s.pWaitSemaphores, s.waitSemaphoreCount) }.iter().enumerate() {
            submission.waits.extend(self.wait(w.as_raw(), wait_values.get(i).copied().unwrap_or(0)));
        }
        for cb in unsafe { slice(s.pCommandBuffers, s.commandBufferCount) } {
            self.executed(cb.as_raw(), &mut submission.command_buffers);
        }
        for (i, sig) in unsafe { slice(s.pSignalSemaphores, s.signalSemaphoreCount) }.iter().enumerate() {
            if let Some(sem) = self.get(TYPES.semaphore, sig.as_raw()) {
                // In batch order, after this batch's waits consumed theirs.
                if let Some(state) = sem.semaphore() {
                    state.set_binary(true);
                }
                submission.signals.push((sem, signal_values.get(i).copied().unwrap_or(0)));
            }
        }
        submission
    }

    /// One `VkSubmitInfo2` as a submission.
    ///
    /// # Safety
    /// `s` must be a submit info the implementation accepted.
    pub(in crate::state) unsafe fn submit_info2(&self, s: &VkSubmitInfo2) -> Submission {
        let mut submission = Submission::default();
        for w in unsafe { slice(s.pWaitSemaphoreInfos, s.waitSemaphoreInfoCount) } {
            submission.waits.extend(self.wait(w.semaphore.as_raw(), w.value));
        }
        for cb in unsafe { slice(s.pCommandBufferInfos, s.commandBufferInfoCount) } {
            self.executed(cb.commandBuffer.as_raw(), &mut submission.command_buffers);
        }
        for sig in unsafe { slice(s.pSignalSemaphoreInfos, s.signalSemaphoreInfoCount) } {
            if let Some(sem) = self.get(TYPES.semaphore, sig.semaphore.as_raw()) {
                // In batch order, after this batch's waits consumed theirs.
                if let Some(state) = sem.semaphore() {
                    state.set_binary(true);
                }
                submission.signals.push((sem, sig.value));
            }
        }
        submission
    }

    /// `fence` was created signaled, or an acquired image will signal it.
    pub(in crate::state) fn fence_signaled(&self, fence: u64) {
        if let Some(state) = self.get(TYPES.fence, fence) {
            if let Some(f) = state.fence() {
                f.set_signaled();
            }
        }
    }

    /// A binary semaphore's payload changed outside a submission: signaled or not, or `None`
    /// for a change not followed (an import).
    pub(in crate::state) fn binary_payload(&self, semaphore: u64, signaled: Option<bool>) {
        let Some(s) = self.get(TYPES.semaphore, semaphore) else { return };
        let Some(state) = s.semaphore() else { return };
        match signaled {
            Some(signaled) => state.set_binary(signaled),
            None => state.set_unknown(),
        }
    }

    /// Records a successful submit of `batches` to `q`; the fence signals after the last one
    /// (or after a submission of its own when there is none).
    pub(in crate::state) fn submit(&self, q: &Arc<ObjectRecord>, batches: &mut Vec<Submission>, fence: VkFence) {
        let fence = self.get(TYPES.fence, fence.as_raw());
        if batches.is_empty() && fence.is_some() {
            batches.push(Submission::default());
        }
        let ObjectState::Queue(state) = &q.state else { return };
        let n = batches.len();
        for (i, mut b) in batches.drain(..).enumerate() {
            b.seq = state.next_seq();
            if i + 1 == n {
                b.fence = fence.clone();
            }
            let backlog = submissions::submit(q, b);
            self.peak.submissions.fetch_max(backlog.submissions, Ordering::Relaxed);
            self.peak.signals.fetch_max(backlog.signals, Ordering::Relaxed);
        }
    }

    /// Makes what the submitted command buffers (in order) leave image layouts in the images'
    /// global layouts.
    pub(in crate::state) fn apply_layouts(&self, cbs: impl Iterator<Item = u64>) {
        let mut overlay = Overlay::default();
        for cb in cbs {
            let Some(record) = self.get(TYPES.command_buffer, cb) else { continue };
            if let Some(c) = record.command_buffer() {
                overlay.execute(&c.lock().layouts, &mut |_| {});
            }
        }
        overlay.store();
    }

    /// vkGetDeviceQueue, after the call.
    pub(super) fn after_get_device_queue(&self, cx: &Call<'_>, family: u32, queue: *mut VkQueue) {
        self.post_record_call(cx, None);
        // SAFETY: the call wrote the queue.
        let queue = unsafe { queue.as_ref() }.map_or(0, |q| q.as_raw());
        self.queue_retrieved(queue);
        self.queue_family(cx, queue, family);
    }

    /// vkGetDeviceQueue2, after the call.
    pub(super) fn after_get_device_queue2(&self, cx: &Call<'_>, info: *const VkDeviceQueueInfo2, queue: *mut VkQueue) {
        self.post_record_call(cx, None);
        // SAFETY: the call wrote the queue, from the queue info it read.
        let queue = unsafe { queue.as_ref() }.map_or(0, |q| q.as_raw());
        self.queue_retrieved(queue);
        if let Some(info) = unsafe { info.as_ref() } {
            self.queue_family(cx, queue, info.queueFamilyIndex);
            if info.flags.0 & VkDeviceQueueCreateFlags::VK_DEVICE_QUEUE_CREATE_PROTECTED_BIT.0 != 0 {
                self.queue_protected(queue);
            }
        }
    }

    /// vkQueueSubmit, after the call.
    pub(super) fn after_queue_submit(
        &self,
        queue: VkQueue,
        count: u32,
        submits: *const VkSubmitInfo,
        fence: VkFence,
        result: VkResult,
    ) {
        let Some(q) = self.get(TYPES.queue, queue.as_raw()).filter(|_| result.0 >= 0) else { return };
        // SAFETY: the call succeeded: `count` valid submit infos.
        let submits = unsafe { slice(submits, count) };
        let primaries = submits.iter().flat_map(|s| unsafe { slice(s.pCommandBuffers, s.commandBufferCount) });
        self.apply_layouts(primaries.clone().map(|cb| cb.as_raw()));
        self.submitted_transfers(primaries.map(|cb| cb.as_raw()));
        let mut batches: Vec<Submission> = submits.iter().map(|s| unsafe { self.submit_info(s) }).collect();
        self.submit(&q, &mut batches, fence);
    }

    /// vkQueueSubmit2, after the call.
    pub(super) fn after_queue_submit2(
        &self,
        queue: VkQueue,
        count: u32,
        submits: *const VkSubmitInfo2,
        fence: VkFence,
        result: VkResult,
    ) {
        let Some(q) = self.get(TYPES.queue, queue.as_raw()).filter(|_| result.0 >= 0) else { return };
        // SAFETY: the call succeeded: `count` valid submit infos.
        let submits = unsafe { slice(submits, count) };
        let infos = submits.iter().flat_map(|s| unsafe { slice(s.pCommandBufferInfos, s.commandBufferInfoCount) });
        self.apply_layouts(infos.clone().map(|i| i.commandBuffer.as_raw()));
        self.submitted_transfers(infos.map(|i| i.commandBuffer.as_raw()));
        let mut batches: Vec<Submission> = submits.iter().map(|s| unsafe { self.submit_info2(s) }).collect();
        self.submit(&q, &mut batches, fence);
    }

    /// vkQueueWaitIdle, after the call.
    pub(super) fn after_queue_wait_idle(&self, queue: VkQueue, result: VkResult) {
        if let Some(q) = self.get(TYPES.queue, queue.as_raw()).filter(|_| result == VkResult::VK_SUCCESS) {
            submissions::queue_idle(&q);
        }
    }

    /// vkDeviceWaitIdle, after the call.
    pub(super) fn after_device_wait_idle(&self, result: VkResult) {
        if result == VkResult::VK_SUCCESS {
            let queues = self.queues.lock().unwrap_or_else(PoisonError::into_inner).clone();
            queues.iter().for_each(submissions::queue_idle);
        }
    }
}

impl StateTracker {
    /// What the tracker records after vkCreateSemaphore.
    pub(in crate::state) fn after_create_semaphore(
        &self,
        cx: &Call<'_>,
        info: *const VkSemaphoreCreateInfo,
        semaphore: *mut VkSemaphore,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: the create info and its chain were valid.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        let ty = VkStructureType::VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO;
        let type_info = unsafe { chained::<VkSemaphoreTypeCreateInfo>(info.pNext, ty) };
        let timeline = type_info.is_some_and(|t| t.semaphoreType == VkSemaphoreType::VK_SEMAPHORE_TYPE_TIMELINE);
        let export = VkStructureType::VK_STRUCTURE_TYPE_EXPORT_SEMAPHORE_CREATE_INFO;
        let exported = unsafe { chained::<VkExportSemaphoreCreateInfo>(info.pNext, export) }.is_some();
        if result.0 >= 0 && !semaphore.is_null() {
            let h = unsafe { semaphore.read() }.as_raw();
            if let Some(s) = self.get(TYPES.semaphore, h) {
                if let Some(s) = s.semaphore() {
                    if timeline {
                        s.set_timeline();
                        s.reached(type_info.map_or(0, |t| t.initialValue));
                    }
                    // Another process may signal or wait on it.
                    if exported {
                        s.set_unknown();
                    }
                }
            }
        }
    }

    /// What the tracker records after vkQueueBindSparse.
    pub(in crate::state) fn after_queue_bind_sparse(
        &self,
        queue: VkQueue,
        count: u32,
        infos: *const VkBindSparseInfo,
        fence: VkFence,
        result: VkResult,
    ) {
        // The fence is followed (its signal covers everything submitted before), and binary
        // semaphores' payloads.
        let Some(q) = self.get(TYPES.queue, queue.as_raw()).filter(|_| result.0 >= 0) else { return };
        // SAFETY: the call succeeded: `count` valid bind infos.
        for info in unsafe { slice(infos, count) } {
            for (list, n, signaled) in [
                (info.pWaitSemaphores, info.waitSemaphoreCount, false),
                (info.pSignalSemaphores, info.signalSemaphoreCount, true),
            ] {
                for s in unsafe { slice(list, n) } {
                    self.binary_payload(s.as_raw(), Some(signaled));
                }
            }
        }
        self.submit(&q, &mut Vec::new(), fence);
    }

    /// What the tracker records after vkWaitForFences.
    pub(in crate::state) fn after_wait_for_fences(
        &self,
        count: u32,
        fences: *const VkFence,
        wait_all: VkBool32,
        result: VkResult,
    ) {
        // Success with "any" of several fences does not say which one signaled.
        if result != VkResult::VK_SUCCESS || (wait_all == 0 && count > 1) {
            return;
        }
        // SAFETY: `count` fences, as the application passed them.
        for f in unsafe { slice(fences, count) } {
            if let Some(f) = self.get(TYPES.fence, f.as_raw()) {
                submissions::fence_observed(&f);
            }
        }
    }

    /// What the tracker records after vkResetFences.
    pub(in crate::state) fn after_reset_fences(&self, count: u32, fences: *const VkFence, result: VkResult) {
        if result.0 < 0 {
            return;
        }
        // SAFETY: `count` fences, as the application passed them.
        for f in unsafe { slice(fences, count) } {
            if let Some(f) = self.get(TYPES.fence, f.as_raw()) {
                submissions::fence_reset(&f);
            }
        }
    }

    /// What the tracker records after vkWaitSemaphores.
    pub(in crate::state) fn after_wait_semaphores(&self, info: *const VkSemaphoreWaitInfo, result: VkResult) {
        // SAFETY: the call succeeded with this wait info.
        let Some(info) = (unsafe { info.as_ref() }).filter(|_| result == VkResult::VK_SUCCESS) else { return };
        let any = info.flags.0 & VkSemaphoreWaitFlags::VK_SEMAPHORE_WAIT_ANY_BIT.0 != 0;
        if any && info.semaphoreCount > 1 {
            return;
        }
        let (semaphores, values) =
            unsafe { (slice(info.pSemaphores, info.semaphoreCount), slice(info.pValues, info.semaphoreCount)) };
        for (s, v) in semaphores.iter().zip(values) {
            if let Some(s) = self.get(TYPES.semaphore, s.as_raw()) {
                submissions::timeline_observed(&s, *v);
            }
        }
    }

    /// What the tracker records after vkAcquireNextImageKHR.
    pub(in crate::state) fn after_acquire_next_image_khr(
        &self,
        swapchain: VkSwapchainKHR,
        semaphore: VkSemaphore,
        fence: VkFence,
        index: *mut u32,
        result: VkResult,
    ) {
        // SAFETY: on success the driver wrote the index.
        self.image_acquired(swapchain.as_raw(), result, unsafe { index.as_ref() });
        if result.0 >= 0 {
            if let Some(s) = self.get(TYPES.semaphore, semaphore.as_raw()) {
                if let Some(s) = s.semaphore() {
                    s.signaled_without_submission();
                }
            }
            self.fence_signaled(fence.as_raw());
        }
    }

    /// What the tracker records after vkQueuePresentKHR.
    pub(in crate::state) fn after_queue_present_khr(&self, info: *const VkPresentInfoKHR, result: VkResult) {
        // Presenting consumes the binary signals it waits for, whatever it returns.
        // SAFETY: the present info the application passed.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        // SAFETY: as above.
        unsafe { self.images_presented(info, result) };
        for s in unsafe { slice(info.pWaitSemaphores, info.waitSemaphoreCount) } {
            if let Some(s) = self.get(TYPES.semaphore, s.as_raw()) {
                if let Some(s) = s.semaphore() {
                    s.consume_binary();
                }
            }
        }
    }
}
