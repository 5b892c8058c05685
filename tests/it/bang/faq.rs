//! The official FAQ (Q02–Q26) where it has a rules effect. Each test uses a setup different
//! from the §D scenario that cites the same question (Q08, "no card affects roles or
//! characters", has no action to test: no action targets them).

use meeple::game::{GameRng, rng_from_seed};
use meeple::games::bang::builder::{act, bang, beer, card, gatling, hand_len, legal, missed, play};
use meeple::games::bang::cards::{self, J, K, Kind, NONE, Q, Suit};
use meeple::games::bang::characters::Character;
use meeple::games::bang::{Action, BangState, FROM_HAND, Frame, Role};

fn rng() -> GameRng {
    rng_from_seed(31)
}

#[test]
fn faq_q02_slab_against_barrel_one_missed_after_a_heart_else_two() {
    let barrel = card(Kind::Barrel, K, Suit::Spades);
    for (flip, survives) in [(beer(8), true), (card(Kind::Bang, 2, Suit::Clubs), false)] {
        let mut r = rng();
        let mut s = BangState::builder(4)
            .character(0, Character::SlabTheKiller)
            .hand(0, &[bang(5)])
            .in_play(1, &[barrel])
            .hand(1, &[missed(2)])
            .deck_top(&[flip])
            .in_phase_two();
        act(&mut s, play(bang(5), 1), &mut r);
        act(&mut s, Action::DrawBarrel, &mut r);
        act(&mut s, Action::Respond(missed(2)), &mut r);
        assert_eq!(s.life(1) == 4, survives);
    }
}

#[test]
fn faq_q03_bang_after_gatling() {
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[gatling(), bang(5)]).in_phase_two();
    act(&mut s, play(gatling(), NONE), &mut r);
    act(&mut s, play(bang(5), 1), &mut r);
    assert_eq!(s.life(1), 2, "hit by the Gatling and the BANG!");
}

#[test]
fn faq_q04_panic_counts_paul_regret_but_not_weapons() {
    let panic = card(Kind::Panic, Q, Suit::Hearts);
    let remington = card(Kind::Remington, K, Suit::Clubs);
    let s = BangState::builder(4)
        .character(1, Character::PaulRegret)
        .in_play(0, &[remington])
        .hand(0, &[panic, bang(5)])
        .hand(1, &[bang(6)])
        .hand(2, &[bang(7)])
        .in_phase_two();
    let l = legal(&s);
    assert!(!l.contains(&Action::Play { card: panic, target: 1, pick: FROM_HAND }), "Paul at 2");
    assert!(!l.contains(&Action::Play { card: panic, target: 2, pick: FROM_HAND }), "2 seats");
    assert!(l.contains(&play(bang(5), 1)) && l.contains(&play(bang(5), 2)), "Remington reaches");
}

#[test]
fn faq_q05_renegade_indians_kill_rewards_the_renegade() {
    let indians = card(Kind::Indians, J + 3, Suit::Diamonds);
    let mut r = rng();
    let mut s = BangState::builder(4).hand(3, &[indians]).life(1, 1).active(3).in_phase_two();
    act(&mut s, play(indians, NONE), &mut r);
    assert_eq!(s.role(3), Role::Renegade);
    assert!(!s.is_alive(1));
    assert_eq!(hand_len(&s, 3), 3);
}

#[test]
fn faq_q06_one_duel_discard_then_a_bang() {
    let duel = card(Kind::Duel, J, Suit::Spades);
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[duel, bang(2), bang(3)]).hand(1, &[bang(4)]).in_phase_two();
    act(&mut s, play(duel, 1), &mut r);
    act(&mut s, Action::Respond(bang(4)), &mut r);
    act(&mut s, Action::Respond(bang(2)), &mut r);
    assert_eq!(s.top(), Frame::Play);
    assert!(legal(&s).contains(&play(bang(3), 1)));
}

#[test]
fn faq_q07_without_pedro_the_discards_go_in_id_order() {
    let victim = [bang(2), bang(3), missed(4)];
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[bang(5)]).hand(1, &victim).life(1, 1).in_phase_two();
    act(&mut s, play(bang(5), 1), &mut r);
    act(&mut s, Action::Pass, &mut r);
    let pile = s.discard_pile();
    assert_eq!(&pile[1..], &[victim[0], victim[1], victim[2]], "no decision, ascending ids");
}

#[test]
fn faq_q09_saloon_with_two_players_heals_the_opponent_too() {
    let saloon = card(Kind::Saloon, 5, Suit::Hearts);
    let mut r = rng();
    let mut s = BangState::builder(4).dead(1).dead(2).life(0, 4).life(3, 3).hand(0, &[saloon]).in_phase_two();
    act(&mut s, play(saloon, NONE), &mut r);
    assert_eq!((s.life(0), s.life(3)), (5, 4));
}

