//! The engine driven through the generated hooks with made-up handles: one thread begins a
//! call and stays inside it (its end is called when the test says), another begins a call on
//! the same or other objects. Deterministic: no Vulkan, no timing.

use std::ffi::{c_void, CStr};
use std::sync::mpsc;
use std::sync::Mutex;

use crate::chassis::handles::CallHandles;
use crate::chassis::{Call, ValidationObject};
use crate::state::resolve::Resolving;
use crate::state::thread::Entered;
use vigil_generated::settings::Settings;

use super::*;
use crate::report::Messenger;
use crate::state::StateTracker;

/// What the messenger saw: `(id, first object's handle)`.
#[derive(Default)]
struct Log(Mutex<Vec<(String, u64)>>);

impl Log {
    fn take(&self) -> Vec<(String, u64)> {
        std::mem::take(&mut *self.0.lock().unwrap())
    }
}

unsafe extern "system" fn callback(
    _severity: VkDebugUtilsMessageSeverityFlagsEXT,
    _types: VkDebugUtilsMessageTypeFlagsEXT,
    data: *const VkDebugUtilsMessengerCallbackDataEXT,
    user: *mut c_void,
) -> VkBool32 {
    // SAFETY: the reporter passes valid callback data and the test's Log.
    let (data, log) = unsafe { (&*data, &*(user as *const Log)) };
    let id = unsafe { CStr::from_ptr(data.pMessageIdName) }.to_string_lossy().into_owned();
    let object = if data.objectCount == 0 { 0 } else { unsafe { (*data.pObjects).objectHandle } };
    log.0.lock().unwrap().push((id, object));
    0
}

/// Thread safety over the state tracker, run in the chassis' order: the tracker forgets
/// destroyed objects after thread safety's pre-record hook and records created ones before its
/// post-record hook.
struct Checks {
    ts: ThreadChecks,
    tracker: StateTracker,
}

impl std::ops::Deref for Checks {
    type Target = ThreadChecks;
    fn deref(&self) -> &ThreadChecks {
        &self.ts
    }
}

impl Checks {
    fn pre_record_call(&self, cx: &Call<'_>) {
        self.ts.pre_record_call(cx);
        self.tracker.pre_record_call(cx);
    }

    fn post_record_call(&self, cx: &Call<'_>, result: Option<VkResult>) {
        self.tracker.post_record_call(cx, result);
        self.ts.post_record_call(cx, result);
    }
}

/// Device checks reporting into `log`.
fn checks(log: &Log) -> Checks {
    Checks { ts: thread_checks(log), tracker: StateTracker::for_device(device(), 0, false) }
}

/// Thread safety alone, reporting into `log`.
fn thread_checks(log: &Log) -> ThreadChecks {
    // INFO too: the note about shared values is one (off in the default settings).
    let settings = Settings { report_flags: vec!["error".into(), "warn".into(), "info".into()], ..Settings::default() };
    let (reporter, _) = Reporter::new(&settings, Vec::new(), Vec::new());
    reporter.set_lifetime_window(false);
    let info = VkDebugUtilsMessengerCreateInfoEXT {
        messageSeverity: VkDebugUtilsMessageSeverityFlagsEXT(0x1111),
        messageType: VkDebugUtilsMessageTypeFlagsEXT(0x7),
        pfnUserCallback: Some(callback),
        pUserData: log as *const Log as *mut c_void,
        ..Default::default()
    };
    reporter.add_messenger(Messenger::from_create_info(1, &info));
    device_checks(&Arc::new(reporter), VkDevice::from_raw(device()), 0)
}

/// The addresses of a tuple's fields, in order: a call's parameters as the chassis passes them.
trait Addresses {
    fn addresses(&self) -> Vec<*const u8>;
}

macro_rules! addresses {
    ($($t:ident $i:tt),*) => {
        impl<$($t),*> Addresses for ($($t,)*) {
            fn addresses(&self) -> Vec<*const u8> {
                vec![$(&self.$i as *const $t as *const u8),*]
            }
        }
    };
}
addresses!(A 0);
addresses!(A 0, B 1);
addresses!(A 0, B 1, C 2);
addresses!(A 0, B 1, C 2, D 3);
addresses!(A 0, B 1, C 2, D 3, E 4);
addresses!(A 0, B 1, C 2, D 3, E 4, F 5);
addresses!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
addresses!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);

