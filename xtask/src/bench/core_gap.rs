//! What the reference checks on a workload's measured commands that Vigil does not: the rule
//! behind quoting the core pair. Its ratio is quoted on a workload only where Vigil implements
//! every explicit id the reference's code names for the commands (and the structures they take)
//! of the workload's measured section.
//!
//! - The reference's ids: those its code names (see `reference_ids`) that start with
//!   `VUID-<name>-` for a listed command or structure. Its code does not say which of its
//!   objects checks an id, so these are every object's: the comparison errs on Vigil's side.
//! - Implicit ids (the last component is not a 5-digit number: `-parameter`, `-sType`,
//!   `-commonparent`, `-recording`, ...) are stateless-parameter and object-lifetime families,
//!   not core: left out.
//! - Explicit ids absent from the pinned registry (renamed or removed since 1.3.239) cannot be
//!   matched to what Vigil implements: listed, not compared.
//! - Vigil's ids: docs/coverage.md's "Explicit VUIDs Vigil implements" (`cargo xtask coverage`).

use std::collections::BTreeSet;
use std::fmt::Write;

use super::config::Workload;
use super::reference_ids::{self, NamedIds};

/// The heading of docs/coverage.md whose list is Vigil's implemented explicit ids.
const IMPLEMENTED_HEADING: &str = "## Explicit VUIDs Vigil implements";

/// One workload's comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct WorkloadGap {
    /// The workload.
    pub workload: String,
    /// The commands its measured section calls.
    pub commands: Vec<String>,
    /// The structures they take.
    pub structures: Vec<String>,
    /// The reference's explicit ids of the pinned registry: the ones compared.
    pub compared: Vec<String>,
    /// The reference's implicit ids, left out.
    pub implicit: usize,
    /// The reference's explicit ids the pinned registry lacks: not compared.
    pub not_in_registry: Vec<String>,
    /// Compared ids Vigil does not implement.
    pub missing: Vec<String>,
}

impl WorkloadGap {
    /// Whether the core pair's ratio may be quoted on this workload.
    pub fn quotable(&self) -> bool {
        self.missing.is_empty()
    }
}

/// The gap, for every workload of a run, or why there is none.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum CoreGap {
    /// Not asked for (no pair switches core on).
    #[default]
    NotComputed,
    /// Could not be computed (no reference library, no objdump, ...): no core ratio is quoted.
    Unavailable(String),
    /// Per workload.
    Computed {
        /// Ids the reference's code names (by address, built in place).
        named: (usize, usize),
        /// Explicit ids Vigil implements (docs/coverage.md).
        implemented: usize,
        /// The workloads, in run order.
        workloads: Vec<WorkloadGap>,
    },
}

impl CoreGap {
    /// The comparison for `workload`, if computed.
    pub fn workload(&self, workload: &str) -> Option<&WorkloadGap> {
        match self {
            CoreGap::Computed { workloads, .. } => workloads.iter().find(|w| w.workload == workload),
            _ => None,
        }
    }

    /// Whether the core pair's ratio may be quoted on `workload`, and if not, why.
    pub fn quotable(&self, workload: &str) -> Result<(), String> {
        match self {
            CoreGap::NotComputed => Err("not quotable: the gap to the reference was not computed".into()),
            CoreGap::Unavailable(why) => Err(format!("not quotable: the gap to the reference is unknown ({why})")),
            CoreGap::Computed { .. } => match self.workload(workload) {
                None => Err(format!("not quotable: no gap computed for {workload}")),
                Some(g) if g.quotable() => Ok(()),
                Some(g) => Err(format!(
                    "not quotable: Vigil lacks {} of the reference's {} ids on these commands",
                    g.missing.len(),
                    g.compared.len()
                )),
            },
        }
    }
}

/// Computes the gap for `workloads`, reading the reference's library, the pinned registry and
/// docs/coverage.md; whatever is missing makes it [`CoreGap::Unavailable`], never an error.
pub fn compute(workloads: &[&Workload]) -> CoreGap {
    match try_compute(workloads) {
        Ok(gap) => gap,
        Err(why) => CoreGap::Unavailable(why),
    }
}

