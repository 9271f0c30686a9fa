//! What a command binds, checked when it is bound: descriptor sets against the pipeline layout
//! they are bound with (set numbers, set layouts, dynamic offsets), push constants against the
//! layout's ranges; and, at draw, dispatch and trace-rays time, that a pipeline is bound at the
//! command's bind point (the ids are generated: `objects::BOUND_PIPELINE_IDS`).
//!
//! Objects are found through the command buffer's references (what its recording already named)
//! before the object table: recording threads that bind the same shared layout and sets never
//! take a common lock.

use std::cell::OnceCell;

use vigil_generated::features::Feature;
use vigil_generated::objects::BOUND_PIPELINE_IDS;
use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::command_buffers::{Recording, RenderPassInstance};
use crate::state::descriptors::is_dynamic_buffer;
use crate::state::dynamic_state::PipelineDynamic;
use crate::state::pipelines::{bind_point_index, bind_point_name, SetLayoutInfo};
use crate::state::resolve::found_in;
use crate::state::tracker::param_handle;
use crate::state::{key, ObjectRecord, TYPES};

/// The ids of a descriptor set bind's rules: vkCmdBindDescriptorSets's, or those of the
/// VkBindDescriptorSetsInfo of vkCmdBindDescriptorSets2, whose members it names.
struct BindIds {
    /// Members are named through pBindDescriptorSetsInfo.
    info: bool,
    first_set: &'static str,
    set_layout: &'static str,
    dynamic_count: &'static str,
    uniform_aligned: &'static str,
    storage_aligned: &'static str,
    whole: &'static str,
    inside: &'static str,
    host_only: &'static str,
    null: &'static str,
    /// A set of a layout for descriptor buffers.
    descriptor_buffer: &'static str,
}

impl BindIds {
    /// Member `name` of the bind: a parameter (`root.name`) or a member of the info
    /// (`root.pBindDescriptorSetsInfo->name`, that location made in `info_at` when first needed:
    /// the valid bind builds none).
    fn member<'a>(
        &self,
        root: &'a Location<'a>,
        info_at: &'a OnceCell<Location<'a>>,
        name: &'static str,
    ) -> Location<'a> {
        if self.info {
            info_at.get_or_init(|| root.dot("pBindDescriptorSetsInfo")).arrow(name)
        } else {
            root.dot(name)
        }
    }
}

const BIND: BindIds = BindIds {
    info: false,
    first_set: "VUID-vkCmdBindDescriptorSets-firstSet-00360",
    set_layout: "VUID-vkCmdBindDescriptorSets-pDescriptorSets-00358",
    dynamic_count: "VUID-vkCmdBindDescriptorSets-dynamicOffsetCount-00359",
    uniform_aligned: "VUID-vkCmdBindDescriptorSets-pDynamicOffsets-01971",
    storage_aligned: "VUID-vkCmdBindDescriptorSets-pDynamicOffsets-01972",
    whole: "VUID-vkCmdBindDescriptorSets-pDescriptorSets-06715",
    inside: "VUID-vkCmdBindDescriptorSets-pDescriptorSets-01979",
    host_only: "VUID-vkCmdBindDescriptorSets-pDescriptorSets-04616",
    null: "VUID-vkCmdBindDescriptorSets-pDescriptorSets-06563",
    descriptor_buffer: "VUID-vkCmdBindDescriptorSets-pDescriptorSets-08010",
};

const BIND2: BindIds = BindIds {
    info: true,
    first_set: "VUID-VkBindDescriptorSetsInfo-firstSet-00360",
    set_layout: "VUID-VkBindDescriptorSetsInfo-pDescriptorSets-00358",
    dynamic_count: "VUID-VkBindDescriptorSetsInfo-dynamicOffsetCount-00359",
    uniform_aligned: "VUID-VkBindDescriptorSetsInfo-pDynamicOffsets-01971",
    storage_aligned: "VUID-VkBindDescriptorSetsInfo-pDynamicOffsets-01972",
    whole: "VUID-VkBindDescriptorSetsInfo-pDescriptorSets-06715",
    inside: "VUID-VkBindDescriptorSetsInfo-pDescriptorSets-01979",
    host_only: "VUID-VkBindDescriptorSetsInfo-pDescriptorSets-04616",
    null: "VUID-VkBindDescriptorSetsInfo-pDescriptorSets-06563",
    descriptor_buffer: "VUID-VkBindDescriptorSetsInfo-pDescriptorSets-08010",
};

