//! The intercept of every command that has no hand-written one, made from the generated command
//! list. Each runs, for the instance or device its first parameter belongs to: every object's
//! validate hook (any skip → the call returns its "skipped" value), the pre-record hooks, the
//! call down exactly once (through handle unwrapping when it is on), the post-record hooks.
//! The reporter's bookkeeping records on every path.
//!
//! The hot path is the first instance or device with no validation object and no wrapping: the
//! bookkeeping (nothing, for almost every command) and a tail call down. Everything else jumps
//! to the command's `general` function (same signature), so the hot path saves no registers.

#![allow(non_snake_case, clippy::too_many_arguments, clippy::unused_unit, clippy::let_unit_value)]

use core::ffi::{c_char, c_void};

use vigil_generated::*;

use crate::chassis::handles::CallHandles;
use crate::chassis::{
    dispatch_key, from_bits, guard, phases, result_opt, to_bits, unknown_handle, unwrap_guarded, Phase,
    ValidationObject, SCRATCH_WORDS,
};
use crate::entry::debug_objects::DebugObjects;
use crate::entry::{DEVICES, INSTANCES};
use crate::handle_wrapping::Wrapper;
use crate::report::Object;
use crate::state::resolve::resolve_at;
use crate::state::thread;

/// The data of an instance or device by dispatch key: `hot` only where cheapest (the first one).
macro_rules! lookup {
    (device, hot, $key:expr) => {
        unsafe { DEVICES.get_first($key) }
    };
    (device, any, $key:expr) => {
        unsafe { DEVICES.get($key) }
    };
    (instance, hot, $key:expr) => {
        unsafe { INSTANCES.get_first($key) }
    };
    (instance, any, $key:expr) => {
        unsafe { INSTANCES.get($key) }
    };
}

/// Whether a call passes straight through: no validation object runs, and either handle
/// wrapping is off or the command names no handle it would translate (`nowrap`).
macro_rules! passes {
    (nowrap, $data:ident) => {
        !$data.active
    };
    (wrap, $data:ident) => {
        $data.passes_through()
    };
}

/// The bookkeeping's record hooks around a plain call down: the pass-through path.
macro_rules! pass_through {
    ($data:ident, $index:literal, $name:literal, $f:ident, $pr:ident, $po:ident, $missing:expr, $first:ident, ($($p:ident),*)) => {{
        let book = &$data.debug;
        let cx = $data.call($index, &[], Object::of($first));
        book!(book, PreRecord, $index, $name, $pr, &cx, ($($p),*));
        let Some(next) = $data.dispatch.$f else {
            return $missing;
        };
        // SAFETY: forwarding the application's own arguments to the next layer.
        let result = unsafe { next($($p),*) };
        book!(book, PostRecord, $index, $name, $po, &cx, ($($p,)* result));
        return result;
    }};
}

/// One of the bookkeeping's record hooks, where it defines one (for almost every command it
/// does not, and nothing is compiled).
macro_rules! book {
    ($book:expr, $phase:ident, $index:literal, $name:literal, $hook:ident, $cx:expr, ($($a:expr),*)) => {
        if const { <DebugObjects as ValidationObject>::HOOKS.typed(Phase::$phase, $index) } {
            guard($name, || $book.$hook($cx, $($a),*));
        }
    };
}

