//! The puzzle generator: spec rules G1–G7 (GAME `getRandomItems`, `getPortalsPositions`,
//! `getRandomGrid`, `getRandomGridAndPuzzle`).
//!
//! It is a pure function of its options and of a [`Uniform`] source: every chance draw is one
//! `uniform(a, b)` call, made in the spec's order (Decision 9: multiset, then warps, then
//! placements). With a [`GameRng`], `uniform(a, b)` is `random_range(a..=b)`, so a seed
//! reproduces its puzzles; tests drive it with scripted draws (W5, W6).

use rand::RngExt;
use serde::Serialize;

use super::beam::{CELLS, Clue, Frame, Grid, MAX_RING, NO_CELL, Ring, cell, cells};
use super::items::{BLACK_HOLE, CODES, EMPTY, Item, WARP};
use crate::game::GameRng;
use crate::games::mechanics::cardset;

/// The most items a puzzle holds (option `items` ≤ 30).
pub const MAX_ITEMS: usize = 30;
/// Placement tries before a redundant grid is accepted anyway (rule G6).
pub const MAX_TRIES: u8 = 10;

/// The one chance primitive of the generator: an integer uniform in `[lo, hi]`.
pub trait Uniform {
    /// A draw uniform in `[lo, hi]` (`lo ≤ hi`).
    fn uniform(&mut self, lo: u32, hi: u32) -> u32;
}

impl Uniform for GameRng {
    fn uniform(&mut self, lo: u32, hi: u32) -> u32 {
        self.random_range(lo..=hi)
    }
}

crate::choice! {
    /// Option `shapes`: which extra shapes the multiset may hold (BGA option 124).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Shapes {
        /// No square mirror, no triangle.
        None = "none",
        /// Square mirrors `#` (the default).
        Squares = "squares",
        /// Triangles `b` and `t`.
        Triangles = "triangles",
        /// Squares and triangles.
        Both = "both",
    }
}

/// What the generator needs: N, the item count K′ (already clamped by rule G1) and the options.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GenOptions {
    /// Grid size N (4..=12).
    pub n: u8,
    /// Item count K′ (rule G1), at most N² − 2 with warps, N² without.
    pub k: u8,
    /// Option `black_holes`.
    pub black_holes: bool,
    /// Option `warps`.
    pub warps: bool,
    /// Option `shapes`.
    pub shapes: Shapes,
}

/// Rule G1: K′ = min(K*, N² − (2 if warps)), K* = max(K, 10) in challenge 6, max(K, 15) in
/// challenge 10, K otherwise (`challenge` is `None` outside solo play).
pub fn item_count(k: u8, n: u8, warps: bool, challenge: Option<u8>) -> u8 {
    let wanted = match challenge {
        Some(6) => k.max(10),
        Some(10) => k.max(15),
        _ => k,
    };
    let free = u16::from(n) * u16::from(n) - if warps { 2 } else { 0 };
    u16::from(wanted).min(free) as u8
}

/// An item list L (rule G2) in draw order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ItemList {
    /// The items, `len` of them.
    pub items: [Item; MAX_ITEMS],
    /// How many.
    pub len: usize,
}

impl ItemList {
    fn push(&mut self, item: Item) {
        self.items[self.len] = item;
        self.len += 1;
    }

    /// The items in draw order.
    pub fn as_slice(&self) -> &[Item] {
        &self.items[..self.len]
    }

    /// The multiset: count of each code.
    pub fn counts(&self) -> [u8; CODES] {
        let mut m = [0; CODES];
        for &i in self.as_slice() {
            m[i as usize] += 1;
        }
        m
    }
}

/// Rules G2–G3: draws attempts until one has quality q > K′. Returns the accepted list and the
/// number of attempts (`gen_item_attempts`, ≥ 1).
pub fn draw_items(opts: &GenOptions, u: &mut impl Uniform) -> (ItemList, u32) {
    let k = opts.k as usize;
    for attempt in 1.. {
        let mut l = ItemList { items: [EMPTY; MAX_ITEMS], len: 0 };
        let mut q = 0;
        if k > 5 {
            q = 4;
            l.push(1);
            l.push(2);
            l.push(if u.uniform(0, 1) == 0 { 3 } else { 4 });
            if opts.black_holes {
                l.push(BLACK_HOLE);
            }
        }
        if k > 6 {
            match opts.shapes {
                Shapes::None => {}
                Shapes::Squares => l.push(5),
                Shapes::Triangles => {
                    q += 1;
                    l.push(if u.uniform(0, 1) == 0 { 8 } else { 9 });
                }
                Shapes::Both => match u.uniform(0, 2) {
                    0 => l.push(5),
                    t => {
                        l.push(if t == 1 { 8 } else { 9 });
                        q += 1;
                    }
                },
            }
        }
        while l.len < k {
            match u.uniform(0, 209) {
                r if r < 60 => {
                    l.push(1);
                    q += 2;
                }
                r if r < 120 => {
                    l.push(2);
                    q += 2;
                }
                r if r < 150 => l.push(3),
                r if r < 180 => l.push(4),
                r if r < 200 => match opts.shapes {
                    Shapes::None => {}
                    Shapes::Squares => l.push(5),
                    // BGA gives these triangles no quality (rule G2, kept).
                    Shapes::Triangles => l.push(if u.uniform(0, 1) == 0 { 8 } else { 9 }),
                    Shapes::Both => match u.uniform(0, 2) {
                        0 => l.push(5),
                        t => {
                            l.push(if t == 1 { 8 } else { 9 });
                            q += 1;
                        }
                    },
                },
                _ => {
                    if opts.black_holes {
                        l.push(BLACK_HOLE);
                    }
                }
            }
        }
        if q > k {
            return (l, attempt);
        }
    }
    unreachable!("the attempts loop only ends by returning")
}

