//! `VK_LAYER_VIGIL_driver_shim`: a test-only Vulkan layer enabled *below* Vigil (last in
//! `ppEnabledLayerNames`, so closest to the driver) that plays the driver where lavapipe cannot.
//!
//! Today it implements the made-up device extension `VK_VIGIL_synthetic_object` (see
//! `synthetic_extension.xml` and `cargo xtask synthetic-extension`): it advertises the extension
//! (its manifest declares it too, since the loader checks enabled device extensions against the
//! driver's and the enabled layers' manifests), removes it and its structure from
//! `VkDeviceCreateInfo` before lavapipe sees them, and implements the three commands itself:
//! creates hand out fresh raw values, destroys forget them, the command records nothing. What
//! reached it is counted in a [`ShimStats`] that tests read through the exported
//! `vigil_driver_shim_stats`.
//!
//! Behaviours that later tests need (lower limits, hidden queue capabilities, aliased handle
//! values) are switches named in `VIGIL_DRIVER_SHIM` (comma-separated), read at instance
//! creation into [`Behaviours`]; see there for where each one hooks in.

pub mod synthetic;

/// Makes a function pointer of any signature a `PFN_vkVoidFunction`.
macro_rules! void_fn {
    ($f:expr, $ty:ty) => {{
        let f: $ty = $f;
        // SAFETY: only the loader's calling convention is erased; callers cast it back to the
        // type of the command they asked for.
        Some(unsafe { std::mem::transmute::<$ty, unsafe extern "system" fn()>(f) })
    }};
}

mod corner_sampled;
mod extensions;
mod filter_cubic;
mod format_features;
mod fragment_maps;
mod protected_memory;
mod queue_families;
mod raster_states;
mod switches;
mod video;

use std::collections::BTreeMap;
use std::ffi::{c_char, c_void, CStr};
use std::sync::{Mutex, MutexGuard};

use ash::vk::{self, Handle};

pub use switches::*;
use synthetic::ShimStats;

pub use extensions::{FEWER_FORMAT_FEATURES, MIN_VERTEX_INPUT_BINDING_STRIDE_ALIGNMENT};
pub use fragment_maps::{LOW_CUSTOM_BORDER_COLOR_SAMPLERS, MAX_SUBSAMPLED_ARRAY_LAYERS, MIN_DENSITY_TEXEL_SIZE};

/// The loader's `VkLayerFunction` value for the link to the next layer.
const LAYER_LINK_INFO: i32 = 0;
/// `LAYER_NEGOTIATE_INTERFACE_STRUCT`.
const NEGOTIATE_INTERFACE_STRUCT: i32 = 1;
/// The loader–layer interface version the shim speaks.
const INTERFACE_VERSION: u32 = 2;

/// `VkNegotiateLayerInterface` (vk_layer.h).
#[repr(C)]
pub struct NegotiateLayerInterface {
    s_type: i32,
    p_next: *mut c_void,
    loader_layer_interface_version: u32,
    pfn_get_instance_proc_addr: Option<vk::PFN_vkGetInstanceProcAddr>,
    pfn_get_device_proc_addr: Option<vk::PFN_vkGetDeviceProcAddr>,
    pfn_get_physical_device_proc_addr: vk::PFN_vkVoidFunction,
}

/// `VkLayerInstanceLink`.
#[repr(C)]
struct LayerInstanceLink {
    p_next: *mut LayerInstanceLink,
    pfn_next_get_instance_proc_addr: vk::PFN_vkGetInstanceProcAddr,
    pfn_next_get_physical_device_proc_addr: vk::PFN_vkVoidFunction,
}

/// `VkLayerDeviceLink`.
#[repr(C)]
struct LayerDeviceLink {
    p_next: *mut LayerDeviceLink,
    pfn_next_get_instance_proc_addr: vk::PFN_vkGetInstanceProcAddr,
    pfn_next_get_device_proc_addr: vk::PFN_vkGetDeviceProcAddr,
}

/// `VkLayerInstanceCreateInfo` and `VkLayerDeviceCreateInfo`, reduced to the union member the
/// shim reads (`pLayerInfo` when `function` is the link info).
#[repr(C)]
struct LayerCreateInfo<L> {
    s_type: vk::StructureType,
    p_next: *const c_void,
    function: i32,
    p_layer_info: *mut L,
}

/// Per instance: the next layer's functions.
struct Instance {
    key: usize,
    handle: vk::Instance,
    gipa: vk::PFN_vkGetInstanceProcAddr,
    destroy: Option<vk::PFN_vkDestroyInstance>,
    enumerate_device_extensions: Option<vk::PFN_vkEnumerateDeviceExtensionProperties>,
    /// The next layer's memory-properties queries (asked for at creation: the loader's answer
    /// later may be the top of the chain again).
    memory_properties: Option<vk::PFN_vkGetPhysicalDeviceMemoryProperties>,
    memory_properties2: Option<vk::PFN_vkGetPhysicalDeviceMemoryProperties2>,
    /// The next layer's queue family queries (as for memory properties).
    queue_families: Option<vk::PFN_vkGetPhysicalDeviceQueueFamilyProperties>,
    queue_families2: Option<vk::PFN_vkGetPhysicalDeviceQueueFamilyProperties2>,
    /// The next layer's format query (as for memory properties).
    format_properties: Option<vk::PFN_vkGetPhysicalDeviceFormatProperties>,
    behaviours: Behaviours,
    /// The next layer's vkGetPhysicalDeviceFormatProperties2 (as for memory properties).
    format_properties2: Option<vk::PFN_vkGetPhysicalDeviceFormatProperties2>,
    /// The next layer's properties queries (as for memory properties).
    properties: Option<vk::PFN_vkGetPhysicalDeviceProperties>,
    properties2: Option<vk::PFN_vkGetPhysicalDeviceProperties2>,
    /// The next layer's surface queries (as for memory properties).
    surface_support: Option<vk::PFN_vkGetPhysicalDeviceSurfaceSupportKHR>,
    surface_capabilities: Option<vk::PFN_vkGetPhysicalDeviceSurfaceCapabilitiesKHR>,
    /// The next layer's vkGetPhysicalDeviceImageFormatProperties2 (as for memory properties).
    image_format_properties2: Option<vk::PFN_vkGetPhysicalDeviceImageFormatProperties2>,
}

/// Per device: the next layer's functions and whether the extension is enabled.
struct Device {
    key: usize,
    gdpa: vk::PFN_vkGetDeviceProcAddr,
    destroy: Option<vk::PFN_vkDestroyDevice>,
    synthetic: bool,
    /// With `alias-handles`: the next layer's sampler functions, and the shim's sampler values
    /// handed out on this device, with the real handle each stands for.
    aliasing: Option<Aliasing>,
    /// With `extra-memory-type`: the index of the first made-up type, and the next layer's
    /// vkAllocateMemory.
    extra_memory_type: Option<(u32, vk::PFN_vkAllocateMemory)>,
    /// With `video-queue`: whether the device enabled `VK_KHR_video_queue` (the shim removed it
    /// from the create info and implements its commands).
    video: bool,
}

/// What `alias-handles` keeps per device.
struct Aliasing {
    create_sampler: vk::PFN_vkCreateSampler,
    destroy_sampler: vk::PFN_vkDestroySampler,
    samplers: BTreeMap<u64, vk::Sampler>,
    handed_out: u64,
}

/// Everything the shim knows. One lock: the shim is small and tests are not about its speed.
struct State {
    instances: Vec<Instance>,
    devices: Vec<Device>,
    /// Live synthetic objects: raw value → device key.
    objects: BTreeMap<u64, usize>,
    /// Raw values handed out so far.
    handed_out: u64,
    stats: ShimStats,
}

static STATE: Mutex<State> = Mutex::new(State {
    instances: Vec::new(),
    devices: Vec::new(),
    objects: BTreeMap::new(),
    handed_out: 0,
    stats: ShimStats {
        size: std::mem::size_of::<ShimStats>() as u64,
        devices: 0,
        extensions_stripped: 0,
        structs_stripped: 0,
        create_calls: 0,
        bad_create_infos: 0,
        destroy_calls: 0,
        cmd_calls: 0,
        foreign_handles: 0,
        live: 0,
        leaked: 0,
        last_created: 0,
        last_destroyed: 0,
        last_used: 0,
    },
});

fn state() -> MutexGuard<'static, State> {
    // A panic elsewhere leaves the data consistent enough for a test layer.
    STATE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Raw values the shim hands out: recognisable in messages and far from small ids.
