//! One test per rule R1–R33 of the spec, each asserting exact values on a small position (the
//! worked checks in `worked.rs` cover the same rules at more length).

use super::*;
use meeple::games::lewisclark::{Gains, Phase};

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
}

fn has(s: &LewisClark, name: &str) -> bool {
    opts(s).iter().any(|a| a == name)
}

#[test]
fn r1_rounds_and_turn_order() {
    let mut s = setup(2);
    go(&mut s, &["Send(hunt,1)", "EndTurn"]);
    assert_eq!((s.current, s.round, s.turn), (1, 1, 2));
    go(&mut s, &["Send(craft,1)", "EndTurn"]);
    assert_eq!((s.current, s.round, s.turn), (0, 2, 3));
}

#[test]
fn r2_one_action_recruit_and_camp_in_any_order() {
    let mut s = setup(2);
    go(&mut s, &["Camp"]);
    assert!(has(&s, "Play(s0_captain)") && !has(&s, "EndTurn") && !has(&s, "Camp"));
    go(&mut s, &["Send(hunt,1)"]);
    // Hunting gave F2: slots 1 and 2 are affordable.
    assert_eq!(opts(&s), names(&["Recruit(1)", "Recruit(2)", "EndTurn"]));
}

#[test]
fn r3_no_action_after_camping_ends_the_turn() {
    let mut s = setup(2);
    hand(&mut s, 0, &[]);
    s.seats[0].indians = 0;
    res(&mut s, 0, "");
    s.camped = true;
    settle(&mut s);
    // EndTurn was the only option (no action, no fur to recruit): applied automatically.
    assert_eq!((s.current, s.turn), (1, 2));
}

#[test]
fn r4_single_options_are_applied_automatically() {
    let mut s = setup(2);
    res(&mut s, 0, "Fd1");
    go(&mut s, &["Play(s0_captain)", "NoSupport"]);
    // Indians(1) and Choose(1) were the only options.
    assert_eq!((s.seats[0].scout, s.phase), (2, Phase::Turn));
    assert!(s.acted);
}

#[test]
fn r5_powering_a_card() {
    let mut s = setup(2);
    res(&mut s, 0, "Fd2");
    go(&mut s, &["Play(s0_captain)", "Support(s0_hunter)", "Indians(1)"]);
    assert_eq!(s.seats[0].scout, 4);
    assert_eq!(s.seats[0].supports, 1 << st(0, "hunter"));
    assert_eq!(s.seats[0].active, 1 << st(0, "captain"));
    assert_eq!((s.seats[0].on_cards, s.seats[0].indians), (1, 0));
    let mut s = setup(2);
    add_hand(&mut s, 0, &[e(40)]);
    res(&mut s, 0, "Fd3");
    go(&mut s, &["Play(s0_captain)", "Support(e40)"]);
    // A strength-3 support takes no Indian: Indians(0) was automatic.
    assert_eq!((s.seats[0].scout, s.seats[0].indians), (6, 1));
}

#[test]
fn r6_repetitions_and_an_impossible_repetition_ends_the_action() {
    let mut s = setup(2);
    res(&mut s, 0, "Fd1");
    go(&mut s, &["Play(s0_captain)", "Support(s0_interpreter)", "Indians(0)"]);
    assert_eq!((s.seats[0].scout, s.acted), (2, true));
}

#[test]
fn r7_an_action_cannot_spend_what_it_produced() {
    let mut s = setup(2);
    res(&mut s, 0, "C1");
    s.seats[0].indians = 0;
    add_hand(&mut s, 0, &[e(40), e(47)]);
    go(&mut s, &["Play(e40)", "Support(e47)"]);
    assert_eq!(held(&s, 0), "C2");
}

#[test]
fn r8_legality_by_completion() {
    let mut s = setup(2);
    res(&mut s, 0, "E1 F2 C1 H1");
    add_hand(&mut s, 0, &[e(28)]);
    go(&mut s, &["Play(e28)", "Support(s0_hunter)", "Indians(0)"]);
    assert_eq!(opts(&s), names(&["Pay(E)", "Pay(F)"]));
}