fn try_compute(workloads: &[&Workload]) -> Result<CoreGap, String> {
    let library = reference_ids::library().ok_or("the reference's library is not installed")?;
    let named = reference_ids::named_ids(&library)?;
    let root = crate::root();
    let registry = vigil_registry::load_vuids(&root.join("registry/validusage.json")).map_err(|e| e.to_string())?;
    let coverage = root.join("docs/coverage.md");
    let text = std::fs::read_to_string(&coverage).map_err(|e| format!("{}: {e}", coverage.display()))?;
    let implemented = implemented(&text)?;
    let gaps = workloads.iter().map(|w| gap(w, &named, &|id| registry.contains_key(id), &implemented)).collect();
    Ok(CoreGap::Computed {
        named: (named.by_address.len(), named.built.len()),
        implemented: implemented.len(),
        workloads: gaps,
    })
}

/// The backticked `VUID-…` items under docs/coverage.md's [`IMPLEMENTED_HEADING`].
pub fn implemented(coverage_md: &str) -> Result<BTreeSet<String>, String> {
    let start = coverage_md
        .lines()
        .position(|l| l.trim_end() == IMPLEMENTED_HEADING)
        .ok_or(format!("docs/coverage.md has no \"{IMPLEMENTED_HEADING}\" (run `cargo xtask coverage`)"))?;
    let mut ids = BTreeSet::new();
    for line in coverage_md.lines().skip(start + 1).take_while(|l| !l.starts_with("## ")) {
        for item in line.split('`').skip(1).step_by(2) {
            if item.starts_with("VUID-") {
                ids.insert(item.to_string());
            }
        }
    }
    Ok(ids)
}

/// Whether `id` is explicit: its last component is a 5-digit number.
pub fn is_explicit(id: &str) -> bool {
    id.rsplit('-').next().is_some_and(|n| n.len() == 5 && n.bytes().all(|b| b.is_ascii_digit()))
}

/// `workload`'s comparison: the reference's ids for its names, sorted into the three kinds.
pub fn gap(
    workload: &Workload,
    named: &NamedIds,
    in_registry: &dyn Fn(&str) -> bool,
    implemented: &BTreeSet<String>,
) -> WorkloadGap {
    let prefixes: Vec<String> =
        workload.commands.iter().chain(workload.structures).map(|n| format!("VUID-{n}-")).collect();
    let mut g = WorkloadGap {
        workload: workload.id.into(),
        commands: workload.commands.iter().map(|c| c.to_string()).collect(),
        structures: workload.structures.iter().map(|s| s.to_string()).collect(),
        compared: Vec::new(),
        implicit: 0,
        not_in_registry: Vec::new(),
        missing: Vec::new(),
    };
    for id in named.all().into_iter().filter(|id| prefixes.iter().any(|p| id.starts_with(p.as_str()))) {
        if !is_explicit(id) {
            g.implicit += 1;
        } else if !in_registry(id) {
            g.not_in_registry.push(id.into());
        } else {
            g.compared.push(id.into());
            if !implemented.contains(id) {
                g.missing.push(id.into());
            }
        }
    }
    g
}

/// The gap as text, for `cargo xtask bench --core-gap`.
pub fn text(gap: &CoreGap) -> String {
    let mut out = String::new();
    let workloads = match gap {
        CoreGap::NotComputed => return "the gap was not computed\n".into(),
        CoreGap::Unavailable(why) => return format!("the gap could not be computed: {why}\n"),
        CoreGap::Computed { named, implemented, workloads } => {
            let _ = writeln!(
                out,
                "The reference's code names {} ids ({} by address, {} built in place); Vigil implements {} \
                 explicit ids (docs/coverage.md).\n{RULE}\n",
                named.0 + named.1,
                named.0,
                named.1,
                implemented
            );
            workloads
        }
    };
    for g in workloads {
        let _ = writeln!(out, "{}: {}", g.workload, if g.quotable() { "quotable" } else { "not quotable" });
        let _ = writeln!(out, "  commands: {}", g.commands.join(", "));
        let _ = writeln!(out, "  structures: {}", g.structures.join(", "));
        let _ = writeln!(
            out,
            "  reference ids compared: {}; implicit, left out: {}; not in the pinned registry, not compared: {}",
            g.compared.len(),
            g.implicit,
            g.not_in_registry.len()
        );
        let _ = writeln!(out, "  Vigil lacks {} of the {} compared", g.missing.len(), g.compared.len());
        for id in &g.missing {
            let _ = writeln!(out, "    {id}");
        }
        if !g.not_in_registry.is_empty() {
            let _ = writeln!(out, "  not compared (not in the pinned registry):");
            for id in &g.not_in_registry {
                let _ = writeln!(out, "    {id}");
            }
        }
    }
    out
}

