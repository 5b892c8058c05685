//! A compact `Display` of the state: a header line (round, seat to move, phase, direction, pile
//! size, herd), then one line per seat (total flies, cowshed, hand).

use std::fmt;

use super::cards::{self, ACROBATS, CardName, SLOWPOKE_SET, SetName};
use super::state::{Dir, MowState, Phase};

impl fmt::Display for MowState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dir = match self.dir {
            Dir::Clockwise => "cw",
            Dir::Counterclockwise => "ccw",
        };
        let phase = match self.phase {
            Phase::Turn => "turn",
            Phase::Start => "start a herd",
            Phase::Direction => "choose direction",
            Phase::Over => "game over",
        };
        write!(f, "round {} {phase} seat {} {dir} pile {} herd [", self.round, self.active, cards::count(self.pile))?;
        // The herd left to right: numbered cows by number, each Acrobat after the cow it stands
        // on, then the Slowpokes (the gap they fill does not matter to the rules).
        let acrobats = self.herd & ACROBATS;
        let on = |k: usize| cards::iter(acrobats).filter(move |&c| cards::card(c).number as usize == k);
        let order = (0..cards::BY_NUMBER.len())
            .flat_map(|k| cards::iter(self.herd & cards::BY_NUMBER[k]).chain(on(k)))
            .chain(cards::iter(self.herd & SLOWPOKE_SET));
        for (i, c) in order.enumerate() {
            write!(f, "{}{}", if i == 0 { "" } else { " " }, CardName(c))?;
        }
        writeln!(f, "]")?;
        for p in 0..self.n as usize {
            let mark = if p == self.active as usize { '>' } else { ' ' };
            write!(
                f,
                "{mark}{p} flies {} shed {} ({} flies) hand {}",
                self.scores[p],
                SetName(self.sheds[p]),
                cards::flies_in(self.sheds[p]),
                SetName(self.hands[p])
            )?;
            if p + 1 < self.n as usize {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}
