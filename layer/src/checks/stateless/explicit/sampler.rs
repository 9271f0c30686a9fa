//! Samplers.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::capture_replay::{descriptor_capture_replay, CaptureReplay, NO_DESCRIPTOR_BUFFER_CAPTURE_REPLAY};
use super::{find, Findings};
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;
use crate::state::resolve::call_record;
use crate::state::samplers::CUSTOM_BORDER_COLORS;
use crate::state::{OBJECTS, TYPES};

/// `vkCreateSampler`.
pub(super) fn create_sampler(checks: &DeviceStateless, cx: &Call<'_>, info: &VkSamplerCreateInfo) -> bool {
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("pCreateInfo");
    let limits = &checks.facts.limits;
    let features = &checks.facts.features;
    let live = OBJECTS.samplers(checks.scope.0);
    let limit = limits.maxSamplerAllocationCount as usize;
    if live >= limit {
        f.error(
            "VUID-vkCreateSampler-maxSamplerAllocationCount-04110",
            &cmd,
            format_args!(
                "would make sampler {} of this device, but maxSamplerAllocationCount is {limit}: {live} are created \
                 and not destroyed.",
                live + 1
            ),
        );
    }
    let custom_limit = checks.facts.extension_limits.max_custom_border_color_samplers;
    if let (true, Some(limit)) = (CUSTOM_BORDER_COLORS.contains(&info.borderColor), custom_limit) {
        let live = OBJECTS.custom_border_color_samplers(checks.scope.0);
        if live >= limit as usize {
            f.error(
                "VUID-VkSamplerCreateInfo-None-04012",
                &at.arrow("borderColor"),
                format_args!(
                    "is {:?}: it would make sampler {} of this device with a custom border color, but \
                     maxCustomBorderColorSamplers is {limit}: {live} are created and not destroyed.",
                    info.borderColor,
                    live + 1
                ),
            );
        }
    }
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
    let ycbcr_ty = VkStructureType::VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_INFO;
    // SAFETY: the application promises a valid pNext chain.
    let ycbcr = unsafe { find::<VkSamplerYcbcrConversionInfo>(info.pNext, ycbcr_ty) };
    if let Some(conversion) = ycbcr.map(|y| y.conversion).filter(|c| c.as_raw() != 0) {
        ycbcr_conversion(info, reduction, &at, &mut f);
        chroma_filter(checks, cx, info, conversion, &at, &mut f);
    }
    enums_and_border(checks, info, &at, &mut f);
    if info.flags.contains(VkSamplerCreateFlags::VK_SAMPLER_CREATE_SUBSAMPLED_BIT_EXT) {
        subsampled(info, &at, &mut f);
    }
    sampler_flags(checks, info, &at, &mut f);
    let cubic = VkFilter::VK_FILTER_CUBIC_EXT;
    if (info.magFilter == cubic || info.minFilter == cubic) && info.anisotropyEnable == VK_TRUE {
        f.error(
            "VUID-VkSamplerCreateInfo-magFilter-01081",
            &at.arrow("anisotropyEnable"),
            format_args!(
                "is VK_TRUE, but magFilter is {:?} and minFilter is {:?} (VK_FILTER_CUBIC_EXT).",
                info.magFilter, info.minFilter
            ),
        );
    }
    if info.mipLodBias != 0.0
        && checks.facts.extension_names.contains("VK_KHR_portability_subset")
        && !features.contains(Feature::SAMPLER_MIP_LOD_BIAS)
    {
        f.error(
            "VUID-VkSamplerCreateInfo-samplerMipLodBias-04467",
            &at.arrow("mipLodBias"),
            format_args!(
                "is {}, not 0, but VK_KHR_portability_subset is enabled and its samplerMipLodBias feature is not.",
                info.mipLodBias
            ),
        );
    }
    f.skip
}

