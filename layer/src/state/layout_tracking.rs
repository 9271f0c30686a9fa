//! What the tracker records of image layouts (the state itself is in `images`): creations,
//! views and framebuffers, the barriers and layout parameters of recorded commands, the
//! attachments and secondaries whose effect is not followed, submissions and host transitions.

use std::sync::Arc;

use vigil_generated::*;

use super::images::{
    render_pass_attachments, rendering_attachments, AttachedAs, AttachedImage, ImageBarrier, ImageShape,
    RecordingLayouts,
};
use super::objects::{ObjectRecord, TYPES};
use super::records::Recording;
use super::tracker::StateTracker;
use crate::chassis::raw::{chained, slice};

impl StateTracker {
    /// Runs `f` on the layouts of command buffer `cb`'s recording, unless another thread holds
    /// it (the application broke external synchronization; the update is dropped).
    pub(super) fn with_layouts(&self, cb: VkCommandBuffer, f: impl FnOnce(&mut RecordingLayouts)) {
        self.with_recording(cb, |r| f(&mut r.layouts));
    }

    /// Runs `f` on command buffer `cb`'s recording, unless another thread holds it.
    fn with_recording(&self, cb: VkCommandBuffer, f: impl FnOnce(&mut Recording)) {
        self.with_command_buffer(cb, |c| {
            if let Some(mut r) = c.try_lock() {
                f(&mut r);
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
        if attachments.is_empty() && !self.references {
            return;
        }
        let attached = self.attached(attachments.iter().map(|a| (&a.image, a.range, AttachedAs::Index(a.index))));
        self.with_recording(cb, |r| {
            r.attached = attached;
            for a in &attachments {
                if a.layouts.is_none() {
                    r.layouts.unknown(&a.image);
                }
                for (range, initial, last) in a.parts() {
                    r.layouts.transition(&a.image, &range, initial, last);
                }
            }
        });
    }

    /// What a render pass instance's draws must not write other than as attachments, kept
    /// while core is on.
    fn attached<'a>(
        &self,
        attachments: impl Iterator<Item = (&'a Arc<ObjectRecord>, VkImageSubresourceRange, AttachedAs)>,
    ) -> Vec<AttachedImage> {
        if !self.references {
            return Vec::new();
        }
        attachments
            .map(|(image, range, attached_as)| AttachedImage { image: image.key.handle, range, attached_as })
            .collect()
    }

    /// A dynamic rendering instance begins: its attachments are used in the layouts it names.
    ///
    /// # Safety
    /// `info` must be NULL or a rendering info the application passed.
    pub(super) unsafe fn rendering_begun(&self, cb: VkCommandBuffer, info: *const VkRenderingInfo) {
        let attachments = unsafe { rendering_attachments(info, |ty, h| self.get(ty, h)) };
        if attachments.is_empty() && !self.references {
            return;
        }
        let attached =
            self.attached(attachments.iter().map(|a| (&a.image, a.range, AttachedAs::Rendering(a.slot, a.resolve))));
        self.with_recording(cb, |r| {
            r.attached = attached;
            for a in &attachments {
                let Some(shape) = a.image.image().and_then(|i| i.shape()) else { continue };
                r.layouts.used(&a.image, shape.range(&a.range), a.layout.0);
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

/// Whether `l` is a depth-only or stencil-only layout.
fn aspect_only(l: VkImageLayout) -> bool {
    use VkImageLayout as L;
    [
        L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
        L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
        L::VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL,
        L::VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL,
    ]
    .contains(&l)
}

/// Marks in `named` the attachments of the references `$s` (a `VkSubpassDescription` or
/// `...2`) names with a depth-only or stencil-only layout.
macro_rules! mark_aspect_layouts {
    ($named:expr, $s:expr) => {{
        let s = $s;
        // SAFETY: the accepted create info's counted arrays.
        let lists = unsafe {
            [
                slice(s.pInputAttachments, s.inputAttachmentCount),
                slice(s.pColorAttachments, s.colorAttachmentCount),
                slice(s.pResolveAttachments, s.colorAttachmentCount),
                slice(s.pDepthStencilAttachment, 1),
            ]
        };
        for r in lists.into_iter().flatten().filter(|r| aspect_only(r.layout)) {
            if let Some(n) = $named.get_mut(r.attachment as usize) {
                *n = true;
            }
        }
    }};
}

impl StateTracker {
    /// Records which attachments of `render_pass` are named with a depth-only or stencil-only
    /// layout.
    fn aspect_layouts_named(&self, render_pass: u64, named: Vec<bool>) {
        if let Some(state) = self.get(TYPES.render_pass, render_pass).as_deref().and_then(|r| r.render_pass()) {
            state.set_aspect_layouts(named);
        }
    }

    /// vkCreateRenderPass created `render_pass` with `info`: its depth-only and stencil-only
    /// layouts.
    ///
    /// # Safety
    /// `info` must be the accepted create info.
    pub(super) unsafe fn render_pass_layouts(&self, render_pass: u64, info: &VkRenderPassCreateInfo) {
        // SAFETY: the caller's contract.
        let attachments = unsafe { slice(info.pAttachments, info.attachmentCount) };
        let mut named: Vec<bool> =
            attachments.iter().map(|a| aspect_only(a.initialLayout) || aspect_only(a.finalLayout)).collect();
        // SAFETY: as above.
        for s in unsafe { slice(info.pSubpasses, info.subpassCount) } {
            mark_aspect_layouts!(named, s);
        }
        self.aspect_layouts_named(render_pass, named);
    }

    /// vkCreateRenderPass2 created `render_pass` with `info`: the stencil aspect's own layouts
    /// of the attachments that chain `VkAttachmentDescriptionStencilLayout`, and the depth-only
    /// and stencil-only layouts.
    ///
    /// # Safety
    /// `info` must be the accepted create info, with valid pNext chains.
    pub(super) unsafe fn render_pass2_layouts(&self, render_pass: u64, info: &VkRenderPassCreateInfo2) {
        // SAFETY: the caller's contract.
        let attachments = unsafe { slice(info.pAttachments, info.attachmentCount) };
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
        let mut named: Vec<bool> =
            attachments.iter().map(|a| aspect_only(a.initialLayout) || aspect_only(a.finalLayout)).collect();
        // SAFETY: as above.
        for s in unsafe { slice(info.pSubpasses, info.subpassCount) } {
            mark_aspect_layouts!(named, s);
        }
        self.aspect_layouts_named(render_pass, named);
    }
}
