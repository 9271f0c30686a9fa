//! Many threads using one device correctly at once, with stateless, object lifetime and thread
//! safety on: no deadlock (the whole run is under a deadline), no false positive (no WARNING or
//! ERROR), no crash. Each thread creates, records, submits and destroys its own objects; the one
//! queue is shared, so submissions are serialized by a mutex, as a correct application must.
//!
//! `VIGIL_STRESS_SECONDS` sets how long the threads work (20 by default, also in CI).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, VIGIL_LAYER};

const THREADS: usize = 8;
const COMMAND_BUFFERS: u32 = 4;
const BUFFER_SIZE: u64 = 4096;
/// Time to finish after the working time is over, before the run counts as deadlocked.
const GRACE: Duration = Duration::from_secs(60);

fn seconds() -> u64 {
    std::env::var("VIGIL_STRESS_SECONDS").ok().and_then(|s| s.parse().ok()).unwrap_or(20)
}

/// What the threads share.
struct Shared {
    ctx: Context,
    /// The queue is externally synchronized: one submission at a time.
    queue: Mutex<vk::Queue>,
    stop: AtomicBool,
    iterations: AtomicU64,
}

/// One round of a thread's own objects: created, recorded, submitted, waited for, destroyed.
fn round(s: &Shared, round: u32) {
    let ctx = &s.ctx;
    let d = &ctx.device;
    // SAFETY: every object is this thread's own and valid when used; the queue is used under
    // its mutex; everything is destroyed after its fence has signaled.
    unsafe {
        let pool_info = vk::CommandPoolCreateInfo::default()
            .queue_family_index(ctx.queue_family)
            .flags(vk::CommandPoolCreateFlags::TRANSIENT);
        let pool = d.create_command_pool(&pool_info, None).expect("vkCreateCommandPool");
        let alloc = vk::CommandBufferAllocateInfo::default()
            .command_pool(pool)
            .level(vk::CommandBufferLevel::PRIMARY)
            .command_buffer_count(COMMAND_BUFFERS);
        let cmds = d.allocate_command_buffers(&alloc).expect("vkAllocateCommandBuffers");

        let buffer_info = vk::BufferCreateInfo::default().size(BUFFER_SIZE).usage(vk::BufferUsageFlags::TRANSFER_DST);
        let buffer = d.create_buffer(&buffer_info, None).expect("vkCreateBuffer");
        let needs = d.get_buffer_memory_requirements(buffer);
        let memory_info = vk::MemoryAllocateInfo::default()
            .allocation_size(needs.size)
            .memory_type_index(ctx.memory_type(needs.memory_type_bits, vk::MemoryPropertyFlags::empty()));
        let memory = d.allocate_memory(&memory_info, None).expect("vkAllocateMemory");
        d.bind_buffer_memory(buffer, memory, 0).expect("vkBindBufferMemory");

        let event = d.create_event(&vk::EventCreateInfo::default(), None).expect("vkCreateEvent");
        d.set_event(event).expect("vkSetEvent");
        let name = vk::DebugUtilsObjectNameInfoEXT::default().object_handle(buffer).object_name(c"stress");
        let utils = ash::ext::debug_utils::Device::new(&ctx.instance, d);
        utils.set_debug_utils_object_name(&name).expect("vkSetDebugUtilsObjectNameEXT");

        for (i, &cmd) in cmds.iter().enumerate() {
            let begin = vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
            d.begin_command_buffer(cmd, &begin).expect("vkBeginCommandBuffer");
            d.cmd_fill_buffer(cmd, buffer, 0, BUFFER_SIZE, round ^ i as u32);
            let barrier = vk::MemoryBarrier::default()
                .src_access_mask(vk::AccessFlags::TRANSFER_WRITE)
                .dst_access_mask(vk::AccessFlags::TRANSFER_WRITE);
            let stage = vk::PipelineStageFlags::TRANSFER;
            d.cmd_pipeline_barrier(cmd, stage, stage, vk::DependencyFlags::empty(), &[barrier], &[], &[]);
            d.end_command_buffer(cmd).expect("vkEndCommandBuffer");
        }
        let fence = d.create_fence(&vk::FenceCreateInfo::default(), None).expect("vkCreateFence");
        let submits = [vk::SubmitInfo::default().command_buffers(&cmds)];
        {
            let queue = s.queue.lock().unwrap_or_else(|p| p.into_inner());
            d.queue_submit(*queue, &submits, fence).expect("vkQueueSubmit");
        }
        d.wait_for_fences(&[fence], true, u64::MAX).expect("vkWaitForFences");
        assert_eq!(d.get_fence_status(fence), Ok(true));

        d.free_command_buffers(pool, &cmds[..2]);
        d.reset_command_pool(pool, vk::CommandPoolResetFlags::empty()).expect("vkResetCommandPool");
        d.destroy_fence(fence, None);
        d.reset_event(event).expect("vkResetEvent");
        d.destroy_event(event, None);
        d.destroy_buffer(buffer, None);
        d.free_memory(memory, None);
        d.destroy_command_pool(pool, None);
    }
}

#[test]
fn eight_threads_create_submit_and_destroy() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    let queue = Mutex::new(ctx.queue);
    let shared = Arc::new(Shared { ctx, queue, stop: AtomicBool::new(false), iterations: AtomicU64::new(0) });
    let working = Duration::from_secs(seconds());

    let (done, finished) = mpsc::channel();
    for t in 0..THREADS {
        let (s, done) = (shared.clone(), done.clone());
        std::thread::Builder::new()
            .name(format!("stress-{t}"))
            .spawn(move || {
                let mut n = 0;
                while !s.stop.load(Ordering::Relaxed) {
                    round(&s, n);
                    n += 1;
                }
                s.iterations.fetch_add(u64::from(n), Ordering::Relaxed);
                let _ = done.send(n);
            })
            .expect("a thread");
    }
    drop(done);
    std::thread::sleep(working);
    shared.stop.store(true, Ordering::Relaxed);
    // A deadlocked (or crashed) thread never reports: the test fails instead of hanging.
    for t in 0..THREADS {
        let n = finished.recv_timeout(GRACE).unwrap_or_else(|e| panic!("thread {t} of {THREADS} never finished: {e}"));
        assert!(n > 0, "a thread finished no round");
    }
    println!("{} rounds in {working:?}", shared.iterations.load(Ordering::Relaxed));
    shared.ctx.messages.assert_no_problems("eight threads using the device correctly");
}
