//! What each thread keeps between its calls: the records of the objects it named recently.
//!
//! A draw loop names the same few objects call after call. Each thread keeps the records it
//! found last in a small cache of its own, holding a strong reference to each, so finding one
//! again is a hash of its key and a comparison: no shard lock, no reference count written, no
//! line another thread writes. A cached record is trusted only while it has not left the table
//! (its `destroyed` flag, on the line the hit reads anyway); otherwise it is looked up again.
//! One object's destruction does not send every other thread's lookups back to the table.
//!
//! A record found here is borrowed until the outermost call of the thread returns
//! ([`Entered`]): a record evicted meanwhile is kept in the slot's graveyard until then, so a
//! call may hold the records of every handle it names without touching their counts.
//!
//! The slot also holds the thread's side of thread safety's use counting (`checks::
//! thread_safety` decides what a call uses; this keeps it): the uses its calls have begun,
//! counted in the records' `ObjectUse` and ended when the call that began them returns (when
//! its [`Entered`] drops, on every return path), and its published reads of shared objects
//! (`readers`).
//!
//! A command buffer's write also writes its pool, and every command recorded writes both. Counted
//! in the two records, that is four locked instructions, a held use and its end on every call.
//! Instead a pool is leased to the thread that records in it: the holder's outermost calls say
//! which pool and command buffer they are in (in its slot, read by other threads) and count
//! nothing in the records; a thread that wants the pool or one of its command buffers otherwise
//! reads where the holder is, and takes the lease only when the holder is not inside the pool
//! (else it counts its use in the records, and the holder finds it there). Each side writes
//! first and reads the other's after (sequentially consistent), so of two overlapping calls at
//! least one sees the other.
//!
//! Caches live in a fixed array of slots, one per thread, not in thread-local storage: a
//! thread-local with a destructor would keep the library mapped after the loader unloads it,
//! and one without would leak its strong references when its thread exits. A thread's slot
//! outlives it; the next thread that finds every slot taken reclaims the slots of exited threads,
//! dropping what they held.

use std::cell::{Cell, UnsafeCell};
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::Arc;

use vigil_generated::objects::handle_type;
use vigil_generated::threading::{SHARED_READS, SYNCED, WRITES_POOL};

use super::objects::{Key, ObjectRecord, Overlap, SpareRecord, OBJECTS};
// Threads with a slot at once (each with the readers' slot of its index); another thread
// looks every handle up in the table and counts nothing.
use super::readers::{self, CAPACITY, SLOT_COUNT};
use crate::chassis::Call;

/// Spare record allocations a thread keeps: as many as one call of a churning loop frees.
const SPARES: usize = 16;
/// Ways per set of a thread's cache: a loop naming a few objects keeps them all, whatever
/// values the driver gave them (with two ways, three hot handles that hash alike evicted each
/// other on every call in some runs and not others).
const WAYS: usize = 4;
/// Records each thread keeps.
const CACHED: usize = 16 * WAYS;

/// One cached record: its key and a strong reference
/// (`Arc::into_raw`; null when the entry is empty).
#[derive(Clone, Copy)]
struct Cached {
    key: Key,
    record: *const ObjectRecord,
}

const EMPTY: Cached = Cached { key: Key { scope: 0, handle: 0, ty: u16::MAX }, record: std::ptr::null() };

/// One thread's cache. Only its owner reads or writes `depth`, `cache` and `graveyard`, except a
/// thread that took the slot over from an exited owner (see [`claim`]).
#[repr(align(128))]
struct ThreadSlot {
    /// The owning thread's kernel id; 0 while free.
    owner: AtomicU32,
    /// How deep the owner is in calls (an application callback may call Vulkan).
    depth: Cell<u32>,
    cache: UnsafeCell<[Cached; CACHED]>,
    /// The command buffer the owner found last, a copy of its cache entry (emptied when that
    /// entry is evicted): most calls name it first, and this finds it without hashing.
    last_command_buffer: Cell<Cached>,
    /// Strong references evicted while a call was in progress, dropped when the outermost call
    /// returns.
    graveyard: UnsafeCell<Vec<*const ObjectRecord>>,
    /// Allocations of records the graveyard held last (at most [`SPARES`]), for the owner's
    /// next creations.
    spares: UnsafeCell<Vec<SpareRecord>>,
    /// The uses the owner's calls in progress have begun: record addresses (alive until the
    /// outermost call returns) with [`WRITE`] and [`STRIPE`] in the low bits.
    uses: UnsafeCell<Vec<usize>>,
    /// The owner's kernel id, 0 until asked.
    thread: Cell<u32>,
    /// Reads published in that slot, with their records (for the confirmation).
    published: Cell<usize>,
    read: UnsafeCell<[*const ObjectRecord; CAPACITY]>,
    /// The record of the pool whose lease the owner's outermost call is writing under (0: none),
    /// read by other threads; with the command buffer and the command it writes in.
    inside_pool: AtomicUsize,
    inside_command_buffer: AtomicUsize,
    inside_command: AtomicU32,
}

/// A held use writes its object.
const WRITE: usize = 1;
/// A held write raised its object's writer stripe (a shared object's).
const STRIPE: usize = 2;
/// A held write of a command buffer also writes its pool (the record's parent): one entry for
/// the two (a write counted in the records, where the pool's lease was not taken).
const POOL: usize = 4;
const _: () = assert!(align_of::<ObjectRecord>() > (WRITE | STRIPE | POOL), "the flags must fit below a record");

// SAFETY: a slot's cells are used by its owning thread only (`owner`, claimed with a
// compare-and-swap, says which); the records it points at are `Sync`.
unsafe impl Sync for ThreadSlot {}

impl ThreadSlot {
    const fn new() -> Self {
        ThreadSlot {
            owner: AtomicU32::new(0),
            depth: Cell::new(0),
            cache: UnsafeCell::new([EMPTY; CACHED]),
            last_command_buffer: Cell::new(EMPTY),
            graveyard: UnsafeCell::new(Vec::new()),
            spares: UnsafeCell::new(Vec::new()),
            uses: UnsafeCell::new(Vec::new()),
            thread: Cell::new(0),
            published: Cell::new(0),
            read: UnsafeCell::new([std::ptr::null(); CAPACITY]),
            inside_pool: AtomicUsize::new(0),
            inside_command_buffer: AtomicUsize::new(0),
            inside_command: AtomicU32::new(0),
        }
    }

