//! Reads the one description of every setting (`layer/src/settings/schema.toml`, data). From it
//! come the Rust settings struct and parser, the manifest's `features.settings` section (what the
//! Vulkan Configurator reads), `docs/settings.md` and the sample `docs/vk_layer_settings.txt`.

use std::fmt::Write;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

/// A setting's type, as the Vulkan Configurator names them.
pub enum Kind {
    Bool(bool),
    Uint(u32),
    String(String),
    /// One of the listed (value, description) pairs; the default.
    Enum(Vec<(String, String)>, String),
    /// Any subset of the listed values, comma-separated; the default subset.
    Flags(Vec<(String, String)>, Vec<String>),
    /// A comma-separated list of free-form strings.
    List,
}

/// One setting.
pub struct Setting {
    pub key: String,
    pub label: String,
    pub description: String,
    pub kind: Kind,
    /// Whether the setting does anything yet. One that does not is accepted (so configurations
    /// written for later versions keep working), is off by default, and says so everywhere it is
    /// shown: docs, manifest, sample settings file and the start-up message.
    pub available: bool,
}

/// What an unavailable setting's description starts with.
const NOT_YET: &str = "Not available yet: accepted and ignored.";

impl Setting {
    /// The description as shown to users: an unavailable setting says so first.
    fn shown_description(&self) -> String {
        if self.available {
            self.description.clone()
        } else {
            format!("{NOT_YET} {}", self.description)
        }
    }
}

/// The schema: data owned by the layer's settings module, read here at generation time.
const SCHEMA: &str = include_str!("../../layer/src/settings/schema.toml");

/// Every setting Vigil reads, in schema order. A malformed schema is a generator bug caught by
/// the first `cargo xtask regen` (and the tests), so it panics with the reason.
pub fn settings() -> &'static [Setting] {
    static SETTINGS: std::sync::OnceLock<Vec<Setting>> = std::sync::OnceLock::new();
    SETTINGS.get_or_init(|| parse_schema(SCHEMA).unwrap_or_else(|e| panic!("layer/src/settings/schema.toml: {e}")))
}

fn parse_schema(text: &str) -> Result<Vec<Setting>, String> {
    let doc: toml::Table = text.parse().map_err(|e| format!("{e}"))?;
    let list = doc.get("setting").and_then(|v| v.as_array()).ok_or("no [[setting]] entries")?;
    let mut out = Vec::new();
    for entry in list {
        let t = entry.as_table().ok_or("a [[setting]] is not a table")?;
        let text = |k: &str| -> Result<String, String> {
            t.get(k).and_then(|v| v.as_str()).map(str::to_string).ok_or(format!("a setting without `{k}`"))
        };
        let key = text("key")?;
        let at = |what: &str| format!("setting `{key}`: {what}");
        let default = t.get("default").ok_or_else(|| at("no default"))?;
        let values = || -> Result<Vec<(String, String)>, String> {
            let list = t.get("values").and_then(|v| v.as_array()).ok_or_else(|| at("no values"))?;
            list.iter()
                .map(|v| {
                    let name = v.get("name").and_then(|n| n.as_str()).ok_or_else(|| at("a value without a name"))?;
                    let d = v.get("description").and_then(|n| n.as_str()).unwrap_or_default();
                    Ok((name.to_string(), d.to_string()))
                })
                .collect()
        };
        let strings = |v: &toml::Value| -> Result<Vec<String>, String> {
            let list = v.as_array().ok_or_else(|| at("the default is not a list"))?;
            list.iter().map(|x| x.as_str().map(str::to_string).ok_or_else(|| at("a non-string in a list"))).collect()
        };
        let kind = match text("type")?.as_str() {
            "bool" => Kind::Bool(default.as_bool().ok_or_else(|| at("the default is not a bool"))?),
            "uint" => Kind::Uint(
                default
                    .as_integer()
                    .and_then(|n| u32::try_from(n).ok())
                    .ok_or_else(|| at("the default is not a u32"))?,
            ),
            "string" => Kind::String(default.as_str().ok_or_else(|| at("the default is not a string"))?.to_string()),
            "list" => {
                if !strings(default)?.is_empty() {
                    return Err(at("a list's default must be empty"));
                }
                Kind::List
            }
            "enum" => {
                let values = values()?;
                let d = default.as_str().ok_or_else(|| at("the default is not a string"))?.to_string();
                if !values.iter().any(|(n, _)| *n == d) {
                    return Err(at("the default is not one of the values"));
                }
                Kind::Enum(values, d)
            }
            "flags" => {
                let values = values()?;
                let d = strings(default)?;
                if let Some(bad) = d.iter().find(|f| !values.iter().any(|(n, _)| n == *f)) {
                    return Err(at(&format!("default flag `{bad}` is not one of the values")));
                }
                Kind::Flags(values, d)
            }
            other => return Err(at(&format!("unknown type `{other}`"))),
        };
        let available = match t.get("available") {
            None => true,
            Some(v) => v.as_bool().ok_or_else(|| at("`available` is not a bool"))?,
        };
        if !available && !matches!(kind, Kind::Bool(false)) {
            return Err(at("an unavailable setting must be a bool that defaults to false"));
        }
        if out.iter().any(|s: &Setting| s.key == key) {
            return Err(at("defined twice"));
        }
        out.push(Setting { label: text("label")?, description: text("description")?, kind, available, key });
    }
    Ok(out)
}

