//! Bot strength and behaviour at Connect Four, with fixed seeds: MCTS, ISMCTS and greedy against
//! random, tactical positions, the "cannot peek" check, profiles and the CLI.
//!
//! Games are deterministic functions of (lineup, seed, index), so the margins below are checked
//! once and stay fixed; they are set well inside what the bots achieve (measured rates in
//! comments) so that a change of seed would not break them either.

use std::path::Path;
use std::process::Command;

use meeple::bots::{BotSpec, InfoSet, parse_lineup, peek_check};
use meeple::game::{Game, rng_from_seed};
use meeple::games::connect4::{Config, ConnectFour};
use meeple::stats::{Z_95, wilson_interval};
use meeple::tournament::{Player, SeatMode, Series};
use rayon::prelude::*;

/// Wins of seat `seat` in games `0..games` of `lineup` (seat 0 first) with master seed `seed`.
fn wins(lineup: &[&str], seat: usize, games: u64, seed: u64) -> u64 {
    let names: Vec<String> = lineup.iter().map(|s| s.to_string()).collect();
    let series = Series::<ConnectFour> {
        config: Config {},
        players: 2,
        lineup: parse_lineup(&names, 2, None, Path::new("bots")).unwrap(),
        seats: SeatMode::Fixed,
        seed,
        max_actions: 100,
        forfeit: Default::default(),
        metrics: false,
        crosstab: Vec::new(),
    };
    (0..games)
        .into_par_iter()
        .map_init(|| Player::new(&series), |p, i| u64::from(p.play(&series, i).state.outcome().unwrap()[seat] == 1.0))
        .sum()
}

/// The decision of bot `spec` (seed `seed`) in the position after `moves`.
fn decide(spec: &str, moves: &[u8], seed: u64) -> u8 {
    let state = ConnectFour::from_moves(moves);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let mut agent = BotSpec::parse(spec, Path::new("bots")).unwrap().agent::<ConnectFour>();
    agent.act(&InfoSet::new(&state, &legal), &mut rng_from_seed(seed)).0
}

#[test]
fn mcts_1k_beats_random_in_95_percent_of_200_games_from_each_seat() {
    let first = wins(&["mcts-1k", "random"], 0, 200, 1);
    let second = wins(&["random", "mcts-1k"], 1, 200, 2);
    assert!(first >= 190 && second >= 190, "MCTS won {first}/200 as first and {second}/200 as second player");
}

#[test]
fn ismcts_beats_random() {
    let first = wins(&["ismcts:iterations=300", "random"], 0, 100, 3);
    let second = wins(&["random", "ismcts:iterations=300"], 1, 100, 4);
    assert!(first >= 90 && second >= 90, "ISMCTS won {first}/100 as first and {second}/100 as second player");
}

#[test]
fn greedy_beats_random_with_non_overlapping_intervals() {
    // Random against random: the first player wins 55.5%, the second 44.3% (README).
    let (first, second) = (wins(&["greedy", "random"], 0, 400, 5), wins(&["random", "greedy"], 1, 400, 6));
    let (lo_first, _) = wilson_interval(first, 400, Z_95);
    let (lo_second, _) = wilson_interval(second, 400, Z_95);
    assert!(lo_first > 0.85 && lo_second > 0.85, "greedy won {first}/400 first and {second}/400 second");
}

#[test]
fn mcts_takes_an_immediate_win_rather_than_blocking() {
    for seed in 0..5 {
        // X has three in column 0 and O three in column 6: X wins at 0.
        assert_eq!(decide("mcts:iterations=1000", &[0, 6, 0, 6, 0, 6], seed), 0, "seed {seed}");
        // X has 1, 2, 3 on the bottom row, both ends open: either end wins.
        assert!([0, 4].contains(&decide("mcts:iterations=1000", &[1, 1, 2, 2, 3, 6], seed)), "seed {seed}");
        assert_eq!(decide("ismcts:iterations=1000", &[0, 6, 0, 6, 0, 6], seed), 0, "seed {seed}");
        assert_eq!(decide("greedy", &[0, 6, 0, 6, 0, 6], seed), 0, "seed {seed}");
    }
}

#[test]
fn mcts_blocks_an_immediate_loss() {
    for seed in 0..5 {
        // X threatens to complete 0, 1, 2 on the bottom row at 3; O must block there.
        assert_eq!(decide("mcts:iterations=1000", &[0, 6, 1, 6, 2], seed), 3, "seed {seed}");
        // X threatens four in column 3.
        assert_eq!(decide("mcts:iterations=1000", &[3, 0, 3, 1, 3], seed), 3, "seed {seed}");
        assert_eq!(decide("ismcts:iterations=1000", &[0, 6, 1, 6, 2], seed), 3, "seed {seed}");
    }
}

#[test]
fn decisions_are_reproducible_and_depend_on_the_seed_only() {
    let moves = [3, 3, 2];
    for spec in ["greedy", "mcts:iterations=300", "ismcts:iterations=300,depth=6", "mcts:iterations=200,cutoff=0.9"] {
        assert_eq!(decide(spec, &moves, 7), decide(spec, &moves, 7), "{spec}");
    }
}

