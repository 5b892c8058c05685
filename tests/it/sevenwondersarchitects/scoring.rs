//! Spec §8 (end, scoring, ties) and §9 (labels): W11, W12.

use super::*;
use meeple::games::sevenwondersarchitects::{ScoreParts, Source, Token};
use meeple::labels::Labels;

#[test]
fn w11_scoring() {
    let s = table(&wonders(3, Wonder::Alexandria))
        .with_built(0, &[1, 2, 3])
        .with_tableau(0, &[Card::Blue3, Card::Blue3, Card::BlueCat, Card::BlueCat, Card::BlueCat])
        .with_cat(0)
        .with_military(0, 2)
        .with_tokens(0, &[Token::Politics, Token::Education, Token::Culture]);
    let parts = s.score_parts(0);
    assert_eq!(parts, ScoreParts { stages: 13, blue: 12, cat: 2, military: 6, tokens: 3 + 6 + 4 });
    assert_eq!(parts.total(), 46);
}

#[test]
fn token_end_vp_decor_strategy_and_two_cultures() {
    let s = table(&wonders(3, Wonder::Giza))
        .with_tokens(0, &[Token::Decor, Token::Strategy, Token::Culture, Token::Culture])
        .with_military(0, 3)
        .with_tokens(1, &[Token::Decor])
        .with_built(1, &[1, 2, 3, 4, 5]);
    assert_eq!(s.score_parts(0).tokens, 4 + 3 + 12);
    assert_eq!(s.token_count(0), 4);
    assert_eq!(s.score_parts(1).tokens, 6);
}

#[test]
fn w12_ties_most_stages_then_shared() {
    let stages = |counts: [u32; 3]| counts.map(|c| ((1u32 << c) - 1) as u8);
    assert_eq!(ArchitectsState::winners_of(&[40, 40, 38], &stages([4, 5, 5])), 0b010);
    assert_eq!(ArchitectsState::winners_of(&[41, 41, 39], &stages([3, 3, 5])), 0b011);
    // A finished game with a shared win: Giza completes (30) and Alexandria has 25 + 3 + 2 and
    // five stages too.
    let s = table(&[Wonder::Giza, Wonder::Alexandria, Wonder::Babylon])
        .with_built(0, &[1, 2, 3, 4])
        .with_tokens(0, &[Token::Engineering])
        .with_tableau(0, &[Card::Wood; 3])
        .with_deck(0, &[Card::Stone])
        .with_built(1, &[1, 2, 3, 4, 5])
        .with_tableau(1, &[Card::Blue3, Card::BlueCat])
        .with_cat(1)
        .start(0);
    let s = play(s, &[Action::Take(Source::Deck(0)), build(5, &[Card::Wood, Card::Wood, Card::Wood, Card::Stone])]);
    assert_eq!((s.score(0), s.score(1), s.score(2)), (30, 32, 0));
    assert_eq!(s.outcome().unwrap()[..3], [0.0, 1.0, 0.0]);
    assert_eq!(s.game_labels().text("ender_result"), "lost");
    let s = table(&[Wonder::Giza, Wonder::Alexandria, Wonder::Babylon])
        .with_built(0, &[1, 2, 3, 4])
        .with_tokens(0, &[Token::Engineering])
        .with_tableau(0, &[Card::Wood; 3])
        .with_deck(0, &[Card::Stone])
        .with_built(1, &[1, 2, 3, 4, 5])
        .with_tableau(1, &[Card::Blue3, Card::Red0])
        .start(0);
    let s = play(s, &[Action::Take(Source::Deck(0)), build(5, &[Card::Wood, Card::Wood, Card::Wood, Card::Stone])]);
    assert_eq!((s.score(0), s.score(1)), (30, 28));
    assert_eq!(s.outcome().unwrap()[..3], [1.0, 0.0, 0.0]);
    let tie = table(&[Wonder::Giza, Wonder::Alexandria, Wonder::Babylon])
        .with_built(0, &[1, 2, 3, 4])
        .with_tokens(0, &[Token::Engineering])
        .with_tableau(0, &[Card::Wood; 3])
        .with_deck(0, &[Card::Stone])
        .with_built(1, &[1, 2, 3, 4, 5])
        .with_military(1, 1)
        .with_tableau(1, &[Card::BlueCat])
        .start(0);
    let tie = play(tie, &[Action::Take(Source::Deck(0)), build(5, &[Card::Wood, Card::Wood, Card::Wood, Card::Stone])]);
    assert_eq!((tie.score(0), tie.score(1)), (30, 30));
    assert_eq!(tie.outcome().unwrap()[..3], [0.5, 0.5, 0.0]);
    assert_eq!(
        (tie.game_labels().text("ender_result").as_str(), tie.game_labels().text("winners").as_str()),
        ("shared", "2")
    );
}

#[test]
fn labels_of_a_finished_game() {
    let s = table(&wonders(3, Wonder::Giza))
        .with_built(0, &[1, 2, 3, 4])
        .with_tokens(0, &[Token::Engineering])
        .with_tableau(0, &[Card::Wood; 3])
        .with_deck(0, &[Card::Stone])
        .start(0);
    let s = play(s, &[Action::Take(Source::Deck(0)), build(5, &[Card::Wood, Card::Wood, Card::Wood, Card::Stone])]);
    assert_eq!(
        s.seat_labels(0).texts(),
        vec!["giza", "30-39", "5", "yes", "yes", "0", "1", "no", "30-34", "0-4", "0", "0", "0-4"]
    );
    assert_eq!(
        (
            s.seat_labels(1).text("wonder").as_str(),
            s.seat_labels(1).text("vp").as_str(),
            s.seat_labels(1).text("ended_game").as_str()
        ),
        ("alexandria", "0-9", "no")
    );
    assert_eq!(s.game_labels().texts(), vec!["0", "giza", "won", "wonder", "0", "0-9", "1"]);
    assert_eq!(ArchitectsState::SCORING.unwrap().unit, "victory points");
}

/// Spec §9: `vp_cat` and `vp_military` take their exact values (0 or 2; 3 per military token).
#[test]
fn vp_cat_and_vp_military_labels_are_exact() {
    let s = table(&wonders(3, Wonder::Alexandria)).with_cat(0).with_military(0, 1).with_military(1, 2);
    let labels = |seat| [s.seat_labels(seat).text("vp_cat"), s.seat_labels(seat).text("vp_military")];
    assert_eq!(labels(0), ["2", "3"]);
    assert_eq!(labels(1), ["0", "6"]);
    assert_eq!(labels(2), ["0", "0"]);
}
