//! Runs that nothing can corrupt (issue 39), end to end with real `meeple` processes and real
//! signals: one writer per output folder, merges that never overwrite, verified resumes,
//! interrupts that say what happened, runs that grow, and messages that say what happened.

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::{fails, files, meeple, signal, succeeds};

/// A `meeple` command in `dir`, with small checkpoint windows (a checkpoint every 200 games).
fn command(args: &[&str], dir: &Path) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_meeple"));
    c.args(args).current_dir(dir).env("MEEPLE_CHECKPOINT_WINDOW", "200");
    c
}

fn spawn(args: &[&str], dir: &Path) -> Child {
    command(args, dir).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().expect("start meeple")
}

fn assert_same_files(a: &Path, b: &Path) {
    let (a, b) = (files(a), files(b));
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>(), "the same files");
    for (name, bytes) in &a {
        assert!(bytes == &b[name], "{name} differs");
    }
}

/// Waits until `dir` holds a checkpoint past the first game, saved by `child` (one that was not
/// there before it started: the run is under way).
fn wait_for_progress(dir: &Path, child: &mut Child) {
    let checkpoint = dir.join("checkpoint.json");
    let before = std::fs::read_to_string(&checkpoint).ok();
    let deadline = Instant::now() + Duration::from_secs(120);
    while !std::fs::read_to_string(&checkpoint)
        .is_ok_and(|c| c.contains("\"next\":") && !c.contains("\"next\":0,") && Some(&c) != before.as_ref())
    {
        assert!(child.try_wait().unwrap().is_none(), "the run ended before its first checkpoint");
        assert!(Instant::now() < deadline, "no checkpoint after two minutes");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A long BANG! run with games.csv, for the tests that interrupt or race it.
const LONG: [&str; 12] =
    ["play", "--game", "bang", "--players", "5", "--games", "300000", "--per-game", "--threads", "1", "--out", "out"];

#[test]
fn a_second_run_on_a_folder_in_use_exits_2_naming_the_holder_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let mut first = spawn(&LONG, tmp.path());
    wait_for_progress(&tmp.path().join("out"), &mut first);
    let other = [&LONG[..], &["--seed", "12"]].concat();
    let out = meeple(&other, tmp.path());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    let holder = format!("error: out is in use by process {} (`", first.id());
    assert!(err.starts_with(&holder) && err.contains("meeple play --game bang"), "{err}");
    assert!(err.contains(", started 20") && err.contains("nothing was written"), "{err}");
    let checkpoint: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tmp.path().join("out/checkpoint.json")).unwrap()).unwrap();
    assert!(checkpoint["spec"].as_str().unwrap().contains("\nseed = 1\n"), "the first run's checkpoint stays");
    assert!(!tmp.path().join("out/spec.toml").exists(), "the second run wrote nothing");
    // Merges and puzzle studies are refused on it the same way.
    shards(tmp.path(), "20");
    let err = fails(&["merge", "s1", "s2", "--out", "out"], tmp.path());
    assert!(err.contains("out is in use by process"), "{err}");
    let err = fails(&["puzzles", "--game", "laserreflection", "--count", "1", "--out", "out"], tmp.path());
    assert!(err.contains("out is in use by process"), "{err}");
    first.kill().unwrap();
    first.wait().unwrap();
}

/// The lock of a process killed with SIGKILL never blocks: the OS released it, and the same
/// command resumes the run to the bytes of an uninterrupted run.
#[test]
fn a_run_killed_with_sigkill_leaves_no_lock_and_resumes_byte_identically() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "connect4", "--bots", "greedy,random", "--games", "6000", "--per-game", "--quiet"];
    let with = |out: &'static str| [&args[..], &["--out", out, "--threads", "1"]].concat();
    succeeds(&with("whole"), tmp.path());
    let mut first = spawn(&with("cut"), tmp.path());
    wait_for_progress(&tmp.path().join("cut"), &mut first);
    signal(&first, libc::SIGKILL);
    first.wait().unwrap();
    let resumed = succeeds(&with("cut"), tmp.path());
    assert!(String::from_utf8_lossy(&resumed.stdout).contains("wrote cut/"));
    assert_same_files(&tmp.path().join("whole"), &tmp.path().join("cut"));
}

/// SIGINT and SIGTERM save a checkpoint and say where the run stopped, also under --quiet, with
/// exit status 128 + the signal; running the same command again finishes it byte-identically.
#[test]
fn sigint_and_sigterm_save_a_checkpoint_and_say_how_to_resume() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "bang", "--players", "4", "--games", "40000", "--per-game", "--quiet"];
    let with = |out: &'static str| [&args[..], &["--out", out, "--threads", "2"]].concat();
    for (sig, code) in [(libc::SIGINT, 130), (libc::SIGTERM, 143)] {
        let mut child = spawn(&with("cut"), tmp.path());
        wait_for_progress(&tmp.path().join("cut"), &mut child);
        signal(&child, sig);
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{err}");
        let checkpoint: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(tmp.path().join("cut/checkpoint.json")).unwrap()).unwrap();
        let done = checkpoint["next"].as_u64().unwrap();
        assert!(done > 0 && done < 40_000, "{done}");
        assert_eq!(err, format!("interrupted at {done} of 40000 games; run the same command to resume\n"));
    }
    succeeds(&with("cut"), tmp.path());
    succeeds(&with("whole"), tmp.path());
    assert_same_files(&tmp.path().join("whole"), &tmp.path().join("cut"));
}

/// A byte changed in the middle of the part of games.csv a checkpoint covers is found on resume:
/// the run is refused, naming the file, the byte range and what to do, and nothing is written.
#[test]
fn a_flipped_byte_in_a_checkpointed_games_csv_is_refused_on_resume() {
    let tmp = tempfile::tempdir().unwrap();
    let args =
        ["play", "--game", "bang", "--players", "4", "--games", "40000", "--per-game", "--quiet", "--out", "out"];
    let mut child = spawn(&args, tmp.path());
    wait_for_progress(&tmp.path().join("out"), &mut child);
    signal(&child, libc::SIGINT);
    child.wait().unwrap();
    let checkpoint: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(tmp.path().join("out/checkpoint.json")).unwrap()).unwrap();
    let covered = checkpoint["games_csv_bytes"].as_u64().unwrap();
    let path = tmp.path().join("out/games.csv");
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = (covered / 2) as usize;
    bytes[middle] = if bytes[middle] == b'1' { b'2' } else { b'1' };
    std::fs::write(&path, &bytes).unwrap();
    let before = files(&tmp.path().join("out"));
    let err = fails(&args, tmp.path());
    assert!(err.contains(&format!("out/games.csv: bytes 0..{covered} changed since the checkpoint")), "{err}");
    assert!(err.contains("delete out (or give another --out) and run the same command"), "{err}");
    assert_eq!(files(&tmp.path().join("out")), before, "nothing written");
}

/// Shards 1/2 and 2/2 of a Connect Four run of `games` games with games.csv, in `dir/s1` and `dir/s2`.
fn shards(dir: &Path, games: &str) {
    for k in ["1", "2"] {
        let out = format!("s{k}");
        let shard = format!("{k}/2");
        let args = ["play", "--game", "connect4", "--bots", "greedy,random", "--games", games, "--per-game"];
        succeeds(&[&args[..], &["--shard", &shard, "--out", &out, "--quiet"]].concat(), dir);
    }
}

#[test]
fn a_merge_never_overwrites_and_repeating_it_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    shards(tmp.path(), "200");
    let merge = ["merge", "s1", "s2", "--out", "merged"];
    let out = succeeds(&merge, tmp.path());
    assert!(String::from_utf8_lossy(&out.stdout).contains("merged 2 shards into merged"));
    let merged = files(&tmp.path().join("merged"));
    let stamp = |p: &str| std::fs::metadata(tmp.path().join("merged").join(p)).unwrap().modified().unwrap();
    let before = stamp("games.csv");
    let again = succeeds(&merge, tmp.path());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("merged already holds this merge of 2 shards; nothing written")
    );
    assert_eq!(stamp("games.csv"), before, "nothing rewritten");
    assert_eq!(files(&tmp.path().join("merged")), merged);
    // Nor after a report of the merged run (its files are not another run's).
    succeeds(&["report", "merged"], tmp.path());
    let again = succeeds(&merge, tmp.path());
    assert!(String::from_utf8_lossy(&again.stderr).contains("nothing written"));
    assert_eq!(stamp("games.csv"), before, "nothing rewritten");
    // A folder holding another run (a longer one) is refused and left as it was.
    succeeds(&["play", "--game", "connect4", "--games", "400", "--per-game", "--quiet", "--out", "other"], tmp.path());
    let other = files(&tmp.path().join("other"));
    let err = fails(&["merge", "s1", "s2", "--out", "other"], tmp.path());
    assert!(
        err.contains("other already holds files (balance.csv, counts.json, games.csv,")
            && err.contains("nothing was written"),
        "{err}"
    );
    assert_eq!(files(&tmp.path().join("other")), other);
    // So is a folder holding any other file; and no temporary folder is left behind.
    std::fs::create_dir(tmp.path().join("notes")).unwrap();
    std::fs::write(tmp.path().join("notes/README"), "mine").unwrap();
    let err = fails(&["merge", "s1", "s2", "--out", "notes"], tmp.path());
    assert!(err.contains("notes already holds files (README)"), "{err}");
    let left: Vec<String> =
        std::fs::read_dir(tmp.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert!(left.iter().all(|n| !n.contains("merging")), "{left:?}");
}

