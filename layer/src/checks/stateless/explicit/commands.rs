//! Command buffer commands whose parameters carry rules of their own: push constants, buffer
//! fills and updates, copies.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::Findings;
use crate::chassis::Call;
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;

/// `vkCmdPushConstants`: the range 4-byte aligned and within maxPushConstantsSize.
pub(super) fn push_constants(checks: &DeviceStateless, cx: &Call<'_>, offset: u32, size: u32) -> bool {
    let max = checks.facts.limits.maxPushConstantsSize;
    let within = offset < max && size <= max - offset;
    if within && (offset | size) & 3 == 0 {
        return false;
    }
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    if offset & 3 != 0 {
        f.error(
            "VUID-vkCmdPushConstants-offset-00368",
            &cmd.dot("offset"),
            format_args!("is {offset}, not a multiple of 4."),
        );
    }
    if size & 3 != 0 {
        f.error(
            "VUID-vkCmdPushConstants-size-00369",
            &cmd.dot("size"),
            format_args!("is {size}, not a multiple of 4."),
        );
    }
    if within {
        return f.skip;
    }
    if offset >= max {
        f.error(
            "VUID-vkCmdPushConstants-offset-00370",
            &cmd.dot("offset"),
            format_args!("is {offset}, not less than maxPushConstantsSize ({max})."),
        );
    } else {
        f.error(
            "VUID-vkCmdPushConstants-size-00371",
            &cmd.dot("size"),
            format_args!("is {size}, more than maxPushConstantsSize ({max}) minus offset ({offset})."),
        );
    }
    f.skip
}

