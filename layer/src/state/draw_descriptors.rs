//! What the draw-time descriptor checks (`checks::core::draw_descriptors`) read of descriptor
//! sets: per written descriptor, the record of the resource it names (found once, when it is
//! written), and per set a version that changes with every update and the fingerprint of the
//! last check that found it valid, so that no recording need look at its descriptors again until
//! it changes.

use std::sync::atomic::Ordering;
use std::sync::Weak;

use vigil_generated::VkDescriptorType;

use super::descriptors::Written;
use super::records::{DescriptorSetState, ObjectRecord, SetLayoutBinding, TYPES};
use super::samplers::SamplerInfo;
use super::tracker::StateTracker;

/// The handle type (index into `HANDLE_TYPES`) of the resource a descriptor of type `ty` names.
pub fn resource_type(ty: i32) -> Option<u16> {
    use VkDescriptorType as T;
    match VkDescriptorType(ty) {
        T::VK_DESCRIPTOR_TYPE_SAMPLER => Some(TYPES.sampler),
        T::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
        | T::VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE
        | T::VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
        | T::VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT => Some(TYPES.image_view),
        T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
        | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
        | T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
        | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC => Some(TYPES.buffer),
        T::VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER | T::VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER => {
            Some(TYPES.buffer_view)
        }
        _ => None,
    }
}

impl StateTracker {
    /// The record of the resource written descriptor `w` names, when the tracker knows it and no
    /// other live object shares its handle.
    pub(super) fn resource_of(&self, w: Written) -> Option<std::sync::Arc<ObjectRecord>> {
        let ty = resource_type(w.ty)?;
        self.get(ty, w.resource).filter(|r| !r.aliased())
    }
}

/// One descriptor as the draw-time checks see it.
pub struct Descriptor<'a> {
    /// Its index in its binding.
    pub element: u32,
    /// What it was written with; `None` when not written.
    pub written: Option<Written>,
    /// The record of the resource it names, when known at the write.
    pub record: Option<&'a Weak<ObjectRecord>>,
    /// Its binding's immutable sampler (sampler and combined image sampler bindings), else a
    /// combined image sampler's written one; `None` when Vigil does not know it (a sampler
    /// descriptor's written sampler is its record's).
    pub sampler: Option<SamplerInfo>,
}

impl DescriptorSetState {
    /// Whether an update made at or after `version` (see `descriptors::current_version`) wrote a binding
    /// that is neither update-after-bind nor update-unused-while-pending: such an update
    /// invalidates every command buffer that had bound the set before it.
    pub fn updated_since(&self, version: u64) -> bool {
        self.data.invalidating.load(Ordering::Acquire) >= version
    }

    /// Its version: changes with every update of its contents.
    pub fn version(&self) -> u64 {
        self.data.version.load(Ordering::Acquire)
    }

    /// The fingerprint of the last draw-time check that found it valid for a pipeline (0: none).
    pub fn checked(&self) -> u64 {
        self.data.checked.load(Ordering::Relaxed)
    }

    /// Notes that the check of `fingerprint` found it valid.
    pub fn set_checked(&self, fingerprint: u64) {
        self.data.checked.store(fingerprint, Ordering::Relaxed);
    }

    /// Runs `f` on the first `elements` descriptors (all when `None`) of binding number
    /// `binding`, in order, under the set's lock; with the binding. `None` when Vigil does not
    /// know the set or the binding.
    pub fn with_descriptors<R>(
        &self,
        binding: u32,
        elements: Option<u32>,
        f: impl FnOnce(&SetLayoutBinding, &mut dyn Iterator<Item = Descriptor<'_>>) -> R,
    ) -> Option<R> {
        let shape = self.shape()?;
        let i = shape.index_of(binding)?;
        let b = &shape.layout.bindings[i];
        let (start, count) = (shape.start(i), shape.count(b).min(elements.unwrap_or(u32::MAX)));
        let contents = self.contents();
        let layout = shape.layout;
        let mut descriptors = (0..count).map(|e| {
            let flat = start + u64::from(e);
            let written = contents.get(flat, b.ty);
            let sampler = if b.immutable_samplers {
                layout.immutable_sampler(b.binding, e)
            } else {
                written.and_then(|w| w.sampler)
            };
            Descriptor {
                element: e,
                written,
                record: contents.records.get(flat as usize).and_then(Option::as_ref),
                sampler,
            }
        });
        Some(f(b, &mut descriptors))
    }
}
