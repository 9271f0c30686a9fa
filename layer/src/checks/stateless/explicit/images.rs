//! Images.

use vigil_generated::features::Feature;
use vigil_generated::formats::{format_info, ComponentName, FormatInfo};
use vigil_generated::*;

use super::capture_replay::{descriptor_capture_replay, CaptureReplay};
use super::resources::video_profiles;
use super::sharing::{concurrent, SharingIds};
use super::{elements, find, Findings};
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;

/// The number of levels of a complete mipmap chain for `e`.
fn full_mip_chain(e: VkExtent3D) -> u32 {
    let largest = e.width.max(e.height).max(e.depth).max(1);
    32 - largest.leading_zeros()
}

/// `vkCreateImage`.
pub(super) fn create_image(checks: &DeviceStateless, cx: &Call<'_>, info: &VkImageCreateInfo) -> bool {
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("pCreateInfo");
    image_parameters(checks, info, &at, &mut f);
    sparse_and_protected(checks, info, &at, &mut f);
    special_flags(checks, info, &at, &mut f);
    density_map_extent(checks, info, &at, &mut f);
    format_rules(checks, info, &at, &mut f);
    let ids = SharingIds {
        null: "VUID-VkImageCreateInfo-sharingMode-00941",
        count: "VUID-VkImageCreateInfo-sharingMode-00942",
        index: "VUID-VkImageCreateInfo-sharingMode-01420",
    };
    concurrent(checks, info.sharingMode, info.pQueueFamilyIndices, info.queueFamilyIndexCount, &ids, &at, &mut f);
    // SAFETY: the application promises a valid pNext chain.
    unsafe { chained_rules(checks, info, &at, &mut f) };
    // The creation limits describe a format/type/tiling/usage/flags combination; once the
    // parameters themselves are wrong, the driver's answer about them says nothing new.
    if !f.found {
        creation_limits(checks, info, &at, &mut f);
    }
    f.skip
}

/// The rules on the create info's own values and the device's features and limits.
fn image_parameters(checks: &DeviceStateless, info: &VkImageCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    use VkImageCreateFlags as F;
    use VkImageUsageFlags as U;
    let extent = at.arrow("extent");
    let e = info.extent;
    for (value, member, id) in [
        (e.width, "width", "VUID-VkImageCreateInfo-extent-00944"),
        (e.height, "height", "VUID-VkImageCreateInfo-extent-00945"),
        (e.depth, "depth", "VUID-VkImageCreateInfo-extent-00946"),
    ] {
        if value == 0 {
            f.error(id, &extent.dot(member), format_args!("is 0."));
        }
    }
    if info.mipLevels == 0 {
        f.error("VUID-VkImageCreateInfo-mipLevels-00947", &at.arrow("mipLevels"), format_args!("is 0."));
    }
    if info.arrayLayers == 0 {
        f.error("VUID-VkImageCreateInfo-arrayLayers-00948", &at.arrow("arrayLayers"), format_args!("is 0."));
    }
    let ty = info.imageType;
    let flags = info.flags;
    if flags.contains(F::VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) {
        if ty != VkImageType::VK_IMAGE_TYPE_2D {
            f.error(
                "VUID-VkImageCreateInfo-flags-00949",
                &at.arrow("imageType"),
                format_args!("is {ty:?}, but flags has VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT."),
            );
        }
        if e.width != e.height {
            f.error(
                "VUID-VkImageCreateInfo-flags-08865",
                &extent,
                format_args!(
                    "is {}x{}, not square, but flags has VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT.",
                    e.width, e.height
                ),
            );
        }
        if info.arrayLayers < 6 {
            f.error(
                "VUID-VkImageCreateInfo-flags-08866",
                &at.arrow("arrayLayers"),
                format_args!(
                    "is {}, less than 6, but flags has VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT.",
                    info.arrayLayers
                ),
            );
        }
    }
    // A zero dimension is reported above, not again as the wrong size for the type.
    if ty == VkImageType::VK_IMAGE_TYPE_1D && (e.height > 1 || e.depth > 1) {
        f.error(
            "VUID-VkImageCreateInfo-imageType-00956",
            &extent,
            format_args!("is {}x{}x{}, but a 1D image has height and depth 1.", e.width, e.height, e.depth),
        );
    }
    if ty == VkImageType::VK_IMAGE_TYPE_2D && e.depth > 1 {
        f.error(
            "VUID-VkImageCreateInfo-imageType-00957",
            &extent.dot("depth"),
            format_args!("is {}, but a 2D image has depth 1.", e.depth),
        );
    }
    if ty == VkImageType::VK_IMAGE_TYPE_3D && info.arrayLayers != 1 {
        f.error(
            "VUID-VkImageCreateInfo-imageType-00961",
            &at.arrow("arrayLayers"),
            format_args!("is {}, but a 3D image has 1 array layer.", info.arrayLayers),
        );
    }
    let chain = full_mip_chain(e);
    if info.mipLevels > chain {
        f.error(
            "VUID-VkImageCreateInfo-mipLevels-00958",
            &at.arrow("mipLevels"),
            format_args!(
                "is {}, more than the {chain} levels of a complete mipmap chain for {}x{}x{}.",
                info.mipLevels, e.width, e.height, e.depth
            ),
        );
    }
    if info.samples != VkSampleCountFlags::VK_SAMPLE_COUNT_1_BIT {
        let linear = info.tiling == VkImageTiling::VK_IMAGE_TILING_LINEAR;
        let cube = flags.contains(F::VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT);
        if ty != VkImageType::VK_IMAGE_TYPE_2D || cube || info.mipLevels != 1 || linear {
            f.error(
                "VUID-VkImageCreateInfo-samples-02257",
                &at.arrow("samples"),
                format_args!(
                    "is {:#x}, but a multisampled image must be 2D (is {ty:?}), not cube compatible (flags {:#x}), \
                     with 1 mip level (has {}) and not linear (tiling {:?}).",
                    info.samples.0, flags.0, info.mipLevels, info.tiling
                ),
            );
        }
    }
    let usage = info.usage;
    let attachments = U::VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
        | U::VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT
        | U::VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT;
    if usage.contains(U::VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT) {
        let others = U(usage.0 & !(attachments | U::VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT).0);
        if !others.is_empty() {
            f.error(
                "VUID-VkImageCreateInfo-usage-00963",
                &at.arrow("usage"),
                format_args!(
                    "is {:#x}: with VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT, only attachment usages may be set, \
                     not {:#x}.",
                    usage.0, others.0
                ),
            );
        }
        if !usage.intersects(attachments) {
            f.error(
                "VUID-VkImageCreateInfo-usage-00966",
                &at.arrow("usage"),
                format_args!(
                    "is {:#x}: VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT without a color, depth/stencil or input \
                     attachment usage.",
                    usage.0
                ),
            );
        }
    }
    if usage.intersects(attachments | U::VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT) {
        let limits = &checks.facts.limits;
        if e.width > limits.maxFramebufferWidth {
            f.error(
                "VUID-VkImageCreateInfo-usage-00964",
                &extent.dot("width"),
                format_args!(
                    "is {}, more than maxFramebufferWidth ({}), and usage ({:#x}) has an attachment usage.",
                    e.width, limits.maxFramebufferWidth, usage.0
                ),
            );
        }
        if e.height > limits.maxFramebufferHeight {
            f.error(
                "VUID-VkImageCreateInfo-usage-00965",
                &extent.dot("height"),
                format_args!(
                    "is {}, more than maxFramebufferHeight ({}), and usage ({:#x}) has an attachment usage.",
                    e.height, limits.maxFramebufferHeight, usage.0
                ),
            );
        }
    }
    if flags.contains(F::VK_IMAGE_CREATE_SPARSE_BINDING_BIT) && !checks.facts.features.contains(Feature::SPARSE_BINDING)
    {
        f.error(
            "VUID-VkImageCreateInfo-flags-00969",
            &at.arrow("flags"),
            format_args!(
                "is {:#x}, with VK_IMAGE_CREATE_SPARSE_BINDING_BIT, but the sparseBinding feature is not enabled.",
                flags.0
            ),
        );
    }
    if flags.intersects(F::VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT | F::VK_IMAGE_CREATE_SPARSE_ALIASED_BIT)
        && !flags.contains(F::VK_IMAGE_CREATE_SPARSE_BINDING_BIT)
    {
        f.error(
            "VUID-VkImageCreateInfo-flags-00987",
            &at.arrow("flags"),
            format_args!("is {:#x}: sparse residency or aliasing without VK_IMAGE_CREATE_SPARSE_BINDING_BIT.", flags.0),
        );
    }
    if flags.contains(F::VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT)
        && !flags.contains(F::VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT)
    {
        f.error(
            "VUID-VkImageCreateInfo-flags-01573",
            &at.arrow("flags"),
            format_args!(
                "is {:#x}: VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT without VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT.",
                flags.0
            ),
        );
    }
    initial_layout(info, at, f);
}

