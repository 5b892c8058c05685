//! Spec "Effects": R13–R23 with W12–W16, W20, W21 and W24.

use meeple::game::{Game, rng_from_seed};
use meeple::games::sevenwondersduel::data::WOOD;
use meeple::games::sevenwondersduel::{Action, Phase, SwdState, Victory};

use super::{c, cb, legal, play, play_with, t, w};
use meeple::labels::Labels;

/// Age III with the named cards accessible (slots 11–14, 18, 19) and seat 0 to play.
fn age3(cards: &[&str]) -> SwdState {
    let slots = [11, 12, 13, 14, 18, 19];
    let placed: Vec<(usize, &str)> = slots.iter().copied().zip(cards.iter().copied()).collect();
    SwdState::test_position(3).with_slots(&placed)
}

#[test]
fn w12_military_with_strategy() {
    let s = age3(&["arsenal", "fortifications", "siege_workshop", "pretorium", "circus", "palace"])
        .with_tokens(0, &["strategy"])
        .with_coins(0, 100)
        .with_coins(1, 1)
        .with_city(1, &["parade_ground"]);
    let a = play(s, &[Action::Construct(c("arsenal"))]);
    assert_eq!((a.pawn(), a.loot(), a.coins(1)), (4, 0b1011, 0));
    let b = play(a, &[Action::Construct(c("circus"))]);
    assert_eq!((b.pawn(), b.loot(), b.coins(1)), (2, 0b1011, 0));
    let cc = play(b, &[Action::Construct(c("fortifications"))]);
    assert_eq!((cc.pawn(), cc.loot()), (5, 0b1011));
    let d = play(cc.with_active(0), &[Action::Construct(c("siege_workshop"))]);
    assert_eq!((d.pawn(), d.loot(), d.coins(1)), (8, 0b0011, 0));
    let e = play(d.with_active(0), &[Action::Construct(c("pretorium"))]);
    assert_eq!((e.pawn(), e.result(), e.to_move()), (9, Some((0, Victory::Military)), None));
    assert_eq!(e.game_labels().text("victory"), "military");
    assert_eq!(e.outcome().unwrap()[..2], [1.0, 0.0]);
}

#[test]
fn w13_two_zones_in_one_move() {
    let s = age3(&["pretorium", "palace"])
        .with_pawn(2, 0b1111)
        .with_coins(1, 6)
        .with_coins(0, 20)
        .with_tokens(0, &["strategy"]);
    let after = play(s, &[Action::Construct(c("pretorium"))]);
    assert_eq!((after.pawn(), after.coins(1), after.loot()), (6, 0, 0b0011));
    assert_eq!((after.vp_parts(0)[0], after.vp_parts(1)[0]), (10, 0));
}

#[test]
fn r16_shields_move_toward_the_opponent_and_strategy_never_helps_wonders() {
    let s = age3(&["walls", "palace", "obelisk"])
        .with_tokens(0, &["strategy"])
        .with_wonders(0, &["colossus"], 0)
        .with_coins(0, 50)
        .with_coins(1, 50);
    let wonder = play(s, &[Action::BuildWonder(c("palace"), w("colossus"))]);
    assert_eq!(wonder.pawn(), 2, "Colossus: 2 shields, no Strategy bonus");
    let red = play(wonder, &[Action::Construct(c("walls"))]);
    assert_eq!(red.pawn(), 0, "seat 1's Walls move the pawn 2 toward seat 0's capital");
    // Seat 1 moving into seat 0's zones loots seat 0.
    let looting = play(s.with_active(1).with_pawn(-2, 0b1111).with_coins(0, 3), &[Action::Construct(c("walls"))]);
    assert_eq!((looting.pawn(), looting.coins(0), looting.loot()), (-4, 1, 0b1110));
}

#[test]
fn r16_the_five_coin_tokens_take_five_coins() {
    // Seat 1's 2-coin token is gone (p = 5); seat 0's Walls enter +6: seat 1 loses 5 of its 10.
    let s = SwdState::test_position(2)
        .with_slots(&[(18, "walls"), (19, "statue")])
        .with_pawn(5, 0b1011)
        .with_coins(0, 50)
        .with_coins(1, 10);
    let after = play(s, &[Action::Construct(c("walls"))]);
    assert_eq!((after.pawn(), after.coins(1), after.loot()), (7, 5, 0b0011));
    // Seat 1's Walls enter -6 from -5: seat 0 loses 5 of its 8.
    let other = play(s.with_active(1).with_pawn(-5, 0b1110).with_coins(0, 8), &[Action::Construct(c("walls"))]);
    assert_eq!((other.pawn(), other.coins(0), other.loot()), (-7, 3, 0b1100));
}

