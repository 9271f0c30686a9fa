//! Core validation through the real loader on lavapipe.
//!
//! The command-buffer lifecycle: begin,
//! end, reset, free, submit and execute in states the spec forbids (the exact id reported, the
//! call skipped) and their valid neighbours (nothing reported). The stage masks of submitted
//! semaphore waits and signals. Pending ends only where the
//! application observes completion: fences waited for or polled, timeline values waited for,
//! queues and devices waited idle; each of those retires a submission in one of the cases.
//!
//! What recorded commands name is in use by their submissions (destroying or freeing it before
//! the application has seen them complete is reported), and destroying it invalidates the
//! command buffers that name it (submitting or executing one is reported).
//!
//! Image layouts as the tracker follows them: `tracked_layouts` (render pass creation and
//! separate depth/stencil layouts are in `core_layouts`).

use ash::vk;
use vigil_tests::{Context, ContextBuilder, MessageLog, VulkanEnv, VIGIL_LAYER};

mod tracked_layouts;

fn context() -> Context {
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new()
        .layers(&[VIGIL_LAYER])
        .vulkan12_features(
            vk::PhysicalDeviceVulkan12Features::default()
                .timeline_semaphore(true)
                .descriptor_binding_update_unused_while_pending(true)
                .descriptor_binding_partially_bound(true),
        )
        .vulkan13_features(vk::PhysicalDeviceVulkan13Features::default().synchronization2(true).dynamic_rendering(true))
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

    /// A transfer-destination buffer of 256 bytes with its own memory.
    fn buffer_with_memory(&self) -> (vk::Buffer, vk::DeviceMemory) {
        self.ctx.bound_buffer(256, vk::BufferUsageFlags::TRANSFER_SRC | vk::BufferUsageFlags::TRANSFER_DST)
    }

    /// A primary of `pool` that fills `buffer`.
    fn filling(&self, pool: vk::CommandPool, buffer: vk::Buffer) -> vk::CommandBuffer {
        let cb = self.buffer(pool, vk::CommandBufferLevel::PRIMARY);
        self.begin(cb, Usage::empty());
        // SAFETY: a recording command buffer and a live buffer with memory.
        unsafe { self.d().cmd_fill_buffer(cb, buffer, 0, 256, 7) };
        self.end(cb);
        cb
    }

    /// A 16x16 RGBA8 image (transfer destination and source, sampled, color attachment) with its
    /// own memory, in the UNDEFINED layout.
    fn image_with_memory(&self) -> (vk::Image, vk::DeviceMemory) {
        let usage = vk::ImageUsageFlags::TRANSFER_DST
            | vk::ImageUsageFlags::TRANSFER_SRC
            | vk::ImageUsageFlags::SAMPLED
            | vk::ImageUsageFlags::COLOR_ATTACHMENT;
        self.image_of(vk::Format::R8G8B8A8_UNORM, usage, vk::SampleCountFlags::TYPE_1)
    }

    /// An image with its memory (as [`Fixture::image_with_memory`]) and a 2D color view of it.
    fn image_and_view(&self) -> (vk::Image, vk::DeviceMemory, vk::ImageView) {
        let (image, memory) = self.image_with_memory();
        let info = vk::ImageViewCreateInfo::default()
            .image(image)
            .view_type(vk::ImageViewType::TYPE_2D)
            .format(vk::Format::R8G8B8A8_UNORM)
            .subresource_range(COLOR);
        // SAFETY: a valid create info.
        let view = unsafe { self.d().create_image_view(&info, None) }.expect("vkCreateImageView");
        (image, memory, view)
    }

    /// A 16x16 image of `format`, `usage` and `samples` with its own memory, UNDEFINED.
    fn image_of(
        &self,
        format: vk::Format,
        usage: vk::ImageUsageFlags,
        samples: vk::SampleCountFlags,
    ) -> (vk::Image, vk::DeviceMemory) {
        let info = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(format)
            .extent(vk::Extent3D { width: 16, height: 16, depth: 1 })
            .mip_levels(1)
            .array_layers(1)
            .samples(samples)
            .tiling(vk::ImageTiling::OPTIMAL)
            .usage(usage);
        // SAFETY: valid create and allocate infos; the memory type fits the requirements.
        unsafe {
            let image = self.d().create_image(&info, None).expect("vkCreateImage");
            let req = self.d().get_image_memory_requirements(image);
            let ty = self.ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
            let alloc = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
            let memory = self.d().allocate_memory(&alloc, None).expect("vkAllocateMemory");
            self.d().bind_image_memory(image, memory, 0).expect("vkBindImageMemory");
            (image, memory)
        }
    }

    /// A 2D view of all of `image`'s `aspect`.
    fn view_of(&self, image: vk::Image, format: vk::Format, aspect: vk::ImageAspectFlags) -> vk::ImageView {
        let info = vk::ImageViewCreateInfo::default()
            .image(image)
            .view_type(vk::ImageViewType::TYPE_2D)
            .format(format)
            .subresource_range(vk::ImageSubresourceRange { aspect_mask: aspect, ..COLOR });
        // SAFETY: a valid create info for a live image.
        unsafe { self.d().create_image_view(&info, None) }.expect("vkCreateImageView")
    }

    /// Records a layout transition of the whole (one-subresource) color `image`.
    fn transition(&self, cb: vk::CommandBuffer, image: vk::Image, old: vk::ImageLayout, new: vk::ImageLayout) {
        let barrier = image_barrier(image, old, new);
        // SAFETY: a recording command buffer and a live image.
        unsafe {
            self.d().cmd_pipeline_barrier(
                cb,
                vk::PipelineStageFlags::ALL_COMMANDS,
                vk::PipelineStageFlags::ALL_COMMANDS,
                vk::DependencyFlags::empty(),
                &[],
                &[],
                &[barrier],
            )
        };
    }

    /// A primary of `pool` that transitions `image` from `old` to `new`.
    fn transitioning(
        &self,
        pool: vk::CommandPool,
        image: vk::Image,
        old: vk::ImageLayout,
        new: vk::ImageLayout,
    ) -> vk::CommandBuffer {
        let cb = self.buffer(pool, vk::CommandBufferLevel::PRIMARY);
        self.begin(cb, Usage::empty());
        self.transition(cb, image, old, new);
        self.end(cb);
        cb
    }

    /// `cb`, submitted alone, expects `image` in a layout it is not in (it is in `from`); after
    /// a transition from `from` to `to` submitted before it in the same call, it is valid.
    fn expects_another_layout(
        &self,
        pool: vk::CommandPool,
        image: vk::Image,
        cb: vk::CommandBuffer,
        (from, to): (vk::ImageLayout, vk::ImageLayout),
    ) {
        let ids = self.ids(|| {
            let _ = self.submit(cb, vk::Fence::null());
        });
        assert_eq!(ids, ["UNASSIGNED-CoreValidation-DrawState-InvalidImageLayout"]);
        let before = self.transitioning(pool, image, from, to);
        assert_eq!(self.ids(|| self.submit_all(&[before, cb]).expect("vkQueueSubmit")), NONE);
        self.wait_idle();
    }

    fn submit_all(&self, cbs: &[vk::CommandBuffer]) -> Result<(), vk::Result> {
        // SAFETY: valid submit info; invalid ones are skipped by Vigil.
        unsafe {
            self.d().queue_submit(self.ctx.queue, &[vk::SubmitInfo::default().command_buffers(cbs)], vk::Fence::null())
        }
    }

    fn wait(&self, fence: vk::Fence) {
        // SAFETY: a fence of this device, submitted.
        unsafe { self.d().wait_for_fences(&[fence], true, u64::MAX) }.expect("vkWaitForFences");
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

/// A barrier transitioning the color subresource of a one-level, one-layer image.
fn image_barrier(image: vk::Image, old: vk::ImageLayout, new: vk::ImageLayout) -> vk::ImageMemoryBarrier<'static> {
    vk::ImageMemoryBarrier::default()
        .image(image)
        .old_layout(old)
        .new_layout(new)
        .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
        .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
        .subresource_range(COLOR)
}

const COLOR: vk::ImageSubresourceRange = vk::ImageSubresourceRange {
    aspect_mask: vk::ImageAspectFlags::COLOR,
    base_mip_level: 0,
    level_count: 1,
    base_array_layer: 0,
    layer_count: 1,
};

use vk::CommandBufferUsageFlags as Usage;
use vk::CommandPoolCreateFlags as PoolFlags;
use vk::ImageLayout as Layout;

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
fn executing_a_secondary_twice_without_simultaneous_use() {
    let f = Fixture::new();
    let d = f.d();
    let pool = f.pool(PoolFlags::RESET_COMMAND_BUFFER);
    let recorded = |usage| {
        let s = f.buffer(pool, vk::CommandBufferLevel::SECONDARY);
        f.begin(s, usage);
        f.end(s);
        s
    };
    let (once, shared) = (recorded(Usage::empty()), recorded(Usage::SIMULTANEOUS_USE));
    let primary = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(primary, Usage::empty());
    // SAFETY (whole test): recording commands with live objects; invalid ones are skipped.
    // Twice in one call, then again after an earlier call executed it.
    let ids = f.ids(|| unsafe { d.cmd_execute_commands(primary, &[once, once]) });
    assert_eq!(ids, ["VUID-vkCmdExecuteCommands-pCommandBuffers-00093"]);
    assert_eq!(f.ids(|| unsafe { d.cmd_execute_commands(primary, &[once]) }), NONE);
    let ids = f.ids(|| unsafe { d.cmd_execute_commands(primary, &[once]) });
    assert_eq!(ids, ["VUID-vkCmdExecuteCommands-pCommandBuffers-00092"]);
    // With simultaneous use, both are valid.
    assert_eq!(f.ids(|| unsafe { d.cmd_execute_commands(primary, &[shared, shared]) }), NONE);
    assert_eq!(f.ids(|| unsafe { d.cmd_execute_commands(primary, &[shared]) }), NONE);
    f.end(primary);
    // A new recording of the primary has executed nothing yet.
    f.begin(primary, Usage::empty());
    assert_eq!(f.ids(|| unsafe { d.cmd_execute_commands(primary, &[once]) }), NONE);
    f.end(primary);
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

#[test]
fn destroying_a_buffer_or_freeing_its_memory_while_a_pending_submission_uses_them() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::empty());
    let (buffer, memory) = f.buffer_with_memory();
    let cb = f.filling(pool, buffer);
    let fence = f.fence();
    f.submit(cb, fence).expect("vkQueueSubmit");
    // SAFETY (whole test): the invalid destroy is skipped by Vigil.
    let ids = f.ids(|| unsafe { f.d().destroy_buffer(buffer, None) });
    assert_eq!(ids, ["VUID-vkDestroyBuffer-buffer-00922"]);
    // Its memory is in use through it.
    let ids = f.ids(|| unsafe { f.d().free_memory(memory, None) });
    assert_eq!(ids, ["VUID-vkFreeMemory-memory-00677"]);
    // The fence shows the submission complete: the buffer may go, and its memory.
    f.wait(fence);
    assert_eq!(f.ids(|| unsafe { f.d().destroy_buffer(buffer, None) }), NONE);
    assert_eq!(f.ids(|| unsafe { f.d().free_memory(memory, None) }), NONE);
}