/// The layouts an image may start in.
fn initial_layout(info: &VkImageCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    use VkImageLayout as L;
    let layout = info.initialLayout;
    let allowed =
        [L::VK_IMAGE_LAYOUT_UNDEFINED, L::VK_IMAGE_LAYOUT_ZERO_INITIALIZED_EXT, L::VK_IMAGE_LAYOUT_PREINITIALIZED];
    if !allowed.contains(&layout) {
        f.error(
            "VUID-VkImageCreateInfo-initialLayout-00993",
            &at.arrow("initialLayout"),
            format_args!(
                "is {layout:?}, not VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_ZERO_INITIALIZED_EXT or \
                 VK_IMAGE_LAYOUT_PREINITIALIZED."
            ),
        );
    }
    if layout == L::VK_IMAGE_LAYOUT_PREINITIALIZED && info.tiling != VkImageTiling::VK_IMAGE_TILING_LINEAR {
        f.error(
            "VUID-VkImageCreateInfo-initialLayout-12478",
            &at.arrow("initialLayout"),
            format_args!("is VK_IMAGE_LAYOUT_PREINITIALIZED, but tiling is {:?}.", info.tiling),
        );
    }
}

/// Whether the limits of `info` can be queried with `vkGetPhysicalDeviceImageFormatProperties`
/// as it is: no pNext chain (format lists, external memory, stencil usage and DRM modifiers
/// change the query the limits come from) and only Vulkan 1.0 values, which any device may be
/// asked about. The implicit checks report undefined or not enabled values; those must not
/// reach the driver's query.
fn core_query(info: &VkImageCreateInfo) -> bool {
    /// VK_FORMAT_UNDEFINED+1 ..= VK_FORMAT_ASTC_12x12_SRGB_BLOCK.
    const CORE_FORMATS: std::ops::RangeInclusive<i32> = 1..=184;
    /// The VkImageCreateFlagBits of Vulkan 1.0 (sparse, mutable format, cube compatible).
    const CORE_FLAGS: u32 = 0x1f;
    /// The VkImageUsageFlagBits of Vulkan 1.0.
    const CORE_USAGE: u32 = 0xff;
    let samples = info.samples.0;
    info.pNext.is_null()
        && (0..=2).contains(&info.imageType.0)
        && (0..=1).contains(&info.tiling.0)
        && CORE_FORMATS.contains(&info.format.0)
        && samples.count_ones() == 1
        && samples <= VkSampleCountFlags::VK_SAMPLE_COUNT_64_BIT.0
        && info.flags.0 & !CORE_FLAGS == 0
        && info.usage.0 != 0
        && info.usage.0 & !CORE_USAGE == 0
}

