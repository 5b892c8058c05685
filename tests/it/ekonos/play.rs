//! Spec "Rules" R3–R8 (turn steps, cards, protection, growth, expansion, cap); worked checks W5,
//! W6, W10–W13.

use super::{legal, list, play, table};
use meeple::game::{Game, rng_from_seed};
use meeple::games::ekonos::data::bit;
use meeple::games::ekonos::{Action, Company, Config, EkonosState, NoPresidentGrowth, Step};

use Action::{Expand, GrowPlace, GrowProtect, GrowReplace, NoBuy, NoSell, Wait};
use Company::{D, G, L, P, R, Y};

fn place(card: u8, region: u8) -> Action {
    Action::Place { card, region }
}
fn protect(card: u8, region: u8) -> Action {
    Action::Protect { card, region }
}
fn grow(card: u8, company: Company) -> Action {
    Action::Grow { card, company }
}

#[test]
fn r3_turn_steps_play_then_sell_then_buy_each_once() {
    // Seat 0 holds a share: after its card comes the sell step, then the buy step, then seat 1.
    let s = table(3).with_hand(0, &[1]).with_hand(1, &[2]).with_shares(0, G, 1).with_president(G, Some(0));
    assert!(legal(&s).iter().all(|a| matches!(a, Action::Place { .. } | Action::Protect { .. } | Action::Grow { .. })));
    let s = play(s, &[place(1, 5)]);
    assert_eq!((s.step(), s.to_move(), legal(&s)), (Step::Sell, Some(0), vec![Action::Sell { company: G }, NoSell]));
    let s = play(s, &[NoSell]);
    assert_eq!((s.step(), s.to_move()), (Step::Buy, Some(0)));
    assert_eq!(*legal(&s).last().unwrap(), NoBuy);
    let s = play(s, &[Action::Buy { company: R }]);
    assert_eq!((s.step(), s.to_move(), s.active()), (Step::Play, Some(1), 1));
    // Decision 13: seat 1 holds no share, so its sell step is skipped.
    let s = play(s, &[place(2, 6)]);
    assert_eq!((s.step(), s.to_move()), (Step::Buy, Some(1)));
}

#[test]
fn r4_a_card_is_played_face_up_for_exactly_one_icon() {
    let s = table(2).with_hand(0, &[1, 2]).with_hand(1, &[3]);
    let after = play(s, &[place(1, 9)]);
    assert_eq!((list(after.hand(0)), list(after.played())), (vec![2], vec![1]));
    assert_eq!((after.owner(9), after.growth(D), after.growth(Y)), (Some(R), 0, 0));
    let after = play(s, &[grow(1, Y)]);
    assert_eq!((after.growth(Y), after.growth(D), after.tile_count(R)), (1, 0, 0));
    // R4a: no place once the top company has 10 tiles on the map; R4c is then still legal.
    let full = s.with_tiles(R, &[1, 2, 3, 4, 5, 6, 7, 8, 10, 11]).with_protected(&[1, 2, 3, 4, 5, 6, 7, 8, 10, 11]);
    let card1: Vec<_> = legal(&full).into_iter().filter(|a| matches!(a, Action::Place { card: 1, .. })).collect();
    assert!(card1.is_empty());
    assert!(legal(&full).contains(&grow(1, D)));
}

#[test]
fn r5_protection_is_permanent() {
    // A protected tile cannot be protected again, nor replaced by an expansion.
    let s = table(3)
        .with_tiles(R, &[9])
        .with_tiles(G, &[13])
        .with_protected(&[9, 13])
        .with_growth(R, 5)
        .with_hand(0, &[8, 1]);
    assert!(!legal(&s).iter().any(|a| matches!(a, Action::Protect { card: 1, .. })));
    let s = play(s, &[grow(8, R)]);
    assert_eq!(legal(&s), vec![GrowPlace { region: 10 }, GrowPlace { region: 12 }, GrowPlace { region: 14 }]);
    let s = play(s, &[GrowPlace { region: 10 }, GrowPlace { region: 12 }, GrowPlace { region: 14 }]);
    assert_eq!((s.owner(13), s.protected() & bit(13) != 0), (Some(G), true));
}

#[test]
fn r6_growth_spaces_1_2_3_and_5_do_nothing() {
    for start in [0, 1, 2, 4] {
        let s = table(3).with_tiles(G, &[19]).with_shares(1, G, 1).with_president(G, Some(1)).with_growth(G, start);
        let s = play(s.with_hand(0, &[3]).with_hand(1, &[4]), &[grow(3, G)]);
        assert_eq!((s.growth(G), s.step(), s.to_move()), (start + 1, Step::Buy, Some(0)), "from {start}");
    }
}

