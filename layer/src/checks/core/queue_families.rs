//! A submission against its queue's family: each command buffer allocated from a pool of that
//! family, semaphore wait (and vkQueueSubmit2's signal) stage masks the family supports, and
//! each queue family ownership acquire a command buffer records matching a release submitted
//! before it (earlier in the same call, or by an earlier call and not yet acquired); and
//! vkQueueBindSparse only on a family with sparse binding.

use vigil_generated::*;
use vigil_sync_tables::unsupported_stages;

use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::ownership::{QueueFamily, Range, Transfer};
use crate::state::TYPES;

/// One submit command's ids.
struct FamilyIds {
    /// A command buffer of another family's pool.
    pool: &'static str,
    /// A wait stage mask with stages the family does not support.
    wait: &'static str,
    /// A signal stage mask with such stages (vkQueueSubmit2).
    signal: Option<&'static str>,
    /// An acquire with no matching release submitted before it.
    acquire: &'static str,
}

const SUBMIT: FamilyIds = FamilyIds {
    pool: "VUID-vkQueueSubmit-pCommandBuffers-00074",
    wait: "VUID-vkQueueSubmit-pWaitDstStageMask-00066",
    signal: None,
    acquire: "VUID-vkQueueSubmit-pSubmits-02207",
};

const SUBMIT2: FamilyIds = FamilyIds {
    pool: "VUID-vkQueueSubmit2-commandBuffer-03878",
    wait: "VUID-vkQueueSubmit2-stageMask-03870",
    signal: Some("VUID-vkQueueSubmit2-stageMask-03869"),
    acquire: "VUID-vkQueueSubmit2-commandBuffer-03879",
};

/// The ownership transfers of one submit call so far: releases it submits that no acquire in
/// it consumed yet, and earlier releases its acquires consumed.
#[derive(Default)]
struct CallTransfers {
    released: Vec<Transfer>,
    acquired: Vec<Transfer>,
}

impl CallTransfers {
    /// Takes in `t`, submitted after everything before it in the call: false for an acquire
    /// that matches no release left to it.
    fn submitted(&mut self, t: &Transfer) -> bool {
        if !t.acquire {
            self.released.push(t.clone());
            return true;
        }
        if let Some(at) = self.released.iter().position(|r| r.matches(t)) {
            self.released.swap_remove(at);
            return true;
        }
        // A release submitted earlier is consumed by the first acquire that matches it.
        if self.acquired.iter().any(|a| a.matches(t)) || !t.released() {
            return false;
        }
        self.acquired.push(t.clone());
        true
    }
}

/// What an acquire names, for its message.
fn describe(t: &Transfer) -> String {
    let h = t.resource.key.handle;
    match t.key.range {
        Range::Buffer { offset, size } => format!("buffer {h:#x} (offset {offset}, size {size})"),
        Range::Image { range: [aspect, level, levels, layer, layers], old, new } => format!(
            "image {h:#x} (aspect mask {aspect:#x}, levels {level}+{levels}, layers {layer}+{layers}, layouts {old} to \
             {new})"
        ),
    }
}

impl CoreChecks {
    /// The family of `queue`, when known.
    fn queue_family_of(&self, queue: VkQueue) -> Option<QueueFamily> {
        self.get(TYPES.queue, queue.as_raw())?.queue()?.family()
    }

    /// Command buffer `cb` (at `at`) submitted to a queue of `family`: its pool's family, and
    /// its ownership acquires against the releases submitted before them.
    fn submitted_family(
        &self,
        cx: &Call<'_>,
        ids: &FamilyIds,
        family: Option<QueueFamily>,
        transfers: &mut CallTransfers,
        cb: u64,
        at: &Location<'_>,
    ) -> bool {
        let Some(record) = self.get(TYPES.command_buffer, cb) else { return false };
        let Some(state) = record.command_buffer() else { return false };
        let mut skip = false;
        // One lock: its pool's family, and its transfers (cloned only when it has some).
        let (pool, recorded) = {
            let r = state.lock();
            (r.queue_family, r.transfers.clone())
        };
        if let Some(family) = family.filter(|f| pool != VK_QUEUE_FAMILY_IGNORED && pool != f.index) {
            skip |= cx.error(
                ids.pool,
                at,
                format_args!(
                    "is {cb:#x}, allocated from a pool of queue family {pool}, but the queue belongs to queue family {}.",
                    family.index
                ),
            );
        }
        for t in recorded {
            if !transfers.submitted(&t) {
                skip |= cx.error(
                    ids.acquire,
                    at,
                    format_args!(
                        "is {cb:#x}, which acquires ownership of {} from queue family {} to queue family {}, but no \
                         release with the same parameters was submitted before it (or an earlier acquire consumed it).",
                        describe(&t),
                        t.key.src,
                        t.key.dst
                    ),
                );
            }
        }
        skip
    }

