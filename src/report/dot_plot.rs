//! A dot plot for labels with many values (e.g. BANG!'s 16 characters), as SVG: one row per
//! value, in the order given (the report sorts them), a dot at each player count's rate with its
//! 95% interval as a horizontal bar, player counts told apart by colour ([`super::row_plot`]).

use std::path::Path;

use super::plot::{PlotError, Point};
use super::row_plot::{REPORT, RowPlot, Scale, row_plot};

/// Writes a dot plot of `rows` (value name, its points by player count), top row first, to an SVG
/// file at `path`, with `rate_axis` (e.g. `win rate (%)`) under the horizontal axis and `order`
/// (how the rows are sorted) in the legend line.
///
/// # Errors
/// [`PlotError`]: the file cannot be written (the message names it).
pub fn dot_plot(
    path: &Path,
    title: &str,
    rate_axis: &str,
    order: &str,
    rows: &[(String, Vec<Point>)],
) -> Result<(), PlotError> {
    let note = format!("dot: rate, bar: 95% Wilson interval; rows: {order}");
    row_plot(
        path,
        &RowPlot { title, axis: rate_axis, note: &note, rows, scale: Scale::Rates, layout: REPORT, greyed: &[] },
    )
}