/// The Image Creation Limits: what the implementation reports for this combination.
fn creation_limits(checks: &DeviceStateless, info: &VkImageCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    if !core_query(info) {
        return;
    }
    let Some(get) = checks.facts.get_image_format_properties else { return };
    let mut props = VkImageFormatProperties::default();
    // SAFETY: the next layer's query, on the device's own physical device, with the create
    // info's values.
    let result = unsafe {
        get(checks.facts.physical_device, info.format, info.imageType, info.tiling, info.usage, info.flags, &mut props)
    };
    if result != VkResult::VK_SUCCESS {
        f.error(
            "VUID-VkImageCreateInfo-imageCreateMaxMipLevels-02251",
            at,
            format_args!(
                "format {:?}, imageType {:?}, tiling {:?}, usage {:#x} and flags {:#x}: \
                 vkGetPhysicalDeviceImageFormatProperties returns {result:?}, so the combination is not supported.",
                info.format, info.imageType, info.tiling, info.usage.0, info.flags.0
            ),
        );
        return;
    }
    let extent = at.arrow("extent");
    let (e, max) = (info.extent, props.maxExtent);
    for (value, limit, member, id) in [
        (e.width, max.width, "width", "VUID-VkImageCreateInfo-extent-02252"),
        (e.height, max.height, "height", "VUID-VkImageCreateInfo-extent-02253"),
        (e.depth, max.depth, "depth", "VUID-VkImageCreateInfo-extent-02254"),
    ] {
        if value > limit {
            f.error(
                id,
                &extent.dot(member),
                format_args!("is {value}, more than the format's maxExtent.{member} ({limit})."),
            );
        }
    }
    if info.mipLevels > props.maxMipLevels {
        f.error(
            "VUID-VkImageCreateInfo-mipLevels-02255",
            &at.arrow("mipLevels"),
            format_args!("is {}, more than the format's maxMipLevels ({}).", info.mipLevels, props.maxMipLevels),
        );
    }
    if info.arrayLayers > props.maxArrayLayers {
        f.error(
            "VUID-VkImageCreateInfo-arrayLayers-02256",
            &at.arrow("arrayLayers"),
            format_args!("is {}, more than the format's maxArrayLayers ({}).", info.arrayLayers, props.maxArrayLayers),
        );
    }
    if !props.sampleCounts.contains(info.samples) {
        f.error(
            "VUID-VkImageCreateInfo-samples-02258",
            &at.arrow("samples"),
            format_args!(
                "is {:#x}, not one of the format's sampleCounts ({:#x}).",
                info.samples.0, props.sampleCounts.0
            ),
        );
    }
}

/// Sparse residency by image type and sample count, the sparse and protected features, and what
/// a sparse image may not also be.
fn sparse_and_protected(checks: &DeviceStateless, info: &VkImageCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    use VkImageCreateFlags as F;
    let flags = info.flags;
    let features = &checks.facts.features;
    let flags_at = at.arrow("flags");
    let sparse = F::VK_IMAGE_CREATE_SPARSE_BINDING_BIT
        | F::VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT
        | F::VK_IMAGE_CREATE_SPARSE_ALIASED_BIT;
    if flags.contains(F::VK_IMAGE_CREATE_PROTECTED_BIT) {
        if !features.contains(Feature::PROTECTED_MEMORY) {
            f.error(
                "VUID-VkImageCreateInfo-flags-01890",
                &flags_at,
                format_args!(
                    "is {:#x}, with VK_IMAGE_CREATE_PROTECTED_BIT, but the protectedMemory feature is not enabled.",
                    flags.0
                ),
            );
        }
        if flags.intersects(sparse) {
            f.error(
                "VUID-VkImageCreateInfo-None-01891",
                &flags_at,
                format_args!("is {:#x}: a sparse image cannot be protected (VK_IMAGE_CREATE_PROTECTED_BIT).", flags.0),
            );
        }
    }
    if flags.intersects(sparse) && info.usage.contains(VkImageUsageFlags::VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT) {
        f.error(
            "VUID-VkImageCreateInfo-None-01925",
            &at.arrow("usage"),
            format_args!(
                "is {:#x}, with VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT, but flags ({:#x}) makes the image sparse.",
                info.usage.0, flags.0
            ),
        );
    }
    if flags.contains(F::VK_IMAGE_CREATE_SPARSE_ALIASED_BIT) && !features.contains(Feature::SPARSE_RESIDENCY_ALIASED) {
        f.error(
            "VUID-VkImageCreateInfo-flags-01924",
            &flags_at,
            format_args!(
                "is {:#x}, with VK_IMAGE_CREATE_SPARSE_ALIASED_BIT, but the sparseResidencyAliased feature is not \
                 enabled.",
                flags.0
            ),
        );
    }
    if !flags.contains(F::VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT) {
        return;
    }
    if info.tiling == VkImageTiling::VK_IMAGE_TILING_LINEAR {
        f.error(
            "VUID-VkImageCreateInfo-tiling-04121",
            &at.arrow("tiling"),
            format_args!(
                "is VK_IMAGE_TILING_LINEAR, but flags ({:#x}) has VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT.",
                flags.0
            ),
        );
    }
    use VkSampleCountFlags as S;
    let by_type: Option<(Feature, &str, &'static str)> = match info.imageType {
        VkImageType::VK_IMAGE_TYPE_1D => {
            f.error(
                "VUID-VkImageCreateInfo-imageType-00970",
                &at.arrow("imageType"),
                format_args!(
                    "is VK_IMAGE_TYPE_1D, but flags ({:#x}) has VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT.",
                    flags.0
                ),
            );
            None
        }
        VkImageType::VK_IMAGE_TYPE_2D => Some((
            Feature::SPARSE_RESIDENCY_IMAGE2_D,
            "sparseResidencyImage2D",
            "VUID-VkImageCreateInfo-imageType-00971",
        )),
        VkImageType::VK_IMAGE_TYPE_3D => Some((
            Feature::SPARSE_RESIDENCY_IMAGE3_D,
            "sparseResidencyImage3D",
            "VUID-VkImageCreateInfo-imageType-00972",
        )),
        _ => None,
    };
    let Some((feature, name, id)) = by_type else { return };
    if !features.contains(feature) {
        f.error(
            id,
            &flags_at,
            format_args!("has VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT, but the {name} feature is not enabled."),
        );
    }
    if info.imageType != VkImageType::VK_IMAGE_TYPE_2D {
        return;
    }
    let by_samples = [
        (
            S::VK_SAMPLE_COUNT_2_BIT,
            Feature::SPARSE_RESIDENCY2_SAMPLES,
            "sparseResidency2Samples",
            "VUID-VkImageCreateInfo-imageType-00973",
        ),
        (
            S::VK_SAMPLE_COUNT_4_BIT,
            Feature::SPARSE_RESIDENCY4_SAMPLES,
            "sparseResidency4Samples",
            "VUID-VkImageCreateInfo-imageType-00974",
        ),
        (
            S::VK_SAMPLE_COUNT_8_BIT,
            Feature::SPARSE_RESIDENCY8_SAMPLES,
            "sparseResidency8Samples",
            "VUID-VkImageCreateInfo-imageType-00975",
        ),
        (
            S::VK_SAMPLE_COUNT_16_BIT,
            Feature::SPARSE_RESIDENCY16_SAMPLES,
            "sparseResidency16Samples",
            "VUID-VkImageCreateInfo-imageType-00976",
        ),
    ];
    for (samples, feature, name, id) in by_samples {
        if info.samples == samples && !features.contains(feature) {
            f.error(
                id,
                &at.arrow("samples"),
                format_args!(
                    "is {:#x} and flags has VK_IMAGE_CREATE_SPARSE_RESIDENCY_BIT, but the {name} feature is not enabled.",
                    samples.0
                ),
            );
        }
    }
}

