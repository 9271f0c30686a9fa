//! The one walk over a call's handles: before the validate hooks, every handle the call names
//! (parameters, members at any depth, arrays, pNext chains) is found in the object table once,
//! through the thread's cache (`thread`), and handed to every validation object in the call
//! context (`chassis::handles`). Object lifetime, thread safety and the tracker's references
//! read that instead of walking the call each on its own.

use std::sync::LazyLock;

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;
use vigil_generated::threading::SYNCED;

use super::objects::{key, Key, ObjectRecord, Origin, OBJECTS, TYPES};
use super::records::instance_scoped;
use super::sites::{self, SiteVisitor, Skip};
use super::thread::Entered;
use crate::chassis::handles::{CallHandles, Named, DESTROYED, PARAM};
use crate::chassis::raw::{read_ptr, read_uint, ParamCount};
use crate::chassis::Call;

/// The handle types some object reads from the walk: those object lifetime follows and those
/// thread safety counts. Others (a physical device, a display's mode) are left out.
static WANTED: LazyLock<Vec<bool>> =
    LazyLock::new(|| HANDLE_TYPES.iter().enumerate().map(|(i, t)| t.tracked || SYNCED[i]).collect());

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

/// How a command's handles are found.
enum Plan {
    /// Every site is a parameter of [`Direct`]'s kinds: a loop over them, no walk.
    Direct(Box<[Direct]>),
    /// Some site is a structure member, a fixed array, or in a pNext chain: the site walk.
    Walk,
}

/// Each command's plan, worked out once from the tables.
static PLANS: LazyLock<Box<[Plan]>> = LazyLock::new(|| COMMAND_HANDLES.iter().map(plan).collect());

fn plan(command: &'static CommandHandles) -> Plan {
    let destroyed = match command.role {
        Role::Destroy { param } => u32::from(param),
        _ => u32::MAX,
    };
    let mut direct = Vec::new();
    for f in command.params {
        if f.flags & SKIP.params != 0 {
            continue;
        }
        let HandleElem::Handle(ty) = f.elem else { return Plan::Walk };
        let count = match f.shape {
            Shape::Value => None,
            Shape::Ptr => Some(ParamCount::One),
            Shape::Slice(c) => Some(ParamCount::of(c)),
            Shape::Array(..) | Shape::Str => return Plan::Walk,
        };
        let Ok(at) = u8::try_from(f.at) else { return Plan::Walk };
        if !WANTED[usize::from(ty)] {
            continue;
        }
        let flags = f.flags | PARAM | if f.at == destroyed { DESTROYED } else { 0 };
        let (instance_scoped, tracked) = (instance_scoped(ty), HANDLE_TYPES[usize::from(ty)].tracked);
        direct.push(Direct { at, ty, flags, instance_scoped, tracked, count });
    }
    Plan::Direct(direct.into_boxed_slice())
}

/// Finds every handle a call of `COMMAND_HANDLES[command]` names, made on device (or
/// instance) `owner` of `instance`, into `out`; incomplete when there are more than it holds.
///
/// # Safety
/// `params` must be the call's parameters as the application passed them, valid as the spec
/// requires for every site the walk visits.
pub unsafe fn resolve(
    out: &mut CallHandles,
    entered: &Entered,
    command: usize,
    params: &[*const u8],
    owner: u64,
    instance: u64,
) {
    let Some(info) = COMMAND_HANDLES.get(command) else { return };
    out.begin();
    match &PLANS[command] {
        Plan::Direct(direct) => {
            for d in direct.iter() {
                let Some(&p) = params.get(usize::from(d.at)) else { continue };
                // SAFETY (both arms): `p` is the parameter's address; a pointer parameter is
                // read for as many handles as its count says, when non-NULL.
                let (first, n) = match d.count {
                    None => (p, 1),
                    Some(c) => match unsafe { c.read(params) } {
                        Some(n) if n > 0 => (unsafe { read_ptr(p) }, n),
                        _ => continue,
                    },
                };
                if first.is_null() {
                    continue;
                }
                for i in 0..n {
                    // SAFETY: `first` points at `n` handles.
                    let handle = unsafe { read_uint(first.wrapping_add(i * 8), 8) };
                    if handle == 0 {
                        continue;
                    }
                    let scope = if d.instance_scoped { instance } else { owner };
                    let record = entered.find(Key { scope, handle, ty: d.ty });
                    if d.tracked && !record.is_some_and(|r| r.origin != Origin::Seen) {
                        out.dead();
                    }
                    let record = record.map_or(std::ptr::null(), |r| r as *const ObjectRecord as *const ());
                    if !out.push(Named { handle, record, ty: d.ty, flags: d.flags, at: d.at }) {
                        return;
                    }
                }
            }
        }
        Plan::Walk => {
            let destroyed = match info.role {
                Role::Destroy { param } => u32::from(param),
                _ => u32::MAX,
            };
            let mut walk = Walk { out, entered, owner, instance, destroyed, wanted: &WANTED };
            // SAFETY: as this function's contract.
            unsafe { sites::visit(info, params, SKIP, &mut walk) };
        }
    }
}

struct Walk<'a> {
    out: &'a mut CallHandles,
    entered: &'a Entered,
    owner: u64,
    instance: u64,
    destroyed: u32,
    wanted: &'a [bool],
}

impl SiteVisitor for Walk<'_> {
    #[inline]
    fn site(&mut self, f: &'static HandleField, ty: u16, first: *const u8, n: usize, param: bool) {
        if !self.out.complete() || !self.wanted[usize::from(ty)] {
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
            let record = self.entered.find(key(ty, handle, self.owner, self.instance));
            if HANDLE_TYPES[usize::from(ty)].tracked && !record.is_some_and(|r| r.origin != Origin::Seen) {
                self.out.dead();
            }
            let record = record.map_or(std::ptr::null(), |r| r as *const ObjectRecord as *const ());
            if !self.out.push(Named { handle, record, ty, flags, at }) {
                return;
            }
        }
    }
}

/// The record of a handle the walk found, borrowed for the call.
#[inline(always)]
pub fn record_of(n: &Named) -> Option<&ObjectRecord> {
    // SAFETY: `resolve` stores records borrowed from the call's `Entered`, which the intercept
    // keeps alive until its call returns, longer than any `Named` of it is read.
    unsafe { (n.record as *const ObjectRecord).as_ref() }
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
