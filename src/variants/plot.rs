//! `sweep.svg`: the objective per variant, one row per variant (top: variant 1), a dot at each
//! player count's gap with its 95% interval as a bar, in percentage points, and a line at 0 (the
//! reference). A raced-out variant's row is grey, its name ends `(raced out after round K)` and
//! the note under the plot says so. Drawn by the report's row plot ([`crate::report::row_plot`]).

use std::path::Path;

use crate::report::{RowPlot, Scale, WIDE, row_plot};

/// A variant's row: its name and its points `(players, gap, low, high)`, gaps as fractions.
pub type GapRow = (String, Vec<(usize, f64, f64, f64)>);

/// Writes the plot of `rows` (top first) to `path`, titled `title`, with `axis` under the
/// horizontal axis; the rows `raced_out` (indices into `rows`) are grey.
///
/// # Errors
/// The file cannot be written (the message names it).
pub fn gap_plot(path: &Path, title: &str, axis: &str, rows: &[GapRow], raced_out: &[usize]) -> Result<(), String> {
    let note = if raced_out.is_empty() {
        "dot: gap from the reference, bar: its 95% interval (balance.csv)"
    } else {
        "dot: gap from the reference, bar: its 95% interval (balance.csv); grey: raced out, fewer games"
    };
    let p = RowPlot { title, axis, note, rows, scale: Scale::Gaps, layout: WIDE, greyed: raced_out };
    row_plot(path, &p).map_err(|e| e.to_string())
}
