//! The uniform random agent: the baseline every other bot is measured against.

use rand::RngExt;

use super::{Agent, InfoSet};
use crate::game::{Game, GameRng};

/// Picks a legal action uniformly at random. Reads no state, so it needs no determinization.
#[derive(Debug, Default, Clone, Copy)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn act(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action {
        let legal = info.legal_actions();
        legal[rng.random_range(0..legal.len())]
    }
}
