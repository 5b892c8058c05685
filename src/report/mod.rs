//! `meeple report DIR`: human-readable tables and plots from a run's outputs.
//!
//! Reads `counts.json` (and `spec.toml` and `run.toml` for the spec, the game name and the bot
//! lineup) and derives everything through [`summary_rows`], so its numbers are exactly
//! those of `summary.csv`. First the run: its spec ([`spec_table`]), the [`caveats`] about its
//! numbers, bot A against bot B ([`versus_table`], as `versus.csv`), the SPRT with where it
//! stopped ([`sprt_table`]) and the bot ratings for runs of several bots. Then tables: first, for
//! one-player (score attack) games, their seat groups' mean reward and score (with the 95%
//! interval of the mean and percentiles), since alone there is no win; they are left out of the
//! win-rate tables and plots. Then the balance verdicts ([`balance_table`], as `balance.csv`).
//! Then for every label (game labels such as `winner` first, `seat` and
//! `bot` last), the win rate (share of games, for a game label) of each value per player count
//! with its 95% Wilson interval; the game length per player count. For a game with scores, a score
//! section: the distribution of every seat's final score per player count, and the mean score
//! (with its 10th and 90th percentiles) of each value of every label (and the versus table has A's
//! score margin). Writes them to `DIR/report.md` (markdown), one plot `DIR/LABEL.svg` per label
//! with 2 to 40 values (up to 8 values, win rate by player count with error bars; more, a dot plot
//! with one row per value, names sorted by rate, see [`dot_plot`]), and for a game with scores one
//! box plot `DIR/scores_Np.svg` per player count `N` (score distributions by seat and by bot).
//! For a run with design metrics, last, their table and plots ([`metrics_section`]). For a run
//! that recorded cross-tabulations (`--crosstab A,B`), before the metrics, each pair's table
//! with `DIR/crosstab_A_B.csv` and its heat maps, as `meeple report DIR --by A,B` writes them
//! ([`recorded_crosstabs`]).

mod balance;
mod caveats;
mod console;
mod crosstab;
mod dot_plot;
mod heat_map;
mod metrics;
mod plot;
mod row_plot;
mod sections;
mod skill;
mod table;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub use balance::{balance_lines, balance_table, balance_text};
pub use caveats::{MATERIAL_TRUNCATION, caveats};
pub use console::{is_solo_row, run_tables, solo_score_interval};
pub use crosstab::{crosstab_report, pairs_text, recorded_crosstabs};
pub use dot_plot::dot_plot;
pub use heat_map::heat_map;
pub use metrics::metrics_section;
pub use plot::{PlotError, Point, ScoreBox, score_box_plot, value_plot, win_rate_plot};
pub use row_plot::{Layout, REPORT, RowPlot, Scale, WIDE, row_plot};
pub use sections::{played_and_limit, spec_table, sprt_table, versus_table};
pub use skill::skill_plot;
pub use table::Table;

use crate::stats::{Counts, ScoreUnit, SummaryRow, rating_rows, ratings_table, summary_rows, value_order, versus_rows};
use crate::tournament::{Holder, LockError, OutputError, OutputLock, RunRecord, Spec, files, read_counts, unfinished};

/// The report file written into the run directory.
pub const REPORT_FILE: &str = "report.md";

/// Most values a label may have to get a line plot by player count (more lines would not read).
const MAX_PLOTTED_VALUES: usize = 8;

/// Most values a label may have to get a dot plot (more rows would not read).
const MAX_DOT_VALUES: usize = 40;

/// A run's report.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The spec that made the run (`None` for a directory without `spec.toml`).
    pub spec: Option<Table>,
    /// Caveats about the numbers (material truncation, an SPRT stopped early): `meeple report`
    /// prints them as warnings, `report.md` lists them.
    pub warnings: Vec<String>,
    /// Bot A against bot B, one row per player count (lineups `A,B,…,B`), as in `versus.csv`.
    pub versus: Option<Table>,
    /// The SPRT's verdict and where it stopped, one row per player count (runs with `sprt`).
    pub sprt: Option<Table>,
    /// The ratings table (terminal form), for runs of several bots.
    pub ratings: Option<String>,
    /// Win rates by label, then game lengths.
    pub tables: Vec<Table>,
    /// The plot files written.
    pub plots: Vec<PathBuf>,
}

