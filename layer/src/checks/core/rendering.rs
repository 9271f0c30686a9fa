//! vkCmdBeginRendering's attachments against their image views: created with the attachment
//! usage each needs (`-06087`, `-06088`, `-06089`), color attachments of one sample count
//! (`-09429`, unless multisampledRenderToSingleSampled), large enough for the render area
//! (`-06079`, `-06080`), and the render area within the device's framebuffer limits (`-07815`,
//! `-07816`). Render areas of device groups (`VkDeviceGroupRenderPassBeginInfo` with areas) are
//! not checked here.
//!
//! A view whose image or usage Vigil did not see created is not judged.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::{chained, slice};
use crate::chassis::Call;
use crate::report::Location;
use crate::state::images::ImageInfo;
use crate::state::TYPES;

const COLOR: u32 = VkImageUsageFlags::VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.0;
const DEPTH_STENCIL: u32 = VkImageUsageFlags::VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT.0;

/// What the checks need of an attachment's image view.
struct View {
    usage: Option<u32>,
    /// Width and height at the view's base mip level.
    extent: (u32, u32),
    samples: u32,
}

impl CoreChecks {
    /// The image view `view`, when Vigil saw it and its image created.
    fn attachment_view(&self, view: VkImageView) -> Option<View> {
        let record = self.get(TYPES.image_view, view.as_raw())?;
        let state = record.image_view()?;
        let (image, range) = state.viewed()?;
        let info: &ImageInfo = image.image()?.info()?;
        let level = range.baseMipLevel.min(31);
        let extent = ((info.extent.width >> level).max(1), (info.extent.height >> level).max(1));
        let usage = state.view_info().and_then(|v| v.usage);
        Some(View { usage, extent, samples: info.samples })
    }

    /// vkCmdBeginRendering's rendering info. True to skip the call.
    ///
    /// # Safety
    /// `info` must be the rendering info the application passed (stateless checked it).
    pub(super) unsafe fn rendering_attachments(&self, cx: &Call<'_>, info: *const VkRenderingInfo) -> bool {
        // SAFETY: the caller's contract.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let Some(facts) = cx.device() else { return false };
        let root = cx.location();
        let at = root.dot("pRenderingInfo");
        let mut skip = false;
        let area = info.renderArea;
        let (right, bottom) = (
            i64::from(area.offset.x) + i64::from(area.extent.width),
            i64::from(area.offset.y) + i64::from(area.extent.height),
        );
        // SAFETY: the application's chain.
        let group = unsafe {
            chained::<VkDeviceGroupRenderPassBeginInfo>(
                info.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_DEVICE_GROUP_RENDER_PASS_BEGIN_INFO,
            )
        };
        let whole_area = group.is_none_or(|g| g.deviceRenderAreaCount == 0);
        let limits = &facts.limits;
        if whole_area {
            let area_at = at.arrow("renderArea");
            if right > i64::from(limits.maxFramebufferWidth) {
                skip |= cx.error(
                    "VUID-VkRenderingInfo-pNext-07815",
                    &area_at,
                    format_args!("reaches x = {right}, past maxFramebufferWidth ({}).", limits.maxFramebufferWidth),
                );
            }
            if bottom > i64::from(limits.maxFramebufferHeight) {
                skip |= cx.error(
                    "VUID-VkRenderingInfo-pNext-07816",
                    &area_at,
                    format_args!("reaches y = {bottom}, past maxFramebufferHeight ({}).", limits.maxFramebufferHeight),
                );
            }
        }
        let mut check = |view: VkImageView, needs: (u32, &'static str, &str), at: &Location<'_>| -> Option<u32> {
            if view.as_raw() == 0 {
                return None;
            }
            let v = self.attachment_view(view)?;
            let (usage, vuid, name) = needs;
            if v.usage.is_some_and(|u| u & usage == 0) {
                skip |= cx.error(
                    vuid,
                    &at.dot("imageView"),
                    format_args!("({:#x}) was not created with {name}.", view.as_raw()),
                );
            }
            if whole_area && (right > i64::from(v.extent.0) || bottom > i64::from(v.extent.1)) {
                let (vuid, what, reach, size) = if right > i64::from(v.extent.0) {
                    ("VUID-VkRenderingInfo-pNext-06079", "width", right, v.extent.0)
                } else {
                    ("VUID-VkRenderingInfo-pNext-06080", "height", bottom, v.extent.1)
                };
                skip |= cx.error(
                    vuid,
                    &at.dot("imageView"),
                    format_args!(
                        "({:#x}) has {what} {size} at its base mip level, less than the render area's {reach}.",
                        view.as_raw()
                    ),
                );
            }
            Some(v.samples)
        };
        let colors_at = at.arrow("pColorAttachments");
        let mut samples = Vec::new();
        // SAFETY: colorAttachmentCount attachments, as the application passed them.
        for (i, a) in unsafe { slice(info.pColorAttachments, info.colorAttachmentCount) }.iter().enumerate() {
            let needs =
                (COLOR, "VUID-VkRenderingInfo-colorAttachmentCount-06087", "VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT");
            if let Some(s) = check(a.imageView, needs, &colors_at.index(i)) {
                samples.push((i, s));
            }
        }
        let name = "VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT";
        // SAFETY: the application's attachments, when not NULL.
        if let Some(a) = unsafe { info.pDepthAttachment.as_ref() } {
            check(
                a.imageView,
                (DEPTH_STENCIL, "VUID-VkRenderingInfo-pDepthAttachment-06088", name),
                &at.arrow("pDepthAttachment"),
            );
        }
        // SAFETY: as above.
        if let Some(a) = unsafe { info.pStencilAttachment.as_ref() } {
            let needs = (DEPTH_STENCIL, "VUID-VkRenderingInfo-pStencilAttachment-06089", name);
            check(a.imageView, needs, &at.arrow("pStencilAttachment"));
        }
        let mrtss = facts.features.contains(Feature::MULTISAMPLED_RENDER_TO_SINGLE_SAMPLED);
        if let (Some(&(first, s0)), false) = (samples.first(), mrtss) {
            if let Some(&(i, s)) = samples.iter().find(|(_, s)| *s != s0) {
                skip |= cx.error(
                    "VUID-VkRenderingInfo-imageView-09429",
                    &colors_at.index(i).dot("imageView"),
                    format_args!("has {s} samples, but pColorAttachments[{first}].imageView has {s0}."),
                );
            }
        }
        skip
    }
}
