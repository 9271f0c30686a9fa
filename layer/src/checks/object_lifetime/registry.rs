//! Every live object of every instance and device in the process, keyed by handle.
//!
//! One process-wide store rather than one per device, so that a handle of another device is
//! told apart from one that never existed (`-parent` rather than `-parameter`). Keyed by handle
//! type and value together: non-dispatchable handles of different types may share a value.
//! Sharded by handle: a lookup takes one shard's read lock, a create or destroy one shard's
//! write lock, and no call serializes on a device-wide lock.

use std::cell::Cell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

const SHARDS: usize = 64;

/// What Vigil knows about one object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Index into `HANDLE_TYPES`.
    pub ty: u16,
    /// The device (or, for instance-level objects, the instance) the object belongs to.
    pub owner: u64,
    /// The pool it was allocated from, or the object it was retrieved from (swapchain images);
    /// 0 for none.
    pub parent: u64,
    /// Whether `VkAllocationCallbacks` were given when it was created.
    pub with_allocator: bool,
    /// Retrieved rather than created: never destroyed on its own, never a leak.
    pub retrieved: bool,
    /// How many times the implementation returned this handle value for live objects: a
    /// non-dispatchable handle may repeat (two identical immutable samplers may share one).
    pub refs: u32,
}

/// A handle's hash: handles are mostly aligned pointers, so mix the high bits down.
#[derive(Default)]
pub struct HandleHasher(u64);

impl Hasher for HandleHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, h: u64) {
        self.0 = (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    }
    fn write_u128(&mut self, k: u128) {
        self.write_u64(k as u64 ^ ((k >> 64) as u64).rotate_left(40));
    }
}

type Map<K, V> = HashMap<K, V, BuildHasherDefault<HandleHasher>>;

/// An object's key: its handle type (index into `HANDLE_TYPES`) and handle value.
pub type Key = u128;

/// The key of handle `handle` of type `ty`.
#[inline]
pub fn key(ty: u16, handle: u64) -> Key {
    (u128::from(ty) << 64) | u128::from(handle)
}

/// Entries of each thread's cache of objects it found alive.
const CACHED: usize = 16;

/// One cached lookup: the key, the owner it had, and the epoch it was found in.
type Cached = (Key, u64, u64);

/// A thread's cache of live objects.
pub type Cache = Cell<[Cached; CACHED]>;

thread_local! {
    /// The objects this thread found alive most recently, valid while no object anywhere has
    /// been destroyed since (the epoch). A draw loop names the same few objects again and
    /// again; this spares it the shard lock and the hash probe. `Copy` contents and a const
    /// initializer: no destructor, which would keep the library mapped after unloading.
    static CACHE: Cache = const { Cell::new([(0, 0, u64::MAX); CACHED]) };
}

/// Bumped by every removal: cached lookups from before it are stale.
static EPOCH: AtomicU64 = AtomicU64::new(0);

/// Bumps the epoch when dropped, at the end of a removal, on every return path.
struct EpochBump;

impl Drop for EpochBump {
    fn drop(&mut self) {
        EPOCH.fetch_add(1, Ordering::Release);
    }
}

/// The store.
pub struct Objects {
    shards: [RwLock<Map<Key, Entry>>; SHARDS],
    /// Pool or swapchain handle → the objects allocated from or retrieved from it.
    children: [RwLock<Map<u64, Vec<Key>>>; SHARDS],
}

/// Every live object in the process.
pub static OBJECTS: LazyLock<Objects> = LazyLock::new(Objects::new);

fn shard(handle: u64) -> usize {
    ((handle ^ (handle >> 6) ^ (handle >> 17)) % SHARDS as u64) as usize
}

fn key_shard(k: Key) -> usize {
    shard(k as u64)
}

fn read<T>(l: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    l.read().unwrap_or_else(PoisonError::into_inner)
}

fn write<T>(l: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    l.write().unwrap_or_else(PoisonError::into_inner)
}

impl Objects {
    fn new() -> Self {
        Objects {
            shards: std::array::from_fn(|_| RwLock::new(Map::default())),
            children: std::array::from_fn(|_| RwLock::new(Map::default())),
        }
    }

    /// The object `k`, if it is alive.
    #[inline]
    pub fn get(&self, k: Key) -> Option<Entry> {
        read(&self.shards[key_shard(k)]).get(&k).copied()
    }

    /// The owner of the live object `k`: what most checks need, answered from this thread's
    /// cache when nothing was destroyed since it was last asked.
    #[inline]
    pub fn owner_of(&self, k: Key) -> Option<u64> {
        self.with_cache(|c| self.owner_in(c, k))
    }

    /// Runs `f` with this thread's cache: one thread-local access for a whole call's lookups.
    #[inline]
    pub fn with_cache<R>(&self, f: impl FnOnce(&Cache) -> R) -> R {
        CACHE.with(f)
    }

