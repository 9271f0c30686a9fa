//! Counting a call's uses: every handle site of the generated tables (parameters, members at
//! any depth, arrays, pNext chains) whose type some command writes, read or written as its
//! flags say.

use std::sync::Arc;

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;
use vigil_generated::threading::*;

use super::uses::Held;
use crate::chassis::raw::{count, read_ptr, read_uint, Base};
use crate::state::{key, ObjectRecord, Overlap, OBJECTS};

/// A structure's pNext member: right after the 4-byte sType, pointer-aligned.
const PNEXT_OFFSET: usize = 8;
/// Longer chains than this are taken to be cyclic and not followed further.
const MAX_CHAIN: usize = 256;

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

/// One call's counting.
pub struct Walk<'a> {
    /// Index into `COMMAND_HANDLES`.
    pub command: u16,
    pub thread: u32,
    /// The device (or instance) whose call this is.
    pub owner: u64,
    /// Its instance.
    pub instance: u64,
    pub maybe: Maybe,
    /// The thread's held uses, which the call's end releases.
    pub held: &'a mut Held,
    /// Told of each overlap: `(type, handle, this use writes, the other use)`.
    pub found: &'a mut dyn FnMut(u16, u64, bool, Overlap),
    /// The handle types (bits, by index into `HANDLE_TYPES`) of objects not counted because
    /// their value is shared by two live objects.
    pub aliased: u64,
}

impl Walk<'_> {
    /// Counts the uses of a call of `command` with these parameters.
    pub fn call(&mut self, command: &'static CommandHandles, params: &[*const u8]) {
        // A destroy writes its object, also where the registry omits `externsync`.
        let destroyed = match command.role {
            Role::Destroy { param } => u32::from(param),
            _ => u32::MAX,
        };
        self.sites(command.params, Base::Params(params), destroyed);
        for t in THREAD_COMMANDS[usize::from(self.command)].typed {
            self.typed(t, params);
        }
    }

    /// The sites of a parameter list or a struct; `written`: the site (parameter) written
    /// whatever its flags.
    fn sites(&mut self, fields: &'static [HandleField], base: Base<'_>, written: u32) {
        for f in fields {
            if f.flags & (OUTPUT | NOAUTO) != 0 {
                continue;
            }
            let p = base.at(f.at);
            if p.is_null() {
                continue;
            }
            // SAFETY (whole match): `p` is the site's address in what the application passed;
            // pointers are followed only when non-NULL, for the elements the count says.
            let (first, n) = match f.shape {
                Shape::Value => (p, 1),
                Shape::Ptr => (unsafe { read_ptr(p) }, 1),
                Shape::Slice(c) => match unsafe { count(c, base) } {
                    Some(n) => (unsafe { read_ptr(p) }, n),
                    None => continue,
                },
                Shape::Array(n, used) => {
                    let used = used.and_then(|c| unsafe { count(c, base) });
                    (p, used.map_or(n as usize, |u| u.min(n as usize)))
                }
                Shape::Str => continue,
            };
            if first.is_null() {
                continue;
            }
            let write = f.flags & WRITE != 0 || f.at == written;
            match f.elem {
                HandleElem::Handle(ty) if SYNCED[usize::from(ty)] => {
                    for i in 0..n {
                        // SAFETY: element `i` of the site's handles.
                        let h = unsafe { read_uint(first.wrapping_add(i * 8), 8) };
                        if h != 0 {
                            self.object(ty, h, write, f.flags & MAYBE != 0);
                        }
                    }
                }
                HandleElem::Handle(_) => {}
                HandleElem::Struct(s) => {
                    let stride = HANDLE_STRUCTS[usize::from(s)].size as usize;
                    for i in 0..n {
                        self.structure(s, first.wrapping_add(i * stride), true);
                    }
                }
            }
        }
    }

    fn structure(&mut self, s: u16, p: *const u8, follow_chain: bool) {
        let info = &HANDLE_STRUCTS[usize::from(s)];
        self.sites(info.fields, Base::Struct(p), u32::MAX);
        if !(follow_chain && info.has_pnext) {
            return;
        }
        for (s, q) in chain(p) {
            self.structure(s, q, false);
        }
    }

    /// A `uint64_t` handle typed by a `VkObjectType` member.
    fn typed(&mut self, t: &TypedWrite, params: &[*const u8]) {
        let Some(&p) = params.get(usize::from(t.param)) else { return };
        if p.is_null() {
            return;
        }
        // SAFETY: the parameter is a pointer to the struct the offsets are of.
        let q = unsafe { read_ptr(p) };
        if q.is_null() {
            return;
        }
        let (object_type, h) = unsafe {
            (
                read_uint(q.wrapping_add(t.object_type as usize), 4) as i32,
                read_uint(q.wrapping_add(t.handle as usize), 8),
            )
        };
        let ty = HANDLE_TYPES.iter().position(|x| x.object_type.0 == object_type);
        if let Some(ty) = ty.filter(|&ty| h != 0 && SYNCED[ty]) {
            self.object(ty as u16, h, true, false);
        }
    }

    /// Begins one use of an object (and of its pool, for a written command buffer). An object
    /// the table does not hold (a dead handle, which object lifetime reports, or one whose
    /// creation Vigil cannot follow) is counted from its first use.
    fn object(&mut self, ty: u16, h: u64, write: bool, maybe: bool) {
        let u = OBJECTS.get_or_see(key(ty, h, self.owner, self.instance));
        if u.aliased() {
            // Two live objects with one value: their uses cannot be told apart.
            self.aliased |= 1u64.checked_shl(u32::from(ty)).unwrap_or(0);
            return;
        }
        let flags = u.uses.flags();
        let write = write
            || (maybe
                && match self.maybe {
                    Maybe::Read => false,
                    Maybe::WriteUnless(flag) => flags & flag == 0,
                    Maybe::WriteIf(flag) => flags & flag != 0,
                });
        self.begin(u, write);
    }

    /// Writes a queue the call uses implicitly, unless it is internally synchronized.
    pub fn queue(&mut self, u: Arc<ObjectRecord>) {
        if u.uses.flags() & QUEUE_INTERNALLY_SYNCHRONIZED == 0 {
            self.begin(u, true);
        }
    }

    fn begin(&mut self, u: Arc<ObjectRecord>, write: bool) {
        if let Some(overlap) = u.uses.begin(write, self.thread, self.command) {
            (self.found)(u.key.ty, u.key.handle, write, overlap);
        }
        let pool = if write && WRITES_POOL[usize::from(u.key.ty)] { u.parent.clone() } else { None };
        self.held.hold(u, write);
        if let Some(pool) = pool {
            self.begin(pool, true);
        }
    }
}
