//! `vigil-synthetic`: checks, through the real loader on lavapipe, that a Vigil regenerated with
//! the made-up `VK_VIGIL_synthetic_object` intercepts, validates, tracks and wraps the
//! extension's commands and handle, which the driver shim implements below it.
//!
//! `cargo xtask synthetic-extension` builds and runs it with `VK_LAYER_PATH` naming a directory
//! that holds both layers and `VIGIL_DRIVER_SHIM_LIBRARY` naming the shim's library (whose
//! counters say what reached the "driver"). One line per check; the exit status is non-zero if
//! any check fails.

// The declarations are shared with the shim, which uses some that this program does not.
#[allow(dead_code)]
#[path = "../synthetic.rs"]
mod synthetic;

use std::ffi::{c_char, c_void, CStr};
use std::fmt::Display;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

use ash::vk;
use synthetic::{ObjectCreateInfo, ShimStats};

const VIGIL_LAYER: &CStr = c"VK_LAYER_VIGIL_validation";
/// `pMessageIdName` of the loader's own messages.
const LOADER_ID: &str = "Loader Message";

/// One debug-utils message.
#[derive(Clone, Debug)]
struct Message {
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    types: vk::DebugUtilsMessageTypeFlagsEXT,
    id: String,
    text: String,
    objects: Vec<(vk::ObjectType, u64)>,
}

impl Message {
    /// A WARNING or ERROR from a layer: what a valid call must not get. The loader's general
    /// messages say nothing about the calls.
    fn is_problem(&self) -> bool {
        let bad = vk::DebugUtilsMessageSeverityFlagsEXT::WARNING | vk::DebugUtilsMessageSeverityFlagsEXT::ERROR;
        self.severity.intersects(bad)
            && !(self.types == vk::DebugUtilsMessageTypeFlagsEXT::GENERAL && self.id == LOADER_ID)
    }
}

static MESSAGES: Mutex<Vec<Message>> = Mutex::new(Vec::new());
/// Whether the callback asks Vigil to skip calls it reports as errors: invalid calls must not
/// reach the shim, but a device must be destroyed even when it leaks.
static SKIP_ERRORS: AtomicBool = AtomicBool::new(true);

/// # Safety
/// Called by a layer with valid callback data.
unsafe extern "system" fn on_message(
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    types: vk::DebugUtilsMessageTypeFlagsEXT,
    data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
    _user: *mut c_void,
) -> vk::Bool32 {
    let text = |p: *const c_char| {
        // SAFETY: NULL or a NUL-terminated string of the callback data.
        if p.is_null() {
            String::new()
        } else {
            unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
        }
    };
    // SAFETY: the layer passes valid callback data with objectCount objects.
    let message = unsafe {
        let d = &*data;
        let objects = if d.p_objects.is_null() {
            &[][..]
        } else {
            std::slice::from_raw_parts(d.p_objects, d.object_count as usize)
        };
        Message {
            severity,
            types,
            id: text(d.p_message_id_name),
            text: text(d.p_message),
            objects: objects.iter().map(|o| (o.object_type, o.object_handle)).collect(),
        }
    };
    let skip = message.severity.contains(vk::DebugUtilsMessageSeverityFlagsEXT::ERROR)
        && message.types.contains(vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION)
        && SKIP_ERRORS.load(Ordering::Relaxed);
    MESSAGES.lock().unwrap_or_else(|e| e.into_inner()).push(message);
    skip as vk::Bool32
}

/// The problems reported while `call` ran.
fn during<R>(call: impl FnOnce() -> R) -> (R, Vec<Message>) {
    MESSAGES.lock().unwrap_or_else(|e| e.into_inner()).clear();
    let r = call();
    let all = std::mem::take(&mut *MESSAGES.lock().unwrap_or_else(|e| e.into_inner()));
    (r, all.into_iter().filter(Message::is_problem).collect())
}

fn ids(messages: &[Message]) -> Vec<&str> {
    messages.iter().map(|m| m.id.as_str()).collect()
}

/// Passed and failed checks, printed as they come.
#[derive(Default)]
struct Checks {
    passed: usize,
    failed: usize,
}

