//! Shader objects (`VK_EXT_shader_object`) as created, and what a recording binds to each
//! shader stage with vkCmdBindShadersEXT. Binding shaders to the stages of a bind point unbinds
//! its pipeline, and binding a pipeline unbinds the shaders of its bind point (the spec's
//! "Interaction with pipelines"); what the draw-time rules need of the bound shaders is worked
//! out when they are bound, so a draw reads a few bits.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use vigil_generated::*;

use super::command_buffers::Recording;
use super::dynamic_state::{ext_mask, PipelineDynamic};
use super::objects::{key, ObjectRecord, TYPES};
use super::pipelines::{bind_point_index, set_layouts_match, PipelineLayoutInfo, PushConstantRange, ShaderUses};
use super::records::ObjectState;
use super::shaders::Reflection;
use super::tracker::StateTracker;
use crate::chassis::raw::slice;
use crate::chassis::Call;

pub use super::records::{BoundShaders, ShaderObjectInfo, STAGE_SLOTS};
pub use super::values::Verdict;
use VkShaderStageFlags as S;

/// `VK_SHADER_CREATE_LINK_STAGE_BIT_EXT`.
pub const LINK_STAGE: u32 = VkShaderCreateFlagsEXT::VK_SHADER_CREATE_LINK_STAGE_BIT_EXT.0;

/// The graphics stages of the primitive shading pipeline, in logical order.
pub const PRIMITIVE_STAGES: [u32; 5] = [
    S::VK_SHADER_STAGE_VERTEX_BIT.0,
    S::VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT.0,
    S::VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT.0,
    S::VK_SHADER_STAGE_GEOMETRY_BIT.0,
    S::VK_SHADER_STAGE_FRAGMENT_BIT.0,
];

/// The graphics stages of the mesh shading pipeline, in logical order.
pub const MESH_STAGES: [u32; 3] =
    [S::VK_SHADER_STAGE_TASK_BIT_EXT.0, S::VK_SHADER_STAGE_MESH_BIT_EXT.0, S::VK_SHADER_STAGE_FRAGMENT_BIT.0];

/// Every graphics stage a shader object may have.
pub const GRAPHICS_STAGES: u32 = 0x1f | S::VK_SHADER_STAGE_TASK_BIT_EXT.0 | S::VK_SHADER_STAGE_MESH_BIT_EXT.0;

/// The slot of a single stage bit among the [`STAGE_SLOTS`]; `None` for other values.
pub fn stage_slot(stage: u32) -> Option<usize> {
    (stage.is_power_of_two() && stage < 1 << STAGE_SLOTS).then(|| stage.trailing_zeros() as usize)
}

/// The bind point (index into a recording's `bound`) of a shader stage: compute for the compute
/// stage, graphics for the others.
pub fn stage_bind_point(stage: u32) -> usize {
    if stage == S::VK_SHADER_STAGE_COMPUTE_BIT.0 {
        1
    } else {
        0
    }
}

impl ObjectRecord {
    /// A shader object's creation info, once recorded.
    pub fn shader_object(&self) -> Option<&ShaderObjectInfo> {
        match &self.state {
            ObjectState::ShaderObject(s) => s.info.get(),
            _ => None,
        }
    }
}

impl ShaderObjectInfo {
    /// Whether two shaders' descriptor set layout arrays are identical or identically defined (a
    /// layout Vigil does not know counts as identical: a miss, never a false report).
    pub fn same_set_layouts(&self, other: &ShaderObjectInfo) -> bool {
        let (a, b) = (&self.set_layouts, &other.set_layouts);
        a.len() == b.len()
            && a.iter().zip(b).all(|(a, b)| a.is_some() == b.is_some())
            && set_layouts_match(a, b, usize::MAX)
    }

    /// Whether pipeline layout `l` is compatible for set `n` with the layout the shader was
    /// created with: identical push constant ranges, and identically defined set layouts 0 to
    /// `n` (one Vigil does not know counts as identical: a miss, never a false report).
    pub fn compatible_for_set(&self, l: &PipelineLayoutInfo, n: u32) -> bool {
        if self.push_constants != l.push_constants {
            return false;
        }
        set_layouts_match(&self.set_layouts, &l.set_layouts, n as usize)
    }

    /// Whether set `n` of the shader's layout is a push descriptor set, or one it has no known
    /// layout for (neither is bound with vkCmdBindDescriptorSets, or Vigil cannot tell).
    pub fn pushes_set(&self, n: u32) -> bool {
        match self.set_layouts.get(n as usize) {
            Some(Some(l)) => l.descriptor_set_layout().is_none_or(|l| l.flags & super::pipelines::PUSH_DESCRIPTOR != 0),
            _ => true,
        }
    }
}

