//! The skill-depth plot (`skill.svg` of a gauntlet or round-robin and of `meeple skill --out`,
//! `metrics_skill.svg` of a report): one row per pair of bots, a dot at each player count's
//! win-rate gap of the first bot over the second with its 95% interval ([`SkillRow`]), in
//! percentage points, and a line at 0 (equal play). A ladder random < greedy < ISMCTS with
//! large gaps is room for skill; gaps near 0 mean luck decides.

use std::path::Path;

use super::plot::{PlotError, Point};
use super::row_plot::{RowPlot, Scale, WIDE, row_plot};
use crate::stats::skill::SkillRow;

/// Writes the skill-depth plot of `rows` (as [`crate::stats::skill::skill_rows`] orders them:
/// by player count, then pair) to an SVG file at `path`, titled after `game`: one row per pair
/// `bot vs opponent`, in the order the pairs first appear.
///
/// # Errors
/// [`PlotError`]: the file cannot be written (the message names it).
pub fn skill_plot(path: &Path, game: &str, rows: &[SkillRow]) -> Result<(), PlotError> {
    let mut pairs: Vec<(String, Vec<Point>)> = Vec::new();
    for r in rows {
        let name = format!("{} vs {}", r.bot, r.opponent);
        let (Some(gap), Some(low), Some(high)) = (r.gap, r.ci_low, r.ci_high) else { continue };
        match pairs.iter_mut().find(|p| p.0 == name) {
            Some(p) => p.1.push((r.players, gap, low, high)),
            None => pairs.push((name, vec![(r.players, gap, low, high)])),
        }
    }
    let title = format!("{game}: skill depth, win-rate gap between bots");
    let note = "dot: (wins - losses) / results of the first bot against the second, bar: its 95% interval (skill.csv)";
    row_plot(
        path,
        &RowPlot {
            title: &title,
            axis: "win-rate gap (percentage points)",
            note,
            rows: &pairs,
            scale: Scale::Gaps,
            layout: WIDE,
            greyed: &[],
        },
    )
}
