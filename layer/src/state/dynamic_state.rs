//! Dynamic state beyond the 32 first `VkDynamicState` values (extended dynamic state 1 and 2,
//! core since Vulkan 1.3, extended dynamic state 3 with its NV states, vertex input, color write
//! enable, the discard rectangles and their enable, the sample locations), and the values of the states that decide whether other dynamic states
//! are needed at a draw, or whether it writes depth or stencil: what a graphics pipeline fixes
//! statically (recorded at its creation) and what a recording's vkCmdSet* commands set
//! (recorded after each, through the tracker's generic post-record hook for the commands of
//! [`SETTER_COMMANDS`]).

use vigil_generated::*;

use super::objects::TYPES;
use super::records::Recording;
use super::tracker::StateTracker;
use crate::chassis::hook_ids as h;
use crate::chassis::raw::{chained, read_ptr, read_uint, slice};
use crate::chassis::Call;

use super::values::Attachments;
pub use super::values::{AttachmentRange, DynamicValues, PipelineDynamic};
use VkDynamicState as D;

/// The bit of a `VkDynamicState` of extended dynamic state 1, 2 or 3, of
/// `VK_DYNAMIC_STATE_VERTEX_INPUT_EXT`, `VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT`, the discard
/// rectangles and their enable, or the sample locations, in the `ext` masks
/// ([`PipelineDynamic::ext`], [`DynamicValues::set`]); `None` for other values.
pub const fn ext_bit(state: VkDynamicState) -> Option<u32> {
    let eds1 = D::VK_DYNAMIC_STATE_CULL_MODE.0;
    let eds2 = D::VK_DYNAMIC_STATE_PATCH_CONTROL_POINTS_EXT.0;
    let eds3 = D::VK_DYNAMIC_STATE_TESSELLATION_DOMAIN_ORIGIN_EXT.0;
    let v = state.0;
    if v >= eds1 && v <= D::VK_DYNAMIC_STATE_STENCIL_OP.0 {
        Some((v - eds1) as u32)
    } else if v >= eds2 && v <= D::VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE.0 {
        Some(12 + (v - eds2) as u32)
    } else if v == D::VK_DYNAMIC_STATE_VERTEX_INPUT_EXT.0 {
        Some(17)
    } else if v >= eds3 && v <= D::VK_DYNAMIC_STATE_DEPTH_CLIP_NEGATIVE_ONE_TO_ONE_EXT.0 {
        Some(18 + (v - eds3) as u32)
    } else if v == D::VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT.0 {
        Some(39)
    } else if v >= D::VK_DYNAMIC_STATE_VIEWPORT_W_SCALING_ENABLE_NV.0
        && v <= D::VK_DYNAMIC_STATE_COVERAGE_REDUCTION_MODE_NV.0
    {
        Some(40 + (v - D::VK_DYNAMIC_STATE_VIEWPORT_W_SCALING_ENABLE_NV.0) as u32)
    } else if v == D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_EXT.0 {
        Some(50)
    } else if v == D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_ENABLE_EXT.0 {
        Some(51)
    } else if v == D::VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_EXT.0 {
        Some(52)
    } else {
        None
    }
}

/// How many [`ext_bit`]s there are.
pub const EXT_BITS: u32 = 53;
const _: () = assert!(EXT_BITS <= 64);

/// The `VkDynamicState` of an [`ext_bit`] (its inverse).
pub const fn ext_state(bit: u32) -> Option<VkDynamicState> {
    let v = match bit {
        0..=11 => D::VK_DYNAMIC_STATE_CULL_MODE.0 + bit as i32,
        12..=16 => D::VK_DYNAMIC_STATE_PATCH_CONTROL_POINTS_EXT.0 + (bit - 12) as i32,
        17 => D::VK_DYNAMIC_STATE_VERTEX_INPUT_EXT.0,
        18..=38 => D::VK_DYNAMIC_STATE_TESSELLATION_DOMAIN_ORIGIN_EXT.0 + (bit - 18) as i32,
        39 => D::VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT.0,
        40..=49 => D::VK_DYNAMIC_STATE_VIEWPORT_W_SCALING_ENABLE_NV.0 + (bit - 40) as i32,
        50 => D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_EXT.0,
        51 => D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_ENABLE_EXT.0,
        52 => D::VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_EXT.0,
        _ => return None,
    };
    Some(VkDynamicState(v))
}

/// The [`ext_bit`] mask of `state` (0 for other states).
pub const fn ext_mask(state: VkDynamicState) -> u64 {
    match ext_bit(state) {
        Some(b) => 1 << b,
        None => 0,
    }
}

/// Whether `state` is in a pipeline's dynamic states (`core`: the bits of values below 32).
pub fn is_dynamic(core: u32, ext: u64, state: VkDynamicState) -> bool {
    match ext_bit(state) {
        Some(b) => ext & 1 << b != 0,
        None => (0..32).contains(&state.0) && core & 1 << state.0 != 0,
    }
}

