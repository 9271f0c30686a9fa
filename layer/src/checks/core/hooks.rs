//! Core's validate hooks: each command goes to its area's checks (one module per area beside
//! this one); a rule that needs no more than a few lines may stay in its hook.

use vigil_generated::*;

use super::barriers::{PIPELINE_BARRIER, PIPELINE_BARRIER2, SET_EVENT2};
use super::buffers::{BIND_INDEX_BUFFER, BIND_VERTEX_BUFFERS, BIND_VERTEX_BUFFERS2};
use super::buffers::{COPY_BUFFER, COPY_BUFFER_INFO, FILL_BUFFER, UPDATE_BUFFER};
use super::clears::{CLEAR_COLOR, CLEAR_DEPTH_STENCIL};
use super::copy_ids::RESOLVE_IMAGE;
use super::copy_ids::{BLIT_IMAGE, COPY_IMAGE};
use super::copy_ids::{BUFFER_TO_IMAGE, IMAGE_TO_BUFFER};
use super::descriptors::{PUSH_DESCRIPTOR_SET, PUSH_DESCRIPTOR_SET_INFO, PUSH_WITH_TEMPLATE, PUSH_WITH_TEMPLATE_INFO};
use super::events::*;
use super::framebuffers;
use super::layouts::LayoutParam;
use super::memory::{Bindable, Members, BIND_BUFFER, BIND_BUFFER_INFO, BIND_IMAGE, BIND_IMAGE_INFO, MAP, MAP_INFO};
use super::queries::{
    BEGIN_QUERY, BEGIN_QUERY_INDEXED, END_QUERY, END_QUERY_INDEXED, WRITE_TIMESTAMP, WRITE_TIMESTAMP2,
};
use super::render_passes::Ending;
use super::swapchains;
use super::CoreChecks;
use crate::chassis::raw::{chained, slice};
use crate::chassis::{hooks, Call, ValidationObject};
use crate::state::images::ImageShape;
use crate::state::images::{dependency_barriers, ImageBarrier};
use crate::state::TYPES;

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

    fn pre_call_validate_cmd_bind_descriptor_sets(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        point: VkPipelineBindPoint,
        layout: VkPipelineLayout,
        first: u32,
        count: u32,
        sets: *const VkDescriptorSet,
        dynamic_count: u32,
        dynamic: *const u32,
    ) -> bool {
        // Runs the recording rules too, under the same lock.
        self.bind_descriptor_sets(cx, cb, (point, layout), first, count, sets, dynamic_count, dynamic)
    }

    fn pre_call_validate_cmd_bind_descriptor_sets2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkBindDescriptorSetsInfo,
    ) -> bool {
        // Runs the recording rules too, under the same lock.
        self.bind_descriptor_sets2(cx, cb, info)
    }

    fn pre_call_validate_cmd_bind_pipeline(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        point: VkPipelineBindPoint,
        pipeline: VkPipeline,
    ) -> bool {
        // Runs the recording rules too, under the same lock.
        self.bind_pipeline(cx, cb, point, pipeline)
    }

    fn pre_call_validate_cmd_push_constants(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        layout: VkPipelineLayout,
        stages: VkShaderStageFlags,
        offset: u32,
        size: u32,
        _values: *const core::ffi::c_void,
    ) -> bool {
        // Runs the recording rules too, under the same lock.
        self.push_constants(cx, cb, layout, stages, offset, size)
    }

    fn pre_call_validate_cmd_set_viewport(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _first: u32,
        _count: u32,
        _viewports: *const VkViewport,
    ) -> bool {
        self.with_recording(cx, cb.as_raw(), |r| {
            Self::inherited_viewport_scissor(cx, r, "VUID-vkCmdSetViewport-commandBuffer-04821", "viewports")
        })
    }

    fn pre_call_validate_cmd_set_scissor(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _first: u32,
        _count: u32,
        _scissors: *const VkRect2D,
    ) -> bool {
        self.with_recording(cx, cb.as_raw(), |r| {
            Self::inherited_viewport_scissor(cx, r, "VUID-vkCmdSetScissor-viewportScissor2D-04789", "scissors")
        })
    }

    fn pre_call_validate_cmd_pipeline_barrier(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        src: VkPipelineStageFlags,
        dst: VkPipelineStageFlags,
        flags: VkDependencyFlags,
        memory_count: u32,
        memory: *const VkMemoryBarrier,
        buffer_count: u32,
        buffers: *const VkBufferMemoryBarrier,
        image_count: u32,
        images: *const VkImageMemoryBarrier,
    ) -> bool {
        // SAFETY: the counted barriers, as the application passed them.
        let (memory, buffers, images) =
            unsafe { (slice(memory, memory_count), slice(buffers, buffer_count), slice(images, image_count)) };
        let masks = (src.0, dst.0, flags.0);
        let recorded = self.with_recording(cx, cb.as_raw(), |r| {
            self.legacy_barriers(cx, r, &PIPELINE_BARRIER, masks, memory, buffers, images)
        });
        recorded | {
            let barriers = images.iter().map(ImageBarrier::from);
            let root = cx.location();
            let at = root.dot("pImageMemoryBarriers");
            self.barrier_layouts(cx, cb, barriers, &at, "VUID-VkImageMemoryBarrier-oldLayout-01197")
        }
    }

    fn pre_call_validate_cmd_pipeline_barrier2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkDependencyInfo,
    ) -> bool {
        let root = cx.location();
        let info_at = root.dot("pDependencyInfo");
        let sync2 = Self::needs_synchronization2(cx, PIPELINE_BARRIER2_SYNC2);
        let recorded =
            self.with_recording(cx, cb.as_raw(), |r| self.dependency_info(cx, r, &PIPELINE_BARRIER2, info, &info_at));
        sync2 | recorded | {
            // SAFETY: the dependency info the application passed.
            let barriers = unsafe { dependency_barriers(info) }.iter().map(ImageBarrier::from);
            let at = info_at.arrow("pImageMemoryBarriers");
            self.barrier_layouts(cx, cb, barriers, &at, "VUID-VkImageMemoryBarrier2-oldLayout-01197")
        }
    }

    fn pre_call_validate_reset_fences(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        fences: *const VkFence,
    ) -> bool {
        self.reset_fences(cx, count, fences)
    }

    fn pre_call_validate_destroy_fence(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        fence: VkFence,
        _allocator: *const VkAllocationCallbacks,
    ) -> bool {
        let root = cx.location();
        self.pending_fence(cx, fence, "VUID-vkDestroyFence-fence-01120", &root.dot("fence"))
    }

    fn pre_call_validate_cmd_begin_render_pass(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderPassBeginInfo,
        contents: VkSubpassContents,
    ) -> bool {
        let at = cx.location();
        let contents_at = at.dot("contents");
        let ids = ("VUID-vkCmdBeginRenderPass-srcStageMask-06451", "VUID-vkCmdBeginRenderPass-dstStageMask-06452");
        // SAFETY: the begin info the application passed (stateless checked it).
        let recorded = self
            .with_recording(cx, cb.as_raw(), |r| unsafe { self.dependency_queues(cx, (cb, r), info, ids) })
            | Self::mixed_contents(cx, contents, ("VUID-vkCmdBeginRenderPass-contents-09640", &contents_at));
        recorded | {
            // SAFETY: the begin info the application passed (stateless checked it).
            unsafe {
                self.render_pass_begin_info(cx, info)
                    | self.render_pass_layouts(cx, cb, info, "VUID-vkCmdBeginRenderPass-initialLayout-00900")
                    | self.attachment_usage_for_layouts(cx, &framebuffers::BEGIN_RENDER_PASS, info)
                    | self.aspect_layout_usage(cx, "VUID-vkCmdBeginRenderPass-initialLayout-02842", info)
            }
        }
    }

    fn pre_call_validate_cmd_begin_render_pass2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderPassBeginInfo,
        subpass: *const VkSubpassBeginInfo,
    ) -> bool {
        let ids = ("VUID-vkCmdBeginRenderPass2-srcStageMask-06453", "VUID-vkCmdBeginRenderPass2-dstStageMask-06454");
        // SAFETY (both): the begin infos the application passed (stateless checked them).
        let recorded = self
            .with_recording(cx, cb.as_raw(), |r| unsafe { self.dependency_queues(cx, (cb, r), info, ids) })
            | unsafe { Self::subpass_begin_contents(cx, subpass, "pSubpassBeginInfo") };
        recorded | {
            // SAFETY: as for vkCmdBeginRenderPass.
            unsafe {
                self.render_pass_begin_info(cx, info)
                    | self.render_pass_layouts(cx, cb, info, "VUID-vkCmdBeginRenderPass2-initialLayout-03100")
                    | self.attachment_usage_for_layouts(cx, &framebuffers::BEGIN_RENDER_PASS2, info)
                    | self.aspect_layout_usage(cx, "VUID-vkCmdBeginRenderPass2-initialLayout-02844", info)
            }
        }
    }

    fn pre_call_validate_create_compute_pipelines(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        _cache: VkPipelineCache,
        count: u32,
        infos: *const VkComputePipelineCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        _pipelines: *mut VkPipeline,
    ) -> bool {
        // SAFETY: the create infos the application passed (stateless checked them).
        unsafe { self.compute_pipelines_match_layouts(cx, count, infos) }
    }

    fn pre_call_validate_create_graphics_pipelines(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        _cache: VkPipelineCache,
        count: u32,
        infos: *const VkGraphicsPipelineCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        _pipelines: *mut VkPipeline,
    ) -> bool {
        // SAFETY: as for vkCreateComputePipelines.
        unsafe { self.graphics_pipelines_match_layouts(cx, count, infos) }
    }

    fn pre_call_validate_cmd_next_subpass(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _contents: VkSubpassContents,
    ) -> bool {
        let ending = Ending::NextSubpass { vuid: "VUID-vkCmdNextSubpass-None-00909" };
        self.recording_rules(cx)
            | self.render_pass_ending(cx, cb, ending)
            | self.no_transform_feedback(cx, cb, "VUID-vkCmdNextSubpass-None-02349")
    }

    fn pre_call_validate_cmd_next_subpass2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        begin: *const VkSubpassBeginInfo,
        _end: *const VkSubpassEndInfo,
    ) -> bool {
        let ending = Ending::NextSubpass { vuid: "VUID-vkCmdNextSubpass2-None-03102" };
        // SAFETY: as for vkCmdBeginRenderPass2.
        self.recording_rules(cx)
            | unsafe { Self::subpass_begin_contents(cx, begin, "pSubpassBeginInfo") }
            | self.render_pass_ending(cx, cb, ending)
            | self.no_transform_feedback(cx, cb, "VUID-vkCmdNextSubpass2-None-02350")
    }

    fn pre_call_validate_cmd_end_render_pass(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        let ending = Ending::RenderPass {
            last_subpass: "VUID-vkCmdEndRenderPass-None-00910",
            not_rendering: "VUID-vkCmdEndRenderPass-None-06170",
        };
        self.recording_rules(cx)
            | self.render_pass_ending(cx, cb, ending)
            | self.queries_left_in_render_pass(cx, cb, "VUID-vkCmdEndRenderPass-None-07004")
            | self.no_transform_feedback(cx, cb, "VUID-vkCmdEndRenderPass-None-02351")
    }

    fn pre_call_validate_cmd_end_render_pass2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _info: *const VkSubpassEndInfo,
    ) -> bool {
        let ending = Ending::RenderPass {
            last_subpass: "VUID-vkCmdEndRenderPass2-None-03103",
            not_rendering: "VUID-vkCmdEndRenderPass2-None-06171",
        };
        self.recording_rules(cx)
            | self.render_pass_ending(cx, cb, ending)
            | self.queries_left_in_render_pass(cx, cb, "VUID-vkCmdEndRenderPass2-None-07005")
            | self.no_transform_feedback(cx, cb, "VUID-vkCmdEndRenderPass2-None-02352")
    }

    fn pre_call_validate_cmd_set_rendering_attachment_locations(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderingAttachmentLocationInfo,
    ) -> bool {
        // SAFETY: the application's location info, when not NULL.
        let count = unsafe { info.as_ref() }.map(|i| i.colorAttachmentCount);
        self.mapping_set(cx, cb, count, &super::local_read::LOCATIONS)
    }

    fn pre_call_validate_cmd_set_rendering_input_attachment_indices(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderingInputAttachmentIndexInfo,
    ) -> bool {
        // SAFETY: the application's index info, when not NULL.
        let count = unsafe { info.as_ref() }.map(|i| i.colorAttachmentCount);
        self.mapping_set(cx, cb, count, &super::local_read::INPUTS)
    }

    fn pre_call_validate_cmd_end_rendering(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        let ending = Ending::Rendering {
            vuid: "VUID-vkCmdEndRendering-None-06161",
            here: Some("VUID-vkCmdEndRendering-commandBuffer-06162"),
        };
        self.recording_rules(cx)
            | self.render_pass_ending(cx, cb, ending)
            | self.queries_left_in_render_pass(cx, cb, "VUID-vkCmdEndRendering-None-06999")
            | self.no_transform_feedback(cx, cb, "VUID-vkCmdEndRendering-None-06781")
    }

    fn pre_call_validate_cmd_end_rendering2_khr(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _info: *const VkRenderingEndInfoKHR,
    ) -> bool {
        // Its -commandBuffer-10611 is not checked: lavapipe has no maintenance10 to test it on.
        let ending = Ending::Rendering { vuid: "VUID-vkCmdEndRendering2KHR-None-10610", here: None };
        self.recording_rules(cx) | self.render_pass_ending(cx, cb, ending)
    }

    fn pre_call_validate_cmd_begin_rendering(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderingInfo,
    ) -> bool {
        // SAFETY: the rendering info the application passed (stateless checked it).
        let recorded = self.recording_rules(cx) | unsafe { self.rendering_features(cx, cb, info) };
        recorded | {
            // SAFETY: as above.
            unsafe {
                self.rendering_layouts(cx, cb, info)
                    | self.rendering_attachments(cx, info)
                    | self.rendering_attachment_layouts(cx, info)
            }
        }
    }

    fn pre_call_validate_cmd_copy_buffer_to_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        buffer: VkBuffer,
        image: VkImage,
        layout: VkImageLayout,
        count: u32,
        regions: *const VkBufferImageCopy,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: `count` regions, as the application passed them.
            let regions = unsafe { slice(regions, count) };
            let entries = |s: &ImageShape| regions.iter().flat_map(|r| s.layers(&r.imageSubresource)).collect();
            let param =
                LayoutParam { name: "dstImageLayout", vuid: "VUID-vkCmdCopyBufferToImage-dstImageLayout-00180" };
            let root = cx.location();
            let m = Members { at: &root, pointer: false };
            self.parameter_layout(cx, cb, image, layout, entries, &param)
                | self.copy_buffer_image(cx, &BUFFER_TO_IMAGE, (image, layout), buffer, regions, &m)
        }
    }

    fn pre_call_validate_cmd_copy_image_to_buffer(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
        buffer: VkBuffer,
        count: u32,
        regions: *const VkBufferImageCopy,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: as for vkCmdCopyBufferToImage.
            let regions = unsafe { slice(regions, count) };
            let entries = |s: &ImageShape| regions.iter().flat_map(|r| s.layers(&r.imageSubresource)).collect();
            let param =
                LayoutParam { name: "srcImageLayout", vuid: "VUID-vkCmdCopyImageToBuffer-srcImageLayout-00189" };
            let root = cx.location();
            let m = Members { at: &root, pointer: false };
            self.parameter_layout(cx, cb, image, layout, entries, &param)
                | self.copy_buffer_image(cx, &IMAGE_TO_BUFFER, (image, layout), buffer, regions, &m)
        }
    }

    fn pre_call_validate_cmd_copy_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        src: VkImage,
        src_layout: VkImageLayout,
        dst: VkImage,
        dst_layout: VkImageLayout,
        count: u32,
        regions: *const VkImageCopy,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: as for vkCmdCopyBufferToImage.
            let regions = unsafe { slice(regions, count) };
            let src_entries = |s: &ImageShape| regions.iter().flat_map(|r| s.layers(&r.srcSubresource)).collect();
            let dst_entries = |s: &ImageShape| regions.iter().flat_map(|r| s.layers(&r.dstSubresource)).collect();
            let src_param = LayoutParam { name: "srcImageLayout", vuid: "VUID-vkCmdCopyImage-srcImageLayout-00128" };
            let dst_param = LayoutParam { name: "dstImageLayout", vuid: "VUID-vkCmdCopyImage-dstImageLayout-00133" };
            let root = cx.location();
            let m = Members { at: &root, pointer: false };
            self.parameter_layout(cx, cb, src, src_layout, src_entries, &src_param)
                | self.parameter_layout(cx, cb, dst, dst_layout, dst_entries, &dst_param)
                | self.copy_image(cx, &COPY_IMAGE, ((src, src_layout), (dst, dst_layout)), regions, &m)
        }
    }

    fn pre_call_validate_cmd_clear_color_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
        _color: *const VkClearColorValue,
        count: u32,
        ranges: *const VkImageSubresourceRange,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: `count` ranges, as the application passed them.
            let ranges = unsafe { slice(ranges, count) };
            let entries = |s: &ImageShape| ranges.iter().flat_map(|r| s.range(r)).collect();
            let param = LayoutParam { name: "imageLayout", vuid: "VUID-vkCmdClearColorImage-imageLayout-00004" };
            self.parameter_layout(cx, cb, image, layout, entries, &param)
                | self.clear_image(cx, &CLEAR_COLOR, (image, layout), ranges)
        }
    }

    fn pre_call_validate_begin_command_buffer(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkCommandBufferBeginInfo,
    ) -> bool {
        self.begin_command_buffer(cx, cb, info)
    }

    fn pre_call_validate_end_command_buffer(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        self.end_command_buffer(cx, cb)
    }

    fn pre_call_validate_reset_command_buffer(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _flags: VkCommandBufferResetFlags,
    ) -> bool {
        self.reset_command_buffer(cx, cb)
    }

    fn pre_call_validate_reset_command_pool(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        pool: VkCommandPool,
        _flags: VkCommandPoolResetFlags,
    ) -> bool {
        self.pool_idle(cx, pool, "VUID-vkResetCommandPool-commandPool-00040")
    }

    fn pre_call_validate_destroy_command_pool(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        pool: VkCommandPool,
        _allocator: *const VkAllocationCallbacks,
    ) -> bool {
        self.pool_idle(cx, pool, "VUID-vkDestroyCommandPool-commandPool-00041")
    }

    fn pre_call_validate_free_command_buffers(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        _pool: VkCommandPool,
        count: u32,
        buffers: *const VkCommandBuffer,
    ) -> bool {
        // SAFETY: `count` command buffers, as the application passed them (stateless checked
        // the pointer).
        let list = unsafe { slice(buffers, count) };
        let records: Vec<_> = list.iter().filter_map(|c| self.get(TYPES.command_buffer, c.as_raw())).collect();
        let root = cx.location();
        self.none_pending(
            cx,
            "VUID-vkFreeCommandBuffers-pCommandBuffers-00047",
            &records,
            &root.dot("pCommandBuffers"),
            true,
        )
    }

    fn pre_call_validate_cmd_execute_commands(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        count: u32,
        buffers: *const VkCommandBuffer,
    ) -> bool {
        self.execute_commands(cx, cb, count, buffers)
    }

    fn pre_call_validate_queue_submit(
        &self,
        cx: &Call<'_>,
        queue: VkQueue,
        count: u32,
        submits: *const VkSubmitInfo,
        fence: VkFence,
    ) -> bool {
        self.queue_submit(cx, queue, count, submits, fence)
    }

    fn pre_call_validate_queue_submit2(
        &self,
        cx: &Call<'_>,
        queue: VkQueue,
        count: u32,
        submits: *const VkSubmitInfo2,
        fence: VkFence,
    ) -> bool {
        self.queue_submit2(cx, queue, count, submits, fence)
    }

    fn pre_call_validate_queue_bind_sparse(
        &self,
        cx: &Call<'_>,
        queue: VkQueue,
        _count: u32,
        _infos: *const VkBindSparseInfo,
        _fence: VkFence,
    ) -> bool {
        self.bind_sparse_queue_family(cx, queue)
    }

    // Memory (memory.rs).

    fn pre_call_validate_bind_buffer_memory(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        buffer: VkBuffer,
        memory: VkDeviceMemory,
        offset: VkDeviceSize,
    ) -> bool {
        self.bind_parameters(cx, &BIND_BUFFER, (Bindable::Buffer(buffer), memory, offset))
    }

    fn pre_call_validate_bind_buffer_memory2(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        infos: *const VkBindBufferMemoryInfo,
    ) -> bool {
        // SAFETY: `count` bind infos, as the application passed them (stateless checked them).
        let infos = unsafe { slice(infos, count) };
        self.bind_infos(cx, &BIND_BUFFER_INFO, infos, |b| Some((Bindable::Buffer(b.buffer), b.memory, b.memoryOffset)))
    }

    fn pre_call_validate_bind_image_memory(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        image: VkImage,
        memory: VkDeviceMemory,
        offset: VkDeviceSize,
    ) -> bool {
        self.bind_parameters(cx, &BIND_IMAGE, (Bindable::Image(image), memory, offset))
    }

    fn pre_call_validate_bind_image_memory2(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        infos: *const VkBindImageMemoryInfo,
    ) -> bool {
        let plane = VkStructureType::VK_STRUCTURE_TYPE_BIND_IMAGE_PLANE_MEMORY_INFO;
        // SAFETY: as for vkBindBufferMemory2.
        let infos = unsafe { slice(infos, count) };
        self.bind_infos(cx, &BIND_IMAGE_INFO, infos, |b| {
            // A plane of a disjoint image has rules of its own, not followed yet.
            let one_plane = unsafe { chained::<VkBindImagePlaneMemoryInfo>(b.pNext, plane) }.is_some();
            (!one_plane).then_some((Bindable::Image(b.image), b.memory, b.memoryOffset))
        })
    }

    fn pre_call_validate_allocate_memory(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkMemoryAllocateInfo,
        _allocator: *const VkAllocationCallbacks,
        _memory: *mut VkDeviceMemory,
    ) -> bool {
        // SAFETY: the allocate info the application passed (stateless checked the pointer).
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        self.allocate_memory(cx, info)
    }

    fn pre_call_validate_get_device_memory_commitment(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        memory: VkDeviceMemory,
        _committed: *mut VkDeviceSize,
    ) -> bool {
        self.memory_commitment(cx, memory)
    }

    fn pre_call_validate_map_memory(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        memory: VkDeviceMemory,
        offset: VkDeviceSize,
        size: VkDeviceSize,
        _flags: VkMemoryMapFlags,
        _data: *mut *mut core::ffi::c_void,
    ) -> bool {
        let root = cx.location();
        self.map_memory(cx, &MAP, memory, (offset, size), &Members { at: &root, pointer: false })
    }

    fn pre_call_validate_map_memory2(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkMemoryMapInfo,
        _data: *mut *mut core::ffi::c_void,
    ) -> bool {
        // SAFETY: the map info the application passed (stateless checked the pointer).
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let root = cx.location();
        let at = root.dot("pMemoryMapInfo");
        self.map_memory(cx, &MAP_INFO, info.memory, (info.offset, info.size), &Members { at: &at, pointer: true })
    }

    fn pre_call_validate_unmap_memory(&self, cx: &Call<'_>, _device: VkDevice, memory: VkDeviceMemory) -> bool {
        let root = cx.location();
        self.unmap_memory(cx, "VUID-vkUnmapMemory-memory-00689", memory, &root.dot("memory"))
    }

    fn pre_call_validate_unmap_memory2(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkMemoryUnmapInfo,
    ) -> bool {
        // SAFETY: the unmap info the application passed (stateless checked the pointer).
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let root = cx.location();
        let at = root.dot("pMemoryUnmapInfo");
        self.unmap_memory(cx, "VUID-VkMemoryUnmapInfo-memory-07964", info.memory, &at.arrow("memory"))
    }

    fn pre_call_validate_flush_mapped_memory_ranges(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        ranges: *const VkMappedMemoryRange,
    ) -> bool {
        // SAFETY: `count` ranges, as the application passed them (stateless checked them).
        self.mapped_ranges(cx, unsafe { slice(ranges, count) })
    }

    fn pre_call_validate_invalidate_mapped_memory_ranges(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        ranges: *const VkMappedMemoryRange,
    ) -> bool {
        // SAFETY: as for vkFlushMappedMemoryRanges.
        self.mapped_ranges(cx, unsafe { slice(ranges, count) })
    }

    // Buffers that commands use (buffers.rs).

    fn pre_call_validate_cmd_copy_buffer(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        src: VkBuffer,
        dst: VkBuffer,
        count: u32,
        regions: *const VkBufferCopy,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: `count` regions, as the application passed them.
            let regions = unsafe { slice(regions, count) };
            let region = |r: &VkBufferCopy| (r.srcOffset, r.dstOffset, r.size);
            let root = cx.location();
            let m = Members { at: &root, pointer: false };
            self.copy_buffer(cx, &COPY_BUFFER, (cb.as_raw(), src, dst), (regions, region), &m)
        }
    }

    fn pre_call_validate_cmd_copy_buffer2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkCopyBufferInfo2,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: the copy info the application passed, and its regions.
            let Some(info) = (unsafe { info.as_ref() }) else { return recorded };
            let regions = unsafe { slice(info.pRegions, info.regionCount) };
            let region = |r: &VkBufferCopy2| (r.srcOffset, r.dstOffset, r.size);
            let root = cx.location();
            let at = root.dot("pCopyBufferInfo");
            let m = Members { at: &at, pointer: true };
            let buffers = (cb.as_raw(), info.srcBuffer, info.dstBuffer);
            self.copy_buffer(cx, &COPY_BUFFER_INFO, buffers, (regions, region), &m)
        }
    }

    fn pre_call_validate_cmd_fill_buffer(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        dst: VkBuffer,
        offset: VkDeviceSize,
        size: VkDeviceSize,
        _data: u32,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | { self.write_buffer(cx, &FILL_BUFFER, dst, (offset, size)) }
    }

    fn pre_call_validate_cmd_update_buffer(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        dst: VkBuffer,
        offset: VkDeviceSize,
        size: VkDeviceSize,
        _data: *const core::ffi::c_void,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | { self.write_buffer(cx, &UPDATE_BUFFER, dst, (offset, size)) }
    }

    fn pre_call_validate_cmd_bind_index_buffer(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        buffer: VkBuffer,
        offset: VkDeviceSize,
        index_type: VkIndexType,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | { self.bind_index_buffer(cx, &BIND_INDEX_BUFFER, buffer, offset, index_type) }
    }

    fn pre_call_validate_cmd_bind_vertex_buffers(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        _first: u32,
        count: u32,
        buffers: *const VkBuffer,
        offsets: *const VkDeviceSize,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: `count` buffers and offsets, as the application passed them.
            let (buffers, offsets) = unsafe { (slice(buffers, count), slice(offsets, count)) };
            self.bind_vertex_buffers(cx, &BIND_VERTEX_BUFFERS, buffers, offsets, &[])
        }
    }

    fn pre_call_validate_cmd_bind_vertex_buffers2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        _first: u32,
        count: u32,
        buffers: *const VkBuffer,
        offsets: *const VkDeviceSize,
        sizes: *const VkDeviceSize,
        _strides: *const VkDeviceSize,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: `count` buffers, offsets and (when not NULL) sizes, as the application passed
            // them.
            let (buffers, offsets, sizes) =
                unsafe { (slice(buffers, count), slice(offsets, count), slice(sizes, count)) };
            self.bind_vertex_buffers(cx, &BIND_VERTEX_BUFFERS2, buffers, offsets, sizes)
        }
    }

    fn pre_call_validate_create_shader_module(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkShaderModuleCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        _module: *mut VkShaderModule,
    ) -> bool {
        let root = cx.location();
        // SAFETY: the create info the application passed (stateless checked it).
        unsafe { info.as_ref() }
            .is_some_and(|info| unsafe { self.shader_module_code(cx, info, &root.dot("pCreateInfo")) })
    }

    fn pre_call_validate_create_shaders_ext(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        infos: *const VkShaderCreateInfoEXT,
        _allocator: *const VkAllocationCallbacks,
        _shaders: *mut VkShaderEXT,
    ) -> bool {
        // SAFETY: the create infos the application passed.
        unsafe { self.create_shaders(cx, count, infos) | self.shader_objects_code(cx, count, infos) }
    }

    fn pre_call_validate_cmd_bind_shaders_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        count: u32,
        stages: *const VkShaderStageFlagBits,
        shaders: *const VkShaderEXT,
    ) -> bool {
        // Runs the recording rules too, under the same lock.
        // SAFETY: the call's arrays of `count`, as the application passed them.
        unsafe { self.bind_shaders(cx, cb, count, stages, shaders) }
    }

    // Conditional rendering (conditional_rendering.rs).

    fn pre_call_validate_cmd_begin_conditional_rendering_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkConditionalRenderingBeginInfoEXT,
    ) -> bool {
        self.begin_conditional_rendering(cx, cb, info)
    }

    fn pre_call_validate_cmd_end_conditional_rendering_ext(&self, cx: &Call<'_>, cb: VkCommandBuffer) -> bool {
        self.end_conditional_rendering(cx, cb)
    }

    // Queries (queries.rs), events and stage masks (events.rs), timeline semaphores
    // (semaphores.rs).

    fn pre_call_validate_cmd_begin_query(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
        flags: VkQueryControlFlags,
    ) -> bool {
        self.begin_query(cx, &BEGIN_QUERY, cb, (pool, query, flags, 0))
    }

    fn pre_call_validate_cmd_begin_query_indexed_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
        flags: VkQueryControlFlags,
        index: u32,
    ) -> bool {
        self.begin_query(cx, &BEGIN_QUERY_INDEXED, cb, (pool, query, flags, index))
    }

    fn pre_call_validate_cmd_end_query(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
    ) -> bool {
        self.end_query(cx, &END_QUERY, cb, (pool, query, 0))
    }

    fn pre_call_validate_cmd_end_query_indexed_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
        index: u32,
    ) -> bool {
        self.end_query(cx, &END_QUERY_INDEXED, cb, (pool, query, index))
    }

    fn pre_call_validate_cmd_reset_query_pool(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        first: u32,
        count: u32,
    ) -> bool {
        self.cmd_reset_query_pool(cx, cb, pool, (first, count))
    }

    fn pre_call_validate_reset_query_pool(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        pool: VkQueryPool,
        first: u32,
        count: u32,
    ) -> bool {
        self.reset_query_pool(cx, pool, (first, count))
    }

    fn pre_call_validate_cmd_write_timestamp(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        stage: VkPipelineStageFlagBits,
        pool: VkQueryPool,
        query: u32,
    ) -> bool {
        self.with_recording(cx, cb.as_raw(), |r| {
            let root = cx.location();
            let at = root.dot("pipelineStage");
            Self::stage_features(cx, &WRITE_TIMESTAMP_STAGES, u64::from(stage.0), &at)
                | self.write_timestamp(cx, &WRITE_TIMESTAMP, r, pool, query)
        })
    }

    fn pre_call_validate_cmd_write_timestamp2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        stage: VkPipelineStageFlags2,
        pool: VkQueryPool,
        query: u32,
    ) -> bool {
        let sync2 = Self::needs_synchronization2(cx, WRITE_TIMESTAMP2_SYNC2);
        sync2
            | self.with_recording(cx, cb.as_raw(), |r| {
                let root = cx.location();
                let at = root.dot("stage");
                let mut skip = Self::stage_features(cx, &WRITE_TIMESTAMP2_STAGES, stage.0, &at);
                if stage.0.count_ones() > 1 {
                    skip |= cx.error(
                        "VUID-vkCmdWriteTimestamp2-stage-03859",
                        &at,
                        format_args!(
                            "is {:#x}, {} stages: a timestamp is written at one stage.",
                            stage.0,
                            stage.0.count_ones()
                        ),
                    );
                }
                skip | self.write_timestamp(cx, &WRITE_TIMESTAMP2, r, pool, query)
            })
    }

    fn pre_call_validate_get_query_pool_results(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        pool: VkQueryPool,
        first: u32,
        count: u32,
        data_size: usize,
        data: *mut core::ffi::c_void,
        stride: VkDeviceSize,
        flags: VkQueryResultFlags,
    ) -> bool {
        self.get_query_pool_results(cx, pool, (first, count), (data_size, data), (stride, flags.0))
    }

    fn pre_call_validate_cmd_copy_query_pool_results(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        first: u32,
        count: u32,
        dst: VkBuffer,
        offset: VkDeviceSize,
        stride: VkDeviceSize,
        flags: VkQueryResultFlags,
    ) -> bool {
        self.copy_query_pool_results(cx, cb, (pool, first, count), (dst, offset, stride, flags.0))
    }

    fn pre_call_validate_cmd_set_event(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        _event: VkEvent,
        mask: VkPipelineStageFlags,
    ) -> bool {
        self.recording_rules(cx) | Self::event_stage_mask(cx, SET_EVENT_HOST, &SET_EVENT_STAGES, mask.0)
    }

    fn pre_call_validate_cmd_reset_event(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        _event: VkEvent,
        mask: VkPipelineStageFlags,
    ) -> bool {
        self.recording_rules(cx) | Self::event_stage_mask(cx, RESET_EVENT_HOST, &RESET_EVENT_STAGES, mask.0)
    }

    fn pre_call_validate_cmd_set_event2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _event: VkEvent,
        info: *const VkDependencyInfo,
    ) -> bool {
        let root = cx.location();
        let at = root.dot("pDependencyInfo");
        self.with_recording(cx, cb.as_raw(), |r| self.dependency_info(cx, r, &SET_EVENT2, info, &at))
            | Self::set_event2(cx, info)
    }

    fn pre_call_validate_cmd_reset_event2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        _event: VkEvent,
        mask: VkPipelineStageFlags2,
    ) -> bool {
        let root = cx.location();
        let at = root.dot("stageMask");
        self.recording_rules(cx)
            | Self::needs_synchronization2(cx, RESET_EVENT2_SYNC2)
            | Self::no_host_stage(cx, RESET_EVENT2_HOST, mask.0, &at)
            | Self::stage_features(cx, &RESET_EVENT2_STAGES, mask.0, &at)
    }

    fn pre_call_validate_cmd_wait_events(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        event_count: u32,
        events: *const VkEvent,
        src: VkPipelineStageFlags,
        dst: VkPipelineStageFlags,
        memory_count: u32,
        memory: *const VkMemoryBarrier,
        buffer_count: u32,
        buffers: *const VkBufferMemoryBarrier,
        image_count: u32,
        images: *const VkImageMemoryBarrier,
    ) -> bool {
        // SAFETY: the counted events and barriers, as the application passed them.
        let (buffers, images) = unsafe { (slice(buffers, buffer_count), slice(images, image_count)) };
        let (events, memory) = unsafe { (slice(events, event_count), slice(memory, memory_count)) };
        self.wait_events(cx, cb, (events, src.0, dst.0), memory, buffers, images)
    }

    fn pre_call_validate_cmd_wait_events2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        count: u32,
        events: *const VkEvent,
        infos: *const VkDependencyInfo,
    ) -> bool {
        // SAFETY: `count` events, as the application passed them.
        self.wait_events2(cx, cb, unsafe { slice(events, count) }, infos)
    }

    fn pre_call_validate_set_event(&self, cx: &Call<'_>, _device: VkDevice, event: VkEvent) -> bool {
        self.host_event(cx, SET_EVENT_DEVICE_ONLY, event)
    }

    fn pre_call_validate_reset_event(&self, cx: &Call<'_>, _device: VkDevice, event: VkEvent) -> bool {
        self.host_event(cx, RESET_EVENT_DEVICE_ONLY, event)
    }

    fn pre_call_validate_get_event_status(&self, cx: &Call<'_>, _device: VkDevice, event: VkEvent) -> bool {
        self.host_event(cx, EVENT_STATUS_DEVICE_ONLY, event)
    }

    fn pre_call_validate_signal_semaphore(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSemaphoreSignalInfo,
    ) -> bool {
        self.signal_semaphore(cx, info)
    }

    fn pre_call_validate_wait_semaphores(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSemaphoreWaitInfo,
        _timeout: u64,
    ) -> bool {
        self.wait_semaphores(cx, info)
    }

    fn pre_call_validate_get_semaphore_counter_value(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        semaphore: VkSemaphore,
        _value: *mut u64,
    ) -> bool {
        self.semaphore_counter_value(cx, semaphore)
    }

    fn pre_call_validate_create_semaphore(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSemaphoreCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        _semaphore: *mut VkSemaphore,
    ) -> bool {
        self.create_semaphore(cx, info)
    }

    // Swapchains (swapchains.rs).

    fn pre_call_validate_create_swapchain_khr(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSwapchainCreateInfoKHR,
        _allocator: *const VkAllocationCallbacks,
        _swapchain: *mut VkSwapchainKHR,
    ) -> bool {
        // SAFETY: the create info the application passed.
        unsafe { self.swapchain_create_info(cx, info) }
    }

    fn pre_call_validate_acquire_next_image_khr(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        swapchain: VkSwapchainKHR,
        _timeout: u64,
        semaphore: VkSemaphore,
        fence: VkFence,
        _index: *mut u32,
    ) -> bool {
        let root = cx.location();
        self.acquire(cx, &swapchains::ACQUIRE, (swapchain, semaphore, fence), (&root, false))
    }

    fn pre_call_validate_acquire_next_image2_khr(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkAcquireNextImageInfoKHR,
        _index: *mut u32,
    ) -> bool {
        // SAFETY: the acquire info the application passed.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let root = cx.location();
        let at = root.dot("pAcquireInfo");
        self.acquire(cx, &swapchains::ACQUIRE2, (info.swapchain, info.semaphore, info.fence), (&at, true))
    }

    fn pre_call_validate_queue_present_khr(
        &self,
        cx: &Call<'_>,
        _queue: VkQueue,
        info: *const VkPresentInfoKHR,
    ) -> bool {
        // SAFETY: the present info the application passed.
        unsafe { self.present(cx, info) }
    }

    fn pre_call_validate_update_descriptor_sets(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        write_count: u32,
        writes: *const VkWriteDescriptorSet,
        copy_count: u32,
        copies: *const VkCopyDescriptorSet,
    ) -> bool {
        // SAFETY: the counted arrays, as the application passed them.
        let (writes, copies) = unsafe { (slice(writes, write_count), slice(copies, copy_count)) };
        self.update_descriptor_sets(cx, writes, copies)
    }

    fn pre_call_validate_allocate_descriptor_sets(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkDescriptorSetAllocateInfo,
        _sets: *mut VkDescriptorSet,
    ) -> bool {
        // SAFETY: the application's allocate info, when not NULL.
        unsafe { info.as_ref().is_some_and(|info| self.allocate_descriptor_sets(cx, info)) }
    }

    fn pre_call_validate_free_descriptor_sets(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        pool: VkDescriptorPool,
        _count: u32,
        _sets: *const VkDescriptorSet,
    ) -> bool {
        // The typed hook replaces the generic one: the in-use rule of the free runs here too.
        self.destroyed_in_use(cx) | self.free_descriptor_sets(cx, pool)
    }

    fn pre_call_validate_cmd_push_descriptor_set(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _bind_point: VkPipelineBindPoint,
        layout: VkPipelineLayout,
        set: u32,
        count: u32,
        writes: *const VkWriteDescriptorSet,
    ) -> bool {
        self.with_recording(cx, cb.as_raw(), |_| {
            // SAFETY: the counted writes, as the application passed them.
            let writes = unsafe { slice(writes, count) };
            let root = cx.location();
            let at = Members { at: &root, pointer: false };
            self.push_descriptor_set(cx, &PUSH_DESCRIPTOR_SET, layout, set, writes, &at)
        })
    }

    fn pre_call_validate_cmd_push_descriptor_set2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkPushDescriptorSetInfo,
    ) -> bool {
        self.with_recording(cx, cb.as_raw(), |_| {
            // SAFETY: the application's info and its counted writes.
            let Some(info) = (unsafe { info.as_ref() }) else { return false };
            let writes = unsafe { slice(info.pDescriptorWrites, info.descriptorWriteCount) };
            let root = cx.location();
            let info_at = root.dot("pPushDescriptorSetInfo");
            let at = Members { at: &info_at, pointer: true };
            self.push_descriptor_set(cx, &PUSH_DESCRIPTOR_SET_INFO, info.layout, info.set, writes, &at)
        })
    }

    fn pre_call_validate_create_descriptor_update_template(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkDescriptorUpdateTemplateCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        _template: *mut VkDescriptorUpdateTemplate,
    ) -> bool {
        // SAFETY: the application's create info, when not NULL.
        unsafe { info.as_ref().is_some_and(|info| self.create_update_template(cx, info)) }
    }

    fn pre_call_validate_cmd_push_descriptor_set_with_template(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        template: VkDescriptorUpdateTemplate,
        layout: VkPipelineLayout,
        set: u32,
        data: *const core::ffi::c_void,
    ) -> bool {
        self.with_recording(cx, cb.as_raw(), |_| {
            let root = cx.location();
            let at = Members { at: &root, pointer: false };
            let pushed = self.push_with_template(cx, &PUSH_WITH_TEMPLATE, template, layout, set, &at);
            // SAFETY: the application's data, laid out as the template says.
            pushed || unsafe { self.template_data(cx, template, data.cast(), &root.dot("pData")) }
        })
    }

    fn pre_call_validate_update_descriptor_set_with_template(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        _set: VkDescriptorSet,
        template: VkDescriptorUpdateTemplate,
        data: *const core::ffi::c_void,
    ) -> bool {
        let root = cx.location();
        // SAFETY: the application's data, laid out as the template says.
        unsafe { self.template_data(cx, template, data.cast(), &root.dot("pData")) }
    }

    fn pre_call_validate_cmd_push_descriptor_set_with_template2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkPushDescriptorSetWithTemplateInfo,
    ) -> bool {
        self.with_recording(cx, cb.as_raw(), |_| {
            // SAFETY: the application's info, when not NULL.
            let Some(info) = (unsafe { info.as_ref() }) else { return false };
            let root = cx.location();
            let info_at = root.dot("pPushDescriptorSetWithTemplateInfo");
            let at = Members { at: &info_at, pointer: true };
            let template = info.descriptorUpdateTemplate;
            let pushed = self.push_with_template(cx, &PUSH_WITH_TEMPLATE_INFO, template, info.layout, info.set, &at);
            // SAFETY: the application's data, laid out as the template says.
            pushed || unsafe { self.template_data(cx, template, info.pData.cast(), &info_at.arrow("pData")) }
        })
    }

    // Image transfers (copies.rs).

    fn pre_call_validate_cmd_copy_image2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        info: *const VkCopyImageInfo2,
    ) -> bool {
        // SAFETY: the copy info the application passed.
        self.recording_rules(cx) | unsafe { self.copy_image_info(cx, info) }
    }

    fn pre_call_validate_cmd_copy_buffer_to_image2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        info: *const VkCopyBufferToImageInfo2,
    ) -> bool {
        // SAFETY: the copy info the application passed.
        self.recording_rules(cx) | unsafe { self.copy_buffer_to_image_info(cx, info) }
    }

    fn pre_call_validate_cmd_copy_image_to_buffer2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        info: *const VkCopyImageToBufferInfo2,
    ) -> bool {
        // SAFETY: the copy info the application passed.
        self.recording_rules(cx) | unsafe { self.copy_image_to_buffer_info(cx, info) }
    }

    fn pre_call_validate_cmd_blit_image(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        src: VkImage,
        src_layout: VkImageLayout,
        dst: VkImage,
        dst_layout: VkImageLayout,
        count: u32,
        regions: *const VkImageBlit,
        filter: VkFilter,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: `count` regions, as the application passed them.
            let regions = unsafe { slice(regions, count) };
            let root = cx.location();
            let m = Members { at: &root, pointer: false };
            self.blit_image(cx, &BLIT_IMAGE, ((src, src_layout), (dst, dst_layout)), regions, filter, &m)
        }
    }

    fn pre_call_validate_cmd_blit_image2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        info: *const VkBlitImageInfo2,
    ) -> bool {
        // SAFETY: the blit info the application passed.
        self.recording_rules(cx) | unsafe { self.blit_image_info(cx, info) }
    }

    fn pre_call_validate_cmd_resolve_image(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        src: VkImage,
        src_layout: VkImageLayout,
        dst: VkImage,
        dst_layout: VkImageLayout,
        count: u32,
        regions: *const VkImageResolve,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: `count` regions, as the application passed them.
            let regions = unsafe { slice(regions, count) };
            let root = cx.location();
            let m = Members { at: &root, pointer: false };
            self.resolve_image(cx, &RESOLVE_IMAGE, ((src, src_layout), (dst, dst_layout)), regions, &m)
        }
    }

    fn pre_call_validate_cmd_resolve_image2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        info: *const VkResolveImageInfo2,
    ) -> bool {
        // SAFETY: the resolve info the application passed.
        self.recording_rules(cx) | unsafe { self.resolve_image_info(cx, info) }
    }

    fn pre_call_validate_cmd_clear_depth_stencil_image(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
        _value: *const VkClearDepthStencilValue,
        count: u32,
        ranges: *const VkImageSubresourceRange,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | {
            // SAFETY: `count` ranges, as the application passed them.
            let ranges = unsafe { slice(ranges, count) };
            self.clear_image(cx, &CLEAR_DEPTH_STENCIL, (image, layout), ranges)
        }
    }

    fn pre_call_validate_cmd_clear_attachments(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        attachment_count: u32,
        attachments: *const VkClearAttachment,
        rect_count: u32,
        rects: *const VkClearRect,
    ) -> bool {
        // SAFETY: the arrays the application passed, of the counts it gave.
        let (attachments, rects) = unsafe { (slice(attachments, attachment_count), slice(rects, rect_count)) };
        self.with_recording(cx, cb.as_raw(), |recording| self.clear_attachments(cx, recording, attachments, rects))
    }

    fn pre_call_validate_create_framebuffer(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkFramebufferCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        _framebuffer: *mut VkFramebuffer,
    ) -> bool {
        // SAFETY: the create info the application passed.
        unsafe { self.framebuffer_attachments(cx, info) }
    }

    fn pre_call_validate_get_image_memory_requirements(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        image: VkImage,
        _requirements: *mut VkMemoryRequirements,
    ) -> bool {
        self.image_requirements_asked(cx, image, None)
    }

    fn pre_call_validate_get_image_memory_requirements2(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkImageMemoryRequirementsInfo2,
        _requirements: *mut VkMemoryRequirements2,
    ) -> bool {
        // SAFETY: the info the application passed (stateless checked the pointer).
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let ty = VkStructureType::VK_STRUCTURE_TYPE_IMAGE_PLANE_MEMORY_REQUIREMENTS_INFO;
        // SAFETY: the info's pNext chain.
        let plane = unsafe { chained::<VkImagePlaneMemoryRequirementsInfo>(info.pNext, ty) }.is_some();
        self.image_requirements_asked(cx, info.image, Some(plane))
    }

    fn pre_call_validate_destroy_image(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        image: VkImage,
        _allocator: *const VkAllocationCallbacks,
    ) -> bool {
        // This typed hook replaces the generic one, whose in-use rule applies too.
        self.destroyed_in_use(cx) | self.image_destroyed(cx, image)
    }

    fn pre_call_validate_create_buffer(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkBufferCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        _buffer: *mut VkBuffer,
    ) -> bool {
        // SAFETY: the create info the application passed (stateless checked the pointer).
        unsafe { info.as_ref() }.is_some_and(|info| self.descriptor_buffer_space(cx, info))
    }
}
