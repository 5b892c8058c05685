//! Connect Four's action ids and observation tensor ([`Encoding`]); layout in
//! `docs/observations/connect4.md`.

use super::{COLUMNS, Config, ConnectFour, Drop, ROWS};
use crate::encoding::{Cursor, Encoding};
use crate::game::Seat;

impl Encoding for ConnectFour {
    /// The observation dict of docs/observations/connect4.md.
    const OBSERVATION_VERSION: u32 = 1;

    /// One id per column.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        COLUMNS as u32
    }

    /// The column, `0..7` from the left.
    fn action_id(&self, Drop(col): Drop) -> u32 {
        u32::from(col)
    }

    fn action_from_id(&self, id: u32) -> Option<Drop> {
        (id < COLUMNS as u32).then_some(Drop(id as u8))
    }

    /// Three planes of 6 rows × 7 columns.
    fn observation_shape(_: &Config, _: usize) -> Option<Vec<usize>> {
        Some(vec![3, ROWS, COLUMNS])
    }

    /// Plane 0: the seat's own discs; plane 1: the opponent's; plane 2: the empty cells. Row 0 is
    /// the bottom row, column 0 the leftmost. The board is the whole state (perfect information).
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        let mut c = Cursor::new(out);
        for plane in 0..3 {
            for row in 0..ROWS {
                for col in 0..COLUMNS {
                    let owner = self.cell(col, row);
                    let hit = match plane {
                        0 => owner == Some(seat),
                        1 => owner.is_some_and(|o| o != seat),
                        _ => owner.is_none(),
                    };
                    c.put(f32::from(u8::from(hit)));
                }
            }
        }
        c.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    /// After columns 3, 3, 0: seat 0 owns (row 0, col 3) and (row 0, col 0), seat 1 (row 1, col 3).
    #[test]
    fn tensor_planes_are_relative_to_the_seat() {
        let s = ConnectFour::from_moves(&[3, 3, 0]);
        let shape = ConnectFour::observation_shape(&Config {}, 2).unwrap();
        let mut t = vec![0.0; shape.iter().product()];
        let at = |plane: usize, row: usize, col: usize| (plane * ROWS + row) * COLUMNS + col;
        s.observation_tensor(0, &mut t);
        assert_eq!((t[at(0, 0, 3)], t[at(0, 0, 0)], t[at(1, 1, 3)], t[at(2, 1, 3)]), (1.0, 1.0, 1.0, 0.0));
        assert_eq!(t.iter().sum::<f32>(), 42.0);
        s.observation_tensor(1, &mut t);
        assert_eq!((t[at(1, 0, 3)], t[at(0, 1, 3)], t[at(2, 5, 6)]), (1.0, 1.0, 1.0));
        assert_eq!(s.action_from_id(s.action_id(Drop(6))), Some(Drop(6)));
        assert_eq!(s.action_from_id(7), None);
        assert_eq!(s.num_players(), 2);
    }
}
