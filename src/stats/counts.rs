//! Raw counts per group (player count × label × value). All fields are integers, so merging
//! shards or per-thread accumulators is exact and order-independent: the same games give the
//! same bytes whatever the thread count or shard split.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{CrossCounts, Histogram, MetricCounts, VersusCounts, Wdl};

/// A statistics group: games at `players` seats where the seat label `label` has `value` (e.g.
/// `role` = `sheriff`), or the game label has it (e.g. `winner` = `outlaws`), or `all` = `all`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct GroupKey {
    /// Player count of the games.
    pub players: usize,
    /// Label key: `all`, `seat`, `bot`, a game's seat label, or a game label.
    pub label: String,
    /// Label value, e.g. `0`, `random`, `sheriff`.
    pub value: String,
}

/// Raw counts of one group.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupCounts {
    /// Finished games in the group (truncated games are not included); for a game label, the
    /// games that ended with that value.
    pub games: u64,
    /// Games with reward 1 for the group's seat (0 for `all` and game-label groups).
    pub wins: u64,
    /// Games with a reward strictly between 0 and 1.
    pub draws: u64,
    /// Sum of rewards in millionths (exact integer arithmetic).
    pub reward_micros: u64,
    /// Games stopped at the action cap, without an outcome.
    pub truncated: u64,
    /// Games forfeited (by an external bot's fault, without an outcome): for a seat group, those
    /// its seat forfeited; for `all`, every forfeited game. Absent from `counts.json` when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub forfeits: u64,
    /// For `all`: the forfeited games counted in `games` (scored as losses, `--forfeit loss`),
    /// whose outcome labels were not recorded; the shares of an outcome game label are over
    /// `games − forfeits_scored`. 0 elsewhere and under `--forfeit exclude`; absent from
    /// `counts.json` when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub forfeits_scored: u64,
    /// Lengths in actions of the finished games.
    pub length: Histogram,
    /// Final scores ([`crate::game::Game::score`]) of the group's seats in its finished games,
    /// one observation per seat: a seat group's own seats; for `all` and a game label, every seat
    /// of each game. Empty (and absent from `counts.json`) for games without scores.
    #[serde(default, skip_serializing_if = "Histogram::is_empty")]
    pub score: Histogram,
    /// Per-game sums for the interval of `wins / games` when one game can hold several of the
    /// group's seats.
    pub clusters: Clusters,
    /// For `all` in a rotated run under `--forfeit loss`: the deals holding a forfeited game,
    /// whose outcome labels count fewer games than `clusters` holds ([`ForfeitDeals`]). Empty
    /// (and absent from `counts.json`) elsewhere.
    #[serde(default, skip_serializing_if = "ForfeitDeals::is_empty")]
    pub forfeit_deals: ForfeitDeals,
}

/// The deal sums of `all`'s [`Clusters`] that differ for an outcome label (`#[kind(outcome)]`)
/// under `--forfeit loss` with rotation: a forfeited game counts in the deal's games (`m`) but
/// its outcome labels were not recorded, so an outcome game label's deal holds only the deal's
/// other games (`m'`). Kept for the deals with such a game only, so that a run without a
/// forfeit keeps its bytes and the sums merge exactly: an outcome label's clusters are `all`'s
/// with these deals' `m` replaced by `m'` ([`Clusters::of_outcomes`]), the clusters
/// `--forfeit exclude` would count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForfeitDeals {
    /// Deals with a forfeited game.
    pub deals: u64,
    /// Sum of `m²` over them (`m`: the deal's games).
    pub games_sq: u64,
    /// Those of them with a game whose outcome labels were recorded (`m' > 0`).
    pub outcome_deals: u64,
    /// Sum of `m'²` over them (`m'`: the deal's games without a forfeit).
    pub outcome_games_sq: u64,
}

impl ForfeitDeals {
    /// Records a deal of `games` games, `outcome_games` of them without a forfeit.
    pub fn add(&mut self, games: u64, outcome_games: u64) {
        self.deals += 1;
        self.games_sq += games * games;
        self.outcome_deals += u64::from(outcome_games > 0);
        self.outcome_games_sq += outcome_games * outcome_games;
    }

    /// Adds every sum of `other`.
    pub fn merge(&mut self, o: &ForfeitDeals) {
        self.deals += o.deals;
        self.games_sq += o.games_sq;
        self.outcome_deals += o.outcome_deals;
        self.outcome_games_sq += o.outcome_games_sq;
    }

