//! Destroying or freeing what a submission may still use ("All submitted commands that refer to
//! … must have completed execution"; the ids are generated from validusage.json into
//! `objects::IN_USE_IDS`). A submission uses what its command buffers' recorded commands name,
//! until the application has seen it complete (a fence, a timeline value, an idle wait); a pool
//! is in use while what was allocated from it is (descriptor sets).
//!
//! Memory is in use while a buffer or image bound to it is; an image while a view of it is that a
//! submission names (dynamic rendering's attachments, imageless framebuffers') or that is an
//! attachment of a framebuffer a submission uses; a view while such a framebuffer is. A buffer,
//! buffer view, image view or sampler is in use while a descriptor set that a submission binds
//! holds it (`ObjectRecord::pending_set_holding`: not in bindings whose flags let only what the
//! shaders dynamically use matter), and an image while such a set holds a view of it.

use std::sync::Arc;

use vigil_generated::objects::*;

use super::CoreChecks;
use crate::chassis::Call;
use crate::state::tracker::{param_handle, site_handles};
use crate::state::{anything_in_use, ObjectRecord, OBJECTS};

impl CoreChecks {
    /// Checks a destroy or free of `IN_USE_COMMANDS`: true to skip it.
    pub(super) fn destroyed_in_use(&self, cx: &Call<'_>) -> bool {
        let command = &COMMAND_HANDLES[cx.command];
        // Most commands the generic hook runs for record commands: no search for them; and
        // while no submission is pending, nothing is in use.
        if !matches!(command.role, Role::Destroy { .. } | Role::Free { .. }) || !anything_in_use() {
            return false;
        }
        let Ok(i) = IN_USE_IDS.binary_search_by_key(&(cx.command as u16), |(c, _)| *c) else { return false };
        let vuid = IN_USE_IDS[i].1;
        let param = match command.role {
            Role::Destroy { param } => param,
            Role::Free { handles, .. } => handles,
            _ => return false,
        };
        let Some(f) = command.param(param) else { return false };
        let HandleElem::Handle(ty) = f.elem else { return false };
        // SAFETY: the parameters of the command the table describes, as the application passed
        // them (object lifetime and stateless checked the handles and the array first).
        // A destroy (every vkDestroy* of the family) names one handle: no list is built for it.
        let (one, many) = match command.role {
            Role::Destroy { .. } => (Some(unsafe { param_handle(cx.params, param) }), None),
            _ => (None, unsafe { site_handles(f, cx.params) }.map(|(_, h)| h)),
        };
        let handles = one.into_iter().chain(many.into_iter().flatten());
        let root = cx.location();
        let at = root.dot(f.name);
        let mut skip = false;
        for (i, h) in handles.enumerate() {
            let Some(r) = self.get(ty, h) else { continue };
            // One value for two live objects: which one a submission uses is unknown.
            if r.aliased() {
                continue;
            }
            let Some(through) = in_use(&r) else { continue };
            let element = at.index(i);
            let name = HANDLE_TYPES[usize::from(ty)].name;
            skip |= cx.error(
                vuid,
                if matches!(command.role, Role::Destroy { .. }) { &at } else { &element },
                format_args!(
                    "is {name} {h:#x}, which a submission not yet seen to complete still uses{through}: wait for its \
                     fence or timeline value, or for the queue to go idle, first."
                ),
            );
        }
        skip
    }
}

/// Whether a pending submission uses `r`: `Some("")` directly, `Some(" through …")` through
/// something allocated from it, or (memory) a buffer or image bound to it.
fn in_use(r: &ObjectRecord) -> Option<String> {
    if r.in_use() {
        return Some(String::new());
    }
    if let Some(set) = r.pending_set_holding() {
        return Some(format!(" through VkDescriptorSet {:#x}, which holds it", set.key.handle));
    }
    if let Some(memory) = r.device_memory() {
        let bound_here = |o: &ObjectRecord| {
            let binding = o.buffer().and_then(|b| b.binding()).or_else(|| o.image().and_then(|i| i.binding()));
            binding.is_some_and(|b| std::ptr::eq(Arc::as_ptr(&b.memory), r))
        };
        let (user, how) =
            memory.bound().into_iter().filter(|o| bound_here(o)).find_map(|o| in_use(&o).map(|how| (o, how)))?;
        let name = HANDLE_TYPES.get(usize::from(user.key.ty)).map_or("object", |t| t.name);
        return Some(format!(" through {name} {:#x}, bound to it{how}", user.key.handle));
    }
    if let Some(image) = r.image() {
        let views_here = |v: &ObjectRecord| {
            v.image_view().and_then(|s| s.viewed()).is_some_and(|(i, _)| std::ptr::eq(Arc::as_ptr(i), r))
        };
        let (view, how) =
            image.views().into_iter().filter(|v| views_here(v)).find_map(|v| in_use(&v).map(|how| (v, how)))?;
        return Some(format!(" through VkImageView {:#x}, a view of it{how}", view.key.handle));
    }
    if r.image_view().is_some() {
        if let Some(fb) = framebuffer_in_use(r) {
            return Some(format!(" through VkFramebuffer {fb:#x}, which has it as an attachment"));
        }
    }
    let child = r.children_keys().into_iter().filter_map(|k| OBJECTS.get(k)).find(|c| c.in_use())?;
    let name = HANDLE_TYPES.get(usize::from(child.key.ty)).map_or("object", |t| t.name);
    Some(format!(" through {name} {:#x}, allocated from it", child.key.handle))
}

/// A framebuffer that has the view `view` as an attachment and that a pending submission uses.
fn framebuffer_in_use(view: &ObjectRecord) -> Option<u64> {
    let has_view = |fb: &ObjectRecord| {
        fb.framebuffer().is_some_and(|f| f.views().iter().any(|v| std::ptr::eq(Arc::as_ptr(v), view)))
    };
    let framebuffers = view.image_view()?.framebuffers();
    framebuffers.into_iter().find(|fb| fb.in_use() && has_view(fb)).map(|fb| fb.key.handle)
}
