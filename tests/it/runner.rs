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
    let counts = plan.run(out, &opts).unwrap();
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
    assert_eq!(record["config"].as_str(), Some("Config"));
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