/// One call in progress on this thread, as an intercept holds it: the thread entered, and the
/// handles the state tracker found.
struct InCall {
    command: usize,
    entered: Option<Entered>,
    handles: Box<CallHandles>,
}

thread_local! {
    /// The calls this thread is inside, innermost last.
    static IN_CALLS: std::cell::RefCell<Vec<InCall>> = const { std::cell::RefCell::new(Vec::new()) };
    /// Whether the walk that finds a call's handles counts their uses, as the intercepts'
    /// does (`state::counting`); off, thread safety's hook counts them all.
    static FUSED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Enters a call of `command` with these parameters on this thread, as the intercept does.
fn enter_call(command: usize, params: &[*const u8]) -> InCall {
    let entered = crate::state::thread::enter();
    let mut handles = Box::new(CallHandles::new());
    if let Some(e) = &entered {
        // SAFETY: the test's parameters, as the hook passes them.
        let resolving = Resolving { owner: device(), instance: 0, counts_uses: FUSED.with(|f| f.get()) };
        unsafe { crate::state::resolve::resolve(&mut handles, e, command, params, resolving) };
    }
    InCall { command, entered, handles }
}

impl InCall {
    /// The call context the intercept gives the hooks of this call.
    fn context<'a>(&'a self, params: &'a [*const u8], reporter: &'a Reporter) -> Call<'a> {
        let thread = self.entered.as_ref().map_or(std::ptr::null(), |e| e.as_opaque());
        Call::entered(self.command, params, reporter, (None, None), &self.handles, thread)
    }
}

/// Runs the object's record hook for `command` as the chassis does for each call (the typed
/// hooks of thread safety are its generic ones): `pre` enters the call and stays inside it,
/// `post` runs after the call down and leaves it (`=> result` for commands that return a
/// `VkResult`); a `post` with no `pre` enters and leaves around it.
macro_rules! hook {
    ($c:expr, pre $command:literal($($arg:expr),*)) => {{
        let args = ($($arg,)*);
        let params = args.addresses();
        let call = enter_call(index($command), &params);
        let cx = call.context(&params, &$c.reporter);
        $c.pre_record_call(&cx);
        IN_CALLS.with(|c| c.borrow_mut().push(call));
    }};
    ($c:expr, post $command:literal($($arg:expr),*)) => {{
        hook!(@post $c, $command, None, ($($arg),*))
    }};
    ($c:expr, post $command:literal($($arg:expr),*) => $result:expr) => {{
        hook!(@post $c, $command, Some($result), ($($arg),*))
    }};
    (@post $c:expr, $command:literal, $result:expr, ($($arg:expr),*)) => {{
        let args = ($($arg,)*);
        let params = args.addresses();
        let inside = IN_CALLS.with(|c| {
            let mut c = c.borrow_mut();
            if c.last().is_some_and(|call| call.command == index($command)) { c.pop() } else { None }
        });
        let call = inside.unwrap_or_else(|| enter_call(index($command), &params));
        let cx = call.context(&params, &$c.reporter);
        $c.post_record_call(&cx, $result);
        // Leaving the call ends its uses.
        drop(call);
    }};
}

/// The index of a command in `COMMANDS`.
fn index(command: &str) -> usize {
    vigil_generated::commands::command_index(command.as_bytes()).unwrap()
}

/// The device of the tests' objects: one per way of counting, since the object table keeps
/// what a test leaves alive and the tests' handle values are the same in both ways.
fn device() -> u64 {
    if FUSED.with(|f| f.get()) {
        0xd000
    } else {
        0xd001
    }
}
const SUCCESS: VkResult = VkResult::VK_SUCCESS;

/// Runs `inside`'s begin on another thread, then `meanwhile` here, then `inside`'s end.
fn overlapping(begin: impl FnOnce() + Send, end: impl FnOnce() + Send, meanwhile: impl FnOnce()) {
    let (began, go) = (mpsc::channel(), mpsc::channel());
    let fused = FUSED.with(|f| f.get());
    std::thread::scope(|s| {
        let (began_tx, go_rx) = (began.0, go.1);
        s.spawn(move || {
            FUSED.with(|f| f.set(fused));
            begin();
            began_tx.send(()).unwrap();
            go_rx.recv().unwrap();
            end();
        });
        began.1.recv().unwrap();
        meanwhile();
        go.0.send(()).unwrap();
    });
}

