//! Consistency checks of a state, used by the tests after every action: every card in exactly
//! one place, life bounds, the dead hold nothing, canonical unused slots, knowledge only of hidden
//! cards (public knowledge only of hand cards, nobody's private knowledge of a face-up card), the
//! Mustang mask matching the play areas, a consistent winner.

use super::cards::{self, Kind, NONE, NUM_CARDS};
use super::state::{BangState, Frame};
use crate::game::Broken;

impl BangState {
    /// Checks the invariants listed in the module docs.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    pub fn check_invariants(&self) -> Result<(), Broken> {
        let mut seen = [0u8; NUM_CARDS];
        let mut mark = |c: u8, place: &str| -> Result<(), Broken> {
            if c as usize >= NUM_CARDS {
                return Err(format!("bad card {c} in {place}").into());
            }
            seen[c as usize] += 1;
            Ok(())
        };
        for &c in self.deck() {
            mark(c, "deck")?;
        }
        for &c in self.discard_pile() {
            mark(c, "discard")?;
        }
        for p in 0..self.n as usize {
            for c in cards::iter(self.hand[p] | self.table[p]) {
                mark(c, "hand/table")?;
            }
            if self.hand[p] & self.table[p] != 0 {
                return Err(format!("seat {p}: card both in hand and in play").into());
            }
        }
        for c in cards::iter(self.store) {
            mark(c, "store")?;
        }
        let depth = self.depth as usize;
        let mut death_save = 0u8;
        for f in &self.stack[1..=depth] {
            match *f {
                Frame::KitKeep { cards } => {
                    for c in cards {
                        mark(c, "kit")?;
                    }
                }
                Frame::LuckyPick { cards, .. } => {
                    for c in cards {
                        mark(c, "lucky")?;
                    }
                }
                Frame::DeathSave { seat, .. } => death_save |= 1 << seat,
                Frame::Empty => return Err("empty frame inside the stack".into()),
                _ => {}
            }
        }
        if let Some(c) = seen.iter().position(|&k| k != 1) {
            return Err(format!("card {c} seen {} times\n{self}", seen[c]).into());
        }
        if self.stack[0] != Frame::Empty
            || self.stack[depth + 1..].iter().any(|f| *f != Frame::Empty)
            || self.deck[self.deck_len as usize..].iter().any(|&c| c != NONE)
            || self.discard[self.discard_len as usize..].iter().any(|&c| c != NONE)
        {
            return Err("non-canonical unused slot".into());
        }
        if self.deck_set() & !self.deck_cands != 0 {
            return Err("deck card outside deck_cands".into());
        }
        let mustangs = (0..self.n).filter(|&p| self.has_in_play(p, Kind::Mustang)).fold(0, |m, p| m | 1 << p);
        if self.mustangs != mustangs {
            return Err(format!("mustangs {:#b}, but Mustangs are in play at {mustangs:#b}", self.mustangs).into());
        }
        let mut in_hands = 0;
        for p in 0..self.n as usize {
            in_hands |= self.hand[p];
        }
        if self.pub_known & !in_hands != 0 {
            return Err("pub_known outside hands".into());
        }
        let face_up = self.store | self.table.iter().fold(0, |s, &t| s | t);
        let face_up = self.discard_pile().iter().fold(face_up, |s, &c| s | cards::bit(c));
        if let Some(c) = cards::iter(face_up).find(|&c| self.knowers[c as usize] != 0) {
            return Err(format!("face-up card {c} has private knowers").into());
        }
        for p in 0..self.n {
            let s = p as usize;
            if self.max_life[s] == 0 {
                continue; // character choice: nothing dealt yet
            }
            if self.is_alive(p) {
                let low = if death_save & (1 << p) != 0 { i8::MIN } else { 1 };
                if self.life[s] < low || self.life[s] > self.max_life[s] {
                    return Err(format!("seat {p} life {} out of range", self.life[s]).into());
                }
            } else if self.dying & (1 << p) == 0 {
                if self.hand[s] | self.table[s] != 0 {
                    return Err(format!("dead seat {p} holds cards").into());
                }
                if self.life[s] != 0 {
                    return Err(format!("dead seat {p} has life").into());
                }
            }
        }
        match (self.winner, self.depth) {
            (Some(w), _) => {
                if self.compute_winner() != Some(w) {
                    return Err(format!("winner {w:?} inconsistent with the living").into());
                }
            }
            (None, 0) => return Err("no winner and no pending frame".into()),
            (None, _) => {
                if self.decider().is_none() {
                    return Err(format!("no decider on {:?}", self.top()).into());
                }
            }
        }
        Ok(())
    }
}
