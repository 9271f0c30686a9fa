//! Descriptors: what each descriptor pool was created with (flags, maxSets, pool sizes) and how
//! many sets are allocated from it; each set's variable descriptor count and contents (per
//! descriptor, in the layout's binding order: whether it is written and with which resource);
//! set layout bindings' flags and immutable samplers (kept in `SetLayoutBinding`, what they were
//! created with in `SetLayoutInfo`), combined image samplers' samplers; buffer views'
//! usage; and what descriptor updates check of images and image views (usage, swizzle, aspects).
//! Core validation's descriptor rules read it (`checks::core::descriptors`); draw-time checks
//! that the descriptors a pipeline uses are written will read the contents.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};

use vigil_generated::*;

pub use super::records::BufferViewState;
use super::records::TYPES;
use super::records::{Contents, Dependents};
use super::records::{
    DescriptorSetState, ImageState, ImageViewState, ObjectRecord, ObjectState, SetLayoutBinding, SetLayoutInfo,
};
pub use super::records::{TemplateInfo, UpdateTemplateState};
use super::samplers::SamplerInfo;
use super::tracker::StateTracker;
pub use super::values::{BufferViewInfo, DescriptorPoolState, PoolInfo, ViewInfo};
use crate::chassis::raw::{chained, slice};

/// Set versions: one counter for the process, so that no two updates share a version.
static VERSIONS: AtomicU64 = AtomicU64::new(1);

/// A new set version.
pub(super) fn next_version() -> u64 {
    VERSIONS.fetch_add(1, Ordering::Relaxed)
}

/// The version the next update will get: every update made before now has a smaller one.
pub(super) fn current_version() -> u64 {
    VERSIONS.load(Ordering::Relaxed)
}

/// `VK_DESCRIPTOR_BINDING_UPDATE_AFTER_BIND_BIT`.
pub const BINDING_UPDATE_AFTER_BIND: u32 = 0x1;
/// `VK_DESCRIPTOR_BINDING_UPDATE_UNUSED_WHILE_PENDING_BIT`.
pub const BINDING_UPDATE_UNUSED_WHILE_PENDING: u32 = 0x2;
/// `VK_DESCRIPTOR_BINDING_PARTIALLY_BOUND_BIT`.
pub const BINDING_PARTIALLY_BOUND: u32 = 0x4;
/// `VK_DESCRIPTOR_BINDING_VARIABLE_DESCRIPTOR_COUNT_BIT`.
pub const BINDING_VARIABLE_DESCRIPTOR_COUNT: u32 = 0x8;

/// `VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT`.
pub const LAYOUT_PUSH_DESCRIPTOR: u32 = 0x1;
/// `VK_DESCRIPTOR_SET_LAYOUT_CREATE_UPDATE_AFTER_BIND_POOL_BIT`.
pub const LAYOUT_UPDATE_AFTER_BIND_POOL: u32 = 0x2;
/// `VK_DESCRIPTOR_SET_LAYOUT_CREATE_HOST_ONLY_POOL_BIT_EXT`.
pub const LAYOUT_HOST_ONLY_POOL: u32 = 0x4;

/// `VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT`.
pub const POOL_FREE_DESCRIPTOR_SET: u32 = 0x1;
/// `VK_DESCRIPTOR_POOL_CREATE_UPDATE_AFTER_BIND_BIT`.
pub const POOL_UPDATE_AFTER_BIND: u32 = 0x2;
/// `VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT`.
pub const POOL_HOST_ONLY: u32 = 0x4;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The chained `VkDescriptorSetLayoutBindingFlagsCreateInfo`'s flags, one per binding (empty when
/// not chained or when its `bindingCount` is 0).
///
/// # Safety
/// `info` must be a valid create info.
pub unsafe fn binding_flags(info: &VkDescriptorSetLayoutCreateInfo) -> Vec<u32> {
    let ty = VkStructureType::VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_BINDING_FLAGS_CREATE_INFO;
    // SAFETY: a valid chain, and the counted flags of the structure in it.
    unsafe {
        let Some(f) = chained::<VkDescriptorSetLayoutBindingFlagsCreateInfo>(info.pNext, ty) else { return Vec::new() };
        slice(f.pBindingFlags, f.bindingCount).iter().map(|f| f.0).collect()
    }
}

/// Whether a binding has immutable samplers: a sampler or combined image sampler binding with
/// `pImmutableSamplers` given (the member is ignored for other types).
pub fn has_immutable_samplers(b: &VkDescriptorSetLayoutBinding) -> bool {
    use VkDescriptorType as T;
    matches!(b.descriptorType, T::VK_DESCRIPTOR_TYPE_SAMPLER | T::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)
        && !b.pImmutableSamplers.is_null()
        && b.descriptorCount > 0
}

impl DescriptorPoolState {
    /// What it was created with, once its creation was seen.
    pub fn info(&self) -> Option<&PoolInfo> {
        self.info.get()
    }

    /// Its `VkDescriptorPoolCreateFlags`, once its creation was seen.
    pub fn flags(&self) -> Option<u32> {
        self.info().map(|i| i.flags)
    }

    /// How many sets allocated from it are live.
    #[allow(dead_code)] // only the tests ask today
    pub fn allocated(&self) -> u32 {
        self.allocated.load(Ordering::Relaxed)
    }
}

