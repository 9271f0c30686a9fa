//! Counting a call's uses: every handle site of the generated tables (parameters, members at
//! any depth, arrays, pNext chains) whose type some command writes, read or written as its
//! flags say.

use std::sync::Arc;

use vigil_generated::objects::*;
use vigil_generated::threading::*;

use crate::chassis::handles::{CallHandles, Named, DESTROYED, PARAM};
use crate::chassis::raw::{read_ptr, read_uint};
use crate::state::counting::{begin_counted, type_flags, Overlaps, SHARED_TYPE, SYNCED_TYPE};
use crate::state::resolve::record_of;
use crate::state::sites::{self, handles, SiteVisitor, Skip};
use crate::state::thread::Entered;
use crate::state::{key, ObjectRecord, OBJECTS};

/// One call's counting.
pub struct Walk<'a> {
    /// Index into `COMMAND_HANDLES`.
    pub command: u16,
    /// The device (or instance) whose call this is.
    pub owner: u64,
    /// Its instance.
    pub instance: u64,
    pub maybe: Maybe,
    /// The calling thread inside the call: it holds the uses begun until the call returns.
    pub entered: &'a Entered,
    /// Its kernel id (`Entered::thread`), asked once a call.
    pub thread: u32,
    /// The overlaps found, reported once the walk is over.
    pub overlaps: &'a mut Overlaps,
    /// The handle types (bits, by index into `HANDLE_TYPES`) of objects not counted because
    /// their value is shared by two live objects.
    pub aliased: u64,
    /// The parameter a destroy writes (`u32::MAX` for other commands).
    pub destroyed: u32,
}

impl SiteVisitor for Walk<'_> {
    fn site(&mut self, f: &'static HandleField, ty: u16, first: *const u8, n: usize, param: bool) {
        if !SYNCED[usize::from(ty)] {
            return;
        }
        let write = f.flags & WRITE != 0 || (param && f.at == self.destroyed);
        // SAFETY: the visitor hands over `n` handles at `first`.
        for h in unsafe { handles(first, n) } {
            self.object(ty, h, write, f.flags & MAYBE != 0, None);
        }
    }
}

