//! `second-queue-family`: the physical device reports one queue family more than the driver
//! has, at index [`fake family`](fake_family) = the driver's count, with `VK_QUEUE_TRANSFER_BIT`
//! only and one queue. Lavapipe has one family, and the rules about queue families (a command
//! buffer submitted on another family's queue, stages a family cannot run, ownership transfers
//! between families) need two.
//!
//! The made-up family never reaches the driver: vkCreateDevice drops its queue create infos
//! (making sure family 0 has a queue), vkCreateCommandPool creates its pools in family 0, and
//! vkGetDeviceQueue(2) answers with a queue object of the shim's: its first word is the loader's
//! dispatch pointer (the loader writes it on the way up, as for any queue), and it stands for
//! the driver's queue 0 of family 0, which every queue command the shim is asked for is given
//! instead. Barriers, buffers and images naming the family pass as they are (lavapipe ignores
//! queue families).

use std::ffi::{c_char, CStr};
use std::sync::{Mutex, MutexGuard};

use ash::vk::{self, Handle};

/// The flags of the made-up family.
pub const FLAGS: vk::QueueFlags = vk::QueueFlags::TRANSFER;

/// A queue of the made-up family: what the application gets from vkGetDeviceQueue.
#[repr(C)]
struct FakeQueue {
    /// The loader's dispatch pointer: a copy of the driver queue's, overwritten by the loader's
    /// vkGetDeviceQueue on the way up (as it does for the driver's queues).
    loader_data: usize,
    /// The driver's queue 0 of family 0.
    real: vk::Queue,
}

/// What the shim keeps per device created with the switch.
struct FakeDevice {
    key: usize,
    device: vk::Device,
    /// The made-up family's index.
    family: u32,
    /// How many queues of it the application created (0 or 1).
    created: u32,
    gdpa: vk::PFN_vkGetDeviceProcAddr,
    /// The one queue object handed out (boxed: its address is the handle), once asked for.
    queue: Option<Box<FakeQueue>>,
}

// SAFETY: the raw handle inside is only an address the shim hands out and reads back.
unsafe impl Send for FakeDevice {}

static DEVICES: Mutex<Vec<FakeDevice>> = Mutex::new(Vec::new());

fn devices() -> MutexGuard<'static, Vec<FakeDevice>> {
    DEVICES.lock().unwrap_or_else(|e| e.into_inner())
}

/// The made-up family's index: after the driver's `driver_count` families.
pub fn fake_family(driver_count: u32) -> u32 {
    driver_count
}

/// The made-up family's properties, modelled on family 0's (timestamp bits, granularity).
fn fake_properties(family0: &vk::QueueFamilyProperties) -> vk::QueueFamilyProperties {
    vk::QueueFamilyProperties { queue_flags: FLAGS, queue_count: 1, ..*family0 }
}

/// The two-call idiom over the driver's families (`next` answers with them) and then the
/// made-up one, which `fake` fills in from family 0.
///
/// # Safety
/// `count` and `out` are the application's (`out` NULL or of `*count` elements).
unsafe fn with_fake_family<T>(
    count: *mut u32,
    out: *mut T,
    next: impl Fn(*mut u32, *mut T),
    fake: impl Fn(&T, &mut T),
) {
    if count.is_null() {
        return;
    }
    // SAFETY: the caller's contract.
    unsafe {
        let mut n = 0;
        next(&mut n, std::ptr::null_mut());
        if out.is_null() {
            *count = n + 1;
            return;
        }
        let room = *count;
        *count = room.min(n);
        next(count, out);
        if room > n && *count == n && n > 0 {
            fake(&*out, &mut *out.add(n as usize));
            *count = n + 1;
        }
    }
}

/// vkGetPhysicalDeviceQueueFamilyProperties with the switch: the driver's families, then the
/// made-up one.
///
/// # Safety
/// `next` is the next layer's query; `count` and `out` are the application's.
pub unsafe fn properties(
    physical_device: vk::PhysicalDevice,
    count: *mut u32,
    out: *mut vk::QueueFamilyProperties,
    next: vk::PFN_vkGetPhysicalDeviceQueueFamilyProperties,
) {
    // SAFETY: the caller's contract.
    unsafe {
        with_fake_family(count, out, |c, o| next(physical_device, c, o), |family0, f| *f = fake_properties(family0));
    }
}

