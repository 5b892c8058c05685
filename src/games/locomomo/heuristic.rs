//! The Loco Momo [`Heuristic`]: a seat's projected points against everyone else's. Everything
//! is public (spec "Information"), so it reads the state directly.
//!
//! Projected points of a seat = its board's current score ([`PhotoBoard::score`]), after
//! placing the tiles it has collected and not yet placed (if it is mid-turn) one at a time where
//! each adds the most points; plus an estimate of what its unfinished structures may still
//! bring, weighted by the share of its 6 turns still to come:
//! - 1.5 per column with one of rows 3–4 filled (a pair to complete, worth 3);
//! - 2 per column with a pair in rows 3–4 and row 5 empty (a triple to complete, worth 4);
//! - `5 × (k / 5)²` per row or column whose `k` tiles (1–4) are all of one colour.
//!
//! Value: with one seat, projected points / 113 (the solo reward's scale, Decision 15); with
//! several, a soft-max share `exp(P_s / T) / Σ_p exp(P_p / T)` with `T` = [`TEMPERATURE`] points,
//! in `(0, 1)`, `1 / N` when all projections are equal. So a greedy bot places each tile where
//! it scores most and picks the collection that scores most once placed.

use super::board::PhotoBoard;
use super::state::LocoMomoState;
use super::tiles::{COLUMNS, MAX_PLAYERS, MAX_SCORE, ROWS, Species, TURNS_PER_PLAYER, Tile};
use crate::agent::Heuristic;
use crate::game::{Game, Seat};

/// The soft-max temperature, in points: a lead of `T` points multiplies the share by e.
pub const TEMPERATURE: f64 = 8.0;

impl LocoMomoState {
    /// Projected final points of every seat (see the module docs); entries past `N` are 0.
    pub fn projected_points(&self) -> [f64; MAX_PLAYERS] {
        let mut out = [0.0; MAX_PLAYERS];
        let owner = self.turn_owner();
        for (seat, p) in out.iter_mut().enumerate().take(self.num_players()) {
            let mut board = *self.board(seat);
            if owner == Some(seat) {
                self.place_pending_greedily(&mut board);
            }
            let left = self.turns_to_come(seat) as f64 / TURNS_PER_PLAYER as f64;
            *p = f64::from(board.score().total()) + left * potential(&board);
        }
        out
    }

    /// Places the pending tiles on `board`, each where it adds the most points (first such
    /// species and row in the canonical order), until none is pending or the board is full.
    fn place_pending_greedily(&self, board: &mut PhotoBoard) {
        let (mut pending, colour) = self.pending();
        while pending.iter().any(|&n| n > 0) && board.empty_cells() > 0 {
            let mut best = (0, 0, i32::MIN);
            for s in (0..pending.len()).filter(|&s| pending[s] > 0) {
                for row in (1..=ROWS).filter(|&r| board.has_room(r)) {
                    let mut b = *board;
                    b.place(Tile::new(Species::from_index(s), colour), row);
                    let points = i32::from(b.score().total());
                    if points > best.2 {
                        best = (s, row, points);
                    }
                }
            }
            board.place(Tile::new(Species::from_index(best.0), colour), best.1);
            pending[best.0] -= 1;
        }
    }

    /// Turns `seat` has not started yet (0–6).
    fn turns_to_come(&self, seat: Seat) -> usize {
        let n = self.num_players();
        let mid_turn = self.pending().0.iter().any(|&k| k > 0);
        let next = self.turns() + usize::from(mid_turn);
        (next..TURNS_PER_PLAYER * n).filter(|t| t % n == seat).count()
    }
}

/// Points the unfinished structures of `board` may still bring (see the module docs).
fn potential(board: &PhotoBoard) -> f64 {
    let mut v = 0.0;
    for c in 1..=COLUMNS {
        match (board.cell(3, c), board.cell(4, c), board.cell(5, c)) {
            (Some(_), None, _) | (None, Some(_), _) => v += 1.5,
            (Some(a), Some(b), None) if a.species() == b.species() => v += 2.0,
            _ => {}
        }
    }
    let line = |cells: &mut dyn Iterator<Item = Option<Tile>>| {
        let (mut k, mut colour, mut mixed) = (0u32, None, false);
        for t in cells.flatten() {
            k += 1;
            mixed |= colour.is_some_and(|c| c != t.colour());
            colour = Some(t.colour());
        }
        if mixed || k == 0 || k == 5 { 0.0 } else { 5.0 * f64::from(k * k) / 25.0 }
    };
    for r in 1..=ROWS {
        v += line(&mut (1..=COLUMNS).map(|c| board.cell(r, c)));
    }
    for c in 1..=COLUMNS {
        v += line(&mut (1..=ROWS).map(|r| board.cell(r, c)));
    }
    v
}

impl Heuristic for LocoMomoState {
    fn heuristic(&self, seat: Seat) -> f64 {
        let p = self.projected_points();
        let n = self.num_players();
        if n == 1 {
            return (p[0] / f64::from(MAX_SCORE)).clamp(0.0, 1.0);
        }
        let best = p[..n].iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let weight = |x: f64| ((x - best) / TEMPERATURE).exp();
        let total: f64 = p[..n].iter().map(|&x| weight(x)).sum();
        weight(p[seat]) / total
    }
}
