//! The hand-written ("explicit") rules: valid-usage statements the registry states only in prose,
//! checked from a call's parameters and the device's properties. One file per area; the
//! `ValidationObject` impls below only route each command to its area.

mod capture_replay;
mod commands;
mod descriptors;
mod device;
mod image_view_formats;
mod image_views;
mod images;
mod local_read;
mod pipelines;
mod render_pass;
mod render_pass_layouts;
mod resources;
mod sampler;
mod sharing;
mod viewports;

use std::ffi::c_void;
use std::fmt;

use vigil_generated::*;

use super::{DeviceStateless, InstanceStateless};
use crate::chassis::{hooks, Call, ValidationObject};
use crate::report::Location;

/// What one call's checks found: each error goes to the reporter at once, against the call's
/// object; the application's answers decide whether the call is skipped.
pub(super) struct Findings<'r> {
    cx: &'r Call<'r>,
    /// Whether anything was reported.
    found: bool,
    /// Whether a callback asked for the call to be skipped.
    skip: bool,
}

impl<'r> Findings<'r> {
    /// The findings of the call `cx`, reported against its object.
    fn of(cx: &'r Call<'r>) -> Self {
        Findings { cx, found: false, skip: false }
    }

    /// Reports the VUID `id` broken at `at`; `m` states the offending values.
    fn error(&mut self, id: &'static str, at: &Location<'_>, m: fmt::Arguments<'_>) {
        self.found = true;
        self.skip |= self.cx.error(id, at, m);
    }
}

/// `count` elements at `p`, or nothing when either is zero/null.
///
/// # Safety
/// When non-null, `p` must point at `count` elements (the application's promise).
unsafe fn elements<'a, T>(p: *const T, count: u32) -> &'a [T] {
    if p.is_null() || count == 0 {
        &[]
    } else {
        unsafe { std::slice::from_raw_parts(p, count as usize) }
    }
}

use crate::chassis::raw::{chain, chained as find};

/// `p` as a reference, when non-null.
///
/// # Safety
/// When non-null, `p` must point at a valid `T` (the application's promise).
unsafe fn deref<'a, T>(p: *const T) -> Option<&'a T> {
    if p.is_null() {
        None
    } else {
        Some(unsafe { &*p })
    }
}

/// Validate hooks of creation commands taking (device, create info, allocator, out handle): each
/// hands a non-null create info to its area's function.
macro_rules! create_hooks {
    ($($hook:ident($info:ty, $out:ty) => $check:path;)*) => {$(
        fn $hook(
            &self,
        cx: &Call<'_>,
            _device: VkDevice,
            pCreateInfo: *const $info,
            _pAllocator: *const VkAllocationCallbacks,
            _pOut: *mut $out,
        ) -> bool {
            // SAFETY: the application promises a valid create info.
            let Some(info) = (unsafe { deref(pCreateInfo) }) else { return false };
            $check(self, cx, info)
        }
    )*};
}

#[hooks]
impl ValidationObject for InstanceStateless {
    fn pre_call_validate_create_instance(
        &self,
        cx: &Call<'_>,
        pCreateInfo: *const VkInstanceCreateInfo,
        _pAllocator: *const VkAllocationCallbacks,
        _pInstance: *mut VkInstance,
    ) -> bool {
        // SAFETY: the application promises a valid create info.
        let Some(info) = (unsafe { deref(pCreateInfo) }) else { return false };
        device::create_instance(cx, info)
    }

    fn pre_call_validate_create_device(
        &self,
        cx: &Call<'_>,
        physicalDevice: VkPhysicalDevice,
        pCreateInfo: *const VkDeviceCreateInfo,
        _pAllocator: *const VkAllocationCallbacks,
        _pDevice: *mut VkDevice,
    ) -> bool {
        // SAFETY: the application promises a valid create info.
        let Some(info) = (unsafe { deref(pCreateInfo) }) else { return false };
        device::create_device(self, cx, physicalDevice, info)
    }
}

