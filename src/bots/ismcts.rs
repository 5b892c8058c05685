//! The ISMCTS agent: single-observer information-set Monte Carlo tree search.

use super::tree::{Exploration, Search};
use super::{Agent, Heuristic, InfoSet, SearchConfig};
use crate::game::{GameRng, Seat};

/// Single-observer information-set MCTS (SO-ISMCTS): P. I. Cowling, E. J. Powley and
/// D. Whitehouse, "Information Set Monte Carlo Tree Search", IEEE Transactions on Computational
/// Intelligence and AI in Games 4(2), 120–143, 2012 (Algorithm 1).
///
/// One tree of the deciding seat's information sets, keyed by actions. Each iteration samples a
/// determinization of the root information set, descends choosing only among children whose
/// action is legal in it, expands one untried legal action chosen uniformly, rolls out at random
/// ([`SearchConfig`]: depth cap, heuristic cut-off) and backs up the reward vector, each node
/// being valued for the seat that chose its action. Selection maximizes
/// `mean + c * sqrt(ln(n') / n)`, where `n'` is the child's availability count (the number of
/// times its parent was visited with the action legal) rather than the parent's visit count,
/// which corrects the bias towards actions that are rarely available. The decision is the most
/// visited root child.
#[derive(Debug)]
pub struct IsmctsAgent<G: Heuristic>(Search<G>);

impl<G: Heuristic> IsmctsAgent<G> {
    /// An agent searching with `config`.
    pub fn new(config: SearchConfig) -> Self {
        Self(Search::new(config, Exploration::Availability))
    }
}

impl<G: Heuristic> Agent<G> for IsmctsAgent<G> {
    fn act(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action {
        self.0.decide(info, rng)
    }

    fn search_iterations(&self) -> Option<u64> {
        Some(self.0.iterations_run())
    }

    fn begin_game(&mut self, _config: &G::Config, _players: usize, _seat: Seat) {
        self.0.begin_game();
    }
}
