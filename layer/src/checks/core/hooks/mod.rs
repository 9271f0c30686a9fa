//! Core's validate hooks: each command goes to its area's checks (one module per area beside
//! this one). The one impl is a table, a line or two a hook; a hook whose rules need more
//! than one expression has them in the module of its concern here.

mod bindings;
mod command_buffers;
mod descriptors;
mod memory;
mod pipelines;
mod queries;
mod queues;
mod render_passes;
mod synchronization;
mod transfers;

use vigil_generated::*;

use super::events::*;
use super::memory::{Bindable, BIND_BUFFER, BIND_IMAGE};
use super::queries::{BEGIN_QUERY, BEGIN_QUERY_INDEXED, END_QUERY, END_QUERY_INDEXED};
use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::{delegate_hooks, hooks, Call, ValidationObject};

/// Core's generic validate hook runs for the destroys and frees with an in-use rule (`in_use`),
/// the commands that need a bound pipeline (`bindings`) and the recording commands
/// (`recording`), and no other command. Core's typed hooks of recording commands run the
/// recording rules themselves (a typed hook replaces the generic one).
const fn generic_hooks(hooks: crate::chassis::Hooks) -> crate::chassis::Hooks {
    hooks
        .generic_only_for(crate::chassis::Phase::Validate, vigil_generated::objects::IN_USE_COMMANDS)
        .generic_also_for(crate::chassis::Phase::Validate, vigil_generated::objects::BOUND_PIPELINE_COMMANDS)
        .generic_also_for(crate::chassis::Phase::Validate, vigil_generated::recording::RECORDING_COMMANDS)
}

#[hooks(then = generic_hooks)]
impl ValidationObject for CoreChecks {
    fn validate_call(&self, cx: &Call<'_>) -> bool {
        // A draw's or dispatch's bound-pipeline check runs its recording rules too.
        let bound = vigil_generated::objects::BOUND_PIPELINE_IDS.binary_search_by_key(&(cx.command as u16), |b| b.0);
        self.destroyed_in_use(cx)
            | match bound {
                Ok(i) => self.pipeline_bound(cx, i),
                Err(_) => self.recording_rules(cx),
            }
    }

    // Command pools and buffers: begin, end, reset, free, execute (command_buffers.rs).
    delegate_hooks! {
        fn pre_call_validate_begin_command_buffer(&self, cx, cb: VkCommandBuffer,
            info: *const VkCommandBufferBeginInfo) -> bool
            => self.begin_command_buffer(cx, cb, info);

        fn pre_call_validate_end_command_buffer(&self, cx, cb: VkCommandBuffer) -> bool
            => self.end_command_buffer(cx, cb);

        fn pre_call_validate_reset_command_buffer(&self, cx, cb: VkCommandBuffer,
            _flags: VkCommandBufferResetFlags) -> bool
            => self.reset_command_buffer(cx, cb);

        fn pre_call_validate_reset_command_pool(&self, cx, _device: VkDevice, pool: VkCommandPool,
            _flags: VkCommandPoolResetFlags) -> bool
            => self.pool_idle(cx, pool, "VUID-vkResetCommandPool-commandPool-00040");

        fn pre_call_validate_destroy_command_pool(&self, cx, _device: VkDevice, pool: VkCommandPool,
            _allocator: *const VkAllocationCallbacks) -> bool
            => self.pool_idle(cx, pool, "VUID-vkDestroyCommandPool-commandPool-00041");

        fn pre_call_validate_free_command_buffers(&self, cx, _device: VkDevice, _pool: VkCommandPool, count: u32,
            buffers: *const VkCommandBuffer) -> bool
            => self.validate_free_command_buffers(cx, count, buffers);

        fn pre_call_validate_cmd_execute_commands(&self, cx, cb: VkCommandBuffer, count: u32,
            buffers: *const VkCommandBuffer) -> bool
            => self.execute_commands(cx, cb, count, buffers);
    }

