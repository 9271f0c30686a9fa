//! The generated checks' engines: what each level of command may use (API version, enabled or
//! supported extensions, available commands), worked out once per instance, device and
//! physical device, and handed with each call to the interpreter.

use std::collections::BTreeSet;
use std::ffi::{c_char, CStr};
use std::sync::{Arc, OnceLock, RwLock};

use vigil_generated::chassis::CommandLevel;
use vigil_generated::extensions::EXTENSIONS;
use vigil_generated::stateless::{CommandChecks, Engine, Field};
use vigil_generated::*;

use vigil_generated::features::ExtensionSet;

use super::engine::{version_within, Check, Enabled, Report, Walk};
use crate::facts::DeviceFacts;
use crate::report::{Object, Reporter};

/// The `count` C strings at `names` (none when NULL); strings that are NULL or not UTF-8 are
/// left out.
///
/// # Safety
/// `names` must point at `count` pointers, each NULL or a NUL-terminated string.
unsafe fn c_strings<'a>(names: *const *const c_char, count: u32) -> impl Iterator<Item = &'a str> {
    let list: &[*const c_char] =
        if names.is_null() || count == 0 { &[] } else { unsafe { std::slice::from_raw_parts(names, count as usize) } };
    list.iter().filter(|p| !p.is_null()).filter_map(|&p| unsafe { CStr::from_ptr(p) }.to_str().ok())
}

/// Whether `name` is a device extension of the registry.
fn is_device_extension(name: &str) -> bool {
    EXTENSIONS.iter().any(|e| e.name == name && !e.instance)
}

/// What instance-level commands may use, from `VkInstanceCreateInfo`.
///
/// # Safety
/// `info` must be NULL or a valid create info.
unsafe fn instance_enabled(info: *const VkInstanceCreateInfo) -> Enabled {
    let (api_version, names) = if info.is_null() {
        (0, BTreeSet::new())
    } else {
        let info = unsafe { &*info };
        let app = info.pApplicationInfo;
        let api = if app.is_null() { 0 } else { unsafe { (*app).apiVersion } };
        let names: BTreeSet<&str> =
            unsafe { c_strings(info.ppEnabledExtensionNames, info.enabledExtensionCount) }.collect();
        (api, names)
    };
    let api_version = if api_version == 0 { make_api_version(0, 1, 0, 0) } else { api_version };
    let extensions = ExtensionSet::from_names(names.iter().copied());
    // Device-extension commands dispatched on the instance cannot be judged before a device
    // exists: they count as available.
    let holds = |t: &str| version_within(t, api_version).unwrap_or_else(|| names.contains(t) || is_device_extension(t));
    Enabled::new(api_version, api_version, extensions, &holds)
}

/// The next layer's functions the physical-device facts come from.
struct Next {
    get_properties: Option<PFN_vkGetPhysicalDeviceProperties>,
    enumerate_extensions: Option<PFN_vkEnumerateDeviceExtensionProperties>,
}

/// A physical device as queries see it.
struct PhysicalDeviceFacts {
    /// `VkPhysicalDeviceProperties::apiVersion`.
    api_version: u32,
    /// What its queries may use: its own version, the instance's extensions and the device
    /// extensions it supports; commands within min(instance, device) version.
    query: Enabled,
    /// VK_KHR_maintenance5 (core in 1.4): queries may pass values beyond those defined.
    maintenance5: bool,
}

/// The engine of instance-level commands (and vkCreateInstance, vkCreateDevice).
pub struct InstanceEngine {
    reporter: Arc<Reporter>,
    enabled: Enabled,
    instance_extensions: BTreeSet<String>,
    next: OnceLock<Next>,
    physical_devices: RwLock<Vec<(u64, Arc<PhysicalDeviceFacts>)>>,
}

impl InstanceEngine {
    /// The engine of the instance `info` creates.
    ///
    /// # Safety
    /// `info` must be a valid `VkInstanceCreateInfo`.
    pub unsafe fn new(reporter: Arc<Reporter>, info: *const VkInstanceCreateInfo) -> Self {
        let instance_extensions = if info.is_null() {
            BTreeSet::new()
        } else {
            let i = unsafe { &*info };
            unsafe { c_strings(i.ppEnabledExtensionNames, i.enabledExtensionCount) }.map(str::to_string).collect()
        };
        InstanceEngine {
            reporter,
            enabled: unsafe { instance_enabled(info) },
            instance_extensions,
            next: OnceLock::new(),
            physical_devices: RwLock::new(Vec::new()),
        }
    }

