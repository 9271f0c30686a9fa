//! Object lifetime validation: every handle a call names must be a live object of the calling
//! device or instance. The state tracker (`state`) records objects when created, allocated or
//! retrieved and forgets them when destroyed or freed, with what goes with them (a pool's sets
//! and command buffers, a swapchain's images); this object checks each call against its table.
//! The generated tables (`vigil_generated::objects`) say where each command's handles are.
//!
//! A call naming a handle that is not alive is reported and never passed on, whatever the
//! application's callback answers: the driver would dereference freed memory.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;
use vigil_generated::*;

use super::{DeviceSetup, InstanceSetup};
use crate::chassis::handles::CallHandles;
use crate::chassis::names::command_number;
use crate::chassis::raw::{count, read_ptr, read_uint, Base};
use crate::chassis::{hooks, Call, Hooks, Phase, ValidationObject};
use crate::report::{Finding, Location, Object, Reporter, Severity};
use crate::state::objects::Cache;
use crate::state::resolve::record_in;
use crate::state::sites::{self, SiteVisitor, Skip};
use crate::state::tracker::{param_handle, param_pointer_set, site_handles};
use crate::state::{key, Origin, OBJECTS};

/// Object lifetime for one instance's or one device's commands.
pub type ObjectChecks = ObjectTracker;

/// Leaked handles listed per type in the message.
const LISTED_LEAKS: usize = 4;

/// The object tracker of one instance or device.
pub struct ObjectTracker {
    reporter: Arc<Reporter>,
    /// The instance or device whose calls this validates; 0 until an instance is created.
    owner: AtomicU64,
    /// A device's instance (instance-level objects such as surfaces are valid in its calls);
    /// for an instance, the instance itself.
    instance: AtomicU64,
    /// Whether the instance or device was created with allocation callbacks.
    with_allocator: AtomicBool,
}

/// The checks of an instance about to be created.
pub fn for_instance(setup: &InstanceSetup<'_>) -> Option<ObjectChecks> {
    setup.settings.object_lifetime.then(|| instance_checks(setup.reporter))
}

/// The checks of an instance not created yet (its handle is learned at creation).
fn instance_checks(reporter: &Arc<Reporter>) -> ObjectChecks {
    ObjectTracker {
        reporter: reporter.clone(),
        owner: AtomicU64::new(0),
        instance: AtomicU64::new(0),
        with_allocator: AtomicBool::new(false),
    }
}

/// The checks of device `device` of instance `instance`.
pub fn for_device(setup: &DeviceSetup<'_>) -> Option<ObjectChecks> {
    let (device, instance, with_allocator) = (setup.device, setup.instance, setup.allocator);
    setup.settings.object_lifetime.then(|| device_checks(setup.reporter, device, instance, with_allocator))
}

/// The checks of device `device` of instance `instance` (`with_allocator`: created with
/// allocation callbacks).
fn device_checks(reporter: &Arc<Reporter>, device: VkDevice, instance: u64, with_allocator: bool) -> ObjectChecks {
    ObjectTracker {
        reporter: reporter.clone(),
        owner: AtomicU64::new(device.as_raw()),
        instance: AtomicU64::new(instance),
        with_allocator: AtomicBool::new(with_allocator),
    }
}

/// Whether `ty` is VkInstance, whose life the tracker's own owner spans.
fn is_instance(ty: u16) -> bool {
    ty == handle_type::INSTANCE
}

/// Whether `ty` is VkDevice (as [`is_instance`]).
fn is_device(ty: u16) -> bool {
    ty == handle_type::DEVICE
}

fn object(ty: u16, handle: u64) -> Object {
    Object { ty: HANDLE_TYPES[usize::from(ty)].object_type, handle }
}

/// Bytes per element of a site's array.
fn stride(elem: HandleElem) -> usize {
    match elem {
        HandleElem::Handle(_) => 8,
        HandleElem::Struct(s) => HANDLE_STRUCTS[usize::from(s)].size as usize,
    }
}

