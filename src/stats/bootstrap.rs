//! The percentile bootstrap over deals that the strength statistics share (the Plackett–Luce
//! ratings of [`super::plackett_luce`], the skill gaps of [`super::skill`]): a sample draws as
//! many deals as were played, with replacement, from a generator seeded by the caller (so the
//! same counts give the same bytes at any thread count), and an interval is read from the sorted
//! replicates by [`percentile`] (Efron & Tibshirani 1993, ch. 13).

use rand::RngExt;

use crate::game::{GameRng, rng_from_seed};

/// Draws bootstrap samples of deals: distinct deal `d` stands for `counts[d]` deals.
pub struct DealResampler {
    /// Running sums of the deal counts (`cumulative[d]` = deals up to and including `d`).
    cumulative: Vec<u64>,
    rng: GameRng,
}

impl DealResampler {
    /// A resampler over distinct deals with `counts` deals each, drawing from a generator seeded
    /// by `seed`.
    pub fn new(counts: impl IntoIterator<Item = u64>, seed: u64) -> Self {
        let cumulative = counts
            .into_iter()
            .scan(0, |acc, c| {
                *acc += c;
                Some(*acc)
            })
            .collect();
        Self { cumulative, rng: rng_from_seed(seed) }
    }

    /// Deals in all (the size of every sample).
    pub fn deals(&self) -> u64 {
        self.cumulative.last().copied().unwrap_or(0)
    }

    /// One sample: `drawn[d]` (one slot per distinct deal, overwritten) becomes the number of
    /// times distinct deal `d` was drawn, [`Self::deals`] draws uniform over deals in all.
    pub fn draw(&mut self, drawn: &mut [u64]) {
        drawn.iter_mut().for_each(|c| *c = 0);
        let n = self.deals();
        for _ in 0..n {
            let u = self.rng.random_range(0..n);
            drawn[self.cumulative.partition_point(|&c| c <= u)] += 1;
        }
    }
}

/// The `q` quantile of sorted `s` (linear interpolation between order statistics, Hyndman & Fan
/// type 7); infinite neighbours give an infinite quantile. `s` must not be empty.
pub fn percentile(s: &[f64], q: f64) -> f64 {
    let h = (s.len() - 1) as f64 * q;
    let (lo, hi) = (s[h.floor() as usize], s[h.ceil() as usize]);
    if lo == hi || !lo.is_finite() || !hi.is_finite() {
        return if h.fract() < 0.5 { lo } else { hi };
    }
    lo + (hi - lo) * h.fract()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_draws_as_many_deals_as_counted_and_is_seeded() {
        let mut a = DealResampler::new([3, 0, 5], 7);
        let mut b = DealResampler::new([3, 0, 5], 7);
        let (mut x, mut y) = ([0; 3], [9; 3]);
        a.draw(&mut x);
        b.draw(&mut y);
        assert_eq!(x, y);
        assert_eq!((x.iter().sum::<u64>(), x[1]), (8, 0));
    }

    #[test]
    fn percentiles_interpolate_between_order_statistics() {
        let s = [1.0, 2.0, 4.0, 8.0, 16.0];
        assert_eq!((percentile(&s, 0.0), percentile(&s, 0.5), percentile(&s, 0.875)), (1.0, 4.0, 12.0));
        assert_eq!(percentile(&[f64::NEG_INFINITY, 0.0], 0.25), f64::NEG_INFINITY);
    }
}
