//! Mechanisms several games share, apart from the game folders: bit sets of cards ([`cardset`]),
//! shuffles ([`shuffle`]), redeals of hidden cards for determinization ([`redeal`]), bags of
//! tokens ([`bag`]), JSON helpers for observations ([`json`]) and shared wins ([`winners`]). They
//! depend only on the state interface ([`crate::game`]), never on a game (checked by
//! `ci/layers.py`).

pub mod bag;
pub mod cardset;
pub mod json;
pub mod redeal;
pub mod shuffle;
pub mod winners;
