//! Thread safety: an object the spec says is externally synchronized must not be written by
//! one thread while another thread uses it. Every call counts the uses of the objects it
//! names (from the generated `vigil_generated::threading` tables over the object sites of
//! `vigil_generated::objects`) before it goes down and uncounts them when it returns; a use
//! that begins while another thread's overlapping use is counted is reported, once, with both
//! threads and both commands. Nothing waits: the application is never serialized.
//!
//! Followed beyond `externsync="true"`: writing a command buffer writes the pool it was
//! allocated from; a queue's `maybe` uses write it unless it was retrieved internally
//! synchronized; vkDeviceWaitIdle and vkDestroyDevice write every queue retrieved from the
//! device; a pipeline cache's `maybe` uses write it as its creation flags say; the typed handle of
//! `vkSetDebugUtilsObjectNameEXT`/`…TagEXT` is written. A descriptor set's `maybe`
//! uses are reads (the exemptions are per binding and not followed).
//!
//! Most uses are begun by the state tracker's walk over the call's handles, as it finds each
//! record (`state::counting`): this object's hook counts only what that walk left (a handle the
//! table does not hold, a `maybe` use, a shared value) and reports the overlaps.
//!
//! The counters are the object table's (`state`), one per record: a command buffer's record
//! points at its pool's, so the implicit pool write needs no second lookup. Reads of objects
//! that recording threads share (`SHARED_READS`) are published in the reading thread's slot
//! instead (`readers`), so that threads recording side by side never write a common line. While the
//! implementation gives one handle value to two live objects of a device, objects of that value
//! are not counted, and that is said once per type.

mod walk;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;
use vigil_generated::threading::*;
use vigil_generated::*;

use super::{DeviceSetup, InstanceSetup};
use crate::chassis::handles::Named;
use crate::chassis::names::command_number;
use crate::chassis::raw::{count, read_ptr, read_uint, Base};
use crate::chassis::{hooks, Call, Hooks, Phase, ValidationObject};
use crate::report::{Finding, Location, Object, Reporter, Severity};
use crate::state::counting::{self, Found, Overlaps, NOT_FUSED, PLANS, UNCOUNTED, WALKED};
use crate::state::thread::{current_thread, entered, Entered};
use crate::state::{key, ObjectRecord, OBJECTS};
use walk::Walk;

/// Thread safety for one instance's or one device's commands.
pub type ThreadChecks = ThreadTracker;

/// A write that began while another thread read or wrote the object (the reference layer's id).
const ID_WRITE: &str = "UNASSIGNED-Threading-MultipleThreads-Write";
/// A read that began while another thread wrote the object (the reference layer's id).
const ID_READ: &str = "UNASSIGNED-Threading-MultipleThreads-Read";
/// Objects of a type not counted while two live objects share a handle value. INFO: the
/// implementation may do this legally; shown when `report_flags` include `info`.
const ID_ALIASED: &str = "UNASSIGNED-Vigil-ThreadSafety-aliased-handle";

/// The use counting of one instance or device.
pub struct ThreadTracker {
    reporter: Arc<Reporter>,
    /// The instance or device whose calls these are; 0 until an instance is created.
    owner: AtomicU64,
    /// Its instance (itself, for an instance).
    instance: AtomicU64,
    /// The device's queues, as retrieved: vkDeviceWaitIdle and vkDestroyDevice write them all.
    queues: Mutex<Vec<Arc<ObjectRecord>>>,
    /// Handle types (bits) already reported as not counted while a value is shared.
    aliased_noted: AtomicU64,
}

/// The checks of an instance about to be created.
pub fn for_instance(setup: &InstanceSetup<'_>) -> Option<ThreadChecks> {
    setup.settings.thread_safety.then(|| instance_checks(setup.reporter))
}

/// The checks of an instance not created yet.
pub(crate) fn instance_checks(reporter: &Arc<Reporter>) -> ThreadChecks {
    ThreadTracker {
        reporter: reporter.clone(),
        owner: AtomicU64::new(0),
        instance: AtomicU64::new(0),
        queues: Mutex::default(),
        aliased_noted: AtomicU64::new(0),
    }
}

/// The checks of device `device`.
pub fn for_device(setup: &DeviceSetup<'_>) -> Option<ThreadChecks> {
    setup.settings.thread_safety.then(|| device_checks(setup.reporter, setup.device, setup.instance))
}

