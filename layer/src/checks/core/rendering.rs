//! vkCmdBeginRendering's rendering info and its attachments against their image views.
//!
//! The command: the dynamicRendering feature (`-06446`), secondaries' contents in a secondary
//! only with nestedCommandBuffer (`-06068`), no instance begun in a secondary that continues one
//! (`-10914`), inline contents beside secondaries only with maintenance7 or nestedCommandBuffer
//! (`VkRenderingInfo-flags-10012`; the same of render pass objects' subpass contents, `-09640`,
//! `VkSubpassBeginInfo-contents-09382`).
//!
//! The info itself: a render area of positive extent at a non-negative offset (`-08994`,
//! `-08995`, `-06077`, `-06078`) within the device's framebuffer limits (`-07815`, `-07816`), a
//! layer count when there is no view mask (`-06069`) and within maxFramebufferLayers (`-07817`),
//! at most maxColorAttachments color attachments (`-06106`), a view mask only with multiview
//! and below maxMultiviewViewCount (`-06127`, `-06128`), and one view (and one resolve view) for
//! the depth and the stencil attachment (`-06085`, `-06086`).
//!
//! The attachments' views: created with the attachment usage each needs (`-06087`, `-06088`,
//! `-06089`), the identity swizzle (`-09479`, `-09481`, `-09483`), a format with a depth or a
//! stencil component for those attachments (`-06547`, `-06548`), color attachments of one
//! sample count (`-09429`, unless multisampledRenderToSingleSampled), large enough for the render
//! area (`-06079`, `-06080`), and with the layers the instance renders (`-10859` to `-10861`
//! without a view mask, `-12403` to `-12405` with one; the resolve views too). Render areas of
//! device groups (`VkDeviceGroupRenderPassBeginInfo` with areas) are not checked here.
//!
//! Each attachment's views: neither 3D nor of more than one mip level (`-12470`, `-12471`,
//! `-12486`, `-12487`); and where it resolves, a resolve mode its color format allows (`-06129`,
//! `-06130`), a multisampled view (`-06861`) resolved into a single-sampled view (`-06862`,
//! `-06864`) of the same format (`-06865`), unless multisampled-render-to-single-sampled is
//! enabled for the rendering (its rules are not followed).
//!
//! A view whose image or usage Vigil did not see created is not judged.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::formats::FormatInfo;
use super::secondaries::{CONTENTS_SECONDARY, RENDER_PASS_CONTINUE};
use super::CoreChecks;
use crate::chassis::raw::{chained, slice};
use crate::chassis::Call;
use crate::report::Location;
use crate::state::images::ImageInfo;
use crate::state::resolve::with_command_buffer;
use crate::state::TYPES;

const COLOR: u32 = VkImageUsageFlags::VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT.0;
const DEPTH_STENCIL: u32 = VkImageUsageFlags::VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT.0;

/// What the checks need of an attachment's image view.
struct View {
    usage: Option<u32>,
    /// Width and height at the view's base mip level.
    extent: (u32, u32),
    samples: u32,
    /// Its layer count, when known.
    layers: Option<u32>,
    /// Whether each component maps to itself.
    identity: bool,
    format: VkFormat,
    view_type: i32,
    /// Its level count, when known.
    levels: Option<u32>,
}

/// A format component a view needs: its name, whether a format has it, the VUID.
type Component = (&'static str, fn(&FormatInfo) -> bool, &'static str);

/// The ids of one kind of attachment (color, depth, stencil).
struct AttachmentIds {
    /// A color attachment (its resolve modes follow its format).
    color: bool,
    /// The format component a depth or stencil attachment's view needs: its name, the test, the
    /// VUID.
    component: Option<Component>,
    usage: (u32, &'static str, &'static str),
    swizzle: &'static str,
    /// Layers without a view mask, with one.
    layers: (&'static str, &'static str),
}

