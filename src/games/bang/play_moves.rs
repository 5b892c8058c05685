//! The phase-2 moves of the active player (C2.3, C4, C8) as a few card sets and seat masks,
//! computed once per decision. They can be listed in the canonical order of
//! [`super::Action`] lists ([`PlayMoves::push_all`]), or counted and indexed in that same order
//! without building the list ([`PlayMoves::count`], [`PlayMoves::nth`]), which is how a random
//! playout samples a move.
//!
//! Canonical order, by group: BANG! cards (ascending id) × targets in range; cards played without
//! a target; Panic! and Cat Balou (ascending id) × targets × (the hand, then each card in play);
//! Duels × targets; Jails × targets; blue cards for oneself; Sid Ketchum's discards; `EndTurn`.
//! Targets go clockwise from the player's left (Decision 8).

use super::actions::Action;
use super::cards::{self, CardSet, Kind, NONE, kind_set};
use super::roles::Role;
use super::state::{BangState, FROM_HAND, MAX_PLAYERS};
use crate::games::mechanics::cardset::iter as bits;

/// Brown cards played without a target (C8: Beer, Gatling, Indians!, General Store, Saloon,
/// Stagecoach, Wells Fargo).
const NO_TARGET: CardSet = cards::KIND_SET_TABLE[Kind::Beer as usize]
    | cards::KIND_SET_TABLE[Kind::Gatling as usize]
    | cards::KIND_SET_TABLE[Kind::Indians as usize]
    | cards::KIND_SET_TABLE[Kind::GeneralStore as usize]
    | cards::KIND_SET_TABLE[Kind::Saloon as usize]
    | cards::KIND_SET_TABLE[Kind::Stagecoach as usize]
    | cards::KIND_SET_TABLE[Kind::WellsFargo as usize];

/// Blue cards played in front of yourself (all blue cards but Jail).
const SELF_BLUE: CardSet = cards::BLUE & !cards::KIND_SET_TABLE[Kind::Jail as usize];

/// The phase-2 moves of one seat. Card sets hold only playable cards; target sets are seat
/// masks, walked clockwise from the player's left.
pub(crate) struct PlayMoves {
    seat: u8,
    /// BANG! cards (and Calamity Janet's Missed!) while a BANG! may still be played (C2.3a).
    bangs: CardSet,
    /// Seats within BANG! range (C4.3).
    in_range: u8,
    /// Cards played without a target.
    plain: CardSet,
    /// Panic! cards; their targets are at distance 1 (C8.9).
    panics: CardSet,
    /// Cat Balou cards; their targets are all other living seats (C8.10).
    cats: CardSet,
    /// Seats at distance 1 or less.
    in_reach: u8,
    /// The other living seats (Cat Balou, Duel; Decision 6).
    others: u8,
    duels: CardSet,
    jails: CardSet,
    /// Seats that may be jailed: not the Sheriff, no Jail yet (C8.4, Decision 6).
    jailable: u8,
    /// Blue cards whose name is not yet in front of the player (C2.3b, D.2 B20).
    blues: CardSet,
    /// Sid Ketchum's discards (§B, FAQ Q26): [`BangState::sid_discards`].
    sid: CardSet,
}

