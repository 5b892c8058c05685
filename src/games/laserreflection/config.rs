//! The options (spec "Options", BGA `gameoptions.inc.php`), validated when read: every bad value
//! (of any type) is refused with a message naming the option and its valid values. `black_holes`,
//! `warps` and `partial` take the spec's `yes` / `no` as well as TOML's `true` / `false`. Writing
//! `rounds` (races only) or `challenge` (solo only) fixes the kind of game ([`Mode`]), so that the
//! other seat count is refused rather than the option silently ignored.

use serde::{Deserialize, Serialize};
use toml::Value;

use super::generator::Shapes;

/// The game's options; `Default` is BGA's defaults (spec table "Options").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(try_from = "ConfigFields")]
pub struct Config {
    /// Rounds with 2+ seats: 1, 3 or 5 (default 3).
    pub rounds: u8,
    /// Grid size N: 4..=12 (default 8).
    pub grid_size: u8,
    /// Requested item count K: 3..=30 (default 10), clamped by rule G1.
    pub items: u8,
    /// Black holes may be drawn (default yes).
    pub black_holes: bool,
    /// Two light warps per puzzle (default no).
    pub warps: bool,
    /// Extra shapes (default squares).
    pub shapes: Shapes,
    /// A solution may leave items in stock (default yes).
    pub partial: bool,
    /// Edits a seat may make in a round before it times out: 1..=10000 (default 200; Decision 5).
    pub max_edits: u16,
    /// Solo challenge length: 3, 6 or 10 puzzles (default 3; Decision 12).
    pub challenge: u8,
    /// Node cap of the reference solver, ≥ 1 (default 10^8; statistics only, Decision 16).
    pub ref_node_cap: u64,
    /// The seat counts the options written allow (default [`Mode::Any`]).
    pub mode: Mode,
}

/// Which games the options fit: `rounds` applies only to races (2+ seats) and `challenge` only to
/// the solo game (spec table "Options"), so writing one of them fixes the kind of game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Mode {
    /// Neither option written: 1–6 seats.
    Any,
    /// `rounds` written: 2–6 seats.
    Race,
    /// `challenge` written: 1 seat.
    Solo,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            rounds: 3,
            grid_size: 8,
            items: 10,
            black_holes: true,
            warps: false,
            shapes: Shapes::Squares,
            partial: true,
            max_edits: 200,
            challenge: 3,
            ref_node_cap: 100_000_000,
            mode: Mode::Any,
        }
    }
}

/// [`Config`] as written, before validation: each option as the TOML value given (`None`: not
/// written), so that a value of any type gets this module's message.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFields {
    rounds: Option<Value>,
    grid_size: Option<Value>,
    items: Option<Value>,
    black_holes: Option<Value>,
    warps: Option<Value>,
    shapes: Option<Value>,
    partial: Option<Value>,
    max_edits: Option<Value>,
    challenge: Option<Value>,
    ref_node_cap: Option<Value>,
}

/// The error for option `option` written as `value`, naming its valid values `valid`.
fn refuse(option: &str, value: &Value, valid: &str) -> String {
    format!("option `{option}` is {value}; valid values: {valid}")
}

/// Integer option `option`: its default `default` if not written, else the value if it is an
/// integer in `range`; otherwise an error naming the valid values `valid`.
fn int<T: TryFrom<i64>>(
    option: &str,
    value: Option<&Value>,
    default: T,
    ok: impl Fn(i64) -> bool,
    valid: &str,
) -> Result<T, String> {
    let Some(v) = value else { return Ok(default) };
    match v {
        Value::Integer(i) if ok(*i) => T::try_from(*i).map_err(|_| refuse(option, v, valid)),
        _ => Err(refuse(option, v, valid)),
    }
}

/// Yes/no option `option`: `default` if not written; `yes` / `no` (the spec's spelling) or
/// `true` / `false`; otherwise an error naming them.
fn yes_no(option: &str, value: Option<&Value>, default: bool) -> Result<bool, String> {
    match value {
        None => Ok(default),
        Some(Value::Boolean(b)) => Ok(*b),
        Some(Value::String(s)) if s == "yes" => Ok(true),
        Some(Value::String(s)) if s == "no" => Ok(false),
        Some(v) => Err(refuse(option, v, r#""yes", "no" (or true, false)"#)),
    }
}

impl TryFrom<ConfigFields> for Config {
    type Error = String;

    fn try_from(f: ConfigFields) -> Result<Self, String> {
        let d = Config::default();
        let shapes = match &f.shapes {
            None => d.shapes,
            Some(Value::String(s)) if s == "none" => Shapes::None,
            Some(Value::String(s)) if s == "squares" => Shapes::Squares,
            Some(Value::String(s)) if s == "triangles" => Shapes::Triangles,
            Some(Value::String(s)) if s == "both" => Shapes::Both,
            Some(v) => return Err(refuse("shapes", v, r#""none", "squares", "triangles", "both""#)),
        };
        let mode = match (&f.rounds, &f.challenge) {
            (None, None) => Mode::Any,
            (Some(_), None) => Mode::Race,
            (None, Some(_)) => Mode::Solo,
            (Some(_), Some(_)) => {
                return Err("options `rounds` (races of 2+ seats only) and `challenge` (solo only) cannot both be \
                            set: give the one of the game you play"
                    .into());
            }
        };
        Ok(Config {
            rounds: int("rounds", f.rounds.as_ref(), d.rounds, |v| matches!(v, 1 | 3 | 5), "1, 3, 5")?,
            grid_size: int("grid_size", f.grid_size.as_ref(), d.grid_size, |v| (4..=12).contains(&v), "4 to 12")?,
            items: int("items", f.items.as_ref(), d.items, |v| (3..=30).contains(&v), "3 to 30")?,
            black_holes: yes_no("black_holes", f.black_holes.as_ref(), d.black_holes)?,
            warps: yes_no("warps", f.warps.as_ref(), d.warps)?,
            shapes,
            partial: yes_no("partial", f.partial.as_ref(), d.partial)?,
            max_edits: int(
                "max_edits",
                f.max_edits.as_ref(),
                d.max_edits,
                |v| (1..=10_000).contains(&v),
                "1 to 10000",
            )?,
            challenge: int("challenge", f.challenge.as_ref(), d.challenge, |v| matches!(v, 3 | 6 | 10), "3, 6, 10")?,
            ref_node_cap: int(
                "ref_node_cap",
                f.ref_node_cap.as_ref(),
                d.ref_node_cap,
                |v| v >= 1,
                "a whole number of at least 1 (at most 9223372036854775807)",
            )?,
            mode,
        })
    }
}