const RAW_HANDLE_BASE: u64 = 0x5a5a_0000_0000_0000;

/// The loader's dispatch key: the first word of a dispatchable handle.
///
/// # Safety
/// `handle` must be a live dispatchable handle.
unsafe fn dispatch_key(handle: u64) -> usize {
    // SAFETY: dispatchable handles point at an object whose first word is the loader's
    // dispatch table pointer (the caller's contract).
    unsafe { *(handle as usize as *const usize) }
}

/// The loader link of `s_type` in a create info's pNext chain.
///
/// # Safety
/// `p_next` must be a valid pNext chain.
unsafe fn find_link<L>(mut p_next: *const c_void, s_type: vk::StructureType) -> *mut LayerCreateInfo<L> {
    while !p_next.is_null() {
        let link = p_next as *mut LayerCreateInfo<L>;
        // SAFETY: every structure in a valid chain starts with sType and pNext; the loader's
        // link structures continue with `function`, read only when the sType says it is one.
        unsafe {
            if (*link).s_type == s_type && (*link).function == LAYER_LINK_INFO {
                return link;
            }
            p_next = (*link).p_next;
        }
    }
    std::ptr::null_mut()
}

fn same_name(p: *const c_char, name: &CStr) -> bool {
    // SAFETY: the Vulkan caller passes NULL or a NUL-terminated string.
    !p.is_null() && unsafe { CStr::from_ptr(p) } == name
}

/// Loader–layer negotiation: the shim speaks version 2.
///
/// # Safety
/// Called by the loader with a valid negotiation structure.
#[no_mangle]
pub unsafe extern "system" fn vkNegotiateLoaderLayerInterfaceVersion(p: *mut NegotiateLayerInterface) -> vk::Result {
    // SAFETY: the loader passes a valid structure (or NULL, refused).
    let Some(p) = (unsafe { p.as_mut() }) else { return vk::Result::ERROR_INITIALIZATION_FAILED };
    if p.s_type != NEGOTIATE_INTERFACE_STRUCT || p.loader_layer_interface_version < INTERFACE_VERSION {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    }
    p.loader_layer_interface_version = INTERFACE_VERSION;
    p.pfn_get_instance_proc_addr = Some(get_instance_proc_addr);
    p.pfn_get_device_proc_addr = Some(get_device_proc_addr);
    p.pfn_get_physical_device_proc_addr = None;
    vk::Result::SUCCESS
}

/// `vkGetInstanceProcAddr`, for loaders that look it up by name.
///
/// # Safety
/// The Vulkan rules for `vkGetInstanceProcAddr`.
#[no_mangle]
pub unsafe extern "system" fn vkGetInstanceProcAddr(
    instance: vk::Instance,
    name: *const c_char,
) -> vk::PFN_vkVoidFunction {
    // SAFETY: forwarded under the same contract.
    unsafe { get_instance_proc_addr(instance, name) }
}

/// `vkGetDeviceProcAddr`, for loaders that look it up by name.
///
/// # Safety
/// The Vulkan rules for `vkGetDeviceProcAddr`.
#[no_mangle]
pub unsafe extern "system" fn vkGetDeviceProcAddr(device: vk::Device, name: *const c_char) -> vk::PFN_vkVoidFunction {
    // SAFETY: forwarded under the same contract.
    unsafe { get_device_proc_addr(device, name) }
}

/// Fills `out` with what reached the shim; false (and nothing written) when the caller's
/// `ShimStats` has another size.
///
/// # Safety
/// `out` must be NULL or point to a `ShimStats` whose `size` is set.
#[no_mangle]
pub unsafe extern "C" fn vigil_driver_shim_stats(out: *mut ShimStats) -> bool {
    // SAFETY: the caller's contract.
    let Some(out) = (unsafe { out.as_mut() }) else { return false };
    if out.size != std::mem::size_of::<ShimStats>() as u64 {
        return false;
    }
    *out = state().stats;
    true
}

/// The device functions the shim implements; `None` for the rest.
fn device_function(
    name: *const c_char,
    synthetic: bool,
    aliasing: bool,
    extra_memory_type: bool,
    video_queue: bool,
) -> Option<vk::PFN_vkVoidFunction> {
    if same_name(name, c"vkGetDeviceProcAddr") {
        return Some(void_fn!(get_device_proc_addr, vk::PFN_vkGetDeviceProcAddr));
    }
    if same_name(name, c"vkDestroyDevice") {
        return Some(void_fn!(destroy_device, vk::PFN_vkDestroyDevice));
    }
    if aliasing && same_name(name, c"vkCreateSampler") {
        return Some(void_fn!(create_sampler, vk::PFN_vkCreateSampler));
    }
    if aliasing && same_name(name, c"vkDestroySampler") {
        return Some(void_fn!(destroy_sampler, vk::PFN_vkDestroySampler));
    }
    if extra_memory_type && same_name(name, c"vkAllocateMemory") {
        return Some(void_fn!(allocate_memory, vk::PFN_vkAllocateMemory));
    }
    if video_queue {
        if let Some(f) = video::function(name) {
            return Some(f);
        }
    }
    let ours = [
        (synthetic::CREATE, void_fn!(create_object, synthetic::PfnCreate)),
        (synthetic::DESTROY, void_fn!(destroy_object, synthetic::PfnDestroy)),
        (synthetic::CMD_USE, void_fn!(cmd_use_object, synthetic::PfnCmdUse)),
    ];
    let (_, f) = ours.into_iter().find(|(n, _)| same_name(name, n))?;
    // Commands of an extension the device did not enable do not exist for it.
    Some(if synthetic { f } else { None })
}

unsafe extern "system" fn get_instance_proc_addr(
    instance: vk::Instance,
    name: *const c_char,
) -> vk::PFN_vkVoidFunction {
    let own = [
        (c"vkGetInstanceProcAddr", void_fn!(get_instance_proc_addr, vk::PFN_vkGetInstanceProcAddr)),
        (c"vkCreateInstance", void_fn!(create_instance, vk::PFN_vkCreateInstance)),
        (c"vkDestroyInstance", void_fn!(destroy_instance, vk::PFN_vkDestroyInstance)),
        (c"vkCreateDevice", void_fn!(create_device, vk::PFN_vkCreateDevice)),
        (
            c"vkEnumerateDeviceExtensionProperties",
            void_fn!(enumerate_device_extension_properties, vk::PFN_vkEnumerateDeviceExtensionProperties),
        ),
    ];
    if let Some((_, f)) = own.iter().find(|(n, _)| same_name(name, n)) {
        return *f;
    }
    let memory_properties = [
        (
            c"vkGetPhysicalDeviceMemoryProperties",
            void_fn!(get_physical_device_memory_properties, vk::PFN_vkGetPhysicalDeviceMemoryProperties),
        ),
        (
            c"vkGetPhysicalDeviceMemoryProperties2",
            void_fn!(get_physical_device_memory_properties2, vk::PFN_vkGetPhysicalDeviceMemoryProperties2),
        ),
        (
            c"vkGetPhysicalDeviceMemoryProperties2KHR",
            void_fn!(get_physical_device_memory_properties2, vk::PFN_vkGetPhysicalDeviceMemoryProperties2),
        ),
    ];
    if let Some((_, f)) = memory_properties.iter().find(|(n, _)| same_name(name, n)) {
        return *f;
    }
    let queue_families = [
        (
            c"vkGetPhysicalDeviceQueueFamilyProperties",
            void_fn!(get_physical_device_queue_family_properties, vk::PFN_vkGetPhysicalDeviceQueueFamilyProperties),
        ),
        (
            c"vkGetPhysicalDeviceQueueFamilyProperties2",
            void_fn!(get_physical_device_queue_family_properties2, vk::PFN_vkGetPhysicalDeviceQueueFamilyProperties2),
        ),
        (
            c"vkGetPhysicalDeviceQueueFamilyProperties2KHR",
            void_fn!(get_physical_device_queue_family_properties2, vk::PFN_vkGetPhysicalDeviceQueueFamilyProperties2),
        ),
    ];
    if let Some((_, f)) = queue_families.iter().find(|(n, _)| same_name(name, n)) {
        return *f;
    }
    if same_name(name, c"vkGetPhysicalDeviceFormatProperties") {
        return void_fn!(get_physical_device_format_properties, vk::PFN_vkGetPhysicalDeviceFormatProperties);
    }
    if same_name(name, c"vkGetPhysicalDeviceFormatProperties2")
        || same_name(name, c"vkGetPhysicalDeviceFormatProperties2KHR")
    {
        return void_fn!(get_physical_device_format_properties2, vk::PFN_vkGetPhysicalDeviceFormatProperties2);
    }
    if same_name(name, c"vkGetPhysicalDeviceProperties") {
        return void_fn!(get_physical_device_properties, vk::PFN_vkGetPhysicalDeviceProperties);
    }
    if same_name(name, c"vkGetPhysicalDeviceProperties2") || same_name(name, c"vkGetPhysicalDeviceProperties2KHR") {
        return void_fn!(get_physical_device_properties2, vk::PFN_vkGetPhysicalDeviceProperties2);
    }
    if same_name(name, c"vkGetPhysicalDeviceImageFormatProperties2")
        || same_name(name, c"vkGetPhysicalDeviceImageFormatProperties2KHR")
    {
        return void_fn!(
            get_physical_device_image_format_properties2,
            vk::PFN_vkGetPhysicalDeviceImageFormatProperties2
        );
    }
    if same_name(name, c"vkGetPhysicalDeviceSurfaceSupportKHR") {
        return void_fn!(get_physical_device_surface_support, vk::PFN_vkGetPhysicalDeviceSurfaceSupportKHR);
    }
    if same_name(name, c"vkGetPhysicalDeviceSurfaceCapabilitiesKHR") {
        return void_fn!(get_physical_device_surface_capabilities, vk::PFN_vkGetPhysicalDeviceSurfaceCapabilitiesKHR);
    }
    if let Some(f) = device_function(name, true, true, true, true) {
        return f;
    }
    if instance == vk::Instance::null() {
        return None;
    }
    // SAFETY: a non-null instance here is one the loader created through this layer.
    let key = unsafe { dispatch_key(instance.as_raw()) };
    let (gipa, b) = state().instances.iter().find(|i| i.key == key).map(|i| (i.gipa, i.behaviours)).unzip();
    if let Some(f) = video::instance_function(name).filter(|_| b.is_some_and(|b| b.video_queue)) {
        return f;
    }
    // SAFETY: the next layer's vkGetInstanceProcAddr, under the same contract.
    gipa.and_then(|next| unsafe { next(instance, name) })
}

