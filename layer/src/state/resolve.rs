//! The one walk over a call's handles: before the validate hooks, every handle the call names
//! (parameters, members at any depth, arrays, pNext chains) is found in the object table once,
//! through the thread's cache (`thread`), and handed to every validation object in the call
//! context (`chassis::handles`). Object lifetime, thread safety and the tracker's references
//! read that instead of walking the call each on its own.

use std::sync::{Arc, LazyLock};

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;
use vigil_generated::threading::SYNCED;

use super::counting::{self, Counting};
use super::objects::{key, Key, ObjectRecord, Origin, OBJECTS, TYPES};
use super::records::instance_scoped;
use super::sites::{self, SiteVisitor, Skip};
use super::thread::Entered;
use crate::chassis::handles::{CallHandles, Named, DESTROYED, PARAM};
use crate::chassis::raw::{read_ptr, read_uint, Base, ParamCount};
use crate::chassis::Call;

/// The handle types some object reads from the walk: those object lifetime follows and those
/// thread safety counts. Others (a physical device, a display's mode) are left out.
static WANTED: [bool; HANDLE_TYPES.len()] = {
    let mut out = [false; HANDLE_TYPES.len()];
    let mut t = 0;
    while t < out.len() {
        out[t] = wanted(t as u16);
        t += 1;
    }
    out
};

/// The sites the walk visits: outputs never (they are not handles yet), members the registry
/// leaves to prose never either (the spec may ignore them, so they may hold garbage). A
/// parameter left to prose is visited (it is only allowed to be VK_NULL_HANDLE); thread safety
/// leaves it out by its flag.
const SKIP: Skip = Skip { params: OUTPUT, members: OUTPUT | NOAUTO };

/// One parameter of a command whose handle sites are all parameters: it holds a handle, or
/// points at `count` of them.
#[derive(Clone, Copy)]
struct Direct {
    at: u8,
    ty: u16,
    flags: u8,
    /// Objects of its type belong to the instance (else to the device).
    instance_scoped: bool,
    /// Object lifetime follows objects of its type.
    tracked: bool,
    /// `None`: the parameter is the handle; else a pointer to as many as the count says.
    count: Option<ParamCount>,
}

/// A [`DirectPlan`]'s entries past its length.
const UNUSED: Direct = Direct { at: 0, ty: 0, flags: 0, instance_scoped: false, tracked: false, count: None };

/// Parameters a [`DirectPlan`] holds; a command with more wanted handle parameters gets a tree.
const DIRECT_MAX: usize = 8;

/// The sites of a command whose handle sites are all parameters of [`Direct`]'s kinds: worked
/// out at compile time for each generated intercept ([`resolve_at`]), so its walk is a few
/// straight-line lookups, and at run time for the rest.
#[derive(Clone, Copy)]
pub struct DirectPlan {
    len: usize,
    direct: [Direct; DIRECT_MAX],
}

/// How a command's handles are found.
enum Plan {
    /// Every site is a parameter of [`Direct`]'s kinds: a loop over them, no walk.
    Direct(Box<DirectPlan>),
    /// Some sites are structure members: the command's tree, compiled from
    /// `for_each_handle_tree!` into straight-line code. Only a non-empty pNext chain goes back
    /// to the tables' walk.
    Tree(CompiledTree),
    /// Neither (none in today's registry): the site walk.
    Walk,
}

