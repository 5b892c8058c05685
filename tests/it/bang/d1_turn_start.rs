//! Spec §D.1: turn start, Dynamite and Jail. One test per scenario row.

use meeple::game::{GameRng, rng_from_seed};
use meeple::games::bang::builder::{act, card, dynamite, hand_len, legal, play};
use meeple::games::bang::cards::{self, A, J, K, Kind, Q, Suit};
use meeple::games::bang::characters::Character;
use meeple::games::bang::{Action, BangState, Check, Frame, Role};

fn rng() -> GameRng {
    rng_from_seed(7)
}

fn jail() -> u8 {
    card(Kind::Jail, J, Suit::Spades)
}

#[test]
fn d1_t1_dynamite_explodes_before_jail_check() {
    let five_spades = card(Kind::Missed, 5, Suit::Spades);
    let seven_hearts = card(Kind::Beer, 7, Suit::Hearts);
    let draws = [card(Kind::Bang, 2, Suit::Clubs), card(Kind::Bang, 3, Suit::Clubs)];
    let s = BangState::builder(5)
        .character(1, Character::WillyTheKid)
        .in_play(1, &[dynamite(), jail()])
        .deck_top(&[five_spades, seven_hearts, draws[0], draws[1]])
        .active(1)
        .at_turn_start(&mut rng());
    assert_eq!(s.life(1), 1, "Dynamite: 4 - 3");
    assert_eq!(s.discard_pile(), &[five_spades, dynamite(), seven_hearts, jail()]);
    assert_eq!(s.in_play(1), 0);
    assert_eq!(s.top(), Frame::Play, "escaped the Jail: normal turn");
    assert_eq!(s.hand(1), cards::bit(draws[0]) | cards::bit(draws[1]));
}

#[test]
fn d1_t2_dynamite_passes_and_jail_skips_the_turn() {
    let k_spades = card(Kind::Barrel, K, Suit::Spades);
    let three_clubs = card(Kind::Bang, 3, Suit::Clubs);
    let (a_hearts, k_hearts) = (card(Kind::Bang, A, Suit::Hearts), card(Kind::Bang, K, Suit::Hearts));
    let s = BangState::builder(5)
        .character(1, Character::WillyTheKid)
        .character(2, Character::LuckyDuke)
        .in_play(1, &[dynamite(), jail()])
        .deck_top(&[k_spades, three_clubs, a_hearts, k_hearts])
        .active(1)
        .at_turn_start(&mut rng());
    assert_eq!(s.life(1), 4);
    assert_eq!(s.hand(1), 0, "skipped: no draw");
    assert_eq!(s.in_play(1), 0);
    assert_eq!(s.discard_pile(), &[k_spades, three_clubs, jail()]);
    assert_eq!(s.active(), 2, "turn passed to the left neighbour");
    assert!(s.in_play(2) & cards::bit(dynamite()) != 0, "Dynamite is with the left neighbour");
    assert_eq!(s.top(), Frame::LuckyPick { seat: 2, cards: [a_hearts, k_hearts], check: Check::Dynamite });
}

#[test]
fn d1_t3_dynamite_to_zero_needs_a_beer_or_the_player_dies_without_killer() {
    let nine_spades = card(Kind::Stagecoach, 9, Suit::Spades);
    let beer = card(Kind::Beer, 6, Suit::Hearts);
    let roles = [Role::Sheriff, Role::Outlaw, Role::Deputy, Role::Renegade, Role::Outlaw];
    let base = || {
        BangState::builder(5)
            .roles(&roles)
            .character(2, Character::WillyTheKid)
            .character(3, Character::WillyTheKid)
            .life(2, 3)
            .in_play(2, &[dynamite()])
            .hand(0, &[card(Kind::Bang, 4, Suit::Clubs)])
            .deck_top(&[nine_spades])
            .active(2)
    };
    // With a Beer: saved at 1, then plays his turn.
    let mut r = rng();
    let mut s = base().hand(2, &[beer]).at_turn_start(&mut r);
    assert_eq!(s.life(2), 0);
    assert!(matches!(s.top(), Frame::DeathSave { seat: 2, .. }));
    act(&mut s, Action::Respond(beer), &mut r);
    assert_eq!(s.life(2), 1);
    assert_eq!(s.top(), Frame::Play);
    assert_eq!(s.active(), 2);
    // Without a save: eliminated; no reward, no Sheriff penalty.
    let s = base().at_turn_start(&mut rng());
    assert!(!s.is_alive(2));
    assert_eq!(s.active(), 3, "the next player's turn");
    assert_eq!(hand_len(&s, 0), 1, "no penalty for the Sheriff");
    assert_eq!(hand_len(&s, 1), 0);
    assert_eq!(hand_len(&s, 4), 0);
    assert_eq!(hand_len(&s, 3), 2, "only his normal draw");
}

#[test]
fn d1_t4_dynamite_boundary_cards() {
    let cases = [
        (card(Kind::Missed, 2, Suit::Spades), true),
        (card(Kind::Stagecoach, 9, Suit::Spades), true),
        (card(Kind::Volcanic, 10, Suit::Spades), false),
        (card(Kind::Bang, A, Suit::Spades), false),
        (card(Kind::Saloon, 5, Suit::Hearts), false),
    ];
    for (flip, explodes) in cases {
        assert_eq!(cards::dynamite_explodes(flip), explodes);
        let s = BangState::builder(4)
            .character(1, Character::WillyTheKid)
            .in_play(1, &[dynamite()])
            .deck_top(&[flip])
            .active(1)
            .at_turn_start(&mut rng());
        if explodes {
            assert_eq!(s.life(1), 1);
            assert_eq!(s.discard_pile(), &[flip, dynamite()]);
        } else {
            assert_eq!(s.life(1), 4);
            assert!(s.in_play(2) & cards::bit(dynamite()) != 0, "passed left");
        }
    }
}

