//! The reference solver (spec section "Reference solver", Decision 16): a depth-first search
//! along the beams, the fixed difficulty meter of the per-puzzle statistics, and the search the
//! `solver` bot uses ([`Strategy`]).
//!
//! [`Strategy::Backtrack`] is the spec's search exactly: entries in the order (clue number, side,
//! index); each entry's beam is walked from its cell, an Unknown cell met on the way is branched
//! (Empty, then each item code in stock, ascending), and the walk is cut when its count exceeds
//! the clue or cannot reach a target position in time (the target bound LB). Its counters
//! (`nodes`, `nodes_first`, `traces`, solutions, minimal items) are the spec's.
//! [`Strategy::Propagate`] adds forward checking: after each assignment, every entry not yet
//! traced is walked over the assigned cells up to its first Unknown cell, and the assignment is
//! refused if one of them already contradicts its clue (a finished walk with the wrong result, or
//! a partial walk whose count, plus LB, exceeds the clue). It prunes only assignments that no
//! solution extends, so it finds the same solutions with fewer nodes, at more work per node.

use super::beam::{CELLS, Clue, Colour, Frame, Grid, MAX_RING, Ring, cell, cells, row_col};
use super::generator::Puzzle;
use super::items::{ABSORBED, CODES, EMPTY, Item, PLACEABLE, WARP, turn};

/// A cell not yet decided by the search.
const UNKNOWN: Item = u8::MAX;
/// "No target": a bound no count can meet.
const FAR: u16 = 10_000;

/// How the search prunes (see the module docs).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Strategy {
    /// The spec's reference search.
    Backtrack,
    /// The reference search plus forward checking of every untraced entry after each assignment.
    Propagate,
}

/// What a search found (the spec's `ref_*` fields).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Report {
    /// Solution grids counted (saturating at `u64::MAX`): `ref_solutions`.
    pub solutions: u64,
    /// The fewest items of a solution found, `None` if none was: `ref_min_items` (K′ when
    /// `partial` is no).
    pub min_items: Option<u8>,
    /// Assignments made: `ref_nodes`.
    pub nodes: u64,
    /// Assignments made when the first solution was found: `ref_nodes_first`.
    pub nodes_first: Option<u64>,
    /// Entry traces started: `ref_traces`.
    pub traces: u64,
    /// Whether the search stopped at the node cap: `ref_capped`.
    pub capped: bool,
    /// A solution grid with the fewest items found (cells no beam visits left empty, or, when
    /// `partial` is no, holding the rest of the stock in row-major order), if any.
    pub best: Option<Grid>,
}

impl Report {
    /// `ref_unique`: exactly one solution and not capped.
    pub fn unique(&self) -> bool {
        self.solutions == 1 && !self.capped
    }
}

/// Runs the search on `puzzle` with at most `cap` nodes (`ref_node_cap`, ≥ 1).
pub fn solve(puzzle: &Puzzle, partial: bool, cap: u64, strategy: Strategy) -> Report {
    let mut s = Search::new(puzzle, partial, cap, strategy);
    s.trace_entry(0);
    Report {
        solutions: s.solutions,
        min_items: s.min_items,
        nodes: s.nodes,
        nodes_first: s.nodes_first,
        traces: s.traces,
        capped: s.capped,
        best: s.has_best.then_some(s.best),
    }
}

/// The entry order: positions sorted by (clue number, canonical index).
fn entry_order(frame: &Frame, ring: &Ring) -> [u8; MAX_RING] {
    let len = frame.ring_len();
    let mut order = [0u8; MAX_RING];
    for (i, o) in order.iter_mut().enumerate().take(len) {
        *o = i as u8;
    }
    order[..len].sort_by_key(|&p| (ring[p as usize].number(), p));
    order
}

/// Manhattan distance between two grid indices.
fn manhattan(a: usize, b: usize) -> u16 {
    let ((ra, ca), (rb, cb)) = (row_col(a), row_col(b));
    (ra.abs_diff(rb) + ca.abs_diff(cb)) as u16
}

/// The target bound LB_k(X) for every cell X of entry `pos` (spec "Target bound").
fn target_bound(frame: &Frame, ring: &Ring, pos: usize) -> [u16; CELLS] {
    let mut lb = [FAR; CELLS];
    let clue = ring[pos];
    let targets: &mut dyn Iterator<Item = usize> = match clue.colour() {
        Colour::Grey => return lb,
        Colour::Yellow => &mut std::iter::once(pos),
        Colour::Green => &mut (0..frame.ring_len()).filter(|&t| t != pos && ring[t] == clue),
    };
    let [w1, w2] = frame.warps.map(usize::from);
    for t in targets {
        let y = frame.entry_cell(t);
        for x in cells(frame) {
            let mut d = manhattan(x, y);
            if frame.has_warps() {
                d = d.min(manhattan(x, w1) + 1 + manhattan(w2, y)).min(manhattan(x, w2) + 1 + manhattan(w1, y));
            }
            lb[x] = lb[x].min(d);
        }
    }
    lb
}