/// The quoting rule, in a sentence (the report and `--core-gap` both state it).
pub const RULE: &str = "The core pair's ratio is quoted on a workload only where Vigil implements every explicit \
                        id (of the pinned registry) that the reference's code names for the Vulkan commands the \
                        workload's measured section records and the structures they take.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explicit_and_implicit() {
        assert!(is_explicit("VUID-vkCmdDraw-None-02859"));
        assert!(!is_explicit("VUID-vkCmdDraw-commandBuffer-parameter"));
        assert!(!is_explicit("VUID-VkViewport-sType-sType"));
        assert!(!is_explicit("VUID-vkCmdDraw-renderpass"));
        assert!(!is_explicit("VUID-vkCmdDraw-x-0285"));
    }

    #[test]
    fn implemented_ids_of_the_coverage_document() {
        let doc = "# Coverage\n\n- `VUID-vkCmdDraw-None-00001` (before)\n\n## Explicit VUIDs Vigil implements\n\n\
                   Each with whether a test run exercised it.\n\n### Draw\n\n- `VUID-vkCmdDraw-None-02859`\n\
                   - `VUID-vkCmdDraw-None-02860` tested, `UNASSIGNED-x`\n\n## Next\n\n- `VUID-vkCmdDraw-None-99999`\n";
        let ids: Vec<String> = implemented(doc).unwrap().into_iter().collect();
        assert_eq!(ids, ["VUID-vkCmdDraw-None-02859", "VUID-vkCmdDraw-None-02860"]);
        assert!(implemented("# Coverage\n").is_err());
    }

    #[test]
    fn a_workloads_gap() {
        let w = Workload {
            id: "w",
            args: &[],
            counted: true,
            quick: false,
            commands: &["vkCmdDraw"],
            structures: &["VkViewport"],
        };
        let named = NamedIds {
            by_address: [
                "VUID-vkCmdDraw-None-02859",
                "VUID-vkCmdDraw-None-02860",
                "VUID-vkCmdDraw-commandBuffer-parameter",
                "VUID-vkCmdDrawIndexed-None-02859",
                "VUID-VkViewport-width-01770",
                "VUID-vkCmdDraw-old-00001",
            ]
            .map(String::from)
            .into(),
            built: ["VUID-VkViewport-height-01773".to_string()].into(),
        };
        let in_registry = |id: &str| id != "VUID-vkCmdDraw-old-00001";
        let implemented: BTreeSet<String> =
            ["VUID-vkCmdDraw-None-02859", "VUID-VkViewport-width-01770", "VUID-VkViewport-height-01773"]
                .map(String::from)
                .into();
        let g = gap(&w, &named, &in_registry, &implemented);
        assert_eq!(
            g.compared,
            [
                "VUID-VkViewport-height-01773",
                "VUID-VkViewport-width-01770",
                "VUID-vkCmdDraw-None-02859",
                "VUID-vkCmdDraw-None-02860"
            ]
        );
        assert_eq!(g.implicit, 1);
        assert_eq!(g.not_in_registry, ["VUID-vkCmdDraw-old-00001"]);
        assert_eq!(g.missing, ["VUID-vkCmdDraw-None-02860"]);
        assert!(!g.quotable());
        let all = CoreGap::Computed { named: (6, 1), implemented: 3, workloads: vec![g.clone()] };
        assert_eq!(
            all.quotable("w"),
            Err("not quotable: Vigil lacks 1 of the reference's 4 ids on these commands".into())
        );
        assert!(text(&all).contains("w: not quotable\n"), "{}", text(&all));
        assert!(CoreGap::Unavailable("no objdump".into()).quotable("w").unwrap_err().contains("no objdump"));

        let implemented: BTreeSet<String> =
            implemented.into_iter().chain(["VUID-vkCmdDraw-None-02860".into()]).collect();
        let g = gap(&w, &named, &in_registry, &implemented);
        assert!(g.quotable());
    }
}
