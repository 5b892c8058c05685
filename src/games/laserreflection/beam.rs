//! Grids, clues and the beam walk: spec rules C1–C6 (CHK `Traveller`, GAME `getExit`).
//!
//! A [`Grid`] is a fixed `12 × 12` array of item codes indexed `r * 12 + c` ([`cell`]); a puzzle
//! of size N uses its top-left N×N corner. A [`Frame`] holds N and the warp cells. Border
//! positions are numbered in the spec's canonical order: `Ti` = i, `Ri` = N + i, `Bi` = 2N + i,
//! `Li` = 3N + i.

use serde::Serialize;
use std::fmt;

use crate::games::mechanics::cardset;

use super::items::{ABSORBED, Dir, EMPTY, Item, SYMBOLS, WARP, from_symbol, turn};

/// The largest grid size N (option `grid_size`).
pub const MAX_N: usize = 12;
/// Cells of the fixed grid array.
pub const CELLS: usize = MAX_N * MAX_N;
/// The largest clue ring (4N positions).
pub const MAX_RING: usize = 4 * MAX_N;
/// Marks "no warp" in [`Frame::warps`].
pub const NO_CELL: u8 = u8::MAX;

/// The index of cell `rRcC` in a [`Grid`].
pub const fn cell(r: usize, c: usize) -> usize {
    r * MAX_N + c
}

/// The row and column of a grid index.
pub const fn row_col(x: usize) -> (usize, usize) {
    (x / MAX_N, x % MAX_N)
}

/// The colour of a clue (rule C3): green (left through another position), yellow (came back
/// out where it entered), grey (absorbed by a black hole).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Colour {
    /// `G`, BGA's `s`.
    Green,
    /// `Y`, BGA's `r`.
    Yellow,
    /// `A`, BGA's `a`.
    Grey,
}

/// A clue: a colour and a number of cell visits (rule C4), packed in 16 bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize)]
pub struct Clue(u16);

impl Clue {
    /// The clue `colour number`.
    pub const fn new(colour: Colour, number: u16) -> Self {
        Clue(number << 2 | colour as u16)
    }

    /// Its colour.
    pub const fn colour(self) -> Colour {
        match self.0 & 3 {
            0 => Colour::Green,
            1 => Colour::Yellow,
            _ => Colour::Grey,
        }
    }

    /// Its number (cell visits).
    pub const fn number(self) -> u16 {
        self.0 >> 2
    }

    /// Parses `G5`, `Y13`, `A2`.
    pub fn parse(s: &str) -> Option<Self> {
        let colour = match s.as_bytes().first()? {
            b'G' => Colour::Green,
            b'Y' => Colour::Yellow,
            b'A' => Colour::Grey,
            _ => return None,
        };
        Some(Clue::new(colour, s[1..].parse().ok()?))
    }
}

impl fmt::Display for Clue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = match self.colour() {
            Colour::Green => 'G',
            Colour::Yellow => 'Y',
            Colour::Grey => 'A',
        };
        write!(f, "{c}{}", self.number())
    }
}

/// A clue ring: clue `p` for border position `p` (canonical order), `4N` of them; entries past
/// `4N` are zero.
pub type Ring = [Clue; MAX_RING];

/// The fixed geometry of a puzzle: N and the two warp cells (or [`NO_CELL`] twice).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Frame {
    /// Grid size N (4..=12).
    pub n: u8,
    /// The warp cells (grid indices), or `[NO_CELL; 2]` without warps.
    pub warps: [u8; 2],
}

impl Frame {
    /// The number of border positions, 4N.
    pub const fn ring_len(&self) -> usize {
        4 * self.n as usize
    }

    /// Whether the puzzle has warps.
    pub const fn has_warps(&self) -> bool {
        self.warps[0] != NO_CELL
    }

    /// The other warp of warp cell `x`.
    pub const fn partner(&self, x: usize) -> usize {
        if x == self.warps[0] as usize { self.warps[1] as usize } else { self.warps[0] as usize }
    }

    /// The cell next to position `pos` and the direction a beam fired from it travels (rule C2).
    pub const fn entry(&self, pos: usize) -> (usize, usize, Dir) {
        let n = self.n as usize;
        match pos / n {
            0 => (0, pos, 2),
            1 => (pos - n, n - 1, 3),
            2 => (n - 1, pos - 2 * n, 0),
            _ => (pos - 3 * n, 0, 1),
        }
    }