    /// Drops every strong reference the slot holds (its owner is gone or leaving).
    ///
    /// # Safety
    /// Only the slot's owner may call it, outside any call.
    unsafe fn clear(&self) {
        // SAFETY: the caller owns the slot and holds no borrow of its cells.
        let (cache, graveyard) = unsafe { (&mut *self.cache.get(), &mut *self.graveyard.get()) };
        self.last_command_buffer.set(EMPTY);
        for c in cache.iter_mut() {
            release(std::mem::replace(c, EMPTY).record);
        }
        for p in graveyard.drain(..) {
            release(p);
        }
        unsafe { (*self.spares.get()).clear() };
        // An exited thread was inside no call: it holds no use and publishes no read.
        unsafe { (*self.uses.get()).clear() };
        self.depth.set(0);
        self.thread.set(0);
        self.published.set(0);
        self.inside_pool.store(0, Ordering::Release);
    }
}

/// Keeps the overlaps of a command buffer's write (`mine`) and of its pool's (`pools`).
#[cold]
fn keep_pooled(overlaps: &mut Overlaps, r: &ObjectRecord, pool: &ObjectRecord, [mine, pools]: [Option<Overlap>; 2]) {
    for (r, overlap) in [(r, mine), (pool, pools)] {
        if let Some(overlap) = overlap {
            overlaps.found(r, true, overlap);
        }
    }
}

/// A record's address, as a slot says where its owner is.
#[inline(always)]
fn address(r: &ObjectRecord) -> usize {
    r as *const ObjectRecord as usize
}

/// Drops a strong reference made with `Arc::into_raw` (null: none).
fn release(p: *const ObjectRecord) {
    if !p.is_null() {
        // SAFETY: every non-null pointer a slot holds is a strong reference it owns.
        drop(unsafe { Arc::from_raw(p) });
    }
}

/// A bit of [`type_flags`]: some command writes objects of the type, so their uses are counted.
pub const SYNCED_TYPE: u8 = 1;
/// Objects of the type are shared by recording threads: their reads are published in the
/// reading thread's slot (`SHARED_READS`).
pub const SHARED_TYPE: u8 = 2;
/// Writing an object of the type also writes the pool it came from (`WRITES_POOL`).
pub const POOLED_TYPE: u8 = 4;
/// Objects of the type are the pools of a [`POOLED_TYPE`]: leased to the thread recording in
/// them (the module's documentation).
pub const POOL_TYPE: u8 = 8;

/// The three generated per-type tables as one, so a handle costs one load and one bound check.
const TYPE_FLAGS: [u8; SYNCED.len()] = {
    let mut out = [0u8; SYNCED.len()];
    let mut t = 0;
    while t < out.len() {
        out[t] = (SYNCED[t] as u8 * SYNCED_TYPE)
            | (SHARED_READS[t] as u8 * SHARED_TYPE)
            | (WRITES_POOL[t] as u8 * POOLED_TYPE)
            | ((t == handle_type::COMMAND_POOL as usize) as u8 * POOL_TYPE);
        t += 1;
    }
    out
};

/// [`TYPE_FLAGS`] where it is read at run time.
static TYPE_FLAGS_BY_TYPE: [u8; SYNCED.len()] = TYPE_FLAGS;

/// What thread safety does with handles of type `ty` (`SYNCED_TYPE`, `SHARED_TYPE`,
/// `POOLED_TYPE`); nothing for a type the tables do not have.
#[inline(always)]
pub fn type_flags(ty: u16) -> u8 {
    TYPE_FLAGS_BY_TYPE.get(usize::from(ty)).copied().unwrap_or(0)
}

/// [`type_flags`] when compiled.
pub const fn type_flags_of(ty: u16) -> u8 {
    if (ty as usize) < TYPE_FLAGS.len() {
        TYPE_FLAGS[ty as usize]
    } else {
        0
    }
}

/// Overlaps reported per call at most; more in one call are dropped.
pub const MAX_OVERLAPS: usize = 4;

/// An overlap found while counting, reported once the counting is over.
#[derive(Clone, Copy)]
pub struct Found {
    /// Its object's type: index into `HANDLE_TYPES`.
    pub ty: u16,
    pub handle: u64,
    /// Whether this call's use writes.
    pub write: bool,
    pub overlap: Overlap,
}

/// The overlaps of one call (the first [`MAX_OVERLAPS`]), uninitialized until found.
#[derive(Clone, Copy)]
pub struct Overlaps {
    found: [MaybeUninit<Found>; MAX_OVERLAPS],
    /// How many were found.
    pub n: usize,
}

impl Overlaps {
    /// None yet.
    #[inline(always)]
    pub const fn new() -> Self {
        Overlaps { found: [const { MaybeUninit::uninit() }; MAX_OVERLAPS], n: 0 }
    }

    /// Keeps `f`, unless [`MAX_OVERLAPS`] are kept already.
    pub fn push(&mut self, f: Found) {
        if let Some(slot) = self.found.get_mut(self.n) {
            slot.write(f);
            self.n += 1;
        }
    }

    /// Keeps `overlap`, found by a use of `r` (a write: `write`).
    #[cold]
    pub fn found(&mut self, r: &ObjectRecord, write: bool, overlap: Overlap) {
        self.push(Found { ty: r.key.ty, handle: r.key.handle, write, overlap });
    }

    /// The overlaps kept.
    pub fn iter(&self) -> impl Iterator<Item = &Found> {
        // SAFETY: the first `n` entries were written by `push`.
        self.found[..self.n].iter().map(|f| unsafe { f.assume_init_ref() })
    }
}

impl Default for Overlaps {
    fn default() -> Self {
        Self::new()
    }
}

/// Entries of a call's found handles ([`CallHandles`](crate::chassis::handles::CallHandles))
/// the walk counted, when it counted: [`NOT_FUSED`] when it did not (thread safety counts
/// them all), else how many of the first entries it dealt with.
pub const NOT_FUSED: u8 = u8::MAX;

/// What the walk that found a call's handles counted of its uses (one per call, in its
/// [`Entered`]).
pub struct Fused {
    to: Cell<u8>,
    overlaps: UnsafeCell<Overlaps>,
}

