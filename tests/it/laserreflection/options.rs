//! Spec "Options": defaults, and every bad value refused with the option's name and its valid
//! values.

use meeple::game::{Game, players_error};
use meeple::games::laserreflection::{Config, LaserState, Mode, Shapes};
use meeple::registry::config;

fn parse(text: &str) -> Result<Config, String> {
    config::<LaserState>(&toml::from_str(text).unwrap()).map_err(|e| e.to_string())
}

#[test]
fn defaults_are_bga_defaults() {
    let c = parse("").unwrap();
    assert_eq!(c, Config::default());
    assert_eq!(
        (c.rounds, c.grid_size, c.items, c.black_holes, c.warps, c.shapes, c.partial, c.max_edits, c.challenge),
        (3, 8, 10, true, false, Shapes::Squares, true, 200, 3)
    );
    assert_eq!(c.ref_node_cap, 100_000_000);
    assert_eq!(c.mode, Mode::Any, "neither `rounds` nor `challenge` written: any seat count");
    let c = parse("shapes = 'both'\nwarps = true\nrounds = 5").unwrap();
    assert_eq!((c.shapes, c.warps, c.rounds, c.mode), (Shapes::Both, true, 5, Mode::Race));
    let c = parse("challenge = 10").unwrap();
    assert_eq!((c.challenge, c.mode), (10, Mode::Solo));
}

/// The spec writes the values of `black_holes`, `warps` and `partial` as yes / no; TOML's
/// true / false stay accepted.
#[test]
fn yes_no_options_take_the_spec_spelling_and_booleans() {
    for (text, want) in [("'yes'", true), ("'no'", false), ("true", true), ("false", false)] {
        let c = parse(&format!("black_holes = {text}\nwarps = {text}\npartial = {text}")).unwrap();
        assert_eq!((c.black_holes, c.warps, c.partial), (want, want, want), "{text}");
    }
    for (option, default) in [("black_holes", "yes"), ("warps", "no"), ("partial", "yes")] {
        let e = parse(&format!("{option} = 'maybe'")).unwrap_err();
        let valid = format!(r#"{option} must be "yes", "no", true or false (default "{default}")"#);
        assert_eq!(e, format!(r#"bad option for laserreflection: {valid}, not "maybe""#));
        let e = parse(&format!("{option} = 1")).unwrap_err();
        assert_eq!(e, format!("bad option for laserreflection: {valid}, not 1"));
    }
}

/// A value of the wrong type names the option, its valid values and its default (it used to say
/// "expected i64").
#[test]
fn a_number_option_of_another_type_names_its_valid_values() {
    for (text, value) in
        [("'x'", r#""x""#), ("1.5", "1.5"), ("true", "true"), ("'100000000000000000000'", r#""100000000000000000000""#)]
    {
        let e = parse(&format!("ref_node_cap = {text}")).unwrap_err();
        let want = format!(
            "bad option for laserreflection: ref_node_cap must be an integer of at least 1 (default 100000000), not {value}"
        );
        assert_eq!(e, want, "{text}");
    }
    let e = parse("max_edits = 'many'").unwrap_err();
    assert_eq!(
        e,
        r#"bad option for laserreflection: max_edits must be an integer from 1 to 10000 (default 200), not "many""#
    );
    let e = parse("rounds = 3.0").unwrap_err();
    assert_eq!(e, "bad option for laserreflection: rounds must be 1, 3 or 5 (default 3), not 3.0");
}

/// `rounds` applies only to races and `challenge` only to the solo game: writing one fixes the
/// seat counts, and the other count is refused with the option named; both together are refused.
#[test]
fn race_and_solo_options_refuse_the_other_seat_count() {
    let players = |text: &str| <LaserState as Game>::players(&parse(text).unwrap());
    assert_eq!(players(""), 1..=6);
    assert_eq!(players("rounds = 3"), 2..=6);
    assert_eq!(players("challenge = 3"), 1..=1);
    assert_eq!(
        players_error::<LaserState>(&parse("challenge = 6").unwrap(), 2),
        "the option `challenge` applies only to the solo game, so laserreflection plays 1 player, not 2"
    );
    assert_eq!(
        players_error::<LaserState>(&parse("rounds = 1").unwrap(), 1),
        "the option `rounds` applies only to races of 2 or more seats, so laserreflection plays 2-6 players, not 1"
    );
    let e = parse("rounds = 3\nchallenge = 3").unwrap_err();
    assert!(
        e.contains("options `rounds` (races of 2+ seats only) and `challenge` (solo only) cannot both be set"),
        "{e}"
    );
}

#[test]
fn bad_options_name_themselves_and_their_valid_values() {
    let cases = [
        ("rounds = 2", "rounds must be 1, 3 or 5 (default 3), not 2"),
        ("grid_size = 3", "grid_size must be an integer from 4 to 12 (default 8), not 3"),
        ("grid_size = 13", "grid_size must be an integer from 4 to 12 (default 8), not 13"),
        ("items = 31", "items must be an integer from 3 to 30 (default 10), not 31"),
        ("items = 2", "items must be an integer from 3 to 30 (default 10), not 2"),
        (
            "shapes = 'round'",
            r#"shapes must be "none", "squares", "triangles" or "both" (default "squares"), not "round""#,
        ),
        ("max_edits = 0", "max_edits must be an integer from 1 to 10000 (default 200), not 0"),
        ("max_edits = 10001", "max_edits must be an integer from 1 to 10000 (default 200), not 10001"),
        ("challenge = 4", "challenge must be 3, 6 or 10 (default 3), not 4"),
        ("ref_node_cap = 0", "ref_node_cap must be an integer of at least 1 (default 100000000), not 0"),
    ];
    for (text, want) in cases {
        assert_eq!(parse(text).unwrap_err(), format!("bad option for laserreflection: {want}"), "{text}");
    }
    let e = parse("colours = 3").unwrap_err();
    assert_eq!(
        e,
        "bad option for laserreflection: unknown option `colours`; valid options: rounds, grid_size, items, \
         black_holes, warps, shapes, partial, max_edits, challenge, ref_node_cap"
    );
}
