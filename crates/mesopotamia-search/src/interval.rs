//! How sure a measured win rate is: the interval that `simulate`, the Ray statistics and the
//! strength scripts all quote, written once.

/// Wilson's 95% score interval of a rate: `successes` out of `trials` (a shared first place
/// may count as a fraction of a win). Unlike the normal approximation it stays within 0 to 1
/// and is honest for few trials and rates near 0 or 1. No trials (or a count that is not a
/// number) gives `(0.0, 1.0)`: nothing is known; successes are taken within `0..=trials`.
///
/// ```
/// let (low, high) = mesopotamia_search::wilson_interval(60.0, 100.0);
/// assert!((low - 0.502).abs() < 0.001 && (high - 0.691).abs() < 0.001);
/// assert_eq!(mesopotamia_search::wilson_interval(0.0, 0.0), (0.0, 1.0));
/// ```
pub fn wilson_interval(successes: f64, trials: f64) -> (f64, f64) {
    // The 97.5th percentile of the standard normal distribution.
    const Z: f64 = 1.959_964;
    if !(trials > 0.0 && trials.is_finite() && successes.is_finite()) {
        return (0.0, 1.0);
    }
    let p = successes.clamp(0.0, trials) / trials;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * trials)) / (1.0 + z2 / trials);
    let half =
        Z * (p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)).sqrt() / (1.0 + z2 / trials);
    // None or all of the trials: the bound on that side is the rate itself, exactly (the
    // arithmetic above leaves a rounding error there).
    let low = if p == 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if p == 1.0 {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::wilson_interval;

    #[test]
    fn the_interval_brackets_the_rate_and_narrows_with_trials() {
        let (low, high) = wilson_interval(60.0, 100.0);
        assert!(low < 0.6 && 0.6 < high);
        assert!(
            (low - 0.5020).abs() < 0.0005 && (high - 0.6906).abs() < 0.0005,
            "{low} {high}"
        );
        let (low_more, high_more) = wilson_interval(600.0, 1000.0);
        assert!(low < low_more && high_more < high);
        // All or nothing stays within 0 to 1, and is not a point.
        let (low, high) = wilson_interval(10.0, 10.0);
        assert!(low > 0.6 && low < 1.0 && high == 1.0, "{low} {high}");
        let (low, high) = wilson_interval(0.0, 1000.0);
        assert!(low == 0.0 && high > 0.0 && high < 0.01, "{low} {high}");
    }

    #[test]
    fn nothing_measured_is_the_whole_range() {
        for (successes, trials) in [
            (0.0, 0.0),
            (1.0, -3.0),
            (f64::NAN, 5.0),
            (1.0, f64::INFINITY),
        ] {
            assert_eq!(wilson_interval(successes, trials), (0.0, 1.0));
        }
        // More successes than trials count as all of them.
        assert_eq!(wilson_interval(12.0, 10.0), wilson_interval(10.0, 10.0));
    }
}