/// A command's compiled tree: finds its handles from its parameters.
type CompiledTree = unsafe fn(&mut Walk<'_>, &[*const u8]);

/// Each command's plan, worked out once from the tables.
static PLANS: LazyLock<Box<[Plan]>> = LazyLock::new(|| COMMAND_HANDLES.iter().enumerate().map(plan).collect());

fn plan((index, command): (usize, &'static CommandHandles)) -> Plan {
    if let Some(direct) = direct_plan(command) {
        return Plan::Direct(Box::new(direct));
    }
    match TREES.binary_search_by_key(&index, |&(i, _)| usize::from(i)) {
        Ok(i) => Plan::Tree(TREES[i].1),
        Err(_) => Plan::Walk,
    }
}

/// Whether some object reads handles of type `ty` from the walk (as [`WANTED`], at compile time).
const fn wanted(ty: u16) -> bool {
    let t = ty as usize;
    t < HANDLE_TYPES.len() && (HANDLE_TYPES[t].tracked || SYNCED[t])
}

/// The direct plan of `COMMAND_HANDLES[command]`, when it has one: what the generated
/// intercepts resolve with, decided when they are compiled.
pub const fn direct_plan_of(command: usize) -> Option<DirectPlan> {
    if command < COMMAND_HANDLES.len() {
        direct_plan(&COMMAND_HANDLES[command])
    } else {
        None
    }
}

/// `command`'s direct plan: `None` when a site is a structure member, an array or a string,
/// or there are more than [`DIRECT_MAX`].
const fn direct_plan(command: &CommandHandles) -> Option<DirectPlan> {
    let destroyed = destroyed_param(command);
    let mut plan = DirectPlan { len: 0, direct: [UNUSED; DIRECT_MAX] };
    let mut i = 0;
    while i < command.params.len() {
        let f = &command.params[i];
        i += 1;
        if f.flags & SKIP.params != 0 {
            continue;
        }
        let HandleElem::Handle(ty) = f.elem else { return None };
        let count = match f.shape {
            Shape::Value => None,
            Shape::Ptr => Some(ParamCount::One),
            Shape::Slice(c) => Some(ParamCount::of(c)),
            Shape::Array(..) | Shape::Str => return None,
        };
        if f.at > u8::MAX as u32 {
            return None;
        }
        if !wanted(ty) {
            continue;
        }
        if plan.len == DIRECT_MAX {
            return None;
        }
        let flags = f.flags | PARAM | if f.at == destroyed { DESTROYED } else { 0 };
        let (instance_scoped, tracked) = (instance_scoped(ty), HANDLE_TYPES[ty as usize].tracked);
        plan.direct[plan.len] = Direct { at: f.at as u8, ty, flags, instance_scoped, tracked, count };
        plan.len += 1;
    }
    Some(plan)
}

/// Finds every handle a call of `COMMAND_HANDLES[command]` names, made on device (or
/// instance) `owner` of `instance`, into `out`; incomplete when there are more than it holds.
///
/// # Safety
/// `params` must be the addresses of the call's parameters (all of them, never NULL), which
/// hold what the application passed, valid as the spec requires for every site the walk visits.
pub unsafe fn resolve(out: &mut CallHandles, entered: &Entered, command: usize, params: &[*const u8], r: Resolving) {
    let Some(info) = COMMAND_HANDLES.get(command) else { return };
    let (owner, instance) = (r.owner, r.instance);
    let plan = &PLANS[command];
    // Counted as `resolve_at` counts: where the plan's sites are known.
    let fused = r.counts_uses && COUNTED_BY_WALK.get(command) == Some(&true);
    let counting = if fused { Some(counting::start(entered, command as u16)) } else { None };
    match plan {
        // SAFETY (all arms): as this function's contract.
        Plan::Direct(direct) => unsafe { resolve_direct(out, entered, direct, params, (owner, instance), counting) },
        Plan::Tree(tree) => {
            out.begin();
            let destroyed = destroyed_param(info);
            let mut walk = Walk { out, entered, owner, instance, destroyed, counting };
            unsafe { tree(&mut walk, params) };
        }
        Plan::Walk => {
            out.begin();
            let destroyed = destroyed_param(info);
            let mut walk = Walk { out, entered, owner, instance, destroyed, counting: None };
            unsafe { sites::visit(info, params, SKIP, &mut walk) };
        }
    }
    if let Some(c) = counting {
        counting::finish(entered, c);
    }
}

/// How a device's or instance's calls find their handles (`Some` when the state tracker runs).
#[derive(Clone, Copy)]
pub struct Resolving {
    /// The device (or instance) whose calls these are.
    pub owner: u64,
    /// Its instance.
    pub instance: u64,
    /// Whether thread safety runs: then the walk also counts the uses it can (`counting`).
    pub counts_uses: bool,
}

/// Whether the walk that finds the handles of a call of `COMMANDS[command]` also counts thread
/// safety's uses (when thread safety runs): thread safety counts the command from what the
/// tracker finds, and its sites are known when compiled (a direct plan or a compiled tree).
pub const fn counted_by_walk(command: usize) -> bool {
    counting::plan_of(command) == counting::FOUND && (direct_plan_of(command).is_some() || tree_of(command).is_some())
}

/// [`counted_by_walk`] every command, for [`resolve`] (the generated intercepts decide it when
/// compiled).
static COUNTED_BY_WALK: [bool; COMMAND_HANDLES.len()] = {
    let mut out = [false; COMMAND_HANDLES.len()];
    let mut c = 0;
    while c < out.len() {
        out[c] = counted_by_walk(c);
        c += 1;
    }
    out
};

/// [`resolve`] for `COMMANDS[C]`, with its direct plan (when it has one) decided at compile
/// time: for most commands a few lookups in straight-line code, no table read. Where thread
/// safety counts the command from what the walk finds, the walk begins the uses as it finds
/// their records (`counting`).
///
/// # Safety
/// As [`resolve`].
#[inline(always)]
pub unsafe fn resolve_at<const C: usize>(
    out: &mut CallHandles,
    entered: &Entered,
    params: &[*const u8],
    Resolving { owner, instance, counts_uses }: Resolving,
) {
    let fused = const { counted_by_walk(C) };
    // Two walks, each with its counting a constant: one test a call, not one a handle. The
    // counting one out of line, so that the intercept without it (object lifetime, core) keeps
    // the frame and registers it had.
    if fused && counts_uses {
        // SAFETY: as this function's contract.
        unsafe { find_counting_at::<C>(out, entered, params, owner, instance) };
    } else {
        // SAFETY: as this function's contract.
        unsafe { find_at::<C>(out, entered, params, owner, instance, None) };
    }
}

/// [`resolve_at`]'s walk with thread safety's counting.
///
/// # Safety
/// As [`resolve`].
#[inline(never)]
unsafe fn find_counting_at<const C: usize>(
    out: &mut CallHandles,
    entered: &Entered,
    params: &[*const u8],
    owner: u64,
    instance: u64,
) {
    let c = counting::start(entered, C as u16);
    // SAFETY: as this function's contract.
    unsafe { find_at::<C>(out, entered, params, owner, instance, Some(c)) };
    counting::finish(entered, c);
}

/// [`resolve_at`]'s walk.
///
/// # Safety
/// As [`resolve`].
#[inline(always)]
unsafe fn find_at<const C: usize>(
    out: &mut CallHandles,
    entered: &Entered,
    params: &[*const u8],
    owner: u64,
    instance: u64,
    counting: Option<Counting>,
) {
    if const { direct_plan_of(C).is_none() } {
        // A compiled tree is called straight, not through `PLANS`: the barriers' ~50
        // instructions of table lookup and dispatch gone.
        if const { tree_of(C).is_some() } {
            out.begin();
            let destroyed = const { destroyed_param(&COMMAND_HANDLES[C]) };
            let mut walk = Walk { out, entered, owner, instance, destroyed, counting };
            // SAFETY: as this function's contract.
            return unsafe { tree_at::<C>(&mut walk, params) };
        }
        // SAFETY: as this function's contract.
        return unsafe { resolve(out, entered, C, params, Resolving { owner, instance, counts_uses: false }) };
    }
    out.begin();
    // Each site is a constant: the compiler folds its kind, count and flags into the code.
    macro_rules! sites {
        ($($i:literal)*) => {$(
            if const { direct_len(C) > $i } {
                // SAFETY: as this function's contract.
                if !unsafe { resolve_site(out, entered, &const { direct_site(C, $i) }, params, (owner, instance), counting) } {
                    return;
                }
            }
        )*};
    }
    sites!(0 1 2 3 4 5 6 7);
}

const _: () = assert!(DIRECT_MAX == 8, "resolve_at unrolls eight sites");

/// The number of sites of `COMMANDS[command]`'s direct plan (0 without one).
const fn direct_len(command: usize) -> usize {
    match direct_plan_of(command) {
        Some(plan) => plan.len,
        None => 0,
    }
}

/// Site `i` of `COMMANDS[command]`'s direct plan (an unused site past its end: const blocks
/// are evaluated on branches never taken too).
const fn direct_site(command: usize, i: usize) -> Direct {
    match direct_plan_of(command) {
        Some(plan) => plan.direct[i],
        None => UNUSED,
    }
}

/// Finds the handles of a command with a direct plan.
///
/// # Safety
/// As [`resolve`].
#[inline(always)]
unsafe fn resolve_direct(
    out: &mut CallHandles,
    entered: &Entered,
    plan: &DirectPlan,
    params: &[*const u8],
    (owner, instance): (u64, u64),
    counting: Option<Counting>,
) {
    out.begin();
    for d in &plan.direct[..plan.len] {
        // SAFETY: as this function's contract.
        if !unsafe { resolve_site(out, entered, d, params, (owner, instance), counting) } {
            return;
        }
    }
}

/// Finds the handles of one site of a direct plan; false when `out` has no more room.
///
/// # Safety
/// As [`resolve_at`].
#[inline(always)]
unsafe fn resolve_site(
    out: &mut CallHandles,
    entered: &Entered,
    d: &Direct,
    params: &[*const u8],
    (owner, instance): (u64, u64),
    counting: Option<Counting>,
) -> bool {
    let Some(&p) = params.get(usize::from(d.at)) else { return true };
    // SAFETY (both arms): `p` is the parameter's address; a pointer parameter is read for as
    // many handles as its count says, when non-NULL.
    let (first, n) = match d.count {
        None => {
            // SAFETY: an intercept's parameter address (this function's contract): never NULL.
            unsafe { std::hint::assert_unchecked(!p.is_null()) };
            (p, 1)
        }
        Some(c) => match unsafe { c.read(params) } {
            Some(n) if n > 0 => (unsafe { read_ptr(p) }, n),
            _ => return true,
        },
    };
    if first.is_null() {
        return true;
    }
    for i in 0..n {
        // SAFETY: `first` points at `n` handles.
        let handle = unsafe { read_uint(first.wrapping_add(i * 8), 8) };
        if handle == 0 {
            continue;
        }
        if !push_found(out, entered, d, handle, (owner, instance), counting) {
            return false;
        }
    }
    true
}

/// Finds `handle` of site `d` (its count unused) and adds it, and begins its use when the walk
/// counts (`counting`); false when `out` has no room.
#[inline(always)]
fn push_found(
    out: &mut CallHandles,
    entered: &Entered,
    d: &Direct,
    handle: u64,
    (owner, instance): (u64, u64),
    counting: Option<Counting>,
) -> bool {
    let scope = if d.instance_scoped { instance } else { owner };
    let k = Key { scope, handle, ty: d.ty };
    let record = if d.ty == TYPES.command_buffer { entered.find_command_buffer(k) } else { entered.find(k) };
    if d.tracked && !record.is_some_and(|r| r.origin != Origin::Seen) {
        out.dead();
    }
    let found = record.map_or(std::ptr::null(), |r| r as *const ObjectRecord as *const ());
    if !out.push(Named { handle, record: found, ty: d.ty, flags: d.flags, at: d.at }) {
        return false;
    }
    if let Some(c) = counting {
        counting::count_site(entered, c, (d.ty, d.flags), record, out.named().len() - 1);
    }
    true
}

const fn destroyed_param(info: &CommandHandles) -> u32 {
    match info.role {
        Role::Destroy { param } => param as u32,
        _ => u32::MAX,
    }
}

/// One handle site of a compiled tree, as a [`Direct`] (its count unused): its flags as the
/// tables' walk marks them (`Walk::site`).
const fn tree_site(command: usize, ty: u16, flags: u8, at: u32, param: bool) -> Direct {
    let (flags, at) = if param {
        let destroyed = if at == destroyed_param(&COMMAND_HANDLES[command]) { DESTROYED } else { 0 };
        (flags | PARAM | destroyed, if at < u8::MAX as u32 { at as u8 } else { u8::MAX - 1 })
    } else {
        (flags, u8::MAX)
    };
    let tracked = (ty as usize) < HANDLE_TYPES.len() && HANDLE_TYPES[ty as usize].tracked;
    Direct { at, ty, flags, instance_scoped: instance_scoped(ty), tracked, count: None }
}

/// The sites of one level of a command's tree (`for_each_handle_tree!`'s entry), in `$base`:
/// straight-line code, every site's shape, type and flags a constant. Returns from the
/// command's function when the call holds no more handles.
macro_rules! tree {
    ($c:literal, $w:ident, $base:expr, $param:literal; $($site:ident ( $($args:tt)* ))*) => {
        $( tree_site!($c, $w, $base, $param; $site($($args)*)); )*
    };
}

macro_rules! tree_site {
    ($c:literal, $w:ident, $base:expr, $param:literal; handles($at:expr, $shape:expr, $ty:expr, $flags:expr)) => {
        if const { wanted($ty) } {
            // SAFETY: the command's parameters (or a structure of theirs), valid as the spec
            // requires for the site.
            if let Some((first, n)) = unsafe { sites::elements_in($at, const { $shape }, $base, true) } {
                for i in 0..n {
                    // SAFETY: `first` points at `n` handles.
                    let handle = unsafe { read_uint(first.wrapping_add(i * 8), 8) };
                    if handle != 0 && !$w.push_known(&const { tree_site($c, $ty, $flags, $at, $param) }, handle) {
                        return;
                    }
                }
            }
        }
    };
    ($c:literal, $w:ident, $base:expr, $param:literal;
     structs($at:expr, $shape:expr, $ty:ident, $chain:ident, { $($inner:tt)* })) => {
        // SAFETY: as above.
        if let Some((first, n)) = unsafe { sites::elements_in($at, const { $shape }, $base, true) } {
            for i in 0..n {
                let q = first.wrapping_add(i * core::mem::size_of::<$ty>());
                tree!($c, $w, Base::Struct(q), false; $($inner)*);
                tree_chain!($chain, $w, q);
            }
        }
    };
}

/// A structure's pNext chain, when it has one and it is not empty: the tables' walk.
macro_rules! tree_chain {
    (nopnext, $w:ident, $q:ident) => {};
    (pnext, $w:ident, $q:ident) => {
        // SAFETY: a structure with a pNext member has it at `PNEXT_OFFSET`; the chain is the
        // application's, valid as the spec requires.
        if !unsafe { read_ptr($q.wrapping_add(sites::PNEXT_OFFSET)) }.is_null() {
            unsafe { sites::visit_chain($q, SKIP, $w) };
            if !$w.out.complete() {
                return;
            }
        }
    };
}

/// One function per command of `for_each_handle_tree!`, and [`TREES`], by command.
macro_rules! compiled_trees {
    ($({ $c:literal, $f:ident, $($sites:tt)* })*) => {
        /// The commands' compiled trees.
        #[allow(non_snake_case, unused_unsafe)]
        mod trees {
            use vigil_generated::stateless::{Count, NO_DEREF};
            use vigil_generated::*;

            use super::*;
            $(
                #[doc = concat!("The handle sites of `COMMANDS[", $c, "]`.")]
                #[inline(always)]
                pub(super) unsafe fn $f(w: &mut Walk<'_>, params: &[*const u8]) {
                    tree!($c, w, Base::Params(params), true; $($sites)*);
                }
            )*
        }

        /// `(command, its compiled tree)`, sorted by command.
        static TREES: &[(u16, CompiledTree)] = &[$(($c, trees::$f)),*];

        /// `COMMANDS[C]`'s compiled tree, called straight: in line in the command's intercept,
        /// once with the walk's counting and once without, each a constant there (through a
        /// function pointer, a tree grown by the counting was no longer put in line: a call,
        /// its register saves and the walk's fields through memory, even with no counting).
        /// Nothing where it has none.
        ///
        /// # Safety
        /// As a [`CompiledTree`].
        #[inline(always)]
        unsafe fn tree_at<const C: usize>(w: &mut Walk<'_>, params: &[*const u8]) {
            match C {
                // SAFETY: as this function's contract.
                $($c => unsafe { trees::$f(w, params) },)*
                _ => {}
            }
        }

        /// `COMMANDS[command]`'s compiled tree, when it has one (for [`resolve_at`], which
        /// calls it straight).
        const fn tree_of(command: usize) -> Option<CompiledTree> {
            match command {
                $($c => Some(trees::$f),)*
                _ => None,
            }
        }
    };
}

vigil_generated::for_each_handle_tree!(compiled_trees);

struct Walk<'a> {
    out: &'a mut CallHandles,
    entered: &'a Entered,
    owner: u64,
    instance: u64,
    destroyed: u32,
    /// Counting uses as they are found (`counting`), in a compiled tree's known sites.
    counting: Option<Counting>,
}

impl SiteVisitor for Walk<'_> {
    #[inline]
    fn site(&mut self, f: &'static HandleField, ty: u16, first: *const u8, n: usize, param: bool) {
        if !self.out.complete() || !WANTED[usize::from(ty)] {
            return;
        }
        let mut flags = f.flags;
        let mut at = u8::MAX;
        if param {
            flags |= PARAM;
            at = u8::try_from(f.at).unwrap_or(u8::MAX - 1);
            if f.at == self.destroyed {
                flags |= DESTROYED;
            }
        }
        // SAFETY: the visitor hands over `n` handles at `first`.
        for handle in unsafe { sites::handles(first, n) } {
            if !self.push(ty, handle, flags, at) {
                return;
            }
        }
    }
}

