//! The experiment spec: everything that determines a run's results, as TOML (`meeple run
//! FILE.toml`) or CLI flags (`meeple play`). A run writes its spec to `spec.toml` beside its CSV.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::error::OutputError;
use crate::stats::Sprt;

pub use crate::game::DEFAULT_MAX_ACTIONS;

pub use crate::stats::{ForfeitMode, SeatMode};

/// Which pairs of bots a tournament plays (see [`super::league`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "kebab-case")]
pub enum League {
    /// Every bot against every other.
    RoundRobin,
    /// The first bot against each of the others.
    Gauntlet,
}

/// One slice of a run for multi-machine runs: shard `k` of `n` (1-based, written `k/n`) plays the
/// deals `[(k-1)·D/n, k·D/n)` of the `D` deals of every player count (a deal is one game, or `n`
/// rotations of one under `seats = "rotate"`), so shards split on deal boundaries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// 1-based shard number, `1..=n`.
    pub k: u64,
    /// Number of shards.
    pub n: u64,
}

impl Shard {
    /// The half-open index range of this shard among `items` items (deals).
    pub fn range(&self, items: u64) -> std::ops::Range<u64> {
        let at = |j: u64| ((j as u128 * items as u128) / self.n as u128) as u64;
        at(self.k - 1)..at(self.k)
    }
}

impl FromStr for Shard {
    type Err = String;

    /// Parses `k/n` with `1 <= k <= n`.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("--shard `{s}` is malformed: write k/n with 1 <= k <= n, e.g. 3/8");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n) = (k.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl fmt::Display for SeatMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Fixed => "fixed",
            Self::Rotate => "rotate",
            Self::Shuffle => "shuffle",
        })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl Serialize for Shard {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Shard {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?.parse().map_err(serde::de::Error::custom)
    }
}

/// One player count or several (each played as its own series of `games` games).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum PlayerCounts {
    /// A single count, `players = 4`.
    One(usize),
    /// Several counts, `players = [4, 5, 6, 7]`.
    Many(Vec<usize>),
}

impl PlayerCounts {
    /// The counts as a list.
    pub fn to_vec(&self) -> Vec<usize> {
        match self {
            Self::One(n) => vec![*n],
            Self::Many(v) => v.clone(),
        }
    }
}

impl FromStr for PlayerCounts {
    type Err = String;

    /// Parses `--players`: one count (`4`), a comma-separated list (`4,5,6`) or an inclusive range
    /// (`4-7`).
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("--players `{s}` is malformed: give a count (4), a list (4,5,6) or a range (4-7)");
        let count = |t: &str| t.trim().parse::<usize>().map_err(|_| bad());
        if let Some((a, b)) = s.split_once('-') {
            let (a, b) = (count(a)?, count(b)?);
            return if a <= b { Ok(Self::Many((a..=b).collect())) } else { Err(bad()) };
        }
        let counts = s.split(',').map(count).collect::<Result<Vec<_>, _>>()?;
        Ok(if counts.len() == 1 { Self::One(counts[0]) } else { Self::Many(counts) })
    }
}

/// The cross-tabulation pairs `pairs` (`A,B` texts, [`Spec::crosstab`]) normalised: spaces
/// around each name trimmed (`" seat , bot "` → `seat,bot`) and each pair kept once, its reverse
/// `B,A` counting as the same pair (`meeple report DIR --by B,A` reads a pair recorded as `A,B`),
/// in the order first given (nc40d L4). Text that is not two names is kept as given, for the
/// plan to refuse with its message.
pub fn crosstab_pairs(pairs: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut seen: Vec<(String, String)> = Vec::new();
    for text in pairs {
        let Some((a, b)) = text.split_once(',').map(|(a, b)| (a.trim().to_string(), b.trim().to_string())) else {
            out.push(text);
            continue;
        };
        if seen.iter().any(|(x, y)| (*x == a && *y == b) || (*x == b && *y == a)) {
            continue;
        }
        out.push(format!("{a},{b}"));
        seen.push((a, b));
    }
    out
}

