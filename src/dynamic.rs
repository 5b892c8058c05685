//! Type-erased game states and bots, for bindings (the Python package in `python/`): a game
//! chosen by name at run time, stepped by action id ([`Encoding`]).
//!
//! A [`Session`] is a state together with the generator its chance is drawn from: the core state
//! still holds no RNG (the [`crate::game::Game`] contract), the session does, seeded once, so that the same
//! seed and the same action ids replay the same game. A [`DynBot`] is a bot ([`BotSpec`]) with its
//! own generator, choosing an action id for any game's state.

use std::any::Any;
use std::sync::Arc;

use rand::RngExt;

use crate::bots::{Agent, BotSpec, BotSpecError, Fault, Halt, Heuristic, InfoSet};
use crate::encoding::{Encoding, observation_json};
use crate::game::{Game, GameRng, Scoring, Seat, players_error, rng_from_seed};
use crate::options::OptionError;

/// Why a type-erased state or bot refused a call. The bindings raise the message.
#[derive(Debug, thiserror::Error)]
pub enum DynError {
    /// Bad options for a new game.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// A player count outside the game's range ([`players_error`]'s message).
    #[error("{0}")]
    Players(String),
    /// The game is over (its name).
    #[error("the {0} game is over")]
    GameOver(&'static str),
    /// An action id that is not legal here.
    #[error("action id {0} is not legal here")]
    IllegalAction(u32),
    /// The game has no observation tensor (its name).
    #[error("{0} has no observation tensor yet")]
    NoTensor(&'static str),
    /// A tensor buffer of the wrong length.
    #[error("the tensor of {game} has {len} elements, not {given}")]
    TensorLength {
        /// The game's name.
        game: &'static str,
        /// The tensor's length.
        len: usize,
        /// The buffer's length.
        given: usize,
    },
    /// A seat past the player count.
    #[error("seat {seat} is not a seat of this {players}-player game")]
    NoSuchSeat {
        /// The seat asked for.
        seat: Seat,
        /// The game's player count.
        players: usize,
    },
    /// A bot spec that does not parse or cannot play the game.
    #[error(transparent)]
    Bot(#[from] BotSpecError),
    /// An external bot (its resolved spec): not available in process.
    #[error("bot `{0}` is an external program: not available in process yet")]
    External(String),
}

/// A game state of any registered game, with its chance generator; see the module docs.
pub trait DynState: Send + Sync {
    /// The game's name, e.g. `"connect4"`.
    fn game(&self) -> &'static str;
    /// An independent copy, chance generator included (so the copy draws the same chance).
    fn clone_box(&self) -> Box<dyn DynState>;
    /// The number of seats.
    fn num_players(&self) -> usize;
    /// The seat to decide, `None` once the game is over.
    fn current_player(&self) -> Option<Seat>;
    /// Whether the decider is making a hidden commitment of a simultaneous step
    /// ([`crate::game::Game::simultaneous`]).
    fn is_simultaneous(&self) -> bool;
    /// Clears `out` and fills it with the ids of the legal actions, in the game's order (the
    /// order of [`Game::legal_actions`], not sorted).
    fn legal_action_ids(&self, out: &mut Vec<u32>);
    /// The size of the action-id space ([`Encoding::num_distinct_actions`]).
    fn num_distinct_actions(&self) -> u32;
    /// The action of `id` as the game writes it in logs (`Display`), or `None` for an id out of
    /// range.
    fn action_to_string(&self, id: u32) -> Option<String>;
    /// Plays the legal action `id`, drawing any chance from the session's generator.
    ///
    /// # Errors
    /// The game is over, or `id` is not a legal action here (named).
    fn apply_action(&mut self, id: u32) -> Result<(), DynError>;
    /// Rewards per seat in `[0, 1]` once the game is over, else `None`.
    fn returns(&self) -> Option<Vec<f64>>;
    /// Final points per seat, for a finished game that has scores ([`crate::game::Game::SCORING`]).
    fn scores(&self) -> Option<Vec<i32>>;
    /// How scores rank seats, `None` for a game without scores.
    fn scoring(&self) -> Option<Scoring>;
    /// `seat`'s observation dict as JSON ([`observation_json`]: what external bots are sent,
    /// `PROTOCOL.md`).
    fn observation_json(&self, seat: Seat) -> String;
    /// The observation tensor's shape ([`Encoding::observation_shape`]), `None` if the game has
    /// none yet.
    fn observation_shape(&self) -> Option<Vec<usize>>;
    /// Writes `seat`'s observation tensor into `out` (of the shape's size).
    ///
    /// # Errors
    /// The game has no tensor, or `out` has the wrong length.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), DynError>;
    /// The id of the action `bot` chooses for the decider (with the bot's own generator).
    ///
    /// # Errors
    /// The game is over, or the bot cannot play this game.
    fn choose(&self, bot: &mut DynBot) -> Result<u32, DynError>;
    /// The state as text (the game's `Display`).
    fn to_text(&self) -> String;
}

/// A game state with its chance generator and options.
pub struct Session<G: Encoding> {
    state: G,
    config: G::Config,
    chance: GameRng,
}

impl<G: Encoding> Session<G> {
    /// A new game of `players` seats under `config`, dealt with a generator seeded with `seed`
    /// ([`rng_from_seed`]), which then draws all of the game's chance.
    ///
    /// # Errors
    /// `players` outside the game's range under `config`.
    pub fn new(config: G::Config, players: usize, seed: u64) -> Result<Self, DynError> {
        if !G::players(&config).contains(&players) {
            return Err(DynError::Players(players_error::<G>(&config, players)));
        }
        let mut chance = rng_from_seed(seed);
        let state = G::new_game(&config, players, &mut chance);
        Ok(Self { state, config, chance })
    }

    /// The game state.
    pub fn state(&self) -> &G {
        &self.state
    }
}

impl<G: Encoding> Clone for Session<G> {
    fn clone(&self) -> Self {
        Self { state: self.state.clone(), config: self.config.clone(), chance: self.chance.clone() }
    }
}

impl<G: Encoding + Heuristic> DynState for Session<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }

    fn num_players(&self) -> usize {
        self.state.num_players()
    }

    fn current_player(&self) -> Option<Seat> {
        self.state.to_move()
    }

    fn is_simultaneous(&self) -> bool {
        self.state.to_move().is_some() && self.state.simultaneous()
    }

    fn legal_action_ids(&self, out: &mut Vec<u32>) {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        out.clear();
        out.extend(legal.iter().map(|&a| self.state.action_id(a)));
    }

    fn num_distinct_actions(&self) -> u32 {
        G::num_distinct_actions(&self.config, self.state.num_players())
    }

    fn action_to_string(&self, id: u32) -> Option<String> {
        self.state.action_from_id(id).map(|a| a.to_string())
    }

    fn apply_action(&mut self, id: u32) -> Result<(), DynError> {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        if legal.is_empty() {
            return Err(DynError::GameOver(G::NAME));
        }
        let action = self.state.action_from_id(id).filter(|a| legal.contains(a)).ok_or(DynError::IllegalAction(id))?;
        self.state.apply(action, &mut self.chance);
        Ok(())
    }

    fn returns(&self) -> Option<Vec<f64>> {
        self.state.outcome().map(|r| r[..self.state.num_players()].to_vec())
    }

    fn scores(&self) -> Option<Vec<i32>> {
        G::SCORING?;
        self.state.outcome()?;
        Some((0..self.state.num_players()).map(|s| self.state.score(s)).collect())
    }

    fn scoring(&self) -> Option<Scoring> {
        G::SCORING
    }

    fn observation_json(&self, seat: Seat) -> String {
        observation_json::<G>(&self.state.observation(seat))
    }

    fn observation_shape(&self) -> Option<Vec<usize>> {
        G::observation_shape(&self.config, self.state.num_players())
    }

    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), DynError> {
        let shape = self.observation_shape().ok_or(DynError::NoTensor(G::NAME))?;
        let len: usize = shape.iter().product();
        if out.len() != len {
            return Err(DynError::TensorLength { game: G::NAME, len, given: out.len() });
        }
        if seat >= self.state.num_players() {
            return Err(DynError::NoSuchSeat { seat, players: self.state.num_players() });
        }
        self.state.observation_tensor(seat, out);
        Ok(())
    }

