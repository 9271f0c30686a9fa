//! The records of the object table and the typed state they carry, in one module because they
//! point at each other (a command buffer's state lists the secondaries it executes, a queue's
//! submissions hold their command buffers, fences and semaphores, a view its image). The table
//! is in `objects`, what the typed state does in `command_buffers`, `submissions`, `images` and
//! `memory`.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::mem::MaybeUninit;
use std::ptr::addr_of_mut;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};

use super::set_once::SetOnce;

use vigil_generated::objects::{handle_type, HANDLE_TYPES};
use vigil_generated::{
    VkBufferCreateFlags, VkDescriptorUpdateTemplateEntry, VkImageCreateFlags, VkMemoryAllocateFlags, VkMemoryHeapFlags,
    VkMemoryPropertyFlags, VkObjectType,
};

use super::values::{
    AttachmentUses, AttributeFetch, BufferViewInfo, ClearArea, ClearShapes, DescriptorPoolState, DynamicValues,
    EventState, FramebufferImage, ImageInfo, PipelineDynamic, PipelinePass, QueryPoolState, QueueFamily,
    ReadOnlyAspects, Released, RenderingFormats, ResourceUse, SampledPair, SamplerInfo, Scope, SelfDependency, SetBy,
    ShaderModuleState, SwapchainState, TransferKey, Verdict, ViewInfo, YcbcrConversionInfo,
};

mod recording;

pub use self::recording::*;

const ONE_WRITER: u64 = 1 << 32;

/// An object's key: the device or instance it belongs to, its handle type (index into
/// `HANDLE_TYPES`) and its handle value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub scope: u64,
    pub handle: u64,
    pub ty: u16,
}

impl std::hash::Hash for Key {
    /// One word for the hasher's one round: the handle decides the bucket, the scope and type
    /// only tell apart the rare values two objects share (the map compares whole keys).
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.handle ^ self.scope.rotate_left(29) ^ (u64::from(self.ty) << 52));
    }
}

/// The key of `handle`, of type `ty`, named in a call of `device` (the instance, for an instance
/// call) of `instance`.
#[inline(always)]
pub fn key(ty: u16, handle: u64, device: u64, instance: u64) -> Key {
    let scope = if instance_scoped(ty) { instance } else { device };
    Key { scope, handle, ty }
}

/// Whether objects of handle type `ty` belong to an instance rather than a device (generated:
/// no device-level command creates, allocates or retrieves one).
#[inline(always)]
pub const fn instance_scoped(ty: u16) -> bool {
    let t = ty as usize;
    t >= HANDLE_TYPES.len() || HANDLE_TYPES[t].instance_scoped
}

/// The indices in `HANDLE_TYPES` of the types the tracker keeps typed state for.
pub struct Types {
    pub image: u16,
    pub image_view: u16,
    pub framebuffer: u16,
    pub render_pass: u16,
    pub command_pool: u16,
    pub command_buffer: u16,
    pub queue: u16,
    pub fence: u16,
    pub semaphore: u16,
    pub pipeline: u16,
    pub pipeline_layout: u16,
    pub descriptor_set_layout: u16,
    pub descriptor_set: u16,
    pub device_memory: u16,
    pub buffer: u16,
    pub shader_module: u16,
    pub query_pool: u16,
    pub event: u16,
    pub swapchain: u16,
    pub descriptor_pool: u16,
    pub buffer_view: u16,
    pub descriptor_update_template: u16,
    pub shader_ext: u16,
    pub sampler: u16,
    pub sampler_ycbcr_conversion: u16,
}

/// See [`Types`].
pub const TYPES: Types = Types {
    image: handle_type::IMAGE,
    image_view: handle_type::IMAGE_VIEW,
    framebuffer: handle_type::FRAMEBUFFER,
    render_pass: handle_type::RENDER_PASS,
    command_pool: handle_type::COMMAND_POOL,
    command_buffer: handle_type::COMMAND_BUFFER,
    queue: handle_type::QUEUE,
    fence: handle_type::FENCE,
    semaphore: handle_type::SEMAPHORE,
    pipeline: handle_type::PIPELINE,
    pipeline_layout: handle_type::PIPELINE_LAYOUT,
    descriptor_set_layout: handle_type::DESCRIPTOR_SET_LAYOUT,
    descriptor_set: handle_type::DESCRIPTOR_SET,
    device_memory: handle_type::DEVICE_MEMORY,
    buffer: handle_type::BUFFER,
    shader_module: handle_type::SHADER_MODULE,
    query_pool: handle_type::QUERY_POOL,
    event: handle_type::EVENT,
    swapchain: handle_type::SWAPCHAIN_KHR,
    descriptor_pool: handle_type::DESCRIPTOR_POOL,
    buffer_view: handle_type::BUFFER_VIEW,
    descriptor_update_template: handle_type::DESCRIPTOR_UPDATE_TEMPLATE,
    shader_ext: handle_type::SHADER_EXT,
    sampler: handle_type::SAMPLER,
    sampler_ycbcr_conversion: handle_type::SAMPLER_YCBCR_CONVERSION,
};

/// What the tracker keeps about an object beyond its identity, by object type.
pub enum ObjectState {
    None,
    Image(ImageState),
    ImageView(ImageViewState),
    Framebuffer(FramebufferState),
    RenderPass(RenderPassState),
    CommandPool(CommandPoolState),
    CommandBuffer(Box<CommandBufferState>),
    Queue(QueueState),
    Fence(FenceState),
    Semaphore(SemaphoreState),
    Pipeline(PipelineState),
    PipelineLayout(PipelineLayoutState),
    DescriptorSetLayout(DescriptorSetLayoutState),
    DescriptorSet(DescriptorSetState),
    DeviceMemory(DeviceMemoryState),
    Buffer(BufferState),
    ShaderModule(ShaderModuleState),
    QueryPool(QueryPoolState),
    Event(EventState),
    Swapchain(SwapchainState),
    DescriptorPool(DescriptorPoolState),
    BufferView(BufferViewState),
    DescriptorUpdateTemplate(UpdateTemplateState),
    ShaderObject(ShaderObjectState),
    Sampler(SamplerState),
    SamplerYcbcrConversion(YcbcrConversionState),
}