#[test]
fn d1_t5_outlaw_killed_by_dynamite_gives_no_reward() {
    let four_spades = card(Kind::Missed, 4, Suit::Spades);
    let s = BangState::builder(5)
        .character(2, Character::WillyTheKid)
        .life(1, 2)
        .in_play(1, &[dynamite()])
        .hand(1, &[card(Kind::Bang, 5, Suit::Clubs)])
        .deck_top(&[four_spades])
        .active(1)
        .at_turn_start(&mut rng());
    assert!(!s.is_alive(1));
    assert_eq!(s.role(1), Role::Outlaw);
    for seat in [0, 3, 4] {
        assert_eq!(hand_len(&s, seat), 0, "seat {seat} drew nothing");
    }
    assert_eq!(hand_len(&s, 2), 2, "seat 2 only drew for its turn");
}

#[test]
fn d1_t6_vulture_sam_does_not_get_the_exploded_dynamite() {
    let six_spades = card(Kind::Missed, 6, Suit::Spades);
    let barrel = card(Kind::Barrel, Q, Suit::Spades);
    let cards3 = [card(Kind::Bang, 6, Suit::Clubs), card(Kind::Bang, 7, Suit::Clubs), card(Kind::Bang, 8, Suit::Clubs)];
    let sam_card = card(Kind::Bang, 9, Suit::Clubs);
    let s = BangState::builder(5)
        .character(2, Character::WillyTheKid)
        .character(3, Character::VultureSam)
        .life(1, 1)
        .in_play(1, &[dynamite(), barrel])
        .hand(1, &cards3)
        .hand(3, &[sam_card])
        .deck_top(&[six_spades])
        .active(1)
        .at_turn_start(&mut rng());
    assert!(!s.is_alive(1));
    let expected = cards3.iter().fold(cards::bit(sam_card) | cards::bit(barrel), |a, &c| a | cards::bit(c));
    assert_eq!(s.hand(3), expected);
    assert_eq!(s.discard_pile(), &[six_spades, dynamite()]);
}

#[test]
fn d1_t7_bart_cassidy_draws_three_after_dynamite() {
    let eight_spades = card(Kind::Missed, 8, Suit::Spades);
    let next: Vec<u8> = [2, 3, 4, 5, 6].iter().map(|&r| card(Kind::Bang, r, Suit::Diamonds)).collect();
    let mut top = vec![eight_spades];
    top.extend(&next);
    let s = BangState::builder(4)
        .character(1, Character::BartCassidy)
        .in_play(1, &[dynamite()])
        .deck_top(&top)
        .active(1)
        .at_turn_start(&mut rng());
    assert_eq!(s.life(1), 1);
    // 3 cards for the 3 life points, then the 2 of his draw phase.
    assert_eq!(s.hand(1), next.iter().fold(0, |a, &c| a | cards::bit(c)));
}

#[test]
fn d1_t9_lucky_duke_chooses_the_dynamite_draw() {
    let three_spades = card(Kind::Missed, 3, Suit::Spades);
    let q_diamonds = card(Kind::Bang, Q, Suit::Diamonds);
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(1, Character::LuckyDuke)
        .in_play(1, &[dynamite()])
        .deck_top(&[three_spades, q_diamonds])
        .active(1)
        .at_turn_start(&mut r);
    assert_eq!(legal(&s), vec![Action::LuckyChoose(three_spades), Action::LuckyChoose(q_diamonds)]);
    act(&mut s, Action::LuckyChoose(q_diamonds), &mut r);
    assert_eq!(s.life(1), 4, "no explosion");
    assert!(s.in_play(2) & cards::bit(dynamite()) != 0, "passed left");
    assert_eq!(s.discard_pile(), &[three_spades, q_diamonds], "both discarded");
}

#[test]
fn d1_t11_jail_escaped_on_a_heart_then_normal_turn() {
    let heart = card(Kind::Beer, 6, Suit::Hearts);
    let draws = [card(Kind::Bang, 2, Suit::Clubs), card(Kind::Bang, 3, Suit::Clubs)];
    let s = BangState::builder(4)
        .character(1, Character::WillyTheKid)
        .in_play(1, &[jail()])
        .deck_top(&[heart, draws[0], draws[1]])
        .active(1)
        .at_turn_start(&mut rng());
    assert_eq!(s.discard_pile(), &[heart, jail()]);
    assert_eq!(s.top(), Frame::Play);
    assert_eq!(s.active(), 1);
    assert_eq!(s.hand(1), cards::bit(draws[0]) | cards::bit(draws[1]));
}

#[test]
fn d1_t12_jail_on_the_sheriff_is_illegal() {
    let s = BangState::builder(4).hand(1, &[jail()]).active(1).in_phase_two();
    let l = legal(&s);
    assert!(!l.contains(&play(jail(), 0)));
    assert!(l.contains(&play(jail(), 2)));
    assert!(l.contains(&play(jail(), 3)));
    assert!(!l.contains(&play(jail(), 1)), "Decision 6: not on yourself");
}

#[test]
fn d1_t13_dynamite_passes_to_the_other_living_player() {
    let s = BangState::builder(5)
        .character(3, Character::WillyTheKid)
        .dead(1)
        .dead(2)
        .dead(4)
        .in_play(3, &[dynamite()])
        .deck_top(&[card(Kind::Bang, A, Suit::Hearts)])
        .active(3)
        .at_turn_start(&mut rng());
    assert!(s.in_play(0) & cards::bit(dynamite()) != 0);
    assert_eq!(s.active(), 3);
}
