//! [`SeatMode`]: how a run seats its lineup. The runner plays by it; the statistics read a run's
//! counts by it (under rotation, the games of one deal form a pair or cluster), so it lives here,
//! below the runner.

use serde::{Deserialize, Serialize};

/// How bots of the lineup are seated in each game. A spec that does not say gets [`SeatMode::Rotate`]
/// when its lineup has two or more distinct bots (so that no bot keeps a seat's advantage), else
/// [`SeatMode::Fixed`] (see [`crate::tournament::Spec::seat_mode`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum SeatMode {
    /// Bot `p` of the lineup always sits in seat `p`.
    Fixed,
    /// Every deal (chance seed) is played `n` times, once under each rotation of the lineup: game
    /// `i` is deal `i / n` with seat `p` given bot `(p + i) mod n`. Every bot plays every seat
    /// equally often, on the same deals (common random numbers); `games` must be a multiple of `n`.
    Rotate,
    /// Game `i` seats the lineup in a uniformly random order drawn from its own seed stream.
    Shuffle,
}
