//! Vigil among other layers: Mesa's implicit device-select layer (active by default), and the
//! Khronos reference validation layer above and below Vigil. The compute and draw programs must
//! give exactly the results they give without any explicit layer.
//!
//! Layer order follows `ppEnabledLayerNames`: the first name is closest to the application.

use vigil_tests::loader_log;
use vigil_tests::programs::{check_compute, check_draw, run_compute, run_draw, Image};
use vigil_tests::{native, Context, ContextBuilder, VulkanEnv, DEVICE_SELECT_LAYER, KHRONOS_LAYER, VIGIL_LAYER};

/// This binary's in-process environment: Vigil findable; the reference layer with defaults (the
/// baseline environment clears its settings variables).
fn env() -> VulkanEnv {
    VulkanEnv::new().with_vigil()
}

/// The results of both programs on `ctx`, each checked against its exact expectation.
fn run_programs(ctx: &Context) -> (Vec<u32>, Image) {
    let words = run_compute(ctx);
    check_compute(&words);
    let image = run_draw(ctx);
    check_draw(&image);
    (words, image)
}

/// Layers in the instance and device chains, from the application down, as the loader reports
/// inserting them (it inserts from the driver up, so its log lists them bottom first).
fn chains(ctx: &Context) -> (Vec<String>, Vec<String>) {
    let log = ctx.messages.loader_text();
    let top_down = |layers: Vec<loader_log::InsertedLayer>| layers.into_iter().rev().map(|l| l.name).collect();
    (top_down(loader_log::instance_layers(&log)), top_down(loader_log::device_layers(&log)))
}

/// Runs both programs with `layers` enabled and checks that the results match a run without
/// explicit layers and that the chains hold `layers` in that order, device-select above them. Returns the context for further checks.
fn same_results_with(layers: &[&str]) -> Context {
    let entry = env().entry();
    let baseline = run_programs(&ContextBuilder::new().build(&entry));
    let ctx = ContextBuilder::new().layers(layers).build(&entry);
    assert!(ctx.vigil_in_chain(), "Vigil is not in the call chain with layers {layers:?}");
    let (instance_chain, device_chain) = chains(&ctx);
    // Implicit layers go above explicit ones. Device-select has no device-level entry points,
    // so the loader leaves it out of the device chain.
    let mut expected = vec![DEVICE_SELECT_LAYER];
    expected.extend_from_slice(layers);
    assert_eq!(instance_chain, expected, "instance chain (application first) for layers {layers:?}");
    assert_eq!(device_chain, layers, "device chain (application first) for layers {layers:?}");
    let results = run_programs(&ctx);
    assert!(results.0 == baseline.0, "compute results differ from the run without explicit layers");
    assert!(results.1 == baseline.1, "the image differs from the run without explicit layers");
    let shown = ctx.messages.all().iter().filter(|m| !m.from_loader()).count();
    println!("{layers:?}: {shown} layer message(s), not asserted on");
    ctx
}

#[test]
fn with_mesa_device_select() {
    let ctx = same_results_with(&[VIGIL_LAYER]);
    // Device-select is implicit: proven active by the loader's report of inserting it (checked
    // in the chain above) and by its library being mapped while the instance lives.
    assert!(
        !native::mapped_named("libVkLayer_MESA_device_select.so").is_empty(),
        "{DEVICE_SELECT_LAYER}'s library is not loaded"
    );
    ctx.messages.assert_no_problems("Vigil with device-select");
}

#[test]
fn with_khronos_validation_above_vigil() {
    same_results_with(&[KHRONOS_LAYER, VIGIL_LAYER]);
}

#[test]
fn with_khronos_validation_below_vigil() {
    same_results_with(&[VIGIL_LAYER, KHRONOS_LAYER]);
}