impl ObjectState {
    /// Writes the initial state of an object of `HANDLE_TYPES[ty]` at `to`, built there (a
    /// record's state is most of its size), as the typed hooks keep it (a record made without
    /// them is given `None` by its maker: [`Self::none_untyped`]).
    ///
    /// # Safety
    /// `to` must be valid for writes and aligned; what it held is not dropped.
    #[inline(never)]
    unsafe fn write_of_type(to: *mut Self, ty: u16) {
        /// One variant written by a function of its own: it stores that variant's bytes only.
        /// One expression building any variant was compiled into stores of every byte the
        /// largest variant has (~100 instructions a record, whatever its type).
        #[inline(never)]
        unsafe fn put<S: Default>(to: *mut ObjectState, variant: impl FnOnce(S) -> ObjectState) {
            // SAFETY: as `write_of_type`'s caller promises.
            unsafe { to.write(variant(S::default())) }
        }
        use ObjectState as S;
        use VkObjectType as T;
        let object_type = HANDLE_TYPES.get(usize::from(ty)).map(|t| t.object_type);
        // SAFETY: as the caller promises.
        unsafe {
            match object_type {
                Some(T::VK_OBJECT_TYPE_IMAGE) => put(to, S::Image),
                Some(T::VK_OBJECT_TYPE_IMAGE_VIEW) => put(to, S::ImageView),
                Some(T::VK_OBJECT_TYPE_FRAMEBUFFER) => put(to, S::Framebuffer),
                Some(T::VK_OBJECT_TYPE_RENDER_PASS) => put(to, S::RenderPass),
                Some(T::VK_OBJECT_TYPE_COMMAND_POOL) => put(to, S::CommandPool),
                Some(T::VK_OBJECT_TYPE_COMMAND_BUFFER) => put(to, S::CommandBuffer),
                Some(T::VK_OBJECT_TYPE_QUEUE) => put(to, S::Queue),
                Some(T::VK_OBJECT_TYPE_FENCE) => put(to, S::Fence),
                Some(T::VK_OBJECT_TYPE_SEMAPHORE) => put(to, S::Semaphore),
                Some(T::VK_OBJECT_TYPE_PIPELINE) => put(to, S::Pipeline),
                Some(T::VK_OBJECT_TYPE_PIPELINE_LAYOUT) => put(to, S::PipelineLayout),
                Some(T::VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT) => put(to, S::DescriptorSetLayout),
                Some(T::VK_OBJECT_TYPE_DESCRIPTOR_SET) => put(to, S::DescriptorSet),
                Some(T::VK_OBJECT_TYPE_DEVICE_MEMORY) => put(to, S::DeviceMemory),
                Some(T::VK_OBJECT_TYPE_BUFFER) => put(to, S::Buffer),
                Some(T::VK_OBJECT_TYPE_SHADER_MODULE) => put(to, S::ShaderModule),
                Some(T::VK_OBJECT_TYPE_QUERY_POOL) => put(to, S::QueryPool),
                Some(T::VK_OBJECT_TYPE_EVENT) => put(to, S::Event),
                Some(T::VK_OBJECT_TYPE_SWAPCHAIN_KHR) => put(to, S::Swapchain),
                Some(T::VK_OBJECT_TYPE_DESCRIPTOR_POOL) => put(to, S::DescriptorPool),
                Some(T::VK_OBJECT_TYPE_BUFFER_VIEW) => put(to, S::BufferView),
                Some(T::VK_OBJECT_TYPE_DESCRIPTOR_UPDATE_TEMPLATE) => put(to, S::DescriptorUpdateTemplate),
                Some(T::VK_OBJECT_TYPE_SHADER_EXT) => put(to, S::ShaderObject),
                Some(T::VK_OBJECT_TYPE_SAMPLER) => put(to, S::Sampler),
                Some(T::VK_OBJECT_TYPE_SAMPLER_YCBCR_CONVERSION) => put(to, S::SamplerYcbcrConversion),
                _ => to.write(S::None),
            }
        }
    }

    /// Whether only the tracker's typed hooks (`StateTracker::typed`) write the state of
    /// objects of type `t`: the resources, whose creation infos, bindings and contents core and
    /// the stateless object read. A record of one made while no object reads them has none.
    /// Lifecycle states (pools, command buffers, queues, fences, semaphores, events, query
    /// pools, swapchains) are kept whatever runs.
    const fn filled_when_typed(t: VkObjectType) -> bool {
        use VkObjectType as T;
        matches!(
            t,
            T::VK_OBJECT_TYPE_IMAGE
                | T::VK_OBJECT_TYPE_IMAGE_VIEW
                | T::VK_OBJECT_TYPE_BUFFER
                | T::VK_OBJECT_TYPE_BUFFER_VIEW
                | T::VK_OBJECT_TYPE_DEVICE_MEMORY
                | T::VK_OBJECT_TYPE_SAMPLER
                | T::VK_OBJECT_TYPE_SAMPLER_YCBCR_CONVERSION
                | T::VK_OBJECT_TYPE_DESCRIPTOR_SET
                | T::VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT
                | T::VK_OBJECT_TYPE_PIPELINE_LAYOUT
                | T::VK_OBJECT_TYPE_PIPELINE
                | T::VK_OBJECT_TYPE_SHADER_MODULE
                | T::VK_OBJECT_TYPE_SHADER_EXT
                | T::VK_OBJECT_TYPE_RENDER_PASS
                | T::VK_OBJECT_TYPE_FRAMEBUFFER
        )
    }

    /// Whether a record of `HANDLE_TYPES[ty]` made without `typed` has no state
    /// ([`Self::filled_when_typed`]): one load, tested in line where a record is made.
    #[inline(always)]
    fn none_untyped(ty: u16) -> bool {
        const NONE_UNTYPED: [bool; HANDLE_TYPES.len()] = {
            let mut out = [false; HANDLE_TYPES.len()];
            let mut t = 0;
            while t < out.len() {
                out[t] = ObjectState::filled_when_typed(HANDLE_TYPES[t].object_type);
                t += 1;
            }
            out
        };
        NONE_UNTYPED.get(usize::from(ty)).copied().unwrap_or(false)
    }

    /// The initial state of an object of `HANDLE_TYPES[ty]`.
    fn of_type(ty: u16) -> Self {
        let mut state = MaybeUninit::uninit();
        // SAFETY: a fresh slot, written whole by `write_of_type` and then read once.
        unsafe {
            Self::write_of_type(state.as_mut_ptr(), ty);
            state.assume_init()
        }
    }
}

/// How a record came to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Created or allocated by the application.
    Created,
    /// Retrieved from the implementation (queues, physical devices, swapchain images): never
    /// destroyed on its own, never a leak.
    Retrieved,
    /// First named in a call without a creation Vigil could follow (the dispatchable instance
    /// and device, displays returned inside structures): counted for thread safety only.
    Seen,
}

/// One live object. The counters of a command buffer one thread records must not share a
/// cache line with those of another thread's: eight threads recording side by side on the
/// 16-core H200 machine ran 1.21x their one-thread time instead of 1.10x when they did. A record
/// starting a line (`align(64)`) guaranteed that, but sent every allocation through glibc's
/// memalign, ~600 instructions a record; instead the counters sit behind a line's worth of
/// padding and before the record's own fields, so whatever 16-byte boundary malloc gives, their
/// line holds nothing of another allocation.
#[repr(C)]
pub struct ObjectRecord {
    /// Keeps the line of `uses` clear of the allocation before this one.
    _pad: [u64; 8],
    /// Thread safety's use counter.
    pub uses: ObjectUse,
    pub key: Key,
    /// The pool it was allocated from, or the object it was retrieved from (a swapchain's
    /// images): a command buffer's implicit pool write needs no second lookup.
    pub parent: Option<Arc<ObjectRecord>>,
    /// Whether `VkAllocationCallbacks` were given when it was created.
    pub with_allocator: bool,
    pub origin: Origin,
    /// How many live objects of the scope have this handle value.
    pub(super) refs: AtomicU32,
    /// The typed state of objects the checks follow (command buffers, queues, fences, …).
    pub state: ObjectState,
    /// For a pool or swapchain: the keys of what was allocated or retrieved from it.
    pub(super) children: Mutex<Vec<Key>>,
    /// Whether `children` ever held a key: most objects are no pool, and removing one then
    /// skips the children's lock.
    pub(super) had_children: AtomicBool,
    /// Submissions not yet seen to complete whose command buffers refer to it.
    pub(super) in_use: AtomicU32,
    /// Set when it leaves the table: command buffers that refer to it are invalid.
    pub(super) destroyed: AtomicBool,
}

