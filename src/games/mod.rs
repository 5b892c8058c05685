//! The games, one folder each, and the mechanisms they share ([`mechanics`]: card sets, shuffles,
//! redeals, bags, JSON helpers, shared wins). A game module depends only on the state interface
//! ([`crate::game`]) and its labels ([`crate::labels`]), the bot interface ([`crate::agent`]: the
//! [`crate::agent::Heuristic`] trait) and these shared mechanisms; the CLI finds the games through
//! [`crate::registry`].

pub mod bang;
pub mod catcafe;
pub mod connect4;
pub mod ekonos;
pub mod laserreflection;
pub mod lewisclark;
pub mod locomomo;
pub mod mechanics;
pub mod mow;
pub mod president;
pub mod sevenwondersarchitects;
pub mod sevenwondersduel;
