//! The observation dicts are documented and versioned (docs/observations/README.md): for every
//! registered game, the keys of the dict sent to external bots and returned by Python's
//! `state.observation(seat)` (`observation_json`), over random games at the fewest and the most
//! seats, are exactly the keys its page `docs/observations/GAME.md` lists (and, for a dict with
//! a `view`, the keys of `view`), and the dict names its schema and version as the page does.

use std::collections::BTreeSet;
use std::path::Path;

use meeple::registry::GAMES;
use serde_json::Value;

/// The schema version and the keys (`view.K` for key `K` of `view`) that `game`'s page documents.
fn documented(game: &str) -> (u64, BTreeSet<String>) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("docs/observations/{game}.md"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let heading = format!("## Observation dict: schema `{game}`, version ");
    let at = text.find(&heading).unwrap_or_else(|| panic!("{}: no section `{heading}N`", path.display()));
    let section = &text[at + heading.len()..];
    let version = section.split_whitespace().next().unwrap().parse().unwrap();
    let rows = section.lines().skip_while(|l| !l.starts_with("| ---")).skip(1).take_while(|l| l.starts_with("| `"));
    let keys = rows.map(|l| l.split('`').nth(1).unwrap().to_string()).collect();
    (version, keys)
}

/// The keys of `dict` (`view.K` for the keys of an object under `view`).
fn keys(dict: &Value) -> BTreeSet<String> {
    let object = dict.as_object().expect("the observation is a JSON object");
    let mut keys: BTreeSet<String> = object.keys().cloned().collect();
    if let Some(Value::Object(view)) = object.get("view") {
        keys.extend(view.keys().map(|k| format!("view.{k}")));
    }
    keys
}

#[test]
fn observation_dicts_have_the_documented_keys_and_version() {
    for game in GAMES {
        let (version, doc_keys) = documented(game.name);
        let range = (game.players)(&toml::Table::new()).unwrap();
        let mut seen = BTreeSet::new();
        for players in [*range.start(), *range.end()] {
            let mut state = (game.new_state)(&toml::Table::new(), players, 11).unwrap();
            let (mut ids, mut step) = (Vec::new(), 0u64);
            loop {
                for seat in 0..players {
                    let dict: Value = serde_json::from_str(&state.observation_json(seat)).unwrap();
                    assert_eq!(dict["schema"], game.name, "{}", game.name);
                    assert_eq!(dict["schema_version"], version, "{}: the page's version", game.name);
                    seen.extend(keys(&dict));
                }
                if state.current_player().is_none() || step == 400 {
                    break;
                }
                state.legal_action_ids(&mut ids);
                step += 1;
                state.apply_action(ids[(step * 7919) as usize % ids.len()]).unwrap();
            }
        }
        let missing: Vec<_> = seen.difference(&doc_keys).collect();
        let extra: Vec<_> = doc_keys.difference(&seen).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "{}: undocumented keys {missing:?}, documented but never sent {extra:?}",
            game.name
        );
    }
}
