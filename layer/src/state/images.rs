//! Image layouts, per subresource: the queue-global layout of each image (what the commands
//! submitted so far leave it in), and each recording's view of the images it touches — the
//! layout its commands expect each subresource to be in when it starts (`first`), and the one
//! they leave it in (`current`). A submission is checked and applied in order: each command
//! buffer's expectations against the layouts the earlier ones (or the image's creation) left.
//!
//! Followed: creation (`initialLayout`), image barriers (vkCmdPipelineBarrier and
//! vkCmdPipelineBarrier2), the layout parameters of copies and clears, host transitions
//! (vkTransitionImageLayout), and a render pass instance's attachments (each expected in its
//! `initialLayout` unless UNDEFINED, left in its `finalLayout`). What dynamic rendering or a
//! secondary command buffer does to an image is not followed yet, nor a separate stencil layout:
//! those images become unknown, and an unknown layout is never reported, so nothing is reported
//! that Vigil cannot be sure of. Images Vigil did not see created (swapchain images) have no
//! layouts and are not checked.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use vigil_generated::*;

use super::objects::KeyHasher;
use super::records::ObjectRecord;

/// A subresource no command of the recording has touched (in `first`: no expectation yet).
pub const UNSET: i32 = i32::MIN;
/// A layout Vigil cannot know (an image used as an attachment, or in a secondary): never
/// reported, until a transition from UNDEFINED or a host transition sets it again.
pub const UNKNOWN: i32 = i32::MIN + 1;

/// Aspects, each with its own layouts: color (and the planes of a multi-planar format), depth,
/// stencil.
const ASPECT_SLOTS: usize = 3;

/// The subresources of an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageShape {
    pub levels: u32,
    pub layers: u32,
}

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

/// The name of an aspect slot, for messages.
pub fn slot_name(slot: usize) -> &'static str {
    ["color", "depth", "stencil"].get(slot).copied().unwrap_or("?")
}

/// An image's state.
#[derive(Default)]
pub struct ImageState {
    pub(super) shape: OnceLock<ImageShape>,
    /// The queue-global layout of each entry, as submitted so far.
    pub(super) layouts: Mutex<Vec<i32>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl ImageState {
    /// Records the image's creation.
    pub fn created(&self, info: &VkImageCreateInfo) {
        let shape = ImageShape { levels: info.mipLevels.clamp(1, 32), layers: info.arrayLayers.clamp(1, 1 << 16) };
        if self.shape.set(shape).is_ok() {
            *lock(&self.layouts) = vec![info.initialLayout.0; shape.len()];
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

/// An image view's state: the image it views, and which of its subresources.
#[derive(Default)]
pub struct ImageViewState {
    pub(super) image: OnceLock<(Arc<ObjectRecord>, VkImageSubresourceRange)>,
}

impl ImageViewState {
    /// Records the image it was created on.
    pub fn set_image(&self, image: Arc<ObjectRecord>, range: VkImageSubresourceRange) {
        let _ = self.image.set((image, range));
    }

    /// The image it views.
    pub fn image(&self) -> Option<&Arc<ObjectRecord>> {
        self.image.get().map(|(i, _)| i)
    }

    /// The image it views and the subresources.
    pub fn viewed(&self) -> Option<&(Arc<ObjectRecord>, VkImageSubresourceRange)> {
        self.image.get()
    }
}

/// A render pass's state: each attachment's initial and final layout, `None` for one whose
/// stencil aspect has layouts of its own (not followed).
#[derive(Default)]
pub struct RenderPassState {
    pub(super) attachments: OnceLock<Vec<Option<(i32, i32)>>>,
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
}

/// A framebuffer's state: its attachments (none for an imageless one).
#[derive(Default)]
pub struct FramebufferState {
    pub(super) views: OnceLock<Vec<Arc<ObjectRecord>>>,
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
}

/// What one recording does to one image's layouts.
pub struct RecordedLayouts {
    pub image: Arc<ObjectRecord>,
    pub shape: ImageShape,
    /// Per entry: the layout the recording expects at its start (`UNSET`: none).
    pub first: Vec<i32>,
    /// Per entry: the layout it leaves (`UNSET`: untouched; `UNKNOWN`: cannot be known).
    pub current: Vec<i32>,
}

/// The images a recording touches, by image record.
#[derive(Default)]
pub struct RecordingLayouts {
    pub(super) images: HashMap<usize, RecordedLayouts, std::hash::BuildHasherDefault<KeyHasher>>,
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
                if first != UNSET && first != undefined && *actual != UNKNOWN && *actual != first {
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
}
