//! The state ([`LaserState`]), its actions and the rules of play: P1–P6 (rounds, passes, solve
//! detection, `max_edits`), V1–V2 (grids, stocks, solutions), R1–R2 (round scoring) and S1
//! (solo challenges).

use serde::Serialize;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::iter;

use rand::RngExt;

use super::beam::{CELLS, CellSet, Frame, Grid, cell, cells, row_col};
use super::config::Config;
use super::generator::{GenOptions, Generated, Puzzle, generate, item_count};
use super::items::{CODES, EMPTY, Item, PLACEABLE, SYMBOLS, WARP};
pub use super::scoring::Status;
use super::scoring::{self, Solo};
use crate::game::GameRng;

/// Most seats (spec: 1–6 players).
pub const MAX_PLAYERS: usize = 6;
/// Marks "no seat" in one-byte seat fields.
const NO_SEAT: u8 = u8::MAX;

/// A decision of the seat to move (spec "Actions"). Cells are grid indices `r * 12 + c`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Put an item of code `item` (in stock) on the empty non-warp cell `cell`; one edit.
    Place {
        /// Item code (1–6, 8, 9).
        item: Item,
        /// Grid index.
        cell: u8,
    },
    /// Take the item on `cell` back to the stock; one edit.
    Remove {
        /// Grid index.
        cell: u8,
    },
    /// Stop solving this round (rule P4).
    GiveUp,
}

impl Action {
    /// `Place(t, r, c)` in the spec's notation.
    pub const fn place(item: Item, r: usize, c: usize) -> Self {
        Action::Place { item, cell: cell(r, c) as u8 }
    }

    /// `Remove(r, c)` in the spec's notation.
    pub const fn remove(r: usize, c: usize) -> Self {
        Action::Remove { cell: cell(r, c) as u8 }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Place { item, cell } => {
                let (r, c) = row_col(cell.into());
                write!(f, "place {} r{r}c{c}", SYMBOLS[item as usize])
            }
            Action::Remove { cell } => {
                let (r, c) = row_col(cell.into());
                write!(f, "remove r{r}c{c}")
            }
            Action::GiveUp => f.write_str("give up"),
        }
    }
}

/// The hidden record of the current round (Decision 13, spec "Information"): the hidden grid,
/// the generation numbers and each finished seat's `items_used`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct RoundRecord {
    /// The generator's accepted grid.
    pub hidden: Grid,
    /// `gen_item_attempts`.
    pub item_attempts: u32,
    /// `gen_tries`.
    pub tries: u8,
    /// `gen_redundant`.
    pub redundant: bool,
    /// Items on each seat's grid when its solving run ended.
    pub items_used: [u8; MAX_PLAYERS],
}

/// What a seat's grid makes quick to know, kept up to date with every write to the grid: not part
/// of the position (equal and hashed alike whatever it holds; not serialized).
#[derive(Clone, Copy, Debug)]
pub(super) struct SeatCache {
    /// The empty non-warp cells of the N×N corner (the `Place` targets).
    free: CellSet,
    /// If `fresh`, a border position whose clue on the grid differs from the puzzle's; else the
    /// position the next solve test traces first.
    witness: u8,
    /// Whether `witness` and `path` hold for the grid as it is.
    fresh: bool,
    /// The cells the witness's beam enters.
    path: CellSet,
}

impl SeatCache {
    /// The cache of `grid` on `frame`: its free cells, no witness yet.
    pub(super) fn of(frame: &Frame, grid: &Grid) -> Self {
        let mut free = CellSet::default();
        cells(frame).filter(|&x| grid.0[x] == EMPTY).for_each(|x| free.insert(x));
        SeatCache { free, witness: 0, fresh: false, path: CellSet::default() }
    }

    /// Whether the cache is that of `grid` on `frame`, its witness (if fresh) checked against the
    /// puzzle ring `ring` (an invariant).
    #[cfg(any(test, feature = "testing"))]
    pub(super) fn agrees(&self, frame: &Frame, grid: &Grid, ring: &super::beam::Ring) -> bool {
        let pos = usize::from(self.witness);
        let mut path = CellSet::default();
        let witness_ok =
            !self.fresh || (grid.trace_visiting(frame, pos, |x| path.insert(x)).clue != ring[pos] && path == self.path);
        self.free == SeatCache::of(frame, grid).free && witness_ok
    }

