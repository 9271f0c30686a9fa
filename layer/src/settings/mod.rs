//! Reading the settings, with the Khronos layer-settings conventions: the application
//! (`VkLayerSettingsCreateInfoEXT`, `VkValidationFeaturesEXT`, `VkValidationFlagsEXT`), then
//! `vk_layer_settings.txt`, then the environment, each overriding the one before.

use std::ffi::{c_void, CStr};
use std::path::PathBuf;

use vigil_generated::settings::{SettingError, Settings, SETTINGS};
use vigil_generated::*;

/// The layer's name, as applications enable it (and name it in `VkLayerSettingsEXT`).
pub const LAYER_NAME: &str = "VK_LAYER_VIGIL_validation";

/// The prefix of Vigil's keys in `vk_layer_settings.txt`.
const FILE_PREFIX: &str = "vigil_validation.";

/// Settings as resolved at instance creation, with one warning per bad key or value.
pub struct Resolved {
    pub settings: Settings,
    pub warnings: Vec<String>,
}

/// Where a value came from, for warnings.
#[derive(Clone, Copy)]
enum Source {
    Application,
    File,
    Environment,
}

impl Source {
    fn describe(self) -> &'static str {
        match self {
            Source::Application => "VkLayerSettingsCreateInfoEXT",
            Source::File => "vk_layer_settings.txt",
            Source::Environment => "the environment",
        }
    }
}

fn apply(s: &mut Settings, warnings: &mut Vec<String>, source: Source, key: &str, value: &str) {
    match s.set(key, value) {
        Ok(()) => {}
        Err(SettingError::UnknownKey) => {
            warnings.push(format!("unknown setting `{key}` in {} (ignored)", source.describe()))
        }
        Err(SettingError::BadValue(why)) => {
            warnings.push(format!("setting `{key}` in {}: {why} (ignored)", source.describe()))
        }
    }
}

/// Resolves the settings for an instance being created with `info`.
///
/// # Safety
/// `info` must be a valid `VkInstanceCreateInfo` (pNext chain included).
pub unsafe fn resolve(info: &VkInstanceCreateInfo) -> Resolved {
    let mut settings = Settings::default();
    let mut warnings = Vec::new();
    unsafe { from_application(info.pNext, &mut settings, &mut warnings) };
    if let Some(text) = settings_file().and_then(|p| std::fs::read_to_string(p).ok()) {
        for (key, value) in parse_file(&text) {
            apply(&mut settings, &mut warnings, Source::File, &key, &value);
        }
    }
    for s in SETTINGS {
        let upper = s.key.to_ascii_uppercase();
        let value = std::env::var(format!("VK_VIGIL_VALIDATION_{upper}"))
            .or_else(|_| std::env::var(format!("VK_LAYER_{upper}")));
        if let Ok(v) = value {
            if !v.is_empty() {
                apply(&mut settings, &mut warnings, Source::Environment, s.key, &v);
            }
        }
    }
    Resolved { settings, warnings }
}

/// The settings file, found as the Khronos layer-settings library finds it.
fn settings_file() -> Option<PathBuf> {
    let data_home = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")));
    if let Some(home_file) = data_home.map(|d| d.join("vulkan/settings.d/vk_layer_settings.txt")) {
        if home_file.is_file() {
            return Some(home_file);
        }
    }
    if let Some(p) = std::env::var_os("VK_LAYER_SETTINGS_PATH").map(PathBuf::from) {
        if p.is_dir() {
            return Some(p.join("vk_layer_settings.txt"));
        }
        if p.exists() {
            return Some(p);
        }
    }
    std::env::current_dir().ok().map(|d| d.join("vk_layer_settings.txt"))
}

/// Vigil's `key = value` lines of a settings file (`#` starts a comment).
fn parse_file(text: &str) -> Vec<(String, String)> {
    text.lines()
        .filter_map(|line| {
            let line = line.split('#').next().unwrap_or("");
            let (k, v) = line.split_once('=')?;
            let key = k.trim().strip_prefix(FILE_PREFIX)?;
            Some((key.to_string(), v.trim().to_string()))
        })
        .collect()
}

/// Reads the application's settings structures from the instance create info's pNext.
unsafe fn from_application(mut next: *const c_void, s: &mut Settings, warnings: &mut Vec<String>) {
    while !next.is_null() {
        let header = unsafe { &*(next as *const VkBaseInStructure) };
        match header.sType {
            VkStructureType::VK_STRUCTURE_TYPE_LAYER_SETTINGS_CREATE_INFO_EXT => {
                let info = unsafe { &*(next as *const VkLayerSettingsCreateInfoEXT) };
                for setting in unsafe { slice(info.pSettings, info.settingCount) } {
                    unsafe { layer_setting(setting, s, warnings) };
                }
            }
            VkStructureType::VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT => {
                let f = unsafe { &*(next as *const VkValidationFeaturesEXT) };
                for e in unsafe { slice(f.pEnabledValidationFeatures, f.enabledValidationFeatureCount) } {
                    match *e {
                        VkValidationFeatureEnableEXT::VK_VALIDATION_FEATURE_ENABLE_GPU_ASSISTED_EXT => s.gpuav = true,
                        VkValidationFeatureEnableEXT::VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT => {
                            s.sync = true
                        }
                        other => warnings.push(format!("VkValidationFeaturesEXT: {other:?} is not supported by Vigil")),
                    }
                }
                for d in unsafe { slice(f.pDisabledValidationFeatures, f.disabledValidationFeatureCount) } {
                    disable(s, *d);
                }
            }
            VkStructureType::VK_STRUCTURE_TYPE_VALIDATION_FLAGS_EXT => {
                let f = unsafe { &*(next as *const VkValidationFlagsEXT) };
                for c in unsafe { slice(f.pDisabledValidationChecks, f.disabledValidationCheckCount) } {
                    if *c == VkValidationCheckEXT::VK_VALIDATION_CHECK_ALL_EXT {
                        disable(s, VkValidationFeatureDisableEXT::VK_VALIDATION_FEATURE_DISABLE_ALL_EXT);
                    }
                }
            }
            _ => {}
        }
        next = header.pNext as *const c_void;
    }
}

