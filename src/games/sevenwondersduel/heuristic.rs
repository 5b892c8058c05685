//! The 7 Wonders Duel [`Heuristic`]: a logistic of the seat's lead, counting the VP it would
//! score if the game ended now (R25) plus the threat of the two supremacies.
//!
//! Lead = VP difference + [`MILITARY_WEIGHT`] × the pawn's distance toward the opponent's capital
//! (beyond the military VP already counted, a step toward supremacy) + [`SCIENCE_WEIGHT`] ×
//! the difference in distinct science symbols (5 symbols count double: one more wins). The value
//! is `1 / (1 + exp(-lead / SCALE))`: 0.5 when even, in `(0, 1)`. Everything it reads is public.

use super::state::SwdState;
use crate::agent::Heuristic;
use crate::game::Seat;

/// VP-equivalent of one pawn space toward the opponent's capital.
pub const MILITARY_WEIGHT: f64 = 1.5;
/// VP-equivalent of one distinct science symbol.
pub const SCIENCE_WEIGHT: f64 = 3.0;
/// The logistic scale, in VP: a lead of `SCALE` is worth about 73%.
pub const SCALE: f64 = 10.0;

impl SwdState {
    /// The lead of `seat` in VP-equivalents (see the module docs).
    pub fn lead(&self, seat: Seat) -> f64 {
        let opp = 1 - seat;
        let vp = f64::from(self.vp(seat) - self.vp(opp));
        let toward = f64::from(if seat == 0 { self.pawn } else { -self.pawn });
        let science = |p: Seat| {
            let n = self.distinct_symbols(p);
            f64::from(n + u32::from(n >= 5) * n.saturating_sub(4))
        };
        vp + MILITARY_WEIGHT * toward + SCIENCE_WEIGHT * (science(seat) - science(opp))
    }
}

impl Heuristic for SwdState {
    fn heuristic(&self, seat: Seat) -> f64 {
        1.0 / (1.0 + (-self.lead(seat) / SCALE).exp())
    }
}
