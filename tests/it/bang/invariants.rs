//! Random games checked after every action: card conservation, life bounds, the dead hold
//! nothing, canonical slots, a consistent winner, and determinize properties on the way.

use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::bang::{Action, BangState, Config};
use rand::RngExt;

/// Action cap per game; a random game that reaches it counts as truncated.
const CAP: usize = 20_000;

/// Plays one uniformly random game, checking invariants after every action. Returns the number
/// of actions, or `None` if the game hit the cap.
fn play_checked(config: &Config, players: usize, seed: u64, determinize_every: usize) -> Option<usize> {
    let mut rng = rng_from_seed(seed);
    let mut s = BangState::new_game(config, players, &mut rng);
    let mut legal: Vec<Action> = Vec::new();
    let mut drng: GameRng = rng_from_seed(seed ^ 0xdead_beef);
    for step in 0..CAP {
        if let Err(e) = s.check_invariants() {
            panic!("seed {seed} step {step}: {e}\n{s}");
        }
        let Some(seat) = s.to_move() else {
            assert!(s.outcome().is_some());
            return Some(step);
        };
        s.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "seed {seed}: decider without actions\n{s}");
        if determinize_every > 0 && step % determinize_every == 0 {
            let mut d = s;
            d.determinize(seat, &mut drng);
            d.check_invariants().unwrap_or_else(|e| panic!("determinized: {e}\n{d}"));
            assert_eq!(d.observation(seat), s.observation(seat), "seed {seed} step {step}");
            let mut dl = Vec::new();
            d.legal_actions(&mut dl);
            assert_eq!(dl, legal, "legal actions differ after determinize, seed {seed}");
        }
        let a = legal[rng.random_range(0..legal.len())];
        s.apply(a, &mut rng);
    }
    None
}

fn run(games: u64, determinize_every: usize) {
    let mut truncated = 0;
    let mut total = 0;
    for g in 0..games {
        let bga = g % 3 == 0;
        let players = if bga { 2 + (g as usize / 3) % 6 } else { 4 + (g as usize) % 4 };
        let config = Config { bga_small_tables: bga, character_choice: g % 5 == 0 };
        match play_checked(&config, players, g, determinize_every) {
            Some(n) => total += n,
            None => truncated += 1,
        }
    }
    assert!(truncated * 200 <= games, "{truncated} of {games} games truncated");
    assert!(total > 0);
}

#[test]
fn bang_invariants_2000_random_games() {
    run(2_000, 7);
}

#[test]
#[ignore = "long (about a minute): cargo test --test it -- --ignored bang_invariants_100k; CI runs it"]
fn bang_invariants_100k() {
    run(100_000, 0);
}
