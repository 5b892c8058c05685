//! Spec "Rules", rule 12 (column check), with W10 and W11.

use super::common::{at_marking, blank, mark, play, sheet};
use meeple::game::Game;
use meeple::games::catcafe::sheet::{HOUSE, YARN};
use meeple::games::catcafe::{Action, Phase, Sheet};

/// A sheet holding yarn on `cells` plus a house on `house` (with its cat chosen), if any.
fn with(cells: &[&str], house: Option<&str>) -> Sheet {
    let mut items: Vec<(&str, u8)> = cells.iter().map(|&c| (c, YARN)).collect();
    if let Some(h) = house {
        items.push((h, HOUSE));
    }
    Sheet { cats: u8::from(house.is_some()), ..sheet(&items, 0) }
}

#[test]
fn r12_a_completed_column_banks_its_higher_value_only_with_a_house_and_first() {
    // C1 completed first without a house: lower value 4; with a house: higher 6.
    for (house, value) in [(None, 4), (Some("C1F1"), 6)] {
        let rest: &[&str] = if house.is_some() { &["C1F2", "C1F3"] } else { &["C1F1", "C1F2", "C1F3"] };
        let s = at_marking(blank(2).with_sheet(0, with(rest, house)), &[5, 1], 2);
        let s = play(s, &[mark("C1F5", YARN), Action::Pass]);
        assert_eq!((s.sheet(0).column_points, s.sheet(0).banked, s.taken()), (value, 0b1, 0b1));
        assert_eq!(s.sheet(0).higher, u8::from(house.is_some()));
        // Banked once: later rounds add nothing for it.
        let s = play(at_marking(s, &[1, 1], 1), &[Action::Pass, Action::Pass]);
        assert_eq!(s.sheet(0).column_points, value);
    }
}

#[test]
fn r12_seats_completing_a_column_in_the_same_round_with_houses_all_bank_the_higher_value() {
    // Judged together against the start of the round: the first seat's completion does not take
    // the higher value from the second (Decision 13). Own 4, shared 2: yarn on floor 4 costs 0.
    let s = blank(3)
        .with_sheet(0, with(&["C5F3"], Some("C5F1")))
        .with_sheet(1, with(&["C5F3"], Some("C5F1")))
        .with_sheet(2, with(&["C5F3"], Some("C5F1")));
    let s = play(at_marking(s, &[4, 4, 4], 2), &[mark("C5F4", YARN), mark("C5F4", YARN), mark("C5F4", YARN)]);
    let points: Vec<u8> = (0..3).map(|p| s.sheet(p).column_points).collect();
    assert_eq!(points, [3, 3, 3]);
    assert_eq!((0..3).map(|p| s.sheet(p).higher).collect::<Vec<_>>(), [1, 1, 1]);
    assert_eq!((s.taken(), s.round()), (0b1_0000, 2));
}

#[test]
fn w10_same_round_completion() {
    // 3 players, round 6: order 2, 0, 1. Seat 0 fills C5 with a house there, seat 2 without.
    let s = blank(3)
        .at_round(6)
        .with_sheet(0, with(&["C5F3"], Some("C5F1")))
        .with_sheet(2, with(&["C5F1", "C5F3"], None))
        .with_sheet(1, with(&["C5F3"], Some("C5F1")));
    let s = at_marking(s, &[4, 6, 4], 2);
    assert_eq!(s.to_move(), Some(2));
    let s = play(s, &[mark("C5F4", YARN), mark("C5F4", YARN), Action::Pass]);
    assert_eq!((s.sheet(0).column_points, s.sheet(2).column_points, s.sheet(1).column_points), (3, 2, 0));
    assert_eq!((s.taken(), s.round()), (0b1_0000, 7));
    // Round 7: everyone passes. Round 8 (order 1, 2, 0): seat 1 fills C5 with a house there.
    let s = play(at_marking(s, &[1, 1, 1], 1), &[Action::Pass, Action::Pass, Action::Pass]);
    let s = at_marking(s, &[1, 4, 1], 2);
    assert_eq!((s.round(), s.to_move()), (8, Some(1)));
    let s = play(s, &[mark("C5F4", YARN), Action::Pass, Action::Pass]);
    assert_eq!(s.sheet(1).column_points, 2);
    assert_eq!(s.phase(), Phase::Draft);
}

#[test]
fn w11_higher_value_lost() {
    // Seat 1 completes C2 in round 4 without a house there: 5. Seat 0 completes C2 in round 5
    // with a house there: 5, not 9.
    let c2 = ["C2F1", "C2F2", "C2F3", "C2F4", "C2F5"];
    let s = blank(2).at_round(4).with_sheet(1, with(&c2, None)).with_sheet(0, with(&c2[1..], Some("C2F1")));
    let s = play(at_marking(s, &[1, 6], 2), &[mark("C2F6", YARN), Action::Pass]);
    assert_eq!((s.sheet(1).column_points, s.taken(), s.round()), (5, 0b10, 5));
    let s = play(at_marking(s, &[6, 1], 2), &[mark("C2F6", YARN), Action::Pass]);
    assert_eq!(s.sheet(0).column_points, 5);
}
