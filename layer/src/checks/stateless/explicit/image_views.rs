//! Image views: the view against the image it views.

use vigil_generated::features::Feature;
use vigil_generated::formats::format_info;
use vigil_generated::*;

use super::capture_replay::{descriptor_capture_replay, CaptureReplay, NO_DESCRIPTOR_BUFFER_CAPTURE_REPLAY};
use super::{find, image_view_formats, Findings};
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;
use crate::state::images::ImageState;
use crate::state::resolve::call_record;
use crate::state::TYPES;

/// What image views are checked against: the image's creation parameters.
#[derive(Clone, Copy, Debug)]
struct ImageFacts {
    image_type: VkImageType,
    mip_levels: u32,
    array_layers: u32,
    flags: VkImageCreateFlags,
    format: VkFormat,
    /// Its depth (the depth slices a 2D view of a 3D image can have at level 0).
    depth: u32,
    samples: u32,
    usage: u32,
    stencil_usage: Option<u32>,
    tiling: i32,
    /// The format features of its format and tiling, where `vkGetPhysicalDeviceFormatProperties`
    /// answers them.
    features: Option<u32>,
    /// Bound to memory, or not needing a binding of its own that the tracker follows: sparse,
    /// disjoint (bound plane by plane) or bound to a swapchain's memory.
    bound: bool,
    /// Whether the view's format is one of its `VkImageFormatListCreateInfo`'s formats; `None`
    /// without such a list.
    listed: Option<bool>,
}

/// The creation parameters of `image`, from the state tracker's record of it, with `view_format`
/// looked up in its format list; `None` for an image whose creation Vigil did not see.
fn image_facts(state: &ImageState, view_format: VkFormat) -> Option<ImageFacts> {
    use VkImageCreateFlags as F;
    let info = state.info()?;
    let own_binding = !(info.swapchain || state.sparse() || info.flags.contains(F::VK_IMAGE_CREATE_DISJOINT_BIT));
    Some(ImageFacts {
        image_type: info.ty,
        mip_levels: info.levels,
        array_layers: info.layers,
        flags: info.flags,
        format: info.format,
        depth: info.extent.depth,
        samples: info.samples,
        usage: info.usage,
        stencil_usage: info.stencil_usage,
        tiling: info.tiling,
        features: info.features,
        bound: !own_binding || state.bound(),
        listed: state.view_format_list().map(|l| l.contains(&view_format.0)),
    })
}

/// The usages of which an image viewed must have one (`-image-04441`).
const VIEWABLE_USAGE: [(VkImageUsageFlags, &str); 16] = {
    use VkImageUsageFlags as U;
    [
        (U::VK_IMAGE_USAGE_SAMPLED_BIT, "VK_IMAGE_USAGE_SAMPLED_BIT"),
        (U::VK_IMAGE_USAGE_STORAGE_BIT, "VK_IMAGE_USAGE_STORAGE_BIT"),
        (U::VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, "VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT"),
        (U::VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, "VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT"),
        (U::VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT, "VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT"),
        (U::VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT, "VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT"),
        (
            U::VK_IMAGE_USAGE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR,
            "VK_IMAGE_USAGE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR",
        ),
        (U::VK_IMAGE_USAGE_FRAGMENT_DENSITY_MAP_BIT_EXT, "VK_IMAGE_USAGE_FRAGMENT_DENSITY_MAP_BIT_EXT"),
        (U::VK_IMAGE_USAGE_VIDEO_DECODE_DST_BIT_KHR, "VK_IMAGE_USAGE_VIDEO_DECODE_DST_BIT_KHR"),
        (U::VK_IMAGE_USAGE_VIDEO_DECODE_DPB_BIT_KHR, "VK_IMAGE_USAGE_VIDEO_DECODE_DPB_BIT_KHR"),
        (U::VK_IMAGE_USAGE_VIDEO_ENCODE_SRC_BIT_KHR, "VK_IMAGE_USAGE_VIDEO_ENCODE_SRC_BIT_KHR"),
        (U::VK_IMAGE_USAGE_VIDEO_ENCODE_DPB_BIT_KHR, "VK_IMAGE_USAGE_VIDEO_ENCODE_DPB_BIT_KHR"),
        (U::VK_IMAGE_USAGE_SAMPLE_WEIGHT_BIT_QCOM, "VK_IMAGE_USAGE_SAMPLE_WEIGHT_BIT_QCOM"),
        (U::VK_IMAGE_USAGE_SAMPLE_BLOCK_MATCH_BIT_QCOM, "VK_IMAGE_USAGE_SAMPLE_BLOCK_MATCH_BIT_QCOM"),
        (
            U::VK_IMAGE_USAGE_VIDEO_ENCODE_QUANTIZATION_DELTA_MAP_BIT_KHR,
            "VK_IMAGE_USAGE_VIDEO_ENCODE_QUANTIZATION_DELTA_MAP_BIT_KHR",
        ),
        (U::VK_IMAGE_USAGE_VIDEO_ENCODE_EMPHASIS_MAP_BIT_KHR, "VK_IMAGE_USAGE_VIDEO_ENCODE_EMPHASIS_MAP_BIT_KHR"),
    ]
};

