//! Spec "Rules", marking: rules 4–11 and 16 (commitments, dice roles, footprints, cost, legal
//! marks, any column, pass, reveal, items without effect), with W3–W6.

use super::common::{at_marking, blank, cell, legal, mark, play, sheet};
use meeple::game::Game;
use meeple::games::catcafe::sheet::{BOWL, BUTTERFLY, CUSHION, FLOOR_CELLS, HOUSE, MOUSE, YARN, floor};
use meeple::games::catcafe::{Action, Commit, Phase, Sheet, mark_cost};
use std::collections::BTreeMap;

/// The legal marks as (floor, item) → number of cells.
fn pairs(actions: &[Action]) -> BTreeMap<(u8, u8), usize> {
    let mut m = BTreeMap::new();
    for a in actions {
        if let Action::Mark { cell, item } = *a {
            *m.entry((floor(cell), item)).or_default() += 1;
        }
    }
    m
}

/// Seat 0 of a 2-seat game to commit with dice `own`/`shared` and `sheet`.
fn seat0(sheet: Sheet, own: u8, shared: u8) -> meeple::games::catcafe::CatCafe {
    at_marking(blank(2).with_sheet(0, sheet), &[own, 1], shared)
}

#[test]
fn r4_every_seat_commits_once_in_round_order_and_nothing_shows_before_the_reveal() {
    let s = at_marking(blank(3).at_round(2), &[2, 3, 4], 2);
    assert_eq!((s.phase(), s.to_move()), (Phase::Mark, Some(1)));
    assert!(s.simultaneous());
    let a = play(s, &[mark("C1F3", 2)]);
    assert_eq!(a.to_move(), Some(2));
    assert_eq!(a.commit(1), Commit::Mark { cell: cell("C1F3"), item: 2, cat: 0 });
    assert_eq!(a.sheet(1).marked(), 0, "not written before the reveal");
    let b = play(a, &[Action::Pass]);
    assert_eq!((b.to_move(), b.commit(2)), (Some(0), Commit::Pass));
    assert!(!b.simultaneous(), "the round's last commitment reveals the round: not hidden");
    let c = play(b, &[mark("C2F2", 2)]);
    assert_eq!((c.phase(), c.round(), c.to_move()), (Phase::Draft, 3, Some(2)));
    assert!(!c.simultaneous());
    assert_eq!((c.sheet(1).items[1], c.sheet(0).items[1]), (1 << cell("C1F3"), 1 << cell("C2F2")));
    assert_eq!(c.sheet(2).avail, 4);
}

#[test]
fn r5_either_die_gives_the_floor() {
    let s = seat0(sheet(&[], 0), 2, 5);
    let l = legal(&s);
    assert!(l.contains(&mark("C1F2", CUSHION)) && l.contains(&mark("C1F5", YARN)));
    assert_eq!(pairs(&l).keys().copied().collect::<Vec<_>>(), [(2, 5), (5, 2)]);
}

#[test]
fn r6_footprints_move_a_value_by_one_without_wrapping() {
    assert_eq!(mark_cost(1, 6, 6, 6), 5, "6 -> 1 is five steps");
    assert_eq!(mark_cost(5, 5, 6, 6), 2, "one footprint on each die");
    assert_eq!(mark_cost(1, 1, 6, 6), 10);
    let s = seat0(sheet(&[], 5), 6, 6);
    assert!(legal(&s).contains(&mark("C1F1", MOUSE)));
    let s = seat0(sheet(&[], 4), 6, 6);
    assert!(!legal(&s).contains(&mark("C1F1", MOUSE)));
}

#[test]
fn r7_a_mark_costs_the_cheaper_assignment_and_moves_footprints_to_used() {
    // Own 5, shared 1: floor 3, bowl (4) costs min(2 + 3, 2 + 1) = 3.
    assert_eq!(mark_cost(3, BOWL, 5, 1), 3);
    let s = seat0(sheet(&[], 7), 5, 1);
    let s = play(s, &[mark("C2F3", BOWL), Action::Pass]);
    assert_eq!((s.sheet(0).avail, s.sheet(0).used), (4, 3));
    assert_eq!(s.sheet(0).items[BOWL as usize - 1], 1 << cell("C2F3"));
}

#[test]
fn w3_cost() {
    assert_eq!(mark_cost(4, MOUSE, 6, 3), 1);
    assert_eq!(mark_cost(4, YARN, 6, 3), 3);
    assert_eq!(mark_cost(1, HOUSE, 6, 1), 5);
    let s = seat0(sheet(&[], 4), 6, 1);
    assert!(!legal(&s).contains(&mark("C1F1", HOUSE)));
    let s = seat0(sheet(&[], 5), 6, 1);
    assert!(legal(&s).contains(&mark("C1F1", HOUSE)));
}

#[test]
fn r8_a_mark_needs_an_empty_usable_cell_enough_footprints_and_a_free_cat_for_a_house() {
    let s = seat0(sheet(&[], 18), 3, 3);
    assert_eq!(legal(&s).len(), 1 + 24 * 6);
    let s = seat0(sheet(&[("C3F4", YARN)], 18), 3, 3);
    let l = legal(&s);
    assert_eq!(l.len(), 1 + 23 * 6);
    assert!(!l.iter().any(|a| matches!(a, Action::Mark { cell, .. } if *cell == super::common::cell("C3F4"))));
    let s = seat0(Sheet { cats: 0b11_1111, ..sheet(&[], 18) }, 3, 3);
    let l = legal(&s);
    assert_eq!(l.len(), 1 + 24 * 5);
    assert!(!l.iter().any(|a| matches!(a, Action::Mark { item: HOUSE, .. })));
    // One free cat is enough.
    let s = seat0(Sheet { cats: 0b01_1111, ..sheet(&[], 18) }, 3, 3);
    assert_eq!(legal(&s).len(), 1 + 24 * 6);
}

