//! The state tracker of one instance or device: it records what each call creates, allocates or
//! retrieves into the object table, and forgets what it destroys, frees or resets. The generated
//! tables (`vigil_generated::objects`) say what each command does to objects.
//!
//! The chassis runs its record hooks around the validation objects': after the call, it records
//! creations before the others' post-record hooks see them; before the call, it forgets
//! destroyed objects after the others' pre-record hooks (thread safety counts the destroying
//! use first).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use vigil_generated::objects::*;
use vigil_generated::stateless::Shape;
use vigil_generated::*;

use super::command_buffers::{IndexBinding, Pushed, Recording, References, RenderPassInstance};
use super::events::SetBy;
use super::images::{dependency_barriers, ImageBarrier};
use super::images::{Overlay, RenderPassShape};
use super::objects::{key, ObjectRecord, ObjectState, Origin, OBJECTS, TYPES};
use super::pipelines::{bind_point_index, PipelineDesc, PipelineInfo, ShaderUses};
use super::queries::QueryCommand;
use super::shaders::{reflect_create_info, Reflection};
use super::sites::{self, handles, SiteVisitor, Skip};
use super::submissions::{self, Submission, Wait};
use crate::chassis::raw::{chained, count, read_ptr, read_uint, slice, Base};
use crate::chassis::{hooks, Call, Hooks, Phase, ValidationObject};
use crate::report::Severity;

/// The state tracker of one instance or device.
pub struct StateTracker {
    /// The device (or instance) whose calls these are; 0 until an instance is created.
    scope: AtomicU64,
    /// Its instance (itself, for an instance).
    instance: AtomicU64,
    /// The device's queues, as retrieved: vkDeviceWaitIdle retires their submissions.
    queues: Mutex<Vec<Arc<ObjectRecord>>>,
    /// The largest backlog any submit left (each field on its own).
    peak: Peak,
    /// Whether recordings keep what they refer to (core validation reads it).
    references: bool,
}

/// The largest [`submissions::Backlog`] seen, field by field.
#[derive(Default)]
struct Peak {
    submissions: AtomicUsize,
    signals: AtomicUsize,
}

/// What the tracker says, at INFO, when its device is destroyed: how much state it held at
/// most, so that growth shows without a profiler.
const ID_STATISTICS: &str = "UNASSIGNED-Vigil-State-statistics";

impl StateTracker {
    /// The tracker of an instance about to be created (its handle is learned at creation).
    pub fn for_instance() -> Self {
        StateTracker {
            scope: AtomicU64::new(0),
            instance: AtomicU64::new(0),
            queues: Mutex::default(),
            peak: Peak::default(),
            references: false,
        }
    }

    /// The tracker of device `device` of `instance`; `references`: recordings keep what they
    /// refer to.
    pub fn for_device(device: u64, instance: u64, references: bool) -> Self {
        OBJECTS.add_scope(device);
        StateTracker {
            scope: AtomicU64::new(device),
            instance: AtomicU64::new(instance),
            queues: Mutex::default(),
            peak: Peak::default(),
            references,
        }
    }

    fn scopes(&self) -> (u64, u64) {
        (self.scope.load(Ordering::Relaxed), self.instance.load(Ordering::Relaxed))
    }

    /// The record of handle `h` of type `ty` named in this device's (or instance's) calls.
    pub fn get(&self, ty: u16, h: u64) -> Option<Arc<ObjectRecord>> {
        let (scope, instance) = self.scopes();
        (h != 0).then(|| OBJECTS.get(key(ty, h, scope, instance))).flatten()
    }

    fn is_root(ty: u16) -> bool {
        matches!(
            HANDLE_TYPES[usize::from(ty)].object_type,
            VkObjectType::VK_OBJECT_TYPE_INSTANCE | VkObjectType::VK_OBJECT_TYPE_DEVICE
        )
    }

    /// Forgets what a destroy, free or pool reset ends.
    fn forget(&self, command: &'static CommandHandles, params: &[*const u8]) {
        let (scope, instance) = self.scopes();
        match command.role {
            Role::Destroy { param } => {
                let Some(HandleElem::Handle(ty)) = command.param(param).map(|f| f.elem) else { return };
                // SAFETY: the parameters of the command the table describes.
                let h = unsafe { param_handle(params, param) };
                if h == 0 {
                    return;
                }
                if Self::is_root(ty) {
                    OBJECTS.remove_scope(h);
                }
                OBJECTS.remove(key(ty, h, scope, instance));
            }
            Role::Free { handles, .. } => {
                let Some(f) = command.param(handles) else { return };
                // SAFETY: the parameters of the command the table describes.
                let Some((ty, freed)) = (unsafe { site_handles(f, params) }) else { return };
                for h in freed {
                    OBJECTS.remove(key(ty, h, scope, instance));
                }
            }
            Role::Reset { pool } => {
                let Some(HandleElem::Handle(ty)) = command.param(pool).map(|f| f.elem) else { return };
                // SAFETY: as above.
                let h = unsafe { param_handle(params, pool) };
                if let Some(pool) = OBJECTS.get(key(ty, h, scope, instance)) {
                    OBJECTS.remove_children(&pool);
                }
            }
            _ => {}
        }
    }

    /// Records what a create or retrieve returned.
    fn record(&self, command: &'static CommandHandles, params: &[*const u8], result: Option<VkResult>) {
        let succeeded = result.is_none_or(|r| r.0 >= 0);
        let (scope, instance) = self.scopes();
        let (param, parent, origin) = match command.role {
            Role::Create { param, pool, parent } => (param, pool.then_some(parent), Origin::Created),
            // Objects retrieved from a non-dispatchable object (a swapchain's images) go with
            // it; parameter 0 is the dispatchable device or instance.
            Role::Retrieve { param, parent } => (param, (parent.param != 0).then_some(parent), Origin::Retrieved),
            _ => return,
        };
        let Some(f) = command.param(param) else { return };
        // Arrays of pipelines may be partly created even when the call fails: the failed
        // elements are VK_NULL_HANDLE.
        if !succeeded && (origin == Origin::Retrieved || !matches!(f.shape, Shape::Slice(_))) {
            return;
        }
        // SAFETY: the call returned and wrote its outputs.
        let Some((ty, created)) = (unsafe { site_handles(f, params) }) else { return };
        if HANDLE_TYPES[usize::from(ty)].object_type == VkObjectType::VK_OBJECT_TYPE_INSTANCE {
            let Some(&h) = created.first() else { return };
            // The instance is its own scope, not an object in it (never a leak of itself).
            self.scope.store(h, Ordering::Relaxed);
            self.instance.store(h, Ordering::Relaxed);
            OBJECTS.add_scope(h);
            return;
        }
        // SAFETY: the parameters of the command the table describes.
        let parent = parent.and_then(|p| unsafe { parent_record(command, p, params, scope, instance) });
        let with_allocator = unsafe { param_pointer_set(params, command.allocator) };
        for h in created {
            OBJECTS.insert(key(ty, h, scope, instance), parent.clone(), with_allocator, origin);
        }
    }
}

/// The tracker's generic hooks run for the commands that change what exists (`BEGINS` after the
/// call, `ENDS` before it: generated from the role table) and the vkCmd* commands that name
/// objects (`REFERENCING`, after the call), and no other: a draw costs it nothing.
const fn recording(hooks: Hooks) -> Hooks {
    hooks
        .generic_only_for(Phase::PreRecord, ENDS)
        .generic_only_for(Phase::PostRecord, BEGINS)
        .generic_also_for(Phase::PostRecord, REFERENCING)
}

#[hooks(then = recording)]
impl ValidationObject for StateTracker {
    #[inline(always)]
    fn pre_record_call(&self, cx: &Call<'_>) {
        let command = &COMMAND_HANDLES[cx.command];
        if matches!(command.role, Role::Destroy { .. } | Role::Free { .. } | Role::Reset { .. }) {
            self.forget(command, cx.params)
        }
    }

    #[inline(always)]
    fn post_record_call(&self, cx: &Call<'_>, result: Option<VkResult>) {
        let command = &COMMAND_HANDLES[cx.command];
        match command.role {
            Role::Create { .. } | Role::Retrieve { .. } => self.record(command, cx.params, result),
            Role::Use if self.references => self.refer(command, cx.params),
            _ => {}
        }
    }

    fn pre_call_record_destroy_device(
        &self,
        cx: &Call<'_>,
        device: VkDevice,
        _allocator: *const VkAllocationCallbacks,
    ) {
        if device.as_raw() != 0 {
            cx.report(
                Severity::Info,
                ID_STATISTICS,
                &cx.location(),
                format_args!(
                    "the state tracker held at most {} records of this device at once; at most {} submissions \
                     on one queue and {} signals of one semaphore awaited completion.",
                    OBJECTS.peak_records(device.as_raw()),
                    self.peak.submissions.load(Ordering::Relaxed),
                    self.peak.signals.load(Ordering::Relaxed),
                ),
            );
        }
        self.pre_record_call(cx);
    }

