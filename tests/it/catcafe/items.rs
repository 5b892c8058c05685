//! Spec "Rules", item effects: rule 14 (cat house and cat choice) and 15 (butterfly), with W7 and W8.

use super::common::{at_marking, blank, cell, legal, mark, play, sheet};
use meeple::game::Game;
use meeple::games::catcafe::sheet::{BUTTERFLY, HOUSE, MOUSE, YARN};
use meeple::games::catcafe::{Action, CatCafe, Commit, Phase, Sheet};

/// W8's sheet: 3 mice and 1 house whose cat was cat 2.
fn w8_sheet() -> Sheet {
    Sheet { cats: 0b10, ..sheet(&[("C1F1", HOUSE), ("C4F1", MOUSE), ("C4F2", MOUSE), ("C4F3", MOUSE)], 0) }
}

/// Seat 0 of 2 having committed a house on C2F1 (own 1, shared 1), to choose its cat.
fn house_committed(sheet: Sheet) -> CatCafe {
    play(at_marking(blank(2).with_sheet(0, sheet), &[1, 1], 1), &[mark("C2F1", HOUSE)])
}

#[test]
fn w8_cat_house() {
    let s = house_committed(w8_sheet());
    assert_eq!((s.phase(), s.to_move()), (Phase::Cat, Some(0)));
    let cats: Vec<Action> = [1, 3, 4, 5, 6].into_iter().map(Action::ChooseCat).collect();
    assert_eq!(legal(&s), cats, "cat 2 is illegal");
    let six = play(s, &[Action::ChooseCat(6), Action::Pass]);
    assert_eq!(six.sheet(0).cat_points, 6);
    let one = play(s, &[Action::ChooseCat(1), Action::Pass]);
    assert_eq!(one.sheet(0).cat_points, 4);
    assert_eq!(one.sheet(0).cats, 0b11);
}

#[test]
fn r14_a_house_chooses_an_unchosen_cat_and_banks_2_per_item_of_its_type() {
    // Cat 3 with no butterfly banks 0 and is used up.
    let s = house_committed(sheet(&[("C3F1", YARN), ("C3F2", YARN)], 0));
    assert!(s.simultaneous(), "the cat is part of the hidden commitment");
    assert_eq!(s.commit(0), Commit::Mark { cell: cell("C2F1"), item: HOUSE, cat: 0 });
    let s = play(s, &[Action::ChooseCat(3)]);
    assert_eq!(s.commit(0), Commit::Mark { cell: cell("C2F1"), item: HOUSE, cat: 3 });
    assert_eq!((s.phase(), s.to_move(), s.sheet(0).cat_points), (Phase::Mark, Some(1), 0), "banked at the reveal");
    let s = play(s, &[Action::Pass]);
    assert_eq!((s.sheet(0).cat_points, s.sheet(0).cats), (0, 0b100));
    // Round 2 (seat 1 first), another house: cat 3 is gone; cat 2 counts the two yarns.
    let s = play(at_marking(s, &[1, 1], 1), &[Action::Pass, mark("C1F1", HOUSE)]);
    assert_eq!(s.phase(), Phase::Cat);
    assert_eq!(legal(&s), [1, 2, 4, 5, 6].map(Action::ChooseCat));
    let s = play(s, &[Action::ChooseCat(2)]);
    assert_eq!((s.round(), s.sheet(0).cat_points, s.sheet(0).cats), (3, 4, 0b110));
}

#[test]
fn r15_a_butterfly_circles_up_to_2_after_payment() {
    // Cost 0 butterfly with 17 paws circled or crossed: only 1 is left to circle.
    let s = play(
        at_marking(blank(2).with_sheet(0, Sheet { used: 10, ..sheet(&[], 7) }), &[3, 1], 3),
        &[mark("C1F3", BUTTERFLY), Action::Pass],
    );
    assert_eq!((s.sheet(0).avail, s.sheet(0).used), (8, 10));
    let s =
        play(at_marking(blank(2).with_sheet(0, sheet(&[], 0)), &[3, 1], 3), &[mark("C1F3", BUTTERFLY), Action::Pass]);
    assert_eq!((s.sheet(0).avail, s.sheet(0).used), (2, 0));
    assert_eq!(s.score_parts(0)[2], 3, "3 points per butterfly");
}

#[test]
fn w7_butterfly() {
    let s = at_marking(blank(2).with_sheet(0, Sheet { used: 15, ..sheet(&[], 1) }), &[3, 1], 4);
    // Floor 3, butterfly: own 3 / shared 4 costs 1.
    let s = play(s, &[mark("C1F3", BUTTERFLY), Action::Pass]);
    assert_eq!((s.sheet(0).avail, s.sheet(0).used), (2, 16));
    let s = at_marking(blank(2).with_sheet(0, sheet(&[], 0)), &[3, 1], 4);
    assert!(!legal(&s).contains(&mark("C1F3", BUTTERFLY)));
}
