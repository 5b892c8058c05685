//! Spec §1 (components and data), §2 (options), §3 (setup): W1, W3, S1–S6 and option errors.

use super::*;
use meeple::games::sevenwondersarchitects::data::{self, CENTRAL, DATA_VERSION};
use meeple::games::sevenwondersarchitects::{BuildOrder, Step, Token, Wonders};
use meeple::registry;

fn deck_total(w: Wonder, stone2: bool) -> u32 {
    w.deck(stone2).iter().map(|&c| u32::from(c)).sum()
}

fn horns(counts: &[u8; 14]) -> u32 {
    u32::from(counts[Card::Red1 as usize]) + 2 * u32::from(counts[Card::Red2 as usize])
}

#[test]
fn w1_data_totals() {
    assert_eq!(DATA_VERSION, "7wa-data-1");
    assert_eq!(CENTRAL.iter().map(|&c| u32::from(c)).sum::<u32>(), 60);
    for w in Wonder::ALL {
        assert_eq!(deck_total(w, false), 25, "{w}");
        assert_eq!(deck_total(w, true), 25, "{w}");
    }
    assert_eq!(60 + Wonder::ALL.iter().map(|&w| deck_total(w, false)).sum::<u32>(), 235);
    assert_eq!(horns(&CENTRAL), 8);
    let h: Vec<u32> = Wonder::ALL.iter().map(|&w| horns(&w.deck(false))).collect();
    assert_eq!(h, vec![3, 3, 3, 2, 4, 4, 4]);
    let vp: Vec<u32> = Wonder::ALL.iter().map(|&w| w.total_vp()).collect();
    assert_eq!(vp, vec![25, 20, 22, 30, 24, 22, 26]);
    let mut all = CENTRAL.map(u32::from);
    for w in Wonder::ALL {
        for (a, c) in all.iter_mut().zip(w.deck(false)) {
            *a += u32::from(c);
        }
    }
    // Wood, Stone, Clay, Papyrus, Glass, Gold, Gear, Compass, Tablet, Blue3, BlueCat, Red0, Red1, Red2.
    assert_eq!(all, [17, 17, 17, 17, 17, 27, 14, 14, 14, 16, 24, 18, 15, 8]);
    // The other Babylon row gives stone 18, clay 16 (D16).
    let b = Wonder::Babylon.deck(true);
    assert_eq!((b[Card::Stone as usize], b[Card::Clay as usize]), (2, 1));
    let mut other = CENTRAL.map(u32::from);
    for w in Wonder::ALL {
        for (a, c) in other.iter_mut().zip(w.deck(true)) {
            *a += u32::from(c);
        }
    }
    assert_eq!((other[Card::Stone as usize], other[Card::Clay as usize]), (18, 16));
}

#[test]
fn w3_conflict_tokens_by_player_count() {
    let counts: Vec<u8> = (2..=7).map(data::conflict_tokens).collect();
    assert_eq!(counts, vec![3, 3, 4, 5, 6, 6]);
    let s = ArchitectsState::new(&Config::default(), 5, &mut rng_from_seed(1));
    assert_eq!(s.conflict(), (0, 5));
}

#[test]
fn stage_data_by_cost_position() {
    assert_eq!(
        (1..=5).map(data::stage_cost).collect::<Vec<_>>(),
        vec![
            (2, data::Constraint::Different),
            (2, data::Constraint::Identical),
            (3, data::Constraint::Different),
            (3, data::Constraint::Identical),
            (4, data::Constraint::Different),
        ]
    );
    assert_eq!(Wonder::Ephesus.power_stages(false), 0b01110);
    assert_eq!(Wonder::Babylon.power_stages(true), 0b10010);
    assert_eq!(Wonder::Giza.power_stages(false), 0);
    assert_eq!((1..=5).map(|s| Wonder::Rhodes.floor(s)).collect::<Vec<_>>(), vec![1, 1, 2, 3, 4]);
}

#[test]
fn s1_to_s6_setup() {
    for n in 2..=7 {
        let s = ArchitectsState::new(&Config::default(), n, &mut rng_from_seed(n as u64));
        // S1: seat 0 begins with its main take.
        assert_eq!((s.active(), s.step(), s.turns()), (0, Step::MainTake, 1));
        // S2: n distinct wonders.
        let ws: std::collections::HashSet<_> = (0..n).map(|p| s.wonder(p)).collect();
        assert_eq!(ws.len(), n);
        // S3, S4: 25-card wonder decks with their own cards, 60 central cards.
        for k in 0..n {
            assert_eq!(s.deck_size(k), 25);
            let mut c = [0u8; 14];
            for card in s.deck_cards(k) {
                c[card as usize] += 1;
            }
            assert_eq!(c, s.wonder(k).deck(false));
            assert_eq!(s.deck_top(k), Some(s.deck_cards(k)[0]));
        }
        assert_eq!(s.central_cards().len(), 60);
        // S5: 3 face-up tokens and 12 in the stack. S6: peace, no cat, nothing built.
        assert_eq!((s.display().len(), s.stack_size()), (3, 12));
        assert_eq!((s.conflict().0, s.cat(), s.battle_pending()), (0, None, false));
        assert!((0..n).all(|p| s.stages(p) == 0 && s.token_count(p) == 0));
        s.check_invariants().unwrap();
    }
    // Wonders are dealt at random: over seeds, seat 0 gets several different ones.
    let seat0: std::collections::HashSet<_> =
        (0..40).map(|seed| ArchitectsState::new(&Config::default(), 3, &mut rng_from_seed(seed)).wonder(0)).collect();
    assert_eq!(seat0.len(), 7);
}