    // Queues, fences, semaphores and swapchains (queues.rs).
    delegate_hooks! {
        fn pre_call_validate_reset_fences(&self, cx, _device: VkDevice, count: u32, fences: *const VkFence) -> bool
            => self.reset_fences(cx, count, fences);

        fn pre_call_validate_destroy_fence(&self, cx, _device: VkDevice, fence: VkFence,
            _allocator: *const VkAllocationCallbacks) -> bool
            => self.validate_destroy_fence(cx, fence);

        fn pre_call_validate_queue_submit(&self, cx, queue: VkQueue, count: u32, submits: *const VkSubmitInfo,
            fence: VkFence) -> bool
            => self.queue_submit(cx, queue, count, submits, fence);

        fn pre_call_validate_queue_submit2(&self, cx, queue: VkQueue, count: u32, submits: *const VkSubmitInfo2,
            fence: VkFence) -> bool
            => self.queue_submit2(cx, queue, count, submits, fence);

        fn pre_call_validate_queue_bind_sparse(&self, cx, queue: VkQueue, _count: u32, _infos: *const VkBindSparseInfo,
            _fence: VkFence) -> bool
            => self.bind_sparse_queue_family(cx, queue);

        fn pre_call_validate_signal_semaphore(&self, cx, _device: VkDevice, info: *const VkSemaphoreSignalInfo) -> bool
            => self.signal_semaphore(cx, info);

        fn pre_call_validate_wait_semaphores(&self, cx, _device: VkDevice, info: *const VkSemaphoreWaitInfo,
            _timeout: u64) -> bool
            => self.wait_semaphores(cx, info);

        fn pre_call_validate_get_semaphore_counter_value(&self, cx, _device: VkDevice, semaphore: VkSemaphore,
            _value: *mut u64) -> bool
            => self.semaphore_counter_value(cx, semaphore);

        fn pre_call_validate_create_semaphore(&self, cx, _device: VkDevice, info: *const VkSemaphoreCreateInfo,
            _allocator: *const VkAllocationCallbacks, _semaphore: *mut VkSemaphore) -> bool
            => self.create_semaphore(cx, info);

        fn pre_call_validate_create_swapchain_khr(&self, cx, _device: VkDevice, info: *const VkSwapchainCreateInfoKHR,
            _allocator: *const VkAllocationCallbacks, _swapchain: *mut VkSwapchainKHR) -> bool
            // SAFETY: the create info the application passed.
            => unsafe { self.swapchain_create_info(cx, info) };

        fn pre_call_validate_acquire_next_image_khr(&self, cx, _device: VkDevice, swapchain: VkSwapchainKHR,
            _timeout: u64, semaphore: VkSemaphore, fence: VkFence, _index: *mut u32) -> bool
            => self.validate_acquire_next_image_khr(cx, swapchain, semaphore, fence);

        fn pre_call_validate_acquire_next_image2_khr(&self, cx, _device: VkDevice,
            info: *const VkAcquireNextImageInfoKHR, _index: *mut u32) -> bool
            => self.validate_acquire_next_image2_khr(cx, info);

        fn pre_call_validate_queue_present_khr(&self, cx, _queue: VkQueue, info: *const VkPresentInfoKHR) -> bool
            // SAFETY: the present info the application passed.
            => unsafe { self.present(cx, info) };
    }

    // Render pass instances: render passes, dynamic rendering, framebuffers, conditional rendering (render_passes.rs).
    delegate_hooks! {
        fn pre_call_validate_cmd_begin_render_pass(&self, cx, cb: VkCommandBuffer, info: *const VkRenderPassBeginInfo,
            contents: VkSubpassContents) -> bool
            => self.validate_cmd_begin_render_pass(cx, cb, info, contents);

        fn pre_call_validate_cmd_begin_render_pass2(&self, cx, cb: VkCommandBuffer, info: *const VkRenderPassBeginInfo,
            subpass: *const VkSubpassBeginInfo) -> bool
            => self.validate_cmd_begin_render_pass2(cx, cb, info, subpass);

        fn pre_call_validate_cmd_next_subpass(&self, cx, cb: VkCommandBuffer, _contents: VkSubpassContents) -> bool
            => self.validate_cmd_next_subpass(cx, cb);

        fn pre_call_validate_cmd_next_subpass2(&self, cx, cb: VkCommandBuffer, begin: *const VkSubpassBeginInfo,
            _end: *const VkSubpassEndInfo) -> bool
            => self.validate_cmd_next_subpass2(cx, cb, begin);

        fn pre_call_validate_cmd_end_render_pass(&self, cx, cb: VkCommandBuffer) -> bool
            => self.validate_cmd_end_render_pass(cx, cb);

        fn pre_call_validate_cmd_end_render_pass2(&self, cx, cb: VkCommandBuffer,
            _info: *const VkSubpassEndInfo) -> bool
            => self.validate_cmd_end_render_pass2(cx, cb);

        fn pre_call_validate_cmd_set_rendering_attachment_locations(&self, cx, cb: VkCommandBuffer,
            info: *const VkRenderingAttachmentLocationInfo) -> bool
            => self.validate_cmd_set_rendering_attachment_locations(cx, cb, info);

        fn pre_call_validate_cmd_set_rendering_input_attachment_indices(&self, cx, cb: VkCommandBuffer,
            info: *const VkRenderingInputAttachmentIndexInfo) -> bool
            => self.validate_cmd_set_rendering_input_attachment_indices(cx, cb, info);

        fn pre_call_validate_cmd_end_rendering(&self, cx, cb: VkCommandBuffer) -> bool
            => self.validate_cmd_end_rendering(cx, cb);

        fn pre_call_validate_cmd_end_rendering2_khr(&self, cx, cb: VkCommandBuffer,
            _info: *const VkRenderingEndInfoKHR) -> bool
            => self.validate_cmd_end_rendering2_khr(cx, cb);

        fn pre_call_validate_cmd_begin_rendering(&self, cx, cb: VkCommandBuffer, info: *const VkRenderingInfo) -> bool
            => self.validate_cmd_begin_rendering(cx, cb, info);

        fn pre_call_validate_cmd_begin_conditional_rendering_ext(&self, cx, cb: VkCommandBuffer,
            info: *const VkConditionalRenderingBeginInfoEXT) -> bool
            => self.begin_conditional_rendering(cx, cb, info);

        fn pre_call_validate_cmd_end_conditional_rendering_ext(&self, cx, cb: VkCommandBuffer) -> bool
            => self.end_conditional_rendering(cx, cb);

        fn pre_call_validate_create_framebuffer(&self, cx, _device: VkDevice, info: *const VkFramebufferCreateInfo,
            _allocator: *const VkAllocationCallbacks, _framebuffer: *mut VkFramebuffer) -> bool
            // SAFETY: the create info the application passed.
            => unsafe { self.framebuffer_attachments(cx, info) };
    }

