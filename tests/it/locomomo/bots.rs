//! The heuristic and the bots on Loco Momo.

use meeple::bots::Heuristic;
use meeple::game::{Game, rng_from_seed};
use meeple::games::locomomo::{LocoMomoState, MAX_SCORE};

use super::{pick, place, play};
use crate::common::assert_beats_random;

/// The heuristic is the exact reward at the end, `1 / N` at the start (equal prospects), and
/// values a collection by the points it will score once placed.
#[test]
fn the_heuristic_is_neutral_at_the_start_and_exact_at_the_end() {
    for players in 1..=4 {
        let mut rng = rng_from_seed(3);
        let mut s = LocoMomoState::new_game(&Default::default(), players, &mut rng);
        if players > 1 {
            assert!((s.heuristic(0) - 1.0 / players as f64).abs() < 1e-12);
        }
        let mut buf = Vec::new();
        while let Some(a) = s.random_action(&mut rng, &mut buf) {
            s.apply(a, &mut rng);
        }
        let sum: f64 = (0..players).map(|p| s.heuristic(p)).sum();
        assert!(sum > 0.0 && (players == 1 || (sum - 1.0).abs() < 1e-9));
        if players == 1 {
            assert!((s.heuristic(0) - f64::from(s.scores()[0]) / f64::from(MAX_SCORE)).abs() < 0.2);
        }
    }
}

/// A pending haul counts as placed: picking five blue tiles of five species (a full row 1 of
/// 14 points) is worth more than a lone tile.
#[test]
fn the_heuristic_values_pending_tiles_by_where_they_would_score() {
    let s = LocoMomoState::empty(2).with_forest("Rg Lb En Ln | Eb Dg Rn Bn | Bg Bb Eg Dg | Rb Lb Db Bb");
    let haul = play(s, &[pick(1, "Eb")]);
    let lone = play(s, &[pick(0, "En")]);
    assert!(haul.heuristic(0) > lone.heuristic(0), "{} vs {}", haul.heuristic(0), lone.heuristic(0));
    let placed = play(haul, &[place('R', 1)]);
    assert!(placed.heuristic(0) > 0.5);
}

#[test]
fn greedy_wins_more_than_random_from_the_same_seat_and_deals() {
    assert_beats_random("locomomo", 2, "greedy", 200, 200);
}
