//! The games, one module each, and the mechanisms they share (card sets, shuffles). A game
//! module depends only on the state interface ([`crate::game`]), the [`crate::bots::Heuristic`]
//! trait and these shared mechanisms; the CLI finds the games through [`crate::registry`].

pub mod bang;
pub mod cardset;
pub mod connect4;
pub mod laserreflection;
pub mod mow;
pub mod president;
pub mod sevenwondersarchitects;
pub mod shuffle;
