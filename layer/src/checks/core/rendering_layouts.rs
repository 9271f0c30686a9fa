//! vkCmdBeginRendering's attachment layouts as the structures alone decide them: an attachment
//! (or resolve target) with a view is never in a layout it cannot be rendered in, nor in one of
//! another kind of attachment (a color attachment in a depth/stencil layout, a depth attachment
//! in a stencil or color one, a stencil attachment in a depth or color one). What the layouts
//! are against what the command buffer left the images in is `layouts.rs`'s.
//!
//! Not checked: the layouts of extensions' attachments (shading rate, fragment density map:
//! -06138 … -06141, -06143, -06144), which need those extensions.

use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::report::Location;

use VkImageLayout as L;

/// Which attachment of the rendering info.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Color(usize),
    Depth,
    Stencil,
}

/// Layouts no attachment can be rendered in (`-06135`; `-06136` adds DEPTH_STENCIL_READ_ONLY for
/// resolve targets).
const NOT_RENDERED: [L; 6] = [
    L::VK_IMAGE_LAYOUT_UNDEFINED,
    L::VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
    L::VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
    L::VK_IMAGE_LAYOUT_ZERO_INITIALIZED_EXT,
    L::VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
    L::VK_IMAGE_LAYOUT_PREINITIALIZED,
];
const DEPTH_STENCIL: [L; 2] =
    [L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL];
const MIXED: [L; 2] = [
    L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL,
    L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL,
];
const DEPTH: [L; 2] = [L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL];
const STENCIL: [L; 2] = [L::VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL, L::VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL];
const ASPECTS: [L; 4] = [
    L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
    L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
    L::VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL,
    L::VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL,
];
const COLOR_ATTACHMENT: [L; 1] = [L::VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL];
const PRESENT: [L; 1] = [L::VK_IMAGE_LAYOUT_PRESENT_SRC_KHR];

/// The layout rules of an attachment (`resolve`: of its resolve target) in `slot`: each group of
/// layouts it must not be in, with its VUID.
fn rules(slot: Slot, resolve: bool) -> Vec<(&'static [L], &'static str)> {
    const RESOLVE_READ_ONLY: [L; 3] = [
        L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
        L::VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL,
        L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL,
    ];
    const READ_ONLY: [L; 1] = [L::VK_IMAGE_LAYOUT_READ_ONLY_OPTIMAL];
    let mut rules: Vec<(&'static [L], &'static str)> = if resolve {
        vec![
            (&NOT_RENDERED, "VUID-VkRenderingAttachmentInfo-imageView-06136"),
            (&RESOLVE_READ_ONLY[2..], "VUID-VkRenderingAttachmentInfo-imageView-06136"),
            (&RESOLVE_READ_ONLY[..2], "VUID-VkRenderingAttachmentInfo-imageView-06137"),
            (&READ_ONLY, "VUID-VkRenderingAttachmentInfo-imageView-06142"),
            (&PRESENT, "VUID-VkRenderingAttachmentInfo-imageView-06146"),
        ]
    } else {
        vec![
            (&NOT_RENDERED, "VUID-VkRenderingAttachmentInfo-imageView-06135"),
            (&PRESENT, "VUID-VkRenderingAttachmentInfo-imageView-06145"),
        ]
    };
    rules.extend(match (slot, resolve) {
        (Slot::Color(_), false) => [
            (&DEPTH_STENCIL[..], "VUID-VkRenderingInfo-colorAttachmentCount-06090"),
            (&MIXED[..], "VUID-VkRenderingInfo-colorAttachmentCount-06096"),
            (&ASPECTS[..], "VUID-VkRenderingInfo-colorAttachmentCount-06100"),
        ]
        .to_vec(),
        (Slot::Color(_), true) => [
            (&DEPTH_STENCIL[..], "VUID-VkRenderingInfo-colorAttachmentCount-06091"),
            (&MIXED[..], "VUID-VkRenderingInfo-colorAttachmentCount-06097"),
            (&ASPECTS[..], "VUID-VkRenderingInfo-colorAttachmentCount-06101"),
        ]
        .to_vec(),
        (Slot::Depth, false) => [
            (&COLOR_ATTACHMENT[..], "VUID-VkRenderingInfo-pDepthAttachment-06092"),
            (&STENCIL[..], "VUID-VkRenderingInfo-pDepthAttachment-07732"),
        ]
        .to_vec(),
        (Slot::Depth, true) => [
            (&COLOR_ATTACHMENT[..], "VUID-VkRenderingInfo-pDepthAttachment-06093"),
            (&MIXED[..1], "VUID-VkRenderingInfo-pDepthAttachment-06098"),
            (&STENCIL[..], "VUID-VkRenderingInfo-pDepthAttachment-07733"),
        ]
        .to_vec(),
        (Slot::Stencil, false) => [
            (&COLOR_ATTACHMENT[..], "VUID-VkRenderingInfo-pStencilAttachment-06094"),
            (&DEPTH[..], "VUID-VkRenderingInfo-pStencilAttachment-07734"),
        ]
        .to_vec(),
        (Slot::Stencil, true) => [
            (&COLOR_ATTACHMENT[..], "VUID-VkRenderingInfo-pStencilAttachment-06095"),
            (&MIXED[1..], "VUID-VkRenderingInfo-pStencilAttachment-06099"),
            (&DEPTH[..], "VUID-VkRenderingInfo-pStencilAttachment-07735"),
        ]
        .to_vec(),
    });
    rules
}

