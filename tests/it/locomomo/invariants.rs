//! Random games checked after every action (spec W1 and "Implementation notes"): every tile in
//! exactly one place, rows filled from the left, counters in range, 1–5 tiles collected per turn,
//! and the action count of the spec's "Actions" section.

use meeple::game::{Game, rng_from_seed};
use meeple::games::locomomo::{Action, LocoMomoState};

/// Plays one uniformly random game of `players` seats from `seed`, checking after every action.
fn play_checked(players: usize, seed: u64, buf: &mut Vec<Action>) {
    let mut rng = rng_from_seed(seed);
    let mut s = LocoMomoState::new_game(&Default::default(), players, &mut rng);
    let mut placed_this_turn = 0;
    loop {
        if let Err(e) = s.check_invariants() {
            panic!("seed {seed}, {players} players: {e}\n{s}");
        }
        let Some(a) = s.random_action(&mut rng, buf) else { break };
        let turns = s.turns();
        s.apply(a, &mut rng);
        match a {
            Action::Pick { .. } => {
                let collected = s.pending().0.iter().sum::<u8>() + s.discarded_by(turns % players);
                placed_this_turn = 0;
                assert!(s.turns() > turns || (1..=5).contains(&collected), "seed {seed}: collected {collected}");
            }
            Action::Place { .. } => placed_this_turn += 1,
        }
        assert!(placed_this_turn <= 5, "seed {seed}: more than 5 placements in a turn");
        let placed: usize = (0..players).map(|p| s.board(p).tiles()).sum();
        let mid_turn = s.pending().0.iter().any(|&n| n > 0);
        assert_eq!(s.actions(), s.turns() + placed + usize::from(mid_turn), "seed {seed}: action count\n{s}");
    }
    assert!(s.is_over() && s.outcome().is_some());
}

fn run(games: u64) {
    let mut buf = Vec::new();
    for g in 0..games {
        play_checked(1 + (g % 4) as usize, g, &mut buf);
    }
}

#[test]
fn locomomo_invariants_2000_random_games() {
    run(2_000);
}

#[test]
#[ignore = "long (about 20 CPU-seconds): cargo test --test it -- --ignored locomomo_invariants_100k; CI runs it"]
fn locomomo_invariants_100k() {
    run(100_000);
}
