//! Spec §D.7: draw-phase characters and miscellany. One test per scenario row.

use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::bang::builder::{act, bang, card, hand_len, legal, play, set};
use meeple::games::bang::cards::{self, J, K, Kind, Q, Suit};
use meeple::games::bang::characters::Character;
use meeple::games::bang::{Action, BangState, FROM_HAND, Frame};

fn rng() -> GameRng {
    rng_from_seed(29)
}

fn at_turn_start(c: Character, top: &[u8]) -> meeple::games::bang::builder::Builder {
    BangState::builder(4).character(1, c).deck_top(top).active(1)
}

#[test]
fn d7_m1_black_jack_shows_a_red_second_card_and_draws_a_third() {
    let seven_clubs = card(Kind::Bang, 7, Suit::Clubs);
    let q_diamonds = bang(Q);
    let third = bang(2);
    let s = at_turn_start(Character::BlackJack, &[seven_clubs, q_diamonds, third]).at_turn_start(&mut rng());
    assert_eq!(s.hand(1), set(&[seven_clubs, q_diamonds, third]));
    // The shown card is public; the others are not.
    let view = s.observation(0).view;
    assert_eq!(view.hand(1), cards::bit(q_diamonds));
    // A black second card: no third card.
    let s = at_turn_start(Character::BlackJack, &[q_diamonds, seven_clubs, third]).at_turn_start(&mut rng());
    assert_eq!(s.hand(1), set(&[seven_clubs, q_diamonds]));
}

#[test]
fn d7_m2_pedro_ramirez_with_empty_discard_draws_from_the_deck() {
    let top = [bang(2), bang(3)];
    let s = at_turn_start(Character::PedroRamirez, &top).at_turn_start(&mut rng());
    assert_eq!(s.top(), Frame::Play, "no choice offered");
    assert_eq!(s.hand(1), set(&top));
    // With a discard pile he chooses, and may take its top card.
    let pile = card(Kind::Beer, 6, Suit::Hearts);
    let mut r = rng();
    let mut s = at_turn_start(Character::PedroRamirez, &top).discard(&[pile]).at_turn_start(&mut r);
    assert_eq!(legal(&s), vec![Action::DrawDeck, Action::DrawDiscard]);
    act(&mut s, Action::DrawDiscard, &mut r);
    assert_eq!(s.hand(1), set(&[pile, top[0]]));
}

#[test]
fn d7_m3_jesse_jones_with_no_hand_to_steal_from_draws_both_from_the_deck() {
    let top = [bang(2), bang(3)];
    let s = at_turn_start(Character::JesseJones, &top).at_turn_start(&mut rng());
    assert_eq!(s.top(), Frame::Play);
    assert_eq!(s.hand(1), set(&top));
    // When someone has cards, he may steal his first card from that hand.
    let victim = card(Kind::Beer, 6, Suit::Hearts);
    let mut r = rng();
    let mut s = at_turn_start(Character::JesseJones, &top).hand(3, &[victim]).at_turn_start(&mut r);
    assert_eq!(legal(&s), vec![Action::DrawDeck, Action::DrawFromHand(3)]);
    act(&mut s, Action::DrawFromHand(3), &mut r);
    assert_eq!(s.hand(1), set(&[victim, top[0]]));
    assert_eq!(s.hand(3), 0);
}

#[test]
fn d7_m4_kit_carlson_reshuffles_to_see_three() {
    let last = bang(2);
    let mut r = rng();
    let mut s = at_turn_start(Character::KitCarlson, &[last]).only_deck_top().at_turn_start(&mut r);
    let Frame::KitKeep { cards: seen } = s.top() else { panic!("Kit should be choosing, got {:?}", s.top()) };
    assert_eq!(seen[0], last, "the old deck card first, then two from the reshuffled pile");
    assert_eq!(s.discard_pile().len(), 0);
    act(&mut s, Action::PutBack(seen[2]), &mut r);
    assert_eq!(s.hand(1), set(&seen[..2]));
    assert_eq!(s.deck().last(), Some(&seen[2]), "put back on top");
    // Kit knows where that card is; nobody else does.
    assert_eq!(s.observation(1).view.deck().last(), Some(&seen[2]));
    assert_eq!(s.observation(0).view.deck().last(), Some(&cards::NONE));
}

#[test]
fn d7_m5_suzy_draws_when_her_last_card_is_stolen() {
    let panic = card(Kind::Panic, J, Suit::Hearts);
    let next = bang(9);
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(1, Character::SuzyLafayette)
        .hand(0, &[panic])
        .hand(1, &[bang(2)])
        .deck_top(&[next])
        .in_phase_two();
    act(&mut s, Action::Play { card: panic, target: 1, pick: FROM_HAND }, &mut r);
    assert_eq!(s.hand(0), cards::bit(bang(2)));
    assert_eq!(s.hand(1), cards::bit(next), "Suzy drew at once");
}

#[test]
fn d7_m6_suzy_missed_against_slab_draws_after_the_bang() {
    let missed = card(Kind::Missed, 2, Suit::Spades);
    let missed2 = card(Kind::Missed, 3, Suit::Spades);
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(0, Character::SlabTheKiller)
        .character(1, Character::SuzyLafayette)
        .hand(0, &[bang(5)])
        .hand(1, &[missed])
        .deck_top(&[missed2])
        .in_phase_two();
    act(&mut s, play(bang(5), 1), &mut r);
    act(&mut s, Action::Respond(missed), &mut r);
    // She had no second Missed! and could not draw it mid-card: hit, then she draws.
    assert_eq!(s.life(1), 3);
    assert_eq!(s.hand(1), cards::bit(missed2));
    assert_eq!(s.top(), Frame::Play);
}

#[test]
fn d7_m7_no_panic_or_cat_balou_on_a_player_with_no_cards() {
    let panic = card(Kind::Panic, J, Suit::Hearts);
    let cat = card(Kind::CatBalou, K, Suit::Hearts);
    let s = BangState::builder(4).hand(0, &[panic, cat]).hand(3, &[bang(2)]).in_phase_two();
    let targets: Vec<u8> = legal(&s)
        .iter()
        .filter_map(|a| match a {
            Action::Play { target, .. } if *target != cards::NONE => Some(*target),
            _ => None,
        })
        .collect();
    assert_eq!(targets, vec![3, 3], "only seat 3 has cards (Panic! reaches seat 3 at distance 1)");
}

#[test]
fn d7_m9_no_panic_or_cat_balou_on_yourself() {
    let panic = card(Kind::Panic, J, Suit::Hearts);
    let cat = card(Kind::CatBalou, K, Suit::Hearts);
    let dynamite = card(Kind::Dynamite, 2, Suit::Hearts);
    let s = BangState::builder(4).hand(0, &[panic, cat]).in_play(0, &[dynamite]).in_phase_two();
    assert!(!legal(&s).iter().any(|a| matches!(a, Action::Play { target: 0, .. })), "cannot discard your own Dynamite");
    assert_eq!(legal(&s), vec![Action::EndTurn]);
}

#[test]
fn d7_m10_reshuffle_takes_the_whole_discard_pile() {
    let stage = card(Kind::Stagecoach, 9, Suit::Spades);
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[stage]).only_deck_top().in_phase_two();
    assert!(s.deck().is_empty());
    let pile = s.discard_pile().len();
    act(&mut s, play(stage, cards::NONE), &mut r);
    assert_eq!(s.discard_pile().len(), 0, "no card kept back");
    assert_eq!(s.deck().len(), pile + 1 - 2, "the pile plus the Stagecoach, minus 2 drawn");
    assert_eq!(hand_len(&s, 0), 2);
}