/// The call down: straight, or with handles unwrapped when the command may carry them.
macro_rules! call_down {
    (nowrap, $data:ident, $index:literal, $name:literal, $res:ident, $skipped:expr, $next:ident,
     ($($p:ident = $i:literal $how:ident),*)) => {
        // SAFETY: forwarding the application's own arguments to the next layer.
        unsafe { $next($($p),*) }
    };
    (wrap, $data:ident, $index:literal, $name:literal, $res:ident, $skipped:expr, $next:ident,
     ($($p:ident = $i:literal $how:ident),*)) => {
        match &$data.wrapper {
            // SAFETY: forwarding the application's own arguments to the next layer.
            None => unsafe { $next($($p),*) },
            Some(wrapper) => {
                // The parameters as the application passed them are the intercept's own
                // arguments: read again where needed, not kept in a second array (a copy of
                // every parameter on each call, a direct unwrapping's included).
                let mut slots = [$(to_bits($p)),*];
                let mut scratch = [core::mem::MaybeUninit::<u64>::uninit(); SCRATCH_WORDS];
                let lean = const { Wrapper::is_lean($index) };
                // SAFETY (both conditions): `slots` holds this command's parameters as the
                // application passed them; the arrays they copy live in `scratch`, alive
                // until after the call.
                if lean && unsafe { wrapper.unwrap_lean_at::<$index>(&mut slots, &mut scratch) } {
                    // SAFETY: the application's arguments with the driver's handles.
                    let result = unsafe { $next($(call_down!(@arg $how, $p, slots[$i])),*) };
                    let original = [$(to_bits($p)),*];
                    // SAFETY: the parameters as the application passed them, after the call.
                    unsafe { wrapper.rewrap_lean_at::<$index>(&original, result_opt!($res, result)) };
                    result
                } else if !lean && unsafe { wrapper.unwrap_direct_at::<$index>(&mut slots, &mut scratch) } {
                    // SAFETY: the application's arguments with the driver's handles; a direct
                    // unwrapping needs nothing after the call.
                    unsafe { $next($(call_down!(@arg $how, $p, slots[$i])),*) }
                } else {
                    let original = [$(to_bits($p)),*];
                    // The direct unwrapping may have rewritten some: the walk starts over.
                    slots = original;
                    // SAFETY: `slots` holds this command's parameters as the application
                    // passed them; the copies the wrapper makes live in `scratch` and the
                    // scope, both alive until after the call down.
                    let Some(scope) =
                        unwrap_guarded($name, &mut || unsafe { wrapper.unwrap($index, &mut slots, &mut scratch) })
                    else {
                        return $skipped;
                    };
                    // SAFETY: the application's arguments with the driver's handles.
                    let result = unsafe { $next($(call_down!(@arg $how, $p, slots[$i])),*) };
                    // SAFETY: the parameters as the application passed them, after the call.
                    unsafe { wrapper.rewrap($index, &original, result_opt!($res, result)) };
                    drop(scope);
                    result
                }
            }
        }
    };
    (@arg keep, $p:ident, $slot:expr) => { $p };
    (@arg slot, $p:ident, $slot:expr) => { from_bits($slot) };
}

/// One command's intercept (generated commands) or nothing (hand-written ones).
macro_rules! intercept {
    ({
        $index:literal, $name:literal, $f:ident, $pfn:ident, $pv:ident, $pr:ident, $po:ident, generated,
        $level:ident, $order:ident, $first:ident, $res:ident, $wraps:ident, $ret:ty, $skipped:expr, $missing:expr,
        ($($p:ident: $t:ty = $i:literal $how:ident),*)
    }) => {
        #[doc = $name]
        pub unsafe extern "system" fn $f($($p: $t),*) -> $ret {
            // SAFETY: the first parameter is a live dispatchable handle (the loader routed this
            // call by it).
            if let Some(data) = lookup!($level, hot, dispatch_key($first.0)) {
                if passes!($wraps, data) {
                    pass_through!(data, $index, $name, $f, $pr, $po, $missing, $first, ($($p),*));
                }
            }
            unsafe { general::$f($($p),*) }
        }
    };
    ({ $index:literal, $name:literal, $f:ident, $($rest:tt)* }) => {};
}

