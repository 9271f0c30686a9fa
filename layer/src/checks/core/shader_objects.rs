//! Shader objects (`VK_EXT_shader_object`): vkCreateShadersEXT's create infos (stages, flags
//! and next stages against each other and the device's features and queue families, push
//! constant ranges, set layout counts, code size and alignment, what the SPIR-V uses against
//! the shader's own set layouts and ranges, linked shaders of one call), vkCmdBindShadersEXT's
//! stages and shaders (against each other and the pool's queue family), and at draws and
//! dispatches without a pipeline bound, the shaders bound to the bind point's stages and the
//! sets and push constants they use (`state::shader_objects` works out at bind time what the
//! set of bound shaders breaks), and graphics shaders draw only in vkCmdBeginRendering
//! instances.
//!
//! Not checked: compute shaders without a compute queue family (lavapipe's one family cannot be
//! made to lack compute in the same process as the other cases), the tessellation and
//! geometry execution modes a shader must declare, subgroup-size workgroup rules, descriptor
//! types and counts against the set layouts, descriptor heaps.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::command_table::command_table;
use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::command_buffers::{Pushed, Recording, RenderPassInstance};
use crate::state::pipelines::{PipelineLayoutInfo, PushConstantRange};
use crate::state::shader_objects::{BoundShaders, GRAPHICS_STAGES, LINK_STAGE, MESH_STAGES, PRIMITIVE_STAGES};
use crate::state::shaders::EntryPoint;
use crate::state::TYPES;

use VkShaderStageFlags as S;

const VERTEX: u32 = S::VK_SHADER_STAGE_VERTEX_BIT.0;
const TESS_CONTROL: u32 = S::VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT.0;
const TESS_EVAL: u32 = S::VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT.0;
const GEOMETRY: u32 = S::VK_SHADER_STAGE_GEOMETRY_BIT.0;
const FRAGMENT: u32 = S::VK_SHADER_STAGE_FRAGMENT_BIT.0;
const COMPUTE: u32 = S::VK_SHADER_STAGE_COMPUTE_BIT.0;
const TASK: u32 = S::VK_SHADER_STAGE_TASK_BIT_EXT.0;
const MESH: u32 = S::VK_SHADER_STAGE_MESH_BIT_EXT.0;
/// The stages of the primitive shading pipeline.
const PRIMITIVE: u32 = VERTEX | TESS_CONTROL | TESS_EVAL | GEOMETRY | FRAGMENT;
/// The ray tracing stages (raygen, any hit, closest hit, miss, intersection, callable).
const RAY_TRACING: u32 = 0x3f00;
const SUBPASS_SHADING: u32 = S::VK_SHADER_STAGE_SUBPASS_SHADING_BIT_HUAWEI.0;
const CLUSTER_CULLING: u32 = S::VK_SHADER_STAGE_CLUSTER_CULLING_BIT_HUAWEI.0;
const ALL_GRAPHICS: u32 = S::VK_SHADER_STAGE_ALL_GRAPHICS.0;
const ALL: u32 = S::VK_SHADER_STAGE_ALL.0;

use VkShaderCreateFlagsEXT as F;

