//! End scoring (spec rules 20–26): the seven score parts of a seat, and the rewards.

use super::sheet::{self, ADJACENT, BOWL, BUTTERFLY, COLUMN_CELLS, CUSHION, MOUSE, NUM_COLUMNS, NUM_ITEMS, YARN};
use super::state::CatCafe;
use crate::game::{MAX_SEATS, Rewards};
use crate::labels::{LabelValue, Value};

/// Names of the score parts, in the order of [`CatCafe::score_parts`].
pub const PARTS: [&str; 7] = ["houses", "yarn", "butterflies", "bowls", "cushions", "mice", "columns"];

/// A score part, by its index in [`PARTS`]; as a label value, written by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part(pub u8);

impl Part {
    /// Its name in [`PARTS`], e.g. `"mice"`.
    pub fn name(self) -> &'static str {
        PARTS[usize::from(self.0)]
    }
}

impl LabelValue for Part {
    fn value(self) -> Value {
        Value::Text(self.0.into(), self.name())
    }
}

/// Points of a connected group of `k` mice (rule 25): 20 per full 4, plus 0/2/6/12 for the rest.
pub fn mouse_group_points(k: u32) -> i16 {
    (20 * (k / 4) + [0, 2, 6, 12][(k % 4) as usize]) as i16
}

/// Points of all mouse groups in `mice` (a set of cells; rule 25).
pub fn mice_points(mut mice: u32) -> i16 {
    let mut total = 0;
    while mice != 0 {
        let group = sheet::component(mice, mice);
        total += mouse_group_points(group.count_ones());
        mice &= !group;
    }
    total
}

/// Points of the food bowls of a sheet with these item cells (rule 23): per bowl, the distinct
/// item types among its marked neighbours.
pub fn bowl_points(items: &[u32; NUM_ITEMS]) -> i16 {
    sheet::cells(items[BOWL as usize - 1])
        .map(|c| items.iter().filter(|&&m| m & ADJACENT[c as usize] != 0).count() as i16)
        .sum()
}

/// Points of the cushions in `cushions` (rule 24): their floor numbers.
pub fn cushion_points(cushions: u32) -> i16 {
    sheet::cells(cushions).map(|c| i16::from(sheet::floor(c))).sum()
}

impl CatCafe {
    /// Seat `seat`'s score parts from the sheets as they stand (rules 20–25), in the order of
    /// [`PARTS`]: banked cat points, yarn majorities, butterflies, bowls, cushions, mice, banked
    /// column values. Their sum is the final score once the game is over.
    pub fn score_parts(&self, seat: usize) -> [i16; 7] {
        let items = &self.sheets[seat].items;
        let item = |i: u8| items[i as usize - 1];
        [
            self.sheets[seat].cat_points as i16,
            self.yarn_points(seat),
            3 * item(BUTTERFLY).count_ones() as i16,
            bowl_points(items),
            cushion_points(item(CUSHION)),
            mice_points(item(MOUSE)),
            i16::from(self.sheets[seat].column_points),
        ]
    }

    /// Seat `seat`'s yarn points (rule 22): per column, 8 for the most yarn (ties included), 3 for
    /// fewer but at least one, 0 for none.
    pub fn yarn_points(&self, seat: usize) -> i16 {
        let yarn = |p: usize, c: usize| (self.sheets[p].items[YARN as usize - 1] & COLUMN_CELLS[c]).count_ones();
        (0..NUM_COLUMNS)
            .map(|c| {
                let mine = yarn(seat, c);
                let most = (0..self.n as usize).map(|p| yarn(p, c)).max().unwrap_or(0);
                match mine {
                    0 => 0,
                    m if m == most => 8,
                    _ => 3,
                }
            })
            .sum()
    }

    /// `seat`'s largest score part, the first in [`PARTS`] order among equal ones (`houses` for
    /// a blank sheet).
    pub fn best_part(&self, seat: usize) -> Part {
        let parts = self.score_parts(seat);
        let best = (0..PARTS.len()).fold(0, |b, i| if parts[i] > parts[b] { i } else { b });
        Part(best as u8)
    }

    /// Final points of `seat` (rule 20); 0 before the game is over.
    pub fn final_score(&self, seat: usize) -> i16 {
        self.final_scores[seat]
    }

    /// Rewards once the game is over (rule 26, Decision 16): the k seats tied on the highest score
    /// get 1/k each, the others 0.
    pub fn rewards(&self) -> Option<Rewards> {
        (self.phase == super::Phase::Over).then(|| {
            let n = self.n as usize;
            let best = *self.final_scores[..n].iter().max().expect("players");
            let k = self.final_scores[..n].iter().filter(|&&s| s == best).count();
            let mut r = [0.0; MAX_SEATS];
            for (reward, &score) in r.iter_mut().zip(&self.final_scores[..n]) {
                if score == best {
                    *reward = 1.0 / k as f64;
                }
            }
            r
        })
    }
}
