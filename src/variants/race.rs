//! Racing a sweep's variants (`meeple sweep --race`): successive elimination (Even-Dar, Mannor &
//! Mansour 2002; the "Hoeffding races" of Maron & Moore 1994), for an objective to minimize.
//!
//! The variants play in rounds: round `r` of `R` grows every surviving variant's run to
//! `games / 2^(R − r)` games per player count ([`schedule`]; a run folder grows in place, so a
//! survivor's folder ends as the full run). After each round every survivor's objective gets an
//! interval ([`objective`]); a variant stops playing once its interval lies wholly above the
//! smallest upper end among the survivors ([`survivors`]): it cannot be the best.
//!
//! The objective of a variant is its worst absolute gap over its player counts, `max_n |g_n|`
//! (`g_n` the objective label's gap from its reference at `n` players, from `balance.csv`). Each
//! gap's interval is widened from 95% to level `1 − δ/(V·R·C)` (`V` variants, `R` rounds, `C`
//! player counts; Bonferroni), using the standard error implied by its 95% interval, so that with
//! probability at least `1 − δ` every interval of the race holds its true value at once, and then
//! the true best is never eliminated. `δ` is [`DELTA`].
//!
//! A race is resumable and can be run again: after each round it writes its decisions to
//! `OUT/race.json` ([`RaceRecord`]: the schedule, and each finished round's intervals and the
//! variants it stopped). A run of the same command replays the finished rounds from that record
//! (their folders are not played again, so no folder is asked to shrink) and plays on from the
//! first unfinished round, whose folders resume where they stopped; so an interrupted race ends
//! with the bytes of an uninterrupted one, and a finished race run again plays nothing.

use statrs::distribution::{ContinuousCDF, Normal};

use crate::stats::Z_95;
use crate::tournament::{OutputError, write_atomic};

/// The file of a race's decisions in the sweep's folder.
pub const RACE_JSON: &str = "race.json";

/// The race's error probability: the chance that any of its intervals misses.
pub const DELTA: f64 = 0.05;

/// An objective with its interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// The estimate.
    pub estimate: f64,
    /// Lower end.
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl Interval {
    /// `estimate low high`, each the shortest text that reads back to the same float.
    pub fn text(&self) -> String {
        format!("{} {} {}", self.estimate, self.low, self.high)
    }

    /// The interval written by [`Interval::text`]; `None` for other text.
    pub fn parse(text: &str) -> Option<Self> {
        let v: Vec<f64> = text.split(' ').map(str::parse).collect::<Result<_, _>>().ok()?;
        match v[..] {
            [estimate, low, high] => Some(Self { estimate, low, high }),
            _ => None,
        }
    }
}

/// The normal quantile of the race's intervals: level `1 − DELTA/(variants·rounds·counts)`,
/// two-sided.
pub fn race_z(variants: usize, rounds: usize, counts: usize) -> f64 {
    let tests = (variants * rounds * counts).max(1) as f64;
    Normal::new(0.0, 1.0).expect("a standard normal").inverse_cdf(1.0 - DELTA / (2.0 * tests))
}

/// A variant's objective `max_n |g_n|` and its interval at quantile `z`, from each player count's
/// gap and 95% interval `(g, low, high)`: each gap's interval is widened to `g ± z·se` with
/// `se = (high − low)/(2·1.96)`, then `|g|` lies in `[dist(0, I), max(|lo|, |hi|)]` and the maximum
/// over counts in `[max of lows, max of highs]`.
pub fn objective(gaps: &[(f64, f64, f64)], z: f64) -> Interval {
    let mut out = Interval { estimate: 0.0, low: 0.0, high: 0.0 };
    for &(g, low, high) in gaps {
        let se = (high - low) / (2.0 * Z_95);
        let (lo, hi) = (g - z * se, g + z * se);
        let abs_low = if lo <= 0.0 && hi >= 0.0 { 0.0 } else { lo.abs().min(hi.abs()) };
        out.estimate = out.estimate.max(g.abs());
        out.low = out.low.max(abs_low);
        out.high = out.high.max(lo.abs().max(hi.abs()));
    }
    out
}

