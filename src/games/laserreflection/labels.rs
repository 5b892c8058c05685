//! The seat labels of finished rounds (spec "Labels for statistics", per round, per seat), as
//! `&'static str` values: exact efforts, item counts and round points, named by
//! [`crate::games::numbers::number`].

use super::scoring;
use super::state::{ITEMS_UNKNOWN, LaserState, RECORDED_ROUNDS, Status};
use crate::games::numbers::number;

/// `fail_reason` pooled over the rounds so far: `none`, `gave_up`, `timed_out` or `both`.
pub fn fail_reason(state: &LaserState, seat: usize) -> &'static str {
    match state.fail_kinds(seat) {
        (false, false) => "none",
        (true, false) => "gave_up",
        (false, true) => "timed_out",
        (true, true) => "both",
    }
}

/// What a round label shows of a seat's finished round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RoundLabel {
    /// `roundK_effort`: the effort if solved, else `gave_up` or `timed_out`.
    Effort,
    /// `roundK_items_used`: the items on the grid at the solve (`-` for a failed round).
    ItemsUsed,
    /// `roundK_points`: the round's points (rule R1; `-` solo, where S1 scores instead).
    Points,
}

/// Label `what` of seat `seat` in round `round` (1..=[`RECORDED_ROUNDS`]); `-` while the round
/// is not finished or was not played.
pub fn round_label(state: &LaserState, seat: usize, round: usize, what: RoundLabel) -> &'static str {
    debug_assert!((1..=RECORDED_ROUNDS).contains(&round));
    let Some(r) = state.round_results(round) else { return "-" };
    let status = r.status[seat];
    match (what, status) {
        (RoundLabel::Effort, Status::Solved(e)) => number(e.into()),
        (RoundLabel::Effort, Status::GaveUp) => "gave_up",
        (RoundLabel::Effort, Status::TimedOut) => "timed_out",
        (RoundLabel::Effort, Status::InProgress) => "-",
        (RoundLabel::ItemsUsed, Status::Solved(_)) if r.items_used[seat] != ITEMS_UNKNOWN => {
            number(r.items_used[seat].into())
        }
        (RoundLabel::ItemsUsed, _) => "-",
        (RoundLabel::Points, _) if state.players() == 1 => "-",
        (RoundLabel::Points, _) => {
            number(scoring::round_points(&r.status[..state.players()], seat, state.config().rounds))
        }
    }
}