    /// [`Self::owner_of`] through a cache from [`Self::with_cache`].
    #[inline]
    pub fn owner_in(&self, cache: &Cache, k: Key) -> Option<u64> {
        let epoch = EPOCH.load(Ordering::Acquire);
        let slot = (k as u64 ^ (k as u64 >> 7) ^ (k >> 64) as u64) as usize % CACHED;
        // SAFETY: a `Cell` of a `Copy` array, accessed through its pointer without a reference
        // escaping; nothing else on this thread touches it meanwhile.
        let cached = unsafe { (*cache.as_ptr())[slot] };
        if cached.0 == k && cached.2 == epoch {
            return Some(cached.1);
        }
        let owner = self.get(k)?.owner;
        unsafe { (*cache.as_ptr())[slot] = (k, owner, epoch) };
        Some(owner)
    }

    /// Records a created object, or another reference to a repeated handle value.
    pub fn insert(&self, k: Key, entry: Entry) {
        let mut map = write(&self.shards[key_shard(k)]);
        let e = map.entry(k).or_insert(Entry { refs: 0, ..entry });
        // Retrieving an object again (vkGetDeviceQueue twice) does not add a reference.
        if !(entry.retrieved && e.refs > 0) {
            e.refs += 1;
        }
        drop(map);
        if entry.parent != 0 {
            let mut children = write(&self.children[shard(entry.parent)]);
            let list = children.entry(entry.parent).or_default();
            if !list.contains(&k) {
                list.push(k);
            }
        }
    }

    /// Drops one reference to `k`, forgetting it (and what was allocated from it) with the
    /// last; returns the entry it had.
    pub fn remove(&self, k: Key) -> Option<Entry> {
        // After the removal: a lookup that saw the epoch before it may have cached the object.
        let _bump = EpochBump;
        let mut map = write(&self.shards[key_shard(k)]);
        let e = map.get_mut(&k)?;
        let entry = *e;
        e.refs -= 1;
        if e.refs > 0 {
            return Some(entry);
        }
        map.remove(&k);
        drop(map);
        if entry.parent != 0 {
            if let Some(list) = write(&self.children[shard(entry.parent)]).get_mut(&entry.parent) {
                list.retain(|&c| c != k);
            }
        }
        self.remove_children(k as u64);
        Some(entry)
    }

    /// Forgets everything allocated from or retrieved from the object `parent` (a pool reset or
    /// destroyed, a swapchain destroyed).
    pub fn remove_children(&self, parent: u64) {
        let _bump = EpochBump;
        let Some(list) = write(&self.children[shard(parent)]).remove(&parent) else { return };
        for child in list {
            let mut map = write(&self.shards[key_shard(child)]);
            if map.get(&child).is_some_and(|e| e.parent == parent) {
                map.remove(&child);
            }
        }
    }

    /// Every object of `owner`, as `(key, entry)`; the order is unspecified.
    pub fn owned_by(&self, owner: u64) -> Vec<(Key, Entry)> {
        let mut out = Vec::new();
        for s in &self.shards {
            out.extend(read(s).iter().filter(|(_, e)| e.owner == owner).map(|(k, e)| (*k, *e)));
        }
        out
    }

    /// Forgets every object of `owner` (its device or instance is gone).
    pub fn remove_owned_by(&self, owner: u64) {
        let _bump = EpochBump;
        for (k, _) in self.owned_by(owner) {
            let mut map = write(&self.shards[key_shard(k)]);
            if map.get(&k).is_some_and(|e| e.owner == owner) {
                map.remove(&k);
            }
            drop(map);
            write(&self.children[shard(k as u64)]).remove(&(k as u64));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(owner: u64, parent: u64) -> Entry {
        Entry { ty: 1, owner, parent, with_allocator: false, retrieved: false, refs: 1 }
    }

    #[test]
    fn repeated_handles_are_counted_and_children_go_with_their_parent() {
        let objects = Objects::new();
        objects.insert(key(1, 0x10), entry(1, 0));
        objects.insert(key(1, 0x10), entry(1, 0));
        assert_eq!(objects.remove(key(1, 0x10)).map(|e| e.refs), Some(2));
        assert!(objects.get(key(1, 0x10)).is_some(), "one reference is left");
        assert!(objects.remove(key(1, 0x10)).is_some());
        assert_eq!(objects.get(key(1, 0x10)), None);
        assert_eq!(objects.remove(key(1, 0x10)), None);

        // A pool with two sets; freeing one, then destroying the pool, frees the other.
        objects.insert(key(1, 0x100), entry(1, 0));
        objects.insert(key(1, 0x200), entry(1, 0x100));
        objects.insert(key(1, 0x300), entry(1, 0x100));
        objects.remove(key(1, 0x200));
        assert_eq!(objects.get(key(1, 0x300)).map(|e| e.parent), Some(0x100));
        objects.remove(key(1, 0x100));
        assert_eq!(objects.get(key(1, 0x300)), None);

        // Retrieving again adds no reference.
        let queue = Entry { retrieved: true, ..entry(1, 0) };
        objects.insert(key(1, 0x400), queue);
        objects.insert(key(1, 0x400), queue);
        objects.remove(key(1, 0x400));
        assert_eq!(objects.get(key(1, 0x400)), None);

        objects.insert(key(1, 0x500), entry(7, 0));
        objects.insert(key(1, 0x600), entry(8, 0));
        assert_eq!(objects.owned_by(7).len(), 1);
        objects.remove_owned_by(7);
        assert_eq!(objects.get(key(1, 0x500)), None);
        assert!(objects.get(key(1, 0x600)).is_some());
    }
}
