//! Core's hooks of transfer commands: copies, blits, resolves, clears, buffer fills and
//! updates, and the layouts of the images they use.

use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::checks::core::buffers::{COPY_BUFFER, COPY_BUFFER_INFO, FILL_BUFFER, UPDATE_BUFFER};
use crate::checks::core::clears::{CLEAR_COLOR, CLEAR_DEPTH_STENCIL};
use crate::checks::core::copy_ids::RESOLVE_IMAGE;
use crate::checks::core::copy_ids::{BLIT_IMAGE, COPY_IMAGE};
use crate::checks::core::copy_ids::{BUFFER_TO_IMAGE, IMAGE_TO_BUFFER};
use crate::checks::core::layouts::LayoutParam;
use crate::checks::core::memory::Members;
use crate::checks::core::CoreChecks;
use crate::state::images::ImageShape;
use vigil_generated::*;

impl CoreChecks {
    /// vkCmdCopyBufferToImage's rules.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn validate_cmd_copy_buffer_to_image(
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

    /// vkCmdCopyImageToBuffer's rules.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn validate_cmd_copy_image_to_buffer(
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

    /// vkCmdCopyImage's rules.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn validate_cmd_copy_image(
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

    /// vkCmdClearColorImage's rules.
    pub(super) fn validate_cmd_clear_color_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
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

    /// vkCmdCopyBuffer's rules.
    pub(super) fn validate_cmd_copy_buffer(
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

    /// vkCmdCopyBuffer2's rules.
    pub(super) fn validate_cmd_copy_buffer2(
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

    /// vkCmdFillBuffer's rules.
    pub(super) fn validate_cmd_fill_buffer(
        &self,
        cx: &Call<'_>,
        dst: VkBuffer,
        offset: VkDeviceSize,
        size: VkDeviceSize,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | { self.write_buffer(cx, &FILL_BUFFER, dst, (offset, size)) }
    }

    /// vkCmdUpdateBuffer's rules.
    pub(super) fn validate_cmd_update_buffer(
        &self,
        cx: &Call<'_>,
        dst: VkBuffer,
        offset: VkDeviceSize,
        size: VkDeviceSize,
    ) -> bool {
        let recorded = self.recording_rules(cx);
        recorded | { self.write_buffer(cx, &UPDATE_BUFFER, dst, (offset, size)) }
    }

    /// vkCmdBlitImage's rules.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn validate_cmd_blit_image(
        &self,
        cx: &Call<'_>,
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

    /// vkCmdResolveImage's rules.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn validate_cmd_resolve_image(
        &self,
        cx: &Call<'_>,
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

    /// vkCmdClearDepthStencilImage's rules.
    pub(super) fn validate_cmd_clear_depth_stencil_image(
        &self,
        cx: &Call<'_>,
        image: VkImage,
        layout: VkImageLayout,
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

    /// vkCmdClearAttachments's rules.
    pub(super) fn validate_cmd_clear_attachments(
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
}