#[test]
fn faq_q10_saloon_is_never_a_death_save() {
    let saloon = card(Kind::Saloon, 5, Suit::Hearts);
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[bang(5)]).hand(1, &[saloon]).life(1, 1).in_phase_two();
    act(&mut s, play(bang(5), 1), &mut r);
    assert!(!s.is_alive(1), "not even asked");
}

#[test]
fn faq_q11_dead_players_get_nothing_from_saloon() {
    let saloon = card(Kind::Saloon, 5, Suit::Hearts);
    let mut r = rng();
    let mut s = BangState::builder(5).dead(4).hand(0, &[saloon]).life(0, 3).in_phase_two();
    act(&mut s, play(saloon, NONE), &mut r);
    assert_eq!((s.life(0), s.life(4)), (4, 0));
}

#[test]
fn faq_q12_no_voluntary_discards() {
    let s = BangState::builder(4)
        .hand(0, &[missed(2), beer(6)])
        .in_play(0, &[card(Kind::Barrel, Q, Suit::Spades)])
        .in_phase_two();
    assert!(!legal(&s).iter().any(|a| matches!(a, Action::Discard(_) | Action::SidDiscard(_))));
    // Sid Ketchum at full life may not use his ability either; below it, he may.
    let sid = |life| {
        BangState::builder(4)
            .character(0, Character::SidKetchum)
            .hand(0, &[missed(2), beer(6)])
            .life(0, life)
            .in_phase_two()
    };
    assert!(!legal(&sid(5)).contains(&Action::SidDiscard(missed(2))));
    assert!(legal(&sid(4)).contains(&Action::SidDiscard(missed(2))));
}

#[test]
fn faq_q13_nothing_else_while_a_card_resolves() {
    let store = card(Kind::GeneralStore, 9, Suit::Clubs);
    let panic = card(Kind::Panic, J, Suit::Hearts);
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[store, panic]).hand(1, &[bang(2)]).in_phase_two();
    act(&mut s, play(store, NONE), &mut r);
    assert!(legal(&s).iter().all(|a| matches!(a, Action::Take(_))));
}

#[test]
fn faq_q14_vulture_sam_and_dynamite_with_only_a_hand() {
    let dynamite = card(Kind::Dynamite, 2, Suit::Hearts);
    let s = BangState::builder(4)
        .character(1, Character::WillyTheKid)
        .character(3, Character::VultureSam)
        .life(1, 2)
        .in_play(1, &[dynamite])
        .hand(1, &[bang(2)])
        .deck_top(&[missed(7)])
        .active(1)
        .at_turn_start(&mut rng());
    assert!(!s.is_alive(1));
    assert_eq!(s.hand(3), cards::bit(bang(2)));
    assert!(s.discard_pile().contains(&dynamite));
}

#[test]
fn faq_q15_jailed_player_drinks_only_against_death() {
    let (jail, club) = (card(Kind::Jail, 4, Suit::Hearts), card(Kind::Bang, 2, Suit::Clubs));
    let s = BangState::builder(4)
        .character(2, Character::WillyTheKid)
        .life(2, 1)
        .hand(2, &[beer(9)])
        .in_play(2, &[jail])
        .deck_top(&[club])
        .active(2)
        .at_turn_start(&mut rng());
    assert_eq!((s.active(), s.life(2)), (3, 1), "skipped, Beer unused");
}

#[test]
fn faq_q16_beer_at_full_life_for_a_sheriff() {
    let mut r = rng();
    let mut s = BangState::builder(5).hand(0, &[beer(10)]).in_phase_two();
    assert!(legal(&s).contains(&play(beer(10), NONE)));
    act(&mut s, play(beer(10), NONE), &mut r);
    assert_eq!(s.life(0), 5);
}

#[test]
fn faq_q17_bart_draws_nothing_on_a_lethal_hit_unless_saved() {
    let shoot = |hand: &[u8]| {
        let mut s = BangState::builder(4)
            .character(1, Character::BartCassidy)
            .hand(0, &[bang(5)])
            .hand(1, hand)
            .life(1, 1)
            .deck_top(&[beer(6)])
            .in_phase_two();
        act(&mut s, play(bang(5), 1), &mut rng());
        s
    };
    let s = shoot(&[]);
    assert!(!s.is_alive(1), "the deck's Beer cannot save him");
    let mut s = shoot(&[beer(7)]);
    act(&mut s, Action::Respond(beer(7)), &mut rng());
    assert_eq!(s.life(1), 1);
    assert_eq!(s.hand(1), cards::bit(beer(6)), "saved, then drew for the life lost");
}

#[test]
fn faq_q18_sheriff_vulture_sam_takes_then_discards_everything() {
    let deputy_cards = [bang(2), missed(3)];
    let mut r = rng();
    let mut s = BangState::builder(5)
        .character(0, Character::VultureSam)
        .hand(0, &[bang(5), beer(6)])
        .hand(4, &deputy_cards)
        .life(4, 1)
        .in_phase_two();
    // Seat 4 (Deputy) is the Sheriff's right neighbour.
    act(&mut s, play(bang(5), 4), &mut r);
    act(&mut s, Action::Pass, &mut r);
    assert!(!s.is_alive(4));
    assert_eq!(s.hand(0) | s.in_play(0), 0);
    let pile = s.discard_pile();
    assert!(deputy_cards.iter().all(|c| pile.contains(c)), "the Deputy's cards too");
}

