//! The player sheet as data (spec "Components and data", data version: BGA snapshot `ecb2799`
//! and the photo of the printed sheet in it): the 24 usable cells, their towers (columns) and
//! floors, the hex adjacency table, the column completion values and the item names.
//!
//! Cells are numbered 0..24 by ascending (column, floor), so iterating cell indices visits the
//! cells in the spec's canonical order (Decision 17). Sets of cells are `u32` bit sets (bit `i` =
//! cell `i`).

/// Usable cells on a sheet.
pub const NUM_CELLS: usize = 24;
/// Towers (columns C1..C5) on a sheet.
pub const NUM_COLUMNS: usize = 5;
/// Floors 1..=6 of a tower.
pub const NUM_FLOORS: u8 = 6;
/// Item types (die faces 1..=6).
pub const NUM_ITEMS: usize = 6;
/// Paw prints on a sheet's footprint track.
pub const FOOTPRINTS: u8 = 18;
/// Every usable cell.
pub const ALL_CELLS: u32 = (1 << NUM_CELLS) - 1;

/// Item numbers (the die face that names them; spec table "Items").
pub const HOUSE: u8 = 1;
/// Ball of yarn.
pub const YARN: u8 = 2;
/// Butterfly toy.
pub const BUTTERFLY: u8 = 3;
/// Food bowl.
pub const BOWL: u8 = 4;
/// Cushion.
pub const CUSHION: u8 = 5;
/// Mouse toy.
pub const MOUSE: u8 = 6;

/// Item names by item number − 1, as actions display them (`mark C2F5 cushion`).
pub const ITEM_NAMES: [&str; NUM_ITEMS] = ["house", "yarn", "butterfly", "bowl", "cushion", "mouse"];
/// One-letter item codes by item number − 1, for sheets in the state's `Display`.
pub const ITEM_LETTERS: [u8; NUM_ITEMS] = *b"HYBFCM";

/// (column 1..=5, floor 1..=6) of each usable cell, by cell index (spec table of usable floors).
pub const CELLS: [(u8, u8); NUM_CELLS] = [
    (1, 1),
    (1, 2),
    (1, 3),
    (1, 5),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (2, 5),
    (2, 6),
    (3, 1),
    (3, 2),
    (3, 4),
    (3, 5),
    (3, 6),
    (4, 1),
    (4, 2),
    (4, 3),
    (4, 4),
    (4, 5),
    (4, 6),
    (5, 1),
    (5, 3),
    (5, 4),
];

/// Completion value of each column (C1..C5) for the first completer with a cat house in it
/// (spec rule 12; BGA `COL_SUB_SCORING_COL_MAX`).
pub const HIGHER_VALUE: [u8; NUM_COLUMNS] = [6, 9, 7, 8, 3];
/// Completion value of each column otherwise (BGA `COL_SUB_SCORING_COL_MIN`).
pub const LOWER_VALUE: [u8; NUM_COLUMNS] = [4, 5, 3, 4, 2];