unsafe extern "system" fn get_device_proc_addr(device: vk::Device, name: *const c_char) -> vk::PFN_vkVoidFunction {
    if device == vk::Device::null() {
        return None;
    }
    // SAFETY: a device created through this layer.
    let key = unsafe { dispatch_key(device.as_raw()) };
    let (gdpa, synthetic, aliasing, extra, video) = state()
        .devices
        .iter()
        .find(|d| d.key == key)
        .map(|d| (d.gdpa, d.synthetic, d.aliasing.is_some(), d.extra_memory_type.is_some(), d.video))?;
    if let Some(f) = queue_families::on(key).then(|| queue_families::function(key, device, name)).flatten() {
        return f;
    }
    if let Some(f) = raster_states::on(key).and_then(|enabled| raster_states::function(name, enabled)) {
        return f;
    }
    if let Some(f) = corner_sampled::function(key, name) {
        return f;
    }
    if let Some(f) = device_function(name, synthetic, aliasing, extra, video) {
        return f;
    }
    // SAFETY: the next layer's vkGetDeviceProcAddr, under the same contract.
    unsafe { gdpa(device, name) }
}

unsafe extern "system" fn create_instance(
    info: *const vk::InstanceCreateInfo<'_>,
    allocator: *const vk::AllocationCallbacks<'_>,
    p_instance: *mut vk::Instance,
) -> vk::Result {
    let behaviours = match Behaviours::parse(&std::env::var(BEHAVIOURS_VAR).unwrap_or_default()) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("vigil driver shim: {e}");
            return vk::Result::ERROR_INITIALIZATION_FAILED;
        }
    };
    if info.is_null() || p_instance.is_null() {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    }
    // SAFETY: a valid create info, as the loader passes it.
    let link: *mut LayerCreateInfo<LayerInstanceLink> =
        unsafe { find_link((*info).p_next, vk::StructureType::LOADER_INSTANCE_CREATE_INFO) };
    // SAFETY: the loader's link structure, read and advanced (then restored) as layers do.
    unsafe {
        if link.is_null() || (*link).p_layer_info.is_null() {
            return vk::Result::ERROR_INITIALIZATION_FAILED;
        }
        let layer_info = (*link).p_layer_info;
        let gipa = (*layer_info).pfn_next_get_instance_proc_addr;
        let Some(next_create) = gipa(vk::Instance::null(), c"vkCreateInstance".as_ptr()) else {
            return vk::Result::ERROR_INITIALIZATION_FAILED;
        };
        let next_create: vk::PFN_vkCreateInstance = std::mem::transmute(next_create);
        (*link).p_layer_info = (*layer_info).p_next;
        let result = next_create(info, allocator, p_instance);
        (*link).p_layer_info = layer_info;
        if result != vk::Result::SUCCESS {
            return result;
        }
        let handle = *p_instance;
        let destroy = gipa(handle, c"vkDestroyInstance".as_ptr()).map(|f| std::mem::transmute(f));
        let enumerate = gipa(handle, c"vkEnumerateDeviceExtensionProperties".as_ptr()).map(|f| std::mem::transmute(f));
        state().instances.push(Instance {
            key: dispatch_key(handle.as_raw()),
            handle,
            gipa,
            destroy,
            enumerate_device_extensions: enumerate,
            memory_properties: gipa(handle, c"vkGetPhysicalDeviceMemoryProperties".as_ptr())
                .map(|f| std::mem::transmute(f)),
            memory_properties2: gipa(handle, c"vkGetPhysicalDeviceMemoryProperties2".as_ptr())
                .or_else(|| gipa(handle, c"vkGetPhysicalDeviceMemoryProperties2KHR".as_ptr()))
                .map(|f| std::mem::transmute(f)),
            queue_families: gipa(handle, c"vkGetPhysicalDeviceQueueFamilyProperties".as_ptr())
                .map(|f| std::mem::transmute(f)),
            queue_families2: gipa(handle, c"vkGetPhysicalDeviceQueueFamilyProperties2".as_ptr())
                .or_else(|| gipa(handle, c"vkGetPhysicalDeviceQueueFamilyProperties2KHR".as_ptr()))
                .map(|f| std::mem::transmute(f)),
            format_properties: gipa(handle, c"vkGetPhysicalDeviceFormatProperties".as_ptr())
                .map(|f| std::mem::transmute(f)),
            behaviours,
            format_properties2: gipa(handle, c"vkGetPhysicalDeviceFormatProperties2".as_ptr())
                .or_else(|| gipa(handle, c"vkGetPhysicalDeviceFormatProperties2KHR".as_ptr()))
                .map(|f| std::mem::transmute(f)),
            properties: gipa(handle, c"vkGetPhysicalDeviceProperties".as_ptr()).map(|f| std::mem::transmute(f)),
            properties2: gipa(handle, c"vkGetPhysicalDeviceProperties2".as_ptr())
                .or_else(|| gipa(handle, c"vkGetPhysicalDeviceProperties2KHR".as_ptr()))
                .map(|f| std::mem::transmute(f)),
            surface_support: gipa(handle, c"vkGetPhysicalDeviceSurfaceSupportKHR".as_ptr())
                .map(|f| std::mem::transmute(f)),
            surface_capabilities: gipa(handle, c"vkGetPhysicalDeviceSurfaceCapabilitiesKHR".as_ptr())
                .map(|f| std::mem::transmute(f)),
            image_format_properties2: gipa(handle, c"vkGetPhysicalDeviceImageFormatProperties2".as_ptr())
                .or_else(|| gipa(handle, c"vkGetPhysicalDeviceImageFormatProperties2KHR".as_ptr()))
                .map(|f| std::mem::transmute(f)),
        });
        result
    }
}

unsafe extern "system" fn destroy_instance(instance: vk::Instance, allocator: *const vk::AllocationCallbacks<'_>) {
    if instance == vk::Instance::null() {
        return;
    }
    // SAFETY: an instance created through this layer.
    let key = unsafe { dispatch_key(instance.as_raw()) };
    let destroy = {
        let mut s = state();
        let at = s.instances.iter().position(|i| i.key == key);
        at.and_then(|at| s.instances.remove(at).destroy)
    };
    if let Some(destroy) = destroy {
        // SAFETY: the next layer's vkDestroyInstance for its own instance.
        unsafe { destroy(instance, allocator) };
    }
}