/// What [`ObjectRecord::into_spare`] drops: `parent`, `state` and `children`. Every other field
/// must need no dropping.
const DROPPED_FIELDS: () = {
    use std::mem::needs_drop;
    assert!(
        !needs_drop::<[u64; 8]>()
            && !needs_drop::<ObjectUse>()
            && !needs_drop::<Key>()
            && !needs_drop::<bool>()
            && !needs_drop::<Origin>()
            && !needs_drop::<AtomicU32>()
            && !needs_drop::<AtomicBool>(),
        "a field into_spare does not drop needs dropping"
    );
};
const _: () = DROPPED_FIELDS;

/// The allocation of a record nothing refers to any more, its contents dropped, kept to make
/// the next record in ([`ObjectRecord::shared_in`]): an application creating and destroying
/// objects then costs the allocator nothing per object.
pub type SpareRecord = Arc<MaybeUninit<ObjectRecord>>;

// The counters' line: at least a line of this record before them and after their start.
const _: () = assert!(std::mem::offset_of!(ObjectRecord, uses) == 64);
const _: () = assert!(std::mem::size_of::<ObjectRecord>() >= 64 + 64);

impl ObjectRecord {
    /// A record for one object, made where it will live: a record is large (its typed state
    /// and a line of padding), and one built on the stack costs two copies of it.
    pub fn shared(key: Key, parent: Option<Arc<ObjectRecord>>, with_allocator: bool, origin: Origin) -> Arc<Self> {
        Self::shared_in(None, key, parent, with_allocator, origin, true)
    }

    /// [`Self::shared`] in `spare`'s allocation when there is one; `typed`: with the state of
    /// its type even when only typed hooks write it (see `ObjectState::filled_when_typed`).
    #[inline(always)]
    pub fn shared_in(
        spare: Option<SpareRecord>,
        key: Key,
        parent: Option<Arc<ObjectRecord>>,
        with_allocator: bool,
        origin: Origin,
        typed: bool,
    ) -> Arc<Self> {
        let mut fresh = spare.unwrap_or_else(Arc::<ObjectRecord>::new_uninit);
        // The allocation was just made, or is a spare: no other reference to it exists.
        let Some(slot) = Arc::get_mut(&mut fresh) else {
            return Arc::new(ObjectRecord::new(key, parent, with_allocator, origin));
        };
        let p = slot.as_mut_ptr();
        // SAFETY: every field written once, in place: a record built and then moved in cost a
        // copy of its few hundred bytes (two from a spare). `Self::fields` names them all.
        unsafe {
            addr_of_mut!((*p)._pad).write([0; 8]);
            addr_of_mut!((*p).uses).write(ObjectUse::default());
            addr_of_mut!((*p).key).write(key);
            addr_of_mut!((*p).parent).write(parent);
            addr_of_mut!((*p).with_allocator).write(with_allocator);
            addr_of_mut!((*p).origin).write(origin);
            addr_of_mut!((*p).refs).write(AtomicU32::new(1));
            if !typed && ObjectState::none_untyped(key.ty) {
                // Most records made without core: no call of `write_of_type`.
                addr_of_mut!((*p).state).write(ObjectState::None);
            } else {
                ObjectState::write_of_type(addr_of_mut!((*p).state), key.ty);
            }
            addr_of_mut!((*p).children).write(Mutex::new(Vec::new()));
            addr_of_mut!((*p).had_children).write(AtomicBool::new(false));
            addr_of_mut!((*p).in_use).write(AtomicU32::new(0));
            addr_of_mut!((*p).destroyed).write(AtomicBool::new(false));
            fresh.assume_init()
        }
    }

    /// Every field of a record, by name: adding one fails to compile here until
    /// [`Self::shared_in`] writes it too (and, if it needs dropping, [`Self::into_spare`]
    /// drops it and `DROPPED_FIELDS` names it).
    #[allow(dead_code)]
    fn fields(self) {
        let ObjectRecord {
            _pad: _,
            uses: _,
            key: _,
            parent: _,
            with_allocator: _,
            origin: _,
            refs: _,
            state: _,
            children: _,
            had_children: _,
            in_use: _,
            destroyed: _,
        } = self;
    }

    /// The allocation of `r`, its contents dropped, when `r` is the only reference to it (weak
    /// ones included); else `r` is dropped and there is none.
    #[inline]
    pub fn into_spare(mut r: Arc<Self>) -> Option<SpareRecord> {
        // Unique from here on: nothing else reads or drops the contents.
        Arc::get_mut(&mut r)?;
        let p = Arc::into_raw(r) as *mut ObjectRecord;
        // SAFETY: `MaybeUninit<ObjectRecord>` has `ObjectRecord`'s size and alignment; from here
        // on the allocation counts as uninitialized (a panicking drop would leak the rest,
        // never drop anything twice).
        let spare = unsafe { Arc::from_raw(p as *const MaybeUninit<ObjectRecord>) };
        // SAFETY: the fields with drop glue (`DROPPED_FIELDS`), each initialized and dropped
        // once; a resource's state is mostly `None`, whose drop is skipped in line (a call of
        // the record's drop glue and its state's cost a churned object ~30 instructions).
        unsafe {
            std::ptr::drop_in_place(addr_of_mut!((*p).parent));
            if !matches!((*p).state, ObjectState::None) {
                std::ptr::drop_in_place(addr_of_mut!((*p).state));
            }
            std::ptr::drop_in_place(addr_of_mut!((*p).children));
        }
        Some(spare)
    }

    /// A record for one object.
    #[inline(always)]
    pub fn new(key: Key, parent: Option<Arc<ObjectRecord>>, with_allocator: bool, origin: Origin) -> Self {
        ObjectRecord {
            _pad: [0; 8],
            key,
            parent,
            with_allocator,
            origin,
            refs: AtomicU32::new(1),
            uses: ObjectUse::default(),
            state: ObjectState::of_type(key.ty),
            children: Mutex::new(Vec::new()),
            had_children: AtomicBool::new(false),
            in_use: AtomicU32::new(0),
            destroyed: AtomicBool::new(false),
        }
    }

    /// Whether a submission not yet seen to complete refers to it.
    #[inline]
    pub fn in_use(&self) -> bool {
        self.in_use.load(Ordering::Acquire) > 0
    }

    /// Whether it was destroyed or freed (it has left the table).
    pub fn destroyed(&self) -> bool {
        self.destroyed.load(Ordering::Acquire)
    }

    /// Whether more than one live object has this handle value: per-object state (thread use,
    /// later fences, semaphores and layouts) cannot tell them apart.
    #[inline]
    pub fn aliased(&self) -> bool {
        self.refs.load(Ordering::Relaxed) > 1
    }

    /// How many live objects share the value.
    #[cfg(test)]
    pub fn refs(&self) -> u32 {
        self.refs.load(Ordering::Relaxed)
    }

    /// For a pool or swapchain: the keys of what was allocated or retrieved from it.
    pub fn children_keys(&self) -> Vec<Key> {
        self.children().clone()
    }

    pub(super) fn children(&self) -> std::sync::MutexGuard<'_, Vec<Key>> {
        self.children.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The command buffer state, for a command buffer.
    pub fn command_buffer(&self) -> Option<&CommandBufferState> {
        match &self.state {
            ObjectState::CommandBuffer(c) => Some(c),
            _ => None,
        }
    }

