//! The knowledge options of the tree searches (issue 44): heuristic leaves, heuristic and MAST
//! rollouts, progressive bias and the CPU-time budget. Each is reproducible from the seed at any
//! thread count (the time budgets excepted, which say so) and cannot peek at hidden information.

use std::path::Path;
use std::time::Instant;

use meeple::bots::{BotSpec, Heuristic, InfoSet, peek_check};
use meeple::game::{Game, rng_from_seed};
use meeple::games::bang::BangState;
use meeple::games::connect4::ConnectFour;
use meeple::games::president::PresidentState;
use meeple::games::sevenwondersduel::SwdState;
use meeple::tournament::{RunOptions, Spec, files, prepare_output};

/// `games.csv` of `games` games of `game` with the lineup and other spec lines `bots` (from the
/// first bot: `'random']\nplayers = 4\n`), seed 5, per-game rows, on `threads`.
fn games_csv(game: &str, bots: &str, games: u64, threads: usize, dir: &Path) -> String {
    let spec: Spec = toml::from_str(&format!(
        "game = '{game}'\nbots = [{bots}games = {games}\nseed = 5\nper_game = true\nmax_actions = 400\n"
    ))
    .unwrap();
    let opts = RunOptions { threads: Some(threads), quiet: true, profile_dir: "bots".into() };
    prepare_output(dir).unwrap();
    (meeple::registry::find(game).unwrap().run)(&spec, dir, &opts).unwrap();
    std::fs::read_to_string(dir.join(files::GAMES)).unwrap()
}

/// Every option, on its own search, plays the same games from the same seed on 1 and 2 threads
/// (7 Wonders Duel, whose reveals are chance inside the searches, and President, with hidden
/// hands), and the same games again on a second run.
#[test]
fn every_search_option_plays_the_same_games_on_1_and_2_threads() {
    let tmp = tempfile::tempdir().unwrap();
    for (i, spec) in peek_check::every_option().iter().enumerate() {
        let bot = spec.resolved();
        for (game, lineup) in
            [("sevenwondersduel", format!("'{bot}', 'greedy']\n")), ("president", format!("'{bot}']\nplayers = 4\n"))]
        {
            let dir = |t: &str| tmp.path().join(format!("{i}-{game}-{t}"));
            let one = games_csv(game, &lineup, 4, 1, &dir("1"));
            let two = games_csv(game, &lineup, 4, 2, &dir("2"));
            let again = games_csv(game, &lineup, 4, 2, &dir("again"));
            assert!(one.lines().count() == 5, "{game} {bot}: {one}");
            assert_eq!(one, two, "{game} {bot}: 1 and 2 threads differ");
            assert_eq!(two, again, "{game} {bot}: a second run differs");
        }
    }
}

/// The same decision from the same seed, twice, for every option, at a 7 Wonders Duel opening.
#[test]
fn every_search_option_decides_the_same_from_the_same_seed() {
    let state = SwdState::new_game(&Default::default(), 2, &mut rng_from_seed(3));
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    for spec in peek_check::every_option() {
        let decide = |seed| spec.agent::<SwdState>().act(&InfoSet::new(&state, &legal), &mut rng_from_seed(seed));
        assert_eq!(decide(9), decide(9), "{spec}");
    }
}

/// Positions of `G` after 0, 7, 14, … random actions from seeded deals, at `players` seats.
fn positions<G: Heuristic>(config: &G::Config, players: usize, count: u64) -> Vec<G> {
    let mut legal = Vec::new();
    (0..count)
        .filter_map(|i| {
            let mut rng = rng_from_seed(i);
            let mut state = G::new_game(config, players, &mut rng);
            for _ in 0..i * 7 {
                let action = state.random_action(&mut rng, &mut legal)?;
                state.apply(action, &mut rng);
            }
            state.to_move().is_some().then_some(state)
        })
        .collect()
}

