//! Image views: the view's format and aspects against the image's format, from the spec's
//! format tables (compatibility classes, planes, chroma subsampling); `image_views` calls them
//! with the image's record.

use vigil_generated::features::Feature;
use vigil_generated::formats::{format_info, FormatInfo};
use vigil_generated::*;

use super::{find, Findings};
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;
use crate::state::images::ImageInfo;

/// The multi-planar aspects, by plane.
const PLANES: [VkImageAspectFlags; 3] = [
    VkImageAspectFlags::VK_IMAGE_ASPECT_PLANE_0_BIT,
    VkImageAspectFlags::VK_IMAGE_ASPECT_PLANE_1_BIT,
    VkImageAspectFlags::VK_IMAGE_ASPECT_PLANE_2_BIT,
];

/// `VK_MAKE_API_VERSION(0, 1, 3, 0)`.
const VULKAN_1_3: u32 = (1 << 22) | (3 << 12);

/// The formats whose use without Vulkan 1.3 needs the ycbcr2plane444Formats feature.
const TWO_PLANE_444: [VkFormat; 4] = [
    VkFormat::VK_FORMAT_G8_B8R8_2PLANE_444_UNORM,
    VkFormat::VK_FORMAT_G10X6_B10X6R10X6_2PLANE_444_UNORM_3PACK16,
    VkFormat::VK_FORMAT_G12X4_B12X4R12X4_2PLANE_444_UNORM_3PACK16,
    VkFormat::VK_FORMAT_G16_B16R16_2PLANE_444_UNORM,
];

