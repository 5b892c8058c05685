//! The MOW [`Heuristic`]: a seat's prospects from its projected flies against everyone else's,
//! using only what the seat knows (its hand, the public herd, cowsheds, scores, hand and pile
//! sizes).
//!
//! Projected flies of seat `p` = flies of the finished rounds + flies in its cowshed this round +
//! `w` × the flies in its hand, where `w` is the chance a hand card is still in hand at the end of
//! the round (and so lands in the cowshed, rule 9), taken to grow linearly from 1/4 when the round
//! is dealt to 1 once the draw pile is empty. The seat's own hand is known; another seat's hand is
//! valued at its size times the mean flies of the cards the seat cannot see. With the
//! `six_specials` option, a seat holding all six 5-fly cows in cowshed and hand projects 0 flies
//! this round.
//!
//! The value is a soft-min share: `exp(-F_s / T) / Σ_p exp(-F_p / T)` with `T` = [`TEMPERATURE`]
//! flies, so it lies in `(0, 1)`, sums to 1 over the seats, is `1 / n` when all projections are
//! equal and rises as the seat's projection falls below the others'. A greedy bot thus avoids
//! taking herds, plays its fly-heavy cows first, and prefers herds that others must take.

use super::cards::{self, ALL_CARDS, FIVE_FLY};
use super::state::MowState;
use crate::agent::Heuristic;
use crate::game::Seat;

/// The soft-min temperature, in flies: a 10-fly lead is worth a factor e^(10/T) in the share.
pub const TEMPERATURE: f64 = 12.0;

impl MowState {
    /// Projected end-of-game flies of every seat from `seat`'s point of view (see the module docs).
    pub fn projected_flies(&self, seat: Seat) -> [f64; super::MAX_PLAYERS] {
        let n = self.n as usize;
        let mut known = self.herd | self.hands[seat];
        for p in 0..n {
            known |= self.sheds[p];
        }
        let unknown = ALL_CARDS & !known;
        let mean_unknown = match cards::count(unknown) {
            0 => 0.0,
            k => f64::from(cards::flies_in(unknown)) / f64::from(k),
        };
        let dealt_pile = f64::from(self.pile_start.max(1));
        let w = 1.0 - 0.75 * (f64::from(cards::count(self.pile)) / dealt_pile).min(1.0);
        let mut out = [0.0; super::MAX_PLAYERS];
        for (p, f) in out.iter_mut().enumerate().take(n) {
            let shed = f64::from(cards::flies_in(self.sheds[p]));
            let hand = if p == seat {
                f64::from(cards::flies_in(self.hands[p]))
            } else {
                f64::from(cards::count(self.hands[p])) * mean_unknown
            };
            let six = p == seat && self.six_specials && (self.sheds[p] | self.hands[p]) & FIVE_FLY == FIVE_FLY;
            *f = f64::from(self.scores[p]) + if six { 0.0 } else { shed + w * hand };
        }
        out
    }
}

impl Heuristic for MowState {
    fn heuristic(&self, seat: Seat) -> f64 {
        let f = self.projected_flies(seat);
        let best = f[..self.n as usize].iter().copied().fold(f64::INFINITY, f64::min);
        let weight = |x: f64| (-(x - best) / TEMPERATURE).exp();
        let total: f64 = f[..self.n as usize].iter().map(|&x| weight(x)).sum();
        weight(f[seat]) / total
    }
}
