//! Core validation: the rules of the spec that need state, checked against the state tracker
//! (`state`). One module per area; validate hooks only read the tracker.

mod attachment_layouts;
mod barriers;
mod bindings;
mod buffers;
mod clears;
mod command_buffers;
mod command_table;
mod conditional_rendering;
mod copies;
mod copy_ids;
mod copy_overlap;
mod copy_shapes;
mod descriptors;
mod draw;
mod draw_descriptors;
mod draw_params;
mod draw_state;
mod events;
mod fences;
mod formats;
mod framebuffers;
mod hooks;
mod in_use;
mod layouts;
mod local_read;
mod memory;
mod pipelines;
mod queries;
mod queue_families;
mod recording;
mod render_passes;
mod rendering;
mod rendering_layouts;
mod secondaries;
mod semaphores;
mod shader_objects;
mod spirv;
mod spirv_validator;
mod submit_stages;
mod submits;
mod swapchains;

use std::sync::Arc;

use vigil_generated::Handle as _;
use vigil_generated::VK_FALSE;

use crate::chassis::Call;
use crate::checks::DeviceSetup;
use crate::state::resolve::{call_record, CallRecord};
use crate::state::{key, ObjectRecord, OBJECTS};

/// Core validation for one device.
pub struct CoreChecks {
    device: u64,
    instance: u64,
    /// SPIRV-Tools' validator for this device's modules, when the `spirv_validation` setting is on.
    spirv: Option<spirv_validator::SpirvValidation>,
    /// The device reports `protectedNoFault` (Vulkan 1.1 properties; false where they were not
    /// asked): without it, protected and unprotected resources must not meet in a command.
    protected_no_fault: bool,
    /// Per draw-state rule, whether the device has what it needs (`draw_state::rules_met`).
    rules_met: u64,
    /// The dynamic states shader objects leave to rules whose extension or feature the device
    /// has: for any graphics stage, for a geometry stage (`draw_state::shader_object_states`).
    shader_object_states: (u64, u64),
    /// VK_EXT_discard_rectangles is enabled.
    discard_rectangles_enabled: bool,
}

/// The checks of a device, when the `core` setting is on.
pub fn for_device(setup: &DeviceSetup<'_>) -> Option<CoreChecks> {
    let rules_met = draw_state::rules_met(setup.facts);
    setup.settings.core.then(|| CoreChecks {
        rules_met,
        shader_object_states: draw_state::shader_object_states(rules_met),
        discard_rectangles_enabled: setup.facts.extension_names.contains("VK_EXT_discard_rectangles"),
        device: setup.device.as_raw(),
        instance: setup.instance,
        protected_no_fault: setup
            .facts
            .spirv_properties
            .as_ref()
            .is_some_and(|p| p.vulkan11.protectedNoFault != VK_FALSE),
        spirv: setup
            .settings
            .spirv_validation
            .then(|| spirv_validator::SpirvValidation::for_device(setup.facts))
            .flatten(),
    })
}

impl CoreChecks {
    /// The tracker's record of handle `h` of type `ty` named in this device's calls.
    fn get(&self, ty: u16, h: u64) -> Option<Arc<ObjectRecord>> {
        (h != 0).then(|| OBJECTS.get(key(ty, h, self.device, self.instance))).flatten()
    }

    /// [`Self::get`] for a handle call `cx` names: borrowed from the call's walk when it found
    /// it (the per-command paths' lookups).
    fn record<'a>(&self, cx: &Call<'a>, ty: u16, h: u64) -> Option<CallRecord<'a>> {
        call_record(cx, ty, h, (self.device, self.instance))
    }

    /// Whether command buffer `cb` (named by `cx`) is a protected command buffer; false when
    /// the tracker does not know it.
    fn protected_command_buffer(&self, cx: &Call<'_>, cb: u64) -> bool {
        crate::state::resolve::with_command_buffer(cx, cb, (self.device, self.instance), |record| {
            record.command_buffer().is_some_and(|c| c.protected())
        })
        .unwrap_or(false)
    }
}