const COLOR_IDS: AttachmentIds = AttachmentIds {
    color: true,
    component: None,
    usage: (COLOR, "VUID-VkRenderingInfo-colorAttachmentCount-06087", "VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT"),
    swizzle: "VUID-VkRenderingInfo-colorAttachmentCount-09479",
    layers: ("VUID-VkRenderingInfo-viewMask-10859", "VUID-VkRenderingInfo-viewMask-12403"),
};
const DEPTH_IDS: AttachmentIds = AttachmentIds {
    color: false,
    component: Some(("depth", FormatInfo::depth, "VUID-VkRenderingInfo-pDepthAttachment-06547")),
    usage: (DEPTH_STENCIL, "VUID-VkRenderingInfo-pDepthAttachment-06088", DS_NAME),
    swizzle: "VUID-VkRenderingInfo-pDepthAttachment-09481",
    layers: ("VUID-VkRenderingInfo-viewMask-10860", "VUID-VkRenderingInfo-viewMask-12404"),
};
const STENCIL_IDS: AttachmentIds = AttachmentIds {
    color: false,
    component: Some(("stencil", FormatInfo::stencil, "VUID-VkRenderingInfo-pStencilAttachment-06548")),
    usage: (DEPTH_STENCIL, "VUID-VkRenderingInfo-pStencilAttachment-06089", DS_NAME),
    swizzle: "VUID-VkRenderingInfo-pStencilAttachment-09483",
    layers: ("VUID-VkRenderingInfo-viewMask-10861", "VUID-VkRenderingInfo-viewMask-12405"),
};
const DS_NAME: &str = "VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT";

