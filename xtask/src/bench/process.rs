//! Runs one workload process (directly, or under callgrind) and reads what it printed.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::config::{cleared, Config, Paths, Workload};

/// What one `vigil-workload` process reported (the `vigil-bench: <key> <value>` lines its
/// `print_results` writes).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sample {
    /// Vulkan calls per frame's measured section.
    pub calls_per_frame: u64,
    /// Measured frames.
    pub frames: u64,
    /// Wall-clock ns of each measured section.
    pub record_ns: Vec<u64>,
    /// CPU ns of each measured section on the threads that recorded it, summed.
    pub record_cpu_ns: Vec<u64>,
    /// Wall-clock ns of each frame's submit + wait (empty when the workload submits nothing).
    pub submit_ns: Vec<u64>,
    /// Peak resident set (`VmHWM`), KiB.
    pub peak_rss_kib: Option<u64>,
    /// WARNING/ERROR validation messages.
    pub problems: u64,
    /// Layers in the chain, as they reported themselves.
    pub tool_layers: Vec<String>,
    /// The physical device.
    pub device: String,
    /// What a `soak` process reports beyond the common lines.
    pub soak: SoakFigures,
}

/// A `soak` process's figures (see tests/bench/src/soak.rs).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SoakFigures {
    /// Median wall-clock ns of a frame over the first and the last 1,000 frames.
    pub first_ns: Option<u64>,
    pub last_ns: Option<u64>,
    /// The same as the calling thread's CPU ns.
    pub first_cpu_ns: Option<u64>,
    pub last_cpu_ns: Option<u64>,
    /// Frames in each compared window.
    pub window: Option<u64>,
    /// Resident set at submit 10,000 and at the end, KiB.
    pub rss_from_kib: Option<u64>,
    pub rss_end_kib: Option<u64>,
}

impl Sample {
    /// Parses a workload's stdout; other lines (a layer's own logging) are ignored.
    pub fn parse(stdout: &str) -> Result<Sample, String> {
        let mut s = Sample::default();
        let mut seen_calls = false;
        for line in stdout.lines() {
            let Some(rest) = line.strip_prefix("vigil-bench: ") else { continue };
            let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
            let number = |v: &str| v.parse::<u64>().map_err(|_| format!("{key}: not a number: {v:?}"));
            let list = |v: &str| v.split_whitespace().map(number).collect::<Result<Vec<_>, _>>();
            match key {
                "calls_per_frame" => {
                    s.calls_per_frame = number(value)?;
                    seen_calls = true;
                }
                "frames" => s.frames = number(value)?,
                "record_ns" => s.record_ns = list(value)?,
                "record_cpu_ns" => s.record_cpu_ns = list(value)?,
                "submit_ns" => s.submit_ns = list(value)?,
                "peak_rss_kib" => s.peak_rss_kib = Some(number(value)?),
                "validation_problems" => s.problems = number(value)?,
                "tool_layers" => {
                    s.tool_layers = value.split(',').filter(|l| !l.is_empty()).map(str::to_string).collect();
                }
                "device" => s.device = value.to_string(),
                "soak_first_median_ns" => s.soak.first_ns = Some(number(value)?),
                "soak_last_median_ns" => s.soak.last_ns = Some(number(value)?),
                "soak_first_cpu_median_ns" => s.soak.first_cpu_ns = Some(number(value)?),
                "soak_last_cpu_median_ns" => s.soak.last_cpu_ns = Some(number(value)?),
                "soak_window" => s.soak.window = Some(number(value)?),
                "soak_rss_from_kib" => s.soak.rss_from_kib = Some(number(value)?),
                "soak_rss_end_kib" => s.soak.rss_end_kib = Some(number(value)?),
                _ => {}
            }
        }
        if !seen_calls {
            return Err("no `vigil-bench: calls_per_frame` line: the workload did not finish".into());
        }
        Ok(s)
    }
}

/// Everything needed to start workload processes.
pub struct Runner {
    /// The `vigil-workload` binary.
    pub binary: PathBuf,
    /// Layer files.
    pub paths: Paths,
    /// Working directory of the processes (empty, so no stray `vk_layer_settings.txt` in the
    /// current directory is read).
    pub cwd: PathBuf,
    /// `XDG_RUNTIME_DIR` when the caller has none.
    pub runtime_dir: PathBuf,
}

/// Options for a callgrind run.
pub struct Callgrind<'a> {
    /// Where callgrind writes its output.
    pub out_file: &'a Path,
    /// A soak's two windows instead of the measured section: each counted and dumped on its
    /// own (`out_file.1`, `out_file.2`), and the run submits as it does outside callgrind.
    pub soak_windows: bool,
}

/// The symbol the workload brackets its measured section with.
pub const MEASURED_SYMBOL: &str = "vigil_bench_measured";
/// The symbol the soak workload runs each of its compared windows in.
pub const SOAK_WINDOW_SYMBOL: &str = "vigil_soak_window";

