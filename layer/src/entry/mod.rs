//! The symbols the loader looks up in `libVkLayer_vigil.so`.
//!
//! Exported names are interposable: an application linked against libvulkan.so.1 makes the
//! dynamic linker resolve `vkGetInstanceProcAddr` to the *loader's* function even for
//! references from inside this library. So the exported symbols only forward, and every
//! pointer Vigil hands out (negotiation, GetProcAddr) names a private function. Because LLVM
//! may still fold a private function into an exported one with the same body, the library
//! also links with `-Bsymbolic` (layer/build.rs).

// Every function here is called by the loader under the Vulkan spec's rules for the command
// it implements; that is its whole safety contract.
#![allow(non_snake_case, clippy::missing_safety_doc)]

use std::ffi::{c_char, CStr};

use vigil_generated::*;

mod debug_objects;
pub mod device;
mod dispatch_map;
pub mod instance;
pub(crate) mod intercepts;
pub mod loader;
mod proc_addr;

use crate::chassis::dispatch_key;
use crate::settings::LAYER_NAME;
use device::DeviceData;
use dispatch_map::DispatchMap;
use instance::InstanceData;
use loader::{VkNegotiateLayerInterface, LAYER_INTERFACE_VERSION, LAYER_NEGOTIATE_INTERFACE_STRUCT};

/// Copies `s` into a fixed C string array, truncating and NUL-terminating.
fn write_c_str<const N: usize>(dst: &mut [c_char; N], s: &str) {
    let n = s.len().min(N - 1);
    for (d, b) in dst.iter_mut().zip(&s.as_bytes()[..n]) {
        *d = *b as c_char;
    }
    dst[n] = 0;
}

fn layer_properties() -> VkLayerProperties {
    let mut p = VkLayerProperties {
        layerName: [0; VK_MAX_EXTENSION_NAME_SIZE as usize],
        specVersion: make_api_version(0, REGISTRY_VERSION.0, REGISTRY_VERSION.1, REGISTRY_VERSION.2),
        implementationVersion: 1,
        description: [0; VK_MAX_DESCRIPTION_SIZE as usize],
    };
    write_c_str(&mut p.layerName, LAYER_NAME);
    write_c_str(&mut p.description, "Vigil: Vulkan validation layer");
    p
}

/// Whether `p_layer_name` names this layer.
unsafe fn is_us(p_layer_name: *const c_char) -> bool {
    !p_layer_name.is_null() && unsafe { CStr::from_ptr(p_layer_name) }.to_bytes() == LAYER_NAME.as_bytes()
}

/// The two-call enumeration idiom over `items`.
unsafe fn enumerate<T: Copy>(items: &[T], p_count: *mut u32, p_items: *mut T) -> VkResult {
    if p_count.is_null() {
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    }
    if p_items.is_null() {
        unsafe { *p_count = items.len() as u32 };
        return VkResult::VK_SUCCESS;
    }
    let n = (unsafe { *p_count } as usize).min(items.len());
    unsafe {
        std::ptr::copy_nonoverlapping(items.as_ptr(), p_items, n);
        *p_count = n as u32;
    }
    if n < items.len() {
        VkResult::VK_INCOMPLETE
    } else {
        VkResult::VK_SUCCESS
    }
}

/// Loader–layer interface negotiation: Vigil speaks version 2 and hands over its three
/// GetProcAddr functions.
#[no_mangle]
pub unsafe extern "system" fn vkNegotiateLoaderLayerInterfaceVersion(p: *mut VkNegotiateLayerInterface) -> VkResult {
    if p.is_null() {
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    }
    let p = unsafe { &mut *p };
    if p.s_type != LAYER_NEGOTIATE_INTERFACE_STRUCT || p.loader_layer_interface_version < LAYER_INTERFACE_VERSION {
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    }
    p.loader_layer_interface_version = LAYER_INTERFACE_VERSION;
    p.pfn_get_instance_proc_addr = Some(proc_addr::get_instance_proc_addr);
    p.pfn_get_device_proc_addr = Some(proc_addr::get_device_proc_addr);
    p.pfn_get_physical_device_proc_addr = Some(proc_addr::get_physical_device_proc_addr);
    VkResult::VK_SUCCESS
}

