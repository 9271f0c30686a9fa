//! The id table: Vigil's id for every wrapped handle, and the driver's handle behind it.
//!
//! A slab with generation counters: an id is `generation << 32 | (slot + 1)`, so a lookup is
//! an index and one comparison, with no hashing and no lock; a destroyed id's slot gets a new
//! generation, so the old id never finds the new object. Slots are handed out in order and
//! reused last-freed-first, so a program that creates its objects in the same order sees the
//! same ids on every run.

use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicPtr, AtomicU32, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// Slots per segment.
const SEGMENT: usize = 4096;
/// Segments at most: 16M live objects.
const SEGMENTS: usize = 4096;

struct Slot {
    /// The driver's handle.
    raw: AtomicU64,
    /// The generation of the id that owns the slot; 0 while free.
    generation: AtomicU32,
    /// Index into `HANDLE_TYPES`.
    ty: AtomicU32,
    /// The device or instance the object belongs to (its dispatch key), for freeing everything
    /// of a device at once.
    owner: AtomicU64,
}

type Segment = [Slot; SEGMENT];

/// What is freed or reused under the lock (creation and destruction only).
/// A map that can be built in a `const` (the table is a plain static: no lazy initialisation
/// to check on every lookup). Only creation and destruction use these maps.
type Map<K, V> = crate::chassis::hash::KeyMap<K, V>;

struct Allocation {
    free: Vec<u32>,
    next: u32,
    /// The generation the next user of each freed slot gets.
    generations: Map<u32, u32>,
    /// `(type, driver handle)` → id for objects the driver returns again and again (swapchain
    /// images, displays): the same object keeps one id.
    retrieved: Map<(u32, u64), u64>,
    /// Pool or swapchain id → ids allocated from or retrieved from it.
    children: Map<u64, Vec<u64>>,
}

/// The id table.
pub struct Ids {
    segments: [AtomicPtr<Segment>; SEGMENTS],
    allocation: Mutex<Allocation>,
}

impl Ids {
    /// An empty table.
    pub const fn new() -> Self {
        Ids {
            segments: [const { AtomicPtr::new(std::ptr::null_mut()) }; SEGMENTS],
            allocation: Mutex::new(Allocation {
                free: Vec::new(),
                next: 0,
                generations: Map::with_hasher(BuildHasherDefault::new()),
                retrieved: Map::with_hasher(BuildHasherDefault::new()),
                children: Map::with_hasher(BuildHasherDefault::new()),
            }),
        }
    }

    fn slot(&self, index: u32) -> Option<&Slot> {
        let (segment, slot) = (index as usize / SEGMENT, index as usize % SEGMENT);
        let p = self.segments.get(segment)?.load(Ordering::Acquire);
        // SAFETY: segments are never freed once published (the table lives as long as the
        // process), and a published pointer points at an initialised segment.
        (!p.is_null()).then(|| unsafe { &(*p)[slot] })
    }

    /// The driver's handle and handle type behind `id`, if it is alive.
    #[inline]
    pub fn get(&self, id: u64) -> Option<(u64, u32)> {
        let (generation, index) = ((id >> 32) as u32, (id as u32).checked_sub(1)?);
        let slot = self.slot(index)?;
        if generation == 0 || slot.generation.load(Ordering::Acquire) != generation {
            return None;
        }
        Some((slot.raw.load(Ordering::Relaxed), slot.ty.load(Ordering::Relaxed)))
    }

    /// A new id for the driver's `raw` handle of type `ty`, owned by `owner`; `parent`: the pool
    /// or swapchain id it goes with (0 for none).
    pub fn insert(&self, raw: u64, ty: u32, owner: u64, parent: u64) -> u64 {
        let mut a = self.allocation.lock().unwrap_or_else(PoisonError::into_inner);
        let index = match a.free.pop() {
            Some(i) => i,
            None => {
                let i = a.next;
                a.next += 1;
                i
            }
        };
        let generation = a.generations.remove(&index).unwrap_or(1);
        let Some(slot) = self.slot_or_grow(index) else { return raw };
        slot.raw.store(raw, Ordering::Relaxed);
        slot.ty.store(ty, Ordering::Relaxed);
        slot.owner.store(owner, Ordering::Relaxed);
        slot.generation.store(generation, Ordering::Release);
        let id = (u64::from(generation) << 32) | u64::from(index + 1);
        if parent != 0 {
            a.children.entry(parent).or_default().push(id);
        }
        id
    }

