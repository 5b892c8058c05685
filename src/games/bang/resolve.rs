//! The automatic part of the pending-effect machine: turn start (C2.1), draw phase (C2.2, §B),
//! "draw!" checks (C8.2–8.4), damage and death saves (C5), eliminations, win check, rewards and
//! penalties (C6, C7, Decisions 2, 3, 10), Suzy Lafayette (Decision 5) and the end of turn.
//!
//! [`BangState::advance`] runs automatic frames until a decision is needed or the game is over.
//! Decisions with a single possible answer for a responder (no Missed!, no Barrel, no Beer…) are
//! taken automatically as `Pass`.

use super::cards::{self, Kind, NONE};
use super::characters::Character;
use super::roles::{Role, Side};
use super::state::{BangState, Check, Frame, first_after};
use crate::game::GameRng;

impl BangState {
    /// Runs automatic frames until the top frame is a decision or the game is over.
    #[inline]
    pub(crate) fn advance(&mut self, rng: &mut GameRng) {
        // Fast path: most phase 2 cards leave the living active player to play on.
        if matches!(self.top(), Frame::Play) && self.is_alive(self.active) && self.winner.is_none() {
            return;
        }
        self.advance_frames(rng);
    }

    /// The loop of [`Self::advance`], out of line so that its fast path stays small.
    #[inline(never)]
    fn advance_frames(&mut self, rng: &mut GameRng) {
        while self.winner.is_none() && self.depth > 0 {
            let top = self.top();
            // The usual way out (the living active player plays on), tested before the dispatch.
            if matches!(top, Frame::Play) && self.is_alive(self.active) {
                return;
            }
            match top {
                Frame::TurnStart { stage } => self.turn_start(stage, rng),
                Frame::CardEnd { origin } => self.card_end(origin, rng),
                Frame::Volley { attacker, indians, targets } => self.volley_step(attacker, indians, targets),
                Frame::Play | Frame::DiscardExcess | Frame::DrawChoice if !self.is_alive(self.active) => {
                    self.end_turn();
                }
                Frame::DiscardExcess
                    if cards::count(self.hand[self.active as usize])
                        <= self.life[self.active as usize].max(0) as u32 =>
                {
                    self.end_turn();
                }
                Frame::DeathSave { seat, lost, source } if self.life[seat as usize] >= 1 => {
                    self.pop();
                    self.after_hit(seat, lost, source, rng);
                }
                Frame::Shot { target: s, .. }
                | Frame::Duel { current: s, .. }
                | Frame::Indians { target: s, .. }
                | Frame::DeathSave { seat: s, .. }
                    if !self.has_response(s) =>
                {
                    self.pass(rng);
                }
                Frame::Store { picker, .. } if cards::count(self.store) <= 1 => {
                    if self.store != 0 {
                        let c = self.store.trailing_zeros() as u8;
                        self.store = 0;
                        self.give_public(picker, c);
                    }
                    self.pop();
                }
                _ => return,
            }
        }
    }

    // ---- turn flow --------------------------------------------------------------------

    /// C2.5: the next living player's turn starts (the stack is reset).
    pub(crate) fn end_turn(&mut self) {
        while self.depth > 0 {
            self.pop();
        }
        self.active = self.next_alive(self.active);
        self.bangs = 0;
        self.push(Frame::TurnStart { stage: 0 });
    }

    /// C2.1: Dynamite, then Jail, then the draw phase. Stages run straight through unless a
    /// "draw!" opens a frame (Lucky Duke's pick, a death save).
    fn turn_start(&mut self, stage: u8, rng: &mut GameRng) {
        let p = self.active;
        if stage == 0 {
            *self.top_mut() = Frame::TurnStart { stage: 1 };
            if self.has_in_play(p, Kind::Dynamite) {
                self.start_check(Check::Dynamite, p, rng);
                return;
            }
        }
        if stage <= 1 {
            if !self.is_alive(p) {
                self.end_turn();
                return;
            }
            *self.top_mut() = Frame::TurnStart { stage: 2 };
            if self.has_in_play(p, Kind::Jail) {
                self.start_check(Check::Jail, p, rng);
                return;
            }
        }
        if stage <= 2 {
            self.pop();
            self.push(Frame::Play);
            self.draw_phase(rng);
        } else {
            self.end_turn();
        }
    }

