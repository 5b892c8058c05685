//! What a seat knows ([`CatCafeObservation`]) and determinization (spec "Information",
//! Decisions 1 and 15).
//!
//! Everything is public except the content of the other seats' commitments of the current round
//! (rule 18). Commitments are kept apart from the sheets until the reveal, so a seat's view is
//! the state with the other seats' commitments blanked: *that* a seat has committed follows from
//! the decider, *what* it committed does not show. A seat in its cat step shows (by being the
//! decider in [`Phase::Cat`]) that it committed a house, but not where.
//!
//! `determinize(o)` starts from `o`'s view, so it depends on nothing `o` cannot see. For every
//! other seat with a complete commitment (in round order) it draws one uniformly among `Pass` and
//! the seat's legal marks, computed from public data, and for a house a cat uniformly among the
//! seat's unchosen cats. Another seat in its cat step gets a house mark drawn uniformly among its
//! legal house marks (its cat is still to be chosen). In the draft nothing is hidden.

use super::sheet::HOUSE;
use super::state::{CatCafe, Commit, Phase};
use crate::game::GameRng;
use rand::RngExt;
use serde::Serialize;

/// Everything one seat knows (see the module docs). Equal observations = indistinguishable.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct CatCafeObservation {
    /// The observing seat.
    pub seat: u8,
    /// The state with the other seats' commitments blanked.
    pub view: CatCafe,
}

impl CatCafe {
    /// The observation of `seat` (see the module docs).
    pub fn observe(&self, seat: u8) -> CatCafeObservation {
        let mut view = *self;
        for (p, c) in view.commits.iter_mut().enumerate() {
            if p != seat as usize {
                *c = Commit::None;
            }
        }
        CatCafeObservation { seat, view }
    }

    /// Resamples the other seats' unrevealed commitments from `seat`'s view and `rng` only.
    pub fn determinize_for(&mut self, seat: u8, rng: &mut GameRng) {
        let mut s = self.observe(seat).view;
        if matches!(s.phase, Phase::Mark | Phase::Cat) {
            for k in 0..s.step {
                let p = (s.first + k) % s.n;
                if p != seat {
                    s.commits[p as usize] = s.random_commit(p as usize, rng);
                }
            }
            let decider = (s.first + s.step) % s.n;
            if s.phase == Phase::Cat && decider != seat {
                s.commits[decider as usize] = s.random_house(decider as usize, rng);
            }
        }
        *self = s;
    }

    /// A complete commitment of `p` drawn uniformly among `Pass` and its legal marks, with a
    /// uniform unchosen cat for a house (Decision 15).
    fn random_commit(&self, p: usize, rng: &mut GameRng) -> Commit {
        let sheet = &self.sheets[p];
        let marks = sheet.count_marks(self.own[p], self.shared);
        let pick = rng.random_range(0..=marks);
        if pick == 0 {
            return Commit::Pass;
        }
        let (cell, item) = sheet.nth_mark(self.own[p], self.shared, pick - 1).expect("pick - 1 < marks");
        let cat = if item == HOUSE {
            let free = !sheet.cats & 0b11_1111;
            nth_bit(free, rng.random_range(0..free.count_ones() as usize)) + 1
        } else {
            0
        };
        Commit::Mark { cell, item, cat }
    }

    /// A house mark of `p` (cat not yet chosen) drawn uniformly among its legal house marks.
    fn random_house(&self, p: usize, rng: &mut GameRng) -> Commit {
        let mut houses = 0;
        self.sheets[p].for_each_mark(self.own[p], self.shared, |_, item| houses += usize::from(item == HOUSE));
        let index = rng.random_range(0..houses);
        let mut seen = 0;
        let mut found = None;
        self.sheets[p].for_each_mark(self.own[p], self.shared, |cell, item| {
            if item == HOUSE {
                if seen == index {
                    found = Some(cell);
                }
                seen += 1;
            }
        });
        Commit::Mark { cell: found.expect("index below the count of house marks"), item: HOUSE, cat: 0 }
    }
}

/// The position of the `k`-th set bit of `bits`.
fn nth_bit(mut bits: u8, k: usize) -> u8 {
    for _ in 0..k {
        bits &= bits - 1;
    }
    bits.trailing_zeros() as u8
}