    // What commands bind: pipelines, descriptor sets, push constants, vertex and index buffers, shaders; viewports and
    // scissors (bindings.rs).
    delegate_hooks! {
        fn pre_call_validate_cmd_bind_descriptor_sets(&self, cx, cb: VkCommandBuffer, point: VkPipelineBindPoint,
            layout: VkPipelineLayout, first: u32, count: u32, sets: *const VkDescriptorSet, dynamic_count: u32,
            dynamic: *const u32) -> bool
            // Runs the recording rules too, under the same lock.
            => self.bind_descriptor_sets(cx, cb, (point, layout), first, count, sets, dynamic_count, dynamic);

        fn pre_call_validate_cmd_bind_descriptor_sets2(&self, cx, cb: VkCommandBuffer,
            info: *const VkBindDescriptorSetsInfo) -> bool
            // Runs the recording rules too, under the same lock.
            => self.bind_descriptor_sets2(cx, cb, info);

        fn pre_call_validate_cmd_bind_pipeline(&self, cx, cb: VkCommandBuffer, point: VkPipelineBindPoint,
            pipeline: VkPipeline) -> bool
            // Runs the recording rules too, under the same lock.
            => self.bind_pipeline(cx, cb, point, pipeline);

        fn pre_call_validate_cmd_push_constants(&self, cx, cb: VkCommandBuffer, layout: VkPipelineLayout,
            stages: VkShaderStageFlags, offset: u32, size: u32, _values: *const core::ffi::c_void) -> bool
            // Runs the recording rules too, under the same lock.
            => self.push_constants(cx, cb, layout, stages, offset, size);

        fn pre_call_validate_cmd_set_viewport(&self, cx, cb: VkCommandBuffer, _first: u32, _count: u32,
            _viewports: *const VkViewport) -> bool
            => self.validate_cmd_set_viewport(cx, cb);

        fn pre_call_validate_cmd_set_scissor(&self, cx, cb: VkCommandBuffer, _first: u32, _count: u32,
            _scissors: *const VkRect2D) -> bool
            => self.validate_cmd_set_scissor(cx, cb);

        fn pre_call_validate_cmd_bind_index_buffer(&self, cx, _cb: VkCommandBuffer, buffer: VkBuffer,
            offset: VkDeviceSize, index_type: VkIndexType) -> bool
            => self.validate_cmd_bind_index_buffer(cx, buffer, offset, index_type);

        fn pre_call_validate_cmd_bind_vertex_buffers(&self, cx, _cb: VkCommandBuffer, _first: u32, count: u32,
            buffers: *const VkBuffer, offsets: *const VkDeviceSize) -> bool
            => self.validate_cmd_bind_vertex_buffers(cx, count, buffers, offsets);

        fn pre_call_validate_cmd_bind_vertex_buffers2(&self, cx, _cb: VkCommandBuffer, _first: u32, count: u32,
            buffers: *const VkBuffer, offsets: *const VkDeviceSize, sizes: *const VkDeviceSize,
            _strides: *const VkDeviceSize) -> bool
            => self.validate_cmd_bind_vertex_buffers2(cx, count, buffers, offsets, sizes);

        fn pre_call_validate_cmd_bind_shaders_ext(&self, cx, cb: VkCommandBuffer, count: u32,
            stages: *const VkShaderStageFlagBits, shaders: *const VkShaderEXT) -> bool
            // Runs the recording rules too, under the same lock.
            // SAFETY: the call's arrays of `count`, as the application passed them.
            => unsafe { self.bind_shaders(cx, cb, count, stages, shaders) };
    }

