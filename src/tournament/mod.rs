//! The tournament runner: seeded, parallel, shardable play of many games, with statistics.

mod games_csv;
mod merge;
mod play;
mod run;
pub mod seed;
mod spec;
mod tally;

pub use merge::merge;
pub use play::{Played, Player, Series, seating};
pub use run::{Plan, RunOptions, files, prepare_output, write_results};
pub use spec::{DEFAULT_MAX_ACTIONS, PlayerCounts, SeatMode, Shard, Spec};
pub use tally::Tally;
