//! `cargo xtask synthetic-extension`: a made-up extension through the whole pipeline.
//!
//! A copy of the workspace gets the pinned registry plus `VK_VIGIL_synthetic_object`
//! (`tests/driver-shim/synthetic_extension.xml`, with its implicit VUIDs in
//! `synthetic_validusage.json`, as a spec release ships them); the copy is regenerated and its
//! layer built with no other change. The driver shim (`tests/driver-shim`) implements the
//! extension below Vigil, since lavapipe cannot, and `vigil-synthetic` checks through the real
//! loader that Vigil intercepts, validates, tracks and wraps the new commands and handle.
//!
//! Options: `--keep` leaves the copy (and its package) behind; `--target-dir DIR` builds there
//! instead of `target/synthetic`. The target directory persists between runs, and files keep
//! their modification times in the copy (regenerated ones the time their content first
//! appeared), so a re-run rebuilds only what changed.

mod merge;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use crate::root;

/// The registry fragment, relative to the workspace root.
const FRAGMENT: &str = "tests/driver-shim/synthetic_extension.xml";
/// The fragment's implicit VUIDs, relative to the workspace root.
const VUID_FRAGMENT: &str = "tests/driver-shim/synthetic_validusage.json";
/// The shim's manifest, relative to the workspace root.
const SHIM_MANIFEST: &str = "tests/driver-shim/VkLayer_vigil_driver_shim.json";
/// The shim's library, as its crate builds it and its manifest names it.
const SHIM_LIBRARY: &str = "libvigil_driver_shim.so";
const LAYER_LIBRARY: &str = "libVkLayer_vigil.so";
/// Top-level entries of the workspace the copy leaves out: build output and history.
const NOT_COPIED: &[&str] = &["target", ".git", "dist"];
/// Variables that choose or configure layers: a developer's shell must not leak them into the
/// run (the same list as `vigil_tests::env`, plus the shim's switches).
const CLEARED: &[&str] = &[
    "VK_INSTANCE_LAYERS",
    "VK_LAYER_PATH",
    "VK_ADD_LAYER_PATH",
    "VK_LOADER_LAYERS_ENABLE",
    "VK_LOADER_LAYERS_DISABLE",
    "VK_LOADER_LAYERS_ALLOW",
    "VK_LOADER_DEBUG",
    "NODEVICE_SELECT",
    "VK_LAYER_SETTINGS_PATH",
    "VK_LAYER_ENABLES",
    "VK_LAYER_DISABLES",
    "VIGIL_DRIVER_SHIM",
];
/// A hung program must not hang the task.
const PROGRAM_TIMEOUT: Duration = Duration::from_secs(180);

/// Runs the task.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut keep = false;
    let mut target = root().join("target/synthetic");
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--keep" => keep = true,
            "--target-dir" => target = PathBuf::from(it.next().ok_or("--target-dir needs a directory")?),
            other => return Err(format!("synthetic-extension: unknown argument {other}")),
        }
    }
    let target = std::path::absolute(&target).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let mut phase = Instant::now();
    let mut lap = |what: &str| {
        println!("synthetic: {what} in {:.1}s", phase.elapsed().as_secs_f64());
        phase = Instant::now();
    };

    let mut temp = TempDir::new("synthetic")?;
    temp.keep = keep;
    let copy = temp.path().join("workspace");
    copy_tree(&root(), &copy, true)?;
    lap("copied the workspace");

    let cache = target.join("rewritten");
    for (file, fragment, merge) in [
        ("registry/vk.xml", FRAGMENT, merge::merge_registry as fn(&str, &str) -> Result<String, String>),
        ("registry/validusage.json", VUID_FRAGMENT, merge::merge_validusage),
    ] {
        let merged = merge(&read(&copy.join(file))?, &read(&root().join(fragment))?)
            .map_err(|e| format!("merging {fragment} into {file}: {e}"))?;
        write(&copy.join(file), &merged)?;
    }
    crate::regen_at(&copy, false)?;
    for dir in ["registry", "generated", "docs"] {
        keep_times(&copy, &root(), dir, &cache)?;
    }
    lap("merged the fragment and regenerated");

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(&copy)
        .env("CARGO_TARGET_DIR", &target)
        // Incremental compilation of the generated crate costs three times what it saves here
        // (1m40s against 32s for a cold build on two cores); each run changes it wholesale or not
        // at all.
        .env("CARGO_INCREMENTAL", "0")
        .args(["build", "--package", "vigil-layer", "--package", "vigil-driver-shim"])
        .status()
        .map_err(|e| e.to_string())?;
    if !status.success() {
        return Err("building the regenerated layer and the driver shim failed".into());
    }
    lap("built the layer, the shim and vigil-synthetic");

    let package = temp.path().join("package");
    std::fs::create_dir_all(&package).map_err(|e| format!("{}: {e}", package.display()))?;
    let built = target.join("debug");
    for (from, to) in [
        (built.join(LAYER_LIBRARY), LAYER_LIBRARY),
        (built.join(SHIM_LIBRARY), SHIM_LIBRARY),
        (copy.join(SHIM_MANIFEST), "VkLayer_vigil_driver_shim.json"),
    ] {
        std::fs::copy(&from, package.join(to)).map_err(|e| format!("{}: {e}", from.display()))?;
    }
    // A bare file name is a system library to the loader; a path is relative to the manifest.
    let bare = format!("\"library_path\": \"{LAYER_LIBRARY}\"");
    let manifest = read(&copy.join("generated/VkLayer_vigil.json"))?;
    if !manifest.contains(&bare) {
        return Err(format!("the regenerated VkLayer_vigil.json has no {bare}"));
    }
    write(
        &package.join("VkLayer_vigil.json"),
        &manifest.replace(&bare, &format!("\"library_path\": \"./{LAYER_LIBRARY}\"")),
    )?;
    lap("packaged Vigil and the shim");

    let mut program = Command::new(built.join("vigil-synthetic"));
    for var in CLEARED {
        program.env_remove(var);
    }
    for (var, _) in std::env::vars_os() {
        // Vigil's own settings from the environment (`VK_VIGIL_VALIDATION_…`).
        if var.to_string_lossy().starts_with("VK_VIGIL_") {
            program.env_remove(var);
        }
    }
    // VK_LAYER_PATH replaces the explicit-layer search: the Vigil found is the regenerated one.
    program.env("VK_LAYER_PATH", &package).env("VIGIL_DRIVER_SHIM_LIBRARY", package.join(SHIM_LIBRARY));
    if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
        // Mesa's WSI warns without it.
        program.env("XDG_RUNTIME_DIR", temp.path());
    }
    let result = run_with_timeout(&mut program, PROGRAM_TIMEOUT);
    lap("ran vigil-synthetic");
    if keep {
        println!("synthetic: kept {}", temp.path().display());
    }
    println!(
        "synthetic: {} in {:.1}s",
        if result.is_ok() { "passed" } else { "FAILED" },
        started.elapsed().as_secs_f64()
    );
    result
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write(path: &Path, contents: &str) -> Result<(), String> {
    std::fs::write(path, contents).map_err(|e| format!("{}: {e}", path.display()))
}

