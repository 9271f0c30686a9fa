//! Samplers: what the draw-time descriptor checks (`checks::core::draw_descriptors`) compare
//! with the image views they sample — filters, mipmap mode, reduction mode, depth comparison and
//! unnormalized coordinates — kept at vkCreateSampler, and by descriptors and set layouts that
//! name a sampler (`Written::sampler`, `SetLayoutInfo::immutable_samplers`).

use std::sync::Arc;

use vigil_generated::*;

use super::objects::OBJECTS;
use super::records::{ObjectRecord, ObjectState, TYPES};
use super::tracker::StateTracker;
pub use super::values::{SamplerInfo, YcbcrConversionInfo};
use crate::chassis::raw::chained;

/// `VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE`, the reduction mode without
/// `VkSamplerReductionModeCreateInfo`.
pub const REDUCTION_WEIGHTED_AVERAGE: i32 = 0;
/// `VK_SAMPLER_REDUCTION_MODE_MIN`.
pub const REDUCTION_MIN: i32 = 1;
/// `VK_SAMPLER_REDUCTION_MODE_MAX`.
pub const REDUCTION_MAX: i32 = 2;
/// `VK_BORDER_COLOR_FLOAT_CUSTOM_EXT` and `VK_BORDER_COLOR_INT_CUSTOM_EXT`.
pub const CUSTOM_BORDER_COLORS: [VkBorderColor; 2] =
    [VkBorderColor::VK_BORDER_COLOR_FLOAT_CUSTOM_EXT, VkBorderColor::VK_BORDER_COLOR_INT_CUSTOM_EXT];

impl SamplerInfo {
    /// The info of a sampler created with `info` as `handle`.
    ///
    /// # Safety
    /// `info`'s pNext chain must be valid.
    pub unsafe fn new(info: &VkSamplerCreateInfo, handle: u64) -> Self {
        let ty = VkStructureType::VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO;
        // SAFETY: the caller's valid chain.
        let reduction = unsafe { chained::<VkSamplerReductionModeCreateInfo>(info.pNext, ty) }
            .map_or(REDUCTION_WEIGHTED_AVERAGE, |r| r.reductionMode.0);
        let linear = VkFilter::VK_FILTER_LINEAR;
        SamplerInfo {
            handle,
            linear_filter: info.magFilter == linear || info.minFilter == linear,
            linear_mipmap: info.mipmapMode == VkSamplerMipmapMode::VK_SAMPLER_MIPMAP_MODE_LINEAR,
            reduction,
            compare_enable: info.compareEnable != 0,
            unnormalized_coordinates: info.unnormalizedCoordinates != 0,
            cubic_filter: info.magFilter == VkFilter::VK_FILTER_CUBIC_EXT
                || info.minFilter == VkFilter::VK_FILTER_CUBIC_EXT,
            clamp_to_edge: [info.addressModeU, info.addressModeV, info.addressModeW]
                .map(|m| m == VkSamplerAddressMode::VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE),
            custom_border_color: CUSTOM_BORDER_COLORS.contains(&info.borderColor),
        }
    }
}

impl ObjectRecord {
    /// What a sampler Y′CBCR conversion was created with, once its creation was seen.
    pub fn ycbcr_conversion(&self) -> Option<YcbcrConversionInfo> {
        match &self.state {
            ObjectState::SamplerYcbcrConversion(c) => c.info.get().copied(),
            _ => None,
        }
    }

    /// What a sampler was created with, once its creation was seen.
    pub fn sampler_info(&self) -> Option<SamplerInfo> {
        match &self.state {
            ObjectState::Sampler(s) => s.info.get().copied(),
            _ => None,
        }
    }
}

impl StateTracker {
    /// Records a successful vkCreateSampler.
    ///
    /// # Safety
    /// `info` must be the create info the implementation accepted.
    pub(super) unsafe fn sampler_created(&self, info: &VkSamplerCreateInfo, sampler: u64) {
        let Some(record) = self.get(TYPES.sampler, sampler) else { return };
        if let ObjectState::Sampler(s) = &record.state {
            // SAFETY: the caller's accepted create info.
            let made = unsafe { SamplerInfo::new(info, sampler) };
            // Counted once, with the info that the count's removal reads back.
            if s.info.set(made).is_ok() && made.custom_border_color {
                OBJECTS.custom_border_color_sampler_created(record.key.scope);
            }
        }
    }

    /// Records a successful vkCreateSamplerYcbcrConversion.
    pub(super) fn ycbcr_conversion_created(&self, info: &VkSamplerYcbcrConversionCreateInfo, conversion: u64) {
        let Some(record) = self.get(TYPES.sampler_ycbcr_conversion, conversion) else { return };
        if let ObjectState::SamplerYcbcrConversion(c) = &record.state {
            let _ = c.info.set(YcbcrConversionInfo { format: info.format.0, chroma_filter: info.chromaFilter.0 });
        }
    }

    /// The record of sampler `sampler`, when the tracker knows it and no other live object
    /// shares its handle.
    pub(super) fn sampler_record(&self, sampler: u64) -> Option<Arc<ObjectRecord>> {
        self.get(TYPES.sampler, sampler).filter(|r| !r.aliased())
    }
}
