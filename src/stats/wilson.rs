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

/// The effective number of independent trials behind a rate `p` estimated over `clusters`
/// independent clusters (deals), with `variance` the estimated variance of `p` over the clusters:
/// `p(1 − p) / variance` (Kish's `n / deff`; not truncated at the number of trials as Korn &
/// Graubard do: with the adjustment of [`cluster_wilson`] that held the truth 98.8% of the time at
/// 10 deals in the coverage test, without it 95.0%). A rate of 0 or 1, or a
/// rate between them whose clusters all gave the same value (no between-cluster variance: a
/// rotation that makes a seat win exactly once per deal), has no spread to measure: its trials
/// are then the clusters, as a plain Wilson interval over deals.
pub fn effective_trials(p: f64, variance: f64, clusters: u64) -> f64 {
    if p <= 0.0 || p >= 1.0 || variance <= 0.0 || variance.is_nan() {
        clusters as f64
    } else {
        p * (1.0 - p) / variance
    }
}

/// The 95%-type Wilson interval of a rate `p` over `n` effective trials from `clusters`
/// independent clusters, with the degrees-of-freedom adjustment of Korn & Graubard (1998,
/// "Confidence intervals for proportions with small expected number of positive counts estimated
/// from survey data", Survey Methodology 24:193–201; Wilson in place of Clopper–Pearson as in
/// Dean & Pagano 2015, "Evaluating confidence interval methods for binomial proportions in
/// clustered surveys", J. Surv. Stat. Methodol. 3:484–503): the Wilson interval at `z` over
/// `n · (z / t)²` trials, `t` the Student quantile of the same level on `clusters − 1` degrees of
/// freedom, so that a variance estimated from few clusters widens the interval as a t interval
/// would. `None` with fewer than two clusters: one deal says nothing of the spread.
pub fn cluster_wilson(p: f64, n: f64, clusters: u64, z: f64) -> Option<(f64, f64)> {
    if clusters < 2 {
        return None;
    }
    let t = t_quantile(z, clusters - 1);
    Some(wilson_interval_of(p, n * (z / t).powi(2), z))
}

/// The 95% half-width of a mean over `deals` deals whose variance `v` (of the mean, in the
/// mean's units squared) is the uncorrected sum of squares over the deals: `t_{D−1} ·
/// √(v · D/(D − 1))`, Student's t at the level of [`Z_95`] (the small-sample interval of the
/// cross-tab mean score and balance.csv's score gaps, issue 40). `None` with fewer than two deals:
/// one deal says nothing of the spread.
pub(super) fn deal_t_half_width(v: f64, deals: u64) -> Option<f64> {
    let d = deals as f64;
    (deals >= 2).then(|| t_quantile(Z_95, deals - 1) * (v * d / (d - 1.0)).sqrt())
}

/// The Student t quantile on `df` degrees of freedom at the level of the normal quantile `z`
/// (`t` with the same two-sided tail probability; statrs).
pub(super) fn t_quantile(z: f64, df: u64) -> f64 {
    use statrs::distribution::{ContinuousCDF, Normal, StudentsT};
    let level = Normal::standard().cdf(z);
    match StudentsT::new(0.0, 1.0, df as f64) {
        Ok(t) => t.inverse_cdf(level),
        Err(_) => z,
    }
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

    #[test]
    fn the_t_quantile_matches_tables() {
        // Student's t, 97.5% quantile (tables): 4 df 2.776445, 9 df 2.262157, 99 df 1.984217.
        for (df, t) in [(4, 2.776_445), (9, 2.262_157), (99, 1.984_217)] {
            assert!((t_quantile(Z_95, df) - t).abs() < 1e-5, "{df} df: {}", t_quantile(Z_95, df));
        }
    }

    #[test]
    fn few_clusters_widen_the_interval_and_one_cluster_gives_none() {
        assert_eq!(cluster_wilson(0.5, 20.0, 1, Z_95), None);
        let (lo, hi) = cluster_wilson(0.5, 20.0, 5, Z_95).unwrap();
        let (lo_z, hi_z) = wilson_interval_of(0.5, 20.0, Z_95);
        assert!(lo < lo_z && hi > hi_z);
        // 20 · (1.96 / 2.776)² = 9.97 effective trials.
        let (l, h) = wilson_interval_of(0.5, 20.0 * (Z_95 / 2.776_445f64).powi(2), Z_95);
        assert!((lo - l).abs() < 1e-6 && (hi - h).abs() < 1e-6);
    }

    #[test]
    fn no_spread_between_clusters_counts_the_clusters() {
        assert_eq!(effective_trials(1.0 / 3.0, 0.0, 4), 4.0);
        assert_eq!(effective_trials(0.0, 0.0, 4), 4.0);
        assert_eq!(effective_trials(0.5, 0.025, 4), 10.0);
    }
}
