//! Consistency checks of a state, run by the tests after every action: every card and token in
//! exactly one place, decks holding only their own cards, canonical unused slots, counters and
//! scores in range, a consistent decision.

use super::data::{CENTRAL, Card, KINDS, TOKEN_KINDS, Token};
use super::state::{ArchitectsState, EndReason, LOOK, NONE, Step};
use crate::game::Broken;

impl ArchitectsState {
    /// Checks the invariants listed in the module docs.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    pub fn check_invariants(&self) -> Result<(), Broken> {
        let n = self.n as usize;
        let stone2 = self.config.babylon_deck == super::config::BabylonDeck::Stone2Clay1;
        // Cards: central + decks + tableaux + discard + look = the game's cards.
        let mut expected = CENTRAL;
        let mut seen = self.discard;
        for k in 0..n {
            let full = self.wonder[k].deck(stone2);
            let mut deck = [0u8; KINDS];
            for &c in &self.decks[k][..self.deck_len[k] as usize] {
                deck[c as usize] += 1;
            }
            for kind in 0..KINDS {
                if deck[kind] > full[kind] {
                    return Err(format!("deck{k} holds {} {}", deck[kind], Card::from_index(kind as u8)).into());
                }
                expected[kind] += full[kind];
                seen[kind] += deck[kind] + self.tableau[k][kind];
            }
            if self.decks[k][self.deck_len[k] as usize..].iter().any(|&c| c != 0) {
                return Err(format!("deck{k}: non-canonical unused slot").into());
            }
        }
        for &c in &self.central[..self.central_len as usize] {
            seen[c as usize] += 1;
        }
        for (s, &l) in seen.iter_mut().zip(&self.look) {
            *s += l;
        }
        if seen != expected {
            return Err(format!("cards {seen:?}, expected {expected:?}").into());
        }
        if self.central[self.central_len as usize..].iter().any(|&c| c != 0) {
            return Err("central: non-canonical unused slot".into());
        }
        // Tokens: display + stack + owned = 15.
        let mut tokens = [0u8; TOKEN_KINDS];
        let shown = self.display.iter().take_while(|&&t| t != NONE).count();
        if self.display[shown..].iter().any(|&t| t != NONE) || !self.display.is_sorted() {
            return Err(format!("display {:?} not sorted with empty slots last", self.display).into());
        }
        if shown < 3 && self.stack_len > 0 {
            return Err("a display slot is empty while the stack is not".into());
        }
        for &t in self.display[..shown].iter().chain(&self.stack[..self.stack_len as usize]) {
            tokens[t as usize] += 1;
        }
        for p in 0..n {
            for t in Token::ALL {
                tokens[t as usize] += u8::from(self.owns(p, t));
            }
            tokens[Token::Culture as usize] += u8::from(self.owned[p] & 1 << 14 != 0);
            if self.owned[p] >> 15 != 0 || (self.owned[p] & 1 << 14 != 0 && !self.owns(p, Token::Culture)) {
                return Err(format!("seat {p}: bad token mask {:#b}", self.owned[p]).into());
            }
        }
        if tokens.iter().zip(Token::ALL).any(|(&c, t)| c != t.copies()) {
            return Err(format!("tokens {tokens:?}").into());
        }
        if self.stack[self.stack_len as usize..].iter().any(|&c| c != 0) {
            return Err("stack: non-canonical unused slot".into());
        }
        // Counters.
        if self.war > self.conflict || self.battle_pending != (self.war == self.conflict) {
            return Err(
                format!("war {}/{} with battle_pending {}", self.war, self.conflict, self.battle_pending).into()
            );
        }
        if self.conflict != super::data::conflict_tokens(n) {
            return Err("conflict tokens".into());
        }
        if self.cat != NONE && (self.cat as usize >= n || self.tableau[self.cat as usize][Card::BlueCat as usize] == 0)
        {
            return Err(format!("cat holder {} without a BlueCat", self.cat).into());
        }
        if self.central_known >> n != 0 || (self.central_len == 0 && self.central_known != 0) {
            return Err(format!("central_known {:#b}", self.central_known).into());
        }
        let military: u32 = self.military[..n].iter().map(|&m| u32::from(m)).sum();
        if military > 2 * n as u32 * u32::from(self.battles) {
            return Err(format!("{military} military tokens after {} battles", self.battles).into());
        }
        for p in 0..n {
            if self.built[p] >> 5 != 0 {
                return Err(format!("seat {p}: built {:#b}", self.built[p]).into());
            }
            if self.score_parts(p).total() > 250 {
                return Err(format!("seat {p}: score {}", self.score_parts(p).total()).into());
            }
        }
        if self.look_len != self.look.iter().sum::<u8>() || self.look_len > LOOK {
            return Err(format!("look of {} cards holds {:?}", self.look_len, self.look).into());
        }
        if self.look_len > 0 && (self.step != Step::Keep || self.look[self.look_top as usize] == 0) {
            return Err("a look without its Keep decision or its former top".into());
        }
        if (self.step == Step::Over) != (self.end_reason != EndReason::None) {
            return Err(format!("step {:?} with end reason {:?}", self.step, self.end_reason).into());
        }
        if (self.end_reason == EndReason::Wonder) != (self.ender != NONE) {
            return Err("ender without a wonder end".into());
        }
        Ok(())
    }
}
