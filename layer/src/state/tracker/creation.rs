//! The tracker's helpers for created objects: pipelines (what their stages use), render passes
//! (attachment layouts, shape, uses).

use super::StateTracker;
use super::ID_STATISTICS;
use crate::chassis::raw::{chained, slice};
use crate::chassis::{Call, ValidationObject};
use crate::report::Severity;
use crate::state::images::RenderPassShape;
use crate::state::objects::{OBJECTS, TYPES};
use crate::state::pipelines::{PipelineDesc, PipelineInfo, ShaderUses};
use crate::state::shaders::{reflect_create_info, Reflection};
use std::sync::atomic::Ordering;
use vigil_generated::*;

impl StateTracker {
    /// Render pass `rp`'s attachments, as its framebuffers are checked against them.
    pub(in crate::state) fn render_pass_uses(&self, rp: u64, uses: Vec<crate::state::render_passes::AttachmentUse>) {
        if let Some(r) = self.get(TYPES.render_pass, rp) {
            if let Some(state) = r.render_pass() {
                state.uses.set(uses);
            }
        }
    }

    /// Records render pass `rp`'s compatibility class.
    fn render_pass_compatibility(&self, rp: u64, class: u64) {
        if let Some(state) = self.get(TYPES.render_pass, rp).as_deref().and_then(|r| r.render_pass()) {
            let _ = state.compat.set(class);
        }
    }

    /// Render pass `rp`'s compatibility class, when known.
    pub(in crate::state) fn render_pass_compat_of(&self, rp: u64) -> Option<u64> {
        self.get(TYPES.render_pass, rp)?.render_pass()?.compatibility()
    }

    /// Pipelines created for `bind_point` (null where creation failed); `desc` describes the
    /// create info of each. Their layouts and shaders are followed while core is on.
    pub(in crate::state) fn pipelines_created<'a>(
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
                info.dynamic_draw = d.draw.map(|draw| self.pipeline_dynamic(draw));
                let at = cx.location();
                let at = at.dot("pCreateInfos");
                let at = at.index(i);
                for (j, stage) in d.stages.iter().enumerate() {
                    let at = at.dot(d.member);
                    let at = if d.stages.len() > 1 { at.index(j) } else { at };
                    // SAFETY: a stage of a create info the application passed.
                    unsafe { self.stage_uses(cx, stage, &at, &mut info.uses) };
                }
                if let Some(draw) = info.dynamic_draw.as_mut() {
                    draw.primitive_shading_rate = info.uses.primitive_shading_rate;
                }
                info.vertex_bindings = d.vertex_input.and_then(|v| v.bindings_read(&info.uses));
                info.vertex_fetches = d.vertex_input.and_then(|v| v.fetches(&info.uses));
                info.maps = d.maps.clone();
                info.render_pass = d.render_pass.and_then(|(rp, subpass, rendering)| {
                    let compat = if rp == 0 { None } else { Some(self.render_pass_compat_of(rp)?) };
                    // VK_SHADER_STAGE_TASK_BIT_EXT, VK_SHADER_STAGE_MESH_BIT_EXT.
                    let mesh = d.stages.iter().any(|s| s.stage.0 & (0x40 | 0x80) != 0);
                    Some(crate::state::render_passes::PipelinePass::new(
                        compat,
                        subpass,
                        rendering,
                        d.rendering.as_ref(),
                        mesh,
                    ))
                });
                info.rendering = d.rendering.clone();
            }
            p.pipeline_created(info);
        }
    }

    /// Adds what one pipeline stage's entry point statically uses, from its module's reflection
    /// or from the code chained inline (reflected now).
    ///
    /// # Safety
    /// `stage` must be a stage of a create info the application passed to a call that returned.
    pub(in crate::state) unsafe fn stage_uses(
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
        // SAFETY: a stage of a call that returned.
        if let Some(code) = unsafe { crate::state::shaders::inline_create_info(stage) } {
            let at = at.chained("VkShaderModuleCreateInfo");
            // SAFETY: a chained create info of a call that returned.
            add(&unsafe { reflect_create_info(cx, code, &at) });
        }
    }

    pub(in crate::state) fn render_pass_created(
        &self,
        render_pass: u64,
        layouts: Vec<Option<(i32, i32)>>,
        shape: RenderPassShape,
    ) {
        if let Some(r) = self.get(TYPES.render_pass, render_pass) {
            if let Some(state) = r.render_pass() {
                state.set_attachments(layouts);
                state.set_shape(shape);
            }
        }
    }

    /// vkCreateGraphicsPipelines, after the call.
    pub(super) fn after_create_graphics_pipelines(
        &self,
        cx: &Call<'_>,
        count: u32,
        infos: *const VkGraphicsPipelineCreateInfo,
        pipelines: *mut VkPipeline,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as many pipelines written as create infos passed (null where one failed).
        let (infos, created) = unsafe { (slice(infos, count), slice(pipelines, count)) };
        self.pipelines_created(cx, 0, created, |i| unsafe { PipelineDesc::graphics(&infos[i]) });
    }

    /// vkCreateComputePipelines, after the call.
    pub(super) fn after_create_compute_pipelines(
        &self,
        cx: &Call<'_>,
        count: u32,
        infos: *const VkComputePipelineCreateInfo,
        pipelines: *mut VkPipeline,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as for vkCreateGraphicsPipelines.
        let (infos, created) = unsafe { (slice(infos, count), slice(pipelines, count)) };
        self.pipelines_created(cx, 1, created, |i| unsafe { PipelineDesc::compute(&infos[i]) });
    }

    /// vkCreateShadersEXT, after the call.
    pub(super) fn after_create_shaders_ext(
        &self,
        cx: &Call<'_>,
        count: u32,
        infos: *const VkShaderCreateInfoEXT,
        shaders: *mut VkShaderEXT,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // VK_INCOMPATIBLE_SHADER_BINARY_EXT (a success code) may leave some handles null.
        if result.0 >= 0 {
            // SAFETY: the call returned: its create infos, and the handles written.
            unsafe { self.after_create_shaders(count, infos, shaders) };
        }
    }

    /// vkCreateSamplerYcbcrConversion, after the call.
    pub(super) fn after_create_sampler_ycbcr_conversion(
        &self,
        cx: &Call<'_>,
        info: *const VkSamplerYcbcrConversionCreateInfo,
        conversion: *mut VkSamplerYcbcrConversion,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as for vkCreateDescriptorPool.
        if let (true, Some(info), Some(conversion)) =
            (result.0 >= 0, unsafe { info.as_ref() }, unsafe { conversion.as_ref() })
        {
            self.ycbcr_conversion_created(info, conversion.as_raw());
        }
    }

    /// vkCreateSampler, after the call.
    pub(super) fn after_create_sampler(
        &self,
        cx: &Call<'_>,
        info: *const VkSamplerCreateInfo,
        sampler: *mut VkSampler,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as for vkCreateDescriptorPool.
        if let (true, Some(info), Some(sampler)) =
            (result.0 >= 0, unsafe { info.as_ref() }, unsafe { sampler.as_ref() })
        {
            unsafe { self.sampler_created(info, sampler.as_raw()) };
        }
    }
}

