//! Consistency checks of a state (run after every action by the `catcafe_invariants_100k` test):
//! every die and every cell in exactly one place, footprints, cats and banked points in range.

use super::scoring::PARTS;
use super::sheet::{ALL_CELLS, COLUMN_CELLS, FOOTPRINTS, HIGHER_VALUE, HOUSE, LOWER_VALUE, NUM_COLUMNS};
use super::state::{CatCafe, Commit, Phase};
use crate::game::Broken;

impl CatCafe {
    /// Checks the state's invariants.
    ///
    /// # Errors
    /// A message naming the first broken one.
    pub fn check_invariants(&self) -> Result<(), Broken> {
        let n = self.n as usize;
        if !(2..=4).contains(&n) || self.first as usize >= n || self.step > self.n {
            return Err(format!("seats {n}, first {}, step {}", self.first, self.step).into());
        }
        if usize::from(self.first) != (usize::from(self.round) - 1) % n {
            return Err(format!("round {} has first player {}", self.round, self.first).into());
        }
        self.check_dice()?;
        self.check_commits()?;
        let mut completed_by_someone = 0;
        for p in 0..n {
            let s = &self.sheets[p];
            let mut seen = 0;
            for m in s.items {
                if m & seen != 0 || m & !ALL_CELLS != 0 {
                    return Err(format!("seat {p}: a cell holds two items or is not usable").into());
                }
                seen |= m;
            }
            if s.avail + s.used > FOOTPRINTS {
                return Err(format!("seat {p}: {} + {} paw prints", s.avail, s.used).into());
            }
            let houses = s.items[HOUSE as usize - 1].count_ones();
            if s.cats.count_ones() != houses || s.cats >= 1 << 6 {
                return Err(format!("seat {p}: {houses} houses but cats {:06b}", s.cats).into());
            }
            if u32::from(s.cat_points) > 2 * 24 * houses {
                return Err(format!("seat {p}: {} cat points", s.cat_points).into());
            }
            let complete =
                (0..NUM_COLUMNS).filter(|&c| seen & COLUMN_CELLS[c] == COLUMN_CELLS[c]).fold(0, |a, c| a | 1 << c);
            if s.banked != complete {
                return Err(format!("seat {p}: banked {:05b}, completed {complete:05b}", s.banked).into());
            }
            let cols = (0..NUM_COLUMNS).filter(|&c| s.banked & (1 << c) != 0);
            let low: u8 = cols.clone().map(|c| LOWER_VALUE[c]).sum();
            let high: u8 = cols.map(|c| HIGHER_VALUE[c]).sum();
            if !(low..=high).contains(&s.column_points) || s.higher > s.banked.count_ones() as u8 {
                return Err(format!("seat {p}: column points {} outside {low}..={high}", s.column_points).into());
            }
            completed_by_someone |= s.banked;
            let parts = self.score_parts(p);
            if parts.iter().any(|&x| x < 0) {
                return Err(format!("seat {p}: negative score part in {PARTS:?} = {parts:?}").into());
            }
        }
        if self.taken != completed_by_someone {
            return Err(format!("taken {:05b} but completed {completed_by_someone:05b}", self.taken).into());
        }
        let most = self.sheets[..n].iter().map(|s| s.banked.count_ones()).max().unwrap_or(0);
        if (self.phase == Phase::Over) != (most >= 3) || most > 3 {
            return Err(format!("phase {:?} with {most} columns completed by the leader", self.phase).into());
        }
        if self.phase == Phase::Over {
            for p in 0..n {
                if self.final_scores[p] != self.score_parts(p).iter().sum::<i16>() {
                    return Err(format!("seat {p}: final score {} is not its parts' sum", self.final_scores[p]).into());
                }
            }
        }
        Ok(())
    }

    /// The n + 1 dice rolled are the pool plus the drafted dice (plus the shared die after the draft).
    fn check_dice(&self) -> Result<(), Broken> {
        let n = self.n as usize;
        let mut count = [0u8; 6];
        for &d in &self.rolled[..=n] {
            if !(1..=6).contains(&d) {
                return Err(format!("die {d}").into());
            }
            count[d as usize - 1] += 1;
        }
        if self.rolled[n + 1..].iter().any(|&d| d != 0) {
            return Err("more than n + 1 dice".into());
        }
        let mut placed = self.pool;
        let drafted = match self.phase {
            Phase::Draft => self.step as usize,
            _ => n,
        };
        for k in 0..n {
            let p = (self.first as usize + k) % n;
            match (k < drafted, self.own[p]) {
                (true, d @ 1..=6) => placed[d as usize - 1] += 1,
                (false, 0) => {}
                (_, d) => return Err(format!("seat {p} holds die {d} at draft step {drafted}").into()),
            }
        }
        match (self.phase, self.shared) {
            (Phase::Draft, 0) => {}
            (Phase::Draft, d) => return Err(format!("shared die {d} during the draft").into()),
            (_, d @ 1..=6) if self.pool == [0; 6] => placed[d as usize - 1] += 1,
            (_, d) => return Err(format!("shared die {d} with pool {:?} after the draft", self.pool).into()),
        }
        if placed != count {
            return Err(format!("dice {:?} rolled, {placed:?} placed", &self.rolled[..=n]).into());
        }
        Ok(())
    }

    /// Exactly the seats that have committed this round hold a commitment, each one legal.
    fn check_commits(&self) -> Result<(), Broken> {
        let n = self.n as usize;
        for k in 0..n {
            let p = (self.first as usize + k) % n;
            let c = self.commits[p];
            let expected = match self.phase {
                Phase::Mark => k < self.step as usize,
                Phase::Cat => k <= self.step as usize,
                _ => false,
            };
            if (c != Commit::None) != expected {
                return Err(format!("seat {p} commitment {c} at step {} of {:?}", self.step, self.phase).into());
            }
            if let Commit::Mark { cell, item, cat } = c {
                let mut legal = false;
                self.sheets[p].for_each_mark(self.own[p], self.shared, |c2, i2| legal |= (c2, i2) == (cell, item));
                let in_cat_step = self.phase == Phase::Cat && k == self.step as usize;
                let cat_ok = match (item == HOUSE, in_cat_step) {
                    (true, true) => cat == 0,
                    (true, false) => (1..=6).contains(&cat) && self.sheets[p].cats & (1 << (cat - 1)) == 0,
                    (false, _) => cat == 0 && !in_cat_step,
                };
                if !legal || !cat_ok {
                    return Err(format!("seat {p}: illegal commitment {c}").into());
                }
            }
        }
        Ok(())
    }
}
