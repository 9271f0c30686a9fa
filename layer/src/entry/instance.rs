//! Instance creation and destruction: the loader link chain, the next layer's dispatch table
//! and the facts GetProcAddr needs.

use std::collections::BTreeSet;
use std::ffi::{c_char, c_void, CStr};
use std::sync::Arc;

use vigil_generated::*;

use crate::chassis::handles::CallHandles;
use crate::chassis::{dispatch_key, phases, Call, ObjectSet};

use crate::checks::{stateless, InstanceObjects, InstanceSetup};
use crate::entry::debug_objects::DebugObjects;
use crate::entry::loader::{find_link, PfnGetPhysicalDeviceProcAddr, VkLayerInstanceCreateInfo, VK_LAYER_LINK_INFO};
use crate::entry::{command_index, INSTANCES};
use crate::facts::{name_list, name_set};
use crate::handle_wrapping::{self, Wrapper};
use crate::report::{self, DebugReportCallback, Finding, Location, Messenger, Object, Reporter, Severity};
use crate::settings;
use crate::state::resolve::Resolving;

/// Instance extensions Vigil implements itself; no driver does, so they never go down.
pub const LAYER_ONLY_EXTENSIONS: &[&str] = &["VK_EXT_layer_settings", "VK_EXT_validation_features"];

/// Everything Vigil keeps per instance.
pub struct InstanceData {
    pub handle: VkInstance,
    pub dispatch: InstanceDispatch,
    pub next_get_instance_proc_addr: PFN_vkGetInstanceProcAddr,
    pub next_get_physical_device_proc_addr: Option<PfnGetPhysicalDeviceProcAddr>,
    /// `VkApplicationInfo::apiVersion`, 1.0 when absent.
    pub api_version: u32,
    pub extensions: BTreeSet<String>,
    pub settings: vigil_generated::settings::Settings,
    pub reporter: Arc<Reporter>,
    pub objects: InstanceObjects,
    /// Whether any validation object runs (else calls pass straight through).
    pub active: bool,
    /// The reporter's bookkeeping, run on every path.
    pub debug: DebugObjects,
    /// Handle wrapping, when the settings ask for it.
    pub wrapper: Option<Wrapper>,
    /// The instance (its raw handle, as its own instance), when the state tracker runs: calls
    /// have their handles found once for every object (`state::resolve`).
    pub resolve: Option<Resolving>,
}

impl InstanceData {
    /// No validation object and no wrapping: calls go straight down.
    #[inline(always)]
    pub fn passes_through(&self) -> bool {
        !self.active && self.wrapper.is_none()
    }

    /// The context of a call of `COMMANDS[command]` made on `object` (this instance or one of
    /// its physical devices), which findings name.
    #[inline(always)]
    pub fn call<'a>(&'a self, command: usize, params: &'a [*const u8], object: Object) -> Call<'a> {
        Call::new(command, params, &self.reporter, Some(object), None)
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
        Call::entered(command, params, &self.reporter, (Some(object), None), handles, thread)
    }
}

/// The messengers and debug-report callbacks chained into `VkInstanceCreateInfo`.
///
/// # Safety
/// `next` must be a valid pNext chain.
unsafe fn creation_callbacks(mut next: *const c_void) -> (Vec<Messenger>, Vec<DebugReportCallback>) {
    let (mut messengers, mut reports) = (Vec::new(), Vec::new());
    while !next.is_null() {
        let header = unsafe { &*(next as *const VkBaseInStructure) };
        match header.sType {
            VkStructureType::VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT => {
                let info = unsafe { &*(next as *const VkDebugUtilsMessengerCreateInfoEXT) };
                messengers.push(Messenger::from_create_info(0, info));
            }
            VkStructureType::VK_STRUCTURE_TYPE_DEBUG_REPORT_CALLBACK_CREATE_INFO_EXT => {
                let info = unsafe { &*(next as *const VkDebugReportCallbackCreateInfoEXT) };
                reports.push(DebugReportCallback::from_create_info(0, info));
            }
            _ => {}
        }
        next = header.pNext as *const c_void;
    }
    (messengers, reports)
}