    /// The command pool state, for a command pool.
    pub fn command_pool(&self) -> Option<&CommandPoolState> {
        match &self.state {
            ObjectState::CommandPool(p) => Some(p),
            _ => None,
        }
    }

    /// The image state, for an image.
    pub fn image(&self) -> Option<&ImageState> {
        match &self.state {
            ObjectState::Image(i) => Some(i),
            _ => None,
        }
    }

    /// The view state, for an image view.
    pub fn image_view(&self) -> Option<&ImageViewState> {
        match &self.state {
            ObjectState::ImageView(v) => Some(v),
            _ => None,
        }
    }

    /// The framebuffer state, for a framebuffer.
    pub fn framebuffer(&self) -> Option<&FramebufferState> {
        match &self.state {
            ObjectState::Framebuffer(f) => Some(f),
            _ => None,
        }
    }

    /// The render pass state, for a render pass.
    pub fn render_pass(&self) -> Option<&RenderPassState> {
        match &self.state {
            ObjectState::RenderPass(r) => Some(r),
            _ => None,
        }
    }

    /// The fence state, for a fence.
    pub fn fence(&self) -> Option<&FenceState> {
        match &self.state {
            ObjectState::Fence(f) => Some(f),
            _ => None,
        }
    }

    /// The semaphore state, for a semaphore.
    pub fn semaphore(&self) -> Option<&SemaphoreState> {
        match &self.state {
            ObjectState::Semaphore(s) => Some(s),
            _ => None,
        }
    }

    /// What a pipeline was created with, once recorded.
    pub fn pipeline(&self) -> Option<&PipelineInfo> {
        match &self.state {
            ObjectState::Pipeline(p) => p.info.get(),
            _ => None,
        }
    }

    /// The memory state, for a device memory object.
    pub fn device_memory(&self) -> Option<&DeviceMemoryState> {
        match &self.state {
            ObjectState::DeviceMemory(m) => Some(m),
            _ => None,
        }
    }

    /// What a pipeline layout was created with, once recorded.
    pub fn pipeline_layout(&self) -> Option<&PipelineLayoutInfo> {
        match &self.state {
            ObjectState::PipelineLayout(l) => l.info.get(),
            _ => None,
        }
    }

    /// What a descriptor set layout was created with, once recorded.
    pub fn descriptor_set_layout(&self) -> Option<&SetLayoutInfo> {
        match &self.state {
            ObjectState::DescriptorSetLayout(l) => l.info.get(),
            _ => None,
        }
    }

    /// The buffer state, for a buffer.
    pub fn buffer(&self) -> Option<&BufferState> {
        match &self.state {
            ObjectState::Buffer(b) => Some(b),
            _ => None,
        }
    }

    /// The query pool state, for a query pool.
    pub fn query_pool(&self) -> Option<&QueryPoolState> {
        match &self.state {
            ObjectState::QueryPool(q) => Some(q),
            _ => None,
        }
    }

    /// The event state, for an event.
    pub fn event(&self) -> Option<&EventState> {
        match &self.state {
            ObjectState::Event(e) => Some(e),
            _ => None,
        }
    }

    /// A swapchain's state.
    pub fn swapchain(&self) -> Option<&SwapchainState> {
        match &self.state {
            ObjectState::Swapchain(s) => Some(s),
            _ => None,
        }
    }

    /// The descriptor pool state, for a descriptor pool.
    pub fn descriptor_pool(&self) -> Option<&DescriptorPoolState> {
        match &self.state {
            ObjectState::DescriptorPool(p) => Some(p),
            _ => None,
        }
    }

    /// The buffer view state, for a buffer view.
    pub fn buffer_view(&self) -> Option<&BufferViewState> {
        match &self.state {
            ObjectState::BufferView(v) => Some(v),
            _ => None,
        }
    }

    /// What a descriptor update template was created with, once recorded.
    pub fn update_template(&self) -> Option<&TemplateInfo> {
        match &self.state {
            ObjectState::DescriptorUpdateTemplate(t) => t.info(),
            _ => None,
        }
    }

    /// The descriptor set state (layout, variable count, contents), for a descriptor set.
    pub fn descriptor_set_state(&self) -> Option<&DescriptorSetState> {
        match &self.state {
            ObjectState::DescriptorSet(s) => Some(s),
            _ => None,
        }
    }
}

/// How one object is being used right now (thread safety's view of a record).
#[derive(Default)]
pub struct ObjectUse {
    /// Writers in the high 32 bits, readers in the low 32.
    pub(super) counts: AtomicU64,
    /// The use that found the object idle: thread id in the low 32 bits, command index (into
    /// `COMMAND_HANDLES`) in the high 32; 0 before the first use.
    pub(super) first: AtomicU64,
    /// What it was created or retrieved with (`threading::QUEUE_INTERNALLY_SYNCHRONIZED`, …).
    pub(super) flags: AtomicU8,
    /// For a command pool: the thread slot (its index + 1) whose calls write the pool and its
    /// command buffers without counting them here (`state::thread`'s pool leases); 0: none.
    pub(super) lease: AtomicU32,
}

/// Another thread's use found by a beginning one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overlap {
    /// The other thread (0: not yet recorded, the two uses began together).
    pub thread: u32,
    /// Its command, index into `COMMAND_HANDLES`.
    pub command: u16,
    /// Whether the other use writes (otherwise it reads and this one writes).
    pub other_writes: bool,
}

impl ObjectUse {
    /// The flags it was created or retrieved with.
    #[inline]
    pub fn flags(&self) -> u8 {
        self.flags.load(Ordering::Relaxed)
    }

    /// Records a flag learned at creation or retrieval.
    pub fn add_flags(&self, flags: u8) {
        self.flags.fetch_or(flags, Ordering::Relaxed);
    }

    /// Begins a use by `thread` in `command`; the overlapping use of another thread, if any.
    /// Two reads never overlap; a thread's own uses (one call naming an object twice, a call
    /// made from a callback) do not either.
    #[inline]
    pub fn begin(&self, write: bool, thread: u32, command: u16) -> Option<Overlap> {
        // Sequentially consistent: a pool's lease holder writes where it is, then reads this;
        // a use counted here is counted, then reads where the holder is (`state::thread`).
        let prev = self.counts.fetch_add(if write { ONE_WRITER } else { 1 }, Ordering::SeqCst);
        let me = (u64::from(command) << 32) | u64::from(thread);
        if prev == 0 {
            self.first.store(me, Ordering::Release);
            return None;
        }
        let writers = prev >> 32;
        if !write && writers == 0 {
            return None;
        }
        self.first_use(thread, writers != 0)
    }

    /// The use that found the object idle, when another thread's than `thread`.
    fn first_use(&self, thread: u32, other_writes: bool) -> Option<Overlap> {
        let first = self.first.load(Ordering::Acquire);
        let other = first as u32;
        (other != thread).then_some(Overlap { thread: other, command: (first >> 32) as u16, other_writes })
    }

    /// Another thread's write in progress, for a read that did not count itself here (a shared
    /// object's read, published per thread).
    #[inline]
    pub fn written(&self, thread: u32) -> Option<Overlap> {
        if self.counts.load(Ordering::Acquire) >> 32 == 0 {
            return None;
        }
        self.first_use(thread, true)
    }

    /// Whether no use is counted here now (read after the lease holder says where it is).
    #[inline(always)]
    pub fn idle(&self) -> bool {
        self.counts.load(Ordering::SeqCst) == 0
    }

