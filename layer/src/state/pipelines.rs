//! Pipelines, pipeline layouts, descriptor set layouts and descriptor sets as created, and what
//! a recording binds: the state that draw-, dispatch- and bind-time checks read.

use std::sync::Arc;

use vigil_generated::*;

pub use super::records::{
    BoundPoint, BoundSet, PipelineInfo, PipelineLayoutInfo, PushConstantRange, SetLayoutBinding, SetLayoutInfo,
};
use super::records::{
    DescriptorSetLayoutState, DescriptorSetState, Key, ObjectRecord, ObjectState, PipelineLayoutState, PipelineState,
};
use crate::chassis::raw::slice;

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
    pub fn pipeline_created(&self, bind_point: i32) {
        if let ObjectState::Pipeline(PipelineState { info }) = &self.state {
            let _ = info.set(PipelineInfo { bind_point });
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
        let _ = state.set(PipelineLayoutInfo {
            set_layouts: sets.iter().map(|s| (s.as_raw() != 0).then(|| set_layout(s.as_raw())).flatten()).collect(),
            push_constants: ranges
                .iter()
                .map(|r| PushConstantRange { stages: r.stageFlags.0, offset: r.offset, size: r.size })
                .collect(),
        });
    }

    /// Records what a descriptor set layout was created with.
    ///
    /// # Safety
    /// As for [`ObjectRecord::pipeline_layout_created`].
    pub unsafe fn set_layout_created(&self, info: &VkDescriptorSetLayoutCreateInfo) {
        let ObjectState::DescriptorSetLayout(DescriptorSetLayoutState { info: state }) = &self.state else { return };
        // SAFETY: the counted array of a valid create info.
        let bindings = unsafe { slice(info.pBindings, info.bindingCount) };
        let mut bindings: Vec<SetLayoutBinding> = bindings
            .iter()
            .map(|b| SetLayoutBinding {
                binding: b.binding,
                ty: b.descriptorType.0,
                count: b.descriptorCount,
                stages: b.stageFlags.0,
            })
            .collect();
        bindings.sort_by_key(|b| b.binding);
        let _ = state.set(SetLayoutInfo { flags: info.flags.0, bindings });
    }

    /// Records the layout a descriptor set was allocated with.
    pub fn set_allocated(&self, layout: Arc<ObjectRecord>) {
        if let ObjectState::DescriptorSet(DescriptorSetState { layout: state }) = &self.state {
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
        self == other
    }
}

impl PipelineLayoutInfo {
    /// The ranges overlapping bytes `offset..offset + size`.
    pub fn push_constants_overlapping(&self, offset: u32, size: u32) -> impl Iterator<Item = &PushConstantRange> {
        let end = u64::from(offset) + u64::from(size);
        self.push_constants
            .iter()
            .filter(move |r| u64::from(r.offset) < end && u64::from(offset) < u64::from(r.offset) + u64::from(r.size))
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

impl BoundPoint {
    /// vkCmdBindDescriptorSets: `sets` bound from `first` on with `layout`. Sets bound before
    /// stay (compatibility with the new layout is not followed: they stay as bound).
    pub fn bind_sets(&mut self, layout: Key, first: u32, sets: impl Iterator<Item = Option<Key>>) {
        for (i, set) in sets.enumerate() {
            let n = first as usize + i;
            if self.sets.len() <= n {
                self.sets.resize(n + 1, None);
            }
            self.sets[n] = Some(BoundSet { set, layout });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(ranges: &[(u32, u32, u32)]) -> PipelineLayoutInfo {
        PipelineLayoutInfo {
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
}
