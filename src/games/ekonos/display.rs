//! A compact `Display` of the state: a header line (round, first player, step and decider, the
//! expansion or president choice under way, the latter with its tied seats as `among seats 0,2`),
//! the map by company, the growth markers and share columns, then one line per seat (money,
//! coins, shares, presidencies, hand).

use std::fmt;

use super::data::{COMPANIES, numbers};
use super::state::{EkonosState, Step};

/// The regions of a set as `9,13p,…` (`p` marks a protected tile), or `-`.
struct Regions(u64, u64);

impl fmt::Display for Regions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 {
            return f.write_str("-");
        }
        for (i, r) in numbers(self.0).enumerate() {
            let p = if self.1 & super::data::bit(r) != 0 { "p" } else { "" };
            write!(f, "{}{r}{p}", if i == 0 { "" } else { "," })?;
        }
        Ok(())
    }
}

impl fmt::Display for EkonosState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let step = match self.step {
            Step::Play => "play",
            Step::GrowthChoice => "expand or wait",
            Step::Expansion => "expansion",
            Step::Sell => "sell",
            Step::Appoint => "appoint",
            Step::Buy => "buy",
            Step::Over => "game over",
        };
        write!(
            f,
            "round {}/{} first {} turn {} {step} by {}",
            self.round,
            self.rounds(),
            self.first,
            self.active,
            self.decider
        )?;
        match self.step {
            Step::GrowthChoice => write!(f, " {}", self.pending_company())?,
            Step::Expansion => {
                write!(f, " {} left {} F {}", self.pending_company(), self.left, Regions(self.frontier, 0))?
            }
            Step::Appoint => {
                write!(f, " {} among seats", self.pending_company())?;
                for (i, seat) in crate::games::mechanics::cardset::iter(self.tied).enumerate() {
                    write!(f, "{}{seat}", if i == 0 { " " } else { "," })?;
                }
            }
            _ => {}
        }
        writeln!(f)?;
        for c in COMPANIES {
            let i = c as usize;
            writeln!(
                f,
                "{c} tiles {} growth {} shares {} president {} map {}",
                self.tiles[i].count_ones(),
                self.growth[i],
                self.column_of(i),
                self.president(c).map_or("-".to_string(), |p| p.to_string()),
                Regions(self.tiles[i], self.protected)
            )?;
        }
        for p in 0..self.n as usize {
            let mark = if p == self.decider as usize && self.step != Step::Over { '>' } else { ' ' };
            write!(f, "{mark}{p} money {} coins {} shares", self.money(p), self.coins[p])?;
            for c in COMPANIES.into_iter().filter(|&c| self.shares[p][c as usize] > 0) {
                write!(f, " {c}{}", self.shares[p][c as usize])?;
            }
            write!(f, " hand [")?;
            for (i, card) in numbers(self.hands[p]).enumerate() {
                write!(f, "{}{card}", if i == 0 { "" } else { " " })?;
            }
            write!(f, "]")?;
            if p + 1 < self.n as usize {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}
