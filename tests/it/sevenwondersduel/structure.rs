//! Spec "Card structures" and R2, R3: the slot tables, the deal, accessibility and flips; W2, W3,
//! W4 and the determinization sizes W22.

use meeple::game::{Game, rng_from_seed};
use meeple::games::mechanics::cardset::iter;
use meeple::games::sevenwondersduel::data::{AGE_DECK, GUILDS};
use meeple::games::sevenwondersduel::structure::{ALL_SLOTS, LAYOUTS, accessible};
use meeple::games::sevenwondersduel::{Action, SwdState};

fn bits(slots: &[u32]) -> u32 {
    slots.iter().fold(0, |a, s| a | 1 << s)
}

/// The card of accessible slot `s`, discarded by the seat to move.
fn discard_slot(s: &mut SwdState, slot: usize, seed: u64) {
    let card = s.slot_card(slot).unwrap_or_else(|| panic!("slot {slot} is not face up"));
    s.apply(Action::Discard(card), &mut rng_from_seed(seed));
}

#[test]
fn r2_each_age_is_dealt_with_three_cards_set_aside_and_guild_backs_in_age_three() {
    for seed in 0..50 {
        let mut rng = rng_from_seed(seed);
        for age in 1..=3u8 {
            let s = SwdState::test_position(age).with_deal(&mut rng);
            let (present, up) = s.slots();
            assert_eq!((present, up), (ALL_SLOTS, LAYOUTS[age as usize - 1].face_up));
            let shown: u128 = (0..20).filter_map(|i| s.slot_card(i)).fold(0, |a, k| a | 1 << k);
            assert_eq!(shown.count_ones(), 12);
            if age < 3 {
                assert_eq!(shown & !AGE_DECK[age as usize], 0, "only age {age} cards");
                assert_eq!(s.unseen(), AGE_DECK[age as usize] & !shown);
                assert_eq!(s.unseen().count_ones(), 8 + 3);
            } else {
                assert_eq!(s.guild_slots().count_ones(), 3);
                let guild_shown = (0..20).filter(|&i| s.guild_slots() & 1 << i != 0 && up & 1 << i != 0).count() as u32;
                assert_eq!((shown & GUILDS).count_ones(), guild_shown, "face-up guilds sit in guild slots");
                for i in 0..20 {
                    if let Some(k) = s.slot_card(i) {
                        assert_eq!(GUILDS & 1 << k != 0, s.guild_slots() & 1 << i != 0);
                    }
                }
                assert_eq!((s.unseen() & GUILDS).count_ones(), 7 - guild_shown);
                assert_eq!((s.unseen() & !GUILDS).count_ones(), 20 - (12 - guild_shown));
            }
        }
    }
}

#[test]
fn w2_accessible_at_the_deal() {
    assert_eq!(accessible(1, ALL_SLOTS), bits(&[14, 15, 16, 17, 18, 19]));
    assert_eq!(accessible(2, ALL_SLOTS), bits(&[18, 19]));
    assert_eq!(accessible(3, ALL_SLOTS), bits(&[18, 19]));
}

/// R3 for every set of present slots of every age: the accessible slots are exactly the present
/// ones that no present slot covers (the table look-up of `accessible` against the definition).
#[test]
fn r3_accessible_is_present_and_uncovered_for_every_slot_set() {
    for (age, layout) in (1..=3).zip(&LAYOUTS) {
        for present in 0..=ALL_SLOTS {
            let expected = (0..20).filter(|&s| present & 1 << s != 0 && layout.covered_by[s] & present == 0);
            let expected = expected.fold(0u32, |a, s| a | 1 << s);
            assert_eq!(accessible(age, present), expected, "age {age}, present {present:#x}");
        }
    }
}

#[test]
fn r3_and_w3_age_one_uncovering_turns_cards_face_up_at_once() {
    let mut s = SwdState::test_position(1).with_deal(&mut rng_from_seed(3));
    discard_slot(&mut s, 15, 1);
    assert_eq!(s.accessible_slots(), bits(&[14, 16, 17, 18, 19]));
    let (_, up) = s.slots();
    assert_eq!(up & bits(&[9, 10]), 0, "9 still under 14, 10 under 16: nothing flipped");
    discard_slot(&mut s, 14, 2);
    assert!(s.accessible_slots() & 1 << 9 != 0 && s.slot_card(9).is_some(), "9 accessible and face up");
    discard_slot(&mut s, 16, 3);
    assert!(s.slot_card(10).is_some(), "10 turned face up");
    assert_eq!(s.accessible_slots(), bits(&[9, 10, 17, 18, 19]));
    // Accessible cards are always face up.
    let (present, up) = s.slots();
    assert_eq!(s.accessible_slots() & !up, 0);
    assert_eq!(up & !present, 0);
}

