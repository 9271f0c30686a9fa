//! The soak section: whether a layer's per-submission state accumulates over 100,000 submits.
//! Flat means the last 1,000 frames cost at most [`DRIFT_LIMIT`] times the first 1,000 (the
//! calling thread's CPU time, median of each window, median over the runs), and the resident
//! set grows by at most [`GROWTH_LIMIT_KIB`] from submit 10,000 to the end (the worst run).
//!
//! The CPU time of a frame moves with the machine (on a shared VM the no-layer runs drift as
//! much as any layer), so the same windows are also counted in instructions: callgrind, one
//! process per workload and configuration, dumping a profile after each window
//! ([`WindowCounts`]). Instruction counts repeat run to run; the layer's drift in them is the
//! instructions it adds per frame (over the no-layer run) in the last window ÷ in the first.

use super::callgrind::Profile;
use super::process::Sample;
use super::report::VIGIL_OBJECT;
use super::stats::percentile;

/// Largest ratio of the last window's median frame cost to the first's.
pub const DRIFT_LIMIT: f64 = 1.1;
/// Largest resident-set growth from submit 10,000 to the end, KiB.
pub const GROWTH_LIMIT_KIB: f64 = 1024.0;

/// One soak workload under one configuration, over its runs.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SoakRow {
    /// The workload (`soak-fence`, `soak-timeline`).
    pub workload: String,
    /// The configuration's id.
    pub config: String,
    /// Processes behind the row.
    pub runs: usize,
    /// Median over the runs of the first and last windows' median CPU µs per frame.
    pub first_cpu_us: Option<f64>,
    pub last_cpu_us: Option<f64>,
    /// Median over the runs of each run's last ÷ first (CPU).
    pub drift: Option<f64>,
    /// The same windows in wall-clock µs (information: a CPU driver's queue thread moves them).
    pub first_wall_us: Option<f64>,
    pub last_wall_us: Option<f64>,
    /// Median resident set at the end, MiB.
    pub rss_end_mib: Option<f64>,
    /// The largest growth of any run from submit 10,000 to the end, KiB.
    pub rss_growth_kib: Option<f64>,
    /// The windows in instructions, when callgrind counted this configuration.
    pub ir: Option<WindowCounts>,
}

/// Instructions per frame on the calling thread in a soak's first and last windows.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct WindowCounts {
    /// Every instruction (application, loader, layers, driver).
    pub first: f64,
    pub last: f64,
    /// Vigil's own: self cost in its library.
    pub layer_first: f64,
    pub layer_last: f64,
}

impl WindowCounts {
    /// From the profiles callgrind dumped after the first and the last window, of `window`
    /// frames each (as the workload reported).
    pub fn new(first: &Profile, last: &Profile, window: u64) -> WindowCounts {
        let window = window.max(1) as f64;
        let layer =
            |p: &Profile| p.objects().iter().filter(|(o, _)| o.ends_with(VIGIL_OBJECT)).map(|(_, ir)| ir).sum::<u64>();
        WindowCounts {
            first: first.total as f64 / window,
            last: last.total as f64 / window,
            layer_first: layer(first) as f64 / window,
            layer_last: layer(last) as f64 / window,
        }
    }

    /// What a layer adds per frame in the last window ÷ in the first, over `baseline` (the
    /// no-layer run's counts); `None` when it adds nothing to compare.
    pub fn added_drift(&self, baseline: &WindowCounts) -> Option<f64> {
        let (first, last) = (self.first - baseline.first, self.last - baseline.last);
        (first > 0.0).then(|| last / first)
    }
}

impl SoakRow {
    /// Summarizes the runs of `workload` under `config`.
    pub fn new(workload: &str, config: &str, runs: &[Sample]) -> SoakRow {
        let median = |f: &dyn Fn(&Sample) -> Option<f64>| {
            let v: Vec<f64> = runs.iter().filter_map(f).collect();
            percentile(&v, 50.0)
        };
        let us = |v: Option<u64>| v.map(|ns| ns as f64 / 1000.0);
        let growth: Vec<f64> =
            runs.iter().filter_map(|s| Some(s.soak.rss_end_kib? as f64 - s.soak.rss_from_kib? as f64)).collect();
        SoakRow {
            workload: workload.into(),
            config: config.into(),
            runs: runs.len(),
            first_cpu_us: median(&|s| us(s.soak.first_cpu_ns)),
            last_cpu_us: median(&|s| us(s.soak.last_cpu_ns)),
            drift: median(&|s| {
                let (first, last) = (s.soak.first_cpu_ns?, s.soak.last_cpu_ns?);
                (first > 0).then(|| last as f64 / first as f64)
            }),
            first_wall_us: median(&|s| us(s.soak.first_ns)),
            last_wall_us: median(&|s| us(s.soak.last_ns)),
            rss_end_mib: median(&|s| s.soak.rss_end_kib.map(|k| k as f64 / 1024.0)),
            rss_growth_kib: growth.iter().copied().reduce(f64::max),
            ir: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::process::SoakFigures;
    use super::*;

    fn run(first: u64, last: u64, from: u64, end: u64) -> Sample {
        let soak = SoakFigures {
            first_cpu_ns: Some(first),
            last_cpu_ns: Some(last),
            rss_from_kib: Some(from),
            rss_end_kib: Some(end),
            ..Default::default()
        };
        Sample { soak, ..Default::default() }
    }

    #[test]
    fn medians_over_runs_and_the_worst_growth() {
        let row = SoakRow::new(
            "soak-fence",
            "none",
            &[run(1000, 1000, 10, 10), run(1000, 1500, 10, 60), run(2000, 2400, 10, 11)],
        );
        assert_eq!(row.runs, 3);
        assert_eq!(row.first_cpu_us, Some(1.0));
        assert_eq!(row.last_cpu_us, Some(1.5));
        assert_eq!(row.drift, Some(1.2), "the median run's ratio, not the ratio of medians");
        assert_eq!(row.rss_growth_kib, Some(50.0));
        assert_eq!(row.first_wall_us, None);
    }

    #[test]
    fn window_counts_per_frame_and_the_added_drift() {
        let profile = |vigil: u64, other: u64| Profile {
            total: vigil + other,
            functions: [
                (("/pkg/lib/libVkLayer_vigil.so".to_string(), "f".to_string()), vigil),
                (("/usr/lib/libc.so.6".to_string(), "g".to_string()), other),
            ]
            .into(),
            ..Default::default()
        };
        let v = WindowCounts::new(&profile(2_000_000, 8_000_000), &profile(2_200_000, 8_300_000), 1_000);
        assert_eq!((v.first, v.last), (10_000.0, 10_500.0));
        assert_eq!((v.layer_first, v.layer_last), (2_000.0, 2_200.0));
        let none = WindowCounts::new(&profile(0, 7_000_000), &profile(0, 7_100_000), 1_000);
        assert_eq!(none.layer_first, 0.0);
        // Added: 3,000 first, 3,400 last.
        assert_eq!(v.added_drift(&none), Some(3_400.0 / 3_000.0));
        assert_eq!(none.added_drift(&none), None, "nothing added");
        // A window of 5 frames.
        assert_eq!(WindowCounts::new(&profile(0, 1_000), &profile(0, 1_000), 5).first, 200.0);
    }
}
