//! `ratings.csv`: bot ratings per player count from the pairwise results in [`Counts::pairs`],
//! for runs with at least two distinct bots.
//!
//! The first bot of the lineup (in spec order) is the anchor, at 0 Elo. With two bots, the other
//! bot's row is its Elo difference from its wins, draws and losses against the anchor, with the
//! interval and LOS of [`super::elo`] (as cutechess-cli and fastchess print them). With more, the
//! ratings are the Bradley–Terry maximum-likelihood fit of [`super::bradley_terry`] on all pairs
//! (draws as half wins), with a 95% normal interval from its standard errors and LOS against the
//! anchor `Φ(elo / se)`.
//!
//! At three or more seats the ratings are those of the Plackett–Luce model fitted to every game's
//! full finishing order ([`super::plackett_luce`], method `plackett_luce`), with 95% intervals
//! and LOS from a seeded bootstrap over deals, so they hold although the seats of one game (and
//! the rotations of one deal) are correlated. A row's `games` are then the bot's seats in
//! finished games, `wins` its seats that won alone, `draws` those that shared a win, `losses` the
//! rest, and `score` its win share per seat (a shared win split among its winners), to read
//! against the fair share `1/n`. Counts made before finishing orders were recorded fall back to
//! the Bradley–Terry fit on pairs of seats (`bradley_terry`), whose intervals treat the pairs of
//! one game as independent and are too narrow.

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;

use super::SeatMode;
use super::elo::{estimate, los_normal};
use super::finishing::Deals;
use super::plackett_luce::{BOOTSTRAP_SEED, REPLICATES, bootstrap, rating_text, rating_with_interval};
use super::summary::{finite_six_decimals, six_decimals};
use super::{Counts, Wdl, Z_95, bradley_terry};

/// One row of `ratings.csv`: one bot at one player count. Elo values are in Elo points relative
/// to the anchor; ratios are fractions in `[0, 1]`. Values that do not exist (the anchor's
/// interval, ratings the data cannot determine) are empty.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RatingRow {
    /// Player count.
    pub players: usize,
    /// How the lineup was seated (`fixed`, `rotate` or `shuffle`; empty when unknown).
    pub seats: Option<SeatMode>,
    /// Bot name.
    pub bot: String,
    /// The anchor bot (0 Elo).
    pub anchor: String,
    /// `elo` (two bots: score against the anchor), `bradley_terry` (more bots) or `plackett_luce`
    /// (three or more seats).
    pub method: &'static str,
    /// Pairwise comparisons of this bot (two bots: against the anchor; more: against all).
    pub games: u64,
    /// Comparisons won.
    pub wins: u64,
    /// Comparisons drawn.
    pub draws: u64,
    /// Comparisons lost.
    pub losses: u64,
    /// `(wins + draws/2) / games`.
    #[serde(serialize_with = "six_decimals")]
    pub score: Option<f64>,
    /// `draws / games`.
    #[serde(serialize_with = "six_decimals")]
    pub draw_ratio: Option<f64>,
    /// Rating (Plackett–Luce: `±∞` without a finite maximum, written empty).
    #[serde(serialize_with = "finite_six_decimals")]
    pub elo: Option<f64>,
    /// Lower bound of the 95% interval.
    #[serde(serialize_with = "finite_six_decimals")]
    pub elo_low: Option<f64>,
    /// Upper bound of the 95% interval.
    #[serde(serialize_with = "finite_six_decimals")]
    pub elo_high: Option<f64>,
    /// Likelihood of superiority over the anchor.
    #[serde(serialize_with = "six_decimals")]
    pub los: Option<f64>,
}

/// The rating rows of `counts`, by player count then lineup order; `lineup` is the spec's bot
/// list (its first name that has results is the anchor), `seats` how it was seated (`None`:
/// unknown). Empty when no player count has two distinct bots.
pub fn rating_rows(counts: &Counts, lineup: &[String], seats: Option<SeatMode>) -> Vec<RatingRow> {
    let mut by_players: BTreeMap<usize, BTreeMap<(&str, &str), Wdl>> = BTreeMap::new();
    for (k, wdl) in &counts.pairs {
        by_players.entry(k.players).or_default().insert((k.bot.as_str(), k.opponent.as_str()), *wdl);
    }
    by_players
        .into_iter()
        .flat_map(|(players, pairs)| match counts.rankings.get(&players) {
            Some(r) if players > 2 => ranked_rows(players, r, lineup, seats),
            _ => rows_at(players, &pairs, lineup, seats),
        })
        .collect()
}

