//! What each thread holds: the uses its calls have begun, ended when they return. The
//! counters themselves are the object table's (`state::objects::ObjectUse`), one per record;
//! counting is two atomic additions, and no lock is held while the call runs.

use std::cell::RefCell;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use crate::state::ObjectRecord;

/// Held uses kept in place before spilling to the heap.
const INLINE: usize = 64;

/// What the calling thread is inside of: the counters its calls have begun, each call's behind a
/// frame marker (0). Calls nest (a callback calling Vulkan), so an end releases back to its
/// begin's marker.
///
/// Nothing here needs dropping: a thread-local with a destructor would keep the library mapped
/// after the loader unloads it. Entries are `Arc::into_raw` record addresses with the write flag
/// in bit 0; a call naming more than `INLINE` counted objects spills to a heap list freed when it ends.
pub struct Held {
    len: usize,
    inline: [usize; INLINE],
    overflow: *mut Vec<usize>,
}

impl Held {
    const fn new() -> Self {
        Held { len: 0, inline: [0; INLINE], overflow: std::ptr::null_mut() }
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

    /// Opens a call's frame.
    pub fn begin_frame(&mut self) {
        self.push(0);
    }

    /// Keeps a begun use until the call's end.
    pub fn hold(&mut self, u: Arc<ObjectRecord>, write: bool) {
        self.push(Arc::into_raw(u) as usize | usize::from(write));
    }

    /// Ends every use of the innermost call.
    pub fn end_frame(&mut self) {
        while let Some(v) = self.pop() {
            if v == 0 {
                break;
            }
            // SAFETY: pushed by `hold` from `Arc::into_raw` (ObjectRecord is 8-aligned, so bit 0
            // is the flag), and taken back once.
            let u = unsafe { Arc::from_raw((v & !1) as *const ObjectRecord) };
            u.uses.end(v & 1 != 0);
        }
    }
}

thread_local! {
    /// The calling thread's held uses.
    pub static HELD: RefCell<Held> = const { RefCell::new(Held::new()) };
    static THREAD: u32 = os_thread_id();
}

/// The kernel's id of the calling thread (what debuggers and `top -H` show).
fn os_thread_id() -> u32 {
    static FALLBACK: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0x8000_0000);
    std::fs::read_link("/proc/thread-self")
        .ok()
        .and_then(|p| p.file_name().and_then(|n| n.to_str()).and_then(|n| n.parse().ok()))
        .filter(|&t| t != 0)
        .unwrap_or_else(|| FALLBACK.fetch_add(1, Ordering::Relaxed))
}

/// The calling thread's id, never 0.
#[inline]
pub fn current_thread() -> u32 {
    THREAD.try_with(|t| *t).unwrap_or(u32::MAX)
}

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
            held.hold(u.clone(), false);
        }
        held.begin_frame();
        assert_eq!(u.uses.begin(true, 1, 2), None);
        held.hold(u.clone(), true);
        held.end_frame();
        assert_eq!(u.uses.begin(true, 2, 3).map(|o| o.other_writes), Some(false), "the outer reads are still held");
        u.uses.end(true);
        held.end_frame();
        assert!(held.overflow.is_null() && held.len == 0);
        assert_eq!(Arc::strong_count(&u), 1);
        assert_eq!(u.uses.begin(true, 2, 3), None);
    }
}