impl Fused {
    /// Nothing counted.
    #[inline(always)]
    pub const fn new() -> Self {
        Fused { to: Cell::new(NOT_FUSED), overlaps: UnsafeCell::new(Overlaps::new()) }
    }

    /// How many of the call's first found handles the walk dealt with ([`NOT_FUSED`]: it
    /// counted nothing).
    #[inline(always)]
    pub fn to(&self) -> u8 {
        self.to.get()
    }

    /// Whether the walk counted every one of `len` found handles and found nothing to report:
    /// thread safety has nothing left to do for the call.
    #[inline(always)]
    pub fn done(&self, len: usize) -> bool {
        // SAFETY: the calling thread's own cell; no reference into it is held.
        usize::from(self.to.get()) == len && unsafe { (*self.overlaps.get()).n } == 0
    }

    /// The walk begins counting.
    #[inline(always)]
    pub fn start(&self) {
        self.to.set(0);
    }

    /// The walk dealt with found handle number `index`.
    #[inline(always)]
    pub fn counted(&self, index: usize) {
        self.to.set(index as u8 + 1);
    }

    /// Runs `f` with the overlaps the walk found.
    #[inline(always)]
    pub fn with_overlaps<R>(&self, f: impl FnOnce(&mut Overlaps) -> R) -> R {
        // SAFETY: the calling thread's own cell (an `Entered` is not `Send`), and `f` cannot
        // reach it again: it gets the only reference.
        f(unsafe { &mut *self.overlaps.get() })
    }

    /// Back to nothing counted.
    pub fn forget(&self) {
        self.to.set(NOT_FUSED);
        // SAFETY: as in `done`.
        unsafe { (*self.overlaps.get()).n = 0 };
    }

    /// The overlaps the walk found, taken.
    pub fn take_overlaps(&self) -> Overlaps {
        // SAFETY: as in `done`.
        std::mem::take(unsafe { &mut *self.overlaps.get() })
    }
}

impl Default for Fused {
    fn default() -> Self {
        Self::new()
    }
}

static SLOTS: [ThreadSlot; SLOT_COUNT] = [const { ThreadSlot::new() }; SLOT_COUNT];
/// Slots handed out so far.
static CLAIMED: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    /// The calling thread's slot: 0 before it asked for one, `u32::MAX` when none was free,
    /// else its index + 1. No destructor (see the module's documentation).
    static SLOT: Cell<u32> = const { Cell::new(0) };
    /// The calling thread's kernel id, 0 until asked.
    static THREAD: Cell<u32> = const { Cell::new(0) };
}

/// The kernel's id of the calling thread (what debuggers and `top -H` show), never 0.
pub fn current_thread() -> u32 {
    THREAD
        .try_with(|t| {
            if t.get() == 0 {
                t.set(os_thread_id());
            }
            t.get()
        })
        .unwrap_or(u32::MAX)
}

fn os_thread_id() -> u32 {
    static FALLBACK: AtomicU32 = AtomicU32::new(0x8000_0000);
    std::fs::read_link("/proc/thread-self")
        .ok()
        .and_then(|p| p.file_name().and_then(|n| n.to_str()).and_then(|n| n.parse().ok()))
        .filter(|&t| t != 0)
        .unwrap_or_else(|| FALLBACK.fetch_add(1, Ordering::Relaxed))
}

/// Whether the thread with kernel id `thread` may still be running (when unsure: yes).
pub fn thread_alive(thread: u32) -> bool {
    let tasks = std::path::Path::new("/proc/self/task");
    // Ids from the fallback counter (no /proc) are never known dead.
    thread >= 0x8000_0000 || !tasks.is_dir() || tasks.join(thread.to_string()).exists()
}

/// A slot for the calling thread: a fresh one, or one whose thread has exited (emptied first).
#[cold]
fn claim() -> Option<u32> {
    let me = current_thread();
    let mut n = CLAIMED.load(Ordering::Relaxed);
    while n < SLOT_COUNT {
        match CLAIMED.compare_exchange_weak(n, n + 1, Ordering::AcqRel, Ordering::Relaxed) {
            Ok(_) => {
                SLOTS[n].owner.store(me, Ordering::Release);
                readers::own(n as u32, me);
                return Some(n as u32);
            }
            Err(now) => n = now,
        }
    }
    for (i, s) in SLOTS.iter().enumerate() {
        let owner = s.owner.load(Ordering::Acquire);
        if owner != 0
            && owner != me
            && !thread_alive(owner)
            && s.owner.compare_exchange(owner, me, Ordering::AcqRel, Ordering::Relaxed).is_ok()
        {
            // SAFETY: the slot is ours now; its exited owner holds nothing of it.
            unsafe { s.clear() };
            readers::own(i as u32, me);
            return Some(i as u32);
        }
    }
    None
}

/// The calling thread inside a call: records found through it stay valid while it lives, and
/// the uses the call begins end when it drops. Not `Send`: it is the thread's own.
pub struct Entered {
    slot: &'static ThreadSlot,
    /// The slot's index (the thread's readers' slot has the same).
    index: u32,
    /// Where this call's held uses and published reads start (a nested call's come after).
    uses_from: usize,
    published_from: usize,
    /// What the walk that found the call's handles counted of its uses.
    fused: Fused,
    _not_send: std::marker::PhantomData<*const ()>,
}

/// Enters a call on the calling thread; `None` when the thread has no slot (every slot belongs
/// to a live thread), and then nothing can be borrowed: callers take the table's own paths.
#[inline]
pub fn enter() -> Option<Entered> {
    let index = SLOT
        .try_with(|s| {
            if s.get() == 0 {
                s.set(claim().map_or(u32::MAX, |i| i + 1));
            }
            s.get()
        })
        .ok()?;
    if index == u32::MAX {
        return None;
    }
    let slot = &SLOTS[(index - 1) as usize % SLOT_COUNT];
    slot.depth.set(slot.depth.get() + 1);
    // SAFETY: the owner's cell; no reference into it is held.
    let uses_from = unsafe { (*slot.uses.get()).len() };
    let published_from = slot.published.get();
    Some(Entered {
        slot,
        index: index - 1,
        uses_from,
        published_from,
        fused: Fused::new(),
        _not_send: std::marker::PhantomData,
    })
}