#[test]
fn destroying_an_image_or_view_pending_rendering_uses_through_the_view_or_a_framebuffer() {
    let f = Fixture::new();
    let d = f.d();
    let (image, memory, view) = f.image_and_view();
    let pool = f.pool(PoolFlags::empty());
    // Records `record` into a new command buffer and submits it: the fence to wait for.
    let submitted = |record: &dyn Fn(vk::CommandBuffer)| {
        let cb = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
        f.begin(cb, Usage::empty());
        record(cb);
        f.end(cb);
        let fence = f.fence();
        f.submit(cb, fence).expect("vkQueueSubmit");
        fence
    };
    // SAFETY (whole test): valid create infos and recordings; the invalid destroys are skipped by
    // Vigil.
    // The layout transition goes first, on its own: the rendering names only the view.
    f.wait(submitted(&|cb| f.transition(cb, image, Layout::UNDEFINED, Layout::COLOR_ATTACHMENT_OPTIMAL)));
    let area = vk::Rect2D { offset: vk::Offset2D::default(), extent: vk::Extent2D { width: 16, height: 16 } };
    let color = [vk::RenderingAttachmentInfo::default()
        .image_view(view)
        .image_layout(Layout::COLOR_ATTACHMENT_OPTIMAL)
        .load_op(vk::AttachmentLoadOp::LOAD)
        .store_op(vk::AttachmentStoreOp::STORE)];
    let rendering = vk::RenderingInfo::default().render_area(area).layer_count(1).color_attachments(&color);
    let fence = submitted(&|cb| unsafe {
        d.cmd_begin_rendering(cb, &rendering);
        d.cmd_end_rendering(cb);
    });
    let ids = f.ids(|| unsafe { d.destroy_image(image, None) });
    assert_eq!(ids, ["VUID-vkDestroyImage-image-01000"]);
    f.wait(fence);

    // A render pass instance names the framebuffer, not the image or its view.
    let attachment = [vk::AttachmentDescription::default()
        .format(vk::Format::R8G8B8A8_UNORM)
        .samples(vk::SampleCountFlags::TYPE_1)
        .load_op(vk::AttachmentLoadOp::CLEAR)
        .store_op(vk::AttachmentStoreOp::STORE)
        .stencil_load_op(vk::AttachmentLoadOp::DONT_CARE)
        .stencil_store_op(vk::AttachmentStoreOp::DONT_CARE)
        .initial_layout(Layout::UNDEFINED)
        .final_layout(Layout::COLOR_ATTACHMENT_OPTIMAL)];
    let color_ref = [vk::AttachmentReference { attachment: 0, layout: Layout::COLOR_ATTACHMENT_OPTIMAL }];
    let subpass = [vk::SubpassDescription::default()
        .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
        .color_attachments(&color_ref)];
    let info = vk::RenderPassCreateInfo::default().attachments(&attachment).subpasses(&subpass);
    let render_pass = unsafe { d.create_render_pass(&info, None) }.expect("vkCreateRenderPass");
    let views = [view];
    let fb_info = vk::FramebufferCreateInfo::default()
        .render_pass(render_pass)
        .attachments(&views)
        .width(16)
        .height(16)
        .layers(1);
    let framebuffer = unsafe { d.create_framebuffer(&fb_info, None) }.expect("vkCreateFramebuffer");
    let clear = [vk::ClearValue { color: vk::ClearColorValue { float32: [0.0; 4] } }];
    let begin = vk::RenderPassBeginInfo::default()
        .render_pass(render_pass)
        .framebuffer(framebuffer)
        .render_area(area)
        .clear_values(&clear);
    let fence = submitted(&|cb| unsafe {
        d.cmd_begin_render_pass(cb, &begin, vk::SubpassContents::INLINE);
        d.cmd_end_render_pass(cb);
    });
    let ids = f.ids(|| unsafe { d.destroy_image(image, None) });
    assert_eq!(ids, ["VUID-vkDestroyImage-image-01000"]);
    let ids = f.ids(|| unsafe { d.destroy_image_view(view, None) });
    assert_eq!(ids, ["VUID-vkDestroyImageView-imageView-01026"]);
    // Once the fence shows the render pass complete, all of it may go.
    f.wait(fence);
    let ids = f.ids(|| unsafe {
        d.destroy_framebuffer(framebuffer, None);
        d.destroy_image_view(view, None);
        d.destroy_image(image, None);
        d.destroy_render_pass(render_pass, None);
    });
    assert_eq!(ids, NONE);
    unsafe { d.free_memory(memory, None) };
}