/// The flags that ask for a particular image type, tiling or sample count, and those a feature
/// allows.
fn special_flags(checks: &DeviceStateless, info: &VkImageCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    use VkImageCreateFlags as F;
    use VkImageUsageFlags as U;
    let flags = info.flags;
    let ty = info.imageType;
    let features = &checks.facts.features;
    let flags_at = at.arrow("flags");
    let type_at = at.arrow("imageType");
    let is_2d = ty == VkImageType::VK_IMAGE_TYPE_2D;
    for (bit, name, id) in [
        (
            F::VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT,
            "VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT",
            "VUID-VkImageCreateInfo-flags-00950",
        ),
        (
            F::VK_IMAGE_CREATE_2D_VIEW_COMPATIBLE_BIT_EXT,
            "VK_IMAGE_CREATE_2D_VIEW_COMPATIBLE_BIT_EXT",
            "VUID-VkImageCreateInfo-flags-07755",
        ),
    ] {
        if flags.contains(bit) && ty != VkImageType::VK_IMAGE_TYPE_3D {
            f.error(
                id,
                &type_at,
                format_args!("is {ty:?}, but flags ({:#x}) has {name}, which is for 3D images.", flags.0),
            );
        }
    }
    if flags.contains(F::VK_IMAGE_CREATE_CORNER_SAMPLED_BIT_NV) {
        corner_sampled(info, at, f);
    }
    // The extension is asked last: a name lookup, and the rules are rare.
    let portability = || checks.facts.extension_names.contains("VK_KHR_portability_subset");
    if flags.contains(F::VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT)
        && !features.contains(Feature::IMAGE_VIEW2_D_ON3_D_IMAGE)
        && portability()
    {
        f.error(
            "VUID-VkImageCreateInfo-imageView2DOn3DImage-04459",
            &flags_at,
            format_args!(
                "has VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT, but the portability subset's imageView2DOn3DImage is \
                 VK_FALSE."
            ),
        );
    }
    if info.samples != VkSampleCountFlags::VK_SAMPLE_COUNT_1_BIT
        && info.arrayLayers != 1
        && !features.contains(Feature::MULTISAMPLE_ARRAY_IMAGE)
        && portability()
    {
        f.error(
            "VUID-VkImageCreateInfo-multisampleArrayImage-04460",
            &at.arrow("arrayLayers"),
            format_args!(
                "is {}, but the image is multisampled ({:#x}) and the portability subset's multisampleArrayImage is \
                 VK_FALSE.",
                info.arrayLayers, info.samples.0
            ),
        );
    }
    if flags.contains(F::VK_IMAGE_CREATE_SPLIT_INSTANCE_BIND_REGIONS_BIT) {
        if info.mipLevels != 1
            || info.arrayLayers != 1
            || !is_2d
            || info.tiling == VkImageTiling::VK_IMAGE_TILING_LINEAR
        {
            f.error(
                "VUID-VkImageCreateInfo-flags-02259",
                &flags_at,
                format_args!(
                    "has VK_IMAGE_CREATE_SPLIT_INSTANCE_BIND_REGIONS_BIT, so the image must be 2D (is {ty:?}), with 1 mip \
                     level (has {}) and 1 array layer (has {}), and not linear (tiling {:?}).",
                    info.mipLevels, info.arrayLayers, info.tiling
                ),
            );
        }
        if checks.facts.physical_device_count == 1 {
            f.error(
                "VUID-VkImageCreateInfo-physicalDeviceCount-01421",
                &flags_at,
                format_args!(
                    "has VK_IMAGE_CREATE_SPLIT_INSTANCE_BIND_REGIONS_BIT, but the device was created from one physical \
                     device."
                ),
            );
        }
    }
    if flags.contains(F::VK_IMAGE_CREATE_SUBSAMPLED_BIT_EXT) {
        let subsampled = "has VK_IMAGE_CREATE_SUBSAMPLED_BIT_EXT";
        if info.tiling != VkImageTiling::VK_IMAGE_TILING_OPTIMAL {
            f.error(
                "VUID-VkImageCreateInfo-flags-02565",
                &at.arrow("tiling"),
                format_args!("is {:?}, but flags {subsampled}.", info.tiling),
            );
        }
        if !is_2d {
            f.error("VUID-VkImageCreateInfo-flags-02566", &type_at, format_args!("is {ty:?}, but flags {subsampled}."));
        }
        if flags.contains(F::VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) {
            f.error(
                "VUID-VkImageCreateInfo-flags-02567",
                &flags_at,
                format_args!("{subsampled} and VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT."),
            );
        }
        if info.mipLevels != 1 {
            f.error(
                "VUID-VkImageCreateInfo-flags-02568",
                &at.arrow("mipLevels"),
                format_args!("is {}, but flags {subsampled}.", info.mipLevels),
            );
        }
    }
    if flags.contains(F::VK_IMAGE_CREATE_MULTISAMPLED_RENDER_TO_SINGLE_SAMPLED_BIT_EXT) {
        if !features.contains(Feature::MULTISAMPLED_RENDER_TO_SINGLE_SAMPLED) {
            f.error(
                "VUID-VkImageCreateInfo-multisampledRenderToSingleSampled-06882",
                &flags_at,
                format_args!(
                    "has VK_IMAGE_CREATE_MULTISAMPLED_RENDER_TO_SINGLE_SAMPLED_BIT_EXT, but the \
                     multisampledRenderToSingleSampled feature is not enabled."
                ),
            );
        }
        if info.samples != VkSampleCountFlags::VK_SAMPLE_COUNT_1_BIT {
            f.error(
                "VUID-VkImageCreateInfo-flags-06883",
                &at.arrow("samples"),
                format_args!(
                    "is {:#x}, but flags has VK_IMAGE_CREATE_MULTISAMPLED_RENDER_TO_SINGLE_SAMPLED_BIT_EXT: the image \
                     is single-sampled.",
                    info.samples.0
                ),
            );
        }
    }
    let rule = CaptureReplay {
        bit: "VK_IMAGE_CREATE_DESCRIPTOR_BUFFER_CAPTURE_REPLAY_BIT_EXT",
        flag_id: "VUID-VkImageCreateInfo-flags-08104",
        pnext_id: "VUID-VkImageCreateInfo-pNext-08105",
    };
    let capture = flags.contains(F::VK_IMAGE_CREATE_DESCRIPTOR_BUFFER_CAPTURE_REPLAY_BIT_EXT);
    let missing = (!features.contains(Feature::DESCRIPTOR_BUFFER_CAPTURE_REPLAY)
        && !features.contains(Feature::DESCRIPTOR_HEAP_CAPTURE_REPLAY))
    .then_some("neither the descriptorBufferCaptureReplay nor the descriptorHeapCaptureReplay feature is enabled");
    // SAFETY: the application promises a valid pNext chain.
    unsafe { descriptor_capture_replay(&rule, (flags.0, capture), missing, info.pNext, &flags_at, f) };
    let usage = info.usage;
    let usage_at = at.arrow("usage");
    let single = info.samples == VkSampleCountFlags::VK_SAMPLE_COUNT_1_BIT;
    if usage.contains(U::VK_IMAGE_USAGE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR) {
        if !is_2d {
            f.error(
                "VUID-VkImageCreateInfo-imageType-02082",
                &type_at,
                format_args!("is {ty:?}, but usage has VK_IMAGE_USAGE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR."),
            );
        }
        if !single {
            f.error(
                "VUID-VkImageCreateInfo-samples-02083",
                &at.arrow("samples"),
                format_args!(
                    "is {:#x}, but usage has VK_IMAGE_USAGE_FRAGMENT_SHADING_RATE_ATTACHMENT_BIT_KHR.",
                    info.samples.0
                ),
            );
        }
    }
    if usage.contains(U::VK_IMAGE_USAGE_FRAGMENT_DENSITY_MAP_BIT_EXT) {
        // The rule's text says "flags"; the bit is a usage bit, as the reference reads it.
        if !is_2d {
            f.error(
                "VUID-VkImageCreateInfo-flags-02557",
                &type_at,
                format_args!("is {ty:?}, but usage has VK_IMAGE_USAGE_FRAGMENT_DENSITY_MAP_BIT_EXT."),
            );
        }
        if !single {
            f.error(
                "VUID-VkImageCreateInfo-samples-02558",
                &usage_at,
                format_args!("has VK_IMAGE_USAGE_FRAGMENT_DENSITY_MAP_BIT_EXT, but samples is {:#x}.", info.samples.0),
            );
        }
    }
    if usage.contains(U::VK_IMAGE_USAGE_STORAGE_BIT)
        && !single
        && !features.contains(Feature::SHADER_STORAGE_IMAGE_MULTISAMPLE)
    {
        f.error(
            "VUID-VkImageCreateInfo-usage-00968",
            &at.arrow("samples"),
            format_args!(
                "is {:#x} and usage has VK_IMAGE_USAGE_STORAGE_BIT, but the shaderStorageImageMultisample feature is \
                 not enabled.",
                info.samples.0
            ),
        );
    }
    if usage.contains(U::VK_IMAGE_USAGE_SHADING_RATE_IMAGE_BIT_NV)
        && features.contains(Feature::SHADING_RATE_IMAGE)
        && info.tiling != VkImageTiling::VK_IMAGE_TILING_OPTIMAL
    {
        f.error(
            "VUID-VkImageCreateInfo-shadingRateImage-07727",
            &at.arrow("tiling"),
            format_args!("is {:?}, but usage has VK_IMAGE_USAGE_SHADING_RATE_IMAGE_BIT_NV.", info.tiling),
        );
    }
}