fn allocate_command_buffers(c: &Checks, pool: u64, buffers: &[u64]) {
    let info = VkCommandBufferAllocateInfo {
        commandPool: VkCommandPool::from_raw(pool),
        commandBufferCount: buffers.len() as u32,
        ..Default::default()
    };
    let mut out: Vec<VkCommandBuffer> = buffers.iter().map(|&b| VkCommandBuffer::from_raw(b)).collect();
    hook!(c, post "vkAllocateCommandBuffers"(VkDevice::from_raw(device()), &info, out.as_mut_ptr()) => SUCCESS);
}

fn record(c: &Checks, cmd: u64) -> (impl FnOnce() + Send + '_, impl FnOnce() + Send + '_) {
    let cmd = VkCommandBuffer::from_raw(cmd);
    (move || hook!(c, pre "vkCmdDraw"(cmd, 3, 1, 0, 0)), move || hook!(c, post "vkCmdDraw"(cmd, 3, 1, 0, 0)))
}

fn draw(c: &Checks, cmd: u64) {
    let (begin, end) = record(c, cmd);
    begin();
    end();
}

#[test]
fn a_command_buffer_write_writes_its_pool() {
    let log = Log::default();
    let c = checks(&log);
    allocate_command_buffers(&c, 0x1_0100, &[0x1_0110, 0x1_0120]);
    allocate_command_buffers(&c, 0x1_0200, &[0x1_0210]);
    let (begin, end) = record(&c, 0x1_0110);
    overlapping(begin, end, || {
        // Another command buffer of the same pool collides on the pool…
        draw(&c, 0x1_0120);
        assert_eq!(log.take(), [(ID_WRITE.to_string(), 0x1_0100)]);
        // …one of another pool does not…
        draw(&c, 0x1_0210);
        assert_eq!(log.take(), []);
        // …and submitting it reads only the command buffer, not its pool.
        let cmds = [VkCommandBuffer::from_raw(0x1_0110)];
        let submit = VkSubmitInfo { commandBufferCount: 1, pCommandBuffers: cmds.as_ptr(), ..Default::default() };
        let queue = VkQueue::from_raw(0x1_0900);
        hook!(c, pre "vkQueueSubmit"(queue, 1, &submit, VkFence::null()));
        hook!(c, post "vkQueueSubmit"(queue, 1, &submit, VkFence::null()) => SUCCESS);
        assert_eq!(log.take(), [(ID_READ.to_string(), 0x1_0110)]);
    });
    // Once the recording thread is out, everything is idle again.
    draw(&c, 0x1_0120);
    assert_eq!(log.take(), []);
}

fn get_queue2(c: &Checks, queue: u64, flags: VkDeviceQueueCreateFlags) {
    let info = VkDeviceQueueInfo2 { flags, ..Default::default() };
    let mut q = VkQueue::from_raw(queue);
    hook!(c, post "vkGetDeviceQueue2"(VkDevice::from_raw(device()), &info, &mut q));
}

fn wait_idle(c: &Checks, queue: u64) -> (impl FnOnce() + Send + '_, impl FnOnce() + Send + '_) {
    let q = VkQueue::from_raw(queue);
    (move || hook!(c, pre "vkQueueWaitIdle"(q)), move || hook!(c, post "vkQueueWaitIdle"(q) => SUCCESS))
}

#[test]
fn queues_are_written_unless_internally_synchronized() {
    let log = Log::default();
    let c = checks(&log);
    let internally = VkDeviceQueueCreateFlags::VK_DEVICE_QUEUE_CREATE_INTERNALLY_SYNCHRONIZED_BIT_KHR;
    get_queue2(&c, 0x2_0100, internally);
    get_queue2(&c, 0x2_0200, VkDeviceQueueCreateFlags(0));
    for (queue, expected) in [(0x2_0100, vec![]), (0x2_0200, vec![(ID_WRITE.to_string(), 0x2_0200)])] {
        let (begin, end) = wait_idle(&c, queue);
        overlapping(begin, end, || {
            let (b, e) = wait_idle(&c, queue);
            b();
            e();
        });
        assert_eq!(log.take(), expected, "queue {queue:#x}");
        // Waiting for the whole device writes each of its queues.
        let (begin, end) = wait_idle(&c, queue);
        overlapping(begin, end, || {
            hook!(c, pre "vkDeviceWaitIdle"(VkDevice::from_raw(device())));
            hook!(c, post "vkDeviceWaitIdle"(VkDevice::from_raw(device())) => SUCCESS);
        });
        assert_eq!(log.take(), expected, "queue {queue:#x} and the device");
    }
}

