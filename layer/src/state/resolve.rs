//! The one walk over a call's handles: before the validate hooks, every handle the call names
//! (parameters, members at any depth, arrays, pNext chains) is found in the object table once,
//! through the thread's cache (`thread`), and handed to every validation object in the call
//! context (`chassis::handles`). Object lifetime, thread safety and the tracker's references
//! read that instead of walking the call each on its own.

use std::sync::{Arc, LazyLock};

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;
use vigil_generated::threading::SYNCED;

use super::objects::{key, Key, ObjectRecord, Origin, OBJECTS, TYPES};
use super::records::instance_scoped;
use super::sites::{self, SiteVisitor, Skip};
use super::thread::Entered;
use crate::chassis::handles::{CallHandles, Named, DESTROYED, PARAM};
use crate::chassis::raw::{read_ptr, read_uint, Base, ParamCount};
use crate::chassis::Call;

/// The handle types some object reads from the walk: those object lifetime follows and those
/// thread safety counts. Others (a physical device, a display's mode) are left out.
static WANTED: LazyLock<Vec<bool>> =
    LazyLock::new(|| HANDLE_TYPES.iter().enumerate().map(|(i, t)| t.tracked || SYNCED[i]).collect());

/// The sites the walk visits: outputs never (they are not handles yet), members the registry
/// leaves to prose never either (the spec may ignore them, so they may hold garbage). A
/// parameter left to prose is visited (it is only allowed to be VK_NULL_HANDLE); thread safety
/// leaves it out by its flag.
const SKIP: Skip = Skip { params: OUTPUT, members: OUTPUT | NOAUTO };

/// One parameter of a command whose handle sites are all parameters: it holds a handle, or
/// points at `count` of them.
#[derive(Clone, Copy)]
struct Direct {
    at: u8,
    ty: u16,
    flags: u8,
    /// Objects of its type belong to the instance (else to the device).
    instance_scoped: bool,
    /// Object lifetime follows objects of its type.
    tracked: bool,
    /// `None`: the parameter is the handle; else a pointer to as many as the count says.
    count: Option<ParamCount>,
}

/// How a command's handles are found.
enum Plan {
    /// Every site is a parameter of [`Direct`]'s kinds: a loop over them, no walk.
    Direct(Box<[Direct]>),
    /// Some sites are structure members: the command's own tree of them, with the tables'
    /// decisions (which sites, which types, which flags) taken once, when planned. Only a
    /// non-empty pNext chain goes back to the tables' walk.
    Tree(Box<[Node]>),
    /// Structures nest deeper than a tree is planned for: the site walk.
    Walk,
}

/// A site of a [`Plan::Tree`]: where its values are in its base (the parameters, or a
/// structure), and what they are.
struct Node {
    /// The parameter index, or the member's byte offset.
    at: u32,
    shape: Shape,
    what: What,
}

enum What {
    /// Handles some object reads: pushed as [`Named`] with these fields.
    Handles { ty: u16, flags: u8, at: u8 },
    /// Structures `stride` bytes apart, whose sites are `fields`; `chain`: each may have a
    /// pNext chain, walked with the tables when not empty.
    Structs { stride: usize, fields: Box<[Node]>, chain: bool },
}

/// Nesting a tree is planned for; deeper structures (none in today's registry) are walked.
const TREE_DEPTH: usize = 6;

/// Each command's plan, worked out once from the tables.
static PLANS: LazyLock<Box<[Plan]>> = LazyLock::new(|| COMMAND_HANDLES.iter().map(plan).collect());

fn plan(command: &'static CommandHandles) -> Plan {
    let destroyed = destroyed_param(command);
    let mut direct = Vec::new();
    for f in command.params {
        if f.flags & SKIP.params != 0 {
            continue;
        }
        let HandleElem::Handle(ty) = f.elem else { return tree(command, destroyed) };
        let count = match f.shape {
            Shape::Value => None,
            Shape::Ptr => Some(ParamCount::One),
            Shape::Slice(c) => Some(ParamCount::of(c)),
            Shape::Array(..) | Shape::Str => return tree(command, destroyed),
        };
        let Ok(at) = u8::try_from(f.at) else { return tree(command, destroyed) };
        if !WANTED[usize::from(ty)] {
            continue;
        }
        let flags = f.flags | PARAM | if f.at == destroyed { DESTROYED } else { 0 };
        let (instance_scoped, tracked) = (instance_scoped(ty), HANDLE_TYPES[usize::from(ty)].tracked);
        direct.push(Direct { at, ty, flags, instance_scoped, tracked, count });
    }
    Plan::Direct(direct.into_boxed_slice())
}

