//! The use counters of every counted object in the process, and what each thread holds.
//!
//! A counter is found through a map sharded by handle: a lookup takes one shard's read lock,
//! creating a counter (first use, creation) or dropping one (destruction) one shard's write
//! lock. Counting itself is two atomic additions; no lock is held while the call runs.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, LazyLock, Mutex, PoisonError, RwLock};

const SHARDS: usize = 64;
const ONE_WRITER: u64 = 1 << 32;

/// An object's key: its handle type (index into `HANDLE_TYPES`) and handle value; handles of
/// different types may share a value.
pub type Key = u128;

/// The key of handle `handle` of type `ty`.
#[inline]
pub fn key(ty: u16, handle: u64) -> Key {
    (u128::from(ty) << 64) | u128::from(handle)
}

/// How one object is being used right now.
pub struct ObjectUse {
    /// Index into `HANDLE_TYPES`.
    pub ty: u16,
    pub handle: u64,
    /// The device or instance whose call first counted it (forgotten with it).
    owner: u64,
    /// Writers in the high 32 bits, readers in the low 32.
    counts: AtomicU64,
    /// The use that found the object idle: thread id in the low 32 bits, command index (into
    /// `COMMAND_HANDLES`) in the high 32; 0 before the first use.
    first: AtomicU64,
    /// What it was created or retrieved with (`threading::QUEUE_INTERNALLY_SYNCHRONIZED`, …).
    flags: AtomicU8,
    /// The pool it was allocated from, or the object it was retrieved from (a swapchain).
    pub pool: Option<Arc<ObjectUse>>,
    /// For a pool: the keys of what was allocated from it.
    children: Mutex<Vec<Key>>,
}

/// Another thread's use found by a beginning one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overlap {
    /// The other thread (0: not yet recorded, the two uses began together).
    pub thread: u32,
    /// Its command, index into `COMMAND_HANDLES`.
    pub command: u16,
    /// Whether the other use writes (otherwise it reads and this one writes).
    pub other_writes: bool,
}

impl ObjectUse {
    /// An idle counter.
    pub fn new(ty: u16, handle: u64, owner: u64, flags: u8, pool: Option<Arc<ObjectUse>>) -> Self {
        ObjectUse {
            ty,
            handle,
            owner,
            counts: AtomicU64::new(0),
            first: AtomicU64::new(0),
            flags: AtomicU8::new(flags),
            pool,
            children: Mutex::new(Vec::new()),
        }
    }

    /// The flags it was created or retrieved with.
    #[inline]
    pub fn flags(&self) -> u8 {
        self.flags.load(Ordering::Relaxed)
    }

    /// Records a flag learned after the counter was made (a queue retrieved again).
    pub fn add_flags(&self, flags: u8) {
        self.flags.fetch_or(flags, Ordering::Relaxed);
    }

    /// Begins a use by `thread` in `command`; the overlapping use of another thread, if any.
    /// Two reads never overlap; a thread's own uses (one call naming an object twice, a call
    /// made from a callback) do not either.
    #[inline]
    pub fn begin(&self, write: bool, thread: u32, command: u16) -> Option<Overlap> {
        let prev = self.counts.fetch_add(if write { ONE_WRITER } else { 1 }, Ordering::AcqRel);
        let me = (u64::from(command) << 32) | u64::from(thread);
        if prev == 0 {
            self.first.store(me, Ordering::Release);
            return None;
        }
        let writers = prev >> 32;
        if !write && writers == 0 {
            return None;
        }
        let first = self.first.load(Ordering::Acquire);
        let other = first as u32;
        (other != thread).then_some(Overlap {
            thread: other,
            command: (first >> 32) as u16,
            other_writes: writers != 0,
        })
    }

    /// Ends a use begun with `begin(write, …)`.
    #[inline]
    pub fn end(&self, write: bool) {
        self.counts.fetch_sub(if write { ONE_WRITER } else { 1 }, Ordering::AcqRel);
    }