/// Whether an image view type may view an image of type `image` created with `flags`, per the
/// view type compatibility table.
fn view_type_compatible(image: VkImageType, flags: VkImageCreateFlags, view: VkImageViewType) -> bool {
    use VkImageCreateFlags as F;
    use VkImageViewType as V;
    match image {
        VkImageType::VK_IMAGE_TYPE_1D => view == V::VK_IMAGE_VIEW_TYPE_1D || view == V::VK_IMAGE_VIEW_TYPE_1D_ARRAY,
        VkImageType::VK_IMAGE_TYPE_2D => {
            view == V::VK_IMAGE_VIEW_TYPE_2D
                || view == V::VK_IMAGE_VIEW_TYPE_2D_ARRAY
                || (flags.contains(F::VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT)
                    && (view == V::VK_IMAGE_VIEW_TYPE_CUBE || view == V::VK_IMAGE_VIEW_TYPE_CUBE_ARRAY))
        }
        VkImageType::VK_IMAGE_TYPE_3D => {
            view == V::VK_IMAGE_VIEW_TYPE_3D
                || (flags.contains(F::VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT)
                    && (view == V::VK_IMAGE_VIEW_TYPE_2D || view == V::VK_IMAGE_VIEW_TYPE_2D_ARRAY))
                || (flags.contains(F::VK_IMAGE_CREATE_2D_VIEW_COMPATIBLE_BIT_EXT) && view == V::VK_IMAGE_VIEW_TYPE_2D)
        }
        _ => true,
    }
}

/// `vkCreateImageView`: the view type and subresource range against the image, when the state
/// tracker knows its creation parameters (from vkCreateImage, or a swapchain's create info).
pub(super) fn create_image_view(checks: &DeviceStateless, cx: &Call<'_>, info: &VkImageViewCreateInfo) -> bool {
    use VkImageViewType as V;
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("pCreateInfo");
    let view = info.viewType;
    if view == V::VK_IMAGE_VIEW_TYPE_CUBE_ARRAY && !checks.facts.features.contains(Feature::IMAGE_CUBE_ARRAY) {
        f.error(
            "VUID-VkImageViewCreateInfo-viewType-01004",
            &at.arrow("viewType"),
            format_args!("is VK_IMAGE_VIEW_TYPE_CUBE_ARRAY, but the imageCubeArray feature is not enabled."),
        );
    }
    view_flags(checks, info, &at, &mut f);
    let usage_ty = VkStructureType::VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO;
    // SAFETY: the application promises a valid pNext chain.
    let view_usage = unsafe { find::<VkImageViewUsageCreateInfo>(info.pNext, usage_ty) }.map(|u| u.usage.0);
    range_counts(&info.subresourceRange, &at.arrow("subresourceRange"), &mut f);
    let record = call_record(cx, TYPES.image, info.image.as_raw(), checks.scope);
    let state = record.as_ref().and_then(|r| r.image());
    if let Some(image) = state.and_then(|s| image_facts(s, info.format)) {
        view_type(&image, info, &at, &mut f);
        subresource_range(&image, info, &at, &mut f);
        image_usage(&image, info, view_usage, &at, &mut f);
        let usage = view_usage.unwrap_or_else(|| implicit_usage(&image, info.subresourceRange.aspectMask.0));
        format_features(checks, &image, info, usage, &at, &mut f);
        image_rules(checks, &image, info, &at, &mut f);
        layer_limits(checks, &image, info, usage, &at, &mut f);
    }
    if let Some(image) = state.and_then(|s| s.info()) {
        // SAFETY: the application promises a valid pNext chain.
        unsafe { image_view_formats::view_format(checks, image, info, &at, &mut f) };
    }
    image_view_formats::portability(checks, info, &at, &mut f);
    f.skip
}