/// `vkGetInstanceProcAddr`.
#[no_mangle]
pub unsafe extern "system" fn vkGetInstanceProcAddr(instance: VkInstance, p_name: *const c_char) -> PFN_vkVoidFunction {
    unsafe { proc_addr::get_instance_proc_addr(instance, p_name) }
}

/// `vkGetDeviceProcAddr`.
#[no_mangle]
pub unsafe extern "system" fn vkGetDeviceProcAddr(device: VkDevice, p_name: *const c_char) -> PFN_vkVoidFunction {
    unsafe { proc_addr::get_device_proc_addr(device, p_name) }
}

/// `vkEnumerateInstanceLayerProperties`.
#[no_mangle]
pub unsafe extern "system" fn vkEnumerateInstanceLayerProperties(
    p_count: *mut u32,
    p_properties: *mut VkLayerProperties,
) -> VkResult {
    unsafe { enumerate_instance_layer_properties(p_count, p_properties) }
}

/// `vkEnumerateInstanceExtensionProperties`.
#[no_mangle]
pub unsafe extern "system" fn vkEnumerateInstanceExtensionProperties(
    p_layer_name: *const c_char,
    p_count: *mut u32,
    p_properties: *mut VkExtensionProperties,
) -> VkResult {
    unsafe { enumerate_instance_extension_properties(p_layer_name, p_count, p_properties) }
}

/// `vkEnumerateDeviceLayerProperties`.
#[no_mangle]
pub unsafe extern "system" fn vkEnumerateDeviceLayerProperties(
    physical_device: VkPhysicalDevice,
    p_count: *mut u32,
    p_properties: *mut VkLayerProperties,
) -> VkResult {
    unsafe { enumerate_device_layer_properties(physical_device, p_count, p_properties) }
}

/// `vkEnumerateDeviceExtensionProperties`.
#[no_mangle]
pub unsafe extern "system" fn vkEnumerateDeviceExtensionProperties(
    physical_device: VkPhysicalDevice,
    p_layer_name: *const c_char,
    p_count: *mut u32,
    p_properties: *mut VkExtensionProperties,
) -> VkResult {
    unsafe { enumerate_device_extension_properties(physical_device, p_layer_name, p_count, p_properties) }
}

/// `vkEnumerateInstanceLayerProperties`: this layer alone.
pub unsafe extern "system" fn enumerate_instance_layer_properties(
    p_count: *mut u32,
    p_properties: *mut VkLayerProperties,
) -> VkResult {
    unsafe { enumerate(&[layer_properties()], p_count, p_properties) }
}

/// The instance extensions Vigil implements, as `VkExtensionProperties`.
fn layer_extensions() -> Vec<VkExtensionProperties> {
    vigil_generated::layer_extensions::LAYER_INSTANCE_EXTENSIONS
        .iter()
        .map(|(name, version)| {
            let mut p = VkExtensionProperties { specVersion: *version, ..Default::default() };
            write_c_str(&mut p.extensionName, name);
            p
        })
        .collect()
}

/// `vkEnumerateInstanceExtensionProperties` for this layer: the extensions it implements.
pub unsafe extern "system" fn enumerate_instance_extension_properties(
    p_layer_name: *const c_char,
    p_count: *mut u32,
    p_properties: *mut VkExtensionProperties,
) -> VkResult {
    if !unsafe { is_us(p_layer_name) } {
        return VkResult::VK_ERROR_LAYER_NOT_PRESENT;
    }
    unsafe { enumerate(&layer_extensions(), p_count, p_properties) }
}

/// `vkEnumerateDeviceLayerProperties`: this layer alone.
pub unsafe extern "system" fn enumerate_device_layer_properties(
    _physical_device: VkPhysicalDevice,
    p_count: *mut u32,
    p_properties: *mut VkLayerProperties,
) -> VkResult {
    unsafe { enumerate(&[layer_properties()], p_count, p_properties) }
}

