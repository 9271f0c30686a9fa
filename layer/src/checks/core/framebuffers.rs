//! vkCreateFramebuffer's attachments against the render pass and their image views (not for
//! imageless framebuffers): each used with the usage its role needs (`-00877`, `-02633`,
//! `-00879`, `-02634`), of the format and sample count the render pass describes (`-00880`,
//! `-00881`), from an image at least as large as the framebuffer (`-04533`, `-04534`), with
//! enough layers (`-04535`), one mip level (`-00883`) and the identity swizzle (`-00884`).
//!
//! At vkCmdBeginRenderPass(2), each framebuffer attachment's view must have the usage the
//! layouts the render pass names for it need (color, depth/stencil, shader read, transfer:
//! `-00895`/`-03094`, `-01758`/`-03096`, `-00897`/`-03097`, `-00898`/`-03098`,
//! `-00899`/`-03099`); only the core layouts are followed, and imageless framebuffers are not.
//!
//! A view or render pass Vigil did not see created is not judged. Fragment density map and
//! shading rate attachments are not checked.

use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::state::render_passes::{AttachmentUse, COLOR, DEPTH_STENCIL, DEPTH_STENCIL_RESOLVE, INPUT, RESOLVE};
use crate::state::TYPES;

const IMAGELESS: u32 = VkFramebufferCreateFlags::VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT.0;
const ATTACHMENT_ROLES: u8 = COLOR | RESOLVE | DEPTH_STENCIL | DEPTH_STENCIL_RESOLVE | INPUT;

/// The usage each role needs, its id and its name.
const ROLE_USAGE: [(u8, u32, &str, &str); 4] = [
    (
        COLOR | RESOLVE,
        VkImageUsageFlags::VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.0,
        "VUID-VkFramebufferCreateInfo-pAttachments-00877",
        "a color or resolve attachment, but lacks VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT",
    ),
    (
        DEPTH_STENCIL,
        VkImageUsageFlags::VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT.0,
        "VUID-VkFramebufferCreateInfo-pAttachments-02633",
        "the depth/stencil attachment, but lacks VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT",
    ),
    (
        DEPTH_STENCIL_RESOLVE,
        VkImageUsageFlags::VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT.0,
        "VUID-VkFramebufferCreateInfo-pAttachments-02634",
        "a depth/stencil resolve attachment, but lacks VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT",
    ),
    (
        INPUT,
        VkImageUsageFlags::VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT.0,
        "VUID-VkFramebufferCreateInfo-pAttachments-00879",
        "an input attachment, but lacks VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT",
    ),
];

impl CoreChecks {
    /// vkCreateFramebuffer's create info. True to skip the call.
    ///
    /// # Safety
    /// `info` must be the create info the application passed (stateless checked it).
    pub(super) unsafe fn framebuffer_attachments(&self, cx: &Call<'_>, info: *const VkFramebufferCreateInfo) -> bool {
        // SAFETY: the caller's contract.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        if info.flags.0 & IMAGELESS != 0 {
            return false;
        }
        let Some(rp) = self.get(TYPES.render_pass, info.renderPass.as_raw()) else { return false };
        let Some(uses) = rp.render_pass().and_then(|r| r.uses.get()) else { return false };
        let root = cx.location();
        let at = root.dot("pCreateInfo");
        let list = at.arrow("pAttachments");
        let mut skip = false;
        // SAFETY: attachmentCount views, as the application passed them.
        let views = unsafe { slice(info.pAttachments, info.attachmentCount) };
        for (i, (view, u)) in views.iter().zip(uses).enumerate() {
            let at = list.index(i);
            let mut error = |vuid: &'static str, m: std::fmt::Arguments<'_>| skip |= cx.error(vuid, &at, m);
            check_view(self, view, u, info, &mut error);
        }
        skip
    }
}

