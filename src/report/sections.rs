//! The report's run sections, before the label tables: the spec that made the run, bot A
//! against bot B (`versus.csv`), and the SPRT's verdict with where it stopped.

use super::{ReportError, Table};
use crate::stats::{Counts, Verdict, VersusRow};
use crate::tournament::{RunRecord, Spec};

/// Keys of `spec.toml` in the order the spec table shows them, with what the row says; other
/// keys (a newer binary's) follow in the file's order under their own names.
const SPEC_ROWS: [(&str, &str); 11] = [
    ("game", "game"),
    ("options", "options"),
    ("players", "players"),
    ("bots", "bots"),
    ("seats", "seats"),
    ("games", "games (per player count)"),
    ("seed", "seed"),
    ("max_actions", "max_actions (action cap per game)"),
    ("per_game", "per_game (games.csv)"),
    ("sprt", "sprt"),
    ("shard", "shard"),
];

/// The spec table: every field of `spec_toml` (the run's `spec.toml`), one row each, with the
/// player counts the run played (from `counts`) when the file leaves them to the game; then, from
/// the run's `run.toml` (`record`), the options with their defaults, every bot's resolved
/// parameters, meeple's version and commit, the start date and the wall time.
///
/// # Errors
/// [`ReportError::SpecNotToml`]: `spec_toml` is not TOML.
pub fn spec_table(spec_toml: &str, record: Option<&RunRecord>, counts: &Counts) -> Result<Table, ReportError> {
    let mut fields: toml::Table = toml::from_str(spec_toml).map_err(ReportError::SpecNotToml)?;
    let mut rows = Vec::new();
    for (key, name) in SPEC_ROWS {
        let value = match fields.remove(key) {
            Some(v) => value_text(&v),
            None if key == "options" => "none set (the game's defaults)".into(),
            None if key == "players" => {
                let mut p: Vec<String> = counts.groups.keys().map(|k| k.players.to_string()).collect();
                p.dedup();
                format!("{} (the game's or the lineup's)", p.join(", "))
            }
            None => continue,
        };
        rows.push(vec![name.to_string(), value]);
    }
    // Cross-tabulated pairs read as pairs: `seat × bot; rounds × seat`, not `seat,bot, rounds,seat`.
    rows.extend(fields.iter().map(|(k, v)| match (k.as_str(), v) {
        ("crosstab", toml::Value::Array(items)) => {
            vec![k.clone(), super::pairs_text(items.iter().filter_map(toml::Value::as_str))]
        }
        _ => vec![k.clone(), value_text(v)],
    }));
    let Some(r) = record else {
        rows.push(vec!["run.toml".into(), "none (made before runs recorded their version and bots)".into()]);
        return Ok(Table { title: "spec (spec.toml)".into(), header: vec!["field".into(), "value".into()], rows });
    };
    let bots = r.bots.iter().map(|(name, resolved)| format!("{name} = {resolved}")).collect::<Vec<_>>();
    let commit = r.git_commit.as_ref().map_or(String::new(), |c| format!(", commit {c}"));
    rows.extend([
        vec!["options with defaults".into(), r.config.clone()],
        vec!["bots, resolved".into(), bots.join("; ")],
        vec!["meeple".into(), format!("{}{commit}", r.meeple_version)],
        vec!["started".into(), r.started.clone()],
        vec!["wall time".into(), format!("{:.1} s", r.wall_seconds)],
    ]);
    Ok(Table { title: "spec (spec.toml, run.toml)".into(), header: vec!["field".into(), "value".into()], rows })
}

/// A TOML value on one line: strings bare, arrays comma-separated, tables as `key = value` pairs.
fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        toml::Value::Array(items) => items.iter().map(value_text).collect::<Vec<_>>().join(", "),
        toml::Value::Table(t) if t.is_empty() => "none".into(),
        toml::Value::Table(t) => t.iter().map(|(k, v)| format!("{k} = {v}")).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