/// The checks of device `device` of `instance`.
pub(crate) fn device_checks(reporter: &Arc<Reporter>, device: VkDevice, instance: u64) -> ThreadChecks {
    ThreadTracker {
        reporter: reporter.clone(),
        owner: AtomicU64::new(device.as_raw()),
        instance: AtomicU64::new(instance),
        queues: Mutex::default(),
        aliased_noted: AtomicU64::new(0),
    }
}

/// The commands whose objects carry flags that decide their `maybe` uses.
const GET_DEVICE_QUEUE2: u16 = command_number("vkGetDeviceQueue2") as u16;
const CREATE_PIPELINE_CACHE: u16 = command_number("vkCreatePipelineCache") as u16;

/// The pointer parameter `i`, NULL when absent.
///
/// # Safety
/// `params[i]`, when present, must point at a pointer.
unsafe fn param_pointer(params: &[*const u8], i: u16) -> *const u8 {
    match params.get(usize::from(i)) {
        Some(p) if !p.is_null() => unsafe { read_ptr(*p) },
        _ => std::ptr::null(),
    }
}

/// The flags member at `offset` of the struct pointer parameter `i`, 0 when NULL.
///
/// # Safety
/// As [`param_pointer`], and the struct must have a 32-bit member at `offset`.
unsafe fn struct_flags(params: &[*const u8], i: u16, offset: usize) -> u32 {
    let p = unsafe { param_pointer(params, i) };
    if p.is_null() {
        0
    } else {
        unsafe { read_uint(p.wrapping_add(offset), 4) as u32 }
    }
}

/// The handles parameter `i` holds, as `(type, first element, count)`: the parameter itself
/// when passed by value, else what it points at (the counted elements of an array).
///
/// # Safety
/// The call's parameters must be as the application passed them; for an output, the call must
/// have written it.
unsafe fn param_handles(
    command: &'static CommandHandles,
    params: &[*const u8],
    i: u16,
) -> Option<(u16, *const u8, usize)> {
    let f = command.param(i)?;
    let HandleElem::Handle(ty) = f.elem else { return None };
    let (q, n) = match f.shape {
        Shape::Value => (*params.get(usize::from(i))?, 1),
        Shape::Slice(c) => (unsafe { param_pointer(params, i) }, unsafe { count(c, Base::Params(params)) }?),
        _ => (unsafe { param_pointer(params, i) }, 1),
    };
    (!q.is_null()).then_some((ty, q, n))
}

/// Whether thread safety keeps anything of what parameter `param` of `command` creates or
/// retrieves without flags: the instance's handle, or a queue (see `created`). `const` (the
/// parameter's site read without `CommandHandles::param`) for [`KEEPING`].
const fn kept_without_flags(command: &CommandHandles, param: u16) -> bool {
    let param = param as usize;
    if param >= command.param_sites.len() || command.param_sites[param] as usize >= command.params.len() {
        return false;
    }
    let HandleElem::Handle(ty) = command.params[command.param_sites[param] as usize].elem else { return false };
    let t = HANDLE_TYPES[ty as usize].object_type.0;
    t == VkObjectType::VK_OBJECT_TYPE_INSTANCE.0 || t == VkObjectType::VK_OBJECT_TYPE_QUEUE.0
}

/// The non-null handles of [`param_handles`].
fn handles(found: Option<(u16, *const u8, usize)>) -> impl Iterator<Item = (u16, u64)> {
    let (ty, q, n) = found.unwrap_or((0, std::ptr::null(), 0));
    // SAFETY: `q` points at `n` handles (see `param_handles`).
    (0..n).map(move |i| (ty, unsafe { read_uint(q.wrapping_add(i * 8), 8) })).filter(|(_, h)| *h != 0)
}