    // Pipelines and shaders as created (pipelines.rs).
    delegate_hooks! {
        fn pre_call_validate_create_compute_pipelines(&self, cx, _device: VkDevice, _cache: VkPipelineCache, count: u32,
            infos: *const VkComputePipelineCreateInfo, _allocator: *const VkAllocationCallbacks,
            _pipelines: *mut VkPipeline) -> bool
            // SAFETY: the create infos the application passed (stateless checked them).
            => unsafe { self.compute_pipelines_match_layouts(cx, count, infos) };

        fn pre_call_validate_create_graphics_pipelines(&self, cx, _device: VkDevice, _cache: VkPipelineCache,
            count: u32, infos: *const VkGraphicsPipelineCreateInfo, _allocator: *const VkAllocationCallbacks,
            _pipelines: *mut VkPipeline) -> bool
            // SAFETY: as for vkCreateComputePipelines.
            => unsafe { self.graphics_pipelines_match_layouts(cx, count, infos) };

        fn pre_call_validate_create_shader_module(&self, cx, _device: VkDevice, info: *const VkShaderModuleCreateInfo,
            _allocator: *const VkAllocationCallbacks, _module: *mut VkShaderModule) -> bool
            => self.validate_create_shader_module(cx, info);

        fn pre_call_validate_create_shaders_ext(&self, cx, _device: VkDevice, count: u32,
            infos: *const VkShaderCreateInfoEXT, _allocator: *const VkAllocationCallbacks,
            _shaders: *mut VkShaderEXT) -> bool
            // SAFETY: the create infos the application passed.
            => unsafe { self.create_shaders(cx, count, infos) | self.shader_objects_code(cx, count, infos) };
    }

    // Pipeline barriers and events (synchronization.rs).
    delegate_hooks! {
        fn pre_call_validate_cmd_pipeline_barrier(&self, cx, cb: VkCommandBuffer, src: VkPipelineStageFlags,
            dst: VkPipelineStageFlags, flags: VkDependencyFlags, memory_count: u32, memory: *const VkMemoryBarrier,
            buffer_count: u32, buffers: *const VkBufferMemoryBarrier, image_count: u32,
            images: *const VkImageMemoryBarrier) -> bool
            => self.validate_cmd_pipeline_barrier(cx, cb, src, dst, flags, memory_count, memory, buffer_count, buffers,
                image_count, images);

        fn pre_call_validate_cmd_pipeline_barrier2(&self, cx, cb: VkCommandBuffer,
            info: *const VkDependencyInfo) -> bool
            => self.validate_cmd_pipeline_barrier2(cx, cb, info);

        fn pre_call_validate_cmd_set_event(&self, cx, _cb: VkCommandBuffer, _event: VkEvent,
            mask: VkPipelineStageFlags) -> bool
            => self.recording_rules(cx) | Self::event_stage_mask(cx, SET_EVENT_HOST, &SET_EVENT_STAGES, mask.0);

        fn pre_call_validate_cmd_reset_event(&self, cx, _cb: VkCommandBuffer, _event: VkEvent,
            mask: VkPipelineStageFlags) -> bool
            => self.recording_rules(cx) | Self::event_stage_mask(cx, RESET_EVENT_HOST, &RESET_EVENT_STAGES, mask.0);

        fn pre_call_validate_cmd_set_event2(&self, cx, cb: VkCommandBuffer, _event: VkEvent,
            info: *const VkDependencyInfo) -> bool
            => self.validate_cmd_set_event2(cx, cb, info);

        fn pre_call_validate_cmd_reset_event2(&self, cx, _cb: VkCommandBuffer, _event: VkEvent,
            mask: VkPipelineStageFlags2) -> bool
            => self.validate_cmd_reset_event2(cx, mask);

        fn pre_call_validate_cmd_wait_events(&self, cx, cb: VkCommandBuffer, event_count: u32, events: *const VkEvent,
            src: VkPipelineStageFlags, dst: VkPipelineStageFlags, memory_count: u32, memory: *const VkMemoryBarrier,
            buffer_count: u32, buffers: *const VkBufferMemoryBarrier, image_count: u32,
            images: *const VkImageMemoryBarrier) -> bool
            => self.validate_cmd_wait_events(cx, cb, event_count, events, src, dst, memory_count, memory, buffer_count,
                buffers, image_count, images);

        fn pre_call_validate_cmd_wait_events2(&self, cx, cb: VkCommandBuffer, count: u32, events: *const VkEvent,
            infos: *const VkDependencyInfo) -> bool
            // SAFETY: `count` events, as the application passed them.
            => self.wait_events2(cx, cb, unsafe { slice(events, count) }, infos);

        fn pre_call_validate_set_event(&self, cx, _device: VkDevice, event: VkEvent) -> bool
            => self.host_event(cx, SET_EVENT_DEVICE_ONLY, event);

        fn pre_call_validate_reset_event(&self, cx, _device: VkDevice, event: VkEvent) -> bool
            => self.host_event(cx, RESET_EVENT_DEVICE_ONLY, event);

        fn pre_call_validate_get_event_status(&self, cx, _device: VkDevice, event: VkEvent) -> bool
            => self.host_event(cx, EVENT_STATUS_DEVICE_ONLY, event);
    }