    fn choose(&self, bot: &mut DynBot) -> Result<u32, DynError> {
        if self.state.to_move().is_none() {
            return Err(DynError::GameOver(G::NAME));
        }
        let (agent, rng) = bot.agent::<G>()?;
        let mut scratch = Vec::new();
        let action = agent.act(&InfoSet::unlisted(&self.state, &mut scratch), rng);
        Ok(self.state.action_id(action))
    }

    fn to_text(&self) -> String {
        self.state.to_string()
    }
}

/// A built-in bot for any game, with its own generator.
pub struct DynBot {
    spec: BotSpec,
    rng: GameRng,
    /// The agent for the last game played, as a `Box<dyn Agent<G>>` (agents are per game type;
    /// one keeps its buffers and trees between decisions).
    agent: Option<Box<dyn Any + Send>>,
}

impl DynBot {
    /// The bot named by `spec` (`random`, `greedy`, `ismcts:iterations=1000`, …, as on the
    /// command line) drawing its random choices from a generator seeded with `seed`.
    ///
    /// # Errors
    /// A spec that does not parse, or an external bot (not available in process yet).
    pub fn new(spec: &str, seed: u64) -> Result<Self, DynError> {
        let spec = BotSpec::parse(spec, std::path::Path::new("bots"))?;
        if spec.is_external() {
            return Err(DynError::External(spec.resolved()));
        }
        Ok(Self { spec, rng: rng_from_seed(seed), agent: None })
    }

