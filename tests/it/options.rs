//! Game options as every game declares them once (`meeple::options`): what `meeple list` and
//! `--help` say about them, and the exact message of each kind of bad option, from the command
//! line and from a spec's `[options]`.

use meeple::game::Game;
use meeple::games::{
    bang, catcafe, connect4, ekonos, laserreflection, lewisclark, locomomo, mow, president, sevenwondersarchitects,
    sevenwondersduel,
};
use meeple::options::{Kind, Options, Table, TomlValue};
use meeple::registry::GAMES;

use super::common::{fails, meeple};

/// `meeple play` of `game` with `options` (`key=value`) and `extra` flags: its one-line error.
fn play_error(game: &str, options: &[&str], extra: &[&str]) -> String {
    let tmp = tempfile::tempdir().unwrap();
    let mut args = vec!["play", "--game", game, "--games", "2", "--quiet", "--out", "out"];
    args.extend(options.iter().flat_map(|o| ["--option", o]));
    args.extend_from_slice(extra);
    let err = fails(&args, tmp.path());
    assert!(!tmp.path().join("out").exists(), "no output for bad options");
    err.trim_end().to_string()
}

#[test]
fn list_prints_each_option_with_its_values_default_and_help() {
    let tmp = tempfile::tempdir().unwrap();
    let stdout = String::from_utf8(meeple(&["list"], tmp.path()).stdout).unwrap();
    for line in [
        "    six_specials         true | false (default true): a player with all six 5-fly cows at a round's end scores 0 for them",
        "    skip_mode            \"always\" | \"if_cannot_match\" (default \"always\"): who a match skips (needs skip = true)",
        "    start_points         an integer from -2147483648 to 2147483647 (default 50): the points every player starts with",
        "    start_footprints     an integer from 0 to 18 (default 1): paw prints circled at setup",
        "    rounds               1 | 3 | 5 (default 3): rounds of a race (2+ players only)",
        "    black_holes          \"yes\" | \"no\" | true | false (default \"yes\"): black holes may be drawn",
        "    ref_node_cap         an integer of at least 1 (default 100000000): node cap of the reference solver (meeple puzzles)",
        "    no_president_growth  \"active_at_6\" | \"active_always\" (default \"active_at_6\"): who decides growth 4 and 6 of a company nobody holds",
        "    first_player         \"seat0\" | \"random\" (default \"seat0\"): who is the first player (picks first, starts Age I)",
        "    wonders              \"random\" | a list of 2 to 7 distinct wonders (an array, or names separated by commas) among \
         \"alexandria\", \"babylon\", \"ephesus\", \"giza\", \"halicarnassus\", \"olympia\", \"rhodes\" (default \"random\"): \
         the wonder of each seat (e.g. \"giza,rhodes\"); a list fixes the player count",
    ] {
        assert!(stdout.lines().any(|l| l == line), "missing {line:?} in\n{stdout}");
    }
    // A game without options: no option line between its line and its labels.
    let lines: Vec<&str> = stdout.lines().collect();
    let c4 = lines.iter().position(|l| l.starts_with("  connect4 ")).unwrap();
    assert!(lines[c4 + 1].starts_with("    seat labels: "), "{stdout}");
    // Every declared option is listed, under its game.
    for g in GAMES {
        let at = lines.iter().position(|l| l.starts_with(&format!("  {} ", g.name))).unwrap();
        for (i, o) in g.options.iter().enumerate() {
            assert!(lines[at + 1 + i].trim_start().starts_with(&format!("{} ", o.name)), "{}: {stdout}", o.name);
        }
    }
}

#[test]
fn help_of_every_command_with_option_points_to_list() {
    let tmp = tempfile::tempdir().unwrap();
    for command in ["play", "run", "bench", "puzzles", "replay"] {
        let help = String::from_utf8(meeple(&[command, "--help"], tmp.path()).stdout).unwrap();
        let option = help.split("--option <KEY=VALUE>").nth(1).unwrap_or_else(|| panic!("{command}: {help}"));
        let about = option.split("\n\n").next().unwrap();
        assert!(about.contains("meeple list"), "{command}: {about}");
    }
}

