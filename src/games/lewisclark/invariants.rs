//! The invariants of W21, checked after every action by the tests.

use super::data::{self, BOTTOM, INDIANS, NUM_ENCOUNTERS, TILES_PER_KIND};
use super::state::{LewisClark, Phase};

impl LewisClark {
    /// Checks W21: the Indians in play are 3N + 3; every card is in exactly one place; tiles add
    /// up to 12; resources within capacity (outside an action, where an overflow may wait for
    /// its `Return`s); scouts share a space only at −5 (or 0 before moving); counters in range.
    ///
    /// # Errors
    /// The first broken invariant, described.
    pub fn check_invariants(&self) -> Result<(), String> {
        let n = self.n as usize;
        let mut indians = u32::from(self.powwow) + u32::from(self.indian_supply);
        indians += self.village.iter().map(|&v| u32::from(v)).sum::<u32>();
        let mut places: Vec<u128> = Vec::new();
        for s in 0..n {
            let e = &self.seats[s];
            indians += u32::from(e.indians) + u32::from(e.on_cards);
            places.extend([e.hand, e.active, e.supports]);
            if self.phase != Phase::Action && e.total() > e.capacity() {
                return Err(format!("seat {s} holds {} resources over capacity {}", e.total(), e.capacity()));
            }
            if e.scout < BOTTOM || e.camp < BOTTOM {
                return Err(format!("seat {s} below the bottom"));
            }
            if e.on_cards > 0 && e.active == 0 {
                return Err(format!("seat {s} has Indians on no card"));
            }
            if (e.supports.count_ones()) > e.active.count_ones() {
                return Err(format!("seat {s} has more supports than active cards"));
            }
        }
        if indians != 3 * n as u32 + 3 || u32::from(INDIANS - 3 * self.n - 3) + indians != u32::from(INDIANS) {
            return Err(format!("{indians} Indians in play, not {}", 3 * n + 3));
        }
        let to_cards = |set: u64| u128::from(set) << data::FIRST_ENCOUNTER;
        let journal = self.journal.iter().filter(|&&c| c != data::NONE).fold(0u128, |m, &c| m | 1 << c);
        places.extend([journal, to_cards(self.deck), to_cards(self.discard), self.removed]);
        let mut all = 0u128;
        for p in &places {
            if all & p != 0 {
                return Err(format!("a card is in two places: {:#x}", all & p));
            }
            all |= p;
        }
        let expected = ((1u128 << NUM_ENCOUNTERS) - 1) << data::FIRST_ENCOUNTER | ((1u128 << (6 * n)) - 1);
        if all != expected {
            return Err(format!("cards missing or extra: {:#x}", all ^ expected));
        }
        let bought: u8 = (0..n).map(|s| self.seats[s].tiles.iter().sum::<u8>()).sum();
        if bought + self.tile_supply.iter().sum::<u8>() != 2 * TILES_PER_KIND {
            return Err("tiles do not add up to 12".into());
        }
        let unmoved = |s: usize| self.seats[s].spaces_moved == 0 && self.seats[s].spaces_lost == 0;
        for a in 0..n {
            for b in a + 1..n {
                let (sa, sb) = (self.seats[a].scout, self.seats[b].scout);
                let start = sa == 0 && unmoved(a) && unmoved(b);
                if self.phase != Phase::Action && sa == sb && sa != BOTTOM && !start {
                    return Err(format!("seats {a} and {b} share space {sa}"));
                }
            }
        }
        if self.phase != Phase::Action && self.depth != 0 {
            return Err("steps pending outside an action".into());
        }
        Ok(())
    }
}
