//! Device memory, buffers and their bindings: what each memory object was allocated with (size,
//! memory type, that type's properties) and where it is host mapped, what each buffer was created
//! with (size, usage, flags), and the memory object and offset each buffer or image is bound to.
//! Core validation reads the bind, map and buffer-usage rules from it; the bound ranges are what
//! synchronization validation will compare.

use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};

use vigil_generated::*;

pub use super::records::Dependents;
pub use super::records::{Allocation, BufferInfo, BufferState, DeviceMemoryState, Mapping, MemoryBinding};
use super::records::{ImageState, ObjectRecord, TYPES};
use super::tracker::StateTracker;
use crate::chassis::raw::chained;
use crate::facts::DeviceFacts;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The flags that make a buffer sparse: bound with vkQueueBindSparse, never to one memory object.
const SPARSE_BUFFER: VkBufferCreateFlags = VkBufferCreateFlags(
    VkBufferCreateFlags::VK_BUFFER_CREATE_SPARSE_BINDING_BIT.0
        | VkBufferCreateFlags::VK_BUFFER_CREATE_SPARSE_RESIDENCY_BIT.0
        | VkBufferCreateFlags::VK_BUFFER_CREATE_SPARSE_ALIASED_BIT.0,
);

/// The image counterpart of [`SPARSE_BUFFER`].
const SPARSE_IMAGE: VkImageCreateFlags = VkImageCreateFlags(
    VkImageCreateFlags::VK_IMAGE_CREATE_SPARSE_BINDING_BIT.0
        | VkImageCreateFlags::VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT.0
        | VkImageCreateFlags::VK_IMAGE_CREATE_SPARSE_ALIASED_BIT.0,
);

impl Mapping {
    /// The first byte past the mapping.
    pub fn end(&self) -> u64 {
        self.offset.saturating_add(self.size)
    }
}

/// "256 bytes from offset 512", for messages.
impl std::fmt::Display for Mapping {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} bytes from offset {}", self.size, self.offset)
    }
}

impl DeviceMemoryState {
    /// What it was allocated with, once its allocation was seen.
    pub fn allocation(&self) -> Option<Allocation> {
        self.allocation.get().copied()
    }

    /// Its host mapping, while it is mapped.
    pub fn mapping(&self) -> Option<Mapping> {
        *lock(&self.mapping)
    }

    /// A successful map of `size` bytes (or `VK_WHOLE_SIZE`) from `offset`.
    fn mapped(&self, offset: u64, size: u64) {
        let size = match (size, self.allocation()) {
            (VK_WHOLE_SIZE, Some(a)) => a.size.saturating_sub(offset),
            // Without the allocation's size, the mapping reaches as far as any range could.
            (VK_WHOLE_SIZE, None) => u64::MAX - offset,
            (size, _) => size,
        };
        *lock(&self.mapping) = Some(Mapping { offset, size });
    }

    fn unmapped(&self) {
        *lock(&self.mapping) = None;
    }

    /// The buffers and images bound to this memory that were not destroyed.
    pub fn bound(&self) -> Vec<Arc<ObjectRecord>> {
        self.bound.live()
    }
}

impl Dependents {
    /// `object` now depends on the owner (nothing changes when it is the one added last).
    /// Whenever the list would grow, destroyed objects and repeated ones leave it: an owner
    /// added to the same few objects again and again (a buffer written into descriptor sets
    /// every frame) keeps a list of about twice the distinct live ones at most.
    pub(super) fn add(&self, object: &Arc<ObjectRecord>) {
        let mut list = lock(&self.0);
        let new = Arc::downgrade(object);
        if list.last().is_some_and(|w| w.ptr_eq(&new)) {
            return;
        }
        if list.len() == list.capacity() {
            // In the order they were added, each once.
            let mut seen = std::collections::HashSet::with_capacity(list.len());
            list.retain(|w| w.upgrade().is_some_and(|r| !r.destroyed()) && seen.insert(w.as_ptr()));
        }
        list.push(new);
    }

    /// Those not destroyed.
    pub fn live(&self) -> Vec<Arc<ObjectRecord>> {
        lock(&self.0).iter().filter_map(Weak::upgrade).filter(|r| !r.destroyed()).collect()
    }

    /// How many entries it holds, destroyed ones included.
    #[cfg(test)]
    fn entries(&self) -> usize {
        lock(&self.0).len()
    }
}

impl BufferState {
    /// What it was created with, once its creation was seen.
    pub fn info(&self) -> Option<BufferInfo> {
        self.info.get().copied()
    }

    /// Whether it was created for sparse binding.
    pub fn sparse(&self) -> bool {
        self.info().is_some_and(|i| i.flags.intersects(SPARSE_BUFFER))
    }

    /// Its memory, once bound.
    pub fn binding(&self) -> Option<&MemoryBinding> {
        self.binding.get()
    }
}

impl ImageState {
    /// The flags it was created with, once its creation was seen.
    pub fn create_flags(&self) -> Option<VkImageCreateFlags> {
        self.flags.get().copied()
    }