/// A render pass's subpass count, and the clear values its attachments' load ops need: one more
/// than the largest index cleared on load (a stencil load op counts for formats with stencil).
pub(super) fn shape(
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

impl StateTracker {
    /// What the tracker records before vkDestroyDevice.
    pub(in crate::state) fn before_destroy_device(&self, cx: &Call<'_>, device: VkDevice) {
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

    /// What the tracker records after vkCreateImage.
    pub(in crate::state) fn after_create_image(
        &self,
        cx: &Call<'_>,
        info: *const VkImageCreateInfo,
        image: *mut VkImage,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: the call succeeded: a valid create info, and the image written.
        if let (true, Some(info), Some(image)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { image.as_ref() }) {
            if let Some(i) = self.get(TYPES.image, image.as_raw()) {
                if let Some(state) = i.image() {
                    state.created(info);
                    let properties = cx.device().and_then(|d| d.format_properties(info.format));
                    // SAFETY: the accepted info's pNext chain.
                    state.set_info(unsafe { crate::state::images::ImageInfo::new(info, properties) });
                    // SAFETY: as above.
                    state.set_view_format_list(unsafe { crate::state::images::view_format_list(info) });
                }
            }
        }
    }

    /// What the tracker records after vkCreateImageView.
    pub(in crate::state) fn after_create_image_view(
        &self,
        cx: &Call<'_>,
        info: *const VkImageViewCreateInfo,
        view: *mut VkImageView,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as for vkCreateImage.
        if let (true, Some(info), Some(view)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { view.as_ref() }) {
            let image = self.get(TYPES.image, info.image.as_raw());
            if let (Some(v), Some(image)) = (self.get(TYPES.image_view, view.as_raw()), image) {
                if let Some(state) = image.image().filter(|_| self.references) {
                    state.views.add(&v);
                }
                if let Some(state) = v.image_view() {
                    state.set_image(image, info.subresourceRange);
                }
            }
            unsafe { self.view_created_for_descriptors(info, view.as_raw(), cx.device()) };
        }
    }

    /// What the tracker records after vkCreateRenderPass.
    pub(in crate::state) fn after_create_render_pass(
        &self,
        cx: &Call<'_>,
        info: *const VkRenderPassCreateInfo,
        render_pass: *mut VkRenderPass,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
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
        unsafe { self.render_pass_layouts(rp.as_raw(), info) };
        // SAFETY: the accepted create info.
        self.render_pass_colors(rp.as_raw(), unsafe { crate::state::clears::render_pass_colors(info) });
        // SAFETY: as above.
        self.render_pass_uses(rp.as_raw(), unsafe { crate::state::render_passes::attachment_uses(info) });
        // SAFETY: as above.
        self.render_pass_compatibility(rp.as_raw(), unsafe { crate::state::render_passes::compatibility1(info) });
        if let Some(state) = self.get(TYPES.render_pass, rp.as_raw()).as_deref().and_then(|r| r.render_pass()) {
            // SAFETY: as above.
            let _ = state.read_only.set(unsafe { crate::state::render_passes::read_only_subpasses1(info) });
            // SAFETY: as above.
            let _ = state.self_dependencies.set(unsafe { crate::state::render_passes::self_dependencies1(info) });
            // SAFETY: as above.
            let _ = state.dependency_stages.set(unsafe { crate::state::render_passes::dependency_stages1(info) });
            // SAFETY: as above.
            let _ = state.feedback.set(unsafe { crate::state::render_passes::feedback_attachments1(info) });
        }
    }

    /// What the tracker records after vkCreateRenderPass2.
    pub(in crate::state) fn after_create_render_pass2(
        &self,
        cx: &Call<'_>,
        info: *const VkRenderPassCreateInfo2,
        render_pass: *mut VkRenderPass,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
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
        unsafe { self.render_pass2_layouts(rp.as_raw(), info) };
        // SAFETY: the accepted create info.
        self.render_pass_colors(rp.as_raw(), unsafe { crate::state::clears::render_pass2_colors(info) });
        // SAFETY: as above.
        self.render_pass_uses(rp.as_raw(), unsafe { crate::state::render_passes::attachment_uses2(info) });
        // SAFETY: as above.
        self.render_pass_compatibility(rp.as_raw(), unsafe { crate::state::render_passes::compatibility2(info) });
        if let Some(state) = self.get(TYPES.render_pass, rp.as_raw()).as_deref().and_then(|r| r.render_pass()) {
            // SAFETY: as above.
            let _ = state.read_only.set(unsafe { crate::state::render_passes::read_only_subpasses2(info) });
            // SAFETY: as above.
            let _ = state.self_dependencies.set(unsafe { crate::state::render_passes::self_dependencies2(info) });
            // SAFETY: as above.
            let _ = state.dependency_stages.set(unsafe { crate::state::render_passes::dependency_stages2(info) });
            // SAFETY: as above.
            let _ = state.feedback.set(unsafe { crate::state::render_passes::feedback_attachments2(info) });
        }
    }

    /// What the tracker records after vkCreateFramebuffer.
    pub(in crate::state) fn after_create_framebuffer(
        &self,
        cx: &Call<'_>,
        info: *const VkFramebufferCreateInfo,
        framebuffer: *mut VkFramebuffer,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as for vkCreateImage; an imageless framebuffer's attachments are not views.
        let (Some(info), Some(fb)) = (unsafe { info.as_ref() }, unsafe { framebuffer.as_ref() }) else { return };
        if result.0 < 0 {
            return;
        }
        let Some(state) = self.get(TYPES.framebuffer, fb.as_raw()) else { return };
        let Some(f) = state.framebuffer() else { return };
        f.set_extent(info.width, info.height);
        if let Some(c) = self.render_pass_compat_of(info.renderPass.as_raw()) {
            let _ = f.render_pass_compat.set(c);
        }
        self.framebuffer_layers(fb.as_raw(), info.layers);
        let attachments = VkStructureType::VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENTS_CREATE_INFO;
        // SAFETY: the accepted create info's chain.
        let images = unsafe { chained::<VkFramebufferAttachmentsCreateInfo>(info.pNext, attachments) };
        if let Some(images) =
            images.filter(|_| info.flags.0 & VkFramebufferCreateFlags::VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT.0 != 0)
        {
            // SAFETY: the accepted create info's counted array.
            let infos = unsafe { slice(images.pAttachmentImageInfos, images.attachmentImageInfoCount) };
            // SAFETY: as above, each with its counted array.
            let infos = infos.iter().map(|i| unsafe { crate::state::render_passes::FramebufferImage::new(i) });
            let _ = f.imageless_attachments.set(infos.collect());
        }
        if info.flags.0 & VkFramebufferCreateFlags::VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT.0 == 0 {
            let views: Vec<_> = unsafe { slice(info.pAttachments, info.attachmentCount) }
                .iter()
                .filter_map(|v| self.get(TYPES.image_view, v.as_raw()))
                .collect();
            for v in views.iter().filter(|_| self.references) {
                if let Some(view) = v.image_view() {
                    view.framebuffers.add(&state);
                }
            }
            f.set_views(views);
        }
    }

    /// What the tracker records after vkCreateDescriptorSetLayout.
    pub(in crate::state) fn after_create_descriptor_set_layout(
        &self,
        cx: &Call<'_>,
        info: *const VkDescriptorSetLayoutCreateInfo,
        layout: *mut VkDescriptorSetLayout,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: the call succeeded: a valid create info, and the layout written.
        if let (true, Some(info), Some(layout)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { layout.as_ref() })
        {
            if let Some(l) = self.get(TYPES.descriptor_set_layout, layout.as_raw()) {
                unsafe { l.set_layout_created(info, |h| self.sampler_record(h)?.sampler_info()) };
            }
        }
    }

    /// What the tracker records after vkCreatePipelineLayout.
    pub(in crate::state) fn after_create_pipeline_layout(
        &self,
        cx: &Call<'_>,
        info: *const VkPipelineLayoutCreateInfo,
        layout: *mut VkPipelineLayout,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
        // SAFETY: as for vkCreateDescriptorSetLayout.
        if let (true, Some(info), Some(layout)) = (result.0 >= 0, unsafe { info.as_ref() }, unsafe { layout.as_ref() })
        {
            if let Some(l) = self.get(TYPES.pipeline_layout, layout.as_raw()) {
                unsafe { l.pipeline_layout_created(info, |s| self.get(TYPES.descriptor_set_layout, s)) };
            }
        }
    }

    /// What the tracker records after vkAllocateDescriptorSets.
    pub(in crate::state) fn after_allocate_descriptor_sets(
        &self,
        cx: &Call<'_>,
        info: *const VkDescriptorSetAllocateInfo,
        sets: *mut VkDescriptorSet,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
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

    /// What the tracker records after vkBindImageMemory2.
    pub(in crate::state) fn after_bind_image_memory2(
        &self,
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

    /// What the tracker records after vkTransitionImageLayout.
    pub(in crate::state) fn after_transition_image_layout(
        &self,
        cx: &Call<'_>,
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

    /// What the tracker records after vkCreateCommandPool.
    pub(in crate::state) fn after_create_command_pool(
        &self,
        cx: &Call<'_>,
        info: *const VkCommandPoolCreateInfo,
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

    /// What the tracker records after vkAllocateCommandBuffers.
    pub(in crate::state) fn after_allocate_command_buffers(
        &self,
        cx: &Call<'_>,
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
        let pool = self.get(TYPES.command_pool, info.commandPool.as_raw());
        let pool = pool.as_deref().and_then(|p| p.command_pool());
        let (family, protected) = (pool.and_then(|p| p.family()), pool.is_some_and(|p| p.protected()));
        let queue_flags = family.and_then(|f| cx.device()?.queue_family_flags.get(f as usize).copied());
        for i in 0..info.commandBufferCount as usize {
            let cb = unsafe { buffers.add(i).read() };
            if let Some(c) = self.get(TYPES.command_buffer, cb.as_raw()) {
                if let Some(c) = c.command_buffer() {
                    c.allocated((secondary, protected), family, queue_flags);
                }
            }
        }
    }

    /// What the tracker records after vkCreateShaderModule.
    pub(in crate::state) fn after_create_shader_module(
        &self,
        cx: &Call<'_>,
        info: *const VkShaderModuleCreateInfo,
        module: *mut VkShaderModule,
        result: VkResult,
    ) {
        self.post_record_call(cx, Some(result));
        if !self.typed {
            return;
        }
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
}