/// Rule G4: the two warp cells, drawn until distinct; `[NO_CELL; 2]` without warps (no draw).
pub fn draw_warps(opts: &GenOptions, u: &mut impl Uniform) -> [u8; 2] {
    if !opts.warps {
        return [NO_CELL; 2];
    }
    let hi = u32::from(opts.n) - 1;
    loop {
        let (r1, c1, r2, c2) = (u.uniform(0, hi), u.uniform(0, hi), u.uniform(0, hi), u.uniform(0, hi));
        if (r1, c1) != (r2, c2) {
            return [cell(r1 as usize, c1 as usize) as u8, cell(r2 as usize, c2 as usize) as u8];
        }
    }
}

/// Rule G5: one placement try of `items` on the warps-only grid of `frame`.
pub fn place(frame: &Frame, items: &[Item], u: &mut impl Uniform) -> Grid {
    let mut g = Grid::with_warps(frame);
    let hi = u32::from(frame.n) - 1;
    for &item in items {
        loop {
            let (r, c) = (u.uniform(0, hi) as usize, u.uniform(0, hi) as usize);
            if g.0[cell(r, c)] == EMPTY {
                g.0[cell(r, c)] = item;
                break;
            }
        }
    }
    g
}

/// Rule G6: the ring of `grid` and its first redundant item in row-major order (removing it
/// leaves the ring unchanged), if any.
///
/// Removing the item on cell x can change only the clues of the beams that enter x: every other
/// beam reads the same cells as before. So only those beams are traced again (the answer is the
/// full ring comparison's, at a fraction of the walks).
pub fn first_redundant(frame: &Frame, grid: &Grid) -> (Ring, Option<usize>) {
    // Bit p of `through[x]`: the beam fired from position p enters cell x (4N ≤ 48 bits).
    let mut through = [0u64; CELLS];
    let mut ring = [Clue::default(); MAX_RING];
    for (pos, clue) in ring.iter_mut().enumerate().take(frame.ring_len()) {
        *clue = grid.trace_visiting(frame, pos, |x| through[x] |= 1 << pos).clue;
    }
    let mut g = *grid;
    let n = usize::from(frame.n);
    for x in (0..n).flat_map(|r| cell(r, 0)..cell(r, n)) {
        let item = g.0[x];
        if matches!(item, EMPTY | WARP) {
            continue;
        }
        g.0[x] = EMPTY;
        let same = cardset::iter(through[x]).all(|p| g.trace(frame, p.into()).clue == ring[usize::from(p)]);
        g.0[x] = item;
        if same {
            return (ring, Some(x));
        }
    }
    (ring, None)
}

/// The public puzzle of a round (rule G7): the frame, the item multiset and the ring P.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct Puzzle {
    /// N and the warps.
    pub frame: Frame,
    /// Count of each item code in the multiset (codes 0 and 7 are 0).
    pub multiset: [u8; CODES],
    /// The clue ring P.
    #[serde(serialize_with = "crate::games::mechanics::json::array")]
    pub ring: Ring,
}

impl Puzzle {
    /// The number of items K′.
    pub fn items(&self) -> usize {
        self.multiset.iter().map(|&c| usize::from(c)).sum()
    }

    /// The puzzle whose hidden grid is `grid` (its multiset and ring).
    pub fn of_grid(frame: &Frame, grid: &Grid) -> Self {
        let mut multiset = [0; CODES];
        for x in cells(frame) {
            multiset[grid.0[x] as usize] += 1;
        }
        multiset[EMPTY as usize] = 0;
        multiset[WARP as usize] = 0;
        Puzzle { frame: *frame, multiset, ring: grid.ring(frame) }
    }
}

/// A generated round: the puzzle, its hidden grid and the generation numbers (rules G2–G7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Generated {
    /// The public puzzle.
    pub puzzle: Puzzle,
    /// The accepted grid (no rule reads it after the ring is computed).
    pub hidden: Grid,
    /// Multiset attempts (G2–G3), ≥ 1: `gen_item_attempts`.
    pub item_attempts: u32,
    /// Placement tries (G5–G6), 1..=10: `gen_tries`.
    pub tries: u8,
    /// Whether try 10 was accepted with a redundant item: `gen_redundant`.
    pub redundant: bool,
}

/// Rules G2–G7: generates one puzzle.
pub fn generate(opts: &GenOptions, u: &mut impl Uniform) -> Generated {
    let (list, item_attempts) = draw_items(opts, u);
    let frame = Frame { n: opts.n, warps: draw_warps(opts, u) };
    let mut tries = 0;
    loop {
        tries += 1;
        let hidden = place(&frame, list.as_slice(), u);
        let (ring, redundant) = first_redundant(&frame, &hidden);
        let redundant = redundant.is_some();
        if !redundant || tries == MAX_TRIES {
            let mut multiset = list.counts();
            multiset[EMPTY as usize] = 0;
            let puzzle = Puzzle { frame, multiset, ring };
            return Generated { puzzle, hidden, item_attempts, tries, redundant };
        }
    }
}
