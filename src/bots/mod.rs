//! The agent layer: bots that play any [`Game`] through its state interface.
//!
//! The interface they play through ([`Agent`], [`InfoSet`], [`Heuristic`], [`Solve`]) lives
//! below the games, in [`crate::agent`], and is re-exported here.
//!
//! Agents, one per file: [`RandomAgent`] (uniform), [`GreedyAgent`] (one-step lookahead on the
//! game's [`Heuristic`]), [`MctsAgent`] (UCT over determinizations) and [`IsmctsAgent`]
//! (single-observer information-set MCTS); for puzzle games, [`SolverAgent`] (a game-specific
//! search on the seat's own information, see [`Solve`]); [`ext::ExtAgent`], any program speaking
//! the JSON-lines protocol of `PROTOCOL.md`; [`in_process`], functions a binding registers (the
//! Python package's callables, bot `py:NAME`). [`BotSpec`] names them on the command line.

mod bench;
pub mod ext;
mod greedy;
pub mod in_process;
mod ismcts;
mod mcts;
pub mod peek_check;
mod random;
mod rave;
mod rollout;
mod spec;
mod tree;

pub use crate::agent::{
    Agent, Fault, GameEnd, Halt, Heuristic, InfoSet, Solve, SolverAgent, SolverConfig, SolverStrategy, evaluate,
    evaluate_all,
};
pub use bench::{AgentBench, BotBenchError, bench_agent};
pub use greedy::GreedyAgent;
pub use ismcts::IsmctsAgent;
pub use mcts::MctsAgent;
pub use random::RandomAgent;
pub use rollout::{MAST_SIZE, Rollout};
pub use spec::{BOT_KINDS, BotKind, BotSpec, BotSpecError, parse_lineup, split_lineup, time_budget_caveat};
pub use tree::{Budget, SearchConfig};

use crate::game::Game;

/// Copies `src` into `slot`, reusing the state already there if any (no allocation in steady
/// state). Returns the copy.
pub(crate) fn copy_in<'s, G: Game>(slot: &'s mut Option<G>, src: &G) -> &'s mut G {
    match slot {
        Some(s) => {
            s.clone_from(src);
            s
        }
        None => slot.insert(src.clone()),
    }
}
