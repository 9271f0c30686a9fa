//! `dispatch`: one compute pipeline; per iteration: bind the descriptor set, dispatch, a buffer
//! barrier, copy the buffer, another buffer barrier (synchronization2, core in 1.3).

use ash::vk;

use crate::context::Context;
use crate::{section, Workload};

/// Iterations per command buffer.
pub const ITERATIONS: u32 = 2_000;

/// Calls besides the iterations: begin, bind pipeline, end.
const FIXED_CALLS: u64 = 3;
/// Calls per iteration: bind descriptor sets, dispatch, barrier, copy, barrier.
const CALLS_PER_ITERATION: u64 = 5;

/// Bytes in each buffer: one word per invocation of the shader's 64-wide work group.
const BYTES: u64 = 256;

/// The `dispatch` workload.
pub struct Dispatch<'a> {
    ctx: &'a Context,
    iterations: u32,
    /// Read and written by the shader, then copied from.
    data: (vk::Buffer, vk::DeviceMemory),
    /// The copy's destination.
    copy: (vk::Buffer, vk::DeviceMemory),
    set_layout: vk::DescriptorSetLayout,
    descriptor_pool: vk::DescriptorPool,
    set: vk::DescriptorSet,
    layout: vk::PipelineLayout,
    pipeline: vk::Pipeline,
    pool: vk::CommandPool,
    cb: vk::CommandBuffer,
    fence: vk::Fence,
}

impl<'a> Dispatch<'a> {
    /// Creates the buffers, the descriptor set and the compute pipeline.
    pub fn new(ctx: &'a Context, iterations: u32) -> Self {
        let d = &ctx.device;
        let data = ctx.buffer(BYTES, vk::BufferUsageFlags::STORAGE_BUFFER | vk::BufferUsageFlags::TRANSFER_SRC);
        ctx.write(data.1, 0, &[0; BYTES as usize]);
        let copy = ctx.buffer(BYTES, vk::BufferUsageFlags::TRANSFER_DST);

        let bindings = [vk::DescriptorSetLayoutBinding::default()
            .binding(0)
            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
            .descriptor_count(1)
            .stage_flags(vk::ShaderStageFlags::COMPUTE)];
        let set_layout = unsafe {
            d.create_descriptor_set_layout(&vk::DescriptorSetLayoutCreateInfo::default().bindings(&bindings), None)
        }
        .expect("vkCreateDescriptorSetLayout");
        let sizes = [vk::DescriptorPoolSize { ty: vk::DescriptorType::STORAGE_BUFFER, descriptor_count: 1 }];
        let descriptor_pool = unsafe {
            d.create_descriptor_pool(&vk::DescriptorPoolCreateInfo::default().max_sets(1).pool_sizes(&sizes), None)
        }
        .expect("vkCreateDescriptorPool");
        let layouts = [set_layout];
        let alloc = vk::DescriptorSetAllocateInfo::default().descriptor_pool(descriptor_pool).set_layouts(&layouts);
        let set = unsafe { d.allocate_descriptor_sets(&alloc) }.expect("vkAllocateDescriptorSets")[0];
        let info = [vk::DescriptorBufferInfo { buffer: data.0, offset: 0, range: BYTES }];
        let write = vk::WriteDescriptorSet::default()
            .dst_set(set)
            .dst_binding(0)
            .descriptor_type(vk::DescriptorType::STORAGE_BUFFER)
            .buffer_info(&info);
        unsafe { d.update_descriptor_sets(&[write], &[]) };

        let layout =
            unsafe { d.create_pipeline_layout(&vk::PipelineLayoutCreateInfo::default().set_layouts(&layouts), None) }
                .expect("vkCreatePipelineLayout");
        let module = ctx.shader(include_bytes!("../shaders/dispatch.comp.spv"));
        let stage = vk::PipelineShaderStageCreateInfo::default()
            .stage(vk::ShaderStageFlags::COMPUTE)
            .module(module)
            .name(c"main");
        let info = vk::ComputePipelineCreateInfo::default().stage(stage).layout(layout);
        let pipeline = unsafe { d.create_compute_pipelines(vk::PipelineCache::null(), &[info], None) }
            .map_err(|(_, e)| e)
            .expect("vkCreateComputePipelines")[0];
        unsafe { d.destroy_shader_module(module, None) };

        let pool = ctx.command_pool();
        let cb = ctx.command_buffer(pool);
        let fence = unsafe { d.create_fence(&vk::FenceCreateInfo::default(), None) }.expect("vkCreateFence");
        Self { ctx, iterations, data, copy, set_layout, descriptor_pool, set, layout, pipeline, pool, cb, fence }
    }