#[test]
fn r7_the_frontier_is_fixed_when_the_expansion_starts() {
    // See W10 for the full check; here: a tile placed on region 10 does not open 3, 4 or 15.
    let s = w10_position();
    let s = play(s, &[grow(8, R), GrowPlace { region: 10 }]);
    let (company, left, frontier) = s.expansion().unwrap();
    assert_eq!((company, left, list(frontier)), (R, 2, vec![10, 12, 13, 14]));
    assert!(legal(&s).iter().all(|a| !matches!(a, GrowPlace { region: 3 | 4 | 15 })));
}

#[test]
fn r7c_growth_actions_left_are_lost_once_none_is_legal() {
    // R@1 (protected) with neighbours 2 and 8 held by protected tiles: nothing is legal at all,
    // so the expansion ends at once and the marker returns to 0.
    let s = table(3)
        .with_tiles(R, &[1])
        .with_tiles(G, &[2, 8])
        .with_protected(&[1, 2, 8])
        .with_growth(R, 5)
        .with_hand(0, &[8]);
    let s = play(s, &[grow(8, R)]);
    assert_eq!((s.growth(R), s.step(), s.expansions()), (0, Step::Buy, 1));
    // R@1 (protected), 2 empty, 8 held by a protected tile: place 2, protect 2, and the third
    // action is lost (nothing is legal: 2 is R's now, 8 protected, every R tile protected).
    let s =
        table(3).with_tiles(R, &[1]).with_tiles(G, &[8]).with_protected(&[1, 8]).with_growth(R, 5).with_hand(0, &[8]);
    let s = play(s, &[grow(8, R)]);
    assert_eq!(legal(&s), vec![GrowPlace { region: 2 }]);
    let s = play(s, &[GrowPlace { region: 2 }]);
    assert_eq!((legal(&s), s.expansion().unwrap().1), (vec![GrowProtect { region: 2 }], 2));
    let s = play(s, &[GrowProtect { region: 2 }]);
    assert_eq!((s.growth(R), s.step(), list(s.tiles(R))), (0, Step::Buy, vec![1, 2]));
}

#[test]
fn r8_a_company_at_10_tiles_cannot_place_or_replace() {
    // D holds 10 regions; its frontier 9, 12, 15, 16, 17 has empty regions and unprotected G
    // tiles, but at the cap only protects are legal.
    let ten = [1, 2, 3, 4, 5, 6, 7, 8, 10, 11];
    let s = table(3).with_tiles(D, &ten).with_tiles(G, &[9, 12]).with_growth(D, 5).with_hand(0, &[3]);
    let s = play(s, &[grow(3, D)]);
    assert_eq!(list(s.expansion().unwrap().2), vec![9, 12, 15, 16, 17]);
    let expected: Vec<_> = ten.iter().map(|&region| GrowProtect { region }).collect();
    assert_eq!(legal(&s), expected);
}

#[test]
fn w5_first_decision_of_a_game() {
    let s = EkonosState::new(&Config::default(), 4, &mut rng_from_seed(3));
    assert_eq!(legal(&s).len(), 228);
    for card in list(s.hand(0)) {
        let n = legal(&s)
            .iter()
            .filter(|a| matches!(a, Action::Place { card: c, .. } | Action::Grow { card: c, .. } if *c == card))
            .count();
        assert_eq!(n, 38);
    }
    let s = EkonosState::new(&Config::default(), 5, &mut rng_from_seed(3));
    assert_eq!(legal(&s).len(), 190);
}

