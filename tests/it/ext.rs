//! External bots (`ext`, PROTOCOL.md) with the Python client of `clients/python` run by a real
//! `python3`: reproducible across thread counts, the Python random agent replays meeple's own
//! random bot exactly, and faulty bots forfeit cleanly.

use std::path::Path;

use meeple::tournament::{RunOptions, Spec, files};

use crate::common::fails;

/// A path in the repository.
fn repo(path: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path).display().to_string()
}

/// Writes the profile `name.toml` of an external bot running `python3 script args…` into `dir`.
fn profile(dir: &Path, name: &str, script: &str, args: &[&str], timeout_ms: u64) {
    let args: Vec<String> = std::iter::once(repo(script)).chain(args.iter().map(|a| a.to_string())).collect();
    let text = format!(
        "kind = 'ext'\ncommand = 'python3'\nargs = {args:?}\ntimeout_ms = {timeout_ms}\nlog = '{}'\n",
        dir.join(format!("{name}.log")).display()
    );
    std::fs::write(dir.join(format!("{name}.toml")), text).unwrap();
}

/// Runs `spec` into `out` with bot profiles from `bots`, on `threads` threads.
fn run(spec: &Spec, out: &Path, bots: &Path, threads: usize) {
    let opts = RunOptions { threads: Some(threads), quiet: true, profile_dir: bots.to_path_buf() };
    (meeple::registry::find(&spec.game).unwrap().run)(spec, out, &opts).unwrap();
}

/// Runs `meeple ARGS --threads 1 --bots-dir .` (`args` space-separated; `--out out` unless
/// `args` names one) in `dir` with a progress line after every game
/// (`MEEPLE_PROGRESS_SECONDS=0`, so the console shows the score line); its output.
fn play_logged(dir: &Path, args: &str) -> std::process::Output {
    let out = if args.contains("--out ") { "" } else { " --out out" };
    std::process::Command::new(env!("CARGO_BIN_EXE_meeple"))
        .args(format!("{args} --threads 1 --bots-dir .{out}").split_whitespace())
        .env("MEEPLE_PROGRESS_SECONDS", "0")
        .current_dir(dir)
        .output()
        .unwrap()
}

fn read(dir: &Path, file: &str) -> String {
    std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{}: {e}", dir.join(file).display()))
}

fn spec_text(game: &str, players: usize, bots: &str, games: u64) -> String {
    format!(
        "game = '{game}'\nplayers = {players}\nbots = [{bots}]\ngames = {games}\nseed = 5\nseats = 'rotate'\nper_game = true\n"
    )
}

fn spec(game: &str, players: usize, bots: &str, games: u64) -> Spec {
    toml::from_str(&spec_text(game, players, bots, games)).unwrap()
}

/// The Python random agent through the protocol (started with `args`): the same bytes on 1 and 2
/// threads, and the same games as meeple's `random` bot (every output equal once the bot's name is
/// replaced).
fn python_random_replays_the_random_bot(game: &str, players: usize, games: u64, args: &[&str]) {
    let tmp = tempfile::tempdir().unwrap();
    let bots = tmp.path().join("bots");
    std::fs::create_dir(&bots).unwrap();
    profile(&bots, "py-random", "clients/python/meeple_agent.py", args, 10_000);
    let (one, two, own) = (tmp.path().join("one"), tmp.path().join("two"), tmp.path().join("own"));
    let python = spec(game, players, "'py-random'", games);
    run(&python, &one, &bots, 1);
    run(&python, &two, &bots, 2);
    run(&spec(game, players, "'random'", games), &own, &bots, 2);
    for f in [files::SUMMARY, files::GAMES, files::COUNTS] {
        assert!(read(&one, f) == read(&two, f), "{game}: {f} differs between 1 and 2 threads");
    }
    for f in [files::SUMMARY, files::COUNTS] {
        let python = read(&one, f).replace("py-random", "random");
        assert_eq!(python, read(&own, f), "{game}: {f}: not the random bot's games");
    }
    // games.csv of a run with an external bot has two more columns (forfeit_seat, _reason), empty.
    let python_games: String = read(&one, files::GAMES)
        .replace("py-random", "random")
        .lines()
        .map(|l| {
            let (head, rest) = l.split_at(l.match_indices(',').nth(4).unwrap().0);
            let rest = rest.strip_prefix(",forfeit_seat,forfeit_reason").or_else(|| rest.strip_prefix(",,")).unwrap();
            format!("{head}{rest}\n")
        })
        .collect();
    assert_eq!(python_games, read(&own, files::GAMES), "{game}: games.csv: not the random bot's games");
    assert_eq!(read(&one, files::GAMES).lines().count() as u64, games + 1);
}

#[test]
fn python_random_client_replays_the_random_bot_in_connect4() {
    python_random_replays_the_random_bot("connect4", 2, 200, &[]);
}

#[test]
fn python_random_client_replays_the_random_bot_in_bang() {
    python_random_replays_the_random_bot("bang", 4, 60, &[]);
}

/// Answering by stable action id (`{"type": "action", "id": K}`, `meeple_agent.py --by-id`, which
/// also forfeits on an observation of an unknown schema) plays the random bot's games too.
#[test]
fn python_random_client_answering_by_id_replays_the_random_bot_in_mow() {
    python_random_replays_the_random_bot("mow", 3, 30, &["--by-id"]);
}

#[test]
fn python_random_client_answering_by_id_replays_the_random_bot_in_sevenwondersarchitects() {
    python_random_replays_the_random_bot("sevenwondersarchitects", 4, 12, &["--by-id"]);
}

