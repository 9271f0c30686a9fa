//! Turns measurements into the report: per-call costs, added costs over the baseline, pair
//! ratios, targets, Vigil's per-function profile; written as Markdown (stdout, report.md) and
//! JSON (report.json).

use std::collections::BTreeMap;
use std::fmt::Write;

use super::callgrind::Profile;
use super::config::{self, Config, PairPlan, Side, BASELINE, REFERENCE_DEFAULTS, VIGIL_DEFAULTS};
use super::core_gap::{self, CoreGap};
use super::json::Json;
use super::process::Sample;
use super::soak::{SoakRow, DRIFT_LIMIT, GROWTH_LIMIT_KIB};
use super::stats::{per_call, percentile, ratio};

/// The percentile of frame times the report quotes: robust against the scheduler's outliers
/// (which only ever add time), less at the mercy of one lucky frame than the minimum.
pub const TIME_PERCENTILE: f64 = 10.0;

/// Vigil pass-through's budget on `draw`, in added instructions per intercepted call.
pub const PASS_THROUGH_LIMIT: f64 = 25.0;
/// Every equal-coverage pair's budget: Vigil's added instructions ÷ the reference's.
pub const RATIO_LIMIT: f64 = 0.5;
/// Workloads the ratio budget applies to.
pub const RATIO_WORKLOADS: &[&str] = &["draw", "dispatch"];
/// The file name Vigil's library has: its functions are the profile's subject.
pub const VIGIL_OBJECT: &str = "libVkLayer_vigil.so";

/// The least CPU time a call a layer must add at one thread, as a share of the no-layer run's,
/// for its growth with more threads to be quoted.
const GROWTH_FLOOR: f64 = 0.05;

/// Functions listed per profile: the tail is noise next to the generated intercepts.
const MAX_FUNCTIONS: usize = 20;

/// How the run was made.
#[derive(Clone, Debug, Default)]
pub struct Meta {
    /// When (UTC).
    pub date: String,
    /// `git describe`-like commit of the tree measured.
    pub commit: String,
    /// The Vulkan physical device.
    pub device: String,
    /// CPU model and count.
    pub cpu: String,
    /// `valgrind --version`.
    pub valgrind: String,
    /// The reference layer's version (its manifest's `api_version`).
    pub reference: String,
    /// `quick` or `full`.
    pub mode: String,
    /// Interleaved wall-clock rounds (processes per configuration and workload).
    pub rounds: usize,
    /// Measured frames per wall-clock process.
    pub frames: usize,
    /// Measured frames per callgrind process.
    pub callgrind_frames: usize,
}

/// One workload under one configuration.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Cell {
    /// Vulkan calls per frame.
    pub calls_per_frame: u64,
    /// Instructions per call in the measured section (callgrind), all code: app, layer, driver.
    pub ir_per_call: Option<f64>,
    /// The 10th percentile of wall-clock ns per call over every frame of every process.
    pub ns_per_call: Option<f64>,
    /// The fastest frame's ns per call.
    pub ns_per_call_min: Option<f64>,
    /// The 10th percentile of the recording threads' CPU ns per call (their CPU time in a
    /// frame's measured section, summed, ÷ the frame's calls) over every frame.
    pub cpu_ns_per_call: Option<f64>,
    /// The 10th percentile of a frame's submit + wait, ms.
    pub submit_ms: Option<f64>,
    /// The median of the processes' peak RSS, MiB (a few MiB of it move from run to run with
    /// how many malloc arenas the driver's threads touch).
    pub peak_rss_mib: Option<f64>,
    /// Wall-clock processes behind the numbers.
    pub processes: usize,
}

impl Cell {
    /// Summarizes the wall-clock processes and the callgrind total (`ir`: collected Ir and
    /// the number of frames it covers).
    pub fn new(samples: &[Sample], ir: Option<(u64, u64)>, calls_per_frame: u64) -> Cell {
        // Each frame's figure ÷ its process's calls per frame.
        let per_frame_call = |frames: fn(&Sample) -> &[u64]| -> Vec<f64> {
            samples
                .iter()
                .flat_map(|s| frames(s).iter().map(move |&ns| ns as f64 / s.calls_per_frame.max(1) as f64))
                .collect()
        };
        let (per_call_ns, per_call_cpu_ns) = (per_frame_call(|s| &s.record_ns), per_frame_call(|s| &s.record_cpu_ns));
        let submit_ms: Vec<f64> = samples.iter().flat_map(|s| s.submit_ns.iter().map(|&ns| ns as f64 / 1e6)).collect();
        let peak_kib: Vec<f64> = samples.iter().filter_map(|s| s.peak_rss_kib).map(|k| k as f64).collect();
        Cell {
            calls_per_frame,
            ir_per_call: ir.and_then(|(total, frames)| per_call(total as f64, calls_per_frame * frames)),
            ns_per_call: percentile(&per_call_ns, TIME_PERCENTILE),
            ns_per_call_min: percentile(&per_call_ns, 0.0),
            cpu_ns_per_call: percentile(&per_call_cpu_ns, TIME_PERCENTILE),
            submit_ms: percentile(&submit_ms, TIME_PERCENTILE),
            peak_rss_mib: percentile(&peak_kib, 50.0).map(|k| k / 1024.0),
            processes: samples.len(),
        }
    }
}

/// One function's share of Vigil's cost.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionCost {
    /// The (demangled) function.
    pub name: String,
    /// Its self instructions per call of the workload's measured section.
    pub ir_per_call: f64,
    /// Its own invocations per frame (callgrind's call count over every frame, the uncollected
    /// warm-up included; exact for functions called only inside frames).
    pub invocations_per_frame: f64,
    /// Its self instructions per invocation.
    pub ir_per_invocation: Option<f64>,
}

/// Where a Vigil configuration's instructions go on one workload.
#[derive(Clone, Debug, PartialEq)]
pub struct Breakdown {
    /// The workload.
    pub workload: String,
    /// The Vigil configuration.
    pub config: String,
    /// Self Ir per call by object (file name): with Vigil, and in the baseline.
    pub objects: Vec<(String, f64, f64)>,
    /// Vigil's functions, costliest first.
    pub functions: Vec<FunctionCost>,
}