#[test]
fn w6_legal_plays_in_a_position() {
    let s = table(3)
        .with_tiles(R, &[9, 13])
        .with_tiles(G, &[14, 20])
        .with_tiles(P, &[28])
        .with_protected(&[13, 20])
        .with_hand(0, &[1, 8]);
    let moves = legal(&s);
    assert_eq!(moves.len(), 68);
    let of = |card: u8| {
        moves.iter().filter(|a| matches!(a, Action::Place { card: c, .. } | Action::Protect { card: c, .. } | Action::Grow { card: c, .. } if *c == card)).copied().collect::<Vec<_>>()
    };
    let one = of(1);
    assert_eq!(one.len(), 34);
    assert_eq!(one.iter().filter(|a| matches!(a, Action::Place { .. })).count(), 31);
    assert_eq!(&one[31..], &[protect(1, 9), grow(1, D), grow(1, Y)]);
    let eight = of(8);
    assert_eq!(eight.len(), 34);
    assert_eq!(&eight[31..], &[protect(8, 14), grow(8, R), grow(8, L)]);
    // D with 10 tiles, only 1, 2, 3 unprotected.
    let s = table(3)
        .with_tiles(D, &[1, 2, 3, 4, 5, 6, 7, 8, 10, 11])
        .with_protected(&[4, 5, 6, 7, 8, 10, 11])
        .with_hand(0, &[13]);
    assert_eq!(legal(&s), vec![protect(13, 1), protect(13, 2), protect(13, 3), grow(13, Y), grow(13, P)]);
    // Every region occupied and every R tile protected.
    let s = table(3)
        .with_tiles(R, &[1, 2, 3, 4, 5, 6])
        .with_protected(&[1, 2, 3, 4, 5, 6])
        .with_tiles(G, &(7..=16).collect::<Vec<_>>())
        .with_tiles(D, &(17..=26).collect::<Vec<_>>())
        .with_tiles(L, &(27..=36).collect::<Vec<_>>())
        .with_hand(0, &[1]);
    assert_eq!(legal(&s), vec![grow(1, D), grow(1, Y)]);
}

fn w10_position() -> EkonosState {
    table(3)
        .with_tiles(R, &[9])
        .with_tiles(G, &[13])
        .with_tiles(D, &[14])
        .with_protected(&[14])
        .with_shares(1, R, 1)
        .with_president(R, Some(1))
        .with_growth(R, 5)
        .with_hand(0, &[8])
        .with_hand(1, &[2])
}

#[test]
fn w10_expansion_at_6_with_a_frozen_frontier() {
    let s = play(w10_position(), &[grow(8, R)]);
    assert_eq!((s.to_move(), s.step(), s.growth(R)), (Some(1), Step::Expansion, 6));
    assert_eq!(list(s.expansion().unwrap().2), vec![10, 12, 13, 14]);
    assert_eq!(
        legal(&s),
        vec![GrowPlace { region: 10 }, GrowPlace { region: 12 }, GrowReplace { region: 13 }, GrowProtect { region: 9 }]
    );
    let s = play(s, &[GrowPlace { region: 10 }]);
    assert_eq!(
        legal(&s),
        vec![
            GrowPlace { region: 12 },
            GrowReplace { region: 13 },
            GrowProtect { region: 9 },
            GrowProtect { region: 10 }
        ]
    );
    let s = play(s, &[GrowReplace { region: 13 }]);
    assert_eq!(s.tile_count(G), 0, "G's tile back to its supply");
    assert_eq!(
        legal(&s),
        vec![
            GrowPlace { region: 12 },
            GrowProtect { region: 9 },
            GrowProtect { region: 10 },
            GrowProtect { region: 13 }
        ]
    );
    let s = play(s, &[GrowProtect { region: 10 }]);
    assert_eq!(list(s.tiles(R)), vec![9, 10, 13]);
    assert_eq!(list(s.protected()), vec![10, 14]);
    assert_eq!((s.growth(R), s.to_move(), s.step()), (0, Some(0), Step::Buy));
    assert_eq!((s.expansions(), s.replacements()), (1, 1));
}

fn w11_position() -> EkonosState {
    table(3)
        .with_tiles(G, &[19])
        .with_shares(2, G, 1)
        .with_president(G, Some(2))
        .with_growth(G, 3)
        .with_hand(0, &[3, 9])
        .with_hand(1, &[4, 10])
        .with_hand(2, &[6, 11])
}

#[test]
fn w11_growth_4_wait_then_6() {
    let s = play(w11_position(), &[grow(3, G)]);
    assert_eq!((s.growth(G), s.to_move(), s.step(), legal(&s)), (4, Some(2), Step::GrowthChoice, vec![Expand, Wait]));
    assert_eq!(s.turn_owner(), Some(0));
    let s = play(s, &[Wait]);
    assert_eq!((s.growth(G), s.to_move(), s.step()), (4, Some(0), Step::Buy));
    let s = play(s, &[NoBuy, grow(4, G)]);
    assert_eq!((s.growth(G), s.to_move(), s.step()), (5, Some(1), Step::Buy));
    let s = play(s, &[NoBuy, grow(6, G)]);
    assert_eq!((s.growth(G), s.to_move(), s.step()), (6, Some(2), Step::Expansion));
    let (_, left, frontier) = s.expansion().unwrap();
    assert_eq!((left, list(frontier)), (3, vec![13, 20, 27, 28]));
    let s = play(s, &[GrowPlace { region: 13 }, GrowPlace { region: 20 }, GrowPlace { region: 27 }]);
    assert_eq!((s.growth(G), s.step(), s.tile_count(G)), (0, Step::Sell, 4));
    // Had seat 2 expanded at 4: two actions with the same frontier, then marker 0.
    let s = play(w11_position(), &[grow(3, G), Expand]);
    let (_, left, frontier) = s.expansion().unwrap();
    assert_eq!((s.to_move(), left, list(frontier)), (Some(2), 2, vec![13, 20, 27, 28]));
    let s = play(s, &[GrowPlace { region: 28 }, GrowPlace { region: 13 }]);
    assert_eq!((s.growth(G), s.to_move(), s.step(), s.tile_count(G)), (0, Some(0), Step::Buy, 3));
}

