//! `meeple sweep`: a grid of rule variants, one run folder each, and a table of their balance
//! objectives (`sweep.csv`) with a plot (`sweep.svg`).
//!
//! A sweep spec is an experiment spec ([`Spec`]) with more tables:
//! - `[sweep]`: the values of each swept option, `key = [v1, v2, …]` (checked against the game's
//!   declaration before anything runs); optionally `players = [2, 3, …]` (each count its own run
//!   folder; without it every folder plays the spec's `players`) and `bots = ["greedy",
//!   "ismcts:iterations=200", …]` (lineups, each written as for `--bots`);
//! - `[objective]`: `label` (a seat or game label, or `seat`) and optionally `value` (one of its
//!   values; without it the value farthest from the reference at each player count).
//!
//! The variants are every combination of the swept values, keys in name order (the last key
//! varies fastest), then player counts, then lineups; variant `i` (from 1) runs into
//! `OUT/NN-VALUES` ([`Variant::dir`]), an ordinary run folder: the run of the base spec with the
//! variant's options written over its `[options]`. `sweep.csv` copies each row's numbers from
//! the folder's `balance.csv` and `summary.csv` as written there, so a row equals the run of the
//! variant alone byte for byte ([`row_fields`]).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::{VariantError, check_spec, value_text, variant_spec};
use crate::options::Table;
use crate::tournament::{OutputError, PlayerCounts, Spec, files, write_atomic};

/// The table of a sweep's variants.
pub const SWEEP_CSV: &str = "sweep.csv";

/// The plot of the objective per variant.
pub const SWEEP_SVG: &str = "sweep.svg";

/// What a sweep ranks variants by: the gap of a label's value from its reference in
/// `balance.csv` (the fair share, the label's overall rate, or equal shares).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Objective {
    /// The label, e.g. `wonder`.
    pub label: String,
    /// Its value, e.g. `babylon`; `None`: the value with the largest gap (in absolute value).
    #[serde(default)]
    pub value: Option<String>,
}

/// One combination of a sweep.
#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    /// 1-based number in the grid.
    pub number: usize,
    /// The swept options' values, in key order.
    pub options: Table,
    /// Its player counts, when swept.
    pub players: Option<usize>,
    /// Its lineup, when swept.
    pub bots: Option<Vec<String>>,
}

impl Variant {
    /// The folder name: the number (two digits or more) and the swept values, e.g.
    /// `03-stone2_clay1-s2_s4-strict`, with `pN` for a swept player count and the lineup's bots
    /// joined by `+` (characters other than letters, digits, `_`, `.` and `+` become `_`).
    pub fn dir(&self, width: usize) -> String {
        let mut parts = vec![format!("{:0width$}", self.number)];
        parts.extend(self.options.values().map(value_text));
        if let Some(n) = self.players {
            parts.push(format!("p{n}"));
        }
        if let Some(b) = &self.bots {
            parts.push(b.join("+"));
        }
        let clean = |c: char| if c.is_ascii_alphanumeric() || "_.+".contains(c) { c } else { '_' };
        parts.iter().map(|p| p.chars().map(clean).collect::<String>()).collect::<Vec<_>>().join("-")
    }

    /// The variant's options and swept fields as `key=value` items, e.g. `babylon_deck=stone2_clay1`.
    pub fn describe(&self) -> String {
        let mut items: Vec<String> = self.options.iter().map(|(k, v)| format!("{k}={}", value_text(v))).collect();
        if let Some(n) = self.players {
            items.push(format!("players={n}"));
        }
        if let Some(b) = &self.bots {
            items.push(format!("bots={}", b.join(",")));
        }
        items.join(" ")
    }
}

/// A sweep: the base spec, the swept values and the objective.
#[derive(Debug, Clone, PartialEq)]
pub struct Sweep {
    /// The spec every variant shares.
    pub base: Spec,
    /// The swept options and their values, in key order.
    pub values: Vec<(String, Vec<toml::Value>)>,
    /// Swept player counts (empty: the base's).
    pub players: Vec<usize>,
    /// Swept lineups (empty: the base's).
    pub lineups: Vec<Vec<String>>,
    /// The objective.
    pub objective: Objective,
}

