//! The "must have been set" rules of the dynamic states a draw needs: each rule's state, the
//! command that sets it, when it applies and what the device must have enabled for it, and what
//! is known at a draw of the values that decide whether a rule applies.

use vigil_generated::features::Feature;
use vigil_generated::*;

use crate::facts::DeviceFacts;
use crate::state::command_buffers::RenderPassInstance;
use crate::state::dynamic_state::{ext_bit, ext_mask, is_dynamic, DynamicValues, PipelineDynamic};

use VkDynamicState as D;
use VkShaderStageFlags as S;

/// When a dynamic state must have been set: the condition of its rule besides the pipeline
/// having it dynamic.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum When {
    Always,
    /// `rasterizerDiscardEnable` is VK_FALSE.
    Rasterizing,
    /// Rasterizing, and `depthBiasEnable` is VK_TRUE.
    DepthBias,
    /// Rasterizing, and `depthTestEnable` is VK_TRUE.
    DepthTest,
    /// Rasterizing, and `stencilTestEnable` is VK_TRUE.
    StencilTest,
    /// Rasterizing, and the rasterization input topology is a line topology.
    Lines,
    /// The state is not inherited (`VkCommandBufferInheritanceViewportScissorInfoNV`).
    NotInherited,
    /// Rasterizing, and an active color attachment blends with a blend constant.
    BlendConstants,
    /// The vertex input state is not dynamic (`VK_DYNAMIC_STATE_VERTEX_INPUT_EXT`).
    StaticVertexInput,
    /// A tessellation control stage, and the topology is `VK_PRIMITIVE_TOPOLOGY_PATCH_LIST`.
    PatchList,
    /// A tessellation evaluation stage.
    TessellationEvaluation,
    /// Rasterizing, and `logicOpEnable` is VK_TRUE.
    LogicOp,
    /// Rasterizing, and the dynamic rendering instance has color attachments (inside a render
    /// pass object's instance their count is not known at the draw: not reported).
    ColorAttachments,
    /// A geometry stage.
    Geometry,
    /// Rasterizing, and `conservativeRasterizationMode` is
    /// `VK_CONSERVATIVE_RASTERIZATION_MODE_OVERESTIMATE_EXT`.
    Overestimate,
    /// Rasterizing, and `sampleLocationsEnable` is VK_TRUE.
    SampleLocations,
    /// Rasterizing, and `coverageToColorEnable` is VK_TRUE.
    CoverageToColor,
    /// Rasterizing, and `coverageModulationMode` is not `VK_COVERAGE_MODULATION_MODE_NONE_NV`.
    CoverageModulation,
    /// Rasterizing, and `coverageModulationTableEnable` is VK_TRUE.
    CoverageModulationTable,
}

/// One "must have been set" rule: the state, its id's suffix, the command that sets it, when
/// it applies.
pub(super) struct Rule {
    pub(super) state: VkDynamicState,
    /// Its id's suffix, as the ids of [`DRAW_STATE_IDS`] end (checked by the tests).
    #[allow(dead_code)]
    pub(super) suffix: &'static str,
    pub(super) set: &'static str,
    pub(super) when: When,
    /// What the device must have enabled for the rule to apply.
    needs: Need,
}

