//! Spec "Information" and "Options": W19, the cannot-peek check for every bot kind, and option
//! validation (the conformance kit at every player count: `tests/it/conformance.rs`).

use meeple::bots::peek_check::{check_cannot_peek, every_kind};
use meeple::game::{Game, rng_from_seed};
use meeple::games::locomomo::{Config, LocoMomoState};
use meeple::registry;

/// W19 (Decision 16): `determinize` leaves every state equal to itself, for every observer, and
/// every seat's observation is the whole state.
#[test]
fn w19_determinize_is_the_identity() {
    for players in 1..=4 {
        let mut rng = rng_from_seed(19);
        let mut s = LocoMomoState::new_game(&Config::default(), players, &mut rng);
        let mut buf = Vec::new();
        while let Some(a) = s.random_action(&mut rng, &mut buf) {
            for observer in 0..players {
                let mut d = s;
                d.determinize(observer, &mut rng_from_seed(observer as u64));
                assert_eq!(d, s);
                assert_eq!(s.observation(observer), s);
            }
            s.apply(a, &mut rng);
        }
    }
}

/// No bot kind decides differently in a state its seat cannot tell apart (here: the same state,
/// as nothing is hidden), at several positions of 1- to 4-player games.
#[test]
fn no_bot_can_peek() {
    let specs = every_kind();
    for players in 1..=4 {
        let mut rng = rng_from_seed(40 + players as u64);
        let mut s = LocoMomoState::new_game(&Config::default(), players, &mut rng);
        let mut buf = Vec::new();
        for step in 0.. {
            let Some(a) = s.random_action(&mut rng, &mut buf) else { break };
            if step % 17 == 3 {
                check_cannot_peek(&s, &specs, 100 + step, 200 + step).unwrap();
            }
            s.apply(a, &mut rng);
        }
    }
}

/// Spec "Options": Loco Momo has no option; any option is refused with its name, and the player
/// count is 1–4.
#[test]
fn every_option_is_refused_by_name_and_players_are_1_to_4() {
    let options: toml::Table = toml::from_str("expansion_a = true").unwrap();
    let err = registry::config::<LocoMomoState>(&options).unwrap_err().to_string();
    assert_eq!(err, "bad option for locomomo: unknown option `expansion_a`: locomomo has no options");
    assert_eq!(LocoMomoState::players(&Config::default()), 1..=4);
}
