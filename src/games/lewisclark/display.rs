//! Text forms of actions (spec "Actions" names) and of the state (for failures and replays).

use std::fmt;

use super::data::{self, KIND_NAMES, LOC_NAMES, NONE};
use super::state::{Action, LewisClark};
use crate::games::mechanics::cardset;

struct Card(u8);

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        data::write_id(self.0, f)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = |k: u8| KIND_NAMES[k as usize];
        match *self {
            Action::Play(c) => write!(f, "Play({})", Card(c)),
            Action::Send(l, k) => write!(f, "Send({},{k})", LOC_NAMES[l as usize]),
            Action::Recruit(s) => write!(f, "Recruit({s})"),
            Action::Camp => write!(f, "Camp"),
            Action::EndTurn => write!(f, "EndTurn"),
            Action::NoSupport => write!(f, "NoSupport"),
            Action::Support(c) => write!(f, "Support({})", Card(c)),
            Action::Indians(k) => write!(f, "Indians({k})"),
            Action::NoTradeIn => write!(f, "NoTradeIn"),
            Action::TradeIn(c) => write!(f, "TradeIn({})", Card(c)),
            Action::Choose(i) => write!(f, "Choose({i})"),
            Action::Take(k) => write!(f, "Take({})", kind(k)),
            Action::Done => write!(f, "Done"),
            Action::Amount(n) => write!(f, "Amount({n})"),
            Action::Return(k) => write!(f, "Return({})", kind(k)),
            Action::Pay(k) => write!(f, "Pay({})", kind(k)),
            Action::Location(l) => write!(f, "Location({})", LOC_NAMES[l as usize]),
            Action::Target(c) => write!(f, "Target({})", Card(c)),
            Action::TakeCard(s) => write!(f, "TakeCard({s})"),
            Action::TakeIndians(k) => write!(f, "TakeIndians({k})"),
            Action::Discard(c) => write!(f, "Discard({})", Card(c)),
        }
    }
}

fn cards(f: &mut fmt::Formatter<'_>, set: u128) -> fmt::Result {
    for (i, c) in cardset::iter(set).enumerate() {
        write!(f, "{}{}", if i > 0 { " " } else { "" }, Card(c))?;
    }
    Ok(())
}

impl fmt::Display for LewisClark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "round {} turn {} seat {} {:?} acted {} recruited {} camped {} end {:?}",
            self.round, self.turn, self.current, self.phase, self.acted, self.recruited, self.camped, self.end
        )?;
        for s in self.seat_range() {
            let e = &self.seats[s];
            write!(f, "seat {s}: scout {} camp {} ind {} (+{} on cards) res", e.scout, e.camp, e.indians, e.on_cards)?;
            for (k, n) in e.res.iter().enumerate() {
                if *n > 0 {
                    write!(f, " {}{n}", KIND_NAMES[k])?;
                }
            }
            write!(f, " tiles {:?} | hand ", e.tiles)?;
            cards(f, e.hand)?;
            write!(f, " | active ")?;
            cards(f, e.active)?;
            write!(f, " | supports ")?;
            cards(f, e.supports)?;
            writeln!(f)?;
        }
        write!(
            f,
            "village {:?} powwow {} supply {} tiles {:?} journal",
            self.village, self.powwow, self.indian_supply, self.tile_supply
        )?;
        for &c in &self.journal {
            if c != NONE {
                write!(f, " {}", Card(c))?;
            }
        }
        writeln!(f, " | deck {} discard {}", self.deck.count_ones(), self.discard.count_ones())?;
        write!(f, "ops {:?}", &self.stack[..self.depth as usize])
    }
}