/// A structure's pNext member: right after the 4-byte sType, pointer-aligned.
const PNEXT_OFFSET: usize = 8;
/// Longer chains than this are taken to be cyclic and not followed further.
const MAX_CHAIN: usize = 256;

/// One call being checked.
struct Walk<'a> {
    tracker: &'a ObjectTracker,
    owner: u64,
    instance: u64,
    command: &'static CommandHandles,
    skip: bool,
}

impl Walk<'_> {
    fn error(&self, id: u16, at: &Location<'_>, objects: &[Object], m: std::fmt::Arguments<'_>) -> bool {
        let id = IDS[usize::from(id)];
        self.tracker.reporter.report(Finding { severity: Severity::Error, id, location: at, objects, message: m })
    }

    /// Checks the sites of a parameter list or a struct. A structure member the registry leaves
    /// to prose (`noautovalidity`) may be ignored, so it is not checked; on a parameter it only
    /// means that elements may be VK_NULL_HANDLE.
    fn fields(&mut self, fields: &'static [HandleField], base: Base<'_>, parent: &Location<'_>, arrow: bool) {
        let params = matches!(base, Base::Params(_));
        for f in fields {
            if f.flags & OUTPUT != 0 || (f.flags & NOAUTO != 0 && !params) {
                continue;
            }
            let p = base.at(f.at);
            if p.is_null() {
                continue;
            }
            let at = if arrow { parent.arrow(f.name) } else { parent.dot(f.name) };
            // SAFETY (whole match): `p` is the site's address in a struct or parameter list the
            // application passed, and each pointer is followed only when non-NULL, for as many
            // elements as the count the registry names says.
            match f.shape {
                Shape::Value => self.value(f, p, &at, false),
                Shape::Ptr => {
                    let q = unsafe { read_ptr(p) };
                    if !q.is_null() {
                        self.value(f, q, &at, true);
                    }
                }
                Shape::Slice(c) => {
                    let Some(n) = (unsafe { count(c, base) }) else { continue };
                    let q = unsafe { read_ptr(p) };
                    if !q.is_null() {
                        self.elements(f, q, n, &at);
                    }
                }
                Shape::Array(n, used) => {
                    let n = match used {
                        Some(c) => unsafe { count(c, base) }.map_or(n as usize, |u| u.min(n as usize)),
                        None => n as usize,
                    };
                    self.elements(f, p, n, &at);
                }
                Shape::Str => {}
            }
        }
    }

    fn elements(&mut self, f: &'static HandleField, p: *const u8, n: usize, at: &Location<'_>) {
        let stride = stride(f.elem);
        for i in 0..n {
            self.value(f, p.wrapping_add(i * stride), &at.index(i), false);
        }
    }

    /// A handle or a struct at `p`; `pointer`: reached through a pointer (members print `->`).
    fn value(&mut self, f: &'static HandleField, p: *const u8, at: &Location<'_>, pointer: bool) {
        match f.elem {
            HandleElem::Handle(ty) => {
                // SAFETY: `p` points at a handle.
                let h = unsafe { read_uint(p, 8) };
                if h != 0 {
                    self.handle(f, ty, h, at);
                }
            }
            HandleElem::Struct(s) => self.structure(s, p, at, pointer, true),
        }
    }

    fn structure(&mut self, s: u16, p: *const u8, at: &Location<'_>, pointer: bool, chain: bool) {
        let info = &HANDLE_STRUCTS[usize::from(s)];
        self.fields(info.fields, Base::Struct(p), at, pointer);
        if !(chain && info.has_pnext) {
            return;
        }
        // SAFETY: a struct with a pNext member has it at PNEXT_OFFSET, and each chained
        // structure starts with sType and pNext.
        let mut next = unsafe { read_ptr(p.wrapping_add(PNEXT_OFFSET)) };
        for _ in 0..MAX_CHAIN {
            if next.is_null() {
                break;
            }
            let s_type = unsafe { read_uint(next, 4) } as i32;
            if let Ok(i) = HANDLE_CHAIN.binary_search_by_key(&s_type, |(t, _)| *t) {
                let s = HANDLE_CHAIN[i].1;
                let base = if pointer { at.arrow("pNext") } else { at.dot("pNext") };
                let chained = base.chained(HANDLE_STRUCTS[usize::from(s)].name);
                self.structure(s, next, &chained, true, false);
            }
            next = unsafe { read_ptr(next.wrapping_add(PNEXT_OFFSET)) };
        }
    }

    fn handle(&mut self, f: &'static HandleField, ty: u16, h: u64, at: &Location<'_>) {
        let t = &HANDLE_TYPES[usize::from(ty)];
        if !t.tracked {
            return;
        }
        let k = key(ty, h, self.owner, self.instance);
        if OBJECTS.alive(k) {
            return;
        }
        match OBJECTS.scope_elsewhere(k) {
            None => {
                self.error(
                    f.id,
                    at,
                    &[object(ty, h)],
                    format_args!(
                        "is {h:#x}, which is not a live {}: it was never created, or it was already destroyed or \
                         freed. The call is not passed on.",
                        t.name
                    ),
                );
                self.skip = true;
            }
            Some(owner) => {
                let id = if f.parent_id != NO_ID { f.parent_id } else { self.command.commonparent_id };
                if id != NO_ID {
                    let objects = [object(ty, h), Object { ty: VkObjectType::VK_OBJECT_TYPE_UNKNOWN, handle: owner }];
                    self.skip |= self.error(
                        id,
                        at,
                        &objects,
                        format_args!(
                            "is {} {h:#x}, which belongs to another device or instance ({owner:#x}), not to this one \
                             ({:#x}).",
                            t.name, self.owner
                        ),
                    );
                }
            }
        }
    }

    /// A destroy's allocation callbacks must match the creation's.
    fn allocator(&mut self, ty: u16, h: u64, given: bool, with_allocator: bool, at: &Location<'_>) {
        let [provided, none] = self.command.alloc_ids;
        let (id, m) = match (with_allocator, given) {
            (true, false) => (provided, "was created with VkAllocationCallbacks, but pAllocator is NULL."),
            (false, true) => (none, "was created without VkAllocationCallbacks, but pAllocator is not NULL."),
            _ => return,
        };
        if id != NO_ID {
            let t = HANDLE_TYPES[usize::from(ty)].name;
            self.skip |= self.error(id, at, &[object(ty, h)], format_args!("{t} {h:#x} {m}"));
        }
    }

    /// Objects of a device or instance about to be destroyed that are still alive.
    fn leaks(&mut self, owner: u64, owner_ty: u16, id: &'static str, at: &Location<'_>) {
        let mut by_type: BTreeMap<u16, Vec<u64>> = BTreeMap::new();
        for r in OBJECTS.in_scope(owner) {
            if r.origin == Origin::Created {
                by_type.entry(r.key.ty).or_default().push(r.key.handle);
            }
        }
        for (ty, mut handles) in by_type {
            handles.sort_unstable();
            let mut objects = vec![object(owner_ty, owner)];
            objects.extend(handles.iter().take(LISTED_LEAKS).map(|&h| object(ty, h)));
            let mut list = String::new();
            for h in handles.iter().take(LISTED_LEAKS) {
                let _ = write!(list, "{}{h:#x}", if list.is_empty() { "" } else { ", " });
            }
            if handles.len() > LISTED_LEAKS {
                let _ = write!(list, " and {} more", handles.len() - LISTED_LEAKS);
            }
            let name = HANDLE_TYPES[usize::from(ty)].name;
            self.skip |= self.tracker.reporter.report(Finding {
                severity: Severity::Error,
                id,
                location: at,
                objects: &objects,
                message: format_args!("{} {name} object(s) not destroyed or freed: {list}.", handles.len()),
            });
        }
    }
}