/// Whether a dynamic rendering pipeline's static color blend state `blend` enables blending of a
/// color attachment it renders to (`rendering`'s format not UNDEFINED) with a factor its blend
/// operation reads that is a blend constant. False where blending may be dynamic or replaced by
/// a logic operation.
///
/// # Safety
/// `rendering` and `blend` must be the application's, with their counted arrays.
unsafe fn blend_constants(
    states: &[VkDynamicState],
    rendering: Option<&VkPipelineRenderingCreateInfo>,
    blend: Option<&VkPipelineColorBlendStateCreateInfo>,
) -> bool {
    let dynamic = [
        D::VK_DYNAMIC_STATE_LOGIC_OP_ENABLE_EXT,
        D::VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT,
        D::VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT,
        D::VK_DYNAMIC_STATE_COLOR_BLEND_ADVANCED_EXT,
    ];
    let (Some(rendering), Some(blend)) = (rendering, blend) else { return false };
    if blend.logicOpEnable != VK_FALSE || states.iter().any(|s| dynamic.contains(s)) {
        return false;
    }
    // CONSTANT_COLOR, ONE_MINUS_CONSTANT_COLOR, CONSTANT_ALPHA, ONE_MINUS_CONSTANT_ALPHA.
    let constant = |f: VkBlendFactor| (10..=13).contains(&f.0);
    // ADD, SUBTRACT, REVERSE_SUBTRACT read their factors (MIN, MAX and advanced ones do not).
    let factors = |op: VkBlendOp| (0..=2).contains(&op.0);
    // SAFETY: the caller's arrays with their counts.
    let (formats, attachments) = unsafe {
        (
            slice(rendering.pColorAttachmentFormats, rendering.colorAttachmentCount),
            slice(blend.pAttachments, blend.attachmentCount),
        )
    };
    formats.iter().zip(attachments).any(|(&format, a)| {
        format != VkFormat::VK_FORMAT_UNDEFINED
            && a.blendEnable != VK_FALSE
            && ((factors(a.colorBlendOp) && (constant(a.srcColorBlendFactor) || constant(a.dstColorBlendFactor)))
                || (factors(a.alphaBlendOp) && (constant(a.srcAlphaBlendFactor) || constant(a.dstAlphaBlendFactor))))
    })
}

/// Whether a depth/stencil format has depth and stencil aspects.
pub(super) fn aspects(format: VkFormat) -> (bool, bool) {
    use VkFormat as F;
    match format {
        F::VK_FORMAT_D16_UNORM | F::VK_FORMAT_X8_D24_UNORM_PACK32 | F::VK_FORMAT_D32_SFLOAT => (true, false),
        F::VK_FORMAT_S8_UINT => (false, true),
        F::VK_FORMAT_D16_UNORM_S8_UINT | F::VK_FORMAT_D24_UNORM_S8_UINT | F::VK_FORMAT_D32_SFLOAT_S8_UINT => {
            (true, true)
        }
        _ => (false, false),
    }
}

