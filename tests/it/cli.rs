//! The `meeple` command line end to end: happy paths and every documented error.

use crate::common::{fails, meeple};

fn play<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut v =
        vec!["play", "--game", "connect4", "--bots", "random,random", "--games", "200", "--quiet", "--out", "out"];
    v.extend_from_slice(extra);
    v
}

#[test]
fn play_writes_summary_and_reports_first_seat_win_rate() {
    let tmp = tempfile::tempdir().unwrap();
    let out = meeple(&play(&["--per-game"]), tmp.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.lines().any(|l| l.contains("seat") && l.contains(" 0 ") && l.contains('[')), "{stdout}");
    let summary = std::fs::read_to_string(tmp.path().join("out/summary.csv")).unwrap();
    assert!(summary.starts_with("players,label,value,games,wins,draws,losses,win_rate,win_rate_low,win_rate_high,"));
    assert!(summary.contains("\n2,seat,0,200,"), "{summary}");
    assert_eq!(std::fs::read_to_string(tmp.path().join("out/games.csv")).unwrap().lines().count(), 201);
}

#[test]
fn run_reads_an_experiment_spec() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("exp.toml"),
        "game = 'connect4'\nbots = ['random']\ngames = 50\nseed = 3\nout = 'res'\n",
    )
    .unwrap();
    let out = meeple(&["run", "exp.toml", "--quiet"], tmp.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let spec = std::fs::read_to_string(tmp.path().join("res/spec.toml")).unwrap();
    assert!(spec.contains("seed = 3") && !spec.contains("out"), "{spec}");
}

#[test]
fn list_shows_games_with_player_ranges_and_bots() {
    let tmp = tempfile::tempdir().unwrap();
    let stdout = String::from_utf8(meeple(&["list"], tmp.path()).stdout).unwrap();
    assert!(stdout.contains("connect4") && stdout.contains("2 players"), "{stdout}");
    assert!(stdout.contains("random"), "{stdout}");
}

