//! `Display` for the state: one line for the round and the puzzle, one per seat (replays print
//! it after every action).

use std::fmt;

use super::items::{PLACEABLE, SYMBOLS};
use super::state::{LaserState, Status};

impl fmt::Display for LaserState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let frame = &self.puzzle.frame;
        let n = frame.n as usize;
        write!(f, "round {} (first seat {}), {n}x{n}, items", self.round, self.first_seat)?;
        for t in PLACEABLE {
            for _ in 0..self.puzzle.multiset[t as usize] {
                write!(f, " {}", SYMBOLS[t as usize])?;
            }
        }
        if frame.has_warps() {
            let [a, b] = frame.warps.map(usize::from);
            write!(f, ", warps r{}c{} r{}c{}", a / 12, a % 12, b / 12, b % 12)?;
        }
        for (side, name) in ["T", "R", "B", "L"].iter().enumerate() {
            write!(f, "\n  {name}:")?;
            for i in 0..n {
                write!(f, " {}", self.puzzle.ring[side * n + i])?;
            }
        }
        for p in 0..self.n as usize {
            let mark = if self.to_move_seat() == Some(p) { '>' } else { ' ' };
            write!(f, "\n{mark} seat {p}: {} points, ", self.scores[p])?;
            match self.status[p] {
                Status::InProgress => write!(f, "{} edits, grid {}", self.edits[p], self.grids[p].notation(frame))?,
                Status::Solved(e) => write!(f, "solved in {e} edits")?,
                Status::TimedOut => write!(f, "timed out")?,
                Status::GaveUp => write!(f, "gave up")?,
            }
        }
        if self.n == 1 {
            write!(f, "\n  hearts {}, solved {}", self.solo.hearts, self.solo.solved)?;
        }
        Ok(())
    }
}