/// vkGetPhysicalDeviceQueueFamilyProperties2 with the switch (as [`properties`]; the made-up
/// family's chained structures are left as the application made them).
///
/// # Safety
/// As [`properties`].
pub unsafe fn properties2(
    physical_device: vk::PhysicalDevice,
    count: *mut u32,
    out: *mut vk::QueueFamilyProperties2<'_>,
    next: vk::PFN_vkGetPhysicalDeviceQueueFamilyProperties2,
) {
    // SAFETY: the caller's contract.
    unsafe {
        with_fake_family(
            count,
            out,
            |c, o| next(physical_device, c, o),
            |family0, f| f.queue_family_properties = fake_properties(&family0.queue_family_properties),
        );
    }
}

/// The queue create infos the driver gets for `info` on a device whose made-up family is
/// `family`: the application's without that family's, and with a queue of family 0 when none
/// is left; and how many queues of the made-up family the application asked for.
/// `None`: nothing to change.
///
/// # Safety
/// `info` must be a valid device create info.
pub unsafe fn driver_queues(
    info: &vk::DeviceCreateInfo<'_>,
    family: u32,
) -> Option<(Vec<vk::DeviceQueueCreateInfo<'static>>, u32)> {
    static PRIORITY: [f32; 1] = [1.0];
    let infos: &[vk::DeviceQueueCreateInfo<'_>] = if info.p_queue_create_infos.is_null() {
        &[]
    } else {
        // SAFETY: the create info's array of queueCreateInfoCount elements.
        unsafe { std::slice::from_raw_parts(info.p_queue_create_infos, info.queue_create_info_count as usize) }
    };
    let fake = infos.iter().filter(|q| q.queue_family_index == family).map(|q| q.queue_count).sum();
    if fake == 0 {
        return None;
    }
    // The lifetime is the caller's: the copies live only for the call down.
    let mut kept: Vec<vk::DeviceQueueCreateInfo<'static>> = infos
        .iter()
        .filter(|q| q.queue_family_index != family)
        .map(|q| vk::DeviceQueueCreateInfo { _marker: std::marker::PhantomData, ..*q })
        .collect();
    if !kept.iter().any(|q| q.queue_family_index == 0) {
        kept.push(vk::DeviceQueueCreateInfo::default().queue_family_index(0).queue_priorities(&PRIORITY));
    }
    Some((kept, fake))
}

/// Remembers a device created with the switch.
pub fn device_created(device: vk::Device, key: usize, family: u32, created: u32, gdpa: vk::PFN_vkGetDeviceProcAddr) {
    devices().push(FakeDevice { key, device, family, created, gdpa, queue: None });
}

/// Forgets a destroyed device (and frees its queue object).
pub fn device_destroyed(key: usize) {
    devices().retain(|d| d.key != key);
}

/// Whether the device of dispatch key `key` was created with the switch.
pub fn on(key: usize) -> bool {
    devices().iter().any(|d| d.key == key)
}

/// The next layer's `name` for the device of dispatch key `key`.
fn next_function(key: usize, device: vk::Device, name: &CStr) -> vk::PFN_vkVoidFunction {
    let gdpa = devices().iter().find(|d| d.key == key).map(|d| d.gdpa)?;
    // SAFETY: the next layer's vkGetDeviceProcAddr for its own device.
    unsafe { gdpa(device, name.as_ptr()) }
}

/// The functions the shim implements for a device with the switch, when the next layer has
/// them too (a command the driver lacks stays absent).
pub fn function(key: usize, device: vk::Device, name: *const c_char) -> Option<vk::PFN_vkVoidFunction> {
    let (_, f) = FUNCTIONS.iter().find(|(n, _)| crate::same_name(name, n))?;
    // SAFETY: the caller's non-null name, matched above.
    next_function(key, device, unsafe { CStr::from_ptr(name) })?;
    Some(*f)
}

