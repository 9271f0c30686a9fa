//! Image layouts, per subresource: the queue-global layout of each image (what the commands
//! submitted so far leave it in), and each recording's view of the images it touches — the
//! layout its commands expect each subresource to be in when it starts (`first`), and the one
//! they leave it in (`current`). A submission is checked and applied in order: each command
//! buffer's expectations against the layouts the earlier ones (or the image's creation) left.
//!
//! Followed: creation (`initialLayout`), a swapchain's images from their retrieval (UNDEFINED),
//! image barriers (vkCmdPipelineBarrier and vkCmdPipelineBarrier2, per aspect: a depth-only or
//! stencil-only barrier moves that aspect alone), the layout parameters of copies and clears,
//! host transitions (vkTransitionImageLayout), a render pass instance's attachments (each
//! expected in its `initialLayout` unless UNDEFINED, left in its `finalLayout`; a stencil aspect
//! with layouts of its own, `VkAttachmentDescriptionStencilLayout`, in those), a dynamic
//! rendering instance's attachments (in the layouts it names, the depth and stencil attachments
//! each for its aspect), and the secondaries a primary executes (their layouts merged into the
//! primary's, as they were when executed). Layouts are compared as the spec matches them per
//! aspect (`same_layout`): a depth aspect in DEPTH_STENCIL_ATTACHMENT_OPTIMAL is in
//! DEPTH_ATTACHMENT_OPTIMAL. An unknown layout is never reported, so nothing is reported that
//! Vigil cannot be sure of.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use vigil_generated::*;

pub use super::records::{
    FramebufferState, ImageShape, ImageState, ImageViewState, RecordedLayouts, RecordingLayouts, RenderPassShape,
    RenderPassState,
};
use super::records::{KeyHasher, ObjectRecord, TYPES};
pub use super::values::ImageInfo;
use crate::chassis::raw::{chained, slice};

/// A subresource no command of the recording has touched (in `first`: no expectation yet).
pub const UNSET: i32 = i32::MIN;
/// A layout Vigil cannot know (an image used as an attachment, or in a secondary): never
/// reported, until a transition from UNDEFINED or a host transition sets it again.
pub const UNKNOWN: i32 = i32::MIN + 1;

/// Aspects, each with its own layouts: color (and the planes of a multi-planar format), depth,
/// stencil.
const ASPECT_SLOTS: usize = 3;

impl ImageShape {
    /// Layout entries an image of this shape has.
    pub fn len(&self) -> usize {
        ASPECT_SLOTS * self.levels as usize * self.layers as usize
    }

    fn index(&self, slot: usize, layer: u32, level: u32) -> usize {
        (slot * self.layers as usize + layer as usize) * self.levels as usize + level as usize
    }

    /// `(slot, layer, level)` of entry `i`.
    pub fn subresource(&self, i: usize) -> (usize, u32, u32) {
        let level = (i % self.levels as usize) as u32;
        let rest = i / self.levels as usize;
        (rest / self.layers as usize, (rest % self.layers as usize) as u32, level)
    }

    /// The entries of a subresource range (`VK_REMAINING_*` resolved, clamped to the image).
    pub fn range(&self, r: &VkImageSubresourceRange) -> impl Iterator<Item = usize> + '_ {
        let levels = span(r.baseMipLevel, r.levelCount, self.levels);
        let layers = span(r.baseArrayLayer, r.layerCount, self.layers);
        slots(r.aspectMask.0).flat_map(move |slot| {
            let levels = levels.clone();
            layers.clone().flat_map(move |layer| levels.clone().map(move |level| self.index(slot, layer, level)))
        })
    }

    /// The entries of a copy's subresource layers.
    pub fn layers(&self, l: &VkImageSubresourceLayers) -> impl Iterator<Item = usize> + '_ {
        let range = VkImageSubresourceRange {
            aspectMask: l.aspectMask,
            baseMipLevel: l.mipLevel,
            levelCount: 1,
            baseArrayLayer: l.baseArrayLayer,
            layerCount: l.layerCount,
        };
        let entries: Vec<usize> = self.range(&range).collect();
        entries.into_iter()
    }
}

/// `base..base+count` within `0..total`; `count` may be `VK_REMAINING_*` (all bits set).
fn span(base: u32, count: u32, total: u32) -> std::ops::Range<u32> {
    let end = if count == u32::MAX { total } else { base.saturating_add(count).min(total) };
    base.min(end)..end
}

