//! Spec "Setup" S1–S3, rounds and turn order R1–R2, round end R13; worked checks W3, W4.

use super::{drive, list, no_trade, random};
use meeple::game::{Game, rng_from_seed};
use meeple::games::ekonos::data::ALL_CARDS;
use meeple::games::ekonos::{COMPANIES, Config, EkonosState, MARKERS, Step, hand_size, income, rounds};
use meeple::labels::Labels;

#[test]
fn s1_empty_map_markers_at_0_no_shares_no_presidents() {
    for n in 2..=6 {
        let s = EkonosState::new(&Config::default(), n, &mut rng_from_seed(n as u64));
        for c in COMPANIES {
            assert_eq!((s.tile_count(c), s.growth(c), s.column(c), s.president(c)), (0, 0, 0, None));
        }
        assert_eq!(s.empty_regions().count_ones(), 36);
        // 0 coins before the first income, so exactly I after it; 18 markers free.
        assert!((0..n).all(|p| s.coins(p) == income(n) && s.held(p) == 0));
        assert_eq!(MARKERS, 18);
    }
}

#[test]
fn s2_seat_0_starts_and_the_next_player_is_the_next_seat() {
    let s = EkonosState::new(&Config::default(), 4, &mut rng_from_seed(1));
    assert_eq!((s.first_player(), s.active(), s.to_move(), s.step()), (0, 0, Some(0), Step::Play));
    let mut owners = Vec::new();
    drive(&Config::default(), 4, 1, random, |s, _| {
        if s.step() == Step::Play && s.round() == 1 && owners.len() < 6 {
            owners.push(s.active());
        }
    });
    assert_eq!(owners, vec![0, 1, 2, 3, 0, 1]);
}

#[test]
fn s3_each_round_deals_h_cards_leaves_the_rest_unseen_and_pays_i_coins() {
    for (n, h, unused, i) in [(2, 6, 24, 12), (3, 6, 18, 12), (4, 6, 12, 12), (5, 5, 11, 10), (6, 6, 0, 12)] {
        assert_eq!((hand_size(n), income(n)), (h, i));
        let s = EkonosState::new(&Config::default(), n, &mut rng_from_seed(9));
        assert!((0..n).all(|p| s.hand(p).count_ones() == h), "{n} players");
        assert_eq!(s.unused().count_ones(), unused);
        let all = (0..n).fold(s.unused(), |m, p| m | s.hand(p));
        assert_eq!(all, ALL_CARDS);
        assert_eq!(s.played(), 0);
    }
    // The deal comes from the caller's RNG.
    let a = EkonosState::new(&Config::default(), 3, &mut rng_from_seed(1));
    let b = EkonosState::new(&Config::default(), 3, &mut rng_from_seed(2));
    assert_ne!(list(a.hand(0)), list(b.hand(0)));
}

#[test]
fn r1_rounds_by_player_count() {
    for (n, r) in [(2, 6), (3, 4), (4, 3), (5, 3), (6, 2)] {
        assert_eq!(rounds(n), r);
        let mut last_round = 0;
        let end = drive(&Config::default(), n, 3, random, |s, _| last_round = s.round());
        assert_eq!((last_round, end.round(), end.step()), (r, r, Step::Over), "{n} players");
    }
}

#[test]
fn r2_every_player_has_exactly_h_turns_per_round_in_seat_order() {
    for n in 2..=6 {
        let mut turns = vec![vec![0u32; n]; rounds(n) as usize];
        let mut order_ok = true;
        let mut last: Option<(u8, usize)> = None;
        drive(&Config::default(), n, 11, random, |s, _| {
            if s.step() == Step::Play {
                turns[s.round() as usize - 1][s.active()] += 1;
                if let Some((r, p)) = last
                    && r == s.round()
                {
                    order_ok &= s.active() == (p + 1) % n;
                }
                last = Some((s.round(), s.active()));
            }
        });
        assert!(order_ok, "{n} players: turns go round in seat order");
        assert!(turns.iter().flatten().all(|&t| t == hand_size(n)), "{n} players: {turns:?}");
    }
}

