//! Link flags for libvigil_driver_shim.so.

fn main() {
    // As for Vigil (layer/build.rs): references inside the library bind to its own definitions,
    // so the pointers it hands the loader never resolve to another library's exported vk* names.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-Bsymbolic");
    }
}
