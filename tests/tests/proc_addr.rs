//! `vkGetDeviceProcAddr` through Vigil, on a device with every extension lavapipe offers: each
//! device command of the enabled versions and extensions resolves to Vigil's intercept, and
//! names Vigil must not provide resolve as they do without Vigil.
//!
//! Which commands exist, at which level, and which versions and extensions provide them comes
//! from the generated tables: this test depends on that part of the generated crate's API
//! (`COMMANDS` with `CommandInfo`, `CommandLevel`, `Provider`, `Dep::eval`; `EXTENSIONS` with
//! `ExtensionInfo::provisional`).

use std::collections::BTreeSet;
use std::ffi::{c_void, CStr, CString};
use std::path::Path;

use ash::vk;
use vigil_generated::extensions::EXTENSIONS;
use vigil_generated::{CommandInfo, CommandLevel, COMMANDS};
use vigil_tests::context::{pick_lavapipe, ContextBuilder};
use vigil_tests::native::{self, Owner};
use vigil_tests::{layer_library, Context, MessageLog, VulkanEnv, VIGIL_LAYER};

/// Device commands the loader answers itself, whatever the layers: `loader_non_passthrough_gdpa`
/// (loader 1.3.239, `gpa_helper.h`) returns its own trampolines for them, because the loader
/// must see device destruction and stamp its dispatch table into new queues and command
/// buffers. Through the loader they resolve into libvulkan; Vigil's own `vkGetDeviceProcAddr`
/// must still return its intercepts.
const LOADER_OWNED: &[&str] =
    &["vkGetDeviceProcAddr", "vkDestroyDevice", "vkGetDeviceQueue", "vkGetDeviceQueue2", "vkAllocateCommandBuffers"];

/// Names no implementation knows.
const FAKE_NAMES: &[&str] =
    &["vkFakeCommandVIGIL", "vkCmdFakeDrawVIGIL", "vkGetDeviceProcAddrVIGIL", "notAVulkanCommand"];

/// What the device is created with, and so which commands must resolve.
struct Setup {
    /// `VK_MAKE_API_VERSION(0, major, minor, 0)` for the instance and the device.
    api_version: u32,
    /// `VK_VERSION_1_0` up to `api_version`.
    versions: Vec<String>,
    instance_extensions: Vec<CString>,
    device_extensions: Vec<CString>,
}

impl Setup {
    /// Probes, without Vigil, what the loader and lavapipe support.
    fn probe(entry: &ash::Entry) -> Setup {
        // SAFETY: global queries on a loaded loader.
        let loader_version = unsafe { entry.try_enumerate_instance_version() }
            .expect("vkEnumerateInstanceVersion")
            .unwrap_or(vk::API_VERSION_1_0);
        let instance_extensions: Vec<CString> = unsafe { entry.enumerate_instance_extension_properties(None) }
            .expect("vkEnumerateInstanceExtensionProperties")
            .iter()
            .map(|e| e.extension_name_as_c_str().expect("NUL-terminated").to_owned())
            .collect();
        // The loader caps what an instance can use (loader 1.3.239: 1.3, though lavapipe
        // reports 1.4); the device gets the lower of the two.
        let loader_api =
            vk::make_api_version(0, vk::api_version_major(loader_version), vk::api_version_minor(loader_version), 0);
        let log = MessageLog::new();
        let instance = ContextBuilder::new().api_version(loader_api).create_instance(entry, &log);
        let pd = pick_lavapipe(&instance);
        // SAFETY: a physical device of this live instance.
        let (device_version, available) = unsafe {
            let props = instance.get_physical_device_properties(pd);
            let exts =
                instance.enumerate_device_extension_properties(pd).expect("vkEnumerateDeviceExtensionProperties");
            instance.destroy_instance(None);
            (props.api_version, exts)
        };
        let device_api =
            vk::make_api_version(0, vk::api_version_major(device_version), vk::api_version_minor(device_version), 0);
        let api_version = loader_api.min(device_api);
        assert!(
            api_version >= vk::API_VERSION_1_3,
            "loader or lavapipe below Vulkan 1.3: {loader_version:#x}, {device_version:#x}"
        );
        let provisional = provisional_extensions();
        let device_extensions = available
            .iter()
            .map(|e| e.extension_name_as_c_str().expect("NUL-terminated").to_owned())
            .filter(|e| !provisional.contains(e.to_str().unwrap()))
            .collect();
        let versions = (0..=vk::api_version_minor(api_version)).map(|minor| format!("VK_VERSION_1_{minor}")).collect();
        Setup { api_version, versions, instance_extensions, device_extensions }
    }