/// The view's format against the image's: identical unless the image is mutable, then of its
/// class (or its plane's, for a single-plane view), or size-compatible for block texel views.
///
/// # Safety
/// `info`'s pNext chain must be valid (the application's promise).
pub(super) unsafe fn view_format(
    checks: &DeviceStateless,
    image: &ImageInfo,
    info: &VkImageViewCreateInfo,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    use VkImageCreateFlags as F;
    let (Some(image_format), Some(view_format)) = (format_info(image.format), format_info(info.format)) else {
        return;
    };
    let (img, view) = (image.format, info.format);
    let aspects = info.subresourceRange.aspectMask;
    let range_at = at.arrow("subresourceRange");
    let plane_bits = PLANES.iter().filter(|p| aspects.contains(**p)).count();
    if plane_bits > 1 {
        f.error(
            "VUID-VkImageViewCreateInfo-subresourceRange-07818",
            &range_at.dot("aspectMask"),
            format_args!("is {:#x}: more than one plane aspect.", aspects.0),
        );
        // Neither a single-plane view nor a view of every plane: no format rule applies.
        return;
    } else {
        aspects_of_format(image_format, img, aspects, &range_at, f);
    }
    let format_at = at.arrow("format");
    let single_plane = image_format.is_multi_planar() && plane_bits == 1;
    let plane = PLANES.iter().position(|p| aspects.contains(*p));
    if !image.flags.contains(F::VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT) {
        if view != img {
            f.error(
                "VUID-VkImageViewCreateInfo-image-12397",
                &format_at,
                format_args!(
                    "is {view:?}, but the image's format is {img:?} and it was created without \
                     VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT."
                ),
            );
        }
    } else if image_format.is_multi_planar() && !single_plane {
        if view != img {
            f.error(
                "VUID-VkImageViewCreateInfo-format-12398",
                &format_at,
                format_args!("is {view:?}, but a view of every plane of a {img:?} image has the image's format."),
            );
        }
    } else if single_plane {
        let plane_format = plane.and_then(|p| image_format.planes.get(p)).map(|p| p.compatible);
        let plane_info = plane_format.and_then(format_info);
        if let (Some(plane_format), Some(plane_info)) = (plane_format, plane_info) {
            if plane_info.class != view_format.class {
                f.error(
                    "VUID-VkImageViewCreateInfo-image-01586",
                    &format_at,
                    format_args!(
                        "is {view:?} (class {}), not compatible with {plane_format:?} (class {}), the format of plane \
                         {} of the image's {img:?}.",
                        view_format.class_name(),
                        plane_info.class_name(),
                        plane.unwrap_or(0)
                    ),
                );
            }
        }
    } else if image.flags.contains(F::VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT) {
        let size_compatible = !view_format.is_compressed() && view_format.block_size == image_format.block_size;
        if view_format.class != image_format.class && !size_compatible {
            f.error(
                "VUID-VkImageViewCreateInfo-image-01583",
                &format_at,
                format_args!(
                    "is {view:?} (class {}, {} bytes per block), neither compatible with the image's {img:?} (class {}) \
                     nor an uncompressed format of its block size ({} bytes), which \
                     VK_IMAGE_CREATE_BLOCK_TEXEL_VIEW_COMPATIBLE_BIT allows.",
                    view_format.class_name(),
                    view_format.block_size,
                    image_format.class_name(),
                    image_format.block_size
                ),
            );
        }
    } else if view_format.class != image_format.class {
        f.error(
            "VUID-VkImageViewCreateInfo-image-01761",
            &format_at,
            format_args!(
                "is {view:?} (class {}), not compatible with the image's {img:?} (class {}).",
                view_format.class_name(),
                image_format.class_name()
            ),
        );
    }
    let e = image.extent;
    if (view_format.chroma == 420 || view_format.chroma == 422) && !e.width.is_multiple_of(2) {
        f.error(
            "VUID-VkImageViewCreateInfo-format-04714",
            &format_at,
            format_args!("is {view:?}, which subsamples chroma horizontally, but the image is {} wide (odd).", e.width),
        );
    }
    if view_format.chroma == 420 && !e.height.is_multiple_of(2) {
        f.error(
            "VUID-VkImageViewCreateInfo-format-04715",
            &format_at,
            format_args!("is {view:?}, which subsamples chroma vertically, but the image is {} high (odd).", e.height),
        );
    }
    if view_format.requires_ycbcr_conversion() {
        // SAFETY: the application's chain (the caller's promise).
        unsafe { conversion(image, info, &format_at, f) };
    }
    if TWO_PLANE_444.contains(&view)
        && checks.facts.api_version < VULKAN_1_3
        && !checks.facts.features.contains(Feature::YCBCR2PLANE444_FORMATS)
    {
        f.error(
            "VUID-VkImageViewCreateInfo-None-12280",
            &format_at,
            format_args!(
                "is {view:?}, but the device is older than Vulkan 1.3 and ycbcr2plane444Formats is not enabled."
            ),
        );
    }
    let same_bits = view_format.components.len() == image_format.components.len()
        && view_format.components.iter().zip(image_format.components).all(|(v, i)| v.bits == i.bits);
    // The extension is asked last: a name lookup, and the rule is rare.
    if !same_bits
        && !checks.facts.features.contains(Feature::IMAGE_VIEW_FORMAT_REINTERPRETATION)
        && checks.facts.extension_names.contains("VK_KHR_portability_subset")
    {
        f.error(
            "VUID-VkImageViewCreateInfo-imageViewFormatReinterpretation-04466",
            &format_at,
            format_args!(
                "is {view:?}, whose components differ in number or bits from the image's {img:?}, but the \
                 portability subset's imageViewFormatReinterpretation is VK_FALSE."
            ),
        );
    }
    if image.flags.contains(F::VK_IMAGE_CREATE_ALIAS_SINGLE_LAYER_DESCRIPTOR_BIT_KHR) && view_format.is_multi_planar() {
        f.error(
            "VUID-VkImageViewCreateInfo-image-13357",
            &format_at,
            format_args!(
                "is {view:?}, multi-planar, but the image was created with \
                 VK_IMAGE_CREATE_ALIAS_SINGLE_LAYER_DESCRIPTOR_BIT_KHR."
            ),
        );
    }
}

