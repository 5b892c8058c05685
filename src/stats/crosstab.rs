//! Cross-tabulations of two labels (`meeple report DIR --by wonder,seat`): win rate and mean
//! score for every pair of values, from a run's `games.csv` (the counts keep one label at a
//! time, so pairs need the per-game rows).
//!
//! Every seat of every finished game is one observation, with its value of each label: a seat
//! label from its `seat{s}_LABEL` column, `seat` its seat number, `bot` its bot, a game label the
//! game's value. A cell's win rate is its seats' wins (reward 1) over its seat-games, with the
//! 95% Wilson interval over the effective number of independent trials of the deal clusters
//! (the games of one seed at one player count: one game, or the rotations of one deal), as in
//! `summary.csv` ([`super::Clusters::effective_trials`]); its mean score has the normal 95%
//! interval with the cluster (linearization) variance of a ratio mean, `Σ(y − ȳ·m)² / (Σm)²`
//! over deals (`y` the deal's score sum and `m` its seats in the cell; Cochran 1977, §6.11).

use std::collections::BTreeMap;
use std::io::{Read, Write};

use serde::Serialize;

use super::{Clusters, Z_95, value_order, wilson_interval, wilson_interval_of};

/// One cell: a pair of values at a player count.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    /// Player count.
    pub players: usize,
    /// The first label's value.
    pub a: String,
    /// The second label's value.
    pub b: String,
    /// Seat-games in the cell.
    pub games: u64,
    /// Wins (reward 1 or more) among them.
    pub wins: u64,
    /// `wins / games` with its 95% interval `(rate, low, high)`.
    pub win_rate: (f64, f64, f64),
    /// Mean score with its 95% interval `(mean, low, high)`; `None` without scores (`low` and
    /// `high` are NaN with a single deal: no interval, written empty in the CSV and `-`).
    pub score: Option<(f64, f64, f64)>,
}

/// Per-deal sums of a cell: seats `m`, wins `w`, score sum `y`, and `y²`-free cross sums are
/// not needed: the variance is taken in a second pass over the deals.
#[derive(Debug, Clone, Copy, Default)]
struct Deal {
    m: u64,
    w: u64,
    y: i64,
}

/// Where a label's value comes from in a `games.csv` row of `players` seats.
enum Source {
    /// The seat number.
    Seat,
    /// Column `seat{s}_LABEL` for seat `s`: the column of each seat.
    PerSeat(Vec<usize>),
    /// A game label's column.
    Game(usize),
}

