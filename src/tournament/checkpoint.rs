//! `checkpoint.json`: how far an unfinished run got, so that running the same command again
//! resumes it and writes exactly (byte for byte) what an uninterrupted run writes.
//!
//! The runner saves a checkpoint before the first game and after every window of games (atomic:
//! temporary file, then rename), after flushing `games.csv`. It holds the run's identity (its
//! `spec.toml` text and the resolved bot lineups, so an edited bot profile is a different run),
//! the position reached (series, next game index), the integer [`Counts`] so far and the length
//! of `games.csv` in bytes. Resuming truncates `games.csv` to that length (dropping rows written
//! after the checkpoint) and plays on from the next index. Counts merge exactly, so the resumed
//! run's counts equal the uninterrupted run's.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::output::{OutputError, files, remove_if_present, write_atomic};
use super::plan::Plan;
use crate::game::Game;
use crate::stats::Counts;

/// The key of the checksum that ends `checkpoint.json` ([`Checkpoint::save`]); a checkpoint
/// ignores it when parsed.
const CHECKSUM_KEY: &str = ",\"checksum_crc32\":";

/// The progress of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Checkpoint {
    /// The run's `spec.toml`.
    spec: String,
    /// Every series' resolved lineup (bot kinds with their parameters), in series order.
    lineups: Vec<String>,
    /// The series being played (`series.len()` once all are done).
    pub series: usize,
    /// The next game index to play in that series.
    pub next: u64,
    /// Length of `games.csv` in bytes, up to the last game counted (0 without `per_game`).
    pub games_csv_bytes: u64,
    /// CRC-32 of each block of [`super::games_csv::CHECKSUM_BLOCK`] bytes of those
    /// `games_csv_bytes` (the last block partial), checked before a resume appends to the file;
    /// empty in checkpoints of older meeple versions (then only the length is checked).
    #[serde(default)]
    pub games_csv_crc32: Vec<u32>,
    /// Counts of every game played so far.
    pub counts: Counts,
    /// When the run started (its first session), RFC 3339 in UTC, for `run.toml`.
    #[serde(default)]
    pub started: String,
    /// Wall time of the sessions so far, in seconds.
    #[serde(default)]
    pub wall_seconds: f64,
    /// Games of later series already played, by a run this one grew from (see
    /// [`super::grow`]): the series takes them over when the run reaches it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub carried: Vec<Carried>,
}

/// Games of a later series already played (a run that grew from a smaller one): series
/// `series` continues at game `next`, after copying its `games.csv` rows (with `per_game`) from
/// bytes `rows` of `games.csv.carry`, whose CRC-32 is `crc32`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Carried {
    /// The series.
    pub series: usize,
    /// Its next game index.
    pub next: u64,
    /// Its rows in `games.csv.carry` (`start..end` bytes), with `per_game`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<std::ops::Range<u64>>,
    /// The CRC-32 of those bytes.
    #[serde(default)]
    pub crc32: u32,
}

impl Checkpoint {
    /// The checkpoint of `plan` before its first game.
    pub fn start<G: Game>(plan: &Plan<G>) -> Self {
        Self {
            spec: plan.spec.to_toml(),
            lineups: plan.series.iter().map(|s| format!("{:?}", s.lineup)).collect(),
            series: 0,
            next: plan.series.first().map_or(0, |s| plan.games(s).start),
            games_csv_bytes: 0,
            games_csv_crc32: Vec::new(),
            counts: Counts::default(),
            started: super::record::now(),
            wall_seconds: 0.0,
            carried: Vec::new(),
        }
    }

    /// The run's `spec.toml` text.
    pub fn spec_text(&self) -> &str {
        &self.spec
    }

    /// Whether `self` and `other` have the same resolved bot lineups.
    pub fn same_lineups(&self, other: &Checkpoint) -> bool {
        self.lineups == other.lineups
    }

    /// Whether `self` and `other` are checkpoints of the same run.
    pub fn same_run(&self, other: &Checkpoint) -> bool {
        self.spec == other.spec && self.lineups == other.lineups
    }

    /// The checkpoint in `out`, if any, once its checksum matches ([`Checkpoint::save`]).
    ///
    /// # Errors
    /// The file exists but cannot be read or parsed, or its bytes changed since it was saved
    /// ([`OutputError::CheckpointChanged`]: an edited count would be carried into the results).
    pub fn load(out: &Path) -> Result<Option<Self>, OutputError> {
        let path = out.join(files::CHECKPOINT);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(OutputError::Read { path, source }),
        };
        let checkpoint = serde_json::from_str(&text).map_err(|e| OutputError::DamagedCheckpoint {
            path: path.clone(),
            dir: out.to_path_buf(),
            message: e.to_string(),
        })?;
        // A checkpoint without its checksum cannot be verified (one was removed, or an older
        // meeple wrote it): its counts would be carried into the results unchecked.
        let Some((body, sum)) = text.trim_end().strip_suffix('}').and_then(|t| t.rsplit_once(CHECKSUM_KEY)) else {
            let what = "it has no `checksum_crc32` (it was removed, or an older meeple saved it)".to_string();
            return Err(OutputError::Unverifiable { path, dir: out.to_path_buf(), what });
        };
        if sum.parse::<u32>().ok() != Some(crc32fast::hash(format!("{body}}}").as_bytes())) {
            return Err(OutputError::CheckpointChanged { path, dir: out.to_path_buf() });
        }
        Ok(Some(checkpoint))
    }

    /// Saves the checkpoint in `out` (atomically), its JSON followed by the CRC-32 of the JSON
    /// before it (`{…,"checksum_crc32":123}`: the checksum of `{…}`), checked by
    /// [`Checkpoint::load`].
    ///
    /// # Errors
    /// I/O errors, naming the file.
    pub fn save(&self, out: &Path) -> Result<(), OutputError> {
        let mut json = serde_json::to_string(self).expect("checkpoints serialize");
        let sum = crc32fast::hash(json.as_bytes());
        json.pop();
        json.push_str(&format!("{CHECKSUM_KEY}{sum}}}"));
        write_atomic(out, files::CHECKPOINT, json.as_bytes())
    }

    /// Removes the checkpoint of a finished run from `out`.
    ///
    /// # Errors
    /// I/O errors, naming the file.
    pub fn remove(out: &Path) -> Result<(), OutputError> {
        remove_if_present(out, files::CHECKPOINT)
    }
}