impl BoundShaders {
    /// Works out the [`Verdict`] of the bound graphics shaders (their records from the object
    /// table: a shader destroyed since is not judged).
    fn judge(&mut self) {
        let mut v = Verdict::default();
        let records: Vec<(u32, Arc<ObjectRecord>)> = (0..STAGE_SLOTS)
            .filter_map(|s| Some((1u32 << s, super::objects::OBJECTS.get(self.shaders[s]?)?)))
            .filter(|(_, r)| r.shader_object().is_some())
            .collect();
        let info = |stage: u32| records.iter().find(|(s, _)| *s == stage).and_then(|(_, r)| r.shader_object());
        let heap = VkShaderCreateFlagsEXT::VK_SHADER_CREATE_DESCRIPTOR_HEAP_BIT_EXT.0;
        let graphics: Vec<u32> = records.iter().map(|(s, _)| *s).filter(|s| s & GRAPHICS_STAGES != 0).collect();
        // Every bound graphics shader against the first.
        if let Some((&first, rest)) = graphics.split_first() {
            let a = info(first);
            for (&other, b) in rest.iter().map(|s| (s, info(*s))) {
                let (Some(a), Some(b)) = (a, b) else { continue };
                if v.push_constants.is_none() && a.push_constants != b.push_constants {
                    v.push_constants = Some((first, other));
                }
                if v.set_layouts.is_none() && (a.flags | b.flags) & heap == 0 && !a.same_set_layouts(b) {
                    v.set_layouts = Some((first, other));
                }
            }
        }
        // Each bound graphics shader's nextStage names the next bound stage.
        let mesh = S::VK_SHADER_STAGE_TASK_BIT_EXT.0 | S::VK_SHADER_STAGE_MESH_BIT_EXT.0;
        let order: &[u32] = if self.bound & mesh != 0 { &MESH_STAGES } else { &PRIMITIVE_STAGES };
        let in_order: Vec<u32> = order.iter().copied().filter(|s| self.bound & s != 0).collect();
        for w in in_order.windows(2) {
            if v.next_stage.is_none() && info(w[0]).is_some_and(|i| i.next_stage & w[1] == 0) {
                v.next_stage = Some((w[0], w[1]));
            }
        }
        // A bound linked shader's partners are bound too, from the same creating call.
        for &stage in &graphics {
            let Some((call, stages)) = info(stage).and_then(|i| i.link) else { continue };
            let missing = (0..STAGE_SLOTS as u32)
                .map(|s| 1 << s)
                .filter(|s| stages & s != 0)
                .find(|&p| info(p).is_none_or(|p| p.link.is_none_or(|(c, _)| c != call)));
            if let (Some(p), None) = (missing, v.link) {
                v.link = Some((stage, p));
            }
        }
        // No shader from elsewhere between two bound shaders linked in one call.
        for (i, &a) in in_order.iter().enumerate() {
            let Some((call, _)) = info(a).and_then(|x| x.link) else { continue };
            for (j, &b) in in_order.iter().enumerate().skip(i + 2) {
                if info(b).and_then(|x| x.link).is_none_or(|(c, _)| c != call) {
                    continue;
                }
                let stranger = in_order[i + 1..j]
                    .iter()
                    .copied()
                    .find(|&s| info(s).is_some_and(|x| x.link.is_none_or(|(c, _)| c != call)));
                if let (Some(s), None) = (stranger, v.between) {
                    v.between = Some((s, a, b));
                }
            }
        }
        self.verdict = v;
    }
}

/// Numbers vkCreateShadersEXT calls, for telling linked shaders of different calls apart.
static CREATE_CALLS: AtomicU64 = AtomicU64::new(1);

