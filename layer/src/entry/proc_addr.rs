//! vkGetInstanceProcAddr, vkGetDeviceProcAddr and the loader's GetPhysicalDeviceProcAddr.
//!
//! A name Vigil knows gets Vigil's intercept when the spec says the command is available and
//! the next layer has it; NULL where the spec requires NULL; names Vigil does not know go to
//! the next layer.

use std::collections::BTreeSet;
use std::ffi::{c_char, CStr};

use vigil_generated::commands::command_index;
use vigil_generated::*;

use crate::chassis::available;
use crate::entry::intercepts::INTERCEPTS;
use crate::entry::{self, device, device_of, instance, instance_of};

/// Whether `VK_VERSION_x_y` is within `api_version`.
fn version_holds(term: &str, api_version: u32) -> Option<bool> {
    let v = term.strip_prefix("VK_VERSION_")?;
    let (major, minor) = v.split_once('_')?;
    let wanted = make_api_version(0, major.parse().ok()?, minor.parse().ok()?, 0);
    Some(api_version & !0xfff >= wanted)
}

/// A function pointer, type-erased as GetProcAddr returns it.
macro_rules! erase {
    ($pfn:ty, $f:expr) => {
        // SAFETY: only the type is erased; the caller casts back to `$pfn` by the name.
        unsafe { std::mem::transmute::<$pfn, unsafe extern "system" fn()>($f) }
    };
}

/// Commands the layer implements by hand, by every name they go by.
fn hand_written(name: &[u8]) -> PFN_vkVoidFunction {
    Some(match name {
        b"vkGetInstanceProcAddr" => erase!(PFN_vkGetInstanceProcAddr, get_instance_proc_addr),
        b"vkGetDeviceProcAddr" => erase!(PFN_vkGetDeviceProcAddr, get_device_proc_addr),
        b"vkCreateInstance" => erase!(PFN_vkCreateInstance, instance::create_instance),
        b"vkDestroyInstance" => erase!(PFN_vkDestroyInstance, instance::destroy_instance),
        b"vkCreateDevice" => erase!(PFN_vkCreateDevice, device::create_device),
        b"vkDestroyDevice" => erase!(PFN_vkDestroyDevice, device::destroy_device),
        b"vkEnumerateInstanceLayerProperties" => {
            erase!(PFN_vkEnumerateInstanceLayerProperties, entry::enumerate_instance_layer_properties)
        }
        b"vkEnumerateInstanceExtensionProperties" => {
            erase!(PFN_vkEnumerateInstanceExtensionProperties, entry::enumerate_instance_extension_properties)
        }
        b"vkEnumerateDeviceLayerProperties" => {
            erase!(PFN_vkEnumerateDeviceLayerProperties, entry::enumerate_device_layer_properties)
        }
        b"vkEnumerateDeviceExtensionProperties" => {
            erase!(PFN_vkEnumerateDeviceExtensionProperties, entry::enumerate_device_extension_properties)
        }
        b"vkGetPhysicalDeviceToolProperties" | b"vkGetPhysicalDeviceToolPropertiesEXT" => {
            erase!(PFN_vkGetPhysicalDeviceToolProperties, entry::get_physical_device_tool_properties)
        }
        _ => return None,
    })
}

/// Vigil's function for `COMMANDS[index]`, generated or hand-written.
fn ours(index: usize, name: &[u8]) -> PFN_vkVoidFunction {
    INTERCEPTS.get(index).copied().flatten().or_else(|| hand_written(name))
}