    /// A context with every probed extension, with or without Vigil.
    ///
    /// Every non-provisional extension lavapipe (Mesa 25.0) reports can be enabled together, with
    /// no features: none of them conflicts with another at device creation. Instance extensions
    /// are all enabled too, so that device extensions that depend on one (VK_KHR_swapchain on
    /// VK_KHR_surface, VK_EXT_swapchain_maintenance1 on VK_EXT_surface_maintenance1, ...) are
    /// valid and the debug-utils device commands are available.
    fn context(&self, entry: &ash::Entry, vigil: bool) -> Context {
        let instance_exts: Vec<&CStr> = self.instance_extensions.iter().map(CString::as_c_str).collect();
        let device_exts: Vec<&CStr> = self.device_extensions.iter().map(CString::as_c_str).collect();
        let layers: &[&str] = if vigil { &[VIGIL_LAYER] } else { &[] };
        ContextBuilder::new()
            .layers(layers)
            .api_version(self.api_version)
            .instance_extensions(&instance_exts)
            .device_extensions(&device_exts)
            .build(entry)
    }

    /// Whether a version or extension name is enabled.
    fn holds(&self, name: &str) -> bool {
        self.versions.iter().any(|v| v == name)
            || self.instance_extensions.iter().chain(&self.device_extensions).any(|e| e.to_bytes() == name.as_bytes())
    }
}

/// Extensions the registry marks provisional (VK_KHR_portability_subset and such): beta
/// interfaces an application must opt into, so the test does not enable them.
fn provisional_extensions() -> BTreeSet<&'static str> {
    let found: BTreeSet<&str> = EXTENSIONS.iter().filter(|e| e.provisional).map(|e| e.name).collect();
    assert!(found.contains("VK_KHR_portability_subset"), "the extension table marks nothing provisional");
    found
}

/// The vendor tag of an extension name: `KHR` for `VK_KHR_swapchain`.
fn vendor_tag(extension: &str) -> &str {
    extension.split('_').nth(1).unwrap_or("")
}

/// A dependency expression, each name decided by `holds` (the test's own reading of the
/// generated data, independent of the layer's).
fn dep_holds(d: &vigil_generated::Dep, holds: &dyn Fn(&str) -> bool) -> bool {
    match d {
        vigil_generated::Dep::Term(t) => holds(t),
        vigil_generated::Dep::All(v) => v.iter().all(|d| dep_holds(d, holds)),
        vigil_generated::Dep::Any(v) => v.iter().any(|d| dep_holds(d, holds)),
    }
}

/// The names under which `setup` makes `cmd` available.
///
/// A command has one canonical name and maybe aliases (`vkCmdDrawIndirectCount`,
/// `vkCmdDrawIndirectCountKHR`, `vkCmdDrawIndirectCountAMD`), and each provider makes one of
/// them available: a core version the canonical name; an extension the name carrying its
/// vendor tag, or the only name when there are no aliases (VK_EXT_shader_object provides
/// `vkCmdSetCoverageModulationModeNV`). The command table lists providers, not which name each
/// provides; this rule recovers that exactly for every provider of the pinned 1.4.363 registry
/// (checked against each extension's `<require>` lists when the test was written), and the
/// assertion below catches a provider it would give no name.
fn enabled_names(cmd: &CommandInfo, setup: &Setup) -> BTreeSet<&'static str> {
    let holds = |name: &str| setup.holds(name);
    let mut names = BTreeSet::new();
    for p in cmd.provided_by {
        if !(setup.holds(p.by) && p.depends.is_none_or(|d| dep_holds(d, &holds))) {
            continue;
        }
        let by_provider: Vec<&'static str> = if p.by.starts_with("VK_VERSION_") || cmd.aliases.is_empty() {
            vec![cmd.name]
        } else {
            std::iter::once(&cmd.name).chain(cmd.aliases).copied().filter(|n| n.ends_with(vendor_tag(p.by))).collect()
        };
        assert_eq!(by_provider.len(), 1, "cannot tell which name of {} {} provides: {by_provider:?}", cmd.name, p.by);
        names.extend(by_provider);
    }
    names
}

