//! A test-only builder of positions with fixed hands, play areas, life, roles, characters and
//! deck order, for the scenario tests of spec §D. Hidden from the docs; not for bots.

use super::cards::{self, ALL_CARDS, CardSet, Kind, NONE, Rank, Suit};
use super::characters::Character;
use super::roles::{Role, roles_for};
use super::state::{BangState, Frame};
use crate::game::GameRng;

/// The id of the first card with this kind, rank and suit.
///
/// # Panics
/// If no such card exists in the 80-card table.
pub fn card(kind: Kind, rank: Rank, suit: Suit) -> u8 {
    cards::id_of(kind, rank, suit).unwrap_or_else(|| panic!("no {kind:?} {rank}{suit:?}"))
}

/// The BANG! at `rank` of Diamonds (Diamonds hold BANG! 2–A), for test positions.
pub fn bang(rank: Rank) -> u8 {
    card(Kind::Bang, rank, Suit::Diamonds)
}

/// The Missed! at `rank` of Spades (2–8).
pub fn missed(rank: Rank) -> u8 {
    card(Kind::Missed, rank, Suit::Spades)
}

/// The Beer at `rank` of Hearts (6–J).
pub fn beer(rank: Rank) -> u8 {
    card(Kind::Beer, rank, Suit::Hearts)
}

/// The Gatling (10 of Hearts).
pub fn gatling() -> u8 {
    card(Kind::Gatling, 10, Suit::Hearts)
}

/// The Dynamite (2 of Hearts).
pub fn dynamite() -> u8 {
    card(Kind::Dynamite, 2, Suit::Hearts)
}

/// The card set (bit set by card id) holding `ids`.
pub fn set(ids: &[u8]) -> CardSet {
    ids.iter().fold(0, |a, &c| a | cards::bit(c))
}

/// Builds a [`BangState`] position. Defaults: roles in the official order (seat 0 is the
/// Sheriff), characters without in-turn side effects (Black Jack, Jesse Jones, Kit Carlson,
/// Willy the Kid, Slab the Killer, Lucky Duke, Calamity Janet), full life, empty hands, every
/// card not placed in the deck (ascending ids from the bottom, under `deck_top`), seat 0 active.
#[doc(hidden)]
pub struct Builder {
    s: BangState,
    top: Vec<u8>,
    discard: Vec<u8>,
    dead: u8,
}

const DEFAULT_CHARS: [Character; 7] = [
    Character::BlackJack,
    Character::JesseJones,
    Character::KitCarlson,
    Character::WillyTheKid,
    Character::SlabTheKiller,
    Character::LuckyDuke,
    Character::CalamityJanet,
];

impl BangState {
    /// A [`Builder`] for an `n`-seat position (tests only).
    #[doc(hidden)]
    pub fn builder(n: usize) -> Builder {
        let mut s = BangState::blank(n);
        s.roles[..n].copy_from_slice(roles_for(n));
        s.chars[..n].copy_from_slice(&DEFAULT_CHARS[..n]);
        s.alive = ((1u16 << n) - 1) as u8;
        Builder { s, top: Vec::new(), discard: Vec::new(), dead: 0 }
    }
}

impl Builder {
    /// Sets the roles of seats `0..roles.len()`.
    pub fn roles(mut self, roles: &[Role]) -> Self {
        self.s.roles[..roles.len()].copy_from_slice(roles);
        self
    }

    /// Sets the character of `seat`.
    pub fn character(mut self, seat: usize, c: Character) -> Self {
        self.s.chars[seat] = c;
        self
    }

    /// Sets the current life of `seat` (the maximum follows the character and role).
    pub fn life(mut self, seat: usize, life: i8) -> Self {
        self.s.life[seat] = life;
        self
    }

    /// Puts `cards` in `seat`'s hand.
    pub fn hand(mut self, seat: usize, cards: &[u8]) -> Self {
        self.s.hand[seat] |= set(cards);
        self
    }

    /// Marks hand cards as publicly known (as if picked from a General Store).
    pub fn public(mut self, cards: &[u8]) -> Self {
        self.s.pub_known |= set(cards);
        self
    }

