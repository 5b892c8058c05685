//! The labels (spec "Labels for statistics"): [`SeatLabels`], pooled over the rounds and per
//! round, and [`GameLabels`], the options of the race; see the module docs of [`super`].

use super::generator::Shapes;
use super::scoring;
use super::state::{ITEMS_UNKNOWN, LaserState, RECORDED_ROUNDS, Status};
use crate::labels::{Band, Bands, LabelValue, Value, YesNo};

/// The effort bands of `edits_total` and `tiebreak`: `0-9`, `10-24`, `25-49`, `50-99`,
/// `100-199`, `200-499`, `500+`.
static EFFORT_BANDS: Bands<7> = Bands::new([0, 10, 25, 50, 100, 200, 500]);

crate::labels! {
    /// What the statistics record of one seat ([`crate::game::Game::seat_labels`]).
    pub struct SeatLabels {
        /// Rounds the seat failed (gave up or timed out).
        #[kind(outcome)]
        pub failed_rounds: u8,
        /// Efforts summed over the solved rounds, in bands: `0-9` … `200-499`, `500+`.
        #[kind(outcome)]
        pub edits_total: Band,
        /// The tie-break effort (Decision 8), in the same bands.
        #[kind(outcome)]
        pub tiebreak: Band,
        /// Rounds the seat solved.
        #[kind(outcome)]
        pub solved_rounds: u8,
        /// How the seat failed, pooled over the rounds: `none`, `gave_up`, `timed_out` or `both`.
        #[kind(outcome)]
        pub fail_reason: FailReason,
        /// Per round (1–5): the exact effort if solved, else `gave_up` or `timed_out`; `-` for a
        /// round not played or not finished.
        #[each(["round1_effort", "round2_effort", "round3_effort", "round4_effort", "round5_effort"])]
        #[kind(outcome)]
        pub effort: [Status; RECORDED_ROUNDS],
        /// Per round: the items on the grid at the solve; `-` for a failed round.
        #[each(["round1_items_used", "round2_items_used", "round3_items_used", "round4_items_used", "round5_items_used"])]
        #[kind(outcome)]
        pub items_used: [Option<u8>; RECORDED_ROUNDS],
        /// Per round: the round's points (rule R1), e.g. `40`, `-13`; `-` solo (S1 scores).
        #[each(["round1_points", "round2_points", "round3_points", "round4_points", "round5_points"])]
        #[kind(outcome)]
        pub points: [Option<i32>; RECORDED_ROUNDS],
    }
}

crate::labels! {
    /// What the statistics record of a finished game ([`crate::game::Game::game_labels`]): its
    /// options.
    pub struct GameLabels {
        /// The grid is N × N.
        pub grid_size: u8,
        /// Items requested (K).
        pub items: u8,
        /// Whether black holes may be drawn.
        pub black_holes: YesNo,
        /// Whether there are light warps.
        pub warps: YesNo,
        /// The extra shapes: `none`, `squares`, `triangles` or `both`.
        pub shapes: Shapes,
        /// Whether a solution may leave items unused.
        pub partial: YesNo,
        /// Rounds of a race (2+ seats); `-` solo.
        pub rounds: Option<u8>,
        /// Puzzles of the solo challenge; `-` for a race.
        pub challenge: Option<u8>,
    }
}

crate::label_values! {
    /// `fail_reason`: the kinds of failure of a seat's rounds.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum FailReason {
        /// No failed round.
        None = "none",
        /// Gave up, never timed out.
        GaveUp = "gave_up",
        /// Timed out, never gave up.
        TimedOut = "timed_out",
        /// Both.
        Both = "both",
    }
}

impl LabelValue for Status {
    /// A `roundK_effort` value: the effort if solved, `gave_up`, `timed_out`, or `-` in progress.
    fn value(self) -> Value {
        match self {
            Status::Solved(e) => Value::Int(e.into()),
            Status::GaveUp => Value::Text(0, "gave_up"),
            Status::TimedOut => Value::Text(1, "timed_out"),
            Status::InProgress => Value::None,
        }
    }
}

impl LabelValue for Shapes {
    /// The option value as written, e.g. `squares`.
    fn value(self) -> Value {
        Value::Text(self as u16, self.name())
    }
}

/// The labels of `seat`.
pub fn seat_labels(state: &LaserState, seat: usize) -> SeatLabels {
    let round = |k: usize| state.round_results(k + 1);
    let status = |k: usize| round(k).map_or(Status::InProgress, |r| r.status[seat]);
    SeatLabels {
        failed_rounds: state.failed_rounds(seat),
        edits_total: EFFORT_BANDS.of(effort(state.edits_total(seat))),
        tiebreak: EFFORT_BANDS.of(effort(state.tiebreak(seat))),
        solved_rounds: state.solved_rounds(seat),
        fail_reason: match state.fail_kinds(seat) {
            (false, false) => FailReason::None,
            (true, false) => FailReason::GaveUp,
            (false, true) => FailReason::TimedOut,
            (true, true) => FailReason::Both,
        },
        effort: std::array::from_fn(status),
        items_used: std::array::from_fn(|k| {
            let used = round(k).map_or(ITEMS_UNKNOWN, |r| r.items_used[seat]);
            (matches!(status(k), Status::Solved(_)) && used != ITEMS_UNKNOWN).then_some(used)
        }),
        points: std::array::from_fn(|k| {
            let r = round(k).filter(|_| state.players() > 1)?;
            Some(scoring::round_points(&r.status[..state.players()], seat, state.config().rounds))
        }),
    }
}

/// The labels of the game: its options.
pub fn game_labels(state: &LaserState) -> GameLabels {
    let c = state.config();
    let solo = state.players() == 1;
    GameLabels {
        grid_size: c.grid_size,
        items: c.items,
        black_holes: YesNo(c.black_holes),
        warps: YesNo(c.warps),
        shapes: c.shapes,
        partial: YesNo(c.partial),
        rounds: (!solo).then_some(c.rounds),
        challenge: solo.then_some(c.challenge),
    }
}

/// An effort as a band value (efforts stay far below `i32::MAX`).
fn effort(e: u32) -> i32 {
    i32::try_from(e).unwrap_or(i32::MAX)
}