/// The slots of an aspect mask.
fn slots(mask: u32) -> impl Iterator<Item = usize> + Clone {
    use VkImageAspectFlags as A;
    let color = A::VK_IMAGE_ASPECT_COLOR_BIT.0
        | A::VK_IMAGE_ASPECT_PLANE_0_BIT.0
        | A::VK_IMAGE_ASPECT_PLANE_1_BIT.0
        | A::VK_IMAGE_ASPECT_PLANE_2_BIT.0;
    let bits = [color, A::VK_IMAGE_ASPECT_DEPTH_BIT.0, A::VK_IMAGE_ASPECT_STENCIL_BIT.0];
    (0..ASPECT_SLOTS).filter(move |&s| mask & bits[s] != 0)
}

/// The layout the spec's matching rules treat `l` as for aspect slot `slot`: a combined
/// depth/stencil layout is its aspect's own layout, and the synchronization2 layouts the
/// aspect's attachment or read-only one.
pub fn normalized(slot: usize, l: i32) -> i32 {
    use VkImageLayout as L;
    let attachment = [
        L::VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL.0,
        L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL.0,
        if slot == 1 { L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL.0 } else { i32::MIN },
        if slot == 2 { L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL.0 } else { i32::MIN },
    ];
    let read_only = [
        L::VK_IMAGE_LAYOUT_READ_ONLY_OPTIMAL.0,
        L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL.0,
        if slot == 1 { L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_STENCIL_ATTACHMENT_OPTIMAL.0 } else { i32::MIN },
        if slot == 2 { L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL.0 } else { i32::MIN },
    ];
    match slot {
        0 if l == L::VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL.0 => L::VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL.0,
        0 if l == L::VK_IMAGE_LAYOUT_READ_ONLY_OPTIMAL.0 => L::VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL.0,
        1 if attachment.contains(&l) => L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL.0,
        1 if read_only.contains(&l) => L::VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL.0,
        2 if attachment.contains(&l) => L::VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL.0,
        2 if read_only.contains(&l) => L::VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL.0,
        _ => l,
    }
}

/// Whether layouts `a` and `b` match for aspect slot `slot`.
pub fn same_layout(slot: usize, a: i32, b: i32) -> bool {
    a == b || normalized(slot, a) == normalized(slot, b)
}

/// The name of an aspect slot, for messages.
pub fn slot_name(slot: usize) -> &'static str {
    ["color", "depth", "stencil"].get(slot).copied().unwrap_or("?")
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl ImageState {
    /// Records the image's creation.
    pub fn created(&self, info: &VkImageCreateInfo) {
        let shape = ImageShape { levels: info.mipLevels.clamp(1, 32), layers: info.arrayLayers.clamp(1, 1 << 16) };
        let _ = self.flags.set(info.flags);
        if self.shape.set(shape).is_ok() {
            *lock(&self.layouts) = vec![info.initialLayout.0; shape.len()];
        }
    }

    /// A swapchain's image was retrieved: its subresources, each in VK_IMAGE_LAYOUT_UNDEFINED
    /// (once; a later retrieval changes nothing).
    pub fn retrieved(&self, shape: ImageShape) {
        if self.shape.set(shape).is_ok() {
            *lock(&self.layouts) = vec![VkImageLayout::VK_IMAGE_LAYOUT_UNDEFINED.0; shape.len()];
        }
    }

    /// Its subresources, once its creation was seen.
    pub fn shape(&self) -> Option<ImageShape> {
        self.shape.get().copied()
    }

    /// The host transitioned `range` to `layout`.
    pub fn set(&self, range: &VkImageSubresourceRange, layout: VkImageLayout) {
        let Some(shape) = self.shape() else { return };
        let mut layouts = lock(&self.layouts);
        for i in shape.range(range) {
            if let Some(l) = layouts.get_mut(i) {
                *l = layout.0;
            }
        }
    }

    /// A copy of the global layouts.
    pub fn snapshot(&self) -> Vec<i32> {
        lock(&self.layouts).clone()
    }

    /// Replaces the global layouts (a submission was applied).
    pub fn store(&self, layouts: Vec<i32>) {
        *lock(&self.layouts) = layouts;
    }
}

impl ImageState {
    /// The views created on it that were not destroyed.
    pub fn views(&self) -> Vec<Arc<ObjectRecord>> {
        self.views.live()
    }
}