impl Walk<'_> {
    /// Finds `handle` of a site whose type's facts were planned (`d`, its count unused) and
    /// adds it; false when there is no more room.
    #[inline(always)]
    fn push_known(&mut self, d: &Direct, handle: u64) -> bool {
        push_found(self.out, self.entered, d, handle, (self.owner, self.instance), self.counting)
    }

    /// Finds `handle` of type `ty` and adds it; false when there is no more room.
    #[inline]
    fn push(&mut self, ty: u16, handle: u64, flags: u8, at: u8) -> bool {
        let record = self.entered.find(key(ty, handle, self.owner, self.instance));
        if HANDLE_TYPES[usize::from(ty)].tracked && !record.is_some_and(|r| r.origin != Origin::Seen) {
            self.out.dead();
        }
        let record = record.map_or(std::ptr::null(), |r| r as *const ObjectRecord as *const ());
        self.out.push(Named { handle, record, ty, flags, at })
    }
}

/// The record of a handle the walk found, borrowed for the call.
#[inline(always)]
pub fn record_of(n: &Named) -> Option<&ObjectRecord> {
    // SAFETY: `resolve` stores records borrowed from the call's `Entered`, which the intercept
    // keeps alive until its call returns, longer than any `Named` of it is read.
    unsafe { (n.record as *const ObjectRecord).as_ref() }
}

