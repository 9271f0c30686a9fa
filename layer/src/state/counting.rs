//! Thread safety's counting of a call's uses, kept with the calling thread's state.
//!
//! Thread safety (`checks::thread_safety`) decides what a call uses and reports what overlaps;
//! the counting itself is here, beside the walk that finds the call's handles, so that it can
//! happen in that walk: for a command whose handle sites are known when the intercept is
//! compiled (`resolve::resolve_at`), each handle's use begins as soon as its record is found,
//! with its type's and its site's facts folded into the code. A second pass over the found
//! handles, in thread safety's own hook, cost every draw call about a hundred instructions.
//! The walk counts what it can (`thread::Fused`, kept in the call's `Entered`): the first
//! handle it cannot (one the table does not hold, a `maybe` use, a value two live objects
//! share, one found through a pNext chain) leaves that one and the rest to thread safety's
//! hook, which also reports what overlapped.

use vigil_generated::objects::{MAYBE, NOAUTO, WRITE};
use vigil_generated::threading::{COUNTED, THREAD_COMMANDS};

use super::objects::ObjectRecord;
pub use super::thread::{type_flags, type_flags_of, Found, Overlaps, NOT_FUSED, SHARED_TYPE, SYNCED_TYPE};
use super::thread::{Entered, POOLED_TYPE};
use crate::chassis::handles::{DESTROYED, PARAM};

/// A command thread safety does not count ([`PLANS`]).
pub const UNCOUNTED: u8 = 0;
/// A command whose uses the handles the state tracker found can count.
pub const FOUND: u8 = 1;
/// A command that also writes typed handles or the device's queues: always a walk.
pub const WALKED: u8 = 2;

/// How thread safety counts `COMMANDS[c]` (`UNCOUNTED`, `FOUND`, `WALKED`), from the generated
/// `COUNTED` and `THREAD_COMMANDS`.
pub const fn plan_of(c: usize) -> u8 {
    if c >= COUNTED.len() || !COUNTED[c] {
        return UNCOUNTED;
    }
    let plan = &THREAD_COMMANDS[c];
    if plan.typed.is_empty() && !plan.device_queues {
        FOUND
    } else {
        WALKED
    }
}

/// [`plan_of`] every command: one load decides a call's way.
pub static PLANS: [u8; COUNTED.len()] = {
    let mut out = [UNCOUNTED; COUNTED.len()];
    let mut c = 0;
    while c < out.len() {
        out[c] = plan_of(c);
        c += 1;
    }
    out
};

/// The walk's counting of one call: the calling thread's id and the command.
#[derive(Clone, Copy)]
pub struct Counting {
    pub thread: u32,
    pub command: u16,
    /// Where the call's published reads begin.
    from: usize,
}

/// Begins the walk's counting of a call of `command` (for which [`plan_of`] is [`FOUND`]).
#[inline(always)]
pub fn start(entered: &Entered, command: u16) -> Counting {
    entered.fused().start();
    Counting { thread: entered.thread(), command, from: entered.published() }
}

/// The walk found handle number `index` of the call (of type `ty`, at a site with `flags`, as
/// `Named` has them; `record`: its record): begins its use, unless an earlier one was left to
/// thread safety's hook or this one must be (then the hook counts from it on).
#[inline(always)]
pub fn count_site(
    entered: &Entered,
    counting: Counting,
    (ty, flags): (u16, u8),
    record: Option<&ObjectRecord>,
    index: usize,
) {
    let fused = entered.fused();
    if usize::from(fused.to()) != index {
        return;
    }
    let f = type_flags_of(ty);
    // A parameter left to prose is not counted (as thread safety's walk skips it).
    if flags & (PARAM | NOAUTO) == PARAM | NOAUTO || f & SYNCED_TYPE == 0 {
        fused.counted(index);
        return;
    }
    let r = match record {
        Some(r) if flags & MAYBE == 0 && !r.aliased() => r,
        _ => return,
    };
    let write = flags & (WRITE | DESTROYED) != 0;
    // A shared object's read touches only this thread's slot.
    if write || f & SHARED_TYPE == 0 || !entered.read_shared(r, counting.command) {
        fused.with_overlaps(|overlaps| {
            begin_counted(entered, (counting.thread, counting.command), r, (write, f), overlaps)
        });
    }
    fused.counted(index);
}

/// The walk is over: the reads it published become visible.
#[inline(always)]
pub fn finish(entered: &Entered, counting: Counting) {
    entered.fused().with_overlaps(|overlaps| publish(entered, counting.thread, counting.from, overlaps));
}

/// Begins a use of `r` (with `flags`, its type's [`type_flags`]) by `thread` in `command`, and
/// of its pool for a written command buffer, held until the call returns; keeps what overlaps
/// in `overlaps`.
#[inline(always)]
pub fn begin_counted(
    entered: &Entered,
    (thread, command): (u32, u16),
    r: &ObjectRecord,
    (write, flags): (bool, u8),
    overlaps: &mut Overlaps,
) {
    if write && flags & POOLED_TYPE != 0 {
        if let Some(pool) = r.parent.as_deref() {
            // The pool lives as long as its command buffer's record (and neither is ever a
            // shared read: a unit test holds the tables to that).
            return entered.begin_pooled_write(r, pool, (thread, command), overlaps);
        }
    }
    if let Some(overlap) = entered.begin_use_by(r, (write, flags), thread, command) {
        overlaps.found(r, write, overlap);
    }
}

/// Makes the call's published reads (from `from` on) visible, and keeps an overlap for each
/// whose object another thread is writing.
#[inline(always)]
pub fn publish(entered: &Entered, thread: u32, from: usize, overlaps: &mut Overlaps) {
    entered.publish(from, |u| {
        if u.aliased() {
            return;
        }
        if let Some(overlap) = u.uses.written(thread) {
            overlaps.found(u, false, overlap);
        }
    });
}
