//! Design metrics (`--metrics`): how a game plays, beyond who wins. Per game, an observer
//! ([`Meter`]) that the runner calls before every action reads the true state (it is the
//! runner's, not a bot's, so hidden information and simultaneous choices are no obstacle) and
//! records a [`GameMetrics`]; a run sums them per player count into [`MetricCounts`] (integers,
//! so shards, threads and resumed runs merge exactly) and writes `metrics.csv` ([`metric_rows`]).
//!
//! Definitions (the README's "Design metrics" section says the same, with sources):
//! - *actions*: the game length; *decisions*: actions whose decider had two or more legal
//!   actions (a forced move is no decision, as TAG's `Decisions` metric; Gaina et al. 2020,
//!   "Design and Implementation of TAG", and its `evaluation.metrics` package), per game and per
//!   seat;
//! - *branching*: legal actions per decision, the game's mean (TAG's action-space size);
//! - *chance events*: actions whose effect drew from the chance generator; *chance outcomes*: the
//!   distinct states among [`CHANCE_SAMPLES`] applications of the action with independent
//!   generators, the game's mean over its chance events (a lower bound of the chance node's
//!   branching, capped at [`CHANCE_SAMPLES`]);
//! - from each seat's value after every action ([`crate::agent::evaluate`]: the game's
//!   [`Heuristic`] in play, the reward at the end), with `v_t` the values after `t` actions
//!   (`t = 0` the deal, `t = L` the end), following Browne 2008 ("Automatic generation and
//!   evaluation of recombination games", PhD thesis, QUT, §5 *lead change*, *drama*,
//!   *decisiveness*):
//!   - *lead changes*: how many times the leader (the one seat with the highest value; nobody
//!     on a tie) changed from one seat to another;
//!   - the eventual winners are the seats with the highest final reward (a team may win
//!     together), when some seat got less (else the game has no winner and the two measures
//!     below are undefined); the winners *lead* at `t` when the best of them is strictly above
//!     the best of the others. *Decided at*: the first `t/L` from which the winners led to the
//!     end (0: led from the deal, 1: only the last action settled it; the issue's
//!     "decisiveness"). *Drama*: how far behind the winners were at worst, `max_t (best other −
//!     best winner)`, 0 when never behind, in heuristic units (`[0, 1]`).

use std::io::Write;

use serde::{Deserialize, Serialize};

use super::{Counts, Z_95, summary_rows};
use crate::agent::{Heuristic, evaluate_all};
use crate::game::{Game, GameRng, MAX_SEATS, Rewards, rng_from_seed};

/// Applications of a chance action with independent generators, whose distinct results count its
/// outcomes.
pub const CHANCE_SAMPLES: usize = 8;

/// Units of a fractional metric: millionths, so that sums are exact integers.
const MICROS: f64 = 1e6;

/// The design metrics of one finished game (see the module docs). Fractions are in millionths.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameMetrics {
    /// Seats.
    pub players: usize,
    /// Actions played (the game length).
    pub actions: u32,
    /// Decisions (two or more legal actions) per seat; entries from `players` on are 0.
    pub decisions: [u32; MAX_SEATS],
    /// Legal actions summed over the decisions.
    pub legal: u64,
    /// Actions that drew from the chance generator.
    pub chance_events: u32,
    /// Distinct outcomes among [`CHANCE_SAMPLES`] samples, summed over the chance events.
    pub chance_outcomes: u64,
    /// Changes of the leader.
    pub lead_changes: u32,
    /// With a winner: the fraction of the game after which the winners led for good, and drama,
    /// both in millionths.
    pub winner: Option<(u32, u32)>,
    /// Seat 0's final reward in millionths (rounded to the nearest, as `counts.json`'s
    /// `reward_micros`): 1,000,000 for a win, `1/k` of it for a win shared by `k` seats.
    pub seat0_reward: u32,
}

impl GameMetrics {
    /// Decisions of all seats.
    pub fn total_decisions(&self) -> u64 {
        self.decisions.iter().map(|&d| u64::from(d)).sum()
    }

