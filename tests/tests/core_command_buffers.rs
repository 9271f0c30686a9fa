//! Core validation of the command-buffer lifecycle through the real loader on lavapipe: begin,
//! end, reset, free, submit and execute in states the spec forbids (the exact id reported, the
//! call skipped) and their valid neighbours (nothing reported). Pending ends only where the
//! application observes completion: fences waited for or polled, timeline values waited for,
//! queues and devices waited idle; each of those retires a submission in one of the cases.

use ash::vk;
use vigil_tests::{Context, ContextBuilder, MessageLog, VulkanEnv, VIGIL_LAYER};

fn context() -> Context {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new()
        .layers(&[VIGIL_LAYER])
        .vulkan12_features(vk::PhysicalDeviceVulkan12Features::default().timeline_semaphore(true))
        .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().synchronization2(true))
        .build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    // Invalid calls are skipped: they never reach lavapipe.
    ctx.messages.skip_errors(true);
    ctx
}

/// Runs `call`, returning the ids Vigil reported as WARNING/ERROR during it.
fn reported(log: &MessageLog, call: impl FnOnce()) -> Vec<String> {
    log.clear();
    call();
    log.problem_ids()
}

const NONE: [&str; 0] = [];

struct Fixture {
    ctx: Context,
}

impl Fixture {
    fn new() -> Self {
        Fixture { ctx: context() }
    }

    fn d(&self) -> &ash::Device {
        &self.ctx.device
    }

    fn ids(&self, call: impl FnOnce()) -> Vec<String> {
        reported(&self.ctx.messages, call)
    }

    fn pool(&self, flags: vk::CommandPoolCreateFlags) -> vk::CommandPool {
        let info = vk::CommandPoolCreateInfo::default().queue_family_index(self.ctx.queue_family).flags(flags);
        // SAFETY: a valid create info.
        unsafe { self.d().create_command_pool(&info, None) }.expect("vkCreateCommandPool")
    }

    fn buffer(&self, pool: vk::CommandPool, level: vk::CommandBufferLevel) -> vk::CommandBuffer {
        let info = vk::CommandBufferAllocateInfo::default().command_pool(pool).level(level).command_buffer_count(1);
        // SAFETY: a live pool of this device.
        unsafe { self.d().allocate_command_buffers(&info) }.expect("vkAllocateCommandBuffers")[0]
    }

    fn begin(&self, cb: vk::CommandBuffer, flags: vk::CommandBufferUsageFlags) {
        let inheritance = vk::CommandBufferInheritanceInfo::default();
        let info = vk::CommandBufferBeginInfo::default().flags(flags).inheritance_info(&inheritance);
        // SAFETY: a command buffer the caller knows may begin.
        unsafe { self.d().begin_command_buffer(cb, &info) }.expect("vkBeginCommandBuffer");
    }

    fn end(&self, cb: vk::CommandBuffer) {
        // SAFETY: a recording command buffer.
        unsafe { self.d().end_command_buffer(cb) }.expect("vkEndCommandBuffer");
    }

    /// A recorded (executable) primary of `pool`, begun with `flags`.
    fn recorded(&self, pool: vk::CommandPool, flags: vk::CommandBufferUsageFlags) -> vk::CommandBuffer {
        let cb = self.buffer(pool, vk::CommandBufferLevel::PRIMARY);
        self.begin(cb, flags);
        self.end(cb);
        cb
    }

    fn submit(&self, cb: vk::CommandBuffer, fence: vk::Fence) -> Result<(), vk::Result> {
        let cbs = [cb];
        // SAFETY: valid submit info; invalid ones are skipped by Vigil.
        unsafe { self.d().queue_submit(self.ctx.queue, &[vk::SubmitInfo::default().command_buffers(&cbs)], fence) }
    }

    fn submit2(&self, cb: vk::CommandBuffer) -> Result<(), vk::Result> {
        let infos = [vk::CommandBufferSubmitInfo::default().command_buffer(cb)];
        let submit = [vk::SubmitInfo2::default().command_buffer_infos(&infos)];
        // SAFETY: valid submit info; invalid ones are skipped by Vigil.
        unsafe { self.d().queue_submit2(self.ctx.queue, &submit, vk::Fence::null()) }
    }

