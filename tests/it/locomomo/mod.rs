//! Loco Momo (`docs/rules/locomomo.md`): one test per rule (`rN_…`) and worked check (`wN_…`)
//! of the spec, grouped by its sections, with option validation, the
//! bots and the invariants over random games.

mod bots;
mod components;
mod information;
mod invariants;
mod movement;
mod placement;
mod scoring;
mod turns;

use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::locomomo::{AREA_SPACES, AREAS, Action, LocoMomoState, Species, Tile, parse_tiles};

/// The legal actions of `s`.
fn legal(s: &LocoMomoState) -> Vec<Action> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v
}

/// `Pick(area, tile)` in the spec's notation, e.g. `pick(0, "Db")`.
fn pick(area: u8, tile: &str) -> Action {
    Action::Pick { area, tile: tile.parse().unwrap() }
}

/// `Place(species, row)` from the species letter, e.g. `place('R', 1)`.
fn place(species: char, row: u8) -> Action {
    let species = Species::ALL.into_iter().find(|s| s.symbol() == species).unwrap();
    Action::Place { species, row }
}

/// Applies `actions` in order, each checked legal, with chance from `rng`.
fn play_with(mut s: LocoMomoState, actions: &[Action], rng: &mut GameRng) -> LocoMomoState {
    for &a in actions {
        assert!(legal(&s).contains(&a), "{a} is not legal in\n{s}");
        s.apply(a, rng);
    }
    s
}

/// [`play_with`] with a fixed RNG.
fn play(s: LocoMomoState, actions: &[Action]) -> LocoMomoState {
    play_with(s, actions, &mut rng_from_seed(5))
}

/// A 2-player game at its first turn with the forest `areas` (spec notation, A0 | A1 | A2 | A3).
fn forest(areas: &str) -> LocoMomoState {
    LocoMomoState::empty(2).with_forest(areas)
}

/// Sorted tiles from the spec's notation.
fn tiles(s: &str) -> Vec<Tile> {
    let mut v = parse_tiles(s).unwrap();
    v.sort();
    v
}

/// The pending (collected, unplaced) tiles of `s`, sorted.
fn pending(s: &LocoMomoState) -> Vec<Tile> {
    let (counts, colour) = s.pending();
    let mut v = Vec::new();
    for (sp, &n) in counts.iter().enumerate() {
        v.extend(std::iter::repeat_n(Tile::new(Species::from_index(sp), colour), usize::from(n)));
    }
    v.sort();
    v
}

/// The tiles of `area`, sorted.
fn area(s: &LocoMomoState, a: usize) -> Vec<Tile> {
    s.forest().tiles(a).collect()
}

/// How many tiles each area needs to be full again (the refill of the spec's worked checks).
fn refill_needs(s: &LocoMomoState) -> [u8; AREAS] {
    std::array::from_fn(|a| AREA_SPACES - s.forest().area_len(a))
}

/// Places the pending tiles (first legal action each time) until the turn ends.
fn finish_turn(mut s: LocoMomoState, rng: &mut GameRng) -> LocoMomoState {
    let turn = s.turns();
    while s.turns() == turn && !s.is_over() {
        let a = legal(&s)[0];
        assert!(matches!(a, Action::Place { .. }), "{a} during placement");
        s.apply(a, rng);
    }
    s
}
