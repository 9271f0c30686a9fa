//! Render pass instances: a begin's clear values and render area against the render pass and
//! framebuffer it names (and not empty), the framebuffer made for a compatible render pass, the
//! views an imageless framebuffer is begun with (against its attachment image infos and the
//! render pass's attachments), a device group's mask and render areas; vkCmdNextSubpass only
//! before the last subpass, vkCmdEndRenderPass only in it; each end matching how its instance
//! was begun (vkCmdBeginRenderPass or vkCmdBeginRendering); the render pass's dependencies'
//! stages supported by the queue family of the command buffer's pool (`-06451` to `-06454`).
//! The tracker follows each recording's
//! instance and subpass; a secondary that continues a render pass has no instance of its own,
//! and is not checked here.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::{chained, slice};
use crate::chassis::Call;
use crate::state::command_buffers::{Recording, RenderPassInstance};
use crate::state::render_passes::{AttachmentUse, FramebufferImage};
use crate::state::{key, OBJECTS, TYPES};

/// How an end of a render pass instance must match its begin.
#[derive(Clone, Copy)]
pub(super) enum Ending {
    /// vkCmdNextSubpass(2): the instance's subpass must not be its last.
    NextSubpass { vuid: &'static str },
    /// vkCmdEndRenderPass(2): begun by vkCmdBeginRenderPass, and in its last subpass.
    RenderPass { last_subpass: &'static str, not_rendering: &'static str },
    /// vkCmdEndRendering(2KHR): begun by vkCmdBeginRendering, and (`here`, where the command has
    /// the rule) in this command buffer, not one a secondary continues.
    Rendering { vuid: &'static str, here: Option<&'static str> },
}

impl CoreChecks {
    /// vkCmdBeginRenderPass(2): the stage masks of the render pass's dependencies supported by
    /// the queue family of `cb`'s pool (`r`: its recording; `ids`: source, destination). True
    /// to skip the call.
    ///
    /// # Safety
    /// `info` must be the begin info the application passed (stateless checked it).
    pub(super) unsafe fn dependency_queues(
        &self,
        cx: &Call<'_>,
        (cb, r): (VkCommandBuffer, &Recording),
        info: *const VkRenderPassBeginInfo,
        (src_id, dst_id): (&'static str, &'static str),
    ) -> bool {
        // SAFETY: the caller's contract.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let rp = self.get(TYPES.render_pass, info.renderPass.as_raw());
        let Some(&(src, dst)) = rp.as_deref().and_then(|r| r.render_pass()?.dependency_stages.get()) else {
            return false;
        };
        let flags = r.queue_flags;
        let mut skip = false;
        let root = cx.location();
        for (mask, vuid, which) in [(src, src_id, "srcStageMask"), (dst, dst_id, "dstStageMask")] {
            let unsupported = vigil_sync_tables::unsupported_stages(mask, flags);
            if unsupported != 0 {
                skip |= cx.error(
                    vuid,
                    &root.dot("pRenderPassBegin").arrow("renderPass"),
                    format_args!(
                        "({:#x}) has dependencies whose {which} include stages {unsupported:#x}, which the queue \
                         family of command buffer {:#x}'s pool (queue flags {flags:#x}) does not support.",
                        info.renderPass.as_raw(),
                        cb.as_raw()
                    ),
                );
            }
        }
        skip
    }

