//! The object table: every live object of every instance and device in the process, one record
//! each, keyed by the instance or device it belongs to, its handle type and its handle value.
//!
//! The spec promises unique non-dispatchable handle values only within a device (and there only
//! while privateData is enabled): two devices may be handed the same value, and one device may be
//! handed one value for two live objects (two identical immutable samplers). So the key has the
//! object's scope — its device, or its instance for instance-level objects — and a record counts
//! how many live objects share its value. Object lifetime and thread safety are views of the same
//! record; what a check needs per object lives in it, so a handle resolves with one lookup.
//!
//! Sharded by handle: a lookup takes one shard's read lock, a create or destroy one shard's
//! write lock, and no call serializes on a device-wide lock.

use std::cell::Cell;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

pub use super::records::{key, Key, ObjectRecord, ObjectState, Origin, Overlap, SpareRecord, TYPES};
use super::submissions;

const SHARDS: usize = 64;

mod record_map;
use record_map::RecordMap;

type Shard = RwLock<RecordMap>;

/// A value alone on its cache lines (two, for the adjacent-line prefetcher): one shard's lock
/// word, written by every lookup in it, must not slow the threads using the next shard.
#[repr(align(128))]
struct Padded<T>(T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// The shard of a handle value: every scope's object with one value lands in one shard. A
/// multiplicative hash: drivers hand out addresses with large strides, which a few shifted
/// bits would map to a few shards, and threads recording their own command buffers would then
/// share a shard's lock.
fn shard_of(handle: u64) -> usize {
    (handle.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 58) as usize % SHARDS
}

fn read<T>(l: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    l.read().unwrap_or_else(PoisonError::into_inner)
}

fn write<T>(l: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    l.write().unwrap_or_else(PoisonError::into_inner)
}

/// Entries of each thread's cache of objects it found alive.
const CACHED: usize = 32;

/// The first entry of `k`'s two-entry set in the cache: a multiplicative hash of value and type.
#[inline(always)]
fn cache_set(k: Key) -> usize {
    let h = (k.handle ^ u64::from(k.ty)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    ((h >> 60) as usize) * 2
}

/// One cached lookup: the key and the epoch it was found alive in.
type Cached = (Key, u64);

/// A thread's cache of live objects.
pub type Cache = Cell<[Cached; CACHED]>;

const NO_KEY: Key = Key { scope: 0, handle: 0, ty: u16::MAX };

thread_local! {
    /// The objects this thread found alive most recently, valid while no object anywhere has
    /// been destroyed since (the epoch). A draw loop names the same few objects again and
    /// again; this spares it the shard lock and the hash probe. `Copy` contents and a const
    /// initializer: no destructor, which would keep the library mapped after unloading.
    static CACHE: Cache = const { Cell::new([(NO_KEY, u64::MAX); CACHED]) };
}

/// A command buffer's record with the epoch it was found in.
type CachedCommandBuffer = (Key, u64, *const ObjectRecord);

thread_local! {
    /// The command buffer this thread looked up last, with a strong reference (`Arc::into_raw`):
    /// a thread records one command buffer call after call, and the validation objects each
    /// look it up; this spares them the shard's lock and probe. Valid while nothing anywhere was
    /// removed since (the epoch). No destructor (see `CACHE`): a thread that exits keeps its
    /// last command buffer's record, whose recording is emptied when the command buffer goes.
    static LAST_COMMAND_BUFFER: Cell<CachedCommandBuffer> = const { Cell::new((NO_KEY, u64::MAX, std::ptr::null())) };
}

/// Bumps the table's epoch when dropped, at the end of a removal, on every return path.
struct EpochBump<'a>(&'a AtomicU64);

impl Drop for EpochBump<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
    }
}

/// How many records one instance or device has in the table, now and at most.
#[derive(Default)]
struct ScopeCounts {
    live: AtomicUsize,
    peak: AtomicUsize,
    /// Live device memory allocations (`maxMemoryAllocationCount`).
    memory: AtomicUsize,
    /// Live samplers (`maxSamplerAllocationCount`).
    samplers: AtomicUsize,
    /// Live samplers with a custom border color (`maxCustomBorderColorSamplers`): counted in
    /// when the tracker records the sampler's create info, out when its record leaves.
    custom_border_samplers: AtomicUsize,
}

/// Instances and devices alive at once whose records are counted; those past it are not.
const SCOPES: usize = 64;

/// One instance's or device's counts, found by a scan without a lock (a process has a few).
#[derive(Default)]
struct ScopeSlot {
    /// The instance or device; 0 while the slot is free.
    scope: AtomicU64,
    counts: ScopeCounts,
}

