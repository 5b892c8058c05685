//! Lewis & Clark's action ids ([`Encoding`]): one block per [`Action`] variant, indexed by the
//! variant's argument (a card id, a location, a kind, a slot, a count). No observation tensor yet.

use super::data::{KINDS, LOC_NAMES, NUM_CARDS, SLOTS};
use super::state::{Action, Config, LewisClark};
use crate::encoding::{Blocks, Encoding};

/// Card ids (`Play`, `Support`, `TradeIn`, `Target`, `Discard`).
const CARDS: u32 = NUM_CARDS as u32;
/// Village locations (`Send`, `Location`).
const LOCATIONS: u32 = LOC_NAMES.len() as u32;
/// Indians per `Send` (1–3: 3 only at the canoe and horse locations, R17).
const SEND_MAX: u32 = 3;
/// Most alternatives of a `Choose` (the boat tiles' four, R21).
const CHOICES: u32 = 4;
/// Kinds a `Take` names: the four primary resources (R10, R11).
const PRIMARY_KINDS: u32 = 4;
/// A collect takes at most badges(K) ≤ one per card (R11): 0..=84.
const AMOUNTS: u32 = NUM_CARDS as u32 + 1;
/// Indians a `Take` from the Powwow: 0..=18 (the Indian pool, R23).
const TAKE_INDIANS: u32 = super::data::INDIANS as u32 + 1;
/// Indians put on a played card: 0..=3 (R5).
const INDIANS_ON_CARD: u32 = 4;

/// The blocks, in [`Action`]'s variant order.
const IDS: Blocks<20> = Blocks([
    CARDS,                // 0 Play(card)
    LOCATIONS * SEND_MAX, // 1 Send(loc, k): loc * 3 + k - 1
    SLOTS as u32,         // 2 Recruit(slot 1..=5)
    1,                    // 3 Camp
    1,                    // 4 EndTurn
    1,                    // 5 NoSupport
    CARDS,                // 6 Support(card)
    INDIANS_ON_CARD,      // 7 Indians(k)
    1,                    // 8 NoTradeIn
    CARDS,                // 9 TradeIn(card)
    CHOICES,              // 10 Choose(1..=4)
    PRIMARY_KINDS,        // 11 Take(kind)
    1,                    // 12 Done
    AMOUNTS,              // 13 Amount(n)
    KINDS as u32,         // 14 Return(kind)
    KINDS as u32,         // 15 Pay(kind)
    LOCATIONS,            // 16 Location(loc)
    CARDS,                // 17 Target(card)
    SLOTS as u32,         // 18 TakeCard(slot 1..=5)
    TAKE_INDIANS + CARDS, // 19 TakeIndians(k), then Discard(card)
]);

impl Encoding for LewisClark {
    /// The observation dict of docs/observations/lewisclark.md.
    const OBSERVATION_VERSION: u32 = 1;

    /// 595 ids, the same for every option and player count.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        let u = u32::from;
        match action {
            Action::Play(c) => IDS.id(0, u(c)),
            Action::Send(loc, k) => IDS.id(1, u(loc) * SEND_MAX + u(k) - 1),
            Action::Recruit(slot) => IDS.id(2, u(slot) - 1),
            Action::Camp => IDS.id(3, 0),
            Action::EndTurn => IDS.id(4, 0),
            Action::NoSupport => IDS.id(5, 0),
            Action::Support(c) => IDS.id(6, u(c)),
            Action::Indians(k) => IDS.id(7, u(k)),
            Action::NoTradeIn => IDS.id(8, 0),
            Action::TradeIn(c) => IDS.id(9, u(c)),
            Action::Choose(i) => IDS.id(10, u(i) - 1),
            Action::Take(kind) => IDS.id(11, u(kind)),
            Action::Done => IDS.id(12, 0),
            Action::Amount(n) => IDS.id(13, u(n)),
            Action::Return(kind) => IDS.id(14, u(kind)),
            Action::Pay(kind) => IDS.id(15, u(kind)),
            Action::Location(loc) => IDS.id(16, u(loc)),
            Action::Target(c) => IDS.id(17, u(c)),
            Action::TakeCard(slot) => IDS.id(18, u(slot) - 1),
            Action::TakeIndians(k) => IDS.id(19, u(k)),
            Action::Discard(c) => IDS.id(19, TAKE_INDIANS + u(c)),
        }
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        let b = |x: u32| x as u8;
        Some(match block {
            0 => Action::Play(b(i)),
            1 => Action::Send(b(i / SEND_MAX), b(i % SEND_MAX + 1)),
            2 => Action::Recruit(b(i + 1)),
            3 => Action::Camp,
            4 => Action::EndTurn,
            5 => Action::NoSupport,
            6 => Action::Support(b(i)),
            7 => Action::Indians(b(i)),
            8 => Action::NoTradeIn,
            9 => Action::TradeIn(b(i)),
            10 => Action::Choose(b(i + 1)),
            11 => Action::Take(b(i)),
            12 => Action::Done,
            13 => Action::Amount(b(i)),
            14 => Action::Return(b(i)),
            15 => Action::Pay(b(i)),
            16 => Action::Location(b(i)),
            17 => Action::Target(b(i)),
            18 => Action::TakeCard(b(i + 1)),
            _ if i < TAKE_INDIANS => Action::TakeIndians(b(i)),
            _ => Action::Discard(b(i - TAKE_INDIANS)),
        })
    }
}
