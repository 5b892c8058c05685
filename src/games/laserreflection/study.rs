//! Per-puzzle statistics without play (spec "Labels for statistics", per puzzle, and
//! "Statistics to report"): one [`PuzzleRow`] per generated puzzle, from the generator's numbers,
//! the ring and the reference solver; [`Summary`] condenses the rows of one setting.

use super::beam::Colour;
use super::config::Config;
use super::generator::generate;
use super::items::PLACEABLE;
use super::solver::{Strategy, solve};
use super::state::LaserState;
use crate::game::GameRng;

/// The columns of [`PuzzleRow::fields`], in the spec's order.
pub const COLUMNS: [&str; 29] = [
    "n",
    "k",
    "black_holes",
    "warps",
    "shapes",
    "partial",
    "items_1",
    "items_2",
    "items_3",
    "items_4",
    "items_5",
    "items_6",
    "items_8",
    "items_9",
    "gen_item_attempts",
    "gen_tries",
    "gen_redundant",
    "clues_green",
    "clues_yellow",
    "clues_grey",
    "clue_sum",
    "clue_max",
    "ref_solutions",
    "ref_unique",
    "ref_min_items",
    "ref_nodes",
    "ref_nodes_first",
    "ref_traces",
    "ref_capped",
];

/// One generated puzzle's statistics.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PuzzleRow {
    /// Grid size N.
    pub n: u8,
    /// Item count K′.
    pub k: u8,
    /// Count of each placeable code, in [`PLACEABLE`] order.
    pub items: [u8; 8],
    /// `gen_item_attempts`.
    pub item_attempts: u32,
    /// `gen_tries`.
    pub tries: u8,
    /// `gen_redundant`.
    pub redundant: bool,
    /// Clues by colour: green, yellow, grey.
    pub colours: [u16; 3],
    /// Sum and maximum of the clue numbers.
    pub clue_sum: u32,
    /// The largest clue number.
    pub clue_max: u16,
    /// The reference solver's report.
    pub solutions: u64,
    /// `ref_unique`.
    pub unique: bool,
    /// `ref_min_items` (`None`: no solution found under the cap).
    pub min_items: Option<u8>,
    /// `ref_nodes`.
    pub nodes: u64,
    /// `ref_nodes_first` (`None`: no solution found under the cap).
    pub nodes_first: Option<u64>,
    /// `ref_traces`.
    pub traces: u64,
    /// `ref_capped`.
    pub capped: bool,
}

/// Generates one puzzle of `config` (no challenge minimum: rule G1 as in 2+ seat play) from
/// `rng` and runs the reference solver on it with cap `ref_node_cap`.
pub fn puzzle_row(config: &Config, rng: &mut GameRng) -> PuzzleRow {
    let opts = LaserState::gen_options(config, 2);
    let g = generate(&opts, rng);
    let frame = g.puzzle.frame;
    let ring = &g.puzzle.ring[..frame.ring_len()];
    let mut colours = [0u16; 3];
    for c in ring {
        colours[match c.colour() {
            Colour::Green => 0,
            Colour::Yellow => 1,
            Colour::Grey => 2,
        }] += 1;
    }
    let r = solve(&g.puzzle, config.partial, config.ref_node_cap, Strategy::Backtrack);
    PuzzleRow {
        n: frame.n,
        k: opts.k,
        items: PLACEABLE.map(|t| g.puzzle.multiset[t as usize]),
        item_attempts: g.item_attempts,
        tries: g.tries,
        redundant: g.redundant,
        colours,
        clue_sum: ring.iter().map(|c| u32::from(c.number())).sum(),
        clue_max: ring.iter().map(|c| c.number()).max().unwrap_or(0),
        solutions: r.solutions,
        unique: r.unique(),
        min_items: r.min_items,
        nodes: r.nodes,
        nodes_first: r.nodes_first,
        traces: r.traces,
        capped: r.capped,
    }
}