/// Whether every handle a command names directly (parameters, arrays of them) is a live object
/// of `owner` or `instance`, when it names no structure: then the full walk would find
/// nothing, and it need not build locations or match shapes. `None`: the command names
/// structures (see [`all_alive`]), or a handle is not alive; walk.
///
/// # Safety
/// `params` holds the command's parameters.
#[inline]
unsafe fn direct_alive(
    command: &'static CommandHandles,
    params: &[*const u8],
    owner: u64,
    instance: u64,
) -> Option<()> {
    OBJECTS.with_cache(|cache| {
        for f in command.params {
            // On a parameter, `noautovalidity` only means elements may be VK_NULL_HANDLE.
            if f.flags & OUTPUT != 0 {
                continue;
            }
            let HandleElem::Handle(ty) = f.elem else { return None };
            if !HANDLE_TYPES[usize::from(ty)].tracked {
                continue;
            }
            let p = *params.get(f.at as usize)?;
            let (first, n) = match f.shape {
                Shape::Value => (p, 1),
                Shape::Ptr => (unsafe { read_ptr(p) }, 1),
                Shape::Slice(c) => (unsafe { read_ptr(p) }, unsafe { count(c, Base::Params(params)) }?),
                _ => return None,
            };
            if first.is_null() {
                continue;
            }
            for i in 0..n {
                let h = unsafe { read_uint(first.wrapping_add(i * 8), 8) };
                if h != 0 && !OBJECTS.alive_in(cache, key(ty, h, owner, instance)) {
                    return None;
                }
            }
        }
        Some(())
    })
}