    fn post_call_record_create_image(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkImageCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        image: *mut VkImage,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: a valid create info, and the image written.
        if let (true, Some(info), Some(image)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { image.as_ref() }) {
            if let Some(i) = self.get(TYPES.image, image.as_raw()) {
                if let Some(state) = i.image() {
                    state.created(info);
                    let properties = cx.device().and_then(|d| d.format_properties(info.format));
                    // SAFETY: the accepted info's pNext chain.
                    state.set_info(unsafe { super::images::ImageInfo::new(info, properties) });
                }
            }
            unsafe { self.image_usage_created(info, image.as_raw()) };
        }
    }

    fn post_call_record_create_image_view(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkImageViewCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        view: *mut VkImageView,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: as for vkCreateImage.
        if let (true, Some(info), Some(view)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { view.as_ref() }) {
            let image = self.get(TYPES.image, info.image.as_raw());
            if let (Some(v), Some(image)) = (self.get(TYPES.image_view, view.as_raw()), image) {
                if let Some(state) = v.image_view() {
                    state.set_image(image, info.subresourceRange);
                }
            }
            unsafe { self.view_created_for_descriptors(info, view.as_raw()) };
        }
    }

    fn post_call_record_create_render_pass(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkRenderPassCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        render_pass: *mut VkRenderPass,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: as for vkCreateImage.
        let (Some(info), Some(rp)) = (unsafe { info.as_ref() }, unsafe { render_pass.as_ref() }) else { return };
        if result.0 < 0 {
            return;
        }
        let attachments = unsafe { slice(info.pAttachments, info.attachmentCount) };
        let layouts = attachments.iter().map(|a| Some((a.initialLayout.0, a.finalLayout.0))).collect();
        let clears = attachments.iter().map(|a| (a.format, a.loadOp, a.stencilLoadOp));
        self.render_pass_created(rp.as_raw(), layouts, shape(info.subpassCount, clears));
        // SAFETY: the accepted create info.
        self.render_pass_colors(rp.as_raw(), unsafe { super::clears::render_pass_colors(info) });
        // SAFETY: as above.
        self.render_pass_uses(rp.as_raw(), unsafe { super::render_passes::attachment_uses(info) });
    }

    fn post_call_record_create_render_pass2(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkRenderPassCreateInfo2,
        _allocator: *const VkAllocationCallbacks,
        render_pass: *mut VkRenderPass,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: as for vkCreateImage.
        let (Some(info), Some(rp)) = (unsafe { info.as_ref() }, unsafe { render_pass.as_ref() }) else { return };
        if result.0 < 0 {
            return;
        }
        let stencil = VkStructureType::VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_STENCIL_LAYOUT;
        let attachments = unsafe { slice(info.pAttachments, info.attachmentCount) };
        let layouts = attachments
            .iter()
            .map(|a| {
                // A stencil aspect with layouts of its own is not followed.
                let separate = unsafe { chained::<VkAttachmentDescriptionStencilLayout>(a.pNext, stencil) }.is_some();
                (!separate).then_some((a.initialLayout.0, a.finalLayout.0))
            })
            .collect();
        let clears = attachments.iter().map(|a| (a.format, a.loadOp, a.stencilLoadOp));
        self.render_pass_created(rp.as_raw(), layouts, shape(info.subpassCount, clears));
        // SAFETY: the accepted create info.
        self.render_pass_colors(rp.as_raw(), unsafe { super::clears::render_pass2_colors(info) });
        // SAFETY: as above.
        self.render_pass_uses(rp.as_raw(), unsafe { super::render_passes::attachment_uses2(info) });
    }

    fn post_call_record_create_framebuffer(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkFramebufferCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        framebuffer: *mut VkFramebuffer,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: as for vkCreateImage; an imageless framebuffer's attachments are not views.
        let (Some(info), Some(fb)) = (unsafe { info.as_ref() }, unsafe { framebuffer.as_ref() }) else { return };
        if result.0 < 0 {
            return;
        }
        let Some(state) = self.get(TYPES.framebuffer, fb.as_raw()) else { return };
        let Some(f) = state.framebuffer() else { return };
        f.set_extent(info.width, info.height);
        self.framebuffer_layers(fb.as_raw(), info.layers);
        if info.flags.0 & VkFramebufferCreateFlags::VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT.0 == 0 {
            let views = unsafe { slice(info.pAttachments, info.attachmentCount) };
            f.set_views(views.iter().filter_map(|v| self.get(TYPES.image_view, v.as_raw())).collect());
        }
    }

    fn post_call_record_create_descriptor_set_layout(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkDescriptorSetLayoutCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        layout: *mut VkDescriptorSetLayout,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: a valid create info, and the layout written.
        if let (true, Some(info), Some(layout)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { layout.as_ref() })
        {
            if let Some(l) = self.get(TYPES.descriptor_set_layout, layout.as_raw()) {
                unsafe { l.set_layout_created(info) };
            }
        }
    }

    fn post_call_record_create_pipeline_layout(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkPipelineLayoutCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        layout: *mut VkPipelineLayout,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: as for vkCreateDescriptorSetLayout.
        if let (true, Some(info), Some(layout)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { layout.as_ref() })
        {
            if let Some(l) = self.get(TYPES.pipeline_layout, layout.as_raw()) {
                unsafe { l.pipeline_layout_created(info, |s| self.get(TYPES.descriptor_set_layout, s)) };
            }
        }
    }

    fn post_call_record_create_graphics_pipelines(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        _cache: VkPipelineCache,
        count: u32,
        infos: *const VkGraphicsPipelineCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        pipelines: *mut VkPipeline,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: as many pipelines written as create infos passed (null where one failed).
        let (infos, created) = unsafe { (slice(infos, count), slice(pipelines, count)) };
        self.pipelines_created(cx, 0, created, |i| unsafe { PipelineDesc::graphics(&infos[i]) });
    }

    fn post_call_record_create_compute_pipelines(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        _cache: VkPipelineCache,
        count: u32,
        infos: *const VkComputePipelineCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        pipelines: *mut VkPipeline,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: as for vkCreateGraphicsPipelines.
        let (infos, created) = unsafe { (slice(infos, count), slice(pipelines, count)) };
        self.pipelines_created(cx, 1, created, |i| unsafe { PipelineDesc::compute(&infos[i]) });
    }

    fn post_call_record_allocate_descriptor_sets(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkDescriptorSetAllocateInfo,
        sets: *mut VkDescriptorSet,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if result.0 < 0 {
            return;
        }
        // SAFETY: the call succeeded: `descriptorSetCount` layouts in, as many sets written.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        let (layouts, sets) =
            unsafe { (slice(info.pSetLayouts, info.descriptorSetCount), slice(sets, info.descriptorSetCount)) };
        for (layout, set) in layouts.iter().zip(sets) {
            if let (Some(l), Some(s)) =
                (self.get(TYPES.descriptor_set_layout, layout.as_raw()), self.get(TYPES.descriptor_set, set.as_raw()))
            {
                s.set_allocated(l);
            }
        }
        unsafe { self.descriptor_sets_allocated(info, sets) };
    }

    fn post_call_record_cmd_bind_pipeline(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        point: VkPipelineBindPoint,
        pipeline: VkPipeline,
        _result: (),
    ) {
        if !self.references {
            return;
        }
        let (scope, instance) = self.scopes();
        self.refer_then(&COMMAND_HANDLES[cx.command], cx.params, |r| {
            if let Some(i) = bind_point_index(point.0) {
                let k = key(TYPES.pipeline, pipeline.as_raw(), scope, instance);
                r.bound[i].pipeline = Some(k);
                if i == 0 {
                    // Binding a pipeline invalidates the dynamic state it has static.
                    match r.references.with_record(k, |p| p.pipeline().and_then(|p| p.dynamic)).flatten() {
                        Some(dynamic) => r.draw.dynamic_set &= dynamic,
                        None => r.draw.unknown = true,
                    }
                }
            }
        });
    }

    fn post_call_record_cmd_bind_descriptor_sets(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        point: VkPipelineBindPoint,
        layout: VkPipelineLayout,
        first: u32,
        count: u32,
        sets: *const VkDescriptorSet,
        _dynamic_count: u32,
        _dynamic: *const u32,
        _result: (),
    ) {
        if !self.references {
            return;
        }
        let (scope, instance) = self.scopes();
        // SAFETY: `count` sets, as the application passed them.
        let sets = unsafe { slice(sets, count) };
        self.refer_then(&COMMAND_HANDLES[cx.command], cx.params, |r| {
            let Some(i) = bind_point_index(point.0) else { return };
            let layout = key(TYPES.pipeline_layout, layout.as_raw(), scope, instance);
            let sets =
                sets.iter().map(|s| (s.as_raw() != 0).then(|| key(TYPES.descriptor_set, s.as_raw(), scope, instance)));
            r.bound[i].bind_sets(layout, first, sets);
        });
    }