fn create_pipeline_cache(c: &Checks, cache: u64, flags: VkPipelineCacheCreateFlags) {
    let info = VkPipelineCacheCreateInfo { flags, ..Default::default() };
    let mut out = VkPipelineCache::from_raw(cache);
    hook!(c, post "vkCreatePipelineCache"(VkDevice::from_raw(device()), &info, std::ptr::null::<VkAllocationCallbacks>(), &mut out) => SUCCESS);
}

fn compute_pipelines(c: &Checks, cache: u64) -> (impl FnOnce() + Send + '_, impl FnOnce() + Send + '_) {
    let (d, cache) = (VkDevice::from_raw(device()), VkPipelineCache::from_raw(cache));
    // The create info holds pointers, which do not cross threads: each side makes its own.
    let begin = move || {
        let (info, mut out) = (VkComputePipelineCreateInfo::default(), VkPipeline::null());
        hook!(c, pre "vkCreateComputePipelines"(d, cache, 1, &info, std::ptr::null::<VkAllocationCallbacks>(), &mut out))
    };
    let end = move || {
        let (info, mut out) = (VkComputePipelineCreateInfo::default(), VkPipeline::null());
        hook!(c, post "vkCreateComputePipelines"(d, cache, 1, &info, std::ptr::null::<VkAllocationCallbacks>(), &mut out) => SUCCESS)
    };
    (begin, end)
}

#[test]
fn pipeline_caches_are_written_when_created_externally_synchronized() {
    let log = Log::default();
    let c = checks(&log);
    let external = VkPipelineCacheCreateFlags::VK_PIPELINE_CACHE_CREATE_EXTERNALLY_SYNCHRONIZED_BIT;
    create_pipeline_cache(&c, 0x3_0100, external);
    create_pipeline_cache(&c, 0x3_0200, VkPipelineCacheCreateFlags(0));
    for (cache, expected) in [(0x3_0100, vec![(ID_WRITE.to_string(), 0x3_0100)]), (0x3_0200, vec![])] {
        let (begin, end) = compute_pipelines(&c, cache);
        overlapping(begin, end, || {
            let (b, e) = compute_pipelines(&c, cache);
            b();
            e();
        });
        assert_eq!(log.take(), expected, "cache {cache:#x}");
    }
}

fn reset_fence(c: &Checks, fence: u64) -> (impl FnOnce() + Send + '_, impl FnOnce() + Send + '_) {
    let (d, f) = (VkDevice::from_raw(device()), [VkFence::from_raw(fence)]);
    (
        move || hook!(c, pre "vkResetFences"(d, 1, f.as_ptr())),
        move || hook!(c, post "vkResetFences"(d, 1, f.as_ptr()) => SUCCESS),
    )
}

#[test]
fn a_destroyed_object_is_forgotten() {
    let log = Log::default();
    let c = checks(&log);
    let (d, fence) = (VkDevice::from_raw(device()), VkFence::from_raw(0x4_0100));
    let (begin, end) = reset_fence(&c, 0x4_0100);
    overlapping(begin, end, || {
        hook!(c, pre "vkDestroyFence"(d, fence, std::ptr::null::<VkAllocationCallbacks>()));
        hook!(c, post "vkDestroyFence"(d, fence, std::ptr::null::<VkAllocationCallbacks>()));
        assert_eq!(log.take(), [(ID_WRITE.to_string(), 0x4_0100)]);
        assert!(OBJECTS.get(key(fence_type(), 0x4_0100, device(), 0)).is_none());
        // The implementation gives the handle value to a new fence: it starts idle, although
        // the other thread has not left its call on the old one.
        let mut out = fence;
        hook!(c, post "vkCreateFence"(d, &VkFenceCreateInfo::default(), std::ptr::null::<VkAllocationCallbacks>(), &mut out) => SUCCESS);
        let (b, e) = reset_fence(&c, 0x4_0100);
        b();
        e();
        assert_eq!(log.take(), []);
    });
}

