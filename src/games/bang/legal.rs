//! Legal actions of the decider, read from the top pending-effect frame. Fills the caller's
//! buffer; allocates nothing once the buffer has grown.

use rand::RngExt;

use super::actions::Action;
use super::cards::{self, Kind};
use super::characters::Character;
use super::play_moves::PlayMoves;
use super::state::{BangState, Frame};
use crate::game::{GameRng, uniform_pick};

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

    /// A uniformly random legal action ([`crate::game::uniform_pick`]). The two most frequent
    /// decisions index their list without building it: phase 2 through [`PlayMoves`], and the
    /// phase 3 discard (each hand card, then Sid Ketchum's discards, as in [`Self::fill_legal`]).
    #[inline]
    pub(crate) fn random_legal(&self, rng: &mut GameRng, buf: &mut Vec<Action>) -> Option<Action> {
        if self.winner.is_none() {
            match self.top() {
                Frame::Play => {
                    let moves = PlayMoves::new(self, self.active);
                    return Some(moves.nth(self, rng.random_range(0..moves.count(self))));
                }
                Frame::DiscardExcess => {
                    let hand = self.hand[self.active as usize];
                    let sid = self.sid_discards(self.active);
                    let n = cards::count(hand) as usize;
                    let k = rng.random_range(0..n + cards::count(sid) as usize);
                    return Some(if k < n {
                        Action::Discard(cards::nth(hand, k as u32))
                    } else {
                        Action::SidDiscard(cards::nth(sid, (k - n) as u32))
                    });
                }
                _ => {}
            }
        }
        uniform_pick(self, rng, buf)
    }

    /// Sid Ketchum's ability, offered whenever he decides and may use it (§B, FAQ Q26).
    fn push_sid(&self, seat: u8, out: &mut Vec<Action>) {
        out.extend(cards::iter(self.sid_discards(seat)).map(Action::SidDiscard));
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

    /// Phase 2 actions of `seat` (C2.3, C4, C8; Decision 6 forbids self-targeting), in the
    /// order of [`PlayMoves`].
    fn legal_play(&self, seat: u8, out: &mut Vec<Action>) {
        // Pushing to a local vector lets its length and capacity live in registers.
        let mut v = std::mem::take(out);
        PlayMoves::new(self, seat).push_all(self, &mut v);
        *out = v;
    }

    /// The other living seats, clockwise from `seat`'s left.
    pub(crate) fn others(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        (1..self.n).map(move |k| self.offset(seat, k)).filter(|&s| self.is_alive(s))
    }
}