    /// vkCmdBeginRenderPass(2)'s begin info: enough clear values, and a render area inside the
    /// framebuffer (not starting before it, not reaching past it). True to skip the call.
    ///
    /// # Safety
    /// `info` must be the begin info the application passed (stateless checked it).
    pub(super) unsafe fn render_pass_begin_info(&self, cx: &Call<'_>, info: *const VkRenderPassBeginInfo) -> bool {
        // SAFETY: the caller's contract.
        let Some(info) = (unsafe { info.as_ref() }) else { return false };
        let root = cx.location();
        let at = root.dot("pRenderPassBegin");
        let mut skip = false;
        // The generated rules leave pClearValues to prose (noautovalidity): NULL is the one
        // invalid pointer Vigil can tell.
        if info.clearValueCount != 0 && info.pClearValues.is_null() {
            skip |= cx.error(
                "VUID-VkRenderPassBeginInfo-clearValueCount-04962",
                &at.dot("pClearValues"),
                format_args!("is NULL, but clearValueCount is {}.", info.clearValueCount),
            );
        }
        let shape = self.get(TYPES.render_pass, info.renderPass.as_raw()).and_then(|r| r.render_pass()?.shape());
        if let Some(shape) = shape.filter(|s| info.clearValueCount < s.clear_values) {
            skip |= cx.error(
                "VUID-VkRenderPassBeginInfo-clearValueCount-00902",
                &at.dot("clearValueCount"),
                format_args!(
                    "is {}, but attachment {} of render pass {:#x} is cleared on load: at least {} clear values are \
                     needed.",
                    info.clearValueCount,
                    shape.clear_values - 1,
                    info.renderPass.as_raw(),
                    shape.clear_values
                ),
            );
        }
        // Device groups give each device its own render areas, checked against the framebuffer
        // by other rules.
        let group = VkStructureType::VK_STRUCTURE_TYPE_DEVICE_GROUP_RENDER_PASS_BEGIN_INFO;
        // SAFETY: the chain of the begin info the application passed.
        let chained_group = unsafe { chained::<VkDeviceGroupRenderPassBeginInfo>(info.pNext, group) };
        let areas = chained_group.map_or(0, |g| g.deviceRenderAreaCount);
        if areas == 0 {
            let offset = info.renderArea.offset;
            let negative = [
                ("VUID-VkRenderPassBeginInfo-pNext-02850", "x", offset.x),
                ("VUID-VkRenderPassBeginInfo-pNext-02851", "y", offset.y),
            ];
            for (vuid, axis, value) in negative.into_iter().filter(|(_, _, v)| *v < 0) {
                skip |= cx.error(
                    vuid,
                    &at.dot("renderArea").dot("offset").dot(axis),
                    format_args!("is {value}: a render area must not start before the framebuffer."),
                );
            }
            let extent = info.renderArea.extent;
            let empty = [
                ("VUID-VkRenderPassBeginInfo-None-08996", "width", extent.width),
                ("VUID-VkRenderPassBeginInfo-None-08997", "height", extent.height),
            ];
            for (vuid, size, _) in empty.into_iter().filter(|(_, _, v)| *v == 0) {
                skip |= cx.error(
                    vuid,
                    &at.dot("renderArea").dot("extent").dot(size),
                    format_args!("is 0: without device group render areas, the render area is not empty."),
                );
            }
        }
        let framebuffer = self.get(TYPES.framebuffer, info.framebuffer.as_raw());
        let extent = framebuffer.as_deref().and_then(|f| f.framebuffer()?.extent());
        let attachments = VkStructureType::VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO;
        // SAFETY: the chain of the begin info the application passed.
        if let Some(a) = unsafe { chained::<VkRenderPassAttachmentBeginInfo>(info.pNext, attachments) } {
            let state = framebuffer.as_deref().and_then(|f| f.framebuffer());
            let with_views = state.is_some_and(|f| f.has_views());
            let at = at.chained("VkRenderPassAttachmentBeginInfo");
            let images = state.and_then(|f| f.imageless_attachments.get());
            if let Some(n) = images.map(|i| i.len()).filter(|&n| n != a.attachmentCount as usize) {
                skip |= cx.error(
                    "VUID-VkRenderPassBeginInfo-framebuffer-03208",
                    &at.dot("attachmentCount"),
                    format_args!(
                        "is {}, but the imageless framebuffer {:#x} was created for {n} attachments.",
                        a.attachmentCount,
                        info.framebuffer.as_raw()
                    ),
                );
            }
            // SAFETY: as above.
            skip |= unsafe { self.attachment_begin_info(cx, a, with_views, &at) };
            if let Some(images) = images {
                let pass = self.get(TYPES.render_pass, info.renderPass.as_raw());
                let uses = pass.as_deref().and_then(|r| r.render_pass()?.uses.get()).unwrap_or(&[]);
                // SAFETY: as above.
                skip |= unsafe { self.imageless_views(cx, a, images, uses, &at) };
            }
        }
        if let Some(g) = chained_group {
            // SAFETY: the chained structure of the application's begin info.
            skip |= unsafe { Self::device_group_begin(cx, g, extent, &at.chained("VkDeviceGroupRenderPassBeginInfo")) };
        }
        let classes = (
            self.get(TYPES.render_pass, info.renderPass.as_raw()).and_then(|r| r.render_pass()?.compatibility()),
            framebuffer.as_deref().and_then(|f| f.framebuffer()?.render_pass_compatibility()),
        );
        if let (Some(pass), Some(made_for)) = classes {
            if pass != made_for {
                skip |= cx.error(
                    "VUID-VkRenderPassBeginInfo-renderPass-00904",
                    &at.dot("renderPass"),
                    format_args!(
                        "is {:#x}, which is not compatible with the render pass framebuffer {:#x} was created with \
                         (their subpasses' attachment references differ in format, sample count or use).",
                        info.renderPass.as_raw(),
                        info.framebuffer.as_raw()
                    ),
                );
            }
        }
        if let (0, Some((width, height))) = (areas, extent) {
            let a = &info.renderArea;
            let checks = [
                ("VUID-VkRenderPassBeginInfo-pNext-02852", "x", "width", i64::from(a.offset.x), a.extent.width, width),
                (
                    "VUID-VkRenderPassBeginInfo-pNext-02853",
                    "y",
                    "height",
                    i64::from(a.offset.y),
                    a.extent.height,
                    height,
                ),
            ];
            for (vuid, axis, size, offset, extent, limit) in checks {
                if offset + i64::from(extent) > i64::from(limit) {
                    skip |= cx.error(
                        vuid,
                        &at.dot("renderArea"),
                        format_args!(
                            "reaches {} in {axis} (offset {offset} + {size} {extent}), beyond framebuffer {:#x}'s \
                             {size} {limit}.",
                            offset + i64::from(extent),
                            info.framebuffer.as_raw()
                        ),
                    );
                }
            }
        }
        skip
    }