#[test]
fn w14_science_pair_law_supremacy() {
    let s = age3(&["observatory", "academy", "palace"])
        .with_city(0, &["scriptorium", "pharmacist", "workshop", "apothecary", "university"])
        .with_board(&["law", "agriculture", "strategy"])
        .with_coins(0, 50);
    assert_eq!(s.distinct_symbols(0), 5);
    let pair = play(s, &[Action::Construct(c("observatory"))]);
    assert_eq!((pair.phase(), pair.to_move()), (Phase::TakeProgress, Some(0)));
    let options = vec![
        Action::TakeProgress(t("agriculture")),
        Action::TakeProgress(t("law")),
        Action::TakeProgress(t("strategy")),
    ];
    assert_eq!(legal(&pair), options);
    let law = play(pair, &[Action::TakeProgress(t("law"))]);
    assert_eq!(
        (law.result(), law.game_labels().text("victory").as_str()),
        (Some((0, Victory::Scientific)), "scientific")
    );
    let coins = pair.coins(0);
    let agri = play(pair, &[Action::TakeProgress(t("agriculture"))]);
    assert_eq!((agri.coins(0), agri.result(), agri.to_move()), (coins + 6, None, Some(1)));
    let academy = play(s, &[Action::Construct(c("academy"))]);
    assert_eq!((academy.result(), academy.phase()), (Some((0, Victory::Scientific)), Phase::Over));
}

#[test]
fn r17_a_pair_takes_a_board_token_only_if_one_is_left() {
    let s = age3(&["observatory", "palace"]).with_city(0, &["university"]).with_coins(0, 50);
    let after = play(s, &[Action::Construct(c("observatory"))]);
    assert_eq!((after.phase(), after.to_move()), (Phase::Turn, Some(1)), "empty board: no decision");
    // Symbols without a pair give no token.
    let single = play(s.with_board(&["law"]).with_city(0, &[]), &[Action::Construct(c("palace"))]);
    assert_eq!(single.to_move(), Some(1));
}

#[test]
fn r18_supremacy_ends_the_game_at_once_and_drops_pending_work() {
    // Seat 1 reaches seat 0's capital with Colossus (an "again" would be dropped too).
    let s = age3(&["palace", "obelisk"])
        .with_active(1)
        .with_pawn(-8, 0)
        .with_tokens(1, &["theology"])
        .with_wonders(1, &["colossus"], 0)
        .with_coins(1, 50);
    let after = play(s, &[Action::BuildWonder(c("palace"), w("colossus"))]);
    assert_eq!((after.pawn(), after.result(), after.to_move()), (-9, Some((1, Victory::Military)), None));
    assert!(!after.extra_turn_pending());
    assert_eq!(after.outcome().unwrap()[..2], [0.0, 1.0]);
}

#[test]
fn w15_lighthouse() {
    let s = age3(&["lighthouse", "palace"])
        .with_city(0, &["tavern", "wood_reserve", "caravansery"])
        .with_tokens(0, &["urbanism"])
        .with_tokens(1, &["economy"])
        .with_coins(0, 0)
        .with_coins(1, 0);
    let after = play(s, &[Action::Construct(c("lighthouse"))]);
    assert_eq!((after.coins(0), after.coins(1)), (8, 0));
}

#[test]
fn r13_coin_effects_count_the_city_after_placement() {
    let s = age3(&["arena", "port", "chamber_of_commerce", "armory", "palace"])
        .with_city(0, &["lumber_yard", "quarry", "clay_pool", "press", "glassworks", "guard_tower", "stable"])
        .with_wonders(0, &["pyramids", "sphinx"], 2)
        .with_coins(0, 100);
    let gain = |card: &str| {
        let cost = s.card_cost(0, c(card)).total();
        play(s, &[Action::Construct(c(card))]).coins(0) + cost - 100
    };
    assert_eq!(gain("arena"), 2 * 2, "2 per built wonder");
    assert_eq!(gain("port"), 2 * 3, "2 per brown card");
    assert_eq!(gain("chamber_of_commerce"), 3 * 2, "3 per grey card");
    assert_eq!(gain("armory"), 2, "1 per red card");
}

