//! Win rates by player count with 95% error bars, one line per label value, as SVG.
//!
//! Plotted with `plotters`' SVG backend without its `ttf` feature: text is written as SVG
//! `<text>` elements in the generic `sans-serif` family, which the viewer renders with its own
//! fonts, so neither the build nor the run needs system fonts (plotters then only estimates text
//! widths for layout).

use std::path::{Path, PathBuf};

use plotters::prelude::*;

/// One point: player count, then the rate and its interval `(rate, low, high)`, fractions.
pub type Point = (usize, f64, f64, f64);

/// A plot could not be drawn or its SVG file written.
#[derive(Debug, thiserror::Error)]
#[error("writing {}: {source}", .path.display())]
pub struct PlotError {
    /// The SVG file.
    pub path: PathBuf,
    /// What `plotters` reported (an I/O error of the SVG backend, or a layout error).
    pub source: Box<dyn std::error::Error + Send + Sync>,
}

impl PlotError {
    /// A [`PlotError`] of the file at `path`.
    pub fn at(path: &Path) -> impl FnOnce(Box<dyn std::error::Error + Send + Sync>) -> Self + '_ {
        move |source| Self { path: path.to_path_buf(), source }
    }
}

/// Writes `series` (name, points by player count) to an SVG file at `path`, with `rate_axis`
/// (e.g. `win rate (%)`, `share of games (%)`) beside the vertical axis.
///
/// # Errors
/// [`PlotError`]: the file cannot be written (the message names it).
pub fn win_rate_plot(
    path: &Path,
    title: &str,
    rate_axis: &str,
    series: &[(String, Vec<Point>)],
) -> Result<(), PlotError> {
    draw(path, title, rate_axis, series, 100.0).map_err(PlotError::at(path))
}

/// Like [`win_rate_plot`], for values that are not rates (e.g. decisions per game): the points
/// are plotted as they are, on a vertical axis from 0 to a little above the highest interval.
///
/// # Errors
/// [`PlotError`]: the file cannot be written (the message names it).
pub fn value_plot(path: &Path, title: &str, axis: &str, series: &[(String, Vec<Point>)]) -> Result<(), PlotError> {
    draw(path, title, axis, series, 1.0).map_err(PlotError::at(path))
}

/// Draws `series`, each value times `scale`: 100 for rates, shown in % on an axis up to at most
/// 100; 1 for other values.
fn draw(
    path: &Path,
    title: &str,
    rate_axis: &str,
    series: &[(String, Vec<Point>)],
    scale: f64,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let points = series.iter().flat_map(|s| &s.1);
    let (min, max) = points.clone().fold((usize::MAX, 0), |(lo, hi), p| (lo.min(p.0), hi.max(p.0)));
    let top = points.map(|p| p.3).fold(0.0, f64::max);
    let y_max = match scale == 100.0 {
        true => (100.0 * top * 1.1).clamp(10.0, 100.0),
        false => (top * 1.1).max(1e-9),
    };
    let decimals = if y_max < 10.0 { 1 } else { 0 };
    // The legend stands in a strip right of the plot, as wide as its longest name, so that it
    // never covers a point.
    let key_width = series.iter().map(|s| text_width(&s.0, 16)).fold(0, u32::max) + 70;
    let page = SVGBackend::new(path, (900 + key_width, 560)).into_drawing_area();
    page.fill(&WHITE)?;
    let (root, key) = page.split_horizontally(900);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 24))
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(min as f64 - 0.5..max as f64 + 0.5, 0.0..y_max)?;
    chart
        .configure_mesh()
        .x_desc("players")
        .y_desc(rate_axis)
        .x_labels(2 * (max - min) + 3)
        .x_label_formatter(&|x| if (x - x.round()).abs() < 1e-6 { format!("{x:.0}") } else { String::new() })
        .y_label_formatter(&|y| format!("{y:.decimals$}"))
        .disable_x_mesh()
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()?;
    let m = series.len() as f64;
    for (k, (_, pts)) in series.iter().enumerate() {
        let color = Palette99::pick(k).to_rgba();
        // Dodge the series sideways so that error bars at one player count do not overlap.
        let x = move |players: usize| players as f64 + (k as f64 - (m - 1.0) / 2.0) * 0.05;
        let pct = |p: &Point| (scale * p.1, scale * p.2, scale * p.3);
        chart.draw_series(LineSeries::new(pts.iter().map(|p| (x(p.0), pct(p).0)), color.stroke_width(2)))?;
        chart.draw_series(pts.iter().map(|p| {
            let (rate, low, high) = pct(p);
            ErrorBar::new_vertical(x(p.0), low, rate, high, color.stroke_width(2), 10)
        }))?;
        chart.draw_series(pts.iter().map(|p| Circle::new((x(p.0), pct(p).0), 4, color.filled())))?;
    }
    // Line and dot of each series, top to bottom, level with the top of the plot area.
    let top_y = chart.plotting_area().get_pixel_range().1.start;
    for (k, (name, _)) in series.iter().enumerate() {
        let color = Palette99::pick(k).to_rgba();
        let y = top_y + 10 + 24 * k as i32;
        key.draw(&PathElement::new(vec![(10, y), (40, y)], color.stroke_width(3)))?;
        key.draw(&Circle::new((25, y), 4, color.filled()))?;
        key.draw(&Text::new(name.as_str(), (50, y - 9), ("sans-serif", 16)))?;
    }
    page.present()?;
    Ok(())
}

