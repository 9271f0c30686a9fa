//! The tracker's helpers for what recorded commands do: the references a recording keeps, its
//! bound and dynamic state, its render pass instance.

use super::{param_handle, StateTracker};
use crate::chassis::handles::PARAM;
use crate::chassis::raw::{chained, slice};
use crate::chassis::{Call, ValidationObject};
use crate::state::command_buffers::{
    FeedbackAttachments, Inherited, InheritedRendering, RenderingTarget, RenderingTargets,
};
use crate::state::command_buffers::{IndexBinding, Pushed, Recording, References, RenderPassInstance};
use crate::state::images::render_pass_attachments;
use crate::state::objects::ObjectRecord;
use crate::state::objects::{key, OBJECTS, TYPES};
use crate::state::pipelines::bind_point_index;
use crate::state::render_passes::ReadOnlyAspects;
use crate::state::resolve::{record_of, with_command_buffer};
use crate::state::sites::{self, handles, SiteVisitor, Skip};
use crate::state::thread::share;
use vigil_generated::objects::*;
use vigil_generated::*;

impl StateTracker {
    /// Records what a vkCmd* command names as referred to by its command buffer. Skipped while
    /// another thread records the command buffer (thread safety reports that).
    pub(in crate::state) fn refer(&self, cx: &Call<'_>) {
        self.refer_then(cx, |_| {});
    }

    /// [`Self::refer`], then `then` with the recording, under the same lock.
    pub(in crate::state) fn refer_then(&self, cx: &Call<'_>, then: impl FnOnce(&mut Recording)) {
        let (scope, instance) = self.scopes();
        let handles = cx.handles();
        let with_recording = |record: &ObjectRecord| {
            let Some(mut recording) = record.command_buffer().and_then(|c| c.try_lock()) else { return };
            if handles.complete() {
                // What the state tracker's walk found before the call: no walk, no lookups.
                for n in handles.named() {
                    // Parameter 0 is the command buffer itself.
                    if (n.flags & PARAM != 0 && n.at == 0) || !HANDLE_TYPES[usize::from(n.ty)].tracked {
                        continue;
                    }
                    let Some(r) = record_of(n) else { continue };
                    recording.references.add(key(n.ty, n.handle, scope, instance), |_| Some(share(r)));
                }
            } else {
                let mut referrer = Referrer { references: &mut recording.references, scope, instance };
                // Members the spec may ignore (`NOAUTO`) can hold garbage pointers: not followed.
                let skip = Skip { params: OUTPUT, members: OUTPUT | NOAUTO };
                // SAFETY: the call's parameters, as the application passed them (it returned).
                unsafe { sites::visit(&COMMAND_HANDLES[cx.command], cx.params, skip, &mut referrer) };
            }
            then(&mut recording);
        };
        // SAFETY: parameter 0 of a vkCmd* command is its command buffer.
        let cb = unsafe { param_handle(cx.params, 0) };
        with_command_buffer(cx, cb, (scope, instance), with_recording);
    }

    /// A vkCmdSet* command set `state`.
    pub(in crate::state) fn dynamic_state_set(&self, cx: &Call<'_>, state: VkDynamicState) {
        if self.references {
            self.refer_then(cx, |r| {
                r.draw.dynamic_set |= 1 << state.0;
                r.draw.set_since_bind |= 1 << state.0;
            });
        }
    }

    /// vkCmdBindIndexBuffer(2) bound `size` bytes (VK_WHOLE_SIZE: the rest) of `buffer` from
    /// `offset`, as `index_type` indices.
    pub(in crate::state) fn index_buffer_bound(
        &self,
        cx: &Call<'_>,
        buffer: VkBuffer,
        offset: u64,
        size: u64,
        index_type: VkIndexType,
    ) {
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
        self.refer_then(cx, |r| r.draw.index = binding);
    }

