//! Win rates by player count with 95% error bars, one line per label value, as SVG.
//!
//! Plotted with `plotters`' SVG backend without its `ttf` feature: text is written as SVG
//! `<text>` elements in the generic `sans-serif` family, which the viewer renders with its own
//! fonts, so neither the build nor the run needs system fonts (plotters then only estimates text
//! widths for layout).

use std::path::Path;

use plotters::prelude::*;

/// One point: player count, then the rate and its interval `(rate, low, high)`, fractions.
pub type Point = (usize, f64, f64, f64);

/// Writes `series` (name, points by player count) to an SVG file at `path`.
///
/// # Errors
/// The file cannot be written; the message names it.
pub fn win_rate_plot(path: &Path, title: &str, series: &[(String, Vec<Point>)]) -> Result<(), String> {
    draw(path, title, series).map_err(|e| format!("writing {}: {e}", path.display()))
}

fn draw(path: &Path, title: &str, series: &[(String, Vec<Point>)]) -> Result<(), Box<dyn std::error::Error>> {
    let points = series.iter().flat_map(|s| &s.1);
    let (min, max) = points.clone().fold((usize::MAX, 0), |(lo, hi), p| (lo.min(p.0), hi.max(p.0)));
    let top = points.map(|p| p.3).fold(0.0, f64::max);
    // Room above the data for the legend.
    let y_max = (100.0 * top * 1.3).clamp(10.0, 100.0);
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 24))
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(min as f64 - 0.5..max as f64 + 0.5, 0.0..y_max)?;
    chart
        .configure_mesh()
        .x_desc("players")
        .y_desc("win rate (%)")
        .x_labels(2 * (max - min) + 3)
        .x_label_formatter(&|x| if (x - x.round()).abs() < 1e-6 { format!("{x:.0}") } else { String::new() })
        .y_label_formatter(&|y| format!("{y:.0}"))
        .disable_x_mesh()
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .draw()?;
    let m = series.len() as f64;
    for (k, (name, pts)) in series.iter().enumerate() {
        let color = Palette99::pick(k).to_rgba();
        // Dodge the series sideways so that error bars at one player count do not overlap.
        let x = move |players: usize| players as f64 + (k as f64 - (m - 1.0) / 2.0) * 0.05;
        let pct = |p: &Point| (100.0 * p.1, 100.0 * p.2, 100.0 * p.3);
        chart
            .draw_series(LineSeries::new(pts.iter().map(|p| (x(p.0), pct(p).0)), color.stroke_width(2)))?
            .label(name.as_str())
            .legend(move |(lx, ly)| PathElement::new(vec![(lx, ly), (lx + 24, ly)], color.stroke_width(3)));
        chart.draw_series(pts.iter().map(|p| {
            let (rate, low, high) = pct(p);
            ErrorBar::new_vertical(x(p.0), low, rate, high, color.stroke_width(2), 10)
        }))?;
        chart.draw_series(pts.iter().map(|p| Circle::new((x(p.0), pct(p).0), 4, color.filled())))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .label_font(("sans-serif", 16))
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
