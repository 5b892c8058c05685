//! Spec rules 3–6 (choose, move, collect) with worked checks W2–W8.

use meeple::games::locomomo::{AREAS, Forest, Species};

use super::{area, finish_turn, forest, legal, pending, pick, play, refill_needs, tiles};
use meeple::game::rng_from_seed;

/// The forest of W3.
const W3: &str = "Db Rg Rg Bn | Eg Eb Bb Ln | Dg Rb Ln Eb | Dn Bg Bg Rn";
/// The forest of W5 and W6.
const W5: &str = "Rg Lb En Ln | Bg Dg Eb Rn | Bb Bb Eb Dg | Lg Lg Rn Dn";

/// Rule 3 with Decision 3: any tile on the forest can be chosen, and a choice names (area,
/// species, colour), since tiles of one type in one area are interchangeable. On W3's forest
/// (`Db Rg Rg Bn | Eg Eb Bb Ln | Dg Rb Ln Eb | Dn Bg Bg Rn`) that is 14 choices, counted by hand:
/// 3 in A0 (the two `Rg` are one choice), 4 in A1, 4 in A2 and 3 in A3 (the two `Bg` are one).
#[test]
fn r3_any_tile_on_the_forest_can_be_chosen() {
    let mut picks = legal(&forest(W3));
    let mut expected = vec![
        pick(0, "Db"),
        pick(0, "Rg"),
        pick(0, "Bn"),
        pick(1, "Eg"),
        pick(1, "Eb"),
        pick(1, "Bb"),
        pick(1, "Ln"),
        pick(2, "Dg"),
        pick(2, "Rb"),
        pick(2, "Ln"),
        pick(2, "Eb"),
        pick(3, "Dn"),
        pick(3, "Bg"),
        pick(3, "Rn"),
    ];
    let key = |a: &meeple::games::locomomo::Action| a.to_string();
    picks.sort_by_key(key);
    expected.sort_by_key(key);
    assert_eq!(picks, expected);
}

/// Rule 4: the chosen tile goes to its destination by the movement table (the duck's case is
/// W3/W4).
#[test]
fn r4_the_tile_moves_by_the_movement_table() {
    // A rabbit from A3 lands in A0 and is collected there with A0's green tiles.
    let s = play(forest(W3), &[pick(3, "Rn")]);
    assert_eq!(pending(&s), tiles("Rn Bn"));
    assert_eq!(area(&s, 0), tiles("Db Rg Rg"));
}

/// W2: destinations of the non-duck species from A0, A1, A2, A3.
#[test]
fn w2_movement_of_rabbit_leopard_cat_eagle_bear() {
    let f = Forest::default();
    let from = |sp| (0..AREAS).map(|a| f.destination(a, sp)).collect::<Vec<_>>();
    assert_eq!(from(Species::Rabbit), [1, 2, 3, 0]);
    assert_eq!(from(Species::LeopardCat), [3, 0, 1, 2]);
    assert_eq!(from(Species::Eagle), [2, 3, 0, 1]);
    assert_eq!(from(Species::Bear), [0, 1, 2, 3]);
}

/// W3: a duck moves clockwise to the next area holding a duck, wrapping around.
#[test]
fn w3_duck_moves_clockwise_to_the_next_duck() {
    // (a) From A0: A1 has no duck, A2 has one.
    let s = play(forest(W3), &[pick(0, "Db")]);
    assert_eq!(pending(&s), tiles("Db Rb Eb"));
    assert_eq!((area(&s, 0), area(&s, 2)), (tiles("Rg Rg Bn"), tiles("Dg Ln")));
    assert_eq!(refill_needs(&s), [1, 0, 2, 0]);
    // (b) From A3 it wraps to A0.
    let s = play(forest(W3), &[pick(3, "Dn")]);
    assert_eq!(pending(&s), tiles("Dn Bn"));
    assert_eq!(refill_needs(&s), [1, 0, 0, 1]);
    // (c) From A2 to A3.
    let s = play(forest(W3), &[pick(2, "Dg")]);
    assert_eq!(pending(&s), tiles("Dg Bg Bg"));
    assert_eq!(refill_needs(&s), [0, 0, 1, 2]);
}