impl StateTracker {
    /// After vkCreateShadersEXT: records what each created shader was created with.
    ///
    /// # Safety
    /// `infos` and `shaders` must be the `count` create infos and handles of a call that
    /// returned.
    pub(super) unsafe fn after_create_shaders(
        &self,
        count: u32,
        infos: *const VkShaderCreateInfoEXT,
        shaders: *const VkShaderEXT,
    ) {
        // SAFETY: the caller's contract: as many handles as create infos (null where one failed).
        let (infos, shaders) = unsafe { (slice(infos, count), slice(shaders, count)) };
        let call = CREATE_CALLS.fetch_add(1, Ordering::Relaxed);
        let linked = infos.iter().filter(|i| i.flags.0 & LINK_STAGE != 0).fold(0, |m, i| m | i.stage.0);
        for (info, shader) in infos.iter().zip(shaders) {
            let Some(record) = self.get(TYPES.shader_ext, shader.as_raw()) else { continue };
            let ObjectState::ShaderObject(state) = &record.state else { continue };
            // SAFETY: the counted arrays of a valid create info.
            let (sets, ranges) = unsafe {
                (
                    slice(info.pSetLayouts, info.setLayoutCount),
                    slice(info.pPushConstantRanges, info.pushConstantRangeCount),
                )
            };
            let mut push_constants: Vec<PushConstantRange> = ranges
                .iter()
                .map(|r| PushConstantRange { stages: r.stageFlags.0, offset: r.offset, size: r.size })
                .collect();
            push_constants.sort_by_key(|r| (r.offset, r.size, r.stages));
            let mut created = ShaderObjectInfo {
                stage: info.stage.0,
                next_stage: info.nextStage.0,
                flags: info.flags.0,
                set_layouts: sets.iter().map(|s| self.get(TYPES.descriptor_set_layout, s.as_raw())).collect(),
                push_constants,
                uses: ShaderUses::default(),
                local_size: None,
                link: (info.flags.0 & LINK_STAGE != 0).then_some((call, linked)),
            };
            // Reflection is for core's draw-time checks: done once here, while core is on.
            if self.references {
                // SAFETY: a create info of a call that returned.
                if let Some(entry) = unsafe { reflect(info) } {
                    created.uses.add(&entry);
                    created.local_size = entry.local_size;
                }
            }
            let _ = state.info.set(created);
        }
    }

    /// After vkCmdBindShadersEXT: the shaders bound to each stage, the pipelines of their bind
    /// points unbound.
    ///
    /// # Safety
    /// `stages` and `shaders` must be the call's arrays of `count` (`shaders` may be null).
    pub(super) unsafe fn after_cmd_bind_shaders(
        &self,
        cx: &Call<'_>,
        count: u32,
        stages: *const VkShaderStageFlags,
        shaders: *const VkShaderEXT,
    ) {
        if !self.references {
            return;
        }
        // SAFETY: the caller's contract.
        let (stages, shaders) = unsafe { (slice(stages, count), slice(shaders, count)) };
        let (scope, instance) = self.scopes();
        self.refer_then(cx, |r| {
            let mut touched = [false; 2];
            for (i, stage) in stages.iter().enumerate() {
                let Some(slot) = stage_slot(stage.0) else { continue };
                let point = stage_bind_point(stage.0);
                let shader = shaders.get(i).map_or(0, |s| s.as_raw());
                let b = &mut r.bound[point].shaders;
                b.named |= stage.0;
                if shader == 0 {
                    b.bound &= !stage.0;
                    b.shaders[slot] = None;
                } else {
                    b.bound |= stage.0;
                    b.shaders[slot] = Some(key(TYPES.shader_ext, shader, scope, instance));
                }
                touched[point] = true;
            }
            for (point, touched) in touched.into_iter().enumerate() {
                if touched {
                    // Binding shaders unbinds the pipeline of their bind point.
                    r.bound[point].pipeline = None;
                    r.bound[point].shaders.judge();
                }
            }
        });
    }
}

/// After binding a pipeline to `point`: its shaders are unbound.
pub fn pipeline_bound(r: &mut Recording, point: i32) {
    // Nothing to do where no shader is bound (shaders are unbound one by one, each clearing
    // its key): a pipeline bind writes no more than before shader objects were followed.
    if let Some(b) = bind_point_index(point).map(|i| &mut r.bound[i].shaders).filter(|b| b.bound != 0) {
        *b = BoundShaders { named: b.named, ..Default::default() };
    }
}