    /// Puts `cards` in play in front of `seat`.
    pub fn in_play(mut self, seat: usize, cards: &[u8]) -> Self {
        self.s.set_table(seat as u8, self.s.table[seat] | set(cards));
        self
    }

    /// Fixes the next cards of the deck: `cards[0]` is drawn first.
    pub fn deck_top(mut self, cards: &[u8]) -> Self {
        self.top = cards.to_vec();
        self
    }

    /// Puts `cards` in the discard pile (the last one on top).
    pub fn discard(mut self, cards: &[u8]) -> Self {
        self.discard = cards.to_vec();
        self
    }

    /// Marks `seat` as already eliminated (role revealed, no cards, life 0).
    pub fn dead(mut self, seat: usize) -> Self {
        self.dead |= 1 << seat;
        self
    }

    /// Makes `seat` the active player.
    pub fn active(mut self, seat: usize) -> Self {
        self.s.active = seat as u8;
        self
    }

    /// Sets the number of BANG! cards already played this turn.
    pub fn bangs(mut self, n: u8) -> Self {
        self.s.bangs = n;
        self
    }

    /// Empties the deck: only `deck_top` cards are in it, the other unplaced cards go under the
    /// discard pile (ascending ids, under `discard`).
    pub fn only_deck_top(mut self) -> Self {
        self.s.deck_len = NONE; // marker read by `finish`
        self
    }

    fn finish(mut self) -> BangState {
        let only_top = self.s.deck_len == NONE;
        let s = &mut self.s;
        s.index_characters();
        s.deck_len = 0;
        let n = s.n as usize;
        for p in 0..n {
            let max = s.chars[p].bullets() + i8::from(s.roles[p] == Role::Sheriff);
            s.max_life[p] = max;
            if s.life[p] == 0 {
                s.life[p] = max;
            }
            if s.roles[p] == Role::Sheriff {
                s.revealed |= 1 << p;
            }
            if self.dead & (1 << p) != 0 {
                s.alive &= !(1 << p);
                s.life[p] = 0;
                s.revealed |= 1 << p;
            }
        }
        let mut placed: CardSet = set(&self.top) | set(&self.discard);
        for p in 0..n {
            placed |= s.hand[p] | s.table[p];
        }
        let rest = ALL_CARDS & !placed;
        if only_top {
            for c in cards::iter(rest) {
                s.discard[s.discard_len as usize] = c;
                s.discard_len += 1;
            }
        } else {
            for c in cards::iter(rest) {
                s.deck[s.deck_len as usize] = c;
                s.deck_len += 1;
            }
        }
        for &c in self.top.iter().rev() {
            s.deck[s.deck_len as usize] = c;
            s.deck_len += 1;
        }
        for &c in &self.discard {
            s.discard[s.discard_len as usize] = c;
            s.discard_len += 1;
        }
        self.s
    }

    /// The position at the start of the active player's turn, advanced to the first decision
    /// (Dynamite, Jail and the draw phase resolve with the fixed deck).
    pub fn at_turn_start(self, rng: &mut GameRng) -> BangState {
        let mut s = self.finish();
        s.push(Frame::TurnStart { stage: 0 });
        s.advance(rng);
        s
    }

    /// The position in the active player's phase 2 (after his draw).
    pub fn in_phase_two(self) -> BangState {
        let mut s = self.finish();
        s.push(Frame::Play);
        s
    }
}

/// The legal actions of `s` (tests).
pub fn legal(s: &BangState) -> Vec<super::Action> {
    let mut v = Vec::new();
    s.fill_legal(&mut v);
    v
}

/// Applies `a` to `s` after asserting that it is legal (tests).
///
/// # Panics
/// If `a` is not a legal action of `s`.
pub fn act(s: &mut BangState, a: super::Action, rng: &mut GameRng) {
    let l = legal(s);
    assert!(l.contains(&a), "{a} is not legal in\n{s}\nlegal: {l:?}");
    s.apply_action(a, rng);
}

/// `Action::Play` of `card` at `target` (`NONE` for no target) with no picked card.
pub fn play(card: u8, target: u8) -> super::Action {
    super::Action::Play { card, target, pick: NONE }
}

/// The number of cards in `seat`'s hand.
pub fn hand_len(s: &BangState, seat: usize) -> u32 {
    cards::count(s.hand(seat))
}
