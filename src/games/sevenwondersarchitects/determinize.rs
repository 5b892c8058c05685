//! What a seat knows ([`ArchitectsObservation`]) and determinization (spec §6).
//!
//! Public: everything but the order of the cards below each wonder deck's top, of the central
//! deck and of the token stack, and a pending Halicarnassus look. The multiset of every deck and
//! of the stack is public (every card that left was shown). A seat that saw the central top
//! (R4) knows it while it stays on top; whether a seat saw it is public. The looking seat knows
//! its look; the others know its size and the card that was the deck's public top.
//!
//! Both functions below go through `hide`, which rewrites every hidden part from public counts
//! in a canonical order (kinds ascending) and, when determinizing, shuffles it with the caller's
//! RNG. So a determinization is a function of the observer's observation and the RNG only.

use super::data::{Counts, KINDS, WONDER_DECK};
use super::state::ArchitectsState;
use crate::game::GameRng;
use crate::games::mechanics::shuffle::shuffle;
use serde::Serialize;

/// Everything one seat knows: the state with every part hidden from it rewritten canonically.
/// Equal observations = states the seat cannot tell apart.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct ArchitectsObservation {
    /// The observing seat.
    pub seat: u8,
    /// The state with its hidden parts in canonical order.
    pub view: ArchitectsState,
}

/// Counts by kind of `cards`.
fn counts(cards: &[u8]) -> Counts {
    let mut c = [0; KINDS];
    for &k in cards {
        c[k as usize] += 1;
    }
    c
}

/// Writes the cards of `c` into `out` by ascending kind (`out.len()` = their number).
fn write_canonical(c: &Counts, out: &mut [u8]) {
    let mut i = 0;
    for (kind, &n) in c.iter().enumerate() {
        for _ in 0..n {
            out[i] = kind as u8;
            i += 1;
        }
    }
    debug_assert_eq!(i, out.len());
}

/// Rewrites `cards` canonically, then shuffles them if `rng` is given.
fn resample(cards: &mut [u8], rng: Option<&mut GameRng>) {
    write_canonical(&counts(cards), cards);
    if let Some(rng) = rng {
        shuffle(cards, rng);
    }
}

impl ArchitectsState {
    /// The observation of `seat` (see the module docs).
    pub fn observe(&self, seat: u8) -> ArchitectsObservation {
        let mut view = *self;
        view.hide(seat, None);
        ArchitectsObservation { seat, view }
    }

    /// Resamples, uniformly and independently, everything `seat` cannot see (spec §6).
    pub fn determinize_for(&mut self, seat: u8, rng: &mut GameRng) {
        self.hide(seat, Some(rng));
    }

    /// Rewrites what `o` cannot see canonically, shuffled when `rng` is given (spec §6).
    fn hide(&mut self, o: u8, mut rng: Option<&mut GameRng>) {
        let looking = self.look_len > 0;
        for k in 0..self.n as usize {
            let len = self.deck_len[k] as usize;
            if looking && self.look_deck as usize == k {
                if self.active == o {
                    // The looker knows its look; the rest of the deck is hidden from everyone.
                    resample(&mut self.decks[k][..len], rng.as_deref_mut());
                } else {
                    self.hide_look(k, rng.as_deref_mut());
                }
            } else if len > 1 {
                resample(&mut self.decks[k][..len - 1], rng.as_deref_mut());
            }
        }
        let len = self.central_len as usize;
        let below = if self.knows_central_top(o as usize) { len.saturating_sub(1) } else { len };
        resample(&mut self.central[..below], rng.as_deref_mut());
        let len = self.stack_len as usize;
        resample(&mut self.stack[..len], rng);
    }

    /// Another seat's look on Deck(k): it keeps its size and the deck's former top card; its other
    /// cards and the deck are pooled and dealt again.
    fn hide_look(&mut self, k: usize, rng: Option<&mut GameRng>) {
        let len = self.deck_len[k] as usize;
        let mut pool = counts(&self.decks[k][..len]);
        for (p, &l) in pool.iter_mut().zip(&self.look) {
            *p += l;
        }
        pool[self.look_top as usize] -= 1;
        let others = self.look_len as usize - 1;
        let total = len + others;
        let mut cards = [0u8; WONDER_DECK];
        write_canonical(&pool, &mut cards[..total]);
        if let Some(rng) = rng {
            shuffle(&mut cards[..total], rng);
        }
        self.look = [0; KINDS];
        self.look[self.look_top as usize] = 1;
        for &c in &cards[..others] {
            self.look[c as usize] += 1;
        }
        self.decks[k][..len].copy_from_slice(&cards[others..total]);
    }
}