    /// The instance exists: physical-device facts can be queried through `dispatch`.
    pub fn instance_created(&self, dispatch: &InstanceDispatch) {
        let _ = self.next.set(Next {
            get_properties: dispatch.get_physical_device_properties,
            enumerate_extensions: dispatch.enumerate_device_extension_properties,
        });
    }

    /// The facts of `pd`, queried once; `None` before the instance exists.
    fn physical_device(&self, pd: VkPhysicalDevice) -> Option<Arc<PhysicalDeviceFacts>> {
        let key = pd.0 as u64;
        {
            let list = self.physical_devices.read().unwrap_or_else(|e| e.into_inner());
            if let Some((_, f)) = list.iter().find(|(k, _)| *k == key) {
                return Some(f.clone());
            }
        }
        let next = self.next.get()?;
        let mut props = VkPhysicalDeviceProperties::default();
        // SAFETY: the next layer's functions, on a physical device of this instance, with the
        // two-call idiom for the extensions.
        if let Some(get) = next.get_properties {
            unsafe { get(pd, &mut props) };
        }
        let mut supported = BTreeSet::new();
        if let Some(enumerate) = next.enumerate_extensions {
            let mut n = 0;
            let mut list = Vec::new();
            if unsafe { enumerate(pd, std::ptr::null(), &mut n, std::ptr::null_mut()) } == VkResult::VK_SUCCESS {
                list.resize(n as usize, VkExtensionProperties::default());
                let r = unsafe { enumerate(pd, std::ptr::null(), &mut n, list.as_mut_ptr()) };
                if r == VkResult::VK_SUCCESS || r == VkResult::VK_INCOMPLETE {
                    list.truncate(n as usize);
                }
            }
            for e in &list {
                // SAFETY: extensionName is NUL-terminated within its array.
                let name = unsafe { CStr::from_ptr(e.extensionName.as_ptr()) };
                supported.insert(name.to_string_lossy().into_owned());
            }
        }
        let api_version = if props.apiVersion == 0 { make_api_version(0, 1, 0, 0) } else { props.apiVersion };
        let effective = api_version.min(self.enabled.api_version);
        let names: BTreeSet<&str> = self.instance_extensions.iter().chain(&supported).map(String::as_str).collect();
        let holds = |t: &str| version_within(t, effective).unwrap_or_else(|| names.contains(t));
        let mut query = Enabled::new(api_version, effective, ExtensionSet::from_names(names.iter().copied()), &holds);
        query.query = true;
        let maintenance5 =
            api_version & !0xfff >= make_api_version(0, 1, 4, 0) || supported.contains("VK_KHR_maintenance5");
        let facts = Arc::new(PhysicalDeviceFacts { api_version, query, maintenance5 });
        let mut list = self.physical_devices.write().unwrap_or_else(|e| e.into_inner());
        if let Some((_, f)) = list.iter().find(|(k, _)| *k == key) {
            return Some(f.clone());
        }
        list.push((key, facts.clone()));
        Some(facts)
    }

    /// What vkCreateDevice's create info may use: the device's version (capped by the
    /// instance's), the instance's extensions and the device extensions it enables.
    ///
    /// # Safety
    /// `info` must be NULL or a valid `VkDeviceCreateInfo`.
    unsafe fn device_create_enabled(
        &self,
        facts: Option<&PhysicalDeviceFacts>,
        info: *const VkDeviceCreateInfo,
    ) -> Enabled {
        let api_version = facts.map_or(self.enabled.api_version, |f| f.api_version.min(self.enabled.api_version));
        let mut names: BTreeSet<&str> = self.instance_extensions.iter().map(String::as_str).collect();
        if !info.is_null() {
            let i = unsafe { &*info };
            names.extend(unsafe { c_strings(i.ppEnabledExtensionNames, i.enabledExtensionCount) });
        }
        Enabled::plain(api_version, ExtensionSet::from_names(names))
    }
}

/// The handle in the dispatchable first parameter, as the object a message is about.
///
/// # Safety
/// `params[0]` must be the address of a handle when `command.object` is set.
unsafe fn first_object(command: &CommandChecks, params: &[*const u8]) -> Option<Object> {
    let ty = command.object?;
    let p = *params.first()?;
    Some(Object { ty, handle: unsafe { (p as *const u64).read_unaligned() } })
}