/// The layers a view may have where the device limits them: a sampled view of a subsampled image
/// (`maxSubsampledArrayLayers`) and a fragment shading rate attachment without layered shading
/// rate attachments (one layer). `usage` is the view's.
fn layer_limits(
    checks: &DeviceStateless,
    image: &ImageFacts,
    info: &VkImageViewCreateInfo,
    usage: u32,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    let r = &info.subresourceRange;
    // A base past the image is `-image-06724`'s (`subresource_range`): no count to resolve.
    let Some(remaining) = image.array_layers.checked_sub(r.baseArrayLayer).filter(|&n| n > 0) else { return };
    let count = if r.layerCount == VK_REMAINING_ARRAY_LAYERS { remaining } else { r.layerCount };
    let range_at = at.arrow("subresourceRange");
    let count_at = range_at.dot("layerCount");
    let limits = &checks.facts.extension_limits;
    let subsampled = image.flags.contains(VkImageCreateFlags::VK_IMAGE_CREATE_SUBSAMPLED_BIT_EXT);
    let sampled = image.usage & VkImageUsageFlags::VK_IMAGE_USAGE_SAMPLED_BIT.0 != 0;
    if let (true, true, Some(max)) = (subsampled, sampled, limits.max_subsampled_array_layers) {
        if count > max {
            f.error(
                "VUID-VkImageViewCreateInfo-image-03569",
                &count_at,
                format_args!(
                    "gives {count} layers, but the image was created with VK_IMAGE_CREATE_SUBSAMPLED_BIT_EXT and \
                     VK_IMAGE_USAGE_SAMPLED_BIT, and maxSubsampledArrayLayers is {max}."
                ),
            );
        }
    }
    let rate = usage & VkImageUsageFlags::VK_IMAGE_USAGE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR.0 != 0;
    if let (true, Some(false)) = (rate, limits.layered_shading_rate_attachments) {
        if count != 1 {
            f.error(
                "VUID-VkImageViewCreateInfo-usage-04551",
                &count_at,
                format_args!(
                    "gives {count} layers, but the view's usage ({usage:#x}) has \
                     VK_IMAGE_USAGE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR and layeredShadingRateAttachments is \
                     VK_FALSE: one layer."
                ),
            );
        }
    }
}

/// The view's flags and the structures that go with them, and its Y′CBCR conversion's
/// swizzle.
fn view_flags(checks: &DeviceStateless, info: &VkImageViewCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    use VkImageViewCreateFlags as F;
    let features = &checks.facts.features;
    let flags = info.flags;
    let flags_at = at.arrow("flags");
    let dynamic = flags.contains(F::VK_IMAGE_VIEW_CREATE_FRAGMENT_DENSITY_MAP_DYNAMIC_BIT_EXT);
    let deferred = flags.contains(F::VK_IMAGE_VIEW_CREATE_FRAGMENT_DENSITY_MAP_DEFERRED_BIT_EXT);
    if dynamic && !features.contains(Feature::FRAGMENT_DENSITY_MAP_DYNAMIC) {
        f.error(
            "VUID-VkImageViewCreateInfo-flags-02572",
            &flags_at,
            format_args!(
                "is {:#x}, with VK_IMAGE_VIEW_CREATE_FRAGMENT_DENSITY_MAP_DYNAMIC_BIT_EXT, but the \
                 fragmentDensityMapDynamic feature is not enabled.",
                flags.0
            ),
        );
    }
    if deferred && !features.contains(Feature::FRAGMENT_DENSITY_MAP_DEFERRED) {
        f.error(
            "VUID-VkImageViewCreateInfo-flags-03567",
            &flags_at,
            format_args!(
                "is {:#x}, with VK_IMAGE_VIEW_CREATE_FRAGMENT_DENSITY_MAP_DEFERRED_BIT_EXT, but the \
                 fragmentDensityMapDeferred feature is not enabled.",
                flags.0
            ),
        );
    }
    if deferred && dynamic {
        f.error(
            "VUID-VkImageViewCreateInfo-flags-03568",
            &flags_at,
            format_args!(
                "is {:#x}: VK_IMAGE_VIEW_CREATE_FRAGMENT_DENSITY_MAP_DEFERRED_BIT_EXT and \
                 VK_IMAGE_VIEW_CREATE_FRAGMENT_DENSITY_MAP_DYNAMIC_BIT_EXT together.",
                flags.0
            ),
        );
    }
    let rule = CaptureReplay {
        bit: "VK_IMAGE_VIEW_CREATE_DESCRIPTOR_BUFFER_CAPTURE_REPLAY_BIT_EXT",
        flag_id: "VUID-VkImageViewCreateInfo-flags-08106",
        pnext_id: "VUID-VkImageViewCreateInfo-pNext-08107",
    };
    let capture = flags.contains(F::VK_IMAGE_VIEW_CREATE_DESCRIPTOR_BUFFER_CAPTURE_REPLAY_BIT_EXT);
    let missing =
        (!features.contains(Feature::DESCRIPTOR_BUFFER_CAPTURE_REPLAY)).then_some(NO_DESCRIPTOR_BUFFER_CAPTURE_REPLAY);
    // SAFETY: the application promises a valid pNext chain.
    unsafe { descriptor_capture_replay(&rule, (flags.0, capture), missing, info.pNext, &flags_at, f) };
    let ycbcr_ty = VkStructureType::VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_INFO;
    // SAFETY: the application promises a valid pNext chain.
    let ycbcr = unsafe { find::<VkSamplerYcbcrConversionInfo>(info.pNext, ycbcr_ty) };
    if ycbcr.is_some_and(|y| y.conversion.as_raw() != 0) {
        use VkComponentSwizzle as S;
        let c = &info.components;
        for (swizzle, own, name) in [
            (c.r, S::VK_COMPONENT_SWIZZLE_R, "r"),
            (c.g, S::VK_COMPONENT_SWIZZLE_G, "g"),
            (c.b, S::VK_COMPONENT_SWIZZLE_B, "b"),
            (c.a, S::VK_COMPONENT_SWIZZLE_A, "a"),
        ] {
            if swizzle != S::VK_COMPONENT_SWIZZLE_IDENTITY && swizzle != own {
                let components = at.arrow("components");
                f.error(
                    "VUID-VkImageViewCreateInfo-pNext-01970",
                    &components.dot(name),
                    format_args!(
                        "is {swizzle:?}, not the identity swizzle, but the pNext chain includes a \
                         VkSamplerYcbcrConversionInfo with a conversion."
                    ),
                );
            }
        }
    }
}

