//! The tracker's hooks: the generic route for every command that creates, retrieves, destroys or
//! names objects, and the typed hooks of the commands whose effects the concern modules record.
//! The one impl is a table, a line or two a hook: what a hook does beyond one expression lives by
//! concern in the modules beside this one.

use vigil_generated::objects::*;
use vigil_generated::*;

use super::StateTracker;
use crate::chassis::{delegate_hooks, hooks, Call, Hooks, Phase, ValidationObject};
use crate::state::thread::entered;

/// The tracker's generic hooks run for the commands that change what exists (`BEGINS` after the
/// call, `ENDS` before it: generated from the role table) and the vkCmd* commands that name
/// objects (`REFERENCING`, after the call), and no other: a draw costs it nothing.
const fn recording(hooks: Hooks) -> Hooks {
    hooks
        .generic_only_for(Phase::PreRecord, ENDS)
        .generic_only_for(Phase::PostRecord, BEGINS)
        .generic_also_for(Phase::PostRecord, REFERENCING)
        .generic_also_for(Phase::PostRecord, &crate::state::dynamic_state::SETTER_COMMANDS)
}

#[hooks(then = recording)]
impl ValidationObject for StateTracker {
    #[inline(always)]
    fn wants(&self, cx: &Call<'_>) -> bool {
        self.records(cx.command)
    }

    #[inline(always)]
    fn wants_at<const C: usize>(&self, _cx: &Call<'_>) -> bool {
        self.records(C)
    }

    #[inline(always)]
    fn pre_record_call(&self, cx: &Call<'_>) {
        let command = &COMMAND_HANDLES[cx.command];
        if matches!(command.role, Role::Destroy { .. } | Role::Free { .. } | Role::Reset { .. }) {
            self.forget(command, cx.params)
        }
    }

    #[inline(always)]
    fn post_record_call(&self, cx: &Call<'_>, result: Option<VkResult>) {
        if self.references && self.dynamic_state_command(cx) {
            return;
        }
        let command = &COMMAND_HANDLES[cx.command];
        match command.role {
            Role::Create { .. } | Role::Retrieve { .. } => {
                self.record(command, cx.params, cx.handles(), result, entered(cx))
            }
            Role::Use if self.references => self.refer(cx),
            _ => {}
        }
    }

    // Devices.
    delegate_hooks! {
        fn pre_call_record_destroy_device(&self, cx, device: VkDevice, _allocator: *const VkAllocationCallbacks)
            => self.before_destroy_device(cx, device);
    }