/// `vkCreateInstance`.
pub unsafe extern "system" fn create_instance(
    p_create_info: *const VkInstanceCreateInfo,
    p_allocator: *const VkAllocationCallbacks,
    p_instance: *mut VkInstance,
) -> VkResult {
    if p_create_info.is_null() || p_instance.is_null() {
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    }
    let info = unsafe { &*p_create_info };
    let link: *mut VkLayerInstanceCreateInfo = unsafe {
        find_link(info.pNext, VkStructureType::VK_STRUCTURE_TYPE_LOADER_INSTANCE_CREATE_INFO, VK_LAYER_LINK_INFO)
    };
    if link.is_null() || unsafe { (*link).p_layer_info.is_null() } {
        report::internal_error("vkCreateInstance without the loader's layer link info");
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    }
    let layer_info = unsafe { &*(*link).p_layer_info };
    let next_gipa = layer_info.pfn_next_get_instance_proc_addr;
    let next_gpdpa = layer_info.pfn_next_get_physical_device_proc_addr;
    let Some(next_create) = (unsafe { next_gipa(VkInstance::null(), c"vkCreateInstance".as_ptr()) }) else {
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    };
    // SAFETY: the loader returned vkCreateInstance of the next layer.
    let next_create: PFN_vkCreateInstance = unsafe { std::mem::transmute(next_create) };

    let resolved = unsafe { settings::resolve(info) };
    let (creation_messengers, creation_reports) = unsafe { creation_callbacks(info.pNext) };
    let (reporter, mut warnings) = Reporter::new(&resolved.settings, creation_messengers, creation_reports);
    let reporter = Arc::new(reporter);
    warnings.extend(resolved.warnings);
    let here = Location::command("vkCreateInstance");
    for w in &warnings {
        reporter.report(Finding {
            severity: Severity::Warning,
            id: "UNASSIGNED-Settings-invalid",
            location: &here,
            objects: &[],
            message: format_args!("{w}"),
        });
    }
    reporter.report_startup(&here, &resolved.settings);
    let settings = resolved.settings;
    let objects = InstanceObjects::new(&InstanceSetup { settings: &settings, reporter: &reporter, info });
    let params = [
        &p_create_info as *const _ as *const u8,
        &p_allocator as *const _ as *const u8,
        &p_instance as *const _ as *const u8,
    ];
    let create_instance = command_index("vkCreateInstance");
    // The calling thread's state for the call: it holds thread safety's uses until it returns.
    let entered = crate::state::thread::enter();
    let cx = Call::new(create_instance, &params, &reporter, None, None)
        .with_thread(entered.as_ref().map_or(std::ptr::null(), |e| e.as_opaque()));
    if phases::pre_call_validate_create_instance(&objects, &cx, p_create_info, p_allocator, p_instance) {
        return VkResult::VK_ERROR_VALIDATION_FAILED;
    }
    phases::pre_call_record_create_instance(&objects, &cx, p_create_info, p_allocator, p_instance);

    // Extensions only layers implement must not reach the driver.
    let enabled = unsafe { name_list(info.ppEnabledExtensionNames, info.enabledExtensionCount) };
    let kept: Vec<*const c_char> = enabled
        .iter()
        .copied()
        .filter(|&p| !LAYER_ONLY_EXTENSIONS.iter().any(|e| unsafe { CStr::from_ptr(p) }.to_bytes() == e.as_bytes()))
        .collect();
    let mut down = *info;
    down.enabledExtensionCount = kept.len() as u32;
    down.ppEnabledExtensionNames = if kept.is_empty() { std::ptr::null() } else { kept.as_ptr() };

    // The next layer reads the link after ours.
    unsafe { (*link).p_layer_info = layer_info.p_next };
    let result = unsafe { next_create(&down, p_allocator, p_instance) };
    unsafe { (*link).p_layer_info = layer_info as *const _ as *mut _ };
    phases::post_call_record_create_instance(&objects, &cx, p_create_info, p_allocator, p_instance, result);
    if result != VkResult::VK_SUCCESS {
        return result;
    }

    let instance = unsafe { *p_instance };
    let dispatch = InstanceDispatch::load(&mut |name| unsafe { next_gipa(instance, name.as_ptr()) });
    stateless::instance_created(&objects, &dispatch);
    reporter.set_lifetime_window(false);
    let api_version = if info.pApplicationInfo.is_null() { 0 } else { unsafe { (*info.pApplicationInfo).apiVersion } };
    let settings_wrap = settings.handle_wrapping;
    let resolve = (objects.tracker.is_present() && crate::checks::walked(&settings)).then_some(Resolving {
        owner: instance.as_raw(),
        instance: instance.as_raw(),
        counts_uses: objects.thread_safety.is_present(),
    });
    let data = InstanceData {
        resolve,
        handle: instance,
        dispatch,
        next_get_instance_proc_addr: next_gipa,
        next_get_physical_device_proc_addr: next_gpdpa,
        api_version: if api_version == 0 { make_api_version(0, 1, 0, 0) } else { api_version },
        extensions: unsafe { name_set(info.ppEnabledExtensionNames, info.enabledExtensionCount) },
        settings,
        debug: DebugObjects(reporter.clone()),
        wrapper: settings_wrap.then(|| Wrapper::new(&reporter, instance.as_raw())),
        reporter,
        active: objects.active(),
        objects,
    };
    if let Err(data) = INSTANCES.insert(unsafe { dispatch_key(instance.0) }, Box::new(data)) {
        report::internal_error("too many live instances for Vigil to track");
        if let Some(destroy) = data.dispatch.destroy_instance {
            unsafe { destroy(instance, p_allocator) };
        }
        return VkResult::VK_ERROR_INITIALIZATION_FAILED;
    }
    VkResult::VK_SUCCESS
}

/// `vkDestroyInstance`.
pub unsafe extern "system" fn destroy_instance(instance: VkInstance, p_allocator: *const VkAllocationCallbacks) {
    if instance.is_null() {
        return;
    }
    let key = unsafe { dispatch_key(instance.0) };
    let Some(data) = (unsafe { INSTANCES.get(key) }) else {
        report::internal_error("vkDestroyInstance on an instance Vigil does not know; not passed on");
        return;
    };
    let objects = &data.objects;
    data.reporter.set_lifetime_window(true);
    let params = [&instance as *const _ as *const u8, &p_allocator as *const _ as *const u8];
    // The calling thread's state for the call: it holds thread safety's uses until it returns.
    let entered = crate::state::thread::enter();
    let cx = data
        .call(command_index("vkDestroyInstance"), &params, Object::of(instance))
        .with_thread(entered.as_ref().map_or(std::ptr::null(), |e| e.as_opaque()));
    // Reported, but never skipped: the loader frees its own instance object whatever the layers do,
    // so a skipped destroy would leave this instance's data under a dispatch key the next
    // instance may be given, and the driver's instance alive with nothing to reach it.
    let _ = phases::pre_call_validate_destroy_instance(objects, &cx, instance, p_allocator);
    phases::pre_call_record_destroy_instance(objects, &cx, instance, p_allocator);
    if let Some(destroy) = data.dispatch.destroy_instance {
        unsafe { destroy(instance, p_allocator) };
    }
    phases::post_call_record_destroy_instance(objects, &cx, instance, p_allocator, ());
    handle_wrapping::owner_destroyed(instance.as_raw());
    drop(INSTANCES.remove(key));
}
