//! Queue families at submit, through the real loader: lavapipe has one queue family, so the
//! test-only driver shim below Vigil adds a transfer-only second one (`second-queue-family`),
//! whose queue and pools are lavapipe's family 0's. The rules: command buffers of the queue's
//! family, semaphore stage masks it supports, ownership acquires matching a release submitted
//! before them, sparse binding only on a family that has it. Each rule's sample: the invalid call
//! (exact ids, skipped) beside a valid neighbour (nothing reported).

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

const NONE: [&str; 0] = [];

/// A device with a queue of each family, and a pool of each.
struct Fixture {
    ctx: Context,
    /// The transfer-only family's queue.
    transfer_queue: vk::Queue,
    /// Pools of the universal family and of the transfer family.
    universal_pool: vk::CommandPool,
    transfer_pool: vk::CommandPool,
}

impl Fixture {
    fn new() -> Self {
        let entry = VulkanEnv::new().with_vigil_and_shim("second-queue-family").entry();
        let sync2 = vk::PhysicalDeviceVulkan13Features::default().synchronization2(true);
        let ctx = ContextBuilder::new()
            .layers(&[VIGIL_LAYER, SHIM_LAYER])
            .vulkan13_features(sync2)
            .more_queue_families(&[1])
            .build(&entry);
        assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
        ctx.messages.skip_errors(true);
        // SAFETY: lavapipe's physical device and this device's objects.
        unsafe {
            let families = ctx.instance.get_physical_device_queue_family_properties(ctx.physical_device);
            assert_eq!(families.len(), 2, "the shim added no queue family: {families:?}");
            assert_eq!(families[1].queue_flags, vk::QueueFlags::TRANSFER);
            assert_eq!(ctx.queue_family, 0);
            let transfer_queue = ctx.device.get_device_queue(1, 0);
            assert_ne!(transfer_queue, vk::Queue::null());
            let pool = |family| {
                let info = vk::CommandPoolCreateInfo::default()
                    .flags(vk::CommandPoolCreateFlags::RESET_COMMAND_BUFFER)
                    .queue_family_index(family);
                ctx.device.create_command_pool(&info, None).expect("vkCreateCommandPool")
            };
            let (universal_pool, transfer_pool) = (pool(0), pool(1));
            ctx.messages.assert_no_problems("creating the fixture");
            Fixture { ctx, transfer_queue, universal_pool, transfer_pool }
        }
    }

