//! The image side of the transfer commands (the state is `state::images::ImageInfo`): copies
//! between images and between buffers and images, blits and resolves (image clears are in
//! `clears`). Each image created with the usage the command needs and, unless sparse or
//! disjoint, bound to memory; of a format whose features allow the command; each region's
//! subresource among the image's mip levels and array layers, of aspects its format has, and
//! inside the subresource's extent at that mip level; the rules of each image type; texel block
//! alignment; sample counts, formats and aspects that agree between source and destination; the
//! layout parameters the command allows; for buffer copies, the buffer's usage and memory, its
//! offset aligned and the region's bytes inside it. Both versions of each command run the same
//! code with their own ids.
//!
//! Only images whose creation Vigil saw are checked (not swapchain images), and the rules that
//! need a format's texel blocks only for the core formats `formats` describes (not multi-planar
//! or extension formats). The z axis of a copy between images is checked for 3D images only.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::copy_ids::*;
use super::copy_overlap::overlaps;
use super::copy_shapes::{blit_shape, buffer_image_shape, copy_shapes, is, Area, Named, AXES, DIMENSIONS, TYPE_3D};
use super::formats::{format_info, format_name, FormatInfo};
use super::memory::Members;
use super::CoreChecks;
use crate::chassis::raw::{chained, slice};
use crate::chassis::Call;
use crate::report::Location;
use crate::state::images::ImageInfo;
use crate::state::TYPES;

impl CoreChecks {
    /// The image `image` named by `ids.image`, and its rules for `areas` (each with its region
    /// index); `None` for an image whose creation was not seen.
    fn image_side(
        &self,
        cx: &Call<'_>,
        ids: &SideIds,
        (image, layout): (VkImage, VkImageLayout),
        areas: &[(usize, Area)],
        m: &Members<'_>,
        skip: &mut bool,
    ) -> Option<Named> {
        let record = self.get(TYPES.image, image.as_raw())?;
        let state = record.image()?;
        let info = *state.info()?;
        let h = image.as_raw();
        let at = m.get(ids.image);
        // With separate stencil usage, regions of the stencil aspect alone follow other rules.
        let main_usage = info.stencil_usage.is_none() || areas.iter().any(|(_, a)| a.sub.aspectMask.0 != STENCIL);
        if let (Some(((bit, name), vuid)), true) = (ids.usage, main_usage) {
            if info.usage & bit == 0 {
                *skip |= cx.error(
                    vuid,
                    &at,
                    format_args!("is {h:#x}, created with usage {:#x}, which lacks {name}.", info.usage),
                );
            }
        }
        // Disjoint planes and swapchain memory are bound in ways not followed.
        let disjoint = info.flags.contains(VkImageCreateFlags::VK_IMAGE_CREATE_DISJOINT_BIT) || info.swapchain;
        if state.binding().is_none() && !state.sparse() && !disjoint {
            *skip |= cx.error(
                ids.bound,
                &at,
                format_args!("is {h:#x}, which is not sparse and not bound to memory: bind it before recording."),
            );
        }
        if let (Some(((bit, name), vuid)), Some(features)) = (ids.feature, info.features) {
            if features & bit == 0 {
                *skip |= cx.error(
                    vuid,
                    &at,
                    format_args!(
                        "is {h:#x}, of format {}, whose features with its tiling ({features:#x}) lack {name}.",
                        format_name(info.format)
                    ),
                );
            }
        }
        if let (Some(vuid), true) = (ids.single_sample, info.samples != 1) {
            *skip |= cx.error(
                vuid,
                &at,
                format_args!("is {h:#x}, created with {} samples, not VK_SAMPLE_COUNT_1_BIT.", info.samples),
            );
        }
        let (allowed, vuid) = ids.layouts;
        if !allowed.contains(&layout) {
            *skip |= cx.error(
                vuid,
                &m.get(ids.layout),
                format_args!("is {}, not one of {}.", layout_name(layout), names(allowed)),
            );
        }
        let named = Named { handle: h, info, format: format_info(info.format) };
        let list = m.get("pRegions");
        for &(i, area) in areas {
            let region = list.index(i);
            *skip |= self.area(cx, ids, &named, &area, &region);
        }
        Some(named)
    }

