//! Random games checked after every action: every die and cell in exactly one place, footprints,
//! cats, banked points and commitments consistent (`CatCafe::check_invariants`), and the same for
//! determinizations on the way.

use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::catcafe::{Action, CatCafe, Config};
use rand::RngExt;

/// Action cap per game: a random game that reaches it counts as truncated.
const CAP: usize = 20_000;

/// Plays one uniformly random game, checking invariants after every action (and those of a
/// determinization for a rotating observer every `determinize_every` actions, 0 for none).
/// Returns the number of actions, or `None` if the game hit the cap.
fn play_checked(config: &Config, players: usize, seed: u64, determinize_every: usize) -> Option<usize> {
    let mut rng = rng_from_seed(seed);
    let mut s = CatCafe::new_game(config, players, &mut rng);
    let mut legal: Vec<Action> = Vec::new();
    let mut drng: GameRng = rng_from_seed(seed ^ 0xdead_beef);
    for step in 0..CAP {
        if let Err(e) = s.check_invariants() {
            panic!("seed {seed} step {step}: {e}\n{s}");
        }
        if s.to_move().is_none() {
            assert!(s.outcome().is_some());
            return Some(step);
        }
        if determinize_every > 0 && step % determinize_every == 0 {
            let mut d = s;
            d.determinize(step % players, &mut drng);
            d.check_invariants().unwrap_or_else(|e| panic!("determinized, seed {seed} step {step}: {e}\n{d}"));
        }
        s.legal_actions(&mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        s.apply(a, &mut rng);
    }
    None
}

fn run(games: u64, determinize_every: usize) {
    let mut total = 0;
    for g in 0..games {
        let players = 2 + (g as usize % 3);
        let config = Config { start_footprints: if g % 7 == 0 { (g % 19) as u8 } else { 1 } };
        total += play_checked(&config, players, g, determinize_every)
            .unwrap_or_else(|| panic!("seed {g}: random game reached {CAP} actions"));
    }
    assert!(total > 0);
}

#[test]
fn catcafe_invariants_2000_random_games() {
    run(2_000, 3);
}

#[test]
#[ignore = "long (about 15 s in the test profile): cargo test --test it -- --ignored catcafe_invariants_100k; CI runs it"]
fn catcafe_invariants_100k() {
    run(100_000, 0);
}
