//! The tables a run prints when it ends (and `meeple merge` after merging), from its counts alone.
//!
//! One-player (score attack) groups come first, in a table of their own: with no opponent there
//! is no win, so a seat's result is its reward and its score. That table gives, per group, the
//! mean reward and, for a game with scores, the mean score with its 95% interval and the 10th,
//! 50th and 90th percentiles. Every other row (every row at 2 or more players, and the game labels
//! of one-player games) goes to a rate table: win rate with its 95% Wilson interval, truncated
//! games, mean length and, for a game with scores, the mean score; per-game labels (BANG!'s
//! `winner`) first, under their own header, since their rate is the share of the finished games
//! that ended with the value, then the seat groups. Then one line per bot A against bot B, then
//! the balance verdicts ([`super::balance_text`], as `balance.csv`).

use crate::stats::{Counts, Sprt, SummaryRow, mean_interval, summary_rows, versus_rows};
use crate::tournament::SeatMode;

/// Whether `r` belongs to the one-player table: a one-player row of `all` or of a seat label.
pub fn is_solo_row(r: &SummaryRow, counts: &Counts) -> bool {
    r.players == 1 && !counts.game_labels.contains(&r.label)
}

/// The 95% interval of a one-player row's mean score (one seat per game: its games are
/// independent observations); `None` without scores or with fewer than 2 games.
pub fn solo_score_interval(r: &SummaryRow) -> Option<(f64, f64)> {
    mean_interval(r.score_mean?, r.score_sd?, r.games)
}

/// The run's tables as the terminal shows them (see the module docs), each line ending in `\n`.
/// `seats` is the run's seating, which the versus lines name (`None` when unknown: old specs).
pub fn run_tables(counts: &Counts, seats: Option<SeatMode>, sprt: Option<&Sprt>) -> String {
    let (solo, rest): (Vec<SummaryRow>, Vec<SummaryRow>) =
        summary_rows(counts).into_iter().partition(|r| is_solo_row(r, counts));
    let unit = counts.scoring.as_ref().map(|s| s.unit.as_str());
    let mut out = String::new();
    if !solo.is_empty() {
        out += &solo_table(&solo, unit);
    }
    // Per-game labels (BANG!'s `winner`) under their own header: their rate is the share of the
    // finished games that ended with the value, not a seat's win rate.
    let (game, seat): (Vec<SummaryRow>, Vec<SummaryRow>) =
        rest.iter().cloned().partition(|r| counts.game_labels.contains(&r.label));
    if !game.is_empty() {
        out += "per-game labels: share of the finished games that ended with each value (summary.csv: wins)\n";
        out += &win_rate_table(&game, unit, "share");
    }
    if !seat.is_empty() {
        out += &win_rate_table(&seat, unit, "win_rate");
    }
    for r in solo.iter().chain(&rest).filter(|r| r.label == "bot" && r.forfeits > 0) {
        // `all` counts the forfeits scored as losses; none under `--forfeit exclude`.
        let scored =
            counts.groups.iter().any(|(k, g)| k.players == r.players && k.label == "all" && g.forfeits_scored > 0);
        let how = match scored {
            true => "scored as losses above (--forfeit loss, the default)",
            false => "left out of the counts above (--forfeit exclude)",
        };
        out += &format!(
            "{} players: bot {} forfeited {} games, {how}; reasons: games.csv's forfeit_reason column (written with --per-game)\n",
            r.players, r.value, r.forfeits
        );
    }
    for r in versus_rows(counts, seats, sprt) {
        out += &format!("{r}\n");
    }
    out + &super::balance_text(counts, seats)
}

fn float(x: Option<f64>, decimals: usize) -> String {
    x.map_or("-".into(), |x| format!("{x:.decimals$}"))
}

fn int(x: Option<i64>) -> String {
    x.map_or("-".into(), |x| x.to_string())
}

/// One-player groups: mean reward, then the score statistics when the game has scores.
fn solo_table(rows: &[SummaryRow], unit: Option<&str>) -> String {
    let mut out = "1 player (score attack: no opponent, so no wins; the reward is the game's)\n".to_string();
    let score_header = match unit {
        Some(u) => format!(
            "  {:>w$}  {:<16} {:>6}  {:>6}  {:>6}",
            format!("mean {u}"),
            "95% interval",
            "p10",
            "median",
            "p90",
            w = 5 + u.len()
        ),
        None => String::new(),
    };
    out += &format!(
        "{:<18} {:<16} {:>10}  {:>11}{score_header}  {:>9}  {:>10}\n",
        "label", "value", "games", "mean_reward", "truncated", "mean_len"
    );
    for r in rows {
        let score = match unit {
            Some(u) => {
                let interval = solo_score_interval(r).map_or("-".into(), |(lo, hi)| format!("[{lo:.1}, {hi:.1}]"));
                format!(
                    "  {:>w$}  {interval:<16} {:>6}  {:>6}  {:>6}",
                    float(r.score_mean, 1),
                    int(r.score_p10),
                    int(r.score_median),
                    int(r.score_p90),
                    w = 5 + u.len()
                )
            }
            None => String::new(),
        };
        out += &format!(
            "{:<18} {:<16} {:>10}  {:>11}{score}  {:>9}  {:>10}\n",
            r.label,
            r.value,
            r.games,
            float(r.mean_reward, 3),
            r.truncated,
            float(r.length_mean, 1)
        );
    }
    out
}

/// Rates (`rate`: `win_rate`, or `share` for per-game labels) with their 95% Wilson interval (and
/// the mean score when the game has scores).
fn win_rate_table(rows: &[SummaryRow], unit: Option<&str>, rate: &str) -> String {
    let score_column = match unit {
        Some(u) if rows.iter().any(|r| r.score_mean.is_some()) => format!("  mean {u}"),
        _ => String::new(),
    };
    let mut out = format!(
        "{:>7}  {:<18} {:<16} {:>10} {:>9}  {:<19} {:>9}  {:>10}{score_column}\n",
        "players", "label", "value", "games", rate, "95% interval", "truncated", "mean_len"
    );
    for r in rows {
        let pct = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{:.2}%", 100.0 * x));
        let interval = format!("[{}, {}]", pct(r.win_rate_low), pct(r.win_rate_high));
        let score = match &score_column[..] {
            "" => String::new(),
            _ => format!("  {:>w$}", float(r.score_mean, 1), w = score_column.len() - 2),
        };
        out += &format!(
            "{:>7}  {:<18} {:<16} {:>10} {:>9}  {:<19} {:>9}  {:>10}{score}\n",
            r.players,
            r.label,
            r.value,
            r.games,
            pct(r.win_rate),
            interval,
            r.truncated,
            float(r.length_mean, 1)
        );
    }
    out
}