    /// Mean legal actions per decision, in millionths (`None` without decisions).
    pub fn branching_micros(&self) -> Option<u64> {
        let d = self.total_decisions();
        (d > 0).then(|| ratio_micros(self.legal, d))
    }

    /// Mean chance outcomes per chance event, in millionths (`None` without chance events).
    pub fn chance_outcomes_micros(&self) -> Option<u64> {
        (self.chance_events > 0).then(|| ratio_micros(self.chance_outcomes, u64::from(self.chance_events)))
    }

    /// The values written to `games.csv`, in the order of [`GAME_COLUMNS`], then the decisions of
    /// each of `max_players` seats (empty for seats the game lacks).
    pub fn cells(&self, max_players: usize) -> Vec<String> {
        let opt = |x: Option<u64>| x.map_or(String::new(), micros_text);
        let (decided, drama) = match self.winner {
            Some((d, r)) => (micros_text(u64::from(d)), micros_text(u64::from(r))),
            None => (String::new(), String::new()),
        };
        let mut cells = vec![
            self.total_decisions().to_string(),
            opt(self.branching_micros()),
            self.chance_events.to_string(),
            opt(self.chance_outcomes_micros()),
            self.lead_changes.to_string(),
            decided,
            drama,
        ];
        cells.extend(
            (0..max_players).map(|s| if s < self.players { self.decisions[s].to_string() } else { String::new() }),
        );
        cells
    }
}

/// The per-game metric columns of `games.csv` (runs with `metrics` and `per_game`), after the
/// harness's and the labels' columns; then `metric_seat{s}_decisions` per seat.
pub const GAME_COLUMNS: [&str; 7] = [
    "metric_decisions",
    "metric_branching",
    "metric_chance_events",
    "metric_chance_outcomes",
    "metric_lead_changes",
    "metric_decided_at",
    "metric_drama",
];

/// `a / b` in millionths, rounded to the nearest (exact integer arithmetic).
fn ratio_micros(a: u64, b: u64) -> u64 {
    ((u128::from(a) * 2_000_000 + u128::from(b)) / (2 * u128::from(b))) as u64
}

/// Millionths as a decimal with 6 places, e.g. `1500000` as `1.500000`.
fn micros_text(x: u64) -> String {
    format!("{}.{:06}", x / 1_000_000, x % 1_000_000)
}

/// The observer that measures one game at a time: call [`Meter::start`], then [`Meter::observe`]
/// with the state before each action and the action, then [`Meter::finish`] with the final
/// state. Keeps its buffers between games.
#[derive(Debug, Clone)]
pub struct Meter<G: Game> {
    /// The decider's legal actions.
    legal: Vec<G::Action>,
    /// Every seat's value after each action so far, from the deal on.
    values: Vec<Rewards>,
    /// The distinct results of the chance samples of the current action.
    samples: Vec<G>,
    /// A chance sample being drawn.
    sample: Option<G>,
    /// Seed of the chance samples of this game.
    seed: u64,
    /// What is counted so far.
    m: GameMetrics,
}

impl<G: Game> Default for Meter<G> {
    fn default() -> Self {
        Self {
            legal: Vec::new(),
            values: Vec::new(),
            samples: Vec::new(),
            sample: None,
            seed: 0,
            m: GameMetrics::default(),
        }
    }
}