    // Created objects' typed state: images and views, render passes, framebuffers, layouts, pipelines, shaders,
    // samplers (creation.rs).
    delegate_hooks! {
        fn post_call_record_create_image(&self, cx, _device: VkDevice, info: *const VkImageCreateInfo,
            _allocator: *const VkAllocationCallbacks, image: *mut VkImage, result: VkResult)
            => self.after_create_image(cx, info, image, result);

        fn post_call_record_create_image_view(&self, cx, _device: VkDevice, info: *const VkImageViewCreateInfo,
            _allocator: *const VkAllocationCallbacks, view: *mut VkImageView, result: VkResult)
            => self.after_create_image_view(cx, info, view, result);

        fn post_call_record_create_render_pass(&self, cx, _device: VkDevice, info: *const VkRenderPassCreateInfo,
            _allocator: *const VkAllocationCallbacks, render_pass: *mut VkRenderPass, result: VkResult)
            => self.after_create_render_pass(cx, info, render_pass, result);

        fn post_call_record_create_render_pass2(&self, cx, _device: VkDevice, info: *const VkRenderPassCreateInfo2,
            _allocator: *const VkAllocationCallbacks, render_pass: *mut VkRenderPass, result: VkResult)
            => self.after_create_render_pass2(cx, info, render_pass, result);

        fn post_call_record_create_framebuffer(&self, cx, _device: VkDevice, info: *const VkFramebufferCreateInfo,
            _allocator: *const VkAllocationCallbacks, framebuffer: *mut VkFramebuffer, result: VkResult)
            => self.after_create_framebuffer(cx, info, framebuffer, result);

        fn post_call_record_create_descriptor_set_layout(&self, cx, _device: VkDevice,
            info: *const VkDescriptorSetLayoutCreateInfo, _allocator: *const VkAllocationCallbacks,
            layout: *mut VkDescriptorSetLayout, result: VkResult)
            => self.after_create_descriptor_set_layout(cx, info, layout, result);

        fn post_call_record_create_pipeline_layout(&self, cx, _device: VkDevice,
            info: *const VkPipelineLayoutCreateInfo, _allocator: *const VkAllocationCallbacks,
            layout: *mut VkPipelineLayout, result: VkResult)
            => self.after_create_pipeline_layout(cx, info, layout, result);

        fn post_call_record_create_graphics_pipelines(&self, cx, _device: VkDevice, _cache: VkPipelineCache, count: u32,
            infos: *const VkGraphicsPipelineCreateInfo, _allocator: *const VkAllocationCallbacks,
            pipelines: *mut VkPipeline, result: VkResult)
            => self.after_create_graphics_pipelines(cx, count, infos, pipelines, result);

        fn post_call_record_create_compute_pipelines(&self, cx, _device: VkDevice, _cache: VkPipelineCache, count: u32,
            infos: *const VkComputePipelineCreateInfo, _allocator: *const VkAllocationCallbacks,
            pipelines: *mut VkPipeline, result: VkResult)
            => self.after_create_compute_pipelines(cx, count, infos, pipelines, result);

        fn post_call_record_create_shader_module(&self, cx, _device: VkDevice, info: *const VkShaderModuleCreateInfo,
            _allocator: *const VkAllocationCallbacks, module: *mut VkShaderModule, result: VkResult)
            => self.after_create_shader_module(cx, info, module, result);

        fn post_call_record_create_shaders_ext(&self, cx, _device: VkDevice, count: u32,
            infos: *const VkShaderCreateInfoEXT, _allocator: *const VkAllocationCallbacks, shaders: *mut VkShaderEXT,
            result: VkResult)
            => self.after_create_shaders_ext(cx, count, infos, shaders, result);

        fn post_call_record_create_sampler_ycbcr_conversion(&self, cx, _device: VkDevice,
            info: *const VkSamplerYcbcrConversionCreateInfo, _allocator: *const VkAllocationCallbacks,
            conversion: *mut VkSamplerYcbcrConversion, result: VkResult)
            => self.after_create_sampler_ycbcr_conversion(cx, info, conversion, result);

        fn post_call_record_create_sampler(&self, cx, _device: VkDevice, info: *const VkSamplerCreateInfo,
            _allocator: *const VkAllocationCallbacks, sampler: *mut VkSampler, result: VkResult)
            => self.after_create_sampler(cx, info, sampler, result);
    }

    // Device memory: allocations, the buffers and images bound to it, its mappings (memory.rs).
    delegate_hooks! {
        fn post_call_record_allocate_memory(&self, cx, _device: VkDevice, info: *const VkMemoryAllocateInfo,
            _allocator: *const VkAllocationCallbacks, memory: *mut VkDeviceMemory, result: VkResult)
            => self.after_allocate_memory(cx, info, memory, result);

        fn post_call_record_create_buffer(&self, cx, _device: VkDevice, info: *const VkBufferCreateInfo,
            _allocator: *const VkAllocationCallbacks, buffer: *mut VkBuffer, result: VkResult)
            => self.after_create_buffer(cx, info, buffer, result);

        fn post_call_record_bind_buffer_memory(&self, _cx, _device: VkDevice, buffer: VkBuffer, memory: VkDeviceMemory,
            offset: VkDeviceSize, result: VkResult)
            => self.after_bind_buffer_memory(buffer, memory, offset, result);

        fn post_call_record_bind_buffer_memory2(&self, _cx, _device: VkDevice, count: u32,
            infos: *const VkBindBufferMemoryInfo, result: VkResult)
            => self.after_bind_buffer_memory2(count, infos, result);

        fn post_call_record_bind_image_memory(&self, _cx, _device: VkDevice, image: VkImage, memory: VkDeviceMemory,
            offset: VkDeviceSize, result: VkResult)
            => self.after_bind_image_memory(image, memory, offset, result);

        fn post_call_record_bind_image_memory2(&self, _cx, _device: VkDevice, count: u32,
            infos: *const VkBindImageMemoryInfo, result: VkResult)
            => {
                if !self.typed {
                    return;
                }
                self.after_bind_image_memory2(count, infos, result);
            };

        fn post_call_record_map_memory(&self, _cx, _device: VkDevice, memory: VkDeviceMemory, offset: VkDeviceSize,
            size: VkDeviceSize, _flags: VkMemoryMapFlags, _data: *mut *mut core::ffi::c_void, result: VkResult)
            => self.after_map_memory(memory, offset, size, result);

        fn post_call_record_map_memory2(&self, _cx, _device: VkDevice, info: *const VkMemoryMapInfo,
            _data: *mut *mut core::ffi::c_void, result: VkResult)
            => self.after_map_memory2(info, result);

        fn post_call_record_unmap_memory(&self, _cx, _device: VkDevice, memory: VkDeviceMemory, _result: ())
            => self.after_unmap_memory(memory);

        fn post_call_record_unmap_memory2(&self, _cx, _device: VkDevice, info: *const VkMemoryUnmapInfo,
            result: VkResult)
            => self.after_unmap_memory2(info, result);

        fn post_call_record_create_buffer_view(&self, cx, _device: VkDevice, info: *const VkBufferViewCreateInfo,
            _allocator: *const VkAllocationCallbacks, view: *mut VkBufferView, result: VkResult)
            => self.after_create_buffer_view(cx, info, view, result);
    }

