//! Spec §D.3: Duel, Indians!, Gatling, General Store. One test per scenario row.

use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::bang::builder::{act, bang, card, gatling, hand_len, legal, missed, play};
use meeple::games::bang::cards::{self, K, Kind, NONE, Q, Suit};
use meeple::games::bang::characters::Character;
use meeple::games::bang::{Action, BangState, Frame, Role};

fn rng() -> GameRng {
    rng_from_seed(13)
}

fn duel() -> u8 {
    card(Kind::Duel, Q, Suit::Diamonds)
}

fn indians() -> u8 {
    card(Kind::Indians, K, Suit::Diamonds)
}

#[test]
fn d3_g1_calamity_janet_discards_missed_in_a_duel() {
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(1, Character::CalamityJanet)
        .hand(0, &[duel()])
        .hand(1, &[missed(2)])
        .in_phase_two();
    act(&mut s, play(duel(), 1), &mut r);
    assert_eq!(legal(&s), vec![Action::Respond(missed(2)), Action::Pass]);
    act(&mut s, Action::Respond(missed(2)), &mut r);
    assert_eq!(s.life(0), 4 + 1 - 1, "the Sheriff (5) has no BANG!: loses 1");
    assert_eq!(s.life(1), 4);
}

#[test]
fn d3_g2_calamity_janet_discards_missed_against_indians() {
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(1, Character::CalamityJanet)
        .hand(0, &[indians()])
        .hand(1, &[missed(2)])
        .in_phase_two();
    act(&mut s, play(indians(), NONE), &mut r);
    assert_eq!(legal(&s), vec![Action::Respond(missed(2)), Action::Pass]);
    act(&mut s, Action::Respond(missed(2)), &mut r);
    assert_eq!(s.life(1), 4);
}

#[test]
fn d3_g3_el_gringo_loses_his_own_duel_and_draws_nothing() {
    let other = card(Kind::Beer, 6, Suit::Hearts);
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(0, Character::ElGringo)
        .hand(0, &[duel()])
        .hand(1, &[bang(5), other])
        .in_phase_two();
    act(&mut s, play(duel(), 1), &mut r);
    act(&mut s, Action::Respond(bang(5)), &mut r);
    assert_eq!(s.life(0), 3, "El Gringo Sheriff: 4 - 1");
    assert_eq!(s.hand(0), 0, "no card from the winner");
    assert_eq!(s.hand(1), cards::bit(other));
}

#[test]
fn d3_g4_el_gringo_challenged_and_losing_draws_from_the_challenger() {
    let kept = card(Kind::Beer, 6, Suit::Hearts);
    let mut r = rng();
    let mut s = BangState::builder(4).character(1, Character::ElGringo).hand(0, &[duel(), kept]).in_phase_two();
    act(&mut s, play(duel(), 1), &mut r);
    assert_eq!(s.life(1), 2);
    assert_eq!(s.hand(1), cards::bit(kept), "took X's only card");
    assert_eq!(s.hand(0), 0);
}

#[test]
fn d3_g5_suzy_draws_only_after_her_duel() {
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(0, Character::SuzyLafayette)
        .hand(0, &[duel()])
        .hand(1, &[bang(5)])
        .deck_top(&[bang(6)])
        .in_phase_two();
    act(&mut s, play(duel(), 1), &mut r);
    assert!(matches!(s.top(), Frame::Duel { current: 1, .. }));
    assert_eq!(s.hand(0), 0, "no draw during the Duel");
    act(&mut s, Action::Respond(bang(5)), &mut r);
    assert_eq!(s.life(0), 4, "Suzy (Sheriff, 5) had no BANG!");
    assert_eq!(s.hand(0), cards::bit(bang(6)), "draws once the Duel is over");
}

#[test]
fn d3_g7_outlaw_losing_his_own_duel_gives_no_reward() {
    let mut r = rng();
    let mut s = BangState::builder(5).life(1, 1).hand(1, &[duel()]).hand(3, &[bang(5)]).active(1).in_phase_two();
    act(&mut s, play(duel(), 3), &mut r);
    act(&mut s, Action::Respond(bang(5)), &mut r);
    assert!(!s.is_alive(1));
    assert_eq!(hand_len(&s, 3), 0, "the winner draws no reward");
}

#[test]
fn d3_g8_sheriff_kills_deputy_in_his_duel_and_discards_everything() {
    let barrel = card(Kind::Barrel, Q, Suit::Spades);
    let mut r = rng();
    let mut s =
        BangState::builder(5).life(4, 1).hand(0, &[duel(), bang(5), missed(3)]).in_play(0, &[barrel]).in_phase_two();
    act(&mut s, play(duel(), 4), &mut r);
    assert!(!s.is_alive(4));
    assert_eq!(s.role(4), Role::Deputy);
    assert_eq!(s.hand(0) | s.in_play(0), 0, "penalty");
    assert_eq!(s.top(), Frame::Play);
}

