//! Thread safety through the real loader and lavapipe: one thread is held inside a call while
//! another uses the same objects, without relying on a lucky race.
//!
//! The hold: a submitted command buffer waits for an event only the host sets, so a thread
//! that waits for the queue (`vkQueueWaitIdle`, writing the queue) or for the submission's fence
//! (`vkWaitForFences`, reading the fence) stays inside that call until the test sets the event.
//! The test knows the thread is inside once the kernel shows it asleep in a futex wait (its
//! `/proc` state; bounded poll): before the call it runs, and nothing before lavapipe's wait in
//! the call sleeps (Vigil's locks are uncontended here). Nothing sleeps on a guess.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use ash::vk;
use vigil_tests::{Context, ContextBuilder, Message, VulkanEnv, VIGIL_LAYER};

const WRITE: &str = "UNASSIGNED-Threading-MultipleThreads-Write";
const READ: &str = "UNASSIGNED-Threading-MultipleThreads-Read";
/// How long a handshake may take before the test fails instead of hanging.
const PATIENCE: Duration = Duration::from_secs(20);

fn context() -> Context {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    ctx
}

/// The kernel's id of the calling thread, as Vigil names threads.
fn thread_id() -> u32 {
    let link = std::fs::read_link("/proc/thread-self").expect("/proc/thread-self");
    link.file_name().and_then(|n| n.to_str()).and_then(|n| n.parse().ok()).expect("a thread id")
}

/// Whether thread `tid` of this process sleeps in a futex wait.
fn in_futex_wait(tid: u32) -> bool {
    let task = format!("/proc/self/task/{tid}");
    let stat = std::fs::read_to_string(format!("{task}/stat")).unwrap_or_default();
    // The state follows the parenthesized command name, which may itself hold spaces.
    let sleeping = stat.rsplit_once(')').is_some_and(|(_, rest)| rest.trim_start().starts_with('S'));
    let syscall = std::fs::read_to_string(format!("{task}/syscall")).unwrap_or_default();
    // futex(2) is 202 on x86_64; elsewhere the state alone has to do.
    let futex = !cfg!(target_arch = "x86_64") || syscall.split_whitespace().next() == Some("202");
    sleeping && futex
}

/// Polls `done` until it holds; panics after [`PATIENCE`].
fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < PATIENCE, "timed out waiting until {what}");
        std::thread::yield_now();
    }
}

/// Runs its closure when dropped, also when a failed assertion unwinds: a held thread is always
/// let go, so a failing test fails instead of hanging.
struct OnDrop<F: FnMut()>(F);

impl<F: FnMut()> Drop for OnDrop<F> {
    fn drop(&mut self) {
        (self.0)();
    }
}

/// A submission that waits for an event only the host sets.
struct Hold {
    pool: vk::CommandPool,
    cmd: vk::CommandBuffer,
    release: vk::Event,
    fence: vk::Fence,
}

impl Hold {
    fn new(ctx: &Context) -> Hold {
        let d = &ctx.device;
        // SAFETY: plain object creation and recording on this device.
        unsafe {
            let pool = command_pool(ctx);
            let cmd = command_buffer(ctx, pool);
            let release = d.create_event(&vk::EventCreateInfo::default(), None).expect("vkCreateEvent");
            d.begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            let (src, dst) = (vk::PipelineStageFlags::HOST, vk::PipelineStageFlags::TRANSFER);
            d.cmd_wait_events(cmd, &[release], src, dst, &[], &[], &[]);
            d.end_command_buffer(cmd).expect("vkEndCommandBuffer");
            let fence = d.create_fence(&vk::FenceCreateInfo::default(), None).expect("vkCreateFence");
            Hold { pool, cmd, release, fence }
        }
    }

