//! Samplers.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::{find, Findings};
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;

/// `vkCreateSampler`.
pub(super) fn create_sampler(checks: &DeviceStateless, cx: &Call<'_>, info: &VkSamplerCreateInfo) -> bool {
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("pCreateInfo");
    let limits = &checks.facts.limits;
    let features = &checks.facts.features;
    if info.anisotropyEnable == VK_TRUE {
        if !features.contains(Feature::SAMPLER_ANISOTROPY) {
            f.error(
                "VUID-VkSamplerCreateInfo-anisotropyEnable-01070",
                &at.arrow("anisotropyEnable"),
                format_args!("is VK_TRUE, but the samplerAnisotropy feature is not enabled."),
            );
        }
        if !(1.0..=limits.maxSamplerAnisotropy).contains(&info.maxAnisotropy) {
            f.error(
                "VUID-VkSamplerCreateInfo-anisotropyEnable-01071",
                &at.arrow("maxAnisotropy"),
                format_args!(
                    "is {}, outside [1.0, maxSamplerAnisotropy ({})].",
                    info.maxAnisotropy, limits.maxSamplerAnisotropy
                ),
            );
        }
    }
    if info.mipLodBias.abs() > limits.maxSamplerLodBias {
        f.error(
            "VUID-VkSamplerCreateInfo-mipLodBias-01069",
            &at.arrow("mipLodBias"),
            format_args!("is {}, beyond maxSamplerLodBias ({}).", info.mipLodBias, limits.maxSamplerLodBias),
        );
    }
    if info.maxLod < info.minLod {
        f.error(
            "VUID-VkSamplerCreateInfo-maxLod-01973",
            &at.arrow("maxLod"),
            format_args!("is {}, less than minLod ({}).", info.maxLod, info.minLod),
        );
    }
    if info.unnormalizedCoordinates == VK_TRUE {
        unnormalized_coordinates(info, &at, &mut f);
    }
    let mirror_clamp = VkSamplerAddressMode::VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE;
    if !features.contains(Feature::SAMPLER_MIRROR_CLAMP_TO_EDGE) && !checks.mirror_clamp_to_edge_extension {
        for (mode, name) in [
            (info.addressModeU, "addressModeU"),
            (info.addressModeV, "addressModeV"),
            (info.addressModeW, "addressModeW"),
        ] {
            if mode == mirror_clamp {
                f.error(
                    "VUID-VkSamplerCreateInfo-addressModeU-01079",
                    &at.arrow(name),
                    format_args!(
                        "is {mode:?}, but neither the samplerMirrorClampToEdge feature nor the \
                         VK_KHR_sampler_mirror_clamp_to_edge extension is enabled."
                    ),
                );
            }
        }
    }
    let reduction_ty = VkStructureType::VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO;
    // SAFETY: the application promises a valid pNext chain.
    let reduction = unsafe { find::<VkSamplerReductionModeCreateInfo>(info.pNext, reduction_ty) };
    let weighted = VkSamplerReductionMode::VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE;
    if let Some(mode) = reduction.map(|r| r.reductionMode).filter(|&m| m != weighted) {
        let next_at = at.arrow("pNext");
        let chained = next_at.chained("VkSamplerReductionModeCreateInfo");
        let mode_at = chained.dot("reductionMode");
        if !features.contains(Feature::SAMPLER_FILTER_MINMAX) {
            f.error(
                "VUID-VkSamplerCreateInfo-pNext-06726",
                &mode_at,
                format_args!("is {mode:?}, but the samplerFilterMinmax feature is not enabled."),
            );
        }
        if info.compareEnable == VK_TRUE {
            f.error(
                "VUID-VkSamplerCreateInfo-compareEnable-01423",
                &mode_at,
                format_args!("is {mode:?}, but compareEnable is VK_TRUE."),
            );
        }
    }
    f.skip
}

/// The restrictions on a sampler with unnormalizedCoordinates VK_TRUE.
fn unnormalized_coordinates(info: &VkSamplerCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    if info.minFilter != info.magFilter {
        f.error(
            "VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01072",
            &at.arrow("minFilter"),
            format_args!(
                "is {:?}, but magFilter is {:?} and unnormalizedCoordinates is VK_TRUE.",
                info.minFilter, info.magFilter
            ),
        );
    }
    if info.mipmapMode != VkSamplerMipmapMode::VK_SAMPLER_MIPMAP_MODE_NEAREST {
        f.error(
            "VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01073",
            &at.arrow("mipmapMode"),
            format_args!("is {:?}, but unnormalizedCoordinates is VK_TRUE.", info.mipmapMode),
        );
    }
    if info.minLod != 0.0 || info.maxLod != 0.0 {
        f.error(
            "VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01074",
            &at.arrow("minLod"),
            format_args!(
                "is {} and maxLod is {}, but unnormalizedCoordinates is VK_TRUE (both must be 0).",
                info.minLod, info.maxLod
            ),
        );
    }
    let clamps = [
        VkSamplerAddressMode::VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        VkSamplerAddressMode::VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
    ];
    for (mode, name) in [(info.addressModeU, "addressModeU"), (info.addressModeV, "addressModeV")] {
        if !clamps.contains(&mode) {
            f.error(
                "VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01075",
                &at.arrow(name),
                format_args!("is {mode:?}, but unnormalizedCoordinates is VK_TRUE."),
            );
        }
    }
    if info.anisotropyEnable == VK_TRUE {
        f.error(
            "VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01076",
            &at.arrow("anisotropyEnable"),
            format_args!("is VK_TRUE, but unnormalizedCoordinates is VK_TRUE."),
        );
    }
    if info.compareEnable == VK_TRUE {
        f.error(
            "VUID-VkSamplerCreateInfo-unnormalizedCoordinates-01077",
            &at.arrow("compareEnable"),
            format_args!("is VK_TRUE, but unnormalizedCoordinates is VK_TRUE."),
        );
    }
}
