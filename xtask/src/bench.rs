//! `cargo xtask bench [--quick] [--rounds N] [--jobs N]`: Vigil against the reference layer.
//! `cargo xtask bench --soak`: only the soak section (its wall-clock runs and its instruction
//! counts), to target/bench/soak.md.
//! `cargo xtask bench --threads`: only the thread-scaling section (the `threads-N` workloads'
//! wall-clock runs, with their CPU time per call), to target/bench/threads.md.
//! `cargo xtask bench --core-gap`: only the ids the reference checks on the measured commands
//! that Vigil does not (what decides whether the core pair is quoted; see `core_gap`).
//!
//! Builds the workloads (tests/bench) and the layer in release mode, then runs every workload
//! as its own process under every configuration (see `config`):
//! 1. wall clock: rounds of interleaved processes (A B C A B C ...), so drift in the machine's
//!    speed spreads over every configuration instead of biasing one;
//! 2. callgrind: one process per workload and configuration, counting only the measured
//!    section (`vigil_bench_measured` and its callees); instruction counts repeat to well under
//!    0.1%, so one run is enough, and runs can share the machine.
//!
//! The report goes to stdout and to target/bench/report.{md,json}; the callgrind files stay in
//! target/bench/callgrind/ for `callgrind_annotate`. docs/performance.md explains the numbers.

mod callgrind;
mod config;
mod core_gap;
mod json;
mod process;
mod reference_ids;
mod report;
mod soak;
mod stats;

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use callgrind::Profile;
use config::{
    Config, Layer, Paths, Plan, Workload, BASELINE, SOAKS, SOAK_CONFIGS, SOAK_COUNTED, SOAK_RUNS, SOAK_SUBMITS,
};
use process::{Callgrind, Runner, Sample};
use report::{Breakdown, Cell, Meta, Report};
use soak::{SoakRow, WindowCounts};

const USAGE: &str =
    "cargo xtask bench [--quick] [--rounds N] [--jobs N] [--layer-features F] | --soak | --threads | --core-gap";

/// Command-line options.
struct Options {
    quick: bool,
    rounds: usize,
    /// Measured frames per wall-clock process.
    frames: usize,
    /// Measured frames per callgrind process.
    callgrind_frames: usize,
    /// Callgrind processes at once.
    jobs: usize,
    /// Cargo features of the layer build (alternative implementations to compare).
    layer_features: Option<String>,
    /// Only print the core pair's gap, run nothing.
    core_gap: bool,
    /// Only the soak section.
    soak_only: bool,
    /// Only the thread-scaling section.
    threads_only: bool,
}

impl Options {
    fn parse(args: &[String]) -> Result<Options, String> {
        let quick = args.iter().any(|a| a == "--quick");
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        let (rounds, frames, callgrind_frames) = if quick { (2, 5, 2) } else { (5, 15, 3) };
        let mut o = Options {
            quick,
            rounds,
            frames,
            callgrind_frames,
            jobs: cpus,
            layer_features: None,
            core_gap: false,
            soak_only: false,
            threads_only: false,
        };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = |name: &str| -> Result<usize, String> {
                let v = it.next().ok_or(format!("{name} needs a value"))?;
                v.parse().ok().filter(|&n| n > 0).ok_or(format!("{name}: not a positive number: {v}"))
            };
            match a.as_str() {
                "--quick" => {}
                "--core-gap" => o.core_gap = true,
                "--soak" => o.soak_only = true,
                "--threads" => o.threads_only = true,
                "--rounds" => o.rounds = value("--rounds")?,
                "--jobs" => o.jobs = value("--jobs")?,
                "--layer-features" => {
                    o.layer_features = Some(it.next().ok_or("--layer-features needs a value")?.clone());
                }
                other => return Err(format!("unknown argument {other}\nusage: {USAGE}")),
            }
        }
        Ok(o)
    }
}

