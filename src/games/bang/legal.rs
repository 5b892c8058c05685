//! Legal actions of the decider, read from the top pending-effect frame. Fills the caller's
//! buffer; allocates nothing once the buffer has grown.

use super::actions::Action;
use super::cards::{self, CardSet, Kind, NONE, kind_set};
use super::characters::Character;
use super::roles::Role;
use super::state::{BangState, FROM_HAND, Frame, MAX_PLAYERS};
use crate::games::cardset::iter as bits;

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

impl BangState {
    /// The seat that decides at the top frame, or `None` when the game is over (or the stack is
    /// empty, which only happens in a finished game).
    pub fn decider(&self) -> Option<u8> {
        self.decider_at(self.top())
    }

    /// [`Self::decider`] given the top frame `top`.
    #[inline]
    fn decider_at(&self, top: Frame) -> Option<u8> {
        if self.winner.is_some() {
            return None;
        }
        match top {
            Frame::PickCharacter { seat }
            | Frame::DeathSave { seat, .. }
            | Frame::SidSecond { seat }
            | Frame::LuckyPick { seat, .. }
            | Frame::TopDiscard { seat } => Some(seat),
            Frame::DrawChoice | Frame::KitKeep { .. } | Frame::Play | Frame::DiscardExcess => Some(self.active),
            Frame::Shot { target, .. } | Frame::Indians { target, .. } => Some(target),
            Frame::Duel { current, .. } => Some(current),
            Frame::Store { picker, .. } => Some(picker),
            Frame::Empty | Frame::TurnStart { .. } | Frame::CardEnd { .. } | Frame::Volley { .. } => None,
        }
    }

