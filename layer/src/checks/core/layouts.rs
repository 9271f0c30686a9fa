//! Image layouts (the state is `state::images`): a barrier's old layout and a copy's or clear's
//! layout parameter against what the command buffer's earlier commands left the subresources in,
//! when it recorded that; and at submission, what each command buffer expects the layouts to be
//! when it starts against what the images' creation and the command buffers submitted before it
//! leave them in; a render pass instance's attachments against their initial layouts, a dynamic
//! rendering instance's against the layouts it names (a stencil aspect with layouts of its own
//! against those). Layouts are compared as the spec matches them per aspect; a layout Vigil
//! cannot know is never reported.

use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::images::{layout_name, same_layout, slot_name, ImageShape, Mismatch, Overlay};
use crate::state::images::{render_pass_attachments, rendering_attachments, ImageBarrier, RenderingSlot};
use crate::state::{ObjectRecord, TYPES};

/// The reference layer's id for a submitted command buffer that expects an image subresource in
/// a layout it is not in (no VUID names the submit-time check).
pub(super) const ID_SUBMIT_LAYOUT: &str = "UNASSIGNED-CoreValidation-DrawState-InvalidImageLayout";

/// A command's layout parameter and the VUID that it must be the subresources' layout.
pub(super) struct LayoutParam {
    pub name: &'static str,
    pub vuid: &'static str,
}

/// "VkImage 0x… (color, mip level 0, array layer 0)".
fn subresource(image: &ObjectRecord, shape: &ImageShape, entry: usize) -> String {
    let (slot, layer, level) = shape.subresource(entry);
    format!("VkImage {:#x} ({} aspect, mip level {level}, array layer {layer})", image.key.handle, slot_name(slot))
}

impl CoreChecks {
    /// The first of `entries` of `image` that command buffer `cb` left in a layout other than
    /// `layout`, with that layout.
    fn recorded_mismatch(
        &self,
        cb: VkCommandBuffer,
        image: &ObjectRecord,
        entries: impl Iterator<Item = usize>,
        layout: i32,
    ) -> Option<(usize, i32)> {
        let shape = image.image()?.shape()?;
        let record = self.get(TYPES.command_buffer, cb.as_raw())?;
        let recording = record.command_buffer()?.lock();
        entries.into_iter().find_map(|i| {
            let slot = shape.subresource(i).0;
            recording.layouts.current(image, i).filter(|&l| !same_layout(slot, l, layout)).map(|l| (i, l))
        })
    }

    /// Image barriers whose old layout is not what the command buffer left the subresources in.
    pub(super) fn barrier_layouts(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        barriers: impl Iterator<Item = ImageBarrier>,
        at: &Location<'_>,
        vuid: &'static str,
    ) -> bool {
        let mut skip = false;
        for (i, b) in barriers.enumerate().filter(|(_, b)| b.expects_old()) {
            let Some(image) = self.get(TYPES.image, b.image) else { continue };
            let Some(shape) = image.image().and_then(|s| s.shape()) else { continue };
            let Some((entry, current)) = self.recorded_mismatch(cb, &image, shape.range(&b.range), b.old.0) else {
                continue;
            };
            let at = at.index(i);
            skip |= cx.error(
                vuid,
                &at.dot("oldLayout"),
                format_args!(
                    "is {}, but the commands recorded before this barrier leave {} in {}.",
                    layout_name(b.old.0),
                    subresource(&image, &shape, entry),
                    layout_name(current)
                ),
            );
        }
        skip
    }

    /// A copy's or clear's layout parameter `param` for `image`'s `entries`, against what the
    /// command buffer left them in.
    pub(super) fn parameter_layout(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
        entries: impl Fn(&ImageShape) -> Vec<usize>,
        param: &LayoutParam,
    ) -> bool {
        let Some(image) = self.get(TYPES.image, image.as_raw()) else { return false };
        let Some(shape) = image.image().and_then(|s| s.shape()) else { return false };
        let Some((entry, current)) = self.recorded_mismatch(cb, &image, entries(&shape).into_iter(), layout.0) else {
            return false;
        };
        let root = cx.location();
        cx.error(
            param.vuid,
            &root.dot(param.name),
            format_args!(
                "is {}, but the commands recorded before this one leave {} in {}.",
                layout_name(layout.0),
                subresource(&image, &shape, entry),
                layout_name(current)
            ),
        )
    }

