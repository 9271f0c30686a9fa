//! Rewriting a call's parameters for the call down: every non-dispatchable handle the
//! application passed, in parameters, structures, arrays and pNext chains at any depth, is
//! replaced by the driver's handle. The application's memory is never written: each structure
//! or array that holds a handle is copied into scratch and the copy is passed down.

use vigil_generated::objects::*;
use vigil_generated::stateless::{Count, Shape, NO_DEREF, STRUCTS, STYPES};

use super::arena::Scope;
use super::prose;
use super::WRAPPED;
use crate::chassis::raw::{count, read_ptr, read_uint, Base};

/// A structure's pNext member: right after the 4-byte sType, pointer-aligned.
pub const PNEXT_OFFSET: usize = 8;
/// Longer chains than this are taken to be cyclic and not followed further.
const MAX_CHAIN: usize = 256;

/// A handle that is not a live id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dead {
    /// Index into `HANDLE_TYPES`.
    pub ty: u16,
    pub id: u64,
    /// Index into `IDS` of the site's `…-parameter` VUID.
    pub vuid: u16,
    pub site: &'static str,
}

/// One call's unwrapping.
pub struct Unwrap<'s> {
    pub scope: &'s Scope,
    /// The first handle found dead; the call must not go down.
    pub dead: Option<Dead>,
}

/// The bytes one element of a site takes.
pub fn stride(elem: HandleElem) -> usize {
    match elem {
        HandleElem::Handle(_) => 8,
        HandleElem::Struct(s) => HANDLE_STRUCTS[usize::from(s)].size as usize,
    }
}

/// A count among a command's parameter slots (the parameter itself, or a member behind it).
///
/// # Safety
/// A pointer the count goes through must be readable.
pub unsafe fn slot_count(c: Count, slots: &[u64]) -> Option<usize> {
    if c.width == 0 {
        return Some(c.constant as usize);
    }
    let v = *slots.get(c.at as usize)?;
    let raw = if c.deref == NO_DEREF {
        // Little-endian: the parameter's value is its low bytes.
        if c.width >= 8 {
            v
        } else {
            v & ((1u64 << (8 * u32::from(c.width))) - 1)
        }
    } else {
        let p = v as *const u8;
        if p.is_null() {
            return None;
        }
        unsafe { read_uint(p.wrapping_add(c.deref as usize), c.width) }
    };
    Some((raw.saturating_add(u64::from(c.add)) / u64::from(c.div.max(1))) as usize)
}

/// The size of the structure with sType `s_type`, if the registry knows it.
fn size_of_s_type(s_type: i32) -> Option<usize> {
    let i = STYPES.binary_search_by_key(&s_type, |(t, _)| *t).ok()?;
    Some(STRUCTS[usize::from(STYPES[i].1)].size as usize)
}