impl CoreChecks {
    /// The record of handle `h` of type `ty`: the one the call's walk found when the call names
    /// it (a scan of a few entries, no hashing), else through `r`'s references.
    #[inline(always)]
    fn with_object<R>(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        ty: u16,
        h: u64,
        f: impl FnOnce(&ObjectRecord) -> R,
    ) -> Option<R> {
        if h == 0 {
            return None;
        }
        match found_in(cx.handles(), ty, h) {
            Some(found) => Some(f(found)),
            None => r.references.with_record(key(ty, h, self.device, self.instance), f),
        }
    }

    /// vkCmdBindDescriptorSets: true to skip the call.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn bind_descriptor_sets(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        (point, layout): (VkPipelineBindPoint, VkPipelineLayout),
        first: u32,
        count: u32,
        sets: *const VkDescriptorSet,
        dynamic_count: u32,
        dynamic: *const u32,
    ) -> bool {
        // SAFETY: the arrays as the application passed them (stateless checked the counts).
        let (sets, dynamic) = unsafe { (slice(sets, count), slice(dynamic, dynamic_count)) };
        self.with_recording(cx, cb.as_raw(), |r| {
            let vuid = "VUID-vkCmdBindDescriptorSets-pipelineBindPoint-00361";
            if let Some(skip) = bind_point_unsupported(cx, r, point, vuid, cb) {
                return skip;
            }
            self.bound_sets(cx, r, &BIND, layout, first, sets, dynamic)
        })
    }

    /// vkCmdBindDescriptorSets2: the same rules as vkCmdBindDescriptorSets, by
    /// VkBindDescriptorSetsInfo's ids. True to skip the call.
    pub(super) fn bind_descriptor_sets2(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        info: *const VkBindDescriptorSetsInfo,
    ) -> bool {
        // SAFETY: stateless validation requires a valid pointer; NULL is not followed.
        let Some(info) = (unsafe { info.as_ref() }) else { return self.recording_rules(cx) };
        // SAFETY: the info's arrays as the application passed them (stateless checked the counts).
        let (sets, dynamic) = unsafe {
            (slice(info.pDescriptorSets, info.descriptorSetCount), slice(info.pDynamicOffsets, info.dynamicOffsetCount))
        };
        self.with_recording(cx, cb.as_raw(), |r| {
            self.bound_sets(cx, r, &BIND2, info.layout, info.firstSet, sets, dynamic)
        })
    }

    /// The sets a bind names (`sets` from `first`, with `dynamic` offsets) against pipeline
    /// layout `layout`: set numbers, set layouts, null and host-only sets, dynamic offsets.
    /// True to skip the call.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn bound_sets(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        ids: &BindIds,
        layout: VkPipelineLayout,
        first: u32,
        sets: &[VkDescriptorSet],
        dynamic: &[u32],
    ) -> bool {
        self.with_object(cx, r, TYPES.pipeline_layout, layout.as_raw(), |l| {
            let Some(info) = l.pipeline_layout() else { return false };
            let root = cx.location();
            let info_at = OnceCell::new();
            let member = |name| ids.member(&root, &info_at, name);
            let n = info.set_layouts.len();
            if first as usize + sets.len() > n {
                return cx.error(
                    ids.first_set,
                    &member("firstSet"),
                    format_args!(
                        "({first}) plus descriptorSetCount ({}) is more than the {n} set layouts pipeline layout \
                             {:#x} was created with.",
                        sets.len(),
                        layout.as_raw()
                    ),
                );
            }
            // Each non-null set's layout, where known: against the layout's, and the dynamic
            // descriptors it holds (unknown while any set's layout is).
            let mut skip = false;
            let mut total = Some(0u32);
            for (i, set) in sets.iter().enumerate() {
                if set.as_raw() == 0 {
                    // Null sets stand for sets the pipeline does not use, with graphics
                    // pipeline libraries only.
                    if cx.device().is_some_and(|d| !d.features.contains(Feature::GRAPHICS_PIPELINE_LIBRARY)) {
                        skip |= cx.error(
                            ids.null,
                            &member("pDescriptorSets").index(i),
                            format_args!("is VK_NULL_HANDLE, and the graphicsPipelineLibrary feature is not enabled."),
                        );
                    }
                    continue;
                }
                let expected = info.set_layouts[first as usize + i].as_ref().and_then(|l| l.descriptor_set_layout());
                let found = self.with_set_layout(cx, r, set.as_raw(), |handle, actual, host_only| {
                    let mut skip = false;
                    if host_only {
                        skip |= cx.error(
                            ids.host_only,
                            &member("pDescriptorSets").index(i),
                            format_args!(
                                "({:#x}) was allocated from a descriptor pool created with \
                                     VK_DESCRIPTOR_POOL_CREATE_HOST_ONLY_BIT_EXT, whose sets may not be bound.",
                                set.as_raw()
                            ),
                        );
                    }
                    const DESCRIPTOR_BUFFER: u32 =
                        VkDescriptorSetLayoutCreateFlags::VK_DESCRIPTOR_SET_LAYOUT_CREATE_DESCRIPTOR_BUFFER_BIT_EXT.0;
                    if actual.flags & DESCRIPTOR_BUFFER != 0 {
                        skip |= cx.error(
                            ids.descriptor_buffer,
                            &member("pDescriptorSets").index(i),
                            format_args!(
                                "({:#x}) was allocated with descriptor set layout {handle:#x}, created with \
                                 VK_DESCRIPTOR_SET_LAYOUT_CREATE_DESCRIPTOR_BUFFER_BIT_EXT: its descriptors live in \
                                 descriptor buffers, not in sets.",
                                set.as_raw()
                            ),
                        );
                    }
                    if expected.is_some_and(|e| !actual.same_definition(e)) {
                        skip |= cx.error(
                            ids.set_layout,
                            &member("pDescriptorSets").index(i),
                            format_args!(
                                "({:#x}) was allocated with descriptor set layout {handle:#x}, which is not \
                                     defined like set {} of pipeline layout {:#x}.",
                                set.as_raw(),
                                first as usize + i,
                                layout.as_raw()
                            ),
                        );
                    }
                    (skip, actual.dynamic_descriptors())
                });
                match found {
                    Some((s, n)) => {
                        skip |= s;
                        total = total.map(|t| t + n);
                    }
                    None => total = None,
                }
            }
            let Some(expected) = total else { return skip };
            if expected != dynamic.len() as u32 {
                return skip
                    | cx.error(
                        ids.dynamic_count,
                        &member("dynamicOffsetCount"),
                        format_args!(
                            "is {}, but the sets bound hold {expected} dynamic uniform and storage buffer \
                                 descriptors.",
                            dynamic.len()
                        ),
                    );
            }
            if expected == 0 {
                return skip;
            }
            // Offsets go to the dynamic descriptors in order of set, binding number and
            // array element.
            let mut next = 0;
            for set in sets.iter().filter(|s| s.as_raw() != 0) {
                let checked = self.with_set_layout(cx, r, set.as_raw(), |_, l, _| {
                    let (skip, used) = self.dynamic_offsets_aligned(cx, ids, l, &dynamic[next..], next);
                    let ranges = self.dynamic_ranges(cx, (r, ids), set.as_raw(), l, &dynamic[next..next + used], next);
                    next += used;
                    skip | ranges
                });
                skip |= checked.unwrap_or(false);
            }
            skip
        })
        .unwrap_or(false)
    }

    /// Runs `f` with the handle and the recorded layout of descriptor set `set`, if known, and
    /// whether it was allocated from a host-only pool.
    fn with_set_layout<R>(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        set: u64,
        f: impl FnOnce(u64, &SetLayoutInfo, bool) -> R,
    ) -> Option<R> {
        self.with_object(cx, r, TYPES.descriptor_set, set, |s| {
            let state = s.descriptor_set_state()?;
            let l = state.layout()?;
            Some(f(l.key.handle, l.descriptor_set_layout()?, state.host_only()))
        })
        .flatten()
    }

    /// The written dynamic buffer descriptors of set `set` (layout `l`) with their dynamic
    /// offsets `offsets` (element `first` of pDynamicOffsets on): a descriptor of the whole
    /// buffer takes offset 0 (06715), and the rest must stay inside the buffer (01979). True to
    /// skip the call.
    fn dynamic_ranges(
        &self,
        cx: &Call<'_>,
        (r, ids): (&Recording, &BindIds),
        set: u64,
        l: &SetLayoutInfo,
        offsets: &[u32],
        first: usize,
    ) -> bool {
        let elements = l
            .bindings
            .iter()
            .filter(|b| is_dynamic_buffer(b.ty))
            .flat_map(|b| (0..b.count).map(move |e| (b.binding, e)));
        let root = cx.location();
        let info_at = OnceCell::new();
        let list = ids.member(&root, &info_at, "pDynamicOffsets");
        let mut skip = false;
        for (i, ((binding, element), &offset)) in elements.zip(offsets).enumerate() {
            let written = self.with_object(cx, r, TYPES.descriptor_set, set, |s| {
                s.descriptor_set_state()?.descriptor(binding, element).flatten()
            });
            let Some(w) = written.flatten().filter(|w| w.resource != 0) else { continue };
            let (start, range) = w.range;
            let at = list.index(first + i);
            if range == VK_WHOLE_SIZE {
                if offset != 0 {
                    skip |= cx.error(
                        ids.whole,
                        &at,
                        format_args!(
                            "is {offset}, but binding {binding}[{element}] of descriptor set {set:#x} was written \
                             with range VK_WHOLE_SIZE: its dynamic offset must be 0."
                        ),
                    );
                }
                continue;
            }
            let Some(size) = self.get(TYPES.buffer, w.resource).and_then(|b| b.buffer()?.info().map(|i| i.size)) else {
                continue;
            };
            let end = start.saturating_add(u64::from(offset)).saturating_add(range);
            if end > size {
                skip |= cx.error(
                    ids.inside,
                    &at,
                    format_args!(
                        "is {offset}: binding {binding}[{element}] of descriptor set {set:#x} then covers bytes \
                         {}..{end} of buffer {:#x} (offset {start}, range {range}), which has {size} bytes.",
                        start.saturating_add(u64::from(offset)),
                        w.resource
                    ),
                );
            }
        }
        skip
    }

    /// The dynamic offsets of one set's layout `l`, from `offsets` (element `first` of
    /// pDynamicOffsets on), against the alignment limit of each descriptor's type: whether to
    /// skip, and how many offsets the set consumed.
    fn dynamic_offsets_aligned(
        &self,
        cx: &Call<'_>,
        ids: &BindIds,
        l: &SetLayoutInfo,
        offsets: &[u32],
        first: usize,
    ) -> (bool, usize) {
        let Some(limits) = cx.device().map(|f| &f.limits) else { return (false, 0) };
        let uniform = VkDescriptorType::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC.0;
        let storage = VkDescriptorType::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC.0;
        let types = l
            .bindings
            .iter()
            .filter(|b| b.ty == uniform || b.ty == storage)
            .flat_map(|b| std::iter::repeat_n(b.ty, b.count as usize));
        let root = cx.location();
        let info_at = OnceCell::new();
        let list = ids.member(&root, &info_at, "pDynamicOffsets");
        let (mut skip, mut used) = (false, 0);
        for (ty, &offset) in types.zip(offsets) {
            let (vuid, limit, name) = if ty == uniform {
                (ids.uniform_aligned, limits.minUniformBufferOffsetAlignment, "minUniformBufferOffsetAlignment")
            } else {
                (ids.storage_aligned, limits.minStorageBufferOffsetAlignment, "minStorageBufferOffsetAlignment")
            };
            if limit != 0 && u64::from(offset) % limit != 0 {
                skip |= cx.error(
                    vuid,
                    &list.index(first + used),
                    format_args!("({offset}) is not a multiple of {name} ({limit})."),
                );
            }
            used += 1;
        }
        (skip, used)
    }

    /// vkCmdBindPipeline: the pipeline must be of the bind point's kind, and not a library. True to
    /// skip the call.
    pub(super) fn bind_pipeline(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        point: VkPipelineBindPoint,
        pipeline: VkPipeline,
    ) -> bool {
        let vuid = match point.0 {
            0 => Some("VUID-vkCmdBindPipeline-pipelineBindPoint-00780"),
            1 => Some("VUID-vkCmdBindPipeline-pipelineBindPoint-00779"),
            // Ray tracing pipelines are not recorded: a recorded pipeline bound there is of
            // another kind.
            RAY_TRACING => Some("VUID-vkCmdBindPipeline-pipelineBindPoint-02392"),
            _ => None,
        };
        const QUEUE_IDS: [(i32, &str); 3] = [
            (0, "VUID-vkCmdBindPipeline-pipelineBindPoint-00778"),
            (1, "VUID-vkCmdBindPipeline-pipelineBindPoint-00777"),
            (RAY_TRACING, "VUID-vkCmdBindPipeline-pipelineBindPoint-02391"),
        ];
        self.with_recording(cx, cb.as_raw(), |r| {
            let queue = QUEUE_IDS.iter().find(|(p, _)| *p == point.0).map(|(_, v)| *v);
            if let Some(skip) = queue.and_then(|vuid| bind_point_unsupported(cx, r, point, vuid, cb)) {
                return skip;
            }
            let transform_feedback = r.transform_feedback
                && cx.error(
                    "VUID-vkCmdBindPipeline-None-02323",
                    &cx.location(),
                    format_args!(
                        "is recorded while transform feedback is active in command buffer {:#x}.",
                        cb.as_raw()
                    ),
                );
            let Some(vuid) = vuid else { return transform_feedback };
            transform_feedback
                | self
                    .with_object(cx, r, TYPES.pipeline, pipeline.as_raw(), |p| {
                        let Some(info) = p.pipeline() else { return false };
                        if let Some(skip) = protected_access(cx, r.protected, info.flags, pipeline) {
                            return skip;
                        }
                        if point.0 == 0 && info.bind_point == 0 {
                            if let Some(d) = &info.dynamic_draw {
                                if graphics_bind(cx, r, d, pipeline) {
                                    return true;
                                }
                            }
                        }
                        let library = VkPipelineCreateFlags::VK_PIPELINE_CREATE_LIBRARY_BIT_KHR.0 as u64;
                        if info.flags & library != 0 {
                            return cx.error(
                                "VUID-vkCmdBindPipeline-pipeline-03382",
                                &cx.location().dot("pipeline"),
                                format_args!(
                                    "({:#x}) was created with VK_PIPELINE_CREATE_LIBRARY_BIT_KHR: a pipeline library is \
                                     linked into pipelines, not bound.",
                                    pipeline.as_raw()
                                ),
                            );
                        }
                        info.bind_point != point.0
                            && cx.error(
                                vuid,
                                &cx.location().dot("pipeline"),
                                format_args!(
                                    "({:#x}) was created for {}, but is bound to {}.",
                                    pipeline.as_raw(),
                                    bind_point_name(info.bind_point),
                                    bind_point_name(point.0)
                                ),
                            )
                    })
                    .unwrap_or(false)
        })
    }

    /// vkCmdSetViewport and vkCmdSetScissor (`what`: which they set): not in a secondary that
    /// inherits 2D viewports and scissors (`VkCommandBufferInheritanceViewportScissorInfoNV`).
    /// True to skip the call.
    pub(super) fn inherited_viewport_scissor(cx: &Call<'_>, r: &Recording, vuid: &'static str, what: &str) -> bool {
        r.viewport_scissor_2d
            && cx.error(
                vuid,
                &cx.location().dot("commandBuffer"),
                format_args!(
                    "is a secondary command buffer begun with VkCommandBufferInheritanceViewportScissorInfoNV::\
                     viewportScissor2D VK_TRUE: it inherits its {what} and must not set them."
                ),
            )
    }

    /// vkCmdPushConstants: true to skip the call.
    pub(super) fn push_constants(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        layout: VkPipelineLayout,
        stages: VkShaderStageFlags,
        offset: u32,
        size: u32,
    ) -> bool {
        // No stages at all, and bytes past maxPushConstantsSize, are stateless rules' to report
        // (`-parameter`, 00370, 00371): the ranges could not hold them either.
        let max = cx.device().map_or(u32::MAX, |f| f.limits.maxPushConstantsSize);
        let stateless = stages.0 == 0 || u64::from(offset) + u64::from(size) > u64::from(max);
        self.with_recording(cx, cb.as_raw(), |r| {
            if stateless {
                return false;
            }
            self.with_object(cx, r, TYPES.pipeline_layout, layout.as_raw(), |l| {
                let Some(info) = l.pipeline_layout() else { return false };
                if info.push_constants_fit(stages.0, offset, size) {
                    return false;
                }
                let root = cx.location();
                let mut skip = false;
                // Each stage bit named (usually one or two), lowest first.
                let uncovered = std::iter::successors(Some(stages.0), |rest| Some(rest & (rest - 1)))
                    .take_while(|rest| *rest != 0)
                    .map(|rest| rest & rest.wrapping_neg())
                    .find(|&s| !info.push_constants_cover(s, offset, size));
                if let Some(stage) = uncovered {
                    skip |= cx.error(
                        "VUID-vkCmdPushConstants-offset-01795",
                        &root.dot("offset"),
                        format_args!(
                            "bytes {offset}..{} are not all in push constant ranges of pipeline layout {:#x} that \
                             include stage {stage:#x} of stageFlags.",
                            u64::from(offset) + u64::from(size),
                            layout.as_raw()
                        ),
                    );
                }
                if let Some(range) = info.push_constants_overlapping(offset, size).find(|r| r.stages & !stages.0 != 0) {
                    skip |= cx.error(
                        "VUID-vkCmdPushConstants-offset-01796",
                        &root.dot("stageFlags"),
                        format_args!(
                            "({:#x}) lacks stages {:#x} of the push constant range {}..{} of pipeline layout {:#x}, \
                             which the bytes {offset}..{} overlap.",
                            stages.0,
                            range.stages & !stages.0,
                            range.offset,
                            u64::from(range.offset) + u64::from(range.size),
                            layout.as_raw(),
                            u64::from(offset) + u64::from(size),
                        ),
                    );
                }
                skip
            })
            .unwrap_or(false)
        })
    }

    /// A draw, dispatch or trace-rays command, `BOUND_PIPELINE_IDS[i]`: a pipeline must be bound
    /// at its bind point, or with shader objects enabled, shaders at its stages (with the
    /// command's recording rules, under the same lock). True to skip the call.
    pub(super) fn pipeline_bound(&self, cx: &Call<'_>, i: usize) -> bool {
        let Some(&(_, vuid, point)) = BOUND_PIPELINE_IDS.get(i) else { return false };
        // With shader objects enabled, shaders may take the pipeline's place.
        let shader_objects = cx.device().is_some_and(|f| f.features.contains(Feature::SHADER_OBJECT));
        // SAFETY: parameter 0 of a vkCmd* command is its command buffer.
        let cb = unsafe { param_handle(cx.params, 0) };
        let Some(index) = bind_point_index(point) else {
            return self.with_recording(cx, cb, |r| self.draw_params(cx, r));
        };
        self.with_recording(cx, cb, |r| match r.bound[index].pipeline {
            None if shader_objects => self.shader_objects_bound(cx, r, index, cb),
            None => cx.error(
                vuid,
                &cx.location(),
                format_args!(
                    "no pipeline is bound to {} in command buffer {cb:#x} since it was begun.",
                    bind_point_name(point)
                ),
            ),
            Some(pipeline) => self.shader_uses_bound(cx, r, (index, point), pipeline, cb),
        } | self.draw_params(cx, r))
    }
}