/// Runs the benchmark (`args`: what follows `bench`).
pub fn run(args: &[String]) -> Result<(), String> {
    let options = Options::parse(args)?;
    if options.core_gap {
        // The workloads the core pair's ratio is measured on: the counted ones.
        let plan = config::plan(false);
        let counted: Vec<&Workload> = plan.workloads.into_iter().filter(|w| w.counted).collect();
        print!("{}", core_gap::text(&core_gap::compute(&counted)));
        return Ok(());
    }
    let started = Instant::now();
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| crate::root().join("target"));
    let out = target.join("bench");
    // What is measured is what gets built now: the tree can move while the run goes on.
    let meta = meta(&options);
    let runner = prepare(&target, &out, options.layer_features.as_deref())?;
    let plan = config::plan(options.quick);
    // Before the long part, so its verdict shows at once; a missing tool only leaves the core
    // pair unquoted.
    let gap = if plan.pairs.iter().any(|p| p.core) {
        let gap = core_gap::compute(&plan.workloads);
        if let core_gap::CoreGap::Unavailable(why) = &gap {
            eprintln!("bench: the core pair will not be quoted: {why}");
        }
        gap
    } else {
        core_gap::CoreGap::NotComputed
    };
    for c in &plan.configs {
        if let Layer::Reference { disables } = &c.layer {
            let file = c.settings_file(&runner.paths.settings);
            create_dir(file.parent().unwrap())?;
            write(&file, &config::reference_settings(disables.as_deref()))?;
        }
    }

    if options.soak_only {
        let (soaks, device) = soak(&runner, &plan, &options, &out.join("callgrind"))?;
        let meta = Meta { device, ..meta };
        return section_report(&out.join("soak.md"), &report::soak_markdown(&meta, &plan.configs, &soaks), started);
    }
    if options.threads_only {
        let plan =
            Plan { workloads: plan.workloads.into_iter().filter(|w| config::scales_threads(w.id)).collect(), ..plan };
        let samples = wall_clock(&runner, &plan, &options)?;
        let markdown = assemble(&plan, meta, samples, BTreeMap::new())?.threads_markdown();
        return section_report(&out.join("threads.md"), &markdown, started);
    }
    let samples = wall_clock(&runner, &plan, &options)?;
    let profiles = count(&runner, &plan, &options, &out.join("callgrind"))?;
    let soaks = if options.quick { Vec::new() } else { soak(&runner, &plan, &options, &out.join("callgrind"))?.0 };
    let mut report = assemble(&plan, meta, samples, profiles)?;
    report.soaks = soaks;
    report.core_gap = gap;

    let markdown = report.markdown();
    write(&out.join("report.md"), &markdown)?;
    write(&out.join("report.json"), &format!("{}\n", report.json()))?;
    println!("{markdown}");
    eprintln!(
        "bench: wrote {} and report.json in {:.0} s",
        out.join("report.md").display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Writes the report of a run of one section (`--soak`, `--threads`) to `file` and stdout.
fn section_report(file: &Path, markdown: &str, started: Instant) -> Result<(), String> {
    write(file, markdown)?;
    println!("{markdown}");
    eprintln!("bench: wrote {} in {:.0} s", file.display(), started.elapsed().as_secs_f64());
    Ok(())
}

/// Builds the workload binary and packages the layer; checks the tools the run needs.
fn prepare(target: &Path, out: &Path, layer_features: Option<&str>) -> Result<Runner, String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .current_dir(crate::root())
        .args(["build", "--release", "--package", "vigil-bench", "--bin", "vigil-workload"])
        .status()
        .map_err(|e| e.to_string())?;
    if !status.success() {
        return Err("building the workloads failed".into());
    }
    let layer = crate::package(out.join("layer"), crate::package::SHIPPED_PROFILE, layer_features)?;
    if Command::new("valgrind").arg("--version").output().is_err() {
        return Err("valgrind is not installed (apt-get install valgrind): instruction counts need callgrind".into());
    }
    if reference_manifest().is_none() {
        return Err(format!(
            "the reference layer ({}) is not installed (apt-get install vulkan-validationlayers)",
            config::REFERENCE_LAYER
        ));
    }
    let cwd = out.join("run");
    let runtime_dir = out.join("xdg-runtime");
    for d in [&cwd, &runtime_dir] {
        create_dir(d)?;
    }
    // Mesa and the loader want a private runtime directory.
    std::fs::set_permissions(&runtime_dir, std::fs::Permissions::from_mode(0o700)).map_err(|e| e.to_string())?;
    Ok(Runner {
        binary: target.join("release/vigil-workload"),
        paths: Paths { vigil_manifests: layer.join("share/vulkan/explicit_layer.d"), settings: out.join("settings") },
        cwd,
        runtime_dir,
    })
}

