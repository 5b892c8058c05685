//! `summary.csv`: one tidy row per group, derived from [`Counts`] alone (so a merged set of shard
//! counts writes exactly the summary a single run writes).

use std::io::Write;

use serde::Serialize;

use super::{Clusters, Counts, GroupKey, Z_95, wilson_interval, wilson_interval_of};

/// One row of `summary.csv`. Rates are fractions in `[0, 1]`; lengths are in actions. The `all`
/// row has no win columns (empty in the CSV); a game-label row (e.g. `winner` = `outlaws`) counts
/// as `wins` the games that ended with that value, out of all finished games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SummaryRow {
    /// Player count.
    pub players: usize,
    /// Label key (`all`, `seat`, `bot`, or a game's label such as `role` or `winner`).
    pub label: String,
    /// Label value.
    pub value: String,
    /// Finished games in the group; for a game label, all finished games.
    pub games: u64,
    /// Wins of the group's seat; for a game label, games that ended with this value.
    pub wins: Option<u64>,
    /// Games with a reward strictly between 0 and 1.
    pub draws: Option<u64>,
    /// Games with reward 0.
    pub losses: Option<u64>,
    /// `wins / games`.
    #[serde(serialize_with = "six_decimals")]
    pub win_rate: Option<f64>,
    /// Lower bound of the 95% Wilson interval of `win_rate` (for a group holding several seats of
    /// one game, with the effective number of trials of [`super::Clusters::effective_trials`]
    /// over games; under `seats = "rotate"`, over deals: the rotations of a deal are one unit).
    #[serde(serialize_with = "six_decimals")]
    pub win_rate_low: Option<f64>,
    /// Upper bound of the 95% Wilson interval of `win_rate`.
    #[serde(serialize_with = "six_decimals")]
    pub win_rate_high: Option<f64>,
    /// Mean reward of the group's seat (draws count as their reward, e.g. 0.5).
    #[serde(serialize_with = "six_decimals")]
    pub mean_reward: Option<f64>,
    /// Games stopped at the action cap (not in `games`).
    pub truncated: u64,
    /// Games forfeited by the group's seat (for `all`: by any seat; in `games`, as losses of the
    /// forfeiting seat, unless the run's `forfeit = "exclude"` leaves them out). Always
    /// written, 0 in a run without forfeits (only external bots forfeit), so that every
    /// summary.csv has the same columns (nc40d L6: it was written only when some game was
    /// forfeited, which shifted every later column).
    pub forfeits: u64,
    /// Mean game length in actions.
    #[serde(serialize_with = "six_decimals")]
    pub length_mean: Option<f64>,
    /// Population standard deviation of the game length.
    #[serde(serialize_with = "six_decimals")]
    pub length_sd: Option<f64>,
    /// Shortest game.
    pub length_min: Option<i64>,
    /// 10th percentile (nearest rank).
    pub length_p10: Option<i64>,
    /// Median (nearest rank).
    pub length_median: Option<i64>,
    /// 90th percentile (nearest rank).
    pub length_p90: Option<i64>,
    /// Longest game.
    pub length_max: Option<i64>,
    /// Mean final score ([`crate::game::Game::score`]) of the group's seats, over seats of
    /// finished games (for `all` and game labels, every seat of those games); empty for games
    /// without scores.
    #[serde(serialize_with = "six_decimals")]
    pub score_mean: Option<f64>,
    /// Population standard deviation of the score.
    #[serde(serialize_with = "six_decimals")]
    pub score_sd: Option<f64>,
    /// Lowest score.
    pub score_min: Option<i64>,
    /// 10th percentile of the score (nearest rank).
    pub score_p10: Option<i64>,
    /// Median score (nearest rank).
    pub score_median: Option<i64>,
    /// 90th percentile of the score (nearest rank).
    pub score_p90: Option<i64>,
    /// Highest score.
    pub score_max: Option<i64>,
}

/// Sort key of a label value: values that start with a number come first in numeric order
/// (seats `2` before `10`; bands `<=0`, `1-24`, `25-49`, `100+`; a leading `<=` sorts just
/// before the number), then the others by name.
pub fn value_order(value: &str) -> (bool, i64, &str) {
    let (below, rest) = value.strip_prefix("<=").map_or((false, value), |r| (true, r));
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    match rest[..digits].parse::<i64>() {
        Ok(n) => (false, 2 * n - i64::from(below), value),
        Err(_) => (true, 0, value),
    }
}

