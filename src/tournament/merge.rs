//! `meeple merge`: combine the outputs of the shards `1/n … n/n` of one spec into exactly the
//! files a single run of that spec writes (byte for byte).
//!
//! A merge never overwrites: it writes into a temporary folder inside the output folder
//! (`.meeple-merging`, removed when the merge fails or is interrupted, and by the next merge if
//! the process was killed) and renames its files into place, `spec.toml` and `counts.json` last,
//! so the output folder never looks like a finished run before it is one. An output
//! folder that already holds files is refused, unless they are exactly the merged result (then
//! the merge writes nothing). The output folder is locked for the whole merge ([`OutputLock`]).

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use super::lock::{Holder, LockError, OutputLock};
use super::output::{
    MERGING, OutputError, entries, files, read_counts, remove_killed_merge, unfinished, write_results,
};
use super::record::RunRecord;
use super::spec::Spec;
use crate::stats::Counts;

/// What a merge did.
#[derive(Debug, Clone, PartialEq)]
pub struct Merged {
    /// The merged counts.
    pub counts: Counts,
    /// Whether files were written (`false`: the output folder already held exactly this result).
    pub written: bool,
}

/// Merges the shard directories `dirs` (in any order) into `out`, a new or empty folder (or one
/// that already holds exactly this merged result: then nothing is written).
///
/// # Errors
/// A directory that is not a shard output, shards of different specs, a missing or repeated
/// shard, an output folder in use or holding other files, or an I/O error; the message names the
/// directory ([`MergeError`]).
pub fn merge(dirs: &[PathBuf], out: &Path) -> Result<Merged, MergeError> {
    let mut shards = Vec::new();
    // Each shard is locked for reading for the whole merge: a shard still being played or grown
    // is refused, and none can start while its files are read; other merges of it may run.
    let mut _shard_locks = Vec::new();
    let mut locked = Vec::new();
    for dir in dirs {
        // A shard given twice is locked once (and refused below as given twice: a second lock
        // of the same folder by this process would block).
        let canonical = dir.canonicalize().unwrap_or_else(|_| dir.clone());
        if !locked.contains(&canonical) {
            locked.push(canonical);
            match OutputLock::acquire_shared(dir) {
                Ok(lock) => _shard_locks.push(lock),
                Err(LockError::Busy { holder, .. }) => {
                    return Err(MergeError::ShardBusy { dir: dir.clone(), holder });
                }
                // A missing or unreadable folder: said below, naming its spec.toml.
                Err(LockError::Io { .. } | LockError::Moved(_)) => {}
            }
        }
        if dir.join(files::CHECKPOINT).is_file() {
            return Err(MergeError::UnfinishedShard(dir.clone()));
        }
        if let Some(e) = unfinished(dir) {
            return Err(e.into());
        }
        let spec = Spec::from_file(&dir.join(files::SPEC))?;
        let shard = spec.shard.ok_or_else(|| MergeError::NotAShard(dir.clone()))?;
        shards.push((shard, spec, dir.clone()));
    }
    shards.sort_by_key(|(s, _, _)| s.k);
    let Some((first, spec, _)) = shards.first().cloned() else {
        return Err(MergeError::NoShards);
    };
    let whole = Spec { shard: None, ..spec };
    for (i, (shard, s, dir)) in shards.iter().enumerate() {
        let other = Spec { shard: None, ..s.clone() };
        if other != whole {
            let (there, here) = (whole.fields(), other.fields());
            let value = |t: &toml::Table, k: &str| t.get(k).map_or("absent".to_string(), |v| v.to_string());
            let fields = whole
                .differences(&other)
                .iter()
                .map(|k| {
                    let (a, b) = (value(&there, k), value(&here, k));
                    format!("{k}: {a} in {}, {b} in {}", shards[0].2.display(), dir.display())
                })
                .collect::<Vec<_>>()
                .join("; ");
            return Err(MergeError::OtherSpec { dir: dir.clone(), first: shards[0].2.clone(), fields });
        }
        if shard.n != first.n || shard.k != i as u64 + 1 {
            return Err(MergeError::NotEachOnce { n: first.n, got: list(&shards) });
        }
    }
    if shards.len() as u64 != first.n {
        return Err(MergeError::Incomplete { n: first.n, got: list(&shards) });
    }
    let same = |a: &Path, b: &Path| a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y);
    if let Some((_, _, d)) = shards.iter().find(|(_, _, d)| same(d, out)) {
        return Err(MergeError::OutIsAShard(d.clone()));
    }
    let mut counts = Counts::default();
    for (_, _, dir) in &shards {
        counts.merge(&read_counts(dir)?);
        // A shard's counts.json or games.csv cut, extended or edited since it finished is not
        // merged, nor one whose record of them is missing.
        let record = RunRecord::load_finished(dir)?;
        record.check_counts(dir)?;
        record.check_games(dir)?;
    }
    stop_if_interrupted(out)?;
    if out.exists() && !out.is_dir() {
        return Err(OutputError::IsAFile(out.to_path_buf()).into());
    }
    let created = !out.exists();
    std::fs::create_dir_all(out).map_err(|source| OutputError::Create { path: out.to_path_buf(), source })?;
    let _lock = OutputLock::acquire(out).map_err(OutputError::from)?;
    remove_stale(out)?;
    let tmp = out.join(MERGING);
    let written = (|| {
        std::fs::create_dir(&tmp).map_err(|source| OutputError::Create { path: tmp.clone(), source })?;
        if whole.per_game {
            let dirs: Vec<&Path> = shards.iter().map(|(_, _, d)| d.as_path()).collect();
            merge_games(&whole, &dirs, &tmp, out)?;
        }
        write_results(&tmp, &whole, &counts)?;
        if let Some(mut record) = merged_record(&shards)? {
            record.seal_counts(&tmp)?;
            if whole.per_game {
                let path = tmp.join(files::GAMES);
                let len = std::fs::metadata(&path).map_err(OutputError::read(&path))?.len();
                let sums = super::games_csv::verify(&path, len, &[]).map_err(|e| match e {
                    super::games_csv::ResumeError::Io(source) => OutputError::Read { path: path.clone(), source },
                    e => OutputError::parse(&path, e),
                })?;
                (record.games_csv_bytes, record.games_csv_crc32) = (Some(len), sums);
            }
            record.save(&tmp)?;
        }
        stop_if_interrupted(out)?;
        place(&tmp, out)
    })();
    if tmp.exists() {
        // Best effort: the merged files are either in place or not wanted.
        let _ = std::fs::remove_dir_all(&tmp);
    }
    if created && written.is_err() {
        // Only if still empty: a failed merge leaves no folder it made.
        let _ = std::fs::remove_dir(out);
    }
    Ok(Merged { counts, written: written? })
}