fn w12_position(rule: NoPresidentGrowth) -> EkonosState {
    EkonosState::empty(&Config { no_president_growth: rule }, 3)
        .with_tiles(L, &[25])
        .with_growth(L, 3)
        .with_hand(0, &[2, 9])
        .with_hand(1, &[5, 10])
        .with_hand(2, &[6, 11])
}

#[test]
fn w12_growth_without_a_president() {
    let s = play(w12_position(NoPresidentGrowth::ActiveAt6), &[grow(2, L)]);
    assert_eq!((s.growth(L), s.to_move(), s.step()), (4, Some(0), Step::Buy));
    let s = play(s, &[NoBuy, grow(5, L)]);
    assert_eq!(s.growth(L), 5);
    let s = play(s, &[NoBuy, grow(6, L)]);
    assert_eq!((s.growth(L), s.to_move(), s.step()), (6, Some(2), Step::Expansion));
    let (_, left, frontier) = s.expansion().unwrap();
    assert_eq!((left, list(frontier)), (3, vec![26, 32, 33]));
    let s = play(s, &[GrowPlace { region: 26 }, GrowPlace { region: 32 }, GrowPlace { region: 33 }]);
    assert_eq!((s.growth(L), s.step(), s.to_move()), (0, Step::Buy, Some(2)));
    // With `active_always`, seat 0 is asked at 4.
    let s = play(w12_position(NoPresidentGrowth::ActiveAlways), &[grow(2, L)]);
    assert_eq!((s.to_move(), s.step(), legal(&s)), (Some(0), Step::GrowthChoice, vec![Expand, Wait]));
}

#[test]
fn w13_a_full_turn_with_two_deciders() {
    let s = table(4)
        .with_tiles(Y, &[30])
        .with_tiles(R, &[24])
        .with_tiles(P, &[36])
        .with_protected(&[36])
        .with_shares(1, R, 1)
        .with_president(R, Some(1))
        .with_shares(3, Y, 1)
        .with_president(Y, Some(3))
        .with_growth(Y, 5)
        .with_hand(1, &[1])
        .with_hand(2, &[2])
        .with_turn(1, Step::Play);
    let mut deciders = vec![s.to_move().unwrap()];
    let mut owners = vec![s.turn_owner().unwrap()];
    let mut rng = rng_from_seed(1);
    let mut s = s;
    let script = [grow(1, Y), GrowPlace { region: 23 }, GrowPlace { region: 35 }, GrowReplace { region: 24 }, NoSell];
    for (i, a) in script.into_iter().enumerate() {
        if i == 1 {
            assert_eq!(
                legal(&s),
                vec![
                    GrowPlace { region: 23 },
                    GrowReplace { region: 24 },
                    GrowPlace { region: 35 },
                    GrowProtect { region: 30 }
                ]
            );
            assert_eq!(list(s.expansion().unwrap().2), vec![23, 24, 35, 36]);
        }
        if i == 4 {
            assert_eq!(legal(&s), vec![Action::Sell { company: R }, NoSell]);
        }
        assert!(legal(&s).contains(&a), "{a}");
        s.apply(a, &mut rng);
        deciders.push(s.to_move().unwrap());
        owners.push(s.turn_owner().unwrap());
    }
    assert_eq!(s.step(), Step::Buy);
    assert_eq!(deciders, vec![1, 3, 3, 3, 1, 1]);
    assert_eq!(owners, vec![1; 6]);
    assert_eq!(list(s.tiles(Y)), vec![23, 24, 30, 35]);
    assert_eq!((s.tile_count(R), s.growth(Y)), (0, 0));
}
