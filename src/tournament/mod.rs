//! The tournament runner: seeded, parallel, shardable play of many games, with statistics.

mod checkpoint;
mod error;
pub mod files;
mod games_csv;
mod grow;
pub use crate::interrupt;
pub use grow::orient_crosstab;
pub mod league;
mod lock;
mod merge;
mod output;
mod plan;
mod play;
mod record;
mod run;
pub mod seed;
mod spec;
mod tally;

pub use error::{OutputError, RunError};
pub use games_csv::{Clash, GAME_COLUMNS, RUNNER_GROUPS, SEAT_COLUMNS, label_clash};
pub use lock::{FolderId, Holder, LockError, OutputLock};
pub use merge::{MergeError, Merged, merge};
pub use output::{
    MERGING, entries, prepare_output, read_counts, remove_if_present, remove_killed_merge, unfinished, write_atomic,
    write_results,
};
pub use plan::{Plan, PlanError};
pub use play::{Played, Player, Series, seating};
pub use record::{RunRecord, changed_profiles};
pub use run::{Ran, RunOptions, SPRT_CHECK_DEALS};
pub use spec::{
    DEFAULT_GAMES, DEFAULT_MAX_ACTIONS, DEFAULT_SEED, ForfeitMode, PlayerCounts, SeatMode, Shard, Spec, crosstab_pairs,
    parse_seeds,
};
pub use tally::Tally;