    // Transfers: copies, blits, resolves, clears, buffer fills and updates (transfers.rs).
    delegate_hooks! {
        fn pre_call_validate_cmd_copy_buffer_to_image(&self, cx, cb: VkCommandBuffer, buffer: VkBuffer, image: VkImage,
            layout: VkImageLayout, count: u32, regions: *const VkBufferImageCopy) -> bool
            => self.validate_cmd_copy_buffer_to_image(cx, cb, buffer, image, layout, count, regions);

        fn pre_call_validate_cmd_copy_image_to_buffer(&self, cx, cb: VkCommandBuffer, image: VkImage,
            layout: VkImageLayout, buffer: VkBuffer, count: u32, regions: *const VkBufferImageCopy) -> bool
            => self.validate_cmd_copy_image_to_buffer(cx, cb, image, layout, buffer, count, regions);

        fn pre_call_validate_cmd_copy_image(&self, cx, cb: VkCommandBuffer, src: VkImage, src_layout: VkImageLayout,
            dst: VkImage, dst_layout: VkImageLayout, count: u32, regions: *const VkImageCopy) -> bool
            => self.validate_cmd_copy_image(cx, cb, src, src_layout, dst, dst_layout, count, regions);

        fn pre_call_validate_cmd_clear_color_image(&self, cx, cb: VkCommandBuffer, image: VkImage,
            layout: VkImageLayout, _color: *const VkClearColorValue, count: u32,
            ranges: *const VkImageSubresourceRange) -> bool
            => self.validate_cmd_clear_color_image(cx, cb, image, layout, count, ranges);

        fn pre_call_validate_cmd_copy_buffer(&self, cx, cb: VkCommandBuffer, src: VkBuffer, dst: VkBuffer, count: u32,
            regions: *const VkBufferCopy) -> bool
            => self.validate_cmd_copy_buffer(cx, cb, src, dst, count, regions);

        fn pre_call_validate_cmd_copy_buffer2(&self, cx, cb: VkCommandBuffer, info: *const VkCopyBufferInfo2) -> bool
            => self.validate_cmd_copy_buffer2(cx, cb, info);

        fn pre_call_validate_cmd_fill_buffer(&self, cx, _cb: VkCommandBuffer, dst: VkBuffer, offset: VkDeviceSize,
            size: VkDeviceSize, _data: u32) -> bool
            => self.validate_cmd_fill_buffer(cx, dst, offset, size);

        fn pre_call_validate_cmd_update_buffer(&self, cx, _cb: VkCommandBuffer, dst: VkBuffer, offset: VkDeviceSize,
            size: VkDeviceSize, _data: *const core::ffi::c_void) -> bool
            => self.validate_cmd_update_buffer(cx, dst, offset, size);

        fn pre_call_validate_cmd_copy_image2(&self, cx, _cb: VkCommandBuffer, info: *const VkCopyImageInfo2) -> bool
            // SAFETY: the copy info the application passed.
            => self.recording_rules(cx) | unsafe { self.copy_image_info(cx, info) };

        fn pre_call_validate_cmd_copy_buffer_to_image2(&self, cx, _cb: VkCommandBuffer,
            info: *const VkCopyBufferToImageInfo2) -> bool
            // SAFETY: the copy info the application passed.
            => self.recording_rules(cx) | unsafe { self.copy_buffer_to_image_info(cx, info) };

        fn pre_call_validate_cmd_copy_image_to_buffer2(&self, cx, _cb: VkCommandBuffer,
            info: *const VkCopyImageToBufferInfo2) -> bool
            // SAFETY: the copy info the application passed.
            => self.recording_rules(cx) | unsafe { self.copy_image_to_buffer_info(cx, info) };

        fn pre_call_validate_cmd_blit_image(&self, cx, _cb: VkCommandBuffer, src: VkImage, src_layout: VkImageLayout,
            dst: VkImage, dst_layout: VkImageLayout, count: u32, regions: *const VkImageBlit, filter: VkFilter) -> bool
            => self.validate_cmd_blit_image(cx, src, src_layout, dst, dst_layout, count, regions, filter);

        fn pre_call_validate_cmd_blit_image2(&self, cx, _cb: VkCommandBuffer, info: *const VkBlitImageInfo2) -> bool
            // SAFETY: the blit info the application passed.
            => self.recording_rules(cx) | unsafe { self.blit_image_info(cx, info) };

        fn pre_call_validate_cmd_resolve_image(&self, cx, _cb: VkCommandBuffer, src: VkImage, src_layout: VkImageLayout,
            dst: VkImage, dst_layout: VkImageLayout, count: u32, regions: *const VkImageResolve) -> bool
            => self.validate_cmd_resolve_image(cx, src, src_layout, dst, dst_layout, count, regions);

        fn pre_call_validate_cmd_resolve_image2(&self, cx, _cb: VkCommandBuffer,
            info: *const VkResolveImageInfo2) -> bool
            // SAFETY: the resolve info the application passed.
            => self.recording_rules(cx) | unsafe { self.resolve_image_info(cx, info) };

        fn pre_call_validate_cmd_clear_depth_stencil_image(&self, cx, _cb: VkCommandBuffer, image: VkImage,
            layout: VkImageLayout, _value: *const VkClearDepthStencilValue, count: u32,
            ranges: *const VkImageSubresourceRange) -> bool
            => self.validate_cmd_clear_depth_stencil_image(cx, image, layout, count, ranges);

        fn pre_call_validate_cmd_clear_attachments(&self, cx, cb: VkCommandBuffer, attachment_count: u32,
            attachments: *const VkClearAttachment, rect_count: u32, rects: *const VkClearRect) -> bool
            => self.validate_cmd_clear_attachments(cx, cb, attachment_count, attachments, rect_count, rects);
    }

