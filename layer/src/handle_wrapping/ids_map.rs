//! The other id table the issue asked to measure: a pre-hashed sharded map. Ids are a
//! counter run through a bijective mixer (so they spread over the shards and the map can use
//! them as their own hash); a lookup takes one shard's read lock and one probe. Built into the
//! layer only with the `id-table-map` feature (`cargo xtask bench --layer-features
//! id-table-map`); docs/performance.md has the comparison that chose the slab.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError, RwLock};

const SHARDS: usize = 64;

/// Ids are already well mixed: hash them as they are.
#[derive(Default)]
pub struct IdentityHasher(u64);

impl Hasher for IdentityHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = v;
    }
}

/// `(driver handle, handle type, owner)`.
type Object = (u64, u32, u64);
type Shard = HashMap<u64, Object, BuildHasherDefault<IdentityHasher>>;
type Map<K, V> = crate::chassis::hash::KeyMap<K, V>;

/// The id table, as a sharded map.
pub struct MapIds {
    shards: [RwLock<Shard>; SHARDS],
    counter: AtomicU64,
    retrieved: Mutex<Map<(u32, u64), u64>>,
    children: Mutex<Map<u64, Vec<u64>>>,
}

/// A bijection on u64 (splitmix64's finaliser): distinct counters give distinct ids.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl MapIds {
    /// An empty table.
    pub const fn new() -> Self {
        MapIds {
            shards: [const { RwLock::new(HashMap::with_hasher(BuildHasherDefault::new())) }; SHARDS],
            counter: AtomicU64::new(1),
            retrieved: Mutex::new(HashMap::with_hasher(BuildHasherDefault::new())),
            children: Mutex::new(HashMap::with_hasher(BuildHasherDefault::new())),
        }
    }

    fn shard(&self, id: u64) -> &RwLock<Shard> {
        &self.shards[(id % SHARDS as u64) as usize]
    }

    /// The driver's handle and handle type behind `id`, if it is alive.
    #[inline]
    pub fn get(&self, id: u64) -> Option<(u64, u32)> {
        let map = self.shard(id).read().unwrap_or_else(PoisonError::into_inner);
        map.get(&id).map(|&(raw, ty, _)| (raw, ty))
    }

    /// A new id for `raw` (see `Ids::insert`).
    pub fn insert(&self, raw: u64, ty: u32, owner: u64, parent: u64) -> u64 {
        let mut id = 0;
        while id == 0 {
            id = mix(self.counter.fetch_add(1, Ordering::Relaxed));
        }
        self.shard(id).write().unwrap_or_else(PoisonError::into_inner).insert(id, (raw, ty, owner));
        if parent != 0 {
            self.children.lock().unwrap_or_else(PoisonError::into_inner).entry(parent).or_default().push(id);
        }
        id
    }

    /// The id of a retrieved object (see `Ids::retrieved`).
    pub fn retrieved(&self, raw: u64, ty: u32, owner: u64, parent: u64) -> u64 {
        let known = self.retrieved.lock().unwrap_or_else(PoisonError::into_inner).get(&(ty, raw)).copied();
        if let Some(id) = known.filter(|&id| self.get(id).is_some()) {
            return id;
        }
        let id = self.insert(raw, ty, owner, parent);
        self.retrieved.lock().unwrap_or_else(PoisonError::into_inner).insert((ty, raw), id);
        id
    }

    /// Forgets `id` and what goes with it.
    pub fn remove(&self, id: u64) {
        let Some((raw, ty, _)) = self.shard(id).write().unwrap_or_else(PoisonError::into_inner).remove(&id) else {
            return;
        };
        let mut retrieved = self.retrieved.lock().unwrap_or_else(PoisonError::into_inner);
        if retrieved.get(&(ty, raw)) == Some(&id) {
            retrieved.remove(&(ty, raw));
        }
        drop(retrieved);
        self.remove_children(id);
    }

    /// Forgets what goes with `parent`.
    pub fn remove_children(&self, parent: u64) {
        let children = self.children.lock().unwrap_or_else(PoisonError::into_inner).remove(&parent);
        for child in children.unwrap_or_default() {
            self.remove(child);
        }
    }

    /// Forgets every id of `owner`.
    pub fn remove_owned_by(&self, owner: u64) {
        let mut ids = Vec::new();
        for s in &self.shards {
            let map = s.read().unwrap_or_else(PoisonError::into_inner);
            ids.extend(map.iter().filter(|(_, o)| o.2 == owner).map(|(id, _)| *id));
        }
        for id in ids {
            self.remove(id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_map_table_behaves_like_the_slab() {
        let ids = MapIds::new();
        let a = ids.insert(0xaaa0, 3, 1, 0);
        let b = ids.insert(0xbbb0, 3, 1, 0);
        assert_ne!(a, b);
        assert_eq!(ids.get(a), Some((0xaaa0, 3)));
        ids.remove(a);
        assert_eq!(ids.get(a), None);
        let pool = ids.insert(0x100, 4, 1, 0);
        let set = ids.insert(0x200, 5, 1, pool);
        ids.remove_children(pool);
        assert_eq!(ids.get(set), None);
        let image = ids.retrieved(0x400, 6, 1, 0);
        assert_eq!(ids.retrieved(0x400, 6, 1, 0), image);
        ids.remove_owned_by(1);
        assert_eq!((ids.get(b), ids.get(image), ids.get(pool)), (None, None, None));
        let again = MapIds::new();
        assert_eq!(again.insert(1, 3, 1, 0), MapIds::new().insert(2, 3, 1, 0), "the same ids on every run");
    }
}
