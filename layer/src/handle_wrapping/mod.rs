//! Handle wrapping (setting `handle_wrapping`): the application sees Vigil's ids for every
//! non-dispatchable handle, the chain below sees the driver's handles. Every validation object
//! sees what the application sees, so messages name the ids the application has.
//!
//! The generated intercepts hand each call's parameters to [`Wrapper::unwrap`] before the call
//! down (which copies any structure that holds a handle, at any depth, and translates the
//! copy) and to [`Wrapper::rewrap`] after it (which gives returned handles ids and forgets the
//! ids of what was destroyed). Where the handles are comes from the generated object tables;
//! what the registry leaves to prose is in `special`.

mod arena;
mod compiled;
#[cfg_attr(feature = "id-table-map", allow(dead_code))]
mod ids;
// The table not chosen is still compiled and unit-tested, so the measurement can be repeated.
#[cfg_attr(not(feature = "id-table-map"), allow(dead_code))]
mod ids_map;
mod lean;
mod prose;
mod special;
mod unwrap;

use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;
use vigil_generated::*;

use crate::chassis::names::same;
use crate::chassis::raw::{count, read_ptr, read_uint, Base, ParamCount};
use crate::report::{Finding, Location, Object, Reporter, Severity};
use arena::Scope;
#[cfg(not(feature = "id-table-map"))]
use ids::Ids as IdTable;
#[cfg(feature = "id-table-map")]
use ids_map::MapIds as IdTable;
use unwrap::{slot_count, Unwrap};

/// Every id in the process. The slab (`ids`) was chosen over the sharded map (`ids_map`) by
/// measuring both with `cargo xtask bench` (docs/performance.md); the map stays buildable for
/// repeating the measurement.
static WRAPPED: IdTable = IdTable::new();

/// What each command needs from the wrapper, worked out once from the tables.
#[derive(Clone, Copy, Default)]
struct Needs {
    /// It names handles (or raw object handles, or template data) to translate.
    unwrap: bool,
    /// It creates, retrieves, destroys or frees objects, returns structures holding handles,
    /// or completes a deferred operation.
    rewrap: bool,
    /// `special` has a rule for it (matched by name, so asked only for these).
    special: bool,
}

/// [`Needs`] of every command, built when compiled: the intercepts read a command's as a
/// constant.
static NEEDS: [Needs; COMMAND_HANDLES.len()] = {
    let mut out = [Needs { unwrap: false, rewrap: false, special: false }; COMMAND_HANDLES.len()];
    let mut c = 0;
    while c < out.len() {
        out[c] = needs_of(&COMMAND_HANDLES[c]);
        c += 1;
    }
    out
};

/// What command `c` needs from the wrapper.
const fn needs_of(c: &CommandHandles) -> Needs {
    let (mut inputs, mut outputs) = (false, false);
    let mut i = 0;
    while i < c.params.len() {
        let f = &c.params[i];
        i += 1;
        let output = f.flags & OUTPUT != 0;
        match f.elem {
            HandleElem::Handle(ty) => {
                inputs |= !output && !HANDLE_TYPES[ty as usize].dispatchable;
                outputs |= output;
            }
            HandleElem::Struct(s) => {
                inputs |= !output;
                outputs |= output || struct_has_output(s);
            }
        }
    }
    let special = special::has_rule(c.name);
    Needs {
        special,
        unwrap: inputs || special,
        rewrap: !matches!(c.role, Role::Use) || outputs || deferred_completion(c.name),
    }
}

/// Whether a member of handle structure `s` is an output.
const fn struct_has_output(s: u16) -> bool {
    let fields = HANDLE_STRUCTS[s as usize].fields;
    let mut i = 0;
    while i < fields.len() {
        if fields[i].flags & OUTPUT != 0 {
            return true;
        }
        i += 1;
    }
    false
}

/// Whether `COMMAND_HANDLES[command]` may be unwrapped without `special` and needs nothing
/// after the call: what a direct unwrapping or a compiled tree unwraps.
const fn plain(command: usize) -> bool {
    command < NEEDS.len() && !NEEDS[command].special && !NEEDS[command].rewrap
}

/// One parameter a command's direct unwrapping rewrites: a handle, or (`count`) a pointer to
/// as many as the count says.
#[derive(Clone, Copy)]
struct DirectParam {
    at: usize,
    count: Option<ParamCount>,
}

/// Whether `COMMAND_HANDLES[command]` could be unwrapped directly (it is [`plain`] and every
/// handle it names is a parameter of a direct unwrapping's kinds) but has more such parameters
/// than a compiled direct unwrapping holds. None does (asserted below), so every command that
/// may be unwrapped directly is, in straight-line code built when compiled.
const fn too_long_to_compile(command: usize) -> bool {
    if !plain(command) {
        return false;
    }
    let params = COMMAND_HANDLES[command].params;
    let (mut len, mut i) = (0, 0);
    while i < params.len() {
        match direct_param_at(&params[i]) {
            Err(()) => return false,
            Ok(None) => {}
            Ok(Some(_)) => len += 1,
        }
        i += 1;
    }
    len > DIRECT_MAX
}

