//! The tracker's hooks: the generic route for every command that creates, retrieves, destroys or
//! names objects, and the typed hooks of the commands whose effects the concern modules record.

use std::sync::PoisonError;

use vigil_generated::objects::*;
use vigil_generated::*;

use super::StateTracker;
use crate::chassis::raw::slice;
use crate::chassis::{hooks, Call, Hooks, Phase, ValidationObject};
use crate::state::command_buffers::RenderPassInstance;
use crate::state::events::SetBy;
use crate::state::images::{dependency_barriers, ImageBarrier};
use crate::state::objects::{OBJECTS, TYPES};
use crate::state::pipelines::PipelineDesc;
use crate::state::queries::QueryCommand;
use crate::state::submissions::{self, Submission};

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
        self.idle.get(cx.command / 64).is_none_or(|w| w >> (cx.command % 64) & 1 == 0)
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
            Role::Create { .. } | Role::Retrieve { .. } => self.record(command, cx.params, result),
            Role::Use if self.references => self.refer(cx),
            _ => {}
        }
    }

    fn pre_call_record_destroy_device(
        &self,
        cx: &Call<'_>,
        device: VkDevice,
        _allocator: *const VkAllocationCallbacks,
    ) {
        self.before_destroy_device(cx, device);
    }

    fn post_call_record_create_image(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkImageCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        image: *mut VkImage,
        result: VkResult,
    ) {
        self.after_create_image(cx, info, image, result);
    }

    fn post_call_record_create_image_view(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkImageViewCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        view: *mut VkImageView,
        result: VkResult,
    ) {
        self.after_create_image_view(cx, info, view, result);
    }

    fn post_call_record_create_render_pass(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkRenderPassCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        render_pass: *mut VkRenderPass,
        result: VkResult,
    ) {
        self.after_create_render_pass(cx, info, render_pass, result);
    }

    fn post_call_record_create_render_pass2(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkRenderPassCreateInfo2,
        _allocator: *const VkAllocationCallbacks,
        render_pass: *mut VkRenderPass,
        result: VkResult,
    ) {
        self.after_create_render_pass2(cx, info, render_pass, result);
    }

    fn post_call_record_create_framebuffer(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkFramebufferCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        framebuffer: *mut VkFramebuffer,
        result: VkResult,
    ) {
        self.after_create_framebuffer(cx, info, framebuffer, result);
    }

    fn post_call_record_create_descriptor_set_layout(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkDescriptorSetLayoutCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        layout: *mut VkDescriptorSetLayout,
        result: VkResult,
    ) {
        self.after_create_descriptor_set_layout(cx, info, layout, result);
    }

    fn post_call_record_create_pipeline_layout(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkPipelineLayoutCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        layout: *mut VkPipelineLayout,
        result: VkResult,
    ) {
        self.after_create_pipeline_layout(cx, info, layout, result);
    }

    fn post_call_record_create_graphics_pipelines(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        _cache: VkPipelineCache,
        count: u32,
        infos: *const VkGraphicsPipelineCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        pipelines: *mut VkPipeline,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as many pipelines written as create infos passed (null where one failed).
        let (infos, created) = unsafe { (slice(infos, count), slice(pipelines, count)) };
        self.pipelines_created(cx, 0, created, |i| unsafe { PipelineDesc::graphics(&infos[i]) });
    }

    fn post_call_record_create_compute_pipelines(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        _cache: VkPipelineCache,
        count: u32,
        infos: *const VkComputePipelineCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        pipelines: *mut VkPipeline,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as for vkCreateGraphicsPipelines.
        let (infos, created) = unsafe { (slice(infos, count), slice(pipelines, count)) };
        self.pipelines_created(cx, 1, created, |i| unsafe { PipelineDesc::compute(&infos[i]) });
    }

    fn post_call_record_allocate_descriptor_sets(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkDescriptorSetAllocateInfo,
        sets: *mut VkDescriptorSet,
        result: VkResult,
    ) {
        self.after_allocate_descriptor_sets(cx, info, sets, result);
    }

    fn post_call_record_cmd_bind_pipeline(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        point: VkPipelineBindPoint,
        pipeline: VkPipeline,
        _result: (),
    ) {
        self.after_cmd_bind_pipeline(cx, point, pipeline);
    }

    fn post_call_record_cmd_bind_descriptor_sets(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        point: VkPipelineBindPoint,
        layout: VkPipelineLayout,
        first: u32,
        count: u32,
        sets: *const VkDescriptorSet,
        _dynamic_count: u32,
        _dynamic: *const u32,
        _result: (),
    ) {
        self.after_cmd_bind_descriptor_sets(cx, point, layout, first, count, sets);
    }

    fn post_call_record_allocate_memory(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkMemoryAllocateInfo,
        _allocator: *const VkAllocationCallbacks,
        memory: *mut VkDeviceMemory,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: the call succeeded: a valid allocate info, and the memory written.
        if let (true, Some(info), Some(memory)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { memory.as_ref() })
        {
            unsafe { self.memory_allocated(cx.device(), info, memory.as_raw()) };
        }
    }

    fn post_call_record_create_buffer(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkBufferCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        buffer: *mut VkBuffer,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as for vkCreateImage.
        if let (true, Some(info), Some(buffer)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { buffer.as_ref() })
        {
            unsafe { self.buffer_created(info, buffer.as_raw()) };
        }
    }

    fn post_call_record_bind_buffer_memory(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        buffer: VkBuffer,
        memory: VkDeviceMemory,
        offset: VkDeviceSize,
        result: VkResult,
    ) {
        if !self.typed {
            return;
        }
        if result == VkResult::VK_SUCCESS {
            self.buffer_bound(buffer, memory, offset);
        }
    }

    fn post_call_record_bind_buffer_memory2(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        infos: *const VkBindBufferMemoryInfo,
        result: VkResult,
    ) {
        if !self.typed {
            return;
        }
        // A failed call leaves every binding undefined: none is recorded.
        if result == VkResult::VK_SUCCESS {
            // SAFETY: `count` bind infos the implementation accepted.
            for b in unsafe { slice(infos, count) } {
                self.buffer_bound(b.buffer, b.memory, b.memoryOffset);
            }
        }
    }

    fn post_call_record_bind_image_memory(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        image: VkImage,
        memory: VkDeviceMemory,
        offset: VkDeviceSize,
        result: VkResult,
    ) {
        if !self.typed {
            return;
        }
        if result == VkResult::VK_SUCCESS {
            self.image_bound(image, memory, offset);
        }
    }

    fn post_call_record_bind_image_memory2(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        infos: *const VkBindImageMemoryInfo,
        result: VkResult,
    ) {
        if !self.typed {
            return;
        }
        self.after_bind_image_memory2(count, infos, result);
    }

    fn post_call_record_map_memory(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        memory: VkDeviceMemory,
        offset: VkDeviceSize,
        size: VkDeviceSize,
        _flags: VkMemoryMapFlags,
        _data: *mut *mut core::ffi::c_void,
        result: VkResult,
    ) {
        if !self.typed {
            return;
        }
        if result == VkResult::VK_SUCCESS {
            self.memory_mapped(memory, offset, size);
        }
    }

    fn post_call_record_map_memory2(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkMemoryMapInfo,
        _data: *mut *mut core::ffi::c_void,
        result: VkResult,
    ) {
        if !self.typed {
            return;
        }
        // SAFETY: the map info the implementation accepted.
        if let Some(info) = unsafe { info.as_ref() }.filter(|_| result == VkResult::VK_SUCCESS) {
            self.memory_mapped(info.memory, info.offset, info.size);
        }
    }

    fn post_call_record_unmap_memory(&self, _cx: &Call<'_>, _device: VkDevice, memory: VkDeviceMemory, _result: ()) {
        if !self.typed {
            return;
        }
        self.memory_unmapped(memory);
    }

    fn post_call_record_unmap_memory2(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkMemoryUnmapInfo,
        result: VkResult,
    ) {
        if !self.typed {
            return;
        }
        // SAFETY: the unmap info the implementation accepted.
        if let Some(info) = unsafe { info.as_ref() }.filter(|_| result == VkResult::VK_SUCCESS) {
            self.memory_unmapped(info.memory);
        }
    }

    fn post_call_record_cmd_pipeline_barrier(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _src: VkPipelineStageFlags,
        _dst: VkPipelineStageFlags,
        _flags: VkDependencyFlags,
        _memory_count: u32,
        _memory: *const VkMemoryBarrier,
        buffer_count: u32,
        buffers: *const VkBufferMemoryBarrier,
        image_count: u32,
        images: *const VkImageMemoryBarrier,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: `image_count` and `buffer_count` barriers, as the application passed them.
        let (barriers, buffers) = unsafe { (slice(images, image_count), slice(buffers, buffer_count)) };
        self.barriers(cb, barriers.iter().map(ImageBarrier::from));
        let buffers =
            buffers.iter().map(|b| (b.buffer.as_raw(), b.srcQueueFamilyIndex, b.dstQueueFamilyIndex, b.offset, b.size));
        self.ownership_transfers(cx, cb.as_raw(), buffers, barriers.iter().map(ImageBarrier::from));
    }

    fn post_call_record_cmd_pipeline_barrier2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkDependencyInfo,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: the dependency info the application passed.
        let barriers = unsafe { dependency_barriers(info) };
        self.barriers(cb, barriers.iter().map(ImageBarrier::from));
        // SAFETY: as above.
        let buffers = unsafe { info.as_ref() }
            .map_or(&[][..], |i| unsafe { slice(i.pBufferMemoryBarriers, i.bufferMemoryBarrierCount) });
        let buffers =
            buffers.iter().map(|b| (b.buffer.as_raw(), b.srcQueueFamilyIndex, b.dstQueueFamilyIndex, b.offset, b.size));
        self.ownership_transfers(cx, cb.as_raw(), buffers, barriers.iter().map(ImageBarrier::from));
    }

    fn post_call_record_cmd_copy_buffer_to_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _buffer: VkBuffer,
        image: VkImage,
        layout: VkImageLayout,
        count: u32,
        regions: *const VkBufferImageCopy,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: `count` regions, as the application passed them.
        let regions = unsafe { slice(regions, count) };
        self.used_in(cb, image, layout, |s| regions.iter().flat_map(|r| s.layers(&r.imageSubresource)).collect());
    }

    fn post_call_record_cmd_copy_image_to_buffer(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
        _buffer: VkBuffer,
        count: u32,
        regions: *const VkBufferImageCopy,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: as for vkCmdCopyBufferToImage.
        let regions = unsafe { slice(regions, count) };
        self.used_in(cb, image, layout, |s| regions.iter().flat_map(|r| s.layers(&r.imageSubresource)).collect());
    }

    fn post_call_record_cmd_copy_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        src: VkImage,
        src_layout: VkImageLayout,
        dst: VkImage,
        dst_layout: VkImageLayout,
        count: u32,
        regions: *const VkImageCopy,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: as for vkCmdCopyBufferToImage.
        let regions = unsafe { slice(regions, count) };
        self.used_in(cb, src, src_layout, |s| regions.iter().flat_map(|r| s.layers(&r.srcSubresource)).collect());
        self.used_in(cb, dst, dst_layout, |s| regions.iter().flat_map(|r| s.layers(&r.dstSubresource)).collect());
    }

    fn post_call_record_cmd_clear_color_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
        _color: *const VkClearColorValue,
        count: u32,
        ranges: *const VkImageSubresourceRange,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: `count` ranges, as the application passed them.
        let ranges = unsafe { slice(ranges, count) };
        self.used_in(cb, image, layout, |s| ranges.iter().flat_map(|r| s.range(r)).collect());
    }

    fn post_call_record_cmd_begin_render_pass(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderPassBeginInfo,
        contents: VkSubpassContents,
        _result: (),
    ) {
        self.after_cmd_begin_render_pass(cx, cb, info, contents.0 != 0);
    }

    fn post_call_record_cmd_begin_render_pass2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderPassBeginInfo,
        subpass: *const VkSubpassBeginInfo,
        _result: (),
    ) {
        // SAFETY: the subpass begin info the application passed.
        let secondaries = unsafe { subpass.as_ref() }.is_some_and(|s| s.contents.0 != 0);
        self.after_cmd_begin_render_pass2(cx, cb, info, secondaries);
    }

    fn post_call_record_cmd_begin_rendering(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderingInfo,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: the rendering info the application passed.
        unsafe { self.rendering_begun(cb, info) };
        // SAFETY: as above.
        let (view_mask, colors, flags) =
            unsafe { info.as_ref() }.map_or((0, 0, 0), |i| (i.viewMask, i.colorAttachmentCount, i.flags.0));
        // SAFETY: as above.
        let targets = unsafe { self.rendering_targets(info) };
        let instance = RenderPassInstance::Rendering { view_mask, colors, flags };
        self.with_command_buffer(cb, |c| c.render_pass_instance(Some(instance), targets));
        // SAFETY: as above.
        let read_only =
            unsafe { info.as_ref() }.map_or(0, |i| unsafe { crate::state::render_passes::read_only_rendering(i) });
        let aspects = crate::state::render_passes::ReadOnlyAspects { subpasses: 0, current: read_only };
        self.with_command_buffer(cb, |c| c.instance_rules(aspects, None));
        // SAFETY: as above.
        unsafe { self.clear_area_of_rendering(cb, info) };
    }

    fn post_call_record_cmd_next_subpass(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        contents: VkSubpassContents,
        _result: (),
    ) {
        self.with_command_buffer(cb, |c| c.next_subpass(contents.0 != 0));
    }

    fn post_call_record_cmd_next_subpass2(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        begin: *const VkSubpassBeginInfo,
        _end: *const VkSubpassEndInfo,
        _result: (),
    ) {
        // SAFETY: the subpass begin info the application passed.
        let secondaries = unsafe { begin.as_ref() }.is_some_and(|b| b.contents.0 != 0);
        self.with_command_buffer(cb, |c| c.next_subpass(secondaries));
    }

    fn post_call_record_cmd_end_render_pass(&self, _cx: &Call<'_>, cb: VkCommandBuffer, _result: ()) {
        self.render_pass_instance(cb, None);
    }

    fn post_call_record_cmd_end_render_pass2(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        _info: *const VkSubpassEndInfo,
        _result: (),
    ) {
        self.render_pass_instance(cb, None);
    }

    fn post_call_record_cmd_end_rendering(&self, _cx: &Call<'_>, cb: VkCommandBuffer, _result: ()) {
        self.render_pass_instance(cb, None);
    }

    fn post_call_record_cmd_set_rendering_attachment_locations(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderingAttachmentLocationInfo,
        _result: (),
    ) {
        // SAFETY: the location info the application passed.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        // SAFETY: as above.
        let locations = unsafe { crate::state::local_read::locations_of(info) };
        self.with_command_buffer(cb, |c| c.mapped(|m| m.locations = locations));
    }

    fn post_call_record_cmd_set_rendering_input_attachment_indices(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderingInputAttachmentIndexInfo,
        _result: (),
    ) {
        // SAFETY: the index info the application passed.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        // SAFETY: as above.
        let inputs = unsafe { crate::state::local_read::inputs_of(info) };
        self.with_command_buffer(cb, |c| c.mapped(|m| m.inputs = Some(inputs)));
    }

    fn post_call_record_cmd_begin_custom_resolve_ext(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        _info: *const VkBeginCustomResolveInfoEXT,
        _result: (),
    ) {
        self.with_command_buffer(cb, |c| c.custom_resolve());
    }

    fn post_call_record_cmd_end_rendering2_khr(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        _info: *const VkRenderingEndInfoKHR,
        _result: (),
    ) {
        self.render_pass_instance(cb, None);
    }

    fn post_call_record_cmd_begin_conditional_rendering_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _info: *const VkConditionalRenderingBeginInfoEXT,
        _result: (),
    ) {
        self.conditional_rendering_recorded(cx, cb, true);
    }

    fn post_call_record_cmd_end_conditional_rendering_ext(&self, cx: &Call<'_>, cb: VkCommandBuffer, _result: ()) {
        self.conditional_rendering_recorded(cx, cb, false);
    }

    fn post_call_record_cmd_begin_transform_feedback_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _first: u32,
        _count: u32,
        _buffers: *const VkBuffer,
        _offsets: *const VkDeviceSize,
        _result: (),
    ) {
        self.transform_feedback_recorded(cx, cb, true);
    }

    fn post_call_record_cmd_end_transform_feedback_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _first: u32,
        _count: u32,
        _buffers: *const VkBuffer,
        _offsets: *const VkDeviceSize,
        _result: (),
    ) {
        self.transform_feedback_recorded(cx, cb, false);
    }

    fn post_call_record_cmd_begin_debug_utils_label_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _label: *const VkDebugUtilsLabelEXT,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.with_command_buffer(cb, |c| c.label(true));
    }

    fn post_call_record_cmd_end_debug_utils_label_ext(&self, cx: &Call<'_>, cb: VkCommandBuffer, _result: ()) {
        self.post_record_call(cx, None);
        self.with_command_buffer(cb, |c| c.label(false));
    }

    fn post_call_record_cmd_begin_video_coding_khr(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        _info: *const VkVideoBeginCodingInfoKHR,
        _result: (),
    ) {
        self.with_command_buffer(cb, |c| c.video_coding(true));
    }

    fn post_call_record_cmd_end_video_coding_khr(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        _info: *const VkVideoEndCodingInfoKHR,
        _result: (),
    ) {
        self.with_command_buffer(cb, |c| c.video_coding(false));
    }

    fn post_call_record_transition_image_layout(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        transitions: *const VkHostImageLayoutTransitionInfo,
        result: VkResult,
    ) {
        self.after_transition_image_layout(cx, count, transitions, result);
    }

    fn post_call_record_create_command_pool(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkCommandPoolCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        pool: *mut VkCommandPool,
        result: VkResult,
    ) {
        self.after_create_command_pool(cx, info, pool, result);
    }

    fn post_call_record_allocate_command_buffers(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkCommandBufferAllocateInfo,
        buffers: *mut VkCommandBuffer,
        result: VkResult,
    ) {
        self.after_allocate_command_buffers(cx, info, buffers, result);
    }

    fn post_call_record_create_fence(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkFenceCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        fence: *mut VkFence,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: a valid create info, and the fence written.
        let (Some(info), Some(fence)) = (unsafe { info.as_ref() }, unsafe { fence.as_ref() }) else { return };
        let signaled = info.flags.0 & VkFenceCreateFlags::VK_FENCE_CREATE_SIGNALED_BIT.0 != 0;
        if result.0 >= 0 && signaled {
            self.fence_signaled(fence.as_raw());
        }
    }

    fn post_call_record_create_semaphore(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSemaphoreCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        semaphore: *mut VkSemaphore,
        result: VkResult,
    ) {
        self.after_create_semaphore(cx, info, semaphore, result);
    }

    fn post_call_record_get_device_queue(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        family: u32,
        _index: u32,
        queue: *mut VkQueue,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: the call wrote the queue.
        let queue = unsafe { queue.as_ref() }.map_or(0, |q| q.as_raw());
        self.queue_retrieved(queue);
        self.queue_family(cx, queue, family);
    }

    fn post_call_record_get_device_queue2(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkDeviceQueueInfo2,
        queue: *mut VkQueue,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: the call wrote the queue, from the queue info it read.
        let queue = unsafe { queue.as_ref() }.map_or(0, |q| q.as_raw());
        self.queue_retrieved(queue);
        if let Some(info) = unsafe { info.as_ref() } {
            self.queue_family(cx, queue, info.queueFamilyIndex);
            if info.flags.0 & VkDeviceQueueCreateFlags::VK_DEVICE_QUEUE_CREATE_PROTECTED_BIT.0 != 0 {
                self.queue_protected(queue);
            }
        }
    }

    fn post_call_record_begin_command_buffer(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkCommandBufferBeginInfo,
        result: VkResult,
    ) {
        // SAFETY: the call succeeded with this begin info.
        let usage = unsafe { info.as_ref() }.map_or(0, |i| i.flags.0);
        if result.0 >= 0 {
            self.with_command_buffer(cb, |c| {
                // A primary's inheritance info is ignored (it may dangle): read only a
                // secondary's. SAFETY: as above.
                let inherited = if c.secondary() { unsafe { self.inherited(info) } } else { None };
                // SAFETY: as above.
                let viewport_scissor_2d = c.secondary() && unsafe { viewport_scissor_2d(info) };
                c.begun(usage, inherited, viewport_scissor_2d)
            });
        }
    }

    fn post_call_record_end_command_buffer(&self, _cx: &Call<'_>, cb: VkCommandBuffer, result: VkResult) {
        self.with_command_buffer(cb, |c| c.ended(result));
    }

    fn post_call_record_reset_command_buffer(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        _flags: VkCommandBufferResetFlags,
        result: VkResult,
    ) {
        if result.0 >= 0 {
            self.with_command_buffer(cb, |c| c.reset());
        }
    }

    fn post_call_record_reset_command_pool(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        pool: VkCommandPool,
        _flags: VkCommandPoolResetFlags,
        result: VkResult,
    ) {
        let Some(pool) = self.get(TYPES.command_pool, pool.as_raw()).filter(|_| result.0 >= 0) else { return };
        for cb in OBJECTS.children(&pool) {
            if let Some(c) = cb.command_buffer() {
                c.reset();
            }
        }
    }

    fn pre_call_record_cmd_execute_commands(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        count: u32,
        secondaries: *const VkCommandBuffer,
    ) {
        self.before_cmd_execute_commands(cb, count, secondaries);
    }

    fn post_call_record_queue_submit(
        &self,
        _cx: &Call<'_>,
        queue: VkQueue,
        count: u32,
        submits: *const VkSubmitInfo,
        fence: VkFence,
        result: VkResult,
    ) {
        let Some(q) = self.get(TYPES.queue, queue.as_raw()).filter(|_| result.0 >= 0) else { return };
        // SAFETY: the call succeeded: `count` valid submit infos.
        let submits = unsafe { slice(submits, count) };
        let primaries = submits.iter().flat_map(|s| unsafe { slice(s.pCommandBuffers, s.commandBufferCount) });
        self.apply_layouts(primaries.clone().map(|cb| cb.as_raw()));
        self.submitted_transfers(primaries.map(|cb| cb.as_raw()));
        let mut batches: Vec<Submission> = submits.iter().map(|s| unsafe { self.submit_info(s) }).collect();
        self.submit(&q, &mut batches, fence);
    }

    fn post_call_record_queue_submit2(
        &self,
        _cx: &Call<'_>,
        queue: VkQueue,
        count: u32,
        submits: *const VkSubmitInfo2,
        fence: VkFence,
        result: VkResult,
    ) {
        let Some(q) = self.get(TYPES.queue, queue.as_raw()).filter(|_| result.0 >= 0) else { return };
        // SAFETY: the call succeeded: `count` valid submit infos.
        let submits = unsafe { slice(submits, count) };
        let infos = submits.iter().flat_map(|s| unsafe { slice(s.pCommandBufferInfos, s.commandBufferInfoCount) });
        self.apply_layouts(infos.clone().map(|i| i.commandBuffer.as_raw()));
        self.submitted_transfers(infos.map(|i| i.commandBuffer.as_raw()));
        let mut batches: Vec<Submission> = submits.iter().map(|s| unsafe { self.submit_info2(s) }).collect();
        self.submit(&q, &mut batches, fence);
    }

    fn post_call_record_queue_bind_sparse(
        &self,
        _cx: &Call<'_>,
        queue: VkQueue,
        count: u32,
        infos: *const VkBindSparseInfo,
        fence: VkFence,
        result: VkResult,
    ) {
        self.after_queue_bind_sparse(queue, count, infos, fence, result);
    }

    fn post_call_record_import_semaphore_fd_khr(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkImportSemaphoreFdInfoKHR,
        result: VkResult,
    ) {
        // SAFETY: the import info the application passed.
        if let (true, Some(info)) = (result.0 >= 0, unsafe { info.as_ref() }) {
            self.binary_payload(info.semaphore.as_raw(), None);
        }
    }

    fn post_call_record_import_semaphore_win32_handle_khr(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkImportSemaphoreWin32HandleInfoKHR,
        result: VkResult,
    ) {
        // SAFETY: the import info the application passed.
        if let (true, Some(info)) = (result.0 >= 0, unsafe { info.as_ref() }) {
            self.binary_payload(info.semaphore.as_raw(), None);
        }
    }

    fn post_call_record_import_semaphore_zircon_handle_fuchsia(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkImportSemaphoreZirconHandleInfoFUCHSIA,
        result: VkResult,
    ) {
        // SAFETY: the import info the application passed.
        if let (true, Some(info)) = (result.0 >= 0, unsafe { info.as_ref() }) {
            self.binary_payload(info.semaphore.as_raw(), None);
        }
    }

    fn post_call_record_acquire_next_image2_khr(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkAcquireNextImageInfoKHR,
        index: *mut u32,
        result: VkResult,
    ) {
        // SAFETY: the acquire info the application passed.
        let Some(info) = (unsafe { info.as_ref() }).filter(|_| result.0 >= 0) else { return };
        self.binary_payload(info.semaphore.as_raw(), Some(true));
        self.fence_signaled(info.fence.as_raw());
        // SAFETY: on success the driver wrote the index.
        self.image_acquired(info.swapchain.as_raw(), result, unsafe { index.as_ref() });
    }

    fn post_call_record_wait_for_fences(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        fences: *const VkFence,
        wait_all: VkBool32,
        _timeout: u64,
        result: VkResult,
    ) {
        self.after_wait_for_fences(count, fences, wait_all, result);
    }

    fn post_call_record_get_fence_status(&self, _cx: &Call<'_>, _device: VkDevice, fence: VkFence, result: VkResult) {
        if result == VkResult::VK_SUCCESS {
            if let Some(f) = self.get(TYPES.fence, fence.as_raw()) {
                submissions::fence_observed(&f);
            }
        }
    }

    fn post_call_record_reset_fences(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        fences: *const VkFence,
        result: VkResult,
    ) {
        self.after_reset_fences(count, fences, result);
    }

    fn post_call_record_queue_wait_idle(&self, _cx: &Call<'_>, queue: VkQueue, result: VkResult) {
        if let Some(q) = self.get(TYPES.queue, queue.as_raw()).filter(|_| result == VkResult::VK_SUCCESS) {
            submissions::queue_idle(&q);
        }
    }

    fn post_call_record_device_wait_idle(&self, _cx: &Call<'_>, _device: VkDevice, result: VkResult) {
        if result == VkResult::VK_SUCCESS {
            let queues = self.queues.lock().unwrap_or_else(PoisonError::into_inner).clone();
            queues.iter().for_each(submissions::queue_idle);
        }
    }

    fn post_call_record_wait_semaphores(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSemaphoreWaitInfo,
        _timeout: u64,
        result: VkResult,
    ) {
        self.after_wait_semaphores(info, result);
    }

    fn post_call_record_get_semaphore_counter_value(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        semaphore: VkSemaphore,
        value: *mut u64,
        result: VkResult,
    ) {
        if result != VkResult::VK_SUCCESS || value.is_null() {
            return;
        }
        if let Some(s) = self.get(TYPES.semaphore, semaphore.as_raw()) {
            // SAFETY: the call succeeded and wrote the value.
            submissions::timeline_observed(&s, unsafe { value.read() });
        }
    }

    fn post_call_record_acquire_next_image_khr(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        swapchain: VkSwapchainKHR,
        _timeout: u64,
        semaphore: VkSemaphore,
        fence: VkFence,
        index: *mut u32,
        result: VkResult,
    ) {
        self.after_acquire_next_image_khr(swapchain, semaphore, fence, index, result);
    }

    fn post_call_record_queue_present_khr(
        &self,
        _cx: &Call<'_>,
        _queue: VkQueue,
        info: *const VkPresentInfoKHR,
        result: VkResult,
    ) {
        self.after_queue_present_khr(info, result);
    }

    fn post_call_record_create_shader_module(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkShaderModuleCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        module: *mut VkShaderModule,
        result: VkResult,
    ) {
        self.after_create_shader_module(cx, info, module, result);
    }

    fn post_call_record_create_shaders_ext(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        infos: *const VkShaderCreateInfoEXT,
        _allocator: *const VkAllocationCallbacks,
        shaders: *mut VkShaderEXT,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // VK_INCOMPATIBLE_SHADER_BINARY_EXT (a success code) may leave some handles null.
        if result.0 >= 0 {
            // SAFETY: the call returned: its create infos, and the handles written.
            unsafe { self.after_create_shaders(count, infos, shaders) };
        }
    }

    fn post_call_record_cmd_bind_shaders_ext(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        count: u32,
        stages: *const VkShaderStageFlagBits,
        shaders: *const VkShaderEXT,
        _result: (),
    ) {
        // SAFETY: the call's arrays of `count`.
        unsafe { self.after_cmd_bind_shaders(cx, count, stages, shaders) };
    }

    fn post_call_record_cmd_push_constants(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        layout: VkPipelineLayout,
        _stages: VkShaderStageFlags,
        _offset: u32,
        _size: u32,
        _values: *const core::ffi::c_void,
        _result: (),
    ) {
        self.pushed(cx, layout);
    }

    fn post_call_record_cmd_push_constants2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        info: *const VkPushConstantsInfo,
        _result: (),
    ) {
        // SAFETY: the application's info, which the call read.
        let layout = unsafe { info.as_ref() }.map_or(VkPipelineLayout::null(), |i| i.layout);
        self.pushed(cx, layout);
    }

    fn post_call_record_cmd_bind_descriptor_sets2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        info: *const VkBindDescriptorSetsInfo,
        _result: (),
    ) {
        self.after_cmd_bind_descriptor_sets2(cx, info);
    }

    #[allow(clippy::too_many_arguments)]
    fn post_call_record_cmd_set_descriptor_buffer_offsets_ext(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        point: VkPipelineBindPoint,
        _layout: VkPipelineLayout,
        first: u32,
        count: u32,
        _indices: *const u32,
        _offsets: *const VkDeviceSize,
        _result: (),
    ) {
        self.after_cmd_set_descriptor_buffer_offsets(cx, std::iter::once(point.0), first, count);
    }

    fn post_call_record_cmd_set_descriptor_buffer_offsets2_ext(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        info: *const VkSetDescriptorBufferOffsetsInfoEXT,
        _result: (),
    ) {
        // SAFETY: the application's info, which the call read.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        let points = super::recording::stage_bind_points(info.stageFlags.0);
        self.after_cmd_set_descriptor_buffer_offsets(cx, points, info.firstSet, info.setCount);
    }

    // Queries, events and timeline semaphores (queries.rs, events.rs, timeline.rs).

    fn post_call_record_create_query_pool(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkQueryPoolCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        pool: *mut VkQueryPool,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: the call succeeded: a valid create info, and the pool written.
        if let (true, Some(info), Some(pool)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { pool.as_ref() }) {
            self.query_pool_created(info, pool.as_raw());
        }
    }

    fn post_call_record_create_event(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkEventCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        event: *mut VkEvent,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: the call succeeded: a valid create info, and the event written.
        if let (true, Some(info), Some(event)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { event.as_ref() }) {
            self.event_created(info, event.as_raw());
        }
    }

    fn post_call_record_cmd_begin_query(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
        _flags: VkQueryControlFlags,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::Begin { query, index: 0 });
    }

    fn post_call_record_cmd_begin_query_indexed_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
        _flags: VkQueryControlFlags,
        index: u32,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::Begin { query, index });
    }

    fn post_call_record_cmd_end_query(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::End { query });
    }

    fn post_call_record_cmd_end_query_indexed_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
        _index: u32,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::End { query });
    }

    fn post_call_record_cmd_reset_query_pool(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        first: u32,
        count: u32,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::Reset { first, count });
    }

    fn post_call_record_cmd_write_timestamp(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _stage: VkPipelineStageFlagBits,
        pool: VkQueryPool,
        query: u32,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::End { query });
    }

    fn post_call_record_cmd_write_timestamp2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _stage: VkPipelineStageFlags2,
        pool: VkQueryPool,
        query: u32,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::End { query });
    }

    fn post_call_record_cmd_set_event(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        event: VkEvent,
        mask: VkPipelineStageFlags,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.event_recorded(cb, event, Some(SetBy::Set(mask.0)));
    }

    fn post_call_record_cmd_set_event2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        event: VkEvent,
        _info: *const VkDependencyInfo,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.event_recorded(cb, event, Some(SetBy::Set2));
    }

    fn post_call_record_cmd_reset_event(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        event: VkEvent,
        _mask: VkPipelineStageFlags,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.event_recorded(cb, event, None);
    }

    fn post_call_record_cmd_reset_event2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        event: VkEvent,
        _mask: VkPipelineStageFlags2,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.event_recorded(cb, event, None);
    }

    fn post_call_record_cmd_execute_commands(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _count: u32,
        _secondaries: *const VkCommandBuffer,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.secondaries_executed(cb);
    }

    fn post_call_record_reset_query_pool(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        pool: VkQueryPool,
        first: u32,
        count: u32,
        _result: (),
    ) {
        self.queries_reset(pool, first, count);
    }

    fn post_call_record_signal_semaphore(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSemaphoreSignalInfo,
        result: VkResult,
    ) {
        // SAFETY: the call succeeded with this signal info.
        if let (VkResult::VK_SUCCESS, Some(info)) = (result, unsafe { info.as_ref() }) {
            self.timeline_reached(info.semaphore, info.value);
        }
    }
    fn post_call_record_create_swapchain_khr(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSwapchainCreateInfoKHR,
        _allocator: *const VkAllocationCallbacks,
        swapchain: *mut VkSwapchainKHR,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the create info the application passed; on success the driver wrote the handle.
        unsafe { self.swapchain_created(info, swapchain, result) };
    }
    // Draw state (`Recording::draw`), kept while core is on.

    fn post_call_record_cmd_set_viewport(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        _first: u32,
        _count: u32,
        _viewports: *const VkViewport,
        _result: (),
    ) {
        self.dynamic_state_set(cx, VkDynamicState::VK_DYNAMIC_STATE_VIEWPORT);
    }

    fn post_call_record_cmd_set_scissor(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        _first: u32,
        _count: u32,
        _scissors: *const VkRect2D,
        _result: (),
    ) {
        self.dynamic_state_set(cx, VkDynamicState::VK_DYNAMIC_STATE_SCISSOR);
    }

    fn post_call_record_cmd_bind_index_buffer(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        buffer: VkBuffer,
        offset: VkDeviceSize,
        index_type: VkIndexType,
        _result: (),
    ) {
        self.index_buffer_bound(cx, buffer, offset, VK_WHOLE_SIZE, index_type);
    }

    fn post_call_record_cmd_bind_index_buffer2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        buffer: VkBuffer,
        offset: VkDeviceSize,
        size: VkDeviceSize,
        index_type: VkIndexType,
        _result: (),
    ) {
        self.index_buffer_bound(cx, buffer, offset, size, index_type);
    }

    fn post_call_record_create_descriptor_pool(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkDescriptorPoolCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        pool: *mut VkDescriptorPool,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: the call succeeded: a valid create info, and the pool written.
        if let (true, Some(info), Some(pool)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { pool.as_ref() }) {
            unsafe { self.descriptor_pool_created(info, pool.as_raw()) };
        }
    }

    fn post_call_record_create_buffer_view(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkBufferViewCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        view: *mut VkBufferView,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as for vkCreateDescriptorPool.
        if let (true, Some(info), Some(view)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { view.as_ref() }) {
            unsafe { self.buffer_view_created(info, view.as_raw(), cx.device()) };
        }
    }

    fn post_call_record_create_sampler_ycbcr_conversion(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSamplerYcbcrConversionCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        conversion: *mut VkSamplerYcbcrConversion,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as for vkCreateDescriptorPool.
        if let (true, Some(info), Some(conversion)) =
            (result.0 >= 0, unsafe { info.as_ref() }, unsafe { conversion.as_ref() })
        {
            self.ycbcr_conversion_created(info, conversion.as_raw());
        }
    }

    fn post_call_record_create_sampler(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSamplerCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        sampler: *mut VkSampler,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as for vkCreateDescriptorPool.
        if let (true, Some(info), Some(sampler)) =
            (result.0 >= 0, unsafe { info.as_ref() }, unsafe { sampler.as_ref() })
        {
            unsafe { self.sampler_created(info, sampler.as_raw()) };
        }
    }

    fn post_call_record_update_descriptor_sets(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        write_count: u32,
        writes: *const VkWriteDescriptorSet,
        copy_count: u32,
        copies: *const VkCopyDescriptorSet,
        _result: (),
    ) {
        if !self.typed {
            return;
        }
        // SAFETY: the counted arrays the application passed to the call.
        unsafe { self.descriptors_updated(slice(writes, write_count), slice(copies, copy_count)) };
    }

    fn pre_call_record_free_descriptor_sets(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        pool: VkDescriptorPool,
        count: u32,
        sets: *const VkDescriptorSet,
    ) {
        if self.typed {
            // SAFETY: the counted sets the application passed.
            self.descriptor_sets_freed(pool, unsafe { slice(sets, count) });
        }
        self.pre_record_call(cx);
    }

    fn pre_call_record_reset_descriptor_pool(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        pool: VkDescriptorPool,
        _flags: VkDescriptorPoolResetFlags,
    ) {
        if self.typed {
            self.descriptor_pool_reset(pool);
        }
        self.pre_record_call(cx);
    }

    fn post_call_record_create_descriptor_update_template(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkDescriptorUpdateTemplateCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        template: *mut VkDescriptorUpdateTemplate,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: the call succeeded: a valid create info, and the template written.
        if let (true, Some(info), Some(t)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { template.as_ref() }) {
            unsafe { self.update_template_created(info, t.as_raw()) };
        }
    }

    fn post_call_record_update_descriptor_set_with_template(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        set: VkDescriptorSet,
        template: VkDescriptorUpdateTemplate,
        data: *const core::ffi::c_void,
        _result: (),
    ) {
        if !self.typed {
            return;
        }
        // SAFETY: the data the application passed, laid out as the template says.
        unsafe { self.updated_with_template(set, template, data as *const u8) };
    }

    fn post_call_record_cmd_bind_vertex_buffers(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        first: u32,
        count: u32,
        buffers: *const VkBuffer,
        offsets: *const VkDeviceSize,
        _result: (),
    ) {
        // SAFETY: the arrays the application passed.
        unsafe { self.vertex_buffers_bound(cx, (first, count), Some((buffers, offsets, std::ptr::null()))) };
    }

    fn post_call_record_cmd_bind_vertex_buffers2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        first: u32,
        count: u32,
        buffers: *const VkBuffer,
        offsets: *const VkDeviceSize,
        sizes: *const VkDeviceSize,
        _strides: *const VkDeviceSize,
        _result: (),
    ) {
        // SAFETY: the arrays the application passed.
        unsafe { self.vertex_buffers_bound(cx, (first, count), Some((buffers, offsets, sizes))) };
        // The strides are dynamic state: this typed hook replaces the generic route that
        // records them.
        if self.references {
            self.dynamic_state_command(cx);
        }
    }

    fn post_call_record_cmd_bind_vertex_buffers3_khr(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        first: u32,
        count: u32,
        _infos: *const VkBindVertexBuffer3InfoKHR,
        _result: (),
    ) {
        // SAFETY: no arrays (bound by address: the ranges are not followed).
        unsafe { self.vertex_buffers_bound(cx, (first, count), None) };
    }

    fn post_call_record_get_swapchain_images_khr(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        swapchain: VkSwapchainKHR,
        count: *mut u32,
        images: *mut VkImage,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the pointers the application passed to the call that returned.
        unsafe { self.swapchain_images(swapchain, count, images, result) };
    }
}

/// Whether a secondary's begin info chains `VkCommandBufferInheritanceViewportScissorInfoNV`
/// with `viewportScissor2D` to its inheritance info.
///
/// # Safety
/// `info` is a begin info vkBeginCommandBuffer accepted for a secondary command buffer.
unsafe fn viewport_scissor_2d(info: *const VkCommandBufferBeginInfo) -> bool {
    let ty = VkStructureType::VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_VIEWPORT_SCISSOR_INFO_NV;
    // SAFETY: per the function's contract, the info, its inheritance info and their chain.
    unsafe {
        let Some(inheritance) = info.as_ref().and_then(|i| i.pInheritanceInfo.as_ref()) else { return false };
        crate::chassis::raw::chained::<VkCommandBufferInheritanceViewportScissorInfoNV>(inheritance.pNext, ty)
            .is_some_and(|v| v.viewportScissor2D != VK_FALSE)
    }
}