impl BufferViewState {
    /// Its usage, when Vigil knows it (the view's own, or a buffer it followed).
    pub fn info(&self) -> Option<BufferViewInfo> {
        self.info.get().copied()
    }
}

/// What descriptor updates check of an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageUse {
    /// `VkImageUsageFlags`, with a separate stencil usage added.
    pub usage: u32,
    /// Whether it is a 3D image.
    pub three_d: bool,
}

impl ImageViewState {
    /// What descriptor updates check of it, once its creation was seen.
    pub fn view_info(&self) -> Option<ViewInfo> {
        self.view.get().copied()
    }
}

impl ImageState {
    /// Its usage (with a separate stencil usage added) and type, once its creation was seen.
    pub fn usage(&self) -> Option<ImageUse> {
        let info = self.info()?;
        let three_d = info.ty == VkImageType::VK_IMAGE_TYPE_3D;
        Some(ImageUse { usage: info.usage | info.stencil_usage.unwrap_or(0), three_d })
    }
}

/// `VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_PUSH_DESCRIPTORS`.
pub const TEMPLATE_PUSH_DESCRIPTORS: i32 = 1;

impl UpdateTemplateState {
    /// What it was created with, once its creation was seen.
    pub fn info(&self) -> Option<&TemplateInfo> {
        self.info.get()
    }
}

/// One written descriptor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    /// Its descriptor type: its binding's, or for a mutable binding the type it was last written
    /// with.
    pub ty: i32,
    /// The resource it names as the application named it (the image view of an image
    /// descriptor, the buffer, buffer view or sampler), 0 for a null descriptor or an inline
    /// uniform block byte.
    pub resource: u64,
    /// A dynamic uniform or storage buffer descriptor's offset and range (VK_WHOLE_SIZE as
    /// given); (0, 0) for other descriptors. Bind time adds the dynamic offset to them.
    pub range: (u64, u64),
    /// A combined image sampler's sampler, when the tracker knew it at the write (a binding
    /// with immutable samplers ignores it: `SetLayoutInfo::immutable_samplers`).
    pub sampler: Option<SamplerInfo>,
}

/// Whether descriptors of type `ty` take dynamic offsets when bound.
pub fn is_dynamic_buffer(ty: i32) -> bool {
    ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC.0
        || ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC.0
}

impl Contents {
    fn len(&self) -> u64 {
        self.resources.len() as u64
    }

    fn resize(&mut self, total: u64) {
        self.resources.resize(total as usize, 0);
        self.records.resize(total as usize, None);
        self.written.resize(total.div_ceil(64) as usize, 0);
        self.mutable.retain(|&i, _| i < total);
        self.ranges.retain(|&i, _| i < total);
        self.samplers.retain(|&i, _| i < total);
    }

    /// Descriptor `i`, of a binding of type `binding_ty`: `None` when not written.
    pub(super) fn get(&self, i: u64, binding_ty: i32) -> Option<Written> {
        let word = *self.written.get((i / 64) as usize)?;
        (word & (1 << (i % 64)) != 0).then(|| Written {
            ty: self.mutable.get(&i).copied().unwrap_or(binding_ty),
            resource: self.resources.get(i as usize).copied().unwrap_or(0),
            range: self.ranges.get(&i).copied().unwrap_or_default(),
            sampler: self.samplers.get(&i).copied(),
        })
    }

    /// Sets descriptor `i` (inside the contents), of a binding of type `binding_ty`.
    fn set(&mut self, i: u64, v: Option<Written>, binding_ty: i32) {
        let (word, bit) = ((i / 64) as usize, 1u64 << (i % 64));
        match v {
            Some(w) => {
                self.written[word] |= bit;
                self.resources[i as usize] = w.resource;
                if binding_ty == VkDescriptorType::VK_DESCRIPTOR_TYPE_MUTABLE_EXT.0 {
                    self.mutable.insert(i, w.ty);
                }
                if is_dynamic_buffer(binding_ty) {
                    self.ranges.insert(i, w.range);
                }
                match w.sampler {
                    Some(sampler) => _ = self.samplers.insert(i, sampler),
                    None => _ = self.samplers.remove(&i),
                }
            }
            None => {
                self.written[word] &= !bit;
                self.resources[i as usize] = 0;
                self.records[i as usize] = None;
                self.mutable.remove(&i);
                self.ranges.remove(&i);
                self.samplers.remove(&i);
            }
        }
    }
}

/// A set's shape: its layout and the variable binding's count. Descriptors are numbered in
/// binding order, each binding's elements together ("flat" indices): consecutive-binding updates
/// are ranges of them.
#[derive(Clone, Copy)]
pub struct SetShape<'a> {
    pub layout: &'a SetLayoutInfo,
    pub variable: u32,
}

impl<'a> SetShape<'a> {
    /// The descriptors binding `b` holds in this set.
    pub fn count(&self, b: &SetLayoutBinding) -> u32 {
        if b.flags & BINDING_VARIABLE_DESCRIPTOR_COUNT != 0 {
            self.variable.min(b.count)
        } else {
            b.count
        }
    }

    /// The position of binding number `binding` among the layout's bindings.
    pub fn index_of(&self, binding: u32) -> Option<usize> {
        self.layout.bindings.iter().position(|b| b.binding == binding)
    }