    fn post_call_record_allocate_memory(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkMemoryAllocateInfo,
        _allocator: *const VkAllocationCallbacks,
        memory: *mut VkDeviceMemory,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: a valid allocate info, and the memory written.
        if let (true, Some(info), Some(memory)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { memory.as_ref() })
        {
            unsafe { self.memory_allocated(cx.device(), info, memory.as_raw()) };
        }
    }

    fn post_call_record_create_buffer(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkBufferCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        buffer: *mut VkBuffer,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: as for vkCreateImage.
        if let (true, Some(info), Some(buffer)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { buffer.as_ref() })
        {
            unsafe { self.buffer_created(info, buffer.as_raw()) };
        }
    }

    fn post_call_record_bind_buffer_memory(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        buffer: VkBuffer,
        memory: VkDeviceMemory,
        offset: VkDeviceSize,
        result: VkResult,
    ) {
        if result == VkResult::VK_SUCCESS {
            self.buffer_bound(buffer, memory, offset);
        }
    }

    fn post_call_record_bind_buffer_memory2(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        infos: *const VkBindBufferMemoryInfo,
        result: VkResult,
    ) {
        // A failed call leaves every binding undefined: none is recorded.
        if result == VkResult::VK_SUCCESS {
            // SAFETY: `count` bind infos the implementation accepted.
            for b in unsafe { slice(infos, count) } {
                self.buffer_bound(b.buffer, b.memory, b.memoryOffset);
            }
        }
    }

    fn post_call_record_bind_image_memory(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        image: VkImage,
        memory: VkDeviceMemory,
        offset: VkDeviceSize,
        result: VkResult,
    ) {
        if result == VkResult::VK_SUCCESS {
            self.image_bound(image, memory, offset);
        }
    }

    fn post_call_record_bind_image_memory2(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        infos: *const VkBindImageMemoryInfo,
        result: VkResult,
    ) {
        if result != VkResult::VK_SUCCESS {
            return;
        }
        let plane = VkStructureType::VK_STRUCTURE_TYPE_BIND_IMAGE_PLANE_MEMORY_INFO;
        // SAFETY: `count` bind infos the implementation accepted.
        for b in unsafe { slice(infos, count) } {
            // One plane of a disjoint image is not the image's binding; a swapchain image's
            // memory (VK_NULL_HANDLE here) is the swapchain's.
            if unsafe { chained::<VkBindImagePlaneMemoryInfo>(b.pNext, plane) }.is_none() {
                self.image_bound(b.image, b.memory, b.memoryOffset);
            }
        }
    }

    fn post_call_record_map_memory(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        memory: VkDeviceMemory,
        offset: VkDeviceSize,
        size: VkDeviceSize,
        _flags: VkMemoryMapFlags,
        _data: *mut *mut core::ffi::c_void,
        result: VkResult,
    ) {
        if result == VkResult::VK_SUCCESS {
            self.memory_mapped(memory, offset, size);
        }
    }

    fn post_call_record_map_memory2(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkMemoryMapInfo,
        _data: *mut *mut core::ffi::c_void,
        result: VkResult,
    ) {
        // SAFETY: the map info the implementation accepted.
        if let Some(info) = unsafe { info.as_ref() }.filter(|_| result == VkResult::VK_SUCCESS) {
            self.memory_mapped(info.memory, info.offset, info.size);
        }
    }

    fn post_call_record_unmap_memory(&self, _cx: &Call<'_>, _device: VkDevice, memory: VkDeviceMemory, _result: ()) {
        self.memory_unmapped(memory);
    }

    fn post_call_record_unmap_memory2(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkMemoryUnmapInfo,
        result: VkResult,
    ) {
        // SAFETY: the unmap info the implementation accepted.
        if let Some(info) = unsafe { info.as_ref() }.filter(|_| result == VkResult::VK_SUCCESS) {
            self.memory_unmapped(info.memory);
        }
    }

    fn post_call_record_cmd_pipeline_barrier(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _src: VkPipelineStageFlags,
        _dst: VkPipelineStageFlags,
        _flags: VkDependencyFlags,
        _memory_count: u32,
        _memory: *const VkMemoryBarrier,
        _buffer_count: u32,
        _buffer: *const VkBufferMemoryBarrier,
        image_count: u32,
        images: *const VkImageMemoryBarrier,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: `image_count` barriers, as the application passed them.
        let barriers = unsafe { slice(images, image_count) };
        self.barriers(cb, barriers.iter().map(ImageBarrier::from));
    }

