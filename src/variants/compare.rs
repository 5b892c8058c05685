//! `meeple compare`: two rule variants on the same deals. Both runs are ordinary run folders,
//! `OUT/a` and `OUT/b`, of one spec (same seed, games, players, bots, seats) whose `[options]`
//! differ only by the variants; they always write `games.csv`, from which [`paired`] pairs the
//! deals. `OUT/compare.csv` holds every paired difference and the console one verdict line per
//! label ([`verdict_lines`]).
//!
//! A compare spec is an experiment spec ([`Spec`]) with two more tables, `[a]` and `[b]`, the
//! variants' options (written over the spec's `[options]`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::paired::{Difference, Measure, paired};
use super::{VariantError, check_spec, variant_spec};
use crate::options::Table;
use crate::stats::balance::{ALPHA, holm, p_text, signed};
use crate::tournament::{OutputError, Spec, files, write_atomic};

/// The file of paired differences in a compare folder.
pub const COMPARE_CSV: &str = "compare.csv";

/// The run folders of the two variants inside a compare folder.
pub const RUNS: [&str; 2] = ["a", "b"];

/// Two variants of one spec.
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The spec both variants share (its `[options]` hold the options common to both).
    pub base: Spec,
    /// Variant A's options.
    pub a: Table,
    /// Variant B's options.
    pub b: Table,
}

impl Comparison {
    /// Reads a compare spec: an experiment spec with `[a]` and `[b]` option tables.
    ///
    /// # Errors
    /// An unreadable file, a table missing, or a spec that does not parse (the message names the
    /// file and the field).
    pub fn from_file(path: &Path) -> Result<Self, VariantError> {
        let text =
            std::fs::read_to_string(path).map_err(|e| VariantError::Other(format!("{}: {e}", path.display())))?;
        let mut table: Table =
            toml::from_str(&text).map_err(|e| VariantError::Other(format!("{}: {e}", path.display())))?;
        let mut take = |name: &str| match table.remove(name) {
            Some(toml::Value::Table(t)) => Ok(t),
            Some(_) => Err(VariantError::Other(format!("{}: [{name}] must be a table of options", path.display()))),
            None => Err(VariantError::Other(format!(
                "{}: a compare spec needs the tables [a] and [b] (each variant's options); [{name}] is missing",
                path.display()
            ))),
        };
        let (a, b) = (take("a")?, take("b")?);
        let base: Spec =
            table.try_into().map_err(|e: toml::de::Error| VariantError::Other(format!("{}: {e}", path.display())))?;
        Ok(Self { base, a, b })
    }

    /// The specs of the two runs: the base with each variant's options, always writing
    /// `games.csv`.
    pub fn specs(&self) -> [Spec; 2] {
        [&self.a, &self.b].map(|v| Spec { per_game: true, ..variant_spec(&self.base, v) })
    }

    /// Checks both specs before anything is played ([`check_spec`], naming the variant as
    /// `names` gives it (`--a`, `[a]` of a spec file) for an error of a variant's, nothing for
    /// one of the shared spec's).
    ///
    /// # Errors
    /// The first variant refused.
    pub fn check(&self, bots_dir: &Path, names: [&str; 2]) -> Result<(), VariantError> {
        let [a, b] = self.specs();
        if self.base.tournament.is_some() || self.base.sprt.is_some() {
            return Err(VariantError::Other(
                "compare plays one lineup to a fixed game count: leave out `tournament` and `sprt`".into(),
            ));
        }
        let base = Spec { per_game: true, ..self.base.clone() };
        check_spec(&a, &base, names[0], bots_dir)?;
        check_spec(&b, &base, names[1], bots_dir)
    }
}

/// The run folders of a compare folder `out`: `out/a`, `out/b`.
pub fn run_dirs(out: &Path) -> [PathBuf; 2] {
    RUNS.map(|r| out.join(r))
}

