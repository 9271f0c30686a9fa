//! A small program the reporting and settings tests run as a child process, so each run can
//! have its own environment and settings file. It creates an instance and device with Vigil
//! (found through `VK_ADD_LAYER_PATH`), then makes `--bad-buffers N` buffers of size 0
//! (VUID-VkBufferCreateInfo-size-00912), which lavapipe accepts harmlessly when Vigil lets
//! the call through.
//!
//! Options:
//! - `--messenger`: create a debug-utils messenger (also chained into instance creation); each
//!   message becomes a line `MSG <severity> <id> <0xhash> <object names> <text>` on stdout.
//! - `--skip`: the messenger answers VK_TRUE to errors.
//! - `--setting key=value`: a `VkLayerSettingsCreateInfoEXT` string setting for Vigil.
//! - `--disable-api-parameters`: `VkValidationFeaturesEXT` disabling parameter validation.
//! - `--name-device NAME`: name the device with vkSetDebugUtilsObjectNameEXT first.
//! - `--print-handles N`: create N valid buffers and print each handle as `HANDLE 0x…`.
//!
//! Every call's result is printed as `RESULT <VkResult>` so tests see skipped calls.

use std::ffi::{c_void, CStr, CString};

use ash::{ext, vk};
use vigil_tests::VIGIL_LAYER;

struct Options {
    messenger: bool,
    skip: bool,
    settings: Vec<(CString, CString)>,
    disable_api_parameters: bool,
    name_device: Option<CString>,
    bad_buffers: u32,
    print_handles: u32,
}

fn options() -> Options {
    let mut o = Options {
        messenger: false,
        skip: false,
        settings: Vec::new(),
        disable_api_parameters: false,
        name_device: None,
        bad_buffers: 1,
        print_handles: 0,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--messenger" => o.messenger = true,
            "--skip" => o.skip = true,
            "--disable-api-parameters" => o.disable_api_parameters = true,
            "--setting" => {
                let kv = args.next().expect("--setting key=value");
                let (k, v) = kv.split_once('=').expect("--setting key=value");
                o.settings.push((CString::new(k).unwrap(), CString::new(v).unwrap()));
            }
            "--name-device" => o.name_device = Some(CString::new(args.next().expect("--name-device NAME")).unwrap()),
            "--bad-buffers" => o.bad_buffers = args.next().and_then(|n| n.parse().ok()).expect("--bad-buffers N"),
            "--print-handles" => {
                o.print_handles = args.next().and_then(|n| n.parse().ok()).expect("--print-handles N");
            }
            other => panic!("vigil-probe: unknown option {other}"),
        }
    }
    o
}

unsafe extern "system" fn print_message(
    severity: vk::DebugUtilsMessageSeverityFlagsEXT,
    _types: vk::DebugUtilsMessageTypeFlagsEXT,
    data: *const vk::DebugUtilsMessengerCallbackDataEXT<'_>,
    user_data: *mut c_void,
) -> vk::Bool32 {
    let data = unsafe { &*data };
    let text = |p: *const std::ffi::c_char| {
        if p.is_null() {
            String::new()
        } else {
            unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
        }
    };
    let id = text(data.p_message_id_name);
    if id == "Loader Message" {
        return vk::FALSE;
    }
    let objects: Vec<String> = if data.p_objects.is_null() {
        Vec::new()
    } else {
        unsafe { std::slice::from_raw_parts(data.p_objects, data.object_count as usize) }
            .iter()
            .map(|o| format!("{:?}:{}", o.object_type, text(o.p_object_name)))
            .collect()
    };
    let sev = match severity {
        vk::DebugUtilsMessageSeverityFlagsEXT::ERROR => "ERROR",
        vk::DebugUtilsMessageSeverityFlagsEXT::WARNING => "WARNING",
        vk::DebugUtilsMessageSeverityFlagsEXT::INFO => "INFO",
        _ => "VERBOSE",
    };
    println!("MSG {sev} {id} 0x{:08x} [{}] {}", data.message_id_number as u32, objects.join(","), text(data.p_message));
    let skip = !user_data.is_null() && severity == vk::DebugUtilsMessageSeverityFlagsEXT::ERROR;
    if skip {
        vk::TRUE
    } else {
        vk::FALSE
    }
}