impl Checks {
    fn check(&mut self, ok: bool, what: &str, detail: impl Display) {
        if ok {
            self.passed += 1;
            println!("  ok    {what}");
        } else {
            self.failed += 1;
            println!("  FAIL  {what}: {detail}");
        }
    }

    /// Exactly the ids `want` were reported, in order.
    fn reported(&mut self, what: &str, got: &[Message], want: &[&str]) {
        self.reported_naming(what, got, want, "");
    }

    /// As [`Checks::reported`], and the first message's text contains `needle`.
    fn reported_naming(&mut self, what: &str, got: &[Message], want: &[&str], needle: &str) {
        // Texts can list every structure of a chain: their start says enough.
        let short = |t: &str| t.chars().take(240).collect::<String>();
        let detail = got.iter().map(|m| format!("\n          {}: {}", m.id, short(&m.text))).collect::<String>();
        let named = got.first().is_none_or(|m| m.text.contains(needle));
        let expected = if needle.is_empty() { format!("{want:?}") } else { format!("{want:?} naming {needle}") };
        self.check(ids(got) == want && named, what, format!("expected {expected}, got {:?}{detail}", ids(got)));
    }
}

/// The shim's counters, through its exported function.
struct Shim {
    stats: synthetic::PfnStats,
    _library: libloading::Library,
}

impl Shim {
    fn open() -> Result<Shim, String> {
        let path = std::env::var_os("VIGIL_DRIVER_SHIM_LIBRARY").ok_or("VIGIL_DRIVER_SHIM_LIBRARY is not set")?;
        // SAFETY: the shim's initializers are Rust's own; the loader maps the same file (the
        // dynamic linker shares it), so these counters are the ones the layer updates.
        let library = unsafe { libloading::Library::new(&path) }.map_err(|e| format!("{path:?}: {e}"))?;
        // SAFETY: the symbol has this type (synthetic.rs, shared with the shim).
        let stats = unsafe { library.get::<synthetic::PfnStats>(synthetic::STATS_SYMBOL) }
            .map(|s| *s)
            .map_err(|e| format!("{path:?}: {e}"))?;
        Ok(Shim { stats, _library: library })
    }

    fn stats(&self) -> ShimStats {
        let mut s = ShimStats::new();
        // SAFETY: a ShimStats with its size set; the library stays loaded while `self` lives.
        assert!(unsafe { (self.stats)(&mut s) }, "the shim's ShimStats has another size: rebuild it");
        s
    }
}

/// An instance with Vigil above the shim and a messenger, destroyed on drop.
struct Instance {
    instance: ash::Instance,
    debug_utils: ash::ext::debug_utils::Instance,
    messenger: vk::DebugUtilsMessengerEXT,
}

impl Instance {
    /// `handle_wrapping`: Vigil's setting, passed in `VkLayerSettingsCreateInfoEXT`.
    fn new(entry: &ash::Entry, handle_wrapping: bool) -> Result<Instance, String> {
        let app = vk::ApplicationInfo::default().application_name(c"vigil-synthetic").api_version(vk::API_VERSION_1_3);
        // First = closest to the application: Vigil sees the calls before the shim does.
        let layers = [VIGIL_LAYER.as_ptr(), synthetic::SHIM_LAYER_NAME.as_ptr()];
        let extensions = [ash::ext::debug_utils::NAME.as_ptr()];
        let mut chained_messenger = messenger_info();
        let value = if handle_wrapping { c"true" } else { c"false" };
        let values = [value.as_ptr()];
        let settings = [vk::LayerSettingEXT {
            p_layer_name: VIGIL_LAYER.as_ptr(),
            p_setting_name: c"handle_wrapping".as_ptr(),
            ty: vk::LayerSettingTypeEXT::STRING,
            value_count: 1,
            p_values: values.as_ptr() as *const c_void,
            ..Default::default()
        }];
        let mut layer_settings = vk::LayerSettingsCreateInfoEXT::default().settings(&settings);
        let info = vk::InstanceCreateInfo::default()
            .application_info(&app)
            .enabled_layer_names(&layers)
            .enabled_extension_names(&extensions)
            .push_next(&mut chained_messenger)
            .push_next(&mut layer_settings);
        // SAFETY: a valid create info whose pointers outlive the call.
        let instance = unsafe { entry.create_instance(&info, None) }.map_err(|e| format!("vkCreateInstance: {e}"))?;
        let debug_utils = ash::ext::debug_utils::Instance::new(entry, &instance);
        // SAFETY: a valid create info; the callback is a plain function.
        let messenger = unsafe { debug_utils.create_debug_utils_messenger(&messenger_info(), None) }
            .map_err(|e| format!("vkCreateDebugUtilsMessengerEXT: {e}"))?;
        Ok(Instance { instance, debug_utils, messenger })
    }