/// Checks one attachment `view` against the render pass's `u`, reporting through `error`.
fn check_view(
    checks: &CoreChecks,
    view: &VkImageView,
    u: &AttachmentUse,
    info: &VkFramebufferCreateInfo,
    error: &mut dyn FnMut(&'static str, std::fmt::Arguments<'_>),
) {
    let h = view.as_raw();
    let Some(record) = checks.get(TYPES.image_view, h) else { return };
    let Some(state) = record.image_view() else { return };
    let Some((image, range)) = state.viewed() else { return };
    let Some(image) = image.image().and_then(|i| i.info()) else { return };
    let view_info = state.view_info();
    if let Some(usage) = view_info.and_then(|v| v.usage) {
        for (role, needs, vuid, what) in ROLE_USAGE {
            if u.roles & role != 0 && usage & needs == 0 {
                error(vuid, format_args!("({h:#x}) is used by the render pass as {what}."));
            }
        }
    }
    if image.format != u.format {
        error(
            "VUID-VkFramebufferCreateInfo-pAttachments-00880",
            format_args!("({h:#x}) is of an image of {:?}; the render pass describes {:?}.", image.format, u.format),
        );
    }
    if image.samples != u.samples {
        error(
            "VUID-VkFramebufferCreateInfo-pAttachments-00881",
            format_args!(
                "({h:#x}) is of an image of {} samples; the render pass describes {}.",
                image.samples, u.samples
            ),
        );
    }
    if u.roles & ATTACHMENT_ROLES != 0 {
        if image.extent.width < info.width {
            error(
                "VUID-VkFramebufferCreateInfo-flags-04533",
                format_args!(
                    "({h:#x}) is of an image {} wide, less than the framebuffer's {}.",
                    image.extent.width, info.width
                ),
            );
        }
        if image.extent.height < info.height {
            error(
                "VUID-VkFramebufferCreateInfo-flags-04534",
                format_args!(
                    "({h:#x}) is of an image {} high, less than the framebuffer's {}.",
                    image.extent.height, info.height
                ),
            );
        }
        let layers = if range.layerCount == VK_REMAINING_ARRAY_LAYERS {
            image.layers.saturating_sub(range.baseArrayLayer)
        } else {
            range.layerCount
        };
        if layers < info.layers {
            error(
                "VUID-VkFramebufferCreateInfo-flags-04535",
                format_args!("({h:#x}) has {layers} layers, fewer than the framebuffer's {}.", info.layers),
            );
        }
    }
    let levels = if range.levelCount == VK_REMAINING_MIP_LEVELS {
        image.levels.saturating_sub(range.baseMipLevel)
    } else {
        range.levelCount
    };
    if levels != 1 {
        error(
            "VUID-VkFramebufferCreateInfo-pAttachments-00883",
            format_args!("({h:#x}) has {levels} mip levels; an attachment has one."),
        );
    }
    if view_info.is_some_and(|v| !v.identity) {
        error(
            "VUID-VkFramebufferCreateInfo-pAttachments-00884",
            format_args!("({h:#x}) does not have the identity swizzle."),
        );
    }
}

