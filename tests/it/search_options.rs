//! The knowledge options of the tree searches (issue 44): heuristic leaves, heuristic and MAST
//! rollouts, progressive bias and the CPU-time budget. Each is reproducible from the seed at any
//! thread count (the time budgets excepted, which say so) and cannot peek at hidden information.

use std::path::Path;
use std::time::Instant;

use meeple::bots::{BotSpec, Heuristic, InfoSet, peek_check};
use meeple::game::{Game, rng_from_seed};
use meeple::games::bang::BangState;
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