/// The Plackett–Luce rows at `players` seats from the finishing orders `rankings` (see the
/// module docs).
fn ranked_rows(
    players: usize,
    rankings: &BTreeMap<String, u64>,
    lineup: &[String],
    seats: Option<SeatMode>,
) -> Vec<RatingRow> {
    let rank = |b: &str| lineup.iter().position(|l| l.trim() == b).unwrap_or(usize::MAX);
    let mut names: Vec<String> = Deals::read(rankings, &[]).names;
    names.sort_by_key(|b| (rank(b), b.clone()));
    let deals = Deals::read(rankings, &names);
    let strength = bootstrap(&deals, 0, REPLICATES, BOOTSTRAP_SEED ^ players as u64);
    // `±∞` without a finite maximum (written empty in ratings.csv); NaN (never compared) none.
    let finite = |x: f64| Some(x).filter(|x| !x.is_nan());
    (0..names.len())
        .map(|i| {
            let (mut games, mut wins, mut draws, mut share) = (0, 0, 0, 0.0);
            for (ids, n) in &deals.deals {
                for &g in ids {
                    let (s, w, d) = deals.games[g].results(i);
                    (games, wins, draws) = (games + s * n, wins + w * n, draws + d * n);
                    share += deals.games[g].win_share(i) * *n as f64;
                }
            }
            let s = strength.as_ref();
            let other = i > 0;
            // One deal: a bootstrap over it only repeats it (no interval, no LOS), as in versus.csv.
            let spread = other && deals.count() > 1;
            RatingRow {
                players,
                seats,
                bot: names[i].clone(),
                anchor: names[0].clone(),
                method: "plackett_luce",
                games,
                wins,
                draws,
                losses: games - wins - draws,
                score: (games > 0).then(|| share / games as f64),
                draw_ratio: (games > 0).then(|| draws as f64 / games as f64),
                elo: if other { s.and_then(|s| finite(s.elo[i])) } else { Some(0.0) },
                elo_low: s.filter(|_| spread).and_then(|s| finite(s.low[i])),
                elo_high: s.filter(|_| spread).and_then(|s| finite(s.high[i])),
                los: s.filter(|_| spread).map(|s| s.los[i]),
            }
        })
        .collect()
}

fn rows_at(
    players: usize,
    pairs: &BTreeMap<(&str, &str), Wdl>,
    lineup: &[String],
    seats: Option<SeatMode>,
) -> Vec<RatingRow> {
    let rank = |b: &str| lineup.iter().position(|l| l.trim() == b).unwrap_or(usize::MAX);
    let mut bots: Vec<&str> = pairs.keys().flat_map(|(a, b)| [*a, *b]).collect();
    bots.sort_by_key(|b| (rank(b), b.to_string()));
    bots.dedup();
    // `wdl(i, j)`: results of bot i against bot j, from i's side.
    let wdl = |i: usize, j: usize| match (pairs.get(&(bots[i], bots[j])), pairs.get(&(bots[j], bots[i]))) {
        (Some(w), _) => *w,
        (None, Some(w)) => w.flipped(),
        (None, None) => Wdl::default(),
    };
    let k = bots.len();
    let row = |i: usize, method, w: Wdl| RatingRow {
        players,
        seats,
        bot: bots[i].to_string(),
        anchor: bots[0].to_string(),
        method,
        games: w.games(),
        wins: w.wins,
        draws: w.draws,
        losses: w.losses,
        score: w.score(),
        draw_ratio: w.score().map(|_| w.draws as f64 / w.games() as f64),
        elo: (i == 0).then_some(0.0),
        elo_low: None,
        elo_high: None,
        los: None,
    };
    if k == 2 {
        // A score of 0 or 1 rates `∓∞` (written empty in ratings.csv, `-∞ (never ahead of A)` in
        // the table, as at three or more seats), with its LOS; its interval has no finite bound.
        let e = estimate(wdl(1, 0)).filter(|e| !e.elo.is_nan());
        let other = RatingRow {
            elo: e.map(|e| e.elo),
            elo_low: e.map(|e| e.low).filter(|x| x.is_finite()),
            elo_high: e.map(|e| e.high).filter(|x| x.is_finite()),
            los: e.map(|e| e.los),
            ..row(1, "elo", wdl(1, 0))
        };
        return vec![row(0, "elo", wdl(0, 1)), other];
    }
    let total = |i: usize| {
        let mut t = Wdl::default();
        (0..k).filter(|&j| j != i).for_each(|j| t.merge(&wdl(i, j)));
        t
    };
    let scores: Vec<Vec<f64>> = (0..k)
        .map(|i| (0..k).map(|j| wdl(i, j).score().map_or(0.0, |s| s * wdl(i, j).games() as f64)).collect())
        .collect();
    let fit = bradley_terry::fit(&scores).ok();
    (0..k)
        .map(|i| {
            let base = row(i, "bradley_terry", total(i));
            match (&fit, i) {
                (Some(f), 1..) => RatingRow {
                    elo: Some(f.elo[i]),
                    elo_low: Some(f.elo[i] - Z_95 * f.se[i]),
                    elo_high: Some(f.elo[i] + Z_95 * f.se[i]),
                    los: Some(los_normal(f.elo[i], f.se[i])),
                    ..base
                },
                // No finite maximum: the anchor stays 0, the others have no rating (the table
                // says why under its rows, nc40d L3).
                (None, 1..) => RatingRow { elo: None, ..base },
                _ => base,
            }
        })
        .collect()
}

