//! `cargo xtask package`: the release layer laid out as an SDK ships it.

use std::path::PathBuf;
use std::process::Command;

use crate::root;

/// What a packager ships beside the layer, as (source relative to the workspace root, name
/// under `share/doc/vigil/`).
pub const DOCS: &[(&str, &str)] = &[
    ("docs/package/README.md", "README.md"),
    ("docs/settings.md", "settings.md"),
    ("docs/vk_layer_settings.txt", "vk_layer_settings.txt"),
    ("docs/messages.md", "messages.md"),
    ("LICENSE", "LICENSE"),
];

/// The profile `cargo xtask package` builds by default: what ships (see Cargo.toml).
pub const SHIPPED_PROFILE: &str = "dist";

/// Builds the layer with cargo profile `profile` (with `features`, if any) and writes
/// `out/lib/libVkLayer_vigil.so`, `out/share/vulkan/explicit_layer.d/VkLayer_vigil.json` and the
/// documents of [`DOCS`] under `out/share/doc/vigil/`.
pub fn package(out: PathBuf, profile: &str, features: Option<&str>) -> Result<PathBuf, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut build = Command::new(cargo);
    build.current_dir(root()).args(["build", "--profile", profile, "--package", "vigil-layer", "--lib"]);
    if let Some(f) = features {
        build.args(["--features", f]);
    }
    let status = build.status().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err("building the layer failed".into());
    }
    let target = std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"));
    // Cargo's folder for the `dev` profile is `debug`; every other profile's is its name.
    let lib = target.join(if profile == "dev" { "debug" } else { profile }).join("libVkLayer_vigil.so");
    let out = if out.is_absolute() { out } else { std::env::current_dir().map_err(|e| e.to_string())?.join(out) };
    let lib_dir = out.join("lib");
    let manifest_dir = out.join("share/vulkan/explicit_layer.d");
    for d in [&lib_dir, &manifest_dir] {
        std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))?;
    }
    // Copy to a new file and rename, so a process that has the old library mapped keeps it.
    let dest = lib_dir.join("libVkLayer_vigil.so");
    let tmp = lib_dir.join(".libVkLayer_vigil.so.tmp");
    std::fs::copy(&lib, &tmp).map_err(|e| format!("{}: {e}", lib.display()))?;
    std::fs::rename(&tmp, &dest).map_err(|e| e.to_string())?;
    let manifest = std::fs::read_to_string(root().join("generated/VkLayer_vigil.json")).map_err(|e| e.to_string())?;
    let manifest = manifest
        .replace("\"library_path\": \"libVkLayer_vigil.so\"", "\"library_path\": \"../../../lib/libVkLayer_vigil.so\"");
    std::fs::write(manifest_dir.join("VkLayer_vigil.json"), manifest).map_err(|e| e.to_string())?;
    let doc_dir = out.join("share/doc/vigil");
    std::fs::create_dir_all(&doc_dir).map_err(|e| format!("{}: {e}", doc_dir.display()))?;
    for (from, to) in DOCS {
        let from = root().join(from);
        std::fs::copy(&from, doc_dir.join(to)).map_err(|e| format!("{}: {e}", from.display()))?;
    }
    println!("packaged {}", out.display());
    Ok(out)
}