/// The commands the shim intercepts: queue retrieval, command pools, and every command whose
/// first parameter is a queue that lavapipe can offer (vk.xml's others are of platforms or
/// vendors it has not: ANDROID, OHOS, QCOM, and NV's legacy out-of-band notification).
const FUNCTIONS: [(&CStr, vk::PFN_vkVoidFunction); 16] = [
    (c"vkGetDeviceQueue", void_fn!(get_device_queue, vk::PFN_vkGetDeviceQueue)),
    (c"vkGetDeviceQueue2", void_fn!(get_device_queue2, vk::PFN_vkGetDeviceQueue2)),
    (c"vkCreateCommandPool", void_fn!(create_command_pool, vk::PFN_vkCreateCommandPool)),
    (c"vkQueueSubmit", void_fn!(queue_submit, vk::PFN_vkQueueSubmit)),
    (c"vkQueueSubmit2", void_fn!(queue_submit2, vk::PFN_vkQueueSubmit2)),
    (c"vkQueueSubmit2KHR", void_fn!(queue_submit2_khr, vk::PFN_vkQueueSubmit2)),
    (c"vkQueueWaitIdle", void_fn!(queue_wait_idle, vk::PFN_vkQueueWaitIdle)),
    (c"vkQueueBindSparse", void_fn!(queue_bind_sparse, vk::PFN_vkQueueBindSparse)),
    (c"vkQueuePresentKHR", void_fn!(queue_present, vk::PFN_vkQueuePresentKHR)),
    (c"vkQueueBeginDebugUtilsLabelEXT", void_fn!(queue_begin_label, vk::PFN_vkQueueBeginDebugUtilsLabelEXT)),
    (c"vkQueueEndDebugUtilsLabelEXT", void_fn!(queue_end_label, vk::PFN_vkQueueEndDebugUtilsLabelEXT)),
    (c"vkQueueInsertDebugUtilsLabelEXT", void_fn!(queue_insert_label, vk::PFN_vkQueueInsertDebugUtilsLabelEXT)),
    (c"vkGetQueueCheckpointDataNV", void_fn!(queue_checkpoints, vk::PFN_vkGetQueueCheckpointDataNV)),
    (c"vkGetQueueCheckpointData2NV", void_fn!(queue_checkpoints2, vk::PFN_vkGetQueueCheckpointData2NV)),
    (
        c"vkQueueSetPerformanceConfigurationINTEL",
        void_fn!(queue_performance_configuration, vk::PFN_vkQueueSetPerformanceConfigurationINTEL),
    ),
    (c"vkQueueNotifyOutOfBandNV", void_fn!(queue_out_of_band, vk::PFN_vkQueueNotifyOutOfBandNV)),
];

/// `name` of the next layer for the device of `queue`, and the queue to give it: the driver's
/// queue for one of the shim's.
fn route(queue: vk::Queue, name: &CStr) -> Option<(vk::Queue, unsafe extern "system" fn())> {
    if queue == vk::Queue::null() {
        return None;
    }
    // SAFETY: a queue the application got through the loader: its first word is the dispatch
    // key its device shares.
    let key = unsafe { crate::dispatch_key(queue.as_raw()) };
    let (gdpa, device, real) = {
        let list = devices();
        let d = list.iter().find(|d| d.key == key)?;
        let real = d.queue.as_ref().filter(|q| std::ptr::eq(&***q, queue.as_raw() as usize as *const FakeQueue));
        (d.gdpa, d.device, real.map_or(queue, |q| q.real))
    };
    // SAFETY: the next layer's vkGetDeviceProcAddr.
    let f = unsafe { gdpa(device, name.as_ptr()) }?;
    Some((real, f))
}

/// Defines a queue command that gives the driver's queue for the shim's.
macro_rules! queue_command {
    ($f:ident, $name:literal, $pfn:ty, ($($arg:ident: $ty:ty),*) -> $ret:ty = $default:expr) => {
        unsafe extern "system" fn $f(queue: vk::Queue, $($arg: $ty),*) -> $ret {
            let Some((real, next)) = route(queue, $name) else { return $default };
            // SAFETY: the next layer's function of this name, with the application's arguments.
            unsafe { std::mem::transmute::<unsafe extern "system" fn(), $pfn>(next)(real, $($arg),*) }
        }
    };
    ($f:ident, $name:literal, $pfn:ty, ($($arg:ident: $ty:ty),*)) => {
        unsafe extern "system" fn $f(queue: vk::Queue, $($arg: $ty),*) {
            let Some((real, next)) = route(queue, $name) else { return };
            // SAFETY: the next layer's function of this name, with the application's arguments.
            unsafe { std::mem::transmute::<unsafe extern "system" fn(), $pfn>(next)(real, $($arg),*) }
        }
    };
}

