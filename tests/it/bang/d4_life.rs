//! Spec §D.4: Beer, Saloon, Sid Ketchum, death. One test per scenario row.

use meeple::game::{GameRng, rng_from_seed};
use meeple::games::bang::builder::{act, bang, beer, card, hand_len, legal, play};
use meeple::games::bang::cards::{self, J, Kind, NONE, Q, Suit};
use meeple::games::bang::characters::Character;
use meeple::games::bang::{Action, BangState, Frame};

fn rng() -> GameRng {
    rng_from_seed(17)
}

fn saloon() -> u8 {
    card(Kind::Saloon, 5, Suit::Hearts)
}

/// Seat 0 shoots seat 1 (at `life`, holding `hand`) in a game where `dead` seats are out.
fn shot_at(n: usize, dead: &[usize], life: i8, hand: &[u8], c1: Character) -> (BangState, GameRng) {
    let mut b = BangState::builder(n).character(1, c1).life(1, life).hand(1, hand).hand(0, &[bang(5)]);
    for &d in dead {
        b = b.dead(d);
    }
    let mut s = b.in_phase_two();
    let mut r = rng();
    act(&mut s, play(bang(5), 1), &mut r);
    (s, r)
}

#[test]
fn d4_l1_beer_saves_with_three_players() {
    let (mut s, mut r) = shot_at(4, &[3], 1, &[beer(6)], Character::WillyTheKid);
    assert!(matches!(s.top(), Frame::DeathSave { seat: 1, .. }));
    act(&mut s, Action::Respond(beer(6)), &mut r);
    assert!(s.is_alive(1));
    assert_eq!(s.life(1), 1);
    assert_eq!(s.top(), Frame::Play);
}

#[test]
fn d4_l2_beer_is_useless_with_two_players() {
    let (mut s, mut r) = shot_at(4, &[2, 3], 1, &[beer(6)], Character::WillyTheKid);
    assert_eq!(legal(&s), vec![Action::Respond(beer(6)), Action::Pass]);
    act(&mut s, Action::Respond(beer(6)), &mut r);
    assert!(!s.is_alive(1), "the Beer had no effect, so he is eliminated");
    assert!(s.winner().is_some());
}

#[test]
fn d4_l3_beer_on_own_turn_with_two_players_does_nothing() {
    let mut r = rng();
    let mut s = BangState::builder(4).dead(2).dead(3).life(1, 2).hand(1, &[beer(6)]).active(1).in_phase_two();
    act(&mut s, play(beer(6), NONE), &mut r);
    assert_eq!(s.life(1), 2);
    assert_eq!(s.discard_pile().last(), Some(&beer(6)));
}

#[test]
fn d4_l4_saloon_heals_both_of_two_players() {
    let mut r = rng();
    let mut s =
        BangState::builder(4).dead(2).dead(3).life(0, 5).life(1, 2).hand(1, &[saloon()]).active(1).in_phase_two();
    act(&mut s, play(saloon(), NONE), &mut r);
    assert_eq!((s.life(0), s.life(1)), (5, 3), "capped at the Sheriff's 5");
}

#[test]
fn d4_l5_no_saloon_against_death_in_own_duel() {
    let duel = card(Kind::Duel, Q, Suit::Diamonds);
    let build = |extra: &[u8]| {
        let mut h = vec![duel, saloon()];
        h.extend_from_slice(extra);
        BangState::builder(4).life(1, 1).hand(1, &h).hand(2, &[bang(5)]).active(1).in_phase_two()
    };
    let mut r = rng();
    let mut s = build(&[]);
    act(&mut s, play(duel, 2), &mut r);
    act(&mut s, Action::Respond(bang(5)), &mut r);
    assert!(!s.is_alive(1), "the Saloon cannot save him");
    // With a Beer (4 players alive), he may save himself.
    let mut s = build(&[beer(7)]);
    act(&mut s, play(duel, 2), &mut r);
    act(&mut s, Action::Respond(bang(5)), &mut r);
    assert_eq!(legal(&s), vec![Action::Respond(beer(7)), Action::Pass]);
}

#[test]
fn d4_l6_saloon_ignores_the_dead() {
    let mut r = rng();
    let mut s = BangState::builder(4).dead(2).life(1, 2).hand(1, &[saloon()]).active(1).in_phase_two();
    act(&mut s, play(saloon(), NONE), &mut r);
    assert_eq!(s.life(2), 0);
    assert!(!s.is_alive(2));
    assert_eq!(s.life(1), 3);
}

