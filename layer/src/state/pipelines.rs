//! Pipelines, pipeline layouts, descriptor set layouts and descriptor sets as created, and what
//! a recording binds: the state that draw-, dispatch- and bind-time checks read.

use std::sync::Arc;

use vigil_generated::*;

pub use super::records::{
    BoundPoint, BoundSet, PipelineInfo, PipelineLayoutInfo, PushConstantRange, SetLayoutBinding, SetLayoutInfo,
    ShaderUses,
};
use super::records::{
    DescriptorSetLayoutState, DescriptorSetState, Key, ObjectRecord, ObjectState, PipelineLayoutState, PipelineState,
};
use super::samplers::SamplerInfo;
use super::shaders::EntryPoint;
use crate::chassis::raw::{chained, slice};

/// The index in a recording's `bound` of a `VkPipelineBindPoint`; `None` for bind points not
/// followed (execution graphs, subpass shading, data graphs).
pub fn bind_point_index(point: i32) -> Option<usize> {
    match point {
        0 => Some(0),
        1 => Some(1),
        1_000_165_000 => Some(2),
        _ => None,
    }
}

/// The spec's name of a followed bind point (for messages).
pub fn bind_point_name(point: i32) -> &'static str {
    match point {
        0 => "VK_PIPELINE_BIND_POINT_GRAPHICS",
        1 => "VK_PIPELINE_BIND_POINT_COMPUTE",
        1_000_165_000 => "VK_PIPELINE_BIND_POINT_RAY_TRACING_KHR",
        _ => "an unknown bind point",
    }
}

impl ObjectRecord {
    /// Records what a pipeline was created with.
    pub fn pipeline_created(&self, created: PipelineInfo) {
        if let ObjectState::Pipeline(PipelineState { info }) = &self.state {
            let _ = info.set(created);
        }
    }

    /// Records what a pipeline layout was created with; `set_layout` finds a set layout's record.
    ///
    /// # Safety
    /// `info` must be a create info the application passed to a successful call.
    pub unsafe fn pipeline_layout_created(
        &self,
        info: &VkPipelineLayoutCreateInfo,
        set_layout: impl Fn(u64) -> Option<Arc<ObjectRecord>>,
    ) {
        let ObjectState::PipelineLayout(PipelineLayoutState { info: state }) = &self.state else { return };
        // SAFETY: the counted arrays of a valid create info.
        let (sets, ranges) = unsafe {
            (slice(info.pSetLayouts, info.setLayoutCount), slice(info.pPushConstantRanges, info.pushConstantRangeCount))
        };
        let mut push_constants: Vec<PushConstantRange> = ranges
            .iter()
            .map(|r| PushConstantRange { stages: r.stageFlags.0, offset: r.offset, size: r.size })
            .collect();
        // In one order, so that compatibility compares ranges, not the order they were given in.
        push_constants.sort_by_key(|r| (r.offset, r.size, r.stages));
        let _ = state.set(PipelineLayoutInfo {
            flags: info.flags.0,
            set_layouts: sets.iter().map(|s| (s.as_raw() != 0).then(|| set_layout(s.as_raw())).flatten()).collect(),
            push_constants,
        });
    }

