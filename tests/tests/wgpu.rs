//! A wgpu program (render and compute through wgpu's Vulkan backend, `vigil-wgpu-workload`)
//! under Vigil with its default settings: it must compute and draw the right results, and
//! Vigil must report nothing. wgpu registers no debug messenger without its debug flags, so
//! Vigil prints what it finds, with INFO on to show it ran.

use std::time::Duration;

use vigil_tests::loader_log;
use vigil_tests::{layer_library, run_with_timeout, VulkanEnv, VIGIL_LAYER};

#[test]
fn wgpu_renders_and_computes_cleanly_under_vigil() {
    for wrapping in ["true", "false"] {
        let env = VulkanEnv::new()
            .with_vigil()
            .instance_layers(&[VIGIL_LAYER])
            .loader_debug("layer")
            .set("VK_VIGIL_VALIDATION_REPORT_FLAGS", "error,warn,info")
            .set("VK_VIGIL_VALIDATION_HANDLE_WRAPPING", wrapping);
        let mut program = env.command(env!("CARGO_BIN_EXE_vigil-wgpu-workload"));
        let out = run_with_timeout(&mut program, Duration::from_secs(120));
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        let context = format!("handle_wrapping = {wrapping}\nstdout:\n{stdout}\nstderr:\n{stderr}");
        assert!(out.status.success(), "the wgpu workload failed: {}\n{context}", out.status);
        assert!(stdout.contains("compute ok, render ok"), "{context}");
        let layers = loader_log::instance_layers(&stderr);
        assert!(
            layers.iter().any(|l| l.name == VIGIL_LAYER && l.library_is(&layer_library())),
            "Vigil was not in the instance chain\n{context}"
        );
        assert!(stdout.contains("UNASSIGNED-Settings-active"), "Vigil did not say it ran\n{context}");
        let problems: Vec<&str> =
            stdout.lines().filter(|l| l.contains("Validation Error") || l.contains("Validation Warning")).collect();
        assert!(problems.is_empty(), "wgpu is not clean under Vigil:\n{}\n{context}", problems.join("\n"));
    }
}
