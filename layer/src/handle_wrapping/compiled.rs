//! Handle wrapping's fast path for the commands that reach handles through structures: each
//! command's tree from the generated `for_each_handle_tree!`, turned into one function that
//! copies the structures and arrays holding handles into the intercept's scratch and
//! translates the copies, in straight-line code. It bails out (false) whenever the tables'
//! unwrapping could do something it does not: a handle that is not a live id (the tables' walk
//! then says where), a non-empty pNext chain, scratch running out. Commands whose structures
//! have members left to prose (`noautovalidity`), fixed arrays, or outputs are never compiled
//! (`compilable`), nor those `special` rewrites or whose results are rewrapped (`plain`).

use std::mem::MaybeUninit;

use vigil_generated::objects::*;
use vigil_generated::stateless::{Count, Shape, NO_DEREF};
use vigil_generated::*;

use super::unwrap::slot_count;
use super::WRAPPED;
use crate::chassis::raw::{count, read_ptr, read_uint, Base};
use crate::state::sites::PNEXT_OFFSET;

/// The intercept's scratch, handed out front to back.
pub struct Bump<'a> {
    scratch: &'a mut [MaybeUninit<u64>],
    used: usize,
}

impl<'a> Bump<'a> {
    pub fn new(scratch: &'a mut [MaybeUninit<u64>]) -> Self {
        Bump { scratch, used: 0 }
    }

    /// A copy of the `n` values of type `T` at `src`, 8-byte aligned; `None` when scratch is
    /// full.
    ///
    /// # Safety
    /// `src` must be readable for `n` values of `T`.
    #[inline(always)]
    unsafe fn copy<T>(&mut self, src: *const u8, n: usize) -> Option<*mut u8> {
        let bytes = n * std::mem::size_of::<T>();
        let words = bytes.div_ceil(8);
        let room = self.scratch.get_mut(self.used..self.used + words)?;
        self.used += words;
        let dst = room.as_mut_ptr() as *mut u8;
        // SAFETY: `src` is readable for `bytes` (the caller's promise); `dst` has room for them.
        // One value (the usual barrier, the usual set) is copied in line: a size the compiler
        // knows is a few moves, where `memcpy` cost its call and ~20 instructions inside.
        unsafe {
            if n == 1 {
                std::ptr::copy_nonoverlapping(src, dst, std::mem::size_of::<T>());
            } else {
                copy_many(src, dst, bytes);
            }
        }
        Some(dst)
    }
}

/// `memcpy` out of line: in line, the compiler folded the one-value copy above into the same
/// call (its size is the same expression when `n` is 1).
///
/// # Safety
/// As `std::ptr::copy_nonoverlapping`.
#[inline(never)]
unsafe fn copy_many(src: *const u8, dst: *mut u8, bytes: usize) {
    // SAFETY: the caller's promise.
    unsafe { std::ptr::copy_nonoverlapping(src, dst, bytes) }
}

/// The driver's handle for id `value` of type `ty`; `None` when it is not a live id.
#[inline(always)]
fn live(ty: u16, value: u64) -> Option<u64> {
    if value == 0 || HANDLE_TYPES[ty as usize].dispatchable {
        return Some(value);
    }
    WRAPPED.get(value).map(|(raw, _)| raw)
}

/// A copy of the `n` handles of type `ty` at `q` with the driver's handles; `None` when one is
/// not a live id or scratch is full.
///
/// # Safety
/// `q` must point at `n` handles.
#[inline(always)]
unsafe fn handles_copy(b: &mut Bump<'_>, ty: u16, q: *const u8, n: usize) -> Option<*mut u8> {
    // SAFETY: the caller's promise.
    let copy = unsafe { b.copy::<u64>(q, n) }?;
    for i in 0..n {
        let e = copy.wrapping_add(i * 8) as *mut u64;
        // SAFETY: the copy holds `n` handles.
        let raw = live(ty, unsafe { e.read_unaligned() })?;
        unsafe { e.write_unaligned(raw) };
    }
    Some(copy)
}

