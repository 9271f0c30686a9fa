//! Reads of shared objects (`SHARED_READS`: pipelines, layouts, descriptor sets, buffers, the
//! device, …), published in the reading thread's own slot instead of counted in the object.
//!
//! Every recording thread reads the same few shared objects on almost every call; a counter in
//! the object would be written by all of them, and its cache line would travel between cores
//! on each call (Vigil's time per frame grew 4.3× from one to eight threads on the GPU machine
//! with thread safety alone). Here a reader writes only its own slot, and a writer, which is
//! rare for these objects (destroys, descriptor updates, sparse binds), does the extra work:
//! it raises the object's writer stripe and scans every slot.
//!
//! The two sides meet like Dekker's: a reader publishes, then (after a full barrier) looks at
//! the stripe; a writer raises the stripe, then (after a full barrier) scans the slots. Of two
//! overlapping uses at least one sees the other. Stripes are shared by many objects: a raised
//! stripe only sends the reader to the object's own counters to confirm.

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicUsize, Ordering};

use crate::state::ObjectRecord;

/// Reads one thread publishes at once; a call naming more counts the rest in their objects.
pub const CAPACITY: usize = 48;
/// Slots, one per thread slot of `state::thread` (same index).
pub const SLOT_COUNT: usize = 256;
/// Writer stripes (a power of two).
const STRIPE_COUNT: usize = 1024;

/// One thread's published reads. Aligned so that no two threads' slots share a cache line.
#[repr(align(128))]
pub struct Slot {
    /// The owning thread (its kernel id); 0 while free.
    owner: AtomicU32,
    /// How many entries are published.
    len: AtomicUsize,
    /// Fingerprints of the objects read.
    entries: [AtomicU64; CAPACITY],
    /// The command of each read, for the report (may lag its entry by a call: cosmetic).
    commands: [AtomicU16; CAPACITY],
}

impl Slot {
    const fn new() -> Self {
        Slot {
            owner: AtomicU32::new(0),
            len: AtomicUsize::new(0),
            entries: [const { AtomicU64::new(0) }; CAPACITY],
            commands: [const { AtomicU16::new(0) }; CAPACITY],
        }
    }

    /// Writes entry `i` (not yet visible to writers: see [`Slot::publish`]).
    #[inline]
    pub fn write(&self, i: usize, fingerprint: u64, command: u16) {
        self.entries[i].store(fingerprint, Ordering::Relaxed);
        self.commands[i].store(command, Ordering::Relaxed);
    }

    /// Makes the first `len` entries visible, with the full barrier that orders them before the
    /// reader's look at the stripes.
    #[inline]
    pub fn publish(&self, len: usize) {
        self.len.swap(len, Ordering::SeqCst);
    }

    /// Withdraws the entries from `len` on (their calls returned).
    #[inline]
    pub fn retract(&self, len: usize) {
        self.len.store(len, Ordering::Release);
    }
}

static SLOTS: [Slot; SLOT_COUNT] = [const { Slot::new() }; SLOT_COUNT];
/// Writers in progress per stripe.
static STRIPES: [AtomicU32; STRIPE_COUNT] = [const { AtomicU32::new(0) }; STRIPE_COUNT];

/// The slot at `index`.
#[inline]
pub fn slot(index: u32) -> &'static Slot {
    &SLOTS[index as usize % SLOT_COUNT]
}

/// Slot `index` now belongs to thread `thread` (the thread slot of the same index does,
/// `state::thread`), with nothing published.
pub fn own(index: u32, thread: u32) {
    let s = slot(index);
    s.retract(0);
    s.owner.store(thread, Ordering::Release);
}

/// What a slot entry holds for a read of the object whose record is at `r`: its address. One
/// object has one record while it lives, and a reader holds the record it published until its
/// call returns, so no other object's record can have the address meanwhile.
#[inline(always)]
pub fn fingerprint(r: *const ObjectRecord) -> u64 {
    r as u64
}

/// The writer stripe of a fingerprint: records are allocations hundreds of bytes long, so the
/// address's lowest bits say little.
fn stripe(fingerprint: u64) -> &'static AtomicU32 {
    &STRIPES[((fingerprint >> 6) ^ (fingerprint >> 16)) as usize & (STRIPE_COUNT - 1)]
}

/// Whether some writer may be writing the object (its stripe is raised); the object's own
/// counters confirm. Call after [`Slot::publish`].
#[inline]
pub fn maybe_written(fingerprint: u64) -> bool {
    stripe(fingerprint).load(Ordering::SeqCst) != 0
}

/// A write of the object begins: raises its stripe (a full barrier), and returns another
/// thread's published read of it, if any, as `(thread, command)`; `claimed`: how many slots
/// (the first ones) threads were given.
pub fn begin_write(fingerprint: u64, me: u32, claimed: usize) -> Option<(u32, u16)> {
    stripe(fingerprint).fetch_add(1, Ordering::SeqCst);
    let claimed = claimed.min(SLOT_COUNT);
    for s in &SLOTS[..claimed] {
        let len = s.len.load(Ordering::SeqCst).min(CAPACITY);
        if len == 0 {
            continue;
        }
        let owner = s.owner.load(Ordering::Relaxed);
        if owner == me {
            continue;
        }
        if let Some(i) = s.entries[..len].iter().position(|e| e.load(Ordering::Relaxed) == fingerprint) {
            return Some((owner, s.commands[i].load(Ordering::Relaxed)));
        }
    }
    None
}

/// The write begun with [`begin_write`] ended.
#[inline]
pub fn end_write(fingerprint: u64) {
    stripe(fingerprint).fetch_sub(1, Ordering::Release);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_writer_finds_a_published_read_and_a_reader_sees_the_stripe() {
        // This thread's own slot: no other test's thread can take it over while it lives.
        let entered = crate::state::thread::enter().expect("a slot");
        let reader = entered.index();
        own(reader, 0x7fff_0001);
        let f = 0x7e57_5000;
        slot(reader).write(0, f, 7);
        slot(reader).publish(1);
        assert_eq!(begin_write(f, 0x7fff_0002, SLOT_COUNT), Some((0x7fff_0001, 7)));
        assert!(maybe_written(f));
        // The writer's own reads are not another thread's.
        assert_eq!(begin_write(f, 0x7fff_0001, SLOT_COUNT), None);
        end_write(f);
        end_write(f);
        slot(reader).retract(0);
        assert_eq!(begin_write(f, 0x7fff_0002, SLOT_COUNT), None, "withdrawn");
        end_write(f);
        own(reader, entered.thread());
    }
}
