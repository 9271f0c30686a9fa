//! Compiles the C half of the layout test: generated/src/layout.c measures every struct of the
//! committed 1.4.363 headers with the C compiler.

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let source = root.join("generated/src/layout.c");
    println!("cargo:rerun-if-changed={}", source.display());
    cc::Build::new()
        .file(&source)
        .include(root.join("registry/include"))
        .define("VK_ENABLE_BETA_EXTENSIONS", None)
        .warnings(false)
        .compile("vigil_c_layouts");
}
