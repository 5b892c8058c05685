//! External bots (`ext`, PROTOCOL.md) with the Python client of `clients/python` run by a real
//! `python3`: reproducible across thread counts, the Python random agent replays meeple's own
//! random bot exactly, and faulty bots forfeit cleanly.

use std::path::Path;

use meeple::bots::BotSpec;
use meeple::game::Game;
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

fn spec(game: &str, players: usize, bots: &str, games: u64) -> Spec {
    toml::from_str(&format!(
        "game = '{game}'\nplayers = {players}\nbots = [{bots}]\ngames = {games}\nseed = 5\nseats = 'rotate'\nper_game = true\n"
    ))
    .unwrap()
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
        assert_eq!(
            read(&one, f).replace("py-random", "random"),
            read(&own, f),
            "{game}: {f}: not the random bot's games"
        );
    }
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
        (c[5] == "py-lookahead" && c[6] == "1") || (c[7] == "py-lookahead" && c[8] == "1")
    });
    let wins = wins.count();
    assert!(wins >= 85, "the lookahead agent won {wins} of 100 games against random");
}

/// Plays 30 Connect Four games of the faulty bot `mode` (tests/bots/faulty.py: faults at about
/// one decision in 40) against random; returns each game's forfeit, checking that the others
/// finished normally (so the bot was restarted after each fault).
fn faulty_games(mode: &str, timeout_ms: u64) -> Vec<Option<(usize, String)>> {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "faulty", "tests/bots/faulty.py", &[mode], timeout_ms);
    let lineup = vec![BotSpec::parse("faulty", tmp.path()).unwrap(), BotSpec::parse("random", tmp.path()).unwrap()];
    let series = Series::<ConnectFour> {
        config: Default::default(),
        players: 2,
        lineup,
        seats: SeatMode::Fixed,
        seed: 3,
        max_actions: 1000,
    };
    let mut player = Player::new(&series);
    let played: Vec<_> = (0..30).map(|i| player.play(&series, i)).collect();
    for p in &played {
        assert_eq!(p.state.outcome().is_some(), p.forfeit.is_none(), "game {}: finished or forfeited", p.index);
    }
    let log = read(tmp.path(), "faulty.log");
    assert!(log.contains(&format!("faulty bot: {mode} now")), "the bot's stderr goes to its log:\n{log}");
    played.into_iter().map(|p| p.forfeit).collect()
}

/// Checks that some but not all games were forfeited, by seat 0, with a reason starting `kind`.
fn assert_forfeits(forfeits: &[Option<(usize, String)>], kind: &str) {
    let n = forfeits.iter().flatten().count();
    assert!(n > 0 && n < forfeits.len(), "{n} of {} games forfeited", forfeits.len());
    for (seat, reason) in forfeits.iter().flatten() {
        assert_eq!(*seat, 0);
        assert!(reason.starts_with(kind), "reason `{reason}` is not a {kind}");
    }
}

#[test]
fn a_crashing_bot_forfeits_and_is_restarted() {
    let f = faulty_games("crash", 10_000);
    assert_forfeits(&f, "crash: the bot exited (exit status: 3)");
}

#[test]
fn a_hanging_bot_forfeits_at_its_timeout() {
    let f = faulty_games("hang", 300);
    assert_forfeits(&f, "timeout: no answer within 300 ms");
}

#[test]
fn an_illegal_action_forfeits() {
    let f = faulty_games("illegal", 10_000);
    assert_forfeits(&f, "illegal: index");
}

#[test]
fn garbage_forfeits() {
    let f = faulty_games("garbage", 10_000);
    assert_forfeits(&f, "garbage: not a JSON line");
}

/// A faulty bot in a whole run: the run completes with every game accounted for.
#[test]
fn a_run_with_a_crashing_bot_completes() {
    let tmp = tempfile::tempdir().unwrap();
    profile(tmp.path(), "crashy", "tests/bots/faulty.py", &["crash"], 10_000);
    let out = tmp.path().join("out");
    run(&spec("connect4", 2, "'crashy', 'random'", 40), &out, tmp.path(), 2);
    assert_eq!(read(&out, files::GAMES).lines().count(), 41);
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
