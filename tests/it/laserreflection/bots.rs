//! The bots on Laser Reflection: no bot peeks (every kind, the solver's two strategies
//! included); the solver places a minimal solution (Decision 2); the ladder random < greedy <
//! solver on small puzzles.

use std::path::Path;

use meeple::bots::peek_check::{check_cannot_peek, every_kind};
use meeple::bots::{BotSpec, InfoSet};
use meeple::game::{Game, rng_from_seed};
use meeple::games::laserreflection::solver::{Strategy, solve};
use meeple::games::laserreflection::{Config, LaserState};
use rand::RngExt;

fn spec(s: &str) -> BotSpec {
    BotSpec::parse(s, Path::new("bots")).unwrap()
}

fn solvers() -> Vec<BotSpec> {
    vec![spec("solver:strategy=backtrack"), spec("solver:strategy=propagate,nodes=5000")]
}

fn small() -> Config {
    Config { grid_size: 5, items: 5, max_edits: 40, ..Config::default() }
}

#[test]
fn no_bot_peeks_at_other_grids() {
    let config = small();
    let mut specs = every_kind();
    specs.extend(solvers());
    for seed in 0..6 {
        let mut rng = rng_from_seed(seed);
        let mut s = LaserState::new_game(&config, 3, &mut rng);
        let mut legal = Vec::new();
        for _ in 0..rng.random_range(1..8) {
            s.legal_actions(&mut legal);
            s.apply(legal[rng.random_range(0..legal.len() - 1)], &mut rng);
        }
        if s.to_move().is_some() {
            check_cannot_peek(&s, &specs, seed, seed + 100).unwrap();
        }
    }
}

/// Decision 2: a solver's effort is the fewest items of a solution.
#[test]
fn solver_places_a_minimal_solution() {
    let config = Config { grid_size: 6, items: 6, ..Config::default() };
    for bot in solvers() {
        let mut agent = bot.agent::<LaserState>();
        for seed in 0..10 {
            let mut rng = rng_from_seed(seed);
            let mut s = LaserState::new_game(&config, 1, &mut rng);
            let minimal = solve(s.puzzle(), true, 1_000_000, Strategy::Backtrack).min_items.unwrap();
            let mut legal = Vec::new();
            let round = s.round();
            while s.round() == round && s.to_move().is_some() {
                s.legal_actions(&mut legal);
                let a = agent.act(&InfoSet::new(&s, &legal), &mut rng);
                s.apply(a, &mut rng);
                assert!(s.edits(0) <= u16::from(minimal) || s.round() != round, "{bot} seed {seed}");
            }
            assert_eq!(s.solo().solved, 1, "{bot} solved seed {seed}");
        }
    }
}

#[test]
fn solver_without_budget_gives_up() {
    let s = LaserState::new_game(&Config::default(), 2, &mut rng_from_seed(1));
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    let a = spec("solver:nodes=1").agent::<LaserState>().act(&InfoSet::new(&s, &legal), &mut rng_from_seed(2));
    assert_eq!(a.to_string(), "give up");
}

/// Bot `a`'s mean reward against `b` over `games` 2-seat games, seats alternating, and its
/// losses (games with reward 0).
fn mean_reward(a: &str, b: &str, config: &Config, games: u64) -> (f64, u64) {
    let (a, b) = (spec(a), spec(b));
    let (mut total, mut losses) = (0.0, 0);
    let mut legal = Vec::new();
    for g in 0..games {
        let a_seat = (g % 2) as usize;
        let mut agents = [a.agent::<LaserState>(), b.agent::<LaserState>()];
        if a_seat == 1 {
            agents.swap(0, 1);
        }
        let mut rng = rng_from_seed(g / 2);
        let mut bot_rng = rng_from_seed(g + 1000);
        let mut s = LaserState::new_game(config, 2, &mut rng);
        while let Some(p) = s.to_move() {
            s.legal_actions(&mut legal);
            let action = agents[p].act(&InfoSet::new(&s, &legal), &mut bot_rng);
            s.apply(action, &mut rng);
        }
        let r = s.outcome().unwrap()[a_seat];
        total += r;
        losses += u64::from(r == 0.0);
    }
    (total / games as f64, losses)
}

#[test]
fn ladder_random_greedy_solver() {
    let config = Config { grid_size: 4, items: 3, max_edits: 20, rounds: 1, ..Config::default() };
    let (greedy, _) = mean_reward("greedy", "random", &config, 60);
    assert!(greedy > 0.7, "greedy vs random {greedy}");
    let config = Config { max_edits: 60, rounds: 1, ..Config::default() };
    // Greedy often solves the default puzzles in minimal edits too (a tie); it never does better.
    let (solver, losses) = mean_reward("solver", "greedy", &config, 40);
    assert!(solver > 0.6 && losses == 0, "solver vs greedy {solver}, {losses} losses");
}