impl Breakdown {
    /// Compares Vigil's profile with the baseline's (`frames` measured frames in each).
    pub fn new(workload: &str, config: &str, vigil: &Profile, baseline: &Profile, calls: u64, frames: u64) -> Self {
        let calls_measured = (calls * frames).max(1) as f64;
        let short = |path: &str| path.rsplit('/').next().unwrap_or(path).to_string();
        let mut objects: BTreeMap<String, (f64, f64)> = BTreeMap::new();
        for (o, ir) in vigil.objects() {
            objects.entry(short(&o)).or_default().0 += ir as f64 / calls_measured;
        }
        for (o, ir) in baseline.objects() {
            objects.entry(short(&o)).or_default().1 += ir as f64 / calls_measured;
        }
        let mut objects: Vec<(String, f64, f64)> = objects
            .into_iter()
            .filter(|(_, (v, b))| (v - b).abs() >= 0.01 || *v >= 0.5)
            .map(|(o, (v, b))| (o, v, b))
            .collect();
        objects.sort_by(|a, b| (b.1 - b.2).abs().total_cmp(&(a.1 - a.2).abs()));
        let functions = vigil
            .functions_of(VIGIL_OBJECT)
            .into_iter()
            .filter(|(_, ir)| *ir as f64 / calls_measured >= 0.005)
            .take(MAX_FUNCTIONS)
            .map(|(name, ir)| {
                let per_frame = vigil.calls_to(VIGIL_OBJECT, &name) as f64 / (frames + 1) as f64;
                FunctionCost {
                    ir_per_call: ir as f64 / calls_measured,
                    invocations_per_frame: per_frame,
                    ir_per_invocation: per_call(ir as f64, (per_frame * frames as f64).round() as u64),
                    name,
                }
            })
            .collect();
        Breakdown { workload: workload.into(), config: config.into(), objects, functions }
    }
}

/// One row of the pairs table.
#[derive(Clone, Debug, PartialEq)]
pub struct PairRow {
    /// The pair.
    pub pair: String,
    /// What both sides check ("none" for pass-through).
    pub coverage: String,
    /// The workload.
    pub workload: String,
    /// Vigil's added Ir per call.
    pub vigil: Option<f64>,
    /// The reference's added Ir per call.
    pub reference: Option<f64>,
    /// `vigil ÷ reference`.
    pub ratio: Option<f64>,
    /// Why a side is missing or borrowed.
    pub note: String,
}

/// A target and whether this run met it.
#[derive(Clone, Debug, PartialEq)]
pub struct Target {
    /// What is compared with the limit.
    pub what: String,
    /// The measured value.
    pub value: Option<f64>,
    /// The limit (inclusive).
    pub limit: f64,
}

impl Target {
    /// `None` when the value was not measured.
    pub fn met(&self) -> Option<bool> {
        self.value.map(|v| v <= self.limit)
    }
}

/// Everything one bench run found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// How the run was made.
    pub meta: Meta,
    /// Workload ids, in order.
    pub workloads: Vec<String>,
    /// Workloads that callgrind counted.
    pub counted: Vec<String>,
    /// Configurations, in order, the baseline first.
    pub configs: Vec<Config>,
    /// The pairs.
    pub pairs: Vec<PairPlan>,
    /// Measurements by (workload, configuration id).
    pub cells: BTreeMap<(String, String), Cell>,
    /// Vigil's profiles.
    pub breakdowns: Vec<Breakdown>,
    /// The soak section (empty with `--quick`).
    pub soaks: Vec<SoakRow>,
    /// What the reference checks on the measured commands that Vigil does not: decides where
    /// pairs with core validation are quoted.
    pub core_gap: CoreGap,
}

impl Report {
    fn cell(&self, workload: &str, config: &str) -> Option<&Cell> {
        self.cells.get(&(workload.to_string(), config.to_string()))
    }

    /// Instructions per call `config` adds over the baseline on `workload`.
    pub fn added_ir(&self, workload: &str, config: &str) -> Option<f64> {
        Some(self.cell(workload, config)?.ir_per_call? - self.cell(workload, BASELINE)?.ir_per_call?)
    }

    /// Wall-clock ns per call `config` adds over the baseline on `workload`.
    pub fn added_ns(&self, workload: &str, config: &str) -> Option<f64> {
        Some(self.cell(workload, config)?.ns_per_call? - self.cell(workload, BASELINE)?.ns_per_call?)
    }

    /// The configuration a side ends up measured by, following `SameAs`.
    fn side_config<'a>(&'a self, side: &'a Side, vigil: bool) -> Result<&'a str, String> {
        match side {
            Side::Run(id) => Ok(id),
            Side::Unavailable(why) => Err(format!("not available: {why}")),
            Side::SameAs(pair) => {
                let p = self.pairs.iter().find(|p| &p.name == pair).ok_or(format!("unknown pair {pair}"))?;
                self.side_config(if vigil { &p.vigil } else { &p.reference }, vigil)
            }
        }
    }

    /// The pairs table: each pair on each counted workload.
    pub fn pair_rows(&self) -> Vec<PairRow> {
        let mut rows = Vec::new();
        for pair in &self.pairs {
            let vigil = self.side_config(&pair.vigil, true);
            let reference = self.side_config(&pair.reference, false);
            let mut notes = Vec::new();
            if let Side::SameAs(other) = &pair.vigil {
                notes.push(format!("identical to {other}: Vigil has no validation objects yet"));
            }
            for side in [&vigil, &reference] {
                if let Err(e) = side {
                    notes.push(e.clone());
                }
            }
            for w in &self.counted {
                let v = vigil.as_ref().ok().and_then(|c| self.added_ir(w, c));
                let r = reference.as_ref().ok().and_then(|c| self.added_ir(w, c));
                let mut ratio = v.zip(r).and_then(|(v, r)| ratio(v, r));
                let mut notes = notes.clone();
                // Core validation is only equal coverage where Vigil checks what the reference
                // checks on this workload's commands: the ratio is withheld elsewhere.
                if let Err(why) = self.quotable(pair, w) {
                    ratio = None;
                    notes.push(why);
                }
                rows.push(PairRow {
                    pair: pair.name.clone(),
                    coverage: if pair.coverage.is_empty() { "none".into() } else { pair.coverage.join(", ") },
                    workload: w.clone(),
                    vigil: v,
                    reference: r,
                    ratio,
                    note: notes.join("; "),
                });
            }
        }
        rows
    }

