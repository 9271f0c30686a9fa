//! Image clears (the state is `state::images::ImageInfo` and `state::clears`):
//! vkCmdClearColorImage and vkCmdClearDepthStencilImage — the image's usage, memory and format,
//! each range among its mip levels and array layers, the aspects and layout the command allows —
//! and vkCmdClearAttachments inside the render pass instance its command buffer began.

use vigil_generated::*;

use super::copy_ids::{layout_name, names, COLOR, DEPTH, DST_LAYOUTS, FEATURE_TRANSFER_DST, STENCIL, TRANSFER_DST};
use super::formats::format_info;
use super::formats::format_name;
use super::CoreChecks;
use crate::chassis::Call;
use crate::state::command_buffers::{Recording, RenderPassInstance};
use crate::state::TYPES;

use VkImageLayout as L;

const CLEAR_DEPTH_LAYOUTS: &[VkImageLayout] = &[L::VK_IMAGE_LAYOUT_GENERAL, L::VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL];

/// The ids of vkCmdClearColorImage and vkCmdClearDepthStencilImage.
pub(super) struct ClearIds {
    /// TRANSFER_DST usage (vkCmdClearDepthStencilImage: for the depth aspect).
    pub usage: &'static str,
    /// vkCmdClearDepthStencilImage's stencil aspect: TRANSFER_DST in the separate stencil usage,
    /// or in the usage without one.
    pub stencil_usage: Option<(&'static str, &'static str)>,
    pub bound: &'static str,
    /// The format features include TRANSFER_DST.
    pub feature: &'static str,
    pub format: &'static str,
    pub base_level: &'static str,
    pub levels: &'static str,
    pub base_layer: &'static str,
    pub layers: &'static str,
    pub layouts: (&'static [VkImageLayout], &'static str),
    /// Aspects the command clears: `(allowed, vuid)`.
    pub aspects: (u32, &'static str),
    /// vkCmdClearDepthStencilImage: a stencil aspect the format lacks, a depth aspect it lacks.
    pub missing: Option<(&'static str, &'static str)>,
}

pub(super) const CLEAR_COLOR: ClearIds = ClearIds {
    usage: "VUID-vkCmdClearColorImage-image-00002",
    stencil_usage: None,
    bound: "VUID-vkCmdClearColorImage-image-00003",
    feature: "VUID-vkCmdClearColorImage-image-01993",
    format: "VUID-vkCmdClearColorImage-image-00007",
    base_level: "VUID-vkCmdClearColorImage-baseMipLevel-01470",
    levels: "VUID-vkCmdClearColorImage-pRanges-01692",
    base_layer: "VUID-vkCmdClearColorImage-baseArrayLayer-01472",
    layers: "VUID-vkCmdClearColorImage-pRanges-01693",
    layouts: (DST_LAYOUTS, "VUID-vkCmdClearColorImage-imageLayout-01394"),
    aspects: (COLOR, "VUID-vkCmdClearColorImage-aspectMask-02498"),
    missing: None,
};

pub(super) const CLEAR_DEPTH_STENCIL: ClearIds = ClearIds {
    usage: "VUID-vkCmdClearDepthStencilImage-pRanges-02660",
    stencil_usage: Some((
        "VUID-vkCmdClearDepthStencilImage-pRanges-02658",
        "VUID-vkCmdClearDepthStencilImage-pRanges-02659",
    )),
    bound: "VUID-vkCmdClearDepthStencilImage-image-00010",
    feature: "VUID-vkCmdClearDepthStencilImage-image-01994",
    format: "VUID-vkCmdClearDepthStencilImage-image-00014",
    base_level: "VUID-vkCmdClearDepthStencilImage-baseMipLevel-01474",
    levels: "VUID-vkCmdClearDepthStencilImage-pRanges-01694",
    base_layer: "VUID-vkCmdClearDepthStencilImage-baseArrayLayer-01476",
    layers: "VUID-vkCmdClearDepthStencilImage-pRanges-01695",
    layouts: (CLEAR_DEPTH_LAYOUTS, "VUID-vkCmdClearDepthStencilImage-imageLayout-00012"),
    aspects: (DEPTH | STENCIL, "VUID-vkCmdClearDepthStencilImage-aspectMask-02824"),
    missing: Some(("VUID-vkCmdClearDepthStencilImage-image-02825", "VUID-vkCmdClearDepthStencilImage-image-02826")),
};

impl CoreChecks {
    /// vkCmdClearColorImage and vkCmdClearDepthStencilImage.
    pub(super) fn clear_image(
        &self,
        cx: &Call<'_>,
        ids: &ClearIds,
        (image, layout): (VkImage, VkImageLayout),
        ranges: &[VkImageSubresourceRange],
    ) -> bool {
        let Some(record) = self.get(TYPES.image, image.as_raw()) else { return false };
        let Some(state) = record.image() else { return false };
        let Some(info) = state.info().copied() else { return false };
        let (h, root) = (image.as_raw(), cx.location());
        let at = root.dot("image");
        let mut skip = false;
        let format = format_info(info.format);
        let depth = ids.missing.is_some();
        // vkCmdClearColorImage: its usage; vkCmdClearDepthStencilImage: the usage of each aspect
        // it clears (the stencil aspect's separate usage, when it has one).
        let any = |bit: u32| ranges.iter().any(|r| r.aspectMask.0 & bit != 0);
        let mut usages = Vec::new();
        match ids.stencil_usage {
            None => usages.push((ids.usage, info.usage, "usage")),
            Some((separate, shared)) => {
                if any(DEPTH) {
                    usages.push((ids.usage, info.usage, "usage"));
                }
                if any(STENCIL) {
                    usages.push(match info.stencil_usage {
                        Some(stencil) => (separate, stencil, "separate stencil usage"),
                        None => (shared, info.usage, "usage"),
                    });
                }
            }
        }
        for (vuid, usage, what) in usages {
            if usage & TRANSFER_DST.0 == 0 {
                skip |= cx.error(
                    vuid,
                    &at,
                    format_args!("is {h:#x}, created with {what} {usage:#x}, which lacks {}.", TRANSFER_DST.1),
                );
            }
        }
        // Disjoint planes and swapchain memory are bound in ways not followed.
        let disjoint = info.flags.contains(VkImageCreateFlags::VK_IMAGE_CREATE_DISJOINT_BIT) || info.swapchain;
        if state.binding().is_none() && !state.sparse() && !disjoint {
            skip |= cx.error(
                ids.bound,
                &at,
                format_args!("is {h:#x}, which is not sparse and not bound to memory: bind it before recording."),
            );
        }
        if let Some(features) = info.features.filter(|f| f & FEATURE_TRANSFER_DST.0 == 0) {
            skip |= cx.error(
                ids.feature,
                &at,
                format_args!(
                    "is {h:#x}, of format {}, whose features with its tiling ({features:#x}) lack {}.",
                    format_name(info.format),
                    FEATURE_TRANSFER_DST.1
                ),
            );
        }
        if let Some(f) = format {
            let wrong = if depth { !f.depth_stencil() } else { f.depth_stencil() || f.compressed() };
            if wrong {
                let need = if depth {
                    "a depth/stencil format"
                } else {
                    "a color format, neither compressed nor depth/stencil"
                };
                skip |= cx.error(
                    ids.format,
                    &at,
                    format_args!("is {h:#x}, of format {}: the command clears {need}.", format_name(info.format)),
                );
            }
        }
        let (allowed, vuid) = ids.layouts;
        if !allowed.contains(&layout) {
            skip |= cx.error(
                vuid,
                &root.dot("imageLayout"),
                format_args!("is {}, not one of {}.", layout_name(layout), names(allowed)),
            );
        }
        let list = root.dot("pRanges");
        for (i, r) in ranges.iter().enumerate() {
            let range = list.index(i);
            let (bits, vuid) = ids.aspects;
            if r.aspectMask.0 & !bits != 0 {
                skip |= cx.error(
                    vuid,
                    &range.dot("aspectMask"),
                    format_args!("is {:#x}, with aspects other than {bits:#x}.", r.aspectMask.0),
                );
            } else if let (Some((stencil, depth)), Some(f)) = (ids.missing, format) {
                for (bit, has, vuid, name) in
                    [(STENCIL, f.stencil(), stencil, "stencil"), (DEPTH, f.depth(), depth, "depth")]
                {
                    if r.aspectMask.0 & bit != 0 && !has && f.depth_stencil() {
                        skip |= cx.error(
                            vuid,
                            &range.dot("aspectMask"),
                            format_args!(
                                "is {:#x}, with the {name} aspect, but format {} has no {name} component.",
                                r.aspectMask.0,
                                format_name(info.format)
                            ),
                        );
                    }
                }
            }
            let spans = [
                (
                    r.baseMipLevel,
                    r.levelCount,
                    VK_REMAINING_MIP_LEVELS,
                    info.levels,
                    "baseMipLevel",
                    "levelCount",
                    "mip levels",
                    ids.base_level,
                    ids.levels,
                ),
                (
                    r.baseArrayLayer,
                    r.layerCount,
                    VK_REMAINING_ARRAY_LAYERS,
                    info.layers,
                    "baseArrayLayer",
                    "layerCount",
                    "array layers",
                    ids.base_layer,
                    ids.layers,
                ),
            ];
            for (base, count, remaining, total, base_name, count_name, what, base_vuid, count_vuid) in spans {
                if base >= total {
                    skip |= cx.error(
                        base_vuid,
                        &range.dot(base_name),
                        format_args!("is {base}, but VkImage {h:#x} was created with {total} {what}."),
                    );
                } else if count != remaining && u64::from(base) + u64::from(count) > u64::from(total) {
                    skip |= cx.error(
                        count_vuid,
                        &range.dot(count_name),
                        format_args!("is {count} from {base_name} {base}, past the {total} {what} of VkImage {h:#x}."),
                    );
                }
            }
        }
        skip
    }

