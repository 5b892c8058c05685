//! `meeple sweep`: a grid of rule variants (one run folder each), raced or not, sharded onto a
//! Slurm array or not; then `sweep.csv`, `sweep.svg` and a table of the objective per variant.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use anyhow::{Context, bail};
use meeple::tournament::{RunOptions, Shard};
use meeple::variants::run::{merge_sweep, race_record, run_shard, run_sweep};
use meeple::variants::sweep::{SWEEP_CSV, SWEEP_SVG, Sweep, SweepRow};

use super::Msg;
use super::args::SweepArgs;

/// The copy of the sweep spec in the output folder.
const SWEEP_TOML: &str = "sweep.toml";

/// `meeple sweep`.
///
/// # Errors
/// A bad spec or variant (named before anything is played), a failed run or merge, the outputs.
pub fn sweep(a: SweepArgs) -> anyhow::Result<()> {
    let mut sweep = Sweep::from_file(&a.spec)?;
    let spec_text = std::fs::read_to_string(&a.spec).with_context(|| format!("cannot read {}", a.spec.display()))?;
    let copy = spec_copy(&spec_text, &sweep, a.seed, a.games)?;
    sweep.base.games = a.games.unwrap_or(sweep.base.games);
    sweep.base.seed = a.seed.unwrap_or(sweep.base.seed);
    sweep.base.metrics |= a.metrics;
    let variants = sweep.variants();
    let width = sweep.width();
    if a.count {
        println!("{}", variants.len());
        for v in &variants {
            eprintln!("{}: {}", v.dir(width), v.describe());
        }
        return Ok(());
    }
    let exec = a.exec;
    let out = exec.out.clone().or(sweep.base.out.clone()).unwrap_or_else(|| {
        let stem = a.spec.file_stem().map_or("sweep".into(), |s| s.to_string_lossy().into_owned());
        PathBuf::from(format!("runs/sweep-{stem}"))
    });
    let opts =
        RunOptions { threads: exec.threads.map(NonZeroUsize::get), quiet: exec.quiet, profile_dir: exec.bots_dir };
    if let Some(number) = a.variant {
        let shard = exec.shard.as_deref().map(str::parse::<Shard>).transpose().msg()?.expect("clap requires --shard");
        let dir = run_shard(&sweep, number, shard, &out, &opts)?;
        println!("played shard {shard} of variant {number} into {dir}");
        return Ok(());
    }
    if exec.shard.is_some() {
        bail!("--shard: a sweep is sharded per variant: give --variant I with --shard k/n (see slurm/sweep.sbatch)");
    }
    if a.merge.is_none() {
        // Before the output folder is made: a bad variant leaves nothing behind.
        sweep.check(&opts.profile_dir)?;
        if let Some(note) = sweep.objective_note() {
            eprintln!("{note}");
        }
        if a.race {
            // A race of another spec in `out` is refused before sweep.toml is rewritten.
            race_record(&sweep, &out, usize::from(a.rounds))?;
        }
    }
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    std::fs::write(out.join(SWEEP_TOML), copy)
        .with_context(|| format!("cannot copy the spec into {}", out.display()))?;
    let (rows, race) = match a.merge {
        Some(n) => (merge_sweep(&sweep, n, &out)?, None),
        None => {
            let quiet = opts.quiet;
            let race = a.race.then_some(usize::from(a.rounds));
            let swept = run_sweep(&sweep, &out, &opts, race, |line| {
                if !quiet {
                    eprintln!("{line}");
                }
            })?;
            (swept.rows, swept.race)
        }
    };
    print!("{}", table(&sweep, &rows));
    if let Some((played, full)) = race {
        let saved = full - played;
        println!(
            "race ({} rounds): played {played} of {full} games (summed over variants and player counts); saved {saved} ({:.0}%)",
            a.rounds,
            100.0 * saved as f64 / full.max(1) as f64
        );
    }
    println!("wrote {}/{{{SWEEP_CSV}, {SWEEP_SVG}, {SWEEP_TOML}}} and one run folder per variant", out.display());
    Ok(())
}

/// The console table: one line per variant and player count, then the variant whose worst
/// absolute gap is smallest.
fn table(sweep: &Sweep, rows: &[SweepRow]) -> String {
    use std::fmt::Write;
    let pp = |x: f64| format!("{:+.1}", 100.0 * x);
    let mut text = format!(
        "objective: {} {} (gap from the reference in balance.csv, pp, 95% interval):\n",
        sweep.objective.label,
        sweep.objective.value.as_deref().unwrap_or("(value farthest from the reference)")
    );
    let name_width = rows.iter().map(|r| r.variant.describe().len()).max().unwrap_or(0);
    for r in rows {
        let (g, lo, hi) = r.fields.gap;
        let f = &r.fields.fields;
        let out = r.eliminated.map_or(String::new(), |k| format!("  (raced out after round {k}, {} games)", f[0]));
        let _ = writeln!(
            text,
            "  {:>3} {:<name_width$}  {} players  {} {} [{}, {}]  omnibus p {}  seat 0 {} pp  length {}{out}",
            r.variant.number,
            r.variant.describe(),
            r.players,
            f[1],
            pp(g),
            pp(lo),
            pp(hi),
            f[7],
            if f[8].is_empty() { "-".into() } else { pp(f[8].parse().unwrap_or(f64::NAN)) },
            f[11]
        );
    }
    // Best: the smallest worst |gap| over the variant's player counts, among full runs.
    let mut best: Option<(usize, f64, &SweepRow)> = None;
    let mut i = 0;
    while i < rows.len() {
        let n = rows[i].variant.number;
        let group: Vec<&SweepRow> = rows[i..].iter().take_while(|r| r.variant.number == n).collect();
        i += group.len();
        if group[0].eliminated.is_some() {
            continue;
        }
        let worst = group.iter().map(|r| r.fields.gap.0.abs()).fold(0.0, f64::max);
        if best.is_none_or(|(_, w, _)| worst < w) {
            best = Some((n, worst, group[0]));
        }
    }
    if let Some((n, worst, r)) = best {
        let _ = writeln!(
            text,
            "closest to the reference: variant {n} ({}), worst |gap| {:.1} pp",
            r.variant.describe(),
            100.0 * worst
        );
    }
    text
}

/// The text of `sweep.toml`: the spec as written, or, when `--seed` or `--games` changes its
/// value, the spec with the values used (its tables rewritten by `toml`, comments dropped) after
/// a comment line naming the flags.
fn spec_copy(text: &str, sweep: &Sweep, seed: Option<u64>, games: Option<u64>) -> anyhow::Result<String> {
    let changed: Vec<(&str, u64)> = [("seed", seed, sweep.base.seed), ("games", games, sweep.base.games)]
        .into_iter()
        .filter_map(|(k, flag, own)| flag.filter(|&f| f != own).map(|f| (k, f)))
        .collect();
    if changed.is_empty() {
        return Ok(text.to_string());
    }
    let mut table: toml::Table = toml::from_str(text)?;
    let mut flags = Vec::new();
    for (k, v) in changed {
        let i = i64::try_from(v).with_context(|| format!("--{k} {v}: too large for a TOML integer"))?;
        table.insert(k.to_string(), toml::Value::Integer(i));
        flags.push(format!("--{k} {v}"));
    }
    Ok(format!("# the spec with {} from the command line\n{}", flags.join(" and "), toml::to_string(&table)?))
}
