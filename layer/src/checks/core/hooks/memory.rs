//! Core's hooks of device memory and the resources bound to it: bindings, mappings,
//! allocations, image memory requirements.

use crate::chassis::raw::{chained, slice};
use crate::chassis::Call;
use crate::checks::core::memory::{Bindable, Members, BIND_BUFFER_INFO, BIND_IMAGE_INFO, MAP, MAP_INFO};
use crate::checks::core::CoreChecks;
use vigil_generated::*;

impl CoreChecks {
    /// vkBindBufferMemory2's rules.
    pub(super) fn validate_bind_buffer_memory2(
        &self,
        cx: &Call<'_>,
        count: u32,
        infos: *const VkBindBufferMemoryInfo,
    ) -> bool {
        // SAFETY: `count` bind infos, as the application passed them (stateless checked them).
        let infos = unsafe { slice(infos, count) };
        self.bind_infos(cx, &BIND_BUFFER_INFO, infos, |b| Some((Bindable::Buffer(b.buffer), b.memory, b.memoryOffset)))
    }

    /// vkBindImageMemory2's rules.
    pub(super) fn validate_bind_image_memory2(
        &self,
        cx: &Call<'_>,
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

    /// vkAllocateMemory's rules.
    pub(super) fn validate_allocate_memory(&self, cx: &Call<'_>, info: *const VkMemoryAllocateInfo) -> bool {
        // SAFETY: the allocate info the application passed (stateless checked the pointer).
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        self.allocate_memory(cx, info)
    }

    /// vkMapMemory's rules.
    pub(super) fn validate_map_memory(
        &self,
        cx: &Call<'_>,
        memory: VkDeviceMemory,
        offset: VkDeviceSize,
        size: VkDeviceSize,
    ) -> bool {
        let root = cx.location();
        self.map_memory(cx, &MAP, memory, (offset, size), &Members { at: &root, pointer: false })
    }

    /// vkMapMemory2's rules.
    pub(super) fn validate_map_memory2(&self, cx: &Call<'_>, info: *const VkMemoryMapInfo) -> bool {
        // SAFETY: the map info the application passed (stateless checked the pointer).
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let root = cx.location();
        let at = root.dot("pMemoryMapInfo");
        self.map_memory(cx, &MAP_INFO, info.memory, (info.offset, info.size), &Members { at: &at, pointer: true })
    }

    /// vkUnmapMemory's rules.
    pub(super) fn validate_unmap_memory(&self, cx: &Call<'_>, memory: VkDeviceMemory) -> bool {
        let root = cx.location();
        self.unmap_memory(cx, "VUID-vkUnmapMemory-memory-00689", memory, &root.dot("memory"))
    }

    /// vkUnmapMemory2's rules.
    pub(super) fn validate_unmap_memory2(&self, cx: &Call<'_>, info: *const VkMemoryUnmapInfo) -> bool {
        // SAFETY: the unmap info the application passed (stateless checked the pointer).
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let root = cx.location();
        let at = root.dot("pMemoryUnmapInfo");
        self.unmap_memory(cx, "VUID-VkMemoryUnmapInfo-memory-07964", info.memory, &at.arrow("memory"))
    }

    /// vkGetImageMemoryRequirements2's rules.
    pub(super) fn validate_get_image_memory_requirements2(
        &self,
        cx: &Call<'_>,
        info: *const VkImageMemoryRequirementsInfo2,
    ) -> bool {
        // SAFETY: the info the application passed (stateless checked the pointer).
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let ty = VkStructureType::VK_STRUCTURE_TYPE_IMAGE_PLANE_MEMORY_REQUIREMENTS_INFO;
        // SAFETY: the info's pNext chain.
        let plane = unsafe { chained::<VkImagePlaneMemoryRequirementsInfo>(info.pNext, ty) }.is_some();
        self.image_requirements_asked(cx, info.image, Some(plane))
    }
}