    /// The flat index of the first descriptor of the binding at position `index`.
    pub fn start(&self, index: usize) -> u64 {
        self.layout.bindings[..index].iter().map(|b| u64::from(self.count(b))).sum()
    }

    /// How many descriptors the set holds.
    pub fn total(&self) -> u64 {
        self.start(self.layout.bindings.len())
    }

    /// The binding type of each descriptor from flat index `from` on, in order.
    fn types_from(&self, from: u64) -> impl Iterator<Item = i32> + '_ {
        self.layout
            .bindings
            .iter()
            .flat_map(move |b| std::iter::repeat_n(b.ty, self.count(b) as usize))
            .skip(from as usize)
    }

    /// The bindings (positions) with descriptors in flat range `from..to`, in order (never one
    /// without descriptors).
    pub fn bindings_in(&self, from: u64, to: u64) -> impl Iterator<Item = (usize, &'a SetLayoutBinding)> + '_ {
        let mut at = 0u64;
        self.layout.bindings.iter().enumerate().filter(move |(_, b)| {
            let start = at;
            at += u64::from(self.count(b));
            start < at && start < to && from < at
        })
    }
}

impl DescriptorSetState {
    /// The layout it was allocated with, once its allocation was seen.
    pub fn layout(&self) -> Option<&Arc<ObjectRecord>> {
        self.layout.get()
    }

    /// Whether it was allocated from a pool created with
    /// `VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT`.
    pub fn host_only(&self) -> bool {
        self.host_only.load(Ordering::Relaxed)
    }

    /// Its layout's shape in this set, once its allocation was seen.
    pub fn shape(&self) -> Option<SetShape<'_>> {
        let layout = self.layout()?.descriptor_set_layout()?;
        Some(SetShape { layout, variable: self.data.variable.get().copied().unwrap_or(0) })
    }

    /// The variable-count binding's count, when its layout has one.
    #[allow(dead_code)] // only the tests ask today
    pub fn variable_count(&self) -> Option<u32> {
        self.data.variable.get().copied()
    }

    /// The descriptor at `element` of `binding`: `Some(None)` when not written, `None` when
    /// Vigil does not know the set or the binding.
    pub fn descriptor(&self, binding: u32, element: u32) -> Option<Option<Written>> {
        let shape = self.shape()?;
        let i = shape.index_of(binding)?;
        if element >= shape.count(&shape.layout.bindings[i]) {
            return None;
        }
        let flat = shape.start(i) + u64::from(element);
        Some(lock(&self.data.contents).get(flat, shape.layout.bindings[i].ty))
    }

    /// How many of its descriptors are written.
    #[allow(dead_code)] // only the tests ask today
    pub fn written(&self) -> usize {
        lock(&self.data.contents).written.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Writes `values` from flat index `at` (as far as the set reaches); `tracker` finds the
    /// records of the resources they name, which learn that `set` (this set's record) holds them
    /// when core reads in-use rules.
    fn write(&self, set: &Arc<ObjectRecord>, tracker: &StateTracker, at: u64, values: impl Iterator<Item = ToWrite>) {
        let Some(shape) = self.shape() else { return };
        let total = shape.total();
        // The records first, outside the set's lock.
        let values: Vec<(Option<Written>, Option<Weak<ObjectRecord>>)> = values
            .take(total.saturating_sub(at) as usize)
            .map(|(v, sampler)| {
                let record = v.and_then(|w| tracker.resource_of(w));
                if tracker.references {
                    // A combined image sampler's sampler is kept as its info: a copy's is found
                    // by its handle.
                    let sampler = sampler.or_else(|| tracker.sampler_record(v?.sampler?.handle));
                    for r in record.iter().chain(&sampler) {
                        if let Some(sets) = r.holder_sets() {
                            sets.add(set);
                        }
                    }
                }
                (v, record.as_ref().map(Arc::downgrade))
            })
            .collect();
        let mut contents = lock(&self.data.contents);
        if contents.len() != total {
            contents.resize(total);
        }
        let written = values.len() as u64;
        let mut types = shape.types_from(at);
        for (i, (v, record)) in (at..total).zip(values) {
            let ty = types.next().unwrap_or(0);
            contents.set(i, v, ty);
            contents.records[i as usize] = record;
        }
        let version = next_version();
        self.data.version.store(version, Ordering::Release);
        let tolerated = BINDING_UPDATE_AFTER_BIND | BINDING_UPDATE_UNUSED_WHILE_PENDING;
        if shape.bindings_in(at, at + written).any(|(_, b)| b.flags & tolerated == 0) {
            self.data.invalidating.store(version, Ordering::Release);
        }
    }

    /// Its contents, locked.
    pub(super) fn contents(&self) -> MutexGuard<'_, Contents> {
        lock(&self.data.contents)
    }

    /// The contents of flat range `at..at + n` (unwritten where the set has no contents yet).
    fn read(&self, at: u64, n: u64) -> Vec<Option<Written>> {
        let Some(shape) = self.shape() else { return Vec::new() };
        let contents = lock(&self.data.contents);
        let mut types = shape.types_from(at);
        (at..at.saturating_add(n).min(shape.total())).map(|i| contents.get(i, types.next().unwrap_or(0))).collect()
    }
}

