//! Row plots, as SVG: one row per name, top row first, a dot at each player count's value with
//! its 95% interval as a horizontal bar, player counts told apart by colour (the Okabe–Ito
//! palette) and listed under the plot. The report's dot plots of labels with many values
//! ([`super::dot_plot`]), the skill-depth plots ([`super::skill_plot`]) and a sweep's gaps
//! (`crate::variants`) are drawn by [`row_plot`] in one of two [`Scale`]s.
//!
//! Like the other plots, drawn with `plotters`' SVG backend and the viewer's `sans-serif` font
//! (see [`super::plot`]).

use std::path::Path;

use plotters::prelude::*;

use super::plot::{PlotError, Point, label_at};

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

/// What the horizontal axis shows; values and intervals are fractions, drawn times 100.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// Rates in %, the axis clipped to 0–100, labelled with one decimal when it spans less than
    /// 5 points.
    Rates,
    /// Differences in percentage points, signed, the axis always holding 0, with a line at 0.
    Gaps,
}

/// Sizes of a row plot, in pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Page width.
    pub width: u32,
    /// A row's height per player count, and the least height of a row.
    pub row_per_count: u32,
    /// Least height of a row.
    pub min_row: u32,
    /// Height of the strip under the plot that holds the legend.
    pub foot: u32,
    /// Font sizes: title, axis labels, axis description, legend.
    pub fonts: (u32, u32, u32, u32),
    /// Room for the row names: pixels per character of the longest one.
    pub name_char: u32,
    /// Dot radius and the height of the interval bar's end ticks.
    pub dot: (i32, u32),
    /// Whether the legend is written before the plot in the SVG file (the report's dot plots)
    /// or after it (sweep and skill plots): the element order, so that the files keep their bytes.
    pub legend_first: bool,
}

/// The report's dot plots: 900 pixels wide, rows 9 pixels per player count (at least 24).
pub const REPORT: Layout = Layout {
    width: 900,
    row_per_count: 9,
    min_row: 24,
    foot: 55,
    fonts: (22, 15, 17, 15),
    name_char: 9,
    dot: (4, 6),
    legend_first: true,
};

/// Sweep and skill plots: 1000 pixels wide, rows of 30 pixels.
pub const WIDE: Layout = Layout {
    width: 1000,
    row_per_count: 0,
    min_row: 30,
    foot: 55,
    fonts: (20, 13, 15, 14),
    name_char: 8,
    dot: (3, 5),
    legend_first: false,
};

/// A row plot: `rows` (name, points by player count), top first, titled `title`, with `axis`
/// under the horizontal axis and `note` (what dots and bars show) under the plot, before the
/// colour of every player count.
#[derive(Debug, Clone, Copy)]
pub struct RowPlot<'a> {
    /// Title.
    pub title: &'a str,
    /// Description of the horizontal axis, e.g. `win rate (%)`.
    pub axis: &'a str,
    /// The legend line: what dots and bars show.
    pub note: &'a str,
    /// The rows, top first.
    pub rows: &'a [(String, Vec<Point>)],
    /// Rates or gaps.
    pub scale: Scale,
    /// Sizes.
    pub layout: Layout,
    /// The rows (indices into `rows`) drawn in grey instead of the player counts' colours (a
    /// sweep's raced-out variants: fewer games, wider bars); the note should say why.
    pub greyed: &'a [usize],
}

/// The colour of the rows a plot greys out ([`RowPlot::greyed`]).
const GREY: RGBColor = RGBColor(170, 170, 170);

/// Writes the plot `p` to an SVG file at `path`.
///
/// # Errors
/// [`PlotError`]: the file cannot be written (the message names it).
pub fn row_plot(path: &Path, p: &RowPlot) -> Result<(), PlotError> {
    draw(path, p).map_err(PlotError::at(path))
}

/// The label of position `y` on the row axis of `rows` (`n` rows, row `k` from the top at
/// `y = n − 1 − k`).
fn row_name(rows: &[(String, Vec<Point>)], n: usize, y: f64) -> String {
    label_at(n as f64 - 1.0 - y, |k| rows.get(k).map(|r| r.0.clone()))
}

