//! The messages of the external bot protocol (PROTOCOL.md), one JSON object per line, and the
//! checks of the bot's answers.

use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Value, json};

/// The protocol version meeple speaks; a bot must answer the hello with the same.
pub const PROTOCOL_VERSION: u32 = 1;

/// The hello message: protocol version, game name and its options (every option with its value,
/// a TOML inline table: [`crate::options::text`]).
pub fn hello(game: &str, options: &str) -> String {
    json!({"type": "hello", "protocol": PROTOCOL_VERSION, "game": game, "options": options}).to_string()
}

/// The start of a game: the seat count, the bot's seat, and the size of the game's action-id space
/// under its options at this seat count (`legal_ids` are below it).
pub fn start(players: usize, seat: usize, num_distinct_actions: u32) -> String {
    json!({"type": "start", "players": players, "seat": seat, "num_distinct_actions": num_distinct_actions}).to_string()
}

/// The legal actions of a decision, as the bot is sent them: their strings (an answer's `index` is
/// a position in this list) and their stable ids ([`crate::encoding::Encoding::action_id`]), in
/// the same order.
#[derive(Debug, Clone, Copy)]
pub struct Legal<'a> {
    /// The actions as the game writes them (`Display`).
    pub strings: &'a [String],
    /// Their stable ids.
    pub ids: &'a [u32],
}

/// A decision: the seat, its observation (the JSON object of
/// [`crate::encoding::observation_json`], written as is), the legal actions (strings and ids), the
/// per-decision RNG seed and the time budget.
///
/// # Panics
/// If `observation` is not JSON.
pub fn act(seat: usize, observation: String, legal: Legal<'_>, rng_seed: u64, budget_ms: u64) -> String {
    /// Written directly (not through `serde_json::Value`, which cannot hold the 128-bit card
    /// sets of some observations).
    #[derive(Serialize)]
    struct Act<'a> {
        r#type: &'static str,
        seat: usize,
        observation: &'a RawValue,
        legal: &'a [String],
        legal_ids: &'a [u32],
        rng_seed: u64,
        budget_ms: u64,
    }
    let observation = RawValue::from_string(observation).expect("the observation is JSON");
    let (legal, legal_ids) = (legal.strings, legal.ids);
    let act = Act { r#type: "act", seat, observation: &observation, legal, legal_ids, rng_seed, budget_ms };
    serde_json::to_string(&act).expect("observations serialize")
}

/// The end of a game: rewards and scores per seat (`None` for a game without scores), whether the
/// action cap stopped it (`truncated`), and the forfeit that ended it early, if any (rewards and
/// scores are `null` in both cases).
pub fn end(rewards: Option<&[f64]>, scores: Option<&[i32]>, truncated: bool, forfeit: Option<(usize, &str)>) -> String {
    let forfeit = forfeit.map(|(seat, reason)| json!({"seat": seat, "reason": reason}));
    json!({"type": "end", "rewards": rewards, "scores": scores, "truncated": truncated, "forfeit": forfeit}).to_string()
}

/// Checks the bot's answer to the hello; returns the name it gives.
///
/// # Errors
/// `garbage: ...` for anything but `{"type": "hello", "protocol": 1, ...}`, `version: ...` for
/// another protocol version.
pub fn check_hello(line: &str) -> Result<String, String> {
    let v = parse(line, "hello")?;
    match v.get("protocol") {
        Some(p) if p.as_u64() == Some(u64::from(PROTOCOL_VERSION)) => {}
        Some(p) => return Err(format!("version: the bot speaks protocol {p}, meeple speaks {PROTOCOL_VERSION}")),
        None => {
            return Err(format!("version: the bot's hello has no \"protocol\"; meeple speaks {PROTOCOL_VERSION}"));
        }
    }
    Ok(v.get("name").and_then(Value::as_str).unwrap_or("").to_string())
}