/// The generator of chance sample `j` of action `t` of a game whose chance samples have seed
/// `seed`: independent of the game's own chance generator, fixed by the seed.
pub fn sample_rng(seed: u64, t: u32, j: usize) -> GameRng {
    rng_from_seed(seed ^ (u64::from(t) * CHANCE_SAMPLES as u64 + j as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

impl<G: Heuristic> Meter<G> {
    /// Starts a game whose chance samples are drawn from `seed` (the runner derives it from the
    /// master seed and the game index).
    pub fn start(&mut self, seed: u64) {
        self.values.clear();
        self.seed = seed;
        self.m = GameMetrics::default();
    }

    /// Records `state` (the deal, or the state after the last action) and `action`, the one its
    /// decider plays next.
    pub fn observe(&mut self, state: &G, action: G::Action) {
        self.m.players = state.num_players();
        self.values.push(evaluate_all(state));
        let seat = state.to_move().expect("an action has a decider");
        state.legal_actions(&mut self.legal);
        if self.legal.len() >= 2 {
            self.m.decisions[seat] += 1;
            self.m.legal += self.legal.len() as u64;
        }
        self.chance(state, action);
        self.m.actions += 1;
    }

    /// Counts the chance outcomes of `action` in `state`: applied with one generator, did it draw?
    /// If so, the distinct results of [`CHANCE_SAMPLES`] applications.
    fn chance(&mut self, state: &G, action: G::Action) {
        let t = self.m.actions;
        let mut rng = sample_rng(self.seed, t, 0);
        let before = rng.clone();
        let first = self.sample.get_or_insert_with(|| state.clone());
        first.clone_from(state);
        first.apply(action, &mut rng);
        if rng == before {
            return;
        }
        self.m.chance_events += 1;
        let mut distinct = 0;
        for j in 0..CHANCE_SAMPLES {
            let s = self.sample.as_mut().expect("made above");
            if j > 0 {
                s.clone_from(state);
                s.apply(action, &mut sample_rng(self.seed, t, j));
            }
            if self.samples[..distinct].iter().any(|d| d == s) {
                continue;
            }
            match self.samples.get_mut(distinct) {
                Some(d) => d.clone_from(s),
                None => self.samples.push(s.clone()),
            }
            distinct += 1;
        }
        self.m.chance_outcomes += distinct as u64;
    }

    /// The metrics of the game that ended in `state`, or `None` unless it `finished` (a game cut
    /// at the action cap or forfeited has no eventual winner).
    pub fn finish(&mut self, state: &G, finished: bool) -> Option<GameMetrics> {
        if !finished {
            return None;
        }
        let n = state.num_players();
        self.m.players = n;
        self.values.push(evaluate_all(state));
        self.m.lead_changes = lead_changes(&self.values, n);
        self.m.winner = winner_path(&self.values, n);
        self.m.seat0_reward = crate::stats::SeatReward::of(self.values.last().expect("pushed")[0]).micros as u32;
        Some(self.m)
    }
}

/// The one seat with the highest value, `None` on a tie.
fn leader(v: &Rewards, n: usize) -> Option<usize> {
    let best = v[..n].iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut at = (0..n).filter(|&s| v[s] == best);
    let first = at.next();
    first.filter(|_| at.next().is_none())
}

/// How many times the leader changed from one seat to another over `values` (ties skipped).
pub fn lead_changes(values: &[Rewards], n: usize) -> u32 {
    let mut last = None;
    let mut changes = 0;
    for v in values {
        if let Some(l) = leader(v, n) {
            changes += u32::from(last.is_some_and(|p| p != l));
            last = Some(l);
        }
    }
    changes
}

/// For a game with a winner (the seats of highest final reward, when some seat got less): when
/// the winners led for good, as a fraction of the actions, and how far behind they were at worst
/// (drama), both in millionths. `values` holds the values after each of `L ≥ 0` actions, the last
/// the final rewards.
pub fn winner_path(values: &[Rewards], n: usize) -> Option<(u32, u32)> {
    let last = values.last()?;
    let top = last[..n].iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let won: [bool; MAX_SEATS] = std::array::from_fn(|s| s < n && last[s] == top);
    if (0..n).all(|s| won[s]) {
        return None;
    }
    let best =
        |v: &Rewards, side: bool| (0..n).filter(|&s| won[s] == side).map(|s| v[s]).fold(f64::NEG_INFINITY, f64::max);
    let lead = |v: &Rewards| best(v, true) - best(v, false);
    let actions = values.len() - 1;
    let settled = values.iter().rposition(|v| lead(v) <= 0.0).map_or(0, |t| t + 1);
    let decided = if actions == 0 { 0 } else { ratio_micros(settled as u64, actions as u64) };
    let drama = values.iter().map(|v| (-lead(v)).max(0.0)).fold(0.0, f64::max);
    Some((decided as u32, (drama * MICROS).round() as u32))
}

/// Count, sum and sum of squares of integer observations (a metric in its units: actions, or
/// millionths), merging exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moments {
    /// Observations.
    pub n: u64,
    /// Their sum.
    pub sum: u64,
    /// The sum of their squares.
    pub sum_sq: u128,
}

impl Moments {
    /// Records `x`.
    pub fn add(&mut self, x: u64) {
        self.n += 1;
        self.sum += x;
        self.sum_sq += u128::from(x) * u128::from(x);
    }

    /// Adds every observation of `other`.
    pub fn merge(&mut self, other: &Moments) {
        self.n += other.n;
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
    }

    /// Mean, sample standard deviation (0 for one observation) and the 95% normal interval of the
    /// mean (`mean ± z·sd/√n`), scaled by `unit` (1, or [`MICROS`] for millionths); `None` without
    /// observations.
    pub fn describe(&self, unit: f64) -> Option<(f64, f64, (f64, f64))> {
        if self.n == 0 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum as f64 / n;
        // Σ(x − mean)² = Σx² − (Σx)²/n, in exact integers: n·Σx² − (Σx)².
        let spread = (u128::from(self.n) * self.sum_sq).saturating_sub(u128::from(self.sum) * u128::from(self.sum));
        let sd = if self.n > 1 { (spread as f64 / n / (n - 1.0)).sqrt() } else { 0.0 };
        let half = Z_95 * sd / n.sqrt();
        Some((mean / unit, sd / unit, ((mean - half) / unit, (mean + half) / unit)))
    }
}

/// The design metrics of one player count's finished games: what `counts.json` keeps (under
/// `metrics`, by player count) and `metrics.csv` summarizes. Units: actions, decisions, events
/// and changes are counts; branching, chance outcomes, decided-at and drama are millionths.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MetricCounts {
    /// Actions per game.
    pub actions: Moments,
    /// Decisions per game.
    pub decisions: Moments,
    /// Decisions per game of each seat.
    pub seat_decisions: Vec<Moments>,
    /// Mean legal actions per decision, over games with a decision.
    pub branching: Moments,
    /// Chance events per game.
    pub chance_events: Moments,
    /// Mean chance outcomes per chance event, over games with one.
    pub chance_outcomes: Moments,
    /// Lead changes per game.
    pub lead_changes: Moments,
    /// When the winners led for good (fraction of the game), over games with a winner.
    pub decided_at: Moments,
    /// How far behind the winners were at worst, over games with a winner.
    pub drama: Moments,
    /// Seat 0's rewards, summed per deal, for its win share ([`Share`]); absent from counts made
    /// before it (then `seat_advantage` is undefined).
    #[serde(default, skip_serializing_if = "Share::is_empty")]
    pub seat0_share: Share,
    /// The deal being recorded: its finished games and seat 0's rewards (millionths).
    #[serde(skip)]
    deal: (u64, u64),
}

/// Per-deal sums of one seat's rewards, for its mean reward (its win share: a win 1, a win shared
/// by `k` seats `1/k`) with an interval that counts the games of one deal (the rotations of a
/// deal under `seats = "rotate"`) as one unit. For each deal with `m ≥ 1` finished games and
/// seat rewards summing to `y` (millionths): `deals += 1`, `Σm`, `Σy`, `Σm²`, `Σy·m`, `Σy²`.
/// Integers, so shards and resumed runs merge exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Share {
    /// Deals with a finished game.
    pub deals: u64,
    /// Finished games.
    pub games: u64,
    /// Sum of the rewards, in millionths.
    pub reward: u64,
    /// Sum of `m²`.
    pub games_sq: u64,
    /// Sum of `y·m`.
    pub reward_games: u128,
    /// Sum of `y²`.
    pub reward_sq: u128,
}

