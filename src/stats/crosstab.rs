//! Cross-tabulations of two labels (`meeple report DIR --by wonder,seat`): win rate and mean
//! score for every pair of values, from the pairs a run recorded in its counts (`meeple play
//! --crosstab wonder,seat`, [`CrossCounts`] in `counts.json`) or else from its `games.csv`. Both
//! sources reduce to the same integer sums per cell ([`CellCounts`]), and one function turns the
//! sums into the cell's rates and intervals ([`CrossCounts::cells`]), so the same run gives the
//! same bytes from either.
//!
//! Every seat of every finished game is one observation, with its value of each label: a seat
//! label from its `seat{s}_LABEL` column, `seat` its seat number, `bot` its bot, a game label the
//! game's value. A cell's win rate is its seats' wins (reward 1) over its seat-games, with the
//! 95% Wilson interval over the effective number of independent trials of the deal clusters
//! (the games of one seed at one player count: one game, or the rotations of one deal), as in
//! `summary.csv` ([`super::Clusters::effective_trials`]), times Korn & Graubard's (1998)
//! degrees-of-freedom factor `(z/t_{D−1})²` for the cell's `D` deals ([`super::cluster_wilson`],
//! as versus.csv's win share): the effective trials estimated from few deals are noisy, and
//! without the factor the interval held the truth about 90% of the time at 3 to 10 deals (issue
//! 40); its mean score (over the seat-games
//! with a score: a forfeited game has none) has the 95% t interval with the cluster
//! (linearization) variance of a ratio mean, `Σ(y − ȳ·n)² / (Σn)²` over deals (`y` the deal's
//! score sum and `n` its scored seats in the cell; Cochran 1977, §6.11), times `D/(D − 1)` for
//! its `D` deals with a score, and Student's t quantile on `D − 1` degrees of freedom (statrs),
//! as the versus margin's: a normal interval from 2 deals held the truth about 70% of the time.
//!
//! A game forfeited under `--forfeit loss` counts as the loss of the forfeiting seat (and the
//! others' shared win), as everywhere; its outcome labels were not recorded (the game stopped
//! before its end), so a pair with an outcome label leaves its seats out and counts them
//! ([`CrossCounts::left_out`]).

use std::collections::BTreeMap;
use std::io::{Read, Write};

use serde::{Deserialize, Serialize};

use super::wilson::deal_t_half_width;
use super::{Clusters, Z_95, cluster_wilson, value_order, wilson_interval, wilson_interval_of};

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
    /// Mean score with its 95% interval `(mean, low, high)`; `None` for a game without scores
    /// or a cell whose every seat-game lacks one (forfeits); `low` and `high` are NaN with a
    /// single deal: no interval, written empty in the CSV and `-`.
    pub score: Option<(f64, f64, f64)>,
}

/// The sums of one cell in one deal: its seats `m`, their wins `w`, its seats with a score `n`
/// and their score sum `y`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CellDeal {
    /// Seats of the cell in the deal's finished games.
    pub m: u64,
    /// Those that won (reward 1 or more).
    pub w: u64,
    /// Those with a final score.
    pub n: u64,
    /// Their scores' sum.
    pub y: i64,
}

impl CellDeal {
    /// Adds one seat: whether it won, and its final score if it has one.
    pub fn add_seat(&mut self, win: bool, score: Option<i64>) {
        self.m += 1;
        self.w += u64::from(win);
        if let Some(y) = score {
            self.n += 1;
            self.y += y;
        }
    }
}

/// The integer sums of one cell over its deals, from which [`CrossCounts::cells`] computes its
/// rate, mean score and intervals. Integers, so shards and threads merge them exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellCounts {
    /// Seat-games (`Σm`).
    pub games: u64,
    /// Wins among them (`Σw`).
    pub wins: u64,
    /// The deal sums of `(m, w)` ([`Clusters::add`]): deals, `Σm²`, `Σw·m`, `Σw²`.
    pub clusters: Clusters,
    /// The score sums (absent from `counts.json` for a game without scores).
    #[serde(default, skip_serializing_if = "CellScores::is_empty")]
    pub scores: CellScores,
}

