//! Throughput report (no timing assertions): `cargo test --release --test bang_perf --
//! --ignored --nocapture` prints the clone cost and random 5-player games per second.

use std::hint::black_box;
use std::time::Instant;

use meeple::game::{Game, rng_from_seed};
use meeple::games::bang::{Action, BangState, Config};
use rand::RngExt;

#[test]
#[ignore = "measurement, run in release with --nocapture"]
fn bang_throughput_report() {
    let config = Config::default();
    let mut rng = rng_from_seed(1);
    let mut legal: Vec<Action> = Vec::new();
    let games = 20_000;
    let mut actions = 0u64;
    let t = Instant::now();
    for _ in 0..games {
        let mut s = BangState::new_game(&config, 5, &mut rng);
        while s.to_move().is_some() {
            s.legal_actions(&mut legal);
            let a = legal[rng.random_range(0..legal.len())];
            s.apply(a, &mut rng);
            actions += 1;
        }
    }
    let secs = t.elapsed().as_secs_f64();
    let s = BangState::new_game(&config, 5, &mut rng);
    let clones = 2_000_000;
    let t = Instant::now();
    for _ in 0..clones {
        black_box(black_box(&s).clone());
    }
    let clone_ns = t.elapsed().as_nanos() as f64 / clones as f64;
    println!(
        "bang 5p random: {:.0} games/s, {:.1} actions/game; clone {clone_ns:.1} ns ({} bytes)",
        games as f64 / secs,
        actions as f64 / games as f64,
        std::mem::size_of::<BangState>()
    );
    assert!(actions > 0);
}