queue_command!(queue_submit, c"vkQueueSubmit", vk::PFN_vkQueueSubmit,
    (count: u32, submits: *const vk::SubmitInfo<'_>, fence: vk::Fence) -> vk::Result = vk::Result::ERROR_DEVICE_LOST);
queue_command!(queue_submit2, c"vkQueueSubmit2", vk::PFN_vkQueueSubmit2,
    (count: u32, submits: *const vk::SubmitInfo2<'_>, fence: vk::Fence) -> vk::Result = vk::Result::ERROR_DEVICE_LOST);
queue_command!(queue_submit2_khr, c"vkQueueSubmit2KHR", vk::PFN_vkQueueSubmit2,
    (count: u32, submits: *const vk::SubmitInfo2<'_>, fence: vk::Fence) -> vk::Result = vk::Result::ERROR_DEVICE_LOST);
queue_command!(queue_wait_idle, c"vkQueueWaitIdle", vk::PFN_vkQueueWaitIdle, () -> vk::Result = vk::Result::ERROR_DEVICE_LOST);
queue_command!(queue_bind_sparse, c"vkQueueBindSparse", vk::PFN_vkQueueBindSparse,
    (count: u32, infos: *const vk::BindSparseInfo<'_>, fence: vk::Fence) -> vk::Result = vk::Result::ERROR_DEVICE_LOST);
queue_command!(queue_present, c"vkQueuePresentKHR", vk::PFN_vkQueuePresentKHR,
    (info: *const vk::PresentInfoKHR<'_>) -> vk::Result = vk::Result::ERROR_DEVICE_LOST);
queue_command!(queue_begin_label, c"vkQueueBeginDebugUtilsLabelEXT", vk::PFN_vkQueueBeginDebugUtilsLabelEXT,
    (label: *const vk::DebugUtilsLabelEXT<'_>));
queue_command!(queue_end_label, c"vkQueueEndDebugUtilsLabelEXT", vk::PFN_vkQueueEndDebugUtilsLabelEXT, ());
queue_command!(queue_insert_label, c"vkQueueInsertDebugUtilsLabelEXT", vk::PFN_vkQueueInsertDebugUtilsLabelEXT,
    (label: *const vk::DebugUtilsLabelEXT<'_>));
queue_command!(queue_checkpoints, c"vkGetQueueCheckpointDataNV", vk::PFN_vkGetQueueCheckpointDataNV,
    (count: *mut u32, data: *mut vk::CheckpointDataNV<'_>));
queue_command!(queue_checkpoints2, c"vkGetQueueCheckpointData2NV", vk::PFN_vkGetQueueCheckpointData2NV,
    (count: *mut u32, data: *mut vk::CheckpointData2NV<'_>));
queue_command!(queue_performance_configuration, c"vkQueueSetPerformanceConfigurationINTEL",
    vk::PFN_vkQueueSetPerformanceConfigurationINTEL,
    (configuration: vk::PerformanceConfigurationINTEL) -> vk::Result = vk::Result::ERROR_DEVICE_LOST);
queue_command!(queue_out_of_band, c"vkQueueNotifyOutOfBandNV", vk::PFN_vkQueueNotifyOutOfBandNV,
    (info: *const vk::OutOfBandQueueTypeInfoNV<'_>));

/// The shim's queue `index` of the made-up family on `device`, made on first use; NULL when the
/// application created no such queue.
fn fake_queue(device: vk::Device, index: u32) -> vk::Queue {
    // SAFETY: a device created through this layer.
    let key = unsafe { crate::dispatch_key(device.as_raw()) };
    let Some(get) = next_function(key, device, c"vkGetDeviceQueue") else { return vk::Queue::null() };
    // SAFETY: the next layer's vkGetDeviceQueue.
    let get = unsafe { std::mem::transmute::<unsafe extern "system" fn(), vk::PFN_vkGetDeviceQueue>(get) };
    let mut list = devices();
    let Some(d) = list.iter_mut().find(|d| d.key == key) else { return vk::Queue::null() };
    if index >= d.created {
        return vk::Queue::null();
    }
    if d.queue.is_none() {
        let mut real = vk::Queue::null();
        // SAFETY: family 0 has a queue 0: the shim made sure of it at vkCreateDevice.
        unsafe { get(device, 0, 0, &mut real) };
        if real == vk::Queue::null() {
            return vk::Queue::null();
        }
        // SAFETY: a dispatchable handle of the driver's.
        let loader_data = unsafe { crate::dispatch_key(real.as_raw()) };
        d.queue = Some(Box::new(FakeQueue { loader_data, real }));
    }
    d.queue.as_ref().map_or(vk::Queue::null(), |q| vk::Queue::from_raw(&**q as *const FakeQueue as u64))
}

/// The made-up family's index on the device of `device`, if it has one.
fn family_of(device: vk::Device) -> Option<u32> {
    // SAFETY: a device created through this layer.
    let key = unsafe { crate::dispatch_key(device.as_raw()) };
    devices().iter().find(|d| d.key == key).map(|d| d.family)
}

unsafe extern "system" fn get_device_queue(device: vk::Device, family: u32, index: u32, queue: *mut vk::Queue) {
    if queue.is_null() {
        return;
    }
    if family_of(device) == Some(family) {
        // SAFETY: checked non-null; the application's output.
        unsafe { *queue = fake_queue(device, index) };
        return;
    }
    // SAFETY: a device created through this layer.
    let key = unsafe { crate::dispatch_key(device.as_raw()) };
    if let Some(next) = next_function(key, device, c"vkGetDeviceQueue") {
        // SAFETY: the next layer's vkGetDeviceQueue, with the application's arguments.
        unsafe {
            std::mem::transmute::<unsafe extern "system" fn(), vk::PFN_vkGetDeviceQueue>(next)(
                device, family, index, queue,
            )
        };
    }
}

unsafe extern "system" fn get_device_queue2(
    device: vk::Device,
    info: *const vk::DeviceQueueInfo2<'_>,
    queue: *mut vk::Queue,
) {
    if queue.is_null() {
        return;
    }
    // SAFETY: NULL or the application's queue info.
    let Some(i) = (unsafe { info.as_ref() }) else { return };
    if family_of(device) == Some(i.queue_family_index) {
        // SAFETY: checked non-null; the application's output.
        unsafe { *queue = fake_queue(device, i.queue_index) };
        return;
    }
    // SAFETY: a device created through this layer.
    let key = unsafe { crate::dispatch_key(device.as_raw()) };
    if let Some(next) = next_function(key, device, c"vkGetDeviceQueue2") {
        // SAFETY: the next layer's vkGetDeviceQueue2, with the application's arguments.
        unsafe {
            std::mem::transmute::<unsafe extern "system" fn(), vk::PFN_vkGetDeviceQueue2>(next)(device, info, queue)
        };
    }
}

unsafe extern "system" fn create_command_pool(
    device: vk::Device,
    info: *const vk::CommandPoolCreateInfo<'_>,
    allocator: *const vk::AllocationCallbacks<'_>,
    pool: *mut vk::CommandPool,
) -> vk::Result {
    // SAFETY: a device created through this layer.
    let key = unsafe { crate::dispatch_key(device.as_raw()) };
    let Some(next) = next_function(key, device, c"vkCreateCommandPool") else {
        return vk::Result::ERROR_INITIALIZATION_FAILED;
    };
    // SAFETY: the next layer's vkCreateCommandPool.
    let next = unsafe { std::mem::transmute::<unsafe extern "system" fn(), vk::PFN_vkCreateCommandPool>(next) };
    // A copy for the driver, the made-up family made family 0: the application's stays as it is.
    // SAFETY: NULL or the application's create info.
    let local = unsafe { info.as_ref() }
        .filter(|i| family_of(device) == Some(i.queue_family_index))
        .map(|i| vk::CommandPoolCreateInfo { queue_family_index: 0, ..*i });
    let info = local.as_ref().map_or(info, |l| l as *const _);
    // SAFETY: the application's arguments, the create info perhaps replaced by the copy.
    unsafe { next(device, info, allocator, pool) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_made_up_family_copies_family_0_but_its_flags_and_count() {
        let family0 = vk::QueueFamilyProperties {
            queue_flags: vk::QueueFlags::GRAPHICS | vk::QueueFlags::COMPUTE | vk::QueueFlags::TRANSFER,
            queue_count: 1,
            timestamp_valid_bits: 64,
            min_image_transfer_granularity: vk::Extent3D { width: 1, height: 1, depth: 1 },
        };
        let fake = fake_properties(&family0);
        assert_eq!(fake.queue_flags, vk::QueueFlags::TRANSFER);
        assert_eq!((fake.queue_count, fake.timestamp_valid_bits), (1, 64));
        assert_eq!(fake.min_image_transfer_granularity, family0.min_image_transfer_granularity);
    }

    #[test]
    fn queue_create_infos_lose_the_made_up_family_and_keep_a_family_0_queue() {
        let priorities = [1.0f32];
        let only_fake = [vk::DeviceQueueCreateInfo::default().queue_family_index(1).queue_priorities(&priorities)];
        let info = vk::DeviceCreateInfo::default().queue_create_infos(&only_fake);
        // SAFETY: a valid create info.
        let (kept, created) = unsafe { driver_queues(&info, 1) }.expect("a change");
        assert_eq!(created, 1);
        assert_eq!(kept.iter().map(|q| q.queue_family_index).collect::<Vec<_>>(), [0]);
        let none = [vk::DeviceQueueCreateInfo::default().queue_family_index(0).queue_priorities(&priorities)];
        let info = vk::DeviceCreateInfo::default().queue_create_infos(&none);
        // SAFETY: a valid create info.
        assert!(unsafe { driver_queues(&info, 1) }.is_none());
    }
}