/// No option looks at hidden hands or roles: two states the decider cannot tell apart give the
/// same decision (BANG! and President, which hide cards and roles; 7 Wonders Duel, whose unseen
/// cards are drawn only when revealed).
#[test]
fn no_search_option_can_peek() {
    let specs = peek_check::every_option();
    for (i, s) in positions::<BangState>(&Default::default(), 5, 4).iter().enumerate() {
        peek_check::check_cannot_peek(s, &specs, i as u64, 50 + i as u64).unwrap();
    }
    for (i, s) in positions::<PresidentState>(&Default::default(), 4, 4).iter().enumerate() {
        peek_check::check_cannot_peek(s, &specs, i as u64, 60 + i as u64).unwrap();
    }
    for (i, s) in positions::<SwdState>(&Default::default(), 2, 4).iter().enumerate() {
        peek_check::check_cannot_peek(s, &specs, i as u64, 70 + i as u64).unwrap();
    }
}

/// `cpu_ms=20` searches for at least 20 ms (of CPU time, hence of wall time too) and decides a
/// legal action; it is not reproducible, and the resolved spec says `cpu_ms`.
#[test]
fn cpu_time_budget_searches_at_least_its_time() {
    let spec = BotSpec::parse("ismcts:cpu_ms=20", Path::new("bots")).unwrap();
    assert!(!spec.reproducible() && spec.iterations().is_none());
    assert_eq!(spec.resolved(), "ismcts:cpu_ms=20,c=1.4");
    let state = SwdState::new_game(&Default::default(), 2, &mut rng_from_seed(3));
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let start = Instant::now();
    let action = spec.agent::<SwdState>().act(&InfoSet::new(&state, &legal), &mut rng_from_seed(1));
    assert!(start.elapsed().as_millis() >= 20, "{:?}", start.elapsed());
    assert!(legal.contains(&action));
}

/// `decay` keeps the MAST averages from one decision to the next (a second decision at the same
/// position differs from a fresh agent's, for some seed), and a new game forgets them: after
/// `begin_game` the agent decides as a fresh one.
#[test]
fn mast_decay_carries_averages_between_decisions_not_games() {
    let state = SwdState::new_game(&Default::default(), 2, &mut rng_from_seed(3));
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let info = InfoSet::new(&state, &legal);
    for text in ["ismcts:iterations=30,rollout=mast,decay=1", "mcts:iterations=30,rollout=mast-egreedy,decay=0.5"] {
        let spec = BotSpec::parse(text, Path::new("bots")).unwrap();
        let fresh = |seed| spec.agent::<SwdState>().act(&info, &mut rng_from_seed(seed));
        let carried = (0..20).any(|seed| {
            let mut agent = spec.agent::<SwdState>();
            agent.act(&info, &mut rng_from_seed(100 + seed));
            agent.act(&info, &mut rng_from_seed(seed)) != fresh(seed)
        });
        assert!(carried, "{text}: the second decision never differed from a fresh agent's");
        for seed in 0..20 {
            let mut agent = spec.agent::<SwdState>();
            agent.act(&info, &mut rng_from_seed(100 + seed));
            agent.begin_game(&Default::default(), 2, 0);
            assert_eq!(agent.act(&info, &mut rng_from_seed(seed)), fresh(seed), "{text}, seed {seed}");
        }
    }
}

/// Positions of `G` as [`positions`] gives them, each with an earlier position of its game (3
/// actions before), at `players` seats.
fn positions_after<G: Heuristic>(config: &G::Config, players: usize, count: u64) -> Vec<(G, G)> {
    let mut legal = Vec::new();
    (1..count)
        .filter_map(|i| {
            let mut rng = rng_from_seed(i);
            let mut state = G::new_game(config, players, &mut rng);
            let mut before = state.clone();
            for step in 0..i * 7 {
                if step + 3 == i * 7 {
                    before = state.clone();
                }
                let action = state.random_action(&mut rng, &mut legal)?;
                state.apply(action, &mut rng);
            }
            (state.to_move().is_some() && before.to_move().is_some()).then_some((before, state))
        })
        .collect()
}

