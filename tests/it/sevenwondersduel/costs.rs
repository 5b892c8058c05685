//! Spec "The turn" and "Costs": R5, R6, R8–R12 with W5–W11.

use meeple::game::{Game, rng_from_seed};
use meeple::games::sevenwondersduel::data::{CLAY, GLASS, STONE, WONDERS, WOOD};
use meeple::games::sevenwondersduel::{Action, CardCost, Config, Phase, SwdState};

use super::{c, cb, legal, play, w};

/// An Age II position with seat 0 to play.
fn age2() -> SwdState {
    SwdState::test_position(2)
}

#[test]
fn r5_a_turn_constructs_discards_or_builds_a_wonder_with_one_card() {
    let base = SwdState::test_position(1)
        .with_slots(&[(14, "lumber_yard"), (15, "quarry"), (16, "theater")])
        .with_wonders(0, &["pyramids"], 0)
        .with_coins(0, 20);
    let s = play(base, &[Action::Construct(c("lumber_yard"))]);
    assert_eq!((s.city(0), s.coins(0), s.to_move()), (cb("lumber_yard"), 20, Some(1)));
    let s = play(base, &[Action::Discard(c("quarry"))]);
    assert_eq!((s.discard(), s.coins(0), s.city(0)), (cb("quarry"), 22, 0));
    let s = play(base, &[Action::BuildWonder(c("theater"), w("pyramids"))]);
    assert_eq!((s.tucked(), s.built(0), s.discard(), s.city(0)), (cb("theater"), 1 << w("pyramids"), 0, 0));
    assert_eq!(s.coins(0), 20 - 8, "pyramids SSS P at 2 each");
}

#[test]
fn r6_discard_always_construct_if_chain_or_affordable_wonder_if_affordable_and_fewer_than_seven() {
    let s = age2()
        .with_slots(&[(18, "barracks"), (19, "courthouse")])
        .with_city(0, &["garrison"])
        .with_wonders(0, &["pyramids", "appian_way"], 0)
        .with_coins(0, 0);
    // No coins: discards, and the chained Barracks.
    let d = |k| Action::Discard(c(k));
    assert_eq!(legal(&s), vec![d("barracks"), Action::Construct(c("barracks")), d("courthouse")]);
    // Courthouse WW G costs 6; with 6 coins it is legal, with 5 not; the Pyramids (4 units) cost
    // 8, the Appian Way (5 units) 10.
    let s6 = s.with_coins(0, 6);
    assert!(legal(&s6).contains(&Action::Construct(c("courthouse"))));
    assert!(!legal(&s.with_coins(0, 5)).contains(&Action::Construct(c("courthouse"))));
    assert!(!legal(&s6).iter().any(|a| matches!(a, Action::BuildWonder(..))));
    let s8 = s.with_coins(0, 8);
    let wonders: Vec<_> = legal(&s8).into_iter().filter(|a| matches!(a, Action::BuildWonder(..))).collect();
    assert_eq!(
        wonders,
        vec![Action::BuildWonder(c("barracks"), w("pyramids")), Action::BuildWonder(c("courthouse"), w("pyramids"))]
    );
    // A built wonder is not offered again.
    let both = legal(&s.with_coins(0, 10)).into_iter().filter(|a| matches!(a, Action::BuildWonder(..))).count();
    assert_eq!(both, 4);
    let built = s.with_coins(0, 30).with_wonders(0, &["pyramids", "appian_way"], 1);
    assert!(!legal(&built).iter().any(|a| matches!(a, Action::BuildWonder(_, x) if *x == w("pyramids"))));
}