/// What an external bot is sent at each decision is what the Python package gives for the same
/// state: a bot answering by id records every `act` message of one game (all seats), and a
/// replay of that game through [`meeple::dynamic::DynState`] (the Python `State`) with the ids
/// the bot chose finds, at every message, the deciding seat's observation dict
/// (`observation_json`, which Python's `state.observation(seat)` parses: schema name and version
/// first) and the legal ids (`legal_action_ids`, in the game's order, as `legal_actions()`), and
/// the legal strings (`action_to_string`); the start message gives `num_distinct_actions`.
fn act_messages_match_the_python_state(game: &str, players: usize) {
    let tmp = tempfile::tempdir().unwrap();
    let bot = "import os, sys\n\
               sys.path.insert(0, os.environ['CLIENT'])\n\
               import meeple_agent\n\
               record = open(os.environ['RECORD'], 'a')\n\
               class Tee:\n    \
                   def readline(self):\n        \
                       line = sys.__stdin__.readline()\n        \
                       record.write(line); record.flush()\n        \
                       return line\n\
               sys.stdin = Tee()\n\
               meeple_agent.run(meeple_agent.random_id_agent, by_id=True, schemas=meeple_agent.SCHEMAS)\n";
    std::fs::write(tmp.path().join("bot.py"), bot).unwrap();
    let record = tmp.path().join("record.jsonl");
    let text = format!(
        "kind = 'ext'\ncommand = 'python3'\nargs = ['{}']\nenv = {{ CLIENT = '{}', RECORD = '{}' }}\nlog = '{}'\n",
        tmp.path().join("bot.py").display(),
        repo("clients/python"),
        record.display(),
        tmp.path().join("bot.log").display()
    );
    std::fs::write(tmp.path().join("rec.toml"), text).unwrap();
    // One game with fixed seats: a rotated lineup needs whole deals (`players` games).
    let spec: Spec = toml::from_str(&spec_text(game, players, "'rec'", 1).replace("'rotate'", "'fixed'")).unwrap();
    run(&spec, &tmp.path().join("out"), tmp.path(), 1);
    let entry = meeple::registry::find(game).unwrap();
    let seed = meeple::tournament::seed::derive(spec.seed, 0, 0);
    let mut state = (entry.new_state)(&toml::Table::new(), players, seed).unwrap();
    let json = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
    let mut decisions = 0;
    let mut ids = Vec::new();
    for line in std::fs::read_to_string(&record).unwrap().lines() {
        let m = json(line);
        match m["type"].as_str().unwrap() {
            "start" => assert_eq!(m["num_distinct_actions"], state.num_distinct_actions(), "{game}: {line}"),
            "act" => {
                let seat = m["seat"].as_u64().unwrap() as usize;
                assert_eq!(Some(seat), state.current_player(), "{game}: decision {decisions}");
                let observation = json(&state.observation_json(seat));
                assert_eq!(m["observation"], observation, "{game}: decision {decisions}");
                assert_eq!(observation["schema"], game);
                assert_eq!(observation["schema_version"], 1);
                state.legal_action_ids(&mut ids);
                assert_eq!(m["legal_ids"], serde_json::json!(ids), "{game}: decision {decisions}");
                let strings: Vec<String> = ids.iter().map(|&id| state.action_to_string(id).unwrap()).collect();
                assert_eq!(m["legal"], serde_json::json!(strings), "{game}: decision {decisions}");
                let rng_seed = m["rng_seed"].as_u64().unwrap();
                state.apply_action(ids[meeple::bots::ext::uniform_index(rng_seed, ids.len())]).unwrap();
                decisions += 1;
            }
            _ => {}
        }
    }
    assert!(decisions > 10, "{game}: only {decisions} decisions recorded");
    assert_eq!(state.current_player(), None, "{game}: the recorded game is over");
    let games = read(&tmp.path().join("out"), files::GAMES);
    let row: Vec<&str> = games.lines().nth(1).unwrap().split(',').collect();
    assert_eq!((row[2], row[3]), (seed.to_string().as_str(), decisions.to_string().as_str()), "{game}: seed, length");
}

#[test]
fn act_messages_match_the_python_state_in_mow() {
    act_messages_match_the_python_state("mow", 3);
}

#[test]
fn act_messages_match_the_python_state_in_bang() {
    act_messages_match_the_python_state("bang", 4);
}

#[test]
fn act_messages_match_the_python_state_in_catcafe() {
    act_messages_match_the_python_state("catcafe", 3);
}

/// The Python one-step-lookahead Connect Four agent beats random play from both seats.
#[test]
fn python_connect4_lookahead_beats_random() {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "py-lookahead", "clients/python/connect4_lookahead.py", &[], 10_000);
    let out = tmp.path().join("out");
    run(&spec("connect4", 2, "'py-lookahead', 'random'", 100), &out, tmp.path(), 2);
    let games = read(&out, files::GAMES);
    let wins = games.lines().skip(1).filter(|row| {
        let c: Vec<&str> = row.split(',').collect();
        (c[7] == "py-lookahead" && c[8] == "1") || (c[9] == "py-lookahead" && c[10] == "1")
    });
    let wins = wins.count();
    assert!(wins >= 85, "the lookahead agent won {wins} of 100 games against random");
}

/// Two external bots in one lineup keep their own processes: under shuffled seats (agents made
/// in another order each game) the lookahead agent's games stay its own, so it still beats the
/// Python random agent (a pool keyed by the handshake alone once swapped their processes).
#[test]
fn two_external_bots_never_swap_processes() {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "py-lookahead", "clients/python/connect4_lookahead.py", &[], 10_000);
    profile(tmp.path(), "py-random", "clients/python/meeple_agent.py", &[], 10_000);
    let out = tmp.path().join("out");
    let text = spec_text("connect4", 2, "'py-lookahead', 'py-random'", 100).replace("'rotate'", "'shuffle'");
    let shuffled: Spec = toml::from_str(&text).unwrap();
    run(&shuffled, &out, tmp.path(), 2);
    let games = read(&out, files::GAMES);
    let wins = |bot: &str| {
        let won = |row: &&str| {
            let c: Vec<&str> = row.split(',').collect();
            (c[7] == bot && c[8] == "1") || (c[9] == bot && c[10] == "1")
        };
        games.lines().skip(1).filter(won).count()
    };
    assert!(wins("py-lookahead") >= 85, "lookahead won {} of 100", wins("py-lookahead"));
    assert!(wins("py-random") <= 15, "random won {} of 100", wins("py-random"));
}