/// The score sums of a cell over the deals where it has a scored seat: deals `D`, `Σn`, `Σy`,
/// `Σn²`, `Σy·n`, `Σy²`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellScores {
    /// Deals with a scored seat of the cell.
    pub deals: u64,
    /// Scored seat-games (`Σn`).
    pub seats: u64,
    /// Sum of their scores (`Σy`).
    pub sum: i64,
    /// `Σn²`.
    pub seats_sq: i64,
    /// `Σy·n`.
    pub sum_seats: i64,
    /// `Σy²`.
    pub sum_sq: i64,
}

impl CellScores {
    /// Whether no scored seat was recorded.
    pub fn is_empty(&self) -> bool {
        self.deals == 0
    }
}

impl CellCounts {
    /// Adds one deal's sums (nothing for a deal without a seat of the cell).
    pub fn add_deal(&mut self, d: CellDeal) {
        if d.m == 0 {
            return;
        }
        self.games += d.m;
        self.wins += d.w;
        self.clusters.add(d.m, d.w);
        if d.n > 0 {
            let (n, y) = (d.n as i64, d.y);
            let s = &mut self.scores;
            s.deals += 1;
            s.seats += d.n;
            s.sum += y;
            s.seats_sq += n * n;
            s.sum_seats += y * n;
            s.sum_sq += y * y;
        }
    }

    /// Adds every sum of `o`.
    pub fn merge(&mut self, o: &CellCounts) {
        self.games += o.games;
        self.wins += o.wins;
        self.clusters.merge(&o.clusters);
        let (s, t) = (&mut self.scores, &o.scores);
        s.deals += t.deals;
        s.seats += t.seats;
        s.sum += t.sum;
        s.seats_sq += t.seats_sq;
        s.sum_seats += t.sum_seats;
        s.sum_sq += t.sum_sq;
    }

    /// The cell of values `a`, `b` at `players` from these sums; with `scored` (the game has
    /// scores) its mean score too.
    pub fn cell(&self, players: usize, a: &str, b: &str, scored: bool) -> Cell {
        let (games, wins, c) = (self.games, self.wins, &self.clusters);
        let rate = wins as f64 / games as f64;
        // Korn & Graubard's factor for the cell's deals (one deal: Wilson over its trials).
        let kg = |n: f64| cluster_wilson(rate, n, c.games, Z_95).unwrap_or_else(|| wilson_interval_of(rate, n, Z_95));
        let (low, high) = match c.effective_trials(wins, games) {
            // No spread over the cell's deals (a seat winning once per rotated deal): the
            // deals, as for a rate of 0 or 1, not a zero-width interval.
            Some(n) if n.is_infinite() => kg(c.games as f64),
            Some(n) => kg(n),
            None => wilson_interval(wins, games, Z_95),
        };
        let s = &self.scores;
        let score = (scored && s.seats > 0).then(|| {
            let (n, y) = (i128::from(s.seats), i128::from(s.sum));
            let mean = s.sum as f64 / s.seats as f64;
            // N⁴·V = N²·Σy² − 2·N·Y·Σyn + Y²·Σn², exact in integers (N = Σn, Y = Σy), so that
            // both sources give the same bits.
            let scaled =
                n * n * i128::from(s.sum_sq) - 2 * n * y * i128::from(s.sum_seats) + y * y * i128::from(s.seats_sq);
            let v = scaled.max(0) as f64 / (s.seats as f64).powi(4);
            // The sum of squares over D deals estimates the variance with D/(D−1) too little, and
            // a variance from D deals takes Student's t on D − 1 degrees of freedom (as the
            // versus margin), not the normal quantile: a cell often has few deals.
            // One deal says nothing of the spread: no interval (NaN bounds, written empty/`-`).
            let half = deal_t_half_width(v, s.deals).unwrap_or(f64::NAN);
            (mean, mean - half, mean + half)
        });
        Cell { players, a: a.into(), b: b.into(), games, wins, win_rate: (rate, low, high), score }
    }
}

/// A cell's key: the player count and the two labels' values.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CellKey {
    /// Player count.
    pub players: usize,
    /// The first label's value.
    pub a: String,
    /// The second label's value.
    pub b: String,
}