/// Bot A against bot B, one row per player count, as in `versus.csv`: A's score per game and
/// logistic Elo with their 95% intervals (over deals), the score margin for a game with scores,
/// the deals counted and left out (truncated; with a forfeit in the run, left out for one), and
/// the deal scores.
pub fn versus_table(rows: &[VersusRow]) -> Table {
    let pct = |x: Option<f64>| x.map_or("-".into(), |x| format!("{:.2}", 100.0 * x));
    let margins = rows.iter().any(|r| r.margin.is_some());
    // From three seats on the score is A's win share and the Elo its Plackett–Luce rating.
    let (score_head, elo_head) = match rows.iter().any(|r| r.ranked) {
        true => (
            "A's score % [95%] (3+ seats: win share, fair 100/n)",
            "Elo of A [95%] (3+ seats: Plackett–Luce, bootstrap over deals)",
        ),
        false => ("A's score % [95%]", "Elo of A [95%]"),
    };
    let mut header: Vec<String> =
        ["players", "seats", "bot A", "bot B", score_head, elo_head].map(String::from).to_vec();
    if margins {
        let unit = rows.iter().find_map(|r| r.score_unit.clone()).unwrap_or_else(|| "points".into());
        header.push(format!("margin of A, {unit} [95%]"));
    }
    let deal_scores = match rows.iter().any(|r| r.ranked) {
        true => "deal scores (A's points, 3+ seats: win shares: deals)",
        false => "deal scores (A's points: deals)",
    };
    header.extend(["deals × games", "truncated deals"].map(String::from));
    // With deals left out for a forfeit (`--forfeit exclude`): how many.
    let forfeits = rows.iter().any(|r| r.forfeited_deals.is_some_and(|k| k > 0));
    if forfeits {
        header.push("deals left out for a forfeit".into());
    }
    header.push(deal_scores.into());
    let body = rows
        .iter()
        .map(|r| {
            let mut row = vec![
                r.players.to_string(),
                r.seats.map_or("-".into(), |s| s.to_string()),
                r.bot_a.clone(),
                r.bot_b.clone(),
                format!("{} [{}, {}]", pct(r.score), pct(r.score_low), pct(r.score_high)),
                // As on the console: `-∞ (never ahead of B)` without a finite value.
                crate::stats::plackett_luce::rating_with_interval(r.elo, r.elo_low, r.elo_high, &r.bot_b),
            ];
            if margins {
                let m = |x: Option<f64>| x.map_or("-".into(), |x| format!("{x:+.2}"));
                // A forfeited game has no scores: say when the margin rests on fewer deals.
                let over = match r.margin_deals.filter(|&d| d < r.deals) {
                    Some(d) => format!(" ({d} of {} deals)", r.deals),
                    None => String::new(),
                };
                row.push(format!("{} [{}, {}]{over}", m(r.margin), m(r.margin_low), m(r.margin_high)));
            }
            row.push(format!("{} × {}", r.deals, r.games_per_deal));
            row.push(r.truncated_deals.to_string());
            if forfeits {
                row.push(r.forfeited_deals.unwrap_or(0).to_string());
            }
            row.push(r.deal_scores.clone());
            row
        })
        .collect();
    Table { title: "bot A against bot B (versus.csv)".into(), header, rows: body }
}

/// Games played by the series of `row` (its deals counted, truncated and left out for a
/// forfeit) and its game limit (whole deals of `spec.games`).
pub fn played_and_limit(row: &VersusRow, spec: &Spec) -> (u64, u64) {
    let m = row.games_per_deal.max(1) as u64;
    ((row.deals + row.truncated_deals + row.forfeited_deals.unwrap_or(0)) * m, spec.games / m * m)
}

/// The SPRT of every player count (runs with `sprt`): the log-likelihood ratio against its
/// bounds, the verdict, and where the series stopped.
pub fn sprt_table(rows: &[VersusRow], spec: &Spec) -> Option<Table> {
    let sprt = spec.sprt.as_ref()?;
    let header = ["players", "test", "LLR [H0 bound, H1 bound]", "verdict", "stopped"].map(String::from).to_vec();
    let body = rows
        .iter()
        .filter_map(|r| {
            let (llr, verdict) = (r.sprt_llr?, r.sprt_verdict?);
            let (lower, upper) = sprt.bounds();
            let (played, limit) = played_and_limit(r, spec);
            let stopped = if played < limit {
                format!("early, after {played} of {limit} games")
            } else {
                format!("at the game limit, {limit} games")
            };
            let verdict = match verdict {
                Verdict::H0 => format!("H0 accepted: elo <= {}", sprt.elo0),
                Verdict::H1 => format!("H1 accepted: elo >= {}", sprt.elo1),
                Verdict::Inconclusive => "inconclusive".into(),
            };
            Some(vec![
                r.players.to_string(),
                format!("{sprt}"),
                format!("{llr:.3} [{lower:.3}, {upper:.3}]"),
                verdict,
                stopped,
            ])
        })
        .collect();
    // At three or more seats the SPRT tests the pairwise score, not the Plackett–Luce rating.
    let title = match rows.iter().any(|r| r.ranked) {
        true => "SPRT (logistic Elo of A over B; 3+ seats: of the pairwise score, not the Plackett–Luce rating)",
        false => "SPRT (logistic Elo of A over B)",
    };
    Some(Table { title: title.into(), header, rows: body })
}