    fn post_call_record_cmd_pipeline_barrier2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkDependencyInfo,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: the dependency info the application passed.
        let barriers = unsafe { dependency_barriers(info) };
        self.barriers(cb, barriers.iter().map(ImageBarrier::from));
    }

    fn post_call_record_cmd_copy_buffer_to_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _buffer: VkBuffer,
        image: VkImage,
        layout: VkImageLayout,
        count: u32,
        regions: *const VkBufferImageCopy,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: `count` regions, as the application passed them.
        let regions = unsafe { slice(regions, count) };
        self.used_in(cb, image, layout, |s| regions.iter().flat_map(|r| s.layers(&r.imageSubresource)).collect());
    }

    fn post_call_record_cmd_copy_image_to_buffer(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
        _buffer: VkBuffer,
        count: u32,
        regions: *const VkBufferImageCopy,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: as for vkCmdCopyBufferToImage.
        let regions = unsafe { slice(regions, count) };
        self.used_in(cb, image, layout, |s| regions.iter().flat_map(|r| s.layers(&r.imageSubresource)).collect());
    }

    fn post_call_record_cmd_copy_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        src: VkImage,
        src_layout: VkImageLayout,
        dst: VkImage,
        dst_layout: VkImageLayout,
        count: u32,
        regions: *const VkImageCopy,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: as for vkCmdCopyBufferToImage.
        let regions = unsafe { slice(regions, count) };
        self.used_in(cb, src, src_layout, |s| regions.iter().flat_map(|r| s.layers(&r.srcSubresource)).collect());
        self.used_in(cb, dst, dst_layout, |s| regions.iter().flat_map(|r| s.layers(&r.dstSubresource)).collect());
    }

    fn post_call_record_cmd_clear_color_image(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        image: VkImage,
        layout: VkImageLayout,
        _color: *const VkClearColorValue,
        count: u32,
        ranges: *const VkImageSubresourceRange,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: `count` ranges, as the application passed them.
        let ranges = unsafe { slice(ranges, count) };
        self.used_in(cb, image, layout, |s| ranges.iter().flat_map(|r| s.range(r)).collect());
    }

    fn post_call_record_cmd_begin_render_pass(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderPassBeginInfo,
        _contents: VkSubpassContents,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: the begin info the application passed.
        unsafe { self.render_pass_begun(cb, info) };
        // SAFETY: as above.
        let render_pass = unsafe { info.as_ref() }.map_or(0, |i| i.renderPass.as_raw());
        let subpasses =
            self.get(TYPES.render_pass, render_pass).and_then(|r| r.render_pass()?.shape()).map(|s| s.subpasses);
        self.render_pass_instance(cb, Some(RenderPassInstance::RenderPass { subpass: 0, subpasses }));
        // SAFETY: as above.
        unsafe { self.clear_area_of_render_pass(cb, info) };
    }

    fn post_call_record_cmd_begin_render_pass2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderPassBeginInfo,
        _subpass: *const VkSubpassBeginInfo,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: the begin info the application passed.
        unsafe { self.render_pass_begun(cb, info) };
        // SAFETY: as above.
        let render_pass = unsafe { info.as_ref() }.map_or(0, |i| i.renderPass.as_raw());
        let subpasses =
            self.get(TYPES.render_pass, render_pass).and_then(|r| r.render_pass()?.shape()).map(|s| s.subpasses);
        self.render_pass_instance(cb, Some(RenderPassInstance::RenderPass { subpass: 0, subpasses }));
        // SAFETY: as above.
        unsafe { self.clear_area_of_render_pass(cb, info) };
    }

    fn post_call_record_cmd_begin_rendering(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderingInfo,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: the rendering info the application passed.
        unsafe { self.rendering_begun(cb, info) };
        self.render_pass_instance(cb, Some(RenderPassInstance::Rendering));
        // SAFETY: as above.
        unsafe { self.clear_area_of_rendering(cb, info) };
    }

    fn post_call_record_cmd_next_subpass(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        _contents: VkSubpassContents,
        _result: (),
    ) {
        self.with_command_buffer(cb, |c| c.next_subpass());
    }

    fn post_call_record_cmd_next_subpass2(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        _begin: *const VkSubpassBeginInfo,
        _end: *const VkSubpassEndInfo,
        _result: (),
    ) {
        self.with_command_buffer(cb, |c| c.next_subpass());
    }

    fn post_call_record_cmd_end_render_pass(&self, _cx: &Call<'_>, cb: VkCommandBuffer, _result: ()) {
        self.render_pass_instance(cb, None);
    }

    fn post_call_record_cmd_end_render_pass2(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        _info: *const VkSubpassEndInfo,
        _result: (),
    ) {
        self.render_pass_instance(cb, None);
    }

    fn post_call_record_cmd_end_rendering(&self, _cx: &Call<'_>, cb: VkCommandBuffer, _result: ()) {
        self.render_pass_instance(cb, None);
    }

    fn post_call_record_cmd_end_rendering2_khr(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        _info: *const VkRenderingEndInfoKHR,
        _result: (),
    ) {
        self.render_pass_instance(cb, None);
    }

    fn post_call_record_transition_image_layout(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        transitions: *const VkHostImageLayoutTransitionInfo,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if result.0 < 0 {
            return;
        }
        // SAFETY: `count` transitions, as the application passed them.
        for t in unsafe { slice(transitions, count) } {
            if let Some(state) = self.get(TYPES.image, t.image.as_raw()) {
                if let Some(image) = state.image() {
                    image.set(&t.subresourceRange, t.newLayout);
                }
            }
        }
    }

    fn post_call_record_create_command_pool(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkCommandPoolCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        pool: *mut VkCommandPool,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded, so its create info was valid and the pool written.
        if let (true, Some(info), Some(pool)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { pool.as_ref() }) {
            if let Some(p) = self.get(TYPES.command_pool, pool.as_raw()) {
                if let Some(p) = p.command_pool() {
                    p.set_flags(info.flags);
                    p.set_family(info.queueFamilyIndex);
                }
            }
        }
    }

    fn post_call_record_allocate_command_buffers(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkCommandBufferAllocateInfo,
        buffers: *mut VkCommandBuffer,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: the allocate info was valid and `commandBufferCount`
        // command buffers were written.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        if result.0 < 0 || buffers.is_null() {
            return;
        }
        let secondary = info.level == VkCommandBufferLevel::VK_COMMAND_BUFFER_LEVEL_SECONDARY;
        for i in 0..info.commandBufferCount as usize {
            let cb = unsafe { buffers.add(i).read() };
            if let Some(c) = self.get(TYPES.command_buffer, cb.as_raw()) {
                if let Some(c) = c.command_buffer() {
                    c.set_secondary(secondary);
                }
            }
        }
    }

    fn post_call_record_create_fence(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkFenceCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        fence: *mut VkFence,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: a valid create info, and the fence written.
        let (Some(info), Some(fence)) = (unsafe { info.as_ref() }, unsafe { fence.as_ref() }) else { return };
        let signaled = info.flags.0 & VkFenceCreateFlags::VK_FENCE_CREATE_SIGNALED_BIT.0 != 0;
        if result.0 >= 0 && signaled {
            self.fence_signaled(fence.as_raw());
        }
    }

    fn post_call_record_create_semaphore(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSemaphoreCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        semaphore: *mut VkSemaphore,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: the create info and its chain were valid.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        let ty = VkStructureType::VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO;
        let type_info = unsafe { chained::<VkSemaphoreTypeCreateInfo>(info.pNext, ty) };
        let timeline = type_info.is_some_and(|t| t.semaphoreType == VkSemaphoreType::VK_SEMAPHORE_TYPE_TIMELINE);
        let export = VkStructureType::VK_STRUCTURE_TYPE_EXPORT_SEMAPHORE_CREATE_INFO;
        let exported = unsafe { chained::<VkExportSemaphoreCreateInfo>(info.pNext, export) }.is_some();
        if result.0 >= 0 && !semaphore.is_null() {
            let h = unsafe { semaphore.read() }.as_raw();
            if let Some(s) = self.get(TYPES.semaphore, h) {
                if let Some(s) = s.semaphore() {
                    if timeline {
                        s.set_timeline();
                        s.reached(type_info.map_or(0, |t| t.initialValue));
                    }
                    // Another process may signal or wait on it.
                    if exported {
                        s.set_unknown();
                    }
                }
            }
        }
    }

    fn post_call_record_get_device_queue(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        _family: u32,
        _index: u32,
        queue: *mut VkQueue,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: the call wrote the queue.
        self.queue_retrieved(unsafe { queue.as_ref() }.map_or(0, |q| q.as_raw()));
    }

    fn post_call_record_get_device_queue2(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        _info: *const VkDeviceQueueInfo2,
        queue: *mut VkQueue,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        // SAFETY: the call wrote the queue.
        self.queue_retrieved(unsafe { queue.as_ref() }.map_or(0, |q| q.as_raw()));
    }

    fn post_call_record_begin_command_buffer(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkCommandBufferBeginInfo,
        result: VkResult,
    ) {
        // SAFETY: the call succeeded with this begin info.
        let usage = unsafe { info.as_ref() }.map_or(0, |i| i.flags.0);
        if result.0 >= 0 {
            self.with_command_buffer(cb, |c| c.begun(usage));
        }
    }

    fn post_call_record_end_command_buffer(&self, _cx: &Call<'_>, cb: VkCommandBuffer, result: VkResult) {
        self.with_command_buffer(cb, |c| c.ended(result));
    }

    fn post_call_record_reset_command_buffer(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        _flags: VkCommandBufferResetFlags,
        result: VkResult,
    ) {
        if result.0 >= 0 {
            self.with_command_buffer(cb, |c| c.reset());
        }
    }

    fn post_call_record_reset_command_pool(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        pool: VkCommandPool,
        _flags: VkCommandPoolResetFlags,
        result: VkResult,
    ) {
        let Some(pool) = self.get(TYPES.command_pool, pool.as_raw()).filter(|_| result.0 >= 0) else { return };
        for cb in OBJECTS.children(&pool) {
            if let Some(c) = cb.command_buffer() {
                c.reset();
            }
        }
    }

    fn pre_call_record_cmd_execute_commands(
        &self,
        _cx: &Call<'_>,
        cb: VkCommandBuffer,
        count: u32,
        secondaries: *const VkCommandBuffer,
    ) {
        // SAFETY: `count` command buffers, as the application passed them.
        let list = unsafe { slice(secondaries, count) };
        let records: Vec<_> = list
            .iter()
            .filter_map(|s| self.get(TYPES.command_buffer, s.as_raw()))
            .map(|r| {
                let generation = r.command_buffer().map_or(0, |c| c.generation());
                (r, generation)
            })
            .collect();
        let secondaries: Vec<_> = records.iter().map(|(r, _)| r.clone()).collect();
        self.with_command_buffer(cb, |c| c.executes(records));
        self.executed_layouts(cb, &secondaries);
    }

    fn post_call_record_queue_submit(
        &self,
        _cx: &Call<'_>,
        queue: VkQueue,
        count: u32,
        submits: *const VkSubmitInfo,
        fence: VkFence,
        result: VkResult,
    ) {
        let Some(q) = self.get(TYPES.queue, queue.as_raw()).filter(|_| result.0 >= 0) else { return };
        // SAFETY: the call succeeded: `count` valid submit infos.
        let submits = unsafe { slice(submits, count) };
        let primaries = submits.iter().flat_map(|s| unsafe { slice(s.pCommandBuffers, s.commandBufferCount) });
        self.apply_layouts(primaries.map(|cb| cb.as_raw()));
        let mut batches: Vec<Submission> = submits.iter().map(|s| unsafe { self.submit_info(s) }).collect();
        self.submit(&q, &mut batches, fence);
    }

    fn post_call_record_queue_submit2(
        &self,
        _cx: &Call<'_>,
        queue: VkQueue,
        count: u32,
        submits: *const VkSubmitInfo2,
        fence: VkFence,
        result: VkResult,
    ) {
        let Some(q) = self.get(TYPES.queue, queue.as_raw()).filter(|_| result.0 >= 0) else { return };
        // SAFETY: the call succeeded: `count` valid submit infos.
        let submits = unsafe { slice(submits, count) };
        let infos = submits.iter().flat_map(|s| unsafe { slice(s.pCommandBufferInfos, s.commandBufferInfoCount) });
        self.apply_layouts(infos.map(|i| i.commandBuffer.as_raw()));
        let mut batches: Vec<Submission> = submits.iter().map(|s| unsafe { self.submit_info2(s) }).collect();
        self.submit(&q, &mut batches, fence);
    }

    fn post_call_record_queue_bind_sparse(
        &self,
        _cx: &Call<'_>,
        queue: VkQueue,
        count: u32,
        infos: *const VkBindSparseInfo,
        fence: VkFence,
        result: VkResult,
    ) {
        // The fence is followed (its signal covers everything submitted before), and binary
        // semaphores' payloads.
        let Some(q) = self.get(TYPES.queue, queue.as_raw()).filter(|_| result.0 >= 0) else { return };
        // SAFETY: the call succeeded: `count` valid bind infos.
        for info in unsafe { slice(infos, count) } {
            for (list, n, signaled) in [
                (info.pWaitSemaphores, info.waitSemaphoreCount, false),
                (info.pSignalSemaphores, info.signalSemaphoreCount, true),
            ] {
                for s in unsafe { slice(list, n) } {
                    self.binary_payload(s.as_raw(), Some(signaled));
                }
            }
        }
        self.submit(&q, &mut Vec::new(), fence);
    }

    fn post_call_record_import_semaphore_fd_khr(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkImportSemaphoreFdInfoKHR,
        result: VkResult,
    ) {
        // SAFETY: the import info the application passed.
        if let (true, Some(info)) = (result.0 >= 0, unsafe { info.as_ref() }) {
            self.binary_payload(info.semaphore.as_raw(), None);
        }
    }

    fn post_call_record_import_semaphore_win32_handle_khr(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkImportSemaphoreWin32HandleInfoKHR,
        result: VkResult,
    ) {
        // SAFETY: the import info the application passed.
        if let (true, Some(info)) = (result.0 >= 0, unsafe { info.as_ref() }) {
            self.binary_payload(info.semaphore.as_raw(), None);
        }
    }

    fn post_call_record_import_semaphore_zircon_handle_fuchsia(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkImportSemaphoreZirconHandleInfoFUCHSIA,
        result: VkResult,
    ) {
        // SAFETY: the import info the application passed.
        if let (true, Some(info)) = (result.0 >= 0, unsafe { info.as_ref() }) {
            self.binary_payload(info.semaphore.as_raw(), None);
        }
    }

    fn post_call_record_acquire_next_image2_khr(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkAcquireNextImageInfoKHR,
        index: *mut u32,
        result: VkResult,
    ) {
        // SAFETY: the acquire info the application passed.
        let Some(info) = (unsafe { info.as_ref() }).filter(|_| result.0 >= 0) else { return };
        self.binary_payload(info.semaphore.as_raw(), Some(true));
        self.fence_signaled(info.fence.as_raw());
        // SAFETY: on success the driver wrote the index.
        self.image_acquired(info.swapchain.as_raw(), result, unsafe { index.as_ref() });
    }

    fn post_call_record_wait_for_fences(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        fences: *const VkFence,
        wait_all: VkBool32,
        _timeout: u64,
        result: VkResult,
    ) {
        // Success with "any" of several fences does not say which one signaled.
        if result != VkResult::VK_SUCCESS || (wait_all == 0 && count > 1) {
            return;
        }
        // SAFETY: `count` fences, as the application passed them.
        for f in unsafe { slice(fences, count) } {
            if let Some(f) = self.get(TYPES.fence, f.as_raw()) {
                submissions::fence_observed(&f);
            }
        }
    }

    fn post_call_record_get_fence_status(&self, _cx: &Call<'_>, _device: VkDevice, fence: VkFence, result: VkResult) {
        if result == VkResult::VK_SUCCESS {
            if let Some(f) = self.get(TYPES.fence, fence.as_raw()) {
                submissions::fence_observed(&f);
            }
        }
    }

    fn post_call_record_reset_fences(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        count: u32,
        fences: *const VkFence,
        result: VkResult,
    ) {
        if result.0 < 0 {
            return;
        }
        // SAFETY: `count` fences, as the application passed them.
        for f in unsafe { slice(fences, count) } {
            if let Some(f) = self.get(TYPES.fence, f.as_raw()) {
                submissions::fence_reset(&f);
            }
        }
    }

    fn post_call_record_queue_wait_idle(&self, _cx: &Call<'_>, queue: VkQueue, result: VkResult) {
        if let Some(q) = self.get(TYPES.queue, queue.as_raw()).filter(|_| result == VkResult::VK_SUCCESS) {
            submissions::queue_idle(&q);
        }
    }

    fn post_call_record_device_wait_idle(&self, _cx: &Call<'_>, _device: VkDevice, result: VkResult) {
        if result == VkResult::VK_SUCCESS {
            let queues = self.queues.lock().unwrap_or_else(PoisonError::into_inner).clone();
            queues.iter().for_each(submissions::queue_idle);
        }
    }

    fn post_call_record_wait_semaphores(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSemaphoreWaitInfo,
        _timeout: u64,
        result: VkResult,
    ) {
        // SAFETY: the call succeeded with this wait info.
        let Some(info) = (unsafe { info.as_ref() }).filter(|_| result == VkResult::VK_SUCCESS) else { return };
        let any = info.flags.0 & VkSemaphoreWaitFlags::VK_SEMAPHORE_WAIT_ANY_BIT.0 != 0;
        if any && info.semaphoreCount > 1 {
            return;
        }
        let (semaphores, values) =
            unsafe { (slice(info.pSemaphores, info.semaphoreCount), slice(info.pValues, info.semaphoreCount)) };
        for (s, v) in semaphores.iter().zip(values) {
            if let Some(s) = self.get(TYPES.semaphore, s.as_raw()) {
                submissions::timeline_observed(&s, *v);
            }
        }
    }

    fn post_call_record_get_semaphore_counter_value(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        semaphore: VkSemaphore,
        value: *mut u64,
        result: VkResult,
    ) {
        if result != VkResult::VK_SUCCESS || value.is_null() {
            return;
        }
        if let Some(s) = self.get(TYPES.semaphore, semaphore.as_raw()) {
            // SAFETY: the call succeeded and wrote the value.
            submissions::timeline_observed(&s, unsafe { value.read() });
        }
    }

    fn post_call_record_acquire_next_image_khr(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        swapchain: VkSwapchainKHR,
        _timeout: u64,
        semaphore: VkSemaphore,
        fence: VkFence,
        index: *mut u32,
        result: VkResult,
    ) {
        // SAFETY: on success the driver wrote the index.
        self.image_acquired(swapchain.as_raw(), result, unsafe { index.as_ref() });
        if result.0 >= 0 {
            if let Some(s) = self.get(TYPES.semaphore, semaphore.as_raw()) {
                if let Some(s) = s.semaphore() {
                    s.signaled_without_submission();
                }
            }
            self.fence_signaled(fence.as_raw());
        }
    }

    fn post_call_record_queue_present_khr(
        &self,
        _cx: &Call<'_>,
        _queue: VkQueue,
        info: *const VkPresentInfoKHR,
        result: VkResult,
    ) {
        // Presenting consumes the binary signals it waits for, whatever it returns.
        // SAFETY: the present info the application passed.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        // SAFETY: as above.
        unsafe { self.images_presented(info, result) };
        for s in unsafe { slice(info.pWaitSemaphores, info.waitSemaphoreCount) } {
            if let Some(s) = self.get(TYPES.semaphore, s.as_raw()) {
                if let Some(s) = s.semaphore() {
                    s.consume_binary();
                }
            }
        }
    }

    fn post_call_record_create_shader_module(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkShaderModuleCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        module: *mut VkShaderModule,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // Reflection is for core's draw-time checks: done once here, while core is on.
        if !self.references || result.0 < 0 {
            return;
        }
        // SAFETY: the call succeeded: a valid create info, and the module written.
        let (Some(info), Some(module)) = (unsafe { info.as_ref() }, unsafe { module.as_ref() }) else { return };
        if let Some(m) = self.get(TYPES.shader_module, module.as_raw()) {
            let at = cx.location();
            let at = at.dot("pCreateInfo");
            // SAFETY: as above.
            m.shader_module_created(unsafe { reflect_create_info(cx, info, &at) });
        }
    }

    fn post_call_record_cmd_push_constants(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        layout: VkPipelineLayout,
        _stages: VkShaderStageFlags,
        _offset: u32,
        _size: u32,
        _values: *const core::ffi::c_void,
        _result: (),
    ) {
        self.pushed(cx, layout);
    }

    fn post_call_record_cmd_push_constants2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        info: *const VkPushConstantsInfo,
        _result: (),
    ) {
        // SAFETY: the application's info, which the call read.
        let layout = unsafe { info.as_ref() }.map_or(VkPipelineLayout::null(), |i| i.layout);
        self.pushed(cx, layout);
    }

    fn post_call_record_cmd_bind_descriptor_sets2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        info: *const VkBindDescriptorSetsInfo,
        _result: (),
    ) {
        if !self.references {
            return;
        }
        // SAFETY: the application's info, which the call read.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        let (scope, instance) = self.scopes();
        // SAFETY: its counted sets, as the application passed them.
        let sets = unsafe { slice(info.pDescriptorSets, info.descriptorSetCount) };
        self.refer_then(&COMMAND_HANDLES[cx.command], cx.params, |r| {
            let layout = key(TYPES.pipeline_layout, info.layout.as_raw(), scope, instance);
            for point in stage_bind_points(info.stageFlags.0) {
                let Some(i) = bind_point_index(point) else { continue };
                let sets = sets
                    .iter()
                    .map(|s| (s.as_raw() != 0).then(|| key(TYPES.descriptor_set, s.as_raw(), scope, instance)));
                r.bound[i].bind_sets(layout, info.firstSet, sets);
            }
        });
    }

    // Queries, events and timeline semaphores (queries.rs, events.rs, timeline.rs).

    fn post_call_record_create_query_pool(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkQueryPoolCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        pool: *mut VkQueryPool,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: a valid create info, and the pool written.
        if let (true, Some(info), Some(pool)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { pool.as_ref() }) {
            self.query_pool_created(info, pool.as_raw());
        }
    }

    fn post_call_record_create_event(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkEventCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        event: *mut VkEvent,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: a valid create info, and the event written.
        if let (true, Some(info), Some(event)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { event.as_ref() }) {
            self.event_created(info, event.as_raw());
        }
    }

    fn post_call_record_cmd_begin_query(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
        _flags: VkQueryControlFlags,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::Begin { query, index: 0 });
    }

    fn post_call_record_cmd_begin_query_indexed_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
        _flags: VkQueryControlFlags,
        index: u32,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::Begin { query, index });
    }

    fn post_call_record_cmd_end_query(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::End { query });
    }

    fn post_call_record_cmd_end_query_indexed_ext(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        query: u32,
        _index: u32,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::End { query });
    }

    fn post_call_record_cmd_reset_query_pool(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        pool: VkQueryPool,
        first: u32,
        count: u32,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::Reset { first, count });
    }

    fn post_call_record_cmd_write_timestamp(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _stage: VkPipelineStageFlagBits,
        pool: VkQueryPool,
        query: u32,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::End { query });
    }

    fn post_call_record_cmd_write_timestamp2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _stage: VkPipelineStageFlags2,
        pool: VkQueryPool,
        query: u32,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.query_recorded(cb, pool, QueryCommand::End { query });
    }

    fn post_call_record_cmd_set_event(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        event: VkEvent,
        mask: VkPipelineStageFlags,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.event_recorded(cb, event, Some(SetBy::Set(mask.0)));
    }

    fn post_call_record_cmd_set_event2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        event: VkEvent,
        _info: *const VkDependencyInfo,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.event_recorded(cb, event, Some(SetBy::Set2));
    }

    fn post_call_record_cmd_reset_event(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        event: VkEvent,
        _mask: VkPipelineStageFlags,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.event_recorded(cb, event, None);
    }

    fn post_call_record_cmd_reset_event2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        event: VkEvent,
        _mask: VkPipelineStageFlags2,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.event_recorded(cb, event, None);
    }

    fn post_call_record_cmd_execute_commands(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        _count: u32,
        _secondaries: *const VkCommandBuffer,
        _result: (),
    ) {
        self.post_record_call(cx, None);
        self.secondaries_executed(cb);
    }

    fn post_call_record_reset_query_pool(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        pool: VkQueryPool,
        first: u32,
        count: u32,
        _result: (),
    ) {
        self.queries_reset(pool, first, count);
    }

    fn post_call_record_signal_semaphore(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSemaphoreSignalInfo,
        result: VkResult,
    ) {
        // SAFETY: the call succeeded with this signal info.
        if let (VkResult::VK_SUCCESS, Some(info)) = (result, unsafe { info.as_ref() }) {
            self.timeline_reached(info.semaphore, info.value);
        }
    }
    fn post_call_record_create_swapchain_khr(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkSwapchainCreateInfoKHR,
        _allocator: *const VkAllocationCallbacks,
        swapchain: *mut VkSwapchainKHR,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the create info the application passed; on success the driver wrote the handle.
        unsafe { self.swapchain_created(info, swapchain, result) };
    }
    // Draw state (`Recording::draw`), kept while core is on.

    fn post_call_record_cmd_set_viewport(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        _first: u32,
        _count: u32,
        _viewports: *const VkViewport,
        _result: (),
    ) {
        self.dynamic_state_set(cx, VkDynamicState::VK_DYNAMIC_STATE_VIEWPORT);
    }

    fn post_call_record_cmd_set_scissor(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        _first: u32,
        _count: u32,
        _scissors: *const VkRect2D,
        _result: (),
    ) {
        self.dynamic_state_set(cx, VkDynamicState::VK_DYNAMIC_STATE_SCISSOR);
    }

    fn post_call_record_cmd_bind_index_buffer(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        buffer: VkBuffer,
        offset: VkDeviceSize,
        index_type: VkIndexType,
        _result: (),
    ) {
        self.index_buffer_bound(cx, buffer, offset, VK_WHOLE_SIZE, index_type);
    }

    fn post_call_record_cmd_bind_index_buffer2(
        &self,
        cx: &Call<'_>,
        _cb: VkCommandBuffer,
        buffer: VkBuffer,
        offset: VkDeviceSize,
        size: VkDeviceSize,
        index_type: VkIndexType,
        _result: (),
    ) {
        self.index_buffer_bound(cx, buffer, offset, size, index_type);
    }

    fn post_call_record_create_descriptor_pool(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkDescriptorPoolCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        pool: *mut VkDescriptorPool,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: a valid create info, and the pool written.
        if let (true, Some(info), Some(pool)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { pool.as_ref() }) {
            unsafe { self.descriptor_pool_created(info, pool.as_raw()) };
        }
    }

    fn post_call_record_create_buffer_view(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkBufferViewCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        view: *mut VkBufferView,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: as for vkCreateDescriptorPool.
        if let (true, Some(info), Some(view)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { view.as_ref() }) {
            unsafe { self.buffer_view_created(info, view.as_raw()) };
        }
    }

    fn post_call_record_update_descriptor_sets(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        write_count: u32,
        writes: *const VkWriteDescriptorSet,
        copy_count: u32,
        copies: *const VkCopyDescriptorSet,
        _result: (),
    ) {
        // SAFETY: the counted arrays the application passed to the call.
        unsafe { self.descriptors_updated(slice(writes, write_count), slice(copies, copy_count)) };
    }

    fn pre_call_record_free_descriptor_sets(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        pool: VkDescriptorPool,
        count: u32,
        sets: *const VkDescriptorSet,
    ) {
        // SAFETY: the counted sets the application passed.
        self.descriptor_sets_freed(pool, unsafe { slice(sets, count) });
        self.pre_record_call(cx);
    }

    fn pre_call_record_reset_descriptor_pool(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        pool: VkDescriptorPool,
        _flags: VkDescriptorPoolResetFlags,
    ) {
        self.descriptor_pool_reset(pool);
        self.pre_record_call(cx);
    }

    fn post_call_record_create_descriptor_update_template(
        &self,
        cx: &Call<'_>,
        _device: VkDevice,
        info: *const VkDescriptorUpdateTemplateCreateInfo,
        _allocator: *const VkAllocationCallbacks,
        template: *mut VkDescriptorUpdateTemplate,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        // SAFETY: the call succeeded: a valid create info, and the template written.
        if let (true, Some(info), Some(t)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { template.as_ref() }) {
            unsafe { self.update_template_created(info, t.as_raw()) };
        }
    }

    fn post_call_record_update_descriptor_set_with_template(
        &self,
        _cx: &Call<'_>,
        _device: VkDevice,
        set: VkDescriptorSet,
        template: VkDescriptorUpdateTemplate,
        data: *const core::ffi::c_void,
        _result: (),
    ) {
        // SAFETY: the data the application passed, laid out as the template says.
        unsafe { self.updated_with_template(set, template, data as *const u8) };
    }
}