fn type_name(k: &Kind) -> &'static str {
    match k {
        Kind::Bool(_) => "BOOL",
        Kind::Uint(_) => "INT",
        Kind::String(_) => "STRING",
        Kind::Enum(..) => "ENUM",
        Kind::Flags(..) => "FLAGS",
        Kind::List => "LIST",
    }
}

fn default_text(k: &Kind) -> String {
    match k {
        Kind::Bool(b) => b.to_string(),
        Kind::Uint(n) => n.to_string(),
        Kind::String(s) => s.clone(),
        Kind::Enum(_, d) => d.clone(),
        Kind::Flags(_, d) => d.join(","),
        Kind::List => String::new(),
    }
}

/// `generated/src/settings.rs`.
pub fn rust() -> TokenStream {
    let mut fields = Vec::new();
    let mut defaults = Vec::new();
    let mut arms = Vec::new();
    let mut describe = Vec::new();
    let mut infos = Vec::new();
    for s in settings() {
        let f = format_ident!("{}", s.key);
        let key = s.key.as_str();
        let doc = s.description.as_str();
        let (ty, default, parse) = match &s.kind {
            Kind::Bool(b) => (quote!(bool), quote!(#b), quote!(self.#f = parse_bool(value)?)),
            Kind::Uint(n) => (quote!(u32), quote!(#n), quote!(self.#f = parse_uint(value)?)),
            Kind::String(d) => (quote!(String), quote!(#d.to_string()), quote!(self.#f = value.trim().to_string())),
            Kind::Enum(values, d) => {
                let allowed: Vec<&str> = values.iter().map(|v| v.0.as_str()).collect();
                (quote!(String), quote!(#d.to_string()), quote!(self.#f = parse_enum(value, &[#(#allowed),*])?))
            }
            Kind::Flags(values, d) => {
                let allowed: Vec<&str> = values.iter().map(|v| v.0.as_str()).collect();
                (
                    quote!(Vec<String>),
                    quote!(vec![#(#d.to_string()),*]),
                    quote!(self.#f = parse_flags(value, &[#(#allowed),*])?),
                )
            }
            Kind::List => (quote!(Vec<String>), quote!(Vec::new()), quote!(self.#f = parse_list(value))),
        };
        fields.push(quote!(#[doc = #doc] pub #f: #ty));
        defaults.push(quote!(#f: #default));
        arms.push(quote!(#key => { #parse; }));
        let show = match &s.kind {
            Kind::Bool(_) | Kind::Uint(_) => quote!(self.#f.to_string()),
            Kind::String(_) | Kind::Enum(..) => quote!(self.#f.clone()),
            Kind::Flags(..) | Kind::List => quote!(self.#f.join(",")),
        };
        let show = if s.available { show } else { quote!(format!("{} (not available yet)", self.#f)) };
        let available = s.available;
        describe.push(quote!((#key, #show)));
        let ty = type_name(&s.kind);
        let def = default_text(&s.kind);
        infos.push(
            quote!(SettingInfo { key: #key, kind: #ty, default: #def, description: #doc, available: #available }),
        );
    }
    let n = settings().len();
    quote! {
        //! Vigil's settings, generated from the one schema, `layer/src/settings/schema.toml`.

        /// Every setting, with its current value.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct Settings { #(#fields,)* }

        impl Default for Settings {
            fn default() -> Self { Self { #(#defaults,)* } }
        }

        /// Why a setting's value was refused.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum SettingError {
            /// No setting has this key.
            UnknownKey,
            /// The value does not parse; the text says what was expected.
            BadValue(String),
        }

        impl Settings {
            /// Sets `key` from its text form (as in `vk_layer_settings.txt` or the environment).
            pub fn set(&mut self, key: &str, value: &str) -> Result<(), SettingError> {
                match key {
                    #(#arms)*
                    _ => return Err(SettingError::UnknownKey),
                }
                Ok(())
            }

            /// Every setting as (key, value text), in schema order.
            pub fn describe(&self) -> [(&'static str, String); #n] {
                [#(#describe),*]
            }
        }

        /// A setting's description, as the schema gives it.
        #[derive(Debug)]
        pub struct SettingInfo {
            pub key: &'static str,
            /// `BOOL`, `INT`, `STRING`, `ENUM`, `FLAGS` or `LIST`.
            pub kind: &'static str,
            pub default: &'static str,
            pub description: &'static str,
            /// Whether the setting does anything yet (an unavailable one is accepted and ignored).
            pub available: bool,
        }

        /// Every setting of the schema.
        pub const SETTINGS: &[SettingInfo] = &[#(#infos),*];

        fn parse_bool(v: &str) -> Result<bool, SettingError> {
            match v.trim().to_ascii_lowercase().as_str() {
                "true" | "1" | "on" | "yes" => Ok(true),
                "false" | "0" | "off" | "no" => Ok(false),
                _ => Err(SettingError::BadValue(format!("`{}` is not a boolean (true or false)", v.trim()))),
            }
        }

        fn parse_uint(v: &str) -> Result<u32, SettingError> {
            v.trim().parse().map_err(|_| SettingError::BadValue(format!("`{}` is not a non-negative integer", v.trim())))
        }

        fn parse_enum(v: &str, allowed: &[&str]) -> Result<String, SettingError> {
            let v = v.trim();
            if allowed.contains(&v) {
                Ok(v.to_string())
            } else {
                Err(SettingError::BadValue(format!("`{v}` is not one of {}", allowed.join(", "))))
            }
        }

        fn parse_list(v: &str) -> Vec<String> {
            v.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect()
        }

        fn parse_flags(v: &str, allowed: &[&str]) -> Result<Vec<String>, SettingError> {
            let list = parse_list(v);
            match list.iter().find(|f| !allowed.contains(&f.as_str())) {
                Some(bad) => Err(SettingError::BadValue(format!("`{bad}` is not one of {}", allowed.join(", ")))),
                None => Ok(list),
            }
        }
    }
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Instance extensions Vigil itself implements: listed in the manifest (the loader reads them
/// there) and by the layer's vkEnumerateInstanceExtensionProperties.
pub const LAYER_INSTANCE_EXTENSIONS: &[&str] =
    &["VK_EXT_debug_report", "VK_EXT_debug_utils", "VK_EXT_layer_settings", "VK_EXT_validation_features"];

fn extension_versions(reg: &vigil_registry::Registry) -> Result<Vec<(&'static str, u32)>, crate::Error> {
    LAYER_INSTANCE_EXTENSIONS
        .iter()
        .map(|n| {
            reg.extension(n)
                .map(|e| (*n, e.spec_version))
                .ok_or_else(|| crate::Error(format!("layer extension {n} is not in the registry")))
        })
        .collect()
}

/// `generated/src/layer_extensions.rs`: the extensions with their spec versions.
pub fn layer_extensions(reg: &vigil_registry::Registry) -> Result<TokenStream, crate::Error> {
    let items = extension_versions(reg)?.into_iter().map(|(n, v)| quote!((#n, #v)));
    Ok(quote! {
        //! Instance extensions Vigil implements itself, with their spec versions.

        /// (name, spec version).
        pub static LAYER_INSTANCE_EXTENSIONS: &[(&str, u32)] = &[#(#items),*];
    })
}

/// The layer manifest, with the settings section.
pub fn manifest(reg: &vigil_registry::Registry) -> Result<String, crate::Error> {
    let api_version = reg.version;
    let extensions: Vec<String> = extension_versions(reg)?
        .into_iter()
        .map(|(n, v)| format!("            {{ \"name\": \"{n}\", \"spec_version\": \"{v}\" }}"))
        .collect();
    let mut entries = Vec::new();
    for s in settings() {
        let mut e = format!(
            "                {{\n                    \"key\": {},\n                    \"label\": {},\n                    \"description\": {},\n                    \"type\": \"{}\",\n",
            json_str(&s.key),
            json_str(&s.label),
            json_str(&s.shown_description()),
            type_name(&s.kind)
        );
        let flags = match &s.kind {
            Kind::Enum(v, _) | Kind::Flags(v, _) => Some(v),
            _ => None,
        };
        if let Some(values) = flags {
            let items: Vec<String> = values
                .iter()
                .map(|(k, d)| {
                    format!(
                        "                        {{ \"key\": {}, \"label\": {}, \"description\": {} }}",
                        json_str(k),
                        json_str(k),
                        json_str(d)
                    )
                })
                .collect();
            let _ = writeln!(e, "                    \"flags\": [\n{}\n                    ],", items.join(",\n"));
        }
        let default = match &s.kind {
            Kind::Bool(b) => b.to_string(),
            Kind::Uint(n) => n.to_string(),
            Kind::String(d) | Kind::Enum(_, d) => json_str(d),
            Kind::Flags(_, d) => format!("[{}]", d.iter().map(|x| json_str(x)).collect::<Vec<_>>().join(", ")),
            Kind::List => "[]".to_string(),
        };
        let _ = write!(e, "                    \"default\": {default}\n                }}");
        entries.push(e);
    }
    let (major, minor, patch) = api_version;
    Ok(format!(
        r#"{{
    "file_format_version": "1.2.0",
    "layer": {{
        "name": "VK_LAYER_VIGIL_validation",
        "type": "GLOBAL",
        "library_path": "libVkLayer_vigil.so",
        "api_version": "{major}.{minor}.{patch}",
        "implementation_version": "1",
        "description": "Vigil: Vulkan validation layer",
        "introduction": "Vigil validates Vulkan API usage with low overhead. Generated from the Vulkan registry.",
        "platforms": ["LINUX"],
        "instance_extensions": [
{}
        ],
        "features": {{
            "settings": [
{}
            ]
        }}
    }}
}}
"#,
        extensions.join(",\n"),
        entries.join(",\n")
    ))
}

/// `docs/settings.md`.
pub fn docs() -> String {
    let mut d = String::from(
        "# Settings\n\nGenerated by `cargo xtask regen` from `layer/src/settings/schema.toml`. Do not edit.\n\n\
         Each setting can be given, from lowest to highest precedence:\n\n\
         1. by the application: `VkLayerSettingsCreateInfoEXT` with `pLayerName = \"VK_LAYER_VIGIL_validation\"` \
         (and `VkValidationFeaturesEXT` / `VkValidationFlagsEXT`, mapped onto the validation-object switches);\n\
         2. in `vk_layer_settings.txt` (found through `VK_LAYER_SETTINGS_PATH`, a file or a directory) as \
         `vigil_validation.<key> = <value>`;\n\
         3. in the environment as `VK_VIGIL_VALIDATION_<KEY>` or, failing that, `VK_LAYER_<KEY>`.\n\n\
         Lists and flags are comma-separated. An unknown key or a bad value gives one warning naming it.\n\n\
         At instance creation Vigil sends one INFO message, `UNASSIGNED-Settings-active`, listing every setting's \
         value. It reaches every debug callback whose severity mask includes INFO, whatever `report_flags` says \
         (`report_flags` filters what Vigil validates and what goes to stdout or the log file); with no callback it \
         is written to stdout or the log file only when `report_flags` includes `info`.\n\n\
         A sample `vk_layer_settings.txt` with every key at its default is in `docs/vk_layer_settings.txt` (and in \
         the package, `share/doc/vigil/`).\n\n\
         | key | type | default | description |\n|---|---|---|---|\n",
    );
    for s in settings() {
        let values = match &s.kind {
            Kind::Enum(v, _) | Kind::Flags(v, _) => {
                format!(" Values: {}.", v.iter().map(|(k, _)| format!("`{k}`")).collect::<Vec<_>>().join(", "))
            }
            _ => String::new(),
        };
        let _ = writeln!(
            d,
            "| `{}` | {} | `{}` | {}{} |",
            s.key,
            type_name(&s.kind),
            default_text(&s.kind),
            s.shown_description(),
            values
        );
    }
    d
}

/// `docs/vk_layer_settings.txt`: every key at its default, commented, ready to copy and edit.
pub fn sample_file() -> String {
    let mut d = String::from(
        "# Vigil settings file: every key at its default. Generated by `cargo xtask regen`.\n\
         #\n\
         # Vigil reads the first of: $XDG_DATA_HOME/vulkan/settings.d/vk_layer_settings.txt\n\
         # (~/.local/share/... without XDG_DATA_HOME), the file VK_LAYER_SETTINGS_PATH names (or\n\
         # vk_layer_settings.txt in the directory it names), vk_layer_settings.txt in the working\n\
         # directory. Copy this file to one of them, then uncomment and change what you need.\n\
         # The environment (VK_VIGIL_VALIDATION_<KEY>) overrides this file; this file overrides the\n\
         # application's VkLayerSettingsCreateInfoEXT. Lists and flags are comma-separated.\n",
    );
    for s in settings() {
        let _ = writeln!(d, "\n# {}: {}", s.label, s.shown_description());
        match &s.kind {
            Kind::Enum(v, _) | Kind::Flags(v, _) => {
                for (k, what) in v.iter() {
                    let _ = writeln!(d, "#   {k}: {what}");
                }
            }
            _ => {}
        }
        let line = format!("# vigil_validation.{} = {}", s.key, default_text(&s.kind));
        let _ = writeln!(d, "{}", line.trim_end());
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_parses_and_object_switches_are_bools() {
        let all = settings();
        assert!(all.len() >= 12);
        for key in ["stateless", "object_lifetime", "thread_safety", "handle_wrapping"] {
            let s = all.iter().find(|s| s.key == key).unwrap_or_else(|| panic!("no `{key}`"));
            assert!(matches!(s.kind, Kind::Bool(true)) && s.available, "{key}");
        }
    }

    #[test]
    fn a_bad_schema_is_refused_with_the_reason() {
        let one =
            |body: &str| parse_schema(&format!("[[setting]]\nkey = \"k\"\nlabel = \"l\"\ndescription = \"d\"\n{body}"));
        assert!(one("type = \"bool\"\ndefault = true").is_ok());
        let err = |body: &str| one(body).err().unwrap_or_default();
        assert!(err("type = \"bool\"\ndefault = true\navailable = false").contains("unavailable"));
        assert!(err("type = \"number\"\ndefault = 1").contains("unknown type"));
        assert!(err("type = \"enum\"\ndefault = \"c\"\nvalues = [{ name = \"a\" }]").contains("not one of the values"));
        assert!(err("type = \"uint\"\ndefault = -1").contains("not a u32"));
        assert!(err("type = \"bool\"").contains("no default"));
    }
}