    // Descriptor pools, sets and update templates (descriptors.rs).
    delegate_hooks! {
        fn post_call_record_allocate_descriptor_sets(&self, cx, _device: VkDevice,
            info: *const VkDescriptorSetAllocateInfo, sets: *mut VkDescriptorSet, result: VkResult)
            => self.after_allocate_descriptor_sets(cx, info, sets, result);

        fn post_call_record_create_descriptor_pool(&self, cx, _device: VkDevice,
            info: *const VkDescriptorPoolCreateInfo, _allocator: *const VkAllocationCallbacks,
            pool: *mut VkDescriptorPool, result: VkResult)
            => self.after_create_descriptor_pool(cx, info, pool, result);

        fn post_call_record_update_descriptor_sets(&self, _cx, _device: VkDevice, write_count: u32,
            writes: *const VkWriteDescriptorSet, copy_count: u32, copies: *const VkCopyDescriptorSet, _result: ())
            => self.after_update_descriptor_sets(write_count, writes, copy_count, copies);

        fn pre_call_record_free_descriptor_sets(&self, cx, _device: VkDevice, pool: VkDescriptorPool, count: u32,
            sets: *const VkDescriptorSet)
            => self.before_free_descriptor_sets(cx, pool, count, sets);

        fn pre_call_record_reset_descriptor_pool(&self, cx, _device: VkDevice, pool: VkDescriptorPool,
            _flags: VkDescriptorPoolResetFlags)
            => self.before_reset_descriptor_pool(cx, pool);

        fn post_call_record_create_descriptor_update_template(&self, cx, _device: VkDevice,
            info: *const VkDescriptorUpdateTemplateCreateInfo, _allocator: *const VkAllocationCallbacks,
            template: *mut VkDescriptorUpdateTemplate, result: VkResult)
            => self.after_create_descriptor_update_template(cx, info, template, result);

        fn post_call_record_update_descriptor_set_with_template(&self, _cx, _device: VkDevice, set: VkDescriptorSet,
            template: VkDescriptorUpdateTemplate, data: *const core::ffi::c_void, _result: ())
            => self.after_update_descriptor_set_with_template(set, template, data);
    }

    // Command pools and buffers: allocation, begin, end, reset, execution (command_buffers.rs).
    delegate_hooks! {
        fn post_call_record_create_command_pool(&self, cx, _device: VkDevice, info: *const VkCommandPoolCreateInfo,
            _allocator: *const VkAllocationCallbacks, pool: *mut VkCommandPool, result: VkResult)
            => self.after_create_command_pool(cx, info, pool, result);

        fn post_call_record_allocate_command_buffers(&self, cx, _device: VkDevice,
            info: *const VkCommandBufferAllocateInfo, buffers: *mut VkCommandBuffer, result: VkResult)
            => self.after_allocate_command_buffers(cx, info, buffers, result);

        fn post_call_record_begin_command_buffer(&self, _cx, cb: VkCommandBuffer, info: *const VkCommandBufferBeginInfo,
            result: VkResult)
            => self.after_begin_command_buffer(cb, info, result);

        fn post_call_record_end_command_buffer(&self, _cx, cb: VkCommandBuffer, result: VkResult)
            => self.with_command_buffer(cb, |c| c.ended(result));

        fn post_call_record_reset_command_buffer(&self, _cx, cb: VkCommandBuffer, _flags: VkCommandBufferResetFlags,
            result: VkResult)
            => self.after_reset_command_buffer(cb, result);

        fn post_call_record_reset_command_pool(&self, _cx, _device: VkDevice, pool: VkCommandPool,
            _flags: VkCommandPoolResetFlags, result: VkResult)
            => self.after_reset_command_pool(pool, result);

        fn pre_call_record_cmd_execute_commands(&self, _cx, cb: VkCommandBuffer, count: u32,
            secondaries: *const VkCommandBuffer)
            => self.before_cmd_execute_commands(cb, count, secondaries);

        fn post_call_record_cmd_execute_commands(&self, cx, cb: VkCommandBuffer, _count: u32,
            _secondaries: *const VkCommandBuffer, _result: ())
            => self.after_cmd_execute_commands(cx, cb);
    }

