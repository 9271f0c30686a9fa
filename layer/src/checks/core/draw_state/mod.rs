//! Draw-time state besides shaders and descriptor sets, for the six core draw commands: the
//! dynamic states a bound graphics pipeline leaves dynamic must have been set (and not
//! invalidated since by binding a pipeline that has them static) where the rule of each applies
//! (most only while rasterization is on, some only while a test that uses them is enabled, some
//! only with a feature or extension enabled, a tessellation stage, lines drawn or the logic op
//! enabled): extended dynamic state 1, 2 and 3 (advanced blending aside), vertex input, color
//! write enable, sample locations and discard rectangles (the rules themselves are `rules.rs`'s;
//! a rule's extension or feature is decided when the device is created, and shader objects leave
//! a state dynamic only where the device has what its rule needs), and the last
//! per-attachment blend enable and write mask calls must have set every active color attachment
//! of a vkCmdBeginRendering instance (and the last color write enable call as many values), the
//! last blend equation call every active one with blending enabled, and the last sample mask
//! must cover the rasterization samples. Stippled lines need the current line rasterization
//! mode's stippled-lines feature; while a primitives generated query is active, no rasterization
//! discard and no rasterization stream but 0 without their features; every discard rectangle of
//! a pipeline with them dynamic set while they are enabled; one viewport set with count for a
//! pipeline whose stages write `PrimitiveShadingRateKHR`, on a device without
//! `primitiveFragmentShadingRateWithMultipleViewports` (a pipeline reaches that rule only with
//! its viewport count dynamic, which already sends its draws past the fast path). No
//! state the pipeline has static may have been set since it was bound (the tracker keeps what
//! each recording set since its last graphics pipeline bind; vkCmdBindVertexBuffers3KHR, which
//! may set strides or not, is not taken as setting them there), the
//! viewport and scissor counts set with vkCmdSetViewportWithCount and vkCmdSetScissorWithCount
//! must match, a topology set dynamically must be a patch list exactly when a tessellation
//! control stage is bound, and stay in the pipeline's topology class on a device whose
//! `dynamicPrimitiveTopologyUnrestricted` is VK_FALSE (read only where VK_EXT_extended_dynamic_state3
//! is enabled, its structure being that extension's; otherwise not reported), primitive restart
//! enabled dynamically needs the list or patch list restart feature for those topologies, an
//! indexed draw needs an index buffer bound, with room
//! for the indices it
//! reads, and the bound pipeline's render pass must be compatible with the render pass instance's
//! (its subpass the current one; none for a dynamic rendering instance, whose view mask it must
//! have, and its color attachment count and each attachment's format — VK_FORMAT_UNDEFINED for a
//! null view — unless `dynamicRenderingUnusedAttachments` lets either side leave one out, and
//! whose attachments' sample counts its static `rasterizationSamples` must be, unless
//! `multisampledRenderToSingleSampled` or a custom resolve, or those of its chained
//! `VkAttachmentSampleCountInfoAMD`; with sample locations enabled, a depth attachment made
//! sample locations compatible; created with the fragment shading rate and density map
//! attachment flags where the instance has those attachments), and it must have no task or
//! mesh stage: keys fixed when the pipeline
//! was created and the instance began or advanced (`state::render_passes`), one comparison at
//! the draw. No depth writes while the instance's depth/stencil attachment has its depth aspect
//! in a read-only layout, and no stencil op that writes (with the stencil test enabled and both
//! write masks not zero) while its stencil aspect is: which aspects are read-only is decided
//! when the instance begins or advances, so a draw in an instance with none compares one byte
//! (these two rules, the one on states set while static, and no draw in a vkCmdBeginRendering
//! instance whose contents are secondary command buffers only, for the multi-draw,
//! `VK_EXT_mesh_shader` and vkCmdDrawIndirectByteCountEXT commands too).
//! Secondaries continuing a render pass have no instance of their own: not checked.
//!
//! What Vigil cannot tell is not reported: a pipeline whose dynamic states it does not know
//! (libraries, binaries), a primary after executing secondaries (its state is then undefined),
//! a rule whose condition depends on a value not known (a dynamic value not set, a depth or
//! stencil test state the pipeline's attachments make ignored, the topology after geometry,
//! tessellation or mesh shaders), viewport and scissor state that may be inherited
//! (`inheritedViewportScissor2D`), an index buffer of unknown size, whether a render pass
//! object's subpass has color attachments (the color blend enable and write mask rules are
//! followed in dynamic rendering instances), the static `logicOpEnable` of a render pass object's
//! pipeline (its color blend state may be ignored). The blend constants are
//! needed only by the static blend state of a dynamic rendering pipeline, where every color
//! attachment it renders to must be active (`dynamicRenderingUnusedAttachments` not enabled).
//! With shader objects bound instead of a pipeline, the states they leave dynamic (all those
//! their rules name) are held to the same rules, and their depth and stencil writes (as set) to
//! the instance's read-only aspects.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::read_uint;
use crate::chassis::Call;
use crate::state::command_buffers::{Recording, RenderPassInstance, RenderingTarget, RenderingTargets};
use crate::state::dynamic_state::{
    ext_bit, ext_mask, ext_state, is_dynamic, AttachmentRange, DynamicValues, PipelineDynamic,
};
use crate::state::pipelines::PipelineInfo;
use crate::state::render_passes::{secondary_only, PipelinePass, RenderingFormats, READ_ONLY_DEPTH, READ_ONLY_STENCIL};
#[cfg(test)]
use ids::DRAW_STATE_IDS;
use ids::{DrawStateIds, DRAW_STATES, EVERY_DRAW};

use VkDynamicState as D;
use VkShaderStageFlags as S;

mod ids;
mod rules;

pub(super) use rules::{rules_met, shader_object_states};
use rules::{Current, RULES};

/// What a draw's dynamic states come from, for messages.
#[derive(Clone, Copy)]
enum Bound {
    Pipeline(u64),
    ShaderObjects,
}

impl std::fmt::Display for Bound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Bound::Pipeline(p) => write!(f, "the bound graphics pipeline {p:#x} has"),
            Bound::ShaderObjects => write!(f, "shader objects are bound (no graphics pipeline), which have"),
        }
    }
}

impl CoreChecks {
    /// The draw state of recording `r` for a draw with graphics pipeline `info` bound: `cb` and
    /// the pipeline's handle, for messages. True to skip the call.
    pub(super) fn draw_state(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        info: &PipelineInfo,
        (cb, pipeline): (u64, u64),
    ) -> bool {
        let dynamic = info.dynamic.zip(info.dynamic_draw.as_ref());
        let static_set = match (EVERY_DRAW.get(cx), dynamic) {
            (Some(ids), Some(dynamic)) if !r.draw.unknown => {
                Self::set_while_static(cx, r, ids.1[2], dynamic, &Bound::Pipeline(pipeline), cb)
            }
            _ => false,
        };
        let read_only = || static_set | Self::read_only_state(cx, r, dynamic, Bound::Pipeline(pipeline), cb);
        // The other draws (multi-draw, mesh, byte count) compare no instance keys.
        let Some(ids) = DRAW_STATES.get(cx) else { return read_only() | Self::secondary_contents(cx, r, cb) };
        let skip = match (info.dynamic, info.dynamic_draw.as_ref()) {
            (Some(core), Some(p)) => self.dynamic_states(cx, r, ids, (core, p), Bound::Pipeline(pipeline), cb),
            _ => false,
        };
        skip | self.index_state(cx, r, ids, cb)
            | Self::pipeline_render_pass(cx, r, info, ids, (cb, pipeline))
            | read_only()
            | Self::pipeline_locations(cx, r, info, (cb, pipeline))
            | Self::pipeline_inputs(cx, r, info, (cb, pipeline))
    }

