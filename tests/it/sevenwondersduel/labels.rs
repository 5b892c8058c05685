//! Spec "Labels for statistics": the VP parts, coins, per-token and per-guild labels.

use meeple::game::{Game, rng_from_seed};
use meeple::games::sevenwondersduel::data::{CARDS, GUILDS, TOKEN_NAMES};
use meeple::games::sevenwondersduel::{Action, GameLabels, SeatLabels, SwdState, VP_PARTS};
use meeple::games::sevenwondersduel::{Config, WonderSelection};
use rand::RngExt;

use super::c;
use super::turns::w17_position;
use meeple::labels::Labels;

/// Value of the seat label `name`.
fn seat_label(s: &SwdState, seat: usize, name: &str) -> String {
    s.seat_labels(seat).text(name)
}

#[test]
fn the_label_names_are_the_specs_in_data_order() {
    let parts: Vec<String> = VP_PARTS.iter().map(|p| format!("vp_{p}")).collect();
    let at = SeatLabels::NAMES.iter().position(|&l| l == "vp_military").unwrap();
    assert_eq!(SeatLabels::NAMES[at..at + 8], parts[..]);
    let tokens: Vec<String> = TOKEN_NAMES.iter().map(|t| format!("progress_{t}")).collect();
    assert_eq!(SeatLabels::NAMES[SeatLabels::NAMES.len() - 10..], tokens[..]);
    let guilds: Vec<&str> = (66..73).map(|g| CARDS[g].id).collect();
    assert_eq!(GameLabels::NAMES[GameLabels::NAMES.len() - 7..], guilds[..]);
    assert!(SeatLabels::NAMES.contains(&"coins"));
    let named = ["victory", "tiebreak", "end_age", "first_player", "wonders_built_total", "wonder_lost"];
    assert_eq!(GameLabels::NAMES[..6], named);
}

/// W17's final position (spec values): every VP part, the coins and the tokens held as labels.
#[test]
fn vp_parts_coins_and_tokens_are_exact_labels_w17() {
    let end = play_w17();
    let parts = |seat| VP_PARTS.map(|p| seat_label(&end, seat, &format!("vp_{p}")));
    assert_eq!(parts(0), ["5", "13", "2", "6", "4", "15", "13", "5"]);
    assert_eq!(parts(1), ["0", "18", "0", "3", "6", "6", "4", "7"]);
    assert_eq!([seat_label(&end, 0, "coins"), seat_label(&end, 1, "coins")], ["17", "23"]);
    assert_eq!([seat_label(&end, 0, "vp"), seat_label(&end, 1, "vp")], ["60-69", "40-49"]);
    let held = |seat| {
        TOKEN_NAMES
            .iter()
            .filter(|t| seat_label(&end, seat, &format!("progress_{t}")) == "yes")
            .copied()
            .collect::<Vec<_>>()
    };
    assert_eq!(held(0), ["mathematics", "philosophy"]);
    assert_eq!(held(1), ["agriculture"]);
    assert_eq!(seat_label(&end, 1, "progress_mathematics"), "no");
    // 100 coins and more share one value.
    let rich = end.with_coins(0, 100);
    assert_eq!([seat_label(&rich, 0, "coins"), seat_label(&rich, 0, "vp_coins")], ["100+", "33"]);
}

fn play_w17() -> SwdState {
    super::play(w17_position(), &[Action::Discard(c("palace"))])
}

/// The guild labels of random games: `no_age_3` before Age III; otherwise `dealt` exactly for the
/// guilds seen (in a city, under a wonder, discarded or face up in the structure), and the
/// others `not_dealt` when all three were seen, else `undecided`. All four values occur.
#[test]
fn guild_labels_name_the_guilds_dealt_in_age_three() {
    let config = Config { wonder_selection: WonderSelection::Random, ..Config::default() };
    let mut seen_values = std::collections::BTreeSet::new();
    let mut legal = Vec::new();
    for seed in 0..3000 {
        let mut rng = rng_from_seed(seed);
        let mut s = SwdState::new(&config, &mut rng);
        while s.to_move().is_some() {
            s.legal_actions(&mut legal);
            s.apply(legal[rng.random_range(0..legal.len())], &mut rng);
        }
        let (present, face_up) = s.slots();
        let structure: u128 =
            (0..20).filter(|&i| present & face_up & 1 << i != 0).map(|i| 1u128 << s.slot_card(i).unwrap()).sum();
        let seen = GUILDS & (s.city(0) | s.city(1) | s.tucked() | s.discard() | structure);
        for g in 66..73u8 {
            let want = match () {
                _ if s.age() < 3 => "no_age_3",
                _ if seen & 1 << g != 0 => "dealt",
                _ if seen.count_ones() == 3 => "not_dealt",
                _ => "undecided",
            };
            assert_eq!(s.game_labels().text(CARDS[g as usize].id), want, "seed {seed}, {}", CARDS[g as usize].id);
            seen_values.insert(want);
        }
    }
    assert_eq!(seen_values.into_iter().collect::<Vec<_>>(), ["dealt", "no_age_3", "not_dealt", "undecided"]);
}

/// Under `wonder_selection = "random"` the `dealt_ID` labels say which 4 wonders each seat was
/// dealt at setup (disjoint, 8 in all, kept to the end whether built or not); under the draft
/// they do not apply (`-`).
#[test]
fn dealt_labels_record_the_random_deal_and_not_the_draft() {
    let names: Vec<&str> = SeatLabels::NAMES.iter().copied().filter(|n| n.starts_with("dealt_")).collect();
    assert_eq!(names.len(), 12);
    assert_eq!(names[0], "dealt_appian_way");
    let random = Config { wonder_selection: WonderSelection::Random, ..Config::default() };
    let mut legal = Vec::new();
    for seed in 0..20 {
        let mut rng = rng_from_seed(seed);
        let mut s = SwdState::new(&random, &mut rng);
        let at_setup: Vec<Vec<String>> =
            (0..2).map(|seat| names.iter().map(|n| seat_label(&s, seat, n)).collect()).collect();
        while s.to_move().is_some() {
            s.legal_actions(&mut legal);
            s.apply(legal[rng.random_range(0..legal.len())], &mut rng);
        }
        for (seat, dealt) in at_setup.iter().enumerate() {
            let end: Vec<String> = names.iter().map(|n| seat_label(&s, seat, n)).collect();
            assert_eq!(&end, dealt, "the deal does not change in play");
            assert_eq!(end.iter().filter(|v| *v == "yes").count(), 4);
            for (n, v) in names.iter().zip(&end) {
                let fate = seat_label(&s, seat, &n["dealt_".len()..]);
                assert_eq!(v == "yes", fate != "none", "{n}: dealt {v}, fate {fate}");
            }
        }
        let both = (0..names.len()).filter(|&i| at_setup[0][i] == "yes" && at_setup[1][i] == "yes").count();
        assert_eq!(both, 0);
    }
    let s = SwdState::new(&Config::default(), &mut rng_from_seed(1));
    assert!(names.iter().all(|n| seat_label(&s, 0, n) == "-"));
}