    // Render pass instances: render passes, dynamic rendering, their local read mappings (render_pass_instances.rs).
    delegate_hooks! {
        fn post_call_record_cmd_begin_render_pass(&self, cx, cb: VkCommandBuffer, info: *const VkRenderPassBeginInfo,
            contents: VkSubpassContents, _result: ())
            => self.after_cmd_begin_render_pass(cx, cb, info, contents.0 != 0);

        fn post_call_record_cmd_begin_render_pass2(&self, cx, cb: VkCommandBuffer, info: *const VkRenderPassBeginInfo,
            subpass: *const VkSubpassBeginInfo, _result: ())
            => {
                // SAFETY: the subpass begin info the application passed.
                let secondaries = unsafe { subpass.as_ref() }.is_some_and(|s| s.contents.0 != 0);
                self.after_cmd_begin_render_pass2(cx, cb, info, secondaries);
            };

        fn post_call_record_cmd_begin_rendering(&self, cx, cb: VkCommandBuffer, info: *const VkRenderingInfo,
            _result: ())
            => self.after_cmd_begin_rendering(cx, cb, info);

        fn post_call_record_cmd_next_subpass(&self, _cx, cb: VkCommandBuffer, contents: VkSubpassContents, _result: ())
            => self.with_command_buffer(cb, |c| c.next_subpass(contents.0 != 0));

        fn post_call_record_cmd_next_subpass2(&self, _cx, cb: VkCommandBuffer, begin: *const VkSubpassBeginInfo,
            _end: *const VkSubpassEndInfo, _result: ())
            => self.after_cmd_next_subpass2(cb, begin);

        fn post_call_record_cmd_end_render_pass(&self, _cx, cb: VkCommandBuffer, _result: ())
            => self.render_pass_instance(cb, None);

        fn post_call_record_cmd_end_render_pass2(&self, _cx, cb: VkCommandBuffer, _info: *const VkSubpassEndInfo,
            _result: ())
            => self.render_pass_instance(cb, None);

        fn post_call_record_cmd_end_rendering(&self, _cx, cb: VkCommandBuffer, _result: ())
            => self.render_pass_instance(cb, None);

        fn post_call_record_cmd_set_rendering_attachment_locations(&self, _cx, cb: VkCommandBuffer,
            info: *const VkRenderingAttachmentLocationInfo, _result: ())
            => self.after_cmd_set_rendering_attachment_locations(cb, info);

        fn post_call_record_cmd_set_rendering_input_attachment_indices(&self, _cx, cb: VkCommandBuffer,
            info: *const VkRenderingInputAttachmentIndexInfo, _result: ())
            => self.after_cmd_set_rendering_input_attachment_indices(cb, info);

        fn post_call_record_cmd_begin_custom_resolve_ext(&self, _cx, cb: VkCommandBuffer,
            _info: *const VkBeginCustomResolveInfoEXT, _result: ())
            => self.with_command_buffer(cb, |c| c.custom_resolve());

        fn post_call_record_cmd_end_rendering2_khr(&self, _cx, cb: VkCommandBuffer, _info: *const VkRenderingEndInfoKHR,
            _result: ())
            => self.render_pass_instance(cb, None);
    }

    // Scopes a recording opens and closes: conditional rendering, transform feedback, debug labels, video coding
    // (recording.rs).
    delegate_hooks! {
        fn post_call_record_cmd_begin_conditional_rendering_ext(&self, cx, cb: VkCommandBuffer,
            _info: *const VkConditionalRenderingBeginInfoEXT, _result: ())
            => self.conditional_rendering_recorded(cx, cb, true);

        fn post_call_record_cmd_end_conditional_rendering_ext(&self, cx, cb: VkCommandBuffer, _result: ())
            => self.conditional_rendering_recorded(cx, cb, false);

        fn post_call_record_cmd_begin_transform_feedback_ext(&self, cx, cb: VkCommandBuffer, _first: u32, _count: u32,
            _buffers: *const VkBuffer, _offsets: *const VkDeviceSize, _result: ())
            => self.transform_feedback_recorded(cx, cb, true);

        fn post_call_record_cmd_end_transform_feedback_ext(&self, cx, cb: VkCommandBuffer, _first: u32, _count: u32,
            _buffers: *const VkBuffer, _offsets: *const VkDeviceSize, _result: ())
            => self.transform_feedback_recorded(cx, cb, false);

        fn post_call_record_cmd_begin_debug_utils_label_ext(&self, cx, cb: VkCommandBuffer,
            _label: *const VkDebugUtilsLabelEXT, _result: ())
            => self.after_cmd_begin_debug_utils_label_ext(cx, cb);

        fn post_call_record_cmd_end_debug_utils_label_ext(&self, cx, cb: VkCommandBuffer, _result: ())
            => self.after_cmd_end_debug_utils_label_ext(cx, cb);

        fn post_call_record_cmd_begin_video_coding_khr(&self, _cx, cb: VkCommandBuffer,
            _info: *const VkVideoBeginCodingInfoKHR, _result: ())
            => self.with_command_buffer(cb, |c| c.video_coding(true));

        fn post_call_record_cmd_end_video_coding_khr(&self, _cx, cb: VkCommandBuffer,
            _info: *const VkVideoEndCodingInfoKHR, _result: ())
            => self.with_command_buffer(cb, |c| c.video_coding(false));
    }