/// The ids of one begin command's layout-usage rules, by the layouts that need each usage.
pub(super) struct LayoutUsageIds {
    pub color: &'static str,
    pub depth_stencil: &'static str,
    pub shader_read: &'static str,
    pub transfer_src: &'static str,
    pub transfer_dst: &'static str,
    /// The attachment feedback loop layout: an attachment usage and a shader read usage, then
    /// the feedback loop usage.
    pub feedback_loop: [&'static str; 2],
}

pub(super) const BEGIN_RENDER_PASS: LayoutUsageIds = LayoutUsageIds {
    color: "VUID-vkCmdBeginRenderPass-initialLayout-00895",
    depth_stencil: "VUID-vkCmdBeginRenderPass-initialLayout-01758",
    shader_read: "VUID-vkCmdBeginRenderPass-initialLayout-00897",
    transfer_src: "VUID-vkCmdBeginRenderPass-initialLayout-00898",
    transfer_dst: "VUID-vkCmdBeginRenderPass-initialLayout-00899",
    feedback_loop: ["VUID-vkCmdBeginRenderPass-initialLayout-07000", "VUID-vkCmdBeginRenderPass-initialLayout-07001"],
};

pub(super) const BEGIN_RENDER_PASS2: LayoutUsageIds = LayoutUsageIds {
    color: "VUID-vkCmdBeginRenderPass2-initialLayout-03094",
    depth_stencil: "VUID-vkCmdBeginRenderPass2-initialLayout-03096",
    shader_read: "VUID-vkCmdBeginRenderPass2-initialLayout-03097",
    transfer_src: "VUID-vkCmdBeginRenderPass2-initialLayout-03098",
    transfer_dst: "VUID-vkCmdBeginRenderPass2-initialLayout-03099",
    feedback_loop: ["VUID-vkCmdBeginRenderPass2-initialLayout-07002", "VUID-vkCmdBeginRenderPass2-initialLayout-07003"],
};

impl CoreChecks {
    /// A begin's framebuffer attachments against the layouts the render pass names for them:
    /// each view created with the usage those layouts need. True to skip the call.
    ///
    /// # Safety
    /// `info` must be the begin info the application passed (stateless checked it).
    pub(super) unsafe fn attachment_usage_for_layouts(
        &self,
        cx: &Call<'_>,
        ids: &LayoutUsageIds,
        info: *const VkRenderPassBeginInfo,
    ) -> bool {
        use crate::state::render_passes::layout_bit;
        use VkImageLayout as L;
        use VkImageUsageFlags as U;
        // SAFETY: the caller's contract.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let Some(rp) = self.get(TYPES.render_pass, info.renderPass.as_raw()) else { return false };
        let Some(uses) = rp.render_pass().and_then(|r| r.uses.get()) else { return false };
        let Some(fb) = self.get(TYPES.framebuffer, info.framebuffer.as_raw()) else { return false };
        let Some(fb) = fb.framebuffer() else { return false };
        // Each rule: the layouts, the usage groups (each needs one of its bits; 0: none), the id.
        let feedback = layout_bit(L::VK_IMAGE_LAYOUT_ATTACHMENT_FEEDBACK_LOOP_OPTIMAL_EXT);
        let rules = [
            (
                layout_bit(L::VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL),
                [U::VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.0, 0],
                ids.color,
            ),
            (
                layout_bit(L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL)
                    | layout_bit(L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL),
                [U::VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT.0, 0],
                ids.depth_stencil,
            ),
            (
                layout_bit(L::VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL),
                [U::VK_IMAGE_USAGE_SAMPLED_BIT.0 | U::VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT.0, 0],
                ids.shader_read,
            ),
            (
                layout_bit(L::VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL),
                [U::VK_IMAGE_USAGE_TRANSFER_SRC_BIT.0, 0],
                ids.transfer_src,
            ),
            (
                layout_bit(L::VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL),
                [U::VK_IMAGE_USAGE_TRANSFER_DST_BIT.0, 0],
                ids.transfer_dst,
            ),
            (
                feedback,
                [
                    U::VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.0 | U::VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT.0,
                    U::VK_IMAGE_USAGE_SAMPLED_BIT.0 | U::VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT.0,
                ],
                ids.feedback_loop[0],
            ),
            (feedback, [U::VK_IMAGE_USAGE_ATTACHMENT_FEEDBACK_LOOP_BIT_EXT.0, 0], ids.feedback_loop[1]),
        ];
        let root = cx.location();
        let at = root.dot("pRenderPassBegin");
        let at = at.arrow("framebuffer");
        let mut skip = false;
        for (i, (view, u)) in fb.views().iter().zip(uses).enumerate() {
            let Some(usage) = view.image_view().and_then(|v| v.view_info()).and_then(|v| v.usage) else { continue };
            for (layouts, groups, vuid) in rules {
                let missing = groups.iter().find(|&&g| g != 0 && usage & g == 0);
                if let (true, Some(&needs)) = (u.layouts & layouts != 0, missing) {
                    skip |= cx.error(
                        vuid,
                        &at,
                        format_args!(
                            "({:#x}) has attachment {i} ({:#x}) with usage {usage:#x}, lacking {needs:#x} that a layout \
                             the render pass names for it needs.",
                            info.framebuffer.as_raw(),
                            view.key.handle
                        ),
                    );
                }
            }
        }
        skip
    }
}
