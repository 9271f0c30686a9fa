//! The rules of the transfer commands that depend on image types and texel blocks: 1D, 2D and
//! 3D images' offsets, extents and layers in copies and blits, the types a copy may mix, and
//! compressed formats' texel block alignment.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::copy_ids::{BlitIds, BufferImageIds, CopyImageIds};
use super::formats::{format_name, FormatInfo};
use super::memory::Members;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::images::ImageInfo;

/// One image region of a command, in a common form: its subresource, and the texels it covers
/// (`begin..end` per axis; a blit's offsets in either order).
#[derive(Clone, Copy)]
pub(super) struct Area {
    pub sub: VkImageSubresourceLayers,
    pub begin: [i64; 3],
    pub end: [i64; 3],
}

impl Area {
    /// `offset` and `extent` texels from it.
    pub fn of(sub: VkImageSubresourceLayers, offset: VkOffset3D, extent: VkExtent3D) -> Self {
        let begin = [offset.x, offset.y, offset.z].map(i64::from);
        let size = [extent.width, extent.height, extent.depth].map(i64::from);
        Area { sub, begin, end: [begin[0] + size[0], begin[1] + size[1], begin[2] + size[2]] }
    }

    /// Between a blit's two offsets.
    pub fn between(sub: VkImageSubresourceLayers, offsets: [VkOffset3D; 2]) -> Self {
        let [a, b] = offsets.map(|o| [o.x, o.y, o.z].map(i64::from));
        Area { sub, begin: [0, 1, 2].map(|i| a[i].min(b[i])), end: [0, 1, 2].map(|i| a[i].max(b[i])) }
    }
}

pub(super) const AXES: [&str; 3] = ["x", "y", "z"];
pub(super) const DIMENSIONS: [&str; 3] = ["width", "height", "depth"];

/// An image a command names, as its rules read it.
pub(super) struct Named {
    pub handle: u64,
    pub info: ImageInfo,
    pub format: Option<FormatInfo>,
}

/// Whether `image` is of type `ty`.
pub(super) fn is(image: &Named, ty: VkImageType) -> bool {
    image.info.ty == ty
}

pub(super) const TYPE_1D: VkImageType = VkImageType::VK_IMAGE_TYPE_1D;
pub(super) const TYPE_2D: VkImageType = VkImageType::VK_IMAGE_TYPE_2D;
pub(super) const TYPE_3D: VkImageType = VkImageType::VK_IMAGE_TYPE_3D;

/// A 3D image's subresource: one layer from 0.
fn one_layer(s: &VkImageSubresourceLayers) -> bool {
    s.baseArrayLayer == 0 && s.layerCount == 1
}

