//! The pipeline stages a queue submission's semaphore waits and signals name: vkQueueSubmit's
//! `pWaitDstStageMask` (no host stage, not 0 without synchronization2) and vkQueueSubmit2's
//! `VkSemaphoreSubmitInfo::stageMask`, neither naming the stage of a feature that is not
//! enabled; vkQueueSubmit2 itself needs synchronization2.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::CoreChecks;
use crate::chassis::raw::slice;
use crate::chassis::Call;
use crate::report::Location;

/// `VK_PIPELINE_STAGE_HOST_BIT` (the same bit in `VkPipelineStageFlags2`).
const HOST: u64 = 0x4000;

/// A stage (or stages) only a feature enables: its bits, the features of which one must be
/// enabled, and its id in `VkSubmitInfo::pWaitDstStageMask` (where the stage exists in
/// `VkPipelineStageFlags`) and in `VkSemaphoreSubmitInfo::stageMask`.
struct FeatureStage {
    bits: u64,
    features: &'static [Feature],
    submit: Option<&'static str>,
    semaphore: &'static str,
}

const fn stage(
    bits: u64,
    features: &'static [Feature],
    submit: Option<&'static str>,
    semaphore: &'static str,
) -> FeatureStage {
    FeatureStage { bits, features, submit, semaphore }
}

const FEATURE_STAGES: [FeatureStage; 10] = [
    stage(
        0x40,
        &[Feature::GEOMETRY_SHADER],
        Some("VUID-VkSubmitInfo-pWaitDstStageMask-04090"),
        "VUID-VkSemaphoreSubmitInfo-stageMask-03929",
    ),
    stage(
        0x10 | 0x20,
        &[Feature::TESSELLATION_SHADER],
        Some("VUID-VkSubmitInfo-pWaitDstStageMask-04091"),
        "VUID-VkSemaphoreSubmitInfo-stageMask-03930",
    ),
    stage(
        0x4_0000,
        &[Feature::CONDITIONAL_RENDERING],
        Some("VUID-VkSubmitInfo-pWaitDstStageMask-04092"),
        "VUID-VkSemaphoreSubmitInfo-stageMask-03931",
    ),
    stage(
        0x80_0000,
        &[Feature::FRAGMENT_DENSITY_MAP],
        Some("VUID-VkSubmitInfo-pWaitDstStageMask-04093"),
        "VUID-VkSemaphoreSubmitInfo-stageMask-03932",
    ),
    stage(
        0x100_0000,
        &[Feature::TRANSFORM_FEEDBACK],
        Some("VUID-VkSubmitInfo-pWaitDstStageMask-04094"),
        "VUID-VkSemaphoreSubmitInfo-stageMask-03933",
    ),
    stage(
        0x10_0000,
        &[Feature::MESH_SHADER],
        Some("VUID-VkSubmitInfo-pWaitDstStageMask-04095"),
        "VUID-VkSemaphoreSubmitInfo-stageMask-03934",
    ),
    stage(
        0x8_0000,
        &[Feature::TASK_SHADER],
        Some("VUID-VkSubmitInfo-pWaitDstStageMask-04096"),
        "VUID-VkSemaphoreSubmitInfo-stageMask-03935",
    ),
    stage(
        0x40_0000,
        &[Feature::SHADING_RATE_IMAGE, Feature::ATTACHMENT_FRAGMENT_SHADING_RATE],
        Some("VUID-VkSubmitInfo-pWaitDstStageMask-07318"),
        "VUID-VkSemaphoreSubmitInfo-stageMask-07316",
    ),
    stage(0x80_0000_0000, &[Feature::SUBPASS_SHADING], None, "VUID-VkSemaphoreSubmitInfo-stageMask-04957"),
    stage(0x100_0000_0000, &[Feature::INVOCATION_MASK], None, "VUID-VkSemaphoreSubmitInfo-stageMask-04995"),
];