    /// One area of an image: its subresource among the image's, and its texels inside it.
    fn area(&self, cx: &Call<'_>, ids: &SideIds, image: &Named, area: &Area, region: &Location<'_>) -> bool {
        let info = &image.info;
        let sub_at = region.dot(ids.subresource);
        let s = area.sub;
        if s.mipLevel >= info.levels {
            return cx.error(
                ids.mip,
                &sub_at.dot("mipLevel"),
                format_args!(
                    "is {}, but {} VkImage {:#x} was created with {} mip levels.",
                    s.mipLevel, ids.image, image.handle, info.levels
                ),
            );
        }
        let mut skip = false;
        if s.layerCount != VK_REMAINING_ARRAY_LAYERS
            && u64::from(s.baseArrayLayer) + u64::from(s.layerCount) > u64::from(info.layers)
        {
            skip |= cx.error(
                ids.layers,
                &sub_at.dot("layerCount"),
                format_args!(
                    "is {} from baseArrayLayer {}, past the {} array layers {} VkImage {:#x} was created with.",
                    s.layerCount, s.baseArrayLayer, info.layers, ids.image, image.handle
                ),
            );
        }
        if let Some(f) = image.format {
            let extra = s.aspectMask.0 & !f.aspects();
            if extra != 0 {
                skip |= cx.error(
                    ids.aspect,
                    &sub_at.dot("aspectMask"),
                    format_args!(
                        "is {:#x}, with aspects {extra:#x} that {} VkImage {:#x} (format {}) does not have.",
                        s.aspectMask.0,
                        ids.image,
                        image.handle,
                        format_name(info.format)
                    ),
                );
            }
        }
        let size = info.level_extent(s.mipLevel);
        let axes = if ids.z_always || info.ty == VkImageType::VK_IMAGE_TYPE_3D { 3 } else { 2 };
        for axis in 0..axes {
            let (begin, end, limit) = (area.begin[axis], area.end[axis], i64::from(size[axis]));
            if begin < 0 || end > limit {
                let at = region.dot(ids.offset);
                skip |= cx.error(
                    ids.inside[axis],
                    &at,
                    format_args!(
                        "covers {} {begin}..{end}, outside 0..{limit}, the {} of mip level {} of {} VkImage {:#x}.",
                        AXES[axis], DIMENSIONS[axis], s.mipLevel, ids.image, image.handle
                    ),
                );
            }
        }
        skip
    }

