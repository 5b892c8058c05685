//! Paired differences between two runs that share their deals (common random numbers): the same
//! spec and master seed under two rule variants, so deal `d` of run A and deal `d` of run B draw
//! chance from the same seed ([`crate::tournament::seed`]) and their bots from the same streams.
//!
//! Read from the two runs' `games.csv`. For every player count, label value and measure, each
//! deal `d` gives `(m_A, y_A, m_B, y_B)`: the units with the value (seat-games of a seat label,
//! finished games of a game label, games for the length) and their sum (rewards, scores, 1 per
//! game with the value, actions). The rate of each run is a ratio `R = Σy / Σm`, and
//! `Δ = R_B − R_A` has the linearized (delta-method) variance of a difference of two ratio
//! estimators over the same clusters (Cochran 1977, §6.11, with the deal as the cluster):
//!
//! `Var(Δ) = D/(D − 1) · Σ_d z_d²`,  `z_d = (y_B − R_B·m_B)/M_B − (y_A − R_A·m_A)/M_A`
//!
//! (`M = Σm`, `D` deals). A deal whose outcome moves the same way in both variants adds little to
//! `Σz²`: the pairing removes the deal-to-deal variance both runs share, which is why a paired
//! interval is narrower than two independent intervals. The 95% interval is `Δ ± t·√Var` with
//! Student's `t` at `D − 1` degrees of freedom, and the p-value the two-sided t-test of `Δ = 0`.
//! Two identical variants give `Δ = 0` with the interval `[0, 0]` (every `z_d` is 0).

use std::collections::BTreeMap;
use std::io::Read;

use serde::Serialize;
use statrs::distribution::{ContinuousCDF, StudentsT};

use crate::stats::value_order;

/// What a row measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// Mean reward of a seat label's value (the win rate, a shared win counting `1/k`).
    WinRate,
    /// Mean final score of a seat label's value (games with scores).
    Score,
    /// Share of the finished games that end with a game label's value.
    Share,
    /// Mean game length in actions (label `all`, value `all`; every game, truncated ones too).
    Length,
}

impl Measure {
    /// Its name in `compare.csv`.
    pub fn name(self) -> &'static str {
        match self {
            Self::WinRate => "win_rate",
            Self::Score => "score",
            Self::Share => "share",
            Self::Length => "length",
        }
    }

    /// Whether its values are fractions (printed in % and pp).
    pub fn is_rate(self) -> bool {
        matches!(self, Self::WinRate | Self::Share)
    }
}

/// One paired difference.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Difference {
    /// Player count.
    pub players: usize,
    /// The label (`seat`, a seat or game label, or `all`).
    pub label: String,
    /// The label's value.
    pub value: String,
    /// What is measured.
    pub measure: Measure,
    /// Units with the value in run A (seat-games, games).
    pub units_a: u64,
    /// Units with the value in run B.
    pub units_b: u64,
    /// Run A's estimate (a fraction for rates); NaN (undefined) when `units_a` is 0.
    pub a: f64,
    /// Run B's estimate; NaN when `units_b` is 0.
    pub b: f64,
    /// `b − a`; NaN when either is undefined (so are the interval and `p`).
    pub diff: f64,
    /// Lower end of the paired 95% interval of `diff` (a rate's clipped to −1).
    pub diff_low: f64,
    /// Upper end (a rate's clipped to 1).
    pub diff_high: f64,
    /// Two-sided p-value of `diff = 0` (paired t-test over deals, from the unclipped interval).
    pub p: f64,
    /// Deals paired at this player count.
    pub deals: u64,
}

/// Sums of one deal: `[m_A, y_A, m_B, y_B]`.
type Sums = [f64; 4];