/// Runs 40 Connect Four games (2 threads) of the faulty bot `mode` (tests/bots/faulty.py: it
/// faults at about one decision in 40) against random, and checks that the run completed with
/// every game accounted for: forfeited games (some, not all) carry the faulty bot's seat and a
/// reason starting with `kind` in games.csv, and count in summary.csv's `forfeits` of the faulty
/// bot (and `all`), not in `truncated`, and in `games` (as losses of the faulty bot) unless
/// `exclude`; the other games finished (so the bot was restarted after each fault); the bot's
/// stderr is in its log.
fn assert_faulty_run_forfeits(mode: &str, timeout_ms: u64, kind: &str, exclude: bool) {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "faulty", "tests/bots/faulty.py", &[mode], timeout_ms);
    let out = tmp.path().join("out");
    let mut s = spec("connect4", 2, "'faulty', 'random'", 40);
    if exclude {
        s.forfeit = meeple::tournament::ForfeitMode::Exclude;
    }
    run(&s, &out, tmp.path(), 2);
    let mut games = csv::Reader::from_path(out.join(files::GAMES)).unwrap();
    let header: Vec<String> = games.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(header[..7], ["players", "index", "seed", "length", "truncated", "forfeit_seat", "forfeit_reason"]);
    let rows: Vec<csv::StringRecord> = games.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 40);
    let mut forfeited = 0;
    for r in &rows {
        let (seat, reason) = (&r[5], &r[6]);
        if seat.is_empty() {
            assert!(reason.is_empty() && !r[8].is_empty(), "a game without a forfeit finished: {r:?}");
            continue;
        }
        forfeited += 1;
        let bot_column = 7 + 2 * seat.parse::<usize>().unwrap();
        assert_eq!(&r[bot_column], "faulty", "{r:?}");
        assert!(reason.starts_with(kind), "reason `{reason}` is not a {kind}");
        // Scored as a loss, the forfeiting seat has reward 0 and the other 1; left out, none.
        let f = seat.parse::<usize>().unwrap();
        let expected = if exclude { ["", ""] } else { ["0", "1"] };
        assert_eq!([&r[8 + 2 * f], &r[10 - 2 * f]], expected, "{r:?}");
    }
    assert!(forfeited > 0 && forfeited < 40, "{forfeited} of 40 games forfeited");
    let summary = read(&out, files::SUMMARY);
    let mut summary = csv::Reader::from_reader(summary.as_bytes());
    let h = summary.headers().unwrap().clone();
    let col = |name: &str| h.iter().position(|c| c == name).unwrap();
    let (label, value, n, truncated, forfeits) =
        (col("label"), col("value"), col("games"), col("truncated"), col("forfeits"));
    assert_eq!(forfeits, truncated + 1, "forfeits comes after truncated");
    for r in summary.records().map(Result::unwrap) {
        let count = |c: usize| r[c].parse::<u64>().unwrap();
        let expected = match (&r[label], &r[value]) {
            ("all", _) | ("bot", "faulty") => forfeited,
            ("bot", _) => 0,
            _ => continue,
        };
        assert_eq!((count(forfeits), count(truncated)), (expected, 0), "{r:?}");
        if &r[label] == "all" {
            assert_eq!(count(n), if exclude { 40 - forfeited } else { 40 });
        }
    }
    let log = read(tmp.path(), "faulty.log");
    assert!(log.contains(&format!("faulty bot: {mode} now")), "the bot's stderr goes to its log:\n{log}");
}

#[test]
fn a_crashing_bot_forfeits_and_is_restarted() {
    assert_faulty_run_forfeits("crash", 10_000, "crash: the bot exited (exit status: 3)", false);
}

#[test]
fn a_hanging_bot_forfeits_at_its_timeout() {
    assert_faulty_run_forfeits("hang", 300, "timeout: no answer within 300 ms", false);
}

#[test]
fn an_illegal_action_forfeits() {
    assert_faulty_run_forfeits("illegal", 10_000, "illegal: index", true);
}

#[test]
fn garbage_forfeits() {
    assert_faulty_run_forfeits("garbage", 10_000, "garbage: not a JSON line", false);
}

/// A bot that cannot start, or stops answering the hello, before the run: every command that
/// plays refuses to play (exit status 2, nothing written), naming the bot, the reason and the end
/// of its stderr ("oops", which the forfeit message of each game once showed as "empty so far").
#[test]
fn a_bot_that_cannot_start_stops_the_command_before_any_game() {
    let tmp = tempfile::tempdir().unwrap();
    let script = tmp.path().join("badbot.sh");
    std::fs::write(&script, "#!/bin/sh\necho oops >&2\nexit 3\n").unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let bad = format!("ext:cmd={}", script.display());
    let log = format!("{}.log", tmp.path().join("bad").display());
    let bad_logged = format!("{bad},log={log}");
    let out = tmp.path().join("out");
    let out_arg = out.to_str().unwrap();
    let play = |bots: &str, extra: &[&str]| {
        let mut args = vec!["play", "--game", "connect4", "--bots", bots, "--games", "4", "--out", out_arg];
        args.extend_from_slice(extra);
        fails(&args, tmp.path())
    };
    let stderr = play(&format!("{bad_logged};random"), &[]);
    let expected = format!(
        "error: bot `{bad_logged}` cannot start: crash: the bot exited (exit status: 3); the end of its stderr \
         ({log}):\n    | oops\nnothing was played"
    );
    assert!(stderr.starts_with(&expected), "{stderr}");
    assert!(!stderr.contains("forfeits"), "{stderr}");
    assert!(!out.exists(), "nothing is written");
    for extra in [&["--tournament", "round-robin"][..], &["--tournament", "gauntlet"][..]] {
        let stderr = play(&format!("random;{bad_logged};greedy"), extra);
        assert!(stderr.starts_with(&expected), "{extra:?}: {stderr}");
        assert!(!out.exists(), "{extra:?}: no match is played");
    }
    let stderr = play("ext:cmd=/no/such/bot,random", &[]);
    assert!(
        stderr.starts_with(
            "error: bot `ext:cmd=/no/such/bot` cannot start: crash: cannot start `/no/such/bot`: No such file"
        ),
        "{stderr}"
    );
    let stderr = fails(&["bench", "--game", "connect4", "--bot", &bad_logged, "--seconds", "0.1"], tmp.path());
    assert!(stderr.starts_with(&expected), "bench: {stderr}");
    let stderr = fails(
        &["replay", "--game", "connect4", "--bots", &format!("{bad_logged};random"), "--games", "2", "--index", "0"],
        tmp.path(),
    );
    assert!(stderr.starts_with(&expected), "replay: {stderr}");
}

