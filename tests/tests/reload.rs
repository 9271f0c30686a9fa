//! Vigil survives being unloaded and loaded again in one process: 50 instance+device lifetimes,
//! then the loader (and with it Vigil) is unloaded and must be gone from the address space,
//! then a fresh load runs the compute program correctly.
//!
//! This binary holds one test on purpose: another test thread holding the loader open would
//! keep it mapped.

use vigil_tests::native::{mapped_files, mapped_named};
use vigil_tests::programs::{check_compute, run_compute};
use vigil_tests::{layer_library, ContextBuilder, VulkanEnv, VIGIL_LAYER, VIGIL_LIBRARY};

/// The loader's library; the file mapped is `libvulkan.so.1.<patch version>`.
const LOADER_LIBRARY: &str = "libvulkan.so";

fn maps_report() -> String {
    mapped_files().iter().map(|p| format!("  {}\n", p.display())).collect()
}

#[test]
fn unload_and_reload() {
    let env = VulkanEnv::new().with_vigil();
    // Nothing in this binary links libvulkan: ash loads it at run time.
    assert!(mapped_named(LOADER_LIBRARY).is_empty(), "libvulkan is mapped before the first load");
    assert!(mapped_named(VIGIL_LIBRARY).is_empty(), "Vigil is mapped before the first load");

    let entry = env.entry();
    for round in 0..50 {
        let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build(&entry);
        assert!(ctx.vigil_in_chain(), "round {round}: Vigil is not in the call chain");
        if round == 0 {
            // The unmapped check below means something only if the mapping is visible here.
            let mapped = mapped_named(VIGIL_LIBRARY);
            assert_eq!(mapped.len(), 1, "Vigil mapped as {mapped:?} while an instance lives");
            assert_eq!(mapped[0].canonicalize().unwrap(), layer_library(), "a different Vigil library is mapped");
        }
        ctx.messages.assert_no_problems(&format!("round {round}"));
    }
    // The last Entry clone goes: ash dlcloses libvulkan.so.1, whose destructor unloads the
    // layer libraries it still holds (it already unloads them at vkDestroyInstance).
    drop(entry);

    let vigil = mapped_named(VIGIL_LIBRARY);
    assert!(vigil.is_empty(), "Vigil is still mapped after the loader was unloaded: {vigil:?}\n{}", maps_report());
    let loader = mapped_named(LOADER_LIBRARY);
    assert!(
        loader.is_empty(),
        "the loader is still mapped after its last handle was closed: {loader:?}\n{}",
        maps_report()
    );

    let entry = env.entry();
    let ctx = ContextBuilder::new().layers(&[VIGIL_LAYER]).build(&entry);
    assert!(ctx.vigil_in_chain(), "after reloading: Vigil is not in the call chain");
    check_compute(&run_compute(&ctx));
    ctx.messages.assert_no_problems("compute after reloading");
}