/// One deal's units and sums, for a measure of a label value, and the difference they give.
///
/// `deals` is the number of deals paired (deals missing from `sums` hold no unit of the value).
///
/// Returns `(R_A, R_B, Δ, low, high)`; with fewer than two deals the interval is the point `Δ`.
/// A run with no unit has an undefined rate (NaN), and then `Δ` and its interval are NaN too.
pub fn difference(sums: &[Sums], deals: u64) -> (f64, f64, f64, f64, f64) {
    let total = |i: usize| sums.iter().map(|s| s[i]).sum::<f64>();
    let (ma, ya, mb, yb) = (total(0), total(1), total(2), total(3));
    let ra = if ma > 0.0 { ya / ma } else { f64::NAN };
    let rb = if mb > 0.0 { yb / mb } else { f64::NAN };
    let diff = rb - ra;
    if diff.is_nan() {
        return (ra, rb, diff, diff, diff);
    }
    let part = |y: f64, m: f64, r: f64, big_m: f64| if big_m > 0.0 { (y - r * m) / big_m } else { 0.0 };
    let ss: f64 = sums.iter().map(|s| (part(s[3], s[2], rb, mb) - part(s[1], s[0], ra, ma)).powi(2)).sum();
    if deals < 2 {
        return (ra, rb, diff, diff, diff);
    }
    let d = deals as f64;
    let se = (d / (d - 1.0) * ss).sqrt();
    let t = StudentsT::new(0.0, 1.0, d - 1.0).expect("d − 1 ≥ 1 degrees of freedom");
    let half = t.inverse_cdf(0.975) * se;
    (ra, rb, diff, diff - half, diff + half)
}

/// The two-sided p-value of a difference with the interval `[low, high]` (95%, t with `deals − 1`
/// degrees of freedom): 1 when the interval is the point 0, 0 when it is another point, NaN when
/// the difference is undefined.
fn p_value(diff: f64, low: f64, high: f64, deals: u64) -> f64 {
    if diff.is_nan() {
        return f64::NAN;
    }
    if high - low <= 0.0 || deals < 2 {
        return if diff == 0.0 { 1.0 } else { 0.0 };
    }
    let t = StudentsT::new(0.0, 1.0, deals as f64 - 1.0).expect("deals − 1 ≥ 1");
    let se = (high - low) / (2.0 * t.inverse_cdf(0.975));
    two_sided_p(diff / se, deals as f64 - 1.0)
}

/// The two-sided p-value `2·P(T > |t|)` of a t statistic with `df` degrees of freedom, from the
/// survival function so that large `|t|` keeps its tiny value (`1 − cdf` cancels to 0 from
/// `|t| ≈ 8`).
fn two_sided_p(t: f64, df: f64) -> f64 {
    2.0 * StudentsT::new(0.0, 1.0, df).expect("df > 0").sf(t.abs())
}

/// The label of a seat's bot (`games.csv`'s `seat{s}_bot`), compared like a seat label when the
/// lineup has two bots or more.
const BOT: &str = "bot";

/// A seat's columns in `games.csv`: reward, score (games with scores), `(label, column)` of the
/// bot and of each seat label.
type SeatColumns = (usize, Option<usize>, Vec<(String, usize)>);

/// Finished games per deal of one game label, in runs A and B.
type Finished = BTreeMap<(usize, String), BTreeMap<(usize, u64), [f64; 2]>>;

/// The columns of a `games.csv` this module reads.
struct Columns {
    players: usize,
    index: usize,
    seed: usize,
    length: usize,
    truncated: usize,
    /// `(label, column)` of each game label.
    game: Vec<(String, usize)>,
    /// Per seat.
    seats: Vec<SeatColumns>,
}

