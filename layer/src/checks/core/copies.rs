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

use super::buffers::BufferRole;
use super::copy_overlap::{overlaps, OverlapIds, NO_OVERLAP_RULES};
use super::copy_shapes::{blit_shape, buffer_image_shape, copy_shapes, is, TYPE_3D};
use super::formats::{format_info, FormatInfo};
use super::memory::Members;
use super::CoreChecks;
use crate::chassis::raw::{chained, slice};
use crate::chassis::Call;
use crate::report::Location;
use crate::state::images::ImageInfo;
use crate::state::TYPES;

use VkImageLayout as L;

const SRC_LAYOUTS: &[VkImageLayout] =
    &[L::VK_IMAGE_LAYOUT_GENERAL, L::VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, L::VK_IMAGE_LAYOUT_SHARED_PRESENT_KHR];
pub(super) const DST_LAYOUTS: &[VkImageLayout] =
    &[L::VK_IMAGE_LAYOUT_GENERAL, L::VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, L::VK_IMAGE_LAYOUT_SHARED_PRESENT_KHR];

const TRANSFER_SRC: (u32, &str) =
    (VkImageUsageFlags::VK_IMAGE_USAGE_TRANSFER_SRC_BIT.0, "VK_IMAGE_USAGE_TRANSFER_SRC_BIT");
pub(super) const TRANSFER_DST: (u32, &str) =
    (VkImageUsageFlags::VK_IMAGE_USAGE_TRANSFER_DST_BIT.0, "VK_IMAGE_USAGE_TRANSFER_DST_BIT");
const BLIT_SRC: (u32, &str) =
    (VkFormatFeatureFlags::VK_FORMAT_FEATURE_BLIT_SRC_BIT.0, "VK_FORMAT_FEATURE_BLIT_SRC_BIT");
const BLIT_DST: (u32, &str) =
    (VkFormatFeatureFlags::VK_FORMAT_FEATURE_BLIT_DST_BIT.0, "VK_FORMAT_FEATURE_BLIT_DST_BIT");
const FEATURE_TRANSFER_SRC: (u32, &str) =
    (VkFormatFeatureFlags::VK_FORMAT_FEATURE_TRANSFER_SRC_BIT.0, "VK_FORMAT_FEATURE_TRANSFER_SRC_BIT");
pub(super) const FEATURE_TRANSFER_DST: (u32, &str) =
    (VkFormatFeatureFlags::VK_FORMAT_FEATURE_TRANSFER_DST_BIT.0, "VK_FORMAT_FEATURE_TRANSFER_DST_BIT");
const FILTER_LINEAR: u32 = VkFormatFeatureFlags::VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT.0;
pub(super) const STENCIL: u32 = VkImageAspectFlags::VK_IMAGE_ASPECT_STENCIL_BIT.0;
pub(super) const DEPTH: u32 = VkImageAspectFlags::VK_IMAGE_ASPECT_DEPTH_BIT.0;
pub(super) const COLOR: u32 = VkImageAspectFlags::VK_IMAGE_ASPECT_COLOR_BIT.0;

