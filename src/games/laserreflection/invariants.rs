//! [`LaserState::check_invariants`]: every item in exactly one place, counters and scores in
//! range, the pass structure of rule P5. Run after every action of random games by the tests.

use super::beam::{CELLS, Grid, cells};
use super::items::{CODES, EMPTY, WARP};
use super::state::{LaserState, RECORDED_ROUNDS, Status};
use crate::game::Broken;

impl LaserState {
    /// Checks the invariants; the error names the first one broken.
    ///
    /// # Errors
    /// A message describing the broken invariant.
    pub fn check_invariants(&self) -> Result<(), Broken> {
        let n = self.n as usize;
        let frame = &self.puzzle.frame;
        let c = &self.config;
        if frame.n != c.grid_size {
            return Err(format!("grid size {} under option {}", frame.n, c.grid_size).into());
        }
        let k = self.puzzle.items();
        if k != usize::from(Self::gen_options(c, n).k) || self.puzzle.multiset[EMPTY as usize] != 0 {
            return Err(format!("multiset of {k} items").into());
        }
        // The record never changes within a round: its grid is checked at round start only.
        let round_start = self.edits[..n].iter().all(|&e| e == 0);
        if let Some(r) = self.record.as_ref().filter(|_| round_start) {
            if r.hidden.ring(frame) != self.puzzle.ring || r.hidden.item_count(frame) != k {
                return Err("the hidden grid does not give the puzzle".into());
            }
            if !(1..=10).contains(&r.tries) || r.item_attempts == 0 {
                return Err("generation counters out of range".into());
            }
        }
        let empty = Grid::with_warps(frame);
        let inside: [bool; CELLS] = {
            let mut m = [false; CELLS];
            cells(frame).for_each(|x| m[x] = true);
            m
        };
        let mut in_progress_edits = (u16::MAX, 0);
        for p in 0..n {
            let (grid, stock) = (&self.grids[p], &self.stocks[p]);
            let mut on_grid = [0u8; CODES];
            for (x, (&v, &inside)) in grid.0.iter().zip(&inside).enumerate() {
                let warp = frame.has_warps() && frame.warps.contains(&(x as u8));
                if (v == WARP) != warp || (!inside && v != EMPTY) {
                    return Err(format!("seat {p}: cell {x} holds {v}").into());
                }
                on_grid[v as usize] += 1;
            }
            if !self.caches[p].agrees(frame, grid, &self.puzzle.ring) {
                return Err(format!("seat {p}: the grid's cache is out of date").into());
            }
            for t in (0..CODES).filter(|&t| t != EMPTY as usize && t != WARP as usize) {
                if on_grid[t] + stock[t] != self.puzzle.multiset[t] {
                    return Err(format!("seat {p}: code {t} on grid + stock != multiset").into());
                }
            }
            match self.status[p] {
                Status::InProgress => {
                    if self.edits[p] >= c.max_edits {
                        return Err(format!("seat {p} in progress at {} edits", self.edits[p]).into());
                    }
                    in_progress_edits =
                        (in_progress_edits.0.min(self.edits[p]), in_progress_edits.1.max(self.edits[p]));
                }
                s => {
                    if *grid != empty {
                        return Err(format!("seat {p} finished ({s:?}) with items on its grid").into());
                    }
                    if let Status::Solved(e) = s
                        && (e != self.edits[p] || e > c.max_edits)
                    {
                        return Err(format!("seat {p} solved at {e} after {} edits", self.edits[p]).into());
                    }
                }
            }
        }
        if in_progress_edits.0 != u16::MAX && in_progress_edits.1 - in_progress_edits.0 > 1 {
            return Err(format!("edits of seats in progress differ by more than 1: {in_progress_edits:?}").into());
        }
        match self.to_move_seat() {
            Some(p) if p >= n || self.status[p] != Status::InProgress => {
                return Err(format!("seat {p} to move is not in progress").into());
            }
            None if self.outcome_ready().is_none() => return Err("over without a result".into()),
            _ => {}
        }
        let rounds_max = if n == 1 { c.challenge + 2 } else { c.rounds };
        if self.round == 0 || self.round > rounds_max {
            return Err(format!("round {}", self.round).into());
        }
        let played = i32::from(self.round);
        for p in 0..n {
            let (score, failed) = (self.scores[p], i32::from(self.failed_rounds[p]));
            if n > 1 && !(-played * 120..=played * 120 / i32::from(c.rounds)).contains(&score) {
                return Err(format!("seat {p} score {score}").into());
            }
            if failed > played || self.tiebreak[p] > self.round as u32 * self.failure_penalty() {
                return Err(format!("seat {p}: {failed} failed rounds, tie-break {}", self.tiebreak[p]).into());
            }
            // Every finished round is solved or failed, once each (the labels' counts).
            let finished = played - i32::from(!self.is_over());
            if failed + i32::from(self.solved_rounds[p]) != finished {
                return Err(format!(
                    "seat {p}: {failed} failed + {} solved of {finished} rounds",
                    self.solved_rounds[p]
                )
                .into());
            }
            let recorded = (1..=RECORDED_ROUNDS).filter(|&k| self.round_results(k).is_some()).count();
            if recorded != (finished as usize).min(RECORDED_ROUNDS) {
                return Err(format!("{recorded} recorded rounds of {finished} finished").into());
            }
        }
        if n == 1 && (self.solo.hearts < -1 || self.solo.solved > c.challenge || self.scores[0] < 0) {
            return Err(format!("solo {:?}", self.solo).into());
        }
        Ok(())
    }

    /// The winners (2+ seats) or the solo result, once the game is over.
    fn outcome_ready(&self) -> Option<()> {
        if self.n == 1 { self.solo.result.map(|_| ()) } else { self.winners().map(|_| ()) }
    }
}
