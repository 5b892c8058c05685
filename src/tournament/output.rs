//! The output directory: its files, the writability check done before any game is played, and
//! the result files, each written to a temporary file and renamed into place so an interrupted
//! run never leaves a half-written file.

use std::fs::File;
use std::path::Path;

pub use super::error::OutputError;
use super::lock::OutputLock;
use super::spec::Spec;
use crate::stats::{
    Counts, balance, metric_rows, rating_rows, summary_rows, versus_rows, write_metrics, write_ratings, write_summary,
    write_versus,
};

pub use super::files;

/// Creates `out` if needed, locks it for this process ([`OutputLock`]: one writer per folder) and
/// checks that files can be written there, before any game is played. Keep the lock for the
/// whole run.
///
/// # Errors
/// `out` exists and is not a directory, is in use by another process (nothing is written then),
/// or cannot be created or written.
pub fn prepare_output(out: &Path) -> Result<OutputLock, OutputError> {
    if out.exists() && !out.is_dir() {
        return Err(OutputError::IsAFile(out.to_path_buf()));
    }
    let fail = |what: &'static str| move |source| OutputError::Unusable { what, dir: out.to_path_buf(), source };
    std::fs::create_dir_all(out).map_err(fail("cannot create"))?;
    let lock = OutputLock::acquire(out)?;
    let probe = out.join(".meeple-write-check");
    File::create(&probe).map_err(fail("cannot write a file in"))?;
    std::fs::remove_file(&probe).map_err(fail("cannot remove a file from"))?;
    Ok(lock)
}

/// The temporary folder a merge writes first, inside its output folder: only the holder of the
/// output folder's lock writes it, so one found there when the lock is taken was left by a merge
/// that was killed, and is removed ([`remove_killed_merge`]) by the next merge, run or puzzle
/// study that writes the folder. It is never listed among the folder's files.
pub const MERGING: &str = ".meeple-merging";

/// Removes the [`MERGING`] folder a killed merge left in `dir`, if any; the caller holds `dir`'s
/// lock (so no merge is writing it).
///
/// # Errors
/// The folder cannot be removed ([`OutputError::Remove`]).
pub fn remove_killed_merge(dir: &Path) -> Result<(), OutputError> {
    let path = dir.join(MERGING);
    match path.exists() {
        true => std::fs::remove_dir_all(&path).map_err(|source| OutputError::Remove { path, source }),
        false => Ok(()),
    }
}

/// What a non-empty output folder without `spec.toml` or `checkpoint.json` holds, for the
/// refusal that names it ([`foreign_files`]).
pub const PUZZLE_STUDY: &str = "puzzles.csv";

/// The entries of `dir` (sorted names) that a run of `play`, `run` or `merge` did not leave
/// before its first checkpoint: anything but the `.tmp` files of an interrupted atomic write, the
/// writability probe, a killed merge's [`MERGING`] folder (removed before the run writes), and a
/// `games.csv` holding at most its header. A folder with such entries
/// and no `spec.toml` or `checkpoint.json` is not a meeple run: a run into it would overwrite
/// the user's files (or a puzzle study's, named by [`PUZZLE_STUDY`]), so it is refused.
///
/// # Errors
/// `dir` cannot be listed.
pub fn foreign_files(dir: &Path) -> Result<Vec<String>, OutputError> {
    let ours = [files::SPEC, files::CHECKPOINT, files::GAMES, files::CARRY, files::COUNTS, files::RUN];
    let mut names = Vec::new();
    for name in entries(dir)? {
        let leftover = name == ".meeple-write-check"
            || name == MERGING
            || name.strip_suffix(".tmp").is_some_and(|stem| ours.contains(&stem))
            || name == files::GAMES
                && std::fs::read(dir.join(&name)).is_ok_and(|b| b.iter().filter(|&&c| c == b'\n').count() <= 1);
        if !leftover {
            names.push(name);
        }
    }
    Ok(names)
}

/// The names of the entries of `dir`, sorted.
///
/// # Errors
/// `dir` cannot be listed.
pub fn entries(dir: &Path) -> Result<Vec<String>, OutputError> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(OutputError::read(dir))? {
        let entry = entry.map_err(OutputError::read(dir))?;
        names.push(entry.file_name().to_string_lossy().into_owned());
    }
    names.sort();
    Ok(names)
}

