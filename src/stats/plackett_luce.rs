//! Bot strength at any seat count from each game's full finishing order ([`super::finishing`]):
//! the Plackett–Luce model with ties, fitted by maximum likelihood, with intervals from a seeded
//! bootstrap over deals.
//!
//! **Model.** Bot `i` has strength `γ_i > 0`. A game's order is built best place first: each next
//! seat is drawn from the seats not yet placed, seat `s` with probability `γ_bot(s) / Σ γ` of
//! those seats (Plackett 1975; Luce 1959). At two seats this is the Bradley–Terry model, whose
//! Elo scale is logistic Elo. A place shared by several seats (a tie) is read as "these seats
//! came next, in an order not observed": its probability is the sum over the orders of its seats
//! (the likelihood of the coarsened ranking). The last place is certain and adds nothing.
//!
//! **Fit.** The maximum-likelihood `γ` is found by EM: the E-step takes the expected risk-set
//! terms over the unobserved orders inside tied places (a dynamic programme over the counts of
//! each bot placed so far), the M-step is Hunter's (2004) MM update for Plackett–Luce
//! ("MM algorithms for generalized Bradley–Terry models", Annals of Statistics 32(1), §4,
//! eq. (27)): `γ_i ← W_i / Σ_stages c_i(R) / Σ_{j∈R} γ_j`, `W_i` the seats of bot `i` placed before
//! the last place and `c_i(R)` its seats in the stage's risk set `R`. Each step raises the
//! likelihood. Ratings are reported in Elo points relative to the anchor bot,
//! `400·log10(γ_i / γ_anchor)`; a bot that is never placed before the last place has no finite
//! maximum (`−∞`, reported empty).
//!
//! **Intervals.** The seats of one game are not independent (one winner means the others lost),
//! and under `seats = "rotate"` the games of one deal share its cards: so the unit resampled is
//! the deal. [`bootstrap`] draws `R` = [`REPLICATES`] samples of as many deals with replacement
//! (from a generator seeded by [`BOOTSTRAP_SEED`] and the player count: the same counts give the
//! same bytes at any thread count), refits each, and gives the 2.5th and 97.5th percentiles
//! (percentile bootstrap, Efron & Tibshirani 1993, ch. 13) and the share of samples in which a bot
//! rates above the anchor (its likelihood of superiority).

use super::bootstrap::{DealResampler, percentile};
use super::finishing::{Deals, Ranked};

/// A Plackett–Luce rating of a bot over `other` in Elo points, as the console and `report.md`
/// write it (the versus line and table, the cross-table's match lines, the ratings table): the
/// number (`+25.0`), or for a rating without a finite maximum `-∞ (never ahead of OTHER)` (the
/// bot was never placed ahead of `other`, directly or through a chain of bots) or `+∞ (never
/// behind OTHER)`. The CSV files leave such a rating empty.
pub fn rating_text(elo: f64, other: &str) -> String {
    match elo {
        f64::NEG_INFINITY => format!("-∞ (never ahead of {other})"),
        f64::INFINITY => format!("+∞ (never behind {other})"),
        x => super::balance::plus_minus(x, 1),
    }
}

/// A bound of a rating's bootstrap interval: the number, `-∞` or `+∞`.
pub fn bound_text(x: f64) -> String {
    match x {
        f64::NEG_INFINITY => "-∞".into(),
        f64::INFINITY => "+∞".into(),
        x => super::balance::plus_minus(x, 1),
    }
}

