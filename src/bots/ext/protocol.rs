//! The messages of the external bot protocol (PROTOCOL.md), one JSON object per line, and the
//! checks of the bot's answers.

use serde::Serialize;
use serde_json::{Value, json};

/// The protocol version meeple speaks; a bot must answer the hello with the same.
pub const PROTOCOL_VERSION: u32 = 1;

/// The hello message: protocol version, game name and its options (every option with its value,
/// a TOML inline table: [`crate::options::text`]).
pub fn hello(game: &str, options: &str) -> String {
    json!({"type": "hello", "protocol": PROTOCOL_VERSION, "game": game, "options": options}).to_string()
}

/// The start of a game: the seat count and the bot's seat.
pub fn start(players: usize, seat: usize) -> String {
    json!({"type": "start", "players": players, "seat": seat}).to_string()
}

/// A decision: the seat, its observation, the legal actions (their strings; an answer's index is
/// a position in this list), the per-decision RNG seed and the time budget.
pub fn act(seat: usize, observation: &impl Serialize, legal: &[String], rng_seed: u64, budget_ms: u64) -> String {
    /// Written directly (not through `serde_json::Value`, which cannot hold the 128-bit card
    /// sets of some observations).
    #[derive(Serialize)]
    struct Act<'a, O> {
        r#type: &'static str,
        seat: usize,
        observation: &'a O,
        legal: &'a [String],
        rng_seed: u64,
        budget_ms: u64,
    }
    let act = Act { r#type: "act", seat, observation, legal, rng_seed, budget_ms };
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

/// The index into `legal` that the bot's answer `line` chooses: `{"type": "action", "index": i}`
/// or `{"type": "action", "action": "<one of legal>"}`.
///
/// # Errors
/// `garbage: ...` for a line that is not such an answer (an index that is not a whole number),
/// `illegal: ...` for an index out of range or a string that is not a legal action, `error: ...` when the bot answers
/// `{"type": "error", "message": ...}`.
pub fn check_action(line: &str, legal: &[String]) -> Result<usize, String> {
    let v = parse(line, "action")?;
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
        let legal: Vec<String> = ["col 0", "col 3"].map(String::from).to_vec();
        assert_eq!(check_action(r#"{"type":"action","index":1}"#, &legal), Ok(1));
        assert_eq!(check_action(r#"{"type":"action","action":"col 3"}"#, &legal), Ok(1));
        let err = |l: &str| check_action(l, &legal).unwrap_err();
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
        let a = act(1, &[1, 2], &["x".to_string()], u64::MAX, 50);
        assert_eq!(
            a,
            r#"{"type":"act","seat":1,"observation":[1,2],"legal":["x"],"rng_seed":18446744073709551615,"budget_ms":50}"#
        );
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