fn draw(path: &Path, p: &RowPlot) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let (rows, l) = (p.rows, &p.layout);
    let mut counts: Vec<usize> = rows.iter().flat_map(|r| r.1.iter().map(|p| p.0)).collect();
    counts.sort_unstable();
    counts.dedup();
    let points = || rows.iter().flat_map(|r| &r.1);
    let start = if p.scale == Scale::Rates { 1.0 } else { 0.0 };
    let low = 100.0 * points().map(|p| p.2).fold(start, f64::min);
    let high = 100.0 * points().map(|p| p.3).fold(0.0, f64::max);
    let pad = ((high - low) * 0.05).max(0.5);
    let (low, high) = match p.scale {
        Scale::Rates => ((low - pad).max(0.0), (high + pad).min(100.0)),
        Scale::Gaps => (low - pad, high + pad),
    };
    let n = rows.len().max(1);
    let row = (l.row_per_count * counts.len() as u32).max(l.min_row);
    let longest = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(1) as u32;
    let page = SVGBackend::new(path, (l.width, 110 + row * n as u32 + l.foot)).into_drawing_area();
    page.fill(&WHITE)?;
    let (root, foot) = page.split_vertically(110 + row * n as u32);
    if l.legend_first {
        legend(&foot, p.note, &counts, l.fonts.3)?;
    }
    let mut chart = ChartBuilder::on(&root)
        .caption(p.title, ("sans-serif", l.fonts.0))
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(20 + l.name_char * longest)
        .build_cartesian_2d(low..high, -0.5..n as f64 - 0.5)?;
    let digits = if high - low < 5.0 { 1 } else { 0 };
    let x_label = |x: &f64| match p.scale {
        Scale::Rates => format!("{x:.digits$}"),
        Scale::Gaps => format!("{x:+.1}"),
    };
    chart
        .configure_mesh()
        .x_desc(p.axis)
        .x_label_formatter(&x_label)
        .y_labels(n)
        .y_label_formatter(&|y: &f64| row_name(rows, n, *y))
        .light_line_style(WHITE)
        .label_style(("sans-serif", l.fonts.1))
        .axis_desc_style(("sans-serif", l.fonts.2))
        .draw()?;
    if p.scale == Scale::Gaps {
        chart.draw_series(LineSeries::new([(0.0, -0.5), (0.0, n as f64 - 0.5)], BLACK.stroke_width(1)))?;
    }
    let m = counts.len() as f64;
    for (k, (_, pts)) in rows.iter().enumerate() {
        for pt in pts {
            let j = counts.iter().position(|&c| c == pt.0).expect("a count of the rows") as f64;
            // Player counts side by side within the row, first count on top.
            let y = (n - 1 - k) as f64 - (j - (m - 1.0) / 2.0) * (0.8 / m);
            let color = if p.greyed.contains(&k) { GREY } else { COLOURS[j as usize % COLOURS.len()] };
            let (value, lo, hi) = (100.0 * pt.1, 100.0 * pt.2, 100.0 * pt.3);
            chart.draw_series([ErrorBar::new_horizontal(y, lo, value, hi, color.stroke_width(2), l.dot.1)])?;
            chart.draw_series([Circle::new((value, y), l.dot.0, color.filled())])?;
        }
    }
    if !l.legend_first {
        legend(&foot, p.note, &counts, l.fonts.3)?;
    }
    page.present()?;
    Ok(())
}

/// Two lines under the plot: the colour of every player count, then `note` (what dots and bars
/// show).
fn legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    note: &str,
    counts: &[usize],
    size: u32,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = ("sans-serif", size);
    area.draw(&Text::new(note, (20, 30), style))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_names_sit_at_row_centres_top_first() {
        let rows: Vec<(String, Vec<Point>)> = ["a", "b", "c"].iter().map(|s| (s.to_string(), Vec::new())).collect();
        let names: Vec<String> = [2.0, 1.0, 0.0, 0.5, -1.0, 3.0].iter().map(|&y| row_name(&rows, 3, y)).collect();
        assert_eq!(names, ["a", "b", "c", "", "", ""]);
    }
}