/// A feature or extension a rule applies with.
#[derive(Clone, Copy)]
enum Need {
    Nothing,
    Feature(Feature),
    /// One of `stippledRectangularLines`, `stippledBresenhamLines`, `stippledSmoothLines`.
    StippledLines,
    Extension(&'static str),
}

impl Need {
    /// Whether device `d` has it.
    fn met(self, d: &DeviceFacts) -> bool {
        match self {
            Need::Nothing => true,
            Need::Feature(f) => d.features.contains(f),
            Need::StippledLines => {
                [Feature::STIPPLED_RECTANGULAR_LINES, Feature::STIPPLED_BRESENHAM_LINES, Feature::STIPPLED_SMOOTH_LINES]
                    .into_iter()
                    .any(|f| d.features.contains(f))
            }
            Need::Extension(e) => d.extension_names.contains(e),
        }
    }
}

/// Per rule of [`RULES`] (bit n for rule n), whether device `d` has what it needs: decided once
/// when the device is created, so a draw neither looks up names nor features.
pub(in crate::checks::core) fn rules_met(d: &DeviceFacts) -> u64 {
    RULES.iter().enumerate().filter(|(_, r)| r.needs.met(d)).fold(0, |m, (i, _)| m | 1 << i)
}

/// The states shader objects leave dynamic only where the device enabled what their rule needs
/// (a state whose extension is not enabled is not a state the draw needs): those for any
/// graphics stage, then those for a geometry stage ([`crate::state::shader_objects::draw_dynamic`]
/// adds them to the states it says a draw needs).
pub(in crate::checks::core) fn shader_object_states(met: u64) -> (u64, u64) {
    let any_stage = [
        D::VK_DYNAMIC_STATE_CONSERVATIVE_RASTERIZATION_MODE_EXT,
        D::VK_DYNAMIC_STATE_EXTRA_PRIMITIVE_OVERESTIMATION_SIZE_EXT,
        D::VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_ENABLE_EXT,
        D::VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_EXT,
        D::VK_DYNAMIC_STATE_VIEWPORT_W_SCALING_ENABLE_NV,
        D::VK_DYNAMIC_STATE_VIEWPORT_SWIZZLE_NV,
        D::VK_DYNAMIC_STATE_COVERAGE_TO_COLOR_ENABLE_NV,
        D::VK_DYNAMIC_STATE_COVERAGE_TO_COLOR_LOCATION_NV,
        D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_MODE_NV,
        D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_TABLE_ENABLE_NV,
        D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_TABLE_NV,
        D::VK_DYNAMIC_STATE_SHADING_RATE_IMAGE_ENABLE_NV,
        D::VK_DYNAMIC_STATE_REPRESENTATIVE_FRAGMENT_TEST_ENABLE_NV,
        D::VK_DYNAMIC_STATE_COVERAGE_REDUCTION_MODE_NV,
    ];
    let mask = |states: &[VkDynamicState]| {
        RULES
            .iter()
            .enumerate()
            .filter(|(i, r)| met & 1 << i != 0 && states.contains(&r.state))
            .fold(0, |m, (_, r)| m | ext_mask(r.state))
    };
    (mask(&any_stage), mask(&[D::VK_DYNAMIC_STATE_RASTERIZATION_STREAM_EXT]))
}

const fn rule(state: VkDynamicState, suffix: &'static str, set: &'static str, when: When) -> Rule {
    Rule { state, suffix, set, when, needs: Need::Nothing }
}

/// A rule that applies only where the device has `needs`.
const fn rule_if(state: VkDynamicState, suffix: &'static str, set: &'static str, when: When, needs: Need) -> Rule {
    Rule { state, suffix, set, when, needs }
}

/// The rules, in the order of [`super::DrawStateIds::dynamic`] (at most 64: [`rules_met`] is a
/// mask of them).
pub(super) const RULES: [Rule; 56] = [
    rule(D::VK_DYNAMIC_STATE_VIEWPORT, "None-07831", "vkCmdSetViewport", When::Always),
    rule(D::VK_DYNAMIC_STATE_SCISSOR, "None-07832", "vkCmdSetScissor", When::Always),
    rule(D::VK_DYNAMIC_STATE_LINE_WIDTH, "None-08617", "vkCmdSetLineWidth", When::Lines),
    rule(D::VK_DYNAMIC_STATE_DEPTH_BIAS, "None-07834", "vkCmdSetDepthBias or vkCmdSetDepthBias2EXT", When::DepthBias),
    rule(D::VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK, "None-07837", "vkCmdSetStencilCompareMask", When::StencilTest),
    rule(D::VK_DYNAMIC_STATE_STENCIL_WRITE_MASK, "None-07838", "vkCmdSetStencilWriteMask", When::StencilTest),
    rule(D::VK_DYNAMIC_STATE_STENCIL_REFERENCE, "None-07839", "vkCmdSetStencilReference", When::StencilTest),
    rule(D::VK_DYNAMIC_STATE_CULL_MODE, "None-07840", "vkCmdSetCullMode", When::Rasterizing),
    rule(D::VK_DYNAMIC_STATE_FRONT_FACE, "None-07841", "vkCmdSetFrontFace", When::Rasterizing),
    rule(D::VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY, "None-07842", "vkCmdSetPrimitiveTopology", When::Always),
    rule(D::VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE, "None-07843", "vkCmdSetDepthTestEnable", When::Rasterizing),
    rule(D::VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE, "None-07844", "vkCmdSetDepthWriteEnable", When::DepthTest),
    rule(D::VK_DYNAMIC_STATE_DEPTH_COMPARE_OP, "None-07845", "vkCmdSetDepthCompareOp", When::DepthTest),
    rule(D::VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE, "None-07847", "vkCmdSetStencilTestEnable", When::Rasterizing),
    rule(D::VK_DYNAMIC_STATE_STENCIL_OP, "None-07848", "vkCmdSetStencilOp", When::StencilTest),
    rule(
        D::VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT,
        "viewportCount-03417",
        "vkCmdSetViewportWithCount",
        When::NotInherited,
    ),
    rule(D::VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT, "scissorCount-03418", "vkCmdSetScissorWithCount", When::NotInherited),
    rule(D::VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE, "None-04876", "vkCmdSetRasterizerDiscardEnable", When::Always),
    rule(D::VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE, "None-04877", "vkCmdSetDepthBiasEnable", When::Rasterizing),
    rule(D::VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE, "None-04879", "vkCmdSetPrimitiveRestartEnable", When::Always),
    rule(D::VK_DYNAMIC_STATE_BLEND_CONSTANTS, "None-07835", "vkCmdSetBlendConstants", When::BlendConstants),
    rule(
        D::VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE,
        "pStrides-04913",
        "vkCmdBindVertexBuffers2 with pStrides (or vkCmdBindVertexBuffers3KHR)",
        When::StaticVertexInput,
    ),
    rule(D::VK_DYNAMIC_STATE_VERTEX_INPUT_EXT, "None-04914", "vkCmdSetVertexInputEXT", When::Always),
    rule(D::VK_DYNAMIC_STATE_PATCH_CONTROL_POINTS_EXT, "None-04875", "vkCmdSetPatchControlPointsEXT", When::PatchList),
    rule(D::VK_DYNAMIC_STATE_LOGIC_OP_EXT, "logicOp-04878", "vkCmdSetLogicOpEXT", When::LogicOp),
    rule_if(
        D::VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT,
        "None-07749",
        "vkCmdSetColorWriteEnableEXT",
        When::Rasterizing,
        Need::Feature(Feature::COLOR_WRITE_ENABLE),
    ),
    rule(
        D::VK_DYNAMIC_STATE_TESSELLATION_DOMAIN_ORIGIN_EXT,
        "None-07619",
        "vkCmdSetTessellationDomainOriginEXT",
        When::TessellationEvaluation,
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_DEPTH_CLAMP_ENABLE_EXT,
        "None-07620",
        "vkCmdSetDepthClampEnableEXT",
        When::Rasterizing,
        Need::Feature(Feature::DEPTH_CLAMP),
    ),
    rule(D::VK_DYNAMIC_STATE_POLYGON_MODE_EXT, "None-07621", "vkCmdSetPolygonModeEXT", When::Rasterizing),
    rule(
        D::VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT,
        "None-07622",
        "vkCmdSetRasterizationSamplesEXT",
        When::Rasterizing,
    ),
    rule(D::VK_DYNAMIC_STATE_SAMPLE_MASK_EXT, "None-07623", "vkCmdSetSampleMaskEXT", When::Rasterizing),
    rule(
        D::VK_DYNAMIC_STATE_ALPHA_TO_COVERAGE_ENABLE_EXT,
        "None-07624",
        "vkCmdSetAlphaToCoverageEnableEXT",
        When::Rasterizing,
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_ALPHA_TO_ONE_ENABLE_EXT,
        "None-07625",
        "vkCmdSetAlphaToOneEnableEXT",
        When::Rasterizing,
        Need::Feature(Feature::ALPHA_TO_ONE),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_LOGIC_OP_ENABLE_EXT,
        "None-07626",
        "vkCmdSetLogicOpEnableEXT",
        When::Rasterizing,
        Need::Feature(Feature::LOGIC_OP),
    ),
    rule(
        D::VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT,
        "None-07627",
        "vkCmdSetColorBlendEnableEXT",
        When::ColorAttachments,
    ),
    rule(D::VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT, "None-07629", "vkCmdSetColorWriteMaskEXT", When::ColorAttachments),
    rule_if(
        D::VK_DYNAMIC_STATE_DEPTH_CLIP_ENABLE_EXT,
        "None-07633",
        "vkCmdSetDepthClipEnableEXT",
        When::Always,
        Need::Feature(Feature::DEPTH_CLIP_ENABLE),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_PROVOKING_VERTEX_MODE_EXT,
        "None-07636",
        "vkCmdSetProvokingVertexModeEXT",
        When::Rasterizing,
        Need::Extension("VK_EXT_provoking_vertex"),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_LINE_RASTERIZATION_MODE_EXT,
        "None-08666",
        "vkCmdSetLineRasterizationModeEXT",
        When::Lines,
        Need::StippledLines,
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_LINE_STIPPLE_ENABLE_EXT,
        "None-08669",
        "vkCmdSetLineStippleEnableEXT",
        When::Lines,
        Need::StippledLines,
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_DEPTH_CLIP_NEGATIVE_ONE_TO_ONE_EXT,
        "None-07639",
        "vkCmdSetDepthClipNegativeOneToOneEXT",
        When::Always,
        Need::Feature(Feature::DEPTH_CLIP_CONTROL),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_RASTERIZATION_STREAM_EXT,
        "None-07630",
        "vkCmdSetRasterizationStreamEXT",
        When::Geometry,
        Need::Feature(Feature::GEOMETRY_STREAMS),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_CONSERVATIVE_RASTERIZATION_MODE_EXT,
        "None-07631",
        "vkCmdSetConservativeRasterizationModeEXT",
        When::Rasterizing,
        Need::Extension("VK_EXT_conservative_rasterization"),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_EXTRA_PRIMITIVE_OVERESTIMATION_SIZE_EXT,
        "None-07632",
        "vkCmdSetExtraPrimitiveOverestimationSizeEXT",
        When::Overestimate,
        Need::Extension("VK_EXT_conservative_rasterization"),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_ENABLE_EXT,
        "None-07634",
        "vkCmdSetSampleLocationsEnableEXT",
        When::Rasterizing,
        Need::Extension("VK_EXT_sample_locations"),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_EXT,
        "None-06666",
        "vkCmdSetSampleLocationsEXT",
        When::SampleLocations,
        Need::Extension("VK_EXT_sample_locations"),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_VIEWPORT_W_SCALING_ENABLE_NV,
        "None-07640",
        "vkCmdSetViewportWScalingEnableNV",
        When::Always,
        Need::Extension("VK_NV_clip_space_w_scaling"),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_VIEWPORT_SWIZZLE_NV,
        "None-07641",
        "vkCmdSetViewportSwizzleNV",
        When::Always,
        Need::Extension("VK_NV_viewport_swizzle"),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_COVERAGE_TO_COLOR_ENABLE_NV,
        "None-07642",
        "vkCmdSetCoverageToColorEnableNV",
        When::Rasterizing,
        Need::Extension("VK_NV_fragment_coverage_to_color"),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_COVERAGE_TO_COLOR_LOCATION_NV,
        "None-07643",
        "vkCmdSetCoverageToColorLocationNV",
        When::CoverageToColor,
        Need::Extension("VK_NV_fragment_coverage_to_color"),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_MODE_NV,
        "None-07644",
        "vkCmdSetCoverageModulationModeNV",
        When::Rasterizing,
        Need::Extension("VK_NV_framebuffer_mixed_samples"),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_TABLE_ENABLE_NV,
        "None-07645",
        "vkCmdSetCoverageModulationTableEnableNV",
        When::CoverageModulation,
        Need::Extension("VK_NV_framebuffer_mixed_samples"),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_TABLE_NV,
        "None-07646",
        "vkCmdSetCoverageModulationTableNV",
        When::CoverageModulationTable,
        Need::Extension("VK_NV_framebuffer_mixed_samples"),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_SHADING_RATE_IMAGE_ENABLE_NV,
        "None-07647",
        "vkCmdSetShadingRateImageEnableNV",
        When::Rasterizing,
        Need::Feature(Feature::SHADING_RATE_IMAGE),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_REPRESENTATIVE_FRAGMENT_TEST_ENABLE_NV,
        "None-07648",
        "vkCmdSetRepresentativeFragmentTestEnableNV",
        When::Rasterizing,
        Need::Feature(Feature::REPRESENTATIVE_FRAGMENT_TEST),
    ),
    rule_if(
        D::VK_DYNAMIC_STATE_COVERAGE_REDUCTION_MODE_NV,
        "None-07649",
        "vkCmdSetCoverageReductionModeNV",
        When::Rasterizing,
        Need::Feature(Feature::COVERAGE_REDUCTION_MODE),
    ),
];
const _: () = assert!(RULES.len() <= 64);

/// What is known at a draw of the values that decide which rules apply.
pub(super) struct Current {
    pub(super) rasterizing: bool,
    depth_bias: bool,
    pub(super) depth_test: bool,
    pub(super) stencil_test: bool,
    lines: bool,
    inherited: bool,
    /// A color attachment certainly active at the draw blends with a blend constant.
    blend_constants: bool,
    /// The pipeline has its vertex input state dynamic.
    vertex_input: bool,
    /// The topology is a patch list and a tessellation control stage reads it.
    patches: bool,
    tessellation_evaluation: bool,
    logic_op: bool,
    /// The dynamic rendering instance has color attachments.
    colors: bool,
    geometry: bool,
    /// `conservativeRasterizationMode` is `VK_CONSERVATIVE_RASTERIZATION_MODE_OVERESTIMATE_EXT`.
    overestimate: bool,
    sample_locations: bool,
    coverage_to_color: bool,
    /// `coverageModulationMode` is not `VK_COVERAGE_MODULATION_MODE_NONE_NV`.
    coverage_modulation: bool,
    coverage_modulation_table: bool,
    /// `discardRectangleEnable` is VK_TRUE.
    pub(super) discard_rectangles: bool,
}

impl Current {
    /// From the bound pipeline's static state `p` (its core dynamic states `core`) and what the
    /// recording set (`v`); `inherited`: viewport and scissor state may be inherited;
    /// `unused_attachments`: the pipeline's color attachments may be left without a view.
    pub(super) fn of(
        core: u32,
        p: &PipelineDynamic,
        v: &DynamicValues,
        (inherited, unused_attachments): (bool, bool),
        instance: Option<&RenderPassInstance>,
    ) -> Self {
        // The current value: the one set where the state is dynamic (if it was), else the static one.
        let current = |state: VkDynamicState, set: bool, fixed: Option<bool>| match ext_bit(state) {
            Some(bit) if is_dynamic(core, p.ext, state) => (v.set & 1 << bit != 0).then_some(set),
            _ => fixed,
        };
        let enum_value = |state: VkDynamicState, set: i32, fixed: Option<u8>| match ext_bit(state) {
            Some(bit) if is_dynamic(core, p.ext, state) => (v.set & 1 << bit != 0).then_some(set),
            _ => fixed.map(i32::from),
        };
        let rasterizing =
            current(D::VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE, v.rasterizer_discard, p.rasterizer_discard)
                == Some(false);
        let topology = match ext_bit(D::VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY) {
            Some(bit) if p.ext & 1 << bit != 0 => (v.set & 1 << bit != 0).then_some(v.topology),
            _ => p.topology,
        };
        use VkPrimitiveTopology as T;
        let line_topologies = [
            T::VK_PRIMITIVE_TOPOLOGY_LINE_LIST.0,
            T::VK_PRIMITIVE_TOPOLOGY_LINE_STRIP.0,
            T::VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY.0,
            T::VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY.0,
        ];
        Current {
            rasterizing,
            depth_bias: current(D::VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE, v.depth_bias, p.depth_bias) == Some(true),
            depth_test: current(D::VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE, v.depth_test, p.depth_test) == Some(true),
            stencil_test: current(D::VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE, v.stencil_test, p.stencil_test)
                == Some(true),
            lines: !p.reshapes && topology.is_some_and(|t| line_topologies.contains(&t)),
            inherited,
            blend_constants: p.blend_constants && !unused_attachments,
            vertex_input: is_dynamic(core, p.ext, D::VK_DYNAMIC_STATE_VERTEX_INPUT_EXT),
            patches: p.stages & S::VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT.0 != 0
                && topology == Some(T::VK_PRIMITIVE_TOPOLOGY_PATCH_LIST.0),
            tessellation_evaluation: p.stages & S::VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT.0 != 0,
            logic_op: current(D::VK_DYNAMIC_STATE_LOGIC_OP_ENABLE_EXT, v.logic_op_enable, p.logic_op_enable)
                == Some(true),
            colors: matches!(instance, Some(RenderPassInstance::Rendering { colors, .. }) if *colors != 0),
            geometry: p.stages & S::VK_SHADER_STAGE_GEOMETRY_BIT.0 != 0,
            overestimate: enum_value(
                D::VK_DYNAMIC_STATE_CONSERVATIVE_RASTERIZATION_MODE_EXT,
                v.conservative_mode,
                p.conservative_mode,
            ) == Some(
                VkConservativeRasterizationModeEXT::VK_CONSERVATIVE_RASTERIZATION_MODE_OVERESTIMATE_EXT.0,
            ),
            sample_locations: current(
                D::VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_ENABLE_EXT,
                v.sample_locations_enable,
                p.sample_locations_enable,
            ) == Some(true),
            coverage_to_color: current(
                D::VK_DYNAMIC_STATE_COVERAGE_TO_COLOR_ENABLE_NV,
                v.coverage_to_color,
                p.coverage_to_color,
            ) == Some(true),
            coverage_modulation: enum_value(
                D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_MODE_NV,
                v.modulation_mode,
                p.modulation_mode,
            )
            .is_some_and(|m| m != VkCoverageModulationModeNV::VK_COVERAGE_MODULATION_MODE_NONE_NV.0),
            coverage_modulation_table: current(
                D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_TABLE_ENABLE_NV,
                v.modulation_table,
                p.modulation_table,
            ) == Some(true),
            discard_rectangles: current(
                D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_ENABLE_EXT,
                v.discard_rectangle_enable,
                p.discard_rectangle_enable,
            ) == Some(true),
        }
    }