impl Drop for Entered {
    /// In line in every intercept: out of line, the call and its register saves were half of
    /// its ~20 instructions a call.
    #[inline(always)]
    fn drop(&mut self) {
        // SAFETY: the owner's cell; no reference into it is held.
        if unsafe { (*self.slot.uses.get()).len() } > self.uses_from {
            self.end_uses();
        }
        if self.slot.published.get() != self.published_from {
            self.retract();
        }
        let depth = self.slot.depth.get() - 1;
        self.slot.depth.set(depth);
        if depth == 0 {
            // Out of every call: in no pool.
            self.slot.inside_pool.store(0, Ordering::Release);
            // SAFETY: the owner's cell; no reference into it is held.
            if !unsafe { (*self.slot.graveyard.get()).is_empty() } {
                self.bury();
            }
        }
    }
}

impl Entered {
    /// Drops the records evicted while the thread's outermost call ran (it just returned).
    #[cold]
    #[inline(never)]
    fn bury(&self) {
        // SAFETY: the owner's cells, and no call of this thread is in progress.
        let (graveyard, spares) = unsafe { (&mut *self.slot.graveyard.get(), &mut *self.slot.spares.get()) };
        for p in graveyard.drain(..) {
            if spares.len() >= SPARES {
                release(p);
                continue;
            }
            // SAFETY: a strong reference the slot owns.
            if let Some(spare) = ObjectRecord::into_spare(unsafe { Arc::from_raw(p) }) {
                spares.push(spare);
            }
        }
    }

    /// The allocation of a record this thread's graveyard held last, for a new record.
    #[inline]
    pub fn spare(&self) -> Option<SpareRecord> {
        // SAFETY: the owner's cell; no reference into it is held (`bury`, the only other user
        // while the thread is in a call, runs when its outermost call returns).
        unsafe { (*self.slot.spares.get()).pop() }
    }
}