    /// Whether `pair`'s ratio may be quoted on `workload` (only pairs with core validation can
    /// be withheld, see [`core_gap`]).
    pub fn quotable(&self, pair: &PairPlan, workload: &str) -> Result<(), String> {
        if pair.core {
            self.core_gap.quotable(workload)
        } else {
            Ok(())
        }
    }

    /// The targets: Vigil pass-through on draw, and every measured pair on draw and dispatch
    /// (pairs with core validation where quotable).
    pub fn targets(&self) -> Vec<Target> {
        let mut targets = vec![Target {
            what: "draw: Vigil pass-through, added Ir per call".into(),
            value: self.added_ir("draw", "vigil/pass-through"),
            limit: PASS_THROUGH_LIMIT,
        }];
        for row in self.pair_rows() {
            // Pairs borrowed from another are that pair's target already.
            let pair = self.pairs.iter().find(|p| p.name == row.pair && matches!(p.vigil, Side::Run(_)));
            let quotable = pair.is_some_and(|p| self.quotable(p, &row.workload).is_ok());
            if quotable && RATIO_WORKLOADS.contains(&row.workload.as_str()) {
                targets.push(Target {
                    what: format!("{}: {}, Vigil ÷ reference", row.workload, row.pair),
                    value: row.ratio,
                    limit: RATIO_LIMIT,
                });
            }
        }
        for row in self.soaks.iter().filter(|r| r.config == VIGIL_DEFAULTS) {
            targets.push(Target {
                what: format!("{}: Vigil defaults, last ÷ first 1,000 frames' CPU time", row.workload),
                value: row.drift,
                limit: DRIFT_LIMIT,
            });
            targets.push(Target {
                what: format!(
                    "{}: Vigil defaults, last ÷ first 1,000 frames' added instructions (callgrind)",
                    row.workload
                ),
                value: added_ir_drift(&self.soaks, row),
                limit: DRIFT_LIMIT,
            });
            targets.push(Target {
                what: format!("{}: Vigil defaults, resident set growth from submit 10,000, KiB", row.workload),
                value: row.rss_growth_kib,
                limit: GROWTH_LIMIT_KIB,
            });
        }
        targets
    }

    /// The thread-scaling section: `draw` recorded on N threads at once, each into its own pool.
    fn thread_section(&self, out: &mut String) {
        let threads: Vec<&String> = self.workloads.iter().filter(|w| config::scales_threads(w)).collect();
        if threads.is_empty() {
            return;
        }
        let _ = writeln!(out, "## Thread scaling (draw recorded on N threads)\n");
        let _ = writeln!(out, "ns per call of the whole frame (all threads' calls); speed-up against 1 thread.\n");
        let mut header = vec!["configuration".to_string()];
        header.extend(threads.iter().map(|w| format!("{w} ns")));
        header.extend(threads.iter().skip(1).map(|w| format!("{w} speed-up")));
        let mut rows = Vec::new();
        for c in &self.configs {
            let ns: Vec<Option<f64>> =
                threads.iter().map(|w| self.cell(w, &c.id).and_then(|x| x.ns_per_call)).collect();
            let mut row = vec![c.label.clone()];
            row.extend(ns.iter().map(|v| num(*v, 1)));
            row.extend(ns.iter().skip(1).map(|v| num(ns[0].zip(*v).and_then(|(a, b)| ratio(a, b)), 2)));
            rows.push(row);
        }
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        table(out, &header, &rows);

        let _ = writeln!(
            out,
            "The recording threads' CPU time per call ({TIME_PERCENTILE}th percentile of all frames: each frame's \
             CPU ns on the recording threads, summed, ÷ its calls), and what the layer adds to it over the \
             no-layer run. Time a thread spends waiting for a core is not CPU time, so this shows what \
             threads cost each other (shared cache lines, locks) even with fewer cores than threads: a layer \
             that scales adds as much per call at N threads as at one (growth 1.00). No growth is given \
             where the layer adds less than {:.0}% of the no-layer time at one thread (noise over noise).\n",
            GROWTH_FLOOR * 100.0
        );
        let mut header = vec!["configuration".to_string()];
        header.extend(threads.iter().map(|w| format!("{w} CPU ns")));
        header.extend(threads.iter().map(|w| format!("{w} added")));
        header.extend(threads.iter().skip(1).map(|w| format!("{w} added ÷ threads-1")));
        let mut rows = Vec::new();
        for c in &self.configs {
            let cpu = |w: &str, c: &str| self.cell(w, c).and_then(|x| x.cpu_ns_per_call);
            let spent: Vec<Option<f64>> = threads.iter().map(|w| cpu(w, &c.id)).collect();
            let added: Vec<Option<f64>> =
                threads.iter().map(|w| cpu(w, &c.id).zip(cpu(w, BASELINE)).map(|(v, b)| v - b)).collect();
            let mut row = vec![c.label.clone()];
            row.extend(spent.iter().map(|v| num(*v, 1)));
            row.extend(added.iter().map(|v| num(*v, 1)));
            // A layer adding next to nothing has no growth to speak of: its ratio is noise over noise.
            let floor = cpu(threads[0], BASELINE).map(|b| b * GROWTH_FLOOR);
            let one = added[0].zip(floor).filter(|(one, floor)| one >= floor).map(|(one, _)| one);
            row.extend(added.iter().skip(1).map(|v| num(v.zip(one).and_then(|(n, one)| ratio(n, one)), 2)));
            rows.push(row);
        }
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        table(out, &header, &rows);
    }

    /// The report of `cargo xtask bench --threads`: how it was made, then the thread-scaling
    /// section.
    pub fn threads_markdown(&self) -> String {
        let m = &self.meta;
        let mut out = format!(
            "# Vigil thread-scaling report\n\n`cargo xtask bench --threads` at {} ({}): {}; CPU {}; reference \
             layer {}. Wall clock: {} interleaved round(s) of {} frames per process.\n\n",
            m.commit, m.date, m.device, m.cpu, m.reference, m.rounds, m.frames
        );
        self.thread_section(&mut out);
        out
    }

