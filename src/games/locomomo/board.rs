//! A player's photo board (5 rows × 5 columns) and its scoring (spec rules 7–9, the row table
//! and Decision 14). Rows and columns are numbered as in the spec: row 1 is the bottom ("±"),
//! row 5 the top ("brelan"); column 1 is the left. A row fills from the left, so its tiles are
//! always columns `1..=len` (rule 8).

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

use super::tiles::{BadTile, COLUMNS, ROWS, SET_POINTS, SPECIES, Tile};

/// A photo board: `cells[row - 1][column - 1]`, filled in each row from column 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct PhotoBoard {
    cells: [[Option<Tile>; COLUMNS]; ROWS],
    len: [u8; ROWS],
}

/// A board's points by scoring rule (spec row table). [`Score::total`] is the final score.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Score {
    /// Row 1: `f(k)` for `k` distinct species (Decision 14a).
    pub row1: u8,
    /// Row 2: `f(n)` summed over the species present, `n` tiles each (Decision 14b).
    pub row2: u8,
    /// Rows 3–4: 3 per column whose two tiles are one species.
    pub pairs: u8,
    /// Row 5: 4 per column whose row-5 tile is the species of a pair below it (Decision 14d).
    pub triples: u8,
    /// 5 per full row or column of one colour (Decision 14e).
    pub colour_lines: u8,
}

impl Score {
    /// The final score: the sum of the five parts (0–113).
    pub fn total(&self) -> u8 {
        self.row1 + self.row2 + self.pairs + self.triples + self.colour_lines
    }
}

impl PhotoBoard {
    /// The number of tiles in `row` (1–5).
    #[inline]
    pub fn row_len(&self, row: usize) -> usize {
        usize::from(self.len[row - 1])
    }

    /// Whether `row` (1–5) has an empty cell (rule 7: a full row cannot be chosen).
    #[inline]
    pub fn has_room(&self, row: usize) -> bool {
        self.row_len(row) < COLUMNS
    }

    /// The tile at `row`, `column` (both 1–5), if any.
    #[inline]
    pub fn cell(&self, row: usize, column: usize) -> Option<Tile> {
        self.cells[row - 1][column - 1]
    }

    /// The number of tiles on the board (0–25).
    pub fn tiles(&self) -> usize {
        self.len.iter().map(|&l| usize::from(l)).sum()
    }

    /// The number of empty cells (0–25).
    pub fn empty_cells(&self) -> usize {
        ROWS * COLUMNS - self.tiles()
    }

    /// Puts `tile` at the leftmost empty cell of `row` (1–5) (rule 7).
    ///
    /// # Panics
    /// If the row is full.
    #[inline]
    pub fn place(&mut self, tile: Tile, row: usize) {
        let len = &mut self.len[row - 1];
        assert!(usize::from(*len) < COLUMNS, "row {row} is full");
        self.cells[row - 1][usize::from(*len)] = Some(tile);
        *len += 1;
    }

    /// The board's points by rule; a partial board is scored the same way (an empty cell scores
    /// nothing and breaks every line through it).
    pub fn score(&self) -> Score {
        let row = |r: usize| self.cells[r - 1].iter().flatten().copied();
        let mut per_species = [0u8; SPECIES];
        for t in row(1) {
            per_species[t.species() as usize] = 1;
        }
        let distinct: u8 = per_species.iter().sum();
        let row1 = SET_POINTS[usize::from(distinct)];
        per_species = [0; SPECIES];
        for t in row(2) {
            per_species[t.species() as usize] += 1;
        }
        let row2 = per_species.iter().map(|&n| SET_POINTS[usize::from(n)]).sum();
        let (mut pairs, mut triples) = (0, 0);
        for c in 1..=COLUMNS {
            if let (Some(low), Some(high)) = (self.cell(3, c), self.cell(4, c))
                && low.species() == high.species()
            {
                pairs += 3;
                if self.cell(5, c).is_some_and(|top| top.species() == low.species()) {
                    triples += 4;
                }
            }
        }
        let mut colour_lines = 0;
        for r in 1..=ROWS {
            colour_lines += self.one_colour((1..=COLUMNS).map(|c| self.cell(r, c)));
        }
        for c in 1..=COLUMNS {
            colour_lines += self.one_colour((1..=ROWS).map(|r| self.cell(r, c)));
        }
        Score { row1, row2, pairs, triples, colour_lines }
    }