/// The BANG! run of the growth tests: three player counts, two distinct bots (rotated seats),
/// games.csv.
fn bang(games: &str, out: &str) -> Vec<String> {
    ["play", "--game", "bang", "--players", "4-6", "--bots", "greedy,random", "--games", games, "--per-game"]
        .iter()
        .map(|s| s.to_string())
        .chain(["--quiet", "--threads", "2", "--out", out].map(String::from))
        .collect()
}

fn run_ok(args: &[String], dir: &Path) -> Output {
    succeeds(&args.iter().map(String::as_str).collect::<Vec<_>>(), dir)
}

#[test]
fn a_finished_run_grows_to_the_bytes_of_a_fresh_run_of_the_larger_count() {
    let tmp = tempfile::tempdir().unwrap();
    run_ok(&bang("120", "grown"), tmp.path());
    run_ok(&bang("360", "grown"), tmp.path());
    run_ok(&bang("360", "fresh"), tmp.path());
    assert_same_files(&tmp.path().join("fresh"), &tmp.path().join("grown"));
}

#[test]
fn an_interrupted_run_grows_to_the_bytes_of_a_fresh_run_of_the_larger_count() {
    let tmp = tempfile::tempdir().unwrap();
    let small: Vec<String> = bang("1200", "grown");
    let mut child = spawn(&small.iter().map(String::as_str).collect::<Vec<_>>(), tmp.path());
    // Wait until the run is in its second player count, so both kinds of carried games occur.
    let checkpoint = tmp.path().join("grown/checkpoint.json");
    let deadline = Instant::now() + Duration::from_secs(300);
    while !std::fs::read_to_string(&checkpoint).is_ok_and(|c| c.contains("\"series\":1,")) {
        assert!(child.try_wait().unwrap().is_none(), "the run ended before its second player count");
        assert!(Instant::now() < deadline, "not at the second player count after five minutes");
        std::thread::sleep(Duration::from_millis(5));
    }
    signal(&child, libc::SIGINT);
    assert_eq!(child.wait().unwrap().code(), Some(130));
    run_ok(&bang("1260", "grown"), tmp.path());
    run_ok(&bang("1260", "fresh"), tmp.path());
    assert_same_files(&tmp.path().join("fresh"), &tmp.path().join("grown"));
}

/// A growth interrupted before it reached the later player counts (their games set aside in
/// the checkpoint's `carried`) is refused when asked to grow again, naming the count to finish
/// first: growing it at once counted those games twice (a newcomer found 31,000 games where
/// 30,000 were played). Finished first, it grows to the bytes of a fresh run.
#[test]
fn an_interrupted_growth_must_finish_before_it_grows_again() {
    let tmp = tempfile::tempdir().unwrap();
    run_ok(&bang("120", "grown"), tmp.path());
    let growth: Vec<String> = bang("12000", "grown");
    let mut child = spawn(&growth.iter().map(String::as_str).collect::<Vec<_>>(), tmp.path());
    let checkpoint = tmp.path().join("grown/checkpoint.json");
    let deadline = Instant::now() + Duration::from_secs(300);
    while !std::fs::read_to_string(&checkpoint).is_ok_and(|c| c.contains("\"carried\":[{")) {
        assert!(child.try_wait().unwrap().is_none(), "the growth ended before its first checkpoint");
        assert!(Instant::now() < deadline, "no checkpoint of the growth after five minutes");
        std::thread::sleep(Duration::from_millis(2));
    }
    signal(&child, libc::SIGINT);
    assert_eq!(child.wait().unwrap().code(), Some(130), "interrupted in the first player count");
    let again: Vec<String> = bang("12060", "grown");
    let out = command(&again.iter().map(String::as_str).collect::<Vec<_>>(), tmp.path()).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("was growing to 12000 games and was interrupted; nothing was written")
            && err.contains("--games 12000"),
        "{err}"
    );
    run_ok(&bang("12000", "grown"), tmp.path());
    run_ok(&again, tmp.path());
    run_ok(&bang("12060", "fresh"), tmp.path());
    assert_same_files(&tmp.path().join("fresh"), &tmp.path().join("grown"));
}

/// D1: a report of a folder whose growth was interrupted is refused (its counts are the smaller
/// run's, and a report.md of them stayed once the growth finished): finish the growth first.
#[test]
fn a_report_of_an_interrupted_growth_is_refused_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    run_ok(&bang("120", "grown"), tmp.path());
    let growth: Vec<String> = bang("12000", "grown");
    let mut child = spawn(&growth.iter().map(String::as_str).collect::<Vec<_>>(), tmp.path());
    wait_for_progress(&tmp.path().join("grown"), &mut child);
    signal(&child, libc::SIGINT);
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let err = fails(&["report", "grown"], tmp.path());
    assert_eq!(
        err,
        "error: grown holds an unfinished growth of its run (checkpoint.json beside the smaller run's \
         counts.json): rerun the play or run command that grew it to finish it first\n"
    );
    assert!(!tmp.path().join("grown/report.md").exists(), "no report was written");
}

/// A merged run grows like any finished run; the first shard grows, a later shard (whose games
/// move at the larger count) is refused with the reason.
#[test]
fn sharded_runs_grow_through_their_merge_and_a_moved_shard_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    shards(tmp.path(), "200");
    succeeds(&["merge", "s1", "s2", "--out", "merged"], tmp.path());
    let args = ["play", "--game", "connect4", "--bots", "greedy,random", "--games", "600", "--per-game", "--quiet"];
    succeeds(&[&args[..], &["--out", "merged"]].concat(), tmp.path());
    succeeds(&[&args[..], &["--out", "fresh"]].concat(), tmp.path());
    assert_same_files(&tmp.path().join("fresh"), &tmp.path().join("merged"));
    let err = fails(&[&args[..], &["--shard", "2/2", "--out", "s2"]].concat(), tmp.path());
    assert!(err.contains("shard: with games = 600, shard 2/2 plays game indices 300..600"), "{err}");
    assert!(err.contains("do not continue the 100..200 that s2 holds"), "{err}");
    succeeds(&[&args[..], &["--shard", "1/2", "--out", "s1"]].concat(), tmp.path());
    succeeds(&[&args[..], &["--shard", "2/2", "--out", "s2b"]].concat(), tmp.path());
    succeeds(&["merge", "s1", "s2b", "--out", "merged2"], tmp.path());
    assert_same_files(&tmp.path().join("fresh"), &tmp.path().join("merged2"));
}

#[test]
fn a_smaller_count_or_another_field_is_refused_naming_the_field() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "connect4", "--games", "300", "--quiet", "--out", "out"];
    succeeds(&args, tmp.path());
    let before = files(&tmp.path().join("out"));
    let err = fails(&["play", "--game", "connect4", "--games", "100", "--quiet", "--out", "out"], tmp.path());
    assert!(err.contains("games: out holds a run of this spec with 300 games, more than the 100 asked"), "{err}");
    let err = fails(&[&args[..], &["--seed", "7"]].concat(), tmp.path());
    assert!(err.contains("out holds the results of a different spec (seed: 1 there, 7 here;"), "{err}");
    let err = fails(&[&args[..3], &["--games", "600", "--seed", "7", "--out", "out"]].concat(), tmp.path());
    assert!(err.contains("(games: 300 there, 600 here; seed: 1 there, 7 here;"), "{err}");
    assert!(err.contains("; a larger games grows a run only when no other field changed; out/spec.toml)"), "{err}");
    let err = fails(&[&args[..], &["--seed", "7"]].concat(), tmp.path());
    assert!(!err.contains("a larger games"), "games is not among the differences: {err}");
    assert_eq!(files(&tmp.path().join("out")), before);
}

#[test]
fn a_run_whose_sprt_stopped_is_refused_with_the_reason() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "connect4", "--bots", "greedy,random", "--sprt", "0,200,0.05,0.05", "--quiet"];
    succeeds(&[&args[..], &["--games", "20000", "--out", "out"]].concat(), tmp.path());
    let err = fails(&[&args[..], &["--games", "40000", "--out", "out"]].concat(), tmp.path());
    assert!(err.contains("sprt: the run in out stopped when its sequential test decided (2 players: h"), "{err}");
}

#[test]
fn messages_say_what_happened() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "connect4", "--games", "50", "--quiet", "--out", "out"];
    succeeds(&args, tmp.path());
    let again = succeeds(&args, tmp.path());
    let (stdout, stderr) = (String::from_utf8_lossy(&again.stdout), String::from_utf8_lossy(&again.stderr));
    assert!(stderr.ends_with("out: already complete; nothing written\n") && !stdout.contains("wrote"), "{stdout}");
    assert!(!stdout.contains("already complete"), "a status line, on stderr: {stdout}");
    std::fs::remove_file(tmp.path().join("out/summary.csv")).unwrap();
    let again = succeeds(&args, tmp.path());
    assert!(String::from_utf8_lossy(&again.stderr).ends_with("out: already complete; rewrote summary.csv\n"));
    std::fs::write(tmp.path().join("out/spec.toml"), "\u{0}garbage = [").unwrap();
    let err = fails(&args, tmp.path());
    assert!(err.starts_with("error: out/spec.toml is unreadable: "), "{err}");
    assert!(!err.contains("different spec"), "{err}");
    for bad in ["-5", "0"] {
        let err = fails(&["play", "--game", "connect4", "--games", bad], tmp.path());
        assert!(err.contains("--games must be at least 1"), "{err}");
        let err = fails(&["run", "spec.toml", "--games", bad], tmp.path());
        assert!(err.contains("--games must be at least 1"), "{err}");
    }
}

