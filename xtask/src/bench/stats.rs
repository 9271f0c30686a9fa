//! The arithmetic of the report: percentiles of timings, per-call costs, overhead ratios.

/// The `p`-th percentile (0..=100) by nearest rank: an observed value, never an interpolation,
/// so the 0th is the minimum. `None` for no samples.
pub fn percentile(samples: &[f64], p: f64) -> Option<f64> {
    if samples.is_empty() {
        return None;
    }
    let mut sorted = samples.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

/// `total` spread over `calls` (0 calls gives `None`).
pub fn per_call(total: f64, calls: u64) -> Option<f64> {
    (calls > 0).then(|| total / calls as f64)
}

/// The overhead ratio `vigil ÷ reference` of added costs. `None` when the reference added
/// nothing measurable (a ratio to zero or to noise says nothing).
pub fn ratio(vigil: f64, reference: f64) -> Option<f64> {
    (reference > 0.0).then(|| vigil / reference)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let ten: Vec<f64> = (1..=10).map(f64::from).collect();
        assert_eq!(percentile(&ten, 10.0), Some(1.0));
        assert_eq!(percentile(&ten, 0.0), Some(1.0));
        assert_eq!(percentile(&ten, 50.0), Some(5.0));
        assert_eq!(percentile(&ten, 100.0), Some(10.0));
        let twenty: Vec<f64> = (1..=20).rev().map(f64::from).collect();
        assert_eq!(percentile(&twenty, 10.0), Some(2.0), "order of samples does not matter");
        assert_eq!(percentile(&[7.0], 10.0), Some(7.0));
        assert_eq!(percentile(&[], 10.0), None);
    }

    #[test]
    fn ratios_and_per_call() {
        assert_eq!(per_call(30.0, 3), Some(10.0));
        assert_eq!(per_call(30.0, 0), None);
        assert_eq!(ratio(26.2, 146.9).map(|r| (r * 1000.0).round() / 1000.0), Some(0.178));
        assert_eq!(ratio(5.0, 0.0), None);
        assert_eq!(ratio(5.0, -1.0), None);
    }
}
