//! The runner's errors: [`OutputError`] (files of an output directory, each naming its path) and
//! [`RunError`] (a run that cannot start, resume or finish).

use std::io;
use std::path::{Path, PathBuf};

use super::files;
use crate::bots::Halt;

/// An output directory or one of its files could not be used. Every message names the path.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The output path is an existing file.
    #[error("output path {} is a file; give a directory for the results", .0.display())]
    IsAFile(PathBuf),
    /// The output directory cannot be created or written (`what` says which step failed, e.g.
    /// "cannot create").
    #[error("{what} output directory {}: {source}; give another one", .dir.display())]
    Unusable {
        /// The step: "cannot create", "cannot write a file in", "cannot remove a file from".
        what: &'static str,
        /// The output directory.
        dir: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// A directory cannot be created.
    #[error("cannot create {}: {source}", .path.display())]
    Create {
        /// The directory.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// A file cannot be read.
    #[error("cannot read {}: {source}", .path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// A file was read but does not parse (JSON, TOML or CSV): the parser's message.
    #[error("{}: {message}", .path.display())]
    Parse {
        /// The file.
        path: PathBuf,
        /// What the parser said.
        message: String,
    },
    /// A file cannot be written (or renamed into place).
    #[error("writing {}: {source}", .path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// A file cannot be removed.
    #[error("removing {}: {source}", .path.display())]
    Remove {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    /// A CSV table could not be formatted (`file` is its name, e.g. `summary.csv`).
    #[error("writing {file}: {source}")]
    Csv {
        /// The table's file name.
        file: String,
        /// The CSV writer's error.
        source: csv::Error,
    },
    /// A directory holds a tournament (a `crosstable.csv`, or match folders `NN-A-vs-B`), not
    /// one run's counts; the message names one of its match folders when it has one.
    #[error(
        "{} holds a tournament: its results are {} and {}; give the directory of one of its matches \
         (NN-A-vs-B inside it{})",
        .0.display(), files::CROSSTABLE, files::RATINGS,
        first_match(.0).map_or(String::new(), |m| format!(", e.g. {}", m.display()))
    )]
    Tournament(PathBuf),
    /// A directory holds a tournament that has not finished: match folders `NN-A-vs-B` but no
    /// `crosstable.csv` yet (nc40e N6: the message pointed to results that did not exist).
    #[error(
        "{} holds an unfinished tournament (match folders but no {} or {} yet): rerun the play or run \
         command that started it to finish it (it resumes where it stopped){}",
        .0.display(), files::CROSSTABLE, files::RATINGS,
        first_match(.0).map_or(String::new(), |m| format!("; a finished match can be reported on its own, e.g. {}", m.display()))
    )]
    UnfinishedTournament(PathBuf),
    /// A directory holds an unfinished run (a checkpoint and no results).
    #[error(
        "{} holds an unfinished run ({} but no {}): rerun the play or run command that started it to \
         finish it",
        .0.display(), files::CHECKPOINT, files::COUNTS
    )]
    Unfinished(PathBuf),
    /// A directory holds a finished run and the checkpoint of a growth of it that was
    /// interrupted: its results are the smaller run's, and a report or merge of them would go
    /// stale once the growth finishes.
    #[error(
        "{} holds an unfinished growth of its run ({} beside the smaller run's {}): rerun the play or run \
         command that grew it to finish it first",
        .0.display(), files::CHECKPOINT, files::COUNTS
    )]
    UnfinishedGrowth(PathBuf),
    /// A directory holds no results at all.
    #[error("{} has no {}: give a directory written by play, run or merge", .0.display(), files::COUNTS)]
    NoCounts(PathBuf),
    /// The output folder is in use by another process, or cannot be locked.
    #[error(transparent)]
    Lock(#[from] super::lock::LockError),
    /// The `games.csv` of a finished run is not what the run wrote (its length and checksums in
    /// `run.toml`): cut, extended or edited since.
    #[error(
        "{}: {problem}; its rows no longer match the run's results, and nothing was written: restore it from a \
         copy, or {} and run the command that made it again",
        .path.display(), delete(.dir)
    )]
    FinishedGamesChanged {
        /// The file.
        path: PathBuf,
        /// The run's folder.
        dir: PathBuf,
        /// What differs, e.g. `it holds 120 bytes, not the 4512 the run wrote`.
        problem: String,
    },
    /// A checkpoint whose bytes changed since the run saved it (its CRC-32 differs): its counts
    /// would be carried into the results.
    #[error(
        "{} changed since the run saved it (its checksum does not match); the run cannot resume from it, and \
         nothing was written: restore it from a copy, or {} (or give another --out) and run the same \
         command to play the run again",
        .path.display(), delete(.dir)
    )]
    CheckpointChanged {
        /// The checkpoint file.
        path: PathBuf,
        /// The output directory.
        dir: PathBuf,
    },
    /// The `counts.json` of a finished run is not what the run wrote (its CRC-32 in `run.toml`):
    /// edited since, its counts would be carried into `summary.csv` and every table.
    #[error(
        "{}: it changed since the run wrote it (its CRC-32 is {now:08x}, {} recorded {then:08x}); its counts no \
         longer match the run's games, and nothing was written: restore it from a copy, or {} and run the \
         command that made it again",
        .path.display(), files::RUN, delete(.dir)
    )]
    FinishedCountsChanged {
        /// The file.
        path: PathBuf,
        /// The run's folder.
        dir: PathBuf,
        /// The checksum of the file now.
        now: u32,
        /// The checksum `run.toml` recorded.
        then: u32,
    },
    /// A finished run or a checkpoint whose record of what the run wrote is missing (`run.toml`
    /// deleted, its `counts_crc32` line removed, or `checkpoint.json`'s `checksum_crc32`), or
    /// whose recorded `counts.json` is gone: its files cannot be verified, so nothing is carried
    /// on from them.
    #[error(
        "{}: {what}, so the run's files cannot be verified; nothing was written: restore it from a copy, or \
         {} and run the command that made it again",
        .path.display(), delete(.dir)
    )]
    Unverifiable {
        /// The record file (`run.toml` or `checkpoint.json`), or the file it records that is gone
        /// (`counts.json`).
        path: PathBuf,
        /// The run's folder.
        dir: PathBuf,
        /// What is missing, e.g. `it is missing (it records the checksums of counts.json and games.csv)`.
        what: String,
    },
    /// A `run.toml` that is not a run record this meeple can read (not UTF-8, not TOML, or
    /// without a field a record holds): the run's files cannot be verified against it.
    #[error(
        "{} is not a readable meeple run record ({message}); nothing was written: restore it from a copy, or {} \
         and run the command that made it again",
        .path.display(), delete(.dir)
    )]
    UnreadableRecord {
        /// The record file.
        path: PathBuf,
        /// The run's folder.
        dir: PathBuf,
        /// What is wrong, e.g. `line 1: expected `.`, `=``.
        message: String,
    },
    /// The `games.csv` of a finished run of a spec with `per_game` is missing: playing the run
    /// again in its place would silently replace the run's results.
    #[error(
        "{} is missing (the finished run wrote one row per game there); nothing was written: restore it from a \
         copy, or {} and run the command that made it again",
        .path.display(), delete(.dir)
    )]
    FinishedGamesMissing {
        /// The file.
        path: PathBuf,
        /// The run's folder.
        dir: PathBuf,
    },
    /// A checkpoint file does not parse.
    #[error("{} is damaged ({message}); {} to start the run again", .path.display(), delete(.dir))]
    DamagedCheckpoint {
        /// The checkpoint file.
        path: PathBuf,
        /// The output directory.
        dir: PathBuf,
        /// What the parser said.
        message: String,
    },
}

