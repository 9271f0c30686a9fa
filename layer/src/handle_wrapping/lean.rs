//! Creation and destruction without the tables: for a command that creates objects into an
//! output parameter, destroys the one in a parameter, or frees an array of them back to a
//! pool, and needs nothing else after the call (no rule in `special` or `prose`, no deferred
//! operation, no structure returned), what to do after the call down is decided when
//! compiled. Its inputs are unwrapped directly or by its compiled tree, and its ids are given
//! or taken in straight-line code: the generic walk and `Wrapper::rewrap` are for the rest.

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;
use vigil_generated::*;

use super::special::RULED_COMMANDS;
use crate::chassis::names::{same, starts_with};

/// What a lean command does to ids after the call down.
#[derive(Clone, Copy)]
pub enum Lean {
    /// Gives ids to the handles written to the output site `out` (non-dispatchable), each
    /// going with the pool `pool` names, if any.
    Create { out: &'static HandleField, pool: Option<ParentRef> },
    /// Forgets the id in parameter `at` (and the ids that go with it).
    Destroy { at: usize },
    /// Forgets the ids in the array site `array`.
    Free { array: &'static HandleField },
}

/// Whether `special` has a rule for `name`.
const fn ruled(name: &str) -> bool {
    let mut i = 0;
    while i < RULED_COMMANDS.len() {
        if same(RULED_COMMANDS[i], name) {
            return true;
        }
        i += 1;
    }
    false
}

/// The site of parameter `index` of `c`.
const fn param(c: &'static CommandHandles, index: u16) -> Option<&'static HandleField> {
    let mut i = 0;
    while i < c.params.len() {
        if c.params[i].at == index as u32 {
            return Some(&c.params[i]);
        }
        i += 1;
    }
    None
}

/// The non-dispatchable handle type of site `f`, if it holds handles.
const fn wrapped_type(f: &HandleField) -> Option<&'static HandleType> {
    match f.elem {
        HandleElem::Handle(ty) if !HANDLE_TYPES[ty as usize].dispatchable => Some(&HANDLE_TYPES[ty as usize]),
        _ => None,
    }
}

/// Whether a call of `c` could return handles anywhere but its created objects' site (what
/// `Wrapper::rewrap`'s returned structures look at), or takes a deferred operation.
const fn returns_more(c: &CommandHandles, out: u32) -> bool {
    let mut i = 0;
    while i < c.params.len() {
        let f = &c.params[i];
        i += 1;
        match f.elem {
            HandleElem::Handle(ty) => {
                if f.at != out && f.flags & OUTPUT != 0 {
                    return true;
                }
                if same(HANDLE_TYPES[ty as usize].name, "VkDeferredOperationKHR") {
                    return true;
                }
            }
            HandleElem::Struct(s) => {
                if f.flags & OUTPUT != 0 {
                    return true;
                }
                let fields = HANDLE_STRUCTS[s as usize].fields;
                let mut k = 0;
                while k < fields.len() {
                    if fields[k].flags & OUTPUT != 0 {
                        return true;
                    }
                    k += 1;
                }
            }
        }
    }
    false
}

/// `COMMAND_HANDLES[command]`'s lean handling, if it has one.
pub const fn of(command: usize) -> Option<Lean> {
    if command >= COMMAND_HANDLES.len() {
        return None;
    }
    let c = &COMMAND_HANDLES[command];
    if ruled(c.name) {
        return None;
    }
    use VkObjectType as O;
    match c.role {
        Role::Create { param: p, pool, parent } => {
            let Some(out) = param(c, p) else { return None };
            if wrapped_type(out).is_none()
                || !matches!(out.shape, Shape::Ptr | Shape::Slice(_))
                // Templates keep their entries for unwrapping their data later.
                || starts_with(c.name, "vkCreateDescriptorUpdateTemplate")
                || returns_more(c, out.at)
            {
                return None;
            }
            Some(Lean::Create { out, pool: if pool { Some(parent) } else { None } })
        }
        Role::Destroy { param: p } => {
            let Some(f) = param(c, p) else { return None };
            let Some(t) = wrapped_type(f) else { return None };
            // These keep more than the id (template entries, the pool's command buffers).
            let kept = t.object_type.0 == O::VK_OBJECT_TYPE_DESCRIPTOR_UPDATE_TEMPLATE.0
                || t.object_type.0 == O::VK_OBJECT_TYPE_COMMAND_POOL.0;
            if kept || !matches!(f.shape, Shape::Value) || returns_more(c, u32::MAX) {
                return None;
            }
            Some(Lean::Destroy { at: p as usize })
        }
        Role::Free { handles, .. } => {
            let Some(array) = param(c, handles) else { return None };
            if wrapped_type(array).is_none() || !matches!(array.shape, Shape::Slice(_)) || returns_more(c, u32::MAX) {
                return None;
            }
            Some(Lean::Free { array })
        }
        Role::Use | Role::Retrieve { .. } | Role::Reset { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use vigil_generated::commands::command_index;

    fn lean(name: &str) -> Option<Lean> {
        of(command_index(name.as_bytes()).unwrap_or_else(|| panic!("{name}")))
    }

    #[test]
    fn plain_creation_and_destruction_are_lean() {
        for name in [
            "vkCreateBuffer",
            "vkCreateImage",
            "vkCreateImageView",
            "vkCreateSampler",
            "vkCreateGraphicsPipelines",
            "vkAllocateDescriptorSets",
        ] {
            assert!(matches!(lean(name), Some(Lean::Create { .. })), "{name}");
        }
        assert!(matches!(lean("vkAllocateDescriptorSets"), Some(Lean::Create { pool: Some(_), .. })));
        assert!(matches!(lean("vkCreateBuffer"), Some(Lean::Create { pool: None, .. })));
        for name in ["vkDestroyBuffer", "vkDestroyImage", "vkDestroyDescriptorPool", "vkDestroySwapchainKHR"] {
            assert!(matches!(lean(name), Some(Lean::Destroy { .. })), "{name}");
        }
        assert!(matches!(lean("vkFreeDescriptorSets"), Some(Lean::Free { .. })));
    }

    #[test]
    fn what_needs_more_than_ids_is_not() {
        for name in [
            // dispatchable, or kept beyond the id
            "vkAllocateCommandBuffers",
            "vkFreeCommandBuffers",
            "vkDestroyCommandPool",
            "vkCreateDescriptorUpdateTemplate",
            "vkDestroyDescriptorUpdateTemplate",
            // a deferred operation, retrieved objects, a reset, plain use
            "vkCreateRayTracingPipelinesKHR",
            "vkGetSwapchainImagesKHR",
            "vkResetDescriptorPool",
            "vkCmdDraw",
            "vkDestroyDevice",
        ] {
            assert!(lean(name).is_none(), "{name}");
        }
    }
}