    // Device memory and the resources bound to it (memory.rs).
    delegate_hooks! {
        fn pre_call_validate_bind_buffer_memory(&self, cx, _device: VkDevice, buffer: VkBuffer, memory: VkDeviceMemory,
            offset: VkDeviceSize) -> bool
            => self.bind_parameters(cx, &BIND_BUFFER, (Bindable::Buffer(buffer), memory, offset));

        fn pre_call_validate_bind_buffer_memory2(&self, cx, _device: VkDevice, count: u32,
            infos: *const VkBindBufferMemoryInfo) -> bool
            => self.validate_bind_buffer_memory2(cx, count, infos);

        fn pre_call_validate_bind_image_memory(&self, cx, _device: VkDevice, image: VkImage, memory: VkDeviceMemory,
            offset: VkDeviceSize) -> bool
            => self.bind_parameters(cx, &BIND_IMAGE, (Bindable::Image(image), memory, offset));

        fn pre_call_validate_bind_image_memory2(&self, cx, _device: VkDevice, count: u32,
            infos: *const VkBindImageMemoryInfo) -> bool
            => self.validate_bind_image_memory2(cx, count, infos);

        fn pre_call_validate_allocate_memory(&self, cx, _device: VkDevice, info: *const VkMemoryAllocateInfo,
            _allocator: *const VkAllocationCallbacks, _memory: *mut VkDeviceMemory) -> bool
            => self.validate_allocate_memory(cx, info);

        fn pre_call_validate_get_device_memory_commitment(&self, cx, _device: VkDevice, memory: VkDeviceMemory,
            _committed: *mut VkDeviceSize) -> bool
            => self.memory_commitment(cx, memory);

        fn pre_call_validate_map_memory(&self, cx, _device: VkDevice, memory: VkDeviceMemory, offset: VkDeviceSize,
            size: VkDeviceSize, _flags: VkMemoryMapFlags, _data: *mut *mut core::ffi::c_void) -> bool
            => self.validate_map_memory(cx, memory, offset, size);

        fn pre_call_validate_map_memory2(&self, cx, _device: VkDevice, info: *const VkMemoryMapInfo,
            _data: *mut *mut core::ffi::c_void) -> bool
            => self.validate_map_memory2(cx, info);

        fn pre_call_validate_unmap_memory(&self, cx, _device: VkDevice, memory: VkDeviceMemory) -> bool
            => self.validate_unmap_memory(cx, memory);

        fn pre_call_validate_unmap_memory2(&self, cx, _device: VkDevice, info: *const VkMemoryUnmapInfo) -> bool
            => self.validate_unmap_memory2(cx, info);

        fn pre_call_validate_flush_mapped_memory_ranges(&self, cx, _device: VkDevice, count: u32,
            ranges: *const VkMappedMemoryRange) -> bool
            // SAFETY: `count` ranges, as the application passed them (stateless checked them).
            => self.mapped_ranges(cx, unsafe { slice(ranges, count) });

        fn pre_call_validate_invalidate_mapped_memory_ranges(&self, cx, _device: VkDevice, count: u32,
            ranges: *const VkMappedMemoryRange) -> bool
            // SAFETY: as for vkFlushMappedMemoryRanges.
            => self.mapped_ranges(cx, unsafe { slice(ranges, count) });

        fn pre_call_validate_get_image_memory_requirements(&self, cx, _device: VkDevice, image: VkImage,
            _requirements: *mut VkMemoryRequirements) -> bool
            => self.image_requirements_asked(cx, image, None);

        fn pre_call_validate_get_image_memory_requirements2(&self, cx, _device: VkDevice,
            info: *const VkImageMemoryRequirementsInfo2, _requirements: *mut VkMemoryRequirements2) -> bool
            => self.validate_get_image_memory_requirements2(cx, info);

        fn pre_call_validate_destroy_image(&self, cx, _device: VkDevice, image: VkImage,
            _allocator: *const VkAllocationCallbacks) -> bool
            // This typed hook replaces the generic one, whose in-use rule applies too.
            => self.destroyed_in_use(cx) | self.image_destroyed(cx, image);

        fn pre_call_validate_create_buffer(&self, cx, _device: VkDevice, info: *const VkBufferCreateInfo,
            _allocator: *const VkAllocationCallbacks, _buffer: *mut VkBuffer) -> bool
            // SAFETY: the create info the application passed (stateless checked the pointer).
            => unsafe { info.as_ref() }.is_some_and(|info| self.descriptor_buffer_space(cx, info));
    }

