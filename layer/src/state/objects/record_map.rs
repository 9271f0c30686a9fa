//! One shard's records by key: open addressing with linear probing and backward-shift
//! deletion. Creating and destroying an object costs one probe each way and no tombstones;
//! the standard map (control-byte groups, a second probe to insert) cost a created and
//! destroyed object ~30 instructions more.

use std::sync::Arc;

use super::{Key, ObjectRecord};

/// One slot: a key and its record, or empty (`record` is `None`).
#[derive(Clone)]
struct Slot {
    key: Key,
    record: Option<Arc<ObjectRecord>>,
}

impl Default for Slot {
    fn default() -> Self {
        Slot { key: Key { scope: 0, handle: 0, ty: u16::MAX }, record: None }
    }
}

/// Slots a map takes at its first insert (2 KiB; 64 shards of them hold ~3,000 objects before
/// any grows), none before: a layer with nothing to track allocates nothing. A map that grows
/// while an application runs leaves its old slots as holes among the driver's allocations,
/// and the driver's allocator then merges and splits around them on every creation (growing
/// from 16 slots cost the churn workload ~28 instructions a call in the driver's `malloc`).
const FIRST_CAPACITY: usize = 64;

/// A map from keys to records. Capacity is a power of two, at most three quarters full.
#[derive(Default)]
pub struct RecordMap {
    slots: Box<[Slot]>,
    len: usize,
}

/// Where [`RecordMap::find`] found a key (`Ok`), or the empty slot it would go in (`Err`).
pub type Found = Result<usize, usize>;

impl RecordMap {
    /// The slot a key's probe starts at. Its own multiplier: the shard was chosen from the top
    /// bits of another product of the handle, so these bits differ within a shard.
    #[inline(always)]
    fn home(&self, k: &Key) -> usize {
        let h = k.handle ^ k.scope.rotate_left(29) ^ (u64::from(k.ty) << 52);
        let bits = self.slots.len().trailing_zeros();
        (h.wrapping_mul(0xbf58_476d_1ce4_e5b9) >> (64 - bits)) as usize
    }

