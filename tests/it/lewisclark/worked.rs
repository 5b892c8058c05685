//! The spec's worked checks W2–W22 (W1 is the unit test `w1_data_tables`; W21 is also checked
//! over random games in `invariants.rs`).

use super::*;
use meeple::games::lewisclark::{End, Gains, InterpreterTake};

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(ToString::to_string).collect()
}

#[test]
fn w2_the_first_decision() {
    let mut s = setup(2);
    assert_eq!(
        opts(&s),
        names(&[
            "Play(s0_captain)",
            "Play(s0_interpreter)",
            "Play(s0_lumberjack)",
            "Play(s0_hunter)",
            "Play(s0_blacksmith)",
            "Play(s0_trapper)",
            "Send(hunt,1)",
            "Send(craft,1)",
            "Send(gift,1)",
            "Send(farewell,1)",
            "Send(horse,1)",
            "Recruit(1)",
            "Camp",
        ])
    );
    // Recruit(1) whatever slot 1 holds, strength 3 included (E1 + the interpreter's 2).
    journal(&mut s, [e(37), e(38), e(39), e(40), e(41)]);
    assert!(opts(&s).contains(&"Recruit(1)".to_string()));
    let mut off = setup_with(2, Config { recruit_trade_in: false, ..Config::default() });
    journal(&mut off, [e(37), e(38), e(39), e(40), e(41)]);
    assert_eq!(opts(&off).len(), 12);
    assert!(!opts(&off).iter().any(|a| a.starts_with("Recruit")));
    go(&mut s, &["Play(s0_captain)"]);
    assert_eq!(
        opts(&s),
        names(&[
            "NoSupport",
            "Support(s0_interpreter)",
            "Support(s0_lumberjack)",
            "Support(s0_hunter)",
            "Support(s0_blacksmith)",
            "Support(s0_trapper)",
        ])
    );
    go(&mut s, &["Support(s0_interpreter)"]);
    assert_eq!(opts(&s), names(&["Indians(0)", "Indians(1)"]));
}

/// Seat 0 holds only `kind`, one Indian and its starting hand, scout on `from`; plays the Captain
/// with one Indian if it can and returns its scout.
fn captain_move(from: i16, kind: &str, larocque: bool, others: &[i16]) -> Option<i16> {
    let mut s = setup(3);
    res(&mut s, 0, kind);
    let mut sp = vec![from];
    sp.extend_from_slice(others);
    scouts(&mut s, &sp);
    if larocque {
        area(&mut s, 0, e(16), st(0, "hunter"), 0);
    }
    if !opts(&s).contains(&"Play(s0_captain)".to_string()) {
        return None;
    }
    go(&mut s, &["Play(s0_captain)", "NoSupport"]);
    Some(s.seats[0].scout)
}

#[test]
fn w3_terrain() {
    let mut s = setup(2);
    res(&mut s, 0, "Fd1 H1");
    scouts(&mut s, &[16, 3]);
    go(&mut s, &["Play(s0_captain)", "Support(s0_interpreter)", "Indians(0)"]);
    assert_eq!(s.seats[0].scout, 20);
    assert_eq!(held(&s, 0), "");
    assert_eq!(opts(&s), names(&["Camp", "EndTurn"]));
    assert_eq!(captain_move(15, "C1", false, &[-5, -5]), Some(18));
    assert_eq!(captain_move(25, "H1", false, &[-5, -5]), Some(26));
    assert_eq!(captain_move(17, "H1", false, &[-5, -5]), Some(19));
    assert_eq!(captain_move(31, "Fd1", false, &[-5, -5]), None);
    assert_eq!(captain_move(26, "H1", false, &[-5, -5]), None);
}

#[test]
fn w4_bump_and_larocque() {
    let build = |larocque: bool| {
        let mut s = setup(3);
        scouts(&mut s, &[8, 9, 10]);
        res(&mut s, 0, "W2");
        add_hand(&mut s, 0, &[e(7)]);
        if larocque {
            area(&mut s, 0, e(16), st(0, "hunter"), 0);
        }
        go(&mut s, &["Play(e07)", "Support(s0_trapper)", "Indians(0)"]);
        s.seats[0].scout
    };
    assert_eq!(build(false), 11);
    assert_eq!(build(true), 12);
    assert_eq!(captain_move(10, "C1", true, &[12, 13]), Some(16));
    assert_eq!(captain_move(10, "C1", false, &[12, 13]), Some(14));
}

