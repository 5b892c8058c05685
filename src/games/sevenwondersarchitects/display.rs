//! `Display` for actions (`take deck2`, `build 3 [stone clay gold]`, `token economy`, …) and
//! for the state (one line per part, as replays print it).

use std::fmt;

use super::data::{Card, Counts, Token};
use super::state::{Action, ArchitectsState, NONE, ScienceSet, Source, Step, TokenChoice};

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Deck(k) => write!(f, "deck{k}"),
            Source::Central => f.write_str("central"),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Take(src) => write!(f, "take {src}"),
            Action::Science(ScienceSet::Pair(g)) => write!(f, "science pair {g}"),
            Action::Science(ScienceSet::Triple) => f.write_str("science triple"),
            Action::Token(TokenChoice::FaceUp(t)) => write!(f, "token {t}"),
            Action::Token(TokenChoice::StackTop) => f.write_str("token stack"),
            Action::Build { stage, pay } => {
                write!(f, "build {stage} [")?;
                let mut first = true;
                for (kind, &c) in pay.iter().enumerate() {
                    for _ in 0..c {
                        let sep = if first { "" } else { " " };
                        write!(f, "{sep}{}", Card::from_index(kind as u8))?;
                        first = false;
                    }
                }
                f.write_str("]")
            }
            Action::Look(k) => write!(f, "look deck{k}"),
            Action::Keep(c) => write!(f, "keep {c}"),
        }
    }
}

/// Writes non-zero counts as `wood gold×2`.
fn write_counts(f: &mut fmt::Formatter<'_>, c: &Counts) -> fmt::Result {
    let mut first = true;
    for (kind, &n) in c.iter().enumerate().filter(|(_, n)| **n > 0) {
        let sep = if first { "" } else { " " };
        write!(f, "{sep}{}", Card::from_index(kind as u8))?;
        if n > 1 {
            write!(f, "×{n}")?;
        }
        first = false;
    }
    Ok(())
}

impl fmt::Display for ArchitectsState {
    /// Lines: the turn and decision, the table (conflict, central, tokens), then one per seat
    /// (`>` the active seat): wonder, stages built, tableau, tokens, military, its deck.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = match self.step {
            Step::MainTake => "take",
            Step::ExtraTake => "extra take",
            Step::PowerTake => "power take",
            Step::Science => "science",
            Step::Token => "token",
            Step::Build => "build",
            Step::Look => "look",
            Step::Keep => "keep",
            Step::Over => "over",
        };
        writeln!(f, "turn {} seat {} {step}", self.turns, self.active)?;
        write!(f, "war {}/{}", self.war, self.conflict)?;
        if self.battle_pending {
            f.write_str(" battle pending")?;
        }
        write!(f, " | central {}", self.central_len)?;
        if self.central_known != 0 {
            let seats = self.central_known.count_ones();
            write!(f, " known to seat{}", if seats > 1 { "s" } else { "" })?;
            for p in (0..self.n).filter(|&p| self.central_known & 1 << p != 0) {
                write!(f, " {p}")?;
            }
        }
        f.write_str(" | tokens [")?;
        for (i, &t) in self.display.iter().filter(|&&t| t != NONE).enumerate() {
            write!(f, "{}{}", if i > 0 { " " } else { "" }, Token::from_index(t))?;
        }
        writeln!(f, "] stack {}", self.stack_len)?;
        if let Some((k, look)) = self.look() {
            write!(f, "look at deck{k}: ")?;
            write_counts(f, &look)?;
            writeln!(f)?;
        }
        for p in 0..self.n as usize {
            let mark = if p == self.active as usize && self.step != Step::Over { ">" } else { "" };
            write!(f, "{mark}{p} {} st {:?} [", self.wonder[p], self.built_stages(p))?;
            write_counts(f, &self.tableau[p])?;
            f.write_str("]")?;
            if self.owned[p] != 0 {
                f.write_str(" tok")?;
                for t in Token::ALL.iter().filter(|&&t| self.owns(p, t)) {
                    write!(f, " {t}")?;
                }
                if self.owned[p] & 1 << 14 != 0 {
                    f.write_str(" culture")?;
                }
            }
            if self.military[p] > 0 {
                write!(f, " mil {}", self.military[p])?;
            }
            if self.cat as usize == p {
                f.write_str(" cat")?;
            }
            write!(f, " | deck{p} {}", self.deck_len[p])?;
            if let Some(top) = self.deck_top(p) {
                write!(f, " top {top}")?;
            }
            if p + 1 < self.n as usize {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}