/// Whether every handle a call of a `Use` command names (parameters, members at any depth,
/// arrays, pNext chains) is a live object of `owner` or `instance`: then the full walk would
/// report nothing, and it need not build locations. It visits exactly the sites the full walk
/// checks (outputs left out everywhere, `noautovalidity` on members); a miss sends the call to
/// the full walk, which decides.
///
/// # Safety
/// `params` holds the command's parameters, valid as the spec requires for every site the walk
/// visits.
#[inline]
unsafe fn all_alive(command: &'static CommandHandles, params: &[*const u8], owner: u64, instance: u64) -> bool {
    OBJECTS.with_cache(|cache| {
        let mut alive = AllAlive { cache, owner, instance, all: true };
        let skip = Skip { params: OUTPUT, members: OUTPUT | NOAUTO };
        // SAFETY: as this function's contract.
        unsafe { sites::visit(command, params, skip, &mut alive) };
        alive.all
    })
}

/// The visitor of [`all_alive`].
struct AllAlive<'a> {
    cache: &'a Cache,
    owner: u64,
    instance: u64,
    /// False from the first handle that is not a live object on.
    all: bool,
}

impl SiteVisitor for AllAlive<'_> {
    #[inline]
    fn site(&mut self, _f: &'static HandleField, ty: u16, first: *const u8, n: usize, _param: bool) {
        if !self.all || !HANDLE_TYPES[usize::from(ty)].tracked {
            return;
        }
        // SAFETY: the visitor hands over `n` handles at `first`.
        for h in unsafe { sites::handles(first, n) } {
            if !OBJECTS.alive_in(self.cache, key(ty, h, self.owner, self.instance)) {
                self.all = false;
                return;
            }
        }
    }
}

/// Whether a call of a command in `role` is checked only for the handles it names (the uses,
/// and creations: what they create does not exist yet); destroys and frees are checked
/// further.
const fn checks_handles_only(role: Role) -> bool {
    !matches!(role, Role::Destroy { .. } | Role::Free { .. })
}