impl PuzzleRow {
    /// The row's values under [`COLUMNS`] (`config` gives the option columns); booleans are
    /// `yes`/`no`, missing values empty.
    pub fn fields(&self, config: &Config) -> Vec<String> {
        let yn = |b: bool| if b { "yes" } else { "no" }.to_string();
        let opt = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
        let mut f = vec![
            self.n.to_string(),
            self.k.to_string(),
            yn(config.black_holes),
            yn(config.warps),
            config.shapes.name().to_string(),
            yn(config.partial),
        ];
        f.extend(self.items.iter().map(u8::to_string));
        f.extend([
            self.item_attempts.to_string(),
            self.tries.to_string(),
            yn(self.redundant),
            self.colours[0].to_string(),
            self.colours[1].to_string(),
            self.colours[2].to_string(),
            self.clue_sum.to_string(),
            self.clue_max.to_string(),
            self.solutions.to_string(),
            yn(self.unique),
            opt(self.min_items.map(u64::from)),
            self.nodes.to_string(),
            opt(self.nodes_first),
            self.traces.to_string(),
            yn(self.capped),
        ]);
        f
    }
}

/// The spec's summary statistics of one setting's rows ("Statistics to report").
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Puzzles.
    pub puzzles: u64,
    /// p10, p50, p90, p99 of `ref_nodes` (capped puzzles counted at the cap: censored).
    pub nodes: [u64; 4],
    /// The same for `ref_nodes_first` (a puzzle without a first solution counts at the cap).
    pub nodes_first: [u64; 4],
    /// Share of capped puzzles.
    pub capped: f64,
    /// Share with a unique solution among uncapped puzzles (`NaN` if all are capped).
    pub unique: f64,
    /// Share with `ref_min_items` < K′ among puzzles with a solution found.
    pub fewer_items: f64,
    /// Mean share of green, yellow and grey clues.
    pub colour_shares: [f64; 3],
    /// Mean `gen_tries`.
    pub tries: f64,
    /// Share with `gen_redundant`.
    pub redundant: f64,
    /// Mean `gen_item_attempts`.
    pub item_attempts: f64,
}

/// The quantiles [`Summary`] reports, in percent.
pub const PERCENTILES: [u32; 4] = [10, 50, 90, 99];

/// The nearest-rank percentile `p` of sorted `v`: `v[⌈p·len/100⌉ − 1]`.
pub fn percentile(v: &[u64], p: u32) -> u64 {
    let rank = (u64::from(p) * v.len() as u64).div_ceil(100).max(1);
    v[rank as usize - 1]
}

impl Summary {
    /// The summary of `rows` (non-empty), whose solver cap was `cap`.
    pub fn of(rows: &[PuzzleRow], cap: u64) -> Self {
        let len = rows.len() as f64;
        let share = |f: &dyn Fn(&PuzzleRow) -> bool| rows.iter().filter(|r| f(r)).count() as f64 / len;
        let quantiles = |mut v: Vec<u64>| {
            v.sort_unstable();
            PERCENTILES.map(|p| percentile(&v, p))
        };
        let uncapped = rows.iter().filter(|r| !r.capped).count();
        let found = rows.iter().filter(|r| r.min_items.is_some()).count();
        let mean = |f: &dyn Fn(&PuzzleRow) -> f64| rows.iter().map(f).sum::<f64>() / len;
        Summary {
            puzzles: rows.len() as u64,
            nodes: quantiles(rows.iter().map(|r| r.nodes).collect()),
            nodes_first: quantiles(rows.iter().map(|r| r.nodes_first.unwrap_or(cap)).collect()),
            capped: share(&|r| r.capped),
            unique: rows.iter().filter(|r| r.unique).count() as f64 / uncapped as f64,
            fewer_items: rows.iter().filter(|r| r.min_items.is_some_and(|m| m < r.k)).count() as f64 / found as f64,
            colour_shares: [0, 1, 2]
                .map(|c| mean(&|r| f64::from(r.colours[c]) / f64::from(r.colours.iter().sum::<u16>()))),
            tries: mean(&|r| f64::from(r.tries)),
            redundant: share(&|r| r.redundant),
            item_attempts: mean(&|r| f64::from(r.item_attempts)),
        }
    }
}