/// The cross-tabulation of one pair of labels as integer sums: what `counts.json` records for a
/// pair declared with `--crosstab A,B` (under the key `A,B`), and what [`crosstab_counts`]
/// reads from `games.csv`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CrossCounts {
    /// The cells, by key.
    #[serde(with = "super::as_pairs")]
    pub cells: BTreeMap<CellKey, CellCounts>,
    /// Seat-games of forfeited games left out because a label of the pair is an outcome label
    /// (not recorded for a game that stopped before its end). Absent from `counts.json` when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub left_out: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl CrossCounts {
    /// Adds every sum of `o`.
    pub fn merge(&mut self, o: &CrossCounts) {
        for (k, c) in &o.cells {
            self.cells.entry(k.clone()).or_default().merge(c);
        }
        self.left_out += o.left_out;
    }

    /// The cells ([`CellCounts::cell`]) by player count, then the values of `a` and of `b` in
    /// value order; with `scored` (the game has scores) their mean scores too.
    pub fn cells(&self, scored: bool) -> Vec<Cell> {
        let mut out: Vec<Cell> = self.cells.iter().map(|(k, c)| c.cell(k.players, &k.a, &k.b, scored)).collect();
        out.sort_by(|x, y| {
            (x.players, value_order(&x.a), value_order(&x.b)).cmp(&(y.players, value_order(&y.a), value_order(&y.b)))
        });
        out
    }

    /// The same cells with the two labels' roles exchanged (`B,A` from `A,B`).
    pub fn transposed(&self) -> CrossCounts {
        let cells = self
            .cells
            .iter()
            .map(|(k, c)| (CellKey { players: k.players, a: k.b.clone(), b: k.a.clone() }, *c))
            .collect();
        CrossCounts { cells, left_out: self.left_out }
    }
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

/// The per-game columns of `games.csv` before its game labels; every other column before the
/// first `seat0_…` column is a game label.
const FIXED: [&str; 7] = ["players", "index", "seed", "length", "truncated", "forfeit_seat", "forfeit_reason"];
/// The per-seat columns that are not labels (`bot` is, as in `summary.csv`).
const SEAT_VALUES: [&str; 2] = ["reward", "score"];

/// The labels `games.csv`'s `header` holds, in column order: `seat`, then its seat labels (`bot`
/// first), then its game labels. Not the rewards, scores, metrics or bookkeeping columns.
pub fn labels_of(header: &[String]) -> Vec<String> {
    let first_seat = header.iter().position(|h| h.starts_with("seat0_")).unwrap_or(header.len());
    let mut known = vec!["seat".to_string()];
    known.extend(
        header.iter().filter_map(|h| h.strip_prefix("seat0_")).filter(|l| !SEAT_VALUES.contains(l)).map(String::from),
    );
    known.extend(header[..first_seat].iter().filter(|h| !FIXED.contains(&h.as_str())).cloned());
    known
}

/// The refusal of a label paired with itself: its table is a diagonal, the one-way table of
/// `balance.csv` and the verdict lines.
pub fn same_label(a: &str) -> String {
    // Examples with a label other than `a` (nc40d L5: `seat` was offered `seat,seat`).
    let examples = match a {
        "seat" => "seat,bot".to_string(),
        "bot" => "bot,seat".to_string(),
        _ => format!("{a},seat or {a},bot"),
    };
    format!(
        "`{a}` and `{a}` are the same label: the table would be its diagonal, the one-way rates that \
         balance.csv and the verdict lines already give; pair `{a}` with another label (e.g. {examples})"
    )
}

/// The refusal of two game labels: each cell would hold every seat of its games.
pub fn two_game_labels(a: &str, b: &str) -> String {
    format!(
        "`{a}` and `{b}` are both game labels: each cell would hold every seat of its games, so its win \
         rate is fixed by the number of winners (1/n), not by the labels; pair a game label with `seat`, \
         `bot` or a seat label instead (e.g. --by {a},seat), or count the games per pair of values in games.csv"
    )
}

