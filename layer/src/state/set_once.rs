//! `SetOnce`: a value a record is given once, after it is made (its create info, what the
//! creating call returned) and read by every check after. `std::sync::OnceLock` does the same
//! but its `set` takes the general path of `Once` (a completion guard that may wake waiters),
//! about five times what a record's creation can spend on each of its fields; nothing here
//! ever waits on a user closure, so a second writer is simply refused.

use std::cell::UnsafeCell;
use std::fmt;
use std::mem::MaybeUninit;
use std::panic::{RefUnwindSafe, UnwindSafe};
use std::sync::atomic::{AtomicU8, Ordering};

const EMPTY: u8 = 0;
const WRITING: u8 = 1;
const SET: u8 = 2;

/// A value set at most once, read without a lock.
pub struct SetOnce<T> {
    state: AtomicU8,
    value: UnsafeCell<MaybeUninit<T>>,
}

// SAFETY: the value is written once, by the thread that moved `state` from EMPTY to WRITING,
// and read only after `state` is SET (Release/Acquire): like `OnceLock`.
unsafe impl<T: Send + Sync> Sync for SetOnce<T> {}
// SAFETY: owning a `SetOnce` is owning its value.
unsafe impl<T: Send> Send for SetOnce<T> {}
// As `OnceLock`: a panic cannot leave a value half set (it is written in one move).
impl<T: RefUnwindSafe + UnwindSafe> RefUnwindSafe for SetOnce<T> {}
impl<T: UnwindSafe> UnwindSafe for SetOnce<T> {}

impl<T> SetOnce<T> {
    /// Empty.
    pub const fn new() -> Self {
        SetOnce { state: AtomicU8::new(EMPTY), value: UnsafeCell::new(MaybeUninit::uninit()) }
    }

    /// The value, once set.
    #[inline]
    pub fn get(&self) -> Option<&T> {
        // SAFETY: SET means written and never written again.
        (self.state.load(Ordering::Acquire) == SET).then(|| unsafe { (*self.value.get()).assume_init_ref() })
    }

    /// Sets the value; gives it back when one was set (or is being set) already.
    #[inline]
    pub fn set(&self, value: T) -> Result<(), T> {
        if self.state.compare_exchange(EMPTY, WRITING, Ordering::Acquire, Ordering::Relaxed).is_err() {
            return Err(value);
        }
        // SAFETY: this thread alone moved the state to WRITING: no reader looks before SET.
        unsafe { (*self.value.get()).write(value) };
        self.state.store(SET, Ordering::Release);
        Ok(())
    }
}

impl<T> Default for SetOnce<T> {
    fn default() -> Self {
        SetOnce::new()
    }
}

impl<T: fmt::Debug> fmt::Debug for SetOnce<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SetOnce").field(&self.get()).finish()
    }
}

impl<T: Clone> Clone for SetOnce<T> {
    fn clone(&self) -> Self {
        let c = SetOnce::new();
        if let Some(v) = self.get() {
            let _ = c.set(v.clone());
        }
        c
    }
}

impl<T> Drop for SetOnce<T> {
    fn drop(&mut self) {
        if *self.state.get_mut() == SET {
            // SAFETY: SET means initialized; `&mut self`: nothing else reads it.
            unsafe { self.value.get_mut().assume_init_drop() };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn set_once_then_read_by_many() {
        let cell = SetOnce::new();
        assert_eq!(cell.get(), None);
        assert_eq!(cell.set(vec![1, 2]), Ok(()));
        assert_eq!(cell.set(vec![3]), Err(vec![3]), "a second value is given back");
        assert_eq!(cell.get(), Some(&vec![1, 2]));

        let shared = Arc::new(SetOnce::<u64>::new());
        let threads: Vec<_> = (0..8u64)
            .map(|t| {
                let s = shared.clone();
                std::thread::spawn(move || (s.set(t).is_ok(), s.get().copied()))
            })
            .collect();
        let seen: Vec<(bool, Option<u64>)> = threads.into_iter().map(|t| t.join().unwrap_or((false, None))).collect();
        assert_eq!(seen.iter().filter(|(won, _)| *won).count(), 1, "one thread sets it: {seen:?}");
        let winner = seen.iter().find(|(won, _)| *won).and_then(|(_, v)| *v);
        assert!(seen.iter().all(|(won, v)| !won || *v == winner), "the setter reads its own value");
        assert_eq!(shared.get().copied(), winner);

        // Drop runs the value's destructor once, and only when set.
        let counted = Arc::new(());
        let cell = SetOnce::new();
        let _ = cell.set(counted.clone());
        drop(cell);
        drop(SetOnce::<Arc<()>>::new());
        assert_eq!(Arc::strong_count(&counted), 1);
    }
}
