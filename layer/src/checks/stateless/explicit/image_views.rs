//! Image views: the view against the image it views.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::Findings;
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;
use crate::state::resolve::call_record;
use crate::state::TYPES;

/// What image views are checked against: the image's creation parameters.
#[derive(Clone, Copy, Debug)]
struct ImageFacts {
    image_type: VkImageType,
    mip_levels: u32,
    array_layers: u32,
    flags: VkImageCreateFlags,
}

/// The creation parameters of `image`, from the state tracker's record of it; `None` for an
/// image whose creation Vigil did not see.
fn image_facts(checks: &DeviceStateless, cx: &Call<'_>, image: VkImage) -> Option<ImageFacts> {
    let record = call_record(cx, TYPES.image, image.as_raw(), checks.scope)?;
    let info = record.image()?.info()?;
    Some(ImageFacts { image_type: info.ty, mip_levels: info.levels, array_layers: info.layers, flags: info.flags })
}

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
    if let Some(image) = image_facts(checks, cx, info.image) {
        view_type(&image, info, &at, &mut f);
        subresource_range(&image, info, &at, &mut f);
    }
    f.skip
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
    // Views of a 3D image's slices count layers in depth slices: not checked here.
    if sliced_3d {
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
    if r.layerCount != VK_REMAINING_ARRAY_LAYERS && (r.layerCount == 0 || r.layerCount > remaining) {
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
    let rule = if single && count != 1 {
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