impl ThreadTracker {
    fn report(&self, command: u16, f: &Found) {
        let (Some(info), Some(t)) = (COMMAND_HANDLES.get(usize::from(command)), HANDLE_TYPES.get(usize::from(f.ty)))
        else {
            return;
        };
        let me = info.name;
        let other = match f.overlap.thread {
            0 => "another thread".to_string(),
            t => format!("thread {t}"),
        };
        let other_command = COMMAND_HANDLES.get(usize::from(f.overlap.command)).map_or("?", |c| c.name);
        let (id, mine, theirs) = match (f.write, f.overlap.other_writes) {
            (true, true) => (ID_WRITE, "writes", "writes"),
            (true, false) => (ID_WRITE, "writes", "reads"),
            (false, _) => (ID_READ, "reads", "writes"),
        };
        let at = Location::command(me);
        self.reporter.report(Finding {
            severity: Severity::Error,
            id,
            location: &at,
            objects: &[Object { ty: t.object_type, handle: f.handle }],
            message: format_args!(
                "THREADING ERROR: {} {:#x} is used simultaneously: thread {} {mine} it in {me} while {other} {theirs} \
                 it in {other_command}. Host access to it must be externally synchronized.",
                t.name,
                f.handle,
                current_thread(),
            ),
        });
    }

    /// The flags a created or retrieved object carries that decide its `maybe` uses.
    fn creation_flags(&self, command: u16, params: &[*const u8]) -> u8 {
        if command == CREATE_PIPELINE_CACHE {
            // SAFETY: vkCreatePipelineCache's pCreateInfo, as the application passed it.
            let flags = unsafe { struct_flags(params, 1, core::mem::offset_of!(VkPipelineCacheCreateInfo, flags)) };
            let mut out = 0;
            if flags & VkPipelineCacheCreateFlags::VK_PIPELINE_CACHE_CREATE_EXTERNALLY_SYNCHRONIZED_BIT.0 != 0 {
                out |= CACHE_EXTERNALLY_SYNCHRONIZED;
            }
            if flags & VkPipelineCacheCreateFlags::VK_PIPELINE_CACHE_CREATE_INTERNALLY_SYNCHRONIZED_MERGE_BIT_KHR.0 != 0
            {
                out |= CACHE_INTERNALLY_SYNCHRONIZED_MERGE;
            }
            out
        } else if command == GET_DEVICE_QUEUE2 {
            // SAFETY: vkGetDeviceQueue2's pQueueInfo, as the application passed it.
            let flags = unsafe { struct_flags(params, 1, core::mem::offset_of!(VkDeviceQueueInfo2, flags)) };
            let bit = VkDeviceQueueCreateFlags::VK_DEVICE_QUEUE_CREATE_INTERNALLY_SYNCHRONIZED_BIT_KHR.0;
            if flags & bit != 0 {
                QUEUE_INTERNALLY_SYNCHRONIZED
            } else {
                0
            }
        } else {
            0
        }
    }

    /// Says once per handle type that objects sharing a value are not counted.
    #[cold]
    fn note_aliased(&self, command: u16, types: u64) {
        let new = types & !self.aliased_noted.fetch_or(types, Ordering::Relaxed);
        for ty in (0..HANDLE_TYPES.len()).filter(|&t| new & (1 << t) != 0) {
            let t = &HANDLE_TYPES[ty];
            let at = Location::command(COMMAND_HANDLES.get(usize::from(command)).map_or("?", |c| c.name));
            self.reporter.report(Finding {
                severity: Severity::Info,
                id: ID_ALIASED,
                location: &at,
                objects: &[],
                message: format_args!(
                    "the implementation returned one {} handle value for two live objects, so thread safety cannot \
                     tell their uses apart and does not check objects of this type while a value is shared. \
                     Enable handle_wrapping to give each object its own handle.",
                    t.name
                ),
            });
        }
    }

    /// What thread safety keeps of a created or retrieved object (the state tracker has
    /// recorded it already): the flags that decide its `maybe` uses, and the device's queues.
    fn created(&self, command: u16, params: &[*const u8], result: Option<VkResult>) {
        let info = &COMMAND_HANDLES[usize::from(command)];
        let param = match info.role {
            Role::Create { param, .. } => param,
            Role::Retrieve { param, .. } if result.is_none_or(|r| r.0 >= 0) => param,
            _ => return,
        };
        let flags = self.creation_flags(command, params);
        // Most creations keep nothing: they end here, before their outputs are read.
        if flags == 0 && !kept_without_flags(info, param) {
            return;
        }
        let (owner, instance) = (self.owner.load(Ordering::Relaxed), self.instance.load(Ordering::Relaxed));
        // SAFETY: the call returned and wrote its outputs.
        for (ty, h) in handles(unsafe { param_handles(info, params, param) }) {
            let object_type = HANDLE_TYPES[usize::from(ty)].object_type;
            if object_type == VkObjectType::VK_OBJECT_TYPE_INSTANCE {
                self.owner.store(h, Ordering::Relaxed);
                self.instance.store(h, Ordering::Relaxed);
                continue;
            }
            let is_queue = object_type == VkObjectType::VK_OBJECT_TYPE_QUEUE;
            if flags == 0 && !is_queue {
                continue;
            }
            let Some(u) = OBJECTS.get(key(ty, h, owner, instance)) else { continue };
            u.uses.add_flags(flags);
            if is_queue {
                let mut queues = self.queues.lock().unwrap_or_else(PoisonError::into_inner);
                if !queues.iter().any(|q| Arc::ptr_eq(q, &u)) {
                    queues.push(u);
                }
            }
        }
    }
}

