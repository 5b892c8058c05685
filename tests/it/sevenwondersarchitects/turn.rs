//! Spec §4 "Seats and decks", "A turn", "Progress tokens in play", "Resolution order", "End of a
//! turn, battles": R1–R7, R17–R24 with W2, W9, W10, W13, W14.

use super::*;
use meeple::games::sevenwondersarchitects::{ScienceSet, Source, Step, Token, TokenChoice, TokenLimit};

const D0: Action = Action::Take(Source::Deck(0));
const D1: Action = Action::Take(Source::Deck(1));
const D2: Action = Action::Take(Source::Deck(2));
const D3: Action = Action::Take(Source::Deck(3));
const CENTRAL: Action = Action::Take(Source::Central);

#[test]
fn r1_play_passes_clockwise_and_neighbours() {
    let s = filled(table(&wonders(4, Wonder::Giza)), 4, Card::Blue3).start(0);
    assert_eq!((s.left(0), s.right(0), s.left(3), s.right(3)), (1, 3, 0, 2));
    let s = play(s, &[D0]);
    assert_eq!((s.active(), s.turns()), (1, 2));
    let s = play(s, &[D1, D2, D3]);
    assert_eq!((s.active(), s.turns()), (0, 5));
    let two = table(&wonders(2, Wonder::Giza));
    assert_eq!((two.left(0), two.right(0), two.left(1), two.right(1)), (1, 1, 0, 0));
}

#[test]
fn r2_w2_sources_of_a_take() {
    let s = filled(table(&wonders(4, Wonder::Giza)), 4, Card::Blue3);
    assert_eq!(legal_set(&s.start(0)), [D0, D3, CENTRAL].into());
    assert_eq!(legal_set(&s.start(2)), [D2, D1, CENTRAL].into());
    let two = filled(table(&wonders(2, Wonder::Giza)), 2, Card::Blue3);
    assert_eq!(legal_set(&two.start(0)), [D0, D1, CENTRAL].into());
    assert_eq!(legal_set(&two.start(1)), [D1, D0, CENTRAL].into());
    let empty = two.with_deck(0, &[]).with_deck(1, &[]).start(0);
    assert_eq!(legal(&empty), vec![CENTRAL]);
    // Alexandria's power for seat 1 of 4, every deck non-empty: 5 legal Takes.
    let s = filled(table(&[Wonder::Rhodes, Wonder::Alexandria, Wonder::Giza, Wonder::Babylon]), 4, Card::Blue3)
        .with_deck(1, &[Card::Wood, Card::Blue3])
        .with_built(1, &[1])
        .with_tableau(1, &[Card::Wood]);
    let s = play(s.start(1), &[D1, build(2, &[Card::Wood, Card::Wood])]);
    assert_eq!(s.step(), Step::PowerTake);
    assert_eq!(legal_set(&s), [D0, D1, D2, D3, CENTRAL].into());
}

#[test]
fn r3_only_the_top_card_of_a_wonder_deck_is_public() {
    let s = table(&wonders(3, Wonder::Giza))
        .with_deck(0, &[Card::Wood, Card::Stone, Card::Clay])
        .with_deck_of(1, Card::Blue3, 3)
        .with_deck_of(2, Card::Blue3, 3)
        .with_central(&[Card::Gold, Card::Glass])
        .start(0);
    assert_eq!(s.deck_top(0), Some(Card::Wood));
    // Another order below the top: nobody can tell; another top: everybody can.
    let below = s.with_deck(0, &[Card::Wood, Card::Clay, Card::Stone]);
    let top = s.with_deck(0, &[Card::Stone, Card::Wood, Card::Clay]);
    for p in 0..3 {
        assert_eq!(below.observation(p), s.observation(p));
        assert_ne!(top.observation(p), s.observation(p));
    }
    // The central deck is face down: its order is hidden from all.
    let central = s.with_central(&[Card::Glass, Card::Gold]);
    assert!((0..3).all(|p| central.observation(p) == s.observation(p)));
    // When the top leaves, the next card becomes the visible top.
    let s = play(s, &[D0]);
    assert_eq!(s.deck_top(0), Some(Card::Stone));
}