fn w5_position(retreat: bool) -> LewisClark {
    let mut s = setup_with(3, Config { camp_retreat: retreat, ..Config::default() });
    scouts(&mut s, &[3, -2, -3]);
    hand(&mut s, 0, &[st(0, "hunter"), st(0, "trapper")]);
    area(&mut s, 0, st(0, "captain"), st(0, "lumberjack"), 0);
    area(&mut s, 0, st(0, "interpreter"), NONE, 2);
    area(&mut s, 0, st(0, "blacksmith"), NONE, 1);
    res(&mut s, 0, "E1 F1 W1 Fd1 C1");
    s.seats[0].indians = 0;
    s
}

#[test]
fn w5_camp() {
    let mut s = w5_position(true);
    assert_eq!(s.camp_delay(0), 5);
    go(&mut s, &["Camp"]);
    assert_eq!((s.seats[0].scout, s.seats[0].camp), (-4, -4));
    assert_eq!(s.seats[0].hand.count_ones(), 6);
    assert_eq!((s.seats[0].indians, s.seats[0].on_cards), (3, 0));
    assert_eq!(held(&s, 0), "E1 F1 W1 Fd1 C1");
    let mut s = w5_position(false);
    go(&mut s, &["Camp"]);
    assert_eq!((s.seats[0].scout, s.seats[0].camp), (-4, 0));
    // Sharing −5.
    let mut s = setup(3);
    scouts(&mut s, &[-3, -5, 10]);
    hand(&mut s, 0, &[st(0, "captain"), st(0, "hunter"), st(0, "trapper"), st(0, "blacksmith")]);
    res(&mut s, 0, "");
    assert_eq!(s.camp_delay(0), 4);
    go(&mut s, &["Camp"]);
    assert_eq!((s.seats[0].scout, s.seats[0].camp), (-5, -5));
}

#[test]
fn w6_camp_penalty() {
    let mut s = setup(2);
    s.seats[0].tiles = [1, 1, 0, 1];
    assert_eq!(s.seats[0].capacity(), 18);
    res(&mut s, 0, "E3 F3 W2 Fd2 C1 H1");
    s.seats[0].indians = 2;
    area(&mut s, 0, e(18), st(0, "trapper"), 0);
    area(&mut s, 0, st(0, "captain"), NONE, 3);
    area(&mut s, 0, st(0, "lumberjack"), st(0, "blacksmith"), 0);
    hand(&mut s, 0, &[st(0, "hunter")]);
    let mut back = s.seats[0];
    back.indians = 5;
    back.res = [0; 6];
    assert_eq!(back.penalty(), 2, "Indian penalty");
    back.indians = 0;
    back.res = parse_res("E3 F3 W2 Fd2 C1 H1");
    assert_eq!(back.penalty(), 2, "resource penalty");
    assert_eq!(s.camp_delay(0), 4);
}

fn w7_position(config: Config) -> LewisClark {
    let mut s = setup_with(4, config);
    s.current = 1;
    area(&mut s, 0, st(0, "lumberjack"), st(0, "trapper"), 0);
    area(&mut s, 1, e(19), st(1, "interpreter"), 0);
    area(&mut s, 2, e(46), e(1), 0);
    area(&mut s, 3, st(3, "lumberjack"), e(23), 0);
    hand(&mut s, 1, &[st(1, "lumberjack"), e(27), st(1, "captain"), st(1, "hunter")]);
    res(&mut s, 1, "");
    s.seats[1].indians = 0;
    s
}

#[test]
fn w7_collect() {
    let mut s = w7_position(Config::default());
    go(&mut s, &["Play(s1_lumberjack)"]);
    assert_eq!(opts(&s), names(&["Support(s1_captain)", "Support(s1_hunter)", "Support(e27)"]));
    go(&mut s, &["Support(e27)"]);
    assert_eq!(s.badges(1, data::W), 6);
    assert_eq!(opts(&s), (0..=6).map(|k| format!("Amount({k})")).collect::<Vec<_>>());
    let mut a = s.clone();
    go(&mut a, &["Amount(6)", "Amount(6)"]);
    assert_eq!(held(&a, 1), "W11");
    go(&mut s, &["Amount(2)", "Amount(3)"]);
    assert_eq!(held(&s, 1), "W5");
    let mut f = w7_position(Config { gains: Gains::Forced, ..Config::default() });
    go(&mut f, &["Play(s1_lumberjack)", "Support(e27)"]);
    assert_eq!(held(&f, 1), "W11");
}

