//! `meeple report DIR --by A,B`: the cross-tabulation of two labels, from the pair's sums in the
//! run's `counts.json` when the run recorded it (`--crosstab A,B`, or `B,A`), else from its
//! `games.csv` ([`crate::stats::crosstab`]; both give the same bytes), written to
//! `DIR/crosstab_A_B.csv` with one heat map `DIR/crosstab_A_B_Np.svg` per player count, and
//! returned as a table whose title names the source.

use std::path::{Path, PathBuf};

use super::{Table, heat_map};
use crate::stats::Counts;
use crate::stats::crosstab::{CrossCounts, crosstab_counts, write_crosstab};
use crate::tournament::{RunRecord, files, read_counts, unfinished};

/// Where a cross-tabulation's sums came from.
fn recorded(dir: &Path, a: &str, b: &str) -> Option<(CrossCounts, bool)> {
    let counts = read_counts(dir).ok()?;
    let scored = counts.scoring.is_some();
    let ab = counts.crosstabs.get(&format!("{a},{b}")).cloned();
    let cross = ab.or_else(|| counts.crosstabs.get(&format!("{b},{a}")).map(CrossCounts::transposed))?;
    Some((cross, scored))
}

/// The cross-tabulation of labels `a` and `b` of the run in `dir`: its table (one row per pair
/// of values and player count; the title says whether it came from `counts.json` or
/// `games.csv`, and how many seat-games of forfeited games it left out) and the files written
/// (the CSV, then the heat maps).
///
/// # Errors
/// The run recorded neither the pair (`--crosstab A,B`) nor `games.csv` (`--per-game`): the
/// message says to rerun with either; a label is unknown (the message lists the labels), two
/// game labels, or a file cannot be written.
pub fn crosstab_report(dir: &Path, a: &str, b: &str) -> Result<(Table, Vec<PathBuf>), String> {
    if !dir.is_dir() {
        return Err(super::ReportError::NoRunDirectory(dir.to_path_buf()).to_string());
    }
    let _lock = super::lock_run(dir).map_err(|e| e.to_string())?;
    let games = dir.join(files::GAMES);
    // Not a finished run (a tournament, whose games are in its matches' folders; an unfinished
    // run; no run at all): the message plain `meeple report` gives, not "rerun with --crosstab".
    // As plain `meeple report` too (nc40d L2): an interrupted growth, a counts.json that cannot
    // be read, or a counts.json or games.csv edited since the run wrote it is refused, not read
    // (nor passed over for games.csv without a word).
    if let Some(e) = unfinished(dir) {
        return Err(e.to_string());
    }
    read_counts(dir).map_err(|e| e.to_string())?;
    if dir.join(files::SPEC).is_file() {
        let record = RunRecord::load_finished(dir).map_err(|e| e.to_string())?;
        record.check_counts(dir).map_err(|e| e.to_string())?;
        record.check_games(dir).map_err(|e| e.to_string())?;
    }
    let (cross, scored, source) = match recorded(dir, a, b) {
        Some((cross, scored)) => (cross, scored, files::COUNTS),
        None if games.is_file() => {
            let file = std::fs::File::open(&games).map_err(|e| format!("cannot read {}: {e}", games.display()))?;
            let (cross, scored) = crosstab_counts(std::io::BufReader::new(file), a, b)?;
            (cross, scored, files::GAMES)
        }
        None => {
            if let Ok(counts) = read_counts(dir) {
                let mut labels: Vec<&str> = vec!["seat", "bot"];
                for k in counts.groups.keys().filter(|k| !["all", "seat", "bot"].contains(&k.label.as_str())) {
                    if !labels.contains(&k.label.as_str()) {
                        labels.push(&k.label);
                    }
                }
                if let Some(l) = [a, b].into_iter().find(|l| !labels.contains(l)) {
                    return Err(format!("no label `{l}` in {}; labels: {}", dir.display(), labels.join(", ")));
                }
            }
            return Err(format!(
                "{} recorded no cross-tabulation of `{a}` and `{b}` and has no games.csv: rerun with \
                 `--crosstab {a},{b}` (recorded in counts.json; `crosstab = [\"{a},{b}\"]` in a spec) or \
                 with `--per-game`",
                dir.display()
            ));
        }
    };
    crosstab_files(dir, a, b, &cross, scored, source)
}

/// The pairs a run recorded (`--crosstab A,B`, the keys of `counts.json`'s `crosstabs`) as a
/// reader writes them: `seat × bot; rounds × seat`.
pub fn pairs_text<'a>(pairs: impl IntoIterator<Item = &'a str>) -> String {
    pairs.into_iter().map(|p| p.replace(',', " × ")).collect::<Vec<_>>().join("; ")
}

/// Every cross-tabulation the run in `dir` recorded in its `counts` (`--crosstab A,B`): one
/// table per pair (as `meeple report DIR --by A,B`), with `DIR/crosstab_A_B.csv` and its heat
/// maps written; the heat maps returned. The caller holds the run's lock.
///
/// # Errors
/// A file cannot be written.
pub fn recorded_crosstabs(dir: &Path, counts: &Counts) -> Result<(Vec<Table>, Vec<PathBuf>), String> {
    let (mut tables, mut maps) = (Vec::new(), Vec::new());
    for (pair, cross) in &counts.crosstabs {
        let Some((a, b)) = pair.split_once(',') else { continue };
        let (table, written) = crosstab_files(dir, a, b, cross, counts.scoring.is_some(), files::COUNTS)?;
        tables.push(table);
        maps.extend(written.into_iter().filter(|p| p.extension().is_some_and(|e| e == "svg")));
    }
    Ok((tables, maps))
}

/// Writes the cross-tabulation `cross` of `a` and `b` (from `source`) into `dir`: its CSV and one
/// heat map per player count; returns its table and the files written.
fn crosstab_files(
    dir: &Path,
    a: &str,
    b: &str,
    cross: &CrossCounts,
    scored: bool,
    source: &str,
) -> Result<(Table, Vec<PathBuf>), String> {
    let cells = cross.cells(scored);
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
    let left_out = match cross.left_out {
        0 => String::new(),
        k => format!(
            "; {k} seat-games of forfeited games left out: a label of the pair is decided by play, and a \
             forfeited game stopped before its end"
        ),
    };
    // No cell at all (every game stopped at --max-actions, or forfeited and left out): say why the
    // table is empty rather than print its header alone (nc40e N6).
    let empty = match cells.is_empty() {
        true => "; no cells: the run has no finished game, as games stopped at --max-actions are not counted",
        false => "",
    };
    let title = format!("cross-tabulation of {a} and {b} (from {source}; 95% intervals over deals{left_out}{empty})");
    Ok((Table { title, header, rows }, written))
}

#[cfg(test)]
mod tests {
    /// nc40e N6: a run without a finished game gets a table that says why it has no rows.
    #[test]
    fn an_empty_cross_tabulation_says_why() {
        let dir = tempfile::tempdir().unwrap();
        let cross = crate::stats::crosstab::CrossCounts::default();
        let (table, _) = super::crosstab_files(dir.path(), "seat", "bot", &cross, false, "games.csv").unwrap();
        assert!(table.rows.is_empty());
        assert!(table.title.contains("no cells: the run has no finished game"), "{}", table.title);
    }
}