/// W4: a duck with no duck in the other areas stays, whether or not its own area holds another.
#[test]
fn w4_duck_stays_when_no_other_area_holds_a_duck() {
    let s = play(forest("Rb Rb Ln Eg | Dg Dg Rg Eb | Bn Bn Ln Eg | Rg Lb Lb En"), &[pick(1, "Dg")]);
    assert_eq!(pending(&s), tiles("Dg Dg Rg"));
    assert_eq!(area(&s, 1), tiles("Eb"));
    assert_eq!(refill_needs(&s), [0, 3, 0, 0]);
    let s = play(forest("Rb Rb Ln Eg | Dg Bb Rg Eb | Bn Bn Ln Eg | Rg Lb Lb En"), &[pick(1, "Dg")]);
    assert_eq!(pending(&s), tiles("Dg Rg"));
    assert_eq!(refill_needs(&s), [0, 2, 0, 0]);
}

/// Rule 5 and W5: the moved tile and every tile of its colour in the landing area are taken;
/// nothing from the origin area or elsewhere. A first turn's refill takes the bag from 89 to 86.
#[test]
fn r5_w5_collect_its_colour_in_the_landing_area_only() {
    let start = forest(W5);
    assert_eq!(start.bag().len(), 89);
    let s = play(start, &[pick(0, "Rg")]);
    assert_eq!(pending(&s), tiles("Rg Bg Dg"));
    assert_eq!((area(&s, 0), area(&s, 1)), (tiles("Lb En Ln"), tiles("Eb Rn")));
    assert_eq!((area(&s, 2), area(&s, 3)), (tiles("Bb Bb Eb Dg"), tiles("Lg Lg Rn Dn")));
    assert_eq!(refill_needs(&s), [1, 2, 0, 0]);
    let s = finish_turn(s, &mut rng_from_seed(1));
    assert_eq!((s.bag().len(), refill_needs(&s)), (86, [0; 4]));
}

/// W6: a bear stays and collects its colour in its own area.
#[test]
fn w6_bear_collects_in_its_own_area() {
    let s = play(forest(W5), &[pick(2, "Bb")]);
    assert_eq!(pending(&s), tiles("Bb Bb Eb"));
    assert_eq!(area(&s, 2), tiles("Dg"));
    assert_eq!(refill_needs(&s), [0, 0, 3, 0]);
}

/// W7: the maximum haul, 5 tiles; the landing area is left empty before the refill.
#[test]
fn w7_maximum_haul_of_5() {
    let s = play(forest("Rg Lb En Ln | Eb Dg Rn Bn | Bg Bb Eg Dg | Rb Lb Db Bb"), &[pick(1, "Eb")]);
    assert_eq!(pending(&s), tiles("Eb Rb Lb Db Bb"));
    assert_eq!(s.forest().area_len(3), 0);
    assert_eq!(refill_needs(&s), [0, 1, 0, 4]);
}

/// W8: one `Pick` per (area, species, colour) present, in the canonical order.
#[test]
fn w8_distinct_picks_in_canonical_order() {
    let s = forest("Bb Bb Dg Dn | Rg Rg Rg Rg | Eb En Eg Lb | Lb Lb Ln Ln");
    let expected =
        [(0, "Bb"), (0, "Dn"), (0, "Dg"), (1, "Rg"), (2, "Lb"), (2, "Eb"), (2, "En"), (2, "Eg"), (3, "Lb"), (3, "Ln")]
            .map(|(a, t)| pick(a, t));
    assert_eq!(legal(&s), expected);
}

/// Rule 6: the collected tiles are all of the moved tile's colour, 1–5 of them, and every seat
/// sees them (the observation is the whole state).
#[test]
fn r6_collected_tiles_share_one_colour_and_are_public() {
    use meeple::game::Game;
    let s = play(forest(W5), &[pick(0, "Rg")]);
    let (counts, colour) = s.pending();
    assert_eq!(colour, meeple::games::locomomo::Colour::Green);
    assert_eq!(counts.iter().sum::<u8>(), 3);
    assert!(pending(&s).iter().all(|t| t.colour() == colour));
    let text = s.observation(1).to_string();
    assert!(text.contains("seat 0 to place Rg Bg Dg"), "{text}");
}