/// Removes what killed merges into `out` left (this process holds `out`'s lock): `out`'s
/// [`MERGING`] folder, and the `.NAME.merging-PID` folders beside `out` that earlier versions
/// of meeple wrote, of processes that are no longer alive.
///
/// # Errors
/// A folder that cannot be removed.
fn remove_stale(out: &Path) -> Result<(), MergeError> {
    let remove = |path: PathBuf| std::fs::remove_dir_all(&path).map_err(|source| OutputError::Remove { path, source });
    remove_killed_merge(out)?;
    let Ok(canonical) = out.canonicalize() else { return Ok(()) };
    let (Some(name), Some(parent)) = (canonical.file_name(), canonical.parent()) else { return Ok(()) };
    let prefix = format!(".{}.merging-", name.to_string_lossy());
    for entry in std::fs::read_dir(parent).into_iter().flatten().flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = file.strip_prefix(&prefix).and_then(|p| p.parse::<i32>().ok()) else { continue };
        // SAFETY: signal 0 sends nothing; it only asks whether process `pid` exists.
        let alive =
            unsafe { libc::kill(pid, 0) } == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM);
        if !alive {
            remove(entry.path())?;
        }
    }
    Ok(())
}

/// [`MergeError::Interrupted`] if a signal asked meeple to stop ([`crate::interrupt`]): the merge
/// into `out` then removes its temporary folder and writes nothing.
fn stop_if_interrupted(out: &Path) -> Result<(), MergeError> {
    match crate::interrupt::requested() {
        None => Ok(()),
        Some(signal) => Err(MergeError::Interrupted(crate::interrupt::Interrupted {
            signal,
            message: format!(
                "interrupted: the merge into {} stopped before it wrote anything; run the same command to merge",
                out.display()
            ),
        })),
    }
}

