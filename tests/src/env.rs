//! The loader's environment: set once for this process (in-process ash) or per child process.
//!
//! The loader reads its environment (`VK_ADD_LAYER_PATH`, `VK_INSTANCE_LAYERS`, ...) from the
//! process, so every Vulkan user in a process sees the same settings. Test binaries therefore
//! choose one [`VulkanEnv`] for the whole process, and pick layers per instance through
//! `ppEnabledLayerNames`; anything that needs a different environment runs as a child process
//! through [`VulkanEnv::command`].

use std::ffi::{OsStr, OsString};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use crate::package::layer_dir;

/// Variables that change which layers load or how: a developer's shell must not leak them into
/// the tests, so [`VulkanEnv::new`] removes them unless a builder method sets them again.
const CLEARED: &[&str] = &[
    "VK_INSTANCE_LAYERS",
    "VK_LAYER_PATH",
    "VK_ADD_LAYER_PATH",
    "VK_LOADER_LAYERS_ENABLE",
    "VK_LOADER_LAYERS_DISABLE",
    "VK_LOADER_LAYERS_ALLOW",
    "VK_LOADER_DEBUG",
    // Turns off Mesa's implicit device-select layer, which the layer tests need active.
    "NODEVICE_SELECT",
    // The reference layer must run with its defaults.
    "VK_LAYER_SETTINGS_PATH",
    "VK_LAYER_ENABLES",
    "VK_LAYER_DISABLES",
];

/// An environment for Vulkan programs, built up from a clean baseline.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VulkanEnv {
    /// Variable and value, in setting order; `None` removes the variable.
    vars: Vec<(OsString, Option<OsString>)>,
}

impl Default for VulkanEnv {
    fn default() -> Self {
        Self::new()
    }
}

impl VulkanEnv {
    /// The baseline: layer-related variables cleared and `XDG_RUNTIME_DIR` set (Mesa's WSI and
    /// Xvfb complain without it).
    pub fn new() -> Self {
        let env = VulkanEnv { vars: CLEARED.iter().map(|k| (OsString::from(k), None)).collect() };
        // Always listed, so environments built before and after `apply` compare equal.
        let runtime = std::env::var_os("XDG_RUNTIME_DIR").unwrap_or_else(|| runtime_dir().into());
        env.set("XDG_RUNTIME_DIR", runtime)
    }

    /// Makes the packaged Vigil findable (`VK_ADD_LAYER_PATH`); it still has to be enabled.
    pub fn with_vigil(self) -> Self {
        self.set("VK_ADD_LAYER_PATH", layer_dir())
    }

    /// Makes the packaged Vigil and the test-only driver shim findable, the shim with the
    /// behaviour switches `behaviours` (`VIGIL_DRIVER_SHIM`); both still have to be enabled,
    /// the shim last.
    pub fn with_vigil_and_shim(self, behaviours: &str) -> Self {
        let mut path = layer_dir().as_os_str().to_os_string();
        path.push(":");
        path.push(crate::shim::shim_dir());
        self.set("VK_ADD_LAYER_PATH", path).set("VIGIL_DRIVER_SHIM", behaviours)
    }

    /// Enables layers for every instance (`VK_INSTANCE_LAYERS`), first = closest to the app.
    pub fn instance_layers(self, layers: &[&str]) -> Self {
        self.set("VK_INSTANCE_LAYERS", layers.join(":"))
    }

    /// Turns on the loader's log (`VK_LOADER_DEBUG`, e.g. `"layer"`), written to stderr.
    pub fn loader_debug(self, what: &str) -> Self {
        self.set("VK_LOADER_DEBUG", what)
    }

    /// Sets a variable.
    pub fn set(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Self {
        let key = key.as_ref().to_os_string();
        self.vars.retain(|(k, _)| *k != key);
        self.vars.push((key, Some(value.as_ref().to_os_string())));
        self
    }

    /// A command that runs `program` in this environment.
    pub fn command(&self, program: impl AsRef<OsStr>) -> Command {
        let mut cmd = Command::new(program);
        for (k, v) in &self.vars {
            match v {
                Some(v) => cmd.env(k, v),
                None => cmd.env_remove(k),
            };
        }
        cmd
    }

    /// Makes this the environment of the current process. Only the first call in a process
    /// changes anything; a later call with a different environment panics, because the loader
    /// would silently keep using the first one.
    pub fn apply(&self) {
        static APPLIED: OnceLock<VulkanEnv> = OnceLock::new();
        let applied = APPLIED.get_or_init(|| {
            // Sound in a multi-threaded test process because every Vulkan user goes through
            // this OnceLock before it loads the loader: nothing reads these variables (through
            // libc's getenv) while they change, and std serializes its own readers.
            for (k, v) in &self.vars {
                match v {
                    Some(v) => std::env::set_var(k, v),
                    None => std::env::remove_var(k),
                }
            }
            self.clone()
        });
        assert_eq!(applied, self, "this process already runs Vulkan with another environment");
    }

    /// Applies this environment to the process and loads the loader (`libvulkan.so.1`). Each
    /// call returns a new [`ash::Entry`] whose library handle is its own, so dropping every
    /// entry (and everything made from them) unloads the loader.
    pub fn entry(&self) -> ash::Entry {
        self.apply();
        // SAFETY: loading the system loader runs only its initializers, which are sound.
        unsafe { ash::Entry::load() }.unwrap_or_else(|e| panic!("cannot load libvulkan.so.1: {e}"))
    }
}

/// `/tmp/xdg-<uid>`, created private to this user as the XDG spec asks.
fn runtime_dir() -> PathBuf {
    // The owner of /proc/self is this process's uid; this saves a libc dependency.
    let uid = std::fs::metadata("/proc/self").map(|m| m.uid()).unwrap_or(0);
    let dir = PathBuf::from(format!("/tmp/xdg-{uid}"));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let _ = std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700));
    dir
}

/// Runs `cmd` to completion with stdout and stderr captured, killing it after `timeout`
/// (a hung child would otherwise hang the test run). Panics if it cannot start, naming it.
pub fn run_with_timeout(cmd: &mut Command, timeout: std::time::Duration) -> std::process::Output {
    use std::io::Read;
    use std::process::Stdio;

    let what = format!("{:?}", cmd.get_program());
    // Its own process group, so a timeout can kill what it started too (xvfb-run leaves Xvfb
    // and the program behind when only the script is killed).
    let mut child = std::os::unix::process::CommandExt::process_group(cmd, 0)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e} (is it installed? see .ci/install-deps)"));
    // Drain both pipes while waiting, so a chatty child cannot block on a full pipe.
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            let _ = r.read_to_end(&mut buf);
            buf
        })
    };
    let out = drain(Box::new(child.stdout.take().unwrap()));
    let err = drain(Box::new(child.stderr.take().unwrap()));
    let deadline = std::time::Instant::now() + timeout;
    let status = loop {
        if let Some(status) = child.try_wait().expect("waitpid") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            crate::native::kill_process_group(child.id());
            let _ = child.wait();
            panic!("{what} did not finish within {timeout:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    std::process::Output { status, stdout: out.join().unwrap(), stderr: err.join().unwrap() }
}
