//! Connect Four: the calibration game (7 columns × 6 rows, standard rules).
//!
//! Rules: two players drop discs in turn into one of 7 columns; a disc falls to the lowest empty
//! cell. Four in a row (horizontal, vertical or diagonal) wins; a full board with no four is a
//! draw. Seat 0 moves first. Perfect information: `determinize` is a no-op.
//!
//! Representation: bitboards in the classic column-major layout with one sentinel bit per column
//! (bit `7 * col + row`, row 0 at the bottom; John Tromp's and Pascal Pons' solvers use the
//! same), so a four is found with four shifts and masks. As in Pons' solver, the state keeps the
//! occupied cells and the discs of the seat to move (the other seat's are their difference), so
//! a move updates two words without indexing by seat, and it keeps the mask of the columns with
//! room, so a random move needs no list.

use std::fmt;
use std::ops::RangeInclusive;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::game::{Game, GameRng, Rewards, Seat, random_below};

/// Board width in columns.
pub const COLUMNS: usize = 7;
/// Board height in rows.
pub const ROWS: usize = 6;
const STRIDE: usize = ROWS + 1;
const BOTTOM_ROW: u64 = {
    let mut m = 0;
    let mut c = 0;
    while c < COLUMNS {
        m |= 1 << (c * STRIDE);
        c += 1;
    }
    m
};
#[cfg(test)]
const BOARD_MASK: u64 = BOTTOM_ROW * ((1 << ROWS) - 1);
/// The top cell of every column.
const TOP_ROW: u64 = BOTTOM_ROW << (ROWS - 1);
/// `NTH_COLUMN[m][k]`: the `k`-th set bit of the 7-bit column mask `m` (for `k < m.count_ones()`).
/// Rows of 8 (one unused) so that a row is found with a shift.
const NTH_COLUMN: [[u8; COLUMNS + 1]; 1 << COLUMNS] = {
    let mut t = [[0; COLUMNS + 1]; 1 << COLUMNS];
    let mut m = 0;
    while m < 1 << COLUMNS {
        let (mut c, mut k) = (0, 0);
        while c < COLUMNS {
            if m & (1 << c) != 0 {
                t[m][k] = c as u8;
                k += 1;
            }
            c += 1;
        }
        m += 1;
    }
    t
};

crate::game_options! {
    /// Connect Four has no options; the config exists so specs can carry an empty `[options]`.
    #[derive(Debug, Clone, PartialEq)]
    pub struct Config {}
}

/// Drop a disc into column `0..7` (0 = leftmost).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Drop(pub u8);

impl fmt::Display for Drop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "col {}", self.0)
    }
}

/// A Connect Four position: 24 bytes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ConnectFour {
    /// The occupied cells.
    occupied: u64,
    /// The discs of the seat to move (`plies % 2`); the other seat's are `occupied ^ mover`.
    mover: u64,
    /// Number of discs played so far (0..=42).
    plies: u8,
    /// The columns with room, bit `c` for column `c` (a function of `occupied`, kept to save
    /// recomputing it at every move).
    free: u8,
    /// The seat that made four in a row, if any.
    winner: Option<u8>,
}

impl ConnectFour {
    /// The empty board, seat 0 to move.
    pub fn new() -> Self {
        Self { occupied: 0, mover: 0, plies: 0, free: (1 << COLUMNS) - 1, winner: None }
    }

    #[cfg(any(test, feature = "testing"))]
    /// The position after playing `columns` in order from the empty board (for tests and replays).
    ///
    /// # Panics
    /// If a move is illegal.
    pub fn from_moves(columns: &[u8]) -> Self {
        let mut s = Self::new();
        let mut rng = crate::game::rng_from_seed(0);
        for &c in columns {
            assert!(s.is_legal(c), "illegal move {c} in {columns:?}");
            s.apply(Drop(c), &mut rng);
        }
        s
    }

    /// The discs of `seat`.
    fn discs(&self, seat: Seat) -> u64 {
        if seat == self.plies as usize & 1 { self.mover } else { self.occupied ^ self.mover }
    }

    fn is_legal(&self, col: u8) -> bool {
        self.winner.is_none() && (col as usize) < COLUMNS && self.occupied & top_cell(col) == 0
    }

    /// The seat whose disc is at (`col`, `row`), row 0 at the bottom.
    pub fn cell(&self, col: usize, row: usize) -> Option<Seat> {
        let bit = 1 << (col * STRIDE + row);
        (0..2).find(|&s| self.discs(s) & bit != 0)
    }
}

impl Default for ConnectFour {
    fn default() -> Self {
        Self::new()
    }
}