    /// Whether it was created for sparse binding.
    pub fn sparse(&self) -> bool {
        self.create_flags().is_some_and(|f| f.intersects(SPARSE_IMAGE))
    }

    /// Its memory, once bound (not followed for a disjoint image's planes).
    pub fn binding(&self) -> Option<&MemoryBinding> {
        self.binding.get()
    }

    /// Whether it was bound to memory, as a whole (not plane by plane), its memory's record kept
    /// or not.
    pub fn bound(&self) -> bool {
        self.bound.load(std::sync::atomic::Ordering::Acquire)
    }

    /// Its `VkImageFormatListCreateInfo`'s formats, when chained with some.
    pub fn view_format_list(&self) -> Option<&[i32]> {
        self.view_format_list.get().map(|l| &**l)
    }
}

/// The usage a buffer create info gives: `VkBufferUsageFlags2CreateInfo`'s, when chained, replaces
/// `usage`.
///
/// # Safety
/// `info`'s pNext chain must be valid.
pub unsafe fn buffer_usage(info: &VkBufferCreateInfo) -> u64 {
    let ty = VkStructureType::VK_STRUCTURE_TYPE_BUFFER_USAGE_FLAGS_2_CREATE_INFO;
    let usage2 = unsafe { chained::<VkBufferUsageFlags2CreateInfo>(info.pNext, ty) };
    usage2.map_or(u64::from(info.usage.0), |u| u.usage.0)
}

/// The import structures that name the imported handle's type in a `handleType` member right
/// after their header (an Android hardware buffer, a QNX screen buffer, a Metal buffer or a
/// Fuchsia buffer collection names none).
const IMPORTS: [VkStructureType; 5] = [
    VkStructureType::VK_STRUCTURE_TYPE_IMPORT_MEMORY_FD_INFO_KHR,
    VkStructureType::VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT,
    VkStructureType::VK_STRUCTURE_TYPE_IMPORT_MEMORY_WIN32_HANDLE_INFO_KHR,
    VkStructureType::VK_STRUCTURE_TYPE_IMPORT_MEMORY_ZIRCON_HANDLE_INFO_FUCHSIA,
    VkStructureType::VK_STRUCTURE_TYPE_IMPORT_MEMORY_METAL_HANDLE_INFO_EXT,
];

/// The handle type an allocate info imports memory from (0: none, or not named): the first of
/// [`IMPORTS`] chained with a non-zero `handleType` (0 imports nothing).
///
/// # Safety
/// `info`'s pNext chain must be valid.
pub unsafe fn imported_handle_type(info: &VkMemoryAllocateInfo) -> u32 {
    // SAFETY: the caller's chain; each of IMPORTS starts with sType, pNext and then its
    // VkExternalMemoryHandleTypeFlagBits handleType, as VkImportMemoryFdInfoKHR does.
    unsafe { crate::chassis::raw::chain(info.pNext) }
        .filter(|h| IMPORTS.contains(&h.sType))
        .map(|h| unsafe { &*(h as *const VkBaseInStructure as *const VkImportMemoryFdInfoKHR) }.handleType.0)
        .find(|&t| t != 0)
        .unwrap_or(0)
}

impl StateTracker {
    /// Records a successful vkAllocateMemory.
    ///
    /// # Safety
    /// `info` must be the allocate info the implementation accepted.
    pub(super) unsafe fn memory_allocated(
        &self,
        facts: Option<&DeviceFacts>,
        info: &VkMemoryAllocateInfo,
        memory: u64,
    ) {
        let Some(record) = self.get(TYPES.device_memory, memory) else { return };
        let Some(state) = record.device_memory() else { return };
        let (properties, heap) = facts.and_then(|f| f.memory_type(info.memoryTypeIndex)).unwrap_or_default();
        let flags_ty = VkStructureType::VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO;
        let dedicated_ty = VkStructureType::VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO;
        // SAFETY: the accepted info's pNext chain.
        let flags = unsafe { chained::<VkMemoryAllocateFlagsInfo>(info.pNext, flags_ty) }.map(|f| f.flags);
        let dedicated = unsafe { chained::<VkMemoryDedicatedAllocateInfo>(info.pNext, dedicated_ty) }
            .map(|d| (d.image.as_raw(), d.buffer.as_raw()));
        let export_ty = VkStructureType::VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO;
        // SAFETY: as above.
        let export =
            unsafe { chained::<VkExportMemoryAllocateInfo>(info.pNext, export_ty) }.map_or(0, |e| e.handleTypes.0);
        let allocation = Allocation {
            size: info.allocationSize,
            type_index: info.memoryTypeIndex,
            properties,
            heap,
            flags: flags.unwrap_or_default(),
            dedicated,
            export,
            // SAFETY: as above.
            import: unsafe { imported_handle_type(info) },
        };
        let _ = state.allocation.set(allocation);
    }