#[test]
fn r13_the_round_end_moves_the_first_player_and_keeps_the_rest() {
    // 3 players, nobody trading: the last action of round 1 is seat 2's `no buy`; after it only
    // the cards change, the first player moves to seat 1, and every seat gains the income.
    let mut before: Option<EkonosState> = None;
    let mut after: Option<EkonosState> = None;
    drive(&Config::default(), 3, 4, no_trade, |s, _| {
        if s.round() == 1 {
            before = Some(*s);
        } else if after.is_none() {
            after = Some(*s);
        }
    });
    let (before, after) = (before.unwrap(), after.unwrap());
    assert_eq!((before.active(), before.step(), before.played().count_ones()), (2, Step::Buy, 18));
    assert_eq!((after.round(), after.first_player(), after.active(), after.step()), (2, 1, 1, Step::Play));
    assert_eq!((after.played(), after.unused().count_ones()), (0, 18));
    for c in COMPANIES {
        assert_eq!(after.tiles(c), before.tiles(c), "{c}: tiles carry over");
        assert_eq!(after.growth(c), before.growth(c), "{c}: growth carries over");
        assert_eq!(after.president(c), before.president(c));
        assert!((0..3).all(|p| after.shares(p, c) == before.shares(p, c)));
    }
    assert_eq!(after.protected(), before.protected());
    assert!((0..3).all(|p| after.coins(p) == before.coins(p) + 12 && after.hand(p).count_ones() == 6));
}

#[test]
fn w3_the_deal_with_5_and_6_players() {
    let s = EkonosState::new(&Config::default(), 5, &mut rng_from_seed(1));
    assert!((0..5).all(|p| s.hand(p).count_ones() == 5 && s.coins(p) == 10));
    assert_eq!(s.unused().count_ones(), 11);
    // After the 25th card play (the last of round 1), nobody having bought or sold.
    let mut plays = 0;
    let mut checked = false;
    drive(&Config::default(), 5, 1, no_trade, |s, _| {
        if s.step() == Step::Play {
            plays += 1;
            if plays == 26 {
                assert_eq!((s.round(), s.first_player()), (2, 1));
                assert!((0..5).all(|p| s.coins(p) == 20 && s.hand(p).count_ones() == 5), "{s}");
                checked = true;
            }
        }
    });
    assert!(checked);
    let s = EkonosState::new(&Config::default(), 6, &mut rng_from_seed(1));
    assert!((0..6).all(|p| s.hand(p).count_ones() == 6 && s.coins(p) == 12));
    assert_eq!(s.unused(), 0);
    for (n, total) in [(2, 72), (3, 72), (4, 72), (5, 75), (6, 72)] {
        let mut plays = 0;
        drive(&Config::default(), n, 8, random, |s, _| plays += usize::from(s.step() == Step::Play));
        assert_eq!(plays, total, "{n} players");
    }
}

#[test]
fn w4_first_players_and_first_player_rounds() {
    let expected: [(usize, &[usize], &[&str]); 5] = [
        (2, &[0, 1, 0, 1, 0, 1], &["3", "3"]),
        (3, &[0, 1, 2, 0], &["2", "1", "1"]),
        (4, &[0, 1, 2], &["1", "1", "1", "0"]),
        (5, &[0, 1, 2], &["1", "1", "1", "0", "0"]),
        (6, &[0, 1], &["1", "1", "0", "0", "0", "0"]),
    ];
    for (n, firsts, labels) in expected {
        let mut seen = Vec::new();
        let end = drive(&Config::default(), n, 2, random, |s, _| {
            if seen.len() < s.round() as usize {
                seen.push(s.first_player());
            }
        });
        assert_eq!(seen, firsts, "{n} players");
        let got: Vec<_> = (0..n).map(|p| end.seat_labels(p).text("first_player_rounds")).collect();
        assert_eq!(got, labels, "{n} players");
    }
    // Turn order in round 2 with 4 players.
    let mut order = Vec::new();
    drive(&Config::default(), 4, 2, random, |s, _| {
        if s.step() == Step::Play && s.round() == 2 && order.len() < 4 {
            order.push(s.active());
        }
    });
    assert_eq!(order, vec![1, 2, 3, 0]);
}