#[test]
fn w5_first_decision_of_age_one() {
    let mut rng = rng_from_seed(12);
    let mut s = SwdState::new_game(&Config::default(), 2, &mut rng);
    while s.phase() == Phase::Draft {
        let a = legal(&s)[0];
        s.apply(a, &mut rng);
    }
    assert_eq!((s.age(), s.to_move(), s.coins(0)), (1, Some(0), 7));
    let acts = legal(&s);
    assert_eq!(acts.len(), 12);
    assert_eq!(acts.iter().filter(|a| matches!(a, Action::Discard(_))).count(), 6);
    assert_eq!(acts.iter().filter(|a| matches!(a, Action::Construct(_))).count(), 6);
    // With no production, four-unit wonders cost 8 and five-unit ones 10.
    for (i, wonder) in WONDERS.iter().enumerate() {
        let units: u8 = wonder.cost.iter().sum();
        assert_eq!(s.wonder_cost(0, i as u8), 2 * u16::from(units), "{}", wonder.id);
    }
    let five: Vec<_> = WONDERS.iter().filter(|x| x.cost.iter().sum::<u8>() == 5).map(|x| x.id).collect();
    assert_eq!(five, vec!["appian_way", "great_library", "mausoleum", "statue_of_zeus"]);
    assert_eq!(WONDERS.iter().map(|x| x.cost.iter().sum::<u8>()).min(), Some(4));
}

/// W6's cities.
fn w6_position() -> SwdState {
    age2()
        .with_city(0, &["lumber_yard", "quarry"])
        .with_city(1, &["clay_pool", "brickyard", "glassworks", "forum"])
        .with_wonders(1, &["piraeus"], 1)
}

#[test]
fn r8_production_yellow_cards_and_wonders_never_raise_the_opponents_prices() {
    let s = w6_position();
    // Seat 1 produces C 3, G 1 from brown/grey cards; its Forum and Piraeus do not count.
    assert_eq!(s.prices(0), [2, 5, 2, 3, 2]);
    // Its own choice producers (Forum, Piraeus) cover one missing G/P unit each: for GG P it
    // produces G and covers G and P; for W GG it covers G and buys W at 2 + seat 0's 1 wood.
    assert_eq!(s.trading_cost(1, &[0, 0, 0, 2, 1], 0), 0);
    assert_eq!(s.trading_cost(1, &[1, 0, 0, 2, 0], 0), 3);
}

#[test]
fn r9_unit_price_is_two_plus_the_opponents_symbols_or_one_when_fixed() {
    let s = age2().with_city(1, &["sawmill", "quarry", "press"]);
    assert_eq!(s.prices(0), [4, 2, 3, 2, 3]);
    let fixed = s.with_city(0, &["wood_reserve", "customs_house"]);
    assert_eq!(fixed.prices(0), [1, 2, 3, 1, 1]);
    assert_eq!(fixed.prices(1), [2, 2, 2, 2, 2], "seat 0's reserves produce nothing for seat 1's prices");
}

#[test]
fn w6_trading_price() {
    assert_eq!(w6_position().card_cost(0, c("parade_ground")), CardCost::Pay { coins: 0, trade: 13 });
}

#[test]
fn w7_fixed_price() {
    let s = w6_position().with_city(0, &["clay_reserve"]);
    assert_eq!(s.card_cost(0, c("parade_ground")).total(), 5);
}

#[test]
fn w8_choice_producers_cheapest() {
    let s = SwdState::test_position(3)
        .with_city(0, &["quarry", "caravansery", "forum"])
        .with_city(1, &["sawmill", "clay_pool"]);
    let p = s.prices(0);
    assert_eq!((p[WOOD], p[CLAY], p[GLASS]), (4, 3, 2));
    assert_eq!(s.card_cost(0, c("palace")), CardCost::Pay { coins: 0, trade: 5 });
}

#[test]
fn r10_card_cost_chain_coins_and_the_cheapest_trade() {
    // Chain: free whatever the price.
    let s = age2().with_city(0, &["theater"]).with_coins(0, 0);
    assert_eq!(s.card_cost(0, c("statue")), CardCost::Chain);
    // Printed coins plus trade: Forum (3c + C) with no clay anywhere.
    assert_eq!(age2().card_cost(0, c("forum")), CardCost::Pay { coins: 3, trade: 2 });
    // Own production first: Walls SS with one Quarry: one S bought.
    assert_eq!(age2().with_city(0, &["quarry"]).card_cost(0, c("walls")).total(), 2);
}

