//! The options (spec "Options", BGA `gameoptions.inc.php`), validated when read: every bad value
//! (of any type) is refused with a message naming the option, its valid values and its default.
//! `black_holes`, `warps` and `partial` take the spec's `yes` / `no` as well as TOML's `true` /
//! `false`. Writing `rounds` (races only) or `challenge` (solo only) fixes the kind of game
//! ([`Mode`]), so that the other seat count is refused rather than the option silently ignored.

use serde::Serialize;

use super::generator::Shapes;
use crate::options::{OptionProblem, Table};

crate::game_options! {
    /// The game's options; `Default` is BGA's defaults (spec table "Options").
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
    pub struct Config {
        /// Rounds with 2+ seats: 1, 3 or 5 (default 3).
        pub rounds: u8 = one_of(&[1, 3, 5], 3), "rounds of a race (2+ players only)";
        /// Grid size N: 4..=12 (default 8).
        pub grid_size: u8 = int(4..=12, 8), "the grid is N x N";
        /// Requested item count K: 3..=30 (default 10), clamped by rule G1.
        pub items: u8 = int(3..=30, 10), "items hidden (clamped to the free cells)";
        /// Black holes may be drawn (default yes).
        pub black_holes: bool = yes_no(true), "black holes may be drawn";
        /// Two light warps per puzzle (default no).
        pub warps: bool = yes_no(false), "two light warps per puzzle";
        /// Extra shapes (default squares).
        pub shapes: Shapes = choice("squares"), "extra shapes";
        /// A solution may leave items in stock (default yes).
        pub partial: bool = yes_no(true), "a solution may leave items unused";
        /// Edits a seat may make in a round before it times out: 1..=10000 (default 200; Decision 5).
        pub max_edits: u16 = int(1..=10_000, 200), "edits per round before a seat times out";
        /// Solo challenge length: 3, 6 or 10 puzzles (default 3; Decision 12).
        pub challenge: u8 = one_of(&[3, 6, 10], 3), "puzzles to solve in the solo challenge (1 player only)";
        /// Node cap of the reference solver, ≥ 1 (default 10^8; statistics only, Decision 16).
        pub ref_node_cap: u64 = int(1..=i64::MAX, 100_000_000), "node cap of the reference solver (meeple puzzles)";
    }
    derived {
        /// The seat counts the options written allow (default [`Mode::Any`]).
        pub mode: Mode = Mode::Any;
    }
    check = race_or_solo;
}

/// Which games the options fit: `rounds` applies only to races (2+ seats) and `challenge` only to
/// the solo game (spec table "Options"), so writing one of them fixes the kind of game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Mode {
    /// Neither option written: 1–6 seats.
    Any,
    /// `rounds` written: 2–6 seats.
    Race,
    /// `challenge` written: 1 seat.
    Solo,
}

/// Sets [`Config::mode`] from the options written: `rounds` fixes a race, `challenge` the solo
/// game; both together are refused.
fn race_or_solo(config: &mut Config, written: &Table) -> Result<(), OptionProblem> {
    config.mode = match (written.contains_key("rounds"), written.contains_key("challenge")) {
        (false, false) => Mode::Any,
        (true, false) => Mode::Race,
        (false, true) => Mode::Solo,
        (true, true) => {
            return Err(OptionProblem::Rule(
                "options `rounds` (races of 2+ seats only) and `challenge` (solo only) cannot both be set: give \
                 the one of the game you play"
                    .into(),
            ));
        }
    };
    Ok(())
}