/// The spec's adjacency table, row by row in cell order: the neighbours of each cell as
/// (column, floor). Source: spec "Adjacency (hex grid)" (BGA `getFoodBowlScore`,
/// `getConnectedMice`).
const NEIGHBOUR_TABLE: [&[(u8, u8)]; NUM_CELLS] = [
    &[(1, 2), (2, 1), (2, 2)],
    &[(1, 1), (1, 3), (2, 2), (2, 3)],
    &[(1, 2), (2, 3), (2, 4)],
    &[(2, 5), (2, 6)],
    &[(1, 1), (2, 2), (3, 1)],
    &[(1, 1), (1, 2), (2, 1), (2, 3), (3, 1), (3, 2)],
    &[(1, 2), (1, 3), (2, 2), (2, 4), (3, 2)],
    &[(1, 3), (2, 3), (2, 5), (3, 4)],
    &[(1, 5), (2, 4), (2, 6), (3, 4), (3, 5)],
    &[(1, 5), (2, 5), (3, 5), (3, 6)],
    &[(2, 1), (2, 2), (3, 2), (4, 1), (4, 2)],
    &[(2, 2), (2, 3), (3, 1), (4, 2), (4, 3)],
    &[(2, 4), (2, 5), (3, 5), (4, 4), (4, 5)],
    &[(2, 5), (2, 6), (3, 4), (3, 6), (4, 5), (4, 6)],
    &[(2, 6), (3, 5), (4, 6)],
    &[(3, 1), (4, 2), (5, 1)],
    &[(3, 1), (3, 2), (4, 1), (4, 3), (5, 1)],
    &[(3, 2), (4, 2), (4, 4), (5, 3)],
    &[(3, 4), (4, 3), (4, 5), (5, 3), (5, 4)],
    &[(3, 4), (3, 5), (4, 4), (4, 6), (5, 4)],
    &[(3, 5), (3, 6), (4, 5)],
    &[(4, 1), (4, 2)],
    &[(4, 3), (4, 4), (5, 4)],
    &[(4, 4), (4, 5), (5, 3)],
];

/// The index of cell C`column`F`floor`, or `None` if it is not usable (a scratching spot or above
/// the tower's top).
pub const fn cell_at(column: u8, floor: u8) -> Option<u8> {
    let mut i = 0;
    while i < NUM_CELLS {
        if CELLS[i].0 == column && CELLS[i].1 == floor {
            return Some(i as u8);
        }
        i += 1;
    }
    None
}

/// Neighbours of each cell as a bit set, from [`NEIGHBOUR_TABLE`] (a compile error if the table
/// names an unusable cell).
pub const ADJACENT: [u32; NUM_CELLS] = {
    let mut out = [0u32; NUM_CELLS];
    let mut i = 0;
    while i < NUM_CELLS {
        let row = NEIGHBOUR_TABLE[i];
        let mut j = 0;
        while j < row.len() {
            match cell_at(row[j].0, row[j].1) {
                Some(c) => out[i] |= 1 << c,
                None => panic!("the adjacency table names an unusable cell"),
            }
            j += 1;
        }
        i += 1;
    }
    out
};

/// The cells of each column C1..C5, as bit sets.
pub const COLUMN_CELLS: [u32; NUM_COLUMNS] = {
    let mut out = [0u32; NUM_COLUMNS];
    let mut i = 0;
    while i < NUM_CELLS {
        out[CELLS[i].0 as usize - 1] |= 1 << i;
        i += 1;
    }
    out
};

/// The cells of each floor, as bit sets, indexed by floor 1..=6 (index 0 is empty).
pub const FLOOR_CELLS: [u32; NUM_FLOORS as usize + 1] = {
    let mut out = [0u32; NUM_FLOORS as usize + 1];
    let mut i = 0;
    while i < NUM_CELLS {
        out[CELLS[i].1 as usize] |= 1 << i;
        i += 1;
    }
    out
};

/// The column (1..=5) of `cell`.
pub fn column(cell: u8) -> u8 {
    CELLS[cell as usize].0
}

/// The floor (1..=6) of `cell`.
pub fn floor(cell: u8) -> u8 {
    CELLS[cell as usize].1
}

/// The cells of `set` in ascending order.
pub fn cells(mut set: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let c = set.trailing_zeros() as u8;
            set &= set - 1;
            c
        })
    })
}

/// The connected part of `set` containing the lowest cell of `start` (a subset of `set`), by the
/// adjacency table.
pub fn component(set: u32, start: u32) -> u32 {
    let mut group = start & start.wrapping_neg();
    loop {
        let grown = cells(group).fold(group, |g, c| g | (ADJACENT[c as usize] & set));
        if grown == group {
            return group;
        }
        group = grown;
    }
}

/// The cell's name, `C2F5`.
pub struct CellName(pub u8);

impl std::fmt::Display for CellName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "C{}F{}", column(self.0), floor(self.0))
    }
}
