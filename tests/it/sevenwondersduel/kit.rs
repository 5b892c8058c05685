//! The conformance kit, invariants after every action of random games, and the bots.

use meeple::bots::peek_check::{check_cannot_peek, every_kind};
use meeple::conformance::check;
use meeple::game::{Game, rng_from_seed};
use meeple::games::sevenwondersduel::{Config, FirstPlayer, SwdState, WonderSelection};
use rand::RngExt;

#[test]
fn conformance_2_players_random_first_and_random_wonders() {
    let config = Config { first_player: FirstPlayer::Random, wonder_selection: WonderSelection::Random };
    check::<SwdState>(&config, 2, 22);
}

/// Plays `games` uniformly random games from seeds `0..games`, checking the invariants after
/// every action; returns the total number of actions.
fn run(games: u64) -> u64 {
    let mut legal = Vec::new();
    let mut total = 0;
    for g in 0..games {
        let config = Config {
            first_player: if g % 2 == 0 { FirstPlayer::Seat0 } else { FirstPlayer::Random },
            wonder_selection: if g % 5 == 4 { WonderSelection::Random } else { WonderSelection::Draft },
        };
        let mut rng = rng_from_seed(g);
        let mut s = SwdState::new_game(&config, 2, &mut rng);
        for step in 0.. {
            if let Err(e) = s.check_invariants() {
                panic!("seed {g} step {step}: {e}\n{s}");
            }
            s.legal_actions(&mut legal);
            if legal.is_empty() {
                assert!(s.outcome().is_some());
                total += step;
                break;
            }
            s.apply(legal[rng.random_range(0..legal.len())], &mut rng);
        }
    }
    total
}

#[test]
fn sevenwondersduel_invariants_2000_random_games() {
    assert!(run(2_000) > 2_000 * 60);
}

#[test]
#[ignore = "long (tens of seconds): cargo test --test it -- --ignored sevenwondersduel_invariants_100k; CI runs it"]
fn sevenwondersduel_invariants_100k() {
    assert!(run(100_000) > 100_000 * 60);
}

#[test]
fn no_bot_can_peek() {
    let mut rng = rng_from_seed(21);
    let specs = every_kind();
    let mut legal = Vec::new();
    let mut checked = 0;
    while checked < 8 {
        let mut s = SwdState::new_game(&Config::default(), 2, &mut rng);
        for step in 0.. {
            s.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            if step % 23 == 5 && legal.len() > 1 && checked < 8 {
                check_cannot_peek(&s, &specs, 100 + step, 200 + step).unwrap();
                checked += 1;
            }
            s.apply(legal[rng.random_range(0..legal.len())], &mut rng);
        }
    }
}