/// A negative number is a bad value of its flag, said as such, not "unexpected argument '-1'"
/// (clap reads a leading `-` as a flag unless told otherwise).
#[test]
fn a_negative_number_is_refused_as_a_value_of_its_flag() {
    let tmp = tempfile::tempdir().unwrap();
    let play = ["play", "--game", "connect4", "--games", "2", "--quiet", "--out", "out"];
    for flag in ["--seed", "--threads", "--max-actions", "--players"] {
        let err = fails(&[&play[..], &[flag, "-1"]].concat(), tmp.path());
        assert!(err.contains(&format!("invalid value '-1' for '{flag} ")), "{flag}: {err}");
    }
    let err = fails(&["bench", "--game", "connect4", "--seconds", "-1"], tmp.path());
    assert!(err.contains("expected a number of seconds greater than 0, e.g. 3, not \"-1\""), "{err}");
    let err = fails(&["bench", "--game", "connect4", "--threads", "-2"], tmp.path());
    assert!(err.contains("invalid value '-2' for '--threads "), "{err}");
}

/// F1: a shard still being played or grown (its folder locked), or one left unfinished (its
/// checkpoint), is refused by merge naming the shard; nothing is written.
#[test]
fn a_merge_refuses_a_shard_in_use_or_unfinished_naming_it() {
    let tmp = tempfile::tempdir().unwrap();
    shards(tmp.path(), "200");
    // Shard 1 grows (the first shard's games continue at a larger count).
    let grow = [
        "play",
        "--game",
        "connect4",
        "--bots",
        "greedy,random",
        "--games",
        "20000000",
        "--per-game",
        "--shard",
        "1/2",
        "--threads",
        "1",
        "--out",
        "s1",
    ];
    let mut child = spawn(&grow, tmp.path());
    wait_for_progress(&tmp.path().join("s1"), &mut child);
    let err = fails(&["merge", "s1", "s2", "--out", "merged"], tmp.path());
    assert!(err.starts_with(&format!("error: shard s1 is in use by process {} (`", child.id())), "{err}");
    assert!(err.contains("nothing was written") && err.lines().count() == 1, "{err}");
    assert!(!tmp.path().join("merged").exists(), "nothing written");
    signal(&child, libc::SIGINT);
    assert_eq!(child.wait().unwrap().code(), Some(130));
    // Interrupted while it grew: counts.json of the smaller run and a checkpoint.
    assert!(tmp.path().join("s1/counts.json").exists() && tmp.path().join("s1/checkpoint.json").exists());
    let err = fails(&["merge", "s1", "s2", "--out", "merged"], tmp.path());
    assert!(err.contains("shard s1 holds an unfinished run (s1/checkpoint.json)"), "{err}");
    assert!(!tmp.path().join("merged").exists(), "nothing written");
}

/// F2: a finished run's games.csv cut, duplicated or edited is found before the run is declared
/// complete or grows: refused, saying what differs and what to do; nothing is written.
#[test]
fn a_finished_runs_games_csv_cut_duplicated_or_edited_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "connect4", "--bots", "greedy,random", "--per-game", "--quiet"];
    succeeds(&[&args[..], &["--games", "300", "--out", "out"]].concat(), tmp.path());
    let path = tmp.path().join("out/games.csv");
    let good = std::fs::read(&path).unwrap();
    let n = good.len();
    let cut = good[..n - 10].to_vec();
    let doubled = [&good[..], &good[good.len() / 2..]].concat();
    let mut edited = good.clone();
    edited[n / 2] = if edited[n / 2] == b'1' { b'2' } else { b'1' };
    for (bytes, says) in [
        (&cut, format!("it holds {} bytes, not the {n} the run wrote", n - 10)),
        (&doubled, format!("it holds {} bytes, not the {n} the run wrote", doubled.len())),
        (&edited, format!("bytes 0..{n} changed since the run wrote them")),
    ] {
        std::fs::write(&path, bytes).unwrap();
        let before = files(&tmp.path().join("out"));
        for games in ["300", "600"] {
            let err = fails(&[&args[..], &["--games", games, "--out", "out"]].concat(), tmp.path());
            assert!(err.contains(&format!("out/games.csv: {says}; its rows no longer match")), "{err}");
            assert!(err.contains("restore it from a copy, or delete out and run the command that made it again"));
            assert_eq!(files(&tmp.path().join("out")), before, "nothing written");
        }
    }
    // Restored, it is complete again, and grows.
    std::fs::write(&path, &good).unwrap();
    let out = succeeds(&[&args[..], &["--games", "300", "--out", "out"]].concat(), tmp.path());
    assert!(String::from_utf8_lossy(&out.stderr).ends_with("out: already complete; nothing written\n"));
    succeeds(&[&args[..], &["--games", "600", "--out", "out"]].concat(), tmp.path());
    succeeds(&[&args[..], &["--games", "600", "--out", "fresh"]].concat(), tmp.path());
    assert_same_files(&tmp.path().join("fresh"), &tmp.path().join("out"));
}

/// F3 and F4: no command writes into a folder that holds another kind of run, or files that are
/// not a meeple run: exit 2, one line, nothing written. A meeple run of the same spec is not
/// refused.
#[test]
fn a_folder_of_another_kind_of_run_or_of_other_files_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let play = |out: &str| -> Vec<String> {
        ["play", "--game", "laserreflection", "--players", "2", "--games", "20", "--quiet", "--out", out]
            .map(String::from)
            .to_vec()
    };
    let puzzles = |out: &str| -> Vec<String> {
        ["puzzles", "--game", "laserreflection", "--grid", "5", "--items", "3", "--count", "3", "--quiet", "--out", out]
            .map(String::from)
            .to_vec()
    };
    let refused = |args: Vec<String>, says: &str| {
        let dir = tmp.path().join(args.last().unwrap());
        let before = files(&dir);
        let err = fails(&args.iter().map(String::as_str).collect::<Vec<_>>(), tmp.path());
        assert!(err.contains(says) && err.lines().count() == 1, "{err}");
        assert_eq!(files(&dir), before, "nothing written");
    };
    run_ok(&puzzles("study"), tmp.path());
    refused(play("study"), "study holds a puzzle study (study/puzzles.csv), not a run of play or run");
    run_ok(&play("run"), tmp.path());
    refused(puzzles("run"), "run holds a run of play, run or merge (run/spec.toml or checkpoint.json)");
    std::fs::create_dir(tmp.path().join("mine")).unwrap();
    std::fs::write(tmp.path().join("mine/summary.csv"), "my,own\n").unwrap();
    std::fs::write(tmp.path().join("mine/notes.txt"), "keep me\n").unwrap();
    refused(play("mine"), "mine is not empty and holds no meeple run (notes.txt, summary.csv)");
    refused(puzzles("mine"), "mine is not empty (notes.txt, summary.csv)");
    let tournament = ["play", "--game", "connect4", "--bots", "random,greedy", "--tournament", "gauntlet"];
    let t = |out: &'static str| [&tournament[..], &["--games", "10", "--quiet", "--out", out]].concat();
    refused(t("mine").iter().map(|s| s.to_string()).collect(), "mine holds files that are not this tournament's");
    refused(t("run").iter().map(|s| s.to_string()).collect(), "run holds files that are not this tournament's");
    // The same spec again: already complete, not refused.
    run_ok(&play("run"), tmp.path());
}

