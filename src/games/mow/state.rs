//! The MOW state, its actions and the rules (spec "Rules" 1–11).

use std::fmt;

use rand::RngExt;
use serde::Serialize;

use super::cards::{self, ACROBATS, ALL_CARDS, CardName, CardSet, FIVE_FLY, NUMBERED, SLOWPOKE_SET};
use crate::game::GameRng;
use crate::games::mechanics::json;

/// Observation JSON: a card set as its card names (`7**`: a 7 with two flies, `A9`, `B0`, `S1`).
fn card_list<S: serde::Serializer>(set: &CardSet, s: S) -> Result<S::Ok, S::Error> {
    json::named_bits(u128::from(*set), CardName, s)
}

/// Observation JSON: card sets per seat as lists of card names.
fn card_lists<S: serde::Serializer>(sets: &[CardSet; MAX_PLAYERS], s: S) -> Result<S::Ok, S::Error> {
    json::named_bit_lists(sets, CardName, s)
}

/// Most seats in MOW.
pub const MAX_PLAYERS: usize = 5;
/// Cards dealt to each player at the start of a round (rule 1).
pub const HAND_SIZE: u32 = 5;
/// The game ends after a round in which someone reaches this many flies (rule 11).
pub const END_FLIES: u16 = 100;

crate::game_options! {
    /// Variant options.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Config {
        /// Rule 10: a player holding all six 5-fly cows (cowshed plus hand) at the end of a round
        /// scores 0 for it. On by default, as in the seed.
        pub six_specials: bool = boolean(true),
            "a player with all six 5-fly cows at a round's end scores 0 for them";
    }
}

/// The direction of play, shown by the direction card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub enum Dir {
    /// Ascending seats (seat 0, 1, 2, …): every round starts this way (rule 1).
    Clockwise,
    /// Descending seats.
    Counterclockwise,
}

/// A decision of the player to move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Put this cow (card id) into the herd (rule 3a), or start a new herd with it. Where it goes
    /// follows from the card: below the minimum or above the maximum (rule 4), on the cow of its
    /// number (Acrobat, rule 5), into a gap (Slowpoke, rule 6).
    Play(u8),
    /// Take the whole herd into the cowshed (rule 3b).
    Take,
    /// After playing a 5-fly cow: point the direction card this way (rule 7).
    Direction(Dir),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Play(c) => write!(f, "play {}", CardName(c)),
            Action::Take => write!(f, "take the herd"),
            Action::Direction(Dir::Clockwise) => write!(f, "clockwise"),
            Action::Direction(Dir::Counterclockwise) => write!(f, "counterclockwise"),
        }
    }
}

/// What the active player must decide.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub enum Phase {
    /// A turn: add a cow or take the herd; with an empty herd, start one (rules 3, 8).
    Turn,
    /// After taking the herd: start a new herd (rule 3b).
    Start,
    /// After playing a 5-fly cow (3 or more players): choose the direction (rule 7).
    Direction,
    /// The game is over (rule 11).
    Over,
}

/// A MOW position: fixed-size and `Copy` (about 130 bytes), every card set a `u64` bit set.
///
/// The draw pile is a set, not a sequence: a draw takes a uniformly random card of it with the
/// caller's RNG, which is the same as drawing the top card of a shuffled pile.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct MowState {
    pub(super) n: u8,
    pub(super) six_specials: bool,
    #[serde(serialize_with = "card_lists")]
    pub(super) hands: [CardSet; MAX_PLAYERS],
    /// Cowsheds of the current round (after the round end: with the hands added).
    #[serde(serialize_with = "card_lists")]
    pub(super) sheds: [CardSet; MAX_PLAYERS],
    #[serde(serialize_with = "card_list")]
    pub(super) herd: CardSet,
    #[serde(serialize_with = "card_list")]
    pub(super) pile: CardSet,
    /// Flies of the finished rounds.
    pub(super) scores: [u16; MAX_PLAYERS],
    pub(super) active: u8,
    pub(super) dir: Dir,
    pub(super) phase: Phase,
    /// The current round, from 1; once the game is over, the number of rounds played.
    pub(super) round: u8,
    /// The pile size at the start of the current round (for the heuristic).
    pub(super) pile_start: u8,
}

