//! The integration tests, as modules of one test binary: one compile and one link of the
//! runner's generic code instead of one per file (most of `cargo test`'s time). Only
//! `tests/no_alloc.rs` stays apart, because it installs a counting global allocator.

mod balance;
mod bang;
mod bots;
mod bots_bang;
mod catcafe;
mod cli;
mod common;
mod conformance;
mod crosstab;
mod drift;
mod ekonos;
mod encoding;
mod ext;
mod laserreflection;
mod lewisclark;
mod locomomo;
mod metrics;
mod mow;
mod observation_json;
mod observation_schema;
mod options;
mod president;
mod replay;
mod report;
mod resume;
mod rps;
mod runner;
mod safety;
mod scores;
mod search_options;
mod sevenwondersarchitects;
mod sevenwondersduel;
mod solo;
mod sprt;
mod strength;
mod tournament;
mod variants;
