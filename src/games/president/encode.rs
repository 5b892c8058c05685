//! President's action ids ([`Encoding`]); no observation tensor yet.

use super::cards::RANKS;
use super::rules::Action;
use super::state::{Config, PresidentState};
use crate::encoding::{Blocks, Encoding};

/// The most cards of one rank played at once (a rank has four suits).
const MAX_COUNT: u32 = 4;

/// Ids: plays (`rank * 4 + count - 1`, the Joker a rank), the pass, gifts by rank.
const IDS: Blocks<3> = Blocks([RANKS as u32 * MAX_COUNT, 1, RANKS as u32]);

impl Encoding for PresidentState {
    /// 71 ids.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        match action {
            Action::Play { rank, count } => IDS.id(0, u32::from(rank) * MAX_COUNT + u32::from(count) - 1),
            Action::Pass => IDS.id(1, 0),
            Action::Give(rank) => IDS.id(2, rank.into()),
        }
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        Some(match block {
            0 => Action::Play { rank: (i / MAX_COUNT) as u8, count: (i % MAX_COUNT) as u8 + 1 },
            1 => Action::Pass,
            _ => Action::Give(i as u8),
        })
    }
}