    /// vkCmdCopyImage and `VkCopyImageInfo2` (whose regions the caller gives as `VkImageCopy`).
    pub(super) fn copy_image(
        &self,
        cx: &Call<'_>,
        ids: &CopyImageIds,
        (src, dst): ((VkImage, VkImageLayout), (VkImage, VkImageLayout)),
        regions: &[VkImageCopy],
        m: &Members<'_>,
    ) -> bool {
        let mut skip = false;
        let (src_format, dst_format) = (self.format_of(src.0), self.format_of(dst.0));
        let srcs: Vec<_> =
            regions.iter().map(|r| Area::of(r.srcSubresource, r.srcOffset, r.extent)).enumerate().collect();
        // The destination's extent, adjusted for size-compatibility (texel blocks to texel blocks).
        let dsts: Vec<_> = regions
            .iter()
            .map(|r| {
                let mut e = r.extent;
                if let (Some(s), Some(d)) = (src_format.zip(dst_format).filter(|(s, d)| s.block != d.block)).unzip() {
                    e.width = e.width.div_ceil(s.block[0]).saturating_mul(d.block[0]);
                    e.height = e.height.div_ceil(s.block[1]).saturating_mul(d.block[1]);
                }
                Area::of(r.dstSubresource, r.dstOffset, e)
            })
            .enumerate()
            .collect();
        let s = self.image_side(cx, &ids.src, src, &srcs, m, &mut skip);
        let d = self.image_side(cx, &ids.dst, dst, &dsts, m, &mut skip);
        let same = src.0.as_raw() == dst.0.as_raw();
        skip |= overlaps(cx, &ids.overlap, (same, (src.1, dst.1)), &srcs, &dsts, m);
        let (Some(s), Some(d)) = (s, d) else { return skip };
        skip |= copy_shapes(cx, ids, (&s, &d), regions, m);
        let at = m.get("srcImage");
        if s.info.samples != d.info.samples {
            skip |= cx.error(
                ids.samples,
                &at,
                format_args!(
                    "is {:#x}, created with {} samples, and dstImage {:#x} with {}: they must match.",
                    s.handle, s.info.samples, d.handle, d.info.samples
                ),
            );
        }
        if let (Some(sf), Some(df)) = (s.format, d.format) {
            if sf.color() && df.color() && sf.size != df.size {
                skip |= cx.error(
                    ids.size_compatible,
                    &at,
                    format_args!(
                        "is {:#x}, of format {} ({}-byte texel blocks), and dstImage {:#x} of format {} ({}-byte \
                         texel blocks): the formats are not size-compatible.",
                        s.handle,
                        format_name(s.info.format),
                        sf.size,
                        d.handle,
                        format_name(d.info.format),
                        df.size
                    ),
                );
            }
            let maintenance8 = cx.device().is_some_and(|f| f.features.contains(Feature::MAINTENANCE8));
            if !maintenance8 {
                let list = m.get("pRegions");
                for (i, r) in regions.iter().enumerate() {
                    let (a, b) = (r.srcSubresource.aspectMask.0, r.dstSubresource.aspectMask.0);
                    if a != b {
                        let region = list.index(i);
                        skip |= cx.error(
                            ids.aspects,
                            &region.dot("dstSubresource").dot("aspectMask"),
                            format_args!(
                                "is {b:#x}, but srcSubresource.aspectMask is {a:#x}: without the maintenance8 \
                                 feature they must match."
                            ),
                        );
                    }
                }
            }
        }
        skip
    }

    /// vkCmdCopyBufferToImage, vkCmdCopyImageToBuffer and their info structures (whose regions
    /// the caller gives as `VkBufferImageCopy`).
    pub(super) fn copy_buffer_image(
        &self,
        cx: &Call<'_>,
        ids: &BufferImageIds,
        image: (VkImage, VkImageLayout),
        buffer: VkBuffer,
        regions: &[VkBufferImageCopy],
        m: &Members<'_>,
    ) -> bool {
        let mut skip = false;
        let areas: Vec<_> =
            regions.iter().map(|r| Area::of(r.imageSubresource, r.imageOffset, r.imageExtent)).enumerate().collect();
        let layouts = (image.1, image.1);
        let image = self.image_side(cx, &ids.image, image, &areas, m, &mut skip);
        skip |= overlaps(cx, &ids.overlap, (false, layouts), &[], &areas, m);
        let buffer = self.used_buffer(cx, buffer, &ids.buffer, &m.get(ids.buffer_param), &mut skip);
        let Some(image) = image else { return skip };
        let list = m.get("pRegions");
        for (i, r) in regions.iter().enumerate() {
            skip |= buffer_image_shape(cx, ids, &image, r, &list.index(i));
        }
        let Some(format) = image.format else { return skip };
        for (i, r) in regions.iter().enumerate() {
            let region = list.index(i);
            let (alignment, vuid) =
                if format.depth_stencil() { (4, ids.offset_four) } else { (u64::from(format.size), ids.offset_texel) };
            if !r.bufferOffset.is_multiple_of(alignment) {
                skip |= cx.error(
                    vuid,
                    &region.dot("bufferOffset"),
                    format_args!(
                        "is {}, not a multiple of {alignment} ({} of {} VkImage {:#x}, format {}).",
                        r.bufferOffset,
                        if format.depth_stencil() {
                            "as for every depth/stencil format"
                        } else {
                            "the texel block size"
                        },
                        ids.image.image,
                        image.handle,
                        format_name(image.info.format)
                    ),
                );
                continue;
            }
            let Some(buffer) = &buffer else { continue };
            let Some(bytes) = buffer_bytes(&image.info, format, r) else { continue };
            let end = r.bufferOffset.saturating_add(bytes);
            if end > buffer.info.size {
                skip |= cx.error(
                    ids.buffer_size,
                    &region,
                    format_args!(
                        "reaches byte {end} of {} VkBuffer {:#x} (bufferOffset {}, {bytes} bytes for the region), \
                         past its {} bytes.",
                        ids.buffer_param, buffer.handle, r.bufferOffset, buffer.info.size
                    ),
                );
            }
        }
        skip
    }

