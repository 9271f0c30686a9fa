//! Stateless parameter validation: rules a call's parameters must satisfy on their own, given
//! only the device's properties. Hand-written explicit rules for the create-infos applications
//! get wrong most; the registry's implicit rules will be generated beside them.

#![allow(non_snake_case)]

mod engine;
mod explicit;
mod objects;

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, OnceLock, RwLock};

use vigil_generated::stateless::Stateless;
use vigil_generated::*;

pub use objects::{DeviceEngine, InstanceEngine};

use crate::facts::DeviceFacts;
use crate::report::Reporter;

/// Stateless validation of instance-level commands: the generated implicit checks, then the
/// explicit ones.
pub type InstanceChecks = (Stateless<InstanceEngine>, InstanceStateless);
/// Stateless validation of device-level commands, generated then explicit.
pub type DeviceChecks = (Stateless<DeviceEngine>, DeviceStateless);

/// The instance-level checks for the instance `info` is about to create.
///
/// # Safety
/// `info` must be a valid `VkInstanceCreateInfo`.
pub unsafe fn instance_checks(reporter: &Arc<Reporter>, info: *const VkInstanceCreateInfo) -> InstanceChecks {
    let engine = unsafe { InstanceEngine::new(reporter.clone(), info) };
    (Stateless(engine), InstanceStateless { reporter: reporter.clone(), fns: OnceLock::new() })
}

/// The instance exists: the checks may now query physical devices through `dispatch`.
pub fn instance_created(checks: &InstanceChecks, dispatch: &InstanceDispatch) {
    checks.0 .0.instance_created(dispatch);
    let fns = InstanceFns { get_queue_family_properties: dispatch.get_physical_device_queue_family_properties };
    let _ = checks.1.fns.set(fns);
}

/// The device-level checks of a device created with `info` at `api_version` (the instance
/// has `instance_extensions` enabled).
///
/// # Safety
/// `info` must be a valid `VkDeviceCreateInfo`.
pub unsafe fn device_checks(
    reporter: &Arc<Reporter>,
    facts: &Arc<DeviceFacts>,
    api_version: u32,
    info: &VkDeviceCreateInfo,
    instance_extensions: &BTreeSet<String>,
) -> DeviceChecks {
    let device_extensions = unsafe { crate::facts::name_set(info.ppEnabledExtensionNames, info.enabledExtensionCount) };
    // The rule names the extension itself, not the core version it was promoted to.
    let mirror_clamp_to_edge_extension = device_extensions.contains("VK_KHR_sampler_mirror_clamp_to_edge");
    let engine = DeviceEngine::new(reporter.clone(), api_version, &device_extensions, instance_extensions);
    let explicit = DeviceStateless {
        reporter: reporter.clone(),
        facts: facts.clone(),
        mirror_clamp_to_edge_extension,
        images: RwLock::new(HashMap::new()),
    };
    (Stateless(engine), explicit)
}

/// What instance-level checks need from the next layer, known once the instance exists.
pub struct InstanceFns {
    pub get_queue_family_properties: Option<PFN_vkGetPhysicalDeviceQueueFamilyProperties>,
}

/// Stateless checks of instance-level commands.
pub struct InstanceStateless {
    pub reporter: Arc<Reporter>,
    pub fns: OnceLock<InstanceFns>,
}

/// What image views are checked against: the image's creation parameters.
#[derive(Clone, Copy, Debug)]
pub struct ImageFacts {
    pub image_type: VkImageType,
    pub mip_levels: u32,
    pub array_layers: u32,
    pub flags: VkImageCreateFlags,
}

/// Stateless checks of device-level commands.
pub struct DeviceStateless {
    pub reporter: Arc<Reporter>,
    pub facts: Arc<DeviceFacts>,
    /// `VK_KHR_sampler_mirror_clamp_to_edge` is in `ppEnabledExtensionNames` (promotion aside).
    pub mirror_clamp_to_edge_extension: bool,
    /// The live images this device created, by handle.
    pub images: RwLock<HashMap<u64, ImageFacts>>,
}
