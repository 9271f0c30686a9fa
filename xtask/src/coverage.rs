//! `cargo xtask coverage [--out FILE]`: per area of the spec, how many of the pinned
//! validusage.json's VUIDs Vigil implements and how many the tests exercise; writes
//! `docs/coverage.md` (or FILE) and prints the totals.
//!
//! - Implemented: every id the layer can emit (`vigil_codegen::emitted_ids`, the list
//!   `docs/messages.md` shows): the ids its sources name plus the generated check families.
//! - Tested: the ids the test binaries saw Vigil report, from the manifests they write
//!   (`vigil_tests::coverage`, `target/vigil-coverage/*.ids`) during `cargo test --workspace`.
//!   Every test case asserts the exact set of ids it gets, so these are the asserted ids.
//! - Areas are the spec chapters the VUIDs come from (validusage.json's `page`).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The areas and the spec chapters each covers; other chapters are areas of their own.
const AREAS: &[(&str, &[&str])] = &[
    ("Command buffers", &["chapters/cmdbuffers.html"]),
    ("Render passes and dynamic rendering", &["chapters/renderpass.html"]),
    ("Draw and dispatch", &["chapters/drawing.html", "chapters/dispatch.html"]),
    ("Descriptor sets", &["chapters/descriptorsets.html"]),
    ("Copies, blits, clears", &["chapters/copies.html", "chapters/clears.html"]),
    ("Memory", &["chapters/memory.html"]),
    ("Synchronization and queries", &["chapters/synchronization.html", "chapters/queries.html"]),
    (
        "Pipelines and shaders",
        &["chapters/pipelines.html", "chapters/shaders.html", "chapters/interfaces.html", "appendices/spirvenv.html"],
    ),
    ("Buffers, images, views, samplers", &["chapters/resources.html", "chapters/samplers.html"]),
];

/// The area of a VUID from spec page `page`.
fn area(page: &str) -> String {
    AREAS.iter().find(|(_, pages)| pages.contains(&page)).map(|(name, _)| name.to_string()).unwrap_or_else(|| {
        let stem = page.rsplit('/').next().unwrap_or(page);
        format!("other: {}", stem.trim_end_matches(".html"))
    })
}

/// Explicit VUIDs end in a five-digit number; implicit ones in a word (`-parameter`, `-sType`,
/// `-recording`, ...).
fn explicit(vuid: &str) -> bool {
    vuid.rsplit('-').next().is_some_and(|n| n.len() == 5 && n.bytes().all(|b| b.is_ascii_digit()))
}

#[derive(Default)]
struct Counts {
    spec: usize,
    implemented: usize,
    tested: usize,
}

impl Counts {
    fn add(&mut self, implemented: bool, tested: bool) {
        self.spec += 1;
        self.implemented += usize::from(implemented);
        self.tested += usize::from(tested);
    }
}

/// An area's figures, and its implemented explicit ids with whether they are tested.
#[derive(Default)]
struct Area {
    explicit: Counts,
    implicit: Counts,
    ids: Vec<(String, bool)>,
}

pub fn run(args: &[String]) -> Result<(), String> {
    let root = super::root();
    let out = args.iter().position(|a| a == "--out").and_then(|i| args.get(i + 1)).map(PathBuf::from);
    let out = out.unwrap_or_else(|| root.join("docs/coverage.md"));
    let registry = root.join("registry");
    let reg = vigil_registry::load(&registry.join("vk.xml")).map_err(|e| e.to_string())?;
    let vuids = vigil_registry::load_vuids(&registry.join("validusage.json")).map_err(|e| e.to_string())?;
    let used = super::message_ids(&root.join("layer/src"))?;
    let implemented = vigil_codegen::emitted_ids(&reg, &vigil_codegen::Catalogue { vuids: &vuids, used: &used })
        .map_err(|e| e.to_string())?;
    let dir =
        std::env::var_os("VIGIL_COVERAGE_DIR").map(PathBuf::from).unwrap_or_else(|| root.join("target/vigil-coverage"));
    let (tested, binaries) = manifests(&dir)?;

    let mut areas: BTreeMap<String, Area> = BTreeMap::new();
    for (id, vu) in &vuids {
        let (i, t) = (implemented.contains(id), tested.contains(id) && implemented.contains(id));
        let a = areas.entry(area(&vu.page)).or_default();
        if explicit(id) {
            a.explicit.add(i, t);
            if i {
                a.ids.push((id.clone(), t));
            }
        } else {
            a.implicit.add(i, t);
        }
    }
    let own: Vec<&String> = implemented.iter().filter(|id| id.starts_with("UNASSIGNED-")).collect();
    let own_tested = own.iter().filter(|id| tested.contains(**id)).count();

    let doc = document(&areas, (own.len(), own_tested), binaries);
    std::fs::write(&out, doc).map_err(|e| format!("{}: {e}", out.display()))?;
    let total = |f: fn(&Area) -> &Counts| {
        areas.values().map(f).fold((0, 0, 0), |(s, i, t), c| (s + c.spec, i + c.implemented, t + c.tested))
    };
    let (es, ei, et) = total(|a| &a.explicit);
    let (is, ii, it) = total(|a| &a.implicit);
    println!("coverage ({binaries} test manifests) -> {}", out.display());
    println!("  explicit VUIDs: {ei} of {es} implemented, {et} tested");
    println!("  implicit VUIDs: {ii} of {is} implemented, {it} tested");
    println!("  Vigil's own ids: {} implemented, {own_tested} tested", own.len());
    Ok(())
}

