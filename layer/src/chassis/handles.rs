//! The handles a call names, found once for every validation object that wants them.
//!
//! Object lifetime, thread safety and the state tracker each need the handles a call names and
//! their records in the object table. Instead of each walking the call's parameters and looking
//! every handle up again, the intercept has the state tracker walk them once, before the
//! validate hooks (`state::resolve`), and hands the result to every hook in the call context.
//! The records are the tracker's (`state::ObjectRecord`); the chassis carries them opaquely and
//! `state` gives them their type.

use std::mem::MaybeUninit;

/// Handles a call may name and still be found here; a call naming more is walked by each
/// object on its own (`CallHandles::complete` is false).
pub const CALL_HANDLES: usize = 16;

/// `Named::flags`: the site is a parameter of the call (not a structure member).
pub const PARAM: u8 = 0x40;
/// `Named::flags`: the site is the object a destroy ends.
pub const DESTROYED: u8 = 0x80;

/// One handle the call names.
#[derive(Clone, Copy, Debug)]
pub struct Named {
    /// The handle as the application passed it.
    pub handle: u64,
    /// Its record in the object table, borrowed for the call; null when the table has none.
    pub record: *const (),
    /// Its type: index into `vigil_generated::objects::HANDLE_TYPES`.
    pub ty: u16,
    /// Its site's flags (`vigil_generated::objects::{WRITE, MAYBE, NOAUTO, ...}`), with
    /// [`PARAM`] and [`DESTROYED`].
    pub flags: u8,
    /// For a parameter, its index; else `u8::MAX`.
    pub at: u8,
}

/// What the walk found: every handle the call names (`complete`), or a prefix of them.
pub struct CallHandles {
    len: usize,
    complete: bool,
    /// Whether every handle of a type object lifetime follows is a live object.
    alive: bool,
    named: [MaybeUninit<Named>; CALL_HANDLES],
}

impl CallHandles {
    /// Nothing found yet, and not complete: objects walk the call themselves.
    #[inline(always)]
    pub const fn new() -> Self {
        CallHandles { len: 0, complete: false, alive: false, named: [const { MaybeUninit::uninit() }; CALL_HANDLES] }
    }

    /// Whether the handles are every one the call names (then objects need not walk it).
    #[inline(always)]
    pub fn complete(&self) -> bool {
        self.complete
    }

    /// The handles found, in the order of the call's sites.
    #[inline(always)]
    pub fn named(&self) -> &[Named] {
        // SAFETY: the first `len` entries were written by `push`.
        unsafe { std::slice::from_raw_parts(self.named.as_ptr() as *const Named, self.len) }
    }

    /// Whether every handle found of a type object lifetime follows is a live object (then,
    /// when complete, the call names nothing dead).
    #[inline(always)]
    pub fn alive(&self) -> bool {
        self.alive
    }

    /// Starts a walk whose result will be complete unless [`Self::push`] runs out of room, and
    /// alive unless [`Self::dead`] is called. Once, on handles nothing was pushed to: the length
    /// [`Self::new`] wrote is not written again (a store on every call).
    #[inline(always)]
    pub fn begin(&mut self) {
        debug_assert_eq!(self.len, 0, "begin on handles already walked");
        self.complete = true;
        self.alive = true;
    }

    /// Says that a handle found is not a live object.
    #[inline(always)]
    pub fn dead(&mut self) {
        self.alive = false;
    }

    /// Adds one handle; false (and incomplete from now on) when there is no room.
    #[inline(always)]
    pub fn push(&mut self, n: Named) -> bool {
        match self.named.get_mut(self.len) {
            Some(slot) => {
                slot.write(n);
                self.len += 1;
                true
            }
            None => {
                self.complete = false;
                false
            }
        }
    }
}

impl Default for CallHandles {
    fn default() -> Self {
        Self::new()
    }
}

/// The empty, incomplete result calls carry when no walk ran.
pub static NONE: CallHandles = CallHandles::new();

// SAFETY: the records are the object table's (`Sync`); a `CallHandles` is only ever read
// through a shared reference while its call runs.
unsafe impl Sync for CallHandles {}