    /// The cell of position `pos` (grid index).
    pub const fn entry_cell(&self, pos: usize) -> usize {
        let (r, c, _) = self.entry(pos);
        cell(r, c)
    }

    /// One step from `rRcC` moving `d`: the next cell, or `Err(position)`, the border position
    /// the beam leaves at. Branch-light (the beam walk's hot path): the step is added with
    /// wrapping, so leaving at the top or left wraps to a huge index and fails the bounds test.
    #[inline]
    pub const fn step(&self, r: usize, c: usize, d: Dir) -> Result<(usize, usize), usize> {
        const DR: [usize; 4] = [usize::MAX, 0, 1, 0];
        const DC: [usize; 4] = [0, 1, 0, usize::MAX];
        let n = self.n as usize;
        let (nr, nc) = (r.wrapping_add(DR[d as usize & 3]), c.wrapping_add(DC[d as usize & 3]));
        if nr < n && nc < n {
            return Ok((nr, nc));
        }
        Err(match d {
            0 => c,
            1 => n + r,
            2 => 2 * n + c,
            _ => 3 * n + r,
        })
    }

    /// The name of position `pos`, e.g. `T3`.
    pub fn position_name(&self, pos: usize) -> String {
        let n = self.n as usize;
        format!("{}{}", ['T', 'R', 'B', 'L'][pos / n], pos % n)
    }
}

/// Where a beam ended: its clue and the position it left at (the firing position if absorbed).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Exit {
    /// The clue (colour and visits).
    pub clue: Clue,
    /// The border position it left at; for a grey clue, the position it was fired from.
    pub position: usize,
}

/// A grid of item codes (rule C1), `12 × 12` whatever N (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Grid(#[serde(serialize_with = "crate::games::mechanics::json::array")] pub [Item; CELLS]);

impl Grid {
    /// The grid of `frame` with only its warps.
    pub fn with_warps(frame: &Frame) -> Self {
        let mut g = Grid([EMPTY; CELLS]);
        if frame.has_warps() {
            g.0[frame.warps[0] as usize] = WARP;
            g.0[frame.warps[1] as usize] = WARP;
        }
        g
    }

    /// Parses the spec's notation (`./.. / .... / \... / ..\.`): rows from the top separated by
    /// `/` between spaces. Returns the frame (warps from the `W` cells) and the grid.
    ///
    /// # Panics
    /// On a malformed grid (not square, unknown symbol, a number of `W` other than 0 or 2).
    pub fn parse(text: &str) -> (Frame, Grid) {
        let rows: Vec<&str> = text.split(" / ").map(str::trim).collect();
        let n = rows.len();
        let mut g = Grid([EMPTY; CELLS]);
        let mut warps = Vec::new();
        for (r, line) in rows.iter().enumerate() {
            assert_eq!(line.chars().count(), n, "row {r} of {text:?} is not {n} wide");
            for (c, ch) in line.chars().enumerate() {
                let item = from_symbol(ch).unwrap_or_else(|| panic!("unknown symbol {ch:?}"));
                if item == WARP {
                    warps.push(cell(r, c) as u8);
                }
                g.0[cell(r, c)] = item;
            }
        }
        let warps = match warps[..] {
            [] => [NO_CELL; 2],
            [a, b] => [a, b],
            _ => panic!("{} warps in {text:?}", warps.len()),
        };
        (Frame { n: n as u8, warps }, g)
    }

    /// Walks the beam fired from `pos` (rules C2–C4).
    pub fn trace(&self, frame: &Frame, pos: usize) -> Exit {
        self.trace_visiting(frame, pos, |_| ())
    }

    /// [`Self::trace`], calling `visit` with the grid index of every cell the beam enters (each
    /// time it enters it, the warp it lands on included).
    #[inline]
    pub fn trace_visiting(&self, frame: &Frame, pos: usize, mut visit: impl FnMut(usize)) -> Exit {
        let (mut r, mut c, mut d) = frame.entry(pos);
        let mut count: u16 = 1;
        loop {
            let mut x = cell(r, c);
            visit(x);
            let item = self.0[x];
            let out = turn(item, d);
            if out == ABSORBED {
                return Exit { clue: Clue::new(Colour::Grey, count), position: pos };
            }
            d = out;
            if item == WARP {
                x = frame.partner(x);
                visit(x);
                (r, c) = row_col(x);
                count += 1;
            }
            match frame.step(r, c, d) {
                Ok(next) => {
                    (r, c) = next;
                    count += 1;
                }
                Err(exit) => {
                    let colour = if exit == pos { Colour::Yellow } else { Colour::Green };
                    return Exit { clue: Clue::new(colour, count), position: exit };
                }
            }
        }
    }

