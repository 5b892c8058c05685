//! The options (spec "Options", BGA `gameoptions.inc.php`), validated when read: every bad value
//! is refused with a message naming the option and its valid values.

use serde::{Deserialize, Serialize};

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
        }
    }
}

/// [`Config`] as written, before validation. Numbers are read wide so that an out-of-range
/// value gets this module's message, not a type error.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, default)]
struct ConfigFields {
    rounds: i64,
    grid_size: i64,
    items: i64,
    black_holes: bool,
    warps: bool,
    shapes: String,
    partial: bool,
    max_edits: i64,
    challenge: i64,
    ref_node_cap: i64,
}

impl Default for ConfigFields {
    fn default() -> Self {
        let c = Config::default();
        Self {
            rounds: c.rounds.into(),
            grid_size: c.grid_size.into(),
            items: c.items.into(),
            black_holes: c.black_holes,
            warps: c.warps,
            shapes: c.shapes.name().into(),
            partial: c.partial,
            max_edits: c.max_edits.into(),
            challenge: c.challenge.into(),
            ref_node_cap: c.ref_node_cap as i64,
        }
    }
}

/// `value` if `ok`, else an error naming `option` and its valid values `valid`.
fn check(option: &str, value: i64, ok: bool, valid: &str) -> Result<i64, String> {
    if ok { Ok(value) } else { Err(format!("option `{option}` is {value}; valid values: {valid}")) }
}

impl TryFrom<ConfigFields> for Config {
    type Error = String;

    fn try_from(f: ConfigFields) -> Result<Self, String> {
        let shapes = match f.shapes.as_str() {
            "none" => Shapes::None,
            "squares" => Shapes::Squares,
            "triangles" => Shapes::Triangles,
            "both" => Shapes::Both,
            s => {
                return Err(format!(
                    r#"option `shapes` is "{s}"; valid values: "none", "squares", "triangles", "both""#
                ));
            }
        };
        Ok(Config {
            rounds: check("rounds", f.rounds, matches!(f.rounds, 1 | 3 | 5), "1, 3, 5")? as u8,
            grid_size: check("grid_size", f.grid_size, (4..=12).contains(&f.grid_size), "4 to 12")? as u8,
            items: check("items", f.items, (3..=30).contains(&f.items), "3 to 30")? as u8,
            black_holes: f.black_holes,
            warps: f.warps,
            shapes,
            partial: f.partial,
            max_edits: check("max_edits", f.max_edits, (1..=10_000).contains(&f.max_edits), "1 to 10000")? as u16,
            challenge: check("challenge", f.challenge, matches!(f.challenge, 3 | 6 | 10), "3, 6, 10")? as u8,
            ref_node_cap: check("ref_node_cap", f.ref_node_cap, f.ref_node_cap >= 1, "a whole number of at least 1")?
                as u64,
        })
    }
}