/// The search state (spec "Reference solver").
struct Search {
    frame: Frame,
    ring: Ring,
    partial: bool,
    cap: u64,
    strategy: Strategy,
    order: [u8; MAX_RING],
    /// LB by position, then cell.
    lb: Vec<[u16; CELLS]>,
    cells: [Item; CELLS],
    stock: [u8; CODES],
    /// Items assigned (not Empty) on the current branch.
    assigned: u8,
    k: u8,
    nodes: u64,
    traces: u64,
    solutions: u64,
    nodes_first: Option<u64>,
    min_items: Option<u8>,
    capped: bool,
    best: Grid,
    has_best: bool,
}

/// Where [`Search::trace`] stopped a beam.
enum Trace {
    /// Its count can no longer match its clue.
    Pruned,
    /// At the Unknown cell `(row, column)`, entered moving `d` with count `n`.
    Unknown(usize, usize, u8, u16),
    /// It ended with this clue at this ring position.
    Ended(Clue, usize),
}

/// Whether the search goes on or stopped at the cap.
#[derive(PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

impl Search {
    fn new(puzzle: &Puzzle, partial: bool, cap: u64, strategy: Strategy) -> Self {
        let frame = puzzle.frame;
        let mut cells_ = [EMPTY; CELLS];
        for x in cells(&frame) {
            cells_[x] = UNKNOWN;
        }
        if frame.has_warps() {
            cells_[frame.warps[0] as usize] = WARP;
            cells_[frame.warps[1] as usize] = WARP;
        }
        let lb = (0..frame.ring_len()).map(|p| target_bound(&frame, &puzzle.ring, p)).collect();
        Search {
            frame,
            ring: puzzle.ring,
            partial,
            cap,
            strategy,
            order: entry_order(&frame, &puzzle.ring),
            lb,
            cells: cells_,
            stock: puzzle.multiset,
            assigned: 0,
            k: puzzle.items() as u8,
            nodes: 0,
            traces: 0,
            solutions: 0,
            nodes_first: None,
            min_items: None,
            capped: false,
            best: Grid::with_warps(&frame),
            has_best: false,
        }
    }

    /// Traces entry `i` of the order, or records a leaf after the last one.
    fn trace_entry(&mut self, i: usize) -> Flow {
        if i == self.frame.ring_len() {
            self.leaf();
            return Flow::Go;
        }
        self.traces += 1;
        let pos = self.order[i] as usize;
        let (r, c, d) = self.frame.entry(pos);
        self.walk(i, r, c, d, 1)
    }

    /// Walks entry `i`'s beam from cell `rRcC`, entered moving `d` with count `n`.
    fn walk(&mut self, i: usize, r: usize, c: usize, d: u8, n: u16) -> Flow {
        let pos = self.order[i] as usize;
        match self.trace(pos, r, c, d, n) {
            Trace::Pruned => Flow::Go,
            Trace::Unknown(r, c, d, n) => self.branch(i, r, c, d, n),
            Trace::Ended(clue, exit) => self.finish(i, clue, exit),
        }
    }

    /// Follows the beam of entry `pos` from cell `rRcC`, entered moving `d` with count `n`, over
    /// the cells decided so far, until it is pruned (its count can no longer match the clue), meets
    /// an Unknown cell, or ends (absorbed: Grey at `pos`; leaving: Yellow at `pos`, else Green).
    fn trace(&self, pos: usize, mut r: usize, mut c: usize, mut d: u8, mut n: u16) -> Trace {
        let clue = self.ring[pos];
        let (m, grey) = (clue.number(), clue.colour() == Colour::Grey);
        loop {
            let mut x = cell(r, c);
            if n > m || (!grey && n + self.lb[pos][x] > m) {
                return Trace::Pruned;
            }
            let v = self.cells[x];
            if v == UNKNOWN {
                return Trace::Unknown(r, c, d, n);
            }
            let out = turn(v, d);
            if out == ABSORBED {
                return Trace::Ended(Clue::new(Colour::Grey, n), pos);
            }
            d = out;
            if v == WARP {
                x = self.frame.partner(x);
                (r, c) = row_col(x);
                n += 1;
            }
            match self.frame.step(r, c, d) {
                Ok(next) => {
                    (r, c) = next;
                    n += 1;
                }
                Err(exit) => {
                    let colour = if exit == pos { Colour::Yellow } else { Colour::Green };
                    return Trace::Ended(Clue::new(colour, n), exit);
                }
            }
        }
    }

