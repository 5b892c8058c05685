//! Legal actions of the decider, read from the top pending-effect frame. Fills the caller's
//! buffer; allocates nothing once the buffer has grown.

use super::actions::Action;
use super::cards::{self, CardSet, Kind, NONE, kind_set};
use super::characters::Character;
use super::roles::Role;
use super::state::{BangState, FROM_HAND, Frame};

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
        if self.winner.is_some() {
            return None;
        }
        match self.top() {
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
        let Some(seat) = self.decider() else { return };
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

    /// Phase 2 actions of `seat` (C2.3, C4, C8; Decision 6 forbids self-targeting). Distances
    /// are computed once per call; cards are visited by group, ascending ids within a group.
    fn legal_play(&self, seat: u8, out: &mut Vec<Action>) {
        let hand = self.hand[seat as usize];
        let others = self.alive & !(1 << seat);
        let bang_like = self.bang_cards(seat);
        let can_bang = self.can_bang(seat);
        // Seats reachable by a BANG! (range) and by Panic! (distance 1); distances are only
        // computed when a card needs them.
        let mut bang_targets = 0u8;
        let mut panic_targets = 0u8;
        if (can_bang && bang_like != 0) || hand & cards::kind_set(Kind::Panic) != 0 {
            let dist = self.distances_from(seat);
            let range = if can_bang { self.range(seat) } else { i8::MIN };
            for t in 0..self.n {
                if others & (1 << t) != 0 {
                    if dist[t as usize] <= range {
                        bang_targets |= 1 << t;
                    }
                    if dist[t as usize] <= 1 {
                        panic_targets |= 1 << t;
                    }
                }
            }
        }
        let play = |card: u8, target: u8, pick: u8| Action::Play { card, target, pick };
        // Cards are visited by group (bit-set masks), which avoids a per-card dispatch.
        for card in cards::iter(bang_like) {
            self.push_targets(seat, bang_targets, |t| out.push(play(card, t, NONE)));
        }
        for card in cards::iter(hand & NO_TARGET) {
            out.push(play(card, NONE, NONE));
        }
        for card in cards::iter(hand & (kind_set(Kind::Panic) | kind_set(Kind::CatBalou))) {
            let targets = if cards::kind(card) == Kind::Panic { panic_targets } else { others };
            self.push_targets(seat, targets, |t| {
                if self.hand[t as usize] != 0 {
                    out.push(play(card, t, FROM_HAND));
                }
                for pick in cards::iter(self.table[t as usize]) {
                    out.push(play(card, t, pick));
                }
            });
        }
        for card in cards::iter(hand & kind_set(Kind::Duel)) {
            self.push_targets(seat, others, |t| out.push(play(card, t, NONE)));
        }
        for card in cards::iter(hand & kind_set(Kind::Jail)) {
            let jail = kind_set(Kind::Jail);
            self.push_targets(seat, others, |t| {
                if self.roles[t as usize] != Role::Sheriff && self.table[t as usize] & jail == 0 {
                    out.push(play(card, t, NONE));
                }
            });
        }
        // Blue cards in front of yourself: one copy per name (C2.3b, D.2 B20).
        let mut blocked = 0;
        for c in cards::iter(self.table[seat as usize]) {
            blocked |= kind_set(cards::kind(c));
        }
        for card in cards::iter(hand & SELF_BLUE & !blocked) {
            out.push(play(card, NONE, NONE));
        }
        self.push_sid(seat, out);
        out.push(Action::EndTurn);
    }

    /// Calls `f` for each seat of `mask`, clockwise from `seat`'s left.
    #[inline]
    fn push_targets(&self, seat: u8, mask: u8, mut f: impl FnMut(u8)) {
        if mask == 0 {
            return;
        }
        for k in 1..self.n {
            let t = self.offset(seat, k);
            if mask & (1 << t) != 0 {
                f(t);
            }
        }
    }

    /// The other living seats, clockwise from `seat`'s left.
    pub(crate) fn others(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        (1..self.n).map(move |k| self.offset(seat, k)).filter(|&s| self.is_alive(s))
    }
}
