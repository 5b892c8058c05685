//! Cat Café (`docs/rules/catcafe.md`): one test per rule (R-number) and worked check
//! (W-number) of the spec, by spec section, plus the conformance kit with a non-default option, the
//! hidden-commitment check, the bots and the invariants over random games.

mod bots;
mod columns;
mod common;
mod conformance;
mod data;
mod information;
mod invariants;
mod items;
mod marking;
mod round;
mod scoring;
mod setup;