impl Sweep {
    /// Reads a sweep spec (see the module docs).
    ///
    /// # Errors
    /// An unreadable file, a missing `[sweep]` or `[objective]`, a swept key that is not a list,
    /// or a spec that does not parse; the message names the file.
    pub fn from_file(path: &Path) -> Result<Self, VariantError> {
        let at = |e: String| VariantError::Other(format!("{}: {e}", path.display()));
        let text = std::fs::read_to_string(path).map_err(|e| at(e.to_string()))?;
        let mut table: Table = toml::from_str(&text).map_err(|e| at(e.to_string()))?;
        let Some(toml::Value::Table(sweep)) = table.remove("sweep") else {
            return Err(at(
                "a sweep spec needs a [sweep] table: the values of each swept option, key = [v1, v2]".into()
            ));
        };
        let objective: Objective = match table.remove("objective") {
            Some(v) => v.try_into().map_err(|e: toml::de::Error| at(format!("[objective]: {e}")))?,
            None => return Err(at("a sweep spec needs an [objective] table: label = \"…\", value = \"…\"".into())),
        };
        let base: Spec = table.try_into().map_err(|e: toml::de::Error| at(e.to_string()))?;
        let mut values = Vec::new();
        let (mut players, mut lineups) = (Vec::new(), Vec::new());
        for (key, v) in sweep {
            let toml::Value::Array(list) = v else {
                return Err(at(format!("[sweep] {key} must be a list of values, e.g. {key} = [{v}, …]")));
            };
            if list.is_empty() {
                return Err(at(format!("[sweep] {key} lists no value")));
            }
            match key.as_str() {
                "players" => {
                    players = list
                        .iter()
                        .map(|x| x.as_integer().and_then(|i| usize::try_from(i).ok()))
                        .collect::<Option<_>>()
                        .ok_or_else(|| at("[sweep] players must be a list of player counts".into()))?;
                }
                "bots" => {
                    lineups = list
                        .iter()
                        .map(|x| x.as_str().map(crate::bots::split_lineup))
                        .collect::<Option<_>>()
                        .ok_or_else(|| {
                            at("[sweep] bots must be a list of lineups, each a string as for --bots".into())
                        })?;
                }
                _ => values.push((key, list)),
            }
        }
        Ok(Self { base, values, players, lineups, objective })
    }

    /// Every variant, in grid order (see the module docs).
    pub fn variants(&self) -> Vec<Variant> {
        let mut grid: Vec<Table> = vec![Table::new()];
        for (key, list) in &self.values {
            grid = grid
                .into_iter()
                .flat_map(|t| {
                    list.iter().map(move |v| {
                        let mut t = t.clone();
                        t.insert(key.clone(), v.clone());
                        t
                    })
                })
                .collect();
        }
        let players: Vec<Option<usize>> =
            if self.players.is_empty() { vec![None] } else { self.players.iter().copied().map(Some).collect() };
        let lineups: Vec<Option<Vec<String>>> =
            if self.lineups.is_empty() { vec![None] } else { self.lineups.iter().cloned().map(Some).collect() };
        let mut out = Vec::new();
        for options in &grid {
            for &p in &players {
                for b in &lineups {
                    out.push(Variant { number: out.len() + 1, options: options.clone(), players: p, bots: b.clone() });
                }
            }
        }
        out
    }

    /// The width of the variant numbers in folder names (at least 2).
    pub fn width(&self) -> usize {
        self.variants().len().to_string().len().max(2)
    }

    /// What decides a race of this sweep in `rounds` rounds, field by field as text (recorded in
    /// `race.json`, [`super::race::RaceRecord`]): every field the base spec writes to `spec.toml`
    /// (`seed`, `games`, `players`, `bots`, `options`, `seats`, …; not `out` or `shard`), each
    /// swept list as `sweep.KEY` (`sweep.players`, `sweep.bots` too), `objective` (label and value)
    /// and `rounds`.
    pub fn race_fields(&self, rounds: usize) -> std::collections::BTreeMap<String, String> {
        let mut out = std::collections::BTreeMap::new();
        for (k, v) in (Spec { shard: None, out: None, ..self.base.clone() }).fields() {
            out.insert(k, v.to_string());
        }
        for (k, list) in &self.values {
            out.insert(format!("sweep.{k}"), toml::Value::Array(list.clone()).to_string());
        }
        if !self.players.is_empty() {
            out.insert("sweep.players".into(), format!("{:?}", self.players));
        }
        if !self.lineups.is_empty() {
            out.insert("sweep.bots".into(), format!("{:?}", self.lineups));
        }
        let value =
            self.objective.value.as_deref().map_or("(value farthest from the reference)".into(), |v| format!("`{v}`"));
        out.insert("objective".into(), format!("label `{}` value {value}", self.objective.label));
        out.insert("rounds".into(), rounds.to_string());
        out
    }

