//! What a seat knows ([`PresidentObservation`]) and determinization: resampling the cards a seat
//! cannot see, as a function of its observation and the RNG only (`Game::determinize`).
//!
//! Public: the cards played (so the unplayed multiset), every hand's size, the pile, roles,
//! points, the finishing order, passes, the Revolution. Private to a seat: its hand, the cards it
//! has chosen to give back (exchange phase), and its exchange knowledge ([`Knowledge`], spec
//! rule 11): the cards it gave its partner that are still unplayed, and, for the President and
//! the Prime Minister, that every other card of the Beggar (Peasant) ranks at most the weakest
//! card they received, since those were the giver's strongest.
//!
//! `determinize` starts from the masked state, computes the unknown multiset (unplayed cards less
//! the observer's hand and everything it can place), deals the capped partner's unknown slots
//! first, uniformly from the unknown cards under the cap, then shuffles the rest onto the other
//! seats' unknown slots by ascending seat, then onto hidden gifts. Dealing the capped seat first
//! from the eligible cards is exactly uniform over the consistent deals, because the number of
//! ways to place the rest does not depend on which eligible cards it took.
//!
//! DECISION (approximation): with `skip_mode = if_cannot_match`, a skip reveals that the skipped
//! player held fewer cards of that rank, and a non-skip that they held enough; determinization
//! does not enforce those bounds (the option is off in the default preset).

use super::cards::{Cards, JOKER, RANKS, Rank};
use super::state::{Knowledge, NO_SEAT, PresidentState, Role};
use crate::game::{GameRng, MAX_SEATS};
use crate::games::mechanics::shuffle::shuffle;
use serde::Serialize;

/// Everything one seat knows (see the module docs). Equal observations = indistinguishable.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PresidentObservation {
    /// The observing seat.
    pub seat: u8,
    /// The state with the other hands reduced to the cards the observer knows are there, the
    /// other seats' pending gifts and knowledge erased.
    pub view: PresidentState,
    /// Number of cards in each seat's hand the observer cannot identify.
    pub hidden: [u8; MAX_SEATS],
    /// Number of pending gift cards (President, Prime Minister) the observer cannot identify.
    pub hidden_gifts: [u8; 2],
    /// The cards not yet played (public).
    pub unplayed: Cards,
}

/// The giver of each gift slot (rule 11).
const GIVERS: [Role; 2] = [Role::President, Role::PrimeMinister];

/// Moves `count` cards drawn without replacement from the front of `deck` into a multiset.
fn take(deck: &mut &[Rank], count: u8) -> Cards {
    let (head, tail) = deck.split_at(count as usize);
    *deck = tail;
    head.iter().fold(Cards::EMPTY, |h, &r| h.plus(r, 1))
}

/// The cards of `set` one by one into `buf`, shuffled; returns the filled part.
fn shuffled<'a>(set: Cards, buf: &'a mut [Rank; 4 * RANKS], rng: &mut GameRng) -> &'a [Rank] {
    let len = set.len() as usize;
    for (slot, r) in buf.iter_mut().zip(set.each()) {
        *slot = r;
    }
    shuffle(&mut buf[..len], rng);
    &buf[..len]
}

impl PresidentState {
    /// The observation of `seat` (see the module docs).
    pub fn observe(&self, seat: u8) -> PresidentObservation {
        let mut v = *self;
        let mut hidden = [0u8; MAX_SEATS];
        let mine = self.knowledge[seat as usize];
        for (p, unknown) in hidden.iter_mut().enumerate().take(self.n as usize) {
            if p == seat as usize {
                continue;
            }
            let known = if mine.partner as usize == p { mine.known } else { Cards::EMPTY };
            v.hands[p] = known;
            *unknown = (self.hands[p].len() - known.len()) as u8;
            v.knowledge[p] = Knowledge::NONE;
        }
        let mut hidden_gifts = [0u8; 2];
        for (slot, giver) in GIVERS.into_iter().enumerate() {
            if self.seat_of(giver) != Some(seat as usize) {
                hidden_gifts[slot] = self.gifts[slot].len() as u8;
                v.gifts[slot] = Cards::EMPTY;
            }
        }
        PresidentObservation { seat, view: v, hidden, hidden_gifts, unplayed: self.unplayed() }
    }

    /// Resamples every card `seat` cannot see from `seat`'s observation and `rng` only.
    pub fn determinize_for(&mut self, seat: u8, rng: &mut GameRng) {
        let obs = self.observe(seat);
        let mut s = obs.view;
        let mut unknown = obs.unplayed.without(s.unplayed());
        let mut buf = [0 as Rank; 4 * RANKS];
        let k = s.knowledge[seat as usize];
        let capped = if k.partner != NO_SEAT && k.cap < JOKER { k.partner as usize } else { MAX_SEATS };
        if capped < MAX_SEATS {
            let mut deck = shuffled(unknown.at_most(k.cap), &mut buf, rng);
            let cards = take(&mut deck, obs.hidden[capped]);
            s.hands[capped] = s.hands[capped].union(cards);
            unknown = unknown.without(cards);
        }
        let mut deck = shuffled(unknown, &mut buf, rng);
        for p in (0..s.n as usize).filter(|&p| p != capped) {
            s.hands[p] = s.hands[p].union(take(&mut deck, obs.hidden[p]));
        }
        for slot in 0..2 {
            s.gifts[slot] = s.gifts[slot].union(take(&mut deck, obs.hidden_gifts[slot]));
        }
        debug_assert!(deck.is_empty(), "every unknown card placed");
        *self = s;
    }
}
