//! The SPRT on real runs: it stops at fixed deal boundaries, accepts H1 quickly for a much
//! stronger bot, rarely accepts it between identical bots, and stops at the same game with any
//! thread count.

use std::path::{Path, PathBuf};

use meeple::games::connect4::ConnectFour;
use meeple::stats::{Counts, Verdict, VersusRow, versus_rows};
use meeple::tournament::{Plan, PlanError, RunOptions, SPRT_CHECK_DEALS, Spec, files, prepare_output};

fn spec(bots: &str, seats: &str, games: u64, seed: u64, sprt: &str) -> Spec {
    let bots: Vec<String> = bots.split(',').map(|b| format!("'{b}'")).collect();
    toml::from_str(&format!(
        "game = 'connect4'\nbots = [{}]\ngames = {games}\nseed = {seed}\nseats = '{seats}'\nsprt = {sprt}\n",
        bots.join(", ")
    ))
    .unwrap()
}

const SPRT_0_10: &str = "{ elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05 }";

/// Runs `spec` into `out` and returns its counts and its versus row.
fn run(spec: &Spec, out: &Path, threads: usize) -> (Counts, VersusRow) {
    let opts = RunOptions { threads: Some(threads), quiet: true, profile_dir: PathBuf::from("bots") };
    prepare_output(out).unwrap();
    let counts = Plan::<ConnectFour>::new(spec, &opts.profile_dir).unwrap().run(out, &opts).unwrap().counts;
    let row = versus_rows(&counts, spec.seats, spec.sprt.as_ref()).remove(0);
    (counts, row)
}

#[test]
fn mcts_against_random_accepts_h1_within_a_few_hundred_games() {
    let tmp = tempfile::tempdir().unwrap();
    for (seats, games_per_deal) in [("rotate", 2), ("shuffle", 1)] {
        let s = spec("mcts:iterations=200,random", seats, 10_000, 1, SPRT_0_10);
        let (_, row) = run(&s, &tmp.path().join(seats), 2);
        assert_eq!(row.sprt_verdict, Some(Verdict::H1), "{seats}: {row:?}");
        let games = row.deals * games_per_deal;
        assert!(games <= 512 && row.deals % SPRT_CHECK_DEALS == 0, "{seats}: stopped after {games} games");
        assert!(row.sprt_llr.unwrap() >= row.sprt_upper.unwrap());
    }
}

#[test]
fn the_stop_and_every_output_byte_are_the_same_with_any_thread_count() {
    let tmp = tempfile::tempdir().unwrap();
    // A close match, so the test runs for several checks.
    let s = Spec { per_game: true, ..spec("mcts:iterations=4,random", "rotate", 100_000, 3, SPRT_0_10) };
    let (a, b) = (tmp.path().join("t1"), tmp.path().join("t2"));
    let (counts, row) = run(&s, &a, 1);
    run(&s, &b, 2);
    assert_ne!(row.sprt_verdict, Some(Verdict::Inconclusive), "{row:?}");
    assert!(row.deals > SPRT_CHECK_DEALS, "more than one check: {row:?}");
    for f in [files::SPEC, files::COUNTS, files::SUMMARY, files::VERSUS, files::GAMES] {
        let read = |d: &Path| std::fs::read(d.join(f)).unwrap();
        assert!(read(&a) == read(&b), "{f} differs between 1 and 2 threads");
    }
    let games = std::fs::read_to_string(a.join(files::GAMES)).unwrap().lines().count() as u64 - 1;
    assert_eq!(games, 2 * row.deals, "games.csv holds exactly the games counted");
    assert_eq!(counts.versus[&2].deals(), row.deals);
}

#[test]
fn identical_bots_do_not_accept_h1_in_the_large_majority_of_trials() {
    let tmp = tempfile::tempdir().unwrap();
    let verdicts: Vec<Verdict> = (0..100)
        .map(|seed| {
            let s = spec("random,random", "rotate", 20_000, seed, SPRT_0_10);
            run(&s, &tmp.path().join(seed.to_string()), 1).1.sprt_verdict.unwrap()
        })
        .collect();
    let count = |v: Verdict| verdicts.iter().filter(|&&x| x == v).count();
    // alpha = 0.05: about 5 of 100 false positives are expected; more than 10 would be far in the tail.
    assert!(count(Verdict::H1) <= 10, "H1 accepted in {} of 100 trials", count(Verdict::H1));
    assert!(count(Verdict::H0) >= 50, "H0 accepted in only {} of 100 trials", count(Verdict::H0));
}

#[test]
fn sprt_needs_bot_a_against_bot_b_moving_seats_and_no_shards() {
    let s: Spec = toml::from_str(&format!(
        "game = 'bang'\nplayers = 4\nbots = ['greedy', 'random', 'greedy', 'random']\ngames = 8\nseed = 1\nseats = 'rotate'\nsprt = {SPRT_0_10}\n"
    ))
    .unwrap();
    let err = Plan::<meeple::games::bang::BangState>::new(&s, Path::new("bots")).err().unwrap();
    assert!(matches!(err, PlanError::SprtNotADuel(_)), "{err:?}");
    let err = err.to_string();
    assert!(err.starts_with("sprt:") && err.contains("greedy,random,greedy,random"), "{err}");
    let sharded = Spec { shard: Some("1/2".parse().unwrap()), ..spec("greedy,random", "rotate", 100, 1, SPRT_0_10) };
    let err = Plan::<ConnectFour>::new(&sharded, Path::new("bots")).err().unwrap();
    assert_eq!(err, PlanError::SprtSharded);
    let err = err.to_string();
    assert!(err.starts_with("sprt:") && err.contains("shard"), "{err}");
    // Fixed seats would credit bot A with the first player's advantage.
    let fixed = spec("random,random", "fixed", 100, 1, SPRT_0_10);
    let err = Plan::<ConnectFour>::new(&fixed, Path::new("bots")).err().unwrap();
    assert_eq!(err, PlanError::SprtFixedSeats);
    let err = err.to_string();
    assert!(err.starts_with("sprt:") && err.contains("--seats rotate"), "{err}");
}