#[test]
fn destroying_events_and_query_pools_a_pending_submission_uses() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::empty());
    // SAFETY (whole test): valid create infos; the invalid destroys are skipped by Vigil.
    let event = unsafe { f.d().create_event(&vk::EventCreateInfo::default(), None) }.expect("vkCreateEvent");
    let info = vk::QueryPoolCreateInfo::default().query_type(vk::QueryType::OCCLUSION).query_count(1);
    let queries = unsafe { f.d().create_query_pool(&info, None) }.expect("vkCreateQueryPool");
    let cb = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(cb, Usage::empty());
    unsafe {
        f.d().cmd_set_event(cb, event, vk::PipelineStageFlags::TRANSFER);
        f.d().cmd_reset_query_pool(cb, queries, 0, 1);
    }
    f.end(cb);
    f.submit(cb, vk::Fence::null()).expect("vkQueueSubmit");
    let ids = f.ids(|| unsafe { f.d().destroy_event(event, None) });
    assert_eq!(ids, ["VUID-vkDestroyEvent-event-01145"]);
    let ids = f.ids(|| unsafe { f.d().destroy_query_pool(queries, None) });
    assert_eq!(ids, ["VUID-vkDestroyQueryPool-queryPool-00793"]);
    f.wait_idle();
    assert_eq!(f.ids(|| unsafe { f.d().destroy_event(event, None) }), NONE);
    assert_eq!(f.ids(|| unsafe { f.d().destroy_query_pool(queries, None) }), NONE);
}

