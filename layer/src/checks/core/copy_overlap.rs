//! Regions of one transfer command that meet in an image: a copy's or blit's source and
//! destination texels in the same image (then also its layouts must be GENERAL or
//! SHARED_PRESENT where the subresources meet), and two destination regions writing one texel.
//! Only regions of the same image are compared (not images aliasing one memory object), and a
//! blit only by the texels its regions name (not those a filter may also sample).

use vigil_generated::*;

use super::copy_ids::{layout_name, OverlapIds};
use super::copy_shapes::Area;
use super::memory::Members;
use crate::chassis::Call;

/// Whether two subresources meet: one mip level, some array layer and aspect in common.
fn subresources_meet(a: &VkImageSubresourceLayers, b: &VkImageSubresourceLayers) -> bool {
    let end = |s: &VkImageSubresourceLayers| {
        if s.layerCount == VK_REMAINING_ARRAY_LAYERS {
            u64::MAX
        } else {
            u64::from(s.baseArrayLayer) + u64::from(s.layerCount)
        }
    };
    a.mipLevel == b.mipLevel
        && a.aspectMask.0 & b.aspectMask.0 != 0
        && u64::from(a.baseArrayLayer) < end(b)
        && u64::from(b.baseArrayLayer) < end(a)
}

/// Whether two areas share a texel.
fn texels_meet(a: &Area, b: &Area) -> bool {
    subresources_meet(&a.sub, &b.sub) && (0..3).all(|i| a.begin[i] < b.end[i] && b.begin[i] < a.end[i])
}

fn shared_layout(l: VkImageLayout) -> bool {
    l == VkImageLayout::VK_IMAGE_LAYOUT_GENERAL || l == VkImageLayout::VK_IMAGE_LAYOUT_SHARED_PRESENT_KHR
}

/// The overlap rules of one command: `same`: the source and destination are one image; `srcs`
/// and `dsts`: the areas by region index. Each rule is reported once.
pub(super) fn overlaps(
    cx: &Call<'_>,
    ids: &OverlapIds,
    (same, (src_layout, dst_layout)): (bool, (VkImageLayout, VkImageLayout)),
    srcs: &[(usize, Area)],
    dsts: &[(usize, Area)],
    m: &Members<'_>,
) -> bool {
    let mut skip = false;
    let list = m.get("pRegions");
    if let (Some(vuid), true) = (ids.layouts, same && !(shared_layout(src_layout) && shared_layout(dst_layout))) {
        let meet = srcs.iter().zip(dsts).find(|((_, s), (_, d))| subresources_meet(&s.sub, &d.sub));
        if let Some(((i, _), _)) = meet {
            let region = list.index(*i);
            skip |= cx.error(
                vuid,
                &region,
                format_args!(
                    "copies within one image between subresources that meet (mip level and array layers), but \
                     srcImageLayout is {} and dstImageLayout {}: both must be VK_IMAGE_LAYOUT_GENERAL or \
                     VK_IMAGE_LAYOUT_SHARED_PRESENT_KHR.",
                    layout_name(src_layout),
                    layout_name(dst_layout)
                ),
            );
        }
    }
    if let (Some(vuid), true) = (ids.read_written, same) {
        let read_written =
            srcs.iter().find_map(|(i, s)| dsts.iter().find(|(_, d)| texels_meet(s, d)).map(|(j, _)| (i, j)));
        if let Some((i, j)) = read_written {
            let region = list.index(*i);
            skip |= cx.error(
                vuid,
                &region,
                format_args!("reads texels of the image that pRegions[{j}] writes: a copy's source and destination must not overlap."),
            );
        }
    }
    if let Some(vuid) = ids.written_twice {
        let twice = dsts
            .iter()
            .enumerate()
            .find_map(|(k, (i, a))| dsts[..k].iter().find(|(_, b)| texels_meet(a, b)).map(|(j, _)| (i, j)));
        if let Some((i, j)) = twice {
            let region = list.index(*i);
            skip |= cx.error(
                vuid,
                &region,
                format_args!("writes texels that pRegions[{j}] writes too: no texel may be written by two regions."),
            );
        }
    }
    skip
}
