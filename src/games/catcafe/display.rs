//! `Display` for actions (`pick 4`, `pass`, `mark C2F5 cushion`, `cat 6`; spec "Actions") and a
//! compact state: a header line (round, step, decider, first player, dice, drafted dice, shared
//! die, columns taken), then one line per seat (footprints, cats, banked points, columns, the
//! sheet column by column from floor 1 up: `H`ouse, `Y`arn, `B`utterfly, `F`ood bowl, `C`ushion,
//! `M`ouse, `.` empty, `#` not usable, and this round's commitment, which replays show although
//! the other seats cannot see it).

use std::fmt;

use super::sheet::{self, CellName, ITEM_LETTERS, ITEM_NAMES, NUM_COLUMNS, NUM_FLOORS};
use super::state::{Action, CatCafe, Commit, Phase};

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::PickDie(v) => write!(f, "pick {v}"),
            Action::Pass => f.write_str("pass"),
            Action::Mark { cell, item } => write!(f, "mark {} {}", CellName(cell), ITEM_NAMES[item as usize - 1]),
            Action::ChooseCat(k) => write!(f, "cat {k}"),
        }
    }
}

impl fmt::Display for Commit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Commit::None => f.write_str("-"),
            Commit::Pass => f.write_str("pass"),
            Commit::Mark { cell, item, cat } => {
                write!(f, "mark {} {}", CellName(cell), ITEM_NAMES[item as usize - 1])?;
                if cat > 0 { write!(f, " cat {cat}") } else { Ok(()) }
            }
        }
    }
}

/// A die value, `-` for none.
struct Die(u8);

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 0 { f.write_str("-") } else { write!(f, "{}", self.0) }
    }
}

impl fmt::Display for CatCafe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.n as usize;
        let phase = match self.phase {
            Phase::Draft => "draft",
            Phase::Mark => "mark",
            Phase::Cat => "cat",
            Phase::Over => "game over",
        };
        write!(f, "round {} {phase}", self.round)?;
        if let Some(seat) = self.decider() {
            write!(f, " seat {seat}")?;
        }
        write!(f, " first {} dice", self.first)?;
        for d in self.dice() {
            write!(f, " {d}")?;
        }
        f.write_str(" own")?;
        for p in 0..n {
            write!(f, " {}", Die(self.own[p]))?;
        }
        write!(f, " shared {} taken", Die(self.shared))?;
        for c in 0..NUM_COLUMNS {
            if self.taken & (1 << c) != 0 {
                write!(f, " C{}", c + 1)?;
            }
        }
        for p in 0..n {
            let s = &self.sheets[p];
            let mark = if self.decider() == Some(p as u8) { '>' } else { ' ' };
            write!(f, "\n{mark}{p} paws {}/{} cats ", s.avail, s.used)?;
            if s.cats == 0 {
                f.write_str("-")?;
            }
            for k in (1..=6).filter(|k| s.cats & (1 << (k - 1)) != 0) {
                write!(f, "{k}")?;
            }
            write!(f, " +{} cols +{}", s.cat_points, s.column_points)?;
            for c in 1..=NUM_COLUMNS as u8 {
                let text: String = (1..=NUM_FLOORS)
                    .map(|fl| match sheet::cell_at(c, fl) {
                        None => '#',
                        Some(cell) => {
                            s.items.iter().position(|m| m & (1 << cell) != 0).map_or('.', |i| ITEM_LETTERS[i] as char)
                        }
                    })
                    .collect();
                write!(f, " {text}")?;
            }
            if self.commits[p] != Commit::None {
                write!(f, " [{}]", self.commits[p])?;
            }
            if self.phase == Phase::Over {
                write!(f, " score {}", self.final_scores[p])?;
            }
        }
        Ok(())
    }
}
