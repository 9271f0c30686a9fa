//! The main job's program: a compute dispatch and an offscreen draw through Vigil, with every
//! result checked and everything Vigil reported printed (its settings, at INFO, and any
//! warning or error, which would fail the run: these programs are valid).
//!
//! Expects the loader to find Vigil (`VK_ADD_LAYER_PATH`, as `.ci/main` sets it); enables it
//! explicitly, and proves it was in the call chain.

use std::process::ExitCode;

use vigil_tests::{programs, ContextBuilder, VIGIL_LAYER};

fn main() -> ExitCode {
    // SAFETY: loading the system Vulkan loader.
    let entry = match unsafe { ash::Entry::load() } {
        Ok(e) => e,
        Err(e) => {
            eprintln!("vigil-demo: cannot load the Vulkan loader: {e}");
            return ExitCode::FAILURE;
        }
    };
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build(&entry);
    if !ctx.vigil_in_chain() {
        eprintln!("vigil-demo: Vigil is not in the call chain (is VK_ADD_LAYER_PATH set?)");
        return ExitCode::FAILURE;
    }
    // SAFETY: a valid physical device of this instance.
    let props = unsafe { ctx.instance.get_physical_device_properties(ctx.physical_device) };
    let name = props.device_name_as_c_str().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    println!("vigil-demo: Vigil is in the call chain on {name}");

    let words = programs::run_compute(&ctx);
    programs::check_compute(&words);
    println!("vigil-demo: compute dispatch wrote {} words, all correct", words.len());
    let image = programs::run_draw(&ctx);
    programs::check_draw(&image);
    println!("vigil-demo: offscreen draw {}x{}, every pixel as expected", image.width, image.height);

    let reported: Vec<_> = ctx.messages.all().into_iter().filter(|m| !m.from_loader()).collect();
    println!("vigil-demo: Vigil reported {} message(s):", reported.len());
    for m in &reported {
        println!("  {m}");
    }
    let problems = ctx.messages.problems();
    if problems.is_empty() {
        println!("vigil-demo: no validation errors or warnings: these programs are valid.");
        ExitCode::SUCCESS
    } else {
        println!("vigil-demo: {} validation error(s)/warning(s)", problems.len());
        ExitCode::FAILURE
    }
}
