//! 7 Wonders Duel (`docs/rules/sevenwondersduel.md`): one test per rule (R-number) and worked
//! check (W-number) of the spec, one file per spec section, then the conformance kit, the
//! invariants over random games and the bots.

mod components;
mod costs;
mod effects;
mod kit;
mod labels;
mod structure;
mod turns;

use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::sevenwondersduel::data::{card_id, token_id, wonder_id};
use meeple::games::sevenwondersduel::{Action, SwdState};

/// Card id by spec id.
pub fn c(name: &str) -> u8 {
    card_id(name).unwrap_or_else(|| panic!("no card {name}"))
}
/// Wonder id by spec id.
pub fn w(name: &str) -> u8 {
    wonder_id(name).unwrap_or_else(|| panic!("no wonder {name}"))
}
/// Token id by spec id.
pub fn t(name: &str) -> u8 {
    token_id(name).unwrap_or_else(|| panic!("no token {name}"))
}
/// Bit of card `name`.
pub fn cb(name: &str) -> u128 {
    1 << c(name)
}

/// The decider's legal actions.
pub fn legal(s: &SwdState) -> Vec<Action> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v
}

/// Applies `actions` in order, each checked legal, with `rng`.
pub fn play_with(mut s: SwdState, actions: &[Action], rng: &mut GameRng) -> SwdState {
    for &a in actions {
        assert!(legal(&s).contains(&a), "{a} is not legal in\n{s}\nlegal: {:?}", legal(&s));
        s.apply(a, rng);
    }
    s
}

/// Applies `actions` with a fixed RNG.
pub fn play(s: SwdState, actions: &[Action]) -> SwdState {
    play_with(s, actions, &mut rng_from_seed(5))
}