    /// lavapipe and a queue family with graphics and compute.
    fn lavapipe(&self) -> Result<(vk::PhysicalDevice, u32), String> {
        let i = &self.instance;
        // SAFETY: queries on a live instance created for Vulkan 1.3.
        unsafe {
            for pd in i.enumerate_physical_devices().map_err(|e| format!("vkEnumeratePhysicalDevices: {e}"))? {
                let mut driver = vk::PhysicalDeviceDriverProperties::default();
                let mut props = vk::PhysicalDeviceProperties2::default().push_next(&mut driver);
                i.get_physical_device_properties2(pd, &mut props);
                if driver.driver_id != vk::DriverId::MESA_LLVMPIPE {
                    continue;
                }
                let want = vk::QueueFlags::GRAPHICS | vk::QueueFlags::COMPUTE;
                let families = i.get_physical_device_queue_family_properties(pd);
                let family = families.iter().position(|f| f.queue_flags.contains(want)).ok_or("no graphics queue")?;
                return Ok((pd, family as u32));
            }
        }
        Err("no lavapipe device".into())
    }

    /// Whether Vigil lists itself in `vkGetPhysicalDeviceToolProperties`.
    fn vigil_in_chain(&self, pd: vk::PhysicalDevice) -> bool {
        // SAFETY: a physical device of this Vulkan 1.3 instance.
        unsafe {
            let n = self.instance.get_physical_device_tool_properties_len(pd).unwrap_or(0);
            let mut tools = vec![vk::PhysicalDeviceToolProperties::default(); n];
            if self.instance.get_physical_device_tool_properties(pd, &mut tools).is_err() {
                return false;
            }
            tools.iter().any(|t| t.name_as_c_str() == Ok(c"Vigil"))
        }
    }

    /// The device extensions `vkEnumerateDeviceExtensionProperties` lists for `layer` (NULL:
    /// the driver and the implicit and enabled layers).
    fn device_extensions(&self, pd: vk::PhysicalDevice, layer: Option<&CStr>) -> Vec<(String, u32)> {
        let f = self.instance.fp_v1_0().enumerate_device_extension_properties;
        let name = layer.map_or(std::ptr::null(), CStr::as_ptr);
        let mut n = 0;
        let mut list = Vec::new();
        // SAFETY: the two-call idiom on a physical device of this instance.
        unsafe {
            if f(pd, name, &mut n, std::ptr::null_mut()) == vk::Result::SUCCESS {
                list.resize(n as usize, vk::ExtensionProperties::default());
                if f(pd, name, &mut n, list.as_mut_ptr()) != vk::Result::SUCCESS {
                    return Vec::new();
                }
            }
        }
        list.iter()
            .map(|e| (e.extension_name_as_c_str().unwrap_or(c"").to_string_lossy().into_owned(), e.spec_version))
            .collect()
    }

