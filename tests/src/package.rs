//! Where the packaged layer is: `VIGIL_LAYER_DIR`, or a package built once per test process.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use crate::VIGIL_LIBRARY;

/// The workspace root (the parent of this crate).
pub fn workspace_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ has a parent")
}

/// The workspace's target directory, honouring `CARGO_TARGET_DIR` as cargo does.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => workspace_root().join(dir),
        None => workspace_root().join("target"),
    }
}

/// The directory holding `VkLayer_vigil.json`, ready for `VK_ADD_LAYER_PATH`.
///
/// `VIGIL_LAYER_DIR` names it when set (CI can package once and share it); otherwise the first
/// call in a process runs `cargo xtask package --out <target>/vigil-test-pkg`. Re-packaging is
/// cheap when nothing changed, and it keeps the tests from ever running a stale layer. Cargo's
/// own lock serializes concurrent builds, and xtask replaces the library by rename, so a process
/// that already has the old one mapped is not disturbed.
pub fn layer_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        if let Some(dir) = std::env::var_os("VIGIL_LAYER_DIR") {
            let dir = PathBuf::from(dir);
            assert!(
                dir.join("VkLayer_vigil.json").is_file(),
                "VIGIL_LAYER_DIR={} holds no VkLayer_vigil.json",
                dir.display()
            );
            return dir;
        }
        let out = target_dir().join("vigil-test-pkg");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        // Captured, so that every test binary's output does not repeat cargo's; shown on failure.
        let output = Command::new(&cargo)
            .current_dir(workspace_root())
            // The incremental release build: after an edit the tests wait seconds, not the
            // minutes a shipped (LTO) build takes. CI tests the shipped one (VIGIL_LAYER_DIR).
            .args(["xtask", "package", "--profile", "release", "--out"])
            .arg(&out)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {cargo:?} xtask package: {e}"));
        assert!(
            output.status.success(),
            "`cargo xtask package --out {}` failed: {}\n{}{}",
            out.display(),
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
        let dir = out.join("share/vulkan/explicit_layer.d");
        assert!(dir.join("VkLayer_vigil.json").is_file(), "xtask package wrote no manifest under {}", dir.display());
        dir
    })
}

/// The packaged `libVkLayer_vigil.so`, as the manifest's `library_path` names it, canonicalized.
pub fn layer_library() -> PathBuf {
    let manifest_path = layer_dir().join("VkLayer_vigil.json");
    let manifest =
        std::fs::read_to_string(&manifest_path).unwrap_or_else(|e| panic!("{}: {e}", manifest_path.display()));
    let lib = json_string_field(&manifest, "library_path")
        .unwrap_or_else(|| panic!("{} has no library_path", manifest_path.display()));
    let path = layer_dir().join(lib);
    assert!(path.ends_with(VIGIL_LIBRARY), "library_path {lib:?} does not name {VIGIL_LIBRARY}");
    path.canonicalize().unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The string value of the first `"key": "value"` in a JSON text. The manifest is small and
/// flat where it matters; this saves a JSON dependency for one field.
fn json_string_field<'a>(json: &'a str, key: &str) -> Option<&'a str> {
    let at = json.find(&format!("\"{key}\""))? + key.len() + 2;
    let rest = json[at..].trim_start().strip_prefix(':')?.trim_start().strip_prefix('"')?;
    Some(&rest[..rest.find('"')?])
}

#[cfg(test)]
mod tests {
    use super::json_string_field;

    #[test]
    fn reads_a_string_field() {
        let json = r#"{ "layer": { "name": "X", "library_path" : "../../../lib/libVkLayer_vigil.so" } }"#;
        assert_eq!(json_string_field(json, "library_path"), Some("../../../lib/libVkLayer_vigil.so"));
        assert_eq!(json_string_field(json, "name"), Some("X"));
        assert_eq!(json_string_field(json, "missing"), None);
    }
}
