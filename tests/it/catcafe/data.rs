//! Spec "Components and data": the sheet (W1, W2), the adjacency table against the hex rule, and
//! the items.

use super::common::cell;
use meeple::games::catcafe::sheet::{
    ADJACENT, ALL_CELLS, CELLS, COLUMN_CELLS, CellName, FLOOR_CELLS, HIGHER_VALUE, ITEM_NAMES, LOWER_VALUE, NUM_CELLS,
    cell_at,
};

fn names(set: u32) -> Vec<String> {
    (0..NUM_CELLS as u8).filter(|&c| set & (1 << c) != 0).map(|c| CellName(c).to_string()).collect()
}

fn set(cells: &[&str]) -> u32 {
    cells.iter().fold(0, |a, c| a | 1 << cell(c))
}

#[test]
fn w1_sheet_totals() {
    assert_eq!(CELLS.len(), 24);
    assert_eq!(ALL_CELLS.count_ones(), 24);
    let per_column: Vec<u32> = COLUMN_CELLS.iter().map(|m| m.count_ones()).collect();
    assert_eq!(per_column, [4, 6, 5, 6, 3]);
    let per_floor: Vec<u32> = FLOOR_CELLS[1..].iter().map(|m| m.count_ones()).collect();
    assert_eq!(per_floor, [5, 4, 4, 4, 4, 3]);
    let degree_sum: u32 = ADJACENT.iter().map(|m| m.count_ones()).sum();
    assert_eq!(degree_sum, 96);
    let pairs = (0..NUM_CELLS).flat_map(|a| (a + 1..NUM_CELLS).map(move |b| (a, b)));
    assert_eq!(pairs.filter(|&(a, b)| ADJACENT[a] & (1 << b) != 0).count(), 48);
    let of_degree = |d: u32| (0..NUM_CELLS).filter(|&c| ADJACENT[c].count_ones() == d).fold(0, |a, c| a | 1 << c);
    assert_eq!(names(of_degree(6)), ["C2F2", "C3F5"]);
    assert_eq!(names(of_degree(2)), ["C1F5", "C5F1"]);
    assert_eq!(HIGHER_VALUE.iter().map(|&v| u32::from(v)).sum::<u32>(), 33);
    assert_eq!(LOWER_VALUE.iter().map(|&v| u32::from(v)).sum::<u32>(), 18);
    assert_eq!((HIGHER_VALUE, LOWER_VALUE), ([6, 9, 7, 8, 3], [4, 5, 3, 4, 2]));
}

#[test]
fn usable_cells_and_scratching_spots() {
    let usable = |c: u8| (1..=6).filter(|&f| cell_at(c, f).is_some()).collect::<Vec<u8>>();
    assert_eq!(usable(1), [1, 2, 3, 5]);
    assert_eq!(usable(2), [1, 2, 3, 4, 5, 6]);
    assert_eq!(usable(3), [1, 2, 4, 5, 6]);
    assert_eq!(usable(4), [1, 2, 3, 4, 5, 6]);
    assert_eq!(usable(5), [1, 3, 4]);
    assert_eq!(cell_at(6, 1), None);
    assert_eq!(ITEM_NAMES, ["house", "yarn", "butterfly", "bowl", "cushion", "mouse"]);
}

#[test]
fn w2_adjacency() {
    assert_eq!(ADJACENT[cell("C2F3") as usize], set(&["C1F2", "C1F3", "C2F2", "C2F4", "C3F2"]));
    assert_eq!(ADJACENT[cell("C3F2") as usize], set(&["C2F2", "C2F3", "C3F1", "C4F2", "C4F3"]));
    assert_eq!(ADJACENT[cell("C3F2") as usize] & set(&["C3F4"]), 0);
    assert_eq!(ADJACENT[cell("C1F5") as usize], set(&["C2F5", "C2F6"]));
    assert_eq!(ADJACENT[cell("C1F3") as usize] & set(&["C1F5"]), 0);
}

#[test]
fn adjacency_is_symmetric_with_48_pairs_and_no_loops() {
    for (a, &na) in ADJACENT.iter().enumerate() {
        assert_eq!(na & (1 << a), 0, "{} is its own neighbour", CellName(a as u8));
        for (b, &nb) in ADJACENT.iter().enumerate() {
            let ab = na & (1 << b) != 0;
            let ba = nb & (1 << a) != 0;
            assert_eq!(ab, ba, "{} and {}", CellName(a as u8), CellName(b as u8));
        }
    }
    let degree_sum: u32 = ADJACENT.iter().map(|m| m.count_ones()).sum();
    assert_eq!(degree_sum / 2, 48);
}

/// The table equals the spec's hex rule: same column f±1; from an odd column at floor f the
/// neighbouring columns' floors f and f+1; from an even column, f−1 and f; usable cells only.
#[test]
fn adjacency_table_follows_the_hex_rule() {
    for a in 0..NUM_CELLS {
        let (c, f) = CELLS[a];
        let mut expected = 0u32;
        let mut add = |col: u8, fl: u8| {
            if let Some(x) = cell_at(col, fl) {
                expected |= 1 << x;
            }
        };
        add(c, f + 1);
        add(c, f - 1);
        let floors = if c % 2 == 1 { [f, f + 1] } else { [f - 1, f] };
        for col in [c - 1, c + 1] {
            for fl in floors {
                add(col, fl);
            }
        }
        assert_eq!(ADJACENT[a], expected, "{}", CellName(a as u8));
    }
}