    /// Whether no deal was recorded.
    pub fn is_empty(&self) -> bool {
        self.deals == 0
    }
}

/// Per-game sums of a seat group, for the variance of its win rate when the seats of one game
/// are not independent (the Outlaws of one BANG! game win together). For each finished game with
/// `m ≥ 1` of the group's seats, `w` of them winning: `games += 1`, `seats_sq += m²`,
/// `wins_seats += w·m`, `wins_sq += w²`. Integers, so they merge exactly. Under
/// `seats = "rotate"` the unit is the deal instead of the game (`m` and `w` summed over its
/// rotations, `games` counting deals), and the `all` and game-label groups get sums too (for a
/// game label, `m` is the deal's finished games and `w` those that ended with the value).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clusters {
    /// Finished games with at least one of the group's seats.
    pub games: u64,
    /// Sum of `m²`.
    pub seats_sq: u64,
    /// Sum of `w·m`.
    pub wins_seats: u64,
    /// Sum of `w²`.
    pub wins_sq: u64,
    /// Sum of `m·M`, where `M` is the game's (deal's) seats of the group's label (every value),
    /// `W` their wins: the cross sums that give the variance of the group's rate minus the
    /// label's overall rate ([`crate::stats::balance`]). Kept for seat groups and seat-label
    /// values; 0 (absent from `counts.json`) elsewhere and in counts made before them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seats_by_total_seats: u64,
    /// Sum of `m·W` (see `seats_by_total_seats`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub seats_by_total_wins: u64,
    /// Sum of `w·M`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wins_by_total_seats: u64,
    /// Sum of `w·W`.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wins_by_total_wins: u64,
    /// The same sums for the group's scores ([`ScoreClusters`]); absent from `counts.json` for
    /// games without scores, groups other than seats and seat-label values, and older counts.
    #[serde(default, skip_serializing_if = "ScoreClusters::is_empty")]
    pub scores: ScoreClusters,
}

/// Per-deal sums of a seat group's scores, for the cluster-robust variance of its mean score
/// minus the label's mean ([`crate::stats::balance`]). For each deal with `n ≥ 1` of the group's
/// seats holding a score, summing `y` (their scores), with `N` and `Y` the same sums over every
/// seat of the group's label in the deal: `Σn²`, `Σy·n`, `Σy²`, `Σn·N`, `Σn·Y`, `Σy·N`, `Σy·Y`.
/// Signed integers (scores can be negative), so they merge exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreClusters {
    /// Sum of `n²`.
    pub seats_sq: i64,
    /// Sum of `y·n`.
    pub score_seats: i64,
    /// Sum of `y²`.
    pub score_sq: i64,
    /// Sum of `n·N`.
    pub seats_by_total_seats: i64,
    /// Sum of `n·Y`.
    pub seats_by_total_score: i64,
    /// Sum of `y·N`.
    pub score_by_total_seats: i64,
    /// Sum of `y·Y`.
    pub score_by_total_score: i64,
}

impl ScoreClusters {
    /// Records one deal: the group's `seats` (`n`) with scores summing to `score` (`y`), the
    /// label's `total_seats` (`N`) and `total_score` (`Y`).
    pub fn add(&mut self, seats: i64, score: i64, total_seats: i64, total_score: i64) {
        self.seats_sq += seats * seats;
        self.score_seats += score * seats;
        self.score_sq += score * score;
        self.seats_by_total_seats += seats * total_seats;
        self.seats_by_total_score += seats * total_score;
        self.score_by_total_seats += score * total_seats;
        self.score_by_total_score += score * total_score;
    }

    /// Adds every sum of `other`.
    pub fn merge(&mut self, o: &ScoreClusters) {
        self.seats_sq += o.seats_sq;
        self.score_seats += o.score_seats;
        self.score_sq += o.score_sq;
        self.seats_by_total_seats += o.seats_by_total_seats;
        self.seats_by_total_score += o.seats_by_total_score;
        self.score_by_total_seats += o.score_by_total_seats;
        self.score_by_total_score += o.score_by_total_score;
    }

    /// Whether no deal was recorded.
    pub fn is_empty(&self) -> bool {
        self.seats_sq == 0
    }
}

impl Clusters {
    /// Records one finished game holding `seats` of the group's seats, `wins` of them winning.
    pub fn add(&mut self, seats: u64, wins: u64) {
        self.games += 1;
        self.seats_sq += seats * seats;
        self.wins_seats += wins * seats;
        self.wins_sq += wins * wins;
    }

