//! Pipeline creation: each stage's shader against the pipeline layout. Every descriptor binding
//! an entry point statically uses must be in the layout's set for its stage (`-layout-07988`),
//! and a push constant block it uses must have a range for its stage (`-layout-07987`) that it
//! lies inside (`-layout-10069`, judged by the block's end). A driver
//! may crash on a pipeline that breaks them (lavapipe does), so the call is skipped when asked.
//!
//! Followed from each stage's shader module's reflection (`state::shaders`), or for code passed
//! inline, from its reflection at the call; modules Vigil could not parse and pipelines without a
//! layout (libraries) are not checked.
//! Statically used, not merely declared, resources are checked: fewer reports, never false ones.
//!
//! A compute stage's workgroup size (its constant `WorkgroupSize` built-in, else its `LocalSize`)
//! must be within the device's limits (`VUID-RuntimeSpirv-x-06429`, `-y-06430`, `-z-06431`,
//! `-x-06432`); a size given by specialization constants or `LocalSizeId` is not judged. Its
//! statically used Workgroup variables must fit `maxComputeSharedMemorySize` (`-Workgroup-06530`,
//! judged by their sizes without padding).
//! Storage resources a fragment or pre-rasterization stage uses without `NonWritable` need
//! `fragmentStoresAndAtomics` or `vertexPipelineStoresAndAtomics` (`-NonWritable-06340`,
//! `-06341`).

use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::report::Location;
use crate::state::pipelines::PipelineLayoutInfo;
use crate::state::shaders::{create_info_code, inline_create_info, EntryPoint, Reflection};
use crate::state::TYPES;

/// The ids of one create-info structure's rules.
pub(super) struct LayoutRules {
    pub resources: &'static str,
    pub push_constants: &'static str,
    /// The block must lie inside its stage's range.
    pub push_constant_block: &'static str,
}

/// vkCreateShadersEXT's SPIR-V create infos, against their own set layouts and ranges.
pub(super) const SHADER_OBJECT: LayoutRules = LayoutRules {
    resources: "VUID-VkShaderCreateInfoEXT-codeType-10383",
    push_constants: "VUID-VkShaderCreateInfoEXT-codeType-10064",
    push_constant_block: "VUID-VkShaderCreateInfoEXT-codeType-10065",
};

/// vkCreateComputePipelines' create infos.
pub(super) const COMPUTE: LayoutRules = LayoutRules {
    resources: "VUID-VkComputePipelineCreateInfo-layout-07988",
    push_constants: "VUID-VkComputePipelineCreateInfo-layout-07987",
    push_constant_block: "VUID-VkComputePipelineCreateInfo-layout-10069",
};

/// vkCreateGraphicsPipelines' create infos.
pub(super) const GRAPHICS: LayoutRules = LayoutRules {
    resources: "VUID-VkGraphicsPipelineCreateInfo-layout-07988",
    push_constants: "VUID-VkGraphicsPipelineCreateInfo-layout-07987",
    push_constant_block: "VUID-VkGraphicsPipelineCreateInfo-layout-10069",
};

/// A compute entry point's workgroup size and shared memory against the device's limits
/// (`VUID-RuntimeSpirv-x-06429`, `-y-06430`, `-z-06431`, `-x-06432`, `-Workgroup-06530`). True to
/// skip the call.
pub(super) fn workgroup_within_limits(cx: &Call<'_>, entry: &EntryPoint, at: &Location<'_>) -> bool {
    const COMPUTE_STAGE: u32 = VkShaderStageFlags::VK_SHADER_STAGE_COMPUTE_BIT.0;
    let (true, Some(facts)) = (entry.stage == COMPUTE_STAGE, cx.device()) else { return false };
    let limits = &facts.limits;
    let mut skip = false;
    // A lower bound (sizes without padding): more than the limit is more however it is padded.
    if entry.workgroup_bytes > u64::from(limits.maxComputeSharedMemorySize) {
        skip |= cx.error(
            "VUID-RuntimeSpirv-Workgroup-06530",
            at,
            format_args!(
                "entry point {} uses at least {} bytes of Workgroup variables, more than the device's \
                 maxComputeSharedMemorySize ({}).",
                entry.name, entry.workgroup_bytes, limits.maxComputeSharedMemorySize
            ),
        );
    }
    let Some(size) = entry.local_size else { return skip };
    let axes =
        [("x", "VUID-RuntimeSpirv-x-06429"), ("y", "VUID-RuntimeSpirv-y-06430"), ("z", "VUID-RuntimeSpirv-z-06431")];
    for (axis, ((name, vuid), (&n, &max))) in
        axes.iter().zip(size.iter().zip(&limits.maxComputeWorkGroupSize)).enumerate()
    {
        if n > max {
            skip |= cx.error(
                vuid,
                at,
                format_args!(
                    "entry point {} has a workgroup {name} size of {n}, more than the device's \
                     maxComputeWorkGroupSize[{axis}] ({max}).",
                    entry.name
                ),
            );
        }
    }
    let invocations = size.iter().map(|&n| u64::from(n)).product::<u64>();
    if invocations > u64::from(limits.maxComputeWorkGroupInvocations) {
        skip |= cx.error(
            "VUID-RuntimeSpirv-x-06432",
            at,
            format_args!(
                "entry point {} has workgroups of {} × {} × {} = {invocations} invocations, more than the device's \
                 maxComputeWorkGroupInvocations ({}).",
                entry.name, size[0], size[1], size[2], limits.maxComputeWorkGroupInvocations
            ),
        );
    }
    skip
}

