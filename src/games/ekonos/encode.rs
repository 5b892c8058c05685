//! Ekonos's action ids ([`Encoding`]); no observation tensor yet.

use super::data::{COMPANIES, Company, NUM_CARDS, NUM_COMPANIES, NUM_REGIONS};
use super::rules::Action;
use super::state::{Config, EkonosState, MAX_PLAYERS};
use crate::encoding::{Blocks, Encoding};

const CARDS: u32 = NUM_CARDS as u32;
const REGIONS: u32 = NUM_REGIONS as u32;
const FIRMS: u32 = NUM_COMPANIES as u32;

/// Ids, block by block in the order of [`Action`]'s variants. Cards and regions are numbered
/// from 1 (`data.rs`) and take index `number - 1`; a card-and-region or card-and-company action is
/// `card index * size + second index`.
const IDS: Blocks<13> = Blocks([
    CARDS * REGIONS,
    CARDS * REGIONS,
    CARDS * FIRMS,
    1,
    1,
    REGIONS,
    REGIONS,
    REGIONS,
    FIRMS,
    1,
    MAX_PLAYERS as u32,
    FIRMS,
    1,
]);

impl Encoding for EkonosState {
    /// 2,938 ids.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        let c = |company: Company| company as u32;
        let k = |number: u8| u32::from(number) - 1;
        let (block, i) = match action {
            Action::Place { card, region } => (0, k(card) * REGIONS + k(region)),
            Action::Protect { card, region } => (1, k(card) * REGIONS + k(region)),
            Action::Grow { card, company } => (2, k(card) * FIRMS + c(company)),
            Action::Expand => (3, 0),
            Action::Wait => (4, 0),
            Action::GrowPlace { region } => (5, k(region)),
            Action::GrowReplace { region } => (6, k(region)),
            Action::GrowProtect { region } => (7, k(region)),
            Action::Sell { company } => (8, c(company)),
            Action::NoSell => (9, 0),
            Action::Appoint { seat } => (10, seat.into()),
            Action::Buy { company } => (11, c(company)),
            Action::NoBuy => (12, 0),
        };
        IDS.id(block, i)
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        let company = |k: u32| COMPANIES[k as usize];
        let number = |k: u32| k as u8 + 1;
        Some(match block {
            0 => Action::Place { card: number(i / REGIONS), region: number(i % REGIONS) },
            1 => Action::Protect { card: number(i / REGIONS), region: number(i % REGIONS) },
            2 => Action::Grow { card: number(i / FIRMS), company: company(i % FIRMS) },
            3 => Action::Expand,
            4 => Action::Wait,
            5 => Action::GrowPlace { region: number(i) },
            6 => Action::GrowReplace { region: number(i) },
            7 => Action::GrowProtect { region: number(i) },
            8 => Action::Sell { company: company(i) },
            9 => Action::NoSell,
            10 => Action::Appoint { seat: i as u8 },
            11 => Action::Buy { company: company(i) },
            _ => Action::NoBuy,
        })
    }
}
