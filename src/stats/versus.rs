//! Bot A against bot B over deals: paired statistics for lineups `[A, B, …, B]` (bot A in lineup
//! position 0, one bot B in every other position).
//!
//! A's score in a game is `(1 + r_A − mean r_B) / 2`, in `[0, 1]`: its reward against the mean
//! reward of the B seats (in a two-player zero-sum game, just A's reward: 1 win, ½ draw, 0 loss).
//! A *deal* is one chance seed: with `seats = "rotate"` it is played under every rotation of the
//! lineup (`games_per_deal` = players), otherwise once. The counts are the number of deals per
//! total score of A over the deal (for two players under rotation, the pentanomial counts of
//! paired games that fastchess prints as `Ptnml(0-2)`), so the variance of A's score is taken
//! over deals, not games: common deals cancel out of the comparison. `versus.csv` shows them.
//!
//! **At three or more seats** with two distinct bots, the score above has a floor: with one
//! winner per game it cannot fall below `(n − 2)/(2(n − 1))` (25% at three seats), and its Elo is
//! not a strength. So from three seats on, `versus.csv`'s columns hold instead (from the deals'
//! finishing orders, [`super::finishing`]):
//!
//! - `score`: A's **win share** per game, `Σ_games [A won] / winners` (a sole win counts 1, a win
//!   shared by `k` seats `1/k` to each), to read against the fair share `1/n`; its 95% interval is
//!   [`win_share_interval`]'s: Wilson over the effective number of trials of the deals with the
//!   degrees-of-freedom adjustment of Korn & Graubard (1998), which holds with few deals and for a
//!   bot that rarely wins (the normal interval over deals held the truth 83% of the time at 5
//!   deals, 87% for a 1% share over 100 deals); no interval from a single deal.
//! - `elo`: A's **Plackett–Luce** rating over B in Elo points from every game's full finishing
//!   order ([`super::plackett_luce`]), with the 95% percentile-bootstrap interval over deals (at
//!   two seats Plackett–Luce is the logistic Elo of the score).
//! - `deal_scores`: A's total win share over a deal, exact (`1/3` is one bin).
//!
//! The SPRT keeps the score above at every seat count (at two seats the two agree).
//!
//! For a game with scores ([`crate::game::Game::SCORING`]), A's *margin* in a game is A's final
//! score minus the mean of the B seats' scores, negated when lower scores are better (MOW's flies),
//! so a positive margin always favours A. Margins are counted per deal, like scores, in units of
//! `1 / (players − 1)` points so that every count is an integer.

use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;

use serde::{Deserialize, Serialize};

use super::SeatMode;
use super::elo::elo_from_score;
use super::finishing::Deals;
use super::plackett_luce::{BOOTSTRAP_SEED, REPLICATES, bootstrap, rating_with_interval};
use super::sprt::{Sprt, Verdict};
use super::{Counts, Z_95, cluster_wilson, effective_trials, wilson_interval_of};

/// Integer counts of one A-against-B series, exact to merge.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VersusCounts {
    /// Bot A's name (lineup position 0).
    pub bot_a: String,
    /// Bot B's name (every other lineup position).
    pub bot_b: String,
    /// Games per deal: the player count under `seats = "rotate"`, else 1.
    pub games_per_deal: usize,
    /// Deals per total score of A over the deal, in millionths of a point.
    pub deal_scores: BTreeMap<u64, u64>,
    /// Deals left out because one of their games reached the action cap.
    pub truncated_deals: u64,
    /// Deals left out because one of their games was forfeited and `--forfeit exclude` left it
    /// out (a deal with a truncated game counts in `truncated_deals` only). Absent from
    /// `counts.json` when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub forfeited_deals: u64,
    /// For a game with scores: deals per total margin of A over the deal (see the module docs),
    /// in units of `1 / (players − 1)` points. Empty (and absent from `counts.json`) otherwise.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub margins: BTreeMap<i64, u64>,
}

impl VersusCounts {
    /// Empty counts for A against B at `games_per_deal` games per deal.
    pub fn new(bot_a: &str, bot_b: &str, games_per_deal: usize) -> Self {
        Self { bot_a: bot_a.into(), bot_b: bot_b.into(), games_per_deal, ..Default::default() }
    }

    /// Records a deal where A scored `micros` millionths of a point in total.
    pub fn add_deal(&mut self, micros: u64) {
        *self.deal_scores.entry(micros).or_default() += 1;
    }

    /// Records a deal where A's margins added up to `units` (in `1 / (players − 1)` points).
    pub fn add_margin(&mut self, units: i64) {
        *self.margins.entry(units).or_default() += 1;
    }

    /// Adds every count of `other` (the same bots and games per deal).
    pub fn merge(&mut self, other: &VersusCounts) {
        for (&s, &n) in &other.deal_scores {
            *self.deal_scores.entry(s).or_default() += n;
        }
        for (&m, &n) in &other.margins {
            *self.margins.entry(m).or_default() += n;
        }
        self.truncated_deals += other.truncated_deals;
        self.forfeited_deals += other.forfeited_deals;
    }

    /// Deals counted (neither truncated nor left out for a forfeit).
    pub fn deals(&self) -> u64 {
        self.deal_scores.values().sum()
    }

    /// The deals as `(A's mean score per game over the deal, in [0, 1]; deals)`.
    pub fn samples(&self) -> Vec<(f64, u64)> {
        let scale = 1e6 * self.games_per_deal as f64;
        self.deal_scores.iter().map(|(&s, &n)| (s as f64 / scale, n)).collect()
    }

    /// A's mean score per game and its 95% interval (normal approximation, variance over deals);
    /// `None` without deals. When every deal gave A the same score (0, 1, or the same split, as
    /// 1–1 in every deal) the normal interval would have no width, so the Wilson interval over
    /// deals is given instead (at 30 deals won out of 30, `[30 / (30 + z²), 1]` = [0.886, 1]), as
    /// for a win rate of 0 or 1 in `summary.csv` and a deal-level rate without spread elsewhere.
    pub fn score_interval(&self) -> Option<(f64, f64, f64)> {
        deal_mean_interval(&self.samples())
    }
}

