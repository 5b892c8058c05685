//! Spec "Wonder draft", "Ages", "End of an age and of the game", options and labels: R1, R4, R7,
//! R24–R26 with W17–W19 and W23.

use meeple::game::{Game, config, rng_from_seed};
use meeple::games::sevenwondersduel::{Action, Config, FirstPlayer, Phase, SwdState, Victory, WonderSelection};

use super::{c, legal, play, w};
use meeple::labels::Labels;

#[test]
fn r1_wonder_draft_order_and_forced_last_picks() {
    for (config, first) in
        [(Config::default(), 0usize), (Config { first_player: FirstPlayer::Random, ..Config::default() }, 99)]
    {
        for seed in 0..20 {
            let mut rng = rng_from_seed(seed);
            let mut s = SwdState::new_game(&config, 2, &mut rng);
            let f = s.first();
            if first != 99 {
                assert_eq!(f, first);
            }
            let other = 1 - f;
            // (picker, options) of the six decisions: F, S, S; then S, F, F.
            let expected = [(f, 4), (other, 3), (other, 2), (other, 4), (f, 3), (f, 2)];
            for (i, &(picker, options)) in expected.iter().enumerate() {
                assert_eq!(
                    (s.phase(), s.to_move(), legal(&s).len()),
                    (Phase::Draft, Some(picker), options),
                    "pick {i}"
                );
                let a = legal(&s)[seed as usize % options];
                s.apply(a, &mut rng);
                if i == 2 {
                    assert_eq!((s.wonders(f).count(), s.wonders(other).count()), (2, 2), "F got the last of group 1");
                }
            }
            assert_eq!((s.wonders(0).count(), s.wonders(1).count()), (4, 4));
            assert_eq!((s.age(), s.phase(), s.to_move()), (1, Phase::Turn, Some(f)));
            let owned = s.owned(0) | s.owned(1);
            assert_eq!(owned.count_ones(), 8);
        }
    }
    // The first player draws F at random: both seats occur.
    let firsts: Vec<usize> = (0..20)
        .map(|seed| {
            let config = Config { first_player: FirstPlayer::Random, ..Config::default() };
            SwdState::new_game(&config, 2, &mut rng_from_seed(seed)).first()
        })
        .collect();
    assert!(firsts.contains(&0) && firsts.contains(&1));
    // wonder_selection = random: 4 each, Age I under way.
    let config = Config { wonder_selection: WonderSelection::Random, ..Config::default() };
    let s = SwdState::new_game(&config, 2, &mut rng_from_seed(1));
    assert_eq!((s.wonders(0).count(), s.wonders(1).count(), s.age(), s.phase()), (4, 4, 1, Phase::Turn));
}

#[test]
fn setup_gives_seven_coins_five_board_tokens_and_the_pawn_at_zero() {
    let s = SwdState::new_game(&Config::default(), 2, &mut rng_from_seed(4));
    let (board, held, boxed, drawn) = s.tokens(0);
    assert_eq!((s.coins(0), s.coins(1), s.pawn(), s.loot()), (7, 7, 0, 0b1111));
    assert_eq!((board.count_ones(), held, boxed.count_ones(), drawn, board & boxed), (5, 0, 5, 0, 0));
    assert_eq!((s.age(), s.draft_group().count_ones()), (0, 4));
}

/// An age with one card left (slot 19), `seat` to take it.
fn last_card(age: u8, seat: usize, card: &str) -> SwdState {
    SwdState::test_position(age).with_slots(&[(19, card)]).with_active(seat)
}

