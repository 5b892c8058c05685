//! External bots (`ext`, PROTOCOL.md) with the Python client of `clients/python` run by a real
//! `python3`: reproducible across thread counts, the Python random agent replays meeple's own
//! random bot exactly, and faulty bots forfeit cleanly.

use std::path::Path;

use meeple::bots::BotSpec;
use meeple::games::connect4::ConnectFour;
use meeple::tournament::{Player, RunOptions, SeatMode, Series, Spec, files};

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

/// The Python random agent through the protocol: the same bytes on 1 and 2 threads, and the same
/// games as meeple's `random` bot (every output equal once the bot's name is replaced).
fn python_random_replays_the_random_bot(game: &str, players: usize, games: u64) {
    let tmp = tempfile::tempdir().unwrap();
    let bots = tmp.path().join("bots");
    std::fs::create_dir(&bots).unwrap();
    profile(&bots, "py-random", "clients/python/meeple_agent.py", &[], 10_000);
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
    python_random_replays_the_random_bot("connect4", 2, 200);
}

#[test]
fn python_random_client_replays_the_random_bot_in_bang() {
    python_random_replays_the_random_bot("bang", 4, 60);
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
/// bot (and `all`), not in `games` or `truncated`; the other games finished (so the bot was
/// restarted after each fault); the bot's stderr is in its log.
fn assert_faulty_run_forfeits(mode: &str, timeout_ms: u64, kind: &str) {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "faulty", "tests/bots/faulty.py", &[mode], timeout_ms);
    let out = tmp.path().join("out");
    run(&spec("connect4", 2, "'faulty', 'random'", 40), &out, tmp.path(), 2);
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
        assert!(r[8].is_empty() && r[10].is_empty(), "a forfeited game has no rewards: {r:?}");
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
            assert_eq!(count(n), 40 - forfeited);
        }
    }
    let log = read(tmp.path(), "faulty.log");
    assert!(log.contains(&format!("faulty bot: {mode} now")), "the bot's stderr goes to its log:\n{log}");
}

#[test]
fn a_crashing_bot_forfeits_and_is_restarted() {
    assert_faulty_run_forfeits("crash", 10_000, "crash: the bot exited (exit status: 3)");
}

#[test]
fn a_hanging_bot_forfeits_at_its_timeout() {
    assert_faulty_run_forfeits("hang", 300, "timeout: no answer within 300 ms");
}

#[test]
fn an_illegal_action_forfeits() {
    assert_faulty_run_forfeits("illegal", 10_000, "illegal: index");
}

#[test]
fn garbage_forfeits() {
    assert_faulty_run_forfeits("garbage", 10_000, "garbage: not a JSON line");
}

/// A bot that does not exist forfeits every game with a clear reason instead of stopping the run.
#[test]
fn a_missing_program_forfeits_naming_it() {
    let bot = BotSpec::parse("ext:cmd=/no/such/bot", Path::new("bots")).unwrap();
    let series = Series::<ConnectFour> {
        config: Default::default(),
        players: 2,
        lineup: vec![bot, BotSpec::parse("random", Path::new("bots")).unwrap()],
        seats: SeatMode::Fixed,
        seed: 3,
        max_actions: 1000,
    };
    let p = Player::new(&series).play(&series, 0);
    let (seat, reason) = p.forfeit.unwrap();
    assert_eq!(seat, 0);
    assert!(reason.starts_with("crash: cannot start `/no/such/bot`"), "{reason}");
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
    assert!(!read(&out, files::SUMMARY).contains("forfeits"), "no game was forfeited");
    let starts = read(tmp.path(), "bot.log").lines().filter(|l| l.ends_with("] started")).count();
    assert!((1..=4).contains(&starts), "{starts} processes started for 1000 games on 2 threads");
}