    /// Records that cell `x` now holds `code`.
    pub(super) fn write(&mut self, x: usize, code: Item) {
        match code {
            EMPTY => self.free.insert(x),
            _ => self.free.remove(x),
        }
        self.fresh &= !self.path.contains(x);
    }
}

impl PartialEq for SeatCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for SeatCache {}

impl Hash for SeatCache {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// Rounds whose results the state keeps for the labels (spec "Labels for statistics", per round):
/// every round of a race (R ≤ 5) and the first five of a solo challenge.
pub const RECORDED_ROUNDS: usize = 5;
/// `items_used` of a finished round that a determinization (which has no record) could not know.
pub const ITEMS_UNKNOWN: u8 = u8::MAX;

/// The results of one finished round (public, spec "Information"): each seat's final status and
/// the items on its grid when its run ended (or [`ITEMS_UNKNOWN`]). A round not finished (or not
/// played) has every status [`Status::InProgress`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct RoundResults {
    /// Each seat's status at the round's end.
    pub status: [Status; MAX_PLAYERS],
    /// `items_used` of each seat.
    pub items_used: [u8; MAX_PLAYERS],
}

/// A Laser Reflection position: fixed-size and heap-free (about 1.5 KB).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct LaserState {
    pub(super) config: Config,
    pub(super) n: u8,
    /// The current round, from 1 (the last round once the game is over).
    pub(super) round: u8,
    pub(super) first_seat: u8,
    /// The seat to move, or `NO_SEAT` once the game is over.
    pub(super) to_move: u8,
    /// The current puzzle (public).
    pub(super) puzzle: Puzzle,
    /// The current round's record, hidden from every seat; `None` in a determinization.
    pub(super) record: Option<RoundRecord>,
    /// Each seat's private grid (warps included) and stock.
    pub(super) grids: [Grid; MAX_PLAYERS],
    pub(super) stocks: [[u8; CODES]; MAX_PLAYERS],
    pub(super) edits: [u16; MAX_PLAYERS],
    pub(super) status: [Status; MAX_PLAYERS],
    /// Points of the finished rounds (R2); solo: puzzles solved, 0 once lost.
    pub(super) scores: [i32; MAX_PLAYERS],
    /// Tie-break effort (Decision 8).
    pub(super) tiebreak: [u32; MAX_PLAYERS],
    pub(super) failed_rounds: [u8; MAX_PLAYERS],
    /// Efforts summed over solved rounds.
    pub(super) edits_total: [u32; MAX_PLAYERS],
    /// Solved rounds so far.
    pub(super) solved_rounds: [u8; MAX_PLAYERS],
    /// Failures so far by kind, as bits: 1 gave up, 2 timed out.
    pub(super) fail_kinds: [u8; MAX_PLAYERS],
    /// The results of rounds 1..=[`RECORDED_ROUNDS`] once finished.
    pub(super) history: [RoundResults; RECORDED_ROUNDS],
    pub(super) solo: Solo,
    /// Each seat's [`SeatCache`].
    #[serde(skip)]
    pub(super) caches: [SeatCache; MAX_PLAYERS],
}

impl LaserState {
    /// A new game: round 1's puzzle generated with `rng` (rule P1).
    ///
    /// # Panics
    /// If `players` is not 1..=6.
    pub fn new(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        assert!((1..=MAX_PLAYERS).contains(&players), "laserreflection plays 1-6 players, not {players}");
        let g = generate(&Self::gen_options(config, players), rng);
        let mut s = Self::with_generated(config, players, 1, &g);
        s.settle(rng);
        s
    }

