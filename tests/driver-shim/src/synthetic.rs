//! `VK_VIGIL_synthetic_object` in C terms, and what the shim tells tests it saw. Declared by
//! hand from `synthetic_extension.xml` (the pinned registry, and so ash and vigil-generated, do
//! not have it); shared by the shim and `vigil-synthetic`.

use std::ffi::{c_void, CStr};

use ash::vk;

/// The extension's name.
pub const EXTENSION_NAME: &CStr = c"VK_VIGIL_synthetic_object";
/// `VK_VIGIL_SYNTHETIC_OBJECT_SPEC_VERSION`.
pub const SPEC_VERSION: u32 = 1;
/// The shim's layer name, as its manifest registers it.
pub const SHIM_LAYER_NAME: &CStr = c"VK_LAYER_VIGIL_driver_shim";

/// The first value an extension numbered 1000 adds to an enum: 1000000000 + (1000 - 1) * 1000.
const EXTENSION_BASE: i32 = 1_000_999_000;
/// `VK_STRUCTURE_TYPE_SYNTHETIC_OBJECT_CREATE_INFO_VIGIL` (offset 0).
pub const STRUCTURE_TYPE_OBJECT_CREATE_INFO: vk::StructureType = vk::StructureType::from_raw(EXTENSION_BASE);
/// `VK_STRUCTURE_TYPE_DEVICE_SYNTHETIC_OBJECTS_CREATE_INFO_VIGIL` (offset 1).
pub const STRUCTURE_TYPE_DEVICE_CREATE_INFO: vk::StructureType = vk::StructureType::from_raw(EXTENSION_BASE + 1);
/// `VK_OBJECT_TYPE_SYNTHETIC_OBJECT_VIGIL` (offset 0).
pub const OBJECT_TYPE: vk::ObjectType = vk::ObjectType::from_raw(EXTENSION_BASE);

/// `VK_SYNTHETIC_OBJECT_MODE_PLAIN_VIGIL`.
pub const MODE_PLAIN: i32 = 0;
/// `VK_SYNTHETIC_OBJECT_MODE_COUNTED_VIGIL`.
pub const MODE_COUNTED: i32 = 1;
/// `VK_SYNTHETIC_OBJECT_CREATE_TRACED_BIT_VIGIL`.
pub const CREATE_TRACED_BIT: u32 = 1 << 0;
/// `VK_SYNTHETIC_OBJECT_CREATE_SHARED_BIT_VIGIL`.
pub const CREATE_SHARED_BIT: u32 = 1 << 1;

/// `VkSyntheticObjectCreateInfoVIGIL`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct ObjectCreateInfo {
    pub s_type: vk::StructureType,
    pub p_next: *const c_void,
    /// `VkSyntheticObjectCreateFlagsVIGIL`.
    pub flags: u32,
    /// `VkSyntheticObjectModeVIGIL`.
    pub mode: i32,
    pub payload: u32,
}

/// `VkDeviceSyntheticObjectsCreateInfoVIGIL`, which extends `VkDeviceCreateInfo`.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct DeviceCreateInfo {
    pub s_type: vk::StructureType,
    pub p_next: *const c_void,
    /// `VkSyntheticObjectModeVIGIL`.
    pub default_mode: i32,
}

/// `VkSyntheticObjectVIGIL`: a non-dispatchable handle, 64 bits everywhere.
pub type Object = u64;

/// `vkCreateSyntheticObjectVIGIL`.
pub const CREATE: &CStr = c"vkCreateSyntheticObjectVIGIL";
/// `vkDestroySyntheticObjectVIGIL`.
pub const DESTROY: &CStr = c"vkDestroySyntheticObjectVIGIL";
/// `vkCmdUseSyntheticObjectVIGIL`.
pub const CMD_USE: &CStr = c"vkCmdUseSyntheticObjectVIGIL";

/// `PFN_vkCreateSyntheticObjectVIGIL`.
pub type PfnCreate = unsafe extern "system" fn(
    vk::Device,
    *const ObjectCreateInfo,
    *const vk::AllocationCallbacks<'_>,
    *mut Object,
) -> vk::Result;
/// `PFN_vkDestroySyntheticObjectVIGIL`.
pub type PfnDestroy = unsafe extern "system" fn(vk::Device, Object, *const vk::AllocationCallbacks<'_>);
/// `PFN_vkCmdUseSyntheticObjectVIGIL`.
pub type PfnCmdUse = unsafe extern "system" fn(vk::CommandBuffer, Object);

/// The exported function that fills a [`ShimStats`]: `bool vigil_driver_shim_stats(ShimStats*)`.
pub const STATS_SYMBOL: &[u8] = b"vigil_driver_shim_stats\0";
/// The type of [`STATS_SYMBOL`].
pub type PfnStats = unsafe extern "C" fn(*mut ShimStats) -> bool;

/// What reached the shim since it was loaded, for tests to compare before and after a call.
#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShimStats {
    /// `size_of::<ShimStats>()` as the caller knows it: the shim refuses another (a stale build).
    pub size: u64,
    /// Devices created through the shim.
    pub devices: u64,
    /// Devices whose create info enabled the extension: the shim removed the name before the
    /// driver saw it.
    pub extensions_stripped: u64,
    /// `VkDeviceSyntheticObjectsCreateInfoVIGIL` structures unlinked before the driver saw them.
    pub structs_stripped: u64,
    /// `vkCreateSyntheticObjectVIGIL` calls.
    pub create_calls: u64,
    /// Of those, calls whose create info was NULL or had another sType (what validation stops).
    pub bad_create_infos: u64,
    /// `vkDestroySyntheticObjectVIGIL` calls.
    pub destroy_calls: u64,
    /// `vkCmdUseSyntheticObjectVIGIL` calls.
    pub cmd_calls: u64,
    /// Destroy and command calls naming a value the shim never handed out or already took back.
    pub foreign_handles: u64,
    /// Objects alive in the shim.
    pub live: u64,
    /// Objects still alive when their device was destroyed.
    pub leaked: u64,
    /// The raw value the last create handed out.
    pub last_created: u64,
    /// The value the last destroy received.
    pub last_destroyed: u64,
    /// The value the last command received.
    pub last_used: u64,
}

impl ShimStats {
    /// Empty, with `size` set.
    pub fn new() -> Self {
        ShimStats { size: std::mem::size_of::<ShimStats>() as u64, ..Default::default() }
    }
}
