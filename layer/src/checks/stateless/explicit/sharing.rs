//! Concurrent sharing: the queue family indices of a buffer's or an image's create info.

use vigil_generated::features::Feature;
use vigil_generated::*;

use super::{elements, Findings};
use crate::checks::stateless::DeviceStateless;
use crate::report::Location;

/// One create info's ids for the concurrent sharing rules.
pub(super) struct SharingIds {
    /// `pQueueFamilyIndices` is NULL.
    pub null: &'static str,
    /// Fewer than two families, without maintenance11.
    pub count: &'static str,
    /// An index out of range or named twice.
    pub index: &'static str,
}

/// With `VK_SHARING_MODE_CONCURRENT`: indices given, more than one family (unless maintenance11
/// is enabled), each in range and named once.
pub(super) fn concurrent(
    checks: &DeviceStateless,
    mode: VkSharingMode,
    indices: *const u32,
    count: u32,
    ids: &SharingIds,
    at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    if mode != VkSharingMode::VK_SHARING_MODE_CONCURRENT {
        return;
    }
    let indices_at = at.arrow("pQueueFamilyIndices");
    if indices.is_null() {
        f.error(ids.null, &indices_at, format_args!("is NULL, but sharingMode is VK_SHARING_MODE_CONCURRENT."));
    }
    if count <= 1 && !checks.facts.features.contains(Feature::MAINTENANCE11) {
        f.error(
            ids.count,
            &at.arrow("queueFamilyIndexCount"),
            format_args!(
                "is {count}, but sharingMode is VK_SHARING_MODE_CONCURRENT (which needs more than one queue family \
                 without the maintenance11 feature)."
            ),
        );
    }
    // SAFETY: the application promises `count` indices.
    let indices = unsafe { elements(indices, count) };
    let families = checks.facts.queue_family_count;
    for (i, &index) in indices.iter().enumerate() {
        if index >= families {
            f.error(
                ids.index,
                &indices_at.index(i),
                format_args!("is {index}, but the physical device has {families} queue families."),
            );
        } else if let Some(j) = indices[..i].iter().position(|&earlier| earlier == index) {
            f.error(ids.index, &indices_at.index(i), format_args!("is {index}, the same as pQueueFamilyIndices[{j}]."));
        }
    }
}