/// The distribution of one group's scores, for a box plot: nearest-rank quantiles and the mean.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoreBox {
    /// The group's name (a seat, a bot).
    pub name: String,
    /// Lowest, 10th percentile, lower quartile, median, upper quartile, 90th percentile, highest.
    pub quantiles: [i64; 7],
    /// Mean score.
    pub mean: f64,
}

/// Writes box plots of score distributions to an SVG file at `path`: one panel per entry of
/// `panels` (its title and its boxes, e.g. by seat, then by bot), side by side on one score
/// axis labelled `score_axis`. Each box spans the quartiles with a line at the median; whiskers
/// reach the 10th and 90th percentiles; dots mark the lowest and highest scores and a diamond
/// the mean.
///
/// # Errors
/// [`PlotError`]: the file cannot be written (the message names it).
pub fn score_box_plot(
    path: &Path,
    title: &str,
    score_axis: &str,
    panels: &[(String, Vec<ScoreBox>)],
) -> Result<(), PlotError> {
    draw_boxes(path, title, score_axis, panels).map_err(PlotError::at(path))
}

fn draw_boxes(
    path: &Path,
    title: &str,
    score_axis: &str,
    panels: &[(String, Vec<ScoreBox>)],
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let boxes = panels.iter().flat_map(|p| &p.1);
    let low = boxes.clone().map(|b| b.quantiles[0]).min().unwrap_or(0) as f64;
    let high = boxes.map(|b| b.quantiles[6]).max().unwrap_or(1) as f64;
    let pad = ((high - low) * 0.06).max(1.0);
    // At least 1,100 pixels wide, wider where the panels' box labels need it.
    let width = panels.iter().map(|p| panel_width(&p.1)).sum::<u32>().max(1100);
    let page = SVGBackend::new(path, (width, 590)).into_drawing_area();
    page.fill(&WHITE)?;
    let (root, foot) = page.split_vertically(560);
    foot.draw(&Text::new(
        "box: 25th to 75th percentile, bar: median, diamond: mean, whiskers: 10th and 90th percentiles, dots: \
         lowest and highest",
        (20, 2),
        ("sans-serif", 15),
    ))?;
    let root = root.titled(title, ("sans-serif", 24))?;
    let widths: Vec<u32> = panels.iter().map(|p| panel_width(&p.1)).collect();
    let total: u32 = widths.iter().sum();
    let full = f64::from(root.dim_in_pixel().0);
    let mut area = root.clone();
    for ((name, group), w) in panels.iter().zip(&widths) {
        // Panels share the width in proportion to what they need (`panel_width`).
        let (here, rest) = area.split_horizontally((full * f64::from(*w) / f64::from(total)) as u32);
        area = rest;
        let n = group.len();
        let (mid, span) = ((n as f64 - 1.0) / 2.0, n.max(2) as f64 / 2.0);
        let mut chart = ChartBuilder::on(&here)
            .caption(name, ("sans-serif", 18))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(60)
            // At least two boxes' width, centred, so that a lone box keeps a box's width.
            .build_cartesian_2d(mid - span..mid + span, low - pad..high + pad)?;
        let labels: Vec<String> = group.iter().map(|b| b.name.clone()).collect();
        chart
            .configure_mesh()
            .y_desc(score_axis)
            .y_label_formatter(&|y| format!("{y:.0}"))
            .light_line_style(WHITE)
            .x_labels(n.max(1) * 2 + 1)
            .x_label_formatter(&|x| label_at(*x, |k| labels.get(k).cloned()))
            .disable_x_mesh()
            .label_style(("sans-serif", 15))
            .axis_desc_style(("sans-serif", 16))
            .draw()?;
        for (k, b) in group.iter().enumerate() {
            let color = Palette99::pick(k).to_rgba();
            let x = k as f64;
            let [min, p10, q1, median, q3, p90, max] = b.quantiles.map(|v| v as f64);
            let half = 0.28;
            chart.draw_series([Rectangle::new([(x - half, q1), (x + half, q3)], color.mix(0.35).filled())])?;
            chart.draw_series([Rectangle::new([(x - half, q1), (x + half, q3)], color.stroke_width(2))])?;
            chart
                .draw_series([PathElement::new(vec![(x - half, median), (x + half, median)], BLACK.stroke_width(3))])?;
            for (from, to) in [(q1, p10), (q3, p90)] {
                chart.draw_series([PathElement::new(vec![(x, from), (x, to)], color.stroke_width(2))])?;
                chart.draw_series([PathElement::new(
                    vec![(x - half / 2.0, to), (x + half / 2.0, to)],
                    color.stroke_width(2),
                )])?;
            }
            chart.draw_series([min, max].map(|y| Circle::new((x, y), 3, color.filled())))?;
            let d = 6;
            chart
                .draw_series([EmptyElement::at((x, b.mean))
                    + Polygon::new(vec![(0, -d), (d, 0), (0, d), (-d, 0)], BLACK.filled())])?;
        }
    }
    page.present()?;
    Ok(())
}