impl OutputError {
    /// A [`OutputError::Parse`] of `path` with the parser's error `e`.
    pub fn parse(path: &Path, e: impl std::fmt::Display) -> Self {
        Self::Parse { path: path.to_path_buf(), message: e.to_string() }
    }

    /// A [`OutputError::Write`] of `path`.
    pub fn write(path: &Path) -> impl FnOnce(io::Error) -> Self + '_ {
        move |source| Self::Write { path: path.to_path_buf(), source }
    }

    /// A [`OutputError::Read`] of `path`.
    pub fn read(path: &Path) -> impl FnOnce(io::Error) -> Self + '_ {
        move |source| Self::Read { path: path.to_path_buf(), source }
    }

    /// A [`OutputError::Csv`] of table `file`.
    pub fn csv(file: &str) -> impl FnOnce(csv::Error) -> Self + '_ {
        move |source| Self::Csv { file: file.to_string(), source }
    }
}

/// What a message tells the user to remove to start over in `dir`: `delete DIR`, or, when `dir`
/// is the current folder or holds it (`--out ./`, `--out ..`), `delete the files in DIR`.
pub fn delete(dir: &Path) -> String {
    let here = std::env::current_dir().and_then(|d| d.canonicalize());
    match (here, dir.canonicalize()) {
        (Ok(here), Ok(canonical)) if here.starts_with(&canonical) => format!("delete the files in {}", dir.display()),
        _ => format!("delete {}", dir.display()),
    }
}

