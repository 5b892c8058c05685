//! The research workflow of the runner (issue 18): safe default seating, self-contained runs,
//! deal-clustered intervals, spec overrides, A against a field of B, tournaments.

use std::path::Path;

use meeple::games::connect4::ConnectFour;

use crate::common::{fails, meeple};
use meeple::stats::{VersusRow, versus_rows};
use meeple::tournament::{Plan, RunOptions, SeatMode, Spec, files, prepare_output};

/// Runs `spec` (TOML text) for Connect Four into `out` with profiles from `profiles`; returns the
/// resolved spec and its versus row.
fn versus(text: &str, out: &Path, profiles: &Path) -> (Spec, VersusRow) {
    let spec: Spec = toml::from_str(text).unwrap();
    let opts = RunOptions { threads: Some(1), quiet: true, profile_dir: profiles.to_path_buf() };
    prepare_output(out).unwrap();
    let plan = Plan::<ConnectFour>::new(&spec, profiles).unwrap();
    let counts = plan.run(out, &opts).unwrap().counts;
    let row = versus_rows(&counts, plan.spec.seats, None).remove(0);
    (plan.spec, row)
}

/// One bot under two names (`random` and a profile `uniform` of kind random): under the default
/// seating, rotation over paired deals, the 95% interval of the score contains 1/2 in all but at
/// most 2 of 20 seeded runs (about 1 expected by chance); with `seats = "fixed"` given
/// explicitly, Connect Four's first-seat advantage (about 56% for random play) shows in every run.
#[test]
fn identical_bots_show_no_difference_under_the_default_seating() {
    let tmp = tempfile::tempdir().unwrap();
    let profiles = tmp.path().join("bots");
    std::fs::create_dir(&profiles).unwrap();
    std::fs::write(profiles.join("uniform.toml"), "kind = 'random'\n").unwrap();
    let significant = |seats: &str| {
        (1..=20)
            .filter(|seed| {
                let text =
                    format!("game = 'connect4'\nbots = ['random', 'uniform']\ngames = 4000\nseed = {seed}\n{seats}");
                let out = tmp.path().join(format!("{seats}{seed}").replace(['\n', ' ', '\'', '='], ""));
                let (spec, row) = versus(&text, &out, &profiles);
                let expected = if seats.is_empty() { SeatMode::Rotate } else { SeatMode::Fixed };
                assert_eq!((spec.seats, row.seats), (Some(expected), Some(expected)));
                let versus = std::fs::read_to_string(out.join(files::VERSUS)).unwrap();
                let seats_column = format!("\n2,{expected},random,uniform,");
                assert!(versus.starts_with("players,seats,bot_a,") && versus.contains(&seats_column), "{versus}");
                !(row.score_low.unwrap()..=row.score_high.unwrap()).contains(&0.5)
            })
            .count()
    };
    let by_default = significant("");
    assert!(by_default <= 2, "{by_default} of 20 runs tell one bot from itself");
    assert_eq!(significant("seats = 'fixed'\n"), 20, "the first seat's advantage counts as strength");
}

