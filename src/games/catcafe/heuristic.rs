//! The Cat Café [`Heuristic`]: a seat's prospects from projected scores, using only what the seat
//! knows.
//!
//! Projected points of a seat = its score parts as the sheets stand (rules 20–25, yarn majorities
//! against the other sheets) + [`FOOTPRINT_VALUE`] per circled, uncrossed paw print (they buy
//! future marks). The evaluating seat's own commitment of this round is resolved first (it knows
//! it: cost paid, item written, cat banked, column banked as the reveal will bank it); the other
//! seats' commitments are unknown to it and ignored.
//!
//! A house still waiting for its cat (marked, cat not chosen) counts 0 cat points, so a one-step
//! greedy bot is blind to houses: a seat with a 5-mouse group, a house costing 0 and cat 6 free
//! would bank 10 points, yet greedy passed in 50 of 50 seeds. A naive fix (crediting the best
//! unchosen cat) raised greedy self-play scores but made greedy weaker head to head (against
//! random 98.75% instead of 99.4%; ISMCTS with 1,000 iterations beat it 95.4% instead of 79.2%),
//! so the heuristic is kept as it is: every committed Cat Café study was played with it.
//!
//! The value is a soft-max share `exp(P_s / T) / Σ_p exp(P_p / T)` with `T` = [`TEMPERATURE`]
//! points: in `(0, 1)`, summing to 1 over the seats, `1 / n` when all projections are equal.

use super::state::{CatCafe, MAX_PLAYERS};
use crate::agent::Heuristic;
use crate::game::Seat;

/// The soft-max temperature, in points.
pub const TEMPERATURE: f64 = 8.0;
/// Points credited per circled, uncrossed footprint.
pub const FOOTPRINT_VALUE: f64 = 1.0;

impl CatCafe {
    /// Projected points of every seat from `seat`'s point of view (see the module docs). A house
    /// still waiting for its cat counts 0 cat points (greedy is blind to houses; module docs).
    pub fn projected_points(&self, seat: Seat) -> [f64; MAX_PLAYERS] {
        let mut view = *self;
        let commit = self.commits[seat];
        if commit != super::Commit::None {
            let sheet = &mut view.sheets[seat];
            sheet.resolve(commit, self.own[seat], self.shared);
            sheet.bank_columns(self.taken);
        }
        let mut out = [0.0; MAX_PLAYERS];
        for (p, v) in out.iter_mut().enumerate().take(self.n as usize) {
            let points: i16 = view.score_parts(p).iter().sum();
            *v = f64::from(points) + FOOTPRINT_VALUE * f64::from(view.sheets[p].avail);
        }
        out
    }
}

impl Heuristic for CatCafe {
    fn heuristic(&self, seat: Seat) -> f64 {
        let n = self.n as usize;
        let p = self.projected_points(seat);
        let best = p[..n].iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let weight = |x: f64| ((x - best) / TEMPERATURE).exp();
        let total: f64 = p[..n].iter().map(|&x| weight(x)).sum();
        weight(p[seat]) / total
    }
}
