//! What a seat knows ([`LaserObservation`]) and determinization (spec "Information",
//! Decisions 13–14).
//!
//! Public: the options, the round and its first seat, the puzzle, every seat's status and edit
//! count, the scores and the tie-break efforts. Private to a seat: its grid and stock. Hidden from
//! all: the current round's record (hidden grid, generation numbers, `items_used`).
//!
//! `determinize(o)` starts from `o`'s observation (so it cannot depend on anything hidden): the
//! record is absent, every other seat's grid is empty, and each other seat still in progress
//! with an odd edit count gets one item, its code drawn from the multiset's entries (weighted by
//! count) and its cell uniformly among the empty non-warp cells, in ascending seat order.

use rand::RngExt;
use serde::Serialize;

use super::beam::{Grid, cells};
use super::items::{EMPTY, PLACEABLE};
use super::state::{LaserState, SeatCache, Status};
use crate::game::GameRng;

/// Everything one seat knows: the state with the record removed and the other seats' grids
/// emptied (see the module docs). Equal observations = indistinguishable states.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct LaserObservation {
    /// The observing seat.
    pub seat: u8,
    /// The state as the seat sees it.
    pub view: LaserState,
}

impl LaserState {
    /// The observation of `seat`.
    pub fn observe(&self, seat: usize) -> LaserObservation {
        let mut view = *self;
        view.record = None;
        let empty = Grid::with_warps(&self.puzzle.frame);
        let cache = SeatCache::of(&self.puzzle.frame, &empty);
        for p in (0..self.n as usize).filter(|&p| p != seat) {
            view.grids[p] = empty;
            view.stocks[p] = self.puzzle.multiset;
            view.caches[p] = cache;
        }
        LaserObservation { seat: seat as u8, view }
    }

    /// Resamples what `seat` cannot see from its observation and `rng` only (module docs).
    pub fn determinize_for(&mut self, seat: usize, rng: &mut GameRng) {
        *self = self.observe(seat).view;
        let frame = self.puzzle.frame;
        let k = self.puzzle.items();
        for p in 0..self.n as usize {
            if p == seat || self.status[p] != Status::InProgress || self.edits[p].is_multiple_of(2) {
                continue;
            }
            let mut i = rng.random_range(0..k);
            let item = PLACEABLE
                .into_iter()
                .find(|&t| {
                    let c = usize::from(self.puzzle.multiset[t as usize]);
                    if i < c {
                        return true;
                    }
                    i -= c;
                    false
                })
                .expect("an index below K' names an entry");
            // The grid is empty: every non-warp cell is free.
            let free = frame.n as usize * frame.n as usize - if frame.has_warps() { 2 } else { 0 };
            let x = cells(&frame)
                .filter(|&x| self.grids[p].0[x] == EMPTY)
                .nth(rng.random_range(0..free))
                .expect("a free cell");
            self.grids[p].0[x] = item;
            self.stocks[p][item as usize] -= 1;
            self.caches[p].write(x, item);
        }
    }
}