fn tree(command: &'static CommandHandles, destroyed: u32) -> Plan {
    match nodes(command.params, true, destroyed, 0) {
        Some(nodes) => Plan::Tree(nodes),
        None => Plan::Walk,
    }
}

/// The planned sites among `fields` (parameters when `param`): those the walk visits and that
/// hold, or reach, a handle some object reads. `None` when structures nest too deep.
fn nodes(fields: &'static [HandleField], param: bool, destroyed: u32, depth: usize) -> Option<Box<[Node]>> {
    if depth > TREE_DEPTH {
        return None;
    }
    let skipped = if param { SKIP.params } else { SKIP.members };
    let mut planned = Vec::new();
    for f in fields {
        if f.flags & skipped != 0 || matches!(f.shape, Shape::Str) {
            continue;
        }
        let what = match f.elem {
            HandleElem::Handle(ty) if WANTED[usize::from(ty)] => {
                // As the walk's visitor marks them (`Walk::site`).
                let (flags, at) = match param {
                    true => {
                        let destroyed = if f.at == destroyed { DESTROYED } else { 0 };
                        (f.flags | PARAM | destroyed, u8::try_from(f.at).unwrap_or(u8::MAX - 1))
                    }
                    false => (f.flags, u8::MAX),
                };
                What::Handles { ty, flags, at }
            }
            HandleElem::Handle(_) => continue,
            HandleElem::Struct(s) => {
                let info = &HANDLE_STRUCTS[usize::from(s)];
                let fields = nodes(info.fields, false, destroyed, depth + 1)?;
                if fields.is_empty() && !info.has_pnext {
                    continue;
                }
                What::Structs { stride: info.size as usize, fields, chain: info.has_pnext }
            }
        };
        planned.push(Node { at: f.at, shape: f.shape, what });
    }
    Some(planned.into_boxed_slice())
}

/// Finds every handle a call of `COMMAND_HANDLES[command]` names, made on device (or
/// instance) `owner` of `instance`, into `out`; incomplete when there are more than it holds.
///
/// # Safety
/// `params` must be the call's parameters as the application passed them, valid as the spec
/// requires for every site the walk visits.
pub unsafe fn resolve(
    out: &mut CallHandles,
    entered: &Entered,
    command: usize,
    params: &[*const u8],
    owner: u64,
    instance: u64,
) {
    let Some(info) = COMMAND_HANDLES.get(command) else { return };
    out.begin();
    match &PLANS[command] {
        Plan::Direct(direct) => {
            for d in direct.iter() {
                let Some(&p) = params.get(usize::from(d.at)) else { continue };
                // SAFETY (both arms): `p` is the parameter's address; a pointer parameter is
                // read for as many handles as its count says, when non-NULL.
                let (first, n) = match d.count {
                    None => (p, 1),
                    Some(c) => match unsafe { c.read(params) } {
                        Some(n) if n > 0 => (unsafe { read_ptr(p) }, n),
                        _ => continue,
                    },
                };
                if first.is_null() {
                    continue;
                }
                for i in 0..n {
                    // SAFETY: `first` points at `n` handles.
                    let handle = unsafe { read_uint(first.wrapping_add(i * 8), 8) };
                    if handle == 0 {
                        continue;
                    }
                    let scope = if d.instance_scoped { instance } else { owner };
                    let record = entered.find(Key { scope, handle, ty: d.ty });
                    if d.tracked && !record.is_some_and(|r| r.origin != Origin::Seen) {
                        out.dead();
                    }
                    let record = record.map_or(std::ptr::null(), |r| r as *const ObjectRecord as *const ());
                    if !out.push(Named { handle, record, ty: d.ty, flags: d.flags, at: d.at }) {
                        return;
                    }
                }
            }
        }
        Plan::Tree(nodes) => {
            let destroyed = destroyed_param(info);
            let mut walk = Walk { out, entered, owner, instance, destroyed, wanted: &WANTED };
            // SAFETY: as this function's contract.
            unsafe { run(nodes, Base::Params(params), &mut walk) };
        }
        Plan::Walk => {
            let destroyed = destroyed_param(info);
            let mut walk = Walk { out, entered, owner, instance, destroyed, wanted: &WANTED };
            // SAFETY: as this function's contract.
            unsafe { sites::visit(info, params, SKIP, &mut walk) };
        }
    }
}