/// vkCmdCopyImage's rules by image type and texel block of each region.
pub(super) fn copy_shapes(
    cx: &Call<'_>,
    ids: &CopyImageIds,
    (s, d): (&Named, &Named),
    regions: &[VkImageCopy],
    m: &Members<'_>,
) -> bool {
    let mut skip = false;
    let maintenance5 = cx.device().is_some_and(|f| f.features.contains(Feature::MAINTENANCE5));
    let types = [s.info.ty, d.info.ty];
    if s.info.ty != d.info.ty && !maintenance5 && !(types.contains(&TYPE_2D) && types.contains(&TYPE_3D)) {
        skip |= cx.error(
            ids.types,
            &m.get("srcImage"),
            format_args!(
                "is {}, and dstImage {}: without the maintenance5 feature, images of different types are one 2D and \
                 one 3D.",
                s.info.ty.name().unwrap_or("?"),
                d.info.ty.name().unwrap_or("?")
            ),
        );
    }
    let list = m.get("pRegions");
    for (i, r) in regions.iter().enumerate() {
        let region = list.index(i);
        let mut report = |vuid, member: &'static str, why: std::fmt::Arguments<'_>| {
            skip |= cx.error(vuid, &region.dot(member), why);
        };
        let depth = r.extent.depth;
        let (sl, dl) = (r.srcSubresource.layerCount, r.dstSubresource.layerCount);
        let remaining = sl == VK_REMAINING_ARRAY_LAYERS || dl == VK_REMAINING_ARRAY_LAYERS;
        if s.info.ty == d.info.ty && !remaining && sl != dl {
            report(
                ids.layer_counts,
                "dstSubresource",
                format_args!("has layerCount {dl}, but srcSubresource.layerCount is {sl}: images of one type copy as many layers as they read."),
            );
        }
        if is(s, TYPE_1D) {
            if r.srcOffset.y != 0 || r.extent.height != 1 {
                report(
                    ids.src_line[0],
                    "srcOffset",
                    format_args!(
                        "has y {} (extent.height {}), but srcImage is 1D: y 0, height 1.",
                        r.srcOffset.y, r.extent.height
                    ),
                );
            }
            if r.srcOffset.z != 0 || depth != 1 {
                report(
                    ids.src_line[1],
                    "srcOffset",
                    format_args!("has z {} (extent.depth {depth}), but srcImage is 1D: z 0, depth 1.", r.srcOffset.z),
                );
            }
        }
        if is(d, TYPE_1D) {
            if r.dstOffset.y != 0 {
                report(
                    ids.dst_line[0],
                    "dstOffset",
                    format_args!("has y {}, but dstImage is 1D: it must be 0.", r.dstOffset.y),
                );
            }
            if r.dstOffset.z != 0 {
                report(
                    ids.dst_line[1],
                    "dstOffset",
                    format_args!("has z {}, but dstImage is 1D: it must be 0.", r.dstOffset.z),
                );
            }
            let compressed = s.format.is_some_and(|f| f.compressed()) && d.format.is_some_and(|f| f.compressed());
            if !compressed && depth != 1 {
                report(ids.dst_line[2], "extent", format_args!("has depth {depth}, but dstImage is 1D: it must be 1."));
            }
            let height = match (s.format, d.format) {
                (Some(sf), Some(df)) if sf.block != df.block => {
                    r.extent.height.div_ceil(sf.block[1]).saturating_mul(df.block[1])
                }
                _ => r.extent.height,
            };
            if !compressed && height != 1 {
                report(
                    ids.dst_line[3],
                    "extent",
                    format_args!("has height {height} in dstImage's texels, but dstImage is 1D: it must be 1."),
                );
            }
        }
        if is(s, TYPE_2D) && r.srcOffset.z != 0 {
            report(ids.src_z, "srcOffset", format_args!("has z {}, but srcImage is 2D: it must be 0.", r.srcOffset.z));
        }
        if is(d, TYPE_2D) && r.dstOffset.z != 0 {
            report(ids.dst_z, "dstOffset", format_args!("has z {}, but dstImage is 2D: it must be 0.", r.dstOffset.z));
        }
        if is(s, TYPE_2D) && is(d, TYPE_2D) && depth != 1 {
            report(ids.flat_depth, "extent", format_args!("has depth {depth}, but both images are 2D: it must be 1."));
        }
        if is(s, TYPE_2D) && is(d, TYPE_3D) && sl != VK_REMAINING_ARRAY_LAYERS && depth != sl {
            report(
                ids.depth_src_layers,
                "extent",
                format_args!("has depth {depth}: a copy from 2D to 3D copies srcSubresource.layerCount ({sl}) slices."),
            );
        }
        if is(s, TYPE_3D) && is(d, TYPE_2D) && dl != VK_REMAINING_ARRAY_LAYERS && depth != dl {
            report(
                ids.depth_dst_layers,
                "extent",
                format_args!(
                    "has depth {depth}: a copy from 3D to 2D copies to dstSubresource.layerCount ({dl}) layers."
                ),
            );
        }
        if is(s, TYPE_3D) && !one_layer(&r.srcSubresource) {
            report(
                ids.src_volume_layers,
                "srcSubresource",
                format_args!(
                    "has baseArrayLayer {} and layerCount {sl}: srcImage is 3D (layer 0, one layer).",
                    r.srcSubresource.baseArrayLayer
                ),
            );
        }
        if is(d, TYPE_3D) && !one_layer(&r.dstSubresource) {
            report(
                ids.dst_volume_layers,
                "dstSubresource",
                format_args!(
                    "has baseArrayLayer {} and layerCount {dl}: dstImage is 3D (layer 0, one layer).",
                    r.dstSubresource.baseArrayLayer
                ),
            );
        }
        // Texel blocks.
        let offsets = [(s, r.srcOffset, "srcOffset", 0), (d, r.dstOffset, "dstOffset", 2)];
        for (image, o, member, first) in offsets {
            let Some(f) = image.format else { continue };
            for (axis, (value, block)) in [(o.x, f.block[0]), (o.y, f.block[1])].into_iter().enumerate() {
                if i64::from(value).rem_euclid(i64::from(block)) != 0 {
                    report(
                        ids.blocks[first + axis],
                        member,
                        format_args!(
                            "has {} {value}, not a multiple of the texel block {} ({block}) of format {}.",
                            AXES[axis],
                            DIMENSIONS[axis],
                            format_name(image.info.format)
                        ),
                    );
                }
            }
        }
        if let Some(f) = s.format {
            let size = s.info.level_extent(r.srcSubresource.mipLevel);
            let values = [(r.srcOffset.x, r.extent.width), (r.srcOffset.y, r.extent.height)];
            for (axis, (o, e)) in values.into_iter().enumerate() {
                let block = f.block[axis];
                let reaches = i64::from(o) + i64::from(e) == i64::from(size[axis]);
                if !reaches && e % block != 0 {
                    report(
                        ids.src_extent_blocks[axis],
                        "extent",
                        format_args!(
                            "has {} {e}, not a multiple of the texel block {} ({block}) of srcImage's format {}, and \
                             does not reach the edge of the subresource ({}).",
                            DIMENSIONS[axis],
                            DIMENSIONS[axis],
                            format_name(s.info.format),
                            size[axis]
                        ),
                    );
                }
            }
        }
    }
    skip
}