/// The subresource range's own rules: counts not 0, a color aspect without planes.
fn range_counts(r: &VkImageSubresourceRange, range_at: &Location<'_>, f: &mut Findings<'_>) {
    use VkImageAspectFlags as A;
    let planes = A::VK_IMAGE_ASPECT_PLANE_0_BIT | A::VK_IMAGE_ASPECT_PLANE_1_BIT | A::VK_IMAGE_ASPECT_PLANE_2_BIT;
    if r.aspectMask.contains(A::VK_IMAGE_ASPECT_COLOR_BIT) && r.aspectMask.intersects(planes) {
        f.error(
            "VUID-VkImageSubresourceRange-aspectMask-01670",
            &range_at.dot("aspectMask"),
            format_args!(
                "is {:#x}: VK_IMAGE_ASPECT_COLOR_BIT with a multi-planar aspect (VK_IMAGE_ASPECT_PLANE_n_BIT).",
                r.aspectMask.0
            ),
        );
    }
    if r.levelCount == 0 {
        f.error("VUID-VkImageSubresourceRange-levelCount-01720", &range_at.dot("levelCount"), format_args!("is 0."));
    }
    if r.layerCount == 0 {
        f.error("VUID-VkImageSubresourceRange-layerCount-01721", &range_at.dot("layerCount"), format_args!("is 0."));
    }
}

/// The usage a view without `VkImageViewUsageCreateInfo` inherits: the image's, or for a
/// stencil aspect of an image with a separate stencil usage, that (both aspects: what the two
/// share).
fn implicit_usage(image: &ImageFacts, aspects: u32) -> u32 {
    let stencil = VkImageAspectFlags::VK_IMAGE_ASPECT_STENCIL_BIT.0;
    match image.stencil_usage {
        Some(s) if aspects == stencil => s,
        Some(s) if aspects & stencil != 0 => s & image.usage,
        _ => image.usage,
    }
}

/// The image's usage: one a view can have, and `VkImageViewUsageCreateInfo`'s within it.
fn image_usage(
    image: &ImageFacts,
    info: &VkImageViewCreateInfo,
    view_usage: Option<u32>,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    if !VIEWABLE_USAGE.iter().any(|(u, _)| image.usage & u.0 != 0) {
        let names: Vec<&str> = VIEWABLE_USAGE.iter().map(|(_, n)| *n).collect();
        f.error(
            "VUID-VkImageViewCreateInfo-image-04441",
            &at.arrow("image"),
            format_args!(
                "was created with usage {:#x}, which has none of the usages an image view needs one of: {}.",
                image.usage,
                names.join(", ")
            ),
        );
    }
    let Some(usage) = view_usage else { return };
    let usage_at = at.arrow("pNext");
    let usage_at = usage_at.chained("VkImageViewUsageCreateInfo");
    let usage_at = usage_at.dot("usage");
    let stencil = VkImageAspectFlags::VK_IMAGE_ASPECT_STENCIL_BIT.0;
    let aspects = info.subresourceRange.aspectMask.0;
    match image.stencil_usage {
        None => {
            if usage & !image.usage != 0 {
                f.error(
                    "VUID-VkImageViewCreateInfo-pNext-02662",
                    &usage_at,
                    format_args!(
                        "is {usage:#x}, with bits ({:#x}) not in the usage the image was created with ({:#x}).",
                        usage & !image.usage,
                        image.usage
                    ),
                );
            }
        }
        Some(stencil_usage) => {
            if aspects & stencil != 0 && usage & !stencil_usage != 0 {
                f.error(
                    "VUID-VkImageViewCreateInfo-pNext-02663",
                    &usage_at,
                    format_args!(
                        "is {usage:#x}, with bits ({:#x}) not in the stencil usage the image was created with \
                         ({stencil_usage:#x}), and subresourceRange.aspectMask ({aspects:#x}) has the stencil aspect.",
                        usage & !stencil_usage
                    ),
                );
            }
            if aspects & !stencil != 0 && usage & !image.usage != 0 {
                f.error(
                    "VUID-VkImageViewCreateInfo-pNext-02664",
                    &usage_at,
                    format_args!(
                        "is {usage:#x}, with bits ({:#x}) not in the usage the image was created with ({:#x}), and \
                         subresourceRange.aspectMask ({aspects:#x}) has aspects other than stencil.",
                        usage & !image.usage,
                        image.usage
                    ),
                );
            }
        }
    }
}