/// The aspects a view of an image of `format` may select: the color aspect of a color format,
/// some of a depth/stencil format's, the color aspect or one plane of a multi-planar format.
fn aspects_of_format(
    format: &FormatInfo,
    name: VkFormat,
    aspects: VkImageAspectFlags,
    range_at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    use vigil_generated::formats::ComponentName as C;
    use VkImageAspectFlags as A;
    let color_and_plane =
        aspects.contains(A::VK_IMAGE_ASPECT_COLOR_BIT) && PLANES.iter().any(|p| aspects.intersects(*p));
    // No aspect at all is the generated rule's (-requiredbitmask), the color aspect with a plane
    // VkImageSubresourceRange-aspectMask-01670's (`image_views`).
    if aspects.0 == 0 || color_and_plane {
        return;
    }
    let valid = if format.is_multi_planar() {
        aspects == A::VK_IMAGE_ASPECT_COLOR_BIT || PLANES.iter().take(format.planes.len()).any(|p| aspects == *p)
    } else if format.is_depth_or_stencil() {
        let mut allowed = 0;
        if format.has(C::D) {
            allowed |= A::VK_IMAGE_ASPECT_DEPTH_BIT.0;
        }
        if format.has(C::S) {
            allowed |= A::VK_IMAGE_ASPECT_STENCIL_BIT.0;
        }
        aspects.0 & !allowed == 0
    } else {
        aspects == A::VK_IMAGE_ASPECT_COLOR_BIT
    };
    if !valid {
        f.error(
            "VUID-VkImageViewCreateInfo-subresourceRange-09594",
            &range_at.dot("aspectMask"),
            format_args!("is {:#x}, which is not an aspect selection of the image's format {name:?}.", aspects.0),
        );
    }
}

/// A sampled view of a format that needs a Y′CBCR conversion names one.
///
/// # Safety
/// `info`'s pNext chain must be valid (the application's promise).
unsafe fn conversion(image: &ImageInfo, info: &VkImageViewCreateInfo, format_at: &Location<'_>, f: &mut Findings<'_>) {
    use VkStructureType as T;
    // SAFETY (both): the structure the sType names, in the application's chain.
    let usage =
        unsafe { find::<VkImageViewUsageCreateInfo>(info.pNext, T::VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO) }
            .map_or(image.usage, |u| u.usage.0);
    let conversion =
        unsafe { find::<VkSamplerYcbcrConversionInfo>(info.pNext, T::VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_INFO) };
    let named = conversion.is_some_and(|c| !c.conversion.is_null());
    if usage & VkImageUsageFlags::VK_IMAGE_USAGE_SAMPLED_BIT.0 != 0 && !named {
        f.error(
            "VUID-VkImageViewCreateInfo-format-06415",
            format_at,
            format_args!(
                "is {:?}, which needs a sampler Y′CBCR conversion, and the view is sampled (usage {usage:#x}), but \
                 pNext names no conversion (VkSamplerYcbcrConversionInfo).",
                info.format
            ),
        );
    }
}

/// `VK_KHR_portability_subset`: swizzles and format reinterpretation where the implementation
/// lacks them.
pub(super) fn portability(
    checks: &DeviceStateless,
    info: &VkImageViewCreateInfo,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    let features = &checks.facts.features;
    let c = info.components;
    let identity = |s: VkComponentSwizzle, own: VkComponentSwizzle| {
        s == VkComponentSwizzle::VK_COMPONENT_SWIZZLE_IDENTITY || s == own
    };
    use VkComponentSwizzle as S;
    let all_identity = identity(c.r, S::VK_COMPONENT_SWIZZLE_R)
        && identity(c.g, S::VK_COMPONENT_SWIZZLE_G)
        && identity(c.b, S::VK_COMPONENT_SWIZZLE_B)
        && identity(c.a, S::VK_COMPONENT_SWIZZLE_A);
    if !all_identity
        && !features.contains(Feature::IMAGE_VIEW_FORMAT_SWIZZLE)
        && checks.facts.extension_names.contains("VK_KHR_portability_subset")
    {
        f.error(
            "VUID-VkImageViewCreateInfo-imageViewFormatSwizzle-04465",
            &at.arrow("components"),
            format_args!(
                "is ({:?}, {:?}, {:?}, {:?}), not the identity, but the portability subset's imageViewFormatSwizzle is \
                 VK_FALSE.",
                c.r, c.g, c.b, c.a
            ),
        );
    }
}