impl PipelineDynamic {
    /// A complete graphics pipeline's, from its create info (`stages`: its shader stages).
    ///
    /// # Safety
    /// `info` must be a create info the application passed to a call that returned.
    pub unsafe fn graphics(info: &VkGraphicsPipelineCreateInfo, stages: u32) -> Self {
        // SAFETY: the create info's dynamic states with their count (-09025 … -09040: each state
        // pointer that is set is valid).
        let states = unsafe { info.pDynamicState.as_ref() }
            .map_or(&[][..], |d| unsafe { slice(d.pDynamicStates, d.dynamicStateCount) });
        let ext = states.iter().filter_map(|&s| ext_bit(s)).fold(0, |m, b| m | 1 << b);
        let dynamic = |s: VkDynamicState| states.contains(&s);
        let fixed = |s: VkDynamicState, v: Option<u32>| (!dynamic(s)).then_some(v).flatten().map(|v| v != VK_FALSE);
        // SAFETY: as above.
        let raster = unsafe { info.pRasterizationState.as_ref() };
        let depth_stencil = unsafe { info.pDepthStencilState.as_ref() };
        let assembly = unsafe { info.pInputAssemblyState.as_ref() };
        let reshaping = VkShaderStageFlags::VK_SHADER_STAGE_GEOMETRY_BIT.0
            | VkShaderStageFlags::VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT.0
            | VkShaderStageFlags::VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT.0
            | VkShaderStageFlags::VK_SHADER_STAGE_TASK_BIT_EXT.0
            | VkShaderStageFlags::VK_SHADER_STAGE_MESH_BIT_EXT.0;
        // SAFETY: the create info's chain.
        let rendering = unsafe {
            chained::<VkPipelineRenderingCreateInfo>(
                info.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
            )
        };
        let attachments = if info.renderPass.as_raw() != 0 {
            Attachments::RenderPass { render_pass: info.renderPass.as_raw(), subpass: info.subpass }
        } else {
            let (depth, stencil) = rendering
                .map_or((false, false), |r| (aspects(r.depthAttachmentFormat).0, aspects(r.stencilAttachmentFormat).1));
            Attachments::Known { depth, stencil }
        };
        // SAFETY: the rasterization state's chain.
        let line = raster.and_then(|r| unsafe {
            chained::<VkPipelineRasterizationLineStateCreateInfo>(
                r.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO,
            )
        });
        let faces = depth_stencil.map(|d| [d.front, d.back]);
        let keep = VkStencilOp::VK_STENCIL_OP_KEEP;
        let face_value = |state: VkDynamicState, f: &dyn Fn(&VkStencilOpState) -> u32| match faces {
            Some(faces) if !dynamic(state) => faces.map(|face| Some(f(&face))),
            _ => [None; 2],
        };
        let ops = face_value(D::VK_DYNAMIC_STATE_STENCIL_OP, &|f| {
            u32::from(f.failOp != keep || f.passOp != keep || f.depthFailOp != keep)
        });
        // The color blend state is read only where it is certainly not ignored: a dynamic
        // rendering pipeline with color attachments, rasterizing.
        let discards = fixed(D::VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE, raster.map(|r| r.rasterizerDiscardEnable));
        let blends = info.renderPass.as_raw() == 0
            && rendering.is_some_and(|r| r.colorAttachmentCount != 0)
            && discards != Some(true);
        // SAFETY: not ignored, so a valid pointer or NULL.
        let blend = if blends { unsafe { info.pColorBlendState.as_ref() } } else { None };
        // SAFETY: the rasterization state's and the create info's chains.
        let provoking = raster.map(|r| unsafe {
            chained::<VkPipelineRasterizationProvokingVertexStateCreateInfoEXT>(
                r.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT,
            )
            .map_or(0, |p| p.provokingVertexMode.0)
        });
        let discard_rectangle_count = unsafe {
            chained::<VkPipelineDiscardRectangleStateCreateInfoEXT>(
                info.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_DISCARD_RECTANGLE_STATE_CREATE_INFO_EXT,
            )
        }
        .map_or(0, |d| d.discardRectangleCount);
        let discard_rectangles = discard_rectangle_count != 0;
        let small = |v: u32| u8::try_from(v).unwrap_or(u8::MAX);
        // SAFETY: the rasterization state's chain.
        let conservative = raster.map(|r| unsafe {
            chained::<VkPipelineRasterizationConservativeStateCreateInfoEXT>(
                r.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_CONSERVATIVE_STATE_CREATE_INFO_EXT,
            )
            .map_or(0, |c| small(c.conservativeRasterizationMode.0 as u32))
        });
        // SAFETY: the multisample state, not ignored while rasterization is not statically
        // discarded, and its chain.
        let multisample = if discards == Some(true) { None } else { unsafe { info.pMultisampleState.as_ref() } };
        // SAFETY (the three): the multisample state's chain.
        let locations_enable = multisample.map(|m| unsafe {
            chained::<VkPipelineSampleLocationsStateCreateInfoEXT>(
                m.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_SAMPLE_LOCATIONS_STATE_CREATE_INFO_EXT,
            )
            .is_some_and(|l| l.sampleLocationsEnable != VK_FALSE)
        });
        let coverage_to_color = multisample.map(|m| unsafe {
            chained::<VkPipelineCoverageToColorStateCreateInfoNV>(
                m.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_COVERAGE_TO_COLOR_STATE_CREATE_INFO_NV,
            )
            .is_some_and(|c| c.coverageToColorEnable != VK_FALSE)
        });
        let modulation = multisample.map(|m| unsafe {
            chained::<VkPipelineCoverageModulationStateCreateInfoNV>(
                m.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_COVERAGE_MODULATION_STATE_CREATE_INFO_NV,
            )
            .map_or((0, false), |c| {
                (small(c.coverageModulationMode.0 as u32), c.coverageModulationTableEnable != VK_FALSE)
            })
        });
        let either = |a: VkDynamicState, b: VkDynamicState| dynamic(a) || dynamic(b);
        // SAFETY: the multisample state, not ignored while rasterization is not discarded, and
        // its chain.
        let sample_locations = (info.renderPass.as_raw() != 0
            && discards != Some(true)
            && !dynamic(D::VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_EXT))
        .then(|| unsafe {
            let m = info.pMultisampleState.as_ref()?;
            let s = chained::<VkPipelineSampleLocationsStateCreateInfoEXT>(
                m.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_SAMPLE_LOCATIONS_STATE_CREATE_INFO_EXT,
            )?;
            (s.sampleLocationsEnable != VK_FALSE).then(|| sample_locations_key(&s.sampleLocationsInfo))
        })
        .flatten();
        // SAFETY: the rasterization state's chain.
        let stream = raster.map(|r| unsafe {
            chained::<VkPipelineRasterizationStateStreamCreateInfoEXT>(
                r.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_STREAM_CREATE_INFO_EXT,
            )
            .map_or(0, |s| small(s.rasterizationStream))
        });
        let fixed_value = |s: VkDynamicState, v: Option<u8>| (!dynamic(s)).then_some(v).flatten();
        PipelineDynamic {
            // Its stages' reflection, added when they are read.
            primitive_shading_rate: false,
            conservative_mode: fixed_value(D::VK_DYNAMIC_STATE_CONSERVATIVE_RASTERIZATION_MODE_EXT, conservative),
            sample_locations_enable: (!dynamic(D::VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_ENABLE_EXT))
                .then_some(locations_enable)
                .flatten(),
            coverage_to_color: (!dynamic(D::VK_DYNAMIC_STATE_COVERAGE_TO_COLOR_ENABLE_NV))
                .then_some(coverage_to_color)
                .flatten(),
            modulation_mode: fixed_value(D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_MODE_NV, modulation.map(|m| m.0)),
            modulation_table: (!dynamic(D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_TABLE_ENABLE_NV))
                .then_some(modulation.map(|m| m.1))
                .flatten(),
            discard_rectangle_enable: (!dynamic(D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_ENABLE_EXT))
                .then_some(discard_rectangles),
            discard_rectangle_count: small(discard_rectangle_count),
            rasterization_stream: (!dynamic(D::VK_DYNAMIC_STATE_RASTERIZATION_STREAM_EXT)).then_some(stream).flatten(),
            provoking_vertex: (!dynamic(D::VK_DYNAMIC_STATE_PROVOKING_VERTEX_MODE_EXT)).then_some(provoking).flatten(),
            viewport_scissor_dynamic: either(D::VK_DYNAMIC_STATE_VIEWPORT, D::VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT)
                && either(D::VK_DYNAMIC_STATE_SCISSOR, D::VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT),
            static_discard_rectangles: (discard_rectangles
                || dynamic(D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_ENABLE_EXT))
                && !dynamic(D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_EXT),
            sample_locations,
            ext,
            depth_write: fixed(D::VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE, depth_stencil.map(|d| d.depthWriteEnable)),
            stencil_write_masks: face_value(D::VK_DYNAMIC_STATE_STENCIL_WRITE_MASK, &|f| f.writeMask),
            stencil_ops_write: ops.map(|o| o.map(|o| o != 0)),
            rasterizer_discard: discards,
            depth_bias: fixed(D::VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE, raster.map(|r| r.depthBiasEnable)),
            depth_test: fixed(D::VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE, depth_stencil.map(|d| d.depthTestEnable)),
            stencil_test: fixed(D::VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE, depth_stencil.map(|d| d.stencilTestEnable)),
            assembly_topology: assembly.map(|a| a.topology.0),
            topology: (!dynamic(D::VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY))
                .then(|| assembly.map(|a| a.topology.0))
                .flatten(),
            reshapes: stages & reshaping != 0,
            stages,
            logic_op_enable: fixed(D::VK_DYNAMIC_STATE_LOGIC_OP_ENABLE_EXT, blend.map(|b| b.logicOpEnable)),
            line_mode: (!dynamic(D::VK_DYNAMIC_STATE_LINE_RASTERIZATION_MODE_EXT) && raster.is_some())
                .then(|| line.map_or(0, |l| l.lineRasterizationMode.0)),
            line_stipple: fixed(
                D::VK_DYNAMIC_STATE_LINE_STIPPLE_ENABLE_EXT,
                raster.map(|_| line.map_or(VK_FALSE, |l| l.stippledLineEnable)),
            ),
            // SAFETY: not ignored while rasterization is not statically discarded.
            samples: (!dynamic(D::VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT) && discards != Some(true))
                .then(|| unsafe { info.pMultisampleState.as_ref() }.map(|m| m.rasterizationSamples.0))
                .flatten(),
            // SAFETY: read only where not ignored, with its counted attachments.
            blend_enabled: (!dynamic(D::VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT))
                .then(|| blend.map(|b| unsafe { slice(b.pAttachments, b.attachmentCount) }))
                .flatten()
                .map(|attachments| {
                    attachments
                        .iter()
                        .take(32)
                        .enumerate()
                        .filter(|(_, a)| a.blendEnable != VK_FALSE)
                        .fold(0, |m, (i, _)| m | 1 << i)
                }),
            // SAFETY: the create info's states, as above.
            blend_constants: info.renderPass.as_raw() == 0
                && unsafe { blend_constants(states, rendering, info.pColorBlendState.as_ref()) },
            attachments,
        }
    }

