//! Spec "Information": observation and determinization (W15), the conformance kit with the
//! non-default option (the defaults at every player count: `tests/it/conformance.rs`).

use super::{drive, list, random};
use meeple::conformance::check;
use meeple::game::{Game, config, rng_from_seed};
use meeple::games::ekonos::data::ALL_CARDS;
use meeple::games::ekonos::{Config, EkonosState, NoPresidentGrowth, Step};

/// The first state of `players` seats in round `round` after `plays` card plays of that round,
/// at a play step (random actions from `seed`).
fn position(players: usize, seed: u64, round: u8, plays: u32) -> EkonosState {
    let mut found = None;
    drive(&Config::default(), players, seed, random, |s, _| {
        if found.is_none() && s.round() == round && s.step() == Step::Play && s.played().count_ones() == plays {
            found = Some(*s);
        }
    });
    found.expect("position reached")
}

#[test]
fn w15_determinization_counts() {
    let s = position(4, 6, 2, 9);
    assert_eq!((s.first_player(), s.to_move()), (1, Some(2)));
    let sizes = |s: &EkonosState| (0..4).map(|p| s.hand(p).count_ones()).collect::<Vec<_>>();
    assert_eq!(sizes(&s), vec![4, 3, 4, 4]);
    let pool = ALL_CARDS & !s.hand(2) & !s.played();
    assert_eq!(pool.count_ones(), 23);
    let mut moved = false;
    for seed in 0..20 {
        let mut w = s;
        w.determinize(2, &mut rng_from_seed(seed));
        assert_eq!(sizes(&w), vec![4, 3, 4, 4]);
        assert_eq!((w.hand(2), w.played()), (s.hand(2), s.played()), "seat 2's hand and the played cards stay");
        assert_eq!(w.unused().count_ones(), 12);
        assert_eq!(w.hand(0) | w.hand(1) | w.hand(3) | w.unused(), pool, "the pool is conserved");
        assert_eq!(w.observation(2), s.observation(2));
        moved |= w.hand(0) != s.hand(0);
    }
    assert!(moved, "other hands are resampled");
}

#[test]
fn determinize_is_a_function_of_the_observation() {
    let s = position(3, 1, 1, 4);
    let mut twin = s;
    twin.determinize(1, &mut rng_from_seed(77));
    assert_ne!(list(twin.hand(0)), list(s.hand(0)));
    let (mut a, mut b) = (s, twin);
    a.determinize(1, &mut rng_from_seed(5));
    b.determinize(1, &mut rng_from_seed(5));
    assert_eq!(a, b);
    // Some cards are never dealt: with 3 players the unused 18 are hidden from everyone, even
    // from the observer's view of its own state.
    assert_eq!(s.observation(0).view.unused(), 0);
    assert_eq!(s.unused().count_ones(), 18);
    // With 6 players the unused set is empty and the pool is exactly the other hands.
    let s = position(6, 2, 1, 3);
    let mut w = s;
    w.determinize(4, &mut rng_from_seed(3));
    assert_eq!(w.unused(), 0);
    assert_eq!((0..6).filter(|&p| p != 4).fold(0, |m, p| m | w.hand(p)), ALL_CARDS & !s.hand(4) & !s.played());
}

#[test]
fn conformance_4_players_active_always() {
    check::<EkonosState>(&Config { no_president_growth: NoPresidentGrowth::ActiveAlways }, 4, 44);
}

#[test]
fn the_option_is_validated_with_its_valid_values() {
    let ok: Config = toml::from_str("no_president_growth = 'active_always'").unwrap();
    assert_eq!(ok.no_president_growth, NoPresidentGrowth::ActiveAlways);
    assert_eq!(toml::from_str::<Config>("").unwrap(), Config::default());
    let valid = r#"no_president_growth must be "active_at_6" or "active_always" (default "active_at_6")"#;
    for (bad, given) in [("no_president_growth = 'sometimes'", r#""sometimes""#), ("no_president_growth = 3", "3")] {
        let err = config::<EkonosState>(&toml::from_str(bad).unwrap()).unwrap_err().to_string();
        assert_eq!(err, format!("bad option for ekonos: {valid}, not {given}"));
    }
    let err = config::<EkonosState>(&toml::from_str("president_growth = 'active_at_6'").unwrap()).unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad option for ekonos: unknown option `president_growth`; valid options: no_president_growth"
    );
}