impl Engine for InstanceEngine {
    fn validate(&self, command: &'static CommandChecks, params: &[*const u8]) -> bool {
        // SAFETY: the generated hook passes the address of every parameter.
        let object = unsafe { first_object(command, params) };
        let objects: &[Object] = object.as_slice();
        let call = |enabled: &Enabled, any_values: bool| {
            let mode = Report { reporter: &self.reporter, objects };
            Walk { mode, enabled, any_values }.command(command, params)
        };
        match command.level {
            CommandLevel::Global => {
                // vkCreateInstance: what the instance will enable is in the create info.
                // SAFETY: parameter 0 is `const VkInstanceCreateInfo*`.
                let info = unsafe { *(params[0] as *const *const VkInstanceCreateInfo) };
                call(&unsafe { instance_enabled(info) }, false)
            }
            CommandLevel::PhysicalDevice => {
                let pd = object.map_or(VkPhysicalDevice::null(), |o| VkPhysicalDevice(o.handle as usize));
                let facts = self.physical_device(pd);
                if command.name == "vkCreateDevice" {
                    // SAFETY: parameter 1 of vkCreateDevice is `const VkDeviceCreateInfo*`.
                    let info = unsafe { *(params[1] as *const *const VkDeviceCreateInfo) };
                    return call(&unsafe { self.device_create_enabled(facts.as_deref(), info) }, false);
                }
                match &facts {
                    Some(f) => call(&f.query, f.maintenance5),
                    None => call(&self.enabled, false),
                }
            }
            CommandLevel::Instance | CommandLevel::Device => call(&self.enabled, false),
        }
    }

    // Instance-level commands are rare: no fast path (`fast` is false), every call goes to
    // `validate`.
    fn enum_ok(&self, _: u16, _: i32) -> bool {
        false
    }
    fn bits_ok(&self, _: u16, _: u64) -> bool {
        false
    }
    fn flag_bit_ok(&self, _: u16, _: u64) -> bool {
        false
    }
    fn struct_ok(&self, _: u16, _: *const u8, _: bool) -> bool {
        false
    }
    fn elements_ok(&self, _: &'static Field, _: *const u8, _: usize) -> bool {
        false
    }
    fn handles_ok(&self, _: *const u64, _: usize) -> bool {
        false
    }
}

/// The engine of device-level commands.
pub struct DeviceEngine {
    reporter: Arc<Reporter>,
    enabled: Enabled,
}

impl DeviceEngine {
    /// The engine of a device: its API version and the extensions it and its instance enable.
    pub fn new(reporter: Arc<Reporter>, facts: &DeviceFacts) -> Self {
        DeviceEngine { reporter, enabled: Enabled::plain(facts.api_version, facts.extensions.clone()) }
    }
}

impl DeviceEngine {
    /// The fast pass: the same walk, only noting whether anything breaks.
    #[inline]
    fn check(&self) -> Walk<'_, Check> {
        Walk { mode: Check, enabled: &self.enabled, any_values: false }
    }
}

impl Engine for DeviceEngine {
    /// The reporting pass, taken when the hook's fast checks find something (or cannot tell).
    #[cold]
    #[inline(never)]
    fn validate(&self, command: &'static CommandChecks, params: &[*const u8]) -> bool {
        // SAFETY: the generated hook passes the address of every parameter.
        let object = unsafe { first_object(command, params) };
        let objects: &[Object] = object.as_slice();
        let mode = Report { reporter: &self.reporter, objects };
        Walk { mode, enabled: &self.enabled, any_values: false }.command(command, params)
    }

    #[inline]
    fn fast(&self, index: u16) -> bool {
        self.enabled.command(index)
    }

    #[inline(never)]
    fn enum_ok(&self, e: u16, v: i32) -> bool {
        self.enabled.enum_ok(e, v)
    }

    #[inline(never)]
    fn bits_ok(&self, b: u16, v: u64) -> bool {
        self.enabled.bits_ok(b, v)
    }

    #[inline(never)]
    fn flag_bit_ok(&self, b: u16, v: u64) -> bool {
        self.enabled.flag_bit_ok(b, v)
    }

    #[inline(never)]
    fn struct_ok(&self, s: u16, p: *const u8, output: bool) -> bool {
        !self.check().structure(s, p, &(), false, output)
    }

    #[inline(never)]
    fn elements_ok(&self, f: &'static Field, p: *const u8, n: usize) -> bool {
        !self.check().elements(f, p, n, &())
    }

    #[inline]
    fn handles_ok(&self, p: *const u64, n: usize) -> bool {
        // SAFETY: the application passes `n` handles at `p` (the generated check has seen
        // that the count is not 0 and the pointer not NULL).
        unsafe { std::slice::from_raw_parts(p, n) }.iter().all(|&h| h != 0)
    }
}