    /// vkCmdClearAttachments, inside the render pass instance its command buffer began: each
    /// color attachment it clears among the current subpass's (or the rendering's), and each
    /// rectangle inside the render area and its layers. Nothing is checked in a secondary that
    /// continues a render pass instance (its render area is not known).
    pub(super) fn clear_attachments(
        &self,
        cx: &Call<'_>,
        recording: &Recording,
        attachments: &[VkClearAttachment],
        rects: &[VkClearRect],
    ) -> bool {
        let mut skip = clear_values(cx, attachments, rects);
        let (Some(instance), Some(area)) = (&recording.instance, &recording.clear_area) else { return skip };
        let root = cx.location();
        let subpass = match instance {
            RenderPassInstance::RenderPass { subpass, .. } => *subpass as usize,
            RenderPassInstance::Rendering { .. } => 0,
        };
        if let Some(Some(format)) = area.depth.as_ref().and_then(|d| d.get(subpass)).copied() {
            skip |= depth_stencil_aspects(cx, attachments, format);
        }
        if let Some(count) = area.colors.as_ref().and_then(|c| c.get(subpass)).copied() {
            let list = root.dot("pAttachments");
            for (i, a) in attachments.iter().enumerate() {
                if a.aspectMask.0 & COLOR != 0 && a.colorAttachment >= count {
                    let at = list.index(i);
                    skip |= cx.error(
                        "VUID-vkCmdClearAttachments-aspectMask-07271",
                        &at.dot("colorAttachment"),
                        format_args!(
                            "is {}, but the current {} has {count} color attachments.",
                            a.colorAttachment,
                            if matches!(instance, RenderPassInstance::Rendering { .. }) {
                                "rendering"
                            } else {
                                "subpass"
                            }
                        ),
                    );
                }
            }
        }
        let list = root.dot("pRects");
        let r = area.area;
        let (x0, y0) = (i64::from(r.offset.x), i64::from(r.offset.y));
        let (x1, y1) = (x0 + i64::from(r.extent.width), y0 + i64::from(r.extent.height));
        for (i, c) in rects.iter().enumerate() {
            let at = list.index(i);
            let (cx0, cy0) = (i64::from(c.rect.offset.x), i64::from(c.rect.offset.y));
            let (cx1, cy1) = (cx0 + i64::from(c.rect.extent.width), cy0 + i64::from(c.rect.extent.height));
            if cx0 < x0 || cy0 < y0 || cx1 > x1 || cy1 > y1 {
                skip |= cx.error(
                    "VUID-vkCmdClearAttachments-pRects-00016",
                    &at.dot("rect"),
                    format_args!(
                        "covers ({cx0}, {cy0})..({cx1}, {cy1}), outside the render area ({x0}, {y0})..({x1}, {y1})."
                    ),
                );
            }
            if let Some(layers) = area.layers {
                if u64::from(c.baseArrayLayer) + u64::from(c.layerCount) > u64::from(layers) {
                    skip |= cx.error(
                        "VUID-vkCmdClearAttachments-pRects-06937",
                        &at.dot("layerCount"),
                        format_args!(
                            "is {} from baseArrayLayer {}, past the {layers} layers of the render pass instance.",
                            c.layerCount, c.baseArrayLayer
                        ),
                    );
                }
            }
        }
        skip
    }
}

/// The depth and stencil aspects vkCmdClearAttachments clears, against the current subpass's
/// depth/stencil attachment of format `format`.
fn depth_stencil_aspects(cx: &Call<'_>, attachments: &[VkClearAttachment], format: VkFormat) -> bool {
    let Some(f) = format_info(format) else { return false };
    let root = cx.location();
    let list = root.dot("pAttachments");
    let mut skip = false;
    for (i, a) in attachments.iter().enumerate() {
        let rules = [
            (DEPTH, f.depth(), "VUID-vkCmdClearAttachments-aspectMask-07884", "depth"),
            (STENCIL, f.stencil(), "VUID-vkCmdClearAttachments-aspectMask-07885", "stencil"),
        ];
        for (bit, has, vuid, name) in rules {
            if a.aspectMask.0 & bit != 0 && !has {
                let at = list.index(i);
                skip |= cx.error(
                    vuid,
                    &at.dot("aspectMask"),
                    format_args!(
                        "is {:#x}, with the {name} aspect, but the current subpass's depth/stencil attachment has \
                         format {}, without a {name} component.",
                        a.aspectMask.0,
                        format_name(format)
                    ),
                );
            }
        }
    }
    skip
}

/// vkCmdClearAttachments's rules of its parameters alone: each attachment's aspects, each
/// rectangle not empty.
fn clear_values(cx: &Call<'_>, attachments: &[VkClearAttachment], rects: &[VkClearRect]) -> bool {
    let root = cx.location();
    let mut skip = false;
    let list = root.dot("pAttachments");
    let metadata = VkImageAspectFlags::VK_IMAGE_ASPECT_METADATA_BIT.0;
    for (i, a) in attachments.iter().enumerate() {
        let at = list.index(i);
        let mask = a.aspectMask.0;
        if mask & COLOR != 0 && mask & (DEPTH | STENCIL) != 0 {
            skip |= cx.error(
                "VUID-VkClearAttachment-aspectMask-00019",
                &at.dot("aspectMask"),
                format_args!("is {mask:#x}: VK_IMAGE_ASPECT_COLOR_BIT together with depth or stencil."),
            );
        }
        if mask & metadata != 0 {
            skip |= cx.error(
                "VUID-VkClearAttachment-aspectMask-00020",
                &at.dot("aspectMask"),
                format_args!("is {mask:#x}, with VK_IMAGE_ASPECT_METADATA_BIT."),
            );
        }
    }
    let list = root.dot("pRects");
    for (i, r) in rects.iter().enumerate() {
        let at = list.index(i);
        let rect = at.dot("rect");
        let extent = rect.dot("extent");
        if r.rect.extent.width == 0 {
            skip |= cx.error("VUID-vkCmdClearAttachments-rect-02682", &extent.dot("width"), format_args!("is 0."));
        }
        if r.rect.extent.height == 0 {
            skip |= cx.error("VUID-vkCmdClearAttachments-rect-02683", &extent.dot("height"), format_args!("is 0."));
        }
        if r.layerCount == 0 {
            skip |=
                cx.error("VUID-vkCmdClearAttachments-layerCount-01934", &at.dot("layerCount"), format_args!("is 0."));
        }
    }
    skip
}