/// The counts of the finished run in `dir` (its `counts.json`).
///
/// # Errors
/// `dir` holds no `counts.json` (the message says when it holds an unfinished run's checkpoint
/// instead, and how to finish it), or the file cannot be read or parsed; the message names it.
pub fn read_counts(dir: &Path) -> Result<Counts, OutputError> {
    let path = dir.join(files::COUNTS);
    if !path.is_file() {
        if dir.join(files::CROSSTABLE).is_file() {
            return Err(OutputError::Tournament(dir.to_path_buf()));
        }
        if super::error::first_match(dir).is_some() {
            return Err(OutputError::UnfinishedTournament(dir.to_path_buf()));
        }
        return Err(unfinished(dir).unwrap_or_else(|| OutputError::NoCounts(dir.to_path_buf())));
    }
    let text = std::fs::read_to_string(&path).map_err(OutputError::read(&path))?;
    // A damaged counts.json (cut short, edited) says how to recover, as a checksum mismatch does
    // (nc40e N6).
    serde_json::from_str(&text).map_err(|e| {
        let how = super::error::delete(dir);
        OutputError::parse(
            &path,
            format!("{e}; the run's counts are damaged: restore the file from a copy, or {how} and run the command that made it again"),
        )
    })
}

/// If `dir` holds an unfinished run (a checkpoint and no results,
/// [`OutputError::Unfinished`]) or an unfinished growth of a finished run (a checkpoint beside
/// the results, [`OutputError::UnfinishedGrowth`]), the error that says so and how to finish it.
pub fn unfinished(dir: &Path) -> Option<OutputError> {
    match (dir.join(files::CHECKPOINT).is_file(), dir.join(files::COUNTS).is_file()) {
        (false, _) => None,
        (true, false) => Some(OutputError::Unfinished(dir.to_path_buf())),
        (true, true) => Some(OutputError::UnfinishedGrowth(dir.to_path_buf())),
    }
}

/// Writes `bytes` to `out/name` atomically: to `out/name.tmp`, then renamed over `out/name`.
///
/// # Errors
/// I/O errors, naming the file.
pub fn write_atomic(out: &Path, name: &str, bytes: &[u8]) -> Result<(), OutputError> {
    let (path, tmp) = (out.join(name), out.join(format!("{name}.tmp")));
    std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, &path)).map_err(OutputError::write(&path))
}

/// Removes `out/name` if it exists.
///
/// # Errors
/// I/O errors other than the file not existing.
pub fn remove_if_present(out: &Path, name: &str) -> Result<(), OutputError> {
    match std::fs::remove_file(out.join(name)) {
        Err(source) if source.kind() != std::io::ErrorKind::NotFound => {
            Err(OutputError::Remove { path: out.join(name), source })
        }
        _ => Ok(()),
    }
}