/// The paired differences of the runs in folders `a` and `b` (each with `games.csv`), for the
/// game's labels.
///
/// # Errors
/// A missing or unreadable `games.csv`, or runs that do not share their deals.
pub fn differences(a: &Path, b: &Path, seat_labels: &[&str], game_labels: &[&str]) -> Result<Vec<Difference>, String> {
    let open = |dir: &Path| {
        let path = dir.join(files::GAMES);
        std::fs::File::open(&path)
            .map(std::io::BufReader::new)
            .map_err(|e| format!("{}: {e} (a compare run writes games.csv; rerun it with --per-game)", path.display()))
    };
    paired(open(a)?, open(b)?, seat_labels, game_labels)
}

/// Writes `out/compare.csv`: one row per [`Difference`]; estimates with 6 decimals (rates as
/// fractions), p-values with 4 significant digits; an undefined value (a run without units) is
/// an empty field.
///
/// # Errors
/// The file cannot be written.
pub fn write_compare(rows: &[Difference], out: &Path) -> Result<(), OutputError> {
    let mut text = String::from("players,label,value,measure,units_a,units_b,a,b,diff,diff_low,diff_high,p,deals\n");
    for r in rows {
        let _ = writeln!(
            text,
            "{},{},{},{},{},{},{},{},{},{},{},{},{}",
            r.players,
            csv_field(&r.label),
            csv_field(&r.value),
            r.measure.name(),
            r.units_a,
            r.units_b,
            defined(r.a, |x| format!("{x:.6}")),
            defined(r.b, |x| format!("{x:.6}")),
            defined(r.diff, |x| format!("{x:.6}")),
            defined(r.diff_low, |x| format!("{x:.6}")),
            defined(r.diff_high, |x| format!("{x:.6}")),
            defined(r.p, |x| format!("{x:.3e}")),
            r.deals
        );
    }
    write_atomic(out, COMPARE_CSV, text.as_bytes())
}

/// `x` written by `show`, or `empty` when it is undefined (NaN).
fn defined_or(x: f64, empty: &str, show: impl Fn(f64) -> String) -> String {
    if x.is_nan() { empty.to_string() } else { show(x) }
}

/// `x` written by `show`, or an empty field when it is undefined (NaN).
fn defined(x: f64, show: impl Fn(f64) -> String) -> String {
    defined_or(x, "", show)
}

/// A CSV field, quoted when it holds a comma or a quote.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() }
}

/// A difference as the verdicts write it: `21.3% → 24.9%, +3.6 pp [+3.1, +4.1]` for rates,
/// `36.1 → 37.0 UNIT, +0.9 [+0.5, +1.3]` otherwise; with a run without units, its estimate and
/// the difference are `—`, without interval: `8.3% → —, —`.
pub fn change_text(r: &Difference, unit: &str) -> String {
    if r.diff.is_nan() {
        let (scale, suffix, tail) = if r.measure.is_rate() { (100.0, "%", "") } else { (1.0, "", unit) };
        let est = |x: f64| defined_or(x, "—", |x| format!("{:.1}{suffix}", scale * x));
        let tail = if tail.is_empty() { String::new() } else { format!(" {tail}") };
        return format!("{} → {}{tail}, —", est(r.a), est(r.b));
    }
    if r.measure.is_rate() {
        let pp = |x: f64| signed(100.0 * x, 1);
        format!(
            "{:.1}% → {:.1}%, {} pp [{}, {}]",
            100.0 * r.a,
            100.0 * r.b,
            pp(r.diff),
            pp(r.diff_low),
            pp(r.diff_high)
        )
    } else {
        let unit = if unit.is_empty() { String::new() } else { format!(" {unit}") };
        format!(
            "{:.1} → {:.1}{unit}, {} [{}, {}]",
            r.a,
            r.b,
            signed(r.diff, 1),
            signed(r.diff_low, 1),
            signed(r.diff_high, 1)
        )
    }
}