    /// vkCmdPushConstants(2) with `layout` (null: one Vigil does not follow): its references,
    /// and the layout push constants were last updated with.
    pub(in crate::state) fn pushed(&self, cx: &Call<'_>, layout: VkPipelineLayout) {
        if !self.references {
            return;
        }
        let (scope, instance) = self.scopes();
        self.refer_then(cx, |r| {
            r.pushed = match layout.as_raw() {
                0 => Pushed::Unknown,
                h => Pushed::Layout(key(TYPES.pipeline_layout, h, scope, instance)),
            };
        });
    }

    /// A render pass instance began or ended (`None`) in `cb`.
    pub(in crate::state) fn render_pass_instance(&self, cb: VkCommandBuffer, instance: Option<RenderPassInstance>) {
        self.with_command_buffer(cb, |c| c.render_pass_instance(instance, None));
    }

    /// The render pass instance just begun in `cb` with `render_pass`: its read-only
    /// depth/stencil aspects and its subpasses' self-dependencies.
    fn instance_rules_of_render_pass(&self, cb: VkCommandBuffer, render_pass: u64) {
        let state = self.get(TYPES.render_pass, render_pass);
        let state = state.as_deref().and_then(|r| r.render_pass());
        let aspects = ReadOnlyAspects::begun(state.and_then(|s| s.read_only.get().copied()).unwrap_or(0));
        let dependencies = state.and_then(|s| s.self_dependencies.get().cloned());
        self.with_command_buffer(cb, |c| c.instance_rules(aspects, dependencies));
    }

    /// The attachments barriers inside the render pass instance just begun in `cb` (with
    /// `render_pass`, as `info` begins it) may name ([`Recording::feedback`]).
    ///
    /// # Safety
    /// `info` is NULL or the begin info the call read.
    unsafe fn instance_feedback(&self, cb: VkCommandBuffer, render_pass: u64, info: *const VkRenderPassBeginInfo) {
        if !self.references {
            return;
        }
        let state = self.get(TYPES.render_pass, render_pass);
        let Some(feedback) = state.as_deref().and_then(|r| r.render_pass()?.feedback.get().cloned()) else { return };
        // With no such attachment anywhere, no image may be named: its images are not needed.
        let mut images = Vec::new();
        if feedback.iter().any(|s| !s.is_empty()) {
            // SAFETY: as the caller promises.
            let attachments = unsafe { render_pass_attachments(info, |ty, h| self.get(ty, h)) };
            images = vec![0; attachments.iter().map(|a| a.index + 1).max().unwrap_or(0)];
            for a in &attachments {
                images[a.index] = a.image.key.handle;
            }
        }
        let feedback = FeedbackAttachments { subpasses: feedback, images };
        self.with_command_buffer(cb, |c| c.feedback(Some(feedback)));
    }

    pub(in crate::state) fn with_command_buffer(
        &self,
        cb: VkCommandBuffer,
        f: impl FnOnce(&crate::state::command_buffers::CommandBufferState),
    ) {
        let (scope, instance) = self.scopes();
        OBJECTS.with_command_buffer(key(TYPES.command_buffer, cb.as_raw(), scope, instance), |c| {
            if let Some(c) = c.command_buffer() {
                f(c);
            }
        });
    }

    /// vkCmdBeginDebugUtilsLabelEXT, after the call.
    pub(super) fn after_cmd_begin_debug_utils_label_ext(&self, cx: &Call<'_>, cb: VkCommandBuffer) {
        self.post_record_call(cx, None);
        self.with_command_buffer(cb, |c| c.label(true));
    }

    /// vkCmdEndDebugUtilsLabelEXT, after the call.
    pub(super) fn after_cmd_end_debug_utils_label_ext(&self, cx: &Call<'_>, cb: VkCommandBuffer) {
        self.post_record_call(cx, None);
        self.with_command_buffer(cb, |c| c.label(false));
    }

    /// vkCmdPushConstants2, after the call.
    pub(super) fn after_cmd_push_constants2(&self, cx: &Call<'_>, info: *const VkPushConstantsInfo) {
        // SAFETY: the application's info, which the call read.
        let layout = unsafe { info.as_ref() }.map_or(VkPipelineLayout::null(), |i| i.layout);
        self.pushed(cx, layout);
    }