    /// The use counted here by another thread than `thread`, if any (for a pool's lease holder,
    /// whose own uses are not counted here).
    pub fn counted_by_other(&self, thread: u32) -> Option<Overlap> {
        match self.counts.load(Ordering::SeqCst) {
            0 => None,
            counts => self.first_use(thread, counts >> 32 != 0),
        }
    }

    /// The thread slot (index + 1) holding a pool's lease; 0: none.
    #[inline(always)]
    pub fn lease_holder(&self) -> u32 {
        self.lease.load(Ordering::SeqCst)
    }

    /// Moves a pool's lease from slot `from` to slot `to` (indices + 1); the holder now, when it
    /// is not `from`.
    pub fn move_lease(&self, from: u32, to: u32) -> Result<(), u32> {
        self.lease.compare_exchange(from, to, Ordering::SeqCst, Ordering::SeqCst).map(|_| ())
    }

    /// Ends a use begun with `begin(write, …)`.
    #[inline]
    pub fn end(&self, write: bool) {
        self.counts.fetch_sub(if write { ONE_WRITER } else { 1 }, Ordering::AcqRel);
    }
}

/// A pipeline's state.
#[derive(Default)]
pub struct PipelineState {
    pub(super) info: SetOnce<PipelineInfo>,
}

/// What a pipeline was created with that the checks need.
#[derive(Default)]
pub struct PipelineInfo {
    /// Its `VkPipelineBindPoint`.
    pub bind_point: i32,
    /// Its pipeline layout, when Vigil knows it.
    pub layout: Option<Arc<ObjectRecord>>,
    /// `VkPipelineCreateFlags2` (the create info's flags, or the chained flags2).
    pub flags: u64,
    /// What its stages statically use (`state::shaders`), for those Vigil could reflect.
    pub uses: ShaderUses,
    /// Its dynamic states among the core ones (bit n for `VkDynamicState` n < 32); `None` when
    /// not known (pipeline libraries, compute pipelines).
    pub dynamic: Option<u32>,
    /// Its extended dynamic states and the static state deciding which dynamic states a draw
    /// needs; `None` where `dynamic` is.
    pub dynamic_draw: Option<PipelineDynamic>,
    /// The vertex input bindings (bit n for binding n < 32) its vertex shader reads through the
    /// attributes of its vertex input state; `None` when not known (`state::draw_params`).
    pub vertex_bindings: Option<u32>,
    /// Where its vertex shader's attributes are fetched from, when known
    /// (`state::draw_params`).
    pub vertex_fetches: Option<Vec<AttributeFetch>>,
    /// A complete graphics pipeline's render pass and subpass, when known.
    pub render_pass: Option<PipelinePass>,
    /// A complete dynamic rendering pipeline's attachment formats and sample count.
    pub rendering: Option<RenderingFormats>,
    /// A complete graphics pipeline's local read mappings.
    pub maps: Option<LocalReadMaps>,
}

/// What a pipeline's shader stages statically use, merged over the stages Vigil could reflect
/// (a stage it could not leaves nothing here: fewer checks, never a false report).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShaderUses {
    /// The descriptor bindings, sorted by set and binding, each once.
    pub resources: Vec<ResourceUse>,
    /// The images sampled with separate samplers, sorted, each pair once.
    pub sampled_pairs: Vec<SampledPair>,
    /// The set numbers among them, ascending, each once.
    pub sets: Vec<u32>,
    /// `sets` as a mask (bit n for set n), when every one is below 32 (else 0, and no draw
    /// takes the all-clean shortcut).
    pub set_mask: u32,
    /// The stages (`VkShaderStageFlags`) that use push constants.
    pub push_constant_stages: u32,
    /// The largest push constant block they declare, in bytes.
    pub push_constant_size: u32,
    /// The input `Location`s of the vertex stage (`EntryPoint::inputs`), when it was reflected.
    pub vertex_inputs: Option<u64>,
    /// The input attachment indices its stages statically use (`EntryPoint::input_attachments`).
    pub input_attachments: u64,
    /// A stage writes the `PrimitiveShadingRateKHR` built-in.
    pub primitive_shading_rate: bool,
    /// The sets (bit n for set n < 32) with a storage image a stage writes.
    pub written_images: u32,
}

/// A pipeline layout's state.
#[derive(Default)]
pub struct PipelineLayoutState {
    pub(super) info: SetOnce<PipelineLayoutInfo>,
}

/// What a pipeline layout was created with.
pub struct PipelineLayoutInfo {
    /// `VkPipelineLayoutCreateFlags`.
    pub flags: u32,
    /// Per set number; `None` for a null layout (graphics pipeline libraries) or one Vigil
    /// could not follow.
    pub set_layouts: Vec<Option<Arc<ObjectRecord>>>,
    /// Sorted by offset, size and stages.
    pub push_constants: Vec<PushConstantRange>,
}

/// One `VkPushConstantRange`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PushConstantRange {
    pub stages: u32,
    pub offset: u32,
    pub size: u32,
}

/// A descriptor set layout's state.
#[derive(Default)]
pub struct DescriptorSetLayoutState {
    pub(super) info: SetOnce<SetLayoutInfo>,
}

/// What a descriptor set layout was created with: its flags and bindings, by binding number.
#[derive(Debug, PartialEq, Eq)]
pub struct SetLayoutInfo {
    pub flags: u32,
    pub bindings: Vec<SetLayoutBinding>,
    /// By binding number, ascending: what each binding's immutable samplers were created with
    /// (`None` for a sampler the tracker did not know). Not part of `same_definition`.
    pub immutable_samplers: Vec<(u32, Vec<Option<SamplerInfo>>)>,
}

/// One `VkDescriptorSetLayoutBinding` (whether it has immutable samplers, not which).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetLayoutBinding {
    pub binding: u32,
    pub ty: i32,
    pub count: u32,
    pub stages: u32,
    /// Its `VkDescriptorBindingFlags` (`VkDescriptorSetLayoutBindingFlagsCreateInfo`).
    pub flags: u32,
    /// Whether `pImmutableSamplers` was given (sampler and combined image sampler bindings).
    pub immutable_samplers: bool,
}

/// A descriptor set's state: the layout it was allocated with, and what is written in it.
#[derive(Default)]
pub struct DescriptorSetState {
    pub(super) layout: SetOnce<Arc<ObjectRecord>>,
    /// Allocated from a pool created with `VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT` (it may
    /// not be bound).
    pub(super) host_only: AtomicBool,
    /// Its variable descriptor count and contents (`state::descriptors`).
    pub(super) data: SetData,
}

/// A submission: its queue's record and its sequence number there.
pub type SubmissionRef = (Arc<ObjectRecord>, u64);

/// What one submission waits for before it runs.
pub enum Wait {
    /// The binary signal its wait consumed.
    Binary(SubmissionRef),
    /// A timeline semaphore reaching a value.
    Timeline(Arc<ObjectRecord>, u64),
}

/// One batch submitted to a queue (one `VkSubmitInfo`/`VkSubmitInfo2`, or a fence-only submit).
#[derive(Default)]
pub struct Submission {
    pub seq: u64,
    pub command_buffers: Vec<Arc<ObjectRecord>>,
    pub waits: Vec<Wait>,
    /// Semaphores it signals, with the value for timeline ones.
    pub signals: Vec<(Arc<ObjectRecord>, u64)>,
    pub fence: Option<Arc<ObjectRecord>>,
    /// What its command buffers refer to, each counted in use until the submission is dropped
    /// (retired, or forgotten with its queue).
    pub in_use: Vec<Arc<ObjectRecord>>,
}

