//! What the transfer commands' rules are checked against, and the ids they report: the layouts,
//! image usages and format features each side of a copy, blit or resolve needs, and each
//! command's ids per structure version (`vkCmdCopyImage` and `VkCopyImageInfo2` share their code
//! and differ in ids). `copies`, `copy_shapes`, `copy_overlap` and `clears` read them.

use vigil_generated::*;

use super::buffers::BufferRole;

use VkImageLayout as L;

pub(super) const SRC_LAYOUTS: &[VkImageLayout] =
    &[L::VK_IMAGE_LAYOUT_GENERAL, L::VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, L::VK_IMAGE_LAYOUT_SHARED_PRESENT_KHR];
pub(super) const DST_LAYOUTS: &[VkImageLayout] =
    &[L::VK_IMAGE_LAYOUT_GENERAL, L::VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, L::VK_IMAGE_LAYOUT_SHARED_PRESENT_KHR];

pub(super) const TRANSFER_SRC: (u32, &str) =
    (VkImageUsageFlags::VK_IMAGE_USAGE_TRANSFER_SRC_BIT.0, "VK_IMAGE_USAGE_TRANSFER_SRC_BIT");
pub(super) const TRANSFER_DST: (u32, &str) =
    (VkImageUsageFlags::VK_IMAGE_USAGE_TRANSFER_DST_BIT.0, "VK_IMAGE_USAGE_TRANSFER_DST_BIT");
pub(super) const BLIT_SRC: (u32, &str) =
    (VkFormatFeatureFlags::VK_FORMAT_FEATURE_BLIT_SRC_BIT.0, "VK_FORMAT_FEATURE_BLIT_SRC_BIT");
pub(super) const BLIT_DST: (u32, &str) =
    (VkFormatFeatureFlags::VK_FORMAT_FEATURE_BLIT_DST_BIT.0, "VK_FORMAT_FEATURE_BLIT_DST_BIT");
pub(super) const FEATURE_TRANSFER_SRC: (u32, &str) =
    (VkFormatFeatureFlags::VK_FORMAT_FEATURE_TRANSFER_SRC_BIT.0, "VK_FORMAT_FEATURE_TRANSFER_SRC_BIT");
pub(super) const FEATURE_TRANSFER_DST: (u32, &str) =
    (VkFormatFeatureFlags::VK_FORMAT_FEATURE_TRANSFER_DST_BIT.0, "VK_FORMAT_FEATURE_TRANSFER_DST_BIT");
pub(super) const FILTER_LINEAR: u32 = VkFormatFeatureFlags::VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT.0;
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

/// The name of layout `l`, for messages.
pub(super) fn layout_name(l: VkImageLayout) -> String {
    l.name().map_or_else(|| format!("layout {}", l.0), str::to_string)
}

/// The names of `layouts`, for messages.
pub(super) fn names(layouts: &[VkImageLayout]) -> String {
    layouts.iter().map(|&l| layout_name(l)).collect::<Vec<_>>().join(", ")
}

/// The ids of a command's overlap rules (`None`: the command has no such rule).
pub(super) struct OverlapIds {
    /// Source and destination subresources meet in one image: both layouts GENERAL or
    /// SHARED_PRESENT.
    pub layouts: Option<&'static str>,
    /// A texel both read and written.
    pub read_written: Option<&'static str>,
    /// A texel written by two regions.
    pub written_twice: Option<&'static str>,
}

pub(super) const NO_OVERLAP_RULES: OverlapIds = OverlapIds { layouts: None, read_written: None, written_twice: None };
