//! The soak section: whether a layer's per-submission state accumulates over 100,000 submits.
//! Flat means the last 1,000 frames cost at most [`DRIFT_LIMIT`] times the first 1,000 (the
//! calling thread's CPU time, median of each window, median over the runs), and the resident
//! set grows by at most [`GROWTH_LIMIT_KIB`] from submit 10,000 to the end (the worst run).

use super::process::Sample;
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
}
