//! Laser Reflection's action ids and observation tensor ([`Encoding`]); layout in
//! `docs/observations/laserreflection.md`.

use super::beam::{CELLS, MAX_N, MAX_RING};
use super::config::Config;
use super::items::CODES;
use super::scoring::Status;
use super::state::{Action, LaserState, MAX_PLAYERS};
use crate::encoding::{Blocks, Cursor, Encoding, RelativeSeats};
use crate::game::Seat;

/// Ids: placements (`item code * 144 + cell`, cells of the 12 × 12 grid whatever the grid
/// size), removals by cell, giving up.
const IDS: Blocks<3> = Blocks([(CODES * CELLS) as u32, CELLS as u32, 1]);

/// Elements per relative seat: in the game, status one-hot (in progress, solved, timed out, gave
/// up), edits this round, points, tie-break effort, failed and solved rounds.
pub const SEAT_LEN: usize = 1 + 4 + 1 + 1 + 1 + 1 + 1;

/// Elements per clue of the ring: on the border, colour one-hot (green, yellow, grey), number.
const CLUE_LEN: usize = 1 + 3 + 1;

/// Elements of the tensor (1,920; see `docs/observations/laserreflection.md`).
pub const TENSOR_LEN: usize =
    CELLS * CODES + CELLS + MAX_RING * CLUE_LEN + 2 * CODES + MAX_PLAYERS * SEAT_LEN + 2 + 2 * MAX_PLAYERS + 2;

impl Encoding for LaserState {
    /// The observation dict of docs/observations/laserreflection.md.
    const OBSERVATION_VERSION: u32 = 1;

    /// 1,585 ids.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        match action {
            Action::Place { item, cell } => IDS.id(0, u32::from(item) * CELLS as u32 + u32::from(cell)),
            Action::Remove { cell } => IDS.id(1, cell.into()),
            Action::GiveUp => IDS.id(2, 0),
        }
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        Some(match block {
            0 => Action::Place { item: (i / CELLS as u32) as u8, cell: (i % CELLS as u32) as u8 },
            1 => Action::Remove { cell: i as u8 },
            _ => Action::GiveUp,
        })
    }

    /// A flat vector of [`TENSOR_LEN`] (1,920) elements for every option and player count (1–6;
    /// the grid is laid out 12 × 12 whatever its size, cells outside it are zeros).
    fn observation_shape(_: &Config, _: usize) -> Option<Vec<usize>> {
        Some(vec![TENSOR_LEN])
    }

    /// Seats are relative to `seat`; built from `seat`'s observation only: its own grid and
    /// stock, the public puzzle (size, warps, multiset, clue ring) and every seat's public
    /// status, edit count and scores; never another grid or the hidden solution.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        let view = self.observe(seat).view;
        let n = usize::from(view.n);
        let size = usize::from(view.puzzle.frame.n);
        let max_edits = f32::from(view.config.max_edits);
        let seats = RelativeSeats::new(seat, n);
        let mut c = Cursor::new(out);
        for &code in &view.grids[seat].0 {
            c.one_hot(CODES, Some(code.into()));
        }
        for x in 0..CELLS {
            c.put(f32::from(u8::from(x / MAX_N < size && x % MAX_N < size)));
        }
        for (p, clue) in view.puzzle.ring.iter().enumerate() {
            let on = p < view.puzzle.frame.ring_len();
            c.put(f32::from(u8::from(on)));
            c.one_hot(3, on.then_some(clue.colour() as usize));
            c.put(if on { f32::from(clue.number()) / 100.0 } else { 0.0 });
        }
        for count in view.puzzle.multiset {
            c.put(f32::from(count) / 30.0);
        }
        for count in view.stocks[seat] {
            c.put(f32::from(count) / 30.0);
        }
        for r in 0..MAX_PLAYERS {
            if r >= n {
                c.take(SEAT_LEN).fill(0.0);
                continue;
            }
            let p = seats.abs(r);
            c.put(1.0);
            let status = match view.status[p] {
                Status::InProgress => 0,
                Status::Solved(_) => 1,
                Status::TimedOut => 2,
                Status::GaveUp => 3,
            };
            c.one_hot(4, Some(status));
            c.put(f32::from(view.edits[p]) / max_edits);
            c.put(view.scores[p] as f32 / 120.0);
            c.put(view.tiebreak[p] as f32 / 1000.0);
            c.put(f32::from(view.failed_rounds[p]) / 5.0);
            c.put(f32::from(view.solved_rounds[p]) / 5.0);
        }
        c.put(f32::from(view.round) / 10.0);
        c.put(f32::from(view.config.rounds) / 5.0);
        c.one_hot(MAX_PLAYERS, view.to_move_seat().map(|p| seats.rel(p)));
        c.one_hot(MAX_PLAYERS, Some(seats.rel(view.first_seat())));
        c.put(f32::from(view.solo.hearts) / 3.0);
        c.put(f32::from(view.solo.solved) / 10.0);
        c.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, rng_from_seed};

    /// A new 2-seat game on the default 8 × 8 grid: an empty own grid, 64 cells inside, 32 clues
    /// on the border, the stock equal to the multiset, seat 0 to move; seat 1 sees it as relative
    /// seat 1.
    #[test]
    fn tensor_of_a_new_game() {
        let config = Config::default();
        let s = LaserState::new(&config, 2, &mut rng_from_seed(3));
        assert_eq!(TENSOR_LEN, 1_920);
        let mut t = vec![f32::NAN; TENSOR_LEN];
        s.observation_tensor(1, &mut t);
        let grid = CELLS * CODES;
        let empty: f32 = (0..CELLS).map(|x| t[x * CODES]).sum();
        assert_eq!(empty, 144.0, "every cell empty (code 0)");
        assert_eq!(t[grid..grid + CELLS].iter().sum::<f32>(), 64.0, "8 × 8 cells inside");
        let ring = grid + CELLS;
        let on: f32 = (0..MAX_RING).map(|p| t[ring + p * CLUE_LEN]).sum();
        assert_eq!(on, 32.0, "4N clues");
        let sets = ring + MAX_RING * CLUE_LEN;
        assert_eq!(t[sets..sets + CODES], t[sets + CODES..sets + 2 * CODES], "stock = multiset");
        let items: f32 = t[sets..sets + CODES].iter().sum::<f32>() * 30.0;
        assert_eq!(items.round(), 10.0, "10 items by default");
        let seats = sets + 2 * CODES;
        assert_eq!(&t[seats..seats + 5], &[1.0, 1.0, 0.0, 0.0, 0.0], "in the game, in progress");
        let tail = seats + MAX_PLAYERS * SEAT_LEN;
        assert_eq!(t[tail], 0.1, "round 1");
        assert_eq!(&t[tail + 2..tail + 4], &[0.0, 1.0], "seat 0 to move is relative seat 1");
        assert_eq!(s.to_move(), Some(0));
    }
}