#[test]
fn mow_option_errors() {
    assert_eq!(
        play_error("mow", &["foo=1"], &[]),
        "error: bad option for mow: unknown option `foo`; valid options: six_specials"
    );
    assert_eq!(
        play_error("mow", &["six_specials=yes"], &[]),
        r#"error: bad option for mow: six_specials must be true or false (default true), not "yes""#
    );
    assert_eq!(
        play_error("mow", &["six_specials=3"], &[]),
        "error: bad option for mow: six_specials must be true or false (default true), not 3"
    );
}

#[test]
fn president_option_errors() {
    let four = ["--players", "4"];
    assert_eq!(
        play_error("president", &["start_points=abc"], &four),
        "error: bad option for president: start_points must be an integer from -2147483648 to 2147483647 (default \
         50), not \"abc\""
    );
    assert_eq!(
        play_error("president", &["start_points=99999999999"], &four),
        "error: bad option for president: start_points must be an integer from -2147483648 to 2147483647 (default \
         50), not 99999999999"
    );
    assert_eq!(
        play_error("president", &["skip=true", "skip_mode=never"], &four),
        r#"error: bad option for president: skip_mode must be "always" or "if_cannot_match" (default "always"), not "never""#
    );
    // The rule between options.
    assert_eq!(
        play_error("president", &["skip_mode=always"], &four),
        "error: bad option for president: skip_mode only applies when skip = true (a match skips the next player); \
         set skip = true (on the command line: --option skip=true) or remove skip_mode"
    );
    assert_eq!(play_error("president", &["jokers"], &four), "error: --option `jokers` is not of the form key=value");
    assert_eq!(
        play_error("president", &["jokers=true", "jokers=false"], &four),
        "error: --option `jokers` is given twice (first true): give each option once"
    );
}

#[test]
fn each_kind_of_bad_option_has_its_message() {
    // Unknown, for a game with options and one without.
    assert_eq!(
        play_error("bang", &["dodge_city=true"], &[]),
        "error: bad option for bang: unknown option `dodge_city`; valid options: bga_small_tables, character_choice"
    );
    assert_eq!(
        play_error("connect4", &["gravity=false"], &[]),
        "error: bad option for connect4: unknown option `gravity`: connect4 has no options"
    );
    // Out of range, wrong type, bad choice.
    assert_eq!(
        play_error("catcafe", &["start_footprints=19"], &["--players", "2"]),
        "error: bad option for catcafe: start_footprints must be an integer from 0 to 18 (default 1), not 19"
    );
    assert_eq!(
        play_error("laserreflection", &["warps=maybe"], &["--players", "2"]),
        r#"error: bad option for laserreflection: warps must be "yes", "no", true or false (default "no"), not "maybe""#
    );
    assert_eq!(
        play_error("sevenwondersduel", &["first_player=seat1"], &[]),
        r#"error: bad option for sevenwondersduel: first_player must be "seat0" or "random" (default "seat0"), not "seat1""#
    );
    assert_eq!(
        play_error("ekonos", &["no_president_growth=3"], &["--players", "3"]),
        "error: bad option for ekonos: no_president_growth must be \"active_at_6\" or \"active_always\" (default \
         \"active_at_6\"), not 3"
    );
    // Rules between options, and options that fix the player count.
    assert_eq!(
        play_error("laserreflection", &["rounds=3", "challenge=3"], &[]),
        "error: bad option for laserreflection: options `rounds` (races of 2+ seats only) and `challenge` (solo only) \
         cannot both be set: give the one of the game you play"
    );
    assert_eq!(
        play_error("laserreflection", &["challenge=6"], &["--players", "2"]),
        "error: players: the option `challenge` applies only to the solo game, so laserreflection plays 1 player, not 2"
    );
    assert_eq!(
        play_error("sevenwondersarchitects", &["wonders=giza,rhodes"], &["--players", "3"]),
        "error: players: the option `wonders` lists 2 wonders, one per seat, so sevenwondersarchitects plays 2 \
         players, not 3"
    );
    assert_eq!(
        play_error("sevenwondersarchitects", &["wonders=giza,atlantis"], &[]),
        "error: bad option for sevenwondersarchitects: wonders must be \"random\" or a list of 2 to 7 distinct wonders \
         (an array, or names separated by commas) among \"alexandria\", \"babylon\", \"ephesus\", \"giza\", \
         \"halicarnassus\", \"olympia\", \"rhodes\" (default \"random\"), not \"giza,atlantis\": \"atlantis\" is not \
         one of the wonders"
    );
}