/// The first entry of `k`'s set: a multiplicative hash of value and type.
#[inline(always)]
fn cache_set(k: &Key) -> usize {
    let h = (k.handle ^ u64::from(k.ty)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    ((h >> 60) as usize) * WAYS
}

impl Entered {
    /// The record of `k` if the object is in the table, borrowed while `self` lives.
    #[inline(always)]
    pub fn find(&self, k: Key) -> Option<&ObjectRecord> {
        let set = cache_set(&k);
        // SAFETY: the owner's cell; no reference into it is held across this function (the
        // records it points at are what is returned).
        let ways = unsafe { &(&*self.slot.cache.get())[set..set + WAYS] };
        // Every way, in line: which way a loop's handles land in depends on their values, and
        // a hit must cost the same in each (the handle first: it differs most often).
        for c in ways {
            if c.key.handle == k.handle && c.key.ty == k.ty && c.key.scope == k.scope {
                // SAFETY: a strong reference the slot holds until the outermost call returns
                // (null only in an empty entry, whose key no lookup has).
                let record = unsafe { &*c.record };
                if record.destroyed.load(Ordering::Acquire) {
                    break;
                }
                return Some(record);
            }
        }
        self.find_uncached(k.scope, k.handle, k.ty, set)
    }

    /// [`Self::find`] of a command buffer (`k.ty` must be its type): the one the thread found
    /// last answers without the cache's hash and ways.
    #[inline(always)]
    pub fn find_command_buffer(&self, k: Key) -> Option<&ObjectRecord> {
        let last = self.slot.last_command_buffer.get();
        if last.key.handle == k.handle && last.key.scope == k.scope {
            // SAFETY: a copy of a cache entry, emptied when the entry is evicted: the cache's
            // strong reference keeps it alive (null only when empty, whose handle is 0 and
            // never looked up).
            let record = unsafe { &*last.record };
            if !record.destroyed.load(Ordering::Acquire) {
                return Some(record);
            }
        }
        let record = self.find(k)?;
        self.slot.last_command_buffer.set(Cached { key: k, record });
        Some(record)
    }

    /// [`Self::find`] past a miss: the table's lookup, kept in the set's first way. The key
    /// comes in registers: a `Key` argument was stored to the stack before every hit.
    #[inline(never)]
    fn find_uncached(&self, scope: u64, handle: u64, ty: u16, set: usize) -> Option<&ObjectRecord> {
        let k = Key { scope, handle, ty };
        let found = OBJECTS.get_uncached(k)?;
        Some(self.keep_cached(k, set, found))
    }

    /// Keeps `r`, the record just made for `k`, in the cache: the calls that name a new object
    /// come right after the one that made it, and find it without the table.
    pub fn remember(&self, k: Key, r: Arc<ObjectRecord>) {
        self.keep_cached(k, cache_set(&k), r);
    }

    /// Puts `found`, the record of `k`, first in `k`'s set (`set`), and borrows it.
    fn keep_cached(&self, k: Key, set: usize, found: Arc<ObjectRecord>) -> &ObjectRecord {
        // SAFETY: the owner's cells; nothing else of this thread touches them meanwhile.
        let (cache, graveyard) = unsafe { (&mut *self.slot.cache.get(), &mut *self.slot.graveyard.get()) };
        let ways = &mut cache[set..set + WAYS];
        let p = Arc::into_raw(found);
        let fresh = Cached { key: k, record: p };
        // A stale entry of the same key gives way, else the set's oldest; the new one goes first.
        let out = ways.iter().position(|c| c.key == k).unwrap_or(WAYS - 1);
        let evicted = std::mem::replace(&mut ways[out], fresh);
        ways[..=out].rotate_right(1);
        if !evicted.record.is_null() {
            if self.slot.last_command_buffer.get().record == evicted.record {
                self.slot.last_command_buffer.set(EMPTY);
            }
            graveyard.push(evicted.record);
        }
        // SAFETY: the strong reference just stored, kept until the outermost call returns.
        unsafe { &*p }
    }
}

impl Entered {
    /// The calling thread's kernel id.
    #[inline]
    pub fn thread(&self) -> u32 {
        match self.slot.thread.get() {
            0 => {
                let t = current_thread();
                self.slot.thread.set(t);
                t
            }
            t => t,
        }
    }

    /// Begins a use of `r` by `command`, held until this call returns: counted in the record,
    /// and for a write of a shared object also raising its writer stripe. The overlapping use
    /// of another thread, if any: a counted one, or a read another thread published.
    #[inline(always)]
    #[cfg(test)]
    pub fn begin_use(&self, r: &ObjectRecord, write: bool, command: u16) -> Option<Overlap> {
        self.begin_use_by(r, (write, type_flags(r.key.ty)), self.thread(), command)
    }

    /// [`Self::begin_use`] by the calling thread, `thread` (a walk asks for its id once), with
    /// the [`type_flags`] of `r`'s type at hand.
    #[inline(always)]
    pub fn begin_use_by(
        &self,
        r: &ObjectRecord,
        (write, flags): (bool, u8),
        thread: u32,
        command: u16,
    ) -> Option<Overlap> {
        let counted = r.uses.begin(write, thread, command);
        if write && flags & SHARED_TYPE != 0 {
            return self.begin_shared_write(r, thread, counted);
        }
        let entry = r as *const ObjectRecord as usize | if write { WRITE } else { 0 };
        // SAFETY: the owner's cell; no reference into it is held.
        unsafe { (*self.slot.uses.get()).push(entry) };
        if flags & (POOLED_TYPE | POOL_TYPE) != 0 {
            return counted.or_else(|| self.leased_overlap(r, flags));
        }
        counted
    }

    /// For a use of a command buffer or pool counted in its record: the lease holder's call
    /// inside it, if another thread's.
    #[cold]
    #[inline(never)]
    fn leased_overlap(&self, r: &ObjectRecord, flags: u8) -> Option<Overlap> {
        if flags & POOLED_TYPE != 0 {
            let pool = r.parent.as_deref()?;
            self.inside(pool.uses.lease_holder(), pool, r)[0]
        } else {
            self.inside(r.uses.lease_holder(), r, r)[1]
        }
    }

    /// Where the thread of slot `holder` (index + 1) is, when it is another thread's inside
    /// `pool`: an overlap on `command_buffer` when it is writing that one, and on the pool.
    fn inside(&self, holder: u32, pool: &ObjectRecord, command_buffer: &ObjectRecord) -> [Option<Overlap>; 2] {
        let Some(s) = holder.checked_sub(1).filter(|&i| i != self.index).and_then(|i| SLOTS.get(i as usize)) else {
            return [None, None];
        };
        if s.inside_pool.load(Ordering::SeqCst) != address(pool) {
            return [None, None];
        }
        let o = Overlap {
            thread: s.owner.load(Ordering::Relaxed),
            command: s.inside_command.load(Ordering::Relaxed) as u16,
            other_writes: true,
        };
        let on_it = s.inside_command_buffer.load(Ordering::Relaxed) == address(command_buffer);
        [on_it.then_some(o), Some(o)]
    }

    /// Begins a write of command buffer `r` and of `pool`, the pool it was allocated from (its
    /// record's parent), until this call returns; the overlapping uses of other threads go to
    /// `overlaps`, the command buffer's first. Neither type is shared (`type_flags`' test).
    ///
    /// The thread's outermost call writes under the pool's lease (the module's documentation):
    /// where the thread holds it and no other use is counted, a few stores and loads, no use
    /// held; otherwise both are counted in the records and held as one use. Overlaps are kept
    /// from out of line (an array of two options returned through memory cost the common call
    /// a dozen instructions).
    #[inline(always)]
    pub fn begin_pooled_write(
        &self,
        r: &ObjectRecord,
        pool: &ObjectRecord,
        (thread, command): (u32, u16),
        overlaps: &mut Overlaps,
    ) {
        let slot = self.slot;
        if slot.depth.get() != 1 || slot.inside_pool.load(Ordering::Relaxed) != 0 {
            // A nested call, or a second command buffer in one call.
            return keep_pooled(overlaps, r, pool, self.count_pooled_write([None, None], r, pool, thread, command));
        }
        slot.inside_command_buffer.store(address(r), Ordering::Relaxed);
        slot.inside_command.store(u32::from(command), Ordering::Relaxed);
        // Written before the lease is read: a thread taking the lease writes it, then reads
        // this.
        slot.inside_pool.swap(address(pool), Ordering::SeqCst);
        if pool.uses.lease_holder() == self.index + 1 && r.uses.idle() && pool.uses.idle() {
            return;
        }
        keep_pooled(overlaps, r, pool, self.lease_contended(r, pool, thread, command));
    }

    /// [`Self::begin_pooled_write`] where the thread does not hold the pool's lease, or some
    /// use is counted in the records: takes the lease unless its holder is inside the pool.
    #[cold]
    #[inline(never)]
    fn lease_contended(
        &self,
        r: &ObjectRecord,
        pool: &ObjectRecord,
        thread: u32,
        command: u16,
    ) -> [Option<Overlap>; 2] {
        let me = self.index + 1;
        let mut holder = pool.uses.lease_holder();
        let found = loop {
            if holder == me {
                // The records count other threads' uses only.
                return [r.uses.counted_by_other(thread), pool.uses.counted_by_other(thread)];
            }
            let found = self.inside(holder, pool, r);
            if found[1].is_some() {
                break found;
            }
            match pool.uses.move_lease(holder, me) {
                // Read again now that the lease is written: the holder may have entered the
                // pool meanwhile, reading the lease before it moved.
                Ok(()) => match self.inside(holder, pool, r) {
                    [_, None] => holder = me,
                    found => {
                        let _ = pool.uses.move_lease(me, holder);
                        break found;
                    }
                },
                Err(now) => holder = now,
            }
        };
        // Its holder is inside the pool: it keeps the lease (so that others still find it), and
        // this write is counted in the records, where the holder finds it.
        self.slot.inside_pool.store(0, Ordering::Release);
        self.count_pooled_write(found, r, pool, thread, command)
    }

    /// A command buffer's write and its pool's counted in their records and held as one use,
    /// with what overlaps: `found` (the lease holder's call, when it was found inside the pool),
    /// else the holder's call inside the pool, if any.
    #[cold]
    #[inline(never)]
    fn count_pooled_write(
        &self,
        found: [Option<Overlap>; 2],
        r: &ObjectRecord,
        pool: &ObjectRecord,
        thread: u32,
        command: u16,
    ) -> [Option<Overlap>; 2] {
        let counted = [r.uses.begin(true, thread, command), pool.uses.begin(true, thread, command)];
        // SAFETY: the owner's cell; no reference into it is held.
        unsafe { (*self.slot.uses.get()).push(r as *const ObjectRecord as usize | WRITE | POOL) };
        let held = if found[1].is_some() { found } else { self.inside(pool.uses.lease_holder(), pool, r) };
        [counted[0].or(held[0]), counted[1].or(held[1])]
    }

    /// [`Self::begin_use`] of a write of a shared object (counted already: `counted`), out of
    /// line: it also raises the object's writer stripe and looks for published reads.
    #[inline(never)]
    fn begin_shared_write(&self, r: &ObjectRecord, thread: u32, counted: Option<Overlap>) -> Option<Overlap> {
        let entry = r as *const ObjectRecord as usize | WRITE | STRIPE;
        let published = readers::begin_write(readers::fingerprint(r), thread, CLAIMED.load(Ordering::Acquire))
            .map(|(thread, command)| Overlap { thread, command, other_writes: false });
        // SAFETY: the owner's cell; no reference into it is held.
        unsafe { (*self.slot.uses.get()).push(entry) };
        counted.or(published)
    }

    /// Borrows `r` for as long as `self` lives: kept alive (in the graveyard) until the
    /// outermost call returns.
    pub fn keep(&self, r: Arc<ObjectRecord>) -> &ObjectRecord {
        let p = Arc::into_raw(r);
        // SAFETY: the owner's cell; the strong reference is dropped with the graveyard.
        unsafe { (*self.slot.graveyard.get()).push(p) };
        // SAFETY: alive until then.
        unsafe { &*p }
    }

    /// Ends this call's uses, the last begun first.
    #[cold]
    fn end_uses(&self) {
        // SAFETY: the owner's cell; the loop holds no other borrow of it.
        let uses = unsafe { &mut *self.slot.uses.get() };
        while uses.len() > self.uses_from {
            let Some(entry) = uses.pop() else { break };
            // SAFETY: a record held by `begin_use`, alive until the outermost call returns.
            let r = unsafe { &*((entry & !(WRITE | STRIPE | POOL)) as *const ObjectRecord) };
            r.uses.end(entry & WRITE != 0);
            if entry & POOL != 0 {
                // The parent `begin_pooled_write` counted: a record's parent never changes.
                if let Some(pool) = r.parent.as_deref() {
                    pool.uses.end(true);
                }
            }
            if entry & STRIPE != 0 {
                readers::end_write(readers::fingerprint(r));
            }
        }
    }

    /// What the walk that found this call's handles counted of its uses.
    #[inline(always)]
    pub fn fused(&self) -> &Fused {
        &self.fused
    }

    /// Undoes what the walk counted (its uses ended, its reads withdrawn, its overlaps
    /// forgotten): thread safety counts the call again by a walk of its own.
    #[cold]
    pub fn forget_fused(&self) {
        if self.slot.depth.get() == 1 {
            // Its pool's lease is taken again by the counting that follows (which finds what
            // overlaps again).
            self.slot.inside_pool.store(0, Ordering::Release);
        }
        // SAFETY: the owner's cell; no reference into it is held.
        if unsafe { (*self.slot.uses.get()).len() } > self.uses_from {
            self.end_uses();
        }
        if self.slot.published.get() != self.published_from {
            self.retract();
        }
        self.fused.forget();
    }

    /// How many reads the thread has published (where this call's begin).
    #[inline]
    pub fn published(&self) -> usize {
        self.slot.published.get()
    }

    /// The index of the thread's slot (and of its readers' slot).
    #[cfg(test)]
    pub fn index(&self) -> u32 {
        self.index
    }

    /// The thread's slot among the readers' (its own index).
    fn reader(&self) -> &'static readers::Slot {
        readers::slot(self.index)
    }

    /// Publishes a read of the shared object of `r`, borrowed for the call, by `command`
    /// (visible once [`Self::publish`] runs); false when the slot is full or there is none, and
    /// the read must be counted in the object.
    #[inline(always)]
    pub fn read_shared(&self, r: &ObjectRecord, command: u16) -> bool {
        let i = self.slot.published.get();
        if i >= CAPACITY {
            return false;
        }
        self.reader().write(i, readers::fingerprint(r), command);
        // SAFETY: the owner's cell; no reference into it is held.
        unsafe { (*self.slot.read.get())[i] = r };
        self.slot.published.set(i + 1);
        true
    }

    /// Makes the reads published from `from` on visible to writers, then gives `confirm` the
    /// record of each one whose object some writer may be writing.
    #[inline]
    pub fn publish(&self, from: usize, mut confirm: impl FnMut(&ObjectRecord)) {
        let published = self.slot.published.get();
        if published <= from {
            return;
        }
        self.reader().publish(published);
        // SAFETY: the owner's cell; `confirm` runs no code of this thread's calls. The records
        // were borrowed for calls still in progress.
        let read = unsafe { &(&*self.slot.read.get())[from..published] };
        for &r in read {
            if readers::maybe_written(readers::fingerprint(r)) {
                confirm(unsafe { &*r });
            }
        }
    }

    /// Withdraws the reads this call published.
    #[cold]
    fn retract(&self) {
        self.slot.published.set(self.published_from);
        self.reader().retract(self.published_from);
    }
}