#[test]
fn freeing_descriptor_sets_a_pending_submission_binds() {
    let f = Fixture::new();
    let d = f.d();
    let bindings = [vk::DescriptorSetLayoutBinding::default()
        .binding(0)
        .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
        .descriptor_count(1)
        .stage_flags(vk::ShaderStageFlags::COMPUTE)];
    // SAFETY (whole test): valid create infos; the invalid calls are skipped by Vigil.
    let set_layout = unsafe {
        d.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None)
    }
    .expect("vkCreateDescriptorSetLayout");
    let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 1 }];
    let info = vk::DescriptorPoolCreateInfo::default()
        .flags(vk::DescriptorPoolCreateFlags::FREE_DESCRIPTOR_SET)
        .max_sets(1)
        .pool_sizes(&sizes);
    let descriptor_pool = unsafe { d.create_descriptor_pool(&info, None) }.expect("vkCreateDescriptorPool");
    let layouts = [set_layout];
    let alloc = vk::DescriptorSetAllocateInfo::default().descriptor_pool(descriptor_pool).set_layouts(&layouts);
    let sets = unsafe { d.allocate_descriptor_sets(&alloc) }.expect("vkAllocateDescriptorSets");
    let layout =
        unsafe { d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&layouts), None) }
            .expect("vkCreatePipelineLayout");
    let pool = f.pool(PoolFlags::empty());
    let cb = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(cb, Usage::empty());
    unsafe { d.cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::COMPUTE, layout, 0, &sets, &[]) };
    f.end(cb);
    let fence = f.fence();
    f.submit(cb, fence).expect("vkQueueSubmit");
    let ids = f.ids(|| {
        let _ = unsafe { d.free_descriptor_sets(descriptor_pool, &sets) };
    });
    assert_eq!(ids, ["VUID-vkFreeDescriptorSets-pDescriptorSets-00309"]);
    let ids = f.ids(|| unsafe { d.destroy_descriptor_pool(descriptor_pool, None) });
    assert_eq!(ids, ["VUID-vkDestroyDescriptorPool-descriptorPool-00303"]);
    f.wait(fence);
    assert_eq!(
        f.ids(|| unsafe { d.free_descriptor_sets(descriptor_pool, &sets) }.expect("vkFreeDescriptorSets")),
        NONE
    );
    assert_eq!(f.ids(|| unsafe { d.destroy_descriptor_pool(descriptor_pool, None) }), NONE);
    unsafe {
        d.destroy_pipeline_layout(layout, None);
        d.destroy_descriptor_set_layout(set_layout, None);
    }
}