    /// [`Clusters::add`], with the label's seats `total_seats` (`M`) and their wins `total_wins`
    /// (`W`) in the same game (deal) for the cross sums.
    pub fn add_in(&mut self, seats: u64, wins: u64, total_seats: u64, total_wins: u64) {
        self.add(seats, wins);
        self.seats_by_total_seats += seats * total_seats;
        self.seats_by_total_wins += seats * total_wins;
        self.wins_by_total_seats += wins * total_seats;
        self.wins_by_total_wins += wins * total_wins;
    }

    /// `all`'s deal sums (these) as an outcome label counts its deals: the deals of `forfeits`
    /// with their games without a forfeit (see [`ForfeitDeals`]).
    pub fn of_outcomes(&self, forfeits: &ForfeitDeals) -> Clusters {
        Clusters {
            games: self.games - forfeits.deals + forfeits.outcome_deals,
            seats_sq: self.seats_sq - forfeits.games_sq + forfeits.outcome_games_sq,
            ..*self
        }
    }

    /// Whether the cross sums against the label's totals were kept (see `seats_by_total_seats`).
    pub fn has_totals(&self) -> bool {
        self.seats_by_total_seats > 0
    }

    /// Adds every sum of `other`.
    pub fn merge(&mut self, other: &Clusters) {
        self.games += other.games;
        self.seats_sq += other.seats_sq;
        self.wins_seats += other.wins_seats;
        self.wins_sq += other.wins_sq;
        self.seats_by_total_seats += other.seats_by_total_seats;
        self.seats_by_total_wins += other.seats_by_total_wins;
        self.wins_by_total_seats += other.wins_by_total_seats;
        self.wins_by_total_wins += other.wins_by_total_wins;
        self.scores.merge(&other.scores);
    }

    /// The effective number of independent trials behind `wins` out of `seats` (the group's
    /// seat-games), for a Wilson interval: `p(1−p) / V`, where `V` is the linearization variance
    /// of the ratio estimator `p = Σw / Σm` over games taken as clusters,
    /// `V = Σ(w − p·m)² / (Σm)²` (Cochran 1977, *Sampling Techniques*, §6.11; Kish's effective
    /// sample size `n / deff`). Equals `seats` when every game holds one seat of the group; the
    /// number of games when `p` is 0 or 1 (as a plain Wilson interval over games). When
    /// `0 < p < 1` but `V` is 0 (every deal gave the same rate): infinite, so the interval shrinks
    /// to `p` itself, if the group holds every seat of its games (one winner in every game among
    /// seats that all belong to one bot: the game fixes the rate), or when the cross sums against
    /// the label's totals were not kept (bot rows, `all`); otherwise (a seat under rotation that
    /// wins exactly once per deal, as when one bot wins every game) the number of deals, as for a
    /// rate of 0 or 1: the design cannot see the spread, and a zero-width interval would show the
    /// rate as exact (see [`super::effective_trials`]). `None` when the group has no sums (no finished game) or every game
    /// holds one seat, where the plain binomial interval applies.
    pub fn effective_trials(&self, wins: u64, seats: u64) -> Option<f64> {
        if self.games == 0 || self.games == seats {
            return None;
        }
        if wins == 0 || wins == seats {
            return Some(self.games as f64);
        }
        // n⁴·V = n²·Σw² − 2·n·W·Σwm + W²·Σm², exact in integers (n = seats, W = wins), so that
        // a structurally fixed rate (one winner in every game) gives exactly 0, not rounding noise.
        let (n, w) = (i128::from(seats), i128::from(wins));
        let scaled = scaled_variance((n, w), (self.wins_sq.into(), self.wins_seats.into(), self.seats_sq.into()));
        if scaled <= 0 {
            // No spread between deals. A group holding every seat of its deals (a bot in self-play)
            // has its rate fixed by the game: exact. Otherwise (a rotation that makes a seat win
            // exactly once per deal) nothing was measured: the deals, as for a rate of 0 or 1.
            let partial = self.has_totals() && self.seats_by_total_seats != self.seats_sq;
            return Some(if partial { self.games as f64 } else { f64::INFINITY });
        }
        // p(1−p)/V = W(n−W)·n² / (n⁴·V).
        Some((w * (n - w)) as f64 * (n * n) as f64 / scaled as f64)
    }
}

