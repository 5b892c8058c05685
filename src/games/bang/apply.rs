//! Applying the decider's action to the top frame, then running automatic frames.

use super::actions::Action;
use super::cards::{self, Kind, NONE};
use super::characters::Character;
use super::state::{BangState, Frame};
use crate::game::GameRng;

impl BangState {
    /// Plays `action` (which must be legal) for the decider, then advances to the next decision.
    #[inline(always)]
    pub fn apply_action(&mut self, action: Action, rng: &mut GameRng) {
        // Phase 2 actions are the active player's (the common case, without a frame lookup).
        let seat = match action {
            Action::Play { .. } | Action::EndTurn => self.active,
            _ => self.decider().expect("apply on a finished game"),
        };
        debug_assert_eq!(self.decider(), Some(seat), "{action} is not the decider's");
        match action {
            Action::ChooseCharacter(c) => self.choose_character(seat, c, rng),
            Action::Play { card, target, pick } => self.play_card(seat, card, target, pick, rng),
            Action::EndTurn => {
                self.pop();
                if cards::count(self.hand[seat as usize]) as i8 > self.life[seat as usize] {
                    self.push(Frame::DiscardExcess);
                } else {
                    self.end_turn();
                }
            }
            Action::Discard(c) => self.discard_from_hand(seat, c),
            Action::Respond(c) => self.respond(seat, c),
            Action::DrawBarrel | Action::DrawJourdonnais => {
                if let Frame::Shot { barrel, jour, .. } = self.top_mut() {
                    if action == Action::DrawBarrel {
                        *barrel = true;
                    } else {
                        *jour = true;
                    }
                }
                let check = if action == Action::DrawBarrel {
                    super::state::Check::Barrel
                } else {
                    super::state::Check::Jourdonnais
                };
                self.start_check(check, seat, rng);
            }
            Action::Pass => self.pass(rng),
            Action::SidDiscard(c) => {
                self.discard_from_hand(seat, c);
                if let Frame::SidSecond { .. } = self.top() {
                    self.pop();
                    let s = seat as usize;
                    self.life[s] = (self.life[s] + 1).min(self.max_life[s]);
                } else {
                    self.push(Frame::SidSecond { seat });
                }
            }
            Action::DrawDeck => {
                self.pop();
                self.draw_to_hand(seat, 2, rng);
            }
            Action::DrawFromHand(from) => {
                self.pop();
                self.steal_random(from, seat, rng);
                self.draw_to_hand(seat, 1, rng);
                self.suzy_check(rng);
            }
            Action::DrawDiscard => {
                self.pop();
                if let Some(c) = self.take_discard_top() {
                    self.give_public(seat, c);
                }
                self.draw_to_hand(seat, 1, rng);
            }
            Action::PutBack(c) => {
                if let Frame::KitKeep { cards } = self.top() {
                    self.pop();
                    for k in cards.into_iter().filter(|&k| k != c) {
                        self.hand[seat as usize] |= cards::bit(k);
                    }
                    self.put_on_deck(c, seat);
                }
            }
            Action::LuckyChoose(c) => {
                if let Frame::LuckyPick { cards, check, .. } = self.top() {
                    self.pop();
                    let other = if cards[0] == c { cards[1] } else { cards[0] };
                    self.push_discard(other);
                    self.push_discard(c);
                    self.resolve_check(check, seat, Some(c), rng);
                }
            }
            Action::Take(c) => {
                if let Frame::Store { picker, left } = self.top() {
                    self.store &= !cards::bit(c);
                    self.give_public(picker, c);
                    if left <= 1 || self.store == 0 {
                        self.pop();
                    } else {
                        *self.top_mut() = Frame::Store { picker: self.next_alive(picker), left: left - 1 };
                    }
                }
            }
            Action::TopDiscard(c) => {
                self.pop();
                self.discard_everything(seat, c);
                self.dying &= !(1 << seat);
                self.fallen |= 1 << seat;
            }
        }
        self.advance(rng);
    }