/// A bot that hangs at the hello is given `startup_ms` (here 300 ms, not the default 10 s), and
/// the error shows all it wrote on stderr, even a last line without its newline (the process is
/// killed before its stderr is read: the stream then ends).
#[test]
fn a_bot_hanging_at_the_hello_is_bounded_by_startup_ms_and_its_stderr_is_shown() {
    let tmp = tempfile::tempdir().unwrap();
    let script = tmp.path().join("slowbot.sh");
    std::fs::write(&script, "#!/bin/sh\necho 'loading the model' >&2\nprintf 'still loading' >&2\nexec sleep 30\n")
        .unwrap();
    std::fs::set_permissions(&script, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let bot = format!("ext:cmd={},startup_ms=300,log={}", script.display(), tmp.path().join("slow.log").display());
    let started = std::time::Instant::now();
    let stderr = fails(&["play", "--game", "connect4", "--bots", &format!("{bot};random"), "--games", "2"], tmp.path());
    assert!(started.elapsed() < std::time::Duration::from_secs(8), "the hello waited {:?}", started.elapsed());
    assert!(stderr.contains("cannot start: timeout: no answer within 300 ms; the end of its stderr ("), "{stderr}");
    assert!(stderr.contains("    | loading the model\n    | still loading\n"), "{stderr}");
    assert!(stderr.contains("it must answer the hello within 300 ms, its `startup_ms`"), "{stderr}");
}

/// A bot that starts before the run but cannot be restarted during it (here: it crashes at its
/// 30th decision, writing to stderr, then exits with "oops" at its next start) stops meeple
/// instead of forfeiting every remaining game: the forfeit message shows the crash's stderr, the
/// error the restart's; the checkpoint keeps the games played, and the same command resumes and
/// finishes the run once the bot starts again.
#[test]
fn a_bot_that_cannot_restart_stops_the_run_and_the_run_resumes() {
    let tmp = tempfile::tempdir().unwrap();
    let bot = "import os, sys\n\
               sys.path.insert(0, os.environ['CLIENT'])\n\
               import meeple_agent\n\
               count = os.environ['COUNT']\n\
               n = int(open(count).read()) if os.path.exists(count) else 0\n\
               open(count, 'w').write(str(n + 1))\n\
               if n >= 2 and not os.path.exists(os.environ['FIXED']):\n    \
                   sys.stderr.write('oops: no restart\\n'); sys.exit(4)\n\
               decisions = 0\n\
               def act(observation, legal, seed):\n    \
                   global decisions\n    \
                   decisions += 1\n    \
                   if n == 1 and decisions == 30:\n        \
                       sys.stderr.write('dying now\\n'); sys.stderr.flush(); os._exit(3)\n    \
                   return meeple_agent.uniform_index(seed, len(legal))\n\
               meeple_agent.run(act)\n";
    std::fs::write(tmp.path().join("bot.py"), bot).unwrap();
    let (count, fixed) = (tmp.path().join("count"), tmp.path().join("fixed"));
    let text = format!(
        "kind = 'ext'\ncommand = 'python3'\nargs = ['{}']\nenv = {{ CLIENT = '{}', COUNT = '{}', FIXED = '{}' }}\n\
         log = '{}'\n",
        tmp.path().join("bot.py").display(),
        repo("clients/python"),
        count.display(),
        fixed.display(),
        tmp.path().join("bot.log").display()
    );
    std::fs::write(tmp.path().join("once.toml"), text).unwrap();
    let args = [
        "play",
        "--game",
        "connect4",
        "--bots",
        "once,random",
        "--games",
        "40",
        "--threads",
        "1",
        "--out",
        "out",
        "--bots-dir",
        ".",
    ];
    let run = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_meeple"))
            .args(args)
            .current_dir(tmp.path())
            .env("MEEPLE_CHECKPOINT_WINDOW", "2")
            .output()
            .unwrap()
    };
    let first = run();
    let stderr = String::from_utf8_lossy(&first.stderr);
    assert_eq!(first.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("forfeits the game in seat"), "{stderr}");
    assert!(
        stderr.contains("crash: the bot exited (exit status: 3); the end of its stderr (")
            && stderr.contains(":\n    | dying now\n"),
        "the forfeit shows the crash's stderr: {stderr}"
    );
    let expected = "error: bot `once` could not be started during the run after 3 attempts; the last: crash: the bot exited \
                    (exit status: 4); the end of its stderr (";
    assert!(stderr.contains(expected) && stderr.contains("    | oops: no restart\nmeeple stopped"), "{stderr}");
    assert_eq!(stderr.matches("could not be started").count(), 1, "one message: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&count).unwrap(),
        "5",
        "one start before the run, one crash, three failed restarts: no more"
    );
    let out = tmp.path().join("out");
    assert!(!out.join(files::SUMMARY).exists(), "no results are written");
    let checkpoint: serde_json::Value = serde_json::from_str(&read(&out, "checkpoint.json")).unwrap();
    let kept = checkpoint["next"].as_u64().unwrap();
    assert!(kept >= 2, "the checkpoint keeps the games played before the crash: {checkpoint}");
    std::fs::write(&fixed, "").unwrap();
    let second = run();
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains(&format!("resuming out: {kept} games already played")), "{stderr}");
    let summary = read(&out, files::SUMMARY);
    let mut rows = csv::Reader::from_reader(summary.as_bytes());
    let h = rows.headers().unwrap().clone();
    let col = |name: &str| h.iter().position(|c| c == name);
    let all = rows.records().map(Result::unwrap).find(|r| &r[col("label").unwrap()] == "all").unwrap();
    // The window of the crash was dropped with the abort: its games are played again on resume,
    // by a bot that no longer crashes, so no game is forfeited.
    // (`forfeits` is a column of every summary.csv, 0 without a forfeit: nc40d L6.)
    let forfeits = col("forfeits").map(|c| all[c].to_string());
    assert_eq!((&all[col("games").unwrap()], forfeits.as_deref()), ("40", Some("0")), "every game played: {summary}");
}

/// A game stopped by the action cap ends with `"truncated": true` (and `null` rewards); a game
/// that finished with `"truncated": false`: the Python client's `on_end` sees both.
#[test]
fn truncated_games_say_so_in_the_end_message() {
    let tmp = tempfile::tempdir().unwrap();
    let bot = "import os, sys\n\
               sys.path.insert(0, os.environ['CLIENT'])\n\
               import meeple_agent\n\
               def on_end(m):\n    \
                   sys.stderr.write('end truncated=%r rewards=%r\\n' % (m['truncated'], m['rewards'])); sys.stderr.flush()\n\
               meeple_agent.run(lambda o, legal, seed: meeple_agent.uniform_index(seed, len(legal)), on_end=on_end)\n";
    std::fs::write(tmp.path().join("bot.py"), bot).unwrap();
    let text = format!(
        "kind = 'ext'\ncommand = 'python3'\nargs = ['{}']\nenv = {{ CLIENT = '{}' }}\nlog = '{}'\n",
        tmp.path().join("bot.py").display(),
        repo("clients/python"),
        tmp.path().join("bot.log").display()
    );
    std::fs::write(tmp.path().join("ender.toml"), text).unwrap();
    for (max_actions, expected) in [(5, "end truncated=True rewards=None"), (1000, "end truncated=False rewards=[")] {
        let spec: Spec = toml::from_str(&format!(
            "{}max_actions = {max_actions}\n",
            spec_text("connect4", 2, "'ender', 'random'", 4)
        ))
        .unwrap();
        std::fs::remove_file(tmp.path().join("bot.log")).ok();
        run(&spec, &tmp.path().join(format!("out{max_actions}")), tmp.path(), 1);
        // The bot's stderr reaches its log from a reader thread, after the run may have returned.
        let ends = |log: &str| log.lines().filter(|l| l.contains("] end ")).count();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while ends(&read(tmp.path(), "bot.log")) < 4 && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let log = read(tmp.path(), "bot.log");
        let ends: Vec<&str> = log.lines().filter(|l| l.contains("] end ")).collect();
        assert_eq!(ends.len(), 4, "{log}");
        assert!(ends.iter().all(|l| l.contains(expected)), "max_actions {max_actions}: {log}");
    }
}