    // Image layouts that recorded commands transition or use: barriers, copies, clears; host transitions (layouts.rs).
    delegate_hooks! {
        fn post_call_record_cmd_pipeline_barrier(&self, cx, cb: VkCommandBuffer, _src: VkPipelineStageFlags,
            _dst: VkPipelineStageFlags, _flags: VkDependencyFlags, _memory_count: u32, _memory: *const VkMemoryBarrier,
            buffer_count: u32, buffers: *const VkBufferMemoryBarrier, image_count: u32,
            images: *const VkImageMemoryBarrier, _result: ())
            => self.after_cmd_pipeline_barrier(cx, cb, buffer_count, buffers, image_count, images);

        fn post_call_record_cmd_pipeline_barrier2(&self, cx, cb: VkCommandBuffer, info: *const VkDependencyInfo,
            _result: ())
            => self.after_cmd_pipeline_barrier2(cx, cb, info);

        fn post_call_record_cmd_copy_buffer_to_image(&self, cx, cb: VkCommandBuffer, _buffer: VkBuffer, image: VkImage,
            layout: VkImageLayout, count: u32, regions: *const VkBufferImageCopy, _result: ())
            => self.after_cmd_copy_buffer_to_image(cx, cb, image, layout, count, regions);

        fn post_call_record_cmd_copy_image_to_buffer(&self, cx, cb: VkCommandBuffer, image: VkImage,
            layout: VkImageLayout, _buffer: VkBuffer, count: u32, regions: *const VkBufferImageCopy, _result: ())
            => self.after_cmd_copy_image_to_buffer(cx, cb, image, layout, count, regions);

        fn post_call_record_cmd_copy_image(&self, cx, cb: VkCommandBuffer, src: VkImage, src_layout: VkImageLayout,
            dst: VkImage, dst_layout: VkImageLayout, count: u32, regions: *const VkImageCopy, _result: ())
            => self.after_cmd_copy_image(cx, cb, src, src_layout, dst, dst_layout, count, regions);

        fn post_call_record_cmd_clear_color_image(&self, cx, cb: VkCommandBuffer, image: VkImage, layout: VkImageLayout,
            _color: *const VkClearColorValue, count: u32, ranges: *const VkImageSubresourceRange, _result: ())
            => self.after_cmd_clear_color_image(cx, cb, image, layout, count, ranges);

        fn post_call_record_transition_image_layout(&self, cx, _device: VkDevice, count: u32,
            transitions: *const VkHostImageLayoutTransitionInfo, result: VkResult)
            => self.after_transition_image_layout(cx, count, transitions, result);
    }