/// A run records in `run.toml` what its bot names meant (a profile's parameters), the version,
/// the configuration, the date and the wall time. After the profile is edited, replaying one of
/// its games warns that the replay may differ from `games.csv`, and rerunning into the same
/// directory refuses rather than claiming the results are already there.
#[test]
fn an_edited_profile_makes_replay_warn_and_a_rerun_refuse() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir(tmp.path().join("bots")).unwrap();
    let profile = tmp.path().join("bots/m.toml");
    std::fs::write(&profile, "kind = 'mcts'\niterations = 20\n").unwrap();
    let play =
        ["play", "--game", "connect4", "--bots", "m,random", "--games", "8", "--per-game", "--quiet", "--out", "out"];
    let ok = |args: &[&str]| {
        let out = meeple(args, tmp.path());
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stderr).unwrap()
    };
    assert!(!ok(&play).contains("warning"));
    let record: toml::Table =
        toml::from_str(&std::fs::read_to_string(tmp.path().join("out/run.toml")).unwrap()).unwrap();
    assert_eq!(record["meeple_version"].as_str(), Some(env!("CARGO_PKG_VERSION")));
    assert_eq!(record["config"].as_str(), Some("{}"), "connect4 has no options");
    assert_eq!(record["bots"]["m"].as_str(), Some("mcts:iterations=20,c=1.4"));
    assert_eq!(record["bots"]["random"].as_str(), Some("random"));
    assert!(record["started"].as_str().unwrap().ends_with('Z') && record["wall_seconds"].as_float().unwrap() >= 0.0);
    let replay = ["replay", "out", "--index", "3"];
    assert!(!ok(&replay).contains("warning"));

    std::fs::write(&profile, "kind = 'mcts'\niterations = 30\n").unwrap();
    let warned = ok(&replay);
    assert!(
        warned.contains("warning: bot `m`: the run used mcts:iterations=20,c=1.4, it is now mcts:iterations=30,c=1.4")
            && warned.contains("may differ from the game the run counted"),
        "{warned}"
    );
    let err = fails(&play, tmp.path());
    assert!(err.contains("out holds the results of this spec with other bot parameters (bot `m`"), "{err}");
}

/// A bot with a time budget is said to make the run irreproducible, when the run starts.
#[test]
fn a_time_budget_bot_is_flagged_as_not_reproducible() {
    let tmp = tempfile::tempdir().unwrap();
    let out =
        meeple(&["play", "--game", "connect4", "--bots", "mcts:ms=1,random", "--games", "2", "--quiet"], tmp.path());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        out.status.success()
            && stderr.contains("bot `mcts:ms=1` has a time budget")
            && stderr.contains("not reproducible"),
        "{stderr}"
    );
}

/// `replay` with a `solver` bot on a game without a solver is a clean error, not a panic.
#[test]
fn replaying_a_solver_on_another_game_is_refused_cleanly() {
    let tmp = tempfile::tempdir().unwrap();
    let err = fails(&["replay", "--game", "connect4", "--bots", "solver", "--index", "0", "--games", "2"], tmp.path());
    assert!(err.contains("bot `solver` cannot play connect4") && !err.contains("panicked"), "{err}");
}

/// The 95% interval of `wins` out of `seats` from per-cluster `(m, w)` sums, computed here from
/// the definition: `V = Σ(w − p·m)² / (Σm)²`, effective trials `p(1 − p) / V`, Wilson interval.
fn clustered_interval(clusters: &[(u64, u64)]) -> (f64, f64) {
    let (n, wins) = clusters.iter().fold((0, 0), |(n, w), c| (n + c.0, w + c.1));
    let p = wins as f64 / n as f64;
    let v = clusters.iter().map(|&(m, w)| (w as f64 - p * m as f64).powi(2)).sum::<f64>() / (n as f64).powi(2);
    if p == 0.0 || p == 1.0 {
        return meeple::stats::wilson_interval_of(p, clusters.len() as f64, meeple::stats::Z_95);
    }
    meeple::stats::wilson_interval_of(p, p * (1.0 - p) / v, meeple::stats::Z_95)
}

/// Runs BANG! with the spec lines `spec` (besides `game` and `per_game = true`) into `dir` on 2
/// threads; returns the header and rows of its `games.csv`.
fn bang_games(spec: &str, dir: &Path) -> (csv::StringRecord, Vec<csv::StringRecord>) {
    let spec: Spec = toml::from_str(&format!("game = 'bang'\nper_game = true\n{spec}")).unwrap();
    let opts = RunOptions { threads: Some(2), quiet: true, profile_dir: "bots".into() };
    prepare_output(dir).unwrap();
    Plan::<meeple::games::bang::BangState>::new(&spec, &opts.profile_dir).unwrap().run(dir, &opts).unwrap();
    let mut games = csv::Reader::from_path(dir.join(files::GAMES)).unwrap();
    let header = games.headers().unwrap().clone();
    (header, games.records().map(Result::unwrap).collect())
}

