//! Queue families at submit, through the real loader: lavapipe has one queue family, so the
//! test-only driver shim below Vigil adds a transfer-only second one (`second-queue-family`),
//! whose queue and pools are lavapipe's family 0's. Each rule's sample: the invalid submit
//! (exact ids, skipped) beside a valid neighbour (nothing reported).

use ash::vk;
use vigil_tests::{Context, ContextBuilder, VulkanEnv, SHIM_LAYER, VIGIL_LAYER};

const NONE: [&str; 0] = [];

/// A device with a queue of each family, and a pool of each.
struct Fixture {
    ctx: Context,
    /// The transfer-only family's index and queue.
    transfer_family: u32,
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
            Fixture { ctx, transfer_family: 1, transfer_queue, universal_pool, transfer_pool }
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
        let d = &self.ctx.device;
        let submit = vk::SubmitInfo::default().command_buffers(cbs);
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
        let d = &self.ctx.device;
        let infos: Vec<_> = cbs.iter().map(|&cb| vk::CommandBufferSubmitInfo::default().command_buffer(cb)).collect();
        let submit = vk::SubmitInfo2::default().command_buffer_infos(&infos);
        // SAFETY: objects of this device; an invalid submit is skipped by Vigil.
        let ids = self.ctx.messages.problem_ids_of(|| unsafe {
            let _ = d.queue_submit2(queue, &[submit], vk::Fence::null());
        });
        // SAFETY: the queue of this device.
        unsafe { d.queue_wait_idle(queue) }.expect("vkQueueWaitIdle");
        ids
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
fn the_shims_second_family_runs_transfer_work() {
    let f = Fixture::new();
    let (buffer, memory) = f.ctx.bound_buffer(256, vk::BufferUsageFlags::TRANSFER_DST);
    let d = &f.ctx.device;
    // SAFETY: objects of this device.
    let cb = f.recorded(f.transfer_pool, |cb| unsafe { d.cmd_fill_buffer(cb, buffer, 0, 256, 7) });
    assert_eq!(f.submit(f.transfer_queue, &[cb]), NONE);
    assert_eq!(f.submit2(f.transfer_queue, &[cb]), NONE);
    // SAFETY: objects of this device, idle.
    unsafe {
        d.destroy_buffer(buffer, None);
        d.free_memory(memory, None);
    }
    let _ = f.transfer_family;
}