/// `n⁴·V` of a rate `w/n` over deals, exact in integers: `n²·Σw² − 2·n·w·Σw·m + w²·Σm²` from the
/// deals' sums `(Σw², Σw·m, Σm²)` (`w`, `m` a deal's wins and seats), so that a rate that was the
/// same in every deal gives exactly 0, not rounding noise ([`Clusters::effective_trials`], and
/// the rest of a label in `balance.rs`, issue 40 nc40e N1).
pub(super) fn scaled_variance((n, w): (i128, i128), (ww, wm, mm): (i128, i128, i128)) -> i128 {
    n * n * ww - 2 * n * w * wm + w * w * mm
}

impl Clusters {
    /// [`Clusters::effective_trials`] of a game label's share: `wins` games of `games` ended with
    /// the value, these sums the value's over every deal (`m` the deal's games). A share that was
    /// the same in every deal is never fixed by the game (as one winner among a bot's seats in
    /// self-play is), so its trials are then the deals, as for a share of 0 or 1, not infinite
    /// (a zero-width interval; issue 40, nc40e N2).
    pub fn share_trials(&self, wins: u64, games: u64) -> Option<f64> {
        self.effective_trials(wins, games).map(|n| if n.is_infinite() { self.games as f64 } else { n })
    }
}

/// One seat's reward in a finished game as [`GroupCounts`] records it: a win (1 or more), a draw
/// (strictly between 0 and 1), and the reward in millionths, rounded.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeatReward {
    /// The reward is at least 1.
    pub win: bool,
    /// The reward is strictly between 0 and 1.
    pub draw: bool,
    /// The reward in millionths, rounded to the nearest.
    pub micros: u64,
}

impl SeatReward {
    /// Classifies `reward`.
    pub fn of(reward: f64) -> Self {
        let win = reward >= 1.0;
        Self { win, draw: !win && reward > 0.0, micros: (reward * 1e6).round() as u64 }
    }
}

impl GroupCounts {
    /// Records a finished game of length `length` in the group (its reward, if any, separately).
    pub fn add_game(&mut self, length: usize) {
        self.games += 1;
        self.length.add(length as i64);
    }

    /// Records the group's seat's reward in its last game: 1 a win, strictly between 0 and 1 a draw.
    pub fn add_reward(&mut self, reward: f64) {
        self.add_seat_reward(SeatReward::of(reward));
    }

    /// [`GroupCounts::add_reward`] of a reward already classified, for a seat counted in several
    /// groups (the tournament tally classifies each seat's reward once per game).
    pub fn add_seat_reward(&mut self, r: SeatReward) {
        self.wins += u64::from(r.win);
        self.draws += u64::from(r.draw);
        self.reward_micros += r.micros;
    }

    /// Records one seat's final score in its last game (see [`GroupCounts::score`]).
    pub fn add_score(&mut self, score: i32) {
        self.score.add(i64::from(score));
    }