/// Maps a `VkValidationFeatureDisableEXT` onto the validation-object switches.
fn disable(s: &mut Settings, d: VkValidationFeatureDisableEXT) {
    type D = VkValidationFeatureDisableEXT;
    match d {
        D::VK_VALIDATION_FEATURE_DISABLE_ALL_EXT => {
            s.stateless = false;
            s.object_lifetime = false;
            s.thread_safety = false;
            s.core = false;
            s.sync = false;
            s.gpuav = false;
            s.handle_wrapping = false;
        }
        D::VK_VALIDATION_FEATURE_DISABLE_API_PARAMETERS_EXT => s.stateless = false,
        D::VK_VALIDATION_FEATURE_DISABLE_OBJECT_LIFETIMES_EXT => s.object_lifetime = false,
        D::VK_VALIDATION_FEATURE_DISABLE_THREAD_SAFETY_EXT => s.thread_safety = false,
        D::VK_VALIDATION_FEATURE_DISABLE_CORE_CHECKS_EXT => s.core = false,
        D::VK_VALIDATION_FEATURE_DISABLE_UNIQUE_HANDLES_EXT => s.handle_wrapping = false,
        // Shader checks and the shader cache belong to core validation, which has none yet.
        _ => {}
    }
}

unsafe fn slice<'a, T>(p: *const T, n: u32) -> &'a [T] {
    if p.is_null() || n == 0 {
        &[]
    } else {
        unsafe { std::slice::from_raw_parts(p, n as usize) }
    }
}

/// One `VkLayerSettingEXT`, if it is addressed to Vigil.
unsafe fn layer_setting(setting: &VkLayerSettingEXT, s: &mut Settings, warnings: &mut Vec<String>) {
    if setting.pLayerName.is_null() || setting.pSettingName.is_null() {
        return;
    }
    if unsafe { CStr::from_ptr(setting.pLayerName) }.to_bytes() != LAYER_NAME.as_bytes() {
        return;
    }
    let key = unsafe { CStr::from_ptr(setting.pSettingName) }.to_string_lossy().into_owned();
    let n = setting.valueCount;
    let v = setting.pValues;
    type T = VkLayerSettingTypeEXT;
    let values: Vec<String> = unsafe {
        match setting.r#type {
            T::VK_LAYER_SETTING_TYPE_BOOL32_EXT => {
                slice(v as *const VkBool32, n).iter().map(|b| (*b != 0).to_string()).collect()
            }
            T::VK_LAYER_SETTING_TYPE_INT32_EXT => slice(v as *const i32, n).iter().map(|x| x.to_string()).collect(),
            T::VK_LAYER_SETTING_TYPE_INT64_EXT => slice(v as *const i64, n).iter().map(|x| x.to_string()).collect(),
            T::VK_LAYER_SETTING_TYPE_UINT32_EXT => slice(v as *const u32, n).iter().map(|x| x.to_string()).collect(),
            T::VK_LAYER_SETTING_TYPE_UINT64_EXT => slice(v as *const u64, n).iter().map(|x| x.to_string()).collect(),
            T::VK_LAYER_SETTING_TYPE_FLOAT32_EXT => slice(v as *const f32, n).iter().map(|x| x.to_string()).collect(),
            T::VK_LAYER_SETTING_TYPE_FLOAT64_EXT => slice(v as *const f64, n).iter().map(|x| x.to_string()).collect(),
            T::VK_LAYER_SETTING_TYPE_STRING_EXT => slice(v as *const *const std::ffi::c_char, n)
                .iter()
                .filter(|p| !p.is_null())
                .map(|p| CStr::from_ptr(*p).to_string_lossy().into_owned())
                .collect(),
            other => {
                warnings.push(format!("setting `{key}` in VkLayerSettingsCreateInfoEXT: unsupported type {other:?}"));
                return;
            }
        }
    };
    apply(s, warnings, Source::Application, &key, &values.join(","));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_lines() {
        let text = "# comment\nvigil_validation.duplicate_message_limit = 3 # trailing\n\
                    khronos_validation.validate_sync = true\nvigil_validation.report_flags=error,info\n";
        assert_eq!(
            parse_file(text),
            [
                ("duplicate_message_limit".to_string(), "3".to_string()),
                ("report_flags".to_string(), "error,info".to_string())
            ]
        );
    }

    #[test]
    fn bad_values_warn_once_and_keep_the_default() {
        let mut s = Settings::default();
        let mut w = Vec::new();
        apply(&mut s, &mut w, Source::File, "duplicate_message_limit", "many");
        apply(&mut s, &mut w, Source::Environment, "no_such_key", "1");
        assert_eq!(s.duplicate_message_limit, 10);
        assert_eq!(w.len(), 2);
        assert!(w[0].contains("duplicate_message_limit") && w[0].contains("many"), "{}", w[0]);
        assert!(w[1].contains("no_such_key"), "{}", w[1]);
    }
}
