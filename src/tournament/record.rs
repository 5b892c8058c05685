//! `run.toml`: how a run was made, beside the `spec.toml` that determines its results: meeple's
//! version (and git commit when built from a checkout), the game's configuration with every
//! option's default filled in, every bot's resolved parameters (a profile's contents at run
//! time), when the run started and how long it took. Not part of the results (a rerun of the
//! same spec writes the same CSV bytes); it lets a reader see what a profile name meant, and the
//! runner warn when a profile has changed since.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::SystemTime;

use serde::{Deserialize, Serialize};

use super::output::{OutputError, files, write_atomic};
use crate::bots::BotSpec;

/// The contents of `run.toml`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunRecord {
    /// meeple's version (`Cargo.toml`), e.g. `0.1.0`.
    pub meeple_version: String,
    /// The git commit meeple was built from (`-dirty` with uncommitted changes); absent when built
    /// outside a git checkout.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub git_commit: Option<String>,
    /// When the run started (its first session, for a resumed run), RFC 3339 in UTC.
    pub started: String,
    /// Wall time of the run in seconds (all sessions of a resumed run; all shards of a merge).
    pub wall_seconds: f64,
    /// Every option of the game with its value (the defaults filled in), as a TOML inline table
    /// in the order the game declares them ([`crate::options::text`]), e.g.
    /// `{ bga_small_tables = false, character_choice = false }`; runs made before options were
    /// declared once hold the game's `Config` in Rust debug format instead.
    pub config: String,
    /// Every bot of the lineup by name: its kind with all parameters ([`BotSpec::resolved`]),
    /// e.g. `mcts-1k = "mcts:iterations=1000,c=1.4"`.
    pub bots: BTreeMap<String, String>,
    /// Caveats about the run's bot comparisons ([`crate::stats::strength_caveats`]: fixed seats
    /// with distinct bots, forfeits above 5% of a bot's games); absent when there are none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// With `per_game`: the length of `games.csv` in bytes when the run finished, checked (with
    /// [`RunRecord::games_csv_crc32`]) before the run is declared complete again or grows; absent
    /// without `per_game` and in records of older meeple versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games_csv_bytes: Option<u64>,
    /// The CRC-32 of every block of [`super::games_csv::CHECKSUM_BLOCK`] bytes (16 MiB) of that
    /// `games.csv`, the last block partial, as the checkpoint records them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games_csv_crc32: Vec<u32>,
    /// The CRC-32 of `counts.json` as the run wrote it, checked ([`RunRecord::check_counts`])
    /// before the run is declared complete again, grows, is merged or reported; absent in records
    /// of older meeple versions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts_crc32: Option<u32>,
    /// The version of this record's format: 2 for records that always hold
    /// [`RunRecord::counts_crc32`] (and, with `per_game`, [`RunRecord::games_csv_bytes`]), so
    /// that one without them is refused as unverifiable; absent (1) in records of older meeple
    /// versions, which are checked with what they hold.
    #[serde(default = "first_version")]
    pub record_version: u32,
}

/// [`RunRecord::record_version`] of records written before it existed.
fn first_version() -> u32 {
    1
}

/// The [`RunRecord::record_version`] this meeple writes.
pub const RECORD_VERSION: u32 = 2;

impl RunRecord {
    /// The record of a run of `bots` under `config` (already formatted), started at `started`
    /// (see [`now`]) and lasting `wall_seconds`, made by this build of meeple.
    pub fn new(config: String, bots: &[&BotSpec], started: String, wall_seconds: f64) -> Self {
        Self {
            meeple_version: env!("CARGO_PKG_VERSION").to_string(),
            git_commit: option_env!("MEEPLE_GIT_COMMIT").map(str::to_string),
            started,
            wall_seconds: (wall_seconds * 1000.0).round() / 1000.0,
            config,
            bots: resolved(bots),
            warnings: Vec::new(),
            games_csv_bytes: None,
            games_csv_crc32: Vec::new(),
            counts_crc32: None,
            record_version: RECORD_VERSION,
        }
    }

    /// Records the CRC-32 of the `counts.json` in `dir` (just written) in
    /// [`RunRecord::counts_crc32`].
    ///
    /// # Errors
    /// The file cannot be read.
    pub fn seal_counts(&mut self, dir: &Path) -> Result<(), OutputError> {
        let path = dir.join(files::COUNTS);
        self.counts_crc32 = Some(crc32fast::hash(&std::fs::read(&path).map_err(OutputError::read(&path))?));
        Ok(())
    }

    /// The record of the finished run in `dir`, which must have one: a finished run without it
    /// cannot be verified.
    ///
    /// # Errors
    /// [`OutputError::Unverifiable`] if `run.toml` is missing; as [`RunRecord::load`].
    pub fn load_finished(dir: &Path) -> Result<Self, OutputError> {
        Self::load(dir)?.ok_or_else(|| OutputError::Unverifiable {
            path: dir.join(files::RUN),
            dir: dir.to_path_buf(),
            what: format!("it is missing (it records the checksums of {} and {})", files::COUNTS, files::GAMES),
        })
    }

    /// [`OutputError::Unverifiable`]: this record (of the run in `dir`) lacks `key`.
    fn lacks(&self, dir: &Path, key: &str) -> OutputError {
        OutputError::Unverifiable {
            path: dir.join(files::RUN),
            dir: dir.to_path_buf(),
            what: format!("its `{key}` line is missing (record_version {} holds it)", self.record_version),
        }
    }

