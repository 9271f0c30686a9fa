//! Queue submissions, and when Vigil may consider them complete.
//!
//! Each queue keeps its submissions in order, each with a sequence number, the command buffers
//! it executes, the fence and semaphores it signals and what it waits for. A submission retires
//! when the application observes its completion: a fence it (or a later submission on its queue)
//! signals is waited for or found signaled, the queue or device is waited idle, or a timeline
//! value it signals is waited for or read back. Retirement is transitive: a completed submission
//! retires everything earlier on its queue and every signal it waited on. The layer never waits
//! on its own, and nothing accumulates while the application observes completion.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

pub use super::records::{FenceState, QueueState, SemaphoreState, Submission, SubmissionRef, Wait};
use super::records::{ObjectRecord, ObjectState};

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl QueueState {
    /// The sequence number of the next submission.
    pub fn next_seq(&self) -> u64 {
        self.next_seq.fetch_add(1, Ordering::Relaxed) + 1
    }
}

impl SemaphoreState {
    /// Records that it was created as a timeline semaphore.
    pub fn set_timeline(&self) {
        self.timeline.store(true, Ordering::Relaxed);
    }

    /// Whether it is a timeline semaphore.
    pub fn timeline(&self) -> bool {
        self.timeline.load(Ordering::Relaxed)
    }

    /// A binary wait: the signal it consumes, if a submission made it.
    pub fn consume_binary(&self) -> Option<SubmissionRef> {
        self.set_binary(false);
        lock(&self.signals).pop().map(|(_, at)| at)
    }

    /// Signaled outside a submission (an acquired swapchain image, a host signal): no
    /// submission to retire through it.
    pub fn signaled_without_submission(&self) {
        if !self.timeline() {
            self.set_binary(true);
            lock(&self.signals).clear();
        }
    }

    /// A binary semaphore's payload, as submitted so far: signaled (or to be), or not; `None`
    /// for a timeline semaphore, or when something Vigil does not follow may have changed it
    /// (an import, another process through an export).
    pub fn binary_signaled(&self) -> Option<bool> {
        if self.timeline() {
            return None;
        }
        match self.binary.load(Ordering::Acquire) {
            BINARY_UNSIGNALED => Some(false),
            BINARY_SIGNALED => Some(true),
            _ => None,
        }
    }

    /// A submitted (or acquired) signal or wait of a binary semaphore.
    pub fn set_binary(&self, signaled: bool) {
        let new = if signaled { BINARY_SIGNALED } else { BINARY_UNSIGNALED };
        let _ = self.binary.fetch_update(Ordering::AcqRel, Ordering::Acquire, |b| (b != BINARY_UNKNOWN).then_some(new));
    }

    /// Its payload can change in ways Vigil does not follow: never checked again.
    pub fn set_unknown(&self) {
        self.binary.store(BINARY_UNKNOWN, Ordering::Release);
    }

    /// Whether Vigil follows its payload (it was neither imported nor exported).
    pub fn followed(&self) -> bool {
        self.binary.load(Ordering::Acquire) != BINARY_UNKNOWN
    }
}

/// [`SemaphoreState::binary`]: unsignaled (the initial payload).
const BINARY_UNSIGNALED: u8 = 0;
/// Signaled, or a submitted signal will signal it.
const BINARY_SIGNALED: u8 = 1;
/// Not followed.
const BINARY_UNKNOWN: u8 = 2;

/// The queue of `r`, if it is one.
fn queue(r: &ObjectRecord) -> Option<&QueueState> {
    match &r.state {
        ObjectState::Queue(q) => Some(q),
        _ => None,
    }
}

fn fence(r: &ObjectRecord) -> Option<&FenceState> {
    match &r.state {
        ObjectState::Fence(f) => Some(f),
        _ => None,
    }
}

fn semaphore(r: &ObjectRecord) -> Option<&SemaphoreState> {
    match &r.state {
        ObjectState::Semaphore(s) => Some(s),
        _ => None,
    }
}

/// What awaits completion right after a submit: the submissions on its queue, and the most
/// outstanding signals on one semaphore it signals. What the application observes retires them,
/// so both stay small; they grow only while it never looks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Backlog {
    pub submissions: usize,
    pub signals: usize,
}

/// Records a submission made on `queue_record` (the call succeeded).
pub fn submit(queue_record: &Arc<ObjectRecord>, mut submission: Submission) -> Backlog {
    let Some(q) = queue(queue_record) else { return Backlog::default() };
    let mut backlog = Backlog::default();
    let at = || (queue_record.clone(), submission.seq);
    for cb in &submission.command_buffers {
        if let ObjectState::CommandBuffer(c) = &cb.state {
            c.submitted(&mut submission.in_use);
        }
    }
    if let Some(f) = submission.fence.as_deref().and_then(fence) {
        *lock(&f.signaled_by) = Some(at());
        f.signaled.store(true, Ordering::Release);
    }
    for (s, value) in &submission.signals {
        if let Some(state) = semaphore(s) {
            let mut signals = lock(&state.signals);
            if !state.timeline() {
                signals.clear();
            }
            signals.push((*value, at()));
            backlog.signals = backlog.signals.max(signals.len());
        }
    }
    let mut list = lock(&q.submissions);
    list.push_back(submission);
    backlog.submissions = list.len();
    backlog
}