    /// Submits the held work, lets `wait` block on it in another thread, runs `during` once
    /// that thread is inside the call, then releases the work. Returns the waiting thread's id.
    fn during(&self, ctx: &Context, wait: impl FnOnce() + Send, during: impl FnOnce()) -> u32 {
        let d = &ctx.device;
        let cmds = [self.cmd];
        let submit = [vk::SubmitInfo::default().command_buffers(&cmds)];
        // SAFETY: a recorded command buffer, submitted once; the host sets `release` below.
        unsafe { d.queue_submit(ctx.queue, &submit, self.fence) }.expect("vkQueueSubmit");
        let (tx, rx) = mpsc::channel();
        let id = std::thread::scope(|s| {
            s.spawn(move || {
                let _ = tx.send(thread_id());
                wait();
            });
            // SAFETY: the event the held work waits for.
            let _release = OnDrop(|| {
                let _ = unsafe { d.set_event(self.release) };
            });
            let id = rx.recv().expect("the waiting thread's id");
            wait_until("the waiting thread is inside its call", || in_futex_wait(id));
            during();
            id
        });
        // SAFETY: the fence of the submission above.
        unsafe { d.wait_for_fences(&[self.fence], true, u64::MAX) }.expect("vkWaitForFences");
        id
    }

    fn destroy(self, ctx: &Context) {
        let d = &ctx.device;
        // SAFETY: the work finished (`during` waits for the fence).
        unsafe {
            d.destroy_fence(self.fence, None);
            d.destroy_event(self.release, None);
            d.destroy_command_pool(self.pool, None);
        }
    }
}

fn command_pool(ctx: &Context) -> vk::CommandPool {
    let info = vk::CommandPoolCreateInfo::default()
        .queue_family_index(ctx.queue_family)
        .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER);
    // SAFETY: valid create info.
    unsafe { ctx.device.create_command_pool(&info, None) }.expect("vkCreateCommandPool")
}

fn command_buffer(ctx: &Context, pool: vk::CommandPool) -> vk::CommandBuffer {
    let info = vk::CommandBufferAllocateInfo::default()
        .command_pool(pool)
        .level(vk::CommandBufferLevel::PRIMARY)
        .command_buffer_count(1);
    // SAFETY: a pool of this device.
    unsafe { ctx.device.allocate_command_buffers(&info) }.expect("vkAllocateCommandBuffers")[0]
}

/// The one WARNING/ERROR message so far.
fn only_problem(ctx: &Context) -> Message {
    let problems = ctx.messages.problems();
    assert_eq!(problems.len(), 1, "{problems:#?}");
    problems.into_iter().next().expect("one message")
}

/// Asserts `m` is `id` about `object`, naming both threads and both commands.
fn assert_overlap(m: &Message, id: &str, object: (vk::ObjectType, u64), threads: [u32; 2], commands: [&str; 2]) {
    println!("{m}");
    assert_eq!(m.id_name, id, "{m}");
    assert_eq!(m.objects.iter().map(|(t, h, _)| (*t, *h)).collect::<Vec<_>>(), [object], "{m}");
    for t in threads {
        assert!(m.text.contains(&format!("thread {t}")), "thread {t} not named: {m}");
    }
    for c in commands {
        assert!(m.text.contains(c), "{c} not named: {m}");
    }
}

/// Names an object (`vkSetDebugUtilsObjectNameEXT` writes it).
fn name_object<H: vk::Handle>(ctx: &Context, h: H) {
    let utils = ash::ext::debug_utils::Device::new(&ctx.instance, &ctx.device);
    let info = vk::DebugUtilsObjectNameInfoEXT::default().object_handle(h).object_name(c"named");
    // SAFETY: naming a live object of this device.
    unsafe { utils.set_debug_utils_object_name(&info) }.expect("vkSetDebugUtilsObjectNameEXT");
}

fn raw<H: vk::Handle>(h: H) -> u64 {
    h.as_raw()
}

/// Waits for the queue: writes it.
fn wait_idle(ctx: &Context) -> impl FnOnce() + Send + '_ {
    // SAFETY: waiting for the queue; valid, only not synchronized in the negative tests.
    move || unsafe { ctx.device.queue_wait_idle(ctx.queue) }.expect("vkQueueWaitIdle")
}