#[test]
fn wall_time_budget_decides() {
    let a = decide("mcts:ms=5", &[0, 6, 0, 6, 0, 6], 1);
    assert_eq!(a, 0);
}

#[test]
fn no_bot_can_peek_at_connect_four() {
    let specs = peek_check::every_kind();
    let mut rng = rng_from_seed(11);
    let mut legal = Vec::new();
    for game in 0..10u64 {
        let mut state = ConnectFour::new();
        for _ in 0..game * 3 {
            state.legal_actions(&mut legal);
            if legal.len() < 2 {
                break;
            }
            state.apply(legal[(game as usize * 5 + legal.len()) % legal.len()], &mut rng);
        }
        if state.to_move().is_some() {
            peek_check::check_cannot_peek(&state, &specs, game, game + 100).unwrap();
        }
    }
}

#[test]
fn profiles_in_bots_dir_are_bots() {
    for (name, iterations) in [("mcts-1k", 1000), ("ismcts-1k", 1000), ("ismcts-1k-race", 1000)] {
        let spec = BotSpec::parse(name, Path::new("bots")).unwrap();
        assert_eq!((spec.name.as_str(), spec.iterations()), (name, Some(iterations)));
    }
}

/// The Lewis & Clark profile searches only the deciding seat's moves (the others drawn at random),
/// best-first on the heuristic at once: the options its measured results were played with.
#[test]
fn lewisclark_profile_is_the_measured_search() {
    let spec = BotSpec::parse("ismcts-1k-lewisclark", Path::new("bots")).unwrap();
    assert_eq!(spec.resolved(), "ismcts:iterations=1000,c=0.1,depth=0,opponents=random");
}

/// Every `bots/best-GAME.toml` (issue 44's strongest profile of a game) parses, names a
/// registered game in its file name, and passes that game's bot check (the check every run does
/// before its first game); and the games that have one are exactly these.
#[test]
fn every_best_game_profile_parses_and_builds_a_bot_for_its_game() {
    let mut games = Vec::new();
    for entry in std::fs::read_dir("bots").unwrap() {
        let file = entry.unwrap().file_name().into_string().unwrap();
        let Some(game) = file.strip_prefix("best-").and_then(|f| f.strip_suffix(".toml")) else { continue };
        let profile = format!("best-{game}");
        let bot = BotSpec::parse(&profile, Path::new("bots")).unwrap();
        let entry = meeple::registry::find(game).unwrap_or_else(|e| panic!("{file}: {e}"));
        let spec: meeple::tournament::Spec = toml::from_str(&format!("game = '{game}'\nbots = ['{profile}']")).unwrap();
        (entry.check_bots)(&spec, Path::new("bots")).unwrap_or_else(|e| panic!("{file}: {e}"));
        // Every profile but Laser Reflection's (1,000 iterations, measured reproducibly) searches
        // 100 ms of CPU a move.
        let budget = if game == "laserreflection" { "iterations=1000" } else { "cpu_ms=100" };
        assert!(bot.resolved().contains(budget), "{file}: {} has no {budget}", bot.resolved());
        games.push(game.to_string());
    }
    games.sort();
    assert_eq!(games, BEST_PROFILE_GAMES);
}

/// The games with a `bots/best-GAME.toml` profile, sorted.
const BEST_PROFILE_GAMES: [&str; 11] = [
    "bang",
    "catcafe",
    "connect4",
    "ekonos",
    "laserreflection",
    "lewisclark",
    "locomomo",
    "mow",
    "president",
    "sevenwondersarchitects",
    "sevenwondersduel",
];

#[test]
fn cli_lists_bot_parameters_and_benches_a_bot() {
    let meeple = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_meeple")).args(args).output().expect("run meeple");
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap()
    };
    let list = meeple(&["list"]);
    for word in ["greedy", "mcts", "ismcts", "iterations", "cutoff", "Cowling"] {
        assert!(list.contains(word), "{word} missing from:\n{list}");
    }
    let bench = meeple(&["bench", "--game", "connect4", "--bot", "mcts:iterations=200", "--seconds", "0.05"]);
    assert!(bench.contains("iterations/s") && bench.contains("decisions/s"), "{bench}");
    assert!(bench.contains("(200 iterations/decision)"), "{bench}");
    // A time budget: the iterations are counted (nc44 F6), at least 8 a decision.
    for budget in ["ms=5", "cpu_ms=5"] {
        let bot = format!("ismcts:{budget}");
        let bench = meeple(&["bench", "--game", "sevenwondersduel", "--bot", &bot, "--seconds", "0.05"]);
        let per_decision = bench.split(" iterations/decision").next().and_then(|s| s.rsplit('(').next());
        let n: f64 = per_decision.and_then(|n| n.parse().ok()).unwrap_or_else(|| panic!("{bot}: {bench}"));
        assert!(n >= 8.0 && bench.contains("iterations/s"), "{bot}: {bench}");
    }
}