#[test]
fn w8_recruitment_and_the_journal() {
    let mut s = setup(2);
    journal(&mut s, [e(3), e(19), e(26), e(40), e(45)]);
    res(&mut s, 0, "E1 F2");
    area(&mut s, 0, e(17), st(0, "trapper"), 0);
    hand(
        &mut s,
        0,
        &[st(0, "captain"), st(0, "interpreter"), st(0, "lumberjack"), st(0, "hunter"), st(0, "blacksmith")],
    );
    assert_eq!(
        opts(&s),
        names(&[
            "Play(s0_interpreter)",
            "Play(s0_lumberjack)",
            "Play(s0_hunter)",
            "Play(s0_blacksmith)",
            "Send(hunt,1)",
            "Send(craft,1)",
            "Send(gift,1)",
            "Send(farewell,1)",
            "Recruit(1)",
            "Recruit(2)",
            "Recruit(3)",
            "Recruit(4)",
            "Camp",
        ])
    );
    // The spec's deck holds 49; here e17 came out of the deck to the play area, so 48 → 47.
    assert_eq!(s.deck.count_ones(), 48);
    go(&mut s, &["Recruit(4)"]);
    assert_eq!(held(&s, 0), "");
    let expected: u128 = [e(40), st(0, "captain"), st(0, "lumberjack"), st(0, "hunter"), st(0, "blacksmith")]
        .iter()
        .fold(0, |m, &c| m | 1 << c);
    assert_eq!(s.seats[0].hand, expected);
    assert!(s.removed >> st(0, "interpreter") & 1 == 1);
    assert_eq!(&s.journal[..4], &[e(3), e(19), e(26), e(45)]);
    assert_ne!(s.journal[4], NONE);
    assert_eq!(s.deck.count_ones(), 47);
    assert!(!opts(&s).iter().any(|a| a.starts_with("Recruit")));
}

fn w9_position(config: Config) -> LewisClark {
    let mut s = setup_with(3, config);
    s.village = [1, 0, 1, 0, 0, 2, 3, 1];
    s.powwow = 2;
    s.indian_supply = 3;
    s.seats[0].indians = 0;
    s
}

#[test]
fn w9_the_interpreter() {
    let mut s = w9_position(Config::default());
    go(&mut s, &["Play(s0_interpreter)"]);
    assert_eq!(
        opts(&s),
        names(&[
            "Support(s0_captain)",
            "Support(s0_lumberjack)",
            "Support(s0_hunter)",
            "Support(s0_blacksmith)",
            "Support(s0_trapper)",
        ])
    );
    assert_eq!(s.village_indians(), 10);
    go(&mut s, &["Support(s0_hunter)"]);
    assert_eq!(opts(&s), (0..=10).map(|k| format!("TakeIndians({k})")).collect::<Vec<_>>());
    go(&mut s, &["TakeIndians(4)"]);
    assert_eq!((s.seats[0].indians, s.powwow, s.indian_supply), (4, 7, 2));
    assert_eq!(s.village, [0; 8]);
    assert_eq!(s.discard, 1 << 2, "e03 discarded");
    assert_eq!(&s.journal[..4], &[e(4), e(5), e(6), e(7)]);
    assert_ne!(s.journal[4], NONE);
    assert_eq!(s.village_indians(), 7);
    let mut s = w9_position(Config { interpreter_take: InterpreterTake::Strength, ..Config::default() });
    go(&mut s, &["Play(s0_interpreter)", "Support(s0_hunter)"]);
    assert_eq!(opts(&s), names(&["TakeIndians(0)", "TakeIndians(1)"]));
}

fn w10_position() -> LewisClark {
    let mut s = setup(2);
    res(&mut s, 0, "E2 F1 W1 Fd1 C1");
    s.seats[0].indians = 3;
    s
}