    /// Branches on the Unknown cell `rRcC`: Empty, then each code in stock, ascending.
    fn branch(&mut self, i: usize, r: usize, c: usize, d: u8, n: u16) -> Flow {
        let x = cell(r, c);
        for value in std::iter::once(EMPTY).chain(PLACEABLE) {
            if value != EMPTY && self.stock[value as usize] == 0 {
                continue;
            }
            if self.nodes == self.cap {
                self.capped = true;
                return Flow::Stop;
            }
            self.nodes += 1;
            self.cells[x] = value;
            if value != EMPTY {
                self.stock[value as usize] -= 1;
                self.assigned += 1;
            }
            let flow = if self.strategy == Strategy::Propagate && !self.forward_check(i) {
                Flow::Go
            } else {
                self.walk(i, r, c, d, n)
            };
            if value != EMPTY {
                self.stock[value as usize] += 1;
                self.assigned -= 1;
            }
            self.cells[x] = UNKNOWN;
            if flow == Flow::Stop {
                return Flow::Stop;
            }
        }
        Flow::Go
    }

    /// The end of entry `i`'s walk with `result`, leaving at `exit`: checks the clue and the
    /// green pair, then traces the next entry.
    fn finish(&mut self, i: usize, result: Clue, exit: usize) -> Flow {
        let pos = self.order[i] as usize;
        if result != self.ring[pos] || (result.colour() == Colour::Green && self.ring[exit] != result) {
            return Flow::Go;
        }
        self.trace_entry(i + 1)
    }

    /// Forward checking (strategy `Propagate`): every entry after `i` in the order, walked over
    /// the decided cells, is still consistent with its clue.
    fn forward_check(&self, i: usize) -> bool {
        (i + 1..self.frame.ring_len()).all(|j| self.partial_walk_ok(self.order[j] as usize))
    }

    /// Walks the beam from `pos` until it leaves, is absorbed or meets an Unknown cell, and tells
    /// whether that is still consistent with its clue (the same tests as the search's).
    fn partial_walk_ok(&self, pos: usize) -> bool {
        let (r, c, d) = self.frame.entry(pos);
        match self.trace(pos, r, c, d, 1) {
            Trace::Pruned => false,
            Trace::Unknown(..) => true,
            Trace::Ended(result, exit) => {
                result == self.ring[pos] && (result.colour() != Colour::Green || self.ring[exit] == result)
            }
        }
    }

    /// A leaf: every entry is consistent. Counts the grids it stands for (spec "Leaf").
    fn leaf(&mut self) {
        let unknown = cells(&self.frame).filter(|&x| self.cells[x] == UNKNOWN).count();
        let w = fillings(unknown, &self.stock, self.partial);
        if w == 0 {
            return;
        }
        self.solutions = self.solutions.saturating_add(w);
        self.nodes_first.get_or_insert(self.nodes);
        let items = if self.partial { self.assigned } else { self.k };
        if self.min_items.is_none_or(|m| items < m) {
            self.min_items = Some(items);
            self.record_best();
        }
    }

    /// Keeps the current leaf as the best grid: Unknown cells empty, or (`partial` no) holding
    /// the rest of the stock in row-major order.
    fn record_best(&mut self) {
        let mut rest = self.stock;
        let mut g = Grid::with_warps(&self.frame);
        for x in cells(&self.frame) {
            g.0[x] = match self.cells[x] {
                UNKNOWN if !self.partial => match PLACEABLE.iter().find(|&&t| rest[t as usize] > 0) {
                    Some(&t) => {
                        rest[t as usize] -= 1;
                        t
                    }
                    None => EMPTY,
                },
                UNKNOWN => EMPTY,
                v => v,
            };
        }
        self.best = g;
        self.has_best = true;
    }
}

/// The number of ways to put items of `stock` into `unknown` distinct cells, at most one per
/// cell, items of one code alike: every count vector `m ≤ stock` (`partial`) or `m = stock`
/// (not `partial`) with `Σm ≤ unknown`, each giving `U! / ((U − Σm)! Π m_t!)` grids. Saturates
/// at `u64::MAX`.
pub fn fillings(unknown: usize, stock: &[u8; CODES], partial: bool) -> u64 {
    // ways[j]: fillings of the codes so far that use j cells.
    let mut ways = [0u128; CELLS + 1];
    ways[0] = 1;
    for &count in stock.iter().filter(|&&c| c > 0) {
        let mut next = [0u128; CELLS + 1];
        for j in 0..=unknown {
            if ways[j] == 0 {
                continue;
            }
            let lo = if partial { 0 } else { usize::from(count) };
            for m in lo..=usize::from(count).min(unknown - j) {
                let term = ways[j].saturating_mul(binomial(unknown - j, m));
                next[j + m] = next[j + m].saturating_add(term);
            }
        }
        ways = next;
    }
    let total = ways[..=unknown].iter().fold(0u128, |a, &w| a.saturating_add(w));
    u64::try_from(total).unwrap_or(u64::MAX)
}

/// C(a, b), saturating at `u128::MAX` (only when the true value is far above `u64::MAX`).
fn binomial(a: usize, b: usize) -> u128 {
    let mut v: u128 = 1;
    for i in 1..=b as u128 {
        v = match v.checked_mul(a as u128 - b as u128 + i) {
            Some(p) => p / i,
            None => return u128::MAX,
        };
    }
    v
}