/// A fragment density map without the fragmentDensityMapOffset feature covers no more than the
/// largest framebuffer: its extent is at most the framebuffer limits in density texels
/// (`minFragmentDensityTexelSize`, rounded up).
fn density_map_extent(checks: &DeviceStateless, info: &VkImageCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    let density_map = info.usage.contains(VkImageUsageFlags::VK_IMAGE_USAGE_FRAGMENT_DENSITY_MAP_BIT_EXT);
    let texel = checks.facts.extension_limits.min_fragment_density_texel_size;
    let (true, Some(texel)) = (density_map, texel) else { return };
    if checks.facts.features.contains(Feature::FRAGMENT_DENSITY_MAP_OFFSET) {
        return;
    }
    let limits = &checks.facts.limits;
    let axes = [
        (
            ("width", "maxFramebufferWidth"),
            info.extent.width,
            limits.maxFramebufferWidth,
            texel.width,
            "VUID-VkImageCreateInfo-fragmentDensityMapOffset-06514",
        ),
        (
            ("height", "maxFramebufferHeight"),
            info.extent.height,
            limits.maxFramebufferHeight,
            texel.height,
            "VUID-VkImageCreateInfo-fragmentDensityMapOffset-06515",
        ),
    ];
    for ((name, max_name), value, framebuffer, texel, id) in axes {
        // A texel size of 0 is the driver's error, not the application's: nothing to divide by.
        let Some(most) = (texel != 0).then(|| framebuffer.div_ceil(texel)) else { continue };
        if value > most {
            f.error(
                id,
                &at.arrow("extent").dot(name),
                format_args!(
                    "is {value}, but usage has VK_IMAGE_USAGE_FRAGMENT_DENSITY_MAP_BIT_EXT, the fragmentDensityMapOffset \
                     feature is not enabled, and ceil({max_name} ({framebuffer}) / minFragmentDensityTexelSize.{name} \
                     ({texel})) is {most}."
                ),
            );
        }
    }
}

