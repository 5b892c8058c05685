//! One writer per output folder: an exclusive OS lock (`flock(2)` through [`File::try_lock`]) on
//! the folder itself, held for a whole `play`, `run`, `merge` or `puzzles` run, and while
//! `report` reads a run and writes its report (so a report never mixes a run's states). A merge
//! holds a shared lock on each shard it reads ([`OutputLock::acquire_shared`]): merges of the
//! same shards run at once, and no run or report writes a shard while one reads it.
//!
//! The lock is taken on the directory, not on a file in it, so a run leaves no lock file behind
//! and the folder holds exactly the files a run writes. The operating system releases it when
//! the process ends, however it ends (`kill -9` included), so a lock never outlives its holder.
//! When the folder is taken, the holder is found through `/proc/locks` (Linux): its pid, its
//! command line and its start time, for the one-line message; elsewhere the message says only
//! that another process holds it.

use std::fs::{File, TryLockError};
use std::path::{Path, PathBuf};

/// A lock on an output folder (exclusive, or shared by readers), released when dropped (or when
/// the process ends).
#[derive(Debug)]
pub struct OutputLock {
    _dir: File,
}

/// Why an output folder could not be locked.
#[derive(Debug, thiserror::Error)]
pub enum LockError {
    /// Another process holds the folder.
    #[error(
        "{} is in use by {holder}; nothing was written: wait for that {} to end, or give another output folder",
        .dir.display(), .holder.kind
    )]
    Busy {
        /// The folder.
        dir: PathBuf,
        /// Who holds it.
        holder: Holder,
    },
    /// The folder was renamed, moved or deleted while the run wrote it: its path names another
    /// folder, or none ([`FolderId::check`]).
    #[error(
        "{} is no longer the folder this run was writing (it was renamed, moved or deleted during the run); the \
         run stopped and wrote nothing more: move that folder back to {} and run the same command to resume",
        .0.display(), .0.display()
    )]
    Moved(PathBuf),
    /// The folder cannot be opened or locked.
    #[error("cannot lock {}: {source}", .dir.display())]
    Io {
        /// The folder.
        dir: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// The process that holds a folder, as the messages name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    /// `process 123 (`meeple play …`, started 2026-12-04T22:10:05Z)`, or `another process`
    /// where `/proc` does not say.
    pub text: String,
    /// What it is doing, from its command: `run` (`play`, `run`, `compare`, `sweep`, or a
    /// program using the library), `merge`, `report` or `puzzle study`.
    pub kind: &'static str,
}

impl std::fmt::Display for Holder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl Holder {
    /// What the holder does with the folder, for a message about a shard or a run it holds:
    /// `a run is still playing or growing it`, `another merge is reading it`, `a report is being
    /// made from it`.
    pub fn doing(&self) -> &'static str {
        match self.kind {
            "merge" => "another merge is reading it",
            "report" => "a report is being made from it",
            "puzzle study" => "a puzzle study is writing it",
            _ => "a run is still playing or growing it",
        }
    }
}

/// What a meeple process with arguments `args` (its command line) does with its folder
/// ([`Holder::kind`]): named by its subcommand, the first argument after the program.
fn kind_of(args: &[String]) -> &'static str {
    match args.get(1).map(String::as_str) {
        Some("merge") => "merge",
        Some("report") => "report",
        Some("puzzles") => "puzzle study",
        _ => "run",
    }
}

impl OutputLock {
    /// Locks the existing folder `dir` for this process, without waiting.
    ///
    /// # Errors
    /// [`LockError::Busy`] naming the holder when another process holds it; [`LockError::Io`] when
    /// the folder cannot be opened or locked.
    pub fn acquire(dir: &Path) -> Result<Self, LockError> {
        Self::take(dir, File::try_lock)
    }

    /// Locks the existing folder `dir` for reading, without waiting: any number of readers (the
    /// merges of its shard) hold it at once, and no writer (a run, a report) while one does.
    ///
    /// # Errors
    /// As [`OutputLock::acquire`]: [`LockError::Busy`] when a writer holds it.
    pub fn acquire_shared(dir: &Path) -> Result<Self, LockError> {
        Self::take(dir, File::try_lock_shared)
    }

    /// Opens `dir` and locks it with `lock` (exclusive or shared).
    fn take(dir: &Path, lock: fn(&File) -> Result<(), TryLockError>) -> Result<Self, LockError> {
        let io = |source| LockError::Io { dir: dir.to_path_buf(), source };
        let file = File::open(dir).map_err(io)?;
        match lock(&file) {
            Ok(()) => Ok(Self { _dir: file }),
            Err(TryLockError::WouldBlock) => {
                Err(LockError::Busy { dir: dir.to_path_buf(), holder: holder(&file).unwrap_or_else(unknown_holder) })
            }
            Err(TryLockError::Error(e)) => Err(io(e)),
        }
    }
}

/// The identity of a folder (its device and inode numbers): a run records that of its output
/// folder when it starts and checks, before each checkpoint and before its results, that the
/// path still names that folder ([`FolderId::check`]). The lock is on the folder, not its path:
/// a folder renamed during a run would otherwise get the run's later files at its old path (a
/// new folder, unlocked) while `games.csv`, an open file, went on in the renamed one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FolderId(u64, u64);