    /// Checks the `counts.json` in `dir` against the checksum this record holds (nothing to check
    /// when an older meeple wrote none, [`RunRecord::record_version`] 1).
    ///
    /// # Errors
    /// [`OutputError::FinishedCountsChanged`] with both checksums; [`OutputError::Unverifiable`] if
    /// a record of version 2 lacks the checksum; or the file cannot be read.
    pub fn check_counts(&self, dir: &Path) -> Result<(), OutputError> {
        let Some(then) = self.counts_crc32 else {
            return match self.record_version >= RECORD_VERSION {
                true => Err(self.lacks(dir, "counts_crc32")),
                false => Ok(()),
            };
        };
        let path = dir.join(files::COUNTS);
        let now = crc32fast::hash(&std::fs::read(&path).map_err(OutputError::read(&path))?);
        match now == then {
            true => Ok(()),
            false => Err(OutputError::FinishedCountsChanged { path, dir: dir.to_path_buf(), now, then }),
        }
    }

    /// The record in `dir`, if it has one.
    ///
    /// # Errors
    /// [`OutputError::UnreadableRecord`] if the file is not UTF-8 or does not parse as a record
    /// (its line and the parser's message); [`OutputError::Read`] if it cannot be read.
    pub fn load(dir: &Path) -> Result<Option<Self>, OutputError> {
        let path = dir.join(files::RUN);
        let unreadable =
            |message: String| OutputError::UnreadableRecord { path: path.clone(), dir: dir.to_path_buf(), message };
        match std::fs::read_to_string(&path) {
            Ok(text) => toml::from_str(&text).map(Some).map_err(|e: toml::de::Error| {
                let line = e.span().map(|s| text[..s.start].matches('\n').count() + 1);
                let message = e.message().trim_end();
                unreadable(line.map_or_else(|| message.to_string(), |l| format!("line {l}: {message}")))
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Err(unreadable("it is not UTF-8 text".into())),
            Err(source) => Err(OutputError::Read { path, source }),
        }
    }

    /// Writes the record to `dir/run.toml` (atomically).
    ///
    /// # Errors
    /// I/O errors, naming the file.
    pub fn save(&self, dir: &Path) -> Result<(), OutputError> {
        write_atomic(dir, files::RUN, toml::to_string(self).expect("a run record serializes").as_bytes())
    }

    /// Checks the `games.csv` in `dir` against the length and checksums this record holds
    /// (nothing to check when it holds none: no `per_game`, or an older meeple).
    ///
    /// # Errors
    /// [`OutputError::FinishedGamesChanged`] saying what differs; [`OutputError::FinishedGamesMissing`]
    /// if it holds a length and the file is gone; [`OutputError::Unverifiable`] if a record of
    /// version 2 lacks `games_csv_bytes` (with a `games.csv` in `dir`) or `games_csv_crc32`; or the
    /// file cannot be read.
    pub fn check_games(&self, dir: &Path) -> Result<(), OutputError> {
        let Some(len) = self.games_csv_bytes else {
            // A record of version 2 of a run with games.csv holds its length.
            return match self.record_version >= RECORD_VERSION && dir.join(files::GAMES).exists() {
                true => Err(self.lacks(dir, "games_csv_bytes")),
                false => Ok(()),
            };
        };
        // …and their checksums: without them only the length would be checked.
        if self.record_version >= RECORD_VERSION && len > 0 && self.games_csv_crc32.is_empty() {
            return Err(self.lacks(dir, "games_csv_crc32"));
        }
        let path = dir.join(files::GAMES);
        if !path.is_file() {
            return Err(OutputError::FinishedGamesMissing { path, dir: dir.to_path_buf() });
        }
        match super::games_csv::check_finished(&path, len, &self.games_csv_crc32) {
            Ok(None) => Ok(()),
            Ok(Some(problem)) => Err(OutputError::FinishedGamesChanged { path, dir: dir.to_path_buf(), problem }),
            Err(source) => Err(OutputError::Read { path, source }),
        }
    }

    /// One line per bot whose resolved parameters differ between this record and `bots` (what
    /// the same names mean now), e.g. ``bot `mcts-1k`: the run used mcts:iterations=1000,c=1.4,
    /// it is now mcts:iterations=500,c=1.4``; empty when nothing changed.
    pub fn changed_bots(&self, bots: &[&BotSpec]) -> Vec<String> {
        resolved(bots)
            .into_iter()
            .filter_map(|(name, now)| {
                let then = self.bots.get(&name)?;
                (then != &now).then(|| format!("bot `{name}`: the run used {then}, it is now {now}"))
            })
            .collect()
    }
}

/// What changed since the run in `dir` recorded its bots: one line per name of `names` (bot specs
/// or profiles, read from `profile_dir`) that now resolves to other parameters (see
/// [`RunRecord::changed_bots`]). Empty when `dir` has no record or nothing changed; names that do
/// not parse are left to the spec's own validation.
///
/// # Errors
/// A `run.toml` that cannot be read or parsed.
pub fn changed_profiles(dir: &Path, names: &[String], profile_dir: &Path) -> Result<Vec<String>, OutputError> {
    let Some(record) = RunRecord::load(dir)? else { return Ok(Vec::new()) };
    let bots: Vec<BotSpec> = names.iter().filter_map(|n| BotSpec::parse(n, profile_dir).ok()).collect();
    Ok(record.changed_bots(&bots.iter().collect::<Vec<_>>()))
}

/// The current time as `run.toml` writes it: RFC 3339 in UTC, to the second.
pub fn now() -> String {
    humantime::format_rfc3339_seconds(SystemTime::now()).to_string()
}

/// Bot names and their resolved parameters.
fn resolved(bots: &[&BotSpec]) -> BTreeMap<String, String> {
    bots.iter().map(|b| (b.name.clone(), b.resolved())).collect()
}