const _: () = {
    let mut c = 0;
    while c < COMMAND_HANDLES.len() {
        assert!(!too_long_to_compile(c), "a command has more direct parameters than DIRECT_MAX");
        c += 1;
    }
};

/// Commands after which a deferred operation's creations exist.
const fn deferred_completion(command: &str) -> bool {
    same(command, "vkDeferredOperationJoinKHR") || same(command, "vkGetDeferredOperationResultKHR")
}

/// Handle wrapping for one instance's or one device's calls.
pub struct Wrapper {
    reporter: Arc<Reporter>,
    /// The instance or device whose objects the ids it makes belong to.
    owner: AtomicU64,
}

impl Wrapper {
    /// The wrapper of the instance or device `owner`.
    pub fn new(reporter: &Arc<Reporter>, owner: u64) -> Self {
        Wrapper { reporter: reporter.clone(), owner: AtomicU64::new(owner) }
    }
}

/// The driver's handle for the live id `id` (`None` when it is not one), for the queries Vigil
/// makes of the driver itself about the application's objects.
pub fn driver_handle(id: u64) -> Option<u64> {
    WRAPPED.get(id).map(|(raw, _)| raw)
}

/// The instance or device `owner` is gone: its ids go with it.
pub fn owner_destroyed(owner: u64) {
    WRAPPED.remove_owned_by(owner);
}

impl Wrapper {
    /// [`Wrapper::unwrap`] for `COMMAND_HANDLES[C]` when it needs nothing after the call and
    /// its handles are all parameters (most vkCmd*) or sit where a compiled tree finds them:
    /// rewrites `slots` in place, copying arrays into `scratch`, in straight-line code built
    /// when compiled; true when done. False: the command needs the walk, an array does not
    /// fit, or a handle is not a live id; `slots` may be half rewritten, so the caller puts
    /// them back and unwraps with [`Wrapper::unwrap`], which says where. Nothing here can
    /// panic: no containment needed.
    ///
    /// # Safety
    /// `slots` holds the command's parameters as the application passed them.
    #[inline(always)]
    pub unsafe fn unwrap_direct_at<const C: usize>(&self, slots: &mut [u64], scratch: &mut [MaybeUninit<u64>]) -> bool {
        if const { !plain(C) } {
            return false;
        }
        if const { direct_params_of(C, false).is_none() } {
            return match const { compiled::tree(C) } {
                // SAFETY: as this function's contract; the copies live in `scratch`.
                Some(tree) => unsafe { tree(&mut compiled::Bump::new(scratch), slots) },
                None => false,
            };
        }
        // SAFETY: as this function's contract.
        unsafe { unwrap_params_at::<C, false>(slots, scratch) }
    }

    /// Whether `COMMAND_HANDLES[command]` is a lean creation or destruction ([`lean`]): its
    /// intercept unwraps it with [`Self::unwrap_lean_at`] and rewraps with
    /// [`Self::rewrap_lean_at`].
    pub const fn is_lean(command: usize) -> bool {
        lean::of(command).is_some()
    }

    /// The inputs of lean command `C` unwrapped without the tables (its output left for the
    /// call to write); false as [`Self::unwrap_direct_at`].
    ///
    /// # Safety
    /// As [`Self::unwrap_direct_at`].
    #[inline(always)]
    pub unsafe fn unwrap_lean_at<const C: usize>(&self, slots: &mut [u64], scratch: &mut [MaybeUninit<u64>]) -> bool {
        if const { direct_params_of(C, true).is_some() } {
            // SAFETY: as this function's contract.
            return unsafe { unwrap_params_at::<C, true>(slots, scratch) };
        }
        match const { compiled::tree(C) } {
            // SAFETY: as this function's contract; the copies live in `scratch`.
            Some(tree) => unsafe { tree(&mut compiled::Bump::new(scratch), slots) },
            None => false,
        }
    }