/// Every name in the registry, canonical names and aliases, of commands at every level.
fn registry_names() -> impl Iterator<Item = (&'static CommandInfo, &'static str)> {
    COMMANDS.iter().flat_map(|c| std::iter::once(c.name).chain(c.aliases.iter().copied()).map(move |n| (c, n)))
}

/// Resolves `name` with a `vkGetDeviceProcAddr`.
fn resolve(gdpa: vk::PFN_vkGetDeviceProcAddr, device: vk::Device, name: &str) -> *const c_void {
    let name = CString::new(name).unwrap();
    // SAFETY: a live device and a NUL-terminated name.
    unsafe { gdpa(device, name.as_ptr()) }.map_or(std::ptr::null(), |f| f as *const c_void)
}

/// Where an address lies, for messages.
fn describe(addr: *const c_void) -> String {
    match native::owner(addr as usize) {
        None if addr.is_null() => "NULL".into(),
        None => format!("{addr:p} (in no loaded object)"),
        Some(Owner { file, symbol, .. }) => format!("{addr:p} in {} ({})", file.display(), symbol.unwrap_or_default()),
    }
}

/// Whether `addr` lies in the loaded object based at `base`.
fn lies_in(addr: *const c_void, base: usize) -> bool {
    native::owner(addr as usize).is_some_and(|o| o.base == base)
}

/// Vigil's own `vkGetDeviceProcAddr` and the load base of its library, found by opening the
/// packaged library with RTLD_NOLOAD: that succeeds only because the loader already loaded
/// exactly this file for the context.
fn vigil_library() -> (libloading::os::unix::Library, vk::PFN_vkGetDeviceProcAddr, usize) {
    let path = layer_library();
    let lib = native::open_loaded(&path)
        .unwrap_or_else(|| panic!("{} is not loaded although Vigil was enabled", path.display()));
    // SAFETY: Vigil exports vkGetDeviceProcAddr with its standard signature.
    let gdpa: vk::PFN_vkGetDeviceProcAddr = *unsafe { lib.get(b"vkGetDeviceProcAddr\0") }
        .unwrap_or_else(|e| panic!("{} exports no vkGetDeviceProcAddr: {e}", path.display()));
    let owner = native::owner(gdpa as usize).expect("dladdr on Vigil's vkGetDeviceProcAddr");
    assert_same_file(&owner.file, &path);
    (lib, gdpa, owner.base)
}

fn assert_same_file(a: &Path, b: &Path) {
    let canon = |p: &Path| p.canonicalize().unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    assert_eq!(canon(a), canon(b), "dladdr names another file");
}