/// `point` against the queue family of the command buffer's pool, which must support its
/// operations (graphics, or compute for compute and ray tracing): `Some(skip)` when it does not.
#[inline(always)]
fn bind_point_unsupported(
    cx: &Call<'_>,
    r: &Recording,
    point: VkPipelineBindPoint,
    vuid: &'static str,
    cb: VkCommandBuffer,
) -> Option<bool> {
    let needed = match point.0 {
        0 => VkQueueFlags::VK_QUEUE_GRAPHICS_BIT.0,
        _ => VkQueueFlags::VK_QUEUE_COMPUTE_BIT.0,
    };
    (r.queue_flags & needed == 0).then(|| bind_point_error(cx, point, vuid, cb))
}

/// A graphics pipeline bound in a secondary that inherits 2D viewports and scissors takes them
/// (and its discard rectangles) dynamically (`-commandBuffer-04808`, `-04809`); where
/// provokingVertexModePerPipeline is VK_FALSE, every graphics pipeline bound in a render pass
/// instance (and the one bound when it began) has the same provoking vertex mode (`-04881`). True
/// to skip the call.
fn graphics_bind(cx: &Call<'_>, r: &Recording, d: &PipelineDynamic, pipeline: VkPipeline) -> bool {
    let mut skip = false;
    let root = cx.location();
    let at = || root.dot("pipeline");
    if r.viewport_scissor_2d {
        if !d.viewport_scissor_dynamic {
            skip |= cx.error(
                "VUID-vkCmdBindPipeline-commandBuffer-04808",
                &at(),
                format_args!(
                    "({:#x}) does not take both viewports and scissors dynamically, but the secondary command buffer \
                     inherits them (VkCommandBufferInheritanceViewportScissorInfoNV::viewportScissor2D).",
                    pipeline.as_raw()
                ),
            );
        }
        if d.static_discard_rectangles {
            skip |= cx.error(
                "VUID-vkCmdBindPipeline-commandBuffer-04809",
                &at(),
                format_args!(
                    "({:#x}) has discard rectangles (or their enable dynamic) without \
                     VK_DYNAMIC_STATE_DISCARD_RECTANGLE_EXT, but the secondary command buffer inherits 2D viewports and \
                     scissors (viewportScissor2D).",
                    pipeline.as_raw()
                ),
            );
        }
    }
    if let (Some(locations), Some(false)) = (d.sample_locations, cx.device().and_then(|f| f.variable_sample_locations))
    {
        skip |= sample_locations(cx, r, locations, pipeline);
    }
    let per_pipeline = cx.device().and_then(|f| f.provoking_vertex_mode_per_pipeline).unwrap_or(true);
    if !per_pipeline && r.in_render_pass {
        if let (Some(before), Some(mode)) = (r.provoking_vertex, d.provoking_vertex) {
            if before != mode {
                skip |= cx.error(
                    "VUID-vkCmdBindPipeline-pipelineBindPoint-04881",
                    &at(),
                    format_args!(
                        "({:#x}) has provoking vertex mode {mode}, but a graphics pipeline bound before it in the current \
                         render pass instance (or when it began) has mode {before}, and provokingVertexModePerPipeline \
                         is VK_FALSE.",
                        pipeline.as_raw()
                    ),
                );
            }
        }
    }
    skip
}