    /// The bot's name as resolved (e.g. `ismcts:iterations=1000,c=0.7`).
    pub fn name(&self) -> String {
        self.spec.resolved()
    }

    /// Reseeds the bot's generator.
    pub fn seed(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
    }

    /// This bot's agent for game `G`, made on first use (and when the game changes), and the
    /// bot's generator.
    fn agent<G: Heuristic>(&mut self) -> Result<(&mut Box<dyn Agent<G>>, &mut GameRng), DynError> {
        if !self.agent.as_ref().is_some_and(|a| a.is::<Box<dyn Agent<G>>>()) {
            self.spec.check_game::<G>()?;
            self.agent = Some(Box::new(self.spec.agent::<G>()));
        }
        let agent = self.agent.as_mut().and_then(|a| a.downcast_mut::<Box<dyn Agent<G>>>());
        Ok((agent.expect("the agent was just made"), &mut self.rng))
    }
}

/// A decision function supplied by a binding (a Python callable): given the decider's view of
/// the game, the id of its action. Played in tournaments as the bot `py:NAME`
/// ([`crate::bots::in_process`]) through a [`DecideAgent`].
pub trait Decide: Send + Sync {
    /// The id of one of `view.legal_action_ids()` for the seat `view.current_player()`.
    ///
    /// `view` is a determinization for that seat ([`crate::game::Game::determinize`]): a state it
    /// cannot tell from the real one, with every hidden part resampled (the real state in a game
    /// of perfect information), and its own chance generator; the function may clone and step it.
    ///
    /// # Errors
    /// The function failed (its message stops the run).
    fn decide(&self, view: Box<dyn DynState>) -> Result<u32, String>;
}

/// An [`Agent`] whose decisions are a [`Decide`] function's: it never sees hidden information
/// (it is given a determinization drawn with the bot's generator). An error or an id that is not
/// legal stops the run ([`Fault::Halt`]).
pub struct DecideAgent<G: Game> {
    decide: Arc<dyn Decide>,
    config: G::Config,
    fault: Option<String>,
}