impl Submission {
    /// What its command buffers refer to is no longer in use by it.
    pub fn release(&mut self) {
        let n = self.in_use.len();
        for r in self.in_use.drain(..) {
            r.in_use.fetch_sub(1, Ordering::AcqRel);
        }
        IN_USE.fetch_sub(n, Ordering::AcqRel);
    }
}

/// How many (record, submission) uses are counted in all records' `in_use`: while 0, no object
/// anywhere is in use, and destroying one needs no search through what it holds.
pub(super) static IN_USE: AtomicUsize = AtomicUsize::new(0);

/// Whether any submission not yet seen to complete refers to any object.
#[inline]
pub fn anything_in_use() -> bool {
    IN_USE.load(Ordering::Acquire) != 0
}

impl Drop for Submission {
    fn drop(&mut self) {
        self.release();
    }
}

/// A queue's state.
#[derive(Default)]
pub struct QueueState {
    pub(super) next_seq: AtomicU64,
    pub(super) submissions: Mutex<VecDeque<Submission>>,
    /// The family it was retrieved from (`ownership`).
    pub(super) family: SetOnce<QueueFamily>,
    /// Retrieved with `VK_DEVICE_QUEUE_CREATE_PROTECTED_BIT` (vkGetDeviceQueue2): it may run
    /// protected submissions.
    pub(super) protected: AtomicBool,
}

/// A fence's state.
#[derive(Default)]
pub struct FenceState {
    /// The submission that signals it, until it is observed or reset.
    pub(super) signaled_by: Mutex<Option<SubmissionRef>>,
    /// Signaled, or to be signaled by what it was submitted or acquired with: it must be reset
    /// before it is submitted again.
    pub(super) signaled: AtomicBool,
}

/// A semaphore's state.
#[derive(Default)]
pub struct SemaphoreState {
    pub(super) timeline: AtomicBool,
    /// A binary semaphore's payload as submitted so far (`submissions::BINARY_*`).
    pub(super) binary: AtomicU8,
    /// Outstanding signals: `(value, submission)`; a binary semaphore has at most one, which
    /// the next wait consumes.
    pub(super) signals: Mutex<Vec<(u64, SubmissionRef)>>,
    /// A timeline semaphore's value as far as Vigil knows it reached (`timeline`).
    pub(super) known_value: AtomicU64,
}

pub use crate::chassis::hash::KeyHasher;

// Image layouts' state (what it does is in `images`).

/// The subresources of an image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageShape {
    pub levels: u32,
    pub layers: u32,
}

/// An image's state.
#[derive(Default)]
pub struct ImageState {
    pub(super) shape: SetOnce<ImageShape>,
    /// The queue-global layout of each entry, as submitted so far.
    pub(super) layouts: Mutex<Vec<i32>>,
    /// The `VkImageCreateFlags` it was created with.
    pub(super) flags: SetOnce<VkImageCreateFlags>,
    /// Its memory, once bound (an image is bound at most once).
    pub(super) binding: SetOnce<MemoryBinding>,
    /// What it was created with, for the transfer commands' rules.
    pub(super) info: SetOnce<ImageInfo>,
    /// Ownership transfers released and not yet acquired (`ownership`).
    pub(super) released: Released,
    /// The views created on it (some perhaps destroyed since), through which submissions use it.
    pub(super) views: Dependents,
    /// Bound to memory (vkBindImageMemory(2), a swapchain's memory included), whether or not
    /// the tracker keeps the memory's record (`binding`).
    pub(super) bound: AtomicBool,
    /// Its `VkImageFormatListCreateInfo`'s formats, when chained with some.
    pub(super) view_format_list: SetOnce<Box<[i32]>>,
}

/// An image view's state: the image it views, and which of its subresources.
#[derive(Default)]
pub struct ImageViewState {
    pub(super) image: SetOnce<(Arc<ObjectRecord>, vigil_generated::VkImageSubresourceRange)>,
    /// The framebuffers created with it as an attachment, through which submissions use it.
    pub(super) framebuffers: Dependents,
    /// What descriptor updates check (`state::descriptors`).
    pub(super) view: SetOnce<ViewInfo>,
    /// The descriptor sets written with it, through which submissions use it.
    pub(super) sets: Dependents,
}

/// A render pass's state: each attachment's initial and final layout (of its stencil aspect too,
/// unless `stencil_layouts` gives that its own).
#[derive(Default)]
pub struct RenderPassState {
    pub(super) attachments: SetOnce<Vec<Option<(i32, i32)>>>,
    pub(super) shape: SetOnce<RenderPassShape>,
    /// Its subpasses' color attachment counts.
    pub(super) clears: ClearShapes,
    /// Each attachment's format, samples and uses, for the framebuffers made for it.
    pub uses: AttachmentUses,
    /// Per attachment, the stencil aspect's own initial and final layout
    /// (`VkAttachmentDescriptionStencilLayout`), when chained.
    pub(super) stencil_layouts: SetOnce<Vec<Option<(i32, i32)>>>,
    /// Per attachment, whether an initial, final or reference layout it is named with is a
    /// depth-only or stencil-only one.
    pub(super) aspect_layouts: SetOnce<Vec<bool>>,
    /// Its compatibility class (`state::render_passes::compatibility`).
    pub compat: SetOnce<u64>,
    /// Per subpass, the read-only aspects of its depth/stencil attachment
    /// (`state::render_passes::ReadOnlyAspects::subpasses`).
    pub read_only: SetOnce<u64>,
    /// Its dependencies from a subpass to itself.
    pub self_dependencies: SetOnce<Arc<[SelfDependency]>>,
    /// The source and the destination stage masks of all its dependencies, each ORed.
    pub dependency_stages: SetOnce<(u64, u64)>,
    /// Per subpass, the attachments it uses as an input and as a color, resolve or
    /// depth/stencil attachment (`state::render_passes::feedback_attachments`).
    pub feedback: SetOnce<Arc<[Vec<u32>]>>,
}

/// What beginning, advancing and ending a render pass's instances is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RenderPassShape {
    pub subpasses: u32,
    /// One more than the largest attachment index cleared on load (`VK_ATTACHMENT_LOAD_OP_CLEAR`,
    /// or its stencil load op for a format with stencil): the clear values it needs at least.
    pub clear_values: u32,
}

/// A framebuffer's state: its attachments (none for an imageless one).
#[derive(Default)]
pub struct FramebufferState {
    pub(super) views: SetOnce<Vec<Arc<ObjectRecord>>>,
    /// Its width and height.
    pub(super) extent: SetOnce<(u32, u32)>,
    /// Its layers.
    pub(super) clears: ClearShapes,
    /// The compatibility class of the render pass it was created with, when known.
    pub render_pass_compat: SetOnce<u64>,
    /// An imageless framebuffer's attachment image infos (`VkFramebufferAttachmentsCreateInfo`'s).
    pub imageless_attachments: SetOnce<Box<[FramebufferImage]>>,
}

/// What one recording does to one image's layouts.
#[derive(Clone)]
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

// Memory's state (what it does is in `memory`).