impl Report {
    /// The spec, then `caveats`, versus, the SPRT, `ratings` and the label tables, each table
    /// rendered by `table`.
    fn render(&self, table: fn(&Table) -> String, caveats: String, ratings: String) -> String {
        let mut out = self.spec.as_ref().map_or(String::new(), |s| table(s) + "\n") + &caveats;
        [&self.versus, &self.sprt].into_iter().flatten().for_each(|t| out += &(table(t) + "\n"));
        out += &ratings;
        self.tables.iter().for_each(|t| out += &(table(t) + "\n"));
        out
    }

    /// The whole report as terminal text (the caveats are printed apart, as warnings).
    pub fn text(&self) -> String {
        let ratings = self.ratings.as_ref().map_or(String::new(), |r| format!("## ratings\n{r}\n"));
        self.render(Table::text, String::new(), ratings)
    }

    /// The whole report as markdown: the spec, the caveats, versus, SPRT, ratings, label tables,
    /// then the plots.
    pub fn markdown(&self, title: &str) -> String {
        let caveats = match self.warnings.is_empty() {
            true => String::new(),
            false => {
                format!("## caveats\n\n{}\n", self.warnings.iter().map(|w| format!("- {w}\n")).collect::<String>())
            }
        };
        let ratings = self.ratings.as_ref().map_or(String::new(), |r| format!("## ratings\n\n```\n{r}```\n\n"));
        let mut out = format!("# {title}\n\n") + &self.render(Table::markdown, caveats, ratings);
        for p in &self.plots {
            let name = p.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
            out += &format!("![{name}]({name})\n\n");
        }
        out
    }
}

/// Why a report could not be made. Every message names the directory or file.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The directory does not exist.
    #[error("no run directory at {}: {}", .0.display(), if .0.exists() { "not a directory" } else { "no such directory" })]
    NoRunDirectory(PathBuf),
    /// A file of the run cannot be read or parsed (e.g. no `counts.json`), or `report.md` cannot
    /// be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The run's `spec.toml` is not TOML.
    #[error("spec.toml is not TOML: {0}")]
    SpecNotToml(#[source] toml::de::Error),
    /// A plot cannot be written.
    #[error(transparent)]
    Plot(#[from] PlotError),
    /// A recorded cross-tabulation's files cannot be written (the message names the file).
    #[error("{0}")]
    Crosstab(String),
    /// Another process holds the run's folder (a run growing it, a merge writing it): a report
    /// made now could mix the run's states.
    #[error(
        "{} is in use by {holder}; no report was made: make it once that {} has finished",
        .dir.display(), .holder.kind
    )]
    Busy {
        /// The run's folder.
        dir: PathBuf,
        /// Who holds it.
        holder: Holder,
    },
}

/// Locks the run folder `dir` for a report ([`OutputLock`], as `play`, `run` and `merge` do): a
/// report reads the run's files and writes its own there, so it never runs while the folder is
/// written (a run growing, a merge), nor a run while it reads. Keep the lock until the report is
/// written.
///
/// # Errors
/// [`ReportError::Busy`] naming the holder, or the folder cannot be locked.
pub fn lock_run(dir: &Path) -> Result<OutputLock, ReportError> {
    OutputLock::acquire(dir).map_err(|e| match e {
        LockError::Busy { dir, holder } => ReportError::Busy { dir, holder },
        e => ReportError::Output(e.into()),
    })
}