/// The format features of the view (its format with the image's tiling) against its usage.
fn format_features(
    checks: &DeviceStateless,
    image: &ImageFacts,
    info: &VkImageViewCreateInfo,
    usage: u32,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    use VkFormatFeatureFlags as FF;
    use VkImageUsageFlags as U;
    let format = info.format;
    if format == VkFormat::VK_FORMAT_UNDEFINED {
        return;
    }
    // A DRM format modifier's or an external format's features are not the format's.
    let Some(image_features) = image.features else { return };
    let features = if format == image.format {
        image_features
    } else {
        let Some(p) = checks.facts.format_properties(format) else { return };
        match VkImageTiling(image.tiling) {
            VkImageTiling::VK_IMAGE_TILING_OPTIMAL => p.optimalTilingFeatures.0,
            VkImageTiling::VK_IMAGE_TILING_LINEAR => p.linearTilingFeatures.0,
            _ => return,
        }
    };
    let tiling = VkImageTiling(image.tiling);
    let format_at = at.arrow("format");
    if features == 0 {
        f.error(
            "VUID-VkImageViewCreateInfo-None-02273",
            &format_at,
            format_args!("is {format:?}, which has no format features with the image's tiling ({tiling:?})."),
        );
    }
    for (bit, use_name, feature, feature_name, id) in [
        (
            U::VK_IMAGE_USAGE_SAMPLED_BIT,
            "VK_IMAGE_USAGE_SAMPLED_BIT",
            FF::VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT,
            "VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT",
            "VUID-VkImageViewCreateInfo-usage-02274",
        ),
        (
            U::VK_IMAGE_USAGE_STORAGE_BIT,
            "VK_IMAGE_USAGE_STORAGE_BIT",
            FF::VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT,
            "VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT",
            "VUID-VkImageViewCreateInfo-usage-02275",
        ),
        (
            U::VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
            "VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT",
            FF::VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT,
            "VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT",
            "VUID-VkImageViewCreateInfo-usage-02277",
        ),
        (
            U::VK_IMAGE_USAGE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR,
            "VK_IMAGE_USAGE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR",
            FF::VK_FORMAT_FEATURE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR,
            "VK_FORMAT_FEATURE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR",
            "VUID-VkImageViewCreateInfo-usage-04550",
        ),
    ] {
        // The bit is also VK_IMAGE_USAGE_SHADING_RATE_IMAGE_BIT_NV, whose images need not have
        // the attachment's format feature.
        let shading_rate = bit == U::VK_IMAGE_USAGE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR;
        if shading_rate && !checks.facts.features.contains(Feature::ATTACHMENT_FRAGMENT_SHADING_RATE) {
            continue;
        }
        if usage & bit.0 != 0 && features & feature.0 == 0 {
            f.error(
                id,
                &format_at,
                format_args!(
                    "is {format:?}, whose format features with the image's tiling ({tiling:?}) are {features:#x}, \
                     without {feature_name}, but the view's usage ({usage:#x}) has {use_name}."
                ),
            );
        }
    }
}