/// Why a `games.csv` cannot be resumed ([`super::games_csv::GamesCsv::resume`]).
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    /// The file cannot be read or written.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The file is shorter than the checkpoint recorded.
    #[error("it holds {len} bytes, fewer than the {recorded} the checkpoint recorded")]
    Short {
        /// The file's length.
        len: u64,
        /// The length the checkpoint recorded.
        recorded: u64,
    },
    /// Bytes `start..end` (0-based, end excluded) do not have the checksum the checkpoint
    /// recorded.
    #[error("bytes {start}..{end} changed since the checkpoint recorded them")]
    Changed {
        /// The first byte of the block.
        start: u64,
        /// The byte after its end.
        end: u64,
    },
}

/// Why a run could not start, resume or finish.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// A file of the output directory.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// A bot that cannot play on stopped the run (e.g. an external bot that could not be
    /// restarted); the run keeps its last checkpoint.
    #[error(transparent)]
    Halt(#[from] Halt),
    /// The directory holds a checkpoint of a different run (`fields`: the spec fields that
    /// differ, e.g. `seed (11 there, 12 here)`, or the bots' parameters).
    #[error(
        "{d} holds an unfinished run of a different spec or bots ({fields}; {}): resume that run with its own \
         command, choose another --out, or {del}",
        .dir.join(files::CHECKPOINT).display(), d = .dir.display(), del = delete(.dir)
    )]
    OtherCheckpoint {
        /// The output directory.
        dir: PathBuf,
        /// What differs.
        fields: String,
    },
    /// The directory holds the results of a different spec (`fields`: the fields that differ).
    #[error(
        "{d} holds the results of a different spec ({fields}; {}): choose another --out, or {del}",
        .dir.join(files::SPEC).display(), d = .dir.display(), del = delete(.dir)
    )]
    OtherSpec {
        /// The output directory.
        dir: PathBuf,
        /// The fields that differ, e.g. `seed (11 there, 12 here)`.
        fields: String,
    },
    /// The directory holds files but no run of meeple (no `spec.toml`, no checkpoint): a run
    /// would overwrite them.
    #[error(
        "{d} is not empty and holds no meeple run ({files}); nothing was written: choose an empty or new folder \
         for --out",
        d = .dir.display()
    )]
    NotARun {
        /// The output directory.
        dir: PathBuf,
        /// The names of the files it holds.
        files: String,
    },
    /// The directory holds a puzzle study (`meeple puzzles`), not a run of `play` or `run`.
    #[error(
        "{d} holds a puzzle study ({d}/puzzles.csv), not a run of play or run; nothing was written: choose an empty \
         or new folder for --out",
        d = .0.display()
    )]
    PuzzleStudy(PathBuf),
    /// The directory's `spec.toml` does not parse: it is not a run of this meeple.
    #[error(
        "{} is unreadable: {message}; {d} does not hold a run meeple can continue: choose another --out, or {del}",
        .path.display(), d = .dir.display(), del = delete(.dir)
    )]
    UnreadableSpec {
        /// The file.
        path: PathBuf,
        /// The output directory.
        dir: PathBuf,
        /// What the parser said.
        message: String,
    },
    /// The directory holds a run that was growing to `had` games and was interrupted before it
    /// reached every player count: growing it again would count the games it set aside twice.
    #[error(
        "games: {d} holds a run of this spec that was growing to {had} games and was interrupted; nothing was \
         written: finish it first (the same command with --games {had}), then run it with --games {asked}",
        d = .dir.display()
    )]
    GrowInterrupted {
        /// The output directory.
        dir: PathBuf,
        /// Games the interrupted growth was asked for.
        had: u64,
        /// Games asked for now.
        asked: u64,
    },
    /// The directory holds more games of this spec than asked: a run never shrinks.
    #[error(
        "games: {d} holds a run of this spec with {had} games, more than the {asked} asked; a run never shrinks: \
         give --games {had} (or more, to extend it), choose another --out, or {del}",
        d = .dir.display(), del = delete(.dir)
    )]
    Shrink {
        /// The output directory.
        dir: PathBuf,
        /// Games of the run in the directory.
        had: u64,
        /// Games asked for.
        asked: u64,
    },
    /// A shard whose games at the larger count do not continue the ones it played.
    #[error(
        "shard: with games = {asked}, shard {shard} plays game indices {now:?} of each player count, which do not \
         continue the {had:?} that {d} holds; run this shard into a new folder (or grow the merged run: merge the \
         shards, then run the larger count into the merged folder)",
        d = .dir.display()
    )]
    ShardMoved {
        /// The output directory.
        dir: PathBuf,
        /// The shard, `k/n`.
        shard: String,
        /// Games asked for.
        asked: u64,
        /// Game indices of the first series played by the run in the directory.
        had: std::ops::Range<u64>,
        /// Game indices of that series at the larger count.
        now: std::ops::Range<u64>,
    },
    /// A run whose SPRT stopped cannot grow: a larger count would not play more games.
    #[error(
        "sprt: the run in {d} stopped when its sequential test decided ({decided}); more games would not be \
         played: its results stand as they are (choose another --out for a new test)",
        d = .dir.display()
    )]
    SprtStopped {
        /// The output directory.
        dir: PathBuf,
        /// Which player counts decided, e.g. `2 players: H1 accepted after 640 games`.
        decided: String,
    },
    /// The directory holds this spec's results made with other bot parameters.
    #[error(
        "{d} holds the results of this spec with other bot parameters ({}): choose another --out, or {del} to \
         run again",
        .changed.join("; "), d = .dir.display(), del = delete(.dir)
    )]
    OtherBots {
        /// The output directory.
        dir: PathBuf,
        /// One line per changed bot ([`super::RunRecord::changed_bots`]).
        changed: Vec<String>,
    },
    /// The `games.csv` of an unfinished run is not what its checkpoint recorded (shorter, or a
    /// block with another checksum): resuming would keep damaged rows.
    #[error(
        "{}: {damage}; the run cannot resume from it, and nothing was written: {} (or give another --out) \
         and run the same command to play the run again",
        .path.display(), delete(.dir)
    )]
    GamesChanged {
        /// The file.
        path: PathBuf,
        /// The output directory.
        dir: PathBuf,
        /// What differs.
        damage: ResumeError,
    },
    /// A signal (SIGINT, SIGTERM, SIGHUP) stopped the run; its checkpoint is saved (see
    /// [`super::interrupt`]).
    #[error("interrupted at {done} of {total} games; run the same command to resume")]
    Interrupted {
        /// The signal's number.
        signal: i32,
        /// Games played and saved.
        done: u64,
        /// Games of the run.
        total: u64,
    },
    /// The worker threads could not be started.
    #[error("cannot start worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
}

/// The first (by name) match folder of a tournament in `dir`: a subfolder named `NN-A-vs-B`
/// (two digits or more, a dash, then the bots), as the tournament names them; `None` when `dir`
/// has none (or cannot be read).
pub fn first_match(dir: &Path) -> Option<PathBuf> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            let digits = n.chars().take_while(char::is_ascii_digit).count();
            digits >= 2 && n[digits..].starts_with('-') && n.contains("-vs-")
        })
        .collect();
    names.sort();
    names.first().map(|n| dir.join(n))
}