impl ObjectRecord {
    /// The descriptor sets written with this resource (a buffer, buffer view, image view or
    /// sampler), when core reads in-use rules.
    pub(super) fn holder_sets(&self) -> Option<&Dependents> {
        match &self.state {
            ObjectState::Buffer(b) => Some(&b.sets),
            ObjectState::BufferView(v) => Some(&v.sets),
            ObjectState::ImageView(v) => Some(&v.sets),
            ObjectState::Sampler(s) => Some(&s.sets),
            _ => None,
        }
    }

    /// A descriptor set that holds this resource in a binding without
    /// `PARTIALLY_BOUND`, `UPDATE_AFTER_BIND` or `UPDATE_UNUSED_WHILE_PENDING`, and that a
    /// submission not yet seen to complete binds: the submission's commands refer to the
    /// resource. (With those flags only what the shaders dynamically use must stay valid, which
    /// Vigil does not see: it says nothing there.)
    pub fn pending_set_holding(&self) -> Option<Arc<ObjectRecord>> {
        let sets = self.holder_sets()?.live();
        sets.into_iter().find(|s| s.in_use() && s.descriptor_set_state().is_some_and(|d| d.holds(self)))
    }
}

impl DescriptorSetState {
    /// Whether a descriptor of a binding without the flags that let a pending set change
    /// names `resource` now.
    fn holds(&self, resource: &ObjectRecord) -> bool {
        let Some(shape) = self.shape() else { return false };
        let relaxed = BINDING_UPDATE_AFTER_BIND | BINDING_UPDATE_UNUSED_WHILE_PENDING | BINDING_PARTIALLY_BOUND;
        let contents = lock(&self.data.contents);
        let sampler = matches!(resource.state, ObjectState::Sampler(_));
        let named = |w: &Option<Weak<ObjectRecord>>| w.as_ref().is_some_and(|w| std::ptr::eq(w.as_ptr(), resource));
        let mut at = 0u64;
        shape.layout.bindings.iter().any(|b| {
            let (start, n) = (at, u64::from(shape.count(b)));
            at += n;
            // A combined image sampler's sampler is kept as its info: found by its handle.
            let combined = || contents.samplers.range(start..start + n).any(|(_, s)| s.handle == resource.key.handle);
            b.flags & relaxed == 0
                && (contents.records.iter().skip(start as usize).take(n as usize).any(named) || sampler && combined())
        })
    }
}

/// A descriptor to write, with a combined image sampler's sampler record where the writer found
/// it.
type ToWrite = (Option<Written>, Option<Arc<ObjectRecord>>);

/// The resource each element of a write names, as `Written`s; `tracker` finds combined image
/// samplers' samplers.
///
/// # Safety
/// `w` must be a write the implementation accepted.
unsafe fn written_values(tracker: &StateTracker, w: &VkWriteDescriptorSet) -> Vec<ToWrite> {
    use VkDescriptorType as T;
    let ty = w.descriptorType;
    let n = w.descriptorCount;
    let of = |resource: u64| (Some(Written { ty: ty.0, resource, ..Written::default() }), None);
    // SAFETY: the arrays the descriptor type selects, of `descriptorCount` elements.
    unsafe {
        match ty {
            T::VK_DESCRIPTOR_TYPE_SAMPLER => slice(w.pImageInfo, n).iter().map(|i| of(i.sampler.as_raw())).collect(),
            T::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER => slice(w.pImageInfo, n)
                .iter()
                .map(|i| {
                    let record = tracker.sampler_record(i.sampler.as_raw());
                    let sampler = record.as_ref().and_then(|r| r.sampler_info());
                    (Some(Written { ty: ty.0, resource: i.imageView.as_raw(), sampler, ..Written::default() }), record)
                })
                .collect(),
            T::VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE
            | T::VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
            | T::VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT => {
                slice(w.pImageInfo, n).iter().map(|i| of(i.imageView.as_raw())).collect()
            }
            T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
            | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
            | T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
            | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC => {
                let dynamic = is_dynamic_buffer(ty.0);
                let range = |b: &VkDescriptorBufferInfo| if dynamic { (b.offset, b.range) } else { (0, 0) };
                slice(w.pBufferInfo, n)
                    .iter()
                    .map(|b| {
                        (Some(Written { ty: ty.0, resource: b.buffer.as_raw(), range: range(b), sampler: None }), None)
                    })
                    .collect()
            }
            T::VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER | T::VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER => {
                slice(w.pTexelBufferView, n).iter().map(|v| of(v.as_raw())).collect()
            }
            // Inline uniform block bytes, acceleration structures, tensors: written, no resource kept.
            _ => (0..n).map(|_| of(0)).collect(),
        }
    }
}