    /// After the call down of lean command `C`: ids for what it created, none left for what it
    /// destroyed or freed. `params`: as the application passed them.
    ///
    /// # Safety
    /// As [`Self::rewrap`].
    #[inline(always)]
    pub unsafe fn rewrap_lean_at<const C: usize>(&self, params: &[u64], result: Option<VkResult>) {
        match const { lean::of(C) } {
            Some(lean::Lean::Create { out, pool }) => {
                // Arrays of pipelines may be partly created when the call fails.
                if result.is_some_and(|r| r.0 < 0) && !matches!(out.shape, Shape::Slice(_)) {
                    return;
                }
                let HandleElem::Handle(ty) = out.elem else { return };
                // SAFETY: the command's parameters after the call.
                let (out, n) = unsafe { handles_of(out, params) };
                let parent = match pool {
                    // SAFETY: as above.
                    Some(r) => unsafe { parent_handle(r, params) },
                    None => 0,
                };
                let owner = self.owner.load(Ordering::Relaxed);
                for i in 0..n {
                    // SAFETY: the application's array of `n` handles, written by the call.
                    let raw = unsafe { out.add(i).read_unaligned() };
                    if raw != 0 {
                        let id = WRAPPED.insert(raw, u32::from(ty), owner, parent);
                        unsafe { out.add(i).write_unaligned(id) };
                    }
                }
            }
            Some(lean::Lean::Destroy { at }) => {
                let id = params.get(at).copied().unwrap_or(0);
                if id != 0 {
                    WRAPPED.remove(id);
                }
            }
            Some(lean::Lean::Free { array }) => {
                // SAFETY: the command's parameters: the application's array of ids.
                let (p, n) = unsafe { handles_of(array, params) };
                for i in 0..n {
                    let id = unsafe { p.add(i).read_unaligned() };
                    if id != 0 {
                        WRAPPED.remove(id);
                    }
                }
            }
            None => {}
        }
    }
}

/// Parameters a compiled direct unwrapping holds (no command has more: `too_long_to_compile`).
const DIRECT_MAX: usize = 8;
const _: () = assert!(DIRECT_MAX == 8, "unwrap_direct_at unrolls eight parameters");

/// The handle parameters of `COMMAND_HANDLES[command]` a direct unwrapping rewrites (whether
/// the command may be unwrapped directly is [`plain`]'s to say), when compiled: `None` when a
/// site is not a parameter of its kinds, or there are more than [`DIRECT_MAX`]. `inputs`:
/// output parameters are left out (a lean creation's, which the call writes), not refused.
const fn direct_params_of(command: usize, inputs: bool) -> Option<(usize, [DirectParam; DIRECT_MAX])> {
    if command >= COMMAND_HANDLES.len() {
        return None;
    }
    let params = COMMAND_HANDLES[command].params;
    let mut out = [DirectParam { at: 0, count: None }; DIRECT_MAX];
    let (mut len, mut i) = (0, 0);
    while i < params.len() {
        i += 1;
        if inputs && params[i - 1].flags & OUTPUT != 0 {
            continue;
        }
        match direct_param_at(&params[i - 1]) {
            Err(()) => return None,
            Ok(None) => {}
            Ok(Some(_)) if len == DIRECT_MAX => return None,
            Ok(Some(p)) => {
                out[len] = p;
                len += 1;
            }
        }
    }
    Some((len, out))
}

/// What a direct unwrapping rewrites of parameter `f`: nothing for a dispatchable handle
/// (never wrapped); `Err` when `f` is not a parameter a direct unwrapping can take.
const fn direct_param_at(f: &HandleField) -> Result<Option<DirectParam>, ()> {
    if f.flags & OUTPUT != 0 {
        return Err(());
    }
    let HandleElem::Handle(ty) = f.elem else { return Err(()) };
    let count = match f.shape {
        Shape::Value => None,
        Shape::Ptr => Some(ParamCount::One),
        Shape::Slice(c) => Some(ParamCount::of(c)),
        _ => return Err(()),
    };
    if HANDLE_TYPES[ty as usize].dispatchable {
        Ok(None)
    } else {
        Ok(Some(DirectParam { at: f.at as usize, count }))
    }
}

/// How many parameters `COMMAND_HANDLES[command]`'s compiled direct unwrapping rewrites.
const fn direct_len(command: usize, inputs: bool) -> usize {
    match direct_params_of(command, inputs) {
        Some((len, _)) => len,
        None => 0,
    }
}

/// Parameter `i` of it (an unused one past the end: const blocks are evaluated on branches
/// never taken too).
const fn direct_param(command: usize, i: usize, inputs: bool) -> DirectParam {
    match direct_params_of(command, inputs) {
        Some((_, params)) => params[i],
        None => DirectParam { at: 0, count: None },
    }
}

/// The compiled direct unwrapping of `COMMAND_HANDLES[C]` (`INPUTS`: see [`direct_params_of`]),
/// which must have one: straight-line code for each parameter.
///
/// # Safety
/// As [`Wrapper::unwrap_direct_at`].
#[inline(always)]
unsafe fn unwrap_params_at<const C: usize, const INPUTS: bool>(
    slots: &mut [u64],
    scratch: &mut [MaybeUninit<u64>],
) -> bool {
    let mut used = 0;
    // Each parameter is a constant: the compiler folds its count's kind into the code.
    macro_rules! params {
        ($($i:literal)*) => {$(
            if const { direct_len(C, INPUTS) > $i }
                // SAFETY: as this function's contract.
                && !unsafe { unwrap_param(&const { direct_param(C, $i, INPUTS) }, slots, scratch, &mut used) }
            {
                return false;
            }
        )*};
    }
    params!(0 1 2 3 4 5 6 7);
    true
}

