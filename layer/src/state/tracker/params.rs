//! Reading a call's parameters as the generated tables describe them: handles, pointers, the
//! handles of a site, a creation's parent.

use std::sync::Arc;

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;

use crate::chassis::raw::{count, read_ptr, read_uint, Base};
use crate::state::objects::{key, ObjectRecord, OBJECTS};

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

/// The non-null handles a parameter array (or pointer to one handle) holds: `(type, handles)`.
///
/// # Safety
/// The call's parameters must be as the application passed them; for an output, the call must
/// have written it.
pub unsafe fn site_handles(f: &'static HandleField, params: &[*const u8]) -> Option<(u16, Vec<u64>)> {
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
    Some((ty, (0..n).map(|i| unsafe { read_uint(q.wrapping_add(i * 8), 8) }).filter(|&h| h != 0).collect()))
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

/// The record of the parent (pool, swapchain) a `ParentRef` names; made, as seen, if the table
/// has none (a pool created before Vigil could follow it).
///
/// # Safety
/// As [`parent_handle`].
pub(super) unsafe fn parent_record(
    command: &'static CommandHandles,
    parent: ParentRef,
    params: &[*const u8],
    scope: u64,
    instance: u64,
) -> Option<Arc<ObjectRecord>> {
    let ty = parent_type(command, parent)?;
    let h = unsafe { parent_handle(parent, params) };
    (h != 0).then(|| OBJECTS.get_or_see(key(ty, h, scope, instance)))
}
