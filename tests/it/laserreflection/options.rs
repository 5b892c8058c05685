//! Spec "Options": defaults, and every bad value refused with the option's name and its valid
//! values.

use meeple::games::laserreflection::{Config, LaserState, Shapes};
use meeple::registry::config;

fn parse(text: &str) -> Result<Config, String> {
    config::<LaserState>(&toml::from_str(text).unwrap())
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
    let c = parse("shapes = 'both'\nwarps = true\nrounds = 5\nchallenge = 10").unwrap();
    assert_eq!((c.shapes, c.warps, c.rounds, c.challenge), (Shapes::Both, true, 5, 10));
}

#[test]
fn bad_options_name_themselves_and_their_valid_values() {
    let cases = [
        ("rounds = 2", "`rounds`", "1, 3, 5"),
        ("grid_size = 3", "`grid_size`", "4 to 12"),
        ("grid_size = 13", "`grid_size`", "4 to 12"),
        ("items = 31", "`items`", "3 to 30"),
        ("items = 2", "`items`", "3 to 30"),
        ("shapes = 'round'", "`shapes`", r#""none", "squares", "triangles", "both""#),
        ("max_edits = 0", "`max_edits`", "1 to 10000"),
        ("max_edits = 10001", "`max_edits`", "1 to 10000"),
        ("challenge = 4", "`challenge`", "3, 6, 10"),
        ("ref_node_cap = 0", "`ref_node_cap`", "at least 1"),
    ];
    for (text, name, valid) in cases {
        let e = parse(text).unwrap_err();
        assert!(e.contains(name) && e.contains(valid), "{text}: {e}");
    }
    let e = parse("colours = 3").unwrap_err();
    assert!(e.contains("colours"), "{e}");
    let e = parse("warps = 'yes'").unwrap_err();
    assert!(e.contains("warps") || e.contains("bool"), "{e}");
}