#[test]
fn r9_payments_in_canonical_order() {
    let mut s = setup(2);
    res(&mut s, 0, "E2 F2");
    s.seats[0].indians = 0;
    add_hand(&mut s, 0, &[e(46)]);
    go(&mut s, &["Play(e46)", "Support(s0_hunter)"]);
    assert_eq!(opts(&s), names(&["Pay(E)", "Pay(F)"]));
    let mut a = s.clone();
    go(&mut a, &["Pay(F)"]);
    // Non-decreasing: only F may follow F, so the second unit was paid automatically.
    assert_eq!(held(&a, 0), "E2");
    go(&mut s, &["Pay(E)"]);
    assert_eq!(opts(&s), names(&["Pay(E)", "Pay(F)"]));
}

#[test]
fn r10_gains_beyond_capacity_under_forced_are_lost() {
    let mut s = setup_with(2, Config { gains: Gains::Forced, ..Config::default() });
    res(&mut s, 0, "E4 F4 Fd2");
    go(&mut s, &["Send(hunt,1)"]);
    // 1 Fd fits (11), then 1 F is lost.
    assert_eq!(held(&s, 0), "E4 F4 Fd3");
    let mut s = setup(2);
    res(&mut s, 0, "E4 F4 Fd2");
    go(&mut s, &["Send(hunt,1)"]);
    assert_eq!(opts(&s), names(&["Return(E)", "Return(F)", "Return(Fd)"]));
    go(&mut s, &["Return(Fd)"]);
    assert_eq!(held(&s, 0), "E4 F5 Fd2");
}

#[test]
fn r11_collect_any_amount_up_to_the_badges() {
    let mut s = setup(2);
    go(&mut s, &["Play(s0_trapper)", "NoSupport"]);
    assert_eq!(opts(&s), names(&["Amount(0)", "Amount(1)"]));
    let mut f = setup_with(2, Config { gains: Gains::Forced, ..Config::default() });
    go(&mut f, &["Play(s0_trapper)", "NoSupport"]);
    assert_eq!(held(&f, 0), "E1 F2 Fd1");
}

#[test]
fn r12_badges_count_you_and_your_neighbours() {
    let mut s = setup(5);
    area(&mut s, 4, st(4, "lumberjack"), st(4, "interpreter"), 0);
    area(&mut s, 1, e(1), NONE, 0);
    area(&mut s, 2, e(2), NONE, 0);
    area(&mut s, 0, e(8), st(0, "trapper"), 0);
    // Seat 0: e08 (W) + seat 4: lumberjack, interpreter (W, W) + seat 1: e01 (W); seat 2 is not a
    // neighbour.
    assert_eq!(s.badges(0, data::W), 4);
    assert_eq!(s.badges(0, data::F), 1);
}

#[test]
fn r13_moves_follow_terrain_and_go_on_beyond_the_fort() {
    let mut s = setup(2);
    res(&mut s, 0, "Fd1");
    scouts(&mut s, &[38, -5]);
    go(&mut s, &["Play(s0_captain)", "NoSupport"]);
    assert_eq!(s.seats[0].scout, 40);
    let mut s = setup(2);
    res(&mut s, 0, "Fd1");
    scouts(&mut s, &[18, -5]);
    assert!(!has(&s, "Play(s0_captain)"), "19 is mountain: the river move is impossible");
}

#[test]
fn r14_jarrot_adds_to_the_first_river_move_only() {
    let mut s = setup(2);
    res(&mut s, 0, "Fd2");
    area(&mut s, 0, e(36), st(0, "hunter"), 0);
    go(&mut s, &["Play(s0_captain)", "Support(s0_interpreter)", "Indians(0)"]);
    assert_eq!(s.seats[0].scout, 6);
}

#[test]
fn r15_the_forward_bump_only_after_a_move() {
    let mut s = setup(2);
    go(&mut s, &["Play(s0_lumberjack)", "NoSupport", "Amount(1)"]);
    assert_eq!((s.seats[0].scout, s.seats[1].scout), (0, 0));
    let mut s = setup(2);
    res(&mut s, 0, "Fd1");
    scouts(&mut s, &[0, 2]);
    go(&mut s, &["Play(s0_captain)", "NoSupport"]);
    assert_eq!(s.seats[0].scout, 3);
    assert_eq!(s.seats[0].spaces_moved, 3);
}

