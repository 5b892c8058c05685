//! Laser Reflection (`docs/rules/laserreflection.md`): one test per rule (C, G, V, P, R, S) and
//! worked check (W1–W15) of the spec, one file per spec section, plus the conformance kit at
//! every player count, the bots and the invariants.

mod bots;
mod clues;
mod conformance;
mod generator;
mod invariants;
mod labels;
mod options;
mod play;
mod scoring;
mod solver;
mod study;

use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::laserreflection::beam::{Frame, Grid, Ring};
use meeple::games::laserreflection::generator::{Puzzle, Uniform};
use meeple::games::laserreflection::{Action, Config, LaserState};

/// The frame, grid and ring of a grid in the spec's notation.
pub fn parse(text: &str) -> (Frame, Grid, Ring) {
    let (frame, grid) = Grid::parse(text);
    let ring = grid.ring(&frame);
    (frame, grid, ring)
}

/// The clues of one side (`0` T, `1` R, `2` B, `3` L), space-separated, e.g. `"G5 Y13 G5"`.
pub fn side(frame: &Frame, ring: &Ring, s: usize) -> String {
    let n = frame.n as usize;
    (0..n).map(|i| ring[s * n + i].to_string()).collect::<Vec<_>>().join(" ")
}

/// The four sides of a ring as `[T, R, B, L]` strings.
pub fn sides(frame: &Frame, ring: &Ring) -> [String; 4] {
    [0, 1, 2, 3].map(|s| side(frame, ring, s))
}

/// The puzzle whose hidden grid is written `text`.
pub fn puzzle(text: &str) -> Puzzle {
    let (frame, grid) = Grid::parse(text);
    Puzzle::of_grid(&frame, &grid)
}

/// A game at round `round` whose puzzle has the hidden grid written `text` (round start).
pub fn hidden_game(config: &Config, players: usize, round: u8, text: &str) -> LaserState {
    let (frame, hidden) = Grid::parse(text);
    LaserState::with_hidden(config, players, round, &frame, &hidden, &mut rng())
}

/// Scripted draws for the generator: each `uniform` call takes the next value (checked to lie
/// in its range); the test fails if the script runs out.
pub struct Script {
    draws: Vec<u32>,
    next: usize,
}

impl Script {
    /// A script of `draws`.
    pub fn new(draws: &[u32]) -> Self {
        Self { draws: draws.to_vec(), next: 0 }
    }

    /// Whether every draw was used.
    pub fn used_up(&self) -> bool {
        self.next == self.draws.len()
    }
}

impl Uniform for Script {
    fn uniform(&mut self, lo: u32, hi: u32) -> u32 {
        let v = *self.draws.get(self.next).unwrap_or_else(|| panic!("script ran out after {} draws", self.next));
        assert!((lo..=hi).contains(&v), "draw {} is {v}, outside [{lo}, {hi}]", self.next);
        self.next += 1;
        v
    }
}

/// The legal actions of `s`.
pub fn legal(s: &LaserState) -> Vec<Action> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v
}

/// Applies `action` (which must be legal) with `rng`.
pub fn act(s: &mut LaserState, action: Action, rng: &mut GameRng) {
    assert!(legal(s).contains(&action), "{action} is not legal in\n{s}");
    s.apply(action, rng);
}

/// A fixed RNG for positions whose rounds do not end.
pub fn rng() -> GameRng {
    rng_from_seed(5)
}
