//! Spec "End and scoring": rules 20–26, with W12–W15 and W17.

use super::common::{at_marking, blank, cell, finished_with_cat_points, mark, play, sheet};
use meeple::game::Game;
use meeple::games::catcafe::sheet::{ADJACENT, BOWL, BUTTERFLY, CUSHION, HOUSE, MOUSE, YARN};
use meeple::games::catcafe::{
    Action, CatCafe, PARTS, Phase, Sheet, bowl_points, cushion_points, mice_points, mouse_group_points,
};
use meeple::labels::Labels;

fn cells(names: &[&str]) -> u32 {
    names.iter().fold(0, |a, c| a | 1 << cell(c))
}

#[test]
fn w12_mice() {
    let points: Vec<i16> = (1..=8).map(mouse_group_points).collect();
    assert_eq!(points, [2, 6, 12, 20, 22, 26, 32, 40]);
    // Real chains on the sheet: each prefix of this path is one connected group.
    let path = ["C2F1", "C2F2", "C2F3", "C2F4", "C2F5", "C2F6", "C3F6", "C4F6"];
    for k in 1..=8 {
        assert_eq!(mice_points(cells(&path[..k])), points[k - 1], "{k} mice");
    }
    // A group of 4 and a group of 1 apart: 20 + 2.
    assert_eq!(mice_points(cells(&["C4F1", "C4F2", "C4F3", "C4F4", "C1F5"])), 22);
}

#[test]
fn r25_mice_score_per_connected_group_and_a_scratching_spot_breaks_a_chain() {
    // C3F2 and C3F4 are not adjacent (C3F3 is a scratching spot): groups {C3F1, C3F2} and {C3F4}.
    assert_eq!(mice_points(cells(&["C3F1", "C3F2", "C3F4"])), 6 + 2);
    // C1F3 and C1F5 are not adjacent.
    assert_eq!(mice_points(cells(&["C1F3", "C1F5"])), 4);
    assert_eq!(mice_points(0), 0);
}

#[test]
fn w13_cushion_and_bowl() {
    assert_eq!(cushion_points(cells(&["C1F5", "C2F6"])), 11);
    let s = sheet(
        &[
            ("C2F2", BOWL),
            ("C1F1", HOUSE),
            ("C1F2", MOUSE),
            ("C2F1", YARN),
            ("C2F3", MOUSE),
            ("C3F1", BUTTERFLY),
            ("C3F2", BOWL),
        ],
        0,
    );
    assert_eq!(bowl_points(&s.items), 5 + 3);
    let types_around = |c: &str| s.items.iter().filter(|&&m| m & ADJACENT[cell(c) as usize] != 0).count();
    assert_eq!((types_around("C2F2"), types_around("C3F2")), (5, 3));
}

#[test]
fn r23_a_bowl_counts_distinct_neighbouring_types_and_nothing_for_empty_cells() {
    let s = sheet(&[("C2F2", BOWL), ("C1F1", MOUSE), ("C1F2", MOUSE), ("C2F1", MOUSE)], 0);
    assert_eq!(bowl_points(&s.items), 1, "three mice are one type");
    assert_eq!(bowl_points(&sheet(&[("C1F5", BOWL)], 0).items), 0);
}

#[test]
fn r24_a_cushion_scores_its_floor() {
    for (c, f) in [("C1F1", 1), ("C2F2", 2), ("C5F3", 3), ("C3F4", 4), ("C4F5", 5), ("C3F6", 6)] {
        assert_eq!(cushion_points(cells(&[c])), f);
    }
}

#[test]
fn r21_butterflies_score_3_each() {
    let s = blank(2).with_sheet(1, sheet(&[("C1F1", BUTTERFLY), ("C4F4", BUTTERFLY), ("C5F4", BUTTERFLY)], 0));
    assert_eq!(s.score_parts(1)[2], 9);
    assert_eq!(PARTS[2], "butterflies");
}

/// W14's yarn per column (C1..C5) for seats 0, 1, 2.
fn w14_state() -> CatCafe {
    let yarn = |names: &[&str]| sheet(&names.iter().map(|&c| (c, YARN)).collect::<Vec<_>>(), 0);
    blank(3)
        .with_sheet(0, yarn(&["C1F1", "C2F1", "C2F2", "C4F1"]))
        .with_sheet(1, yarn(&["C2F1", "C2F2", "C3F1", "C4F1", "C4F2", "C4F3"]))
        .with_sheet(2, yarn(&["C1F1", "C2F1", "C5F1"]))
}

#[test]
fn w14_yarn_3_players() {
    let s = w14_state();
    assert_eq!([s.yarn_points(0), s.yarn_points(1), s.yarn_points(2)], [19, 24, 19]);
}

