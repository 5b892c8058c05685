//! In-process bots supplied by a binding (the Python package's callables): a bot spec
//! `py:NAME` names an agent factory registered under `NAME` in this process ([`register`]).
//!
//! The factory makes an agent per game type, type-erased (`Box<dyn Agent<G>>` in a
//! `Box<dyn Any>`), because the binding knows the game by name only; [`agent`] unerases it. The
//! registry is process-wide so that a spec (and its `spec.toml`) can name such a bot like any
//! other; a run that names an unregistered one is refused when its lineup is parsed.

use std::any::Any;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};

use super::Agent;
use crate::game::Game;

/// The prefix of an in-process bot's spec: `py:NAME`.
pub const PREFIX: &str = "py:";

/// Makes the agents of one registered in-process bot.
pub trait AgentFactory: Send + Sync {
    /// A new agent for the game named `game`: a `Box<dyn Agent<G>>` of that game's type `G`, in
    /// a `Box<dyn Any + Send>`.
    ///
    /// # Errors
    /// The bot cannot play that game (the message says why).
    fn make(&self, game: &'static str) -> Result<Box<dyn Any + Send>, String>;
}

/// The registered factories by name.
static REGISTERED: Mutex<BTreeMap<String, Arc<dyn AgentFactory>>> = Mutex::new(BTreeMap::new());

/// Registers `factory` as the bot `py:NAME` (replacing one of that name).
pub fn register(name: &str, factory: Arc<dyn AgentFactory>) {
    REGISTERED.lock().unwrap_or_else(PoisonError::into_inner).insert(name.to_string(), factory);
}

/// Removes the bot `py:NAME`, if registered.
pub fn unregister(name: &str) {
    REGISTERED.lock().unwrap_or_else(PoisonError::into_inner).remove(name);
}

/// Whether `py:NAME` is registered.
pub fn is_registered(name: &str) -> bool {
    REGISTERED.lock().unwrap_or_else(PoisonError::into_inner).contains_key(name)
}

/// A new agent of the registered bot `name` for game `G`.
///
/// # Errors
/// The bot is not registered (any more), or its factory refuses the game.
pub fn agent<G: Game>(name: &str) -> Result<Box<dyn Agent<G>>, String> {
    let factory = REGISTERED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(name)
        .cloned()
        .ok_or_else(|| format!("bot `{PREFIX}{name}` is not registered in this process"))?;
    let made = factory.make(G::NAME)?;
    made.downcast::<Box<dyn Agent<G>>>()
        .map(|b| *b)
        .map_err(|_| format!("bot `{PREFIX}{name}` made an agent of another game than {}", G::NAME))
}