#[hooks]
impl ValidationObject for DeviceStateless {
    create_hooks! {
        pre_call_validate_create_sampler(VkSamplerCreateInfo, VkSampler) => sampler::create_sampler;
        pre_call_validate_create_pipeline_layout(VkPipelineLayoutCreateInfo, VkPipelineLayout) => descriptors::create_pipeline_layout;
        pre_call_validate_create_descriptor_set_layout(VkDescriptorSetLayoutCreateInfo, VkDescriptorSetLayout) => descriptors::create_descriptor_set_layout;
        pre_call_validate_create_descriptor_pool(VkDescriptorPoolCreateInfo, VkDescriptorPool) => descriptors::create_descriptor_pool;
        pre_call_validate_create_buffer(VkBufferCreateInfo, VkBuffer) => resources::create_buffer;
        pre_call_validate_allocate_memory(VkMemoryAllocateInfo, VkDeviceMemory) => resources::allocate_memory;
        pre_call_validate_create_image(VkImageCreateInfo, VkImage) => images::create_image;
        pre_call_validate_create_image_view(VkImageViewCreateInfo, VkImageView) => image_views::create_image_view;
        pre_call_validate_create_render_pass(VkRenderPassCreateInfo, VkRenderPass) => render_pass::create_render_pass;
        pre_call_validate_create_render_pass2(VkRenderPassCreateInfo2, VkRenderPass) => render_pass::create_render_pass2;
    }
    fn pre_call_validate_map_memory(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        _memory: VkDeviceMemory,
        _offset: VkDeviceSize,
        size: VkDeviceSize,
        flags: VkMemoryMapFlags,
        _ppData: *mut *mut c_void,
    ) -> bool {
        resources::map_memory(cx, size, Some(flags))
    }

    fn pre_call_validate_map_memory2(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        pMemoryMapInfo: *const VkMemoryMapInfo,
        _ppData: *mut *mut c_void,
    ) -> bool {
        // SAFETY: the application promises a valid map info.
        let Some(info) = (unsafe { deref(pMemoryMapInfo) }) else { return false };
        resources::map_memory(cx, info.size, None)
    }

    fn pre_call_validate_create_graphics_pipelines(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        _pipelineCache: VkPipelineCache,
        createInfoCount: u32,
        pCreateInfos: *const VkGraphicsPipelineCreateInfo,
        _pAllocator: *const VkAllocationCallbacks,
        _pPipelines: *mut VkPipeline,
    ) -> bool {
        // SAFETY: the application promises createInfoCount create infos.
        pipelines::create_graphics_pipelines(self, cx, unsafe { elements(pCreateInfos, createInfoCount) })
    }

    fn pre_call_validate_cmd_set_rendering_attachment_locations(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        pLocationInfo: *const VkRenderingAttachmentLocationInfo,
    ) -> bool {
        local_read::set_attachment_locations(self, cx, pLocationInfo)
    }

    fn pre_call_validate_cmd_set_rendering_input_attachment_indices(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        pInputAttachmentIndexInfo: *const VkRenderingInputAttachmentIndexInfo,
    ) -> bool {
        local_read::set_input_indices(self, cx, pInputAttachmentIndexInfo)
    }

    fn pre_call_validate_begin_command_buffer(
        &self,
        cx: &Call<'_>,
        commandBuffer: VkCommandBuffer,
        pBeginInfo: *const VkCommandBufferBeginInfo,
    ) -> bool {
        local_read::begin_command_buffer(self, cx, commandBuffer, pBeginInfo)
    }

    fn pre_call_validate_cmd_push_constants(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        _layout: VkPipelineLayout,
        _stageFlags: VkShaderStageFlags,
        offset: u32,
        size: u32,
        _pValues: *const c_void,
    ) -> bool {
        commands::push_constants(self, cx, offset, size)
    }

    fn pre_call_validate_cmd_bind_vertex_buffers(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        firstBinding: u32,
        bindingCount: u32,
        _pBuffers: *const VkBuffer,
        _pOffsets: *const VkDeviceSize,
    ) -> bool {
        let ids = ["VUID-vkCmdBindVertexBuffers-firstBinding-00624", "VUID-vkCmdBindVertexBuffers-firstBinding-00625"];
        commands::vertex_bindings(self, cx, (firstBinding, bindingCount), ids)
    }

    fn pre_call_validate_cmd_bind_vertex_buffers2(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        firstBinding: u32,
        bindingCount: u32,
        _pBuffers: *const VkBuffer,
        _pOffsets: *const VkDeviceSize,
        _pSizes: *const VkDeviceSize,
        _pStrides: *const VkDeviceSize,
    ) -> bool {
        let ids =
            ["VUID-vkCmdBindVertexBuffers2-firstBinding-03355", "VUID-vkCmdBindVertexBuffers2-firstBinding-03356"];
        commands::vertex_bindings(self, cx, (firstBinding, bindingCount), ids)
    }

    fn pre_call_validate_cmd_set_viewport(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        firstViewport: u32,
        viewportCount: u32,
        pViewports: *const VkViewport,
    ) -> bool {
        viewports::set_viewport(self, cx, firstViewport, viewportCount, pViewports)
    }

