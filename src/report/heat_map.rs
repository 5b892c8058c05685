//! A heat map of a cross-tabulation ([`crate::stats::crosstab`]): one square per pair of values,
//! coloured by win rate (blue below the mean of the cells, red above, white at it), with the rate,
//! its 95% interval and the seat-games written in it. SVG, like the other plots (see
//! [`super::plot`] on fonts).

use std::path::Path;

use plotters::prelude::*;

use crate::stats::crosstab::Cell;

/// Width and height of a square, in pixels.
const SQUARE: (i32, i32) = (150, 64);

/// Writes the heat map of `cells` (of one player count) to `path`: `a`'s values down, `b`'s across.
///
/// # Errors
/// The file cannot be written; the message names it.
pub fn heat_map(path: &Path, title: &str, a: &str, b: &str, cells: &[Cell]) -> Result<(), String> {
    draw(path, title, a, b, cells).map_err(|e| format!("writing {}: {e}", path.display()))
}

fn draw(path: &Path, title: &str, a: &str, b: &str, cells: &[Cell]) -> Result<(), Box<dyn std::error::Error>> {
    let mut rows: Vec<&str> = Vec::new();
    let mut cols: Vec<&str> = Vec::new();
    for c in cells {
        if !rows.contains(&c.a.as_str()) {
            rows.push(&c.a);
        }
        if !cols.contains(&c.b.as_str()) {
            cols.push(&c.b);
        }
    }
    cols.sort_by_key(|v| crate::stats::value_order(v));
    let left = 40 + rows.iter().map(|r| r.chars().count() as i32 * 9).max().unwrap_or(0);
    let top = 110;
    let width = (left + SQUARE.0 * cols.len() as i32 + 40).max(title.chars().count() as i32 * 12 + 40);
    let height = top + SQUARE.1 * rows.len() as i32 + 60;
    let page = SVGBackend::new(path, (width as u32, height as u32)).into_drawing_area();
    page.fill(&WHITE)?;
    page.draw(&Text::new(title.to_string(), (20, 15), ("sans-serif", 22)))?;
    let legend = format!("rows: {a}; columns: {b}; win rate % [95%], seat-games; red above the mean cell, blue below");
    page.draw(&Text::new(legend, (20, 48), ("sans-serif", 14)))?;
    let mean = cells.iter().map(|c| c.win_rate.0).sum::<f64>() / cells.len().max(1) as f64;
    let spread = cells.iter().map(|c| (c.win_rate.0 - mean).abs()).fold(1e-9, f64::max);
    for (j, col) in cols.iter().enumerate() {
        let x = left + SQUARE.0 * j as i32;
        page.draw(&Text::new(col.to_string(), (x + 8, top - 24), ("sans-serif", 16)))?;
    }
    for (i, row) in rows.iter().enumerate() {
        let y = top + SQUARE.1 * i as i32;
        page.draw(&Text::new(row.to_string(), (10, y + SQUARE.1 / 2 - 8), ("sans-serif", 16)))?;
        for (j, col) in cols.iter().enumerate() {
            let x = left + SQUARE.0 * j as i32;
            let corners = [(x, y), (x + SQUARE.0 - 2, y + SQUARE.1 - 2)];
            let Some(c) = cells.iter().find(|c| c.a == *row && c.b == *col) else {
                page.draw(&Rectangle::new(corners, RGBColor(235, 235, 235).filled()))?;
                continue;
            };
            let t = ((c.win_rate.0 - mean) / spread).clamp(-1.0, 1.0);
            // White at the mean, towards red (above) or blue (below), at most 60% saturated so
            // that black text stays readable.
            let fade = |full: u8| (255.0 - (255.0 - f64::from(full)) * 0.6 * t.abs()) as u8;
            let color = if t >= 0.0 { RGBColor(255, fade(40), fade(40)) } else { RGBColor(fade(40), fade(110), 255) };
            page.draw(&Rectangle::new(corners, color.filled()))?;
            let (rate, low, high) = (100.0 * c.win_rate.0, 100.0 * c.win_rate.1, 100.0 * c.win_rate.2);
            page.draw(&Text::new(format!("{rate:.1}%"), (x + 8, y + 6), ("sans-serif", 18)))?;
            page.draw(&Text::new(format!("[{low:.1}, {high:.1}]"), (x + 8, y + 28), ("sans-serif", 13)))?;
            page.draw(&Text::new(format!("n = {}", c.games), (x + 8, y + 44), ("sans-serif", 12)))?;
        }
    }
    page.present()?;
    Ok(())
}