#[test]
fn list_states_each_games_players_once_and_its_options_with_valid_values() {
    let tmp = tempfile::tempdir().unwrap();
    let stdout = String::from_utf8(meeple(&["list"], tmp.path()).stdout).unwrap();
    // Each game's line gives its player range once (several games may share a range).
    for (game, players) in
        [("bang", "4-7 players"), ("connect4", "2 players"), ("mow", "2-5 players"), ("president", "4-8 players")]
    {
        let line = stdout.lines().find(|l| l.trim_start().starts_with(&format!("{game} "))).unwrap_or_default();
        assert_eq!(line.matches(players).count(), 1, "{game} {players}: {stdout}");
    }
    let option = |key: &str| stdout.lines().find(|l| l.trim_start().starts_with(key)).unwrap_or_default();
    assert!(option("skip_mode").contains(r#""always" | "if_cannot_match""#), "{stdout}");
    assert!(option("six_specials").contains("true | false (default true)"), "{stdout}");
    for key in ["bga_small_tables", "character_choice", "jokers", "revolution", "skip ", "start_points"] {
        assert!(!option(key).is_empty(), "{key}: {stdout}");
    }
}

/// Every game's seat and game labels follow its options, item labels shortened to their first
/// and last names.
/// Each label is listed under its game with the first sentence of its doc comment: its meaning
/// and, where the doc gives them, its values.
#[test]
fn list_shows_each_games_labels() {
    let tmp = tempfile::tempdir().unwrap();
    let stdout = String::from_utf8(meeple(&["list"], tmp.path()).stdout).unwrap();
    // The game's label lines, from `seat labels` to the next game, with runs of spaces as one.
    let after = |game: &str| {
        let lines: Vec<&str> = stdout.lines().collect();
        let at = lines.iter().position(|l| l.trim_start().starts_with(&format!("{game} "))).unwrap();
        let from = at + lines[at..].iter().position(|l| l.trim_start().starts_with("seat labels")).unwrap();
        let block = lines[from..].iter().take_while(|l| l.starts_with("    "));
        block.map(|l| l.split_whitespace().collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(
        after("bang"),
        "seat labels:\n\
         role The seat's role card: `sheriff`, `deputy`, `outlaw` or `renegade`.\n\
         character The seat's character, e.g. `bart_cassidy`.\n\
         seat_from_sheriff Seats clockwise from the Sheriff to this one: `0` for the Sheriff.\n\
         game labels:\n\
         winner The side that won (C7.5): `sheriff`, `outlaws` or `renegade`."
    );
    assert!(stdout.contains("\n    seat labels:\n      role               The seat's role card"), "{stdout}");
    assert_eq!(after("connect4"), "seat labels: none\ngame labels: none");
    let duel = after("sevenwondersduel");
    assert!(
        duel.contains(
            "\nappian_way … temple_of_artemis (12) One label per wonder, named by its id: `built`, `unbuilt` \
             (drafted by the seat, not built) or `none` (not the seat's).\n\
             dealt_appian_way … dealt_temple_of_artemis (12) One label per wonder, named `dealt_ID`, under \
             `wonder_selection = \"random\"`: `yes` (dealt to the seat at setup) or `no`; `-` under the draft.\n\
             progress_agriculture … progress_urbanism (10) One label per progress token"
        ),
        "{duel}"
    );
    assert!(
        duel.ends_with(
            "\nmerchants_guild … tacticians_guild (7) One label per guild, named by its id: `dealt`, `not_dealt`, \
             `undecided` or `no_age_3`."
        ),
        "{duel}"
    );
}

#[test]
fn unknown_game_lists_the_valid_names() {
    let tmp = tempfile::tempdir().unwrap();
    let err = fails(&["play", "--game", "chess", "--games", "10"], tmp.path());
    assert!(err.contains("unknown game `chess`") && err.contains("connect4"), "{err}");
    assert!(!tmp.path().join("runs").exists(), "no output for bad input");
}

#[test]
fn unknown_bot_lists_the_valid_bots() {
    let tmp = tempfile::tempdir().unwrap();
    let err = fails(&["play", "--game", "connect4", "--bots", "random,alphazero", "--out", "out"], tmp.path());
    assert!(err.contains("unknown bot `alphazero`") && err.contains("random"), "{err}");
    assert!(!tmp.path().join("out").exists(), "no output for bad input");
}

#[test]
fn player_count_out_of_range_gives_the_range() {
    let tmp = tempfile::tempdir().unwrap();
    let err = fails(&play(&["--players", "3"]), tmp.path());
    assert!(err.contains("connect4 plays 2 players, not 3"), "{err}");
}

/// An option given twice on the command line is refused (the last one used to win silently).
#[test]
fn an_option_given_twice_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let args =
        ["play", "--game", "mow", "--players", "3", "--bots", "random", "--games", "2", "--quiet", "--out", "out"];
    let twice = ["--option", "six_specials=true", "--option", "six_specials=false"];
    let err = fails(&[&args[..], &twice[..]].concat(), tmp.path());
    assert!(err.contains("--option `six_specials` is given twice (first true)"), "{err}");
    assert!(!tmp.path().join("out").exists(), "no output for bad input");
}

/// When an option sets the player count (7 Wonders Architects' `wonders` list), the error names
/// the option instead of a range like "2-2", for `play` and for `bench`.
#[test]
fn a_player_count_set_by_an_option_is_explained_by_the_option() {
    let tmp = tempfile::tempdir().unwrap();
    let game = ["--game", "sevenwondersarchitects", "--option", "wonders=giza,rhodes", "--players", "3"];
    let said = "the option `wonders` lists 2 wonders, one per seat, so sevenwondersarchitects plays 2 players, not 3";
    let err = fails(&[&["play", "--games", "2", "--quiet", "--out", "out"], &game[..]].concat(), tmp.path());
    assert!(err.contains(&format!("players: {said}")) && !err.contains("2-2"), "{err}");
    let err = fails(&[&["bench", "--seconds", "0.1", "--threads", "1"], &game[..]].concat(), tmp.path());
    assert!(err.contains(said), "{err}");
    // Without the option the game's own range is given.
    let err = fails(&["play", "--game", "sevenwondersarchitects", "--players", "8", "--out", "out"], tmp.path());
    assert!(err.contains("sevenwondersarchitects plays 2-7 players, not 8"), "{err}");
}

#[test]
fn unknown_spec_field_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("bad.toml"),
        "game = 'connect4'\nbots = ['random']\ngames = 5\nseed = 1\nthreads_per_game = 4\n",
    )
    .unwrap();
    let err = fails(&["run", "bad.toml"], tmp.path());
    assert!(err.contains("bad.toml") && err.contains("threads_per_game"), "{err}");
}

#[test]
fn malformed_spec_names_the_file_and_line() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("bad.toml"), "game = 'connect4'\ngames = = 5\n").unwrap();
    let err = fails(&["run", "bad.toml"], tmp.path());
    assert!(err.contains("bad.toml") && err.contains("line 2"), "{err}");
}

#[test]
fn wrongly_typed_spec_field_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("bad.toml"), "game = 'connect4'\nbots = ['random']\ngames = 'many'\nseed = 1\n")
        .unwrap();
    let err = fails(&["run", "bad.toml"], tmp.path());
    assert!(err.contains("games"), "{err}");
}

#[test]
fn unknown_game_option_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let err = fails(&play(&["--option", "gravity=false"]), tmp.path());
    assert!(err.contains("gravity"), "{err}");
}