    /// Whether its depth/stencil state applies to a depth aspect and a stencil aspect (false
    /// where not known).
    pub fn depth_stencil_aspects(&self) -> (bool, bool) {
        match self.attachments {
            Attachments::Known { depth, stencil } => (depth, stencil),
            _ => (false, false),
        }
    }

    /// Keeps the static depth and stencil test values only where the pipeline has the
    /// attachment they apply to (else its depth/stencil state is ignored, and may be anything).
    fn resolve(&mut self, attachments: impl FnOnce(u64, u32) -> Option<(bool, bool)>) {
        if let Attachments::RenderPass { render_pass, subpass } = self.attachments {
            self.attachments = match attachments(render_pass, subpass) {
                Some((depth, stencil)) => Attachments::Known { depth, stencil },
                None => Attachments::Unknown,
            };
        }
        let (depth, stencil) = match self.attachments {
            Attachments::Known { depth, stencil } => (depth, stencil),
            _ => (false, false),
        };
        if !depth {
            self.depth_test = None;
        }
        if !stencil {
            self.stencil_test = None;
        }
    }
}

/// A command's index, from its post-record hook.
macro_rules! command {
    ($hook:ident) => {
        match h::$hook.command {
            Some(c) => c,
            None => panic!("a command's hook"),
        }
    };
}

