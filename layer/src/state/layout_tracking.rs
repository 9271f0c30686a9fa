//! What the tracker records of image layouts (the state itself is in `images`): creations,
//! views and framebuffers, the barriers and layout parameters of recorded commands, the
//! attachments and secondaries whose effect is not followed, submissions and host transitions.

use std::sync::Arc;

use vigil_generated::*;

use super::images::{render_pass_attachments, rendering_attachments, ImageBarrier, ImageShape, RecordingLayouts};
use super::objects::{ObjectRecord, TYPES};
use super::tracker::StateTracker;
use crate::chassis::raw::chained;

impl StateTracker {
    /// Runs `f` on the layouts of command buffer `cb`'s recording, unless another thread holds
    /// it (the application broke external synchronization; the update is dropped).
    pub(super) fn with_layouts(&self, cb: VkCommandBuffer, f: impl FnOnce(&mut RecordingLayouts)) {
        self.with_command_buffer(cb, |c| {
            if let Some(mut r) = c.try_lock() {
                f(&mut r.layouts);
            }
        });
    }

    /// A recorded barrier.
    pub(super) fn barriers(&self, cb: VkCommandBuffer, barriers: impl Iterator<Item = ImageBarrier>) {
        let barriers: Vec<(Arc<ObjectRecord>, ImageBarrier)> = barriers
            .filter(ImageBarrier::transitions)
            .filter_map(|b| Some((self.get(TYPES.image, b.image)?, b)))
            .collect();
        if barriers.is_empty() {
            return;
        }
        self.with_layouts(cb, |layouts| {
            for (image, b) in &barriers {
                let old = if b.expects_old() { b.old } else { VkImageLayout::VK_IMAGE_LAYOUT_UNDEFINED };
                layouts.transition(image, &b.range, old.0, b.new.0);
            }
        });
    }

    /// A recorded copy or clear that names the layout of `image`'s subresources `entries`.
    pub(super) fn used_in(
        &self,
        cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
        entries: impl Fn(&ImageShape) -> Vec<usize>,
    ) {
        let Some(image) = self.get(TYPES.image, image.as_raw()) else { return };
        let Some(shape) = image.image().and_then(|i| i.shape()) else { return };
        let entries = entries(&shape);
        self.with_layouts(cb, |layouts| layouts.used(&image, entries.into_iter(), layout.0));
    }

    /// A render pass instance begins: each attachment goes from its initial layout to its
    /// final one (what the subpasses do in between is inside the instance).
    ///
    /// # Safety
    /// `info` must be NULL or a begin info the application passed.
    pub(super) unsafe fn render_pass_begun(&self, cb: VkCommandBuffer, info: *const VkRenderPassBeginInfo) {
        let attachments = unsafe { render_pass_attachments(info, |ty, h| self.get(ty, h)) };
        if attachments.is_empty() {
            return;
        }
        self.with_layouts(cb, |layouts| {
            for a in &attachments {
                if a.layouts.is_none() {
                    layouts.unknown(&a.image);
                }
                for (range, initial, last) in a.parts() {
                    layouts.transition(&a.image, &range, initial, last);
                }
            }
        });
    }

    /// A dynamic rendering instance begins: its attachments are used in the layouts it names.
    ///
    /// # Safety
    /// `info` must be NULL or a rendering info the application passed.
    pub(super) unsafe fn rendering_begun(&self, cb: VkCommandBuffer, info: *const VkRenderingInfo) {
        let attachments = unsafe { rendering_attachments(info, |ty, h| self.get(ty, h)) };
        if attachments.is_empty() {
            return;
        }
        self.with_layouts(cb, |layouts| {
            for a in &attachments {
                let Some(shape) = a.image.image().and_then(|i| i.shape()) else { continue };
                layouts.used(&a.image, shape.range(&a.range), a.layout.0);
            }
        });
    }

    /// vkCmdExecuteCommands: what the secondaries do to layouts becomes the primary's, in order
    /// (their expectations where the primary has not touched an image yet).
    pub(super) fn executed_layouts(&self, cb: VkCommandBuffer, secondaries: &[Arc<ObjectRecord>]) {
        // Copied out first: the primary's lock is never held with a secondary's.
        let mut recorded = Vec::new();
        for s in secondaries {
            if let Some(r) = s.command_buffer().and_then(|c| c.try_lock()) {
                recorded.extend(r.layouts.images().cloned());
            }
        }
        if !recorded.is_empty() {
            self.with_layouts(cb, |layouts| recorded.iter().for_each(|r| layouts.merge(r)));
        }
    }
}

impl StateTracker {
    /// vkCreateRenderPass2 created `render_pass` with `attachments`: the stencil aspect's own
    /// layouts of those that chain `VkAttachmentDescriptionStencilLayout`.
    ///
    /// # Safety
    /// `attachments` must be the accepted create info's, with valid pNext chains.
    pub(super) unsafe fn render_pass_stencil_layouts(
        &self,
        render_pass: u64,
        attachments: &[VkAttachmentDescription2],
    ) {
        let ty = VkStructureType::VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_STENCIL_LAYOUT;
        let layouts = attachments
            .iter()
            .map(|a| {
                // SAFETY: the caller's contract.
                let s = unsafe { chained::<VkAttachmentDescriptionStencilLayout>(a.pNext, ty) }?;
                Some((s.stencilInitialLayout.0, s.stencilFinalLayout.0))
            })
            .collect();
        if let Some(state) = self.get(TYPES.render_pass, render_pass).as_deref().and_then(|r| r.render_pass()) {
            state.set_stencil_layouts(layouts);
        }
    }
}
