//! The library exports exactly the loader-facing symbols: anything more is interposable by
//! other libraries in the process (see layer/src/entry), and anything less breaks loading.

use std::process::Command;

use vigil_tests::layer_library;

#[test]
fn the_library_exports_exactly_the_loader_facing_symbols() {
    let lib = layer_library();
    let out = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(&lib)
        .output()
        .unwrap_or_else(|e| panic!("cannot run nm (binutils) on {}: {e}", lib.display()));
    assert!(out.status.success(), "nm failed: {}", String::from_utf8_lossy(&out.stderr));
    let mut exported: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2).map(str::to_string))
        .collect();
    exported.sort();
    assert_eq!(
        exported,
        [
            "vkEnumerateDeviceExtensionProperties",
            "vkEnumerateDeviceLayerProperties",
            "vkEnumerateInstanceExtensionProperties",
            "vkEnumerateInstanceLayerProperties",
            "vkGetDeviceProcAddr",
            "vkGetInstanceProcAddr",
            "vkNegotiateLoaderLayerInterfaceVersion",
        ]
    );
}
