//! The agent layer: bots that play any [`Game`] through its state interface.
//!
//! An agent never sees the true state. The runner hands it an [`InfoSet`]: the decider's seat,
//! its legal actions, and a way to sample a determinization (a full state consistent with what the
//! seat knows). The true state is a private field, so peeking is impossible by construction, and
//! agents that need no state (random play) pay for no copy.

mod random;
mod spec;

pub use random::RandomAgent;
pub use spec::{BOT_KINDS, BotSpec, parse_lineup};

use crate::game::{Game, GameRng, Seat};

/// What the deciding seat may use: its seat, its legal actions and determinizations of its
/// information set. Built by the runner (or a test) from the true state.
pub struct InfoSet<'a, G: Game> {
    state: &'a G,
    seat: Seat,
    legal: &'a [G::Action],
}

impl<'a, G: Game> InfoSet<'a, G> {
    /// The information set of `state`'s decider. `legal` must be `state`'s legal actions.
    ///
    /// # Panics
    /// If the game is over (no one is to move).
    pub fn new(state: &'a G, legal: &'a [G::Action]) -> Self {
        let seat = state.to_move().expect("InfoSet of a finished game");
        Self { state, seat, legal }
    }

    /// The deciding seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The number of seats in the game.
    pub fn num_players(&self) -> usize {
        self.state.num_players()
    }

    /// The decider's legal actions (the same in every determinization).
    pub fn legal_actions(&self) -> &[G::Action] {
        self.legal
    }

    /// A fresh determinization: a full state sampled consistently with what the seat knows.
    pub fn determinize(&self, rng: &mut GameRng) -> G {
        let mut s = self.state.clone();
        s.determinize(self.seat, rng);
        s
    }

    /// Like [`InfoSet::determinize`], but reuses `out`'s storage (no allocation in steady state).
    pub fn determinize_into(&self, out: &mut G, rng: &mut GameRng) {
        out.clone_from(self.state);
        out.determinize(self.seat, rng);
    }
}

/// A bot. One agent object serves many games in turn (it may keep buffers and search trees
/// between decisions); its randomness comes only from the `rng` the runner passes, seeded per
/// game and seat, so its play is reproducible.
pub trait Agent<G: Game>: Send {
    /// Chooses one of `info.legal_actions()`.
    fn act(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action;
}
