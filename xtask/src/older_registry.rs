//! Generation from a real registry older than the pinned one, with no code change: the test
//! copies of 1.4.341 (`tests/registries/1.4.341`, Ubuntu resolute's libvulkan-dev; the oldest
//! version Vigil supports, `vigil_registry::MIN_VERSION`) load, generate, and the generated
//! crate passes `cargo check`. Reviewed codegen tables skip entries naming what an older
//! registry does not have yet (`Registry::older_than_pinned`).
//!
//! `update-registry` still refuses 1.4.341, because the layer names VUIDs its validusage.json
//! lacks (the test `update_registry::tests::older_registry_refused`).

#![cfg(test)]

use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Instant, SystemTime};

use crate::update_registry::TempDir;

/// The older registry the tests use.
pub const VERSION: &str = "1.4.341";
const FILES: [&str; 3] = ["vk.xml", "video.xml", "validusage.json"];

/// Decompresses `tests/registries/VERSION/*.gz` into `dir` and checks them against the
/// directory's SHA256SUMS (the originals' sums). Returns the path of vk.xml.
pub fn unpack(dir: &Path) -> PathBuf {
    let from = crate::root().join("tests/registries").join(VERSION);
    for f in FILES {
        let gz = from.join(format!("{f}.gz"));
        let file = std::fs::File::open(&gz).unwrap_or_else(|e| panic!("{}: {e}", gz.display()));
        let mut bytes = Vec::new();
        flate2::read::GzDecoder::new(file).read_to_end(&mut bytes).unwrap_or_else(|e| panic!("{}: {e}", gz.display()));
        std::fs::write(dir.join(f), bytes).unwrap();
    }
    std::fs::copy(from.join("SHA256SUMS"), dir.join("SHA256SUMS")).unwrap();
    let out = Command::new("sha256sum").args(["--check", "--strict", "SHA256SUMS"]).current_dir(dir).output().unwrap();
    assert!(out.status.success(), "{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    dir.join("vk.xml")
}

/// 1.4.341 loads, every generator accepts it, and the generated crate passes `cargo check`
/// (in a workspace of its own under a temp directory, built into `target/older-registry`,
/// which persists so that a re-run with unchanged output checks nothing).
#[test]
fn older_registry_generates_and_checks() {
    let started = Instant::now();
    let lap = |what: &str| eprintln!("older-registry: {what} at {:.1}s", started.elapsed().as_secs_f64());
    let tmp = TempDir::new("older-registry").unwrap();
    let registry = tmp.path().join("registry");
    std::fs::create_dir(&registry).unwrap();
    let vk_xml = unpack(&registry);
    let reg = vigil_registry::load(&vk_xml).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(format!("{}.{}.{}", reg.version.0, reg.version.1, reg.version.2), VERSION);
    assert!(reg.version == vigil_registry::MIN_VERSION && reg.older_than_pinned());
    let vuids = vigil_registry::load_vuids(&registry.join("validusage.json")).unwrap_or_else(|e| panic!("{e}"));
    lap("loaded");

    // No ids from the layer: its sources name the ids of the pinned version's validusage.json
    // (some of which 1.4.341 lacks: that is why update-registry refuses it), and they only list
    // themselves in docs/messages.md, which the generated crate does not hold. The catalogue is
    // what the generators themselves produce (the stateless and object rules' VUIDs).
    let used = BTreeSet::new();
    let files = vigil_codegen::generate(&reg, &vigil_codegen::Catalogue { vuids: &vuids, used: &used })
        .unwrap_or_else(|e| panic!("generation from {VERSION} fails: {e}"));
    lap("generated");

    // A workspace holding only the generated crate: its manifest as committed, every generated
    // file under generated/ (src/ and the spec text lib.rs embeds), and the root manifest's
    // [workspace.package] that the crate's manifest inherits from.
    let ws = tmp.path().join("workspace");
    let target = crate::root().join("target/older-registry");
    let cache = target.join("sources");
    let root_manifest = std::fs::read_to_string(crate::root().join("Cargo.toml")).unwrap();
    let start = root_manifest.find("[workspace.package]").expect("[workspace.package] in Cargo.toml");
    let end = root_manifest[start + 1..].find("\n[").map_or(root_manifest.len(), |i| start + 2 + i);
    let manifest =
        format!("[workspace]\nresolver = \"2\"\nmembers = [\"generated\"]\n\n{}", &root_manifest[start..end]);
    write_keeping_time(&ws, "Cargo.toml", manifest.as_bytes(), &cache);
    let crate_manifest = std::fs::read(crate::root().join("generated/Cargo.toml")).unwrap();
    write_keeping_time(&ws, "generated/Cargo.toml", &crate_manifest, &cache);
    let mut written = 0;
    for (name, contents) in files.iter().filter(|(name, _)| name.starts_with("generated/")) {
        write_keeping_time(&ws, name, contents.as_bytes(), &cache);
        written += 1;
    }
    assert!(written > 40, "{written} generated files");
    lap(&format!("wrote {written} files"));

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(&ws)
        .env("CARGO_TARGET_DIR", &target)
        // The crate changes wholesale or not at all; incremental state only costs time.
        .env("CARGO_INCREMENTAL", "0")
        .args(["check", "--offline", "--package", "vigil-generated"])
        .output()
        .unwrap();
    lap("checked");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "cargo check of the crate generated from {VERSION} fails:\n{stderr}");
}

/// Writes `contents` to `root/rel`, with the modification time these contents had when they
/// first appeared there (recorded under `cache`): cargo's freshness test sees a file rewritten
/// with the same contents as unchanged, and a changed file as new.
fn write_keeping_time(root: &Path, rel: &str, contents: &[u8], cache: &Path) {
    let (path, cached) = (root.join(rel), cache.join(rel));
    for p in [&path, &cached] {
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    }
    if std::fs::read(&cached).ok().as_deref() != Some(contents) {
        std::fs::write(&cached, contents).unwrap();
    }
    let time: SystemTime = std::fs::metadata(&cached).and_then(|m| m.modified()).unwrap();
    std::fs::write(&path, contents).unwrap();
    std::fs::File::options().write(true).open(&path).and_then(|f| f.set_modified(time)).unwrap();
}