impl MowState {
    /// A new game: round 1 dealt with `rng`, seat 0 starts (rule 2).
    pub fn new(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        assert!((2..=MAX_PLAYERS).contains(&players), "MOW plays 2-5 players, not {players}");
        let mut s = Self::blank(config, players);
        s.round = 0;
        s.deal(0, rng);
        s
    }

    /// A position with no card anywhere, scores 0, round 1, seat 0 to play clockwise; the start
    /// of a test position ([`MowState::with_hand`] and the other `with_` methods place cards).
    #[cfg(any(test, feature = "testing"))]
    pub fn empty(config: &Config, players: usize) -> Self {
        Self::blank(config, players)
    }

    /// A position with no card anywhere, scores 0, round 1, seat 0 to play clockwise.
    fn blank(config: &Config, players: usize) -> Self {
        Self {
            n: players as u8,
            six_specials: config.six_specials,
            hands: [0; MAX_PLAYERS],
            sheds: [0; MAX_PLAYERS],
            herd: 0,
            pile: 0,
            scores: [0; MAX_PLAYERS],
            active: 0,
            dir: Dir::Clockwise,
            phase: Phase::Turn,
            round: 1,
            pile_start: 0,
        }
    }

    /// Test positions: gives `seat` the hand `cards`.
    #[cfg(any(test, feature = "testing"))]
    pub fn with_hand(mut self, seat: usize, cards: &[u8]) -> Self {
        self.hands[seat] = cards::set(cards);
        self
    }

    /// Test positions: puts `cards` into `seat`'s cowshed.
    #[cfg(any(test, feature = "testing"))]
    pub fn with_shed(mut self, seat: usize, cards: &[u8]) -> Self {
        self.sheds[seat] = cards::set(cards);
        self
    }

    /// Test positions: the herd holds `cards`.
    #[cfg(any(test, feature = "testing"))]
    pub fn with_herd(mut self, cards: &[u8]) -> Self {
        self.herd = cards::set(cards);
        self
    }

    /// Test positions: the draw pile holds every card not in a hand, cowshed or the herd.
    #[cfg(any(test, feature = "testing"))]
    pub fn with_rest_in_pile(mut self) -> Self {
        let mut placed = self.herd;
        for p in 0..self.n as usize {
            placed |= self.hands[p] | self.sheds[p];
        }
        self.pile = ALL_CARDS & !placed;
        self.pile_start = cards::count(self.pile) as u8;
        self
    }

    /// Test positions: the draw pile holds exactly `cards`.
    #[cfg(any(test, feature = "testing"))]
    pub fn with_pile(mut self, cards: &[u8]) -> Self {
        self.pile = cards::set(cards);
        self.pile_start = self.pile_start.max(cards.len() as u8);
        self
    }

    /// Test positions: the flies of the finished rounds.
    #[cfg(any(test, feature = "testing"))]
    pub fn with_scores(mut self, scores: &[u16]) -> Self {
        self.scores[..scores.len()].copy_from_slice(scores);
        self
    }

    /// Test positions: `seat` is to play, the direction is `dir`.
    #[cfg(any(test, feature = "testing"))]
    pub fn with_turn(mut self, seat: usize, dir: Dir) -> Self {
        self.active = seat as u8;
        self.dir = dir;
        self
    }