impl Share {
    /// Records a deal of `m` finished games whose rewards sum to `y` millionths.
    pub fn add(&mut self, m: u64, y: u64) {
        if m == 0 {
            return;
        }
        self.deals += 1;
        self.games += m;
        self.reward += y;
        self.games_sq += m * m;
        self.reward_games += u128::from(y) * u128::from(m);
        self.reward_sq += u128::from(y) * u128::from(y);
    }

    /// Adds every deal of `other`.
    pub fn merge(&mut self, other: &Share) {
        self.deals += other.deals;
        self.games += other.games;
        self.reward += other.reward;
        self.games_sq += other.games_sq;
        self.reward_games += other.reward_games;
        self.reward_sq += other.reward_sq;
    }

    /// Whether no deal was recorded.
    pub fn is_empty(&self) -> bool {
        self.deals == 0
    }

    /// The mean reward `R = Σy / Σm` (a fraction) and its 95% interval `R ± 1.96·√V`, with the
    /// linearization variance of a ratio over deals (Cochran 1977, §6.11)
    /// `V = D/(D − 1) · Σ_d (y_d − R·m_d)² / (Σm)²` (`D` deals); `None` without games, and the
    /// interval the point `R` for one deal.
    pub fn mean(&self) -> Option<(f64, (f64, f64))> {
        if self.games == 0 {
            return None;
        }
        let (m, y) = (self.games as f64, self.reward as f64);
        let r = y / m;
        let spread = self.reward_sq as f64 - 2.0 * r * self.reward_games as f64 + r * r * self.games_sq as f64;
        let d = self.deals as f64;
        let var = if self.deals > 1 { d / (d - 1.0) * spread.max(0.0) / (m * m) } else { 0.0 };
        let half = Z_95 * var.sqrt();
        Some((r / MICROS, ((r - half) / MICROS, (r + half) / MICROS)))
    }
}