    /// vkCmdSetDescriptorBufferOffsets2EXT, after the call.
    pub(super) fn after_cmd_set_descriptor_buffer_offsets2_ext(
        &self,
        cx: &Call<'_>,
        info: *const VkSetDescriptorBufferOffsetsInfoEXT,
    ) {
        // SAFETY: the application's info, which the call read.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        let points = stage_bind_points(info.stageFlags.0);
        self.after_cmd_set_descriptor_buffer_offsets(cx, points, info.firstSet, info.setCount);
    }

    /// vkCmdBindVertexBuffers2, after the call.
    pub(super) fn after_cmd_bind_vertex_buffers2(
        &self,
        cx: &Call<'_>,
        first: u32,
        count: u32,
        buffers: *const VkBuffer,
        offsets: *const VkDeviceSize,
        sizes: *const VkDeviceSize,
    ) {
        // SAFETY: the arrays the application passed.
        unsafe { self.vertex_buffers_bound(cx, (first, count), Some((buffers, offsets, sizes))) };
        // The strides are dynamic state: this typed hook replaces the generic route that
        // records them.
        if self.references {
            self.dynamic_state_command(cx);
        }
    }
}

/// The pipeline bind points a `VkShaderStageFlags` of vkCmdBindDescriptorSets2 binds for: every
/// bind point any of the stages belongs to.
pub(super) fn stage_bind_points(stages: u32) -> impl Iterator<Item = i32> {
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
    /// What the tracker records after vkCmdBindPipeline.
    pub(in crate::state) fn after_cmd_bind_pipeline(
        &self,
        cx: &Call<'_>,
        point: VkPipelineBindPoint,
        pipeline: VkPipeline,
    ) {
        if !self.references {
            return;
        }
        let (scope, instance) = self.scopes();
        self.refer_then(cx, |r| {
            if let Some(i) = bind_point_index(point.0) {
                let k = key(TYPES.pipeline, pipeline.as_raw(), scope, instance);
                r.bound[i].pipeline = Some(k);
                crate::state::shader_objects::pipeline_bound(r, point.0);
                if i == 0 {
                    (r.draw.set_since_bind, r.draw.ext_set_since_bind) = (0, 0);
                    // Binding a pipeline invalidates the dynamic state it has static.
                    match r.references.with_record(k, |p| p.pipeline().and_then(|p| p.dynamic)).flatten() {
                        Some(dynamic) => r.draw.dynamic_set &= dynamic,
                        None => r.draw.unknown = true,
                    }
                    let draw = r.references.with_record(k, |p| {
                        p.pipeline().and_then(|p| p.dynamic_draw.as_ref().map(|d| (d.ext, d.provoking_vertex)))
                    });
                    let (ext, provoking) = draw.flatten().unzip();
                    crate::state::dynamic_state::pipeline_bound(r, ext);
                    r.provoking_vertex = provoking.flatten();
                }
            }
        });
    }

    /// What the tracker records after vkCmdBindDescriptorSets.
    pub(in crate::state) fn after_cmd_bind_descriptor_sets(
        &self,
        cx: &Call<'_>,
        point: VkPipelineBindPoint,
        layout: VkPipelineLayout,
        first: u32,
        count: u32,
        sets: *const VkDescriptorSet,
    ) {
        if !self.references {
            return;
        }
        let (scope, instance) = self.scopes();
        // SAFETY: `count` sets, as the application passed them.
        let sets = unsafe { slice(sets, count) };
        self.refer_then(cx, |r| {
            let Some(i) = bind_point_index(point.0) else { return };
            let layout = key(TYPES.pipeline_layout, layout.as_raw(), scope, instance);
            let sets =
                sets.iter().map(|s| (s.as_raw() != 0).then(|| key(TYPES.descriptor_set, s.as_raw(), scope, instance)));
            r.bound[i].bind_sets(layout, first, sets);
        });
    }

    /// vkCmdBeginConditionalRenderingEXT (`begin`) or vkCmdEndConditionalRenderingEXT was
    /// recorded.
    pub(in crate::state) fn conditional_rendering_recorded(&self, cx: &Call<'_>, cb: VkCommandBuffer, begin: bool) {
        self.post_record_call(cx, None);
        self.with_command_buffer(cb, |c| c.conditional_rendering(begin));
    }

    /// vkCmdBeginTransformFeedbackEXT (`active`) or vkCmdEndTransformFeedbackEXT was recorded.
    pub(in crate::state) fn transform_feedback_recorded(&self, cx: &Call<'_>, cb: VkCommandBuffer, active: bool) {
        self.post_record_call(cx, None);
        self.with_command_buffer(cb, |c| c.transform_feedback(active));
    }

    /// What the tracker records after vkCmdBeginRenderPass.
    pub(in crate::state) fn after_cmd_begin_render_pass(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderPassBeginInfo,
        secondaries: bool,
    ) {
        self.post_record_call(cx, None);
        // SAFETY: the begin info the application passed.
        unsafe { self.render_pass_begun(cb, info) };
        // SAFETY: as above.
        let render_pass = unsafe { info.as_ref() }.map_or(0, |i| i.renderPass.as_raw());
        let subpasses =
            self.get(TYPES.render_pass, render_pass).and_then(|r| r.render_pass()?.shape()).map(|s| s.subpasses);
        let compat = self.render_pass_compat_of(render_pass);
        // SAFETY: as above.
        let framebuffer = unsafe { info.as_ref() }.map_or(0, |i| i.framebuffer.as_raw());
        let instance = RenderPassInstance::RenderPass { subpass: 0, subpasses, compat, framebuffer, secondaries };
        self.render_pass_instance(cb, Some(instance));
        // SAFETY: as above.
        unsafe { self.post_subpass_locations(cb, info) };
        self.instance_rules_of_render_pass(cb, render_pass);
        // SAFETY: as above.
        unsafe { self.instance_feedback(cb, render_pass, info) };
        // SAFETY: as above.
        unsafe { self.clear_area_of_render_pass(cb, info) };
    }

    /// A render pass instance begins with `info`: the post-subpass sample locations it chains,
    /// if it does, for the pipelines bound in it.
    ///
    /// # Safety
    /// `info` must be NULL or a begin info the application passed.
    unsafe fn post_subpass_locations(&self, cb: VkCommandBuffer, info: *const VkRenderPassBeginInfo) {
        let ty = VkStructureType::VK_STRUCTURE_TYPE_RENDER_PASS_SAMPLE_LOCATIONS_BEGIN_INFO_EXT;
        // SAFETY: per the function's contract, the info's chain.
        let Some(chained) = (unsafe { info.as_ref() })
            .and_then(|i| unsafe { chained::<VkRenderPassSampleLocationsBeginInfoEXT>(i.pNext, ty) })
        else {
            return;
        };
        // SAFETY: its counted post-subpass sample locations, each info's counted locations.
        let locations: Box<[(u32, u64)]> = unsafe {
            slice(chained.pPostSubpassSampleLocations, chained.postSubpassSampleLocationsCount)
                .iter()
                .map(|s| (s.subpassIndex, crate::state::dynamic_state::sample_locations_key(&s.sampleLocationsInfo)))
                .collect()
        };
        self.with_command_buffer(cb, |c| {
            if let Some(mut r) = c.try_lock() {
                r.post_subpass_locations = Some((r.instances, locations));
            }
        });
    }

    /// What the tracker records after vkCmdBeginRenderPass2.
    pub(in crate::state) fn after_cmd_begin_render_pass2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkRenderPassBeginInfo,
        secondaries: bool,
    ) {
        self.post_record_call(cx, None);
        // SAFETY: the begin info the application passed.
        unsafe { self.render_pass_begun(cb, info) };
        // SAFETY: as above.
        let render_pass = unsafe { info.as_ref() }.map_or(0, |i| i.renderPass.as_raw());
        let subpasses =
            self.get(TYPES.render_pass, render_pass).and_then(|r| r.render_pass()?.shape()).map(|s| s.subpasses);
        let compat = self.render_pass_compat_of(render_pass);
        // SAFETY: as above.
        let framebuffer = unsafe { info.as_ref() }.map_or(0, |i| i.framebuffer.as_raw());
        let instance = RenderPassInstance::RenderPass { subpass: 0, subpasses, compat, framebuffer, secondaries };
        self.render_pass_instance(cb, Some(instance));
        // SAFETY: as above.
        unsafe { self.post_subpass_locations(cb, info) };
        self.instance_rules_of_render_pass(cb, render_pass);
        // SAFETY: as above.
        unsafe { self.instance_feedback(cb, render_pass, info) };
        // SAFETY: as above.
        unsafe { self.clear_area_of_render_pass(cb, info) };
    }

    /// What the tracker records before vkCmdExecuteCommands.
    pub(in crate::state) fn before_cmd_execute_commands(
        &self,
        cb: VkCommandBuffer,
        count: u32,
        secondaries: *const VkCommandBuffer,
    ) {
        // SAFETY: `count` command buffers, as the application passed them.
        let list = unsafe { slice(secondaries, count) };
        let (mut nesting, mut suspensions) = (0, Vec::new());
        let records: Vec<_> = list
            .iter()
            .filter_map(|s| self.get(TYPES.command_buffer, s.as_raw()))
            .map(|r| {
                let (generation, level, suspension) = r.command_buffer().map_or((0, 0, Default::default()), |c| {
                    let s = c.lock();
                    (s.generation, s.nesting, s.suspension)
                });
                nesting = nesting.max(level);
                suspensions.push(suspension);
                (r, generation)
            })
            .collect();
        let secondaries: Vec<_> = records.iter().map(|(r, _)| r.clone()).collect();
        self.with_command_buffer(cb, |c| c.executes(records, nesting, &suspensions));
        self.executed_layouts(cb, &secondaries);
        self.executed_transfers(cb.as_raw(), &secondaries);
    }

    /// What the tracker records after vkCmdSetDescriptorBufferOffsetsEXT (`points`: its bind
    /// point) or vkCmdSetDescriptorBufferOffsets2EXT (the bind points of its stage flags).
    pub(in crate::state) fn after_cmd_set_descriptor_buffer_offsets(
        &self,
        cx: &Call<'_>,
        points: impl Iterator<Item = i32>,
        first: u32,
        count: u32,
    ) {
        if !self.references {
            return;
        }
        self.refer_then(cx, |r| {
            for point in points {
                if let Some(i) = bind_point_index(point) {
                    r.bound[i].set_buffer_offsets(first, count);
                }
            }
        });
    }

    /// What the tracker records after vkCmdBindDescriptorSets2.
    pub(in crate::state) fn after_cmd_bind_descriptor_sets2(
        &self,
        cx: &Call<'_>,
        info: *const VkBindDescriptorSetsInfo,
    ) {
        if !self.references {
            return;
        }
        // SAFETY: the application's info, which the call read.
        let Some(info) = (unsafe { info.as_ref() }) else { return };
        let (scope, instance) = self.scopes();
        // SAFETY: its counted sets, as the application passed them.
        let sets = unsafe { slice(info.pDescriptorSets, info.descriptorSetCount) };
        self.refer_then(cx, |r| {
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

    /// What a secondary begun with `info` continues: the render pass instance its inheritance
    /// info describes, when `VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT` is set.
    ///
    /// # Safety
    /// `info` is NULL or the begin info vkBeginCommandBuffer read.
    pub(in crate::state) unsafe fn inherited(&self, info: *const VkCommandBufferBeginInfo) -> Option<Box<Inherited>> {
        let info = unsafe { info.as_ref() }?;
        let continues = VkCommandBufferUsageFlags::VK_COMMAND_BUFFER_USAGE_RENDER_PASS_CONTINUE_BIT.0;
        if info.flags.0 & continues == 0 {
            return None;
        }
        // SAFETY: the application's inheritance info, read by the call.
        let inheritance = unsafe { info.pInheritanceInfo.as_ref() }?;
        let render_pass = inheritance.renderPass.as_raw();
        if render_pass != 0 {
            return Some(Box::new(Inherited::RenderPass {
                render_pass,
                compat: self.render_pass_compat_of(render_pass),
                subpass: inheritance.subpass,
                framebuffer: inheritance.framebuffer.as_raw(),
            }));
        }
        let ty = VkStructureType::VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_RENDERING_INFO;
        // SAFETY: the chain of the inheritance info, read by the call.
        let r = unsafe { chained::<VkCommandBufferInheritanceRenderingInfo>(inheritance.pNext, ty) }?;
        let counts = VkStructureType::VK_STRUCTURE_TYPE_ATTACHMENT_SAMPLE_COUNT_INFO_AMD;
        // SAFETY: as above.
        let sample_counts = unsafe { chained::<VkAttachmentSampleCountInfoAMD>(inheritance.pNext, counts) }.is_some();
        Some(Box::new(Inherited::Rendering(InheritedRendering {
            flags: r.flags.0,
            view_mask: r.viewMask,
            // SAFETY: its counted formats, read by the call.
            colors: unsafe { slice(r.pColorAttachmentFormats, r.colorAttachmentCount) }.iter().map(|f| f.0).collect(),
            depth: r.depthAttachmentFormat.0,
            stencil: r.stencilAttachmentFormat.0,
            samples: r.rasterizationSamples.0,
            sample_counts,
            // SAFETY: as above.
            maps: unsafe { crate::state::local_read::LocalReadMaps::chained(inheritance.pNext) },
        })))
    }

    /// The attachments of a vkCmdBeginRendering instance: each view's format and its image's
    /// sample count, for the secondaries it executes.
    ///
    /// # Safety
    /// `info` is NULL or the rendering info the call read.
    pub(in crate::state) unsafe fn rendering_targets(
        &self,
        info: *const VkRenderingInfo,
    ) -> Option<Box<RenderingTargets>> {
        let info = unsafe { info.as_ref() }?;
        let target = |a: *const VkRenderingAttachmentInfo| {
            // SAFETY: an attachment info of the rendering info, or NULL.
            let view = unsafe { a.as_ref() }?.imageView.as_raw();
            if view == 0 {
                return None;
            }
            let record = self.get(TYPES.image_view, view);
            let state = record.as_ref().and_then(|r| r.image_view());
            let view_info = state.and_then(|s| s.view_info());
            let (format, features) = (view_info.map(|v| v.format), view_info.and_then(|v| v.features));
            let image = state.and_then(|s| s.viewed()).and_then(|(image, _)| {
                let i = image.image()?.info()?;
                Some((i.samples, i.flags.0))
            });
            let samples = image.map(|i| i.0);
            let compatible = VkImageCreateFlags::VK_IMAGE_CREATE_SAMPLE_LOCATIONS_COMPATIBLE_DEPTH_BIT_EXT.0;
            let sample_locations_compatible = image.map(|i| i.1 & compatible != 0);
            Some(RenderingTarget { view, format, samples, features, sample_locations_compatible })
        };
        // SAFETY: its counted color attachments, read by the call.
        let colors = unsafe { slice(info.pColorAttachments, info.colorAttachmentCount) };
        // SAFETY: the rendering info's chain, read by the call.
        let fragment_maps = unsafe { crate::state::render_passes::rendering_fragment_maps(info.pNext) };
        Some(Box::new(RenderingTargets {
            colors: colors.iter().map(|a| target(a)).collect(),
            depth: target(info.pDepthAttachment),
            stencil: target(info.pStencilAttachment),
            fragment_maps,
        }))
    }
}
