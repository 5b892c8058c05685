//! Positions for tests and examples, written in the spec's notation. Every method moves tiles
//! out of the bag (or out of the game), so the per-type count of W1 (7 of each type across bag,
//! forest, boards, pending and discards) holds in every position built here.
//!
//! These are set-up helpers, not rules: they panic on bad input (a malformed tile, a tile the
//! bag no longer holds).

use super::board::PhotoBoard;
use super::state::LocoMomoState;
use super::tiles::{AREAS, COPIES, TYPES, Tile, parse_tiles};
use crate::game::Game;

impl LocoMomoState {
    /// Replaces the (empty) forest by `areas`, A0 to A3 separated by `|` as in the spec's worked
    /// checks (`"Db Rg Rg Bn | Eg Eb Bb Ln | Dg Rb Ln Eb | Dn Bg Bg Rn"`), taken from the bag.
    ///
    /// # Panics
    /// If the forest is not empty, `areas` does not list 4 areas of at most 4 valid tiles, or the
    /// bag lacks a tile.
    pub fn with_forest(mut self, areas: &str) -> Self {
        assert!(self.forest.is_empty(), "with_forest on a forest that holds tiles");
        let areas: Vec<&str> = areas.split('|').collect();
        assert_eq!(areas.len(), AREAS, "expected 4 areas separated by `|`");
        for (a, text) in areas.into_iter().enumerate() {
            for tile in parse_tiles(text).unwrap_or_else(|e| panic!("{e}")) {
                self.bag.take(tile.index());
                self.forest.add(a, tile);
            }
        }
        self
    }

    /// Gives `seat` the photo board drawn in `picture` (the spec's `row N: …` lines, parsed by
    /// [`PhotoBoard`]'s `FromStr`), its tiles taken from the bag.
    ///
    /// # Panics
    /// If the picture is malformed, the seat's board is not empty, or the bag lacks a tile.
    pub fn with_board(mut self, seat: usize, picture: &str) -> Self {
        assert_eq!(self.boards[seat].tiles(), 0, "with_board on a board that holds tiles");
        let board: PhotoBoard = picture.parse().unwrap_or_else(|e| panic!("{e}"));
        for row in 1..=5 {
            for column in 1..=board.row_len(row) {
                self.bag.take(board.cell(row, column).expect("a prefix").index());
            }
        }
        self.boards[seat] = board;
        self
    }

    /// Leaves exactly `tiles` in the bag; every other tile that was in the bag leaves the game
    /// (counted as discarded by no seat), as if drawn and lost. For the short-bag checks (W17).
    ///
    /// # Panics
    /// If a tile is malformed or not in the bag.
    pub fn with_bag_only(mut self, tiles: &str) -> Self {
        let mut keep = [0u8; TYPES];
        for tile in parse_tiles(tiles).unwrap_or_else(|e| panic!("{e}")) {
            keep[tile.index()] += 1;
        }
        for t in Tile::all() {
            let have = self.bag.count(t.index());
            assert!(keep[t.index()] <= have, "the bag holds {have} {t}, fewer than asked");
            for _ in keep[t.index()]..have {
                self.bag.take(t.index());
                self.discarded[t.index()] += 1;
            }
            debug_assert!(self.discarded[t.index()] <= COPIES);
        }
        self
    }

    /// Sets the number of finished turns, so that seat `turns % N` is to pick in round
    /// `turns / N + 1`.
    ///
    /// # Panics
    /// If `turns` is not below `6N`.
    pub fn with_turns(mut self, turns: usize) -> Self {
        assert!(turns < 6 * self.num_players(), "turn {turns} is past the end");
        self.turns = turns as u8;
        self
    }
}