    /// The report as Markdown.
    pub fn markdown(&self) -> String {
        let m = &self.meta;
        let mut out = String::new();
        let _ = writeln!(out, "# Vigil benchmark report\n");
        let _ = writeln!(
            out,
            "`cargo xtask bench{}` at {} ({}), {}: {}; CPU {}; {}; reference layer {}. \
             Wall clock: {} interleaved round(s) of {} frames per process; callgrind: {} frames.\n",
            if m.mode == "quick" { " --quick" } else { "" },
            m.commit,
            m.date,
            m.mode,
            m.device,
            m.cpu,
            m.valgrind,
            m.reference,
            m.rounds,
            m.frames,
            m.callgrind_frames
        );

        let _ = writeln!(out, "## Equal-coverage pairs: added instructions per call\n");
        let rows: Vec<Vec<String>> = self
            .pair_rows()
            .into_iter()
            .map(|r| {
                vec![r.pair, r.coverage, r.workload, num(r.vigil, 1), num(r.reference, 1), num(r.ratio, 3), r.note]
            })
            .collect();
        table(&mut out, &["pair", "coverage", "workload", "Vigil", "reference", "ratio", "note"], &rows);

        self.core_section(&mut out);

        let _ = writeln!(out, "## Targets\n");
        let rows: Vec<Vec<String>> = self
            .targets()
            .into_iter()
            .map(|t| {
                let met = match t.met() {
                    Some(true) => "met",
                    Some(false) => "**missed**",
                    None => "not measured",
                };
                vec![t.what.clone(), num(t.value, 3), format!("≤ {}", t.limit), met.into()]
            })
            .collect();
        table(&mut out, &["target", "value", "limit", "result"], &rows);

        if self.configs.iter().any(|c| c.id == VIGIL_DEFAULTS) {
            let _ = writeln!(out, "## Default settings and the state tracker (not equal coverage)\n");
            let _ = writeln!(
                out,
                "Each layer as it is installed, and Vigil with only core validation on (its state tracker \
                 recording every object and command buffer). The reference's defaults cover far more than \
                 Vigil's (core validation, shader validation), so the ratio is context, not a target.\n"
            );
            let mut rows = Vec::new();
            for w in &self.counted {
                let v = self.added_ir(w, VIGIL_DEFAULTS);
                let r = self.added_ir(w, REFERENCE_DEFAULTS);
                let t = config::tracker(&self.configs).and_then(|c| self.added_ir(w, &c.id));
                let ratio = v.zip(r).and_then(|(v, r)| ratio(v, r));
                rows.push(vec![w.clone(), num(v, 1), num(r, 1), num(ratio, 3), num(t, 1)]);
            }
            let header = ["workload", "Vigil defaults", "reference defaults", "ratio", "Vigil tracker + core only"];
            table(&mut out, &header, &rows);
        }

        if !self.soaks.is_empty() {
            out.push_str(&soak_section(&self.configs, &self.soaks));
        }

        let _ = writeln!(out, "## Every measurement\n");
        let _ = writeln!(
            out,
            "Ir: instructions per call in the measured section (callgrind); ns: wall clock per call, \
             {TIME_PERCENTILE}th percentile of all frames (min in brackets); added: minus the no-layer \
             baseline; submit: submit + wait per frame, {TIME_PERCENTILE}th percentile.\n"
        );
        let mut rows = Vec::new();
        for w in &self.workloads {
            for c in &self.configs {
                let Some(cell) = self.cell(w, &c.id) else { continue };
                rows.push(vec![
                    w.clone(),
                    c.label.clone(),
                    cell.calls_per_frame.to_string(),
                    num(cell.ir_per_call, 1),
                    num(self.added_ir(w, &c.id), 1),
                    format!("{} ({})", num(cell.ns_per_call, 1), num(cell.ns_per_call_min, 1)),
                    num(self.added_ns(w, &c.id), 1),
                    num(cell.submit_ms, 2),
                    num(cell.peak_rss_mib, 1),
                ]);
            }
        }
        table(
            &mut out,
            &[
                "workload",
                "configuration",
                "calls/frame",
                "Ir",
                "added Ir",
                "ns",
                "added ns",
                "submit ms",
                "peak RSS MiB",
            ],
            &rows,
        );

        self.thread_section(&mut out);

        let _ = writeln!(out, "## Configurations\n");
        let rows: Vec<Vec<String>> =
            self.configs.iter().map(|c| vec![c.label.clone(), format!("`{}`", c.describe())]).collect();
        table(&mut out, &["configuration", "environment"], &rows);

        for b in &self.breakdowns {
            let _ = writeln!(out, "## Where Vigil's instructions go: {}, {}\n", b.workload, b.config);
            let _ = writeln!(out, "Self instructions per call of the measured section, by object:\n");
            let rows: Vec<Vec<String>> = b
                .objects
                .iter()
                .map(|(o, v, base)| vec![o.clone(), num(Some(*v), 2), num(Some(*base), 2), num(Some(v - base), 2)])
                .collect();
            table(&mut out, &["object", "with Vigil", "no layer", "difference"], &rows);
            let _ = writeln!(out, "Functions of {VIGIL_OBJECT} (self cost; inlined code counts in its caller):\n");
            let rows: Vec<Vec<String>> = b
                .functions
                .iter()
                .map(|f| {
                    vec![
                        format!("`{}`", f.name),
                        num(Some(f.ir_per_call), 2),
                        num(Some(f.invocations_per_frame), 0),
                        num(f.ir_per_invocation, 1),
                    ]
                })
                .collect();
            table(&mut out, &["function", "Ir per call", "invocations per frame", "Ir per invocation"], &rows);
        }
        out
    }

