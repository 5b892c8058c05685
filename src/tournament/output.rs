//! The output directory: its files, the writability check done before any game is played, and
//! the result files, each written to a temporary file and renamed into place so an interrupted
//! run never leaves a half-written file.

use std::fs::File;
use std::path::Path;

use super::spec::Spec;
use crate::stats::{Counts, rating_rows, summary_rows, versus_rows, write_ratings, write_summary, write_versus};

/// Names of the files a run writes in its output directory.
pub mod files {
    /// The spec that produced the run (without the output directory).
    pub const SPEC: &str = "spec.toml";
    /// Raw mergeable counts.
    pub const COUNTS: &str = "counts.json";
    /// One row per group.
    pub const SUMMARY: &str = "summary.csv";
    /// Bot A against bot B per player count (lineups `A,B,…,B`).
    pub const VERSUS: &str = "versus.csv";
    /// One row per game (with `per_game`).
    pub const GAMES: &str = "games.csv";
    /// Bot ratings (runs with at least two distinct bots).
    pub const RATINGS: &str = "ratings.csv";
    /// How the run was made: version, resolved bots, configuration, date and wall time.
    pub const RUN: &str = "run.toml";
    /// Progress of an unfinished run, to resume it (removed when the run completes).
    pub const CHECKPOINT: &str = "checkpoint.json";
    /// A tournament's cross-table of its matches (see [`super::super::league`]).
    pub const CROSSTABLE: &str = "crosstable.csv";
}

/// Creates `out` if needed and checks that files can be written there, before any game is played.
///
/// # Errors
/// `out` exists and is not a directory, or cannot be created or written.
pub fn prepare_output(out: &Path) -> Result<(), String> {
    if out.exists() && !out.is_dir() {
        return Err(format!("output path {} is a file; give a directory for the results", out.display()));
    }
    let fail = |what: &'static str| {
        move |e: std::io::Error| format!("{what} output directory {}: {e}; give another one", out.display())
    };
    std::fs::create_dir_all(out).map_err(fail("cannot create"))?;
    let probe = out.join(".meeple-write-check");
    File::create(&probe).map_err(fail("cannot write a file in"))?;
    std::fs::remove_file(&probe).map_err(fail("cannot remove a file from"))
}

/// The counts of the finished run in `dir` (its `counts.json`).
///
/// # Errors
/// `dir` holds no `counts.json` (the message says when it holds an unfinished run's checkpoint
/// instead, and how to finish it), or the file cannot be read or parsed; the message names it.
pub fn read_counts(dir: &Path) -> Result<Counts, String> {
    let path = dir.join(files::COUNTS);
    if !path.is_file() {
        if dir.join(files::CROSSTABLE).is_file() {
            return Err(format!(
                "{} holds a tournament: its results are {} and {}; give the directory of one of its matches \
                 (NN-A-vs-B inside it)",
                dir.display(),
                files::CROSSTABLE,
                files::RATINGS
            ));
        }
        return Err(unfinished(dir).unwrap_or_else(|| {
            format!("{} has no {}: give a directory written by play, run or merge", dir.display(), files::COUNTS)
        }));
    }
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// If `dir` holds an unfinished run (a checkpoint and no results), the message that says so and
/// how to finish it.
pub fn unfinished(dir: &Path) -> Option<String> {
    (dir.join(files::CHECKPOINT).is_file() && !dir.join(files::COUNTS).is_file()).then(|| {
        format!(
            "{} holds an unfinished run ({} but no {}): rerun the play or run command that started it to \
             finish it",
            dir.display(),
            files::CHECKPOINT,
            files::COUNTS
        )
    })
}

/// Writes `bytes` to `out/name` atomically: to `out/name.tmp`, then renamed over `out/name`.
///
/// # Errors
/// I/O errors, naming the file.
pub fn write_atomic(out: &Path, name: &str, bytes: &[u8]) -> Result<(), String> {
    let (path, tmp) = (out.join(name), out.join(format!("{name}.tmp")));
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, &path))
        .map_err(|e| format!("writing {}: {e}", path.display()))
}

/// Removes `out/name` if it exists.
///
/// # Errors
/// I/O errors other than the file not existing.
pub fn remove_if_present(out: &Path, name: &str) -> Result<(), String> {
    match std::fs::remove_file(out.join(name)) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(format!("removing {}: {e}", out.join(name).display()))
        }
        _ => Ok(()),
    }
}

/// Writes `spec.toml`, `counts.json`, `summary.csv` and (when the counts have A-against-B
/// series) `versus.csv` into `out`, each atomically; removes a `versus.csv` left by another run.
///
/// # Errors
/// I/O errors, naming the file.
pub fn write_results(out: &Path, spec: &Spec, counts: &Counts) -> Result<(), String> {
    write_atomic(out, files::SPEC, spec.to_toml().as_bytes())?;
    let json = serde_json::to_string(counts).expect("counts serialize") + "\n";
    write_atomic(out, files::COUNTS, json.as_bytes())?;
    let mut summary = Vec::new();
    write_summary(&summary_rows(counts), &mut summary).map_err(|e| format!("writing {}: {e}", files::SUMMARY))?;
    write_atomic(out, files::SUMMARY, &summary)?;
    let ratings = rating_rows(counts, &spec.bots, spec.seats);
    if ratings.is_empty() {
        remove_if_present(out, files::RATINGS)?;
    } else {
        let mut csv = Vec::new();
        write_ratings(&ratings, &mut csv).map_err(|e| format!("writing {}: {e}", files::RATINGS))?;
        write_atomic(out, files::RATINGS, &csv)?;
    }
    if counts.versus.is_empty() {
        return remove_if_present(out, files::VERSUS);
    }
    let mut versus = Vec::new();
    write_versus(&versus_rows(counts, spec.seats, spec.sprt.as_ref()), &mut versus)
        .map_err(|e| format!("writing {}: {e}", files::VERSUS))?;
    write_atomic(out, files::VERSUS, &versus)
}