/// The ids of the rules of one image a transfer command names.
pub(super) struct SideIds {
    /// The image's parameter (or member) and its layout's.
    pub image: &'static str,
    pub layout: &'static str,
    /// The region members: its subresource and its offset(s).
    pub subresource: &'static str,
    pub offset: &'static str,
    /// The usage it needs (`None`: checked by the command, as clears do).
    pub usage: Option<((u32, &'static str), &'static str)>,
    pub bound: &'static str,
    pub mip: &'static str,
    pub layers: &'static str,
    pub aspect: &'static str,
    /// The region inside the subresource, per axis.
    pub inside: [&'static str; 3],
    /// Whether the z axis is checked for images other than 3D ones.
    pub z_always: bool,
    /// The layouts its layout parameter may be.
    pub layouts: (&'static [VkImageLayout], &'static str),
    /// Created with one sample only.
    pub single_sample: Option<&'static str>,
    /// A format feature it needs.
    pub feature: Option<((u32, &'static str), &'static str)>,
}

/// The ids of vkCmdCopyImage and `VkCopyImageInfo2`.
pub(super) struct CopyImageIds {
    pub src: SideIds,
    pub dst: SideIds,
    pub samples: &'static str,
    pub size_compatible: &'static str,
    pub aspects: &'static str,
    /// By image type: a 2D source's or destination's z offset 0, both 2D with depth 1, 2D to 3D
    /// with depth the source's layer count, 3D to 2D the destination's; a 3D source or
    /// destination with one layer from 0.
    pub src_z: &'static str,
    pub dst_z: &'static str,
    pub flat_depth: &'static str,
    pub depth_src_layers: &'static str,
    pub depth_dst_layers: &'static str,
    pub src_volume_layers: &'static str,
    pub dst_volume_layers: &'static str,
    /// Offsets multiples of the texel block extent (source x, y; destination x, y).
    pub blocks: [&'static str; 4],
    /// The source extent a multiple of the texel block extent unless it reaches the edge (width,
    /// height).
    pub src_extent_blocks: [&'static str; 2],
    pub overlap: OverlapIds,
    /// Images of different types, without maintenance5: one 2D and the other 3D.
    pub types: &'static str,
    /// Images of one type: equal layer counts.
    pub layer_counts: &'static str,
    /// A 1D source: y offset 0 and height 1, z offset 0 and depth 1; a 1D destination: y and
    /// z offsets 0, depth 1 and (unless both are compressed) height 1.
    pub src_line: [&'static str; 2],
    pub dst_line: [&'static str; 4],
}

/// The ids of the buffer and image copies (vkCmdCopyBufferToImage, vkCmdCopyImageToBuffer and
/// their info structures).
pub(super) struct BufferImageIds {
    pub image: SideIds,
    pub buffer: BufferRole,
    pub buffer_param: &'static str,
    /// The region's bytes inside the buffer.
    pub buffer_size: &'static str,
    /// bufferOffset a multiple of the texel block size (color), of 4 (depth/stencil).
    pub offset_texel: &'static str,
    pub offset_four: &'static str,
    /// bufferRowLength and bufferImageHeight multiples of the texel block extent.
    pub row_length: &'static str,
    pub image_height: &'static str,
    /// A 3D image's one layer from 0; a 1D or 2D image's z offset 0 and depth 1.
    pub volume_layers: &'static str,
    pub flat: &'static str,
    pub overlap: OverlapIds,
}

/// The ids of vkCmdBlitImage and `VkBlitImageInfo2`.
pub(super) struct BlitIds {
    pub src: SideIds,
    pub dst: SideIds,
    pub sint: &'static str,
    pub uint: &'static str,
    pub depth_same: &'static str,
    pub depth_nearest: &'static str,
    pub linear: &'static str,
    /// A 1D or 2D source's or destination's z offsets 0 and 1.
    pub src_flat: &'static str,
    pub dst_flat: &'static str,
    /// Without maintenance8, a blit with a 3D image: both subresources one layer from 0.
    pub volume_layers: &'static str,
    /// The destination's two offsets differ on each axis.
    pub dst_axes: [&'static str; 3],
    pub overlap: OverlapIds,
    /// A 1D source's or destination's y offsets 0 and 1.
    pub src_line: &'static str,
    pub dst_line: &'static str,
}

/// The ids of vkCmdResolveImage and `VkResolveImageInfo2`.
pub(super) struct ResolveIds {
    pub src: SideIds,
    pub dst: SideIds,
    pub multisampled: &'static str,
    pub same_format: &'static str,
    /// Without maintenance10, the destination's format features include COLOR_ATTACHMENT.
    pub color_attachment: &'static str,
    pub aspects: &'static str,
    /// A 1D or 2D source's or destination's z offset 0 and depth 1.
    pub src_flat: &'static str,
    pub dst_flat: &'static str,
}

pub(super) const COPY_IMAGE: CopyImageIds = CopyImageIds {
    src: SideIds {
        image: "srcImage",
        layout: "srcImageLayout",
        subresource: "srcSubresource",
        offset: "srcOffset",
        usage: Some((TRANSFER_SRC, "VUID-vkCmdCopyImage-aspect-06662")),
        bound: "VUID-vkCmdCopyImage-srcImage-07966",
        mip: "VUID-vkCmdCopyImage-srcSubresource-07967",
        layers: "VUID-vkCmdCopyImage-srcSubresource-07968",
        aspect: "VUID-vkCmdCopyImage-aspectMask-00142",
        inside: [
            "VUID-vkCmdCopyImage-srcOffset-00144",
            "VUID-vkCmdCopyImage-srcOffset-00145",
            "VUID-vkCmdCopyImage-srcOffset-00147",
        ],
        z_always: false,
        layouts: (SRC_LAYOUTS, "VUID-vkCmdCopyImage-srcImageLayout-01917"),
        single_sample: None,
        feature: Some((FEATURE_TRANSFER_SRC, "VUID-vkCmdCopyImage-srcImage-01995")),
    },
    dst: SideIds {
        image: "dstImage",
        layout: "dstImageLayout",
        subresource: "dstSubresource",
        offset: "dstOffset",
        usage: Some((TRANSFER_DST, "VUID-vkCmdCopyImage-aspect-06663")),
        bound: "VUID-vkCmdCopyImage-dstImage-07966",
        mip: "VUID-vkCmdCopyImage-dstSubresource-07967",
        layers: "VUID-vkCmdCopyImage-dstSubresource-07968",
        aspect: "VUID-vkCmdCopyImage-aspectMask-00143",
        inside: [
            "VUID-vkCmdCopyImage-dstOffset-00150",
            "VUID-vkCmdCopyImage-dstOffset-00151",
            "VUID-vkCmdCopyImage-dstOffset-00153",
        ],
        z_always: false,
        layouts: (DST_LAYOUTS, "VUID-vkCmdCopyImage-dstImageLayout-01395"),
        single_sample: None,
        feature: Some((FEATURE_TRANSFER_DST, "VUID-vkCmdCopyImage-dstImage-01996")),
    },
    samples: "VUID-vkCmdCopyImage-srcImage-00136",
    size_compatible: "VUID-vkCmdCopyImage-srcImage-01548",
    aspects: "VUID-vkCmdCopyImage-srcImage-01551",
    src_z: "VUID-vkCmdCopyImage-srcImage-01787",
    dst_z: "VUID-vkCmdCopyImage-dstImage-01788",
    flat_depth: "VUID-vkCmdCopyImage-srcImage-01790",
    depth_src_layers: "VUID-vkCmdCopyImage-srcImage-01791",
    depth_dst_layers: "VUID-vkCmdCopyImage-dstImage-01792",
    src_volume_layers: "VUID-vkCmdCopyImage-srcImage-04443",
    dst_volume_layers: "VUID-vkCmdCopyImage-dstImage-04444",
    blocks: [
        "VUID-vkCmdCopyImage-pRegions-07278",
        "VUID-vkCmdCopyImage-pRegions-07279",
        "VUID-vkCmdCopyImage-pRegions-07281",
        "VUID-vkCmdCopyImage-pRegions-07282",
    ],
    src_extent_blocks: ["VUID-vkCmdCopyImage-srcImage-01728", "VUID-vkCmdCopyImage-srcImage-01729"],
    overlap: OverlapIds {
        layouts: Some("VUID-vkCmdCopyImage-srcImage-09460"),
        read_written: Some("VUID-vkCmdCopyImage-pRegions-00124"),
        written_twice: Some("VUID-vkCmdCopyImage-pRegions-12484"),
    },
    types: "VUID-vkCmdCopyImage-srcImage-07743",
    layer_counts: "VUID-vkCmdCopyImage-srcImage-08793",
    src_line: ["VUID-vkCmdCopyImage-srcImage-00146", "VUID-vkCmdCopyImage-srcImage-01785"],
    dst_line: [
        "VUID-vkCmdCopyImage-dstImage-00152",
        "VUID-vkCmdCopyImage-dstImage-01786",
        "VUID-vkCmdCopyImage-srcImage-10907",
        "VUID-vkCmdCopyImage-srcImage-10908",
    ],
};

pub(super) const COPY_IMAGE_INFO: CopyImageIds = CopyImageIds {
    src: SideIds {
        image: "srcImage",
        layout: "srcImageLayout",
        subresource: "srcSubresource",
        offset: "srcOffset",
        usage: Some((TRANSFER_SRC, "VUID-VkCopyImageInfo2-aspect-06662")),
        bound: "VUID-VkCopyImageInfo2-srcImage-07966",
        mip: "VUID-VkCopyImageInfo2-srcSubresource-07967",
        layers: "VUID-VkCopyImageInfo2-srcSubresource-07968",
        aspect: "VUID-VkCopyImageInfo2-aspectMask-00142",
        inside: [
            "VUID-VkCopyImageInfo2-srcOffset-00144",
            "VUID-VkCopyImageInfo2-srcOffset-00145",
            "VUID-VkCopyImageInfo2-srcOffset-00147",
        ],
        z_always: false,
        layouts: (SRC_LAYOUTS, "VUID-VkCopyImageInfo2-srcImageLayout-01917"),
        single_sample: None,
        feature: Some((FEATURE_TRANSFER_SRC, "VUID-VkCopyImageInfo2-srcImage-01995")),
    },
    dst: SideIds {
        image: "dstImage",
        layout: "dstImageLayout",
        subresource: "dstSubresource",
        offset: "dstOffset",
        usage: Some((TRANSFER_DST, "VUID-VkCopyImageInfo2-aspect-06663")),
        bound: "VUID-VkCopyImageInfo2-dstImage-07966",
        mip: "VUID-VkCopyImageInfo2-dstSubresource-07967",
        layers: "VUID-VkCopyImageInfo2-dstSubresource-07968",
        aspect: "VUID-VkCopyImageInfo2-aspectMask-00143",
        inside: [
            "VUID-VkCopyImageInfo2-dstOffset-00150",
            "VUID-VkCopyImageInfo2-dstOffset-00151",
            "VUID-VkCopyImageInfo2-dstOffset-00153",
        ],
        z_always: false,
        layouts: (DST_LAYOUTS, "VUID-VkCopyImageInfo2-dstImageLayout-01395"),
        single_sample: None,
        feature: Some((FEATURE_TRANSFER_DST, "VUID-VkCopyImageInfo2-dstImage-01996")),
    },
    samples: "VUID-VkCopyImageInfo2-srcImage-00136",
    size_compatible: "VUID-VkCopyImageInfo2-srcImage-01548",
    aspects: "VUID-VkCopyImageInfo2-srcImage-01551",
    src_z: "VUID-VkCopyImageInfo2-srcImage-01787",
    dst_z: "VUID-VkCopyImageInfo2-dstImage-01788",
    flat_depth: "VUID-VkCopyImageInfo2-srcImage-01790",
    depth_src_layers: "VUID-VkCopyImageInfo2-srcImage-01791",
    depth_dst_layers: "VUID-VkCopyImageInfo2-dstImage-01792",
    src_volume_layers: "VUID-VkCopyImageInfo2-srcImage-04443",
    dst_volume_layers: "VUID-VkCopyImageInfo2-dstImage-04444",
    blocks: [
        "VUID-VkCopyImageInfo2-pRegions-07278",
        "VUID-VkCopyImageInfo2-pRegions-07279",
        "VUID-VkCopyImageInfo2-pRegions-07281",
        "VUID-VkCopyImageInfo2-pRegions-07282",
    ],
    src_extent_blocks: ["VUID-VkCopyImageInfo2-srcImage-01728", "VUID-VkCopyImageInfo2-srcImage-01729"],
    overlap: OverlapIds {
        layouts: Some("VUID-VkCopyImageInfo2-srcImage-09460"),
        read_written: Some("VUID-VkCopyImageInfo2-pRegions-00124"),
        written_twice: Some("VUID-VkCopyImageInfo2-pRegions-12484"),
    },
    types: "VUID-VkCopyImageInfo2-srcImage-07743",
    layer_counts: "VUID-VkCopyImageInfo2-srcImage-08793",
    src_line: ["VUID-VkCopyImageInfo2-srcImage-00146", "VUID-VkCopyImageInfo2-srcImage-01785"],
    dst_line: [
        "VUID-VkCopyImageInfo2-dstImage-00152",
        "VUID-VkCopyImageInfo2-dstImage-01786",
        "VUID-VkCopyImageInfo2-srcImage-10907",
        "VUID-VkCopyImageInfo2-srcImage-10908",
    ],
};

pub(super) const BUFFER_TO_IMAGE: BufferImageIds = BufferImageIds {
    image: SideIds {
        image: "dstImage",
        layout: "dstImageLayout",
        subresource: "imageSubresource",
        offset: "imageOffset",
        usage: Some((TRANSFER_DST, "VUID-vkCmdCopyBufferToImage-dstImage-00177")),
        bound: "VUID-vkCmdCopyBufferToImage-dstImage-07966",
        mip: "VUID-vkCmdCopyBufferToImage-imageSubresource-07967",
        layers: "VUID-vkCmdCopyBufferToImage-imageSubresource-07968",
        aspect: "VUID-vkCmdCopyBufferToImage-imageSubresource-09105",
        inside: [
            "VUID-vkCmdCopyBufferToImage-imageSubresource-07971",
            "VUID-vkCmdCopyBufferToImage-imageSubresource-07972",
            "VUID-vkCmdCopyBufferToImage-imageOffset-09104",
        ],
        z_always: true,
        layouts: (DST_LAYOUTS, "VUID-vkCmdCopyBufferToImage-dstImageLayout-01396"),
        single_sample: Some("VUID-vkCmdCopyBufferToImage-dstImage-07973"),
        feature: Some((FEATURE_TRANSFER_DST, "VUID-vkCmdCopyBufferToImage-dstImage-01997")),
    },
    buffer: BufferRole {
        usage: (VkBufferUsageFlags::VK_BUFFER_USAGE_TRANSFER_SRC_BIT, "VK_BUFFER_USAGE_TRANSFER_SRC_BIT"),
        usage_vuid: "VUID-vkCmdCopyBufferToImage-srcBuffer-00174",
        bound_vuid: "VUID-vkCmdCopyBufferToImage-srcBuffer-00176",
    },
    buffer_param: "srcBuffer",
    buffer_size: "VUID-vkCmdCopyBufferToImage-pRegions-00171",
    offset_texel: "VUID-vkCmdCopyBufferToImage-dstImage-07975",
    offset_four: "VUID-vkCmdCopyBufferToImage-dstImage-07978",
    row_length: "VUID-vkCmdCopyBufferToImage-bufferRowLength-09106",
    image_height: "VUID-vkCmdCopyBufferToImage-bufferImageHeight-09107",
    volume_layers: "VUID-vkCmdCopyBufferToImage-dstImage-07983",
    flat: "VUID-vkCmdCopyBufferToImage-dstImage-07980",
    overlap: OverlapIds {
        layouts: None,
        read_written: None,
        written_twice: Some("VUID-vkCmdCopyBufferToImage-pRegions-12483"),
    },
};

pub(super) const BUFFER_TO_IMAGE_INFO: BufferImageIds = BufferImageIds {
    image: SideIds {
        image: "dstImage",
        layout: "dstImageLayout",
        subresource: "imageSubresource",
        offset: "imageOffset",
        usage: Some((TRANSFER_DST, "VUID-VkCopyBufferToImageInfo2-dstImage-00177")),
        bound: "VUID-VkCopyBufferToImageInfo2-dstImage-07966",
        mip: "VUID-VkCopyBufferToImageInfo2-imageSubresource-07967",
        layers: "VUID-VkCopyBufferToImageInfo2-imageSubresource-07968",
        aspect: "VUID-VkCopyBufferToImageInfo2-imageSubresource-09105",
        inside: [
            "VUID-VkCopyBufferToImageInfo2-pRegions-06223",
            "VUID-VkCopyBufferToImageInfo2-pRegions-06224",
            "VUID-VkCopyBufferToImageInfo2-imageOffset-09104",
        ],
        z_always: true,
        layouts: (DST_LAYOUTS, "VUID-VkCopyBufferToImageInfo2-dstImageLayout-01396"),
        single_sample: Some("VUID-VkCopyBufferToImageInfo2-dstImage-07973"),
        feature: Some((FEATURE_TRANSFER_DST, "VUID-VkCopyBufferToImageInfo2-dstImage-01997")),
    },
    buffer: BufferRole {
        usage: (VkBufferUsageFlags::VK_BUFFER_USAGE_TRANSFER_SRC_BIT, "VK_BUFFER_USAGE_TRANSFER_SRC_BIT"),
        usage_vuid: "VUID-VkCopyBufferToImageInfo2-srcBuffer-00174",
        bound_vuid: "VUID-VkCopyBufferToImageInfo2-srcBuffer-00176",
    },
    buffer_param: "srcBuffer",
    buffer_size: "VUID-VkCopyBufferToImageInfo2-pRegions-00171",
    offset_texel: "VUID-VkCopyBufferToImageInfo2-dstImage-07975",
    offset_four: "VUID-VkCopyBufferToImageInfo2-dstImage-07978",
    row_length: "VUID-VkCopyBufferToImageInfo2-bufferRowLength-09106",
    image_height: "VUID-VkCopyBufferToImageInfo2-bufferImageHeight-09107",
    volume_layers: "VUID-VkCopyBufferToImageInfo2-dstImage-07983",
    flat: "VUID-VkCopyBufferToImageInfo2-dstImage-07980",
    overlap: OverlapIds {
        layouts: None,
        read_written: None,
        written_twice: Some("VUID-VkCopyBufferToImageInfo2-pRegions-12483"),
    },
};

pub(super) const IMAGE_TO_BUFFER: BufferImageIds = BufferImageIds {
    image: SideIds {
        image: "srcImage",
        layout: "srcImageLayout",
        subresource: "imageSubresource",
        offset: "imageOffset",
        usage: Some((TRANSFER_SRC, "VUID-vkCmdCopyImageToBuffer-srcImage-00186")),
        bound: "VUID-vkCmdCopyImageToBuffer-srcImage-07966",
        mip: "VUID-vkCmdCopyImageToBuffer-imageSubresource-07967",
        layers: "VUID-vkCmdCopyImageToBuffer-imageSubresource-07968",
        aspect: "VUID-vkCmdCopyImageToBuffer-imageSubresource-09105",
        inside: [
            "VUID-vkCmdCopyImageToBuffer-imageSubresource-07971",
            "VUID-vkCmdCopyImageToBuffer-imageSubresource-07972",
            "VUID-vkCmdCopyImageToBuffer-imageOffset-09104",
        ],
        z_always: true,
        layouts: (SRC_LAYOUTS, "VUID-vkCmdCopyImageToBuffer-srcImageLayout-01397"),
        single_sample: Some("VUID-vkCmdCopyImageToBuffer-srcImage-07973"),
        feature: Some((FEATURE_TRANSFER_SRC, "VUID-vkCmdCopyImageToBuffer-srcImage-01998")),
    },
    buffer: BufferRole {
        usage: (VkBufferUsageFlags::VK_BUFFER_USAGE_TRANSFER_DST_BIT, "VK_BUFFER_USAGE_TRANSFER_DST_BIT"),
        usage_vuid: "VUID-vkCmdCopyImageToBuffer-dstBuffer-00191",
        bound_vuid: "VUID-vkCmdCopyImageToBuffer-dstBuffer-00192",
    },
    buffer_param: "dstBuffer",
    buffer_size: "VUID-vkCmdCopyImageToBuffer-pRegions-00183",
    offset_texel: "VUID-vkCmdCopyImageToBuffer-srcImage-07975",
    offset_four: "VUID-vkCmdCopyImageToBuffer-srcImage-07978",
    row_length: "VUID-vkCmdCopyImageToBuffer-bufferRowLength-09106",
    image_height: "VUID-vkCmdCopyImageToBuffer-bufferImageHeight-09107",
    volume_layers: "VUID-vkCmdCopyImageToBuffer-srcImage-07983",
    flat: "VUID-vkCmdCopyImageToBuffer-srcImage-07980",
    overlap: NO_OVERLAP_RULES,
};

pub(super) const IMAGE_TO_BUFFER_INFO: BufferImageIds = BufferImageIds {
    image: SideIds {
        image: "srcImage",
        layout: "srcImageLayout",
        subresource: "imageSubresource",
        offset: "imageOffset",
        usage: Some((TRANSFER_SRC, "VUID-VkCopyImageToBufferInfo2-srcImage-00186")),
        bound: "VUID-VkCopyImageToBufferInfo2-srcImage-07966",
        mip: "VUID-VkCopyImageToBufferInfo2-imageSubresource-07967",
        layers: "VUID-VkCopyImageToBufferInfo2-imageSubresource-07968",
        aspect: "VUID-VkCopyImageToBufferInfo2-imageSubresource-09105",
        inside: [
            "VUID-VkCopyImageToBufferInfo2-imageOffset-00197",
            "VUID-VkCopyImageToBufferInfo2-imageOffset-00198",
            "VUID-VkCopyImageToBufferInfo2-imageOffset-09104",
        ],
        z_always: true,
        layouts: (SRC_LAYOUTS, "VUID-VkCopyImageToBufferInfo2-srcImageLayout-01397"),
        single_sample: Some("VUID-VkCopyImageToBufferInfo2-srcImage-07973"),
        feature: Some((FEATURE_TRANSFER_SRC, "VUID-VkCopyImageToBufferInfo2-srcImage-01998")),
    },
    buffer: BufferRole {
        usage: (VkBufferUsageFlags::VK_BUFFER_USAGE_TRANSFER_DST_BIT, "VK_BUFFER_USAGE_TRANSFER_DST_BIT"),
        usage_vuid: "VUID-VkCopyImageToBufferInfo2-dstBuffer-00191",
        bound_vuid: "VUID-VkCopyImageToBufferInfo2-dstBuffer-00192",
    },
    buffer_param: "dstBuffer",
    buffer_size: "VUID-VkCopyImageToBufferInfo2-pRegions-00183",
    offset_texel: "VUID-VkCopyImageToBufferInfo2-srcImage-07975",
    offset_four: "VUID-VkCopyImageToBufferInfo2-srcImage-07978",
    row_length: "VUID-VkCopyImageToBufferInfo2-bufferRowLength-09106",
    image_height: "VUID-VkCopyImageToBufferInfo2-bufferImageHeight-09107",
    volume_layers: "VUID-VkCopyImageToBufferInfo2-srcImage-07983",
    flat: "VUID-VkCopyImageToBufferInfo2-srcImage-07980",
    overlap: NO_OVERLAP_RULES,
};

pub(super) const BLIT_IMAGE: BlitIds = BlitIds {
    src: SideIds {
        image: "srcImage",
        layout: "srcImageLayout",
        subresource: "srcSubresource",
        offset: "srcOffsets",
        usage: Some((TRANSFER_SRC, "VUID-vkCmdBlitImage-srcImage-00219")),
        bound: "VUID-vkCmdBlitImage-srcImage-00220",
        mip: "VUID-vkCmdBlitImage-srcSubresource-01705",
        layers: "VUID-vkCmdBlitImage-srcSubresource-01707",
        aspect: "VUID-vkCmdBlitImage-aspectMask-00241",
        inside: [
            "VUID-vkCmdBlitImage-srcOffset-00243",
            "VUID-vkCmdBlitImage-srcOffset-00244",
            "VUID-vkCmdBlitImage-srcOffset-00246",
        ],
        z_always: true,
        layouts: (SRC_LAYOUTS, "VUID-vkCmdBlitImage-srcImageLayout-01398"),
        single_sample: Some("VUID-vkCmdBlitImage-srcImage-00233"),
        feature: Some((BLIT_SRC, "VUID-vkCmdBlitImage-srcImage-01999")),
    },
    dst: SideIds {
        image: "dstImage",
        layout: "dstImageLayout",
        subresource: "dstSubresource",
        offset: "dstOffsets",
        usage: Some((TRANSFER_DST, "VUID-vkCmdBlitImage-dstImage-00224")),
        bound: "VUID-vkCmdBlitImage-dstImage-00225",
        mip: "VUID-vkCmdBlitImage-dstSubresource-01706",
        layers: "VUID-vkCmdBlitImage-dstSubresource-01708",
        aspect: "VUID-vkCmdBlitImage-aspectMask-00242",
        inside: [
            "VUID-vkCmdBlitImage-dstOffset-00248",
            "VUID-vkCmdBlitImage-dstOffset-00249",
            "VUID-vkCmdBlitImage-dstOffset-00251",
        ],
        z_always: true,
        layouts: (DST_LAYOUTS, "VUID-vkCmdBlitImage-dstImageLayout-01399"),
        single_sample: Some("VUID-vkCmdBlitImage-dstImage-00234"),
        feature: Some((BLIT_DST, "VUID-vkCmdBlitImage-dstImage-02000")),
    },
    sint: "VUID-vkCmdBlitImage-srcImage-00229",
    uint: "VUID-vkCmdBlitImage-srcImage-00230",
    depth_same: "VUID-vkCmdBlitImage-srcImage-00231",
    depth_nearest: "VUID-vkCmdBlitImage-srcImage-00232",
    linear: "VUID-vkCmdBlitImage-filter-02001",
    src_flat: "VUID-vkCmdBlitImage-srcImage-00247",
    dst_flat: "VUID-vkCmdBlitImage-dstImage-00252",
    volume_layers: "VUID-vkCmdBlitImage-srcImage-00240",
    dst_axes: [
        "VUID-vkCmdBlitImage-dstOffsets-12518",
        "VUID-vkCmdBlitImage-dstOffsets-12519",
        "VUID-vkCmdBlitImage-dstOffsets-12520",
    ],
    overlap: OverlapIds {
        layouts: Some("VUID-vkCmdBlitImage-srcImage-09459"),
        read_written: Some("VUID-vkCmdBlitImage-pRegions-00217"),
        written_twice: None,
    },
    src_line: "VUID-vkCmdBlitImage-srcImage-00245",
    dst_line: "VUID-vkCmdBlitImage-dstImage-00250",
};

pub(super) const BLIT_IMAGE_INFO: BlitIds = BlitIds {
    src: SideIds {
        image: "srcImage",
        layout: "srcImageLayout",
        subresource: "srcSubresource",
        offset: "srcOffsets",
        usage: Some((TRANSFER_SRC, "VUID-VkBlitImageInfo2-srcImage-00219")),
        bound: "VUID-VkBlitImageInfo2-srcImage-00220",
        mip: "VUID-VkBlitImageInfo2-srcSubresource-01705",
        layers: "VUID-VkBlitImageInfo2-srcSubresource-01707",
        aspect: "VUID-VkBlitImageInfo2-aspectMask-00241",
        inside: [
            "VUID-VkBlitImageInfo2-srcOffset-00243",
            "VUID-VkBlitImageInfo2-srcOffset-00244",
            "VUID-VkBlitImageInfo2-srcOffset-00246",
        ],
        z_always: true,
        layouts: (SRC_LAYOUTS, "VUID-VkBlitImageInfo2-srcImageLayout-01398"),
        single_sample: Some("VUID-VkBlitImageInfo2-srcImage-00233"),
        feature: Some((BLIT_SRC, "VUID-VkBlitImageInfo2-srcImage-01999")),
    },
    dst: SideIds {
        image: "dstImage",
        layout: "dstImageLayout",
        subresource: "dstSubresource",
        offset: "dstOffsets",
        usage: Some((TRANSFER_DST, "VUID-VkBlitImageInfo2-dstImage-00224")),
        bound: "VUID-VkBlitImageInfo2-dstImage-00225",
        mip: "VUID-VkBlitImageInfo2-dstSubresource-01706",
        layers: "VUID-VkBlitImageInfo2-dstSubresource-01708",
        aspect: "VUID-VkBlitImageInfo2-aspectMask-00242",
        inside: [
            "VUID-VkBlitImageInfo2-dstOffset-00248",
            "VUID-VkBlitImageInfo2-dstOffset-00249",
            "VUID-VkBlitImageInfo2-dstOffset-00251",
        ],
        z_always: true,
        layouts: (DST_LAYOUTS, "VUID-VkBlitImageInfo2-dstImageLayout-01399"),
        single_sample: Some("VUID-VkBlitImageInfo2-dstImage-00234"),
        feature: Some((BLIT_DST, "VUID-VkBlitImageInfo2-dstImage-02000")),
    },
    sint: "VUID-VkBlitImageInfo2-srcImage-00229",
    uint: "VUID-VkBlitImageInfo2-srcImage-00230",
    depth_same: "VUID-VkBlitImageInfo2-srcImage-00231",
    depth_nearest: "VUID-VkBlitImageInfo2-srcImage-00232",
    linear: "VUID-VkBlitImageInfo2-filter-02001",
    src_flat: "VUID-VkBlitImageInfo2-srcImage-00247",
    dst_flat: "VUID-VkBlitImageInfo2-dstImage-00252",
    volume_layers: "VUID-VkBlitImageInfo2-srcImage-00240",
    dst_axes: [
        "VUID-VkBlitImageInfo2-dstOffsets-12518",
        "VUID-VkBlitImageInfo2-dstOffsets-12519",
        "VUID-VkBlitImageInfo2-dstOffsets-12520",
    ],
    overlap: OverlapIds {
        layouts: Some("VUID-VkBlitImageInfo2-srcImage-09459"),
        read_written: Some("VUID-VkBlitImageInfo2-pRegions-00217"),
        written_twice: None,
    },
    src_line: "VUID-VkBlitImageInfo2-srcImage-00245",
    dst_line: "VUID-VkBlitImageInfo2-dstImage-00250",
};

pub(super) const RESOLVE_IMAGE: ResolveIds = ResolveIds {
    src: SideIds {
        image: "srcImage",
        layout: "srcImageLayout",
        subresource: "srcSubresource",
        offset: "srcOffset",
        usage: Some((TRANSFER_SRC, "VUID-vkCmdResolveImage-srcImage-06762")),
        bound: "VUID-vkCmdResolveImage-srcImage-00256",
        mip: "VUID-vkCmdResolveImage-srcSubresource-01709",
        layers: "VUID-vkCmdResolveImage-srcSubresource-01711",
        aspect: "VUID-vkCmdResolveImage-srcSubresource-11800",
        inside: [
            "VUID-vkCmdResolveImage-srcOffset-00269",
            "VUID-vkCmdResolveImage-srcOffset-00270",
            "VUID-vkCmdResolveImage-srcOffset-00272",
        ],
        z_always: true,
        layouts: (SRC_LAYOUTS, "VUID-vkCmdResolveImage-srcImageLayout-01400"),
        single_sample: None,
        feature: Some((FEATURE_TRANSFER_SRC, "VUID-vkCmdResolveImage-srcImage-06763")),
    },
    dst: SideIds {
        image: "dstImage",
        layout: "dstImageLayout",
        subresource: "dstSubresource",
        offset: "dstOffset",
        usage: Some((TRANSFER_DST, "VUID-vkCmdResolveImage-dstImage-06764")),
        bound: "VUID-vkCmdResolveImage-dstImage-00258",
        mip: "VUID-vkCmdResolveImage-dstSubresource-01710",
        layers: "VUID-vkCmdResolveImage-dstSubresource-01712",
        aspect: "VUID-vkCmdResolveImage-dstSubresource-11801",
        inside: [
            "VUID-vkCmdResolveImage-dstOffset-00274",
            "VUID-vkCmdResolveImage-dstOffset-00275",
            "VUID-vkCmdResolveImage-dstOffset-00277",
        ],
        z_always: true,
        layouts: (DST_LAYOUTS, "VUID-vkCmdResolveImage-dstImageLayout-01401"),
        single_sample: Some("VUID-vkCmdResolveImage-dstImage-00259"),
        feature: Some((FEATURE_TRANSFER_DST, "VUID-vkCmdResolveImage-dstImage-06765")),
    },
    multisampled: "VUID-vkCmdResolveImage-srcImage-00257",
    same_format: "VUID-vkCmdResolveImage-srcImage-01386",
    color_attachment: "VUID-vkCmdResolveImage-dstImage-02003",
    aspects: "VUID-vkCmdResolveImage-srcSubresource-11802",
    src_flat: "VUID-vkCmdResolveImage-srcImage-00273",
    dst_flat: "VUID-vkCmdResolveImage-dstImage-00278",
};

pub(super) const RESOLVE_IMAGE_INFO: ResolveIds = ResolveIds {
    src: SideIds {
        image: "srcImage",
        layout: "srcImageLayout",
        subresource: "srcSubresource",
        offset: "srcOffset",
        usage: Some((TRANSFER_SRC, "VUID-VkResolveImageInfo2-srcImage-06762")),
        bound: "VUID-VkResolveImageInfo2-srcImage-00256",
        mip: "VUID-VkResolveImageInfo2-srcSubresource-01709",
        layers: "VUID-VkResolveImageInfo2-srcSubresource-01711",
        aspect: "VUID-VkResolveImageInfo2-srcSubresource-11800",
        inside: [
            "VUID-VkResolveImageInfo2-srcOffset-00269",
            "VUID-VkResolveImageInfo2-srcOffset-00270",
            "VUID-VkResolveImageInfo2-srcOffset-00272",
        ],
        z_always: true,
        layouts: (SRC_LAYOUTS, "VUID-VkResolveImageInfo2-srcImageLayout-01400"),
        single_sample: None,
        feature: Some((FEATURE_TRANSFER_SRC, "VUID-VkResolveImageInfo2-srcImage-06763")),
    },
    dst: SideIds {
        image: "dstImage",
        layout: "dstImageLayout",
        subresource: "dstSubresource",
        offset: "dstOffset",
        usage: Some((TRANSFER_DST, "VUID-VkResolveImageInfo2-dstImage-06764")),
        bound: "VUID-VkResolveImageInfo2-dstImage-00258",
        mip: "VUID-VkResolveImageInfo2-dstSubresource-01710",
        layers: "VUID-VkResolveImageInfo2-dstSubresource-01712",
        aspect: "VUID-VkResolveImageInfo2-dstSubresource-11801",
        inside: [
            "VUID-VkResolveImageInfo2-dstOffset-00274",
            "VUID-VkResolveImageInfo2-dstOffset-00275",
            "VUID-VkResolveImageInfo2-dstOffset-00277",
        ],
        z_always: true,
        layouts: (DST_LAYOUTS, "VUID-VkResolveImageInfo2-dstImageLayout-01401"),
        single_sample: Some("VUID-VkResolveImageInfo2-dstImage-00259"),
        feature: Some((FEATURE_TRANSFER_DST, "VUID-VkResolveImageInfo2-dstImage-06765")),
    },
    multisampled: "VUID-VkResolveImageInfo2-srcImage-00257",
    same_format: "VUID-VkResolveImageInfo2-srcImage-01386",
    color_attachment: "VUID-VkResolveImageInfo2-dstImage-02003",
    aspects: "VUID-VkResolveImageInfo2-srcSubresource-11802",
    src_flat: "VUID-VkResolveImageInfo2-srcImage-00273",
    dst_flat: "VUID-VkResolveImageInfo2-dstImage-00278",
};

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

pub(super) fn format_name(f: VkFormat) -> String {
    f.name().map_or_else(|| format!("{}", f.0), str::to_string)
}

pub(super) fn layout_name(l: VkImageLayout) -> String {
    l.name().map_or_else(|| format!("layout {}", l.0), str::to_string)
}

pub(super) fn names(layouts: &[VkImageLayout]) -> String {
    layouts.iter().map(|&l| layout_name(l)).collect::<Vec<_>>().join(", ")
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