    // Draw state (`Recording::draw`), kept while core is on (recording.rs).
    delegate_hooks! {
        fn post_call_record_cmd_bind_pipeline(&self, cx, _cb: VkCommandBuffer, point: VkPipelineBindPoint,
            pipeline: VkPipeline, _result: ())
            => self.after_cmd_bind_pipeline(cx, point, pipeline);

        fn post_call_record_cmd_bind_descriptor_sets(&self, cx, _cb: VkCommandBuffer, point: VkPipelineBindPoint,
            layout: VkPipelineLayout, first: u32, count: u32, sets: *const VkDescriptorSet, _dynamic_count: u32,
            _dynamic: *const u32, _result: ())
            => self.after_cmd_bind_descriptor_sets(cx, point, layout, first, count, sets);

        fn post_call_record_cmd_bind_shaders_ext(&self, cx, _cb: VkCommandBuffer, count: u32,
            stages: *const VkShaderStageFlagBits, shaders: *const VkShaderEXT, _result: ())
            // SAFETY: the call's arrays of `count`.
            => unsafe { self.after_cmd_bind_shaders(cx, count, stages, shaders) };

        fn post_call_record_cmd_push_constants(&self, cx, _cb: VkCommandBuffer, layout: VkPipelineLayout,
            _stages: VkShaderStageFlags, _offset: u32, _size: u32, _values: *const core::ffi::c_void, _result: ())
            => self.pushed(cx, layout);

        fn post_call_record_cmd_push_constants2(&self, cx, _cb: VkCommandBuffer, info: *const VkPushConstantsInfo,
            _result: ())
            => self.after_cmd_push_constants2(cx, info);

        fn post_call_record_cmd_bind_descriptor_sets2(&self, cx, _cb: VkCommandBuffer,
            info: *const VkBindDescriptorSetsInfo, _result: ())
            => self.after_cmd_bind_descriptor_sets2(cx, info);

        #[allow(clippy::too_many_arguments)]
        fn post_call_record_cmd_set_descriptor_buffer_offsets_ext(&self, cx, _cb: VkCommandBuffer,
            point: VkPipelineBindPoint, _layout: VkPipelineLayout, first: u32, count: u32, _indices: *const u32,
            _offsets: *const VkDeviceSize, _result: ())
            => self.after_cmd_set_descriptor_buffer_offsets(cx, std::iter::once(point.0), first, count);

        fn post_call_record_cmd_set_descriptor_buffer_offsets2_ext(&self, cx, _cb: VkCommandBuffer,
            info: *const VkSetDescriptorBufferOffsetsInfoEXT, _result: ())
            => self.after_cmd_set_descriptor_buffer_offsets2_ext(cx, info);

        fn post_call_record_cmd_set_viewport(&self, cx, _cb: VkCommandBuffer, _first: u32, _count: u32,
            _viewports: *const VkViewport, _result: ())
            => self.dynamic_state_set(cx, VkDynamicState::VK_DYNAMIC_STATE_VIEWPORT);

        fn post_call_record_cmd_set_scissor(&self, cx, _cb: VkCommandBuffer, _first: u32, _count: u32,
            _scissors: *const VkRect2D, _result: ())
            => self.dynamic_state_set(cx, VkDynamicState::VK_DYNAMIC_STATE_SCISSOR);

        fn post_call_record_cmd_bind_index_buffer(&self, cx, _cb: VkCommandBuffer, buffer: VkBuffer,
            offset: VkDeviceSize, index_type: VkIndexType, _result: ())
            => self.index_buffer_bound(cx, buffer, offset, VK_WHOLE_SIZE, index_type);

        fn post_call_record_cmd_bind_index_buffer2(&self, cx, _cb: VkCommandBuffer, buffer: VkBuffer,
            offset: VkDeviceSize, size: VkDeviceSize, index_type: VkIndexType, _result: ())
            => self.index_buffer_bound(cx, buffer, offset, size, index_type);

        fn post_call_record_cmd_bind_vertex_buffers(&self, cx, _cb: VkCommandBuffer, first: u32, count: u32,
            buffers: *const VkBuffer, offsets: *const VkDeviceSize, _result: ())
            // SAFETY: the arrays the application passed.
            => unsafe { self.vertex_buffers_bound(cx, (first, count), Some((buffers, offsets, std::ptr::null()))) };

        fn post_call_record_cmd_bind_vertex_buffers2(&self, cx, _cb: VkCommandBuffer, first: u32, count: u32,
            buffers: *const VkBuffer, offsets: *const VkDeviceSize, sizes: *const VkDeviceSize,
            _strides: *const VkDeviceSize, _result: ())
            => self.after_cmd_bind_vertex_buffers2(cx, first, count, buffers, offsets, sizes);

        fn post_call_record_cmd_bind_vertex_buffers3_khr(&self, cx, _cb: VkCommandBuffer, first: u32, count: u32,
            _infos: *const VkBindVertexBuffer3InfoKHR, _result: ())
            // SAFETY: no arrays (bound by address: the ranges are not followed).
            => unsafe { self.vertex_buffers_bound(cx, (first, count), None) };
    }