/// The two-call enumeration idiom over `items`.
///
/// # Safety
/// `count` must be valid; `out`, when not NULL, must hold `*count` elements.
unsafe fn enumerate<T: Copy>(items: &[T], count: *mut u32, out: *mut T) -> vk::Result {
    if count.is_null() {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    }
    // SAFETY: the caller's contract.
    unsafe {
        if out.is_null() {
            *count = items.len() as u32;
            return vk::Result::SUCCESS;
        }
        let n = (*count as usize).min(items.len());
        std::ptr::copy_nonoverlapping(items.as_ptr(), out, n);
        *count = n as u32;
        if n < items.len() {
            vk::Result::INCOMPLETE
        } else {
            vk::Result::SUCCESS
        }
    }
}

fn synthetic_extension() -> vk::ExtensionProperties {
    let mut p = vk::ExtensionProperties { spec_version: synthetic::SPEC_VERSION, ..Default::default() };
    for (d, s) in p.extension_name.iter_mut().zip(synthetic::EXTENSION_NAME.to_bytes()) {
        *d = *s as c_char;
    }
    p
}

unsafe extern "system" fn enumerate_device_extension_properties(
    physical_device: vk::PhysicalDevice,
    layer_name: *const c_char,
    count: *mut u32,
    out: *mut vk::ExtensionProperties,
) -> vk::Result {
    if same_name(layer_name, synthetic::SHIM_LAYER_NAME) {
        // SAFETY: the application's count and array.
        return unsafe { enumerate(&[synthetic_extension()], count, out) };
    }
    if physical_device == vk::PhysicalDevice::null() {
        return vk::Result::ERROR_LAYER_NOT_PRESENT;
    }
    // SAFETY: physical devices share their instance's dispatch key.
    let key = unsafe { dispatch_key(physical_device.as_raw()) };
    let next = state().instances.iter().find(|i| i.key == key).and_then(|i| i.enumerate_device_extensions);
    let Some(next) = next else { return vk::Result::ERROR_INITIALIZATION_FAILED };
    if !layer_name.is_null() {
        // SAFETY: another layer's list, from further down.
        return unsafe { next(physical_device, layer_name, count, out) };
    }
    // The driver's list, then the extension the shim implements.
    let mut list = Vec::new();
    let mut n = 0;
    // SAFETY: the two-call idiom against the next layer.
    unsafe {
        let r = next(physical_device, std::ptr::null(), &mut n, std::ptr::null_mut());
        if r != vk::Result::SUCCESS {
            return r;
        }
        list.resize(n as usize, vk::ExtensionProperties::default());
        let r = next(physical_device, std::ptr::null(), &mut n, list.as_mut_ptr());
        if r != vk::Result::SUCCESS && r != vk::Result::INCOMPLETE {
            return r;
        }
    }
    list.truncate(n as usize);
    if !list.iter().any(|e| e.extension_name_as_c_str() == Ok(synthetic::EXTENSION_NAME)) {
        list.push(synthetic_extension());
    }
    let behaviours = state().instances.iter().find(|i| i.key == key).map(|i| i.behaviours).unwrap_or_default();
    let video = video::extensions().filter(|_| behaviours.video_queue);
    let raster = raster_states::extensions().filter(|_| behaviours.raster_state_extensions);
    let switched = fragment_maps::extensions(behaviours).chain(extensions::extensions(behaviours));
    let cubic = filter_cubic::extensions().filter(|_| behaviours.filter_cubic);
    let corner = std::iter::once(corner_sampled::extension()).filter(|_| behaviours.corner_sampled_image);
    for e in video.chain(switched).chain(raster).chain(cubic).chain(corner) {
        if !list.iter().any(|l| l.extension_name_as_c_str() == e.extension_name_as_c_str()) {
            list.push(e);
        }
    }
    // SAFETY: the application's count and array.
    unsafe { enumerate(&list, count, out) }
}

unsafe extern "system" fn create_device(
    physical_device: vk::PhysicalDevice,
    info: *const vk::DeviceCreateInfo<'_>,
    allocator: *const vk::AllocationCallbacks<'_>,
    p_device: *mut vk::Device,
) -> vk::Result {
    if info.is_null() || p_device.is_null() {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    }
    // SAFETY: physical devices share their instance's dispatch key.
    let key = unsafe { dispatch_key(physical_device.as_raw()) };
    let Some((instance, behaviours)) =
        state().instances.iter().find(|i| i.key == key).map(|i| (i.handle, i.behaviours))
    else {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    };
    // SAFETY: a valid create info, as the loader passes it.
    let mut local = unsafe { *info };
    // SAFETY: its pNext chain is valid.
    let link: *mut LayerCreateInfo<LayerDeviceLink> =
        unsafe { find_link(local.p_next, vk::StructureType::LOADER_DEVICE_CREATE_INFO) };
    // SAFETY: a link the loader put in the chain, when found.
    if link.is_null() || unsafe { (*link).p_layer_info.is_null() } {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    }
    // The driver must not see what only the shim implements: the extension's name…
    // SAFETY: the create info's array of enabledExtensionCount strings.
    let names: Vec<*const c_char> = (0..local.enabled_extension_count as usize)
        .map(|i| unsafe { *local.pp_enabled_extension_names.add(i) })
        .collect();
    let kept: Vec<*const c_char> =
        names.iter().copied().filter(|&n| !same_name(n, synthetic::EXTENSION_NAME)).collect();
    let synthetic = kept.len() < names.len();
    let video = behaviours.video_queue && kept.iter().any(|&n| video::is_video_extension(n));
    let raster = behaviours.raster_state_extensions && kept.iter().any(|&n| raster_states::is_extension(n));
    let kept: Vec<*const c_char> = kept
        .into_iter()
        .filter(|&n| !(behaviours.video_queue && video::is_video_extension(n)))
        .filter(|&n| !fragment_maps::is_switched_extension(behaviours, n))
        .filter(|&n| !extensions::is_switched_extension(behaviours, n))
        .filter(|&n| !(behaviours.raster_state_extensions && raster_states::is_extension(n)))
        .filter(|&n| !(behaviours.filter_cubic && filter_cubic::is_extension(n)))
        .filter(|&n| !(behaviours.corner_sampled_image && corner_sampled::is_extension(n)))
        .collect();
    local.enabled_extension_count = kept.len() as u32;
    local.pp_enabled_extension_names = kept.as_ptr();
    // The made-up queue family's queues are not the driver's (only the local copy changes).
    let fake_family =
        behaviours.second_queue_family.then(|| queue_families::fake_family(driver_family_count(physical_device)));
    // SAFETY: a valid create info.
    let driver_queues = fake_family.and_then(|f| unsafe { queue_families::driver_queues(&local, f) });
    if let Some((queues, _)) = &driver_queues {
        local.queue_create_info_count = queues.len() as u32;
        local.p_queue_create_infos = queues.as_ptr();
    }
    // …and its structure, unlinked for the call and relinked after. The chain is the caller's:
    // const to the API, but the caller is blocked in this call. The head is the local copy, so
    // only a structure in front of the shim's own is written to, and it is restored.
    let mut unlinked: Vec<(*mut vk::BaseOutStructure<'_>, *mut vk::BaseOutStructure<'_>)> = Vec::new();
    let mut prev = &mut local as *mut vk::DeviceCreateInfo<'_> as *mut vk::BaseOutStructure<'_>;
    // SAFETY: a valid pNext chain; every structure starts with sType and pNext.
    unsafe {
        while !(*prev).p_next.is_null() {
            let cur = (*prev).p_next;
            if (*cur).s_type == synthetic::STRUCTURE_TYPE_DEVICE_CREATE_INFO
                || (raster && raster_states::is_feature_structure((*cur).s_type))
                || (behaviours.fragment_shading_rate
                    && (*cur).s_type == vk::StructureType::PHYSICAL_DEVICE_FRAGMENT_SHADING_RATE_FEATURES_KHR)
                || extensions::is_feature_structure(behaviours, (*cur).s_type)
                || (behaviours.corner_sampled_image
                    && (*cur).s_type == vk::StructureType::PHYSICAL_DEVICE_CORNER_SAMPLED_IMAGE_FEATURES_NV)
            {
                (*prev).p_next = (*cur).p_next;
                unlinked.push((prev, cur));
            } else {
                prev = cur;
            }
        }
    }
    // SAFETY: the loader's link structure, read and advanced (then restored) as layers do; the
    // next layer's vkCreateDevice with the cleaned copy.
    unsafe {
        let layer_info = (*link).p_layer_info;
        let gipa = (*layer_info).pfn_next_get_instance_proc_addr;
        let gdpa = (*layer_info).pfn_next_get_device_proc_addr;
        let Some(next_create) = gipa(instance, c"vkCreateDevice".as_ptr()) else {
            return vk::Result::ERROR_INITIALIZATION_FAILED;
        };
        let next_create: vk::PFN_vkCreateDevice = std::mem::transmute(next_create);
        (*link).p_layer_info = (*layer_info).p_next;
        let cleared =
            if behaviours.protected_memory { protected_memory::hide_feature(local.p_next) } else { Vec::new() };
        let result = next_create(physical_device, &local, allocator, p_device);
        protected_memory::restore(&cleared);
        (*link).p_layer_info = layer_info;
        for &(prev, cur) in unlinked.iter().rev() {
            (*prev).p_next = cur;
        }
        if result == vk::Result::SUCCESS {
            let device = *p_device;
            let destroy = gdpa(device, c"vkDestroyDevice".as_ptr()).map(|f| std::mem::transmute(f));
            let aliasing = if behaviours.alias_handles {
                let create = gdpa(device, c"vkCreateSampler".as_ptr());
                let destroy = gdpa(device, c"vkDestroySampler".as_ptr());
                let (Some(create), Some(destroy)) = (create, destroy) else {
                    return vk::Result::ERROR_INITIALIZATION_FAILED;
                };
                Some(Aliasing {
                    create_sampler: std::mem::transmute::<unsafe extern "system" fn(), vk::PFN_vkCreateSampler>(create),
                    destroy_sampler: std::mem::transmute::<unsafe extern "system" fn(), vk::PFN_vkDestroySampler>(
                        destroy,
                    ),
                    samplers: BTreeMap::new(),
                    handed_out: 0,
                })
            } else {
                None
            };
            let extra_memory_type = if behaviours.extra_memory_type {
                let Some(allocate) = gdpa(device, c"vkAllocateMemory".as_ptr()) else {
                    return vk::Result::ERROR_INITIALIZATION_FAILED;
                };
                let allocate = std::mem::transmute::<unsafe extern "system" fn(), vk::PFN_vkAllocateMemory>(allocate);
                Some((next_memory_properties(physical_device).memory_type_count, allocate))
            } else {
                None
            };
            let key = dispatch_key(device.as_raw());
            if behaviours.raster_state_extensions && !raster_states::device_created(key, device, gdpa, raster) {
                return vk::Result::ERROR_INITIALIZATION_FAILED;
            }
            if behaviours.corner_sampled_image && !corner_sampled::device_created(key, device, gdpa) {
                return vk::Result::ERROR_INITIALIZATION_FAILED;
            }
            if let Some(family) = fake_family {
                let created = driver_queues.as_ref().map_or(0, |(_, n)| *n);
                queue_families::device_created(device, key, family, created, gdpa);
            }
            let mut s = state();
            s.devices.push(Device { key, gdpa, destroy, synthetic, aliasing, extra_memory_type, video });
            s.stats.devices += 1;
            s.stats.extensions_stripped += synthetic as u64;
            s.stats.structs_stripped += unlinked.len() as u64;
        }
        result
    }
}

