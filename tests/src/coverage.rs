//! The coverage manifest: every id a layer reported as WARNING or ERROR to this process's
//! messengers, written to `<dir>/<test binary>.ids` (one id a line, sorted) for
//! `cargo xtask coverage`. Every case asserts the exact set of ids it gets, so after a passing
//! `cargo test --workspace` the manifests name exactly the ids the tests assert.
//!
//! `<dir>` is `$VIGIL_COVERAGE_DIR`, or `target/vigil-coverage` of this workspace. A binary's file
//! is rewritten whole as its process sees new ids, so it always describes that binary's last run.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Mutex;

/// Where the manifests go.
pub fn manifest_dir() -> PathBuf {
    std::env::var_os("VIGIL_COVERAGE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../target/vigil-coverage")))
}

static SEEN: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

/// Notes that a layer reported `id` as a problem.
pub(crate) fn saw(id: &str) {
    if !(id.starts_with("VUID-") || id.starts_with("UNASSIGNED-")) {
        return;
    }
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if !seen.insert(id.to_string()) {
        return;
    }
    let Some(name) = binary_name() else { return };
    let dir = manifest_dir();
    let text: String = seen.iter().map(|id| format!("{id}\n")).collect();
    // A manifest that cannot be written loses coverage figures only, never a test's verdict.
    let _ = std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(dir.join(format!("{name}.ids")), text));
}

/// This executable's name without cargo's `-<hash>` suffix (`core_memory-1a2b…` → `core_memory`).
fn binary_name() -> Option<String> {
    let exe = std::env::current_exe().ok()?;
    let stem = exe.file_stem()?.to_str()?;
    Some(match stem.rsplit_once('-') {
        Some((name, hash)) if hash.len() == 16 && hash.bytes().all(|b| b.is_ascii_hexdigit()) => name.to_string(),
        _ => stem.to_string(),
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn binary_names_lose_cargo_hashes() {
        let name = super::binary_name().expect("this test's executable has a name");
        assert!(!name.is_empty());
        assert!(name.rsplit_once('-').is_none_or(|(_, h)| h.len() != 16), "{name}");
    }
}
