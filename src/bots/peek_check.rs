//! The "cannot peek" check for agents: two states the deciding seat cannot tell apart, with the
//! same bot seed, must yield the same decision from every bot.
//!
//! Agents only receive an [`InfoSet`] and sample determinizations from it, and a game's
//! `determinize` is a function of the observer's observation and the RNG only (the contract in
//! [`crate::game::Game`]). So an agent's decision must not depend on anything its seat cannot
//! see. [`check_cannot_peek`] tests that end to end for a position of any game: it builds a second
//! state indistinguishable for the decider (one of its own determinizations, so hidden cards and
//! roles differ in games with hidden information) and compares the decisions of fresh agents.

use std::path::Path;

use super::{BotSpec, Heuristic, InfoSet};
use crate::game::rng_from_seed;

/// One spec of every bot kind, with budgets small enough for tests (fixed iteration counts, so
/// decisions are reproducible).
pub fn every_kind() -> Vec<BotSpec> {
    ["random", "greedy", "mcts:iterations=200", "mcts:iterations=100,depth=4", "ismcts:iterations=200"]
        .iter()
        .map(|s| BotSpec::parse(s, Path::new("bots")).expect("built-in spec"))
        .collect()
}

/// One spec of every knowledge option of the tree searches (heuristic leaves, heuristic and MAST
/// rollouts, progressive bias, RAVE), on both searches, with budgets small enough for tests. The time
/// budgets (`ms`, `cpu_ms`) are left out: they change how many iterations run, not what an
/// iteration reads, and are not reproducible.
pub fn every_option() -> Vec<BotSpec> {
    [
        "ismcts:iterations=100,depth=0",
        "mcts:iterations=60,rollout=egreedy,epsilon=0.2,depth=6",
        "ismcts:iterations=60,rollout=softmax,temperature=0.05,depth=6",
        "mcts:iterations=100,rollout=mast",
        "ismcts:iterations=100,rollout=mast,temperature=0.2",
        "ismcts:iterations=100,rollout=mast-egreedy",
        "mcts:iterations=100,rollout=mast-egreedy,epsilon=0.1,depth=10",
        "ismcts:iterations=100,rollout=mast-egreedy,decay=0.5",
        "mcts:iterations=100,rollout=mast,decay=1",
        "ismcts:iterations=100,bias=1",
        "mcts:iterations=100,bias=1,depth=4,opponents=random",
        "ismcts:iterations=100,rave=50",
        "mcts:iterations=100,rave=20,rollout=mast-egreedy,bias=1",
        "ismcts:iterations=100,rave=100,depth=6,opponents=random",
    ]
    .iter()
    .map(|s| BotSpec::parse(s, Path::new("bots")).expect("built-in spec"))
    .collect()
}

/// One spec of every option that keeps something from one decision to the next of a game (MAST
/// averages with `decay`, the tree with `reuse`), for [`check_cannot_peek_after`]. `reuse=true`
/// is refused for games with hidden information ([`BotSpec::check_game`]); an agent built
/// without that check must still not peek there (the option then does nothing).
pub fn carried_options() -> Vec<BotSpec> {
    [
        "mcts:iterations=100,reuse=true",
        "ismcts:iterations=100,reuse=true,depth=4",
        "mcts:iterations=100,reuse=true,bias=1,rollout=mast",
        "ismcts:iterations=100,rollout=mast-egreedy,decay=0.5",
        "mcts:iterations=100,reuse=true,rave=30",
    ]
    .iter()
    .map(|s| BotSpec::parse(s, Path::new("bots")).expect("built-in spec"))
    .collect()
}

/// A bot that peeked, or a game whose `determinize` showed the decider something else.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PeekError {
    /// The game's `determinize` changed the decider's observation (a bug in the game, not the
    /// bot).
    #[error("{game}: determinize changed seat {seat}'s observation")]
    Determinize {
        /// The game's name.
        game: &'static str,
        /// The decider.
        seat: usize,
    },
    /// A bot decided differently in two states its seat cannot tell apart.
    #[error(
        "{game}: bot `{bot}` with seed {bot_seed} played {first} in one state and {second} in an indistinguishable \
         one (determinization seed {determinization_seed})"
    )]
    Peeked {
        /// The game's name.
        game: &'static str,
        /// The bot's spec.
        bot: String,
        /// The bot seed both decisions used.
        bot_seed: u64,
        /// Its decision in the given state.
        first: String,
        /// Its decision in the indistinguishable state.
        second: String,
        /// The seed of the determinization that made the second state.
        determinization_seed: u64,
    },
}

/// Checks that every bot in `specs` decides the same at `state` and at a state its decider
/// cannot tell apart from it (its determinization with seed `determinization_seed`), given the
/// same bot seed `bot_seed`.
///
/// # Errors
/// [`PeekError::Peeked`], naming the bot, the seed and both decisions, if one differs;
/// [`PeekError::Determinize`] if the game's `determinize` changed the decider's observation (a
/// bug in the game, not the bot).
///
/// # Panics
/// If the game is over at `state`.
pub fn check_cannot_peek<G: Heuristic>(
    state: &G,
    specs: &[BotSpec],
    bot_seed: u64,
    determinization_seed: u64,
) -> Result<(), PeekError> {
    check(None, state, specs, bot_seed, determinization_seed)
}

/// [`check_cannot_peek`] for agents that carry something from one decision to the next (see
/// [`carried_options`]): each agent first decides at `before`, an earlier position of the same
/// game (with bot seed `bot_seed + 1`), then at `state`; another agent, after the same first
/// decision, decides at a state that `state`'s decider cannot tell apart from it. The two
/// second decisions must be the same.
///
/// # Errors
/// As [`check_cannot_peek`].
///
/// # Panics
/// If the game is over at `before` or at `state`.
pub fn check_cannot_peek_after<G: Heuristic>(
    before: &G,
    state: &G,
    specs: &[BotSpec],
    bot_seed: u64,
    determinization_seed: u64,
) -> Result<(), PeekError> {
    check(Some(before), state, specs, bot_seed, determinization_seed)
}

fn check<G: Heuristic>(
    before: Option<&G>,
    state: &G,
    specs: &[BotSpec],
    bot_seed: u64,
    determinization_seed: u64,
) -> Result<(), PeekError> {
    let seat = state.to_move().expect("a position with a decider");
    let mut twin = state.clone();
    twin.determinize(seat, &mut rng_from_seed(determinization_seed));
    if twin.observation(seat) != state.observation(seat) {
        return Err(PeekError::Determinize { game: G::NAME, seat });
    }
    let (mut legal, mut twin_legal) = (Vec::new(), Vec::new());
    state.legal_actions(&mut legal);
    twin.legal_actions(&mut twin_legal);
    let mut before_legal = Vec::new();
    if let Some(b) = before {
        b.legal_actions(&mut before_legal);
    }
    for spec in specs {
        // A fresh agent, having decided at `before` if given.
        let agent = || {
            let mut agent = spec.agent::<G>();
            if let Some(b) = before {
                agent.act(&InfoSet::new(b, &before_legal), &mut rng_from_seed(bot_seed.wrapping_add(1)));
            }
            agent
        };
        let a = agent().act(&InfoSet::new(state, &legal), &mut rng_from_seed(bot_seed));
        let b = agent().act(&InfoSet::new(&twin, &twin_legal), &mut rng_from_seed(bot_seed));
        if a != b {
            return Err(PeekError::Peeked {
                game: G::NAME,
                bot: spec.to_string(),
                bot_seed,
                first: a.to_string(),
                second: b.to_string(),
                determinization_seed,
            });
        }
    }
    Ok(())
}