    /// A primary of `pool`, recorded by `record` and ended.
    fn recorded(&self, pool: vk::CommandPool, record: impl FnOnce(vk::CommandBuffer)) -> vk::CommandBuffer {
        let d = &self.ctx.device;
        let info = vk::CommandBufferAllocateInfo::default().command_pool(pool).command_buffer_count(1);
        // SAFETY: objects of this device.
        unsafe {
            let cb = d.allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default()).expect("vkBeginCommandBuffer");
            record(cb);
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            cb
        }
    }

    /// The ids vkQueueSubmit of `cbs` on `queue` reports; the queue is idle after.
    fn submit(&self, queue: vk::Queue, cbs: &[vk::CommandBuffer]) -> Vec<String> {
        self.submit_info(queue, vk::SubmitInfo::default().command_buffers(cbs))
    }

    /// The ids vkQueueSubmit of one batch on `queue` reports; the queue is idle after.
    fn submit_info(&self, queue: vk::Queue, submit: vk::SubmitInfo<'_>) -> Vec<String> {
        let d = &self.ctx.device;
        // SAFETY: objects of this device; an invalid submit is skipped by Vigil.
        let ids = self.ctx.messages.problem_ids_of(|| unsafe {
            let _ = d.queue_submit(queue, &[submit], vk::Fence::null());
        });
        // SAFETY: the queue of this device.
        unsafe { d.queue_wait_idle(queue) }.expect("vkQueueWaitIdle");
        ids
    }

    /// The ids vkQueueSubmit2 of `cbs` on `queue` reports; the queue is idle after.
    fn submit2(&self, queue: vk::Queue, cbs: &[vk::CommandBuffer]) -> Vec<String> {
        let infos: Vec<_> = cbs.iter().map(|&cb| vk::CommandBufferSubmitInfo::default().command_buffer(cb)).collect();
        self.submit2_info(queue, vk::SubmitInfo2::default().command_buffer_infos(&infos))
    }

    /// The ids vkQueueSubmit2 of one batch on `queue` reports; the queue is idle after.
    fn submit2_info(&self, queue: vk::Queue, submit: vk::SubmitInfo2<'_>) -> Vec<String> {
        let d = &self.ctx.device;
        // SAFETY: objects of this device; an invalid submit is skipped by Vigil.
        let ids = self.ctx.messages.problem_ids_of(|| unsafe {
            let _ = d.queue_submit2(queue, &[submit], vk::Fence::null());
        });
        // SAFETY: the queue of this device.
        unsafe { d.queue_wait_idle(queue) }.expect("vkQueueWaitIdle");
        ids
    }

    /// A binary semaphore, signaled by an empty batch on the universal queue.
    fn signaled_semaphore(&self) -> vk::Semaphore {
        let d = &self.ctx.device;
        // SAFETY: objects of this device.
        let semaphore =
            unsafe { d.create_semaphore(&vk::SemaphoreCreateInfo::default(), None) }.expect("vkCreateSemaphore");
        self.signal(semaphore);
        semaphore
    }

    /// Signals `semaphore` with an empty batch on the universal queue.
    fn signal(&self, semaphore: vk::Semaphore) {
        let signals = [semaphore];
        assert_eq!(self.submit_info(self.ctx.queue, vk::SubmitInfo::default().signal_semaphores(&signals)), NONE);
    }
}

impl Drop for Fixture {
    fn drop(&mut self) {
        // SAFETY: objects of this device, idle.
        unsafe {
            let _ = self.ctx.device.device_wait_idle();
            self.ctx.device.destroy_command_pool(self.universal_pool, None);
            self.ctx.device.destroy_command_pool(self.transfer_pool, None);
        }
    }
}

#[test]
fn command_buffers_of_another_familys_pool() {
    let f = Fixture::new();
    let (buffer, memory) = f.ctx.bound_buffer(256, vk::BufferUsageFlags::TRANSFER_DST);
    let d = &f.ctx.device;
    // SAFETY: objects of this device.
    let fill = |pool| f.recorded(pool, |cb| unsafe { d.cmd_fill_buffer(cb, buffer, 0, 256, 7) });
    let (universal, transfer) = (fill(f.universal_pool), fill(f.transfer_pool));
    let (q0, q1) = (f.ctx.queue, f.transfer_queue);
    assert_eq!(f.submit(q1, &[universal]), ["VUID-vkQueueSubmit-pCommandBuffers-00074"]);
    assert_eq!(f.submit(q0, &[universal, transfer]), ["VUID-vkQueueSubmit-pCommandBuffers-00074"]);
    assert_eq!(f.submit2(q1, &[transfer, universal]), ["VUID-vkQueueSubmit2-commandBuffer-03878"]);
    assert_eq!(f.submit(q1, &[transfer]), NONE);
    assert_eq!(f.submit(q0, &[universal]), NONE);
    assert_eq!(f.submit2(q1, &[transfer]), NONE);
    assert_eq!(f.submit2(q0, &[universal]), NONE);
    // SAFETY: objects of this device, idle.
    unsafe {
        d.destroy_buffer(buffer, None);
        d.free_memory(memory, None);
    }
}