/// One command's general path (generated commands) or nothing: every case but the hot one,
/// any instance or device, validation objects or wrapping on. Same signature as the
/// intercept, which jumps here.
macro_rules! general {
    ({
        $index:literal, $name:literal, $f:ident, $pfn:ident, $pv:ident, $pr:ident, $po:ident, generated,
        $level:ident, $order:ident, $first:ident, $res:ident, $wraps:ident, $ret:ty, $skipped:expr, $missing:expr,
        ($($p:ident: $t:ty = $i:literal $how:ident),*)
    }) => {
        #[doc = $name]
        #[inline(never)]
        pub(super) unsafe extern "system" fn $f($($p: $t),*) -> $ret {
            // SAFETY: as in the intercept.
            let Some(data) = lookup!($level, any, dispatch_key($first.0)) else {
                unknown_handle($name);
                return $skipped;
            };
            if passes!($wraps, data) {
                pass_through!(data, $index, $name, $f, $pr, $po, $missing, $first, ($($p),*));
            }
            if !data.active {
                // Handle wrapping alone: no object runs, nothing is found for them.
                let book = &data.debug;
                let cx = data.call($index, &[], Object::of($first));
                book!(book, PreRecord, $index, $name, $pr, &cx, ($($p),*));
                let Some(next) = data.dispatch.$f else {
                    return $missing;
                };
                let result = call_down!($wraps, data, $index, $name, $res, $skipped, next, ($($p = $i $how),*));
                book!(book, PostRecord, $index, $name, $po, &cx, ($($p,)* result));
                return result;
            }
            let params = [$(core::ptr::addr_of!($p) as *const u8),*];
            // The handles the call names, found once for every object (kept until it returns).
            let mut handles = CallHandles::new();
            // Entered in place and borrowed from there: made in a closure and moved out, it cost
            // a dozen moves a call.
            let _entered = if data.resolve.is_some() { thread::enter() } else { None };
            let thread = match (&_entered, data.resolve) {
                (Some(entered), Some(resolving)) => {
                    // SAFETY: the call's parameters, as the application passed them.
                    unsafe { resolve_at::<$index>(&mut handles, entered, &params, resolving) };
                    entered.as_opaque()
                }
                _ => core::ptr::null(),
            };
            let cx = data.call_in($index, &params, Object::of($first), &handles, thread);
            let objects = &data.objects;
            let book = &data.debug;
            if phases::$pv(objects, &cx, $($p),*) {
                return $skipped;
            }
            record!($order, PreRecord, book, objects, &cx, $index, $name, $pr, ($($p),*));
            let Some(next) = data.dispatch.$f else {
                return $missing;
            };
            let result = call_down!($wraps, data, $index, $name, $res, $skipped, next, ($($p = $i $how),*));
            record!($order, PostRecord, book, objects, &cx, $index, $name, $po, ($($p,)* result));
            result
        }
    };
    ({ $index:literal, $name:literal, $f:ident, $($rest:tt)* }) => {};
}

/// The record hooks of one phase, bookkeeping and objects in the command's order: commands
/// that end objects let the validation objects record first, so they still see what ends.
macro_rules! record {
    (book_first, $phase:ident, $book:ident, $objects:ident, $cx:expr, $index:literal, $name:literal, $hook:ident, ($($a:expr),*)) => {
        book!($book, $phase, $index, $name, $hook, $cx, ($($a),*));
        phases::$hook($objects, $cx, $($a),*);
    };
    (book_last, $phase:ident, $book:ident, $objects:ident, $cx:expr, $index:literal, $name:literal, $hook:ident, ($($a:expr),*)) => {
        phases::$hook($objects, $cx, $($a),*);
        book!($book, $phase, $index, $name, $hook, $cx, ($($a),*));
    };
}

/// Every intercept, and the table of them by command index.
macro_rules! intercepts {
    ($($entry:tt)*) => {
        $(intercept!($entry);)*

        /// The general paths, one per generated command.
        mod general {
            use super::*;
            $(general!($entry);)*
        }

        /// Vigil's generated intercept of `COMMANDS[index]`; `None` for global and
        /// hand-written commands.
        pub static INTERCEPTS: &[PFN_vkVoidFunction] = &[$(intercept_pointer!($entry)),*];
    };
}

/// One entry of [`INTERCEPTS`].
macro_rules! intercept_pointer {
    ({ $index:literal, $name:literal, $f:ident, $pfn:ident, $pv:ident, $pr:ident, $po:ident, generated, $($rest:tt)* }) => {
        // SAFETY: function pointers are handed out type-erased, as vkGet*ProcAddr do.
        Some(unsafe { core::mem::transmute::<$pfn, unsafe extern "system" fn()>($f as $pfn) })
    };
    ({ $($rest:tt)* }) => {
        None
    };
}

vigil_generated::for_each_command!(intercepts);