    /// The hand of `seat`.
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hands[seat]
    }

    /// The cowshed of `seat` in the current round.
    pub fn shed(&self, seat: usize) -> CardSet {
        self.sheds[seat]
    }

    /// The herd on the table.
    pub fn herd(&self) -> CardSet {
        self.herd
    }

    /// The draw pile (as a set: its order is not modelled).
    pub fn pile(&self) -> CardSet {
        self.pile
    }

    /// Flies of `seat` from the finished rounds.
    pub fn score(&self, seat: usize) -> u16 {
        self.scores[seat]
    }

    /// The seat whose turn it is.
    pub fn active(&self) -> usize {
        self.active as usize
    }

    /// The direction of play.
    pub fn direction(&self) -> Dir {
        self.dir
    }

    /// What the active player must decide.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The current round (from 1); once the game is over, the number of rounds played.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// Whether `card` may join the current herd (rules 4–6); with an empty herd, whether it can
    /// start one (rule 4: numbered cows and Blockers only).
    pub fn can_place(&self, card: u8) -> bool {
        self.placeable() & cards::bit(card) != 0
    }

    /// Every card that may join the current herd (rules 4–6), or start one if it is empty.
    pub fn placeable(&self) -> CardSet {
        let numbers = cards::numbers(self.herd);
        if numbers == 0 {
            return NUMBERED;
        }
        let (min, max) = (numbers.trailing_zeros(), 31 - numbers.leading_zeros());
        // Rule 4: below the minimum or above the maximum (Blockers are the numbers 0 and 16).
        let mut out = cards::BELOW[min as usize] | (NUMBERED & !cards::BELOW[max as usize + 1]);
        // Rule 5: an Acrobat on a cow of its number.
        for acrobat in cards::iter(ACROBATS) {
            if numbers & 1 << cards::card(acrobat).number != 0 {
                out |= cards::bit(acrobat);
            }
        }
        // Rule 6 (decision 2): more missing numbers than Slowpokes already in the herd.
        let missing = max - min + 1 - numbers.count_ones();
        if missing > cards::count(self.herd & SLOWPOKE_SET) {
            out |= SLOWPOKE_SET;
        }
        out
    }

    /// The cards of `seat`'s hand that can start a herd (rule 4).
    fn starters(&self, seat: usize) -> CardSet {
        self.hands[seat] & NUMBERED
    }

    /// Fills `out` with the legal actions: playable cards in ascending id order, then `Take`.
    pub(super) fn fill_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        let hand = self.hands[self.active as usize];
        match self.phase {
            Phase::Over => {}
            Phase::Direction => {
                out.extend([Action::Direction(Dir::Clockwise), Action::Direction(Dir::Counterclockwise)]);
            }
            Phase::Start => out.extend(cards::iter(hand & NUMBERED).map(Action::Play)),
            Phase::Turn => {
                out.extend(cards::iter(hand & self.placeable()).map(Action::Play));
                if self.herd != 0 {
                    out.push(Action::Take);
                }
            }
        }
    }

    /// Plays `action` for the active player.
    pub(super) fn apply_action(&mut self, action: Action, rng: &mut GameRng) {
        let p = self.active as usize;
        match action {
            Action::Play(card) => {
                debug_assert!(self.hands[p] & cards::bit(card) != 0, "{card} not in hand");
                debug_assert!(self.phase == Phase::Start || self.can_place(card), "{card} not playable");
                self.hands[p] &= !cards::bit(card);
                self.herd |= cards::bit(card);
                if FIVE_FLY & cards::bit(card) != 0 && self.n > 2 {
                    // Rule 7; with two players both directions give the same order (decision 5).
                    self.phase = Phase::Direction;
                } else {
                    self.end_turn(rng);
                }
            }
            Action::Direction(dir) => {
                debug_assert_eq!(self.phase, Phase::Direction);
                self.dir = dir;
                self.end_turn(rng);
            }
            Action::Take => {
                debug_assert!(self.phase == Phase::Turn && self.herd != 0);
                self.sheds[p] |= self.herd;
                self.herd = 0;
                if self.pile == 0 {
                    // Rule 9: with the pile empty, the first take ends the round.
                    self.end_round(rng);
                } else if self.starters(p) != 0 {
                    self.phase = Phase::Start;
                } else {
                    // Rule 8 (deadlock): no new herd; the player still draws (rule 3).
                    self.end_turn(rng);
                }
            }
        }
    }

    /// The end of the active player's turn: draw if the pile is not empty (rule 3), then the next
    /// seat in the current direction plays.
    fn end_turn(&mut self, rng: &mut GameRng) {
        let p = self.active as usize;
        if self.pile != 0 {
            self.hands[p] |= cards::bit(self.draw(rng));
        }
        let next = self.next(self.active);
        self.begin_turn(next, rng);
    }

    /// The seat after `seat` in the current direction.
    pub fn next(&self, seat: u8) -> u8 {
        match self.dir {
            Dir::Clockwise => (seat + 1) % self.n,
            Dir::Counterclockwise => (seat + self.n - 1) % self.n,
        }
    }

    /// `seat`'s turn begins. With an empty herd (after a deadlock, rule 8) a seat without a cow
    /// able to start one is passed over; if no seat can, the round ends (decision 4).
    fn begin_turn(&mut self, seat: u8, rng: &mut GameRng) {
        self.phase = Phase::Turn;
        self.active = seat;
        if self.herd != 0 {
            return;
        }
        for _ in 0..self.n {
            if self.starters(self.active as usize) != 0 {
                return;
            }
            self.active = self.next(self.active);
        }
        self.end_round(rng);
    }

    /// Rules 9–11: hands go to the cowsheds, the round is scored, and either the game ends or the
    /// next round is dealt.
    fn end_round(&mut self, rng: &mut GameRng) {
        let n = self.n as usize;
        for p in 0..n {
            self.sheds[p] |= self.hands[p];
            self.hands[p] = 0;
            self.scores[p] += self.round_flies(p) as u16;
        }
        if self.scores[..n].iter().any(|&s| s >= END_FLIES) {
            self.phase = Phase::Over;
            return;
        }
        // Rule 2: the player with the most flies starts; ties broken with the game RNG.
        let most = *self.scores[..n].iter().max().expect("players");
        let tied = self.scores[..n].iter().filter(|&&s| s == most).count();
        let pick = rng.random_range(0..tied);
        let first = (0..n).filter(|&p| self.scores[p] == most).nth(pick).expect("a tied seat");
        self.deal(first as u8, rng);
    }

    /// The flies `seat` scores for the round from its cowshed (rule 10; with `six_specials`, 0
    /// when it holds all six 5-fly cows).
    pub fn round_flies(&self, seat: usize) -> u32 {
        let shed = self.sheds[seat] | self.hands[seat];
        if self.six_specials && shed & FIVE_FLY == FIVE_FLY { 0 } else { cards::flies_in(shed) }
    }

    /// Rule 1: a new round, `first` to start clockwise with an empty herd.
    fn deal(&mut self, first: u8, rng: &mut GameRng) {
        self.round += 1;
        self.herd = 0;
        self.pile = ALL_CARDS;
        for p in 0..self.n as usize {
            self.sheds[p] = 0;
            self.hands[p] = 0;
            for _ in 0..HAND_SIZE {
                self.hands[p] |= cards::bit(self.draw(rng));
            }
        }
        self.pile_start = cards::count(self.pile) as u8;
        self.dir = Dir::Clockwise;
        self.begin_turn(first, rng);
    }

    /// Removes a uniformly random card from the (non-empty) draw pile and returns it.
    fn draw(&mut self, rng: &mut GameRng) -> u8 {
        let card = cards::nth(self.pile, rng.random_range(0..cards::count(self.pile)));
        self.pile &= !cards::bit(card);
        card
    }

    /// The seats with the fewest flies once the game is over (rule 11), as a bit mask.
    pub fn winners(&self) -> Option<u8> {
        (self.phase == Phase::Over).then(|| {
            let n = self.n as usize;
            let least = *self.scores[..n].iter().min().expect("players");
            (0..n).filter(|&p| self.scores[p] == least).fold(0, |m, p| m | 1 << p)
        })
    }
}