/// `VK_IMAGE_CREATE_CORNER_SAMPLED_BIT_NV`: 2D or 3D, not cube compatible, not depth/stencil, and
/// more than one texel in each dimension.
fn corner_sampled(info: &VkImageCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    let ty = info.imageType;
    let corner = "flags has VK_IMAGE_CREATE_CORNER_SAMPLED_BIT_NV";
    let e = info.extent;
    match ty {
        VkImageType::VK_IMAGE_TYPE_2D if e.width <= 1 || e.height <= 1 => f.error(
            "VUID-VkImageCreateInfo-flags-02052",
            &at.arrow("extent"),
            format_args!("is {}x{}, but {corner}: width and height must be greater than 1.", e.width, e.height),
        ),
        VkImageType::VK_IMAGE_TYPE_3D if e.width <= 1 || e.height <= 1 || e.depth <= 1 => f.error(
            "VUID-VkImageCreateInfo-flags-02053",
            &at.arrow("extent"),
            format_args!(
                "is {}x{}x{}, but {corner}: each dimension must be greater than 1.",
                e.width, e.height, e.depth
            ),
        ),
        VkImageType::VK_IMAGE_TYPE_2D | VkImageType::VK_IMAGE_TYPE_3D => {}
        _ => f.error(
            "VUID-VkImageCreateInfo-flags-02050",
            &at.arrow("imageType"),
            format_args!("is {ty:?}, but {corner}."),
        ),
    }
    let depth_stencil = format_info(info.format).is_some_and(FormatInfo::is_depth_or_stencil);
    if info.flags.contains(VkImageCreateFlags::VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) || depth_stencil {
        f.error(
            "VUID-VkImageCreateInfo-flags-02051",
            &at.arrow("flags"),
            format_args!(
                "is {:#x} and format is {:?}: a corner-sampled image is neither cube compatible nor of a \
                 depth/stencil format.",
                info.flags.0, info.format
            ),
        );
    }
}

/// The rules on the format's kind (from the spec's format tables): compressed, depth/stencil,
/// multi-planar and chroma-subsampled formats.
fn format_rules(checks: &DeviceStateless, info: &VkImageCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    use VkImageCreateFlags as F;
    let Some(format) = format_info(info.format) else { return };
    let flags = info.flags;
    let flags_at = at.arrow("flags");
    let fmt = info.format;
    if flags.contains(F::VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT) && !format.is_compressed() {
        f.error(
            "VUID-VkImageCreateInfo-flags-01572",
            &flags_at,
            format_args!(
                "has VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT, but format {fmt:?} is not a compressed format."
            ),
        );
    }
    if flags.contains(F::VK_IMAGE_CREATE_SAMPLE_LOCATIONS_COMPATIBLE_DEPTH_BIT_EXT) && !format.has(ComponentName::D) {
        f.error(
            "VUID-VkImageCreateInfo-flags-01533",
            &flags_at,
            format_args!(
                "has VK_IMAGE_CREATE_SAMPLE_LOCATIONS_COMPATIBLE_DEPTH_BIT_EXT, but format {fmt:?} has no depth."
            ),
        );
    }
    if flags.contains(F::VK_IMAGE_CREATE_DISJOINT_BIT) {
        if !format.is_multi_planar() && !flags.contains(F::VK_IMAGE_CREATE_ALIAS_BIT) {
            f.error(
                "VUID-VkImageCreateInfo-format-01577",
                &flags_at,
                format_args!(
                    "has VK_IMAGE_CREATE_DISJOINT_BIT without VK_IMAGE_CREATE_ALIAS_BIT, but format {fmt:?} is not \
                     multi-planar."
                ),
            );
        } else if format.is_multi_planar() && !disjoint_supported(checks, info) {
            f.error(
                "VUID-VkImageCreateInfo-imageCreateFormatFeatures-02260",
                &flags_at,
                format_args!(
                    "has VK_IMAGE_CREATE_DISJOINT_BIT, but format {fmt:?} with tiling {:?} lacks \
                     VK_FORMAT_FEATURE_DISJOINT_BIT.",
                    info.tiling
                ),
            );
        }
    }
    let e = info.extent;
    if (format.chroma == 420 || format.chroma == 422) && !e.width.is_multiple_of(2) {
        f.error(
            "VUID-VkImageCreateInfo-format-04712",
            &at.arrow("extent").dot("width"),
            format_args!("is {}, odd, but format {fmt:?} subsamples chroma horizontally ({}).", e.width, format.chroma),
        );
    }
    if format.chroma == 420 && !e.height.is_multiple_of(2) {
        f.error(
            "VUID-VkImageCreateInfo-format-04713",
            &at.arrow("extent").dot("height"),
            format_args!("is {}, odd, but format {fmt:?} subsamples chroma vertically (420).", e.height),
        );
    }
    if format.requires_ycbcr_conversion() {
        let needs = "requires a sampler Y′CBCR conversion";
        if info.mipLevels != 1 {
            f.error(
                "VUID-VkImageCreateInfo-format-06410",
                &at.arrow("mipLevels"),
                format_args!("is {}, but format {fmt:?} {needs}: images of it have 1 mip level.", info.mipLevels),
            );
        }
        if info.samples != VkSampleCountFlags::VK_SAMPLE_COUNT_1_BIT {
            f.error(
                "VUID-VkImageCreateInfo-format-06411",
                &at.arrow("samples"),
                format_args!("is {:#x}, but format {fmt:?} {needs}: images of it are single-sampled.", info.samples.0),
            );
        }
        if info.imageType != VkImageType::VK_IMAGE_TYPE_2D {
            f.error(
                "VUID-VkImageCreateInfo-format-06412",
                &at.arrow("imageType"),
                format_args!("is {:?}, but format {fmt:?} {needs}: images of it are 2D.", info.imageType),
            );
        }
    }
}