/// The restrictions on a sampler with a Y′CBCR conversion.
fn ycbcr_conversion(
    info: &VkSamplerCreateInfo,
    reduction: Option<&VkSamplerReductionModeCreateInfo>,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    let weighted = VkSamplerReductionMode::VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE;
    if let Some(mode) = reduction.map(|r| r.reductionMode).filter(|&m| m != weighted) {
        let next_at = at.arrow("pNext");
        let chained = next_at.chained("VkSamplerReductionModeCreateInfo");
        f.error(
            "VUID-VkSamplerCreateInfo-None-01647",
            &chained.dot("reductionMode"),
            format_args!(
                "is {mode:?}, not VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE, but the sampler has a Y′CBCR \
                 conversion."
            ),
        );
    }
    let edge = VkSamplerAddressMode::VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    for (mode, name) in
        [(info.addressModeU, "addressModeU"), (info.addressModeV, "addressModeV"), (info.addressModeW, "addressModeW")]
    {
        if mode != edge {
            f.error(
                "VUID-VkSamplerCreateInfo-addressModeU-01646",
                &at.arrow(name),
                format_args!(
                    "is {mode:?}, not VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, but the sampler has a Y′CBCR \
                     conversion."
                ),
            );
        }
    }
    for (value, name) in
        [(info.anisotropyEnable, "anisotropyEnable"), (info.unnormalizedCoordinates, "unnormalizedCoordinates")]
    {
        if value == VK_TRUE {
            f.error(
                "VUID-VkSamplerCreateInfo-addressModeU-01646",
                &at.arrow(name),
                format_args!("is VK_TRUE, but the sampler has a Y′CBCR conversion."),
            );
        }
    }
}

/// A sampler's filters against its Y′CBCR conversion's chroma filter, where the conversion's
/// format cannot filter separately.
fn chroma_filter(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    info: &VkSamplerCreateInfo,
    conversion: VkSamplerYcbcrConversion,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    let Some(record) = call_record(cx, TYPES.sampler_ycbcr_conversion, conversion.as_raw(), checks.scope) else {
        return;
    };
    let Some(c) = record.ycbcr_conversion() else { return };
    // An external format's features are not a VkFormat's; a DRM format modifier's add to the
    // potential format features.
    let format = VkFormat(c.format);
    if format == VkFormat::VK_FORMAT_UNDEFINED
        || checks.facts.extension_names.contains("VK_EXT_image_drm_format_modifier")
    {
        return;
    }
    let Some(p) = checks.facts.format_properties(format) else { return };
    let potential = p.optimalTilingFeatures.0 | p.linearTilingFeatures.0;
    let separate =
        VkFormatFeatureFlags::VK_FORMAT_FEATURE_SAMPLED_IMAGE_YCBCR_CONVERSION_SEPARATE_RECONSTRUCTION_FILTER_BIT;
    if potential & separate.0 != 0 {
        return;
    }
    let chroma = VkFilter(c.chroma_filter);
    for (filter, name) in [(info.minFilter, "minFilter"), (info.magFilter, "magFilter")] {
        if filter != chroma {
            f.error(
                "VUID-VkSamplerCreateInfo-minFilter-01645",
                &at.arrow(name),
                format_args!(
                    "is {filter:?}, but the sampler's Y′CBCR conversion has chromaFilter {chroma:?} and its format \
                     ({format:?}) lacks VK_FORMAT_FEATURE_SAMPLED_IMAGE_YCBCR_CONVERSION_SEPARATE_RECONSTRUCTION_FILTER_BIT."
                ),
            );
        }
    }
}

/// The members vk.xml leaves to prose (`noautovalidity`): the comparison and the border color,
/// and a custom border color's feature and structure.
fn enums_and_border(checks: &DeviceStateless, info: &VkSamplerCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    // VkCompareOp has only the core values.
    if info.compareEnable == VK_TRUE && !(0..=7).contains(&info.compareOp.0) {
        f.error(
            "VUID-VkSamplerCreateInfo-compareEnable-01080",
            &at.arrow("compareOp"),
            format_args!("is {}, not a VkCompareOp value, and compareEnable is VK_TRUE.", info.compareOp.0),
        );
    }
    let border = info.borderColor;
    let custom = CUSTOM_BORDER_COLORS.contains(&border);
    let custom_extension = checks.facts.extension_names.contains("VK_EXT_custom_border_color");
    let valid_border = (0..=5).contains(&border.0) || (custom && custom_extension);
    let clamp_border = VkSamplerAddressMode::VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
    let border_mode = [info.addressModeU, info.addressModeV, info.addressModeW].contains(&clamp_border);
    if border_mode && !valid_border {
        f.error(
            "VUID-VkSamplerCreateInfo-addressModeU-01078",
            &at.arrow("borderColor"),
            format_args!(
                "is {border:?}, not a valid VkBorderColor value{}, but an address mode is \
                 VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER.",
                if custom { " (VK_EXT_custom_border_color is not enabled)" } else { "" }
            ),
        );
    }
    if !custom {
        return;
    }
    if !checks.facts.features.contains(Feature::CUSTOM_BORDER_COLORS) {
        f.error(
            "VUID-VkSamplerCreateInfo-customBorderColors-04085",
            &at.arrow("borderColor"),
            format_args!("is {border:?}, but the customBorderColors feature is not enabled."),
        );
    }
    let custom_ty = VkStructureType::VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT;
    // SAFETY: the application promises a valid pNext chain.
    if unsafe { find::<VkSamplerCustomBorderColorCreateInfoEXT>(info.pNext, custom_ty) }.is_none() {
        f.error(
            "VUID-VkSamplerCreateInfo-borderColor-04011",
            &at.arrow("borderColor"),
            format_args!(
                "is {border:?}, but the pNext chain does not include VkSamplerCustomBorderColorCreateInfoEXT."
            ),
        );
    }
}