    #[cfg(any(test, feature = "testing"))]
    /// A position at round `round` of a game whose puzzle has the hidden grid `hidden` (tests
    /// and examples): round start (rule P1), the record holding `hidden`; the next rounds are
    /// generated with `rng`, which also serves if the empty grid solves the puzzle.
    pub fn with_hidden(
        config: &Config,
        players: usize,
        round: u8,
        frame: &Frame,
        hidden: &Grid,
        rng: &mut GameRng,
    ) -> Self {
        let g = Generated {
            puzzle: Puzzle::of_grid(frame, hidden),
            hidden: *hidden,
            item_attempts: 1,
            tries: 1,
            redundant: false,
        };
        let mut s = Self::with_generated(config, players, round, &g);
        s.settle(rng);
        s
    }

    /// The generator options of this game (rule G1's clamp; the challenge counts only solo).
    pub fn gen_options(config: &Config, players: usize) -> GenOptions {
        let challenge = (players == 1).then_some(config.challenge);
        GenOptions {
            n: config.grid_size,
            k: item_count(config.items, config.grid_size, config.warps, challenge),
            black_holes: config.black_holes,
            warps: config.warps,
            shapes: config.shapes,
        }
    }

    fn with_generated(config: &Config, players: usize, round: u8, g: &Generated) -> Self {
        let mut s = Self {
            config: *config,
            n: players as u8,
            round: 0,
            first_seat: 0,
            to_move: NO_SEAT,
            puzzle: g.puzzle,
            record: None,
            grids: [Grid::with_warps(&g.puzzle.frame); MAX_PLAYERS],
            stocks: [[0; CODES]; MAX_PLAYERS],
            edits: [0; MAX_PLAYERS],
            status: [Status::InProgress; MAX_PLAYERS],
            scores: [0; MAX_PLAYERS],
            tiebreak: [0; MAX_PLAYERS],
            failed_rounds: [0; MAX_PLAYERS],
            edits_total: [0; MAX_PLAYERS],
            solved_rounds: [0; MAX_PLAYERS],
            fail_kinds: [0; MAX_PLAYERS],
            history: [RoundResults { status: [Status::InProgress; MAX_PLAYERS], items_used: [0; MAX_PLAYERS] };
                RECORDED_ROUNDS],
            solo: Solo::new(),
            caches: [SeatCache::of(&g.puzzle.frame, &Grid::with_warps(&g.puzzle.frame)); MAX_PLAYERS],
        };
        s.start_round(round, g);
        s
    }

    /// Rule P1: every seat gets an empty grid, a full stock and 0 edits; the round's first seat
    /// (seat (r − 1) mod n) is to move. The empty-grid solve is left to [`Self::settle`].
    fn start_round(&mut self, round: u8, g: &Generated) {
        self.round = round;
        self.puzzle = g.puzzle;
        self.record = Some(RoundRecord {
            hidden: g.hidden,
            item_attempts: g.item_attempts,
            tries: g.tries,
            redundant: g.redundant,
            items_used: [0; MAX_PLAYERS],
        });
        let empty = Grid::with_warps(&g.puzzle.frame);
        let cache = SeatCache::of(&g.puzzle.frame, &empty);
        for p in 0..self.n as usize {
            self.grids[p] = empty;
            self.caches[p] = cache;
            self.stocks[p] = g.puzzle.multiset;
            self.edits[p] = 0;
            self.status[p] = Status::InProgress;
        }
        self.first_seat = (round - 1) % self.n;
        self.to_move = self.first_seat;
    }

    /// Rule P1's last case, and P6 after it: while the empty grid solves the current puzzle,
    /// every seat is solved at effort 0 and the round ends (generating the next one).
    fn settle(&mut self, rng: &mut GameRng) {
        while self.to_move != NO_SEAT && self.solves(self.to_move as usize) && self.edits[self.to_move as usize] == 0 {
            for p in 0..self.n as usize {
                self.status[p] = Status::Solved(0);
            }
            self.end_round(rng);
        }
    }

    /// Rule V2: whether `seat`'s grid solves the puzzle.
    pub fn solves(&self, seat: usize) -> bool {
        let stock_ok = self.config.partial || self.stocks[seat].iter().all(|&c| c == 0);
        stock_ok && self.grids[seat].ring_equals(&self.puzzle.frame, &self.puzzle.ring)
    }