    /// The section on the core pair's quoting: per counted workload, the ids compared and the
    /// ones Vigil lacks.
    fn core_section(&self, out: &mut String) {
        let Some(pair) = self.pairs.iter().find(|p| p.core) else { return };
        let _ = writeln!(out, "## Core validation: quoted only where Vigil checks what the reference checks\n");
        let _ = writeln!(
            out,
            "{} The reference's ids are the `VUID-<command or structure>-` ids its code names (read from \
             its binary: string constants whose address the code takes, and ids it builds in place), any \
             of its objects' (the binary does not say which), so the comparison errs on Vigil's side. Implicit \
             ids (`-parameter`, `-sType`, `-commonparent`, ...) belong to stateless parameters and object \
             lifetimes: left out. Ids missing from the pinned registry (renamed or removed since the \
             reference's release) are listed, not compared. Vigil's ids: docs/coverage.md, \"Explicit VUIDs \
             Vigil implements\". `cargo xtask bench --core-gap` prints this without running the bench.\n",
            core_gap::RULE
        );
        match &self.core_gap {
            CoreGap::NotComputed => {
                let _ = writeln!(out, "The gap was not computed: the {} pair is not quoted.\n", pair.name);
                return;
            }
            CoreGap::Unavailable(why) => {
                let _ = writeln!(out, "The gap could not be computed ({why}): the {} pair is not quoted.\n", pair.name);
                return;
            }
            CoreGap::Computed { .. } => {}
        }
        let mut rows = Vec::new();
        let mut details = String::new();
        for w in &self.counted {
            let Some(g) = self.core_gap.workload(w) else { continue };
            let row = self.pair_rows().into_iter().find(|r| r.pair == pair.name && r.workload == *w);
            let verdict = match self.quotable(pair, w) {
                Ok(()) => format!("quotable: {}", num(row.and_then(|r| r.ratio), 3)),
                Err(_) => "not quotable".into(),
            };
            let mut measured = g.commands.join(", ");
            if !g.structures.is_empty() {
                measured = format!("{measured}; {}", g.structures.join(", "));
            }
            rows.push(vec![
                w.clone(),
                measured,
                g.compared.len().to_string(),
                g.implicit.to_string(),
                g.not_in_registry.len().to_string(),
                g.missing.len().to_string(),
                verdict,
            ]);
            if !g.missing.is_empty() {
                let _ = writeln!(details, "**{w}**: Vigil lacks {}.\n", ids(&g.missing));
            }
            if !g.not_in_registry.is_empty() {
                let _ = writeln!(
                    details,
                    "**{w}**: not compared (not in the pinned registry): {}.\n",
                    ids(&g.not_in_registry)
                );
            }
        }
        let header = [
            "workload",
            "measured commands; structures",
            "reference ids compared",
            "implicit, left out",
            "not in the pinned registry",
            "Vigil lacks",
            "ratio",
        ];
        table(out, &header, &rows);
        out.push_str(&details);
    }

    /// The report as JSON.
    pub fn json(&self) -> Json {
        let m = &self.meta;
        let opt = |v: Option<f64>| Json::num(v.map(round3));
        let meta = Json::obj([
            ("date", Json::str(&m.date)),
            ("commit", Json::str(&m.commit)),
            ("device", Json::str(&m.device)),
            ("cpu", Json::str(&m.cpu)),
            ("valgrind", Json::str(&m.valgrind)),
            ("reference", Json::str(&m.reference)),
            ("mode", Json::str(&m.mode)),
            ("rounds", Json::Num(m.rounds as f64)),
            ("frames", Json::Num(m.frames as f64)),
            ("callgrind_frames", Json::Num(m.callgrind_frames as f64)),
            ("time_percentile", Json::Num(TIME_PERCENTILE)),
        ]);
        let configs = self
            .configs
            .iter()
            .map(|c| {
                Json::obj([
                    ("id", Json::str(&c.id)),
                    ("label", Json::str(&c.label)),
                    ("layer", Json::str(format!("{:?}", c.layer))),
                ])
            })
            .collect();
        let mut results = Vec::new();
        for ((w, c), cell) in &self.cells {
            results.push(Json::obj([
                ("workload", Json::str(w)),
                ("config", Json::str(c)),
                ("calls_per_frame", Json::Num(cell.calls_per_frame as f64)),
                ("ir_per_call", opt(cell.ir_per_call)),
                ("added_ir_per_call", opt(self.added_ir(w, c))),
                ("ns_per_call", opt(cell.ns_per_call)),
                ("ns_per_call_min", opt(cell.ns_per_call_min)),
                ("added_ns_per_call", opt(self.added_ns(w, c))),
                ("cpu_ns_per_call", opt(cell.cpu_ns_per_call)),
                ("submit_wait_ms", opt(cell.submit_ms)),
                ("peak_rss_mib", opt(cell.peak_rss_mib)),
                ("processes", Json::Num(cell.processes as f64)),
            ]));
        }
        let pairs = self
            .pair_rows()
            .into_iter()
            .map(|r| {
                Json::obj([
                    ("pair", Json::str(r.pair)),
                    ("coverage", Json::str(r.coverage)),
                    ("workload", Json::str(r.workload)),
                    ("vigil_added_ir_per_call", opt(r.vigil)),
                    ("reference_added_ir_per_call", opt(r.reference)),
                    ("ratio", opt(r.ratio)),
                    ("note", Json::str(r.note)),
                ])
            })
            .collect();
        let targets = self
            .targets()
            .into_iter()
            .map(|t| {
                Json::obj([
                    ("target", Json::str(&t.what)),
                    ("value", opt(t.value)),
                    ("limit", Json::Num(t.limit)),
                    ("met", t.met().map_or(Json::Null, Json::Bool)),
                ])
            })
            .collect();
        let breakdowns = self
            .breakdowns
            .iter()
            .map(|b| {
                Json::obj([
                    ("workload", Json::str(&b.workload)),
                    ("config", Json::str(&b.config)),
                    (
                        "objects",
                        Json::Arr(
                            b.objects
                                .iter()
                                .map(|(o, v, base)| {
                                    Json::obj([
                                        ("object", Json::str(o)),
                                        ("ir_per_call", opt(Some(*v))),
                                        ("baseline_ir_per_call", opt(Some(*base))),
                                    ])
                                })
                                .collect(),
                        ),
                    ),
                    (
                        "functions",
                        Json::Arr(
                            b.functions
                                .iter()
                                .map(|f| {
                                    Json::obj([
                                        ("function", Json::str(&f.name)),
                                        ("ir_per_call", opt(Some(f.ir_per_call))),
                                        ("invocations_per_frame", opt(Some(f.invocations_per_frame))),
                                        ("ir_per_invocation", opt(f.ir_per_invocation)),
                                    ])
                                })
                                .collect(),
                        ),
                    ),
                ])
            })
            .collect();
        let soaks = self
            .soaks
            .iter()
            .map(|r| {
                Json::obj([
                    ("workload", Json::str(&r.workload)),
                    ("config", Json::str(&r.config)),
                    ("runs", Json::Num(r.runs as f64)),
                    ("first_cpu_us", opt(r.first_cpu_us)),
                    ("last_cpu_us", opt(r.last_cpu_us)),
                    ("drift", opt(r.drift)),
                    ("first_wall_us", opt(r.first_wall_us)),
                    ("last_wall_us", opt(r.last_wall_us)),
                    ("rss_end_mib", opt(r.rss_end_mib)),
                    ("rss_growth_kib", opt(r.rss_growth_kib)),
                    ("ir_first", opt(r.ir.map(|c| c.first))),
                    ("ir_last", opt(r.ir.map(|c| c.last))),
                    ("vigil_ir_first", opt(r.ir.map(|c| c.layer_first))),
                    ("vigil_ir_last", opt(r.ir.map(|c| c.layer_last))),
                    ("added_ir_drift", opt(added_ir_drift(&self.soaks, r))),
                ])
            })
            .collect();
        let core_gap = match &self.core_gap {
            CoreGap::NotComputed => Json::Null,
            CoreGap::Unavailable(why) => Json::obj([("unavailable", Json::str(why))]),
            CoreGap::Computed { workloads, .. } => Json::Arr(
                workloads
                    .iter()
                    .map(|g| {
                        let list = |v: &[String]| Json::Arr(v.iter().map(Json::str).collect());
                        Json::obj([
                            ("workload", Json::str(&g.workload)),
                            ("commands", list(&g.commands)),
                            ("structures", list(&g.structures)),
                            ("compared", Json::Num(g.compared.len() as f64)),
                            ("implicit_left_out", Json::Num(g.implicit as f64)),
                            ("not_in_registry", list(&g.not_in_registry)),
                            ("missing", list(&g.missing)),
                            ("quotable", Json::Bool(g.quotable())),
                        ])
                    })
                    .collect(),
            ),
        };
        Json::obj([
            ("meta", meta),
            ("core_gap", core_gap),
            ("soak", Json::Arr(soaks)),
            ("configs", Json::Arr(configs)),
            ("results", Json::Arr(results)),
            ("pairs", Json::Arr(pairs)),
            ("targets", Json::Arr(targets)),
            ("vigil_profile", Json::Arr(breakdowns)),
        ])
    }
}

