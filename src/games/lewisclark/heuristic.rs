//! The heuristic: progress along the route, with what the expedition carries to go further.

use super::state::LewisClark;
use crate::bots::Heuristic;
use crate::game::Seat;

impl Heuristic for LewisClark {
    fn heuristic(&self, seat: Seat) -> f64 {
        let v = |s: usize| self.progress(s);
        let mine = v(seat);
        let best_other = self.seat_range().filter(|&s| s != seat).map(v).fold(f64::MIN, f64::max);
        // A logistic of the lead, in spaces.
        1.0 / (1.0 + (-(mine - best_other) / 6.0).exp())
    }
}

impl LewisClark {
    /// An estimate of a seat's position in spaces: its camp, plus part of its scout's lead.
    pub fn progress(&self, seat: usize) -> f64 {
        let e = &self.seats[seat];
        f64::from(e.camp) + 0.5 * f64::from(e.scout - e.camp)
    }
}