    /// vkCmdBlitImage and `VkBlitImageInfo2` (regions given as `VkImageBlit`).
    pub(super) fn blit_image(
        &self,
        cx: &Call<'_>,
        ids: &BlitIds,
        (src, dst): ((VkImage, VkImageLayout), (VkImage, VkImageLayout)),
        regions: &[VkImageBlit],
        filter: VkFilter,
        m: &Members<'_>,
    ) -> bool {
        let mut skip = false;
        let srcs: Vec<_> = regions.iter().map(|r| Area::between(r.srcSubresource, r.srcOffsets)).enumerate().collect();
        let dsts: Vec<_> = regions.iter().map(|r| Area::between(r.dstSubresource, r.dstOffsets)).enumerate().collect();
        let s = self.image_side(cx, &ids.src, src, &srcs, m, &mut skip);
        let d = self.image_side(cx, &ids.dst, dst, &dsts, m, &mut skip);
        let same = src.0.as_raw() == dst.0.as_raw();
        skip |= overlaps(cx, &ids.overlap, (same, (src.1, dst.1)), &srcs, &dsts, m);
        let at = m.get("srcImage");
        if let Some(s) = &s {
            let linear = filter == VkFilter::VK_FILTER_LINEAR;
            if let (true, Some(features)) = (linear, s.info.features) {
                if features & FILTER_LINEAR == 0 {
                    skip |= cx.error(
                        ids.linear,
                        &m.get("filter"),
                        format_args!(
                            "is VK_FILTER_LINEAR, but the features of srcImage {:#x}'s format {} with its tiling \
                             ({features:#x}) lack VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT.",
                            s.handle,
                            format_name(s.info.format)
                        ),
                    );
                }
            }
            if s.format.is_some_and(|f| f.depth_stencil()) && filter != VkFilter::VK_FILTER_NEAREST {
                skip |= cx.error(
                    ids.depth_nearest,
                    &m.get("filter"),
                    format_args!(
                        "is {}, but srcImage {:#x} has the depth/stencil format {}: only VK_FILTER_NEAREST blits it.",
                        filter.name().unwrap_or("?"),
                        s.handle,
                        format_name(s.info.format)
                    ),
                );
            }
        }
        let list = m.get("pRegions");
        for (i, r) in regions.iter().enumerate() {
            skip |= blit_shape(cx, ids, (s.as_ref(), d.as_ref()), r, &list.index(i));
        }
        let (Some(s), Some(d)) = (s, d) else { return skip };
        let (Some(sf), Some(df)) = (s.format, d.format) else { return skip };
        let pair = format_args!(
            "is {:#x}, of format {}, and dstImage {:#x} of format {}",
            s.handle,
            format_name(s.info.format),
            d.handle,
            format_name(d.info.format)
        );
        if sf.depth_stencil() || df.depth_stencil() {
            if s.info.format != d.info.format {
                skip |= cx.error(ids.depth_same, &at, format_args!("{pair}: a depth/stencil blit keeps its format."));
            }
        } else if sf.sint() != df.sint() {
            skip |= cx.error(ids.sint, &at, format_args!("{pair}: one is signed integer and the other is not."));
        } else if sf.uint() != df.uint() {
            skip |= cx.error(ids.uint, &at, format_args!("{pair}: one is unsigned integer and the other is not."));
        }
        skip
    }