/// One process per lineup position and worker thread, reused across games and windows: a
/// 1000-game run (several windows) on 2 threads starts a handful of processes (each logs its start to stderr), not
/// one per game; and the profile's `env` reaches the bot (it plays only when it sees it).
#[test]
fn processes_are_reused_across_games_and_see_the_profile_env() {
    let tmp = tempfile::tempdir().unwrap();
    let bot = "import os, sys\n\
               sys.path.insert(0, os.environ['CLIENT'])\n\
               import meeple_agent\n\
               sys.stderr.write('started\\n'); sys.stderr.flush()\n\
               meeple_agent.run(lambda o, legal, seed: meeple_agent.uniform_index(seed, len(legal)))\n";
    std::fs::write(tmp.path().join("bot.py"), bot).unwrap();
    let text = format!(
        "kind = 'ext'\ncommand = 'python3'\nargs = ['{}']\nenv = {{ CLIENT = '{}' }}\nlog = '{}'\n",
        tmp.path().join("bot.py").display(),
        repo("clients/python"),
        tmp.path().join("bot.log").display()
    );
    std::fs::write(tmp.path().join("envbot.toml"), text).unwrap();
    let out = tmp.path().join("out");
    run(&spec("connect4", 2, "'envbot', 'random'", 1000), &out, tmp.path(), 2);
    // `forfeits` is a column of every summary.csv (nc40d L6): 0 in every row here.
    let summary = read(&out, files::SUMMARY);
    let at = summary.lines().next().unwrap().split(',').position(|h| h == "forfeits").unwrap();
    assert!(summary.lines().skip(1).all(|l| l.split(',').nth(at) == Some("0")), "no game was forfeited: {summary}");
    // Each process running at once has its own log (bot.log, bot.1.log, …).
    let logs = std::fs::read_dir(tmp.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned());
    let logs: Vec<String> = logs.filter(|n| n.starts_with("bot.") && n.ends_with(".log")).collect();
    let starts: usize =
        logs.iter().map(|l| read(tmp.path(), l).lines().filter(|l| l.ends_with("] started")).count()).sum();
    assert!((1..=4).contains(&starts), "{starts} processes started for 1000 games on 2 threads ({logs:?})");
}

/// Writes the bot profile `dir/ticker.toml`: the Python client's random agent that writes `tick N`
/// to stderr at each decision, its log `dir/bot.log`; the second process started (a count in
/// `dir/count`) crashes at its 300th decision, saying `dying now`.
fn ticker(dir: &Path) {
    let bot = "import os, sys\n\
               sys.path.insert(0, os.environ['CLIENT'])\n\
               import meeple_agent\n\
               count = os.environ['COUNT']\n\
               n = int(open(count).read()) if os.path.exists(count) else 0\n\
               open(count, 'w').write(str(n + 1))\n\
               decisions = 0\n\
               def act(observation, legal, seed):\n    \
                   global decisions\n    \
                   decisions += 1\n    \
                   sys.stderr.write('tick %d\\n' % decisions); sys.stderr.flush()\n    \
                   if n == 1 and decisions == 300:\n        \
                       sys.stderr.write('dying now\\n'); sys.stderr.flush(); os._exit(3)\n    \
                   return meeple_agent.uniform_index(seed, len(legal))\n\
               meeple_agent.run(act)\n";
    std::fs::write(dir.join("bot.py"), bot).unwrap();
    let text = format!(
        "kind = 'ext'\ncommand = 'python3'\nargs = ['{}']\nenv = {{ CLIENT = '{}', COUNT = '{}' }}\nlog = '{}'\n",
        dir.join("bot.py").display(),
        repo("clients/python"),
        dir.join("count").display(),
        dir.join("bot.log").display()
    );
    std::fs::write(dir.join("ticker.toml"), text).unwrap();
}

/// Every bot process running at once writes its own log (`bot.log`, `bot.1.log`, …): on two
/// threads, no log interleaves two processes' lines, and a forfeit names the log of the process
/// that failed, whose last lines are the stderr tail it quotes.
#[test]
fn each_bot_process_has_its_own_log_and_a_forfeit_names_it() {
    let tmp = tempfile::tempdir().unwrap();
    ticker(tmp.path());
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_meeple"))
        .args(["play", "--game", "connect4", "--bots", "ticker,random", "--games", "400", "--threads", "2"])
        .args(["--quiet", "--out", "out", "--bots-dir", "."])
        .current_dir(tmp.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let (_, after) = stderr.split_once("crash: the bot exited (exit status: 3); the end of its stderr (").unwrap();
    let (log, tail) = after.split_once("):\n").unwrap();
    let tail: Vec<&str> = tail.lines().take_while(|l| l.starts_with("    | ")).map(|l| &l[6..]).collect();
    assert_eq!(tail.last(), Some(&"dying now"), "{stderr}");
    // The failed process's lines in the log it names end with the tail quoted.
    let text = std::fs::read_to_string(log).unwrap();
    let pid = text.lines().find(|l| l.ends_with("] dying now")).unwrap().split(']').next().unwrap().to_string();
    let mine: Vec<&str> =
        text.lines().filter(|l| l.starts_with(&format!("{pid}]"))).map(|l| &l[pid.len() + 2..]).collect();
    assert_eq!(&mine[mine.len() - tail.len()..], &tail[..], "{log}");
    // Two processes ran at once, each in its own log.
    assert_logs_of_one_process_each(tmp.path());
}

/// Checks that the bot logs `dir/bot.log`, `dir/bot.1.log`, … are two or more, and that none has a
/// process's lines (`[pid] …`) on both sides of another's.
fn assert_logs_of_one_process_each(dir: &Path) {
    let logs: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("bot.") && n.ends_with(".log"))
        .collect();
    assert!(logs.len() >= 2 && logs.contains(&"bot.1.log".to_string()), "{logs:?}");
    for name in &logs {
        let mut seen: Vec<String> = Vec::new();
        for line in read(dir, name).lines() {
            let p = line.split(']').next().unwrap().to_string();
            if seen.last() != Some(&p) {
                assert!(!seen.contains(&p), "{name}: process {p} resumes after another's lines");
                seen.push(p);
            }
        }
    }
}

/// D4: two meeple processes given the same bot `log=` path never write one log together: each
/// bot process takes the first of `bot.log`, `bot.1.log`, … that no process of any meeple holds
/// (a lock on the file), so no log interleaves two processes' lines.
#[test]
fn two_meeple_processes_with_one_bot_log_write_separate_logs() {
    let tmp = tempfile::tempdir().unwrap();
    ticker(tmp.path());
    let run = |out: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_meeple"))
            .args(["play", "--game", "connect4", "--bots", "ticker,random", "--games", "1000", "--threads", "1"])
            .args(["--quiet", "--out", out, "--bots-dir", "."])
            .current_dir(tmp.path())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (run("a"), run("b"));
    for child in [a, b] {
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    }
    assert_logs_of_one_process_each(tmp.path());
}