impl ThreadTracker {
    /// A call of `COMMAND_HANDLES[command]` begins (one thread safety counts: `plan` is
    /// [`counting::FOUND`] or [`WALKED`]): counts the uses of what it names (`handles`, what the state
    /// tracker found, when complete; else a walk of `params`) that the tracker's walk did not
    /// count already (`state::counting`), and reports what overlapped.
    #[inline(always)]
    fn begin(&self, cx: &Call<'_>, plan: u8) {
        // A thread without a slot (every one taken by a live thread) is not counted.
        let Some(entered) = entered(cx) else { return };
        let handles = cx.handles();
        let fused = entered.fused();
        if plan == WALKED || !handles.complete() {
            if fused.to() != NOT_FUSED {
                // Counted in part by a walk that ran out of room: counted again by ours.
                entered.forget_fused();
            }
            return self.begin_walked(cx, entered);
        }
        // The common call: what the tracker found, counted with nothing but the call's thread
        // and command at hand (a `Walk` is made only for a rare use: its fields, stored up
        // front, cost a draw-workload call about 20 instructions).
        let (counted, mut overlaps) = match fused.to() {
            NOT_FUSED => (0, Overlaps::new()),
            to => (usize::from(to), fused.take_overlaps()),
        };
        let command = cx.command as u16;
        let (from, thread) = (entered.published(), entered.thread());
        let mut aliased = 0;
        let rest = handles.named().get(counted..).unwrap_or_default();
        walk::count_found(entered, thread, command, rest, &mut overlaps, |n, write, found, overlaps| {
            aliased |= self.rare_use(cx, entered, (n, write, found), overlaps);
        });
        counting::publish(entered, thread, from, &mut overlaps);
        if aliased != 0 || overlaps.n != 0 {
            self.reported(command, aliased, &overlaps);
        }
    }

    /// The counting of a call by a [`Walk`] of its parameters (the tracker did not find every
    /// handle), or of one that also writes typed handles or the device's queues.
    #[inline(never)]
    fn begin_walked(&self, cx: &Call<'_>, entered: &Entered) {
        let Some(info) = COMMAND_HANDLES.get(cx.command) else { return };
        let mut overlaps = Overlaps::new();
        let from = entered.published();
        let mut walk = self.walk(cx, entered, &mut overlaps);
        let handles = cx.handles();
        if handles.complete() {
            walk.found(handles, cx.params);
        } else {
            walk.call(info, cx.params);
        }
        if THREAD_COMMANDS[cx.command].device_queues {
            let queues = self.queues.lock().unwrap_or_else(PoisonError::into_inner).clone();
            for q in queues {
                walk.queue(q);
            }
        }
        let (aliased, thread) = (walk.aliased, walk.thread);
        counting::publish(entered, thread, from, &mut overlaps);
        if aliased != 0 || overlaps.n != 0 {
            self.reported(cx.command as u16, aliased, &overlaps);
        }
    }

