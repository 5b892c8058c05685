//! The items and their physics: spec "Components and data" (item table, data version: BGA
//! `cdelaforge/reflection` 779c79d, `Checker.ts` table `transDirectionMatrice`).
//!
//! Codes are BGA's: 0 empty, 1 `/`, 2 `\`, 3 `|`, 4 `-`, 5 `#`, 6 black hole `O`, 7 warp `W`,
//! 8 triangle `b` (lower-left half), 9 triangle `t` (upper-right half). Directions of travel are
//! CHK's indices: 0 up, 1 right, 2 down, 3 left.

/// An item code (0..=9), as in the spec's item table.
pub type Item = u8;
/// A direction of travel: 0 up, 1 right, 2 down, 3 left.
pub type Dir = u8;

/// Empty cell.
pub const EMPTY: Item = 0;
/// Black hole: absorbs every beam.
pub const BLACK_HOLE: Item = 6;
/// Light warp: keeps the direction, jumps to the other warp (rule C3).
pub const WARP: Item = 7;
/// Number of item codes (0..=9).
pub const CODES: usize = 10;
/// The codes a seat can place (everything but empty and warp), ascending (Decision 17's order).
pub const PLACEABLE: [Item; 8] = [1, 2, 3, 4, 5, 6, 8, 9];
/// The symbol of each code, as the spec's grids write them.
pub const SYMBOLS: [char; CODES] = ['.', '/', '\\', '|', '-', '#', 'O', 'W', 'b', 't'];

/// Marks an absorbed beam in [`OUT`].
pub const ABSORBED: Dir = 4;

/// The direction a beam leaves a cell, by the cell's code and the direction it entered moving
/// (spec item table; `ABSORBED` for the black hole).
pub const OUT: [[Dir; 4]; CODES] = [
    [0, 1, 2, 3],  // .
    [1, 0, 3, 2],  // /
    [3, 2, 1, 0],  // \
    [0, 3, 2, 1],  // |
    [2, 1, 0, 3],  // -
    [2, 3, 0, 1],  // #
    [ABSORBED; 4], // O
    [0, 1, 2, 3],  // W
    [2, 3, 1, 0],  // b
    [3, 2, 0, 1],  // t
];

/// [`OUT`] flattened to `[code << 2 | d]` and padded to 64 entries, so that [`turn`] indexes it
/// without a bounds check (the beam walk's hot path).
const TURN: [Dir; 64] = {
    let mut t = [ABSORBED; 64];
    let mut i = 0;
    while i < CODES * 4 {
        t[i] = OUT[i / 4][i % 4];
        i += 1;
    }
    t
};

/// `OUT[code][d]`: the direction a beam entering a cell of `code` moving `d` leaves it.
#[inline]
pub const fn turn(code: Item, d: Dir) -> Dir {
    TURN[((code as usize) << 2 | d as usize) & 63]
}

/// The opposite direction.
pub const fn opposite(d: Dir) -> Dir {
    (d + 2) & 3
}

/// The code of symbol `c` (`.` `/` `\` `|` `-` `#` `O` `W` `b` `t`), if it is one.
pub fn from_symbol(c: char) -> Option<Item> {
    SYMBOLS.iter().position(|&s| s == c).map(|i| i as Item)
}