    // Descriptor sets: updates, allocation, push descriptors, update templates (descriptors.rs).
    delegate_hooks! {
        fn pre_call_validate_update_descriptor_sets(&self, cx, _device: VkDevice, write_count: u32,
            writes: *const VkWriteDescriptorSet, copy_count: u32, copies: *const VkCopyDescriptorSet) -> bool
            => self.validate_update_descriptor_sets(cx, write_count, writes, copy_count, copies);

        fn pre_call_validate_allocate_descriptor_sets(&self, cx, _device: VkDevice,
            info: *const VkDescriptorSetAllocateInfo, _sets: *mut VkDescriptorSet) -> bool
            // SAFETY: the application's allocate info, when not NULL.
            => unsafe { info.as_ref().is_some_and(|info| self.allocate_descriptor_sets(cx, info)) };

        fn pre_call_validate_free_descriptor_sets(&self, cx, _device: VkDevice, pool: VkDescriptorPool, _count: u32,
            _sets: *const VkDescriptorSet) -> bool
            // The typed hook replaces the generic one: the in-use rule of the free runs here too.
            => self.destroyed_in_use(cx) | self.free_descriptor_sets(cx, pool);

        fn pre_call_validate_cmd_push_descriptor_set(&self, cx, cb: VkCommandBuffer, _bind_point: VkPipelineBindPoint,
            layout: VkPipelineLayout, set: u32, count: u32, writes: *const VkWriteDescriptorSet) -> bool
            => self.validate_cmd_push_descriptor_set(cx, cb, layout, set, count, writes);

        fn pre_call_validate_cmd_push_descriptor_set2(&self, cx, cb: VkCommandBuffer,
            info: *const VkPushDescriptorSetInfo) -> bool
            => self.validate_cmd_push_descriptor_set2(cx, cb, info);

        fn pre_call_validate_create_descriptor_update_template(&self, cx, _device: VkDevice,
            info: *const VkDescriptorUpdateTemplateCreateInfo, _allocator: *const VkAllocationCallbacks,
            _template: *mut VkDescriptorUpdateTemplate) -> bool
            // SAFETY: the application's create info, when not NULL.
            => unsafe { info.as_ref().is_some_and(|info| self.create_update_template(cx, info)) };

        fn pre_call_validate_cmd_push_descriptor_set_with_template(&self, cx, cb: VkCommandBuffer,
            template: VkDescriptorUpdateTemplate, layout: VkPipelineLayout, set: u32,
            data: *const core::ffi::c_void) -> bool
            => self.validate_cmd_push_descriptor_set_with_template(cx, cb, template, layout, set, data);

        fn pre_call_validate_update_descriptor_set_with_template(&self, cx, _device: VkDevice, _set: VkDescriptorSet,
            template: VkDescriptorUpdateTemplate, data: *const core::ffi::c_void) -> bool
            => self.validate_update_descriptor_set_with_template(cx, template, data);

        fn pre_call_validate_cmd_push_descriptor_set_with_template2(&self, cx, cb: VkCommandBuffer,
            info: *const VkPushDescriptorSetWithTemplateInfo) -> bool
            => self.validate_cmd_push_descriptor_set_with_template2(cx, cb, info);
    }