#[test]
fn an_integer_option_of_the_wrong_type_names_the_option_and_its_valid_values() {
    let tmp = tempfile::tempdir().unwrap();
    let footprints = "start_footprints must be an integer from 0 to 18 (default 1), not";
    for (game, players, option, want) in [
        ("catcafe", "2", "start_footprints=abc", format!(r#"{footprints} "abc""#)),
        ("catcafe", "2", "start_footprints=1.5", format!("{footprints} 1.5")),
        ("catcafe", "2", "start_footprints=true", format!("{footprints} true")),
        ("catcafe", "2", "start_footprints=", format!(r#"{footprints} """#)),
        (
            "laserreflection",
            "2",
            "grid_size=abc",
            r#"grid_size must be an integer from 4 to 12 (default 8), not "abc""#.into(),
        ),
        ("laserreflection", "2", "items=1.5", "items must be an integer from 3 to 30 (default 10), not 1.5".into()),
        (
            "laserreflection",
            "2",
            "ref_node_cap=abc",
            r#"ref_node_cap must be an integer of at least 1 (default 100000000), not "abc""#.into(),
        ),
        (
            "president",
            "4",
            "start_points=abc",
            r#"start_points must be an integer from -2147483648 to 2147483647 (default 50), not "abc""#.into(),
        ),
    ] {
        let args = ["play", "--game", game, "--players", players, "--games", "1", "--quiet", "--option", option];
        let err = fails(&[&args[..], &["--out", "out"]].concat(), tmp.path());
        assert_eq!(err.trim_end(), format!("error: bad option for {game}: {want}"), "{option}");
    }
    std::fs::write(
        tmp.path().join("bad.toml"),
        "game = 'catcafe'\nplayers = [2]\nbots = ['random']\ngames = 1\nseed = 1\n[options]\nstart_footprints = \"two\"\n",
    )
    .unwrap();
    let err = fails(&["run", "bad.toml", "--quiet", "--out", "out"], tmp.path());
    assert_eq!(err.trim_end(), format!(r#"error: bad option for catcafe: {footprints} "two""#));
}

#[test]
fn unwritable_output_fails_before_any_game_is_played() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("file"), "not a directory").unwrap();
    // A billion games would take minutes: failing at once shows no game was played.
    let start = std::time::Instant::now();
    let err = fails(&["play", "--game", "connect4", "--games", "1000000000", "--out", "file/out"], tmp.path());
    assert!(err.contains("cannot create output directory file/out: "), "{err}");
    assert!(start.elapsed().as_secs() < 30);
}

#[test]
fn an_output_path_naming_a_file_zero_threads_and_a_zero_action_cap_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("file"), "not a directory").unwrap();
    let err = fails(&["play", "--game", "connect4", "--quiet", "--out", "file"], tmp.path());
    assert!(err.contains("output path file is a file; give a directory"), "{err}");
    let err = fails(&play(&["--max-actions", "0"]), tmp.path());
    assert!(err.contains("max_actions: must be at least 1"), "{err}");
    for args in [play(&["--threads", "0"]), vec!["bench", "--game", "connect4", "--threads", "0"]] {
        let err = fails(&args, tmp.path());
        let valid = "expected a whole number of threads, at least 1 (1, 2, …), not \"0\"; leave --threads out to use \
                     every core";
        assert!(err.contains("'--threads <THREADS>'") && err.contains(valid), "{err}");
    }
    assert!(!tmp.path().join("out").exists(), "no output for bad input");
}

#[test]
fn malformed_shard_is_explained() {
    let tmp = tempfile::tempdir().unwrap();
    for bad in ["5/4", "0/4", "two/4", "3"] {
        let err = fails(&play(&["--shard", bad]), tmp.path());
        assert!(err.contains(&format!("--shard `{bad}` is malformed")) && err.contains("k/n"), "{err}");
    }
    assert!(!tmp.path().join("out").exists(), "no output for bad input");
}

#[test]
fn sharded_cli_runs_merge_into_the_single_run() {
    let tmp = tempfile::tempdir().unwrap();
    let base = ["play", "--game", "connect4", "--games", "300", "--seed", "9", "--per-game", "--quiet"];
    let run = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        assert!(meeple(&args, tmp.path()).status.success());
    };
    run(&["--out", "whole"]);
    run(&["--out", "s1", "--shard", "1/2"]);
    run(&["--out", "s2", "--shard", "2/2"]);
    assert!(meeple(&["merge", "s1", "s2", "--out", "merged"], tmp.path()).status.success());
    for f in ["summary.csv", "games.csv", "counts.json", "spec.toml"] {
        let read = |d: &str| std::fs::read(tmp.path().join(d).join(f)).unwrap();
        assert_eq!(read("whole"), read("merged"), "{f}");
    }
}

#[test]
fn merge_refuses_to_write_into_one_of_its_shards() {
    let tmp = tempfile::tempdir().unwrap();
    for k in 1..=2 {
        let (out, shard) = (format!("s{k}"), format!("{k}/2"));
        let args =
            ["play", "--game", "connect4", "--games", "50", "--per-game", "--quiet", "--out", &out, "--shard", &shard];
        assert!(meeple(&args, tmp.path()).status.success());
    }
    let before = std::fs::read(tmp.path().join("s1/games.csv")).unwrap();
    let err = fails(&["merge", "s1", "s2", "--out", "s1"], tmp.path());
    assert!(err.contains("is one of the shard directories"), "{err}");
    assert_eq!(std::fs::read(tmp.path().join("s1/games.csv")).unwrap(), before, "the shard is untouched");
}

#[test]
fn a_player_count_listed_twice_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("dup.toml"),
        "game = 'bang'\nplayers = [4, 4]\nbots = ['random']\ngames = 5\nseed = 1\n",
    )
    .unwrap();
    let err = fails(&["run", "dup.toml"], tmp.path());
    assert!(err.contains("players: 4 is listed twice"), "{err}");
}