/// What the shim keeps of `physical_device`'s instance for memory properties: the next
/// layer's two queries, and whether it asked for `extra-memory-type`.
///
/// # Safety
/// `physical_device` must be one the loader enumerated through this layer.
unsafe fn memory_queries(
    physical_device: vk::PhysicalDevice,
) -> Option<(
    Option<vk::PFN_vkGetPhysicalDeviceMemoryProperties>,
    Option<vk::PFN_vkGetPhysicalDeviceMemoryProperties2>,
    bool,
)> {
    // SAFETY: physical devices share their instance's dispatch key.
    let key = unsafe { dispatch_key(physical_device.as_raw()) };
    let s = state();
    let i = s.instances.iter().find(|i| i.key == key)?;
    Some((i.memory_properties, i.memory_properties2, i.behaviours.extra_memory_type))
}

/// The driver's memory properties (the next layer's answer, without the made-up type).
///
/// # Safety
/// As [`memory_queries`].
unsafe fn next_memory_properties(physical_device: vk::PhysicalDevice) -> vk::PhysicalDeviceMemoryProperties {
    let mut out = vk::PhysicalDeviceMemoryProperties::default();
    // SAFETY: the caller's contract; the next layer's function.
    if let Some((Some(f), _, _)) = unsafe { memory_queries(physical_device) } {
        unsafe { f(physical_device, &mut out) };
    }
    out
}

/// Appends `extra-memory-type`'s types to the driver's.
fn add_memory_type(p: &mut vk::PhysicalDeviceMemoryProperties) {
    use vk::MemoryPropertyFlags as M;
    for property_flags in [M::PROTECTED, M::DEVICE_LOCAL | M::LAZILY_ALLOCATED] {
        let n = p.memory_type_count as usize;
        if n < vk::MAX_MEMORY_TYPES {
            p.memory_types[n] = vk::MemoryType { property_flags, heap_index: 0 };
            p.memory_type_count += 1;
        }
    }
}

unsafe extern "system" fn get_physical_device_memory_properties(
    physical_device: vk::PhysicalDevice,
    out: *mut vk::PhysicalDeviceMemoryProperties,
) {
    // SAFETY: the loader passes a physical device of an instance created through this layer,
    // and the caller's output structure.
    unsafe {
        let extra = memory_queries(physical_device).is_some_and(|q| q.2);
        let props = next_memory_properties(physical_device);
        if let Some(out) = out.as_mut() {
            *out = props;
            if extra {
                add_memory_type(out);
            }
        }
    }
}

unsafe extern "system" fn get_physical_device_memory_properties2(
    physical_device: vk::PhysicalDevice,
    out: *mut vk::PhysicalDeviceMemoryProperties2<'_>,
) {
    // SAFETY: as for vkGetPhysicalDeviceMemoryProperties; the next layer's function.
    unsafe {
        let Some((_, Some(next), extra)) = memory_queries(physical_device) else { return };
        next(physical_device, out);
        if let (true, Some(out)) = (extra, out.as_mut()) {
            add_memory_type(&mut out.memory_properties);
        }
    }
}

/// The next layer's queue family queries of `physical_device`'s instance, and whether it asked
/// for `no-compute-queue`.
///
/// # Safety
/// As [`memory_queries`].
unsafe fn queue_family_queries(
    physical_device: vk::PhysicalDevice,
) -> Option<(
    Option<vk::PFN_vkGetPhysicalDeviceQueueFamilyProperties>,
    Option<vk::PFN_vkGetPhysicalDeviceQueueFamilyProperties2>,
    FamilyChange,
    bool,
)> {
    // SAFETY: physical devices share their instance's dispatch key.
    let key = unsafe { dispatch_key(physical_device.as_raw()) };
    let s = state();
    let i = s.instances.iter().find(|i| i.key == key)?;
    let b = i.behaviours;
    let change = FamilyChange {
        hide: [(b.no_compute_queue, vk::QueueFlags::COMPUTE), (b.no_graphics_queue, vk::QueueFlags::GRAPHICS)]
            .into_iter()
            .filter(|(on, _)| *on)
            .fold(vk::QueueFlags::empty(), |m, (_, f)| m | f),
        add: if b.video_queue { vk::QueueFlags::VIDEO_DECODE_KHR } else { vk::QueueFlags::empty() },
    };
    Some((i.queue_families, i.queue_families2, change, b.second_queue_family))
}

/// How many queue families the driver has (the next layer's answer).
///
/// # Safety
/// As [`memory_queries`].
unsafe fn driver_family_count(physical_device: vk::PhysicalDevice) -> u32 {
    let mut n = 0;
    // SAFETY: the caller's contract; the next layer's function.
    if let Some((Some(next), ..)) = unsafe { queue_family_queries(physical_device) } {
        unsafe { next(physical_device, &mut n, std::ptr::null_mut()) };
    }
    n
}

/// What the switches change in every queue family's flags.
#[derive(Clone, Copy)]
struct FamilyChange {
    hide: vk::QueueFlags,
    add: vk::QueueFlags,
}

impl FamilyChange {
    fn apply(self, flags: &mut vk::QueueFlags) {
        *flags = (*flags & !self.hide) | self.add;
    }
}