#[test]
fn w10_horse_trading_with_two_indians() {
    let s = w10_position();
    let sends: Vec<String> = opts(&s).into_iter().filter(|a| a.starts_with("Send")).collect();
    assert_eq!(
        sends,
        names(&["Send(hunt,1)", "Send(craft,1)", "Send(gift,1)", "Send(farewell,1)", "Send(horse,1)", "Send(horse,2)"])
    );
    let mut a = s.clone();
    go(&mut a, &["Send(horse,2)"]);
    assert_eq!(opts(&a), names(&["Pay(E)", "Pay(F)", "Pay(W)"]));
    go(&mut a, &["Pay(F)"]);
    assert_eq!(opts(&a), names(&["Pay(W)", "Pay(Fd)"]));
    go(&mut a, &["Pay(W)"]);
    assert_eq!(opts(&a), names(&["Pay(Fd)", "Pay(C)"]));
    go(&mut a, &["Pay(Fd)"]);
    assert_eq!(held(&a, 0), "E2 C1 H1");
    assert_eq!((a.seats[0].indians, a.village[7]), (1, 2));
    assert!(a.acted);
    let mut b = s.clone();
    go(&mut b, &["Send(horse,2)", "Pay(E)", "Pay(F)", "Pay(W)"]);
    assert_eq!(held(&b, 0), "H2");
}

#[test]
fn w11_produced_resources() {
    let run = |card: u8, support: u8, held_text: &str, actions: &[&str]| {
        let mut s = setup(2);
        s.seats[0].indians = 0;
        add_hand(&mut s, 0, &[e(40), e(41), e(47)]);
        res(&mut s, 0, held_text);
        let mut list = vec![format!("Play({})", name(card)), format!("Support({})", name(support))];
        list.extend(actions.iter().map(ToString::to_string));
        let refs: Vec<&str> = list.iter().map(String::as_str).collect();
        go(&mut s, &refs);
        s
    };
    assert_eq!(held(&run(e(40), e(47), "C1", &[]), 0), "C2");
    assert_eq!(held(&run(e(40), e(47), "C2", &[]), 0), "C4");
    assert_eq!(held(&run(e(41), st(0, "interpreter"), "C1", &[]), 0), "H1");
    let mut s = setup(2);
    s.seats[0].indians = 0;
    add_hand(&mut s, 0, &[e(41)]);
    res(&mut s, 0, "C1 H1");
    go(&mut s, &["Play(e41)", "Support(s0_interpreter)"]);
    assert_eq!(opts(&s), names(&["Choose(1)", "Choose(2)"]));
    go(&mut s, &["Choose(1)"]);
    assert_eq!(held(&s, 0), "C1 H1");
    assert!(s.acted);
}

fn name(card: u8) -> String {
    struct Id(u8);
    impl std::fmt::Display for Id {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            data::write_id(self.0, f)
        }
    }
    Id(card).to_string()
}

#[test]
fn w12_counted_moves() {
    let a = || {
        let mut s = setup(4);
        scouts(&mut s, &[20, 12, 11, 25]);
        s.seats[0].camp = 12;
        res(&mut s, 0, "E2 F2 W1 Fd1 C1");
        s.seats[0].indians = 2;
        add_hand(&mut s, 0, &[e(51), e(52)]);
        s
    };
    let mut s = a();
    go(&mut s, &["Play(e51)", "Support(s0_hunter)", "Indians(0)"]);
    assert_eq!((s.seats[0].scout, s.powwow, s.seats[0].indians), (22, 2, 1));
    assert_eq!(held(&s, 0), "E2 F2 W1 Fd1 C1");
    let mut s = a();
    go(&mut s, &["Play(e52)", "Support(s0_hunter)", "Indians(0)"]);
    assert_eq!(opts(&s), names(&["Pay(E)", "Pay(F)", "Pay(W)", "Pay(Fd)"]));
    go(&mut s, &["Pay(E)"]);
    assert_eq!(opts(&s), names(&["Pay(E)", "Pay(F)", "Pay(W)", "Pay(Fd)", "Pay(C)"]));
    go(&mut s, &["Pay(F)"]);
    assert_eq!(s.seats[0].scout, 23);
    let b = || {
        let mut s = setup(3);
        scouts(&mut s, &[5, 2, 1]);
        s.seats[0].camp = 2;
        res(&mut s, 0, "E1 F1 W2 Fd1 C1 H1");
        s.seats[0].indians = 3;
        add_hand(&mut s, 0, &[e(30), e(31), e(44), e(45), e(46)]);
        s.village[0] = 1;
        s.village[6] = 2;
        s.powwow = 1;
        s
    };
    let mut s = b();
    go(&mut s, &["Play(e44)", "Support(s0_trapper)", "Indians(0)"]);
    assert_eq!((s.seats[0].scout, s.seats[0].indians, s.powwow), (8, 2, 2));
    let mut s = b();
    go(&mut s, &["Play(e31)", "NoSupport"]);
    assert_eq!(opts(&s), names(&["Indians(1)", "Indians(2)"]));
    go(&mut s, &["Indians(1)", "Pay(E)", "Pay(F)"]);
    assert_eq!(s.seats[0].scout, 7);
    let mut s = b();
    go(&mut s, &["Play(e30)", "Support(s0_trapper)", "Indians(0)", "Pay(W)"]);
    assert_eq!(s.seats[0].scout, 7);
    let mut s = b();
    go(&mut s, &["Play(e46)", "Support(s0_trapper)", "Indians(0)", "Pay(W)", "Pay(W)"]);
    assert_eq!(s.seats[0].scout, 9);
    let mut s = b();
    go(&mut s, &["Play(e45)", "Support(s0_trapper)", "Indians(0)", "Pay(H)"]);
    assert_eq!(s.seats[0].scout, 6);
}

