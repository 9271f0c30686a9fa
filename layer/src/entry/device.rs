//! Device creation and destruction.

use std::collections::BTreeSet;
use std::sync::Arc;

use vigil_generated::chassis::{dispatch_key, guard, Context, Layer};
use vigil_generated::*;

use crate::checks::stateless;
use crate::checks::{object_lifetime, thread_safety, DeviceObjects};
use crate::entry::loader::{
    find_link, PfnSetDeviceLoaderData, VkLayerDeviceCreateInfo, VkLayerDeviceLink, VK_LAYER_LINK_INFO,
    VK_LOADER_DATA_CALLBACK,
};
use crate::entry::{Vigil, DEVICES};
use crate::facts::name_set;
use crate::facts::DeviceFacts;
use crate::handle_wrapping::{self, Wrapper};
use crate::report::debug_objects::DebugObjects;
use crate::report::{self, Reporter};

/// Everything Vigil keeps per device.
pub struct DeviceData {
    // Not read yet: the state tracker and GPU-assisted validation (which creates its own
    // command buffers through `set_device_loader_data`) need them; recorded now because only
    // vkCreateDevice sees them.
    #[allow(dead_code)]
    pub handle: VkDevice,
    #[allow(dead_code)]
    pub physical_device: VkPhysicalDevice,
    pub dispatch: DeviceDispatch,
    pub next_get_device_proc_addr: PFN_vkGetDeviceProcAddr,
    /// Makes dispatchable objects Vigil creates itself (command buffers) usable by the loader.
    #[allow(dead_code)]
    pub set_device_loader_data: Option<PfnSetDeviceLoaderData>,
    /// min(application apiVersion, physical device apiVersion).
    pub api_version: u32,
    pub extensions: BTreeSet<String>,
    /// The instance's enabled extensions (device commands may come from them).
    pub instance_extensions: BTreeSet<String>,
    /// Every feature enabled through pEnabledFeatures or a chained feature structure.
    // Read through the call context, once hooks receive one (the chassis issue).
    #[allow(dead_code)]
    pub features: vigil_generated::features::FeatureSet,
    #[allow(dead_code)]
    pub reporter: Arc<Reporter>,
    #[allow(dead_code)]
    pub facts: Arc<DeviceFacts>,
    pub objects: DeviceObjects,
    /// The reporter's bookkeeping, run on every path.
    pub debug: DebugObjects,
    /// Handle wrapping, when the settings ask for it.
    pub wrapper: Option<Wrapper>,
}

impl Context for DeviceData {
    type Dispatch = DeviceDispatch;
    type Objects = DeviceObjects;
    type Bookkeeping = DebugObjects;
    type Wrapper = Wrapper;
    #[inline(always)]
    fn dispatch(&self) -> &DeviceDispatch {
        &self.dispatch
    }
    #[inline(always)]
    fn objects(&self) -> &DeviceObjects {
        &self.objects
    }
    #[inline(always)]
    fn bookkeeping(&self) -> &DebugObjects {
        &self.debug
    }
    #[inline(always)]
    fn wrapper(&self) -> Option<&Wrapper> {
        self.wrapper.as_ref()
    }
}

