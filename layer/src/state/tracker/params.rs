//! Reading a call's parameters as the generated tables describe them: handles, pointers, the
//! handles of a site, a creation's parent.

use std::sync::Arc;

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;

use crate::chassis::handles::CallHandles;
use crate::chassis::raw::{count, read_ptr, read_uint, Base};
use crate::state::objects::{key, ObjectRecord, OBJECTS};
use crate::state::resolve::found_in;
use crate::state::thread::share;

/// The handle in parameter `i`.
///
/// # Safety
/// `params[i]`, when present, must point at a handle.
pub unsafe fn param_handle(params: &[*const u8], i: u16) -> u64 {
    match params.get(usize::from(i)) {
        Some(p) if !p.is_null() => unsafe { read_uint(*p, 8) },
        _ => 0,
    }
}

/// Whether pointer parameter `i` is non-NULL.
///
/// # Safety
/// `params[i]`, when present, must point at a pointer.
pub unsafe fn param_pointer_set(params: &[*const u8], i: u16) -> bool {
    match params.get(usize::from(i)) {
        Some(p) if !p.is_null() => !unsafe { read_ptr(*p) }.is_null(),
        _ => false,
    }
}

/// The non-null handles a parameter array (or pointer to one handle) holds: `(type, handles)`,
/// read as they are iterated (a create or free in a loop allocates nothing for them).
///
/// # Safety
/// The call's parameters must be as the application passed them, and stay so while the handles
/// are iterated (within the call); for an output, the call must have written it.
pub unsafe fn site_handles(f: &'static HandleField, params: &[*const u8]) -> Option<(u16, SiteHandles)> {
    let HandleElem::Handle(ty) = f.elem else { return None };
    let p = *params.get(f.at as usize)?;
    let q = unsafe { read_ptr(p) };
    if q.is_null() {
        return None;
    }
    let n = match f.shape {
        Shape::Slice(c) => unsafe { count(c, Base::Params(params)) }?,
        _ => 1,
    };
    Some((ty, SiteHandles { at: q, n, i: 0 }))
}

/// The non-null handles of one site of a call in progress (see [`site_handles`]).
#[derive(Clone)]
pub struct SiteHandles {
    at: *const u8,
    n: usize,
    i: usize,
}

impl Iterator for SiteHandles {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        while self.i < self.n {
            // SAFETY: element `i` of the `n` the call's array holds (`site_handles`' contract).
            let h = unsafe { read_uint(self.at.wrapping_add(self.i * 8), 8) };
            self.i += 1;
            if h != 0 {
                return Some(h);
            }
        }
        None
    }
}

/// The parent handle a `ParentRef` names: a parameter, or a member of a pointed-to struct.
///
/// # Safety
/// The parameters must be as the application passed them.
pub unsafe fn parent_handle(r: ParentRef, params: &[*const u8]) -> u64 {
    if r.member == NO_MEMBER {
        return unsafe { param_handle(params, r.param) };
    }
    let Some(&p) = params.get(usize::from(r.param)) else { return 0 };
    if p.is_null() {
        return 0;
    }
    let q = unsafe { read_ptr(p) };
    if q.is_null() {
        0
    } else {
        unsafe { read_uint(q.wrapping_add(r.member as usize), 8) }
    }
}

/// The handle type of the parent a `ParentRef` names.
pub fn parent_type(command: &'static CommandHandles, parent: ParentRef) -> Option<u16> {
    let elem = match command.param(parent.param).map(|f| f.elem) {
        Some(HandleElem::Struct(s)) => {
            HANDLE_STRUCTS[usize::from(s)].fields.iter().find(|f| f.at == parent.member).map(|f| f.elem)
        }
        elem => elem,
    };
    match elem {
        Some(HandleElem::Handle(ty)) => Some(ty),
        _ => None,
    }
}

/// The record of the parent (pool, swapchain) a `ParentRef` names: the one the call's walk
/// found (`handles`), else the table's, made as seen if it has none (a pool created before
/// Vigil could follow it).
///
/// # Safety
/// As [`parent_handle`].
pub(super) unsafe fn parent_record(
    command: &'static CommandHandles,
    parent: ParentRef,
    params: &[*const u8],
    handles: &CallHandles,
    (scope, instance): (u64, u64),
) -> Option<Arc<ObjectRecord>> {
    let ty = parent_type(command, parent)?;
    let h = unsafe { parent_handle(parent, params) };
    if h == 0 {
        return None;
    }
    Some(found_in(handles, ty, h).map_or_else(|| OBJECTS.get_or_see(key(ty, h, scope, instance)), share))
}