    /// Records what a descriptor set layout was created with; `sampler` finds what its immutable
    /// samplers were created with.
    ///
    /// # Safety
    /// As for [`ObjectRecord::pipeline_layout_created`].
    pub unsafe fn set_layout_created(
        &self,
        info: &VkDescriptorSetLayoutCreateInfo,
        sampler: impl Fn(u64) -> Option<SamplerInfo>,
    ) {
        let ObjectState::DescriptorSetLayout(DescriptorSetLayoutState { info: state }) = &self.state else { return };
        // SAFETY: the counted array of a valid create info, and its chained binding flags.
        let bindings = unsafe { slice(info.pBindings, info.bindingCount) };
        let flags = unsafe { super::descriptors::binding_flags(info) };
        let mut bindings: Vec<SetLayoutBinding> = bindings
            .iter()
            .enumerate()
            .map(|(i, b)| SetLayoutBinding {
                binding: b.binding,
                ty: b.descriptorType.0,
                count: b.descriptorCount,
                stages: b.stageFlags.0,
                flags: flags.get(i).copied().unwrap_or(0),
                immutable_samplers: super::descriptors::has_immutable_samplers(b),
            })
            .collect();
        bindings.sort_by_key(|b| b.binding);
        // SAFETY: each binding's counted immutable samplers, where it has them.
        let mut immutable_samplers: Vec<(u32, Vec<Option<SamplerInfo>>)> =
            unsafe { slice(info.pBindings, info.bindingCount) }
                .iter()
                .filter(|b| super::descriptors::has_immutable_samplers(b))
                .map(|b| {
                    // SAFETY: as above.
                    let samplers = unsafe { slice(b.pImmutableSamplers, b.descriptorCount) };
                    (b.binding, samplers.iter().map(|h| sampler(h.as_raw())).collect())
                })
                .collect();
        immutable_samplers.sort_by_key(|b| b.0);
        let _ = state.set(SetLayoutInfo { flags: info.flags.0, bindings, immutable_samplers });
    }

    /// Records the layout a descriptor set was allocated with.
    pub fn set_allocated(&self, layout: Arc<ObjectRecord>) {
        if let ObjectState::DescriptorSet(DescriptorSetState { layout: state, .. }) = &self.state {
            let _ = state.set(layout);
        }
    }
}

impl SetLayoutInfo {
    /// How many dynamic uniform and storage buffer descriptors its bindings hold.
    pub fn dynamic_descriptors(&self) -> u32 {
        let dynamic = [
            VkDescriptorType::VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC.0,
            VkDescriptorType::VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC.0,
        ];
        self.bindings.iter().filter(|b| dynamic.contains(&b.ty)).map(|b| b.count).sum()
    }

    /// Whether two layouts are identically defined, as far as Vigil keeps them: flags and every
    /// binding's number, type, count and stages (immutable samplers are not compared, so two
    /// layouts differing only there are taken as identical: a miss, never a false report).
    pub fn same_definition(&self, other: &SetLayoutInfo) -> bool {
        self.flags == other.flags && self.bindings == other.bindings
    }

    /// What immutable sampler `element` of binding number `binding` was created with; `None`
    /// when the binding has none or Vigil did not know the sampler.
    pub fn immutable_sampler(&self, binding: u32, element: u32) -> Option<SamplerInfo> {
        let i = self.immutable_samplers.binary_search_by_key(&binding, |b| b.0).ok()?;
        self.immutable_samplers[i].1.get(element as usize).copied().flatten()
    }
}

/// Whether set layouts `a` and `b` are identically defined for sets 0 to `n` (a layout Vigil
/// does not know, or a set number past either array, counts as identical: a miss, never a false
/// report).
pub fn set_layouts_match(a: &[Option<Arc<ObjectRecord>>], b: &[Option<Arc<ObjectRecord>>], n: usize) -> bool {
    a.iter().zip(b).take(n.saturating_add(1)).all(|(a, b)| match (a, b) {
        (Some(a), Some(b)) if !Arc::ptr_eq(a, b) => match (a.descriptor_set_layout(), b.descriptor_set_layout()) {
            (Some(a), Some(b)) => a.same_definition(b),
            _ => true,
        },
        _ => true,
    })
}

/// `VK_PIPELINE_LAYOUT_CREATE_INDEPENDENT_SETS_BIT_EXT`: layouts compatible for a set agree on it.
const INDEPENDENT_SETS: u32 = 0x2;

/// `VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT`: such a set is pushed, not bound.
pub const PUSH_DESCRIPTOR: u32 = 0x1;