/// The application observed that `fence` signaled: its submission (and so everything before
/// it on its queue) completed.
pub fn fence_observed(fence_record: &ObjectRecord) {
    let Some(f) = fence(fence_record) else { return };
    let by = lock(&f.signaled_by).take();
    if let Some((q, seq)) = by {
        retire(vec![(q, seq)]);
    }
}

/// The fence was reset: it no longer stands for a submission.
pub fn fence_reset(fence_record: &ObjectRecord) {
    if let Some(f) = fence(fence_record) {
        *lock(&f.signaled_by) = None;
        f.signaled.store(false, Ordering::Release);
    }
}

impl FenceState {
    /// It was created signaled, or an acquired image signals it.
    pub fn set_signaled(&self) {
        self.signaled.store(true, Ordering::Release);
    }

    /// A submission that signals it has not been seen to complete.
    pub fn pending(&self) -> bool {
        lock(&self.signaled_by).is_some()
    }

    /// It is signaled, or will be, and was not reset since.
    pub fn signaled(&self) -> bool {
        self.signaled.load(Ordering::Acquire)
    }
}

/// The application observed that timeline `semaphore` reached `value`.
pub fn timeline_observed(semaphore_record: &ObjectRecord, value: u64) {
    let Some(s) = semaphore(semaphore_record) else { return };
    s.reached(value);
    let done: Vec<SubmissionRef> =
        lock(&s.signals).iter().filter(|(v, _)| *v <= value).map(|(_, at)| at.clone()).collect();
    retire(done);
}

/// Every submission on `queue_record` completed (vkQueueWaitIdle, vkDeviceWaitIdle).
pub fn queue_idle(queue_record: &Arc<ObjectRecord>) {
    retire(vec![(queue_record.clone(), u64::MAX)]);
}

/// Retires, transitively, every submission up to each `(queue, seq)`.
///
/// A submission's effects (command buffers no longer pending, its fence and signals consumed)
/// are applied under its queue's lock: a thread that observes a fence another thread's wait
/// already retired finds the work done, not half done.
pub fn retire(mut work: Vec<SubmissionRef>) {
    while let Some((queue_record, upto)) = work.pop() {
        let Some(q) = queue(&queue_record) else { continue };
        let mut list = lock(&q.submissions);
        let n = list.iter().take_while(|s| s.seq <= upto).count();
        for mut s in list.drain(..n) {
            // What it used is released before its fence and signals are cleared: a thread that
            // finds them cleared (another thread's wait retired this submission) and goes on to
            // destroy what it used must not find it still in use.
            s.release();
            for cb in &s.command_buffers {
                if let ObjectState::CommandBuffer(c) = &cb.state {
                    c.completed();
                }
            }
            if let Some(f) = s.fence.as_deref().and_then(fence) {
                let mut by = lock(&f.signaled_by);
                if by.as_ref().is_some_and(|(fq, seq)| Arc::ptr_eq(fq, &queue_record) && *seq == s.seq) {
                    *by = None;
                }
            }
            for (sem, _) in &s.signals {
                if let Some(state) = semaphore(sem) {
                    lock(&state.signals).retain(|(_, (sq, seq))| !(Arc::ptr_eq(sq, &queue_record) && *seq == s.seq));
                }
            }
            for w in std::mem::take(&mut s.waits) {
                match w {
                    Wait::Binary(at) => work.push(at),
                    Wait::Timeline(sem, value) => {
                        if let Some(state) = semaphore(&sem) {
                            let signals = lock(&state.signals);
                            work.extend(signals.iter().filter(|(v, _)| *v <= value).map(|(_, at)| at.clone()));
                        }
                    }
                }
            }
        }
    }
}

/// A record left the table: what it holds of submissions goes, so that no cycle of records
/// outlives the objects.
#[inline(always)]
pub fn forget(r: &ObjectRecord) {
    // Tested in line: every destroy comes here, and few end a queue, fence or semaphore.
    if matches!(r.state, ObjectState::Queue(_) | ObjectState::Fence(_) | ObjectState::Semaphore(_)) {
        forget_held(r);
    }
}

/// [`forget`] of a queue, fence or semaphore.
#[inline(never)]
fn forget_held(r: &ObjectRecord) {
    match &r.state {
        ObjectState::Queue(q) => lock(&q.submissions).clear(),
        ObjectState::Fence(f) => *lock(&f.signaled_by) = None,
        ObjectState::Semaphore(s) => lock(&s.signals).clear(),
        _ => {}
    }
}