/// The position in `legal` of the action the bot's answer `line` chooses: `{"type": "action",
/// "index": i}` (a position), `{"type": "action", "id": k}` (one of the legal ids) or `{"type":
/// "action", "action": "<one of the legal strings>"}`; `id` counts if present, else `index`, else
/// `action`.
///
/// # Errors
/// `garbage: ...` for a line that is not such an answer (an index or id that is not a whole
/// number), `illegal: ...` for an index out of range, an id or string that is not a legal action,
/// `error: ...` when the bot answers `{"type": "error", "message": ...}`.
pub fn check_action(line: &str, legal: Legal<'_>) -> Result<usize, String> {
    let v = parse(line, "action")?;
    if let Some(i) = v.get("id") {
        return match i.as_u64() {
            Some(k) => legal
                .ids
                .iter()
                .position(|&id| u64::from(id) == k)
                .ok_or_else(|| format!("illegal: action id {k} is not one of the {} legal ids", legal.ids.len())),
            None => Err(format!("garbage: \"id\" must be a whole number (one of \"legal_ids\"), not {i}")),
        };
    }
    let legal = legal.strings;
    if let Some(i) = v.get("index") {
        let n = legal.len();
        return match i.as_i64() {
            Some(k) if (0..n as i64).contains(&k) => Ok(k as usize),
            Some(k) => Err(format!("illegal: index {k} is not in 0..{n} (the positions of the {n} legal actions)")),
            None => Err(format!("garbage: \"index\" must be a whole number in 0..{n}, not {i}")),
        };
    }
    match v.get("action").and_then(Value::as_str) {
        Some(a) => legal.iter().position(|l| l == a).ok_or_else(|| format!("illegal: `{a}` is not a legal action")),
        None => Err(format!("garbage: an action answer needs \"index\" or \"action\": {}", shorten(line))),
    }
}

/// `line` as a JSON object of type `expected` (or an error message from the bot).
fn parse(line: &str, expected: &str) -> Result<Value, String> {
    let v: Value =
        serde_json::from_str(line).map_err(|e| format!("garbage: not a JSON line ({e}): {}", shorten(line)))?;
    match v.get("type").and_then(Value::as_str) {
        Some(t) if t == expected => Ok(v),
        Some("error") => {
            Err(format!("error: the bot says: {}", v.get("message").and_then(Value::as_str).unwrap_or("(no message)")))
        }
        _ => Err(format!("garbage: expected a message of type \"{expected}\": {}", shorten(line))),
    }
}