/// A primary executes only secondaries of its own pool's queue family.
#[test]
fn secondaries_of_another_familys_pool() {
    let f = Fixture::new();
    let d = &f.ctx.device;
    // SAFETY: objects of this device; the invalid call is skipped by Vigil.
    unsafe {
        let secondary = |pool| {
            let info = vk::CommandBufferAllocateInfo::default()
                .command_pool(pool)
                .level(vk::CommandBufferLevel::SECONDARY)
                .command_buffer_count(1);
            let cb = d.allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
            let inheritance = vk::CommandBufferInheritanceInfo::default();
            let begin = vk::CommandBufferBeginInfo::default().inheritance_info(&inheritance);
            d.begin_command_buffer(cb, &begin).expect("vkBeginCommandBuffer");
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
            cb
        };
        let (universal, transfer) = (secondary(f.universal_pool), secondary(f.transfer_pool));
        let execute = |cb| {
            let mut ids = Vec::new();
            f.recorded(f.universal_pool, |primary| {
                ids = f.ctx.messages.problem_ids_of(|| d.cmd_execute_commands(primary, &[cb]));
            });
            ids
        };
        assert_eq!(execute(transfer), ["VUID-vkCmdExecuteCommands-pCommandBuffers-00094"]);
        assert_eq!(execute(universal), NONE);
    }
}

#[test]
fn semaphore_stage_masks_the_queues_family_cannot_run() {
    let f = Fixture::new();
    let d = &f.ctx.device;
    let semaphore = f.signaled_semaphore();
    let waits = [semaphore];
    let wait = |stage: vk::PipelineStageFlags| {
        let stages = [stage];
        f.submit_info(f.transfer_queue, vk::SubmitInfo::default().wait_semaphores(&waits).wait_dst_stage_mask(&stages))
    };
    assert_eq!(wait(vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT), ["VUID-vkQueueSubmit-pWaitDstStageMask-00066"]);
    assert_eq!(wait(vk::PipelineStageFlags::TRANSFER), NONE);
    f.signal(semaphore);
    let info = |stage| [vk::SemaphoreSubmitInfo::default().semaphore(semaphore).stage_mask(stage)];
    let wait2 = |stage| f.submit2_info(f.transfer_queue, vk::SubmitInfo2::default().wait_semaphore_infos(&info(stage)));
    assert_eq!(wait2(vk::PipelineStageFlags2::FRAGMENT_SHADER), ["VUID-vkQueueSubmit2-stageMask-03870"]);
    assert_eq!(wait2(vk::PipelineStageFlags2::COPY), NONE);
    let signal2 =
        |stage| f.submit2_info(f.transfer_queue, vk::SubmitInfo2::default().signal_semaphore_infos(&info(stage)));
    assert_eq!(signal2(vk::PipelineStageFlags2::COMPUTE_SHADER), ["VUID-vkQueueSubmit2-stageMask-03869"]);
    assert_eq!(signal2(vk::PipelineStageFlags2::ALL_TRANSFER), NONE);
    // On the universal family's queue, every one of those stages runs.
    let info =
        [vk::SemaphoreSubmitInfo::default().semaphore(semaphore).stage_mask(vk::PipelineStageFlags2::FRAGMENT_SHADER)];
    assert_eq!(f.submit2_info(f.ctx.queue, vk::SubmitInfo2::default().wait_semaphore_infos(&info)), NONE);
    // SAFETY: an object of this device, idle.
    unsafe { d.destroy_semaphore(semaphore, None) };
}

/// The universal family (lavapipe's) and the shim's transfer-only one.
const UNIVERSAL: u32 = 0;
const TRANSFER: u32 = 1;

/// A barrier moving the whole of `buffer` from the universal family to the transfer family.
fn buffer_to_transfer_family(buffer: vk::Buffer) -> vk::BufferMemoryBarrier<'static> {
    vk::BufferMemoryBarrier::default()
        .src_queue_family_index(UNIVERSAL)
        .dst_queue_family_index(TRANSFER)
        .buffer(buffer)
        .size(vk::WHOLE_SIZE)
}