    /// A device with one queue of `family`, the extension enabled or not, and `chained` in
    /// its pNext.
    fn device(
        &self,
        pd: vk::PhysicalDevice,
        family: u32,
        enable: bool,
        chained: Option<&synthetic::DeviceCreateInfo>,
    ) -> Result<ash::Device, vk::Result> {
        let priorities = [1.0f32];
        let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(family).queue_priorities(&priorities)];
        let extensions = [synthetic::EXTENSION_NAME.as_ptr()];
        let mut info = vk::DeviceCreateInfo::default().queue_create_infos(&queues);
        if enable {
            info = info.enabled_extension_names(&extensions);
        }
        if let Some(s) = chained {
            info.p_next = s as *const synthetic::DeviceCreateInfo as *const c_void;
        }
        // SAFETY: a create info whose pointers outlive the call (an invalid one is what some
        // checks test; Vigil stops it).
        unsafe { self.instance.create_device(pd, &info, None) }
    }

    /// The three commands on `device`, or `None` where `vkGetDeviceProcAddr` returns NULL.
    fn commands(&self, device: &ash::Device) -> Option<Commands> {
        let gdpa = self.instance.fp_v1_0().get_device_proc_addr;
        // SAFETY: the names are NUL-terminated and the pointers are cast back to the types of
        // the commands they name (synthetic.rs).
        unsafe {
            let create = gdpa(device.handle(), synthetic::CREATE.as_ptr())?;
            let destroy = gdpa(device.handle(), synthetic::DESTROY.as_ptr())?;
            let cmd_use = gdpa(device.handle(), synthetic::CMD_USE.as_ptr())?;
            Some(Commands {
                create: std::mem::transmute::<unsafe extern "system" fn(), synthetic::PfnCreate>(create),
                destroy: std::mem::transmute::<unsafe extern "system" fn(), synthetic::PfnDestroy>(destroy),
                cmd_use: std::mem::transmute::<unsafe extern "system" fn(), synthetic::PfnCmdUse>(cmd_use),
            })
        }
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        // SAFETY: every device of the instance is gone; nothing uses these handles any more.
        unsafe {
            self.debug_utils.destroy_debug_utils_messenger(self.messenger, None);
            self.instance.destroy_instance(None);
        }
    }
}

fn messenger_info() -> vk::DebugUtilsMessengerCreateInfoEXT<'static> {
    use vk::DebugUtilsMessageSeverityFlagsEXT as S;
    use vk::DebugUtilsMessageTypeFlagsEXT as T;
    vk::DebugUtilsMessengerCreateInfoEXT::default()
        .message_severity(S::VERBOSE | S::INFO | S::WARNING | S::ERROR)
        .message_type(T::GENERAL | T::VALIDATION | T::PERFORMANCE)
        .pfn_user_callback(Some(on_message))
}

/// The extension's commands as `vkGetDeviceProcAddr` returned them.
struct Commands {
    create: synthetic::PfnCreate,
    destroy: synthetic::PfnDestroy,
    cmd_use: synthetic::PfnCmdUse,
}

impl Commands {
    fn create(&self, device: &ash::Device, info: *const ObjectCreateInfo, out: *mut u64) -> vk::Result {
        // SAFETY: the command of this device; NULL or invalid arguments are what some checks
        // test, and Vigil stops those calls.
        unsafe { (self.create)(device.handle(), info, std::ptr::null(), out) }
    }

    fn destroy(&self, device: &ash::Device, object: u64) {
        // SAFETY: as for `create`.
        unsafe { (self.destroy)(device.handle(), object, std::ptr::null()) }
    }

    fn cmd_use(&self, command_buffer: vk::CommandBuffer, object: u64) {
        // SAFETY: as for `create`; the command buffer is recording.
        unsafe { (self.cmd_use)(command_buffer, object) }
    }
}

/// A recording primary command buffer and its pool.
fn recording(device: &ash::Device, family: u32) -> Result<(vk::CommandPool, vk::CommandBuffer), vk::Result> {
    // SAFETY: plain creation on a live device.
    unsafe {
        let pool =
            device.create_command_pool(&vk::CommandPoolCreateInfo::default().queue_family_index(family), None)?;
        let info = vk::CommandBufferAllocateInfo::default()
            .command_pool(pool)
            .level(vk::CommandBufferLevel::PRIMARY)
            .command_buffer_count(1);
        let cb = device.allocate_command_buffers(&info)?[0];
        device.begin_command_buffer(cb, &vk::CommandBufferBeginInfo::default())?;
        Ok((pool, cb))
    }
}