#[test]
fn bot_parameters_with_commas_work_on_the_command_line() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "connect4", "--bots", "mcts:iterations=20,c=2,random", "--games", "4", "--quiet"];
    let out = meeple(&args, tmp.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8(out.stdout).unwrap().contains("mcts:iterations=20,c=2"));
}

#[test]
fn sprt_stops_early_and_says_which_way() {
    let tmp = tempfile::tempdir().unwrap();
    let args = [
        "play",
        "--game",
        "connect4",
        "--bots",
        "mcts:iterations=100,random",
        "--seats",
        "rotate",
        "--games",
        "10000",
        "--sprt",
        "0,10,0.05,0.05",
        "--quiet",
        "--out",
        "out",
    ];
    let out = meeple(&args, tmp.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("LLR") && stdout.contains("[-2.944, 2.944], H1 accepted: elo >= 10"), "{stdout}");
    let versus = std::fs::read_to_string(tmp.path().join("out/versus.csv")).unwrap();
    // Then `forfeited_deals` 0 and `margin_deals` empty (Connect 4 has no scores), in every file.
    assert!(versus.lines().nth(1).unwrap().ends_with(",2.944439,h1,0,"), "{versus}");
    assert!(std::fs::read_to_string(tmp.path().join("out/spec.toml")).unwrap().contains("[sprt]"));

    // The early stop is a caveat after the run and in report.md, with where it stopped.
    let deals: u64 = versus.lines().nth(1).unwrap().split(',').nth(5).unwrap().parse().unwrap();
    let stop = format!("2 players: the SPRT stopped after {} of 10000 games, accepting H1 (elo >= 10)", 2 * deals);
    assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("warning: {stop}")), "{:?}", out.stderr);
    assert!(meeple(&["report", "out"], tmp.path()).status.success());
    let md = std::fs::read_to_string(tmp.path().join("out/report.md")).unwrap();
    assert!(md.contains(&format!("## caveats\n\n- {stop}")), "{md}");
    assert!(md.contains(&format!("| H1 accepted: elo >= 10 | early, after {} of 10000 games |", 2 * deals)), "{md}");
}

/// Games stopped at the action cap are a caveat after the run and in report.md when they are a
/// material share (here most of 200 BANG! games at 60 actions), with the per-game label's share
/// over all games; a run without truncation has none.
#[test]
fn a_material_truncated_share_is_warned_about_after_the_run_and_in_the_report() {
    let tmp = tempfile::tempdir().unwrap();
    let run = ["play", "--game", "bang", "--players", "5", "--games", "200", "--seed", "3", "--quiet", "--out"];
    let out = meeple(&[&run[..], &["out", "--max-actions", "60"]].concat(), tmp.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let summary = std::fs::read_to_string(tmp.path().join("out/summary.csv")).unwrap();
    let rows: Vec<Vec<&str>> = summary.lines().skip(1).map(|l| l.split(',').collect()).collect();
    let all = rows.iter().find(|r| r[1] == "all").unwrap();
    let (finished, truncated): (u64, u64) = (all[3].parse().unwrap(), all[11].parse().unwrap());
    assert_eq!(finished + truncated, 200);
    assert!(truncated > 100, "most games reach 60 actions: {truncated}");
    let winner = rows.iter().filter(|r| r[1] == "winner").max_by_key(|r| r[4].parse::<u64>().unwrap()).unwrap();
    let share = winner[4].parse::<f64>().unwrap() / finished as f64;
    let t = truncated as f64 / 200.0;
    let warning = format!(
        "5 players: {truncated} of 200 games ({:.1}%) stopped at the action cap (max_actions = 60) and are left \
         out: every rate, share, score and Elo is over the {finished} finished games only, and over all games a \
         rate could differ by up to {:.1} percentage points; per-game label shares count finished games only \
         (e.g. winner = {}: {:.2}% of the finished games, {:.2}% of all games). Raise max_actions or read the \
         rates as those of games ending within 60 actions.",
        100.0 * t,
        100.0 * t,
        winner[2],
        100.0 * share,
        100.0 * share * (1.0 - t)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("warning: {warning}")), "{:?}", out.stderr);
    // The console says what the per-game label's number is: a share of games, under its own header.
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(lines[0].starts_with("per-game labels: share of the finished games"), "{stdout}");
    let header = |rate: &str| lines.iter().position(|l| l.split_whitespace().nth(4) == Some(rate)).unwrap();
    let (shares, rates) = (header("share"), header("win_rate"));
    let winner = lines.iter().position(|l| l.split_whitespace().nth(1) == Some("winner")).unwrap();
    let role = lines.iter().position(|l| l.split_whitespace().nth(1) == Some("role")).unwrap();
    assert!(shares < winner && winner < rates && rates < role, "{stdout}");
    let report = meeple(&["report", "out"], tmp.path());
    assert!(String::from_utf8_lossy(&report.stderr).contains(&format!("warning: {warning}")));
    let md = std::fs::read_to_string(tmp.path().join("out/report.md")).unwrap();
    assert!(md.contains(&format!("## caveats\n\n- {warning}\n")), "{md}");

    let out = meeple(&[&run[..], &["full"]].concat(), tmp.path());
    assert!(out.status.success() && !String::from_utf8_lossy(&out.stderr).contains("warning"), "{out:?}");
    assert!(meeple(&["report", "full"], tmp.path()).status.success());
    assert!(!std::fs::read_to_string(tmp.path().join("full/report.md")).unwrap().contains("## caveats"));
}