/// F5: when a run grows, the report made from the smaller run is made again from the grown one.
#[test]
fn a_report_is_made_again_when_its_run_grows() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "connect4", "--bots", "greedy,random", "--per-game", "--quiet"];
    succeeds(&[&args[..], &["--games", "100", "--out", "out"]].concat(), tmp.path());
    succeeds(&["report", "out"], tmp.path());
    succeeds(&["report", "out", "--by", "seat,bot"], tmp.path());
    let small = std::fs::read_to_string(tmp.path().join("out/report.md")).unwrap();
    let grown = succeeds(&[&args[..], &["--games", "300", "--out", "out"]].concat(), tmp.path());
    assert!(String::from_utf8_lossy(&grown.stderr).contains("the run grew: rewrote out/report.md"));
    succeeds(&[&args[..], &["--games", "300", "--out", "fresh"]].concat(), tmp.path());
    succeeds(&["report", "fresh"], tmp.path());
    // Every line but the title (which names the folder) and the run's times.
    let report = |d: &str| {
        let text = std::fs::read_to_string(tmp.path().join(d).join("report.md")).unwrap();
        assert!(text.starts_with(&format!("# connect4 run {d}\n")), "{text}");
        text.lines()
            .skip(1)
            .filter(|l| !l.starts_with("| started") && !l.starts_with("| wall time"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(small.contains("\n| games (per player count) | 100 |\n"), "{small}");
    assert!(report("out").contains("\n| games (per player count) | 300 |\n"), "the report was made again");
    for plot in ["seat.svg", "bot.svg"] {
        assert!(tmp.path().join("out").join(plot).is_file(), "{plot} made again");
    }
    assert_eq!(report("out"), report("fresh"), "the grown run's report is a fresh run's");
    assert!(!tmp.path().join("out/crosstab_seat_bot.csv").exists(), "a stale cross-tabulation is removed");
}

/// F6: the minor messages say what happened.
#[test]
fn sweeps_specs_records_merges_and_sighup_say_what_happened() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // --seeds: a later seed refused says the earlier ones were written.
    std::fs::write(dir.join("c4.toml"), "game = 'connect4'\ngames = 20\n").unwrap();
    std::fs::create_dir_all(dir.join("sweep/seed2")).unwrap();
    std::fs::write(dir.join("sweep/seed2/notes.txt"), "mine").unwrap();
    let err = fails(&["run", "c4.toml", "--seeds", "1..3", "--quiet", "--out", "sweep"], dir);
    assert!(err.starts_with("error: --seeds: seed 2 stopped (seed1 is written in sweep): sweep/seed2 is not empty"));
    assert!(dir.join("sweep/seed1/counts.json").exists());
    // A spec.toml that is not UTF-8 is unreadable, said as such.
    succeeds(&["play", "--game", "connect4", "--games", "20", "--quiet", "--out", "out"], dir);
    std::fs::write(dir.join("out/spec.toml"), b"game = '\xff\xfe'\n").unwrap();
    let err = fails(&["play", "--game", "connect4", "--games", "20", "--quiet", "--out", "out"], dir);
    assert!(err.starts_with("error: out/spec.toml is unreadable: it is not UTF-8 text;"), "{err}");
    // A partial spec.toml: the fields it lacks are shown with their defaults, as such.
    std::fs::write(dir.join("out/spec.toml"), "game = 'connect4'\ngames = 20\n").unwrap();
    let err =
        fails(&["play", "--game", "connect4", "--games", "20", "--seats", "shuffle", "--quiet", "--out", "out"], dir);
    assert!(err.contains("(seats: not in spec.toml (\"fixed\" by default) there, \"shuffle\" here"), "{err}");
    // Its seating, by default, is the one asked: the fields that differ are said, seats not among them.
    let err = fails(
        &["play", "--game", "connect4", "--games", "20", "--seats", "fixed", "--seed", "3", "--quiet", "--out", "out"],
        dir,
    );
    assert!(err.contains("(seed: not in spec.toml (1 by default) there, 3 here;"), "{err}");
    // run.toml deleted: refused as unverifiable (D3; a_run_whose_records_are_missing_is_refused…).
    // Shards of different seeds: the field is named.
    for (k, seed) in [("1", "1"), ("2", "2")] {
        let shard = format!("{k}/2");
        let out = format!("s{k}");
        succeeds(
            &[
                "play", "--game", "connect4", "--games", "20", "--shard", &shard, "--seed", seed, "--quiet", "--out",
                &out,
            ],
            dir,
        );
    }
    let err = fails(&["merge", "s1", "s2", "--out", "m"], dir);
    assert!(err.contains("s2 was run from a different spec than s1 (seed: 1 in s1, 2 in s2)"), "{err}");
    // SIGHUP: like SIGTERM, with its own status.
    let hup = tempfile::tempdir().unwrap();
    let mut child = spawn(&[&LONG[..], &["--quiet"]].concat(), hup.path());
    wait_for_progress(&hup.path().join("out"), &mut child);
    signal(&child, libc::SIGHUP);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(129), "{err}");
    assert!(err.starts_with("interrupted at ") && err.ends_with(" of 300000 games; run the same command to resume\n"));
}

/// Issue 39, newcomer findings of stop 47.
///
/// `meeple report` takes the run folder's lock: a report made while a run grows the folder would
/// describe neither the old run nor the grown one, so it is refused (exit 2, one line naming the
/// holder), and nothing is written.
#[test]
fn a_report_of_a_folder_in_use_exits_2_naming_the_holder_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let mut first = spawn(&LONG, tmp.path());
    wait_for_progress(&tmp.path().join("out"), &mut first);
    for args in [&["report", "out"][..], &["report", "out", "--by", "seat,role"][..]] {
        let out = meeple(args, tmp.path());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        assert!(err.starts_with(&format!("error: out is in use by process {} (`", first.id())), "{err}");
        assert!(err.contains("meeple play --game bang") && err.contains(", started 20"), "{err}");
        assert!(err.ends_with("; no report was made: make it once that run has finished\n"), "{err}");
        let written = |n: &str| n == "report.md" || n.ends_with(".svg") || n.starts_with("crosstab_");
        let names: Vec<String> = std::fs::read_dir(tmp.path().join("out"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(!names.iter().any(|n| written(n)), "no report: {names:?}");
    }
    signal(&first, libc::SIGINT);
    assert_eq!(first.wait().unwrap().code(), Some(130));
}

/// Adds 1 to the first `"wins":N` of the JSON file `path` (a hand edit of one count).
fn edit_one_count(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let at = text.find("\"wins\":").unwrap() + "\"wins\":".len();
    let len = text[at..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let n: u64 = text[at..at + len].parse().unwrap();
    std::fs::write(path, format!("{}{}{}", &text[..at], n + 1, &text[at + len..])).unwrap();
}

/// A count edited by hand in counts.json (a finished run) or checkpoint.json (an interrupted
/// one) is found by its checksum: rerunning (complete, growing, resuming), merging and reporting
/// are refused, saying what changed and what to do, and nothing is written.
#[test]
fn an_edited_count_in_counts_json_or_checkpoint_json_is_refused_and_nothing_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "connect4", "--bots", "greedy,random", "--per-game", "--quiet"];
    let with = |games: &'static str, out: &'static str, extra: &[&'static str]| {
        [&args[..], &["--games", games, "--out", out], extra].concat()
    };
    succeeds(&with("300", "out", &[]), tmp.path());
    edit_one_count(&tmp.path().join("out/counts.json"));
    let before = files(&tmp.path().join("out"));
    for run in [
        with("300", "out", &[]),
        with("600", "out", &[]),
        vec!["report", "out"],
        vec!["report", "out", "--by", "seat,bot"],
    ] {
        let err = fails(&run, tmp.path());
        assert!(err.contains("out/counts.json: it changed since the run wrote it (its CRC-32 is "), "{err}");
        assert!(err.contains("run.toml recorded "), "{err}");
        assert!(err.contains("nothing was written: restore it from a copy, or delete out and run the command"));
        assert_eq!(files(&tmp.path().join("out")), before, "nothing written");
    }
    // A shard with an edited count is not merged.
    succeeds(&with("200", "s1", &["--shard", "1/2"]), tmp.path());
    succeeds(&with("200", "s2", &["--shard", "2/2"]), tmp.path());
    edit_one_count(&tmp.path().join("s2/counts.json"));
    let err = fails(&["merge", "s1", "s2", "--out", "merged"], tmp.path());
    assert!(err.contains("s2/counts.json: it changed since the run wrote it"), "{err}");
    assert!(!tmp.path().join("merged").exists(), "nothing written");
    // An interrupted run's checkpoint.
    let long =
        ["play", "--game", "bang", "--players", "4", "--games", "40000", "--per-game", "--quiet", "--out", "cut"];
    let mut child = spawn(&long, tmp.path());
    wait_for_progress(&tmp.path().join("cut"), &mut child);
    signal(&child, libc::SIGINT);
    assert_eq!(child.wait().unwrap().code(), Some(130));
    edit_one_count(&tmp.path().join("cut/checkpoint.json"));
    let before = files(&tmp.path().join("cut"));
    let err = fails(&long, tmp.path());
    assert!(err.contains("cut/checkpoint.json changed since the run saved it (its checksum does not match)"), "{err}");
    assert!(err.contains("nothing was written: restore it from a copy, or delete cut"), "{err}");
    assert_eq!(files(&tmp.path().join("cut")), before, "nothing written");
}

/// Writes the executable shell script `dir/name` with `body`.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    path.display().to_string()
}

