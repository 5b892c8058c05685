//! The Ekonos [`Heuristic`]: a seat's prospects from every seat's projected money, using only
//! public information (the map, holdings, coins, the round and the hand sizes).
//!
//! Projected money of seat `p` = coins + Σ_c shares(p, c) × v_c, where a share of company `c` is
//! valued between its present worth and a prior: v_c = f × [`PRIOR_TILES`] + (1 − f) × tiles(c),
//! with f the fraction of the game's card plays still to come (1 at the start, 0 at the end, when
//! v_c is exactly R14's value). So an early share is worth about what a company ends with on
//! average, and a late one what its tiles are worth now. Income still to come is the same for
//! every seat and is left out.
//!
//! The value is a soft-max share `exp(M_s / T) / Σ_p exp(M_p / T)` with `T` = [`TEMPERATURE`]
//! coins: in `(0, 1)`, summing to 1 over the seats, `1 / n` when all projections are equal. A
//! greedy bot thus buys shares cheaper than their projected worth, sells dear ones, and grows,
//! places and replaces tiles for the companies it holds more of than the others.

use super::data::NUM_COMPANIES;
use super::state::{EkonosState, MAX_PLAYERS, hand_size};
use crate::agent::Heuristic;
use crate::game::Seat;

/// The soft-max temperature, in coins.
pub const TEMPERATURE: f64 = 10.0;
/// The prior value of a share at the start of the game, in tiles: 36 regions over 6 companies.
pub const PRIOR_TILES: f64 = 6.0;

impl EkonosState {
    /// Projected final money of every seat (see the module docs); entries past `n` are 0.
    pub fn projected_money(&self) -> [f64; MAX_PLAYERS] {
        let n = self.n as usize;
        let per_round = (n as u32 * hand_size(n)) as f64;
        let total = per_round * f64::from(self.rounds());
        let in_hands: u32 = self.hands[..n].iter().map(|h| h.count_ones()).sum();
        let to_come = f64::from(in_hands) + per_round * f64::from(self.rounds() - self.round);
        let f = to_come / total;
        let value: [f64; NUM_COMPANIES] =
            std::array::from_fn(|c| f * PRIOR_TILES + (1.0 - f) * f64::from(self.tiles[c].count_ones()));
        let mut out = [0.0; MAX_PLAYERS];
        for (p, m) in out.iter_mut().enumerate().take(n) {
            let shares: f64 = (0..NUM_COMPANIES).map(|c| f64::from(self.shares[p][c]) * value[c]).sum();
            *m = f64::from(self.coins[p]) + shares;
        }
        out
    }
}

impl Heuristic for EkonosState {
    fn heuristic(&self, seat: Seat) -> f64 {
        let m = self.projected_money();
        let n = self.n as usize;
        let best = m[..n].iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let weight = |x: f64| ((x - best) / TEMPERATURE).exp();
        let total: f64 = m[..n].iter().map(|&x| weight(x)).sum();
        weight(m[seat]) / total
    }
}
