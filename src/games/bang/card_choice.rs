//! The decisions outside phase 2 whose options are a card set: the phase-3 discard (C2.4), the
//! responses to a BANG! effect, a Duel, Indians! or a lethal hit (C8.1, C8.5, C8.6, C5.2), Sid
//! Ketchum's second discard, the General Store pick (C8.8) and the top discard of an eliminated
//! player (Decision 10). Like [`super::play_moves::PlayMoves`] for phase 2, one description
//! gives both the listed options ([`CardChoice::push_all`]) and, for a random playout, their
//! count and the option at an index ([`CardChoice::count`], [`CardChoice::nth`]) in the same
//! order.
//!
//! Order: the Barrel draw!, Jourdonnais's draw!, each card of `cards` (ascending id), Sid
//! Ketchum's discards (ascending id), then `Pass` where the decider may decline (Decision 9).

use super::actions::Action;
use super::cards::{self, CardSet, Kind};
use super::characters::Character;
use super::state::{BangState, Frame};

/// The options of one decision (see the module docs).
#[derive(Clone, Copy)]
pub(crate) struct CardChoice {
    /// `DrawBarrel` is offered (a shot target with a Barrel in play not yet drawn for).
    barrel: bool,
    /// `DrawJourdonnais` is offered.
    jour: bool,
    /// The cards offered as `card_action`.
    cards: CardSet,
    /// What choosing a card of `cards` is.
    card_action: CardAction,
    /// Sid Ketchum's discards ([`BangState::sid_discards`]).
    sid: CardSet,
    /// `Pass` is offered.
    pass: bool,
}

/// The action that chooses one card of a [`CardChoice`]. A plain enum rather than a constructor
/// pointer: [`CardAction::on`] compiles to a table lookup, not an indirect call.
#[derive(Clone, Copy)]
enum CardAction {
    Discard,
    Respond,
    SidDiscard,
    Take,
    TopDiscard,
}

impl CardAction {
    /// The action choosing `card`.
    #[inline(always)]
    fn on(self, card: u8) -> Action {
        match self {
            CardAction::Discard => Action::Discard(card),
            CardAction::Respond => Action::Respond(card),
            CardAction::SidDiscard => Action::SidDiscard(card),
            CardAction::Take => Action::Take(card),
            CardAction::TopDiscard => Action::TopDiscard(card),
        }
    }
}

impl CardChoice {
    /// The options of the decider at frame `top`, if `top` is one of the decisions of the module
    /// docs (the game must not be over).
    #[inline(always)]
    pub(crate) fn at(state: &BangState, top: Frame) -> Option<Self> {
        let respond = |seat: u8, cards: CardSet| CardChoice {
            barrel: false,
            jour: false,
            cards,
            card_action: CardAction::Respond,
            sid: state.sid_discards(seat),
            pass: true,
        };
        let only = |cards: CardSet, card_action: CardAction| CardChoice {
            barrel: false,
            jour: false,
            cards,
            card_action,
            sid: 0,
            pass: false,
        };
        Some(match top {
            Frame::DiscardExcess => {
                let seat = state.active;
                CardChoice { sid: state.sid_discards(seat), ..only(state.hand[seat as usize], CardAction::Discard) }
            }
            Frame::Shot { target, barrel, jour, .. } => CardChoice {
                barrel: !barrel && state.has_in_play(target, Kind::Barrel),
                jour: !jour && state.chars[target as usize] == Character::Jourdonnais,
                ..respond(target, state.missed_cards(target))
            },
            Frame::Duel { current: seat, .. } | Frame::Indians { target: seat, .. } => {
                respond(seat, state.bang_cards(seat))
            }
            Frame::DeathSave { seat, .. } => respond(seat, state.hand[seat as usize] & cards::kind_set(Kind::Beer)),
            Frame::SidSecond { seat } => only(state.hand[seat as usize], CardAction::SidDiscard),
            Frame::Store { .. } => only(state.store, CardAction::Take),
            Frame::TopDiscard { seat } => {
                only(state.hand[seat as usize] | state.table[seat as usize], CardAction::TopDiscard)
            }
            _ => return None,
        })
    }

    /// Appends every option to `out`, in order.
    pub(crate) fn push_all(&self, out: &mut Vec<Action>) {
        if self.barrel {
            out.push(Action::DrawBarrel);
        }
        if self.jour {
            out.push(Action::DrawJourdonnais);
        }
        out.extend(cards::iter(self.cards).map(|c| self.card_action.on(c)));
        out.extend(cards::iter(self.sid).map(Action::SidDiscard));
        if self.pass {
            out.push(Action::Pass);
        }
    }

    /// The number of options: the length of the list [`Self::push_all`] appends.
    #[inline(always)]
    pub(crate) fn count(&self) -> usize {
        (u32::from(self.barrel)
            + u32::from(self.jour)
            + cards::count(self.cards)
            + cards::count(self.sid)
            + u32::from(self.pass)) as usize
    }

    /// The option at index `k` of the list [`Self::push_all`] appends (`k < self.count()`).
    #[inline(always)]
    pub(crate) fn nth(&self, k: usize) -> Action {
        let mut k = k as u32;
        for (offered, action) in [(self.barrel, Action::DrawBarrel), (self.jour, Action::DrawJourdonnais)] {
            if offered {
                if k == 0 {
                    return action;
                }
                k -= 1;
            }
        }
        if k < cards::count(self.cards) {
            return self.card_action.on(cards::nth(self.cards, k));
        }
        k -= cards::count(self.cards);
        if k < cards::count(self.sid) {
            return Action::SidDiscard(cards::nth(self.sid, k));
        }
        debug_assert!(self.pass && k == cards::count(self.sid), "index past the options");
        Action::Pass
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bang::legal::for_each_decision;

    /// In every card-choice position of 400 random games at 4–7 players, `count` is the length of
    /// the listed options and `nth(k)` is the `k`-th of them, and every card offered is the
    /// decider's own (a General Store pick: a card of the display), since `at` finds the decider
    /// itself; the positions include the Barrel and Jourdonnais draws, Sid Ketchum's discards,
    /// and General Store and top-discard picks.
    #[test]
    fn indexed_choices_are_the_listed_choices_in_order() {
        let mut seen = [false; 5];
        for_each_decision(12, 400, |state, listed| {
            if let Some(choice) = CardChoice::at(state, state.top()) {
                assert_eq!(choice.count(), listed.len(), "{state}");
                let seat = state.decider().expect("a decision") as usize;
                for (k, &a) in listed.iter().enumerate() {
                    assert_eq!(choice.nth(k), a, "option {k} of {listed:?} in\n{state}");
                    let (card, from) = match a {
                        Action::Take(c) => (c, state.store),
                        Action::Discard(c) | Action::Respond(c) | Action::SidDiscard(c) => (c, state.hand[seat]),
                        Action::TopDiscard(c) => (c, state.hand[seat] | state.table[seat]),
                        _ => continue,
                    };
                    assert!(from & cards::bit(card) != 0, "{a} is not seat {seat}'s to choose in\n{state}");
                }
                seen[0] |= choice.barrel;
                seen[1] |= choice.jour;
                seen[2] |= choice.sid != 0;
                seen[3] |= matches!(state.top(), Frame::Store { .. });
                seen[4] |= matches!(state.top(), Frame::TopDiscard { .. });
            }
        });
        assert_eq!(seen, [true; 5], "Barrel, Jourdonnais, Sid Ketchum, General Store, top discard");
    }
}