#[test]
fn w9_masonry_and_architecture() {
    let a = SwdState::test_position(3)
        .with_tokens(0, &["masonry"])
        .with_city(0, &["quarry"])
        .with_city(1, &["shelf_quarry"]);
    let p = a.prices(0);
    assert_eq!((p[STONE], p[WOOD]), (4, 2));
    assert_eq!(a.card_cost(0, c("town_hall")).total(), 4);
    // Masonry applies to blue cards only.
    assert_eq!(a.card_cost(0, c("fortifications")).total(), 2 + 4 + 2, "C S P bought");
    let b = SwdState::test_position(3)
        .with_tokens(0, &["architecture"])
        .with_wonders(0, &["great_lighthouse", "statue_of_zeus"], 1)
        .with_city(1, &["press", "drying_room", "clay_pit"]);
    assert_eq!(b.prices(0), [2, 3, 2, 2, 4]);
    assert_eq!(b.wonder_cost(0, w("statue_of_zeus")), 4);
}

#[test]
fn r11_wonder_cost_has_no_coin_part_and_uses_production() {
    let s = age2().with_city(0, &["quarry", "shelf_quarry", "press"]);
    assert_eq!(s.wonder_cost(0, w("pyramids")), 0, "SSS P all produced");
    assert_eq!(s.wonder_cost(0, w("sphinx")), 2 + 2 + 2, "C S GG: S produced, C G G bought");
}

#[test]
fn w10_chain_urbanism_economy() {
    let a = age2()
        .with_slots(&[(18, "barracks"), (19, "forum")])
        .with_tokens(1, &["economy"])
        .with_city(0, &["garrison"])
        .with_tokens(0, &["urbanism"])
        .with_coins(0, 2)
        .with_coins(1, 0);
    assert!(legal(&a).contains(&Action::Construct(c("barracks"))));
    let after = play(a, &[Action::Construct(c("barracks"))]);
    assert_eq!((after.coins(0), after.coins(1)), (6, 0));
    assert_eq!(after.stats(0).chains_used, 1);
    let b = a.with_tokens(0, &[]).with_coins(0, 10);
    let after = play(b, &[Action::Construct(c("forum"))]);
    assert_eq!((after.coins(0), after.coins(1)), (5, 2));
}

#[test]
fn r12_economy_receives_the_trade_even_at_one_coin_and_before_looting() {
    // A Reserve's 1-coin units are still trade (D18).
    let s = age2()
        .with_slots(&[(18, "walls"), (19, "forum")])
        .with_city(0, &["stone_reserve"])
        .with_tokens(1, &["economy"])
        .with_coins(0, 10)
        .with_coins(1, 0);
    let after = play(s, &[Action::Construct(c("walls"))]);
    assert_eq!((after.coins(0), after.coins(1)), (8, 2));
    // Received before the shields: seat 1 gets 2, then the pawn entering 3 takes them.
    let looted = play(s.with_pawn(2, 0b1111), &[Action::Construct(c("walls"))]);
    assert_eq!((looted.pawn(), looted.coins(1), looted.loot()), (4, 0, 0b1011));
}

#[test]
fn w11_discard_value() {
    let s = age2().with_slots(&[(18, "walls"), (19, "forum")]).with_coins(0, 0);
    let yellow = s.with_city(0, &["tavern", "clay_reserve", "forum"]).with_slots(&[(18, "walls"), (19, "brewery")]);
    assert_eq!(play(yellow, &[Action::Discard(c("walls"))]).coins(0), 5);
    assert_eq!(play(s, &[Action::Discard(c("walls"))]).coins(0), 2);
}
