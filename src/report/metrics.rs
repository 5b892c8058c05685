//! The design-metrics section of a report (runs with `metrics`): the rows of `metrics.csv` as a
//! table, one row per metric and one column per player count (mean with its 95% interval), and
//! five plots by player count, each value with its interval: `metrics_length.svg` (actions and
//! decisions per game), `metrics_branching.svg` (legal actions per decision, chance outcomes per
//! chance event), `metrics_lead.svg` (lead changes per game), `metrics_tension.svg` (decided-at
//! and drama, in %) and `metrics_seats.svg` (decisions per game of each seat); in a run where two
//! or more bots met, `metrics_skill.svg` (the skill depth, [`super::skill_plot`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::plot::{PlotError, Point, value_plot, win_rate_plot};
use super::table::Table;
use crate::stats::skill::skill_rows;
use crate::stats::{Counts, MetricRow, metric_rows};

/// The plots: file stem, title, vertical axis, whether the values are rates (plotted in %), and
/// which metrics (`seat` for the per-seat decisions).
const PLOTS: [(&str, &str, &str, bool, &[&str]); 5] = [
    ("metrics_length", "actions and decisions per game", "per game", false, &["actions", "decisions"]),
    (
        "metrics_branching",
        "legal actions per decision; outcomes per chance event",
        "count",
        false,
        &["branching", "chance_outcomes"],
    ),
    ("metrics_lead", "lead changes per game", "lead changes", false, &["lead_changes"]),
    (
        "metrics_tension",
        "when the winner led for good (decided at), and drama",
        "% (of the game; of value)",
        true,
        &["decided_at", "drama"],
    ),
    ("metrics_seats", "decisions per game by seat", "decisions", false, &["seat"]),
];

/// The table and plots of the design metrics in `counts`, the plots written into `dir`; `None`
/// and no plots without metrics.
///
/// # Errors
/// A plot that cannot be written.
pub fn metrics_section(counts: &Counts, dir: &Path, game: &str) -> Result<(Option<Table>, Vec<PathBuf>), PlotError> {
    let rows = metric_rows(counts);
    if rows.is_empty() {
        return Ok((None, Vec::new()));
    }
    let players: Vec<usize> = counts.metrics.keys().copied().collect();
    let mut by_metric: BTreeMap<&str, (usize, BTreeMap<usize, &MetricRow>)> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        by_metric.entry(&r.metric).or_insert((i, BTreeMap::new())).1.insert(r.players, r);
    }
    let mut order: Vec<(&str, usize)> = by_metric.iter().map(|(m, (i, _))| (*m, *i)).collect();
    // Whole-game metrics first, then the per-seat ones seat by seat (a larger player count adds
    // seats after the rows of a smaller one), the skill gaps last.
    let class = |m: &str| {
        let prefixes = ["decisions_seat", "win_rate_seat", "seat_advantage", "skill_"];
        match prefixes.iter().position(|p| m.starts_with(p)) {
            Some(k) => (k + 1, m[prefixes[k].len()..].parse().unwrap_or(0)),
            None => (0, 0),
        }
    };
    order.sort_by_key(|&(m, i)| (class(m), i));
    let cell = |r: Option<&&MetricRow>| match r.and_then(|r| r.mean.map(|m| (m, r.ci_low, r.ci_high))) {
        Some((m, Some(lo), Some(hi))) => format!("{m:.3} [{lo:.3}, {hi:.3}]"),
        Some((m, _, _)) => format!("{m:.3}"),
        None => "-".into(),
    };
    let table = Table {
        title: "design metrics (mean per game [95% interval]; see the README's \"Design metrics\")".into(),
        header: std::iter::once("metric".to_string()).chain(players.iter().map(|p| format!("{p} players"))).collect(),
        rows: order
            .iter()
            .map(|&(m, _)| {
                std::iter::once(m.to_string()).chain(players.iter().map(|p| cell(by_metric[m].1.get(p)))).collect()
            })
            .collect(),
    };
    let points = |metric: &str| -> Vec<Point> {
        let Some((_, rows)) = by_metric.get(metric) else { return Vec::new() };
        rows.values().filter_map(|r| Some((r.players, r.mean?, r.ci_low.or(r.mean)?, r.ci_high.or(r.mean)?))).collect()
    };
    let mut plots = Vec::new();
    for (stem, title, axis, rates, metrics) in PLOTS {
        let series: Vec<(String, Vec<Point>)> = match metrics {
            ["seat"] => order
                .iter()
                .filter_map(|&(m, _)| m.strip_prefix("decisions_seat").map(|s| (format!("seat {s}"), points(m))))
                .collect(),
            _ => metrics.iter().map(|m| (m.replace('_', " "), points(m))).collect(),
        };
        let series: Vec<_> = series.into_iter().filter(|(_, p)| !p.is_empty()).collect();
        if series.is_empty() {
            continue;
        }
        let path = dir.join(format!("{stem}.svg"));
        let title = format!("{game}: {title}");
        match rates {
            true => win_rate_plot(&path, &title, axis, &series)?,
            false => value_plot(&path, &title, axis, &series)?,
        }
        plots.push(path);
    }
    let skill = skill_rows(std::slice::from_ref(counts));
    if !skill.is_empty() {
        let path = dir.join("metrics_skill.svg");
        super::skill_plot(&path, game, &skill)?;
        plots.push(path);
    }
    Ok((Some(table), plots))
}