impl ImageViewState {
    /// Records the image it was created on.
    pub fn set_image(&self, image: Arc<ObjectRecord>, range: VkImageSubresourceRange) {
        let _ = self.image.set((image, range));
    }

    /// The image it views and the subresources.
    pub fn viewed(&self) -> Option<&(Arc<ObjectRecord>, VkImageSubresourceRange)> {
        self.image.get()
    }

    /// The framebuffers created with it as an attachment that were not destroyed.
    pub fn framebuffers(&self) -> Vec<Arc<ObjectRecord>> {
        self.framebuffers.live()
    }
}

impl RenderPassState {
    /// Records the attachments' layouts.
    pub fn set_attachments(&self, attachments: Vec<Option<(i32, i32)>>) {
        let _ = self.attachments.set(attachments);
    }

    /// Attachment `i`'s initial and final layout, when followed.
    pub fn attachment(&self, i: usize) -> Option<(i32, i32)> {
        self.attachments.get()?.get(i).copied().flatten()
    }

    /// Records each attachment's separate stencil layouts.
    pub fn set_stencil_layouts(&self, layouts: Vec<Option<(i32, i32)>>) {
        let _ = self.stencil_layouts.set(layouts);
    }

    /// Records which attachments are named with a depth-only or stencil-only layout.
    pub fn set_aspect_layouts(&self, named: Vec<bool>) {
        let _ = self.aspect_layouts.set(named);
    }

    /// Whether attachment `i` is named with a depth-only or stencil-only layout, when recorded.
    pub fn aspect_layout(&self, i: usize) -> Option<bool> {
        self.aspect_layouts.get()?.get(i).copied()
    }

    /// Attachment `i`'s stencil aspect's own initial and final layout, when it has them.
    pub fn stencil_attachment(&self, i: usize) -> Option<(i32, i32)> {
        self.stencil_layouts.get()?.get(i).copied().flatten()
    }

    /// Records its subpass count and the clear values it needs.
    pub fn set_shape(&self, shape: RenderPassShape) {
        let _ = self.shape.set(shape);
    }

    /// Its subpass count and the clear values it needs, once recorded.
    pub fn shape(&self) -> Option<RenderPassShape> {
        self.shape.get().copied()
    }
}

impl FramebufferState {
    /// Records its attachments.
    pub fn set_views(&self, views: Vec<Arc<ObjectRecord>>) {
        let _ = self.views.set(views);
    }

    /// Its attachments' views.
    pub fn views(&self) -> &[Arc<ObjectRecord>] {
        self.views.get().map_or(&[], Vec::as_slice)
    }

    /// Records its width and height.
    pub fn set_extent(&self, width: u32, height: u32) {
        let _ = self.extent.set((width, height));
    }

    /// Its width and height, once recorded.
    pub fn extent(&self) -> Option<(u32, u32)> {
        self.extent.get().copied()
    }
}

impl RecordingLayouts {
    /// Forgets everything (a new recording).
    pub fn clear(&mut self) {
        self.images.clear();
    }

    fn entry(&mut self, image: &Arc<ObjectRecord>) -> Option<&mut RecordedLayouts> {
        let shape = image.image()?.shape()?;
        Some(self.images.entry(Arc::as_ptr(image) as usize).or_insert_with(|| RecordedLayouts {
            image: image.clone(),
            shape,
            first: vec![UNSET; shape.len()],
            current: vec![UNSET; shape.len()],
        }))
    }

    /// The layout the recording has left entry `i` of `image` in so far, when known.
    pub fn current(&self, image: &ObjectRecord, i: usize) -> Option<i32> {
        let r = self.images.get(&(image as *const ObjectRecord as usize))?;
        r.current.get(i).copied().filter(|&l| l != UNSET && l != UNKNOWN)
    }

    /// An image barrier transitions `range` from `old` to `new`.
    pub fn transition(&mut self, image: &Arc<ObjectRecord>, range: &VkImageSubresourceRange, old: i32, new: i32) {
        let Some(r) = self.entry(image) else { return };
        let entries: Vec<usize> = r.shape.range(range).collect();
        for i in entries {
            if r.current[i] == UNSET && r.first[i] == UNSET {
                r.first[i] = old;
            }
            r.current[i] = new;
        }
    }

