//! Spec §4 "Science" and "Stages": R8–R16 with W4–W8, W15, W17.

use super::*;
use meeple::games::sevenwondersarchitects::{BabylonPower, BuildOrder, ScienceSet, Source, Step, Token, TokenChoice};

const D0: Action = Action::Take(Source::Deck(0));
const CENTRAL: Action = Action::Take(Source::Central);

/// Seat 0 of 3 with `wonder`, the other decks and the central deck holding Blue3 fillers.
fn seat0(wonder: Wonder) -> ArchitectsState {
    filled(table(&wonders(3, wonder)), 3, Card::Blue3)
}

#[test]
fn r8_science_sets_are_pairs_or_triples() {
    let s = seat0(Wonder::Giza)
        .with_tableau(0, &[Card::Gear, Card::Compass, Card::Compass, Card::Tablet])
        .with_token_supply(&[Token::Decor, Token::Tactics, Token::Crafts], &[Token::Culture])
        .start(0);
    assert_eq!(s.step(), Step::Science);
    assert_eq!(
        legal_set(&s),
        [Action::Science(ScienceSet::Pair(Card::Compass)), Action::Science(ScienceSet::Triple)].into()
    );
    let s = seat0(Wonder::Giza).with_tableau(0, &[Card::Gear, Card::Compass]).start(0);
    assert_eq!(s.step(), Step::MainTake);
}

#[test]
fn r9_a_set_gives_a_face_up_token_refilled_or_the_stack_top() {
    let position = || {
        seat0(Wonder::Giza)
            .with_tableau(0, &[Card::Tablet, Card::Tablet])
            .with_token_supply(&[Token::Decor, Token::Tactics, Token::Crafts], &[Token::Culture, Token::Strategy])
            .start(0)
    };
    let s = play(position(), &[Action::Science(ScienceSet::Pair(Card::Tablet))]);
    assert_eq!(s.count(0, Card::Tablet), 0);
    assert_eq!(s.discard()[Card::Tablet as usize], 2);
    let face_up = play(s, &[Action::Token(TokenChoice::FaceUp(Token::Tactics))]);
    assert!(face_up.owns(0, Token::Tactics));
    assert_eq!((face_up.display(), face_up.stack_size()), (vec![Token::Crafts, Token::Decor, Token::Culture], 1));
    let blind = play(s, &[Action::Token(TokenChoice::StackTop)]);
    assert!(blind.owns(0, Token::Culture));
    assert_eq!((blind.display().len(), blind.stack_size()), (3, 1));
}

#[test]
fn r10_with_no_token_left_a_set_stays() {
    let s = seat0(Wonder::Giza).with_tableau(0, &[Card::Gear, Card::Gear]).with_token_supply(&[], &[]).start(0);
    assert_eq!(s.step(), Step::MainTake);
    assert_eq!(s.count(0, Card::Gear), 2);
}

#[test]
fn r11_r12_stage_costs_and_gold_as_a_wild_unit() {
    // Stage 1 (2 different) with Wood and Gold; stage 2 (2 identical) with Stone and Gold.
    let s = seat0(Wonder::Giza).with_tableau(0, &[Card::Wood, Card::Gold]).start(0);
    assert_eq!(legal(&s), vec![build(1, &[Card::Wood, Card::Gold])]);
    let s = seat0(Wonder::Giza).with_built(0, &[1]).with_tableau(0, &[Card::Stone, Card::Gold, Card::Wood]).start(0);
    assert_eq!(legal_set(&s), [build(2, &[Card::Stone, Card::Gold]), build(2, &[Card::Wood, Card::Gold])].into());
    // Stage 5 needs 4 units: three different greys and a Gold.
    let s = seat0(Wonder::Giza)
        .with_built(0, &[1, 2, 3, 4])
        .with_tableau(0, &[Card::Wood, Card::Wood, Card::Clay, Card::Glass, Card::Gold])
        .start(0);
    assert_eq!(legal(&s), vec![build(5, &[Card::Wood, Card::Clay, Card::Glass, Card::Gold])]);
}

/// W4's position: next stage 4, Stone×2, Clay, Gold×2.
fn w4(tokens: &[Token]) -> ArchitectsState {
    seat0(Wonder::Giza)
        .with_built(0, &[1, 2, 3])
        .with_tableau(0, &[Card::Stone, Card::Stone, Card::Clay, Card::Gold, Card::Gold])
        .with_tokens(0, tokens)
        .start(0)
}