/// The commands whose generic post-record hook records what they set: `(command, state, what
/// else to read)`. Those that name objects (vkCmdBindVertexBuffers2/3KHR) are also recorded as
/// referring to them, as the hook does for every such command.
const ALL_SETTERS: [(u16, VkDynamicState, Value); 62] = [
    (command!(post_call_record_cmd_set_line_width), D::VK_DYNAMIC_STATE_LINE_WIDTH, Value::None),
    (command!(post_call_record_cmd_set_depth_bias), D::VK_DYNAMIC_STATE_DEPTH_BIAS, Value::None),
    (command!(post_call_record_cmd_set_depth_bias2_ext), D::VK_DYNAMIC_STATE_DEPTH_BIAS, Value::None),
    (command!(post_call_record_cmd_set_blend_constants), D::VK_DYNAMIC_STATE_BLEND_CONSTANTS, Value::None),
    (command!(post_call_record_cmd_set_depth_bounds), D::VK_DYNAMIC_STATE_DEPTH_BOUNDS, Value::None),
    (command!(post_call_record_cmd_set_stencil_compare_mask), D::VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK, Value::None),
    (command!(post_call_record_cmd_set_stencil_write_mask), D::VK_DYNAMIC_STATE_STENCIL_WRITE_MASK, Value::FaceMask),
    (command!(post_call_record_cmd_set_stencil_reference), D::VK_DYNAMIC_STATE_STENCIL_REFERENCE, Value::None),
    (command!(post_call_record_cmd_set_cull_mode), D::VK_DYNAMIC_STATE_CULL_MODE, Value::None),
    (command!(post_call_record_cmd_set_front_face), D::VK_DYNAMIC_STATE_FRONT_FACE, Value::None),
    (command!(post_call_record_cmd_set_primitive_topology), D::VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY, Value::Param1),
    (command!(post_call_record_cmd_set_viewport_with_count), D::VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT, Value::Param1),
    (command!(post_call_record_cmd_set_scissor_with_count), D::VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT, Value::Param1),
    (command!(post_call_record_cmd_set_depth_test_enable), D::VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE, Value::Param1),
    (command!(post_call_record_cmd_set_depth_write_enable), D::VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE, Value::Param1),
    (command!(post_call_record_cmd_set_depth_compare_op), D::VK_DYNAMIC_STATE_DEPTH_COMPARE_OP, Value::None),
    (
        command!(post_call_record_cmd_set_depth_bounds_test_enable),
        D::VK_DYNAMIC_STATE_DEPTH_BOUNDS_TEST_ENABLE,
        Value::None,
    ),
    (command!(post_call_record_cmd_set_stencil_test_enable), D::VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE, Value::Param1),
    (command!(post_call_record_cmd_set_stencil_op), D::VK_DYNAMIC_STATE_STENCIL_OP, Value::FaceOps),
    (
        command!(post_call_record_cmd_set_rasterizer_discard_enable),
        D::VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE,
        Value::Param1,
    ),
    (command!(post_call_record_cmd_set_depth_bias_enable), D::VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE, Value::Param1),
    (
        command!(post_call_record_cmd_set_primitive_restart_enable),
        D::VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE,
        Value::Param1,
    ),
    (
        command!(post_call_record_cmd_bind_vertex_buffers2),
        D::VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE,
        Value::Strides,
    ),
    // Taken as setting the strides whether or not its bindings' `setStride` do: never a false
    // report.
    (
        command!(post_call_record_cmd_bind_vertex_buffers3_khr),
        D::VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE,
        Value::None,
    ),
    (command!(post_call_record_cmd_set_vertex_input_ext), D::VK_DYNAMIC_STATE_VERTEX_INPUT_EXT, Value::None),
    (
        command!(post_call_record_cmd_set_patch_control_points_ext),
        D::VK_DYNAMIC_STATE_PATCH_CONTROL_POINTS_EXT,
        Value::None,
    ),
    (command!(post_call_record_cmd_set_logic_op_ext), D::VK_DYNAMIC_STATE_LOGIC_OP_EXT, Value::None),
    (
        command!(post_call_record_cmd_set_color_write_enable_ext),
        D::VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT,
        Value::Param1,
    ),
    (
        command!(post_call_record_cmd_set_tessellation_domain_origin_ext),
        D::VK_DYNAMIC_STATE_TESSELLATION_DOMAIN_ORIGIN_EXT,
        Value::None,
    ),
    (
        command!(post_call_record_cmd_set_depth_clamp_enable_ext),
        D::VK_DYNAMIC_STATE_DEPTH_CLAMP_ENABLE_EXT,
        Value::None,
    ),
    (command!(post_call_record_cmd_set_polygon_mode_ext), D::VK_DYNAMIC_STATE_POLYGON_MODE_EXT, Value::None),
    (
        command!(post_call_record_cmd_set_rasterization_samples_ext),
        D::VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT,
        Value::Param1,
    ),
    (command!(post_call_record_cmd_set_sample_mask_ext), D::VK_DYNAMIC_STATE_SAMPLE_MASK_EXT, Value::Param1),
    (
        command!(post_call_record_cmd_set_alpha_to_coverage_enable_ext),
        D::VK_DYNAMIC_STATE_ALPHA_TO_COVERAGE_ENABLE_EXT,
        Value::None,
    ),
    (
        command!(post_call_record_cmd_set_alpha_to_one_enable_ext),
        D::VK_DYNAMIC_STATE_ALPHA_TO_ONE_ENABLE_EXT,
        Value::None,
    ),
    (command!(post_call_record_cmd_set_logic_op_enable_ext), D::VK_DYNAMIC_STATE_LOGIC_OP_ENABLE_EXT, Value::Param1),
    (
        command!(post_call_record_cmd_set_color_blend_enable_ext),
        D::VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT,
        Value::Range,
    ),
    (
        command!(post_call_record_cmd_set_color_blend_equation_ext),
        D::VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT,
        Value::Range,
    ),
    (command!(post_call_record_cmd_set_color_write_mask_ext), D::VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT, Value::Range),
    (
        command!(post_call_record_cmd_set_rasterization_stream_ext),
        D::VK_DYNAMIC_STATE_RASTERIZATION_STREAM_EXT,
        Value::None,
    ),
    (
        command!(post_call_record_cmd_set_conservative_rasterization_mode_ext),
        D::VK_DYNAMIC_STATE_CONSERVATIVE_RASTERIZATION_MODE_EXT,
        Value::Param1,
    ),
    (
        command!(post_call_record_cmd_set_extra_primitive_overestimation_size_ext),
        D::VK_DYNAMIC_STATE_EXTRA_PRIMITIVE_OVERESTIMATION_SIZE_EXT,
        Value::None,
    ),
    (command!(post_call_record_cmd_set_depth_clip_enable_ext), D::VK_DYNAMIC_STATE_DEPTH_CLIP_ENABLE_EXT, Value::None),
    (
        command!(post_call_record_cmd_set_sample_locations_enable_ext),
        D::VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_ENABLE_EXT,
        Value::Param1,
    ),
    (
        command!(post_call_record_cmd_set_color_blend_advanced_ext),
        D::VK_DYNAMIC_STATE_COLOR_BLEND_ADVANCED_EXT,
        Value::Range,
    ),
    (
        command!(post_call_record_cmd_set_provoking_vertex_mode_ext),
        D::VK_DYNAMIC_STATE_PROVOKING_VERTEX_MODE_EXT,
        Value::None,
    ),
    (
        command!(post_call_record_cmd_set_line_rasterization_mode_ext),
        D::VK_DYNAMIC_STATE_LINE_RASTERIZATION_MODE_EXT,
        Value::Param1,
    ),
    (
        command!(post_call_record_cmd_set_line_stipple_enable_ext),
        D::VK_DYNAMIC_STATE_LINE_STIPPLE_ENABLE_EXT,
        Value::Param1,
    ),
    (
        command!(post_call_record_cmd_set_depth_clip_negative_one_to_one_ext),
        D::VK_DYNAMIC_STATE_DEPTH_CLIP_NEGATIVE_ONE_TO_ONE_EXT,
        Value::None,
    ),
    (
        command!(post_call_record_cmd_set_viewport_w_scaling_enable_nv),
        D::VK_DYNAMIC_STATE_VIEWPORT_W_SCALING_ENABLE_NV,
        Value::None,
    ),
    (command!(post_call_record_cmd_set_viewport_swizzle_nv), D::VK_DYNAMIC_STATE_VIEWPORT_SWIZZLE_NV, Value::None),
    (
        command!(post_call_record_cmd_set_coverage_to_color_enable_nv),
        D::VK_DYNAMIC_STATE_COVERAGE_TO_COLOR_ENABLE_NV,
        Value::Param1,
    ),
    (
        command!(post_call_record_cmd_set_coverage_to_color_location_nv),
        D::VK_DYNAMIC_STATE_COVERAGE_TO_COLOR_LOCATION_NV,
        Value::None,
    ),
    (
        command!(post_call_record_cmd_set_coverage_modulation_mode_nv),
        D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_MODE_NV,
        Value::Param1,
    ),
    (
        command!(post_call_record_cmd_set_coverage_modulation_table_enable_nv),
        D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_TABLE_ENABLE_NV,
        Value::Param1,
    ),
    (
        command!(post_call_record_cmd_set_coverage_modulation_table_nv),
        D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_TABLE_NV,
        Value::None,
    ),
    (
        command!(post_call_record_cmd_set_shading_rate_image_enable_nv),
        D::VK_DYNAMIC_STATE_SHADING_RATE_IMAGE_ENABLE_NV,
        Value::None,
    ),
    (
        command!(post_call_record_cmd_set_representative_fragment_test_enable_nv),
        D::VK_DYNAMIC_STATE_REPRESENTATIVE_FRAGMENT_TEST_ENABLE_NV,
        Value::None,
    ),
    (
        command!(post_call_record_cmd_set_coverage_reduction_mode_nv),
        D::VK_DYNAMIC_STATE_COVERAGE_REDUCTION_MODE_NV,
        Value::None,
    ),
    (command!(post_call_record_cmd_set_discard_rectangle_ext), D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_EXT, Value::Range),
    (
        command!(post_call_record_cmd_set_discard_rectangle_enable_ext),
        D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_ENABLE_EXT,
        Value::Param1,
    ),
    (command!(post_call_record_cmd_set_sample_locations_ext), D::VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_EXT, Value::None),
];