    /// Remembers an object allocated from this pool.
    pub fn add_child(&self, k: Key) {
        self.children.lock().unwrap_or_else(PoisonError::into_inner).push(k);
    }

    /// Forgets objects freed back to this pool.
    pub fn remove_children(&self, freed: &[Key]) {
        self.children.lock().unwrap_or_else(PoisonError::into_inner).retain(|k| !freed.contains(k));
    }

    /// Everything allocated from this pool, forgotten.
    pub fn take_children(&self) -> Vec<Key> {
        std::mem::take(&mut *self.children.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// Handles are mostly aligned pointers: fold the high bits down, then multiply.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0 ^ v ^ (v >> 31)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_u128(&mut self, k: u128) {
        self.write_u64(k as u64);
        self.write_u64((k >> 64) as u64);
    }
}

type Shard = RwLock<HashMap<Key, Arc<ObjectUse>, BuildHasherDefault<KeyHasher>>>;

/// Every counted object.
pub struct Uses {
    shards: [Shard; SHARDS],
}

/// The counters of the process.
pub static USES: LazyLock<Uses> = LazyLock::new(Uses::new);

fn shard_of(k: Key) -> usize {
    let h = k as u64;
    ((h >> 4) ^ (h >> 12) ^ (k >> 64) as u64) as usize % SHARDS
}

impl Uses {
    /// An empty map.
    pub fn new() -> Self {
        Uses { shards: std::array::from_fn(|_| RwLock::new(HashMap::default())) }
    }

    /// The counter of `(ty, handle)`, made idle on first use.
    #[inline]
    pub fn get_or_insert(&self, ty: u16, handle: u64, owner: u64) -> Arc<ObjectUse> {
        let k = key(ty, handle);
        let shard = &self.shards[shard_of(k)];
        if let Some(u) = shard.read().unwrap_or_else(PoisonError::into_inner).get(&k) {
            return u.clone();
        }
        let mut map = shard.write().unwrap_or_else(PoisonError::into_inner);
        map.entry(k).or_insert_with(|| Arc::new(ObjectUse::new(ty, handle, owner, 0, None))).clone()
    }

    /// The counter of `(ty, handle)` retrieved from `parent`: the one it has if that came from
    /// `parent`, else a new one, which goes with `parent`.
    pub fn child_of(&self, ty: u16, handle: u64, owner: u64, parent: &Arc<ObjectUse>) -> Arc<ObjectUse> {
        let k = key(ty, handle);
        let mut map = self.shards[shard_of(k)].write().unwrap_or_else(PoisonError::into_inner);
        if let Some(u) = map.get(&k).filter(|u| u.pool.as_ref().is_some_and(|p| Arc::ptr_eq(p, parent))) {
            return u.clone();
        }
        let u = Arc::new(ObjectUse::new(ty, handle, owner, 0, Some(parent.clone())));
        map.insert(k, u.clone());
        drop(map);
        parent.add_child(k);
        u
    }

    /// The counter of `k`, if it has one.
    pub fn get(&self, k: Key) -> Option<Arc<ObjectUse>> {
        self.shards[shard_of(k)].read().unwrap_or_else(PoisonError::into_inner).get(&k).cloned()
    }

    /// Makes `u` the counter of its object, replacing a stale one (a handle value reused).
    pub fn insert(&self, u: Arc<ObjectUse>) {
        let k = key(u.ty, u.handle);
        self.shards[shard_of(k)].write().unwrap_or_else(PoisonError::into_inner).insert(k, u);
    }

    /// Forgets the counter of `k` and, for a pool, those of what was allocated from it.
    pub fn remove(&self, k: Key) {
        let removed = self.shards[shard_of(k)].write().unwrap_or_else(PoisonError::into_inner).remove(&k);
        if let Some(pool) = removed {
            for child in pool.take_children() {
                self.remove_child(child, &pool);
            }
        }
    }

