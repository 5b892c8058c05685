//! The MCTS agent: UCT over determinizations of the deciding seat's information set.

use super::tree::{Exploration, Search};
use super::{Agent, Heuristic, InfoSet, SearchConfig};
use crate::game::{GameRng, Seat};

/// Monte Carlo tree search with UCB1 selection (UCT: Kocsis & Szepesvári 2006, "Bandit based
/// Monte-Carlo Planning", ECML), over determinizations.
///
/// Every iteration samples a fresh determinization for the deciding seat
/// ([`InfoSet::determinize_into`]); the tree is keyed by actions and shared by all
/// determinizations, and only actions legal in the current one are selected or expanded.
/// Rewards are backed up as vectors (max^n for more than two players). Selection uses the
/// parent's visit count; [`super::IsmctsAgent`] is the same search with availability counts.
/// Leaves are scored by random rollouts with an optional depth cap and heuristic cut-off
/// ([`SearchConfig`]). The decision is the most visited root child. For games of perfect
/// information this is plain UCT.
#[derive(Debug)]
pub struct MctsAgent<G: Heuristic>(Search<G>);

impl<G: Heuristic> MctsAgent<G> {
    /// An agent searching with `config`.
    pub fn new(config: SearchConfig) -> Self {
        Self(Search::new(config, Exploration::ParentVisits))
    }
}

impl<G: Heuristic> Agent<G> for MctsAgent<G> {
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