/// Wall-clock processes: `rounds` rounds, each running every configuration once per workload.
fn wall_clock(runner: &Runner, plan: &Plan, o: &Options) -> Result<BTreeMap<(String, String), Vec<Sample>>, String> {
    let mut samples: BTreeMap<(String, String), Vec<Sample>> = BTreeMap::new();
    let total = o.rounds * plan.workloads.len() * plan.configs.len();
    let mut done = 0;
    for round in 0..o.rounds {
        for w in &plan.workloads {
            for c in &plan.configs {
                done += 1;
                eprintln!("bench: wall clock [{done}/{total}] round {} {} under {}", round + 1, w.id, c.id);
                let s = runner.run(w, c, o.frames, None)?;
                samples.entry((w.id.to_string(), c.id.clone())).or_default().push(s);
            }
        }
    }
    Ok(samples)
}

/// The soak workloads, `SOAK_RUNS` interleaved rounds under each soak configuration, then
/// each counted once by callgrind under [`SOAK_COUNTED`] (`jobs` at a time) into `dir`; with
/// the device the runs reported.
fn soak(runner: &Runner, plan: &Plan, o: &Options, dir: &Path) -> Result<(Vec<SoakRow>, String), String> {
    let configs: Vec<&Config> =
        SOAK_CONFIGS.iter().filter_map(|id| plan.configs.iter().find(|c| c.id == *id)).collect();
    let mut runs: BTreeMap<(&str, &str), Vec<Sample>> = BTreeMap::new();
    let total = SOAK_RUNS * SOAKS.len() * configs.len();
    let mut done = 0;
    for round in 0..SOAK_RUNS {
        for w in SOAKS {
            for c in &configs {
                done += 1;
                eprintln!("bench: soak [{done}/{total}] round {} {} under {}", round + 1, w.id, c.id);
                runs.entry((w.id, c.id.as_str())).or_default().push(runner.run(w, c, SOAK_SUBMITS, None)?);
            }
        }
    }
    create_dir(dir)?;
    let tasks: Vec<(&Workload, &Config)> = SOAKS
        .iter()
        .flat_map(|w| configs.iter().filter(|c| SOAK_COUNTED.contains(&c.id.as_str())).map(move |c| (w, *c)))
        .collect();
    let counts = in_parallel(o.jobs, &tasks, |i, &(w, c)| {
        eprintln!("bench: soak callgrind [{}/{}] {} under {}", i + 1, tasks.len(), w.id, c.id);
        let file = dir.join(format!("{}.{}.out", w.id, c.file_stem()));
        let sample = runner.run(w, c, SOAK_SUBMITS, Some(Callgrind { out_file: &file, soak_windows: true }))?;
        let window = sample.soak.window.ok_or(format!("{} under {}: no soak_window line", w.id, c.id))?;
        // Dumped after the first window, then after the last.
        let part = |n: u32| -> Result<Profile, String> {
            let path = PathBuf::from(format!("{}.{n}", file.display()));
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            Profile::parse(&text).map_err(|e| format!("{}: {e}", path.display()))
        };
        Ok(((w.id, c.id.as_str()), WindowCounts::new(&part(1)?, &part(2)?, window)))
    })?;
    let counts: BTreeMap<_, _> = counts.into_iter().collect();
    let device = runs.values().flatten().map(|s| s.device.clone()).next().unwrap_or_default();
    let rows = SOAKS
        .iter()
        .flat_map(|w| configs.iter().map(move |c| (w.id, c.id.as_str())))
        .map(|(w, c)| SoakRow {
            ir: counts.get(&(w, c)).copied(),
            ..SoakRow::new(w, c, runs.get(&(w, c)).map(Vec::as_slice).unwrap_or_default())
        })
        .collect();
    Ok((rows, device))
}