/// At most 200 characters of `line`, for messages.
fn shorten(line: &str) -> String {
    match line.char_indices().nth(200) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_checked_against_the_legal_actions() {
        let strings: Vec<String> = ["col 0", "col 3"].map(String::from).to_vec();
        let legal = Legal { strings: &strings, ids: &[0, 3] };
        assert_eq!(check_action(r#"{"type":"action","index":1}"#, legal), Ok(1));
        assert_eq!(check_action(r#"{"type":"action","action":"col 3"}"#, legal), Ok(1));
        let err = |l: &str| check_action(l, legal).unwrap_err();
        let out = "is not in 0..2 (the positions of the 2 legal actions)";
        assert_eq!(err(r#"{"type":"action","index":2}"#), format!("illegal: index 2 {out}"));
        assert_eq!(err(r#"{"type":"action","index":-1}"#), format!("illegal: index -1 {out}"));
        assert_eq!(
            err(r#"{"type":"action","index":1.0}"#),
            "garbage: \"index\" must be a whole number in 0..2, not 1.0"
        );
        assert_eq!(
            err(r#"{"type":"action","index":"1"}"#),
            "garbage: \"index\" must be a whole number in 0..2, not \"1\""
        );
        assert_eq!(err(r#"{"type":"action","action":"col 9"}"#), "illegal: `col 9` is not a legal action");
        assert!(err("hello").starts_with("garbage: not a JSON line"), "{}", err("hello"));
        assert!(err(r#"{"type":"hello"}"#).starts_with("garbage: expected a message of type \"action\""));
        assert_eq!(err(r#"{"type":"error","message":"out of ideas"}"#), "error: the bot says: out of ideas");
    }

    /// A bot may answer with a stable action id (one of `legal_ids`) instead of a position.
    #[test]
    fn answers_by_id_are_checked_against_the_legal_ids() {
        let strings: Vec<String> = ["col 0", "col 3", "col 6"].map(String::from).to_vec();
        let legal = Legal { strings: &strings, ids: &[0, 3, 6] };
        assert_eq!(check_action(r#"{"type":"action","id":3}"#, legal), Ok(1));
        assert_eq!(check_action(r#"{"type":"action","id":6}"#, legal), Ok(2));
        // `id` wins over `index` when both are given.
        assert_eq!(check_action(r#"{"type":"action","id":0,"index":2}"#, legal), Ok(0));
        let err = |l: &str| check_action(l, legal).unwrap_err();
        assert_eq!(err(r#"{"type":"action","id":1}"#), "illegal: action id 1 is not one of the 3 legal ids");
        assert_eq!(
            err(r#"{"type":"action","id":-3}"#),
            "garbage: \"id\" must be a whole number (one of \"legal_ids\"), not -3"
        );
        assert_eq!(
            err(r#"{"type":"action","id":"3"}"#),
            "garbage: \"id\" must be a whole number (one of \"legal_ids\"), not \"3\""
        );
    }

    #[test]
    fn the_hello_must_name_this_protocol_version() {
        assert_eq!(check_hello(r#"{"type":"hello","protocol":1,"name":"py"}"#), Ok("py".to_string()));
        let e = check_hello(r#"{"type":"hello","protocol":2}"#).unwrap_err();
        assert_eq!(e, "version: the bot speaks protocol 2, meeple speaks 1");
        let e = check_hello(r#"{"type":"hello","protocol":"1.0"}"#).unwrap_err();
        assert_eq!(e, "version: the bot speaks protocol \"1.0\", meeple speaks 1");
        let e = check_hello(r#"{"type":"hello"}"#).unwrap_err();
        assert_eq!(e, "version: the bot's hello has no \"protocol\"; meeple speaks 1");
    }

    #[test]
    fn messages_are_single_json_lines() {
        assert_eq!(
            hello("connect4", "Config"),
            r#"{"game":"connect4","options":"Config","protocol":1,"type":"hello"}"#
        );
        let legal = Legal { strings: &["x".to_string()], ids: &[40] };
        let a = act(1, r#"{"schema":"g","schema_version":1,"k":[1,2]}"#.to_string(), legal, u64::MAX, 50);
        assert_eq!(
            a,
            r#"{"type":"act","seat":1,"observation":{"schema":"g","schema_version":1,"k":[1,2]},"legal":["x"],"legal_ids":[40],"rng_seed":18446744073709551615,"budget_ms":50}"#
        );
        assert_eq!(start(3, 2, 51), r#"{"num_distinct_actions":51,"players":3,"seat":2,"type":"start"}"#);
        let e = end(None, None, false, Some((1, "timeout: no answer within 5 ms")));
        assert_eq!(
            e,
            r#"{"forfeit":{"reason":"timeout: no answer within 5 ms","seat":1},"rewards":null,"scores":null,"truncated":false,"type":"end"}"#
        );
        assert_eq!(
            end(None, None, true, None),
            r#"{"forfeit":null,"rewards":null,"scores":null,"truncated":true,"type":"end"}"#
        );
        assert_eq!(
            end(Some(&[1.0, 0.0]), Some(&[3, 1]), false, None),
            r#"{"forfeit":null,"rewards":[1.0,0.0],"scores":[3,1],"truncated":false,"type":"end"}"#
        );
    }
}