/// A create flag that needs a stage and a feature: the flag, the stages it is allowed with and
/// that id, the feature and that id.
struct FlagRule {
    flag: u32,
    stages: Option<(u32, &'static str)>,
    feature: Option<(Feature, &'static str)>,
}

const FLAG_RULES: [FlagRule; 9] = [
    FlagRule {
        flag: LINK_STAGE,
        stages: Some((PRIMITIVE | TASK | MESH, "VUID-VkShaderCreateInfoEXT-flags-08412")),
        feature: None,
    },
    FlagRule {
        flag: F::VK_SHADER_CREATE_NO_TASK_SHADER_BIT_EXT.0,
        stages: Some((MESH, "VUID-VkShaderCreateInfoEXT-flags-08414")),
        feature: None,
    },
    FlagRule {
        flag: F::VK_SHADER_CREATE_DISPATCH_BASE_BIT_EXT.0,
        stages: Some((COMPUTE, "VUID-VkShaderCreateInfoEXT-flags-08485")),
        feature: None,
    },
    FlagRule {
        flag: F::VK_SHADER_CREATE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_EXT.0,
        stages: Some((FRAGMENT, "VUID-VkShaderCreateInfoEXT-flags-08486")),
        feature: Some((Feature::ATTACHMENT_FRAGMENT_SHADING_RATE, "VUID-VkShaderCreateInfoEXT-flags-08487")),
    },
    FlagRule {
        flag: F::VK_SHADER_CREATE_FRAGMENT_DENSITY_MAP_ATTACHMENT_BIT_EXT.0,
        stages: Some((FRAGMENT, "VUID-VkShaderCreateInfoEXT-flags-08488")),
        feature: Some((Feature::FRAGMENT_DENSITY_MAP, "VUID-VkShaderCreateInfoEXT-flags-08489")),
    },
    FlagRule {
        flag: F::VK_SHADER_CREATE_REQUIRE_FULL_SUBGROUPS_BIT_EXT.0,
        stages: Some((MESH | TASK | COMPUTE, "VUID-VkShaderCreateInfoEXT-flags-08992")),
        feature: Some((Feature::COMPUTE_FULL_SUBGROUPS, "VUID-VkShaderCreateInfoEXT-flags-09405")),
    },
    FlagRule {
        flag: F::VK_SHADER_CREATE_ALLOW_VARYING_SUBGROUP_SIZE_BIT_EXT.0,
        stages: None,
        feature: Some((Feature::SUBGROUP_SIZE_CONTROL, "VUID-VkShaderCreateInfoEXT-flags-09404")),
    },
    FlagRule {
        flag: F::VK_SHADER_CREATE_INDIRECT_BINDABLE_BIT_EXT.0,
        stages: None,
        feature: Some((Feature::DEVICE_GENERATED_COMMANDS, "VUID-VkShaderCreateInfoEXT-flags-11005")),
    },
    FlagRule {
        flag: F::VK_SHADER_CREATE_64_BIT_INDEXING_BIT_EXT.0,
        stages: None,
        feature: Some((Feature::SHADER64_BIT_INDEXING, "VUID-VkShaderCreateInfoEXT-flags-11758")),
    },
];

/// Stages a shader object may not have without a feature: the stages, the feature, the id.
const STAGE_FEATURES: [(u32, Feature, &str); 4] = [
    (TESS_CONTROL | TESS_EVAL, Feature::TESSELLATION_SHADER, "VUID-VkShaderCreateInfoEXT-stage-08419"),
    (GEOMETRY, Feature::GEOMETRY_SHADER, "VUID-VkShaderCreateInfoEXT-stage-08420"),
    (TASK, Feature::TASK_SHADER, "VUID-VkShaderCreateInfoEXT-stage-08421"),
    (MESH, Feature::MESH_SHADER, "VUID-VkShaderCreateInfoEXT-stage-08422"),
];

/// Stages a shader object may never have: the stages, the id.
const STAGES_NEVER: [(u32, &str); 3] = [
    (SUBPASS_SHADING, "VUID-VkShaderCreateInfoEXT-stage-08425"),
    (CLUSTER_CULLING, "VUID-VkShaderCreateInfoEXT-stage-08426"),
    (RAY_TRACING, "VUID-VkShaderCreateInfoEXT-stage-12445"),
];

/// Per stage, the next stages it allows and the id.
const NEXT_STAGES: [(u32, u32, &str); 8] = [
    (VERTEX, TESS_CONTROL | GEOMETRY | FRAGMENT, "VUID-VkShaderCreateInfoEXT-nextStage-08427"),
    (TESS_CONTROL, TESS_EVAL, "VUID-VkShaderCreateInfoEXT-nextStage-08430"),
    (TESS_EVAL, GEOMETRY | FRAGMENT, "VUID-VkShaderCreateInfoEXT-nextStage-08431"),
    (GEOMETRY, FRAGMENT, "VUID-VkShaderCreateInfoEXT-nextStage-08433"),
    (FRAGMENT, 0, "VUID-VkShaderCreateInfoEXT-nextStage-08434"),
    (COMPUTE, 0, "VUID-VkShaderCreateInfoEXT-nextStage-08434"),
    (TASK, MESH, "VUID-VkShaderCreateInfoEXT-nextStage-08435"),
    (MESH, FRAGMENT, "VUID-VkShaderCreateInfoEXT-nextStage-08436"),
];

/// Next stages a shader may not name without a feature.
const NEXT_STAGE_FEATURES: [(u32, Feature, &str); 2] = [
    (TESS_CONTROL | TESS_EVAL, Feature::TESSELLATION_SHADER, "VUID-VkShaderCreateInfoEXT-nextStage-08428"),
    (GEOMETRY, Feature::GEOMETRY_SHADER, "VUID-VkShaderCreateInfoEXT-nextStage-08429"),
];

/// Stages vkCmdBindShadersEXT may never name.
const BIND_NEVER: [(u32, &str); 3] = [
    (RAY_TRACING, "VUID-vkCmdBindShadersEXT-pStages-08465"),
    (SUBPASS_SHADING, "VUID-vkCmdBindShadersEXT-pStages-08467"),
    (CLUSTER_CULLING, "VUID-vkCmdBindShadersEXT-pStages-08468"),
];

/// A stage's name, for messages.
fn stage_name(stage: u32) -> String {
    format!("{:?}", VkShaderStageFlags(stage))
}

/// The logical order of graphics stage `stage` in its pipeline (primitive or mesh shading, as
/// `mesh` says; the fragment stage is in both), if it is in it.
fn logical_order(stage: u32, mesh: bool) -> Option<usize> {
    let order: &[u32] = if mesh { &MESH_STAGES } else { &PRIMITIVE_STAGES };
    order.iter().position(|&s| s == stage)
}

impl CoreChecks {
    /// vkCreateShadersEXT's create infos, each and against each other. True to skip the call.
    ///
    /// # Safety
    /// `infos` must be the `count` create infos the application passed.
    pub(super) unsafe fn create_shaders(&self, cx: &Call<'_>, count: u32, infos: *const VkShaderCreateInfoEXT) -> bool {
        let Some(facts) = cx.device() else { return false };
        let features = &facts.features;
        let root = cx.location();
        let mut skip = false;
        if !features.contains(Feature::SHADER_OBJECT) {
            skip |= cx.error(
                "VUID-vkCreateShadersEXT-None-08400",
                &root,
                format_args!("the shaderObject feature is not enabled."),
            );
        }
        // SAFETY: the caller's contract.
        let infos = unsafe { slice(infos, count) };
        let all = root.dot("pCreateInfos");
        for (i, info) in infos.iter().enumerate() {
            let at = all.index(i);
            let (stage, flags, next) = (info.stage.0, info.flags.0, info.nextStage.0);
            if stage == ALL_GRAPHICS || stage == ALL {
                skip |= cx.error(
                    "VUID-VkShaderCreateInfoEXT-stage-08418",
                    &at.dot("stage"),
                    format_args!("is {}, not a single stage.", stage_name(stage)),
                );
                continue;
            }
            for (stages, feature, vuid) in STAGE_FEATURES {
                if stage & stages != 0 && !features.contains(feature) {
                    skip |= cx.error(
                        vuid,
                        &at.dot("stage"),
                        format_args!("is {}, but the feature {feature:?} is not enabled.", stage_name(stage)),
                    );
                }
            }
            for (stages, vuid) in STAGES_NEVER {
                if stage & stages != 0 {
                    skip |= cx.error(
                        vuid,
                        &at.dot("stage"),
                        format_args!("is {}, which shader objects do not have.", stage_name(stage)),
                    );
                }
            }
            for rule in &FLAG_RULES {
                if flags & rule.flag == 0 {
                    continue;
                }
                let flag = VkShaderCreateFlagsEXT(rule.flag);
                if let Some((stages, vuid)) = rule.stages.filter(|(s, _)| stage & s == 0) {
                    skip |= cx.error(
                        vuid,
                        &at.dot("flags"),
                        format_args!(
                            "includes {flag:?}, which needs stage {}, but stage is {}.",
                            stage_name(stages),
                            stage_name(stage)
                        ),
                    );
                }
                if let Some((feature, vuid)) = rule.feature.filter(|(f, _)| !features.contains(*f)) {
                    skip |= cx.error(
                        vuid,
                        &at.dot("flags"),
                        format_args!("includes {flag:?}, but the feature {feature:?} is not enabled."),
                    );
                }
            }
            let independent = F::VK_SHADER_CREATE_INDEPENDENT_SETS_BIT_KHR.0;
            if stage == COMPUTE && flags & independent != 0 {
                skip |= cx.error(
                    "VUID-VkShaderCreateInfoEXT-stage-12428",
                    &at.dot("flags"),
                    format_args!("includes VK_SHADER_CREATE_INDEPENDENT_SETS_BIT_KHR for a compute shader."),
                );
            }
            if let Some(&(_, allowed, vuid)) = NEXT_STAGES.iter().find(|(s, _, _)| *s == stage) {
                if next & !allowed != 0 {
                    skip |= cx.error(
                        vuid,
                        &at.dot("nextStage"),
                        format_args!(
                            "({next:#x}) includes {}, which cannot follow {}.",
                            stage_name(next & !allowed),
                            stage_name(stage)
                        ),
                    );
                }
            }
            for (stages, feature, vuid) in NEXT_STAGE_FEATURES {
                if next & stages != 0 && !features.contains(feature) {
                    skip |= cx.error(
                        vuid,
                        &at.dot("nextStage"),
                        format_args!(
                            "({next:#x}) includes {}, but the feature {feature:?} is not enabled.",
                            stage_name(next & stages)
                        ),
                    );
                }
            }
            // SPIR-V in whole aligned words; binary code aligned to 16 bytes.
            let spirv = info.codeType == VkShaderCodeTypeEXT::VK_SHADER_CODE_TYPE_SPIRV_EXT;
            let binary = info.codeType == VkShaderCodeTypeEXT::VK_SHADER_CODE_TYPE_BINARY_EXT;
            let address = info.pCode as usize;
            if spirv && !info.codeSize.is_multiple_of(4) {
                skip |= cx.error(
                    "VUID-VkShaderCreateInfoEXT-codeSize-08735",
                    &at.dot("codeSize"),
                    format_args!("is {}, not a multiple of 4 for SPIR-V.", info.codeSize),
                );
            }
            for (needed, code_type, vuid) in [
                (spirv, 4, "VUID-VkShaderCreateInfoEXT-pCode-08493"),
                (binary, 16, "VUID-VkShaderCreateInfoEXT-pCode-08492"),
            ] {
                if needed && !address.is_multiple_of(code_type) {
                    skip |= cx.error(
                        vuid,
                        &at.dot("pCode"),
                        format_args!("({address:#x}) is not aligned to {code_type} bytes for its codeType."),
                    );
                }
            }
            let max_sets = facts.limits.maxBoundDescriptorSets;
            if info.setLayoutCount > max_sets {
                skip |= cx.error(
                    "VUID-VkShaderCreateInfoEXT-setLayoutCount-12257",
                    &at.dot("setLayoutCount"),
                    format_args!("is {}, more than maxBoundDescriptorSets ({max_sets}).", info.setLayoutCount),
                );
            }
            // SAFETY: the counted array of a create info the application passed.
            let ranges = unsafe { slice(info.pPushConstantRanges, info.pushConstantRangeCount) };
            'ranges: for (j, a) in ranges.iter().enumerate() {
                for (k, b) in ranges.iter().enumerate().skip(j + 1) {
                    let shared = a.stageFlags.0 & b.stageFlags.0;
                    if shared != 0 {
                        skip |= cx.error(
                            "VUID-VkShaderCreateInfoEXT-pPushConstantRanges-10063",
                            &at.dot("pPushConstantRanges"),
                            format_args!("[{j}] and [{k}] both include {}.", stage_name(shared)),
                        );
                        break 'ranges;
                    }
                }
            }
        }
        skip | linked_shaders(cx, infos) | create_queue_rules(cx, infos)
    }

    /// A SPIR-V shader's entry point against the set layouts and push constant ranges it is
    /// created with (unless it uses descriptor heaps): `-codeType-10383`, `-10064`, `-10065`.
    /// True to skip the call.
    ///
    /// # Safety
    /// `info` must be a create info the application passed.
    pub(super) unsafe fn shader_matches_layout(
        &self,
        cx: &Call<'_>,
        info: &VkShaderCreateInfoEXT,
        entry: &EntryPoint,
        at: &Location<'_>,
    ) -> bool {
        if info.flags.0 & F::VK_SHADER_CREATE_DESCRIPTOR_HEAP_BIT_EXT.0 != 0 {
            return false;
        }
        // SAFETY: the counted arrays of a create info the application passed.
        let (sets, ranges) = unsafe {
            (slice(info.pSetLayouts, info.setLayoutCount), slice(info.pPushConstantRanges, info.pushConstantRangeCount))
        };
        let layout = PipelineLayoutInfo {
            flags: 0,
            set_layouts: sets.iter().map(|s| self.get(TYPES.descriptor_set_layout, s.as_raw())).collect(),
            push_constants: ranges
                .iter()
                .map(|r| PushConstantRange { stages: r.stageFlags.0, offset: r.offset, size: r.size })
                .collect(),
        };
        let owner = "the shader's set layouts and push constant ranges";
        self.entry_point_matches_layout(cx, &super::pipelines::SHADER_OBJECT, entry, &layout, &owner, at)
    }

    /// vkCmdBindShadersEXT: the feature, its stages, and the shaders against their stages and
    /// the command buffer's queue family (with the recording rules, under the same lock). True
    /// to skip the call.
    ///
    /// # Safety
    /// `stages` and `shaders` must be the call's arrays of `count` (`shaders` may be null).
    pub(super) unsafe fn bind_shaders(
        &self,
        cx: &Call<'_>,
        cb: VkCommandBuffer,
        count: u32,
        stages: *const VkShaderStageFlagBits,
        shaders: *const VkShaderEXT,
    ) -> bool {
        let root = cx.location();
        let mut skip = false;
        if cx.device().is_some_and(|f| !f.features.contains(Feature::SHADER_OBJECT)) {
            skip |= cx.error(
                "VUID-vkCmdBindShadersEXT-None-08462",
                &root,
                format_args!("the shaderObject feature is not enabled."),
            );
        }
        // SAFETY: the caller's contract.
        let (stages, shaders) = unsafe { (slice(stages, count), slice(shaders, count)) };
        let shader = |i: usize| shaders.get(i).map_or(0, |s| s.as_raw());
        let mut named = 0u32;
        for (i, stage) in stages.iter().enumerate() {
            let s = stage.0;
            let at = root.dot("pStages");
            let at = at.index(i);
            if s == ALL_GRAPHICS || s == ALL {
                skip |= cx.error(
                    "VUID-vkCmdBindShadersEXT-pStages-08464",
                    &at,
                    format_args!("is {}, not a single stage.", stage_name(s)),
                );
                continue;
            }
            if named & s != 0 {
                skip |= cx.error(
                    "VUID-vkCmdBindShadersEXT-pStages-08463",
                    &at,
                    format_args!("is {}, named by an earlier element too.", stage_name(s)),
                );
            }
            named |= s;
            for (never, vuid) in BIND_NEVER {
                if s & never != 0 {
                    skip |=
                        cx.error(vuid, &at, format_args!("is {}, which shader objects do not have.", stage_name(s)));
                }
            }
            let h = shader(i);
            let created = self.get(TYPES.shader_ext, h).and_then(|r| r.shader_object().map(|o| o.stage));
            if let Some(created) = created.filter(|&c| c != s) {
                let at = root.dot("pShaders");
                skip |= cx.error(
                    "VUID-vkCmdBindShadersEXT-pShaders-08469",
                    &at.index(i),
                    format_args!(
                        "({h:#x}) was created for stage {}, but pStages[{i}] is {}.",
                        stage_name(created),
                        stage_name(s)
                    ),
                );
            }
        }
        // A task or mesh shader bound with a vertex shader in the same call.
        let index_of = |stage: u32| stages.iter().position(|s| s.0 == stage);
        if let Some(v) = index_of(VERTEX).filter(|&v| shader(v) != 0) {
            for (stage, vuid) in
                [(TASK, "VUID-vkCmdBindShadersEXT-pShaders-08470"), (MESH, "VUID-vkCmdBindShadersEXT-pShaders-08471")]
            {
                if let Some(t) = index_of(stage).filter(|&t| shader(t) != 0) {
                    let at = root.dot("pShaders");
                    skip |= cx.error(
                        vuid,
                        &at.index(v),
                        format_args!(
                            "({:#x}) binds a vertex shader, but pShaders[{t}] binds a shader to {} in the same call.",
                            shader(v),
                            stage_name(stage)
                        ),
                    );
                }
            }
        }
        skip | self.with_recording(cx, cb.as_raw(), |r| bind_queue_rules(cx, r, named, cb.as_raw()))
    }

    /// A draw or dispatch without a pipeline bound at `index` while the shaderObject feature is
    /// enabled: the shaders bound there. True to skip the call.
    pub(super) fn shader_objects_bound(&self, cx: &Call<'_>, r: &Recording, index: usize, cb: u64) -> bool {
        let shaders = &r.bound[index].shaders;
        if index == 1 {
            let Some(&(_, vuid)) = DISPATCHES.get(cx) else { return false };
            return self.shader_object_uses(cx, r, index, cb)
                | (shaders.bound & COMPUTE == 0
                    && cx.error(
                        vuid,
                        &cx.location(),
                        format_args!(
                        "neither a compute pipeline nor a compute shader object is bound in command buffer {cb:#x}."
                    ),
                    ));
        }
        let mut skip = self.shader_object_uses(cx, r, index, cb);
        let Some(ids) = DRAWS.get(cx) else { return skip };
        skip |= self.graphics_shaders(cx, shaders, ids, cb);
        if shaders.bound & GRAPHICS_STAGES != 0 {
            if let Some(RenderPassInstance::RenderPass { .. }) = r.instance {
                skip |= cx.error(
                    ids.render_pass_object,
                    &cx.location(),
                    format_args!(
                        "graphics shader objects are bound, but command buffer {cb:#x} is in a render pass instance \
                         begun with vkCmdBeginRenderPass: shader objects draw only in instances begun with \
                         vkCmdBeginRendering."
                    ),
                );
            }
            let (core, p) = crate::state::shader_objects::draw_dynamic(shaders.bound, self.shader_object_states);
            skip |= self.shader_object_draw_state(cx, r, core, &p, cb);
        }
        skip
    }

    /// The descriptor sets and push constants the shaders bound at bind point `index` use: every
    /// set bound with a layout compatible for it with the shader's (`-None-08600`), and push
    /// constants last set with the shader's ranges (`-None-08601`). True to skip the call.
    fn shader_object_uses(&self, cx: &Call<'_>, r: &Recording, index: usize, cb: u64) -> bool {
        let Some(&(_, set_vuid, push_vuid)) = super::draw::SHADER_USES.get(cx) else { return false };
        let bound = &r.bound[index];
        let mut skip = false;
        for k in bound.shaders.shaders.iter().flatten() {
            let check = |rec: &crate::state::ObjectRecord| {
                let Some(info) = rec.shader_object() else { return false };
                let mut skip = false;
                let heap = F::VK_SHADER_CREATE_DESCRIPTOR_HEAP_BIT_EXT.0;
                for &n in info.uses.sets.iter().filter(|_| info.flags & heap == 0) {
                    if info.pushes_set(n) {
                        continue;
                    }
                    let why = match bound.sets.get(n as usize).copied().flatten() {
                        None => format_args!("no descriptor set was bound to set {n}").to_string(),
                        Some(b) if self.layout_compatible(r, b.layout, |l| info.compatible_for_set(l, n)) => continue,
                        Some(b) => format!(
                            "the set bound there was bound with pipeline layout {:#x}, which is not compatible for                              set {n} with the shader's push constant ranges and set layouts",
                            b.layout.handle
                        ),
                    };
                    skip |= cx.error(
                        set_vuid,
                        &cx.location(),
                        format_args!(
                            "the shader object {:#x} bound to {} statically uses descriptor set {n}, but {why} in                              command buffer {cb:#x}.",
                            rec.key.handle,
                            stage_name(info.stage)
                        ),
                    );
                }
                if info.uses.push_constant_stages != 0 {
                    let pushed = match r.pushed {
                        Pushed::Nothing => Some(None),
                        Pushed::Unknown => None,
                        Pushed::Layout(k) => (!self
                            .layout_compatible(r, k, |l| l.push_constants == info.push_constants))
                        .then_some(Some(k.handle)),
                    };
                    if let Some(with) = pushed {
                        let why = match with {
                            None => "none were set".to_owned(),
                            Some(h) => format!(
                                "they were last set with pipeline layout {h:#x}, whose push constant ranges differ                                  from the shader's"
                            ),
                        };
                        skip |= cx.error(
                            push_vuid,
                            &cx.location(),
                            format_args!(
                                "the shader object {:#x} bound to {} statically uses push constants, but {why} in                                  command buffer {cb:#x}.",
                                rec.key.handle,
                                stage_name(info.stage)
                            ),
                        );
                    }
                }
                skip
            };
            skip |= r.references.with_record(*k, check).unwrap_or(false);
        }
        skip
    }

    /// The graphics shaders bound for a draw: every stage named (with a shader or
    /// VK_NULL_HANDLE), vertex or mesh shading, and what the set of bound shaders breaks.
    fn graphics_shaders(&self, cx: &Call<'_>, s: &BoundShaders, ids: &DrawIds, cb: u64) -> bool {
        let features = cx.device().map(|f| &f.features);
        let enabled = |f: Feature| features.is_some_and(|fs| fs.contains(f));
        let at = cx.location();
        let mut skip = false;
        let needed = [
            (VERTEX, true),
            (TESS_CONTROL, enabled(Feature::TESSELLATION_SHADER)),
            (TESS_EVAL, enabled(Feature::TESSELLATION_SHADER)),
            (GEOMETRY, enabled(Feature::GEOMETRY_SHADER)),
            (FRAGMENT, true),
            (TASK, enabled(Feature::TASK_SHADER)),
            (MESH, enabled(Feature::MESH_SHADER)),
        ];
        for ((stage, needed), vuid) in needed.into_iter().zip(ids.named) {
            if needed && s.named & stage == 0 {
                skip |= cx.error(
                    vuid,
                    &at,
                    format_args!(
                        "no graphics pipeline is bound, and vkCmdBindShadersEXT was not called with {} in command \
                         buffer {cb:#x} (bind a shader or VK_NULL_HANDLE to it).",
                        stage_name(stage)
                    ),
                );
            }
        }
        let (vertex, mesh) = (s.bound & VERTEX != 0, s.bound & MESH != 0);
        if (enabled(Feature::TASK_SHADER) || enabled(Feature::MESH_SHADER)) && vertex == mesh {
            skip |= cx.error(
                ids.one_of,
                &at,
                format_args!(
                    "no graphics pipeline is bound, and {} of the vertex and mesh stages have a shader bound in \
                     command buffer {cb:#x}; exactly one must.",
                    if vertex { "both" } else { "neither" }
                ),
            );
        }
        if vertex && s.bound & (TASK | MESH) != 0 {
            skip |= cx.error(
                ids.vertex_alone,
                &at,
                format_args!(
                    "a vertex shader is bound, and so is a shader to {} in command buffer {cb:#x}.",
                    stage_name(s.bound & (TASK | MESH))
                ),
            );
        }
        if let Some(vuid) = ids.no_mesh.filter(|_| s.bound & (TASK | MESH) != 0) {
            skip |= cx.error(
                vuid,
                &at,
                format_args!(
                    "is not a mesh draw, but a shader is bound to {} in command buffer {cb:#x}.",
                    stage_name(s.bound & (TASK | MESH))
                ),
            );
        }
        let v = &s.verdict;
        let pairs = [
            (v.push_constants, ids.push_constants, "were created with different push constant ranges"),
            (v.set_layouts, ids.set_layouts, "were created with descriptor set layouts not identically defined"),
        ];
        for (pair, vuid, what) in pairs {
            if let Some((a, b)) = pair {
                skip |= cx.error(
                    vuid,
                    &at,
                    format_args!(
                        "the shaders bound to {} and {} {what} (command buffer {cb:#x}).",
                        stage_name(a),
                        stage_name(b)
                    ),
                );
            }
        }
        if let Some((stage, next)) = v.next_stage {
            skip |= cx.error(
                ids.next_stage,
                &at,
                format_args!(
                    "the shader bound to {} was created with a nextStage without {}, the stage bound after it \
                     (command buffer {cb:#x}).",
                    stage_name(stage),
                    stage_name(next)
                ),
            );
        }
        if let Some((stage, other, partner)) = v.between {
            skip |= cx.error(
                ids.between,
                &at,
                format_args!(
                    "the shader bound to {} was not created linked with the shaders bound to {} and {}, which were \
                     created linked in one call, and its stage lies between theirs (command buffer {cb:#x}).",
                    stage_name(stage),
                    stage_name(other),
                    stage_name(partner)
                ),
            );
        }
        if let Some((stage, partner)) = v.link {
            skip |= cx.error(
                ids.linked,
                &at,
                format_args!(
                    "the shader bound to {} was created linked with a shader for {}, which is not bound (command \
                     buffer {cb:#x}).",
                    stage_name(stage),
                    stage_name(partner)
                ),
            );
        }
        skip
    }
}

/// vkCmdBindShadersEXT's stages against the queue family of the command buffer's pool.
fn bind_queue_rules(cx: &Call<'_>, r: &Recording, named: u32, cb: u64) -> bool {
    let graphics = VkQueueFlags::VK_QUEUE_GRAPHICS_BIT.0;
    let rules = [
        (PRIMITIVE, graphics, "VUID-vkCmdBindShadersEXT-pShaders-08477", "graphics"),
        (TASK | MESH, graphics, "VUID-vkCmdBindShadersEXT-pShaders-08478", "graphics"),
    ];
    let mut skip = false;
    for (stages, needed, vuid, what) in rules {
        if named & stages != 0 && r.queue_flags & needed == 0 {
            skip |= cx.error(
                vuid,
                &cx.location().dot("pStages"),
                format_args!(
                    "names {}, but command buffer {cb:#x} was allocated from a pool whose queue family does not \
                     support {what} operations.",
                    stage_name(named & stages)
                ),
            );
        }
    }
    skip
}

/// vkCreateShadersEXT's stages against the device's queue families: graphics shaders need one
/// with graphics operations.
fn create_queue_rules(cx: &Call<'_>, infos: &[VkShaderCreateInfoEXT]) -> bool {
    let Some(facts) = cx.device() else { return false };
    let has = |flag: VkQueueFlags| facts.queue_family_flags.iter().any(|f| f & flag.0 != 0);
    let stages = infos.iter().fold(0, |m, i| m | i.stage.0);
    let rules =
        [(GRAPHICS_STAGES, VkQueueFlags::VK_QUEUE_GRAPHICS_BIT, "VUID-vkCreateShadersEXT-stage-09671", "graphics")];
    let mut skip = false;
    for (wanted, flag, vuid, what) in rules {
        if stages & wanted != 0 && !has(flag) {
            skip |= cx.error(
                vuid,
                &cx.location().dot("pCreateInfos"),
                format_args!(
                    "create a shader for {}, but no queue family of the device supports {what} operations.",
                    stage_name(stages & wanted)
                ),
            );
        }
    }
    skip
}

/// The linked shaders of one vkCreateShadersEXT call: every graphics create info linked when
/// one is, primitive and mesh shading not mixed, each stage once, one code type, and each
/// linked shader's nextStage the next linked stage.
fn linked_shaders(cx: &Call<'_>, infos: &[VkShaderCreateInfoEXT]) -> bool {
    let linked = |i: &VkShaderCreateInfoEXT| i.flags.0 & LINK_STAGE != 0;
    if !infos.iter().any(linked) {
        return false;
    }
    let all = cx.location();
    let all = all.dot("pCreateInfos");
    let mut skip = false;
    for (i, info) in infos.iter().enumerate() {
        let s = info.stage.0;
        let rule = if s & PRIMITIVE != 0 {
            Some("VUID-vkCreateShadersEXT-pCreateInfos-08402")
        } else if s & (TASK | MESH) != 0 {
            Some("VUID-vkCreateShadersEXT-pCreateInfos-08403")
        } else {
            None
        };
        if let Some(vuid) = rule.filter(|_| !linked(info)) {
            skip |= cx.error(
                vuid,
                &all.index(i).dot("flags"),
                format_args!(
                    "lacks VK_SHADER_CREATE_LINK_STAGE_BIT_EXT for stage {}, but another create info of the call \
                     includes it.",
                    stage_name(s)
                ),
            );
        }
    }
    let linked_infos: Vec<(usize, &VkShaderCreateInfoEXT)> =
        infos.iter().enumerate().filter(|(_, i)| linked(i)).collect();
    let stages = linked_infos.iter().fold(0, |m, (_, i)| m | i.stage.0);
    if stages & (TASK | MESH) != 0 && stages & (VERTEX | TESS_CONTROL | TESS_EVAL | GEOMETRY) != 0 {
        skip |= cx.error(
            "VUID-vkCreateShadersEXT-pCreateInfos-08404",
            &all,
            format_args!(
                "link a task or mesh shader with {}.",
                stage_name(stages & (VERTEX | TESS_CONTROL | TESS_EVAL | GEOMETRY))
            ),
        );
    }
    let no_task = F::VK_SHADER_CREATE_NO_TASK_SHADER_BIT_EXT.0;
    if stages & TASK != 0 && linked_infos.iter().any(|(_, i)| i.stage.0 == MESH && i.flags.0 & no_task != 0) {
        skip |= cx.error(
            "VUID-vkCreateShadersEXT-pCreateInfos-08405",
            &all,
            format_args!("link a task shader with a mesh shader created with VK_SHADER_CREATE_NO_TASK_SHADER_BIT_EXT."),
        );
    }
    for (n, &(i, info)) in linked_infos.iter().enumerate() {
        if let Some(&(j, _)) = linked_infos[..n].iter().find(|(_, o)| o.stage == info.stage) {
            skip |= cx.error(
                "VUID-vkCreateShadersEXT-pCreateInfos-08410",
                &all.index(i).dot("stage"),
                format_args!("is {}, as is linked pCreateInfos[{j}].stage.", stage_name(info.stage.0)),
            );
        }
        if let Some(&(j, other)) = linked_infos[..n].iter().find(|(_, o)| o.codeType != info.codeType) {
            skip |= cx.error(
                "VUID-vkCreateShadersEXT-pCreateInfos-08411",
                &all.index(i).dot("codeType"),
                format_args!("is {:?}, but linked pCreateInfos[{j}].codeType is {:?}.", info.codeType, other.codeType),
            );
        }
        // The next linked stage in logical order, if any.
        let mesh = info.stage.0 & (TASK | MESH) != 0;
        let next = logical_order(info.stage.0, mesh).and_then(|order| {
            linked_infos
                .iter()
                .filter_map(|(_, o)| Some((logical_order(o.stage.0, mesh)?, o.stage.0)))
                .filter(|&(o, _)| o > order)
                .min()
                .map(|(_, s)| s)
        });
        if let Some(next) = next.filter(|&n| info.nextStage.0 != n) {
            skip |= cx.error(
                "VUID-vkCreateShadersEXT-pCreateInfos-08409",
                &all.index(i).dot("nextStage"),
                format_args!(
                    "is {:#x}, but the next linked stage of the call is {}.",
                    info.nextStage.0,
                    stage_name(next)
                ),
            );
        }
    }
    skip
}

/// The ids of one draw command's shader object rules.
struct DrawIds {
    command: &'static str,
    /// Per stage (vertex, tessellation control and evaluation, geometry, fragment, task, mesh):
    /// vkCmdBindShadersEXT must have named it.
    named: [&'static str; 7],
    one_of: &'static str,
    vertex_alone: &'static str,
    /// Not for mesh draws.
    no_mesh: Option<&'static str>,
    push_constants: &'static str,
    set_layouts: &'static str,
    next_stage: &'static str,
    linked: &'static str,
    between: &'static str,
    /// Shader objects draw only in a vkCmdBeginRendering instance.
    render_pass_object: &'static str,
}

command_table!(
    /// `DRAW_IDS` by command number.
    static DRAWS: DrawIds = DRAW_IDS, command
);
command_table!(
    /// `DISPATCH_IDS` by command number.
    static DISPATCHES: (&str, &str) = DISPATCH_IDS, 0
);

const DRAW_IDS: [DrawIds; 12] = [
    DrawIds {
        command: "vkCmdDraw",
        named: [
            "VUID-vkCmdDraw-None-08684",
            "VUID-vkCmdDraw-None-08685",
            "VUID-vkCmdDraw-None-08686",
            "VUID-vkCmdDraw-None-08687",
            "VUID-vkCmdDraw-None-08688",
            "VUID-vkCmdDraw-None-08689",
            "VUID-vkCmdDraw-None-08690",
        ],
        one_of: "VUID-vkCmdDraw-None-08693",
        vertex_alone: "VUID-vkCmdDraw-None-08696",
        no_mesh: Some("VUID-vkCmdDraw-None-08885"),
        push_constants: "VUID-vkCmdDraw-None-08878",
        set_layouts: "VUID-vkCmdDraw-None-08879",
        next_stage: "VUID-vkCmdDraw-nextStage-10745",
        linked: "VUID-vkCmdDraw-None-08698",
        between: "VUID-vkCmdDraw-None-08699",
        render_pass_object: "VUID-vkCmdDraw-None-08876",
    },
    DrawIds {
        command: "vkCmdDrawIndexed",
        named: [
            "VUID-vkCmdDrawIndexed-None-08684",
            "VUID-vkCmdDrawIndexed-None-08685",
            "VUID-vkCmdDrawIndexed-None-08686",
            "VUID-vkCmdDrawIndexed-None-08687",
            "VUID-vkCmdDrawIndexed-None-08688",
            "VUID-vkCmdDrawIndexed-None-08689",
            "VUID-vkCmdDrawIndexed-None-08690",
        ],
        one_of: "VUID-vkCmdDrawIndexed-None-08693",
        vertex_alone: "VUID-vkCmdDrawIndexed-None-08696",
        no_mesh: Some("VUID-vkCmdDrawIndexed-None-08885"),
        push_constants: "VUID-vkCmdDrawIndexed-None-08878",
        set_layouts: "VUID-vkCmdDrawIndexed-None-08879",
        next_stage: "VUID-vkCmdDrawIndexed-nextStage-10745",
        linked: "VUID-vkCmdDrawIndexed-None-08698",
        between: "VUID-vkCmdDrawIndexed-None-08699",
        render_pass_object: "VUID-vkCmdDrawIndexed-None-08876",
    },
    DrawIds {
        command: "vkCmdDrawIndexedIndirect",
        named: [
            "VUID-vkCmdDrawIndexedIndirect-None-08684",
            "VUID-vkCmdDrawIndexedIndirect-None-08685",
            "VUID-vkCmdDrawIndexedIndirect-None-08686",
            "VUID-vkCmdDrawIndexedIndirect-None-08687",
            "VUID-vkCmdDrawIndexedIndirect-None-08688",
            "VUID-vkCmdDrawIndexedIndirect-None-08689",
            "VUID-vkCmdDrawIndexedIndirect-None-08690",
        ],
        one_of: "VUID-vkCmdDrawIndexedIndirect-None-08693",
        vertex_alone: "VUID-vkCmdDrawIndexedIndirect-None-08696",
        no_mesh: Some("VUID-vkCmdDrawIndexedIndirect-None-08885"),
        push_constants: "VUID-vkCmdDrawIndexedIndirect-None-08878",
        set_layouts: "VUID-vkCmdDrawIndexedIndirect-None-08879",
        next_stage: "VUID-vkCmdDrawIndexedIndirect-nextStage-10745",
        linked: "VUID-vkCmdDrawIndexedIndirect-None-08698",
        between: "VUID-vkCmdDrawIndexedIndirect-None-08699",
        render_pass_object: "VUID-vkCmdDrawIndexedIndirect-None-08876",
    },
    DrawIds {
        command: "vkCmdDrawIndexedIndirectCount",
        named: [
            "VUID-vkCmdDrawIndexedIndirectCount-None-08684",
            "VUID-vkCmdDrawIndexedIndirectCount-None-08685",
            "VUID-vkCmdDrawIndexedIndirectCount-None-08686",
            "VUID-vkCmdDrawIndexedIndirectCount-None-08687",
            "VUID-vkCmdDrawIndexedIndirectCount-None-08688",
            "VUID-vkCmdDrawIndexedIndirectCount-None-08689",
            "VUID-vkCmdDrawIndexedIndirectCount-None-08690",
        ],
        one_of: "VUID-vkCmdDrawIndexedIndirectCount-None-08693",
        vertex_alone: "VUID-vkCmdDrawIndexedIndirectCount-None-08696",
        no_mesh: Some("VUID-vkCmdDrawIndexedIndirectCount-None-08885"),
        push_constants: "VUID-vkCmdDrawIndexedIndirectCount-None-08878",
        set_layouts: "VUID-vkCmdDrawIndexedIndirectCount-None-08879",
        next_stage: "VUID-vkCmdDrawIndexedIndirectCount-nextStage-10745",
        linked: "VUID-vkCmdDrawIndexedIndirectCount-None-08698",
        between: "VUID-vkCmdDrawIndexedIndirectCount-None-08699",
        render_pass_object: "VUID-vkCmdDrawIndexedIndirectCount-None-08876",
    },
    DrawIds {
        command: "vkCmdDrawIndirect",
        named: [
            "VUID-vkCmdDrawIndirect-None-08684",
            "VUID-vkCmdDrawIndirect-None-08685",
            "VUID-vkCmdDrawIndirect-None-08686",
            "VUID-vkCmdDrawIndirect-None-08687",
            "VUID-vkCmdDrawIndirect-None-08688",
            "VUID-vkCmdDrawIndirect-None-08689",
            "VUID-vkCmdDrawIndirect-None-08690",
        ],
        one_of: "VUID-vkCmdDrawIndirect-None-08693",
        vertex_alone: "VUID-vkCmdDrawIndirect-None-08696",
        no_mesh: Some("VUID-vkCmdDrawIndirect-None-08885"),
        push_constants: "VUID-vkCmdDrawIndirect-None-08878",
        set_layouts: "VUID-vkCmdDrawIndirect-None-08879",
        next_stage: "VUID-vkCmdDrawIndirect-nextStage-10745",
        linked: "VUID-vkCmdDrawIndirect-None-08698",
        between: "VUID-vkCmdDrawIndirect-None-08699",
        render_pass_object: "VUID-vkCmdDrawIndirect-None-08876",
    },
    DrawIds {
        command: "vkCmdDrawIndirectByteCountEXT",
        named: [
            "VUID-vkCmdDrawIndirectByteCountEXT-None-08684",
            "VUID-vkCmdDrawIndirectByteCountEXT-None-08685",
            "VUID-vkCmdDrawIndirectByteCountEXT-None-08686",
            "VUID-vkCmdDrawIndirectByteCountEXT-None-08687",
            "VUID-vkCmdDrawIndirectByteCountEXT-None-08688",
            "VUID-vkCmdDrawIndirectByteCountEXT-None-08689",
            "VUID-vkCmdDrawIndirectByteCountEXT-None-08690",
        ],
        one_of: "VUID-vkCmdDrawIndirectByteCountEXT-None-08693",
        vertex_alone: "VUID-vkCmdDrawIndirectByteCountEXT-None-08696",
        no_mesh: Some("VUID-vkCmdDrawIndirectByteCountEXT-None-08885"),
        push_constants: "VUID-vkCmdDrawIndirectByteCountEXT-None-08878",
        set_layouts: "VUID-vkCmdDrawIndirectByteCountEXT-None-08879",
        next_stage: "VUID-vkCmdDrawIndirectByteCountEXT-nextStage-10745",
        linked: "VUID-vkCmdDrawIndirectByteCountEXT-None-08698",
        between: "VUID-vkCmdDrawIndirectByteCountEXT-None-08699",
        render_pass_object: "VUID-vkCmdDrawIndirectByteCountEXT-None-08876",
    },
    DrawIds {
        command: "vkCmdDrawIndirectCount",
        named: [
            "VUID-vkCmdDrawIndirectCount-None-08684",
            "VUID-vkCmdDrawIndirectCount-None-08685",
            "VUID-vkCmdDrawIndirectCount-None-08686",
            "VUID-vkCmdDrawIndirectCount-None-08687",
            "VUID-vkCmdDrawIndirectCount-None-08688",
            "VUID-vkCmdDrawIndirectCount-None-08689",
            "VUID-vkCmdDrawIndirectCount-None-08690",
        ],
        one_of: "VUID-vkCmdDrawIndirectCount-None-08693",
        vertex_alone: "VUID-vkCmdDrawIndirectCount-None-08696",
        no_mesh: Some("VUID-vkCmdDrawIndirectCount-None-08885"),
        push_constants: "VUID-vkCmdDrawIndirectCount-None-08878",
        set_layouts: "VUID-vkCmdDrawIndirectCount-None-08879",
        next_stage: "VUID-vkCmdDrawIndirectCount-nextStage-10745",
        linked: "VUID-vkCmdDrawIndirectCount-None-08698",
        between: "VUID-vkCmdDrawIndirectCount-None-08699",
        render_pass_object: "VUID-vkCmdDrawIndirectCount-None-08876",
    },
    DrawIds {
        command: "vkCmdDrawMeshTasksEXT",
        named: [
            "VUID-vkCmdDrawMeshTasksEXT-None-08684",
            "VUID-vkCmdDrawMeshTasksEXT-None-08685",
            "VUID-vkCmdDrawMeshTasksEXT-None-08686",
            "VUID-vkCmdDrawMeshTasksEXT-None-08687",
            "VUID-vkCmdDrawMeshTasksEXT-None-08688",
            "VUID-vkCmdDrawMeshTasksEXT-None-08689",
            "VUID-vkCmdDrawMeshTasksEXT-None-08690",
        ],
        one_of: "VUID-vkCmdDrawMeshTasksEXT-None-08693",
        vertex_alone: "VUID-vkCmdDrawMeshTasksEXT-None-08696",
        no_mesh: None,
        push_constants: "VUID-vkCmdDrawMeshTasksEXT-None-08878",
        set_layouts: "VUID-vkCmdDrawMeshTasksEXT-None-08879",
        next_stage: "VUID-vkCmdDrawMeshTasksEXT-nextStage-10745",
        linked: "VUID-vkCmdDrawMeshTasksEXT-None-08698",
        between: "VUID-vkCmdDrawMeshTasksEXT-None-08699",
        render_pass_object: "VUID-vkCmdDrawMeshTasksEXT-None-08876",
    },
    DrawIds {
        command: "vkCmdDrawMeshTasksIndirectCountEXT",
        named: [
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08684",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08685",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08686",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08687",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08688",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08689",
            "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08690",
        ],
        one_of: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08693",
        vertex_alone: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08696",
        no_mesh: None,
        push_constants: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08878",
        set_layouts: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08879",
        next_stage: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-nextStage-10745",
        linked: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08698",
        between: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08699",
        render_pass_object: "VUID-vkCmdDrawMeshTasksIndirectCountEXT-None-08876",
    },
    DrawIds {
        command: "vkCmdDrawMeshTasksIndirectEXT",
        named: [
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08684",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08685",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08686",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08687",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08688",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08689",
            "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08690",
        ],
        one_of: "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08693",
        vertex_alone: "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08696",
        no_mesh: None,
        push_constants: "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08878",
        set_layouts: "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08879",
        next_stage: "VUID-vkCmdDrawMeshTasksIndirectEXT-nextStage-10745",
        linked: "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08698",
        between: "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08699",
        render_pass_object: "VUID-vkCmdDrawMeshTasksIndirectEXT-None-08876",
    },
    DrawIds {
        command: "vkCmdDrawMultiEXT",
        named: [
            "VUID-vkCmdDrawMultiEXT-None-08684",
            "VUID-vkCmdDrawMultiEXT-None-08685",
            "VUID-vkCmdDrawMultiEXT-None-08686",
            "VUID-vkCmdDrawMultiEXT-None-08687",
            "VUID-vkCmdDrawMultiEXT-None-08688",
            "VUID-vkCmdDrawMultiEXT-None-08689",
            "VUID-vkCmdDrawMultiEXT-None-08690",
        ],
        one_of: "VUID-vkCmdDrawMultiEXT-None-08693",
        vertex_alone: "VUID-vkCmdDrawMultiEXT-None-08696",
        no_mesh: Some("VUID-vkCmdDrawMultiEXT-None-08885"),
        push_constants: "VUID-vkCmdDrawMultiEXT-None-08878",
        set_layouts: "VUID-vkCmdDrawMultiEXT-None-08879",
        next_stage: "VUID-vkCmdDrawMultiEXT-nextStage-10745",
        linked: "VUID-vkCmdDrawMultiEXT-None-08698",
        between: "VUID-vkCmdDrawMultiEXT-None-08699",
        render_pass_object: "VUID-vkCmdDrawMultiEXT-None-08876",
    },
    DrawIds {
        command: "vkCmdDrawMultiIndexedEXT",
        named: [
            "VUID-vkCmdDrawMultiIndexedEXT-None-08684",
            "VUID-vkCmdDrawMultiIndexedEXT-None-08685",
            "VUID-vkCmdDrawMultiIndexedEXT-None-08686",
            "VUID-vkCmdDrawMultiIndexedEXT-None-08687",
            "VUID-vkCmdDrawMultiIndexedEXT-None-08688",
            "VUID-vkCmdDrawMultiIndexedEXT-None-08689",
            "VUID-vkCmdDrawMultiIndexedEXT-None-08690",
        ],
        one_of: "VUID-vkCmdDrawMultiIndexedEXT-None-08693",
        vertex_alone: "VUID-vkCmdDrawMultiIndexedEXT-None-08696",
        no_mesh: Some("VUID-vkCmdDrawMultiIndexedEXT-None-08885"),
        push_constants: "VUID-vkCmdDrawMultiIndexedEXT-None-08878",
        set_layouts: "VUID-vkCmdDrawMultiIndexedEXT-None-08879",
        next_stage: "VUID-vkCmdDrawMultiIndexedEXT-nextStage-10745",
        linked: "VUID-vkCmdDrawMultiIndexedEXT-None-08698",
        between: "VUID-vkCmdDrawMultiIndexedEXT-None-08699",
        render_pass_object: "VUID-vkCmdDrawMultiIndexedEXT-None-08876",
    },
];
const DISPATCH_IDS: [(&str, &str); 3] = [
    ("vkCmdDispatch", "VUID-vkCmdDispatch-None-10743"),
    ("vkCmdDispatchBase", "VUID-vkCmdDispatchBase-None-10743"),
    ("vkCmdDispatchIndirect", "VUID-vkCmdDispatchIndirect-None-10743"),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables are sorted by command and each id names its command and exists.
    #[test]
    fn ids_name_their_commands() {
        let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../registry/validusage.json"))
            .expect("validusage.json");
        assert!(DRAW_IDS.windows(2).all(|w| w[0].command < w[1].command));
        assert!(DISPATCH_IDS.windows(2).all(|w| w[0].0 < w[1].0));
        for d in &DRAW_IDS {
            let ids = d.named.iter().chain([
                &d.one_of,
                &d.vertex_alone,
                &d.push_constants,
                &d.set_layouts,
                &d.next_stage,
                &d.linked,
                &d.between,
            ]);
            for id in ids.chain(d.no_mesh.iter()) {
                assert!(id.starts_with(&format!("VUID-{}-", d.command)), "{id}");
                assert!(text.contains(&format!("\"{id}\"")), "{id}");
            }
        }
        for (command, id) in DISPATCH_IDS {
            assert!(id.starts_with(&format!("VUID-{command}-")) && text.contains(&format!("\"{id}\"")), "{id}");
        }
    }
}
