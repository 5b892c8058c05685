//! A dot plot for labels with many values (e.g. BANG!'s 16 characters), as SVG: one row per
//! value, in the order given (the report sorts them), a dot at each player count's rate with its
//! 95% interval as a horizontal bar, player counts told apart by colour.
//!
//! Like the other plots, drawn with `plotters`' SVG backend and the viewer's `sans-serif` font.

use std::path::Path;

use plotters::prelude::*;

use super::plot::{PlotError, Point};

/// Pixel height of one value's row per player count drawn in it (at least [`MIN_ROW`]).
const ROW_PER_COUNT: u32 = 9;

/// Least pixel height of one value's row.
const MIN_ROW: u32 = 24;

/// Colours of the player counts, in order: the Okabe–Ito palette, told apart with any colour
/// vision (after the 7th count they repeat).
const COLOURS: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
];

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
    draw(path, title, rate_axis, order, rows).map_err(PlotError::at(path))
}

fn draw(
    path: &Path,
    title: &str,
    rate_axis: &str,
    order: &str,
    rows: &[(String, Vec<Point>)],
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let mut counts: Vec<usize> = rows.iter().flat_map(|r| r.1.iter().map(|p| p.0)).collect();
    counts.sort_unstable();
    counts.dedup();
    let points = || rows.iter().flat_map(|r| &r.1);
    let low = 100.0 * points().map(|p| p.2).fold(1.0, f64::min);
    let high = 100.0 * points().map(|p| p.3).fold(0.0, f64::max);
    let pad = ((high - low) * 0.05).max(0.5);
    let (low, high) = ((low - pad).max(0.0), (high + pad).min(100.0));
    let n = rows.len();
    let row = (ROW_PER_COUNT * counts.len() as u32).max(MIN_ROW);
    let longest = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(1) as u32;
    let page = SVGBackend::new(path, (900, 165 + row * n as u32)).into_drawing_area();
    page.fill(&WHITE)?;
    let (root, foot) = page.split_vertically(110 + row * n as u32);
    legend(&foot, order, &counts)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(20 + 9 * longest)
        .build_cartesian_2d(low..high, -0.5..n as f64 - 0.5)?;
    let digits = if high - low < 5.0 { 1 } else { 0 };
    // Row k (from the top) sits at y = n - 1 - k.
    let name = |y: &f64| {
        let k = y.round();
        let top = n as f64 - 1.0 - k;
        if (y - k).abs() < 1e-6 && (0.0..n as f64).contains(&top) {
            rows[top as usize].0.clone()
        } else {
            String::new()
        }
    };
    chart
        .configure_mesh()
        .x_desc(rate_axis)
        .x_label_formatter(&|x| format!("{x:.digits$}"))
        .y_labels(n)
        .y_label_formatter(&name)
        .light_line_style(WHITE)
        .label_style(("sans-serif", 15))
        .axis_desc_style(("sans-serif", 17))
        .draw()?;
    let m = counts.len() as f64;
    for (k, (_, pts)) in rows.iter().enumerate() {
        for p in pts {
            let j = counts.iter().position(|&c| c == p.0).expect("a count of the rows") as f64;
            // Player counts side by side within the row, first count on top.
            let y = (n - 1 - k) as f64 - (j - (m - 1.0) / 2.0) * (0.8 / m);
            let color = COLOURS[j as usize % COLOURS.len()];
            let (rate, lo, hi) = (100.0 * p.1, 100.0 * p.2, 100.0 * p.3);
            chart.draw_series([ErrorBar::new_horizontal(y, lo, rate, hi, color.stroke_width(2), 6)])?;
            chart.draw_series([Circle::new((rate, y), 4, color.filled())])?;
        }
    }
    page.present()?;
    Ok(())
}

/// Two lines under the plot: the colour of every player count, then what dots and bars show and
/// the row `order`.
fn legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    order: &str,
    counts: &[usize],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = ("sans-serif", 15);
    area.draw(&Text::new(format!("dot: rate, bar: 95% Wilson interval; rows: {order}"), (20, 30), style))?;
    let mut x = 25;
    for (j, c) in counts.iter().enumerate() {
        let color = COLOURS[j % COLOURS.len()];
        area.draw(&Circle::new((x, 12), 5, color.filled()))?;
        let players = if *c == 1 { "1 player".to_string() } else { format!("{c} players") };
        area.draw(&Text::new(players, (x + 10, 4), style))?;
        x += 100;
    }
    Ok(())
}