/// With `--forfeit exclude` the console's score line counts the games it scores, not the games
/// played: 40 Connect Four games of the faulty bot (illegal actions, about one decision in 40)
/// against random end with `Score of faulty vs random: W - L - D [score] N (K left out)`, where
/// `N` is the games without a forfeit in games.csv, `K` the forfeited ones, and W, L, D the
/// faulty bot's results in ratings.csv (which leaves the forfeits out too).
#[test]
fn the_score_line_leaves_out_games_excluded_by_forfeit_exclude() {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "faulty", "tests/bots/faulty.py", &["illegal"], 10_000);
    let out = play_logged(
        tmp.path(),
        "play --game connect4 --bots faulty,random --games 40 --seed 5 --forfeit exclude --per-game",
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    let games = read(&tmp.path().join("out"), files::GAMES);
    let forfeited = games.lines().skip(1).filter(|row| !row.split(',').nth(5).unwrap().is_empty()).count();
    assert!(forfeited > 0 && forfeited < 40, "{forfeited} of 40 games forfeited");
    let ratings = read(&tmp.path().join("out"), "ratings.csv");
    let faulty: Vec<&str> = ratings.lines().find(|l| l.contains(",faulty,")).unwrap().split(',').collect();
    let (wins, draws, losses) = (faulty[6], faulty[7], faulty[8]);
    let n: usize = [wins, draws, losses].iter().map(|x| x.parse::<usize>().unwrap()).sum();
    assert_eq!(n, 40 - forfeited, "{ratings}");
    let score = faulty[9].parse::<f64>().unwrap();
    let last =
        format!("Score of faulty vs random: {wins} - {losses} - {draws} [{score:.3}] {n} ({forfeited} left out)");
    assert!(stderr.lines().any(|l| l == last), "{last} not in {stderr}");
}

/// A bot that forfeits every game at three seats (tests/bots/faulty.py with period 1: an
/// illegal action at its first decision), MOW with fixed seats, the faulty bot in seat 0: each
/// game is scored as its loss and a shared win of the two others (reward ½ each), alike in
/// games.csv (rewards `0`, `0.5`, `0.5`; the outcome labels `flies`, `rounds`, `winners` and the
/// scores empty: the game stopped before its end), summary.csv (seats 1 and 2: 12 games, 0
/// sole wins, 12 shared wins, mean reward ½; no `flies`, `rounds` or `winners` rows from the
/// unfinished state) and the balance section, which says how the forfeits count.
#[test]
fn a_bot_that_forfeits_every_game_at_three_seats_loses_and_the_others_share_the_win() {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "faulty", "tests/bots/faulty.py", &["illegal", "1"], 10_000);
    let out = tmp.path().join("out");
    let text = spec_text("mow", 3, "'faulty', 'random', 'random'", 12).replace("'rotate'", "'fixed'");
    run(&toml::from_str(&text).unwrap(), &out, tmp.path(), 1);
    let games = read(&out, files::GAMES);
    let mut lines = games.lines();
    assert_eq!(
        lines.next().unwrap(),
        "players,index,seed,length,truncated,forfeit_seat,forfeit_reason,rounds,winners,seat0_bot,seat0_flies,\
         seat0_reward,seat0_score,seat1_bot,seat1_flies,seat1_reward,seat1_score,seat2_bot,seat2_flies,seat2_reward,\
         seat2_score"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 12);
    for r in &rows {
        assert_eq!(r[5], "0", "{r:?}");
        let tail: Vec<&str> = [&r[7..9], &r[9..]].concat();
        assert_eq!(tail, ["", "", "faulty", "", "0", "", "random", "", "0.5", "", "random", "", "0.5", ""], "{r:?}");
    }
    let summary = read(&out, files::SUMMARY);
    let mut reader = csv::Reader::from_reader(summary.as_bytes());
    let h = reader.headers().unwrap().clone();
    let col = |name: &str| h.iter().position(|c| c == name).unwrap();
    let cells = ["label", "value", "games", "wins", "draws", "losses", "mean_reward", "forfeits"].map(col);
    let got: Vec<String> = reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            cells.iter().map(|&c| r[c].to_string()).collect::<Vec<_>>().join(" ")
        })
        .collect();
    assert_eq!(
        got,
        [
            "all all 12     12",
            "bot faulty 12 0 0 12 0.000000 12",
            "bot random 24 0 24 0 0.500000 0",
            "seat 0 12 0 0 12 0.000000 12",
            "seat 1 12 0 12 0 0.500000 0",
            "seat 2 12 0 12 0 0.500000 0",
        ]
    );
    let lines = meeple::report::balance_lines(&meeple::tournament::read_counts(&out).unwrap(), None);
    assert_eq!(
        lines,
        [
            // No sole win in any game: every deal gives each seat the overall rate, 0.
            "seat, 3 players: not measurable: every deal gave each value exactly its overall rate of the wins (as \
             when one bot wins every game under rotation), so this design cannot see a difference (p = 1 says nothing)",
            "3 players: 12 games were forfeited by a bot; scored as losses (the default), each is the forfeiting seat's \
             loss and a shared win of the others, which these verdicts (sole wins) do not count as a win; --forfeit \
             exclude leaves them out"
        ]
    );
}

/// Runs `meeple play --game mow --players 3 --bots faulty200,random --games 30 --per-game` (the
/// faulty bot: an illegal action about one decision in 200) with `--forfeit MODE` into
/// `dir/MODE`; returns summary.csv's `games wins win_rate` of the outcome game labels `rounds`
/// and `winners`, and the console.
fn outcome_shares_under(dir: &Path, mode: &str) -> (Vec<String>, String) {
    let out = play_logged(
        dir,
        &format!(
            "play --game mow --players 3 --bots faulty200,random --games 30 --per-game --forfeit {mode} --out {mode}"
        ),
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    let summary = read(&dir.join(mode), files::SUMMARY);
    let mut reader = csv::Reader::from_reader(summary.as_bytes());
    let h = reader.headers().unwrap().clone();
    let cells = ["label", "value", "games", "wins", "win_rate"].map(|name| h.iter().position(|c| c == name).unwrap());
    let rows = reader
        .records()
        .map(|r| r.unwrap())
        .filter(|r| ["all", "rounds", "winners"].contains(&&r[cells[0]]))
        .map(|r| cells.iter().map(|&c| r[c].to_string()).collect::<Vec<_>>().join(" "))
        .collect();
    (rows, String::from_utf8(out.stdout).unwrap() + &stderr)
}

/// Outcome labels (`rounds`, `winners` of MOW) are shares of the games whose outcome was
/// recorded: under `--forfeit loss` (the default) the 7 forfeited games of 30 count as played
/// (`all`: 30) but not in the shares, which are then those of `--forfeit exclude` (23 games:
/// 9 of 3 rounds, 14 of 4; 39.1% and 60.9%, where counting the forfeits gave 9/30 and 14/30), and the balance section says how each mode
/// counted the forfeits.
#[test]
fn outcome_label_shares_leave_out_forfeited_games_under_either_forfeit_mode() {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "faulty200", "tests/bots/faulty.py", &["illegal", "200"], 10_000);
    let (loss, loss_console) = outcome_shares_under(tmp.path(), "loss");
    let (exclude, exclude_console) = outcome_shares_under(tmp.path(), "exclude");
    assert_eq!(loss[0], "all all 30  ");
    assert_eq!(exclude[0], "all all 23  ");
    assert_eq!(&loss[1..], &exclude[1..]);
    assert_eq!(&loss[1..3], ["rounds 3 23 9 0.391304", "rounds 4 23 14 0.608696"]);
    let forfeit_line =
        |console: &str| console.lines().find(|l| l.contains("forfeited by a bot")).map(str::trim).map(String::from);
    assert_eq!(
        forfeit_line(&loss_console).unwrap(),
        "3 players: 7 games were forfeited by a bot; scored as losses (the default), each is the forfeiting seat's \
         loss and a shared win of the others, which these verdicts (sole wins) do not count as a win; --forfeit \
         exclude leaves them out"
    );
    assert_eq!(
        forfeit_line(&exclude_console).unwrap(),
        "3 players: 7 games were forfeited by a bot; left out (--forfeit exclude): these verdicts count only the \
         games without a forfeit; --forfeit loss (the default) would score each as the forfeiting seat's loss"
    );
}

