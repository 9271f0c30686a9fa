//! Walking a call's handle sites: every parameter and member, at any depth, through pointers,
//! arrays and pNext chains, that the generated tables (`vigil_generated::objects`) say holds or
//! reaches handles. Thread safety counts what it finds; the tracker records what a command
//! buffer refers to.

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;

use crate::chassis::raw::{count_in, read_ptr, read_uint, Base};

/// A structure's pNext member: right after the 4-byte sType, pointer-aligned.
pub const PNEXT_OFFSET: usize = 8;
/// Longer chains than this are taken to be cyclic and not followed further.
const MAX_CHAIN: usize = 256;

/// Which sites a walk leaves out, by their flags (`OUTPUT`, `NOAUTO`, …).
#[derive(Clone, Copy)]
pub struct Skip {
    /// Flags that leave out a parameter.
    pub params: u8,
    /// Flags that leave out a structure member. A member the registry leaves to prose
    /// (`NOAUTO`) may be ignored by the spec in the state the call describes, so may hold
    /// garbage: a walk that follows pointers must leave it out.
    pub members: u8,
}

/// What a walk finds: a site holding `n` handles of type `ty` (index into `HANDLE_TYPES`) from
/// `first`, 8 bytes apart; `param` for a parameter of the call (not a member).
pub trait SiteVisitor {
    fn site(&mut self, f: &'static HandleField, ty: u16, first: *const u8, n: usize, param: bool);
}

/// Walks the sites of a call of `command`, whose parameter addresses are `params`.
///
/// # Safety
/// `params` must be the call's parameters as the application passed them, valid as the spec
/// requires for every site `skip` does not leave out.
pub unsafe fn visit(command: &'static CommandHandles, params: &[*const u8], skip: Skip, v: &mut impl SiteVisitor) {
    unsafe { sites(command.params, Base::Params(params), skip, v) }
}

/// The non-null handles of a site the visitor was given.
///
/// # Safety
/// `first` must point at `n` handles.
pub unsafe fn handles(first: *const u8, n: usize) -> impl Iterator<Item = u64> {
    (0..n).map(move |i| unsafe { read_uint(first.wrapping_add(i * 8), 8) }).filter(|&h| h != 0)
}

/// The elements of the site at `at` (a parameter index or member offset) of `base`, shaped
/// `shape`: the first one's address and how many; `None` when there are none to read (a NULL
/// pointer, an unreadable count, a string).
///
/// # Safety
/// `base` must be what the application passed, valid for the site as the spec requires.
#[inline(always)]
pub unsafe fn elements(at: u32, shape: Shape, base: Base<'_>) -> Option<(*const u8, usize)> {
    // SAFETY: as this function's contract.
    unsafe { elements_in(at, shape, base, false) }
}

/// [`elements`], with `known` as [`Base::at_in`]'s: the compiled handle trees' walk, whose
/// bases are the intercept's parameter addresses and structures it reached.
///
/// # Safety
/// As [`elements`] and [`Base::at_in`].
#[inline(always)]
pub unsafe fn elements_in(at: u32, shape: Shape, base: Base<'_>, known: bool) -> Option<(*const u8, usize)> {
    // SAFETY: as this function's contract.
    let p = unsafe { base.at_in(at, known) };
    if p.is_null() {
        return None;
    }
    // SAFETY (whole match): `p` is the site's address in what the application passed; pointers
    // are followed only when non-NULL, for the elements the count says.
    let (first, n) = match shape {
        Shape::Value => (p, 1),
        Shape::Ptr => (unsafe { read_ptr(p) }, 1),
        Shape::Slice(c) => (unsafe { read_ptr(p) }, unsafe { count_in(c, base, known) }?),
        Shape::Array(n, used) => {
            let used = used.and_then(|c| unsafe { count_in(c, base, known) });
            (p, used.map_or(n as usize, |u| u.min(n as usize)))
        }
        Shape::Str => return None,
    };
    (!first.is_null()).then_some((first, n))
}

unsafe fn sites(fields: &'static [HandleField], base: Base<'_>, skip: Skip, v: &mut impl SiteVisitor) {
    let param = matches!(base, Base::Params(_));
    let skipped = if param { skip.params } else { skip.members };
    for f in fields {
        if f.flags & skipped != 0 {
            continue;
        }
        // SAFETY: as this function's contract.
        let Some((first, n)) = (unsafe { elements(f.at, f.shape, base) }) else { continue };
        match f.elem {
            HandleElem::Handle(ty) => v.site(f, ty, first, n, param),
            HandleElem::Struct(s) => {
                let stride = HANDLE_STRUCTS[usize::from(s)].size as usize;
                for i in 0..n {
                    unsafe { structure(s, first.wrapping_add(i * stride), true, skip, v) };
                }
            }
        }
    }
}

unsafe fn structure(s: u16, p: *const u8, follow_chain: bool, skip: Skip, v: &mut impl SiteVisitor) {
    let info = &HANDLE_STRUCTS[usize::from(s)];
    unsafe { sites(info.fields, Base::Struct(p), skip, v) };
    // SAFETY: a struct with a pNext member has it at PNEXT_OFFSET.
    if !(follow_chain && info.has_pnext) || unsafe { read_ptr(p.wrapping_add(PNEXT_OFFSET)) }.is_null() {
        return;
    }
    unsafe { visit_chain(p, skip, v) };
}

/// Walks the structures the tables know in the pNext chain of the structure at `p` (not the
/// structure itself).
///
/// # Safety
/// `p` must be a structure with a pNext member, valid as [`visit`] requires of its sites.
pub unsafe fn visit_chain(p: *const u8, skip: Skip, v: &mut impl SiteVisitor) {
    for (s, q) in chain(p) {
        unsafe { structure(s, q, false, skip, v) };
    }
}

/// The chained structures the tables know after the struct at `p`, as (index into
/// `HANDLE_STRUCTS`, address).
fn chain(p: *const u8) -> impl Iterator<Item = (u16, *const u8)> {
    // SAFETY (all three): a struct with a pNext member has it at PNEXT_OFFSET, and each chained
    // structure starts with sType and pNext; NULL ends the chain and is never read through.
    let next = |q: *const u8| unsafe { read_ptr(q.wrapping_add(PNEXT_OFFSET)) };
    std::iter::successors(Some(next(p)), move |&q| (!q.is_null()).then(|| next(q)))
        .take_while(|q| !q.is_null())
        .take(MAX_CHAIN)
        .filter_map(|q| {
            let s_type = unsafe { read_uint(q, 4) } as i32;
            let i = HANDLE_CHAIN.binary_search_by_key(&s_type, |(t, _)| *t).ok()?;
            Some((HANDLE_CHAIN[i].1, q))
        })
}