impl Columns {
    fn new(header: &csv::StringRecord, seat_labels: &[&str], game_labels: &[&str]) -> Result<Self, String> {
        let col = |name: &str| header.iter().position(|h| h == name);
        let need = |name: &str| col(name).ok_or_else(|| format!("games.csv has no column `{name}`"));
        let game = game_labels.iter().map(|l| Ok((l.to_string(), need(l)?))).collect::<Result<_, String>>()?;
        let mut seats = Vec::new();
        while let Some(reward) = col(&format!("seat{}_reward", seats.len())) {
            let s = seats.len();
            // The bot of the seat first (runs always write it), then the game's seat labels.
            let labels = std::iter::once(BOT)
                .chain(seat_labels.iter().copied())
                .map(|l| Ok((l.to_string(), need(&format!("seat{s}_{l}"))?)))
                .collect::<Result<_, String>>()?;
            seats.push((reward, col(&format!("seat{s}_score")), labels));
        }
        Ok(Self {
            players: need("players")?,
            index: need("index")?,
            seed: need("seed")?,
            length: need("length")?,
            truncated: need("truncated")?,
            game,
            seats,
        })
    }
}

/// A key of the accumulated sums: (players, label order, label, value order key, measure).
type Key = (usize, usize, String, String, Measure);

/// Reads one run's `games.csv` into `sums` (slot `run`: 0 for A, 1 for B) and returns its games
/// as `(players, index, chance seed)`, in file order.
fn read_run(
    games_csv: impl Read,
    run: usize,
    seat_labels: &[&str],
    game_labels: &[&str],
    sums: &mut BTreeMap<Key, BTreeMap<(usize, u64), Sums>>,
) -> Result<Vec<(usize, u64, u64)>, String> {
    let mut reader = csv::Reader::from_reader(games_csv);
    let header = reader.headers().map_err(|e| e.to_string())?.clone();
    let cols = Columns::new(&header, seat_labels, game_labels)?;
    let mut games = Vec::new();
    let number = |row: &csv::StringRecord, c: usize| -> Result<f64, String> {
        row[c].parse::<f64>().map_err(|_| format!("games.csv: `{}` is not a number", &row[c]))
    };
    let mut add = |key: Key, deal: (usize, u64), m: f64, y: f64| {
        let s = sums.entry(key).or_default().entry(deal).or_default();
        s[2 * run] += m;
        s[2 * run + 1] += y;
    };
    for row in reader.records() {
        let row = row.map_err(|e| e.to_string())?;
        let players: usize = row[cols.players].parse().map_err(|_| "games.csv: bad player count".to_string())?;
        let index: u64 = row[cols.index].parse().map_err(|_| "games.csv: bad index".to_string())?;
        let seed: u64 = row[cols.seed].parse().map_err(|_| "games.csv: bad seed".to_string())?;
        games.push((players, index, seed));
        let deal = (players, seed);
        let all = || "all".to_string();
        add((players, usize::MAX, all(), all(), Measure::Length), deal, 1.0, number(&row, cols.length)?);
        let finished = &row[cols.truncated] == "false";
        if finished {
            for (i, (label, c)) in cols.game.iter().enumerate() {
                // Every value of the label gets a unit per finished game; its sum counts the game
                // when the value is the game's (a value seen in one run only still pairs).
                add((players, 1000 + i, label.clone(), row[*c].to_string(), Measure::Share), deal, 0.0, 1.0);
            }
        }
        for (s, (reward, score, labels)) in cols.seats.iter().take(players).enumerate() {
            if row[*reward].is_empty() {
                continue;
            }
            let r = number(&row, *reward)?;
            let sc = score.map(|c| number(&row, c)).transpose()?;
            let mut each = |order: usize, label: &str, value: String| {
                add((players, order, label.to_string(), value.clone(), Measure::WinRate), deal, 1.0, r);
                if let Some(x) = sc {
                    add((players, order, label.to_string(), value, Measure::Score), deal, 1.0, x);
                }
            };
            each(0, "seat", s.to_string());
            for (i, (label, c)) in labels.iter().enumerate() {
                each(1 + i, label, row[*c].to_string());
            }
            if let Some(x) = sc {
                add((players, usize::MAX, all(), all(), Measure::Score), deal, 1.0, x);
            }
        }
    }
    Ok(games)
}