/// Ctrl-C or SIGTERM while an external bot is starting (here it never answers the hello, with
/// 20 s to do so) stops meeple at once with the interrupted line and status 130 / 143, not after
/// `startup_ms` as a bot fault: before the run (nothing written) and during it (a worker's
/// process; the run resumes, to the bytes of an uninterrupted run).
#[test]
fn a_signal_while_an_external_bot_starts_stops_at_once_and_the_run_resumes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let client = Path::new(env!("CARGO_MANIFEST_DIR")).join("clients/python/meeple_agent.py");
    let (count, fixed) = (dir.join("count"), dir.join("fixed"));
    // Starts 2, 3, … never answer until `fixed` exists; the first (the check before the run) does.
    let bot = script(
        dir,
        "bot.sh",
        &format!(
            "n=$(cat {c} 2>/dev/null || echo 0); echo $((n+1)) > {c}\nif [ $n -ge 1 ] && [ ! -e {f} ]; then echo \
             loading >&2; exec sleep 30; fi\nexec python3 {p}\n",
            c = count.display(),
            f = fixed.display(),
            p = client.display()
        ),
    );
    let slow = script(dir, "slow.sh", "exec sleep 30\n");
    let lineup = |cmd: &str| format!("ext:cmd={cmd},startup_ms=20000,log={}/bot.log;random", dir.display());
    let play = |cmd: &str, out: &str| -> Vec<String> {
        ["play", "--game", "connect4", "--bots", &lineup(cmd), "--games", "40", "--per-game", "--threads", "1"]
            .iter()
            .map(|s| s.to_string())
            .chain(["--quiet".into(), "--out".into(), out.into()])
            .collect()
    };
    let args = |v: &[String]| v.iter().map(String::clone).collect::<Vec<_>>();
    let start = |v: &[String]| spawn(&v.iter().map(String::as_str).collect::<Vec<_>>(), dir);
    // 300 ms into the bot's start, signal meeple, which must exit within 5 seconds.
    let stop = |child: std::process::Child, sig| {
        std::thread::sleep(Duration::from_millis(300));
        let asked = Instant::now();
        signal(&child, sig);
        let out = child.wait_with_output().unwrap();
        assert!(asked.elapsed() < Duration::from_secs(5), "it waited {:?}", asked.elapsed());
        out
    };
    // Before the run: the check that every command makes.
    let mut child = start(&play(&slow, "early"));
    let deadline = Instant::now() + Duration::from_secs(60);
    while !dir.join("bot.log").exists() {
        assert!(Instant::now() < deadline && child.try_wait().unwrap().is_none(), "the bot never started");
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = stop(child, libc::SIGINT);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert_eq!(
        err,
        format!(
            "interrupted while bot `{}` was starting, before any game was played; nothing was written: run the same \
             command to resume\n",
            lineup(&slow).trim_end_matches(";random")
        )
    );
    assert!(!dir.join("early").exists(), "nothing written");
    // During the run: the worker thread's process.
    let mut child = start(&play(&bot, "out"));
    while std::fs::read_to_string(&count).ok().as_deref() != Some("2\n") {
        assert!(Instant::now() < deadline && child.try_wait().unwrap().is_none(), "no second start");
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = stop(child, libc::SIGTERM);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(143), "{err}");
    assert_eq!(err, "interrupted at 0 of 40 games; run the same command to resume\n");
    assert!(dir.join("out/checkpoint.json").exists(), "resumable");
    std::fs::write(&fixed, "").unwrap();
    let resumed = succeeds(&args(&play(&bot, "out")).iter().map(String::as_str).collect::<Vec<_>>(), dir);
    assert!(String::from_utf8_lossy(&resumed.stdout).contains("wrote out/"));
    succeeds(&args(&play(&bot, "fresh")).iter().map(String::as_str).collect::<Vec<_>>(), dir);
    assert_same_files(&dir.join("fresh"), &dir.join("out"));
}

/// Two large shards (2 × 150,000 Connect Four games with games.csv), for the merges that are
/// interrupted or killed while they write.
fn big_shards(dir: &Path) {
    for k in ["1", "2"] {
        let (shard, out) = (format!("{k}/2"), format!("s{k}"));
        let args = ["play", "--game", "connect4", "--games", "300000", "--per-game", "--shard", &shard];
        succeeds(&[&args[..], &["--out", &out, "--quiet", "--threads", "2"]].concat(), dir);
    }
}

/// Starts `meeple merge s1 s2 --out OUT` in `dir` and stops it (SIGSTOP) as soon as its
/// temporary folder exists: it is then writing the merged files.
fn stopped_merge(dir: &Path, out: &str) -> Child {
    let child = spawn(&["merge", "s1", "s2", "--out", out], dir);
    let tmp = dir.join(out).join(".meeple-merging");
    let deadline = Instant::now() + Duration::from_secs(60);
    while !tmp.exists() {
        assert!(Instant::now() < deadline, "no temporary folder after a minute");
        std::thread::sleep(Duration::from_micros(200));
    }
    signal(&child, libc::SIGSTOP);
    child
}

/// What `dir` and its subfolders hold that a merge left behind: temporary folders.
fn merge_leftovers(dir: &Path) -> Vec<String> {
    let mut left = Vec::new();
    for entry in walk(dir) {
        let name = entry.file_name().unwrap().to_string_lossy().into_owned();
        if name.contains("merging") {
            left.push(entry.display().to_string());
        }
    }
    left
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut all = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().map(Result::unwrap) {
        if e.path().is_dir() {
            all.extend(walk(&e.path()));
        }
        all.push(e.path());
    }
    all
}

/// A merge interrupted (SIGINT) removes its temporary folder and the output folder it made, and
/// says so; one killed with SIGKILL leaves its temporary folder, which the next merge into the
/// same folder removes (as the `.OUT.merging-PID` folders of earlier versions, of dead
/// processes). Meanwhile (D8) a second merge of the same shards runs (merges share their
/// shards' locks), and a run into a shard is refused, naming the merge.
#[test]
fn an_interrupted_or_killed_merge_leaves_nothing_behind_and_other_merges_read_its_shards() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    big_shards(dir);
    let child = stopped_merge(dir, "merged");
    succeeds(&["merge", "s1", "s2", "--out", "other"], dir);
    // The merge holds the shards: a run into one is refused, naming it as a merge.
    let err = fails(&["play", "--game", "connect4", "--games", "10", "--out", "s1"], dir);
    assert!(err.starts_with(&format!("error: s1 is in use by process {} (`", child.id())), "{err}");
    assert!(err.contains("merge s1 s2 --out merged`, started 20"), "{err}");
    assert!(err.ends_with("; nothing was written: wait for that merge to end, or give another output folder\n"));
    signal(&child, libc::SIGINT);
    signal(&child, libc::SIGCONT);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert_eq!(
        err,
        "interrupted: the merge into merged stopped before it wrote anything; run the same command to merge\n"
    );
    assert!(!dir.join("merged").exists(), "the folder it made is removed");
    // Killed: its temporary folder stays, and the next merge removes it.
    let child = stopped_merge(dir, "merged");
    signal(&child, libc::SIGKILL);
    child.wait_with_output().unwrap();
    assert_eq!(merge_leftovers(dir).len(), 1, "{:?}", merge_leftovers(dir));
    std::fs::create_dir(dir.join(".merged.merging-2000000000")).unwrap();
    std::fs::create_dir(dir.join(format!(".merged.merging-{}", std::process::id()))).unwrap();
    let out = succeeds(&["merge", "s1", "s2", "--out", "merged"], dir);
    assert!(String::from_utf8_lossy(&out.stdout).contains("merged 2 shards into merged"));
    assert_eq!(
        merge_leftovers(dir),
        [dir.join(format!(".merged.merging-{}", std::process::id())).display().to_string()]
    );
    succeeds(&["merge", "s1", "s2", "--out", "fresh"], dir);
    assert_same_files(&dir.join("fresh"), &dir.join("merged"));
}

/// `--out ./`: the merge writes into the current folder, never lists its own temporary folder,
/// and says that a repeated merge wrote nothing on stderr (stdout keeps the results).
#[test]
fn a_merge_into_the_current_folder_works_and_lists_nothing_of_its_own() {
    let tmp = tempfile::tempdir().unwrap();
    shards(tmp.path(), "200");
    std::fs::create_dir(tmp.path().join("here")).unwrap();
    let here = tmp.path().join("here");
    let out = succeeds(&["merge", "../s1", "../s2", "--out", "./"], &here);
    assert!(String::from_utf8_lossy(&out.stdout).contains("merged 2 shards into ./"));
    assert!(here.join("counts.json").is_file() && merge_leftovers(tmp.path()).is_empty());
    let again = succeeds(&["merge", "../s1", "../s2", "--out", "./"], &here);
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("./ already holds this merge of 2 shards; nothing written\n")
    );
    assert!(!String::from_utf8_lossy(&again.stdout).contains("nothing written"));
    succeeds(&["merge", "s1", "s2", "--out", "fresh"], tmp.path());
    assert_same_files(&tmp.path().join("fresh"), &here);
}

/// `meeple puzzles` stopped by Ctrl-C says so, like play and run: where it stopped, that nothing
/// was written, and what to do; exit status 130.
#[test]
fn an_interrupted_puzzle_study_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    interrupt_a_puzzle_study(tmp.path(), "6", 100_000, Duration::from_millis(800));
    assert!(files(&tmp.path().join("study")).is_empty(), "nothing written");
}

/// Starts `meeple puzzles` on Laser Reflection (a `grid`×`grid` grid, as many items, `count`
/// puzzles, one thread) in `dir/study`, sends it SIGINT after `wait`, and checks that it stopped
/// with status 130 and one line: how many of the `count` puzzles it finished (more than none,
/// fewer than all), that nothing was written, and what to do. Gives that number.
fn interrupt_a_puzzle_study(dir: &Path, grid: &str, count: u64, wait: Duration) -> u64 {
    let count_arg = count.to_string();
    let args = ["puzzles", "--game", "laserreflection", "--grid", grid, "--items", grid, "--count", &count_arg];
    let mut child = spawn(&[&args[..], &["--quiet", "--threads", "1", "--out", "study"]].concat(), dir);
    std::thread::sleep(wait);
    assert!(child.try_wait().unwrap().is_none(), "the study ended before the signal");
    signal(&child, libc::SIGINT);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    let done: u64 = err.strip_prefix("interrupted at ").and_then(|e| e.split(' ').next()?.parse().ok()).unwrap();
    assert!(done > 0 && done < count, "{err}");
    assert_eq!(
        err,
        format!(
            "interrupted at {done} of {count} puzzles; nothing was written (a study is not resumed): run the same \
             command to start it again\n"
        )
    );
    done
}

