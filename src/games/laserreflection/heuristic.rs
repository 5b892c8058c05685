//! The Laser Reflection [`Heuristic`]: clues matched on the seat's own grid, turned into expected
//! points, using only what the seat knows.
//!
//! Progress of the seat: x = (clues of its grid equal to the ring's) / 4N, valued f = 0.01 +
//! 0.99·x⁴ (steep near a full match, where one edit can solve; never 0, so giving up is always
//! worse than an edit). Another seat's grid is hidden: its progress is the constant 0.5.
//!
//! - 2+ seats: each seat's projected total = points of the finished rounds + this round's points
//!   if it is finished (rule R1 among the seats solved so far), else fail + f·(place − fail), where
//!   fail = −⌊u⌋ and place = the points of the next solve. The value is the soft-max share
//!   `exp(T_s / τ) / Σ_p exp(T_p / τ)` with τ = 2u, so it is in (0, 1), 1/n when all are equal.
//! - Solo: (puzzles solved + 0.9·f) / `challenge`, in [0, 1).

use super::state::{LaserState, MAX_PLAYERS, Status};
use crate::agent::{Agent, Heuristic, SolverConfig};
use crate::game::Seat;

impl LaserState {
    /// The share of the ring `seat`'s grid matches, in [0, 1].
    pub fn progress(&self, seat: Seat) -> f64 {
        let frame = &self.puzzle.frame;
        self.grids[seat].clues_matched(frame, &self.puzzle.ring) as f64 / frame.ring_len() as f64
    }

    /// The projected points of seat `p` this round from `seat`'s point of view (module docs).
    fn projected_round(&self, p: Seat, seat: Seat) -> f64 {
        if self.status[p] != Status::InProgress {
            return f64::from(self.round_points(p));
        }
        let n = self.n as usize;
        let denominator = i32::from(self.config.rounds) * n as i32;
        let solved = (0..n).filter(|&q| matches!(self.status[q], Status::Solved(_))).count() as i32;
        let fail = f64::from(-(120 / denominator));
        let place = f64::from(120 * (n as i32 - solved) / denominator);
        let x = if p == seat { self.progress(seat) } else { 0.5 };
        fail + (0.01 + 0.99 * x.powi(4)) * (place - fail)
    }
}

impl Heuristic for LaserState {
    fn heuristic(&self, seat: Seat) -> f64 {
        let n = self.n as usize;
        if n == 1 {
            let f = if self.status[0] == Status::InProgress { 0.01 + 0.99 * self.progress(0).powi(4) } else { 0.0 };
            return (f64::from(self.solo.solved) + 0.9 * f) / f64::from(self.config.challenge);
        }
        let tau = 2.0 * (120.0 / (f64::from(self.config.rounds) * n as f64));
        let mut totals = [0.0; MAX_PLAYERS];
        for (p, t) in totals.iter_mut().enumerate().take(n) {
            *t = f64::from(self.scores[p]) + self.projected_round(p, seat);
        }
        let best = totals[..n].iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let weight = |t: f64| ((t - best) / tau).exp();
        weight(totals[seat]) / totals[..n].iter().map(|&t| weight(t)).sum::<f64>()
    }

    fn solver_agent(config: SolverConfig) -> Option<Box<dyn Agent<Self>>> {
        Some(Self::solver(config))
    }
}
