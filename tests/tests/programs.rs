//! Real programs through Vigil: a compute dispatch and an offscreen draw in this process, and
//! vulkaninfo and vkcube as child processes.

use std::path::Path;
use std::time::Duration;

use vigil_tests::loader_log::{self, InsertedLayer};
use vigil_tests::programs::{check_compute, check_draw, run_compute, run_draw};
use vigil_tests::{layer_library, run_with_timeout, ContextBuilder, VulkanEnv, VIGIL_LAYER};

/// This binary's in-process environment: Vigil findable, enabled per instance.
fn env() -> VulkanEnv {
    VulkanEnv::new().with_vigil()
}

/// The environment for a child program under Vigil, with the loader's layer log on stderr.
fn child_env_with_vigil() -> VulkanEnv {
    VulkanEnv::new().with_vigil().instance_layers(&[VIGIL_LAYER]).loader_debug("layer")
}

/// Panics unless `layers` shows Vigil, loaded from the packaged library.
fn assert_vigil_inserted(layers: &[InsertedLayer], chain: &str, log: &str) {
    let vigil: Vec<_> = layers.iter().filter(|l| l.name == VIGIL_LAYER).collect();
    assert_eq!(vigil.len(), 1, "the loader inserted Vigil into {} {chain} chain(s), not 1; log:\n{log}", vigil.len());
    assert!(
        vigil[0].library_is(&layer_library()),
        "Vigil was loaded from {}, not the packaged {}",
        vigil[0].library,
        layer_library().display()
    );
}

/// Panics if a program that nobody here wrote printed a Vigil warning or error (they print
/// validation messages through their own debug callbacks, or Vigil writes them to stdout).
fn assert_clean(program: &str, stdout: &str, stderr: &str) {
    for text in [stdout, stderr] {
        let bad: Vec<&str> =
            text.lines().filter(|l| l.contains("Validation Error") || l.contains("Validation Warning")).collect();
        assert!(bad.is_empty(), "{program} is not clean under Vigil:\n{}", bad.join("\n"));
    }
}

/// Panics unless the loader's log shows Vigil in both the instance and the device chain.
fn assert_log_shows_vigil(log: &str) {
    assert_vigil_inserted(&loader_log::instance_layers(log), "instance", log);
    assert_vigil_inserted(&loader_log::device_layers(log), "device", log);
}

#[test]
fn compute_through_vigil() {
    let entry = env().entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    check_compute(&run_compute(&ctx));
    ctx.messages.assert_no_problems("compute through Vigil");
    assert_vigil_inserted(
        &loader_log::instance_layers(&ctx.messages.loader_text()),
        "instance",
        &ctx.messages.loader_text(),
    );
}

#[test]
fn draw_through_vigil() {
    let entry = env().entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain");
    check_draw(&run_draw(&ctx));
    ctx.messages.assert_no_problems("draw through Vigil");
}

/// The `key = value` lines of `vulkaninfo --summary` for `key`, values trimmed.
fn summary_values(stdout: &str, key: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|l| l.trim().strip_prefix(key)?.trim_start().strip_prefix('=').map(|v| v.trim().to_string()))
        .collect()
}

#[test]
fn vulkaninfo_is_the_same_with_handle_wrapping_on_and_off() {
    let timeout = Duration::from_secs(60);
    let run = |wrapping: &str| {
        let env = VulkanEnv::new().with_vigil().instance_layers(&[VIGIL_LAYER]);
        let out = run_with_timeout(
            &mut env.set("VK_VIGIL_VALIDATION_HANDLE_WRAPPING", wrapping).command("vulkaninfo"),
            timeout,
        );
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "vulkaninfo (handle_wrapping = {wrapping}) failed: {}\n{stderr}", out.status);
        assert_clean("vulkaninfo", &stdout, &stderr);
        // The memory budget reports what the process happens to use right now.
        stdout
            .lines()
            .filter(|l| !(l.contains("usage  =") || l.contains("budget =")))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    };
    let (on, off) = (run("true"), run("false"));
    assert!(on.lines().count() > 100, "vulkaninfo printed little:\n{on}");
    assert_eq!(on, off, "vulkaninfo's report differs with handle wrapping on and off");
}