    /// A response card: Missed! to a shot, BANG! to a Duel or Indians!, Beer to a lethal hit.
    fn respond(&mut self, seat: u8, card: u8) {
        self.discard_from_hand(seat, card);
        match self.top_mut() {
            Frame::Shot { needed, .. } => {
                *needed -= 1;
                if *needed == 0 {
                    self.pop();
                }
            }
            Frame::Duel { challenger, defender, current } => {
                *current = if *current == *challenger { *defender } else { *challenger };
            }
            Frame::Indians { .. } => self.pop(),
            Frame::DeathSave { .. } => {
                // C5.3: a Beer has no effect when only two players are alive.
                if self.alive_count() >= 3 {
                    self.life[seat as usize] += 1;
                }
            }
            _ => unreachable!("respond on a frame without responses"),
        }
    }

    /// Phase 2: plays `card` (C2.3, C8). Every played card opens a `CardEnd` frame so that
    /// eliminations and Suzy Lafayette are handled once it has resolved.
    #[inline(always)]
    fn play_card(&mut self, seat: u8, card: u8, target: u8, pick: u8, rng: &mut GameRng) {
        let k = cards::kind(card);
        if target != NONE {
            self.attacked[seat as usize] |= 1 << target;
        }
        if self.bang_cards(seat) & cards::bit(card) != 0 {
            self.bangs += 1;
            self.discard_from_hand(seat, card);
            self.push(Frame::CardEnd { origin: seat });
            let slab = self.chars[seat as usize] == Character::SlabTheKiller;
            self.push(Frame::Shot {
                attacker: seat,
                target,
                needed: if slab { 2 } else { 1 },
                barrel: false,
                jour: false,
            });
            return;
        }
        if k.is_blue() {
            if k.weapon_range().is_some() {
                let old = self.table[seat as usize] & cards::WEAPONS;
                if old != 0 {
                    self.discard_from_table(seat, old.trailing_zeros() as u8);
                }
            }
            let owner = if k == Kind::Jail { target } else { seat };
            self.hand_to_table(seat, card, owner);
            self.suzy_check(rng);
            return;
        }
        self.discard_from_hand(seat, card);
        // Cards that can hurt someone (or leave a General Store picker empty-handed) resolve
        // through a `CardEnd` frame; the others cannot kill, so only Suzy needs a look after.
        if matches!(k, Kind::Duel | Kind::Gatling | Kind::Indians | Kind::GeneralStore) {
            self.push(Frame::CardEnd { origin: seat });
        }
        let s = seat as usize;
        match k {
            Kind::Beer => {
                if self.alive_count() >= 3 {
                    self.life[s] = (self.life[s] + 1).min(self.max_life[s]);
                }
            }
            Kind::Saloon => {
                for p in 0..self.n as usize {
                    if self.is_alive(p as u8) {
                        self.life[p] = (self.life[p] + 1).min(self.max_life[p]);
                    }
                }
            }
            Kind::Stagecoach => self.draw_to_hand(seat, 2, rng),
            Kind::WellsFargo => self.draw_to_hand(seat, 3, rng),
            Kind::Panic if pick == NONE => {
                self.steal_random(target, seat, rng);
            }
            Kind::Panic => {
                self.set_table(target, self.table[target as usize] & !cards::bit(pick));
                self.give_public(seat, pick);
            }
            Kind::CatBalou if pick == NONE => {
                if let Some(c) = self.random_hand_card(target, rng) {
                    self.discard_from_hand(target, c);
                }
            }
            Kind::CatBalou => self.discard_from_table(target, pick),
            Kind::Duel => self.push(Frame::Duel { challenger: seat, defender: target, current: target }),
            Kind::Gatling | Kind::Indians => {
                let others = self.alive & !(1 << seat);
                self.push(Frame::Volley { attacker: seat, indians: k == Kind::Indians, targets: others });
            }
            Kind::GeneralStore => {
                let n = self.alive_count() as u8;
                for _ in 0..n {
                    if let Some(c) = self.draw_card(rng) {
                        self.forget(c);
                        self.store |= cards::bit(c);
                    }
                }
                self.push(Frame::Store { picker: seat, left: n });
            }
            _ => unreachable!("{k:?} is not a playable brown card"),
        }
        if matches!(k, Kind::Beer | Kind::Saloon | Kind::Stagecoach | Kind::WellsFargo | Kind::Panic | Kind::CatBalou) {
            self.suzy_check(rng);
        }
    }
}