    /// 5 if the five cells are all filled with one colour, else 0.
    fn one_colour(&self, mut line: impl Iterator<Item = Option<Tile>>) -> u8 {
        let Some(Some(first)) = line.next() else { return 0 };
        if line.all(|t| t.is_some_and(|t| t.colour() == first.colour())) { 5 } else { 0 }
    }
}

impl fmt::Display for PhotoBoard {
    /// The spec's picture: row 5 first, one line per row, `.` for an empty cell, e.g.
    /// `row 5: Bg Dn Eb .  .` (cells 2 characters wide), lines separated by newlines.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (1..=ROWS).rev() {
            write!(f, "row {r}:")?;
            for c in 1..=COLUMNS {
                match self.cell(r, c) {
                    Some(t) => write!(f, " {t}")?,
                    None if c == COLUMNS => f.write_str(" .")?,
                    None => f.write_str(" . ")?,
                }
            }
            if r > 1 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// A photo-board picture that does not parse ([`PhotoBoard`]'s `FromStr`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A line without `row N:` (the line).
    #[error("`{0}`: expected `row N: …`")]
    NoRow(String),
    /// A line whose row number is not 1 to 5 (the line).
    #[error("`{0}`: expected `row N:` with N in 1-5")]
    BadRow(String),
    /// A row given twice (its number).
    #[error("row {0} given twice")]
    Twice(usize),
    /// A row of more than five cells.
    #[error("row {row} has {cells} cells, at most {COLUMNS}")]
    TooLong {
        /// The row's number.
        row: usize,
        /// Its cells.
        cells: usize,
    },
    /// A tile right of an empty cell (the row's number): rows fill from the left (rule 8).
    #[error("row {0}: a tile right of an empty cell (rows fill from the left)")]
    Gap(usize),
    /// A cell that is not a tile.
    #[error(transparent)]
    Tile(#[from] BadTile),
}

impl FromStr for PhotoBoard {
    type Err = BoardError;

    /// Parses the spec's picture: lines `row N: t t t . .` in any order (rows not given are
    /// empty), each tile in the spec's notation and `.` for an empty cell.
    ///
    /// # Errors
    /// [`BoardError`]: a line without `row N:`, a row given twice, a bad tile, more than 5 cells,
    /// or a tile right of an empty cell (rows fill from the left, rule 8).
    fn from_str(s: &str) -> Result<Self, BoardError> {
        let mut board = PhotoBoard::default();
        let mut seen = [false; ROWS];
        for line in s.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let (head, cells) = line.split_once(':').ok_or_else(|| BoardError::NoRow(line.to_string()))?;
            let row = head
                .strip_prefix("row ")
                .and_then(|n| n.trim().parse::<usize>().ok())
                .filter(|r| (1..=ROWS).contains(r))
                .ok_or_else(|| BoardError::BadRow(line.to_string()))?;
            if std::mem::replace(&mut seen[row - 1], true) {
                return Err(BoardError::Twice(row));
            }
            let cells: Vec<&str> = cells.split_whitespace().collect();
            if cells.len() > COLUMNS {
                return Err(BoardError::TooLong { row, cells: cells.len() });
            }
            let mut gap = false;
            for cell in cells {
                if cell == "." {
                    gap = true;
                } else if gap {
                    return Err(BoardError::Gap(row));
                } else {
                    board.place(cell.parse()?, row);
                }
            }
        }
        Ok(board)
    }
}
