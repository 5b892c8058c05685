//! The Wilson score interval for a binomial proportion (Wilson 1927; recommended over the normal
//! approximation by Brown, Cai & DasGupta 2001, "Interval Estimation for a Binomial Proportion").

/// The standard normal quantile for a two-sided 95% interval (`Φ⁻¹(0.975)`).
pub const Z_95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval `(low, high)` for `successes` out of `trials`, at normal quantile
/// `z` (use [`Z_95`] for 95%). Both bounds lie in `[0, 1]`; with no trials the interval is `(0, 1)`.
///
/// `center = (p + z²/2n) / (1 + z²/n)`, `half = z / (1 + z²/n) · sqrt(p(1−p)/n + z²/4n²)`.
pub fn wilson_interval(successes: u64, trials: u64, z: f64) -> (f64, f64) {
    if trials == 0 {
        return (0.0, 1.0);
    }
    wilson_interval_of(successes as f64 / trials as f64, trials as f64, z)
}

/// The Wilson score interval of an observed proportion `p` with `n` effective trials (`n > 0`,
/// need not be an integer: a sample of `m` correlated trials counts as `m / deff`, see
/// [`super::Clusters::effective_trials`]). Same formula as [`wilson_interval`].
pub fn wilson_interval_of(p: f64, n: f64, z: f64) -> (f64, f64) {
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let center = (p + z2 / (2.0 * n)) / denom;
    let half = z / denom * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    // At p = 0 (p = 1) the lower (upper) bound is exactly p; the sum would round next to it.
    let low = if p <= 0.0 { 0.0 } else { (center - half).max(0.0) };
    let high = if p >= 1.0 { 1.0 } else { (center + half).min(1.0) };
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rounded(x: (f64, f64)) -> (f64, f64) {
        ((x.0 * 1e4).round() / 1e4, (x.1 * 1e4).round() / 1e4)
    }

    #[test]
    fn fifty_of_a_hundred() {
        assert_eq!(rounded(wilson_interval(50, 100, Z_95)), (0.4038, 0.5962));
    }

    #[test]
    fn none_of_ten() {
        assert_eq!(rounded(wilson_interval(0, 10, Z_95)), (0.0, 0.2775));
    }

    #[test]
    fn all_of_ten_mirrors_none_of_ten() {
        assert_eq!(rounded(wilson_interval(10, 10, Z_95)), (0.7225, 1.0));
    }

    /// The bound at an observed rate of 0 or 1 is the rate itself, exactly (not 0.999…).
    #[test]
    fn bound_at_a_rate_of_zero_or_one_is_exact() {
        assert_eq!((wilson_interval(7, 7, Z_95).1, wilson_interval(0, 7, Z_95).0), (1.0, 0.0));
    }

    #[test]
    fn eight_of_ten() {
        // Computed independently from the closed form (Python, double precision).
        assert_eq!(rounded(wilson_interval(8, 10, Z_95)), (0.4902, 0.9433));
    }

    #[test]
    fn no_trials_is_the_whole_unit_interval() {
        assert_eq!(wilson_interval(0, 0, Z_95), (0.0, 1.0));
    }

    #[test]
    fn effective_trials_of_a_proportion_give_the_same_interval_as_integer_counts() {
        assert_eq!(wilson_interval_of(0.8, 10.0, Z_95), wilson_interval(8, 10, Z_95));
        // Half as many effective trials: wider.
        let (lo, hi) = rounded(wilson_interval_of(0.5, 50.0, Z_95));
        assert_eq!((lo, hi), (0.3664, 0.6336));
    }
}
