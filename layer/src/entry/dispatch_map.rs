//! Instance and device data keyed by the loader's dispatch key.
//!
//! A process has a handful of live instances and devices, and every intercepted call looks one
//! up: a short array of (key, pointer) slots scanned with atomic loads beats hashing and takes
//! no lock. Inserts and removals happen at create/destroy time only.

use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::chassis::DispatchKey;

/// Live instances (or devices) one process may hold at once.
pub const CAPACITY: usize = 256;

/// A lock-free map from dispatch key to owned data.
pub struct DispatchMap<T> {
    keys: [AtomicUsize; CAPACITY],
    values: [AtomicPtr<T>; CAPACITY],
    /// One past the highest slot ever used: lookups scan no further.
    high_water: AtomicUsize,
    /// Serializes inserts and removals with each other (never lookups).
    writers: Mutex<()>,
}

impl<T> DispatchMap<T> {
    /// An empty map, usable in a `static`.
    pub const fn new() -> Self {
        Self {
            keys: [const { AtomicUsize::new(0) }; CAPACITY],
            values: [const { AtomicPtr::new(std::ptr::null_mut()) }; CAPACITY],
            high_water: AtomicUsize::new(0),
            writers: Mutex::new(()),
        }
    }

    /// The data for `key`.
    ///
    /// # Safety
    /// The reference is valid until `remove(key)`; the caller must not hold it past that
    /// (Vulkan forbids using an instance or device concurrently with destroying it).
    #[inline(always)]
    pub unsafe fn get<'a>(&self, key: DispatchKey) -> Option<&'a T> {
        match unsafe { self.get_first(key) } {
            Some(v) => Some(v),
            None => unsafe { self.get_after_first(key) },
        }
    }

    /// The data for `key` if it sits in slot 0. Almost every process has one instance and one
    /// device, so this is the whole lookup on the hot path: two loads and a compare.
    ///
    /// # Safety
    /// As for [`DispatchMap::get`].
    #[inline(always)]
    pub unsafe fn get_first<'a>(&self, key: DispatchKey) -> Option<&'a T> {
        if self.keys[0].load(Ordering::Acquire) == key {
            // SAFETY: as in `get_after_first`.
            unsafe { self.values[0].load(Ordering::Acquire).as_ref() }
        } else {
            None
        }
    }

    /// The lookup beyond slot 0. Inlined: a call here would make every intercept save its
    /// arguments around it, even on the fast path.
    #[inline(always)]
    unsafe fn get_after_first<'a>(&self, key: DispatchKey) -> Option<&'a T> {
        let n = self.high_water.load(Ordering::Acquire);
        for i in 1..n.min(CAPACITY) {
            if self.keys[i].load(Ordering::Acquire) == key {
                let p = self.values[i].load(Ordering::Acquire);
                // SAFETY: published before its key, freed only after its key is cleared.
                return unsafe { p.as_ref() };
            }
        }
        None
    }

    /// Takes ownership of `value` under `key`; gives it back when the map is full.
    pub fn insert(&self, key: DispatchKey, value: Box<T>) -> Result<(), Box<T>> {
        let _w = self.writers.lock().unwrap_or_else(|e| e.into_inner());
        let Some(i) = (0..CAPACITY).find(|&i| self.keys[i].load(Ordering::Relaxed) == 0) else {
            return Err(value);
        };
        self.values[i].store(Box::into_raw(value), Ordering::Release);
        self.keys[i].store(key, Ordering::Release);
        if i + 1 > self.high_water.load(Ordering::Relaxed) {
            self.high_water.store(i + 1, Ordering::Release);
        }
        Ok(())
    }

    /// Removes and returns the data for `key`.
    pub fn remove(&self, key: DispatchKey) -> Option<Box<T>> {
        let _w = self.writers.lock().unwrap_or_else(|e| e.into_inner());
        let n = self.high_water.load(Ordering::Relaxed);
        let i = (0..n).find(|&i| self.keys[i].load(Ordering::Relaxed) == key)?;
        self.keys[i].store(0, Ordering::Release);
        let p = self.values[i].swap(std::ptr::null_mut(), Ordering::AcqRel);
        // SAFETY: `p` came from `Box::into_raw` in `insert` and is no longer reachable.
        (!p.is_null()).then(|| unsafe { Box::from_raw(p) })
    }

    /// Number of live entries.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        let n = self.high_water.load(Ordering::Acquire);
        (0..n).filter(|&i| self.keys[i].load(Ordering::Acquire) != 0).count()
    }
}

impl<T> Default for DispatchMap<T> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_get_remove() {
        let m = DispatchMap::<u32>::new();
        m.insert(10, Box::new(1)).unwrap();
        m.insert(20, Box::new(2)).unwrap();
        unsafe {
            assert_eq!(m.get(10), Some(&1));
            assert_eq!(m.get(20), Some(&2));
            assert_eq!(m.get(30), None);
        }
        assert_eq!(m.remove(10).as_deref(), Some(&1));
        assert_eq!(unsafe { m.get(10) }, None);
        // The freed slot is reused.
        m.insert(30, Box::new(3)).unwrap();
        assert_eq!(m.len(), 2);
        assert_eq!(unsafe { m.get(30) }, Some(&3));
    }

    #[test]
    fn full_map_gives_the_value_back() {
        let m = DispatchMap::<usize>::new();
        for k in 1..=CAPACITY {
            m.insert(k, Box::new(k)).unwrap();
        }
        assert_eq!(*m.insert(CAPACITY + 1, Box::new(0)).unwrap_err(), 0);
    }
}
