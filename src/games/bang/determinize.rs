//! What a seat knows ([`BangObservation`]) and determinization: resampling everything a seat
//! cannot see, as a function of its observation and the RNG only.
//!
//! The observation is the state with the unknown masked out: other hands reduced to the cards
//! the seat knows are there (public General Store / Pedro / Black Jack / Panic! pickups, its own
//! private knowledge) plus a count of unknown cards; deck positions it does not know set to
//! `NONE`; hidden roles set to [`Role::Unknown`]; the other seats' private knowledge erased; Kit
//! Carlson's three looked-at cards masked for everyone but Kit.
//!
//! `determinize` starts from that masked state, so it cannot depend on anything hidden. Unknown
//! cards are gathered by ascending id, shuffled, and dealt first to the unknown deck slots (only
//! cards that may be in the deck, see `deck_cands`), then to the unknown hand slots by ascending
//! seat (and Kit's slot). Hidden roles are the role list minus the known roles, shuffled onto the
//! hidden seats by ascending seat. In the result, the other seats' private knowledge is empty.

use super::cards::{self, ALL_CARDS, CardSet, NONE, NUM_CARDS};
use super::roles::{Role, roles_for};
use super::state::{BangState, Frame, MAX_PLAYERS};
use crate::game::GameRng;
use crate::games::mechanics::shuffle::shuffle;
use serde::Serialize;

/// Everything one seat knows (see the module docs). Equal observations = indistinguishable.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct BangObservation {
    /// The observing seat.
    pub seat: u8,
    /// The state with unknown information masked out.
    pub view: BangState,
    /// Number of cards in each seat's hand that the observer cannot identify.
    pub hidden: [u8; MAX_PLAYERS],
}

impl BangState {
    /// The observation of `seat` (see the module docs).
    pub fn observe(&self, seat: u8) -> BangObservation {
        let mut v = *self;
        let mut hidden = [0u8; MAX_PLAYERS];
        let known = self.pub_known | self.known_by(seat);
        for (p, unknown) in hidden.iter_mut().enumerate().take(self.n as usize) {
            if p as u8 == seat {
                continue;
            }
            v.hand[p] = self.hand[p] & known;
            *unknown = (cards::count(self.hand[p]) - cards::count(v.hand[p])) as u8;
            if self.revealed & (1 << p) == 0 {
                v.roles[p] = Role::Unknown;
            }
        }
        for k in &mut v.knowers {
            *k &= 1 << seat;
        }
        for slot in &mut v.deck[..self.deck_len as usize] {
            if known & cards::bit(*slot) == 0 {
                *slot = NONE;
            }
        }
        for f in &mut v.stack {
            if let Frame::KitKeep { cards } = f
                && self.active != seat
            {
                *cards = [NONE; 3];
            }
        }
        BangObservation { seat, view: v, hidden }
    }

    /// Resamples everything `seat` cannot see (deck order, hidden hands, Kit Carlson's look,
    /// hidden roles) from `seat`'s observation and `rng` only.
    pub fn determinize_for(&mut self, seat: u8, rng: &mut GameRng) {
        let obs = self.observe(seat);
        let mut s = obs.view;
        s.deal_hidden_roles(rng);
        // Cards whose location the observer knows.
        let mut known: CardSet = s.store;
        for p in 0..s.n as usize {
            known |= s.hand[p] | s.table[p];
        }
        for &c in s.discard_pile() {
            known |= cards::bit(c);
        }
        for &c in s.deck() {
            if c != NONE {
                known |= cards::bit(c);
            }
        }
        let mut kit_slots = 0;
        for f in &s.stack {
            match *f {
                Frame::KitKeep { cards } if cards[0] == NONE => kit_slots = 3,
                Frame::KitKeep { cards } => known |= cards.iter().fold(0, |a, &c| a | cards::bit(c)),
                Frame::LuckyPick { cards, .. } => {
                    known |= cards::bit(cards[0]) | cards::bit(cards[1]);
                }
                _ => {}
            }
        }
        let unknown = ALL_CARDS & !known;
        let mut pool = [NONE; NUM_CARDS];
        let mut len = 0;
        // Deck candidates first, so the deck draws only from them.
        for c in cards::iter(unknown & s.deck_cands) {
            pool[len] = c;
            len += 1;
        }
        let cands = len;
        shuffle(&mut pool[..cands], rng);
        let mut next = 0;
        for slot in &mut s.deck[..s.deck_len as usize] {
            if *slot == NONE {
                *slot = pool[next];
                next += 1;
            }
        }
        for c in cards::iter(unknown & !s.deck_cands) {
            pool[len] = c;
            len += 1;
        }
        let rest = &mut pool[next..len];
        shuffle(rest, rng);
        let mut it = rest.iter().copied();
        for p in 0..s.n as usize {
            for _ in 0..obs.hidden[p] {
                s.hand[p] |= cards::bit(it.next().expect("enough unknown cards"));
            }
        }
        if kit_slots > 0 {
            for f in &mut s.stack {
                if let Frame::KitKeep { cards } = f {
                    for c in cards.iter_mut() {
                        *c = it.next().expect("enough unknown cards for Kit");
                    }
                }
            }
        }
        debug_assert!(it.next().is_none(), "every unknown card placed");
        *self = s;
    }

    /// Deals the roles not yet known (the role list minus the visible ones) onto the seats whose
    /// role is `Unknown`, uniformly.
    fn deal_hidden_roles(&mut self, rng: &mut GameRng) {
        let n = self.n as usize;
        let mut missing = [Role::Unknown; MAX_PLAYERS];
        let mut m = 0;
        let mut used = [false; MAX_PLAYERS];
        for &r in roles_for(n) {
            let seen = (0..n).find(|&p| !used[p] && self.roles[p] == r);
            match seen {
                Some(p) => used[p] = true,
                None => {
                    missing[m] = r;
                    m += 1;
                }
            }
        }
        shuffle(&mut missing[..m], rng);
        let mut k = 0;
        for p in 0..n {
            if self.roles[p] == Role::Unknown {
                self.roles[p] = missing[k];
                k += 1;
            }
        }
    }
}
