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
    /// A directory holds a tournament, not one run's counts.
    #[error(
        "{} holds a tournament: its results are {} and {}; give the directory of one of its matches \
         (NN-A-vs-B inside it)",
        .0.display(), files::CROSSTABLE, files::RATINGS
    )]
    Tournament(PathBuf),
    /// A directory holds an unfinished run (a checkpoint and no results).
    #[error(
        "{} holds an unfinished run ({} but no {}): rerun the play or run command that started it to \
         finish it",
        .0.display(), files::CHECKPOINT, files::COUNTS
    )]
    Unfinished(PathBuf),
    /// A directory holds no results at all.
    #[error("{} has no {}: give a directory written by play, run or merge", .0.display(), files::COUNTS)]
    NoCounts(PathBuf),
    /// A checkpoint file does not parse.
    #[error("{} is damaged ({message}); delete {} to start the run again", .path.display(), .dir.display())]
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
    /// The directory holds a checkpoint of a different run.
    #[error(
        "{d} holds an unfinished run of a different spec or bots ({d}/{}): resume that run with its own command, \
         choose another --out, or delete {d}",
        files::CHECKPOINT, d = .0.display()
    )]
    OtherCheckpoint(PathBuf),
    /// The directory holds the results of a different spec.
    #[error(
        "{d} holds the results of a different spec ({d}/{}): choose another --out, or delete {d}",
        files::SPEC, d = .0.display()
    )]
    OtherSpec(PathBuf),
    /// The directory holds this spec's results made with other bot parameters.
    #[error(
        "{d} holds the results of this spec with other bot parameters ({}): choose another --out, or delete {d} to \
         run again",
        .changed.join("; "), d = .dir.display()
    )]
    OtherBots {
        /// The output directory.
        dir: PathBuf,
        /// One line per changed bot ([`super::RunRecord::changed_bots`]).
        changed: Vec<String>,
    },
    /// The worker threads could not be started.
    #[error("cannot start worker threads: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
}
