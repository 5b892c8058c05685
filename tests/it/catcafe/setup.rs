//! Spec "Options" and "Setup".

use super::common::blank;
use meeple::game::{Game, rng_from_seed};
use meeple::games::catcafe::{CatCafe, Commit, Config, Phase};
use meeple::registry::config;

fn options(text: &str) -> Result<Config, String> {
    config::<CatCafe>(&toml::from_str(text).unwrap()).map_err(|e| e.to_string())
}

#[test]
fn start_footprints_defaults_to_1_and_accepts_0_to_18() {
    assert_eq!(options("").unwrap(), Config { start_footprints: 1 });
    assert_eq!(options("start_footprints = 0").unwrap().start_footprints, 0);
    assert_eq!(options("start_footprints = 18").unwrap().start_footprints, 18);
}

#[test]
fn bad_options_are_refused_with_their_name_and_valid_values() {
    for bad in ["start_footprints = 19", "start_footprints = -1", "start_footprints = 300"] {
        let e = options(bad).unwrap_err();
        assert!(e.contains("start_footprints") && e.contains("0 to 18"), "{bad}: {e}");
    }
    let e = options("start_footprints = 'one'").unwrap_err();
    assert!(e.contains("start_footprints"), "{e}");
    let e = options("footprints = 2").unwrap_err();
    assert!(e.contains("footprints") && e.contains("start_footprints"), "{e}");
}

#[test]
fn a_start_footprints_value_of_the_wrong_type_is_refused_with_the_valid_range() {
    for (bad, got) in [
        ("start_footprints = \"two\"", "\"two\""),
        ("start_footprints = \"\"", "\"\""),
        ("start_footprints = 1.5", "1.5"),
        ("start_footprints = true", "true"),
    ] {
        assert_eq!(
            options(bad).unwrap_err(),
            format!("bad option for catcafe: start_footprints must be an integer from 0 to 18 (default 1), not {got}"),
            "{bad}"
        );
    }
}

#[test]
fn two_to_four_players() {
    assert_eq!(CatCafe::players(&Config::default()), 2..=4);
}

#[test]
fn setup_gives_blank_sheets_with_start_footprints_and_round_1_led_by_seat_0() {
    for (players, start) in [(2, 1), (3, 0), (4, 7)] {
        let s = CatCafe::new_game(&Config { start_footprints: start }, players, &mut rng_from_seed(1));
        assert_eq!((s.round(), s.first_player(), s.phase(), s.to_move()), (1, 0, Phase::Draft, Some(0)));
        assert_eq!(s.dice().len(), players + 1);
        for p in 0..players {
            let sheet = s.sheet(p);
            assert_eq!((sheet.marked(), sheet.avail, sheet.used, sheet.cats), (0, start, 0, 0));
            assert_eq!((sheet.cat_points, sheet.banked, sheet.column_points), (0, 0, 0));
            assert_eq!(s.commit(p), Commit::None);
        }
    }
    assert_eq!(blank(3).sheet(2).avail, 1);
}