/// Runs `f` on every task, `jobs` at a time; the results in the tasks' order, or the first
/// failure (after which no task starts).
fn in_parallel<T: Sync, R: Send>(
    jobs: usize,
    tasks: &[T],
    f: impl Fn(usize, &T) -> Result<R, String> + Sync,
) -> Result<Vec<R>, String> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(BTreeMap::new());
    let failure = Mutex::new(None::<String>);
    std::thread::scope(|s| {
        for _ in 0..jobs.min(tasks.len()) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= tasks.len() || failure.lock().unwrap().is_some() {
                    return;
                }
                match f(i, &tasks[i]) {
                    Ok(r) => {
                        results.lock().unwrap().insert(i, r);
                    }
                    Err(e) => *failure.lock().unwrap() = Some(e),
                }
            });
        }
    });
    match failure.into_inner().unwrap() {
        Some(e) => Err(e),
        None => Ok(results.into_inner().unwrap().into_values().collect()),
    }
}

/// What callgrind found for one workload under one configuration.
struct Counted {
    sample: Sample,
    profile: Profile,
}

/// Callgrind processes for every counted workload and configuration, `jobs` at a time
/// (instruction counts do not depend on what else the machine runs).
fn count(runner: &Runner, plan: &Plan, o: &Options, dir: &Path) -> Result<BTreeMap<(String, String), Counted>, String> {
    create_dir(dir)?;
    let tasks: Vec<(&Workload, &Config)> =
        plan.workloads.iter().filter(|w| w.counted).flat_map(|w| plan.configs.iter().map(move |c| (*w, c))).collect();
    let counted = in_parallel(o.jobs, &tasks, |i, &(w, c)| {
        eprintln!("bench: callgrind [{}/{}] {} under {}", i + 1, tasks.len(), w.id, c.id);
        let file = dir.join(format!("{}.{}.out", w.id, c.file_stem()));
        let sample = runner.run(w, c, o.callgrind_frames, Some(Callgrind { out_file: &file, soak_windows: false }))?;
        let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let profile = Profile::parse(&text).map_err(|e| format!("{}: {e}", file.display()))?;
        Ok(((w.id.to_string(), c.id.clone()), Counted { sample, profile }))
    })?;
    Ok(counted.into_iter().collect())
}

/// Puts the measurements together.
fn assemble(
    plan: &Plan,
    mut meta: Meta,
    samples: BTreeMap<(String, String), Vec<Sample>>,
    counted: BTreeMap<(String, String), Counted>,
) -> Result<Report, String> {
    let mut cells = BTreeMap::new();
    for w in &plan.workloads {
        for c in &plan.configs {
            let key = (w.id.to_string(), c.id.clone());
            let runs = samples.get(&key).map(Vec::as_slice).unwrap_or_default();
            let cg = counted.get(&key);
            let calls = runs.first().or(cg.map(|x| &x.sample)).map_or(0, |s| s.calls_per_frame);
            if let Some(x) = cg {
                if x.sample.calls_per_frame != calls {
                    return Err(format!("{} under {}: calls per frame differ between runs", w.id, c.id));
                }
            }
            let ir = cg.map(|x| (x.profile.total, x.sample.frames));
            cells.insert(key, Cell::new(runs, ir, calls));
        }
    }
    let mut breakdowns = Vec::new();
    for w in plan.workloads.iter().filter(|w| w.counted) {
        let Some(base) = counted.get(&(w.id.to_string(), BASELINE.to_string())) else { continue };
        for c in plan.configs.iter().filter(|c| matches!(c.layer, Layer::Vigil { .. })) {
            if let Some(v) = counted.get(&(w.id.to_string(), c.id.clone())) {
                let (calls, frames) = (v.sample.calls_per_frame, v.sample.frames);
                breakdowns.push(Breakdown::new(w.id, &c.id, &v.profile, &base.profile, calls, frames));
            }
        }
    }
    meta.device = samples.values().flatten().map(|s| s.device.clone()).next().unwrap_or_default();
    Ok(Report {
        meta,
        workloads: plan.workloads.iter().map(|w| w.id.to_string()).collect(),
        counted: plan.workloads.iter().filter(|w| w.counted).map(|w| w.id.to_string()).collect(),
        configs: plan.configs.clone(),
        pairs: plan.pairs.clone(),
        cells,
        breakdowns,
        soaks: Vec::new(),
        core_gap: Default::default(),
    })
}