impl CoreChecks {
    /// The layouts `info`'s attachments name, against the kind of attachment. True to skip the
    /// call.
    ///
    /// # Safety
    /// `info` must be NULL or the rendering info the application passed (stateless checked it).
    pub(super) unsafe fn rendering_attachment_layouts(&self, cx: &Call<'_>, info: *const VkRenderingInfo) -> bool {
        // SAFETY: the caller's contract.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        // SAFETY: the caller's contract: the counted array and the optional attachments.
        let mut slots: Vec<(Slot, &VkRenderingAttachmentInfo)> =
            unsafe { slice(info.pColorAttachments, info.colorAttachmentCount) }
                .iter()
                .enumerate()
                .map(|(i, a)| (Slot::Color(i), a))
                .collect();
        // SAFETY: as above.
        slots.extend(unsafe { info.pDepthAttachment.as_ref() }.map(|a| (Slot::Depth, a)));
        // SAFETY: as above.
        slots.extend(unsafe { info.pStencilAttachment.as_ref() }.map(|a| (Slot::Stencil, a)));
        let root = cx.location();
        let rendering = root.dot("pRenderingInfo");
        let mut skip = false;
        for (slot, a) in slots {
            if a.imageView.as_raw() == 0 {
                continue;
            }
            let list;
            let at = match slot {
                Slot::Color(i) => {
                    list = rendering.arrow("pColorAttachments");
                    list.index(i)
                }
                Slot::Depth => rendering.arrow("pDepthAttachment"),
                Slot::Stencil => rendering.arrow("pStencilAttachment"),
            };
            let member = |name| if matches!(slot, Slot::Color(_)) { at.dot(name) } else { at.arrow(name) };
            skip |= layout_rules(cx, slot, false, a.imageLayout, &member("imageLayout"));
            if a.resolveMode.0 != 0 && a.resolveImageView.as_raw() != 0 {
                skip |= layout_rules(cx, slot, true, a.resolveImageLayout, &member("resolveImageLayout"));
            }
        }
        skip
    }
}

/// `layout` (at `at`) against the rules of `slot`.
fn layout_rules(cx: &Call<'_>, slot: Slot, resolve: bool, layout: L, at: &Location<'_>) -> bool {
    let what = match (slot, resolve) {
        (Slot::Color(_), false) => "a color attachment",
        (Slot::Color(_), true) => "a color attachment's resolve target",
        (Slot::Depth, false) => "a depth attachment",
        (Slot::Depth, true) => "a depth attachment's resolve target",
        (Slot::Stencil, false) => "a stencil attachment",
        (Slot::Stencil, true) => "a stencil attachment's resolve target",
    };
    let mut skip = false;
    let mut reported: Vec<&str> = Vec::new();
    for (layouts, vuid) in rules(slot, resolve) {
        if layouts.contains(&layout) && !reported.contains(&vuid) {
            reported.push(vuid);
            skip |= cx.error(vuid, at, format_args!("is {layout:?}, a layout {what} cannot be in."));
        }
    }
    skip
}