#[test]
fn w19_next_age_chooser_and_a_lost_extra_turn() {
    // (a) p = -2: seat 0 chooses, whoever took the last card; after the Age II deal.
    let a = play(last_card(1, 1, "tavern").with_pawn(-2, 0b1111), &[Action::Discard(c("tavern"))]);
    assert_eq!((a.age(), a.phase(), a.to_move()), (2, Phase::ChooseStarter, Some(0)));
    assert_eq!(legal(&a), vec![Action::ChooseStarter(0), Action::ChooseStarter(1)]);
    assert_eq!(a.slots().1.count_ones(), 12, "Age II dealt before the choice");
    // (b) p = 0 and seat 1 took the 20th card: seat 1 chooses.
    let b = play(last_card(1, 1, "tavern"), &[Action::Discard(c("tavern"))]);
    assert_eq!(b.to_move(), Some(1));
    // (c) Seat 0 builds the Sphinx with the 20th card of Age II at p = +1: no extra turn, seat 1
    // chooses.
    let cc = last_card(2, 0, "walls").with_pawn(1, 0b1111).with_wonders(0, &["sphinx"], 0).with_coins(0, 50);
    let after = play(cc, &[Action::BuildWonder(c("walls"), w("sphinx"))]);
    assert_eq!((after.age(), after.phase(), after.to_move()), (3, Phase::ChooseStarter, Some(1)));
    assert_eq!(after.stats(0).extra_turns, 0);
    assert!(!after.extra_turn_pending(), "the extra turn is lost, not kept for Age III");
    let started = play(after, &[Action::ChooseStarter(0)]);
    assert_eq!((started.phase(), started.to_move()), (Phase::Turn, Some(0)));
    // Seat 0's first Age III turn passes to seat 1: the Sphinx's lost extra turn does not resurface.
    let discard = legal(&started).into_iter().find(|a| matches!(a, Action::Discard(_))).unwrap();
    let next = play(started, &[discard]);
    assert_eq!((next.to_move(), next.stats(0).extra_turns), (Some(1), 0));
}

#[test]
fn r4_the_seat_behind_on_the_track_chooses() {
    let s = play(last_card(2, 0, "walls").with_pawn(3, 0b1011), &[Action::Discard(c("walls"))]);
    assert_eq!((s.age(), s.to_move()), (3, Some(1)));
}

#[test]
fn r7_a_turn_passes_to_the_other_seat() {
    let s = SwdState::test_position(1).with_slots(&[(18, "tavern"), (19, "altar")]);
    let after = play(s, &[Action::Construct(c("tavern"))]);
    assert_eq!((after.to_move(), after.coins(0)), (Some(1), 11));
}

#[test]
fn r24_after_age_three_the_game_ends_with_civil_scoring() {
    let s = last_card(3, 0, "palace").with_city(0, &["altar"]);
    let after = play(s, &[Action::Discard(c("palace"))]);
    assert_eq!((after.phase(), after.to_move()), (Phase::Over, None));
    assert_eq!(after.result(), Some((0, Victory::Civil)));
    assert_eq!((after.vp(0), after.vp(1)), (3 + 3, 2), "altar 3 + 9 coins; seat 1 7 coins");
    assert_eq!(after.game_labels().text("end_age"), "3");
}

/// W17's position with the last Age III card in slot 19 for seat 1, who gains 3 coins by
/// discarding it (one yellow card): 20 + 3 = 23.
pub(super) fn w17_position() -> SwdState {
    last_card(3, 1, "palace")
        .with_pawn(4, 0b1011)
        .with_city(
            0,
            &[
                "theater",
                "statue",
                "gardens",
                "workshop",
                "laboratory",
                "tavern",
                "lighthouse",
                "arena",
                "magistrates_guild",
                "lumber_yard",
                "quarry",
                "garrison",
                "walls",
                "arsenal",
            ],
        )
        .with_wonders(0, &["pyramids", "sphinx"], 2)
        .with_tokens(0, &["mathematics", "philosophy"])
        .with_coins(0, 17)
        .with_city(
            1,
            &[
                "altar",
                "temple",
                "pantheon",
                "obelisk",
                "chamber_of_commerce",
                "builders_guild",
                "clay_pool",
                "press",
                "glassworks",
            ],
        )
        .with_wonders(1, &["colossus", "temple_of_artemis", "appian_way"], 3)
        .with_tokens(1, &["agriculture"])
        .with_coins(1, 20)
}