    /// A chained `VkRenderPassAttachmentBeginInfo`: no attachments for a framebuffer made with
    /// views (`with_views`), and each view of a single mip level, the identity swizzle and not
    /// 3D. True to skip the call.
    ///
    /// # Safety
    /// `a` must be a chained structure of the application's begin info.
    unsafe fn attachment_begin_info(
        &self,
        cx: &Call<'_>,
        a: &VkRenderPassAttachmentBeginInfo,
        with_views: bool,
        at: &crate::report::Location<'_>,
    ) -> bool {
        let mut skip = false;
        if with_views && a.attachmentCount != 0 {
            skip |= cx.error(
                "VUID-VkRenderPassBeginInfo-framebuffer-03207",
                &at.dot("attachmentCount"),
                format_args!(
                    "is {}, but the framebuffer was created with its image views (not imageless): it must be 0.",
                    a.attachmentCount
                ),
            );
        }
        let list = at.dot("pAttachments");
        // SAFETY: the counted array of the caller's structure.
        for (i, view) in unsafe { slice(a.pAttachments, a.attachmentCount) }.iter().enumerate() {
            let Some(record) = self.get(TYPES.image_view, view.as_raw()) else { continue };
            let Some(state) = record.image_view() else { continue };
            let levels = state.viewed().and_then(|(image, range)| match range.levelCount {
                VK_REMAINING_MIP_LEVELS => Some(image.image()?.shape()?.levels.saturating_sub(range.baseMipLevel)),
                n => Some(n),
            });
            if let Some(levels) = levels.filter(|&n| n > 1) {
                skip |= cx.error(
                    "VUID-VkRenderPassAttachmentBeginInfo-pAttachments-03218",
                    &list.index(i),
                    format_args!("({:#x}) has {levels} mip levels: an attachment has one.", view.as_raw()),
                );
            }
            let info = state.view_info();
            if info.is_some_and(|v| !v.identity) {
                skip |= cx.error(
                    "VUID-VkRenderPassAttachmentBeginInfo-pAttachments-03219",
                    &list.index(i),
                    format_args!("({:#x}) was created with a swizzle that is not the identity.", view.as_raw()),
                );
            }
            if info.is_some_and(|v| v.view_type == VkImageViewType::VK_IMAGE_VIEW_TYPE_3D.0) {
                skip |= cx.error(
                    "VUID-VkRenderPassAttachmentBeginInfo-pAttachments-04114",
                    &list.index(i),
                    format_args!("({:#x}) is a VK_IMAGE_VIEW_TYPE_3D view: an attachment is not.", view.as_raw()),
                );
            }
        }
        skip
    }