/// Writes `rows` as CSV with a header row; floats with 6 decimals.
///
/// # Errors
/// Any I/O error of `out`.
pub fn write_ratings<W: Write>(rows: &[RatingRow], out: W) -> csv::Result<()> {
    super::write_rows(rows, out)
}

/// The rows as a terminal table, cutechess style (`Elo ± margin`, LOS and draw ratio in %). A
/// Plackett–Luce rating's bootstrap interval is not symmetric: it is written `Elo [low, high]`
/// (a bound without a finite value `-∞` or `+∞`), and a rating without a finite maximum as
/// [`rating_text`] writes it; the column widens to fit.
pub fn ratings_table(rows: &[RatingRow]) -> String {
    let pct = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{:.1}%", 100.0 * x));
    let elo = |r: &RatingRow| match (r.elo, r.elo_low, r.elo_high) {
        (Some(e), _, _) if e.is_infinite() => rating_text(e, &r.anchor),
        (Some(e), lo, hi) if r.method == "plackett_luce" && r.bot != r.anchor => {
            rating_with_interval(Some(e), lo, hi, &r.anchor)
        }
        (Some(e), Some(lo), Some(hi)) => format!("{} ± {:.1}", super::balance::plus_minus(e, 1), (hi - lo) / 2.0),
        (Some(e), _, _) if r.bot == r.anchor => format!("{e:.1} (anchor)"),
        (Some(e), _, _) => super::balance::plus_minus(e, 1),
        (None, _, _) => "undefined".to_string(),
    };
    let cells: Vec<String> = rows.iter().map(elo).collect();
    let w = cells.iter().map(|c| c.chars().count()).max().unwrap_or(0).max(17);
    // From finishing orders (three or more seats) a "draw" is a shared win (a team's, a tie's).
    let (results, draws) = match !rows.is_empty() && rows.iter().all(|r| r.method == "plackett_luce") {
        true => ("wins/shared/losses", "shared"),
        false => ("wins/draws/losses", "draws"),
    };
    let mut out = format!(
        "{:>7}  {:<24} {:>9} {:>22}  {:>7}  {:>w$}  {:>7}  {:>6}\n",
        "players", "bot", "games", results, "score", "Elo (95%)", "LOS", draws
    );
    for (r, elo) in rows.iter().zip(cells) {
        out += &format!(
            "{:>7}  {:<24} {:>9} {:>22}  {:>7}  {:>w$}  {:>7}  {:>6}\n",
            r.players,
            r.bot,
            r.games,
            format!("{}/{}/{}", r.wins, r.draws, r.losses),
            pct(r.score),
            elo,
            pct(r.los),
            pct(r.draw_ratio)
        );
    }
    // Why a pooled Bradley–Terry rating is undefined (nc40d L3), once per player count.
    let mut undefined: Vec<usize> =
        rows.iter().filter(|r| r.method == "bradley_terry" && r.elo.is_none()).map(|r| r.players).collect();
    undefined.dedup();
    for players in undefined {
        out += &format!(
            "{players} players: ratings undefined: the pooled Bradley–Terry fit has no finite maximum, as some bots \
             never scored against (or never lost to) a group of the others; the per-match lines give each pair's \
             result (ratings.csv leaves these Elo cells empty)\n"
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::PairKey;

    fn counts(pairs: &[(&str, &str, [u64; 3])]) -> Counts {
        let mut c = Counts::default();
        for (a, b, [w, d, l]) in pairs {
            let key = PairKey { players: 2, bot: a.to_string(), opponent: b.to_string() };
            c.pairs.insert(key, Wdl { wins: *w, draws: *d, losses: *l });
        }
        c
    }

    #[test]
    fn two_bots_rate_the_second_against_the_first_of_the_lineup() {
        // Stored as greedy (smaller name) vs random; the lineup puts random first.
        let rows =
            rating_rows(&counts(&[("greedy", "random", [30, 10, 20])]), &["random".into(), "greedy".into()], None);
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0].bot.as_str(), rows[0].elo, rows[0].wins), ("random", Some(0.0), 20));
        let g = &rows[1];
        assert_eq!((g.bot.as_str(), g.anchor.as_str(), g.method), ("greedy", "random", "elo"));
        assert!((g.elo.unwrap() - 58.4512).abs() < 1e-4 && (g.los.unwrap() - 0.92135).abs() < 1e-5, "{g:?}");
        assert!(ratings_table(&rows).contains("+58.5 ± 82.8"), "{}", ratings_table(&rows));
    }

    /// nc40d L3: pooled ratings with no finite maximum (greedy never lost, faulty never won)
    /// keep the anchor at 0 and say why the others are undefined.
    #[test]
    fn undefined_pooled_ratings_say_why() {
        let pairs =
            [("greedy", "random", [20, 0, 0]), ("faulty", "greedy", [0, 0, 20]), ("faulty", "random", [0, 0, 20])];
        let lineup = ["random".to_string(), "faulty".into(), "greedy".into()];
        let rows = rating_rows(&counts(&pairs), &lineup, None);
        assert_eq!((rows[0].bot.as_str(), rows[0].elo), ("random", Some(0.0)));
        assert!(rows[1..].iter().all(|r| r.elo.is_none()), "{rows:?}");
        let table = ratings_table(&rows);
        assert!(table.contains("0.0 (anchor)"), "{table}");
        assert!(
            table.contains("2 players: ratings undefined: the pooled Bradley–Terry fit has no finite maximum"),
            "{table}"
        );
    }

    /// F7 at two seats: a bot that never won (or never lost) rates `-∞`/`+∞` as at three or more
    /// seats, not `undefined`; the CSV leaves the Elo cells empty.
    #[test]
    fn an_unbounded_two_seat_rating_reads_as_infinity() {
        let rows = rating_rows(&counts(&[("greedy", "random", [40, 0, 0])]), &["greedy".into(), "random".into()], None);
        assert_eq!(rows[1].elo, Some(f64::NEG_INFINITY));
        let table = ratings_table(&rows);
        assert!(table.contains("-∞ (never ahead of greedy)") && !table.contains("undefined"), "{table}");
        let mut csv = Vec::new();
        write_ratings(&rows, &mut csv).unwrap();
        let csv = String::from_utf8(csv).unwrap();
        let random = csv.lines().nth(2).unwrap();
        assert!(random.starts_with("2,,random,greedy,elo,40,0,0,40,0.000000,0.000000,,,,"), "{csv}");
        let rows = rating_rows(&counts(&[("greedy", "random", [0, 0, 40])]), &["greedy".into(), "random".into()], None);
        assert!(ratings_table(&rows).contains("+∞ (never behind greedy)"), "{}", ratings_table(&rows));
    }

    #[test]
    fn three_bots_use_bradley_terry_anchored_at_the_first() {
        let c = counts(&[("a", "b", [7, 0, 3]), ("a", "c", [9, 0, 1]), ("b", "c", [6, 1, 3])]);
        let rows = rating_rows(&c, &["c".into(), "a".into(), "b".into()], Some(SeatMode::Rotate));
        let names: Vec<&str> = rows.iter().map(|r| r.bot.as_str()).collect();
        assert_eq!(names, ["c", "a", "b"]);
        assert!(rows.iter().all(|r| r.method == "bradley_terry" && r.anchor == "c"));
        assert_eq!(rows[0].elo, Some(0.0));
        assert!(rows[1].elo.unwrap() > rows[2].elo.unwrap() && rows[2].elo.unwrap() > 0.0, "{rows:?}");
        // a's totals: 7+9 wins, 0 draws, 3+1 losses.
        assert_eq!((rows[1].wins, rows[1].draws, rows[1].losses), (16, 0, 4));
        let mut csv = Vec::new();
        write_ratings(&rows, &mut csv).unwrap();
        let csv = String::from_utf8(csv).unwrap();
        assert!(
            csv.starts_with("players,seats,bot,anchor,method,games,wins,draws,losses,score,draw_ratio,elo,"),
            "{csv}"
        );
        assert!(csv.contains("\n2,rotate,c,c,bradley_terry,20,4,1,15,0.225000,0.050000,0.000000,,,\n"), "{csv}");
    }

    /// One deal: the rating is fitted but has no interval and no LOS (a bootstrap over one deal
    /// only repeats it: the re-check's F6, `-285.1 [-285.1, -285.1]`, LOS 0.0%); two deals have.
    #[test]
    fn plackett_luce_ratings_of_one_deal_have_no_interval() {
        let lineup = ["a".to_string(), "b".to_string()];
        let mut rankings = BTreeMap::new();
        rankings.insert("*a > b > b | *a > b > b | *b > a > b".to_string(), 1);
        let rows = ranked_rows(3, &rankings, &lineup, Some(SeatMode::Rotate));
        assert!(rows[1].elo.is_some_and(f64::is_finite), "{rows:?}");
        assert_eq!((rows[1].elo_low, rows[1].elo_high, rows[1].los), (None, None, None));
        rankings.insert("*a > b > b | *b > a > b | *b > b > a".to_string(), 1);
        let rows = ranked_rows(3, &rankings, &lineup, Some(SeatMode::Rotate));
        assert!(rows[1].elo_low.is_some() && rows[1].elo_high.is_some() && rows[1].los.is_some(), "{rows:?}");
    }

    /// A Plackett–Luce rating's bootstrap interval is not symmetric around it: the table writes
    /// its bounds, not `± half-width` (which placed the interval wrongly); an unbounded end reads
    /// `-∞`, and a rating without a finite maximum says what it means.
    #[test]
    fn plackett_luce_ratings_show_their_bounds() {
        let row = |bot: &str, elo: Option<f64>, low: Option<f64>, high: Option<f64>| RatingRow {
            players: 3,
            seats: Some(SeatMode::Rotate),
            bot: bot.into(),
            anchor: "greedy".into(),
            method: "plackett_luce",
            games: 600,
            wins: 23,
            draws: 0,
            losses: 577,
            score: Some(0.038),
            draw_ratio: Some(0.0),
            elo,
            elo_low: low,
            elo_high: high,
            los: Some(0.0),
        };
        let rows = [
            row("greedy", Some(0.0), None, None),
            row("random", Some(-552.06), Some(-650.69), Some(-485.19)),
            row("mcts", Some(-25.0), Some(f64::NEG_INFINITY), Some(2.1)),
            row("never", Some(f64::NEG_INFINITY), Some(f64::NEG_INFINITY), Some(f64::NEG_INFINITY)),
        ];
        let table = ratings_table(&rows);
        assert!(table.contains(" -552.1 [-650.7, -485.2] ") && !table.contains("±"), "{table}");
        // Sole wins, shared wins (a team's or a tie's), losses: no draws in these games.
        assert!(table.lines().next().unwrap().contains(" wins/shared/losses ") && !table.contains("draws"), "{table}");
        assert!(table.contains(" -25.0 [-∞, +2.1] ") && table.contains(" -∞ (never ahead of greedy) "), "{table}");
        assert!(table.contains(" 0.0 (anchor) "), "{table}");
        let mut csv = Vec::new();
        write_ratings(&rows, &mut csv).unwrap();
        let csv = String::from_utf8(csv).unwrap();
        assert!(csv.lines().nth(4).unwrap().ends_with(",,,,0.000000"), "{csv}");
    }

    #[test]
    fn one_bot_has_no_ratings() {
        assert!(rating_rows(&Counts::default(), &["random".into()], None).is_empty());
    }
}