/// Under rotation the games of a deal share its cards: every win-rate interval of `summary.csv`
/// (seat, bot, role, character, seat from the sheriff, winner) equals a recomputation from
/// `games.csv` that takes deals as the unit, to the printed 6 decimals; taking games as the unit
/// gives other intervals.
#[test]
fn rotated_intervals_match_a_deal_clustered_recomputation_from_games_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let (header, rows) =
        bang_games("players = 4\nbots = ['greedy', 'random', 'random', 'random']\ngames = 800\nseed = 3\n", tmp.path());
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let game_labels: Vec<&str> =
        header.iter().skip(col("truncated") + 1).take_while(|h| !h.starts_with("seat0_")).collect();
    let seat_labels: Vec<&str> =
        header.iter().filter_map(|h| h.strip_prefix("seat0_")).filter(|l| !["bot", "reward"].contains(l)).collect();
    // (label, value) -> per-deal (m, w), and the same per game.
    type Sums = std::collections::BTreeMap<(String, String), std::collections::BTreeMap<u64, (u64, u64)>>;
    let (mut by_deal, mut by_game) = (Sums::new(), Sums::new());
    let mut deal_games = std::collections::BTreeMap::<u64, u64>::new();
    let mut add = |label: &str, value: &str, index: u64, w: bool| {
        for (sums, unit) in [(&mut by_deal, index / 4), (&mut by_game, index)] {
            let s = sums.entry((label.into(), value.into())).or_default().entry(unit).or_default();
            *s = (s.0 + 1, s.1 + u64::from(w));
        }
    };
    for r in &rows {
        assert_eq!(&r[col("truncated")], "false");
        let index: u64 = r[col("index")].parse().unwrap();
        *deal_games.entry(index / 4).or_default() += 1;
        for s in 0..4 {
            let won = &r[col(&format!("seat{s}_reward"))] == "1";
            add("seat", &s.to_string(), index, won);
            add("bot", &r[col(&format!("seat{s}_bot"))], index, won);
            for l in &seat_labels {
                add(l, &r[col(&format!("seat{s}_{l}"))], index, won);
            }
        }
    }
    // A game label's share is over every game: a value's clusters are all deals (or games), with
    // the games that ended with it as wins.
    for l in &game_labels {
        let values: std::collections::BTreeSet<&str> = rows.iter().map(|r| &r[col(l)]).collect();
        for v in values {
            let (deals, per_game) = (by_deal.entry((l.to_string(), v.into())).or_default(), &mut by_game);
            deals.clear();
            for (&d, &m) in &deal_games {
                deals.insert(d, (m, 0));
            }
            let games = per_game.entry((l.to_string(), v.into())).or_default();
            games.clear();
            for r in &rows {
                let index: u64 = r[col("index")].parse().unwrap();
                let hit = u64::from(&r[col(l)] == v);
                deals.get_mut(&(index / 4)).unwrap().1 += hit;
                games.insert(index, (1, hit));
            }
        }
    }
    let mut summary = csv::Reader::from_path(tmp.path().join(files::SUMMARY)).unwrap();
    let sh = summary.headers().unwrap().clone();
    let sc = |name: &str| sh.iter().position(|h| h == name).unwrap();
    let (mut checked, mut differ) = (0, 0);
    for r in summary.records().map(Result::unwrap).filter(|r| &r[sc("label")] != "all") {
        let key = (r[sc("label")].to_string(), r[sc("value")].to_string());
        let interval = |sums: &Sums| clustered_interval(&sums[&key].values().copied().collect::<Vec<_>>());
        let (low, high) = interval(&by_deal);
        let printed: (f64, f64) = (r[sc("win_rate_low")].parse().unwrap(), r[sc("win_rate_high")].parse().unwrap());
        assert!(
            (low - printed.0).abs() < 1e-6 && (high - printed.1).abs() < 1e-6,
            "{key:?}: {printed:?} vs {low}, {high}"
        );
        let (g_low, g_high) = interval(&by_game);
        differ += usize::from((g_low - low).abs() > 1e-6 || (g_high - high).abs() > 1e-6);
        checked += 1;
    }
    assert!(checked > 20 && differ > checked / 2, "{checked} rows, {differ} differ from per-game intervals");
}