/// Waits for the fence: reads it.
fn wait_fence<'a>(ctx: &'a Context, hold: &'a Hold) -> impl FnOnce() + Send + 'a {
    // SAFETY: waiting for a fence of a submitted batch.
    move || unsafe { ctx.device.wait_for_fences(&[hold.fence], true, u64::MAX) }.expect("vkWaitForFences")
}

#[test]
fn queue_written_by_two_threads() {
    let ctx = context();
    let hold = Hold::new(&ctx);
    let mut submitter = 0;
    let waiter = hold.during(&ctx, wait_idle(&ctx), || {
        submitter = thread_id();
        // SAFETY: an empty submission; valid, only not synchronized with the wait.
        unsafe { ctx.device.queue_submit(ctx.queue, &[], vk::Fence::null()) }.expect("vkQueueSubmit");
    });
    let m = only_problem(&ctx);
    let object = (vk::ObjectType::QUEUE, raw(ctx.queue));
    assert_overlap(&m, WRITE, object, [submitter, waiter], ["vkQueueSubmit", "vkQueueWaitIdle"]);
    assert!(m.text.contains("writes it in vkQueueWaitIdle"), "{m}");
    hold.destroy(&ctx);
}

/// vkDeviceWaitIdle writes every queue of the device.
#[test]
fn queue_written_while_the_device_is_waited_for() {
    let ctx = context();
    let hold = Hold::new(&ctx);
    let mut submitter = 0;
    // SAFETY: waiting for the device; valid, only not synchronized with the submission.
    let wait = || unsafe { ctx.device.device_wait_idle() }.expect("vkDeviceWaitIdle");
    let waiter = hold.during(&ctx, wait, || {
        submitter = thread_id();
        // SAFETY: an empty submission; valid, only not synchronized with the wait.
        unsafe { ctx.device.queue_submit(ctx.queue, &[], vk::Fence::null()) }.expect("vkQueueSubmit");
    });
    let m = only_problem(&ctx);
    let object = (vk::ObjectType::QUEUE, raw(ctx.queue));
    assert_overlap(&m, WRITE, object, [submitter, waiter], ["vkQueueSubmit", "vkDeviceWaitIdle"]);
    hold.destroy(&ctx);
}

#[test]
fn fence_named_while_waited_for() {
    let ctx = context();
    let hold = Hold::new(&ctx);
    let mut namer = 0;
    let waiter = hold.during(&ctx, wait_fence(&ctx, &hold), || {
        namer = thread_id();
        // Valid, only not synchronized with the wait, which reads the fence.
        name_object(&ctx, hold.fence);
    });
    let m = only_problem(&ctx);
    let object = (vk::ObjectType::FENCE, raw(hold.fence));
    assert_overlap(&m, WRITE, object, [namer, waiter], ["vkSetDebugUtilsObjectNameEXT", "vkWaitForFences"]);
    assert!(m.text.contains("reads it in vkWaitForFences"), "{m}");
    hold.destroy(&ctx);
}