/// The Python client's random agent as an external bot run by `dir/bot.sh`, with files in `dir`
/// to watch and steer it: at its first decision a process appends its pid to `dir/pids`, and, if
/// `dir/helper` exists, starts a helper process (`sleep 600`, its pid on the same line); at its
/// 100th decision, unless `dir/fixed` exists, it creates `dir/thinking` and thinks for ten
/// minutes. The lineup entry, with 60 s to answer each decision.
fn watched_bot(dir: &Path) -> String {
    let client = Path::new(env!("CARGO_MANIFEST_DIR")).join("clients/python");
    let d = dir.display();
    let body = format!(
        "import os, subprocess, sys, time\n\
         sys.path.insert(0, '{c}')\n\
         import meeple_agent\n\
         decisions = 0\n\
         def act(observation, legal, seed):\n    \
             global decisions\n    \
             decisions += 1\n    \
             if decisions == 1:\n        \
                 pids = [os.getpid()]\n        \
                 if os.path.exists('{d}/helper'):\n            \
                     pids.append(subprocess.Popen(['sleep', '600']).pid)\n        \
                 open('{d}/pids', 'a').write(' '.join(map(str, pids)) + '\\n')\n    \
             if decisions == 100 and not os.path.exists('{d}/fixed'):\n        \
                 open('{d}/thinking', 'w').close()\n        \
                 time.sleep(600)\n    \
             return meeple_agent.uniform_index(seed, len(legal))\n\
         meeple_agent.run(act)\n",
        c = client.display()
    );
    std::fs::write(dir.join("bot.py"), body).unwrap();
    let cmd = script(dir, "bot.sh", &format!("exec python3 {d}/bot.py\n"));
    format!("ext:cmd={cmd},timeout_ms=60000,log={d}/bot.log")
}

/// `meeple play` of Connect Four with `lineup`, `games` games and games.csv into `out`, one thread.
fn play_with(lineup: &str, games: &str, out: &str) -> Vec<String> {
    ["play", "--game", "connect4", "--bots", lineup, "--games", games, "--per-game", "--threads", "1", "--quiet"]
        .iter()
        .chain(&["--out", out])
        .map(|s| s.to_string())
        .collect()
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// Waits up to two minutes for `path` to exist while `child` runs.
fn wait_for_file(path: &Path, child: &mut Child) {
    let deadline = Instant::now() + Duration::from_secs(120);
    while !path.exists() {
        assert!(child.try_wait().unwrap().is_none(), "meeple ended before {} existed", path.display());
        assert!(Instant::now() < deadline, "no {} after two minutes", path.display());
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The games a run's checkpoint in `dir` says were played.
fn checkpointed(dir: &Path) -> u64 {
    let text = std::fs::read_to_string(dir.join("checkpoint.json")).unwrap();
    serde_json::from_str::<serde_json::Value>(&text).unwrap()["next"].as_u64().unwrap()
}

/// D2: SIGINT or SIGTERM while an external bot is thinking (it has 60 s to answer) stops meeple
/// within about a second, with the interrupted line only (no forfeit) and status 130 / 143; the
/// run resumes, twice, to the bytes of an uninterrupted run.
#[test]
fn a_signal_while_an_external_bot_thinks_stops_at_once_without_a_forfeit() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let bot = watched_bot(dir);
    let lineup = format!("{bot};random");
    let run = play_with(&lineup, "40", "out");
    for (sig, code) in [(libc::SIGINT, 130), (libc::SIGTERM, 143)] {
        let _ = std::fs::remove_file(dir.join("thinking"));
        let mut child = command(&strs(&run), dir)
            .env("MEEPLE_CHECKPOINT_WINDOW", "4")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        wait_for_file(&dir.join("thinking"), &mut child);
        std::thread::sleep(Duration::from_millis(200));
        let asked = Instant::now();
        signal(&child, sig);
        let out = child.wait_with_output().unwrap();
        let waited = asked.elapsed();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{err}");
        assert!(waited < Duration::from_millis(2500), "it waited {waited:?}");
        let done = checkpointed(&dir.join("out"));
        assert!(done > 0 && done < 40, "{done}");
        assert_eq!(err, format!("interrupted at {done} of 40 games; run the same command to resume\n"));
    }
    std::fs::write(dir.join("fixed"), "").unwrap();
    succeeds(&strs(&run), dir);
    succeeds(&strs(&play_with(&lineup, "40", "fresh")), dir);
    assert_same_files(&dir.join("fresh"), &dir.join("out"));
}

/// D7: Ctrl-C on a terminal sends SIGINT to the whole process group; an external bot runs in a
/// group of its own, so it is not killed first (its KeyboardInterrupt was reported as a forfeit):
/// meeple says only where the run stopped, and it resumes to the bytes of an uninterrupted run.
#[test]
fn ctrl_c_to_the_process_group_reports_no_forfeit_of_a_python_bot() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("fixed"), "").unwrap();
    let lineup = format!("{};random", watched_bot(dir));
    let run = play_with(&lineup, "20000", "out");
    let mut child =
        command(&strs(&run), dir).process_group(0).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
    wait_for_progress(&dir.join("out"), &mut child);
    // SAFETY: signals the process group of our own child, which has not been reaped yet.
    assert_eq!(unsafe { libc::kill(-(child.id() as i32), libc::SIGINT) }, 0);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    let done = checkpointed(&dir.join("out"));
    assert_eq!(err, format!("interrupted at {done} of 20000 games; run the same command to resume\n"));
    succeeds(&strs(&run), dir);
    succeeds(&strs(&play_with(&lineup, "20000", "fresh")), dir);
    assert_same_files(&dir.join("fresh"), &dir.join("out"));
}

/// Whether process `pid` has exited (gone, or a zombie left to its new parent).
fn exited(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map_or(true, |s| s.rsplit(") ").next().unwrap().starts_with('Z'))
}

