//! The Vulkan 1.3 instance and device every workload runs on, and the messenger that makes a run
//! fail when a layer reports a problem.

use std::ffi::{c_void, CStr};
use std::sync::atomic::{AtomicUsize, Ordering};

use ash::vk;

/// WARNING and ERROR messages of the VALIDATION type received so far (every instance of the
/// process shares the count; a workload makes one).
static PROBLEMS: AtomicUsize = AtomicUsize::new(0);

/// The WARNING/ERROR validation messages received so far.
pub fn problems() -> usize {
    PROBLEMS.load(Ordering::Relaxed)
}

/// An instance, its debug messenger, and one device with one graphics + compute queue.
pub struct Context {
    _entry: ash::Entry,
    /// The instance (API version 1.3, `VK_EXT_debug_utils` enabled).
    pub instance: ash::Instance,
    debug_utils: ash::ext::debug_utils::Instance,
    messenger: vk::DebugUtilsMessengerEXT,
    /// The device (API version 1.3, `timelineSemaphore` and `synchronization2` enabled).
    pub device: ash::Device,
    /// A queue that supports graphics, compute and transfer.
    pub queue: vk::Queue,
    /// The family of [`Self::queue`].
    pub queue_family: u32,
    memory: vk::PhysicalDeviceMemoryProperties,
    /// The physical device's name, for the report.
    pub device_name: String,
    /// The `layer` of every tool `vkGetPhysicalDeviceToolProperties` lists: proof of which
    /// validation layers are really in the chain.
    pub tool_layers: Vec<String>,
}

impl Context {
    /// Creates the instance (with the messenger chained, so instance creation is watched too),
    /// picks the first physical device with a graphics + compute queue, and creates the device.
    pub fn new() -> Result<Self, String> {
        // SAFETY: loading the system's Vulkan loader runs its initializers, nothing else.
        let entry = unsafe { ash::Entry::load() }.map_err(|e| format!("loading the Vulkan loader: {e}"))?;
        let app_info =
            vk::ApplicationInfo::default().application_name(c"vigil-workload").api_version(vk::API_VERSION_1_3);
        let extensions = [ash::ext::debug_utils::NAME.as_ptr()];
        let mut messenger_info = messenger_create_info();
        let instance_info = vk::InstanceCreateInfo::default()
            .application_info(&app_info)
            .enabled_extension_names(&extensions)
            .push_next(&mut messenger_info);
        // SAFETY: every pointer in the create info outlives the call.
        let instance =
            unsafe { entry.create_instance(&instance_info, None) }.map_err(|e| vk_err("vkCreateInstance", e))?;
        let debug_utils = ash::ext::debug_utils::Instance::new(&entry, &instance);
        let messenger = unsafe { debug_utils.create_debug_utils_messenger(&messenger_create_info(), None) }
            .map_err(|e| vk_err("vkCreateDebugUtilsMessengerEXT", e))?;

        let physicals =
            unsafe { instance.enumerate_physical_devices() }.map_err(|e| vk_err("vkEnumeratePhysicalDevices", e))?;
        let wanted = vk::QueueFlags::GRAPHICS | vk::QueueFlags::COMPUTE;
        let (physical, queue_family) = physicals
            .iter()
            .find_map(|&p| {
                let families = unsafe { instance.get_physical_device_queue_family_properties(p) };
                let family = families.iter().position(|f| f.queue_flags.contains(wanted))?;
                Some((p, family as u32))
            })
            .ok_or("no physical device has a graphics + compute queue")?;
        let properties = unsafe { instance.get_physical_device_properties(physical) };
        let device_name = properties.device_name_as_c_str().unwrap_or(c"?").to_string_lossy().into_owned();
        if properties.api_version < vk::API_VERSION_1_3 {
            return Err(format!("{device_name} does not support Vulkan 1.3"));
        }
        let memory = unsafe { instance.get_physical_device_memory_properties(physical) };
        let tool_layers = tool_layers(&entry, &instance, physical);

        let priorities = [1.0];
        let queue_infos =
            [vk::DeviceQueueCreateInfo::default().queue_family_index(queue_family).queue_priorities(&priorities)];
        let mut features12 = vk::PhysicalDeviceVulkan12Features::default().timeline_semaphore(true);
        let mut features13 = vk::PhysicalDeviceVulkan13Features::default().synchronization2(true);
        let device_info = vk::DeviceCreateInfo::default()
            .queue_create_infos(&queue_infos)
            .push_next(&mut features12)
            .push_next(&mut features13);
        let device =
            unsafe { instance.create_device(physical, &device_info, None) }.map_err(|e| vk_err("vkCreateDevice", e))?;
        let queue = unsafe { device.get_device_queue(queue_family, 0) };
        Ok(Self {
            _entry: entry,
            instance,
            debug_utils,
            messenger,
            device,
            queue,
            queue_family,
            memory,
            device_name,
            tool_layers,
        })
    }