/// Writable storage resources in fragment and pre-rasterization stages need their features
/// (`VUID-RuntimeSpirv-NonWritable-06340`, `-06341`). True to skip the call.
pub(super) fn stores_allowed(cx: &Call<'_>, entry: &EntryPoint, at: &Location<'_>) -> bool {
    use vigil_generated::features::Feature;
    const FRAGMENT: u32 = VkShaderStageFlags::VK_SHADER_STAGE_FRAGMENT_BIT.0;
    const VERTEX_PIPELINE: u32 = VkShaderStageFlags::VK_SHADER_STAGE_VERTEX_BIT.0
        | VkShaderStageFlags::VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT.0
        | VkShaderStageFlags::VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT.0
        | VkShaderStageFlags::VK_SHADER_STAGE_GEOMETRY_BIT.0;
    let Some(facts) = cx.device() else { return false };
    let (vuid, feature, name) = match entry.stage {
        FRAGMENT => {
            ("VUID-RuntimeSpirv-NonWritable-06340", Feature::FRAGMENT_STORES_AND_ATOMICS, "fragmentStoresAndAtomics")
        }
        s if s & VERTEX_PIPELINE != 0 => (
            "VUID-RuntimeSpirv-NonWritable-06341",
            Feature::VERTEX_PIPELINE_STORES_AND_ATOMICS,
            "vertexPipelineStoresAndAtomics",
        ),
        _ => return false,
    };
    if facts.features.contains(feature) {
        return false;
    }
    let mut skip = false;
    for r in entry.resources.iter().filter(|r| r.written) {
        skip |= cx.error(
            vuid,
            at,
            format_args!(
                "entry point {} (stage {:#x}) uses the storage resource at set {} binding {}, which is not \
                 decorated NonWritable, and the {name} feature is not enabled.",
                entry.name, entry.stage, r.set, r.binding
            ),
        );
    }
    skip
}