/// The rules that follow from what the image was created with: its binding, usage, samples,
/// flags and format list against the view's type, range and format.
fn image_rules(
    checks: &DeviceStateless,
    image: &ImageFacts,
    info: &VkImageViewCreateInfo,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    use VkImageCreateFlags as F;
    use VkImageUsageFlags as U;
    use VkImageViewType as V;
    let view = info.viewType;
    let view_at = at.arrow("viewType");
    let image_at = at.arrow("image");
    let r = &info.subresourceRange;
    let range_at = at.arrow("subresourceRange");
    let levels_at = range_at.dot("levelCount");
    let flat = view == V::VK_IMAGE_VIEW_TYPE_2D || view == V::VK_IMAGE_VIEW_TYPE_2D_ARRAY;
    let levels = if r.levelCount == VK_REMAINING_MIP_LEVELS {
        image.mip_levels.saturating_sub(r.baseMipLevel)
    } else {
        r.levelCount
    };
    // No levels at all is `-subresourceRange-01478`'s or `VkImageSubresourceRange-levelCount-01720`'s.
    let several_levels = levels > 1;
    if !image.bound {
        f.error(
            "VUID-VkImageViewCreateInfo-image-01020",
            &image_at,
            format_args!("is not sparse, and is not bound to memory."),
        );
    }
    let usage = image.usage;
    let flat_usages = [
        (
            U::VK_IMAGE_USAGE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR,
            "VK_IMAGE_USAGE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR",
            "VUID-VkImageViewCreateInfo-image-02086",
        ),
        (
            U::VK_IMAGE_USAGE_VIDEO_DECODE_DST_BIT_KHR
                | U::VK_IMAGE_USAGE_VIDEO_DECODE_SRC_BIT_KHR
                | U::VK_IMAGE_USAGE_VIDEO_DECODE_DPB_BIT_KHR,
            "a video decode usage",
            "VUID-VkImageViewCreateInfo-image-04817",
        ),
        (
            U::VK_IMAGE_USAGE_VIDEO_ENCODE_DST_BIT_KHR
                | U::VK_IMAGE_USAGE_VIDEO_ENCODE_SRC_BIT_KHR
                | U::VK_IMAGE_USAGE_VIDEO_ENCODE_DPB_BIT_KHR,
            "a video encode usage",
            "VUID-VkImageViewCreateInfo-image-04818",
        ),
    ];
    for (bits, what, id) in flat_usages {
        if usage & bits.0 != 0 && !flat {
            f.error(
                id,
                &view_at,
                format_args!(
                    "is {view:?}, not VK_IMAGE_VIEW_TYPE_2D or VK_IMAGE_VIEW_TYPE_2D_ARRAY, but the image was created \
                     with usage {usage:#x} ({what})."
                ),
            );
        }
    }
    // The NV shading rate image usage is the same bit as the fragment shading rate attachment's.
    let shading_rate_image = usage & U::VK_IMAGE_USAGE_SHADING_RATE_IMAGE_BIT_NV.0 != 0;
    if shading_rate_image
        && checks.facts.features.contains(Feature::SHADING_RATE_IMAGE)
        && info.format != VkFormat::VK_FORMAT_R8_UINT
    {
        f.error(
            "VUID-VkImageViewCreateInfo-image-02087",
            &at.arrow("format"),
            format_args!(
                "is {:?}, not VK_FORMAT_R8_UINT, but the shadingRateImage feature is enabled and the image was created \
                 with VK_IMAGE_USAGE_SHADING_RATE_IMAGE_BIT_NV.",
                info.format
            ),
        );
    }
    if image.samples != 1 && !flat {
        f.error(
            "VUID-VkImageViewCreateInfo-image-04972",
            &view_at,
            format_args!(
                "is {view:?}, not VK_IMAGE_VIEW_TYPE_2D or VK_IMAGE_VIEW_TYPE_2D_ARRAY, but the image was created with \
                 {} samples.",
                image.samples
            ),
        );
    }
    let density_map = usage & U::VK_IMAGE_USAGE_FRAGMENT_DENSITY_MAP_BIT_EXT.0 != 0;
    if density_map && several_levels {
        f.error(
            "VUID-VkImageViewCreateInfo-image-02571",
            &levels_at,
            format_args!(
                "gives {levels} levels, but the image was created with VK_IMAGE_USAGE_FRAGMENT_DENSITY_MAP_BIT_EXT \
                 (one level only)."
            ),
        );
    }
    let dynamic =
        info.flags.contains(VkImageViewCreateFlags::VK_IMAGE_VIEW_CREATE_FRAGMENT_DENSITY_MAP_DYNAMIC_BIT_EXT);
    let protected_or_sparse = F::VK_IMAGE_CREATE_PROTECTED_BIT
        | F::VK_IMAGE_CREATE_SPARSE_BINDING_BIT
        | F::VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT
        | F::VK_IMAGE_CREATE_SPARSE_ALIASED_BIT;
    if density_map && !dynamic && image.flags.intersects(protected_or_sparse) {
        f.error(
            "VUID-VkImageViewCreateInfo-flags-04116",
            &at.arrow("flags"),
            format_args!(
                "is {:#x}, without VK_IMAGE_VIEW_CREATE_FRAGMENT_DENSITY_MAP_DYNAMIC_BIT_EXT, but the image was created \
                 with VK_IMAGE_USAGE_FRAGMENT_DENSITY_MAP_BIT_EXT and flags {:#x} (protected or sparse).",
                info.flags.0, image.flags.0
            ),
        );
    }
    if image.image_type == VkImageType::VK_IMAGE_TYPE_3D && flat && several_levels {
        f.error(
            "VUID-VkImageViewCreateInfo-image-04970",
            &levels_at,
            format_args!("gives {levels} levels, but a {view:?} view of a 3D image has one level."),
        );
    }
    if image.flags.contains(F::VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT)
        && !format_info(info.format).is_some_and(|f| f.is_compressed())
        && several_levels
    {
        f.error(
            "VUID-VkImageViewCreateInfo-image-07072",
            &levels_at,
            format_args!(
                "gives {levels} levels, but the image was created with VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT \
                 and the view's format ({:?}) is not compressed (one level only).",
                info.format
            ),
        );
    }
    if image.listed == Some(false) {
        f.error(
            "VUID-VkImageViewCreateInfo-pNext-01585",
            &at.arrow("format"),
            format_args!(
                "is {:?}, not one of the formats of the VkImageFormatListCreateInfo the image was created with.",
                info.format
            ),
        );
    }
}

