//! Bots on Ekonos (no peeking; greedy beats random) and the invariants over random games.

use super::legal;
use crate::common::assert_beats_random;
use meeple::bots::peek_check::{check_cannot_peek, every_kind};
use meeple::game::{Game, rng_from_seed};
use meeple::games::ekonos::{Config, EkonosState, NoPresidentGrowth};
use rand::RngExt;

#[test]
fn no_bot_can_peek_at_ekonos_hands() {
    let mut rng = rng_from_seed(21);
    let specs = every_kind();
    let mut checked = 0;
    for players in [2, 4, 6] {
        let mut s = EkonosState::new(&Config::default(), players, &mut rng);
        for step in 0u64.. {
            let moves = legal(&s);
            if moves.is_empty() {
                break;
            }
            if step % 61 == 7 && moves.len() > 1 {
                check_cannot_peek(&s, &specs, 100 + step, 200 + step).unwrap();
                checked += 1;
            }
            s.apply(moves[rng.random_range(0..moves.len())], &mut rng);
        }
    }
    assert!(checked >= 9, "{checked} positions checked");
}

#[test]
fn greedy_wins_more_than_random_from_the_same_seat_and_deals() {
    assert_beats_random("ekonos", 3, "greedy", 300, 300);
}

/// Plays `games` uniformly random games (2–6 players, both options), checking the invariants
/// after every action; returns the number of actions.
fn run(games: u64, seed: u64) -> u64 {
    let mut total = 0;
    let mut v = Vec::new();
    for g in 0..games {
        let players = 2 + (g % 5) as usize;
        let rule = if g % 7 == 3 { NoPresidentGrowth::ActiveAlways } else { NoPresidentGrowth::ActiveAt6 };
        let mut rng = rng_from_seed(seed.wrapping_mul(1_000_003).wrapping_add(g));
        let mut s = EkonosState::new(&Config { no_president_growth: rule }, players, &mut rng);
        loop {
            if let Err(e) = s.check_invariants() {
                panic!("game {g}: {e}\n{s}");
            }
            s.legal_actions(&mut v);
            if v.is_empty() {
                assert!(s.outcome().is_some());
                break;
            }
            let a = v[rng.random_range(0..v.len())];
            s.apply(a, &mut rng);
            total += 1;
        }
    }
    total
}

#[test]
fn ekonos_invariants_2000_random_games() {
    assert!(run(2_000, 7) > 2_000 * 72);
}

#[test]
#[ignore = "long (tens of seconds): cargo test --test it -- --ignored ekonos_invariants_100k; CI runs it"]
fn ekonos_invariants_100k() {
    assert!(run(100_000, 0) > 100_000 * 72);
}