fn main() -> ExitCode {
    let mut t = Checks::default();
    if let Err(e) = run(&mut t) {
        t.check(false, "setup", e);
    }
    println!("vigil-synthetic: {} passed, {} failed", t.passed, t.failed);
    if t.failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn run(t: &mut Checks) -> Result<(), String> {
    let shim = Shim::open()?;
    // SAFETY: loading the system loader runs only its initializers.
    let entry = unsafe { ash::Entry::load() }.map_err(|e| format!("cannot load libvulkan.so.1: {e}"))?;
    with_wrapping(t, &shim, &entry)?;
    without_wrapping(t, &shim, &entry)
}

/// Everything, with Vigil's defaults (handle wrapping on).
fn with_wrapping(t: &mut Checks, shim: &Shim, entry: &ash::Entry) -> Result<(), String> {
    println!("Vigil (handle wrapping on) above the driver shim, on lavapipe:");
    let inst = Instance::new(entry, true)?;
    let (pd, family) = inst.lavapipe()?;
    t.check(inst.vigil_in_chain(pd), "Vigil is in the call chain", "no Vigil in vkGetPhysicalDeviceToolProperties");
    let ext = (synthetic::EXTENSION_NAME.to_string_lossy().into_owned(), synthetic::SPEC_VERSION);
    let listed = inst.device_extensions(pd, None);
    t.check(listed.contains(&ext), "the device lists VK_VIGIL_synthetic_object", format!("{listed:?}"));
    let listed = inst.device_extensions(pd, Some(synthetic::SHIM_LAYER_NAME));
    t.check(listed == [ext.clone()], "the shim lists it as its own", format!("{listed:?}"));

    println!("the structure extending VkDeviceCreateInfo:");
    let chained = |mode| synthetic::DeviceCreateInfo {
        s_type: synthetic::STRUCTURE_TYPE_DEVICE_CREATE_INFO,
        p_next: std::ptr::null(),
        default_mode: mode,
    };
    let (r, got) = during(|| inst.device(pd, family, false, Some(&chained(synthetic::MODE_PLAIN))));
    // A Vigil that does not know the structure reports the same id, for an unknown sType.
    t.reported_naming(
        "chained without the extension enabled",
        &got,
        &["VUID-VkDeviceCreateInfo-pNext-pNext"],
        "VK_VIGIL_synthetic_object",
    );
    if let Ok(d) = r {
        // SAFETY: a device nothing else uses.
        unsafe { d.destroy_device(None) };
    }
    let (r, got) = during(|| inst.device(pd, family, true, Some(&chained(7))));
    t.reported(
        "defaultMode out of range",
        &got,
        &["VUID-VkDeviceSyntheticObjectsCreateInfoVIGIL-defaultMode-parameter"],
    );
    if let Ok(d) = r {
        // SAFETY: a device nothing else uses.
        unsafe { d.destroy_device(None) };
    }
    let before = shim.stats();
    let (r, got) = during(|| inst.device(pd, family, true, Some(&chained(synthetic::MODE_COUNTED))));
    t.reported("a valid device with the extension", &got, &[]);
    let device = r.map_err(|e| format!("vkCreateDevice with the extension: {e}"))?;
    let s = shim.stats();
    t.check(
        s.devices == before.devices + 1 && s.extensions_stripped == before.extensions_stripped + 1,
        "the shim created it, and removed the extension's name before lavapipe saw it",
        format!("{before:?} → {s:?}"),
    );
    t.check(s.structs_stripped == before.structs_stripped + 1, "…and the extension's structure", format!("{s:?}"));

    let plain = inst.device(pd, family, false, None).map_err(|e| format!("vkCreateDevice: {e}"))?;
    t.check(
        inst.commands(&plain).is_none(),
        "vkGetDeviceProcAddr gives NULL for the commands on a device without the extension",
        "a command was returned",
    );
    // SAFETY: a device nothing else uses.
    unsafe { plain.destroy_device(None) };
    let c = inst.commands(&device).ok_or("vkGetDeviceProcAddr gave NULL for a command of the enabled extension")?;

    println!("parameter validation of vkCreateSyntheticObjectVIGIL (each call must stop at Vigil):");
    let good = ObjectCreateInfo {
        s_type: synthetic::STRUCTURE_TYPE_OBJECT_CREATE_INFO,
        p_next: std::ptr::null(),
        flags: synthetic::CREATE_TRACED_BIT | synthetic::CREATE_SHARED_BIT,
        mode: synthetic::MODE_COUNTED,
        payload: 7,
    };
    let foreign = chained(synthetic::MODE_PLAIN);
    let info = |f: fn(&mut ObjectCreateInfo)| {
        let mut i = good;
        f(&mut i);
        i
    };
    let cases: [(&str, ObjectCreateInfo, &str); 4] = [
        (
            "another structure's sType",
            info(|i| i.s_type = vk::StructureType::BUFFER_CREATE_INFO),
            "VUID-VkSyntheticObjectCreateInfoVIGIL-sType-sType",
        ),
        ("an undefined flag bit", info(|i| i.flags = 1 << 5), "VUID-VkSyntheticObjectCreateInfoVIGIL-flags-parameter"),
        ("mode out of range", info(|i| i.mode = 99), "VUID-VkSyntheticObjectCreateInfoVIGIL-mode-parameter"),
        (
            "a structure pNext does not allow",
            ObjectCreateInfo { p_next: &foreign as *const _ as *const c_void, ..good },
            "VUID-VkSyntheticObjectCreateInfoVIGIL-pNext-pNext",
        ),
    ];
    let mut object = 0u64;
    for (what, bad, id) in &cases {
        invalid_create(t, shim, what, &[id], || c.create(&device, bad, &mut object));
    }
    invalid_create(t, shim, "NULL pCreateInfo", &["VUID-vkCreateSyntheticObjectVIGIL-pCreateInfo-parameter"], || {
        c.create(&device, std::ptr::null(), &mut object)
    });
    invalid_create(t, shim, "NULL pObject", &["VUID-vkCreateSyntheticObjectVIGIL-pObject-parameter"], || {
        c.create(&device, &good, std::ptr::null_mut())
    });

    println!("valid calls are clean and reach the shim, with the driver's values:");
    let before = shim.stats();
    let (r, got) = during(|| c.create(&device, &good, &mut object));
    t.reported("vkCreateSyntheticObjectVIGIL", &got, &[]);
    t.check(r == vk::Result::SUCCESS, "…returns VK_SUCCESS", r);
    let s = shim.stats();
    t.check(
        s.create_calls == before.create_calls + 1 && s.live == before.live + 1,
        "…the shim created it",
        format!("{s:?}"),
    );
    let (a, raw_a) = (object, s.last_created);
    t.check(a != raw_a, "the application sees Vigil's id, not the shim's value", format!("{a:#x} == {raw_a:#x}"));
    let mut b = 0u64;
    let (_, got) = during(|| c.create(&device, &good, &mut b));
    t.reported("a second object", &got, &[]);
    t.check(b != a && b != 0, "…gets another id", format!("{a:#x}, {b:#x}"));

    let (pool, cb) = recording(&device, family).map_err(|e| format!("command buffer: {e}"))?;
    let before = shim.stats();
    let (_, got) = during(|| c.cmd_use(cb, a));
    t.reported("vkCmdUseSyntheticObjectVIGIL", &got, &[]);
    let s = shim.stats();
    t.check(
        s.cmd_calls == before.cmd_calls + 1 && s.last_used == raw_a && s.foreign_handles == before.foreign_handles,
        "…the shim received its own value",
        format!("sent {a:#x}, the shim has {raw_a:#x}: {s:?}"),
    );
    let before = shim.stats();
    let (_, got) = during(|| c.destroy(&device, a));
    t.reported("vkDestroySyntheticObjectVIGIL", &got, &[]);
    let s = shim.stats();
    t.check(
        s.destroy_calls == before.destroy_calls + 1 && s.last_destroyed == raw_a && s.live == before.live - 1,
        "…the shim received its own value and forgot the object",
        format!("{s:?}"),
    );
    t.check(s.foreign_handles == 0, "the shim never received a value it did not hand out", s.foreign_handles);

    println!("object lifetime (dead handles are reported and never passed down):");
    let before = shim.stats();
    let (_, got) = during(|| c.cmd_use(cb, a));
    t.reported(
        "the destroyed object in vkCmdUseSyntheticObjectVIGIL",
        &got,
        &["VUID-vkCmdUseSyntheticObjectVIGIL-object-parameter"],
    );
    let named = got.first().is_some_and(|m| m.objects.contains(&(synthetic::OBJECT_TYPE, a)));
    t.check(named, "…the message names it as a VK_OBJECT_TYPE_SYNTHETIC_OBJECT_VIGIL", format!("{got:?}"));
    let (_, got) = during(|| c.destroy(&device, a));
    t.reported("destroying it twice", &got, &["VUID-vkDestroySyntheticObjectVIGIL-object-parameter"]);
    let (_, got) = during(|| c.cmd_use(cb, 0xdead_0000));
    t.reported("a value that was never created", &got, &["VUID-vkCmdUseSyntheticObjectVIGIL-object-parameter"]);
    let s = shim.stats();
    t.check(
        s.cmd_calls == before.cmd_calls && s.destroy_calls == before.destroy_calls,
        "none of those calls reached the shim",
        format!("{before:?} → {s:?}"),
    );
    // SAFETY: the command buffer is recording; nothing was submitted.
    unsafe {
        let _ = device.end_command_buffer(cb);
        device.destroy_command_pool(pool, None);
    }

    let before = shim.stats();
    SKIP_ERRORS.store(false, Ordering::Relaxed);
    // SAFETY: nothing uses the device any more (the leak is the point).
    let (_, got) = during(|| unsafe { device.destroy_device(None) });
    SKIP_ERRORS.store(true, Ordering::Relaxed);
    t.reported("the second object leaked at vkDestroyDevice", &got, &["VUID-vkDestroyDevice-device-05137"]);
    let text = got.first().map_or("", |m| m.text.as_str());
    t.check(text.contains("VkSyntheticObjectVIGIL"), "…the message names the handle type", text);
    let s = shim.stats();
    t.check(
        s.leaked == before.leaked + 1,
        "…and vkDestroyDevice reached the shim, which still had it",
        format!("{s:?}"),
    );
    Ok(())
}

/// An invalid create: exactly `want` reported, VK_ERROR_VALIDATION_FAILED returned, nothing
/// reached the shim.
fn invalid_create(t: &mut Checks, shim: &Shim, what: &str, want: &[&str], call: impl FnOnce() -> vk::Result) {
    let before = shim.stats();
    let (r, got) = during(call);
    t.reported(what, &got, want);
    let s = shim.stats();
    t.check(
        r == vk::Result::ERROR_VALIDATION_FAILED_EXT && s.create_calls == before.create_calls,
        "…the call was skipped",
        format!("{r}; the shim saw {} create calls", s.create_calls - before.create_calls),
    );
}

/// With wrapping off the application gets the shim's values: the comparison above is not
/// vacuous.
fn without_wrapping(t: &mut Checks, shim: &Shim, entry: &ash::Entry) -> Result<(), String> {
    println!("Vigil with handle_wrapping=false:");
    let inst = Instance::new(entry, false)?;
    let (pd, family) = inst.lavapipe()?;
    let device = inst.device(pd, family, true, None).map_err(|e| format!("vkCreateDevice: {e}"))?;
    let c = inst.commands(&device).ok_or("vkGetDeviceProcAddr gave NULL for a command of the enabled extension")?;
    let info = ObjectCreateInfo {
        s_type: synthetic::STRUCTURE_TYPE_OBJECT_CREATE_INFO,
        p_next: std::ptr::null(),
        flags: 0,
        mode: synthetic::MODE_PLAIN,
        payload: 0,
    };
    let mut object = 0;
    let (r, got) = during(|| {
        let r = c.create(&device, &info, &mut object);
        c.destroy(&device, object);
        // SAFETY: nothing uses the device any more.
        unsafe { device.destroy_device(None) };
        r
    });
    t.reported("create, destroy, destroy the device", &got, &[]);
    let s = shim.stats();
    t.check(
        r == vk::Result::SUCCESS && object == s.last_created && s.last_destroyed == object,
        "the application sees the shim's own value",
        format!("{object:#x}, the shim handed out {:#x}", s.last_created),
    );
    Ok(())
}