/// Builds the report of the run in `dir`, writes `dir/report.md` and the plots, and returns it.
///
/// # Errors
/// [`ReportError`]: `dir` is not a run directory (no `counts.json`), a file cannot be parsed, or
/// an output cannot be written; the message names the file.
pub fn report(dir: &Path) -> Result<Report, ReportError> {
    if !dir.is_dir() {
        return Err(ReportError::NoRunDirectory(dir.to_path_buf()));
    }
    let _lock = lock_run(dir)?;
    // A growth interrupted: its counts are the smaller run's, and a report of them would stay.
    if let Some(e) = unfinished(dir) {
        return Err(e.into());
    }
    let mut counts = read_counts(dir)?;
    // A counts.json or games.csv edited since the run wrote it is not reported, nor a run's whose
    // record of them is missing.
    if dir.join(files::SPEC).is_file() {
        let record = RunRecord::load_finished(dir)?;
        record.check_counts(dir)?;
        record.check_games(dir)?;
    }
    let spec_path = dir.join(files::SPEC);
    let spec = spec_path.is_file().then(|| Spec::from_file(&spec_path)).transpose()?;
    // Counts made before `outcome_labels`: the game's declarations say which labels are outcomes.
    if counts.outcome_labels.is_empty()
        && let Some(entry) = spec.as_ref().and_then(|s| crate::registry::find(&s.game).ok())
    {
        counts.outcome_labels = [entry.seat_label_fields, entry.game_label_fields]
            .into_iter()
            .flat_map(crate::labels::outcome_names)
            .map(str::to_string)
            .collect();
    }
    let game = spec.as_ref().map_or("run", |s| s.game.as_str());
    let lineup = spec.as_ref().map_or(&[][..], |s| &s.bots[..]);

    let rows = summary_rows(&counts);
    let mut by_label: BTreeMap<&str, Vec<&SummaryRow>> = BTreeMap::new();
    // One-player seat rows have no wins (see `solo_table`); their game labels are shares of games.
    for r in rows.iter().filter(|r| r.label != "all" && !is_solo_row(r, &counts)) {
        by_label.entry(&r.label).or_default().push(r);
    }
    let mut labels: Vec<&str> = by_label.keys().copied().collect();
    let place = |l: &str| match counts.game_labels.iter().position(|g| g == l) {
        Some(i) => (0, i),
        None if l == "seat" => (2, 0),
        None if l == "bot" => (3, 0),
        None => (1, 0),
    };
    labels.sort_by_key(|l| (place(l), *l));

    let solo: Vec<&SummaryRow> = rows.iter().filter(|r| r.label != "all" && is_solo_row(r, &counts)).collect();
    let mut tables: Vec<Table> =
        (!solo.is_empty()).then(|| solo_table(&solo, counts.scoring.as_ref())).into_iter().collect();
    tables.extend(balance_table(&counts, spec.as_ref().and_then(|s| s.seats)));
    tables.extend(labels.iter().map(|l| win_rate_table(l, &by_label[l], &counts)));
    tables.push(length_table(&rows));
    let mut plots = Vec::new();
    if let Some(unit) = &counts.scoring {
        tables.push(score_distribution_table(&rows, unit));
        tables.extend(labels.iter().map(|l| score_table(l, &by_label[l], unit, &counts)));
        for players in player_counts(&rows.iter().collect::<Vec<_>>()) {
            // Alone, the seat is the bot: one panel.
            let by: &[(&str, &str)] =
                if players == 1 { &[("bot", "by bot")] } else { &[("seat", "by seat"), ("bot", "by bot")] };
            let panels: Vec<(String, Vec<ScoreBox>)> = by
                .iter()
                .map(|&(label, title)| (title.to_string(), score_boxes(&counts, players, label)))
                .filter(|(_, boxes)| !boxes.is_empty())
                .collect();
            if panels.is_empty() {
                continue;
            }
            let path = dir.join(format!("scores_{players}p.svg"));
            let title = format!("{game}: final {} at {}", unit.describe(), players_name(players));
            score_box_plot(&path, &title, &unit.unit, &panels)?;
            plots.push(path);
        }
    }
    for label in labels {
        let series = plot_series(&by_label[label]);
        // A label whose games were all truncated has no rates to plot.
        let finished = series.iter().any(|(_, points)| !points.is_empty());
        let what = if counts.game_labels.iter().any(|g| g == label) { "share of games" } else { "win rate" };
        let path = dir.join(format!("{label}.svg"));
        let title = format!("{game}: {what} by {label} (95% Wilson intervals)");
        if !finished || series.len() < 2 || series.len() > MAX_DOT_VALUES {
            continue;
        } else if series.len() <= MAX_PLOTTED_VALUES {
            win_rate_plot(&path, &title, &format!("{what} (%)"), &series)?;
        } else {
            let (order, rows) = dot_order(series);
            dot_plot(&path, &title, &format!("{what} (%)"), order, &rows)?;
        }
        plots.push(path);
    }
    // The cross-tabulations the run recorded (`--crosstab A,B`), as `--by A,B` gives them.
    let (cross_tables, cross_maps) = recorded_crosstabs(dir, &counts).map_err(ReportError::Crosstab)?;
    tables.extend(cross_tables);
    plots.extend(cross_maps);
    let (metrics_table, metrics_plots) = metrics_section(&counts, dir, game)?;
    tables.extend(metrics_table);
    plots.extend(metrics_plots);
    let seats = spec.as_ref().and_then(|s| s.seats);
    let ratings = rating_rows(&counts, lineup, seats);
    let mut warnings = caveats(&counts, spec.as_ref());
    // A bot with a time budget makes the run not reproducible (nc44 F4): from run.toml's bots,
    // so that runs made before the caveat was recorded get it too.
    if let Some(record) = RunRecord::load(dir)? {
        warnings
            .extend(record.bots.iter().filter_map(|(name, resolved)| crate::bots::time_budget_caveat(name, resolved)));
    }
    let versus = versus_rows(&counts, seats, spec.as_ref().and_then(|s| s.sprt.as_ref()));
    warnings.extend(stale_tables(dir, &counts, &versus));
    let spec_table = match spec_path.is_file() {
        true => Some(spec_table(&read(&spec_path)?, RunRecord::load(dir)?.as_ref(), &counts)?),
        false => None,
    };
    let report = Report {
        spec: spec_table,
        warnings,
        versus: (!versus.is_empty()).then(|| versus_table(&versus)),
        sprt: spec.as_ref().and_then(|s| sprt_table(&versus, s)),
        ratings: (!ratings.is_empty()).then(|| ratings_table(&ratings)),
        tables,
        plots,
    };
    let md = dir.join(REPORT_FILE);
    std::fs::write(&md, report.markdown(&format!("{game} run {}", dir.display()))).map_err(OutputError::write(&md))?;
    Ok(report)
}

