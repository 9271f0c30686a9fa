//! Dynamic rendering local read's mappings: what vkCmdSetRenderingAttachmentLocations and
//! vkCmdSetRenderingInputAttachmentIndices set in a render pass instance, what a secondary's
//! inheritance info chains, and the mapping each stands for (a NULL array or an absent
//! structure is the identity).

use std::ffi::c_void;

use vigil_generated::*;

pub use super::records::{InputIndices, LocalReadMaps};
use crate::chassis::raw::{chained, slice};

/// The locations a `VkRenderingAttachmentLocationInfo` gives (`None`: the identity).
///
/// # Safety
/// `info` must be a location info the application passed.
pub unsafe fn locations_of(info: &VkRenderingAttachmentLocationInfo) -> Option<Vec<u32>> {
    if info.pColorAttachmentLocations.is_null() {
        return None;
    }
    // SAFETY: its counted array.
    Some(unsafe { slice(info.pColorAttachmentLocations, info.colorAttachmentCount) }.to_vec())
}

/// The indices a `VkRenderingInputAttachmentIndexInfo` gives.
///
/// # Safety
/// `info` must be an index info the application passed.
pub unsafe fn inputs_of(info: &VkRenderingInputAttachmentIndexInfo) -> InputIndices {
    // SAFETY (whole block): its counted array and pointers, each NULL or valid.
    unsafe {
        InputIndices {
            colors: (!info.pColorAttachmentInputIndices.is_null())
                .then(|| slice(info.pColorAttachmentInputIndices, info.colorAttachmentCount).to_vec()),
            depth: info.pDepthInputAttachmentIndex.as_ref().copied(),
            stencil: info.pStencilInputAttachmentIndex.as_ref().copied(),
        }
    }
}

impl LocalReadMaps {
    /// The mappings chained at `next` (an inheritance info's chain).
    ///
    /// # Safety
    /// `next` must be NULL or a pNext chain the application passed.
    pub unsafe fn chained(next: *const c_void) -> Self {
        let ty = VkStructureType::VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_LOCATION_INFO;
        // SAFETY: the caller's chain.
        let locations = unsafe { chained::<VkRenderingAttachmentLocationInfo>(next, ty) };
        let ty = VkStructureType::VK_STRUCTURE_TYPE_RENDERING_INPUT_ATTACHMENT_INDEX_INFO;
        // SAFETY: as above.
        let inputs = unsafe { chained::<VkRenderingInputAttachmentIndexInfo>(next, ty) };
        LocalReadMaps {
            // SAFETY: structures of the caller's chain.
            locations: locations.and_then(|l| unsafe { locations_of(l) }),
            inputs: inputs.map(|i| unsafe { inputs_of(i) }),
        }
    }

    /// The location color attachment `i` is written to.
    pub fn location(&self, i: usize) -> u32 {
        self.locations.as_ref().and_then(|l| l.get(i).copied()).unwrap_or(i as u32)
    }

    /// The input attachment index color attachment `i` is read as.
    pub fn color_input(&self, i: usize) -> u32 {
        self.inputs.as_ref().and_then(|n| n.colors.as_ref()?.get(i).copied()).unwrap_or(i as u32)
    }

    /// The input attachment indices the depth and stencil attachments are read as (`None`:
    /// without an `InputAttachmentIndex` decoration).
    pub fn depth_stencil_inputs(&self) -> (Option<u32>, Option<u32>) {
        self.inputs.as_ref().map_or((None, None), |n| (n.depth, n.stencil))
    }

    /// The first color attachment below `colors` whose location differs in `other`.
    pub fn locations_differ(&self, other: &Self, colors: usize) -> Option<usize> {
        (0..colors).find(|&i| self.location(i) != other.location(i))
    }

    /// Whether the input attachment indices of the first `colors` color attachments, and of the
    /// depth and stencil attachments, differ in `other`.
    pub fn inputs_differ(&self, other: &Self, colors: usize) -> bool {
        (0..colors).any(|i| self.color_input(i) != other.color_input(i))
            || self.depth_stencil_inputs() != other.depth_stencil_inputs()
    }
}