/// Which variants survive a round: `alive[i]` and the interval of variant `i` (only survivors'
/// are read). A survivor is eliminated when its lower end exceeds the smallest upper end of the
/// survivors (another variant is surely better); at least one survives.
pub fn survivors(alive: &[bool], intervals: &[Interval]) -> Vec<bool> {
    let best_high = (0..alive.len()).filter(|&i| alive[i]).map(|i| intervals[i].high).fold(f64::INFINITY, f64::min);
    (0..alive.len()).map(|i| alive[i] && intervals[i].low <= best_high).collect()
}

/// The games per player count after each of `rounds` rounds: `games / 2^(rounds − r)` for round
/// `r = 1 … rounds`, rounded up to a multiple of `unit` (whole deals under rotation), at least
/// `unit`, the last exactly `games`.
pub fn schedule(games: u64, rounds: usize, unit: u64) -> Vec<u64> {
    let unit = unit.max(1);
    (1..=rounds)
        .map(|r| {
            if r == rounds {
                return games;
            }
            let g = games.div_ceil(1 << (rounds - r).min(63));
            (g.div_ceil(unit) * unit).clamp(unit, games)
        })
        .collect()
}

/// What a race has decided so far (`OUT/race.json`): what decides it, its plan and its finished
/// rounds.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RaceRecord {
    /// What decides the race, field by field as text ([`super::sweep::Sweep::race_fields`]: the
    /// base spec's fields such as `seed`, `games`, `players`, `bots`, `options`; the swept values;
    /// the objective; the rounds). Empty in a record of an older meeple, which did not write it.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub spec: std::collections::BTreeMap<String, String>,
    /// The variants' folder names, in grid order.
    pub variants: Vec<String>,
    /// The games per player count of each variant after each round (`schedule[round][variant]`).
    pub schedule: Vec<Vec<u64>>,
    /// The finished rounds, in order.
    pub rounds: Vec<RoundRecord>,
}

/// One finished round of a race.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RoundRecord {
    /// The objective's interval of each variant that played the round (`None`: stopped before),
    /// as text ([`Interval::text`]): a JSON number does not always read back to the same float.
    pub intervals: Vec<Option<String>>,
    /// The variants (0-based, in grid order) the round stopped.
    pub stopped: Vec<usize>,
}

