//! Loco Momo's action ids and observation tensor ([`Encoding`]); layout in
//! `docs/observations/locomomo.md`.

use super::state::{Action, Config, LocoMomoState};
use super::tiles::{AREA_SPACES, AREAS, COLOURS, COLUMNS, COPIES, MAX_PLAYERS, ROWS, SPECIES, Species, TYPES, Tile};
use crate::encoding::{Blocks, Cursor, Encoding, RelativeSeats};
use crate::game::{Game, Seat};

/// Ids: picks (`area * 15 + tile type`), placements (`species * 5 + row - 1`).
const IDS: Blocks<2> = Blocks([(AREAS * TYPES) as u32, (SPECIES * ROWS) as u32]);

/// Elements of the tensor (see `docs/observations/locomomo.md`).
pub const TENSOR_LEN: usize =
    AREAS * TYPES + TYPES + MAX_PLAYERS * ROWS * COLUMNS * TYPES + SPECIES + COLOURS + TYPES + 3 * MAX_PLAYERS + 2;

impl Encoding for LocoMomoState {
    /// The observation dict of docs/observations/locomomo.md.
    const OBSERVATION_VERSION: u32 = 1;

    /// 85 ids.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        match action {
            Action::Pick { area, tile } => IDS.id(0, (usize::from(area) * TYPES + tile.index()) as u32),
            Action::Place { species, row } => IDS.id(1, (species as usize * ROWS) as u32 + u32::from(row) - 1),
        }
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        let i = i as usize;
        Some(match block {
            0 => Action::Pick { area: (i / TYPES) as u8, tile: Tile::from_index(i % TYPES) },
            _ => Action::Place { species: Species::from_index(i / ROWS), row: (i % ROWS) as u8 + 1 },
        })
    }

    /// A flat vector of [`TENSOR_LEN`] (1,612) elements, the same at every player count.
    fn observation_shape(_: &Config, _: usize) -> Option<Vec<usize>> {
        Some(vec![TENSOR_LEN])
    }

    /// The whole state (every seat sees everything), seats relative to `seat`.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        let n = self.num_players();
        let seats = RelativeSeats::new(seat, n);
        let mut c = Cursor::new(out);
        for area in 0..AREAS {
            for tile in Tile::all() {
                c.put(f32::from(self.forest().count(area, tile)) / f32::from(AREA_SPACES));
            }
        }
        for kind in 0..TYPES {
            c.put(f32::from(self.bag().count(kind)) / f32::from(COPIES));
        }
        for r in 0..MAX_PLAYERS {
            for row in 1..=ROWS {
                for column in 1..=COLUMNS {
                    let tile = if r < n { self.board(seats.abs(r)).cell(row, column) } else { None };
                    c.one_hot(TYPES, tile.map(Tile::index));
                }
            }
        }
        let (pending, colour) = self.pending();
        for k in pending {
            c.put(f32::from(k) / f32::from(AREA_SPACES));
        }
        c.one_hot(COLOURS, pending.iter().any(|&k| k > 0).then_some(colour as usize));
        for &k in self.discarded() {
            c.put(f32::from(k) / f32::from(COPIES));
        }
        for r in 0..MAX_PLAYERS {
            c.put(if r < n { f32::from(self.discarded_by(seats.abs(r))) / 10.0 } else { 0.0 });
        }
        for r in 0..MAX_PLAYERS {
            c.put(f32::from(u8::from(r < n)));
        }
        c.one_hot(MAX_PLAYERS, self.turn_owner().map(|s| seats.rel(s)));
        c.put(self.turns() as f32 / (6 * MAX_PLAYERS) as f32);
        c.put(f32::from(u8::from(self.is_over())));
        c.finish();
    }
}
