//! The interface between the games and the bots, below both: what a bot sees ([`InfoSet`]), what
//! a bot is ([`Agent`]), and what a game offers bots ([`Heuristic`], and [`Solve`] for a puzzle
//! game with a solver). A game module implements these traits without depending on any bot; the
//! bots ([`crate::bots`]) build on them and re-export them.
//!
//! An agent never sees the true state. The runner hands it an [`InfoSet`]: the decider's seat,
//! its legal actions, and a way to sample a determinization (a full state consistent with what the
//! seat knows). The true state is a private field, so peeking is impossible by construction, and
//! agents that need no state (random play) pay for no copy.

mod heuristic;
mod solver;

pub use heuristic::{Heuristic, evaluate, evaluate_all};
pub use solver::{Solve, SolverAgent, SolverConfig, SolverStrategy};

use std::cell::{Cell, OnceCell};

use rand::RngExt;

use crate::encoding::Encoding;
use crate::game::{Game, GameRng, Seat};

/// What the deciding seat may use: its seat, its legal actions and determinizations of its
/// information set. Built by the runner (or a test) from the true state.
///
/// The legal actions may be listed up front ([`InfoSet::new`]) or on first use
/// ([`InfoSet::unlisted`]): an agent that only draws a uniformly random action
/// ([`InfoSet::random_action`]) then never pays for the list.
pub struct InfoSet<'a, G: Game> {
    state: &'a G,
    seat: Seat,
    /// The decider's legal actions, once listed.
    legal: OnceCell<&'a [G::Action]>,
    /// Scratch space to list them in (or to draw a random action with), for an unlisted info set.
    scratch: Cell<Option<&'a mut Vec<G::Action>>>,
}

impl<'a, G: Game> InfoSet<'a, G> {
    /// The information set of `state`'s decider. `legal` must be `state`'s legal actions.
    ///
    /// # Panics
    /// If the game is over (no one is to move).
    pub fn new(state: &'a G, legal: &'a [G::Action]) -> Self {
        let seat = state.to_move().expect("InfoSet of a finished game");
        Self { state, seat, legal: OnceCell::from(legal), scratch: Cell::new(None) }
    }

    /// The information set of `state`'s decider, whose legal actions are listed into `scratch`
    /// only if an agent asks for them ([`InfoSet::legal_actions`]).
    ///
    /// # Panics
    /// If the game is over (no one is to move).
    pub fn unlisted(state: &'a G, scratch: &'a mut Vec<G::Action>) -> Self {
        let seat = state.to_move().expect("InfoSet of a finished game");
        Self { state, seat, legal: OnceCell::new(), scratch: Cell::new(Some(scratch)) }
    }

    /// The deciding seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The number of seats in the game.
    pub fn num_players(&self) -> usize {
        self.state.num_players()
    }

    /// The decider's legal actions (the same in every determinization), in the game's order.
    pub fn legal_actions(&self) -> &'a [G::Action] {
        self.legal.get_or_init(|| {
            let buf = self.scratch.take().expect("an unlisted info set keeps its scratch until listed");
            self.state.legal_actions(buf);
            let listed: &'a Vec<G::Action> = buf;
            listed
        })
    }

    /// A legal action drawn uniformly at random: `legal_actions()[rng.random_range(0..len)]`, the
    /// same action and the same RNG state as [`Game::random_action`] gives, which an unlisted info
    /// set calls without listing the actions (the action depends only on the legal actions, so it
    /// reveals nothing hidden).
    pub fn random_action(&self, rng: &mut GameRng) -> G::Action {
        if let Some(legal) = self.legal.get() {
            return legal[rng.random_range(0..legal.len())];
        }
        let buf = self.scratch.take().expect("an unlisted info set keeps its scratch until listed");
        let action = self.state.random_action(rng, buf).expect("the decider has a legal action");
        self.scratch.set(Some(buf));
        action
    }

    /// The true state, for a game of perfect information only ([`Game::PERFECT_INFORMATION`]):
    /// there the seat sees all of it (`determinize` changes nothing, which [`crate::conformance`]
    /// checks for every game declaring it), so handing it out shows nothing hidden; `None` for
    /// every other game. Tree reuse between moves (`reuse=true`) keeps it to find the position
    /// again in its old tree.
    pub fn perfect_state(&self) -> Option<&'a G> {
        G::PERFECT_INFORMATION.then_some(self.state)
    }

    /// What the deciding seat observes ([`Game::observation`]): what an external bot is sent.
    pub fn observation(&self) -> G::Observation {
        self.state.observation(self.seat)
    }

    /// The stable id of `action` ([`Encoding::action_id`]): the same in every state of the game,
    /// so it tells nothing hidden. What an external bot is sent with each legal action.
    pub fn action_id(&self, action: G::Action) -> u32
    where
        G: Encoding,
    {
        self.state.action_id(action)
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

    /// A fresh determinization in `slot`, reusing the state already there if any (agents keep
    /// one such slot between decisions, since a game state has no cheap empty value).
    pub fn determinize_in<'s>(&self, slot: &'s mut Option<G>, rng: &mut GameRng) -> &'s mut G {
        match slot {
            Some(s) => {
                self.determinize_into(s, rng);
                s
            }
            None => slot.insert(self.determinize(rng)),
        }
    }
}