    /// A command uses `entries` of `image` in `layout` (a copy's or clear's layout parameter).
    pub fn used(&mut self, image: &Arc<ObjectRecord>, entries: impl Iterator<Item = usize>, layout: i32) {
        let Some(r) = self.entry(image) else { return };
        for i in entries {
            if i >= r.first.len() {
                continue;
            }
            if r.current[i] == UNSET && r.first[i] == UNSET {
                r.first[i] = layout;
                r.current[i] = layout;
            }
        }
    }

    /// Something not followed changes `image` (an attachment, a secondary's commands): from here
    /// on its layouts are unknown.
    pub fn unknown(&mut self, image: &Arc<ObjectRecord>) {
        let Some(r) = self.entry(image) else { return };
        for (first, current) in r.first.iter_mut().zip(r.current.iter_mut()) {
            if *first == UNSET && *current == UNSET {
                *first = VkImageLayout::VK_IMAGE_LAYOUT_UNDEFINED.0;
            }
            *current = UNKNOWN;
        }
    }

    /// A secondary's recording, executed here: its expectations where this recording has not
    /// touched an entry, then what it leaves.
    pub fn merge(&mut self, secondary: &RecordedLayouts) {
        let Some(r) = self.entry(&secondary.image) else { return };
        for (i, (&first, &current)) in secondary.first.iter().zip(&secondary.current).enumerate() {
            let Some((mine_first, mine_current)) = r.first.get_mut(i).zip(r.current.get_mut(i)) else { continue };
            if *mine_current == UNSET && *mine_first == UNSET {
                *mine_first = first;
            }
            if current != UNSET {
                *mine_current = current;
            }
        }
    }

    /// The images it touches.
    pub fn images(&self) -> impl Iterator<Item = &RecordedLayouts> {
        self.images.values()
    }
}

/// A submission's view of the global layouts while it is checked or applied: each image's
/// layouts as the command buffers before the current one leave them.
#[derive(Default)]
pub struct Overlay {
    images: HashMap<usize, (Arc<ObjectRecord>, Vec<i32>), std::hash::BuildHasherDefault<KeyHasher>>,
}

/// A command buffer expecting an entry in a layout it is not in.
pub struct Mismatch<'a> {
    pub image: &'a ObjectRecord,
    pub shape: ImageShape,
    pub entry: usize,
    pub expected: i32,
    pub actual: i32,
}