#[test]
fn destroying_what_a_descriptor_set_a_pending_submission_binds_holds() {
    let f = Fixture::new();
    let d = f.d();
    let binding = |n: u32, ty: vk::DescriptorType| {
        vk::DescriptorSetLayoutBinding::default()
            .binding(n)
            .descriptor_type(ty)
            .descriptor_count(1)
            .stage_flags(vk::ShaderStageFlags::COMPUTE)
    };
    let bindings = [
        binding(0, vk::DescriptorType::STORAGE_BUFFER),
        binding(1, vk::DescriptorType::COMBINED_IMAGE_SAMPLER),
        binding(2, vk::DescriptorType::SAMPLER),
        binding(3, vk::DescriptorType::UNIFORM_TEXEL_BUFFER),
        // Only what the shaders dynamically use of it must stay valid while pending.
        binding(4, vk::DescriptorType::STORAGE_BUFFER),
    ];
    let flags = [
        vk::DescriptorBindingFlags::empty(),
        vk::DescriptorBindingFlags::empty(),
        vk::DescriptorBindingFlags::empty(),
        vk::DescriptorBindingFlags::empty(),
        vk::DescriptorBindingFlags::UPDATE_UNUSED_WHILE_PENDING,
    ];
    let mut binding_flags = vk::DescriptorSetLayoutBindingFlagsCreateInfo::default().binding_flags(&flags);
    let layout_info = vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings).push_next(&mut binding_flags);
    // SAFETY (whole test): valid create infos, writes and recordings; the invalid destroys are
    // skipped by Vigil.
    let set_layout =
        unsafe { d.create_descriptor_set_layout(&layout_info, None) }.expect("vkCreateDescriptorSetLayout");
    let sizes = [
        vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 2 },
        vk::DescriptorPoolSize { ty: vk::DescriptorType::COMBINED_IMAGE_SAMPLER, descriptor_count: 1 },
        vk::DescriptorPoolSize { ty: vk::DescriptorType::SAMPLER, descriptor_count: 1 },
        vk::DescriptorPoolSize { ty: vk::DescriptorType::UNIFORM_TEXEL_BUFFER, descriptor_count: 1 },
    ];
    let pool_info = vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes);
    let descriptor_pool = unsafe { d.create_descriptor_pool(&pool_info, None) }.expect("vkCreateDescriptorPool");
    let layouts = [set_layout];
    let alloc = vk::DescriptorSetAllocateInfo::default().descriptor_pool(descriptor_pool).set_layouts(&layouts);
    let set = unsafe { d.allocate_descriptor_sets(&alloc) }.expect("vkAllocateDescriptorSets")[0];
    let layout =
        unsafe { d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&layouts), None) }
            .expect("vkCreatePipelineLayout");

    let usage = vk::BufferUsageFlags::STORAGE_BUFFER | vk::BufferUsageFlags::UNIFORM_TEXEL_BUFFER;
    let (buffer, memory) = f.ctx.bound_buffer(256, usage);
    let (replaced, replaced_memory) = f.ctx.bound_buffer(256, usage);
    let (unused, unused_memory) = f.ctx.bound_buffer(256, usage);
    let view_info = vk::BufferViewCreateInfo::default().buffer(buffer).format(vk::Format::R32_SFLOAT).range(256);
    let texels = unsafe { d.create_buffer_view(&view_info, None) }.expect("vkCreateBufferView");
    let (image, image_memory, view) = f.image_and_view();
    let sampler = unsafe { d.create_sampler(&vk::SamplerCreateInfo::default(), None) }.expect("vkCreateSampler");
    let combined = unsafe { d.create_sampler(&vk::SamplerCreateInfo::default(), None) }.expect("vkCreateSampler");
    let whole = |b: vk::Buffer| [vk::DescriptorBufferInfo { buffer: b, offset: 0, range: vk::WHOLE_SIZE }];
    let write = |n: u32, ty: vk::DescriptorType| {
        vk::WriteDescriptorSet::default().dst_set(set).dst_binding(n).descriptor_type(ty)
    };
    let (first, second, fourth) = (whole(replaced), whole(buffer), whole(unused));
    let image_info = [vk::DescriptorImageInfo {
        sampler: combined,
        image_view: view,
        image_layout: vk::ImageLayout::SHADER_READ_ONLY_OPTIMAL,
    }];
    let sampler_info = [vk::DescriptorImageInfo { sampler, ..Default::default() }];
    let texel_views = [texels];
    // Binding 0 holds `replaced` first, then `buffer`: only `buffer` is in use once bound.
    unsafe {
        d.update_descriptor_sets(&[write(0, vk::DescriptorType::STORAGE_BUFFER).buffer_info(&first)], &[]);
        d.update_descriptor_sets(
            &[
                write(0, vk::DescriptorType::STORAGE_BUFFER).buffer_info(&second),
                write(1, vk::DescriptorType::COMBINED_IMAGE_SAMPLER).image_info(&image_info),
                write(2, vk::DescriptorType::SAMPLER).image_info(&sampler_info),
                write(3, vk::DescriptorType::UNIFORM_TEXEL_BUFFER).texel_buffer_view(&texel_views),
                write(4, vk::DescriptorType::STORAGE_BUFFER).buffer_info(&fourth),
            ],
            &[],
        );
    }
    let pool = f.pool(PoolFlags::empty());
    let cb = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(cb, Usage::empty());
    unsafe { d.cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::COMPUTE, layout, 0, &[set], &[]) };
    f.end(cb);
    // Before the submission nothing is in use.
    assert_eq!(f.ids(|| unsafe { d.destroy_buffer(replaced, None) }), NONE);
    let fence = f.fence();
    f.submit(cb, fence).expect("vkQueueSubmit");

    let ids = f.ids(|| unsafe { d.destroy_buffer(buffer, None) });
    assert_eq!(ids, ["VUID-vkDestroyBuffer-buffer-00922"]);
    let ids = f.ids(|| unsafe { d.free_memory(memory, None) });
    assert_eq!(ids, ["VUID-vkFreeMemory-memory-00677"]);
    let ids = f.ids(|| unsafe { d.destroy_buffer_view(texels, None) });
    assert_eq!(ids, ["VUID-vkDestroyBufferView-bufferView-00936"]);
    let ids = f.ids(|| unsafe { d.destroy_image_view(view, None) });
    assert_eq!(ids, ["VUID-vkDestroyImageView-imageView-01026"]);
    let ids = f.ids(|| unsafe { d.destroy_image(image, None) });
    assert_eq!(ids, ["VUID-vkDestroyImage-image-01000"]);
    let ids = f.ids(|| unsafe { d.destroy_sampler(sampler, None) });
    assert_eq!(ids, ["VUID-vkDestroySampler-sampler-01082"]);
    // A combined image sampler's sampler too.
    let ids = f.ids(|| unsafe { d.destroy_sampler(combined, None) });
    assert_eq!(ids, ["VUID-vkDestroySampler-sampler-01082"]);
    // An update-unused-while-pending binding's buffer: nothing recorded uses it.
    assert_eq!(f.ids(|| unsafe { d.destroy_buffer(unused, None) }), NONE);

    // Once the fence shows the submission complete, all of it may go.
    f.wait(fence);
    let ids = f.ids(|| unsafe {
        d.destroy_buffer_view(texels, None);
        d.destroy_buffer(buffer, None);
        d.destroy_sampler(sampler, None);
        d.destroy_sampler(combined, None);
        d.destroy_image_view(view, None);
        d.destroy_image(image, None);
        for m in [memory, replaced_memory, unused_memory, image_memory] {
            d.free_memory(m, None);
        }
        d.destroy_descriptor_pool(descriptor_pool, None);
        d.destroy_pipeline_layout(layout, None);
        d.destroy_descriptor_set_layout(set_layout, None);
    });
    assert_eq!(ids, NONE);
}

