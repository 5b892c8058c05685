//! Laser Reflection's action ids ([`Encoding`]); no observation tensor yet.

use super::beam::CELLS;
use super::config::Config;
use super::items::CODES;
use super::state::{Action, LaserState};
use crate::encoding::{Blocks, Encoding};

/// Ids: placements (`item code * 144 + cell`, cells of the 12 × 12 grid whatever the grid
/// size), removals by cell, giving up.
const IDS: Blocks<3> = Blocks([(CODES * CELLS) as u32, CELLS as u32, 1]);

impl Encoding for LaserState {
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
}
