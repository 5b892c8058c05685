//! The 7 Wonders Architects [`Heuristic`]: a seat's share of the projected points, from public
//! information only (tableaux, stages, tokens, military, the cat; never a hidden card).
//!
//! Projected points of seat `p` = its score so far (§8) + [`RESOURCE`] per resource unit in its
//! tableau (a Gold counts 1, plus 1 for one Gold with Economy; stages turn about 2.8 units into
//! 5 VP) + [`GREEN`] per green card (a set is a token) + [`SHIELD`] per shield (battles pay the
//! stronger neighbour) + [`STAGE_STEP`] per built stage (each brings the end, which the leader
//! wants) + [`ACTIVE_TOKEN`] per owned Economy, Engineering or extra-card token (they bring
//! cards or cheapen stages; the end-VP tokens already count in the score).
//!
//! The value is a soft-max share `exp(V_p / T) / Σ_q exp(V_q / T)` with `T` = [`TEMPERATURE`]
//! VP: in `(0, 1)`, `1 / n` when all projections are equal.

use super::data::{Card, Token};
use super::state::ArchitectsState;
use crate::agent::Heuristic;
use crate::game::Seat;

/// Points per resource unit held.
pub const RESOURCE: f64 = 1.3;
/// Points per green card held.
pub const GREEN: f64 = 1.2;
/// Points per shield.
pub const SHIELD: f64 = 0.8;
/// Points per built stage beyond its VP.
pub const STAGE_STEP: f64 = 1.0;
/// Points per owned Economy, Engineering or extra-card token.
pub const ACTIVE_TOKEN: f64 = 3.0;
/// The soft-max temperature, in VP.
pub const TEMPERATURE: f64 = 8.0;

impl ArchitectsState {
    /// Projected points of seat `p` (see the module docs).
    pub fn projected_points(&self, p: usize) -> f64 {
        let t = &self.tableau[p];
        let gold = t[Card::Gold as usize];
        let mut units = f64::from(t[..6].iter().sum::<u8>());
        if gold > 0 && self.owns(p, Token::Economy) {
            units += 1.0;
        }
        let green = f64::from(Card::GREEN.iter().map(|&g| t[g as usize]).sum::<u8>());
        let active = Token::ALL[..8].iter().filter(|&&k| self.owns(p, k)).count() as f64;
        f64::from(self.score_parts(p).total())
            + RESOURCE * units
            + GREEN * green
            + SHIELD * f64::from(self.shields(p))
            + STAGE_STEP * f64::from(self.stages(p))
            + ACTIVE_TOKEN * active
    }
}

impl Heuristic for ArchitectsState {
    fn heuristic(&self, seat: Seat) -> f64 {
        let n = self.n as usize;
        let mut v = [0.0; super::MAX_PLAYERS];
        for (p, x) in v.iter_mut().enumerate().take(n) {
            *x = self.projected_points(p);
        }
        let best = v[..n].iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let weight = |x: f64| ((x - best) / TEMPERATURE).exp();
        let total: f64 = v[..n].iter().map(|&x| weight(x)).sum();
        weight(v[seat]) / total
    }
}