/// The pipeline bind points a `VkShaderStageFlags` of vkCmdBindDescriptorSets2 binds for: every
/// bind point any of the stages belongs to.
fn stage_bind_points(stages: u32) -> impl Iterator<Item = i32> {
    // Graphics (vertex to fragment, task, mesh), compute, ray tracing (raygen to callable).
    [(0x1f | 0xc0, 0), (0x20, 1), (0x3f00, 1_000_165_000)]
        .into_iter()
        .filter(move |(mask, _)| stages & mask != 0)
        .map(|(_, point)| point)
}

/// Adds what a recorded command names to its command buffer's references.
struct Referrer<'a> {
    references: &'a mut References,
    scope: u64,
    instance: u64,
}

impl SiteVisitor for Referrer<'_> {
    fn site(&mut self, f: &'static HandleField, ty: u16, first: *const u8, n: usize, param: bool) {
        // Parameter 0 is the command buffer itself.
        if (param && f.at == 0) || !HANDLE_TYPES[usize::from(ty)].tracked {
            return;
        }
        // SAFETY: the visitor hands over `n` handles at `first`.
        for h in unsafe { handles(first, n) } {
            self.references.add(key(ty, h, self.scope, self.instance), |k| OBJECTS.get(k));
        }
    }
}

impl StateTracker {
    /// Records what a vkCmd* command names as referred to by its command buffer. Skipped while
    /// another thread records the command buffer (thread safety reports that).
    fn refer(&self, command: &'static CommandHandles, params: &[*const u8]) {
        self.refer_then(command, params, |_| {});
    }