/// A rating over `other` with its 95% interval, `+25.0 [-2.1, +54.4]` (a bound without a finite
/// value `-∞` or `+∞`); a rating without a finite maximum alone, as [`rating_text`] writes it
/// (every bootstrap sample is then the same infinity), unless its interval has a finite bound
/// on the other side (two seats, where the interval is the score's Wilson interval mapped to
/// Elo): `-∞ [-∞, -7.0] (never ahead of OTHER)` (issue 40, nc40e N4); `-` without a rating
/// (bots never compared).
pub fn rating_with_interval(elo: Option<f64>, low: Option<f64>, high: Option<f64>, other: &str) -> String {
    match elo {
        None => "-".into(),
        Some(e) if e.is_infinite() => match (if e < 0.0 { high } else { low }).filter(|x| x.is_finite()) {
            None => rating_text(e, other),
            Some(b) => {
                let (l, h, never) = match e < 0.0 {
                    true => (e, b, format!("never ahead of {other}")),
                    false => (b, e, format!("never behind {other}")),
                };
                format!("{} [{}, {}] ({never})", bound_text(e), bound_text(l), bound_text(h))
            }
        },
        Some(e) => {
            let bound = |x: Option<f64>| x.map_or("-".into(), bound_text);
            format!("{} [{}, {}]", rating_text(e, other), bound(low), bound(high))
        }
    }
}

/// Bootstrap samples per interval.
pub const REPLICATES: usize = 1000;

/// The seed of the bootstrap's generator (mixed with the player count).
pub const BOOTSTRAP_SEED: u64 = 0x5eed_b007;

/// Elo points per unit of `ln γ`.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// One place before the last of a game: the bots' seats still unplaced (`risk[i]`) and those the
/// place takes (`place[i]`), per bot.
#[derive(Debug, Clone)]
struct Stage {
    risk: Vec<u32>,
    place: Vec<u32>,
}

/// A game as the fit reads it: its stages, and the weight (games) it stands for.
#[derive(Debug, Clone)]
struct Game {
    stages: Vec<Stage>,
}

fn stages(g: &Ranked, k: usize) -> Game {
    let mut risk = vec![0u32; k];
    g.places.iter().flatten().for_each(|&b| risk[b] += 1);
    let mut stages = Vec::new();
    for place in &g.places[..g.places.len().saturating_sub(1)] {
        let mut counts = vec![0u32; k];
        place.iter().for_each(|&b| counts[b] += 1);
        stages.push(Stage { risk: risk.clone(), place: counts.clone() });
        risk.iter_mut().zip(&counts).for_each(|(r, c)| *r -= c);
    }
    Game { stages }
}

/// Adds the E-step terms of one stage with weight `w` to `denom`, and returns the log of its
/// probability (the sum over the orders of its seats).
fn stage_terms(s: &Stage, gamma: &[f64], w: f64, denom: &mut [f64]) -> f64 {
    let bots: Vec<usize> = (0..gamma.len()).filter(|&i| s.place[i] > 0).collect();
    let radix: Vec<usize> = bots.iter().map(|&i| s.place[i] as usize + 1).collect();
    let states: usize = radix.iter().product();
    // The counts placed so far at state `x` (mixed radix over `bots`).
    let decode = |mut x: usize| -> Vec<u32> {
        radix
            .iter()
            .map(|&r| {
                let d = (x % r) as u32;
                x /= r;
                d
            })
            .collect()
    };
    let stride: Vec<usize> = radix
        .iter()
        .scan(1, |acc, &r| {
            let s = *acc;
            *acc *= r;
            Some(s)
        })
        .collect();
    let total = |placed: &[u32]| -> f64 {
        let mut t: f64 = gamma.iter().zip(&s.risk).map(|(g, &r)| g * f64::from(r)).sum();
        bots.iter().zip(placed).for_each(|(&i, &p)| t -= gamma[i] * f64::from(p));
        t
    };
    let mut fwd = vec![0.0; states];
    let mut bwd = vec![0.0; states];
    fwd[0] = 1.0;
    bwd[states - 1] = 1.0;
    for x in 0..states {
        let placed = decode(x);
        let t = total(&placed);
        for (j, &i) in bots.iter().enumerate() {
            let left = s.place[i] - placed[j];
            if left > 0 && fwd[x] > 0.0 {
                fwd[x + stride[j]] += fwd[x] * f64::from(left) * gamma[i] / t;
            }
        }
    }
    for x in (0..states - 1).rev() {
        let placed = decode(x);
        let t = total(&placed);
        bwd[x] = bots
            .iter()
            .enumerate()
            .filter(|&(j, &i)| s.place[i] > placed[j])
            .map(|(j, &i)| f64::from(s.place[i] - placed[j]) * gamma[i] / t * bwd[x + stride[j]])
            .sum();
    }
    let p = fwd[states - 1];
    for x in 0..states - 1 {
        let weight = fwd[x] * bwd[x] / p;
        if weight == 0.0 {
            continue;
        }
        let placed = decode(x);
        let t = total(&placed);
        for (i, d) in denom.iter_mut().enumerate() {
            let at_risk = s.risk[i] - bots.iter().position(|&b| b == i).map_or(0, |j| placed[j]);
            *d += w * weight * f64::from(at_risk) / t;
        }
    }
    p.ln()
}