impl PipelineLayoutInfo {
    /// Whether two layouts are "compatible for set `n`" (the spec's pipeline layout
    /// compatibility): identical push constant ranges, the same independent-sets flag, and
    /// identically defined set layouts for sets 0 to `n`. A set layout Vigil does not know (a
    /// null one, one created while it was not followed) or a set number past either layout's
    /// counts as identical: a miss, never a false report.
    pub fn compatible_for_set(&self, other: &PipelineLayoutInfo, n: u32) -> bool {
        if self.push_constants != other.push_constants || (self.flags ^ other.flags) & INDEPENDENT_SETS != 0 {
            return false;
        }
        set_layouts_match(&self.set_layouts, &other.set_layouts, n as usize)
    }

    /// Whether set `n` of the layout is a push descriptor set (or one Vigil does not know).
    pub fn pushes_set(&self, n: u32) -> bool {
        match self.set_layouts.get(n as usize) {
            Some(Some(l)) => l.descriptor_set_layout().is_none_or(|l| l.flags & PUSH_DESCRIPTOR != 0),
            _ => true,
        }
    }

    /// The ranges overlapping bytes `offset..offset + size`.
    pub fn push_constants_overlapping(&self, offset: u32, size: u32) -> impl Iterator<Item = &PushConstantRange> {
        let end = u64::from(offset) + u64::from(size);
        self.push_constants
            .iter()
            .filter(move |r| u64::from(r.offset) < end && u64::from(offset) < u64::from(r.offset) + u64::from(r.size))
    }

    /// Whether vkCmdPushConstants of `stages` at `offset..offset + size` is plainly valid: one
    /// range with every stage covers the bytes, and no range they overlap has a stage beyond
    /// `stages`. False leaves the answer to [`Self::push_constants_cover`] and
    /// [`Self::push_constants_overlapping`].
    #[inline]
    pub fn push_constants_fit(&self, stages: u32, offset: u32, size: u32) -> bool {
        let (start, end) = (u64::from(offset), u64::from(offset) + u64::from(size));
        let mut covered = false;
        for r in &self.push_constants {
            let (from, to) = (u64::from(r.offset), u64::from(r.offset) + u64::from(r.size));
            if from < end && start < to {
                if r.stages & !stages != 0 {
                    return false;
                }
                covered |= r.stages & stages == stages && from <= start && end <= to;
            }
        }
        covered
    }

    /// Whether every byte of `offset..offset + size` is in some range that includes `stage`.
    pub fn push_constants_cover(&self, stage: u32, offset: u32, size: u32) -> bool {
        let end = u64::from(offset) + u64::from(size);
        let mut at = u64::from(offset);
        // Ranges may overlap and come in any order: extend the covered prefix until it stops growing.
        loop {
            let next = self
                .push_constants
                .iter()
                .filter(|r| r.stages & stage != 0)
                .filter(|r| u64::from(r.offset) <= at && at < u64::from(r.offset) + u64::from(r.size))
                .map(|r| u64::from(r.offset) + u64::from(r.size))
                .max();
            match next {
                Some(n) if n >= end => return true,
                Some(n) => at = n,
                None => return at >= end,
            }
        }
    }
}