/// What a setter command's parameters say beyond which state it sets.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Value {
    None,
    /// Parameter 1 is the value or count to keep (a uint32_t, VkBool32 or enum).
    Param1,
    /// vkCmdBindVertexBuffers2: the strides are set only when `pStrides` (parameter 6) is not
    /// NULL.
    Strides,
    /// vkCmdSetStencilWriteMask: the faces (parameter 1) and their write mask (2).
    FaceMask,
    /// vkCmdSetStencilOp: the faces (parameter 1) and whether their fail, pass and depth fail
    /// ops (2 to 4) write.
    FaceOps,
    /// The first attachment (parameter 1) and how many (2) a per-attachment setter sets
    /// ([`AttachmentRange`]).
    Range,
}

/// [`SETTER_COMMANDS`], a bit per command (bit n of word n / 64): asked after every recorded
/// command, which a search of the list would cost more than the rest of the question.
const SETTER_BITS: [u64; vigil_generated::commands::COMMANDS.len().div_ceil(64)] = {
    let mut bits = [0; vigil_generated::commands::COMMANDS.len().div_ceil(64)];
    let mut i = 0;
    while i < ALL_SETTERS.len() {
        let c = ALL_SETTERS[i].0 as usize;
        bits[c / 64] |= 1 << (c % 64);
        i += 1;
    }
    bits
};

/// The commands the tracker's generic post-record hook records dynamic state for.
pub const SETTER_COMMANDS: [u16; ALL_SETTERS.len()] = {
    let mut commands = [0; ALL_SETTERS.len()];
    let mut i = 0;
    while i < ALL_SETTERS.len() {
        commands[i] = ALL_SETTERS[i].0;
        i += 1;
    }
    commands
};

impl DynamicValues {
    /// Records that `state` was set, to `value` where it keeps one (for a stencil face state,
    /// `faces`' value; `was_set`: the state was set already, so the faces not named keep theirs).
    fn record_faces(&mut self, state: VkDynamicState, value: u32, faces: u32, was_set: bool) {
        let named = [VkStencilFaceFlags::VK_STENCIL_FACE_FRONT_BIT.0, VkStencilFaceFlags::VK_STENCIL_FACE_BACK_BIT.0]
            .map(|f| faces & f != 0);
        match state {
            D::VK_DYNAMIC_STATE_STENCIL_WRITE_MASK => {
                if !was_set {
                    self.stencil_write_masks = [None; 2];
                }
                for (mask, _) in self.stencil_write_masks.iter_mut().zip(named).filter(|(_, n)| *n) {
                    *mask = Some(value);
                }
            }
            D::VK_DYNAMIC_STATE_STENCIL_OP => {
                if !was_set {
                    self.stencil_ops_write = [None; 2];
                }
                for (ops, _) in self.stencil_ops_write.iter_mut().zip(named).filter(|(_, n)| *n) {
                    *ops = Some(value != 0);
                }
            }
            _ => {}
        }
    }