    /// C2.2 and the draw-phase characters of §B.
    fn draw_phase(&mut self, rng: &mut GameRng) {
        let p = self.active;
        match self.chars[p as usize] {
            Character::JesseJones if self.others(p).any(|s| self.hand[s as usize] != 0) => {
                self.push(Frame::DrawChoice);
            }
            Character::PedroRamirez if self.discard_len > 0 => self.push(Frame::DrawChoice),
            Character::KitCarlson => {
                let mut seen = [NONE; 3];
                let mut got = 0;
                for slot in &mut seen {
                    if let Some(c) = self.draw_card(rng) {
                        *slot = c;
                        got += 1;
                    }
                }
                if got == 3 {
                    self.push(Frame::KitKeep { cards: seen });
                } else {
                    for c in seen.into_iter().filter(|&c| c != NONE) {
                        self.hand[p as usize] |= cards::bit(c);
                    }
                }
            }
            Character::BlackJack => {
                self.draw_to_hand(p, 1, rng);
                if let Some(c) = self.draw_card(rng) {
                    self.give_public(p, c);
                    if cards::info(c).suit.is_red() {
                        self.draw_to_hand(p, 1, rng);
                    }
                }
            }
            _ => self.draw_to_hand(p, 2, rng),
        }
    }

    // ---- "draw!" --------------------------------------------------------------------------

    /// Starts a "draw!" for `seat` (C8.2): one card, or two for Lucky Duke who then chooses.
    pub(crate) fn start_check(&mut self, check: Check, seat: u8, rng: &mut GameRng) {
        let first = self.draw_card(rng);
        if self.chars[seat as usize] == Character::LuckyDuke
            && let Some(a) = first
            && let Some(b) = self.draw_card(rng)
        {
            self.push(Frame::LuckyPick { seat, cards: [a, b], check });
            return;
        }
        if let Some(c) = first {
            self.push_discard(c);
        }
        self.resolve_check(check, seat, first, rng);
    }

    /// Applies the result `card` of a "draw!" (`None`: no card could be drawn, Decision 7).
    pub(crate) fn resolve_check(&mut self, check: Check, seat: u8, card: Option<u8>, rng: &mut GameRng) {
        match check {
            Check::Dynamite => {
                let dyn_card = (self.table[seat as usize] & cards::kind_set(Kind::Dynamite)).trailing_zeros() as u8;
                if card.is_some_and(cards::dynamite_explodes) {
                    self.discard_from_table(seat, dyn_card);
                    self.push(Frame::CardEnd { origin: seat });
                    self.damage(seat, 3, NONE, rng);
                } else {
                    let next = self.next_alive(seat);
                    self.set_table(seat, self.table[seat as usize] & !cards::bit(dyn_card));
                    self.set_table(next, self.table[next as usize] | cards::bit(dyn_card));
                }
            }
            Check::Jail => {
                let jail = (self.table[seat as usize] & cards::kind_set(Kind::Jail)).trailing_zeros() as u8;
                self.discard_from_table(seat, jail);
                if !card.is_some_and(cards::is_heart) {
                    *self.top_mut() = Frame::TurnStart { stage: 3 };
                }
            }
            Check::Barrel | Check::Jourdonnais => {
                if card.is_some_and(cards::is_heart)
                    && let Frame::Shot { needed, .. } = self.top_mut()
                {
                    *needed -= 1;
                    if *needed == 0 {
                        self.pop();
                    }
                }
            }
        }
    }

    // ---- damage ------------------------------------------------------------------------

    /// `target` loses `amount` life from `source` (`NONE`: nobody, e.g. Dynamite). A lethal hit
    /// opens a death save (C5.2); otherwise Bart Cassidy / El Gringo trigger now (C5.5).
    pub(crate) fn damage(&mut self, target: u8, amount: u8, source: u8, rng: &mut GameRng) {
        self.life[target as usize] -= amount as i8;
        if self.life[target as usize] <= 0 {
            self.push(Frame::DeathSave { seat: target, lost: amount, source });
        } else {
            self.after_hit(target, amount, source, rng);
        }
    }

    /// Character triggers after `seat` survived losing `lost` life (FAQ Q17, Q21, Q24).
    pub(crate) fn after_hit(&mut self, seat: u8, lost: u8, source: u8, rng: &mut GameRng) {
        match self.chars[seat as usize] {
            Character::BartCassidy => self.draw_to_hand(seat, lost, rng),
            Character::ElGringo if source != NONE && source != seat => {
                for _ in 0..lost {
                    // BGA [61846]: an empty-handed Suzy draws first, then El Gringo takes.
                    if self.chars[source as usize] == Character::SuzyLafayette
                        && self.hand[source as usize] == 0
                        && self.is_alive(source)
                    {
                        self.draw_to_hand(source, 1, rng);
                    }
                    self.steal_random(source, seat, rng);
                }
            }
            _ => {}
        }
    }