/// The cross-tabulation of labels `a` and `b` over the finished games of `games_csv` (the text
/// of a run's `games.csv`) as integer sums, and whether the game has scores (`seat{s}_score`
/// columns). [`CrossCounts::cells`] gives its cells.
///
/// # Errors
/// The CSV cannot be read, or a label is neither `seat`, `bot`, a seat label (`seat0_LABEL`
/// column, not `reward` or `score`) nor a game label column (not a bookkeeping or metric
/// column); the message lists the labels there are. A label paired with itself, or two game labels.
pub fn crosstab_counts(games_csv: impl Read, a: &str, b: &str) -> Result<(CrossCounts, bool), String> {
    let mut reader = csv::Reader::from_reader(games_csv);
    let header: Vec<String> = reader.headers().map_err(|e| e.to_string())?.iter().map(String::from).collect();
    let col = |name: &str| header.iter().position(|h| h == name);
    let need = |name: &str| col(name).ok_or_else(|| format!("games.csv has no column `{name}`"));
    let (players_col, seed_col, truncated_col) = (need("players")?, need("seed")?, need("truncated")?);
    let forfeit_col = col("forfeit_seat");
    let seats = (0..).take_while(|s| col(&format!("seat{s}_reward")).is_some()).count();
    let labels = labels_of(&header);
    let first_seat = header.iter().position(|h| h.starts_with("seat0_")).unwrap_or(header.len());
    let source = |label: &str| -> Result<Source, String> {
        if !labels.iter().any(|l| l == label) {
            return Err(format!("no label `{label}` in games.csv; labels: {}", labels.join(", ")));
        }
        if label == "seat" {
            return Ok(Source::Seat);
        }
        if col(&format!("seat0_{label}")).is_some() {
            let cols = (0..seats).map(|s| col(&format!("seat{s}_{label}"))).collect::<Option<Vec<_>>>();
            return cols.map(Source::PerSeat).ok_or_else(|| format!("games.csv lacks a seat column of `{label}`"));
        }
        Ok(Source::Game(header[..first_seat].iter().position(|h| h == label).expect("a listed game label")))
    };
    let (source_a, source_b) = (source(a)?, source(b)?);
    if a == b {
        return Err(same_label(a));
    }
    // Two game labels put every seat of a game in one cell: its win rate is the game's share of
    // winners per seat (1/n with one winner), whatever the labels, so it answers nothing.
    if matches!((&source_a, &source_b), (Source::Game(_), Source::Game(_))) {
        return Err(two_game_labels(a, b));
    }
    let reward_cols: Vec<usize> = (0..seats).map(|s| col(&format!("seat{s}_reward")).expect("counted")).collect();
    let score_cols: Vec<Option<usize>> = (0..seats).map(|s| col(&format!("seat{s}_score"))).collect();
    let scored = score_cols.iter().any(Option::is_some);
    let value = |src: &Source, row: &csv::StringRecord, s: usize| match src {
        Source::Seat => s.to_string(),
        Source::PerSeat(cols) => row[cols[s]].to_string(),
        Source::Game(c) => row[*c].to_string(),
    };
    // Cell → deal (seed) → sums.
    let mut cells: BTreeMap<CellKey, BTreeMap<String, CellDeal>> = BTreeMap::new();
    let mut left_out = 0;
    for row in reader.records() {
        let row = row.map_err(|e| e.to_string())?;
        if &row[truncated_col] == "true" {
            continue;
        }
        let players: usize = row[players_col].parse().map_err(|e| format!("games.csv players: {e}"))?;
        let forfeited = forfeit_col.is_some_and(|c| !row[c].is_empty());
        for s in 0..players.min(seats) {
            let Ok(reward) = row[reward_cols[s]].parse::<f64>() else {
                continue; // A game forfeited under `--forfeit exclude` has no rewards.
            };
            let (va, vb) = (value(&source_a, &row, s), value(&source_b, &row, s));
            // A forfeited game's outcome labels are empty: not recorded, left out.
            if forfeited && (va.is_empty() || vb.is_empty()) {
                left_out += 1;
                continue;
            }
            let score = score_cols[s].and_then(|c| row[c].parse::<i64>().ok());
            let key = CellKey { players, a: va, b: vb };
            cells.entry(key).or_default().entry(row[seed_col].to_string()).or_default().add_seat(reward >= 1.0, score);
        }
    }
    let cells = cells
        .into_iter()
        .map(|(k, deals)| {
            let mut c = CellCounts::default();
            deals.into_values().for_each(|d| c.add_deal(d));
            (k, c)
        })
        .collect();
    Ok((CrossCounts { cells, left_out }, scored))
}

