//! Card movements between zones (deck, discard pile, hands, play areas) and the bookkeeping of
//! who knows where each card is (used by `determinize`, see [`super::determinize`]).
//!
//! Knowledge rules: a card moving to a face-up zone (discard, in play, General Store) is public,
//! so it is dropped from every knowledge set; a card moving privately keeps the knowledge of
//! whoever can follow it (Kit Carlson still knows who drew the card he put back); a random steal
//! from a hand blurs everyone's knowledge of that hand except the thief's and the victim's.

use super::cards::{self, CardSet, Kind, NONE, NUM_CARDS};
use super::state::{BangState, Frame, STACK_DEPTH, slot};
use crate::game::{GameRng, random_below};
use crate::games::mechanics::shuffle::shuffle;

impl BangState {
    // ---- the pending-effect stack ------------------------------------------------------

    /// Pushes `f` on the pending-effect stack.
    #[inline]
    pub(crate) fn push(&mut self, f: Frame) {
        debug_assert!((self.depth as usize) < STACK_DEPTH, "pending-effect stack overflow");
        self.depth += 1;
        self.stack[slot(self.depth)] = f;
    }

    /// Pops the top frame (leaving the slot canonical).
    #[inline]
    pub(crate) fn pop(&mut self) {
        self.stack[slot(self.depth)] = Frame::Empty;
        self.depth -= 1;
    }

    /// The top frame, mutably.
    #[inline]
    pub(crate) fn top_mut(&mut self) -> &mut Frame {
        &mut self.stack[slot(self.depth)]
    }

    // ---- deck and discard ---------------------------------------------------------------

    /// Drops `card` from every knowledge set (it is now face up).
    #[inline]
    pub(crate) fn forget(&mut self, card: u8) {
        self.pub_known &= !cards::bit(card);
        self.knowers[card as usize] = 0;
    }

    /// The cards whose location `seat` knows privately (in another hand or in the deck).
    pub(crate) fn known_by(&self, seat: u8) -> CardSet {
        (0..NUM_CARDS as u8).filter(|&c| self.knowers[c as usize] & (1 << seat) != 0).fold(0, |s, c| s | cards::bit(c))
    }

    /// Puts `card` (already removed from its zone) on top of the discard pile (C3.3).
    pub(crate) fn push_discard(&mut self, card: u8) {
        self.forget(card);
        self.discard[self.discard_len as usize] = card;
        self.discard_len += 1;
    }

    /// Removes the top card of the discard pile (Pedro Ramirez), if any.
    pub(crate) fn take_discard_top(&mut self) -> Option<u8> {
        if self.discard_len == 0 {
            return None;
        }
        self.discard_len -= 1;
        let c = self.discard[self.discard_len as usize];
        self.discard[self.discard_len as usize] = NONE;
        Some(c)
    }

    /// C3.1 / M10: the whole discard pile becomes the new deck, shuffled with `rng`. Rare (a
    /// few times a game), so kept out of line to leave [`Self::draw_card`] small.
    #[cold]
    #[inline(never)]
    pub(crate) fn reshuffle(&mut self, rng: &mut GameRng) {
        debug_assert_eq!(self.deck_len, 0, "the deck is rebuilt only once empty");
        let n = self.discard_len as usize;
        let pile = &mut self.discard[..n];
        self.deck[..n].copy_from_slice(pile);
        pile.fill(NONE);
        self.discard_len = 0;
        self.deck_len = n as u8;
        shuffle(&mut self.deck[..n], rng);
        self.deck_cands = self.deck_set();
    }

    /// The set of cards in the deck.
    pub(crate) fn deck_set(&self) -> CardSet {
        self.deck[..self.deck_len as usize].iter().fold(0, |s, &c| s | cards::bit(c))
    }

    /// Takes the top card of the deck, reshuffling the discard pile first when the deck is empty
    /// (C3.1). `None` when both are empty (Decision 7).
    #[inline]
    pub(crate) fn draw_card(&mut self, rng: &mut GameRng) -> Option<u8> {
        if self.deck_len == 0 {
            if self.discard_len == 0 {
                return None;
            }
            self.reshuffle(rng);
        }
        self.deck_len -= 1;
        let c = self.deck[self.deck_len as usize];
        self.deck[self.deck_len as usize] = NONE;
        Some(c)
    }