    /// The views a `VkRenderPassAttachmentBeginInfo` gives an imageless framebuffer against the
    /// framebuffer's attachment image infos (`images`: flags, inherited usage, width and height
    /// of the viewed mip level, layer count, view formats) and the render pass's attachments
    /// (`uses`: format and sample count). What Vigil does not know of a view is not compared; nor
    /// is the usage of a view of an image with a separate stencil usage (its inherited usage
    /// depends on whether the view names its own). True to skip the call.
    ///
    /// # Safety
    /// `a` must be a chained structure of the application's begin info.
    unsafe fn imageless_views(
        &self,
        cx: &Call<'_>,
        a: &VkRenderPassAttachmentBeginInfo,
        images: &[FramebufferImage],
        uses: &[AttachmentUse],
        at: &crate::report::Location<'_>,
    ) -> bool {
        let mut skip = false;
        let list = at.dot("pAttachments");
        let single_sampled =
            cx.device().is_some_and(|d| d.features.contains(Feature::MULTISAMPLED_RENDER_TO_SINGLE_SAMPLED));
        // SAFETY: the counted array of the caller's structure.
        for (i, view) in unsafe { slice(a.pAttachments, a.attachmentCount) }.iter().enumerate() {
            let Some(record) = self.get(TYPES.image_view, view.as_raw()) else { continue };
            let Some(state) = record.image_view() else { continue };
            let Some((image, range)) = state.viewed() else { continue };
            let Some(created) = image.image().and_then(|i| i.info()) else { continue };
            let view_info = state.view_info();
            let (v, at) = (view.as_raw(), list.index(i));
            let mut report = |vuid: &'static str, why: std::fmt::Arguments<'_>| {
                skip |= cx.error(vuid, &at, format_args!("({v:#x}) {why}"));
            };
            if let Some(fi) = images.get(i) {
                if created.flags.0 != fi.flags {
                    report(
                        "VUID-VkRenderPassBeginInfo-framebuffer-03209",
                        format_args!(
                            "views an image created with flags {:#x}, but the framebuffer's \
                             pAttachmentImageInfos[{i}].flags is {:#x}.",
                            created.flags.0, fi.flags
                        ),
                    );
                }
                let usage = view_info
                    .and_then(|v| v.usage)
                    .filter(|_| created.stencil_usage.is_none_or(|s| s == created.usage));
                if let Some(usage) = usage.filter(|&u| u != fi.usage) {
                    report(
                        "VUID-VkRenderPassBeginInfo-framebuffer-04627",
                        format_args!(
                            "has usage {usage:#x}, but the framebuffer's pAttachmentImageInfos[{i}].usage is {:#x}.",
                            fi.usage
                        ),
                    );
                }
                let [width, height, _] = created.level_extent(range.baseMipLevel);
                let sizes = [
                    ("VUID-VkRenderPassBeginInfo-framebuffer-03211", "width", width, fi.width),
                    ("VUID-VkRenderPassBeginInfo-framebuffer-03212", "height", height, fi.height),
                ];
                for (vuid, name, size, expected) in sizes.into_iter().filter(|s| s.2 != s.3) {
                    report(
                        vuid,
                        format_args!(
                            "has {name} {size} (mip level {} of its image), but the framebuffer's \
                             pAttachmentImageInfos[{i}].{name} is {expected}.",
                            range.baseMipLevel
                        ),
                    );
                }
                // A 2D array view of a 3D image counts its remaining layers in depth slices.
                let layers = match range.layerCount {
                    VK_REMAINING_ARRAY_LAYERS if view_info.is_none_or(|v| v.array_of_3d) => None,
                    VK_REMAINING_ARRAY_LAYERS => Some(created.layers.saturating_sub(range.baseArrayLayer)),
                    n => Some(n),
                };
                if let Some(layers) = layers.filter(|&n| n != fi.layers) {
                    report(
                        "VUID-VkRenderPassBeginInfo-framebuffer-03213",
                        format_args!(
                            "has {layers} layers, but the framebuffer's pAttachmentImageInfos[{i}].layerCount is {}.",
                            fi.layers
                        ),
                    );
                }
                // An image created without a format list is not compared (as the reference layer
                // does not).
                if let Some((count, set)) = created.view_formats {
                    if count != fi.view_formats.0 {
                        report(
                            "VUID-VkRenderPassBeginInfo-framebuffer-03214",
                            format_args!(
                                "views an image created with {count} view formats (VkImageFormatListCreateInfo), \
                                 but the framebuffer's pAttachmentImageInfos[{i}].viewFormatCount is {}.",
                                fi.view_formats.0
                            ),
                        );
                    }
                    if set != fi.view_formats.1 {
                        report(
                            "VUID-VkRenderPassBeginInfo-framebuffer-03215",
                            format_args!(
                                "views an image whose view formats (VkImageFormatListCreateInfo::pViewFormats) are \
                                 not the set of the framebuffer's pAttachmentImageInfos[{i}].pViewFormats."
                            ),
                        );
                    }
                }
            }
            let Some(u) = uses.get(i) else { continue };
            let format = view_info.map(|v| v.format);
            if let Some(format) = format.filter(|&f| u.format != VkFormat::VK_FORMAT_UNDEFINED && f != u.format.0) {
                report(
                    "VUID-VkRenderPassBeginInfo-framebuffer-03216",
                    format_args!(
                        "has format {:?}, but the render pass's attachment {i} has format {:?}.",
                        VkFormat(format),
                        u.format
                    ),
                );
            }
            let single = single_sampled && created.samples == VkSampleCountFlags::VK_SAMPLE_COUNT_1_BIT.0;
            if created.samples != u.samples && !single {
                report(
                    "VUID-VkRenderPassBeginInfo-framebuffer-09047",
                    format_args!(
                        "views an image created with {} samples, but the render pass's attachment {i} has {}.",
                        created.samples, u.samples
                    ),
                );
            }
        }
        skip
    }

