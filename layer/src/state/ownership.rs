//! Queues' families, and queue family ownership transfers between two families of the device.
//!
//! A queue records its family (index and `VkQueueFlags`) when retrieved. A recording keeps, in
//! order, each release (source family = its pool's) and acquire (destination family = its pool's)
//! its vkCmdPipelineBarrier(2) commands record for an exclusive buffer or image, with those of
//! the secondaries it executes; only barriers whose families differ cost anything. A submitted
//! release is kept on its buffer or image until a submitted acquire with the same parameters
//! consumes it, so the set stays bounded by the live resources (destroying one drops its
//! releases) and the distinct transfers each has outstanding.

use std::sync::{Arc, MutexGuard, PoisonError};

use super::images::ImageBarrier;
pub use super::records::Transfer;
use super::records::{ObjectRecord, ObjectState, QueueState};
use super::tracker::StateTracker;
pub use super::values::{QueueFamily, Range, Released, TransferKey};
use super::TYPES;
use crate::chassis::Call;

impl QueueState {
    /// Its family, once retrieved with one the device's facts know.
    pub fn family(&self) -> Option<QueueFamily> {
        self.family.get().copied()
    }

    /// Records the family it was retrieved from.
    pub(super) fn set_family(&self, family: QueueFamily) {
        let _ = self.family.set(family);
    }