#[test]
fn r16_which_cards_can_be_played() {
    let mut s = setup(2);
    res(&mut s, 0, "");
    add_hand(&mut s, 0, &[e(16)]);
    assert!(has(&s, "Play(e16)"), "a passive card needs only a valid strength");
    assert!(!has(&s, "Play(s0_captain)"), "nothing to pay with");
    go(&mut s, &["Play(e16)"]);
    assert!(has(&s, "NoSupport") && has(&s, "Support(s0_captain)"));
}

#[test]
fn r17_send_legality() {
    let mut s = setup(2);
    res(&mut s, 0, "W4");
    s.seats[0].indians = 3;
    s.village[0] = 1;
    let sends: Vec<String> = opts(&s).into_iter().filter(|a| a.starts_with("Send")).collect();
    assert_eq!(
        sends,
        names(&[
            "Send(craft,1)",
            "Send(gift,1)",
            "Send(farewell,1)",
            "Send(upgrade,1)",
            "Send(canoe,1)",
            "Send(canoe,2)"
        ])
    );
    go(&mut s, &["Send(canoe,2)"]);
    assert_eq!(held(&s, 0), "C2");
    assert_eq!((s.seats[0].indians, s.village[6]), (1, 2));
}

#[test]
fn r18_indians_stay_on_locations() {
    let mut s = setup(2);
    go(&mut s, &["Send(hunt,1)", "EndTurn"]);
    assert_eq!(s.village[0], 1);
    assert!(!has(&s, "Send(hunt,1)"), "hunting is full");
}

#[test]
fn r19_location_effects_by_card() {
    let mut s = setup(2);
    add_hand(&mut s, 0, &[e(53)]);
    res(&mut s, 0, "");
    go(&mut s, &["Play(e53)", "Support(s0_hunter)", "Indians(0)", "Location(hunt)"]);
    assert_eq!(held(&s, 0), "F1 Fd1");
    assert_eq!(s.village, [0; 8], "no Indian placed");
}