/// The label at position `at` of a category axis whose category `k` sits at `k`: `name(k)` at a
/// category's centre (within 1e-6), else empty (between categories, or where `name` has none).
/// The shared tick labeller of the box plots and the row plots ([`super::row_plot`]).
pub(super) fn label_at(at: f64, name: impl Fn(usize) -> Option<String>) -> String {
    let k = at.round();
    if (at - k).abs() < 1e-6 && k >= 0.0 { name(k as usize).unwrap_or_default() } else { String::new() }
}

/// Estimated width in pixels of `text` in the `sans-serif` font at `size` pixels (0.55 em a
/// character: plotters without its `ttf` feature cannot measure text).
fn text_width(text: &str, size: u32) -> u32 {
    text.chars().count() as u32 * size * 11 / 20
}

/// The width in pixels a box-plot panel needs: a slot per box (at least two) as wide as its
/// longest label (15-pixel text) and at least 90 pixels, plus the score axis and margins.
fn panel_width(group: &[ScoreBox]) -> u32 {
    let slot = group.iter().map(|b| text_width(&b.name, 15) + 16).fold(90, u32::max);
    slot * group.len().max(2) as u32 + 90
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(names: &[&str]) -> Vec<ScoreBox> {
        names.iter().map(|n| ScoreBox { name: (*n).to_string(), quantiles: [0; 7], mean: 0.0 }).collect()
    }

    #[test]
    fn box_panels_widen_for_long_labels() {
        assert_eq!(text_width("greedy", 20), 66);
        // Short labels: 90 pixels a box, at least two boxes, plus 90 for the axis.
        assert_eq!(panel_width(&group(&["0"])), 270);
        assert_eq!(panel_width(&group(&["0", "1", "2"])), 360);
        // "ismcts:iterations=1000" (22 characters at 15 pixels: 181) needs a 197-pixel slot.
        assert_eq!(panel_width(&group(&["greedy", "ismcts:iterations=1000"])), 2 * 197 + 90);
    }
}