    fn pre_call_validate_cmd_set_viewport_with_count(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        viewportCount: u32,
        pViewports: *const VkViewport,
    ) -> bool {
        viewports::set_viewport(self, cx, 0, viewportCount, pViewports)
    }

    fn pre_call_validate_cmd_set_scissor(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        firstScissor: u32,
        scissorCount: u32,
        pScissors: *const VkRect2D,
    ) -> bool {
        viewports::set_scissor(self, cx, firstScissor, scissorCount, pScissors)
    }

    fn pre_call_validate_cmd_set_scissor_with_count(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        scissorCount: u32,
        pScissors: *const VkRect2D,
    ) -> bool {
        viewports::set_scissor(self, cx, 0, scissorCount, pScissors)
    }

    fn pre_call_validate_cmd_fill_buffer(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        _dstBuffer: VkBuffer,
        dstOffset: VkDeviceSize,
        size: VkDeviceSize,
        _data: u32,
    ) -> bool {
        commands::fill_buffer(cx, dstOffset, size)
    }

    fn pre_call_validate_cmd_update_buffer(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        _dstBuffer: VkBuffer,
        dstOffset: VkDeviceSize,
        dataSize: VkDeviceSize,
        _pData: *const c_void,
    ) -> bool {
        commands::update_buffer(cx, dstOffset, dataSize)
    }

    fn pre_call_validate_cmd_copy_buffer(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        _srcBuffer: VkBuffer,
        _dstBuffer: VkBuffer,
        regionCount: u32,
        pRegions: *const VkBufferCopy,
    ) -> bool {
        // SAFETY: the application promises regionCount regions.
        commands::copy_buffer(cx, unsafe { elements(pRegions, regionCount) })
    }

    fn pre_call_validate_cmd_copy_buffer_to_image(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        _srcBuffer: VkBuffer,
        _dstImage: VkImage,
        _dstImageLayout: VkImageLayout,
        regionCount: u32,
        pRegions: *const VkBufferImageCopy,
    ) -> bool {
        // SAFETY: the application promises regionCount regions.
        let regions = unsafe { elements(pRegions, regionCount) };
        commands::buffer_image_copies(self, cx, regions)
    }

    fn pre_call_validate_cmd_copy_image_to_buffer(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        _srcImage: VkImage,
        _srcImageLayout: VkImageLayout,
        _dstBuffer: VkBuffer,
        regionCount: u32,
        pRegions: *const VkBufferImageCopy,
    ) -> bool {
        // SAFETY: the application promises regionCount regions.
        let regions = unsafe { elements(pRegions, regionCount) };
        commands::buffer_image_copies(self, cx, regions)
    }

    fn pre_call_validate_cmd_copy_image(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        _srcImage: VkImage,
        _srcImageLayout: VkImageLayout,
        _dstImage: VkImage,
        _dstImageLayout: VkImageLayout,
        regionCount: u32,
        pRegions: *const VkImageCopy,
    ) -> bool {
        // SAFETY: the application promises regionCount regions.
        let regions = unsafe { elements(pRegions, regionCount) };
        commands::image_subresource_pairs(self, cx, regions, |r| (&r.srcSubresource, &r.dstSubresource))
    }

    fn pre_call_validate_cmd_blit_image(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        _srcImage: VkImage,
        _srcImageLayout: VkImageLayout,
        _dstImage: VkImage,
        _dstImageLayout: VkImageLayout,
        regionCount: u32,
        pRegions: *const VkImageBlit,
        _filter: VkFilter,
    ) -> bool {
        // SAFETY: the application promises regionCount regions.
        let regions = unsafe { elements(pRegions, regionCount) };
        commands::image_subresource_pairs(self, cx, regions, |r| (&r.srcSubresource, &r.dstSubresource))
    }

    fn pre_call_validate_cmd_resolve_image(
        &self,
        cx: &Call<'_>,
        _commandBuffer: VkCommandBuffer,
        _srcImage: VkImage,
        _srcImageLayout: VkImageLayout,
        _dstImage: VkImage,
        _dstImageLayout: VkImageLayout,
        regionCount: u32,
        pRegions: *const VkImageResolve,
    ) -> bool {
        // SAFETY: the application promises regionCount regions.
        let regions = unsafe { elements(pRegions, regionCount) };
        commands::image_subresource_pairs(self, cx, regions, |r| (&r.srcSubresource, &r.dstSubresource))
    }
}