/// A Plackett–Luce fit: `γ` per bot (the largest is 1) and the log-likelihood.
#[derive(Debug, Clone, PartialEq)]
pub struct PlFit {
    /// Strength per bot, scaled so that the largest is 1 (0: never placed before the last place).
    pub gamma: Vec<f64>,
    /// Log-likelihood at `gamma`.
    pub log_likelihood: f64,
}

impl PlFit {
    /// Bot `i`'s rating in Elo points relative to bot `anchor`: `400·log10(γ_i / γ_anchor)`
    /// (`±∞` or NaN when a strength is 0).
    pub fn elo(&self, i: usize, anchor: usize) -> f64 {
        (self.gamma[i].ln() - self.gamma[anchor].ln()) * ELO_PER_NAT
    }
}

/// Fits the model to `games` (each with its weight, e.g. how many times it was played) among `k`
/// bots, starting from `start` (or equal strengths), to a relative change below `tol` in every
/// positive `γ` or at most `max_iter` EM steps.
fn fit_weighted(games: &[(Game, f64)], k: usize, start: Option<&[f64]>, tol: f64, max_iter: usize) -> PlFit {
    let mut wins = vec![0.0; k];
    for (g, w) in games {
        for s in &g.stages {
            s.place.iter().enumerate().for_each(|(i, &c)| wins[i] += w * f64::from(c));
        }
    }
    let mut gamma: Vec<f64> = match start {
        Some(s) => s.iter().zip(&wins).map(|(&g, &w)| if w > 0.0 { g.max(1e-300) } else { 0.0 }).collect(),
        None => wins.iter().map(|&w| if w > 0.0 { 1.0 } else { 0.0 }).collect(),
    };
    let mut log_likelihood = f64::NEG_INFINITY;
    for _ in 0..max_iter {
        let mut denom = vec![0.0; k];
        log_likelihood = games
            .iter()
            .map(|(g, w)| g.stages.iter().map(|s| w * stage_terms(s, &gamma, *w, &mut denom)).sum::<f64>())
            .sum();
        let mut next: Vec<f64> = (0..k).map(|i| if wins[i] > 0.0 { wins[i] / denom[i] } else { 0.0 }).collect();
        let top = next.iter().copied().fold(0.0, f64::max);
        if top > 0.0 {
            next.iter_mut().for_each(|g| *g /= top);
        }
        let change =
            next.iter().zip(&gamma).filter(|(a, _)| **a > 0.0).map(|(a, b)| (a / b).ln().abs()).fold(0.0, f64::max);
        gamma = next;
        if change < tol {
            break;
        }
    }
    PlFit { gamma, log_likelihood }
}

/// `reach[i][j]`: bot `i` finished strictly ahead of bot `j` in some game of `games` (a seat of
/// `i` took a place while a seat of `j` was still unplaced after it), directly or through a chain
/// of such games (transitive closure). A shared place is not evidence either way: the probability
/// that `i` and `j` take a place together rises with both strengths against the seats left
/// behind, so a bot that only ties with another, never behind it, has no finite maximum (issue
/// 40: "a = b > b", `x/(x+2)·½ + 1/(x+2)·x/(x+1)`, rises to ½ as `x = γ_a/γ_b → ∞`). With the
/// strict relation strongly connected every compatible order of every tied place holds a factor
/// that vanishes as any set of bots' strengths goes to 0 or ∞, so the maximum is finite (Hunter
/// 2004, Assumption 1, on the strict relation).
fn reach(games: &[(Game, f64)], k: usize) -> Vec<Vec<bool>> {
    let mut r = vec![vec![false; k]; k];
    for s in games.iter().flat_map(|(g, _)| &g.stages) {
        for i in (0..k).filter(|&i| s.place[i] > 0) {
            for (j, ahead) in r[i].iter_mut().enumerate() {
                if s.risk[j] > s.place[j] {
                    *ahead = true;
                }
            }
        }
    }
    for m in 0..k {
        // Row `m` does not change in this pass (for `i = m` it is joined with itself).
        let through = r[m].clone();
        for row in r.iter_mut().filter(|row| row[m]) {
            for (ahead, &via) in row.iter_mut().zip(&through) {
                *ahead |= via;
            }
        }
    }
    r
}