#[test]
fn buffer_acquires_need_a_submitted_release() {
    let f = Fixture::new();
    let (buffer, memory) = f.ctx.bound_buffer(256, vk::BufferUsageFlags::TRANSFER_DST);
    let d = &f.ctx.device;
    let (q0, q1) = (f.ctx.queue, f.transfer_queue);
    let deps = vk::DependencyFlags::empty();
    // SAFETY: objects of this device.
    let release = f.recorded(f.universal_pool, |cb| unsafe {
        let barrier = buffer_to_transfer_family(buffer).src_access_mask(vk::AccessFlags::TRANSFER_WRITE);
        let (src, dst) = (vk::PipelineStageFlags::TRANSFER, vk::PipelineStageFlags::BOTTOM_OF_PIPE);
        d.cmd_pipeline_barrier(cb, src, dst, deps, &[], &[barrier], &[]);
    });
    // SAFETY: objects of this device.
    let acquire = f.recorded(f.transfer_pool, |cb| unsafe {
        let barrier = buffer_to_transfer_family(buffer).dst_access_mask(vk::AccessFlags::TRANSFER_WRITE);
        let (src, dst) = (vk::PipelineStageFlags::TOP_OF_PIPE, vk::PipelineStageFlags::TRANSFER);
        d.cmd_pipeline_barrier(cb, src, dst, deps, &[], &[barrier], &[]);
        d.cmd_fill_buffer(cb, buffer, 0, 256, 7);
    });
    assert_eq!(f.submit(q1, &[acquire]), ["VUID-vkQueueSubmit-pSubmits-02207"]);
    assert_eq!(f.submit2(q1, &[acquire]), ["VUID-vkQueueSubmit2-commandBuffer-03879"]);
    // Released earlier in the same call: only the acquire's command buffer is of another family.
    assert_eq!(f.submit(q0, &[release, acquire]), ["VUID-vkQueueSubmit-pCommandBuffers-00074"]);
    assert_eq!(f.submit(q0, &[release]), NONE);
    assert_eq!(f.submit(q1, &[acquire]), NONE);
    // The release was consumed by that acquire.
    assert_eq!(f.submit(q1, &[acquire]), ["VUID-vkQueueSubmit-pSubmits-02207"]);
    assert_eq!(f.submit2(q0, &[release]), NONE);
    assert_eq!(f.submit2(q1, &[acquire]), NONE);
    // SAFETY: objects of this device, idle.
    unsafe {
        d.destroy_buffer(buffer, None);
        d.free_memory(memory, None);
    }
}

#[test]
fn image_acquires_need_a_release_with_the_same_parameters() {
    let f = Fixture::new();
    let d = &f.ctx.device;
    let (q0, q1) = (f.ctx.queue, f.transfer_queue);
    // SAFETY: valid create and allocate infos; the image is bound once.
    let (image, memory) = unsafe {
        let info = vk::ImageCreateInfo::default()
            .image_type(vk::ImageType::TYPE_2D)
            .format(vk::Format::R8G8B8A8_UNORM)
            .extent(vk::Extent3D { width: 16, height: 16, depth: 1 })
            .mip_levels(2)
            .array_layers(1)
            .samples(vk::SampleCountFlags::TYPE_1)
            .usage(vk::ImageUsageFlags::TRANSFER_DST);
        let image = d.create_image(&info, None).expect("vkCreateImage");
        let req = d.get_image_memory_requirements(image);
        let ty = f.ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
        let alloc = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
        let memory = d.allocate_memory(&alloc, None).expect("vkAllocateMemory");
        d.bind_image_memory(image, memory, 0).expect("vkBindImageMemory");
        (image, memory)
    };
    let barrier = |levels: u32| {
        vk::ImageMemoryBarrier2::default()
            .old_layout(vk::ImageLayout::UNDEFINED)
            .new_layout(vk::ImageLayout::TRANSFER_DST_OPTIMAL)
            .src_queue_family_index(UNIVERSAL)
            .dst_queue_family_index(TRANSFER)
            .image(image)
            .subresource_range(vk::ImageSubresourceRange {
                aspect_mask: vk::ImageAspectFlags::COLOR,
                base_mip_level: 0,
                level_count: levels,
                base_array_layer: 0,
                layer_count: 1,
            })
    };
    let record = |pool, barrier: vk::ImageMemoryBarrier2<'static>| {
        let barriers = [barrier];
        // SAFETY: objects of this device.
        f.recorded(pool, |cb| unsafe {
            d.cmd_pipeline_barrier2(cb, &vk::DependencyInfo::default().image_memory_barriers(&barriers))
        })
    };
    let copy = (vk::PipelineStageFlags2::COPY, vk::AccessFlags2::TRANSFER_WRITE);
    let release = |levels| record(f.universal_pool, barrier(levels).src_stage_mask(copy.0).src_access_mask(copy.1));
    let acquire = |levels| record(f.transfer_pool, barrier(levels).dst_stage_mask(copy.0).dst_access_mask(copy.1));
    let (one_level, both_levels) = (release(1), acquire(2));
    assert_eq!(f.submit2(q1, &[both_levels]), ["VUID-vkQueueSubmit2-commandBuffer-03879"]);
    assert_eq!(f.submit2(q0, &[one_level]), NONE);
    // Not the range released.
    assert_eq!(f.submit2(q1, &[both_levels]), ["VUID-vkQueueSubmit2-commandBuffer-03879"]);
    assert_eq!(f.submit2(q1, &[acquire(1)]), NONE);
    // SAFETY: objects of this device, idle.
    unsafe {
        d.destroy_image(image, None);
        d.free_memory(memory, None);
    }
}