/// The caveat of a run whose `versus.csv`, `balance.csv` or `summary.csv` differ from what its
/// counts give now (written by an older meeple: other intervals, other columns), so that the
/// folder does not hold two sets of numbers with nothing saying which is current (nc40d L7);
/// `None` when they agree (a file the run did not write is not compared).
fn stale_tables(dir: &Path, counts: &Counts, versus: &[crate::stats::VersusRow]) -> Option<String> {
    let mut now: Vec<(&str, Vec<u8>)> = Vec::new();
    let mut bytes = Vec::new();
    if !versus.is_empty() && crate::stats::write_versus(versus, &mut bytes).is_ok() {
        now.push((files::VERSUS, std::mem::take(&mut bytes)));
    }
    let balance = crate::stats::balance::balance_rows(&crate::stats::balance::balance(counts));
    if crate::stats::balance::write_balance(&balance, &mut bytes).is_ok() {
        now.push((files::BALANCE, std::mem::take(&mut bytes)));
    }
    if crate::stats::write_summary(&summary_rows(counts), &mut bytes).is_ok() {
        now.push((files::SUMMARY, bytes));
    }
    let stale: Vec<&str> = now
        .into_iter()
        .filter(|(name, b)| std::fs::read(dir.join(name)).is_ok_and(|old| old != *b))
        .map(|(name, _)| name)
        .collect();
    (!stale.is_empty()).then(|| {
        format!(
            "{} of this folder {} written by an older meeple and {} other numbers than this report, which is \
             recomputed from counts.json; `meeple run {}/spec.toml --out {}` rewrites {} (it plays nothing; add \
             `--bots-dir DIR` when the run's bot profiles are not in ./bots; a folder whose bots' profiles \
             changed since is refused and keeps these files)",
            stale.join(", "),
            if stale.len() == 1 { "was" } else { "were" },
            if stale.len() == 1 { "gives" } else { "give" },
            dir.display(),
            dir.display(),
            if stale.len() == 1 { "it" } else { "them" }
        )
    })
}