    /// A render pass instance's attachments whose initial layout (unless UNDEFINED) is not what
    /// the command buffer left them in.
    ///
    /// # Safety
    /// `info` must be NULL or a begin info the application passed.
    pub(super) unsafe fn render_pass_layouts(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderPassBeginInfo,
        vuid: &'static str,
    ) -> bool {
        let attachments = unsafe { render_pass_attachments(info, |ty, h| self.get(ty, h)) };
        let root = cx.location();
        let at = root.dot("pRenderPassBegin");
        let mut skip = false;
        for a in attachments {
            let Some(shape) = a.image.image().and_then(|s| s.shape()) else { continue };
            for (part, (range, initial, _)) in a.parts().into_iter().enumerate() {
                if initial == VkImageLayout::VK_IMAGE_LAYOUT_UNDEFINED.0 {
                    continue;
                }
                let Some((entry, current)) = self.recorded_mismatch(cb, &a.image, shape.range(&range), initial) else {
                    continue;
                };
                let member = if part == 0 { "initialLayout" } else { "stencilInitialLayout" };
                skip |= cx.error(
                    vuid,
                    &at.arrow("framebuffer"),
                    format_args!(
                        "attachment {} has {member} {} in the render pass, but the commands recorded before this \
                         one leave {} in {}.",
                        a.index,
                        layout_name(initial),
                        subresource(&a.image, &shape, entry),
                        layout_name(current)
                    ),
                );
            }
        }
        skip
    }

    /// A dynamic rendering instance's attachments (and resolve targets) not in the layouts it
    /// names, as the command buffer left them.
    ///
    /// # Safety
    /// `info` must be NULL or a rendering info the application passed.
    pub(super) unsafe fn rendering_layouts(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderingInfo,
    ) -> bool {
        let attachments = unsafe { rendering_attachments(info, |ty, h| self.get(ty, h)) };
        let root = cx.location();
        let rendering = root.dot("pRenderingInfo");
        let mut skip = false;
        for a in attachments {
            let Some(shape) = a.image.image().and_then(|s| s.shape()) else { continue };
            let Some((entry, current)) = self.recorded_mismatch(cb, &a.image, shape.range(&a.range), a.layout.0) else {
                continue;
            };
            let (vuid, member) = match (a.slot, a.resolve) {
                (RenderingSlot::Color(_), false) => ("VUID-vkCmdBeginRendering-pRenderingInfo-09592", "imageLayout"),
                (RenderingSlot::Color(_), true) => {
                    ("VUID-vkCmdBeginRendering-pRenderingInfo-09593", "resolveImageLayout")
                }
                (RenderingSlot::Depth, false) => ("VUID-vkCmdBeginRendering-pRenderingInfo-09588", "imageLayout"),
                (RenderingSlot::Stencil, false) => ("VUID-vkCmdBeginRendering-pRenderingInfo-09590", "imageLayout"),
                (RenderingSlot::Depth, true) => ("VUID-vkCmdBeginRendering-pRenderingInfo-09589", "resolveImageLayout"),
                (RenderingSlot::Stencil, true) => {
                    ("VUID-vkCmdBeginRendering-pRenderingInfo-09591", "resolveImageLayout")
                }
            };
            let message = format_args!(
                "is {}, but the commands recorded before this one leave {} in {}.",
                layout_name(a.layout.0),
                subresource(&a.image, &shape, entry),
                layout_name(current)
            );
            skip |= match a.slot {
                RenderingSlot::Color(i) => {
                    let list = rendering.arrow("pColorAttachments");
                    let element = list.index(i);
                    cx.error(vuid, &element.dot(member), message)
                }
                RenderingSlot::Depth => cx.error(vuid, &rendering.arrow("pDepthAttachment").arrow(member), message),
                RenderingSlot::Stencil => cx.error(vuid, &rendering.arrow("pStencilAttachment").arrow(member), message),
            };
        }
        skip
    }

    /// A submitted command buffer's layout expectations against `overlay` (what was submitted
    /// before it in this call, over the images' global layouts), which it then updates.
    pub(super) fn submitted_layouts(&self, cx: &Call<'_>, overlay: &mut Overlay, cb: u64, at: &Location<'_>) -> bool {
        let Some(record) = self.get(TYPES.command_buffer, cb) else { return false };
        let Some(state) = record.command_buffer() else { return false };
        // The first mismatch of each image.
        let mut found: Vec<(u64, String, i32, i32)> = Vec::new();
        overlay.execute(&state.lock().layouts, &mut |m: Mismatch<'_>| {
            if !found.iter().any(|f| f.0 == m.image.key.handle) {
                found.push((m.image.key.handle, subresource(m.image, &m.shape, m.entry), m.expected, m.actual));
            }
        });
        let mut skip = false;
        for (_, what, expected, actual) in found {
            skip |= cx.error(
                ID_SUBMIT_LAYOUT,
                at,
                format_args!(
                    "is {cb:#x}, whose commands expect {what} to be in {} when it starts, but the image's creation \
                     and the command buffers submitted before it leave it in {}.",
                    layout_name(expected),
                    layout_name(actual)
                ),
            );
        }
        skip
    }
}