/// What a graphics or compute pipeline's create info says about its layout and shaders.
pub struct PipelineDesc<'a> {
    pub layout: u64,
    /// `VkPipelineCreateFlags2`: the chained flags2 when present, else the create info's.
    pub flags: u64,
    /// The stages to reflect: none when they come (or may come) from pipeline libraries or
    /// pipeline binaries, where `pStages` may be ignored and the code is not at hand.
    pub stages: &'a [VkPipelineShaderStageCreateInfo],
    /// The member the stages are in (`stage`, `pStages`), for messages.
    pub member: &'static str,
    /// Its core dynamic states (bit n for `VkDynamicState` n < 32), when it is a complete
    /// graphics pipeline (libraries bring theirs from elsewhere).
    pub dynamic: Option<u32>,
    /// What it says about the dynamic states a draw needs, where `dynamic` is known.
    pub draw: Option<super::dynamic_state::PipelineDynamic>,
    /// Its vertex input state, when it is known and static (`state::draw_params`).
    pub vertex_input: Option<super::draw_params::VertexInput<'a>>,
    /// A complete graphics pipeline's `renderPass` (0 for VK_NULL_HANDLE) and `subpass`, and its
    /// chained `VkPipelineRenderingCreateInfo`'s view mask and color attachment count.
    pub render_pass: Option<(u64, u32, (u32, u32))>,
    /// A complete graphics pipeline's local read mappings (`VkRenderingAttachmentLocationInfo`,
    /// `VkRenderingInputAttachmentIndexInfo`, the identity where not chained).
    pub maps: Option<super::local_read::LocalReadMaps>,
    /// A complete dynamic rendering pipeline's attachment formats and sample count.
    pub rendering: Option<super::values::RenderingFormats>,
}

/// `VK_PIPELINE_CREATE_LIBRARY_BIT_KHR`.
const LIBRARY: u64 = 0x800;

/// The chained `VkPipelineCreateFlags2CreateInfo`'s flags, else `flags`; and whether pipeline
/// binaries provide the code.
///
/// # Safety
/// `next` must be a valid pNext chain.
unsafe fn flags_and_binaries(next: *const core::ffi::c_void, flags: u32) -> (u64, bool) {
    use VkStructureType as S;
    // SAFETY: a valid chain; the structures its sTypes name.
    unsafe {
        let flags2 =
            chained::<VkPipelineCreateFlags2CreateInfo>(next, S::VK_STRUCTURE_TYPE_PIPELINE_CREATE_FLAGS_2_CREATE_INFO);
        let binaries = chained::<VkPipelineBinaryInfoKHR>(next, S::VK_STRUCTURE_TYPE_PIPELINE_BINARY_INFO_KHR);
        (flags2.map_or(u64::from(flags), |f| f.flags.0), binaries.is_some_and(|b| b.binaryCount > 0))
    }
}

impl<'a> PipelineDesc<'a> {
    /// A compute pipeline's.
    ///
    /// # Safety
    /// `info` must be a create info the application passed to a call that returned.
    pub unsafe fn compute(info: &'a VkComputePipelineCreateInfo) -> Self {
        // SAFETY: the create info's chain.
        let (flags, binaries) = unsafe { flags_and_binaries(info.pNext, info.flags.0) };
        let stages = if binaries { &[] } else { std::slice::from_ref(&info.stage) };
        PipelineDesc {
            layout: info.layout.as_raw(),
            flags,
            stages,
            member: "stage",
            dynamic: None,
            draw: None,
            vertex_input: None,
            render_pass: None,
            maps: None,
            rendering: None,
        }
    }