#[test]
fn w13_jarrot_and_cut_nose() {
    let mut s = setup(2);
    scouts(&mut s, &[15, -5]);
    res(&mut s, 0, "Fd2 H1");
    area(&mut s, 0, e(36), st(0, "hunter"), 0);
    area(&mut s, 0, e(54), st(0, "trapper"), 0);
    hand(&mut s, 0, &[st(0, "captain"), st(0, "interpreter")]);
    go(&mut s, &["Play(s0_captain)", "Support(s0_interpreter)", "Indians(1)"]);
    assert_eq!(s.seats[0].scout, 21);
    assert_eq!(held(&s, 0), "Fd1");
}

#[test]
fn w14_hay_and_little_raven() {
    let build = || {
        let mut s = setup(2);
        area(&mut s, 0, st(0, "captain"), st(0, "trapper"), 0);
        area(&mut s, 0, st(0, "lumberjack"), NONE, 1);
        res(&mut s, 0, "");
        s.seats[0].indians = 0;
        hand(&mut s, 0, &[st(0, "interpreter"), st(0, "hunter"), st(0, "blacksmith"), e(1), e(2)]);
        s
    };
    let mut s = build();
    go(&mut s, &["Play(e01)", "Support(s0_hunter)"]);
    assert_eq!(opts(&s), names(&["Take(E)", "Take(F)"]));
    go(&mut s, &["Take(F)"]);
    assert_eq!(held(&s, 0), "F1 W1 Fd1");
    let mut s = build();
    go(&mut s, &["Play(e02)", "Support(s0_hunter)"]);
    assert_eq!(opts(&s), names(&["Take(E)", "Take(F)", "Take(W)", "Take(Fd)"]));
    go(&mut s, &["Take(W)"]);
    assert_eq!(held(&s, 0), "W3");
    let mut s = build();
    go(&mut s, &["Play(e02)", "Support(s0_interpreter)", "Take(Fd)"]);
    assert_eq!(held(&s, 0), "Fd3");
    assert!(s.acted, "once: a single repetition at strength 2");
    let mut s = build();
    area(&mut s, 0, e(40), NONE, 0);
    go(&mut s, &["Play(e01)", "Support(s0_hunter)"]);
    assert_eq!(held(&s, 0), "E1 F1 W1 Fd1");
}

#[test]
fn w15_the_partisan() {
    let mut s = setup(3);
    area(&mut s, 1, st(1, "captain"), st(1, "trapper"), 0);
    area(&mut s, 1, e(17), NONE, 1);
    scouts(&mut s, &[4, 6, 9]);
    area(&mut s, 0, e(16), st(0, "hunter"), 0);
    res(&mut s, 0, "Fd3 C1");
    s.seats[0].indians = 0;
    add_hand(&mut s, 0, &[e(35), e(19)]);
    go(&mut s, &["Play(e35)", "Support(e19)"]);
    assert_eq!(held(&s, 0), "Fd2 C1");
    assert_eq!(opts(&s), names(&["Choose(1)", "Choose(2)"]));
    go(&mut s, &["Choose(2)"]);
    assert_eq!(s.seats[0].scout, 12);
    assert_eq!(held(&s, 0), "");
    assert_eq!((s.seats[1].scout, s.seats[1].active.count_ones()), (6, 2));
}

