//! What a seat knows ([`MowObservation`]) and determinization.
//!
//! Public: the herd (face up), every cowshed (decision 6: cowsheds are face down, but every card
//! in them was seen face up in the herd it came from, so a player with a perfect memory knows
//! them), the scores, the direction, the hand sizes and the pile size. Private: each hand. Unknown
//! to a seat: the other hands and the draw pile, i.e. every card outside its own hand, the herd and
//! the cowsheds. No card ever leaves a hand except face up, so nothing more is known about them.
//!
//! `determinize` starts from the observation, so it cannot depend on anything hidden: the unknown
//! cards are gathered by ascending id, shuffled with the caller's RNG, dealt to the other hands by
//! ascending seat (each to its public size), and the rest form the draw pile
//! ([`crate::games::mechanics::redeal`], shared with Ekonos).

use super::cards::{self, ALL_CARDS};
use super::state::{MAX_PLAYERS, MowState};
use crate::game::GameRng;
use crate::games::mechanics::redeal::redeal;
use serde::Serialize;

/// Everything one seat knows (see the module docs). Equal observations = indistinguishable.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct MowObservation {
    /// The observing seat.
    pub seat: u8,
    /// The state with the other hands and the draw pile emptied.
    pub view: MowState,
    /// Cards in each hand.
    pub hand_sizes: [u8; MAX_PLAYERS],
    /// Cards in the draw pile.
    pub pile_size: u8,
}

impl MowState {
    /// The observation of `seat` (see the module docs).
    pub fn observe(&self, seat: u8) -> MowObservation {
        let mut view = *self;
        let mut hand_sizes = [0; MAX_PLAYERS];
        for (p, size) in hand_sizes.iter_mut().enumerate().take(self.n as usize) {
            *size = cards::count(self.hands[p]) as u8;
            if p != seat as usize {
                view.hands[p] = 0;
            }
        }
        view.pile = 0;
        MowObservation { seat, view, hand_sizes, pile_size: cards::count(self.pile) as u8 }
    }

    /// Resamples the other hands and the draw pile from `seat`'s observation and `rng` only.
    pub fn determinize_for(&mut self, seat: u8, rng: &mut GameRng) {
        let obs = self.observe(seat);
        let mut s = obs.view;
        let n = s.n as usize;
        let mut known = s.herd;
        for p in 0..n {
            known |= s.hands[p] | s.sheds[p];
        }
        s.pile = redeal(ALL_CARDS & !known, &mut s.hands[..n], &obs.hand_sizes[..n], seat as usize, rng);
        debug_assert_eq!(cards::count(s.pile), u32::from(obs.pile_size), "pile size kept");
        *self = s;
    }
}