#[test]
fn submitting_a_command_buffer_whose_buffer_was_destroyed() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::RESET_COMMAND_BUFFER);
    let (buffer, memory) = f.buffer_with_memory();
    let cb = f.filling(pool, buffer);
    // Nothing submitted uses it: destroying it is fine, and invalidates the command buffer.
    // SAFETY (whole test): the invalid submits are skipped by Vigil.
    assert_eq!(f.ids(|| unsafe { f.d().destroy_buffer(buffer, None) }), NONE);
    let ids = f.ids(|| assert_eq!(f.submit(cb, vk::Fence::null()), Err(vk::Result::ERROR_VALIDATION_FAILED_EXT)));
    assert_eq!(ids, ["VUID-vkQueueSubmit-pCommandBuffers-00070"]);
    let ids = f.ids(|| {
        let _ = f.submit2(cb);
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit2-commandBuffer-03874"]);
    // Recorded again with a live buffer, it is executable.
    let (other, other_memory) = f.buffer_with_memory();
    f.begin(cb, Usage::empty());
    unsafe { f.d().cmd_fill_buffer(cb, other, 0, 256, 7) };
    f.end(cb);
    assert_eq!(f.ids(|| f.submit(cb, vk::Fence::null()).expect("vkQueueSubmit")), NONE);
    f.wait_idle();
    unsafe {
        f.d().destroy_buffer(other, None);
        f.d().free_memory(other_memory, None);
        f.d().free_memory(memory, None);
    }
}

#[test]
fn executing_and_submitting_a_secondary_whose_buffer_was_destroyed() {
    let f = Fixture::new();
    let pool = f.pool(PoolFlags::empty());
    let (buffer, memory) = f.buffer_with_memory();
    let secondary = f.buffer(pool, vk::CommandBufferLevel::SECONDARY);
    f.begin(secondary, Usage::empty());
    // SAFETY (whole test): live objects; the invalid calls are skipped by Vigil.
    unsafe { f.d().cmd_fill_buffer(secondary, buffer, 0, 256, 7) };
    f.end(secondary);
    // Executed while its buffer lives: valid.
    let primary = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(primary, Usage::empty());
    assert_eq!(f.ids(|| unsafe { f.d().cmd_execute_commands(primary, &[secondary]) }), NONE);
    f.end(primary);
    assert_eq!(f.ids(|| unsafe { f.d().destroy_buffer(buffer, None) }), NONE);
    // The primary recorded before the destroy executes an invalid secondary now.
    let ids = f.ids(|| {
        let _ = f.submit(primary, vk::Fence::null());
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit-pCommandBuffers-00072"]);
    // And no new primary may execute it.
    let another = f.buffer(pool, vk::CommandBufferLevel::PRIMARY);
    f.begin(another, Usage::empty());
    let ids = f.ids(|| unsafe { f.d().cmd_execute_commands(another, &[secondary]) });
    assert_eq!(ids, ["VUID-vkCmdExecuteCommands-pCommandBuffers-00089"]);
    f.end(another);
    unsafe { f.d().free_memory(memory, None) };
}

#[test]
fn submitting_with_a_fence_that_is_signaled_or_still_pending() {
    let f = Fixture::new();
    let d = f.d();
    let pool = f.pool(PoolFlags::empty());
    let cb = f.recorded(pool, Usage::SIMULTANEOUS_USE);
    // SAFETY (whole test): valid create infos; the invalid calls are skipped by Vigil.
    let signaled =
        unsafe { d.create_fence(&vk::FenceCreateInfo::default().flags(vk::FenceCreateFlags::SIGNALED), None) }
            .expect("vkCreateFence");
    let ids = f.ids(|| assert_eq!(f.submit(cb, signaled), Err(vk::Result::ERROR_VALIDATION_FAILED_EXT)));
    assert_eq!(ids, ["VUID-vkQueueSubmit-fence-00063"]);
    // Reset, it may be submitted.
    assert_eq!(f.ids(|| unsafe { d.reset_fences(&[signaled]) }.expect("vkResetFences")), NONE);
    assert_eq!(f.ids(|| f.submit(cb, signaled).expect("vkQueueSubmit")), NONE);
    // Until that submission is seen to complete, it is pending: not submitted, reset or destroyed.
    let ids = f.ids(|| {
        let _ = f.submit(cb, signaled);
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit-fence-00064"]);
    let infos = [vk::CommandBufferSubmitInfo::default().command_buffer(cb)];
    let submit2 = [vk::SubmitInfo2::default().command_buffer_infos(&infos)];
    let ids = f.ids(|| {
        let _ = unsafe { d.queue_submit2(f.ctx.queue, &submit2, signaled) };
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit2-fence-04895"]);
    let ids = f.ids(|| {
        let _ = unsafe { d.reset_fences(&[signaled]) };
    });
    assert_eq!(ids, ["VUID-vkResetFences-pFences-01123"]);
    let ids = f.ids(|| unsafe { d.destroy_fence(signaled, None) });
    assert_eq!(ids, ["VUID-vkDestroyFence-fence-01120"]);
    // Waited for, it is signaled: submitting it again needs a reset first.
    f.wait(signaled);
    let ids = f.ids(|| {
        let _ = unsafe { d.queue_submit2(f.ctx.queue, &submit2, signaled) };
    });
    assert_eq!(ids, ["VUID-vkQueueSubmit2-fence-04894"]);
    assert_eq!(f.ids(|| unsafe { d.reset_fences(&[signaled]) }.expect("vkResetFences")), NONE);
    assert_eq!(f.ids(|| unsafe { d.queue_submit2(f.ctx.queue, &submit2, signaled) }.expect("vkQueueSubmit2")), NONE);
    f.wait(signaled);
    assert_eq!(f.ids(|| unsafe { d.destroy_fence(signaled, None) }), NONE);
}

#[test]
fn binary_semaphores_waited_without_a_signal_or_signaled_twice() {
    let f = Fixture::new();
    let d = f.d();
    // SAFETY (whole test): a valid create info; the invalid submits are skipped by Vigil.
    let s = unsafe { d.create_semaphore(&vk::SemaphoreCreateInfo::default(), None) }.expect("vkCreateSemaphore");
    let (one, stage) = ([s], [vk::PipelineStageFlags::ALL_COMMANDS]);
    let wait = vk::SubmitInfo::default().wait_semaphores(&one).wait_dst_stage_mask(&stage);
    let signal = vk::SubmitInfo::default().signal_semaphores(&one);
    let submit = |batches: &[vk::SubmitInfo<'_>]| {
        let _ = unsafe { d.queue_submit(f.ctx.queue, batches, vk::Fence::null()) };
    };
    // Nothing signals it yet.
    assert_eq!(f.ids(|| submit(&[wait])), ["VUID-vkQueueSubmit-pWaitSemaphores-03238"]);
    // A signal submitted before the wait, in the same call: valid.
    assert_eq!(f.ids(|| submit(&[signal, wait])), NONE);
    // Signaled, then signaled again with no wait between.
    assert_eq!(f.ids(|| submit(&[signal])), NONE);
    assert_eq!(f.ids(|| submit(&[signal])), ["VUID-vkQueueSubmit-pSignalSemaphores-00067"]);
    // vkQueueSubmit2: the wait consumes that signal; a second wait has none.
    let wait_info = [vk::SemaphoreSubmitInfo::default().semaphore(s).stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)];
    let signal_info =
        [vk::SemaphoreSubmitInfo::default().semaphore(s).stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)];
    let wait2 = [vk::SubmitInfo2::default().wait_semaphore_infos(&wait_info)];
    let signal2 = [vk::SubmitInfo2::default().signal_semaphore_infos(&signal_info)];
    let submit2 = |batches: &[vk::SubmitInfo2<'_>]| {
        let _ = unsafe { d.queue_submit2(f.ctx.queue, batches, vk::Fence::null()) };
    };
    assert_eq!(f.ids(|| submit2(&wait2)), NONE);
    assert_eq!(f.ids(|| submit2(&wait2)), ["VUID-vkQueueSubmit2-semaphore-03873"]);
    assert_eq!(f.ids(|| submit2(&signal2)), NONE);
    assert_eq!(f.ids(|| submit2(&signal2)), ["VUID-vkQueueSubmit2-semaphore-03868"]);
    assert_eq!(f.ids(|| submit2(&wait2)), NONE);
    f.wait_idle();
    unsafe { d.destroy_semaphore(s, None) };
}

/// The stage masks of a submission's semaphore waits and signals: no host stage in a wait's
/// destination stages, no stage of a feature that is not enabled (geometry, tessellation,
/// conditional rendering, fragment density maps, transform feedback, mesh and task shaders,
/// shading rate attachments, subpass shading, invocation masks), and
/// without synchronization2 no zero mask and no vkQueueSubmit2.
#[test]
fn submitted_semaphore_stage_masks_name_enabled_stages() {
    let f = Fixture::new();
    let d = f.d();
    // SAFETY (whole test): valid create infos; the invalid submits are skipped by Vigil.
    let s = unsafe { d.create_semaphore(&vk::SemaphoreCreateInfo::default(), None) }.expect("vkCreateSemaphore");
    // A signal of `s` (of `ctx`), then a wait with `mask`: valid but for the mask.
    let wait_on = |ctx: &Context, s: vk::Semaphore, mask: vk::PipelineStageFlags| {
        let (one, stages) = ([s], [mask]);
        let signal = vk::SubmitInfo::default().signal_semaphores(&one);
        let wait = vk::SubmitInfo::default().wait_semaphores(&one).wait_dst_stage_mask(&stages);
        reported(&ctx.messages, || {
            let _ = unsafe { ctx.device.queue_submit(ctx.queue, &[signal, wait], vk::Fence::null()) };
        })
    };
    let wait = |ctx: &Context, mask| wait_on(ctx, s, mask);
    type P = vk::PipelineStageFlags;
    assert_eq!(wait(&f.ctx, P::HOST), ["VUID-VkSubmitInfo-pWaitDstStageMask-00078"]);
    assert_eq!(wait(&f.ctx, P::GEOMETRY_SHADER), ["VUID-VkSubmitInfo-pWaitDstStageMask-04090"]);
    assert_eq!(wait(&f.ctx, P::TESSELLATION_CONTROL_SHADER), ["VUID-VkSubmitInfo-pWaitDstStageMask-04091"]);
    // The stages of features this device does not enable (of extensions it does not enable
    // either: the generated flag rule reports those bits too).
    let features = [
        (P::CONDITIONAL_RENDERING_EXT, "04092"),
        (P::FRAGMENT_DENSITY_PROCESS_EXT, "04093"),
        (P::TRANSFORM_FEEDBACK_EXT, "04094"),
        (P::MESH_SHADER_EXT, "04095"),
        (P::TASK_SHADER_EXT, "04096"),
        (P::FRAGMENT_SHADING_RATE_ATTACHMENT_KHR, "07318"),
    ];
    for (stage, id) in features {
        let ids = [
            "VUID-VkSubmitInfo-pWaitDstStageMask-parameter".to_string(),
            format!("VUID-VkSubmitInfo-pWaitDstStageMask-{id}"),
        ];
        assert_eq!(wait(&f.ctx, stage), ids);
    }
    assert_eq!(wait(&f.ctx, P::FRAGMENT_SHADER), NONE);
    // synchronization2 is enabled: a zero mask is valid.
    assert_eq!(wait(&f.ctx, P::empty()), NONE);
    // vkQueueSubmit2: a signal with `mask`, then a wait.
    let signal2 = |mask: vk::PipelineStageFlags2| {
        let signal = [vk::SemaphoreSubmitInfo::default().semaphore(s).stage_mask(mask)];
        let wait = [vk::SemaphoreSubmitInfo::default().semaphore(s).stage_mask(vk::PipelineStageFlags2::ALL_COMMANDS)];
        let batches = [
            vk::SubmitInfo2::default().signal_semaphore_infos(&signal),
            vk::SubmitInfo2::default().wait_semaphore_infos(&wait),
        ];
        f.ids(|| {
            let _ = unsafe { d.queue_submit2(f.ctx.queue, &batches, vk::Fence::null()) };
        })
    };
    type P2 = vk::PipelineStageFlags2;
    assert_eq!(signal2(P2::GEOMETRY_SHADER), ["VUID-VkSemaphoreSubmitInfo-stageMask-03929"]);
    assert_eq!(signal2(P2::TESSELLATION_EVALUATION_SHADER), ["VUID-VkSemaphoreSubmitInfo-stageMask-03930"]);
    let features = [
        (P2::CONDITIONAL_RENDERING_EXT, "03931"),
        (P2::FRAGMENT_DENSITY_PROCESS_EXT, "03932"),
        (P2::TRANSFORM_FEEDBACK_EXT, "03933"),
        (P2::MESH_SHADER_EXT, "03934"),
        (P2::TASK_SHADER_EXT, "03935"),
        (P2::SUBPASS_SHADER_HUAWEI, "04957"),
        (P2::INVOCATION_MASK_HUAWEI, "04995"),
        (P2::FRAGMENT_SHADING_RATE_ATTACHMENT_KHR, "07316"),
    ];
    for (stage, id) in features {
        let ids = [
            "VUID-VkSemaphoreSubmitInfo-stageMask-parameter".to_string(),
            format!("VUID-VkSemaphoreSubmitInfo-stageMask-{id}"),
        ];
        assert_eq!(signal2(stage), ids);
    }
    assert_eq!(signal2(P2::ALL_COMMANDS), NONE);
    f.wait_idle();

    // Without synchronization2.
    let entry = VulkanEnv::new().with_vigil().entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build(&entry);
    ctx.messages.skip_errors(true);
    let other = unsafe { ctx.device.create_semaphore(&vk::SemaphoreCreateInfo::default(), None) }.expect("semaphore");
    assert_eq!(wait_on(&ctx, other, P::empty()), ["VUID-VkSubmitInfo-pWaitDstStageMask-03937"]);
    assert_eq!(wait_on(&ctx, other, P::ALL_COMMANDS), NONE);
    assert_eq!(
        reported(&ctx.messages, || {
            let _ = unsafe { ctx.device.queue_submit2(ctx.queue, &[], vk::Fence::null()) };
        }),
        ["VUID-vkQueueSubmit2-synchronization2-03866"]
    );
    unsafe {
        ctx.device.queue_wait_idle(ctx.queue).expect("vkQueueWaitIdle");
        ctx.device.destroy_semaphore(other, None);
        d.destroy_semaphore(s, None);
    }
}
