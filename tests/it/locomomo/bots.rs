//! The heuristic and the bots on Loco Momo.

use meeple::bots::Heuristic;
use meeple::game::{Game, rng_from_seed};
use meeple::games::locomomo::{LocoMomoState, MAX_SCORE, TEMPERATURE};

use super::{pick, place, play};
use crate::common::assert_beats_random;

/// The heuristic is `1 / N` at the start (equal prospects) and, at the end, rests exactly on the
/// final points: every seat's projection is its final score, so alone the value is the reward
/// (points / 113) and with several seats it is the soft-max share of the final scores
/// (`exp(P_s / T) / Σ exp(P_p / T)`), highest for the winners. It is not the reward itself with
/// several seats (a win is worth 1, the share less).
#[test]
fn the_heuristic_is_neutral_at_the_start_and_rests_on_the_final_points_at_the_end() {
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
        let (scores, rewards) = (s.scores(), s.outcome().unwrap());
        let projected = s.projected_points();
        for p in 0..players {
            assert_eq!(projected[p], f64::from(scores[p]), "seat {p}: the projection is the final score");
        }
        if players == 1 {
            assert_eq!(s.heuristic(0), rewards[0]);
            assert_eq!(rewards[0], f64::from(scores[0]) / f64::from(MAX_SCORE));
            continue;
        }
        let best = f64::from(*scores[..players].iter().max().unwrap());
        let weight = |p: usize| ((f64::from(scores[p]) - best) / TEMPERATURE).exp();
        let total: f64 = (0..players).map(weight).sum();
        for (p, reward) in rewards.iter().enumerate().take(players) {
            assert!((s.heuristic(p) - weight(p) / total).abs() < 1e-12, "seat {p}");
            let top = (0..players).all(|q| s.heuristic(p) >= s.heuristic(q));
            assert_eq!(top, *reward > 0.0, "seat {p}: the highest values are the winners'");
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