/// Without variableSampleLocations, a pipeline of a render pass object with static sample
/// locations (fingerprint `locations`) is bound only in a render pass instance begun with the
/// same locations after its current subpass (`-variableSampleLocations-01525`). True to skip.
#[cold]
fn sample_locations(cx: &Call<'_>, r: &Recording, locations: u64, pipeline: VkPipeline) -> bool {
    let Some(RenderPassInstance::RenderPass { subpass, .. }) = r.instance else { return false };
    let begun = r.post_subpass_locations.as_ref().filter(|(instance, _)| *instance == r.instances);
    let found = begun.and_then(|(_, l)| l.iter().find(|(s, _)| *s == subpass)).map(|(_, k)| *k);
    if found == Some(locations) {
        return false;
    }
    let why = match found {
        None => {
            format!("the render pass instance was not begun with post-subpass sample locations for subpass {subpass}")
        }
        Some(_) => format!(
            "the post-subpass sample locations the render pass instance was begun with for subpass {subpass} differ"
        ),
    };
    cx.error(
        "VUID-vkCmdBindPipeline-variableSampleLocations-01525",
        &cx.location().dot("pipeline"),
        format_args!(
            "({:#x}) was created with static sample locations enabled, variableSampleLocations is VK_FALSE, and {why} \
             (VkRenderPassSampleLocationsBeginInfoEXT).",
            pipeline.as_raw()
        ),
    )
}

