//! Images.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::Findings;
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