impl ScopeCounts {
    fn reset(&self) {
        for c in [&self.live, &self.peak, &self.memory, &self.samplers, &self.custom_border_samplers] {
            c.store(0, Ordering::Relaxed);
        }
    }
}

/// A record left the table: what refers to it sees it destroyed, and what it holds of
/// submissions goes.
#[inline(always)]
fn ended(r: &ObjectRecord) {
    r.destroyed.store(true, Ordering::Release);
    submissions::forget(r);
    // A thread's cache may keep the record itself a while (see `LAST_COMMAND_BUFFER`), never
    // what its recording holds.
    if let Some(c) = r.command_buffer() {
        c.forget_recording();
    }
}

/// The table.
pub struct ObjectTable {
    shards: [Padded<Shard>; SHARDS],
    /// The live instances and devices, with their record counts: where a handle missing from
    /// its own scope is looked for, on the cold path, to tell "another device's" from "never
    /// created". Creation and destruction count without a lock; adding and removing a scope
    /// take `scopes_changing`.
    scopes: Box<[ScopeSlot; SCOPES]>,
    /// How many slots of `scopes` were ever used: scans stop there.
    scopes_used: AtomicUsize,
    /// The slot of `scopes` a scan found last.
    scope_hint: AtomicUsize,
    scopes_changing: Mutex<()>,
}

/// Bumped by every removal from any table: what the thread-local caches here found before it
/// is stale (the threads' caches of `state::thread` check each record's own `destroyed`
/// instead). Alone on its lines; a plain static, so reading it checks no lazy initialization.
static EPOCH: Padded<AtomicU64> = Padded(AtomicU64::new(0));

/// Every live object in the process.
pub static OBJECTS: LazyLock<ObjectTable> = LazyLock::new(ObjectTable::new);

impl ObjectTable {
    /// An empty table.
    pub fn new() -> Self {
        ObjectTable {
            shards: std::array::from_fn(|_| Padded(RwLock::new(RecordMap::default()))),
            scopes: Box::new(std::array::from_fn(|_| ScopeSlot::default())),
            scopes_used: AtomicUsize::new(0),
            scope_hint: AtomicUsize::new(0),
            scopes_changing: Mutex::new(()),
        }
    }

    fn shard(&self, k: &Key) -> &Shard {
        &self.shards[shard_of(k.handle)]
    }

    /// The live scopes' slots.
    fn scope_slots(&self) -> impl Iterator<Item = &ScopeSlot> {
        let used = self.scopes_used.load(Ordering::Acquire).min(SCOPES);
        self.scopes[..used].iter().filter(|s| s.scope.load(Ordering::Acquire) != 0)
    }

    /// The counts of `scope`, if it is a live instance or device.
    fn counts(&self, scope: u64) -> Option<&ScopeCounts> {
        // A free slot holds 0, so a slot holding `scope` (never 0) is live: one load a slot tells
        // both.
        if scope == 0 {
            return None;
        }
        // Most processes have one device: the slot found last is tried first.
        let hint = self.scope_hint.load(Ordering::Relaxed);
        if let Some(s) = self.scopes.get(hint).filter(|s| s.scope.load(Ordering::Acquire) == scope) {
            return Some(&s.counts);
        }
        let used = self.scopes_used.load(Ordering::Acquire).min(SCOPES);
        let (i, s) = self.scopes[..used].iter().enumerate().find(|(_, s)| s.scope.load(Ordering::Acquire) == scope)?;
        self.scope_hint.store(i, Ordering::Relaxed);
        Some(&s.counts)
    }

    /// Counts a record of `scope` in (`added`) or out. Creation and destruction only: never
    /// on a call that merely uses objects.
    fn count(&self, k: &Key, added: bool) {
        let Some(c) = self.counts(k.scope) else { return };
        let counter = match k.ty {
            t if t == TYPES.device_memory => Some(&c.memory),
            t if t == TYPES.sampler => Some(&c.samplers),
            _ => None,
        };
        if added {
            let live = c.live.fetch_add(1, Ordering::Relaxed) + 1;
            // A churning application stays below its peak: one load, no read-modify-write.
            if live > c.peak.load(Ordering::Relaxed) {
                c.peak.fetch_max(live, Ordering::Relaxed);
            }
            if let Some(n) = counter {
                n.fetch_add(1, Ordering::Relaxed);
            }
        } else {
            // A scope added after some of its records (an instance learns its handle at
            // creation) may count fewer than it removes.
            let _ = c.live.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
            if let Some(n) = counter {
                let _ = n.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
            }
        }
    }