/// The deals of `dir`'s games.csv (rotation: `players` games each, in index order) that hold a
/// forfeited game, and the number of deals.
fn deals_with_a_forfeit(dir: &Path, players: usize) -> (usize, usize) {
    let games = read(dir, files::GAMES);
    let rows: Vec<Vec<String>> = games.lines().skip(1).map(|l| l.split(',').map(String::from).collect()).collect();
    assert!(rows.iter().all(|r| r[4] == "false"), "no game truncated");
    let deals: Vec<&[Vec<String>]> = rows.chunks(players).collect();
    (deals.iter().filter(|d| d.iter().any(|r| !r[5].is_empty())).count(), deals.len())
}

/// One cell of a CSV file with a header row: column `name` of data row `row` (from 0).
fn csv_cell(text: &str, row: usize, name: &str) -> Option<String> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let col = reader.headers().unwrap().iter().position(|c| c == name)?;
    reader.records().nth(row).map(|r| r.unwrap()[col].to_string())
}

/// Under `--forfeit exclude` a deal holding a forfeited game is left out whole, and counted as
/// what it is: versus.csv's `forfeited_deals` (a column at the end, present because a game was
/// forfeited) holds the deals of games.csv with a forfeit, `truncated_deals` stays 0 (nothing
/// was truncated), `deals` the rest; the console line and report.md's versus table say the same,
/// and the report's games played count every deal. Under `--forfeit loss` nothing is left out:
/// the column is 0.
#[test]
fn deals_left_out_for_a_forfeit_are_counted_apart_from_truncated_deals() {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "faulty200", "tests/bots/faulty.py", &["illegal", "200"], 10_000);
    let (_, console) = outcome_shares_under(tmp.path(), "exclude");
    let out = tmp.path().join("exclude");
    let (forfeited, deals) = deals_with_a_forfeit(&out, 3);
    assert!(forfeited > 0 && forfeited < deals && deals == 10, "{forfeited} of {deals} deals");
    let versus = read(&out, files::VERSUS);
    // Then, for a game with scores, the deals A's margin is over (all counted ones: excluded).
    assert!(versus.lines().next().unwrap().ends_with(",sprt_verdict,forfeited_deals,margin_deals"), "{versus}");
    assert_eq!(csv_cell(&versus, 0, "margin_deals").unwrap(), (deals - forfeited).to_string());
    let cell = |name: &str| csv_cell(&versus, 0, name).unwrap();
    assert_eq!(
        (cell("deals"), cell("truncated_deals"), cell("forfeited_deals")),
        ((deals - forfeited).to_string(), "0".into(), forfeited.to_string())
    );
    let counted = if deals - forfeited == 1 { "deal" } else { "deals" };
    let plural = if forfeited == 1 { "deal" } else { "deals" };
    let said = format!(
        "over {} {counted} of 3 games ({forfeited} {plural} with a forfeited game left out); deal win shares",
        deals - forfeited
    );
    assert!(console.contains(&said), "{said} not in {console}");
    let r = meeple::report::report(&out).unwrap();
    let table = r.versus.as_ref().unwrap();
    assert_eq!(table.cell("3", "truncated deals"), Some("0"), "{table:?}");
    let left_out = forfeited.to_string();
    assert_eq!(table.cell("3", "deals left out for a forfeit"), Some(left_out.as_str()), "{table:?}");
    let counts = meeple::tournament::read_counts(&out).unwrap();
    let spec: meeple::tournament::Spec = toml::from_str(&read(&out, files::SPEC)).unwrap();
    let rows = meeple::stats::versus_rows(&counts, spec.seats, None);
    assert_eq!(meeple::report::played_and_limit(&rows[0], &spec), (30, 30), "every deal played");

    // The console says which mode counted the forfeits.
    let games = read(&out, files::GAMES);
    let k = games.lines().skip(1).filter(|row| !row.split(',').nth(5).unwrap().is_empty()).count();
    let said =
        format!("3 players: bot faulty200 forfeited {k} games, left out of the counts above (--forfeit exclude)");
    assert!(console.contains(&said), "{said} not in {console}");

    let (_, console) = outcome_shares_under(tmp.path(), "loss");
    let versus = read(&tmp.path().join("loss"), files::VERSUS);
    let cell = |name: &str| csv_cell(&versus, 0, name).unwrap();
    assert_eq!(
        (cell("deals"), cell("truncated_deals"), cell("forfeited_deals")),
        ("10".into(), "0".into(), "0".into())
    );
    // The margin is over the deals without a forfeited game (a forfeit has no scores).
    assert_eq!(cell("margin_deals"), (deals - forfeited).to_string());
    let said =
        format!("3 players: bot faulty200 forfeited {k} games, scored as losses above (--forfeit loss, the default)");
    assert!(console.contains(&said), "{said} not in {console}");
    // A forfeited game has no scores: the margin is over the deals without one, and says so.
    // Fewer flies is better: versus.csv's margin is in fewer flies; a negative one reads as more
    // flies, its interval negated (nc40e N6).
    let [m, low, high] = ["margin", "margin_low", "margin_high"].map(|c| cell(c).parse::<f64>().unwrap());
    let (way, low, high) = if m < 0.0 { ("more", -high, -low) } else { ("fewer", low, high) };
    let said = format!(
        "margin {:+.2} {way} flies [{low:+.2}, {high:+.2}] (over the {} {} whose games all have scores: a forfeit has \
         none), Plackett–Luce",
        m.abs(),
        deals - forfeited,
        if deals - forfeited == 1 { "deal" } else { "deals" }
    );
    assert!(console.contains(&said), "{said} not in {console}");
    // report.md's versus table says the same (G9).
    let r = meeple::report::report(&tmp.path().join("loss")).unwrap();
    let table = r.versus.as_ref().unwrap();
    let margin = table.cell("3", "margin of A, fewer flies [95%]").unwrap();
    assert!(margin.ends_with(&format!(" ({} of 10 deals)", deals - forfeited)), "{margin}");
}