/// The view type against the image's type and flags.
fn view_type(image: &ImageFacts, info: &VkImageViewCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    use VkImageCreateFlags as F;
    use VkImageViewType as V;
    let view = info.viewType;
    let view_at = at.arrow("viewType");
    let flags = image.flags;
    let is_3d = image.image_type == VkImageType::VK_IMAGE_TYPE_3D;
    // The specific rules first; the general table rule covers what they do not.
    if (view == V::VK_IMAGE_VIEW_TYPE_CUBE || view == V::VK_IMAGE_VIEW_TYPE_CUBE_ARRAY)
        && !flags.contains(F::VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT)
    {
        f.error(
            "VUID-VkImageViewCreateInfo-image-01003",
            &view_at,
            format_args!(
                "is {view:?}, but the image was created without VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT (flags {:#x}).",
                flags.0
            ),
        );
    } else if is_3d
        && view == V::VK_IMAGE_VIEW_TYPE_2D_ARRAY
        && !flags.contains(F::VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT)
    {
        f.error(
            "VUID-VkImageViewCreateInfo-image-06723",
            &view_at,
            format_args!(
                "is {view:?}, but the image is 3D and was created without VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT \
                 (flags {:#x}).",
                flags.0
            ),
        );
    } else if is_3d
        && view == V::VK_IMAGE_VIEW_TYPE_2D
        && !flags.intersects(F::VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT | F::VK_IMAGE_CREATE_2D_VIEW_COMPATIBLE_BIT_EXT)
    {
        f.error(
            "VUID-VkImageViewCreateInfo-image-06728",
            &view_at,
            format_args!(
                "is {view:?}, but the image is 3D and was created with neither \
                 VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT nor VK_IMAGE_CREATE_2D_VIEW_COMPATIBLE_BIT_EXT (flags {:#x}).",
                flags.0
            ),
        );
    } else if !view_type_compatible(image.image_type, flags, view) {
        f.error(
            "VUID-VkImageViewCreateInfo-subResourceRange-01021",
            &view_at,
            format_args!(
                "is {view:?}, which cannot view an image of type {:?} (flags {:#x}).",
                image.image_type, flags.0
            ),
        );
    }
}