/// The mean of per-deal values in `[0, 1]` (`(value, deals)` pairs) and its 95% interval: normal
/// with the variance over deals, or Wilson over deals when every deal gave the same value (every
/// one 0, every one 1, or every one the same split, as 1–1 in every pair of games: no spread
/// measured); `None` without deals.
pub fn deal_mean_interval(samples: &[(f64, u64)]) -> Option<(f64, f64, f64)> {
    let n: u64 = samples.iter().map(|s| s.1).sum();
    if n == 0 {
        return None;
    }
    let mean = samples.iter().map(|&(v, c)| v * c as f64).sum::<f64>() / n as f64;
    // Every deal gave the same score (0, 1, or a split such as 1–1 in every deal): no spread over
    // deals to measure, so the deals count as trials ([`effective_trials`] with no variance), as
    // for a win share or a cross-tab cell, not a zero-width interval.
    let mut seen = samples.iter().filter(|s| s.1 > 0).map(|s| s.0);
    let first = seen.next().unwrap_or(mean);
    if mean == 0.0 || mean == 1.0 || seen.all(|v| v == first) {
        let (low, high) = wilson_interval_of(mean, effective_trials(mean, 0.0, n), Z_95);
        return Some((mean, low, high));
    }
    let var = samples.iter().map(|&(v, c)| (v - mean).powi(2) * c as f64).sum::<f64>() / n as f64;
    let half = Z_95 * (var / n as f64).sqrt();
    Some((mean, (mean - half).max(0.0), (mean + half).min(1.0)))
}

/// A's win share at three or more seats from its per-deal shares `(x_d, deals, games of the
/// deal)`: the mean `p = Σ x_d / D` over the `D` deals and its 95% interval, `None` without
/// deals. The interval is survey-style, the deal a cluster: `V = Σ (x_d − p)² / (D(D − 1))`, the
/// effective number of trials `n = p(1 − p)/V` ([`effective_trials`]: the deals
/// when `V = 0` or `p` is 0 or 1), and the Wilson interval over `n·(z/t_{D−1})²` trials
/// ([`cluster_wilson`], Korn & Graubard 1998). No interval (`None` inside) from a single deal.
pub fn win_share_interval(samples: &[(f64, u64, f64)]) -> Option<(f64, Option<(f64, f64)>)> {
    let d: u64 = samples.iter().map(|s| s.1).sum();
    if d == 0 {
        return None;
    }
    let mean = samples.iter().map(|&(x, c, _)| x * c as f64).sum::<f64>() / d as f64;
    let ss = samples.iter().map(|&(x, c, _)| (x - mean).powi(2) * c as f64).sum::<f64>();
    let variance = if d > 1 { ss / (d as f64 * (d - 1) as f64) } else { 0.0 };
    // Deal means equal up to rounding (a seat that wins exactly once per rotated deal) are no spread.
    let variance = if variance < 1e-12 * mean * (1.0 - mean) { 0.0 } else { variance };
    let n = effective_trials(mean, variance, d);
    Some((mean, cluster_wilson(mean, n, d, Z_95)))
}

impl VersusCounts {
    /// A's mean score margin per game at `players` seats, in points (positive: A better), with
    /// its 95% interval over the `D` deals with a margin (their games all have scores), `None`
    /// inside from a single deal (one deal says nothing of the spread); `None` for a game
    /// without scores or without such deals. At every seat count the t interval
    /// `m ± t_{D−1}·s/√D` with the sample variance `s² = Σ(x_d − m)²/(D − 1)` and Student's t
    /// quantile on `D − 1` degrees of freedom (statrs), as the win share's Korn–Graubard
    /// adjustment widens its interval for few deals (`x_d`: A's mean margin per game in deal `d`;
    /// the normal interval with divisor `D` that two seats had held the truth 60% of the time at
    /// 2 deals, 75% at 3).
    pub fn margin_interval(&self, players: usize) -> Option<(f64, Option<(f64, f64)>)> {
        let n: u64 = self.margins.values().sum();
        if n == 0 {
            return None;
        }
        let scale = (players.max(2) - 1) as f64 * self.games_per_deal as f64;
        let deal_means = || self.margins.iter().map(|(&m, &c)| (m as f64 / scale, c as f64));
        let mean = deal_means().map(|(v, c)| v * c).sum::<f64>() / n as f64;
        if n < 2 {
            return Some((mean, None));
        }
        let ss = deal_means().map(|(v, c)| (v - mean).powi(2) * c).sum::<f64>();
        let half = super::wilson::t_quantile(Z_95, n - 1) * (ss / (n - 1) as f64 / n as f64).sqrt();
        Some((mean, Some((mean - half, mean + half))))
    }
}

