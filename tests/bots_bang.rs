//! Bots on BANG!: no agent can peek at hidden cards or roles, and greedy play beats random play.

use meeple::bots::peek_check::{check_cannot_peek, every_kind};
use meeple::game::{Game, rng_from_seed};
use meeple::games::bang::BangState;
use meeple::stats::{Z_95, summary_rows, wilson_interval};
use meeple::tournament::{Plan, RunOptions, Spec};
use rand::RngExt;

/// Random-play positions of 5-player games, taken every 7 actions.
fn positions(seed: u64, count: usize) -> Vec<BangState> {
    let mut rng = rng_from_seed(seed);
    let mut out = Vec::new();
    let mut legal = Vec::new();
    while out.len() < count {
        let mut s = BangState::new_game(&Default::default(), 5, &mut rng);
        for step in 0.. {
            s.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            if step % 7 == 3 && legal.len() > 1 {
                out.push(s);
            }
            s.apply(legal[rng.random_range(0..legal.len())], &mut rng);
        }
    }
    out.truncate(count);
    out
}

#[test]
fn no_bot_can_peek_at_bang_hands_deck_or_roles() {
    let specs = every_kind();
    for (i, state) in positions(21, 40).iter().enumerate() {
        let i = i as u64;
        check_cannot_peek(state, &specs, 100 + i, 200 + i).unwrap();
    }
}

/// Seat 0's wins with `bot` in seat 0 and random bots elsewhere, over 5-player games with seed
/// 77 (the same deals and roles for every `bot`): (wins, games).
fn seat0_wins(bot: &str, games: u64) -> (u64, u64) {
    let spec: Spec = toml::from_str(&format!(
        "game = 'bang'\nplayers = 5\nbots = ['{bot}', 'random', 'random', 'random', 'random']\ngames = {games}\nseed = 77\n"
    ))
    .unwrap();
    let tmp = tempfile::tempdir().unwrap();
    let opts = RunOptions { threads: None, quiet: true, profile_dir: "bots".into() };
    let counts = Plan::<BangState>::new(&spec, &opts.profile_dir).unwrap().run(tmp.path(), &opts).unwrap();
    let row = summary_rows(&counts).into_iter().find(|r| r.label == "seat" && r.value == "0").unwrap();
    (row.wins.unwrap(), row.games)
}

/// Asserts that `bot` in seat 0 wins more often than a random bot in seat 0 over the same deals
/// (seed 77), with non-overlapping 95% Wilson intervals.
fn beats_random(bot: &str, games: u64) {
    let (wins, n) = seat0_wins(bot, games);
    let (random, m) = seat0_wins("random", 3000);
    let (low, _) = wilson_interval(wins, n, Z_95);
    let (_, r_high) = wilson_interval(random, m, Z_95);
    assert!(low > r_high, "{bot} {wins}/{n} vs random {random}/{m}: intervals overlap");
}

#[test]
fn greedy_wins_more_than_random_from_the_same_seat_and_deals() {
    beats_random("greedy", 3000);
}

/// Small budgets keep this fast in `cargo test` (about 2 s of search per 200 games in release):
/// 30 iterations per decision, rollouts capped at 10 actions and scored by the heuristic.
#[test]
fn mcts_wins_more_than_random_from_the_same_seat_and_deals() {
    beats_random("mcts:iterations=30,depth=10", 400);
}

#[test]
fn ismcts_wins_more_than_random_from_the_same_seat_and_deals() {
    beats_random("ismcts:iterations=30,depth=10", 400);
}