    /// Clears `out` and fills it with the decider's legal actions in a deterministic order.
    pub fn fill_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        let top = self.top();
        if top == Frame::Play && self.winner.is_none() {
            self.legal_play(self.active, out);
            return;
        }
        let Some(seat) = self.decider_at(top) else { return };
        let hand = self.hand[seat as usize];
        match top {
            Frame::PickCharacter { seat } => {
                for c in self.options[seat as usize] {
                    out.push(Action::ChooseCharacter(c));
                }
            }
            Frame::Play => self.legal_play(seat, out),
            Frame::DiscardExcess => {
                out.extend(cards::iter(hand).map(Action::Discard));
                self.push_sid(seat, out);
            }
            Frame::DrawChoice => {
                out.push(Action::DrawDeck);
                if self.chars[seat as usize] == Character::PedroRamirez {
                    out.push(Action::DrawDiscard);
                } else {
                    for s in 0..self.n {
                        if s != seat && self.is_alive(s) && self.hand[s as usize] != 0 {
                            out.push(Action::DrawFromHand(s));
                        }
                    }
                }
            }
            Frame::KitKeep { cards } => out.extend(cards.iter().map(|&c| Action::PutBack(c))),
            Frame::LuckyPick { cards, .. } => {
                out.extend(cards.iter().map(|&c| Action::LuckyChoose(c)));
            }
            Frame::Shot { target, barrel, jour, .. } => {
                if !barrel && self.has_in_play(target, Kind::Barrel) {
                    out.push(Action::DrawBarrel);
                }
                if !jour && self.chars[target as usize] == Character::Jourdonnais {
                    out.push(Action::DrawJourdonnais);
                }
                out.extend(cards::iter(self.missed_cards(target)).map(Action::Respond));
                self.push_sid(seat, out);
                out.push(Action::Pass);
            }
            Frame::Duel { .. } | Frame::Indians { .. } => {
                out.extend(cards::iter(self.bang_cards(seat)).map(Action::Respond));
                self.push_sid(seat, out);
                out.push(Action::Pass);
            }
            Frame::DeathSave { .. } => {
                out.extend(cards::iter(hand & cards::kind_set(Kind::Beer)).map(Action::Respond));
                self.push_sid(seat, out);
                out.push(Action::Pass);
            }
            Frame::SidSecond { .. } => out.extend(cards::iter(hand).map(Action::SidDiscard)),
            Frame::Store { .. } => out.extend(cards::iter(self.store).map(Action::Take)),
            Frame::TopDiscard { seat } => {
                let all = self.hand[seat as usize] | self.table[seat as usize];
                out.extend(cards::iter(all).map(Action::TopDiscard));
            }
            Frame::Empty | Frame::TurnStart { .. } | Frame::CardEnd { .. } | Frame::Volley { .. } => {}
        }
    }

    /// Sid Ketchum's ability, offered whenever he decides and may use it (§B, FAQ Q26).
    fn push_sid(&self, seat: u8, out: &mut Vec<Action>) {
        if self.sid_can_heal(seat) {
            out.extend(cards::iter(self.hand[seat as usize]).map(Action::SidDiscard));
        }
    }

    /// Whether the responder of the top frame has any option besides `Pass` (used to skip
    /// forced decisions automatically).
    pub(crate) fn has_response(&self, seat: u8) -> bool {
        if self.sid_can_heal(seat) {
            return true;
        }
        match self.top() {
            Frame::Shot { target, barrel, jour, .. } => {
                (!barrel && self.has_in_play(target, Kind::Barrel))
                    || (!jour && self.chars[target as usize] == Character::Jourdonnais)
                    || self.missed_cards(target) != 0
            }
            Frame::Duel { .. } | Frame::Indians { .. } => self.bang_cards(seat) != 0,
            Frame::DeathSave { .. } => self.hand[seat as usize] & cards::kind_set(Kind::Beer) != 0,
            _ => true,
        }
    }

    /// Phase 2 actions of `seat` (C2.3, C4, C8; Decision 6 forbids self-targeting). Target sets
    /// are computed once per call as seat masks; cards are visited by group, ascending ids within
    /// a group, targets clockwise from `seat`'s left.
    fn legal_play(&self, seat: u8, out: &mut Vec<Action>) {
        // Pushing to a local vector lets its length and capacity live in registers.
        let mut v = std::mem::take(out);
        let hand = self.hand[seat as usize];
        let others = self.alive & !(1 << seat);
        let bang_like = if self.can_bang(seat) { self.bang_cards(seat) } else { 0 };
        let panics = hand & kind_set(Kind::Panic);
        let (in_range, in_reach) = if bang_like | panics != 0 { self.reach(seat) } else { (0, 0) };
        let play = |card: u8, target: u8, pick: u8| Action::Play { card, target, pick };
        if in_range != 0 {
            let (targets, len) = self.clockwise_seats(seat, in_range);
            for card in cards::iter(bang_like) {
                v.extend(targets[..len].iter().map(|&t| play(card, t, NONE)));
            }
        }
        v.extend(cards::iter(hand & NO_TARGET).map(|card| play(card, NONE, NONE)));
        for card in cards::iter(hand & (panics | kind_set(Kind::CatBalou))) {
            let targets = if panics & cards::bit(card) != 0 { in_reach } else { others };
            for t in self.clockwise(seat, targets) {
                if self.hand[t as usize] != 0 {
                    v.push(play(card, t, FROM_HAND));
                }
                v.extend(cards::iter(self.table[t as usize]).map(|pick| play(card, t, pick)));
            }
        }
        for card in cards::iter(hand & kind_set(Kind::Duel)) {
            v.extend(self.clockwise(seat, others).map(|t| play(card, t, NONE)));
        }
        let jails = hand & kind_set(Kind::Jail);
        if jails != 0 {
            let jail = kind_set(Kind::Jail);
            let mut jailable = 0u8;
            for t in bits(others) {
                let free = self.roles[t as usize] != Role::Sheriff && self.table[t as usize] & jail == 0;
                jailable |= u8::from(free) << t;
            }
            for card in cards::iter(jails) {
                v.extend(self.clockwise(seat, jailable).map(|t| play(card, t, NONE)));
            }
        }
        // Blue cards in front of yourself: one copy per name (C2.3b, D.2 B20).
        let mine = self.table[seat as usize];
        for card in cards::iter(hand & SELF_BLUE) {
            if mine & kind_set(cards::kind(card)) == 0 {
                v.push(play(card, NONE, NONE));
            }
        }
        self.push_sid(seat, &mut v);
        v.push(Action::EndTurn);
        *out = v;
    }

    /// The seats of `mask` (which must not contain `seat`) clockwise from `seat`'s left, as an
    /// array and its used length (for target lists walked once per card).
    #[inline]
    fn clockwise_seats(&self, seat: u8, mask: u8) -> ([u8; MAX_PLAYERS], usize) {
        let mut seats = [0; MAX_PLAYERS];
        let mut len = 0;
        for t in self.clockwise(seat, mask) {
            seats[len] = t;
            len += 1;
        }
        (seats, len)
    }

    /// The seats of `mask` (which must not contain `seat`), clockwise from `seat`'s left.
    #[inline]
    fn clockwise(&self, seat: u8, mask: u8) -> impl Iterator<Item = u8> {
        let n = self.n;
        let start = seat + 1;
        let m = u16::from(mask);
        // Rotate so that bit k is seat `start + k` (mod n).
        let rotated = ((m >> start) | (m << (n - start))) & ((1 << n) - 1);
        bits(rotated as u8).map(move |k| if start + k >= n { start + k - n } else { start + k })
    }

    /// The other living seats, clockwise from `seat`'s left.
    pub(crate) fn others(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        (1..self.n).map(move |k| self.offset(seat, k)).filter(|&s| self.is_alive(s))
    }
}
