//! The President [`Heuristic`]: a seat's chance to win, from its own hand, the public hand
//! sizes, the finishing order so far and everyone's points. Nothing hidden is read.
//!
//! 1. Hand cost: each card costs `1 − 0.8 · strength / 13` in the current order (a Joker 0.2,
//!    the weakest card 1): weak cards are hard to get rid of. Seat `s`'s cost is the sum over its
//!    hand (and pending gifts are gone already); another seat's cost is its hand size times
//!    [`AVERAGE_COST`].
//! 2. Projected place in the hand: players already out keep their place; each other player
//!    still holding cards finishes before `s` with probability `σ((cost_s − cost_p) / 1.5)`.
//! 3. Projected points: current points plus the role points of the projected place (linear
//!    between places); for the others, the mean role points of the places still open.
//! 4. Value: the product over the other seats of `σ((proj_s − proj_p) / 10)`, an estimate of
//!    finishing first in points (the only winning result). Finished games get their reward.

use super::PresidentState;
use super::cards::strength;
use super::state::{Phase, Role};
use crate::agent::Heuristic;
use crate::game::{Game, MAX_SEATS, Seat};

/// The cost of an unknown card: the mean of `1 − 0.8 · strength / 13` over the 54 cards.
const AVERAGE_COST: f64 = 0.6;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl PresidentState {
    /// The cost of `seat`'s hand as `seat` sees it (step 1 of the module docs).
    fn hand_cost(&self, seat: usize, observer: usize) -> f64 {
        let hand = self.hands[seat];
        if seat != observer {
            return f64::from(hand.len()) * AVERAGE_COST;
        }
        hand.each().map(|r| 1.0 - 0.8 * f64::from(strength(r, self.revolution)) / 13.0).sum()
    }

    /// Role points of a (fractional) place `x` in `0..n` (rule 13, linear between places).
    fn place_points(&self, x: f64) -> f64 {
        let n = self.n as usize;
        let lo = (x.floor() as usize).min(n - 1);
        let hi = (lo + 1).min(n - 1);
        let t = x - lo as f64;
        let pts = |p| f64::from(Role::of_place(p, n).points());
        pts(lo) * (1.0 - t) + pts(hi) * t
    }
}

impl Heuristic for PresidentState {
    fn heuristic(&self, seat: Seat) -> f64 {
        if let Some(r) = self.outcome() {
            return r[seat];
        }
        let n = self.n as usize;
        let out = self.out as usize;
        let mut projected = [0.0f64; MAX_SEATS];
        let open_mean = (out..n).map(|p| self.place_points(p as f64)).sum::<f64>() / (n - out) as f64;
        for (p, x) in projected.iter_mut().enumerate().take(n) {
            *x = f64::from(self.points[p]) + open_mean;
        }
        for (place, &p) in self.finishing_order().iter().enumerate() {
            projected[p as usize] = f64::from(self.points[p as usize]) + self.place_points(place as f64);
        }
        if !self.hands[seat].is_empty() || self.phase == Phase::Exchange {
            let mine = self.hand_cost(seat, seat);
            let before: f64 = (0..n)
                .filter(|&p| p != seat && !self.hands[p].is_empty())
                .map(|p| sigmoid((mine - self.hand_cost(p, seat)) / 1.5))
                .sum();
            projected[seat] = f64::from(self.points[seat]) + self.place_points(out as f64 + before);
        }
        (0..n).filter(|&p| p != seat).map(|p| sigmoid((projected[seat] - projected[p]) / 10.0)).product()
    }
}
