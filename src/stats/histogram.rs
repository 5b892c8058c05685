//! [`Histogram`]: counts of integer observations (game lengths, final scores), exact to merge.

use serde::{Deserialize, Serialize};

/// Counts of integer observations, exact to merge: `counts[k]` is the number of observations of
/// the value `offset + k`. Dense from `min(0, smallest value)` to the largest value seen, so the
/// stored form is a function of the observed values alone (a single run and a merge of its shards
/// serialize to the same bytes). Game lengths never go below 0, so their `offset` is 0 and is not
/// written (`counts.json` files from before scores read unchanged); scores may be negative.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Histogram {
    /// The value of `counts[0]`: 0, or the smallest value seen if it is negative.
    #[serde(default, skip_serializing_if = "is_zero")]
    offset: i64,
    counts: Vec<u64>,
}

fn is_zero(x: &i64) -> bool {
    *x == 0
}

impl Histogram {
    /// Adds one observation of `value`.
    #[inline]
    pub fn add(&mut self, value: i64) {
        // A value below `offset` wraps to a huge index, so it takes the slow path too.
        match self.counts.get_mut(value.wrapping_sub(self.offset) as usize) {
            Some(c) => *c += 1,
            None => self.add_n(value, 1),
        }
    }

    /// Adds `n` observations of `value`.
    fn add_n(&mut self, value: i64, n: u64) {
        if value < self.offset {
            let grow = (self.offset - value) as usize;
            self.counts.splice(0..0, std::iter::repeat_n(0, grow));
            self.offset = value;
        }
        let k = (value - self.offset) as usize;
        if self.counts.len() <= k {
            self.counts.resize(k + 1, 0);
        }
        self.counts[k] += n;
    }

    /// Adds every observation of `other`.
    pub fn merge(&mut self, other: &Histogram) {
        if let Some(last) = other.counts.len().checked_sub(1) {
            // Extend to `other`'s range first, so adding its counts never moves ours again.
            self.add_n(other.offset, 0);
            self.add_n(other.offset + last as i64, 0);
        }
        let shift = (other.offset - self.offset) as usize;
        for (a, b) in self.counts[shift..].iter_mut().zip(&other.counts) {
            *a += b;
        }
    }

    /// Number of observations.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Whether nothing was observed.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// The observed values with their counts, by increasing value (values never seen left out).
    pub fn values(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        self.counts.iter().enumerate().filter(|(_, c)| **c > 0).map(|(k, &c)| (self.offset + k as i64, c))
    }

    /// Mean and population standard deviation; `None` when empty. Sums are exact integers.
    pub fn mean_sd(&self) -> Option<(f64, f64)> {
        let n = self.total();
        if n == 0 {
            return None;
        }
        let (mut sum, mut sq) = (0i128, 0i128);
        for (v, c) in self.values() {
            sum += i128::from(v) * i128::from(c);
            sq += i128::from(v) * i128::from(v) * i128::from(c);
        }
        let mean = sum as f64 / n as f64;
        // n²·var = n·Σv² − (Σv)², exact in integers.
        let scaled = i128::from(n) * sq - sum * sum;
        let var = scaled.max(0) as f64 / (n as f64 * n as f64);
        Some((mean, var.sqrt()))
    }

    /// The `q`-quantile (`q` in `[0, 1]`) by the nearest-rank method: the smallest value with at
    /// least `ceil(q·n)` observations at or below it (the minimum for `q = 0`); `None` when empty.
    pub fn quantile(&self, q: f64) -> Option<i64> {
        let n = self.total();
        if n == 0 {
            return None;
        }
        let rank = ((q * n as f64).ceil() as u64).max(1);
        let mut seen = 0;
        self.counts
            .iter()
            .position(|&c| {
                seen += c;
                seen >= rank
            })
            .map(|k| self.offset + k as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hist(values: &[i64]) -> Histogram {
        let mut h = Histogram::default();
        values.iter().for_each(|&v| h.add(v));
        h
    }

    #[test]
    fn histogram_mean_sd_and_quantiles() {
        let h = hist(&[2, 4, 4, 4, 5, 5, 7, 9]);
        assert_eq!(h.mean_sd(), Some((5.0, 2.0)));
        assert_eq!(h.quantile(0.0), Some(2));
        assert_eq!(h.quantile(0.5), Some(4));
        assert_eq!(h.quantile(0.9), Some(9));
        assert_eq!(h.quantile(1.0), Some(9));
        assert_eq!(Histogram::default().quantile(0.5), None);
    }

    #[test]
    fn negative_values_shift_the_offset_and_keep_every_statistic() {
        let h = hist(&[-3, 5, -1, -3, 0]);
        assert_eq!(h.quantile(0.0), Some(-3));
        assert_eq!(h.quantile(0.5), Some(-1));
        assert_eq!(h.quantile(1.0), Some(5));
        assert_eq!(h.values().collect::<Vec<_>>(), vec![(-3, 2), (-1, 1), (0, 1), (5, 1)]);
        let (mean, sd) = h.mean_sd().unwrap();
        // Values -3 -3 -1 0 5: mean -0.4, variance (9+9+1+0+25)/5 − 0.16 = 8.64.
        assert!((mean + 0.4).abs() < 1e-12 && (sd - 8.64f64.sqrt()).abs() < 1e-12, "{mean} {sd}");
    }

    #[test]
    fn merged_histograms_equal_one_built_from_all_values_in_any_order() {
        let mut a = hist(&[1, 3]);
        a.merge(&hist(&[10, 3]));
        assert_eq!(a, hist(&[1, 3, 3, 10]));
        // Negative values on either side, and empty histograms, give the same stored form as
        // adding every value to one histogram: the bytes of a merged run equal a single run's.
        let (x, y) = ([4, -2, 7], [-6, 0, 2]);
        let single = hist(&[4, -2, 7, -6, 0, 2]);
        for (first, second) in [(&x[..], &y[..]), (&y[..], &x[..])] {
            let mut m = hist(first);
            m.merge(&hist(second));
            m.merge(&Histogram::default());
            assert_eq!(m, single);
            let mut e = Histogram::default();
            e.merge(&m);
            assert_eq!(e, single);
        }
        assert_eq!(serde_json::to_string(&hist(&[2, 0])).unwrap(), r#"{"counts":[1,0,1]}"#);
        assert_eq!(serde_json::to_string(&hist(&[-1, 1])).unwrap(), r#"{"offset":-1,"counts":[1,0,1]}"#);
        let mut negative = hist(&[-2]);
        negative.merge(&hist(&[-5]));
        assert_eq!(negative, hist(&[-5, -2]));
        assert!(hist(&[]).is_empty() && !hist(&[-4]).is_empty());
    }
}