    /// vkCmdResolveImage and `VkResolveImageInfo2` (regions given as `VkImageResolve`).
    pub(super) fn resolve_image(
        &self,
        cx: &Call<'_>,
        ids: &ResolveIds,
        (src, dst): ((VkImage, VkImageLayout), (VkImage, VkImageLayout)),
        regions: &[VkImageResolve],
        m: &Members<'_>,
    ) -> bool {
        let mut skip = false;
        let srcs: Vec<_> =
            regions.iter().map(|r| Area::of(r.srcSubresource, r.srcOffset, r.extent)).enumerate().collect();
        let dsts: Vec<_> =
            regions.iter().map(|r| Area::of(r.dstSubresource, r.dstOffset, r.extent)).enumerate().collect();
        let s = self.image_side(cx, &ids.src, src, &srcs, m, &mut skip);
        let d = self.image_side(cx, &ids.dst, dst, &dsts, m, &mut skip);
        let at = m.get("srcImage");
        if let Some(s) = &s {
            if s.info.samples == 1 {
                skip |= cx.error(
                    ids.multisampled,
                    &at,
                    format_args!(
                        "is {:#x}, created with VK_SAMPLE_COUNT_1_BIT: a resolve reads a multisampled image.",
                        s.handle
                    ),
                );
            }
        }
        let maintenance10 = cx.device().is_some_and(|f| f.features.contains(Feature::MAINTENANCE10));
        if let (Some(d), false) = (&d, maintenance10) {
            let attachment = VkFormatFeatureFlags::VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT.0;
            if d.info.features.is_some_and(|f| f & attachment == 0) {
                skip |= cx.error(
                    ids.color_attachment,
                    &m.get("dstImage"),
                    format_args!(
                        "is {:#x}, of format {}, whose features with its tiling lack \
                         VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT (without the maintenance10 feature).",
                        d.handle,
                        format_name(d.info.format)
                    ),
                );
            }
        }
        if let (Some(s), Some(d)) = (&s, &d) {
            if s.info.format != d.info.format {
                skip |= cx.error(
                    ids.same_format,
                    &at,
                    format_args!(
                        "is {:#x}, of format {}, and dstImage {:#x} of format {}: a resolve keeps the format.",
                        s.handle,
                        format_name(s.info.format),
                        d.handle,
                        format_name(d.info.format)
                    ),
                );
            }
        }
        let list = m.get("pRegions");
        for (i, r) in regions.iter().enumerate() {
            let region = list.index(i);
            let sides = [
                (s.as_ref(), r.srcOffset, "srcOffset", ids.src_flat),
                (d.as_ref(), r.dstOffset, "dstOffset", ids.dst_flat),
            ];
            for (image, o, member, vuid) in sides {
                if image.is_some_and(|i| !is(i, TYPE_3D)) && (o.z != 0 || r.extent.depth != 1) {
                    skip |= cx.error(
                        vuid,
                        &region.dot(member),
                        format_args!(
                            "has z {} (extent.depth {}), but the image is not 3D: z 0, depth 1.",
                            o.z, r.extent.depth
                        ),
                    );
                }
            }
        }
        for (i, r) in regions.iter().enumerate() {
            let (a, b) = (r.srcSubresource.aspectMask.0, r.dstSubresource.aspectMask.0);
            if a != b {
                let region = list.index(i);
                skip |= cx.error(
                    ids.aspects,
                    &region.dot("srcSubresource").dot("aspectMask"),
                    format_args!("is {a:#x}, but dstSubresource.aspectMask is {b:#x}: they must be equal."),
                );
            }
        }
        skip
    }