/// Rewrites one handle parameter of a direct unwrapping, its arrays copied into `scratch`
/// past `used`; false when an array does not fit or a handle is not a live id.
///
/// # Safety
/// As [`Wrapper::unwrap_direct_at`].
#[inline(always)]
unsafe fn unwrap_param(d: &DirectParam, slots: &mut [u64], scratch: &mut [MaybeUninit<u64>], used: &mut usize) -> bool {
    let Some(&value) = slots.get(d.at) else { return true };
    let rewritten = match d.count {
        None if value == 0 => return true,
        None => match WRAPPED.get(value) {
            Some((raw, _)) => raw,
            None => return false,
        },
        Some(c) => {
            let n = match c {
                ParamCount::One => Some(1),
                ParamCount::Param { at, width } => slots.get(usize::from(at)).map(|&v| {
                    // Little-endian: the parameter's value is its low bytes.
                    (if width >= 8 { v } else { v & ((1u64 << (8 * u32::from(width))) - 1) }) as usize
                }),
                // SAFETY: the count is the command's parameter (or a member behind one).
                ParamCount::Other(c) => unsafe { slot_count(c, slots) },
            };
            let n = match n {
                Some(n) if n > 0 && value != 0 => n,
                _ => return true,
            };
            let Some(room) = scratch.get_mut(*used..*used + n) else { return false };
            *used += n;
            let (from, copy) = (value as *const u64, room.as_mut_ptr() as *mut u64);
            for k in 0..n {
                // SAFETY: the application's array of `n` handles, and the copy's room for them.
                let id = unsafe { from.add(k).read_unaligned() };
                let raw = match id {
                    0 => 0,
                    id => match WRAPPED.get(id) {
                        Some((raw, _)) => raw,
                        None => return false,
                    },
                };
                unsafe { copy.add(k).write_unaligned(raw) };
            }
            copy as u64
        }
    };
    if let Some(slot) = slots.get_mut(d.at) {
        *slot = rewritten;
    }
    true
}

/// The handles an array parameter holds (one for a pointer to a single handle).
///
/// # Safety
/// `params` holds the command's parameters; the array, when non-NULL, is readable.
unsafe fn handles_of(f: &'static HandleField, params: &[u64]) -> (*mut u64, usize) {
    let Some(&p) = params.get(f.at as usize) else { return (std::ptr::null_mut(), 0) };
    if p == 0 {
        return (std::ptr::null_mut(), 0);
    }
    let n = match f.shape {
        Shape::Slice(c) => unsafe { slot_count(c, params) }.unwrap_or(0),
        _ => 1,
    };
    (p as *mut u64, n)
}

impl Wrapper {
    /// Rewrites `slots` (the bits of each parameter of `COMMANDS[command]`) for the call down,
    /// making its copies in `scratch` (the intercept's stack) first. `None`: a handle is not a
    /// live id; the call must not go down.
    ///
    /// # Safety
    /// `slots` holds the command's parameters as the application passed them; `scratch` is
    /// writable and outlives the scope returned.
    pub unsafe fn unwrap(&self, command: usize, slots: &mut [u64], scratch: &mut [MaybeUninit<u64>]) -> Option<Scope> {
        let handles = COMMAND_HANDLES.get(command)?;
        // SAFETY: the intercept keeps `scratch` alive past the call down, like the scope.
        let scope = unsafe { Scope::new(scratch.as_mut_ptr() as *mut u64, scratch.len()) };
        let needs = NEEDS.get(command).copied().unwrap_or_default();
        if !needs.unwrap {
            return Some(scope);
        }

        let mut u = Unwrap { scope: &scope, dead: None };
        if needs.special {
            special::before(handles.name, slots);
            special::remember_template(handles.name, slots);
        }
        // SAFETY: `slots` holds the command's parameters (the caller's promise).
        unsafe {
            u.params(handles, slots);
            if needs.special {
                special::command(handles.name, &mut u, slots);
            }
        }
        if let Some(dead) = u.dead {
            let t = &HANDLE_TYPES[usize::from(dead.ty)];
            let at = Location::command(handles.name);
            self.reporter.report(Finding {
                severity: Severity::Error,
                id: vigil_generated::objects::IDS[usize::from(dead.vuid)],
                location: &at.dot(dead.site),
                objects: &[Object { ty: t.object_type, handle: dead.id }],
                message: format_args!(
                    "holds {:#x}, which is not a live {}: it was never created, or it was already destroyed. The \
                     call is not passed on.",
                    dead.id, t.name
                ),
            });
            return None;
        }
        Some(scope)
    }