/// The cross-tabulation of labels `a` and `b` over the finished games of `games_csv` (the text
/// of a run's `games.csv`), cells by player count, then the values of `a` and of `b` in value
/// order.
///
/// # Errors
/// The CSV cannot be read, or a label is neither `seat`, `bot`, a seat label (`seat0_LABEL`
/// column) nor a game label column; the message lists the labels there are.
pub fn crosstab(games_csv: impl Read, a: &str, b: &str) -> Result<Vec<Cell>, String> {
    let mut reader = csv::Reader::from_reader(games_csv);
    let header: Vec<String> = reader.headers().map_err(|e| e.to_string())?.iter().map(String::from).collect();
    let col = |name: &str| header.iter().position(|h| h == name);
    let need = |name: &str| col(name).ok_or_else(|| format!("games.csv has no column `{name}`"));
    let (players_col, seed_col, truncated_col) = (need("players")?, need("seed")?, need("truncated")?);
    let seats = (0..).take_while(|s| col(&format!("seat{s}_reward")).is_some()).count();
    let source = |label: &str| -> Result<Source, String> {
        if label == "seat" {
            return Ok(Source::Seat);
        }
        if col(&format!("seat0_{label}")).is_some() {
            let cols = (0..seats).map(|s| col(&format!("seat{s}_{label}"))).collect::<Option<Vec<_>>>();
            return cols.map(Source::PerSeat).ok_or_else(|| format!("games.csv lacks a seat column of `{label}`"));
        }
        let fixed = ["players", "index", "seed", "length", "truncated"];
        match col(label).filter(|_| !fixed.contains(&label)) {
            Some(c) => Ok(Source::Game(c)),
            None => {
                let mut known: Vec<&str> = vec!["seat"];
                known.extend(
                    header.iter().filter_map(|h| h.strip_prefix("seat0_")).filter(|l| *l != "reward" && *l != "score"),
                );
                let first_seat = header.iter().position(|h| h.starts_with("seat0_")).unwrap_or(header.len());
                known.extend(header[..first_seat].iter().map(String::as_str).filter(|h| !fixed.contains(h)));
                Err(format!("no label `{label}` in games.csv; labels: {}", known.join(", ")))
            }
        }
    };
    let (source_a, source_b) = (source(a)?, source(b)?);
    // Two game labels put every seat of a game in one cell: its win rate is the game's share of
    // winners per seat (1/n with one winner), whatever the labels, so it answers nothing.
    if matches!((&source_a, &source_b), (Source::Game(_), Source::Game(_))) {
        return Err(format!(
            "`{a}` and `{b}` are both game labels: each cell would hold every seat of its games, so its win \
             rate is fixed by the number of winners (1/n), not by the labels; pair a game label with `seat`, \
             `bot` or a seat label instead (e.g. --by {a},seat), or count the games per pair of values in games.csv"
        ));
    }
    let score_cols: Vec<Option<usize>> = (0..seats).map(|s| col(&format!("seat{s}_score"))).collect();
    let value = |src: &Source, row: &csv::StringRecord, s: usize| match src {
        Source::Seat => s.to_string(),
        Source::PerSeat(cols) => row[cols[s]].to_string(),
        Source::Game(c) => row[*c].to_string(),
    };
    // Cell → deal (seed) → sums, all in first-seen-independent (sorted) order.
    let mut cells: BTreeMap<(usize, String, String), BTreeMap<String, Deal>> = BTreeMap::new();
    let mut scored = true;
    for row in reader.records() {
        let row = row.map_err(|e| e.to_string())?;
        if &row[truncated_col] == "true" {
            continue;
        }
        let players: usize = row[players_col].parse().map_err(|e| format!("games.csv players: {e}"))?;
        for s in 0..players.min(seats) {
            let Ok(reward) =
                row[header.iter().position(|h| *h == format!("seat{s}_reward")).expect("counted")].parse::<f64>()
            else {
                continue; // A forfeited game has no rewards.
            };
            let score = score_cols[s].and_then(|c| row[c].parse::<i64>().ok());
            scored &= score.is_some();
            let key = (players, value(&source_a, &row, s), value(&source_b, &row, s));
            let deal = cells.entry(key).or_default().entry(row[seed_col].to_string()).or_default();
            deal.m += 1;
            deal.w += u64::from(reward >= 1.0);
            deal.y += score.unwrap_or(0);
        }
    }
    let mut out: Vec<Cell> = cells
        .into_iter()
        .map(|((players, a, b), deals)| {
            let mut c = Clusters::default();
            deals.values().for_each(|d| c.add(d.m, d.w));
            let (games, wins) = deals.values().fold((0, 0), |(m, w), d| (m + d.m, w + d.w));
            let rate = wins as f64 / games as f64;
            let (low, high) = match c.effective_trials(wins, games) {
                // No spread over the cell's deals (a seat winning once per rotated deal): the
                // deals, as for a rate of 0 or 1, not a zero-width interval.
                Some(n) if n.is_infinite() => wilson_interval_of(rate, deals.len() as f64, Z_95),
                Some(n) => wilson_interval_of(rate, n, Z_95),
                None => wilson_interval(wins, games, Z_95),
            };
            let score = scored.then(|| {
                let mean = deals.values().map(|d| d.y as f64).sum::<f64>() / games as f64;
                let v = deals.values().map(|d| (d.y as f64 - mean * d.m as f64).powi(2)).sum::<f64>()
                    / (games as f64).powi(2);
                // The sum of squares over n deals estimates the variance with n/(n−1) too little.
                let n = deals.len() as f64;
                // One deal says nothing of the spread: no interval (NaN bounds, written empty/`-`).
                let half = if n > 1.0 { Z_95 * (v * n / (n - 1.0)).sqrt() } else { f64::NAN };
                (mean, mean - half, mean + half)
            });
            Cell { players, a, b, games, wins, win_rate: (rate, low, high), score }
        })
        .collect();
    out.sort_by(|x, y| {
        (x.players, value_order(&x.a), value_order(&x.b)).cmp(&(y.players, value_order(&y.a), value_order(&y.b)))
    });
    Ok(out)
}

#[derive(Serialize)]
struct Row<'a> {
    players: usize,
    a: &'a str,
    b: &'a str,
    games: u64,
    wins: u64,
    win_rate: String,
    win_rate_low: String,
    win_rate_high: String,
    score_mean: Option<String>,
    score_low: Option<String>,
    score_high: Option<String>,
}