fn w16_position() -> LewisClark {
    let mut s = setup(3);
    s.current = 2;
    scouts(&mut s, &[30, 39, 43]);
    hand(&mut s, 2, &[st(2, "hunter"), st(2, "trapper")]);
    area(&mut s, 2, st(2, "captain"), st(2, "interpreter"), 0);
    area(&mut s, 2, e(10), st(2, "lumberjack"), 0);
    area(&mut s, 2, st(2, "blacksmith"), NONE, 1);
    res(&mut s, 2, "E1 F1 Fd1 C1");
    s.seats[2].indians = 0;
    s
}

#[test]
fn w16_the_end() {
    let mut s = w16_position();
    go(&mut s, &["Camp"]);
    assert_eq!(s.seats[2].camp, 40);
    assert_eq!(s.outcome().map(|r| r[..3].to_vec()), Some(vec![0.0, 0.0, 1.0]));
    assert_eq!((s.end, s.end_label()), (End::Fort, "fort"));
    let mut s = w16_position();
    scouts(&mut s, &[30, 40, 43]);
    res(&mut s, 2, "E1 F1 W1 Fd1 C1");
    go(&mut s, &["Camp"]);
    assert_eq!(s.seats[2].camp, 39);
    assert_eq!(s.winner_seat(), "2");
    let timeout = |scout2: i16| {
        let mut s = setup_with(3, Config { max_rounds: 3, ..Config::default() });
        s.round = 3;
        s.current = 2;
        s.acted = true;
        for p in 0..3 {
            s.seats[p].camp = -5;
            s.seats[p].scout = -5;
        }
        s.seats[2].scout = scout2;
        go(&mut s, &["EndTurn"]);
        s
    };
    let s = timeout(-4);
    assert_eq!(s.outcome().map(|r| r[..3].to_vec()), Some(vec![0.0, 0.0, 1.0]));
    assert_eq!(s.end_label(), "time_out");
    let s = timeout(-5);
    let third = 1.0 / 3.0;
    assert_eq!(s.outcome().map(|r| r[..3].to_vec()), Some(vec![third, third, third]));
    assert_eq!(s.winner_seat(), "shared");
}

#[test]
fn w17_compulsory_camp() {
    let mut s = setup(2);
    hand(&mut s, 0, &[st(0, "trapper")]);
    area(&mut s, 0, st(0, "captain"), st(0, "lumberjack"), 0);
    area(&mut s, 0, st(0, "hunter"), st(0, "blacksmith"), 0);
    area(&mut s, 0, st(0, "interpreter"), NONE, 1);
    res(&mut s, 0, "Fd1");
    s.seats[0].indians = 0;
    settle(&mut s);
    assert_eq!((s.seats[0].scout, s.seats[0].camp), (-1, -1));
    assert_eq!((s.seats[0].hand.count_ones(), s.seats[0].indians), (6, 1));
    assert_eq!(
        opts(&s),
        names(&[
            "Play(s0_captain)",
            "Play(s0_interpreter)",
            "Play(s0_lumberjack)",
            "Play(s0_hunter)",
            "Play(s0_blacksmith)",
            "Play(s0_trapper)",
            "Send(hunt,1)",
            "Send(craft,1)",
            "Send(gift,1)",
            "Send(farewell,1)",
        ])
    );
}

#[test]
fn w18_expedition_upgrade() {
    let mut s = setup(2);
    res(&mut s, 0, "E1 W4");
    s.seats[0].indians = 2;
    s.indian_supply = 0;
    s.tile_supply = [0, 2];
    s.village[5] = 1;
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
    go(&mut s, &["Send(upgrade,1)"]);
    assert_eq!(held(&s, 0), "E1 W1");
    assert_eq!(opts(&s), names(&["Choose(3)", "Choose(4)"]));
    go(&mut s, &["Choose(4)"]);
    assert_eq!((held(&s, 0).as_str(), s.seats[0].indians, s.village[5], s.tile_supply[1]), ("E1 W1", 1, 2, 1));
    assert_eq!(s.seats[0].tiles, [0, 0, 0, 1]);
    let mut s = setup(2);
    res(&mut s, 0, "E4 F4 W3");
    go(&mut s, &["Send(upgrade,1)"]);
    assert_eq!(opts(&s), names(&["Choose(1)", "Choose(2)", "Choose(3)", "Choose(4)"]));
    go(&mut s, &["Choose(2)"]);
    assert_eq!(s.seats[0].capacity(), 16);
    assert_eq!(opts(&s), names(&["Take(E)", "Take(F)", "Take(W)", "Take(Fd)", "Done"]));
    go(&mut s, &["Take(Fd)"]);
    assert_eq!(opts(&s), names(&["Take(Fd)", "Done"]));
    go(&mut s, &["Take(Fd)"]);
    assert_eq!(held(&s, 0), "E4 F4 Fd2");
}

