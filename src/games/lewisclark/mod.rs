//! Lewis & Clark (base game, as on Board Game Arena), following `docs/rules/lewisclark.md`
//! (the spec), 2–5 players: an expedition race from St. Louis to Fort Clatsop; the first camp at
//! the fort wins at once.
//!
//! # Model
//! [`LewisClark`] is heap-free: hands and play areas are `u128` bit sets over the 84 card ids
//! (see [`data`]), the deck and the journal discard pile `u64` sets over the 54 encounter cards
//! (the deck is unordered: a draw takes a uniformly random card at the moment of the draw, D4),
//! and the action in progress is a fixed op stack ([`Op`]). `clone` is a memcpy; `legal_actions`
//! and `apply` allocate nothing (they use a fixed [`rules::Buf`]).
//!
//! Where each part lives:
//! - data tables (route, cards, village): `data.rs`; card and location effects: `effects.rs`;
//! - setup, the turn (R1–R4), card actions (R5–R16), Indian actions (R17–R24), boats (R25, R26),
//!   recruitment and the journal (R27–R30), camp (R31) and the end (R32, R33): `rules.rs`;
//! - the statistics labels (typed, spec "Labels for statistics"): `labels.rs`; the heuristic: `heuristic.rs`; invariants (W21):
//!   `invariants.rs`.
//!
//! # Multi-step actions (legality by completion, R8)
//! An action is a sequence of decisions of the acting seat, one per step of the spec's Actions
//! table; every repetition of an effect is a small stack of steps, automatic or decisions. An
//! option is legal iff, tried on a copy of the state, the rest of its repetition can be
//! completed (depth-first search over the repetition's later decisions). `Play(c)` tries each
//! Indian count on one copy per count (the support card only matters through its strength,
//! except for e29, e33 and the copying cards e15, e35, e53, whose counts may include its badge;
//! those are tried per support). Single-option steps are applied inside `apply` (R4).
//!
//! Choices the spec leaves open, made here (see also the report of issue 43):
//! - an overflow `Return` of a kind this action gained returns a gained unit first (R7, D35);
//! - a move whose printed `n` is 0 is impossible even with Jarrot's or Cut Nose's bonus (R13,
//!   R14), and a bonus is used by the first move of its terrain actually made;
//! - the forward bump (R15) and the move modifiers (R14) also apply to moves of a Shamanism
//!   copy sent by an Indian (the spec's invariant W21 needs the bump);
//! - when some journal slots are empty, a refill draws into the lowest empty slot.

pub mod data;
mod display;
mod effects;
mod encode;
mod feasible;
mod heuristic;
mod invariants;
mod labels;
pub mod rules;
mod state;

pub use labels::{EndKind, GameLabels, SeatLabels, SeatResult, WinnerSeat};
pub use state::{
    Action, Choice, Config, Count, Ctx, End, Expedition, Gains, InterpreterTake, LewisClark, Op, Phase, Source,
};

use std::ops::RangeInclusive;

use crate::game::{Game, GameRng, Rewards, Scoring, Seat};
use crate::games::mechanics::winners::shared_win;

impl Game for LewisClark {
    type Action = Action;
    type Config = Config;
    type Observation = LewisClark;
    type SeatLabels = SeatLabels;
    type GameLabels = GameLabels;

    const NAME: &'static str = "lewisclark";
    const SCORING: Option<Scoring> = Some(Scoring { unit: "camp space", higher_is_better: true });
    /// Every seat sees everything (spec "Information", D4): `determinize` is the identity, which
    /// the conformance kit checks.
    const PERFECT_INFORMATION: bool = true;
    /// `false`: a journal draw is chance at the moment of the draw (the deck is an unordered set),
    /// so the legal actions after a given sequence of actions can change (`Recruit(slot)` names a
    /// slot whose card was drawn).
    const DETERMINISTIC: bool = false;

    fn players(_: &Config) -> RangeInclusive<usize> {
        data::MIN_PLAYERS..=data::MAX_PLAYERS
    }

    fn new_game(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        LewisClark::new(config, players, rng)
    }

    fn num_players(&self) -> usize {
        self.n as usize
    }

    fn to_move(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.current as usize)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        self.each_legal(|a| {
            out.push(a);
            false
        });
    }

    fn apply(&mut self, action: Action, rng: &mut GameRng) {
        self.apply_action(action, rng);
    }

    fn outcome(&self) -> Option<Rewards> {
        (self.phase == Phase::Over).then(|| shared_win(self.winners))
    }

    /// Perfect information with chance (spec "Information", D4): nothing to resample; the deck
    /// is an unordered set, so no order is stored.
    fn determinize(&mut self, _observer: Seat, _rng: &mut GameRng) {}

    fn observation(&self, _seat: Seat) -> LewisClark {
        self.clone()
    }

    fn seat_labels(&self, seat: Seat) -> SeatLabels {
        self.seat_labels_of(seat)
    }

    fn game_labels(&self) -> GameLabels {
        self.game_labels_of()
    }

    fn turn_number(&self) -> Option<u32> {
        Some(self.turn)
    }

    /// The camp marker's space (spec "End, outcome, ties").
    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.seats[seat].camp)
    }
}

#[cfg(test)]
mod tests;