#[test]
fn w16_guild_coins() {
    let s = age3(&["tacticians_guild", "palace"])
        .with_city(0, &["guard_tower", "stable"])
        .with_city(1, &["garrison", "palisade", "walls", "barracks"])
        .with_coins(0, 100);
    let cost = s.card_cost(0, c("tacticians_guild")).total();
    let after = play(s, &[Action::Construct(c("tacticians_guild"))]);
    assert_eq!(after.coins(0), 100 - cost + 4);
    assert_eq!(after.vp_parts(0)[4], 4);
}

#[test]
fn r13_and_r25_builders_and_moneylenders_guilds_give_no_coins_and_score_the_larger_city() {
    // Seat 0 has built 2 wonders, seat 1 3; seat 1 is the richer city.
    let s = age3(&["builders_guild", "moneylenders_guild", "palace"])
        .with_wonders(0, &["pyramids", "sphinx", "colossus"], 2)
        .with_wonders(1, &["appian_way", "piraeus", "great_lighthouse"], 3)
        .with_coins(0, 100)
        .with_coins(1, 200);
    let cost = s.card_cost(0, c("builders_guild")).total();
    let builders = play(s, &[Action::Construct(c("builders_guild"))]);
    assert_eq!(builders.coins(0), 100 - cost, "the Builders Guild gives no coins");
    assert_eq!(builders.vp_parts(0)[4], 2 * 3, "2 VP per wonder of the city with most built wonders");
    let cost = s.card_cost(0, c("moneylenders_guild")).total();
    let lenders = play(s, &[Action::Construct(c("moneylenders_guild"))]);
    assert_eq!(lenders.coins(0), 100 - cost, "the Moneylenders Guild gives no coins");
    assert_eq!(lenders.vp_parts(0)[4], 200 / 3, "1 VP per 3 coins of the richer city");
}

#[test]
fn r13_and_r25_each_counting_guild_takes_the_larger_citys_count_when_built_and_at_the_end() {
    // Seat 0: yellow 1, brown + grey 1, blue 1, green 3. Seat 1: yellow 2, brown + grey 4, blue 5,
    // green 1. Each guild counts the larger city for its coins and again for its VP.
    let city0 = ["tavern", "lumber_yard", "workshop", "apothecary", "scriptorium", "theater"];
    let city1 = [
        "brewery",
        "stone_reserve",
        "clay_pool",
        "quarry",
        "press",
        "glassworks",
        "altar",
        "baths",
        "rostrum",
        "courthouse",
        "statue",
        "pharmacist",
    ];
    for (guild, count) in
        [("merchants_guild", 2), ("shipowners_guild", 4), ("magistrates_guild", 5), ("scientists_guild", 3)]
    {
        let s = age3(&[guild, "palace"]).with_city(0, &city0).with_city(1, &city1).with_coins(0, 100);
        let cost = s.card_cost(0, c(guild)).total();
        let after = play(s, &[Action::Construct(c(guild))]);
        assert_eq!((after.coins(0), after.vp_parts(0)[4]), (100 - cost + count, i32::from(count)), "{guild}");
    }
}

#[test]
fn r14_and_r19_extra_turns_from_again_and_theology_chain_but_never_double() {
    let s = age3(&["palace", "obelisk", "senate", "gardens"])
        .with_wonders(0, &["sphinx", "hanging_gardens", "pyramids"], 0)
        .with_coins(0, 100);
    let one = play(s, &[Action::BuildWonder(c("palace"), w("sphinx"))]);
    assert_eq!((one.to_move(), one.phase()), (Some(0), Phase::Turn));
    let two = play(one, &[Action::BuildWonder(c("obelisk"), w("hanging_gardens"))]);
    assert_eq!(two.to_move(), Some(0), "extra turns chain");
    let three = play(two, &[Action::BuildWonder(c("senate"), w("pyramids"))]);
    assert_eq!(three.to_move(), Some(1), "the Pyramids have no again");
    assert_eq!(three.stats(0).extra_turns, 2);
    // Theology: every wonder has again, and an "again" wonder still gives one extra turn.
    let theo = s.with_tokens(0, &["theology"]);
    let p = play(theo, &[Action::BuildWonder(c("palace"), w("pyramids"))]);
    assert_eq!(p.to_move(), Some(0));
    let sphinx = play(p, &[Action::BuildWonder(c("obelisk"), w("sphinx"))]);
    let after = play(sphinx, &[Action::Discard(c("senate"))]);
    assert_eq!(after.to_move(), Some(1), "one extra turn, not two");
}

