//! Unit tests of the data tables (W1) and of small helpers; the rule tests are in
//! `tests/it/lewisclark/`.

use super::data::*;
use super::*;
use crate::game::rng_from_seed;

#[test]
fn w1_data_tables() {
    let cards: Vec<u8> = (1..=54).map(enc).collect();
    for s in 1..=3 {
        assert_eq!(cards.iter().filter(|&&c| strength(c) == s).count(), 18);
    }
    assert_eq!(cards.iter().map(|&c| u32::from(strength(c))).sum::<u32>(), 108);
    let badges = |k| cards.iter().filter(|&&c| badge(c) == k).count();
    assert_eq!([badges(W), badges(F), badges(E), badges(FD)], [17, 17, 10, 10]);
    assert_eq!(cards.iter().filter(|&&c| is_passive(c)).count(), 5);
    for seat in 0..5 {
        assert_eq!((0..6).map(|r| u32::from(strength(starting(seat, r)))).sum::<u32>(), 7);
    }
    let spaces: Vec<Terrain> = (BOTTOM..=FORT).map(terrain).collect();
    assert_eq!(spaces.len(), 45);
    assert_eq!(spaces.iter().filter(|&&t| t == Terrain::River).count(), 33);
    assert_eq!(spaces.iter().filter(|&&t| t == Terrain::Mixed).count(), 2);
    assert_eq!(spaces.iter().filter(|&&t| t == Terrain::Mountain).count(), 10);
    // A few entries of the tables.
    assert_eq!((name(enc(1)), strength(enc(1)), badge(enc(1))), ("Hay", 1, W));
    assert_eq!((name(enc(37)), strength(enc(37)), badge(enc(37))), ("Régis Loisel", 3, E));
    assert_eq!((name(enc(54)), strength(enc(54)), badge(enc(54))), ("Cut Nose", 3, F));
    assert_eq!((name(starting(0, 0)), strength(starting(0, 1)), badge(starting(3, 3))), ("Meriwether Lewis", 2, FD));
    assert_eq!(name(starting(4, 5)), "John Collins");
    assert_eq!(DATA_VERSION, "lc-base-sd e9e9a7a-l1 813b66f");
    let s = LewisClark::new(&Config::default(), 3, &mut rng_from_seed(1));
    let indians: u8 = (0..3).map(|p| s.seats[p].indians).sum();
    assert_eq!((indians, s.powwow, s.indian_supply, s.indians_out()), (3, 1, 8, 6));
    assert_eq!((s.seats[0].capacity(), s.journal_len(), s.deck.count_ones()), (11, 5, 49));
}

#[test]
fn camp_penalty_tables_without_tiles() {
    let mut e = LewisClark::new(&Config::default(), 2, &mut rng_from_seed(1)).seats[0];
    e.indians = 0;
    let res: Vec<u8> = (0..=11)
        .map(|r| {
            e.res = [r, 0, 0, 0, 0, 0];
            e.penalty()
        })
        .collect();
    assert_eq!(res, [0, 0, 0, 0, 1, 1, 1, 2, 3, 4, 5, 6]);
    e.res = [0; 6];
    let ind: Vec<u8> = (0..=7)
        .map(|i| {
            e.indians = i;
            e.penalty()
        })
        .collect();
    assert_eq!(ind, [0, 0, 1, 2, 3, 4, 5, 6]);
}

#[test]
fn conformance_kit() {
    // Short games (random play never reaches the fort; a full game is 200 rounds).
    let config = Config { max_rounds: 12, ..Config::default() };
    for players in 2..=5 {
        crate::conformance::check::<LewisClark>(&config, players, players as u64);
    }
}