fn read(path: &Path) -> Result<String, OutputError> {
    std::fs::read_to_string(path).map_err(OutputError::read(path))
}

/// Label values in display order ([`value_order`]: numbers and bands by value, then names).
fn sorted_values<'a>(rows: &[&'a SummaryRow]) -> Vec<&'a str> {
    let mut values: Vec<&str> = rows.iter().map(|r| r.value.as_str()).collect();
    values.sort_by_key(|v| value_order(v));
    values.dedup();
    values
}

/// `1 player`, `2 players`, …
fn players_name(players: usize) -> String {
    format!("{players} player{}", if players == 1 { "" } else { "s" })
}

fn player_counts(rows: &[&SummaryRow]) -> Vec<usize> {
    let mut p: Vec<usize> = rows.iter().map(|r| r.players).collect();
    p.sort();
    p.dedup();
    p
}

/// The win-rate cell of a row: `44.94% [44.63, 45.25]` (percent, 95% Wilson interval).
pub fn rate_cell(r: &SummaryRow) -> String {
    match (r.win_rate, r.win_rate_low, r.win_rate_high) {
        (Some(x), Some(lo), Some(hi)) => format!("{:.2}% [{:.2}, {:.2}]", 100.0 * x, 100.0 * lo, 100.0 * hi),
        _ => "-".into(),
    }
}

/// The header and rows of a table with one row per value of `label` and one column per player
/// count, each cell `cell(row)` of that value and count, or `-` where there is none.
fn value_by_players(
    label: &str,
    rows: &[&SummaryRow],
    cell: fn(&SummaryRow) -> String,
) -> (Vec<String>, Vec<Vec<String>>) {
    let players = player_counts(rows);
    let mut header = vec![label.to_string()];
    header.extend(players.iter().map(|&p| players_name(p)));
    let body = sorted_values(rows)
        .into_iter()
        .map(|v| {
            let mut row = vec![v.to_string()];
            row.extend(
                players
                    .iter()
                    .map(|&p| rows.iter().find(|r| r.players == p && r.value == v).map_or("-".into(), |r| cell(r))),
            );
            row
        })
        .collect();
    (header, body)
}

fn win_rate_table(label: &str, rows: &[&SummaryRow], counts: &Counts) -> Table {
    let what = if counts.game_labels.iter().any(|g| g == label) { "share of games" } else { "win rate" };
    let (header, body) = value_by_players(label, rows, rate_cell);
    Table { title: format!("{what} by {label} (95% Wilson interval)"), header, rows: body }
}

fn length_table(rows: &[SummaryRow]) -> Table {
    let header = ["players", "games", "truncated", "mean", "sd", "min", "p10", "median", "p90", "max"];
    let opt = |x: Option<i64>| x.map_or("-".into(), |x| x.to_string());
    let body = rows
        .iter()
        .filter(|r| r.label == "all")
        .map(|r| {
            let float = |x: Option<f64>| x.map_or("-".into(), |x| format!("{x:.1}"));
            vec![
                r.players.to_string(),
                r.games.to_string(),
                r.truncated.to_string(),
                float(r.length_mean),
                float(r.length_sd),
                opt(r.length_min),
                opt(r.length_p10),
                opt(r.length_median),
                opt(r.length_p90),
                opt(r.length_max),
            ]
        })
        .collect();
    Table {
        title: "game length in actions (finished games)".into(),
        header: header.map(String::from).to_vec(),
        rows: body,
    }
}

