//! `meeple compare`: two rule variants on the same deals, run into `OUT/a` and `OUT/b`, then the
//! paired differences (`OUT/compare.csv`) and one verdict line per label.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use meeple::registry::find;
use meeple::tournament::{RunOptions, Shard, Spec, files};
use meeple::variants::compare::{COMPARE_CSV, Comparison, differences, run_dirs, verdict_lines, write_compare};
use meeple::variants::parse_variant;

use super::Msg;
use super::args::CompareArgs;

/// `meeple compare`.
///
/// # Errors
/// Bad flags or options (named before anything is played), a failed run, or runs that do not
/// pair.
pub fn compare(a: CompareArgs) -> anyhow::Result<()> {
    if let Some(runs) = &a.runs {
        return compare_runs(&runs[0], &runs[1], a.exec.out.as_deref(), &a.labels);
    }
    let variant = |which: &str, text: &Option<String>| {
        text.as_deref().map(parse_variant).transpose().with_context(|| format!("--{which}"))
    };
    let (va, vb) = (variant("a", &a.a)?, variant("b", &a.b)?);
    let mut cmp = match (&a.spec_file, a.spec) {
        (Some(path), _) => {
            let mut c = Comparison::from_file(path)?;
            c.base.players = a.players.clone().or(c.base.players);
            c
        }
        (None, Some(spec)) => {
            if va.is_none() || vb.is_none() {
                bail!("compare needs both variants: --a KEY=VALUE,… and --b KEY=VALUE,… (or a spec with [a] and [b])");
            }
            Comparison { base: spec.into_spec(a.players.clone())?, a: Default::default(), b: Default::default() }
        }
        (None, None) => bail!("give a compare spec, or --game with --a and --b (see meeple compare --help)"),
    };
    cmp.a.extend(va.unwrap_or_default());
    cmp.b.extend(vb.unwrap_or_default());
    let exec = a.exec;
    // A variant is named as the user wrote it: a spec file's `[a]` table, the `--a` flag, or both.
    let name = |which: &str, flag: bool| match (a.spec_file.is_some(), flag) {
        (true, true) => format!("[{which}] with --{which}"),
        (true, false) => format!("[{which}]"),
        (false, _) => format!("--{which}"),
    };
    let names = [name("a", a.a.is_some()), name("b", a.b.is_some())];
    cmp.check(&exec.bots_dir, [&names[0], &names[1]])?;
    let game = find(&cmp.base.game)?;
    check_labels(&a.labels, game.seat_labels, game.game_labels)?;
    let shard = exec.shard.as_deref().map(str::parse::<Shard>).transpose().msg()?;
    let out = exec
        .out
        .clone()
        .or(cmp.base.out.clone())
        .unwrap_or_else(|| PathBuf::from(format!("runs/compare-{}-seed{}", cmp.base.game, cmp.base.seed)));
    let opts =
        RunOptions { threads: exec.threads.map(NonZeroUsize::get), quiet: exec.quiet, profile_dir: exec.bots_dir };
    let dirs = run_dirs(&out);
    for ((spec, dir), name) in cmp.specs().into_iter().zip(&dirs).zip(["A", "B"]) {
        let spec = Spec { shard, ..spec };
        let options: Vec<String> = spec.options.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        let options = format!("{{ {} }}", options.join(", "));
        eprintln!("== variant {name} {options}: {}", dir.display());
        let ran = (game.run)(&spec, dir, &opts)?;
        if ran.already_complete.is_some() {
            eprintln!("{}: already complete", dir.display());
        }
    }
    if let Some(s) = shard {
        println!(
            "played shard {s} of both variants into {}; once every shard has run, merge each variant \
             (meeple merge SHARDS/a … --out M/a, the same for b), then: meeple compare --runs M/a M/b --out M",
            out.display()
        );
        return Ok(());
    }
    compare_runs(&dirs[0], &dirs[1], Some(&out), &a.labels)
}

/// Refuses a `--label` the game does not have, listing those it has.
fn check_labels(labels: &[String], seat: &[&str], game: &[&str]) -> anyhow::Result<()> {
    let known: Vec<&str> =
        ["seat", "bot"].into_iter().chain(seat.iter().copied()).chain(game.iter().copied()).collect();
    match labels.iter().find(|l| !known.contains(&l.as_str())) {
        Some(l) => bail!("--label `{l}`: no such label; labels: {}", known.join(", ")),
        None => Ok(()),
    }
}

/// Pairs two finished runs, prints the verdicts and writes `out/compare.csv` when `out` is given.
fn compare_runs(a: &Path, b: &Path, out: Option<&Path>, labels: &[String]) -> anyhow::Result<()> {
    let spec_a = Spec::from_file(&a.join(files::SPEC))?;
    let spec_b = Spec::from_file(&b.join(files::SPEC))?;
    let same = |s: &Spec| Spec { options: Default::default(), ..s.clone() };
    let differ = same(&spec_a).differences(&same(&spec_b));
    if !differ.is_empty() {
        let (fa, fb) = (spec_a.fields(), spec_b.fields());
        let value = |t: &toml::Table, k: &str| t.get(k).map_or("absent".to_string(), |v| v.to_string());
        let said: Vec<String> =
            differ.iter().map(|k| format!("{k}: {} in A, {} in B", value(&fa, k), value(&fb, k))).collect();
        bail!(
            "{} and {} are not one spec under two variants: only their [options] may differ, not {} (compare \
             their spec.toml)",
            a.display(),
            b.display(),
            said.join("; ")
        );
    }
    let game = find(&spec_a.game)?;
    check_labels(labels, game.seat_labels, game.game_labels)?;
    let rows = differences(a, b, game.seat_labels, game.game_labels).map_err(anyhow::Error::msg)?;
    let unit = game.scoring.map_or("", |s| s.unit);
    println!("B − A, paired over shared deals (95% intervals); A = {}, B = {}:", a.display(), b.display());
    for line in verdict_lines(&rows, labels, unit) {
        println!("{line}");
    }
    if let Some(out) = out {
        std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
        write_compare(&rows, out)?;
        println!("wrote {}/{COMPARE_CSV} (every label value, score and length; a/ and b/ are the runs)", out.display());
    }
    Ok(())
}
