//! Device creation and destruction.

use std::sync::Arc;

use vigil_generated::features::ExtensionSet;
use vigil_generated::*;

use crate::chassis::handles::CallHandles;
use crate::chassis::raw::slice;
use crate::chassis::{dispatch_key, phases, Call, ObjectSet};
use crate::checks::{DeviceObjects, DeviceSetup};
use crate::entry::debug_objects::DebugObjects;
use crate::entry::loader::{
    find_link, PfnSetDeviceLoaderData, VkLayerDeviceCreateInfo, VkLayerDeviceLink, VK_LAYER_LINK_INFO,
    VK_LOADER_DATA_CALLBACK,
};
use crate::entry::{command_index, instance_of, DEVICES};
use crate::facts::name_set;
use crate::facts::{DeviceFacts, DriverQueries, SpirvProperties, SurfaceQueries};
use crate::handle_wrapping::{self, Wrapper};
use crate::report::{self, Object, Reporter};
use crate::state::resolve::Resolving;

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
    pub reporter: Arc<Reporter>,
    /// Limits, features, properties: what hooks read through the call context.
    pub facts: Arc<DeviceFacts>,
    pub objects: DeviceObjects,
    /// Whether any validation object runs (else calls pass straight through).
    pub active: bool,
    /// The reporter's bookkeeping, run on every path.
    pub debug: DebugObjects,
    /// Handle wrapping, when the settings ask for it.
    pub wrapper: Option<Wrapper>,
    /// The device and its instance (raw handles), when the state tracker runs: calls have
    /// their handles found once for every object (`state::resolve`).
    pub resolve: Option<Resolving>,
}

impl DeviceData {
    /// No validation object and no wrapping: calls go straight down.
    #[inline(always)]
    pub fn passes_through(&self) -> bool {
        !self.active && self.wrapper.is_none()
    }

    /// The context of a call of `COMMANDS[command]` made on `object` (this device, a queue or a
    /// command buffer), which findings name.
    #[inline(always)]
    pub fn call<'a>(&'a self, command: usize, params: &'a [*const u8], object: Object) -> Call<'a> {
        Call::new(command, params, &self.reporter, Some(object), Some(&self.facts))
    }