impl Overlay {
    /// Checks one command buffer's expectations (`found` is told of each entry that is not in the
    /// layout it expects), then applies what it leaves.
    pub fn execute(&mut self, recording: &RecordingLayouts, found: &mut impl FnMut(Mismatch<'_>)) {
        for r in recording.images() {
            let Some(state) = r.image.image() else { continue };
            let (_, layouts) = self
                .images
                .entry(Arc::as_ptr(&r.image) as usize)
                .or_insert_with(|| (r.image.clone(), state.snapshot()));
            for (i, (&first, &current)) in r.first.iter().zip(&r.current).enumerate() {
                let Some(actual) = layouts.get_mut(i) else { continue };
                let undefined = VkImageLayout::VK_IMAGE_LAYOUT_UNDEFINED.0;
                let expected = first != UNSET && first != undefined && *actual != UNKNOWN;
                if expected && !same_layout(r.shape.subresource(i).0, *actual, first) {
                    found(Mismatch { image: &r.image, shape: r.shape, entry: i, expected: first, actual: *actual });
                }
                if current != UNSET {
                    *actual = current;
                }
            }
        }
    }

    /// Makes the layouts the submission leaves the images' global ones.
    pub fn store(self) {
        for (image, layouts) in self.images.into_values() {
            if let Some(state) = image.image() {
                state.store(layouts);
            }
        }
    }
}

/// A layout's name for messages.
pub fn layout_name(l: i32) -> String {
    match l {
        UNKNOWN => "an unknown layout".into(),
        l => VkImageLayout(l).name().map_or_else(|| format!("layout {l}"), str::to_string),
    }
}

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

/// One attachment of a render pass instance.
pub struct Attachment {
    pub index: usize,
    pub image: Arc<ObjectRecord>,
    pub range: VkImageSubresourceRange,
    /// Its initial and final layout; `None` when not followed (the render pass's creation was not
    /// seen).
    pub layouts: Option<(i32, i32)>,
    /// Its stencil aspect's own initial and final layout, when the render pass gives it some.
    pub stencil: Option<(i32, i32)>,
}

impl Attachment {
    /// The layouts its subresources start and end the instance in: per part of `range`, (the
    /// part, initial, final). A stencil aspect with layouts of its own is a part of its own.
    pub fn parts(&self) -> Vec<(VkImageSubresourceRange, i32, i32)> {
        let Some((initial, last)) = self.layouts else { return Vec::new() };
        let stencil_bit = VkImageAspectFlags::VK_IMAGE_ASPECT_STENCIL_BIT.0;
        match self.stencil {
            Some((stencil_initial, stencil_last)) => {
                let mut rest = self.range;
                rest.aspectMask.0 &= !stencil_bit;
                let mut stencil = self.range;
                stencil.aspectMask.0 &= stencil_bit;
                vec![(rest, initial, last), (stencil, stencil_initial, stencil_last)]
            }
            None => vec![(self.range, initial, last)],
        }
    }
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
    // Unknown views keep their places: an attachment's index is its position.
    let mut views: Vec<Option<Arc<ObjectRecord>>> = get(TYPES.framebuffer, info.framebuffer.as_raw())
        .and_then(|f| f.framebuffer().map(|f| f.views().iter().cloned().map(Some).collect()))
        .unwrap_or_default();
    let ty = VkStructureType::VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO;
    if let Some(a) = unsafe { chained::<VkRenderPassAttachmentBeginInfo>(info.pNext, ty) } {
        views = unsafe { slice(a.pAttachments, a.attachmentCount) }
            .iter()
            .map(|v| get(TYPES.image_view, v.as_raw()))
            .collect();
    }
    views
        .iter()
        .enumerate()
        .filter_map(|(index, v)| {
            let (image, range) = v.as_ref()?.image_view()?.viewed()?.clone();
            let layouts = render_pass.and_then(|r| r.attachment(index));
            let stencil = render_pass.and_then(|r| r.stencil_attachment(index));
            Some(Attachment { index, image, range, layouts, stencil })
        })
        .collect()
}

/// Which attachment of a dynamic rendering instance, for messages and ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenderingSlot {
    Color(usize),
    Depth,
    Stencil,
}

/// One image a dynamic rendering instance accesses, in the layout it names: an attachment, or
/// its resolve target (`resolve`).
pub struct RenderingAttachment {
    pub slot: RenderingSlot,
    pub resolve: bool,
    pub image: Arc<ObjectRecord>,
    pub range: VkImageSubresourceRange,
    pub layout: VkImageLayout,
}

/// Where an image is attached in a render pass instance, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttachedAs {
    /// Attachment `n` of the render pass object's framebuffer.
    Index(usize),
    /// A vkCmdBeginRendering attachment, or its resolve target (`true`).
    Rendering(RenderingSlot, bool),
}

/// An image subresource range a render pass instance uses as an attachment: what the draws in
/// it must not write other than as that attachment (`-None-06537`).
#[derive(Clone)]
pub struct AttachedImage {
    /// The image's handle as the application names it.
    pub image: u64,
    pub range: VkImageSubresourceRange,
    pub attached_as: AttachedAs,
}

impl AttachedImage {
    /// Whether `range` of `image` shares a subresource with it. `VK_REMAINING_*` counts reach
    /// to the end, whatever the image's size: overlap needs no image facts.
    pub fn overlaps(&self, image: u64, range: &VkImageSubresourceRange) -> bool {
        fn span(base: u32, count: u32) -> (u32, u32) {
            (base, if count == u32::MAX { u32::MAX } else { base.saturating_add(count) })
        }
        let meet = |(a0, a1): (u32, u32), (b0, b1): (u32, u32)| a0 < b1 && b0 < a1;
        let a = &self.range;
        image == self.image
            && a.aspectMask.0 & range.aspectMask.0 != 0
            && meet(span(a.baseMipLevel, a.levelCount), span(range.baseMipLevel, range.levelCount))
            && meet(span(a.baseArrayLayer, a.layerCount), span(range.baseArrayLayer, range.layerCount))
    }
}