/// The paired differences of run B against run A, from their `games.csv` files, for a game with
/// these seat and game labels: by player count, then `seat`, `bot` (the win share and score of
/// each bot of the lineup, at counts where it has two bots or more), the seat labels and the game
/// labels in declaration order, each label's values in [`value_order`], measures in [`Measure`] order;
/// last the mean score (label `all`, games with scores) and the mean length.
///
/// # Errors
/// A file that is not a `games.csv` of the game, or two runs that do not share their deals (other
/// games, indices or chance seeds: another master seed, game count or player counts).
pub fn paired(
    a: impl Read,
    b: impl Read,
    seat_labels: &[&str],
    game_labels: &[&str],
) -> Result<Vec<Difference>, String> {
    let mut sums = BTreeMap::new();
    let games_a = read_run(a, 0, seat_labels, game_labels, &mut sums).map_err(|e| format!("run A: {e}"))?;
    let games_b = read_run(b, 1, seat_labels, game_labels, &mut sums).map_err(|e| format!("run B: {e}"))?;
    if games_a != games_b {
        let first = games_a.iter().zip(&games_b).position(|(x, y)| x != y).unwrap_or(games_a.len().min(games_b.len()));
        return Err(format!(
            "the two runs do not share their deals ({} and {} games; they differ from game {first} on): \
             give both the same seed, games, player counts and seats",
            games_a.len(),
            games_b.len()
        ));
    }
    let mut deals_of: BTreeMap<usize, u64> = BTreeMap::new();
    let mut seen = std::collections::BTreeSet::new();
    for &(players, _, seed) in &games_a {
        if seen.insert((players, seed)) {
            *deals_of.entry(players).or_default() += 1;
        }
    }
    // Share units: every finished game of a deal is a unit of every value of its game label,
    // counted from the label's sums (each finished game adds 1 to exactly one value).
    let mut by_label: Finished = BTreeMap::new();
    for (key, deals) in sums.iter().filter(|(k, _)| k.4 == Measure::Share) {
        let per = by_label.entry((key.0, key.2.clone())).or_default();
        for (deal, s) in deals {
            let f = per.entry(*deal).or_default();
            f[0] += s[1];
            f[1] += s[3];
        }
    }
    // The bot label at a player count where the runs have one bot says nothing: left out.
    let mut bots: BTreeMap<usize, std::collections::BTreeSet<&str>> = BTreeMap::new();
    for k in sums.keys().filter(|k| k.2 == BOT) {
        bots.entry(k.0).or_default().insert(&k.3);
    }
    let mut rows = Vec::new();
    let mut keys: Vec<&Key> = sums.keys().filter(|k| k.2 != BOT || bots[&k.0].len() > 1).collect();
    keys.sort_by(|x, y| (x.0, x.1, value_order(&x.3), x.4).cmp(&(y.0, y.1, value_order(&y.3), y.4)));
    for key in keys {
        let (players, _, label, value, measure) = key;
        let deals = &sums[key];
        let list: Vec<Sums> = match measure {
            Measure::Share => {
                let units = &by_label[&(*players, label.clone())];
                units
                    .iter()
                    .map(|(deal, u)| deals.get(deal).map_or([u[0], 0.0, u[1], 0.0], |s| [u[0], s[1], u[1], s[3]]))
                    .collect()
            }
            _ => deals.values().copied().collect(),
        };
        let n = deals_of[players];
        let (ra, rb, diff, low, high) = difference(&list, n);
        let p = p_value(diff, low, high, n);
        // A difference of two fractions lies in [−1, 1], and so does its interval (NaN stays NaN).
        let (low, high) = if measure.is_rate() { (low.clamp(-1.0, 1.0), high.clamp(-1.0, 1.0)) } else { (low, high) };
        let total = |i: usize| list.iter().map(|s| s[i]).sum::<f64>().round() as u64;
        rows.push(Difference {
            players: *players,
            label: label.clone(),
            value: value.clone(),
            measure: *measure,
            units_a: total(0),
            units_b: total(2),
            a: ra,
            b: rb,
            diff,
            diff_low: low,
            diff_high: high,
            p,
            deals: n,
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// The simulated check of the issue: two variants with the same true rate on deals that
    /// differ (each deal has its own chance of a win, shared by both variants: the correlation
    /// common random numbers create), 2,000 small runs of 100 deals, 1 to 3 units per deal; the
    /// paired 95% interval holds 0 in 93% to 97% of the runs, and is narrower than the unpaired one.
    #[test]
    fn paired_intervals_of_equal_variants_hold_zero_95_percent_of_the_time() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        let (runs, deals) = (2000, 100u64);
        let (mut covered, mut narrower) = (0, 0);
        for _ in 0..runs {
            let sums: Vec<Sums> = (0..deals)
                .map(|_| {
                    let p: f64 = 0.05 + 0.9 * rng.random::<f64>();
                    let m = rng.random_range(1..=3) as f64;
                    let draw = |rng: &mut rand_pcg::Pcg64Mcg| (0..m as u32).filter(|_| rng.random::<f64>() < p).count();
                    let (ya, yb) = (draw(&mut rng) as f64, draw(&mut rng) as f64);
                    [m, ya, m, yb]
                })
                .collect();
            let (ra, rb, _, low, high) = difference(&sums, deals);
            if low <= 0.0 && 0.0 <= high {
                covered += 1;
            }
            // The unpaired normal interval of the difference of two independent rates.
            let m: f64 = sums.iter().map(|s| s[0]).sum();
            let unpaired = 1.96 * (ra * (1.0 - ra) / m + rb * (1.0 - rb) / m).sqrt();
            if high - low < 2.0 * unpaired {
                narrower += 1;
            }
        }
        let share = covered as f64 / runs as f64;
        assert!((0.93..=0.97).contains(&share), "coverage {share}");
        assert!(narrower > runs * 9 / 10, "paired narrower in only {narrower} of {runs} runs");
    }

    /// `2·P(T₉₉ > 9.5)` and `2·P(T₁₉₉₉ > 12)` by quadrature of the t density (mpmath, 40 digits):
    /// 1.3486151902e-15 and 4.3709368154e-32, where `2·(1 − cdf)` lost digits and, from
    /// `|t| ≈ 8`, gave 0.
    #[test]
    fn p_values_of_large_t_keep_their_tiny_value() {
        let p = two_sided_p(9.5, 99.0);
        assert!((p / 1.348_615_190_215_894_8e-15 - 1.0).abs() < 1e-9, "{p:e}");
        let p = two_sided_p(-12.0, 1999.0);
        assert!((p / 4.370_936_815_437_224e-32 - 1.0).abs() < 1e-9, "{p:e}");
    }

    #[test]
    fn identical_runs_differ_by_exactly_nothing() {
        let sums = vec![[2.0, 1.0, 2.0, 1.0], [1.0, 0.0, 1.0, 0.0], [3.0, 2.5, 3.0, 2.5]];
        assert_eq!(difference(&sums, 3), (3.5 / 6.0, 3.5 / 6.0, 0.0, 0.0, 0.0));
        assert_eq!(p_value(0.0, 0.0, 0.0, 3), 1.0);
    }

    /// A worked check: 4 deals, one unit each; A wins deals 0 and 1, B deals 0, 1 and 2, so
    /// `Δ = 0.75 − 0.5 = 0.25` and `z_d = (y_B − 0.75)/4 − (y_A − 0.5)/4`.
    #[test]
    fn a_small_paired_difference_by_hand() {
        let sums = vec![[1.0, 1.0, 1.0, 1.0], [1.0, 1.0, 1.0, 1.0], [1.0, 0.0, 1.0, 1.0], [1.0, 0.0, 1.0, 0.0]];
        let (ra, rb, diff, low, high) = difference(&sums, 4);
        assert_eq!((ra, rb, diff), (0.5, 0.75, 0.25));
        // z = [(0.25 − 0.5)/4, (0.25 − 0.5)/4, (0.25 + 0.5)/4, (−0.75 + 0.5)/4] = [−1, −1, 3, −1]/16;
        // Σz² = 12/256; Var = 4/3 · 12/256 = 1/16; se = 0.25; t(3, 0.975) = 3.182446.
        let half = 3.182446305284263 * 0.25;
        assert!((low - (0.25 - half)).abs() < 1e-9 && (high - (0.25 + half)).abs() < 1e-9, "{low} {high}");
    }

    #[test]
    fn games_csv_pairs_by_deal_and_refuses_other_deals() {
        let head = "players,index,seed,length,truncated,winners,seat0_bot,seat0_x,seat0_reward,seat0_score,seat1_bot,seat1_x,seat1_reward,seat1_score\n";
        let a = format!("{head}2,0,11,10,false,1,r,u,1,5,r,v,0,3\n2,1,12,20,false,1,r,v,0,2,r,u,1,4\n");
        let b = format!("{head}2,0,11,12,false,1,r,u,1,6,r,v,0,3\n2,1,12,20,false,1,r,v,1,4,r,u,0,4\n");
        let rows = paired(a.as_bytes(), b.as_bytes(), &["x"], &["winners"]).unwrap();
        let get = |label: &str, value: &str, m: Measure| {
            rows.iter().find(|r| r.label == label && r.value == value && r.measure == m).unwrap().clone()
        };
        let seat0 = get("seat", "0", Measure::WinRate);
        assert_eq!((seat0.a, seat0.b, seat0.diff, seat0.deals), (0.5, 1.0, 0.5, 2));
        let u = get("x", "u", Measure::WinRate);
        assert_eq!((u.a, u.b, u.units_a), (1.0, 0.5, 2));
        assert_eq!(get("all", "all", Measure::Length).diff, 1.0);
        assert_eq!(get("all", "all", Measure::Score).b, 17.0 / 4.0);
        assert_eq!(get("winners", "1", Measure::Share).diff, 0.0);
        // Two deals: the t quantile at 1 degree of freedom (12.7) would reach ±6.35; clipped.
        assert_eq!((seat0.diff_low, seat0.diff_high), (-1.0, 1.0));
        let other = format!("{head}2,0,99,10,false,1,r,u,1,5,r,v,0,3\n2,1,12,20,false,1,r,v,0,2,r,u,1,4\n");
        let err = paired(a.as_bytes(), other.as_bytes(), &["x"], &["winners"]).unwrap_err();
        assert!(err.contains("do not share their deals"), "{err}");
    }

    /// Value `v` of label `x` is seen in run A only and `w` in run B only: their other run's rate
    /// is undefined, not 0, and so are the difference, its interval and its p-value.
    #[test]
    fn a_value_missing_from_one_run_has_no_difference() {
        let head = "players,index,seed,length,truncated,winners,seat0_bot,seat0_x,seat0_reward,seat1_bot,seat1_x,seat1_reward\n";
        let a = format!("{head}2,0,11,10,false,1,r,u,1,r,v,0\n2,1,12,10,false,0,r,u,1,r,v,0\n");
        let b = format!("{head}2,0,11,10,false,1,r,u,1,r,w,0\n2,1,12,10,false,0,r,u,0,r,w,1\n");
        let rows = paired(a.as_bytes(), b.as_bytes(), &["x"], &[]).unwrap();
        let get = |value: &str| rows.iter().find(|r| r.label == "x" && r.value == value).unwrap().clone();
        let v = get("v");
        assert_eq!((v.units_a, v.units_b, v.a), (2, 0, 0.0));
        assert!([v.b, v.diff, v.diff_low, v.diff_high, v.p].iter().all(|x| x.is_nan()), "{v:?}");
        let w = get("w");
        assert_eq!((w.units_a, w.units_b, w.b), (0, 2, 0.5));
        assert!([w.a, w.diff, w.p].iter().all(|x| x.is_nan()), "{w:?}");
        assert_eq!((get("u").a, get("u").b, get("u").diff), (1.0, 0.5, -0.5));
    }
}
