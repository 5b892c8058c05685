//! The heuristic and the bots: greedy beats random from the same seat and deals.

use super::common::{at_marking, blank, mark, play, sheet};
use crate::common::assert_beats_random;
use meeple::bots::Heuristic;
use meeple::games::catcafe::sheet::CUSHION;
use meeple::games::catcafe::{Action, CatCafe};

#[test]
fn the_heuristic_is_a_share_and_counts_the_seats_own_commitment_only() {
    let s = at_marking(blank(3), &[6, 6, 1], 5);
    let even: f64 = (0..3).map(|p| s.heuristic(p)).sum();
    assert!((even - 1.0).abs() < 1e-9 && (s.heuristic(0) - 1.0 / 3.0).abs() < 1e-9);
    let after: CatCafe = play(s, &[mark("C3F6", CUSHION)]);
    assert!(after.heuristic(0) > 1.0 / 3.0, "seat 0 counts its own cushion");
    assert!((after.heuristic(1) - 1.0 / 3.0).abs() < 1e-9, "seat 1 does not know it");
    let passed = play(s, &[Action::Pass]);
    assert!(passed.heuristic(0) > 1.0 / 3.0 && passed.heuristic(0) < after.heuristic(0));
    let ahead = blank(2).with_sheet(0, sheet(&[("C3F6", CUSHION)], 1));
    assert!(ahead.heuristic(0) > 0.5 && ahead.heuristic(1) < 0.5);
}

#[test]
fn greedy_wins_more_than_random_from_the_same_seat_and_deals() {
    assert_beats_random("catcafe", 3, "greedy", 300, 300);
}