/// Whether `feature` is enabled; without facts (never for a device call) taken as enabled.
fn enabled(cx: &Call<'_>, feature: Feature) -> bool {
    cx.device().is_none_or(|d| d.features.contains(feature))
}

/// The stages of `mask` whose features are not enabled: each reported with the id `id` picks.
fn feature_stages(
    cx: &Call<'_>,
    mask: u64,
    at: &Location<'_>,
    id: impl Fn(&FeatureStage) -> Option<&'static str>,
) -> bool {
    let mut skip = false;
    for s in FEATURE_STAGES.iter().filter(|s| mask & s.bits != 0) {
        let Some(vuid) = id(s) else { continue };
        if s.features.iter().any(|&f| enabled(cx, f)) {
            continue;
        }
        skip |= cx.error(
            vuid,
            at,
            format_args!(
                "({mask:#x}) includes stage bits {:#x}, but the feature that enables them is not enabled.",
                mask & s.bits
            ),
        );
    }
    skip
}

impl CoreChecks {
    /// vkQueueSubmit's `pSubmits[i]` (at `submit`): the stage mask of each semaphore wait. True
    /// to skip the call.
    pub(super) fn submit_wait_stages(cx: &Call<'_>, s: &VkSubmitInfo, submit: &Location<'_>) -> bool {
        let mut skip = false;
        let sync2 = enabled(cx, Feature::SYNCHRONIZATION2);
        let masks = submit.dot("pWaitDstStageMask");
        // SAFETY: one mask per wait semaphore, as the application passed them (stateless
        // checked the pointer).
        for (j, mask) in unsafe { slice(s.pWaitDstStageMask, s.waitSemaphoreCount) }.iter().enumerate() {
            let mask = u64::from(mask.0);
            let at = masks.index(j);
            if mask & HOST != 0 {
                skip |= cx.error(
                    "VUID-VkSubmitInfo-pWaitDstStageMask-00078",
                    &at,
                    format_args!(
                        "({mask:#x}) includes VK_PIPELINE_STAGE_HOST_BIT: a semaphore wait is not on the host."
                    ),
                );
            }
            if mask == 0 && !sync2 {
                skip |= cx.error(
                    "VUID-VkSubmitInfo-pWaitDstStageMask-03937",
                    &at,
                    format_args!("is 0, but the synchronization2 feature is not enabled."),
                );
            }
            skip |= feature_stages(cx, mask, &at, |s| s.submit);
        }
        skip
    }

    /// vkQueueSubmit2's `pSubmits[i]` (at `submit`): the stage mask of each semaphore wait and
    /// signal. True to skip the call.
    pub(super) fn submit2_semaphore_stages(cx: &Call<'_>, s: &VkSubmitInfo2, submit: &Location<'_>) -> bool {
        let mut skip = false;
        // SAFETY: the counted arrays, as the application passed them (stateless checked them).
        let (waits, signals) = unsafe {
            (
                slice(s.pWaitSemaphoreInfos, s.waitSemaphoreInfoCount),
                slice(s.pSignalSemaphoreInfos, s.signalSemaphoreInfoCount),
            )
        };
        for (member, infos) in [("pWaitSemaphoreInfos", waits), ("pSignalSemaphoreInfos", signals)] {
            let list = submit.dot(member);
            for (j, info) in infos.iter().enumerate() {
                let at = list.index(j);
                skip |= feature_stages(cx, info.stageMask.0, &at.dot("stageMask"), |s| Some(s.semaphore));
            }
        }
        skip
    }

    /// vkQueueSubmit2 needs the synchronization2 feature. True to skip the call.
    pub(super) fn submit2_enabled(cx: &Call<'_>) -> bool {
        !enabled(cx, Feature::SYNCHRONIZATION2)
            && cx.error(
                "VUID-vkQueueSubmit2-synchronization2-03866",
                &cx.location(),
                format_args!("is called, but the synchronization2 feature is not enabled."),
            )
    }
}