/// D5: a second Ctrl-C (here while a slow in-process bot keeps meeple in its game after the
/// first) ends meeple at once, saying that it stopped without a checkpoint at the current game,
/// and kills its external bot with the bot's own helper process: nothing is left running.
#[test]
fn a_second_signal_kills_the_bot_processes_and_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    std::fs::write(dir.join("fixed"), "").unwrap();
    std::fs::write(dir.join("helper"), "").unwrap();
    // A search checks for a signal (so does the game loop between actions); the Laser Reflection
    // solver's one long solve (minutes on a 12×12 grid of 30 items) does not, which keeps meeple
    // in its game after the first signal.
    let lineup = format!("{};solver:nodes=1000000000", watched_bot(dir));
    let args = ["play", "--game", "laserreflection", "--players", "2", "--bots", &lineup, "--seats", "fixed"];
    let options = ["--option", "grid_size=12", "--option", "items=30", "--games", "2", "--threads", "1"];
    let mut child = spawn(&[&args[..], &options[..], &["--per-game", "--quiet", "--out", "out"]].concat(), dir);
    wait_for_file(&dir.join("pids"), &mut child);
    // The bot creates the file, then writes its line: read it once the line is whole.
    let deadline = Instant::now() + Duration::from_secs(10);
    let pids = loop {
        let text = std::fs::read_to_string(dir.join("pids")).unwrap();
        if text.ends_with('\n') || Instant::now() > deadline {
            break text;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let pids: Vec<&str> = pids.split_whitespace().collect();
    assert_eq!(pids.len(), 2, "the bot and its helper: {pids:?}");
    std::thread::sleep(Duration::from_millis(300));
    signal(&child, libc::SIGINT);
    std::thread::sleep(Duration::from_millis(500));
    assert!(child.try_wait().unwrap().is_none(), "the first signal waits for the game in progress");
    let asked = Instant::now();
    signal(&child, libc::SIGINT);
    let out = child.wait_with_output().unwrap();
    assert!(asked.elapsed() < Duration::from_secs(2), "it waited {:?}", asked.elapsed());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert_eq!(
        err,
        "meeple: a second signal stopped it at once, without a checkpoint at the current game; its bot processes \
         were killed: run the same command again (a run resumes from its last checkpoint)\n"
    );
    let deadline = Instant::now() + Duration::from_secs(5);
    while !pids.iter().all(|p| exited(p)) {
        assert!(
            Instant::now() < deadline,
            "left running: {:?}",
            pids.iter().filter(|p| !exited(p)).collect::<Vec<_>>()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// D3: a finished run whose `run.toml` was deleted, or lost its `counts_crc32` line, and an
/// interrupted run whose `checkpoint.json` lost its `checksum_crc32`, cannot be verified: rerunning
/// (complete or growing), resuming and reporting are refused (merging too: `merge.rs`), saying what is missing and
/// what to do, and nothing is written. A record of an older meeple (no `record_version`, no
/// checksums, as in results/) is still taken as it is.
#[test]
fn a_run_whose_records_are_missing_is_refused_as_unverifiable() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = ["play", "--game", "connect4", "--per-game", "--quiet"];
    let with = |games: &'static str, out: &'static str, extra: &[&'static str]| {
        [&args[..], &["--games", games, "--out", out], extra].concat()
    };
    succeeds(&with("20", "rec", &[]), dir);
    let record = std::fs::read_to_string(dir.join("rec/run.toml")).unwrap();
    let without =
        |key: &str| record.lines().filter(|l| !l.starts_with(key)).map(|l| format!("{l}\n")).collect::<String>();
    let missing = "error: rec/run.toml: it is missing (it records the checksums of counts.json and games.csv), so the \
                   run's files cannot be verified; nothing was written: restore it from a copy, or delete rec and run \
                   the command that made it again\n";
    let no_crc = "error: rec/run.toml: its `counts_crc32` line is missing (record_version 2 holds it), so the run's \
                  files cannot be verified; nothing was written: restore it from a copy, or delete rec and run the \
                  command that made it again\n";
    for (edit, says) in [(None, missing), (Some(without("counts_crc32 = ")), no_crc)] {
        match &edit {
            None => std::fs::remove_file(dir.join("rec/run.toml")).unwrap(),
            Some(text) => std::fs::write(dir.join("rec/run.toml"), text).unwrap(),
        }
        let before = files(&dir.join("rec"));
        for run in [with("20", "rec", &[]), with("40", "rec", &[]), vec!["report", "rec"]] {
            assert_eq!(fails(&run, dir), says, "{run:?}");
            assert_eq!(files(&dir.join("rec")), before, "nothing written");
        }
    }
    // A record of an older meeple: no record_version and no checksums.
    let old: String = without("counts_crc32 = ")
        .lines()
        .filter(|l| !l.starts_with("record_version") && !l.starts_with("games_csv_"))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(dir.join("rec/run.toml"), old).unwrap();
    let out = succeeds(&with("20", "rec", &[]), dir);
    assert!(String::from_utf8_lossy(&out.stderr).ends_with("rec: already complete; nothing written\n"));
    // An interrupted run's checkpoint without its checksum.
    let long =
        ["play", "--game", "bang", "--players", "4", "--games", "40000", "--per-game", "--quiet", "--out", "cut"];
    let mut child = spawn(&long, dir);
    wait_for_progress(&dir.join("cut"), &mut child);
    signal(&child, libc::SIGINT);
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let path = dir.join("cut/checkpoint.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let at = text.rfind(",\"checksum_crc32\":").unwrap();
    std::fs::write(&path, format!("{}}}", &text[..at])).unwrap();
    let before = files(&dir.join("cut"));
    assert_eq!(
        fails(&long, dir),
        "error: cut/checkpoint.json: it has no `checksum_crc32` (it was removed, or an older meeple saved it), so \
         the run's files cannot be verified; nothing was written: restore it from a copy, or delete cut and run the \
         command that made it again\n"
    );
    assert_eq!(files(&dir.join("cut")), before, "nothing written");
}

/// The newcomer's finished run: Connect Four, random against greedy, seed 5, with games.csv.
fn newcomer(games: &str, out: &str) -> Vec<String> {
    let args = ["play", "--game", "connect4", "--bots", "random,greedy", "--seed", "5", "--per-game"];
    args.iter().chain(&["--threads", "1", "--quiet", "--games", games, "--out", out]).map(|s| s.to_string()).collect()
}

/// Copies the finished run `dir/from` to `dir/to`, without the lines of its `run.toml` that start
/// with `key`, and with row 4 of its games.csv edited (`false` to `fal5e`).
fn copy_without(dir: &Path, from: &str, to: &str, key: &str) {
    std::fs::create_dir(dir.join(to)).unwrap();
    for (name, bytes) in files(&dir.join(from)) {
        std::fs::write(dir.join(to).join(name), bytes).unwrap();
    }
    let record = std::fs::read_to_string(dir.join(from).join("run.toml")).unwrap();
    let kept: String = record.lines().filter(|l| !l.starts_with(key)).map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join(to).join("run.toml"), kept).unwrap();
    let games = std::fs::read_to_string(dir.join(to).join("games.csv")).unwrap();
    let mut lines: Vec<&str> = games.split_inclusive('\n').collect();
    let edited = lines[4].replacen("false", "fal5e", 1);
    assert_ne!(edited, lines[4], "row 4 holds `false`");
    lines[4] = &edited;
    std::fs::write(dir.join(to).join("games.csv"), lines.concat()).unwrap();
}

/// A `record_version = 2` run.toml without `games_csv_crc32` or without `games_csv_bytes` (and a
/// row of games.csv edited) is refused as unverifiable by every command that reads the run:
/// rerun, growth and report exit 2 with the same line and write nothing (merge: `merge.rs`).
#[test]
fn a_record_without_the_games_csv_checksums_or_length_is_refused_as_unverifiable() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    succeeds(&strs(&newcomer("40", "F")), dir);
    for (out, key) in [("G2", "games_csv_crc32"), ("G3", "games_csv_bytes")] {
        copy_without(dir, "F", out, key);
        let says = format!(
            "error: {out}/run.toml: its `{key}` line is missing (record_version 2 holds it), so the run's files \
             cannot be verified; nothing was written: restore it from a copy, or delete {out} and run the command \
             that made it again\n"
        );
        let before = files(&dir.join(out));
        let report = vec!["report".to_string(), out.to_string()];
        for run in [newcomer("40", out), newcomer("60", out), report] {
            assert_eq!(fails(&strs(&run), dir), says, "{run:?}");
            assert_eq!(files(&dir.join(out)), before, "nothing written");
        }
    }
}

/// A finished run (with its run.toml) whose counts.json was deleted is refused as unverifiable,
/// rerun or grown: it is not played again over the finished run's files.
#[test]
fn a_finished_run_whose_counts_json_is_gone_is_refused_as_unverifiable() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    succeeds(&strs(&newcomer("40", "F")), dir);
    std::fs::remove_file(dir.join("F/counts.json")).unwrap();
    let before = files(&dir.join("F"));
    for games in ["40", "60"] {
        assert_eq!(
            fails(&strs(&newcomer(games, "F")), dir),
            "error: F/counts.json: it is missing, though run.toml records its checksum, so the run's files cannot \
             be verified; nothing was written: restore it from a copy, or delete F and run the command that made it \
             again\n"
        );
        assert_eq!(files(&dir.join("F")), before, "nothing written");
    }
}

/// Writes `dir/bot.sh`, a bot that runs the shell lines `prelude` and then the Python client
/// (clients/python/meeple_agent.py); returns its path.
fn client_script(dir: &Path, prelude: &str) -> String {
    let client = Path::new(env!("CARGO_MANIFEST_DIR")).join("clients/python/meeple_agent.py");
    script(dir, "bot.sh", &format!("{prelude}\nexec python3 {}\n", client.display()))
}

/// The output folder is locked before the external bots' start check: while a bot takes its time
/// to answer the hello (here 5 s, the first time it starts), a second run on the folder is
/// refused as in use and writes nothing; the first run then plays.
#[test]
fn a_folder_is_locked_while_its_external_bot_starts() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let d = dir.display();
    let bot = client_script(dir, &format!("if [ ! -e {d}/starting ]; then touch {d}/starting; sleep 5; fi"));
    let lineup = format!("ext:cmd={bot},startup_ms=30000;random");
    let mut first = spawn(&strs(&play_with(&lineup, "10", "L")), dir);
    wait_for_file(&dir.join("starting"), &mut first);
    let err = fails(&strs(&newcomer("40", "L")), dir);
    assert!(err.starts_with(&format!("error: L is in use by process {} (`", first.id())), "{err}");
    assert!(err.ends_with("nothing was written: wait for that run to end, or give another output folder\n"), "{err}");
    let out = first.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let spec = std::fs::read_to_string(dir.join("L/spec.toml")).unwrap();
    assert!(spec.contains("ext:cmd=") && spec.contains("games = 10\n"), "the first run's results: {spec}");
}

/// The start check closes its external bot with the bot's process group: a helper process the
/// bot started (`sleep 371`) is not left running after the check.
#[test]
fn the_start_check_leaves_no_helper_process_of_its_bot() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let d = dir.display();
    let bot = client_script(dir, &format!("sleep 371 </dev/null >/dev/null 2>&1 &\necho $! >> {d}/helpers"));
    succeeds(&strs(&play_with(&format!("ext:cmd={bot};random"), "2", "out")), dir);
    let helpers = std::fs::read_to_string(dir.join("helpers")).unwrap();
    let helpers: Vec<&str> = helpers.split_whitespace().collect();
    // The first start is the check's; the run's own bot process is a later one.
    let checked = helpers[0];
    let deadline = Instant::now() + Duration::from_secs(5);
    while !exited(checked) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left = !exited(checked);
    for p in helpers.iter().filter(|p| !exited(p)) {
        // SAFETY: `sleep`s our test's bot started (their pids from the bot), not reaped by us.
        unsafe { libc::kill(p.parse().unwrap(), libc::SIGKILL) };
    }
    assert!(!left, "the check's helper {checked} was left running");
}

/// D6: the lock is on the folder, not its path: a folder renamed during a run stops the run at
/// its next checkpoint (exit 2, saying what happened and what to do), which writes nothing at
/// the old path; moved back, the run resumes to the bytes of an uninterrupted run.
#[test]
fn a_folder_renamed_during_a_run_stops_it_and_moved_back_it_resumes() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "connect4", "--bots", "greedy,random", "--games", "6000", "--per-game", "--quiet"];
    let with = |out: &'static str| [&args[..], &["--out", out, "--threads", "1"]].concat();
    let mut child = spawn(&with("out"), tmp.path());
    wait_for_progress(&tmp.path().join("out"), &mut child);
    std::fs::rename(tmp.path().join("out"), tmp.path().join("moved")).unwrap();
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(
        err,
        "error: out is no longer the folder this run was writing (it was renamed, moved or deleted during the run); \
         the run stopped and wrote nothing more: move that folder back to out and run the same command to resume\n"
    );
    assert!(!tmp.path().join("out").exists(), "nothing written at the old path");
    std::fs::rename(tmp.path().join("moved"), tmp.path().join("out")).unwrap();
    succeeds(&with("out"), tmp.path());
    succeeds(&with("fresh"), tmp.path());
    assert_same_files(&tmp.path().join("fresh"), &tmp.path().join("out"));
}

