//! W21 over random games: the invariants after every action, and `determinize` leaving the
//! state equal to itself.

use super::*;
use meeple::games::lewisclark::Gains;
use rand::RngExt;

/// Plays one random game from `seed`, checking the invariants after every action.
fn play_checked(config: &Config, players: usize, seed: u64) -> usize {
    let mut rng = rng_from_seed(seed);
    let mut s = LewisClark::new(config, players, &mut rng);
    let mut legal = Vec::new();
    for step in 0.. {
        if let Err(e) = s.check_invariants() {
            panic!("seed {seed} step {step}: {e}\n{s}");
        }
        let Some(seat) = s.to_move() else {
            assert!(s.outcome().is_some());
            return step;
        };
        if step % 97 == 0 {
            let mut d = s.clone();
            d.determinize(seat, &mut rng_from_seed(seed));
            assert!(d == s && d.observation(0) == s.observation(1 % players));
        }
        s.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "seed {seed}: decider without actions\n{s}");
        s.apply(legal[rng.random_range(0..legal.len())], &mut rng);
    }
    unreachable!()
}

fn config_for(g: u64) -> Config {
    match g % 4 {
        0 => Config::default(),
        1 => Config { gains: Gains::Forced, camp_retreat: false, max_rounds: 60, ..Config::default() },
        2 => Config {
            interpreter_take: meeple::games::lewisclark::InterpreterTake::Strength,
            recruit_trade_in: false,
            bottom_reset: true,
            max_rounds: 60,
            ..Config::default()
        },
        _ => Config { max_rounds: 30, ..Config::default() },
    }
}

fn run(games: u64) {
    let mut total = 0;
    for g in 0..games {
        total += play_checked(&config_for(g), 2 + (g as usize) % 4, g);
    }
    assert!(total > 0);
}

#[test]
fn w21_invariants_over_200_random_games() {
    run(200);
}

#[test]
#[ignore = "long: run by .ci/run"]
fn lewisclark_invariants_100k() {
    run(100_000);
}

#[test]
fn conformance_kit_default_options() {
    let config = Config { max_rounds: 10, ..Config::default() };
    meeple::conformance::check::<LewisClark>(&config, 3, 11);
    let (checks, _) = meeple::conformance::check_observation_json::<LewisClark>(&config, 2, 5, 2);
    assert!(checks > 0);
}