/// The dynamic states a draw with graphics shaders `bound` (stages) needs set, as a pipeline's
/// would say them: the core states (bit n for `VkDynamicState` n) and the rest. With shader
/// objects every state is dynamic; these are those the draw-time rules name with a condition
/// Vigil follows (vertex input and primitive assembly only with a vertex shader bound); `extra`:
/// the states the device's extensions and features add, for any stage and for a geometry stage.
pub fn draw_dynamic(bound: u32, (any_stage, geometry): (u64, u64)) -> (u32, PipelineDynamic) {
    use VkDynamicState as D;
    let core = [
        D::VK_DYNAMIC_STATE_LINE_WIDTH,
        D::VK_DYNAMIC_STATE_DEPTH_BIAS,
        D::VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK,
        D::VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,
        D::VK_DYNAMIC_STATE_STENCIL_REFERENCE,
    ]
    .iter()
    .fold(0, |m, s| m | 1 << s.0);
    let bits = |states: &[VkDynamicState]| states.iter().fold(0, |m, &s| m | ext_mask(s));
    let mut ext = bits(&[
        D::VK_DYNAMIC_STATE_CULL_MODE,
        D::VK_DYNAMIC_STATE_FRONT_FACE,
        D::VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT,
        D::VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT,
        D::VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE,
        D::VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE,
        D::VK_DYNAMIC_STATE_DEPTH_COMPARE_OP,
        D::VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE,
        D::VK_DYNAMIC_STATE_STENCIL_OP,
        D::VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE,
        D::VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE,
    ]);
    // Any graphics stage: rasterization and multisample state (`-None-07620` … `-None-07639`,
    // `-None-08666`, `-None-08669`; their feature conditions are the rules').
    ext |= bits(&[
        D::VK_DYNAMIC_STATE_DEPTH_CLAMP_ENABLE_EXT,
        D::VK_DYNAMIC_STATE_POLYGON_MODE_EXT,
        D::VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT,
        D::VK_DYNAMIC_STATE_SAMPLE_MASK_EXT,
        D::VK_DYNAMIC_STATE_ALPHA_TO_COVERAGE_ENABLE_EXT,
        D::VK_DYNAMIC_STATE_ALPHA_TO_ONE_ENABLE_EXT,
        D::VK_DYNAMIC_STATE_DEPTH_CLIP_ENABLE_EXT,
        D::VK_DYNAMIC_STATE_DEPTH_CLIP_NEGATIVE_ONE_TO_ONE_EXT,
        D::VK_DYNAMIC_STATE_LINE_RASTERIZATION_MODE_EXT,
        D::VK_DYNAMIC_STATE_LINE_STIPPLE_ENABLE_EXT,
    ]);
    if bound & S::VK_SHADER_STAGE_VERTEX_BIT.0 != 0 {
        ext |= bits(&[
            D::VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY,
            D::VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE,
            D::VK_DYNAMIC_STATE_VERTEX_INPUT_EXT,
            D::VK_DYNAMIC_STATE_PROVOKING_VERTEX_MODE_EXT,
        ]);
    }
    if bound & S::VK_SHADER_STAGE_FRAGMENT_BIT.0 != 0 {
        ext |= bits(&[
            D::VK_DYNAMIC_STATE_LOGIC_OP_EXT,
            D::VK_DYNAMIC_STATE_LOGIC_OP_ENABLE_EXT,
            D::VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT,
            D::VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT,
            D::VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT,
        ]);
    }
    ext |= any_stage;
    if bound & S::VK_SHADER_STAGE_GEOMETRY_BIT.0 != 0 {
        ext |= geometry;
    }
    if bound & S::VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT.0 != 0 {
        ext |= bits(&[D::VK_DYNAMIC_STATE_PATCH_CONTROL_POINTS_EXT]);
    }
    if bound & S::VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT.0 != 0 {
        ext |= bits(&[D::VK_DYNAMIC_STATE_TESSELLATION_DOMAIN_ORIGIN_EXT]);
    }
    let reshaping = S::VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT.0
        | S::VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT.0
        | S::VK_SHADER_STAGE_GEOMETRY_BIT.0
        | S::VK_SHADER_STAGE_MESH_BIT_EXT.0;
    (core, PipelineDynamic { ext, reshapes: bound & reshaping != 0, stages: bound, ..Default::default() })
}

/// The reflection of a SPIR-V shader object's entry point.
///
/// # Safety
/// `info` must be a create info of a call that returned.
unsafe fn reflect(info: &VkShaderCreateInfoEXT) -> Option<super::shaders::EntryPoint> {
    if info.codeType != VkShaderCodeTypeEXT::VK_SHADER_CODE_TYPE_SPIRV_EXT
        || info.pCode.is_null()
        || info.pName.is_null()
        || !info.codeSize.is_multiple_of(4)
        || !(info.pCode as usize).is_multiple_of(4)
    {
        return None;
    }
    // SAFETY: codeSize bytes of SPIR-V at pCode, aligned to words (checked above); a valid
    // create info's entry point name, NUL-terminated.
    let (code, name) = unsafe {
        (
            std::slice::from_raw_parts(info.pCode.cast::<u32>(), info.codeSize / 4),
            std::ffi::CStr::from_ptr(info.pName).to_bytes(),
        )
    };
    Reflection::of(code).entry_point(name, info.stage.0).cloned()
}