/// The union of the manifests under `dir`, and how many there were.
fn manifests(dir: &Path) -> Result<(BTreeSet<String>, usize), String> {
    let none = || format!("no test manifests in {}: run `cargo test --workspace` first", dir.display());
    let entries = std::fs::read_dir(dir).map_err(|_| none())?;
    let mut ids = BTreeSet::new();
    let mut n = 0;
    for e in entries.flatten() {
        if e.path().extension().is_some_and(|x| x == "ids") {
            let text = std::fs::read_to_string(e.path()).map_err(|err| format!("{}: {err}", e.path().display()))?;
            ids.extend(text.lines().map(str::to_string));
            n += 1;
        }
    }
    if n == 0 {
        return Err(none());
    }
    Ok((ids, n))
}

fn document(areas: &BTreeMap<String, Area>, own: (usize, usize), binaries: usize) -> String {
    let mut d = String::from(
        "# Coverage\n\nWritten by `cargo xtask coverage` after `cargo test --workspace`. Do not edit.\n\n\
         Per area of the spec (the chapters its VUIDs come from), the VUIDs of the pinned validusage.json: \
         how many Vigil implements (can report: the hand-written checks and the generated families, the ids \
         of `docs/messages.md`) and how many the tests exercise (Vigil reported them in a test run, and every \
         test asserts the exact ids it gets). ",
    );
    let _ = writeln!(d, "From {binaries} test binaries' manifests.\n");
    d.push_str("| area | explicit | implemented | tested | implicit | implemented | tested |\n");
    d.push_str("|---|---:|---:|---:|---:|---:|---:|\n");
    let mut sum = (Counts::default(), Counts::default());
    let row = |d: &mut String, name: &str, e: &Counts, i: &Counts| {
        let _ = writeln!(
            d,
            "| {name} | {} | {} | {} | {} | {} | {} |",
            e.spec, e.implemented, e.tested, i.spec, i.implemented, i.tested
        );
    };
    // The areas first, in its order; then the other chapters Vigil covers; then the rest.
    let ordered: Vec<&String> = AREAS
        .iter()
        .filter_map(|(name, _)| areas.get_key_value(*name).map(|(k, _)| k))
        .chain(
            areas
                .iter()
                .filter(|(k, a)| !is_named(k) && a.implicit.implemented + a.explicit.implemented > 0)
                .map(|(k, _)| k),
        )
        .collect();
    let mut rest = (Counts::default(), Counts::default());
    for (name, a) in areas {
        for (s, c) in [(&mut sum.0, &a.explicit), (&mut sum.1, &a.implicit)] {
            s.spec += c.spec;
            s.implemented += c.implemented;
            s.tested += c.tested;
        }
        if !ordered.contains(&name) {
            rest.0.spec += a.explicit.spec;
            rest.1.spec += a.implicit.spec;
        }
    }
    for name in &ordered {
        let a = &areas[*name];
        row(&mut d, name, &a.explicit, &a.implicit);
    }
    row(&mut d, "every other chapter", &rest.0, &rest.1);
    row(&mut d, "**all**", &sum.0, &sum.1);
    let _ = writeln!(
        d,
        "\nVigil's own ids (`UNASSIGNED-*`, no VUID covers them): {} implemented, {} tested.\n",
        own.0, own.1
    );
    d.push_str("## Explicit VUIDs Vigil implements\n\nEach with whether a test run exercised it.\n");
    for name in &ordered {
        let a = &areas[*name];
        if a.ids.is_empty() {
            continue;
        }
        let _ = writeln!(d, "\n### {name}\n");
        for (id, tested) in &a.ids {
            let _ = writeln!(d, "- `{id}`{}", if *tested { "" } else { " (not tested)" });
        }
    }
    d
}

fn is_named(area: &str) -> bool {
    AREAS.iter().any(|(name, _)| *name == area)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn areas_come_from_chapters() {
        assert_eq!(area("chapters/clears.html"), "Copies, blits, clears");
        assert_eq!(area("chapters/dispatch.html"), "Draw and dispatch");
        assert_eq!(area("chapters/VK_KHR_surface/wsi.html"), "other: wsi");
    }

    #[test]
    fn explicit_ids_end_in_numbers() {
        assert!(explicit("VUID-vkCmdDraw-None-08600"));
        assert!(!explicit("VUID-vkCmdDraw-commandBuffer-recording"));
        assert!(!explicit("VUID-VkBufferCreateInfo-sType-sType"));
    }
}