/// The options that carry something from one decision to the next (`decay`, `reuse`) do not
/// peek either: after a first decision at an earlier position, an agent decides the same in two
/// states its seat cannot tell apart. Hidden information (BANG!, President, 7 Wonders Duel),
/// where `reuse` is refused and, in an agent built without that check, does nothing; and
/// Connect Four, where it keeps the tree.
#[test]
fn no_option_carried_between_decisions_can_peek() {
    let specs = peek_check::carried_options();
    for (i, (b, s)) in positions_after::<BangState>(&Default::default(), 5, 5).iter().enumerate() {
        peek_check::check_cannot_peek_after(b, s, &specs, i as u64, 50 + i as u64).unwrap();
    }
    for (i, (b, s)) in positions_after::<PresidentState>(&Default::default(), 4, 5).iter().enumerate() {
        peek_check::check_cannot_peek_after(b, s, &specs, i as u64, 60 + i as u64).unwrap();
    }
    for (i, (b, s)) in positions_after::<SwdState>(&Default::default(), 2, 5).iter().enumerate() {
        peek_check::check_cannot_peek_after(b, s, &specs, i as u64, 70 + i as u64).unwrap();
    }
    for (i, (b, s)) in positions_after::<ConnectFour>(&Default::default(), 2, 5).iter().enumerate() {
        peek_check::check_cannot_peek_after(b, s, &specs, i as u64, 80 + i as u64).unwrap();
        peek_check::check_cannot_peek(s, &specs, i as u64, 90 + i as u64).unwrap();
    }
}

/// `reuse=true` is refused, naming the option, for a game with hidden information (by the bot
/// check and by a run), and accepted for Connect Four.
#[test]
fn tree_reuse_is_refused_under_hidden_information() {
    let bot = BotSpec::parse("ismcts:iterations=10,reuse=true", Path::new("bots")).unwrap();
    assert!(bot.check_game::<ConnectFour>().is_ok());
    let err = bot.check_game::<SwdState>().unwrap_err().to_string();
    assert!(
        err.starts_with("bot `ismcts:iterations=10,reuse=true` cannot play sevenwondersduel: the option `reuse=true`")
            && err.contains("perfect information"),
        "{err}"
    );
    let tmp = tempfile::tempdir().unwrap();
    let spec: Spec =
        toml::from_str("game = 'president'\nbots = ['mcts:reuse=true']\nplayers = 4\ngames = 1\n").unwrap();
    let opts = RunOptions { threads: Some(1), quiet: true, profile_dir: "bots".into() };
    prepare_output(tmp.path()).unwrap();
    let err = (meeple::registry::find("president").unwrap().run)(&spec, tmp.path(), &opts).unwrap_err().to_string();
    assert!(err.contains("cannot play president: the option `reuse=true`"), "{err}");
}

/// The decisions of `spec` along one Connect Four game against itself from the position after
/// `moves` (every decision by one agent, as a search that keeps its tree between its own moves
/// and the opponent's would; the second seat plays a random reply), seed `seed`.
fn c4_decisions(spec: &str, moves: &[u8], seed: u64) -> Vec<String> {
    let bot = BotSpec::parse(spec, Path::new("bots")).unwrap();
    let mut agent = bot.agent::<ConnectFour>();
    let mut state = ConnectFour::from_moves(moves);
    let (mut legal, mut rng, mut out) = (Vec::new(), rng_from_seed(seed), Vec::new());
    while state.to_move().is_some() {
        state.legal_actions(&mut legal);
        let action = agent.act(&InfoSet::new(&state, &legal), &mut rng);
        out.push(action.to_string());
        state.apply(action, &mut rng);
        let Some(reply) = state.random_action(&mut rng, &mut legal) else { break };
        state.apply(reply, &mut rng);
    }
    out
}