/// Outcome labels count only the games whose outcome was recorded, and so do their intervals:
/// under `--forfeit loss` the deals of MOW's outcome game labels (`rounds`, `winners`: rotation,
/// 3 games a deal) hold only the games without a forfeit, as under `--forfeit exclude`, so that
/// every balance.csv row of an outcome label (shares, intervals, tests) is the same in both modes
/// (they once clustered over the forfeited games too: wider intervals under `loss`).
#[test]
fn outcome_label_intervals_are_the_same_under_either_forfeit_mode() {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "faulty200", "tests/bots/faulty.py", &["illegal", "200"], 10_000);
    let rows = |mode: &str| {
        let _ = outcome_shares_under(tmp.path(), mode);
        let balance = read(&tmp.path().join(mode), files::BALANCE);
        let mut reader = csv::Reader::from_reader(balance.as_bytes());
        let h = reader.headers().unwrap().clone();
        let [label, kind] = ["label", "kind"].map(|n| h.iter().position(|c| c == n).unwrap());
        reader
            .records()
            .map(|r| r.unwrap())
            .filter(|r| &r[kind] == "outcome")
            .map(|r| (r[label].to_string(), r.iter().collect::<Vec<_>>().join(",")))
            .collect::<Vec<_>>()
    };
    let (loss, exclude) = (rows("loss"), rows("exclude"));
    for label in ["rounds", "winners", "flies"] {
        assert!(loss.iter().any(|(l, _)| l == label), "{label} has rows: {loss:?}");
    }
    assert!(deals_with_a_forfeit(&tmp.path().join("loss"), 3).0 > 0);
    assert_eq!(loss, exclude);
    // summary.csv's intervals of the outcome game labels too.
    let summary = |mode: &str| {
        let text = read(&tmp.path().join(mode), files::SUMMARY);
        text.lines()
            .filter(|l| l.starts_with("3,rounds,") || l.starts_with("3,winners,"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert!(!summary("loss").is_empty());
    assert_eq!(summary("loss"), summary("exclude"));
}

/// When every game is left out (the faulty bot forfeits each of its 10 Connect Four games, at
/// its first decision, under `--forfeit exclude`) the run still ends cleanly and the score line
/// says so: `Score of faulty vs random: 0 - 0 - 0 [-] 0 (10 left out)` (once no line at all).
#[test]
fn the_score_line_says_when_every_game_was_left_out() {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "faulty", "tests/bots/faulty.py", &["illegal", "1"], 10_000);
    let out = play_logged(
        tmp.path(),
        "play --game connect4 --bots faulty,random --games 10 --seed 5 --forfeit exclude --per-game",
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{stderr}");
    let games = read(&tmp.path().join("out"), files::GAMES);
    assert_eq!(
        games
            .lines()
            .skip(1)
            .filter(|row| row.split(',').nth(5) == Some("0") || row.split(',').nth(5) == Some("1"))
            .count(),
        10
    );
    let last = "Score of faulty vs random: 0 - 0 - 0 [-] 0 (10 left out)";
    assert!(stderr.lines().any(|l| l == last), "{last} not in {stderr}");
}

/// A Plackett–Luce rating without a finite maximum is written one way wherever it is shown: the
/// faulty bot forfeits each of its 6 three-seat MOW games (rotation) and is placed last in
/// every one, so it rates `-∞ (never ahead of random)` on the console's versus line, in
/// report.md's versus table, and random over it `+∞ (never behind faulty)` in the ratings table
/// (console and report.md); versus.csv and ratings.csv leave those ratings empty. (They once
/// read `-∞`, `-` and `undefined`.)
#[test]
fn an_unbounded_rating_is_written_the_same_everywhere() {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "faulty", "tests/bots/faulty.py", &["illegal", "1"], 10_000);
    let out = play_logged(tmp.path(), "play --game mow --players 3 --bots faulty,random --games 6 --seed 5");
    let console = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success(), "{console}");
    // At three seats the cutechess-style line says its results are pairs of seats.
    let pairwise = "Score of faulty vs random: 0 - 12 - 0 [0.000] 6 (pairwise: one result per game and B seat)";
    assert!(console.lines().any(|l| l == pairwise), "{pairwise} not in {console}");
    let (never_ahead, never_behind) = ("-∞ (never ahead of random)", "+∞ (never behind faulty)");
    assert!(console.contains(&format!("Plackett–Luce Elo {never_ahead} over 2 deals of 3 games")), "{console}");
    let dir = tmp.path().join("out");
    let versus = read(&dir, files::VERSUS);
    assert_eq!(["elo", "elo_low", "elo_high"].map(|c| csv_cell(&versus, 0, c).unwrap()), ["", "", ""], "{versus}");
    let ratings = read(&dir, files::RATINGS);
    assert_eq!(["elo", "elo_low", "elo_high"].map(|c| csv_cell(&ratings, 1, c).unwrap()), ["", "", ""], "{ratings}");
    let ratings_line = |text: &str| text.lines().find(|l| l.trim_start().starts_with("3  random ")).map(String::from);
    assert!(ratings_line(&console).is_some_and(|l| l.contains(never_behind)), "{console}");
    let r = meeple::report::report(&dir).unwrap();
    let elo_head = "Elo of A [95%] (3+ seats: Plackett–Luce, bootstrap over deals)";
    assert_eq!(r.versus.as_ref().unwrap().cell("3", elo_head), Some(never_ahead));
    let md = read(&dir, meeple::report::REPORT_FILE);
    assert!(ratings_line(&md).is_some_and(|l| l.contains(never_behind)), "{md}");
    assert!(!md.contains("undefined") && !console.contains("undefined"), "{md}");
}

/// A bot that forfeits every game prints its first three forfeits in full, then one line saying
/// the rest go unprinted (nc40d L8: 35 blocks for 35 forfeits); the warning names the column
/// that holds the reasons.
#[test]
fn only_the_first_forfeits_of_a_bot_are_printed() {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "always", "tests/bots/faulty.py", &["illegal", "1"], 10_000);
    let run = play_logged(tmp.path(), "play --game connect4 --bots always,random --games 10 --seed 1 --quiet");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    assert_eq!(stderr.matches("meeple: bot `always` forfeits the game in seat").count(), 3, "{stderr}");
    assert_eq!(stderr.matches("forfeits another game").count(), 1, "{stderr}");
    assert!(stderr.contains("its further forfeits are not printed"), "{stderr}");
    assert!(stderr.contains("bot always forfeited 10 of its 10 games"), "{stderr}");
    assert!(stderr.contains("reasons: games.csv's forfeit_reason column, written with --per-game"), "{stderr}");
}