    /// Puts `card` back on top of the deck (Kit Carlson); `seat` knows it is there.
    pub(crate) fn put_on_deck(&mut self, card: u8, seat: u8) {
        self.forget(card);
        self.deck[self.deck_len as usize] = card;
        self.deck_len += 1;
        self.deck_cands |= cards::bit(card);
        self.knowers[card as usize] = 1 << seat;
    }

    /// `seat` draws `count` cards from the deck into his hand (privately).
    pub(crate) fn draw_to_hand(&mut self, seat: u8, count: u8, rng: &mut GameRng) {
        for _ in 0..count {
            if let Some(c) = self.draw_card(rng) {
                self.hand[seat as usize] |= cards::bit(c);
            }
        }
    }

    // ---- hands and play areas -----------------------------------------------------------

    /// Sets `seat`'s cards in play to `cards`, keeping [`BangState::mustangs`] in step.
    #[inline]
    pub(crate) fn set_table(&mut self, seat: u8, cards: CardSet) {
        self.table[seat as usize] = cards;
        let mustang = u8::from(cards & cards::kind_set(Kind::Mustang) != 0);
        self.mustangs = (self.mustangs & !(1 << seat)) | (mustang << seat);
    }

    /// Moves `card` from `seat`'s hand to the discard pile.
    #[inline]
    pub(crate) fn discard_from_hand(&mut self, seat: u8, card: u8) {
        debug_assert!(self.hand[seat as usize] & cards::bit(card) != 0);
        self.hand[seat as usize] &= !cards::bit(card);
        self.push_discard(card);
    }

    /// Moves `card` from `seat`'s play area to the discard pile.
    pub(crate) fn discard_from_table(&mut self, seat: u8, card: u8) {
        debug_assert!(self.table[seat as usize] & cards::bit(card) != 0);
        self.set_table(seat, self.table[seat as usize] & !cards::bit(card));
        self.push_discard(card);
    }

    /// Moves `card` from `seat`'s hand into play in front of `owner` (blue cards, Jail).
    pub(crate) fn hand_to_table(&mut self, seat: u8, card: u8, owner: u8) {
        self.hand[seat as usize] &= !cards::bit(card);
        self.forget(card);
        self.set_table(owner, self.table[owner as usize] | cards::bit(card));
    }

    /// Puts `card` face up into `seat`'s hand (everyone knows where it is).
    pub(crate) fn give_public(&mut self, seat: u8, card: u8) {
        self.forget(card);
        self.hand[seat as usize] |= cards::bit(card);
        self.pub_known |= cards::bit(card);
    }

    /// A uniformly random card of `seat`'s hand, if any.
    pub(crate) fn random_hand_card(&self, seat: u8, rng: &mut GameRng) -> Option<u8> {
        let h = self.hand[seat as usize];
        let n = cards::count(h);
        (n > 0).then(|| cards::nth(h, random_below(rng, n)))
    }

    /// `to` takes a random card from `from`'s hand (Panic!, Jesse Jones, El Gringo). Only the two
    /// of them see it; everyone else stops knowing anything about `from`'s hand.
    pub(crate) fn steal_random(&mut self, from: u8, to: u8, rng: &mut GameRng) -> Option<u8> {
        let c = self.random_hand_card(from, rng)?;
        let before = self.hand[from as usize];
        let known_public = self.pub_known & before;
        self.pub_known &= !before;
        let (thief, victim) = (1u8 << to, 1u8 << from);
        for x in cards::iter(before) {
            let k = &mut self.knowers[x as usize];
            *k &= thief | victim;
            if known_public & cards::bit(x) != 0 {
                *k |= thief;
            }
        }
        self.knowers[c as usize] = (self.knowers[c as usize] & !thief) | victim;
        self.hand[from as usize] &= !cards::bit(c);
        self.hand[to as usize] |= cards::bit(c);
        Some(c)
    }

    /// Discards every card of `seat` (hand and play area) in ascending id order, except `top`
    /// which is discarded last (Decision 10; `top = NONE` for the canonical order).
    pub(crate) fn discard_everything(&mut self, seat: u8, top: u8) {
        let all = self.hand[seat as usize] | self.table[seat as usize];
        self.hand[seat as usize] = 0;
        self.set_table(seat, 0);
        for c in cards::iter(all) {
            if c != top {
                self.push_discard(c);
            }
        }
        if top != NONE {
            self.push_discard(top);
        }
    }
}