impl MetricCounts {
    /// Records one game.
    pub fn add(&mut self, g: &GameMetrics) {
        self.actions.add(u64::from(g.actions));
        self.decisions.add(g.total_decisions());
        if self.seat_decisions.len() < g.players {
            self.seat_decisions.resize(g.players, Moments::default());
        }
        for (s, m) in self.seat_decisions.iter_mut().enumerate() {
            m.add(u64::from(g.decisions[s]));
        }
        g.branching_micros().into_iter().for_each(|b| self.branching.add(b));
        self.chance_events.add(u64::from(g.chance_events));
        g.chance_outcomes_micros().into_iter().for_each(|c| self.chance_outcomes.add(c));
        self.lead_changes.add(u64::from(g.lead_changes));
        if let Some((decided, drama)) = g.winner {
            self.decided_at.add(u64::from(decided));
            self.drama.add(u64::from(drama));
        }
        self.deal.0 += 1;
        self.deal.1 += u64::from(g.seat0_reward);
    }

    /// Ends the deal whose games [`MetricCounts::add`] recorded since the last call: its seat-0
    /// rewards become one unit of [`MetricCounts::seat0_share`].
    pub fn close_deal(&mut self) {
        let (m, y) = std::mem::take(&mut self.deal);
        self.seat0_share.add(m, y);
    }

    /// Adds every count of `other`.
    pub fn merge(&mut self, other: &MetricCounts) {
        if self.seat_decisions.len() < other.seat_decisions.len() {
            self.seat_decisions.resize(other.seat_decisions.len(), Moments::default());
        }
        self.seat_decisions.iter_mut().zip(&other.seat_decisions).for_each(|(a, b)| a.merge(b));
        for (a, b) in [
            (&mut self.actions, &other.actions),
            (&mut self.decisions, &other.decisions),
            (&mut self.branching, &other.branching),
            (&mut self.chance_events, &other.chance_events),
            (&mut self.chance_outcomes, &other.chance_outcomes),
            (&mut self.lead_changes, &other.lead_changes),
            (&mut self.decided_at, &other.decided_at),
            (&mut self.drama, &other.drama),
        ] {
            a.merge(b);
        }
        self.seat0_share.merge(&other.seat0_share);
    }

    /// The metrics by name (as `metrics.csv` names them) with their units.
    fn named(&self) -> Vec<(String, &Moments, f64)> {
        let mut v = vec![
            ("actions".to_string(), &self.actions, 1.0),
            ("decisions".into(), &self.decisions, 1.0),
            ("branching".into(), &self.branching, MICROS),
            ("chance_events".into(), &self.chance_events, 1.0),
            ("chance_outcomes".into(), &self.chance_outcomes, MICROS),
            ("lead_changes".into(), &self.lead_changes, 1.0),
            ("decided_at".into(), &self.decided_at, MICROS),
            ("drama".into(), &self.drama, MICROS),
        ];
        v.extend(self.seat_decisions.iter().enumerate().map(|(s, m)| (format!("decisions_seat{s}"), m, 1.0)));
        v
    }
}