    /// After the call down: gives the handles it returned ids, forgets the ids of what it
    /// destroyed. `params` holds the parameters as the application passed them.
    ///
    /// # Safety
    /// As for [`Wrapper::unwrap`], after the call.
    pub unsafe fn rewrap(&self, command: usize, params: &[u64], result: Option<VkResult>) {
        let Some(handles) = COMMAND_HANDLES.get(command) else { return };
        if !NEEDS.get(command).is_some_and(|n| n.rewrap) {
            return;
        }
        let succeeded = result.is_none_or(|r| r.0 >= 0);
        let owner = self.owner.load(Ordering::Relaxed);
        // SAFETY (whole match): `params` are the command's parameters after the call.
        match handles.role {
            Role::Create { param, pool, parent } => {
                let Some(f) = handles.param(param) else { return };
                let HandleElem::Handle(ty) = f.elem else { return };
                // Arrays of pipelines may be partly created when the call fails (and are with
                // VK_PIPELINE_COMPILE_REQUIRED): the others are VK_NULL_HANDLE.
                if !succeeded && !matches!(f.shape, Shape::Slice(_)) {
                    return;
                }
                let (out, n) = unsafe { handles_of(f, params) };
                // A deferred operation writes the handles when it completes.
                if result == Some(VkResult::VK_OPERATION_DEFERRED_KHR) {
                    if let Some(op) = deferred_operation(handles, params) {
                        deferred::pending(op, PendingOutputs { out: out as usize, n, ty, owner });
                    }
                    return;
                }
                let parent = if pool { unsafe { parent_handle(parent, params) } } else { 0 };
                if HANDLE_TYPES[usize::from(ty)].dispatchable {
                    if handles.name == "vkAllocateCommandBuffers" && succeeded {
                        unsafe { command_buffers_allocated(params, out, n, parent) };
                    }
                    return;
                }
                for i in 0..n {
                    let raw = unsafe { out.add(i).read_unaligned() };
                    if raw != 0 {
                        let id = WRAPPED.insert(raw, u32::from(ty), owner, parent);
                        unsafe { out.add(i).write_unaligned(id) };
                    }
                }
                if handles.name.starts_with("vkCreateDescriptorUpdateTemplate") && succeeded && n == 1 {
                    let id = unsafe { out.read_unaligned() };
                    unsafe { special::template_created(id, params[1] as *const VkDescriptorUpdateTemplateCreateInfo) };
                }
            }
            Role::Retrieve { param, parent } => {
                let Some(f) = handles.param(param) else { return };
                let HandleElem::Handle(ty) = f.elem else { return };
                if !succeeded || HANDLE_TYPES[usize::from(ty)].dispatchable {
                    return;
                }
                let parent = if parent.param == 0 { 0 } else { unsafe { parent_handle(parent, params) } };
                let (out, n) = unsafe { handles_of(f, params) };
                for i in 0..n {
                    let raw = unsafe { out.add(i).read_unaligned() };
                    if raw != 0 {
                        let id = WRAPPED.retrieved(raw, u32::from(ty), owner, parent);
                        unsafe { out.add(i).write_unaligned(id) };
                    }
                }
            }
            Role::Destroy { param } => {
                let id = params.get(usize::from(param)).copied().unwrap_or(0);
                if id != 0 {
                    WRAPPED.remove(id);
                    // Only these two types keep more than the id: no lock for the others.
                    let destroyed = match handles.param(param).map(|f| f.elem) {
                        Some(HandleElem::Handle(ty)) => HANDLE_TYPES[usize::from(ty)].object_type,
                        _ => VkObjectType::VK_OBJECT_TYPE_UNKNOWN,
                    };
                    if destroyed == VkObjectType::VK_OBJECT_TYPE_DESCRIPTOR_UPDATE_TEMPLATE {
                        special::template_destroyed(id);
                    } else if destroyed == VkObjectType::VK_OBJECT_TYPE_COMMAND_POOL {
                        prose::command_buffers_freed(&[], id);
                    }
                }
            }
            Role::Free { pool, handles: array } => {
                let Some(f) = handles.param(array) else { return };
                let (p, n) = unsafe { handles_of(f, params) };
                let freed: Vec<u64> = (0..n).map(|i| unsafe { p.add(i).read_unaligned() }).collect();
                if handles.name == "vkFreeCommandBuffers" {
                    prose::command_buffers_freed(&freed, params.get(usize::from(pool)).copied().unwrap_or(0));
                } else {
                    freed.into_iter().filter(|&id| id != 0).for_each(|id| WRAPPED.remove(id));
                }
            }
            Role::Reset { pool } => WRAPPED.remove_children(params.get(usize::from(pool)).copied().unwrap_or(0)),
            Role::Use => {
                let completes =
                    matches!(handles.name, "vkDeferredOperationJoinKHR" | "vkGetDeferredOperationResultKHR");
                if completes && result == Some(VkResult::VK_SUCCESS) {
                    if let Some(outputs) = params.get(1).and_then(|&op| deferred::complete(op)) {
                        // SAFETY: the operation completed: the application's array holds the
                        // handles it created (the application keeps it alive until then).
                        unsafe { outputs.wrap() };
                    }
                }
            }
        }
        if succeeded {
            unsafe { self.returned_structures(handles, params) };
        }
    }
}

