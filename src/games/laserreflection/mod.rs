//! Laser Reflection (Christophe Delaforge's "Reflection", Board Game Arena), following
//! `docs/rules/laserreflection.md` (the spec), 1–6 players: a puzzle race. A generator hides
//! items in a square grid and shows the clue ring (what a beam fired from each border cell does);
//! each seat rebuilds, on a private grid, a grid with the same ring. Effort is counted in edits.
//!
//! # Model
//! The state ([`LaserState`]) is `Copy` and heap-free: grids are fixed 12×12 arrays of item codes
//! (one per seat, warps included), stocks are counts by code, the ring is 48 packed clues.
//! `clone` is a memcpy; `legal_actions` and `apply` allocate nothing. Each seat also keeps a
//! cache of its grid (not part of the position: ignored by `==`, `Hash` and serialization), kept
//! up to date by every write to the grid: its free cells as a bit set (the random draw indexes
//! it), and a witness for the solve test after an edit, a border position whose clue differs
//! from the puzzle's with the cells its beam entered; an edit off that path cannot solve the
//! grid, so no beam is walked.
//!
//! Where each rule lives:
//! - items and their direction table (spec "Components and data"): [`items`];
//! - clues, rules C1–C6 (the beam walk, cell-visit counting, warps): [`beam`];
//! - the generator, rules G1–G7 (draw order, quality rejection, 10 placement tries, redundancy
//!   test): [`generator`], a pure function of a `uniform(a, b)` source;
//! - the reference solver (spec "Reference solver", Decision 16) and the `solver` bot's search:
//!   [`solver`];
//! - solutions V1–V2, play P1–P6 (passes, solve detection after every edit, `max_edits`), round
//!   scoring R1–R2 and solo S1 as pure functions: [`scoring`]; the rest: `state.rs`; options
//!   and their validation: [`Config`];
//! - information and determinization (Decisions 13–14): `determinize.rs`; the heuristic (clues
//!   matched): `heuristic.rs`; the `solver` bot's plan (a minimal solution, placed edit by
//!   edit): `bot.rs`.
//!
//! # Decisions
//! The spec's Decisions 1–17 are all implemented as written; the notable ones:
//! - 2: effort = edits (`Place` and `Remove`; `GiveUp` is not an edit);
//! - 3: simultaneous solving becomes interleaved passes (rule P5), first seat rotating by round;
//! - 4: solving is detected after every edit and at round start (no "declare" action);
//! - 5: `max_edits` (default 200) stands for BGA's time limit;
//! - 8: ties on score are broken by the tie-break effort (efforts of solved rounds plus
//!   R·`max_edits` + 1 per failed round, lower wins); a remaining tie shares the win;
//! - 9: the generator draws with `random_range(a..=b)` of the caller's RNG, multiset first, then
//!   warps, then placements;
//! - 14: another seat's grid is resampled as empty, or one random item if its edit count is odd;
//! - 17: actions in the order `Place` by (code, row, column), `Remove` by (row, column), `GiveUp`.
//!
//! Choices where the spec is silent: a finished seat's grid is cleared and its stock refilled
//! (spec "Information" clears the grid; the stock follows V1). The state keeps the current
//! round's record (hidden) and, public once a round is over, each seat's final status and
//! `items_used` for rounds 1–5 ([`RoundResults`]); all rounds are also summed into per-seat
//! totals (points, tie-break effort, solved and failed rounds, which kinds of failure, efforts of
//! solved rounds). A determinization has no record, so a round it ends keeps `items_used` unknown.
//!
//! # Rewards and scores
//! 2–6 seats: the seat with the most points (then the lowest tie-break effort) gets 1; `k` seats
//! tied on both share 1/k each; the others 0. [`Game::score`] is the points summed over rounds.
//! Solo: reward 1 if the challenge is won, else 0; the score is the puzzles solved (0 if lost).
//!
//! # Labels
//! A label has one value per seat ([`SeatLabels`]) or per game ([`GameLabels`]), read once per
//! finished game, so the spec's per-round facts ("per round, per seat: `solved`,
//! `fail_reason`, `effort`, `items_used`, `round_points`") become round-indexed seat labels (one
//! array field per fact, one label per round), which a race's R ≤ 5 rounds allow (as Ekonos
//! pools a per-round fact in `first_player_rounds`), plus pooled ones:
//! - `failed_rounds` and `solved_rounds` (counts), `fail_reason` pooled over the rounds (`none`,
//!   `gave_up`, `timed_out`, or `both`), `edits_total` (efforts summed over solved rounds) and
//!   `tiebreak` (tie-break effort), both in bands (`0-9`, `10-24`, `25-49`, `50-99`, `100-199`,
//!   `200-499`, `500+`);
//! - for k = 1..5: `round{k}_effort` (the exact effort if solved, so `solved` = yes; else
//!   `gave_up` or `timed_out`, the `fail_reason`), `round{k}_items_used` (the items on the grid at
//!   the solve; `-` if failed) and `round{k}_points` (the round's points under R1, e.g. `40`,
//!   `-13`; `-` solo, which S1 scores); `-` for a round not played or not finished.
//!
//! Exact values rather than bands, so that `meeple play --per-game`'s `games.csv`
//! (`seat{s}_bot`, `seat{s}_round{k}_effort`, …) gives the spec's play statistics per bot: the
//! solve rate (numeric `round{k}_effort` cells over played ones), effort percentiles when solved
//! (those numbers) and `items_used`. Bands would hide the percentiles; `summary.csv` gets one
//! row per value, and `meeple report` plots only labels with 2–40 values. A solo challenge has up
//! to `challenge` + 2 rounds: its rounds after the fifth are only in the pooled labels.
//! `ref_min_items` is not computed in play (the reference search, up to `ref_node_cap` nodes per
//! round, would dominate the run): `meeple puzzles` measures it, and the spec's sanity runs found
//! a solution with fewer than K′ items in 0.1% of default puzzles, so `items_used` − K′ stands
//! for `items_used` − `ref_min_items` there.
//!
//! [`GameLabels`]: the options `grid_size`, `items` (requested K), `black_holes`, `warps`,
//! `shapes`, `partial`, and `rounds` (2+ seats; `-` solo) or `challenge` (solo; `-` otherwise).
//! Per-puzzle statistics come from `meeple puzzles`.

