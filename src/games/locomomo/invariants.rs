//! The state's invariants (spec W1 and "Implementation notes"), checked after every action of
//! the random games in the tests: every tile in exactly one place, rows as prefixes, counters in
//! range.

use super::state::LocoMomoState;
use super::tiles::{
    AREA_SPACES, AREAS, COLUMNS, COPIES, MAX_PLAYERS, MAX_SCORE, ROWS, SPECIES, TURNS_PER_PLAYER, TYPES, Tile,
};
use crate::game::Broken;
use crate::game::Game;

impl LocoMomoState {
    /// Checks every invariant; the error names the first one broken.
    ///
    /// - W1: for each type, bag + forest + boards + pending + discarded = 7;
    /// - each forest area holds at most 4 tiles, and all 4 unless the bag is empty (rule 11,
    ///   Decision 9) or a turn is being placed (the forest is refilled only at the turn's end);
    /// - rule 8: the tiles of every row are columns `1..=len`; seats past `N` have empty boards;
    /// - pending tiles: 1–5 while placing and only then; none once the game is over;
    /// - turns at most `6N`, the game over exactly at `6N` or with an empty forest (rule 12);
    ///   scores at most 113.
    ///
    /// # Errors
    /// A message naming the broken invariant.
    pub fn check_invariants(&self) -> Result<(), Broken> {
        let n = self.num_players();
        let (pending, colour) = self.pending();
        let mut on_boards = [0usize; TYPES];
        for p in 0..MAX_PLAYERS {
            for r in 1..=ROWS {
                for c in 1..=COLUMNS {
                    if let Some(t) = self.board(p).cell(r, c) {
                        on_boards[t.index()] += 1;
                    }
                }
            }
        }
        for t in Tile::all() {
            let pending_t = if t.colour() == colour { usize::from(pending[t.species() as usize]) } else { 0 };
            let in_forest: usize = (0..AREAS).map(|a| usize::from(self.forest().count(a, t))).sum();
            let total = usize::from(self.bag().count(t.index()))
                + in_forest
                + on_boards[t.index()]
                + pending_t
                + usize::from(self.discarded()[t.index()]);
            if total != usize::from(COPIES) {
                return Err(format!("W1: {total} tiles of type {t}, not 7").into());
            }
        }
        let pending_len: u8 = pending.iter().sum();
        for a in 0..AREAS {
            let len = self.forest().area_len(a);
            if len > AREA_SPACES || (len < AREA_SPACES && !self.bag().is_empty() && pending_len == 0 && !self.is_over())
            {
                return Err(format!("area A{a} holds {len} tiles with {} in the bag", self.bag().len()).into());
            }
        }
        for p in 0..MAX_PLAYERS {
            let b = self.board(p);
            if p >= n && b.tiles() > 0 {
                return Err(format!("seat {p} has tiles but the game has {n} seats").into());
            }
            for r in 1..=ROWS {
                for c in 1..=COLUMNS {
                    if b.cell(r, c).is_some() != (c <= b.row_len(r)) {
                        return Err(format!("rule 8: seat {p} row {r} is not filled from the left").into());
                    }
                }
            }
            if b.score().total() > MAX_SCORE {
                return Err(format!("seat {p} scores {} > 113", b.score().total()).into());
            }
        }
        if pending_len > SPECIES as u8 || (self.is_over() && pending_len > 0) {
            return Err(format!("{pending_len} tiles pending (over: {})", self.is_over()).into());
        }
        let last = TURNS_PER_PLAYER * n;
        if self.turns() > last || self.is_over() != (self.turns() == last || self.forest().is_empty()) {
            return Err(format!("turns {} of {last}, over {}", self.turns(), self.is_over()).into());
        }
        Ok(())
    }
}