/// One-player (score attack) rows: with no opponent there is no win, so each seat-label value
/// shows its mean reward and, when the game has scores, its score (mean with its 95% interval,
/// 10th, 50th and 90th percentiles). Bots and seats first.
fn solo_table(rows: &[&SummaryRow], unit: Option<&ScoreUnit>) -> Table {
    let mut rows = rows.to_vec();
    let first = |l: &str| match l {
        "bot" => 0,
        "seat" => 1,
        _ => 2,
    };
    rows.sort_by(|a, b| {
        (first(&a.label), &a.label, value_order(&a.value)).cmp(&(first(&b.label), &b.label, value_order(&b.value)))
    });
    let mut header = vec!["label", "value", "games", "mean reward"];
    if unit.is_some() {
        header.extend(["mean score [95%]", "p10", "median", "p90"]);
    }
    let opt = |x: Option<i64>| x.map_or("-".into(), |x| x.to_string());
    let body = rows
        .iter()
        .map(|r| {
            let mut row = vec![r.label.clone(), r.value.clone(), r.games.to_string()];
            row.push(r.mean_reward.map_or("-".into(), |x| format!("{x:.3}")));
            if unit.is_some() {
                row.push(match (r.score_mean, solo_score_interval(r)) {
                    (Some(m), Some((lo, hi))) => format!("{m:.1} [{lo:.1}, {hi:.1}]"),
                    (m, _) => m.map_or("-".into(), |m| format!("{m:.1}")),
                });
                row.extend([opt(r.score_p10), opt(r.score_median), opt(r.score_p90)]);
            }
            row
        })
        .collect();
    let score =
        unit.map_or(String::new(), |u| format!(", final {}: mean with its 95% interval, percentiles", u.describe()));
    Table {
        title: format!("1 player (score attack): mean reward{score}; no opponent, so no wins"),
        header: header.into_iter().map(String::from).collect(),
        rows: body,
    }
}

/// Score statistics over every seat of the finished games, per player count.
fn score_distribution_table(rows: &[SummaryRow], unit: &ScoreUnit) -> Table {
    let header = ["players", "seats", "mean", "sd", "min", "p10", "median", "p90", "max"];
    let opt = |x: Option<i64>| x.map_or("-".into(), |x| x.to_string());
    let float = |x: Option<f64>| x.map_or("-".into(), |x| format!("{x:.1}"));
    let body = rows
        .iter()
        .filter(|r| r.label == "all")
        .map(|r| {
            vec![
                r.players.to_string(),
                (r.games * r.players as u64).to_string(),
                float(r.score_mean),
                float(r.score_sd),
                opt(r.score_min),
                opt(r.score_p10),
                opt(r.score_median),
                opt(r.score_p90),
                opt(r.score_max),
            ]
        })
        .collect();
    Table {
        title: format!("final {} of every seat (finished games)", unit.describe()),
        header: header.map(String::from).to_vec(),
        rows: body,
    }
}

/// The score cell of a row: `52.3 (30 to 75)` (mean, then the 10th and 90th percentiles).
pub fn score_cell(r: &SummaryRow) -> String {
    match (r.score_mean, r.score_p10, r.score_p90) {
        (Some(m), Some(lo), Some(hi)) => format!("{m:.1} ({lo} to {hi})"),
        _ => "-".into(),
    }
}

fn score_table(label: &str, rows: &[&SummaryRow], unit: &ScoreUnit, counts: &Counts) -> Table {
    let (header, body) = value_by_players(label, rows, score_cell);
    let game_label = counts.game_labels.iter().any(|g| g == label);
    let whose = if game_label { "every seat of the games with that value" } else { "the seats with that value" };
    Table {
        title: format!("mean final {} by {label} ({whose}; 10th to 90th percentile)", unit.describe()),
        header,
        rows: body,
    }
}

/// The score distribution of every value of `label` (`seat` or `bot`) at `players` seats, in
/// value order; empty when the run has no scores there.
fn score_boxes(counts: &Counts, players: usize, label: &str) -> Vec<ScoreBox> {
    let mut groups: Vec<_> =
        counts.groups.iter().filter(|(k, g)| k.players == players && k.label == label && !g.score.is_empty()).collect();
    groups.sort_by(|(a, _), (b, _)| value_order(&a.value).cmp(&value_order(&b.value)));
    groups
        .into_iter()
        .map(|(k, g)| {
            let q = |x: f64| g.score.quantile(x).expect("not empty");
            ScoreBox {
                name: k.value.clone(),
                quantiles: [q(0.0), q(0.1), q(0.25), q(0.5), q(0.75), q(0.9), q(1.0)],
                mean: g.score.mean_sd().expect("not empty").0,
            }
        })
        .collect()
}

