//! Rule variants side by side: [`compare`] plays two variants of a game on the same deals and
//! reports paired differences ([`paired`]); [`sweep`] plays a grid of variants, one run folder
//! each, and tabulates their balance objectives, optionally racing them ([`race`]).
//!
//! Every variant is an ordinary run folder (resumable, shardable, replayable) of a [`Spec`] whose
//! `[options]` are the base options with the variant's written over them. Options are checked
//! against the game's declarations ([`crate::options`]) before anything is played, so an unknown
//! option or value is named with the valid ones.

use crate::options::{ArgError, Table, from_args};
use crate::registry::{GameError, find};
use crate::tournament::Spec;

pub mod compare;
pub mod paired;
pub mod plot;
pub mod race;
pub mod run;
pub mod sweep;

/// A variant refused before anything is played: which variant (`--a`, `--b`, a sweep's
/// variant) and why, in the game's words (an unknown option with the valid ones, a value with
/// the valid values, a player count or bot the variant does not allow).
#[derive(Debug, thiserror::Error)]
pub enum VariantError {
    /// The variant's text is not `key=value,…`.
    #[error("{which}: {source}")]
    Text {
        /// Which variant.
        which: String,
        /// What is wrong.
        source: ArgError,
    },
    /// The game refuses the variant's options, player counts or bots.
    #[error("{which}: {source}")]
    Game {
        /// Which variant.
        which: String,
        /// What is wrong.
        source: GameError,
    },
    /// The spec the variants share is refused (its game, player counts or bots), whatever the
    /// variant.
    #[error(transparent)]
    Spec(GameError),
    /// Anything else, in words.
    #[error("{0}")]
    Other(String),
}

/// The options table of a variant written `key=value,key=value` (each value TOML, as for
/// `--option`): an item without `=` continues the value before it, so a list reads whole
/// (`wonders=giza,rhodes,babylon_deck=stone2_clay1`).
///
/// # Errors
/// An item without `=` at the start, or a key given twice ([`ArgError`]).
pub fn parse_variant(text: &str) -> Result<Table, ArgError> {
    let mut items: Vec<String> = Vec::new();
    for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        match items.last_mut() {
            Some(last) if !item.contains('=') => {
                last.push(',');
                last.push_str(item);
            }
            _ => items.push(item.to_string()),
        }
    }
    from_args(&items)
}

/// `base` with `variant`'s options written over its own.
pub fn variant_spec(base: &Spec, variant: &Table) -> Spec {
    let mut spec = base.clone();
    spec.options.extend(variant.iter().map(|(k, v)| (k.clone(), v.clone())));
    spec
}

/// Checks `spec`, the variant `which` of `base`, as a run would, before anything is played: its
/// game, its options (an unknown option lists the valid ones; a bad value names the valid values),
/// its player counts under those options and its bots (`bots_dir`: the profile directory). An
/// error is the variant's, and named `which`, only when `base` alone passes the same checks; else
/// it is the base spec's (a bad game, player count or bot of every variant) and named so.
///
/// # Errors
/// [`VariantError::Game`] naming `which`, or [`VariantError::Spec`].
pub fn check_spec(spec: &Spec, base: &Spec, which: &str, bots_dir: &std::path::Path) -> Result<(), VariantError> {
    match runnable(spec, bots_dir) {
        Ok(()) => Ok(()),
        Err(source) => match runnable(base, bots_dir) {
            Err(own) => Err(VariantError::Spec(own)),
            Ok(()) => Err(VariantError::Game { which: which.to_string(), source }),
        },
    }
}

/// Whether `spec` can run: its game, options, player counts, bots, game count and seats.
fn runnable(spec: &Spec, bots_dir: &std::path::Path) -> Result<(), GameError> {
    let game = find(&spec.game)?;
    let range = (game.players)(&spec.options)?;
    for n in spec.players.as_ref().map(|p| p.to_vec()).unwrap_or_default() {
        if !range.contains(&n) {
            let plays = crate::game::players_text(&range);
            return Err(GameError::Players(format!("{} plays {plays}, not {n}", spec.game)));
        }
    }
    (game.check_bots)(spec, bots_dir)?;
    // The game count, each count's lineup and the seats: a variant that cannot be played whole
    // is refused before any variant plays.
    (game.check_plan)(spec, bots_dir)
}

/// A value as written in a folder name or a table: strings bare, others as TOML.
pub fn value_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        toml::Value::Array(a) => a.iter().map(value_text).collect::<Vec<_>>().join("+"),
        other => other.to_string(),
    }
}