    /// `VkCopyImageInfo2`.
    ///
    /// # Safety
    /// `info` must be NULL or the copy info the application passed (stateless checked it).
    pub(super) unsafe fn copy_image_info(&self, cx: &Call<'_>, info: *const VkCopyImageInfo2) -> bool {
        // SAFETY: as the caller promises, with its regions.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let regions: Vec<_> = unsafe { slice(info.pRegions, info.regionCount) }.iter().map(image_copy).collect();
        let root = cx.location();
        let at = root.dot("pCopyImageInfo");
        let m = Members { at: &at, pointer: true };
        let images = ((info.srcImage, info.srcImageLayout), (info.dstImage, info.dstImageLayout));
        self.copy_image(cx, &COPY_IMAGE_INFO, images, &regions, &m)
    }

    /// `VkCopyBufferToImageInfo2` (regions with a QCOM transform follow rules of their own: none
    /// is checked then).
    ///
    /// # Safety
    /// As for [`CoreChecks::copy_image_info`].
    pub(super) unsafe fn copy_buffer_to_image_info(
        &self,
        cx: &Call<'_>,
        info: *const VkCopyBufferToImageInfo2,
    ) -> bool {
        // SAFETY: as the caller promises, with its regions.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let regions = unsafe { slice(info.pRegions, info.regionCount) };
        if regions.iter().any(|r| unsafe { transformed(r) }) {
            return false;
        }
        let regions: Vec<_> = regions.iter().map(buffer_image_copy).collect();
        let root = cx.location();
        let at = root.dot("pCopyBufferToImageInfo");
        let m = Members { at: &at, pointer: true };
        let image = (info.dstImage, info.dstImageLayout);
        self.copy_buffer_image(cx, &BUFFER_TO_IMAGE_INFO, image, info.srcBuffer, &regions, &m)
    }

    /// `VkCopyImageToBufferInfo2` (as for [`CoreChecks::copy_buffer_to_image_info`]).
    ///
    /// # Safety
    /// As for [`CoreChecks::copy_image_info`].
    pub(super) unsafe fn copy_image_to_buffer_info(
        &self,
        cx: &Call<'_>,
        info: *const VkCopyImageToBufferInfo2,
    ) -> bool {
        // SAFETY: as the caller promises, with its regions.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let regions = unsafe { slice(info.pRegions, info.regionCount) };
        if regions.iter().any(|r| unsafe { transformed(r) }) {
            return false;
        }
        let regions: Vec<_> = regions.iter().map(buffer_image_copy).collect();
        let root = cx.location();
        let at = root.dot("pCopyImageToBufferInfo");
        let m = Members { at: &at, pointer: true };
        let image = (info.srcImage, info.srcImageLayout);
        self.copy_buffer_image(cx, &IMAGE_TO_BUFFER_INFO, image, info.dstBuffer, &regions, &m)
    }

    /// `VkBlitImageInfo2`.
    ///
    /// # Safety
    /// As for [`CoreChecks::copy_image_info`].
    pub(super) unsafe fn blit_image_info(&self, cx: &Call<'_>, info: *const VkBlitImageInfo2) -> bool {
        // SAFETY: as the caller promises, with its regions.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let regions: Vec<_> = unsafe { slice(info.pRegions, info.regionCount) }.iter().map(image_blit).collect();
        let root = cx.location();
        let at = root.dot("pBlitImageInfo");
        let m = Members { at: &at, pointer: true };
        let images = ((info.srcImage, info.srcImageLayout), (info.dstImage, info.dstImageLayout));
        self.blit_image(cx, &BLIT_IMAGE_INFO, images, &regions, info.filter, &m)
    }

    /// `VkResolveImageInfo2`.
    ///
    /// # Safety
    /// As for [`CoreChecks::copy_image_info`].
    pub(super) unsafe fn resolve_image_info(&self, cx: &Call<'_>, info: *const VkResolveImageInfo2) -> bool {
        // SAFETY: as the caller promises, with its regions.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let regions: Vec<_> = unsafe { slice(info.pRegions, info.regionCount) }.iter().map(image_resolve).collect();
        let root = cx.location();
        let at = root.dot("pResolveImageInfo");
        let m = Members { at: &at, pointer: true };
        let images = ((info.srcImage, info.srcImageLayout), (info.dstImage, info.dstImageLayout));
        self.resolve_image(cx, &RESOLVE_IMAGE_INFO, images, &regions, &m)
    }