/// One row of `metrics.csv`: a metric at one player count, over `games` games. Read back with
/// [`read_metrics`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MetricRow {
    /// Player count.
    pub players: usize,
    /// The metric's name (see [`metric_rows`]).
    pub metric: String,
    /// Games it is measured over (finished games; with a winner for `decided_at` and `drama`,
    /// with a decision for `branching`, with a chance event for `chance_outcomes`).
    pub games: u64,
    /// Its mean per game (a rate for `win_rate_seat{s}`, a difference of rates for
    /// `seat_advantage`).
    #[serde(serialize_with = "super::summary::six_decimals")]
    pub mean: Option<f64>,
    /// Sample standard deviation per game (empty for rates).
    #[serde(serialize_with = "super::summary::six_decimals")]
    pub sd: Option<f64>,
    /// 95% interval of the mean: normal (`mean ± 1.96·sd/√games`); Wilson for rates.
    #[serde(serialize_with = "super::summary::six_decimals")]
    pub ci_low: Option<f64>,
    /// Upper end of that interval.
    #[serde(serialize_with = "super::summary::six_decimals")]
    pub ci_high: Option<f64>,
}

/// The rows of `metrics.csv`, by player count, then in a fixed order: `actions`, `decisions`,
/// `branching`, `chance_events`, `chance_outcomes`, `lead_changes`, `decided_at`, `drama`,
/// `decisions_seat{s}` for each seat, then `win_rate_seat{s}` for each seat (the `seat` rows of
/// `summary.csv`: rate and Wilson interval) and `seat_advantage` (the first seat's win share minus
/// the fair share `1/n`: its mean reward over the finished games, a win counting 1 and a win
/// shared by `k` seats `1/k`, so that the seats' shares of a game sum to 1; its interval from the
/// deals' sums, [`Share::mean`]), then, in a run where two or more bots met,
/// `skill_{bot}_vs_{opponent}` for each pair of them (the win-rate gap of
/// [`super::skill::skill_rows`]: `games` its pairwise results, `mean` the gap, and its interval).
/// Empty without metrics.
pub fn metric_rows(counts: &Counts) -> Vec<MetricRow> {
    let summary = summary_rows(counts);
    let skill = super::skill::skill_rows(std::slice::from_ref(counts));
    let mut rows = Vec::new();
    for (&players, m) in &counts.metrics {
        for (metric, moments, unit) in m.named() {
            let d = moments.describe(unit);
            rows.push(MetricRow {
                players,
                metric,
                games: moments.n,
                mean: d.map(|d| d.0),
                sd: d.map(|d| d.1),
                ci_low: d.map(|d| d.2.0),
                ci_high: d.map(|d| d.2.1),
            });
        }
        let seats = summary.iter().filter(|r| r.players == players && r.label == "seat");
        let mut seats: Vec<_> = seats.collect();
        seats.sort_by_key(|r| r.value.parse::<usize>().unwrap_or(usize::MAX));
        for r in &seats {
            rows.push(MetricRow {
                players,
                metric: format!("win_rate_seat{}", r.value),
                games: r.games,
                mean: r.win_rate,
                sd: None,
                ci_low: r.win_rate_low,
                ci_high: r.win_rate_high,
            });
        }
        // Seat 0's win share (its mean reward, a shared win split) minus the fair share; only when
        // every finished game of the count is in it (counts made before it have none).
        if let Some((share, (low, high))) = m.seat0_share.mean().filter(|_| m.seat0_share.games == m.actions.n) {
            let fair = 1.0 / players as f64;
            rows.push(MetricRow {
                players,
                metric: "seat_advantage".into(),
                games: m.seat0_share.games,
                mean: Some(share - fair),
                sd: None,
                ci_low: Some(low - fair),
                ci_high: Some(high - fair),
            });
        }
        for r in skill.iter().filter(|r| r.players == players) {
            rows.push(MetricRow {
                players,
                metric: format!("skill_{}_vs_{}", r.bot, r.opponent),
                games: r.results,
                mean: r.gap,
                sd: None,
                ci_low: r.ci_low,
                ci_high: r.ci_high,
            });
        }
    }
    rows
}