fn fence_type() -> u16 {
    HANDLE_TYPES.iter().position(|t| t.name == "VkFence").unwrap() as u16
}

#[test]
fn sequential_uses_and_disabled_checks_report_nothing() {
    let log = Log::default();
    let c = checks(&log);
    for _ in 0..2 {
        std::thread::scope(|s| {
            s.spawn(|| {
                let (b, e) = reset_fence(&c, 0x5_0100);
                b();
                e();
            });
        });
    }
    assert_eq!(log.take(), []);
    // Disabled: the set holds an empty slot, one branch, and the object is not present.
    let off: crate::chassis::Slot<ThreadChecks> = crate::chassis::Slot::new("thread_safety", None);
    assert!(!off.is_present() && off.get().is_none());
    assert!(crate::chassis::Slot::new("thread_safety", Some(thread_checks(&log))).get().is_some());
}

#[test]
fn descriptor_sets_go_with_their_pool() {
    let log = Log::default();
    let c = checks(&log);
    let d = VkDevice::from_raw(device());
    let pool = VkDescriptorPool::from_raw(0x6_0100);
    let info = VkDescriptorSetAllocateInfo { descriptorPool: pool, descriptorSetCount: 2, ..Default::default() };
    let mut sets = [VkDescriptorSet::from_raw(0x6_0110), VkDescriptorSet::from_raw(0x6_0120)];
    hook!(c, post "vkAllocateDescriptorSets"(d, &info, sets.as_mut_ptr()) => SUCCESS);
    let set_type = HANDLE_TYPES.iter().position(|t| t.name == "VkDescriptorSet").unwrap() as u16;
    assert!(OBJECTS.get(key(set_type, 0x6_0110, device(), 0)).is_some());
    hook!(c, pre "vkResetDescriptorPool"(d, pool, VkDescriptorPoolResetFlags(0)));
    hook!(c, post "vkResetDescriptorPool"(d, pool, VkDescriptorPoolResetFlags(0)) => SUCCESS);
    assert!(OBJECTS.get(key(set_type, 0x6_0110, device(), 0)).is_none());
    assert!(OBJECTS.get(key(set_type, 0x6_0120, device(), 0)).is_none());
    assert_eq!(log.take(), []);
}

#[test]
fn swapchain_images_go_with_their_swapchain() {
    let log = Log::default();
    let c = checks(&log);
    let (d, swapchain) = (VkDevice::from_raw(device()), VkSwapchainKHR::from_raw(0x7_0100));
    let mut images = [VkImage::from_raw(0x7_0110), VkImage::from_raw(0x7_0120)];
    let mut count = 2u32;
    hook!(c, post "vkGetSwapchainImagesKHR"(d, swapchain, &mut count, images.as_mut_ptr()) => SUCCESS);
    let image_type = HANDLE_TYPES.iter().position(|t| t.name == "VkImage").unwrap() as u16;
    let first = OBJECTS.get(key(image_type, 0x7_0110, device(), 0)).unwrap();
    hook!(c, post "vkGetSwapchainImagesKHR"(d, swapchain, &mut count, images.as_mut_ptr()) => SUCCESS);
    assert!(
        Arc::ptr_eq(&first, &OBJECTS.get(key(image_type, 0x7_0110, device(), 0)).unwrap()),
        "retrieving again keeps the counter"
    );
    hook!(c, pre "vkDestroySwapchainKHR"(d, swapchain, std::ptr::null::<VkAllocationCallbacks>()));
    hook!(c, post "vkDestroySwapchainKHR"(d, swapchain, std::ptr::null::<VkAllocationCallbacks>()));
    assert!(OBJECTS.get(key(image_type, 0x7_0110, device(), 0)).is_none());
    assert!(OBJECTS.get(key(image_type, 0x7_0120, device(), 0)).is_none());
    assert_eq!(log.take(), []);
}

