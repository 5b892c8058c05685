//! A compact human-readable `Display` of the state: one line per seat, then the piles and the
//! pending effect.

use std::fmt;

use super::cards::{self, CardName};
use super::state::BangState;

impl fmt::Display for BangState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for p in 0..self.n {
            let s = p as usize;
            let mark = if p == self.active { '>' } else { ' ' };
            let role = if self.revealed & (1 << p) != 0 { self.roles[s].text() } else { "?" };
            let state = if self.is_alive(p) { "" } else { " dead" };
            write!(
                f,
                "{mark}{p} {role} {} {}/{} hand {}{state}",
                self.chars[s].text(),
                self.life[s],
                self.max_life[s],
                cards::count(self.hand[s]),
            )?;
            if self.table[s] != 0 {
                write!(f, " [")?;
                for (i, c) in cards::iter(self.table[s]).enumerate() {
                    let sep = if i == 0 { "" } else { " " };
                    write!(f, "{sep}{}", CardName(c))?;
                }
                write!(f, "]")?;
            }
            writeln!(f)?;
        }
        write!(f, "deck {} discard {}", self.deck_len, self.discard_len)?;
        if let Some(&top) = self.discard_pile().last() {
            write!(f, " (top {})", CardName(top))?;
        }
        match self.winner {
            Some(w) => write!(f, " winner {}", w.text()),
            None => write!(f, " pending {:?}", self.top()),
        }
    }
}