    /// Inside a vkCmdBeginRendering instance of this command buffer: the bound pipeline's color
    /// attachment locations those the instance has now (`-None-09548`). One comparison when
    /// neither maps them. True to skip the call.
    #[inline]
    fn pipeline_locations(cx: &Call<'_>, r: &Recording, info: &PipelineInfo, (cb, pipeline): (u64, u64)) -> bool {
        let (Some(RenderPassInstance::Rendering { colors, .. }), Some(maps)) = (r.instance, info.maps.as_ref()) else {
            return false;
        };
        if maps.locations.is_none() && r.maps.locations.is_none() {
            return false;
        }
        let Some(n) = maps.locations_differ(&r.maps, colors as usize) else { return false };
        let Some(ids) = EVERY_DRAW.get(cx) else { return false };
        cx.error(
            ids.1[3],
            &cx.location(),
            format_args!(
                "the bound graphics pipeline {pipeline:#x} writes color attachment {n} to location {}, but the \
                 current render pass instance of command buffer {cb:#x} maps it to location {} \
                 (VkRenderingAttachmentLocationInfo, the identity where not given).",
                maps.location(n),
                r.maps.location(n)
            ),
        )
    }

    /// Inside a vkCmdBeginRendering instance of this command buffer: the input attachment
    /// index the bound pipeline reads each attachment as, that of the instance now, wherever the
    /// pipeline's shaders read either index (`-None-09549` for color attachments, `-None-10927`
    /// depth, `-None-10928` stencil). One test when its shaders read no input attachment. True
    /// to skip the call.
    #[inline]
    fn pipeline_inputs(cx: &Call<'_>, r: &Recording, info: &PipelineInfo, (cb, pipeline): (u64, u64)) -> bool {
        let used = info.uses.input_attachments;
        if used == 0 {
            return false;
        }
        let (Some(RenderPassInstance::Rendering { colors, .. }), Some(maps)) = (r.instance, info.maps.as_ref()) else {
            return false;
        };
        let Some(ids) = EVERY_DRAW.get(cx) else { return false };
        let reads = |index: Option<u32>| index.is_some_and(|i| i < 64 && used & 1 << i != 0);
        let differ = |ours: Option<u32>, theirs: Option<u32>| ours != theirs && (reads(ours) || reads(theirs));
        let name = |index: Option<u32>| index.map_or("no index".to_string(), |i| format!("index {i}"));
        let mut skip = false;
        let color = (0..colors as usize).find(|&n| differ(Some(maps.color_input(n)), Some(r.maps.color_input(n))));
        if let Some(n) = color {
            skip |= cx.error(
                ids.1[4],
                &cx.location(),
                format_args!(
                    "the bound graphics pipeline {pipeline:#x} reads color attachment {n} as input attachment {}, \
                     but the current render pass instance of command buffer {cb:#x} maps it to input attachment {} \
                     (VkRenderingInputAttachmentIndexInfo, the identity where not given), and the pipeline's shaders \
                     read one of them.",
                    maps.color_input(n),
                    r.maps.color_input(n)
                ),
            );
        }
        let (ours, theirs) = (maps.depth_stencil_inputs(), r.maps.depth_stencil_inputs());
        for (aspect, ours, theirs, vuid) in
            [("depth", ours.0, theirs.0, ids.1[5]), ("stencil", ours.1, theirs.1, ids.1[6])]
        {
            if differ(ours, theirs) {
                skip |= cx.error(
                    vuid,
                    &cx.location(),
                    format_args!(
                        "the bound graphics pipeline {pipeline:#x} reads the {aspect} attachment with {}, but the \
                         current render pass instance of command buffer {cb:#x} reads it with {}, and the pipeline's \
                         shaders read one of them.",
                        name(ours),
                        name(theirs)
                    ),
                );
            }
        }
        skip
    }

    /// A draw in a vkCmdBeginRendering instance of this command buffer whose contents are
    /// secondary command buffers (`VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT` without
    /// `VK_RENDERING_CONTENTS_INLINE_BIT_KHR`). True to skip the call.
    fn secondary_contents(cx: &Call<'_>, r: &Recording, cb: u64) -> bool {
        match r.instance {
            Some(RenderPassInstance::Rendering { flags, .. }) if secondary_only(flags) => {
                EVERY_DRAW.get(cx).is_some_and(|ids| {
                    cx.error(
                        ids.1[7],
                        &cx.location(),
                        format_args!(
                            "the rendering instance command buffer {cb:#x} is in was begun with \
                             VK_RENDERING_CONTENTS_SECONDARY_COMMAND_BUFFERS_BIT and without \
                             VK_RENDERING_CONTENTS_INLINE_BIT_KHR: its contents are recorded in secondary command \
                             buffers only, not drawn inline."
                        ),
                    )
                })
            }
            _ => false,
        }
    }

    /// What is `bound` (its core dynamic states and draw-time state, `dynamic`, when known)
    /// against the read-only aspects of the depth/stencil attachment of recording `r`'s render
    /// pass instance. True to skip the call.
    #[inline]
    fn read_only_state(
        cx: &Call<'_>,
        r: &Recording,
        dynamic: Option<(u32, &PipelineDynamic)>,
        bound: Bound,
        cb: u64,
    ) -> bool {
        // Most render pass instances have no read-only depth or stencil aspect: one comparison.
        match (r.read_only.current, dynamic) {
            (0, _) => false,
            (aspects, Some(dynamic)) => EVERY_DRAW.get(cx).is_some_and(|ids| {
                let ids = [ids.1[0], ids.1[1]];
                Self::read_only_writes(cx, r, &ids, dynamic, aspects, (bound, cb))
            }),
            _ => false,
        }
    }