#[test]
fn w4_r13_payments() {
    use Card::{Clay, Gold, Stone};
    let plain = [build(4, &[Stone, Stone, Gold]), build(4, &[Stone, Gold, Gold]), build(4, &[Clay, Gold, Gold])];
    assert_eq!(legal_set(&w4(&[])), plain.into());
    let mut economy: HashSet<Action> = plain.into();
    economy.extend([build(4, &[Gold, Gold]), build(4, &[Stone, Gold]), build(4, &[Clay, Gold])]);
    assert_eq!(legal_set(&w4(&[Token::Economy])), economy);
    // Engineering ignores "identical": Stone, Clay and a Gold pay too.
    assert!(legal_set(&w4(&[Token::Engineering])).contains(&build(4, &[Stone, Clay, Gold])));
    assert!(!legal_set(&w4(&[])).contains(&build(4, &[Stone, Clay, Gold])));
}

#[test]
fn r14_available_stages_strict_and_by_floor() {
    let s = seat0(Wonder::Ephesus).with_built(0, &[1]);
    assert_eq!(s.available_stages(0), 0b00010);
    let by_floor = Config { build_order: BuildOrder::ByFloor, ..Config::default() };
    let f = filled(table_with(by_floor, &wonders(3, Wonder::Ephesus)), 3, Card::Blue3).with_built(0, &[1]);
    // Ephesus floors 1-2-2-2-3: stages 2, 3 and 4 share floor 2.
    assert_eq!(f.available_stages(0), 0b01110);
    assert_eq!(f.with_built(0, &[3]).available_stages(0), 0b01010);
    assert_eq!(f.with_built(0, &[2, 3, 4]).available_stages(0), 0b10000);
    // Rhodes 1-1-2-3-4: stage 2 before stage 1 is allowed.
    let r = table_with(by_floor, &wonders(3, Wonder::Rhodes));
    assert_eq!(r.available_stages(0), 0b00011);
    // With by_floor and Wood×3, Ephesus can build stage 4 (3 identical) before stages 2 and 3.
    let s = f.with_tableau(0, &[Card::Wood, Card::Wood, Card::Wood]).start(0);
    assert_eq!(legal_set(&s), [build(2, &[Card::Wood, Card::Wood]), build(4, &[Card::Wood; 3])].into());
}

#[test]
fn r15_building_is_forced() {
    let s = seat0(Wonder::Giza).with_tableau(0, &[Card::Wood, Card::Clay, Card::Clay]).start(0);
    assert_eq!(s.step(), Step::Build);
    assert!(legal(&s).iter().all(|a| matches!(a, Action::Build { .. })));
    assert_eq!(legal_set(&s), [build(1, &[Card::Wood, Card::Clay])].into());
}

/// W5's position.
#[test]
fn w5_two_builds_in_one_turn() {
    use Card::{Clay, Glass, Papyrus, Stone, Wood};
    let s = seat0(Wonder::Giza)
        .with_built(0, &[1])
        .with_tableau(0, &[Wood, Stone, Clay, Papyrus, Glass])
        .with_deck(0, &[Wood, Card::Blue3])
        .start(0);
    let s = play(s, &[D0]);
    assert_eq!(legal(&s), vec![build(2, &[Wood, Wood])]);
    let s = play(s, &[build(2, &[Wood, Wood])]);
    let stage3 = [
        build(3, &[Stone, Clay, Papyrus]),
        build(3, &[Stone, Clay, Glass]),
        build(3, &[Stone, Papyrus, Glass]),
        build(3, &[Clay, Papyrus, Glass]),
    ];
    assert_eq!(legal_set(&s), stage3.into());
    // After any of the four payments one grey card is left and the turn ends.
    for pay in stage3 {
        let after = play(s, &[pay]);
        assert_eq!((after.active(), after.tableau(0)[..6].iter().sum::<u8>()), (1, 1), "{pay}");
        assert_eq!(after.score_parts(0).stages, 15, "{pay}");
    }
}

#[test]
fn w6_economy_with_one_gold() {
    let s = seat0(Wonder::Alexandria).with_tokens(0, &[Token::Economy]).with_deck(0, &[Card::Gold]).start(0);
    let s = play(s, &[D0]);
    assert_eq!(legal(&s), vec![build(1, &[Card::Gold])]);
    let s = play(s, &[build(1, &[Card::Gold])]);
    assert_eq!((s.score_parts(0).stages, s.tableau(0)[..6].iter().sum::<u8>(), s.active()), (4, 0, 1));
}

