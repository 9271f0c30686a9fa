//! What a render pass says of each attachment for the framebuffers made for it: its format, its
//! sample count, and how its subpasses use it (color, resolve, depth/stencil, depth/stencil
//! resolve, input).

use std::sync::OnceLock;

use vigil_generated::*;

use crate::chassis::raw::{chained, slice};

/// An attachment used as a color attachment.
pub const COLOR: u8 = 1;
/// As a color resolve attachment.
pub const RESOLVE: u8 = 2;
/// As the depth/stencil attachment.
pub const DEPTH_STENCIL: u8 = 4;
/// As a depth/stencil resolve attachment.
pub const DEPTH_STENCIL_RESOLVE: u8 = 8;
/// As an input attachment.
pub const INPUT: u8 = 16;

/// One attachment of a render pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttachmentUse {
    pub format: VkFormat,
    /// `VkSampleCountFlagBits`.
    pub samples: u32,
    /// How its subpasses use it (the bits above).
    pub roles: u8,
    /// The core layouts (bit n for `VkImageLayout` n < 32) its description and its subpasses'
    /// references name.
    pub layouts: u32,
}

impl AttachmentUse {
    fn new(format: VkFormat, samples: u32, initial: VkImageLayout, last: VkImageLayout) -> Self {
        AttachmentUse { format, samples, roles: 0, layouts: layout_bit(initial) | layout_bit(last) }
    }
}

/// A render pass's attachments, once recorded.
#[derive(Default)]
pub struct AttachmentUses(OnceLock<Vec<AttachmentUse>>);

impl AttachmentUses {
    pub fn set(&self, uses: Vec<AttachmentUse>) {
        let _ = self.0.set(uses);
    }

    /// The attachments, when Vigil saw the render pass created.
    pub fn get(&self) -> Option<&[AttachmentUse]> {
        self.0.get().map(Vec::as_slice)
    }
}

/// Marks attachment `a` (of `uses`) with `role`; `VK_ATTACHMENT_UNUSED` and indices past the
/// list are skipped.
fn mark(uses: &mut [AttachmentUse], a: u32, role: u8, layout: VkImageLayout) {
    if let Some(u) = uses.get_mut(a as usize) {
        u.roles |= role;
        u.layouts |= layout_bit(layout);
    }
}

/// `layout`'s bit among the core layouts; 0 for the others.
pub fn layout_bit(layout: VkImageLayout) -> u32 {
    u32::try_from(layout.0).ok().filter(|&l| l < 32).map_or(0, |l| 1 << l)
}

/// Marks the attachments subpass `$s` uses (a `VkSubpassDescription` or `...2`: the same
/// member names).
macro_rules! mark_subpass {
    ($uses:expr, $s:expr) => {{
        // SAFETY: the accepted create info's counted arrays.
        unsafe {
            for r in slice($s.pInputAttachments, $s.inputAttachmentCount) {
                mark($uses, r.attachment, INPUT, r.layout);
            }
            for r in slice($s.pColorAttachments, $s.colorAttachmentCount) {
                mark($uses, r.attachment, COLOR, r.layout);
            }
            for r in slice($s.pResolveAttachments, $s.colorAttachmentCount) {
                mark($uses, r.attachment, RESOLVE, r.layout);
            }
            if let Some(r) = $s.pDepthStencilAttachment.as_ref() {
                mark($uses, r.attachment, DEPTH_STENCIL, r.layout);
            }
        }
    }};
}

/// The attachments of a vkCreateRenderPass create info.
///
/// # Safety
/// `info` must be a create info the driver accepted.
pub unsafe fn attachment_uses(info: &VkRenderPassCreateInfo) -> Vec<AttachmentUse> {
    // SAFETY (whole function): the accepted create info's counted arrays.
    let attachments = unsafe { slice(info.pAttachments, info.attachmentCount) };
    let mut uses: Vec<_> =
        attachments.iter().map(|a| AttachmentUse::new(a.format, a.samples.0, a.initialLayout, a.finalLayout)).collect();
    for s in unsafe { slice(info.pSubpasses, info.subpassCount) } {
        mark_subpass!(&mut uses, s);
    }
    uses
}

/// The attachments of a vkCreateRenderPass2 create info.
///
/// # Safety
/// As for [`attachment_uses`].
pub unsafe fn attachment_uses2(info: &VkRenderPassCreateInfo2) -> Vec<AttachmentUse> {
    // SAFETY (whole function): the accepted create info's counted arrays and chains.
    let attachments = unsafe { slice(info.pAttachments, info.attachmentCount) };
    let mut uses: Vec<_> =
        attachments.iter().map(|a| AttachmentUse::new(a.format, a.samples.0, a.initialLayout, a.finalLayout)).collect();
    for s in unsafe { slice(info.pSubpasses, info.subpassCount) } {
        mark_subpass!(&mut uses, s);
        let resolve = unsafe {
            chained::<VkSubpassDescriptionDepthStencilResolve>(
                s.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_DEPTH_STENCIL_RESOLVE,
            )
        };
        if let Some(r) = resolve.and_then(|r| unsafe { r.pDepthStencilResolveAttachment.as_ref() }) {
            mark(&mut uses, r.attachment, DEPTH_STENCIL_RESOLVE, r.layout);
        }
    }
    uses
}