/// The subresource range against the image's levels and layers, and the view type's layer
/// count.
fn subresource_range(image: &ImageFacts, info: &VkImageViewCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    use VkImageCreateFlags as F;
    use VkImageViewType as V;
    let r = &info.subresourceRange;
    let range_at = at.arrow("subresourceRange");
    let mips = image.mip_levels;
    if r.baseMipLevel >= mips {
        f.error(
            "VUID-VkImageViewCreateInfo-subresourceRange-01478",
            &range_at.dot("baseMipLevel"),
            format_args!("is {}, but the image has {mips} mip levels.", r.baseMipLevel),
        );
    } else if r.levelCount != VK_REMAINING_MIP_LEVELS
        && u64::from(r.baseMipLevel) + u64::from(r.levelCount) > u64::from(mips)
    {
        f.error(
            "VUID-VkImageViewCreateInfo-subresourceRange-01718",
            &range_at.dot("levelCount"),
            format_args!(
                "is {}, but baseMipLevel is {} and the image has {mips} mip levels.",
                r.levelCount, r.baseMipLevel
            ),
        );
    }
    let view = info.viewType;
    let sliced_3d = image.image_type == VkImageType::VK_IMAGE_TYPE_3D
        && image
            .flags
            .intersects(F::VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT | F::VK_IMAGE_CREATE_2D_VIEW_COMPATIBLE_BIT_EXT)
        && (view == V::VK_IMAGE_VIEW_TYPE_2D || view == V::VK_IMAGE_VIEW_TYPE_2D_ARRAY);
    if sliced_3d {
        slices(image, info, &range_at, f);
        return;
    }
    let layers = image.array_layers;
    if r.baseArrayLayer >= layers {
        f.error(
            "VUID-VkImageViewCreateInfo-image-06724",
            &range_at.dot("baseArrayLayer"),
            format_args!("is {}, but the image has {layers} array layers.", r.baseArrayLayer),
        );
        return;
    }
    let remaining = layers - r.baseArrayLayer;
    let count_at = range_at.dot("layerCount");
    // A count of 0 is `VkImageSubresourceRange-layerCount-01721`'s (`range_counts`).
    if r.layerCount != VK_REMAINING_ARRAY_LAYERS && r.layerCount > remaining {
        f.error(
            "VUID-VkImageViewCreateInfo-subresourceRange-06725",
            &count_at,
            format_args!(
                "is {}, but baseArrayLayer is {} and the image has {layers} array layers.",
                r.layerCount, r.baseArrayLayer
            ),
        );
        return;
    }
    let single = [V::VK_IMAGE_VIEW_TYPE_1D, V::VK_IMAGE_VIEW_TYPE_2D, V::VK_IMAGE_VIEW_TYPE_3D].contains(&view);
    let explicit = r.layerCount != VK_REMAINING_ARRAY_LAYERS;
    let count = if explicit { r.layerCount } else { remaining };
    let rule = if count == 0 {
        None
    } else if single && count != 1 {
        let id = if explicit {
            "VUID-VkImageViewCreateInfo-imageViewType-04973"
        } else {
            "VUID-VkImageViewCreateInfo-imageViewType-04974"
        };
        Some((id, "1"))
    } else if view == V::VK_IMAGE_VIEW_TYPE_CUBE && count != 6 {
        let id = if explicit {
            "VUID-VkImageViewCreateInfo-viewType-02960"
        } else {
            "VUID-VkImageViewCreateInfo-viewType-02962"
        };
        Some((id, "6"))
    } else if view == V::VK_IMAGE_VIEW_TYPE_CUBE_ARRAY && count % 6 != 0 {
        let id = if explicit {
            "VUID-VkImageViewCreateInfo-viewType-02961"
        } else {
            "VUID-VkImageViewCreateInfo-viewType-02963"
        };
        Some((id, "a multiple of 6"))
    } else {
        None
    };
    if let Some((id, want)) = rule {
        if explicit {
            f.error(id, &count_at, format_args!("is {count}, but a {view:?} view must have {want} layers."));
        } else {
            f.error(
                id,
                &count_at,
                format_args!(
                    "is VK_REMAINING_ARRAY_LAYERS, leaving {count} layers from baseArrayLayer {}, but a {view:?} view \
                     must have {want}.",
                    r.baseArrayLayer
                ),
            );
        }
    }
}

/// The range of a 2D or 2D array view of a 3D image created with
/// VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT: its layers are the depth slices of its base level.
fn slices(image: &ImageFacts, info: &VkImageViewCreateInfo, range_at: &Location<'_>, f: &mut Findings<'_>) {
    if !image.flags.contains(VkImageCreateFlags::VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT) {
        return;
    }
    let r = &info.subresourceRange;
    if r.baseMipLevel >= image.mip_levels {
        return;
    }
    let depth = image.depth.checked_shr(r.baseMipLevel).unwrap_or(0).max(1);
    let level = r.baseMipLevel;
    if r.baseArrayLayer >= depth {
        f.error(
            "VUID-VkImageViewCreateInfo-image-02724",
            &range_at.dot("baseArrayLayer"),
            format_args!("is {}, but the 3D image has {depth} depth slices at baseMipLevel {level}.", r.baseArrayLayer),
        );
    } else if r.layerCount != VK_REMAINING_ARRAY_LAYERS
        && r.layerCount != 0
        && u64::from(r.baseArrayLayer) + u64::from(r.layerCount) > u64::from(depth)
    {
        f.error(
            "VUID-VkImageViewCreateInfo-subresourceRange-02725",
            &range_at.dot("layerCount"),
            format_args!(
                "is {}, but baseArrayLayer is {} and the 3D image has {depth} depth slices at baseMipLevel {level}.",
                r.layerCount, r.baseArrayLayer
            ),
        );
    }
}