/// One row of `versus.csv`: bot A against bot B at one player count. Scores are A's mean score
/// per game in `[0, 1]`; Elo is logistic Elo of A over B (empty when the score is 0 or 1).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VersusRow {
    /// Player count.
    pub players: usize,
    /// How the lineup was seated (`fixed`, `rotate` or `shuffle`; empty when unknown).
    pub seats: Option<SeatMode>,
    /// Bot A (lineup position 0).
    pub bot_a: String,
    /// Bot B (the other positions).
    pub bot_b: String,
    /// Games per deal (players under rotation, else 1).
    pub games_per_deal: usize,
    /// Deals counted.
    pub deals: u64,
    /// Deals with a truncated game, not counted.
    pub truncated_deals: u64,
    /// A's mean score per game.
    #[serde(serialize_with = "six_decimals")]
    pub score: Option<f64>,
    /// Lower bound of the 95% interval of `score` (variance over deals).
    #[serde(serialize_with = "six_decimals")]
    pub score_low: Option<f64>,
    /// Upper bound of the 95% interval of `score`.
    #[serde(serialize_with = "six_decimals")]
    pub score_high: Option<f64>,
    /// For a game with scores: A's mean score margin per game, in the game's points: A's score
    /// minus the mean of the B seats' scores, negated when lower scores are better, so positive
    /// always favours A. Empty for games without scores.
    #[serde(serialize_with = "six_decimals")]
    pub margin: Option<f64>,
    /// Lower bound of the 95% interval of `margin` (variance over deals).
    #[serde(serialize_with = "six_decimals")]
    pub margin_low: Option<f64>,
    /// Upper bound of the 95% interval of `margin`.
    #[serde(serialize_with = "six_decimals")]
    pub margin_high: Option<f64>,
    /// Logistic Elo of `score` (three or more seats: the Plackett–Luce rating, `±∞` without a
    /// finite maximum, written empty).
    #[serde(serialize_with = "finite_six_decimals")]
    pub elo: Option<f64>,
    /// Elo of `score_low` (three or more seats: the rating's 2.5th bootstrap percentile).
    #[serde(serialize_with = "finite_six_decimals")]
    pub elo_low: Option<f64>,
    /// Elo of `score_high` (three or more seats: the 97.5th percentile).
    #[serde(serialize_with = "finite_six_decimals")]
    pub elo_high: Option<f64>,
    /// `points:deals` pairs, space-separated, by increasing total points of A over a deal (two
    /// players under rotation: the pentanomial counts, points 0, 0.5, 1, 1.5, 2).
    pub deal_scores: String,
    /// The SPRT's log-likelihood ratio (runs with `sprt`).
    #[serde(serialize_with = "six_decimals")]
    pub sprt_llr: Option<f64>,
    /// The SPRT's lower (H0) bound.
    #[serde(serialize_with = "six_decimals")]
    pub sprt_lower: Option<f64>,
    /// The SPRT's upper (H1) bound.
    #[serde(serialize_with = "six_decimals")]
    pub sprt_upper: Option<f64>,
    /// `h0` (elo <= elo0 accepted), `h1` (elo >= elo1 accepted) or `inconclusive`.
    pub sprt_verdict: Option<Verdict>,
    /// Deals left out because one of their games was forfeited and `--forfeit exclude` left it
    /// out (not truncated: a deal with a truncated game counts in `truncated_deals`); 0 without
    /// a forfeit and under `--forfeit loss`. Always a column ([`write_versus`] writes 0 for
    /// `None`), so the file's columns do not depend on the data.
    pub forfeited_deals: Option<u64>,
    /// The deals `margin` is over: those whose games all have final scores (a game forfeited and
    /// scored as a loss has none, so its deal counts in `deals` but not here; without a forfeit,
    /// `deals`). Always a column, after `forfeited_deals`; empty for a game without scores.
    pub margin_deals: Option<u64>,
    /// The SPRT's parameters (not a column).
    #[serde(skip)]
    pub sprt: Option<Sprt>,
    /// The game's score unit for the terminal line, e.g. `flies` (not a column).
    #[serde(skip)]
    pub score_unit: Option<String>,
    /// Whether `score` is A's win share and `elo` its Plackett–Luce rating (three or more seats,
    /// see the module docs; not a column).
    #[serde(skip)]
    pub ranked: bool,
}

impl fmt::Display for VersusRow {
    /// Two lines for the terminal: A's score with its interval, its score margin (games with
    /// scores) and Elo, then the SPRT's state.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pct = |x: Option<f64>| x.map_or("-".into(), |x| format!("{:.2}%", 100.0 * x));
        // No deal counted (every game forfeited under `--forfeit exclude`): `-`, not an empty
        // field (nc40d L8).
        let deal_scores = if self.deal_scores.is_empty() { "-" } else { self.deal_scores.as_str() };
        if self.ranked {
            // A rating without a finite maximum says what it means, with its finite bound if any.
            let rating = rating_with_interval(self.elo, self.elo_low, self.elo_high, &self.bot_b);
            let bootstrap = if self.elo.is_some_and(f64::is_finite) { " (bootstrap over deals)" } else { "" };
            write!(
                f,
                "{}: win share {} [{}, {}] (fair share {:.2}%){}, Plackett–Luce Elo {rating}{bootstrap} \
                 over {} of {}{}; deal win shares {}",
                self.head(),
                pct(self.score),
                pct(self.score_low),
                pct(self.score_high),
                100.0 / self.players as f64,
                self.margin_text(),
                plural(self.deals, "deal"),
                plural(self.games_per_deal as u64, "game"),
                self.forfeit_text(),
                deal_scores
            )?;
        } else {
            // A game with scores: A's margin next to the score (positive: better for A). An Elo
            // without a finite value (a score of 0 or 1) is written as a Plackett–Luce one is.
            let margin = self.margin_text();
            write!(
                f,
                "{}: score {} [{}, {}]{margin}, Elo {} over {} of {}{}; deal scores {}",
                self.head(),
                pct(self.score),
                pct(self.score_low),
                pct(self.score_high),
                rating_with_interval(self.elo, self.elo_low, self.elo_high, &self.bot_b),
                plural(self.deals, "deal"),
                plural(self.games_per_deal as u64, "game"),
                self.forfeit_text(),
                deal_scores
            )?;
        }
        // At three or more seats the SPRT still tests the pairwise score (module docs).
        let scale = match self.ranked {
            true => "logistic Elo of the pairwise score (1 + r_A − mean r_B)/2, not the Plackett–Luce rating above",
            false => "logistic Elo",
        };
        if let (Some(t), Some(llr), Some(v)) = (self.sprt, self.sprt_llr, self.sprt_verdict) {
            let (lower, upper) = t.bounds();
            let verdict = match v {
                Verdict::H0 => format!("H0 accepted: elo <= {}", t.elo0),
                Verdict::H1 => format!("H1 accepted: elo >= {}", t.elo1),
                Verdict::Inconclusive => "inconclusive at the game limit".into(),
            };
            write!(f, "\nSPRT ({t}, {scale}): LLR {llr:.3} [{lower:.3}, {upper:.3}], {verdict}")?;
        }
        Ok(())
    }
}

