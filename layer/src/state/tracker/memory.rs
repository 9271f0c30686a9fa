//! The tracker's hooks of device memory: allocations, the buffers and images bound to it, and
//! its mappings.

use super::StateTracker;
use crate::chassis::raw::slice;
use crate::chassis::{Call, ValidationObject};
use vigil_generated::*;

impl StateTracker {
    /// vkAllocateMemory, after the call.
    pub(super) fn after_allocate_memory(
        &self,
        cx: &Call<'_>,
        info: *const VkMemoryAllocateInfo,
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

    /// vkCreateBuffer, after the call.
    pub(super) fn after_create_buffer(
        &self,
        cx: &Call<'_>,
        info: *const VkBufferCreateInfo,
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

    /// vkBindBufferMemory, after the call.
    pub(super) fn after_bind_buffer_memory(
        &self,
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

    /// vkBindBufferMemory2, after the call.
    pub(super) fn after_bind_buffer_memory2(&self, count: u32, infos: *const VkBindBufferMemoryInfo, result: VkResult) {
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

    /// vkBindImageMemory, after the call.
    pub(super) fn after_bind_image_memory(
        &self,
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

    /// vkMapMemory, after the call.
    pub(super) fn after_map_memory(
        &self,
        memory: VkDeviceMemory,
        offset: VkDeviceSize,
        size: VkDeviceSize,
        result: VkResult,
    ) {
        if !self.typed {
            return;
        }
        if result == VkResult::VK_SUCCESS {
            self.memory_mapped(memory, offset, size);
        }
    }

    /// vkMapMemory2, after the call.
    pub(super) fn after_map_memory2(&self, info: *const VkMemoryMapInfo, result: VkResult) {
        if !self.typed {
            return;
        }
        // SAFETY: the map info the implementation accepted.
        if let Some(info) = unsafe { info.as_ref() }.filter(|_| result == VkResult::VK_SUCCESS) {
            self.memory_mapped(info.memory, info.offset, info.size);
        }
    }

    /// vkUnmapMemory, after the call.
    pub(super) fn after_unmap_memory(&self, memory: VkDeviceMemory) {
        if !self.typed {
            return;
        }
        self.memory_unmapped(memory);
    }

    /// vkUnmapMemory2, after the call.
    pub(super) fn after_unmap_memory2(&self, info: *const VkMemoryUnmapInfo, result: VkResult) {
        if !self.typed {
            return;
        }
        // SAFETY: the unmap info the implementation accepted.
        if let Some(info) = unsafe { info.as_ref() }.filter(|_| result == VkResult::VK_SUCCESS) {
            self.memory_unmapped(info.memory);
        }
    }

    /// vkCreateBufferView, after the call.
    pub(super) fn after_create_buffer_view(
        &self,
        cx: &Call<'_>,
        info: *const VkBufferViewCreateInfo,
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
}
