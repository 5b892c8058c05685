//! Loco Momo (base game, as on Board Game Arena), following `docs/rules/locomomo.md` (the
//! spec), 2–4 players, plus the spec's 1-player score attack (Decision 15).
//!
//! # Model
//! The state ([`LocoMomoState`]) is `Copy` and heap-free, about 300 bytes: the forest is a count
//! per tile type in each of its 4 areas ([`Forest`]), the bag a count per type (the shared
//! [`crate::games::mechanics::bag::Bag`]), each photo board a 5 × 5 grid with its row lengths ([`PhotoBoard`]), the
//! collected tiles a count per species plus their one colour. `clone` is a memcpy; neither
//! `legal_actions` nor `apply` allocates.
//!
//! Files, one concept each: `tiles` (the data: species, colours, tile types, movement steps, the
//! set-points table, [`DATA_VERSION`]), `forest` (areas, moves, collecting), `board` (photo board
//! and scoring), `state` (options, actions, setup, legal actions, apply, refill), `builder`
//! (positions in the spec's notation, for tests), `display`, `invariants`, `heuristic`.
//!
//! Where each rule lives (spec "Rules"):
//! - setup and rule 11 (refill A0..A3 from the bag, each draw uniform): `LocoMomoState::new`,
//!   `refill`; rules 1, 12, 13 (turn order, empty forest, end after 6N turns): `end_turn`;
//! - rules 3–6 (choose, move, collect one colour in the landing area): [`Action::Pick`],
//!   [`Forest::destination`], [`Forest::take_colour`];
//! - rules 7–10 (one placement per tile, leftmost cell, full rows closed, overflow discarded):
//!   [`Action::Place`], [`PhotoBoard::place`], `discard_pending`;
//! - scoring (row table, Decision 14): [`PhotoBoard::score`]; outcome (Decisions 12 and 15) below.
//!
//! # Decisions
//! The spec's Decisions 1–17 bind and are followed as written; those that shape the code:
//! - 1: the forest is a ring of 4 areas, A0–A3 clockwise; the eagle goes to `a + 2`.
//! - 2: a duck goes to the first of `a + 1`, `a + 2`, `a + 3` holding a duck, else stays.
//! - 3: a `Pick` names (area, species, colour): tiles of one type in one area are
//!   interchangeable.
//! - 5: every placement is one action of the turn owner, even when it is the only legal one, and
//!   the pending tiles may be placed in any order: a turn is `1 + min(collected, empty cells)`
//!   actions.
//! - 6 and 7: placing is compulsory while cells remain; the rest is discarded out of the game,
//!   face up. A full board still picks (and discards all it collects).
//! - 8 to 10: one refill per turn, after placing, none after the last turn; an empty bag leaves
//!   spaces empty; an empty forest at the start of a turn ends the game.
//! - 11: seat 0 starts every round (the runner rotates seats between games).
//! - 16: the bag has no stored order: each draw is made at the refill from the caller's RNG. So
//!   the game has perfect information with chance: [`Game::observation`] is the state itself
//!   and `determinize` is the identity (W19).
//!
//! Where the spec leaves the code a choice: a pending tile's colour is stored once for the turn
//! (rule 6), so [`Action::Place`] names a species and a row only, as the spec's action list does.
//!
//! # Rewards and scores
//! Final points per seat ([`Game::score`], unit `points`, higher is better) are the board's score,
//! 0–113. With 2–4 players the `k` seats with the highest score get `1 / k` each, the others 0
//! (Decision 12). With 1 player the reward is score / 113 (Decision 15: a harness score attack,
//! not the published solo mode).
//!
//! # Labels
//! [`SeatLabels`] (spec "Labels for statistics"; `seat` and `players` are the runner's own
//! columns): `score_row1`, `score_row2`, `score_pairs`, `score_triples`, `score_colour_lines`
//! (points by scoring rule), `tiles_placed`, `tiles_discarded`. [`GameLabels`]: `turns` (6N
//! unless rule 12 fired), `actions` (`255` for 255 or more), `tied_win` (`true` when two or more
//! seats share the win) and `bag_ran_short` (`true` when a refill left a space empty).

mod board;
#[cfg(any(test, feature = "testing"))]
mod builder;
mod display;
mod encode;
mod forest;
mod heuristic;
#[cfg(any(test, feature = "testing"))]
mod invariants;
mod state;
mod tiles;

pub use board::{BoardError, PhotoBoard, Score};
pub use forest::Forest;
pub use heuristic::TEMPERATURE;
pub use state::{Action, Config, LocoMomoState};
pub use tiles::{
    AREA_SPACES, AREAS, BadTile, COLOURS, COLUMNS, COPIES, Colour, DATA_VERSION, MAX_PLAYERS, MAX_SCORE, ROWS,
    SET_POINTS, SPECIES, Species, TILES, TURNS_PER_PLAYER, TYPES, Tile, parse_tiles,
};

use std::ops::RangeInclusive;

use crate::game::{Game, GameRng, MAX_SEATS, Rewards, Scoring, Seat};