/// The result files of the run in `dir` that a spec determines (not `run.toml`, which records
/// when and how long it ran).
fn result_bytes(dir: &Path) -> Vec<(String, Vec<u8>)> {
    [files::SPEC, files::COUNTS, files::SUMMARY, files::GAMES, files::VERSUS, files::RATINGS]
        .iter()
        .filter(|f| dir.join(f).is_file())
        .map(|f| (f.to_string(), std::fs::read(dir.join(f)).unwrap()))
        .collect()
}

/// `meeple run SPEC` with overrides writes exactly the bytes of the run of the spec edited that
/// way; `--seeds A..B` writes, in OUT/seedS, exactly the run of `--seed S`.
#[test]
fn run_overrides_write_the_bytes_of_an_edited_spec_and_a_seed_sweep_those_of_each_seed() {
    let tmp = tempfile::tempdir().unwrap();
    let ok = |args: &[&str]| {
        let out = meeple(args, tmp.path());
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    std::fs::write(
        tmp.path().join("base.toml"),
        "game = 'mow'\nplayers = 3\nbots = ['greedy']\ngames = 1000\nseed = 1\n[options]\nsix_specials = true\n",
    )
    .unwrap();
    std::fs::write(
        tmp.path().join("edited.toml"),
        "game = 'mow'\nplayers = [3, 4]\nbots = ['greedy', 'random']\ngames = 24\nseed = 7\nper_game = true\n\
         max_actions = 400\n[options]\nsix_specials = false\n",
    )
    .unwrap();
    let overrides = [
        "--players",
        "3,4",
        "--bots",
        "greedy,random",
        "--games",
        "24",
        "--seed",
        "7",
        "--per-game",
        "--max-actions",
        "400",
        "--option",
        "six_specials=false",
    ];
    ok(&[&["run", "base.toml", "--quiet", "--out", "overridden"], &overrides[..]].concat());
    ok(&["run", "edited.toml", "--quiet", "--out", "edited"]);
    let overridden = result_bytes(&tmp.path().join("overridden"));
    assert_eq!(overridden.len(), 6, "spec, counts, summary, games, versus, ratings");
    assert!(overridden == result_bytes(&tmp.path().join("edited")), "overrides differ from the edited spec");

    let swept = ok(&["run", "edited.toml", "--seeds", "2..3", "--quiet", "--out", "sweep"]);
    assert!(swept.contains("== seed 2") && swept.contains("ran 2 seeds into sweep/seed{2,3}"), "{swept}");
    for seed in ["2", "3"] {
        ok(&["run", "edited.toml", "--seed", seed, "--quiet", "--out", seed]);
        let (one, from_sweep) =
            (result_bytes(&tmp.path().join(seed)), result_bytes(&tmp.path().join(format!("sweep/seed{seed}"))));
        assert!(one == from_sweep, "seed {seed} of the sweep differs from its own run");
    }
    assert!(!tmp.path().join("sweep/seed4").exists() && tmp.path().join("sweep/seed3/summary.csv").is_file());
}

/// Two bots for more than two seats mean bot A in one seat against a field of bot B, at every
/// player count: `play --players 3-5 --bots greedy,random` (a range of counts, as a spec's list)
/// plays greedy against two, three and four random bots, seats rotated, one versus row per count.
#[test]
fn two_bots_at_several_player_counts_are_one_against_a_field() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "mow", "--players", "3-5", "--bots", "greedy,random", "--games", "60", "--quiet"];
    let out = meeple(&[&args[..], &["--out", "out"]].concat(), tmp.path());
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let spec = std::fs::read_to_string(tmp.path().join("out/spec.toml")).unwrap();
    assert!(spec.contains("players = [3, 4, 5]") && spec.contains("seats = \"rotate\""), "{spec}");
    let versus = std::fs::read_to_string(tmp.path().join("out/versus.csv")).unwrap();
    let rows: Vec<&str> = versus.lines().skip(1).collect();
    assert_eq!(rows.len(), 3, "{versus}");
    for (row, n) in rows.iter().zip(3..) {
        assert!(row.starts_with(&format!("{n},rotate,greedy,random,{n},{},", 60 / n)), "{row}");
    }
    let summary = std::fs::read_to_string(tmp.path().join("out/summary.csv")).unwrap();
    for n in 3..=5 {
        // Greedy holds one seat of each of the 60 games, random the n - 1 others.
        assert!(summary.contains(&format!("\n{n},bot,greedy,60,")), "{summary}");
        assert!(summary.contains(&format!("\n{n},bot,random,{},", 60 * (n - 1))), "{summary}");
    }
}