/// Parses `--seeds`: an inclusive range `1..10` or a comma-separated list `1,5,9`, each seed once,
/// at most 10,000 seeds (each is a whole run into its own directory).
///
/// # Errors
/// Malformed text, an empty range, a repeated seed or more than 10,000 seeds; the message shows
/// the valid forms.
pub fn parse_seeds(s: &str) -> Result<Vec<u64>, String> {
    /// The most seeds of one sweep.
    const MAX_SEEDS: u64 = 10_000;
    let bad = || format!("--seeds `{s}` is malformed: give a range (1..10, both ends included) or a list (1,5,9)");
    let seed = |t: &str| t.trim().parse::<u64>().map_err(|_| bad());
    let too_many = |n: String| {
        format!(
            "--seeds `{s}` names {n} seeds, more than {MAX_SEEDS}: each seed is a whole run into its own directory; \
             for more games per run raise --games"
        )
    };
    if let Some((a, b)) = s.split_once("..") {
        let (a, b) = (seed(a)?, seed(b.trim_start_matches('='))?);
        if a > b {
            return Err(bad());
        }
        // A range holds each seed once; b - a + 1 may not fit in a u64 (0..18446744073709551615).
        if b - a >= MAX_SEEDS {
            return Err(too_many((u128::from(b - a) + 1).to_string()));
        }
        return Ok((a..=b).collect());
    }
    let seeds = s.split(',').map(seed).collect::<Result<Vec<_>, _>>()?;
    if seeds.len() as u64 > MAX_SEEDS {
        return Err(too_many(seeds.len().to_string()));
    }
    let mut seen = std::collections::HashSet::with_capacity(seeds.len());
    if let Some(twice) = seeds.iter().find(|&&x| !seen.insert(x)) {
        return Err(format!("--seeds: seed {twice} is listed twice"));
    }
    Ok(seeds)
}

/// An experiment: the fields of an experiment TOML file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// Game name, as `meeple list` shows it.
    pub game: String,
    /// Player count(s). Omitted: the game's only count, or the number of bots given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players: Option<PlayerCounts>,
    /// Bot lineup, one per seat, or one for all seats: kinds (`random`) or profiles (`bots/*.toml`).
    /// Omitted: `["random"]`.
    #[serde(default = "default_bots")]
    pub bots: Vec<String>,
    /// Games per player count (default [`DEFAULT_GAMES`]).
    #[serde(default = "default_games")]
    pub games: u64,
    /// Master seed: game `i` is a pure function of (spec, seed, i) (default [`DEFAULT_SEED`]).
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Seat assignment; omitted: [`Spec::seat_mode`] chooses (a run's `spec.toml` always has it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<SeatMode>,
    /// Action cap per game; capped games are reported as truncated.
    #[serde(default = "default_max_actions")]
    pub max_actions: usize,
    /// Also write `games.csv`, one row per game.
    #[serde(default)]
    pub per_game: bool,
    /// Also measure design metrics (`metrics.csv`, and per-game columns in `games.csv`; see
    /// [`crate::stats::metrics`]). Written to `spec.toml` only when `true`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub metrics: bool,
    /// Pairs of labels to cross-tabulate from the counts, each `A,B` (`seat`, `bot`, a seat
    /// label or a game label; not two game labels), e.g. `["wonder,seat"]`: `counts.json`
    /// records each pair's cells, so that `meeple report DIR --by A,B` needs no `games.csv`
    /// ([`crate::stats::crosstab`]). Written to `spec.toml` only when not empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub crosstab: Vec<String>,
    /// The game's variant options (its `Config` fields), e.g. `{ bga_small_tables = true }`.
    #[serde(default, skip_serializing_if = "toml::Table::is_empty")]
    pub options: toml::Table,
    /// Sequential probability ratio test of bot A (lineup position 0) against bot B (every other
    /// position): each player count stops as soon as the test decides (see [`Sprt`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<Sprt>,
    /// A tournament of the bots instead of one lineup: `round-robin` or `gauntlet` (see
    /// [`super::league`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<League>,
    /// How a forfeited game counts: `loss` (the default: the forfeiting seat loses, the others
    /// share the win) or `exclude` (left out). Written to `spec.toml` only when `exclude`.
    #[serde(default, skip_serializing_if = "ForfeitMode::is_loss")]
    pub forfeit: ForfeitMode,
    /// Play only this slice of the game indices.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// Output directory (not part of the results: never written to `spec.toml`).
    #[serde(default, skip_serializing)]
    pub out: Option<PathBuf>,
}