#[test]
fn r5_the_main_take_and_an_empty_table() {
    let s = filled(table(&wonders(3, Wonder::Giza)), 3, Card::Blue3).start(0);
    assert_eq!(s.step(), Step::MainTake);
    let s = play(s, &[CENTRAL]);
    assert_eq!((s.count(0, Card::Blue3), s.central_cards().len(), s.active()), (1, 9, 1));
    // All three sources empty: seat 0 takes nothing and its turn ends; seat 1 may take.
    let s = table(&wonders(3, Wonder::Giza)).with_deck_of(1, Card::Blue3, 2).start(0);
    assert_eq!((s.active(), s.step(), s.turns()), (1, Step::MainTake, 2));
}

#[test]
fn r6_a_taken_card_moves_the_cat_turns_horns_and_fires_tokens() {
    let s = filled(table(&wonders(4, Wonder::Giza)), 4, Card::Blue3)
        .with_deck(0, &[Card::BlueCat, Card::Red2, Card::Red1])
        .with_cat(2)
        .with_tableau(2, &[Card::BlueCat])
        .with_tokens(0, &[Token::Propaganda])
        .start(0);
    let s = play(s, &[D0]);
    assert_eq!(s.cat(), Some(0));
    assert_eq!(s.conflict(), (0, 4));
    // Seat 1, 2, 3 take from their own decks; then seat 0 takes a Red2: 2 horns, Propaganda fires.
    let s = play(s, &[D1, D2, D3, D0]);
    assert_eq!((s.conflict(), s.pending_extra(), s.step()), ((2, 4), 1, Step::ExtraTake));
    // The extra card (R18) is a Red1: 1 horn, Propaganda already fired this turn.
    let s = play(s, &[D0]);
    assert_eq!((s.conflict(), s.pending_extra(), s.active()), ((3, 4), 0, 1));
}

/// R6b, D19: a Red2 with one peace token left turns it; the second horn is lost. The battle
/// resolves at the end of the turn (R21, R23): seat 0's 1 shield beats both neighbours' 0.
#[test]
fn r6b_further_horns_are_lost() {
    let s = filled(table(&wonders(3, Wonder::Giza)), 3, Card::Blue3).with_war(2).with_deck(0, &[Card::Red2]).start(0);
    assert_eq!(s.conflict(), (2, 3));
    let s = play(s, &[D0]);
    assert_eq!((s.active(), s.conflict(), s.battles()), (1, (0, 3), 1));
    assert_eq!([s.military(0), s.military(1), s.military(2)], [2, 0, 0]);
    assert_eq!(s.count(0, Card::Red2), 0);
}

#[test]
fn r7_spent_cards_go_to_the_discard_blue_and_red0_stay() {
    let s = filled(table(&wonders(3, Wonder::Giza)), 3, Card::Red0)
        .with_deck(0, &[Card::Wood])
        .with_tableau(0, &[Card::Stone, Card::Blue3, Card::BlueCat, Card::Red0])
        .start(0);
    let s = play(s, &[D0, build(1, &[Card::Wood, Card::Stone])]);
    let d = s.discard();
    assert_eq!((d[Card::Wood as usize], d[Card::Stone as usize]), (1, 1));
    assert_eq!((s.count(0, Card::Blue3), s.count(0, Card::BlueCat), s.count(0, Card::Red0)), (1, 1, 1));
    assert_eq!((s.count(0, Card::Wood), s.count(0, Card::Stone)), (0, 0));
}

/// W13's position: seat 0 Giza with stage 1, Urbanism, Science and Jewellery.
fn w13() -> ArchitectsState {
    table(&wonders(3, Wonder::Giza))
        .with_built(0, &[1])
        .with_tokens(0, &[Token::Urbanism, Token::Science, Token::Jewellery])
        .with_deck(0, &[Card::Wood, Card::Wood, Card::Blue3])
        .with_deck_of(1, Card::Blue3, 5)
        .with_deck(2, &[Card::Stone, Card::Gold])
        .with_central(&[Card::Gear, Card::Clay])
        .with_token_supply(&[Token::Decor, Token::Tactics, Token::Crafts], &[Token::Culture])
        .start(0)
}