impl Walk<'_> {
    /// Counts the uses of a call of `command` with these parameters.
    pub fn call(&mut self, command: &'static CommandHandles, params: &[*const u8]) {
        // A destroy writes its object, also where the registry omits `externsync`.
        self.destroyed = match command.role {
            Role::Destroy { param } => u32::from(param),
            _ => u32::MAX,
        };
        let skip = Skip { params: OUTPUT | NOAUTO, members: OUTPUT | NOAUTO };
        // SAFETY: the call's parameters, as the application passed them.
        unsafe { sites::visit(command, params, skip, self) };
        for t in THREAD_COMMANDS[usize::from(self.command)].typed {
            self.typed(t, params);
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
            self.object(ty as u16, h, true, false, None);
        }
    }

    /// Counts the uses of the handles the state tracker found in the call (`handles`,
    /// complete): what [`Walk::call`] would walk, without walking or looking up again.
    pub fn found(&mut self, handles: &CallHandles, params: &[*const u8]) {
        let (entered, thread, command) = (self.entered, self.thread, self.command);
        let mut overlaps = Overlaps::new();
        count_found(entered, thread, command, handles.named(), &mut overlaps, |n, write, found, _| {
            self.object(n.ty, n.handle, write, n.flags & MAYBE != 0, found);
        });
        for f in overlaps.iter() {
            self.overlaps.push(*f);
        }
        let typed = THREAD_COMMANDS[usize::from(self.command)].typed;
        if !typed.is_empty() {
            self.typed_all(typed, params);
        }
    }

    /// The `uint64_t` handles typed by a `VkObjectType` member that the command writes.
    #[cold]
    fn typed_all(&mut self, typed: &[TypedWrite], params: &[*const u8]) {
        for t in typed {
            self.typed(t, params);
        }
    }

    /// Whether a `maybe` use writes, given the flags the object was created with.
    #[inline(always)]
    fn maybe_writes(&self, flags: u8) -> bool {
        match self.maybe {
            Maybe::Read => false,
            Maybe::WriteUnless(flag) => flags & flag == 0,
            Maybe::WriteIf(flag) => flags & flag != 0,
        }
    }

    /// Begins one use of an object (and of its pool, for a written command buffer); `found`:
    /// its record, borrowed for the call, when the walk found it. An object the table does not
    /// hold (a dead handle, which object lifetime reports, or one whose creation Vigil cannot
    /// follow) is counted from its first use.
    #[inline]
    pub fn object(&mut self, ty: u16, h: u64, write: bool, maybe: bool, found: Option<&ObjectRecord>) {
        let entered = self.entered;
        let r = match found {
            Some(r) => r,
            None => entered.keep(OBJECTS.get_or_see(key(ty, h, self.owner, self.instance))),
        };
        // A shared object's read touches only this thread's slot.
        let read = !write && (!maybe || self.maybe == Maybe::Read);
        if read && SHARED_READS[usize::from(ty)] && entered.read_shared(r, self.command) {
            return;
        }
        if r.aliased() {
            // Two live objects with one value: their uses cannot be told apart.
            self.aliased |= 1u64.checked_shl(u32::from(ty)).unwrap_or(0);
            return;
        }
        let write = write || (maybe && self.maybe_writes(r.uses.flags()));
        self.begin(r, write);
    }

    /// Writes a queue the call uses implicitly, unless it is internally synchronized.
    pub fn queue(&mut self, u: Arc<ObjectRecord>) {
        if u.uses.flags() & QUEUE_INTERNALLY_SYNCHRONIZED == 0 {
            let entered = self.entered;
            self.begin(entered.keep(u), true);
        }
    }

    /// Begins a use of `r`, borrowed for the call (the thread holds it until the call
    /// returns), and of its pool for a written command buffer.
    #[inline(always)]
    fn begin(&mut self, r: &ObjectRecord, write: bool) {
        self.begin_of(r, (write, type_flags(r.key.ty)));
    }

    /// [`Self::begin`] with the [`type_flags`] of `r`'s type at hand.
    #[inline(always)]
    fn begin_of(&mut self, r: &ObjectRecord, use_: (bool, u8)) {
        begin_counted(self.entered, (self.thread, self.command), r, use_, self.overlaps);
    }
}

/// Counts the uses of the handles the state tracker found in a call of `command` (`handles`,
/// complete) by `thread`, keeping the overlaps in `overlaps`: what [`Walk::call`] would walk,
/// without walking or looking up again. A handle the table does not hold, a `maybe` use, and
/// an object whose value another live object shares go to `rare` (with whether the site
/// writes, and the record if any), to be counted by a walk.
#[inline(always)]
pub fn count_found(
    entered: &Entered,
    thread: u32,
    command: u16,
    named: &[Named],
    overlaps: &mut Overlaps,
    mut rare: impl FnMut(&Named, bool, Option<&ObjectRecord>, &mut Overlaps),
) {
    for n in named {
        let f = type_flags(n.ty);
        // A parameter left to prose is not counted (as `call` skips it); no such parameter
        // reaches a structure, so nothing found under one is counted either.
        if n.flags & (PARAM | NOAUTO) == PARAM | NOAUTO || f & SYNCED_TYPE == 0 {
            continue;
        }
        let write = n.flags & (WRITE | DESTROYED) != 0;
        let r = match record_of(n) {
            Some(r) if n.flags & MAYBE == 0 && !r.aliased() => r,
            found => {
                rare(n, write, found, overlaps);
                continue;
            }
        };
        // A shared object's read touches only this thread's slot.
        if !write && f & SHARED_TYPE != 0 && entered.read_shared(r, command) {
            continue;
        }
        begin_counted(entered, (thread, command), r, (write, f), overlaps);
    }
}
