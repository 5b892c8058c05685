//! meeple: a harness for AI research and balance testing of tabletop games.
//!
//! - [`game`]: the state interface every game implements;
//! - [`agent`]: the interface between games and bots (what a bot sees, a game's heuristic);
//! - [`options`]: game options, declared once (name, values, default, help);
//! - [`labels`]: the typed labels a game declares for its statistics;
//! - [`games`]: the games (Connect Four, BANG!, ...) and the mechanisms they share;
//! - [`registry`]: the games the CLI knows and their generic entry points;
//! - [`bots`]: agents that play any game (random, ...);
//! - [`tournament`]: the seeded, parallel, shardable tournament runner;
//! - [`stats`]: mergeable counters, Wilson intervals, CSV summaries;
//! - [`replay`]: one game of a run, action by action;
//! - [`report`]: tables and plots from a run's outputs;
//! - [`encoding`]: stable action ids and observation tensors (for learning agents, `python/`);
//! - [`dynamic`]: type-erased states and bots stepped by action id (for bindings);
//! - [`conformance`]: the test kit every game passes;
//! - [`variants`]: rule variants compared on the same deals, swept and raced.

pub mod agent;
pub mod bench;
pub mod bots;
pub mod conformance;
pub mod const_text;
pub mod dynamic;
pub mod encoding;
pub mod game;
pub mod games;
pub mod interrupt;
pub mod labels;
pub mod options;
pub mod puzzles;
pub mod registry;
pub mod replay;
pub mod report;
pub mod stats;
pub mod tournament;
pub mod variants;