/// Whether the format features of `info`'s format and tiling have `VK_FORMAT_FEATURE_DISJOINT_BIT`
/// (true where the driver cannot be asked: nothing is reported then).
fn disjoint_supported(checks: &DeviceStateless, info: &VkImageCreateInfo) -> bool {
    let Some(props) = checks.facts.format_properties(info.format) else { return true };
    let features = match info.tiling {
        VkImageTiling::VK_IMAGE_TILING_OPTIMAL => props.optimalTilingFeatures,
        VkImageTiling::VK_IMAGE_TILING_LINEAR => props.linearTilingFeatures,
        // DRM format modifiers have their own features.
        _ => return true,
    };
    features.contains(VkFormatFeatureFlags::VK_FORMAT_FEATURE_DISJOINT_BIT)
}

/// The rules on structures in the create info's pNext chain: view format lists, stencil usage,
/// external memory, DRM format modifiers and capture data.
///
/// # Safety
/// `info`'s pNext chain must be valid (the application's promise).
unsafe fn chained_rules(checks: &DeviceStateless, info: &VkImageCreateInfo, at: &Location<'_>, f: &mut Findings<'_>) {
    use VkImageCreateFlags as F;
    use VkStructureType as T;
    let flags = info.flags;
    let next = info.pNext;
    // SAFETY (each `find` below): the structure the sType names, in the application's chain.
    let list = unsafe { find::<VkImageFormatListCreateInfo>(next, T::VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO) };
    if let Some(list) = list {
        view_format_list(info, list, at, f);
    }
    let stencil =
        unsafe { find::<VkImageStencilUsageCreateInfo>(next, T::VK_STRUCTURE_TYPE_IMAGE_STENCIL_USAGE_CREATE_INFO) };
    if let Some(stencil) = stencil {
        stencil_usage(checks, info, stencil.stencilUsage, at, f);
    }
    let external = unsafe {
        find::<VkExternalMemoryImageCreateInfo>(next, T::VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMAGE_CREATE_INFO)
    };
    let external_nv = unsafe {
        find::<VkExternalMemoryImageCreateInfoNV>(next, T::VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMAGE_CREATE_INFO_NV)
    };
    if external.is_some() && external_nv.is_some() {
        f.error(
            "VUID-VkImageCreateInfo-pNext-00988",
            &at.arrow("pNext"),
            format_args!("has both VkExternalMemoryImageCreateInfoNV and VkExternalMemoryImageCreateInfo."),
        );
    }
    let exported = external.is_some_and(|e| e.handleTypes.0 != 0) || external_nv.is_some_and(|e| e.handleTypes.0 != 0);
    if exported && info.initialLayout != VkImageLayout::VK_IMAGE_LAYOUT_UNDEFINED {
        f.error(
            "VUID-VkImageCreateInfo-pNext-01443",
            &at.arrow("initialLayout"),
            format_args!(
                "is {:?}, but the image is created for external memory (handleTypes not 0): it starts \
                 VK_IMAGE_LAYOUT_UNDEFINED.",
                info.initialLayout
            ),
        );
    }
    let modifier_list =
        unsafe { find::<VkBaseInStructure>(next, T::VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_LIST_CREATE_INFO_EXT) };
    let modifier_explicit = unsafe {
        find::<VkBaseInStructure>(next, T::VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_EXPLICIT_CREATE_INFO_EXT)
    };
    let drm = info.tiling == VkImageTiling::VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT;
    if drm && modifier_list.is_some() == modifier_explicit.is_some() {
        f.error(
            "VUID-VkImageCreateInfo-tiling-02261",
            &at.arrow("pNext"),
            format_args!(
                "has {} of VkImageDrmFormatModifierListCreateInfoEXT and VkImageDrmFormatModifierExplicitCreateInfoEXT, \
                 but tiling is VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT: exactly one is needed.",
                if modifier_list.is_some() { "both" } else { "neither" }
            ),
        );
    }
    if !drm && (modifier_list.is_some() || modifier_explicit.is_some()) {
        f.error(
            "VUID-VkImageCreateInfo-pNext-02262",
            &at.arrow("tiling"),
            format_args!("is {:?}, but pNext has a DRM format modifier structure.", info.tiling),
        );
    }
    if !flags.contains(F::VK_IMAGE_CREATE_VIDEO_PROFILE_INDEPENDENT_BIT_KHR) {
        // SAFETY: the application's chain (the caller's promise).
        unsafe { video_profiles(next, u64::from(info.usage.0), &VIDEO_USAGES, at, f) };
    }
    let profiles = unsafe { find::<VkVideoProfileListInfoKHR>(next, T::VK_STRUCTURE_TYPE_VIDEO_PROFILE_LIST_INFO_KHR) };
    // The driver is asked about the profiles only when the list can be read and nothing else
    // is wrong with the image (the answer is about valid parameters).
    if let Some(profiles) = profiles.filter(|l| l.profileCount > 0 && !l.pProfiles.is_null() && !f.found) {
        supported_video_format(checks, info, profiles, at, f);
    }
}

/// An image for video profiles has a format, flags, type, tiling and usage that one of the
/// formats the driver reports for the profiles and the image's usage allows
/// (`supportedVideoFormat`): a profile-independent flag is always allowed, and the extended
/// usage flag allows usage beyond the format's.
fn supported_video_format(
    checks: &DeviceStateless,
    info: &VkImageCreateInfo,
    profiles: &VkVideoProfileListInfoKHR,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    use VkImageCreateFlags as F;
    // SAFETY: the application's list, its profiles checked non-null (and promised valid).
    let Some(formats) = (unsafe { checks.facts.video_formats(info.usage, profiles) }) else { return };
    let flags = info.flags.0 & !F::VK_IMAGE_CREATE_VIDEO_PROFILE_INDEPENDENT_BIT_KHR.0;
    let extended_usage = info.flags.contains(F::VK_IMAGE_CREATE_EXTENDED_USAGE_BIT);
    let supported = formats.iter().any(|p| {
        p.format == info.format
            && flags & !p.imageCreateFlags.0 == 0
            && p.imageType == info.imageType
            && p.imageTiling == info.tiling
            && (extended_usage || info.usage.0 & !p.imageUsageFlags.0 == 0)
    });
    if !supported {
        f.error(
            "VUID-VkImageCreateInfo-pNext-06811",
            &at.arrow("pNext"),
            format_args!(
                "has a VkVideoProfileListInfoKHR of {} profiles, but none of the {} formats \
                 vkGetPhysicalDeviceVideoFormatPropertiesKHR reports for them and usage {:#x} allows format {:?}, \
                 flags {:#x}, imageType {:?} and tiling {:?} with that usage.",
                profiles.profileCount,
                formats.len(),
                info.usage.0,
                info.format,
                info.flags.0,
                info.imageType,
                info.tiling
            ),
        );
    }
}