    /// Records that `state` was set, to `value` where it keeps one.
    fn record(&mut self, state: VkDynamicState, value: u32) {
        let Some(bit) = ext_bit(state) else { return };
        self.set |= 1 << bit;
        match state {
            D::VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE => self.depth_write = value != VK_FALSE,
            D::VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE => self.rasterizer_discard = value != VK_FALSE,
            D::VK_DYNAMIC_STATE_DEPTH_BIAS_ENABLE => self.depth_bias = value != VK_FALSE,
            D::VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE => self.depth_test = value != VK_FALSE,
            D::VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE => self.stencil_test = value != VK_FALSE,
            D::VK_DYNAMIC_STATE_PRIMITIVE_TOPOLOGY => self.topology = value as i32,
            D::VK_DYNAMIC_STATE_VIEWPORT_WITH_COUNT => self.viewports = value,
            D::VK_DYNAMIC_STATE_SCISSOR_WITH_COUNT => self.scissors = value,
            D::VK_DYNAMIC_STATE_LOGIC_OP_ENABLE_EXT => self.logic_op_enable = value != VK_FALSE,
            D::VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE => self.primitive_restart = value != VK_FALSE,
            D::VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT => self.blend_enables = AttachmentRange(value),
            D::VK_DYNAMIC_STATE_RASTERIZATION_SAMPLES_EXT => self.rasterization_samples = value,
            D::VK_DYNAMIC_STATE_SAMPLE_MASK_EXT => self.sample_mask_samples = value,
            D::VK_DYNAMIC_STATE_COLOR_WRITE_ENABLE_EXT => self.color_writes = value,
            D::VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT => self.write_masks = AttachmentRange(value),
            D::VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT => self.blend_equations = AttachmentRange(value),
            D::VK_DYNAMIC_STATE_LINE_RASTERIZATION_MODE_EXT => self.line_mode = value as i32,
            D::VK_DYNAMIC_STATE_LINE_STIPPLE_ENABLE_EXT => self.line_stipple = value != VK_FALSE,
            D::VK_DYNAMIC_STATE_COLOR_BLEND_ADVANCED_EXT => self.blend_advanced = AttachmentRange(value),
            D::VK_DYNAMIC_STATE_CONSERVATIVE_RASTERIZATION_MODE_EXT => self.conservative_mode = value as i32,
            D::VK_DYNAMIC_STATE_SAMPLE_LOCATIONS_ENABLE_EXT => self.sample_locations_enable = value != VK_FALSE,
            D::VK_DYNAMIC_STATE_COVERAGE_TO_COLOR_ENABLE_NV => self.coverage_to_color = value != VK_FALSE,
            D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_MODE_NV => self.modulation_mode = value as i32,
            D::VK_DYNAMIC_STATE_COVERAGE_MODULATION_TABLE_ENABLE_NV => self.modulation_table = value != VK_FALSE,
            D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_ENABLE_EXT => self.discard_rectangle_enable = value != VK_FALSE,
            _ => {}
        }
    }
}

impl StateTracker {
    /// After one of [`SETTER_COMMANDS`]: records the state it set in its recording. False for
    /// other commands.
    #[inline(always)]
    pub(super) fn dynamic_state_command(&self, cx: &Call<'_>) -> bool {
        // Asked after every recorded command: the bit inline, the rest out of line.
        if SETTER_BITS.get(cx.command / 64).is_none_or(|w| w >> (cx.command % 64) & 1 == 0) {
            return false;
        }
        self.setter_recorded(cx)
    }

    /// [`Self::dynamic_state_command`] for one of [`SETTER_COMMANDS`].
    #[inline(never)]
    fn setter_recorded(&self, cx: &Call<'_>) -> bool {
        let Some(&(_, state, how)) = ALL_SETTERS.iter().find(|s| usize::from(s.0) == cx.command) else {
            return false;
        };
        // SAFETY: the parameters as `Value` describes them for each command.
        let param = |i: usize| unsafe { read_uint(cx.params[i], 4) as u32 };
        let faces = match how {
            Value::FaceMask | Value::FaceOps => param(1),
            _ => 0,
        };
        let keep = VkStencilOp::VK_STENCIL_OP_KEEP.0 as u32;
        let value = match how {
            Value::None => 0,
            Value::Param1 => param(1),
            Value::Range => AttachmentRange::new(param(1), param(2)).0,
            Value::FaceMask => param(2),
            Value::FaceOps => u32::from((2..=4).any(|i| param(i) != keep)),
            Value::Strides if unsafe { read_ptr(cx.params[6]) }.is_null() => {
                self.refer(cx);
                return true;
            }
            Value::Strides => 1,
        };
        // vkCmdSetColorBlendEnableEXT: the attachments it names, and those it enables.
        // SAFETY: its parameters 1 to 3 are firstAttachment, attachmentCount and the
        // application's array of that many VkBool32.
        let enables = (state == D::VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT)
            .then(|| unsafe { blend_enables(param(1), param(2), read_ptr(cx.params[3]).cast::<VkBool32>()) });
        // vkCmdBindVertexBuffers3KHR is taken as setting the strides (never a false report of
        // strides not set), but it may not: it is not taken as setting them after a bind.
        let assumed = cx.command == usize::from(command!(post_call_record_cmd_bind_vertex_buffers3_khr));
        self.refer_then(cx, |r| {
            let was_set = match ext_bit(state) {
                Some(bit) => r.draw.values.set & 1 << bit != 0,
                None => r.draw.dynamic_set & 1 << state.0 != 0,
            };
            match ext_bit(state) {
                Some(bit) => {
                    r.draw.values.record(state, value);
                    if !assumed {
                        r.draw.ext_set_since_bind |= 1 << bit;
                    }
                }
                None => {
                    r.draw.dynamic_set |= 1 << state.0;
                    r.draw.set_since_bind |= 1 << state.0;
                }
            }
            r.draw.values.record_faces(state, value, faces, was_set);
            if state == D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_EXT {
                // Each call sets its range of rectangles; those set before the state was last
                // invalidated are not current.
                let kept = if was_set { r.draw.values.discard_rectangles } else { 0 };
                r.draw.values.discard_rectangles = kept | AttachmentRange(value).mask();
            }
            if let Some((named, enabled)) = enables {
                // Values from before the state was last invalidated are not current.
                let kept = if was_set { r.draw.values.blend_enabled & !named } else { 0 };
                r.draw.values.blend_enabled = kept | enabled;
            }
        });
        true
    }

