//! What each thread holds: the uses its calls have begun, ended when they return. Uses of
//! objects a thread owns in practice (command buffers, pools, queues, fences, …) are counted in
//! the object table's records (`state::records::ObjectUse`): two atomic additions, no lock held
//! while the call runs. Reads of shared objects are published in the thread's slot (`readers`).

use std::cell::RefCell;
use std::sync::Arc;

use vigil_generated::threading::SHARED_READS;

use super::readers::{self, CAPACITY};
use crate::state::objects::Key;
use crate::state::ObjectRecord;

/// Held uses kept in place before spilling to the heap.
const INLINE: usize = 64;

/// What the calling thread is inside of: the counters its calls have begun, each call's behind a
/// frame marker, and the reads it has published. Calls nest (a callback calling Vulkan), so an
/// end releases back to its begin's marker.
///
/// Nothing here needs dropping: a thread-local with a destructor would keep the library mapped
/// after the loader unloads it. Entries are `Arc::into_raw` record addresses with the write flag
/// in bit 0; a marker has bit 1 set and the count of reads published before its call above; a
/// call naming more than `INLINE` counted objects spills to a heap list freed when it ends.
pub struct Held {
    len: usize,
    inline: [usize; INLINE],
    overflow: *mut Vec<usize>,
    /// The thread's slot: 0 before it asked for one, `u32::MAX` when none was free, else its
    /// index + 1.
    slot: u32,
    /// Reads published in the slot, with their keys and fingerprints (for the confirmation).
    published: usize,
    /// The thread's kernel id, 0 until asked.
    thread: u32,
    keys: [(Key, u64); CAPACITY],
}

/// Marks a frame: bit 1, which no record address has.
const MARKER: usize = 2;
/// Marks a use of a record borrowed for the call (bit 2): no strong reference to give back.
const BORROWED: usize = 4;
const _: () = assert!(align_of::<ObjectRecord>() > (1 | MARKER | BORROWED), "the flags must fit below a record");

impl Held {
    const fn new() -> Self {
        Held {
            len: 0,
            inline: [0; INLINE],
            overflow: std::ptr::null_mut(),
            slot: 0,
            published: 0,
            thread: 0,
            keys: [(Key { scope: 0, handle: 0, ty: 0 }, 0); CAPACITY],
        }
    }

    fn push(&mut self, v: usize) {
        if let Some(slot) = self.inline.get_mut(self.len) {
            *slot = v;
        } else {
            if self.overflow.is_null() {
                self.overflow = Box::into_raw(Box::default());
            }
            // SAFETY: `overflow` is a live box this thread owns.
            unsafe { (*self.overflow).push(v) };
        }
        self.len += 1;
    }

    fn pop(&mut self) -> Option<usize> {
        self.len = self.len.checked_sub(1)?;
        if let Some(v) = self.inline.get(self.len) {
            return Some(*v);
        }
        // SAFETY: more than INLINE entries were pushed, so the box exists.
        let v = unsafe { (*self.overflow).pop() };
        if self.len == INLINE {
            // SAFETY: made by `Box::into_raw` in `push`, now empty.
            drop(unsafe { Box::from_raw(self.overflow) });
            self.overflow = std::ptr::null_mut();
        }
        v
    }

    /// The thread's kernel id (what reports name).
    #[inline]
    pub fn thread(&mut self) -> u32 {
        if self.thread == 0 {
            self.thread = current_thread();
        }
        self.thread
    }

    /// Opens a call's frame.
    pub fn begin_frame(&mut self) {
        self.push(self.published << 2 | MARKER);
    }

    /// How many reads are published (where this call's begin).
    pub fn published(&self) -> usize {
        self.published
    }