impl<G: Game> DecideAgent<G> {
    /// The agent of `decide` (game options from [`Agent::begin_game`], default until then).
    pub fn new(decide: Arc<dyn Decide>) -> Self {
        Self { decide, config: G::Config::default(), fault: None }
    }
}

impl<G: Encoding + Heuristic> Agent<G> for DecideAgent<G> {
    fn act(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action {
        let legal = info.legal_actions();
        let state = info.determinize(rng);
        // Ids name the same move in every state: the determinization's serve for the real one.
        let ids: Vec<u32> = legal.iter().map(|&a| state.action_id(a)).collect();
        let chance = rng_from_seed(rng.random());
        let view = Session { state, config: self.config.clone(), chance };
        let chosen = self.decide.decide(Box::new(view)).and_then(|id| {
            let at = ids.iter().position(|&i| i == id);
            at.map(|i| legal[i]).ok_or_else(|| format!("the bot chose action id {id}, which is not legal here"))
        });
        chosen.unwrap_or_else(|e| {
            self.fault = Some(e);
            legal[0]
        })
    }

    fn begin_game(&mut self, config: &G::Config, _players: usize, _seat: Seat) {
        self.config = config.clone();
    }

    fn fault(&mut self) -> Option<Fault> {
        self.fault.take().map(|e| Fault::Halt(Halt(e.into())))
    }
}

/// A [`DecideAgent`] for game `G`, type-erased as [`crate::bots::in_process::AgentFactory`]
/// makes them (`Box<dyn Agent<G>>` in a `Box<dyn Any>`).
pub fn decide_agent<G: Encoding + Heuristic>(decide: Arc<dyn Decide>) -> Box<dyn Any + Send> {
    let agent: Box<dyn Agent<G>> = Box::new(DecideAgent::<G>::new(decide));
    Box::new(agent)
}

/// A new boxed state or why not: what [`crate::registry::GameEntry::new_state`] gives.
pub type NewState = Result<Box<dyn DynState>, DynError>;

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::game::Game;
    use crate::games::mow::MowState;

    /// Records, per call, the decider's observation and the next seat's observation in the view.
    struct Record(Mutex<Vec<(String, String)>>);

    impl Decide for Record {
        fn decide(&self, view: Box<dyn DynState>) -> Result<u32, String> {
            let seat = view.current_player().expect("a decider");
            let next = (seat + 1) % view.num_players();
            self.0.lock().unwrap().push((view.observation_json(seat), view.observation_json(next)));
            let mut ids = Vec::new();
            view.legal_action_ids(&mut ids);
            Ok(ids[0])
        }
    }

    /// A Python bot is given a determinization: what its seat sees is the truth, what it cannot
    /// see (the next seat's hand, in MOW) is resampled, never the real cards.
    #[test]
    fn a_decide_agent_sees_a_determinization() {
        let state = MowState::new_game(&Default::default(), 3, &mut rng_from_seed(1));
        let seat = state.to_move().unwrap();
        let truth = |s: Seat| observation_json::<MowState>(&state.observation(s));
        let record = Arc::new(Record(Mutex::new(Vec::new())));
        let mut agent = DecideAgent::<MowState>::new(record.clone());
        let mut scratch = Vec::new();
        let info = InfoSet::unlisted(&state, &mut scratch);
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        for k in 0..8 {
            assert_eq!(agent.act(&info, &mut rng_from_seed(k)), legal[0]);
            assert!(agent.fault().is_none());
        }
        let calls = record.0.lock().unwrap();
        assert!(calls.iter().all(|(own, _)| *own == truth(seat)), "the seat's own view is the truth");
        let hidden = calls.iter().filter(|(_, next)| *next != truth((seat + 1) % 3)).count();
        assert!(hidden >= 7, "the next seat's hand was resampled in {hidden} of 8 views");
    }
}
