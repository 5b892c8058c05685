//! Spec "Rules", round structure: rules 1–3 (first player, roll, draft) and 13 (end test), with
//! W9 and W16.

use super::common::{at_marking, blank, legal, mark, play, sheet};
use meeple::game::{Game, rng_from_seed};
use meeple::games::catcafe::{Action, CatCafe, Config, Phase};
use meeple::labels::Labels;

/// Plays a whole round: draft the first legal die each, then everyone passes.
fn passing_round(s: &mut CatCafe, rng: &mut meeple::game::GameRng) -> Vec<usize> {
    let mut order = Vec::new();
    while s.phase() == Phase::Draft {
        order.push(s.to_move().unwrap());
        let a = legal(s)[0];
        s.apply(a, rng);
    }
    for _ in 0..s.num_players() {
        s.apply(Action::Pass, rng);
    }
    order
}

#[test]
fn r1_first_player_moves_one_seat_clockwise_each_round() {
    let mut rng = rng_from_seed(3);
    let mut s = CatCafe::new(&Config::default(), 4, &mut rng);
    let mut firsts = Vec::new();
    for round in 1..=6 {
        assert_eq!(s.round(), round);
        firsts.push(s.first_player());
        let order = passing_round(&mut s, &mut rng);
        let f = order[0];
        assert_eq!(order, [f, (f + 1) % 4, (f + 2) % 4, (f + 3) % 4]);
    }
    assert_eq!(firsts, [0, 1, 2, 3, 0, 1]);
}

#[test]
fn r2_each_round_rolls_n_plus_1_fair_dice() {
    let mut counts = [0u32; 6];
    let mut rng = rng_from_seed(4);
    for _ in 0..2000 {
        let s = CatCafe::new(&Config::default(), 2, &mut rng);
        assert_eq!(s.dice().len(), 3);
        for &d in s.dice() {
            counts[d as usize - 1] += 1;
        }
    }
    // 6,000 dice: each face 1,000 expected, sd about 29.
    assert!(counts.iter().all(|&c| (880..=1120).contains(&c)), "{counts:?}");
    // A new round rolls again: after a passing round the dice are n + 1 fresh values.
    let mut s = CatCafe::new(&Config::default(), 3, &mut rng);
    let mut rolls = std::collections::HashSet::new();
    for _ in 0..20 {
        passing_round(&mut s, &mut rng);
        assert_eq!(s.dice().len(), 4);
        rolls.insert(s.dice().to_vec());
    }
    assert!(rolls.len() > 10, "dice change from round to round");
}

#[test]
fn r3_seats_draft_one_die_each_in_round_order_and_one_die_is_shared() {
    let s = blank(4).at_round(3).with_dice(&[6, 1, 6, 2, 2]);
    assert_eq!(s.to_move(), Some(2));
    let s = play(s, &[Action::PickDie(6), Action::PickDie(2), Action::PickDie(6)]);
    assert_eq!(s.to_move(), Some(1));
    assert_eq!(legal(&s), [Action::PickDie(1), Action::PickDie(2)]);
    let s = play(s, &[Action::PickDie(1)]);
    assert_eq!((s.own_die(2), s.own_die(3), s.own_die(0), s.own_die(1), s.shared_die()), (6, 2, 6, 1, 2));
    assert_eq!((s.phase(), s.to_move()), (Phase::Mark, Some(2)));
}

#[test]
fn w9_draft_and_rotation() {
    let s = blank(3).with_dice(&[2, 5, 5, 6]);
    assert_eq!(s.to_move(), Some(0));
    assert_eq!(legal(&s), [Action::PickDie(2), Action::PickDie(5), Action::PickDie(6)]);
    let s = play(s, &[Action::PickDie(5), Action::PickDie(5), Action::PickDie(6)]);
    assert_eq!(s.shared_die(), 2);
    // The marking order equals the draft order: 0, 1, 2.
    let mut order = Vec::new();
    let mut s2 = s;
    let mut rng = rng_from_seed(1);
    for _ in 0..3 {
        order.push(s2.to_move().unwrap());
        s2.apply(Action::Pass, &mut rng);
    }
    assert_eq!(order, [0, 1, 2]);
    // Round 2's order is 1, 2, 0; round 4's is 0, 1, 2.
    assert_eq!(s2.round(), 2);
    let mut rng = rng_from_seed(2);
    assert_eq!(passing_round(&mut s2, &mut rng), [1, 2, 0]);
    passing_round(&mut s2, &mut rng);
    assert_eq!(passing_round(&mut s2, &mut rng), [0, 1, 2]);
}

#[test]
fn r13_the_game_goes_on_while_nobody_has_3_columns() {
    // Seat 0 has C1 and C5; it completes no column this round: round 2 begins.
    let mut s0 = sheet(&[("C1F1", 2), ("C1F2", 2), ("C1F3", 2), ("C1F5", 2), ("C5F1", 2), ("C5F3", 2), ("C5F4", 2)], 0);
    s0.banked = 0b1_0001;
    s0.column_points = 6;
    let s = at_marking(blank(2).with_taken(0b1_0001).with_sheet(0, s0), &[6, 1], 5);
    let s = play(s, &[mark("C4F6", 5), Action::Pass]);
    assert_eq!((s.phase(), s.round(), s.first_player(), s.to_move()), (Phase::Draft, 2, 1, Some(1)));
    assert_eq!(s.sheet(0).banked.count_ones(), 2);
    assert!(s.outcome().is_none());
}

#[test]
fn w16_end_timing() {
    // After round 11: seat 0 has C1 and C5 (first for C5), seat 1 has C4.
    let mut s0 = sheet(
        &[
            ("C1F1", 1),
            ("C1F2", 2),
            ("C1F3", 2),
            ("C1F5", 2),
            ("C5F1", 1),
            ("C5F3", 2),
            ("C5F4", 2),
            ("C2F1", 1),
            ("C2F2", 2),
            ("C2F3", 2),
            ("C2F4", 2),
            ("C2F5", 2),
        ],
        0,
    );
    s0.banked = 0b1_0001;
    s0.cats = 0b111;
    s0.column_points = 9;
    let mut s1 = sheet(
        &[("C4F1", 1), ("C4F2", 2), ("C4F3", 2), ("C4F4", 2), ("C4F5", 2), ("C4F6", 2), ("C5F1", 2), ("C5F3", 2)],
        0,
    );
    s1.banked = 0b0_1000;
    s1.cats = 0b1;
    s1.column_points = 8;
    let s = blank(2).at_round(12).with_taken(0b1_1001).with_sheet(0, s0).with_sheet(1, s1);
    // Round 12: seat 1 first; seat 0 marks C2F6 (own 6, shared 5), seat 1 marks C5F4 (own 4).
    let s = at_marking(s, &[6, 4], 5);
    assert_eq!(s.to_move(), Some(1));
    let s = play(s, &[mark("C5F4", 5), mark("C2F6", 5)]);
    assert_eq!(s.sheet(0).column_points, 9 + 9);
    assert_eq!(s.sheet(1).column_points, 8 + 2);
    assert_eq!((s.phase(), s.round(), s.to_move()), (Phase::Over, 12, None));
    assert_eq!(s.game_labels().text("rounds"), "12");
    assert!(s.outcome().is_some());
}