/// The calling thread's state a call was made with (`Call::with_thread`), if the intercept
/// entered one.
#[inline(always)]
pub fn entered<'a>(cx: &Call<'a>) -> Option<&'a Entered> {
    // SAFETY: intercepts give a call only a pointer to the `Entered` they hold until it returns.
    unsafe { (cx.thread() as *const Entered).as_ref() }
}

impl Entered {
    /// What [`Call::with_thread`] takes.
    #[inline(always)]
    pub fn as_opaque(&self) -> *const () {
        self as *const Entered as *const ()
    }
}

/// A strong reference to a record borrowed from an [`Entered`], for keeping beyond the call.
pub fn share(r: &ObjectRecord) -> Arc<ObjectRecord> {
    // SAFETY: every record lives in an `Arc` (the table's and the slots' references are
    // `Arc`s), and the borrow proves one is alive now.
    unsafe {
        Arc::increment_strong_count(r);
        Arc::from_raw(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::objects::key;
    use crate::state::{Origin, TYPES};

    /// The combined table says what the three generated ones say; the one pooled type is the
    /// command buffer, and its and its pool's uses are counted, never published as shared reads
    /// (the walk begins a pool's write without looking its type up).
    #[test]
    fn type_flags_combine_the_generated_tables() {
        for t in 0..SYNCED.len() as u16 {
            let f = type_flags(t);
            let i = usize::from(t);
            assert_eq!(
                (f & SYNCED_TYPE != 0, f & SHARED_TYPE != 0, f & POOLED_TYPE != 0),
                (SYNCED[i], SHARED_READS[i], WRITES_POOL[i])
            );
        }
        let pooled: Vec<u16> = (0..SYNCED.len() as u16).filter(|&t| type_flags(t) & POOLED_TYPE != 0).collect();
        assert_eq!(pooled, [TYPES.command_buffer]);
        // `begin_pooled_write` counts both in their records, raising no writer stripe.
        assert_eq!(type_flags(TYPES.command_buffer) & SHARED_TYPE, 0);
        assert_eq!(type_flags(TYPES.command_pool), SYNCED_TYPE | POOL_TYPE);
        assert_eq!(type_flags(u16::MAX), 0);
    }

    #[test]
    fn found_records_outlive_their_removal_until_the_call_returns() {
        let k = Key { scope: 0x7e57_0001, handle: 0xabc0, ty: 3 };
        OBJECTS.insert(k, None, false, Origin::Created);
        let entered = enter().expect("a slot");
        let r = entered.find(k).expect("in the table");
        assert!(std::ptr::eq(r, entered.find(k).unwrap()), "found again from the cache");
        OBJECTS.remove(k);
        assert!(entered.find(k).is_none(), "gone from the table: the cached entry is stale");
        assert!(r.destroyed(), "the borrowed record is still readable");
        drop(entered);
        let _ = key;
    }

    #[test]
    fn an_exited_threads_slot_is_taken_over() {
        // More threads, one after another, than there are slots: each still gets one.
        for _ in 0..300 {
            assert!(std::thread::spawn(|| enter().is_some()).join().unwrap());
        }
    }

    #[test]
    fn uses_end_when_the_call_returns_nested_calls_first() {
        let k = Key { scope: 0x7e57_0003, handle: 0xcc0, ty: 3 };
        OBJECTS.insert(k, None, false, Origin::Created);
        let outer = enter().unwrap();
        let r = outer.find(k).unwrap();
        assert_eq!(outer.begin_use(r, true, 1), None);
        {
            let inner = enter().unwrap();
            // The thread's own use does not overlap.
            assert_eq!(inner.begin_use(r, false, 2), None);
        }
        let other = std::thread::scope(|s| s.spawn(|| r.uses.begin(false, 0x7fff_0042, 3)).join().unwrap());
        assert!(other.is_some_and(|o| o.other_writes), "the outer write is still held");
        r.uses.end(false);
        let kept = OBJECTS.get(k).unwrap();
        drop(outer);
        assert_eq!(kept.uses.begin(true, 0x7fff_0043, 4), None, "ended with the outer call");
        kept.uses.end(true);
        OBJECTS.remove(k);
    }

    /// `begin_pooled_write`'s overlaps: the command buffer's and the pool's.
    fn pooled(e: &Entered, cb: &ObjectRecord, pool: &ObjectRecord, thread: u32, command: u16) -> [Option<Overlap>; 2] {
        let mut overlaps = Overlaps::new();
        e.begin_pooled_write(cb, pool, (thread, command), &mut overlaps);
        let of = |r: &ObjectRecord| {
            overlaps.iter().find(|f| f.handle == r.key.handle && f.ty == r.key.ty).map(|f| f.overlap)
        };
        [of(cb), of(pool)]
    }

    /// Runs `during` while another thread is inside a call writing `cb` (of `pool`): that thread
    /// enters, writes, and stays until `during` returns.
    fn while_another_writes(cb: &ObjectRecord, pool: &ObjectRecord, during: impl FnOnce()) {
        let (inside, stay) = (std::sync::Barrier::new(2), std::sync::Barrier::new(2));
        std::thread::scope(|s| {
            s.spawn(|| {
                let e = enter().unwrap();
                assert_eq!(pooled(&e, cb, pool, e.thread(), 7), [None, None]);
                inside.wait();
                stay.wait();
            });
            inside.wait();
            during();
            stay.wait();
        });
    }

    /// A pool's lease: its holder's call is found by every other use of the pool or of its
    /// command buffers, counted or not; a thread that finds the holder out of the pool takes the
    /// lease; the holder finds a use counted while it was out.
    #[test]
    fn a_pools_lease_holder_and_the_other_uses_find_each_other() {
        let scope = 0x7e57_0007;
        let pool_key = Key { scope, handle: 0xe00, ty: TYPES.command_pool };
        let pool = OBJECTS.insert(pool_key, None, false, Origin::Created).unwrap();
        let keys = [0xe10, 0xe20].map(|handle| Key { scope, handle, ty: TYPES.command_buffer });
        let [cb, other] = keys.map(|k| OBJECTS.insert(k, Some(pool.clone()), false, Origin::Created).unwrap());
        let (cb, other, pool) = (&*cb, &*other, &*pool);
        let me = current_thread();
        while_another_writes(cb, pool, || {
            let e = enter().unwrap();
            let [mine, pools] = pooled(&e, cb, pool, me, 8);
            let o = mine.expect("the same command buffer");
            assert!(o.other_writes && o.command == 7 && o.thread != me);
            assert_eq!(pools, Some(o));
            drop(e);
            let e = enter().unwrap();
            let [mine, pools] = pooled(&e, other, pool, me, 8);
            assert_eq!((mine, pools.map(|o| o.command)), (None, Some(7)), "another command buffer of the pool");
            drop(e);
            // Counted uses: a read of the command buffer, a write of the pool.
            let e = enter().unwrap();
            assert!(e.begin_use_by(cb, (false, type_flags(TYPES.command_buffer)), me, 9).is_some());
            assert!(e.begin_use_by(other, (false, type_flags(TYPES.command_buffer)), me, 9).is_none());
            assert!(e.begin_use_by(pool, (true, type_flags(TYPES.command_pool)), me, 9).is_some());
        });
        // The holder is out: taken over, nothing overlaps; then this thread holds it.
        let e = enter().unwrap();
        assert_eq!(pooled(&e, cb, pool, me, 8), [None, None]);
        assert_eq!(pool.uses.lease_holder(), e.index() + 1);
        drop(e);
        // Held, and a use counted in the pool while out of it: found on the way in.
        let e = enter().unwrap();
        let other_thread = 0x7fff_0044;
        assert_eq!(pool.uses.begin(true, other_thread, 3), None);
        let [mine, pools] = pooled(&e, cb, pool, me, 8);
        assert_eq!(mine, None);
        assert_eq!(pools, Some(Overlap { thread: other_thread, command: 3, other_writes: true }));
        pool.uses.end(true);
        drop(e);
        // A nested call's write is counted in the records, and ends with it.
        let outer = enter().unwrap();
        assert_eq!(pooled(&outer, cb, pool, me, 8), [None, None]);
        {
            let inner = enter().unwrap();
            assert_eq!(pooled(&inner, other, pool, me, 9), [None, None]);
            assert!(!pool.uses.idle() && !other.uses.idle());
        }
        assert!(pool.uses.idle() && other.uses.idle());
        drop(outer);
        OBJECTS.remove(keys[0]);
        OBJECTS.remove(keys[1]);
        OBJECTS.remove(pool_key);
    }

    /// Threads taking turns on one pool (a lock between their calls, as an application's
    /// external synchronization) move its lease back and forth and never overlap.
    #[test]
    fn turns_on_a_pool_from_many_threads_never_overlap() {
        let scope = 0x7e57_0008;
        let pool_key = Key { scope, handle: 0xf00, ty: TYPES.command_pool };
        let pool = OBJECTS.insert(pool_key, None, false, Origin::Created).unwrap();
        let keys: Vec<Key> = (1..=4).map(|i| Key { scope, handle: 0xf00 + i * 16, ty: TYPES.command_buffer }).collect();
        let cbs: Vec<_> =
            keys.iter().map(|k| OBJECTS.insert(*k, Some(pool.clone()), false, Origin::Created).unwrap()).collect();
        let turn = std::sync::Mutex::new(());
        std::thread::scope(|s| {
            for (t, cb) in cbs.iter().enumerate() {
                let (turn, pool) = (&turn, &*pool);
                s.spawn(move || {
                    for i in 0..2000 {
                        let _turn = turn.lock().unwrap();
                        let e = enter().unwrap();
                        let me = e.thread();
                        assert_eq!(pooled(&e, cb, pool, me, 1), [None, None], "thread {t}, turn {i}");
                        if i % 7 == 0 {
                            // A use counted in the records in the same turn: a pool reset.
                            assert_eq!(e.begin_use_by(pool, (true, type_flags(TYPES.command_pool)), me, 2), None);
                        }
                    }
                });
            }
        });
        assert!(pool.uses.idle() && cbs.iter().all(|cb| cb.uses.idle()));
        for k in keys.iter().chain([&pool_key]) {
            OBJECTS.remove(*k);
        }
    }

    #[test]
    fn a_made_record_is_remembered_until_it_leaves_the_table() {
        let k = Key { scope: 0x7e57_0006, handle: 0xd00, ty: 5 };
        let made = OBJECTS.insert(k, None, false, Origin::Created).expect("a new record");
        assert!(OBJECTS.insert(k, None, false, Origin::Created).is_none(), "another reference, no new record");
        let entered = enter().unwrap();
        entered.remember(k, made.clone());
        assert!(std::ptr::eq(entered.find(k).unwrap(), &*made), "found as remembered");
        OBJECTS.remove(k);
        OBJECTS.remove(k);
        assert!(entered.find(k).is_none(), "gone from the table");
        drop(entered);
    }

    #[test]
    fn the_last_command_buffer_follows_the_cache() {
        let ty = TYPES.command_buffer;
        let cb = Key { scope: 0x7e57_0004, handle: 0xcb0, ty };
        OBJECTS.insert(cb, None, false, Origin::Created);
        let entered = enter().unwrap();
        let r = entered.find_command_buffer(cb).unwrap();
        assert!(std::ptr::eq(r, entered.find_command_buffer(cb).unwrap()), "found again");
        // Another device's command buffer of the same value is another object.
        assert!(entered.find_command_buffer(Key { scope: 0x7e57_0005, ..cb }).is_none());
        // Evicted from the cache by lookups of other objects: found again from the table, the
        // same record (its cache entry's reference went to the graveyard).
        let others: Vec<Key> = (0..80).map(|i| Key { scope: 0x7e57_0004, handle: 0x2000 + i * 8, ty: 5 }).collect();
        for k in &others {
            OBJECTS.insert(*k, None, false, Origin::Created);
            assert!(entered.find(*k).is_some());
        }
        assert!(std::ptr::eq(r, entered.find_command_buffer(cb).unwrap()), "found again after eviction");
        drop(entered);
        // Freed: the remembered record is stale, and the table answers.
        OBJECTS.remove(cb);
        let entered = enter().unwrap();
        assert!(entered.find_command_buffer(cb).is_none(), "freed");
        OBJECTS.insert(cb, None, false, Origin::Created);
        let fresh = OBJECTS.get(cb).unwrap();
        let found = entered.find_command_buffer(cb).unwrap();
        assert!(!found.destroyed() && std::ptr::eq(found, &*fresh), "a new command buffer of the same value");
        drop(entered);
        OBJECTS.remove(cb);
        for k in &others {
            OBJECTS.remove(*k);
        }
    }

    #[test]
    fn nested_calls_keep_the_outer_calls_records() {
        let keys: Vec<Key> = (0..80).map(|i| Key { scope: 0x7e57_0002, handle: 0x1000 + i * 8, ty: 5 }).collect();
        for k in &keys {
            OBJECTS.insert(*k, None, false, Origin::Created);
        }
        let outer = enter().unwrap();
        let first = outer.find(keys[0]).unwrap();
        {
            let inner = enter().unwrap();
            // Enough lookups to evict everything the outer call found.
            for k in &keys[1..] {
                assert!(inner.find(*k).is_some());
            }
        }
        assert_eq!(first.key, keys[0], "still readable after evictions in a nested call");
        drop(outer);
        for k in &keys {
            OBJECTS.remove(*k);
        }
    }
}