/// The rows of `summary.csv`, by player count, label key (by name) and label value (in
/// [`value_order`]).
pub fn summary_rows(counts: &Counts) -> Vec<SummaryRow> {
    let mut groups: Vec<_> = counts.groups.iter().collect();
    groups.sort_by(|(a, _), (b, _)| {
        (a.players, &a.label, value_order(&a.value)).cmp(&(b.players, &b.label, value_order(&b.value)))
    });
    groups
        .into_iter()
        .map(|(key, g)| {
            let game_label = key.label != "all" && counts.game_labels.contains(&key.label);
            let (games, wins, draws, reward, clusters) = if key.label == "all" {
                (g.games, None, 0, None, g.clusters)
            } else if counts.game_labels.contains(&key.label) {
                let all = GroupKey { players: key.players, label: "all".into(), value: "all".into() };
                let all = counts.groups.get(&all);
                // A game-label share is over all games: the deals (`games`) and their sizes
                // (`seats_sq`) are the `all` group's, the value's counts (`w`) its own; an outcome
                // label's deals hold only the games whose outcome labels were recorded.
                let outcome = counts.outcome_labels.contains(&key.label);
                let clusters = all.map_or(g.clusters, |a| {
                    let c = if outcome { a.clusters.of_outcomes(&a.forfeit_deals) } else { a.clusters };
                    Clusters { games: c.games, seats_sq: c.seats_sq, ..g.clusters }
                });
                (all.map_or(g.games, |a| counts.game_label_games(&key.label, a)), Some(g.games), 0, None, clusters)
            } else {
                (g.games, Some(g.wins), g.draws, Some(g.reward_micros), g.clusters)
            };
            let rate = |x: u64| (games > 0).then(|| x as f64 / games as f64);
            // Seats of one game in the same group (two Outlaws), or the games of one deal under
            // rotation, are not independent trials.
            let trials = |w| match game_label {
                true => clusters.share_trials(w, games),
                false => clusters.effective_trials(w, games),
            };
            let interval = wins.map(|w| match trials(w) {
                Some(n) => wilson_interval_of(w as f64 / games as f64, n, Z_95),
                None => wilson_interval(w, games, Z_95),
            });
            let mean_sd = g.length.mean_sd();
            let score = g.score.mean_sd();
            SummaryRow {
                players: key.players,
                label: key.label.clone(),
                value: key.value.clone(),
                games,
                wins,
                draws: wins.map(|_| draws),
                losses: wins.map(|w| games - w - draws),
                win_rate: wins.and_then(rate),
                win_rate_low: interval.map(|i| i.0),
                win_rate_high: interval.map(|i| i.1),
                mean_reward: reward.and_then(|r| rate(r).map(|x| x / 1e6)),
                truncated: g.truncated,
                forfeits: g.forfeits,
                length_mean: mean_sd.map(|m| m.0),
                length_sd: mean_sd.map(|m| m.1),
                length_min: g.length.quantile(0.0),
                length_p10: g.length.quantile(0.1),
                length_median: g.length.quantile(0.5),
                length_p90: g.length.quantile(0.9),
                length_max: g.length.quantile(1.0),
                score_mean: score.map(|m| m.0),
                score_sd: score.map(|m| m.1),
                score_min: g.score.quantile(0.0),
                score_p10: g.score.quantile(0.1),
                score_median: g.score.quantile(0.5),
                score_p90: g.score.quantile(0.9),
                score_max: g.score.quantile(1.0),
            }
        })
        .collect()
}

/// The 95% interval `(low, high)` of a mean of `n` independent observations with population
/// standard deviation `sd`: `mean ± z·sd/√(n−1)` (the normal interval with the sample standard
/// deviation; `z` = [`Z_95`]). Valid for a score row that holds one seat per game, such as every
/// seat row of a one-player run; `None` for fewer than 2 observations.
pub fn mean_interval(mean: f64, sd: f64, n: u64) -> Option<(f64, f64)> {
    let half = Z_95 * sd / ((n.checked_sub(1).filter(|&m| m > 0)?) as f64).sqrt();
    Some((mean - half, mean + half))
}

/// Writes `rows` as CSV with a header row; floats with 6 decimals.
///
/// # Errors
/// Any I/O error of `out`.
pub fn write_summary<W: Write>(rows: &[SummaryRow], out: W) -> csv::Result<()> {
    super::write_rows(rows, out)
}

/// Floats as fixed 6-decimal text, so the bytes do not depend on shortest-float formatting,
/// never `-0.000000`. Empty when absent.
/// [`six_decimals`] for a rating: empty when it has no finite value (a Plackett–Luce rating
/// `±∞`, which the console and `report.md` write as [`super::plackett_luce::rating_text`] does).
pub(super) fn finite_six_decimals<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    six_decimals(&x.filter(|x| x.is_finite()), s)
}

pub(super) fn six_decimals<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match x {
        Some(x) => s.collect_str(&super::balance::no_minus_zero(*x, 6)),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::{mean_interval, summary_rows, value_order, write_summary};
    use crate::stats::{Counts, GroupCounts, GroupKey};

    /// nc40d L6: `forfeits` is a column of every summary.csv, 0 without a forfeit.
    #[test]
    fn summary_csv_always_has_a_forfeits_column() {
        let mut c = Counts::default();
        let key = GroupKey { players: 2, label: "seat".into(), value: "0".into() };
        c.groups.insert(key, GroupCounts { games: 4, wins: 2, ..Default::default() });
        let mut out = Vec::new();
        write_summary(&summary_rows(&c), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let (header, row) = text.split_once('\n').unwrap();
        let at = header.split(',').position(|h| h == "forfeits").expect(header);
        assert_eq!(row.split(',').nth(at), Some("0"), "{text}");
    }

    #[test]
    fn numbers_and_bands_sort_by_value_then_names() {
        let mut v = ["100+", "25-49", "10", "sheriff", "2", "<=0", "0-24", "75+", "all"];
        v.sort_by_key(|x| value_order(x));
        assert_eq!(v, ["<=0", "0-24", "2", "10", "25-49", "75+", "100+", "all", "sheriff"]);
    }

    #[test]
    fn mean_interval_uses_the_sample_sd() {
        // Scores 2 4 4 4 5 5 7 9: mean 5, population sd 2, sample sd 2·√(8/7); se = 2/√7.
        let (low, high) = mean_interval(5.0, 2.0, 8).unwrap();
        let half = 1.959_963_984_540_054 * 2.0 / 7f64.sqrt();
        assert!((low - (5.0 - half)).abs() < 1e-12 && (high - (5.0 + half)).abs() < 1e-12, "{low} {high}");
        assert!((half - 1.481_594).abs() < 1e-6, "{half}");
        assert_eq!((mean_interval(3.0, 0.0, 1), mean_interval(3.0, 0.0, 0)), (None, None));
    }
}