/// `games` restricted to the bots in `keep`: each order with the other bots' seats left out, and
/// the stages that no longer choose (the last place) dropped. The Plackett–Luce model's order of a
/// subset of its seats is Plackett–Luce with the same strengths (Luce's choice axiom), so the
/// restricted games estimate the kept bots' strengths.
fn restrict(games: &[(Game, f64)], keep: &[bool]) -> Vec<(Game, f64)> {
    let only = |v: &[u32]| v.iter().zip(keep).map(|(&c, &k)| if k { c } else { 0 }).collect::<Vec<u32>>();
    games
        .iter()
        .map(|(g, w)| {
            let stages = g
                .stages
                .iter()
                .map(|s| Stage { risk: only(&s.risk), place: only(&s.place) })
                .filter(|s| s.place.iter().any(|&c| c > 0) && s.risk != s.place)
                .collect();
            (Game { stages }, *w)
        })
        .collect()
}

/// Each bot's rating against `anchor` in Elo points, fitted as [`fit_weighted`] does, and the
/// fitted strengths.
///
/// The maximum-likelihood strengths are finite only if every bot finished strictly ahead of every
/// other through some chain of games (Hunter 2004, Assumption 1; Zermelo 1929; a tie is not a
/// "finished ahead", see [`reach`]): when a bot never finished behind the rest the likelihood has
/// no maximum, and the MM steps would creep upward without end. The bootstrap applies the same
/// rule to each sample, so a sample in which a bot is never behind rates it `±∞`. So the ratings are read from the classes of [`reach`]: a bot that finished ahead
/// of the anchor's class but never behind it is `+∞`, one always behind it `−∞`, one never
/// compared with it NaN, and the bots of the anchor's own class are fitted on the games restricted
/// to them ([`restrict`]).
fn ratings(
    games: &[(Game, f64)],
    k: usize,
    anchor: usize,
    start: Option<&[f64]>,
    tol: f64,
    max_iter: usize,
) -> (Vec<f64>, Vec<f64>) {
    let r = reach(games, k);
    let class: Vec<bool> = (0..k).map(|i| i == anchor || (r[i][anchor] && r[anchor][i])).collect();
    let seated = |i: usize| games.iter().any(|(g, _)| g.stages.first().is_some_and(|s| s.risk[i] > 0));
    let fit = if (0..k).all(|i| class[i] || !seated(i)) {
        fit_weighted(games, k, start, tol, max_iter)
    } else {
        fit_weighted(&restrict(games, &class), k, start, tol, max_iter)
    };
    let elo = (0..k)
        .map(|i| match (class[i], r[i][anchor], r[anchor][i]) {
            (true, _, _) => fit.elo(i, anchor),
            (false, true, false) => f64::INFINITY,
            (false, false, true) => f64::NEG_INFINITY,
            _ => f64::NAN,
        })
        .collect();
    (elo, fit.gamma)
}

/// The maximum-likelihood fit of `games` (distinct finishing orders with how often each was seen)
/// among `k` bots.
pub fn fit(games: &[(Ranked, f64)], k: usize) -> PlFit {
    let games: Vec<(Game, f64)> = games.iter().map(|(g, w)| (stages(g, k), *w)).collect();
    fit_weighted(&games, k, None, 1e-12, 100_000)
}

