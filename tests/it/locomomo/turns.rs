//! Spec rules 1, 2 and 11–13 (turn order, refill, end) with W16–W18.

use meeple::game::{Game, rng_from_seed};
use meeple::games::locomomo::{Action, LocoMomoState};

use super::{finish_turn, legal, pick, place, play, play_with, refill_needs};
use meeple::labels::Labels;

/// Plays a random game of `players` seats from `seed`; returns the turn owner of each `Pick`
/// and the finished state.
fn random_game(players: usize, seed: u64) -> (Vec<usize>, LocoMomoState) {
    let mut rng = rng_from_seed(seed);
    let mut s = LocoMomoState::new_game(&Default::default(), players, &mut rng);
    let (mut owners, mut buf) = (Vec::new(), Vec::new());
    while let Some(a) = s.random_action(&mut rng, &mut buf) {
        if matches!(a, Action::Pick { .. }) {
            owners.push(s.to_move().unwrap());
        }
        s.apply(a, &mut rng);
    }
    (owners, s)
}

/// Rule 1: six rounds; in each, seats 0..N−1 take one turn each, in order.
#[test]
fn r1_seats_take_turns_in_order_for_6_rounds() {
    for players in 1..=4 {
        let (owners, s) = random_game(players, 100 + players as u64);
        let expected: Vec<usize> = (0..6 * players).map(|t| t % players).collect();
        assert_eq!(owners, expected, "{players} players");
        assert_eq!((s.turns(), s.round()), (6 * players, 6));
    }
}

/// Rule 2 (Decision 5): a turn is one `Pick`, then one `Place` per placed tile, all by the turn
/// owner; the refill comes after the last placement.
#[test]
fn r2_a_turn_is_pick_then_places_then_refill() {
    let s = play(
        LocoMomoState::empty(2).with_forest("Rg Lb En Ln | Bg Dg Eb Rn | Bb Bb Eb Dg | Lg Lg Rn Dn"),
        &[pick(0, "Rg")],
    );
    assert!(legal(&s).iter().all(|a| matches!(a, Action::Place { .. })));
    assert_eq!((s.to_move(), refill_needs(&s)), (Some(0), [1, 2, 0, 0]));
    let s = play(s, &[legal(&s)[0]]);
    let s = play(s, &[legal(&s)[0]]);
    assert_eq!((s.to_move(), refill_needs(&s)), (Some(0), [1, 2, 0, 0]), "no refill before the last placement");
    let s = play(s, &[legal(&s)[0]]);
    assert_eq!((s.to_move(), refill_needs(&s), s.actions()), (Some(1), [0; 4], 4));
}

/// Rule 11: the forest is refilled to 4 per area after every turn but the last, the bag
/// shrinking by exactly the tiles drawn.
#[test]
fn r11_refill_after_every_turn_but_the_last() {
    let mut rng = rng_from_seed(11);
    let mut s = LocoMomoState::new_game(&Default::default(), 2, &mut rng);
    for turn in 0..12 {
        let Action::Pick { area, tile } = legal(&s)[0] else { panic!("a turn starts with a pick") };
        let s2 = play(s, &[pick(area, &tile.to_string())]);
        let (needs, bag) = (refill_needs(&s2).iter().sum::<u8>(), s2.bag().len());
        s = if s2.turns() > turn { s2 } else { finish_turn(s2, &mut rng) };
        if turn < 11 {
            assert_eq!((refill_needs(&s), s.bag().len()), ([0; 4], bag - usize::from(needs)), "turn {turn}");
        } else {
            assert_eq!((refill_needs(&s).iter().sum::<u8>(), s.bag().len()), (needs, bag), "no refill at the end");
        }
    }
    assert!(s.is_over());
}

/// Rule 12 (Decision 10): with an empty bag, a turn that starts with an empty forest ends the game.
#[test]
fn r12_an_empty_forest_ends_the_game() {
    let s = LocoMomoState::empty(2).with_forest("Rg | | |").with_bag_only("");
    let s = play(s, &[pick(0, "Rg"), place('R', 1)]);
    assert!(s.is_over());
    assert_eq!((s.turns(), s.to_move()), (1, None));
    assert_eq!(s.outcome().unwrap()[..2], [1.0, 0.0]);
    s.check_invariants().unwrap();
}

/// Rule 13: the game ends when seat N−1 finishes its 6th turn, and is then scored.
#[test]
fn r13_the_game_ends_after_6n_turns() {
    for players in 1..=4 {
        let mut rng = rng_from_seed(13);
        let s = LocoMomoState::empty(players).with_forest("Rg Rg Rg Rg | Bb Bb Bb Bb | Lg Lg Lg Lg | En En En En");
        let last = s.with_turns(6 * players - 1);
        assert_eq!((last.round(), last.to_move()), (6, Some(players - 1)));
        let s = finish_turn(play_with(last, &[pick(1, "Bb")], &mut rng), &mut rng);
        assert!(s.is_over() && s.outcome().is_some());
        assert_eq!(s.turns(), 6 * players);
    }
}

/// W16: 2 players alternate for 12 turns; no refill after seat 1's 6th; the game's length is
/// turns + tiles placed.
#[test]
fn w16_turn_order_and_length_with_2_players() {
    for seed in 0..20 {
        let (owners, s) = random_game(2, seed);
        assert_eq!(owners, [0, 1].repeat(6));
        let placed = s.board(0).tiles() + s.board(1).tiles();
        assert_eq!(s.actions(), 12 + placed, "seed {seed}");
        assert_eq!(s.to_move(), None);
    }
}

/// W17 (Decision 9): with 2 tiles in the bag, A1 needing 1 and A3 needing 2, the refill fills
/// A1, gives A3 one tile and leaves one space empty; `bag_ran_short` is set.
#[test]
fn w17_a_short_bag_with_4_players() {
    let s = LocoMomoState::empty(4)
        .with_forest("Rg Rg Rg Rg | Eb Rn Rn Rn | Bg Bg Bg Bg | Lb Db Rn Ln")
        .with_bag_only("Bn Bn");
    let s = play(s, &[pick(1, "Eb")]);
    assert_eq!(refill_needs(&s), [0, 1, 0, 2]);
    assert!(!s.bag_ran_short());
    let s = finish_turn(s, &mut rng_from_seed(17));
    assert_eq!((refill_needs(&s), s.bag().len(), s.forest().len()), ([0, 0, 0, 1], 0, 15));
    assert!(s.bag_ran_short());
    assert_eq!(s.game_labels().text("bag_ran_short"), "true");
    s.check_invariants().unwrap();
}

/// W18: with 1–3 players no refill is ever short: at most 25, 55, 85 tiles are drawn after setup
/// (the bound is 5 per refill over 6N − 1 refills); checked on random games.
#[test]
fn w18_the_bag_never_runs_short_below_4_players() {
    for (players, bound) in [(1, 25), (2, 55), (3, 85)] {
        assert_eq!(5 * (6 * players - 1), bound);
        for seed in 0..200 {
            let (_, s) = random_game(players, seed);
            assert!(!s.bag_ran_short());
            assert!(89 - s.bag().len() <= bound, "{players} players, seed {seed}");
        }
    }
    assert_eq!(5 * (6 * 4 - 1), 115);
}