impl Runner {
    /// Runs `workload` under `config` for `frames` measured frames (a soak's submits), under callgrind when
    /// `callgrind` is given (then, but for a soak's windows, without submitting: only the
    /// measured section is counted).
    pub fn run(
        &self,
        workload: &Workload,
        config: &Config,
        frames: usize,
        callgrind: Option<Callgrind<'_>>,
    ) -> Result<Sample, String> {
        let mut cmd = match &callgrind {
            None => Command::new(&self.binary),
            Some(cg) => {
                let mut c = Command::new("valgrind");
                let symbol = if cg.soak_windows { SOAK_WINDOW_SYMBOL } else { MEASURED_SYMBOL };
                if cg.soak_windows {
                    c.arg(format!("--dump-after={symbol}"));
                }
                c.args([
                    "--tool=callgrind",
                    "-q",
                    "--collect-atstart=no",
                    &format!("--toggle-collect={symbol}"),
                    // Instruction counts only: no cache or branch simulation, no per-instruction
                    // dump (per-line is enough to attribute cost and keeps the files small).
                    "--cache-sim=no",
                    "--branch-sim=no",
                    "--dump-instr=no",
                ]);
                c.arg(format!("--callgrind-out-file={}", cg.out_file.display()));
                c.arg(&self.binary);
                c
            }
        };
        cmd.args(workload.args).args(["--frames", &frames.to_string()]);
        if callgrind.as_ref().is_some_and(|cg| !cg.soak_windows) {
            cmd.arg("--no-submit");
        }
        for (name, _) in std::env::vars_os() {
            if name.to_str().is_some_and(cleared) {
                cmd.env_remove(&name);
            }
        }
        if std::env::var_os("XDG_RUNTIME_DIR").is_none() {
            cmd.env("XDG_RUNTIME_DIR", &self.runtime_dir);
        }
        cmd.envs(config.env(&self.paths)).current_dir(&self.cwd);
        let what = format!("{} under {}", workload.id, config.id);
        let output = cmd.output().map_err(|e| format!("{what}: starting {:?}: {e}", cmd.get_program()))?;
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let tail =
            |s: &str| s.lines().rev().take(20).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n");
        if !output.status.success() {
            return Err(format!("{what} failed ({}):\n{}", output.status, tail(&stderr)));
        }
        let sample = Sample::parse(&stdout).map_err(|e| format!("{what}: {e}\n{}", tail(&stderr)))?;
        if sample.problems > 0 {
            return Err(format!("{what}: {} validation message(s):\n{}", sample.problems, tail(&stderr)));
        }
        let expected = config.expected_layers();
        if sample.tool_layers != expected {
            return Err(format!(
                "{what}: the layers in the chain are {:?}, expected {:?}: the configuration did not take effect",
                sample.tool_layers, expected
            ));
        }
        Ok(sample)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_workload_output() {
        let out = "\
some layer chatter
vigil-bench: workload draw
vigil-bench: threads 1
vigil-bench: calls_per_frame 15007
vigil-bench: frames 2
vigil-bench: record_ns 412682 427024
vigil-bench: record_cpu_ns 401000 399500
vigil-bench: submit_ns 
vigil-bench: peak_rss_kib 166084
vigil-bench: validation_problems 0
vigil-bench: tool_layers VK_LAYER_VIGIL_validation
vigil-bench: device llvmpipe (LLVM 15.0.6, 256 bits)
";
        let s = Sample::parse(out).unwrap();
        assert_eq!(s.calls_per_frame, 15007);
        assert_eq!(s.record_ns, [412682, 427024]);
        assert_eq!(s.record_cpu_ns, [401000, 399500]);
        assert!(s.submit_ns.is_empty());
        assert_eq!(s.peak_rss_kib, Some(166084));
        assert_eq!(s.tool_layers, ["VK_LAYER_VIGIL_validation"]);
        assert_eq!(s.device, "llvmpipe (LLVM 15.0.6, 256 bits)");
        assert!(Sample::parse("vigil-bench: tool_layers \n").is_err(), "unfinished run");
        let soak = Sample::parse(
            "vigil-bench: calls_per_frame 3\nvigil-bench: soak_first_cpu_median_ns 5000\n\
             vigil-bench: soak_last_cpu_median_ns 5100\nvigil-bench: soak_rss_end_kib 9\n\
             vigil-bench: soak_window 1000\n",
        )
        .unwrap();
        assert_eq!((soak.soak.first_cpu_ns, soak.soak.last_cpu_ns), (Some(5000), Some(5100)));
        assert_eq!((soak.soak.rss_from_kib, soak.soak.rss_end_kib), (None, Some(9)));
        assert_eq!(soak.soak.window, Some(1000));
        assert!(Sample::parse("vigil-bench: calls_per_frame x\n").is_err());
    }
}
