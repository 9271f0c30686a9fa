//! Link flags for libVkLayer_vigil.so, and the SPIR-V validator it links.

use std::env;
use std::path::Path;

fn main() {
    // Bind every reference inside the library to the library's own definitions. Without it the
    // exported vk* names are interposable: in an application linked against libvulkan.so.1 the
    // loader's trampolines of the same names win, and wherever LLVM folds a private intercept
    // into the exported forwarder with the same body, the pointer Vigil hands out would be the
    // loader's. (The Khronos layer links with -Bsymbolic for the same reason.)
    if env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-Bsymbolic");
    }
    spirv_tools();
}

/// Links SPIRV-Tools' validator (`checks::core::spirv_validator`): the pinned static library in
/// `spirv-tools/` (x86_64 Linux), or the library a packager names with
/// `VIGIL_SPIRV_TOOLS_LIB_DIR` (its directory) and `VIGIL_SPIRV_TOOLS_LIB` (its name,
/// `SPIRV-Tools` by default; a name ending in `-shared` links the shared library). Elsewhere the
/// layer is built without the validator (`vigil_no_spirv_tools`) and says so at start-up.
fn spirv_tools() {
    println!("cargo:rustc-check-cfg=cfg(vigil_no_spirv_tools)");
    println!("cargo:rerun-if-env-changed=VIGIL_SPIRV_TOOLS_LIB_DIR");
    println!("cargo:rerun-if-env-changed=VIGIL_SPIRV_TOOLS_LIB");
    if let Some(dir) = env::var_os("VIGIL_SPIRV_TOOLS_LIB_DIR") {
        let lib = env::var("VIGIL_SPIRV_TOOLS_LIB").unwrap_or_else(|_| "SPIRV-Tools".to_string());
        let kind = if lib.ends_with("-shared") { "dylib" } else { "static" };
        println!("cargo:rustc-link-search=native={}", Path::new(&dir).display());
        println!("cargo:rustc-link-lib={kind}={lib}");
        if kind == "static" {
            link_libstdcxx();
        }
        return;
    }
    let pinned = env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("x86_64")
        && env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu");
    if !pinned {
        println!("cargo:rustc-cfg=vigil_no_spirv_tools");
        return;
    }
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("spirv-tools");
    println!("cargo:rerun-if-changed={}", dir.join("libSPIRV-Tools.a").display());
    println!("cargo:rerun-if-changed={}", dir.join("shims.c").display());
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=static=SPIRV-Tools");
    // After the library whose references they resolve: archives are searched in order.
    cc::Build::new().file(dir.join("shims.c")).warnings(true).compile("vigil_spirv_tools_shims");
    link_libstdcxx();
}

/// libstdc++ by its soname: the runtime every Debian system has (apt needs it), without the
/// `libstdc++.so` link only the g++ development package installs.
fn link_libstdcxx() {
    println!("cargo:rustc-link-lib=dylib:+verbatim=libstdc++.so.6");
}