    /// Whether a rule applies, and what makes it apply (for messages).
    pub(super) fn applies(&self, when: When) -> Option<&'static str> {
        let r = self.rasterizing;
        match when {
            When::Always => Some(""),
            When::Rasterizing => r.then_some(", rasterizer discard is disabled"),
            When::DepthBias => (r && self.depth_bias).then_some(", rasterizer discard is disabled, depth bias enabled"),
            When::DepthTest => {
                (r && self.depth_test).then_some(", rasterizer discard is disabled, the depth test enabled")
            }
            When::StencilTest => {
                (r && self.stencil_test).then_some(", rasterizer discard is disabled, the stencil test enabled")
            }
            When::Lines => (r && self.lines).then_some(", rasterizer discard is disabled, the topology draws lines"),
            When::NotInherited => (!self.inherited).then_some(""),
            When::StaticVertexInput => (!self.vertex_input).then_some(""),
            When::BlendConstants => (r && self.blend_constants)
                .then_some(", rasterizer discard is disabled, a color attachment blends with a constant"),
            When::PatchList => self.patches.then_some(", a tessellation control stage, the topology a patch list"),
            When::TessellationEvaluation => self.tessellation_evaluation.then_some(", a tessellation evaluation stage"),
            When::LogicOp => (r && self.logic_op).then_some(", rasterizer discard is disabled, the logic op enabled"),
            When::ColorAttachments => (r && self.colors)
                .then_some(", rasterizer discard is disabled, the rendering instance has color attachments"),
            When::Geometry => self.geometry.then_some(", a geometry stage"),
            When::Overestimate => (r && self.overestimate)
                .then_some(", rasterizer discard is disabled, the conservative rasterization mode overestimates"),
            When::SampleLocations => {
                (r && self.sample_locations).then_some(", rasterizer discard is disabled, sample locations enabled")
            }
            When::CoverageToColor => {
                (r && self.coverage_to_color).then_some(", rasterizer discard is disabled, coverage to color enabled")
            }
            When::CoverageModulation => (r && self.coverage_modulation)
                .then_some(", rasterizer discard is disabled, a coverage modulation mode other than NONE"),
            When::CoverageModulationTable => (r && self.coverage_modulation_table)
                .then_some(", rasterizer discard is disabled, the coverage modulation table enabled"),
        }
    }
}
