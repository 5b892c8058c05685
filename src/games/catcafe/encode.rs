//! Cat Café's action ids ([`Encoding`]); no observation tensor yet.

use super::sheet::{NUM_CELLS, NUM_ITEMS};
use super::state::{Action, CatCafe, Config};
use crate::encoding::{Blocks, Encoding};

const FACES: u32 = NUM_ITEMS as u32;

/// Ids: die picks by value (1-6), the pass, marks (`cell * 6 + item - 1`), cats (1-6).
const IDS: Blocks<4> = Blocks([FACES, 1, NUM_CELLS as u32 * FACES, FACES]);

impl Encoding for CatCafe {
    /// 157 ids.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        match action {
            Action::PickDie(v) => IDS.id(0, u32::from(v) - 1),
            Action::Pass => IDS.id(1, 0),
            Action::Mark { cell, item } => IDS.id(2, u32::from(cell) * FACES + u32::from(item) - 1),
            Action::ChooseCat(k) => IDS.id(3, u32::from(k) - 1),
        }
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        Some(match block {
            0 => Action::PickDie(i as u8 + 1),
            1 => Action::Pass,
            2 => Action::Mark { cell: (i / FACES) as u8, item: (i % FACES) as u8 + 1 },
            _ => Action::ChooseCat(i as u8 + 1),
        })
    }
}
