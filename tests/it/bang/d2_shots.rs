//! Spec §D.2: BANG!, Missed!, Barrel, range and distance. One test per scenario row.

use meeple::game::{GameRng, rng_from_seed};
use meeple::games::bang::builder::{act, bang, card, legal, missed, play};
use meeple::games::bang::cards::{self, A, J, K, Kind, NONE, Q, Suit};
use meeple::games::bang::characters::Character;
use meeple::games::bang::{Action, BangState, FROM_HAND, Frame};

fn rng() -> GameRng {
    rng_from_seed(11)
}

fn barrel() -> u8 {
    card(Kind::Barrel, Q, Suit::Spades)
}

const HEART: (Kind, u8, Suit) = (Kind::Beer, 6, Suit::Hearts);
const CLUB: (Kind, u8, Suit) = (Kind::Bang, 2, Suit::Clubs);
const CLUB2: (Kind, u8, Suit) = (Kind::Bang, 3, Suit::Clubs);

fn c((k, r, s): (Kind, u8, Suit)) -> u8 {
    card(k, r, s)
}

fn pick(card: u8, target: u8, pick: u8) -> Action {
    Action::Play { card, target, pick }
}

#[test]
fn d2_b1_barrel_against_slab_draws_once() {
    for (flip, missed_needed_after) in [(c(HEART), 1), (c(CLUB), 2)] {
        let mut r = rng();
        let mut s = BangState::builder(4)
            .character(0, Character::SlabTheKiller)
            .hand(0, &[bang(5)])
            .in_play(1, &[barrel()])
            .hand(1, &[missed(2), missed(3)])
            .deck_top(&[flip])
            .in_phase_two();
        act(&mut s, play(bang(5), 1), &mut r);
        assert!(matches!(s.top(), Frame::Shot { needed: 2, .. }));
        act(&mut s, Action::DrawBarrel, &mut r);
        assert!(!legal(&s).contains(&Action::DrawBarrel), "one draw! per Barrel");
        assert!(matches!(s.top(), Frame::Shot { needed, .. } if needed == missed_needed_after));
        act(&mut s, Action::Respond(missed(2)), &mut r);
        if missed_needed_after == 2 {
            act(&mut s, Action::Respond(missed(3)), &mut r);
        }
        assert_eq!(s.top(), Frame::Play);
        assert_eq!(s.life(1), 4, "cancelled");
    }
}

#[test]
fn d2_b2_slab_gatling_needs_one_missed() {
    let gatling = card(Kind::Gatling, 10, Suit::Hearts);
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(0, Character::SlabTheKiller)
        .hand(0, &[gatling])
        .hand(1, &[missed(2)])
        .in_play(2, &[barrel()])
        .deck_top(&[c(HEART)])
        .in_phase_two();
    act(&mut s, play(gatling, NONE), &mut r);
    assert!(matches!(s.top(), Frame::Shot { target: 1, needed: 1, .. }));
    act(&mut s, Action::Respond(missed(2)), &mut r);
    assert!(matches!(s.top(), Frame::Shot { target: 2, needed: 1, .. }));
    act(&mut s, Action::DrawBarrel, &mut r);
    assert_eq!(s.life(1), 4);
    assert_eq!(s.life(2), 4, "a Barrel Heart is enough");
    assert_eq!(s.life(3), 3, "no response: hit");
}

#[test]
fn d2_b3_jourdonnais_draws_against_gatling() {
    let gatling = card(Kind::Gatling, 10, Suit::Hearts);
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(1, Character::Jourdonnais)
        .hand(0, &[gatling])
        .deck_top(&[c(HEART)])
        .in_phase_two();
    act(&mut s, play(gatling, NONE), &mut r);
    assert_eq!(legal(&s), vec![Action::DrawJourdonnais, Action::Pass]);
    act(&mut s, Action::DrawJourdonnais, &mut r);
    assert_eq!(s.life(1), 4, "missed on a Heart");
}