/// How this run is made, as of its start (the device is filled in from the first workload).
fn meta(o: &Options) -> Meta {
    Meta {
        date: command_line("date", &["-u", "+%Y-%m-%d %H:%M UTC"]).unwrap_or_default(),
        commit: commit(),
        device: String::new(),
        cpu: cpu(),
        valgrind: command_line("valgrind", &["--version"]).unwrap_or_default(),
        reference: reference_manifest()
            .and_then(|text| json_string_field(&text, "api_version"))
            .map_or("?".into(), |v| format!("{} {v}", config::REFERENCE_LAYER)),
        mode: if o.quick { "quick" } else { "full" }.into(),
        rounds: o.rounds,
        frames: o.frames,
        callgrind_frames: o.callgrind_frames,
    }
}

/// The reference layer's manifest text, from the system's explicit layer directories.
fn reference_manifest() -> Option<String> {
    ["/usr/share/vulkan/explicit_layer.d", "/usr/local/share/vulkan/explicit_layer.d", "/etc/vulkan/explicit_layer.d"]
        .iter()
        .find_map(|d| std::fs::read_to_string(Path::new(d).join("VkLayer_khronos_validation.json")).ok())
}

/// The string value of the first `"key": "value"` in a JSON text (enough for a manifest).
fn json_string_field(text: &str, key: &str) -> Option<String> {
    let after = &text[text.find(&format!("\"{key}\""))? + key.len() + 2..];
    let start = after.find('"')? + 1;
    let len = after[start..].find('"')?;
    Some(after[start..start + len].to_string())
}

/// The first line a command prints.
fn command_line(program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).output().ok()?;
    String::from_utf8_lossy(&out.stdout).lines().next().map(str::to_string)
}

/// The measured commit, `+dirty` when the tree has changes.
fn commit() -> String {
    let root = crate::root();
    let root = root.to_string_lossy();
    let hash = command_line("git", &["-C", &root, "rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "?".into());
    let dirty =
        Command::new("git").args(["-C", &root, "status", "--porcelain"]).output().is_ok_and(|o| !o.stdout.is_empty());
    format!("{hash}{}", if dirty { "+dirty" } else { "" })
}

/// CPU model and logical CPU count.
fn cpu() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, m)| m.trim().to_string())
        })
        .unwrap_or_else(|| "?".into());
    let n = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{model} × {n}")
}

fn create_dir(d: &Path) -> Result<(), String> {
    std::fs::create_dir_all(d).map_err(|e| format!("{}: {e}", d.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options() {
        let args = |a: &[&str]| a.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let o = Options::parse(&args(&["--quick", "--rounds", "3"])).unwrap();
        assert!(o.quick);
        assert_eq!((o.rounds, o.frames), (3, 5));
        assert!(Options::parse(&args(&["--rounds", "0"])).is_err());
        assert!(Options::parse(&args(&["--bogus"])).is_err());
        assert!(Options::parse(&args(&["--core-gap"])).unwrap().core_gap);
        assert!(Options::parse(&args(&["--threads"])).unwrap().threads_only);
        assert!(!o.core_gap);
    }

    #[test]
    fn manifest_field() {
        let text = "{ \"layer\": { \"name\": \"X\", \"api_version\" : \"1.3.239\" } }";
        assert_eq!(json_string_field(text, "api_version").as_deref(), Some("1.3.239"));
        assert_eq!(json_string_field(text, "missing"), None);
    }
}