fn parse(options: &str) -> Result<Config, String> {
    let table: toml::Table = toml::from_str(options).map_err(|e| e.to_string())?;
    registry::config::<ArchitectsState>(&table).map_err(|e| e.to_string())
}

#[test]
fn options_parse_with_their_defaults() {
    assert_eq!(parse("").unwrap(), Config::default());
    let c = parse(
        "wonders = ['giza', 'rhodes', 'babylon']\nbuild_order = 'by_floor'\nbabylon_deck = 'stone2_clay1'\n\
         babylon_power = 's2_s5'\ntoken_limit = 'all'\ncat_peek = 'every_take'",
    )
    .unwrap();
    assert_eq!(c.build_order, BuildOrder::ByFloor);
    assert_eq!(ArchitectsState::players(&c), 3..=3);
    let s = ArchitectsState::new(&c, 3, &mut rng_from_seed(1));
    assert_eq!((s.wonder(0), s.wonder(1), s.wonder(2)), (Wonder::Giza, Wonder::Rhodes, Wonder::Babylon));
    // The command line's comma-separated form.
    assert_eq!(parse("wonders = 'giza,rhodes,babylon'").unwrap().wonders, c.wonders);
    assert_eq!(parse("wonders = 'random'").unwrap().wonders, Wonders::Random);
    assert_eq!(ArchitectsState::players(&Config::default()), 2..=7);
}

#[test]
fn every_bad_option_is_an_error_naming_it_and_its_values() {
    for (options, want) in [
        ("build_order = 'any'", r#"build_order must be "strict" or "by_floor" (default "strict"), not "any""#),
        (
            "babylon_deck = 'x'",
            r#"babylon_deck must be "stone1_clay2" or "stone2_clay1" (default "stone1_clay2"), not "x""#,
        ),
        ("babylon_power = 's2_s3'", r#"babylon_power must be "s2_s4" or "s2_s5" (default "s2_s4"), not "s2_s3""#),
        ("token_limit = 1", r#"token_limit must be "triggers" or "all" (default "triggers"), not 1"#),
        ("cat_peek = 'never'", r#"cat_peek must be "turn_start" or "every_take" (default "turn_start"), not "never""#),
    ] {
        assert_eq!(parse(options).unwrap_err(), format!("bad option for sevenwondersarchitects: {want}"), "{options}");
    }
    // A list: the option and its valid values, the value given, then what is wrong with it.
    let wonders = r#"bad option for sevenwondersarchitects: wonders must be "random" or a list of 2 to 7 distinct wonders (an array, or names separated by commas) among "alexandria", "babylon", "ephesus", "giza", "halicarnassus", "olympia", "rhodes" (default "random"), not"#;
    for (options, problem) in [
        ("wonders = ['giza', 'giza']", r#"["giza", "giza"]: "giza" is listed twice"#),
        ("wonders = 'rhodes,giza,rhodes'", r#""rhodes,giza,rhodes": "rhodes" is listed twice"#),
        ("wonders = ['giza']", r#"["giza"]: 1 listed, at least 2 are needed"#),
        ("wonders = 'giza'", r#""giza": 1 listed, at least 2 are needed"#),
        ("wonders = 'atlantis,giza'", r#""atlantis,giza": "atlantis" is not one of the wonders"#),
        ("wonders = [1, 2]", "[1, 2]"),
        ("wonders = 3", "3"),
    ] {
        assert_eq!(parse(options).unwrap_err(), format!("{wonders} {problem}"), "{options}");
    }
    assert_eq!(
        parse("players_bonus = 1").unwrap_err(),
        "bad option for sevenwondersarchitects: unknown option `players_bonus`; valid options: wonders, \
         build_order, babylon_deck, babylon_power, token_limit, cat_peek"
    );
}

#[test]
fn tokens_are_fifteen_of_fourteen_kinds() {
    assert_eq!(Token::ALL.iter().map(|t| u32::from(t.copies())).sum::<u32>(), 15);
}