/// The images a `VkRenderingInfo` accesses, each with the layout it must be in; a depth or
/// stencil attachment covers only that aspect of its view. `get` finds a record by type and
/// handle.
///
/// # Safety
/// `info` must be NULL or a rendering info the application passed.
pub unsafe fn rendering_attachments(
    info: *const VkRenderingInfo,
    get: impl Fn(u16, u64) -> Option<Arc<ObjectRecord>>,
) -> Vec<RenderingAttachment> {
    let Some(info) = (unsafe { info.as_ref() }) else { return Vec::new() };
    let mut slots: Vec<(RenderingSlot, &VkRenderingAttachmentInfo)> =
        unsafe { slice(info.pColorAttachments, info.colorAttachmentCount) }
            .iter()
            .enumerate()
            .map(|(i, a)| (RenderingSlot::Color(i), a))
            .collect();
    slots.extend(unsafe { info.pDepthAttachment.as_ref() }.map(|a| (RenderingSlot::Depth, a)));
    slots.extend(unsafe { info.pStencilAttachment.as_ref() }.map(|a| (RenderingSlot::Stencil, a)));
    let mut out = Vec::new();
    for (slot, a) in slots {
        let resolves = a.resolveMode.0 != 0;
        let views = [(a.imageView, a.imageLayout, false), (a.resolveImageView, a.resolveImageLayout, true)];
        for (view, layout, resolve) in views.into_iter().filter(|(_, _, resolve)| !resolve || resolves) {
            let Some(v) = get(TYPES.image_view, view.as_raw()) else { continue };
            let Some((image, mut range)) = v.image_view().and_then(|v| v.viewed()).cloned() else { continue };
            range.aspectMask.0 &= match slot {
                RenderingSlot::Color(_) => u32::MAX,
                RenderingSlot::Depth => VkImageAspectFlags::VK_IMAGE_ASPECT_DEPTH_BIT.0,
                RenderingSlot::Stencil => VkImageAspectFlags::VK_IMAGE_ASPECT_STENCIL_BIT.0,
            };
            out.push(RenderingAttachment { slot, resolve, image, range, layout });
        }
    }
    out
}

impl ImageInfo {
    /// An image created with `info`; `properties`: its format's properties, when known.
    ///
    /// # Safety
    /// `info`'s pNext chain must be valid.
    pub unsafe fn new(info: &VkImageCreateInfo, properties: Option<VkFormatProperties>) -> Self {
        let ty = VkStructureType::VK_STRUCTURE_TYPE_IMAGE_STENCIL_USAGE_CREATE_INFO;
        // SAFETY: the caller's chain.
        let stencil_usage =
            unsafe { chained::<VkImageStencilUsageCreateInfo>(info.pNext, ty) }.map(|s| s.stencilUsage.0);
        let ty = VkStructureType::VK_STRUCTURE_TYPE_IMAGE_SWAPCHAIN_CREATE_INFO_KHR;
        // SAFETY: as above.
        let swapchain = unsafe { chained::<VkImageSwapchainCreateInfoKHR>(info.pNext, ty) }
            .is_some_and(|s| s.swapchain.as_raw() != 0);
        let ty = VkStructureType::VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO;
        // SAFETY: as above, and the chained structure's counted array.
        let view_formats = unsafe { chained::<VkImageFormatListCreateInfo>(info.pNext, ty) }.map(|l| {
            let formats = unsafe { slice(l.pViewFormats, l.viewFormatCount) };
            (l.viewFormatCount, super::render_passes::view_format_set(formats))
        });
        let ty = VkStructureType::VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMAGE_CREATE_INFO;
        // SAFETY: as above.
        let external =
            unsafe { chained::<VkExternalMemoryImageCreateInfo>(info.pNext, ty) }.map_or(0, |e| e.handleTypes.0);
        let features = properties.and_then(|p| match info.tiling {
            VkImageTiling::VK_IMAGE_TILING_OPTIMAL => Some(p.optimalTilingFeatures.0),
            VkImageTiling::VK_IMAGE_TILING_LINEAR => Some(p.linearTilingFeatures.0),
            _ => None,
        });
        ImageInfo {
            ty: info.imageType,
            format: info.format,
            extent: info.extent,
            levels: info.mipLevels,
            layers: info.arrayLayers,
            samples: info.samples.0,
            usage: info.usage.0,
            stencil_usage,
            swapchain,
            flags: info.flags,
            features: features.filter(|_| info.format != VkFormat::VK_FORMAT_UNDEFINED),
            tiling: info.tiling.0,
            exclusive: info.sharingMode == VkSharingMode::VK_SHARING_MODE_EXCLUSIVE,
            view_formats,
            external,
        }
    }

