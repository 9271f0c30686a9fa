//! The state tracker of one instance or device: it records what each call creates, allocates or
//! retrieves into the object table, and forgets what it destroys, frees or resets. The generated
//! tables (`vigil_generated::objects`) say what each command does to objects.
//!
//! The chassis runs its record hooks around the validation objects': after the call, it records
//! creations before the others' post-record hooks see them; before the call, it forgets
//! destroyed objects after the others' pre-record hooks (thread safety counts the destroying
//! use first).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;
use vigil_generated::*;

use super::objects::{key, ObjectRecord, Origin, OBJECTS};
use crate::chassis::raw::{count, read_ptr, read_uint, Base};
use crate::chassis::{hooks, Call, ValidationObject};

/// The state tracker of one instance or device.
pub struct StateTracker {
    /// The device (or instance) whose calls these are; 0 until an instance is created.
    scope: AtomicU64,
    /// Its instance (itself, for an instance).
    instance: AtomicU64,
}

impl StateTracker {
    /// The tracker of an instance about to be created (its handle is learned at creation).
    pub fn for_instance() -> Self {
        StateTracker { scope: AtomicU64::new(0), instance: AtomicU64::new(0) }
    }

    /// The tracker of device `device` of `instance`.
    pub fn for_device(device: u64, instance: u64) -> Self {
        OBJECTS.add_scope(device);
        StateTracker { scope: AtomicU64::new(device), instance: AtomicU64::new(instance) }
    }

    fn scopes(&self) -> (u64, u64) {
        (self.scope.load(Ordering::Relaxed), self.instance.load(Ordering::Relaxed))
    }

    fn is_root(ty: u16) -> bool {
        matches!(
            HANDLE_TYPES[usize::from(ty)].object_type,
            VkObjectType::VK_OBJECT_TYPE_INSTANCE | VkObjectType::VK_OBJECT_TYPE_DEVICE
        )
    }

    /// Forgets what a destroy, free or pool reset ends.
    fn forget(&self, command: &'static CommandHandles, params: &[*const u8]) {
        let (scope, instance) = self.scopes();
        match command.role {
            Role::Destroy { param } => {
                let Some(HandleElem::Handle(ty)) = command.param(param).map(|f| f.elem) else { return };
                // SAFETY: the parameters of the command the table describes.
                let h = unsafe { param_handle(params, param) };
                if h == 0 {
                    return;
                }
                if Self::is_root(ty) {
                    OBJECTS.remove_scope(h);
                }
                OBJECTS.remove(key(ty, h, scope, instance));
            }
            Role::Free { handles, .. } => {
                let Some(f) = command.param(handles) else { return };
                // SAFETY: the parameters of the command the table describes.
                let Some((ty, freed)) = (unsafe { site_handles(f, params) }) else { return };
                for h in freed {
                    OBJECTS.remove(key(ty, h, scope, instance));
                }
            }
            Role::Reset { pool } => {
                let Some(HandleElem::Handle(ty)) = command.param(pool).map(|f| f.elem) else { return };
                // SAFETY: as above.
                let h = unsafe { param_handle(params, pool) };
                if let Some(pool) = OBJECTS.get(key(ty, h, scope, instance)) {
                    OBJECTS.remove_children(&pool);
                }
            }
            _ => {}
        }
    }

    /// Records what a create or retrieve returned.
    fn record(&self, command: &'static CommandHandles, params: &[*const u8], result: Option<VkResult>) {
        let succeeded = result.is_none_or(|r| r.0 >= 0);
        let (scope, instance) = self.scopes();
        let (param, parent, origin) = match command.role {
            Role::Create { param, pool, parent } => (param, pool.then_some(parent), Origin::Created),
            // Objects retrieved from a non-dispatchable object (a swapchain's images) go with
            // it; parameter 0 is the dispatchable device or instance.
            Role::Retrieve { param, parent } => (param, (parent.param != 0).then_some(parent), Origin::Retrieved),
            _ => return,
        };
        let Some(f) = command.param(param) else { return };
        // Arrays of pipelines may be partly created even when the call fails: the failed
        // elements are VK_NULL_HANDLE.
        if !succeeded && (origin == Origin::Retrieved || !matches!(f.shape, Shape::Slice(_))) {
            return;
        }
        // SAFETY: the call returned and wrote its outputs.
        let Some((ty, created)) = (unsafe { site_handles(f, params) }) else { return };
        if HANDLE_TYPES[usize::from(ty)].object_type == VkObjectType::VK_OBJECT_TYPE_INSTANCE {
            let Some(&h) = created.first() else { return };
            // The instance is its own scope, not an object in it (never a leak of itself).
            self.scope.store(h, Ordering::Relaxed);
            self.instance.store(h, Ordering::Relaxed);
            OBJECTS.add_scope(h);
            return;
        }
        // SAFETY: the parameters of the command the table describes.
        let parent = parent.and_then(|p| unsafe { parent_record(command, p, params, scope, instance) });
        let with_allocator = unsafe { param_pointer_set(params, command.allocator) };
        for h in created {
            OBJECTS.insert(key(ty, h, scope, instance), parent.clone(), with_allocator, origin);
        }
    }
}

/// The tracker's hooks: the chassis hands it every call; the role table says which change what
/// exists.
#[hooks]
impl ValidationObject for StateTracker {
    #[inline(always)]
    fn pre_record_call(&self, cx: &Call<'_>) {
        let command = &COMMAND_HANDLES[cx.command];
        if matches!(command.role, Role::Destroy { .. } | Role::Free { .. } | Role::Reset { .. }) {
            self.forget(command, cx.params)
        }
    }

    #[inline(always)]
    fn post_record_call(&self, cx: &Call<'_>, result: Option<VkResult>) {
        let command = &COMMAND_HANDLES[cx.command];
        if matches!(command.role, Role::Create { .. } | Role::Retrieve { .. }) {
            self.record(command, cx.params, result)
        }
    }
}

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
unsafe fn parent_record(
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