    /// How many device memory allocations of `scope` (a device) are live.
    pub fn memory_allocations(&self, scope: u64) -> usize {
        self.counts(scope).map_or(0, |c| c.memory.load(Ordering::Relaxed))
    }

    /// How many samplers of `scope` (a device) with a custom border color are live.
    pub fn custom_border_color_samplers(&self, scope: u64) -> usize {
        self.counts(scope).map_or(0, |c| c.custom_border_samplers.load(Ordering::Relaxed))
    }

    /// Counts in a sampler of `scope` with a custom border color, once its info is recorded.
    pub fn custom_border_color_sampler_created(&self, scope: u64) {
        if let Some(c) = self.counts(scope) {
            c.custom_border_samplers.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Counts out what `r`, leaving the table, was counted in for beyond its type.
    fn uncount_info(&self, r: &ObjectRecord) {
        if !r.sampler_info().is_some_and(|i| i.custom_border_color) {
            return;
        }
        if let Some(c) = self.counts(r.key.scope) {
            let _ = c.custom_border_samplers.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
        }
    }

    /// How many samplers of `scope` (a device) are live.
    pub fn samplers(&self, scope: u64) -> usize {
        self.counts(scope).map_or(0, |c| c.samplers.load(Ordering::Relaxed))
    }

    /// The most records `scope` had at once.
    pub fn peak_records(&self, scope: u64) -> usize {
        self.counts(scope).map_or(0, |c| c.peak.load(Ordering::Relaxed))
    }

    /// The record of `k`, if the object is alive.
    #[inline]
    pub fn get(&self, k: Key) -> Option<Arc<ObjectRecord>> {
        if k.ty == TYPES.command_buffer {
            return self.get_command_buffer(k);
        }
        read(self.shard(&k)).get(&k).cloned()
    }

    /// [`Self::get`] without the thread's caches: the shard's lock and probe.
    #[inline]
    pub fn get_uncached(&self, k: Key) -> Option<Arc<ObjectRecord>> {
        read(self.shard(&k)).get(&k).cloned()
    }

    /// [`Self::get`] for a command buffer, through the thread's `LAST_COMMAND_BUFFER`.
    fn get_command_buffer(&self, k: Key) -> Option<Arc<ObjectRecord>> {
        self.with_command_buffer(k, Arc::clone)
    }

    /// Runs `f` with the record of command buffer `k`, if alive: the one this thread named last
    /// is borrowed from its cache, without the shard's lock and without touching its reference
    /// count. While `f` runs the cache is empty, so a nested call (an application callback
    /// calling Vulkan) finds nothing to replace under it.
    pub fn with_command_buffer<R>(&self, k: Key, f: impl FnOnce(&Arc<ObjectRecord>) -> R) -> Option<R> {
        const EMPTY: CachedCommandBuffer = (NO_KEY, u64::MAX, std::ptr::null());
        let epoch = EPOCH.load(Ordering::Acquire);
        let (key, found_in, p) = LAST_COMMAND_BUFFER.try_with(|c| c.replace(EMPTY)).unwrap_or(EMPTY);
        let r = if key == k && found_in == epoch && !p.is_null() {
            // SAFETY: the cache's strong reference (from `Arc::into_raw`), moved out of it.
            unsafe { Arc::from_raw(p) }
        } else {
            if !p.is_null() {
                // SAFETY: as above; another command buffer's, or a stale one: given up.
                drop(unsafe { Arc::from_raw(p) });
            }
            read(self.shard(&k)).get(&k).cloned()?
        };
        let out = f(&r);
        let raw = Arc::into_raw(r);
        match LAST_COMMAND_BUFFER.try_with(|c| c.replace((k, epoch, raw))) {
            // SAFETY: what a nested call cached meanwhile: given up.
            Ok((_, _, old)) if !old.is_null() => drop(unsafe { Arc::from_raw(old) }),
            Ok(_) => {}
            // SAFETY: not stored: taken back.
            Err(_) => drop(unsafe { Arc::from_raw(raw) }),
        }
        Some(out)
    }

    /// Runs `f` with this thread's cache: one thread-local access for a whole call's lookups.
    #[inline]
    pub fn with_cache<R>(&self, f: impl FnOnce(&Cache) -> R) -> R {
        CACHE.with(f)
    }

    /// Whether `k` is alive, answered from this thread's cache when nothing was destroyed since
    /// it was last asked.
    #[inline(always)]
    pub fn alive_in(&self, cache: &Cache, k: Key) -> bool {
        let epoch = EPOCH.load(Ordering::Acquire);
        // Two ways per set: a loop naming a few objects keeps them all, whatever values the
        // driver gave them (one way per set let two hot handles evict each other on every call
        // in some runs and not others).
        let set = cache_set(k);
        // SAFETY: a `Cell` of a `Copy` array, accessed through its pointer without a reference
        // escaping; nothing else on this thread touches it meanwhile.
        let all = unsafe { &*cache.as_ptr() };
        let ways = &all[set..set + 2];
        if ways.iter().any(|c| c.0 == k && c.1 == epoch) {
            return true;
        }
        self.alive_uncached(cache, set, k, epoch)
    }

    /// [`Self::alive_in`] past a cache miss: the shard's lock and probe, out of line so the
    /// cached check stays small where it is inlined.
    #[inline(never)]
    fn alive_uncached(&self, cache: &Cache, set: usize, k: Key, epoch: u64) -> bool {
        // A record only seen by thread safety is no object.
        if !read(self.shard(&k)).get(&k).is_some_and(|r| r.origin != Origin::Seen) {
            return false;
        }
        // SAFETY: as in `alive_in`. The set's first way moves to the second.
        let all = unsafe { &mut *cache.as_ptr() };
        all[set + 1] = all[set];
        all[set] = (k, epoch);
        true
    }

    /// Whether `k` is alive.
    #[inline]
    pub fn alive(&self, k: Key) -> bool {
        self.with_cache(|c| self.alive_in(c, k))
    }

    /// The other instance or device holding a live object of `k`'s type and value, if any: the
    /// cold path of a failed lookup.
    #[cold]
    pub fn scope_elsewhere(&self, k: Key) -> Option<u64> {
        let scopes: Vec<u64> = self.scope_slots().map(|s| s.scope.load(Ordering::Relaxed)).collect();
        let shard = read(self.shard(&k));
        let created = |k: &Key| shard.get(k).is_some_and(|r| r.origin != Origin::Seen);
        scopes.into_iter().filter(|&s| s != k.scope).find(|&scope| created(&Key { scope, ..k }))
    }

    /// [`Self::insert_in`] in a new allocation.
    #[cfg(test)]
    pub fn insert(
        &self,
        k: Key,
        parent: Option<Arc<ObjectRecord>>,
        with_allocator: bool,
        origin: Origin,
    ) -> Option<Arc<ObjectRecord>> {
        self.insert_in(None, k, parent, with_allocator, origin, true)
    }

    /// Records an object created or retrieved: a new record (in `spare`'s allocation, when
    /// there is one), or another reference to a live value (retrieving an object again adds
    /// none). A record only seen before is replaced. `typed`: see [`ObjectRecord::shared_in`].
    /// The record made, when one was (the creating thread keeps it at hand: the calls that
    /// name a new object come next).
    pub fn insert_in(
        &self,
        spare: Option<SpareRecord>,
        k: Key,
        parent: Option<Arc<ObjectRecord>>,
        with_allocator: bool,
        origin: Origin,
        typed: bool,
    ) -> Option<Arc<ObjectRecord>> {
        let mut map = write(self.shard(&k));
        map.reserve_one();
        // One probe: the slot is filled or replaced in place.
        let found = map.find(&k);
        if let Ok(i) = found {
            let r = map.at(i);
            if r.origin != Origin::Seen {
                if origin != Origin::Retrieved || r.origin != Origin::Retrieved {
                    r.refs.fetch_add(1, Ordering::Relaxed);
                }
                return None;
            }
        }
        // Built in one place, in line: out of line, its call cost a creation ~20 instructions.
        let made = ObjectRecord::shared_in(spare, k, parent.clone(), with_allocator, origin, typed);
        let seen = found.is_ok();
        let replaced = map.put(found, k, made.clone());
        drop(map);
        drop(replaced);
        if !seen {
            self.count(&k, true);
        }
        if let Some(p) = parent {
            let mut children = p.children();
            if !children.contains(&k) {
                p.had_children.store(true, Ordering::Release);
                children.push(k);
            }
        }
        Some(made)
    }

    /// The record of `k`, made (as only seen) if there is none.
    pub fn get_or_see(&self, k: Key) -> Arc<ObjectRecord> {
        if let Some(r) = self.get(k) {
            return r;
        }
        let mut map = write(self.shard(&k));
        let (r, added) = map.get_or_put(k, || ObjectRecord::shared(k, None, false, Origin::Seen));
        let r = r.clone();
        drop(map);
        if added {
            self.count(&k, true);
        }
        r
    }

    /// Drops one reference to `k`, forgetting it (and what was allocated from it) with the
    /// last; returns the record it had.
    pub fn remove(&self, k: Key) -> Option<Arc<ObjectRecord>> {
        // After the removal: a lookup that saw the epoch before it may have cached the object.
        let _bump = EpochBump(&EPOCH);
        let mut map = write(self.shard(&k));
        // One probe: the last reference leaves with its entry.
        let Ok(i) = map.find(&k) else { return None };
        if map.at(i).refs.fetch_sub(1, Ordering::Relaxed) > 1 {
            return Some(map.at(i).clone());
        }
        let r = map.remove_at(i);
        drop(map);
        self.count(&k, false);
        self.uncount_info(&r);
        ended(&r);
        if let Some(p) = &r.parent {
            // From the end: what is freed first was mostly allocated last. Order is not kept.
            let mut children = p.children();
            if let Some(i) = children.iter().rposition(|&c| c == k) {
                children.swap_remove(i);
            }
        }
        self.remove_children(&r);
        Some(r)
    }

    /// Forgets everything allocated from or retrieved from `parent` (a pool reset or destroyed,
    /// a swapchain destroyed).
    #[inline(always)]
    pub fn remove_children(&self, parent: &Arc<ObjectRecord>) {
        // Set before a child is added, under the lock the removal takes. Most objects are no
        // pool: tested in line, where the call alone cost every destroy ~15 instructions.
        if parent.had_children.load(Ordering::Acquire) {
            self.remove_had_children(parent);
        }
    }

    /// [`Self::remove_children`] of a record that had some.
    #[inline(never)]
    fn remove_had_children(&self, parent: &Arc<ObjectRecord>) {
        let children = std::mem::take(&mut *parent.children());
        // Most objects have none: nothing removed, nothing any cache found is stale.
        if children.is_empty() {
            return;
        }
        let _bump = EpochBump(&EPOCH);
        for child in children {
            let mut map = write(self.shard(&child));
            if map.get(&child).is_some_and(|r| r.parent.as_ref().is_some_and(|p| Arc::ptr_eq(p, parent))) {
                if let Some(r) = map.remove(&child) {
                    drop(map);
                    self.count(&child, false);
                    self.uncount_info(&r);
                    ended(&r);
                }
            }
        }
    }

    /// Every object of `scope`; the order is unspecified.
    pub fn in_scope(&self, scope: u64) -> Vec<Arc<ObjectRecord>> {
        let mut out = Vec::new();
        for s in &self.shards {
            out.extend(read(s).values().filter(|r| r.key.scope == scope).cloned());
        }
        out
    }

    /// A new instance or device whose objects the table will hold.
    pub fn add_scope(&self, scope: u64) {
        let _changing = self.scopes_changing.lock().unwrap_or_else(PoisonError::into_inner);
        if scope == 0 || self.counts(scope).is_some() {
            return;
        }
        let Some((i, free)) = self.scopes.iter().enumerate().find(|(_, s)| s.scope.load(Ordering::Relaxed) == 0) else {
            return;
        };
        free.counts.reset();
        free.scope.store(scope, Ordering::Release);
        self.scopes_used.fetch_max(i + 1, Ordering::AcqRel);
    }

    /// Forgets every object of `scope` (its device or instance is gone).
    pub fn remove_scope(&self, scope: u64) {
        let _bump = EpochBump(&EPOCH);
        {
            let _changing = self.scopes_changing.lock().unwrap_or_else(PoisonError::into_inner);
            for s in self.scope_slots().filter(|s| s.scope.load(Ordering::Relaxed) == scope) {
                s.scope.store(0, Ordering::Release);
            }
        }
        for s in &self.shards {
            write(s).retain(|k, r| {
                if k.scope == scope {
                    ended(r);
                }
                k.scope != scope
            });
        }
    }

    /// The live objects allocated or retrieved from `parent`.
    pub fn children(&self, parent: &Arc<ObjectRecord>) -> Vec<Arc<ObjectRecord>> {
        let keys = parent.children().clone();
        keys.into_iter()
            .filter_map(|k| self.get(k))
            .filter(|r| r.parent.as_ref().is_some_and(|p| Arc::ptr_eq(p, parent)))
            .collect()
    }

    /// How many records the table holds (for tests and the bounded-growth checks).
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.shards.iter().map(|s| read(s).len()).sum()
    }

    /// Changes whenever a record leaves the table: what was found alive before may not be now.
    pub fn epoch(&self) -> u64 {
        EPOCH.load(Ordering::Acquire)
    }
}

#[cfg(test)]
mod tests;