    /// Adds every count of `other`.
    pub fn merge(&mut self, other: &GroupCounts) {
        self.games += other.games;
        self.wins += other.wins;
        self.draws += other.draws;
        self.reward_micros += other.reward_micros;
        self.truncated += other.truncated;
        self.forfeits += other.forfeits;
        self.forfeits_scored += other.forfeits_scored;
        self.length.merge(&other.length);
        self.score.merge(&other.score);
        self.clusters.merge(&other.clusters);
        self.forfeit_deals.merge(&other.forfeit_deals);
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Two distinct bots at one player count, `bot < opponent` (by name).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PairKey {
    /// Player count of the games.
    pub players: usize,
    /// The first bot's name (the smaller).
    pub bot: String,
    /// The second bot's name.
    pub opponent: String,
}

/// What a game's final scores mean ([`crate::game::Scoring`], owned so that `counts.json` says
/// it): the unit, e.g. `flies`, and whether higher is better.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreUnit {
    /// What the points are, e.g. `points`, `flies`.
    pub unit: String,
    /// `true` when more points are better.
    pub higher_is_better: bool,
}

impl From<crate::game::Scoring> for ScoreUnit {
    fn from(s: crate::game::Scoring) -> Self {
        Self { unit: s.unit.into(), higher_is_better: s.higher_is_better }
    }
}

impl ScoreUnit {
    /// The unit with its direction, e.g. `flies (lower is better)`.
    pub fn describe(&self) -> String {
        format!("{} ({} is better)", self.unit, if self.higher_is_better { "higher" } else { "lower" })
    }
}

/// All groups of a run (or of a shard of it): what `counts.json` holds and `meeple merge` sums.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Counts {
    /// Label keys that describe whole games (their rows are rates over all games).
    pub game_labels: Vec<String>,
    /// Label keys (seat or game labels) decided by play rather than fixed before it, as the game
    /// declares them (`#[kind(outcome)]`, [`crate::labels::LabelKind`]): `balance.csv` marks
    /// them `outcome` and judges no fairness of theirs. Absent from `counts.json` when empty
    /// (and from counts made before it: `meeple report` then takes them from the game).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outcome_labels: Vec<String>,
    /// For a game with scores, what they mean (absent from `counts.json` otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<ScoreUnit>,
    /// The groups, in key order.
    #[serde(with = "super::as_pairs")]
    pub groups: BTreeMap<GroupKey, GroupCounts>,
    /// Bot A against bot B by player count, for lineups `[A, B, …, B]` (absent otherwise).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub versus: BTreeMap<usize, VersusCounts>,
    /// Pairwise results of distinct bots, from `bot`'s side: every finished game adds, for each
    /// two seats held by bots of different names, a win, draw or loss by comparing the two seats'
    /// rewards (a 2-player game adds exactly its result). Absent from `counts.json` when empty
    /// (runs of one bot).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty", with = "super::as_pairs")]
    pub pairs: BTreeMap<PairKey, Wdl>,
    /// At three or more seats with two or more distinct bots: per player count, the number of
    /// deals per deal text (the finishing orders of the deal's games by bot name, see
    /// [`super::finishing`]), for the win shares and Plackett–Luce ratings. Absent from
    /// `counts.json` when empty.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub rankings: BTreeMap<usize, BTreeMap<String, u64>>,
    /// Design metrics per player count, for runs with `metrics` (see [`super::metrics`]).
    /// Absent from `counts.json` when empty.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub metrics: BTreeMap<usize, MetricCounts>,
    /// Cross-tabulations recorded at play time (`--crosstab A,B`, `crosstab` in a spec), by the
    /// pair as declared, `A,B`: the per-cell sums from which `meeple report --by A,B` computes
    /// its cells ([`super::crosstab`]). A declared pair is present even without a cell. Absent
    /// from `counts.json` when no pair was declared (and from counts made before it).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub crosstabs: BTreeMap<String, CrossCounts>,
}

impl Counts {
    /// The games a game label's shares are over at `players`, given the `all` group `all`: every
    /// scored game, less for an outcome label the forfeits scored as losses (their outcome labels
    /// were not recorded: the game stopped before its end).
    pub fn game_label_games(&self, label: &str, all: &GroupCounts) -> u64 {
        if self.outcome_labels.iter().any(|l| l == label) { all.games - all.forfeits_scored } else { all.games }
    }