/// A first decision with `reuse=true` (an empty tree) is the decision without it, for both
/// searches and with other options; later ones differ (the kept tree is searched on) for some
/// seed; and after `begin_game` the agent decides as a fresh one.
#[test]
fn tree_reuse_starts_as_the_plain_search_and_then_differs() {
    for (plain, reusing) in [
        ("mcts:iterations=300", "mcts:iterations=300,reuse=true"),
        ("ismcts:iterations=300,depth=4", "ismcts:iterations=300,depth=4,reuse=true"),
        ("mcts:iterations=200,bias=1,rollout=mast", "mcts:iterations=200,bias=1,rollout=mast,reuse=true"),
    ] {
        let mut differs = false;
        for (seed, moves) in [(1, &[][..]), (2, &[3, 3]), (3, &[0, 1, 2, 3, 4]), (4, &[6, 6, 6])] {
            let (a, b) = (c4_decisions(plain, moves, seed), c4_decisions(reusing, moves, seed));
            assert_eq!(a[0], b[0], "{reusing}: first decision after {moves:?}, seed {seed}");
            differs |= a != b;
        }
        assert!(differs, "{reusing}: never decided otherwise than {plain}");
        let bot = BotSpec::parse(reusing, Path::new("bots")).unwrap();
        let (start, next) = (ConnectFour::from_moves(&[3]), ConnectFour::from_moves(&[3, 3, 2]));
        let (mut l0, mut l1) = (Vec::new(), Vec::new());
        start.legal_actions(&mut l0);
        next.legal_actions(&mut l1);
        for seed in 0..10 {
            let fresh = bot.agent::<ConnectFour>().act(&InfoSet::new(&next, &l1), &mut rng_from_seed(seed));
            let mut agent = bot.agent::<ConnectFour>();
            agent.act(&InfoSet::new(&start, &l0), &mut rng_from_seed(100 + seed));
            agent.begin_game(&Default::default(), 2, 1);
            assert_eq!(agent.act(&InfoSet::new(&next, &l1), &mut rng_from_seed(seed)), fresh, "{reusing}, seed {seed}");
        }
    }
}

/// In a game with hidden information, an agent built with `reuse=true` (without the bot check
/// that refuses it) plays exactly as without: the option does nothing there.
#[test]
fn tree_reuse_does_nothing_under_hidden_information() {
    for (plain, reusing) in [
        ("ismcts:iterations=100", "ismcts:iterations=100,reuse=true"),
        ("mcts:iterations=100", "mcts:iterations=100,reuse=true"),
    ] {
        let decisions = |spec: &str| {
            let mut agent = BotSpec::parse(spec, Path::new("bots")).unwrap().agent::<SwdState>();
            let mut rng = rng_from_seed(7);
            let mut state = SwdState::new_game(&Default::default(), 2, &mut rng);
            let (mut legal, mut out) = (Vec::new(), Vec::new());
            for _ in 0..12 {
                if state.to_move().is_none() {
                    break;
                }
                state.legal_actions(&mut legal);
                let action = agent.act(&InfoSet::new(&state, &legal), &mut rng);
                out.push(action.to_string());
                state.apply(action, &mut rng);
            }
            out
        };
        assert_eq!(decisions(plain), decisions(reusing), "{reusing}");
    }
}

/// `reuse=true` plays the same Connect Four games from the same seed on 1 and 2 threads (rotated
/// seats, so each agent serves games of both seats in turn), and the same again on a second run.
#[test]
fn tree_reuse_plays_the_same_games_on_1_and_2_threads() {
    let tmp = tempfile::tempdir().unwrap();
    for lineup in [
        "'mcts:iterations=200,reuse=true', 'mcts:iterations=200']\nseats = 'rotate'\n",
        "'ismcts:iterations=150,reuse=true,depth=6']\n",
    ] {
        let dir = |t: &str| tmp.path().join(format!("{}-{t}", lineup.len()));
        let one = games_csv("connect4", lineup, 8, 1, &dir("1"));
        let two = games_csv("connect4", lineup, 8, 2, &dir("2"));
        let again = games_csv("connect4", lineup, 8, 2, &dir("again"));
        assert!(one.lines().count() == 9, "{lineup}: {one}");
        assert_eq!(one, two, "{lineup}: 1 and 2 threads differ");
        assert_eq!(two, again, "{lineup}: a second run differs");
    }
}
