//! What a seat knows ([`EkonosObservation`]) and determinization (spec "Information").
//!
//! Public: the map, supplies, growth markers, every holding, presidents, coins (Decision 11),
//! round, first, active player, step, decider, the expansion under way, every hand size and the
//! cards played this round. Private: a seat's own hand. Hidden from everyone: the other hands
//! and the unused cards (36 − n·H each round, never revealed; all 36 are reshuffled at a round's
//! end, so nothing hidden carries over).
//!
//! `determinize(o)` starts from `o`'s observation, so it cannot depend on anything hidden: the
//! pool is the 36 cards minus `o`'s hand minus the cards played this round, by card number; it is
//! shuffled with the caller's RNG, dealt to the other seats by ascending seat (each to its
//! public hand size), and the rest is the unused set ([`crate::games::mechanics::redeal`], shared with MOW).

use super::data::ALL_CARDS;
use super::state::{EkonosState, MAX_PLAYERS};
use crate::game::GameRng;
use crate::games::mechanics::redeal::redeal;
use serde::Serialize;

/// Everything one seat knows (see the module docs). Equal observations = indistinguishable.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct EkonosObservation {
    /// The observing seat.
    pub seat: u8,
    /// The state with the other hands and the unused set emptied.
    pub view: EkonosState,
    /// Cards in each hand.
    pub hand_sizes: [u8; MAX_PLAYERS],
}

impl EkonosState {
    /// The observation of `seat` (see the module docs).
    pub fn observe(&self, seat: u8) -> EkonosObservation {
        let mut view = *self;
        let mut hand_sizes = [0; MAX_PLAYERS];
        for (p, size) in hand_sizes.iter_mut().enumerate().take(self.n as usize) {
            *size = self.hands[p].count_ones() as u8;
            if p != seat as usize {
                view.hands[p] = 0;
            }
        }
        view.unused = 0;
        EkonosObservation { seat, view, hand_sizes }
    }

    /// Resamples the other hands and the unused cards from `seat`'s observation and `rng` only.
    pub fn determinize_for(&mut self, seat: u8, rng: &mut GameRng) {
        let obs = self.observe(seat);
        let mut s = obs.view;
        let n = s.n as usize;
        let unseen = ALL_CARDS & !s.hands[seat as usize] & !s.played;
        s.unused = redeal(unseen, &mut s.hands[..n], &obs.hand_sizes[..n], seat as usize, rng);
        *self = s;
    }
}
