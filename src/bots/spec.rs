//! Bot specifications: the names users give bots on the command line and in experiment specs.
//!
//! A spec is `kind` or `kind:key=value,key=value` (e.g. `random`), or the name of a profile file
//! `bots/NAME.toml` holding `kind = "..."` and the same keys as a table.

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use super::{Agent, RandomAgent};
use crate::game::Game;

/// The bot kinds built into meeple.
pub const BOT_KINDS: &[&str] = &["random"];

/// A parsed, validated bot specification.
#[derive(Debug, Clone, PartialEq)]
pub struct BotSpec {
    /// The name as the user wrote it (a kind with parameters, or a profile name); used as the
    /// `bot` label in statistics.
    pub name: String,
    kind: Kind,
}

#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Random,
}

impl BotSpec {
    /// Parses `text`, looking up profiles in `profile_dir` (normally `bots/`).
    ///
    /// # Errors
    /// An unknown bot (the message lists the built-in kinds and the profiles found), an unknown
    /// parameter, or a malformed profile file.
    pub fn parse(text: &str, profile_dir: &Path) -> Result<Self, String> {
        let text = text.trim();
        let (kind, params) = match text.split_once(':') {
            Some((k, p)) => (k, parse_params(p)?),
            None => (text, BTreeMap::new()),
        };
        if BOT_KINDS.contains(&kind) {
            return Ok(Self { name: text.to_string(), kind: build_kind(kind, &params)? });
        }
        let path = profile_dir.join(format!("{kind}.toml"));
        if params.is_empty() && path.is_file() {
            let src = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut table: toml::Table = toml::from_str(&src).map_err(|e| format!("{}: {e}", path.display()))?;
            let Some(toml::Value::String(k)) = table.remove("kind") else {
                return Err(format!(
                    "{}: missing string field `kind` (one of: {})",
                    path.display(),
                    BOT_KINDS.join(", ")
                ));
            };
            let params = table.into_iter().map(|(key, v)| (key, v.to_string())).collect();
            let kind = build_kind(&k, &params).map_err(|e| format!("{}: {e}", path.display()))?;
            return Ok(Self { name: text.to_string(), kind });
        }
        Err(format!("unknown bot `{kind}`; valid bots: {}{}", BOT_KINDS.join(", "), profile_list(profile_dir)))
    }

    /// A new agent of this kind for game `G`.
    pub fn agent<G: Game>(&self) -> Box<dyn Agent<G>> {
        match self.kind {
            Kind::Random => Box::new(RandomAgent),
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// Parses a comma-separated lineup (`random,random`). One name alone is repeated for every seat.
///
/// # Errors
/// As [`BotSpec::parse`], or a lineup whose length is neither 1 nor `players`.
pub fn parse_lineup(names: &[String], players: usize, profile_dir: &Path) -> Result<Vec<BotSpec>, String> {
    let specs = names.iter().map(|n| BotSpec::parse(n, profile_dir)).collect::<Result<Vec<_>, _>>()?;
    match specs.len() {
        1 => Ok(vec![specs[0].clone(); players]),
        n if n == players => Ok(specs),
        n => Err(format!("{n} bots given for {players} players: give one bot for every seat, or a single bot for all")),
    }
}

fn parse_params(text: &str) -> Result<BTreeMap<String, String>, String> {
    text.split(',')
        .filter(|s| !s.is_empty())
        .map(|kv| {
            kv.split_once('=')
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .ok_or_else(|| format!("bot parameter `{kv}` is not of the form key=value"))
        })
        .collect()
}

fn build_kind(kind: &str, params: &BTreeMap<String, String>) -> Result<Kind, String> {
    let allowed: &[&str] = match kind {
        "random" => &[],
        other => return Err(format!("unknown bot kind `{other}`; valid kinds: {}", BOT_KINDS.join(", "))),
    };
    if let Some(k) = params.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(format!(
            "bot `{kind}` has no parameter `{k}`{}",
            if allowed.is_empty() { String::new() } else { format!(" (valid: {})", allowed.join(", ")) }
        ));
    }
    Ok(Kind::Random)
}

fn profile_list(dir: &Path) -> String {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.strip_suffix(".toml").map(str::to_string))
        .collect();
    names.sort();
    if names.is_empty() { String::new() } else { format!("; profiles in {}: {}", dir.display(), names.join(", ")) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_parse_and_unknown_names_list_the_valid_ones() {
        let dir = Path::new("bots");
        assert_eq!(BotSpec::parse("random", dir).unwrap().name, "random");
        let err = BotSpec::parse("minimax", dir).unwrap_err();
        assert!(err.contains("unknown bot `minimax`") && err.contains("random"), "{err}");
        let err = BotSpec::parse("random:depth=3", dir).unwrap_err();
        assert!(err.contains("no parameter `depth`"), "{err}");
    }

    #[test]
    fn profiles_are_read_from_the_profile_directory() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("baseline.toml"), "kind = 'random'\n").unwrap();
        std::fs::write(tmp.path().join("typo.toml"), "kind = 'random'\nitertions = 5\n").unwrap();
        std::fs::write(tmp.path().join("nokind.toml"), "iterations = 5\n").unwrap();
        let b = BotSpec::parse("baseline", tmp.path()).unwrap();
        assert_eq!((b.name.as_str(), &b.kind), ("baseline", &Kind::Random));
        assert!(BotSpec::parse("typo", tmp.path()).unwrap_err().contains("itertions"));
        assert!(BotSpec::parse("nokind", tmp.path()).unwrap_err().contains("missing string field `kind`"));
        let err = BotSpec::parse("nope", tmp.path()).unwrap_err();
        assert!(err.contains("baseline, nokind, typo"), "{err}");
    }

    #[test]
    fn one_bot_fills_every_seat_and_wrong_lineup_lengths_fail() {
        let one = parse_lineup(&["random".into()], 3, Path::new("bots")).unwrap();
        assert_eq!(one.len(), 3);
        let err = parse_lineup(&["random".into(), "random".into()], 3, Path::new("bots")).unwrap_err();
        assert!(err.contains("2 bots given for 3 players"), "{err}");
    }
}
