//! 7 Wonders Architects (`docs/rules/sevenwondersarchitects.md`): one test per rule (R) and
//! worked check (W) of the spec, by spec section, the conformance kit with options changed,
//! the invariants over random games and the bots.

mod components;
mod information;
mod invariants;
mod scoring;
mod stages;
mod turn;

use std::collections::HashSet;

use meeple::game::{Game, rng_from_seed};
use meeple::games::sevenwondersarchitects::{Action, ArchitectsState, Card, Config, Wonder};

/// The legal actions of `s`.
pub fn legal(s: &ArchitectsState) -> Vec<Action> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v
}

/// The legal actions of `s`, as a set (tests compare sets, spec §7).
pub fn legal_set(s: &ArchitectsState) -> HashSet<Action> {
    legal(s).into_iter().collect()
}

/// Applies `actions` in order, each checked legal, with a fixed RNG.
pub fn play(mut s: ArchitectsState, actions: &[Action]) -> ArchitectsState {
    let mut rng = rng_from_seed(5);
    for &a in actions {
        assert!(legal(&s).contains(&a), "{a} is not legal in\n{s}\nlegal: {:?}", legal(&s));
        s.apply(a, &mut rng);
    }
    s
}

/// A Build action: `stage` paying `cards` (kinds, repeated for counts).
pub fn build(stage: u8, cards: &[Card]) -> Action {
    let mut pay = [0; 6];
    for &c in cards {
        pay[c as usize] += 1;
    }
    Action::Build { stage, pay }
}

/// A test table with the default options and these wonders by seat.
pub fn table(wonders: &[Wonder]) -> ArchitectsState {
    ArchitectsState::empty(&Config::default(), wonders)
}

/// A test table with `config` and these wonders by seat.
pub fn table_with(config: Config, wonders: &[Wonder]) -> ArchitectsState {
    ArchitectsState::empty(&config, wonders)
}

/// The first `n` wonders in spec order, with `first` moved to seat 0.
pub fn wonders(n: usize, first: Wonder) -> Vec<Wonder> {
    let mut v = vec![first];
    v.extend(Wonder::ALL.iter().copied().filter(|&w| w != first).take(n - 1));
    v
}

/// Every deck of the first `n` seats gets 10 `filler` cards, the central deck too.
pub fn filled(mut s: ArchitectsState, n: usize, filler: Card) -> ArchitectsState {
    for k in 0..n {
        s = s.with_deck_of(k, filler, 10);
    }
    s.with_central(&[filler; 10])
}
