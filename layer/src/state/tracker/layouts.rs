//! The tracker's hooks of commands that transition image layouts or use images in a layout:
//! barriers (and the queue family ownership they transfer), copies, clears.

use super::StateTracker;
use crate::chassis::raw::slice;
use crate::chassis::{Call, ValidationObject};
use crate::state::images::{dependency_barriers, ImageBarrier};
use vigil_generated::*;

impl StateTracker {
    /// vkCmdPipelineBarrier, after the call.
    pub(super) fn after_cmd_pipeline_barrier(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        buffer_count: u32,
        buffers: *const VkBufferMemoryBarrier,
        image_count: u32,
        images: *const VkImageMemoryBarrier,
    ) {
        self.post_record_call(cx, None);
        // SAFETY: `image_count` and `buffer_count` barriers, as the application passed them.
        let (barriers, buffers) = unsafe { (slice(images, image_count), slice(buffers, buffer_count)) };
        self.barriers(cb, barriers.iter().map(ImageBarrier::from));
        let buffers =
            buffers.iter().map(|b| (b.buffer.as_raw(), b.srcQueueFamilyIndex, b.dstQueueFamilyIndex, b.offset, b.size));
        self.ownership_transfers(cx, cb.as_raw(), buffers, barriers.iter().map(ImageBarrier::from));
    }

    /// vkCmdPipelineBarrier2, after the call.
    pub(super) fn after_cmd_pipeline_barrier2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkDependencyInfo,
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

    /// vkCmdCopyBufferToImage, after the call.
    pub(super) fn after_cmd_copy_buffer_to_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
        count: u32,
        regions: *const VkBufferImageCopy,
    ) {
        self.post_record_call(cx, None);
        // SAFETY: `count` regions, as the application passed them.
        let regions = unsafe { slice(regions, count) };
        self.used_in(cb, image, layout, |s| regions.iter().flat_map(|r| s.layers(&r.imageSubresource)).collect());
    }

    /// vkCmdCopyImageToBuffer, after the call.
    pub(super) fn after_cmd_copy_image_to_buffer(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
        count: u32,
        regions: *const VkBufferImageCopy,
    ) {
        self.post_record_call(cx, None);
        // SAFETY: as for vkCmdCopyBufferToImage.
        let regions = unsafe { slice(regions, count) };
        self.used_in(cb, image, layout, |s| regions.iter().flat_map(|r| s.layers(&r.imageSubresource)).collect());
    }

    /// vkCmdCopyImage, after the call.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn after_cmd_copy_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        src: VkImage,
        src_layout: VkImageLayout,
        dst: VkImage,
        dst_layout: VkImageLayout,
        count: u32,
        regions: *const VkImageCopy,
    ) {
        self.post_record_call(cx, None);
        // SAFETY: as for vkCmdCopyBufferToImage.
        let regions = unsafe { slice(regions, count) };
        self.used_in(cb, src, src_layout, |s| regions.iter().flat_map(|r| s.layers(&r.srcSubresource)).collect());
        self.used_in(cb, dst, dst_layout, |s| regions.iter().flat_map(|r| s.layers(&r.dstSubresource)).collect());
    }

    /// vkCmdClearColorImage, after the call.
    pub(super) fn after_cmd_clear_color_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
        count: u32,
        ranges: *const VkImageSubresourceRange,
    ) {
        self.post_record_call(cx, None);
        // SAFETY: `count` ranges, as the application passed them.
        let ranges = unsafe { slice(ranges, count) };
        self.used_in(cb, image, layout, |s| ranges.iter().flat_map(|r| s.range(r)).collect());
    }
}