    /// The bound pipeline or shader objects (their core dynamic states and draw-time state
    /// `core` and `p`) writing the depth or stencil aspect of the depth/stencil attachment that
    /// `aspects` says is in a read-only layout: depth writes (the depth test and depth writes
    /// enabled), or stencil ops that write (the stencil test enabled, both faces' write masks
    /// not zero, an op not VK_STENCIL_OP_KEEP), each value the one set where it is dynamic.
    /// Values not known (not set, or a pipeline's depth/stencil state not known to apply) are
    /// not reported on. True to skip the call.
    #[cold]
    #[inline(never)]
    fn read_only_writes(
        cx: &Call<'_>,
        r: &Recording,
        ids: &[&'static str; 2],
        (core, p): (u32, &PipelineDynamic),
        aspects: u8,
        (bound, cb): (Bound, u64),
    ) -> bool {
        if r.draw.unknown {
            return false;
        }
        let v = &r.draw.values;
        let c = Current::of(core, p, v, (false, false), r.instance.as_ref());
        // A pipeline's state applies to the attachments it was made for; shader objects' to the
        // instance's, which has the aspect its layout makes read-only.
        let (depth, stencil) = match bound {
            Bound::Pipeline(_) => p.depth_stencil_aspects(),
            Bound::ShaderObjects => (true, true),
        };
        let dynamic_value = |state: VkDynamicState| {
            let set = match ext_bit(state) {
                Some(bit) => v.set & 1 << bit != 0,
                None => r.draw.dynamic_set & 1 << state.0 != 0,
            };
            is_dynamic(core, p.ext, state).then_some(set)
        };
        let depth_write = match dynamic_value(D::VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE) {
            Some(set) => set.then_some(v.depth_write),
            None => p.depth_write,
        };
        let faces = |state, set: [Option<bool>; 2], fixed: [Option<bool>; 2]| match dynamic_value(state) {
            Some(true) => set,
            Some(false) => [None; 2],
            None => fixed,
        };
        let masks = faces(
            D::VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,
            v.stencil_write_masks.map(|m| m.map(|m| m != 0)),
            p.stencil_write_masks.map(|m| m.map(|m| m != 0)),
        );
        let ops = faces(D::VK_DYNAMIC_STATE_STENCIL_OP, v.stencil_ops_write, p.stencil_ops_write);
        let at = cx.location();
        let mut skip = false;
        if aspects & READ_ONLY_DEPTH != 0 && depth && c.rasterizing && c.depth_test && depth_write == Some(true) {
            skip |= cx.error(
                ids[0],
                &at,
                format_args!(
                    "{bound} the depth test and depth writes enabled, but the depth aspect of the depth/stencil \
                     attachment is in a read-only layout in the render pass instance of command buffer {cb:#x}."
                ),
            );
        }
        let stencil_writes = masks == [Some(true); 2] && ops.contains(&Some(true));
        if aspects & READ_ONLY_STENCIL != 0 && stencil && c.rasterizing && c.stencil_test && stencil_writes {
            skip |= cx.error(
                ids[1],
                &at,
                format_args!(
                    "{bound} the stencil test enabled, both faces' write masks not zero and a stencil op other \
                     than VK_STENCIL_OP_KEEP, but the stencil aspect of the depth/stencil attachment is in a \
                     read-only layout in the render pass instance of command buffer {cb:#x}."
                ),
            );
        }
        skip
    }

    /// The draw state of recording `r` for a draw with shader objects bound (every state they
    /// need dynamic: `core` and `p` as `state::shader_objects::draw_dynamic` makes them). True
    /// to skip the call.
    pub(super) fn shader_object_draw_state(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        core: u32,
        p: &PipelineDynamic,
        cb: u64,
    ) -> bool {
        let read_only = Self::read_only_state(cx, r, Some((core, p)), Bound::ShaderObjects, cb)
            | Self::secondary_contents(cx, r, cb);
        let Some(ids) = DRAW_STATES.get(cx) else { return read_only };
        read_only
            | self.dynamic_states(cx, r, ids, (core, p), Bound::ShaderObjects, cb)
            | self.index_state(cx, r, ids, cb)
    }

    /// The dynamic states a draw needs, set: `core` and `p` what the bound pipeline or shaders
    /// leave dynamic. True to skip the call.
    #[inline]
    fn dynamic_states(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        ids: &DrawStateIds,
        (core, p): (u32, &PipelineDynamic),
        bound: Bound,
        cb: u64,
    ) -> bool {
        const TOPOLOGY_OR_RESTART: u64 =
            ext_mask(D::VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY) | ext_mask(D::VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE);
        const WITH_COUNT: u64 =
            ext_mask(D::VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT) | ext_mask(D::VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT);
        const PER_ATTACHMENT: u64 = ext_mask(D::VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT)
            | ext_mask(D::VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT)
            | ext_mask(D::VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT)
            | ext_mask(D::VK_DYNAMIC_STATE_SAMPLE_MASK_EXT)
            | ext_mask(D::VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT)
            | ext_mask(D::VK_DYNAMIC_STATE_COLOR_BLEND_ADVANCED_EXT);
        const LINES: u64 = ext_mask(D::VK_DYNAMIC_STATE_LINE_RASTERIZATION_MODE_EXT)
            | ext_mask(D::VK_DYNAMIC_STATE_LINE_STIPPLE_ENABLE_EXT);
        const RECTANGLES: u64 = ext_mask(D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_EXT);
        if r.draw.unknown {
            return false;
        }
        let queried = !r.queries.active.is_empty() && Self::primitives_generated(cx, r, ids, (core, p), (&bound, cb));
        // The usual draw has every dynamic state set, neither topology nor restart dynamic, and
        // no counts, attachment ranges, line modes or discard rectangles to compare: nothing more
        // to look at.
        let v = &r.draw.values;
        let missing = core & !r.draw.dynamic_set != 0 || p.ext & !v.set != 0;
        queried
            | if missing || p.ext & (TOPOLOGY_OR_RESTART | WITH_COUNT | PER_ATTACHMENT | LINES | RECTANGLES) != 0 {
                self.dynamic_state_rules(cx, r, ids, (core, p), bound, cb)
            } else {
                false
            }
    }

    /// [`Self::dynamic_states`] where some rule may apply.
    #[inline(never)]
    fn dynamic_state_rules(
        &self,
        cx: &Call<'_>,
        r: &Recording,
        ids: &DrawStateIds,
        (core, p): (u32, &PipelineDynamic),
        bound: Bound,
        cb: u64,
    ) -> bool {
        let at = cx.location();
        let mut skip = false;
        let features = cx.device().map(|f| &f.features);
        let v = &r.draw.values;
        let inherited = features.is_none_or(|f| f.contains(Feature::INHERITED_VIEWPORT_SCISSOR2_D));
        let unused = features.is_none_or(|f| f.contains(Feature::DYNAMIC_RENDERING_UNUSED_ATTACHMENTS));
        let missing = core & !r.draw.dynamic_set != 0 || p.ext & !v.set != 0;
        if missing {
            let current = Current::of(core, p, v, (inherited, unused), r.instance.as_ref());
            for (i, (rule, vuid)) in RULES.iter().zip(ids.dynamic).enumerate() {
                let set = match ext_bit(rule.state) {
                    Some(bit) => v.set & 1 << bit != 0,
                    None => r.draw.dynamic_set & 1 << rule.state.0 != 0,
                };
                if set || !is_dynamic(core, p.ext, rule.state) {
                    continue;
                }
                let Some(why) = current.applies(rule.when).filter(|_| self.rules_met & 1 << i != 0) else { continue };
                let (state, setter) = (rule.state, rule.set);
                skip |= cx.error(
                    vuid,
                    &at,
                    format_args!(
                        "{bound} {state:?} dynamic{why}, but {setter} was not called in command buffer {cb:#x} \
                         since it was begun or since a pipeline with that state static was bound."
                    ),
                );
            }
        }
        skip |= Self::topology_state(cx, ids, (core, p), v, (&bound, cb));
        skip |= Self::attachment_ranges(cx, r, ids, (core, p), (inherited, unused), (&bound, cb));
        skip |= Self::sample_mask(cx, ids, (core, p), v, (&bound, cb));
        skip |= Self::stippled_lines(cx, ids, (core, p), v, (&bound, cb));
        if self.discard_rectangles_enabled {
            skip |= Self::discard_rectangles(cx, r, ids, (core, p), (inherited, unused), (&bound, cb));
        }
        skip |= Self::primitive_rate_viewports(cx, ids, p, v, (&bound, cb));
        let with_count = [D::VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT, D::VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT];
        let bits = with_count.map(|s| ext_bit(s).map_or(0, |b| 1 << b)).iter().fold(0, |m, b| m | b);
        if !inherited && p.ext & bits == bits && v.set & bits == bits && v.viewports != v.scissors {
            skip |= cx.error(
                ids.counts,
                &at,
                format_args!(
                    "{bound} viewport and scissor counts dynamic, but vkCmdSetViewportWithCount set {} \
                     viewports and vkCmdSetScissorWithCount {} scissors in command buffer {cb:#x}.",
                    v.viewports, v.scissors
                ),
            );
        }
        skip
    }

    /// A pipeline whose stages write the `PrimitiveShadingRateKHR` built-in, with its viewport
    /// count dynamic, on a device without `primitiveFragmentShadingRateWithMultipleViewports`:
    /// vkCmdSetViewportWithCount has set one viewport (`-04552`). True to skip the call.
    fn primitive_rate_viewports(
        cx: &Call<'_>,
        ids: &DrawStateIds,
        p: &PipelineDynamic,
        v: &DynamicValues,
        (bound, cb): (&Bound, u64),
    ) -> bool {
        let bit = ext_bit(D::VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT).map_or(0, |b| 1u64 << b);
        let limited =
            || cx.device().and_then(|f| f.extension_limits.primitive_rate_with_multiple_viewports) == Some(false);
        if !p.primitive_shading_rate || p.ext & bit == 0 || (v.set & bit != 0 && v.viewports == 1) || !limited() {
            return false;
        }
        let count = if v.set & bit != 0 {
            format!("vkCmdSetViewportWithCount set {} viewports", v.viewports)
        } else {
            "vkCmdSetViewportWithCount was not called".to_string()
        };
        cx.error(
            ids.primitive_rate_viewports,
            &cx.location(),
            format_args!(
                "{bound} VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT dynamic and a shader stage that writes \
                 PrimitiveShadingRateKHR, and the device's primitiveFragmentShadingRateWithMultipleViewports is VK_FALSE, \
                 but {count} in command buffer {cb:#x}: it must have set one."
            ),
        )
    }

    /// A pipeline with `VK_DYNAMIC_STATE_DISCARD_RECTANGLE_EXT` and discard rectangles
    /// (`VkPipelineDiscardRectangleStateCreateInfoEXT`), while rasterizing with discard
    /// rectangles enabled: vkCmdSetDiscardRectangleEXT has set each of them since the state was
    /// last invalidated (`-None-07751`; the first 32 followed). True to skip the call.
    fn discard_rectangles(
        cx: &Call<'_>,
        r: &Recording,
        ids: &DrawStateIds,
        (core, p): (u32, &PipelineDynamic),
        features: (bool, bool),
        (bound, cb): (&Bound, u64),
    ) -> bool {
        let state = D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_EXT;
        let count = u32::from(p.discard_rectangle_count.min(32));
        if count == 0 || !is_dynamic(core, p.ext, state) {
            return false;
        }
        let v = &r.draw.values;
        let current = Current::of(core, p, v, features, r.instance.as_ref());
        if !(current.rasterizing && current.discard_rectangles) {
            return false;
        }
        let needed = u32::MAX >> (32 - count);
        let set = if v.set & ext_mask(state) != 0 { v.discard_rectangles } else { 0 };
        if set & needed == needed {
            return false;
        }
        let first = (!set & needed).trailing_zeros();
        cx.error(
            ids.discard_rectangles,
            &cx.location(),
            format_args!(
                "{bound} {state:?} dynamic and {} discard rectangles (VkPipelineDiscardRectangleStateCreateInfoEXT), \
                 rasterizer discard is disabled and discard rectangles enabled, but vkCmdSetDiscardRectangleEXT has \
                 not set discard rectangle {first} in command buffer {cb:#x} (since it was begun or since a pipeline \
                 with that state static was bound).",
                p.discard_rectangle_count
            ),
        )
    }

    /// The color attachments the last vkCmdSetColorBlendEnableEXT and vkCmdSetColorWriteMaskEXT
    /// set, and how many the last vkCmdSetColorWriteEnableEXT gave, against the active ones (those of the vkCmdBeginRendering instance with a view; a
    /// render pass object's are not at hand at the draw), while rasterizing. True to skip the
    /// call.
    fn attachment_ranges(
        cx: &Call<'_>,
        r: &Recording,
        ids: &DrawStateIds,
        (core, p): (u32, &PipelineDynamic),
        features: (bool, bool),
        (bound, cb): (&Bound, u64),
    ) -> bool {
        let Some(targets) = r.targets.as_deref() else { return false };
        let v = &r.draw.values;
        if !Current::of(core, p, v, features, r.instance.as_ref()).rasterizing {
            return false;
        }
        let rules = [
            (D::VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT, v.blend_enables, ids.ranges[0], "vkCmdSetColorBlendEnableEXT"),
            (D::VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT, v.write_masks, ids.ranges[1], "vkCmdSetColorWriteMaskEXT"),
        ];
        let mut skip = false;
        for (state, range, vuid, setter) in rules {
            // Not set at all is the "must have been set" rule's.
            if !is_dynamic(core, p.ext, state) || v.set & ext_mask(state) == 0 {
                continue;
            }
            let active = targets.colors.iter().enumerate().filter(|(_, t)| t.is_some()).map(|(i, _)| i as u32);
            let missed: Vec<u32> = active.filter(|&i| !range.covers(i)).collect();
            if let Some(first) = missed.first() {
                let (from, count) = (range.0 & 0xffff, range.0 >> 16);
                skip |= cx.error(
                    vuid,
                    &cx.location(),
                    format_args!(
                        "{bound} {state:?} dynamic, but the last {setter} in command buffer {cb:#x} set attachments \
                         {from}..{} only, and the rendering instance's color attachment {first} is active ({} \
                         active attachments left out).",
                        from + count,
                        missed.len()
                    ),
                );
            }
        }
        skip |= Self::blend_equations(cx, ids, (core, p), v, targets, (bound, cb));
        skip |= Self::blend_formats(cx, ids, (core, p), v, targets, (bound, cb));
        // The last color write enable call gives a value per active attachment.
        let write_enable = D::VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT;
        let feature = cx.device().is_some_and(|d| d.features.contains(Feature::COLOR_WRITE_ENABLE));
        let active = targets.colors.iter().filter(|t| t.is_some()).count();
        if feature
            && is_dynamic(core, p.ext, write_enable)
            && v.set & ext_mask(write_enable) != 0
            && (v.color_writes as usize) < active
        {
            skip |= cx.error(
                ids.ranges[2],
                &cx.location(),
                format_args!(
                    "{bound} {write_enable:?} dynamic, but the last vkCmdSetColorWriteEnableEXT in command buffer \
                     {cb:#x} gave {} values, and the rendering instance has {active} active color attachments.",
                    v.color_writes
                ),
            );
        }
        skip
    }

    /// The blend equations of the active color attachments with blending enabled, while
    /// rasterizing in a vkCmdBeginRendering instance (`targets`): set by the last
    /// vkCmdSetColorBlendEquationEXT where only it is dynamic (`-10862`), or by it or the last
    /// vkCmdSetColorBlendAdvancedEXT with shader objects bound to the fragment stage or both
    /// dynamic (`-10864`). True to skip the call.
    fn blend_equations(
        cx: &Call<'_>,
        ids: &DrawStateIds,
        (core, p): (u32, &PipelineDynamic),
        v: &DynamicValues,
        targets: &RenderingTargets,
        (bound, cb): (&Bound, u64),
    ) -> bool {
        let (equation, advanced) =
            (D::VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT, D::VK_DYNAMIC_STATE_COLOR_BLEND_ADVANCED_EXT);
        let fragment = p.stages & S::VK_SHADER_STAGE_FRAGMENT_BIT.0 != 0;
        let (vuid, either) = match (bound, is_dynamic(core, p.ext, equation), is_dynamic(core, p.ext, advanced)) {
            (Bound::ShaderObjects, _, _) if fragment => (ids.ranges[4], true),
            (Bound::Pipeline(_), true, true) => (ids.ranges[4], true),
            (Bound::Pipeline(_), true, false) => (ids.ranges[3], false),
            _ => return false,
        };
        // The current blendEnable values: set dynamically (not set at all is -07627's), or static.
        let blend_enable = D::VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT;
        let enabled = if matches!(bound, Bound::ShaderObjects) || is_dynamic(core, p.ext, blend_enable) {
            if v.set & ext_mask(blend_enable) == 0 {
                return false;
            }
            v.blend_enabled
        } else {
            let Some(enabled) = p.blend_enabled else { return false };
            enabled
        };
        let set =
            |state: VkDynamicState, range: AttachmentRange, i: u32| v.set & ext_mask(state) != 0 && range.covers(i);
        let missed = targets
            .colors
            .iter()
            .enumerate()
            .take(32)
            .filter(|(i, t)| t.is_some() && enabled & 1 << i != 0)
            .map(|(i, _)| i as u32)
            .find(|&i| !(set(equation, v.blend_equations, i) || (either && set(advanced, v.blend_advanced, i))));
        let Some(i) = missed else { return false };
        let setters = if either {
            "neither vkCmdSetColorBlendEquationEXT nor vkCmdSetColorBlendAdvancedEXT has"
        } else {
            "vkCmdSetColorBlendEquationEXT has not"
        };
        cx.error(
            vuid,
            &cx.location(),
            format_args!(
                "{bound} the color blend equation dynamic, and the rendering instance's color attachment {i} is active \
                 with blending enabled, but {setters} set its equation in command buffer {cb:#x} (since it was begun \
                 or since a pipeline with that state static was bound)."
            ),
        )
    }

    /// Blending enabled dynamically (shader objects at the fragment stage, or a pipeline with
    /// `VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT`) only for active color attachments whose view
    /// format can blend (`-blendEnable-04727`), while rasterizing in a vkCmdBeginRendering
    /// instance (`targets`). True to skip the call.
    fn blend_formats(
        cx: &Call<'_>,
        ids: &DrawStateIds,
        (core, p): (u32, &PipelineDynamic),
        v: &DynamicValues,
        targets: &RenderingTargets,
        (bound, cb): (&Bound, u64),
    ) -> bool {
        /// `VK_FORMAT_FEATURE_2_COLOR_ATTACHMENT_BLEND_BIT`.
        const BLEND: u64 = 0x100;
        let blend_enable = D::VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT;
        let fragment = p.stages & S::VK_SHADER_STAGE_FRAGMENT_BIT.0 != 0;
        let dynamic = match bound {
            Bound::ShaderObjects => fragment,
            Bound::Pipeline(_) => is_dynamic(core, p.ext, blend_enable),
        };
        // Not set at all is -07627's.
        if !dynamic || v.set & ext_mask(blend_enable) == 0 {
            return false;
        }
        let cannot = targets.colors.iter().enumerate().take(32).find_map(|(i, t)| {
            let t = t.as_ref()?;
            (v.blend_enabled & 1 << i != 0 && t.features.is_some_and(|f| f & BLEND == 0)).then_some((i, t))
        });
        let Some((i, t)) = cannot else { return false };
        cx.error(
            ids.blend_format,
            &cx.location(),
            format_args!(
                "{bound} blending enabled for color attachment {i} (vkCmdSetColorBlendEnableEXT in command buffer \
                 {cb:#x}), but its image view {:#x} has format {:?}, whose features lack \
                 VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT.",
                t.view,
                vigil_generated::VkFormat(t.format.unwrap_or(0))
            ),
        )
    }

    /// With a primitives generated query active: no rasterization discard without
    /// primitivesGeneratedQueryWithRasterizerDiscard (`-06708`; the current rasterizer discard
    /// enable, set or static), no pipeline rasterizing a vertex stream other than 0 without
    /// primitivesGeneratedQueryWithNonZeroStreams (`-06709`). True to skip the call.
    #[inline(never)]
    fn primitives_generated(
        cx: &Call<'_>,
        r: &Recording,
        ids: &DrawStateIds,
        (core, p): (u32, &PipelineDynamic),
        (bound, cb): (&Bound, u64),
    ) -> bool {
        let generated = VkQueryType::VK_QUERY_TYPE_PRIMITIVES_GENERATED_EXT.0;
        let Some(query) = r.queries.active.iter().find(|a| a.ty == generated) else { return false };
        let Some(device) = cx.device() else { return false };
        let mut skip = false;
        if p.rasterization_stream.is_some_and(|s| s != 0)
            && !device.features.contains(Feature::PRIMITIVES_GENERATED_QUERY_WITH_NON_ZERO_STREAMS)
        {
            skip |= cx.error(
                ids.primitives_generated_streams,
                &cx.location(),
                format_args!(
                    "{bound} rasterization stream {} (VkPipelineRasterizationStateStreamCreateInfoEXT), while \
                     primitives generated query {} of query pool {:#x} is active in command buffer {cb:#x}, and the \
                     primitivesGeneratedQueryWithNonZeroStreams feature is not enabled.",
                    p.rasterization_stream.unwrap_or_default(),
                    query.query,
                    query.pool.handle
                ),
            );
        }
        if device.features.contains(Feature::PRIMITIVES_GENERATED_QUERY_WITH_RASTERIZER_DISCARD) {
            return skip;
        }
        let state = D::VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE;
        let v = &r.draw.values;
        let discard = if is_dynamic(core, p.ext, state) {
            (v.set & ext_mask(state) != 0).then_some(v.rasterizer_discard)
        } else {
            p.rasterizer_discard
        };
        if discard != Some(true) {
            return skip;
        }
        skip | cx.error(
            ids.primitives_generated,
            &cx.location(),
            format_args!(
                "{bound} rasterization discard enabled, while primitives generated query {} of query pool {:#x} is \
                 active in command buffer {cb:#x}, and the primitivesGeneratedQueryWithRasterizerDiscard feature is \
                 not enabled.",
                query.query, query.pool.handle
            ),
        )
    }

    /// Stippled lines, with the line stipple enable or the line rasterization mode of the bound
    /// pipeline dynamic: the current mode's stippled-lines feature (`-07495` rectangular,
    /// `-07496` Bresenham, `-07497` smooth), and for the default mode stippledRectangularLines
    /// with strictLines (`-07498`). A state dynamic but not set is the "must have been set"
    /// rules'. True to skip the call.
    fn stippled_lines(
        cx: &Call<'_>,
        ids: &DrawStateIds,
        (core, p): (u32, &PipelineDynamic),
        v: &DynamicValues,
        (bound, cb): (&Bound, u64),
    ) -> bool {
        let (mode_state, stipple_state) =
            (D::VK_DYNAMIC_STATE_LINE_RASTERIZATION_MODE_EXT, D::VK_DYNAMIC_STATE_LINE_STIPPLE_ENABLE_EXT);
        let (mode_dynamic, stipple_dynamic) =
            (is_dynamic(core, p.ext, mode_state), is_dynamic(core, p.ext, stipple_state));
        if matches!(bound, Bound::ShaderObjects) || !(mode_dynamic || stipple_dynamic) {
            return false;
        }
        let current = |dynamic: bool, state: VkDynamicState, set: i32, fixed: Option<i32>| {
            if dynamic {
                (v.set & ext_mask(state) != 0).then_some(set)
            } else {
                fixed
            }
        };
        let stipple = current(stipple_dynamic, stipple_state, i32::from(v.line_stipple), p.line_stipple.map(i32::from));
        let mode = current(mode_dynamic, mode_state, v.line_mode, p.line_mode);
        let (Some(1), Some(mode), Some(device)) = (stipple, mode, cx.device()) else { return false };
        let has = |f: Feature| device.features.contains(f);
        let (vuid, met, needs) = match VkLineRasterizationMode(mode) {
            VkLineRasterizationMode::VK_LINE_RASTERIZATION_MODE_RECTANGULAR => {
                (ids.stippled[0], has(Feature::STIPPLED_RECTANGULAR_LINES), "the stippledRectangularLines feature")
            }
            VkLineRasterizationMode::VK_LINE_RASTERIZATION_MODE_BRESENHAM => {
                (ids.stippled[1], has(Feature::STIPPLED_BRESENHAM_LINES), "the stippledBresenhamLines feature")
            }
            VkLineRasterizationMode::VK_LINE_RASTERIZATION_MODE_RECTANGULAR_SMOOTH => {
                (ids.stippled[2], has(Feature::STIPPLED_SMOOTH_LINES), "the stippledSmoothLines feature")
            }
            VkLineRasterizationMode::VK_LINE_RASTERIZATION_MODE_DEFAULT => (
                ids.stippled[3],
                has(Feature::STIPPLED_RECTANGULAR_LINES) && device.limits.strictLines != VK_FALSE,
                "the stippledRectangularLines feature and the strictLines limit",
            ),
            _ => return false,
        };
        if met {
            return false;
        }
        cx.error(
            vuid,
            &cx.location(),
            format_args!(
                "{bound} the line stipple enable or line rasterization mode dynamic, and stippled lines are enabled in \
                 line rasterization mode {mode:?} in command buffer {cb:#x}, which needs {needs}.",
                mode = VkLineRasterizationMode(mode)
            ),
        )
    }

    /// The sample count of the last vkCmdSetSampleMaskEXT against the rasterization samples:
    /// the pipeline's static ones (`-07472`), or those vkCmdSetRasterizationSamplesEXT set
    /// (`-07473`). True to skip the call.
    fn sample_mask(
        cx: &Call<'_>,
        ids: &DrawStateIds,
        (core, p): (u32, &PipelineDynamic),
        v: &DynamicValues,
        (bound, cb): (&Bound, u64),
    ) -> bool {
        let set = |state: VkDynamicState| is_dynamic(core, p.ext, state) && v.set & ext_mask(state) != 0;
        // Not set at all is the "must have been set" rules'.
        if !set(D::VK_DYNAMIC_STATE_SAMPLE_MASK_EXT) {
            return false;
        }
        let (samples, vuid, source) = if is_dynamic(core, p.ext, D::VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT) {
            if !set(D::VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT) {
                return false;
            }
            (v.rasterization_samples, ids.samples[1], "vkCmdSetRasterizationSamplesEXT set")
        } else {
            match p.samples {
                Some(s) => (s, ids.samples[0], "its multisample state has"),
                None => return false,
            }
        };
        v.sample_mask_samples < samples
            && cx.error(
                vuid,
                &cx.location(),
                format_args!(
                    "{bound} the sample mask dynamic, and the last vkCmdSetSampleMaskEXT in command buffer {cb:#x} \
                     gave {} samples, but {source} {samples} rasterization samples.",
                    v.sample_mask_samples
                ),
            )
    }

    /// The topology set dynamically against the tessellation control stage, and primitive restart
    /// set dynamically against the topology (`core` and `p`: what the bound pipeline or shaders
    /// leave dynamic, `v`: what the recording set). A topology the pipeline fixes was checked
    /// when it was created. True to skip the call.
    fn topology_state(
        cx: &Call<'_>,
        ids: &DrawStateIds,
        (core, p): (u32, &PipelineDynamic),
        v: &DynamicValues,
        (bound, cb): (&Bound, u64),
    ) -> bool {
        use VkPrimitiveTopology as T;
        if p.stages & (S::VK_SHADER_STAGE_MESH_BIT_EXT.0 | S::VK_SHADER_STAGE_TASK_BIT_EXT.0) != 0 {
            // Mesh shading has no input assembly.
            return false;
        }
        let set = |state: VkDynamicState| is_dynamic(core, p.ext, state) && v.set & ext_mask(state) != 0;
        let dynamic_topology = set(D::VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY);
        let topology = if dynamic_topology { Some(v.topology) } else { p.topology };
        let patches = topology == Some(T::VK_PRIMITIVE_TOPOLOGY_PATCH_LIST.0);
        let control = p.stages & S::VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT.0 != 0;
        let at = cx.location();
        let mut skip = false;
        if dynamic_topology && control != patches {
            let (vuid, what) = if control {
                (ids.topology[0], "a tessellation control stage, which reads patch lists, but")
            } else {
                (ids.topology[1], "no tessellation control stage, but")
            };
            skip |= cx.error(
                vuid,
                &at,
                format_args!(
                    "{bound} {what} vkCmdSetPrimitiveTopology set the topology to {:?} in command buffer {cb:#x}.",
                    T(v.topology)
                ),
            );
        }
        // A restricted device keeps the topology set to the pipeline's topology class.
        let restricted = cx.device().and_then(|d| d.dynamic_primitive_topology_unrestricted) == Some(false);
        if let (true, true, Some(fixed)) = (dynamic_topology, restricted, p.assembly_topology) {
            if topology_class(v.topology) != topology_class(fixed) {
                skip |= cx.error(
                    ids.topology[4],
                    &at,
                    format_args!(
                        "{bound} the primitive topology dynamic and was created with {:?}, but vkCmdSetPrimitiveTopology \
                         set {:?} in command buffer {cb:#x}, of another topology class, and \
                         dynamicPrimitiveTopologyUnrestricted is VK_FALSE.",
                        T(fixed),
                        T(v.topology)
                    ),
                );
            }
        }
        if !set(D::VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE) || !v.primitive_restart {
            return skip;
        }
        let lists = [
            T::VK_PRIMITIVE_TOPOLOGY_POINT_LIST,
            T::VK_PRIMITIVE_TOPOLOGY_LINE_LIST,
            T::VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
            T::VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY,
            T::VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY,
        ];
        let features = cx.device().map(|f| &f.features);
        let without = |f: Feature| features.is_some_and(|s| !s.contains(f));
        let restarted = match topology {
            Some(t) if lists.iter().any(|l| l.0 == t) && without(Feature::PRIMITIVE_TOPOLOGY_LIST_RESTART) => {
                Some((ids.topology[2], "primitiveTopologyListRestart"))
            }
            Some(t)
                if t == T::VK_PRIMITIVE_TOPOLOGY_PATCH_LIST.0
                    && without(Feature::PRIMITIVE_TOPOLOGY_PATCH_LIST_RESTART) =>
            {
                Some((ids.topology[3], "primitiveTopologyPatchListRestart"))
            }
            _ => None,
        };
        if let Some((vuid, feature)) = restarted {
            let topology = T(topology.unwrap_or_default());
            skip |= cx.error(
                vuid,
                &at,
                format_args!(
                    "{bound} primitive restart dynamic, and vkCmdSetPrimitiveRestartEnable enabled it in command \
                     buffer {cb:#x}, but the topology is {topology:?} and the {feature} feature is not enabled."
                ),
            );
        }
        skip
    }

    /// The states recording `r` set since the bound pipeline was bound that the pipeline has
    /// static (`core` and `p`: what it leaves dynamic). True to skip the call.
    fn set_while_static(
        cx: &Call<'_>,
        r: &Recording,
        vuid: &'static str,
        (core, p): (u32, &PipelineDynamic),
        bound: &Bound,
        cb: u64,
    ) -> bool {
        let (core_static, ext_static) = (r.draw.set_since_bind & !core, r.draw.ext_set_since_bind & !p.ext);
        if core_static == 0 && ext_static == 0 {
            return false;
        }
        let core_states = (0..32).filter(|b| core_static & 1 << b != 0).map(VkDynamicState);
        let ext_states = (0..64).filter(|b| ext_static & 1 << b != 0).filter_map(ext_state);
        let states: Vec<String> = core_states.chain(ext_states).map(|s| format!("{s:?}")).collect();
        let it = if states.len() == 1 { "it" } else { "them" };
        cx.error(
            vuid,
            &cx.location(),
            format_args!(
                "{bound} static (not in pDynamicStates): {}, but command buffer {cb:#x} set {it} since the pipeline was \
                 bound. Set dynamic state only while a pipeline that has it dynamic is bound.",
                states.join(", ")
            ),
        )
    }

    /// The bound graphics pipeline `info` against the render pass instance of recording `r`:
    /// keys fixed at pipeline creation and render pass begin, one comparison when they agree.
    /// True to skip the call.
    #[inline]
    fn pipeline_render_pass(
        cx: &Call<'_>,
        r: &Recording,
        info: &PipelineInfo,
        ids: &DrawStateIds,
        at: (u64, u64),
    ) -> bool {
        match &info.render_pass {
            Some(p)
                if r.pass_key != 0
                    && (r.pass_key != p.key
                        || (p.samples != 0 && r.rendering_samples != 0 && p.samples != r.rendering_samples)) =>
            {
                Self::render_pass_mismatch(cx, r, (p, info.rendering.as_ref()), ids, at)
            }
            _ => false,
        }
    }

    /// What differs between the pipeline's pass `p` and the instance of `r` (their keys do).
    #[cold]
    #[inline(never)]
    fn render_pass_mismatch(
        cx: &Call<'_>,
        r: &Recording,
        (p, formats): (&PipelinePass, Option<&RenderingFormats>),
        ids: &DrawStateIds,
        (cb, pipeline): (u64, u64),
    ) -> bool {
        if p.mesh {
            return cx.error(
                ids.mesh,
                &cx.location(),
                format_args!(
                    "the bound graphics pipeline {pipeline:#x} has a task or mesh shader stage: it is drawn with \
                     vkCmdDrawMeshTasks* only."
                ),
            );
        }
        let Some(instance) = r.instance else { return false };
        let [compatible, same_subpass, no_render_pass] = ids.render_pass;
        match instance {
            RenderPassInstance::RenderPass { subpass, compat: Some(compat), .. } => {
                if p.compat != Some(compat) {
                    let made = if p.compat.is_some() { "a render pass" } else { "VK_NULL_HANDLE (dynamic rendering)" };
                    return cx.error(
                        compatible,
                        &cx.location(),
                        format_args!(
                            "the bound graphics pipeline {pipeline:#x} was created with {made} not compatible with \
                             the render pass of the instance command buffer {cb:#x} is in (their subpasses' \
                             attachment references differ in format, sample count or use)."
                        ),
                    );
                }
                p.subpass != subpass
                    && cx.error(
                        same_subpass,
                        &cx.location(),
                        format_args!(
                            "the bound graphics pipeline {pipeline:#x} was created for subpass {}, but command buffer \
                             {cb:#x} is in subpass {subpass} of its render pass instance.",
                            p.subpass
                        ),
                    )
            }
            RenderPassInstance::Rendering { .. } if p.compat.is_some() => cx.error(
                no_render_pass,
                &cx.location(),
                format_args!(
                    "command buffer {cb:#x} is in a render pass instance begun with vkCmdBeginRendering, but the \
                     bound graphics pipeline {pipeline:#x} was created with a render pass."
                ),
            ),
            RenderPassInstance::Rendering { view_mask, colors, .. } => {
                // (An instance of secondary contents only has a key no pipeline matches.)
                Self::secondary_contents(cx, r, cb)
                    | Self::rendering_mismatch(cx, r, (p, formats), ids, (cb, pipeline), (view_mask, colors))
            }
            _ => false,
        }
    }

    /// The fragment shading rate and density map attachments of a vkCmdBeginRendering instance
    /// (`t`) need the pipeline (`f`) created with their flags (`-imageView-06183`, `-06184`).
    /// True to skip the call.
    fn fragment_maps(
        cx: &Call<'_>,
        t: &RenderingTargets,
        f: &RenderingFormats,
        ids: &DrawStateIds,
        (cb, pipeline): (u64, u64),
    ) -> bool {
        let what = [
            (
                "fragment shading rate",
                "VkRenderingFragmentShadingRateAttachmentInfoKHR",
                "VK_PIPELINE_CREATE_RENDERING_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR",
            ),
            (
                "fragment density map",
                "VkRenderingFragmentDensityMapAttachmentInfoEXT",
                "VK_PIPELINE_CREATE_RENDERING_FRAGMENT_DENSITY_MAP_ATTACHMENT_BIT_EXT",
            ),
        ];
        let mut skip = false;
        for (i, ((&view, vuid), (map, info, flag))) in
            t.fragment_maps.iter().zip(ids.fragment_maps).zip(what).enumerate()
        {
            if view != 0 && f.fragment_maps & 1 << i == 0 {
                skip |= cx.error(
                    vuid,
                    &cx.location(),
                    format_args!(
                        "the rendering instance command buffer {cb:#x} is in has a {map} attachment ({info}::imageView \
                         {view:#x}), but the bound graphics pipeline {pipeline:#x} was created without {flag}."
                    ),
                );
            }
        }
        skip
    }

    /// A dynamic rendering pipeline (`p`, `formats`) against the vkCmdBeginRendering instance of
    /// `r` (`view_mask`, `colors`): the view mask, the color attachment count, each attachment's
    /// format (VK_FORMAT_UNDEFINED for a null view; with `dynamicRenderingUnusedAttachments`,
    /// either that or UNDEFINED in the pipeline) and sample count. True to skip the call.
    #[cold]
    #[inline(never)]
    fn rendering_mismatch(
        cx: &Call<'_>,
        r: &Recording,
        (p, formats): (&PipelinePass, Option<&RenderingFormats>),
        ids: &DrawStateIds,
        (cb, pipeline): (u64, u64),
        (view_mask, colors): (u32, u32),
    ) -> bool {
        let features = cx.device().map(|f| &f.features);
        let unused = features.is_none_or(|f| f.contains(Feature::DYNAMIC_RENDERING_UNUSED_ATTACHMENTS));
        let at = cx.location();
        // (Messages are built only when reported: most draws here report nothing.)
        let mut skip = false;
        if p.rendering.0 != view_mask {
            skip |= cx.error(
                ids.rendering[0],
                &at,
                format_args!(
                    "the bound graphics pipeline {pipeline:#x} was created with view mask {:#x} (VkPipelineRenderingCreateInfo::viewMask), but \
                     the rendering instance command buffer {cb:#x} is in has {view_mask:#x}.",
                    p.rendering.0
                ),
            );
        }
        if p.rendering.1 != colors && !unused {
            skip |= cx.error(
                ids.rendering_colors,
                &at,
                format_args!(
                    "the bound graphics pipeline {pipeline:#x} was created with {} color attachments (VkPipelineRenderingCreateInfo::\
                     colorAttachmentCount), but the rendering instance command buffer {cb:#x} is in has {colors}, and dynamicRenderingUnusedAttachments is \
                     not enabled.",
                    p.rendering.1
                ),
            );
        }
        let (Some(f), Some(t)) = (formats, r.targets.as_deref()) else { return skip };
        let undefined = VkFormat::VK_FORMAT_UNDEFINED.0;
        let unused_note = if unused { ", and dynamicRenderingUnusedAttachments is enabled" } else { "" };
        // Each attachment: its view's format against the pipeline's (`which`: the ids when the
        // view is null, when it has one, and when it has one with unused attachments allowed).
        let mut attachment = |what: String, target: Option<RenderingTarget>, format: i32, which: [&'static str; 3]| {
            let vuid = match target {
                None if !unused && format != undefined => which[0],
                Some(RenderingTarget { format: Some(view), .. }) if view != format => match unused {
                    false => which[1],
                    true if format != undefined => which[2],
                    true => return,
                },
                _ => return,
            };
            let view = match target {
                Some(t) => format!("image view {:#x} of format {:?}", t.view, VkFormat(t.format.unwrap_or_default())),
                None => "VK_NULL_HANDLE".to_string(),
            };
            skip |= cx.error(
                vuid,
                &at,
                format_args!(
                    "the bound graphics pipeline {pipeline:#x} was created with {what} format {:?}, but the rendering instance command buffer {cb:#x} is in has {view} there{unused_note}.",
                    VkFormat(format)
                ),
            );
        };
        let color_ids = [ids.rendering[3], ids.rendering[1], ids.rendering[2]];
        for (i, (target, &format)) in t.colors.iter().zip(&f.colors).enumerate() {
            attachment(format!("color attachment {i}"), *target, format, color_ids);
        }
        let [_, _, _, _, depth_null, depth_view, depth_unused, stencil_null, stencil_view, stencil_unused, ..] =
            ids.rendering;
        attachment("depth attachment".into(), t.depth, f.depth, [depth_null, depth_view, depth_unused]);
        attachment("stencil attachment".into(), t.stencil, f.stencil, [stencil_null, stencil_view, stencil_unused]);
        if let Some(counted) = &f.counted {
            skip |= Self::counted_samples(cx, t, counted, ids, (cb, pipeline));
        }
        if let (true, Some(RenderingTarget { view, sample_locations_compatible: Some(false), .. })) =
            (f.sample_locations, t.depth)
        {
            skip |= cx.error(
                ids.sample_locations,
                &at,
                format_args!(
                    "the bound graphics pipeline {pipeline:#x} was created with sample locations enabled \
                     (VkPipelineSampleLocationsStateCreateInfoEXT::sampleLocationsEnable), but the image of the depth \
                     attachment of the rendering instance command buffer {cb:#x} is in, image view {view:#x}, was \
                     created without VK_IMAGE_CREATE_SAMPLE_LOCATIONS_COMPATIBLE_DEPTH_BIT_EXT."
                ),
            );
        }
        skip |= Self::fragment_maps(cx, t, f, ids, (cb, pipeline));
        // Sample counts, unless multisampled rendering to single-sampled attachments may explain
        // them or a custom resolve began.
        let single_sampled = features.is_none_or(|f| f.contains(Feature::MULTISAMPLED_RENDER_TO_SINGLE_SAMPLED));
        if f.samples == 0 || single_sampled || r.custom_resolve {
            return skip;
        }
        let [.., color_samples, depth_samples, stencil_samples] = ids.rendering;
        let colors = t.colors.iter().enumerate().map(|(i, t)| (format!("color attachment {i}"), *t, color_samples));
        let depth_stencil = [
            ("depth attachment".to_string(), t.depth, depth_samples),
            ("stencil attachment".to_string(), t.stencil, stencil_samples),
        ];
        for (what, target, vuid) in colors.chain(depth_stencil) {
            let Some(RenderingTarget { view, samples: Some(samples), .. }) = target else { continue };
            if samples != f.samples {
                skip |= cx.error(
                    vuid,
                    &at,
                    format_args!(
                        "the bound graphics pipeline {pipeline:#x} rasterizes with {} samples (rasterizationSamples), but the {what} of the rendering instance command buffer {cb:#x} is in, \
                         image view {view:#x}, has {samples}.",
                        f.samples
                    ),
                );
            }
        }
        skip
    }

    /// The sample counts of a dynamic rendering pipeline's chained `VkAttachmentSampleCountInfoAMD`
    /// (`counted`: per color attachment, and the depth/stencil one) against those of the views of
    /// the instance's attachments `t` (`-colorAttachmentCount-06185`, `-pDepthAttachment-06186`,
    /// `-pStencilAttachment-06187`). True to skip the call.
    fn counted_samples(
        cx: &Call<'_>,
        t: &RenderingTargets,
        (colors, depth_stencil): &(Vec<u32>, u32),
        ids: &DrawStateIds,
        (cb, pipeline): (u64, u64),
    ) -> bool {
        let colors = t.colors.iter().zip(colors).enumerate().map(|(i, (t, &s))| {
            (format!("color attachment {i}"), *t, s, ids.attachment_samples[0], "pColorAttachmentSamples")
        });
        let depth_stencil = [
            ("depth attachment".to_string(), t.depth, *depth_stencil, ids.attachment_samples[1]),
            ("stencil attachment".to_string(), t.stencil, *depth_stencil, ids.attachment_samples[2]),
        ]
        .map(|(what, t, s, vuid)| (what, t, s, vuid, "depthStencilAttachmentSamples"));
        let mut skip = false;
        for (what, target, wanted, vuid, member) in colors.chain(depth_stencil) {
            let Some(RenderingTarget { view, samples: Some(samples), .. }) = target else { continue };
            if samples != wanted {
                skip |= cx.error(
                    vuid,
                    &cx.location(),
                    format_args!(
                        "the bound graphics pipeline {pipeline:#x} was created with {wanted} samples for the {what} \
                         (VkAttachmentSampleCountInfoAMD::{member}), but its image view {view:#x} in the rendering \
                         instance command buffer {cb:#x} is in has {samples}."
                    ),
                );
            }
        }
        skip
    }

    /// An indexed draw's index buffer: bound, and for vkCmdDrawIndexed with room for the
    /// indices it reads. True to skip the call.
    fn index_state(&self, cx: &Call<'_>, r: &Recording, ids: &DrawStateIds, cb: u64) -> bool {
        let at = cx.location();
        let features = cx.device().map(|f| &f.features);
        let maintenance6 = features.is_some_and(|f| f.contains(Feature::MAINTENANCE6));
        match (ids.index_bound, r.draw.index, r.draw.unknown) {
            (Some(vuid), None, false) if !maintenance6 => cx.error(
                vuid,
                &at,
                format_args!("no index buffer is bound in command buffer {cb:#x} (vkCmdBindIndexBuffer)."),
            ),
            (_, Some(index), false) => {
                let robust2 = features.is_none_or(|f| f.contains(Feature::ROBUST_BUFFER_ACCESS2));
                let (Some((count_at, first_at, vuid)), Some(range), Some(size), false) =
                    (ids.index_range, index.range, index.index_size, robust2)
                else {
                    return false;
                };
                // SAFETY: vkCmdDrawIndexed's parameters at these indices are uint32_t.
                let (count, first) = unsafe { (read_uint(cx.params[count_at], 4), read_uint(cx.params[first_at], 4)) };
                let needed = size * (first + count);
                needed > range
                    && cx.error(
                        vuid,
                        &at,
                        format_args!(
                            "reads indices {first} to {} ({needed} bytes), but the index buffer {:#x} is bound with \
                             {range} bytes.",
                            first + count,
                            index.buffer
                        ),
                    )
            }
            _ => false,
        }
    }
}

/// The topology class of a `VkPrimitiveTopology`: point, line, triangle or patch (`None` for a
/// value the spec does not name).
fn topology_class(topology: i32) -> Option<u8> {
    match topology {
        0 => Some(0),
        1 | 2 | 6 | 7 => Some(1),
        3..=5 | 8 | 9 => Some(2),
        10 => Some(3),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The spec's topology classes: points; lines with and without adjacency; triangles, strips,
    /// fans, with and without adjacency; patches.
    #[test]
    fn topologies_fall_in_their_classes() {
        use VkPrimitiveTopology as T;
        let classes = [
            (vec![T::VK_PRIMITIVE_TOPOLOGY_POINT_LIST], 0),
            (
                vec![
                    T::VK_PRIMITIVE_TOPOLOGY_LINE_LIST,
                    T::VK_PRIMITIVE_TOPOLOGY_LINE_STRIP,
                    T::VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY,
                    T::VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY,
                ],
                1,
            ),
            (
                vec![
                    T::VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
                    T::VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP,
                    T::VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN,
                    T::VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY,
                    T::VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY,
                ],
                2,
            ),
            (vec![T::VK_PRIMITIVE_TOPOLOGY_PATCH_LIST], 3),
        ];
        for (topologies, class) in classes {
            for t in topologies {
                assert_eq!(topology_class(t.0), Some(class), "{t:?}");
            }
        }
        assert_eq!(topology_class(11), None);
    }

    /// Each rule's id names its state's setter and dynamic state in the registry's text.
    #[test]
    fn rules_match_the_registry_text() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../registry/validusage.json"))
            .expect("validusage.json");
        for d in &DRAW_STATE_IDS {
            for (rule, id) in RULES.iter().zip(d.dynamic) {
                let at = text.find(&format!("\"{id}\"")).unwrap_or_else(|| panic!("{id} is not in the registry"));
                let entry = &text[at..at + text[at..].find('}').expect("an entry's end")];
                let state = format!("{:?}", rule.state);
                assert!(entry.contains(&state), "{id} does not name {state}");
                let setter = rule.set.split(' ').next().expect("a setter");
                assert!(entry.contains(setter), "{id} does not name {setter}");
            }
        }
    }
}