/// `vkEnumerateDeviceExtensionProperties`: none of Vigil's own; other layers' and the
/// driver's come from further down.
pub unsafe extern "system" fn enumerate_device_extension_properties(
    physical_device: VkPhysicalDevice,
    p_layer_name: *const c_char,
    p_count: *mut u32,
    p_properties: *mut VkExtensionProperties,
) -> VkResult {
    if unsafe { is_us(p_layer_name) } {
        return unsafe { enumerate(&[], p_count, p_properties) };
    }
    if physical_device.is_null() {
        return VkResult::VK_ERROR_LAYER_NOT_PRESENT;
    }
    let Some(inst) = (unsafe { instance_of(physical_device.0) }) else {
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    };
    match inst.dispatch.enumerate_device_extension_properties {
        Some(next) => unsafe { next(physical_device, p_layer_name, p_count, p_properties) },
        None => VkResult::VK_ERROR_INITIALIZATION_FAILED,
    }
}

/// `vkGetPhysicalDeviceToolProperties`: Vigil first, then whatever is below it.
pub unsafe extern "system" fn get_physical_device_tool_properties(
    physical_device: VkPhysicalDevice,
    p_count: *mut u32,
    p_properties: *mut VkPhysicalDeviceToolProperties,
) -> VkResult {
    if p_count.is_null() {
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    }
    let next =
        unsafe { instance_of(physical_device.0) }.and_then(|inst| inst.dispatch.get_physical_device_tool_properties);
    let below = |count: *mut u32, props: *mut VkPhysicalDeviceToolProperties| match next {
        Some(f) => unsafe { f(physical_device, count, props) },
        None => {
            unsafe { *count = 0 };
            VkResult::VK_SUCCESS
        }
    };
    if p_properties.is_null() {
        let result = below(p_count, std::ptr::null_mut());
        unsafe { *p_count += 1 };
        return result;
    }
    let capacity = unsafe { *p_count };
    if capacity == 0 {
        return VkResult::VK_INCOMPLETE;
    }
    let ours = unsafe { &mut *p_properties };
    let p_next = ours.pNext;
    *ours = VkPhysicalDeviceToolProperties { pNext: p_next, ..Default::default() };
    write_c_str(&mut ours.name, "Vigil");
    write_c_str(&mut ours.version, env!("CARGO_PKG_VERSION"));
    ours.purposes = VkToolPurposeFlags::VK_TOOL_PURPOSE_VALIDATION_BIT;
    write_c_str(&mut ours.description, "Vigil Vulkan validation layer");
    write_c_str(&mut ours.layer, LAYER_NAME);
    let mut rest = capacity - 1;
    let result = below(&mut rest, unsafe { p_properties.add(1) });
    unsafe { *p_count = rest + 1 };
    result
}

/// Every live instance, by dispatch key.
pub(crate) static INSTANCES: DispatchMap<InstanceData> = DispatchMap::new();
/// Every live device, by dispatch key.
pub(crate) static DEVICES: DispatchMap<DeviceData> = DispatchMap::new();

/// The index in `COMMANDS` of a command the hand-written intercepts implement (looked up once
/// per call of those, none of which is on a hot path).
pub(crate) fn command_index(name: &str) -> usize {
    vigil_generated::commands::command_index(name.as_bytes()).expect("a command of the registry")
}

/// The data of the instance a dispatchable handle (instance, physical device) belongs to.
///
/// # Safety
/// `handle` must be a live dispatchable handle; the reference must not outlive the instance
/// (the spec forbids using an instance concurrently with its destruction, which is what makes
/// this sound).
pub(crate) unsafe fn instance_of<'a>(handle: usize) -> Option<&'a InstanceData> {
    unsafe { INSTANCES.get(dispatch_key(handle)) }
}

/// The data of the device a dispatchable handle (device, queue, command buffer) belongs to.
///
/// # Safety
/// As for [`instance_of`], for devices.
pub(crate) unsafe fn device_of<'a>(handle: usize) -> Option<&'a DeviceData> {
    unsafe { DEVICES.get(dispatch_key(handle)) }
}