/// The cross-tabulation of labels `a` and `b` over the finished games of `games_csv`: the cells
/// of [`crosstab_counts`], by player count, then the values of `a` and of `b` in value order.
///
/// # Errors
/// As [`crosstab_counts`].
pub fn crosstab(games_csv: impl Read, a: &str, b: &str) -> Result<Vec<Cell>, String> {
    let (counts, scored) = crosstab_counts(games_csv, a, b)?;
    Ok(counts.cells(scored))
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
        // two deals, mean 3.5, Σ(y − 3.5m)² = 2.5² + 2.5² = 12.5, /2² → 3.125, ×2/1 → 6.25;
        // G3: Student's t on 1 degree of freedom (12.706), not z: ±31.77.
        let x1 = &cells[1];
        let (mean, low, high) = x1.score.unwrap();
        use statrs::distribution::{ContinuousCDF, StudentsT};
        let t1 = StudentsT::new(0.0, 1.0, 1.0).unwrap().inverse_cdf(0.975);
        assert_eq!(mean, 3.5);
        assert!((high - mean - t1 * 2.5).abs() < 1e-6 && (mean - low - t1 * 2.5).abs() < 1e-6, "{low} {high}");
        assert!((high - 35.27).abs() < 0.01, "{high}");
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
        // Seat 0 wins one of the two games of each of two deals (seeds 7 and 9), bot `a` in
        // both seats.
        let rows = "players,index,seed,length,truncated,seat0_bot,seat0_reward,seat1_bot,seat1_reward\n\
                    2,0,7,10,false,a,1,a,0\n2,1,7,10,false,a,0,a,1\n2,2,9,10,false,a,1,a,0\n2,3,9,10,false,a,0,a,1\n";
        let cells = crosstab(rows.as_bytes(), "seat", "bot").unwrap();
        let (rate, low, high) = cells[0].win_rate;
        // Wilson over the 2 deals with Korn & Graubard's factor (z/t_1)² (issue 40, H1).
        assert_eq!((rate, Some((low, high))), (0.5, cluster_wilson(0.5, 2.0, 2, Z_95)), "Wilson over the 2 deals");
        assert!(low < wilson_interval(1, 2, Z_95).0, "{low}");
    }

    /// How often a cell's 95% win-rate interval holds the true rate `p` in 1,000 simulated runs
    /// of `deals` deals, each giving the cell `m` seat-games that win independently with
    /// probability `p` (no games played: the cell's sums directly).
    fn cell_coverage(deals: usize, m: u64, p: f64, seed: u64) -> f64 {
        use rand::RngExt;
        let mut rng = crate::game::rng_from_seed(seed);
        let runs = 1000;
        let hits = (0..runs)
            .filter(|_| {
                let mut c = CellCounts::default();
                for _ in 0..deals {
                    let w = (0..m).filter(|_| rng.random::<f64>() < p).count() as u64;
                    c.games += m;
                    c.wins += w;
                    c.clusters.add(m, w);
                }
                let (_, low, high) = c.cell(4, "0", "x", false).win_rate;
                low <= p && p <= high
            })
            .count();
        hits as f64 / runs as f64
    }

    /// H1 (issue 40): a cell's win rate over few deals takes Korn & Graubard's factor, as the
    /// versus win share: 4 seat-games per deal winning with probability 1/4 each. Without it the
    /// interval held the truth 89% of the time at 5 deals and 91% at 10 (20,000 replicates in
    /// Python); with it 97.0% and 94.7%. At 5 deals it is conservative (Wilson's own terms are
    /// large), so only the lower bound is tight there.
    #[test]
    fn a_cell_win_rate_over_few_deals_covers_the_truth() {
        let at10 = cell_coverage(10, 4, 0.25, 40);
        assert!((0.93..=0.97).contains(&at10), "coverage {at10} at 10 deals");
        let at5 = cell_coverage(5, 4, 0.25, 41);
        assert!((0.93..=0.99).contains(&at5), "coverage {at5} at 5 deals");
    }

    /// nc40d L5: the refusal of a label paired with itself suggests other labels only.
    #[test]
    fn the_same_label_refusal_suggests_another_label() {
        assert!(same_label("seat").ends_with("(e.g. seat,bot)"), "{}", same_label("seat"));
        assert!(same_label("bot").ends_with("(e.g. bot,seat)"), "{}", same_label("bot"));
        assert!(same_label("role").ends_with("(e.g. role,seat or role,bot)"), "{}", same_label("role"));
    }

    #[test]
    fn game_labels_and_bots_cross_and_unknown_labels_are_named() {
        let cells = crosstab(GAMES.as_bytes(), "winner", "bot").unwrap();
        let north_a = cells.iter().find(|c| c.a == "north" && c.b == "a").unwrap();
        assert_eq!((north_a.games, north_a.wins), (2, 2));
        let err = crosstab(GAMES.as_bytes(), "colour", "seat").unwrap_err();
        assert_eq!(err, "no label `colour` in games.csv; labels: seat, bot, role, winner");
    }

    /// N7: a game forfeited under `--forfeit loss` counts as the forfeiting seat's loss with no
    /// score (the score column stays, over the scored seats); its outcome label is empty in
    /// games.csv, so a pair with it leaves its seats out and counts them. N6: columns that are
    /// not labels are refused.
    #[test]
    fn forfeits_count_as_losses_and_unrecorded_values_are_left_out() {
        let rows = "players,index,seed,length,truncated,forfeit_seat,forfeit_reason,winner,seat0_bot,seat0_reward,\
                    seat0_score,seat1_bot,seat1_reward,seat1_score\n\
                    2,0,7,10,false,,,north,a,1,5,b,0,3\n\
                    2,1,8,4,false,1,timeout,,a,1,,b,0,\n";
        let cells = crosstab(rows.as_bytes(), "bot", "seat").unwrap();
        let b1 = cells.iter().find(|c| c.a == "b" && c.b == "1").unwrap();
        let a0 = cells.iter().find(|c| c.a == "a" && c.b == "0").unwrap();
        assert_eq!((b1.games, b1.wins, a0.games, a0.wins), (2, 0, 2, 2));
        assert_eq!(b1.score.map(|s| s.0), Some(3.0), "the mean over the scored seat-game");
        let (counts, _) = crosstab_counts(rows.as_bytes(), "winner", "seat").unwrap();
        assert_eq!(counts.left_out, 2);
        assert!(counts.cells.keys().all(|k| !k.a.is_empty()), "{counts:?}");
        for bad in ["seat0_score", "reward", "forfeit_seat", "index"] {
            let err = crosstab(rows.as_bytes(), bad, "seat").unwrap_err();
            assert_eq!(err, format!("no label `{bad}` in games.csv; labels: seat, bot, winner"));
        }
    }

    /// The sums merge exactly, and a pair read the other way round gives the same cells.
    #[test]
    fn cross_counts_merge_and_transpose() {
        let (whole, scored) = crosstab_counts(GAMES.as_bytes(), "role", "seat").unwrap();
        let (ab, _) = crosstab_counts(&GAMES.as_bytes()[..GAMES.find("2,2,9").unwrap()], "role", "seat").unwrap();
        let header = GAMES.lines().next().unwrap();
        let rest = format!("{header}\n{}", &GAMES[GAMES.find("2,2,9").unwrap()..]);
        let (cd, _) = crosstab_counts(rest.as_bytes(), "role", "seat").unwrap();
        let mut merged = cd.clone();
        merged.merge(&ab);
        assert_eq!(merged, whole);
        let (ba, _) = crosstab_counts(GAMES.as_bytes(), "seat", "role").unwrap();
        assert_eq!(whole.transposed(), ba);
        assert_eq!(serde_json::from_str::<CrossCounts>(&serde_json::to_string(&whole).unwrap()).unwrap(), whole);
        assert!(scored);
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