/// The image usage bits of video decoding and encoding, with the rule that asks for a profile of
/// that kind and the codec operations of that kind (decode operations in the low 16 bits, encode
/// operations above).
const VIDEO_USAGES: [(u64, &str, &str, u32); 2] = {
    use VkImageUsageFlags as U;
    [
        (
            (U::VK_IMAGE_USAGE_VIDEO_DECODE_SRC_BIT_KHR.0
                | U::VK_IMAGE_USAGE_VIDEO_DECODE_DST_BIT_KHR.0
                | U::VK_IMAGE_USAGE_VIDEO_DECODE_DPB_BIT_KHR.0) as u64,
            "decode",
            "VUID-VkImageCreateInfo-usage-04815",
            0xffff,
        ),
        (
            (U::VK_IMAGE_USAGE_VIDEO_ENCODE_SRC_BIT_KHR.0
                | U::VK_IMAGE_USAGE_VIDEO_ENCODE_DST_BIT_KHR.0
                | U::VK_IMAGE_USAGE_VIDEO_ENCODE_DPB_BIT_KHR.0) as u64,
            "encode",
            "VUID-VkImageCreateInfo-usage-04816",
            0xffff_0000,
        ),
    ]
};

/// `VkImageFormatListCreateInfo`: one view format without a mutable format, and each listed
/// format compatible with the image's.
fn view_format_list(
    info: &VkImageCreateInfo,
    list: &VkImageFormatListCreateInfo,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    use VkImageCreateFlags as F;
    let flags = info.flags;
    if !flags.contains(F::VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT) && list.viewFormatCount > 1 {
        f.error(
            "VUID-VkImageCreateInfo-flags-04738",
            &at.arrow("pNext"),
            format_args!(
                "has VkImageFormatListCreateInfo with viewFormatCount {}, but flags ({:#x}) lacks \
                 VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT: at most one view format.",
                list.viewFormatCount, flags.0
            ),
        );
    }
    let Some(image) = format_info(info.format) else { return };
    if image.is_multi_planar() {
        return;
    }
    let block_texel = flags.contains(F::VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT);
    // SAFETY: the application promises viewFormatCount formats.
    let formats = unsafe { elements(list.pViewFormats, list.viewFormatCount) };
    for (i, &view) in formats.iter().enumerate() {
        let Some(v) = format_info(view) else { continue };
        let compatible =
            v.class == image.class || (block_texel && !v.is_compressed() && v.block_size == image.block_size);
        if !compatible {
            f.error(
                "VUID-VkImageCreateInfo-pNext-06722",
                &at.arrow("pNext").dot("pViewFormats").index(i),
                format_args!(
                    "is {view:?} (class {}), not compatible with the image's format {:?} (class {}){}.",
                    v.class_name(),
                    info.format,
                    image.class_name(),
                    if block_texel { " nor an uncompressed format of its block size" } else { "" }
                ),
            );
        }
    }
}

/// `VkImageStencilUsageCreateInfo` of a depth/stencil format: attachment usages agreeing with
/// `usage`, and the framebuffer and storage limits for the stencil aspect.
fn stencil_usage(
    checks: &DeviceStateless,
    info: &VkImageCreateInfo,
    stencil: VkImageUsageFlags,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    use VkImageUsageFlags as U;
    let Some(format) = format_info(info.format) else { return };
    if !format.is_depth_or_stencil() {
        return;
    }
    let usage = info.usage;
    let next_at = at.arrow("pNext");
    let stencil_at = next_at.dot("stencilUsage");
    for (bit, name, with, without) in [
        (
            U::VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
            "VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT",
            "VUID-VkImageCreateInfo-format-02795",
            "VUID-VkImageCreateInfo-format-02796",
        ),
        (
            U::VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT,
            "VK_IMAGE_USAGE_TRANSIENT_ATTACHMENT_BIT",
            "VUID-VkImageCreateInfo-format-02797",
            "VUID-VkImageCreateInfo-format-02798",
        ),
    ] {
        match (usage.contains(bit), stencil.contains(bit)) {
            (true, false) => f.error(
                with,
                &stencil_at,
                format_args!("is {:#x}, without {name}, but usage ({:#x}) has it.", stencil.0, usage.0),
            ),
            (false, true) => f.error(
                without,
                &stencil_at,
                format_args!("is {:#x}, with {name}, but usage ({:#x}) lacks it.", stencil.0, usage.0),
            ),
            _ => {}
        }
    }
    let e = info.extent;
    let limits = &checks.facts.limits;
    if stencil.contains(U::VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT) {
        let input = "and stencilUsage has VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT";
        if e.width > limits.maxFramebufferWidth {
            f.error(
                "VUID-VkImageCreateInfo-Format-02536",
                &at.arrow("extent").dot("width"),
                format_args!(
                    "is {}, more than maxFramebufferWidth ({}), {input}.",
                    e.width, limits.maxFramebufferWidth
                ),
            );
        }
        if e.height > limits.maxFramebufferHeight {
            f.error(
                "VUID-VkImageCreateInfo-format-02537",
                &at.arrow("extent").dot("height"),
                format_args!(
                    "is {}, more than maxFramebufferHeight ({}), {input}.",
                    e.height, limits.maxFramebufferHeight
                ),
            );
        }
    }
    if stencil.contains(U::VK_IMAGE_USAGE_STORAGE_BIT)
        && info.samples != VkSampleCountFlags::VK_SAMPLE_COUNT_1_BIT
        && !checks.facts.features.contains(Feature::SHADER_STORAGE_IMAGE_MULTISAMPLE)
    {
        f.error(
            "VUID-VkImageCreateInfo-format-02538",
            &at.arrow("samples"),
            format_args!(
                "is {:#x} and stencilUsage has VK_IMAGE_USAGE_STORAGE_BIT, but the shaderStorageImageMultisample \
                 feature is not enabled.",
                info.samples.0
            ),
        );
    }
}