impl CoreChecks {
    /// The image view `view`, when Vigil saw it and its image created.
    fn attachment_view(&self, view: VkImageView) -> Option<View> {
        let record = self.get(TYPES.image_view, view.as_raw())?;
        let state = record.image_view()?;
        let (image, range) = state.viewed()?;
        let info: &ImageInfo = image.image()?.info()?;
        let level = range.baseMipLevel.min(31);
        let extent = ((info.extent.width >> level).max(1), (info.extent.height >> level).max(1));
        let view = state.view_info()?;
        Some(View {
            usage: view.usage,
            extent,
            samples: info.samples,
            layers: view.levels_layers.map(|(_, layers)| layers),
            identity: view.identity,
            format: VkFormat(view.format),
            view_type: view.view_type,
            levels: view.levels_layers.map(|(levels, _)| levels),
        })
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
        skip |= Self::rendering_info(cx, info, whole_area, &at);
        // The layers each view must have: the layer count, or every view of the view mask.
        let (layers_needed, with_mask) = match info.viewMask {
            0 => (info.layerCount, false),
            mask => (32 - mask.leading_zeros(), true),
        };
        // SAFETY: the application's chain.
        let mrtss = unsafe {
            chained::<VkMultisampledRenderToSingleSampledInfoEXT>(
                info.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_MULTISAMPLED_RENDER_TO_SINGLE_SAMPLED_INFO_EXT,
            )
        }
        .is_some_and(|m| m.multisampledRenderToSingleSampledEnable != 0);
        let mut check = |a: &VkRenderingAttachmentInfo, ids: &AttachmentIds, at: &Location<'_>| -> Option<u32> {
            skip |= self.attachment_shapes(cx, a, (ids.color, mrtss), at);
            let (layers_id, what) = match with_mask {
                false => (ids.layers.0, "the rendering's layerCount"),
                true => (ids.layers.1, "the views of the rendering's viewMask"),
            };
            for (member, view) in [("resolveImageView", a.resolveImageView), ("imageView", a.imageView)] {
                let v = (view.as_raw() != 0).then(|| self.attachment_view(view)).flatten();
                let Some(layers) = v.and_then(|v| v.layers).filter(|&l| l < layers_needed) else { continue };
                if member == "resolveImageView" && a.resolveMode.0 == 0 {
                    continue;
                }
                skip |= cx.error(
                    layers_id,
                    &at.dot(member),
                    format_args!("({:#x}) has {layers} layers, fewer than {what} ({layers_needed}).", view.as_raw()),
                );
            }
            let view = a.imageView;
            if view.as_raw() == 0 {
                return None;
            }
            let v = self.attachment_view(view)?;
            let (usage, vuid, name) = ids.usage;
            if v.usage.is_some_and(|u| u & usage == 0) {
                skip |= cx.error(
                    vuid,
                    &at.dot("imageView"),
                    format_args!("({:#x}) was not created with {name}.", view.as_raw()),
                );
            }
            if !v.identity {
                skip |= cx.error(
                    ids.swizzle,
                    &at.dot("imageView"),
                    format_args!("({:#x}) was created with a swizzle that is not the identity.", view.as_raw()),
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
            let format = super::formats::format_info(v.format);
            if let (Some((kind, has, vuid)), Some(f)) = (ids.component, format) {
                if !has(&f) {
                    skip |= cx.error(
                        vuid,
                        &at.dot("imageView"),
                        format_args!(
                            "({:#x}) has format {}, which has no {kind} component.",
                            view.as_raw(),
                            super::formats::format_name(v.format)
                        ),
                    );
                }
            }
            Some(v.samples)
        };
        let colors_at = at.arrow("pColorAttachments");
        let mut samples = Vec::new();
        // SAFETY: colorAttachmentCount attachments, as the application passed them.
        for (i, a) in unsafe { slice(info.pColorAttachments, info.colorAttachmentCount) }.iter().enumerate() {
            if let Some(s) = check(a, &COLOR_IDS, &colors_at.index(i)) {
                samples.push((i, s));
            }
        }
        // SAFETY: the application's attachments, when not NULL.
        if let Some(a) = unsafe { info.pDepthAttachment.as_ref() } {
            check(a, &DEPTH_IDS, &at.arrow("pDepthAttachment"));
        }
        // SAFETY: as above.
        if let Some(a) = unsafe { info.pStencilAttachment.as_ref() } {
            check(a, &STENCIL_IDS, &at.arrow("pStencilAttachment"));
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

    /// The rules of the rendering info alone (with the device's features and limits);
    /// `whole_area`: no device group render areas. True to skip the call.
    fn rendering_info(cx: &Call<'_>, info: &VkRenderingInfo, whole_area: bool, at: &Location<'_>) -> bool {
        let Some(facts) = cx.device() else { return false };
        let limits = &facts.limits;
        let mut skip = false;
        let area = info.renderArea;
        if whole_area {
            let area_at = at.arrow("renderArea");
            let extent = [("width", area.extent.width, "VUID-VkRenderingInfo-None-08994")].into_iter().chain([(
                "height",
                area.extent.height,
                "VUID-VkRenderingInfo-None-08995",
            )]);
            for (what, _, vuid) in extent.filter(|e| e.1 == 0) {
                skip |= cx.error(vuid, &area_at, format_args!("has extent.{what} 0."));
            }
            let offset = [("x", area.offset.x, "VUID-VkRenderingInfo-pNext-06077")].into_iter().chain([(
                "y",
                area.offset.y,
                "VUID-VkRenderingInfo-pNext-06078",
            )]);
            for (what, value, vuid) in offset.filter(|o| o.1 < 0) {
                skip |= cx.error(vuid, &area_at, format_args!("has offset.{what} {value}, which is negative."));
            }
        }
        if info.viewMask == 0 && info.layerCount == 0 {
            skip |= cx.error(
                "VUID-VkRenderingInfo-viewMask-06069",
                &at.arrow("layerCount"),
                format_args!("is 0, and viewMask is 0."),
            );
        }
        if info.layerCount > limits.maxFramebufferLayers {
            skip |= cx.error(
                "VUID-VkRenderingInfo-layerCount-07817",
                &at.arrow("layerCount"),
                format_args!(
                    "({}) is more than maxFramebufferLayers ({}).",
                    info.layerCount, limits.maxFramebufferLayers
                ),
            );
        }
        if info.colorAttachmentCount > limits.maxColorAttachments {
            skip |= cx.error(
                "VUID-VkRenderingInfo-colorAttachmentCount-06106",
                &at.arrow("colorAttachmentCount"),
                format_args!(
                    "({}) is more than maxColorAttachments ({}).",
                    info.colorAttachmentCount, limits.maxColorAttachments
                ),
            );
        }
        if info.viewMask != 0 {
            let mask_at = at.arrow("viewMask");
            if !facts.features.contains(Feature::MULTIVIEW) {
                skip |= cx.error(
                    "VUID-VkRenderingInfo-multiview-06127",
                    &mask_at,
                    format_args!("is {:#x}, but the multiview feature is not enabled.", info.viewMask),
                );
            }
            let highest = 31 - info.viewMask.leading_zeros();
            let max = facts.spirv_properties.as_ref().map(|p| p.vulkan11.maxMultiviewViewCount);
            if let Some(max) = max.filter(|&m| highest >= m) {
                skip |= cx.error(
                    "VUID-VkRenderingInfo-viewMask-06128",
                    &mask_at,
                    format_args!(
                        "is {:#x}: its bit {highest} is not below maxMultiviewViewCount ({max}).",
                        info.viewMask
                    ),
                );
            }
        }
        // SAFETY: the application's attachments, when not NULL.
        if let (Some(d), Some(s)) = unsafe { (info.pDepthAttachment.as_ref(), info.pStencilAttachment.as_ref()) } {
            if (d.imageView.as_raw() != 0 || s.imageView.as_raw() != 0) && d.imageView != s.imageView {
                skip |= cx.error(
                    "VUID-VkRenderingInfo-pDepthAttachment-06085",
                    &at.arrow("pStencilAttachment").dot("imageView"),
                    format_args!(
                        "({:#x}) differs from pDepthAttachment->imageView ({:#x}).",
                        s.imageView.as_raw(),
                        d.imageView.as_raw()
                    ),
                );
            }
            if d.resolveMode.0 != 0 && s.resolveMode.0 != 0 && d.resolveImageView != s.resolveImageView {
                skip |= cx.error(
                    "VUID-VkRenderingInfo-pDepthAttachment-06086",
                    &at.arrow("pStencilAttachment").dot("resolveImageView"),
                    format_args!(
                        "({:#x}) differs from pDepthAttachment->resolveImageView ({:#x}), and both resolve.",
                        s.resolveImageView.as_raw(),
                        d.resolveImageView.as_raw()
                    ),
                );
            }
        }
        skip
    }

    /// An attachment's views one by one: not 3D, one mip level; and when it resolves (`color`:
    /// a color attachment; `mrtss`: multisampled-render-to-single-sampled is enabled for the
    /// rendering), a resolve mode its format allows, a multisampled view resolved into a
    /// single-sampled view of its format. True to skip the call.
    fn attachment_shapes(
        &self,
        cx: &Call<'_>,
        a: &VkRenderingAttachmentInfo,
        (color, mrtss): (bool, bool),
        at: &Location<'_>,
    ) -> bool {
        let mut skip = false;
        let view = (a.imageView.as_raw() != 0).then(|| self.attachment_view(a.imageView)).flatten();
        let target = (a.resolveImageView.as_raw() != 0).then(|| self.attachment_view(a.resolveImageView)).flatten();
        let shapes = [
            ("imageView", a.imageView, view.as_ref(), "VUID-VkRenderingAttachmentInfo-imageView-12470"),
            (
                "resolveImageView",
                a.resolveImageView,
                target.as_ref(),
                "VUID-VkRenderingAttachmentInfo-resolveImageView-12471",
            ),
        ];
        for (member, handle, v, vuid_3d) in shapes {
            let Some(v) = v else { continue };
            if v.view_type == VkImageViewType::VK_IMAGE_VIEW_TYPE_3D.0 {
                skip |= cx.error(vuid_3d, &at.dot(member), format_args!("({:#x}) is a 3D view.", handle.as_raw()));
            }
            if let Some(levels) = v.levels.filter(|&l| l != 1) {
                let vuid = if member == "imageView" {
                    "VUID-VkRenderingAttachmentInfo-imageView-12486"
                } else {
                    "VUID-VkRenderingAttachmentInfo-resolveImageView-12487"
                };
                skip |= cx.error(
                    vuid,
                    &at.dot(member),
                    format_args!("({:#x}) has {levels} mip levels, not one.", handle.as_raw()),
                );
            }
        }
        let mode = a.resolveMode.0;
        let android = VkResolveModeFlagBits::VK_RESOLVE_MODE_EXTERNAL_FORMAT_DOWNSAMPLE_BIT_ANDROID.0;
        let custom = VkResolveModeFlagBits::VK_RESOLVE_MODE_CUSTOM_BIT_EXT.0;
        let (Some(v), true) = (view, mode != 0 && mode != android) else { return skip };
        let format = super::formats::format_info(v.format);
        if let Some(f) = format.filter(|f| color && f.color() && mode != custom) {
            let integer = f.uint() || f.sint();
            let (allowed, vuid, kind) = match integer {
                true => (
                    VkResolveModeFlagBits::VK_RESOLVE_MODE_SAMPLE_ZERO_BIT.0,
                    "VUID-VkRenderingAttachmentInfo-imageView-06130",
                    "an integer",
                ),
                false => (
                    VkResolveModeFlagBits::VK_RESOLVE_MODE_AVERAGE_BIT.0,
                    "VUID-VkRenderingAttachmentInfo-imageView-06129",
                    "a non-integer",
                ),
            };
            if mode != allowed {
                skip |= cx.error(
                    vuid,
                    &at.dot("resolveMode"),
                    format_args!(
                        "is {mode:#x}, but imageView ({:#x}) has {kind} color format ({}).",
                        a.imageView.as_raw(),
                        super::formats::format_name(v.format)
                    ),
                );
            }
        }
        if mrtss {
            return skip;
        }
        if v.samples == 1 {
            skip |= cx.error(
                "VUID-VkRenderingAttachmentInfo-imageView-06861",
                &at.dot("imageView"),
                format_args!("({:#x}) has one sample, but resolveMode is {mode:#x}.", a.imageView.as_raw()),
            );
        }
        if a.resolveImageView.as_raw() == 0 {
            skip |= cx.error(
                "VUID-VkRenderingAttachmentInfo-imageView-06862",
                &at.dot("resolveImageView"),
                format_args!("is VK_NULL_HANDLE, but resolveMode is {mode:#x}."),
            );
        }
        let Some(r) = target else { return skip };
        if r.samples != 1 {
            skip |= cx.error(
                "VUID-VkRenderingAttachmentInfo-imageView-06864",
                &at.dot("resolveImageView"),
                format_args!("({:#x}) has {} samples, not one.", a.resolveImageView.as_raw(), r.samples),
            );
        }
        if mode != custom && r.format != v.format {
            skip |= cx.error(
                "VUID-VkRenderingAttachmentInfo-imageView-06865",
                &at.dot("resolveImageView"),
                format_args!(
                    "({:#x}) has format {}, but imageView ({:#x}) has {}.",
                    a.resolveImageView.as_raw(),
                    super::formats::format_name(r.format),
                    a.imageView.as_raw(),
                    super::formats::format_name(v.format)
                ),
            );
        }
        skip
    }

    /// vkCmdBeginRendering's features: dynamicRendering (`-06446`); contents in secondaries of a
    /// secondary only with nestedCommandBuffer (`-06068`), inline contents beside them only with
    /// maintenance7 or nestedCommandBuffer (`VkRenderingInfo-flags-10012`); and no instance of
    /// its own in a secondary begun to continue one (`-10914`). True to skip the call.
    ///
    /// # Safety
    /// `info` must be the rendering info the application passed.
    pub(super) unsafe fn rendering_features(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderingInfo,
    ) -> bool {
        let Some(facts) = cx.device() else { return false };
        let root = cx.location();
        let mut skip = false;
        if !facts.features.contains(Feature::DYNAMIC_RENDERING) {
            skip |= cx.error(
                "VUID-vkCmdBeginRendering-dynamicRendering-06446",
                &root,
                format_args!("is recorded, but the dynamicRendering feature is not enabled."),
            );
        }
        // SAFETY: the caller's contract.
        let flags = unsafe { info.as_ref() }.map_or(0, |i| i.flags.0);
        let nested = facts.features.contains(Feature::NESTED_COMMAND_BUFFER);
        let inline = VkRenderingFlagBits::VK_RENDERING_CONTENTS_INLINE_BIT_KHR.0;
        if flags & inline != 0 && !nested && !facts.features.contains(Feature::MAINTENANCE7) {
            skip |= cx.error(
                "VUID-VkRenderingInfo-flags-10012",
                &root.dot("pRenderingInfo").arrow("flags"),
                format_args!(
                    "({flags:#x}) includes VK_RENDERING_CONTENTS_INLINE_BIT_KHR, but neither the maintenance7 nor \
                     the nestedCommandBuffer feature is enabled."
                ),
            );
        }
        // A secondary's usage, through the record the call's handles resolved to.
        let usage = with_command_buffer(cx, cb.as_raw(), (self.device, self.instance), |record| {
            record.command_buffer().filter(|c| c.secondary()).map(|c| c.lock().usage)
        });
        let Some(usage) = usage.flatten() else { return skip };
        if flags & CONTENTS_SECONDARY != 0 && !nested {
            skip |= cx.error(
                "VUID-vkCmdBeginRendering-commandBuffer-06068",
                &root.dot("pRenderingInfo").arrow("flags"),
                format_args!(
                    "({flags:#x}) includes VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT in secondary command \
                     buffer {:#x}, but the nestedCommandBuffer feature is not enabled.",
                    cb.as_raw()
                ),
            );
        }
        if usage & RENDER_PASS_CONTINUE != 0 {
            skip |= cx.error(
                "VUID-vkCmdBeginRendering-commandBuffer-10914",
                &root.dot("commandBuffer"),
                format_args!(
                    "({:#x}) is a secondary begun with VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT: it continues a \
                     render pass instance and cannot begin one.",
                    cb.as_raw()
                ),
            );
        }
        skip
    }

    /// Subpass contents `contents` (at `at`) mixing inline commands and secondaries need
    /// maintenance7 or nestedCommandBuffer (`vuid`). True to skip the call.
    pub(super) fn mixed_contents(
        cx: &Call<'_>,
        contents: VkSubpassContents,
        (vuid, at): (&'static str, &Location<'_>),
    ) -> bool {
        let mixed = VkSubpassContents::VK_SUBPASS_CONTENTS_INLINE_AND_SECONDARY_COMMAND_BUFFERS_KHR;
        let Some(facts) = cx.device() else { return false };
        let allowed =
            [Feature::MAINTENANCE7, Feature::NESTED_COMMAND_BUFFER].iter().any(|&f| facts.features.contains(f));
        contents == mixed
            && !allowed
            && cx.error(
                vuid,
                at,
                format_args!(
                    "is VK_SUBPASS_CONTENTS_INLINE_AND_SECONDARY_COMMAND_BUFFERS_KHR, but neither the maintenance7 nor \
                     the nestedCommandBuffer feature is enabled."
                ),
            )
    }

    /// A `VkSubpassBeginInfo`'s contents (`VkSubpassBeginInfo-contents-09382`), at parameter
    /// `param`. True to skip the call.
    ///
    /// # Safety
    /// `info` must be the subpass begin info the application passed.
    pub(super) unsafe fn subpass_begin_contents(
        cx: &Call<'_>,
        info: *const VkSubpassBeginInfo,
        param: &'static str,
    ) -> bool {
        // SAFETY: the caller's contract.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let root = cx.location();
        let param = root.dot(param);
        let at = param.arrow("contents");
        Self::mixed_contents(cx, info.contents, ("VUID-VkSubpassBeginInfo-contents-09382", &at))
    }
}
