//! Bots on BANG!: no agent can peek at hidden cards or roles, and greedy play beats random play.

use crate::common::assert_beats_random;
use meeple::bots::peek_check::{check_cannot_peek, every_kind};
use meeple::game::{Game, rng_from_seed};
use meeple::games::bang::BangState;
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

/// `bot` in seat 0 of 5-player games beats a random bot in the same seat and deals (3,000
/// random games for the baseline).
fn beats_random(bot: &str, games: u64) {
    assert_beats_random("bang", 5, bot, games, 3000);
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