#[test]
fn w4_legal_actions_on_a_blank_sheet() {
    let s = seat0(sheet(&[], 1), 4, 2);
    let l = legal(&s);
    assert_eq!(l.len(), 42);
    assert_eq!(l[0], Action::Pass);
    let expected: BTreeMap<(u8, u8), usize> =
        [((1, 4), 5), ((2, 3), 4), ((2, 4), 4), ((2, 5), 4), ((3, 2), 4), ((3, 4), 4), ((4, 1), 4)]
            .into_iter()
            .chain([((4, 2), 4), ((4, 3), 4), ((5, 2), 4)])
            .collect();
    assert_eq!(pairs(&l), expected);
    // Canonical order: Pass, then by (column, floor, item).
    let marks: Vec<(u8, u8)> =
        l[1..].iter().map(|a| if let Action::Mark { cell, item } = *a { (cell, item) } else { panic!() }).collect();
    let mut sorted = marks.clone();
    sorted.sort_unstable();
    assert_eq!(marks, sorted);
    let s = seat0(sheet(&[], 0), 4, 2);
    let l = legal(&s);
    assert_eq!(l.len(), 9);
    assert_eq!(pairs(&l), [((2, 4), 4), ((4, 2), 4)].into_iter().collect());
}

#[test]
fn w5_only_pass() {
    let all_cats = |avail| Sheet { cats: 0b11_1111, ..sheet(&[], avail) };
    let s = seat0(all_cats(0), 1, 1);
    assert_eq!(legal(&s), [Action::Pass]);
    let s = seat0(all_cats(1), 1, 1);
    let l = legal(&s);
    assert_eq!(l.len(), 6);
    assert_eq!(pairs(&l), [((1, YARN), 5)].into_iter().collect());
}

#[test]
fn r9_the_floor_allows_any_column() {
    let s = seat0(sheet(&[], 0), 3, 5);
    let cells = legal(&s).iter().fold(0u32, |m, a| match *a {
        Action::Mark { cell, item: 5 } => m | 1 << cell,
        _ => m,
    });
    assert_eq!(cells, FLOOR_CELLS[3]);
    assert_eq!(cells.count_ones(), 4, "C1F3, C2F3, C4F3, C5F3");
}

#[test]
fn r10_pass_is_always_legal_and_circles_up_to_3() {
    for (avail, own, shared) in [(0, 1, 6), (18, 3, 4), (5, 6, 6)] {
        let s = seat0(sheet(&[], avail), own, shared);
        assert_eq!(legal(&s)[0], Action::Pass);
    }
    let s = seat0(Sheet { used: 10, ..sheet(&[], 3) }, 1, 1);
    let s = play(s, &[Action::Pass, Action::Pass]);
    assert_eq!((s.sheet(0).avail, s.sheet(0).used, s.sheet(0).passes), (6, 10, 1));
}

#[test]
fn w6_pass_and_the_cap() {
    let s = play(seat0(sheet(&[], 1), 1, 1), &[Action::Pass, Action::Pass]);
    assert_eq!((s.sheet(0).avail, s.sheet(0).used), (4, 0));
    let capped = Sheet { used: 14, ..sheet(&[], 2) };
    let s = play(seat0(capped, 1, 1), &[Action::Pass, Action::Pass]);
    assert_eq!((s.sheet(0).avail, s.sheet(0).used), (4, 14));
    let s = play(at_marking(s, &[1, 1], 1), &[Action::Pass, Action::Pass]);
    assert_eq!((s.sheet(0).avail, s.sheet(0).used), (4, 14));
}

#[test]
fn r11_all_commitments_resolve_together_at_the_last_commitment() {
    let s = at_marking(blank(2).with_sheet(0, sheet(&[], 3)).with_sheet(1, sheet(&[], 3)), &[6, 2], 6);
    let a = play(s, &[mark("C2F6", MOUSE)]);
    assert_eq!(a.sheet(0), s.sheet(0), "seat 0's sheet is unchanged until the reveal");
    let b = play(a, &[mark("C1F2", BUTTERFLY)]);
    // Seat 0: cost 0. Seat 1 (own 2, shared 6): floor 2 from own, butterfly 3 from 6 = 3, then +2.
    assert_eq!(b.sheet(0).items[MOUSE as usize - 1], 1 << cell("C2F6"));
    assert_eq!((b.sheet(0).avail, b.sheet(0).used), (3, 0));
    assert_eq!(b.sheet(1).items[BUTTERFLY as usize - 1], 1 << cell("C1F2"));
    assert_eq!((b.sheet(1).avail, b.sheet(1).used), (2, 3));
    assert_eq!((b.commit(0), b.commit(1)), (Commit::None, Commit::None));
}

#[test]
fn r16_yarn_bowl_cushion_and_mouse_have_no_immediate_effect() {
    for item in [YARN, BOWL, CUSHION, MOUSE] {
        let s = play(seat0(sheet(&[], 10), 4, item), &[mark("C3F4", item), Action::Pass]);
        let sh = s.sheet(0);
        assert_eq!((sh.avail, sh.used, sh.cats, sh.cat_points, sh.column_points), (10, 0, 0, 0, 0), "item {item}");
        assert_eq!(sh.items[item as usize - 1], 1 << cell("C3F4"));
    }
}
