//! Random games checked after every action (every card and token in exactly one place, decks
//! holding their own cards, counters and scores in range), and the bots' strength.

use super::*;
use crate::common::assert_beats_random;
use meeple::games::sevenwondersarchitects::{BabylonDeck, BabylonPower, BuildOrder, CatPeek, TokenLimit};
use rand::RngExt;

/// Plays one uniformly random game from `seed`, checking the invariants after every action and
/// a determinization every `determinize_every` actions (0: never). Returns the number of actions.
fn play_checked(config: &Config, players: usize, seed: u64, determinize_every: usize) -> usize {
    let mut rng = rng_from_seed(seed);
    let mut drng = rng_from_seed(seed ^ 0xdead_beef);
    let mut s = ArchitectsState::new(config, players, &mut rng);
    let mut legal = Vec::new();
    for step in 0.. {
        if let Err(e) = s.check_invariants() {
            panic!("seed {seed} step {step}: {e}\n{s}");
        }
        let Some(seat) = s.to_move() else {
            assert!(s.outcome().is_some());
            return step;
        };
        s.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "seed {seed}: decider without actions\n{s}");
        if determinize_every > 0 && step % determinize_every == 0 {
            let mut d = s;
            d.determinize(seat, &mut drng);
            d.check_invariants().unwrap_or_else(|e| panic!("determinized: {e}\n{d}"));
        }
        s.apply(legal[rng.random_range(0..legal.len())], &mut rng);
    }
    unreachable!()
}

fn run(games: u64, determinize_every: usize) {
    let mut total = 0;
    for g in 0..games {
        let players = 2 + (g as usize) % 6;
        let config = if g % 4 == 3 {
            Config {
                build_order: BuildOrder::ByFloor,
                babylon_deck: BabylonDeck::Stone2Clay1,
                babylon_power: BabylonPower::S2S5,
                token_limit: TokenLimit::All,
                cat_peek: CatPeek::EveryTake,
                ..Config::default()
            }
        } else {
            Config::default()
        };
        total += play_checked(&config, players, g, determinize_every);
    }
    assert!(total > 0);
}

#[test]
fn sevenwondersarchitects_invariants_2000_random_games() {
    run(2_000, 7);
}

#[test]
#[ignore = "long: cargo test --test it -- --ignored sevenwondersarchitects_invariants_100k; CI runs it"]
fn sevenwondersarchitects_invariants_100k() {
    run(100_000, 0);
}

#[test]
fn greedy_wins_more_than_random_from_the_same_seat_and_deals() {
    assert_beats_random("sevenwondersarchitects", 3, "greedy", 300, 300);
}