#[test]
fn r15_follow_ups_are_resolved_by_the_same_seat_in_order() {
    let s = SwdState::test_position(2)
        .with_slots(&[(18, "walls"), (19, "statue")])
        .with_city(0, &["workshop"])
        .with_discard(&["laboratory"])
        .with_board(&["agriculture"])
        .with_wonders(0, &["mausoleum"], 0)
        .with_coins(0, 100);
    let m = play(s, &[Action::BuildWonder(c("walls"), w("mausoleum"))]);
    assert_eq!(
        (m.phase(), m.to_move(), legal(&m)),
        (Phase::Resurrect, Some(0), vec![Action::Resurrect(c("laboratory"))])
    );
    let r = play(m, &[Action::Resurrect(c("laboratory"))]);
    assert_eq!((r.phase(), r.to_move()), (Phase::TakeProgress, Some(0)), "the resurrected card's pair comes next");
    let done = play(r, &[Action::TakeProgress(t("agriculture"))]);
    assert_eq!((done.phase(), done.to_move()), (Phase::Turn, Some(1)));
}

#[test]
fn r22_mausoleum_builds_for_free_with_strategy_but_no_economy_or_urbanism() {
    let s = SwdState::test_position(2)
        .with_slots(&[(18, "walls"), (19, "statue")])
        .with_city(0, &["stable"])
        .with_discard(&["horse_breeders"])
        .with_tokens(0, &["strategy", "urbanism"])
        .with_tokens(1, &["economy"])
        .with_wonders(0, &["mausoleum"], 0)
        .with_coins(0, 20)
        .with_coins(1, 0);
    let m = play(s, &[Action::BuildWonder(c("walls"), w("mausoleum"))]);
    assert_eq!((m.coins(0), m.coins(1)), (10, 10), "the wonder's trade goes to Economy");
    let r = play(m, &[Action::Resurrect(c("horse_breeders"))]);
    assert_eq!((r.coins(0), r.coins(1), r.pawn()), (10, 10, 2));
    assert!(r.city(0) & cb("horse_breeders") != 0 && r.discard() == 0);
    // An empty discard pile: no decision.
    let empty = play(s.with_discard(&[]), &[Action::BuildWonder(c("walls"), w("mausoleum"))]);
    assert_eq!((empty.phase(), empty.to_move()), (Phase::Turn, Some(1)));
}