    /// A semaphore stage mask (at `at`) with stages the queue's family does not support.
    fn family_stages(
        cx: &Call<'_>,
        vuid: &'static str,
        family: Option<QueueFamily>,
        mask: u64,
        at: &Location<'_>,
    ) -> bool {
        let Some(family) = family else { return false };
        let unsupported = unsupported_stages(mask, family.flags);
        unsupported != 0
            && cx.error(
                vuid,
                at,
                format_args!(
                    "({mask:#x}) includes stages {unsupported:#x}, which the queue's family {} (queue flags {:#x}) does \
                     not support.",
                    family.index, family.flags
                ),
            )
    }

    /// vkQueueBindSparse on a queue whose family has no sparse binding. True to skip the call.
    pub(super) fn bind_sparse_queue_family(&self, cx: &Call<'_>, queue: VkQueue) -> bool {
        let Some(family) = self.queue_family_of(queue) else { return false };
        let sparse = VkQueueFlags::VK_QUEUE_SPARSE_BINDING_BIT.0;
        family.flags & sparse == 0
            && cx.error(
                "VUID-vkQueueBindSparse-queuetype",
                &cx.location().dot("queue"),
                format_args!(
                    "is {:#x}, of queue family {}, whose queue flags ({:#x}) lack VK_QUEUE_SPARSE_BINDING_BIT.",
                    queue.as_raw(),
                    family.index,
                    family.flags
                ),
            )
    }

    /// Runs `each` on every submit info of a call on `queue` (with its location), in order, with
    /// the queue's family and the call's transfers so far. True to skip the call.
    fn each_submit<S>(
        &self,
        cx: &Call<'_>,
        queue: VkQueue,
        submits: &[S],
        mut each: impl FnMut(Option<QueueFamily>, &mut CallTransfers, &S, &Location<'_>) -> bool,
    ) -> bool {
        let family = self.queue_family_of(queue);
        let mut transfers = CallTransfers::default();
        let root = cx.location();
        let list = root.dot("pSubmits");
        let mut skip = false;
        for (i, s) in submits.iter().enumerate() {
            skip |= each(family, &mut transfers, s, &list.index(i));
        }
        skip
    }

    /// vkQueueSubmit's rules about the queue's family. True to skip the call.
    pub(super) fn submit_queue_family(&self, cx: &Call<'_>, queue: VkQueue, submits: &[VkSubmitInfo]) -> bool {
        self.each_submit(cx, queue, submits, |family, transfers, s, submit| {
            let mut skip = false;
            let masks = submit.dot("pWaitDstStageMask");
            // SAFETY: the application's counted arrays (stateless checked them).
            for (j, mask) in unsafe { slice(s.pWaitDstStageMask, s.waitSemaphoreCount) }.iter().enumerate() {
                skip |= Self::family_stages(cx, SUBMIT.wait, family, u64::from(mask.0), &masks.index(j));
            }
            let at = submit.dot("pCommandBuffers");
            for (j, cb) in unsafe { slice(s.pCommandBuffers, s.commandBufferCount) }.iter().enumerate() {
                skip |= self.submitted_family(cx, &SUBMIT, family, transfers, cb.as_raw(), &at.index(j));
            }
            skip
        })
    }

    /// vkQueueSubmit2's rules about the queue's family. True to skip the call.
    pub(super) fn submit2_queue_family(&self, cx: &Call<'_>, queue: VkQueue, submits: &[VkSubmitInfo2]) -> bool {
        self.each_submit(cx, queue, submits, |family, transfers, s, submit| {
            let mut skip = false;
            // SAFETY: the application's counted arrays (stateless checked them).
            let (waits, signals) = unsafe {
                (
                    slice(s.pWaitSemaphoreInfos, s.waitSemaphoreInfoCount),
                    slice(s.pSignalSemaphoreInfos, s.signalSemaphoreInfoCount),
                )
            };
            let sides = [
                (Some(SUBMIT2.wait), "pWaitSemaphoreInfos", waits),
                (SUBMIT2.signal, "pSignalSemaphoreInfos", signals),
            ];
            for (vuid, member, infos) in sides {
                let Some(vuid) = vuid else { continue };
                let list = submit.dot(member);
                for (j, info) in infos.iter().enumerate() {
                    let at = list.index(j);
                    skip |= Self::family_stages(cx, vuid, family, info.stageMask.0, &at.dot("stageMask"));
                }
            }
            let at = submit.dot("pCommandBufferInfos");
            for (j, info) in unsafe { slice(s.pCommandBufferInfos, s.commandBufferInfoCount) }.iter().enumerate() {
                let at = at.index(j);
                let at = at.dot("commandBuffer");
                skip |= self.submitted_family(cx, &SUBMIT2, family, transfers, info.commandBuffer.as_raw(), &at);
            }
            skip
        })
    }
}