/// D8: a `run.toml` that is not a run record (junk text, or not UTF-8) is refused by the same
/// run, a larger one and a report, naming the file, saying what it is not and what to do: exit 2,
/// nothing written.
#[test]
fn a_junk_run_toml_is_refused_as_not_a_readable_run_record() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = ["play", "--game", "connect4", "--per-game", "--quiet", "--out", "rec"];
    let with = |games: &'static str| [&args[..], &["--games", games]].concat();
    succeeds(&with("20"), dir);
    let junk: [(&[u8], &str); 2] =
        [(b"junk junk\n", "line 1: key with no value, expected `=`"), (b"\xff\xfe", "it is not UTF-8 text")];
    // Every file's bytes (`files` reads run.toml as a record).
    let held = |d: &Path| -> Vec<(std::ffi::OsString, Vec<u8>)> {
        let mut all: Vec<_> = std::fs::read_dir(d).unwrap().map(Result::unwrap).collect();
        all.sort_by_key(|e| e.file_name());
        all.iter().map(|e| (e.file_name(), std::fs::read(e.path()).unwrap())).collect()
    };
    for (bytes, why) in junk {
        std::fs::write(dir.join("rec/run.toml"), bytes).unwrap();
        let before = held(&dir.join("rec"));
        let says = format!(
            "error: rec/run.toml is not a readable meeple run record ({why}); nothing was written: restore it from a \
             copy, or delete rec and run the command that made it again\n"
        );
        for run in [with("20"), with("40"), vec!["report", "rec"]] {
            assert_eq!(fails(&run, dir), says, "{run:?}");
            assert_eq!(held(&dir.join("rec")), before, "nothing written");
        }
    }
}

/// D8: the temporary folder a killed merge leaves (`.meeple-merging`) belongs to no one (only
/// the holder of the folder's lock writes it): the next run or puzzle study into that folder
/// removes it and writes its files, as the next merge does.
#[test]
fn a_killed_merges_leftover_folder_is_removed_by_the_next_run_or_study() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for out in ["left", "study"] {
        std::fs::create_dir_all(dir.join(out).join(".meeple-merging")).unwrap();
        std::fs::write(dir.join(out).join(".meeple-merging/games.csv"), "players,index\n2,0\n").unwrap();
    }
    let play = ["play", "--game", "connect4", "--games", "20", "--per-game", "--quiet", "--out"];
    succeeds(&[&play[..], &["left"]].concat(), dir);
    succeeds(&[&play[..], &["fresh"]].concat(), dir);
    assert!(!dir.join("left/.meeple-merging").exists(), "removed");
    assert_same_files(&dir.join("left"), &dir.join("fresh"));
    let puzzles = ["puzzles", "--game", "laserreflection", "--grid", "5", "--items", "3", "--count", "3", "--quiet"];
    succeeds(&[&puzzles[..], &["--out", "study"]].concat(), dir);
    assert!(!dir.join("study/.meeple-merging").exists() && dir.join("study/puzzles.csv").is_file());
}

/// D8: a refusal of the current folder (`--out ./`) says to delete the files in it, not the
/// folder itself.
#[test]
fn a_refused_current_folder_is_to_be_emptied_not_deleted() {
    let tmp = tempfile::tempdir().unwrap();
    shards(tmp.path(), "20");
    let here = tmp.path().join("here");
    std::fs::create_dir(&here).unwrap();
    std::fs::write(here.join("notes.txt"), "keep me\n").unwrap();
    assert_eq!(
        fails(&["merge", "../s1", "../s2", "--out", "./"], &here),
        "error: ./ already holds files (notes.txt) that are not this merged result; nothing was written: merge into a \
         new or empty folder, or delete the files in ./\n"
    );
    std::fs::remove_file(here.join("notes.txt")).unwrap();
    let play = ["play", "--game", "connect4", "--games", "20", "--quiet", "--out", "./", "--seed"];
    succeeds(&[&play[..], &["1"]].concat(), &here);
    let before = files(&here);
    assert_eq!(
        fails(&[&play[..], &["2"]].concat(), &here),
        "error: ./ holds the results of a different spec (seed: 1 there, 2 here; ./spec.toml): choose another --out, \
         or delete the files in ./\n"
    );
    assert_eq!(files(&here), before, "nothing written");
}

/// D8: `meeple puzzles` stopped by a signal counts every puzzle it finished, not only whole
/// windows of 4,096 (a study of fewer puzzles than that said `interrupted at 0`).
#[test]
fn an_interrupted_puzzle_study_counts_the_puzzles_it_finished() {
    let tmp = tempfile::tempdir().unwrap();
    interrupt_a_puzzle_study(tmp.path(), "12", 4000, Duration::from_millis(1500));
}

/// D8: a finished run with `--per-game` whose `games.csv` was deleted is refused (the same
/// count, a larger one), never played again over the run's results: exit 2, nothing written.
#[test]
fn a_finished_runs_deleted_games_csv_is_refused_not_played_again() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let args = ["play", "--game", "connect4", "--per-game", "--quiet", "--out", "rec"];
    let with = |games: &'static str| [&args[..], &["--games", games]].concat();
    succeeds(&with("20"), dir);
    std::fs::remove_file(dir.join("rec/games.csv")).unwrap();
    let before = files(&dir.join("rec"));
    for run in [with("20"), with("40")] {
        assert_eq!(
            fails(&run, dir),
            "error: rec/games.csv is missing (the finished run wrote one row per game there); nothing was written: \
             restore it from a copy, or delete rec and run the command that made it again\n",
            "{run:?}"
        );
        assert_eq!(files(&dir.join("rec")), before, "nothing written");
    }
}

/// A signal stops a run at once also while a built-in search plays (not only between deals): the
/// game in progress is dropped at the next decision, the checkpoint saved, and the same command
/// finishes the run to the bytes of an uninterrupted one. The run is one Connect Four game of
/// MCTS self-play, signalled an eighth of the way in: it must stop well before the game would end
/// (before the fix it ran to the game's end, about 0.7 of the run's time after the signal).
#[test]
fn a_signal_stops_a_built_in_search_between_decisions_and_resumes_byte_identically() {
    let tmp = tempfile::tempdir().unwrap();
    let args =
        ["play", "--game", "connect4", "--bots", "mcts:iterations=40000", "--games", "1", "--per-game", "--quiet"];
    let with = |out: &'static str| [&args[..], &["--out", out, "--threads", "1"]].concat();
    let started = Instant::now();
    succeeds(&with("whole"), tmp.path());
    let whole = started.elapsed();
    let mut child = spawn(&with("cut"), tmp.path());
    std::thread::sleep(whole / 8);
    assert!(child.try_wait().unwrap().is_none(), "the run is under way");
    let signalled = Instant::now();
    signal(&child, libc::SIGTERM);
    let out = child.wait_with_output().unwrap();
    let stopped = signalled.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(143), "{err}");
    assert_eq!(err, "interrupted at 0 of 1 games; run the same command to resume\n");
    // Without the check between decisions the game runs to its end, about 7/8 of `whole` after
    // the signal; half of `whole` leaves room for a loaded machine.
    assert!(stopped < whole / 2, "stopped {stopped:?} after the signal; the whole run took {whole:?}");
    succeeds(&with("cut"), tmp.path());
    assert_same_files(&tmp.path().join("whole"), &tmp.path().join("cut"));
}

/// Plays one Connect Four game of `bot` on one thread, sends `sig` half a second into its first
/// decision, and checks that the run stops within `within` with exit code `code`, nothing played,
/// saying how to resume.
fn assert_a_signal_stops_the_search(bot: &str, sig: i32, code: i32, within: Duration) {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["play", "--game", "connect4", "--bots", bot, "--games", "1", "--quiet"];
    let mut child = spawn(&[&args[..], &["--out", "cut", "--threads", "1"]].concat(), tmp.path());
    // The run is under way (handlers installed, the search started) once it has a checkpoint.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !tmp.path().join("cut/checkpoint.json").exists() {
        assert!(child.try_wait().unwrap().is_none() && Instant::now() < deadline, "the run did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(500));
    let signalled = Instant::now();
    signal(&child, sig);
    let out = child.wait_with_output().unwrap();
    let stopped = signalled.elapsed();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "{err}");
    assert!(err.ends_with("interrupted at 0 of 1 games; run the same command to resume\n"), "{err}");
    assert!(stopped < within, "{bot}: stopped {stopped:?} after the signal");
}

/// A signal ends a search with a time budget inside its decision, not after it: `cpu_ms=120000`
/// (two CPU-minutes a decision) stops within seconds of SIGTERM (nc44's F11: before, it searched
/// on to the end of the budget: the build before this check stopped 20.6 s after SIGTERM with
/// `cpu_ms=20000`); a loaded machine still stops in far less than 30 s.
#[test]
fn a_signal_stops_a_timed_search_inside_its_decision() {
    assert_a_signal_stops_the_search("mcts:cpu_ms=120000", libc::SIGTERM, 143, Duration::from_secs(30));
}

/// A signal also ends a search with a large `iterations=` budget inside its decision (nc44b M1:
/// before, 6d25436 stopped 111 s after SIGINT with `iterations=50000000`; only time budgets
/// checked). 5·10⁷ Connect Four iterations take over 15 s a decision; the search checks every
/// 1,024.
#[test]
fn a_signal_stops_an_iteration_search_inside_its_decision() {
    assert_a_signal_stops_the_search("mcts:iterations=50000000", libc::SIGINT, 130, Duration::from_secs(5));
}
