//! Ekonos (`docs/rules/ekonos.md`): one test per rule (R), setup step (S) and worked check (W)
//! of the spec, one file per spec section; the conformance kit with the non-default option; the bots
//! (no peeking; greedy beats random); the invariants over random games.

mod bots;
mod data;
mod information;
mod market;
mod play;
mod setup;

use meeple::game::{Game, rng_from_seed};
use meeple::games::ekonos::{Action, Config, EkonosState, data::numbers};

/// The legal actions of `s`.
pub fn legal(s: &EkonosState) -> Vec<Action> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v
}

/// `players` seats, default options, empty map, no cards, I coins each, seat 0 to play.
pub fn table(players: usize) -> EkonosState {
    EkonosState::empty(&Config::default(), players)
}

/// Applies `actions` in order, asserting each is legal, with a fixed RNG.
pub fn play(mut s: EkonosState, actions: &[Action]) -> EkonosState {
    let mut rng = rng_from_seed(5);
    for &a in actions {
        assert!(legal(&s).contains(&a), "{a} is not legal in\n{s}\nlegal: {:?}", legal(&s));
        s.apply(a, &mut rng);
    }
    s
}

/// The numbers of a region or card set, ascending.
pub fn list(set: u64) -> Vec<u8> {
    numbers(set).collect()
}

/// Plays a game of `players` seats from `seed`, choosing with `choose(state, legal)` (an index
/// into `legal`) and calling `visit(state_before, action)` for every action; returns the end.
pub fn drive(
    config: &Config,
    players: usize,
    seed: u64,
    mut choose: impl FnMut(&EkonosState, &[Action], &mut meeple::game::GameRng) -> usize,
    mut visit: impl FnMut(&EkonosState, Action),
) -> EkonosState {
    let mut rng = rng_from_seed(seed);
    let mut s = EkonosState::new_game(config, players, &mut rng);
    let mut v = Vec::new();
    loop {
        s.legal_actions(&mut v);
        if v.is_empty() {
            return s;
        }
        let a = v[choose(&s, &v, &mut rng)];
        visit(&s, a);
        s.apply(a, &mut rng);
    }
}

/// A uniformly random choice.
pub fn random(_: &EkonosState, legal: &[Action], rng: &mut meeple::game::GameRng) -> usize {
    use rand::RngExt;
    rng.random_range(0..legal.len())
}

/// Random, except that nobody ever sells or buys.
pub fn no_trade(s: &EkonosState, legal: &[Action], rng: &mut meeple::game::GameRng) -> usize {
    match legal.iter().position(|&a| a == Action::NoSell || a == Action::NoBuy) {
        Some(i) => i,
        None => random(s, legal, rng),
    }
}