    /// The index of the first memory type allowed by `bits` that has `flags`.
    pub fn memory_type(&self, bits: u32, flags: vk::MemoryPropertyFlags) -> u32 {
        (0..self.memory.memory_type_count)
            .find(|&i| bits & (1 << i) != 0 && self.memory.memory_types[i as usize].property_flags.contains(flags))
            .expect("no suitable memory type")
    }

    /// Allocates memory of a type with `flags` for `requirements`.
    pub fn allocate(&self, requirements: vk::MemoryRequirements, flags: vk::MemoryPropertyFlags) -> vk::DeviceMemory {
        let info = vk::MemoryAllocateInfo::default()
            .allocation_size(requirements.size)
            .memory_type_index(self.memory_type(requirements.memory_type_bits, flags));
        unsafe { self.device.allocate_memory(&info, None) }.expect("vkAllocateMemory")
    }

    /// A buffer with its own host-visible, coherent memory (the workloads fill a few bytes from
    /// the host at setup; the measured loops never map anything).
    pub fn buffer(&self, size: u64, usage: vk::BufferUsageFlags) -> (vk::Buffer, vk::DeviceMemory) {
        let info = vk::BufferCreateInfo::default().size(size).usage(usage);
        let buffer = unsafe { self.device.create_buffer(&info, None) }.expect("vkCreateBuffer");
        let requirements = unsafe { self.device.get_buffer_memory_requirements(buffer) };
        let memory = self.allocate(requirements, HOST_MEMORY);
        unsafe { self.device.bind_buffer_memory(buffer, memory, 0) }.expect("vkBindBufferMemory");
        (buffer, memory)
    }

    /// Copies `bytes` into host-visible, coherent `memory` at `offset`.
    pub fn write(&self, memory: vk::DeviceMemory, offset: u64, bytes: &[u8]) {
        unsafe {
            let p = self
                .device
                .map_memory(memory, offset, bytes.len() as u64, vk::MemoryMapFlags::empty())
                .expect("vkMapMemory");
            std::ptr::copy_nonoverlapping(bytes.as_ptr(), p.cast::<u8>(), bytes.len());
            self.device.unmap_memory(memory);
        }
    }

    /// A shader module from committed SPIR-V bytes.
    pub fn shader(&self, spirv: &[u8]) -> vk::ShaderModule {
        let words = ash::util::read_spv(&mut std::io::Cursor::new(spirv)).expect("SPIR-V is a whole number of words");
        let info = vk::ShaderModuleCreateInfo::default().code(&words);
        unsafe { self.device.create_shader_module(&info, None) }.expect("vkCreateShaderModule")
    }

    /// A command pool on the queue's family; reset as a whole between frames.
    pub fn command_pool(&self) -> vk::CommandPool {
        let info = vk::CommandPoolCreateInfo::default().queue_family_index(self.queue_family);
        unsafe { self.device.create_command_pool(&info, None) }.expect("vkCreateCommandPool")
    }

    /// One primary command buffer from `pool`.
    pub fn command_buffer(&self, pool: vk::CommandPool) -> vk::CommandBuffer {
        let info = vk::CommandBufferAllocateInfo::default()
            .command_pool(pool)
            .level(vk::CommandBufferLevel::PRIMARY)
            .command_buffer_count(1);
        unsafe { self.device.allocate_command_buffers(&info) }.expect("vkAllocateCommandBuffers")[0]
    }

    /// Submits `command_buffers` in one batch and waits for them on `fence`, which is then reset.
    pub fn submit_and_wait(&self, command_buffers: &[vk::CommandBuffer], fence: vk::Fence) {
        let infos: Vec<vk::CommandBufferSubmitInfo<'_>> =
            command_buffers.iter().map(|&cb| vk::CommandBufferSubmitInfo::default().command_buffer(cb)).collect();
        let submit = vk::SubmitInfo2::default().command_buffer_infos(&infos);
        unsafe {
            self.device.queue_submit2(self.queue, &[submit], fence).expect("vkQueueSubmit2");
            self.device.wait_for_fences(&[fence], true, u64::MAX).expect("vkWaitForFences");
            self.device.reset_fences(&[fence]).expect("vkResetFences");
        }
    }
}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: the workloads destroyed their objects before the context goes.
        unsafe {
            self.device.destroy_device(None);
            self.debug_utils.destroy_debug_utils_messenger(self.messenger, None);
            self.instance.destroy_instance(None);
        }
    }
}