/// A record for a hook: borrowed from the call's walk, or held from the table.
pub enum CallRecord<'a> {
    Borrowed(&'a ObjectRecord),
    Held(Arc<ObjectRecord>),
}

impl std::ops::Deref for CallRecord<'_> {
    type Target = ObjectRecord;

    #[inline(always)]
    fn deref(&self) -> &ObjectRecord {
        match self {
            CallRecord::Borrowed(r) => r,
            CallRecord::Held(r) => r,
        }
    }
}

/// The record of handle `h` of type `ty` of device (or instance) `scope` of `instance`, for a
/// validate hook of `cx`: the one the call's walk found when it names the handle (a scan of at
/// most [`CALL_HANDLES`](crate::chassis::handles::CALL_HANDLES) entries, no lock, no reference
/// count), else the table's.
#[inline]
pub fn call_record<'a>(cx: &Call<'a>, ty: u16, h: u64, (scope, instance): (u64, u64)) -> Option<CallRecord<'a>> {
    record_in(cx.handles(), ty, h, (scope, instance))
}

/// [`call_record`] from the handles a call's walk found.
#[inline]
pub fn record_in(handles: &CallHandles, ty: u16, h: u64, (scope, instance): (u64, u64)) -> Option<CallRecord<'_>> {
    if h == 0 {
        return None;
    }
    match found_in(handles, ty, h) {
        Some(r) => Some(CallRecord::Borrowed(r)),
        None => OBJECTS.get(key(ty, h, scope, instance)).map(CallRecord::Held),
    }
}