    /// The described format of `image`, when known.
    fn format_of(&self, image: VkImage) -> Option<FormatInfo> {
        let record = self.get(TYPES.image, image.as_raw())?;
        format_info(record.image()?.info()?.format)
    }
}

/// The bytes a buffer and image copy region spans in the buffer, from its offset (Buffer and
/// Image Addressing); `None` when it cannot be known (an empty extent, a multi-aspect region).
fn buffer_bytes(image: &ImageInfo, format: FormatInfo, r: &VkBufferImageCopy) -> Option<u64> {
    let e = r.imageExtent;
    let s = r.imageSubresource;
    if e.width == 0 || e.height == 0 || e.depth == 0 || s.aspectMask.0.count_ones() != 1 {
        return None;
    }
    let layers = if s.layerCount == VK_REMAINING_ARRAY_LAYERS {
        image.layers.checked_sub(s.baseArrayLayer)?
    } else {
        s.layerCount
    };
    let [bw, bh] = format.block.map(u64::from);
    let size = u64::from(format.aspect_size(s.aspectMask.0));
    let row_length = u64::from(if r.bufferRowLength == 0 { e.width } else { r.bufferRowLength });
    let image_height = u64::from(if r.bufferImageHeight == 0 { e.height } else { r.bufferImageHeight });
    let row_pitch = row_length.div_ceil(bw) * size;
    let slice_pitch = image_height.div_ceil(bh) * row_pitch;
    let slices = u64::from(e.depth) * u64::from(layers.max(1));
    let rows = u64::from(e.height).div_ceil(bh);
    let last_row = u64::from(e.width).div_ceil(bw) * size;
    Some((slices - 1) * slice_pitch + (rows - 1) * row_pitch + last_row)
}

/// A `VkImageCopy2` as a `VkImageCopy`.
fn image_copy(r: &VkImageCopy2) -> VkImageCopy {
    VkImageCopy {
        srcSubresource: r.srcSubresource,
        srcOffset: r.srcOffset,
        dstSubresource: r.dstSubresource,
        dstOffset: r.dstOffset,
        extent: r.extent,
    }
}

/// A `VkBufferImageCopy2` as a `VkBufferImageCopy`.
fn buffer_image_copy(r: &VkBufferImageCopy2) -> VkBufferImageCopy {
    VkBufferImageCopy {
        bufferOffset: r.bufferOffset,
        bufferRowLength: r.bufferRowLength,
        bufferImageHeight: r.bufferImageHeight,
        imageSubresource: r.imageSubresource,
        imageOffset: r.imageOffset,
        imageExtent: r.imageExtent,
    }
}

/// A `VkImageBlit2` as a `VkImageBlit`.
fn image_blit(r: &VkImageBlit2) -> VkImageBlit {
    VkImageBlit {
        srcSubresource: r.srcSubresource,
        srcOffsets: r.srcOffsets,
        dstSubresource: r.dstSubresource,
        dstOffsets: r.dstOffsets,
    }
}

/// A `VkImageResolve2` as a `VkImageResolve`.
fn image_resolve(r: &VkImageResolve2) -> VkImageResolve {
    VkImageResolve {
        srcSubresource: r.srcSubresource,
        srcOffset: r.srcOffset,
        dstSubresource: r.dstSubresource,
        dstOffset: r.dstOffset,
        extent: r.extent,
    }
}

/// Whether a `VkBufferImageCopy2` chains `VkCopyCommandTransformInfoQCOM`, whose regions follow
/// rules of their own (not checked).
///
/// # Safety
/// `r`'s pNext chain must be valid.
unsafe fn transformed(r: &VkBufferImageCopy2) -> bool {
    let ty = VkStructureType::VK_STRUCTURE_TYPE_COPY_COMMAND_TRANSFORM_INFO_QCOM;
    // SAFETY: the caller's chain.
    unsafe { chained::<VkCopyCommandTransformInfoQCOM>(r.pNext, ty) }.is_some()
}
