//! Graphics pipeline create infos: the members vk.xml marks `noautovalidity`, because the spec
//! ignores them in some states, are walked with the generated rules of their structures wherever
//! the spec says they are not ignored (the generator plans those structures:
//! `WALKED_NOAUTOVALIDITY` in codegen's stateless plan).
//!
//! - The six state pointers the spec asks to be valid whenever they are not NULL
//!   (`pInputAssemblyState`, `pViewportState`, `pRasterizationState`, `pMultisampleState`,
//!   `pDepthStencilState`, `pColorBlendState`: -09025 … -09040) are walked whenever set, for
//!   every pipeline, libraries and render-pass or dynamic-rendering pipelines alike.
//! - `pStages` is walked where the pipeline has shader stages: a complete pipeline, or a library
//!   with pre-rasterization or fragment shader state (-06600).
//! - `pVertexInputState` and `pTessellationState` may be dangling when ignored: they are walked
//!   only for a complete pipeline that needs them (no mesh stage and no dynamic vertex input;
//!   tessellation stages and no dynamic patch control points).
//! - A required state left NULL is reported only where no dynamic state could make it optional
//!   (the pipeline sets none): -06601, -09031, -02097, -09022, -09024, -09026, -09033, -09037.
//!   A render-pass pipeline's depth/stencil and color blend requirements need the subpass's
//!   attachments, which this object does not track (-09028, -09030: not checked here).

use vigil_generated::*;

use super::super::engine::{struct_index, CallReport, Walk};
use super::{elements, find, local_read, viewports, Findings};
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;

/// A pointer member to walk: its name and its structure's name.
struct Member {
    name: &'static str,
    structure: &'static str,
}

/// The state pointers the spec asks to be valid whenever they are not NULL.
const VALID_WHEN_SET: [Member; 6] = [
    Member { name: "pInputAssemblyState", structure: "VkPipelineInputAssemblyStateCreateInfo" },
    Member { name: "pViewportState", structure: "VkPipelineViewportStateCreateInfo" },
    Member { name: "pRasterizationState", structure: "VkPipelineRasterizationStateCreateInfo" },
    Member { name: "pMultisampleState", structure: "VkPipelineMultisampleStateCreateInfo" },
    Member { name: "pDepthStencilState", structure: "VkPipelineDepthStencilStateCreateInfo" },
    Member { name: "pColorBlendState", structure: "VkPipelineColorBlendStateCreateInfo" },
];
const STAGE: &str = "VkPipelineShaderStageCreateInfo";
const VERTEX_INPUT: Member = Member { name: "pVertexInputState", structure: "VkPipelineVertexInputStateCreateInfo" };
const TESSELLATION: Member = Member { name: "pTessellationState", structure: "VkPipelineTessellationStateCreateInfo" };

/// What decides which members a create info's pipeline needs.
struct Shape {
    /// Neither a library nor made from libraries: every state is part of it.
    complete: bool,
    /// A library with pre-rasterization or fragment shader state.
    library_with_shaders: bool,
    stages: u32,
    dynamic: Vec<VkDynamicState>,
    /// `rasterizerDiscardEnable` is statically VK_FALSE.
    rasterizes: bool,
}

impl Shape {
    /// # Safety
    /// `info` must be a create info the application passed.
    unsafe fn of(info: &VkGraphicsPipelineCreateInfo) -> Shape {
        let flags2 = unsafe {
            find::<VkPipelineCreateFlags2CreateInfo>(
                info.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_CREATE_FLAGS_2_CREATE_INFO,
            )
        };
        let library_flag = match flags2 {
            Some(f) => f.flags.0 & VkPipelineCreateFlags2::VK_PIPELINE_CREATE_2_LIBRARY_BIT_KHR.0 != 0,
            None => info.flags.0 & VkPipelineCreateFlags::VK_PIPELINE_CREATE_LIBRARY_BIT_KHR.0 != 0,
        };
        let library_info = unsafe {
            find::<VkGraphicsPipelineLibraryCreateInfoEXT>(
                info.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT,
            )
        };
        let libraries = unsafe {
            find::<VkPipelineLibraryCreateInfoKHR>(
                info.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR,
            )
        };
        let complete = !library_flag && library_info.is_none() && libraries.is_none_or(|l| l.libraryCount == 0);
        let shader_parts =
            VkGraphicsPipelineLibraryFlagsEXT::VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT.0
                | VkGraphicsPipelineLibraryFlagsEXT::VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT.0;
        let library_with_shaders = library_info.is_some_and(|l| l.flags.0 & shader_parts != 0);
        // SAFETY: the application's arrays, with their counts.
        let stages = unsafe { elements(info.pStages, info.stageCount) }.iter().fold(0, |m, s| m | s.stage.0);
        let dynamic = unsafe { info.pDynamicState.as_ref() }
            .map(|d| unsafe { elements(d.pDynamicStates, d.dynamicStateCount) }.to_vec())
            .unwrap_or_default();
        let discard_dynamic = dynamic.contains(&VkDynamicState::VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE);
        let rasterizes = !discard_dynamic
            && unsafe { info.pRasterizationState.as_ref() }.is_some_and(|r| r.rasterizerDiscardEnable == VK_FALSE);
        Shape { complete, library_with_shaders, stages, dynamic, rasterizes }
    }
}

