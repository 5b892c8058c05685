//! Resumable runs, end to end: a `meeple` process killed (SIGKILL) at seeded random points and
//! started again with the same command writes exactly the bytes an uninterrupted run writes.

use std::path::Path;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use meeple::game::rng_from_seed;

use crate::common::{files, signal, succeeds};
use rand::RngExt;

/// Games per window in the interrupted runs, with a checkpoint after each: many in a short run.
const SMALL_WINDOW: &str = "200";

fn command(args: &[&str], dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_meeple"));
    c.args(args).arg("--quiet").current_dir(dir);
    c
}

fn spawn(args: &[&str], dir: &Path) -> Child {
    command(args, dir).env("MEEPLE_CHECKPOINT_WINDOW", SMALL_WINDOW).spawn().expect("start meeple")
}

/// Plays `args` (with `--out whole`, 2 threads) uninterrupted, then (with `--out cut`, 1 thread,
/// small windows) kills it four times, each time appending a partial row to `games.csv` as a
/// kill in the middle of a write would, and finally lets it finish. Kill `k` (0-based) comes
/// once the restarted run's checkpoint covers a seeded random share, between `k/5` and
/// `(k+1)/5`, of the uninterrupted run's `games.csv` (so at most four fifths: the run is still
/// going): the kills land in the middle of the run by its progress, not by a time that a loaded
/// machine would stretch; the run is stopped while its progress is read, so it cannot finish
/// between the reading and the kill. Returns how many kills hit a run in progress.
fn kill_and_resume(args: &[&str], seed: u64) -> usize {
    let tmp = tempfile::tempdir().unwrap();
    let with = |out: &'static str, threads: &'static str| [args, &["--out", out, "--threads", threads]].concat();
    succeeds(&with("whole", "2"), tmp.path());
    let total = std::fs::metadata(tmp.path().join("whole/games.csv")).unwrap().len() as f64;
    let mut rng = rng_from_seed(seed);
    let cut = tmp.path().join("cut");
    // The share of games.csv the checkpoint in `cut` covers.
    let covered = || -> Option<f64> {
        let c: serde_json::Value = serde_json::from_slice(&std::fs::read(cut.join("checkpoint.json")).ok()?).ok()?;
        Some(c["games_csv_bytes"].as_u64()? as f64 / total)
    };
    let mut interrupted = 0;
    for k in 0..4 {
        let target = (k as f64 + rng.random_range(0.0..1.0)) / 5.0;
        let mut child = spawn(&with("cut", "1"), tmp.path());
        let deadline = Instant::now() + Duration::from_secs(300);
        // The run is stopped (SIGSTOP) while its checkpoint is read, and killed where it
        // stopped once far enough: however loaded the machine, it cannot finish between the
        // reading and the kill.
        loop {
            assert!(child.try_wait().unwrap().is_none(), "the run ended before {target:.2} of its games");
            assert!(Instant::now() < deadline, "not at {target:.2} of the games after five minutes");
            signal(&child, libc::SIGSTOP);
            if covered().is_some_and(|c| c >= target) {
                break;
            }
            signal(&child, libc::SIGCONT);
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(child.try_wait().unwrap().is_none(), "the run is still going at {target:.2} of its games");
        child.kill().unwrap();
        child.wait().unwrap();
        if covered().is_some_and(|c| c < 1.0) {
            interrupted += 1;
            if let Ok(mut games) = std::fs::OpenOptions::new().append(true).open(cut.join("games.csv")) {
                std::io::Write::write_all(&mut games, b"2,123,45").unwrap();
            }
        }
    }
    succeeds(&with("cut", "1"), tmp.path());
    let (whole, cut) = (files(&tmp.path().join("whole")), files(&cut));
    assert_eq!(whole.keys().collect::<Vec<_>>(), cut.keys().collect::<Vec<_>>(), "the same files");
    for (name, bytes) in &whole {
        assert!(bytes == &cut[name], "{name} differs after kills and resumes");
    }
    interrupted
}

#[test]
fn a_two_bot_run_killed_at_random_points_resumes_to_the_uninterrupted_bytes() {
    let args = [
        "play",
        "--game",
        "connect4",
        "--bots",
        "mcts:iterations=8,random",
        "--seats",
        "rotate",
        "--games",
        "4000",
        "--per-game",
        "--crosstab",
        "bot,seat",
    ];
    assert_eq!(kill_and_resume(&args, 1), 4, "every kill lands in the middle of the run");
}

#[test]
fn a_multi_count_run_killed_at_random_points_resumes_to_the_uninterrupted_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    let spec = tmp.path().join("bang.toml");
    std::fs::write(
        &spec,
        "game = 'bang'\nplayers = [4, 5]\nbots = ['random']\ngames = 6000\nseed = 4\nper_game = true\n\
         crosstab = ['role,seat_from_sheriff', 'winner,seat']\n",
    )
    .unwrap();
    let spec = spec.to_str().unwrap();
    assert_eq!(kill_and_resume(&["run", spec], 2), 4, "every kill lands in the middle of the run");
}