/// The console's verdicts: for each player count, one line per label (`seat`, seat labels, game
/// labels) from its win rates (shares for a game label):
/// `wonder at 4 players: babylon 21.3% → 24.9%, +3.6 pp [+3.1, +4.1]; 1 of 7 values changed
/// (Holm, 5%)` naming the value that changed most among those whose change is significant after
/// Holm's adjustment over the label's values, or `wonder at 4 players: no change found (largest:
/// …)`; each label of `detail` instead gets one line per value (`babylon at 4 players: 21.3% →
/// 24.9%, +3.6 pp [+3.1, +4.1]`). Then the mean score (`score at 4 players: …`, unit
/// `score_unit`) and the mean length (`length at 4 players: … actions`).
pub fn verdict_lines(rows: &[Difference], detail: &[String], score_unit: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let r = &rows[i];
        let same = |x: &Difference| x.players == r.players && x.label == r.label;
        let group: Vec<&Difference> = rows[i..].iter().take_while(|x| same(x)).collect();
        i += group.len();
        let n = r.players;
        if r.label == "all" {
            for x in group {
                match x.measure {
                    Measure::Score => lines.push(format!("score at {n} players: {}", change_text(x, score_unit))),
                    Measure::Length => lines.push(format!("length at {n} players: {}", change_text(x, "actions"))),
                    _ => {}
                }
            }
            continue;
        }
        let all_rates: Vec<&Difference> = group.into_iter().filter(|x| x.measure.is_rate()).collect();
        if detail.contains(&r.label) {
            for x in &all_rates {
                let name = if r.label == "seat" { format!("seat {}", x.value) } else { x.value.clone() };
                lines.push(format!("{name} at {n} players: {}", change_text(x, "")));
            }
            continue;
        }
        // A value without units in one run has no difference: it is left out of Holm's family.
        let rates: Vec<&Difference> = all_rates.into_iter().filter(|x| !x.diff.is_nan()).collect();
        if rates.is_empty() {
            continue;
        }
        let adjusted = holm(&rates.iter().map(|x| x.p).collect::<Vec<_>>());
        let changed: Vec<usize> = (0..rates.len()).filter(|&k| adjusted[k] < ALPHA).collect();
        let largest = |ks: &mut dyn Iterator<Item = usize>| {
            ks.fold(None, |best: Option<usize>, k| match best {
                Some(b) if rates[b].diff.abs() >= rates[k].diff.abs() => Some(b),
                _ => Some(k),
            })
        };
        let head = format!("{} at {n} players", r.label);
        let value =
            |k: usize| if r.label == "seat" { format!("seat {}", rates[k].value) } else { rates[k].value.clone() };
        match largest(&mut changed.iter().copied()) {
            Some(k) => lines.push(format!(
                "{head}: {} {} ({}); {} of {} values changed (Holm, 5%)",
                value(k),
                change_text(rates[k], ""),
                p_text(rates[k].p),
                changed.len(),
                rates.len()
            )),
            None => {
                let k = largest(&mut (0..rates.len())).expect("a label has values");
                lines.push(format!("{head}: no change found (largest: {} {})", value(k), change_text(rates[k], "")));
            }
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(value: &str, a: f64, b: f64, diff: f64, interval: (f64, f64), p: f64) -> Difference {
        Difference {
            players: 2,
            label: "x".into(),
            value: value.into(),
            measure: Measure::WinRate,
            units_a: 8,
            units_b: if b.is_nan() { 0 } else { 8 },
            a,
            b,
            diff,
            diff_low: interval.0,
            diff_high: interval.1,
            p,
            deals: 8,
        }
    }

    /// A value without units in run B shows `—`, not `0.0%, −100.0 pp`, and is left out of the
    /// count of values (and of Holm's family).
    #[test]
    fn a_value_missing_from_one_run_is_shown_undefined_and_not_counted() {
        let nan = f64::NAN;
        let v = row("v", 1.0, nan, nan, (nan, nan), nan);
        assert_eq!(change_text(&v, ""), "100.0% → —, —");
        let rows = [row("u", 1.0, 0.5, -0.5, (-0.6, -0.4), 1e-4), v];
        assert_eq!(
            verdict_lines(&rows, &[], ""),
            [
                "x at 2 players: u 100.0% → 50.0%, −50.0 pp [−60.0, −40.0] (p = 1.0e-4); 1 of 1 values changed (Holm, 5%)"
            ]
        );
    }
}