impl RaceRecord {
    /// The record of the race in `out` if it has one and it is of this race (`spec`, `variants`,
    /// `schedule`), or a new one. Only reads: nothing is written.
    ///
    /// # Errors
    /// A record that does not read, or one of another race: the message names the file and each
    /// field that differs with its value there and here (`seed: 7 there, 9 here`), or (a record
    /// without its spec) says the variants, games or rounds differ, and says to rerun the spec
    /// that made it or choose another `--out`.
    pub fn open(
        out: &std::path::Path,
        spec: std::collections::BTreeMap<String, String>,
        variants: Vec<String>,
        schedule: Vec<Vec<u64>>,
    ) -> Result<Self, String> {
        let path = out.join(RACE_JSON);
        let fresh = Self { spec, variants, schedule, rounds: Vec::new() };
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(fresh),
            Err(e) => return Err(format!("{}: {e}", path.display())),
        };
        let old: Self =
            serde_json::from_str(&text).map_err(|e| format!("{}: not a race record: {e}", path.display()))?;
        let advice = "run the race again with the spec, --seed, --games and --rounds that made it, or choose \
                      another --out";
        if !old.spec.is_empty() {
            let value = |m: &std::collections::BTreeMap<String, String>, k: &str| {
                m.get(k).cloned().unwrap_or_else(|| "absent".to_string())
            };
            let differ: Vec<String> = old
                .spec
                .keys()
                .chain(fresh.spec.keys().filter(|k| !old.spec.contains_key(*k)))
                .filter(|k| old.spec.get(*k) != fresh.spec.get(*k))
                .map(|k| format!("{k}: {} there, {} here", value(&old.spec, k), value(&fresh.spec, k)))
                .collect();
            if !differ.is_empty() {
                return Err(format!(
                    "{} records a race of another spec ({}); {advice}",
                    path.display(),
                    differ.join("; ")
                ));
            }
        }
        if old.variants != fresh.variants || old.schedule != fresh.schedule {
            return Err(format!(
                "{} records a race of other variants, games or rounds ({} variants, {} rounds, {} games per count \
                 at the end); {advice}",
                path.display(),
                old.variants.len(),
                old.schedule.len(),
                old.schedule.last().and_then(|g| g.iter().max()).unwrap_or(&0)
            ));
        }
        Ok(Self { spec: fresh.spec, ..old })
    }

    /// Writes the record to `out/race.json` (atomically: a record is whole or absent).
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, out: &std::path::Path) -> Result<(), OutputError> {
        let text = serde_json::to_string_pretty(self).expect("a race record serializes") + "\n";
        write_atomic(out, RACE_JSON, text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    #[test]
    fn schedule_doubles_to_the_full_count() {
        assert_eq!(schedule(1000, 4, 1), vec![125, 250, 500, 1000]);
        assert_eq!(schedule(1000, 4, 6), vec![126, 252, 504, 1000]);
        assert_eq!(schedule(10, 5, 4), vec![4, 4, 4, 8, 10]);
        assert_eq!(schedule(7, 1, 1), vec![7]);
    }

    #[test]
    fn objective_is_the_worst_absolute_gap() {
        // At z = 1.96 the intervals are the 95% ones.
        let o = objective(&[(0.02, 0.01, 0.03), (-0.05, -0.07, -0.03)], Z_95);
        assert!((o.estimate - 0.05).abs() < 1e-12);
        assert!((o.low - 0.03).abs() < 1e-12 && (o.high - 0.07).abs() < 1e-12, "{o:?}");
        // An interval across 0 gives a lower end of 0.
        let o = objective(&[(0.01, -0.01, 0.03)], Z_95);
        assert_eq!(o.low, 0.0);
    }

    #[test]
    fn a_variant_is_dropped_only_when_surely_worse() {
        let i = |low, high| Interval { estimate: (low + high) / 2.0, low, high };
        let got = survivors(&[true, true, true, false], &[i(0.0, 0.02), i(0.01, 0.05), i(0.03, 0.06), i(0.0, 0.0)]);
        assert_eq!(got, vec![true, true, false, false]);
    }

    /// The simulated check the issue asks for: races of 8 variants whose true objectives are
    /// known (one best at 1 pp from the fair share, the others 1.5 to 10.5 pp worse), gaps estimated from binomial win rates
    /// over the round's games at 3 player counts; over 400 races the true best is never
    /// eliminated, and the races save games.
    #[test]
    fn racing_never_eliminates_the_true_best() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(41);
        let fair = [1.0 / 3.0, 0.25, 0.2];
        let (variants, rounds, games) = (8, 4, 4000u64);
        let z = race_z(variants, rounds, fair.len());
        let mut saved_total = 0u64;
        for race in 0..400 {
            // True |gaps|: 1 pp for the best, in turn at each position; signs mixed by count.
            let truth: Vec<f64> = (0..variants).map(|v| 0.01 + 0.015 * v as f64).collect();
            let best = race % variants;
            let truth: Vec<f64> = (0..variants).map(|v| truth[(v + variants - best) % variants]).collect();
            let mut alive = vec![true; variants];
            let mut played = vec![0u64; variants];
            for &g in &schedule(games, rounds, 1) {
                let mut intervals = Vec::new();
                for v in 0..variants {
                    if !alive[v] {
                        intervals.push(Interval { estimate: 0.0, low: 0.0, high: 0.0 });
                        continue;
                    }
                    played[v] = g;
                    let gaps: Vec<(f64, f64, f64)> = fair
                        .iter()
                        .enumerate()
                        .map(|(k, &f)| {
                            let sign = if (v + k) % 2 == 0 { 1.0 } else { -1.0 };
                            let p = f + sign * truth[v];
                            let wins = (0..g).filter(|_| rng.random::<f64>() < p).count() as f64;
                            let rate = wins / g as f64;
                            let se = (rate * (1.0 - rate) / g as f64).sqrt();
                            (rate - f, rate - f - Z_95 * se, rate - f + Z_95 * se)
                        })
                        .collect();
                    intervals.push(objective(&gaps, z));
                }
                alive = survivors(&alive, &intervals);
                assert!(alive[best], "race {race}: the true best (variant {best}) was eliminated");
            }
            saved_total += played.iter().map(|&p| games - p).sum::<u64>();
        }
        assert!(saved_total > 0, "the races saved no games");
    }
}