    /// A graphics pipeline's [`PipelineDynamic`], its depth/stencil attachments resolved
    /// through its render pass.
    pub(super) fn pipeline_dynamic(&self, mut d: PipelineDynamic) -> PipelineDynamic {
        d.resolve(|render_pass, subpass| {
            let r = self.get(TYPES.render_pass, render_pass)?;
            let subpasses = r.render_pass()?.clears.subpasses()?;
            let format = (*subpasses.depth.get(subpass as usize)?).unwrap_or(VkFormat::VK_FORMAT_UNDEFINED);
            Some(aspects(format))
        });
        d
    }
}

/// The color attachments below 32 that vkCmdSetColorBlendEnableEXT names (`count` from `first`)
/// and those of them it enables, as masks.
///
/// # Safety
/// `values` must be NULL or the application's array of `count` VkBool32.
unsafe fn blend_enables(first: u32, count: u32, values: *const VkBool32) -> (u32, u32) {
    // SAFETY: as the caller promises.
    let values = unsafe { slice(values, count) };
    let (mut named, mut enabled) = (0u32, 0u32);
    for (i, &v) in values.iter().enumerate() {
        let Some(bit) = first.checked_add(i as u32).and_then(|a| 1u32.checked_shl(a)) else { break };
        named |= bit;
        if v != VK_FALSE {
            enabled |= bit;
        }
    }
    (named, enabled)
}

/// After binding a graphics pipeline with extended dynamic states `ext` (`None`: not known):
/// what it has static is no longer set.
pub fn pipeline_bound(r: &mut Recording, ext: Option<u64>) {
    if let Some(ext) = ext {
        r.draw.values.set &= ext;
    }
}

/// A fingerprint of what a `VkSampleLocationsInfoEXT` describes: its samples per pixel, grid
/// size and locations (the rule comparing a pipeline's with a render pass instance's asks for
/// equality, which the fingerprints tell apart but for a 64-bit collision).
///
/// # Safety
/// `info`'s `pSampleLocations` must hold `sampleLocationsCount` locations.
pub unsafe fn sample_locations_key(info: &VkSampleLocationsInfoEXT) -> u64 {
    let mix = |h: u64, v: u64| (h.rotate_left(23) ^ v).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut h = mix(0, info.sampleLocationsPerPixel.0 as u64);
    h = mix(h, u64::from(info.sampleLocationGridSize.width) << 32 | u64::from(info.sampleLocationGridSize.height));
    // SAFETY: per the function's contract.
    for l in unsafe { slice(info.pSampleLocations, info.sampleLocationsCount) } {
        h = mix(h, u64::from(l.x.to_bits()) << 32 | u64::from(l.y.to_bits()));
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setter_bits_are_the_setter_commands() {
        for c in 0..vigil_generated::commands::COMMANDS.len() {
            let bit = SETTER_BITS[c / 64] >> (c % 64) & 1 == 1;
            assert_eq!(bit, SETTER_COMMANDS.contains(&(c as u16)), "{}", vigil_generated::commands::COMMANDS[c].name);
        }
    }

    #[test]
    fn ext_bits_are_distinct_and_setters_name_their_commands() {
        let states = [
            D::VK_DYNAMIC_STATE_CULL_MODE,
            D::VK_DYNAMIC_STATE_STENCIL_OP,
            D::VK_DYNAMIC_STATE_PATCH_CONTROL_POINTS_EXT,
            D::VK_DYNAMIC_STATE_PRIMITIVE_RESTART_ENABLE,
        ];
        assert_eq!(states.map(ext_bit), [Some(0), Some(11), Some(12), Some(16)]);
        assert_eq!(ext_bit(D::VK_DYNAMIC_STATE_LINE_WIDTH), None);
        assert_eq!(ext_bit(D::VK_DYNAMIC_STATE_VERTEX_INPUT_EXT), Some(17));
        for bit in 0..64 {
            assert_eq!(ext_state(bit).and_then(ext_bit), (bit < EXT_BITS).then_some(bit), "bit {bit}");
        }
        assert_eq!(ext_bit(D::VK_DYNAMIC_STATE_TESSELLATION_DOMAIN_ORIGIN_EXT), Some(18));
        assert_eq!(ext_bit(D::VK_DYNAMIC_STATE_DEPTH_CLIP_NEGATIVE_ONE_TO_ONE_EXT), Some(38));
        assert_eq!(ext_bit(D::VK_DYNAMIC_STATE_VIEWPORT_W_SCALING_ENABLE_NV), Some(40));
        assert_eq!(ext_bit(D::VK_DYNAMIC_STATE_COVERAGE_REDUCTION_MODE_NV), Some(49));
        assert_eq!(ext_bit(D::VK_DYNAMIC_STATE_DISCARD_RECTANGLE_MODE_EXT), None);
        for (c, state, _) in ALL_SETTERS {
            let name = COMMANDS[usize::from(c)].name;
            if name.starts_with("vkCmdBindVertexBuffers") {
                assert_eq!(state, D::VK_DYNAMIC_STATE_VERTEX_INPUT_BINDING_STRIDE);
                continue;
            }
            // vkCmdSetFoo sets VK_DYNAMIC_STATE_FOO (vkCmdSetDepthBias2EXT: DEPTH_BIAS).
            let words: String =
                name["vkCmdSet".len()..].trim_end_matches("2EXT").chars().filter(|c| c.is_alphabetic()).collect();
            let expected = format!("{state:?}").replace("VK_DYNAMIC_STATE_", "").replace('_', "");
            assert_eq!(words.to_uppercase(), expected, "{name}");
        }
    }
}