#[test]
fn every_enabled_device_command_resolves_to_vigil() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let setup = Setup::probe(&entry);
    // The same device without Vigil says which commands the chain below provides at all.
    let plain = setup.context(&entry, false);
    let ctx = setup.context(&entry, true);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    let (_vigil, vigil_gdpa, vigil_base) = vigil_library();
    // The loader's vkGetDeviceProcAddr, as the application gets it.
    let loader_gdpa = ctx.instance.fp_v1_0().get_device_proc_addr;
    let device = ctx.device.handle();

    let mut intercepted = 0;
    let mut not_below = Vec::new();
    let mut wrong = Vec::new();
    for cmd in COMMANDS.iter().filter(|c| c.level == CommandLevel::Device) {
        for name in enabled_names(cmd, &setup) {
            let direct = resolve(vigil_gdpa, device, name);
            let via_loader = resolve(loader_gdpa, device, name);
            if resolve(plain.instance.fp_v1_0().get_device_proc_addr, plain.device.handle(), name).is_null() {
                // The chain below does not provide it although its extension is enabled
                // (lavapipe advertises VK_ANDROID_external_memory_android_hardware_buffer on
                // Linux, but its commands are compiled for Android only). An intercept would
                // have nothing to call, so Vigil must answer NULL as well.
                not_below.push(name);
                for (how, addr) in [("Vigil's vkGetDeviceProcAddr", direct), ("the loader", via_loader)] {
                    if !addr.is_null() {
                        wrong.push(format!("{name}: NULL without Vigil, but {how} gives {}", describe(addr)));
                    }
                }
                continue;
            }
            intercepted += 1;
            if !lies_in(direct, vigil_base) {
                wrong.push(format!("Vigil's vkGetDeviceProcAddr({name}) = {}", describe(direct)));
            }
            let ok = if LOADER_OWNED.contains(&name) {
                native::owner(via_loader as usize).is_some_and(|o| o.file.to_string_lossy().contains("libvulkan.so"))
            } else {
                lies_in(via_loader, vigil_base)
            };
            if !ok {
                wrong.push(format!("vkGetDeviceProcAddr({name}) through the loader = {}", describe(via_loader)));
            }
        }
    }
    println!(
        "Vulkan {}.{}, {} device extensions: {intercepted} device commands resolve to Vigil; \
         enabled but not provided below Vigil: {not_below:?}",
        vk::api_version_major(setup.api_version),
        vk::api_version_minor(setup.api_version),
        setup.device_extensions.len()
    );
    // A table or rule that selects next to nothing would pass vacuously: 1.3 core alone has
    // well over 200 device commands, and lavapipe's extensions add many more.
    assert!(intercepted > 300, "only {intercepted} enabled device commands to check");
    assert!(not_below.len() < 10, "suspiciously many enabled commands missing below Vigil: {not_below:?}");
    assert!(
        wrong.is_empty(),
        "{} wrong resolutions of {intercepted} enabled device commands ({} device extensions enabled):\n  {}",
        wrong.len(),
        setup.device_extensions.len(),
        wrong.join("\n  ")
    );
}

#[test]
fn instance_commands_resolve_to_vigil_when_libvulkan_is_global() {
    // An application linked against libvulkan.so.1 puts the loader's vk* exports in the global
    // scope, ahead of Vigil's own. If Vigil's library referred to one of its exported names
    // internally (LLVM may fold a private intercept into the exported forwarder with the same
    // body and take its address through the GOT), the pointer it hands out would be the loader's
    // trampoline, and the layer above Vigil would call back into the loader with a handle the
    // loader does not know: vkcube aborted that way under Mesa's device-select layer.
    let _loader = native::open_global("libvulkan.so.1");
    // Only the instance: enumerating physical devices is where the layer above would call back
    // into the loader and abort the process, and this test should fail with a message instead.
    let entry = VulkanEnv::new().with_vigil().entry();
    let log = MessageLog::new();
    let instance = ContextBuilder::new().layers(&[VIGIL_LAYER]).create_instance(&entry, &log);
    let (vigil, _, vigil_base) = vigil_library();
    // SAFETY: Vigil exports vkGetInstanceProcAddr with its standard signature.
    let gipa: vk::PFN_vkGetInstanceProcAddr = *unsafe { vigil.get(b"vkGetInstanceProcAddr\0") }.unwrap();

    let mut checked = 0;
    let mut wrong = Vec::new();
    for (cmd, name) in registry_names().filter(|(c, _)| c.level != CommandLevel::Device) {
        let c_name = CString::new(name).unwrap();
        // SAFETY: a live instance and a NUL-terminated name.
        let Some(f) = (unsafe { gipa(instance.handle(), c_name.as_ptr()) }) else { continue };
        checked += 1;
        if !lies_in(f as *const c_void, vigil_base) {
            wrong.push(format!("{name} ({:?}) = {}", cmd.level, describe(f as *const c_void)));
        }
    }
    for exported in
        ["vkEnumerateDeviceExtensionProperties", "vkEnumerateDeviceLayerProperties", "vkGetInstanceProcAddr"]
    {
        assert!(registry_names().any(|(_, n)| n == exported), "{exported} is not in the registry");
    }
    assert!(checked > 50, "only {checked} instance-level commands resolve through Vigil");
    // SAFETY: nothing created from the instance is alive.
    unsafe { instance.destroy_instance(None) };
    assert!(wrong.is_empty(), "{} of {checked} commands resolve outside Vigil:\n  {}", wrong.len(), wrong.join("\n  "));
    assert!(log.problem_ids().is_empty(), "Vigil reported {:?}", log.problem_ids());
}

