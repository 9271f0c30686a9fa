//! The loader–layer interface of `vk_layer.h` (not part of vk.xml): the negotiation struct and
//! the link-info structures the loader chains into instance and device create infos.

use core::ffi::{c_char, c_void};

use vigil_generated::*;

/// `PFN_GetPhysicalDeviceProcAddr` (vk_layer.h).
pub type PfnGetPhysicalDeviceProcAddr = unsafe extern "system" fn(VkInstance, *const c_char) -> PFN_vkVoidFunction;
/// `PFN_vkSetDeviceLoaderData` (vk_layer.h): makes a layer-created dispatchable object usable.
pub type PfnSetDeviceLoaderData = unsafe extern "system" fn(VkDevice, *mut c_void) -> VkResult;

/// `VkLayerFunction`: what a loader create-info link carries.
pub const VK_LAYER_LINK_INFO: i32 = 0;
pub const VK_LOADER_DATA_CALLBACK: i32 = 1;

/// `LAYER_NEGOTIATE_INTERFACE_STRUCT`.
pub const LAYER_NEGOTIATE_INTERFACE_STRUCT: i32 = 1;
/// The loader–layer interface version Vigil implements.
pub const LAYER_INTERFACE_VERSION: u32 = 2;

/// `VkNegotiateLayerInterface`.
#[repr(C)]
pub struct VkNegotiateLayerInterface {
    pub s_type: i32,
    pub p_next: *mut c_void,
    pub loader_layer_interface_version: u32,
    pub pfn_get_instance_proc_addr: Option<PFN_vkGetInstanceProcAddr>,
    pub pfn_get_device_proc_addr: Option<PFN_vkGetDeviceProcAddr>,
    pub pfn_get_physical_device_proc_addr: Option<PfnGetPhysicalDeviceProcAddr>,
}

/// `VkLayerInstanceLink`.
#[repr(C)]
pub struct VkLayerInstanceLink {
    pub p_next: *mut VkLayerInstanceLink,
    pub pfn_next_get_instance_proc_addr: PFN_vkGetInstanceProcAddr,
    pub pfn_next_get_physical_device_proc_addr: Option<PfnGetPhysicalDeviceProcAddr>,
}

/// `VkLayerInstanceCreateInfo`, reduced to the union member Vigil reads.
#[repr(C)]
pub struct VkLayerInstanceCreateInfo {
    pub s_type: VkStructureType,
    pub p_next: *const c_void,
    pub function: i32,
    pub p_layer_info: *mut VkLayerInstanceLink,
}

/// `VkLayerDeviceLink`.
#[repr(C)]
pub struct VkLayerDeviceLink {
    pub p_next: *mut VkLayerDeviceLink,
    pub pfn_next_get_instance_proc_addr: PFN_vkGetInstanceProcAddr,
    pub pfn_next_get_device_proc_addr: PFN_vkGetDeviceProcAddr,
}

/// `VkLayerDeviceCreateInfo`; `u` is `pLayerInfo` or `pfnSetDeviceLoaderData` by `function`.
#[repr(C)]
pub struct VkLayerDeviceCreateInfo {
    pub s_type: VkStructureType,
    pub p_next: *const c_void,
    pub function: i32,
    pub u: *mut c_void,
}

/// Finds the loader's link struct of `s_type` carrying `function` in a create info's pNext.
///
/// # Safety
/// `p_next` must be a valid pNext chain.
pub unsafe fn find_link<T>(mut p_next: *const c_void, s_type: VkStructureType, function: i32) -> *mut T {
    while !p_next.is_null() {
        let header = p_next as *const VkBaseInStructure;
        // The loader's structs start like every Vulkan struct, then carry `function`.
        let link = p_next as *const VkLayerDeviceCreateInfo;
        unsafe {
            if (*header).sType == s_type && (*link).function == function {
                return p_next as *mut T;
            }
            p_next = (*header).pNext as *const c_void;
        }
    }
    core::ptr::null_mut()
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::mem::{offset_of, size_of};

    /// Sizes and offsets gcc gives the committed `vk_layer.h` on x86-64 Linux.
    #[test]
    fn abi_layout() {
        assert_eq!(size_of::<VkNegotiateLayerInterface>(), 48);
        assert_eq!(offset_of!(VkNegotiateLayerInterface, pfn_get_instance_proc_addr), 24);
        assert_eq!(offset_of!(VkLayerInstanceCreateInfo, p_layer_info), 24);
        assert_eq!(offset_of!(VkLayerDeviceCreateInfo, u), 24);
        assert_eq!(size_of::<VkLayerDeviceLink>(), 24);
    }
}