#[test]
fn w13_r17_extra_cards_fire_once_each_per_turn() {
    let s = play(w13(), &[D0]);
    assert_eq!((s.step(), s.pending_extra()), (Step::ExtraTake, 1));
    let s = play(s, &[CENTRAL]);
    assert_eq!((s.step(), s.pending_extra()), (Step::ExtraTake, 1));
    let s = play(s, &[D2]);
    assert_eq!((s.step(), s.pending_extra()), (Step::ExtraTake, 1));
    let s = play(s, &[D0]);
    assert_eq!((s.step(), s.pending_extra()), (Step::Build, 0));
    assert_eq!(legal(&s), vec![build(2, &[Card::Wood, Card::Wood])]);
    let s = play(s, &legal(&s));
    assert_eq!((s.active(), s.step()), (1, Step::MainTake));
    assert_eq!(s.tableau(0).iter().sum::<u8>(), 2);
    assert_eq!((s.count(0, Card::Gear), s.count(0, Card::Stone)), (1, 1));
    assert_eq!(s.score_parts(0).stages, 9);
}

#[test]
fn r17_a_token_never_fires_for_the_event_that_earned_it() {
    // The Science token taken for a set does not fire for the green card that completed it (D5).
    let s = table(&wonders(3, Wonder::Giza))
        .with_tableau(0, &[Card::Gear])
        .with_deck(0, &[Card::Gear, Card::Compass])
        .with_deck_of(1, Card::Blue3, 5)
        .with_deck_of(2, Card::Blue3, 5)
        .with_central(&[Card::Blue3])
        .with_token_supply(&[Token::Science, Token::Decor, Token::Tactics], &[Token::Culture])
        .start(0);
    let s = play(s, &[D0, Action::Science(ScienceSet::Pair(Card::Gear))]);
    let s = play(s, &[Action::Token(TokenChoice::FaceUp(Token::Science))]);
    assert!(s.owns(0, Token::Science));
    assert_eq!((s.active(), s.display(), s.stack_size()), (1, vec![Token::Tactics, Token::Decor, Token::Culture], 0));
    // Architecture is tested when a stage is built: owned before the build, it fires.
    let s = table(&wonders(3, Wonder::Giza))
        .with_tokens(0, &[Token::Architecture])
        .with_tableau(0, &[Card::Stone])
        .with_deck(0, &[Card::Wood])
        .with_deck_of(1, Card::Blue3, 5)
        .with_deck_of(2, Card::Blue3, 5)
        .with_central(&[Card::Blue3])
        .start(0);
    let s = play(s, &[D0, build(1, &[Card::Wood, Card::Stone])]);
    assert_eq!((s.step(), s.pending_extra()), (Step::ExtraTake, 1));
}

#[test]
fn r18_an_extra_card_comes_from_left_right_or_central_and_is_lost_without_one() {
    let s = play(w13(), &[D0]);
    assert_eq!(legal_set(&s), [D0, D2, CENTRAL].into());
    // With all three sources empty after the main take, the extra card is lost.
    let s = table(&wonders(3, Wonder::Giza))
        .with_tokens(0, &[Token::Urbanism])
        .with_deck(0, &[Card::Wood])
        .with_deck_of(1, Card::Blue3, 5)
        .start(0);
    let s = play(s, &[D0]);
    assert_eq!((s.active(), s.pending_extra()), (1, 0));
}

/// R19 positions: seat 0 Giza with `tokens`, `tableau`, `built`, Deck(0) = `deck`.
fn r19(config: Config, tokens: &[Token], tableau: &[Card], built: &[u8], deck: &[Card]) -> ArchitectsState {
    table_with(config, &wonders(3, Wonder::Giza))
        .with_tokens(0, tokens)
        .with_tableau(0, tableau)
        .with_built(0, built)
        .with_deck(0, deck)
        .with_deck_of(1, Card::Blue3, 5)
        .with_deck_of(2, Card::Blue3, 5)
        .with_central(&[Card::Blue3])
        .start(0)
}

#[test]
fn r19_economy_stands_or_is_used_once_per_turn() {
    let all = Config { token_limit: TokenLimit::All, ..Config::default() };
    let tokens = [Token::Economy, Token::Jewellery];
    for (config, second_build) in [(Config::default(), true), (all, false)] {
        // A Gold fires Jewellery and pays stage 1 alone (Economy); the extra Gold would pay stage 2.
        let s = play(r19(config, &tokens, &[], &[], &[Card::Gold, Card::Gold]), &[D0]);
        assert_eq!(legal(&s), vec![build(1, &[Card::Gold])]);
        let s = play(s, &[build(1, &[Card::Gold]), D0]);
        if second_build {
            assert_eq!(legal(&s), vec![build(2, &[Card::Gold])]);
        } else {
            assert_eq!((s.active(), s.count(0, Card::Gold)), (1, 1));
        }
    }
}