    /// A chained `VkDeviceGroupRenderPassBeginInfo`: a device mask that is not zero, and each
    /// device's render area starting inside and ending within the framebuffer (`extent`, when
    /// known) and the framebuffer limits. True to skip the call.
    ///
    /// # Safety
    /// `g` must be a chained structure of the application's begin info.
    unsafe fn device_group_begin(
        cx: &Call<'_>,
        g: &VkDeviceGroupRenderPassBeginInfo,
        extent: Option<(u32, u32)>,
        at: &crate::report::Location<'_>,
    ) -> bool {
        let mut skip = false;
        if g.deviceMask == 0 {
            skip |= cx.error(
                "VUID-VkDeviceGroupRenderPassBeginInfo-deviceMask-00906",
                &at.dot("deviceMask"),
                format_args!("is 0: a render pass instance runs on at least one device."),
            );
        }
        let limits = cx.device().map(|d| (d.limits.maxFramebufferWidth, d.limits.maxFramebufferHeight));
        let list = at.dot("pDeviceRenderAreas");
        // SAFETY: the counted array of the caller's structure.
        for (i, a) in unsafe { slice(g.pDeviceRenderAreas, g.deviceRenderAreaCount) }.iter().enumerate() {
            let area = list.index(i);
            let axes = [
                ("x", "width", a.offset.x, a.extent.width, limits.map(|l| l.0), extent.map(|e| e.0)),
                ("y", "height", a.offset.y, a.extent.height, limits.map(|l| l.1), extent.map(|e| e.1)),
            ];
            let ids = [
                [
                    "VUID-VkDeviceGroupRenderPassBeginInfo-offset-06166",
                    "VUID-VkDeviceGroupRenderPassBeginInfo-offset-06168",
                    "VUID-VkRenderPassBeginInfo-pNext-02856",
                ],
                [
                    "VUID-VkDeviceGroupRenderPassBeginInfo-offset-06167",
                    "VUID-VkDeviceGroupRenderPassBeginInfo-offset-06169",
                    "VUID-VkRenderPassBeginInfo-pNext-02857",
                ],
            ];
            for ((axis, size, offset, length, limit, framebuffer), [negative, past_limit, past_framebuffer]) in
                axes.into_iter().zip(ids)
            {
                if offset < 0 {
                    skip |= cx.error(
                        negative,
                        &area.dot("offset").dot(axis),
                        format_args!("is {offset}: a render area must not start before the framebuffer."),
                    );
                }
                let end = i64::from(offset) + i64::from(length);
                let name = if axis == "x" { "maxFramebufferWidth" } else { "maxFramebufferHeight" };
                if let Some(limit) = limit.filter(|&l| end > i64::from(l)) {
                    skip |= cx.error(
                        past_limit,
                        &area,
                        format_args!(
                            "reaches {end} in {axis} (offset {offset} + {size} {length}), past {name} ({limit})."
                        ),
                    );
                }
                if let Some(framebuffer) = framebuffer.filter(|&f| end > i64::from(f)) {
                    skip |= cx.error(
                        past_framebuffer,
                        &area,
                        format_args!(
                            "reaches {end} in {axis} (offset {offset} + {size} {length}), beyond the framebuffer's \
                             {size} {framebuffer}."
                        ),
                    );
                }
            }
        }
        skip
    }

