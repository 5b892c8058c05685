//! President (Board Game Arena "classic" rules), following `docs/rules/president.md` (the spec).
//!
//! # Model
//! The state ([`PresidentState`]) is `Copy` and heap-free: hands are multisets of ranks packed in
//! a `u64` ([`Cards`], 4 bits per rank), so clone is a memcpy and `legal_actions`/`apply` never
//! allocate. A game is many hands; each hand is a deal (`state::deal`, rule 1), an exchange
//! (hands after the first, `rules::give`/`rules::exchange`, rules 11–12) and piles
//! (`rules::play`/`rules::pass`, rules 2–9), then roles and points (`rules::end_hand`, rules 10,
//! 13, 14). Files: `cards` (ranks, orders, multisets), `state` (struct, options, roles, deal),
//! `rules` (actions, legality, effects), `determinize` (observation, resampling), `heuristic`.
//!
//! # Decisions (where the spec and the seed leave a choice)
//! 1. Suits play no part in any rule, so cards are ranks: a hand is a count per rank, actions
//!    name ranks (`play 99`), and a deal is a shuffle of the 54-card multiset.
//! 2. A Joker is always played alone, also when leading (rule 4 speaks of a single Joker; a
//!    Joker closes the pile at once, so a pair would only empty a hand faster). Nothing follows
//!    a Joker, not even a matching Joker under Skip.
//! 3. Rule 6 (early close when nothing can beat the last play) is applied with the public
//!    information only: the pile closes when no *unplayed* card, in any hand including the last
//!    player's, could follow it. A test on the hidden hands would reveal them; passing is always
//!    allowed, so this changes no outcome.
//! 4. Revolution: only a play of four cards at once (four of a kind) toggles it; four singles of
//!    a rank matched in a row under Skip do not.
//! 5. Skip (rule 8): a skipped player only loses that turn; they stay in the pile. If the skip
//!    would bring the turn back to the player who matched (no one else is in the pile), the pile
//!    closes and that player leads. The four-of-a-rank closure is part of the Skip option (it is
//!    stated there): with Skip on, the pile closes once the cards of one rank played in a row at
//!    its end reach four (a four of a kind at once included); with Skip off it does not apply.
//! 6. Exchange (rule 11): the President then the Prime Minister choose their gifts one card at a
//!    time (`Give`), from the hand they had before receiving, without seeing what they receive
//!    (the gifts all change hands together after the last choice). The President's two gifts
//!    are two `Give` actions in any order (an order constraint would have to be honoured by
//!    determinizations of the hidden first gift; the redundancy is small). The Beggar's and
//!    the Peasant's gifts are automatic (their strongest in the normal order). The exchange is
//!    private between the two partners: the others see only that it happened.
//! 7. Outcome: the winner (highest points, ties broken by the better finish in the last hand,
//!    rule 14) gets reward 1, every other seat 0; there is always exactly one winner.
//! 8. `start_points` may be any integer; a game always plays at least one hand.
//!
//! # Labels
//! [`SeatLabels`]: `first_role` (the role held in hand 2: `president`, `prime_minister`,
//! `citizen`, `peasant`, `beggar`; `none` before hand 2) and `final_points` (`<=0`, `1-24`,
//! `25-49`, `50-74`, `75+`). [`GameLabels`]: `hands` (hands played, `16+` past 15). Score ([`Game::score`]): the final points
//! (rule 13), higher is better; they may be negative.

mod cards;
mod determinize;
mod encode;
mod heuristic;
mod rules;
mod state;

pub use cards::{Cards, JOKER, RANKS, Rank, rank_char, rank_of_char, strength};
pub use determinize::PresidentObservation;
pub use rules::Action;
pub use state::{Config, Knowledge, NO_SEAT, Phase, Pile, PresidentState, Role, SkipMode};

use std::fmt;
use std::ops::RangeInclusive;

use crate::game::{Game, GameRng, MAX_SEATS, Rewards, Scoring, Seat};
use crate::labels::{Band, Bands, Capped};

