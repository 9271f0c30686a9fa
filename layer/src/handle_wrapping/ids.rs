//! The id table: Vigil's id for every wrapped handle, and the driver's handle behind it.
//!
//! A slab with generation counters: an id is `generation << 32 | (slot + 1)`, so a lookup is
//! an index and one comparison, with no hashing and no lock; a destroyed id's slot gets a new
//! generation, so the old id never finds the new object. Slots are handed out in order and
//! reused last-freed-first, so a program that creates its objects in the same order sees the
//! same ids on every run.
//!
//! Creating and destroying touch no map: a free slot keeps the generation its next user gets
//! (beside the one lookups compare, which is 0 while free), and the objects that go with a pool or swapchain
//! (its children) are a list threaded through their slots, so freeing one descriptor set
//! unlinks it in constant time and a pool's list never holds the dead.

use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicPtr, AtomicU16, AtomicU32, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// Slots per segment.
const SEGMENT: usize = 4096;
/// Segments at most: 16M live objects.
const SEGMENTS: usize = 4096;
/// Slot flag: the object is in `retrieved` (returned again and again by the driver).
const RETRIEVED: u16 = 1;

/// One object. `raw`, `generation` and `ty` are read without the lock; the rest only under it.
#[derive(Default)]
struct Slot {
    /// The driver's handle.
    raw: AtomicU64,
    /// The device or instance the object belongs to (its dispatch key), for freeing everything
    /// of a device at once.
    owner: AtomicU64,
    /// The generation of the id that owns the slot; 0 while free.
    generation: AtomicU32,
    /// The generation the slot's next user gets (0 before first use: 1).
    next_generation: AtomicU32,
    /// Index into `HANDLE_TYPES`.
    ty: AtomicU16,
    flags: AtomicU16,
    /// Slot number + 1 of the pool or swapchain the object goes with (0: none), and its
    /// neighbours in that parent's list of children.
    parent: AtomicU32,
    prev: AtomicU32,
    next: AtomicU32,
    /// Slot number + 1 of the first object that goes with this one (0: none).
    first_child: AtomicU32,
}

type Segment = [Slot; SEGMENT];

/// A map that can be built in a `const` (the table is a plain static: no lazy initialisation
/// to check on every lookup).
type Map<K, V> = crate::chassis::hash::KeyMap<K, V>;

/// What is handed out or given back under the lock (creation and destruction only).
struct Allocation {
    free: Vec<u32>,
    next: u32,
    /// `(type, driver handle)` → id for objects the driver returns again and again (swapchain
    /// images, displays): the same object keeps one id.
    retrieved: Map<(u32, u64), u64>,
}

/// The id table.
pub struct Ids {
    segments: [AtomicPtr<Segment>; SEGMENTS],
    allocation: Mutex<Allocation>,
}

/// The id of the object in slot `index` with generation `generation`.
fn id_of(generation: u32, index: u32) -> u64 {
    (u64::from(generation) << 32) | u64::from(index + 1)
}