/// What a memory object was allocated with.
#[derive(Clone, Copy, Debug)]
pub struct Allocation {
    /// `allocationSize`.
    pub size: u64,
    pub type_index: u32,
    /// The property flags of its memory type.
    pub properties: VkMemoryPropertyFlags,
    /// The flags of that type's heap.
    pub heap: VkMemoryHeapFlags,
    /// `VkMemoryAllocateFlagsInfo::flags`, when chained.
    pub flags: VkMemoryAllocateFlags,
    /// `VkMemoryDedicatedAllocateInfo`'s image and buffer (as the application names them), when
    /// chained.
    pub dedicated: Option<(u64, u64)>,
    /// `VkExportMemoryAllocateInfo::handleTypes`, when chained (0 otherwise).
    pub export: u32,
    /// The `VkExternalMemoryHandleTypeFlagBits` of the handle it was imported from, when an
    /// import structure that names one is chained (0 otherwise).
    pub import: u32,
}

/// A host mapping of a memory object: its offset and size in bytes (`VK_WHOLE_SIZE` resolved).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mapping {
    pub offset: u64,
    pub size: u64,
}

/// A device memory object's state.
#[derive(Default)]
pub struct DeviceMemoryState {
    pub(super) allocation: SetOnce<Allocation>,
    /// Its host mapping; map and unmap are externally synchronized, so the lock is uncontended.
    pub(super) mapping: Mutex<Option<Mapping>>,
    /// The buffers and images bound to it, through which submissions use it.
    pub(super) bound: Dependents,
}

/// What a buffer was created with.
#[derive(Clone, Copy, Debug)]
pub struct BufferInfo {
    pub size: u64,
    /// `VkBufferUsageFlags2`: `VkBufferUsageFlags2CreateInfo::usage` when chained, else the
    /// create info's usage.
    pub usage: u64,
    pub flags: VkBufferCreateFlags,
    /// Created with `VK_SHARING_MODE_EXCLUSIVE`: ownership transfers name valid families.
    pub exclusive: bool,
    /// `VkExternalMemoryBufferCreateInfo::handleTypes`, when chained (0 otherwise).
    pub external: u32,
}

/// Where a buffer's or image's memory is: the memory object's record and the offset into it.
#[derive(Clone)]
pub struct MemoryBinding {
    pub memory: Arc<ObjectRecord>,
    pub offset: u64,
}

/// A buffer's state.
#[derive(Default)]
pub struct BufferState {
    pub(super) info: SetOnce<BufferInfo>,
    /// Its memory, once bound (a non-sparse buffer is bound at most once).
    pub(super) binding: SetOnce<MemoryBinding>,
    /// Ownership transfers released and not yet acquired (`ownership`).
    pub(super) released: Released,
    /// The descriptor sets written with it, through which submissions use it.
    pub(super) sets: Dependents,
}

/// What a descriptor update template was created with.
pub struct TemplateInfo {
    /// `VkDescriptorUpdateTemplateType`.
    pub ty: i32,
    /// The pipeline layout and set number it pushes to (push descriptor templates).
    pub pipeline_layout: Option<Arc<ObjectRecord>>,
    pub set: u32,
    pub entries: Vec<VkDescriptorUpdateTemplateEntry>,
}

/// A descriptor update template's state.
#[derive(Default)]
pub struct UpdateTemplateState {
    pub(super) info: SetOnce<TemplateInfo>,
}

/// A descriptor set's variable descriptor count and contents.
#[derive(Default)]
pub struct SetData {
    /// The variable-count binding's count, when its layout has one (0 when not given).
    pub(super) variable: SetOnce<u32>,
    pub(super) contents: Mutex<Contents>,
    /// Changes with every update of its contents (`descriptors::next_version`): draw-time
    /// checks that found it valid need not look again while it stays.
    pub(super) version: AtomicU64,
    /// The version of the last update that wrote a binding without update-after-bind or
    /// update-unused-while-pending (0: none): it invalidates recordings that bound the set before.
    pub(super) invalidating: AtomicU64,
    /// The fingerprint (pipeline, set version, object-table epoch) of the last draw-time check
    /// that found what a pipeline uses of it valid (0: none), shared by every recording that
    /// binds it: recordings that alternate between sets find each one checked.
    pub(super) checked: AtomicU64,
}

/// A set's descriptors, in the layout's binding order (a binding's elements together), allocated
/// at its first update: a bit and a handle per descriptor (a large bindless set costs a little
/// over 8 bytes a descriptor).
#[derive(Default)]
pub(super) struct Contents {
    /// One bit per descriptor: whether it is written.
    pub(super) written: Vec<u64>,
    /// One per descriptor: the resource it names (0 when none, or not written).
    pub(super) resources: Vec<u64>,
    /// For the written descriptors of mutable bindings: the type they were last written with
    /// (the others have their binding's type).
    pub(super) mutable: BTreeMap<u64, i32>,
    /// For the written dynamic uniform and storage buffer descriptors: their offset and range.
    pub(super) ranges: BTreeMap<u64, (u64, u64)>,
    /// For the written combined image sampler descriptors: their sampler, when known.
    pub(super) samplers: BTreeMap<u64, SamplerInfo>,
    /// One per descriptor: the record of the resource it names, when the tracker knew it (and
    /// no other object shared its handle) when it was written.
    pub(super) records: Vec<Option<Weak<ObjectRecord>>>,
}

/// A shader object's state.
#[derive(Default)]
pub struct ShaderObjectState {
    pub(super) info: SetOnce<ShaderObjectInfo>,
}

/// What a shader object was created with that the checks need.
#[derive(Default)]
pub struct ShaderObjectInfo {
    /// Its `VkShaderStageFlagBits`.
    pub stage: u32,
    /// The stages that may follow it (`nextStage`).
    pub next_stage: u32,
    /// `VkShaderCreateFlagsEXT`.
    pub flags: u32,
    /// Its descriptor set layouts (`None` for a null one or one Vigil does not know).
    pub set_layouts: Vec<Option<Arc<ObjectRecord>>>,
    /// Its push constant ranges, sorted (compared regardless of the order given).
    pub push_constants: Vec<PushConstantRange>,
    /// What its entry point statically uses, when its SPIR-V was reflected.
    pub uses: ShaderUses,
    /// Its local workgroup size, when declared with literals.
    pub local_size: Option<[u32; 3]>,
    /// For a shader created with `VK_SHADER_CREATE_LINK_STAGE_BIT_EXT`: the call that created
    /// it (a number unique to the call) and the stages of the shaders linked in that call.
    pub link: Option<(u64, u32)>,
}

/// What a recording binds to the shader stages of one bind point.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoundShaders {
    /// The stages (`VkShaderStageFlags`) named in a vkCmdBindShadersEXT since the recording
    /// began, with a shader or VK_NULL_HANDLE.
    pub named: u32,
    /// The stages with a shader bound now.
    pub bound: u32,
    /// Per stage slot, the shader bound there.
    pub shaders: [Option<Key>; STAGE_SLOTS],
    /// What the draw-time rules need of the bound shaders, worked out when they were bound.
    pub verdict: Verdict,
}

/// The stages a shader object may have, in their slots' order: a slot is the stage bit's index.
pub const STAGE_SLOTS: usize = 8;

/// Objects that depend on one (the buffers and images bound to a memory object, the views of an
/// image, the framebuffers of a view, the descriptor sets written with a resource), through
/// which submissions use it: weak references, of which those destroyed since, and repeats, are
/// dropped whenever the list would grow, so it holds about twice the distinct live ones at most.
#[derive(Default)]
pub struct Dependents(pub(super) Mutex<Vec<Weak<ObjectRecord>>>);