    /// A graphics pipeline's.
    ///
    /// # Safety
    /// As for [`PipelineDesc::compute`].
    pub unsafe fn graphics(info: &'a VkGraphicsPipelineCreateInfo) -> Self {
        use VkStructureType as S;
        // SAFETY: the create info's chain, and its counted stages when they are not ignored.
        unsafe {
            let (flags, binaries) = flags_and_binaries(info.pNext, info.flags.0);
            let libraries = flags & LIBRARY != 0
                || chained::<VkGraphicsPipelineLibraryCreateInfoEXT>(
                    info.pNext,
                    S::VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_LIBRARY_CREATE_INFO_EXT,
                )
                .is_some()
                || chained::<VkPipelineLibraryCreateInfoKHR>(
                    info.pNext,
                    S::VK_STRUCTURE_TYPE_PIPELINE_LIBRARY_CREATE_INFO_KHR,
                )
                .is_some_and(|l| l.libraryCount > 0);
            let stages = if binaries || libraries { &[] } else { slice(info.pStages, info.stageCount) };
            let dynamic = (!libraries).then(|| {
                info.pDynamicState.as_ref().map_or(0, |d| {
                    let states = slice(d.pDynamicStates, d.dynamicStateCount);
                    states.iter().filter(|s| (0..32).contains(&s.0)).fold(0, |m, s| m | 1 << s.0)
                })
            });
            let all = stages.iter().fold(0, |m, s| m | s.stage.0);
            let draw = dynamic.and((!binaries).then(|| super::dynamic_state::PipelineDynamic::graphics(info, all)));
            let vertex_input = super::draw_params::vertex_input(info, libraries);
            // Libraries and the pipelines linked from them: their render pass is not followed.
            let rendering_info = chained::<VkPipelineRenderingCreateInfo>(
                info.pNext,
                S::VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
            );
            let rendering = rendering_info.map_or((0, 0), |r| (r.viewMask, r.colorAttachmentCount));
            let formats = (!libraries && info.renderPass.as_raw() == 0).then(|| {
                // The static rasterization samples (`PipelineDynamic::samples`), unless chained
                // attachment sample counts replace them.
                let counted = chained::<VkAttachmentSampleCountInfoAMD>(
                    info.pNext,
                    S::VK_STRUCTURE_TYPE_ATTACHMENT_SAMPLE_COUNT_INFO_AMD,
                )
                .map(|c| {
                    let colors = slice(c.pColorAttachmentSamples, c.colorAttachmentCount);
                    (colors.iter().map(|s| s.0).collect(), c.depthStencilAttachmentSamples.0)
                });
                let samples = if counted.is_some() { 0 } else { draw.and_then(|d| d.samples).unwrap_or(0) };
                let formats = rendering_info.map_or(super::values::RenderingFormats::default(), |r| {
                    super::values::RenderingFormats {
                        colors: slice(r.pColorAttachmentFormats, r.colorAttachmentCount).iter().map(|f| f.0).collect(),
                        depth: r.depthAttachmentFormat.0,
                        stencil: r.stencilAttachmentFormat.0,
                        ..Default::default()
                    }
                });
                let sample_locations = draw.is_some_and(|d| d.sample_locations_enable == Some(true));
                let fragment_maps = super::render_passes::pipeline_fragment_maps(flags);
                super::values::RenderingFormats { samples, counted, sample_locations, fragment_maps, ..formats }
            });
            let render_pass = (!libraries).then_some((info.renderPass.as_raw(), info.subpass, rendering));
            let maps = (!libraries).then(|| super::local_read::LocalReadMaps::chained(info.pNext));
            PipelineDesc {
                layout: info.layout.as_raw(),
                flags,
                stages,
                member: "pStages",
                dynamic,
                draw,
                vertex_input,
                render_pass,
                maps,
                rendering: formats,
            }
        }
    }
}

impl ShaderUses {
    /// Adds what one stage's entry point statically uses.
    pub fn add(&mut self, e: &EntryPoint) {
        if !e.resources.is_empty() {
            let mut resources = std::mem::take(&mut self.resources);
            resources.extend_from_slice(&e.resources);
            self.resources = super::shaders::merge(resources);
            self.sets = self.resources.iter().map(|r| r.set).collect();
            self.sets.dedup();
            self.set_mask =
                if self.sets.iter().all(|&n| n < 32) { self.sets.iter().fold(0, |m, &n| m | 1 << n) } else { 0 };
            // `Dim` 5 is Buffer: a storage texel buffer, not an image.
            self.written_images = self
                .resources
                .iter()
                .filter(|r| r.written && r.set < 32 && r.image.is_some_and(|i| i.dim != 5))
                .fold(0, |m, r| m | 1 << r.set);
        }
        if !e.sampled_pairs.is_empty() {
            let mut pairs = std::mem::take(&mut self.sampled_pairs);
            pairs.extend_from_slice(&e.sampled_pairs);
            self.sampled_pairs = super::shaders::merge_pairs(pairs);
        }
        if let Some(size) = e.push_constants {
            self.push_constant_stages |= e.stage;
            self.push_constant_size = self.push_constant_size.max(size);
        }
        if e.stage == 0x1 {
            self.vertex_inputs = Some(e.inputs);
        }
        self.input_attachments |= e.input_attachments;
        self.primitive_shading_rate |= e.primitive_shading_rate;
    }
}