impl FolderId {
    /// The identity of the folder `dir` names now.
    ///
    /// # Errors
    /// It cannot be read (e.g. it does not exist).
    pub fn of(dir: &Path) -> std::io::Result<Self> {
        let meta = std::fs::metadata(dir)?;
        #[cfg(unix)]
        let id = {
            use std::os::unix::fs::MetadataExt;
            Self(meta.dev(), meta.ino())
        };
        #[cfg(not(unix))]
        let id = {
            let _ = meta;
            Self(0, 0)
        };
        Ok(id)
    }

    /// Whether `dir` still names this folder.
    ///
    /// # Errors
    /// [`LockError::Moved`] when it names another folder or none.
    pub fn check(self, dir: &Path) -> Result<(), LockError> {
        match Self::of(dir) {
            Ok(id) if id == self => Ok(()),
            _ => Err(LockError::Moved(dir.to_path_buf())),
        }
    }
}

fn unknown_holder() -> Holder {
    Holder { text: "another process".to_string(), kind: "run" }
}

/// Who holds the lock on `file`'s inode: `process 123 (`meeple play …`, started …)`, from
/// `/proc/locks`, the holder's `/proc/PID/cmdline` and the start time of `/proc/PID`.
#[cfg(target_os = "linux")]
fn holder(file: &File) -> Option<Holder> {
    use std::os::unix::fs::MetadataExt;
    let meta = file.metadata().ok()?;
    let (dev, ino) = (meta.dev(), meta.ino());
    // /proc/locks prints the device as major:minor in hex, e.g. `00:2d:1234` (FLOCK lines:
    // `1: FLOCK  ADVISORY  WRITE 4242 00:2d:1234 0 EOF`).
    let (major, minor) = (libc::major(dev), libc::minor(dev));
    let want = format!("{major:02x}:{minor:02x}:{ino}");
    let locks = std::fs::read_to_string("/proc/locks").ok()?;
    let pid: u32 = locks.lines().find_map(|l| {
        let f: Vec<&str> = l.split_whitespace().collect();
        let at = f.iter().position(|x| *x == "FLOCK")?;
        (f.get(at + 4) == Some(&want.as_str())).then(|| f.get(at + 3)?.parse().ok())?
    })?;
    let proc = PathBuf::from(format!("/proc/{pid}"));
    let cmdline = std::fs::read(proc.join("cmdline")).ok()?;
    let command: Vec<String> =
        cmdline.split(|&b| b == 0).filter(|a| !a.is_empty()).map(|a| String::from_utf8_lossy(a).into_owned()).collect();
    let started = start_time(&proc).map(|t| format!(", started {}", humantime::format_rfc3339_seconds(t)));
    let text = format!("process {pid} (`{}`{})", command.join(" "), started.unwrap_or_default());
    Some(Holder { text, kind: kind_of(&command) })
}

/// When process `proc` (`/proc/PID`) started: field 22 of its `stat` (clock ticks after boot)
/// plus the boot time (`btime` of `/proc/stat`).
#[cfg(target_os = "linux")]
fn start_time(proc: &Path) -> Option<std::time::SystemTime> {
    let stat = std::fs::read_to_string(proc.join("stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces: count after its `)`.
    let ticks: u64 = stat.rsplit_once(')')?.1.split_whitespace().nth(19)?.parse().ok()?;
    let boot: u64 = std::fs::read_to_string("/proc/stat")
        .ok()?
        .lines()
        .find_map(|l| l.strip_prefix("btime "))?
        .trim()
        .parse()
        .ok()?;
    // SAFETY: sysconf only reads a configuration value.
    let hz = u64::try_from(unsafe { libc::sysconf(libc::_SC_CLK_TCK) }).ok().filter(|&h| h > 0)?;
    Some(std::time::UNIX_EPOCH + std::time::Duration::from_secs(boot + ticks / hz))
}

#[cfg(not(target_os = "linux"))]
fn holder(_: &File) -> Option<Holder> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_has_one_holder_at_a_time_and_is_free_again_after_it() {
        let tmp = tempfile::tempdir().unwrap();
        let first = OutputLock::acquire(tmp.path()).unwrap();
        let err = OutputLock::acquire(tmp.path()).unwrap_err().to_string();
        assert!(err.starts_with(&format!("{} is in use by process {} (`", tmp.path().display(), std::process::id())));
        assert!(err.contains(", started 20") && err.contains("; nothing was written"), "{err}");
        drop(first);
        OutputLock::acquire(tmp.path()).unwrap();
    }

    #[test]
    fn readers_share_a_folder_and_exclude_its_writer() {
        let tmp = tempfile::tempdir().unwrap();
        let (first, second) = (OutputLock::acquire_shared(tmp.path()), OutputLock::acquire_shared(tmp.path()));
        assert!(first.is_ok() && second.is_ok());
        assert!(matches!(OutputLock::acquire(tmp.path()), Err(LockError::Busy { .. })));
        drop((first, second));
        let writer = OutputLock::acquire(tmp.path()).unwrap();
        assert!(matches!(OutputLock::acquire_shared(tmp.path()), Err(LockError::Busy { .. })));
        drop(writer);
    }
}