/// vkCreateGraphicsPipelines' create infos.
pub(super) fn create_graphics_pipelines(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    infos: &[VkGraphicsPipelineCreateInfo],
) -> bool {
    let walk = Walk { mode: CallReport(cx), enabled: &checks.enabled, any_values: false };
    let mut f = Findings::of(cx);
    let root = cx.location();
    let all = root.dot("pCreateInfos");
    let mut skip = false;
    for (i, info) in infos.iter().enumerate() {
        let at = all.index(i);
        // SAFETY: the application's create info.
        skip |= unsafe { create_info(checks, &walk, &mut f, info, &at) };
    }
    skip | f.skip
}

/// Walks the structure `structure` at `p` (non-null), found at `at`. True to skip the call.
fn walk_one(walk: &Walk<'_, CallReport<'_>>, structure: &str, p: *const u8, at: &Location<'_>, arrow: bool) -> bool {
    // A structure the generator did not plan: a unit test keeps this from happening.
    let Some(s) = struct_index(structure) else { return false };
    walk.structure(s, p, at, arrow, false)
}

/// # Safety
/// `info` must be a create info the application passed.
unsafe fn create_info(
    checks: &DeviceStateless,
    walk: &Walk<'_, CallReport<'_>>,
    f: &mut Findings<'_>,
    info: &VkGraphicsPipelineCreateInfo,
    at: &Location<'_>,
) -> bool {
    // SAFETY: the caller's contract.
    let shape = unsafe { Shape::of(info) };
    let mut skip = false;
    let pointers = [
        info.pInputAssemblyState as *const u8,
        info.pViewportState as *const u8,
        info.pRasterizationState as *const u8,
        info.pMultisampleState as *const u8,
        info.pDepthStencilState as *const u8,
        info.pColorBlendState as *const u8,
    ];
    for (m, p) in VALID_WHEN_SET.iter().zip(pointers) {
        if !p.is_null() {
            skip |= walk_one(walk, m.structure, p, &at.dot(m.name), true);
        }
    }
    if shape.complete || shape.library_with_shaders {
        if info.pStages.is_null() && info.stageCount != 0 {
            // A library's NULL stages (-06640) are not reported: no test device here makes
            // graphics pipeline libraries.
            if shape.complete {
                let vuid = "VUID-VkGraphicsPipelineCreateInfo-pStages-06600";
                f.error(vuid, &at.dot("pStages"), format_args!("is NULL, with stageCount {}.", info.stageCount));
            }
        } else if !info.pStages.is_null() {
            let stages_at = at.dot("pStages");
            let size = std::mem::size_of::<VkPipelineShaderStageCreateInfo>();
            for k in 0..info.stageCount as usize {
                // SAFETY: stageCount structures at pStages.
                let p = unsafe { info.pStages.cast::<u8>().add(k * size) };
                skip |= walk_one(walk, STAGE, p, &stages_at.index(k), false);
            }
        }
    }
    if shape.complete {
        skip |= unsafe { complete_pipeline(walk, f, info, &shape, at) };
        let discard_dynamic = shape.dynamic.contains(&VkDynamicState::VK_DYNAMIC_STATE_RASTERIZER_DISCARD_ENABLE);
        // SAFETY: the application's viewport state; ignored when rasterization is discarded.
        if let Some(state) = unsafe { info.pViewportState.as_ref() }.filter(|_| shape.rasterizes || discard_dynamic) {
            let dynamic = |s| shape.dynamic.contains(&s);
            viewports::viewport_state(checks, f, &at.dot("pViewportState"), state, dynamic);
        }
    }
    // SAFETY: the application's chain.
    unsafe { local_read::chained(checks, f, info.pNext, at) };
    skip
}