#[test]
fn r19_engineering_stands_or_is_used_once_per_turn() {
    let all = Config { token_limit: TokenLimit::All, ..Config::default() };
    let tokens = [Token::Engineering, Token::Urbanism, Token::Jewellery];
    let deck = [Card::Wood, Card::Stone, Card::Stone];
    for (config, second_build) in [(Config::default(), true), (all, false)] {
        // Turn start (R4b): Engineering pays stage 2 with Wood and Stone at once.
        let s = r19(config, &tokens, &[Card::Wood, Card::Stone], &[1], &deck);
        assert_eq!((s.step(), legal(&s)), (Step::Build, vec![build(2, &[Card::Wood, Card::Stone])]));
        // Wood fires Urbanism, Stone fires Jewellery: Wood, Stone, Stone pay stage 3 only with
        // Engineering.
        let s = play(s, &[build(2, &[Card::Wood, Card::Stone]), D0, D0, D0]);
        if second_build {
            assert_eq!(legal(&s), vec![build(3, &[Card::Wood, Card::Stone, Card::Stone])]);
        } else {
            assert_eq!((s.active(), s.stages(0)), (1, 2));
        }
    }
}

#[test]
fn r20_a_power_first_then_science_then_building_then_extra_cards() {
    // Olympia (W8 below) shows power before science; here science goes before a build that
    // its token makes possible: Economy from the set pays stage 1 with one Gold.
    let s = table(&wonders(3, Wonder::Giza))
        .with_tableau(0, &[Card::Gear, Card::Gold])
        .with_tokens(0, &[Token::Science])
        .with_deck(0, &[Card::Gear])
        .with_deck_of(1, Card::Blue3, 5)
        .with_deck_of(2, Card::Blue3, 5)
        .with_central(&[Card::Blue3])
        .with_token_supply(&[Token::Economy, Token::Decor, Token::Tactics], &[])
        .start(0);
    let s = play(s, &[D0]);
    assert_eq!((s.step(), s.pending_extra()), (Step::Science, 1));
    let s = play(s, &[Action::Science(ScienceSet::Pair(Card::Gear))]);
    assert_eq!(s.step(), Step::Token);
    let s = play(s, &[Action::Token(TokenChoice::FaceUp(Token::Economy))]);
    assert_eq!(s.step(), Step::Build);
    assert_eq!(legal(&s), vec![build(1, &[Card::Gold])]);
    let s = play(s, &legal(&s));
    assert_eq!((s.step(), s.pending_extra()), (Step::ExtraTake, 1));
}

#[test]
fn r21_r23_w14_battle_pending_extra_horns_and_the_end_of_turn() {
    let s = table(&wonders(5, Wonder::Giza))
        .with_war(3)
        .with_tableau(0, &[Card::Red1])
        .with_tableau(2, &[Card::Red0])
        .with_tokens(2, &[Token::Propaganda])
        .with_tableau(3, &[Card::Red1, Card::Red0])
        .with_tableau(4, &[Card::Red1])
        .with_deck(2, &[Card::Red2])
        .with_deck_of(1, Card::Blue3, 5)
        .with_deck_of(3, Card::Blue3, 5)
        .with_central(&[Card::Red1, Card::Blue3])
        .start(2);
    let s = play(s, &[D2]);
    assert_eq!((s.conflict(), s.battle_pending(), s.pending_extra()), ((5, 5), true, 1));
    assert_eq!(legal_set(&s), [D1, CENTRAL].into());
    // The extra Red1 turns nothing: the battle is already pending.
    let before: Vec<u8> = (0..5).map(|p| s.shields(p)).collect();
    assert_eq!(before, vec![1, 0, 2, 2, 1]);
    let s = play(s, &[CENTRAL]);
    assert_eq!((0..5).map(|p| s.military(p)).collect::<Vec<_>>(), vec![1, 0, 2, 1, 0]);
    assert_eq!((0..5).map(|p| s.shields(p)).collect::<Vec<_>>(), vec![0, 0, 1, 1, 0]);
    assert_eq!((s.conflict(), s.battle_pending(), s.active(), s.battles()), ((0, 5), false, 3, 1));
}

