//! The study's plot: for each setting, the share of puzzles the reference solver finished within
//! x nodes (an empirical distribution function on a log scale), as SVG (`plotters`, no fonts
//! needed; see `crate::report`'s plots). Capped puzzles are censored: a setting's curve ends at
//! the share of puzzles solved within the cap instead of jumping to 100% there.

use std::path::Path;

use plotters::prelude::*;

use super::SettingResult;
use crate::report::PlotError;

/// Writes the node distribution of every setting to `path`.
///
/// # Errors
/// [`PlotError`]: the file cannot be written (the message names it).
pub fn nodes_plot(path: &Path, results: &[SettingResult]) -> Result<(), PlotError> {
    draw(path, results).map_err(PlotError::at(path))
}

fn draw(path: &Path, results: &[SettingResult]) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let max = results.iter().filter_map(|r| r.nodes.last()).copied().max().unwrap_or(1).max(10);
    let x_max = (max as f64).log10().ceil();
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption("Reference solver nodes per puzzle", ("sans-serif", 24))
        .margin(20)
        .x_label_area_size(50)
        .y_label_area_size(70)
        .build_cartesian_2d(0.0..x_max, 0.0..100.0)?;
    chart.configure_mesh().x_desc("log10(ref_nodes)").y_desc("puzzles solved within (%)").draw()?;
    for (i, r) in results.iter().enumerate() {
        let colour = Palette99::pick(i).to_rgba();
        let len = r.nodes.len();
        // The capped puzzles sort last (their count is the cap); they are left out of the curve.
        let solved = len - (r.summary.capped * len as f64).round() as usize;
        // At most 400 steps of the distribution function.
        let step = solved.div_ceil(400).max(1);
        let points: Vec<(f64, f64)> = (0..solved)
            .step_by(step)
            .chain(solved.checked_sub(1))
            .map(|k| ((r.nodes[k].max(1) as f64).log10(), 100.0 * (k + 1) as f64 / len as f64))
            .collect();
        let c = &r.config;
        let name = format!("{}x{} K {}", c.grid_size, c.grid_size, c.items);
        chart
            .draw_series(LineSeries::new(points, colour.stroke_width(2)))?
            .label(name)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2)));
    }
    // The curves rise left to right, so the upper left corner is free.
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()?;
    root.present()?;
    Ok(())
}