#[test]
fn w7_engineering_completes_giza() {
    let position = |tokens: &[Token]| {
        seat0(Wonder::Giza)
            .with_built(0, &[1, 2, 3, 4])
            .with_tokens(0, tokens)
            .with_tableau(0, &[Card::Wood; 3])
            .with_deck(0, &[Card::Stone])
            .start(0)
    };
    let s = play(position(&[Token::Engineering]), &[D0]);
    let w = build(5, &[Card::Wood, Card::Wood, Card::Wood, Card::Stone]);
    assert_eq!(legal(&s), vec![w]);
    let s = play(s, &[w]);
    assert_eq!((s.score_parts(0).stages, s.to_move(), s.ender()), (30, None, Some(0)));
    let s = play(position(&[]), &[D0]);
    assert_eq!((s.active(), s.stages(0)), (1, 4));
}

#[test]
fn w8_r16_olympia_and_a_science_choice() {
    let s = seat0(Wonder::Olympia)
        .with_built(0, &[1])
        .with_tableau(0, &[Card::Gear, Card::Compass, Card::Papyrus])
        .with_deck(0, &[Card::Papyrus, Card::Gear, Card::Blue3])
        .with_deck(2, &[Card::Tablet, Card::Blue3])
        .with_token_supply(&[Token::Decor, Token::Tactics, Token::Crafts], &[Token::Culture])
        .start(0);
    let s = play(s, &[D0, build(2, &[Card::Papyrus, Card::Papyrus])]);
    assert_eq!(s.score_parts(0).stages, 5);
    assert_eq!((s.count(0, Card::Gear), s.count(0, Card::Tablet), s.deck_size(0), s.deck_size(2)), (2, 1, 1, 1));
    assert_eq!(
        legal_set(&s),
        [Action::Science(ScienceSet::Pair(Card::Gear)), Action::Science(ScienceSet::Triple)].into()
    );
    let triple = play(s, &[Action::Science(ScienceSet::Triple)]);
    assert_eq!((triple.count(0, Card::Gear), triple.count(0, Card::Compass), triple.count(0, Card::Tablet)), (1, 0, 0));
    assert_eq!(legal(&triple).len(), 4);
    let pair = play(s, &[Action::Science(ScienceSet::Pair(Card::Gear))]);
    assert_eq!((pair.count(0, Card::Gear), pair.count(0, Card::Compass), pair.count(0, Card::Tablet)), (0, 1, 1));
}

#[test]
fn w15_r16_ephesus_chain() {
    use Card::{Clay, Glass, Gold, Stone, Wood};
    let s = seat0(Wonder::Ephesus)
        .with_built(0, &[1])
        .with_tableau(0, &[Wood, Stone, Clay])
        .with_deck(0, &[Wood, Card::Blue3])
        .with_central(&[Glass, Gold, Clay])
        .start(0);
    let s = play(s, &[D0, build(2, &[Wood, Wood])]);
    assert_eq!(legal(&s), vec![build(3, &[Stone, Clay, Glass])]);
    let s = play(s, &[build(3, &[Stone, Clay, Glass])]);
    assert_eq!((s.active(), s.score_parts(0).stages), (1, 10));
    assert_eq!(s.tableau(0)[..6], [0, 0, 0, 0, 0, 1]);
    assert_eq!(s.central_cards(), vec![Clay]);
}

#[test]
fn w17_r16_halicarnassus_with_a_short_deck() {
    let s = table(&wonders(3, Wonder::Halicarnassus))
        .with_built(0, &[1])
        .with_tableau(0, &[Card::Stone, Card::Papyrus])
        .with_deck(0, &[Card::Stone, Card::Gear, Card::Blue3, Card::Red0])
        .with_deck_of(1, Card::Wood, 10)
        .with_deck_of(2, Card::Wood, 10)
        .with_central(&[Card::Wood; 5])
        .start(0);
    let s = play(s, &[D0, build(2, &[Card::Stone, Card::Stone])]);
    assert_eq!(legal_set(&s), [Action::Look(0), Action::Look(2)].into());
    let s = play(s, &[Action::Look(0)]);
    assert_eq!((s.deck_size(0), s.deck_top(0), s.step()), (0, None, Step::Keep));
    assert_eq!(legal_set(&s), [Action::Keep(Card::Gear), Action::Keep(Card::Blue3), Action::Keep(Card::Red0)].into());
    let s = play(s, &[Action::Keep(Card::Blue3)]);
    let mut rest = s.deck_cards(0);
    rest.sort();
    assert_eq!(rest, vec![Card::Gear, Card::Red0]);
    assert_eq!(s.deck_top(0), Some(s.deck_cards(0)[0]));
    assert_eq!(s.score(0), 9);
    // A long deck: the look holds 5 cards and the rest goes back with them.
    let s = table(&wonders(3, Wonder::Halicarnassus))
        .with_built(0, &[1])
        .with_tableau(0, &[Card::Stone])
        .with_deck(0, &[Card::Stone])
        .with_deck_of(2, Card::Wood, 10)
        .with_central(&[Card::Wood; 5])
        .start(0);
    let s = play(s, &[D0, build(2, &[Card::Stone, Card::Stone]), Action::Look(2)]);
    assert_eq!((s.deck_size(2), s.look().unwrap().1[Card::Wood as usize]), (5, 5));
    let s = play(s, &[Action::Keep(Card::Wood)]);
    assert_eq!((s.deck_size(2), s.count(0, Card::Wood)), (9, 1));
}