/// A result file's name and bytes (`None`: the file must not exist).
type ResultFile = (&'static str, Option<Vec<u8>>);

/// The result files of a run of `spec` with `counts`, by name: `spec.toml`, `counts.json`,
/// `summary.csv`, `balance.csv`, and `ratings.csv`, `versus.csv` and `metrics.csv` (`None`: the file must not
/// exist, when the counts have no ratings, no A-against-B series or no design metrics).
///
/// # Errors
/// A table that cannot be formatted.
fn result_files(spec: &Spec, counts: &Counts, outcome_labels: &[String]) -> Result<Vec<ResultFile>, OutputError> {
    let json = serde_json::to_string(counts).expect("counts serialize") + "\n";
    // Counts made before `outcome_labels` was recorded: the tables take the game's declared
    // `outcome_labels`, as `meeple report` does, so that rewriting an older run's files keeps its
    // outcome labels' rows in balance.csv (they were taken for setup game labels, which have no
    // rows, and dropped; counts.json stays as the run wrote it).
    let declared;
    let counts = match counts.outcome_labels.is_empty() && !outcome_labels.is_empty() {
        true => {
            declared = Counts { outcome_labels: outcome_labels.to_vec(), ..counts.clone() };
            &declared
        }
        false => counts,
    };
    let mut summary = Vec::new();
    write_summary(&summary_rows(counts), &mut summary).map_err(OutputError::csv(files::SUMMARY))?;
    let ratings = rating_rows(counts, &spec.bots, spec.seats);
    let ratings = match ratings.is_empty() {
        true => None,
        false => {
            let mut csv = Vec::new();
            write_ratings(&ratings, &mut csv).map_err(OutputError::csv(files::RATINGS))?;
            Some(csv)
        }
    };
    let versus = match counts.versus.is_empty() {
        true => None,
        false => {
            let mut csv = Vec::new();
            write_versus(&versus_rows(counts, spec.seats, spec.sprt.as_ref()), &mut csv)
                .map_err(OutputError::csv(files::VERSUS))?;
            Some(csv)
        }
    };
    let metrics = match counts.metrics.is_empty() {
        true => None,
        false => {
            let mut csv = Vec::new();
            write_metrics(&metric_rows(counts), &mut csv).map_err(OutputError::csv(files::METRICS))?;
            Some(csv)
        }
    };
    let mut balance_csv = Vec::new();
    let rows = balance::balance_rows(&balance::balance(counts));
    balance::write_balance(&rows, &mut balance_csv).map_err(OutputError::csv(files::BALANCE))?;
    Ok(vec![
        (files::SPEC, Some(spec.to_toml().into_bytes())),
        (files::COUNTS, Some(json.into_bytes())),
        (files::SUMMARY, Some(summary)),
        (files::BALANCE, Some(balance_csv)),
        (files::RATINGS, ratings),
        (files::VERSUS, versus),
        (files::METRICS, metrics),
    ])
}

/// Writes `spec.toml`, `counts.json`, `summary.csv`, `balance.csv` and (when the counts have ratings or
/// A-against-B series) `ratings.csv` and `versus.csv` into `out`, each atomically; removes a
/// `ratings.csv` or `versus.csv` left by another run.
///
/// # Errors
/// I/O errors, naming the file.
pub fn write_results(out: &Path, spec: &Spec, counts: &Counts) -> Result<(), OutputError> {
    for (name, bytes) in result_files(spec, counts, &[])? {
        match bytes {
            Some(b) => write_atomic(out, name, &b)?,
            None => remove_if_present(out, name)?,
        }
    }
    Ok(())
}

/// Like [`write_results`], but touches only the files that are missing or differ (a finished
/// run's folder, after a file was removed or edited); returns their names (empty: nothing
/// written). `outcome_labels`: the game's declared outcome labels, for counts made before
/// [`Counts::outcome_labels`] was recorded (see `result_files`).
///
/// # Errors
/// I/O errors, naming the file.
pub fn restore_results(
    out: &Path,
    spec: &Spec,
    counts: &Counts,
    outcome_labels: &[String],
) -> Result<Vec<&'static str>, OutputError> {
    let mut changed = Vec::new();
    for (name, bytes) in result_files(spec, counts, outcome_labels)? {
        let now = std::fs::read(out.join(name)).ok();
        if now != bytes {
            match bytes {
                Some(b) => write_atomic(out, name, &b)?,
                None => remove_if_present(out, name)?,
            }
            changed.push(name);
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    /// nc40e N6: a counts.json cut short says how to recover, not only the parser's message.
    #[test]
    fn a_truncated_counts_json_says_how_to_recover() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(super::files::COUNTS), "{\"groups\": [").unwrap();
        let err = super::read_counts(dir.path()).unwrap_err().to_string();
        assert!(err.contains("EOF while parsing") && err.contains("restore the file from a copy"), "{err}");
    }

    /// nc40e N6: a tournament folder without its crosstable.csv yet is unfinished: the message
    /// says so and how to finish it, not that its results are files that do not exist.
    #[test]
    fn an_unfinished_tournament_is_called_unfinished() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("01-a-vs-b")).unwrap();
        let err = super::read_counts(dir.path()).unwrap_err().to_string();
        assert!(err.contains("holds an unfinished tournament") && err.contains("01-a-vs-b"), "{err}");
        std::fs::write(dir.path().join(super::files::CROSSTABLE), "").unwrap();
        let err = super::read_counts(dir.path()).unwrap_err().to_string();
        assert!(err.contains("holds a tournament: its results are"), "{err}");
    }
}
