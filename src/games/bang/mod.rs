//! BANG! (base game, 4th edition), following `docs/rules/bang.md` (the spec).
//!
//! # Model
//! The state ([`BangState`]) is a fixed-size struct (no heap): card sets are `u128` bit sets
//! indexed by card id (`0..80`, the rows of spec table A.4), the deck and the discard pile are
//! fixed `[u8; 80]` stacks, and the rules run as a small stack of pending-effect frames
//! ([`Frame`]): the top frame names the decider (the BANG! target, the General Store picker,
//! Kit Carlson, Lucky Duke, a dying player, the eliminated player choosing his top discard…)
//! and what it may do. Automatic frames (turn start, end of card, Gatling/Indians! sequencing)
//! run inside `apply`. Responders with no option but `Pass` are passed automatically (a BANG!
//! target with no Missed!, Barrel, Jourdonnais or usable Sid ability; a dying player with no Beer
//! and no Sid ability), and the last General Store card goes to the last picker.
//!
//! The state is `Copy` (all fields are plain data), so `clone` is a single memcpy. Files: `cards`
//! (the 80-card table), `characters`, `roles`, `state` (struct, frames, distance/range queries),
//! `setup`, `actions`, `legal`, `play_moves` (phase-2 moves as sets: listed, counted or indexed
//! for random playouts), `card_choice` (the same for discards, responses and picks), `apply`,
//! `resolve` (automatic frames, damage, eliminations),
//! `zones` (card moves and knowledge bookkeeping), `determinize`, `display`, `invariants`, and
//! `builder` (test-only positions).
//!
//! # Decisions (spec "Decisions" 1–10, and choices where the spec is silent)
//! 1. 4–7 players; `bga_small_tables` allows 2–3 with BGA roles (S+O, S+O+O). With
//!    `character_choice`, each seat picks one of two random characters, clockwise from the
//!    Sheriff, before the deal; **the two options are public** (spec silent; it keeps the
//!    setup a perfect-information step).
//! 2. Gatling / Indians!: targets respond one by one clockwise from the card player's left;
//!    damage and death saves happen as each responds; eliminations (Vulture Sam or discard,
//!    then win check, then rewards/penalties) run when the card has resolved (`CardEnd`).
//! 3. The win check uses the living players after the card (C7.4).
//! 4. Jourdonnais + Barrel vs Slab: each successful draw! counts as one Missed!.
//! 5. Suzy Lafayette draws after the current card has resolved (also when her last card is
//!    stolen, discarded by Cat Balou, or used as a response), and after Jesse Jones's steal.
//!    BGA [61846]: when El Gringo takes a card from an empty-handed Suzy, she draws first.
//! 6. Jail, Cat Balou, Panic! and Duel target another living player; Jail never the Sheriff.
//! 7. Empty deck and discard pile: a draw yields nothing; a draw! fails (no Heart, no
//!    explosion); General Store reveals fewer cards; Kit Carlson keeps what he could see.
//! 8. Response order clockwise from the card player's left; General Store picks start with the
//!    card player, then clockwise among the living (jailed players included).
//! 9. Every response is optional: Missed!, Barrel/Jourdonnais draw!, a BANG! to Duel/Indians!,
//!    Beer and Sid Ketchum's ability against death.
//! 10. An eliminated player picks the card on top of the discard pile (a decision offered only
//!     when a living Pedro Ramirez could take it and he has at least two cards; otherwise the
//!     cards go in ascending id order). The Sheriff's penalty discard uses ascending id order.
//!
//! Further choices:
//! - A played brown card is discarded before it resolves (so a General Store that empties the
//!   deck is itself reshuffled into the new deck, D.3 G14).
//! - Lucky Duke's two flipped cards are both discarded, the chosen one on top.
//! - Black Jack's shown second card becomes public knowledge (he keeps it).
//! - A Beer during a death save is offered even with two players alive (it has no effect,
//!   D.4 L2); in phase 2 a Beer is always playable (FAQ Q16, Q25).
//! - Sid Ketchum's ability is two `SidDiscard` actions (the second is forced); it is offered
//!   whenever he is the decider of a phase 2, phase 3, a response or a death save, he holds
//!   two cards and is below his maximum life (no voluntary discards at full life, FAQ Q12).
//! - Barrel and Jourdonnais may be drawn before or after playing Missed! cards.
//! - Dynamite, Jail, Vulture Sam, penalties and rewards follow C6–C8 as written. During a
//!   death save a player's life may be below 0 (Dynamite from 1 life leaves −2, C5.2).
//! - Determinization approximates hand contents: unknown cards are spread uniformly over the
//!   unknown hand slots, except that only cards that can be in the deck go there (`deck_cands`).
//!
//! # Labels
//! [`SeatLabels`]: `role` ([`Role::text`]: `sheriff`, `deputy`, `outlaw`, `renegade`),
//! `character` ([`characters::Character::text`], e.g. `bart_cassidy`) and `seat_from_sheriff`
//! (`0` for the Sheriff, then clockwise). [`GameLabels`]: `winner`, the winning side (C7.5,
//! [`Side::text`]: `sheriff`, `outlaws` or `renegade`).

