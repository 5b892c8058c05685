//! Legal actions of the decider, read from the top pending-effect frame. Fills the caller's
//! buffer; allocates nothing once the buffer has grown.

use super::actions::Action;
use super::card_choice::CardChoice;
use super::cards::{self, Kind};
use super::characters::Character;
use super::play_moves::PlayMoves;
use super::state::{BangState, Frame};
use crate::game::{GameRng, random_below, uniform_pick};

impl BangState {
    /// The seat that decides at the top frame, or `None` when the game is over (or the stack is
    /// empty, which only happens in a finished game).
    pub fn decider(&self) -> Option<u8> {
        if self.winner.is_some() {
            return None;
        }
        let top = self.top();
        // The commonest frame first: a playout's `random_legal` tests it next, on the same frame.
        // `matches!`, not `==`: the derived `eq` is not always inlined (1,500 instructions a game).
        if matches!(top, Frame::Play) {
            return Some(self.active);
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
        if self.winner.is_some() {
            return;
        }
        let top = self.top();
        if matches!(top, Frame::Play) {
            self.legal_play(self.active, out);
            return;
        }
        if let Some(choice) = CardChoice::at(self, top) {
            choice.push_all(out);
            return;
        }
        match top {
            Frame::PickCharacter { seat } => {
                for c in self.options[seat as usize] {
                    out.push(Action::ChooseCharacter(c));
                }
            }
            Frame::DrawChoice => {
                let seat = self.active;
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
            Frame::Play
            | Frame::DiscardExcess
            | Frame::Shot { .. }
            | Frame::Duel { .. }
            | Frame::Indians { .. }
            | Frame::DeathSave { .. }
            | Frame::SidSecond { .. }
            | Frame::Store { .. }
            | Frame::TopDiscard { .. } => unreachable!("phase 2 or a card choice, listed above"),
            Frame::Empty | Frame::TurnStart { .. } | Frame::CardEnd { .. } | Frame::Volley { .. } => {}
        }
    }

    /// A uniformly random legal action ([`crate::game::uniform_pick`]). Phase 2 ([`PlayMoves`])
    /// and the card choices ([`CardChoice`]), nearly every decision of a game, index their list
    /// without building it.
    #[inline(always)]
    pub(crate) fn random_legal(&self, rng: &mut GameRng, buf: &mut Vec<Action>) -> Option<Action> {
        if self.winner.is_some() {
            return None;
        }
        let top = self.top();
        if matches!(top, Frame::Play) {
            let moves = PlayMoves::new(self, self.active);
            return Some(moves.nth(self, random_below(rng, moves.count(self) as u32) as usize));
        }
        if let Some(choice) = CardChoice::at(self, top) {
            return Some(choice.nth(random_below(rng, choice.count() as u32) as usize));
        }
        uniform_pick(self, rng, buf)
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

/// Test helper: calls `visit` with every decision position of `games` random games at 4–7
/// players (seeded by `seed`) and the decider's listed actions there.
#[cfg(test)]
pub(crate) fn for_each_decision(seed: u64, games: usize, mut visit: impl FnMut(&BangState, &[Action])) {
    use crate::game::{Game, rng_from_seed};
    use rand::RngExt;
    let mut rng = rng_from_seed(seed);
    let mut listed = Vec::new();
    for game in 0..games {
        let mut state = BangState::new_game(&Default::default(), 4 + game % 4, &mut rng);
        while state.decider().is_some() {
            state.fill_legal(&mut listed);
            visit(&state, &listed);
            state.apply_action(listed[rng.random_range(0..listed.len())], &mut rng);
        }
    }
}