fn set_mtime(path: &Path, time: SystemTime) -> Result<(), String> {
    let file = std::fs::File::options().write(true).open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    file.set_modified(time).map_err(|e| format!("{}: {e}", path.display()))
}

fn mtime(path: &Path) -> Result<SystemTime, String> {
    std::fs::metadata(path).and_then(|m| m.modified()).map_err(|e| format!("{}: {e}", path.display()))
}

/// Copies `from` into `to` with modification times (cargo's freshness test), leaving out
/// [`NOT_COPIED`] at the top level.
fn copy_tree(from: &Path, to: &Path, top: bool) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for e in std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let e = e.map_err(|e| e.to_string())?;
        let name = e.file_name();
        if top && NOT_COPIED.iter().any(|n| name == *n) {
            continue;
        }
        let (src, dst) = (e.path(), to.join(&name));
        let ty = e.file_type().map_err(|e| e.to_string())?;
        if ty.is_dir() {
            copy_tree(&src, &dst, false)?;
        } else if ty.is_symlink() {
            let link = std::fs::read_link(&src).map_err(|e| format!("{}: {e}", src.display()))?;
            std::os::unix::fs::symlink(&link, &dst).map_err(|e| format!("{}: {e}", dst.display()))?;
        } else {
            std::fs::copy(&src, &dst).map_err(|e| format!("{}: {e}", src.display()))?;
            set_mtime(&dst, mtime(&src)?)?;
        }
    }
    Ok(())
}

/// Gives every file under `copy/dir` that differs from the workspace's the modification time
/// its content had when it first appeared (recorded under `cache`), so that rewriting a file
/// with the same content as last run does not make cargo rebuild what depends on it.
fn keep_times(copy: &Path, workspace: &Path, dir: &str, cache: &Path) -> Result<(), String> {
    let mut stack = vec![PathBuf::from(dir)];
    while let Some(rel) = stack.pop() {
        let path = copy.join(&rel);
        for e in std::fs::read_dir(&path).map_err(|e| format!("{}: {e}", path.display()))? {
            let e = e.map_err(|e| e.to_string())?;
            let rel = rel.join(e.file_name());
            if e.file_type().map_err(|e| e.to_string())?.is_dir() {
                stack.push(rel);
                continue;
            }
            let contents = std::fs::read(e.path()).map_err(|err| format!("{}: {err}", e.path().display()))?;
            if std::fs::read(workspace.join(&rel)).ok().as_deref() == Some(&contents[..]) {
                continue;
            }
            let cached = cache.join(&rel);
            if std::fs::read(&cached).ok().as_deref() != Some(&contents[..]) {
                if let Some(parent) = cached.parent() {
                    std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
                }
                std::fs::write(&cached, &contents).map_err(|e| format!("{}: {e}", cached.display()))?;
            }
            set_mtime(&e.path(), mtime(&cached)?)?;
        }
    }
    Ok(())
}

/// Runs `cmd` with its output shown, killing it after `timeout`.
fn run_with_timeout(cmd: &mut Command, timeout: Duration) -> Result<(), String> {
    let what = format!("{:?}", cmd.get_program());
    let mut child = cmd.stdin(Stdio::null()).spawn().map_err(|e| format!("cannot run {what}: {e}"))?;
    let deadline = Instant::now() + timeout;
    loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            return if status.success() { Ok(()) } else { Err(format!("{what} failed: {status}")) };
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{what} did not finish within {timeout:?}"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A directory under the system's temporary directory, removed on drop unless kept.
struct TempDir {
    path: PathBuf,
    keep: bool,
}

impl TempDir {
    fn new(what: &str) -> Result<Self, String> {
        let nanos = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let path = std::env::temp_dir().join(format!("vigil-{what}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(TempDir { path, keep: false })
    }

    fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}