/// A buffer and image copy region's rules by image type and texel block.
pub(super) fn buffer_image_shape(
    cx: &Call<'_>,
    ids: &BufferImageIds,
    image: &Named,
    r: &VkBufferImageCopy,
    region: &Location<'_>,
) -> bool {
    let mut skip = false;
    let sub = r.imageSubresource;
    if is(image, TYPE_3D) && !one_layer(&sub) {
        skip |= cx.error(
            ids.volume_layers,
            &region.dot("imageSubresource"),
            format_args!(
                "has baseArrayLayer {} and layerCount {}: the image is 3D (layer 0, one layer).",
                sub.baseArrayLayer, sub.layerCount
            ),
        );
    }
    if !is(image, TYPE_3D) && (r.imageOffset.z != 0 || r.imageExtent.depth != 1) {
        skip |= cx.error(
            ids.flat,
            region,
            format_args!(
                "has imageOffset.z {} and imageExtent.depth {}: the image is not 3D (0 and 1).",
                r.imageOffset.z, r.imageExtent.depth
            ),
        );
    }
    if let Some(f) = image.format {
        let pairs = [
            (r.bufferRowLength, "bufferRowLength", 0, ids.row_length),
            (r.bufferImageHeight, "bufferImageHeight", 1, ids.image_height),
        ];
        for (value, member, axis, vuid) in pairs {
            if value % f.block[axis] != 0 {
                skip |= cx.error(
                    vuid,
                    &region.dot(member),
                    format_args!(
                        "is {value}, not a multiple of the texel block {} ({}) of format {}.",
                        DIMENSIONS[axis],
                        f.block[axis],
                        format_name(image.info.format)
                    ),
                );
            }
        }
    }
    skip
}

/// A blit region's rules by image type, and its destination offsets.
pub(super) fn blit_shape(
    cx: &Call<'_>,
    ids: &BlitIds,
    (s, d): (Option<&Named>, Option<&Named>),
    r: &VkImageBlit,
    region: &Location<'_>,
) -> bool {
    let mut skip = false;
    let flat = |image: Option<&Named>| image.is_some_and(|i| !is(i, TYPE_3D));
    for (image, offsets, member, vuid) in
        [(s, r.srcOffsets, "srcOffsets", ids.src_flat), (d, r.dstOffsets, "dstOffsets", ids.dst_flat)]
    {
        if flat(image) && (offsets[0].z != 0 || offsets[1].z != 1) {
            skip |= cx.error(
                vuid,
                &region.dot(member),
                format_args!(
                    "have z {} and {}, but the image is not 3D: they must be 0 and 1.",
                    offsets[0].z, offsets[1].z
                ),
            );
        }
    }
    let line = |image: Option<&Named>| image.is_some_and(|i| is(i, TYPE_1D));
    for (image, offsets, member, vuid) in
        [(s, r.srcOffsets, "srcOffsets", ids.src_line), (d, r.dstOffsets, "dstOffsets", ids.dst_line)]
    {
        if line(image) && (offsets[0].y != 0 || offsets[1].y != 1) {
            skip |= cx.error(
                vuid,
                &region.dot(member),
                format_args!(
                    "have y {} and {}, but the image is 1D: they must be 0 and 1.",
                    offsets[0].y, offsets[1].y
                ),
            );
        }
    }
    let volume = s.is_some_and(|i| is(i, TYPE_3D)) || d.is_some_and(|i| is(i, TYPE_3D));
    let maintenance8 = cx.device().is_some_and(|f| f.features.contains(Feature::MAINTENANCE8));
    if volume && !maintenance8 {
        for (sub, member) in [(&r.srcSubresource, "srcSubresource"), (&r.dstSubresource, "dstSubresource")] {
            if !one_layer(sub) {
                skip |= cx.error(
                    ids.volume_layers,
                    &region.dot(member),
                    format_args!(
                        "has baseArrayLayer {} and layerCount {}: a blit with a 3D image, without the maintenance8 \
                         feature, copies layer 0 alone.",
                        sub.baseArrayLayer, sub.layerCount
                    ),
                );
            }
        }
    }
    let [a, b] = r.dstOffsets.map(|o| [o.x, o.y, o.z]);
    for axis in 0..3 {
        if a[axis] == b[axis] {
            skip |= cx.error(
                ids.dst_axes[axis],
                &region.dot("dstOffsets"),
                format_args!("have the same {} ({}): the destination region is empty.", AXES[axis], a[axis]),
            );
        }
    }
    skip
}