/// The resource one element of a template's data names, with a dynamic buffer's offset and
/// range (see [`Written::range`]).
///
/// # Safety
/// `p` must point at the element the descriptor type selects.
unsafe fn template_resource(ty: VkDescriptorType, p: *const u8) -> (u64, (u64, u64)) {
    use VkDescriptorType as T;
    // SAFETY: as the caller promises.
    unsafe {
        match ty {
            T::VK_DESCRIPTOR_TYPE_SAMPLER => {
                ((p as *const VkDescriptorImageInfo).read_unaligned().sampler.as_raw(), (0, 0))
            }
            T::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER
            | T::VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE
            | T::VK_DESCRIPTOR_TYPE_STORAGE_IMAGE
            | T::VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT => {
                ((p as *const VkDescriptorImageInfo).read_unaligned().imageView.as_raw(), (0, 0))
            }
            T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER
            | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
            | T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC
            | T::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC => {
                let b = (p as *const VkDescriptorBufferInfo).read_unaligned();
                (b.buffer.as_raw(), if is_dynamic_buffer(ty.0) { (b.offset, b.range) } else { (0, 0) })
            }
            T::VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER | T::VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER => {
                ((p as *const VkBufferView).read_unaligned().as_raw(), (0, 0))
            }
            _ => (0, (0, 0)),
        }
    }
}