fn default_max_actions() -> usize {
    DEFAULT_MAX_ACTIONS
}

/// Games per player count when a spec or `play` does not say.
pub const DEFAULT_GAMES: u64 = 10_000;

/// Master seed when a spec or `play` does not say.
pub const DEFAULT_SEED: u64 = 1;

fn default_bots() -> Vec<String> {
    vec!["random".into()]
}

fn default_games() -> u64 {
    DEFAULT_GAMES
}

fn default_seed() -> u64 {
    DEFAULT_SEED
}

impl Spec {
    /// Reads an experiment file.
    ///
    /// # Errors
    /// The file cannot be read, is not UTF-8 text, or is not valid TOML for a [`Spec`]; the
    /// message names the file and the offending field (unknown fields are errors).
    pub fn from_file(path: &std::path::Path) -> Result<Self, OutputError> {
        let src = std::fs::read_to_string(path).map_err(|source| match source.kind() {
            std::io::ErrorKind::InvalidData => OutputError::parse(path, "unreadable: it is not UTF-8 text"),
            _ => OutputError::Read { path: path.to_path_buf(), source },
        })?;
        toml::from_str(&src).map_err(|e| OutputError::parse(path, e))
    }

    /// The spec as written to `spec.toml` (without the output directory).
    pub fn to_toml(&self) -> String {
        toml::to_string(self).expect("a spec always serializes")
    }

    /// The spec as a TOML table (every field, defaults filled in), as `spec.toml` writes it.
    pub fn fields(&self) -> toml::Table {
        toml::from_str(&self.to_toml()).expect("a spec's TOML parses")
    }

    /// The top-level fields of `self` and `other` that differ, by name, in the order
    /// `spec.toml` writes them.
    pub fn differences(&self, other: &Spec) -> Vec<String> {
        let (a, b) = (self.fields(), other.fields());
        let mut seen: Vec<String> = Vec::new();
        for k in a.keys().chain(b.keys()) {
            if !seen.contains(k) && a.get(k) != b.get(k) {
                seen.push(k.clone());
            }
        }
        seen
    }

    /// The seat assignment: `seats` if given, else [`SeatMode::Rotate`] when the lineup names two
    /// or more distinct bots and [`SeatMode::Fixed`] otherwise.
    pub fn seat_mode(&self) -> SeatMode {
        let first = self.bots.first().map(|b| b.trim());
        let distinct = self.bots.iter().any(|b| Some(b.trim()) != first);
        self.seats.unwrap_or(if distinct { SeatMode::Rotate } else { SeatMode::Fixed })
    }
}

#[cfg(test)]
mod tests {
    /// nc40d L4: `--crosstab` pairs are trimmed, and a repeated or reversed pair kept once.
    #[test]
    fn crosstab_pairs_are_trimmed_and_deduplicated() {
        let given = ["seat,bot", "seat,bot", "bot,seat", " seat , role ", "role,seat", "wonder"];
        let pairs = super::crosstab_pairs(given.map(String::from));
        assert_eq!(pairs, ["seat,bot", "seat,role", "wonder"]);
    }

    use super::*;

    #[test]
    fn shards_partition_the_indices() {
        let ranges: Vec<_> = (1..=4).map(|k| Shard { k, n: 4 }.range(10)).collect();
        assert_eq!(ranges, vec![0..2, 2..5, 5..7, 7..10]);
    }

    #[test]
    fn shard_parsing() {
        assert_eq!("3/8".parse::<Shard>(), Ok(Shard { k: 3, n: 8 }));
        for bad in ["0/4", "5/4", "4", "a/b", "1/0", ""] {
            assert!(bad.parse::<Shard>().unwrap_err().contains("malformed"), "{bad}");
        }
    }