/// Whether a destroy or free of live objects has nothing to report, answered before the
/// walk and its locations are set up: a device-level object destroyed as it was created (with
/// or without `VkAllocationCallbacks`), or objects freed to the pool they came from. A device
/// or instance destroyed (its leaks are listed) is never answered here.
///
/// # Safety
/// `params` holds the address of each parameter of `command`.
unsafe fn ends_cleanly(
    command: &'static CommandHandles,
    params: &[*const u8],
    handles: &CallHandles,
    owner: u64,
    instance: u64,
) -> bool {
    match command.role {
        Role::Destroy { param } => {
            let Some(HandleElem::Handle(ty)) = command.param(param).map(|f| f.elem) else { return false };
            // SAFETY: as the caller promises.
            let h = unsafe { param_handle(params, param) };
            if h == 0 {
                return true;
            }
            if is_instance(ty) || (is_device(ty) && h == owner) {
                return false;
            }
            // SAFETY: as above.
            let given = unsafe { param_pointer_set(params, command.allocator) };
            record_in(handles, ty, h, (owner, instance)).is_none_or(|r| r.with_allocator == given)
        }
        Role::Free { pool, handles: freed_at } => {
            // SAFETY: as the caller promises.
            let pool_handle = unsafe { param_handle(params, pool) };
            let Some(f) = command.param(freed_at) else { return false };
            // SAFETY: as above.
            let Some((ty, mut freed)) = (unsafe { site_handles(f, params) }) else { return false };
            freed.all(|h| {
                record_in(handles, ty, h, (owner, instance))
                    .is_none_or(|r| r.parent.as_ref().map_or(0, |p| p.key.handle) == pool_handle)
            })
        }
        _ => false,
    }
}

impl ObjectTracker {
    /// Checks a call of `command`; `params` holds the address of each parameter, `handles`
    /// what the state tracker found of them. True: skip the call.
    fn validate(&self, command: &'static CommandHandles, params: &[*const u8], handles: &CallHandles) -> bool {
        let owner = self.owner.load(Ordering::Relaxed);
        let instance = self.instance.load(Ordering::Relaxed);
        let uses = matches!(command.role, Role::Use);
        // What the walk found answers when it is complete; else the direct loop answers most
        // uses (they name no structure) and the site walk the rest.
        // SAFETY: the hook passes the command's parameters.
        let alive = if handles.complete() {
            handles.alive()
        } else {
            (uses && unsafe { direct_alive(command, params, owner, instance) }.is_some())
                || unsafe { all_alive(command, params, owner, instance) }
        };
        // SAFETY: as above.
        if alive
            && (checks_handles_only(command.role) || unsafe { ends_cleanly(command, params, handles, owner, instance) })
        {
            return false;
        }
        let mut walk = Walk { tracker: self, owner, instance, command, skip: false };
        let at = Location::command(command.name);
        if !alive {
            walk.fields(command.params, Base::Params(params), &at, false);
        }
        match command.role {
            Role::Destroy { param } => {
                let Some(f) = command.param(param) else { return walk.skip };
                let HandleElem::Handle(ty) = f.elem else { return walk.skip };
                // SAFETY: the parameters of the command the table describes.
                let h = unsafe { param_handle(params, param) };
                let given = unsafe { param_pointer_set(params, command.allocator) };
                let at = at.dot(f.name);
                if h == 0 {
                } else if is_device(ty) && h == owner {
                    walk.allocator(ty, h, given, self.with_allocator.load(Ordering::Relaxed), &at);
                    walk.leaks(owner, ty, "VUID-vkDestroyDevice-device-05137", &at);
                } else if is_instance(ty) {
                    walk.allocator(ty, h, given, self.with_allocator.load(Ordering::Relaxed), &at);
                    walk.leaks(owner, ty, "VUID-vkDestroyInstance-instance-00629", &at);
                } else if let Some(r) = record_in(handles, ty, h, (owner, instance)) {
                    walk.allocator(ty, h, given, r.with_allocator, &at);
                }
            }
            Role::Free { pool, handles: freed_at } => {
                // SAFETY: the parameters of the command the table describes.
                let pool_handle = unsafe { param_handle(params, pool) };
                let Some(f) = command.param(freed_at) else { return walk.skip };
                let Some((ty, freed)) = (unsafe { site_handles(f, params) }) else { return walk.skip };
                let at = at.dot(f.name);
                for (i, h) in freed.enumerate() {
                    if let Some(r) = record_in(handles, ty, h, (owner, instance)) {
                        let from = r.parent.as_ref().map_or(0, |p| p.key.handle);
                        if from != pool_handle && f.parent_id != NO_ID {
                            let objects = [object(ty, h)];
                            let m = format_args!(
                                "is {h:#x}, which was allocated from pool {from:#x}, not from {pool_handle:#x}."
                            );
                            walk.skip |= walk.error(f.parent_id, &at.index(i), &objects, m);
                        }
                    }
                }
            }
            _ => {}
        }
        walk.skip
    }