#[test]
fn r16_alexandria_takes_from_any_deck() {
    let s = table(&wonders(3, Wonder::Alexandria))
        .with_built(0, &[1])
        .with_tableau(0, &[Card::Wood])
        .with_deck(0, &[Card::Wood])
        .with_deck(1, &[Card::Blue3])
        .with_central(&[Card::Gold])
        .start(0);
    let s = play(s, &[D0, build(2, &[Card::Wood, Card::Wood])]);
    // Deck(0) and Deck(2) are empty: Deck(1) (not a neighbour's deck to seat 0's left) or central.
    assert_eq!(legal_set(&s), [Action::Take(Source::Deck(1)), CENTRAL].into());
    let s = play(s, &[Action::Take(Source::Deck(1))]);
    assert_eq!((s.count(0, Card::Blue3), s.active()), (1, 1));
}

#[test]
fn r16_babylon_takes_a_token_on_its_power_stages() {
    for (power, token_at_4) in [(BabylonPower::S2S4, true), (BabylonPower::S2S5, false)] {
        let config = Config { babylon_power: power, ..Config::default() };
        let s = filled(table_with(config, &wonders(3, Wonder::Babylon)), 3, Card::Blue3)
            .with_built(0, &[1, 2, 3])
            .with_tableau(0, &[Card::Gold; 3])
            .with_token_supply(&[Token::Decor, Token::Tactics, Token::Crafts], &[Token::Culture])
            .start(0);
        let s = play(s, &[build(4, &[Card::Gold; 3])]);
        assert_eq!(s.step() == Step::Token, token_at_4, "{power:?}");
    }
    let s = filled(table(&wonders(3, Wonder::Babylon)), 3, Card::Blue3)
        .with_built(0, &[1])
        .with_tableau(0, &[Card::Gold, Card::Gold])
        .with_token_supply(&[Token::Decor, Token::Tactics, Token::Crafts], &[Token::Culture])
        .start(0);
    let s = play(s, &[build(2, &[Card::Gold, Card::Gold])]);
    assert_eq!(s.step(), Step::Token);
    assert_eq!(legal(&s).len(), 4);
    let s = play(s, &[Action::Token(TokenChoice::FaceUp(Token::Decor))]);
    assert!(s.owns(0, Token::Decor));
    // Without any token left, the power does nothing (D23).
    let s = filled(table(&wonders(3, Wonder::Babylon)), 3, Card::Blue3)
        .with_built(0, &[1])
        .with_tableau(0, &[Card::Gold, Card::Gold])
        .with_token_supply(&[], &[])
        .start(0);
    let s = play(s, &[build(2, &[Card::Gold, Card::Gold])]);
    assert_eq!(s.step(), Step::MainTake);
}

#[test]
fn r16_rhodes_shields_and_giza_nothing() {
    let s = seat0(Wonder::Rhodes).with_built(0, &[1]).with_tableau(0, &[Card::Gold, Card::Gold]).start(0);
    assert_eq!(s.shields(0), 0);
    let s = play(s, &[build(2, &[Card::Gold, Card::Gold])]);
    assert_eq!((s.shields(0), s.step()), (1, Step::MainTake));
    let s = seat0(Wonder::Giza).with_built(0, &[1]).with_tableau(0, &[Card::Gold, Card::Gold]).start(0);
    let s = play(s, &[build(2, &[Card::Gold, Card::Gold])]);
    assert_eq!((s.shields(0), s.step(), s.score_parts(0).stages), (0, Step::MainTake, 9));
}