/// The deferred operation a command was given (`VkDeferredOperationKHR` parameter), as the
/// application's id.
fn deferred_operation(handles: &'static CommandHandles, params: &[u64]) -> Option<u64> {
    handles.params.iter().find_map(|f| match (f.shape, f.elem) {
        (Shape::Value, HandleElem::Handle(ty)) if HANDLE_TYPES[usize::from(ty)].name == "VkDeferredOperationKHR" => {
            params.get(f.at as usize).copied().filter(|&op| op != 0)
        }
        _ => None,
    })
}

/// Handles a deferred operation will write: the application's array, its length, their type
/// and owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingOutputs {
    out: usize,
    n: usize,
    ty: u16,
    owner: u64,
}

impl PendingOutputs {
    /// Gives the handles the operation wrote ids, in place.
    ///
    /// # Safety
    /// `out` must still be the application's array of `n` handles, written by the operation.
    unsafe fn wrap(self) {
        let out = self.out as *mut u64;
        for i in 0..self.n {
            let raw = unsafe { out.add(i).read_unaligned() };
            if raw != 0 {
                let id = WRAPPED.insert(raw, u32::from(self.ty), self.owner, 0);
                unsafe { out.add(i).write_unaligned(id) };
            }
        }
    }
}

/// Creations a deferred operation has not finished, by the operation's id.
mod deferred {
    use std::collections::HashMap;
    use std::sync::{LazyLock, Mutex, PoisonError};

    use super::PendingOutputs;

    static PENDING: LazyLock<Mutex<HashMap<u64, PendingOutputs>>> = LazyLock::new(Default::default);

    /// `op` will write `outputs` when it completes.
    pub fn pending(op: u64, outputs: PendingOutputs) {
        PENDING.lock().unwrap_or_else(PoisonError::into_inner).insert(op, outputs);
    }

    /// `op` completed: what it wrote, once.
    pub fn complete(op: u64) -> Option<PendingOutputs> {
        PENDING.lock().unwrap_or_else(PoisonError::into_inner).remove(&op)
    }
}

/// The parent a `ParentRef` names, as the application passed it (an id).
///
/// # Safety
/// `params` holds the command's parameters.
unsafe fn parent_handle(r: ParentRef, params: &[u64]) -> u64 {
    let Some(&v) = params.get(usize::from(r.param)) else { return 0 };
    if r.member == NO_MEMBER {
        return v;
    }
    let p = v as *const u8;
    if p.is_null() {
        return 0;
    }
    unsafe { read_uint(p.wrapping_add(r.member as usize), 8) }
}

/// Records the level of command buffers just allocated (secondary ones' inheritance info is
/// read when they begin).
///
/// # Safety
/// `params` are vkAllocateCommandBuffers' parameters after a successful call.
unsafe fn command_buffers_allocated(params: &[u64], out: *mut u64, n: usize, pool: u64) {
    let info = params.get(1).copied().unwrap_or(0) as *const VkCommandBufferAllocateInfo;
    if info.is_null() || out.is_null() {
        return;
    }
    let secondary = unsafe { (*info).level } == VkCommandBufferLevel::VK_COMMAND_BUFFER_LEVEL_SECONDARY;
    let handles: Vec<u64> = (0..n).map(|i| unsafe { out.add(i).read_unaligned() }).collect();
    prose::command_buffers_allocated(&handles, pool, secondary);
}

impl Wrapper {
    /// Handles the implementation returned inside structures (display properties, pipeline
    /// binaries): each gets an id, the same one every time it is returned.
    ///
    /// # Safety
    /// `params` are the command's parameters after a successful call.
    unsafe fn returned_structures(&self, handles: &'static CommandHandles, params: &[u64]) {
        for f in handles.params {
            let HandleElem::Struct(s) = f.elem else { continue };
            if f.flags & OUTPUT == 0 {
                // An input structure may still carry output arrays (pipeline binaries).
                if !HANDLE_STRUCTS[usize::from(s)].fields.iter().any(|m| m.flags & OUTPUT != 0) {
                    continue;
                }
            }
            let Some(&p) = params.get(f.at as usize) else { continue };
            if p == 0 {
                continue;
            }
            let n = match f.shape {
                Shape::Slice(c) => unsafe { slot_count(c, params) }.unwrap_or(0),
                _ => 1,
            };
            let size = HANDLE_STRUCTS[usize::from(s)].size as usize;
            for i in 0..n {
                unsafe { self.returned_in(s, (p as *mut u8).wrapping_add(i * size), f.flags & OUTPUT != 0) };
            }
        }
    }

