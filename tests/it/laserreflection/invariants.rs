//! Random games checked after every action: every item in exactly one place (grid or stock),
//! counters and scores in range, rule P5's passes, and determinize on the way.

use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::laserreflection::{Config, LaserState, Shapes};
use rand::RngExt;

/// A varied small configuration for game `g` (short games: few edits, small grids).
fn config(g: u64) -> Config {
    let mut r = rng_from_seed(g ^ 0x5eed);
    Config {
        rounds: [1, 3, 5][r.random_range(0..3)],
        grid_size: r.random_range(4..=8),
        items: r.random_range(3..=12),
        black_holes: r.random_bool(0.7),
        warps: r.random_bool(0.3),
        shapes: [Shapes::None, Shapes::Squares, Shapes::Triangles, Shapes::Both][r.random_range(0..4)],
        partial: r.random_bool(0.7),
        max_edits: r.random_range(1..=12),
        challenge: [3, 6, 10][r.random_range(0..3)],
        ..Config::default()
    }
}

/// Plays one random game checking invariants after every action; returns its length.
fn play_checked(g: u64, determinize_every: usize) -> usize {
    let config = config(g);
    let players = 1 + (g as usize) % 6;
    let mut rng = rng_from_seed(g);
    let mut drng: GameRng = rng_from_seed(g ^ 0xdead_beef);
    let mut s = LaserState::new_game(&config, players, &mut rng);
    let mut legal = Vec::new();
    for step in 0.. {
        s.check_invariants().unwrap_or_else(|e| panic!("game {g} step {step}: {e}\n{s}"));
        let Some(seat) = s.to_move() else {
            assert!(s.outcome().is_some());
            return step;
        };
        if determinize_every > 0 && step % determinize_every == 0 {
            let mut d = s;
            d.determinize(seat, &mut drng);
            assert_eq!(d.observation(seat), s.observation(seat), "game {g} step {step}");
            d.check_invariants().unwrap_or_else(|e| panic!("determinized, game {g}: {e}\n{d}"));
        }
        let a = s.random_action(&mut rng, &mut legal).expect("a decider has actions");
        s.apply(a, &mut rng);
    }
    unreachable!()
}

#[test]
fn laserreflection_invariants_2000_random_games() {
    let total: usize = (0..2_000).map(|g| play_checked(g, 5)).sum();
    assert!(total > 2_000);
}

#[test]
#[ignore = "long (tens of seconds): cargo test --test it -- --ignored laserreflection_invariants_100k; CI runs it"]
fn laserreflection_invariants_100k() {
    let total: usize = (0..100_000).map(|g| play_checked(g, 0)).sum();
    assert!(total > 100_000);
}