#[test]
fn w4_age_three_waist() {
    let mut s = SwdState::test_position(3).with_deal(&mut rng_from_seed(4));
    let order = [18, 15, 11, 19, 16, 12, 9];
    let expect_flips: [&[u32]; 7] = [&[15], &[], &[], &[16, 17], &[], &[9], &[]];
    for (i, (&slot, flips)) in order.iter().zip(expect_flips).enumerate() {
        let (_, before) = s.slots();
        discard_slot(&mut s, slot, i as u64);
        let (_, after) = s.slots();
        assert_eq!(after & !before, bits(flips), "flips after taking slot {slot}");
        if i == 2 {
            assert_eq!(s.accessible_slots(), bits(&[19]), "after 18, 15, 11 only 19");
        }
    }
    assert_eq!(s.accessible_slots() & bits(&[5, 6]), bits(&[5, 6]));
    // Slot 5 needs these 7 cards gone: over every removable set (closed under covering) of fewer
    // than 7 slots, slot 5 is never accessible.
    let covered_by = LAYOUTS[2].covered_by;
    for gone in 0u32..(1 << 20) {
        if gone.count_ones() >= 7 || gone & 1 << 5 != 0 {
            continue;
        }
        let closed = iter(gone).all(|g| covered_by[g as usize] & !gone == 0);
        if closed {
            assert_eq!(accessible(3, ALL_SLOTS & !gone) & 1 << 5, 0, "slot 5 with {gone:020b} gone");
        }
    }
}

/// Discards every card of the current age (the RNG decides the reveals); returns the cards seen.
fn take_whole_age(mut s: SwdState, seed: u64) -> u128 {
    let mut rng = rng_from_seed(seed);
    let age = s.age();
    let mut seen = 0u128;
    while s.age() == age && s.to_move().is_some() {
        seen |= (0..20).filter_map(|i| s.slot_card(i)).fold(0, |a, k| a | 1 << k);
        let slot = s.accessible_slots().trailing_zeros() as usize;
        let card = s.slot_card(slot).unwrap();
        s.apply(Action::Discard(card), &mut rng);
    }
    seen
}

#[test]
fn w22_determinization_sizes() {
    // (a) Age II just dealt: 12 visible cards, U = 11 unseen for 8 face-down slots and 3 set aside.
    let s = SwdState::test_position(2).with_deal(&mut rng_from_seed(9));
    let visible: u128 = (0..20).filter_map(|i| s.slot_card(i)).fold(0, |a, k| a | 1 << k);
    assert_eq!((visible.count_ones(), s.unseen().count_ones()), (12, 11));
    let mut d = s;
    d.determinize(0, &mut rng_from_seed(1));
    assert_eq!(d, s, "no hidden value to resample: the visible cards stay in their slots");
    // Each card of U reaches the structure with frequency 8/11 (lazy reveals).
    let u = s.unseen();
    let trials = 3000;
    let mut hits = [0u32; 128];
    for seed in 0..trials {
        let seen = take_whole_age(s, seed);
        for k in iter(u & seen) {
            hits[k as usize] += 1;
        }
    }
    for k in iter(u) {
        let f = f64::from(hits[k as usize]) / trials as f64;
        assert!((f - 8.0 / 11.0).abs() < 0.04, "card {k}: frequency {f}");
    }
    // (b) Age III: guild-back slots only ever show guilds, and with two face-down guild slots
    // each unseen guild is revealed with frequency 2/6.
    let (mut revealed, mut candidates, mut deals) = (0u32, 0u32, 0);
    for seed in 0..4000 {
        let s = SwdState::test_position(3).with_deal(&mut rng_from_seed(seed));
        let (_, up) = s.slots();
        if (s.guild_slots() & !up).count_ones() != 2 {
            continue;
        }
        deals += 1;
        let unseen_guilds = s.unseen() & GUILDS;
        assert_eq!(unseen_guilds.count_ones(), 6);
        let seen = take_whole_age(s, seed + 1);
        revealed += (seen & unseen_guilds).count_ones();
        candidates += 6;
    }
    assert!(deals > 300);
    let f = f64::from(revealed) / f64::from(candidates);
    assert!((f - 1.0 / 3.0).abs() < 0.02, "guild frequency {f}");
}