    fn wait_idle(&self) {
        // SAFETY: this context's queue.
        unsafe { self.d().queue_wait_idle(self.ctx.queue) }.expect("vkQueueWaitIdle");
    }

    fn fence(&self) -> vk::Fence {
        // SAFETY: a valid create info.
        unsafe { self.d().create_fence(&vk::FenceCreateInfo::default(), None) }.expect("vkCreateFence")
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        // The cases leave their objects to vkDestroyDevice (reported as leaks, not skipped).
        self.ctx.messages.skip_errors(false);
        // SAFETY: everything submitted completes before the context goes.
        let _ = unsafe { self.ctx.device.device_wait_idle() };
    }
}

use vk::CommandBufferUsageFlags as Usage;
use vk::CommandPoolCreateFlags as PoolFlags;

#[test]
fn beginning_a_pending_command_buffer() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::RESET_COMMAND_BUFFER);
    let cb = f.recorded(pool, Usage::empty());
    f.submit(cb, vk::Fence::null()).expect("vkQueueSubmit");
    let info = vk::CommandBufferBeginInfo::default();
    // SAFETY (whole test): the invalid call is skipped by Vigil.
    let ids = f.ids(|| {
        let r = unsafe { f.d().begin_command_buffer(cb, &info) };
        assert_eq!(r, Err(vk::Result::ERROR_VALIDATION_FAILED_EXT));
    });
    assert_eq!(ids, ["VUID-vkBeginCommandBuffer-commandBuffer-00049"]);
    // Once the queue is waited idle it is executable, and a pool with the reset bit re-begins it.
    f.wait_idle();
    assert_eq!(f.ids(|| f.begin(cb, Usage::empty())), NONE);
    f.end(cb);
}

#[test]
fn beginning_again_without_the_pool_reset_bit() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::empty());
    let cb = f.recorded(pool, Usage::empty());
    let info = vk::CommandBufferBeginInfo::default();
    let ids = f.ids(|| {
        let _ = unsafe { f.d().begin_command_buffer(cb, &info) };
    });
    assert_eq!(ids, ["VUID-vkBeginCommandBuffer-commandBuffer-00050"]);
    // Resetting the pool puts it back in the initial state.
    unsafe { f.d().reset_command_pool(pool, vk::CommandPoolResetFlags::empty()) }.expect("vkResetCommandPool");
    assert_eq!(f.ids(|| f.begin(cb, Usage::empty())), NONE);
    f.end(cb);
}

#[test]
fn ending_a_command_buffer_that_is_not_recording() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::empty());
    let cb = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    let ids = f.ids(|| {
        let _ = unsafe { f.d().end_command_buffer(cb) };
    });
    assert_eq!(ids, ["VUID-vkEndCommandBuffer-commandBuffer-00059"]);
    f.begin(cb, Usage::empty());
    assert_eq!(f.ids(|| f.end(cb)), NONE);
}