/// The `final_points` bands: `<=0`, `1-24`, `25-49`, `50-74`, `75+`.
static POINT_BANDS: Bands<5> = Bands::new([i32::MIN, 1, 25, 50, 75]);

crate::labels! {
    /// What the statistics record of one seat ([`Game::seat_labels`]).
    pub struct SeatLabels {
        /// The role the seat held in hand 2, e.g. `prime_minister` (`none` before hand 2).
        #[kind(outcome)]
        pub first_role: Role,
        /// The seat's final points in bands: `<=0`, `1-24`, `25-49`, `50-74`, `75+`.
        #[kind(outcome)]
        pub final_points: Band,
    }
}

crate::labels! {
    /// What the statistics record of a finished game ([`Game::game_labels`]).
    pub struct GameLabels {
        /// Hands played, `16+` past 15.
        #[kind(outcome)]
        pub hands: Capped<16>,
    }
}

impl Game for PresidentState {
    type Action = Action;
    type Config = Config;
    type Observation = PresidentObservation;
    type SeatLabels = SeatLabels;
    type GameLabels = GameLabels;

    const NAME: &'static str = "president";
    const SCORING: Option<Scoring> = Some(Scoring { unit: "points", higher_is_better: true });

    fn players(_: &Config) -> RangeInclusive<usize> {
        4..=8
    }

    fn new_game(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        PresidentState::new(config, players, rng)
    }

    fn num_players(&self) -> usize {
        self.n as usize
    }

    fn to_move(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.turn as usize)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.fill_legal(out);
    }

    fn apply(&mut self, action: Action, rng: &mut GameRng) {
        self.apply_action(action, rng);
    }

    fn outcome(&self) -> Option<Rewards> {
        (self.phase == Phase::Over).then(|| {
            let mut r = [0.0; MAX_SEATS];
            r[self.leader_in_points()] = 1.0;
            r
        })
    }

    fn determinize(&mut self, observer: Seat, rng: &mut GameRng) {
        self.determinize_for(observer as u8, rng);
    }

    fn observation(&self, seat: Seat) -> PresidentObservation {
        self.observe(seat as u8)
    }

    fn seat_labels(&self, seat: Seat) -> SeatLabels {
        SeatLabels { first_role: self.first_roles[seat], final_points: POINT_BANDS.of(self.points[seat]) }
    }

    fn game_labels(&self) -> GameLabels {
        GameLabels { hands: Capped(self.hand_no.into()) }
    }

    /// The seat's points at the end (rule 13; the winner has the most, rule 14).
    fn score(&self, seat: Seat) -> i32 {
        self.points[seat]
    }
}

impl fmt::Display for PresidentState {
    /// One line: hand number, phase, Revolution, the open pile, then each seat (`>` the decider)
    /// with its role, points and hand, e.g.
    /// `hand 2 play pile 99 by 3 | 0 president 55 [33T*] | >1 beggar 35 [4567] | …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let phase = match self.phase {
            Phase::Exchange => "exchange",
            Phase::Play => "play",
            Phase::Over => "over",
        };
        write!(f, "hand {} {phase}", self.hand_no)?;
        if self.revolution {
            write!(f, " revolution")?;
        }
        if self.pile.count > 0 {
            let shown = if self.pile.rank == JOKER { 1 } else { self.pile.count };
            write!(f, " pile {} by {}", Cards::EMPTY.plus(self.pile.rank, shown), self.pile.last)?;
        }
        for p in 0..self.n as usize {
            let mark = if self.phase != Phase::Over && p == self.turn as usize { ">" } else { "" };
            let passed = if self.passed & (1 << p) != 0 { " passed" } else { "" };
            write!(f, " | {mark}{p} {} {} [{}]{passed}", self.roles[p].text(), self.points[p], self.hands[p])?;
        }
        for (slot, g) in self.gifts.iter().enumerate().filter(|(_, g)| !g.is_empty()) {
            write!(f, " | gift{slot} [{g}]")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