    /// Fills `out` with the legal actions of the seat to move, in Decision 17's order.
    pub fn fill_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.to_move == NO_SEAT {
            return;
        }
        let p = self.to_move as usize;
        let (grid, stock) = (&self.grids[p], &self.stocks[p]);
        let rows = 0..self.puzzle.frame.n as usize;
        let row_cells = |r| cell(r, 0)..cell(r, self.puzzle.frame.n as usize);
        for item in PLACEABLE.into_iter().filter(|&t| stock[t as usize] > 0) {
            for r in rows.clone() {
                out.extend(row_cells(r).filter(|&x| grid.0[x] == EMPTY).map(|x| Action::Place { item, cell: x as u8 }));
            }
        }
        for r in rows {
            out.extend(row_cells(r).filter(|&x| is_item(grid.0[x])).map(|x| Action::Remove { cell: x as u8 }));
        }
        out.push(Action::GiveUp);
    }

    /// A uniformly random legal action, drawn exactly as [`crate::game::uniform_pick`] draws it
    /// (one `random_range` over the count of [`Self::fill_legal`]'s list, then that entry), without
    /// building the list. The counts come from the stock and the seat's free cells (its
    /// [`SeatCache`]): the items on the grid are the multiset minus the stock, on the corner's cells
    /// that are neither free nor warps.
    pub fn random_legal(&self, rng: &mut GameRng) -> Option<Action> {
        if self.to_move == NO_SEAT {
            return None;
        }
        let p = self.to_move as usize;
        let (stock, free) = (&self.stocks[p], &self.caches[p].free);
        let placed = self.placed(p);
        let empty = free.count();
        let types = PLACEABLE.iter().filter(|&&t| stock[t as usize] > 0).count();
        let mut i = rng.random_range(0..types * empty + placed + 1);
        if i < types * empty {
            let item = PLACEABLE.into_iter().filter(|&t| stock[t as usize] > 0).nth(i / empty)?;
            return Some(Action::Place { item, cell: free.nth(i % empty)? as u8 });
        }
        i -= types * empty;
        Some(match i < placed {
            true => Action::Remove { cell: self.item_cells(p).nth(i)? as u8 },
            false => Action::GiveUp,
        })
    }

    /// The cells of seat `p`'s grid holding a placed item: the N×N corner minus the free cells
    /// and the warps.
    fn item_cells(&self, p: usize) -> CellSet {
        let frame = &self.puzzle.frame;
        let mut s = CellSet::corner(frame.n.into()).minus(&self.caches[p].free);
        if frame.has_warps() {
            s.remove(frame.warps[0].into());
            s.remove(frame.warps[1].into());
        }
        s
    }

    /// The items on seat `p`'s grid: the multiset minus its stock (rule V1).
    fn placed(&self, p: usize) -> usize {
        self.puzzle.items() - self.stocks[p].iter().map(|&c| usize::from(c)).sum::<usize>()
    }

    /// Plays `action` for the seat to move (rules P3–P6; chance: the next puzzle).
    pub fn apply_action(&mut self, action: Action, rng: &mut GameRng) {
        let p = self.to_move as usize;
        debug_assert!(p < self.n as usize, "apply on a finished game");
        match action {
            Action::Place { item, cell } => {
                debug_assert!(self.grids[p].0[cell as usize] == EMPTY && self.stocks[p][item as usize] > 0);
                self.grids[p].0[cell as usize] = item;
                self.stocks[p][item as usize] -= 1;
                self.caches[p].write(cell.into(), item);
                self.after_edit(p);
            }
            Action::Remove { cell } => {
                let item = self.grids[p].0[cell as usize];
                debug_assert!(!matches!(item, EMPTY | WARP), "remove of an empty cell");
                self.grids[p].0[cell as usize] = EMPTY;
                self.stocks[p][item as usize] += 1;
                self.caches[p].write(cell.into(), EMPTY);
                self.after_edit(p);
            }
            Action::GiveUp => self.finish_run(p, Status::GaveUp),
        }
        self.pass_turn(p, rng);
    }

    /// Rule P3: one more edit, then the solve test, then the `max_edits` test.
    fn after_edit(&mut self, p: usize) {
        self.edits[p] += 1;
        if self.solves_cached(p) {
            self.finish_run(p, Status::Solved(self.edits[p]));
        } else if self.edits[p] >= self.config.max_edits {
            self.finish_run(p, Status::TimedOut);
        }
    }

    /// [`Self::solves`] through seat `p`'s witness ([`SeatCache`]): while it is fresh (no edit on
    /// its beam's cells since it was traced) its clue still differs, so the grid fails without a
    /// walk. Otherwise the old witness is traced first, then the other positions in order; the
    /// first whose clue differs becomes the witness, with the cells its beam entered.
    fn solves_cached(&mut self, p: usize) -> bool {
        let cache = &mut self.caches[p];
        if cache.fresh || !(self.config.partial || self.stocks[p].iter().all(|&c| c == 0)) {
            return false;
        }
        let (grid, frame, ring) = (&self.grids[p], &self.puzzle.frame, &self.puzzle.ring);
        let first = usize::from(cache.witness);
        for pos in iter::once(first).chain((0..frame.ring_len()).filter(|&q| q != first)) {
            let mut path = CellSet::default();
            if grid.trace_visiting(frame, pos, |x| path.insert(x)).clue != ring[pos] {
                *cache = SeatCache { witness: pos as u8, fresh: true, path, ..*cache };
                return false;
            }
        }
        true
    }

    /// A seat's solving run ends: its status, `items_used` into the record, its grid cleared.
    fn finish_run(&mut self, p: usize, status: Status) {
        self.status[p] = status;
        let used = self.placed(p) as u8;
        if let Some(r) = self.record.as_mut() {
            r.items_used[p] = used;
        }
        self.grids[p] = Grid::with_warps(&self.puzzle.frame);
        self.stocks[p] = self.puzzle.multiset;
        self.caches[p] = SeatCache::of(&self.puzzle.frame, &self.grids[p]);
    }

    /// Rule P5: the next seat in progress after `p` (possibly `p`); else the round ends (P6).
    fn pass_turn(&mut self, p: usize, rng: &mut GameRng) {
        let n = self.n as usize;
        match (1..=n).map(|i| (p + i) % n).find(|&q| self.status[q] == Status::InProgress) {
            Some(q) => self.to_move = q as u8,
            None => {
                self.end_round(rng);
                self.settle(rng);
            }
        }
    }

    /// Rules R1–R2 (2+ seats) or S1 (solo), then the next round or the end (P6).
    fn end_round(&mut self, rng: &mut GameRng) {
        let n = self.n as usize;
        for p in 0..n {
            match self.status[p] {
                Status::Solved(e) => {
                    self.solved_rounds[p] += 1;
                    self.edits_total[p] += u32::from(e);
                    self.tiebreak[p] += u32::from(e);
                }
                failed => {
                    self.failed_rounds[p] += 1;
                    self.fail_kinds[p] |= if failed == Status::GaveUp { 1 } else { 2 };
                    self.tiebreak[p] += self.failure_penalty();
                }
            }
        }
        if let Some(h) = self.history.get_mut(usize::from(self.round) - 1) {
            h.status = self.status;
            h.items_used = self.record.map_or([ITEMS_UNKNOWN; MAX_PLAYERS], |r| r.items_used);
        }
        let more = if n == 1 { self.end_solo_round() } else { self.end_race_round() };
        if more {
            let g = generate(&Self::gen_options(&self.config, n), rng);
            self.start_round(self.round + 1, &g);
        } else {
            self.to_move = NO_SEAT;
        }
    }

    /// Rule R1 for the current round; returns whether rounds remain.
    fn end_race_round(&mut self) -> bool {
        for p in 0..self.n as usize {
            self.scores[p] += self.round_points(p);
        }
        self.round < self.config.rounds
    }

    /// Rule R1: the points of seat `p` in the current round, from the statuses so far.
    pub fn round_points(&self, p: usize) -> i32 {
        scoring::round_points(&self.status[..self.n as usize], p, self.config.rounds)
    }

    /// Decision 8: the tie-break effort of a failed round.
    pub fn failure_penalty(&self) -> u32 {
        scoring::failure_penalty(self.config.rounds, self.config.max_edits)
    }

    /// Rule S1 for the current round; returns whether the challenge goes on.
    fn end_solo_round(&mut self) -> bool {
        let more = self.solo.after_round(!self.status[0].failed(), self.config.challenge);
        self.scores[0] = self.solo.score();
        more
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.to_move == NO_SEAT
    }

    /// The seat to move, if any.
    pub fn to_move_seat(&self) -> Option<usize> {
        (!self.is_over()).then_some(self.to_move as usize)
    }

    /// The options.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        self.n as usize
    }

    /// The current round (the last one once the game is over).
    pub fn round(&self) -> u8 {
        self.round
    }

    /// The current round's first seat.
    pub fn first_seat(&self) -> usize {
        self.first_seat as usize
    }

    /// The current puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The current round's record (`None` in a determinization or a test position).
    pub fn record(&self) -> Option<&RoundRecord> {
        self.record.as_ref()
    }

    /// Seat `p`'s grid.
    pub fn grid(&self, p: usize) -> &Grid {
        &self.grids[p]
    }

    /// Seat `p`'s stock (count by code).
    pub fn stock(&self, p: usize) -> &[u8; CODES] {
        &self.stocks[p]
    }

    /// Seat `p`'s edits this round.
    pub fn edits(&self, p: usize) -> u16 {
        self.edits[p]
    }

    /// Seat `p`'s status this round.
    pub fn status(&self, p: usize) -> Status {
        self.status[p]
    }

    /// Seat `p`'s points over the finished rounds (solo: puzzles solved, 0 once lost).
    pub fn points(&self, p: usize) -> i32 {
        self.scores[p]
    }

    /// Seat `p`'s tie-break effort so far (Decision 8).
    pub fn tiebreak(&self, p: usize) -> u32 {
        self.tiebreak[p]
    }

    /// Seat `p`'s failed rounds so far.
    pub fn failed_rounds(&self, p: usize) -> u8 {
        self.failed_rounds[p]
    }

    /// Seat `p`'s efforts summed over its solved rounds.
    pub fn edits_total(&self, p: usize) -> u32 {
        self.edits_total[p]
    }

    /// Seat `p`'s failures so far by kind: (gave up at least once, timed out at least once).
    pub fn fail_kinds(&self, p: usize) -> (bool, bool) {
        (self.fail_kinds[p] & 1 != 0, self.fail_kinds[p] & 2 != 0)
    }

    /// The results of round `round` (1-based) if it is finished and among the first
    /// [`RECORDED_ROUNDS`].
    pub fn round_results(&self, round: usize) -> Option<&RoundResults> {
        let h = self.history.get(round.checked_sub(1)?)?;
        (h.status[0] != Status::InProgress).then_some(h)
    }

    /// Seat `p`'s solved rounds so far.
    pub fn solved_rounds(&self, p: usize) -> u8 {
        self.solved_rounds[p]
    }

    /// The solo challenge's hearts, solved count and result.
    pub fn solo(&self) -> Solo {
        self.solo
    }

    /// Seats tied for the best final result (score, then tie-break effort), as a bit set; `None`
    /// while the game goes on.
    pub fn winners(&self) -> Option<u8> {
        let n = self.n as usize;
        self.is_over().then(|| scoring::winners(&self.scores[..n], &self.tiebreak[..n]))
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: seat `p`'s grid holds `grid` (warps kept), its stock follows.
    pub fn with_grid(mut self, p: usize, grid: &Grid) -> Self {
        self.grids[p] = *grid;
        self.stocks[p] = self.puzzle.multiset;
        for x in cells(&self.puzzle.frame) {
            let item = grid.0[x];
            if !matches!(item, EMPTY | WARP) {
                self.stocks[p][item as usize] -= 1;
            }
        }
        self.caches[p] = SeatCache::of(&self.puzzle.frame, grid);
        self
    }
}

/// Whether a cell's code is an item a seat placed (not empty, not a warp).
const fn is_item(code: Item) -> bool {
    !matches!(code, EMPTY | WARP)
}

const _: () = assert!(CELLS <= u8::MAX as usize, "cells fit in a u8");