    /// [`Self::refer`], then `then` with the recording, under the same lock.
    fn refer_then(&self, command: &'static CommandHandles, params: &[*const u8], then: impl FnOnce(&mut Recording)) {
        // SAFETY: parameter 0 of a vkCmd* command is its command buffer.
        let cb = unsafe { param_handle(params, 0) };
        let (scope, instance) = self.scopes();
        OBJECTS.with_command_buffer(key(TYPES.command_buffer, cb, scope, instance), |record| {
            let Some(mut recording) = record.command_buffer().and_then(|c| c.try_lock()) else { return };
            let mut referrer = Referrer { references: &mut recording.references, scope, instance };
            // Members the spec may ignore (`NOAUTO`) can hold garbage pointers: not followed.
            let skip = Skip { params: OUTPUT, members: OUTPUT | NOAUTO };
            // SAFETY: the call's parameters, as the application passed them (it returned).
            unsafe { sites::visit(command, params, skip, &mut referrer) };
            then(&mut recording);
        });
    }

    /// Render pass `rp`'s attachments, as its framebuffers are checked against them.
    fn render_pass_uses(&self, rp: u64, uses: Vec<super::render_passes::AttachmentUse>) {
        if let Some(r) = self.get(TYPES.render_pass, rp) {
            if let Some(state) = r.render_pass() {
                state.uses.set(uses);
            }
        }
    }