/// Memory the host can write without flushing.
pub const HOST_MEMORY: vk::MemoryPropertyFlags = vk::MemoryPropertyFlags::from_raw(
    vk::MemoryPropertyFlags::HOST_VISIBLE.as_raw() | vk::MemoryPropertyFlags::HOST_COHERENT.as_raw(),
);

/// The layer names of the tools the device reports (layers list themselves as tools). Asks
/// through both the core and the `VK_EXT_tooling_info` entry points: the 1.3.239 reference layer
/// answers only the latter.
fn tool_layers(entry: &ash::Entry, instance: &ash::Instance, physical: vk::PhysicalDevice) -> Vec<String> {
    let mut layers = Vec::new();
    for name in [c"vkGetPhysicalDeviceToolProperties", c"vkGetPhysicalDeviceToolPropertiesEXT"] {
        // SAFETY: a valid instance and a NUL-terminated name.
        let Some(f) = (unsafe { entry.get_instance_proc_addr(instance.handle(), name.as_ptr()) }) else {
            continue;
        };
        // SAFETY: both names have this signature.
        let f: vk::PFN_vkGetPhysicalDeviceToolProperties = unsafe { std::mem::transmute(f) };
        let mut count = 0;
        if unsafe { f(physical, &mut count, std::ptr::null_mut()) } != vk::Result::SUCCESS {
            continue;
        }
        let mut tools = vec![vk::PhysicalDeviceToolProperties::default(); count as usize];
        if unsafe { f(physical, &mut count, tools.as_mut_ptr()) } != vk::Result::SUCCESS {
            continue;
        }
        for tool in &tools[..count as usize] {
            let layer = tool.layer_as_c_str().unwrap_or(c"").to_string_lossy().into_owned();
            if !layer.is_empty() && !layers.contains(&layer) {
                layers.push(layer);
            }
        }
    }
    layers
}

/// "vkFoo: ERROR_BAR", for setup failures.
fn vk_err(what: &str, e: vk::Result) -> String {
    format!("{what} failed: {e:?}")
}

/// A messenger for every severity and type, delivering to [`callback`].
fn messenger_create_info() -> vk::DebugUtilsMessengerCreateInfoEXT<'static> {
    vk::DebugUtilsMessengerCreateInfoEXT::default()
        .message_severity(
            vk::DebugUtilsMessageSeverityFlagsEXT::VERBOSE
                | vk::DebugUtilsMessageSeverityFlagsEXT::INFO
                | vk::DebugUtilsMessageSeverityFlagsEXT::WARNING
                | vk::DebugUtilsMessageSeverityFlagsEXT::ERROR,
        )
        .message_type(
            vk::DebugUtilsMessageTypeFlagsEXT::GENERAL
                | vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION
                | vk::DebugUtilsMessageTypeFlagsEXT::PERFORMANCE,
        )
        .pfn_user_callback(Some(callback))
}

/// Counts and prints WARNING/ERROR messages of the VALIDATION type: those mean the workload is
/// not the valid program both layers must see. GENERAL messages (the loader's notices) and
/// lower severities say nothing about the program and are ignored.
unsafe extern "system" fn callback(
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    types: vk::DebugUtilsMessageTypeFlagsEXT,
    data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
    _user_data: *mut c_void,
) -> vk::Bool32 {
    let bad = vk::DebugUtilsMessageSeverityFlagsEXT::WARNING | vk::DebugUtilsMessageSeverityFlagsEXT::ERROR;
    if severity.intersects(bad) && types.contains(vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION) {
        PROBLEMS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the implementation passes valid callback data with a NUL-terminated message.
        let text = unsafe { data.as_ref() }
            .filter(|d| !d.p_message.is_null())
            .map(|d| unsafe { CStr::from_ptr(d.p_message) }.to_string_lossy().into_owned())
            .unwrap_or_default();
        eprintln!("vigil-workload: validation {severity:?}: {text}");
    }
    vk::FALSE
}