/// `vkGetInstanceProcAddr`.
pub unsafe extern "system" fn get_instance_proc_addr(
    instance: VkInstance,
    p_name: *const c_char,
) -> PFN_vkVoidFunction {
    if p_name.is_null() {
        return None;
    }
    let name = unsafe { CStr::from_ptr(p_name) }.to_bytes();
    // Without an instance Vigil knows, only global commands (and GetInstanceProcAddr itself).
    // Loader 1.3.239 asks the topmost layer for vkCreateInstance with its own instance handle,
    // before any instance exists below: that must work too.
    let known = if instance.is_null() { None } else { unsafe { instance_of(instance.0) } };
    let Some(inst) = known else {
        return match command_index(name).map(|i| &COMMANDS[i]) {
            Some(c) if c.level == CommandLevel::Global || c.name == "vkGetInstanceProcAddr" => hand_written(name),
            _ => None,
        };
    };
    let next = unsafe { (inst.next_get_instance_proc_addr)(instance, p_name) };
    let Some(index) = command_index(name) else { return next };
    let command = &COMMANDS[index];
    if command.level == CommandLevel::Global {
        return hand_written(name);
    }
    next?;
    // Instance-extension commands need their extension enabled; device extensions and core
    // versions cannot be judged before a device exists, so the next layer's answer stands.
    let holds = |term: &str| {
        if version_holds(term, u32::MAX).is_some() {
            return true;
        }
        match vigil_generated_extension_kind(term) {
            Some(true) => inst.extensions.contains(term),
            _ => true,
        }
    };
    if !available(command, &holds) {
        return None;
    }
    ours(index, name)
}

/// `vkGetDeviceProcAddr`.
pub unsafe extern "system" fn get_device_proc_addr(device: VkDevice, p_name: *const c_char) -> PFN_vkVoidFunction {
    if device.is_null() || p_name.is_null() {
        return None;
    }
    let dev = unsafe { device_of(device.0) }?;
    let name = unsafe { CStr::from_ptr(p_name) }.to_bytes();
    let Some(index) = command_index(name) else {
        return unsafe { (dev.next_get_device_proc_addr)(device, p_name) };
    };
    let command = &COMMANDS[index];
    if command.level != CommandLevel::Device {
        return None;
    }
    if !available(command, &|term| {
        enabled(term, dev.facts.api_version, &dev.facts.extension_names, &dev.facts.instance_extension_names)
    }) {
        return None;
    }
    unsafe { (dev.next_get_device_proc_addr)(device, p_name) }?;
    ours(index, name)
}

/// The loader's `GetPhysicalDeviceProcAddr`: physical-device commands the loader itself may
/// not know (newer than it) reach the layer only through this.
pub unsafe extern "system" fn get_physical_device_proc_addr(
    instance: VkInstance,
    p_name: *const c_char,
) -> PFN_vkVoidFunction {
    if instance.is_null() || p_name.is_null() {
        return None;
    }
    let inst = unsafe { instance_of(instance.0) }?;
    let next = inst.next_get_physical_device_proc_addr.and_then(|f| unsafe { f(instance, p_name) });
    let name = unsafe { CStr::from_ptr(p_name) }.to_bytes();
    match command_index(name) {
        Some(index) if COMMANDS[index].level == CommandLevel::PhysicalDevice => {
            next?;
            ours(index, name)
        }
        Some(_) => None,
        None => next,
    }
}

/// Whether a version or extension term holds for a device.
fn enabled(term: &str, api_version: u32, device_ext: &BTreeSet<String>, instance_ext: &BTreeSet<String>) -> bool {
    match version_holds(term, api_version) {
        Some(v) => v,
        None => device_ext.contains(term) || instance_ext.contains(term),
    }
}

/// `Some(true)` for an instance extension, `Some(false)` for a device extension.
fn vigil_generated_extension_kind(name: &str) -> Option<bool> {
    vigil_generated::extensions::EXTENSIONS.iter().find(|e| e.name == name).map(|e| e.instance)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions() {
        let v13 = make_api_version(0, 1, 3, 281);
        assert_eq!(version_holds("VK_VERSION_1_3", v13), Some(true));
        assert_eq!(version_holds("VK_VERSION_1_4", v13), Some(false));
        assert_eq!(version_holds("VK_KHR_swapchain", v13), None);
    }
}