    /// A walk of a call's uses, keeping the overlaps in `overlaps`.
    fn walk<'a>(&self, cx: &Call<'_>, entered: &'a Entered, overlaps: &'a mut Overlaps) -> Walk<'a> {
        Walk {
            command: cx.command as u16,
            owner: self.owner.load(Ordering::Relaxed),
            instance: self.instance.load(Ordering::Relaxed),
            maybe: THREAD_COMMANDS[cx.command].maybe,
            entered,
            thread: entered.thread(),
            overlaps,
            aliased: 0,
            destroyed: u32::MAX,
        }
    }

    /// Counts a found handle `count_found` leaves to a walk: `found`, its record if the table
    /// holds one. The handle types not counted because two live objects share the value.
    #[inline(never)]
    fn rare_use(
        &self,
        cx: &Call<'_>,
        entered: &Entered,
        (n, write, found): (&Named, bool, Option<&ObjectRecord>),
        overlaps: &mut Overlaps,
    ) -> u64 {
        let mut walk = self.walk(cx, entered, overlaps);
        walk.object(n.ty, n.handle, write, n.flags & MAYBE != 0, found);
        walk.aliased
    }

    /// What a call's counting found, reported once nothing is borrowed: the application's
    /// callback may call Vulkan.
    #[cold]
    fn reported(&self, command: u16, aliased: u64, overlaps: &Overlaps) {
        if aliased != 0 {
            self.note_aliased(command, aliased);
        }
        for f in overlaps.iter() {
            self.report(command, f);
        }
    }

    /// The call returned (its uses end when the intercept leaves it): what it created or
    /// retrieved (`result`: its result, when it returns one).
    fn end(&self, command: u16, params: &[*const u8], result: Option<VkResult>) {
        if !matches!(COMMAND_HANDLES.get(usize::from(command)).map(|c| c.role), None | Some(Role::Use)) {
            self.created(command, params, result);
        }
    }
}

/// Whether thread safety may keep anything of what command `c` creates or retrieves (see
/// `created`): the instance's handle, a queue, or an object made with flags.
const fn keeps_anything(c: u16) -> bool {
    let param = match COMMAND_HANDLES[c as usize].role {
        Role::Create { param, .. } | Role::Retrieve { param, .. } => param,
        _ => return false,
    };
    c == CREATE_PIPELINE_CACHE || c == GET_DEVICE_QUEUE2 || kept_without_flags(&COMMAND_HANDLES[c as usize], param)
}

/// How many commands of `BEGINS` [`keeps_anything`].
const KEEPING_COUNT: usize = {
    let (mut n, mut i) = (0, 0);
    while i < BEGINS.len() {
        n += keeps_anything(BEGINS[i]) as usize;
        i += 1;
    }
    n
};

/// The commands after which thread safety's post-record hook runs.
const KEEPING: [u16; KEEPING_COUNT] = {
    let mut out = [0; KEEPING_COUNT];
    let (mut n, mut i) = (0, 0);
    while i < BEGINS.len() {
        if keeps_anything(BEGINS[i]) {
            out[n] = BEGINS[i];
            n += 1;
        }
        i += 1;
    }
    out
};

/// Thread safety's post-record hook only keeps what a few creations and retrievals return: it
/// runs after those commands (`KEEPING`), no other (after every creation it cost ~40
/// instructions to keep nothing).
const fn creations(hooks: Hooks) -> Hooks {
    hooks.generic_only_for(Phase::PostRecord, &KEEPING)
}

/// The chassis hands thread safety every call of a command it counts (`COUNTED`, generated):
/// uses begin before the call down and end when the call returns (the thread's `Entered`,
/// which the intercept holds, ends them on every return path).
#[hooks(then = creations)]
impl ValidationObject for ThreadTracker {
    /// Nothing to do for a command thread safety does not count, nor for a call whose uses the
    /// tracker's walk counted, every one, with no overlap: no hook call.
    #[inline(always)]
    fn pre_record_call_in_line<const C: usize>(&self, cx: &Call<'_>) -> bool {
        if const { counting::plan_of(C) == UNCOUNTED } {
            return true;
        }
        let handles = cx.handles();
        entered(cx).is_some_and(|e| handles.complete() && e.fused().done(handles.named().len()))
    }

    #[inline(always)]
    fn pre_record_call(&self, cx: &Call<'_>) {
        match PLANS.get(cx.command) {
            Some(&plan) if plan != UNCOUNTED => self.begin(cx, plan),
            _ => {}
        }
    }

    #[inline(always)]
    fn post_record_call(&self, cx: &Call<'_>, result: Option<VkResult>) {
        if COUNTED[cx.command] {
            self.end(cx.command as u16, cx.params, result)
        }
    }
}

#[cfg(test)]
mod tests;