    /// Declines the current response: take the hit, lose the Duel, fail Indians!, or die.
    pub(crate) fn pass(&mut self, rng: &mut GameRng) {
        match self.top() {
            Frame::Shot { attacker, target, .. } | Frame::Indians { attacker, target } => {
                self.pop();
                self.damage(target, 1, attacker, rng);
            }
            Frame::Duel { challenger, current, .. } => {
                self.pop();
                let source = if current == challenger { NONE } else { challenger };
                self.damage(current, 1, source, rng);
            }
            Frame::DeathSave { seat, source, .. } => {
                self.pop();
                let s = seat as usize;
                self.alive &= !(1 << seat);
                self.dying |= 1 << seat;
                self.killer[s] = source;
                self.life[s] = 0;
            }
            _ => unreachable!("pass on a frame without a pass option"),
        }
    }

    /// One step of Gatling / Indians!: the next target clockwise responds (C8.6, C8.7).
    fn volley_step(&mut self, attacker: u8, indians: bool, targets: u8) {
        let Some(t) = first_after(targets, attacker) else {
            self.pop();
            return;
        };
        *self.top_mut() = Frame::Volley { attacker, indians, targets: targets & !(1 << t) };
        if !self.is_alive(t) {
            return;
        }
        if indians {
            self.push(Frame::Indians { attacker, target: t });
        } else {
            self.push(Frame::Shot { attacker, target: t, needed: 1, barrel: false, jour: false });
        }
    }

    // ---- end of a card: eliminations, win, rewards ---------------------------------------

    /// The card started by `origin` has resolved (C6.6, C7.4, Decisions 2, 3, 5, 10).
    fn card_end(&mut self, origin: u8, rng: &mut GameRng) {
        if self.dying != 0 {
            let d = first_after(self.dying, origin).expect("a dying seat");
            self.revealed |= 1 << d;
            let all = self.hand[d as usize] | self.table[d as usize];
            if let Some(sam) = self.alive_with(Character::VultureSam) {
                // §B Vulture Sam: everything goes to his hand; cards in play become public.
                self.pub_known |= self.table[d as usize];
                self.hand[sam as usize] |= all;
                self.hand[d as usize] = 0;
                self.set_table(d, 0);
            } else if cards::count(all) >= 2 && self.alive_with(Character::PedroRamirez).is_some() {
                self.push(Frame::TopDiscard { seat: d });
                return;
            } else {
                self.discard_everything(d, NONE);
            }
            self.dying &= !(1 << d);
            self.fallen |= 1 << d;
            return;
        }
        if self.fallen != 0 {
            if let Some(side) = self.compute_winner() {
                self.finish(side);
                return;
            }
            for k in 1..=self.n {
                let d = self.offset(origin, k);
                if self.fallen & (1 << d) == 0 {
                    continue;
                }
                let killer = self.killer[d as usize];
                if killer == NONE || !self.is_alive(killer) {
                    continue;
                }
                match (self.roles[killer as usize], self.roles[d as usize]) {
                    (_, Role::Outlaw) => self.draw_to_hand(killer, 3, rng),
                    (Role::Sheriff, Role::Deputy) => self.discard_everything(killer, NONE),
                    _ => {}
                }
            }
            self.fallen = 0;
        }
        self.suzy_check(rng);
        self.pop();
    }

    /// Decision 5: Suzy Lafayette draws once the current card has resolved, if her hand is empty.
    pub(crate) fn suzy_check(&mut self, rng: &mut GameRng) {
        if let Some(s) = self.alive_with(Character::SuzyLafayette)
            && self.hand[s as usize] == 0
        {
            self.draw_to_hand(s, 1, rng);
        }
    }

    /// C7.1–7.3 on the current set of living players.
    pub fn compute_winner(&self) -> Option<Side> {
        let living = |r: Role| (0..self.n).any(|s| self.is_alive(s) && self.roles[s as usize] == r);
        if !living(Role::Sheriff) {
            let lone_renegade = self.alive_count() == 1 && living(Role::Renegade);
            Some(if lone_renegade { Side::Renegade } else { Side::Outlaws })
        } else if !living(Role::Outlaw) && !living(Role::Renegade) {
            Some(Side::Sheriff)
        } else {
            None
        }
    }

    /// Ends the game: every role is revealed (C1.3) and the stack is cleared.
    fn finish(&mut self, side: Side) {
        self.winner = Some(side);
        self.revealed = (1 << self.n) - 1;
        while self.depth > 0 {
            self.pop();
        }
    }
}