/// Writes `cells` as CSV (`crosstab_A_B.csv`): `players`, the two labels' names as the value
/// columns' headers, `games`, `wins`, `win_rate` with its interval, and the mean score with its
/// interval (empty without scores); floats with 6 decimals.
///
/// # Errors
/// Any I/O error of `out`.
pub fn write_crosstab<W: Write>(cells: &[Cell], a: &str, b: &str, out: W) -> csv::Result<()> {
    let mut w = csv::WriterBuilder::new().has_headers(false).from_writer(out);
    w.write_record([
        "players",
        a,
        b,
        "games",
        "wins",
        "win_rate",
        "win_rate_low",
        "win_rate_high",
        "score_mean",
        "score_low",
        "score_high",
    ])?;
    let f = |x: f64| format!("{x:.6}");
    for c in cells {
        w.serialize(Row {
            players: c.players,
            a: &c.a,
            b: &c.b,
            games: c.games,
            wins: c.wins,
            win_rate: f(c.win_rate.0),
            win_rate_low: f(c.win_rate.1),
            win_rate_high: f(c.win_rate.2),
            score_mean: c.score.map(|s| f(s.0)),
            score_low: c.score.filter(|s| !s.1.is_nan()).map(|s| f(s.1)),
            score_high: c.score.filter(|s| !s.2.is_nan()).map(|s| f(s.2)),
        })?;
    }
    w.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str = "\
players,index,seed,length,truncated,winner,seat0_bot,seat0_role,seat0_reward,seat0_score,seat1_bot,seat1_role,seat1_reward,seat1_score
2,0,7,10,false,north,a,x,1,5,b,y,0,3
2,1,7,12,false,south,b,y,0,2,a,x,1,6
2,2,9,11,false,north,a,y,1,4,b,x,0,1
2,3,9,11,true,north,a,y,,,b,x,,
";

    #[test]
    fn cells_count_seats_of_finished_games_by_deal() {
        let cells = crosstab(GAMES.as_bytes(), "role", "seat").unwrap();
        let keys: Vec<(&str, &str, u64, u64)> =
            cells.iter().map(|c| (c.a.as_str(), c.b.as_str(), c.games, c.wins)).collect();
        assert_eq!(keys, [("x", "0", 1, 1), ("x", "1", 2, 1), ("y", "0", 2, 1), ("y", "1", 1, 0)]);
        // role x at seat 1: game 1 (seed 7, won, 6 points) and game 2 (seed 9, lost, 1 point):
        // two deals, mean 3.5, Σ(y − 3.5m)² = 2.5² + 2.5² = 12.5, /2² → 3.125, ×2/1 → 6.25.
        let x1 = &cells[1];
        let (mean, low, high) = x1.score.unwrap();
        assert_eq!(mean, 3.5);
        assert!((high - mean - Z_95 * 2.5).abs() < 1e-12 && (mean - low - Z_95 * 2.5).abs() < 1e-12);
        // Its win rate: 1 of 2, one seat per deal, the plain Wilson interval.
        assert_eq!(x1.win_rate, (0.5, wilson_interval(1, 2, Z_95).0, wilson_interval(1, 2, Z_95).1));
    }

    /// nc40 F4: a mean from one deal had the interval [m, m]; a seat winning exactly one game of
    /// each rotated deal had a win rate of zero width.
    #[test]
    fn one_deal_or_no_spread_gives_no_zero_width_interval() {
        let cells = crosstab(GAMES.as_bytes(), "role", "seat").unwrap();
        let x0 = &cells[0]; // role x at seat 0: one game, one deal
        let (mean, low, high) = x0.score.unwrap();
        assert!(mean == 5.0 && low.is_nan() && high.is_nan(), "{x0:?}");
        let mut out = Vec::new();
        write_crosstab(&cells, "role", "seat", &mut out).unwrap();
        assert!(String::from_utf8(out).unwrap().contains("\n2,x,0,1,1,1.000000,0.206549,1.000000,5.000000,,\n"));
        // Seat 0 wins one of the two games of each of two deals (seeds 7 and 9) in rotation.
        let rows = "players,index,seed,length,truncated,seat0_bot,seat0_reward,seat1_bot,seat1_reward\n\
                    2,0,7,10,false,a,1,b,0\n2,1,7,10,false,b,0,a,1\n2,2,9,10,false,a,1,b,0\n2,3,9,10,false,b,0,a,1\n";
        let cells = crosstab(rows.as_bytes(), "seat", "seat").unwrap();
        let (rate, low, high) = cells[0].win_rate;
        assert_eq!((rate, (low, high)), (0.5, wilson_interval(1, 2, Z_95)), "Wilson over the 2 deals");
    }

    #[test]
    fn game_labels_and_bots_cross_and_unknown_labels_are_named() {
        let cells = crosstab(GAMES.as_bytes(), "winner", "bot").unwrap();
        let north_a = cells.iter().find(|c| c.a == "north" && c.b == "a").unwrap();
        assert_eq!((north_a.games, north_a.wins), (2, 2));
        let err = crosstab(GAMES.as_bytes(), "colour", "seat").unwrap_err();
        assert_eq!(err, "no label `colour` in games.csv; labels: seat, bot, role, winner");
    }

    #[test]
    fn the_csv_names_the_labels_in_its_header() {
        let cells = crosstab(GAMES.as_bytes(), "role", "seat").unwrap();
        let mut out = Vec::new();
        write_crosstab(&cells, "role", "seat", &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let mut lines = text.lines();
        assert_eq!(
            lines.next(),
            Some("players,role,seat,games,wins,win_rate,win_rate_low,win_rate_high,score_mean,score_low,score_high")
        );
        assert_eq!(lines.next(), Some("2,x,0,1,1,1.000000,0.206549,1.000000,5.000000,,"));
    }
}