/// Starts a run of a billion games and kills it once its first window is checkpointed.
fn interrupted_run(dir: &Path, args: &[&str]) {
    let mut child = spawn(args, dir);
    let checkpoint = dir.join("out/checkpoint.json");
    let deadline = Instant::now() + Duration::from_secs(60);
    while !std::fs::read_to_string(&checkpoint).is_ok_and(|c| !c.contains("\"next\":0,")) {
        assert!(Instant::now() < deadline, "no checkpoint after a minute");
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

#[test]
fn a_checkpoint_of_another_spec_is_refused_before_any_game_is_played() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "connect4", "--games", "1000000000", "--per-game", "--out", "out"];
    interrupted_run(tmp.path(), &args);
    let before = files(&tmp.path().join("out"));
    let other = ["play", "--game", "connect4", "--games", "1000000000", "--per-game", "--out", "out", "--seed", "2"];
    let out = command(&other, tmp.path()).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("out holds an unfinished run of a different spec") && err.contains("delete out"), "{err}");
    assert!(files(&tmp.path().join("out")) == before, "the interrupted run is untouched");
}

#[test]
fn a_finished_run_is_not_played_again() {
    let tmp = tempfile::tempdir().unwrap();
    let args =
        ["play", "--game", "connect4", "--bots", "greedy,random", "--games", "300", "--per-game", "--out", "out"];
    succeeds(&args, tmp.path());
    let dir = tmp.path().join("out");
    let before = files(&dir);
    // A derived file to restore: no game is played again (games.csv is not rewritten).
    std::fs::remove_file(dir.join("summary.csv")).unwrap();
    let stamp = || std::fs::metadata(dir.join("games.csv")).unwrap().modified().unwrap();
    let written = stamp();
    let out = command(&args, tmp.path()).arg("--threads").arg("1").output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).ends_with("out: already complete; rewrote summary.csv\n"));
    assert_eq!(stamp(), written, "no game was played again");
    assert!(files(&dir) == before, "summary.csv is written again from counts.json");
    // A row added to games.csv since the run finished: refused, not kept as part of the run.
    std::fs::write(dir.join("games.csv"), [&before["games.csv"][..], b"marker\n"].concat()).unwrap();
    let out = command(&args, tmp.path()).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    let len = before["games.csv"].len();
    assert!(err.contains(&format!("out/games.csv: it holds {} bytes, not the {len} the run wrote", len + 7)), "{err}");
    assert!(files(&dir)["games.csv"].ends_with(b"\nmarker\n"), "nothing written");
}