    /// A vkCmdSet* command set `state`.
    fn dynamic_state_set(&self, cx: &Call<'_>, state: VkDynamicState) {
        if self.references {
            self.refer_then(&COMMAND_HANDLES[cx.command], cx.params, |r| r.draw.dynamic_set |= 1 << state.0);
        }
    }

    /// vkCmdBindIndexBuffer(2) bound `size` bytes (VK_WHOLE_SIZE: the rest) of `buffer` from
    /// `offset`, as `index_type` indices.
    fn index_buffer_bound(&self, cx: &Call<'_>, buffer: VkBuffer, offset: u64, size: u64, index_type: VkIndexType) {
        if !self.references {
            return;
        }
        let buffer_size = self.get(TYPES.buffer, buffer.as_raw()).and_then(|b| b.buffer()?.info().map(|i| i.size));
        let range = if size == VK_WHOLE_SIZE { buffer_size.map(|s| s.saturating_sub(offset)) } else { Some(size) };
        let index_size = match index_type {
            VkIndexType::VK_INDEX_TYPE_UINT16 => Some(2),
            VkIndexType::VK_INDEX_TYPE_UINT32 => Some(4),
            VkIndexType::VK_INDEX_TYPE_UINT8 => Some(1),
            _ => None,
        };
        let binding = (buffer.as_raw() != 0).then_some(IndexBinding { buffer: buffer.as_raw(), range, index_size });
        self.refer_then(&COMMAND_HANDLES[cx.command], cx.params, |r| r.draw.index = binding);
    }

    /// vkCmdPushConstants(2) with `layout` (null: one Vigil does not follow): its references,
    /// and the layout push constants were last updated with.
    fn pushed(&self, cx: &Call<'_>, layout: VkPipelineLayout) {
        if !self.references {
            return;
        }
        let (scope, instance) = self.scopes();
        self.refer_then(&COMMAND_HANDLES[cx.command], cx.params, |r| {
            r.pushed = match layout.as_raw() {
                0 => Pushed::Unknown,
                h => Pushed::Layout(key(TYPES.pipeline_layout, h, scope, instance)),
            };
        });
    }

    /// Pipelines created for `bind_point` (null where creation failed); `desc` describes the
    /// create info of each. Their layouts and shaders are followed while core is on.
    fn pipelines_created<'a>(
        &self,
        cx: &Call<'_>,
        bind_point: i32,
        created: &[VkPipeline],
        desc: impl Fn(usize) -> PipelineDesc<'a>,
    ) {
        for (i, pipeline) in created.iter().enumerate() {
            let Some(p) = self.get(TYPES.pipeline, pipeline.as_raw()) else { continue };
            let mut info = PipelineInfo { bind_point, ..Default::default() };
            if self.references {
                let d = desc(i);
                info.layout = self.get(TYPES.pipeline_layout, d.layout);
                info.flags = d.flags;
                info.dynamic = d.dynamic;
                let at = cx.location();
                let at = at.dot("pCreateInfos");
                let at = at.index(i);
                for (j, stage) in d.stages.iter().enumerate() {
                    let at = at.dot(d.member);
                    let at = if d.stages.len() > 1 { at.index(j) } else { at };
                    // SAFETY: a stage of a create info the application passed.
                    unsafe { self.stage_uses(cx, stage, &at, &mut info.uses) };
                }
            }
            p.pipeline_created(info);
        }
    }

    /// Adds what one pipeline stage's entry point statically uses, from its module's reflection
    /// or from the code chained inline (reflected now).
    ///
    /// # Safety
    /// `stage` must be a stage of a create info the application passed to a call that returned.
    unsafe fn stage_uses(
        &self,
        cx: &Call<'_>,
        stage: &VkPipelineShaderStageCreateInfo,
        at: &crate::report::Location<'_>,
        uses: &mut ShaderUses,
    ) {
        if stage.pName.is_null() {
            return;
        }
        // SAFETY: a valid stage names its entry point with a NUL-terminated string.
        let name = unsafe { std::ffi::CStr::from_ptr(stage.pName) }.to_bytes();
        let mut add = |r: &Reflection| {
            if let Some(e) = r.entry_point(name, stage.stage.0) {
                uses.add(e);
            }
        };
        if stage.module.as_raw() != 0 {
            if let Some(r) = self.get(TYPES.shader_module, stage.module.as_raw()) {
                if let Some(reflection) = r.shader_module() {
                    add(reflection);
                }
            }
            return;
        }
        // SAFETY: the stage's chain.
        let inline = unsafe {
            chained::<VkShaderModuleCreateInfo>(
                stage.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
            )
        };
        if let Some(code) = inline {
            let at = at.chained("VkShaderModuleCreateInfo");
            // SAFETY: a chained create info of a call that returned.
            add(&unsafe { reflect_create_info(cx, code, &at) });
        }
    }

    /// A render pass instance began or ended (`None`) in `cb`.
    fn render_pass_instance(&self, cb: VkCommandBuffer, instance: Option<RenderPassInstance>) {
        self.with_command_buffer(cb, |c| c.render_pass_instance(instance));
    }

    pub(super) fn with_command_buffer(
        &self,
        cb: VkCommandBuffer,
        f: impl FnOnce(&super::command_buffers::CommandBufferState),
    ) {
        let (scope, instance) = self.scopes();
        OBJECTS.with_command_buffer(key(TYPES.command_buffer, cb.as_raw(), scope, instance), |c| {
            if let Some(c) = c.command_buffer() {
                f(c);
            }
        });
    }

    fn queue_retrieved(&self, h: u64) {
        let Some(q) = self.get(TYPES.queue, h) else { return };
        let mut queues = self.queues.lock().unwrap_or_else(PoisonError::into_inner);
        if !queues.iter().any(|x| Arc::ptr_eq(x, &q)) {
            queues.push(q);
        }
    }

    /// A wait on semaphore `s` (with `value` for a timeline one).
    fn wait(&self, s: u64, value: u64) -> Option<Wait> {
        let sem = self.get(TYPES.semaphore, s)?;
        let state = sem.semaphore()?;
        if state.timeline() {
            Some(Wait::Timeline(sem.clone(), value))
        } else {
            state.consume_binary().map(Wait::Binary)
        }
    }

    /// The command buffers a submission executes: each one, and the secondaries it executes.
    fn executed(&self, cb: u64, out: &mut Vec<Arc<ObjectRecord>>) {
        let Some(c) = self.get(TYPES.command_buffer, cb) else { return };
        if let Some(state) = c.command_buffer() {
            out.extend(state.lock().secondaries.iter().map(|(s, _)| s.clone()));
        }
        out.push(c);
    }

    /// One `VkSubmitInfo` as a submission (its sequence number assigned later).
    ///
    /// # Safety
    /// `s` must be a submit info the implementation accepted.
    unsafe fn submit_info(&self, s: &VkSubmitInfo) -> Submission {
        let ty = VkStructureType::VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO;
        let values = unsafe { chained::<VkTimelineSemaphoreSubmitInfo>(s.pNext, ty) };
        let wait_values =
            values.map_or(&[][..], |v| unsafe { slice(v.pWaitSemaphoreValues, v.waitSemaphoreValueCount) });
        let signal_values =
            values.map_or(&[][..], |v| unsafe { slice(v.pSignalSemaphoreValues, v.signalSemaphoreValueCount) });
        let mut submission = Submission::default();
        for (i, w) in unsafe { slice(s.pWaitSemaphores, s.waitSemaphoreCount) }.iter().enumerate() {
            submission.waits.extend(self.wait(w.as_raw(), wait_values.get(i).copied().unwrap_or(0)));
        }
        for cb in unsafe { slice(s.pCommandBuffers, s.commandBufferCount) } {
            self.executed(cb.as_raw(), &mut submission.command_buffers);
        }
        for (i, sig) in unsafe { slice(s.pSignalSemaphores, s.signalSemaphoreCount) }.iter().enumerate() {
            if let Some(sem) = self.get(TYPES.semaphore, sig.as_raw()) {
                // In batch order, after this batch's waits consumed theirs.
                if let Some(state) = sem.semaphore() {
                    state.set_binary(true);
                }
                submission.signals.push((sem, signal_values.get(i).copied().unwrap_or(0)));
            }
        }
        submission
    }

    /// One `VkSubmitInfo2` as a submission.
    ///
    /// # Safety
    /// `s` must be a submit info the implementation accepted.
    unsafe fn submit_info2(&self, s: &VkSubmitInfo2) -> Submission {
        let mut submission = Submission::default();
        for w in unsafe { slice(s.pWaitSemaphoreInfos, s.waitSemaphoreInfoCount) } {
            submission.waits.extend(self.wait(w.semaphore.as_raw(), w.value));
        }
        for cb in unsafe { slice(s.pCommandBufferInfos, s.commandBufferInfoCount) } {
            self.executed(cb.commandBuffer.as_raw(), &mut submission.command_buffers);
        }
        for sig in unsafe { slice(s.pSignalSemaphoreInfos, s.signalSemaphoreInfoCount) } {
            if let Some(sem) = self.get(TYPES.semaphore, sig.semaphore.as_raw()) {
                // In batch order, after this batch's waits consumed theirs.
                if let Some(state) = sem.semaphore() {
                    state.set_binary(true);
                }
                submission.signals.push((sem, sig.value));
            }
        }
        submission
    }

    /// `fence` was created signaled, or an acquired image will signal it.
    fn fence_signaled(&self, fence: u64) {
        if let Some(state) = self.get(TYPES.fence, fence) {
            if let Some(f) = state.fence() {
                f.set_signaled();
            }
        }
    }

    /// A binary semaphore's payload changed outside a submission: signaled or not, or `None`
    /// for a change not followed (an import).
    fn binary_payload(&self, semaphore: u64, signaled: Option<bool>) {
        let Some(s) = self.get(TYPES.semaphore, semaphore) else { return };
        let Some(state) = s.semaphore() else { return };
        match signaled {
            Some(signaled) => state.set_binary(signaled),
            None => state.set_unknown(),
        }
    }

    fn render_pass_created(&self, render_pass: u64, layouts: Vec<Option<(i32, i32)>>, shape: RenderPassShape) {
        if let Some(r) = self.get(TYPES.render_pass, render_pass) {
            if let Some(state) = r.render_pass() {
                state.set_attachments(layouts);
                state.set_shape(shape);
            }
        }
    }

    /// Makes what the submitted command buffers (in order) leave image layouts in the images'
    /// global layouts.
    fn apply_layouts(&self, cbs: impl Iterator<Item = u64>) {
        let mut overlay = Overlay::default();
        for cb in cbs {
            let Some(record) = self.get(TYPES.command_buffer, cb) else { continue };
            if let Some(c) = record.command_buffer() {
                overlay.execute(&c.lock().layouts, &mut |_| {});
            }
        }
        overlay.store();
    }

    /// Records a successful submit of `batches` to `q`; the fence signals after the last one
    /// (or after a submission of its own when there is none).
    fn submit(&self, q: &Arc<ObjectRecord>, batches: &mut Vec<Submission>, fence: VkFence) {
        let fence = self.get(TYPES.fence, fence.as_raw());
        if batches.is_empty() && fence.is_some() {
            batches.push(Submission::default());
        }
        let ObjectState::Queue(state) = &q.state else { return };
        let n = batches.len();
        for (i, mut b) in batches.drain(..).enumerate() {
            b.seq = state.next_seq();
            if i + 1 == n {
                b.fence = fence.clone();
            }
            let backlog = submissions::submit(q, b);
            self.peak.submissions.fetch_max(backlog.submissions, Ordering::Relaxed);
            self.peak.signals.fetch_max(backlog.signals, Ordering::Relaxed);
        }
    }
}