#[test]
fn w17_and_r25_civil_scoring() {
    let end = play(w17_position(), &[Action::Discard(c("palace"))]);
    assert_eq!(end.coins(1), 23);
    assert_eq!(end.vp_parts(0), [5, 13, 2, 6, 4, 15, 13, 5]);
    assert_eq!(end.vp_parts(1), [0, 18, 0, 3, 6, 6, 4, 7]);
    assert_eq!((end.vp(0), end.vp(1), end.score(0), end.score(1)), (63, 44, 63, 44));
    assert_eq!(
        (end.result(), end.game_labels().text("victory").as_str(), end.game_labels().text("tiebreak").as_str()),
        (Some((0, Victory::Civil)), "civil", "none")
    );
    assert_eq!(end.outcome().unwrap()[..2], [1.0, 0.0]);
}

#[test]
fn w18_and_r26_ties_on_blue_then_shared() {
    // Seat 0 discards the last card (+2 coins): 106 + 2 = 108 coins = 36 VP, blue 16.
    let base = |blue0: &[&str], coins0: u16| {
        last_card(3, 0, "senate")
            .with_city(0, blue0)
            .with_coins(0, coins0)
            .with_city(1, &["palace", "town_hall", "obelisk"])
            .with_coins(1, 99)
    };
    let s = play(base(&["theater", "altar", "courthouse", "aqueduct"], 106), &[Action::Discard(c("senate"))]);
    assert_eq!((s.vp(0), s.vp(1), s.vp_parts(0)[1], s.vp_parts(1)[1]), (52, 52, 16, 19));
    assert_eq!(
        (s.result(), s.game_labels().text("victory").as_str(), s.game_labels().text("tiebreak").as_str()),
        (Some((1, Victory::Civil)), "civil", "blue")
    );
    assert_eq!(s.outcome().unwrap()[..2], [0.0, 1.0]);
    let shared = play(base(&["gardens", "pantheon", "temple", "theater"], 97), &[Action::Discard(c("senate"))]);
    assert_eq!((shared.vp(0), shared.vp_parts(0)[1]), (52, 19));
    assert_eq!(
        (shared.result(), shared.game_labels().text("victory").as_str()),
        (Some((2, Victory::Shared)), "shared")
    );
    assert_eq!(shared.outcome().unwrap()[..2], [0.5, 0.5]);
}

#[test]
fn w23_score_after_a_supremacy() {
    let s = SwdState::test_position(2)
        .with_slots(&[(18, "barracks"), (19, "walls")])
        .with_pawn(8, 0)
        .with_city(0, &["baths", "garrison"])
        .with_wonders(0, &["pyramids"], 1)
        .with_coins(0, 10)
        .with_city(1, &["theater"])
        .with_coins(1, 5);
    let end = play(s, &[Action::Construct(c("barracks"))]);
    assert_eq!(
        (end.result(), end.game_labels().text("victory").as_str(), end.game_labels().text("end_age").as_str()),
        (Some((0, Victory::Military)), "military", "2")
    );
    assert_eq!((end.score(0), end.score(1)), (25, 4));
}

#[test]
fn options_are_validated_with_their_names_and_values() {
    let parse = |text: &str| config::<SwdState>(&toml::from_str(text).unwrap()).map_err(|e| e.to_string());
    assert_eq!(
        parse("first_player = \"seat1\"").unwrap_err(),
        r#"bad option for sevenwondersduel: first_player must be "seat0" or "random" (default "seat0"), not "seat1""#
    );
    assert_eq!(
        parse("wonder_selection = 3").unwrap_err(),
        r#"bad option for sevenwondersduel: wonder_selection must be "draft" or "random" (default "draft"), not 3"#
    );
    assert_eq!(
        parse("wonders = \"draft\"").unwrap_err(),
        "bad option for sevenwondersduel: unknown option `wonders`; valid options: first_player, wonder_selection"
    );
    let ok: Config = toml::from_str("first_player = \"random\"\nwonder_selection = \"random\"").unwrap();
    assert_eq!(ok, Config { first_player: FirstPlayer::Random, wonder_selection: WonderSelection::Random });
}