impl VersusRow {
    /// `N players, A vs B (seats MODE)`: the start of the console line.
    fn head(&self) -> String {
        let seats = self.seats.map_or(String::new(), |s| format!(" (seats {s})"));
        format!("{} players, {} vs {}{seats}", self.players, self.bot_a, self.bot_b)
    }

    /// `, margin +M UNIT [L, H]` for a game with scores (empty otherwise), followed by the deals it
    /// is over when they are fewer than the deals counted (a forfeited game has no scores).
    fn margin_text(&self) -> String {
        let Some(m) = self.margin else {
            // A game with scores whose every deal had a forfeit: say why the margin is missing.
            return match (self.margin_deals, self.deals) {
                (Some(0), d) if d > 0 => ", margin - (no deal whose games all have scores: a forfeit has none)".into(),
                _ => String::new(),
            };
        };
        // One deal has no interval (its bounds are `None`).
        let bound = |x: Option<f64>| x.map_or("-".into(), |x| format!("{x:+.2}"));
        let unit = self.score_unit.as_deref().unwrap_or("points");
        // A negative margin in "fewer" units (A did worse where fewer are better) reads as "more"
        // of them, its interval negated, not as a double negative (`-60.61 fewer flies`, nc40e N6).
        let (m, unit, low, high) = match unit.strip_prefix("fewer ") {
            Some(rest) if m < 0.0 => {
                (-m, format!("more {rest}"), self.margin_high.map(|x| -x), self.margin_low.map(|x| -x))
            }
            _ => (m, unit.to_string(), self.margin_low, self.margin_high),
        };
        let (low, high) = (bound(low), bound(high));
        let over = match self.margin_deals.filter(|&d| d < self.deals) {
            Some(d) => format!(" (over the {} whose games all have scores: a forfeit has none)", plural(d, "deal")),
            None => String::new(),
        };
        format!(", margin {m:+.2} {unit} [{low}, {high}]{over}")
    }

    /// ` (K deals with a forfeited game left out)` after the deals counted, when `--forfeit
    /// exclude` left deals out; empty otherwise.
    fn forfeit_text(&self) -> String {
        match self.forfeited_deals {
            Some(k) if k > 0 => format!(" ({} with a forfeited game left out)", plural(k, "deal")),
            _ => String::new(),
        }
    }

    /// The row of the series at `players` seats seated by `seats`, with the SPRT's state when
    /// `sprt` is given.
    pub fn new(players: usize, seats: Option<SeatMode>, v: &VersusCounts, sprt: Option<&Sprt>) -> Self {
        let interval = v.score_interval();
        let margin = v.margin_interval(players);
        // `±∞` at a score of 0 or 1 (written empty in the CSV files).
        let elo = |s: f64| Some(elo_from_score(s)).filter(|e| !e.is_nan());
        let llr = sprt.map(|t| t.llr(&v.samples(), v.games_per_deal));
        let points = |s: u64| format!("{}", s as f64 / 1e6);
        VersusRow {
            players,
            seats,
            bot_a: v.bot_a.clone(),
            bot_b: v.bot_b.clone(),
            games_per_deal: v.games_per_deal,
            deals: v.deals(),
            truncated_deals: v.truncated_deals,
            score: interval.map(|i| i.0),
            score_low: interval.map(|i| i.1),
            score_high: interval.map(|i| i.2),
            margin: margin.map(|i| i.0),
            // One deal with a margin: no spread measured, no interval.
            margin_low: margin.and_then(|i| i.1).map(|i| i.0),
            margin_high: margin.and_then(|i| i.1).map(|i| i.1),
            elo: interval.and_then(|i| elo(i.0)),
            elo_low: interval.and_then(|i| elo(i.1)),
            elo_high: interval.and_then(|i| elo(i.2)),
            deal_scores: v.deal_scores.iter().map(|(&s, n)| format!("{}:{n}", points(s))).collect::<Vec<_>>().join(" "),
            sprt_llr: llr,
            sprt_lower: sprt.map(|t| t.bounds().0),
            sprt_upper: sprt.map(|t| t.bounds().1),
            sprt_verdict: sprt.zip(llr).map(|(t, l)| t.verdict(l)),
            forfeited_deals: (v.forfeited_deals > 0).then_some(v.forfeited_deals),
            margin_deals: None,
            sprt: sprt.copied(),
            score_unit: None,
            ranked: false,
        }
    }