/// A read that begins while another thread writes. No call that blocks on lavapipe writes an
/// object another call only reads, so the writer is held in the test's messenger callback: its
/// `vkQueueSubmit` writes the queue, which a waiting thread holds, and the fence; it reports the
/// queue and stays in the callback, still inside the call, until the test has read the fence.
#[test]
fn fence_read_while_written() {
    let ctx = context();
    let hold = Hold::new(&ctx);
    let d = &ctx.device;
    // SAFETY: valid create info.
    let fence = unsafe { d.create_fence(&vk::FenceCreateInfo::default(), None) }.expect("vkCreateFence");
    ctx.messages.hold_on(WRITE);
    let (mut reader, mut writer) = (0, 0);
    let waiter = hold.during(&ctx, wait_idle(&ctx), || {
        reader = thread_id();
        std::thread::scope(|s| {
            let submitter = s.spawn(|| {
                // SAFETY: an empty submission signalling a fence; valid but for the overlaps.
                unsafe { d.queue_submit(ctx.queue, &[], fence) }.expect("vkQueueSubmit");
                thread_id()
            });
            let _release = OnDrop(|| ctx.messages.release());
            wait_until("the submitting thread is held in the callback", || ctx.messages.holding());
            // SAFETY: reading a fence's status; valid, only not synchronized with the submission.
            let _ = unsafe { d.get_fence_status(fence) };
            ctx.messages.release();
            writer = submitter.join().expect("the submitting thread");
        });
    });
    let problems = ctx.messages.problems();
    assert_eq!(problems.len(), 2, "{problems:#?}");
    let queue = (vk::ObjectType::QUEUE, raw(ctx.queue));
    assert_overlap(&problems[0], WRITE, queue, [writer, waiter], ["vkQueueSubmit", "vkQueueWaitIdle"]);
    let object = (vk::ObjectType::FENCE, raw(fence));
    assert_overlap(&problems[1], READ, object, [reader, writer], ["vkGetFenceStatus", "vkQueueSubmit"]);
    assert!(problems[1].text.contains("writes it in vkQueueSubmit"), "{}", problems[1]);
    // SAFETY: the empty submission finished with the held work (`during` waited for it).
    unsafe {
        d.wait_for_fences(&[fence], true, u64::MAX).expect("vkWaitForFences");
        d.destroy_fence(fence, None);
    }
    hold.destroy(&ctx);
}