impl PlayMoves {
    /// The moves of `seat`, who must be the living active player at a `Play` frame.
    #[inline(always)]
    pub(crate) fn new(state: &BangState, seat: u8) -> Self {
        let hand = state.hand[seat as usize];
        let bangs = if state.can_bang(seat) { state.bang_cards(seat) } else { 0 };
        let panics = hand & kind_set(Kind::Panic);
        let (in_range, in_reach) = if bangs | panics != 0 { state.reach(seat) } else { (0, 0) };
        let others = state.alive & !(1 << seat);
        let jails = hand & kind_set(Kind::Jail);
        let mut jailable = 0u8;
        if jails != 0 {
            for t in bits(others) {
                let free = state.roles[t as usize] != Role::Sheriff && !state.has_in_play(t, Kind::Jail);
                jailable |= u8::from(free) << t;
            }
        }
        let mine = state.table[seat as usize];
        let mut blues = hand & SELF_BLUE;
        for card in cards::iter(blues) {
            if mine & kind_set(cards::kind(card)) != 0 {
                blues &= !cards::bit(card);
            }
        }
        PlayMoves {
            seat,
            bangs: if in_range != 0 { bangs } else { 0 },
            in_range,
            plain: hand & NO_TARGET,
            panics,
            cats: hand & kind_set(Kind::CatBalou),
            in_reach,
            others,
            duels: hand & kind_set(Kind::Duel),
            jails,
            jailable,
            blues,
            sid: state.sid_discards(seat),
        }
    }

    /// Appends every move to `out`, in the canonical order.
    #[inline]
    pub(crate) fn push_all(&self, state: &BangState, out: &mut Vec<Action>) {
        let play = |card: u8, target: u8, pick: u8| Action::Play { card, target, pick };
        if self.bangs != 0 {
            let (targets, len) = self.clockwise_seats(state, self.in_range);
            for card in cards::iter(self.bangs) {
                out.extend(targets[..len].iter().map(|&t| play(card, t, NONE)));
            }
        }
        out.extend(cards::iter(self.plain).map(|card| play(card, NONE, NONE)));
        for card in cards::iter(self.panics | self.cats) {
            for t in self.clockwise(state, self.steal_targets(card)) {
                if state.hand[t as usize] != 0 {
                    out.push(play(card, t, FROM_HAND));
                }
                out.extend(cards::iter(state.table[t as usize]).map(|pick| play(card, t, pick)));
            }
        }
        for card in cards::iter(self.duels) {
            out.extend(self.clockwise(state, self.others).map(|t| play(card, t, NONE)));
        }
        for card in cards::iter(self.jails) {
            out.extend(self.clockwise(state, self.jailable).map(|t| play(card, t, NONE)));
        }
        out.extend(cards::iter(self.blues).map(|card| play(card, NONE, NONE)));
        out.extend(cards::iter(self.sid).map(Action::SidDiscard));
        out.push(Action::EndTurn);
    }

    /// The number of moves: the length of the list [`Self::push_all`] appends.
    #[inline(always)]
    pub(crate) fn count(&self, state: &BangState) -> usize {
        let steals = if self.panics | self.cats != 0 {
            cards::count(self.panics) * steal_options(state, self.in_reach)
                + cards::count(self.cats) * steal_options(state, self.others)
        } else {
            0
        };
        let n = cards::count(self.bangs) * self.in_range.count_ones()
            + cards::count(self.plain)
            + steals
            + cards::count(self.duels) * self.others.count_ones()
            + cards::count(self.jails) * self.jailable.count_ones()
            + cards::count(self.blues)
            + cards::count(self.sid)
            + 1;
        n as usize
    }