    /// Adds every group of `other`.
    pub fn merge(&mut self, other: &Counts) {
        if self.scoring.is_none() {
            self.scoring.clone_from(&other.scoring);
        }
        for (mine, theirs) in
            [(&mut self.game_labels, &other.game_labels), (&mut self.outcome_labels, &other.outcome_labels)]
        {
            for l in theirs {
                if !mine.contains(l) {
                    mine.push(l.clone());
                }
            }
        }
        for (k, v) in &other.groups {
            self.groups.entry(k.clone()).or_default().merge(v);
        }
        for (&p, v) in &other.versus {
            self.versus.entry(p).and_modify(|mine| mine.merge(v)).or_insert_with(|| v.clone());
        }
        for (k, v) in &other.pairs {
            self.pairs.entry(k.clone()).or_default().merge(v);
        }
        for (&p, deals) in &other.rankings {
            let mine = self.rankings.entry(p).or_default();
            deals.iter().for_each(|(d, &n)| *mine.entry(d.clone()).or_default() += n);
        }
        for (&p, m) in &other.metrics {
            self.metrics.entry(p).or_default().merge(m);
        }
        for (pair, c) in &other.crosstabs {
            self.crosstabs.entry(pair.clone()).or_default().merge(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_draws_and_rewards_are_counted_exactly() {
        let mut g = GroupCounts::default();
        for (reward, length) in [(1.0, 10), (0.5, 12), (0.0, 14)] {
            g.add_game(length);
            g.add_reward(reward);
        }
        assert_eq!((g.games, g.wins, g.draws, g.reward_micros), (3, 1, 1, 1_500_000));
        assert_eq!(g.length.mean_sd().unwrap().0, 12.0);
    }

    #[test]
    fn a_classified_reward_counts_as_the_reward_itself() {
        assert_eq!(SeatReward::of(1.0), SeatReward { win: true, draw: false, micros: 1_000_000 });
        assert_eq!(SeatReward::of(0.5), SeatReward { win: false, draw: true, micros: 500_000 });
        assert_eq!(SeatReward::of(0.0), SeatReward { win: false, draw: false, micros: 0 });
        assert_eq!(SeatReward::of(0.4166667).micros, 416_667, "rounded to the nearest");
        let (mut a, mut b) = (GroupCounts::default(), GroupCounts::default());
        for reward in [1.0, 0.25, 0.0, 0.75, 1.0] {
            a.add_reward(reward);
            b.add_seat_reward(SeatReward::of(reward));
        }
        assert_eq!(a, b);
        assert_eq!((a.wins, a.draws, a.reward_micros), (2, 2, 3_000_000));
    }

    #[test]
    fn counts_round_trip_through_json() {
        let mut c = Counts { game_labels: vec!["winner".into()], ..Default::default() };
        let key = GroupKey { players: 4, label: "role".into(), value: "sheriff".into() };
        let g = c.groups.entry(key).or_default();
        g.add_game(7);
        g.add_reward(1.0);
        let json = serde_json::to_string(&c).unwrap();
        assert!(!json.contains("pairs"), "no pairs field for runs of one bot: {json}");
        assert!(!json.contains("crosstabs"), "no crosstabs field without declared pairs: {json}");
        assert_eq!(serde_json::from_str::<Counts>(&json).unwrap(), c);
        let pair = PairKey { players: 2, bot: "greedy".into(), opponent: "random".into() };
        c.pairs.insert(pair, Wdl { wins: 3, draws: 1, losses: 2 });
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(serde_json::from_str::<Counts>(&json).unwrap(), c);
    }

    #[test]
    fn seats_that_always_win_together_count_as_one_trial_per_game() {
        // 100 games with two Outlaws each, who win together in 40 of them.
        let mut c = Clusters::default();
        (0..40).for_each(|_| c.add(2, 2));
        (0..60).for_each(|_| c.add(2, 0));
        let n = c.effective_trials(80, 200).unwrap();
        assert!((n - 100.0).abs() < 1e-9, "{n}");
    }

    #[test]
    fn a_rate_fixed_by_the_game_has_a_zero_width_interval() {
        // Two seats per game, exactly one of them wins: the pooled rate is always 1/2.
        let mut c = Clusters::default();
        (0..100).for_each(|_| c.add(2, 1));
        assert_eq!(c.effective_trials(100, 200), Some(f64::INFINITY), "no variance at all");
        // One winner among five seats in each of 20,000 games: exactly no variance either, and
        // the interval is the rate itself.
        let mut five = Clusters::default();
        (0..20_000).for_each(|_| five.add(5, 1));
        let n = five.effective_trials(20_000, 100_000).unwrap();
        assert_eq!(crate::stats::wilson_interval_of(0.2, n, crate::stats::Z_95), (0.2, 0.2));
        // Nobody of the group ever wins: one trial per game, as a plain interval over games.
        let mut never = Clusters::default();
        (0..50).for_each(|_| never.add(3, 0));
        assert_eq!(never.effective_trials(0, 150), Some(50.0));
        // One seat per game: the plain binomial case.
        let mut one = Clusters::default();
        (0..10).for_each(|i| one.add(1, u64::from(i < 3)));
        assert_eq!(one.effective_trials(3, 10), None);
    }

    #[test]
    fn a_seat_that_wins_once_in_every_rotated_deal_counts_its_deals_not_infinity() {
        // Three seats rotated over four deals of three games; one bot wins every game, so seat 1
        // wins exactly one game of each deal: no spread, but the rate is not fixed by the game.
        let mut c = Clusters::default();
        (0..4).for_each(|_| c.add_in(3, 1, 9, 3));
        assert_eq!(c.effective_trials(4, 12), Some(4.0));
    }

    #[test]
    fn counts_without_cluster_sums_are_refused_and_empty_sums_give_no_effective_trials() {
        // Written before the per-game sums existed: no longer read (issue 38 removed that path).
        let json = r#"{"games":4,"wins":1,"draws":0,"reward_micros":1000000,"truncated":0,"length":{"counts":[0,4]}}"#;
        let err = serde_json::from_str::<GroupCounts>(json).unwrap_err().to_string();
        assert!(err.contains("missing field `clusters`"), "{err}");
        assert_eq!(Clusters::default().effective_trials(1, 4), None);
    }
}