fn create_sampler(c: &Checks, sampler: u64) {
    let d = VkDevice::from_raw(device());
    let mut out = VkSampler::from_raw(sampler);
    hook!(c, post "vkCreateSampler"(d, &VkSamplerCreateInfo::default(), std::ptr::null::<VkAllocationCallbacks>(), &mut out) => SUCCESS);
}

fn destroy_sampler(c: &Checks, sampler: u64) {
    let (d, s) = (VkDevice::from_raw(device()), VkSampler::from_raw(sampler));
    hook!(c, pre "vkDestroySampler"(d, s, std::ptr::null::<VkAllocationCallbacks>()));
    hook!(c, post "vkDestroySampler"(d, s, std::ptr::null::<VkAllocationCallbacks>()));
}

#[test]
fn a_value_shared_by_two_live_objects_is_not_counted_and_said_once() {
    let log = Log::default();
    let c = checks(&log);
    // The implementation returns one value for two samplers (identical ones may share it).
    create_sampler(&c, 0x8_0100);
    create_sampler(&c, 0x8_0100);
    destroy_sampler(&c, 0x8_0100);
    assert_eq!(log.take(), [(ID_ALIASED.to_string(), 0)], "said once, naming no object");
    // One object is left with the value: counted again, and nothing more is said.
    destroy_sampler(&c, 0x8_0100);
    create_sampler(&c, 0x8_0200);
    create_sampler(&c, 0x8_0200);
    destroy_sampler(&c, 0x8_0200);
    assert_eq!(log.take(), [], "once per type");
}

const LAYOUT: u64 = 0x9_0100;

fn create_pipeline_layout(c: &Checks) {
    let mut out = VkPipelineLayout::from_raw(LAYOUT);
    let info = VkPipelineLayoutCreateInfo::default();
    hook!(c, post "vkCreatePipelineLayout"(VkDevice::from_raw(device()), &info, std::ptr::null::<VkAllocationCallbacks>(), &mut out) => SUCCESS);
}

/// vkCmdPushConstants into `cmd`: writes the command buffer, reads the (shared) layout.
fn push_constants(c: &Checks, cmd: u64) -> (impl FnOnce() + Send + '_, impl FnOnce() + Send + '_) {
    let (cmd, layout, data) = (VkCommandBuffer::from_raw(cmd), VkPipelineLayout::from_raw(LAYOUT), [0u32]);
    let stages = VkShaderStageFlags::VK_SHADER_STAGE_VERTEX_BIT;
    let p = data.as_ptr() as *const c_void as usize;
    (
        move || hook!(c, pre "vkCmdPushConstants"(cmd, layout, stages, 0u32, 4u32, p as *const c_void)),
        move || hook!(c, post "vkCmdPushConstants"(cmd, layout, stages, 0u32, 4u32, p as *const c_void)),
    )
}

fn destroy_pipeline_layout(c: &Checks) -> (impl FnOnce() + Send + '_, impl FnOnce() + Send + '_) {
    let (d, layout) = (VkDevice::from_raw(device()), VkPipelineLayout::from_raw(LAYOUT));
    (
        move || hook!(c, pre "vkDestroyPipelineLayout"(d, layout, std::ptr::null::<VkAllocationCallbacks>())),
        move || hook!(c, post "vkDestroyPipelineLayout"(d, layout, std::ptr::null::<VkAllocationCallbacks>())),
    )
}