    /// Forgets the counter of `k` if it is still the one allocated from `pool`.
    pub fn remove_child(&self, k: Key, pool: &Arc<ObjectUse>) {
        let mut map = self.shards[shard_of(k)].write().unwrap_or_else(PoisonError::into_inner);
        if map.get(&k).is_some_and(|u| u.pool.as_ref().is_some_and(|p| Arc::ptr_eq(p, pool))) {
            map.remove(&k);
        }
    }

    /// Forgets every counter first counted by `owner` (a device or instance being destroyed).
    pub fn remove_owned_by(&self, owner: u64) {
        for shard in &self.shards {
            shard.write().unwrap_or_else(PoisonError::into_inner).retain(|_, u| u.owner != owner);
        }
    }

    /// How many objects are counted (for tests).
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.shards.iter().map(|s| s.read().unwrap_or_else(PoisonError::into_inner).len()).sum()
    }
}

/// Held uses kept in place before spilling to the heap.
const INLINE: usize = 64;

/// What the calling thread is inside of: the counters its calls have begun, each call's behind a
/// frame marker (0). Calls nest (a callback calling Vulkan), so an end releases back to its
/// begin's marker.
///
/// Nothing here needs dropping: a thread-local with a destructor would keep the library mapped
/// after the loader unloads it. Entries are `Arc::into_raw` addresses with the write flag in bit
/// 0; a call naming more than `INLINE` counted objects spills to a heap list freed when it ends.
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
    pub fn hold(&mut self, u: Arc<ObjectUse>, write: bool) {
        self.push(Arc::into_raw(u) as usize | usize::from(write));
    }

    /// Ends every use of the innermost call.
    pub fn end_frame(&mut self) {
        while let Some(v) = self.pop() {
            if v == 0 {
                break;
            }
            // SAFETY: pushed by `hold` from `Arc::into_raw` (ObjectUse is 8-aligned, so bit 0
            // is the flag), and taken back once.
            let u = unsafe { Arc::from_raw((v & !1) as *const ObjectUse) };
            u.end(v & 1 != 0);
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

    #[test]
    fn overlaps() {
        let u = ObjectUse::new(1, 0x10, 7, 0, None);
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
        let u = Arc::new(ObjectUse::new(4, 0x40, 7, 0, None));
        let mut held = Held::new();
        held.begin_frame();
        for _ in 0..INLINE * 2 {
            assert_eq!(u.begin(false, 1, 1), None);
            held.hold(u.clone(), false);
        }
        held.begin_frame();
        assert_eq!(u.begin(true, 1, 2), None);
        held.hold(u.clone(), true);
        held.end_frame();
        assert_eq!(u.begin(true, 2, 3).map(|o| o.other_writes), Some(false), "the outer reads are still held");
        u.end(true);
        held.end_frame();
        assert!(held.overflow.is_null() && held.len == 0);
        assert_eq!(Arc::strong_count(&u), 1);
        assert_eq!(u.begin(true, 2, 3), None);
    }

    #[test]
    fn pools_take_their_children() {
        let uses = Uses::new();
        let pool = uses.get_or_insert(2, 0x100, 9);
        let child = Arc::new(ObjectUse::new(3, 0x200, 9, 0, Some(pool.clone())));
        uses.insert(child);
        pool.add_child(key(3, 0x200));
        // A counter reused for another pool's object stays.
        uses.insert(Arc::new(ObjectUse::new(3, 0x300, 9, 0, None)));
        pool.add_child(key(3, 0x300));
        assert_eq!(uses.len(), 3);
        uses.remove(key(2, 0x100));
        assert!(uses.get(key(3, 0x200)).is_none());
        assert!(uses.get(key(3, 0x300)).is_some());
        uses.remove_owned_by(9);
        assert_eq!(uses.len(), 0);
    }
}
