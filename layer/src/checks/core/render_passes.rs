//! Render pass instances: a begin's clear values and render area against the render pass and
//! framebuffer it names; vkCmdNextSubpass only before the last subpass, vkCmdEndRenderPass only
//! in it; each end matching how its instance was begun (vkCmdBeginRenderPass or
//! vkCmdBeginRendering). The tracker follows each recording's instance and subpass; a secondary
//! that continues a render pass has no instance of its own, and is not checked here.

use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::chained;
use crate::chassis::Call;
use crate::state::command_buffers::{Recording, RenderPassInstance};
use crate::state::{key, OBJECTS, TYPES};

/// How an end of a render pass instance must match its begin.
#[derive(Clone, Copy)]
pub(super) enum Ending {
    /// vkCmdNextSubpass(2): the instance's subpass must not be its last.
    NextSubpass { vuid: &'static str },
    /// vkCmdEndRenderPass(2): begun by vkCmdBeginRenderPass, and in its last subpass.
    RenderPass { last_subpass: &'static str, not_rendering: &'static str },
    /// vkCmdEndRendering(2KHR): begun by vkCmdBeginRendering.
    Rendering { vuid: &'static str },
}

impl CoreChecks {
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
        let areas = unsafe { chained::<VkDeviceGroupRenderPassBeginInfo>(info.pNext, group) }
            .map_or(0, |g| g.deviceRenderAreaCount);
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
        }
        let extent = self.get(TYPES.framebuffer, info.framebuffer.as_raw()).and_then(|f| f.framebuffer()?.extent());
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

    fn ending_matches(&self, cx: &Call<'_>, r: &Recording, ending: Ending) -> bool {
        let root = cx.location();
        match (ending, r.instance) {
            (Ending::NextSubpass { vuid }, Some(RenderPassInstance::RenderPass { subpass, subpasses: Some(n) }))
                if subpass + 1 >= n =>
            {
                cx.error(
                    vuid,
                    &root,
                    format_args!("is recorded in subpass {subpass}, the last of the render pass's {n} subpasses."),
                )
            }
            (
                Ending::RenderPass { last_subpass, .. },
                Some(RenderPassInstance::RenderPass { subpass, subpasses: Some(n) }),
            ) if subpass + 1 != n => cx.error(
                last_subpass,
                &root,
                format_args!(
                    "is recorded in subpass {subpass}, but the render pass has {n} subpasses: advance to the last \
                     with vkCmdNextSubpass first."
                ),
            ),
            (Ending::RenderPass { not_rendering, .. }, Some(RenderPassInstance::Rendering)) => cx.error(
                not_rendering,
                &root,
                format_args!(
                    "ends a render pass instance begun with vkCmdBeginRendering: end it with vkCmdEndRendering."
                ),
            ),
            (Ending::Rendering { vuid }, Some(RenderPassInstance::RenderPass { .. })) => cx.error(
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
