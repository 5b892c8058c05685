//! Helpers shared by the test modules.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Child, Command, Output};

use meeple::stats::{Z_95, summary_rows, wilson_interval};
use meeple::tournament::{RunOptions, Spec};

/// Runs the `meeple` binary with `args` in `dir`.
pub fn meeple(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_meeple")).args(args).current_dir(dir).output().expect("run meeple")
}

/// Runs `args` in `dir`, expects success and returns the output.
pub fn succeeds(args: &[&str], dir: &Path) -> Output {
    let out = meeple(args, dir);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

/// Every file of `dir` by name (`run.toml` without the lines of its times, [`without_times`]).
pub fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap())
        .map(|e| {
            let (name, bytes) = (e.file_name().to_string_lossy().to_string(), std::fs::read(e.path()).unwrap());
            (name.clone(), if name == "run.toml" { without_times(&bytes) } else { bytes })
        })
        .collect()
}

/// `run.toml` without the lines that record when and how long a run ran (they differ between
/// two runs of one spec; everything else must not).
pub fn without_times(bytes: &[u8]) -> Vec<u8> {
    let text = String::from_utf8(bytes.to_vec()).unwrap();
    assert!(text.contains("\nstarted = ") && text.contains("\nwall_seconds = "), "{text}");
    let kept: Vec<&str> =
        text.lines().filter(|l| !l.starts_with("started = ") && !l.starts_with("wall_seconds = ")).collect();
    kept.join("\n").into_bytes()
}

/// Sends `signal` (e.g. `libc::SIGINT`) to `child`.
pub fn signal(child: &Child, signal: i32) {
    // SAFETY: sends a signal to our own child process, which has not been reaped yet.
    assert_eq!(unsafe { libc::kill(child.id() as i32, signal) }, 0);
}

/// Runs `args`, expects exit code 2 and returns stderr.
pub fn fails(args: &[&str], dir: &Path) -> String {
    let out = meeple(args, dir);
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "expected failure for {args:?}; stderr: {stderr}");
    stderr
}

/// Seat 0's (sole wins, games) over `games` games of `game` at `players` seats, with `bot` in
/// seat 0 and random bots in the others, seed 77: the same deals for every `bot`.
pub fn seat0_wins(game: &str, players: usize, bot: &str, games: u64) -> (u64, u64) {
    let lineup = std::iter::once(format!("'{bot}'"))
        .chain(std::iter::repeat_n("'random'".to_string(), players - 1))
        .collect::<Vec<_>>()
        .join(", ");
    let spec: Spec = toml::from_str(&format!(
        "game = '{game}'\nplayers = {players}\nbots = [{lineup}]\ngames = {games}\nseed = 77\nseats = 'fixed'\n"
    ))
    .unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let opts = RunOptions { threads: None, quiet: true, profile_dir: "bots".into() };
    let counts = (meeple::registry::find(game).unwrap().run)(&spec, tmp.path(), &opts).unwrap().counts;
    let row = summary_rows(&counts).into_iter().find(|r| r.label == "seat" && r.value == "0").unwrap();
    (row.wins.unwrap(), row.games)
}

/// Asserts that `bot` in seat 0 wins more often than a random bot in seat 0 over the same deals
/// (see [`seat0_wins`]), with non-overlapping 95% Wilson intervals: `games` games for `bot`,
/// `random_games` for the random baseline.
pub fn assert_beats_random(game: &str, players: usize, bot: &str, games: u64, random_games: u64) {
    let (wins, n) = seat0_wins(game, players, bot, games);
    let (random, m) = seat0_wins(game, players, "random", random_games);
    let (low, _) = wilson_interval(wins, n, Z_95);
    let (_, r_high) = wilson_interval(random, m, Z_95);
    assert!(low > r_high, "{game}: {bot} {wins}/{n} vs random {random}/{m} in seat 0: intervals overlap");
}