#[test]
fn d2_b4_jourdonnais_with_barrel_draws_twice_then_missed() {
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(1, Character::Jourdonnais)
        .in_play(1, &[barrel()])
        .hand(1, &[missed(2)])
        .hand(0, &[bang(5)])
        .deck_top(&[c(CLUB), c(CLUB2)])
        .in_phase_two();
    act(&mut s, play(bang(5), 1), &mut r);
    let l = legal(&s);
    assert!(l.contains(&Action::DrawBarrel) && l.contains(&Action::DrawJourdonnais));
    act(&mut s, Action::DrawJourdonnais, &mut r);
    act(&mut s, Action::DrawBarrel, &mut r);
    assert_eq!(legal(&s), vec![Action::Respond(missed(2)), Action::Pass]);
    act(&mut s, Action::Respond(missed(2)), &mut r);
    assert_eq!(s.life(1), 4);
    assert_eq!(s.top(), Frame::Play);
}

#[test]
fn d2_b5_jourdonnais_with_barrel_against_slab_two_hearts_cancel() {
    let base = |top: &[u8]| {
        BangState::builder(4)
            .character(0, Character::SlabTheKiller)
            .character(1, Character::Jourdonnais)
            .in_play(1, &[barrel()])
            .hand(1, &[missed(2)])
            .hand(0, &[bang(5)])
            .deck_top(top)
            .in_phase_two()
    };
    let hearts = [c(HEART), card(Kind::Beer, 7, Suit::Hearts)];
    let mut r = rng();
    let mut s = base(&hearts);
    act(&mut s, play(bang(5), 1), &mut r);
    act(&mut s, Action::DrawJourdonnais, &mut r);
    act(&mut s, Action::DrawBarrel, &mut r);
    assert_eq!(s.top(), Frame::Play, "two Hearts cancel Slab's BANG!");
    assert_eq!(s.life(1), 4);
    // One Heart and one Missed!.
    let mut s = base(&[hearts[0], c(CLUB)]);
    act(&mut s, play(bang(5), 1), &mut r);
    act(&mut s, Action::DrawJourdonnais, &mut r);
    act(&mut s, Action::DrawBarrel, &mut r);
    assert!(matches!(s.top(), Frame::Shot { needed: 1, .. }));
    act(&mut s, Action::Respond(missed(2)), &mut r);
    assert_eq!(s.top(), Frame::Play);
    assert_eq!(s.life(1), 4);
}

#[test]
fn d2_b6_failed_barrel_still_allows_missed() {
    let mut r = rng();
    let mut s = BangState::builder(4)
        .in_play(1, &[barrel()])
        .hand(1, &[missed(2)])
        .hand(0, &[bang(5)])
        .deck_top(&[c(CLUB)])
        .in_phase_two();
    act(&mut s, play(bang(5), 1), &mut r);
    act(&mut s, Action::DrawBarrel, &mut r);
    assert_eq!(legal(&s), vec![Action::Respond(missed(2)), Action::Pass]);
    act(&mut s, Action::Respond(missed(2)), &mut r);
    assert_eq!(s.life(1), 4);
}

#[test]
fn d2_b7_barrel_and_missed_useless_against_indians_and_duel() {
    for k in [Kind::Indians, Kind::Duel] {
        let c = cards::iter(cards::kind_set(k)).next().unwrap();
        let mut r = rng();
        let mut s = BangState::builder(4)
            .in_play(1, &[barrel()])
            .hand(1, &[missed(2)])
            .hand(0, &[c])
            .deck_top(&[card(Kind::Beer, 6, Suit::Hearts)])
            .in_phase_two();
        let target = if k == Kind::Duel { 1 } else { NONE };
        act(&mut s, play(c, target), &mut r);
        // Seat 1 had no usable response: it lost a life without being asked.
        assert_eq!(s.life(1), 3, "{k:?}");
        assert!(s.hand(1) & cards::bit(missed(2)) != 0);
    }
}

#[test]
fn d2_b8_panic_ignores_weapons() {
    let panic = card(Kind::Panic, J, Suit::Hearts);
    let schofield = card(Kind::Schofield, J, Suit::Clubs);
    let s = BangState::builder(7).in_play(0, &[schofield]).hand(0, &[panic]).hand(3, &[bang(5)]).in_phase_two();
    assert!(!legal(&s).contains(&pick(panic, 3, FROM_HAND)));
}