fn destroyed_param(info: &CommandHandles) -> u32 {
    match info.role {
        Role::Destroy { param } => u32::from(param),
        _ => u32::MAX,
    }
}

/// Runs a tree's `nodes` over `base`: what the site walk finds, in the same order.
///
/// # Safety
/// As [`resolve`]: `base` is the call's parameters, or a structure of theirs, valid for every
/// site planned.
unsafe fn run(nodes: &[Node], base: Base<'_>, w: &mut Walk<'_>) {
    for node in nodes {
        // SAFETY: as this function's contract.
        let Some((first, n)) = (unsafe { sites::elements(node.at, node.shape, base) }) else { continue };
        match &node.what {
            &What::Handles { ty, flags, at } => {
                for i in 0..n {
                    // SAFETY: `first` points at `n` handles.
                    let handle = unsafe { read_uint(first.wrapping_add(i * 8), 8) };
                    if handle != 0 && !w.push(ty, handle, flags, at) {
                        return;
                    }
                }
            }
            What::Structs { stride, fields, chain } => {
                for i in 0..n {
                    let q = first.wrapping_add(i * stride);
                    unsafe { run(fields, Base::Struct(q), w) };
                    // SAFETY: a structure with a pNext member has it at `PNEXT_OFFSET`.
                    if *chain && !unsafe { read_ptr(q.wrapping_add(sites::PNEXT_OFFSET)) }.is_null() {
                        unsafe { sites::visit_chain(q, SKIP, w) };
                    }
                }
            }
        }
        if !w.out.complete() {
            return;
        }
    }
}

struct Walk<'a> {
    out: &'a mut CallHandles,
    entered: &'a Entered,
    owner: u64,
    instance: u64,
    destroyed: u32,
    wanted: &'a [bool],
}

impl SiteVisitor for Walk<'_> {
    #[inline]
    fn site(&mut self, f: &'static HandleField, ty: u16, first: *const u8, n: usize, param: bool) {
        if !self.out.complete() || !self.wanted[usize::from(ty)] {
            return;
        }
        let mut flags = f.flags;
        let mut at = u8::MAX;
        if param {
            flags |= PARAM;
            at = u8::try_from(f.at).unwrap_or(u8::MAX - 1);
            if f.at == self.destroyed {
                flags |= DESTROYED;
            }
        }
        // SAFETY: the visitor hands over `n` handles at `first`.
        for handle in unsafe { sites::handles(first, n) } {
            if !self.push(ty, handle, flags, at) {
                return;
            }
        }
    }
}

impl Walk<'_> {
    /// Finds `handle` of type `ty` and adds it; false when there is no more room.
    #[inline]
    fn push(&mut self, ty: u16, handle: u64, flags: u8, at: u8) -> bool {
        let record = self.entered.find(key(ty, handle, self.owner, self.instance));
        if HANDLE_TYPES[usize::from(ty)].tracked && !record.is_some_and(|r| r.origin != Origin::Seen) {
            self.out.dead();
        }
        let record = record.map_or(std::ptr::null(), |r| r as *const ObjectRecord as *const ());
        self.out.push(Named { handle, record, ty, flags, at })
    }
}

/// The record of a handle the walk found, borrowed for the call.
#[inline(always)]
pub fn record_of(n: &Named) -> Option<&ObjectRecord> {
    // SAFETY: `resolve` stores records borrowed from the call's `Entered`, which the intercept
    // keeps alive until its call returns, longer than any `Named` of it is read.
    unsafe { (n.record as *const ObjectRecord).as_ref() }
}