/// R20: when the 7th wonder is built, the one still unbuilt leaves the game whoever owns it:
/// here the builder's own last wonder.
#[test]
fn r20_the_seventh_wonder_removes_the_last_unbuilt_one() {
    let s = age3(&["palace", "obelisk", "senate"])
        .with_wonders(0, &["pyramids", "sphinx", "colossus", "hanging_gardens"], 2)
        .with_wonders(1, &["appian_way", "circus_maximus", "great_lighthouse", "temple_of_artemis"], 4)
        .with_coins(0, 100)
        .with_coins(1, 100);
    let offered = |s: &SwdState| {
        let mut v: Vec<u8> =
            legal(s).iter().filter_map(|a| if let Action::BuildWonder(_, w) = *a { Some(w) } else { None }).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    // Six built: both of seat 0's unbuilt wonders can be built.
    assert_eq!((s.built_total(), s.wonder_lost(), s.game_labels().text("wonder_lost").as_str()), (6, None, "none"));
    assert_eq!(offered(&s), [w("colossus"), w("hanging_gardens")]);
    let after = play(s, &[Action::BuildWonder(c("palace"), w("colossus"))]);
    assert_eq!((after.built_total(), after.wonder_lost()), (7, Some(w("hanging_gardens"))));
    assert_eq!(after.game_labels().text("wonder_lost"), "hanging_gardens");
    assert_eq!(after.seat_labels(0).text("hanging_gardens"), "unbuilt");
    assert_eq!(after.vp_parts(0)[5], 9 + 6 + 3, "pyramids, sphinx, colossus; not hanging_gardens");
    assert_eq!((after.pawn(), after.to_move()), (2, Some(1)));
    // Seat 1 plays, then seat 0 has cards and coins but no wonder to build.
    let next = play(after, &[Action::Discard(c("obelisk"))]);
    assert_eq!(next.to_move(), Some(0));
    assert!(legal(&next).contains(&Action::Construct(c("senate"))));
    assert!(offered(&next).is_empty());
}

#[test]
fn w20_seventh_wonder() {
    let s = age3(&["palace", "obelisk", "senate"])
        .with_wonders(0, &["pyramids", "sphinx", "colossus", "hanging_gardens"], 3)
        .with_wonders(1, &["appian_way", "circus_maximus", "great_lighthouse", "temple_of_artemis"], 3)
        .with_active(1)
        .with_coins(0, 100)
        .with_coins(1, 100)
        .with_city(0, &["builders_guild"]);
    let after = play(s, &[Action::BuildWonder(c("palace"), w("temple_of_artemis"))]);
    assert_eq!(after.built_total(), 7);
    assert_eq!(after.wonder_lost(), Some(w("hanging_gardens")));
    assert_eq!(after.game_labels().text("wonder_lost"), "hanging_gardens");
    assert!(!legal(&after).iter().any(|a| matches!(a, Action::BuildWonder(..))));
    let other = play(after, &[Action::Discard(c("obelisk"))]);
    assert!(!legal(&other.with_active(0)).iter().any(|a| matches!(a, Action::BuildWonder(..))));
    assert_eq!(after.vp_parts(0)[4], 2 * 4, "Builders Guild: max(3, 4) wonders");
}

#[test]
fn w21_destruction() {
    let s = age3(&["palace", "obelisk"])
        .with_wonders(0, &["statue_of_zeus"], 0)
        .with_coins(0, 100)
        .with_city(1, &["glassworks"]);
    let a = play(s, &[Action::BuildWonder(c("palace"), w("statue_of_zeus"))]);
    assert_eq!((a.pawn(), a.phase(), a.to_move()), (1, Phase::Turn, Some(1)));
    let b = s.with_city(1, &["sawmill", "quarry"]);
    assert_eq!(b.prices(0)[WOOD], 4);
    let built = play(b, &[Action::BuildWonder(c("palace"), w("statue_of_zeus"))]);
    assert_eq!(legal(&built), vec![Action::Destroy(c("quarry")), Action::Destroy(c("sawmill"))]);
    let after = play(built, &[Action::Destroy(c("sawmill"))]);
    assert!(after.discard() & cb("sawmill") != 0 && after.city(1) & cb("sawmill") == 0);
    assert_eq!((after.prices(0)[WOOD], after.to_move()), (2, Some(1)));
}

#[test]
fn r21_circus_maximus_destroys_a_grey_card() {
    let s = age3(&["palace", "obelisk"])
        .with_wonders(0, &["circus_maximus"], 0)
        .with_coins(0, 100)
        .with_city(1, &["glassworks", "quarry"]);
    let built = play(s, &[Action::BuildWonder(c("palace"), w("circus_maximus"))]);
    assert_eq!(legal(&built), vec![Action::Destroy(c("glassworks"))]);
}

#[test]
fn w24_great_library_and_r23() {
    let s = age3(&["palace", "obelisk"])
        .with_board(&["agriculture", "architecture", "economy", "law", "masonry"])
        .with_box(&["mathematics", "philosophy", "strategy", "theology", "urbanism"])
        .with_wonders(0, &["great_library"], 0)
        .with_coins(0, 100);
    let (_, _, boxed, _) = s.tokens(0);
    let mut with_urbanism = 0;
    for seed in 0..40 {
        let built = play_with(s, &[Action::BuildWonder(c("palace"), w("great_library"))], &mut rng_from_seed(seed));
        let (board, _, _, drawn) = built.tokens(0);
        assert_eq!((built.phase(), built.to_move(), drawn.count_ones()), (Phase::Library, Some(0), 3));
        assert_eq!((drawn & !boxed, board.count_ones()), (0, 5));
        assert_eq!(legal(&built).len(), 3);
        if drawn & 1 << t("urbanism") != 0 {
            with_urbanism += 1;
            let coins = built.coins(0);
            let took = play(built, &[Action::TakeLibraryToken(t("urbanism"))]);
            let (_, held, left, drawn) = took.tokens(0);
            assert_eq!((took.coins(0), held, left.count_ones(), drawn), (coins + 6, 1 << t("urbanism"), 4, 0));
            assert_eq!(took.to_move(), Some(1));
        }
    }
    assert!(with_urbanism > 10, "urbanism drawn in 3/5 of the draws");
}