#[test]
fn unknown_names_resolve_as_without_vigil() {
    let entry = VulkanEnv::new().with_vigil().entry();
    let setup = Setup::probe(&entry);
    let plain = setup.context(&entry, false);
    let with_vigil = setup.context(&entry, true);
    assert!(with_vigil.vigil_in_chain(), "Vigil is not in the call chain");
    assert!(!plain.vigil_in_chain(), "Vigil is in a chain it was not enabled for");
    let gdpa =
        |ctx: &Context, name: &str| resolve(ctx.instance.fp_v1_0().get_device_proc_addr, ctx.device.handle(), name);

    for name in FAKE_NAMES {
        assert!(gdpa(&plain, name).is_null(), "without Vigil, {name} resolves to {}", describe(gdpa(&plain, name)));
        let got = gdpa(&with_vigil, name);
        assert!(got.is_null(), "with Vigil, {name} resolves to {} instead of NULL", describe(got));
    }
}

#[test]
fn unavailable_registry_commands_never_resolve_where_the_chain_below_does_not() {
    // Device commands of versions above the device's and of extensions not enabled (lavapipe
    // lacks them, or they are provisional), and every non-device command. Where the chain
    // below answers NULL, an intercept from Vigil would call NULL, so Vigil must answer NULL.
    //
    // The other direction is not required: lavapipe hands out some commands whose registry
    // dependencies are not enabled (vkCmdSetConservativeRasterizationModeEXT needs
    // VK_EXT_extended_dynamic_state3 *and* VK_EXT_conservative_rasterization, which lavapipe
    // lacks), and a layer may refuse those, as the spec's "any other case: NULL" allows.
    let entry = VulkanEnv::new().with_vigil().entry();
    let setup = Setup::probe(&entry);
    let plain = setup.context(&entry, false);
    let with_vigil = setup.context(&entry, true);
    assert!(with_vigil.vigil_in_chain(), "Vigil is not in the call chain");
    let gdpa =
        |ctx: &Context, name: &str| resolve(ctx.instance.fp_v1_0().get_device_proc_addr, ctx.device.handle(), name);

    let mut checked = 0;
    let mut stricter = Vec::new();
    let mut wrong = Vec::new();
    for (cmd, name) in registry_names() {
        // Global, instance and physical-device commands are never available through
        // vkGetDeviceProcAddr, so they belong here too.
        if cmd.level == CommandLevel::Device && enabled_names(cmd, &setup).contains(name) {
            continue;
        }
        let (without, with) = (gdpa(&plain, name), gdpa(&with_vigil, name));
        if without.is_null() {
            checked += 1;
            if !with.is_null() {
                wrong.push(format!("{name}: NULL without Vigil, {} with Vigil", describe(with)));
            }
        } else if with.is_null() {
            stricter.push(name);
        }
    }
    println!("unavailable commands lavapipe grants but Vigil refuses: {stricter:?}");
    assert!(checked > 300, "only {checked} unavailable commands");
    assert!(
        wrong.is_empty(),
        "{} of {checked} unavailable commands resolve through Vigil only:\n  {}",
        wrong.len(),
        wrong.join("\n  ")
    );
}