/// The handle in parameter `i`.
///
/// # Safety
/// `params[i]`, when present, must point at a handle.
pub unsafe fn param_handle(params: &[*const u8], i: u16) -> u64 {
    match params.get(usize::from(i)) {
        Some(p) if !p.is_null() => unsafe { read_uint(*p, 8) },
        _ => 0,
    }
}

/// Whether pointer parameter `i` is non-NULL.
///
/// # Safety
/// `params[i]`, when present, must point at a pointer.
pub unsafe fn param_pointer_set(params: &[*const u8], i: u16) -> bool {
    match params.get(usize::from(i)) {
        Some(p) if !p.is_null() => !unsafe { read_ptr(*p) }.is_null(),
        _ => false,
    }
}

/// The non-null handles a parameter array (or pointer to one handle) holds: `(type, handles)`.
///
/// # Safety
/// The call's parameters must be as the application passed them; for an output, the call must
/// have written it.
pub unsafe fn site_handles(f: &'static HandleField, params: &[*const u8]) -> Option<(u16, Vec<u64>)> {
    let HandleElem::Handle(ty) = f.elem else { return None };
    let p = *params.get(f.at as usize)?;
    let q = unsafe { read_ptr(p) };
    if q.is_null() {
        return None;
    }
    let n = match f.shape {
        Shape::Slice(c) => unsafe { count(c, Base::Params(params)) }?,
        _ => 1,
    };
    Some((ty, (0..n).map(|i| unsafe { read_uint(q.wrapping_add(i * 8), 8) }).filter(|&h| h != 0).collect()))
}

/// The parent handle a `ParentRef` names: a parameter, or a member of a pointed-to struct.
///
/// # Safety
/// The parameters must be as the application passed them.
pub unsafe fn parent_handle(r: ParentRef, params: &[*const u8]) -> u64 {
    if r.member == NO_MEMBER {
        return unsafe { param_handle(params, r.param) };
    }
    let Some(&p) = params.get(usize::from(r.param)) else { return 0 };
    if p.is_null() {
        return 0;
    }
    let q = unsafe { read_ptr(p) };
    if q.is_null() {
        0
    } else {
        unsafe { read_uint(q.wrapping_add(r.member as usize), 8) }
    }
}

/// The handle type of the parent a `ParentRef` names.
pub fn parent_type(command: &'static CommandHandles, parent: ParentRef) -> Option<u16> {
    let elem = match command.param(parent.param).map(|f| f.elem) {
        Some(HandleElem::Struct(s)) => {
            HANDLE_STRUCTS[usize::from(s)].fields.iter().find(|f| f.at == parent.member).map(|f| f.elem)
        }
        elem => elem,
    };
    match elem {
        Some(HandleElem::Handle(ty)) => Some(ty),
        _ => None,
    }
}

/// The record of the parent (pool, swapchain) a `ParentRef` names; made, as seen, if the table
/// has none (a pool created before Vigil could follow it).
///
/// # Safety
/// As [`parent_handle`].
unsafe fn parent_record(
    command: &'static CommandHandles,
    parent: ParentRef,
    params: &[*const u8],
    scope: u64,
    instance: u64,
) -> Option<Arc<ObjectRecord>> {
    let ty = parent_type(command, parent)?;
    let h = unsafe { parent_handle(parent, params) };
    (h != 0).then(|| OBJECTS.get_or_see(key(ty, h, scope, instance)))
}

/// A render pass's subpass count, and the clear values its attachments' load ops need: one more
/// than the largest index cleared on load (a stencil load op counts for formats with stencil).
fn shape(
    subpasses: u32,
    attachments: impl Iterator<Item = (VkFormat, VkAttachmentLoadOp, VkAttachmentLoadOp)>,
) -> RenderPassShape {
    let clear = VkAttachmentLoadOp::VK_ATTACHMENT_LOAD_OP_CLEAR;
    let stencil = |f: VkFormat| {
        use VkFormat as F;
        [
            F::VK_FORMAT_S8_UINT,
            F::VK_FORMAT_D16_UNORM_S8_UINT,
            F::VK_FORMAT_D24_UNORM_S8_UINT,
            F::VK_FORMAT_D32_SFLOAT_S8_UINT,
        ]
        .contains(&f)
    };
    let clear_values = attachments
        .enumerate()
        .filter(|(_, (format, load, stencil_load))| *load == clear || (stencil(*format) && *stencil_load == clear))
        .map(|(i, _)| i as u32 + 1)
        .max()
        .unwrap_or(0);
    RenderPassShape { subpasses, clear_values }
}