#[test]
fn other_objects_meanwhile_are_clean() {
    let ctx = context();
    let hold = Hold::new(&ctx);
    let d = &ctx.device;
    let pool = command_pool(&ctx);
    let cmd = command_buffer(&ctx, pool);
    // SAFETY: a fence of this device, unused elsewhere.
    let fence = unsafe { d.create_fence(&vk::FenceCreateInfo::default(), None) }.expect("vkCreateFence");
    // Another thread waits for the held fence (reading it) while this one reads it too, and
    // makes the same kinds of calls as the negative tests on other objects.
    hold.during(&ctx, wait_fence(&ctx, &hold), || {
        // SAFETY: objects no other thread writes.
        unsafe {
            let _ = d.get_fence_status(hold.fence);
            let _ = d.get_fence_status(fence);
            d.reset_fences(&[fence]).expect("vkResetFences");
            d.begin_command_buffer(cmd, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            d.end_command_buffer(cmd).expect("vkEndCommandBuffer");
        }
        name_object(&ctx, fence);
        name_object(&ctx, cmd);
    });
    ctx.messages.assert_no_problems("other objects used while a submission is held");
    // SAFETY: nothing uses them any more.
    unsafe {
        d.destroy_fence(fence, None);
        d.destroy_command_pool(pool, None);
    }
    hold.destroy(&ctx);
}

#[test]
fn sequential_use_from_two_threads_is_clean() {
    let ctx = context();
    let d = &ctx.device;
    // SAFETY: valid create info.
    let fence = unsafe { d.create_fence(&vk::FenceCreateInfo::default(), None) }.expect("vkCreateFence");
    for _ in 0..2 {
        // One thread after the other, each writing the queue and the fence.
        std::thread::scope(|s| {
            s.spawn(|| {
                // SAFETY: an empty submission signalling an unsignaled fence, then its wait.
                unsafe {
                    d.reset_fences(&[fence]).expect("vkResetFences");
                    d.queue_submit(ctx.queue, &[], fence).expect("vkQueueSubmit");
                    d.wait_for_fences(&[fence], true, u64::MAX).expect("vkWaitForFences");
                    d.queue_wait_idle(ctx.queue).expect("vkQueueWaitIdle");
                }
            });
        });
    }
    ctx.messages.assert_no_problems("the same objects used by two threads one after the other");
    // SAFETY: nothing uses it any more.
    unsafe { d.destroy_fence(fence, None) };
}

/// A viewport of this test's size (`width` 0 is invalid: the held thread's report).
fn viewport(width: f32) -> vk::Viewport {
    vk::Viewport { x: 0.0, y: 0.0, width, height: 16.0, min_depth: 0.0, max_depth: 1.0 }
}

/// Two threads recording command buffers of one pool at once write the pool (its implicit
/// external synchronization), and two recording one command buffer write both. The recording
/// thread holds the pool's lease (Vigil counts nothing in the records for it) and is held in the
/// messenger callback by an invalid viewport, still inside its `vkCmdSetViewport`; this thread's
/// calls find it. One thread after the other, the same calls are clean.
#[test]
fn command_pool_written_by_two_recording_threads() {
    let ctx = context();
    let d = &ctx.device;
    let pool = command_pool(&ctx);
    let (first, second) = (command_buffer(&ctx, pool), command_buffer(&ctx, pool));
    let begin = vk::CommandBufferBeginInfo::default();
    // SAFETY: fresh command buffers of this device.
    unsafe {
        d.begin_command_buffer(first, &begin).expect("vkBeginCommandBuffer");
        d.begin_command_buffer(second, &begin).expect("vkBeginCommandBuffer");
    }
    ctx.messages.assert_no_problems("recording begun");
    // The invalid viewport is reported and the call skipped, not handed to the driver.
    ctx.messages.skip_errors(true);
    ctx.messages.hold_on("VUID-VkViewport-width-01770");
    let (mut me, mut recorder) = (0, 0);
    std::thread::scope(|s| {
        let held = s.spawn(|| {
            // SAFETY: a recording command buffer; the invalid viewport is skipped.
            unsafe { d.cmd_set_viewport(first, 0, &[viewport(0.0)]) };
            thread_id()
        });
        let _release = OnDrop(|| ctx.messages.release());
        wait_until("the recording thread is held in the callback", || ctx.messages.holding());
        me = thread_id();
        // SAFETY: recording command buffers; valid, only not synchronized with the held thread.
        unsafe {
            d.cmd_set_viewport(second, 0, &[viewport(16.0)]);
            d.cmd_set_viewport(first, 0, &[viewport(16.0)]);
        }
        ctx.messages.release();
        recorder = held.join().expect("the recording thread");
    });
    let problems = ctx.messages.problems();
    let ids: Vec<&str> = problems.iter().map(|m| m.id_name.as_str()).collect();
    assert_eq!(ids, ["VUID-VkViewport-width-01770", WRITE, WRITE, WRITE], "{problems:#?}");
    let commands = ["vkCmdSetViewport"; 2];
    let on_pool = (vk::ObjectType::COMMAND_POOL, raw(pool));
    // Another command buffer of the pool: the pool alone.
    assert_overlap(&problems[1], WRITE, on_pool, [me, recorder], commands);
    // The same command buffer: it, and its pool.
    assert_overlap(&problems[2], WRITE, (vk::ObjectType::COMMAND_BUFFER, raw(first)), [me, recorder], commands);
    assert_overlap(&problems[3], WRITE, on_pool, [me, recorder], commands);
    // One thread after the other: the lease moves, nothing overlaps.
    ctx.messages.clear();
    for cmd in [first, second] {
        // SAFETY: recording command buffers, one thread at a time.
        std::thread::scope(|s| {
            s.spawn(|| unsafe { d.cmd_set_viewport(cmd, 0, &[viewport(16.0)]) });
        });
        // SAFETY: as above, on this thread.
        unsafe { d.cmd_set_viewport(cmd, 0, &[viewport(16.0)]) };
    }
    // SAFETY: recording command buffers, ended and freed with their pool.
    unsafe {
        d.end_command_buffer(first).expect("vkEndCommandBuffer");
        d.end_command_buffer(second).expect("vkEndCommandBuffer");
    }
    ctx.messages.assert_no_problems("command buffers of one pool recorded by threads taking turns");
    // SAFETY: nothing uses the pool any more.
    unsafe { d.destroy_command_pool(pool, None) };
}