/// `vkCreateDevice`.
pub unsafe extern "system" fn create_device(
    physical_device: VkPhysicalDevice,
    p_create_info: *const VkDeviceCreateInfo,
    p_allocator: *const VkAllocationCallbacks,
    p_device: *mut VkDevice,
) -> VkResult {
    if physical_device.is_null() || p_create_info.is_null() || p_device.is_null() {
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    }
    let Some(inst) = (unsafe { Vigil::instance(dispatch_key(physical_device.0)) }) else {
        report::internal_error("vkCreateDevice on a physical device of an instance Vigil does not know");
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    };
    let info = unsafe { &*p_create_info };
    let ty = VkStructureType::VK_STRUCTURE_TYPE_LOADER_DEVICE_CREATE_INFO;
    let link: *mut VkLayerDeviceCreateInfo = unsafe { find_link(info.pNext, ty, VK_LAYER_LINK_INFO) };
    if link.is_null() || unsafe { (*link).u.is_null() } {
        report::internal_error("vkCreateDevice without the loader's layer link info");
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    }
    let callback: *mut VkLayerDeviceCreateInfo = unsafe { find_link(info.pNext, ty, VK_LOADER_DATA_CALLBACK) };
    let set_device_loader_data = if callback.is_null() {
        None
    } else {
        // SAFETY: for VK_LOADER_DATA_CALLBACK the union holds pfnSetDeviceLoaderData.
        unsafe { std::mem::transmute::<*mut core::ffi::c_void, Option<PfnSetDeviceLoaderData>>((*callback).u) }
    };
    let layer_info = unsafe { &*((*link).u as *const VkLayerDeviceLink) };
    let next_gipa = layer_info.pfn_next_get_instance_proc_addr;
    let next_gdpa = layer_info.pfn_next_get_device_proc_addr;
    let Some(next_create) = (unsafe { next_gipa(inst.handle, c"vkCreateDevice".as_ptr()) }) else {
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    };
    // SAFETY: the loader returned vkCreateDevice of the next layer.
    let next_create: PFN_vkCreateDevice = unsafe { std::mem::transmute(next_create) };

    let objects = &inst.objects;
    let args = (physical_device, p_create_info, p_allocator, p_device);
    if guard::<Vigil, _>("vkCreateDevice", || objects.pre_call_validate_create_device(args.0, args.1, args.2, args.3))
        == Some(true)
    {
        return VkResult::VK_ERROR_VALIDATION_FAILED;
    }
    guard::<Vigil, _>("vkCreateDevice", || objects.pre_call_record_create_device(args.0, args.1, args.2, args.3));
    unsafe { (*link).u = layer_info.p_next as *mut _ };
    let result = unsafe { next_create(physical_device, p_create_info, p_allocator, p_device) };
    unsafe { (*link).u = layer_info as *const _ as *mut _ };
    guard::<Vigil, _>("vkCreateDevice", || {
        objects.post_call_record_create_device(args.0, args.1, args.2, args.3, result)
    });
    if result != VkResult::VK_SUCCESS {
        return result;
    }

    let device = unsafe { *p_device };
    let dispatch = DeviceDispatch::load(&mut |name| unsafe { next_gdpa(device, name.as_ptr()) });
    let mut props = VkPhysicalDeviceProperties::default();
    if let Some(get) = inst.dispatch.get_physical_device_properties {
        unsafe { get(physical_device, &mut props) };
    }
    let mut memory = VkPhysicalDeviceMemoryProperties::default();
    if let Some(get) = inst.dispatch.get_physical_device_memory_properties {
        unsafe { get(physical_device, &mut memory) };
    }
    let features = unsafe { vigil_generated::features::FeatureSet::from_device_create_info(info) };
    let mut queue_family_count = 0;
    if let Some(get) = inst.dispatch.get_physical_device_queue_family_properties {
        unsafe { get(physical_device, &mut queue_family_count, std::ptr::null_mut()) };
    }
    let facts = Arc::new(DeviceFacts {
        limits: props.limits,
        memory_type_count: memory.memoryTypeCount,
        queue_family_count,
        features: features.clone(),
        physical_device,
        get_image_format_properties: inst.dispatch.get_physical_device_image_format_properties,
    });
    let reporter = inst.reporter.clone();
    let api_version = inst.api_version.min(props.apiVersion);
    let stateless = inst
        .settings
        .stateless
        .then(|| unsafe { stateless::device_checks(&reporter, &facts, api_version, info, &inst.extensions) });
    let lifetime = inst
        .settings
        .object_lifetime
        .then(|| object_lifetime::device_checks(&reporter, device, inst.handle.as_raw(), !p_allocator.is_null()));
    let threads = inst.settings.thread_safety.then(|| thread_safety::device_checks(&reporter, device));
    let data = DeviceData {
        handle: device,
        physical_device,
        dispatch,
        next_get_device_proc_addr: next_gdpa,
        set_device_loader_data,
        api_version: inst.api_version.min(props.apiVersion),
        extensions: unsafe { name_set(info.ppEnabledExtensionNames, info.enabledExtensionCount) },
        instance_extensions: inst.extensions.clone(),
        features,
        objects: DeviceObjects { state: (), objects: (stateless, (lifetime, (threads, ()))) },
        debug: DebugObjects(reporter.clone()),
        wrapper: inst.settings.handle_wrapping.then(|| Wrapper::new(&reporter, device.as_raw())),
        reporter,
        facts,
    };
    if let Err(data) = DEVICES.insert(unsafe { dispatch_key(device.0) }, Box::new(data)) {
        report::internal_error("too many live devices for Vigil to track");
        if let Some(destroy) = data.dispatch.destroy_device {
            unsafe { destroy(device, p_allocator) };
        }
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    }
    VkResult::VK_SUCCESS
}

/// `vkDestroyDevice`.
pub unsafe extern "system" fn destroy_device(device: VkDevice, p_allocator: *const VkAllocationCallbacks) {
    if device.is_null() {
        return;
    }
    let key = unsafe { dispatch_key(device.0) };
    let Some(data) = (unsafe { DEVICES.get(key) }) else {
        report::internal_error("vkDestroyDevice on a device Vigil does not know; not passed on");
        return;
    };
    let objects = &data.objects;
    if guard::<Vigil, _>("vkDestroyDevice", || objects.pre_call_validate_destroy_device(device, p_allocator))
        == Some(true)
    {
        return;
    }
    guard::<Vigil, _>("vkDestroyDevice", || objects.pre_call_record_destroy_device(device, p_allocator));
    if let Some(destroy) = data.dispatch.destroy_device {
        unsafe { destroy(device, p_allocator) };
    }
    guard::<Vigil, _>("vkDestroyDevice", || objects.post_call_record_destroy_device(device, p_allocator));
    handle_wrapping::owner_destroyed(device.as_raw());
    drop(DEVICES.remove(key));
}