#[test]
fn r20_farewell_refreshes_the_journal() {
    let mut s = setup(2);
    go(&mut s, &["Send(farewell,1)", "Done"]);
    assert_eq!(s.seats[0].hand.count_ones(), 6);
    assert_eq!(s.discard.count_ones(), 5);
    assert_eq!(s.journal_len(), 5);
    assert!(s.journal.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn r21_an_indian_tile_brings_an_indian() {
    let mut s = setup(2);
    res(&mut s, 0, "W3");
    go(&mut s, &["Send(upgrade,1)", "Choose(3)"]);
    assert_eq!(s.seats[0].tiles, [0, 0, 1, 0]);
    assert_eq!((s.seats[0].indians, s.indian_supply, s.tile_supply), (1, 5, [6, 5]));
}

#[test]
fn r22_shamanism_copies_with_the_copiers_counts() {
    let mut s = setup(3);
    area(&mut s, 1, st(1, "trapper"), NONE, 0);
    area(&mut s, 0, e(19), st(0, "captain"), 0);
    res(&mut s, 0, "Fd1");
    go(&mut s, &["Send(shaman,1)"]);
    assert_eq!(opts(&s), names(&["Target(s1_trapper)", "Target(e19)"]));
    go(&mut s, &["Target(s1_trapper)"]);
    // 1 Fd paid; badges(F) from seat 0: e19, captain (its support), trapper (neighbour).
    assert_eq!(opts(&s), names(&["Amount(0)", "Amount(1)", "Amount(2)", "Amount(3)"]));
    go(&mut s, &["Amount(3)"]);
    assert_eq!(held(&s, 0), "F3");
    assert_eq!(s.seats[1].active, 1 << st(1, "trapper"));
}

#[test]
fn r23_the_interpreter_without_newcomers() {
    let mut s = setup(2);
    s.indian_supply = 0;
    s.seats[0].indians = 0;
    s.village[6] = 2;
    go(&mut s, &["Play(s0_interpreter)", "Support(s0_hunter)", "TakeIndians(1)"]);
    assert_eq!((s.powwow, s.seats[0].indians, s.indian_supply), (2, 1, 0));
    assert_eq!(s.discard, 1 << 2, "slot 1 (e03) discarded");
}

#[test]
fn r24_sacagawea_uses_any_location() {
    let mut s = setup(2);
    add_hand(&mut s, 0, &[e(53)]);
    res(&mut s, 0, "W2");
    s.village[6] = 0;
    s.village[0] = 1;
    go(&mut s, &["Play(e53)", "Support(s0_hunter)", "Indians(0)"]);
    assert_eq!(
        opts(&s),
        names(&["Location(hunt)", "Location(craft)", "Location(gift)", "Location(farewell)", "Location(canoe)"])
    );
    go(&mut s, &["Location(canoe)"]);
    assert_eq!(held(&s, 0), "C1");
}

#[test]
fn r25_tiles_add_capacity() {
    let mut s = setup(2);
    assert_eq!(s.seats[0].capacity(), 11);
    s.seats[0].tiles = [2, 1, 0, 0];
    assert_eq!(s.seats[0].capacity(), 20);
}

#[test]
fn r26_camp_penalty_with_tiles() {
    let mut s = setup(2);
    let x = &mut s.seats[0];
    x.tiles = [0, 1, 1, 0];
    x.res = parse_res("E5 F5");
    x.indians = 3;
    // Resources: 3 free, big tile 5 (1), R2 2 (1) → 2; Indians: 2 free, 1 in I2 → 1.
    assert_eq!(x.penalty(), 3);
}

#[test]
fn r27_recruitment_costs_and_gravelines() {
    let mut s = setup(2);
    journal(&mut s, [e(3), e(4), e(5), e(6), e(7)]);
    res(&mut s, 0, "E1 F1");
    area(&mut s, 0, e(17), st(0, "hunter"), 0);
    assert!(has(&s, "Recruit(3)") && !has(&s, "Recruit(4)"));
    go(&mut s, &["Recruit(3)"]);
    assert_eq!(opts(&s)[0], "NoTradeIn");
    go(&mut s, &["NoTradeIn"]);
    // Slot 3 cost 3 − 2 = 1 fur with Gravelines, and 1 equipment.
    assert_eq!(held(&s, 0), "");
    assert!(s.seats[0].hand >> e(5) & 1 == 1);
}

#[test]
fn r28_the_journal_slides_down() {
    let mut s = setup(2);
    res(&mut s, 0, "E1 F1");
    go(&mut s, &["Recruit(1)", "NoTradeIn"]);
    assert_eq!(&s.journal[..4], &[e(4), e(5), e(6), e(7)]);
    assert_ne!(s.journal[4], NONE);
}

#[test]
fn r29_fur_is_the_slot_number() {
    let mut s = setup(2);
    res(&mut s, 0, "E1 F3");
    go(&mut s, &["Recruit(2)", "NoTradeIn"]);
    assert_eq!(held(&s, 0), "F1");
}

#[test]
fn r30_no_draw_from_an_empty_deck_and_pile() {
    let mut s = setup(2);
    s.removed |= u128::from(s.deck) << data::FIRST_ENCOUNTER;
    s.deck = 0;
    res(&mut s, 0, "E1 F1");
    go(&mut s, &["Recruit(1)", "NoTradeIn"]);
    assert_eq!(s.journal, [e(4), e(5), e(6), e(7), NONE]);
    assert!(!has(&s, "Recruit(5)"));
}

#[test]
fn r31_indians_come_back_before_the_delay() {
    let mut s = setup(2);
    scouts(&mut s, &[10, 3]);
    hand(&mut s, 0, &[]);
    area(&mut s, 0, st(0, "captain"), NONE, 2);
    res(&mut s, 0, "");
    s.seats[0].indians = 1;
    // 3 Indians back on the boats: penalty 2; no hand card.
    assert_eq!(s.camp_delay(0), 2);
    go(&mut s, &["Camp"]);
    assert_eq!((s.seats[0].scout, s.seats[0].camp, s.seats[0].indians), (8, 8, 3));
    assert_eq!(s.seats[0].hand, 1 << st(0, "captain"));
    let mut s = setup(2);
    scouts(&mut s, &[5, 3]);
    hand(&mut s, 0, &[]);
    res(&mut s, 0, "");
    s.seats[0].indians = 1;
    s.seats[1].indians = 1;
    go(&mut s, &["Camp"]);
    assert_eq!((s.seats[0].scout, s.seats[0].camp), (5, 5), "a delay of 0 does not move");
}

/// D36 (`bottom_reset`, R31 step 7): a camp that ends on −5 keeps only the six starting cards
/// (every recruited card of the hand and the play area leaves the game), returns every resource
/// to the supply and sends the seat's Indians to the Powwow; without the option the same camp
/// keeps everything.
#[test]
fn d36_bottom_reset() {
    let starting: u128 = (0..6).map(|r| 1u128 << data::starting(0, r)).sum();
    let position = |reset: bool| {
        let mut s = setup_with(2, Config { bottom_reset: reset, ..Config::default() });
        scouts(&mut s, &[-1, 3]);
        add_hand(&mut s, 0, &[e(40)]);
        area(&mut s, 0, e(19), NONE, 0);
        res(&mut s, 0, "E1 F1 Fd1");
        s.seats[0].indians = 1;
        s
    };
    let mut s = position(true);
    let (powwow, removed) = (s.powwow, s.removed);
    assert_eq!(s.camp_delay(0), 7, "seven hand cards");
    go(&mut s, &["Camp"]);
    let x = &s.seats[0];
    assert_eq!((x.scout, x.camp), (-5, -5));
    assert_eq!((x.hand, x.active, x.supports), (starting, 0, 0), "only the six starting cards");
    assert_eq!((held(&s, 0).as_str(), x.indians, x.on_cards), ("", 0, 0));
    assert_eq!(s.powwow, powwow + 1, "its Indian to the Powwow");
    assert_eq!(s.removed, removed | 1 << e(40) | 1 << e(19), "recruited cards leave the game");
    s.check_invariants().unwrap();
    let mut s = position(false);
    go(&mut s, &["Camp"]);
    let x = &s.seats[0];
    assert_eq!((x.scout, x.camp), (-5, -5));
    assert_eq!(x.hand, starting | 1 << e(40) | 1 << e(19), "the play area back to the hand");
    assert_eq!((held(&s, 0).as_str(), x.indians, s.powwow), ("E1 F1 Fd1", 1, powwow));
}

#[test]
fn r32_a_scout_beyond_the_fort_is_not_enough() {
    let mut s = setup(2);
    res(&mut s, 0, "Fd1");
    scouts(&mut s, &[38, -5]);
    go(&mut s, &["Play(s0_captain)", "NoSupport"]);
    assert_eq!(s.seats[0].scout, 40);
    assert!(s.outcome().is_none());
    hand(&mut s, 0, &[]);
    res(&mut s, 0, "");
    go(&mut s, &["Camp"]);
    assert_eq!(s.outcome().map(|r| r[..2].to_vec()), Some(vec![1.0, 0.0]));
    assert_eq!(meeple::game::Game::score(&s, 0), 40);
}

#[test]
fn r33_time_out_after_the_last_seat_of_the_last_round() {
    let mut s = setup_with(3, Config { max_rounds: 1, ..Config::default() });
    go(&mut s, &["Send(hunt,1)", "EndTurn", "Send(craft,1)", "EndTurn"]);
    assert!(s.outcome().is_none());
    scouts(&mut s, &[-5, -5, 1]);
    go(&mut s, &["Send(gift,1)", "Take(F)", "EndTurn"]);
    assert_eq!(s.end_label(), "time_out");
    assert_eq!(s.outcome().map(|r| r[..3].to_vec()), Some(vec![0.0, 0.0, 1.0]));
}
