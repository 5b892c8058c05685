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

/// The coin bound of the invariants (S3, R10): before any card is played a seat holds at most
/// round 1's income I = 12 (3 players); one coin more, or a coin on a seat past the player count,
/// breaks the check.
#[test]
fn ekonos_invariants_bound_the_coins_by_income_and_sales() {
    let s = EkonosState::new(&Config::default(), 3, &mut rng_from_seed(1));
    assert_eq!(s.check_invariants(), Ok(()));
    assert_eq!(s.with_coins(0, 12).check_invariants(), Ok(()));
    assert_eq!(s.with_coins(0, 13).check_invariants(), Err("seat 0 holds 13 coins, more than 12 (R10, S3)".into()));
    assert_eq!(s.with_coins(3, 1).check_invariants(), Err("a seat past the player count holds coins or shares".into()));
}

/// A 3-player position after seat 0's first card (seat 0 still in its turn), with one
/// unprotected tile of L on a free region, so that an expansion of L has a legal action.
fn after_first_card() -> EkonosState {
    use meeple::games::ekonos::COMPANIES;
    let mut rng = rng_from_seed(1);
    let mut s = EkonosState::new(&Config::default(), 3, &mut rng);
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    s.apply(v[0], &mut rng);
    let taken = COMPANIES.iter().fold(0u64, |m, &c| m | s.tiles(c));
    let free = (1..=36u8).find(|r| taken & 1 << (r - 1) == 0).expect("a free region");
    let s = s.with_tiles(meeple::games::ekonos::Company::L, &[free]);
    assert_eq!(s.check_invariants(), Ok(()));
    s
}

/// R7: an expansion started at space 4 has k = 2 actions, one at space 6 has 3; the invariants
/// refuse 3 actions left at space 4.
#[test]
fn ekonos_invariants_bound_the_actions_left_of_an_expansion_at_growth_4() {
    use meeple::games::ekonos::Company::L;
    let s = after_first_card();
    assert_eq!(s.with_expansion(L, 4, 2).check_invariants(), Ok(()));
    assert_eq!(s.with_expansion(L, 6, 3).check_invariants(), Ok(()));
    assert_eq!(s.with_expansion(L, 4, 3).check_invariants(), Err("expansion at growth 4 with 3 actions left".into()));
}

/// R12b, Decision 8: a president choice's tied set is exactly the seats holding the most shares
/// of the company sold, two or more; any other set breaks the invariants.
#[test]
fn ekonos_invariants_check_the_tied_set_of_a_president_choice() {
    use meeple::games::ekonos::Company::L;
    let s = after_first_card().with_shares(0, L, 1).with_shares(1, L, 1);
    assert_eq!(s.with_president_choice(L, &[0, 1]).check_invariants(), Ok(()));
    let err = "president choice of company 2: tied 0b111, holders of the most (1) 0b11, decider 0";
    assert_eq!(s.with_president_choice(L, &[0, 1, 2]).check_invariants(), Err(err.into()));
    assert!(s.with_president_choice(L, &[0]).check_invariants().is_err());
    assert!(s.with_shares(1, L, 2).with_president_choice(L, &[0, 1]).check_invariants().is_err());
}