#[test]
fn r22_yarn_majority_per_column_8_or_3_and_0_without_yarn() {
    let s = w14_state();
    // Only seat 0 has yarn (in C3): 8 for it, 0 for seat 1, which has none there.
    let c3_only = blank(2).with_sheet(0, sheet(&[("C3F1", YARN)], 0));
    assert_eq!((c3_only.yarn_points(0), c3_only.yarn_points(1)), (8, 0));
    assert_eq!(s.score_parts(1)[1], 24);
    let lose =
        blank(2).with_sheet(0, sheet(&[("C3F1", YARN)], 0)).with_sheet(1, sheet(&[("C3F2", YARN), ("C3F4", YARN)], 0));
    assert_eq!((lose.yarn_points(0), lose.yarn_points(1)), (3, 8));
}

/// W15's sheets, seat 0 still missing C2F6 (it completes C2 in the last round).
fn w15_start() -> CatCafe {
    let mut s0 = sheet(
        &[
            ("C1F1", HOUSE),
            ("C1F2", MOUSE),
            ("C1F3", MOUSE),
            ("C1F5", CUSHION),
            ("C2F1", YARN),
            ("C2F2", BOWL),
            ("C2F3", MOUSE),
            ("C2F4", MOUSE),
            ("C2F5", YARN),
            ("C3F1", BUTTERFLY),
            ("C3F2", BOWL),
            ("C5F1", HOUSE),
            ("C5F3", YARN),
            ("C5F4", YARN),
        ],
        0,
    );
    (s0.cats, s0.cat_points, s0.banked, s0.column_points) = (0b11_0000, 12, 0b1_0001, 9);
    let mut s1 = sheet(
        &[
            ("C1F1", BOWL),
            ("C1F2", CUSHION),
            ("C2F1", BUTTERFLY),
            ("C2F2", YARN),
            ("C2F3", YARN),
            ("C2F4", YARN),
            ("C3F6", YARN),
            ("C4F1", HOUSE),
            ("C4F2", MOUSE),
            ("C4F3", MOUSE),
            ("C4F4", MOUSE),
            ("C4F5", MOUSE),
            ("C4F6", CUSHION),
            ("C5F1", YARN),
            ("C5F3", MOUSE),
        ],
        0,
    );
    (s1.cats, s1.cat_points, s1.banked, s1.column_points) = (0b10_0000, 10, 0b0_1000, 8);
    blank(2).with_taken(0b1_1001).with_sheet(0, s0).with_sheet(1, s1)
}

#[test]
fn w15_full_end_scoring_2_players() {
    // Seat 0 marks the cushion on C2F6 (own 6, shared 5): C2 without a house there banks 5.
    let s = play(at_marking(w15_start(), &[6, 1], 5), &[mark("C2F6", CUSHION), Action::Pass]);
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!(s.score_parts(0), [12, 11, 3, 8, 11, 20, 14]);
    assert_eq!(s.score_parts(1), [10, 19, 3, 3, 8, 22, 8]);
    assert_eq!((s.score(0), s.score(1)), (79, 73));
    assert_eq!(s.outcome().unwrap()[..2], [1.0, 0.0]);
    // The `best_part` label: seat 0's mice (20), seat 1's mice (22).
    assert_eq!(
        (s.seat_labels(0).text("best_part").as_str(), s.seat_labels(1).text("best_part").as_str()),
        ("mice", "mice")
    );
    assert_eq!(w15_start().seat_labels(0).text("best_part"), "mice");
    let houses_first = finished_with_cat_points(&[45, 0]);
    assert_eq!(
        (
            houses_first.seat_labels(0).text("best_part").as_str(),
            houses_first.seat_labels(1).text("best_part").as_str()
        ),
        ("houses", "houses")
    );
    assert_eq!(finished_with_cat_points(&[0, 0]).seat_labels(0).text("best_part"), "cushions");
}

#[test]
fn r20_the_final_score_sums_the_parts_and_footprints_score_nothing() {
    let s = finished_with_cat_points(&[7, 20]);
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!(s.score_parts(0), [7, 0, 0, 0, 40, 0, 10]);
    assert_eq!((s.score(0), s.score(1)), (57, 20));
    // Seat 1's sheet with 10 circled paw prints instead of 0 has the same parts.
    let mut richer = finished_with_cat_points(&[7, 20]);
    richer = richer.with_sheet(1, Sheet { avail: 10, ..*richer.sheet(1) });
    assert_eq!(richer.score_parts(1).iter().sum::<i16>(), 20);
}

#[test]
fn w17_ties() {
    let s = finished_with_cat_points(&[10, 60, 41]);
    assert_eq!((0..3).map(|p| s.score(p)).collect::<Vec<_>>(), [60, 60, 41]);
    assert_eq!(s.outcome().unwrap()[..3], [0.5, 0.5, 0.0]);
    let s = finished_with_cat_points(&[0, 50]);
    assert_eq!((s.score(0), s.score(1)), (50, 50));
    assert_eq!(s.outcome().unwrap()[..2], [0.5, 0.5]);
}

#[test]
fn r26_the_highest_score_wins_alone_or_shares() {
    let s = finished_with_cat_points(&[0, 49, 51, 12]);
    assert_eq!(s.outcome().unwrap()[..4], [0.0, 0.0, 1.0, 0.0]);
    let s = finished_with_cat_points(&[10, 60, 60, 60]);
    assert_eq!(s.outcome().unwrap()[..4], [0.25; 4]);
}