    // Queries (queries.rs).
    delegate_hooks! {
        fn post_call_record_create_query_pool(&self, cx, _device: VkDevice, info: *const VkQueryPoolCreateInfo,
            _allocator: *const VkAllocationCallbacks, pool: *mut VkQueryPool, result: VkResult)
            => self.after_create_query_pool(cx, info, pool, result);

        fn post_call_record_cmd_begin_query(&self, cx, cb: VkCommandBuffer, pool: VkQueryPool, query: u32,
            _flags: VkQueryControlFlags, _result: ())
            => self.after_cmd_begin_query(cx, cb, pool, query);

        fn post_call_record_cmd_begin_query_indexed_ext(&self, cx, cb: VkCommandBuffer, pool: VkQueryPool, query: u32,
            _flags: VkQueryControlFlags, index: u32, _result: ())
            => self.after_cmd_begin_query_indexed_ext(cx, cb, pool, query, index);

        fn post_call_record_cmd_end_query(&self, cx, cb: VkCommandBuffer, pool: VkQueryPool, query: u32, _result: ())
            => self.after_cmd_end_query(cx, cb, pool, query);

        fn post_call_record_cmd_end_query_indexed_ext(&self, cx, cb: VkCommandBuffer, pool: VkQueryPool, query: u32,
            _index: u32, _result: ())
            => self.after_cmd_end_query_indexed_ext(cx, cb, pool, query);

        fn post_call_record_cmd_reset_query_pool(&self, cx, cb: VkCommandBuffer, pool: VkQueryPool, first: u32,
            count: u32, _result: ())
            => self.after_cmd_reset_query_pool(cx, cb, pool, first, count);

        fn post_call_record_cmd_write_timestamp(&self, cx, cb: VkCommandBuffer, _stage: VkPipelineStageFlagBits,
            pool: VkQueryPool, query: u32, _result: ())
            => self.after_cmd_write_timestamp(cx, cb, pool, query);

        fn post_call_record_cmd_write_timestamp2(&self, cx, cb: VkCommandBuffer, _stage: VkPipelineStageFlags2,
            pool: VkQueryPool, query: u32, _result: ())
            => self.after_cmd_write_timestamp2(cx, cb, pool, query);

        fn post_call_record_reset_query_pool(&self, _cx, _device: VkDevice, pool: VkQueryPool, first: u32, count: u32,
            _result: ())
            => self.queries_reset(pool, first, count);
    }

    // Events (events.rs).
    delegate_hooks! {
        fn post_call_record_create_event(&self, cx, _device: VkDevice, info: *const VkEventCreateInfo,
            _allocator: *const VkAllocationCallbacks, event: *mut VkEvent, result: VkResult)
            => self.after_create_event(cx, info, event, result);

        fn post_call_record_cmd_set_event(&self, cx, cb: VkCommandBuffer, event: VkEvent, mask: VkPipelineStageFlags,
            _result: ())
            => self.after_cmd_set_event(cx, cb, event, mask);

        fn post_call_record_cmd_set_event2(&self, cx, cb: VkCommandBuffer, event: VkEvent,
            _info: *const VkDependencyInfo, _result: ())
            => self.after_cmd_set_event2(cx, cb, event);

        fn post_call_record_cmd_reset_event(&self, cx, cb: VkCommandBuffer, event: VkEvent, _mask: VkPipelineStageFlags,
            _result: ())
            => self.after_cmd_reset_event(cx, cb, event);

        fn post_call_record_cmd_reset_event2(&self, cx, cb: VkCommandBuffer, event: VkEvent,
            _mask: VkPipelineStageFlags2, _result: ())
            => self.after_cmd_reset_event2(cx, cb, event);
    }

    // Queues: retrieval, submissions, idle waits (queues.rs).
    delegate_hooks! {
        fn post_call_record_get_device_queue(&self, cx, _device: VkDevice, family: u32, _index: u32,
            queue: *mut VkQueue, _result: ())
            => self.after_get_device_queue(cx, family, queue);

        fn post_call_record_get_device_queue2(&self, cx, _device: VkDevice, info: *const VkDeviceQueueInfo2,
            queue: *mut VkQueue, _result: ())
            => self.after_get_device_queue2(cx, info, queue);

        fn post_call_record_queue_submit(&self, _cx, queue: VkQueue, count: u32, submits: *const VkSubmitInfo,
            fence: VkFence, result: VkResult)
            => self.after_queue_submit(queue, count, submits, fence, result);

        fn post_call_record_queue_submit2(&self, _cx, queue: VkQueue, count: u32, submits: *const VkSubmitInfo2,
            fence: VkFence, result: VkResult)
            => self.after_queue_submit2(queue, count, submits, fence, result);

        fn post_call_record_queue_bind_sparse(&self, _cx, queue: VkQueue, count: u32, infos: *const VkBindSparseInfo,
            fence: VkFence, result: VkResult)
            => self.after_queue_bind_sparse(queue, count, infos, fence, result);

        fn post_call_record_queue_wait_idle(&self, _cx, queue: VkQueue, result: VkResult)
            => self.after_queue_wait_idle(queue, result);

        fn post_call_record_device_wait_idle(&self, _cx, _device: VkDevice, result: VkResult)
            => self.after_device_wait_idle(result);
    }

