//! The [`Heuristic`] trait: a game's static estimate of a seat's prospects, used by the greedy
//! agent and by MCTS/ISMCTS to score rollouts cut off before the end of the game.

use super::{Agent, SolverConfig};
use crate::encoding::Encoding;
use crate::game::{MAX_SEATS, Rewards, Seat};

/// A game's estimate of how well a seat is doing, for bots that evaluate positions.
///
/// Every game registered in [`crate::registry::GAMES`] implements it, because every bot kind can be
/// named for every game. It extends [`Encoding`]: external bots (`crate::bots::ext`) are sent the
/// legal actions' stable ids and the versioned observation dict, and may answer by id.
pub trait Heuristic: Encoding {
    /// The prospects of `seat` in `[0, 1]` from `seat`'s point of view: 1 a sure win, 0 a sure
    /// loss, 0.5 even (for two players; `1 / num_players()` is the neutral value in general).
    ///
    /// Bots call it on their determinizations, so it must use only what `seat` can know (its own
    /// private information and public information): two states that `seat` cannot tell apart must
    /// get the same value. On a finished game it should equal `outcome()[seat]`; [`evaluate`]
    /// enforces that for callers.
    fn heuristic(&self, seat: Seat) -> f64;

    /// An agent of the `solver` bot kind for this game (see [`super::Solve`]), or `None`, the
    /// default, for a game that has no solver: lineups naming `solver` are then refused.
    fn solver_agent(_config: SolverConfig) -> Option<Box<dyn Agent<Self>>> {
        None
    }
}

/// The value of `state` for `seat`: the exact reward once the game is over, else the heuristic.
pub fn evaluate<G: Heuristic>(state: &G, seat: Seat) -> f64 {
    match state.outcome() {
        Some(r) => r[seat],
        None => state.heuristic(seat),
    }
}

/// [`evaluate`] for every seat: a reward vector (entries from `num_players()` on are 0).
pub fn evaluate_all<G: Heuristic>(state: &G) -> Rewards {
    if let Some(r) = state.outcome() {
        return r;
    }
    let mut r = [0.0; MAX_SEATS];
    for (seat, v) in r.iter_mut().enumerate().take(state.num_players()) {
        *v = state.heuristic(seat);
    }
    r
}
