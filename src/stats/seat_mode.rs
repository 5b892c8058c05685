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

/// How a forfeited game (an external bot's fault: a crash, a timeout, an illegal move) counts. A
/// spec that does not say scores it as a loss, as cutechess-cli and fastchess do: leaving it out
/// would rate a bot that resigns lost positions by the games it chose to finish.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum ForfeitMode {
    /// The forfeiting seat loses (reward 0) and every other seat shares the win (reward
    /// `1/(n−1)` each; at two seats the opponent wins); the game counts in every rate, score and
    /// rating, and in the `forfeits` column.
    #[default]
    Loss,
    /// The game is left out of every rate, score and rating (counted only in `forfeits`).
    Exclude,
}

impl ForfeitMode {
    /// Whether this is the default, [`ForfeitMode::Loss`] (not written to `spec.toml`).
    pub fn is_loss(&self) -> bool {
        *self == ForfeitMode::Loss
    }
}