    /// The id of a retrieved object: the one it already has, or a new one.
    pub fn retrieved(&self, raw: u64, ty: u32, owner: u64, parent: u64) -> u64 {
        let known = {
            let a = self.allocation.lock().unwrap_or_else(PoisonError::into_inner);
            a.retrieved.get(&(ty, raw)).copied()
        };
        if let Some(id) = known.filter(|&id| self.get(id).is_some()) {
            return id;
        }
        let id = self.insert(raw, ty, owner, parent);
        let mut a = self.allocation.lock().unwrap_or_else(PoisonError::into_inner);
        a.retrieved.insert((ty, raw), id);
        id
    }

    /// Forgets `id` and every id that goes with it (a pool's sets, a swapchain's images).
    pub fn remove(&self, id: u64) {
        let mut a = self.allocation.lock().unwrap_or_else(PoisonError::into_inner);
        self.remove_locked(&mut a, id);
    }

    fn remove_locked(&self, a: &mut Allocation, id: u64) {
        let Some((raw, ty)) = self.get(id) else { return };
        let index = (id as u32) - 1;
        if let Some(slot) = self.slot(index) {
            slot.generation.store(0, Ordering::Release);
        }
        let next_generation = ((id >> 32) as u32).wrapping_add(1).max(1);
        a.generations.insert(index, next_generation);
        a.free.push(index);
        if a.retrieved.get(&(ty, raw)) == Some(&id) {
            a.retrieved.remove(&(ty, raw));
        }
        for child in a.children.remove(&id).unwrap_or_default() {
            self.remove_locked(a, child);
        }
    }

    /// Forgets the ids that go with `parent` (a descriptor pool reset), keeping `parent`.
    pub fn remove_children(&self, parent: u64) {
        let mut a = self.allocation.lock().unwrap_or_else(PoisonError::into_inner);
        for child in a.children.remove(&parent).unwrap_or_default() {
            self.remove_locked(&mut a, child);
        }
    }

    /// Forgets every id of `owner` (its device or instance is gone).
    pub fn remove_owned_by(&self, owner: u64) {
        let mut a = self.allocation.lock().unwrap_or_else(PoisonError::into_inner);
        for index in 0..a.next {
            let Some(slot) = self.slot(index) else { break };
            let generation = slot.generation.load(Ordering::Acquire);
            if generation != 0 && slot.owner.load(Ordering::Relaxed) == owner {
                self.remove_locked(&mut a, (u64::from(generation) << 32) | u64::from(index + 1));
            }
        }
    }

    fn slot_or_grow(&self, index: u32) -> Option<&Slot> {
        let segment = index as usize / SEGMENT;
        let cell = self.segments.get(segment)?;
        if cell.load(Ordering::Acquire).is_null() {
            // Only under the allocation lock, so no two threads publish one segment.
            let fresh: Box<Segment> = Box::new(std::array::from_fn(|_| Slot {
                raw: AtomicU64::new(0),
                generation: AtomicU32::new(0),
                ty: AtomicU32::new(0),
                owner: AtomicU64::new(0),
            }));
            cell.store(Box::into_raw(fresh), Ordering::Release);
        }
        self.slot(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_stable_unique_and_die_with_their_parent() {
        let ids = Ids::new();
        let a = ids.insert(0xaaa0, 3, 1, 0);
        let b = ids.insert(0xbbb0, 3, 1, 0);
        assert_eq!((a, b), (0x1_0000_0001, 0x1_0000_0002), "ids in creation order");
        assert_eq!(ids.get(a), Some((0xaaa0, 3)));
        ids.remove(a);
        assert_eq!(ids.get(a), None, "a destroyed id is dead");
        let c = ids.insert(0xccc0, 3, 1, 0);
        assert_eq!(c, 0x2_0000_0001, "its slot comes back with a new generation");
        assert_eq!(ids.get(a), None, "and the old id still finds nothing");

        // A pool's sets die with the pool, and with its reset.
        let pool = ids.insert(0x100, 4, 1, 0);
        let set = ids.insert(0x200, 5, 1, pool);
        ids.remove_children(pool);
        assert_eq!(ids.get(set), None);
        assert!(ids.get(pool).is_some());
        let set = ids.insert(0x300, 5, 1, pool);
        ids.remove(pool);
        assert_eq!(ids.get(set), None);

        // Retrieved objects keep their id.
        let image = ids.retrieved(0x400, 6, 1, 0);
        assert_eq!(ids.retrieved(0x400, 6, 1, 0), image);

        // Everything of one owner.
        let other = ids.insert(0x500, 3, 2, 0);
        ids.remove_owned_by(1);
        assert_eq!((ids.get(b), ids.get(c), ids.get(image)), (None, None, None));
        assert_eq!(ids.get(other), Some((0x500, 3)));
        assert_eq!(ids.get(0), None);
        assert_eq!(ids.get(0xdead_0000), None, "a value that was never an id");
    }
}
