//! Type-erased game states and bots, for bindings (the Python package in `python/`): a game
//! chosen by name at run time, stepped by action id ([`Encoding`]).
//!
//! A [`Session`] is a state together with the generator its chance is drawn from: the core state
//! still holds no RNG (the [`crate::game::Game`] contract), the session does, seeded once, so that the same
//! seed and the same action ids replay the same game. A [`DynBot`] is a bot ([`BotSpec`]) with its
//! own generator, choosing an action id for any game's state.

use std::any::Any;

use crate::bots::{Agent, BotSpec, Heuristic, InfoSet};
use crate::encoding::Encoding;
use crate::game::{GameRng, Scoring, Seat, players_error, rng_from_seed};

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
    fn apply_action(&mut self, id: u32) -> Result<(), String>;
    /// Rewards per seat in `[0, 1]` once the game is over, else `None`.
    fn returns(&self) -> Option<Vec<f64>>;
    /// Final points per seat, for a finished game that has scores ([`crate::game::Game::SCORING`]).
    fn scores(&self) -> Option<Vec<i32>>;
    /// How scores rank seats, `None` for a game without scores.
    fn scoring(&self) -> Option<Scoring>;
    /// `seat`'s observation as JSON (what external bots are sent, `PROTOCOL.md`).
    fn observation_json(&self, seat: Seat) -> String;
    /// The observation tensor's shape ([`Encoding::observation_shape`]), `None` if the game has
    /// none yet.
    fn observation_shape(&self) -> Option<Vec<usize>>;
    /// Writes `seat`'s observation tensor into `out` (of the shape's size).
    ///
    /// # Errors
    /// The game has no tensor, or `out` has the wrong length.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), String>;
    /// The id of the action `bot` chooses for the decider (with the bot's own generator).
    ///
    /// # Errors
    /// The game is over, or the bot cannot play this game.
    fn choose(&self, bot: &mut DynBot) -> Result<u32, String>;
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
    pub fn new(config: G::Config, players: usize, seed: u64) -> Result<Self, String> {
        if !G::players(&config).contains(&players) {
            return Err(players_error::<G>(&config, players));
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

    fn apply_action(&mut self, id: u32) -> Result<(), String> {
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        if legal.is_empty() {
            return Err(format!("the {} game is over", G::NAME));
        }
        let action = self
            .state
            .action_from_id(id)
            .filter(|a| legal.contains(a))
            .ok_or_else(|| format!("action id {id} is not legal here"))?;
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
        serde_json::to_string(&self.state.observation(seat)).expect("observations serialize")
    }

    fn observation_shape(&self) -> Option<Vec<usize>> {
        G::observation_shape(&self.config, self.state.num_players())
    }

    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) -> Result<(), String> {
        let shape = self.observation_shape().ok_or_else(|| format!("{} has no observation tensor yet", G::NAME))?;
        let len: usize = shape.iter().product();
        if out.len() != len {
            return Err(format!("the tensor of {} has {len} elements, not {}", G::NAME, out.len()));
        }
        if seat >= self.state.num_players() {
            return Err(format!("seat {seat} is not a seat of this {}-player game", self.state.num_players()));
        }
        self.state.observation_tensor(seat, out);
        Ok(())
    }

    fn choose(&self, bot: &mut DynBot) -> Result<u32, String> {
        if self.state.to_move().is_none() {
            return Err(format!("the {} game is over", G::NAME));
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
    pub fn new(spec: &str, seed: u64) -> Result<Self, String> {
        let spec = BotSpec::parse(spec, std::path::Path::new("bots"))?;
        if spec.is_external() {
            return Err(format!("bot `{}` is an external program: not available in process yet", spec.resolved()));
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
    fn agent<G: Heuristic>(&mut self) -> Result<(&mut Box<dyn Agent<G>>, &mut GameRng), String> {
        if !self.agent.as_ref().is_some_and(|a| a.is::<Box<dyn Agent<G>>>()) {
            self.spec.check_game::<G>()?;
            self.agent = Some(Box::new(self.spec.agent::<G>()));
        }
        let agent = self.agent.as_mut().and_then(|a| a.downcast_mut::<Box<dyn Agent<G>>>());
        Ok((agent.expect("the agent was just made"), &mut self.rng))
    }
}

/// A new boxed state or the error message: what [`crate::registry::GameEntry::new_state`] gives.
pub type NewState = Result<Box<dyn DynState>, String>;
