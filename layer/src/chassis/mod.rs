//! How a call reaches the validation objects: the call context every hook receives (`Call`),
//! the hook trait (`ValidationObject`, one validate and two record hooks per command, made from
//! the generated command list), per-object panic containment (`Slot`), and the per-command
//! phase runners (`phases`) that run a hook on every object of a set. The intercepts
//! themselves are in `entry::intercepts`; they use only what is here.
//!
//! Generated code is data: `vigil_generated::for_each_command!` lists every command's name,
//! signature and return values, and the `macro_rules!` here turn that list into code.

/// A hook's view of a call's result: `Some` for commands that return `VkResult`.
macro_rules! result_opt {
    (vk_result, $r:expr) => {
        Some($r)
    };
    (no_result, $r:expr) => {
        None
    };
}
pub(crate) use result_opt;

mod call;
pub mod handles;
pub mod hash;
mod hooks;
pub mod names;
mod objects;
pub mod phases;
pub mod raw;
#[cfg(test)]
mod tests;

pub use call::Call;
pub(crate) use hooks::delegate_hooks;
pub use hooks::{hook_ids, Hooks, Phase, ValidationObject};
pub(crate) use objects::object_set;
pub use objects::{ObjectSet, Slot, Visitor};
pub use vigil_layer_macros::hooks;

use vigil_generated::{CommandInfo, Dep};

use crate::report;

/// The loader's dispatch key: the first pointer-sized word of a dispatchable handle. A device
/// and its queues and command buffers share one key; so do an instance and its physical
/// devices.
pub type DispatchKey = usize;

/// Reads a dispatchable handle's dispatch key.
///
/// # Safety
/// `handle` must be a live dispatchable handle made by the loader.
#[inline(always)]
pub unsafe fn dispatch_key(handle: usize) -> DispatchKey {
    unsafe { *(handle as *const usize) }
}

/// Runs a hook that is not a validation object's (the reporter's bookkeeping), turning a panic
/// into one report; the call down never runs in here.
#[inline(always)]
pub fn guard<R>(command: &'static str, hook: impl FnOnce() -> R) -> Option<R> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(hook)) {
        Ok(r) => Some(r),
        Err(_) => {
            hook_panicked(command);
            None
        }
    }
}

#[cold]
fn hook_panicked(command: &'static str) {
    report::internal_error(&format!("a bookkeeping hook panicked in {command}; the call was passed on"));
}

/// Runs handle unwrapping for the call down. `None` (a handle that is not a live id, or a
/// panic inside the wrapper) means the call must not go down: the driver must never receive
/// Vigil's ids. Takes the unwrapping as `dyn`: one copy of the containment for every command.
#[inline(never)]
pub fn unwrap_guarded<S>(command: &'static str, unwrap: &mut dyn FnMut() -> Option<S>) -> Option<S> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(unwrap)) {
        Ok(scope) => scope,
        Err(_) => {
            unwrap_panicked(command);
            None
        }
    }
}

#[cold]
fn unwrap_panicked(command: &'static str) {
    report::internal_error(&format!(
        "handle unwrapping panicked in {command}; the call was not passed on (the driver must not see Vigil's ids)"
    ));
}

/// `command` was called with a dispatchable handle Vigil does not know.
#[cold]
pub fn unknown_handle(command: &'static str) {
    report::internal_error(&format!(
        "{command} was called with a dispatchable handle Vigil never saw created; the call was not passed on"
    ));
}

/// Words of scratch an intercept lends the wrapper on its stack (2 KiB: with it every
/// intercept's frame stays under a page, so none probes the stack on entry, two instructions a
/// call; what does not fit, two dozen barriers and more, takes the wrapper's heap path).
pub const SCRATCH_WORDS: usize = 256;

/// A parameter's bits (every Vulkan parameter is at most 8 bytes).
#[inline(always)]
pub fn to_bits<T: Copy>(v: T) -> u64 {
    const { assert!(core::mem::size_of::<T>() <= 8) };
    let mut bits = 0u64;
    // SAFETY: `T` fits in the 8 bytes; little-endian, so the value is the low bytes.
    unsafe {
        core::ptr::copy_nonoverlapping(&v as *const T as *const u8, &mut bits as *mut u64 as *mut u8, size_of::<T>())
    };
    bits
}

/// A parameter back from [`to_bits`].
#[inline(always)]
pub fn from_bits<T: Copy>(bits: u64) -> T {
    const { assert!(core::mem::size_of::<T>() <= 8) };
    // SAFETY: the bits came from a `T` (or are a handle or pointer of the same width).
    unsafe { (&bits as *const u64 as *const T).read_unaligned() }
}

#[cfg(not(target_endian = "little"))]
compile_error!("handle wrapping stores parameters as little-endian bits");

/// Whether `command` is available, given which versions and extensions hold.
pub fn available(command: &CommandInfo, holds: &dyn Fn(&str) -> bool) -> bool {
    command.provided_by.iter().any(|p| holds(p.by) && p.depends.is_none_or(|d| eval(d, holds)))
}

/// A dependency expression, with `holds` deciding each version or extension name.
fn eval(d: &Dep, holds: &dyn Fn(&str) -> bool) -> bool {
    match d {
        Dep::Term(t) => holds(t),
        Dep::All(v) => v.iter().all(|d| eval(d, holds)),
        Dep::Any(v) => v.iter().any(|d| eval(d, holds)),
    }
}
