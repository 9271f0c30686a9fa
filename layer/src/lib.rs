//! Vigil, a Vulkan validation layer. The loader loads `libVkLayer_vigil.so`; its exported entry
//! points hand out the generated intercepts (see `vigil_generated::intercepts`), which run the
//! enabled validation objects around each call down the chain.

// The library's name is fixed by the loader's conventions: libVkLayer_<name>.so.
#![allow(non_snake_case)]

#[cfg(test)]
mod chassis_tests;
mod debug_objects;
mod device;
mod dispatch_map;
mod entry;
#[cfg(test)]
mod facts_tests;
mod handle_wrapping;
mod instance;
mod loader;
mod object_lifetime;
mod proc_addr;
mod raw;
mod report;
mod settings;
mod stateless;
mod thread_safety;

pub use entry::{
    vkEnumerateDeviceExtensionProperties, vkEnumerateDeviceLayerProperties, vkEnumerateInstanceExtensionProperties,
    vkEnumerateInstanceLayerProperties, vkGetDeviceProcAddr, vkGetInstanceProcAddr,
    vkNegotiateLoaderLayerInterfaceVersion,
};

use vigil_generated::chassis::{DispatchKey, Layer};
use vigil_generated::Chassis;

use crate::device::DeviceData;
use crate::dispatch_map::DispatchMap;
use crate::instance::InstanceData;
use crate::object_lifetime::ObjectChecks;
use crate::stateless::{DeviceChecks, InstanceChecks};
use crate::thread_safety::ThreadChecks;

/// The layer's name, as applications enable it.
pub const LAYER_NAME: &str = "VK_LAYER_VIGIL_validation";

/// The validation objects of an instance: the reporter's own bookkeeping, then each validation
/// object, `None` when disabled by the settings.
pub type InstanceObjects = Chassis<(), (Option<InstanceChecks>, (Option<ObjectChecks>, (Option<ThreadChecks>, ())))>;
/// The validation objects of a device.
pub type DeviceObjects = Chassis<(), (Option<DeviceChecks>, (Option<ObjectChecks>, (Option<ThreadChecks>, ())))>;

static INSTANCES: DispatchMap<InstanceData> = DispatchMap::new();
static DEVICES: DispatchMap<DeviceData> = DispatchMap::new();

/// The layer type the generated intercepts are instantiated for.
pub struct Vigil;

impl Layer for Vigil {
    type Instance = InstanceData;
    type Device = DeviceData;

    #[inline(always)]
    unsafe fn instance<'a>(key: DispatchKey) -> Option<&'a InstanceData> {
        unsafe { INSTANCES.get(key) }
    }

    #[inline(always)]
    unsafe fn device<'a>(key: DispatchKey) -> Option<&'a DeviceData> {
        unsafe { DEVICES.get(key) }
    }

    #[inline(always)]
    unsafe fn instance_hot<'a>(key: DispatchKey) -> Option<&'a InstanceData> {
        unsafe { INSTANCES.get_first(key) }
    }

    #[inline(always)]
    unsafe fn device_hot<'a>(key: DispatchKey) -> Option<&'a DeviceData> {
        unsafe { DEVICES.get_first(key) }
    }

    #[cold]
    fn hook_panicked(command: &'static str) {
        report::internal_error(&format!("a validation hook panicked in {command}; the call was passed on"));
    }

    #[cold]
    fn unknown_handle(command: &'static str) {
        report::internal_error(&format!(
            "{command} was called with a dispatchable handle Vigil never saw created; the call was not passed on"
        ));
    }
}
