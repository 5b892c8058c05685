//! The uniform random agent: the baseline every other bot is measured against.

use super::{Agent, InfoSet};
use crate::game::{Game, GameRng};

/// Picks a legal action uniformly at random ([`InfoSet::random_action`]). Reads no state, so it
/// needs no determinization, and in a tournament no list of the legal actions.
#[derive(Debug, Default, Clone, Copy)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn act(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action {
        info.random_action(rng)
    }

    fn uniform_random(&self) -> bool {
        true
    }
}