/// A copy of the `n` structures of type `T` at `q`, each then translated by `each` (false: bail
/// out); `None` when one bails out or scratch is full.
///
/// # Safety
/// `q` must point at `n` structures of type `T`.
#[inline(always)]
unsafe fn structs_copy<T>(
    b: &mut Bump<'_>,
    q: *const u8,
    n: usize,
    mut each: impl FnMut(&mut Bump<'_>, *mut u8) -> bool,
) -> Option<*mut u8> {
    let size = std::mem::size_of::<T>();
    // SAFETY: the caller's promise.
    let copy = unsafe { b.copy::<T>(q, n) }?;
    (0..n).all(|i| each(b, copy.wrapping_add(i * size))).then_some(copy)
}

/// Whether the structures `fields` reach can be unwrapped by a compiled tree: no member left to
/// prose, no fixed array, no output, at any depth (the registry nests at most a few levels).
const fn fields_compilable(fields: &[HandleField], depth: usize) -> bool {
    if depth > 8 {
        return false;
    }
    let mut i = 0;
    while i < fields.len() {
        let f = &fields[i];
        i += 1;
        if f.flags & (NOAUTO | OUTPUT) != 0 || matches!(f.shape, Shape::Array(..)) {
            return false;
        }
        if let HandleElem::Struct(s) = f.elem {
            if !fields_compilable(HANDLE_STRUCTS[s as usize].fields, depth + 1) {
                return false;
            }
        }
    }
    true
}

/// Whether `COMMAND_HANDLES[command]`'s tree may be compiled: its structure parameters reach no
/// member `fields_compilable` refuses (its parameters' own flags are the tree's to skip).
pub const fn compilable(command: usize) -> bool {
    if command >= COMMAND_HANDLES.len() {
        return false;
    }
    let params = COMMAND_HANDLES[command].params;
    let mut i = 0;
    while i < params.len() {
        let f = &params[i];
        i += 1;
        // A created handle is not a site of the tree: the call writes it (and a command that
        // has one is only compiled for its lean handling, which gives it an id afterwards).
        if f.flags & OUTPUT != 0 && matches!(f.elem, HandleElem::Handle(_)) {
            continue;
        }
        if f.flags & OUTPUT != 0 || matches!(f.shape, Shape::Array(..)) {
            return false;
        }
        if let HandleElem::Struct(s) = f.elem {
            if !fields_compilable(HANDLE_STRUCTS[s as usize].fields, 1) {
                return false;
            }
        }
    }
    true
}

/// One level of a compiled tree: parameters (`params`: `$slots`) or a structure's copy at
/// `$base` (`member`). Returns false from the command's function to bail out.
macro_rules! unwrap_tree {
    (params, $b:ident, $slots:ident; $($site:ident ( $($args:tt)* ))*) => {
        $( unwrap_param!($b, $slots; $site($($args)*)); )*
    };
    (member, $b:ident, $base:ident; $($site:ident ( $($args:tt)* ))*) => {
        $( unwrap_member!($b, $base; $site($($args)*)); )*
    };
}

/// A parameter site: its slot rewritten to the driver's handle or to a translated copy.
macro_rules! unwrap_param {
    ($b:ident, $slots:ident; handles($at:expr, $shape:expr, $ty:expr, $flags:expr)) => {
        if const { !HANDLE_TYPES[$ty as usize].dispatchable } {
            let at = $at as usize;
            let value = $slots[at];
            match const { $shape } {
                Shape::Value => match live($ty, value) {
                    Some(raw) => $slots[at] = raw,
                    None => return false,
                },
                shape => {
                    let n = match shape {
                        Shape::Ptr => 1,
                        // SAFETY: the count is the command's parameter (or behind one).
                        Shape::Slice(c) => unsafe { slot_count(c, $slots) }.unwrap_or(0),
                        _ => 0,
                    };
                    if value != 0 && n > 0 {
                        // SAFETY: the application's array of `n` handles.
                        let Some(copy) = (unsafe { handles_copy($b, $ty, value as *const u8, n) }) else { return false };
                        $slots[at] = copy as u64;
                    }
                }
            }
        }
    };
    ($b:ident, $slots:ident; structs($at:expr, $shape:expr, $ty:ident, $chain:ident, { $($inner:tt)* })) => {
        let at = $at as usize;
        let value = $slots[at];
        let n = match const { $shape } {
            Shape::Ptr => 1,
            // SAFETY: as above.
            Shape::Slice(c) => unsafe { slot_count(c, $slots) }.unwrap_or(0),
            _ => 0,
        };
        if value != 0 && n > 0 {
            // SAFETY: the application's `n` structures.
            let copy = unsafe { structs_copy::<$ty>($b, value as *const u8, n, |$b, e| {
                unwrap_chain!($chain, e);
                unwrap_tree!(member, $b, e; $($inner)*);
                true
            }) };
            let Some(copy) = copy else { return false };
            $slots[at] = copy as u64;
        }
    };
}

/// A member site of the structure copy at `$base`: rewritten in place, or its pointer
/// replaced by a translated copy.
macro_rules! unwrap_member {
    ($b:ident, $base:ident; handles($at:expr, $shape:expr, $ty:expr, $flags:expr)) => {
        if const { !HANDLE_TYPES[$ty as usize].dispatchable } {
            let fp = $base.wrapping_add($at as usize);
            match const { $shape } {
                // SAFETY: the member of the copy.
                Shape::Value => match live($ty, unsafe { read_uint(fp, 8) }) {
                    Some(raw) => unsafe { (fp as *mut u64).write_unaligned(raw) },
                    None => return false,
                },
                shape => {
                    // SAFETY: a pointer member of the copy `$base`.
                    if let Some((q, n)) = unsafe { pointee(fp, shape, $base) } {
                        // SAFETY: the application's array of `n` handles.
                        let Some(copy) = (unsafe { handles_copy($b, $ty, q, n) }) else { return false };
                        // SAFETY: the copy's pointer member.
                        unsafe { (fp as *mut *const u8).write_unaligned(copy) };
                    }
                }
            }
        }
    };
    ($b:ident, $base:ident; structs($at:expr, $shape:expr, $ty:ident, $chain:ident, { $($inner:tt)* })) => {
        let fp = $base.wrapping_add($at as usize);
        match const { $shape } {
            Shape::Value => {
                let e = fp;
                unwrap_chain!($chain, e);
                unwrap_tree!(member, $b, e; $($inner)*);
            }
            shape => {
                // SAFETY: a pointer member of the copy `$base`.
                if let Some((q, n)) = unsafe { pointee(fp, shape, $base) } {
                    // SAFETY: the application's `n` structures.
                    let copy = unsafe { structs_copy::<$ty>($b, q, n, |$b, e| {
                        unwrap_chain!($chain, e);
                        unwrap_tree!(member, $b, e; $($inner)*);
                        true
                    }) };
                    let Some(copy) = copy else { return false };
                    // SAFETY: the copy's pointer member.
                    unsafe { (fp as *mut *const u8).write_unaligned(copy) };
                }
            }
        }
    };
}

/// What the pointer member at `fp` of the structure at `base` points at, with the count that
/// goes with it (1 for a single pointee): `None` when NULL or counted 0.
///
/// # Safety
/// `fp` must be a pointer member of the structure at `base`, of shape `shape`.
#[inline(always)]
unsafe fn pointee(fp: *const u8, shape: Shape, base: *const u8) -> Option<(*const u8, usize)> {
    // SAFETY: the caller's pointer member, and its count member.
    let q = unsafe { read_ptr(fp) };
    let n = match shape {
        Shape::Ptr => 1,
        Shape::Slice(c) => unsafe { count(c, Base::Struct(base)) }.unwrap_or(0),
        _ => 0,
    };
    (!q.is_null() && n > 0).then_some((q, n))
}

/// A structure's pNext chain: the tables' unwrapping copies and relinks chains, so a
/// non-empty one bails out.
macro_rules! unwrap_chain {
    (nopnext, $e:ident) => {};
    (pnext, $e:ident) => {
        // SAFETY: a structure with a pNext member has it at `PNEXT_OFFSET`.
        if !unsafe { read_ptr($e.wrapping_add(PNEXT_OFFSET)) }.is_null() {
            return false;
        }
    };
}

/// A compiled unwrapping: rewrites `slots` (the command's parameters) with copies in the bump
/// allocator; false to bail out (then `slots` may be half rewritten).
pub type CompiledUnwrap = unsafe fn(&mut Bump<'_>, &mut [u64]) -> bool;

/// One function per command of `for_each_handle_tree!` (one that bails out at once where
/// [`compilable`] refuses), and [`TREES`], by command.
macro_rules! compiled_unwraps {
    ($({ $c:literal, $f:ident, $($sites:tt)* })*) => {
        /// The commands' compiled unwrappings.
        #[allow(non_snake_case, unused_unsafe, unused_variables, unreachable_code, clippy::match_single_binding)]
        mod trees {
            use super::*;
            $(
                #[doc = concat!("Unwraps `COMMANDS[", $c, "]`.")]
                pub(super) unsafe fn $f(b: &mut Bump<'_>, slots: &mut [u64]) -> bool {
                    if const { !compilable($c) } {
                        return false;
                    }
                    if slots.len() < const { COMMAND_HANDLES[$c].params.len() } {
                        return false;
                    }
                    unwrap_tree!(params, b, slots; $($sites)*);
                    true
                }
            )*
        }

        /// `(command, its compiled unwrapping)`, sorted; those [`compilable`] refuses only bail out.
        pub static TREES: &[(u16, CompiledUnwrap)] = &[$(($c, trees::$f)),*];
    };
}

vigil_generated::for_each_handle_tree!(compiled_unwraps);

/// The compiled unwrapping of `COMMANDS[command]`, when it has one (for const blocks).
pub const fn tree(command: usize) -> Option<CompiledUnwrap> {
    if !compilable(command) {
        return None;
    }
    let mut i = 0;
    while i < TREES.len() {
        if TREES[i].0 as usize == command {
            return Some(TREES[i].1);
        }
        i += 1;
    }
    None
}