/// The rows of a dot plot, top first: values that are names by their mean rate over the player
/// counts, highest first (ties in value order); values that are all numbers or bands (rounds,
/// scores) keep their value order, which carries meaning. Values without a rate are left out.
/// Returns how the rows are sorted (for the plot's legend) and the rows.
fn dot_order(mut series: Vec<(String, Vec<Point>)>) -> (&'static str, Vec<(String, Vec<Point>)>) {
    series.retain(|(_, points)| !points.is_empty());
    if !series.iter().any(|(v, _)| value_order(v).0) {
        return ("in value order", series);
    }
    let mean = |points: &[Point]| points.iter().map(|p| p.1).sum::<f64>() / points.len() as f64;
    // A stable sort keeps the value order among equal means.
    series.sort_by(|a, b| mean(&b.1).total_cmp(&mean(&a.1)));
    ("highest mean rate over the player counts first", series)
}

fn plot_series(rows: &[&SummaryRow]) -> Vec<(String, Vec<Point>)> {
    sorted_values(rows)
        .into_iter()
        .map(|v| {
            let points = rows
                .iter()
                .filter(|r| r.value == v)
                .filter_map(|r| Some((r.players, r.win_rate?, r.win_rate_low?, r.win_rate_high?)))
                .collect();
            (v.to_string(), points)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// nc40d L7: `meeple report` on a folder whose versus.csv an older meeple wrote says so in
    /// the caveats; a current one gives no caveat.
    #[test]
    fn a_stale_versus_csv_is_a_caveat() {
        let tmp = tempfile::tempdir().unwrap();
        let mut counts = Counts::default();
        let mut v = crate::stats::VersusCounts::new("a", "b", 2);
        [1_000_000, 500_000, 2_000_000].iter().for_each(|&m| v.add_deal(m));
        counts.versus.insert(2, v);
        let versus = versus_rows(&counts, None, None);
        let mut current = Vec::new();
        crate::stats::write_versus(&versus, &mut current).unwrap();
        std::fs::write(tmp.path().join(files::VERSUS), &current).unwrap();
        assert_eq!(stale_tables(tmp.path(), &counts, &versus), None);
        std::fs::write(tmp.path().join(files::VERSUS), "players,score\n2,0.5\n").unwrap();
        let caveat = stale_tables(tmp.path(), &counts, &versus).unwrap();
        assert!(caveat.starts_with("versus.csv of this folder was written by an older meeple"), "{caveat}");
        // nc40e N6: the rerun it suggests needs --bots-dir outside the repository's root.
        assert!(caveat.contains("--bots-dir DIR") && caveat.contains("is refused"), "{caveat}");
    }

    /// nc40d L8: a path that is a file is "not a directory", not "no such directory".
    #[test]
    fn a_file_given_as_the_run_directory_is_not_a_directory() {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("afile");
        std::fs::write(&file, "").unwrap();
        assert!(ReportError::NoRunDirectory(file).to_string().ends_with(": not a directory"));
        let gone = tmp.path().join("gone");
        assert!(ReportError::NoRunDirectory(gone).to_string().ends_with(": no such directory"));
    }

    fn series(values: &[(&str, f64)]) -> Vec<(String, Vec<Point>)> {
        values.iter().map(|&(v, rate)| (v.to_string(), vec![(4, rate, rate - 0.1, rate + 0.1)])).collect()
    }

    #[test]
    fn dot_rows_of_names_sort_by_rate_and_numbers_keep_their_order() {
        let names = |rows: &[(String, Vec<Point>)]| rows.iter().map(|r| r.0.clone()).collect::<Vec<_>>();
        let (order, rows) = dot_order(series(&[("ann", 0.2), ("bob", 0.5), ("cy", 0.2), ("dee", 0.3)]));
        assert_eq!(
            (order, names(&rows)),
            (
                "highest mean rate over the player counts first",
                vec!["bob".to_string(), "dee".into(), "ann".into(), "cy".into()]
            )
        );
        let mut numbers = series(&[("3", 0.2), ("10", 0.5), ("25-49", 0.1)]);
        numbers.push(("99".into(), vec![]));
        let (order, rows) = dot_order(numbers);
        assert_eq!((order, names(&rows)), ("in value order", vec!["3".to_string(), "10".into(), "25-49".into()]));
    }
}