impl BoundPoint {
    /// vkCmdBindDescriptorSets: `sets` bound from `first` on with `layout`. Sets bound before
    /// stay (compatibility with the new layout is not followed: they stay as bound).
    pub fn bind_sets(&mut self, layout: Key, first: u32, sets: impl Iterator<Item = Option<Key>>) {
        let mut end = first as usize;
        for (i, set) in sets.enumerate() {
            let n = first as usize + i;
            if self.sets.len() <= n {
                self.sets.resize(n + 1, None);
            }
            self.sets[n] = Some(BoundSet { set, layout });
            end = n + 1;
        }
        // Those sets no longer come from descriptor buffers (rarely any do: one test).
        if self.buffer_sets != 0 {
            for n in (first as usize..end).take_while(|&n| n < 32) {
                self.buffer_sets &= !(1 << n);
            }
        }
    }

    /// vkCmdSetDescriptorBufferOffsets*EXT: sets `first` to `first + count - 1` now come from
    /// descriptor buffers; the sets bound there before are no longer bound.
    pub fn set_buffer_offsets(&mut self, first: u32, count: u32) {
        for n in first..first.saturating_add(count) {
            if let Some(s) = self.sets.get_mut(n as usize) {
                *s = None;
            }
            if n < 32 {
                self.buffer_sets |= 1 << n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(ranges: &[(u32, u32, u32)]) -> PipelineLayoutInfo {
        PipelineLayoutInfo {
            flags: 0,
            set_layouts: Vec::new(),
            push_constants: ranges
                .iter()
                .map(|&(stages, offset, size)| PushConstantRange { stages, offset, size })
                .collect(),
        }
    }

    #[test]
    fn push_constant_coverage_joins_ranges() {
        let l = layout(&[(1, 0, 8), (1, 8, 8), (2, 4, 4)]);
        assert!(l.push_constants_cover(1, 0, 16));
        assert!(l.push_constants_cover(1, 4, 8));
        assert!(!l.push_constants_cover(1, 0, 17));
        assert!(l.push_constants_cover(2, 4, 4));
        assert!(!l.push_constants_cover(2, 0, 8));
        assert_eq!(l.push_constants_overlapping(6, 4).count(), 3);
        assert_eq!(l.push_constants_overlapping(16, 4).count(), 0);
    }

    /// The plain case is taken only where the full checks find nothing: a fit never hides a
    /// stage left uncovered (01795) or an overlapped range's stage not named (01796).
    #[test]
    fn push_constant_fit_agrees_with_the_full_checks() {
        let layouts = [
            layout(&[(1, 0, 16)]),
            layout(&[(3, 0, 16)]),
            layout(&[(1, 0, 8), (1, 8, 8), (2, 4, 4)]),
            layout(&[(1, 0, 8), (2, 8, 8)]),
        ];
        for l in &layouts {
            for stages in 1..4u32 {
                for offset in (0..20).step_by(4) {
                    for size in (4..20).step_by(4) {
                        let covered = [1u32, 2]
                            .iter()
                            .filter(|&&s| stages & s != 0)
                            .all(|&s| l.push_constants_cover(s, offset, size));
                        let extra = l.push_constants_overlapping(offset, size).any(|r| r.stages & !stages != 0);
                        let valid = covered && !extra;
                        let fit = l.push_constants_fit(stages, offset, size);
                        assert!(!fit || valid, "{stages} {offset} {size}");
                    }
                }
            }
        }
        assert!(layouts[0].push_constants_fit(1, 0, 16));
        assert!(layouts[1].push_constants_fit(3, 4, 8));
        assert!(!layouts[1].push_constants_fit(1, 4, 8));
    }
}
