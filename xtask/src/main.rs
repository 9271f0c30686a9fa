//! `cargo xtask <task>`: the project's own automation.
//!
//! - `regen [--check]`: write `generated/src/` from the registry (or only report stale files).
//! - `package [--out DIR] [--profile P]`: build the layer (profile `dist` unless told) and lay out
//!   an SDK-style tree.
//! - `bench [--quick] [--soak] [--core-gap]`: Vigil against the reference layer, as
//!   docs/performance.md describes (`--soak`: only the soak section; `--core-gap`: only what
//!   decides whether the core pair is quoted).
//! - `update-registry SOURCE`: bring in a new registry, regenerate, and print what changed.
//! - `coverage [--out FILE]`: VUIDs implemented and tested per area, from the tests' manifests.
//! - `synthetic-extension`: a made-up extension regenerated, built and run through a driver shim.
//! - `update-spirv-tools [--suite SUITE]`: bring in the SPIR-V validator the layer links.

mod bench;
mod coverage;
mod older_registry;
mod package;
mod synthetic;
mod update_registry;
mod update_spirv_tools;

use package::package;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <task>
  regen [--check]                      write generated/ from registry/ (or name the stale files)
  package [--out DIR] [--profile P]    build the layer (profile dist: LTO) and lay out an SDK tree
  bench [--quick] [--rounds N] [--jobs N] | --soak | --threads | --core-gap
                                       Vigil against the reference layer (docs/performance.md)
  coverage [--out FILE]                VUIDs implemented and tested per spec area (docs/coverage.md),
                                       after `cargo test --workspace`
  update-registry SOURCE               bring in a new registry and say what changed
  update-spirv-tools [--suite SUITE]   bring in the SPIR-V validator the layer links (layer/spirv-tools)
  synthetic-extension [--keep] [--target-dir DIR]
                                       a made-up extension regenerated, built and run through
                                       Vigil above the driver shim (tests/driver-shim)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("regen") => regen(args[1..].iter().any(|a| a == "--check")),
        Some("package") => {
            let out = args.iter().position(|a| a == "--out").and_then(|i| args.get(i + 1)).map(PathBuf::from);
            let profile = args.iter().position(|a| a == "--profile").and_then(|i| args.get(i + 1));
            let profile = profile.map_or(package::SHIPPED_PROFILE, String::as_str);
            package(out.unwrap_or_else(|| root().join("dist/vigil")), profile, None).map(|_| ())
        }
        Some("bench") => bench::run(&args[1..]),
        Some("coverage") => coverage::run(&args[1..]),
        Some("update-registry") => update_registry::run(&args[1..]),
        Some("update-spirv-tools") => update_spirv_tools::run_command(&args[1..]),
        Some("synthetic-extension") => synthetic::run(&args[1..]),
        _ => Err(USAGE.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Every generated file of the workspace at `root`: its `registry/` and the ids its
/// `layer/src` names (a copy of the workspace holding another registry generates the same way).
fn generate_at(root: &Path) -> Result<Vec<(String, String)>, String> {
    let registry = root.join("registry");
    let reg = vigil_registry::load(&registry.join("vk.xml")).map_err(|e| e.to_string())?;
    let vuids = vigil_registry::load_vuids(&registry.join("validusage.json")).map_err(|e| e.to_string())?;
    let used = message_ids(&root.join("layer/src"))?;
    vigil_codegen::generate(&reg, &vigil_codegen::Catalogue { vuids: &vuids, used: &used }).map_err(|e| e.to_string())
}

/// Every `"VUID-…"` and `"UNASSIGNED-…"` string literal in the Rust files under `dir`, and the
/// ids the linked SPIR-V validator names (`dir/../spirv-tools/ids.txt`): the ids the layer can
/// emit.
fn message_ids(dir: &Path) -> Result<std::collections::BTreeSet<String>, String> {
    let mut ids = std::collections::BTreeSet::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?.flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                for prefix in ["\"VUID-", "\"UNASSIGNED-"] {
                    for (at, _) in text.match_indices(prefix) {
                        let rest = &text[at + 1..];
                        let end = rest.find('"').unwrap_or(rest.len());
                        let id = &rest[..end];
                        if id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_') {
                            ids.insert(id.to_string());
                        }
                    }
                }
            }
        }
    }
    // The ids the linked SPIR-V validator names: reported as it names them, never as literals.
    let validator = dir.join("../spirv-tools/ids.txt");
    if validator.is_file() {
        let text = std::fs::read_to_string(&validator).map_err(|e| format!("{}: {e}", validator.display()))?;
        ids.extend(text.lines().filter(|l| l.starts_with("VUID-")).map(str::to_string));
    }
    Ok(ids)
}

/// Compares (with `check`) or writes every generated file; stale or extra files are named.
fn regen(check: bool) -> Result<(), String> {
    regen_at(&root(), check)
}

/// `regen` for the workspace at `root`.
fn regen_at(root: &Path, check: bool) -> Result<(), String> {
    let files = generate_at(root)?;
    let mut stale = Vec::new();
    for (name, contents) in &files {
        let path = root.join(name);
        if std::fs::read(&path).ok().as_deref() != Some(contents.as_bytes()) {
            stale.push(path.clone());
            if !check {
                if let Some(dir) = path.parent() {
                    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
                }
                std::fs::write(&path, contents).map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
    }
    // Files no generator produces any more (generated/src holds generated files only).
    let dir = root.join(vigil_codegen::GENERATED_SRC);
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for e in entries.flatten() {
            let name = format!("{}/{}", vigil_codegen::GENERATED_SRC, e.file_name().to_string_lossy());
            if !files.iter().any(|(n, _)| *n == name) {
                stale.push(e.path());
                if !check {
                    std::fs::remove_file(e.path()).map_err(|err| format!("{}: {err}", e.path().display()))?;
                }
            }
        }
    }
    if check && !stale.is_empty() {
        let list: Vec<String> = stale.iter().map(|p| format!("  {}", p.display())).collect();
        return Err(format!("generated code is stale; run `cargo xtask regen`:\n{}", list.join("\n")));
    }
    if !check {
        println!("regen: {} files, {} changed", files.len(), stale.len());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// The committed generated code is what the generators produce now (`regen --check`).
    #[test]
    fn generated_code_is_fresh() {
        if let Err(e) = super::regen(true) {
            panic!("{e}");
        }
    }

    /// Two runs of the generators give identical bytes.
    #[test]
    fn generation_is_deterministic() {
        let a = super::generate_at(&super::root()).unwrap();
        let b = super::generate_at(&super::root()).unwrap();
        assert_eq!(a, b);
    }
}