    /// Records the frame's command buffer: the measured loop.
    fn record(&self) {
        let d = &self.ctx.device;
        let cb = self.cb;
        // The shader's writes become visible to the copy and to the next iteration's dispatch
        // (read-modify-write of the same words).
        let after_dispatch = [vk::BufferMemoryBarrier2::default()
            .src_stage_mask(vk::PipelineStageFlags2::COMPUTE_SHADER)
            .src_access_mask(vk::AccessFlags2::SHADER_STORAGE_WRITE)
            .dst_stage_mask(vk::PipelineStageFlags2::COPY | vk::PipelineStageFlags2::COMPUTE_SHADER)
            .dst_access_mask(
                vk::AccessFlags2::TRANSFER_READ
                    | vk::AccessFlags2::SHADER_STORAGE_READ
                    | vk::AccessFlags2::SHADER_STORAGE_WRITE,
            )
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .buffer(self.data.0)
            .size(vk::WHOLE_SIZE)];
        // Orders the copy's write before the next copy's (write after write on the destination)
        // and, by the stages alone, the copy's read before the next dispatch's write.
        let after_copy = [vk::BufferMemoryBarrier2::default()
            .src_stage_mask(vk::PipelineStageFlags2::COPY)
            .src_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
            .dst_stage_mask(vk::PipelineStageFlags2::COPY | vk::PipelineStageFlags2::COMPUTE_SHADER)
            .dst_access_mask(vk::AccessFlags2::TRANSFER_WRITE)
            .src_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .dst_queue_family_index(vk::QUEUE_FAMILY_IGNORED)
            .buffer(self.copy.0)
            .size(vk::WHOLE_SIZE)];
        let after_dispatch = vk::DependencyInfo::default().buffer_memory_barriers(&after_dispatch);
        let after_copy = vk::DependencyInfo::default().buffer_memory_barriers(&after_copy);
        let region = [vk::BufferCopy { src_offset: 0, dst_offset: 0, size: BYTES }];
        let sets = [self.set];
        let begin = vk::CommandBufferBeginInfo::default().flags(vk::CommandBufferUsageFlags::ONE_TIME_SUBMIT);
        // SAFETY: every handle is alive; the pool was reset before the frame.
        unsafe {
            d.begin_command_buffer(cb, &begin).expect("vkBeginCommandBuffer");
            d.cmd_bind_pipeline(cb, vk::PipelineBindPoint::COMPUTE, self.pipeline);
            for _ in 0..self.iterations {
                d.cmd_bind_descriptor_sets(cb, vk::PipelineBindPoint::COMPUTE, self.layout, 0, &sets, &[]);
                d.cmd_dispatch(cb, 1, 1, 1);
                d.cmd_pipeline_barrier2(cb, &after_dispatch);
                d.cmd_copy_buffer(cb, self.data.0, self.copy.0, &region);
                d.cmd_pipeline_barrier2(cb, &after_copy);
            }
            d.end_command_buffer(cb).expect("vkEndCommandBuffer");
        }
    }
}

impl Workload for Dispatch<'_> {
    fn calls_per_frame(&self) -> u64 {
        FIXED_CALLS + CALLS_PER_ITERATION * self.iterations as u64
    }

    fn prepare(&mut self) {
        unsafe { self.ctx.device.reset_command_pool(self.pool, vk::CommandPoolResetFlags::empty()) }
            .expect("vkResetCommandPool");
    }

    fn frame(&mut self, measure: bool) {
        section(measure, &mut || self.record());
    }

    fn submit(&mut self) -> bool {
        self.ctx.submit_and_wait(&[self.cb], self.fence);
        true
    }
}

impl Drop for Dispatch<'_> {
    fn drop(&mut self) {
        let d = &self.ctx.device;
        unsafe {
            d.device_wait_idle().expect("vkDeviceWaitIdle");
            d.destroy_fence(self.fence, None);
            d.destroy_command_pool(self.pool, None);
            d.destroy_pipeline(self.pipeline, None);
            d.destroy_pipeline_layout(self.layout, None);
            d.destroy_descriptor_pool(self.descriptor_pool, None);
            d.destroy_descriptor_set_layout(self.set_layout, None);
            for (buffer, memory) in [self.data, self.copy] {
                d.destroy_buffer(buffer, None);
                d.free_memory(memory, None);
            }
        }
    }
}