    /// How many records it holds.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Where `k` is, or where it would go. With no slots at all: `Err(0)` (call
    /// [`Self::reserve_one`] before inserting).
    #[inline(always)]
    pub fn find(&self, k: &Key) -> Found {
        if self.slots.is_empty() {
            return Err(0);
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(k);
        loop {
            let s = &self.slots[i];
            match &s.record {
                None => return Err(i),
                Some(_) if s.key == *k => return Ok(i),
                Some(_) => i = (i + 1) & mask,
            }
        }
    }

    /// The record of `k`.
    #[inline]
    pub fn get(&self, k: &Key) -> Option<&Arc<ObjectRecord>> {
        self.find(k).ok().map(|i| self.at(i))
    }

    /// The record in slot `i`, which [`Self::find`] found.
    #[inline]
    pub fn at(&self, i: usize) -> &Arc<ObjectRecord> {
        self.slots[i].record.as_ref().expect("a found slot holds a record")
    }

    /// Makes room for one more record: a [`Found`] taken before this may be stale.
    #[inline]
    pub fn reserve_one(&mut self) {
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
    }

    #[cold]
    fn grow(&mut self) {
        let capacity = (self.slots.len() * 2).max(FIRST_CAPACITY);
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); capacity].into_boxed_slice());
        self.len = 0;
        for s in old.into_vec() {
            if let Some(r) = s.record {
                self.put(self.find(&s.key), s.key, r);
            }
        }
    }

    /// Puts `r` where [`Self::find`] said `k` is or goes (after [`Self::reserve_one`] for a new
    /// key); the record it replaces, if any.
    #[inline(always)]
    pub fn put(&mut self, found: Found, k: Key, r: Arc<ObjectRecord>) -> Option<Arc<ObjectRecord>> {
        match found {
            Ok(i) => self.slots[i].record.replace(r),
            Err(i) => {
                let s = &mut self.slots[i];
                s.key = k;
                // An empty slot: nothing to drop (a struct assigned whole was built on the
                // stack, copied, and its old record tested).
                std::mem::forget(s.record.replace(r));
                self.len += 1;
                None
            }
        }
    }

    /// The record of `k`, made with `make` (after [`Self::reserve_one`]) when there is none;
    /// whether it was made.
    pub fn get_or_put(&mut self, k: Key, make: impl FnOnce() -> Arc<ObjectRecord>) -> (&Arc<ObjectRecord>, bool) {
        self.reserve_one();
        match self.find(&k) {
            Ok(i) => (self.at(i), false),
            Err(i) => {
                self.put(Err(i), k, make());
                (self.at(i), true)
            }
        }
    }

    /// Takes the record out of slot `i`, which [`Self::find`] found. The records after it in
    /// its run move back into the gap when their probe allows, so every key stays reachable
    /// from its home without tombstones.
    #[inline(always)]
    pub fn remove_at(&mut self, i: usize) -> Arc<ObjectRecord> {
        let mask = self.slots.len() - 1;
        let out = self.slots[i].record.take().expect("a found slot holds a record");
        self.len -= 1;
        let (mut hole, mut j) = (i, i);
        loop {
            j = (j + 1) & mask;
            if self.slots[j].record.is_none() {
                return out;
            }
            let home = self.home(&self.slots[j].key);
            // It may move to the hole when the hole lies between its home and where it is.
            if j.wrapping_sub(home) & mask >= j.wrapping_sub(hole) & mask {
                self.slots[hole] = std::mem::take(&mut self.slots[j]);
                hole = j;
            }
        }
    }

    /// Removes the record of `k`.
    pub fn remove(&mut self, k: &Key) -> Option<Arc<ObjectRecord>> {
        self.find(k).ok().map(|i| self.remove_at(i))
    }

    /// Every record, in no order.
    pub fn values(&self) -> impl Iterator<Item = &Arc<ObjectRecord>> {
        self.slots.iter().filter_map(|s| s.record.as_ref())
    }

    /// Keeps the records `keep` says to (it sees each once), dropping the others.
    pub fn retain(&mut self, mut keep: impl FnMut(&Key, &Arc<ObjectRecord>) -> bool) {
        let capacity = self.slots.len();
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); capacity].into_boxed_slice());
        self.len = 0;
        for s in old.into_vec() {
            if let Some(r) = s.record.filter(|r| keep(&s.key, r)) {
                self.put(self.find(&s.key), s.key, r);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::state::objects::Origin;

    fn record(k: Key) -> Arc<ObjectRecord> {
        ObjectRecord::shared(k, None, false, Origin::Created)
    }

    /// Every key the model holds is found with its own record, and nothing else is held.
    fn agrees(map: &RecordMap, model: &HashMap<(u64, u64, u16), Arc<ObjectRecord>>) {
        assert_eq!(map.len(), model.len());
        assert_eq!(map.values().count(), model.len());
        for (&(scope, handle, ty), r) in model {
            let found = map.get(&Key { scope, handle, ty }).expect("a held key is found");
            assert!(Arc::ptr_eq(found, r));
        }
    }

    /// Inserts and removes in a random order (a fixed generator), with values that share
    /// homes and runs that wrap around the end: after every step the map agrees with a model.
    #[test]
    fn it_agrees_with_a_model_through_inserts_and_removals() {
        let mut map = RecordMap::default();
        let mut model = HashMap::new();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for step in 0..40_000 {
            let n = next();
            // Few distinct keys (two scopes, two types, 300 values): many hits, many removals.
            let k = Key { scope: 1 + (n & 1), handle: 0x1000 * ((n >> 8) % 300 + 1), ty: ((n >> 4) & 1) as u16 };
            let id = (k.scope, k.handle, k.ty);
            if (n >> 32) % 3 == 0 {
                let removed = map.remove(&k);
                let expected = model.remove(&id);
                assert_eq!(removed.is_some(), expected.is_some(), "step {step}");
                if let (Some(a), Some(b)) = (removed, expected) {
                    assert!(Arc::ptr_eq(&a, &b));
                }
            } else {
                map.reserve_one();
                let found = map.find(&k);
                assert_eq!(found.is_ok(), model.contains_key(&id), "step {step}");
                let r = record(k);
                map.put(found, k, r.clone());
                model.insert(id, r);
            }
            if step % 97 == 0 {
                agrees(&map, &model);
            }
        }
        agrees(&map, &model);
        assert!(map.len() > 0);
        map.retain(|k, _| k.ty == 0);
        model.retain(|&(_, _, ty), _| ty == 0);
        agrees(&map, &model);
    }

    /// A removal in the middle of a full run that wraps around the table's end keeps every
    /// later key of the run reachable.
    #[test]
    fn removal_keeps_a_wrapping_run_reachable() {
        let mut map = RecordMap::default();
        map.reserve_one();
        let capacity = map.slots.len();
        // Keys whose home is the last slot: each takes the next free one, wrapping to the start.
        let last: Vec<Key> = (1..)
            .map(|h| Key { scope: 7, handle: h * 8, ty: 2 })
            .filter(|k| map.home(k) == capacity - 1)
            .take(5)
            .collect();
        for &k in &last {
            map.reserve_one();
            map.put(map.find(&k), k, record(k));
        }
        assert_eq!(map.slots.len(), capacity, "no growth while the run is built");
        assert!(map.slots[0].record.is_some(), "the run wraps around");
        assert!(map.remove(&last[1]).is_some());
        for k in [last[0], last[2], last[3], last[4]] {
            assert!(map.get(&k).is_some());
        }
        assert!(map.get(&last[1]).is_none());
        assert_eq!(map.len(), 4);
    }

    #[test]
    fn an_empty_map_finds_nothing() {
        let mut map = RecordMap::default();
        let k = Key { scope: 1, handle: 2, ty: 3 };
        assert!(map.get(&k).is_none());
        assert!(map.remove(&k).is_none());
        let (_, made) = map.get_or_put(k, || record(k));
        assert!(made);
        let (_, made) = map.get_or_put(k, || unreachable!("held already"));
        assert!(!made);
    }
}