impl Ids {
    /// An empty table.
    pub const fn new() -> Self {
        Ids {
            segments: [const { AtomicPtr::new(std::ptr::null_mut()) }; SEGMENTS],
            allocation: Mutex::new(Allocation {
                free: Vec::new(),
                next: 0,
                retrieved: Map::with_hasher(BuildHasherDefault::new()),
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

    /// The driver's handle and handle type behind `id`, if it is alive. In line: out of line,
    /// the call and its result passed through memory were a third of its cost.
    #[inline(always)]
    pub fn get(&self, id: u64) -> Option<(u64, u32)> {
        let (generation, index) = ((id >> 32) as u32, (id as u32).checked_sub(1)?);
        if generation == 0 {
            return None;
        }
        let slot = self.slot(index)?;
        if slot.generation.load(Ordering::Acquire) != generation {
            return None;
        }
        Some((slot.raw.load(Ordering::Relaxed), u32::from(slot.ty.load(Ordering::Relaxed))))
    }

    /// The slot number of live `id` (under the lock).
    fn live_index(&self, id: u64) -> Option<u32> {
        self.get(id).map(|_| (id as u32) - 1)
    }

    /// A new id for the driver's `raw` handle of type `ty`, owned by `owner`; `parent`: the pool
    /// or swapchain id it goes with (0 for none).
    pub fn insert(&self, raw: u64, ty: u32, owner: u64, parent: u64) -> u64 {
        let mut a = self.allocation.lock().unwrap_or_else(PoisonError::into_inner);
        self.insert_locked(&mut a, raw, ty, owner, parent)
    }

    fn insert_locked(&self, a: &mut Allocation, raw: u64, ty: u32, owner: u64, parent: u64) -> u64 {
        let index = match a.free.pop() {
            Some(i) => i,
            None => {
                let i = a.next;
                a.next += 1;
                i
            }
        };
        let Some(slot) = self.slot_or_grow(index) else {
            a.free.push(index);
            return raw;
        };
        let generation = slot.next_generation.load(Ordering::Relaxed).max(1);
        slot.raw.store(raw, Ordering::Relaxed);
        slot.ty.store(ty as u16, Ordering::Relaxed);
        slot.owner.store(owner, Ordering::Relaxed);
        slot.flags.store(0, Ordering::Relaxed);
        slot.first_child.store(0, Ordering::Relaxed);
        self.link(slot, index, self.live_index(parent));
        slot.generation.store(generation, Ordering::Release);
        id_of(generation, index)
    }

    /// Puts the object in slot `index` at the head of `parent`'s children (or of none).
    fn link(&self, slot: &Slot, index: u32, parent: Option<u32>) {
        let (mut parent_slot, mut head) = (0, 0);
        if let Some(p) = parent.and_then(|p| Some((p, self.slot(p)?))) {
            parent_slot = p.0 + 1;
            head = p.1.first_child.swap(index + 1, Ordering::Relaxed);
            if let Some(h) = head.checked_sub(1).and_then(|h| self.slot(h)) {
                h.prev.store(index + 1, Ordering::Relaxed);
            }
        }
        slot.parent.store(parent_slot, Ordering::Relaxed);
        slot.prev.store(0, Ordering::Relaxed);
        slot.next.store(head, Ordering::Relaxed);
    }

    /// Takes the object in `slot` out of its parent's children.
    fn unlink(&self, slot: &Slot) {
        let (prev, next) = (slot.prev.load(Ordering::Relaxed), slot.next.load(Ordering::Relaxed));
        if let Some(n) = next.checked_sub(1).and_then(|n| self.slot(n)) {
            n.prev.store(prev, Ordering::Relaxed);
        }
        match prev.checked_sub(1).and_then(|p| self.slot(p)) {
            Some(p) => p.next.store(next, Ordering::Relaxed),
            None => {
                if let Some(parent) = slot.parent.load(Ordering::Relaxed).checked_sub(1).and_then(|p| self.slot(p)) {
                    parent.first_child.store(next, Ordering::Relaxed);
                }
            }
        }
        slot.parent.store(0, Ordering::Relaxed);
        slot.prev.store(0, Ordering::Relaxed);
        slot.next.store(0, Ordering::Relaxed);
    }

    /// The id of a retrieved object: the one it already has, or a new one.
    pub fn retrieved(&self, raw: u64, ty: u32, owner: u64, parent: u64) -> u64 {
        let mut a = self.allocation.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(id) = a.retrieved.get(&(ty, raw)).copied().filter(|&id| self.get(id).is_some()) {
            return id;
        }
        let id = self.insert_locked(&mut a, raw, ty, owner, parent);
        if let Some(slot) = self.live_index(id).and_then(|i| self.slot(i)) {
            slot.flags.store(RETRIEVED, Ordering::Relaxed);
            a.retrieved.insert((ty, raw), id);
        }
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
        let Some(slot) = self.slot(index) else { return };
        slot.generation.store(0, Ordering::Release);
        slot.next_generation.store(((id >> 32) as u32).wrapping_add(1).max(1), Ordering::Relaxed);
        a.free.push(index);
        if slot.flags.load(Ordering::Relaxed) & RETRIEVED != 0 && a.retrieved.get(&(ty, raw)) == Some(&id) {
            a.retrieved.remove(&(ty, raw));
        }
        self.unlink(slot);
        self.remove_children_locked(a, slot);
    }

    /// Forgets the ids that go with `parent` (a descriptor pool reset), keeping `parent`.
    pub fn remove_children(&self, parent: u64) {
        let mut a = self.allocation.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(slot) = self.live_index(parent).and_then(|i| self.slot(i)) {
            self.remove_children_locked(&mut a, slot);
        }
    }

    fn remove_children_locked(&self, a: &mut Allocation, parent: &Slot) {
        while let Some(child) = parent.first_child.load(Ordering::Relaxed).checked_sub(1) {
            let Some(c) = self.slot(child) else { break };
            let generation = c.generation.load(Ordering::Relaxed);
            if generation == 0 {
                // Never the case (a child leaves the list when freed); unlink it to be sure to end.
                self.unlink(c);
            } else {
                self.remove_locked(a, id_of(generation, child));
            }
        }
    }

    /// Forgets every id of `owner` (its device or instance is gone).
    pub fn remove_owned_by(&self, owner: u64) {
        let mut a = self.allocation.lock().unwrap_or_else(PoisonError::into_inner);
        for index in 0..a.next {
            let Some(slot) = self.slot(index) else { break };
            let generation = slot.generation.load(Ordering::Acquire);
            if generation != 0 && slot.owner.load(Ordering::Relaxed) == owner {
                self.remove_locked(&mut a, id_of(generation, index));
            }
        }
    }

    /// How many live ids go with `parent` (tests: the list holds no dead).
    #[cfg(test)]
    fn children(&self, parent: u64) -> usize {
        let _a = self.allocation.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(slot) = self.live_index(parent).and_then(|i| self.slot(i)) else { return 0 };
        let (mut n, mut at) = (0, slot.first_child.load(Ordering::Relaxed));
        while let Some(c) = at.checked_sub(1).and_then(|c| self.slot(c)) {
            n += 1;
            at = c.next.load(Ordering::Relaxed);
        }
        n
    }

    fn slot_or_grow(&self, index: u32) -> Option<&Slot> {
        let segment = index as usize / SEGMENT;
        let cell = self.segments.get(segment)?;
        if cell.load(Ordering::Acquire).is_null() {
            // Only under the allocation lock, so no two threads publish one segment.
            cell.store(new_segment()?, Ordering::Release);
        }
        self.slot(index)
    }
}

/// A segment of free slots, made on the heap: built in place it would be a stack frame of a
/// segment's size, which every insertion would probe page by page (out of line and cold for
/// that reason too).
#[cold]
#[inline(never)]
fn new_segment() -> Option<*mut Segment> {
    let slots: Box<[Slot]> = (0..SEGMENT).map(|_| Slot::default()).collect();
    let segment: Box<Segment> = slots.try_into().ok()?;
    Some(Box::into_raw(segment))
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

    #[test]
    fn a_pool_keeps_only_its_live_children() {
        let ids = Ids::new();
        let pool = ids.insert(0x100, 4, 1, 0);
        let sets: Vec<u64> = (0..1000).map(|i| ids.insert(0x1000 + i, 5, 1, pool)).collect();
        assert_eq!(ids.children(pool), 1000);
        // Freed one by one, first, last and middle: each leaves the pool's list.
        for (k, &set) in sets.iter().enumerate().filter(|(k, _)| k % 3 != 1) {
            ids.remove(set);
            assert_eq!(ids.get(set), None, "set {k}");
        }
        assert_eq!(ids.children(pool), sets.iter().enumerate().filter(|(k, _)| k % 3 == 1).count());
        for set in sets.iter().skip(1).step_by(3) {
            ids.remove(*set);
        }
        assert_eq!(ids.children(pool), 0, "a pool whose sets were all freed lists none");
        // Reused slots start lists of their own, and a reset still frees what is left.
        let again: Vec<u64> = (0..10).map(|i| ids.insert(0x9000 + i, 5, 1, pool)).collect();
        assert_eq!(ids.children(pool), 10);
        ids.remove(again[4]);
        ids.remove_children(pool);
        assert!(again.iter().all(|&s| ids.get(s).is_none()));
        assert_eq!(ids.children(pool), 0);
        assert!(ids.get(pool).is_some());
        // No generation finds a free slot, the next one it will hand out included.
        let freed = again[0] as u32;
        assert!((0..4u64).all(|g| ids.get((g << 32) | u64::from(freed)).is_none()));
    }
}