/// Each bot's rating against the anchor with its bootstrap interval and likelihood of superiority.
#[derive(Debug, Clone, PartialEq)]
pub struct Strength {
    /// Ratings in Elo points relative to the anchor (`−∞` for a bot never placed before last).
    pub elo: Vec<f64>,
    /// 2.5th percentile of the bootstrap ratings.
    pub low: Vec<f64>,
    /// 97.5th percentile of the bootstrap ratings.
    pub high: Vec<f64>,
    /// Share of bootstrap samples rating the bot above the anchor (ties count half).
    pub los: Vec<f64>,
}

/// The Plackett–Luce ratings of `deals` relative to bot `anchor`, with `replicates` bootstrap
/// samples over deals from a generator seeded by `seed`; `None` without deals.
pub fn bootstrap(deals: &Deals, anchor: usize, replicates: usize, seed: u64) -> Option<Strength> {
    let n_deals = deals.count();
    if n_deals == 0 {
        return None;
    }
    let k = deals.names.len();
    let games: Vec<Game> = deals.games.iter().map(|g| stages(g, k)).collect();
    let weigh = |deal_counts: &dyn Fn(usize) -> u64| {
        let mut w = vec![0.0; games.len()];
        for (d, (ids, _)) in deals.deals.iter().enumerate() {
            let c = deal_counts(d) as f64;
            if c > 0.0 {
                ids.iter().for_each(|&g| w[g] += c);
            }
        }
        games.iter().cloned().zip(w).filter(|(_, w)| *w > 0.0).collect::<Vec<_>>()
    };
    let (elo, full) = ratings(&weigh(&|d| deals.deals[d].1), k, anchor, None, 1e-12, 100_000);
    let mut resampler = DealResampler::new(deals.deals.iter().map(|d| d.1), seed);
    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(replicates); k];
    let mut counts = vec![0u64; deals.deals.len()];
    for _ in 0..replicates {
        resampler.draw(&mut counts);
        let (f, _) = ratings(&weigh(&|d| counts[d]), k, anchor, Some(&full), 1e-9, 10_000);
        (0..k).for_each(|i| samples[i].push(f[i]));
    }
    let mut low = Vec::with_capacity(k);
    let mut high = Vec::with_capacity(k);
    let mut los = Vec::with_capacity(k);
    for s in &mut samples {
        s.iter_mut().filter(|x| x.is_nan()).for_each(|x| *x = 0.0);
        s.sort_by(f64::total_cmp);
        low.push(percentile(s, 0.025));
        high.push(percentile(s, 0.975));
        let above = s
            .iter()
            .map(|&x| {
                if x > 0.0 {
                    1.0
                } else if x == 0.0 {
                    0.5
                } else {
                    0.0
                }
            })
            .sum::<f64>();
        los.push(above / s.len() as f64);
    }
    Some(Strength { elo, low, high, los })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;
    use crate::stats::elo::elo_from_score;
    use rand::RngExt;

    fn game(text: &str) -> Ranked {
        Ranked::parse(text, &mut |n: &str| if n == "a" { 0 } else { 1 })
    }

    /// At two seats Plackett–Luce is Bradley–Terry: 30 wins of a against 10 give logistic Elo of 0.75.
    #[test]
    fn two_seats_reduce_to_logistic_elo() {
        let f = fit(&[(game("*a > b"), 30.0), (game("*b > a"), 10.0)], 2);
        assert!((f.elo(0, 1) - elo_from_score(0.75)).abs() < 1e-6, "{f:?}");
    }

    /// Three seats, a against two b: the closed form of the likelihood in `x = γ_a / γ_b` is
    /// `x/(x+2)` (a first), `2/(x+2)·x/(x+1)` (a second), `2/(x+2)·1/(x+1)` (a last). With 10, 10,
    /// 10 games the maximum solves `10/x − 30/(x+2) + 10/(x+1)·(1 − 1) … `; computed numerically
    /// here by a grid independent of the EM code.
    #[test]
    fn three_seats_match_a_direct_maximization() {
        let data = [(game("*a > b > b"), 7.0), (game("*b > a > b"), 11.0), (game("*b > b > a"), 12.0)];
        let f = fit(&data, 2);
        let ll = |x: f64| {
            7.0 * (x / (x + 2.0)).ln()
                + 11.0 * (2.0 / (x + 2.0) * x / (x + 1.0)).ln()
                + 12.0 * (2.0 / (x + 2.0) / (x + 1.0)).ln()
        };
        let best = (1..200_000).map(|i| i as f64 * 1e-5).max_by(|a, b| ll(*a).total_cmp(&ll(*b))).unwrap();
        assert!((f.gamma[0] / f.gamma[1] - best).abs() < 2e-5, "{f:?} vs {best}");
    }

    /// A tie for first between a and one b: probability `x/(x+2)·1/(1+1)… ` summed over both
    /// orders, `x/(x+2)·1/2 + 2/(x+2)·x/(x+1)·1/2`… checked against the grid.
    #[test]
    fn a_tied_place_sums_over_the_orders_of_its_seats() {
        let data = [(game("*a = b > b"), 5.0), (game("*b > a > b"), 5.0), (game("*b = b > a"), 4.0)];
        let f = fit(&data, 2);
        // Seats a, b1, b2. "a = b first": {a, b1} or {a, b2} chosen first in either order.
        let tie_first = |x: f64| 2.0 * (x / (x + 2.0) * 1.0 / 2.0 + 1.0 / (x + 2.0) * x / (x + 1.0));
        let second = |x: f64| 2.0 / (x + 2.0) * x / (x + 1.0);
        let last = |x: f64| 2.0 / (x + 2.0) * 1.0 / (x + 1.0);
        let ll = |x: f64| 5.0 * tie_first(x).ln() + 5.0 * second(x).ln() + 4.0 * last(x).ln();
        let best = (1..300_000).map(|i| i as f64 * 1e-5).max_by(|a, b| ll(*a).total_cmp(&ll(*b))).unwrap();
        assert!((f.gamma[0] / f.gamma[1] - best).abs() < 2e-5, "{f:?} vs {best}");
    }

    /// A simulated tournament: `deals` deals of `per_deal` games at `seats` seats, bot a (index 1)
    /// in one seat against b (index 0, the anchor) in the others, drawn from the Plackett–Luce
    /// model with `γ_a / γ_b = x`.
    fn simulate(rng: &mut crate::game::GameRng, x: f64, seats: usize, deals: usize, per_deal: usize) -> Deals {
        let mut counts: std::collections::BTreeMap<String, u64> = Default::default();
        for _ in 0..deals {
            let games: Vec<String> = (0..per_deal)
                .map(|_| {
                    // A's place: it is drawn at each stage with probability x / (x + b's left).
                    let mut place = seats - 1;
                    for stage in 0..seats - 1 {
                        let left = (seats - 1 - stage) as f64;
                        if rng.random::<f64>() < x / (x + left) {
                            place = stage;
                            break;
                        }
                    }
                    let mut order = vec!["b"; seats];
                    order[place] = "a";
                    let mut text = order.join(" > ");
                    text.insert(0, '*');
                    text
                })
                .collect();
            let mut games = games;
            games.sort();
            *counts.entry(games.join(" | ")).or_default() += 1;
        }
        Deals::read(&counts, &["b".into(), "a".into()])
    }

    /// How often the win share's 95% interval holds the true share `x/(x + seats − 1)` in `runs`
    /// simulated tournaments of `deals` deals of `per_deal` games.
    fn share_coverage(rng: &mut crate::game::GameRng, x: f64, seats: usize, deals: usize, per_deal: usize) -> f64 {
        let share = x / (x + (seats - 1) as f64);
        let runs = 2000;
        let hits: u32 = (0..runs)
            .map(|_| {
                let d = simulate(rng, x, seats, deals, per_deal);
                let (lo, hi) = share_interval(&d, per_deal);
                u32::from(lo <= share && share <= hi)
            })
            .sum();
        f64::from(hits) / f64::from(runs)
    }

    fn share_interval(deals: &Deals, per_deal: usize) -> (f64, f64) {
        let g = per_deal as f64;
        let means: Vec<(f64, u64, f64)> =
            deals.per_deal(|g| g.win_share(1)).into_iter().map(|(t, n)| (t / g, n, g)).collect();
        crate::stats::versus::win_share_interval(&means).unwrap().1.unwrap()
    }

    /// Coverage on simulated data with a known truth: in 1,000 simulated tournaments (4 seats, a
    /// at strength 1.5 against three b, 150 deals of 4 games), the 95% bootstrap interval of a's
    /// rating and the 95% interval of its win share (true share `x/(x + 3)` = 1/3) each hold the
    /// truth 93–97% of the time; the win share's also with few deals (5, 10 and 20 deals of 4
    /// games) and for a bot that rarely wins (a share of 1% over 100 deals of 5 games at 5 seats,
    /// 2% over 100 deals of 4 games at 4 seats), 2,000 tournaments each, at least 93% where the
    /// method is conservative (see below). The normal interval over deals it replaces held the
    /// truth 83% of the time at 5 deals and 87% for the 1% share. About a minute on a
    /// loaded machine: run by `.ci/run`.
    #[test]
    #[ignore]
    fn intervals_cover_the_truth_95_percent_of_the_time() {
        let x = 1.5f64;
        let truth = x.log10() * 400.0;
        let share = x / (x + 3.0);
        let mut rng = rng_from_seed(40);
        let (mut rating_hits, mut share_hits) = (0, 0);
        let runs = 1000;
        for run in 0..runs {
            let deals = simulate(&mut rng, x, 4, 150, 4);
            let s = bootstrap(&deals, 0, 200, run).unwrap();
            rating_hits += u32::from(s.low[1] <= truth && truth <= s.high[1]);
            let (lo, hi) = share_interval(&deals, 4);
            share_hits += u32::from(lo <= share && share <= hi);
        }
        let cover = |h: u32| f64::from(h) / f64::from(runs as u32);
        assert!((0.93..=0.97).contains(&cover(rating_hits)), "rating coverage {}", cover(rating_hits));
        assert!((0.93..=0.97).contains(&cover(share_hits)), "win share coverage {}", cover(share_hits));
        // Strengths for a true share of 1% at 5 seats (x/(x + 4)) and 2% at 4 seats (x/(x + 3)).
        let rare = [(0.04 / 0.99, 5, 100, 5), (0.06 / 0.98, 4, 100, 4)];
        let few = [(x, 4, 5, 4), (x, 4, 10, 4), (x, 4, 20, 4)];
        let mut seen = Vec::new();
        for (x, seats, deals, per_deal) in few.into_iter().chain(rare) {
            seen.push((deals, x / (x + (seats - 1) as f64), share_coverage(&mut rng, x, seats, deals, per_deal)));
        }
        eprintln!("win share coverage (deals, true share, coverage): {seen:.4?}");
        for (deals, share, c) in seen {
            // Conservative by construction where few deals or few wins leave Wilson's own terms
            // (z²/n) large: at 5 deals the exact coverage is 99.1% (all 3,125 outcomes of 5
            // deals of Binomial(4, 1/3) enumerated), for a 1% share over 100 deals 97.05% (20,000
            // replicates, the same formula in Python). There only the lower bound is asserted.
            let conservative = deals == 5 || share < 0.015;
            let range = if conservative { 0.93..=0.995 } else { 0.93..=0.97 };
            assert!(range.contains(&c), "win share coverage {c} at {deals} deals, true share {share}");
        }
    }

    fn deals_of(games: &[(&str, u64)], names: &[&str]) -> Deals {
        let counts: std::collections::BTreeMap<String, u64> = games.iter().map(|&(g, n)| (g.into(), n)).collect();
        Deals::read(&counts, &names.iter().map(|n| n.to_string()).collect::<Vec<_>>())
    }

    /// H0 (issue 40): a bot that only ties with the other bot's seats, never behind one, has no
    /// finite maximum (the likelihood of "a = b > b", `x/(x+2)·½ + 1/(x+2)·x/(x+1)`, rises to ½
    /// as `x → ∞`): a tied place is not evidence of either being ahead. At 3 seats (one of two
    /// forfeiting b seats, the others sharing the win) and at 4 seats, every bootstrap sample too.
    #[test]
    fn a_bot_that_only_ties_with_the_field_is_rated_infinite() {
        for game in ["*a = b > b", "*a = b = b > b"] {
            let deals = deals_of(&[(game, 5)], &["b", "a"]);
            let s = bootstrap(&deals, 0, 50, 1).unwrap();
            assert_eq!((s.elo[1], s.low[1], s.high[1]), (f64::INFINITY, f64::INFINITY, f64::INFINITY), "{game}");
            let s = bootstrap(&deals, 1, 50, 1).unwrap();
            assert_eq!((s.elo[0], s.low[0], s.high[0]), (f64::NEG_INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY));
        }
    }

    /// H0: pooled over three bots, f ties with r and with g but is never strictly ahead of
    /// anyone: `−∞`; r and g, each ahead of the other in some games, keep a finite rating.
    #[test]
    fn a_bot_never_strictly_ahead_in_a_pool_is_rated_minus_infinity() {
        let games = [("*r = f > f", 10), ("*g = f > f", 10), ("*g > r > r", 5), ("*r > g > g", 5)];
        let deals = deals_of(&games, &["r", "f", "g"]);
        let s = bootstrap(&deals, 0, 50, 1).unwrap();
        assert_eq!(s.elo[1], f64::NEG_INFINITY, "{s:?}");
        assert!(s.elo[2].is_finite(), "{s:?}");
    }

    /// H0: a strictly behind b in 2 of 10 deals and only tied in the rest: the rating is finite,
    /// but `(8/10)^10` = 10.7% of bootstrap samples hold neither of the 2 deals and rate a `+∞`,
    /// so the 97.5th percentile is `+∞`, not where a creeping fit stopped.
    #[test]
    fn bootstrap_samples_without_a_strict_loss_rate_infinite() {
        let games = [("*a = b > b", 8), ("*b > a > b", 2)];
        let deals = deals_of(&games, &["b", "a"]);
        let s = bootstrap(&deals, 0, REPLICATES, 1).unwrap();
        assert!(s.elo[1].is_finite() && s.low[1].is_finite(), "{s:?}");
        assert_eq!(s.high[1], f64::INFINITY, "{s:?}");
    }

    /// Ties between bots each seen strictly ahead of the other leave the fit as it was: the
    /// ratings equal the maximum of the full likelihood ([`fit`]).
    #[test]
    fn ties_among_bots_compared_both_ways_keep_the_full_fit() {
        let games = [("*a = b > b", 5), ("*b > a > b", 5), ("*b = b > a", 4)];
        let deals = deals_of(&games, &["b", "a"]);
        let s = bootstrap(&deals, 0, 20, 1).unwrap();
        let f = fit(&[(game("*a = b > b"), 5.0), (game("*b > a > b"), 5.0), (game("*b = b > a"), 4.0)], 2);
        // `fit` numbers a first (index 0), the deals b first: a is index 1 there.
        assert!((s.elo[1] - f.elo(0, 1)).abs() < 1e-6, "{s:?} vs {f:?}");
        assert!(s.low[1].is_finite() && s.high[1].is_finite(), "{s:?}");
    }

    #[test]
    fn a_bot_never_placed_before_last_has_no_finite_rating() {
        let f = fit(&[(game("*b > b > a"), 10.0)], 2);
        assert_eq!(f.elo(0, 1), f64::NEG_INFINITY);
    }

    #[test]
    fn a_bot_always_ahead_is_rated_infinite_and_the_rest_on_their_own_games() {
        // a is first in every game; b and c split the rest 2:1, so c/b = 1/2 on their own games.
        let mut counts: std::collections::BTreeMap<String, u64> = Default::default();
        counts.insert("*a > b > c".into(), 20);
        counts.insert("*a > c > b".into(), 10);
        let deals = Deals::read(&counts, &["b".into(), "a".into(), "c".into()]);
        let s = bootstrap(&deals, 0, 50, 1).unwrap();
        assert_eq!((s.elo[1], s.low[1], s.high[1], s.los[1]), (f64::INFINITY, f64::INFINITY, f64::INFINITY, 1.0));
        let expect = 400.0 * 0.5f64.log10();
        assert!((s.elo[2] - expect).abs() < 1e-6, "c {} against {expect}", s.elo[2]);
    }
}