/// Puts the merged files of `tmp` in place in `out`, each by a rename (`spec.toml` and
/// `counts.json` last, so that a folder caught in between is never taken for a finished run);
/// returns `false` (nothing written) if `out` holds exactly the files of `tmp`, besides what
/// `meeple report` wrote from them (`report.md` and its `.svg` plots: merge, report, then the
/// same merge again writes nothing). A folder that holds some of the merged files, each the same
/// bytes, and nothing else (a merge killed while it put its files in place) gets the rest.
///
/// # Errors
/// `out` holds other files ([`MergeError::Occupied`]), or I/O errors.
fn place(tmp: &Path, out: &Path) -> Result<bool, MergeError> {
    let held = names(out)?;
    let merged = names(tmp)?;
    // The report's files (named by crate::report, a layer above this one).
    let report = |n: &String| n == "report.md" || n.ends_with(".svg");
    let same =
        |n: &String| matches!((std::fs::read(tmp.join(n)), std::fs::read(out.join(n))), (Ok(a), Ok(b)) if a == b);
    let present: Vec<&String> = merged.iter().filter(|n| held.contains(n)).collect();
    let ours = present.iter().all(|n| same(n));
    if ours && present.len() == merged.len() && held.iter().all(|n| merged.contains(n) || report(n)) {
        return Ok(false);
    }
    if !ours || held.iter().any(|n| !merged.contains(n)) {
        return Err(MergeError::Occupied { dir: out.to_path_buf(), files: held.join(", ") });
    }
    let last = |n: &&String| *n == files::SPEC || *n == files::COUNTS;
    let (late, early): (Vec<&String>, Vec<&String>) = merged.iter().filter(|n| !held.contains(n)).partition(last);
    for n in early.into_iter().chain(late) {
        std::fs::rename(tmp.join(n), out.join(n)).map_err(OutputError::write(&out.join(n)))?;
    }
    Ok(true)
}

/// The names of the entries of `dir`, sorted, but for a merge's [`MERGING`] folder.
fn names(dir: &Path) -> Result<Vec<String>, MergeError> {
    Ok(entries(dir)?.into_iter().filter(|n| n != MERGING).collect())
}

/// The run record of the merged run: the first shard's, starting when the first shard started and
/// lasting the shards' wall times added up; `None` when a shard has no record.
///
/// # Errors
/// Shards that ran the same bot names with different parameters (an edited profile), named.
fn merged_record(shards: &[(super::spec::Shard, Spec, PathBuf)]) -> Result<Option<RunRecord>, MergeError> {
    let mut records = Vec::new();
    for (_, _, dir) in shards {
        match RunRecord::load(dir)? {
            Some(r) => records.push((r, dir)),
            None => return Ok(None),
        }
    }
    let Some((first, first_dir)) = records.first().cloned() else { return Ok(None) };
    if let Some((r, dir)) = records.iter().find(|(r, _)| r.bots != first.bots) {
        return Err(MergeError::OtherBots {
            first_dir: first_dir.to_path_buf(),
            dir: dir.to_path_buf(),
            first: format!("{:?}", first.bots),
            other: format!("{:?}", r.bots),
        });
    }
    let started = records.iter().map(|(r, _)| r.started.clone()).min().unwrap_or_default();
    let wall_seconds = records.iter().map(|(r, _)| r.wall_seconds).sum();
    Ok(Some(RunRecord { started, wall_seconds, ..first }))
}

fn list(shards: &[(super::spec::Shard, Spec, PathBuf)]) -> String {
    shards.iter().map(|(s, _, _)| s.to_string()).collect::<Vec<_>>().join(", ")
}

/// Interleaves the shards' `games.csv`: for each player count in spec order, every shard's rows
/// of that count in shard order. Streams; memory does not grow with the number of games.
///
/// Stops with [`MergeError::Interrupted`] (checked every [`ROWS_PER_CHECK`] rows) when a signal
/// asks meeple to stop; `merged` is the merge's output folder, for the message.
fn merge_games(spec: &Spec, dirs: &[&Path], out: &Path, merged: &Path) -> Result<(), MergeError> {
    let open = |d: &Path| {
        let path = d.join(files::GAMES);
        csv::Reader::from_path(&path).map_err(|source| MergeError::ReadGames { path, source })
    };
    let mut readers = dirs.iter().map(|d| open(d)).collect::<Result<Vec<_>, _>>()?;
    let header = readers[0].headers().map_err(|e| OutputError::parse(&dirs[0].join(files::GAMES), e))?.clone();
    let out_path = out.join(files::GAMES);
    let write_err = |source: csv::Error| MergeError::WriteGames { path: out_path.clone(), source };
    let mut w =
        csv::Writer::from_writer(BufWriter::new(File::create(&out_path).map_err(OutputError::write(&out_path))?));
    w.write_record(&header).map_err(write_err)?;
    let mut rows: Vec<_> = readers.iter_mut().map(|r| r.records().peekable()).collect();
    let counts = spec.players.as_ref().map(|p| p.to_vec());
    let series: Vec<Option<String>> = match counts {
        Some(c) => c.iter().map(|p| Some(p.to_string())).collect(),
        None => vec![None],
    };
    let mut rows_done = 0u64;
    for players in &series {
        for (dir, shard_rows) in dirs.iter().zip(rows.iter_mut()) {
            while let Some(row) =
                shard_rows.next_if(|r| r.as_ref().map_or(true, |r| players.as_deref().is_none_or(|p| &r[0] == p)))
            {
                let row = row.map_err(|e| OutputError::parse(&dir.join(files::GAMES), e))?;
                w.write_record(&row).map_err(write_err)?;
                rows_done += 1;
                if rows_done.is_multiple_of(ROWS_PER_CHECK) {
                    stop_if_interrupted(merged)?;
                }
            }
        }
    }
    w.flush().map_err(OutputError::write(&out_path))?;
    Ok(())
}

