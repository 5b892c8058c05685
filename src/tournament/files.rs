//! Names of the files a run writes in its output directory.

/// The spec that produced the run (without the output directory).
pub const SPEC: &str = "spec.toml";
/// Raw mergeable counts.
pub const COUNTS: &str = "counts.json";
/// One row per group.
pub const SUMMARY: &str = "summary.csv";
/// Balance verdicts: each label value's win rate and mean score against the reference, with
/// tests (see [`crate::stats::balance`]).
pub const BALANCE: &str = "balance.csv";
/// Design metrics per player count (runs with `metrics`; see [`crate::stats::metrics`]).
pub const METRICS: &str = "metrics.csv";
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
/// Rows of later series set aside while a grown run plays the new games of earlier ones (see
/// [`super::grow`]; removed when the run completes).
pub const CARRY: &str = "games.csv.carry";
/// A tournament's cross-table of its matches (see [`super::league`]).
pub const CROSSTABLE: &str = "crosstable.csv";
/// A tournament's skill depth: the win-rate gap of each two bots over all its matches
/// ([`crate::stats::skill`]; the file `meeple skill` writes for the match folders).
pub const SKILL: &str = "skill.csv";