/// Ids as backticked Markdown.
fn ids(list: &[String]) -> String {
    list.iter().map(|id| format!("`{id}`")).collect::<Vec<_>>().join(", ")
}

/// Three decimals are more than any of these numbers can claim.
fn round3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

/// The soak section of the report: the wall-clock runs' table and the instruction counts'.
pub fn soak_section(configs: &[Config], soaks: &[SoakRow]) -> String {
    let label = |id: &str| configs.iter().find(|c| c.id == id).map_or(id, |c| c.label.as_str()).to_string();
    let mut out = String::new();
    let _ = writeln!(out, "## Soak: 100,000 submits\n");
    let _ = writeln!(
        out,
        "Two command buffers in flight, each submit signalling a timeline semaphore; completion \
         observed through a fence per frame (soak-fence) or only through timeline waits \
         (soak-timeline). Per frame: the calling thread's CPU µs (median of the first and of the \
         last 1,000 frames, median over {} runs) and wall µs; drift: last ÷ first; resident set at \
         the end and its largest growth from submit 10,000.\n",
        soaks.first().map_or(0, |r| r.runs)
    );
    let rows: Vec<Vec<String>> = soaks
        .iter()
        .map(|r| {
            vec![
                r.workload.clone(),
                label(&r.config),
                num(r.first_cpu_us, 2),
                num(r.last_cpu_us, 2),
                num(r.drift, 3),
                format!("{} / {}", num(r.first_wall_us, 1), num(r.last_wall_us, 1)),
                num(r.rss_end_mib, 1),
                num(r.rss_growth_kib, 0),
            ]
        })
        .collect();
    let header = [
        "workload",
        "configuration",
        "first CPU µs",
        "last CPU µs",
        "drift",
        "wall µs first / last",
        "RSS MiB",
        "RSS growth KiB",
    ];
    table(&mut out, &header, &rows);
    let counted: Vec<&SoakRow> = soaks.iter().filter(|r| r.ir.is_some()).collect();
    if !counted.is_empty() {
        let _ = writeln!(
            out,
            "The same windows counted by callgrind (one process each; counts repeat run to run): \
             instructions per frame on the calling thread, all of them and Vigil's own (self cost in \
             its library); added drift: the instructions per frame Vigil adds over the no-layer run \
             in the last window ÷ in the first.\n"
        );
        let rows: Vec<Vec<String>> = counted
            .iter()
            .map(|r| {
                let ir = r.ir.unwrap_or_default();
                vec![
                    r.workload.clone(),
                    label(&r.config),
                    format!("{:.0} / {:.0}", ir.first, ir.last),
                    format!("{:.0} / {:.0}", ir.layer_first, ir.layer_last),
                    num(added_ir_drift(soaks, r), 4),
                ]
            })
            .collect();
        let header =
            ["workload", "configuration", "Ir per frame first / last", "Vigil's own Ir first / last", "added drift"];
        table(&mut out, &header, &rows);
    }
    out
}

/// `row`'s added-instruction drift over the no-layer row of its workload.
fn added_ir_drift(soaks: &[SoakRow], row: &SoakRow) -> Option<f64> {
    let base = soaks.iter().find(|r| r.workload == row.workload && r.config == BASELINE)?.ir?;
    row.ir?.added_drift(&base)
}

/// The report of `cargo xtask bench --soak`: how it was made, then the soak section.
pub fn soak_markdown(m: &Meta, configs: &[Config], soaks: &[SoakRow]) -> String {
    format!(
        "# Vigil soak report\n\n`cargo xtask bench --soak` at {} ({}): {}; CPU {}; {}; reference layer {}.\n\n{}",
        m.commit,
        m.date,
        m.device,
        m.cpu,
        m.valgrind,
        m.reference,
        soak_section(configs, soaks)
    )
}

/// A number with `digits` decimals, or "—" when there is none.
fn num(v: Option<f64>, digits: usize) -> String {
    match v {
        Some(v) if v.is_finite() => format!("{v:.digits$}"),
        _ => "—".into(),
    }
}

