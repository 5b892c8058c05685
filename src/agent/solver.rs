//! The `solver` bot kind (`solver:strategy=backtrack|propagate,nodes=N`): for puzzle games, a
//! search on the decider's own information that plans a solution, then plays it edit by edit.
//!
//! Design. What a solution is and how to search for it is the game's business, so the search
//! lives in the game ([`Solve`], implemented by Laser Reflection with its reference solver);
//! this module holds what is generic: the parameters ([`SolverConfig`]), the agent that keeps a
//! plan between decisions ([`SolverAgent`]), and the hook by which a generic bot spec reaches a
//! game that has a solver ([`Heuristic::solver_agent`], `None` for every other game, whose
//! lineups then refuse the kind with a message). The agent sees only a determinization of its
//! information set, like every bot, so the plan can depend only on what the seat knows (the
//! public puzzle and its own grid); it is searched once per puzzle and reused while it fits.
//! Thinking is free (spec Decision 2): the node budget bounds the search, and effort is counted
//! only in the game's own terms (edits).

use super::{Agent, Heuristic, InfoSet};
use crate::game::{GameRng, Seat};

/// How the search prunes: `backtrack` (the game's plain depth-first search) or `propagate` (the
/// same with forward checking of the other constraints after each assignment).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SolverStrategy {
    /// Plain backtracking.
    Backtrack,
    /// Backtracking with constraint propagation (forward checking).
    Propagate,
}

/// Parameters of the `solver` bot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SolverConfig {
    /// The search's pruning.
    pub strategy: SolverStrategy,
    /// The most search nodes per puzzle; a search that finds no solution within them gives up.
    pub nodes: u64,
}

impl Default for SolverConfig {
    fn default() -> Self {
        Self { strategy: SolverStrategy::Propagate, nodes: 1_000_000 }
    }
}

/// A puzzle game the `solver` bot can play.
pub trait Solve: Heuristic {
    /// What the search decided for the seat, kept by the agent between decisions.
    type Plan: Clone + Send + 'static;

    /// Searches for `seat`'s plan using only what `seat` knows (the agent calls it on a
    /// determinization of its information set).
    fn plan(&self, seat: Seat, config: &SolverConfig) -> Self::Plan;

    /// Whether `plan` still applies here (the same puzzle).
    fn plan_fits(&self, seat: Seat, plan: &Self::Plan) -> bool;

    /// The next action toward `plan` (a legal action of `seat`).
    fn next_action(&self, seat: Seat, plan: &Self::Plan) -> Self::Action;
}

/// The `solver` agent: plans once per puzzle with [`Solve::plan`], then follows the plan.
#[derive(Debug)]
pub struct SolverAgent<G: Solve> {
    config: SolverConfig,
    plan: Option<G::Plan>,
    /// The determinization of the current decision.
    root: Option<G>,
}

impl<G: Solve> SolverAgent<G> {
    /// A new agent with no plan yet.
    pub fn new(config: SolverConfig) -> Self {
        Self { config, plan: None, root: None }
    }
}

impl<G: Solve> Agent<G> for SolverAgent<G> {
    fn act(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action {
        let seat = info.seat();
        let state = info.determinize_in(&mut self.root, rng);
        if !self.plan.as_ref().is_some_and(|p| state.plan_fits(seat, p)) {
            self.plan = Some(state.plan(seat, &self.config));
        }
        state.next_action(seat, self.plan.as_ref().expect("planned above"))
    }
}
