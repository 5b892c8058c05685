//! 7 Wonders Architects' action ids ([`Encoding`]); no observation tensor yet.

use super::config::Config;
use super::data::{Card, KINDS, STAGES, TOKEN_KINDS, Token};
use super::state::{Action, ArchitectsState, MAX_PLAYERS, ScienceSet, Source, TokenChoice};
use crate::encoding::{Blocks, Encoding};

/// The most cards paid for a stage (stage 5 costs 4, spec §1.3).
const MAX_PAID: u8 = 4;
/// Payments: 6-tuples of card counts (wood, stone, clay, papyrus, glass, gold) summing to at
/// most [`MAX_PAID`], `C(4 + 6, 6)`.
const PAYMENTS: u32 = 210;

/// Ids, block by block in the order of [`Action`]'s variants: takes (seat decks 0-6, then the
/// central deck), science (pairs by card kind, then the triple), tokens (face up by kind, then the
/// stack top), builds (`(stage - 1) * 210 + payment rank`), looks by deck, keeps by card kind.
const IDS: Blocks<6> = Blocks([
    MAX_PLAYERS as u32 + 1,
    KINDS as u32 + 1,
    TOKEN_KINDS as u32 + 1,
    STAGES as u32 * PAYMENTS,
    MAX_PLAYERS as u32,
    KINDS as u32,
]);

/// Every payment in lexicographic order (the rank of a payment is its position).
fn payments() -> impl Iterator<Item = [u8; 6]> {
    (0..7u32.pow(6)).filter_map(|mut code| {
        let mut pay = [0u8; 6];
        for slot in pay.iter_mut().rev() {
            *slot = (code % 7) as u8;
            code /= 7;
        }
        (pay.iter().sum::<u8>() <= MAX_PAID).then_some(pay)
    })
}

impl Encoding for ArchitectsState {
    /// 1,109 ids.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        let (block, i) = match action {
            Action::Take(Source::Deck(k)) => (0, k.into()),
            Action::Take(Source::Central) => (0, MAX_PLAYERS as u32),
            Action::Science(ScienceSet::Pair(card)) => (1, card as u32),
            Action::Science(ScienceSet::Triple) => (1, KINDS as u32),
            Action::Token(TokenChoice::FaceUp(token)) => (2, token as u32),
            Action::Token(TokenChoice::StackTop) => (2, TOKEN_KINDS as u32),
            Action::Build { stage, pay } => {
                let rank = payments().position(|p| p == pay).expect("a payment of at most 4 cards");
                (3, u32::from(stage - 1) * PAYMENTS + rank as u32)
            }
            Action::Look(k) => (4, k.into()),
            Action::Keep(card) => (5, card as u32),
        };
        IDS.id(block, i)
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        let last = |size: usize| i == size as u32;
        Some(match block {
            0 if last(MAX_PLAYERS) => Action::Take(Source::Central),
            0 => Action::Take(Source::Deck(i as u8)),
            1 if last(KINDS) => Action::Science(ScienceSet::Triple),
            1 => Action::Science(ScienceSet::Pair(Card::ALL[i as usize])),
            2 if last(TOKEN_KINDS) => Action::Token(TokenChoice::StackTop),
            2 => Action::Token(TokenChoice::FaceUp(Token::ALL[i as usize])),
            3 => Action::Build {
                stage: (i / PAYMENTS) as u8 + 1,
                pay: payments().nth((i % PAYMENTS) as usize).expect("a payment rank"),
            },
            4 => Action::Look(i as u8),
            _ => Action::Keep(Card::ALL[i as usize]),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_210_payments() {
        assert_eq!(payments().count(), PAYMENTS as usize);
    }
}