/// The record of handle `h` of type `ty` the call's walk found, if it names it.
#[inline]
pub fn found_in(handles: &CallHandles, ty: u16, h: u64) -> Option<&ObjectRecord> {
    handles.named().iter().find(|n| n.handle == h && n.ty == ty).and_then(record_of)
}

/// Runs `f` with the record of command buffer `cb` of device `scope` of `instance`, the
/// first parameter of the vkCmd* call `cx`: the one the walk found, else the table's (through
/// the thread's last command buffer). `None` when it has none.
#[inline]
pub fn with_command_buffer<R>(
    cx: &Call<'_>,
    cb: u64,
    (scope, instance): (u64, u64),
    f: impl FnOnce(&ObjectRecord) -> R,
) -> Option<R> {
    match command_buffer_found(cx) {
        Some(record) if record.key.handle == cb => Some(f(record)),
        _ => OBJECTS.with_command_buffer(key(TYPES.command_buffer, cb, scope, instance), |r| f(r)),
    }
}

/// The record of the command buffer a vkCmd* call is made on (its parameter 0), when the walk
/// found it: no second lookup.
#[inline]
pub fn command_buffer_found<'a>(cx: &Call<'a>) -> Option<&'a ObjectRecord> {
    let first = cx.handles().named().first()?;
    if first.flags & PARAM != 0 && first.at == 0 && first.ty == TYPES.command_buffer {
        record_of(first)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::c_void;

    use vigil_generated::*;

    use super::*;
    use crate::chassis::handles::CALL_HANDLES;
    use crate::state::thread;

    type Found = (Vec<(u64, u16, u8, u8)>, bool, bool);

    fn found(out: &CallHandles) -> Found {
        (out.named().iter().map(|n| (n.handle, n.ty, n.flags, n.at)).collect(), out.complete(), out.alive())
    }

    /// What the command's plan finds in `params`, and what the tables' walk finds.
    fn planned_and_walked(name: &str, params: &[*const u8]) -> (Found, Found) {
        let command = COMMAND_HANDLES.iter().position(|c| c.name == name).expect("a command");
        assert!(matches!(PLANS[command], Plan::Tree(_)), "{name} is planned as a tree");
        let entered = thread::enter().expect("a thread slot");
        let mut planned = CallHandles::new();
        // SAFETY: `params` are the test's well-formed parameters.
        unsafe {
            resolve(&mut planned, &entered, command, params, Resolving { owner: 7, instance: 9, counts_uses: false })
        };
        (found(&planned), walked(command, &entered, params))
    }

    /// What the tables' walk finds in `params` of `COMMAND_HANDLES[command]`.
    fn walked(command: usize, entered: &thread::Entered, params: &[*const u8]) -> Found {
        let mut walked = CallHandles::new();
        walked.begin();
        let info = &COMMAND_HANDLES[command];
        let destroyed = destroyed_param(info);
        let mut walk = Walk { out: &mut walked, entered, owner: 7, instance: 9, destroyed, counting: None };
        // SAFETY: the test's well-formed parameters.
        unsafe { sites::visit(info, params, SKIP, &mut walk) };
        found(&walked)
    }

    fn addr<T>(v: &T) -> *const u8 {
        v as *const T as *const u8
    }

    #[test]
    fn a_planned_tree_finds_what_the_walk_finds() {
        // Barriers: structures in slices, and more handles than a call holds.
        let cb = VkCommandBuffer::from_raw(0xc0);
        let buffers: Vec<_> = (1..=20u64)
            .map(|i| VkBufferMemoryBarrier2 { buffer: VkBuffer::from_raw(0xb000 + i), ..Default::default() })
            .collect();
        let images = [VkImageMemoryBarrier2 { image: VkImage::from_raw(0x1a), ..Default::default() }];
        for n in [0, 1, 3, 20] {
            let dependency = VkDependencyInfo {
                bufferMemoryBarrierCount: n,
                pBufferMemoryBarriers: buffers.as_ptr(),
                imageMemoryBarrierCount: 1,
                pImageMemoryBarriers: images.as_ptr(),
                ..Default::default()
            };
            let p = &dependency as *const VkDependencyInfo;
            let (planned, walked) = planned_and_walked("vkCmdPipelineBarrier2", &[addr(&cb), addr(&p)]);
            assert_eq!(planned, walked, "{n} buffer barriers");
            assert_eq!(planned.0.len(), (2 + n as usize).min(CALL_HANDLES), "{n} buffer barriers");
            assert_eq!(planned.1, n < 15, "complete with {n} buffer barriers");
        }

        // A pNext chain the tables know: the attachments of an imageless framebuffer.
        let views = [VkImageView::from_raw(0x71), VkImageView::from_raw(0x72)];
        let attachments =
            VkRenderPassAttachmentBeginInfo { attachmentCount: 2, pAttachments: views.as_ptr(), ..Default::default() };
        let begin = VkRenderPassBeginInfo {
            pNext: &attachments as *const _ as *const c_void,
            renderPass: VkRenderPass::from_raw(0x5a),
            framebuffer: VkFramebuffer::from_raw(0xfb),
            ..Default::default()
        };
        let subpass = VkSubpassBeginInfo::default();
        let (b, s) = (&begin as *const VkRenderPassBeginInfo, &subpass as *const VkSubpassBeginInfo);
        let (planned, walked) = planned_and_walked("vkCmdBeginRenderPass2", &[addr(&cb), addr(&b), addr(&s)]);
        assert_eq!(planned, walked);
        let handles: Vec<u64> = planned.0.iter().map(|n| n.0).collect();
        assert_eq!(handles, [0xc0, 0x5a, 0xfb, 0x71, 0x72]);

        // Structures in structures: submits of semaphores and command buffers.
        let semaphores = [VkSemaphoreSubmitInfo { semaphore: VkSemaphore::from_raw(0x5e), ..Default::default() }];
        let cbs = [VkCommandBufferSubmitInfo { commandBuffer: VkCommandBuffer::from_raw(0xc1), ..Default::default() }];
        let submits = [VkSubmitInfo2 {
            waitSemaphoreInfoCount: 1,
            pWaitSemaphoreInfos: semaphores.as_ptr(),
            commandBufferInfoCount: 1,
            pCommandBufferInfos: cbs.as_ptr(),
            signalSemaphoreInfoCount: 1,
            pSignalSemaphoreInfos: semaphores.as_ptr(),
            ..Default::default()
        }];
        let queue = VkQueue::from_raw(0x9);
        let (count, p, fence) = (1u32, submits.as_ptr(), VkFence::from_raw(0xfe));
        let (planned, walked) =
            planned_and_walked("vkQueueSubmit2", &[addr(&queue), addr(&count), addr(&p), addr(&fence)]);
        assert_eq!(planned, walked);
        let handles: Vec<u64> = planned.0.iter().map(|n| n.0).collect();
        assert_eq!(handles, [0x9, 0x5e, 0xc1, 0x5e, 0xfe]);
        assert!(!planned.2, "unknown handles are not alive");
    }

    /// What `resolve_at::<C>` finds in `params`, and what the tables' walk finds.
    fn compiled_and_walked<const C: usize>(name: &str, params: &[*const u8]) -> (Found, Found) {
        assert_eq!(COMMAND_HANDLES[C].name, name);
        assert!(direct_plan_of(C).is_some(), "{name} has a direct plan");
        let entered = thread::enter().expect("a thread slot");
        let mut compiled = CallHandles::new();
        // SAFETY: `params` are the test's well-formed parameters.
        unsafe {
            resolve_at::<C>(&mut compiled, &entered, params, Resolving { owner: 7, instance: 9, counts_uses: false })
        };
        (found(&compiled), walked(C, &entered, params))
    }

    #[test]
    fn a_compiled_direct_plan_finds_what_the_walk_finds() {
        let cb = VkCommandBuffer::from_raw(0xc0);
        let layout = VkPipelineLayout::from_raw(0x1a);
        let sets = [VkDescriptorSet::from_raw(0x51), VkDescriptorSet::from_raw(0), VkDescriptorSet::from_raw(0x53)];
        let (bind, first, count, p_sets) =
            (VkPipelineBindPoint::VK_PIPELINE_BIND_POINT_GRAPHICS, 0u32, 3u32, sets.as_ptr());
        let (offsets, p_offsets) = (0u32, std::ptr::null::<u32>());
        let params = [
            addr(&cb),
            addr(&bind),
            addr(&layout),
            addr(&first),
            addr(&count),
            addr(&p_sets),
            addr(&offsets),
            addr(&p_offsets),
        ];
        let (compiled, walked) = compiled_and_walked::<114>("vkCmdBindDescriptorSets", &params);
        assert_eq!(compiled, walked);
        let handles: Vec<u64> = compiled.0.iter().map(|n| n.0).collect();
        assert_eq!(handles, [0xc0, 0x1a, 0x51, 0x53], "null handles are skipped");

        // A destroy marks its object.
        let (device, buffer, allocator) = (VkDevice::from_raw(0xde), VkBuffer::from_raw(0xb1), std::ptr::null::<u8>());
        let (compiled, walked) =
            compiled_and_walked::<53>("vkDestroyBuffer", &[addr(&device), addr(&buffer), addr(&allocator)]);
        assert_eq!(compiled, walked);
        assert!(compiled.0.iter().any(|n| n.0 == 0xb1 && n.2 & DESTROYED != 0));

        // A pointer parameter counted by another, and a count of zero.
        let pool = VkCommandPool::from_raw(0x90);
        let cbs = [VkCommandBuffer::from_raw(0xc1), VkCommandBuffer::from_raw(0xc2)];
        for n in [0u32, 2] {
            let p = cbs.as_ptr();
            let params = [addr(&device), addr(&pool), addr(&n), addr(&p)];
            let (compiled, walked) = compiled_and_walked::<98>("vkFreeCommandBuffers", &params);
            assert_eq!(compiled, walked, "{n} command buffers");
        }
    }

    /// `CommandHandles::param` answers from the generated `param_sites` what a search of the
    /// sites by parameter index would.
    #[test]
    fn every_parameter_site_is_found_by_its_index() {
        for c in COMMAND_HANDLES.iter() {
            let last = c.params.iter().map(|f| f.at).max().map_or(0, |m| m + 1);
            for at in 0..last + 2 {
                let searched = c.params.iter().find(|f| f.at == at);
                let found = c.param(at as u16);
                assert_eq!(
                    found.map(|f| f as *const HandleField),
                    searched.map(|f| f as *const HandleField),
                    "{}",
                    c.name
                );
            }
        }
    }

    #[test]
    fn every_command_is_planned_without_the_walk() {
        let walked: Vec<_> = COMMAND_HANDLES
            .iter()
            .zip(PLANS.iter())
            .filter(|(_, p)| matches!(p, Plan::Walk))
            .map(|(c, _)| c.name)
            .collect();
        assert!(walked.is_empty(), "neither a direct plan nor a compiled tree: {walked:?}");
    }
}