#[test]
fn a_secondarys_release_is_its_primarys() {
    let f = Fixture::new();
    let (buffer, memory) = f.ctx.bound_buffer(256, vk::BufferUsageFlags::TRANSFER_DST);
    let d = &f.ctx.device;
    let deps = vk::DependencyFlags::empty();
    // SAFETY: objects of this device.
    let secondary = unsafe {
        let info = vk::CommandBufferAllocateInfo::default()
            .command_pool(f.universal_pool)
            .level(vk::CommandBufferLevel::SECONDARY)
            .command_buffer_count(1);
        let cb = d.allocate_command_buffers(&info).expect("vkAllocateCommandBuffers")[0];
        let inheritance = vk::CommandBufferInheritanceInfo::default();
        d.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default().inheritance_info(&inheritance))
            .expect("vkBeginCommandBuffer");
        let barrier = buffer_to_transfer_family(buffer).src_access_mask(vk::AccessFlags::TRANSFER_WRITE);
        let (src, dst) = (vk::PipelineStageFlags::TRANSFER, vk::PipelineStageFlags::BOTTOM_OF_PIPE);
        d.cmd_pipeline_barrier(cb, src, dst, deps, &[], &[barrier], &[]);
        d.end_command_buffer(cb).expect("vkEndCommandBuffer");
        cb
    };
    // SAFETY: objects of this device.
    let primary = f.recorded(f.universal_pool, |cb| unsafe { d.cmd_execute_commands(cb, &[secondary]) });
    // SAFETY: objects of this device.
    let acquire = f.recorded(f.transfer_pool, |cb| unsafe {
        let barrier = buffer_to_transfer_family(buffer).dst_access_mask(vk::AccessFlags::TRANSFER_WRITE);
        let (src, dst) = (vk::PipelineStageFlags::TOP_OF_PIPE, vk::PipelineStageFlags::TRANSFER);
        d.cmd_pipeline_barrier(cb, src, dst, deps, &[], &[barrier], &[]);
    });
    assert_eq!(f.submit(f.transfer_queue, &[acquire]), ["VUID-vkQueueSubmit-pSubmits-02207"]);
    assert_eq!(f.submit(f.ctx.queue, &[primary]), NONE);
    assert_eq!(f.submit(f.transfer_queue, &[acquire]), NONE);
    // SAFETY: objects of this device, idle.
    unsafe {
        d.destroy_buffer(buffer, None);
        d.free_memory(memory, None);
    }
}