#[test]
fn d2_b9_scope_brings_two_seats_to_panic_range() {
    let panic = card(Kind::Panic, J, Suit::Hearts);
    let scope = card(Kind::Scope, A, Suit::Spades);
    let s = BangState::builder(7).in_play(0, &[scope]).hand(0, &[panic]).hand(2, &[bang(5)]).in_phase_two();
    assert_eq!(s.distance(0, 2), 1);
    assert!(legal(&s).contains(&pick(panic, 2, FROM_HAND)));
}

#[test]
fn d2_b10_mustang_neighbour_out_of_panic_and_colt_range() {
    let panic = card(Kind::Panic, J, Suit::Hearts);
    let mustang = card(Kind::Mustang, 8, Suit::Hearts);
    let s = BangState::builder(7).hand(0, &[panic, bang(5)]).in_play(1, &[mustang]).hand(1, &[bang(6)]).in_phase_two();
    assert_eq!(s.distance(0, 1), 2);
    let l = legal(&s);
    assert!(!l.contains(&pick(panic, 1, FROM_HAND)));
    assert!(!l.contains(&pick(panic, 1, mustang)));
    assert!(!l.contains(&play(bang(5), 1)));
    assert!(l.contains(&play(bang(5), 6)), "the other neighbour is in range");
}

#[test]
fn d2_b12_rose_doolan_with_scope_reaches_three_seats() {
    let panic = card(Kind::Panic, J, Suit::Hearts);
    let scope = card(Kind::Scope, A, Suit::Spades);
    let s = BangState::builder(7)
        .character(0, Character::RoseDoolan)
        .in_play(0, &[scope])
        .hand(0, &[panic, bang(5)])
        .hand(3, &[bang(6)])
        .in_phase_two();
    assert_eq!(s.distance(0, 3), 1);
    let l = legal(&s);
    assert!(l.contains(&play(bang(5), 3)), "Colt .45 reaches");
    assert!(l.contains(&pick(panic, 3, FROM_HAND)));
}

#[test]
fn d2_b13_dead_players_do_not_count_for_distance() {
    let s = BangState::builder(5).dead(1).hand(0, &[bang(5)]).in_phase_two();
    assert_eq!(s.base_distance(0, 2), 1);
    assert!(legal(&s).contains(&play(bang(5), 2)));
}

#[test]
fn d2_b14_gatling_does_not_use_the_bang_and_vice_versa() {
    let gatling = card(Kind::Gatling, 10, Suit::Hearts);
    // A BANG! already played: Gatling legal, a second BANG! not.
    let s = BangState::builder(4).hand(0, &[gatling, bang(5)]).bangs(1).in_phase_two();
    let l = legal(&s);
    assert!(l.contains(&play(gatling, NONE)));
    assert!(!l.iter().any(|a| matches!(a, Action::Play { card, .. } if *card == bang(5))));
    // Gatling first: the BANG! is still available.
    let mut r = rng();
    let mut s = BangState::builder(4).hand(0, &[gatling, bang(5)]).in_phase_two();
    act(&mut s, play(gatling, NONE), &mut r);
    assert_eq!(s.top(), Frame::Play);
    assert!(legal(&s).contains(&play(bang(5), 1)));
}

#[test]
fn d2_b15_duel_discards_do_not_count_as_played_bangs() {
    let duel = card(Kind::Duel, Q, Suit::Diamonds);
    let mine = [bang(2), bang(3), bang(4)];
    let theirs = [bang(5), bang(6)];
    let mut r = rng();
    let mut s = BangState::builder(4)
        .character(0, Character::BlackJack)
        .hand(0, &[duel, mine[0], mine[1], mine[2]])
        .hand(1, &theirs)
        .in_phase_two();
    act(&mut s, play(duel, 1), &mut r);
    act(&mut s, Action::Respond(theirs[0]), &mut r);
    act(&mut s, Action::Respond(mine[0]), &mut r);
    act(&mut s, Action::Respond(theirs[1]), &mut r);
    act(&mut s, Action::Respond(mine[1]), &mut r);
    assert_eq!(s.life(1), 3, "seat 1 ran out of BANG!s");
    assert_eq!(s.bangs_played(), 0);
    assert!(legal(&s).contains(&play(mine[2], 1)));
}

