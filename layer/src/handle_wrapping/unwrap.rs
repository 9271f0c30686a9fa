//! Rewriting a call's parameters for the call down: every non-dispatchable handle the
//! application passed, in parameters, structures, arrays and pNext chains at any depth, is
//! replaced by the driver's handle. The application's memory is never written: each structure
//! or array that holds a handle is copied into scratch and the copy is passed down.

use vigil_generated::objects::*;
use vigil_generated::stateless::{Shape, STRUCTS, STYPES};

use super::arena::Scope;
use super::special;
use super::WRAPPED;
use crate::raw::{count, read_ptr, read_uint, Base};

/// A structure's pNext member: right after the 4-byte sType, pointer-aligned.
pub const PNEXT_OFFSET: usize = 8;
/// Longer chains than this are taken to be cyclic and not followed further.
const MAX_CHAIN: usize = 256;
/// More parameters than any Vulkan command has.
const MAX_PARAMS: usize = 32;

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
        if slots.len() > MAX_PARAMS {
            return;
        }
        let base_ptr = slots.as_mut_ptr();
        let mut addrs = [std::ptr::null::<u8>(); MAX_PARAMS];
        for (i, a) in addrs.iter_mut().enumerate().take(slots.len()) {
            *a = base_ptr.wrapping_add(i) as *const u8;
        }
        let base = Base::Params(&addrs[..slots.len()]);
        for f in command.params {
            if f.flags & OUTPUT != 0 {
                continue;
            }
            let at = f.at as usize;
            if at >= slots.len() {
                continue;
            }
            // SAFETY: `at` is within `slots`; every write goes through the raw pointer the
            // addresses above are derived from.
            let slot = unsafe { &mut *base_ptr.add(at) };
            match (f.shape, f.elem) {
                (Shape::Value, HandleElem::Handle(ty)) => *slot = self.handle(ty, *slot, f, true),
                (Shape::Ptr, elem) if *slot != 0 => {
                    *slot = unsafe { self.elements(f, elem, *slot as *const u8, 1, true) } as u64;
                }
                (Shape::Slice(c), elem) => {
                    let n = unsafe { count(c, base) }.unwrap_or(0);
                    if *slot != 0 && n > 0 {
                        *slot = unsafe { self.elements(f, elem, *slot as *const u8, n, true) } as u64;
                    }
                }
                _ => {}
            }
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
        let special = special::rule(info.name);
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
        if chain && info.has_pnext {
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
