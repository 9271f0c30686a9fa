//! What the tracker records of image layouts (the state itself is in `images`): creations,
//! views and framebuffers, the barriers and layout parameters of recorded commands, the
//! attachments and secondaries whose effect is not followed, submissions and host transitions.

use std::sync::Arc;

use vigil_generated::*;

use super::images::RecordingLayouts;
use super::objects::{ObjectRecord, TYPES};
use super::tracker::StateTracker;
use crate::chassis::raw::slice;

/// A queue family index that is no ownership transfer's end.
const QUEUE_FAMILY_IGNORED: u32 = u32::MAX;

/// Whether a barrier between these queue families transfers ownership: its layout transition
/// happens once for the release and acquire pair, so neither end expects its old layout.
fn transfers_ownership(src: u32, dst: u32) -> bool {
    src != dst && src != QUEUE_FAMILY_IGNORED && dst != QUEUE_FAMILY_IGNORED
}

/// One image barrier, of either synchronization version.
pub struct ImageBarrier {
    pub image: u64,
    pub old: VkImageLayout,
    pub new: VkImageLayout,
    pub src_family: u32,
    pub dst_family: u32,
    pub range: VkImageSubresourceRange,
}

impl ImageBarrier {
    /// Whether it transitions a layout (equal layouts are ignored).
    pub fn transitions(&self) -> bool {
        self.old != self.new
    }

    /// Whether its old layout is one the subresources must be in.
    pub fn expects_old(&self) -> bool {
        self.transitions()
            && self.old != VkImageLayout::VK_IMAGE_LAYOUT_UNDEFINED
            && !transfers_ownership(self.src_family, self.dst_family)
    }
}

impl From<&VkImageMemoryBarrier> for ImageBarrier {
    fn from(b: &VkImageMemoryBarrier) -> Self {
        ImageBarrier {
            image: b.image.as_raw(),
            old: b.oldLayout,
            new: b.newLayout,
            src_family: b.srcQueueFamilyIndex,
            dst_family: b.dstQueueFamilyIndex,
            range: b.subresourceRange,
        }
    }
}

impl From<&VkImageMemoryBarrier2> for ImageBarrier {
    fn from(b: &VkImageMemoryBarrier2) -> Self {
        ImageBarrier {
            image: b.image.as_raw(),
            old: b.oldLayout,
            new: b.newLayout,
            src_family: b.srcQueueFamilyIndex,
            dst_family: b.dstQueueFamilyIndex,
            range: b.subresourceRange,
        }
    }
}

/// The image barriers of a `VkDependencyInfo`.
///
/// # Safety
/// `info` must be NULL or a dependency info the application passed (stateless checked it).
pub unsafe fn dependency_barriers<'a>(info: *const VkDependencyInfo) -> &'a [VkImageMemoryBarrier2] {
    match unsafe { info.as_ref() } {
        Some(i) => unsafe { slice(i.pImageMemoryBarriers, i.imageMemoryBarrierCount) },
        None => &[],
    }
}

impl StateTracker {
    /// The image of a live view.
    pub(super) fn viewed_image(&self, view: u64) -> Option<Arc<ObjectRecord>> {
        self.get(TYPES.image_view, view)?.image_view()?.image().cloned()
    }

    /// Runs `f` on the layouts of command buffer `cb`'s recording, unless another thread holds
    /// it (the application broke external synchronization; the update is dropped).
    pub(super) fn with_layouts(&self, cb: VkCommandBuffer, f: impl FnOnce(&mut RecordingLayouts)) {
        let Some(record) = self.get(TYPES.command_buffer, cb.as_raw()) else { return };
        let Some(mut r) = record.command_buffer().and_then(|c| c.try_lock()) else { return };
        f(&mut r.layouts);
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
        entries: impl Fn(&super::images::ImageShape) -> Vec<usize>,
    ) {
        let Some(image) = self.get(TYPES.image, image.as_raw()) else { return };
        let Some(shape) = image.image().and_then(|i| i.shape()) else { return };
        let entries = entries(&shape);
        self.with_layouts(cb, |layouts| layouts.used(&image, entries.into_iter(), layout.0));
    }

