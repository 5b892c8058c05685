//! A heat map of a cross-tabulation ([`crate::stats::crosstab`]): one square per pair of values,
//! coloured by win rate (blue below the mean of the cells, red above, white at it), with the rate,
//! its 95% interval and the seat-games written in it; a pair of values without seat-games grey,
//! `n = 0`, and the legend says so and that the map is the win rate only (the mean score is in
//! the CSV). SVG, like the other plots (see [`super::plot`] on fonts).

use std::path::Path;

use plotters::prelude::*;

use crate::stats::crosstab::Cell;

/// The legend's line on grey squares and on what the map shows (for a game without scores, its
/// part before the `;`).
const NO_GAMES: &str = "grey: no seat-games (n = 0); win rate only, mean score in the CSV";

/// Width and height of a square, in pixels.
const SQUARE: (i32, i32) = (150, 64);

/// The width in pixels that `text` may take at font size `size` (pixels): 0.62 of the size a
/// character, a little above the mean advance of DejaVu Sans and Liberation Sans, the usual
/// `sans-serif` (the page size must hold the text, which the SVG does not measure; see
/// [`super::plot`] on fonts).
fn text_width(text: &str, size: i32) -> i32 {
    (text.chars().count() as f64 * 0.62 * f64::from(size)).ceil() as i32
}

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
    let left = 40 + rows.iter().map(|r| text_width(r, 16)).max().unwrap_or(0);
    let top = 150;
    // The legend in short lines, so that a table of two columns needs no wider page than it; it
    // says what a grey square is (a pair of values that never met) and that the map is the win
    // rate only.
    let legend = [
        format!("rows: {a}; columns: {b}"),
        "win rate % [95%], seat-games; red above the mean cell, blue below".to_string(),
        // A game without scores has no mean score to point to.
        match cells.iter().any(|c| c.score.is_some()) {
            true => NO_GAMES.to_string(),
            false => NO_GAMES[..NO_GAMES.find(';').expect("two parts")].to_string(),
        },
    ];
    let width = (left + SQUARE.0 * cols.len() as i32 + 40)
        .max(20 + text_width(title, 22) + 20)
        .max(legend.iter().map(|l| 20 + text_width(l, 14) + 20).max().unwrap_or(0));
    let height = top + SQUARE.1 * rows.len() as i32 + 60;
    let page = SVGBackend::new(path, (width as u32, height as u32)).into_drawing_area();
    page.fill(&WHITE)?;
    page.draw(&Text::new(title.to_string(), (20, 15), ("sans-serif", 22)))?;
    for (i, line) in legend.iter().enumerate() {
        page.draw(&Text::new(line.clone(), (20, 48 + 20 * i as i32), ("sans-serif", 14)))?;
    }
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
                page.draw(&Text::new("n = 0", (x + 8, y + 44), ("sans-serif", 12)))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A heat map of two columns (7 Wonders Duel's `first` × `seat`) is wide enough for its title
    /// and both legend lines at 0.62 em a character: the legend once ran 98 characters at 14 px
    /// (about 850 px) on a page of 450 px.
    #[test]
    fn a_two_column_heat_map_is_wide_enough_for_its_legend() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h.svg");
        let cell = |a: &str, b: &str| Cell {
            players: 2,
            a: a.into(),
            b: b.into(),
            games: 10,
            wins: 5,
            win_rate: (0.5, 0.2, 0.8),
            score: None,
        };
        let cells = [cell("yes", "0"), cell("no", "1")];
        heat_map(&path, "win rate by first and seat, 2 players", "first", "seat", &cells).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        let width: i32 = svg.split("width=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
        let legend = "win rate % [95%], seat-games; red above the mean cell, blue below";
        assert!(svg.contains(legend), "{svg}");
        assert_eq!(width, 20 + text_width(legend, 14) + 20);
        assert_eq!(width, 605);
    }

    /// G8: a pair of values that never met is a grey square marked `n = 0`, and the legend says
    /// what grey means and that the map is the win rate only.
    #[test]
    fn grey_squares_are_explained_in_the_legend() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("h.svg");
        let cell = |a: &str, b: &str| Cell {
            players: 2,
            a: a.into(),
            b: b.into(),
            games: 10,
            wins: 5,
            win_rate: (0.5, 0.2, 0.8),
            score: Some((3.0, 1.0, 5.0)),
        };
        // Sheriff only at seat 0, deputy only at seat 1: two grey squares.
        heat_map(&path, "t", "role", "seat", &[cell("sheriff", "0"), cell("deputy", "1")]).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.contains("grey: no seat-games (n = 0); win rate only, mean score in the CSV"), "{svg}");
        assert_eq!(svg.lines().filter(|l| l.trim() == "n = 0").count(), 2, "{svg}");
    }
}