unsafe extern "system" fn get_physical_device_queue_family_properties(
    physical_device: vk::PhysicalDevice,
    count: *mut u32,
    out: *mut vk::QueueFamilyProperties,
) {
    // SAFETY: the loader passes a physical device of an instance created through this layer,
    // and the caller's count and array (of `*count` elements when not null).
    unsafe {
        let Some((Some(next), _, change, second)) = queue_family_queries(physical_device) else { return };
        if second {
            queue_families::properties(physical_device, count, out, next);
        } else {
            next(physical_device, count, out);
        }
        if !out.is_null() && !count.is_null() {
            let driver = if second { driver_family_count(physical_device) } else { u32::MAX };
            for f in std::slice::from_raw_parts_mut(out, *count as usize).iter_mut().take(driver as usize) {
                change.apply(&mut f.queue_flags);
            }
        }
    }
}

unsafe extern "system" fn get_physical_device_queue_family_properties2(
    physical_device: vk::PhysicalDevice,
    count: *mut u32,
    out: *mut vk::QueueFamilyProperties2<'_>,
) {
    // SAFETY: as for vkGetPhysicalDeviceQueueFamilyProperties.
    unsafe {
        let Some((_, Some(next), change, second)) = queue_family_queries(physical_device) else { return };
        if second {
            queue_families::properties2(physical_device, count, out, next);
        } else {
            next(physical_device, count, out);
        }
        if !out.is_null() && !count.is_null() {
            let driver = if second { driver_family_count(physical_device) } else { u32::MAX };
            for f in std::slice::from_raw_parts_mut(out, *count as usize).iter_mut().take(driver as usize) {
                change.apply(&mut f.queue_family_properties.queue_flags);
            }
        }
    }
}

unsafe extern "system" fn get_physical_device_format_properties(
    physical_device: vk::PhysicalDevice,
    format: vk::Format,
    out: *mut vk::FormatProperties,
) {
    // SAFETY: physical devices share their instance's dispatch key; the loader passes one of an
    // instance created through this layer, and the caller's output structure.
    unsafe {
        let key = dispatch_key(physical_device.as_raw());
        let found = state().instances.iter().find(|i| i.key == key).map(|i| (i.format_properties, i.behaviours));
        let Some((Some(next), behaviours)) = found else { return };
        next(physical_device, format, out);
        if let (true, Some(out)) = (behaviours.filter_cubic, out.as_mut()) {
            out.optimal_tiling_features = filter_cubic::features(format, out.optimal_tiling_features);
            out.linear_tiling_features = filter_cubic::features(format, out.linear_tiling_features);
        }
        let hidden = HIDDEN_FORMAT_FEATURES.iter().find(|(f, _)| *f == format).map(|(_, h)| *h);
        if let (true, Some(hidden), Some(out)) = (behaviours.no_transfer_format_features, hidden, out.as_mut()) {
            out.optimal_tiling_features &= !hidden;
            out.linear_tiling_features &= !hidden;
        }
        let fewer = extensions::hidden_format_features(behaviours, format);
        if let (false, Some(out)) = (fewer.is_empty(), out.as_mut()) {
            out.optimal_tiling_features &= !fewer;
            out.linear_tiling_features &= !fewer;
        }
        if let Some(out) = out.as_mut() {
            out.optimal_tiling_features |= extensions::added_format_features(behaviours, format);
        }
    }
}