#[test]
fn vulkaninfo_sees_the_same_devices_through_vigil() {
    let timeout = Duration::from_secs(60);
    let plain = run_with_timeout(VulkanEnv::new().command("vulkaninfo").arg("--summary"), timeout);
    let vigil = run_with_timeout(child_env_with_vigil().command("vulkaninfo").arg("--summary"), timeout);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let (plain_out, vigil_out, vigil_err) = (text(&plain.stdout), text(&vigil.stdout), text(&vigil.stderr));
    assert!(plain.status.success(), "vulkaninfo --summary failed: {}\n{}", plain.status, text(&plain.stderr));
    assert!(vigil.status.success(), "vulkaninfo --summary under Vigil failed: {}\n{vigil_err}", vigil.status);

    for key in ["deviceName", "deviceUUID"] {
        let (a, b) = (summary_values(&plain_out, key), summary_values(&vigil_out, key));
        assert!(!a.is_empty(), "vulkaninfo printed no {key}:\n{plain_out}");
        assert_eq!(a, b, "{key} differs under Vigil");
    }
    assert!(
        summary_values(&plain_out, "deviceName").iter().any(|n| n.starts_with("llvmpipe")),
        "lavapipe is missing from vulkaninfo:\n{plain_out}"
    );
    assert!(vigil_out.contains(VIGIL_LAYER), "vulkaninfo does not list {VIGIL_LAYER} among the layers:\n{vigil_out}");
    assert_log_shows_vigil(&vigil_err);
    assert_clean("vulkaninfo --summary", &vigil_out, &vigil_err);
}

/// `program` on PATH, or a failure saying what to install: CI installs everything the tests
/// need, so a missing tool is a broken environment, not a reason to skip.
fn require_tool(program: &str, package: &str) {
    let found = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| Path::new(&dir).join(program).is_file()));
    assert!(found, "{program} is not installed (Debian package {package}; see .ci/install-deps)");
}

#[test]
fn vkcube_renders_through_vigil() {
    for wrapping in ["true", "false"] {
        vkcube_with(child_env_with_vigil().set("VK_VIGIL_VALIDATION_HANDLE_WRAPPING", wrapping));
    }
}

/// vkcube under Vigil with `env`: it must render, and Vigil must stay quiet.
fn vkcube_with(env: VulkanEnv) {
    require_tool("xvfb-run", "xvfb");
    require_tool("xauth", "xauth");
    require_tool("vkcube", "vulkan-tools");
    // 60 frames on lavapipe in a virtual X server; the loader log shows Vigil in the chain.
    let out = run_with_timeout(env.command("xvfb-run").args(["-a", "vkcube", "--c", "60"]), Duration::from_secs(60));
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "vkcube under Vigil failed: {}\nstdout:\n{stdout}\nstderr:\n{stderr}", out.status);
    // vkcube reports its choice on stderr: "Selected GPU 0: llvmpipe (...), type: Cpu".
    assert!(stderr.contains("Selected GPU 0: llvmpipe"), "vkcube did not select lavapipe:\n{stderr}");
    assert_log_shows_vigil(&stderr);
    assert_clean("vkcube", &stdout, &stderr);
}

/// With Mesa's implicit device-select layer turned off, Vigil is the topmost layer: the loader
/// then asks it for vkCreateInstance with an instance handle it has never seen.
#[test]
fn vigil_as_the_only_layer() {
    let env = VulkanEnv::new().with_vigil().set("NODEVICE_SELECT", "1").loader_debug("layer");
    let mut demo = env.command(env!("CARGO_BIN_EXE_vigil-demo"));
    demo.arg("--valid-only");
    let out = run_with_timeout(&mut demo, Duration::from_secs(60));
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "vigil-demo failed: {}\nstdout:\n{stdout}\nstderr:\n{stderr}", out.status);
    assert!(stdout.contains("compute dispatch wrote 4096 words, all correct"), "{stdout}");
    let layers = loader_log::instance_layers(&stderr);
    let names: Vec<&str> = layers.iter().map(|l| l.name.as_str()).collect();
    assert_eq!(names, [VIGIL_LAYER], "the instance chain holds Vigil alone:\n{stderr}");
}