#[test]
fn a_spec_s_options_table_gets_the_same_messages() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = "game = 'sevenwondersarchitects'\nbots = ['random']\ngames = 2\n[options]\n";
    for (options, want) in [
        ("wonders = ['giza', 'giza']", r#"not ["giza", "giza"]: "giza" is listed twice"#),
        ("build_order = 'any'", r#"build_order must be "strict" or "by_floor" (default "strict"), not "any""#),
        ("players_bonus = 1", "unknown option `players_bonus`; valid options: wonders, build_order,"),
    ] {
        std::fs::write(tmp.path().join("bad.toml"), format!("{spec}{options}\n")).unwrap();
        let err = fails(&["run", "bad.toml", "--quiet", "--out", "out"], tmp.path());
        assert!(err.starts_with("error: bad option for sevenwondersarchitects: ") && err.contains(want), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// Every value each registered game declares valid is read (so each field's type holds the whole
/// declared range): the ends of integer ranges, every listed integer, every name.
#[test]
fn every_declared_value_of_every_game_is_read() {
    for g in GAMES {
        for o in g.options {
            let values: Vec<TomlValue> = match o.kind {
                Kind::Bool => vec![TomlValue::Boolean(true), TomlValue::Boolean(false)],
                Kind::YesNo => ["yes", "no"].map(|s| TomlValue::String(s.into())).into(),
                Kind::Int { min, max } => vec![TomlValue::Integer(min), TomlValue::Integer(max)],
                Kind::OneOf(values) => values.iter().map(|&v| TomlValue::Integer(v)).collect(),
                Kind::Choice(names) => names.iter().map(|&n| TomlValue::String(n.into())).collect(),
                Kind::List { names, min, max, word, .. } => vec![
                    TomlValue::String(word.into()),
                    TomlValue::String(names[..min].join(",")),
                    TomlValue::Array(names[..max].iter().map(|&n| TomlValue::String(n.into())).collect()),
                ],
            };
            for v in values {
                let mut table = Table::new();
                // President's rule: skip_mode applies only with skip = true.
                if o.name == "skip_mode" {
                    table.insert("skip".into(), TomlValue::Boolean(true));
                }
                table.insert(o.name.into(), v.clone());
                assert!((g.players)(&table).is_ok(), "{} {} = {v}: {:?}", g.name, o.name, (g.players)(&table));
            }
        }
    }
}

/// Each game's `Default` is its declared defaults, and its options table (run.toml's `config`)
/// writes them as declared.
fn defaults_are_declared<G: Game>() {
    let table = G::Config::default().to_table();
    let options = <G::Config as Options>::OPTIONS;
    assert_eq!(table.len(), options.len(), "{}", G::NAME);
    for o in options {
        assert_eq!(table[o.name], o.default.to_toml(), "{} {}", G::NAME, o.name);
    }
    assert_eq!(
        meeple::options::text(&G::Config::default()),
        meeple::options::text(&meeple::game::config::<G>(&Table::new()).unwrap())
    );
}

#[test]
fn every_game_s_defaults_are_its_declared_ones() {
    defaults_are_declared::<bang::BangState>();
    defaults_are_declared::<catcafe::CatCafe>();
    defaults_are_declared::<connect4::ConnectFour>();
    defaults_are_declared::<ekonos::EkonosState>();
    defaults_are_declared::<laserreflection::LaserState>();
    defaults_are_declared::<lewisclark::LewisClark>();
    defaults_are_declared::<locomomo::LocoMomoState>();
    defaults_are_declared::<mow::MowState>();
    defaults_are_declared::<president::PresidentState>();
    defaults_are_declared::<sevenwondersarchitects::ArchitectsState>();
    defaults_are_declared::<sevenwondersduel::SwdState>();
    assert_eq!(GAMES.len(), 11, "a new game is added above");
    assert_eq!(meeple::options::text(&mow::Config::default()), "{ six_specials = true }");
    assert_eq!(
        meeple::options::text(&president::Config::default()),
        r#"{ jokers = true, revolution = true, skip = false, skip_mode = "always", start_points = 50 }"#
    );
}