/// The restrictions on a sampler with VK_SAMPLER_CREATE_SUBSAMPLED_BIT_EXT.
fn subsampled(info: &VkSamplerCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    let why = "flags has VK_SAMPLER_CREATE_SUBSAMPLED_BIT_EXT";
    if info.minFilter != info.magFilter {
        f.error(
            "VUID-VkSamplerCreateInfo-flags-02574",
            &at.arrow("minFilter"),
            format_args!("is {:?}, but magFilter is {:?} and {why}.", info.minFilter, info.magFilter),
        );
    }
    if info.mipmapMode != VkSamplerMipmapMode::VK_SAMPLER_MIPMAP_MODE_NEAREST {
        f.error(
            "VUID-VkSamplerCreateInfo-flags-02575",
            &at.arrow("mipmapMode"),
            format_args!("is {:?}, but {why}.", info.mipmapMode),
        );
    }
    if info.minLod != 0.0 || info.maxLod != 0.0 {
        f.error(
            "VUID-VkSamplerCreateInfo-flags-02576",
            &at.arrow("minLod"),
            format_args!("is {} and maxLod is {}, but {why} (both must be 0).", info.minLod, info.maxLod),
        );
    }
    let clamps = [
        VkSamplerAddressMode::VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
        VkSamplerAddressMode::VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
    ];
    for (mode, name) in [(info.addressModeU, "addressModeU"), (info.addressModeV, "addressModeV")] {
        if !clamps.contains(&mode) {
            f.error("VUID-VkSamplerCreateInfo-flags-02577", &at.arrow(name), format_args!("is {mode:?}, but {why}."));
        }
    }
    for (value, name, id) in [
        (info.anisotropyEnable, "anisotropyEnable", "VUID-VkSamplerCreateInfo-flags-02578"),
        (info.compareEnable, "compareEnable", "VUID-VkSamplerCreateInfo-flags-02579"),
        (info.unnormalizedCoordinates, "unnormalizedCoordinates", "VUID-VkSamplerCreateInfo-flags-02580"),
    ] {
        if value == VK_TRUE {
            f.error(id, &at.arrow(name), format_args!("is VK_TRUE, but {why}."));
        }
    }
}

/// The flags that need a feature, and the structure that needs a flag.
fn sampler_flags(checks: &DeviceStateless, info: &VkSamplerCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    use VkSamplerCreateFlags as F;
    let features = &checks.facts.features;
    let flags = info.flags;
    let flags_at = at.arrow("flags");
    let rule = CaptureReplay {
        bit: "VK_SAMPLER_CREATE_DESCRIPTOR_BUFFER_CAPTURE_REPLAY_BIT_EXT",
        flag_id: "VUID-VkSamplerCreateInfo-flags-08110",
        pnext_id: "VUID-VkSamplerCreateInfo-pNext-08111",
    };
    let capture = flags.contains(F::VK_SAMPLER_CREATE_DESCRIPTOR_BUFFER_CAPTURE_REPLAY_BIT_EXT);
    let missing =
        (!features.contains(Feature::DESCRIPTOR_BUFFER_CAPTURE_REPLAY)).then_some(NO_DESCRIPTOR_BUFFER_CAPTURE_REPLAY);
    // SAFETY: the application promises a valid pNext chain.
    unsafe { descriptor_capture_replay(&rule, (flags.0, capture), missing, info.pNext, &flags_at, f) };
    if flags.contains(F::VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT)
        && !features.contains(Feature::NON_SEAMLESS_CUBE_MAP)
    {
        f.error(
            "VUID-VkSamplerCreateInfo-nonSeamlessCubeMap-06788",
            &flags_at,
            format_args!(
                "is {:#x}, with VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT, but the nonSeamlessCubeMap feature is \
                 not enabled.",
                flags.0
            ),
        );
    }
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