/// A complete pipeline's conditionally required members. True to skip the call.
///
/// # Safety
/// `info` must be a create info the application passed.
unsafe fn complete_pipeline(
    walk: &Walk<'_, CallReport<'_>>,
    f: &mut Findings<'_>,
    info: &VkGraphicsPipelineCreateInfo,
    shape: &Shape,
    at: &Location<'_>,
) -> bool {
    let mut skip = false;
    let dynamic = |s: VkDynamicState| shape.dynamic.contains(&s);
    let mesh = shape.stages & VkShaderStageFlags::VK_SHADER_STAGE_MESH_BIT_EXT.0 != 0;
    // None of the states may be dynamic: only then is "related dynamic state is not set" sure.
    let static_only = shape.dynamic.is_empty();
    let mut required = |present: bool, vuid: &'static str, name: &'static str, why: &str| {
        if !present {
            f.error(vuid, &at.dot(name), format_args!("is NULL, but {why}."));
        }
    };
    if !mesh && !dynamic(VkDynamicState::VK_DYNAMIC_STATE_VERTEX_INPUT_EXT) {
        let p = info.pVertexInputState as *const u8;
        required(
            !p.is_null(),
            "VUID-VkGraphicsPipelineCreateInfo-pStages-02097",
            VERTEX_INPUT.name,
            "the pipeline has no mesh stage and its vertex input state is not dynamic",
        );
        if !p.is_null() {
            skip |= walk_one(walk, VERTEX_INPUT.structure, p, &at.dot(VERTEX_INPUT.name), true);
        }
    }
    let tess_control = VkShaderStageFlags::VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT.0;
    if shape.stages & tess_control != 0 && !dynamic(VkDynamicState::VK_DYNAMIC_STATE_PATCH_CONTROL_POINTS_EXT) {
        let p = info.pTessellationState as *const u8;
        required(
            !p.is_null(),
            "VUID-VkGraphicsPipelineCreateInfo-pStages-09022",
            TESSELLATION.name,
            "pStages has a tessellation control stage and patch control points are not dynamic",
        );
        if !p.is_null() {
            skip |= walk_one(walk, TESSELLATION.structure, p, &at.dot(TESSELLATION.name), true);
        }
    }
    if !static_only {
        return skip;
    }
    let why = "the pipeline sets no dynamic state";
    required(
        !info.pRasterizationState.is_null(),
        "VUID-VkGraphicsPipelineCreateInfo-pRasterizationState-06601",
        "pRasterizationState",
        why,
    );
    if !mesh {
        required(
            !info.pInputAssemblyState.is_null(),
            "VUID-VkGraphicsPipelineCreateInfo-dynamicPrimitiveTopologyUnrestricted-09031",
            "pInputAssemblyState",
            "the pipeline has vertex input state and sets no dynamic state",
        );
    }
    if !shape.rasterizes {
        return skip;
    }
    let why = "rasterization is enabled and the pipeline sets no dynamic state";
    required(
        !info.pViewportState.is_null(),
        "VUID-VkGraphicsPipelineCreateInfo-rasterizerDiscardEnable-09024",
        "pViewportState",
        why,
    );
    required(
        !info.pMultisampleState.is_null(),
        "VUID-VkGraphicsPipelineCreateInfo-pMultisampleState-09026",
        "pMultisampleState",
        why,
    );
    if info.renderPass.as_raw() == 0 {
        // SAFETY: the application's chain and its arrays.
        let rendering = unsafe {
            find::<VkPipelineRenderingCreateInfo>(
                info.pNext,
                VkStructureType::VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
            )
        };
        let undefined = VkFormat::VK_FORMAT_UNDEFINED;
        let depth_stencil =
            rendering.is_some_and(|r| r.depthAttachmentFormat != undefined || r.stencilAttachmentFormat != undefined);
        let color = rendering.is_some_and(|r| {
            unsafe { elements(r.pColorAttachmentFormats, r.colorAttachmentCount) }.iter().any(|&c| c != undefined)
        });
        if depth_stencil {
            required(
                !info.pDepthStencilState.is_null(),
                "VUID-VkGraphicsPipelineCreateInfo-renderPass-09033",
                "pDepthStencilState",
                "the pipeline renders to a depth or stencil format and sets no dynamic state",
            );
        }
        if color {
            required(
                !info.pColorBlendState.is_null(),
                "VUID-VkGraphicsPipelineCreateInfo-renderPass-09037",
                "pColorBlendState",
                "the pipeline renders to a color format and sets no dynamic state",
            );
        }
    }
    skip
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every structure walked here has generated rules (the generator plans them).
    #[test]
    fn walked_structures_are_planned() {
        let names = VALID_WHEN_SET.iter().chain([&VERTEX_INPUT, &TESSELLATION]).map(|m| m.structure).chain([STAGE]);
        for name in names {
            assert!(struct_index(name).is_some(), "{name} has no generated rules");
        }
    }
}
