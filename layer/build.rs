//! Link flags for libVkLayer_vigil.so.

fn main() {
    // Bind every reference inside the library to the library's own definitions. Without it the
    // exported vk* names are interposable: in an application linked against libvulkan.so.1 the
    // loader's trampolines of the same names win, and wherever LLVM folds a private intercept
    // into the exported forwarder with the same body, the pointer Vigil hands out would be the
    // loader's. (The Khronos layer links with -Bsymbolic for the same reason.)
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-Bsymbolic");
    }
}