/// A buffer view's state.
#[derive(Default)]
pub struct BufferViewState {
    pub(super) info: SetOnce<BufferViewInfo>,
    /// The descriptor sets written with it, through which submissions use it.
    pub(super) sets: Dependents,
}

/// A sampler Y′CBCR conversion's state: what it was created with.
#[derive(Default)]
pub struct YcbcrConversionState {
    pub(super) info: SetOnce<YcbcrConversionInfo>,
}

/// A sampler's state: what it was created with.
#[derive(Default)]
pub struct SamplerState {
    pub(super) info: SetOnce<SamplerInfo>,
    /// The descriptor sets written with it (sampler descriptors), through which submissions use
    /// it.
    pub(super) sets: Dependents,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_records_allocation_is_reused_only_once_nothing_refers_to_it() {
        let (pool, k) = (Key { scope: 1, handle: 0x10, ty: 5 }, Key { scope: 1, handle: 0x20, ty: 5 });
        let parent = ObjectRecord::shared(pool, None, false, Origin::Created);
        let r = ObjectRecord::shared(k, Some(parent.clone()), false, Origin::Created);
        assert!(ObjectRecord::into_spare(r.clone()).is_none(), "another strong reference: none");
        let weak = Arc::downgrade(&r);
        assert!(ObjectRecord::into_spare(r).is_none(), "a weak reference: none");
        assert!(weak.upgrade().is_none(), "and the record was dropped");
        assert_eq!(Arc::strong_count(&parent), 1, "with what it held");

        let r = ObjectRecord::shared(k, Some(parent.clone()), true, Origin::Created);
        let at = Arc::as_ptr(&r) as usize;
        let spare = ObjectRecord::into_spare(r).expect("the only reference");
        assert_eq!(Arc::strong_count(&parent), 1, "its contents were dropped");
        let k2 = Key { handle: 0x30, ..k };
        let again = ObjectRecord::shared_in(Some(spare), k2, None, false, Origin::Retrieved, true);
        assert_eq!(Arc::as_ptr(&again) as usize, at, "the same allocation");
        assert_eq!((again.key, again.parent.is_none(), again.with_allocator), (k2, true, false));
        assert_eq!((again.origin, again.refs.load(Ordering::Relaxed)), (Origin::Retrieved, 1));
        assert!(!again.destroyed());
    }

    /// The variant each handle type's record starts with, by the object type alone.
    fn variant_of(t: VkObjectType) -> Option<std::mem::Discriminant<ObjectState>> {
        use ObjectState as S;
        use VkObjectType as T;
        let state = match t {
            T::VK_OBJECT_TYPE_IMAGE => S::Image(Default::default()),
            T::VK_OBJECT_TYPE_IMAGE_VIEW => S::ImageView(Default::default()),
            T::VK_OBJECT_TYPE_FRAMEBUFFER => S::Framebuffer(Default::default()),
            T::VK_OBJECT_TYPE_RENDER_PASS => S::RenderPass(Default::default()),
            T::VK_OBJECT_TYPE_COMMAND_POOL => S::CommandPool(Default::default()),
            T::VK_OBJECT_TYPE_COMMAND_BUFFER => S::CommandBuffer(Default::default()),
            T::VK_OBJECT_TYPE_QUEUE => S::Queue(Default::default()),
            T::VK_OBJECT_TYPE_FENCE => S::Fence(Default::default()),
            T::VK_OBJECT_TYPE_SEMAPHORE => S::Semaphore(Default::default()),
            T::VK_OBJECT_TYPE_PIPELINE => S::Pipeline(Default::default()),
            T::VK_OBJECT_TYPE_PIPELINE_LAYOUT => S::PipelineLayout(Default::default()),
            T::VK_OBJECT_TYPE_DESCRIPTOR_SET_LAYOUT => S::DescriptorSetLayout(Default::default()),
            T::VK_OBJECT_TYPE_DESCRIPTOR_SET => S::DescriptorSet(Default::default()),
            T::VK_OBJECT_TYPE_DEVICE_MEMORY => S::DeviceMemory(Default::default()),
            T::VK_OBJECT_TYPE_BUFFER => S::Buffer(Default::default()),
            T::VK_OBJECT_TYPE_SHADER_MODULE => S::ShaderModule(Default::default()),
            T::VK_OBJECT_TYPE_QUERY_POOL => S::QueryPool(Default::default()),
            T::VK_OBJECT_TYPE_EVENT => S::Event(Default::default()),
            T::VK_OBJECT_TYPE_SWAPCHAIN_KHR => S::Swapchain(Default::default()),
            T::VK_OBJECT_TYPE_DESCRIPTOR_POOL => S::DescriptorPool(Default::default()),
            T::VK_OBJECT_TYPE_BUFFER_VIEW => S::BufferView(Default::default()),
            T::VK_OBJECT_TYPE_DESCRIPTOR_UPDATE_TEMPLATE => S::DescriptorUpdateTemplate(Default::default()),
            T::VK_OBJECT_TYPE_SHADER_EXT => S::ShaderObject(Default::default()),
            T::VK_OBJECT_TYPE_SAMPLER => S::Sampler(Default::default()),
            T::VK_OBJECT_TYPE_SAMPLER_YCBCR_CONVERSION => S::SamplerYcbcrConversion(Default::default()),
            _ => return None,
        };
        Some(std::mem::discriminant(&state))
    }

    /// Each variant is written by a function of its own: every handle type gets its own state
    /// (the rest none), in a new allocation and in a spare that held another type's.
    #[test]
    fn every_handle_type_starts_with_its_own_state() {
        let mut typed = 0;
        let mut spare = None;
        for (ty, t) in HANDLE_TYPES.iter().enumerate() {
            let k = Key { scope: 1, handle: 0x40 + ty as u64, ty: ty as u16 };
            let expected = variant_of(t.object_type).unwrap_or(std::mem::discriminant(&ObjectState::None));
            typed += usize::from(variant_of(t.object_type).is_some());
            let fresh = ObjectRecord::shared(k, None, false, Origin::Created);
            assert_eq!(std::mem::discriminant(&fresh.state), expected, "{}", t.name);
            let reused = ObjectRecord::shared_in(spare.take(), k, None, false, Origin::Created, true);
            assert_eq!(std::mem::discriminant(&reused.state), expected, "{} in a spare", t.name);
            // The next type's record is made in this one's allocation.
            spare = ObjectRecord::into_spare(reused);
            assert!(spare.is_some());
            // Made for a tracker that keeps no typed state: a resource has none, a lifecycle
            // object its own.
            let untyped = ObjectRecord::shared_in(spare.take(), k, None, false, Origin::Created, false);
            let resource = ObjectState::filled_when_typed(t.object_type);
            let without = if resource { std::mem::discriminant(&ObjectState::None) } else { expected };
            assert_eq!(std::mem::discriminant(&untyped.state), without, "{} untyped", t.name);
            spare = ObjectRecord::into_spare(untyped);
        }
        assert_eq!(typed, 25, "every variant but None has a handle type");
        let resources = HANDLE_TYPES.iter().filter(|t| ObjectState::filled_when_typed(t.object_type)).count();
        assert_eq!(resources, 15);
        let past = HANDLE_TYPES.len() as u16;
        let none = ObjectRecord::shared(Key { scope: 1, handle: 1, ty: past }, None, false, Origin::Seen);
        assert!(matches!(none.state, ObjectState::None));
    }
}