    // Fences (fences.rs).
    delegate_hooks! {
        fn post_call_record_create_fence(&self, cx, _device: VkDevice, info: *const VkFenceCreateInfo,
            _allocator: *const VkAllocationCallbacks, fence: *mut VkFence, result: VkResult)
            => self.after_create_fence(cx, info, fence, result);

        fn post_call_record_wait_for_fences(&self, _cx, _device: VkDevice, count: u32, fences: *const VkFence,
            wait_all: VkBool32, _timeout: u64, result: VkResult)
            => self.after_wait_for_fences(count, fences, wait_all, result);

        fn post_call_record_get_fence_status(&self, _cx, _device: VkDevice, fence: VkFence, result: VkResult)
            => self.after_get_fence_status(fence, result);

        fn post_call_record_reset_fences(&self, _cx, _device: VkDevice, count: u32, fences: *const VkFence,
            result: VkResult)
            => self.after_reset_fences(count, fences, result);
    }

    // Semaphores: binary payloads and timeline values (semaphores.rs).
    delegate_hooks! {
        fn post_call_record_create_semaphore(&self, cx, _device: VkDevice, info: *const VkSemaphoreCreateInfo,
            _allocator: *const VkAllocationCallbacks, semaphore: *mut VkSemaphore, result: VkResult)
            => self.after_create_semaphore(cx, info, semaphore, result);

        fn post_call_record_import_semaphore_fd_khr(&self, _cx, _device: VkDevice,
            info: *const VkImportSemaphoreFdInfoKHR, result: VkResult)
            => self.after_import_semaphore_fd_khr(info, result);

        fn post_call_record_import_semaphore_win32_handle_khr(&self, _cx, _device: VkDevice,
            info: *const VkImportSemaphoreWin32HandleInfoKHR, result: VkResult)
            => self.after_import_semaphore_win32_handle_khr(info, result);

        fn post_call_record_import_semaphore_zircon_handle_fuchsia(&self, _cx, _device: VkDevice,
            info: *const VkImportSemaphoreZirconHandleInfoFUCHSIA, result: VkResult)
            => self.after_import_semaphore_zircon_handle_fuchsia(info, result);

        fn post_call_record_wait_semaphores(&self, _cx, _device: VkDevice, info: *const VkSemaphoreWaitInfo,
            _timeout: u64, result: VkResult)
            => self.after_wait_semaphores(info, result);

        fn post_call_record_get_semaphore_counter_value(&self, _cx, _device: VkDevice, semaphore: VkSemaphore,
            value: *mut u64, result: VkResult)
            => self.after_get_semaphore_counter_value(semaphore, value, result);

        fn post_call_record_signal_semaphore(&self, _cx, _device: VkDevice, info: *const VkSemaphoreSignalInfo,
            result: VkResult)
            => self.after_signal_semaphore(info, result);
    }

    // Swapchains: images, acquisition, presentation (swapchains.rs).
    delegate_hooks! {
        fn post_call_record_acquire_next_image2_khr(&self, _cx, _device: VkDevice,
            info: *const VkAcquireNextImageInfoKHR, index: *mut u32, result: VkResult)
            => self.after_acquire_next_image2_khr(info, index, result);

        fn post_call_record_acquire_next_image_khr(&self, _cx, _device: VkDevice, swapchain: VkSwapchainKHR,
            _timeout: u64, semaphore: VkSemaphore, fence: VkFence, index: *mut u32, result: VkResult)
            => self.after_acquire_next_image_khr(swapchain, semaphore, fence, index, result);

        fn post_call_record_queue_present_khr(&self, _cx, _queue: VkQueue, info: *const VkPresentInfoKHR,
            result: VkResult)
            => self.after_queue_present_khr(info, result);

        fn post_call_record_create_swapchain_khr(&self, cx, _device: VkDevice, info: *const VkSwapchainCreateInfoKHR,
            _allocator: *const VkAllocationCallbacks, swapchain: *mut VkSwapchainKHR, result: VkResult)
            => self.after_create_swapchain_khr(cx, info, swapchain, result);

        fn post_call_record_get_swapchain_images_khr(&self, cx, _device: VkDevice, swapchain: VkSwapchainKHR,
            count: *mut u32, images: *mut VkImage, result: VkResult)
            => self.after_get_swapchain_images_khr(cx, swapchain, count, images, result);
    }
}