crate::labels! {
    /// What the statistics record of one seat ([`Game::seat_labels`]).
    pub struct SeatLabels {
        /// Points of scoring row 1.
        #[kind(outcome)]
        pub score_row1: u8,
        /// Points of scoring row 2.
        #[kind(outcome)]
        pub score_row2: u8,
        /// Points of pairs.
        #[kind(outcome)]
        pub score_pairs: u8,
        /// Points of triples.
        #[kind(outcome)]
        pub score_triples: u8,
        /// Points of colour lines.
        #[kind(outcome)]
        pub score_colour_lines: u8,
        /// Tiles on the seat's photo board.
        #[kind(outcome)]
        pub tiles_placed: u8,
        /// Tiles the seat discarded.
        #[kind(outcome)]
        pub tiles_discarded: u8,
    }
}

crate::labels! {
    /// What the statistics record of a finished game ([`Game::game_labels`]).
    pub struct GameLabels {
        /// Turns played: 6N unless rule 12 ended the game early.
        #[kind(outcome)]
        pub turns: u8,
        /// Actions played (`255` for 255 or more).
        #[kind(outcome)]
        pub actions: u8,
        /// Whether two or more seats share the win.
        #[kind(outcome)]
        pub tied_win: bool,
        /// Whether a refill left a space empty.
        #[kind(outcome)]
        pub bag_ran_short: bool,
    }
}

/// Rewards from final scores (spec "End, scoring, ties"): with one seat, score / 113 (Decision
/// 15); with 2–4, the `k` seats with the highest score get `1 / k` each, the others 0 (Decision
/// 12). Entries from `scores.len()` on are 0.
///
/// # Panics
/// If `scores` is empty or longer than [`MAX_SEATS`].
pub fn rewards(scores: &[u8]) -> Rewards {
    let mut r = [0.0; MAX_SEATS];
    if let [solo] = scores {
        r[0] = f64::from(*solo) / f64::from(MAX_SCORE);
        return r;
    }
    let best = *scores.iter().max().expect("at least one seat");
    let share = 1.0 / scores.iter().filter(|&&s| s == best).count() as f64;
    for (reward, &s) in r.iter_mut().zip(scores) {
        if s == best {
            *reward = share;
        }
    }
    r
}

impl LocoMomoState {
    /// Every seat's current points (final once the game is over); entries past `N` are 0.
    pub fn scores(&self) -> [u8; MAX_PLAYERS] {
        let mut out = [0; MAX_PLAYERS];
        for (seat, s) in out.iter_mut().enumerate().take(self.num_players()) {
            *s = self.board(seat).score().total();
        }
        out
    }
}

impl Game for LocoMomoState {
    type Action = Action;
    type Config = Config;
    type Observation = LocoMomoState;
    type SeatLabels = SeatLabels;
    type GameLabels = GameLabels;

    const NAME: &'static str = "locomomo";
    const SCORING: Option<Scoring> = Some(Scoring { unit: "points", higher_is_better: true });

    fn players(_: &Config) -> RangeInclusive<usize> {
        1..=MAX_PLAYERS
    }

    fn new_game(_: &Config, players: usize, rng: &mut GameRng) -> Self {
        LocoMomoState::new(players, rng)
    }

    fn num_players(&self) -> usize {
        usize::from(self.players)
    }

    fn to_move(&self) -> Option<Seat> {
        self.turn_owner()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.fill_legal(out);
    }

    fn apply(&mut self, action: Action, rng: &mut GameRng) {
        self.apply_action(action, rng);
    }

    fn outcome(&self) -> Option<Rewards> {
        self.is_over().then(|| rewards(&self.scores()[..self.num_players()]))
    }

    /// The identity: nothing is hidden (Decision 16, W19).
    fn determinize(&mut self, _: Seat, _: &mut GameRng) {}

    /// The whole state: every seat sees everything (spec "Information").
    fn observation(&self, _: Seat) -> LocoMomoState {
        *self
    }

    fn seat_labels(&self, seat: Seat) -> SeatLabels {
        let score = self.board(seat).score();
        SeatLabels {
            score_row1: score.row1,
            score_row2: score.row2,
            score_pairs: score.pairs,
            score_triples: score.triples,
            score_colour_lines: score.colour_lines,
            tiles_placed: self.board(seat).tiles() as u8,
            tiles_discarded: self.discarded_by(seat),
        }
    }

    fn game_labels(&self) -> GameLabels {
        let scores = self.scores();
        let best = scores.iter().max().copied().unwrap_or(0);
        let n = self.num_players();
        GameLabels {
            turns: self.turns() as u8,
            actions: self.actions().min(255) as u8,
            tied_win: n > 1 && scores[..n].iter().filter(|&&s| s == best).count() > 1,
            bag_ran_short: self.bag_ran_short(),
        }
    }

    fn score(&self, seat: Seat) -> i32 {
        i32::from(self.board(seat).score().total())
    }

    fn turn_owner(&self) -> Option<Seat> {
        LocoMomoState::turn_owner(self)
    }

    /// Turn `k` of `6N` (rule 13), so that a solo replay shows its 6 turns.
    fn turn_number(&self) -> Option<u32> {
        (!self.is_over()).then(|| self.turns() as u32 + 1)
    }
}