    /// vkCmdNextSubpass(2), vkCmdEndRenderPass(2), vkCmdEndRendering(2KHR) against the render
    /// pass instance `cb` is in. True to skip the call.
    pub(super) fn render_pass_ending(&self, cx: &Call<'_>, cb: VkCommandBuffer, ending: Ending) -> bool {
        let k = key(TYPES.command_buffer, cb.as_raw(), self.device, self.instance);
        OBJECTS
            .with_command_buffer(k, |c| {
                let Some(r) = c.command_buffer().and_then(|c| c.try_lock()) else { return false };
                self.ending_matches(cx, &r, ending)
            })
            .unwrap_or(false)
    }

    /// A command that must not be recorded while transform feedback is active in `cb`
    /// (`vuid`): true to skip the call.
    pub(super) fn no_transform_feedback(&self, cx: &Call<'_>, cb: VkCommandBuffer, vuid: &'static str) -> bool {
        let k = key(TYPES.command_buffer, cb.as_raw(), self.device, self.instance);
        let active = OBJECTS
            .with_command_buffer(k, |c| {
                c.command_buffer().and_then(|c| c.try_lock()).is_some_and(|r| r.transform_feedback)
            })
            .unwrap_or(false);
        active
            && cx.error(
                vuid,
                &cx.location(),
                format_args!("is recorded while transform feedback is active in command buffer {:#x}.", cb.as_raw()),
            )
    }

    fn ending_matches(&self, cx: &Call<'_>, r: &Recording, ending: Ending) -> bool {
        let root = cx.location();
        match (ending, r.instance) {
            (
                Ending::NextSubpass { vuid },
                Some(RenderPassInstance::RenderPass { subpass, subpasses: Some(n), .. }),
            ) if subpass + 1 >= n => cx.error(
                vuid,
                &root,
                format_args!("is recorded in subpass {subpass}, the last of the render pass's {n} subpasses."),
            ),
            (
                Ending::RenderPass { last_subpass, .. },
                Some(RenderPassInstance::RenderPass { subpass, subpasses: Some(n), .. }),
            ) if subpass + 1 != n => cx.error(
                last_subpass,
                &root,
                format_args!(
                    "is recorded in subpass {subpass}, but the render pass has {n} subpasses: advance to the last \
                     with vkCmdNextSubpass first."
                ),
            ),
            (Ending::RenderPass { not_rendering, .. }, Some(RenderPassInstance::Rendering { .. })) => cx.error(
                not_rendering,
                &root,
                format_args!(
                    "ends a render pass instance begun with vkCmdBeginRendering: end it with vkCmdEndRendering."
                ),
            ),
            (Ending::Rendering { here: Some(vuid), .. }, None) if r.in_render_pass => cx.error(
                vuid,
                &root,
                format_args!(
                    "ends the render pass instance this secondary command buffer continues \
                     (VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT): only the command buffer that began it may \
                     end it."
                ),
            ),
            (Ending::Rendering { vuid, .. }, Some(RenderPassInstance::RenderPass { .. })) => cx.error(
                vuid,
                &root,
                format_args!(
                    "ends a render pass instance begun with vkCmdBeginRenderPass: end it with vkCmdEndRenderPass."
                ),
            ),
            _ => false,
        }
    }
}