#[test]
fn r22_shields_from_red_cards_rhodes_and_tactics() {
    let s = table(&[Wonder::Rhodes, Wonder::Giza, Wonder::Olympia])
        .with_tableau(0, &[Card::Red0, Card::Red1, Card::Red2])
        .with_built(0, &[1, 2, 3, 4])
        .with_tokens(0, &[Token::Tactics])
        .with_tableau(1, &[Card::Red0])
        .with_built(1, &[1, 2, 3, 4]);
    assert_eq!((s.shields(0), s.shields(1), s.shields(2)), (3 + 2 + 2, 1, 0));
}

#[test]
fn w9_r23_battles_with_three_players_or_more() {
    assert_eq!(&ArchitectsState::battle_tokens(&[3, 1, 1, 0])[..4], &[2, 0, 1, 0]);
    assert_eq!(&ArchitectsState::battle_tokens(&[2, 2, 1])[..3], &[1, 1, 0]);
    assert_eq!(&ArchitectsState::battle_tokens(&[1, 0, 0, 0, 1, 0, 2])[..7], &[1, 0, 0, 0, 2, 0, 2]);
}

#[test]
fn w10_r23_battles_with_two_players() {
    for (a, b, ta) in
        [(1, 0, 1), (2, 0, 2), (2, 1, 2), (3, 2, 1), (4, 2, 2), (3, 1, 2), (5, 3, 1), (6, 3, 2), (2, 2, 0), (0, 0, 0)]
    {
        assert_eq!(&ArchitectsState::battle_tokens(&[a, b])[..2], &[ta, 0], "{a} vs {b}");
        assert_eq!(&ArchitectsState::battle_tokens(&[b, a])[..2], &[0, ta], "{b} vs {a}");
    }
}

#[test]
fn r24_after_a_battle_red1_red2_go_and_tokens_turn_back() {
    let s = table(&[Wonder::Rhodes, Wonder::Giza])
        .with_war(2)
        .with_built(0, &[1, 2])
        .with_tableau(0, &[Card::Red0, Card::Red1])
        .with_deck(0, &[Card::Red1])
        .with_deck_of(1, Card::Blue3, 5)
        .start(0);
    let s = play(s, &[D0]);
    // Shields 4 vs 0 at the battle: 2 tokens; then Red0 and the Rhodes shield stay.
    assert_eq!((s.military(0), s.military(1), s.shields(0)), (2, 0, 2));
    assert_eq!((s.count(0, Card::Red1), s.discard()[Card::Red1 as usize], s.conflict()), (0, 2, (0, 3)));
}

#[test]
fn r21_the_game_ends_after_the_turn_that_completes_a_wonder_with_its_battle() {
    let s = table(&wonders(3, Wonder::Giza))
        .with_war(2)
        .with_built(0, &[1, 2, 3, 4])
        .with_tableau(0, &[Card::Wood, Card::Stone, Card::Clay])
        .with_deck(0, &[Card::Red1])
        .with_deck_of(1, Card::Blue3, 5)
        .with_deck_of(2, Card::Blue3, 5)
        .with_central(&[Card::Papyrus])
        .with_tokens(0, &[Token::Propaganda])
        .start(0);
    // The Red1 turns the last token and fires Propaganda; the extra card completes the wonder.
    let s = play(s, &[D0, CENTRAL]);
    assert_eq!(s.step(), Step::Build);
    let s = play(s, &[build(5, &[Card::Wood, Card::Stone, Card::Clay, Card::Papyrus])]);
    assert_eq!((s.step(), s.to_move(), s.ender(), s.battles()), (Step::Over, None, Some(0), 1));
    assert_eq!(s.military(0), 2);
    assert_eq!(s.score(0), 30 + 6);
    // Every deck empty at the end of a turn ends the game too (D24).
    let s = table(&wonders(2, Wonder::Giza)).with_central(&[Card::Blue3]).start(0);
    let s = play(s, &[CENTRAL]);
    assert_eq!((s.to_move(), s.end_reason()), (None, meeple::games::sevenwondersarchitects::EndReason::DecksExhausted));
    assert_eq!(s.outcome().unwrap()[..2], [1.0, 0.0]);
}