#[test]
fn d3_g9_gatling_or_indians_killing_an_outlaw_rewards_the_card_player() {
    for c in [gatling(), indians()] {
        let mut r = rng();
        let reward = [bang(2), bang(3), bang(4)];
        let mut s = BangState::builder(4).life(1, 1).hand(0, &[c]).deck_top(&reward).in_phase_two();
        act(&mut s, play(c, NONE), &mut r);
        assert!(!s.is_alive(1), "the Outlaw died");
        assert_eq!(s.hand(0), reward.iter().fold(0, |a, &x| a | cards::bit(x)));
    }
}

#[test]
fn d3_g10_sheriff_gatling_killing_a_deputy_costs_the_penalty() {
    let mut r = rng();
    let mut s = BangState::builder(5)
        .life(4, 1)
        .hand(0, &[gatling(), bang(5)])
        .in_play(0, &[card(Kind::Mustang, 8, Suit::Hearts)])
        .in_phase_two();
    act(&mut s, play(gatling(), NONE), &mut r);
    assert!(!s.is_alive(4));
    assert_eq!(s.hand(0) | s.in_play(0), 0);
}

#[test]
fn d3_g11_indians_player_is_not_a_target() {
    let mut r = rng();
    let mut s = BangState::builder(4)
        .hand(0, &[indians(), bang(2)])
        .hand(1, &[bang(3)])
        .hand(2, &[bang(4)])
        .hand(3, &[bang(5)])
        .in_phase_two();
    act(&mut s, play(indians(), NONE), &mut r);
    let mut deciders = Vec::new();
    while s.top() != Frame::Play {
        deciders.push(s.to_move().unwrap());
        let a = legal(&s)[0];
        act(&mut s, a, &mut r);
    }
    assert_eq!(deciders, vec![1, 2, 3], "clockwise from the left, never the player");
    assert_eq!(s.life(0), 5);
    assert!(s.hand(0) & cards::bit(bang(2)) != 0);
}

#[test]
fn d3_g12_any_number_of_gatlings_per_turn() {
    // The deck has one Gatling, so play it, then continue the same turn with it back in hand
    // (as if taken back): nothing counts Gatlings, and an earlier BANG! does not block it.
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[gatling()]).bangs(1).in_phase_two();
    act(&mut s, play(gatling(), NONE), &mut r);
    assert_eq!(s.top(), Frame::Play);
    assert_eq!((s.life(1), s.life(2), s.life(3)), (3, 3, 3));
    let mut again = BangState::builder(4)
        .hand(0, &[gatling()])
        .life(1, 3)
        .life(2, 3)
        .life(3, 3)
        .bangs(s.bangs_played())
        .in_phase_two();
    act(&mut again, play(gatling(), NONE), &mut r);
    assert_eq!((again.life(1), again.life(2), again.life(3)), (2, 2, 2));
}

#[test]
fn d3_g14_general_store_reshuffles_mid_reveal() {
    let store = card(Kind::GeneralStore, 9, Suit::Clubs);
    let top = [bang(2), bang(3)];
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[store]).deck_top(&top).only_deck_top().in_phase_two();
    let pile_before = s.discard_pile().len();
    act(&mut s, play(store, NONE), &mut r);
    assert_eq!(cards::count(s.store()), 4);
    assert!(s.store() & cards::bit(top[0]) != 0 && s.store() & cards::bit(top[1]) != 0);
    assert_eq!(s.discard_pile().len(), 0, "the whole pile was reshuffled");
    // The pile held `pile_before` cards plus the General Store itself; 2 of them were revealed.
    assert_eq!(s.deck().len(), pile_before + 1 - 2);
    assert_eq!(s.top(), Frame::Store { picker: 0, left: 4 });
}

#[test]
fn d3_general_store_picks_clockwise_from_the_player() {
    let store = card(Kind::GeneralStore, Q, Suit::Spades);
    let shown = [bang(2), bang(3), bang(4), bang(5)];
    let mut r = rng();
    let mut s = BangState::builder(4).hand(2, &[store]).deck_top(&shown).active(2).in_phase_two();
    act(&mut s, play(store, NONE), &mut r);
    let mut pickers = Vec::new();
    while let Frame::Store { picker, .. } = s.top() {
        pickers.push(picker);
        let a = legal(&s)[0];
        act(&mut s, a, &mut r);
    }
    assert_eq!(pickers, vec![2, 3, 0], "the last card goes to seat 1 automatically");
    assert_eq!(s.hand(1), cards::bit(shown[3]));
    assert_eq!(s.hand(2), cards::bit(shown[0]));
}
