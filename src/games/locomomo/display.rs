//! `Display` for actions and states, in the spec's notation (replays print them).

use std::fmt;

use super::state::{Action, LocoMomoState};
use super::tiles::{ROWS, Species, Tile};
use crate::game::Game;

impl fmt::Display for Action {
    /// `pick A0 Db` (area and tile type) or `place D row 2` (species and row 1–5).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pick { area, tile } => write!(f, "pick A{area} {tile}"),
            Action::Place { species, row } => write!(f, "place {} row {row}", species.symbol()),
        }
    }
}

impl fmt::Display for LocoMomoState {
    /// Several lines: the round and who is to move with the pending tiles, the forest, the bag
    /// and discard counts, then one line per seat with its points and rows 1 (bottom) to 5, e.g.
    ///
    /// ```text
    /// round 2, seat 1 to place Rb Eb Db
    /// forest Rg Rg Bn | Ln Eg Eb Bb | Ln Dg | Rn Dn Bg Bg
    /// bag 83, discarded 0
    /// seat 0: 4 points, rows 1-5 [Bg Db] [Rg Rg] [] [Lg] []
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (pending, colour) = self.pending();
        match self.turn_owner() {
            None => write!(f, "over after {} turns", self.turns())?,
            Some(seat) if pending.iter().all(|&n| n == 0) => write!(f, "round {}, seat {seat} to pick", self.round())?,
            Some(seat) => {
                write!(f, "round {}, seat {seat} to place", self.round())?;
                for (s, &n) in pending.iter().enumerate() {
                    for _ in 0..n {
                        write!(f, " {}", Tile::new(Species::from_index(s), colour))?;
                    }
                }
            }
        }
        writeln!(f, "\nforest {}", self.forest())?;
        write!(
            f,
            "bag {}, discarded {}",
            self.bag().len(),
            self.discarded().iter().map(|&n| u32::from(n)).sum::<u32>()
        )?;
        for seat in 0..self.num_players() {
            let board = self.board(seat);
            write!(f, "\nseat {seat}: {} points, rows 1-5", board.score().total())?;
            for row in 1..=ROWS {
                f.write_str(" [")?;
                for column in 1..=board.row_len(row) {
                    let space = if column > 1 { " " } else { "" };
                    write!(f, "{space}{}", board.cell(row, column).expect("a prefix"))?;
                }
                f.write_str("]")?;
            }
        }
        Ok(())
    }
}