    /// The state tracker records what exists; this learns the instance's own handle.
    fn record(&self, command: &'static CommandHandles, params: &[*const u8], result: Option<VkResult>) {
        let Role::Create { param, .. } = command.role else { return };
        let Some(f) = command.param(param) else { return };
        if result.is_some_and(|r| r.0 < 0) || !matches!(f.elem, HandleElem::Handle(ty) if is_instance(ty)) {
            return;
        }
        // SAFETY: the call returned and wrote its outputs.
        let Some((_, mut created)) = (unsafe { site_handles(f, params) }) else { return };
        let h = created.next().unwrap_or(0);
        self.owner.store(h, Ordering::Relaxed);
        self.instance.store(h, Ordering::Relaxed);
        let given = unsafe { param_pointer_set(params, command.allocator) };
        self.with_allocator.store(given, Ordering::Relaxed);
    }
}

/// `vkCreateInstance`'s index in the command tables.
const CREATE_INSTANCE: u16 = command_number("vkCreateInstance") as u16;

/// Object lifetime's post-record hook only learns the instance's handle: it runs after
/// `vkCreateInstance`, no other command (after every creation it cost ~37 instructions to
/// find nothing to learn).
const fn recording(hooks: Hooks) -> Hooks {
    hooks.generic_only_for(Phase::PostRecord, &[CREATE_INSTANCE])
}

/// The chassis hands object lifetime every call of a command that names a tracked handle or
/// changes what exists (`FOLLOWED`, generated); the tables say the rest.
#[hooks(then = recording)]
impl ValidationObject for ObjectTracker {
    /// The common case, answered in line: a call object lifetime does not follow, a use of
    /// live objects (what the state tracker's walk found), or a destroy or free of live objects
    /// with nothing to report.
    #[inline(always)]
    fn validate_call_in_line<const C: usize>(&self, cx: &Call<'_>) -> Option<bool> {
        if const { !(C < FOLLOWED.len() && FOLLOWED[C]) } {
            return Some(false);
        }
        let uses_only = const { C < COMMAND_HANDLES.len() && checks_handles_only(COMMAND_HANDLES[C].role) };
        let handles = cx.handles();
        if !(handles.complete() && handles.alive()) {
            return None;
        }
        if uses_only {
            return Some(false);
        }
        if const { C >= COMMAND_HANDLES.len() } {
            return None;
        }
        let (owner, instance) = (self.owner.load(Ordering::Relaxed), self.instance.load(Ordering::Relaxed));
        // SAFETY: the call's parameters, of command `C`.
        unsafe { ends_cleanly(&COMMAND_HANDLES[C], cx.params, handles, owner, instance) }.then_some(false)
    }

    #[inline(always)]
    fn validate_call(&self, cx: &Call<'_>) -> bool {
        // `validate` answers a use of live objects at once itself: no copy of the in-line test.
        FOLLOWED.get(cx.command).copied().unwrap_or(false)
            && self.validate(&COMMAND_HANDLES[cx.command], cx.params, cx.handles())
    }

    #[inline(always)]
    fn post_record_call(&self, cx: &Call<'_>, result: Option<VkResult>) {
        if cx.command == usize::from(CREATE_INSTANCE) {
            self.record(&COMMAND_HANDLES[cx.command], cx.params, result)
        }
    }
}