/// A record for a hook: borrowed from the call's walk, or held from the table.
pub enum CallRecord<'a> {
    Borrowed(&'a ObjectRecord),
    Held(Arc<ObjectRecord>),
}

impl std::ops::Deref for CallRecord<'_> {
    type Target = ObjectRecord;

    #[inline(always)]
    fn deref(&self) -> &ObjectRecord {
        match self {
            CallRecord::Borrowed(r) => r,
            CallRecord::Held(r) => r,
        }
    }
}

/// The record of handle `h` of type `ty` of device (or instance) `scope` of `instance`, for a
/// validate hook of `cx`: the one the call's walk found when it names the handle (a scan of at
/// most [`CALL_HANDLES`](crate::chassis::handles::CALL_HANDLES) entries, no lock, no reference
/// count), else the table's.
#[inline]
pub fn call_record<'a>(cx: &Call<'a>, ty: u16, h: u64, (scope, instance): (u64, u64)) -> Option<CallRecord<'a>> {
    if h == 0 {
        return None;
    }
    let found = cx.handles().named().iter().find(|n| n.handle == h && n.ty == ty).and_then(record_of);
    match found {
        Some(r) => Some(CallRecord::Borrowed(r)),
        None => OBJECTS.get(key(ty, h, scope, instance)).map(CallRecord::Held),
    }
}

/// Runs `f` with the record of command buffer `cb` of device `scope` of `instance`, the
/// first parameter of the vkCmd* call `cx`: the one the walk found, else the table's (through
/// the thread's last command buffer). `None` when it has none.
#[inline]
pub fn with_command_buffer<R>(
    cx: &Call<'_>,
    cb: u64,
    (scope, instance): (u64, u64),
    f: impl FnOnce(&ObjectRecord) -> R,
) -> Option<R> {
    match command_buffer_found(cx) {
        Some(record) if record.key.handle == cb => Some(f(record)),
        _ => OBJECTS.with_command_buffer(key(TYPES.command_buffer, cb, scope, instance), |r| f(r)),
    }
}