    /// The thread's slot, claimed on first use.
    fn slot(&mut self) -> Option<&'static readers::Slot> {
        if self.slot == 0 {
            self.slot = readers::claim(current_thread()).map_or(u32::MAX, |i| i + 1);
        }
        (self.slot != u32::MAX).then(|| readers::slot(self.slot - 1))
    }

    /// Whether the thread has a slot (claiming one).
    #[cfg(test)]
    pub fn has_slot(&mut self) -> bool {
        self.slot().is_some()
    }

    /// Publishes a read of `k` by `command` (visible once [`Held::publish`] runs); false when
    /// the slot is full or there is none, and the read must be counted in the object.
    #[inline]
    pub fn read(&mut self, k: Key, command: u16) -> bool {
        let i = self.published;
        if i >= CAPACITY {
            return false;
        }
        let Some(slot) = self.slot() else { return false };
        let f = readers::fingerprint(&k);
        slot.write(i, f, command);
        self.keys[i] = (k, f);
        self.published = i + 1;
        true
    }

    /// Makes the reads from `from` on visible to writers, then gives `confirm` each one whose
    /// object some writer may be writing.
    pub fn publish(&mut self, from: usize, mut confirm: impl FnMut(Key)) {
        if self.published <= from {
            return;
        }
        let Some(slot) = self.slot() else { return };
        slot.publish(self.published);
        for (k, f) in &self.keys[from..self.published] {
            if readers::maybe_written(*f) {
                confirm(*k);
            }
        }
    }

    /// Keeps a begun use of the record at `u` until the call's end: `strong`, a reference made
    /// with `Arc::into_raw` that this now owns; else one borrowed for the call (alive until the
    /// thread's outermost call returns). A write of a shared object also raises its stripe until
    /// then, and returns another thread's published read of it as `(thread, command)`.
    pub fn hold(&mut self, u: *const ObjectRecord, strong: bool, write: bool) -> Option<(u32, u16)> {
        // SAFETY: alive until the call's end, as the caller says.
        let key = unsafe { (*u).key };
        let reader = if write && SHARED_READS.get(usize::from(key.ty)).is_some_and(|s| *s) {
            readers::begin_write(readers::fingerprint(&key), self.thread())
        } else {
            None
        };
        self.push(u as usize | usize::from(write) | if strong { 0 } else { BORROWED });
        reader
    }

    /// Ends every use of the innermost call.
    pub fn end_frame(&mut self) {
        while let Some(v) = self.pop() {
            if v & MARKER != 0 {
                let before = v >> 2;
                if before != self.published {
                    self.published = before;
                    if let Some(slot) = self.slot() {
                        slot.retract(before);
                    }
                }
                break;
            }
            // Records start a cache line, so the low bits are the flags.
            let p = (v & !(1 | BORROWED)) as *const ObjectRecord;
            // SAFETY: pushed by `hold`: alive until the call's end, which is now.
            let u = unsafe { &*p };
            let write = v & 1 != 0;
            u.uses.end(write);
            if write && SHARED_READS.get(usize::from(u.key.ty)).is_some_and(|s| *s) {
                readers::end_write(readers::fingerprint(&u.key));
            }
            if v & BORROWED == 0 {
                // SAFETY: `hold` took this strong reference from `Arc::into_raw`; given back once.
                drop(unsafe { Arc::from_raw(p) });
            }
        }
    }
}

thread_local! {
    /// The calling thread's held uses.
    pub static HELD: RefCell<Held> = const { RefCell::new(Held::new()) };
}

pub use crate::state::thread::current_thread;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::objects::Key;
    use crate::state::{ObjectRecord, Origin, Overlap};

    fn record(handle: u64) -> ObjectRecord {
        ObjectRecord::new(Key { scope: 7, handle, ty: 1 }, None, false, Origin::Created)
    }

    #[test]
    fn overlaps() {
        let u = record(0x10).uses;
        // Readers share; a writer meets them; a reader meets a writer.
        assert_eq!(u.begin(false, 1, 10), None);
        assert_eq!(u.begin(false, 2, 11), None);
        assert_eq!(u.begin(true, 3, 12), Some(Overlap { thread: 1, command: 10, other_writes: false }));
        u.end(true);
        u.end(false);
        u.end(false);
        // Sequential uses from two threads, and one thread's nested uses, do not overlap.
        assert_eq!(u.begin(true, 2, 11), None);
        u.end(true);
        assert_eq!(u.begin(true, 1, 10), None);
        assert_eq!(u.begin(false, 1, 13), None);
        assert_eq!(u.begin(false, 4, 14), Some(Overlap { thread: 1, command: 10, other_writes: true }));
        assert_eq!(u.begin(true, 5, 15), Some(Overlap { thread: 1, command: 10, other_writes: true }));
    }

    #[test]
    fn held_uses_nest_and_spill() {
        let u = Arc::new(record(0x40));
        let mut held = Held::new();
        held.begin_frame();
        for _ in 0..INLINE * 2 {
            assert_eq!(u.uses.begin(false, 1, 1), None);
            held.hold(Arc::into_raw(u.clone()), true, false);
        }
        held.begin_frame();
        assert_eq!(u.uses.begin(true, 1, 2), None);
        held.hold(Arc::into_raw(u.clone()), true, true);
        held.end_frame();
        assert_eq!(u.uses.begin(true, 2, 3).map(|o| o.other_writes), Some(false), "the outer reads are still held");
        u.uses.end(true);
        held.end_frame();
        assert!(held.overflow.is_null() && held.len == 0);
        assert_eq!(Arc::strong_count(&u), 1);
        assert_eq!(u.uses.begin(true, 2, 3), None);
    }
}