    /// [`Self::call`] with the handles the state tracker found and the calling thread's state
    /// (null: none), in one construction.
    #[inline(always)]
    pub fn call_in<'a>(
        &'a self,
        command: usize,
        params: &'a [*const u8],
        object: Object,
        handles: &'a CallHandles,
        thread: *const (),
    ) -> Call<'a> {
        Call::entered(command, params, &self.reporter, (Some(object), Some(&self.facts)), handles, thread)
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
    let Some(inst) = (unsafe { instance_of(physical_device.0) }) else {
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
    let params = [
        &physical_device as *const _ as *const u8,
        &p_create_info as *const _ as *const u8,
        &p_allocator as *const _ as *const u8,
        &p_device as *const _ as *const u8,
    ];
    // The calling thread's state for the call: it holds thread safety's uses until it returns.
    let entered = crate::state::thread::enter();
    let cx = inst
        .call(command_index("vkCreateDevice"), &params, Object::of(physical_device))
        .with_thread(entered.as_ref().map_or(std::ptr::null(), |e| e.as_opaque()));
    let args = (physical_device, p_create_info, p_allocator, p_device);
    if phases::pre_call_validate_create_device(objects, &cx, args.0, args.1, args.2, args.3) {
        return VkResult::VK_ERROR_VALIDATION_FAILED;
    }
    phases::pre_call_record_create_device(objects, &cx, args.0, args.1, args.2, args.3);
    unsafe { (*link).u = layer_info.p_next as *mut _ };
    let result = unsafe { next_create(physical_device, p_create_info, p_allocator, p_device) };
    unsafe { (*link).u = layer_info as *const _ as *mut _ };
    phases::post_call_record_create_device(objects, &cx, args.0, args.1, args.2, args.3, result);
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
    let mut queue_family_flags = Vec::new();
    if let Some(get) = inst.dispatch.get_physical_device_queue_family_properties {
        unsafe { get(physical_device, &mut queue_family_count, std::ptr::null_mut()) };
        let mut families = vec![VkQueueFamilyProperties::default(); queue_family_count as usize];
        unsafe { get(physical_device, &mut queue_family_count, families.as_mut_ptr()) };
        families.truncate(queue_family_count as usize);
        queue_family_flags = families.iter().map(|f| f.queueFlags.0).collect();
    }
    let api_version = inst.api_version.min(props.apiVersion);
    let group_ty = VkStructureType::VK_STRUCTURE_TYPE_DEVICE_GROUP_DEVICE_CREATE_INFO;
    // SAFETY: the create info the driver accepted, and its pNext chain.
    let group = unsafe { crate::chassis::raw::chained::<VkDeviceGroupDeviceCreateInfo>(info.pNext, group_ty) };
    let physical_device_count = group.map_or(1, |g| g.physicalDeviceCount.max(1));
    let spirv_properties = match inst.dispatch.get_physical_device_properties2 {
        Some(get)
            if inst.api_version >= make_api_version(0, 1, 1, 0) && props.apiVersion >= make_api_version(0, 1, 2, 0) =>
        {
            // SAFETY: the next layer's function, for a physical device of this instance.
            Some(unsafe { SpirvProperties::query(get, physical_device) })
        }
        _ => None,
    };
    let max_command_buffer_nesting_level = match inst.dispatch.get_physical_device_properties2 {
        // SAFETY: the next layer's function; the device enabled the extension's feature.
        Some(get) if features.contains(vigil_generated::features::Feature::NESTED_COMMAND_BUFFER) => {
            Some(unsafe { crate::facts::max_command_buffer_nesting_level(get, physical_device) })
        }
        _ => None,
    };
    let extension_names = unsafe { name_set(info.ppEnabledExtensionNames, info.enabledExtensionCount) };
    let dynamic_primitive_topology_unrestricted = match inst.dispatch.get_physical_device_properties2 {
        // SAFETY: the next layer's function; the device enabled the extension.
        Some(get) if extension_names.contains("VK_EXT_extended_dynamic_state3") => {
            Some(unsafe { crate::facts::dynamic_primitive_topology_unrestricted(get, physical_device) })
        }
        _ => None,
    };
    let filter_cubic = extension_names.contains("VK_EXT_filter_cubic");
    let variable_sample_locations = match inst.dispatch.get_physical_device_properties2 {
        // SAFETY: the next layer's function; the device enabled the extension.
        Some(get) if extension_names.contains("VK_EXT_sample_locations") => {
            Some(unsafe { crate::facts::variable_sample_locations(get, physical_device) })
        }
        _ => None,
    };
    let provoking_vertex_mode_per_pipeline = match inst.dispatch.get_physical_device_properties2 {
        // SAFETY: the next layer's function; the device enabled the extension.
        Some(get) if extension_names.contains("VK_EXT_provoking_vertex") => {
            Some(unsafe { crate::facts::provoking_vertex_mode_per_pipeline(get, physical_device) })
        }
        _ => None,
    };
    let max_buffer_size = match inst.dispatch.get_physical_device_properties2 {
        // SAFETY: the next layer's function; the device has Vulkan 1.3 or enabled the extension.
        Some(get) if api_version >= make_api_version(0, 1, 3, 0) || extension_names.contains("VK_KHR_maintenance4") => {
            Some(unsafe { crate::facts::max_buffer_size(get, physical_device) })
        }
        _ => None,
    };
    let descriptor_buffer = match inst.dispatch.get_physical_device_properties2 {
        // SAFETY: the next layer's function; the device enabled the extension.
        Some(get) if extension_names.contains("VK_EXT_descriptor_buffer") => {
            Some(unsafe { crate::facts::descriptor_buffer_properties(get, physical_device) })
        }
        _ => None,
    };
    let extension_limits = match inst.dispatch.get_physical_device_properties2 {
        // SAFETY: the next layer's function; each structure asked only with its extension enabled.
        Some(get) => unsafe {
            crate::facts::ExtensionLimits::query(get, physical_device, |e| extension_names.contains(e))
        },
        None => Default::default(),
    };
    let get_video_format_properties = inst
        .dispatch
        .get_physical_device_video_format_properties_khr
        .filter(|_| extension_names.contains("VK_KHR_video_queue"));
    let extensions = ExtensionSet::from_names(extension_names.iter().chain(&inst.extensions).map(String::as_str));
    let facts = Arc::new(DeviceFacts {
        api_version,
        extensions,
        extension_names,
        instance_extension_names: inst.extensions.clone(),
        limits: props.limits,
        memory_properties: memory,
        queue_family_count,
        physical_device_count,
        queue_family_flags,
        features,
        physical_device,
        get_image_format_properties: inst.dispatch.get_physical_device_image_format_properties,
        driver: DriverQueries::new(
            device,
            dispatch.get_buffer_memory_requirements,
            dispatch.get_image_memory_requirements,
            if inst.settings.handle_wrapping { handle_wrapping::driver_handle } else { Some },
        ),
        get_format_properties: inst.dispatch.get_physical_device_format_properties,
        spirv_properties,
        get_format_properties2: inst
            .dispatch
            .get_physical_device_format_properties2
            .filter(|_| api_version >= make_api_version(0, 1, 3, 0)),
        max_command_buffer_nesting_level,
        dynamic_primitive_topology_unrestricted,
        provoking_vertex_mode_per_pipeline,
        variable_sample_locations,
        formats: Default::default(),
        get_image_format_properties2: inst
            .dispatch
            .get_physical_device_image_format_properties2
            .filter(|_| filter_cubic),
        max_buffer_size,
        descriptor_buffer,
        extension_limits,
        get_video_format_properties,
        surfaces: SurfaceQueries {
            physical_device,
            capabilities: inst.dispatch.get_physical_device_surface_capabilities_khr,
            formats: inst.dispatch.get_physical_device_surface_formats_khr,
            present_modes: inst.dispatch.get_physical_device_surface_present_modes_khr,
            support: inst.dispatch.get_physical_device_surface_support_khr,
            // SAFETY: the application's create info (the driver accepted it).
            queue_families: unsafe { slice(info.pQueueCreateInfos, info.queueCreateInfoCount) }
                .iter()
                .map(|q| q.queueFamilyIndex)
                .collect(),
            driver_handle: if inst.settings.handle_wrapping { handle_wrapping::driver_handle } else { Some },
        },
    });
    let reporter = inst.reporter.clone();
    let objects = DeviceObjects::new(&DeviceSetup {
        settings: &inst.settings,
        reporter: &reporter,
        facts: &facts,
        device,
        instance: inst.handle.as_raw(),
        allocator: !p_allocator.is_null(),
    });
    let resolve = (objects.tracker.is_present() && crate::checks::walked(&inst.settings)).then_some(Resolving {
        owner: device.as_raw(),
        instance: inst.handle.as_raw(),
        counts_uses: objects.thread_safety.is_present(),
    });
    let data = DeviceData {
        resolve,
        handle: device,
        physical_device,
        dispatch,
        next_get_device_proc_addr: next_gdpa,
        set_device_loader_data,
        active: objects.active(),
        objects,
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
    let params = [&device as *const _ as *const u8, &p_allocator as *const _ as *const u8];
    // The calling thread's state for the call: it holds thread safety's uses until it returns.
    let entered = crate::state::thread::enter();
    let cx = data
        .call(command_index("vkDestroyDevice"), &params, Object::of(device))
        .with_thread(entered.as_ref().map_or(std::ptr::null(), |e| e.as_opaque()));
    // Reported, but never skipped: the loader frees its own device object whatever the layers do,
    // so a skipped destroy would leave this device's data under a dispatch key the next
    // device may be given, and the driver's device alive with nothing to reach it.
    let _ = phases::pre_call_validate_destroy_device(objects, &cx, device, p_allocator);
    phases::pre_call_record_destroy_device(objects, &cx, device, p_allocator);
    if let Some(destroy) = data.dispatch.destroy_device {
        unsafe { destroy(device, p_allocator) };
    }
    phases::post_call_record_destroy_device(objects, &cx, device, p_allocator, ());
    handle_wrapping::owner_destroyed(device.as_raw());
    drop(DEVICES.remove(key));
}
