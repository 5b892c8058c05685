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

/// A draw is chance at the moment of the draw (spec "Information": the deck order is never
/// stored): the same state and the same action under two RNG seeds can fill the journal with
/// different cards, so the game declares `DETERMINISTIC = false` (searches may not assume that
/// the legal actions after a sequence of actions never change) while `PERFECT_INFORMATION = true`
/// (the conformance kit checks that `determinize` is the identity).
#[test]
fn a_journal_draw_is_chance_at_the_moment_of_the_draw() {
    const { assert!(LewisClark::PERFECT_INFORMATION && !LewisClark::DETERMINISTIC) };
    let mut rng = rng_from_seed(5);
    let mut s = LewisClark::new(&Config::default(), 2, &mut rng);
    let mut legal = Vec::new();
    for _ in 0..5000 {
        s.legal_actions(&mut legal);
        let Some(&action) = legal.get(rng.random_range(0..legal.len().max(1))) else { break };
        let (mut a, mut b) = (s.clone(), s.clone());
        a.apply(action, &mut rng_from_seed(1));
        b.apply(action, &mut rng_from_seed(2));
        if a.journal != b.journal {
            // Only the drawn cards differ: the same cards left the deck-and-discard in total.
            assert_eq!((a.deck | a.discard).count_ones(), (b.deck | b.discard).count_ones());
            assert_ne!(a, b);
            return;
        }
        assert_eq!(a, b, "an action without a draw depends on the RNG: {action}");
        s.apply(action, &mut rng);
    }
    panic!("no draw in 5,000 actions");
}