/// Rows of `games.csv` merged between two checks for a signal.
const ROWS_PER_CHECK: u64 = 4096;

/// Why shard outputs cannot be merged ([`merge`]). Each message names the directory.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// A file of a shard or of the output.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// A directory whose spec has no shard.
    #[error("{} is not a shard output (its spec.toml has no shard)", .0.display())]
    NotAShard(PathBuf),
    /// No directory given.
    #[error("give the shard directories to merge")]
    NoShards,
    /// A shard of another spec than the first shard's (`fields`: the fields that differ).
    #[error(
        "{} was run from a different spec than {} ({fields}): merge the shards of one spec",
        .dir.display(), .first.display()
    )]
    OtherSpec {
        /// The shard that differs.
        dir: PathBuf,
        /// The first shard.
        first: PathBuf,
        /// The fields that differ, e.g. `seed: 11 in s1, 12 in s2`.
        fields: String,
    },
    /// A shard folder in use by another process (a run still playing or growing it, another
    /// merge reading it), named by its command.
    #[error(
        "shard {} is in use by {holder} ({}); nothing was written: merge once that {} has finished",
        .dir.display(), .holder.doing(), .holder.kind
    )]
    ShardBusy {
        /// The shard.
        dir: PathBuf,
        /// Who holds it ([`LockError::Busy`]).
        holder: Holder,
    },
    /// A shard folder that holds an unfinished run (its checkpoint), e.g. one interrupted while
    /// it grew: its files are not a finished shard's.
    #[error(
        "shard {d} holds an unfinished run ({d}/{}); nothing was written: finish it first (rerun the command that \
         started it), then merge",
        files::CHECKPOINT, d = .0.display()
    )]
    UnfinishedShard(PathBuf),
    /// Shards of different counts, a shard given twice, or a gap (`1/3, 3/3`).
    #[error("shards must be exactly 1/{n} … {n}/{n}, each once; got {got}")]
    NotEachOnce {
        /// The shard count of the first shard.
        n: u64,
        /// The shards given, e.g. `1/4, 1/4`.
        got: String,
    },
    /// Shards missing at the end (`1/3, 2/3`).
    #[error("shards must be exactly 1/{n} … {n}/{n}; got {got}")]
    Incomplete {
        /// The shard count.
        n: u64,
        /// The shards given.
        got: String,
    },
    /// The output directory is one of the shards.
    #[error("--out {} is one of the shard directories: merge into a new directory", .0.display())]
    OutIsAShard(PathBuf),
    /// The output folder holds files that are not exactly this merged result.
    #[error(
        "{d} already holds files ({files}) that are not this merged result; nothing was written: merge into a new \
         or empty folder, or {del}",
        d = .dir.display(), del = super::error::delete(.dir)
    )]
    Occupied {
        /// The output folder.
        dir: PathBuf,
        /// The names of the files it holds.
        files: String,
    },
    /// A signal (Ctrl-C, SIGTERM, SIGHUP) stopped the merge: its temporary folder is removed,
    /// nothing is written.
    #[error("{0}")]
    Interrupted(#[source] crate::interrupt::Interrupted),
    /// Two shards ran the same bot names with different parameters.
    #[error(
        "{} and {} ran the same bots with different parameters ({first} against {other}): a profile changed \
         between shards; rerun the shards with one set of profiles",
        .first_dir.display(), .dir.display()
    )]
    OtherBots {
        /// The first shard.
        first_dir: PathBuf,
        /// The shard that differs.
        dir: PathBuf,
        /// The first shard's bots.
        first: String,
        /// The other shard's bots.
        other: String,
    },
    /// A shard's `games.csv` cannot be opened.
    #[error("cannot read {}: {source}", .path.display())]
    ReadGames {
        /// The file.
        path: PathBuf,
        /// The CSV reader's error.
        source: csv::Error,
    },
    /// The merged `games.csv` cannot be written.
    #[error("writing {}: {source}", .path.display())]
    WriteGames {
        /// The file.
        path: PathBuf,
        /// The CSV writer's error.
        source: csv::Error,
    },
}