pub mod beam;
mod bot;
mod config;
mod determinize;
mod display;
mod encode;
pub mod generator;
mod heuristic;
#[cfg(any(test, feature = "testing"))]
mod invariants;
pub mod items;
pub mod labels;
pub mod scoring;
pub mod solver;
mod state;
pub mod study;

pub use config::{Config, Mode};
pub use determinize::LaserObservation;
pub use generator::{Puzzle, Shapes};
pub use scoring::Solo;
pub use state::{Action, ITEMS_UNKNOWN, LaserState, MAX_PLAYERS, RECORDED_ROUNDS, RoundRecord, RoundResults, Status};

use std::ops::RangeInclusive;

use crate::game::{Game, GameRng, MAX_SEATS, Rewards, Scoring, Seat};
use crate::games::mechanics::winners::shared_win;
pub use labels::{FailReason, GameLabels, SeatLabels};

impl Game for LaserState {
    type Action = Action;
    type Config = Config;
    type Observation = LaserObservation;
    type SeatLabels = SeatLabels;
    type GameLabels = GameLabels;

    const NAME: &'static str = "laserreflection";
    const SCORING: Option<Scoring> = Some(Scoring { unit: "points", higher_is_better: true });

    fn players(config: &Config) -> RangeInclusive<usize> {
        match config.mode {
            Mode::Any => 1..=MAX_PLAYERS,
            Mode::Race => 2..=MAX_PLAYERS,
            Mode::Solo => 1..=1,
        }
    }

    fn players_set_by(config: &Config) -> Option<String> {
        match config.mode {
            Mode::Any => None,
            Mode::Race => Some("the option `rounds` applies only to races of 2 or more seats".into()),
            Mode::Solo => Some("the option `challenge` applies only to the solo game".into()),
        }
    }

    fn new_game(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        LaserState::new(config, players, rng)
    }

    fn num_players(&self) -> usize {
        self.players()
    }

    fn to_move(&self) -> Option<Seat> {
        self.to_move_seat()
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.fill_legal(out);
    }

    fn random_action(&self, rng: &mut GameRng, _buf: &mut Vec<Action>) -> Option<Action> {
        self.random_legal(rng)
    }

    fn apply(&mut self, action: Action, rng: &mut GameRng) {
        self.apply_action(action, rng);
    }

    fn outcome(&self) -> Option<Rewards> {
        let mut r = [0.0; MAX_SEATS];
        if self.players() == 1 {
            r[0] = match self.solo().result? {
                true => 1.0,
                false => 0.0,
            };
            return Some(r);
        }
        self.winners().map(shared_win)
    }

    fn determinize(&mut self, observer: Seat, rng: &mut GameRng) {
        self.determinize_for(observer, rng);
    }

    fn observation(&self, seat: Seat) -> LaserObservation {
        self.observe(seat)
    }

    fn seat_labels(&self, seat: Seat) -> SeatLabels {
        labels::seat_labels(self, seat)
    }

    fn game_labels(&self) -> GameLabels {
        labels::game_labels(self)
    }

    fn score(&self, seat: Seat) -> i32 {
        self.points(seat)
    }
}