/// A bot. One agent object serves many games in turn (it may keep buffers and search trees
/// between decisions); its randomness comes only from the `rng` the runner passes, seeded per
/// game and seat, so its play is reproducible.
pub trait Agent<G: Game>: Send {
    /// Chooses one of `info.legal_actions()`.
    fn act(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action;

    /// Whether every decision of this agent is [`InfoSet::random_action`] with the RNG it is
    /// given, it never forfeits and its game hooks ([`Agent::begin_game`], [`Agent::end_game`])
    /// do nothing: the runner then draws its actions with [`Game::random_action`] itself (the
    /// same action and RNG state), without building an info set or calling the agent at all.
    /// Default `false`; `true` for [`RandomAgent`].
    fn uniform_random(&self) -> bool {
        false
    }

    /// The search iterations this agent has run over all its decisions so far, for a tree search
    /// (counted, so also under a time budget: `meeple bench --bot`); `None` for an agent that
    /// does not search (the default).
    fn search_iterations(&self) -> Option<u64> {
        None
    }

    /// Called by the runner before each game this agent plays: the game's options, its seat count
    /// and the agent's seat. Default: nothing (only external bots use it).
    fn begin_game(&mut self, _config: &G::Config, _players: usize, _seat: Seat) {}

    /// Called by the runner after each game this agent played (also a forfeited one).
    fn end_game(&mut self, _end: &GameEnd<'_>) {}

    /// This agent's fault, taken once after it faulted: a [`Fault::Forfeit`] (an external bot
    /// that crashed, hung, or answered garbage or an illegal action), after which the runner ends
    /// the game, or a [`Fault::Halt`] (the bot cannot play on at all), after which the runner
    /// stops the whole run with that error. Default: never.
    fn fault(&mut self) -> Option<Fault> {
        None
    }
}

/// What went wrong with an agent, as [`Agent::fault`] reports it.
#[derive(Debug)]
pub enum Fault {
    /// The agent forfeits the current game, for this reason; the run goes on.
    Forfeit(String),
    /// The agent cannot play on (an external bot that cannot be restarted): the run stops.
    Halt(Halt),
}

/// The error that stops a run when one of its agents cannot play on ([`Fault::Halt`]): the
/// agent's own error (e.g. `bots::ext::ExtError`), whose message names the bot and says how to
/// resume. The runner returns it from the window in progress, which is dropped (the run keeps its
/// last checkpoint).
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct Halt(pub Box<dyn std::error::Error + Send + Sync>);

/// How a game ended, as [`Agent::end_game`] tells it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GameEnd<'a> {
    /// Rewards per seat (`None` for a forfeited or truncated game).
    pub rewards: Option<&'a [f64]>,
    /// Final scores per seat, for a game with scores that finished.
    pub scores: Option<&'a [i32]>,
    /// The seat that forfeited the game and why.
    pub forfeit: Option<(Seat, &'a str)>,
}

impl GameEnd<'_> {
    /// Whether the action cap stopped the game: it has no rewards and no forfeit (a game that
    /// finished always has rewards).
    pub fn truncated(&self) -> bool {
        self.rewards.is_none() && self.forfeit.is_none()
    }
}