fn main() {
    let o = options();
    // SAFETY: loading the system loader.
    let entry = unsafe { ash::Entry::load() }.expect("libvulkan.so.1");
    let layer = CString::new(VIGIL_LAYER).unwrap();
    let layers = [layer.as_ptr()];
    // VK_EXT_layer_settings is newer than Debian 12's loader (1.3.239), which refuses to enable
    // extensions it does not know even when a layer provides them; the structure still travels
    // down the pNext chain to Vigil, as it does for applications on that loader.
    let mut extensions = vec![ext::validation_features::NAME.as_ptr()];
    if o.messenger {
        extensions.push(ext::debug_utils::NAME.as_ptr());
    }
    let app = vk::ApplicationInfo::default().api_version(vk::API_VERSION_1_3);
    let skip_marker = if o.skip { std::ptr::dangling_mut::<c_void>() } else { std::ptr::null_mut() };
    let mut messenger_info = vk::DebugUtilsMessengerCreateInfoEXT::default()
        .message_severity(
            vk::DebugUtilsMessageSeverityFlagsEXT::INFO
                | vk::DebugUtilsMessageSeverityFlagsEXT::WARNING
                | vk::DebugUtilsMessageSeverityFlagsEXT::ERROR,
        )
        .message_type(vk::DebugUtilsMessageTypeFlagsEXT::VALIDATION | vk::DebugUtilsMessageTypeFlagsEXT::GENERAL)
        .pfn_user_callback(Some(print_message))
        .user_data(skip_marker);
    let setting_values: Vec<*const std::ffi::c_char> = o.settings.iter().map(|(_, v)| v.as_ptr()).collect();
    let settings: Vec<vk::LayerSettingEXT> = o
        .settings
        .iter()
        .zip(&setting_values)
        .map(|((k, _), v)| vk::LayerSettingEXT {
            p_layer_name: layer.as_ptr(),
            p_setting_name: k.as_ptr(),
            ty: vk::LayerSettingTypeEXT::STRING,
            value_count: 1,
            p_values: v as *const _ as *const c_void,
            ..Default::default()
        })
        .collect();
    let mut layer_settings = vk::LayerSettingsCreateInfoEXT::default().settings(&settings);
    let disables = [vk::ValidationFeatureDisableEXT::API_PARAMETERS];
    let mut features = vk::ValidationFeaturesEXT::default().disabled_validation_features(&disables);
    let mut info = vk::InstanceCreateInfo::default()
        .application_info(&app)
        .enabled_layer_names(&layers)
        .enabled_extension_names(&extensions)
        .push_next(&mut layer_settings);
    if o.messenger {
        info = info.push_next(&mut messenger_info);
    }
    if o.disable_api_parameters {
        info = info.push_next(&mut features);
    }
    let instance = unsafe { entry.create_instance(&info, None) }.expect("vkCreateInstance");
    let debug_utils = ext::debug_utils::Instance::new(&entry, &instance);
    let messenger = o
        .messenger
        .then(|| unsafe { debug_utils.create_debug_utils_messenger(&messenger_info, None) }.expect("messenger"));
    let pd = unsafe { instance.enumerate_physical_devices() }.expect("physical devices")[0];
    let prio = [1.0f32];
    let queues = [vk::DeviceQueueCreateInfo::default().queue_family_index(0).queue_priorities(&prio)];
    let device =
        unsafe { instance.create_device(pd, &vk::DeviceCreateInfo::default().queue_create_infos(&queues), None) }
            .expect("vkCreateDevice");
    if let Some(name) = &o.name_device {
        let utils = ext::debug_utils::Device::new(&instance, &device);
        let info = vk::DebugUtilsObjectNameInfoEXT::default().object_handle(device.handle()).object_name(name);
        unsafe { utils.set_debug_utils_object_name(&info) }.expect("name the device");
    }
    let bad = vk::BufferCreateInfo::default().size(0).usage(vk::BufferUsageFlags::STORAGE_BUFFER);
    for _ in 0..o.bad_buffers {
        match unsafe { device.create_buffer(&bad, None) } {
            Ok(b) => {
                println!("RESULT SUCCESS");
                unsafe { device.destroy_buffer(b, None) };
            }
            Err(e) => println!("RESULT {e:?}"),
        }
    }
    let good = vk::BufferCreateInfo::default().size(64).usage(vk::BufferUsageFlags::STORAGE_BUFFER);
    let made: Vec<vk::Buffer> =
        (0..o.print_handles).map(|_| unsafe { device.create_buffer(&good, None) }.expect("vkCreateBuffer")).collect();
    for b in &made {
        println!("HANDLE {:#x}", vk::Handle::as_raw(*b));
    }
    unsafe {
        for b in made {
            device.destroy_buffer(b, None);
        }
        device.destroy_device(None);
        if let Some(m) = messenger {
            debug_utils.destroy_debug_utils_messenger(m, None);
        }
        instance.destroy_instance(None);
    }
}