    /// Records a successful vkCreateBuffer.
    ///
    /// # Safety
    /// `info` must be the create info the implementation accepted.
    pub(super) unsafe fn buffer_created(&self, info: &VkBufferCreateInfo, buffer: u64) {
        let Some(record) = self.get(TYPES.buffer, buffer) else { return };
        let Some(state) = record.buffer() else { return };
        let usage = unsafe { buffer_usage(info) };
        let exclusive = info.sharingMode == VkSharingMode::VK_SHARING_MODE_EXCLUSIVE;
        let ty = VkStructureType::VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO;
        // SAFETY: the accepted info's pNext chain.
        let external =
            unsafe { chained::<VkExternalMemoryBufferCreateInfo>(info.pNext, ty) }.map_or(0, |e| e.handleTypes.0);
        let _ = state.info.set(BufferInfo { size: info.size, usage, flags: info.flags, exclusive, external });
    }

    /// The record of `memory` as a binding at `offset`.
    fn binding(&self, memory: VkDeviceMemory, offset: u64) -> Option<MemoryBinding> {
        let memory = self.get(TYPES.device_memory, memory.as_raw())?;
        Some(MemoryBinding { memory, offset })
    }

    /// Records a successful bind of `buffer` to `memory` at `offset`.
    pub(super) fn buffer_bound(&self, buffer: VkBuffer, memory: VkDeviceMemory, offset: u64) {
        let Some(record) = self.get(TYPES.buffer, buffer.as_raw()) else { return };
        let (Some(state), Some(binding)) = (record.buffer(), self.binding(memory, offset)) else { return };
        if let Some(m) = binding.memory.device_memory().filter(|_| self.references) {
            m.bound.add(&record);
        }
        let _ = state.binding.set(binding);
    }

    /// Records a successful bind of `image` (all of it: not one plane) to `memory` at `offset`.
    pub(super) fn image_bound(&self, image: VkImage, memory: VkDeviceMemory, offset: u64) {
        let Some(record) = self.get(TYPES.image, image.as_raw()) else { return };
        if let Some(state) = record.image() {
            state.bound.store(true, std::sync::atomic::Ordering::Release);
        }
        let (Some(state), Some(binding)) = (record.image(), self.binding(memory, offset)) else { return };
        if let Some(m) = binding.memory.device_memory().filter(|_| self.references) {
            m.bound.add(&record);
        }
        let _ = state.binding.set(binding);
    }

    /// Records a successful map of `memory`.
    pub(super) fn memory_mapped(&self, memory: VkDeviceMemory, offset: u64, size: u64) {
        if let Some(m) = self.get(TYPES.device_memory, memory.as_raw()) {
            if let Some(state) = m.device_memory() {
                state.mapped(offset, size);
            }
        }
    }

    /// Records an unmap of `memory`.
    pub(super) fn memory_unmapped(&self, memory: VkDeviceMemory) {
        if let Some(m) = self.get(TYPES.device_memory, memory.as_raw()) {
            if let Some(state) = m.device_memory() {
                state.unmapped();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;
    use crate::state::objects::{Key, Origin};

    fn record(ty: u16, handle: u64) -> Arc<ObjectRecord> {
        ObjectRecord::shared(Key { scope: 1, handle, ty }, None, false, Origin::Created)
    }

    #[test]
    fn memory_forgets_destroyed_objects_as_binds_add_more() {
        let memory = record(TYPES.device_memory, 0x10);
        let state = memory.device_memory().expect("a memory record has memory state");
        let (mut live, mut held) = (Vec::new(), Vec::new());
        for i in 0..1000u64 {
            let buffer = record(TYPES.buffer, 0x1000 + i);
            state.bound.add(&buffer);
            // Every hundredth stays; of the others, every tenth is destroyed but still held
            // (a cache or a submission may hold a record), the rest destroyed and dropped.
            match (i % 100, i % 10) {
                (0, _) => live.push(buffer),
                (_, 0) => {
                    buffer.destroyed.store(true, Ordering::Release);
                    held.push(buffer);
                }
                _ => buffer.destroyed.store(true, Ordering::Release),
            }
        }
        let bound: Vec<u64> = state.bound().iter().map(|r| r.key.handle).collect();
        assert_eq!(bound, live.iter().map(|r| r.key.handle).collect::<Vec<_>>());
        let kept = state.bound.entries();
        assert!(kept <= 32, "{kept} entries kept for {} live objects after 1,000 binds", live.len());
    }

    #[test]
    fn a_resource_rewritten_into_the_same_sets_keeps_each_set_about_once() {
        let buffer = record(TYPES.buffer, 0x20);
        let sets = buffer.holder_sets().expect("a buffer keeps the sets that hold it");
        let written: Vec<_> = (0..3).map(|i| record(TYPES.descriptor_set, 0x2000 + i)).collect();
        // Three sets rewritten with it a thousand times over, in turn (one frame after another).
        for _ in 0..1000 {
            for set in &written {
                sets.add(set);
            }
        }
        let held: Vec<u64> = sets.live().iter().map(|r| r.key.handle).collect();
        assert_eq!(held.iter().collect::<std::collections::BTreeSet<_>>().len(), 3, "{held:x?}");
        let kept = sets.entries();
        assert!(kept <= 8, "{kept} entries kept for 3 sets after 3,000 writes");
    }
}