/// Every option is validated with an error that names it and its valid values (spec "Options").
#[test]
fn bad_options_name_the_option_and_its_values() {
    use crate::options::{Table, parse};
    let err =
        |text: &str| parse::<Config>("lewisclark", &toml::from_str::<Table>(text).unwrap()).unwrap_err().to_string();
    assert_eq!(
        err("max_rounds = 0"),
        "bad option for lewisclark: max_rounds must be an integer from 1 to 1000 (default 200), not 0"
    );
    assert_eq!(
        err("gains = 'all'"),
        r#"bad option for lewisclark: gains must be "published" or "forced" (default "published"), not "all""#
    );
    assert_eq!(
        err("interpreter_take = 2"),
        r#"bad option for lewisclark: interpreter_take must be "any" or "strength" (default "any"), not 2"#
    );
    assert_eq!(
        err("camp_retreat = 'yes'"),
        r#"bad option for lewisclark: camp_retreat must be true or false (default true), not "yes""#
    );
    let ok = parse::<Config>("lewisclark", &toml::from_str::<Table>("max_rounds = 60\ngains = 'forced'").unwrap());
    assert_eq!(ok.unwrap(), Config { max_rounds: 60, gains: Gains::Forced, ..Config::default() });
}

/// Perfect information (D4): `determinize` returns the state unchanged for every observer, along
/// random games (the conformance kit checks it too, as the game declares `PERFECT_INFORMATION`).
#[test]
fn determinize_is_the_identity() {
    let config = Config { max_rounds: 5, ..Config::default() };
    let mut rng = rng_from_seed(3);
    for players in 2..=5 {
        let mut s = LewisClark::new(&config, players, &mut rng);
        let mut legal = Vec::new();
        while s.to_move().is_some() {
            for observer in 0..players {
                let mut world = s.clone();
                world.determinize(observer, &mut rng);
                assert_eq!(world, s);
            }
            let a = s.random_action(&mut rng, &mut legal).unwrap();
            s.apply(a, &mut rng);
        }
    }
}

/// The configurations the completion checks are compared under: every option value that changes
/// what a repetition may do (gains, the Interpreter's cap).
fn search_configs() -> [Config; 3] {
    [
        Config::default(),
        Config { gains: Gains::Forced, ..Config::default() },
        Config { interpreter_take: InterpreterTake::Strength, recruit_trade_in: false, ..Config::default() },
    ]
}

/// Positions of random games with the acting seat's scout, resources and Indians shuffled, so
/// that mountains, the fort and rich boats are reached (random play stays near the bottom).
fn shuffled_positions(config: &Config, players: usize, seed: u64, mut visit: impl FnMut(&LewisClark)) {
    use crate::game::random_below;
    let mut rng = rng_from_seed(seed);
    let mut s = LewisClark::new(config, players, &mut rng);
    let mut legal = Vec::new();
    while s.to_move().is_some() {
        if s.phase == Phase::Turn && !s.acted {
            let mut t = s.clone();
            let seat = t.current as usize;
            let e = &mut t.seats[seat];
            e.scout = random_below(&mut rng, 46) as i16 - 5;
            e.res = std::array::from_fn(|_| random_below(&mut rng, 4) as u8);
            e.indians = random_below(&mut rng, 4) as u8;
            visit(&s);
            visit(&t);
        }
        let a = s.random_action(&mut rng, &mut legal).unwrap();
        s.apply(a, &mut rng);
    }
}

