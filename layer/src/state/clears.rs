//! What vkCmdClearAttachments is checked against: each render pass's color attachment count per
//! subpass (and whether it uses multiview), each framebuffer's layer count, and for each render
//! pass instance a recording begins, its render area, layers and color attachments.

use vigil_generated::*;

use super::records::TYPES;
use super::tracker::StateTracker;
pub use super::values::{ClearArea, ClearShapes, SubpassColors};
use crate::chassis::raw::{chained, slice};

impl ClearShapes {
    /// A render pass's subpasses, once recorded.
    pub fn subpasses(&self) -> Option<&SubpassColors> {
        self.subpasses.get()
    }

    /// A framebuffer's layer count, once recorded.
    pub fn layers(&self) -> Option<u32> {
        self.layers.get().copied()
    }
}

impl StateTracker {
    /// Records a created render pass's color attachment counts (`multiview`: view masks).
    pub(super) fn render_pass_colors(&self, render_pass: u64, subpasses: SubpassColors) {
        let Some(r) = self.get(TYPES.render_pass, render_pass) else { return };
        if let Some(state) = r.render_pass() {
            let _ = state.clears.subpasses.set(subpasses);
        }
    }

    /// Records a created framebuffer's layer count.
    pub(super) fn framebuffer_layers(&self, framebuffer: u64, layers: u32) {
        let Some(f) = self.get(TYPES.framebuffer, framebuffer) else { return };
        if let Some(state) = f.framebuffer() {
            let _ = state.clears.layers.set(layers);
        }
    }

    /// vkCmdBeginRenderPass(2) began an instance with `info` in `cb`.
    ///
    /// # Safety
    /// `info` must be NULL or the begin info the application passed.
    pub(super) unsafe fn clear_area_of_render_pass(&self, cb: VkCommandBuffer, info: *const VkRenderPassBeginInfo) {
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        let subpasses = self
            .get(TYPES.render_pass, info.renderPass.as_raw())
            .and_then(|r| r.render_pass().and_then(|r| r.clears.subpasses().cloned()));
        let multiview = subpasses.as_ref().is_none_or(|s| s.multiview);
        let layers =
            self.get(TYPES.framebuffer, info.framebuffer.as_raw()).and_then(|f| f.framebuffer()?.clears.layers());
        let area = ClearArea {
            area: info.renderArea,
            layers: layers.filter(|_| !multiview),
            depth: subpasses.as_ref().map(|s| s.depth.clone()),
            colors: subpasses.map(|s| s.colors),
        };
        self.with_command_buffer(cb, |c| c.set_clear_area(area));
    }

    /// vkCmdBeginRendering began an instance with `info` in `cb`.
    ///
    /// # Safety
    /// `info` must be NULL or the rendering info the application passed.
    pub(super) unsafe fn clear_area_of_rendering(&self, cb: VkCommandBuffer, info: *const VkRenderingInfo) {
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        let area = ClearArea {
            area: info.renderArea,
            layers: (info.viewMask == 0).then_some(info.layerCount),
            colors: Some(vec![info.colorAttachmentCount]),
            depth: None,
        };
        self.with_command_buffer(cb, |c| c.set_clear_area(area));
    }
}

impl super::command_buffers::CommandBufferState {
    fn set_clear_area(&self, area: ClearArea) {
        if let Some(mut r) = self.try_lock() {
            r.clear_area = Some(area);
        }
    }
}

/// The format of attachment reference `r` of `attachments` (`None`: unused).
fn referenced<A>(r: Option<u32>, attachments: &[A], format: impl Fn(&A) -> VkFormat) -> Option<VkFormat> {
    attachments.get(usize::try_from(r?).ok()?).map(format)
}

/// The color attachment count and depth/stencil format of each subpass of `info`, and whether
/// it uses multiview (`VkRenderPassMultiviewCreateInfo` with a view mask).
///
/// # Safety
/// `info` must be a create info a call accepted.
pub unsafe fn render_pass_colors(info: &VkRenderPassCreateInfo) -> SubpassColors {
    let subpasses = unsafe { slice(info.pSubpasses, info.subpassCount) };
    let attachments = unsafe { slice(info.pAttachments, info.attachmentCount) };
    let ty = VkStructureType::VK_STRUCTURE_TYPE_RENDER_PASS_MULTIVIEW_CREATE_INFO;
    let multiview = unsafe { chained::<VkRenderPassMultiviewCreateInfo>(info.pNext, ty) }
        .is_some_and(|m| unsafe { slice(m.pViewMasks, m.subpassCount) }.iter().any(|&v| v != 0));
    SubpassColors {
        colors: subpasses.iter().map(|s| s.colorAttachmentCount).collect(),
        multiview,
        depth: subpasses
            .iter()
            .map(|s| {
                referenced(unsafe { s.pDepthStencilAttachment.as_ref() }.map(|r| r.attachment), attachments, |a| {
                    a.format
                })
            })
            .collect(),
    }
}

/// [`render_pass_colors`] of a `VkRenderPassCreateInfo2`.
///
/// # Safety
/// As for [`render_pass_colors`].
pub unsafe fn render_pass2_colors(info: &VkRenderPassCreateInfo2) -> SubpassColors {
    let subpasses = unsafe { slice(info.pSubpasses, info.subpassCount) };
    let attachments = unsafe { slice(info.pAttachments, info.attachmentCount) };
    SubpassColors {
        colors: subpasses.iter().map(|s| s.colorAttachmentCount).collect(),
        multiview: subpasses.iter().any(|s| s.viewMask != 0),
        depth: subpasses
            .iter()
            .map(|s| {
                referenced(unsafe { s.pDepthStencilAttachment.as_ref() }.map(|r| r.attachment), attachments, |a| {
                    a.format
                })
            })
            .collect(),
    }
}