/// Writes `rows` as `metrics.csv` (header `players,metric,games,mean,sd,ci_low,ci_high`; floats
/// with 6 decimals, empty when undefined).
///
/// # Errors
/// Any I/O error of `out`.
pub fn write_metrics<W: Write>(rows: &[MetricRow], out: W) -> csv::Result<()> {
    super::write_rows(rows, out)
}

/// Reads a run's `metrics.csv` (at `path`, e.g. `DIR/metrics.csv`) back into its rows, for tools
/// that compare runs (a sweep's columns): the file is tidy, one row per player count and metric,
/// so a value is `rows.iter().find(|r| r.players == 4 && r.metric == "lead_changes")`. Empty
/// cells (an undefined mean or interval) read as `None`; numbers as written (6 decimals).
///
/// # Errors
/// The file cannot be read, or it is not a `metrics.csv` (the error names the row and field).
pub fn read_metrics(path: &std::path::Path) -> csv::Result<Vec<MetricRow>> {
    csv::Reader::from_path(path)?.deserialize().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: &[f64]) -> Rewards {
        let mut r = [0.0; MAX_SEATS];
        r[..x.len()].copy_from_slice(x);
        r
    }

    /// Seat 1 leads, seat 0 takes over, seat 1 again, a tie, then seat 0 wins: three lead
    /// changes (ties skipped); seat 0 led for good from action 4 of 5 (0.8), after trailing by
    /// 0.4 at worst.
    #[test]
    fn lead_changes_decided_at_and_drama_of_a_worked_example() {
        let values = [v(&[0.5, 0.5]), v(&[0.3, 0.7]), v(&[0.6, 0.4]), v(&[0.45, 0.55]), v(&[0.5, 0.5]), v(&[1.0, 0.0])];
        assert_eq!(lead_changes(&values, 2), 3);
        assert_eq!(winner_path(&values, 2), Some((1_000_000, 400_000)), "decided at the last action");
        let values = [v(&[0.5, 0.5]), v(&[0.3, 0.7]), v(&[0.6, 0.4]), v(&[0.55, 0.45]), v(&[0.7, 0.3]), v(&[1.0, 0.0])];
        assert_eq!(winner_path(&values, 2), Some((400_000, 400_000)), "led for good from action 2 of 5");
        let draw = [v(&[0.5, 0.5]), v(&[0.5, 0.5])];
        assert_eq!(winner_path(&draw, 2), None, "no winner in a draw");
    }

    /// A team (seats 0 and 2) wins together: it leads when its best seat is above the best other.
    #[test]
    fn a_team_leads_with_its_best_seat() {
        let values = [v(&[0.2, 0.5, 0.4]), v(&[0.2, 0.3, 0.6]), v(&[1.0, 0.0, 1.0])];
        assert_eq!(winner_path(&values, 3), Some((500_000, 100_000)));
        assert_eq!(lead_changes(&values, 3), 1, "seat 1, then seat 2; the final tie has no leader");
    }

    #[test]
    fn moments_give_mean_sd_and_interval_exactly() {
        let mut m = Moments::default();
        [2, 4, 4, 4, 5, 5, 7, 9].iter().for_each(|&x| m.add(x));
        let (mean, sd, (low, high)) = m.describe(1.0).unwrap();
        assert_eq!(mean, 5.0);
        assert!((sd - (32.0f64 / 7.0).sqrt()).abs() < 1e-12, "{sd}");
        assert!((high - low - 2.0 * Z_95 * sd / 8f64.sqrt()).abs() < 1e-12);
        let (mut a, mut b) = (Moments::default(), Moments::default());
        [2, 4, 4, 4].iter().for_each(|&x| a.add(x));
        [5, 5, 7, 9].iter().for_each(|&x| b.add(x));
        a.merge(&b);
        assert_eq!(a, m);
        assert_eq!(serde_json::from_str::<Moments>(&serde_json::to_string(&m).unwrap()).unwrap(), m);
    }

    /// `seat_advantage` is seat 0's win share (a shared win split: reward 1/2 of a two-way tie)
    /// minus `1/n`, not its outright wins: 2 players, four one-game deals where seat 0 wins,
    /// shares a win, loses, loses: share 1.5/4 = 0.375, advantage −0.125 (outright wins would
    /// give 0.25 − 0.5 = −0.25). Its interval counts deals: `V = 4/3 · Σ(y − 0.375)² / 4²`.
    /// Then two two-game deals (rotations) with seat-0 rewards 1 + 0.5 and 0.5 + 0: share 0.5,
    /// `V = 2/1 · (0.5² + 0.5²) / 4²`.
    #[test]
    fn seat_advantage_is_seat_0s_win_share_with_shared_wins_split() {
        let game = |reward: u32| GameMetrics { players: 2, actions: 10, seat0_reward: reward, ..Default::default() };
        let advantage = |deals: &[&[u32]]| {
            let mut m = MetricCounts::default();
            for deal in deals {
                deal.iter().for_each(|&r| m.add(&game(r)));
                m.close_deal();
            }
            let mut counts = Counts::default();
            counts.metrics.insert(2, m);
            metric_rows(&counts).into_iter().find(|r| r.metric == "seat_advantage").unwrap()
        };
        let row = advantage(&[&[1_000_000], &[500_000], &[0], &[0]]);
        assert_eq!((row.games, row.mean), (4, Some(-0.125)));
        let spread: f64 = [0.625f64, 0.125, -0.375, -0.375].iter().map(|x| x * x).sum();
        let half = Z_95 * (4.0 / 3.0 * spread / 16.0).sqrt();
        let (low, high) = (row.ci_low.unwrap(), row.ci_high.unwrap());
        assert!((low - (-0.125 - half)).abs() < 1e-12 && (high - (-0.125 + half)).abs() < 1e-12, "{row:?}");
        let row = advantage(&[&[1_000_000, 500_000], &[500_000, 0]]);
        assert_eq!((row.games, row.mean), (4, Some(0.0)));
        let half = Z_95 * (2.0 * 0.5 / 16.0f64).sqrt();
        assert!((row.ci_high.unwrap() - half).abs() < 1e-12 && (row.ci_low.unwrap() + half).abs() < 1e-12, "{row:?}");
    }

    /// `metrics.csv` reads back into the rows it was written from (values with at most 6
    /// decimals), empty cells as `None`.
    #[test]
    fn metrics_csv_reads_back_into_its_rows() {
        let row = |metric: &str, mean, sd, ci: Option<(f64, f64)>| MetricRow {
            players: 4,
            metric: metric.into(),
            games: 30,
            mean,
            sd,
            ci_low: ci.map(|c| c.0),
            ci_high: ci.map(|c| c.1),
        };
        let rows = vec![
            row("lead_changes", Some(2.5), Some(1.25), Some((2.125, 2.875))),
            row("drama", None, None, None),
            row("seat_advantage", Some(-0.05), None, Some((-0.1, 0.000001))),
        ];
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("metrics.csv");
        write_metrics(&rows, std::fs::File::create(&path).unwrap()).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "players,metric,games,mean,sd,ci_low,ci_high\n4,lead_changes,30,2.500000,1.250000,2.125000,2.875000\n\
             4,drama,30,,,,\n4,seat_advantage,30,-0.050000,,-0.100000,0.000001\n"
        );
        assert_eq!(read_metrics(&path).unwrap(), rows);
        std::fs::write(&path, "players,metric\nfour,drama\n").unwrap();
        assert!(read_metrics(&path).is_err(), "not a metrics.csv");
    }

    #[test]
    fn ratios_round_to_the_nearest_millionth() {
        assert_eq!(ratio_micros(1, 3), 333_333);
        assert_eq!(ratio_micros(2, 3), 666_667);
        assert_eq!(micros_text(1_500_000), "1.500000");
        assert_eq!(micros_text(42), "0.000042");
    }
}