impl StateTracker {
    /// Records a successful vkCreateDescriptorPool.
    ///
    /// # Safety
    /// `info` must be the create info the implementation accepted.
    pub(super) unsafe fn descriptor_pool_created(&self, info: &VkDescriptorPoolCreateInfo, pool: u64) {
        let Some(record) = self.get(TYPES.descriptor_pool, pool) else { return };
        let Some(state) = record.descriptor_pool() else { return };
        // SAFETY: the counted pool sizes of an accepted create info.
        let sizes = unsafe { slice(info.pPoolSizes, info.poolSizeCount) };
        let _ = state.info.set(PoolInfo {
            flags: info.flags.0,
            max_sets: info.maxSets,
            sizes: sizes.iter().map(|s| (s.r#type.0, s.descriptorCount)).collect(),
        });
    }

    /// Records a successful vkAllocateDescriptorSets: the variable descriptor counts, and the
    /// sets counted in their pool.
    ///
    /// # Safety
    /// `info` must be the allocate info the implementation accepted, `sets` what it wrote.
    pub(super) unsafe fn descriptor_sets_allocated(
        &self,
        info: &VkDescriptorSetAllocateInfo,
        sets: &[VkDescriptorSet],
    ) {
        let ty = VkStructureType::VK_STRUCTURE_TYPE_DESCRIPTOR_SET_VARIABLE_DESCRIPTOR_COUNT_ALLOCATE_INFO;
        // SAFETY: the accepted info's chain and the counts in it.
        let counts = unsafe {
            chained::<VkDescriptorSetVariableDescriptorCountAllocateInfo>(info.pNext, ty)
                .map_or(&[][..], |v| slice(v.pDescriptorCounts, v.descriptorSetCount))
        };
        let pool = self.get(TYPES.descriptor_pool, info.descriptorPool.as_raw());
        let host_only = pool
            .as_deref()
            .and_then(|p| p.descriptor_pool()?.info())
            .is_some_and(|i| i.flags & VkDescriptorPoolCreateFlags::VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT.0 != 0);
        for (i, set) in sets.iter().enumerate() {
            let Some(record) = self.get(TYPES.descriptor_set, set.as_raw()) else { continue };
            let Some(state) = record.descriptor_set_state() else { continue };
            state.host_only.store(host_only, Ordering::Relaxed);
            let variable = state
                .layout()
                .and_then(|l| l.descriptor_set_layout())
                .and_then(|l| l.bindings.iter().find(|b| b.flags & BINDING_VARIABLE_DESCRIPTOR_COUNT != 0));
            if variable.is_some() {
                let _ = state.data.variable.set(counts.get(i).copied().unwrap_or(0));
            }
        }
        if let Some(p) = pool.as_deref().and_then(|p| p.descriptor_pool()) {
            p.allocated.fetch_add(sets.len() as u32, Ordering::Relaxed);
        }
    }

    /// Records vkFreeDescriptorSets of `sets` (before they leave the table).
    pub(super) fn descriptor_sets_freed(&self, pool: VkDescriptorPool, sets: &[VkDescriptorSet]) {
        let Some(pool) = self.get(TYPES.descriptor_pool, pool.as_raw()) else { return };
        let Some(p) = pool.descriptor_pool() else { return };
        let freed = sets.iter().filter(|s| self.get(TYPES.descriptor_set, s.as_raw()).is_some()).count() as u32;
        let _ = p.allocated.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| Some(n.saturating_sub(freed)));
    }

    /// Records vkResetDescriptorPool: no set is allocated from it any more.
    pub(super) fn descriptor_pool_reset(&self, pool: VkDescriptorPool) {
        if let Some(p) = self.get(TYPES.descriptor_pool, pool.as_raw()) {
            if let Some(p) = p.descriptor_pool() {
                p.allocated.store(0, Ordering::Relaxed);
            }
        }
    }

    /// Records what vkUpdateDescriptorSets writes and copies: in order, writes first.
    ///
    /// # Safety
    /// The arrays must be those the application passed to the call, which returned.
    pub(super) unsafe fn descriptors_updated(&self, writes: &[VkWriteDescriptorSet], copies: &[VkCopyDescriptorSet]) {
        for w in writes {
            let Some(set) = self.get(TYPES.descriptor_set, w.dstSet.as_raw()) else { continue };
            let Some(state) = set.descriptor_set_state() else { continue };
            let Some(shape) = state.shape() else { continue };
            let Some(i) = shape.index_of(w.dstBinding) else { continue };
            let at = shape.start(i) + u64::from(w.dstArrayElement);
            // SAFETY: an accepted write.
            let values = unsafe { written_values(self, w) };
            state.write(&set, self, at, values.into_iter());
        }
        for c in copies {
            let (Some(src), Some(dst)) =
                (self.get(TYPES.descriptor_set, c.srcSet.as_raw()), self.get(TYPES.descriptor_set, c.dstSet.as_raw()))
            else {
                continue;
            };
            let (Some(s), Some(d)) = (src.descriptor_set_state(), dst.descriptor_set_state()) else { continue };
            let (Some(ss), Some(ds)) = (s.shape(), d.shape()) else { continue };
            let (Some(si), Some(di)) = (ss.index_of(c.srcBinding), ds.index_of(c.dstBinding)) else { continue };
            let from = ss.start(si) + u64::from(c.srcArrayElement);
            let values = s.read(from, u64::from(c.descriptorCount));
            d.write(&dst, self, ds.start(di) + u64::from(c.dstArrayElement), values.into_iter().map(|v| (v, None)));
        }
    }

    /// Records a successful vkCreateDescriptorUpdateTemplate.
    ///
    /// # Safety
    /// `info` must be the create info the implementation accepted.
    pub(super) unsafe fn update_template_created(&self, info: &VkDescriptorUpdateTemplateCreateInfo, template: u64) {
        let Some(record) = self.get(TYPES.descriptor_update_template, template) else { return };
        let ObjectState::DescriptorUpdateTemplate(state) = &record.state else { return };
        // SAFETY: the counted entries of an accepted create info.
        let entries = unsafe { slice(info.pDescriptorUpdateEntries, info.descriptorUpdateEntryCount) };
        let push = info.templateType.0 == TEMPLATE_PUSH_DESCRIPTORS;
        let _ = state.info.set(TemplateInfo {
            ty: info.templateType.0,
            pipeline_layout: push.then(|| self.get(TYPES.pipeline_layout, info.pipelineLayout.as_raw())).flatten(),
            set: info.set,
            entries: entries.to_vec(),
        });
    }

    /// Records what vkUpdateDescriptorSetWithTemplate writes into `set` from `data`.
    ///
    /// # Safety
    /// `data` must be the data the application passed to the call, laid out as the template's
    /// entries say.
    pub(super) unsafe fn updated_with_template(
        &self,
        set: VkDescriptorSet,
        template: VkDescriptorUpdateTemplate,
        data: *const u8,
    ) {
        let Some(t) = self.get(TYPES.descriptor_update_template, template.as_raw()) else { return };
        let Some(info) = t.update_template() else { return };
        let Some(set) = self.get(TYPES.descriptor_set, set.as_raw()) else { return };
        let Some(state) = set.descriptor_set_state() else { return };
        let Some(shape) = state.shape() else { return };
        if data.is_null() {
            return;
        }
        for e in &info.entries {
            let Some(i) = shape.index_of(e.dstBinding) else { continue };
            let at = shape.start(i) + u64::from(e.dstArrayElement);
            // SAFETY: each element of the entry where the caller promises it.
            let values = (0..e.descriptorCount).map(|k| {
                let p = data.wrapping_add(e.offset).wrapping_add(k as usize * e.stride);
                // SAFETY: as above.
                let (resource, range) = unsafe { template_resource(e.descriptorType, p) };
                let combined = e.descriptorType == VkDescriptorType::VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
                // SAFETY: as above: a combined image sampler's element is an image info.
                let record = combined
                    .then(|| {
                        let info = unsafe { (p as *const VkDescriptorImageInfo).read_unaligned() };
                        self.sampler_record(info.sampler.as_raw())
                    })
                    .flatten();
                let sampler = record.as_ref().and_then(|r| r.sampler_info());
                (Some(Written { ty: e.descriptorType.0, resource, range, sampler }), record)
            });
            if e.descriptorType == VkDescriptorType::VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK {
                // Bytes, not elements: all written, none with a resource.
                let n = e.descriptorCount;
                state.write(
                    &set,
                    self,
                    at,
                    (0..n).map(|_| (Some(Written { ty: e.descriptorType.0, ..Written::default() }), None)),
                );
            } else {
                state.write(&set, self, at, values.collect::<Vec<_>>().into_iter());
            }
        }
    }

    /// Records a successful vkCreateBufferView: its usage.
    ///
    /// # Safety
    /// `info` must be the create info the implementation accepted.
    pub(super) unsafe fn buffer_view_created(
        &self,
        info: &VkBufferViewCreateInfo,
        view: u64,
        facts: Option<&crate::facts::DeviceFacts>,
    ) {
        let Some(record) = self.get(TYPES.buffer_view, view) else { return };
        let Some(state) = record.buffer_view() else { return };
        let ty = VkStructureType::VK_STRUCTURE_TYPE_BUFFER_USAGE_FLAGS_2_CREATE_INFO;
        // SAFETY: the accepted info's chain.
        let own = unsafe { chained::<VkBufferUsageFlags2CreateInfo>(info.pNext, ty) }.map(|u| u.usage.0);
        let buffer_info = self.get(TYPES.buffer, info.buffer.as_raw()).and_then(|b| b.buffer()?.info());
        let usage = own.or(buffer_info.map(|i| i.usage));
        let buffer_flags = buffer_info.map_or(0, |i| i.flags.0);
        let features = facts.and_then(|f| f.format_properties(info.format)).map(|p| p.bufferFeatures.0);
        let features2 = facts.and_then(|f| f.format_properties3(info.format)).map(|p| p.2);
        if let Some(usage) = usage {
            let _ = state.info.set(BufferViewInfo { usage, format: info.format.0, features, features2, buffer_flags });
        }
    }

    /// Records what descriptor updates check of an image view at a successful vkCreateImageView.
    ///
    /// # Safety
    /// `info` must be the create info the implementation accepted.
    pub(super) unsafe fn view_created_for_descriptors(
        &self,
        info: &VkImageViewCreateInfo,
        view: u64,
        facts: Option<&crate::facts::DeviceFacts>,
    ) {
        use VkComponentSwizzle as S;
        let Some(record) = self.get(TYPES.image_view, view) else { return };
        let Some(state) = record.image_view() else { return };
        let ty = VkStructureType::VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO;
        // SAFETY: the accepted info's chain.
        let own = unsafe { chained::<VkImageViewUsageCreateInfo>(info.pNext, ty) }.map(|u| u.usage.0);
        let image = self.get(TYPES.image, info.image.as_raw());
        let image_use = image.as_ref().and_then(|i| i.image()?.usage());
        let usage = own.or(image_use.map(|u| u.usage));
        let array_of_3d =
            info.viewType == VkImageViewType::VK_IMAGE_VIEW_TYPE_2D_ARRAY && image_use.is_some_and(|u| u.three_d);
        let c = &info.components;
        let identity = [
            (c.r, S::VK_COMPONENT_SWIZZLE_R),
            (c.g, S::VK_COMPONENT_SWIZZLE_G),
            (c.b, S::VK_COMPONENT_SWIZZLE_B),
            (c.a, S::VK_COMPONENT_SWIZZLE_A),
        ]
        .iter()
        .all(|&(s, own)| s == S::VK_COMPONENT_SWIZZLE_IDENTITY || s == own);
        let image_info = image.as_ref().and_then(|i| i.image()?.info());
        let tiling = image_info.map(|i| i.tiling);
        let r = &info.subresourceRange;
        let remaining = |count: u32, total: u32, base: u32| match count {
            u32::MAX => total.saturating_sub(base),
            n => n,
        };
        let levels_layers = image_info.map(|i| {
            (remaining(r.levelCount, i.levels, r.baseMipLevel), remaining(r.layerCount, i.layers, r.baseArrayLayer))
        });
        let features = match (tiling, facts.and_then(|f| f.format_properties3(info.format))) {
            (Some(0), Some((_, optimal, _))) => Some(optimal),
            (Some(1), Some((linear, _, _))) => Some(linear),
            _ => None,
        };
        let _ = state.view.set(ViewInfo {
            usage,
            identity,
            aspect: info.subresourceRange.aspectMask.0,
            array_of_3d,
            view_type: info.viewType.0,
            format: info.format.0,
            features,
            levels_layers,
            image_flags: image_info.map_or(0, |i| i.flags.0),
            cubic: image_info
                .zip(facts)
                .and_then(|(i, f)| f.filter_cubic(info.viewType, info.format, (i.tiling, usage.unwrap_or(0)))),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{key, Origin, OBJECTS};

    const DEVICE: u64 = 0xde5c_0000_0000;
    const INSTANCE: u64 = 0xde5c_1000_0000;

    fn insert(ty: u16, h: u64, parent: Option<Arc<ObjectRecord>>) -> Arc<ObjectRecord> {
        let k = key(ty, h, DEVICE, INSTANCE);
        OBJECTS.insert(k, parent, false, Origin::Created);
        OBJECTS.get(k).expect("inserted")
    }

    fn binding(binding: u32, ty: VkDescriptorType, count: u32) -> VkDescriptorSetLayoutBinding {
        VkDescriptorSetLayoutBinding { binding, descriptorType: ty, descriptorCount: count, ..Default::default() }
    }

    #[test]
    fn contents_follow_writes_copies_and_variable_counts() {
        use VkDescriptorType as T;
        let tracker = StateTracker::for_device(DEVICE, INSTANCE, true);
        // Bindings out of order: 5 (variable, up to 4 uniform buffers), 0 (2), 2 (none), 3 (1).
        let bindings = [
            binding(5, T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 4),
            binding(0, T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2),
            binding(2, T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 0),
            binding(3, T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1),
        ];
        let flags = [
            VkDescriptorBindingFlags(BINDING_VARIABLE_DESCRIPTOR_COUNT | BINDING_PARTIALLY_BOUND),
            VkDescriptorBindingFlags(0),
            VkDescriptorBindingFlags(0),
            VkDescriptorBindingFlags(0),
        ];
        let flags_info = VkDescriptorSetLayoutBindingFlagsCreateInfo {
            bindingCount: 4,
            pBindingFlags: flags.as_ptr(),
            ..Default::default()
        };
        let info = VkDescriptorSetLayoutCreateInfo {
            pNext: (&flags_info as *const VkDescriptorSetLayoutBindingFlagsCreateInfo).cast(),
            bindingCount: 4,
            pBindings: bindings.as_ptr(),
            ..Default::default()
        };
        let layout = insert(TYPES.descriptor_set_layout, 0x10, None);
        // SAFETY: a valid create info.
        unsafe { layout.set_layout_created(&info, |_| None) };
        let l = layout.descriptor_set_layout().expect("recorded");
        assert_eq!(
            l.bindings.iter().map(|b| (b.binding, b.flags)).collect::<Vec<_>>(),
            [(0, 0), (2, 0), (3, 0), (5, 0xc)]
        );

        let pool = insert(TYPES.descriptor_pool, 0x20, None);
        let sizes = [VkDescriptorPoolSize { r#type: T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, descriptorCount: 8 }];
        let pool_info = VkDescriptorPoolCreateInfo {
            flags: VkDescriptorPoolCreateFlags(POOL_FREE_DESCRIPTOR_SET),
            maxSets: 4,
            poolSizeCount: 1,
            pPoolSizes: sizes.as_ptr(),
            ..Default::default()
        };
        // SAFETY: a valid create info.
        unsafe { tracker.descriptor_pool_created(&pool_info, 0x20) };
        let p = pool.descriptor_pool().expect("a pool");
        assert_eq!(p.info(), Some(&PoolInfo { flags: 1, max_sets: 4, sizes: vec![(6, 8)] }));

        let (a, b) = (
            insert(TYPES.descriptor_set, 0x30, Some(pool.clone())),
            insert(TYPES.descriptor_set, 0x31, Some(pool.clone())),
        );
        a.set_allocated(layout.clone());
        b.set_allocated(layout.clone());
        let counts = [3, 1];
        let variable = VkDescriptorSetVariableDescriptorCountAllocateInfo {
            descriptorSetCount: 2,
            pDescriptorCounts: counts.as_ptr(),
            ..Default::default()
        };
        let layouts = [VkDescriptorSetLayout::from_raw(0x10); 2];
        let allocate = VkDescriptorSetAllocateInfo {
            pNext: (&variable as *const VkDescriptorSetVariableDescriptorCountAllocateInfo).cast(),
            descriptorPool: VkDescriptorPool::from_raw(0x20),
            descriptorSetCount: 2,
            pSetLayouts: layouts.as_ptr(),
            ..Default::default()
        };
        let sets = [VkDescriptorSet::from_raw(0x30), VkDescriptorSet::from_raw(0x31)];
        // SAFETY: a valid allocate info and the sets it made.
        unsafe { tracker.descriptor_sets_allocated(&allocate, &sets) };
        assert_eq!(p.allocated(), 2);
        let (sa, sb) = (a.descriptor_set_state().unwrap(), b.descriptor_set_state().unwrap());
        assert_eq!((sa.variable_count(), sb.variable_count()), (Some(3), Some(1)));
        let shape = sa.shape().unwrap();
        assert_eq!((shape.total(), shape.start(3)), (6, 3));
        assert_eq!(shape.bindings_in(1, 4).map(|(_, b)| b.binding).collect::<Vec<_>>(), [0, 3, 5]);

        // Three buffers from element 1 of binding 0 roll over the empty binding 2 into 3 and 5.
        let buffers: Vec<_> = (1..=3)
            .map(|i| VkDescriptorBufferInfo { buffer: VkBuffer::from_raw(0x100 * i), offset: 0, range: VK_WHOLE_SIZE })
            .collect();
        let write = VkWriteDescriptorSet {
            dstSet: sets[0],
            dstBinding: 0,
            dstArrayElement: 1,
            descriptorCount: 3,
            descriptorType: T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
            pBufferInfo: buffers.as_ptr(),
            ..Default::default()
        };
        // Then element 2 of binding 5 to the other set's only element there.
        let copy = VkCopyDescriptorSet {
            srcSet: sets[0],
            srcBinding: 5,
            srcArrayElement: 1,
            dstSet: sets[1],
            dstBinding: 5,
            dstArrayElement: 0,
            descriptorCount: 1,
            ..Default::default()
        };
        // SAFETY: a valid write and copy.
        unsafe { tracker.descriptors_updated(&[write], &[copy]) };
        let ub = T::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER.0;
        assert_eq!(sa.descriptor(0, 0), Some(None));
        assert_eq!(sa.descriptor(0, 1), Some(Some(Written { ty: ub, resource: 0x100, range: (0, 0), sampler: None })));
        assert_eq!(sa.descriptor(3, 0), Some(Some(Written { ty: ub, resource: 0x200, range: (0, 0), sampler: None })));
        assert_eq!(sa.descriptor(5, 0), Some(Some(Written { ty: ub, resource: 0x300, range: (0, 0), sampler: None })));
        assert_eq!(sa.descriptor(5, 3), None, "past the variable count");
        assert_eq!(sa.written(), 3);
        assert_eq!(sb.descriptor(5, 0), Some(None), "element 1 of binding 5 was not written");
        assert_eq!(sb.written(), 0);

        // SAFETY: the sets allocated above.
        tracker.descriptor_sets_freed(VkDescriptorPool::from_raw(0x20), &sets[1..]);
        assert_eq!(p.allocated(), 1);
        tracker.descriptor_pool_reset(VkDescriptorPool::from_raw(0x20));
        assert_eq!(p.allocated(), 0);
        OBJECTS.remove_scope(DEVICE);
    }
}