/// `VK_PIPELINE_BIND_POINT_RAY_TRACING_KHR`.
const RAY_TRACING: i32 = 1_000_165_000;

/// With the pipelineProtectedAccess feature, a pipeline created for protected (or unprotected)
/// command buffers only must not be bound in the other kind (`-pipelineProtectedAccess-07408`,
/// `-07409`): `Some(skip)` when it is.
fn protected_access(cx: &Call<'_>, protected: bool, flags: u64, pipeline: VkPipeline) -> Option<bool> {
    const NO_PROTECTED: u64 = VkPipelineCreateFlags::VK_PIPELINE_CREATE_NO_PROTECTED_ACCESS_BIT.0 as u64;
    const PROTECTED_ONLY: u64 = VkPipelineCreateFlags::VK_PIPELINE_CREATE_PROTECTED_ACCESS_ONLY_BIT.0 as u64;
    if flags & (NO_PROTECTED | PROTECTED_ONLY) == 0 {
        return None;
    }
    if !cx.device().is_some_and(|d| d.features.contains(Feature::PIPELINE_PROTECTED_ACCESS)) {
        return None;
    }
    let (vuid, flag, kind) = match protected {
        true if flags & NO_PROTECTED != 0 => (
            "VUID-vkCmdBindPipeline-pipelineProtectedAccess-07408",
            "VK_PIPELINE_CREATE_NO_PROTECTED_ACCESS_BIT",
            "a protected",
        ),
        false if flags & PROTECTED_ONLY != 0 => (
            "VUID-vkCmdBindPipeline-pipelineProtectedAccess-07409",
            "VK_PIPELINE_CREATE_PROTECTED_ACCESS_ONLY_BIT",
            "an unprotected",
        ),
        _ => return None,
    };
    Some(cx.error(
        vuid,
        &cx.location().dot("pipeline"),
        format_args!("({:#x}) was created with {flag}, but is bound in {kind} command buffer.", pipeline.as_raw()),
    ))
}

#[cold]
#[inline(never)]
fn bind_point_error(cx: &Call<'_>, point: VkPipelineBindPoint, vuid: &'static str, cb: VkCommandBuffer) -> bool {
    let what = if point.0 == 0 { "graphics" } else { "compute" };
    cx.error(
        vuid,
        &cx.location().dot("pipelineBindPoint"),
        format_args!(
            "is {}, but command buffer {:#x} was allocated from a pool whose queue family does not support {what} \
             operations.",
            bind_point_name(point.0),
            cb.as_raw()
        ),
    )
}