#[test]
fn w19_farewell_and_the_reshuffle() {
    let mut s = setup(2);
    journal(&mut s, [e(40), e(3), e(26), e(9), e(19)]);
    let deck = (1u64 << 11) | (1 << 19);
    s.discard = s.deck & !deck;
    s.deck = deck;
    assert_eq!(s.discard.count_ones(), 47);
    go(&mut s, &["Send(farewell,1)"]);
    let discards: Vec<String> = ["captain", "interpreter", "lumberjack", "hunter", "blacksmith", "trapper"]
        .iter()
        .map(|r| format!("Discard(s0_{r})"))
        .collect();
    let mut expected = discards.clone();
    expected.push("Done".into());
    assert_eq!(opts(&s), expected);
    go(&mut s, &["Discard(s0_lumberjack)"]);
    assert_eq!(opts(&s), names(&["Discard(s0_hunter)", "Discard(s0_blacksmith)", "Discard(s0_trapper)", "Done"]));
    go(&mut s, &["Discard(s0_trapper)"]);
    assert_eq!((s.deck.count_ones(), s.discard.count_ones(), s.deck_reshuffled()), (49, 0, "yes"));
    assert!(s.journal.contains(&e(12)) && s.journal.contains(&e(20)));
    assert!(s.journal.windows(2).all(|w| w[0] < w[1]), "sorted by strength then number");
    assert_eq!(s.seats[0].hand.count_ones(), 4);
    assert!(s.removed >> st(0, "lumberjack") & 1 == 1 && s.removed >> st(0, "trapper") & 1 == 1);
}

#[test]
fn w20_payment_orders_and_locations() {
    let mut s = setup(2);
    res(&mut s, 0, "E1 F2 C1 H1");
    add_hand(&mut s, 0, &[e(28)]);
    go(&mut s, &["Play(e28)", "Support(s0_hunter)", "Indians(0)"]);
    assert_eq!(opts(&s), names(&["Pay(E)", "Pay(F)"]));
    go(&mut s, &["Pay(F)"]);
    assert_eq!(s.seats[0].scout, 5);
    assert_eq!(held(&s, 0), "E1 F1");
    let build = || {
        let mut s = setup(2);
        res(&mut s, 0, "W2 Fd1");
        s.seats[0].indians = 0;
        add_hand(&mut s, 0, &[e(15)]);
        s.village[6] = 1;
        s.village[0] = 1;
        s.village[4] = 1;
        go(&mut s, &["Play(e15)", "Support(s0_hunter)"]);
        s
    };
    let mut s = build();
    assert_eq!(opts(&s), names(&["Location(hunt)", "Location(canoe)"]));
    go(&mut s, &["Location(canoe)"]);
    assert_eq!(held(&s, 0), "C1");
    let mut s = build();
    go(&mut s, &["Location(hunt)"]);
    assert_eq!(opts(&s), names(&["Pay(W)", "Pay(Fd)"]));
    go(&mut s, &["Pay(W)"]);
    assert_eq!(held(&s, 0), "F1 W1 Fd2");
}

#[test]
fn w22_overflow_return() {
    let build = |gains: Gains| {
        let mut s = setup_with(2, Config { gains, ..Config::default() });
        res(&mut s, 0, "E4 F4 Fd3");
        go(&mut s, &["Play(s0_lumberjack)", "NoSupport"]);
        s
    };
    let s = build(Gains::Published);
    assert_eq!(opts(&s), names(&["Amount(0)", "Amount(1)"]));
    let mut a = s.clone();
    go(&mut a, &["Amount(1)"]);
    assert_eq!(opts(&a), names(&["Return(E)", "Return(F)", "Return(W)", "Return(Fd)"]));
    go(&mut a, &["Return(E)"]);
    assert_eq!(held(&a, 0), "E3 F4 W1 Fd3");
    let mut b = s.clone();
    go(&mut b, &["Amount(0)"]);
    assert_eq!(held(&b, 0), "E4 F4 Fd3");
    let f = build(Gains::Forced);
    assert_eq!(held(&f, 0), "E4 F4 Fd3");
    assert!(f.acted);
}
