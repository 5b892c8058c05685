//! `sweep.svg`: the objective per variant, one row per variant (top: variant 1), a dot at each
//! player count's gap with its 95% interval as a bar, in percentage points, and a line at 0 (the
//! reference). Drawn with `plotters`' SVG backend like the report's plots.

use std::path::Path;

use plotters::prelude::*;

/// Colours of the player counts (Okabe–Ito, as the report's plots).
const COLOURS: [RGBColor; 7] = [
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(230, 159, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
];

/// A variant's row: its name and its points `(players, gap, low, high)`, gaps as fractions.
pub type GapRow = (String, Vec<(usize, f64, f64, f64)>);

/// Pixel height of one variant's row.
const ROW: u32 = 30;

/// Writes the plot of `rows` (top first) to `path`, titled `title`, with `axis` under the horizontal axis.
///
/// # Errors
/// The file cannot be written (the message names it).
pub fn gap_plot(path: &Path, title: &str, axis: &str, rows: &[GapRow]) -> Result<(), String> {
    draw(path, title, axis, rows).map_err(|e| format!("writing {}: {e}", path.display()))
}

fn draw(path: &Path, title: &str, axis: &str, rows: &[GapRow]) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let mut counts: Vec<usize> = rows.iter().flat_map(|r| r.1.iter().map(|p| p.0)).collect();
    counts.sort_unstable();
    counts.dedup();
    let points = || rows.iter().flat_map(|r| &r.1);
    let low = 100.0 * points().map(|p| p.2).fold(0.0, f64::min);
    let high = 100.0 * points().map(|p| p.3).fold(0.0, f64::max);
    let pad = ((high - low) * 0.05).max(0.5);
    let (low, high) = (low - pad, high + pad);
    let n = rows.len().max(1);
    let longest = rows.iter().map(|r| r.0.chars().count()).max().unwrap_or(1) as u32;
    let page = SVGBackend::new(path, (1000, 150 + ROW * n as u32)).into_drawing_area();
    page.fill(&WHITE)?;
    let (root, foot) = page.split_vertically(110 + ROW * n as u32);
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(20 + 8 * longest)
        .build_cartesian_2d(low..high, -0.5..n as f64 - 0.5)?;
    let name = |y: &f64| {
        let k = y.round();
        let top = n as f64 - 1.0 - k;
        if (y - k).abs() < 1e-6 && (0.0..rows.len() as f64).contains(&top) {
            rows[top as usize].0.clone()
        } else {
            String::new()
        }
    };
    chart
        .configure_mesh()
        .x_desc(axis)
        .x_label_formatter(&|x| format!("{x:+.1}"))
        .y_labels(n)
        .y_label_formatter(&name)
        .light_line_style(WHITE)
        .label_style(("sans-serif", 13))
        .axis_desc_style(("sans-serif", 15))
        .draw()?;
    chart.draw_series(LineSeries::new([(0.0, -0.5), (0.0, n as f64 - 0.5)], BLACK.stroke_width(1)))?;
    let m = counts.len() as f64;
    for (k, (_, pts)) in rows.iter().enumerate() {
        for p in pts {
            let j = counts.iter().position(|&c| c == p.0).expect("a count of the rows") as f64;
            let y = (n - 1 - k) as f64 - (j - (m - 1.0) / 2.0) * (0.8 / m);
            let color = COLOURS[j as usize % COLOURS.len()];
            let (g, lo, hi) = (100.0 * p.1, 100.0 * p.2, 100.0 * p.3);
            chart.draw_series([ErrorBar::new_horizontal(y, lo, g, hi, color.stroke_width(2), 5)])?;
            chart.draw_series([Circle::new((g, y), 3, color.filled())])?;
        }
    }
    let style = ("sans-serif", 14);
    foot.draw(&Text::new("dot: gap from the reference, bar: its 95% interval (balance.csv)", (20, 30), style))?;
    let mut x = 25;
    for (j, c) in counts.iter().enumerate() {
        let color = COLOURS[j % COLOURS.len()];
        foot.draw(&Circle::new((x, 12), 5, color.filled()))?;
        foot.draw(&Text::new(format!("{c} players"), (x + 10, 4), style))?;
        x += 100;
    }
    page.present()?;
    Ok(())
}