#[test]
fn d2_b16_calamity_missed_as_bang_is_her_one_bang() {
    let m = missed(2);
    let volcanic = card(Kind::Volcanic, 10, Suit::Spades);
    let mut r = rng();
    let mut s = BangState::builder(4).character(0, Character::CalamityJanet).hand(0, &[m, bang(5)]).in_phase_two();
    act(&mut s, play(m, 1), &mut r);
    assert_eq!(s.bangs_played(), 1);
    assert!(!legal(&s).contains(&play(bang(5), 1)));
    let mut s = BangState::builder(4)
        .character(0, Character::CalamityJanet)
        .hand(0, &[m, bang(5)])
        .in_play(0, &[volcanic])
        .in_phase_two();
    act(&mut s, play(m, 1), &mut r);
    assert!(legal(&s).contains(&play(bang(5), 1)), "with a Volcanic");
}

#[test]
fn d2_b18_willy_the_kid_with_winchester_fires_at_will() {
    let winchester = card(Kind::Winchester, 8, Suit::Spades);
    let mut r = rng();
    let mut s = BangState::builder(7)
        .character(0, Character::WillyTheKid)
        .in_play(0, &[winchester])
        .hand(0, &[bang(2), bang(3), bang(4)])
        .in_phase_two();
    act(&mut s, play(bang(2), 3), &mut r);
    act(&mut s, play(bang(3), 4), &mut r);
    let l = legal(&s);
    for t in 1..7 {
        assert!(l.contains(&play(bang(4), t)), "target {t}");
    }
    assert_eq!((s.life(3), s.life(4)), (3, 3), "both shots landed");
}

#[test]
fn d2_b20_one_card_of_each_name_in_play() {
    let barrel2 = card(Kind::Barrel, K, Suit::Spades);
    let jail2 = card(Kind::Jail, 4, Suit::Hearts);
    let jail = card(Kind::Jail, J, Suit::Spades);
    let (sch1, sch2) = (card(Kind::Schofield, J, Suit::Clubs), card(Kind::Schofield, Q, Suit::Clubs));
    let remington = card(Kind::Remington, K, Suit::Clubs);
    let mut r = rng();
    let mut s = BangState::builder(4)
        .in_play(0, &[barrel(), sch1])
        .in_play(1, &[jail])
        .hand(0, &[barrel2, jail2, sch2, remington])
        .in_phase_two();
    let l = legal(&s);
    assert!(!l.contains(&play(barrel2, NONE)));
    assert!(!l.contains(&play(jail2, 1)), "already jailed");
    assert!(l.contains(&play(jail2, 2)));
    assert!(!l.contains(&play(sch2, NONE)), "same weapon name");
    act(&mut s, play(remington, NONE), &mut r);
    assert_eq!(s.in_play(0), cards::bit(barrel()) | cards::bit(remington));
    assert_eq!(s.discard_pile().last(), Some(&sch1), "the old weapon is discarded");
    assert_eq!(s.range(0), 3);
}

/// `reach` (the target masks used for legal actions, from table lookups) must agree with the
/// rule-by-rule `distance` and `range` (C4.2, C4.3) for every living pair of seats, whatever is
/// in play.
#[test]
fn c4_reach_masks_agree_with_distance_and_range() {
    use meeple::game::Game;
    use rand::RngExt;
    let mut rng = rng_from_seed(404);
    let (mut checked, mut legal_buf) = (0, Vec::new());
    for players in 4..=7 {
        for _ in 0..40 {
            let mut s = BangState::new(&Default::default(), players, &mut rng);
            while s.to_move().is_some() {
                for a in (0..players as u8).filter(|&a| s.is_alive(a)) {
                    let (mut in_range, mut in_reach) = (0u8, 0u8);
                    for b in (0..players as u8).filter(|&b| b != a && s.is_alive(b)) {
                        in_range |= u8::from(s.distance(a, b) <= s.range(a)) << b;
                        in_reach |= u8::from(s.distance(a, b) <= 1) << b;
                    }
                    assert_eq!(s.reach(a), (in_range, in_reach), "seat {a} in\n{s}");
                    checked += 1;
                }
                s.legal_actions(&mut legal_buf);
                let action = legal_buf[rng.random_range(0..legal_buf.len())];
                s.apply(action, &mut rng);
            }
        }
    }
    assert!(checked > 100_000, "only {checked} seats checked");
}