#[test]
fn malformed_sprt_and_partial_deals_are_explained() {
    let tmp = tempfile::tempdir().unwrap();
    let err = fails(&play(&["--sprt", "0,10"]), tmp.path());
    assert!(err.contains("--sprt `0,10` is malformed") && err.contains("elo0,elo1,alpha,beta"), "{err}");
    let err = fails(&["play", "--game", "connect4", "--seats", "rotate", "--games", "201", "--out", "out"], tmp.path());
    assert!(err.contains("games: 201 is not a multiple of the player count") && err.contains("200 or 202"), "{err}");
    assert!(!tmp.path().join("out").exists(), "no output for bad input");
}

#[test]
fn with_rotated_seats_a_wrong_lineup_or_player_count_is_reported_before_partial_deals() {
    let tmp = tempfile::tempdir().unwrap();
    let rotate = ["--seats", "rotate", "--games", "201", "--out", "out"];
    let err = fails(
        &[&["play", "--game", "bang", "--players", "5", "--bots", "random,greedy,random"], &rotate[..]].concat(),
        tmp.path(),
    );
    assert!(err.contains("3 bots given for 5 players") && !err.contains("multiple"), "{err}");
    let err = fails(&[&["play", "--game", "connect4", "--players", "3"], &rotate[..]].concat(), tmp.path());
    assert!(err.contains("connect4 plays 2 players, not 3") && !err.contains("multiple"), "{err}");
    assert!(!tmp.path().join("out").exists(), "no output for bad input");
}

