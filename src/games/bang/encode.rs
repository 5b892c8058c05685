//! BANG!'s action ids ([`Encoding`]); no observation tensor yet.

use super::actions::Action;
use super::cards::{NONE, NUM_CARDS};
use super::characters::ALL_CHARACTERS;
use super::state::{BangState, Config, MAX_PLAYERS};
use crate::encoding::{Blocks, Encoding};

const CARDS: u32 = NUM_CARDS as u32;
const SEATS: u32 = MAX_PLAYERS as u32;
/// Targets of a play: a seat or none (the last index).
const TARGETS: u32 = SEATS + 1;
/// Picks of a play: a card or none / from hand (the last index).
const PICKS: u32 = CARDS + 1;

/// Ids, block by block in the order of [`Action`]'s variants. A play is
/// `(card * TARGETS + target) * PICKS + pick`, a missing target or pick being the last index.
const IDS: Blocks<16> = Blocks([
    ALL_CHARACTERS.len() as u32,
    CARDS * TARGETS * PICKS,
    1,
    CARDS,
    CARDS,
    1,
    1,
    1,
    CARDS,
    1,
    SEATS,
    1,
    CARDS,
    CARDS,
    CARDS,
    CARDS,
]);

/// `NONE` as the last index of a range of `size`, other values as themselves.
fn index(value: u8, size: u32) -> u32 {
    if value == NONE { size - 1 } else { value.into() }
}

/// The inverse of [`index`].
fn value(index: u32, size: u32) -> u8 {
    if index == size - 1 { NONE } else { index as u8 }
}

impl Encoding for BangState {
    /// 52,429 ids, most of them plays (card × target × pick).
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        let (block, i) = match action {
            Action::ChooseCharacter(c) => (0, ALL_CHARACTERS.iter().position(|&x| x == c).expect("a character") as u32),
            Action::Play { card, target, pick } => {
                (1, (u32::from(card) * TARGETS + index(target, TARGETS)) * PICKS + index(pick, PICKS))
            }
            Action::EndTurn => (2, 0),
            Action::Discard(c) => (3, c.into()),
            Action::Respond(c) => (4, c.into()),
            Action::DrawBarrel => (5, 0),
            Action::DrawJourdonnais => (6, 0),
            Action::Pass => (7, 0),
            Action::SidDiscard(c) => (8, c.into()),
            Action::DrawDeck => (9, 0),
            Action::DrawFromHand(s) => (10, s.into()),
            Action::DrawDiscard => (11, 0),
            Action::PutBack(c) => (12, c.into()),
            Action::LuckyChoose(c) => (13, c.into()),
            Action::Take(c) => (14, c.into()),
            Action::TopDiscard(c) => (15, c.into()),
        };
        IDS.id(block, i)
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        let b = i as u8;
        Some(match block {
            0 => Action::ChooseCharacter(ALL_CHARACTERS[i as usize]),
            1 => Action::Play {
                card: (i / (TARGETS * PICKS)) as u8,
                target: value(i / PICKS % TARGETS, TARGETS),
                pick: value(i % PICKS, PICKS),
            },
            2 => Action::EndTurn,
            3 => Action::Discard(b),
            4 => Action::Respond(b),
            5 => Action::DrawBarrel,
            6 => Action::DrawJourdonnais,
            7 => Action::Pass,
            8 => Action::SidDiscard(b),
            9 => Action::DrawDeck,
            10 => Action::DrawFromHand(b),
            11 => Action::DrawDiscard,
            12 => Action::PutBack(b),
            13 => Action::LuckyChoose(b),
            14 => Action::Take(b),
            _ => Action::TopDiscard(b),
        })
    }
}