#[test]
fn shared_objects_reads_meet_writes_either_way_round() {
    let log = Log::default();
    let c = &checks(&log);
    // Two pools: writing a command buffer writes its pool.
    allocate_command_buffers(c, 0x9_0000, &[0x9_0010]);
    allocate_command_buffers(c, 0x9_8000, &[0x9_0020]);
    // Two threads reading one layout: nothing.
    create_pipeline_layout(c);
    let (begin, end) = push_constants(c, 0x9_0010);
    overlapping(begin, end, || {
        let (b, e) = push_constants(c, 0x9_0020);
        b();
        e();
    });
    assert_eq!(log.take(), []);
    // A destroy while another thread's read is published.
    let (begin, end) = push_constants(c, 0x9_0010);
    overlapping(begin, end, || {
        let (b, e) = destroy_pipeline_layout(c);
        b();
        e();
    });
    assert_eq!(log.take(), [(ID_WRITE.to_string(), LAYOUT)]);
    // A read while another thread writes (vkSetEvent writes its event; recording reads it).
    let (d, event) = (VkDevice::from_raw(device()), VkEvent::from_raw(0x9_0200));
    let stage = VkPipelineStageFlags::VK_PIPELINE_STAGE_TRANSFER_BIT;
    let set_event =
        (move || hook!(c, pre "vkSetEvent"(d, event)), move || hook!(c, post "vkSetEvent"(d, event) => SUCCESS));
    overlapping(set_event.0, set_event.1, || {
        let cmd = VkCommandBuffer::from_raw(0x9_0020);
        hook!(c, pre "vkCmdSetEvent"(cmd, event, stage));
        hook!(c, post "vkCmdSetEvent"(cmd, event, stage));
    });
    assert_eq!(log.take(), [(ID_READ.to_string(), 0x9_0200)]);
    // Afterwards, one thread after the other: nothing.
    for (b, e) in [push_constants(c, 0x9_0010), push_constants(c, 0x9_0010)] {
        b();
        e();
    }
    let (b, e) = destroy_pipeline_layout(c);
    b();
    e();
    assert_eq!(log.take(), []);
}

#[test]
fn reads_beyond_a_slot_are_counted_in_their_objects() {
    let log = Log::default();
    let c = checks(&log);
    allocate_command_buffers(&c, 0xa_0000, &[0xa_0010]);
    // More buffers than a slot holds: the first are published, the rest counted in the buffers.
    let buffers: Vec<VkBuffer> = (0..60).map(|i| VkBuffer::from_raw(0xa_1000 + i * 0x10)).collect();
    let offsets = [0u64; 60];
    let (p, o) = (buffers.as_ptr() as usize, offsets.as_ptr() as usize);
    let cmd = VkCommandBuffer::from_raw(0xa_0010);
    let c = &c;
    let begin = move || hook!(c, pre "vkCmdBindVertexBuffers"(cmd, 0u32, 60u32, p as *const VkBuffer, o as *const u64));
    let end = move || hook!(c, post "vkCmdBindVertexBuffers"(cmd, 0u32, 60u32, p as *const VkBuffer, o as *const u64));
    overlapping(begin, end, || {
        let d = VkDevice::from_raw(device());
        for b in [buffers[3], buffers[55]] {
            hook!(c, pre "vkDestroyBuffer"(d, b, std::ptr::null::<VkAllocationCallbacks>()));
            hook!(c, post "vkDestroyBuffer"(d, b, std::ptr::null::<VkAllocationCallbacks>()));
        }
    });
    assert_eq!(
        log.take(),
        [(ID_WRITE.to_string(), buffers[3].as_raw()), (ID_WRITE.to_string(), buffers[55].as_raw())],
        "a published read and a counted one"
    );
}

/// The post-record hook runs after the commands whose outputs `created` may keep (the queues
/// and instances `kept_without_flags` names, the objects `creation_flags` reads flags of), and
/// after no other: the list built when compiled holds exactly those of `BEGINS`.
#[test]
fn the_post_record_hook_runs_after_every_creation_that_keeps_something() {
    for &b in BEGINS {
        let info = &COMMAND_HANDLES[usize::from(b)];
        let param = match info.role {
            Role::Create { param, .. } | Role::Retrieve { param, .. } => param,
            _ => continue,
        };
        let keeps = kept_without_flags(info, param) || b == CREATE_PIPELINE_CACHE || b == GET_DEVICE_QUEUE2;
        assert_eq!(KEEPING.contains(&b), keeps, "{}", info.name);
    }
    let names: Vec<&str> = KEEPING.iter().map(|&c| COMMAND_HANDLES[usize::from(c)].name).collect();
    for name in ["vkCreateInstance", "vkGetDeviceQueue", "vkGetDeviceQueue2", "vkCreatePipelineCache"] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
}

/// The same overlaps are found and reported when thread safety's hook counts every use itself
/// (the walk counting none): the tests above, run that way.
#[test]
fn the_hooks_own_counting_finds_the_same() {
    FUSED.with(|f| f.set(false));
    a_command_buffer_write_writes_its_pool();
    queues_are_written_unless_internally_synchronized();
    a_destroyed_object_is_forgotten();
    descriptor_sets_go_with_their_pool();
    a_value_shared_by_two_live_objects_is_not_counted_and_said_once();
    shared_objects_reads_meet_writes_either_way_round();
    reads_beyond_a_slot_are_counted_in_their_objects();
    FUSED.with(|f| f.set(true));
}