impl CoreChecks {
    /// The stages of one pipeline create info against `layout` and the device's limits;
    /// `stage_at` locates stage `i`. True to skip the call.
    fn stages_match_layout<'a>(
        &self,
        cx: &Call<'_>,
        rules: &LayoutRules,
        stages: &[VkPipelineShaderStageCreateInfo],
        layout: VkPipelineLayout,
        stage_at: &dyn Fn(usize) -> Location<'a>,
    ) -> bool {
        let layout_record = self.get(TYPES.pipeline_layout, layout.as_raw());
        let info = layout_record.as_ref().and_then(|l| l.pipeline_layout());
        let mut skip = false;
        for (i, stage) in stages.iter().enumerate() {
            if stage.pName.is_null() {
                continue;
            }
            // SAFETY: a valid stage's entry point name, NUL-terminated.
            let name = unsafe { std::ffi::CStr::from_ptr(stage.pName) }.to_bytes();
            let mut check = |reflection: &Reflection| {
                let Some(entry) = reflection.entry_point(name, stage.stage.0) else { return };
                let at = stage_at(i);
                if let Some(info) = info {
                    let owner = format_args!("pipeline layout {:#x}", layout.as_raw());
                    skip |= self.entry_point_matches_layout(cx, rules, entry, info, &owner, &at);
                }
                skip |= workgroup_within_limits(cx, entry, &at);
                skip |= stores_allowed(cx, entry, &at);
            };
            if stage.module.as_raw() != 0 {
                let Some(module) = self.get(TYPES.shader_module, stage.module.as_raw()) else { continue };
                if let Some(reflection) = module.shader_module() {
                    check(reflection);
                }
            // SAFETY: a stage the application passed; the create info it chains.
            } else if let Some(code) = unsafe { inline_create_info(stage).and_then(|i| create_info_code(i)) } {
                // Reflected here, once per pipeline creation: there is no module to keep it on.
                check(&Reflection::of(code));
            }
        }
        skip
    }

    /// What entry point `entry` uses against `layout` (`owner` names it in messages: a pipeline
    /// layout, or a shader object's set layouts and ranges). True to skip the call.
    pub(super) fn entry_point_matches_layout(
        &self,
        cx: &Call<'_>,
        rules: &LayoutRules,
        entry: &EntryPoint,
        layout: &PipelineLayoutInfo,
        owner: &dyn std::fmt::Display,
        at: &Location<'_>,
    ) -> bool {
        let mut skip = false;
        let stage = entry.stage;
        for r in &entry.resources {
            let set = layout.set_layouts.get(r.set as usize);
            // A set layout Vigil did not record (or a null one): unknown, not reported.
            if set.is_some_and(|s| s.as_ref().is_none_or(|s| s.descriptor_set_layout().is_none())) {
                continue;
            }
            let binding = set
                .and_then(|s| s.as_ref()?.descriptor_set_layout())
                .and_then(|l| l.bindings.iter().find(|b| b.binding == r.binding));
            let why = match binding {
                None if set.is_none() => format!("has only {} sets", layout.set_layouts.len()),
                None => format!("has no binding {} in set {}", r.binding, r.set),
                Some(b) if b.stages & stage == 0 => {
                    format!("has binding {} of set {} for stages {:#x} only", r.binding, r.set, b.stages)
                }
                Some(_) => continue,
            };
            skip |= cx.error(
                rules.resources,
                at,
                format_args!(
                    "entry point {} (stage {stage:#x}) uses set {} binding {}, but {owner} {why}.",
                    entry.name, r.set, r.binding
                ),
            );
        }
        let mut ranges = layout.push_constants.iter().filter(|p| p.stages & stage != 0);
        match (entry.push_constants, ranges.clone().next()) {
            (Some(_), None) => {
                skip |= cx.error(
                    rules.push_constants,
                    at,
                    format_args!(
                        "entry point {} (stage {stage:#x}) uses push constants, but {owner} has no push constant \
                         range for its stage.",
                        entry.name
                    ),
                );
            }
            // The block's end past every range of its stage: not inside one (where it starts is
            // not reflected, so a block that ends inside a range is taken as inside it).
            (Some(end), Some(_))
                if end > 0 && ranges.all(|p| u64::from(p.offset) + u64::from(p.size) < u64::from(end)) =>
            {
                skip |= cx.error(
                    rules.push_constant_block,
                    at,
                    format_args!(
                        "entry point {} (stage {stage:#x}) declares a push constant block of {end} bytes, past the end \
                         of every push constant range {owner} has for its stage.",
                        entry.name
                    ),
                );
            }
            _ => {}
        }
        skip
    }

    /// vkCreateComputePipelines' create infos. True to skip the call.
    ///
    /// # Safety
    /// `infos` must be the `count` create infos the application passed.
    pub(super) unsafe fn compute_pipelines_match_layouts(
        &self,
        cx: &Call<'_>,
        count: u32,
        infos: *const VkComputePipelineCreateInfo,
    ) -> bool {
        let root = cx.location();
        let mut skip = false;
        // SAFETY: the caller's contract.
        for (i, info) in unsafe { slice(infos, count) }.iter().enumerate() {
            let infos = root.dot("pCreateInfos");
            let at = infos.index(i);
            let stage = std::slice::from_ref(&info.stage);
            skip |= self.stages_match_layout(cx, &COMPUTE, stage, info.layout, &|_| at.dot("stage"));
            // SAFETY: the application's stage.
            skip |= unsafe { self.inline_modules(cx, stage, &|_| at.dot("stage")) };
        }
        skip
    }

    /// vkCreateGraphicsPipelines' create infos. True to skip the call.
    ///
    /// # Safety
    /// As for [`Self::compute_pipelines_match_layouts`].
    pub(super) unsafe fn graphics_pipelines_match_layouts(
        &self,
        cx: &Call<'_>,
        count: u32,
        infos: *const VkGraphicsPipelineCreateInfo,
    ) -> bool {
        let root = cx.location();
        let mut skip = false;
        // SAFETY: the caller's contract; each create info's counted stages.
        for (i, info) in unsafe { slice(infos, count) }.iter().enumerate() {
            let stages = unsafe { slice(info.pStages, info.stageCount) };
            let infos = root.dot("pCreateInfos");
            let at = infos.index(i);
            let stages_at = at.dot("pStages");
            skip |= self.stages_match_layout(cx, &GRAPHICS, stages, info.layout, &|s| stages_at.index(s));
            // SAFETY: the application's stages.
            skip |= unsafe { self.inline_modules(cx, stages, &|s| stages_at.index(s)) };
        }
        skip
    }
}