    // Queries (queries.rs).
    delegate_hooks! {
        fn pre_call_validate_cmd_begin_query(&self, cx, cb: VkCommandBuffer, pool: VkQueryPool, query: u32,
            flags: VkQueryControlFlags) -> bool
            => self.begin_query(cx, &BEGIN_QUERY, cb, (pool, query, flags, 0));

        fn pre_call_validate_cmd_begin_query_indexed_ext(&self, cx, cb: VkCommandBuffer, pool: VkQueryPool, query: u32,
            flags: VkQueryControlFlags, index: u32) -> bool
            => self.begin_query(cx, &BEGIN_QUERY_INDEXED, cb, (pool, query, flags, index));

        fn pre_call_validate_cmd_end_query(&self, cx, cb: VkCommandBuffer, pool: VkQueryPool, query: u32) -> bool
            => self.end_query(cx, &END_QUERY, cb, (pool, query, 0));

        fn pre_call_validate_cmd_end_query_indexed_ext(&self, cx, cb: VkCommandBuffer, pool: VkQueryPool, query: u32,
            index: u32) -> bool
            => self.end_query(cx, &END_QUERY_INDEXED, cb, (pool, query, index));

        fn pre_call_validate_cmd_reset_query_pool(&self, cx, cb: VkCommandBuffer, pool: VkQueryPool, first: u32,
            count: u32) -> bool
            => self.cmd_reset_query_pool(cx, cb, pool, (first, count));

        fn pre_call_validate_reset_query_pool(&self, cx, _device: VkDevice, pool: VkQueryPool, first: u32,
            count: u32) -> bool
            => self.reset_query_pool(cx, pool, (first, count));

        fn pre_call_validate_cmd_write_timestamp(&self, cx, cb: VkCommandBuffer, stage: VkPipelineStageFlagBits,
            pool: VkQueryPool, query: u32) -> bool
            => self.validate_cmd_write_timestamp(cx, cb, stage, pool, query);

        fn pre_call_validate_cmd_write_timestamp2(&self, cx, cb: VkCommandBuffer, stage: VkPipelineStageFlags2,
            pool: VkQueryPool, query: u32) -> bool
            => self.validate_cmd_write_timestamp2(cx, cb, stage, pool, query);

        fn pre_call_validate_get_query_pool_results(&self, cx, _device: VkDevice, pool: VkQueryPool, first: u32,
            count: u32, data_size: usize, data: *mut core::ffi::c_void, stride: VkDeviceSize,
            flags: VkQueryResultFlags) -> bool
            => self.get_query_pool_results(cx, pool, (first, count), (data_size, data), (stride, flags.0));

        fn pre_call_validate_cmd_copy_query_pool_results(&self, cx, cb: VkCommandBuffer, pool: VkQueryPool, first: u32,
            count: u32, dst: VkBuffer, offset: VkDeviceSize, stride: VkDeviceSize, flags: VkQueryResultFlags) -> bool
            => self.copy_query_pool_results(cx, cb, (pool, first, count), (dst, offset, stride, flags.0));
    }
}