/// Appends a Markdown table and a blank line.
fn table(out: &mut String, header: &[&str], rows: &[Vec<String>]) {
    let _ = writeln!(out, "| {} |", header.join(" | "));
    let _ = writeln!(out, "|{}", header.iter().map(|_| "---|").collect::<String>());
    for row in rows {
        let cells: Vec<String> = row.iter().map(|c| c.replace('|', "\\|")).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::super::config::{plan_from, Coverage, Covers, Pair, GENERIC_PAIRS};
    use super::super::core_gap::WorkloadGap;
    use super::*;

    /// Tables of a Vigil with no validation object: its "same set" pair borrows pass-through.
    static NOTHING_YET: &[Coverage] = &[
        Coverage { name: "handle wrapping", vigil_key: "HANDLE_WRAPPING", vigil_has: false, reference: &["W"] },
        Coverage { name: "stateless parameters", vigil_key: "STATELESS", vigil_has: false, reference: &["P"] },
    ];

    fn sample(calls: u64, record_ns: &[u64]) -> Sample {
        Sample { calls_per_frame: calls, record_ns: record_ns.to_vec(), peak_rss_kib: Some(2048), ..Default::default() }
    }

    /// A report with made-up numbers shaped like a real full run.
    fn report() -> Report {
        let plan = plan_from(GENERIC_PAIRS, NOTHING_YET, false);
        let mut r = Report {
            workloads: vec!["draw".into(), "dispatch".into()],
            counted: vec!["draw".into(), "dispatch".into()],
            configs: plan.configs,
            pairs: plan.pairs,
            ..Default::default()
        };
        // draw: 100 calls a frame, 2 callgrind frames; baseline 400 Ir/call.
        let ir = [("none", 80_000), ("vigil/pass-through", 84_000), ("reference/pass-through", 110_000)];
        for (config, total) in ir {
            r.cells.insert(
                ("draw".into(), config.into()),
                Cell::new(&[sample(100, &[1000, 2000])], Some((total, 2)), 100),
            );
        }
        r.cells.insert(("dispatch".into(), "none".into()), Cell::new(&[sample(10, &[100])], Some((1_000, 1)), 10));
        r
    }

    #[test]
    fn cells_take_the_percentile_of_all_frames() {
        let mut big = sample(10, &[200]);
        big.peak_rss_kib = Some(9 * 1024);
        let c = Cell::new(&[sample(10, &[500, 100, 300]), big, sample(10, &[400])], Some((1_000, 2)), 10);
        assert_eq!(c.ns_per_call, Some(10.0));
        assert_eq!(c.ns_per_call_min, Some(10.0));
        assert_eq!(c.ir_per_call, Some(50.0));
        assert_eq!(c.peak_rss_mib, Some(2.0), "the median process, not the outlier");
        assert_eq!(c.submit_ms, None);
    }

    #[test]
    fn thread_scaling_reports_the_added_cpu_time_a_call_against_one_thread() {
        let mut r = report();
        r.workloads = vec!["threads-1".into(), "threads-2".into()];
        // 100 calls a frame per thread; CPU ns per frame summed over the recording threads.
        let cpu = |calls: u64, wall: u64, cpu: u64| Sample { record_cpu_ns: vec![cpu], ..sample(calls, &[wall]) };
        for (w, config, s) in [
            ("threads-1", "none", cpu(100, 5_000, 4_000)),
            ("threads-2", "none", cpu(200, 6_000, 8_400)),
            ("threads-1", "vigil/pass-through", cpu(100, 7_000, 6_000)),
            ("threads-2", "vigil/pass-through", cpu(200, 8_000, 13_200)),
        ] {
            r.cells.insert((w.into(), config.into()), Cell::new(&[s], None, 0));
        }
        assert_eq!(r.cell("threads-2", "vigil/pass-through").unwrap().cpu_ns_per_call, Some(66.0));
        let mut out = String::new();
        r.thread_section(&mut out);
        // Added CPU ns a call: 60 − 40 = 20 at one thread, 66 − 42 = 24 at two: growth 1.20.
        let row = out.lines().filter(|l| l.starts_with("| Vigil, pass-through")).nth(1).unwrap();
        assert_eq!(row, "| Vigil, pass-through | 60.0 | 66.0 | 20.0 | 24.0 | 1.20 |");
        let wall = out.lines().find(|l| l.starts_with("| Vigil, pass-through")).unwrap();
        assert_eq!(wall, "| Vigil, pass-through | 70.0 | 40.0 | 1.75 |");
        // Adding 1 ns a call at one thread (under 5% of 40): no growth quoted.
        r.cells.get_mut(&("threads-1".into(), "vigil/pass-through".into())).unwrap().cpu_ns_per_call = Some(41.0);
        let mut out = String::new();
        r.thread_section(&mut out);
        let row = out.lines().filter(|l| l.starts_with("| Vigil, pass-through")).nth(1).unwrap();
        assert_eq!(row, "| Vigil, pass-through | 41.0 | 66.0 | 1.0 | 24.0 | — |");
    }

    #[test]
    fn added_costs_pairs_and_targets() {
        let r = report();
        assert_eq!(r.added_ir("draw", "vigil/pass-through"), Some(20.0));
        assert_eq!(r.added_ir("draw", "reference/pass-through"), Some(150.0));
        assert_eq!(r.added_ns("draw", "vigil/pass-through"), Some(0.0));
        let rows = r.pair_rows();
        let pass = &rows[0];
        assert_eq!((pass.pair.as_str(), pass.workload.as_str()), ("pass-through", "draw"));
        assert_eq!(pass.ratio.map(round3), Some(0.133));
        // Handle wrapping: Vigil's side is missing, so no ratio.
        let wrapping = rows.iter().find(|r| r.pair == "handle wrapping on").unwrap();
        assert_eq!(wrapping.ratio, None);
        assert!(wrapping.note.contains("not available: Vigil has no handle wrapping yet"), "{}", wrapping.note);
        // Vigil's objects: today the pass-through pair again.
        let same = rows.iter().find(|r| r.pair == "Vigil's validation objects" && r.workload == "draw").unwrap();
        assert_eq!(same.ratio, pass.ratio);
        assert!(same.note.starts_with("identical to pass-through"), "{}", same.note);

        let targets = r.targets();
        assert_eq!(targets[0].value, Some(20.0));
        assert_eq!(targets[0].met(), Some(true));
        // Pass-through on draw and dispatch; the borrowed pair adds no second target.
        assert_eq!(targets.len(), 3);
        assert_eq!(targets[2].met(), None, "dispatch was not measured under Vigil");
    }

    #[test]
    fn markdown_and_json_carry_the_numbers() {
        let r = report();
        let md = r.markdown();
        assert!(md.contains("| pass-through | none | draw | 20.0 | 150.0 | 0.133 |  |"), "{md}");
        assert!(md.contains("| draw: Vigil pass-through, added Ir per call | 20.000 | ≤ 25 | met |"), "{md}");
        let json = r.json().to_string();
        assert!(json.contains("\"added_ir_per_call\": 20"), "{json}");
        assert!(json.contains("\"ratio\": 0.133"), "{json}");
    }

    #[test]
    fn the_soak_section_and_its_targets_carry_the_added_instruction_drift() {
        use super::super::soak::WindowCounts;
        let row = |config: &str, ir: Option<WindowCounts>| SoakRow {
            workload: "soak-fence".into(),
            config: config.into(),
            runs: 5,
            drift: Some(1.3),
            rss_growth_kib: Some(0.0),
            ir,
            ..Default::default()
        };
        let counts =
            |first: f64, last: f64, layer: f64| WindowCounts { first, last, layer_first: layer, layer_last: layer };
        let r = Report {
            soaks: vec![
                row(BASELINE, Some(counts(3_000.0, 3_010.0, 0.0))),
                row(VIGIL_DEFAULTS, Some(counts(9_000.0, 9_100.0, 5_000.0))),
                row(REFERENCE_DEFAULTS, None),
            ],
            ..Default::default()
        };
        let md = r.markdown();
        // Added 6,000 first, 6,090 last.
        assert!(md.contains("| soak-fence | vigil/defaults | 9000 / 9100 | 5000 / 5000 | 1.0150 |"), "{md}");
        assert!(md.contains("| soak-fence | none | 3000 / 3010 | 0 / 0 | — |"), "{md}");
        assert!(!md.contains("| soak-fence | reference/defaults | 9"), "{md}");
        let drift = r.targets().into_iter().find(|t| t.what.contains("added instructions")).unwrap();
        assert_eq!((drift.value, drift.met()), (Some(1.015), Some(true)));
        let cpu = r.targets().into_iter().find(|t| t.what.contains("CPU time")).unwrap();
        assert_eq!(cpu.met(), Some(false));
        assert!(r.json().to_string().contains("\"added_ir_drift\": 1.015"));
        assert!(soak_markdown(&r.meta, &r.configs, &r.soaks).starts_with("# Vigil soak report"));
    }

    /// The core pair is quoted only where Vigil checks what the reference checks.
    #[test]
    fn the_core_pair_is_quoted_only_without_a_gap() {
        static WITH_CORE: &[Coverage] =
            &[Coverage { name: "core validation", vigil_key: "CORE", vigil_has: true, reference: &["C"] }];
        let pairs = &[Pair { name: "core validation", covers: Covers::These(&["core validation"]), quick: false }];
        let plan = plan_from(pairs, WITH_CORE, false);
        let workloads = vec!["draw".to_string(), "dispatch".to_string()];
        let mut r = Report {
            workloads: workloads.clone(),
            counted: workloads,
            configs: plan.configs,
            pairs: plan.pairs,
            ..Default::default()
        };
        // 10 calls, 1 frame: Vigil adds 10 per call, the reference 100.
        for w in ["draw", "dispatch"] {
            for (config, total) in
                [("none", 1000), ("vigil/core validation", 1100), ("reference/core validation", 2000)]
            {
                r.cells.insert((w.into(), config.into()), Cell::new(&[], Some((total, 1)), 10));
            }
        }
        let gap = |w: &str, missing: &[&str]| WorkloadGap {
            workload: w.into(),
            commands: vec!["vkCmdDraw".into()],
            structures: vec![],
            compared: vec!["VUID-vkCmdDraw-None-02692".into(), "VUID-vkCmdDraw-None-02693".into()],
            implicit: 3,
            not_in_registry: vec!["VUID-vkCmdDraw-None-02859".into()],
            missing: missing.iter().map(|m| m.to_string()).collect(),
        };
        r.core_gap = CoreGap::Computed {
            named: (3, 0),
            implemented: 1,
            workloads: vec![gap("draw", &[]), gap("dispatch", &["VUID-vkCmdDraw-None-02693"])],
        };
        let rows = r.pair_rows();
        assert_eq!((rows[0].ratio, rows[0].note.as_str()), (Some(0.1), ""));
        assert_eq!((rows[1].vigil, rows[1].reference, rows[1].ratio), (Some(10.0), Some(100.0), None));
        assert_eq!(rows[1].note, "not quotable: Vigil lacks 1 of the reference's 2 ids on these commands");
        let targets: Vec<String> = r.targets().into_iter().map(|t| t.what).collect();
        assert_eq!(
            targets,
            ["draw: Vigil pass-through, added Ir per call", "draw: core validation, Vigil ÷ reference"]
        );

        let md = r.markdown();
        assert!(md.contains("## Core validation: quoted only where Vigil checks what the reference checks"), "{md}");
        assert!(md.contains(core_gap::RULE), "{md}");
        assert!(md.contains("| draw | vkCmdDraw | 2 | 3 | 1 | 0 | quotable: 0.100 |"), "{md}");
        assert!(md.contains("| dispatch | vkCmdDraw | 2 | 3 | 1 | 1 | not quotable |"), "{md}");
        assert!(md.contains("**dispatch**: Vigil lacks `VUID-vkCmdDraw-None-02693`."), "{md}");
        assert!(md.contains("**draw**: not compared (not in the pinned registry): `VUID-vkCmdDraw-None-02859`."));
        // The tracker column reads the core pair's Vigil side: the same configuration.
        assert!(md.contains("| draw | — | — | — | 10.0 |"), "{md}");
        let json = r.json().to_string();
        assert!(json.contains("\"quotable\": false") && json.contains("\"quotable\": true"), "{json}");

        r.core_gap = CoreGap::Unavailable("objdump (binutils) cannot run".into());
        assert!(r.pair_rows().iter().all(|row| row.ratio.is_none()));
        assert_eq!(r.targets().len(), 1);
        let md = r.markdown();
        assert!(
            md.contains(
                "The gap could not be computed (objdump (binutils) cannot run): the core validation pair is not quoted."
            ),
            "{md}"
        );
    }

    #[test]
    fn numbers_and_tables() {
        assert_eq!(num(Some(1.25), 1), "1.2");
        assert_eq!(num(None, 1), "—");
        assert_eq!(num(Some(f64::NAN), 1), "—");
        let mut out = String::new();
        table(&mut out, &["a", "b"], &[vec!["x|y".into(), "1".into()]]);
        assert_eq!(out, "| a | b |\n|---|---|\n| x\\|y | 1 |\n\n");
    }
}