#[test]
fn d4_l7_beer_at_full_life_is_legal() {
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[beer(6)]).in_phase_two();
    act(&mut s, play(beer(6), NONE), &mut r);
    assert_eq!(s.life(0), 5);
    assert_eq!(hand_len(&s, 0), 0);
}

#[test]
fn d4_l8_jailed_player_cannot_drink_on_his_skipped_turn() {
    let jail = card(Kind::Jail, J, Suit::Spades);
    let club = card(Kind::Bang, 2, Suit::Clubs);
    let mut r = rng();
    let s = BangState::builder(4)
        .character(1, Character::WillyTheKid)
        .life(1, 2)
        .hand(1, &[beer(6)])
        .in_play(1, &[jail])
        .deck_top(&[club])
        .active(1)
        .at_turn_start(&mut r);
    assert_eq!(s.active(), 2, "turn skipped, never asked");
    assert_eq!(s.life(1), 2);
    assert_eq!(s.hand(1), cards::bit(beer(6)));
    // Out of turn, against a lethal hit, the Beer is available.
    let (s, _) = shot_at(4, &[], 1, &[beer(6)], Character::WillyTheKid);
    assert!(legal(&s).contains(&Action::Respond(beer(6))));
}

#[test]
fn d4_l9_sid_ketchum_discards_two_to_survive_or_four_for_two_life() {
    let four = [bang(2), bang(3), bang(4), bang(6)];
    let (mut s, mut r) = shot_at(4, &[], 1, &four, Character::SidKetchum);
    assert!(matches!(s.top(), Frame::Shot { target: 1, .. }));
    act(&mut s, Action::Pass, &mut r);
    assert!(matches!(s.top(), Frame::DeathSave { seat: 1, .. }));
    act(&mut s, Action::SidDiscard(four[0]), &mut r);
    assert!(matches!(s.top(), Frame::SidSecond { seat: 1 }));
    act(&mut s, Action::SidDiscard(four[1]), &mut r);
    assert!(s.is_alive(1));
    assert_eq!(s.life(1), 1);
    assert_eq!(hand_len(&s, 1), 2);
    // At 2/4 on his turn: four cards give +2.
    let mut s =
        BangState::builder(4).character(1, Character::SidKetchum).life(1, 2).hand(1, &four).active(1).in_phase_two();
    for &c in &four {
        act(&mut s, Action::SidDiscard(c), &mut r);
    }
    assert_eq!(s.life(1), 4);
    assert_eq!(s.top(), Frame::Play);
}

#[test]
fn d4_l10_sid_ketchum_ability_works_with_two_players() {
    let two = [bang(2), bang(3)];
    let (mut s, mut r) = shot_at(4, &[2, 3], 1, &two, Character::SidKetchum);
    act(&mut s, Action::Pass, &mut r);
    act(&mut s, Action::SidDiscard(two[0]), &mut r);
    act(&mut s, Action::SidDiscard(two[1]), &mut r);
    assert!(s.is_alive(1));
    assert_eq!(s.life(1), 1);
    assert!(s.winner().is_none());
}

#[test]
fn d4_l12_saving_is_optional() {
    let (mut s, mut r) = shot_at(5, &[], 1, &[beer(6)], Character::WillyTheKid);
    assert!(legal(&s).contains(&Action::Pass));
    act(&mut s, Action::Pass, &mut r);
    assert!(!s.is_alive(1));
}

#[test]
fn d4_l13_beer_never_exceeds_the_maximum() {
    let mut r = rng();
    let mut s = BangState::builder(4).character(0, Character::PaulRegret).hand(0, &[beer(6)]).in_phase_two();
    assert_eq!((s.life(0), s.max_life(0)), (4, 4));
    act(&mut s, play(beer(6), NONE), &mut r);
    assert_eq!(s.life(0), 4);
}

#[test]
fn d4_l14_discard_down_to_current_life() {
    let five = [bang(2), bang(3), bang(4), bang(6), bang(7)];
    let mut r = rng();
    let mut s =
        BangState::builder(4).character(1, Character::WillyTheKid).life(1, 2).hand(1, &five).active(1).in_phase_two();
    act(&mut s, Action::EndTurn, &mut r);
    assert_eq!(s.top(), Frame::DiscardExcess);
    assert_eq!(legal(&s), five.iter().map(|&c| Action::Discard(c)).collect::<Vec<_>>());
    for &c in &five[2..] {
        act(&mut s, Action::Discard(c), &mut r);
    }
    assert_eq!(s.hand(1), cards::bit(five[0]) | cards::bit(five[1]));
    assert_eq!(s.active(), 2, "turn over after the third discard");
}