    /// Whether it was retrieved as a protected-capable queue (`VK_DEVICE_QUEUE_CREATE_PROTECTED_BIT`).
    pub fn protected(&self) -> bool {
        self.protected.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Records that it was retrieved with `VK_DEVICE_QUEUE_CREATE_PROTECTED_BIT`.
    pub(super) fn set_protected(&self) {
        self.protected.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

impl ObjectRecord {
    /// The queue state, for a queue.
    pub fn queue(&self) -> Option<&QueueState> {
        match &self.state {
            ObjectState::Queue(q) => Some(q),
            _ => None,
        }
    }

    /// The releases submitted for it, for a buffer or an image.
    fn released(&self) -> Option<&Released> {
        match &self.state {
            ObjectState::Buffer(b) => Some(&b.released),
            ObjectState::Image(i) => Some(&i.released),
            _ => None,
        }
    }
}

impl Transfer {
    /// Whether `other` names the same resource and parameters.
    pub fn matches(&self, other: &Transfer) -> bool {
        Arc::ptr_eq(&self.resource, &other.resource) && self.key == other.key
    }

    /// Whether a release of it was submitted and not yet acquired.
    pub fn released(&self) -> bool {
        self.resource.released().is_some_and(|r| r.lock().contains(&self.key))
    }
}

impl Released {
    fn lock(&self) -> MutexGuard<'_, Vec<TransferKey>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Whether `family` is one of the device's `count` families (not `VK_QUEUE_FAMILY_IGNORED`,
/// `VK_QUEUE_FAMILY_EXTERNAL` or `VK_QUEUE_FAMILY_FOREIGN_EXT`).
fn device_family(family: u32, count: u32) -> bool {
    family < count
}

impl StateTracker {
    /// Records the family a queue was retrieved from, with its flags from the device's facts.
    pub(super) fn queue_family(&self, cx: &Call<'_>, queue: u64, index: u32) {
        let Some(flags) = cx.device().and_then(|d| d.queue_family_flags.get(index as usize).copied()) else { return };
        if let Some(q) = self.get(TYPES.queue, queue) {
            if let Some(state) = q.queue() {
                state.set_family(QueueFamily { index, flags });
            }
        }
    }

    /// Records the ownership transfers of a barrier command's buffer and image barriers in `cb`'s
    /// recording: `buffers` as (buffer, src, dst, offset, size).
    pub(super) fn ownership_transfers(
        &self,
        cx: &Call<'_>,
        cb: u64,
        buffers: impl Iterator<Item = (u64, u32, u32, u64, u64)> + Clone,
        images: impl Iterator<Item = ImageBarrier> + Clone,
    ) {
        // Only a barrier naming two queue families can transfer ownership, and most name none:
        // this costs a compare per barrier.
        if !buffers.clone().any(|b| b.1 != b.2) && !images.clone().any(|b| b.src_family != b.dst_family) {
            return;
        }
        let Some(families) = cx.device().map(|d| d.queue_family_count) else { return };
        let moves = |src: u32, dst: u32| src != dst && device_family(src, families) && device_family(dst, families);
        let buffers = buffers.filter(|b| moves(b.1, b.2)).map(|(h, src, dst, offset, size)| {
            (TYPES.buffer, h, TransferKey { src, dst, range: Range::Buffer { offset, size } })
        });
        let images = images.filter(|b| moves(b.src_family, b.dst_family)).map(|b| {
            let r = &b.range;
            let range = [r.aspectMask.0, r.baseMipLevel, r.levelCount, r.baseArrayLayer, r.layerCount];
            let key = TransferKey {
                src: b.src_family,
                dst: b.dst_family,
                range: Range::Image { range, old: b.old.0, new: b.new.0 },
            };
            (TYPES.image, b.image, key)
        });
        let mut found: Vec<(Arc<ObjectRecord>, TransferKey)> = Vec::new();
        for (ty, h, key) in buffers.chain(images) {
            // Only an exclusive resource transfers ownership; one not followed is left alone.
            let Some(resource) = self.get(ty, h) else { continue };
            let exclusive = match &resource.state {
                ObjectState::Buffer(b) => b.info.get().is_some_and(|i| i.exclusive),
                ObjectState::Image(i) => i.info.get().is_some_and(|i| i.exclusive),
                _ => false,
            };
            if exclusive {
                found.push((resource, key));
            }
        }
        if found.is_empty() {
            return;
        }
        let Some(record) = self.get(TYPES.command_buffer, cb) else { return };
        let Some(state) = record.command_buffer() else { return };
        let Some(mut r) = state.try_lock() else { return };
        let family = r.queue_family;
        for (resource, key) in found {
            // A release names the recording's family as its source, an acquire as its
            // destination; any other transfer is barriers.rs's error, not a transfer.
            let acquire = match (key.src == family, key.dst == family) {
                (true, _) => false,
                (false, true) => true,
                _ => continue,
            };
            r.transfers.push(Transfer { acquire, resource, key });
        }
    }

    /// A primary executes `secondaries`: their transfers become its own, in order.
    pub(super) fn executed_transfers(&self, cb: u64, secondaries: &[Arc<ObjectRecord>]) {
        let mut all = Vec::new();
        for s in secondaries {
            if let Some(state) = s.command_buffer() {
                all.extend(state.lock().transfers.iter().cloned());
            }
        }
        if all.is_empty() {
            return;
        }
        let Some(record) = self.get(TYPES.command_buffer, cb) else { return };
        let Some(state) = record.command_buffer() else { return };
        if let Some(mut r) = state.try_lock() {
            r.transfers.extend(all);
        };
    }

    /// The transfers of command buffers `cbs`, submitted in this order: releases are kept on
    /// their resources, acquires consume the release they match.
    pub(super) fn submitted_transfers(&self, cbs: impl Iterator<Item = u64>) {
        for cb in cbs {
            let Some(record) = self.get(TYPES.command_buffer, cb) else { continue };
            let Some(state) = record.command_buffer() else { continue };
            let transfers = {
                let r = state.lock();
                if r.transfers.is_empty() {
                    continue;
                }
                r.transfers.clone()
            };
            for t in transfers {
                let Some(released) = t.resource.released() else { continue };
                let mut list = released.lock();
                let at = list.iter().position(|k| *k == t.key);
                match (t.acquire, at) {
                    (true, Some(at)) => {
                        list.swap_remove(at);
                    }
                    (false, None) => list.push(t.key),
                    _ => {}
                }
            }
        }
    }
}