    /// The handles in a returned structure (`all`: every member is output) at `p`.
    ///
    /// # Safety
    /// `p` is a structure the call wrote.
    unsafe fn returned_in(&self, s: u16, p: *mut u8, all: bool) {
        let owner = self.owner.load(Ordering::Relaxed);
        for f in HANDLE_STRUCTS[usize::from(s)].fields {
            if !(all || f.flags & OUTPUT != 0) {
                continue;
            }
            let fp = p.wrapping_add(f.at as usize);
            match (f.shape, f.elem) {
                (Shape::Value, HandleElem::Handle(ty)) if !HANDLE_TYPES[usize::from(ty)].dispatchable => unsafe {
                    let raw = read_uint(fp, 8);
                    if raw != 0 {
                        (fp as *mut u64).write_unaligned(WRAPPED.retrieved(raw, u32::from(ty), owner, 0));
                    }
                },
                (Shape::Slice(c), HandleElem::Handle(ty)) if !HANDLE_TYPES[usize::from(ty)].dispatchable => unsafe {
                    let q = read_ptr(fp) as *mut u64;
                    let n = count(c, Base::Struct(p)).unwrap_or(0);
                    if !q.is_null() {
                        for i in 0..n {
                            let raw = q.add(i).read_unaligned();
                            if raw != 0 {
                                q.add(i).write_unaligned(WRAPPED.retrieved(raw, u32::from(ty), owner, 0));
                            }
                        }
                    }
                },
                (Shape::Value, HandleElem::Struct(sub)) => unsafe { self.returned_in(sub, fp, all) },
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The parameters each generated intercept unwraps, decided when compiled, are those a
    /// walk of the command's handle table finds for every command that may be unwrapped
    /// directly, and none of them is left to the tables' unwrapping for its length.
    #[test]
    fn compiled_direct_unwrapping_matches_the_table() {
        let shown = |d: &[DirectParam]| d.iter().map(|p| format!("{} {:?}", p.at, p.count)).collect::<Vec<_>>();
        let mut compiled = 0;
        for (i, c) in COMMAND_HANDLES.iter().enumerate() {
            let listed: Option<Vec<DirectParam>> = c
                .params
                .iter()
                .map(direct_param_at)
                .collect::<Result<Vec<_>, _>>()
                .ok()
                .map(|params| params.into_iter().flatten().collect());
            let Some(listed) = listed.filter(|_| plain(i)) else { continue };
            let (len, params) = direct_params_of(i, false).unwrap_or_else(|| panic!("{} is not compiled", c.name));
            assert_eq!(shown(&params[..len]), shown(&listed), "{}", c.name);
            assert_eq!(direct_len(i, false), len);
            compiled += 1;
        }
        assert!(compiled > 200, "{compiled} commands unwrapped directly");
    }

    /// lavapipe never defers (it has no ray tracing pipelines), so the mapping is tested here:
    /// handles written when the operation completes get ids then, once.
    #[test]
    fn deferred_creations_are_wrapped_when_the_operation_completes() {
        let pipeline = HANDLE_TYPES.iter().position(|t| t.name == "VkPipeline").unwrap() as u16;
        let mut pipelines = [0u64; 2];
        let op = 0x0e0e_0001;
        deferred::pending(op, PendingOutputs { out: pipelines.as_mut_ptr() as usize, n: 2, ty: pipeline, owner: 99 });
        // The operation runs and writes the driver's handles; one pipeline failed.
        pipelines = [0xd00d_0000, 0];
        let outputs = deferred::complete(op).expect("pending outputs");
        assert_eq!(deferred::complete(op), None, "completed once");
        unsafe { outputs.wrap() };
        assert_ne!(pipelines[0], 0xd00d_0000, "the application sees an id");
        assert_eq!(WRAPPED.get(pipelines[0]).map(|(raw, _)| raw), Some(0xd00d_0000));
        assert_eq!(pipelines[1], 0, "a failed element stays VK_NULL_HANDLE");
        WRAPPED.remove_owned_by(99);
    }

    /// lavapipe compiles every pipeline, so VK_PIPELINE_COMPILE_REQUIRED (a success code with
    /// VK_NULL_HANDLE in the elements not created) is tested on the mapping.
    #[test]
    fn pipelines_not_compiled_stay_null() {
        let (reporter, _) = Reporter::new(&vigil_generated::settings::Settings::default(), Vec::new(), Vec::new());
        let wrapper = Wrapper::new(&Arc::new(reporter), 98);
        let i = COMMAND_HANDLES.iter().position(|c| c.name == "vkCreateComputePipelines").unwrap();
        // What the driver wrote: the first pipeline, and NULL for the second.
        let mut pipelines = [0xbeef_0000u64, 0];
        let infos = [0u8; 2 * std::mem::size_of::<VkComputePipelineCreateInfo>()];
        let params = [0x1, 0, 2, infos.as_ptr() as u64, 0, pipelines.as_mut_ptr() as u64];
        unsafe { wrapper.rewrap(i, &params, Some(VkResult::VK_PIPELINE_COMPILE_REQUIRED)) };
        assert_ne!(pipelines[0], 0xbeef_0000, "the created pipeline has an id");
        assert_eq!(WRAPPED.get(pipelines[0]).map(|(raw, _)| raw), Some(0xbeef_0000));
        assert_eq!(pipelines[1], 0, "the one not created stays VK_NULL_HANDLE");
        WRAPPED.remove_owned_by(98);
    }

    /// A compiled unwrapping translates what the tables' unwrapping translates, and bails out
    /// where that one would report (a dead id) or relink (a pNext chain).
    #[test]
    fn compiled_unwrapping_matches_the_tables() {
        let (reporter, _) = Reporter::new(&vigil_generated::settings::Settings::default(), Vec::new(), Vec::new());
        let wrapper = Wrapper::new(&Arc::new(reporter), 97);
        let ty = |name: &str| HANDLE_TYPES.iter().position(|t| t.name == name).unwrap() as u32;
        let (buffer, image) =
            (WRAPPED.insert(0xb0f0, ty("VkBuffer"), 97, 0), WRAPPED.insert(0x1a6e, ty("VkImage"), 97, 0));
        let c = COMMAND_HANDLES.iter().position(|c| c.name == "vkCmdPipelineBarrier2").unwrap();
        assert!(plain(c) && compiled::tree(c).is_some(), "vkCmdPipelineBarrier2 is compiled");
        let compiled = compiled::TREES.iter().filter(|&&(c, _)| compiled::compilable(usize::from(c))).count();
        assert!(compiled > 100, "{compiled} commands compiled");
        // What each unwrapping passes down: the barriers' handles, and that the copies differ
        // from the application's structures.
        let run = |dependency: &VkDependencyInfo, compiled: bool| -> Option<(u64, u64)> {
            let p = dependency as *const VkDependencyInfo;
            let mut slots = [0xc0u64, p as u64];
            let mut scratch = [MaybeUninit::<u64>::uninit(); 64];
            if compiled {
                let tree = compiled::tree(c)?;
                if !unsafe { tree(&mut compiled::Bump::new(&mut scratch), &mut slots) } {
                    return None;
                }
            } else {
                unsafe { wrapper.unwrap(c, &mut slots, &mut scratch) }?;
            }
            assert_ne!(slots[1], p as u64, "a copy goes down");
            let copy = unsafe { &*(slots[1] as *const VkDependencyInfo) };
            let b = unsafe { &*copy.pBufferMemoryBarriers };
            let i = unsafe { &*copy.pImageMemoryBarriers };
            Some((b.buffer.as_raw(), i.image.as_raw()))
        };
        let buffers = [VkBufferMemoryBarrier2 { buffer: VkBuffer::from_raw(buffer), ..Default::default() }];
        let images = [VkImageMemoryBarrier2 { image: VkImage::from_raw(image), ..Default::default() }];
        let dependency = VkDependencyInfo {
            bufferMemoryBarrierCount: 1,
            pBufferMemoryBarriers: buffers.as_ptr(),
            imageMemoryBarrierCount: 1,
            pImageMemoryBarriers: images.as_ptr(),
            ..Default::default()
        };
        assert_eq!(run(&dependency, true), Some((0xb0f0, 0x1a6e)));
        assert_eq!(run(&dependency, true), run(&dependency, false));
        assert_eq!(buffers[0].buffer.as_raw(), buffer, "the application's structures stay as they were");

        // A dead id bails out (the tables' unwrapping reports it).
        let dead = [VkBufferMemoryBarrier2 { buffer: VkBuffer::from_raw(0xdead_0000_0001), ..Default::default() }];
        let with_dead = VkDependencyInfo { pBufferMemoryBarriers: dead.as_ptr(), ..dependency };
        assert_eq!(run(&with_dead, true), None);
        // So does a chained structure.
        let chained_barrier = VkBufferMemoryBarrier2 {
            pNext: &dependency as *const VkDependencyInfo as *const std::ffi::c_void,
            ..buffers[0]
        };
        let chained = VkDependencyInfo { pBufferMemoryBarriers: &chained_barrier, ..dependency };
        assert_eq!(run(&chained, true), None);
        WRAPPED.remove_owned_by(97);
    }

    #[test]
    fn the_deferred_operation_parameter_is_found() {
        let i = COMMAND_HANDLES.iter().position(|c| c.name == "vkCreateRayTracingPipelinesKHR").unwrap();
        let params = [0x1, 0x5eed, 0x0, 0x2, 0x3, 0x0, 0x4];
        assert_eq!(deferred_operation(&COMMAND_HANDLES[i], &params), Some(0x5eed));
    }
}
