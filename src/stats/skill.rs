//! Skill depth (`meeple skill`): how much the result depends on how well one plays, read from
//! several runs of one game with lineups of bots of different strength (random, greedy, ISMCTS):
//! the win-rate gap between each two bots where they met, pooled over the runs' pairwise
//! results ([`Counts::pairs`]). A design metric across runs, where the others of
//! [`super::metrics`] are per game.

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;

use super::{Counts, Z_95};

/// One row of skill depth: bot `bot` against bot `opponent` at `players` seats, pooled over
/// several runs (`meeple skill`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SkillRow {
    /// Player count.
    pub players: usize,
    /// The bot (the first of the two by name).
    pub bot: String,
    /// Its opponent.
    pub opponent: String,
    /// Pairwise results: one per game and pair of seats the two held ([`Counts::pairs`]).
    pub results: u64,
    /// `bot`'s wins, draws and losses against `opponent`.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// The win-rate gap `(wins − losses) / results`: 0 when the two play equally well, 1 when
    /// `bot` always beats `opponent`.
    #[serde(serialize_with = "super::summary::six_decimals")]
    pub gap: Option<f64>,
    /// 95% interval of the gap (from the Wilson interval of the score `(wins + draws/2) /
    /// results`, as `2·score − 1`).
    #[serde(serialize_with = "super::summary::six_decimals")]
    pub ci_low: Option<f64>,
    /// Upper end.
    #[serde(serialize_with = "super::summary::six_decimals")]
    pub ci_high: Option<f64>,
}

/// Skill depth from the counts of several runs of one game (a gauntlet or a sweep of lineups,
/// e.g. `greedy,random`, `ismcts,greedy`, `ismcts,random`): for each player count and each pair
/// of distinct bots that met, the pooled pairwise results and the win-rate gap between them. A
/// game where a stronger bot's gap over a weaker one is large has room for skill; a gap near 0
/// between random and search bots means luck decides (the *skill depth* of TAG's and Browne's
/// evaluations).
pub fn skill_rows(runs: &[Counts]) -> Vec<SkillRow> {
    let mut pooled: BTreeMap<super::PairKey, super::Wdl> = BTreeMap::new();
    for c in runs {
        for (k, w) in &c.pairs {
            pooled.entry(k.clone()).or_default().merge(w);
        }
    }
    pooled
        .into_iter()
        .map(|(k, w)| {
            let results = w.wins + w.draws + w.losses;
            let score = (results > 0).then(|| (w.wins as f64 + w.draws as f64 / 2.0) / results as f64);
            let ci = score.map(|s| super::wilson_interval_of(s, results as f64, Z_95));
            SkillRow {
                players: k.players,
                bot: k.bot,
                opponent: k.opponent,
                results,
                wins: w.wins,
                draws: w.draws,
                losses: w.losses,
                gap: score.map(|s| 2.0 * s - 1.0),
                ci_low: ci.map(|c| 2.0 * c.0 - 1.0),
                ci_high: ci.map(|c| 2.0 * c.1 - 1.0),
            }
        })
        .collect()
}

/// Writes `rows` as CSV (header `players,bot,opponent,results,wins,draws,losses,gap,ci_low,ci_high`).
///
/// # Errors
/// Any I/O error of `out`.
pub fn write_skill<W: Write>(rows: &[SkillRow], out: W) -> csv::Result<()> {
    super::write_rows(rows, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{PairKey, Wdl, wilson_interval_of};

    /// Two runs of greedy against random pool into one row: 55 wins, 10 draws, 15 losses of 80,
    /// score 0.75, gap (55 − 15)/80 = 0.5, interval 2·Wilson(0.75, 80) − 1.
    #[test]
    fn pairs_of_several_runs_pool_into_one_gap() {
        let key = PairKey { players: 2, bot: "greedy".into(), opponent: "random".into() };
        let run = |wins, draws, losses| {
            let mut c = Counts::default();
            c.pairs.insert(key.clone(), Wdl { wins, draws, losses });
            c
        };
        let rows = skill_rows(&[run(30, 0, 10), run(25, 10, 5)]);
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!((r.results, r.wins, r.draws, r.losses, r.gap), (80, 55, 10, 15, Some(0.5)));
        let (low, high) = wilson_interval_of(0.75, 80.0, Z_95);
        assert_eq!((r.ci_low, r.ci_high), (Some(2.0 * low - 1.0), Some(2.0 * high - 1.0)));
        let mut csv = Vec::new();
        write_skill(&rows, &mut csv).unwrap();
        let text = String::from_utf8(csv).unwrap();
        assert!(text.starts_with("players,bot,opponent,results,wins,draws,losses,gap,ci_low,ci_high\n2,greedy,random,80,55,10,15,0.500000,"), "{text}");
    }
}