    /// This row with the measures of three or more seats (see the module docs) read from the
    /// series' finishing orders `rankings` (deal text → deals), when A and B are distinct bots.
    pub fn ranked(self, rankings: &BTreeMap<String, u64>) -> Self {
        if self.players < 3 || self.bot_a == self.bot_b {
            return self;
        }
        // No deal counted (every one truncated or left out for a forfeit): the measures of three
        // or more seats, without values.
        if rankings.is_empty() {
            let none = VersusRow { score: None, score_low: None, score_high: None, elo: None, ..self };
            return VersusRow { elo_low: None, elo_high: None, deal_scores: String::new(), ranked: true, ..none };
        }
        let deals = Deals::read(rankings, &[self.bot_b.clone(), self.bot_a.clone()]);
        let per_deal = deals.per_deal(|g| g.win_share(1));
        let games = |d: usize| deals.deals[d].0.len().max(1) as f64;
        let means: Vec<(f64, u64, f64)> =
            per_deal.iter().enumerate().map(|(d, &(total, n))| (total / games(d), n, games(d))).collect();
        let share = win_share_interval(&means);
        let strength = bootstrap(&deals, 0, REPLICATES, BOOTSTRAP_SEED ^ self.players as u64);
        // `±∞` without a finite maximum (written empty in the CSV files); NaN (never compared) none.
        let finite = |x: f64| Some(x).filter(|x| !x.is_nan());
        // Deal totals in units of 1/lcm(1, …, n): exact.
        let lcm = (1..=self.players as u64).fold(1, |l, k| l / gcd(l, k) * k);
        let mut bins: BTreeMap<u64, u64> = BTreeMap::new();
        per_deal.iter().for_each(|&(total, n)| *bins.entry((total * lcm as f64).round() as u64).or_default() += n);
        let text = |u: u64| format!("{}", (u as f64 / lcm as f64 * 1e6).round() / 1e6);
        VersusRow {
            deals: deals.count(),
            score: share.map(|i| i.0),
            score_low: share.and_then(|i| i.1).map(|i| i.0),
            score_high: share.and_then(|i| i.1).map(|i| i.1),
            elo: strength.as_ref().and_then(|s| finite(s.elo[1])),
            // One deal: a bootstrap over it only repeats it (no interval).
            elo_low: strength.as_ref().filter(|_| deals.count() > 1).and_then(|s| finite(s.low[1])),
            elo_high: strength.as_ref().filter(|_| deals.count() > 1).and_then(|s| finite(s.high[1])),
            deal_scores: bins.iter().map(|(&u, n)| format!("{}:{n}", text(u))).collect::<Vec<_>>().join(" "),
            ranked: true,
            ..self
        }
    }
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// `n` and `noun`, plural unless `n` is 1: `1 game`, `4 games`.
fn plural(n: u64, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// The rows of `versus.csv`, by player count, for a run seated by `seats` (`None`: unknown).
pub fn versus_rows(counts: &Counts, seats: Option<SeatMode>, sprt: Option<&Sprt>) -> Vec<VersusRow> {
    // The margin is positive when A did better, so where fewer points are better it is read as
    // "fewer" of them (MOW: `margin +39.00 fewer flies`, nc44 F10).
    let unit = counts.scoring.as_ref().map(|s| match s.higher_is_better {
        true => s.unit.clone(),
        false => format!("fewer {}", s.unit),
    });
    // Every row says how many deals a forfeit left out (0 without one, and under `--forfeit
    // loss`) and, for a game with scores, how many deals its margin is over.
    let row = |(&p, v): (&usize, &VersusCounts)| {
        let mut row = VersusRow { score_unit: unit.clone(), ..VersusRow::new(p, seats, v, sprt) };
        row.forfeited_deals = Some(v.forfeited_deals);
        row.margin_deals = counts.scoring.is_some().then(|| v.margins.values().sum());
        match counts.rankings.get(&p) {
            Some(r) => row.ranked(r),
            // Every deal left out: still the three-seat measures (without values), not the
            // floored score of counts made before finishing orders.
            None if p >= 3 && v.deals() == 0 => row.ranked(&BTreeMap::new()),
            None => row,
        }
    };
    counts.versus.iter().map(row).collect()
}

/// Writes `rows` as CSV with a header row; floats with 6 decimals.
///
/// # Errors
/// Any I/O error of `out`.
pub fn write_versus<W: Write>(rows: &[VersusRow], out: W) -> csv::Result<()> {
    // One header for every file: `forfeited_deals` and `margin_deals` are columns of every row,
    // whatever the data (0 forfeited deals without a forfeit; a margin over all the deals when a
    // row does not say, empty for a game without scores).
    let margins = rows.iter().any(|r| r.margin_deals.is_some());
    let rows: Vec<VersusRow> = rows
        .iter()
        .map(|r| VersusRow {
            forfeited_deals: Some(r.forfeited_deals.unwrap_or(0)),
            margin_deals: r.margin_deals.or_else(|| (margins || r.margin.is_some()).then_some(r.deals)),
            ..r.clone()
        })
        .collect();
    super::write_rows(&rows, out)
}

/// Floats as fixed 6-decimal text; empty when absent or not finite.
fn finite_six_decimals<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    super::summary::finite_six_decimals(x, s)
}

/// Floats as fixed 6-decimal text; empty when absent.
fn six_decimals<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    super::summary::six_decimals(x, s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pentanomial(counts: [u64; 5]) -> VersusCounts {
        let mut v = VersusCounts::new("a", "b", 2);
        for (k, &n) in counts.iter().enumerate() {
            (0..n).for_each(|_| v.add_deal(k as u64 * 500_000));
        }
        v
    }

    #[test]
    fn score_interval_uses_the_variance_over_deals() {
        // Deal means 0.25 and 0.75, 50 each: mean 0.5, variance 1/16, se = 0.25 / 10.
        let (mean, low, high) = pentanomial([0, 50, 0, 50, 0]).score_interval().unwrap();
        assert!(
            (mean - 0.5).abs() < 1e-12
                && (high - mean - Z_95 * 0.025).abs() < 1e-12
                && (mean - low - Z_95 * 0.025).abs() < 1e-12
        );
    }

    /// G12: every deal split 1–1 (no spread over deals) once gave `50.00% [50.00%, 50.00%]` and
    /// `Elo +0.0 [+0.0, +0.0]` from three deals; now the Wilson interval of 0.5 over the 3 deals,
    /// as for a rate of 0 or 1: centre 0.5, half-width `z/(1 + z²/3)·√(0.25/3 + z²/36)`.
    #[test]
    fn the_same_split_in_every_deal_gives_wilson_over_the_deals() {
        let z = 1.959_963_984_540_054_f64;
        let half = z / (1.0 + z * z / 3.0) * (0.25 / 3.0 + z * z / 36.0).sqrt();
        let (mean, low, high) = pentanomial([0, 0, 3, 0, 0]).score_interval().unwrap();
        assert_eq!(mean, 0.5);
        assert!((low - (0.5 - half)).abs() < 1e-12 && (high - (0.5 + half)).abs() < 1e-12, "{low} {high}");
        assert!((low - 0.1253).abs() < 1e-4, "{low}");
        let row = VersusRow::new(2, Some(SeatMode::Rotate), &pentanomial([0, 0, 3, 0, 0]), None);
        let text = row.to_string();
        assert!(text.contains("score 50.00% [12.53%, 87.47%]") && !text.contains("[+0.0, +0.0]"), "{text}");
        // Two different splits keep the normal interval over deals (two-player Elo stays).
        let (_, low, _) = pentanomial([0, 1, 2, 0, 0]).score_interval().unwrap();
        let var = (2.0 * (0.5f64 - 5.0 / 12.0).powi(2) + (0.25f64 - 5.0 / 12.0).powi(2)) / 3.0;
        assert!((low - (5.0 / 12.0 - z * (var / 3.0).sqrt())).abs() < 1e-12, "{low}");
    }

    /// A bot that wins every game of 30 deals is not known to score 100%: the interval is the
    /// Wilson interval over deals, [30 / (30 + 1.96²), 1] = [0.8865, 1], and symmetrically at 0.
    #[test]
    fn score_interval_at_all_wins_or_all_losses_is_wilson_over_deals() {
        let (mean, low, high) = pentanomial([0, 0, 0, 0, 30]).score_interval().unwrap();
        assert_eq!((mean, high), (1.0, 1.0));
        assert!((low - 30.0 / (30.0 + Z_95 * Z_95)).abs() < 1e-12 && (low - 0.8865).abs() < 1e-4, "{low}");
        let (mean, low, high) = pentanomial([30, 0, 0, 0, 0]).score_interval().unwrap();
        assert_eq!((mean, low), (0.0, 0.0));
        assert!((high - Z_95 * Z_95 / (30.0 + Z_95 * Z_95)).abs() < 1e-12, "{high}");
    }

    #[test]
    fn row_shows_the_pentanomial_counts_and_elo() {
        let row = VersusRow::new(2, Some(SeatMode::Rotate), &pentanomial([1, 2, 3, 0, 4]), None);
        assert_eq!(row.deal_scores, "0:1 0.5:2 1:3 2:4");
        assert_eq!((row.deals, row.games_per_deal), (10, 2));
        // (0·1 + 0.5·2 + 1·3 + 2·4) points over 10 deals of 2 games.
        assert!((row.score.unwrap() - 0.6).abs() < 1e-12);
        assert!((row.elo.unwrap() - elo_from_score(0.6)).abs() < 1e-9 && row.sprt_verdict.is_none());
        // A score of 1: an Elo without a finite value, written empty in versus.csv (as is the
        // interval's upper end; the lower, Wilson over 3 deals, is finite).
        let all_won = VersusRow::new(2, None, &pentanomial([0, 0, 0, 0, 3]), None);
        assert_eq!(all_won.elo, Some(f64::INFINITY));
        let mut csv = Vec::new();
        write_versus(&[all_won], &mut csv).unwrap();
        let csv = String::from_utf8(csv).unwrap();
        let elo_cells: Vec<&str> = csv.lines().nth(1).unwrap().split(',').skip(13).take(3).collect();
        assert_eq!(elo_cells, ["", "-42.949971", ""], "{csv}");
    }

    /// An Elo without a finite value is written as a Plackett–Luce one is (`-∞`, `+∞`), never `-`.
    #[test]
    fn an_unbounded_two_seat_elo_bound_is_written_as_infinity() {
        let row = VersusRow::new(2, None, &pentanomial([40, 1, 0, 0, 0]), None);
        let text = row.to_string();
        assert!(text.contains("Elo -884.9 [-∞, -695.7] over 41 deals"), "{text}");
        // N4 (issue 40, nc40e): a score of 0 over 3 deals still has a finite upper bound,
        // Wilson(0, 3)'s `z²/(3 + z²)` = 0.561497, Elo `400·log10(0.561497/0.438503)` = +42.94997 (Python).
        let none = VersusRow::new(2, None, &pentanomial([3, 0, 0, 0, 0]), None).to_string();
        assert!(none.contains("Elo -∞ [-∞, +42.9] (never ahead of b) over 3 deals"), "{none}");
    }

    /// At three or more seats the SPRT's line is printed too, and says which Elo it tests: the
    /// pairwise score's, not the Plackett–Luce rating shown before it.
    #[test]
    fn the_sprt_line_is_shown_at_three_seats_and_names_its_scale() {
        let sprt = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
        let mut v = VersusCounts::new("a", "b", 3);
        (0..20).for_each(|k| v.add_deal(if k % 2 == 0 { 1_000_000 } else { 2_000_000 }));
        let row = VersusRow { ranked: true, ..VersusRow::new(3, Some(SeatMode::Rotate), &v, Some(&sprt)) };
        let text = row.to_string();
        assert!(
            text.contains(
                "\nSPRT (elo0=0 elo1=10 alpha=0.05 beta=0.05, logistic Elo of the pairwise score (1 + r_A − mean \
                 r_B)/2, not the Plackett–Luce rating above): LLR "
            ),
            "{text}"
        );
    }

    /// One deal says nothing of the spread (nc40 F6: `66.67% [66.67%, 66.67%]`, `Elo +285.1
    /// [+285.1, +285.1]`): no interval at all, written `-`.
    #[test]
    fn one_deal_at_three_seats_gives_no_interval() {
        let mut v = VersusCounts::new("a", "b", 3);
        v.add_deal(1_500_000);
        let mut rankings = BTreeMap::new();
        rankings.insert("*a > b > b | *a > b > b | *b > a > b".to_string(), 1);
        let row = VersusRow::new(3, Some(SeatMode::Rotate), &v, None).ranked(&rankings);
        assert_eq!((row.score_low, row.score_high, row.elo_low, row.elo_high), (None, None, None, None));
        let text = row.to_string();
        assert!(text.contains("win share 66.67% [-, -]") && text.contains("Elo +285.1 [-, -]"), "{text}");
        // Two deals: an interval again, wide.
        rankings.insert("*a > b > b | *b > a > b | *b > b > a".to_string(), 1);
        v.add_deal(1_000_000);
        let row = VersusRow::new(3, Some(SeatMode::Rotate), &v, None).ranked(&rankings);
        assert!(row.score_low.unwrap() < 0.2 && row.score_high.unwrap() > 0.8, "{row:?}");
    }

    /// At three or more seats the margin's interval is Student's t on `D − 1` degrees of freedom
    /// with the sample variance (divisor `D − 1`), not the normal interval with divisor `D`.
    #[test]
    fn a_three_seat_margin_has_a_t_interval_over_its_deals() {
        let mut v = VersusCounts::new("a", "b", 3);
        // Deal totals in units of 1/(n − 1) points over 3 games: 6, 12, 30, 0, −3 → per-game
        // means 1, 2, 5, 0, −0.5.
        for (units, micros) in [(6, 1_000_000), (12, 1_000_000), (30, 2_000_000), (0, 500_000), (-3, 0)] {
            v.add_deal(micros);
            v.add_margin(units);
        }
        let x = [1.0, 2.0, 5.0, 0.0, -0.5];
        let mean = x.iter().sum::<f64>() / 5.0;
        let s2 = x.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / 4.0;
        use statrs::distribution::{ContinuousCDF, StudentsT};
        let t = StudentsT::new(0.0, 1.0, 4.0).unwrap().inverse_cdf(0.975);
        let half = t * (s2 / 5.0).sqrt();
        let (m, bounds) = v.margin_interval(3).unwrap();
        let (low, high) = bounds.unwrap();
        assert!((m - mean).abs() < 1e-12 && (low - (mean - half)).abs() < 1e-9 && (high - (mean + half)).abs() < 1e-9);
    }

    /// G11: at two seats too the margin's interval is Student's t on `D − 1` degrees of freedom
    /// with the sample variance, not the normal interval with divisor `D` (60% coverage at two
    /// deals); one deal has none.
    #[test]
    fn a_two_seat_margin_has_a_t_interval_over_its_deals() {
        use statrs::distribution::{ContinuousCDF, StudentsT};
        // Deal totals over 2 games in points (units of 1/(n − 1) = 1): 2, 4, 0 → means 1, 2, 0.
        let mut two = VersusCounts::new("a", "b", 2);
        [2, 4, 0].iter().for_each(|&u| two.add_margin(u));
        let (m, bounds) = two.margin_interval(2).unwrap();
        let s2 = [1.0f64, 2.0, 0.0].iter().map(|x| (x - 1.0).powi(2)).sum::<f64>() / 2.0;
        let t = StudentsT::new(0.0, 1.0, 2.0).unwrap().inverse_cdf(0.975);
        assert!((t - 4.302_653).abs() < 1e-5, "{t}");
        let (low, high) = bounds.unwrap();
        assert_eq!(m, 1.0);
        assert!(
            (high - (1.0 + t * (s2 / 3.0).sqrt())).abs() < 1e-6 && (low - (1.0 - t * (s2 / 3.0).sqrt())).abs() < 1e-6
        );
        // Two deals with per-game margins 3.5 and 20.5: mean 12, s² = 2 · 8.5² / 1, half =
        // t_1 · √(s²/2) = 12.706 · 8.5 = 108.0 (the normal interval with divisor D gave ±16.7).
        let mut g = VersusCounts::new("a", "b", 2);
        [7, 41].iter().for_each(|&u| g.add_margin(u));
        let (m, bounds) = g.margin_interval(2).unwrap();
        let t1 = StudentsT::new(0.0, 1.0, 1.0).unwrap().inverse_cdf(0.975);
        let (low, high) = bounds.unwrap();
        assert!((m - 12.0).abs() < 1e-12 && (high - (12.0 + t1 * 8.5)).abs() < 1e-6, "{m} {bounds:?}");
        assert!((low - (12.0 - 108.0)).abs() < 0.1, "{low}");
        let mut one = VersusCounts::new("a", "b", 2);
        one.add_margin(3);
        assert_eq!(one.margin_interval(2), Some((1.5, None)));
    }

    /// N2: a margin over a single deal (the other deals had a forfeited game, which has no
    /// scores) has no interval, `[-, -]`, like the win share, although the score has deals.
    #[test]
    fn a_margin_over_one_deal_has_no_interval() {
        let mut v = VersusCounts::new("a", "b", 3);
        v.add_deal(1_000_000);
        v.add_deal(500_000);
        v.add_margin(9);
        let row = VersusRow { score_unit: Some("flies".into()), ..VersusRow::new(3, Some(SeatMode::Rotate), &v, None) };
        assert_eq!((row.margin, row.margin_low, row.margin_high), (Some(1.5), None, None));
        let mut rankings = BTreeMap::new();
        rankings.insert("*a > b > b | *b > a > b | *b > b > a".to_string(), 1);
        rankings.insert("*a > b > b | *a > b > b | *b > a > b".to_string(), 1);
        let text = VersusRow { margin_deals: Some(1), ..row }.ranked(&rankings).to_string();
        assert!(text.contains("margin +1.50 flies [-, -] (over the 1 deal whose games all have scores"), "{text}");
    }

    /// G1: a tournament's cross-table holds matches with a forfeit (`forfeited_deals` and
    /// `margin_deals` set) and without (neither set); every row gets both columns, the match
    /// without a forfeit 0 forfeited deals and a margin over all its deals.
    #[test]
    fn rows_with_and_without_forfeits_share_one_header() {
        let mut v = VersusCounts::new("a", "b", 2);
        v.add_deal(1_000_000);
        v.add_deal(500_000);
        let plain = VersusRow::new(2, Some(SeatMode::Rotate), &v, None);
        let forfeit = VersusRow { forfeited_deals: Some(1), margin_deals: Some(1), ..plain.clone() };
        let mut csv = Vec::new();
        write_versus(&[forfeit, plain], &mut csv).unwrap();
        let text = String::from_utf8(csv).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].ends_with(",forfeited_deals,margin_deals"), "{text}");
        assert!(lines[1].ends_with(",1,1") && lines[2].ends_with(",0,2"), "{text}");
    }

    /// G2: versus.csv's columns do not depend on the data: `forfeited_deals` (0 without a
    /// forfeit) and `margin_deals` (the deals with a margin; empty for a game without scores)
    /// are in every file.
    #[test]
    fn versus_csv_always_has_the_forfeit_and_margin_deal_columns() {
        let unit = crate::stats::ScoreUnit { unit: "points".into(), higher_is_better: true };
        let mut scored = Counts { scoring: Some(unit), ..Counts::default() };
        let mut v = VersusCounts::new("a", "b", 2);
        for (micros, units) in [(1_000_000, 4), (500_000, -2), (2_000_000, 6)] {
            v.add_deal(micros);
            v.add_margin(units);
        }
        scored.versus.insert(2, v.clone());
        let mut plain = Counts::default();
        v.margins.clear();
        plain.versus.insert(2, v);
        for (counts, tail) in [(&scored, ",0,3"), (&plain, ",0,")] {
            let mut csv = Vec::new();
            write_versus(&versus_rows(counts, Some(SeatMode::Rotate), None), &mut csv).unwrap();
            let text = String::from_utf8(csv).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            assert!(lines[0].ends_with(",sprt_verdict,forfeited_deals,margin_deals"), "{text}");
            assert!(lines[1].ends_with(tail), "{text}");
        }
        // The console line of a run without a forfeit is unchanged: no word on forfeits.
        let text = versus_rows(&scored, Some(SeatMode::Rotate), None)[0].to_string();
        assert!(!text.contains("forfeit") && !text.contains("over the"), "{text}");
    }

    /// nc44 F10: where fewer points are better (MOW's flies) the positive margin (A did better)
    /// reads "fewer flies"; where more are better, the unit alone.
    #[test]
    fn a_lower_is_better_margin_reads_as_fewer() {
        for (higher_is_better, unit) in [(false, "margin +3.00 fewer flies ["), (true, "margin +3.00 flies [")] {
            let scoring = crate::stats::ScoreUnit { unit: "flies".into(), higher_is_better };
            let mut c = Counts { scoring: Some(scoring), ..Counts::default() };
            let mut v = VersusCounts::new("a", "b", 2);
            for (micros, units) in [(1_000_000, 4), (500_000, 2), (2_000_000, 12)] {
                v.add_deal(micros);
                v.add_margin(units);
            }
            c.versus.insert(2, v);
            let text = versus_rows(&c, Some(SeatMode::Rotate), None)[0].to_string();
            assert!(text.contains(unit), "{text}");
        }
    }

    /// nc40e N6: a negative margin where fewer points are better (A took more flies) reads as
    /// "more flies", its interval negated, not `-3.00 fewer flies`.
    #[test]
    fn a_negative_lower_is_better_margin_reads_as_more() {
        let scoring = crate::stats::ScoreUnit { unit: "flies".into(), higher_is_better: false };
        let mut c = Counts { scoring: Some(scoring), ..Counts::default() };
        let mut v = VersusCounts::new("a", "b", 2);
        for (micros, units) in [(1_000_000, -4), (500_000, -2), (0, -12)] {
            v.add_deal(micros);
            v.add_margin(units);
        }
        c.versus.insert(2, v);
        let row = &versus_rows(&c, Some(SeatMode::Rotate), None)[0];
        let (m, low, high) = (row.margin.unwrap(), row.margin_low.unwrap(), row.margin_high.unwrap());
        assert!(m < 0.0);
        let text = row.to_string();
        let expected = format!("margin {:+.2} more flies [{:+.2}, {:+.2}]", -m, -high, -low);
        assert!(text.contains(&expected), "{text} lacks {expected}");
    }

    /// nc40d L8: a match with no deal counted (every game forfeited, `--forfeit exclude`)
    /// writes `deal scores -`, not an empty field.
    #[test]
    fn no_deal_counted_writes_a_dash_for_the_deal_scores() {
        let v = VersusCounts::new("a", "b", 2);
        let text = VersusRow::new(2, Some(SeatMode::Rotate), &v, None).to_string();
        assert!(text.contains("; deal scores -"), "{text}");
    }

    /// G6: a game with scores whose every deal had a forfeit says why it prints no margin.
    #[test]
    fn a_margin_over_no_deal_says_why_it_is_missing() {
        let mut v = VersusCounts::new("a", "b", 3);
        v.add_deal(1_000_000);
        let row = VersusRow { score_unit: Some("flies".into()), ..VersusRow::new(3, Some(SeatMode::Rotate), &v, None) };
        assert_eq!(row.margin, None);
        let text = VersusRow { margin_deals: Some(0), ..row.clone() }.to_string();
        assert!(text.contains(", margin - (no deal whose games all have scores: a forfeit has none)"), "{text}");
        assert!(!row.to_string().contains("margin"), "{}", row);
    }

    /// N3: at three seats with every deal left out (forfeits excluded), the line keeps the
    /// wording of three or more seats (win share, Plackett–Luce), not the two-seat score.
    #[test]
    fn a_three_seat_line_without_deals_keeps_its_wording() {
        let mut c = Counts::default();
        let mut v = VersusCounts::new("a", "b", 3);
        v.forfeited_deals = 4;
        c.versus.insert(3, v);
        let rows = versus_rows(&c, Some(SeatMode::Rotate), None);
        let text = rows[0].to_string();
        assert!(rows[0].ranked, "{text}");
        assert!(
            text.contains("win share - [-, -] (fair share 33.33%)") && text.contains("Plackett–Luce Elo -"),
            "{text}"
        );
        assert!(!text.contains(": score "), "{text}");
    }

    #[test]
    fn merging_adds_deals() {
        let mut a = pentanomial([1, 0, 2, 0, 0]);
        a.merge(&pentanomial([0, 1, 1, 0, 5]));
        assert_eq!(a, pentanomial([1, 1, 3, 0, 5]));
    }
}