#[test]
fn versus_line_says_deals_and_games_in_the_singular_or_plural() {
    let tmp = tempfile::tempdir().unwrap();
    let versus = |seats: &str| {
        let args =
            ["play", "--game", "connect4", "--bots", "random,greedy", "--seats", seats, "--games", "20", "--quiet"];
        let out = meeple(&[&args[..], &["--out", seats]].concat(), tmp.path());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let shuffled = versus("shuffle");
    assert!(shuffled.contains("over 20 deals of 1 game;"), "{shuffled}");
    let rotated = versus("rotate");
    assert!(rotated.contains("over 10 deals of 2 games;"), "{rotated}");
}

#[test]
fn bench_with_one_thread_measures_it_once() {
    let tmp = tempfile::tempdir().unwrap();
    let bench = |threads: &str| {
        let args = ["bench", "--game", "connect4", "--seconds", "0.05", "--threads", threads];
        let out = meeple(&args, tmp.path());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let one = bench("1");
    assert_eq!(one.lines().filter(|l| l.contains("games/s")).count(), 1, "{one}");
    assert!(one.contains("  1 thread ") && !one.contains("1 threads"), "{one}");
    let two = bench("2");
    assert!(two.contains("  1 thread ") && two.contains("  2 threads "), "{two}");
    // Both rates: per wall-second and per CPU-second of the playing threads (Unix).
    #[cfg(unix)]
    for out in [&one, &two] {
        let rows = out.lines().filter(|l| l.contains("games/s"));
        assert!(rows.clone().count() >= 1 && rows.into_iter().all(|l| l.contains(" per CPU-second: ")), "{out}");
    }
}

#[test]
fn replay_help_says_game_is_needed_only_without_a_run() {
    let tmp = tempfile::tempdir().unwrap();
    let help = String::from_utf8(meeple(&["replay", "--help"], tmp.path()).stdout).unwrap();
    assert!(help.contains("Usage: meeple replay <SOURCE> --index <INDEX> [OPTIONS]\n"), "{help}");
    assert!(help.contains("meeple replay --game <GAME> --index <INDEX> [OPTIONS] [FLAGS OF PLAY]"), "{help}");
    assert!(help.contains("Flags of play (only without SOURCE; then --game is required):\n      --game"), "{help}");
}

#[test]
fn president_skip_mode_needs_skip_and_a_bad_value_is_named_with_the_valid_ones() {
    let tmp = tempfile::tempdir().unwrap();
    let president = ["play", "--game", "president", "--players", "4", "--games", "4", "--quiet", "--out", "out"];
    let err = fails(&[&president[..], &["--option", "skip_mode=if_cannot_match"]].concat(), tmp.path());
    assert!(err.contains("skip_mode only applies when skip = true"), "{err}");
    assert!(err.contains("--option skip=true"), "the command-line form is named: {err}");
    std::fs::write(
        tmp.path().join("bad.toml"),
        "game = 'president'\nplayers = 4\nbots = ['random']\ngames = 4\nseed = 1\n[options]\nskip = true\nskip_mode = 42\n",
    )
    .unwrap();
    let err = fails(&["run", "bad.toml"], tmp.path());
    assert!(err.contains("skip_mode") && err.contains(r#""always" or "if_cannot_match""#), "{err}");
    assert!(!tmp.path().join("out").exists() && !tmp.path().join("runs").exists(), "no output for bad input");
    let ok = [&president[..], &["--option", "skip=true", "--option", "skip_mode=if_cannot_match"]].concat();
    assert!(meeple(&ok, tmp.path()).status.success());
}

#[test]
fn replay_from_a_run_directory_or_from_flags_prints_the_game_the_run_played() {
    let tmp = tempfile::tempdir().unwrap();
    let flags = ["--game", "connect4", "--bots", "random,greedy", "--seats", "rotate", "--games", "20", "--seed", "5"];
    let mut play = vec!["play", "--per-game", "--quiet", "--out", "out"];
    play.extend_from_slice(&flags);
    assert!(meeple(&play, tmp.path()).status.success());
    let games = std::fs::read_to_string(tmp.path().join("out/games.csv")).unwrap();
    let row: Vec<&str> = games.lines().nth(6).unwrap().split(',').collect();
    assert_eq!(row[1], "5", "game 5");

    let text = meeple(&["replay", "out", "--index", "5"], tmp.path());
    assert!(text.status.success(), "{}", String::from_utf8_lossy(&text.stderr));
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains(&format!("finished after {} actions", row[3])), "{text}");
    assert!(text.contains("connect4 game 5 of seed 5 at 2 players") && text.contains("seats rotate"), "{text}");
    assert!(text.contains(&format!("seat 0  reward {}  {}", row[6], row[5])), "{text}");

    let jsonl = |args: &[&str]| {
        let out = meeple(args, tmp.path());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let from_dir = jsonl(&["replay", "out/spec.toml", "--index", "5", "--format", "jsonl"]);
    let events: Vec<serde_json::Value> = from_dir.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(events.len(), 2 + row[3].parse::<usize>().unwrap());
    assert_eq!(events[0]["event"], "start");
    assert_eq!(events[1]["event"], "action");
    assert_eq!(events[1]["number"], 1);
    assert_eq!(events.last().unwrap()["event"], "end");
    assert_eq!(events.last().unwrap()["length"].to_string(), row[3]);
    let mut replay = vec!["replay", "--index", "5", "--format", "jsonl"];
    replay.extend_from_slice(&flags);
    assert_eq!(jsonl(&replay), from_dir, "flags replay the same game as the run's spec");
}

#[test]
fn replay_errors_name_what_to_fix() {
    let tmp = tempfile::tempdir().unwrap();
    assert!(meeple(&play(&[]), tmp.path()).status.success());
    let err = fails(&["replay", "out", "--index", "200"], tmp.path());
    assert!(err.contains("--index 200 is out of range") && err.contains("indices 0-199"), "{err}");
    let err = fails(&["replay", "nowhere", "--index", "0"], tmp.path());
    assert!(err.contains("no run directory or spec file at nowhere"), "{err}");
    std::fs::create_dir(tmp.path().join("empty")).unwrap();
    let err = fails(&["replay", "empty", "--index", "0"], tmp.path());
    assert!(err.contains("empty has no spec.toml"), "{err}");
    // An interrupted run leaves only its checkpoint: replay and merge say so.
    std::fs::write(tmp.path().join("empty/checkpoint.json"), "{}").unwrap();
    let err = fails(&["replay", "empty", "--index", "0"], tmp.path());
    assert!(err.contains("empty holds an unfinished run") && err.contains("rerun the play or run command"), "{err}");
    let err = fails(&["merge", "empty", "--out", "merged"], tmp.path());
    assert!(
        err.contains("shard empty holds an unfinished run (empty/checkpoint.json); nothing was written")
            && err.contains("finish it first"),
        "{err}"
    );
    let err = fails(&["replay", "out", "--game", "bang", "--index", "0"], tmp.path());
    assert!(err.contains("cannot be used with"), "{err}");
    let err = fails(&["replay", "--index", "0"], tmp.path());
    assert!(err.contains("--game"), "{err}");
}

#[test]
fn report_prints_tables_and_writes_markdown_and_plots() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "connect4", "--bots", "random,greedy", "--seats", "rotate", "--games", "200"];
    assert!(meeple(&[&args[..], &["--quiet", "--out", "out"]].concat(), tmp.path()).status.success());
    let out = meeple(&["report", "out"], tmp.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("## win rate by seat (95% Wilson interval)") && stdout.contains("## ratings"), "{stdout}");
    assert!(stdout.contains("wrote out/report.md, out/seat.svg, out/bot.svg"), "{stdout}");
    assert!(tmp.path().join("out/ratings.csv").is_file() && tmp.path().join("out/bot.svg").is_file());
    let err = fails(&["report", "nowhere"], tmp.path());
    assert!(err.contains("no run directory at nowhere"), "{err}");
}

/// Counts written before the per-game sums existed (no `clusters` in a group) are no longer read
/// (issue 38 removed that compatibility path): the report names the file and the missing field.
#[test]
fn report_refuses_counts_without_the_per_game_sums() {
    let tmp = tempfile::tempdir().unwrap();
    let run = ["play", "--game", "bang", "--players", "5", "--games", "50", "--quiet", "--out", "out"];
    assert!(meeple(&run, tmp.path()).status.success());
    assert!(meeple(&["report", "out"], tmp.path()).status.success(), "fresh counts have the sums");
    let path = tmp.path().join("out/counts.json");
    let mut counts: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    for pair in counts["groups"].as_array_mut().unwrap() {
        pair[1].as_object_mut().unwrap().remove("clusters");
    }
    std::fs::write(&path, counts.to_string()).unwrap();
    let err = fails(&["report", "out"], tmp.path());
    assert!(err.contains("out/counts.json") && err.contains("missing field `clusters`"), "{err}");
}

#[test]
fn bench_refuses_a_measurement_of_zero_seconds() {
    let tmp = tempfile::tempdir().unwrap();
    for bad in ["--seconds=0", "--seconds=-1", "--seconds=soon"] {
        let err = fails(&["bench", "--game", "connect4", bad], tmp.path());
        assert!(err.contains("--seconds") && err.contains("greater than 0"), "{err}");
    }
}

#[test]
fn list_says_which_games_have_scores() {
    let tmp = tempfile::tempdir().unwrap();
    let stdout = String::from_utf8(meeple(&["list"], tmp.path()).stdout).unwrap();
    let line =
        |game: &str| stdout.lines().find(|l| l.trim_start().starts_with(&format!("{game} "))).unwrap().to_string();
    assert!(line("mow").ends_with("; scores: flies (lower is better)"), "{stdout}");
    assert!(line("president").ends_with("; scores: points (higher is better)"), "{stdout}");
    assert!(line("bang").ends_with("; no scores") && line("connect4").ends_with("; no scores"), "{stdout}");
    let listed = |game: &str| stdout.lines().any(|l| l.trim_start().starts_with(&format!("{game} ")));
    assert!(!listed("solo-pig") && !listed("rps") && listed("mow"), "test games stay out of the list");
}

/// The recount from `games.csv` of a one-player run (one seat, so one score per game): the mean
/// reward, the mean score with its 95% interval (normal, sample sd), the nearest-rank 10th, 50th
/// and 90th percentiles, and the mean length, formatted as the console and the report show them.
struct SoloRecount {
    reward: String,
    mean: String,
    interval: (String, String),
    percentiles: [String; 3],
    length: String,
}

fn solo_recount(games_csv: &str) -> SoloRecount {
    let header: Vec<&str> = games_csv.lines().next().unwrap().split(',').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let cells = |name: &str| -> Vec<f64> {
        games_csv.lines().skip(1).map(|l| l.split(',').nth(column(name)).unwrap().parse().unwrap()).collect()
    };
    let (mut scores, rewards, lengths) = (cells("seat0_score"), cells("seat0_reward"), cells("length"));
    let n = scores.len() as f64;
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let m = mean(&scores);
    let sample_sd = (scores.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    let half = 1.959_963_984_540_054 * sample_sd / n.sqrt();
    scores.sort_by(f64::total_cmp);
    let rank = |q: f64| scores[((q * n).ceil() as usize).max(1) - 1].to_string();
    SoloRecount {
        reward: format!("{:.3}", mean(&rewards)),
        mean: format!("{m:.1}"),
        interval: (format!("{:.1}", m - half), format!("{:.1}", m + half)),
        percentiles: [rank(0.1), rank(0.5), rank(0.9)],
        length: format!("{:.1}", mean(&lengths)),
    }
}

/// A one-player (score attack) run through the CLI, on the registered game that plays solo
/// (Loco Momo): play, run, report, replay and bench; no versus or ratings, score statistics as
/// usual. The console and the report lead with a one-player table (mean reward, mean score with
/// its interval, percentiles: equal to a recount from games.csv) and show no win rate of a seat.
#[test]
fn a_one_player_run_end_to_end_through_the_cli() {
    let tmp = tempfile::tempdir().unwrap();
    let ok = |args: &[&str]| {
        let out = meeple(args, tmp.path());
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let played = ok(&[
        "play",
        "--game",
        "locomomo",
        "--players",
        "1",
        "--bots",
        "greedy",
        "--games",
        "40",
        "--seed",
        "3",
        "--per-game",
        "--quiet",
        "--out",
        "solo",
    ]);
    let games = std::fs::read_to_string(tmp.path().join("solo/games.csv")).unwrap();
    let r = solo_recount(&games);
    let lines: Vec<&str> = played.lines().collect();
    assert_eq!(lines[0], "1 player (score attack: no opponent, so no wins; the reward is the game's)", "{played}");
    let words = |l: &str| l.split_whitespace().map(String::from).collect::<Vec<_>>();
    let header = "label value games mean_reward mean points 95% interval p10 median p90 truncated mean_len";
    assert_eq!(words(lines[1]).join(" "), header);
    let [p10, median, p90] = r.percentiles.clone();
    let (low, high) = (format!("[{},", r.interval.0), format!("{}]", r.interval.1));
    let row = |label: &str, value: &str, reward: &str| {
        [label, value, "40", reward, &r.mean, &low, &high, &p10, &median, &p90, "0", &r.length]
            .map(String::from)
            .to_vec()
    };
    assert_eq!(words(lines[2]), row("all", "all", "-"), "{played}");
    assert_eq!(words(lines[3]), row("bot", "greedy", &r.reward), "{played}");
    let seat = lines.iter().find(|l| l.starts_with("seat ")).unwrap();
    assert_eq!(words(seat), row("seat", "0", &r.reward));
    // The one-player table has no rates; the game labels follow as shares of games.
    let split = lines.iter().position(|l| l.starts_with("per-game labels: share of the finished games")).unwrap();
    assert!(lines[2..split].iter().all(|l| !l.contains('%')), "{played}");
    assert!(words(lines[split + 1]).starts_with(&["players".into(), "label".into()]), "{played}");
    let game_labels = ["actions", "bag_ran_short", "tied_win", "turns"];
    let rest = &lines[split + 2..lines.len() - 1];
    assert!(rest.iter().all(|l| game_labels.contains(&words(l)[1].as_str())), "{played}");
    assert!(rest.iter().any(|l| words(l)[1..4] == ["turns", "6", "40"] && l.contains("100.00%")), "{played}");
    assert!(!played.contains(" vs ") && !played.contains("ratings"), "no versus or ratings: {played}");
    assert_eq!(
        lines.last().unwrap(),
        &"wrote solo/{summary.csv, balance.csv, counts.json, spec.toml, run.toml, games.csv}"
    );
    let summary = std::fs::read_to_string(tmp.path().join("solo/summary.csv")).unwrap();
    let all = summary.lines().find(|l| l.starts_with("1,all,all,40,")).unwrap();
    assert!(all.split(',').rev().take(7).all(|c| !c.is_empty()), "score columns: {all}");
    std::fs::write(tmp.path().join("solo.toml"), "game = 'locomomo'\nplayers = 1\ngames = 10\nout = 'spec-run'\n")
        .unwrap();
    assert!(ok(&["run", "solo.toml", "--quiet"]).contains("wrote spec-run/"));
    // The report leads with the same table; no seat win rates, tables or plots, no ratings.
    let report = ok(&["report", "solo"]);
    assert!(report.contains("final points (higher is better) of every seat") && !report.contains("## ratings"));
    let md = std::fs::read_to_string(tmp.path().join("solo/report.md")).unwrap();
    let cells = |l: &str| l.trim_matches('|').split(" | ").map(|c| c.trim().to_string()).collect::<Vec<_>>();
    let md_lines: Vec<&str> = md.lines().collect();
    assert_eq!(md_lines[..3], ["# locomomo run solo", "", "## spec (spec.toml, run.toml)"]);
    // After the spec, the one-player table.
    let at = md_lines.iter().position(|l| l.starts_with("## 1 player")).unwrap();
    assert_eq!(
        md_lines[at],
        "## 1 player (score attack): mean reward, final points (higher is better): mean with its 95% interval, \
         percentiles; no opponent, so no wins"
    );
    assert_eq!(
        cells(md_lines[at + 2]),
        ["label", "value", "games", "mean reward", "mean score [95%]", "p10", "median", "p90"]
    );
    let score = format!("{} [{}, {}]", r.mean, r.interval.0, r.interval.1);
    let expected =
        |label: &str, value: &str| [label, value, "40", &r.reward, &score, &p10, &median, &p90].map(String::from);
    assert_eq!(cells(md_lines[at + 4]), expected("bot", "greedy"));
    assert_eq!(cells(md_lines[at + 5]), expected("seat", "0"));
    assert!(!md.contains("win rate by") && !md.contains("1 players"), "{md}");
    assert!(md.contains("## share of games by turns") && md.contains("| turns | 1 player |"), "{md}");
    assert!(tmp.path().join("solo/scores_1p.svg").is_file() && !tmp.path().join("solo/seat.svg").exists());
    let header: Vec<&str> = games.lines().next().unwrap().split(',').collect();
    let row3: Vec<&str> = games.lines().nth(4).unwrap().split(',').collect();
    let score = row3[header.iter().position(|h| *h == "seat0_score").unwrap()];
    assert!(ok(&["replay", "solo", "--index", "3"]).contains(&format!("score {score}")));
    let bench = ok(&["bench", "--game", "locomomo", "--players", "1", "--seconds", "0.2", "--threads", "1"]);
    assert!(
        bench.starts_with("locomomo random playouts, 1 player (per wall-second") && bench.contains("games/s"),
        "{bench}"
    );
    assert!(!bench.contains("1 players"), "{bench}");
}
