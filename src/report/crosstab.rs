//! `meeple report DIR --by A,B`: the cross-tabulation of two labels from the run's `games.csv`
//! ([`crate::stats::crosstab`]), written to `DIR/crosstab_A_B.csv` with one heat map
//! `DIR/crosstab_A_B_Np.svg` per player count, and returned as a table.

use std::path::{Path, PathBuf};

use super::{Table, heat_map};
use crate::stats::crosstab::{crosstab, write_crosstab};
use crate::tournament::files;

/// The cross-tabulation of labels `a` and `b` of the run in `dir`: its table (one row per pair
/// of values and player count) and the files written (the CSV, then the heat maps).
///
/// # Errors
/// The run has no `games.csv` (it was not run with `--per-game`), a label is unknown (the
/// message lists the labels), or a file cannot be written.
pub fn crosstab_report(dir: &Path, a: &str, b: &str) -> Result<(Table, Vec<PathBuf>), String> {
    let _lock = super::lock_run(dir).map_err(|e| e.to_string())?;
    let games = dir.join(files::GAMES);
    // A tournament's games are in its matches' folders: say so, not "run with --per-game".
    if !games.exists() && dir.join(files::CROSSTABLE).is_file() {
        return Err(crate::tournament::OutputError::Tournament(dir.to_path_buf()).to_string());
    }
    let file = std::fs::File::open(&games).map_err(|e| {
        format!("cannot read {}: {e} (cross-tabulations need the per-game rows: run with --per-game)", games.display())
    })?;
    let cells = crosstab(std::io::BufReader::new(file), a, b)?;
    let csv_path = dir.join(format!("crosstab_{a}_{b}.csv"));
    let mut bytes = Vec::new();
    write_crosstab(&cells, a, b, &mut bytes).map_err(|e| format!("writing {}: {e}", csv_path.display()))?;
    std::fs::write(&csv_path, bytes).map_err(|e| format!("writing {}: {e}", csv_path.display()))?;
    let mut written = vec![csv_path];
    let mut players: Vec<usize> = cells.iter().map(|c| c.players).collect();
    players.dedup();
    for p in players {
        let these: Vec<_> = cells.iter().filter(|c| c.players == p).cloned().collect();
        let path = dir.join(format!("crosstab_{a}_{b}_{p}p.svg"));
        heat_map(&path, &format!("win rate by {a} and {b}, {p} players"), a, b, &these)?;
        written.push(path);
    }
    let scored = cells.iter().any(|c| c.score.is_some());
    let mut header: Vec<String> = ["players", a, b, "seat-games", "win rate % [95%]"].map(String::from).to_vec();
    if scored {
        header.push("mean score [95%]".into());
    }
    let rows = cells
        .iter()
        .map(|c| {
            let (r, lo, hi) = c.win_rate;
            let mut row = vec![
                c.players.to_string(),
                c.a.clone(),
                c.b.clone(),
                c.games.to_string(),
                format!("{:.2} [{:.2}, {:.2}]", 100.0 * r, 100.0 * lo, 100.0 * hi),
            ];
            if scored {
                row.push(c.score.map_or("-".into(), |(m, lo, hi)| match lo.is_nan() || hi.is_nan() {
                    true => format!("{m:.2} [-, -]"),
                    false => format!("{m:.2} [{lo:.2}, {hi:.2}]"),
                }));
            }
            row
        })
        .collect();
    let title = format!("cross-tabulation of {a} and {b} (games.csv; 95% intervals over deals)");
    Ok((Table { title, header, rows }, written))
}
