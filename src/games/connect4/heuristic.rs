//! Connect Four's [`Heuristic`]: open lines weighted by how full they are, squashed to `[0, 1]`.
//!
//! A line is one of the 69 windows of four aligned cells. A window holding discs of only one seat
//! is open for that seat; it scores `1, 4, 16` for `1, 2, 3` discs (a window with three is a
//! threat). The score of a seat is its open-line total minus the opponent's, mapped to `[0, 1]` by
//! `0.5 + 0.5 * tanh(score / 32)`. Finished games get their exact value: 1 win, 0 loss, 0.5 draw.

use super::{COLUMNS, ConnectFour, ROWS, STRIDE};
use crate::agent::Heuristic;
use crate::game::Seat;

/// Number of four-cell windows on a 7×6 board: 24 horizontal, 21 vertical, 12 + 12 diagonal.
const WINDOW_COUNT: usize = 69;

/// Bit masks of every window, in the board's bit layout.
const WINDOWS: [u64; WINDOW_COUNT] = {
    let mut w = [0u64; WINDOW_COUNT];
    let mut n = 0;
    // Directions as (column step, row step): horizontal, vertical, diagonal up, diagonal down.
    let dirs: [(isize, isize); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut d = 0;
    while d < 4 {
        let (dc, dr) = dirs[d];
        let mut c = 0;
        while c < COLUMNS as isize {
            let mut r = 0;
            while r < ROWS as isize {
                let (ec, er) = (c + 3 * dc, r + 3 * dr);
                if ec >= 0 && ec < COLUMNS as isize && er >= 0 && er < ROWS as isize {
                    let mut k = 0;
                    while k < 4 {
                        w[n] |= 1 << ((c + k * dc) as usize * STRIDE + (r + k * dr) as usize);
                        k += 1;
                    }
                    n += 1;
                }
                r += 1;
            }
            c += 1;
        }
        d += 1;
    }
    assert!(n == WINDOW_COUNT);
    w
};

/// Score of an open window by its number of discs (0 to 3; a full one ends the game).
const WEIGHT: [i32; 4] = [0, 1, 4, 16];

/// Open-line difference at which the value reaches `0.5 + 0.5 * tanh(1)` ≈ 0.88.
const SCALE: f64 = 32.0;

impl Heuristic for ConnectFour {
    fn heuristic(&self, seat: Seat) -> f64 {
        if let Some(w) = self.winner {
            return if w as usize == seat { 1.0 } else { 0.0 };
        }
        if self.plies as usize == COLUMNS * ROWS {
            return 0.5;
        }
        let (mine, theirs) = (self.discs(seat), self.discs(1 - seat));
        let score: i32 = WINDOWS
            .iter()
            .map(|&w| match ((mine & w).count_ones(), (theirs & w).count_ones()) {
                (m, 0) => WEIGHT[m as usize],
                (0, t) => -WEIGHT[t as usize],
                _ => 0,
            })
            .sum();
        0.5 + 0.5 * (score as f64 / SCALE).tanh()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    #[test]
    fn windows_are_distinct_fours_on_the_board() {
        let mut sorted = WINDOWS.to_vec();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), WINDOW_COUNT);
        assert!(WINDOWS.iter().all(|w| w.count_ones() == 4 && w & !super::super::BOARD_MASK == 0));
    }

    #[test]
    fn empty_board_is_even_and_values_are_symmetric_and_exact_at_the_end() {
        assert_eq!(ConnectFour::new().heuristic(0), 0.5);
        let s = ConnectFour::from_moves(&[3, 3, 4]);
        let (a, b) = (s.heuristic(0), s.heuristic(1));
        assert!(a > 0.5 && (a + b - 1.0).abs() < 1e-12, "{a} {b}");
        let won = ConnectFour::from_moves(&[0, 1, 0, 1, 0, 1, 0]);
        assert_eq!((won.heuristic(0), won.heuristic(1)), (1.0, 0.0));
        assert_eq!(won.outcome().unwrap()[0], 1.0);
    }
}