/// R8, R16: the first-repetition test by counts (`feasible.rs`) gives the search's answer for
/// every hand card, support and Indian count, on positions of random games under each option.
#[test]
fn first_repetition_by_counts_matches_the_search() {
    let mut checked = 0;
    for config in search_configs() {
        let config = Config { max_rounds: 40, ..config };
        for players in 2..=5 {
            shuffled_positions(&config, players, 10 + players as u64, |s| {
                let me = s.me();
                for card in cardset_iter(me.hand) {
                    let others = me.hand & !(1 << card);
                    for support in std::iter::once(NONE).chain(cardset_iter(others)) {
                        for k in 0..=me.indians.min(3) {
                            if let Some(quick) = s.first_by_counts(card, support, k) {
                                assert_eq!(
                                    quick,
                                    s.first_by_full_search(card, support, k),
                                    "{card} {support} {k}\n{s:?}"
                                );
                                checked += 1;
                            }
                        }
                    }
                }
            });
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// R16: the cards `playable` settles without looking at their effect (`ALWAYS_PLAYABLE`)
/// complete their first repetition under the search with every support and Indian count, on
/// positions of random games under each option.
#[test]
fn always_playable_cards_complete_with_every_support_and_count() {
    let mut checked = 0;
    for config in search_configs() {
        let config = Config { max_rounds: 40, ..config };
        for players in 2..=5 {
            shuffled_positions(&config, players, 30 + players as u64, |s| {
                let me = s.me();
                for card in cardset_iter(me.hand & feasible::ALWAYS_PLAYABLE) {
                    let others = me.hand & !(1 << card);
                    for support in std::iter::once(NONE).chain(cardset_iter(others)) {
                        for k in 0..=me.indians.min(3) {
                            assert!(s.first_by_full_search(card, support, k), "{card} {support} {k}\n{s:?}");
                            checked += 1;
                        }
                    }
                }
            });
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// R8: where the decision on top is settled without a search (`options_all_complete`), every
/// option completes under the search too, on the decisions inside actions of random games under
/// each option, as played and with the acting seat's resources and boat Indians shuffled.
#[test]
fn options_settled_without_search_complete_under_the_search() {
    use crate::game::random_below;
    let (mut checked, mut settled) = (0, 0);
    for config in search_configs() {
        let config = Config { max_rounds: 60, ..config };
        for players in 2..=5 {
            let mut rng = rng_from_seed(40 + players as u64);
            let mut s = LewisClark::new(&config, players, &mut rng);
            let mut legal = Vec::new();
            while s.to_move().is_some() {
                if s.phase == Phase::Action {
                    let mut t = s.clone();
                    let e = &mut t.seats[t.current as usize];
                    e.res = std::array::from_fn(|_| random_below(&mut rng, 4) as u8);
                    e.indians = random_below(&mut rng, 4) as u8;
                    for p in [&s, &t] {
                        checked += 1;
                        if p.options_all_complete() {
                            settled += 1;
                            p.each_raw_option(|a| {
                                assert!(p.completes_after_by_full_search(a), "{a:?}\n{p:?}");
                                false
                            });
                        }
                    }
                }
                let a = s.random_action(&mut rng, &mut legal).unwrap();
                s.apply(a, &mut rng);
            }
        }
    }
    assert!(settled > 4_000 && checked > settled, "{settled} of {checked}");
}

/// R8, R9, D35: a payment or return settled by counts (`payment_by_counts`) completes under the
/// full search only after an option that can finish it, and alike after every such option, on the
/// decisions inside actions of random games under each option, as played and with the acting
/// seat's resources and boat Indians shuffled; as played, the legal options of every decision
/// inside an action are those that complete under the full search.
#[test]
fn payments_by_counts_complete_as_under_the_search() {
    use crate::game::random_below;
    let (mut decisions, mut payments) = (0, 0);
    for config in search_configs() {
        let config = Config { max_rounds: 60, ..config };
        for (players, seed) in (2..=5).flat_map(|p| (0..4).map(move |g| (p, 50 + 10 * g + p as u64))) {
            let mut rng = rng_from_seed(seed);
            let mut s = LewisClark::new(&config, players, &mut rng);
            let mut legal = Vec::new();
            while s.to_move().is_some() {
                if s.phase == Phase::Action {
                    decisions += 1;
                    let mut quick = Vec::new();
                    s.each_legal(|a| {
                        quick.push(a);
                        false
                    });
                    let mut full = Vec::new();
                    s.each_raw_option(|a| {
                        if s.completes_after_by_full_search(a) {
                            full.push(a);
                        }
                        false
                    });
                    assert_eq!(quick, full, "{s:?}");
                    let mut t = s.clone();
                    let e = &mut t.seats[t.current as usize];
                    e.res = std::array::from_fn(|_| random_below(&mut rng, 4) as u8);
                    e.indians = random_below(&mut rng, 4) as u8;
                    for p in [&s, &t] {
                        let Some(pay) = p.payment_by_counts() else { continue };
                        payments += 1;
                        let mut rest = None;
                        p.each_raw_option(|a| {
                            let ok = p.completes_after_by_full_search(a);
                            if p.payment_finishes(pay, a) {
                                assert_eq!(*rest.get_or_insert(ok), ok, "{a:?}\n{p:?}");
                            } else {
                                assert!(!ok, "{a:?}\n{p:?}");
                            }
                            false
                        });
                        assert_eq!(p.completable_in::<true>(), p.completable_in::<false>(), "{p:?}");
                    }
                }
                let a = s.random_action(&mut rng, &mut legal).unwrap();
                s.apply(a, &mut rng);
            }
        }
    }
    assert!(payments > 3_000 && decisions > payments, "{payments} of {decisions}");
}

/// R8, R16: a support-sensitive card's first repetition (e15, e29, e33, e35, e53) depends on its
/// support only through the support's badge and strength, so `playable` and the support step try
/// one support of each (badge, strength) kind: supports of one kind give the search the same
/// answer for every Indian count, on positions of random games under each option.
#[test]
fn supports_of_one_badge_and_strength_complete_alike() {
    let mut checked = 0;
    for config in search_configs() {
        let config = Config { max_rounds: 40, ..config };
        for players in 2..=5 {
            shuffled_positions(&config, players, 20 + players as u64, |s| {
                let me = s.me();
                for card in cardset_iter(me.hand).filter(|&c| matches!(number(c), Some(15 | 29 | 33 | 35 | 53))) {
                    let others = me.hand & !(1 << card);
                    for d in cardset_iter(others) {
                        for e in cardset_iter(others).filter(|&e| e > d) {
                            if (badge(d), strength(d)) != (badge(e), strength(e)) {
                                continue;
                            }
                            for k in 0..=me.indians.min(3 - strength(d)) {
                                let (a, b) = (s.first_by_full_search(card, d, k), s.first_by_full_search(card, e, k));
                                assert_eq!(a, b, "{card} {d} {e} {k}\n{s:?}");
                                checked += 1;
                            }
                        }
                    }
                }
            });
        }
    }
    assert!(checked > 1_000, "{checked}");
}

/// `strengths` of a set has bit `s` for each strength `s` of its cards.
#[test]
fn strengths_of_a_set_are_its_cards_strengths() {
    assert_eq!(strengths(0), 0);
    let mut all = 0u128;
    for card in 0..NUM_CARDS as u8 {
        assert_eq!(strengths(1 << card), 1 << strength(card), "card {card}");
        all |= 1 << card;
    }
    assert_eq!(strengths(all), 0b1110);
    for seat in 0..5 {
        assert_eq!(strengths(0b11_1111 << (6 * seat)), 0b110, "seat {seat}'s starting set");
    }
    assert_eq!(strengths(1 << enc(18) | 1 << enc(54)), 0b1010);
}

fn cardset_iter(set: u128) -> impl Iterator<Item = u8> {
    crate::games::mechanics::cardset::iter(set)
}

/// `max_strength` of a set is the largest `strength` of its cards: every single card, the empty
/// set, each seat's starting set (the Interpreter: 2) and sets mixing the three encounter bands.
#[test]
fn max_strength_is_the_strongest_card_of_the_set() {
    assert_eq!(max_strength(0), 0);
    for card in 0..NUM_CARDS as u8 {
        assert_eq!(max_strength(1 << card), strength(card), "card {card}");
    }
    for seat in 0..5 {
        assert_eq!(max_strength(0b11_1111 << (6 * seat)), 2, "seat {seat}'s starting set");
        assert_eq!(max_strength(0b11_1101 << (6 * seat)), 1, "seat {seat}'s starting set without its Interpreter");
    }
    assert_eq!(max_strength(1 << enc(18) | 1 << enc(36)), 2);
    assert_eq!(max_strength(1 << enc(1) | 1 << starting(2, 3) | 1 << enc(54)), 3);
}