#[test]
fn sparse_binding_needs_a_family_that_has_it() {
    let f = Fixture::new();
    let d = &f.ctx.device;
    let bind = |queue| {
        // SAFETY: a queue of this device; an invalid call is skipped by Vigil.
        let ids = f.ctx.messages.problem_ids_of(|| unsafe {
            let _ = d.queue_bind_sparse(queue, &[], vk::Fence::null());
        });
        // SAFETY: as above.
        unsafe { d.queue_wait_idle(queue) }.expect("vkQueueWaitIdle");
        ids
    };
    assert_eq!(bind(f.transfer_queue), ["VUID-vkQueueBindSparse-queuetype"]);
    // lavapipe's family has sparse binding.
    assert_eq!(bind(f.ctx.queue), NONE);
}

#[test]
fn a_buffer_shared_by_both_families_passes_through() {
    let f = Fixture::new();
    let d = &f.ctx.device;
    let families = [UNIVERSAL, TRANSFER];
    // SAFETY: valid create and allocate infos; the buffer is bound once; objects of this device.
    unsafe {
        let info = vk::BufferCreateInfo::default()
            .size(256)
            .usage(vk::BufferUsageFlags::TRANSFER_DST)
            .sharing_mode(vk::SharingMode::CONCURRENT)
            .queue_family_indices(&families);
        let buffer = d.create_buffer(&info, None).expect("vkCreateBuffer");
        let req = d.get_buffer_memory_requirements(buffer);
        let ty = f.ctx.memory_type(req.memory_type_bits, vk::MemoryPropertyFlags::empty());
        let alloc = vk::MemoryAllocateInfo::default().allocation_size(req.size).memory_type_index(ty);
        let memory = d.allocate_memory(&alloc, None).expect("vkAllocateMemory");
        d.bind_buffer_memory(buffer, memory, 0).expect("vkBindBufferMemory");
        let fill = |pool| f.recorded(pool, |cb| d.cmd_fill_buffer(cb, buffer, 0, 256, 7));
        assert_eq!(f.submit(f.transfer_queue, &[fill(f.transfer_pool)]), NONE);
        assert_eq!(f.submit(f.ctx.queue, &[fill(f.universal_pool)]), NONE);
        f.ctx.messages.assert_no_problems("a concurrent buffer of both families");
        d.destroy_buffer(buffer, None);
        d.free_memory(memory, None);
    }
}

/// A protected submission goes to a queue retrieved as protected-capable, with protected command
/// buffers only: lavapipe has no protected memory, so neither holds here.
#[test]
fn protected_submissions_need_a_protected_queue_and_command_buffers() {
    let f = Fixture::new();
    let queue = f.ctx.queue;
    let cb = f.recorded(f.universal_pool, |_| {});
    let cbs = [cb];
    let mut protected = vk::ProtectedSubmitInfo::default().protected_submit(true);
    let submit = vk::SubmitInfo::default().command_buffers(&cbs).push_next(&mut protected);
    assert_eq!(f.submit_info(queue, submit), ["VUID-vkQueueSubmit-queue-06448", "VUID-VkSubmitInfo-pNext-04148"]);
    let mut unprotected = vk::ProtectedSubmitInfo::default().protected_submit(false);
    assert_eq!(f.submit_info(queue, vk::SubmitInfo::default().command_buffers(&cbs).push_next(&mut unprotected)), NONE);
    let infos = [vk::CommandBufferSubmitInfo::default().command_buffer(cb)];
    let submit2 = vk::SubmitInfo2::default().command_buffer_infos(&infos);
    assert_eq!(
        f.submit2_info(queue, submit2.flags(vk::SubmitFlags::PROTECTED)),
        ["VUID-vkQueueSubmit2-queue-06447", "VUID-VkSubmitInfo2-flags-03886"]
    );
    assert_eq!(f.submit2_info(queue, submit2), NONE);
}