#[test]
fn faq_q19_slab_gatling_one_missed_each() {
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(0, Character::SlabTheKiller)
        .hand(0, &[gatling()])
        .hand(1, &[missed(2)])
        .hand(2, &[missed(3)])
        .hand(3, &[missed(4)])
        .in_phase_two();
    act(&mut s, play(gatling(), NONE), &mut r);
    for m in [missed(2), missed(3), missed(4)] {
        act(&mut s, Action::Respond(m), &mut r);
    }
    assert_eq!((s.life(1), s.life(2), s.life(3)), (4, 4, 4));
}

#[test]
fn faq_q20_calamity_duels_with_missed_as_challenger() {
    let duel = card(Kind::Duel, 8, Suit::Clubs);
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(0, Character::CalamityJanet)
        .hand(0, &[duel, missed(2)])
        .hand(1, &[bang(3)])
        .in_phase_two();
    act(&mut s, play(duel, 1), &mut r);
    act(&mut s, Action::Respond(bang(3)), &mut r);
    act(&mut s, Action::Respond(missed(2)), &mut r);
    assert_eq!(s.life(1), 3);
}

#[test]
fn faq_q21_el_gringo_draws_from_the_gatling_player() {
    let mut r = rng();
    let mut s = BangState::builder(4).character(2, Character::ElGringo).hand(0, &[gatling(), beer(6)]).in_phase_two();
    act(&mut s, play(gatling(), NONE), &mut r);
    assert_eq!(s.hand(2), cards::bit(beer(6)));
}

#[test]
fn faq_q22_suzy_waits_for_the_end_of_a_duel_she_wins() {
    let duel = card(Kind::Duel, 8, Suit::Clubs);
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(1, Character::SuzyLafayette)
        .hand(1, &[duel])
        .active(1)
        .deck_top(&[bang(9)])
        .in_phase_two();
    act(&mut s, play(duel, 2), &mut r);
    assert_eq!(s.life(2), 3);
    assert_eq!(s.hand(1), cards::bit(bang(9)));
}

#[test]
fn faq_q23_outlaw_dies_in_his_own_duel_against_another_outlaw() {
    let duel = card(Kind::Duel, 8, Suit::Clubs);
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(2, Character::WillyTheKid)
        .hand(1, &[duel])
        .hand(2, &[bang(4)])
        .life(1, 1)
        .active(1)
        .in_phase_two();
    act(&mut s, play(duel, 2), &mut r);
    act(&mut s, Action::Respond(bang(4)), &mut r);
    assert!(!s.is_alive(1));
    assert_eq!(s.active(), 2);
    assert_eq!(hand_len(&s, 2), 2, "only the draw of his own turn, no reward");
}

#[test]
fn faq_q24_bart_survives_dynamite_and_draws_three_at_two_life() {
    let dynamite = card(Kind::Dynamite, 2, Suit::Hearts);
    let top = [missed(5), bang(2), bang(3), bang(4)];
    let s = BangState::builder(5)
        .character(0, Character::BartCassidy)
        .in_play(0, &[dynamite])
        .deck_top(&top)
        .at_turn_start(&mut rng());
    assert_eq!(s.life(0), 2, "Sheriff Bart: 5 - 3");
    assert_eq!(hand_len(&s, 0), 5, "3 for the damage, 2 for the draw phase");
}

#[test]
fn faq_q25_beer_at_one_life_with_two_players_does_nothing() {
    let mut r = rng();
    let mut s = BangState::builder(4).dead(0).dead(1).life(2, 1).hand(2, &[beer(6)]).active(2).in_phase_two();
    act(&mut s, play(beer(6), NONE), &mut r);
    assert_eq!(s.life(2), 1);
}

#[test]
fn faq_q26_sid_heals_out_of_turn_before_taking_a_hit() {
    let cards2 = [bang(2), bang(3)];
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(1, Character::SidKetchum)
        .hand(0, &[bang(5)])
        .hand(1, &[cards2[0], cards2[1], missed(2)])
        .life(1, 2)
        .in_phase_two();
    act(&mut s, play(bang(5), 1), &mut r);
    act(&mut s, Action::SidDiscard(cards2[0]), &mut r);
    act(&mut s, Action::SidDiscard(cards2[1]), &mut r);
    assert_eq!(s.life(1), 3);
    assert!(matches!(s.top(), Frame::Shot { target: 1, .. }), "still has to answer the shot");
    act(&mut s, Action::Pass, &mut r);
    assert_eq!(s.life(1), 2);
}