    /// The extent of mip level `level` (each dimension at least 1).
    pub fn level_extent(&self, level: u32) -> [u32; 3] {
        let e = self.extent;
        [e.width, e.height, e.depth].map(|d| d.checked_shr(level).unwrap_or(0).max(1))
    }
}

/// The formats of `info`'s `VkImageFormatListCreateInfo`, when chained with some.
///
/// # Safety
/// `info`'s pNext chain must be valid.
pub unsafe fn view_format_list(info: &VkImageCreateInfo) -> Option<Box<[i32]>> {
    let ty = VkStructureType::VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO;
    // SAFETY: the caller's chain, and the chained structure's counted array.
    let list = unsafe { chained::<VkImageFormatListCreateInfo>(info.pNext, ty) }?;
    let formats = unsafe { slice(list.pViewFormats, list.viewFormatCount) };
    (!formats.is_empty()).then(|| formats.iter().map(|f| f.0).collect())
}

impl ImageState {
    /// Records what it was created with.
    pub fn set_info(&self, info: ImageInfo) {
        let _ = self.info.set(info);
    }

    /// Records its `VkImageFormatListCreateInfo`'s formats.
    pub fn set_view_format_list(&self, formats: Option<Box<[i32]>>) {
        if let Some(f) = formats {
            let _ = self.view_format_list.set(f);
        }
    }

    /// What it was created with, once its creation was seen.
    pub fn info(&self) -> Option<&ImageInfo> {
        self.info.get()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_resolve_remaining_and_clamp() {
        let shape = ImageShape { levels: 3, layers: 2 };
        let color = VkImageAspectFlags::VK_IMAGE_ASPECT_COLOR_BIT;
        let all = VkImageSubresourceRange {
            aspectMask: color,
            baseMipLevel: 0,
            levelCount: u32::MAX,
            baseArrayLayer: 0,
            layerCount: u32::MAX,
        };
        assert_eq!(shape.range(&all).count(), 6);
        let one = VkImageSubresourceRange { baseMipLevel: 2, levelCount: 5, baseArrayLayer: 1, layerCount: 1, ..all };
        let entries: Vec<usize> = shape.range(&one).collect();
        assert_eq!(entries.len(), 1);
        assert_eq!(shape.subresource(entries[0]), (0, 1, 2));
        let outside = VkImageSubresourceRange { baseMipLevel: 9, ..all };
        assert_eq!(shape.range(&outside).count(), 0);
        let depth_stencil = VkImageSubresourceRange {
            aspectMask: VkImageAspectFlags(
                VkImageAspectFlags::VK_IMAGE_ASPECT_DEPTH_BIT.0 | VkImageAspectFlags::VK_IMAGE_ASPECT_STENCIL_BIT.0,
            ),
            ..all
        };
        let slots: Vec<usize> = shape.range(&depth_stencil).map(|i| shape.subresource(i).0).collect();
        assert_eq!(slots, [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    }

    #[test]
    fn layouts_match_per_aspect() {
        use VkImageLayout as L;
        let (color, depth, stencil) = (0, 1, 2);
        let ds = L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL.0;
        let ds_read = L::VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL.0;
        let depth_write_stencil_read = L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_STENCIL_READ_ONLY_OPTIMAL.0;
        assert!(same_layout(depth, ds, L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL.0));
        assert!(same_layout(depth, depth_write_stencil_read, L::VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL.0));
        assert!(same_layout(stencil, depth_write_stencil_read, L::VK_IMAGE_LAYOUT_STENCIL_READ_ONLY_OPTIMAL.0));
        assert!(!same_layout(stencil, depth_write_stencil_read, L::VK_IMAGE_LAYOUT_STENCIL_ATTACHMENT_OPTIMAL.0));
        assert!(same_layout(stencil, ds_read, L::VK_IMAGE_LAYOUT_READ_ONLY_OPTIMAL.0));
        assert!(!same_layout(depth, ds, ds_read));
        assert!(same_layout(
            color,
            L::VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL.0,
            L::VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL.0
        ));
        // Combined layouts are not color ones.
        assert!(!same_layout(color, ds, L::VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL.0));
        assert!(!same_layout(color, L::VK_IMAGE_LAYOUT_GENERAL.0, L::VK_IMAGE_LAYOUT_UNDEFINED.0));
    }
}