/// `vkCmdBindVertexBuffers` and `vkCmdBindVertexBuffers2`: the bindings within
/// maxVertexInputBindings (`ids`: the rule on `firstBinding`, then on the sum).
pub(super) fn vertex_bindings(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    (first, count): (u32, u32),
    ids: [&'static str; 2],
) -> bool {
    let max = checks.facts.limits.maxVertexInputBindings;
    let end = u64::from(first) + u64::from(count);
    if first < max && end <= u64::from(max) {
        return false;
    }
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let at = cmd.dot("firstBinding");
    if first >= max {
        f.error(ids[0], &at, format_args!("is {first}, not less than maxVertexInputBindings ({max})."));
    }
    if end > u64::from(max) {
        f.error(
            ids[1],
            &at,
            format_args!("({first}) plus bindingCount ({count}) is {end}, more than maxVertexInputBindings ({max})."),
        );
    }
    f.skip
}

/// `vkCmdFillBuffer`: 4-byte alignment of the offset and size, a non-zero size.
pub(super) fn fill_buffer(cx: &Call<'_>, offset: u64, size: u64) -> bool {
    if offset & 3 == 0 && (size == VK_WHOLE_SIZE || (size != 0 && size & 3 == 0)) {
        return false;
    }
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    if offset & 3 != 0 {
        f.error(
            "VUID-vkCmdFillBuffer-dstOffset-00025",
            &cmd.dot("dstOffset"),
            format_args!("is {offset}, not a multiple of 4."),
        );
    }
    if size == 0 {
        f.error("VUID-vkCmdFillBuffer-size-00026", &cmd.dot("size"), format_args!("is 0."));
    } else if size != VK_WHOLE_SIZE && size & 3 != 0 {
        f.error(
            "VUID-vkCmdFillBuffer-size-00028",
            &cmd.dot("size"),
            format_args!("is {size}, neither VK_WHOLE_SIZE nor a multiple of 4."),
        );
    }
    f.skip
}

/// The most `vkCmdUpdateBuffer` may write.
const MAX_UPDATE_SIZE: u64 = 65536;

/// `vkCmdUpdateBuffer`: 4-byte alignment, at most 64 KiB.
pub(super) fn update_buffer(cx: &Call<'_>, offset: u64, size: u64) -> bool {
    if offset & 3 == 0 && size & 3 == 0 && size <= MAX_UPDATE_SIZE {
        return false;
    }
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    if offset & 3 != 0 {
        f.error(
            "VUID-vkCmdUpdateBuffer-dstOffset-00036",
            &cmd.dot("dstOffset"),
            format_args!("is {offset}, not a multiple of 4."),
        );
    }
    if size > MAX_UPDATE_SIZE {
        f.error(
            "VUID-vkCmdUpdateBuffer-dataSize-00037",
            &cmd.dot("dataSize"),
            format_args!("is {size}, more than {MAX_UPDATE_SIZE}."),
        );
    }
    if size & 3 != 0 {
        f.error(
            "VUID-vkCmdUpdateBuffer-dataSize-00038",
            &cmd.dot("dataSize"),
            format_args!("is {size}, not a multiple of 4."),
        );
    }
    f.skip
}

/// `vkCmdCopyBuffer`: every region copies something.
pub(super) fn copy_buffer(cx: &Call<'_>, regions: &[VkBufferCopy]) -> bool {
    if regions.iter().all(|r| r.size != 0) {
        return false;
    }
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let regions_at = cmd.dot("pRegions");
    for (i, _) in regions.iter().enumerate().filter(|(_, r)| r.size == 0) {
        f.error("VUID-VkBufferCopy-size-01988", &regions_at.index(i).dot("size"), format_args!("is 0."));
    }
    f.skip
}

/// `vkCmdCopyBufferToImage` and `vkCmdCopyImageToBuffer` (`command`): the regions' buffer
/// layout, extent and subresource.
pub(super) fn buffer_image_copies(checks: &DeviceStateless, cx: &Call<'_>, regions: &[VkBufferImageCopy]) -> bool {
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let regions_at = cmd.dot("pRegions");
    for (i, r) in regions.iter().enumerate() {
        let at = regions_at.index(i);
        let e = r.imageExtent;
        if r.bufferRowLength != 0 && r.bufferRowLength < e.width {
            f.error(
                "VUID-VkBufferImageCopy-bufferRowLength-09101",
                &at.dot("bufferRowLength"),
                format_args!("is {}, neither 0 nor at least imageExtent.width ({}).", r.bufferRowLength, e.width),
            );
        }
        if r.bufferImageHeight != 0 && r.bufferImageHeight < e.height {
            f.error(
                "VUID-VkBufferImageCopy-bufferImageHeight-09102",
                &at.dot("bufferImageHeight"),
                format_args!("is {}, neither 0 nor at least imageExtent.height ({}).", r.bufferImageHeight, e.height),
            );
        }
        let extent_at = at.dot("imageExtent");
        for (value, member, id) in [
            (e.width, "width", "VUID-VkBufferImageCopy-imageExtent-06659"),
            (e.height, "height", "VUID-VkBufferImageCopy-imageExtent-06660"),
            (e.depth, "depth", "VUID-VkBufferImageCopy-imageExtent-06661"),
        ] {
            if value == 0 {
                f.error(id, &extent_at.dot(member), format_args!("is 0."));
            }
        }
        let subresource_at = at.dot("imageSubresource");
        let aspect = r.imageSubresource.aspectMask;
        if aspect.0.count_ones() != 1 {
            f.error(
                "VUID-VkBufferImageCopy-aspectMask-09103",
                &subresource_at.dot("aspectMask"),
                format_args!("is {:#x}, not a single aspect.", aspect.0),
            );
        }
        subresource_layers(checks, &r.imageSubresource, &subresource_at, &mut f);
    }
    f.skip
}

/// The source and destination subresources of image-to-image commands (`command`).
pub(super) fn image_subresource_pairs<R>(
    checks: &DeviceStateless,
    cx: &Call<'_>,
    regions: &[R],
    pair: impl Fn(&R) -> (&VkImageSubresourceLayers, &VkImageSubresourceLayers),
) -> bool {
    let mut f = Findings::of(cx);
    let cmd = cx.location();
    let regions_at = cmd.dot("pRegions");
    for (i, (src, dst)) in regions.iter().map(pair).enumerate() {
        let at = regions_at.index(i);
        subresource_layers(checks, src, &at.dot("srcSubresource"), &mut f);
        subresource_layers(checks, dst, &at.dot("dstSubresource"), &mut f);
    }
    f.skip
}

/// One `VkImageSubresourceLayers`: its aspects and layer count.
fn subresource_layers(checks: &DeviceStateless, s: &VkImageSubresourceLayers, at: &Location<'_>, f: &mut Findings<'_>) {
    use VkImageAspectFlags as A;
    let aspect = s.aspectMask;
    if aspect.contains(A::VK_IMAGE_ASPECT_COLOR_BIT)
        && aspect.intersects(A::VK_IMAGE_ASPECT_DEPTH_BIT | A::VK_IMAGE_ASPECT_STENCIL_BIT)
    {
        f.error(
            "VUID-VkImageSubresourceLayers-aspectMask-00167",
            &at.dot("aspectMask"),
            format_args!("is {:#x}: VK_IMAGE_ASPECT_COLOR_BIT together with depth or stencil.", aspect.0),
        );
    }
    if aspect.contains(A::VK_IMAGE_ASPECT_METADATA_BIT) {
        f.error(
            "VUID-VkImageSubresourceLayers-aspectMask-00168",
            &at.dot("aspectMask"),
            format_args!("is {:#x}, with VK_IMAGE_ASPECT_METADATA_BIT.", aspect.0),
        );
    }
    if s.layerCount == VK_REMAINING_ARRAY_LAYERS {
        if !checks.facts.features.contains(Feature::MAINTENANCE5) {
            f.error(
                "VUID-VkImageSubresourceLayers-layerCount-09243",
                &at.dot("layerCount"),
                format_args!("is VK_REMAINING_ARRAY_LAYERS, but the maintenance5 feature is not enabled."),
            );
        }
    } else if s.layerCount == 0 {
        f.error("VUID-VkImageSubresourceLayers-layerCount-01700", &at.dot("layerCount"), format_args!("is 0."));
    }
}