/// The record of the command buffer a vkCmd* call is made on (its parameter 0), when the walk
/// found it: no second lookup.
#[inline]
pub fn command_buffer_found<'a>(cx: &Call<'a>) -> Option<&'a ObjectRecord> {
    let first = cx.handles().named().first()?;
    if first.flags & PARAM != 0 && first.at == 0 && first.ty == TYPES.command_buffer {
        record_of(first)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use std::ffi::c_void;

    use vigil_generated::*;

    use super::*;
    use crate::chassis::handles::CALL_HANDLES;
    use crate::state::thread;

    type Found = (Vec<(u64, u16, u8, u8)>, bool, bool);

    fn found(out: &CallHandles) -> Found {
        (out.named().iter().map(|n| (n.handle, n.ty, n.flags, n.at)).collect(), out.complete(), out.alive())
    }

    /// What the command's plan finds in `params`, and what the tables' walk finds.
    fn planned_and_walked(name: &str, params: &[*const u8]) -> (Found, Found) {
        let command = COMMAND_HANDLES.iter().position(|c| c.name == name).expect("a command");
        assert!(matches!(PLANS[command], Plan::Tree(_)), "{name} is planned as a tree");
        let entered = thread::enter().expect("a thread slot");
        let mut planned = CallHandles::new();
        // SAFETY: `params` are the test's well-formed parameters.
        unsafe { resolve(&mut planned, &entered, command, params, 7, 9) };
        let mut walked = CallHandles::new();
        walked.begin();
        let info = &COMMAND_HANDLES[command];
        let destroyed = destroyed_param(info);
        let mut walk = Walk { out: &mut walked, entered: &entered, owner: 7, instance: 9, destroyed, wanted: &WANTED };
        // SAFETY: as above.
        unsafe { sites::visit(info, params, SKIP, &mut walk) };
        (found(&planned), found(&walked))
    }

    fn addr<T>(v: &T) -> *const u8 {
        v as *const T as *const u8
    }

    #[test]
    fn a_planned_tree_finds_what_the_walk_finds() {
        // Barriers: structures in slices, and more handles than a call holds.
        let cb = VkCommandBuffer::from_raw(0xc0);
        let buffers: Vec<_> = (1..=20u64)
            .map(|i| VkBufferMemoryBarrier2 { buffer: VkBuffer::from_raw(0xb000 + i), ..Default::default() })
            .collect();
        let images = [VkImageMemoryBarrier2 { image: VkImage::from_raw(0x1a), ..Default::default() }];
        for n in [0, 1, 3, 20] {
            let dependency = VkDependencyInfo {
                bufferMemoryBarrierCount: n,
                pBufferMemoryBarriers: buffers.as_ptr(),
                imageMemoryBarrierCount: 1,
                pImageMemoryBarriers: images.as_ptr(),
                ..Default::default()
            };
            let p = &dependency as *const VkDependencyInfo;
            let (planned, walked) = planned_and_walked("vkCmdPipelineBarrier2", &[addr(&cb), addr(&p)]);
            assert_eq!(planned, walked, "{n} buffer barriers");
            assert_eq!(planned.0.len(), (2 + n as usize).min(CALL_HANDLES), "{n} buffer barriers");
            assert_eq!(planned.1, n < 15, "complete with {n} buffer barriers");
        }

        // A pNext chain the tables know: the attachments of an imageless framebuffer.
        let views = [VkImageView::from_raw(0x71), VkImageView::from_raw(0x72)];
        let attachments =
            VkRenderPassAttachmentBeginInfo { attachmentCount: 2, pAttachments: views.as_ptr(), ..Default::default() };
        let begin = VkRenderPassBeginInfo {
            pNext: &attachments as *const _ as *const c_void,
            renderPass: VkRenderPass::from_raw(0x5a),
            framebuffer: VkFramebuffer::from_raw(0xfb),
            ..Default::default()
        };
        let subpass = VkSubpassBeginInfo::default();
        let (b, s) = (&begin as *const VkRenderPassBeginInfo, &subpass as *const VkSubpassBeginInfo);
        let (planned, walked) = planned_and_walked("vkCmdBeginRenderPass2", &[addr(&cb), addr(&b), addr(&s)]);
        assert_eq!(planned, walked);
        let handles: Vec<u64> = planned.0.iter().map(|n| n.0).collect();
        assert_eq!(handles, [0xc0, 0x5a, 0xfb, 0x71, 0x72]);

        // Structures in structures: submits of semaphores and command buffers.
        let semaphores = [VkSemaphoreSubmitInfo { semaphore: VkSemaphore::from_raw(0x5e), ..Default::default() }];
        let cbs = [VkCommandBufferSubmitInfo { commandBuffer: VkCommandBuffer::from_raw(0xc1), ..Default::default() }];
        let submits = [VkSubmitInfo2 {
            waitSemaphoreInfoCount: 1,
            pWaitSemaphoreInfos: semaphores.as_ptr(),
            commandBufferInfoCount: 1,
            pCommandBufferInfos: cbs.as_ptr(),
            signalSemaphoreInfoCount: 1,
            pSignalSemaphoreInfos: semaphores.as_ptr(),
            ..Default::default()
        }];
        let queue = VkQueue::from_raw(0x9);
        let (count, p, fence) = (1u32, submits.as_ptr(), VkFence::from_raw(0xfe));
        let (planned, walked) =
            planned_and_walked("vkQueueSubmit2", &[addr(&queue), addr(&count), addr(&p), addr(&fence)]);
        assert_eq!(planned, walked);
        let handles: Vec<u64> = planned.0.iter().map(|n| n.0).collect();
        assert_eq!(handles, [0x9, 0x5e, 0xc1, 0x5e, 0xfe]);
        assert!(!planned.2, "unknown handles are not alive");
    }

    #[test]
    fn every_command_is_planned_without_the_walk() {
        let walked: Vec<_> = COMMAND_HANDLES
            .iter()
            .zip(PLANS.iter())
            .filter(|(_, p)| matches!(p, Plan::Walk))
            .map(|(c, _)| c.name)
            .collect();
        assert!(walked.is_empty(), "structures nest deeper than {TREE_DEPTH}: {walked:?}");
    }
}