unsafe extern "system" fn get_physical_device_format_properties2(
    physical_device: vk::PhysicalDevice,
    format: vk::Format,
    out: *mut vk::FormatProperties2<'_>,
) {
    // SAFETY: as for vkGetPhysicalDeviceFormatProperties; the caller's output chain.
    unsafe {
        let key = dispatch_key(physical_device.as_raw());
        let found = state().instances.iter().find(|i| i.key == key).map(|i| (i.format_properties2, i.behaviours));
        let Some((Some(next), behaviours)) = found else { return };
        next(physical_device, format, out);
        if out.is_null() {
            return;
        }
        let fewer = extensions::hidden_format_features(behaviours, format);
        if !fewer.is_empty() {
            format_features::hide_format_features(&mut *out, fewer);
        }
        let more = extensions::added_format_features(behaviours, format);
        if !more.is_empty() {
            format_features::add_optimal_format_features(&mut *out, more);
        }
        if behaviours.filter_cubic {
            let p = &mut (*out).format_properties;
            p.optimal_tiling_features = filter_cubic::features(format, p.optimal_tiling_features);
            p.linear_tiling_features = filter_cubic::features(format, p.linear_tiling_features);
            let mut next = (*out).p_next as *mut vk::BaseOutStructure<'_>;
            while let Some(s) = next.as_mut() {
                if s.s_type == vk::StructureType::FORMAT_PROPERTIES_3 {
                    let three = &mut *(next as *mut vk::FormatProperties3<'_>);
                    three.optimal_tiling_features = filter_cubic::features2(format, three.optimal_tiling_features);
                    three.linear_tiling_features = filter_cubic::features2(format, three.linear_tiling_features);
                }
                next = s.p_next;
            }
        }
        if !behaviours.no_storage_without_format || format != NO_STORAGE_WITHOUT_FORMAT {
            return;
        }
        let hidden = vk::FormatFeatureFlags2::STORAGE_READ_WITHOUT_FORMAT
            | vk::FormatFeatureFlags2::STORAGE_WRITE_WITHOUT_FORMAT;
        let mut next = (*out).p_next as *mut vk::BaseOutStructure<'_>;
        while let Some(s) = next.as_mut() {
            if s.s_type == vk::StructureType::FORMAT_PROPERTIES_3 {
                let three = &mut *(next as *mut vk::FormatProperties3<'_>);
                three.optimal_tiling_features &= !hidden;
                three.linear_tiling_features &= !hidden;
                three.buffer_features &= !hidden;
            }
            next = s.p_next;
        }
    }
}

unsafe extern "system" fn get_physical_device_image_format_properties2(
    physical_device: vk::PhysicalDevice,
    info: *const vk::PhysicalDeviceImageFormatInfo2<'_>,
    out: *mut vk::ImageFormatProperties2<'_>,
) -> vk::Result {
    // SAFETY: as for vkGetPhysicalDeviceFormatProperties; the caller's query and output chain.
    unsafe {
        let key = dispatch_key(physical_device.as_raw());
        let found = state()
            .instances
            .iter()
            .find(|i| i.key == key)
            .map(|i| (i.image_format_properties2, i.format_properties, i.behaviours));
        let Some((Some(next), format_properties, behaviours)) = found else {
            return vk::Result::ERROR_INITIALIZATION_FAILED;
        };
        let result = next(physical_device, info, out);
        if let (true, vk::Result::SUCCESS, Some(info), Some(out)) =
            (behaviours.filter_cubic, result, info.as_ref(), out.as_mut())
        {
            let mut props = vk::FormatProperties::default();
            if let Some(f) = format_properties {
                f(physical_device, info.format, &mut props);
            }
            filter_cubic::image_view_properties(info, out, props.optimal_tiling_features);
        }
        result
    }
}

/// The next layer's properties queries of `physical_device`'s instance, and its switches.
///
/// # Safety
/// As [`memory_queries`].
unsafe fn properties_queries(
    physical_device: vk::PhysicalDevice,
) -> Option<(Option<vk::PFN_vkGetPhysicalDeviceProperties>, Option<vk::PFN_vkGetPhysicalDeviceProperties2>, Behaviours)>
{
    // SAFETY: physical devices share their instance's dispatch key.
    let key = unsafe { dispatch_key(physical_device.as_raw()) };
    let s = state();
    let i = s.instances.iter().find(|i| i.key == key)?;
    Some((i.properties, i.properties2, i.behaviours))
}

/// Sets the `maxCommandBufferNestingLevel` of the nested command buffer properties in the
/// output chain from `next`, when there are some, to [`LOW_NESTING_LEVEL`].
///
/// # Safety
/// `next` is the pNext chain of an output structure the next layer filled.
unsafe fn lower_nesting_level(mut next: *mut c_void) {
    while let Some(s) = unsafe { next.cast::<vk::BaseOutStructure<'_>>().as_mut() } {
        if s.s_type == vk::StructureType::PHYSICAL_DEVICE_NESTED_COMMAND_BUFFER_PROPERTIES_EXT {
            let nested = unsafe { &mut *next.cast::<vk::PhysicalDeviceNestedCommandBufferPropertiesEXT<'_>>() };
            nested.max_command_buffer_nesting_level = LOW_NESTING_LEVEL;
        }
        next = s.p_next.cast();
    }
}

/// Sets `dynamicPrimitiveTopologyUnrestricted` to VK_FALSE in the extended dynamic state 3
/// properties of the chain from `next`, if it has them.
///
/// # Safety
/// `next` must be NULL or an output chain of valid structures.
unsafe fn restrict_topology(mut next: *mut c_void) {
    while let Some(s) = unsafe { next.cast::<vk::BaseOutStructure<'_>>().as_mut() } {
        if s.s_type == vk::StructureType::PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_PROPERTIES_EXT {
            let eds3 = unsafe { &mut *next.cast::<vk::PhysicalDeviceExtendedDynamicState3PropertiesEXT<'_>>() };
            eds3.dynamic_primitive_topology_unrestricted = vk::FALSE;
        }
        next = s.p_next.cast();
    }
}

/// Sets `provokingVertexModePerPipeline` to VK_FALSE in the provoking vertex properties of the
/// chain from `next`, if it has them.
///
/// # Safety
/// `next` must be NULL or an output chain of valid structures.
unsafe fn provoking_vertex_per_render_pass(mut next: *mut c_void) {
    while let Some(s) = unsafe { next.cast::<vk::BaseOutStructure<'_>>().as_mut() } {
        if s.s_type == vk::StructureType::PHYSICAL_DEVICE_PROVOKING_VERTEX_PROPERTIES_EXT {
            let p = unsafe { &mut *next.cast::<vk::PhysicalDeviceProvokingVertexPropertiesEXT<'_>>() };
            p.provoking_vertex_mode_per_pipeline = vk::FALSE;
        }
        next = s.p_next.cast();
    }
}

/// `limits` as the switches `b` report them.
fn lower_limits(b: Behaviours, limits: &mut vk::PhysicalDeviceLimits) {
    if b.low_draw_indirect_count {
        limits.max_draw_indirect_count = LOW_DRAW_INDIRECT_COUNT;
    }
    if b.low_memory_allocation_count {
        limits.max_memory_allocation_count = LOW_MEMORY_ALLOCATION_COUNT;
    }
}

unsafe extern "system" fn get_physical_device_properties(
    physical_device: vk::PhysicalDevice,
    out: *mut vk::PhysicalDeviceProperties,
) {
    // SAFETY: the loader passes a physical device of an instance created through this layer,
    // and the caller's output structure.
    unsafe {
        let Some((Some(next), _, b)) = properties_queries(physical_device) else { return };
        next(physical_device, out);
        if let Some(out) = out.as_mut() {
            lower_limits(b, &mut out.limits);
        }
    }
}

unsafe extern "system" fn get_physical_device_properties2(
    physical_device: vk::PhysicalDevice,
    out: *mut vk::PhysicalDeviceProperties2<'_>,
) {
    // SAFETY: as for vkGetPhysicalDeviceProperties.
    unsafe {
        let Some((_, Some(next), b)) = properties_queries(physical_device) else { return };
        next(physical_device, out);
        if let Some(out) = out.as_mut() {
            lower_limits(b, &mut out.properties.limits);
            if b.low_nesting_level {
                lower_nesting_level(out.p_next);
            }
            if b.restricted_topology {
                restrict_topology(out.p_next);
            }
            if b.provoking_vertex_per_render_pass {
                provoking_vertex_per_render_pass(out.p_next);
            }
            fragment_maps::properties(b, out.p_next);
            extensions::properties(b, out.p_next);
            if b.raster_state_extensions {
                raster_states::properties(out.p_next);
            }
        }
    }
}

/// The instance's behaviours and next-layer surface queries, for a physical device of it.
///
/// # Safety
/// `physical_device` must be one of an instance created through this layer.
unsafe fn surface_queries(
    physical_device: vk::PhysicalDevice,
) -> Option<(
    Behaviours,
    Option<vk::PFN_vkGetPhysicalDeviceSurfaceSupportKHR>,
    Option<vk::PFN_vkGetPhysicalDeviceSurfaceCapabilitiesKHR>,
)> {
    // SAFETY: physical devices share their instance's dispatch key.
    let key = unsafe { dispatch_key(physical_device.as_raw()) };
    let s = state();
    let i = s.instances.iter().find(|i| i.key == key)?;
    Some((i.behaviours, i.surface_support, i.surface_capabilities))
}

unsafe extern "system" fn get_physical_device_surface_support(
    physical_device: vk::PhysicalDevice,
    family: u32,
    surface: vk::SurfaceKHR,
    supported: *mut vk::Bool32,
) -> vk::Result {
    // SAFETY: the loader passes a physical device of an instance created through this layer,
    // and the caller's output.
    unsafe {
        let Some((b, Some(next), _)) = surface_queries(physical_device) else {
            return vk::Result::ERROR_INITIALIZATION_FAILED;
        };
        let result = next(physical_device, family, surface, supported);
        if let (true, vk::Result::SUCCESS, Some(out)) = (b.unsupported_surface, result, supported.as_mut()) {
            *out = vk::FALSE;
        }
        result
    }
}

unsafe extern "system" fn get_physical_device_surface_capabilities(
    physical_device: vk::PhysicalDevice,
    surface: vk::SurfaceKHR,
    out: *mut vk::SurfaceCapabilitiesKHR,
) -> vk::Result {
    // SAFETY: as for vkGetPhysicalDeviceSurfaceSupportKHR.
    unsafe {
        let Some((b, _, Some(next))) = surface_queries(physical_device) else {
            return vk::Result::ERROR_INITIALIZATION_FAILED;
        };
        let result = next(physical_device, surface, out);
        if let (true, vk::Result::SUCCESS, Some(out)) = (b.bounded_surface_images, result, out.as_mut()) {
            out.max_image_count = out.min_image_count + 1;
        }
        result
    }
}

unsafe extern "system" fn allocate_memory(
    device: vk::Device,
    info: *const vk::MemoryAllocateInfo<'_>,
    allocator: *const vk::AllocationCallbacks<'_>,
    memory: *mut vk::DeviceMemory,
) -> vk::Result {
    // SAFETY: a device created through this layer.
    let key = unsafe { dispatch_key(device.as_raw()) };
    let Some((extra, gdpa)) = state().devices.iter().find(|d| d.key == key).map(|d| (d.extra_memory_type, d.gdpa))
    else {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    };
    // Reached through vkGetInstanceProcAddr on a device without the switch: passed on as it is.
    let (extra, next) = match extra {
        Some(e) => e,
        // SAFETY: the next layer's vkGetDeviceProcAddr and its vkAllocateMemory.
        None => match unsafe { gdpa(device, c"vkAllocateMemory".as_ptr()) } {
            Some(f) => {
                (u32::MAX, unsafe { std::mem::transmute::<unsafe extern "system" fn(), vk::PFN_vkAllocateMemory>(f) })
            }
            None => return vk::Result::ERROR_INITIALIZATION_FAILED,
        },
    };
    // SAFETY: the caller's allocate info, copied with the made-up types made the driver's type 0.
    unsafe {
        let Some(info) = info.as_ref() else { return next(device, info, allocator, memory) };
        let mut local = *info;
        if local.memory_type_index >= extra {
            local.memory_type_index = 0;
        }
        next(device, &local, allocator, memory)
    }
}

unsafe extern "system" fn destroy_device(device: vk::Device, allocator: *const vk::AllocationCallbacks<'_>) {
    if device == vk::Device::null() {
        return;
    }
    // SAFETY: a device created through this layer.
    let key = unsafe { dispatch_key(device.as_raw()) };
    let destroy = {
        let mut s = state();
        let before = s.objects.len();
        s.objects.retain(|_, d| *d != key);
        let leaked = (before - s.objects.len()) as u64;
        s.stats.leaked += leaked;
        s.stats.live -= leaked;
        let at = s.devices.iter().position(|d| d.key == key);
        at.and_then(|at| s.devices.remove(at).destroy)
    };
    queue_families::device_destroyed(key);
    raster_states::device_destroyed(key);
    corner_sampled::device_destroyed(key);
    if let Some(destroy) = destroy {
        // SAFETY: the next layer's vkDestroyDevice for its own device.
        unsafe { destroy(device, allocator) };
    }
}

/// `vkCreateSampler` with `alias-handles`: the real sampler, under a value of the shim's that
/// repeats across devices.
unsafe extern "system" fn create_sampler(
    device: vk::Device,
    info: *const vk::SamplerCreateInfo<'_>,
    allocator: *const vk::AllocationCallbacks<'_>,
    p_sampler: *mut vk::Sampler,
) -> vk::Result {
    // SAFETY: a device created through this layer.
    let key = unsafe { dispatch_key(device.as_raw()) };
    let next = {
        let s = state();
        let Some(d) = s.devices.iter().find(|d| d.key == key) else { return vk::Result::ERROR_INITIALIZATION_FAILED };
        match &d.aliasing {
            Some(a) => a.create_sampler,
            None => {
                // SAFETY: the next layer's own function for its own device.
                let Some(f) = (unsafe { (d.gdpa)(device, c"vkCreateSampler".as_ptr()) }) else {
                    return vk::Result::ERROR_INITIALIZATION_FAILED;
                };
                drop(s);
                // SAFETY: as above; the application's arguments, passed on.
                return unsafe {
                    std::mem::transmute::<unsafe extern "system" fn(), vk::PFN_vkCreateSampler>(f)(
                        device, info, allocator, p_sampler,
                    )
                };
            }
        }
    };
    let mut real = vk::Sampler::null();
    // SAFETY: the application's arguments, with the shim's own output.
    let r = unsafe { next(device, info, allocator, &mut real) };
    if r != vk::Result::SUCCESS || p_sampler.is_null() {
        return r;
    }
    let mut s = state();
    let Some(a) = s.devices.iter_mut().find(|d| d.key == key).and_then(|d| d.aliasing.as_mut()) else {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    };
    let value = ALIASED_SAMPLER_BASE + a.handed_out * 16;
    a.handed_out += 1;
    a.samplers.insert(value, real);
    // SAFETY: checked non-null; the application's output.
    unsafe { *p_sampler = vk::Sampler::from_raw(value) };
    vk::Result::SUCCESS
}

/// `vkDestroySampler` with `alias-handles`: the real sampler behind the shim's value.
unsafe extern "system" fn destroy_sampler(
    device: vk::Device,
    sampler: vk::Sampler,
    allocator: *const vk::AllocationCallbacks<'_>,
) {
    // SAFETY: a device created through this layer.
    let key = unsafe { dispatch_key(device.as_raw()) };
    let (next, real) = {
        let mut s = state();
        let Some(d) = s.devices.iter_mut().find(|d| d.key == key) else { return };
        match d.aliasing.as_mut() {
            // A value the shim never handed out on this device would crash the driver: dropped.
            Some(a) => match a.samplers.remove(&sampler.as_raw()) {
                Some(real) => (a.destroy_sampler, real),
                None => return,
            },
            None => {
                // SAFETY: the next layer's own function for its own device.
                let Some(f) = (unsafe { (d.gdpa)(device, c"vkDestroySampler".as_ptr()) }) else { return };
                // SAFETY: as above.
                (unsafe { std::mem::transmute::<unsafe extern "system" fn(), vk::PFN_vkDestroySampler>(f) }, sampler)
            }
        }
    };
    // SAFETY: the application's arguments, the value translated.
    unsafe { next(device, real, allocator) };
}

unsafe extern "system" fn create_object(
    device: vk::Device,
    info: *const synthetic::ObjectCreateInfo,
    _allocator: *const vk::AllocationCallbacks<'_>,
    p_object: *mut synthetic::Object,
) -> vk::Result {
    let mut s = state();
    s.stats.create_calls += 1;
    // SAFETY: NULL or the application's create info (a driver would simply read it).
    let info = unsafe { info.as_ref() };
    if info.is_none_or(|i| i.s_type != synthetic::STRUCTURE_TYPE_OBJECT_CREATE_INFO) || p_object.is_null() {
        s.stats.bad_create_infos += 1;
        return vk::Result::ERROR_UNKNOWN;
    }
    s.handed_out += 1;
    let raw = RAW_HANDLE_BASE | s.handed_out << 4;
    // SAFETY: a device created through this layer.
    let key = unsafe { dispatch_key(device.as_raw()) };
    s.objects.insert(raw, key);
    s.stats.live += 1;
    s.stats.last_created = raw;
    // SAFETY: checked non-null; the application's output.
    unsafe { *p_object = raw };
    vk::Result::SUCCESS
}

unsafe extern "system" fn destroy_object(
    _device: vk::Device,
    object: synthetic::Object,
    _allocator: *const vk::AllocationCallbacks<'_>,
) {
    let mut s = state();
    s.stats.destroy_calls += 1;
    s.stats.last_destroyed = object;
    if object == 0 {
        return;
    }
    if s.objects.remove(&object).is_some() {
        s.stats.live -= 1;
    } else {
        s.stats.foreign_handles += 1;
    }
}

unsafe extern "system" fn cmd_use_object(_command_buffer: vk::CommandBuffer, object: synthetic::Object) {
    let mut s = state();
    s.stats.cmd_calls += 1;
    s.stats.last_used = object;
    if !s.objects.contains_key(&object) {
        s.stats.foreign_handles += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaviours_are_named_switches() {
        assert_eq!(Behaviours::parse(""), Ok(Behaviours::default()));
        assert_eq!(Behaviours::parse(" , "), Ok(Behaviours::default()));
        assert_eq!(Behaviours::parse("alias-handles"), Ok(Behaviours { alias_handles: true, ..Default::default() }));
        let extra = Behaviours::parse("extra-memory-type");
        assert_eq!(extra, Ok(Behaviours { extra_memory_type: true, ..Default::default() }));
        let storage = Behaviours::parse("no-storage-without-format");
        assert_eq!(storage, Ok(Behaviours { no_storage_without_format: true, ..Default::default() }));
        let low = Behaviours::parse("low-draw-indirect-count");
        assert_eq!(low, Ok(Behaviours { low_draw_indirect_count: true, ..Default::default() }));
        let low = Behaviours::parse("low-memory-allocation-count");
        assert_eq!(low, Ok(Behaviours { low_memory_allocation_count: true, ..Default::default() }));
        let low = Behaviours::parse("low-nesting-level");
        assert_eq!(low, Ok(Behaviours { low_nesting_level: true, ..Default::default() }));
        let restricted = Behaviours::parse("restricted-topology");
        assert_eq!(restricted, Ok(Behaviours { restricted_topology: true, ..Default::default() }));
        let provoking = Behaviours::parse("provoking-vertex-per-render-pass");
        assert_eq!(provoking, Ok(Behaviours { provoking_vertex_per_render_pass: true, ..Default::default() }));
        let maps = Behaviours::parse("low-custom-border-color-samplers,fragment-density-map,fragment-shading-rate");
        let on = Behaviours {
            low_custom_border_color_samplers: true,
            fragment_density_map: true,
            fragment_shading_rate: true,
            ..Default::default()
        };
        assert_eq!(maps, Ok(on));
        let switched = Behaviours::parse(
            "portability-subset,dedicated-image-aliasing,fewer-format-features,maintenance11,two-plane-444-features",
        );
        let on = Behaviours {
            portability_subset: true,
            dedicated_image_aliasing: true,
            fewer_format_features: true,
            maintenance11: true,
            two_plane_444_features: true,
            ..Default::default()
        };
        assert_eq!(switched, Ok(on));
        let raster = Behaviours::parse("raster-state-extensions");
        assert_eq!(raster, Ok(Behaviours { raster_state_extensions: true, ..Default::default() }));
        let draw = Behaviours::parse("protected-memory,filter-cubic,corner-sampled-image");
        let on =
            Behaviours { protected_memory: true, filter_cubic: true, corner_sampled_image: true, ..Default::default() };
        assert_eq!(draw, Ok(on));
        assert!(Behaviours::parse("alias-handles,lower-limits").unwrap_err().contains("lower-limits"));
    }

    /// Sizes and offsets of the loader structures as gcc lays out vk_layer.h on x86-64 Linux.
    #[test]
    fn loader_structures_match_vk_layer_h() {
        use std::mem::{offset_of, size_of};
        assert_eq!(size_of::<NegotiateLayerInterface>(), 48);
        assert_eq!(offset_of!(NegotiateLayerInterface, pfn_get_instance_proc_addr), 24);
        assert_eq!(offset_of!(LayerCreateInfo<LayerDeviceLink>, p_layer_info), 24);
        assert_eq!(size_of::<LayerDeviceLink>(), 24);
        assert_eq!(size_of::<LayerInstanceLink>(), 24);
    }
}
