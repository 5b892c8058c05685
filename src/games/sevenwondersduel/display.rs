//! `Display` for actions (`construct tavern`, `wonder pyramids<-tavern`, `pick sphinx`, …) and a
//! compact multi-line view of a position.

use std::fmt;

use super::data::{CARDS, SYMBOL_NAMES, TOKEN_NAMES, WONDERS};
use super::state::{Action, Phase, SwdState};
use crate::games::mechanics::cardset::iter;

fn card(c: u8) -> &'static str {
    CARDS[c as usize].id
}
fn wonder(w: u8) -> &'static str {
    WONDERS[w as usize].id
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::PickWonder(w) => write!(f, "pick {}", wonder(w)),
            Action::ChooseStarter(s) => write!(f, "starter {s}"),
            Action::Discard(c) => write!(f, "discard {}", card(c)),
            Action::Construct(c) => write!(f, "construct {}", card(c)),
            Action::BuildWonder(c, w) => write!(f, "wonder {}<-{}", wonder(w), card(c)),
            Action::TakeProgress(t) => write!(f, "progress {}", TOKEN_NAMES[t as usize]),
            Action::TakeLibraryToken(t) => write!(f, "library {}", TOKEN_NAMES[t as usize]),
            Action::Resurrect(c) => write!(f, "resurrect {}", card(c)),
            Action::Destroy(c) => write!(f, "destroy {}", card(c)),
        }
    }
}

/// Writes the ids of a set as a comma-separated list.
fn list(f: &mut fmt::Formatter<'_>, ids: impl Iterator<Item = &'static str>) -> fmt::Result {
    let mut sep = "";
    for id in ids {
        write!(f, "{sep}{id}")?;
        sep = ",";
    }
    Ok(())
}

impl fmt::Display for SwdState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let phase = match self.phase {
            Phase::Draft => "draft",
            Phase::ChooseStarter => "choose starter",
            Phase::Turn => "turn",
            Phase::TakeProgress => "take progress",
            Phase::Library => "great library",
            Phase::Resurrect => "mausoleum",
            Phase::Destroy { .. } => "destroy",
            Phase::Over => "over",
        };
        writeln!(
            f,
            "age {} · seat {} · {phase} · F={} · pawn {:+} loot {:04b}",
            self.age, self.active, self.first, self.pawn, self.loot
        )?;
        for seat in 0..2 {
            write!(f, "seat {seat}: {}c city[", self.coins[seat])?;
            list(f, iter(self.city[seat]).map(card))?;
            write!(f, "] wonders[")?;
            let built = self.built[seat];
            let mut sep = "";
            for &w in self.wonders[seat].iter().filter(|&&w| w != super::state::NONE) {
                write!(f, "{sep}{}{}", wonder(w), if built & 1 << w != 0 { "*" } else { "" })?;
                sep = ",";
            }
            write!(f, "] tokens[")?;
            list(f, iter(self.held[seat]).map(|t| TOKEN_NAMES[t as usize]))?;
            write!(f, "] symbols[")?;
            list(f, (0..6).filter(|&s| self.symbols[seat][s] > 0).map(|s| SYMBOL_NAMES[s]))?;
            writeln!(f, "]")?;
        }
        write!(f, "structure:")?;
        for s in iter(self.present) {
            let s = s as usize;
            if self.face_up & 1 << s != 0 {
                write!(f, " {s}:{}", card(self.slot_card[s]))?;
            } else {
                write!(f, " {s}:{}", if self.guild_slots & 1 << s != 0 { "[guild]" } else { "[back]" })?;
            }
        }
        write!(f, "\nboard[")?;
        list(f, iter(self.board).map(|t| TOKEN_NAMES[t as usize]))?;
        write!(f, "] draft[")?;
        list(f, iter(self.group).map(wonder))?;
        write!(f, "] library[")?;
        list(f, iter(self.drawn).map(|t| TOKEN_NAMES[t as usize]))?;
        write!(f, "] discard[")?;
        list(f, iter(self.discard).map(card))?;
        write!(f, "]")
    }
}