#[test]
fn submitting_what_is_not_executable() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::empty());
    let never_recorded = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    let ids =
        f.ids(|| assert_eq!(f.submit(never_recorded, vk::Fence::null()), Err(vk::Result::ERROR_VALIDATION_FAILED_EXT)));
    assert_eq!(ids, ["VUID-vkQueueSubmit-pCommandBuffers-00070"]);
    let ids = f.ids(|| {
        let _ = f.submit2(never_recorded);
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit2-commandBuffer-03874"]);
    let cb = f.recorded(pool, Usage::empty());
    assert_eq!(f.ids(|| f.submit(cb, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
    assert_eq!(f.ids(|| f.submit2(cb).expect("vkQueueSubmit2")), NONE);
    f.wait_idle();
}

#[test]
fn resubmitting_a_pending_command_buffer() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::empty());
    let cb = f.recorded(pool, Usage::empty());
    f.submit(cb, vk::Fence::null()).expect("vkQueueSubmit");
    let ids = f.ids(|| {
        let _ = f.submit(cb, vk::Fence::null());
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit-pCommandBuffers-00071"]);
    let ids = f.ids(|| {
        let _ = f.submit2(cb);
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit2-commandBuffer-03875"]);
    // Recorded for simultaneous use, it may be submitted while pending.
    let simultaneous = f.recorded(pool, Usage::SIMULTANEOUS_USE);
    f.submit(simultaneous, vk::Fence::null()).expect("vkQueueSubmit");
    assert_eq!(f.ids(|| f.submit(simultaneous, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
}

#[test]
fn a_one_time_submit_command_buffer_is_invalid_once_complete() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::empty());
    let once = f.recorded(pool, Usage::ONE_TIME_SUBMIT);
    let again = f.recorded(pool, Usage::empty());
    f.submit(once, vk::Fence::null()).expect("vkQueueSubmit");
    f.submit(again, vk::Fence::null()).expect("vkQueueSubmit");
    f.wait_idle();
    let ids = f.ids(|| {
        let _ = f.submit(once, vk::Fence::null());
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit-pCommandBuffers-00070"]);
    assert!(f.ctx.messages.problems()[0].text.contains("ONE_TIME_SUBMIT"), "{}", f.ctx.messages.problems()[0].text);
    assert_eq!(f.ids(|| f.submit(again, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
}

#[test]
fn resetting_a_pending_command_buffer_until_its_fence_is_waited_for() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::RESET_COMMAND_BUFFER);
    let cb = f.recorded(pool, Usage::empty());
    let fence = f.fence();
    f.submit(cb, fence).expect("vkQueueSubmit");
    let ids = f.ids(|| {
        let _ = unsafe { f.d().reset_command_buffer(cb, vk::CommandBufferResetFlags::empty()) };
    });
    assert_eq!(ids, ["VUID-vkResetCommandBuffer-commandBuffer-00045"]);
    unsafe { f.d().wait_for_fences(&[fence], true, u64::MAX) }.expect("vkWaitForFences");
    let ids = f.ids(|| unsafe { f.d().reset_command_buffer(cb, vk::CommandBufferResetFlags::empty()) }.expect("reset"));
    assert_eq!(ids, NONE);
    unsafe { f.d().destroy_fence(fence, None) };
}

#[test]
fn resetting_a_command_buffer_of_a_pool_without_the_reset_bit() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::empty());
    let cb = f.recorded(pool, Usage::empty());
    let ids = f.ids(|| {
        let _ = unsafe { f.d().reset_command_buffer(cb, vk::CommandBufferResetFlags::empty()) };
    });
    assert_eq!(ids, ["VUID-vkResetCommandBuffer-commandBuffer-00046"]);
    let resettable = f.recorded(f.pool(PoolFlags::RESET_COMMAND_BUFFER), Usage::empty());
    let ids = f.ids(|| {
        unsafe { f.d().reset_command_buffer(resettable, vk::CommandBufferResetFlags::empty()) }.expect("reset")
    });
    assert_eq!(ids, NONE);
}

#[test]
fn resetting_a_pool_until_a_timeline_value_is_waited_for() {
    let f = Fixture::new();
    let d = f.d();
    let pool = f.pool(PoolFlags::empty());
    let cb = f.recorded(pool, Usage::empty());
    let mut timeline =
        vk::SemaphoreTypeCreateInfo::default().semaphore_type(vk::SemaphoreType::TIMELINE).initial_value(0);
    let semaphore = unsafe { d.create_semaphore(&vk::SemaphoreCreateInfo::default().push_next(&mut timeline), None) }
        .expect("vkCreateSemaphore");
    let (cbs, signals, values) = ([cb], [semaphore], [5u64]);
    let mut values_info = vk::TimelineSemaphoreSubmitInfo::default().signal_semaphore_values(&values);
    let submit =
        vk::SubmitInfo::default().command_buffers(&cbs).signal_semaphores(&signals).push_next(&mut values_info);
    unsafe { d.queue_submit(f.ctx.queue, &[submit], vk::Fence::null()) }.expect("vkQueueSubmit");
    let ids = f.ids(|| {
        let _ = unsafe { d.reset_command_pool(pool, vk::CommandPoolResetFlags::empty()) };
    });
    assert_eq!(ids, ["VUID-vkResetCommandPool-commandPool-00040"]);
    // Waiting for a lower value does not cover the submission.
    let low = [4u64];
    let wait = vk::SemaphoreWaitInfo::default().semaphores(&signals).values(&low);
    unsafe { d.wait_semaphores(&wait, u64::MAX) }.expect("vkWaitSemaphores");
    let ids = f.ids(|| {
        let _ = unsafe { d.reset_command_pool(pool, vk::CommandPoolResetFlags::empty()) };
    });
    assert_eq!(ids, ["VUID-vkResetCommandPool-commandPool-00040"]);
    let wait = vk::SemaphoreWaitInfo::default().semaphores(&signals).values(&values);
    unsafe { d.wait_semaphores(&wait, u64::MAX) }.expect("vkWaitSemaphores");
    let ids = f.ids(|| unsafe { d.reset_command_pool(pool, vk::CommandPoolResetFlags::empty()) }.expect("reset"));
    assert_eq!(ids, NONE);
    unsafe { d.destroy_semaphore(semaphore, None) };
}

#[test]
fn freeing_a_pending_command_buffer_until_its_fence_is_polled() {
    let f = Fixture::new();
    let d = f.d();
    let pool = f.pool(PoolFlags::empty());
    let cb = f.recorded(pool, Usage::empty());
    let fence = f.fence();
    f.submit(cb, fence).expect("vkQueueSubmit");
    let ids = f.ids(|| unsafe { d.free_command_buffers(pool, &[cb]) });
    assert_eq!(ids, ["VUID-vkFreeCommandBuffers-pCommandBuffers-00047"]);
    while unsafe { d.get_fence_status(fence) } != Ok(true) {
        std::thread::yield_now();
    }
    assert_eq!(f.ids(|| unsafe { d.free_command_buffers(pool, &[cb]) }), NONE);
    unsafe { d.destroy_fence(fence, None) };
}

#[test]
fn destroying_a_pool_with_a_pending_command_buffer_until_the_device_is_idle() {
    let f = Fixture::new();
    let d = f.d();
    let pool = f.pool(PoolFlags::empty());
    let cb = f.recorded(pool, Usage::empty());
    f.submit(cb, vk::Fence::null()).expect("vkQueueSubmit");
    let ids = f.ids(|| unsafe { d.destroy_command_pool(pool, None) });
    assert_eq!(ids, ["VUID-vkDestroyCommandPool-commandPool-00041"]);
    unsafe { d.device_wait_idle() }.expect("vkDeviceWaitIdle");
    assert_eq!(f.ids(|| unsafe { d.destroy_command_pool(pool, None) }), NONE);
}

#[test]
fn submitting_a_secondary_command_buffer() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::empty());
    let secondary = f.buffer(pool, vk::CommandBufferLevel::SECONDARY);
    f.begin(secondary, Usage::empty());
    f.end(secondary);
    let ids = f.ids(|| {
        let _ = f.submit(secondary, vk::Fence::null());
    });
    assert_eq!(ids, ["VUID-VkSubmitInfo-pCommandBuffers-00075"]);
    let ids = f.ids(|| {
        let _ = f.submit2(secondary);
    });
    assert_eq!(ids, ["VUID-VkCommandBufferSubmitInfo-commandBuffer-03890"]);
}

#[test]
fn executing_secondaries_in_the_states_the_spec_allows() {
    let f = Fixture::new();
    let d = f.d();
    let pool = f.pool(PoolFlags::RESET_COMMAND_BUFFER);
    let secondary = f.buffer(pool, vk::CommandBufferLevel::SECONDARY);
    let primary = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    let other_primary = f.recorded(pool, Usage::empty());
    f.begin(primary, Usage::empty());
    // A primary executed as a secondary, and a secondary never recorded.
    let ids = f.ids(|| unsafe { d.cmd_execute_commands(primary, &[other_primary]) });
    assert_eq!(ids, ["VUID-vkCmdExecuteCommands-pCommandBuffers-00088"]);
    let ids = f.ids(|| unsafe { d.cmd_execute_commands(primary, &[secondary]) });
    assert_eq!(ids, ["VUID-vkCmdExecuteCommands-pCommandBuffers-00089"]);
    f.begin(secondary, Usage::empty());
    f.end(secondary);
    assert_eq!(f.ids(|| unsafe { d.cmd_execute_commands(primary, &[secondary]) }), NONE);
    f.end(primary);
    f.submit(primary, vk::Fence::null()).expect("vkQueueSubmit");
    // The secondary is pending with its primary: another primary may not execute it…
    let second = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(second, Usage::empty());
    let ids = f.ids(|| unsafe { d.cmd_execute_commands(second, &[secondary]) });
    assert_eq!(ids, ["VUID-vkCmdExecuteCommands-pCommandBuffers-00091"]);
    f.end(second);
    f.wait_idle();
    // …and once it is reset, the primary that executed it is invalid.
    unsafe { d.reset_command_buffer(secondary, vk::CommandBufferResetFlags::empty()) }.expect("reset");
    let ids = f.ids(|| {
        let _ = f.submit(primary, vk::Fence::null());
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit-pCommandBuffers-00070"]);
    f.begin(secondary, Usage::empty());
    f.end(secondary);
    f.begin(primary, Usage::empty());
    unsafe { d.cmd_execute_commands(primary, &[secondary]) };
    f.end(primary);
    assert_eq!(f.ids(|| f.submit(primary, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
    // A one-time-submit secondary that completed is invalid: a primary recorded with it before
    // may not be submitted again.
    let once = f.buffer(pool, vk::CommandBufferLevel::SECONDARY);
    f.begin(once, Usage::ONE_TIME_SUBMIT);
    f.end(once);
    let third = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(third, Usage::empty());
    unsafe { d.cmd_execute_commands(third, &[once]) };
    f.end(third);
    f.submit(third, vk::Fence::null()).expect("vkQueueSubmit");
    f.wait_idle();
    let ids = f.ids(|| {
        let _ = f.submit(third, vk::Fence::null());
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit-pCommandBuffers-00072"]);
}

#[test]
fn resubmitting_a_primary_whose_secondary_is_pending() {
    let f = Fixture::new();
    let d = f.d();
    let pool = f.pool(PoolFlags::empty());
    // A primary recorded for simultaneous use, executing `secondary` begun with `usage`.
    let primary_with = |usage: Usage| {
        let secondary = f.buffer(pool, vk::CommandBufferLevel::SECONDARY);
        f.begin(secondary, usage);
        f.end(secondary);
        let primary = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
        f.begin(primary, Usage::SIMULTANEOUS_USE);
        unsafe { d.cmd_execute_commands(primary, &[secondary]) };
        f.end(primary);
        primary
    };
    let primary = primary_with(Usage::empty());
    f.submit(primary, vk::Fence::null()).expect("vkQueueSubmit");
    let ids = f.ids(|| {
        let _ = f.submit(primary, vk::Fence::null());
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit-pCommandBuffers-00073"]);
    let ids = f.ids(|| {
        let _ = f.submit2(primary);
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit2-commandBuffer-03877"]);
    let simultaneous = primary_with(Usage::SIMULTANEOUS_USE);
    f.submit(simultaneous, vk::Fence::null()).expect("vkQueueSubmit");
    assert_eq!(f.ids(|| f.submit2(simultaneous).expect("vkQueueSubmit2")), NONE);
    f.wait_idle();
    // A one-time-submit secondary that completed is invalid (vkQueueSubmit2's rule).
    let once = primary_with(Usage::ONE_TIME_SUBMIT);
    f.submit2(once).expect("vkQueueSubmit2");
    f.wait_idle();
    let ids = f.ids(|| {
        let _ = f.submit2(once);
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit2-commandBuffer-03876"]);
}
