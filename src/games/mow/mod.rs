//! MOW (Hurrican), simple edition, following `docs/rules/mow.md` (the spec), 2–5 players.
//!
//! # Model
//! The state ([`MowState`]) is `Copy` and heap-free: hands, cowsheds, the herd and the draw pile
//! are `u64` bit sets over the 48 cow ids of [`cards`] (spec "Components"); scores, the seat to
//! play, the direction and the [`Phase`] are small fields. `clone` is a memcpy and neither
//! `legal_actions` nor `apply` allocates.
//!
//! Where each rule lives (spec "Rules"):
//! - rule 1 (deal, clockwise start) and rule 2 (start player): `MowState::new`, `deal`,
//!   `end_round` in `state.rs`;
//! - rule 3 (add or take, then draw): [`Action::Play`], [`Action::Take`], `apply_action`,
//!   `end_turn`; the forced take: `fill_legal` offers only `Take`;
//! - rules 4–6 (placement, Blockers, Acrobats, Slowpokes): [`MowState::can_place`];
//! - rule 7 (direction after a 5-fly cow): [`Phase::Direction`], [`Action::Direction`];
//! - rule 8 (deadlock): `apply_action` (`Take`) and `begin_turn`;
//! - rules 9–11 (round end, scoring, `six_specials`, game end): `end_round`,
//!   [`MowState::round_flies`], [`MowState::winners`], and `outcome` below;
//! - information and determinization: `determinize.rs`; the heuristic: `heuristic.rs`.
//!
//! Actions name physical things: a card id (its place in the herd follows from the card), taking
//! the herd, or a direction. Every action is a decision of the seat to move ([`Game::to_move`]
//! is always the active player); drawing, scoring and dealing happen inside `apply`.
//!
//! # Decisions (the spec's DECISIONs, and choices where spec and seed are silent)
//! 1. Start player of later rounds (spec rule 2): most cumulative flies, ties broken uniformly
//!    with the caller's RNG at the end of the round. Round 1: seat 0.
//! 2. Slowpoke (spec rule 6): playable iff the integers strictly between the numbered cows'
//!    minimum and maximum (Blockers count as 0 and 16) that no numbered cow shows outnumber the
//!    Slowpokes already in the herd. Which gap it fills is not a choice: it changes nothing.
//! 3. Deadlock (spec rule 8): a player who takes the herd while the pile is not empty and has no
//!    numbered cow or Blocker starts no herd, draws as usual, and the next seat in the current
//!    direction starts the herd. A seat whose turn begins with an empty herd and without a
//!    starting cow is passed over (it neither plays nor draws).
//! 4. If no seat can start a herd, the round ends (rules 9–10). Neither this nor decision 3 can
//!    happen in a dealt game (while the pile has cards every hand holds at least 5 cards, and only
//!    4 cows cannot start a herd; once it is empty a take ends the round), but both are defined so
//!    every position has a next step.
//! 5. Direction (spec rule 7): after any 5-fly cow, including one starting a herd, the player
//!    chooses [`Dir::Clockwise`] or [`Dir::Counterclockwise`] (keeping the current one is one of
//!    the two), before drawing. With 2 players both give the same order, so no choice is offered.
//! 6. Cowsheds are face down, but every card in them was seen face up in the herd it came from:
//!    they are public information (a player is assumed to remember them).
//! 7. The herd can be taken only when it is not empty; with an empty herd the player must start
//!    one. A forced take (no playable cow, or an empty hand) is still the player's action, the
//!    only legal one, so replays show who took the herd.
//! 8. Taking the herd when the pile is empty ends the round at once (spec rule 9); no new herd.
//! 9. Shared wins (spec rule 11): the `k` seats tied for the fewest flies get reward `1/k` each,
//!    the others 0 (rewards sum to 1). The statistics count a sole win as a win and a shared
//!    win as a draw (`mean_reward` includes the shares).
//! 10. `six_specials` is on by default (spec rule 10, "as in the seed"); the six 5-fly cows are
//!     counted in cowshed plus hand at the round end.
//! 11. The draw pile is a set; a draw takes a uniformly random card from it with the caller's
//!     RNG (equivalent to a shuffled pile, and nothing ever reveals its order).
//!
//! # Labels
//! [`SeatLabels`]: `flies`, the final flies in bands of 25 (`0-24`, `25-49`, `50-74`, `75-99`,
//! `100+`); the runner adds `seat` (the start player of round 1 is always seat 0, so the spec's
//! "start player of round 1" is the `seat` row 0). [`GameLabels`]: `rounds` (rounds played,
//! `16+` above 15) and `winners` (how many seats share the win). Score ([`Game::score`]): the
//! final flies (rules 10–11), lower is better.

pub mod cards;
mod determinize;
mod display;
mod encode;
mod heuristic;
mod state;

pub use determinize::MowObservation;
pub use heuristic::TEMPERATURE;
pub use state::{Action, Config, Dir, END_FLIES, HAND_SIZE, MAX_PLAYERS, MowState, Phase};

use std::ops::RangeInclusive;

use crate::game::{Game, GameRng, Rewards, Scoring, Seat};
use crate::games::mechanics::winners::shared_win;
use crate::labels::{Band, Bands, Capped};

/// The `flies` bands: `0-24`, `25-49`, `50-74`, `75-99`, `100+`.
static FLY_BANDS: Bands<5> = Bands::steps(25);

crate::labels! {
    /// What the statistics record of one seat ([`Game::seat_labels`]).
    pub struct SeatLabels {
        /// The seat's final flies in bands of 25: `0-24` … `75-99`, `100+`.
        #[kind(outcome)]
        pub flies: Band,
    }
}

crate::labels! {
    /// What the statistics record of a finished game ([`Game::game_labels`]).
    pub struct GameLabels {
        /// Rounds played, `16+` above 15.
        #[kind(outcome)]
        pub rounds: Capped<16>,
        /// How many seats share the win (rule 11).
        #[kind(outcome)]
        pub winners: u32,
    }
}

impl Game for MowState {
    type Action = Action;
    type Config = Config;
    type Observation = MowObservation;
    type SeatLabels = SeatLabels;
    type GameLabels = GameLabels;

    const NAME: &'static str = "mow";
    const SCORING: Option<Scoring> = Some(Scoring { unit: "flies", higher_is_better: false });

    fn players(_: &Config) -> RangeInclusive<usize> {
        2..=MAX_PLAYERS
    }

    fn new_game(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        MowState::new(config, players, rng)
    }

    fn num_players(&self) -> usize {
        self.n as usize
    }

    fn to_move(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.active as usize)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.fill_legal(out);
    }

    fn apply(&mut self, action: Action, rng: &mut GameRng) {
        self.apply_action(action, rng);
    }

    fn outcome(&self) -> Option<Rewards> {
        self.winners().map(shared_win)
    }

    fn determinize(&mut self, observer: Seat, rng: &mut GameRng) {
        self.determinize_for(observer as u8, rng);
    }

    fn observation(&self, seat: Seat) -> MowObservation {
        self.observe(seat as u8)
    }

    fn seat_labels(&self, seat: Seat) -> SeatLabels {
        SeatLabels { flies: FLY_BANDS.of(self.scores[seat].into()) }
    }

    /// The seat's cumulative flies at the end (rules 10–11): fewer is better.
    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.scores[seat])
    }

    fn game_labels(&self) -> GameLabels {
        GameLabels { rounds: Capped(self.round.into()), winners: self.winners().map_or(0, u8::count_ones) }
    }
}

#[cfg(test)]
mod tests;