    /// The clue ring of this grid (4N clues; the rest zero).
    pub fn ring(&self, frame: &Frame) -> Ring {
        let mut ring = [Clue::default(); MAX_RING];
        for (pos, clue) in ring.iter_mut().enumerate().take(frame.ring_len()) {
            *clue = self.trace(frame, pos).clue;
        }
        ring
    }

    /// How many of the 4N clues of this grid equal `target`'s.
    pub fn clues_matched(&self, frame: &Frame, target: &Ring) -> usize {
        (0..frame.ring_len()).filter(|&p| self.trace(frame, p).clue == target[p]).count()
    }

    /// Whether this grid's ring equals `target` (stops at the first difference).
    pub fn ring_equals(&self, frame: &Frame, target: &Ring) -> bool {
        (0..frame.ring_len()).all(|p| self.trace(frame, p).clue == target[p])
    }

    /// The items on the grid (warps excluded).
    pub fn item_count(&self, frame: &Frame) -> usize {
        cells(frame).filter(|&x| !matches!(self.0[x], EMPTY | WARP)).count()
    }

    /// The grid in the spec's notation, N rows separated by ` / `.
    pub fn notation(&self, frame: &Frame) -> String {
        let n = frame.n as usize;
        (0..n)
            .map(|r| (0..n).map(|c| SYMBOLS[self.0[cell(r, c)] as usize]).collect::<String>())
            .collect::<Vec<_>>()
            .join(" / ")
    }
}

/// A set of grid indices, bit `x % 64` of word `x / 64` for index `x`: ascending order is
/// row-major order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct CellSet(pub [u64; 3]);

const _: () = assert!(CELLS <= 3 * 64, "a CellSet holds every grid index");

/// [`CellSet::corner`] for every N: cell `rRcC` is in the corners of N > max(r, c).
const CORNERS: [CellSet; MAX_N + 1] = {
    let mut t = [CellSet([0; 3]); MAX_N + 1];
    let mut x = 0;
    while x < CELLS {
        let (r, c) = row_col(x);
        let mut n = if r > c { r } else { c } + 1;
        while n <= MAX_N {
            t[n].0[x / 64] |= 1 << (x % 64);
            n += 1;
        }
        x += 1;
    }
    t
};

impl CellSet {
    /// The cells of the N×N corner (`n` ≤ [`MAX_N`]), from a table built at compile time.
    #[inline]
    pub const fn corner(n: usize) -> Self {
        CORNERS[n]
    }

    /// Whether grid index `x` is in the set.
    #[inline]
    pub const fn contains(&self, x: usize) -> bool {
        self.0[x / 64] >> (x % 64) & 1 != 0
    }

    /// Adds grid index `x`.
    #[inline]
    pub const fn insert(&mut self, x: usize) {
        self.0[x / 64] |= 1 << (x % 64);
    }

    /// Removes grid index `x`.
    #[inline]
    pub const fn remove(&mut self, x: usize) {
        self.0[x / 64] &= !(1 << (x % 64));
    }

    /// The cells in `self` and not in `other`.
    pub const fn minus(&self, other: &CellSet) -> Self {
        CellSet([self.0[0] & !other.0[0], self.0[1] & !other.0[1], self.0[2] & !other.0[2]])
    }

    /// The number of cells.
    #[inline]
    pub const fn count(&self) -> usize {
        (self.0[0].count_ones() + self.0[1].count_ones() + self.0[2].count_ones()) as usize
    }

    /// The `k`-th smallest grid index (row-major, from 0), if the set has more than `k` cells.
    #[inline]
    pub fn nth(&self, mut k: usize) -> Option<usize> {
        for (w, &bits) in self.0.iter().enumerate() {
            let count = bits.count_ones() as usize;
            if k < count {
                return Some(64 * w + usize::from(cardset::nth(bits, k as u32)));
            }
            k -= count;
        }
        None
    }
}

/// The grid indices of an N×N frame in row-major order.
pub fn cells(frame: &Frame) -> impl Iterator<Item = usize> + use<> {
    let n = frame.n as usize;
    (0..n).flat_map(move |r| (0..n).map(move |c| cell(r, c)))
}