/// A round-robin of three bots plays each pair as `play --bots A,B` would: every match directory
/// holds the per-pair run's bytes, and each cross-table row is that run's versus row; the ratings
/// rate all three bots at once (Bradley–Terry) from every match's games.
#[test]
fn a_three_bot_round_robin_agrees_with_its_per_pair_runs() {
    let tmp = tempfile::tempdir().unwrap();
    let common = ["--game", "connect4", "--games", "40", "--seed", "3", "--quiet"];
    let ok = |args: &[&str]| {
        let out = meeple(args, tmp.path());
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let bots = "random,greedy,mcts:iterations=10";
    let stdout = ok(&[&["play", "--bots", bots, "--tournament", "round-robin", "--out", "rr"], &common[..]].concat());
    assert!(stdout.contains("cross-table") && stdout.contains("Bradley–Terry"), "{stdout}");
    let err = crate::common::fails(&["report", "rr"], tmp.path());
    assert!(err.contains("rr holds a tournament: its results are crosstable.csv and ratings.csv"), "{err}");
    let crosstable = std::fs::read_to_string(tmp.path().join("rr/crosstable.csv")).unwrap();
    let rows: Vec<&str> = crosstable.lines().collect();
    assert_eq!(rows.len(), 4, "{crosstable}");
    let pairs = [
        ("random", "greedy", "01-random-vs-greedy"),
        ("random", "mcts:iterations=10", "02-random-vs-mcts_iterations_10"),
        ("greedy", "mcts:iterations=10", "03-greedy-vs-mcts_iterations_10"),
    ];
    for (k, (a, b, dir)) in pairs.iter().enumerate() {
        let out = format!("pair{k}");
        ok(&[&["play", "--bots", &format!("{a},{b}"), "--out", &out], &common[..]].concat());
        let single = result_bytes(&tmp.path().join(&out));
        assert!(single == result_bytes(&tmp.path().join("rr").join(dir)), "{dir} differs from its per-pair run");
        let versus = std::fs::read_to_string(tmp.path().join(&out).join(files::VERSUS)).unwrap();
        assert_eq!(rows[0], versus.lines().next().unwrap(), "the cross-table has versus.csv's columns");
        assert_eq!(rows[k + 1], versus.lines().nth(1).unwrap(), "cross-table row of {a} vs {b}");
    }
    let ratings = std::fs::read_to_string(tmp.path().join("rr/ratings.csv")).unwrap();
    let lines: Vec<&str> = ratings.lines().skip(1).collect();
    assert_eq!(lines.len(), 3, "{ratings}");
    // Each bot played two matches of 40 games: 80 pairwise results.
    for (line, bot) in lines.iter().zip(["random", "greedy", "mcts:iterations=10"]) {
        assert!(line.starts_with(&format!("2,rotate,{bot},random,bradley_terry,80,")), "{ratings}");
    }
}

/// While A plays B, the progress shows a cutechess-style score line (here in the plain lines of a
/// stderr that is not a terminal), and the series ends with the final one, whose wins, losses and
/// draws are A's pairwise results in `ratings.csv`.
#[test]
fn a_versus_run_shows_a_live_cutechess_score_line() {
    let tmp = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_meeple"))
        .args(["play", "--game", "connect4", "--bots", "greedy,random", "--games", "100", "--out", "out"])
        .env("MEEPLE_PROGRESS_SECONDS", "0")
        .env("MEEPLE_CHECKPOINT_WINDOW", "20")
        .current_dir(tmp.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    let live =
        stderr.lines().filter(|l| l.starts_with("progress: ") && l.contains("; Score of greedy vs random: ")).count();
    assert!(live >= 3, "{stderr}");
    let ratings = std::fs::read_to_string(tmp.path().join("out/ratings.csv")).unwrap();
    let greedy: Vec<&str> = ratings.lines().find(|l| l.contains(",greedy,")).unwrap().split(',').collect();
    let (wins, draws, losses, score) = (greedy[6], greedy[7], greedy[8], greedy[9].parse::<f64>().unwrap());
    let last = format!("Score of greedy vs random: {wins} - {losses} - {draws} [{score:.3}] 100");
    assert!(stderr.lines().any(|l| l == last), "{last} not in {stderr}");
}

/// With one game per deal (here shuffled seats), every seat, bot and seat-label group of
/// `counts.json` holds exactly the counts a recount of `games.csv` gives: finished seat-games,
/// wins, truncated seat-games and the per-game interval sums (`games`, `Σm²`, `Σw·m`, `Σw²`, with
/// `m` the game's seats in the group and `w` those that won). The tally derives the seat groups'
/// games, truncated games and sums from the `all` group and the seats' wins, and sums each
/// label value's seats per game; this pins both to their definition. Some games hit the action
/// cap, so truncated games are counted too.
#[test]
fn unrotated_group_counts_match_an_exact_recount_from_games_csv() {
    let tmp = tempfile::tempdir().unwrap();
    let (header, rows) = bang_games(
        "players = 5\nbots = ['greedy', 'random']\nseats = 'shuffle'\ngames = 600\nseed = 8\nmax_actions = 150\n",
        tmp.path(),
    );
    let col = |name: &str| header.iter().position(|h| h == name).unwrap();
    let seat_labels: Vec<String> =
        header.iter().filter_map(|h| h.strip_prefix("seat0_")).filter(|&l| l != "reward").map(str::to_string).collect();
    // (label, value) -> [finished seat-games, wins, truncated seat-games, games, Σm², Σw·m, Σw²].
    let mut expected = std::collections::BTreeMap::<(String, String), [u64; 7]>::new();
    let (mut finished, mut truncated) = (0, 0);
    for r in &rows {
        // Per group, this game's (m, w).
        let mut game = std::collections::BTreeMap::<(String, String), (u64, u64)>::new();
        for s in 0..5 {
            let won = u64::from(&r[col(&format!("seat{s}_reward"))] == "1");
            let mut add = |label: &str, value: &str| {
                let e = game.entry((label.to_string(), value.to_string())).or_default();
                *e = (e.0 + 1, e.1 + won);
            };
            add("seat", &s.to_string());
            // `bot` and the game's seat labels.
            for l in &seat_labels {
                add(l, &r[col(&format!("seat{s}_{l}"))]);
            }
        }
        let cut = &r[col("truncated")] == "true";
        (finished, truncated) = (finished + u64::from(!cut), truncated + u64::from(cut));
        for (key, (m, w)) in game {
            let e = expected.entry(key).or_default();
            if cut {
                e[2] += m;
            } else {
                let add = [m, w, 0, 1, m * m, w * m, w * w];
                e.iter_mut().zip(add).for_each(|(x, a)| *x += a);
            }
        }
    }
    assert!(finished > 100 && truncated > 20, "{finished} finished, {truncated} truncated: change max_actions");
    let counts = meeple::tournament::read_counts(tmp.path()).unwrap();
    let mut checked = 0;
    for (key, g) in counts.groups.iter().filter(|(k, _)| !["all", "winner"].contains(&k.label.as_str())) {
        let c = &g.clusters;
        let got = [g.games, g.wins, g.truncated, c.games, c.seats_sq, c.wins_seats, c.wins_sq];
        assert_eq!(got, expected[&(key.label.clone(), key.value.clone())], "{key:?}");
        checked += 1;
    }
    assert_eq!(checked, expected.len(), "every recounted group is in counts.json");
}
