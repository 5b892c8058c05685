//! The greedy agent: one-step lookahead on the game's [`Heuristic`].

use rand::RngExt;

use super::{Agent, Heuristic, InfoSet, copy_in, evaluate};
use crate::game::GameRng;

/// Samples one determinization, applies each legal action to a copy of it and plays the action
/// with the best [`evaluate`] value for the deciding seat (exact rewards for actions that end the
/// game, the heuristic otherwise). Ties are broken uniformly with the bot's RNG.
///
/// Chance triggered by an action (a draw) is sampled once from the bot's RNG, so in games with
/// chance the lookahead is a single sample. Buffers are reused: a decision allocates nothing in
/// steady state.
#[derive(Debug)]
pub struct GreedyAgent<G: Heuristic> {
    /// The determinization of the current decision.
    root: Option<G>,
    /// The state after one candidate action.
    child: Option<G>,
    /// Indices (into the legal actions) of the best actions so far.
    best: Vec<usize>,
}

impl<G: Heuristic> GreedyAgent<G> {
    /// A new agent with empty buffers.
    pub fn new() -> Self {
        Self { root: None, child: None, best: Vec::new() }
    }
}

impl<G: Heuristic> Default for GreedyAgent<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Heuristic> Agent<G> for GreedyAgent<G> {
    fn act(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action {
        let legal = info.legal_actions();
        let seat = info.seat();
        let root = info.determinize_in(&mut self.root, rng);
        let mut best_value = f64::NEG_INFINITY;
        self.best.clear();
        for (i, &a) in legal.iter().enumerate() {
            let child = copy_in(&mut self.child, root);
            child.apply(a, rng);
            let v = evaluate(child, seat);
            if v > best_value {
                best_value = v;
                self.best.clear();
            }
            if v == best_value {
                self.best.push(i);
            }
        }
        legal[self.best[rng.random_range(0..self.best.len())]]
    }
}