    /// The run spec of `variant`.
    pub fn spec(&self, variant: &Variant) -> Spec {
        let mut spec = variant_spec(&self.base, &variant.options);
        if let Some(n) = variant.players {
            spec.players = Some(PlayerCounts::One(n));
        }
        if let Some(b) = &variant.bots {
            spec.bots = b.clone();
        }
        spec
    }

    /// Checks every variant before anything is played: each swept value alone over the base (so
    /// a bad value is named with its option's valid values), then each combination, the
    /// objective's label, and its value when the label's values are known beforehand (a seat of
    /// the smallest player count; a name, yes/no or capped count of the label's type), naming the
    /// valid ones.
    ///
    /// # Errors
    /// The first refused value or variant ([`VariantError`]).
    pub fn check(&self, bots_dir: &Path) -> Result<(), VariantError> {
        if self.base.tournament.is_some() || self.base.sprt.is_some() {
            return Err(VariantError::Other(
                "a sweep plays one lineup per variant to a fixed game count: leave out `tournament` and `sprt`".into(),
            ));
        }
        let game = crate::registry::find(&self.base.game)
            .map_err(|source| VariantError::Game { which: "sweep".into(), source })?;
        for (key, list) in &self.values {
            for v in list {
                let one: Table = [(key.clone(), v.clone())].into_iter().collect();
                let spec = variant_spec(&self.base, &one);
                (game.players)(&spec.options)
                    .map_err(|source| VariantError::Game { which: format!("[sweep] {key} = {v}"), source })?;
            }
        }
        for v in self.variants() {
            check_spec(&self.spec(&v), &self.base, &format!("variant {} ({})", v.number, v.describe()), bots_dir)?;
        }
        let known: Vec<&str> = std::iter::once("seat")
            .chain(game.seat_labels.iter().copied())
            .chain(game.game_labels.iter().copied())
            .collect();
        if !known.contains(&self.objective.label.as_str()) {
            return Err(VariantError::Other(format!(
                "[objective] label `{}`: {} has no such label; labels: {}",
                self.objective.label,
                self.base.game,
                known.join(", ")
            )));
        }
        if let Some(value) = &self.objective.value {
            let valid = self.objective_values(game);
            if let Some(valid) = valid.filter(|v| !v.contains(value)) {
                return Err(VariantError::Other(format!(
                    "[objective] value `{value}`: label `{}` of {} has no such value; values: {}",
                    self.objective.label,
                    self.base.game,
                    valid.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// The values the objective's label can take, when they are known before playing: for
    /// `seat`, the seats of the variant with the fewest seats at its largest player count (a
    /// seat must exist at some count of every variant; at a count without it the variant has no
    /// row there, [`Objective::applies`]); for another label, those its type fixes
    /// ([`crate::labels::LabelValue::domain`]); `None` when its type does not (a plain number, a
    /// band: [`Sweep::objective_note`]).
    fn objective_values(&self, game: &crate::registry::GameEntry) -> Option<Vec<String>> {
        let label = self.objective.label.as_str();
        if label == "seat" {
            let mut fewest = usize::MAX;
            for v in self.variants() {
                fewest = fewest.min(player_counts(&self.spec(&v), game).into_iter().max().unwrap_or(usize::MAX));
            }
            return (fewest < usize::MAX).then(|| (0..fewest).map(|s| s.to_string()).collect());
        }
        let fields = game.seat_label_fields.iter().chain(game.game_label_fields);
        fields.into_iter().find(|f| f.names().contains(&label)).and_then(|f| (f.values)())
    }

    /// When the objective names a value its label's type cannot list before play (a plain number
    /// such as MOW's `winners`, or a band such as MOW's `flies`), a line saying so: such a value
    /// is checked only against the variants' results, after they have played.
    pub fn objective_note(&self) -> Option<String> {
        let value = self.objective.value.as_deref()?;
        let game = crate::registry::find(&self.base.game).ok()?;
        if self.objective.label == "seat" || self.objective_values(game).is_some() {
            return None;
        }
        Some(format!(
            "note: [objective] value `{value}`: the values of label `{}` are known only after play (a number or \
             band, not a list its type declares); a value it never takes is found only once the variants have played",
            self.objective.label
        ))
    }
}

impl Objective {
    /// Whether the objective has a row at `players` players: always, but for `seat` with a value
    /// (a seat number) only at counts that have that seat.
    pub fn applies(&self, players: usize) -> bool {
        self.label != "seat" || self.value.as_deref().and_then(|v| v.parse::<usize>().ok()).is_none_or(|s| s < players)
    }
}

/// The columns of `sweep.csv` after the variant's own (`variant`, `dir`, the swept keys,
/// `players`): the run's games at that player count; the objective's value, its win rate (share),
/// the reference and the gap with its 95% interval (from `balance.csv`), and the label's omnibus
/// p-value; the gap of seat 0 with its interval; the mean length (`summary.csv`). Then, when the
/// run folder holds `metrics.csv` (runs with `--metrics`), the design metrics: `NAME`,
/// `NAME_low`, `NAME_high` for each of its metrics ([`metric_fields`]).
pub const ROW_COLUMNS: [&str; 14] = [
    "games",
    "objective_value",
    "rate",
    "reference",
    "gap",
    "gap_low",
    "gap_high",
    "omnibus_p",
    "seat0_gap",
    "seat0_gap_low",
    "seat0_gap_high",
    "length_mean",
    "abs_gap",
    "abs_gap_high",
];

/// A CSV file as its header and rows of text fields.
struct Csv {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Csv {
    fn read(path: &Path) -> Result<Self, String> {
        let mut r = csv::Reader::from_path(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let header = r.headers().map_err(|e| e.to_string())?.iter().map(String::from).collect();
        let rows = r
            .records()
            .map(|row| row.map(|row| row.iter().map(String::from).collect()).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?;
        Ok(Self { header, rows })
    }

    fn col(&self, name: &str, path: &Path) -> Result<usize, String> {
        self.header.iter().position(|h| h == name).ok_or_else(|| format!("{} has no column `{name}`", path.display()))
    }
}

/// One variant's fields at one player count, as `sweep.csv` writes them ([`ROW_COLUMNS`]), and the
/// objective's gap with its interval as numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct RowFields {
    /// The fields, in [`ROW_COLUMNS`] order.
    pub fields: Vec<String>,
    /// The objective's gap and its 95% interval.
    pub gap: (f64, f64, f64),
}

/// The fields of the run in `dir` at `players` players for `objective` ([`ROW_COLUMNS`]), copied
/// as written in its `balance.csv` and `summary.csv`.
///
/// # Errors
/// A missing file or column, or a label or value the run does not have at that count.
pub fn row_fields(dir: &Path, players: usize, objective: &Objective) -> Result<RowFields, String> {
    let bpath = dir.join(files::BALANCE);
    let balance = Csv::read(&bpath)?;
    let c = |name: &str| balance.col(name, &bpath);
    let (cp, cl, cv, cg) = (c("players")?, c("label")?, c("value")?, c("gap")?);
    let (clo, chi, crate_, cref, cchi) = (c("gap_low")?, c("gap_high")?, c("rate")?, c("reference")?, c("chi2_p")?);
    let n = players.to_string();
    let at = |label: &str| balance.rows.iter().filter(|r| r[cp] == n && r[cl] == label).collect::<Vec<_>>();
    let num = |s: &str| s.parse::<f64>().map_err(|_| format!("{}: `{s}` is not a number", bpath.display()));
    let rows = at(&objective.label);
    let row = match &objective.value {
        Some(v) => rows.iter().find(|r| &r[cv] == v).copied().ok_or_else(|| {
            let values: Vec<&str> = rows.iter().map(|r| r[cv].as_str()).collect();
            format!(
                "{}: no value `{v}` of label `{}` at {players} players (values: {})",
                bpath.display(),
                objective.label,
                values.join(", ")
            )
        })?,
        None => {
            let mut best: Option<(&Vec<String>, f64)> = None;
            for r in &rows {
                let g = num(&r[cg])?.abs();
                if best.is_none_or(|(_, b)| g > b) {
                    best = Some((r, g));
                }
            }
            best.map(|(r, _)| r).ok_or_else(|| {
                format!("{}: no rows of label `{}` at {players} players", bpath.display(), objective.label)
            })?
        }
    };
    let seat0 = at("seat").into_iter().find(|r| r[cv] == "0");
    let seat0: [String; 3] = match seat0 {
        Some(r) => [r[cg].clone(), r[clo].clone(), r[chi].clone()],
        None => Default::default(),
    };
    let spath = dir.join(files::SUMMARY);
    let summary = Csv::read(&spath)?;
    let (sp, sl, sv, slen, sg) = (
        summary.col("players", &spath)?,
        summary.col("label", &spath)?,
        summary.col("value", &spath)?,
        summary.col("length_mean", &spath)?,
        summary.col("games", &spath)?,
    );
    let all = summary
        .rows
        .iter()
        .find(|r| r[sp] == n && r[sl] == "all" && r[sv] == "all")
        .ok_or_else(|| format!("{}: no row `{players},all,all`", spath.display()))?;
    let gap = (num(&row[cg])?, num(&row[clo])?, num(&row[chi])?);
    let (abs, abs_high) = abs_interval(gap);
    let mut fields = vec![all[sg].clone(), row[cv].clone(), row[crate_].clone(), row[cref].clone()];
    fields.extend([row[cg].clone(), row[clo].clone(), row[chi].clone(), row[cchi].clone()]);
    fields.extend(seat0);
    fields.push(all[slen].clone());
    fields.extend([format!("{abs:.6}"), format!("{abs_high:.6}")]);
    Ok(RowFields { fields, gap })
}

/// `|gap|` and the upper end of its interval, from the gap's interval `[low, high]`.
pub fn abs_interval((gap, low, high): (f64, f64, f64)) -> (f64, f64) {
    (gap.abs(), low.abs().max(high.abs()))
}

/// The design metrics of the run in `dir` at `players` players, from its `metrics.csv` (written
/// by runs with `--metrics`, header `players,metric,games,mean,sd,ci_low,ci_high`): for each
/// metric, `(NAME, mean)`, `(NAME_low, ci_low)`, `(NAME_high, ci_high)`, as written there; empty
/// when the folder has no `metrics.csv`.
///
/// # Errors
/// A `metrics.csv` without those columns.
pub fn metric_fields(dir: &Path, players: usize) -> Result<Vec<(String, String)>, String> {
    let path = dir.join("metrics.csv");
    if !path.exists() {
        return Ok(Vec::new());
    }
    let m = Csv::read(&path)?;
    let (cp, cm, cmean, clo, chi) = (
        m.col("players", &path)?,
        m.col("metric", &path)?,
        m.col("mean", &path)?,
        m.col("ci_low", &path)?,
        m.col("ci_high", &path)?,
    );
    let n = players.to_string();
    let mut out = Vec::new();
    for r in m.rows.iter().filter(|r| r[cp] == n) {
        out.push((r[cm].clone(), r[cmean].clone()));
        out.push((format!("{}_low", r[cm]), r[clo].clone()));
        out.push((format!("{}_high", r[cm]), r[chi].clone()));
    }
    Ok(out)
}

/// One row of `sweep.csv`.
#[derive(Debug, Clone, PartialEq)]
pub struct SweepRow {
    /// The variant.
    pub variant: Variant,
    /// Its folder name.
    pub dir: String,
    /// Player count.
    pub players: usize,
    /// Its fields ([`ROW_COLUMNS`]).
    pub fields: RowFields,
    /// Its design metrics ([`metric_fields`]).
    pub metrics: Vec<(String, String)>,
    /// The race round after which it stopped playing (`None`: it played every game).
    pub eliminated: Option<usize>,
}

/// The rows of a sweep whose runs are in `out`: for each variant (in grid order), one row per
/// player count of its spec at which the objective applies ([`Objective::applies`]).
///
/// # Errors
/// What [`row_fields`] or [`metric_fields`] returns, naming the folder.
pub fn sweep_rows(sweep: &Sweep, out: &Path, eliminated: &[Option<usize>]) -> Result<Vec<SweepRow>, String> {
    let width = sweep.width();
    let mut rows = Vec::new();
    for (i, v) in sweep.variants().into_iter().enumerate() {
        let dir = v.dir(width);
        let path = out.join(&dir);
        let counts = sweep.spec(&v).players.map(|p| p.to_vec()).unwrap_or_default();
        let counts = if counts.is_empty() { read_counts(&path)? } else { counts };
        for n in counts.into_iter().filter(|&n| sweep.objective.applies(n)) {
            rows.push(SweepRow {
                variant: v.clone(),
                dir: dir.clone(),
                players: n,
                fields: row_fields(&path, n, &sweep.objective)?,
                metrics: metric_fields(&path, n)?,
                eliminated: eliminated.get(i).copied().flatten(),
            });
        }
    }
    Ok(rows)
}

/// The player counts of a run folder whose spec does not list them (the game's only count, or
/// the number of bots): those of its `summary.csv`.
fn read_counts(dir: &Path) -> Result<Vec<usize>, String> {
    let path = dir.join(files::SUMMARY);
    let s = Csv::read(&path)?;
    let c = s.col("players", &path)?;
    let mut counts: Vec<usize> = s.rows.iter().filter_map(|r| r[c].parse().ok()).collect();
    counts.dedup();
    Ok(counts)
}

/// Writes `out/sweep.csv`: columns `variant`, `dir`, one per swept key (its value), `players`,
/// `bots` when lineups are swept, [`ROW_COLUMNS`], the design metrics (the union of the rows'
/// metric names, first seen first; empty where a run has none), and `eliminated_round` (empty:
/// played every game; only with `--race`).
///
/// # Errors
/// The file cannot be written.
pub fn write_sweep(sweep: &Sweep, rows: &[SweepRow], race: bool, out: &Path) -> Result<(), OutputError> {
    let mut metric_names: Vec<&str> = Vec::new();
    for r in rows {
        for (name, _) in &r.metrics {
            if !metric_names.contains(&name.as_str()) {
                metric_names.push(name);
            }
        }
    }
    let mut header: Vec<&str> = vec!["variant", "dir"];
    header.extend(sweep.values.iter().map(|(k, _)| k.as_str()));
    header.push("players");
    if !sweep.lineups.is_empty() {
        header.push("bots");
    }
    header.extend(ROW_COLUMNS);
    header.extend(&metric_names);
    if race {
        header.push("eliminated_round");
    }
    let mut text = header.join(",") + "\n";
    for r in rows {
        let mut fields = vec![r.variant.number.to_string(), r.dir.clone()];
        fields.extend(sweep.values.iter().map(|(k, _)| r.variant.options.get(k).map(value_text).unwrap_or_default()));
        fields.push(r.players.to_string());
        if !sweep.lineups.is_empty() {
            fields.push(r.variant.bots.as_ref().map(|b| b.join(";")).unwrap_or_default());
        }
        fields.extend(r.fields.fields.iter().cloned());
        for name in &metric_names {
            fields.push(r.metrics.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone()).unwrap_or_default());
        }
        if race {
            fields.push(r.eliminated.map(|k| k.to_string()).unwrap_or_default());
        }
        let quoted: Vec<String> = fields
            .iter()
            .map(|f| if f.contains([',', '"']) { format!("\"{}\"", f.replace('"', "\"\"")) } else { f.clone() })
            .collect();
        let _ = writeln!(text, "{}", quoted.join(","));
    }
    write_atomic(out, SWEEP_CSV, text.as_bytes())
}

/// The player counts a spec plays: those it lists, else the game's only count, else the number
/// of bots.
pub fn player_counts(spec: &Spec, game: &crate::registry::GameEntry) -> Vec<usize> {
    spec.players.as_ref().map(|p| p.to_vec()).unwrap_or_else(|| match (game.players)(&spec.options) {
        Ok(r) if r.start() == r.end() => vec![*r.start()],
        _ => vec![spec.bots.len()],
    })
}

/// The folder of shard `k` of a variant's run when a sweep is sharded: `out/shards/DIR/k`.
pub fn shard_dir(out: &Path, dir: &str, k: u64) -> PathBuf {
    out.join("shards").join(dir).join(k.to_string())
}