/// The walk counts a draw call's command buffer (and its pool), and a push constant's layout
/// read: thread safety's hook has nothing left (`pre_record_call_in_line`'s test); a call
/// naming a handle the table does not hold leaves it, and what follows, to the hook.
#[test]
fn the_walk_counts_what_it_can_and_leaves_the_rest() {
    let log = Log::default();
    let c = checks(&log);
    allocate_command_buffers(&c, 0xb_0000, &[0xb_0010]);
    create_pipeline_layout(&c);
    let cmd = VkCommandBuffer::from_raw(0xb_0010);
    let layout = VkPipelineLayout::from_raw(LAYOUT);
    let data = [0u8; 4];
    let stages = VkShaderStageFlags::VK_SHADER_STAGE_VERTEX_BIT;
    let args = (cmd, layout, stages, 0u32, 4u32, data.as_ptr() as *const c_void);
    let params = args.addresses();
    let call = enter_call(index("vkCmdPushConstants"), &params);
    let entered = call.entered.as_ref().expect("a thread slot");
    assert!(call.handles.complete());
    assert_eq!(call.handles.named().len(), 2);
    assert!(entered.fused().done(2), "both uses counted by the walk");
    drop(call);
    // An unknown buffer: the walk counts the command buffer, the hook the rest.
    let buffers = [VkBuffer::from_raw(0xb_0900)];
    let offsets = [0u64];
    let args = (cmd, 0u32, 1u32, buffers.as_ptr(), offsets.as_ptr());
    let params = args.addresses();
    let call = enter_call(index("vkCmdBindVertexBuffers"), &params);
    let entered = call.entered.as_ref().expect("a thread slot");
    assert_eq!(entered.fused().to(), 1, "counted up to the unknown buffer");
    assert!(!entered.fused().done(2));
    let cx = call.context(&params, &c.reporter);
    c.pre_record_call(&cx);
    drop(call);
    assert_eq!(log.take(), []);
    // A handle found through a pNext chain (the tables' walk, inside the compiled tree): the
    // walk counts up to it, the hook from it on, even though the tree's own sites follow.
    let d = VkDevice::from_raw(device());
    let none = std::ptr::null::<VkAllocationCallbacks>();
    let (mut render_pass, mut framebuffer) = (VkRenderPass::from_raw(0xb_0a00), VkFramebuffer::from_raw(0xb_0b00));
    let mut view = VkImageView::from_raw(0xb_0c00);
    hook!(c, post "vkCreateRenderPass"(d, &VkRenderPassCreateInfo::default(), none, &mut render_pass) => SUCCESS);
    hook!(c, post "vkCreateFramebuffer"(d, &VkFramebufferCreateInfo::default(), none, &mut framebuffer) => SUCCESS);
    hook!(c, post "vkCreateImageView"(d, &VkImageViewCreateInfo::default(), none, &mut view) => SUCCESS);
    let views = [view];
    let attachments =
        VkRenderPassAttachmentBeginInfo { attachmentCount: 1, pAttachments: views.as_ptr(), ..Default::default() };
    let begin = VkRenderPassBeginInfo {
        pNext: &attachments as *const VkRenderPassAttachmentBeginInfo as *const c_void,
        renderPass: render_pass,
        framebuffer,
        ..Default::default()
    };
    let args = (cmd, &begin as *const VkRenderPassBeginInfo, VkSubpassContents::VK_SUBPASS_CONTENTS_INLINE);
    let params = args.addresses();
    let call = enter_call(index("vkCmdBeginRenderPass"), &params);
    let entered = call.entered.as_ref().expect("a thread slot");
    let found: Vec<u64> = call.handles.named().iter().map(|n| n.handle).collect();
    assert_eq!(found, [0xb_0010, 0xb_0a00, 0xb_0b00, 0xb_0c00], "the command buffer, the begin info's, its chain's");
    assert_eq!(entered.fused().to(), 3, "counted up to the chain's view");
    let cx = call.context(&params, &c.reporter);
    c.pre_record_call(&cx);
    drop(call);
    assert_eq!(log.take(), []);
}