mod actions;
mod apply;
#[cfg(any(test, feature = "testing"))]
#[doc(hidden)]
pub mod builder;
mod card_choice;
pub mod cards;
pub mod characters;
mod determinize;
mod display;
mod encode;
mod heuristic;
#[cfg(any(test, feature = "testing"))]
mod invariants;
mod legal;
mod play_moves;
mod resolve;
pub mod roles;
mod setup;
mod state;
mod zones;

pub use actions::Action;
pub use determinize::BangObservation;
pub use roles::{Role, Side};
pub use state::{BangState, Check, Config, FROM_HAND, Frame, MAX_PLAYERS};

use std::ops::RangeInclusive;

use crate::game::{Game, GameRng, MAX_SEATS, Rewards, Seat};
use characters::Character;

crate::labels! {
    /// What the statistics record of one seat ([`Game::seat_labels`]).
    pub struct SeatLabels {
        /// The seat's role card: `sheriff`, `deputy`, `outlaw` or `renegade`.
        pub role: Role,
        /// The seat's character, e.g. `bart_cassidy`.
        pub character: Character,
        /// Seats clockwise from the Sheriff to this one: `0` for the Sheriff.
        pub seat_from_sheriff: u8,
    }
}

crate::labels! {
    /// What the statistics record of a finished game ([`Game::game_labels`]).
    pub struct GameLabels {
        /// The side that won (C7.5): `sheriff`, `outlaws` or `renegade`.
        #[kind(outcome)]
        pub winner: Option<Side>,
    }
}

impl Game for BangState {
    type Action = Action;
    type Config = Config;
    type Observation = BangObservation;
    type SeatLabels = SeatLabels;
    type GameLabels = GameLabels;

    const NAME: &'static str = "bang";

    fn players(config: &Config) -> RangeInclusive<usize> {
        if config.bga_small_tables { 2..=7 } else { 4..=7 }
    }

    fn new_game(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        BangState::new(config, players, rng)
    }

    fn num_players(&self) -> usize {
        self.n as usize
    }

    fn to_move(&self) -> Option<Seat> {
        self.decider().map(usize::from)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.fill_legal(out);
    }

    #[inline(always)]
    fn random_action(&self, rng: &mut GameRng, buf: &mut Vec<Action>) -> Option<Action> {
        self.random_legal(rng, buf)
    }

    #[inline(always)]
    fn apply(&mut self, action: Action, rng: &mut GameRng) {
        self.apply_action(action, rng);
    }

    fn outcome(&self) -> Option<Rewards> {
        let side = self.winner?;
        let mut r = [0.0; MAX_SEATS];
        for (p, reward) in r.iter_mut().enumerate().take(self.n as usize) {
            if side.includes(self.roles[p]) {
                *reward = 1.0;
            }
        }
        Some(r)
    }

    fn determinize(&mut self, observer: Seat, rng: &mut GameRng) {
        self.determinize_for(observer as u8, rng);
    }

    fn observation(&self, seat: Seat) -> BangObservation {
        self.observe(seat as u8)
    }

    fn turn_owner(&self) -> Option<Seat> {
        match self.top() {
            Frame::PickCharacter { .. } => None,
            _ => self.to_move().map(|_| self.active()),
        }
    }

    fn seat_labels(&self, seat: Seat) -> SeatLabels {
        let n = self.n as usize;
        SeatLabels {
            role: self.roles[seat],
            character: self.chars[seat],
            seat_from_sheriff: ((seat + n - self.sheriff() as usize) % n) as u8,
        }
    }

    fn game_labels(&self) -> GameLabels {
        GameLabels { winner: self.winner }
    }
}