fn top_cell(col: u8) -> u64 {
    1 << (col as usize * STRIDE + ROWS - 1)
}

/// Whether `b` holds four aligned discs (vertical, horizontal, both diagonals).
fn has_four(b: u64) -> bool {
    [1, STRIDE, STRIDE - 1, STRIDE + 1].iter().any(|&d| {
        let m = b & (b >> d);
        m & (m >> (2 * d)) != 0
    })
}

impl Game for ConnectFour {
    type Action = Drop;
    type Config = Config;
    type Observation = ConnectFour;
    type SeatLabels = ();
    type GameLabels = ();
    const NAME: &'static str = "connect4";
    const PERFECT_INFORMATION: bool = true;
    const DETERMINISTIC: bool = true;

    fn players(_: &Config) -> RangeInclusive<usize> {
        2..=2
    }

    fn new_game(_: &Config, players: usize, _: &mut GameRng) -> Self {
        assert_eq!(players, 2, "Connect Four is for 2 players");
        Self::new()
    }

    fn num_players(&self) -> usize {
        2
    }

    /// No labels: the runner's `seat` says who went first.
    fn seat_labels(&self, _: Seat) {}

    fn game_labels(&self) {}

    fn to_move(&self) -> Option<Seat> {
        (self.winner.is_none() && (self.plies as usize) < COLUMNS * ROWS).then_some(self.plies as usize & 1)
    }

    fn legal_actions(&self, out: &mut Vec<Drop>) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        let free = self.free as usize;
        out.extend(NTH_COLUMN[free][..free.count_ones() as usize].iter().map(|&c| Drop(c)));
    }

    /// The `k`-th column with room, `k` drawn as [`crate::game::uniform_pick`] draws it, from the
    /// board's bit mask without listing the columns.
    fn random_action(&self, rng: &mut GameRng, _: &mut Vec<Drop>) -> Option<Drop> {
        // No free column: the board is full (`to_move` is `None` then, as after a four).
        if self.winner.is_some() || self.free == 0 {
            return None;
        }
        let free = self.free as usize;
        Some(Drop(NTH_COLUMN[free][random_below(rng, free.count_ones()) as usize]))
    }

    fn apply(&mut self, Drop(col): Drop, _: &mut GameRng) {
        debug_assert!(self.is_legal(col), "illegal move {col}");
        let occ = self.occupied;
        // The lowest empty cell of the column: adding the column's bottom bit to the occupied
        // cells carries through the column's discs into its first free cell (the sentinel row
        // stops the carry of a full column, which is not legal anyway).
        let cell = (occ + (1 << (col as usize * STRIDE))) & !occ;
        let moved = self.mover | cell;
        self.occupied = occ | cell;
        // The next seat to move owns the occupied cells that are not the mover's.
        self.mover = self.occupied ^ moved;
        if cell & TOP_ROW != 0 {
            self.free &= !(1 << col);
        }
        self.plies += 1;
        // A seat has four discs from the 7th of the game on.
        if self.plies >= 7 && has_four(moved) {
            self.winner = Some((self.plies - 1) & 1);
        }
    }

    fn outcome(&self) -> Option<Rewards> {
        let mut r = [0.0; crate::game::MAX_SEATS];
        match self.winner {
            Some(w) => r[w as usize] = 1.0,
            None if self.plies as usize == COLUMNS * ROWS => r[..2].fill(0.5),
            None => return None,
        }
        Some(r)
    }

    fn determinize(&mut self, _: Seat, _: &mut GameRng) {}

    fn observation(&self, _: Seat) -> ConnectFour {
        self.clone()
    }
}

/// The observation JSON (both seats see everything): `{"board": [6 strings of 7 cells, top row
/// first, "X" seat 0, "O" seat 1, "." empty], "to_move": 0 | 1 | null, "winner": 0 | 1 | null}`.
/// `board[5 - row][col]` is the cell of [`ConnectFour::cell`]`(col, row)`.
impl Serialize for ConnectFour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let board: Vec<String> = self.to_string().lines().map(str::to_string).collect();
        let mut o = s.serialize_struct("ConnectFour", 3)?;
        o.serialize_field("board", &board)?;
        o.serialize_field("to_move", &self.to_move())?;
        o.serialize_field("winner", &self.winner)?;
        o.end()
    }
}

impl fmt::Display for ConnectFour {
    /// The board, top row first: `X` seat 0, `O` seat 1, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in (0..ROWS).rev() {
            let line: String = (0..COLUMNS)
                .map(|c| match self.cell(c, row) {
                    Some(0) => 'X',
                    Some(_) => 'O',
                    None => '.',
                })
                .collect();
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

mod encode;
mod heuristic;

#[cfg(test)]
mod tests;
