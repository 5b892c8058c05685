//! Spec §D.5: elimination, Vulture Sam, penalties and rewards. One test per scenario row.

use meeple::game::{GameRng, rng_from_seed};
use meeple::games::bang::builder::{act, bang, card, hand_len, legal, play, set};
use meeple::games::bang::cards::{self, J, Kind, NONE, Q, Suit};
use meeple::games::bang::characters::Character;
use meeple::games::bang::{Action, BangState, Frame, Role};

fn rng() -> GameRng {
    rng_from_seed(19)
}

/// `killer` (active, holding one BANG! and a Winchester in play) shoots `victim` at 1 life
/// with no response.
fn kill(b: meeple::games::bang::builder::Builder, killer: usize, victim: usize) -> BangState {
    let winchester = card(Kind::Winchester, 8, Suit::Spades);
    let mut s = b.hand(killer, &[bang(5)]).in_play(killer, &[winchester]).life(victim, 1).active(killer).in_phase_two();
    act(&mut s, play(bang(5), victim as u8), &mut rng());
    s
}

#[test]
fn d5_e2_vulture_sam_takes_everything_and_the_killer_draws_three() {
    let jail = card(Kind::Jail, J, Suit::Spades);
    let mustang = card(Kind::Mustang, 8, Suit::Hearts);
    let schofield = card(Kind::Schofield, J, Suit::Clubs);
    let victim_hand = [card(Kind::Beer, 6, Suit::Hearts), card(Kind::Bang, 2, Suit::Clubs)];
    let reward = [bang(2), bang(3), bang(4)];
    let mut s = BangState::builder(5)
        .character(2, Character::VultureSam)
        .in_play(0, &[schofield])
        .in_play(1, &[jail, mustang])
        .hand(1, &victim_hand)
        .hand(0, &[bang(5)])
        .life(1, 1)
        .deck_top(&reward)
        .in_phase_two();
    let mut r = rng();
    act(&mut s, play(bang(5), 1), &mut r);
    // No Missed!: the hit lands at once; the Beer is offered, and he declines it.
    assert!(matches!(s.top(), Frame::DeathSave { seat: 1, .. }));
    act(&mut s, Action::Pass, &mut r);
    assert!(!s.is_alive(1));
    assert_eq!(s.hand(2), set(&victim_hand) | set(&[jail, mustang]));
    assert_eq!(s.hand(0), set(&reward));
}

#[test]
fn d5_e3_vulture_sam_kills_an_outlaw_takes_cards_and_draws_three() {
    let victim_hand = [card(Kind::Bang, 2, Suit::Clubs)];
    let reward = [bang(2), bang(3), bang(4)];
    let b = BangState::builder(5).character(0, Character::VultureSam).hand(1, &victim_hand).deck_top(&reward);
    let s = kill(b, 0, 1);
    assert!(!s.is_alive(1));
    assert_eq!(s.hand(0), set(&victim_hand) | set(&reward));
}

#[test]
fn d5_e4_outlaw_kills_outlaw_and_draws_three() {
    let s = kill(BangState::builder(4), 2, 1);
    assert_eq!((s.role(1), s.role(2)), (Role::Outlaw, Role::Outlaw));
    assert!(!s.is_alive(1));
    assert_eq!(hand_len(&s, 2), 3);
}

#[test]
fn d5_e5_renegade_kills_outlaw_and_draws_three() {
    let s = kill(BangState::builder(4), 3, 2);
    assert_eq!(s.role(3), Role::Renegade);
    assert!(!s.is_alive(2));
    assert_eq!(hand_len(&s, 3), 3);
}

#[test]
fn d5_e6_deputy_killing_deputy_is_not_penalised() {
    let keep = card(Kind::Beer, 7, Suit::Hearts);
    let s = kill(BangState::builder(7).hand(4, &[keep]), 4, 6);
    assert_eq!((s.role(4), s.role(6)), (Role::Deputy, Role::Deputy));
    assert!(!s.is_alive(6));
    assert_eq!(s.hand(4), cards::bit(keep), "no penalty, no reward");
    assert_eq!(s.in_play(4), cards::bit(card(Kind::Winchester, 8, Suit::Spades)));
}

#[test]
fn d5_e7_sheriff_kills_renegade_or_outlaw_without_penalty() {
    let keep = card(Kind::Beer, 7, Suit::Hearts);
    let s = kill(BangState::builder(5).hand(0, &[keep]), 0, 3);
    assert_eq!(s.role(3), Role::Renegade);
    assert_eq!(s.hand(0), cards::bit(keep));
    let s = kill(BangState::builder(5).hand(0, &[keep]), 0, 1);
    assert_eq!(s.role(1), Role::Outlaw);
    assert_eq!(hand_len(&s, 0), 4, "kept his card, +3");
}

#[test]
fn d5_e9_eliminated_player_chooses_the_top_discard_for_pedro() {
    let victim = [card(Kind::Bang, 2, Suit::Clubs), card(Kind::Bang, 3, Suit::Clubs)];
    let barrel = card(Kind::Barrel, Q, Suit::Spades);
    let mut s = BangState::builder(4)
        .character(2, Character::PedroRamirez)
        .hand(1, &victim)
        .in_play(1, &[barrel])
        .hand(0, &[bang(5)])
        .life(1, 1)
        .deck_top(&[card(Kind::Bang, 4, Suit::Clubs)])
        .in_phase_two();
    let mut r = rng();
    act(&mut s, play(bang(5), 1), &mut r);
    act(&mut s, Action::DrawBarrel, &mut r); // a club: fails
    assert_eq!(s.top(), Frame::TopDiscard { seat: 1 });
    assert_eq!(
        legal(&s),
        vec![Action::TopDiscard(victim[0]), Action::TopDiscard(victim[1]), Action::TopDiscard(barrel)]
    );
    act(&mut s, Action::TopDiscard(barrel), &mut r);
    assert_eq!(s.discard_pile().last(), Some(&barrel));
    assert_eq!(s.top(), Frame::Play);
}

#[test]
fn d5_e10_dead_players_dynamite_and_jail_are_discarded() {
    let dynamite = card(Kind::Dynamite, 2, Suit::Hearts);
    let jail = card(Kind::Jail, J, Suit::Spades);
    let b = BangState::builder(4).in_play(1, &[dynamite, jail]);
    let s = kill(b, 0, 1);
    assert!(!s.is_alive(1));
    let pile = s.discard_pile();
    assert!(pile.contains(&dynamite) && pile.contains(&jail));
    assert_eq!(s.in_play(1), 0);
}

#[test]
fn d5_e11_vulture_sam_collects_only_after_the_gatling() {
    let gatling = card(Kind::Gatling, 10, Suit::Hearts);
    let victim = [card(Kind::Bang, 2, Suit::Clubs)];
    let sam_missed = card(Kind::Missed, 2, Suit::Spades);
    let mut s = BangState::builder(4)
        .character(2, Character::VultureSam)
        .hand(0, &[gatling])
        .hand(1, &victim)
        .life(1, 1)
        .hand(2, &[sam_missed])
        .in_phase_two();
    let mut r = rng();
    act(&mut s, play(gatling, NONE), &mut r);
    assert!(!s.is_alive(1), "seat 1 had no answer");
    assert!(matches!(s.top(), Frame::Shot { target: 2, .. }));
    assert_eq!(s.hand(2), cards::bit(sam_missed), "nothing collected yet");
    act(&mut s, Action::Respond(sam_missed), &mut r);
    assert_eq!(s.hand(2), set(&victim), "collected after the Gatling");
    assert_eq!(hand_len(&s, 0), 3, "the Outlaw reward");
}