impl Unwrap<'_> {
    /// The driver's handle for the application's `value` at a site. A structure member the
    /// registry leaves to prose (`noautovalidity`) may hold a value that is ignored: only live
    /// ids are translated there. (On a parameter, `noautovalidity` only means that elements may
    /// be VK_NULL_HANDLE: `strict`.)
    pub fn handle(&mut self, ty: u16, value: u64, f: &'static HandleField, strict: bool) -> u64 {
        if value == 0 || HANDLE_TYPES[usize::from(ty)].dispatchable {
            return value;
        }
        match WRAPPED.get(value) {
            Some((raw, _)) => raw,
            None => {
                if (strict || f.flags & NOAUTO == 0) && self.dead.is_none() {
                    self.dead = Some(Dead { ty, id: value, vuid: f.id, site: f.name });
                }
                value
            }
        }
    }

    /// Rewrites a command's parameters in `slots`.
    ///
    /// # Safety
    /// `slots` holds the parameters of `command` as the application passed them.
    pub unsafe fn params(&mut self, command: &'static CommandHandles, slots: &mut [u64]) {
        for f in command.params {
            if f.flags & OUTPUT != 0 {
                continue;
            }
            let at = f.at as usize;
            let Some(&value) = slots.get(at) else { continue };
            // SAFETY (whole match): the slots are the command's parameters; pointers are
            // followed only when non-NULL, for as many elements as their count says.
            let rewritten = match (f.shape, f.elem) {
                (Shape::Value, HandleElem::Handle(ty)) => self.handle(ty, value, f, true),
                (Shape::Ptr, elem) if value != 0 => {
                    (unsafe { self.elements(f, elem, value as *const u8, 1, true) }) as u64
                }
                (Shape::Slice(c), elem) if value != 0 => match unsafe { slot_count(c, slots) } {
                    Some(n) if n > 0 => (unsafe { self.elements(f, elem, value as *const u8, n, true) }) as u64,
                    _ => value,
                },
                _ => value,
            };
            slots[at] = rewritten;
        }
    }

    /// A copy of `n` elements at `p` with the driver's handles (`strict`: see [`Self::handle`]).
    ///
    /// # Safety
    /// `p` must point at `n` elements of the site's type.
    pub unsafe fn elements(
        &mut self,
        f: &'static HandleField,
        elem: HandleElem,
        p: *const u8,
        n: usize,
        strict: bool,
    ) -> *const u8 {
        let size = stride(elem);
        let copy = unsafe { self.scope.copy(p, size * n) };
        for i in 0..n {
            let e = copy.wrapping_add(i * size);
            match elem {
                HandleElem::Handle(ty) => unsafe {
                    let v = read_uint(e, 8);
                    (e as *mut u64).write_unaligned(self.handle(ty, v, f, strict));
                },
                HandleElem::Struct(s) => unsafe { self.structure(s, e, true) },
            }
        }
        copy
    }

    /// Rewrites the structure at `p`, a copy in scratch; `chain`: follow its pNext chain.
    ///
    /// # Safety
    /// `p` must be a scratch copy of a valid structure of type `HANDLE_STRUCTS[s]`.
    pub unsafe fn structure(&mut self, s: u16, p: *mut u8, chain: bool) {
        let info = &HANDLE_STRUCTS[usize::from(s)];
        let special = prose::rule_of(s);
        for f in info.fields {
            if f.flags & OUTPUT != 0 {
                continue;
            }
            // Pointers the registry leaves to prose are followed only where a rule says when.
            let follow = match special {
                Some(rule) if f.flags & NOAUTO != 0 => unsafe { rule(p, f.name) },
                _ => f.flags & NOAUTO == 0,
            };
            let fp = p.wrapping_add(f.at as usize);
            match (f.shape, f.elem) {
                (Shape::Value, HandleElem::Handle(ty)) => unsafe {
                    let v = read_uint(fp, 8);
                    (fp as *mut u64).write_unaligned(self.handle(ty, v, f, false));
                },
                (Shape::Value, HandleElem::Struct(sub)) => unsafe { self.structure(sub, fp, false) },
                (Shape::Array(n, used), elem) => {
                    let n = match used {
                        Some(c) => unsafe { count(c, Base::Struct(p)) }.map_or(n as usize, |u| u.min(n as usize)),
                        None => n as usize,
                    };
                    let size = stride(elem);
                    for i in 0..n {
                        let e = fp.wrapping_add(i * size);
                        match elem {
                            HandleElem::Handle(ty) => unsafe {
                                let v = read_uint(e, 8);
                                (e as *mut u64).write_unaligned(self.handle(ty, v, f, false));
                            },
                            HandleElem::Struct(sub) => unsafe { self.structure(sub, e, false) },
                        }
                    }
                }
                (Shape::Ptr, elem) if follow => unsafe {
                    let q = read_ptr(fp);
                    if !q.is_null() {
                        (fp as *mut *const u8).write_unaligned(self.elements(f, elem, q, 1, true));
                    }
                },
                (Shape::Slice(c), elem) if follow => unsafe {
                    let q = read_ptr(fp);
                    let n = count(c, Base::Struct(p)).unwrap_or(0);
                    if !q.is_null() && n > 0 {
                        (fp as *mut *const u8).write_unaligned(self.elements(f, elem, q, n, true));
                    }
                },
                _ => {}
            }
        }
        // SAFETY: a copy of a structure with a pNext member has it at PNEXT_OFFSET.
        if chain && info.has_pnext && !unsafe { read_ptr(p.wrapping_add(PNEXT_OFFSET)) }.is_null() {
            unsafe { self.chain(p) };
        }
    }

    /// Rewrites the pNext chain of the copy at `p`: the structures up to the last one that
    /// holds handles are copied and relinked; the rest stays the application's.
    ///
    /// # Safety
    /// `p` must be a scratch copy of a valid structure with a pNext member.
    unsafe fn chain(&mut self, p: *mut u8) {
        // Which is the last structure that holds handles?
        let mut last = None;
        let mut next = unsafe { read_ptr(p.wrapping_add(PNEXT_OFFSET)) };
        for i in 0..MAX_CHAIN {
            if next.is_null() {
                break;
            }
            let s_type = unsafe { read_uint(next, 4) } as i32;
            if HANDLE_CHAIN.binary_search_by_key(&s_type, |(t, _)| *t).is_ok() {
                last = Some(i);
            }
            next = unsafe { read_ptr(next.wrapping_add(PNEXT_OFFSET)) };
        }
        let Some(last) = last else { return };
        let mut link = p.wrapping_add(PNEXT_OFFSET);
        for _ in 0..=last {
            let node = unsafe { read_ptr(link) };
            if node.is_null() {
                break;
            }
            let s_type = unsafe { read_uint(node, 4) } as i32;
            let holds = HANDLE_CHAIN.binary_search_by_key(&s_type, |(t, _)| *t).ok().map(|i| HANDLE_CHAIN[i].1);
            let size = match holds {
                Some(s) => HANDLE_STRUCTS[usize::from(s)].size as usize,
                // A structure the registry does not know cannot be copied; from here on the
                // application's chain goes down as it is.
                None => match size_of_s_type(s_type) {
                    Some(size) => size,
                    None => return,
                },
            };
            let copy = unsafe { self.scope.copy(node, size) };
            unsafe { (link as *mut *const u8).write_unaligned(copy) };
            if let Some(s) = holds {
                unsafe { self.structure(s, copy, false) };
            }
            link = copy.wrapping_add(PNEXT_OFFSET);
        }
    }
}