    /// The move at index `k` of the list [`Self::push_all`] appends (`k < self.count(state)`).
    #[inline(always)]
    pub(crate) fn nth(&self, state: &BangState, k: usize) -> Action {
        let mut k = k as u32;
        let play = |card: u8, target: u8, pick: u8| Action::Play { card, target, pick };
        // Card `i` of `set` against target `j` of `mask`, when `k` falls in that group.
        let grid = |set: CardSet, mask: u8, k: &mut u32| {
            let per_card = mask.count_ones();
            let group = cards::count(set) * per_card;
            if *k < group {
                let card = cards::nth(set, *k / per_card);
                let target =
                    self.clockwise(state, mask).nth((*k % per_card) as usize).expect("k % per_card < per_card");
                return Some(play(card, target, NONE));
            }
            *k -= group;
            None
        };
        if let Some(a) = grid(self.bangs, self.in_range, &mut k) {
            return a;
        }
        if k < cards::count(self.plain) {
            return play(cards::nth(self.plain, k), NONE, NONE);
        }
        k -= cards::count(self.plain);
        for card in cards::iter(self.panics | self.cats) {
            for t in self.clockwise(state, self.steal_targets(card)) {
                if state.hand[t as usize] != 0 {
                    if k == 0 {
                        return play(card, t, FROM_HAND);
                    }
                    k -= 1;
                }
                let table = state.table[t as usize];
                if k < cards::count(table) {
                    return play(card, t, cards::nth(table, k));
                }
                k -= cards::count(table);
            }
        }
        if let Some(a) = grid(self.duels, self.others, &mut k) {
            return a;
        }
        if let Some(a) = grid(self.jails, self.jailable, &mut k) {
            return a;
        }
        if k < cards::count(self.blues) {
            return play(cards::nth(self.blues, k), NONE, NONE);
        }
        k -= cards::count(self.blues);
        if k < cards::count(self.sid) {
            return Action::SidDiscard(cards::nth(self.sid, k));
        }
        Action::EndTurn
    }

    /// The targets of a Panic! (`card` in `self.panics`) or Cat Balou.
    #[inline]
    fn steal_targets(&self, card: u8) -> u8 {
        if self.panics & cards::bit(card) != 0 { self.in_reach } else { self.others }
    }

    /// The seats of `mask` (which must not contain the player) clockwise from his left, as an
    /// array and its used length (for target lists walked once per card).
    #[inline]
    fn clockwise_seats(&self, state: &BangState, mask: u8) -> ([u8; MAX_PLAYERS], usize) {
        let mut seats = [0; MAX_PLAYERS];
        let mut len = 0;
        for t in self.clockwise(state, mask) {
            seats[len] = t;
            len += 1;
        }
        (seats, len)
    }

    /// The seats of `mask` (which must not contain the player), clockwise from his left.
    #[inline]
    fn clockwise(&self, state: &BangState, mask: u8) -> impl Iterator<Item = u8> + use<> {
        let n = state.n;
        let start = self.seat + 1;
        let m = u16::from(mask);
        // Rotate so that bit k is seat `start + k` (mod n).
        let rotated = ((m >> start) | (m << (n - start))) & ((1 << n) - 1);
        bits(rotated as u8).map(move |k| if start + k >= n { start + k - n } else { start + k })
    }
}

/// Panic!/Cat Balou options against the seats of `mask`: per seat, its hand (one option, a random
/// card, when not empty) and each of its cards in play.
#[inline]
fn steal_options(state: &BangState, mask: u8) -> u32 {
    bits(mask).map(|t| u32::from(state.hand[t as usize] != 0) + cards::count(state.table[t as usize])).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::bang::legal::for_each_decision;
    use crate::games::bang::state::Frame;

    /// In every phase-2 position of 400 random games at 4–7 players, `count` is the length of the
    /// listed moves and `nth(k)` is the `k`-th of them; the positions cover every group.
    #[test]
    fn indexed_moves_are_the_listed_moves_in_order() {
        let mut seen = [false; 4];
        for_each_decision(11, 400, |state, listed| {
            if matches!(state.top(), Frame::Play) {
                let moves = PlayMoves::new(state, state.active);
                assert_eq!(moves.count(state), listed.len(), "{state}");
                for (k, &a) in listed.iter().enumerate() {
                    assert_eq!(moves.nth(state, k), a, "move {k} of {listed:?} in\n{state}");
                }
                seen[0] |= moves.bangs != 0;
                seen[1] |= listed.iter().any(|a| matches!(a, Action::Play { pick, .. } if *pick != NONE));
                seen[2] |= moves.jails != 0 && moves.jailable != 0;
                seen[3] |= moves.sid != 0;
            }
        });
        assert_eq!(seen, [true; 4], "BANG!, steals from a table, Jail, Sid Ketchum");
    }
}
