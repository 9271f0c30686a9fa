//! Descriptor buffer capture and replay at resource creation: buffers, images, image views and
//! samplers each have a DESCRIPTOR_BUFFER_CAPTURE_REPLAY create flag that needs a feature, and
//! take a `VkOpaqueCaptureDescriptorDataCreateInfoEXT` only with that flag.

use std::ffi::c_void;

use vigil_generated::*;

use super::{find, Findings};
use crate::report::Location;

/// One create info's names and ids for the two rules.
pub(super) struct CaptureReplay {
    /// The create flag's name, for messages.
    pub bit: &'static str,
    /// The flag set without the feature.
    pub flag_id: &'static str,
    /// The structure chained without the flag.
    pub pnext_id: &'static str,
}

/// The two rules for a create info whose `flags` (`has_flag`: they have the capture-replay
/// bit) are at `flags_at`; `missing`: what the device lacks for the flag, if anything.
///
/// # Safety
/// `p_next` must be the create info's valid pNext chain.
pub(super) unsafe fn descriptor_capture_replay(
    rule: &CaptureReplay,
    (flags, has_flag): (u32, bool),
    missing: Option<&str>,
    p_next: *const c_void,
    flags_at: &Location<'_>,
    f: &mut Findings<'_>,
) {
    if let Some(missing) = missing.filter(|_| has_flag) {
        f.error(rule.flag_id, flags_at, format_args!("is {flags:#x}, with {}, but {missing}.", rule.bit));
    }
    let ty = VkStructureType::VK_STRUCTURE_TYPE_OPAQUE_CAPTURE_DESCRIPTOR_DATA_CREATE_INFO_EXT;
    // SAFETY: the caller's chain.
    if !has_flag && unsafe { find::<VkOpaqueCaptureDescriptorDataCreateInfoEXT>(p_next, ty) }.is_some() {
        f.error(
            rule.pnext_id,
            flags_at,
            format_args!(
                "is {flags:#x}, without {}, but the pNext chain includes VkOpaqueCaptureDescriptorDataCreateInfoEXT.",
                rule.bit
            ),
        );
    }
}

/// What a device without the descriptorBufferCaptureReplay feature lacks.
pub(super) const NO_DESCRIPTOR_BUFFER_CAPTURE_REPLAY: &str = "the descriptorBufferCaptureReplay feature is not enabled";