    /// Images a render pass instance or a secondary changes in ways not followed.
    pub(super) fn unknown_images(&self, cb: VkCommandBuffer, images: Vec<Arc<ObjectRecord>>) {
        if images.is_empty() {
            return;
        }
        self.with_layouts(cb, |layouts| images.iter().for_each(|i| layouts.unknown(i)));
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
                match a.layouts {
                    Some((initial, last)) => layouts.transition(&a.image, &a.range, initial, last),
                    None => layouts.unknown(&a.image),
                }
            }
        });
    }

    /// The images of a dynamic rendering instance's attachments.
    ///
    /// # Safety
    /// `info` must be NULL or a rendering info the application passed.
    pub(super) unsafe fn rendering_images(&self, info: *const VkRenderingInfo) -> Vec<Arc<ObjectRecord>> {
        let Some(info) = (unsafe { info.as_ref() }) else { return Vec::new() };
        let mut attachments: Vec<&VkRenderingAttachmentInfo> =
            unsafe { slice(info.pColorAttachments, info.colorAttachmentCount) }.iter().collect();
        attachments.extend(unsafe { info.pDepthAttachment.as_ref() });
        attachments.extend(unsafe { info.pStencilAttachment.as_ref() });
        attachments
            .iter()
            .flat_map(|a| [a.imageView.as_raw(), a.resolveImageView.as_raw()])
            .filter_map(|v| self.viewed_image(v))
            .collect()
    }

    /// vkCmdExecuteCommands: what the secondaries do to layouts is not followed; the images they
    /// touch become unknown in the primary.
    pub(super) fn executed_layouts(&self, cb: VkCommandBuffer, secondaries: &[Arc<ObjectRecord>]) {
        let mut images = Vec::new();
        for s in secondaries {
            if let Some(r) = s.command_buffer().and_then(|c| c.try_lock()) {
                images.extend(r.layouts.images().map(|i| i.image.clone()));
            }
        }
        self.unknown_images(cb, images);
    }
}

/// One attachment of a render pass instance.
pub struct Attachment {
    pub index: usize,
    pub image: Arc<ObjectRecord>,
    pub range: VkImageSubresourceRange,
    /// Its initial and final layout; `None` when not followed (the render pass's creation was not
    /// seen, or its stencil aspect has layouts of its own).
    pub layouts: Option<(i32, i32)>,
}

/// The attachments of a render pass instance: the framebuffer's views, or those an imageless
/// framebuffer is given in `VkRenderPassAttachmentBeginInfo`, with the render pass's layouts.
/// `get` finds a record by type and handle.
///
/// # Safety
/// `info` must be NULL or a begin info the application passed.
pub unsafe fn render_pass_attachments(
    info: *const VkRenderPassBeginInfo,
    get: impl Fn(u16, u64) -> Option<Arc<ObjectRecord>>,
) -> Vec<Attachment> {
    let Some(info) = (unsafe { info.as_ref() }) else { return Vec::new() };
    let render_pass = get(TYPES.render_pass, info.renderPass.as_raw());
    let render_pass = render_pass.as_ref().and_then(|r| r.render_pass());
    let mut views: Vec<Arc<ObjectRecord>> = get(TYPES.framebuffer, info.framebuffer.as_raw())
        .and_then(|f| f.framebuffer().map(|f| f.views().to_vec()))
        .unwrap_or_default();
    let ty = VkStructureType::VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO;
    if let Some(a) = unsafe { super::tracker::chained::<VkRenderPassAttachmentBeginInfo>(info.pNext, ty) } {
        views = unsafe { slice(a.pAttachments, a.attachmentCount) }
            .iter()
            .filter_map(|v| get(TYPES.image_view, v.as_raw()))
            .collect();
    }
    views
        .iter()
        .enumerate()
        .filter_map(|(index, v)| {
            let (image, range) = v.image_view()?.viewed()?.clone();
            let layouts = render_pass.and_then(|r| r.attachment(index));
            Some(Attachment { index, image, range, layouts })
        })
        .collect()
}