/// Starts `args` without `MEEPLE_CHECKPOINT_WINDOW` (windows sized by time) and kills it after
/// `after`.
fn killed_after(args: &[&str], dir: &Path, after: Duration) {
    let mut child = command(args, dir).spawn().expect("start meeple");
    std::thread::sleep(after);
    assert!(child.try_wait().unwrap().is_none(), "the run finished before the kill: make it longer");
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Games in the bytes `csv` of a games.csv prefix (rows after the header).
fn rows_in(csv: &[u8]) -> usize {
    csv.iter().filter(|&&b| b == b'\n').count().saturating_sub(1)
}

#[test]
fn a_killed_slow_bot_run_keeps_the_work_of_all_but_its_last_second_and_resumes_to_the_same_bytes() {
    let tmp = tempfile::tempdir().unwrap();
    // A slow bot (about a millisecond a game or more): a 16,384-game window would hold the whole
    // run. The game count doubles until the uninterrupted run lasts at least 4 s, so that the
    // kill, at half that time, lands mid-run on a fast machine as on a loaded one.
    let args = |games: &str, out: &str, threads: &str| -> Vec<String> {
        ["play", "--game", "connect4", "--bots", "mcts:iterations=300,random", "--seats", "rotate"]
            .into_iter()
            .chain(["--games", games, "--per-game", "--threads", threads, "--out", out])
            .map(String::from)
            .collect()
    };
    let mut games = 1000;
    let (full, whole) = loop {
        let out = format!("whole{games}");
        let started = Instant::now();
        let a = args(&games.to_string(), &out, "1");
        succeeds(&a.iter().map(String::as_str).collect::<Vec<_>>(), tmp.path());
        let full = started.elapsed();
        if full >= Duration::from_secs(4) || games >= 64_000 {
            break (full, files(&tmp.path().join(out)));
        }
        games *= 2;
    };
    let n = games.to_string();
    let cut = tmp.path().join("cut");
    let run = full / 2;
    assert!(run >= Duration::from_secs(2), "the run must outlast the kill: {games} games took {full:?}");
    let a = args(&n, "cut", "1");
    killed_after(&a.iter().map(String::as_str).collect::<Vec<_>>(), tmp.path(), run);
    let checkpoint = std::fs::read_to_string(cut.join("checkpoint.json")).unwrap();
    // games.csv may hold rows past the checkpoint (its buffer flushed between checkpoints); the
    // resume truncates it to the checkpoint's `games_csv_bytes`, so the kept games are the rows
    // of that prefix.
    let json: serde_json::Value = serde_json::from_str(&checkpoint).unwrap();
    let bytes =
        json["games_csv_bytes"].as_u64().unwrap_or_else(|| panic!("no games_csv_bytes in {checkpoint}")) as usize;
    let kept = rows_in(&std::fs::read(cut.join("games.csv")).unwrap()[..bytes]);
    // At the speed of the uninterrupted run, the killed one played about `run / full` of its
    // games; all but about its last second (the window in progress and the time since the last
    // checkpoint) must be kept. Half of that, as the shared machine's load varies between runs.
    let expected = 0.5 * games as f64 * (run.as_secs_f64() - 1.0) / full.as_secs_f64();
    assert!(kept as f64 >= expected && kept > 0, "kept {kept} games after {run:?}; expected at least {expected:.0}");
    assert!(checkpoint.contains(&format!("\"next\":{kept},")), "checkpoint at the last kept row: {checkpoint}");
    let resumed = Command::new(env!("CARGO_BIN_EXE_meeple"))
        .args(args(&n, "cut", "2"))
        .current_dir(tmp.path())
        .env("MEEPLE_PROGRESS_SECONDS", "0")
        .output()
        .unwrap();
    let note = String::from_utf8_lossy(&resumed.stderr);
    assert!(resumed.status.success(), "{note}");
    assert!(note.contains(&format!("{kept} games already played")), "{note}");
    // stderr is a pipe, not a terminal: plain progress lines (here after every window).
    let lines = note.lines().filter(|l| l.starts_with("progress: ")).count();
    assert!(lines >= 2 && note.contains(&format!("progress: {games}/{games} games (100.0%)")), "{note}");
    assert!(files(&cut) == whole, "the resumed run writes the uninterrupted run's bytes");
}
