//! The games, one module each, and the mechanisms they share (card sets, shuffles, redeals, bags,
//! number labels, shared wins). A game module depends only on the state interface
//! ([`crate::game`]), the [`crate::bots::Heuristic`] trait and these shared mechanisms; the CLI
//! finds the games through [`crate::registry`].

pub mod bag;
pub mod bang;
pub mod cardset;
pub mod catcafe;
pub mod connect4;
pub mod ekonos;
pub mod json;
pub mod laserreflection;
pub mod lewisclark;
pub mod locomomo;
pub mod mow;
pub mod numbers;
pub mod president;
pub mod redeal;
pub mod sevenwondersarchitects;
pub mod sevenwondersduel;
pub mod shuffle;
pub mod winners;