    #[test]
    fn player_counts_and_seeds_parse_from_the_command_line() {
        assert_eq!("4".parse(), Ok(PlayerCounts::One(4)));
        assert_eq!("4,5,7".parse(), Ok(PlayerCounts::Many(vec![4, 5, 7])));
        assert_eq!("4-7".parse(), Ok(PlayerCounts::Many(vec![4, 5, 6, 7])));
        for bad in ["", "4-", "7-4", "a", "4,,5"] {
            assert!(bad.parse::<PlayerCounts>().unwrap_err().contains("malformed"), "{bad}");
        }
        assert_eq!(parse_seeds("1..4"), Ok(vec![1, 2, 3, 4]));
        assert_eq!(parse_seeds("1..=2"), Ok(vec![1, 2]));
        assert_eq!(parse_seeds("9,3"), Ok(vec![9, 3]));
        assert!(parse_seeds("5..1").unwrap_err().contains("malformed"));
        assert!(parse_seeds("1,1").unwrap_err().contains("listed twice"));
    }

    /// A huge range is refused at once, without building it (it once hung, and panicked for
    /// `0..18446744073709551615`); the largest sweep allowed and a long list parse quickly.
    #[test]
    fn absurd_seed_ranges_are_refused_at_once() {
        let err = parse_seeds("1..100000000").unwrap_err();
        assert!(err.starts_with("--seeds `1..100000000` names 100000000 seeds, more than 10000"), "{err}");
        let err = parse_seeds("0..18446744073709551615").unwrap_err();
        assert!(err.contains("names 18446744073709551616 seeds"), "{err}");
        assert_eq!(parse_seeds("5..10004").unwrap().len(), 10_000);
        let list: Vec<String> = (0..10_000u64).rev().map(|i| i.to_string()).collect();
        assert_eq!(parse_seeds(&list.join(",")).unwrap().len(), 10_000);
        let list = format!("{},7", list.join(","));
        assert!(parse_seeds(&list).unwrap_err().contains("more than 10000"));
        assert!(parse_seeds("3,9,3").unwrap_err().contains("seed 3 is listed twice"));
    }

    #[test]
    fn unknown_spec_field_is_named() {
        let err = toml::from_str::<Spec>("game = 'connect4'\nbots = ['random']\ngames = 1\nseed = 1\ngmaes = 3\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("gmaes"), "{err}");
    }

    #[test]
    fn spec_round_trips_without_out() {
        let mut s: Spec = toml::from_str("game = 'bang'\nplayers = [4, 5]\nbots = ['random']\ngames = 10\nseed = 3\nseats = 'rotate'\n[options]\nbga_small_tables = true\n").unwrap();
        s.out = Some("x".into());
        let back: Spec = toml::from_str(&s.to_toml()).unwrap();
        assert_eq!(back, Spec { out: None, ..s });
    }

    #[test]
    fn seats_default_to_rotation_with_two_distinct_bots() {
        let mode =
            |bots: &str| toml::from_str::<Spec>(&format!("game = 'connect4'\nbots = [{bots}]\n")).unwrap().seat_mode();
        assert_eq!(mode("'greedy', 'random'"), SeatMode::Rotate);
        assert_eq!(mode("'random', 'random'"), SeatMode::Fixed);
        assert_eq!(mode("'random'"), SeatMode::Fixed);
        let fixed: Spec = toml::from_str("game = 'connect4'\nbots = ['greedy', 'random']\nseats = 'fixed'\n").unwrap();
        assert_eq!(fixed.seat_mode(), SeatMode::Fixed);
    }

    #[test]
    fn sprt_reads_from_a_spec_and_round_trips() {
        let s: Spec = toml::from_str(
            "game = 'connect4'\nbots = ['mcts', 'random']\ngames = 10\nseed = 3\n\
             sprt = { elo0 = 0, elo1 = 10, alpha = 0.05, beta = 0.05 }\n",
        )
        .unwrap();
        assert_eq!(s.sprt, Some(Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 }));
        assert_eq!(toml::from_str::<Spec>(&s.to_toml()).unwrap(), s);
    }
}
