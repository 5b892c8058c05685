//! `meeple play`, `meeple run` (one spec, a seed sweep or a tournament), `meeple merge` and
//! `meeple puzzles`: run, then print the tables and what was written.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use anyhow::bail;
use meeple::registry::find;
use meeple::report::run_tables;
use meeple::stats::{Counts, rating_rows, ratings_table};
use meeple::tournament::league::{self, League};
use meeple::tournament::{Merged, RunOptions, SeatMode, Shard, Spec, files, merge};

use super::Msg;
use super::args::{ExecArgs, PlayArgs, PuzzlesArgs, RunArgs, parse_options};

/// `meeple play`: the spec the flags describe.
///
/// # Errors
/// Bad flags, or what [`execute`] returns.
pub fn play(a: PlayArgs) -> anyhow::Result<()> {
    let mut spec = a.spec.into_spec(a.players)?;
    spec.sprt = a.sprt.as_deref().map(str::parse::<meeple::stats::Sprt>).transpose()?;
    spec.tournament = a.tournament;
    execute(spec, a.exec)
}

/// `meeple run`: a spec file, with overrides, once or once per seed.
///
/// # Errors
/// An unreadable spec, bad overrides, or what [`execute`] returns.
pub fn run(a: RunArgs) -> anyhow::Result<()> {
    let seeds = a.overrides.seeds.clone();
    let spec = a.overrides.apply(Spec::from_file(&a.spec)?)?;
    match seeds {
        Some(s) => sweep(spec, &s, a.exec),
        None => execute(spec, a.exec),
    }
}

/// `meeple merge`: merges shard outputs, then prints the merged run's tables.
///
/// # Errors
/// What [`merge`] returns.
pub fn merge_shards(dirs: &[PathBuf], out: &std::path::Path) -> anyhow::Result<()> {
    let Merged { counts, written } = merge(dirs, out)?;
    let spec = Spec::from_file(&out.join(files::SPEC))?;
    print!("{}", run_tables(&counts, spec.seats, None));
    print_ratings(&counts, &spec.bots, spec.seats);
    warn(&counts, &spec);
    if written {
        println!("merged {} shards into {}", dirs.len(), out.display());
    } else {
        eprintln!("{} already holds this merge of {} shards; nothing written", out.display(), dirs.len());
    }
    Ok(())
}

/// `meeple puzzles`: the difficulty study.
///
/// # Errors
/// Bad options, or the study's error.
pub fn puzzles(a: PuzzlesArgs) -> anyhow::Result<()> {
    let study = meeple::puzzles::Study {
        options: parse_options(&a.options)?,
        grids: a.grid,
        items: a.items,
        count: a.count,
        seed: a.seed,
        game: a.game,
    };
    let out = a.out.unwrap_or_else(|| PathBuf::from(format!("runs/puzzles-{}-seed{}", study.game, study.seed)));
    study.run(&out, a.threads.map(NonZeroUsize::get), a.quiet)?;
    let f = &meeple::puzzles::files::ALL;
    println!("wrote {}/{{{}}}", out.display(), f.join(", "));
    Ok(())
}

/// Runs `spec` once per seed of `seeds` (see [`Overrides::seeds`]), seed `S` into `OUT/seedS`.
fn sweep(spec: Spec, seeds: &str, exec: ExecArgs) -> anyhow::Result<()> {
    let seeds = meeple::tournament::parse_seeds(seeds).msg()?;
    let (first, last) = (seeds[0], seeds[seeds.len() - 1]);
    let base = exec
        .out
        .clone()
        .or(spec.out.clone())
        .unwrap_or_else(|| PathBuf::from(format!("runs/{}-seeds{first}-{last}", spec.game)));
    for (i, &seed) in seeds.iter().enumerate() {
        println!("== seed {seed}");
        let out = base.join(format!("seed{seed}"));
        execute(Spec { seed, ..spec.clone() }, ExecArgs { out: Some(out), ..exec.clone() }).map_err(|e| {
            // The seeds before stay written: say so, and that the message is about this seed's folder.
            let done = match i {
                0 => "no seed finished".to_string(),
                _ => format!(
                    "seed{} {} written in {}",
                    join_seeds(&seeds[..i]),
                    if i == 1 { "is" } else { "are" },
                    base.display()
                ),
            };
            e.context(format!("--seeds: seed {seed} stopped ({done})"))
        })?;
    }
    println!(
        "ran {} seeds into {}/seed{{{}}}",
        seeds.len(),
        base.display(),
        seeds.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
    );
    Ok(())
}

/// `seeds` as `1` or `{1,2,3}`, as the folder names `seed1`, `seed{1,2,3}` write them.
fn join_seeds(seeds: &[u64]) -> String {
    match seeds {
        [s] => s.to_string(),
        _ => format!("{{{}}}", seeds.iter().map(u64::to_string).collect::<Vec<_>>().join(",")),
    }
}

/// Plays the tournament `spec` into its output directory: every match as `execute` runs it (with
/// its report), then the cross-table and the ratings of all bots.
fn tournament(spec: Spec, league: League, exec: ExecArgs) -> anyhow::Result<()> {
    if exec.shard.is_some() {
        bail!("--shard: a tournament is not split into shards; run its matches (OUT/NN-A-vs-B) with --shard");
    }
    (find(&spec.game)?.check_bots)(&spec, &exec.bots_dir)?;
    let out = exec.out.clone().or(spec.out.clone()).unwrap_or_else(|| {
        PathBuf::from(format!(
            "runs/{}-{}",
            spec.game,
            match league {
                League::RoundRobin => "round-robin",
                League::Gauntlet => "gauntlet",
            }
        ))
    });
    let mut interrupted = None;
    let standings = league::run(&spec, league, &out, |m, dir| {
        println!("== {} vs {} ({})", m.bots[0], m.bots[1], dir.display());
        execute(m.clone(), ExecArgs { out: Some(dir.to_path_buf()), ..exec.clone() }).map_err(|e| {
            if super::interrupted(&e).is_none() {
                return e;
            }
            let text = anyhow::anyhow!("{e}");
            interrupted = Some(e);
            text
        })?;
        anyhow::Ok(meeple::tournament::read_counts(dir)?)
    });
    let standings = match (standings, interrupted) {
        (Ok(s), _) => s,
        // An interrupted match stops the tournament with its own message and exit status.
        (Err(_), Some(e)) => return Err(e),
        (Err(e), None) => return Err(e.into()),
    };
    println!(
        "\ncross-table (score of the row bot, alone against a field of the column bot; at 3+ seats its win share, \
         fair share 1/n; {}):",
        league::CROSSTABLE
    );
    print!("{}", league::crosstable_text(&standings.crosstable, &spec.bots));
    standings.crosstable.iter().for_each(|r| println!("{r}"));
    println!(
        "\nratings (over all matches: {}; {}):\n{}",
        RATING_METHODS,
        files::RATINGS,
        ratings_table(&standings.ratings)
    );
    let skill_svg = out.join("skill.svg");
    meeple::report::skill_plot(&skill_svg, &spec.game, &standings.skill)?;
    println!(
        "\nskill depth (win-rate gap of each two bots, (wins - losses) / results, 95% interval; {}):",
        files::SKILL
    );
    print!("{}", skill_text(&standings.skill));
    println!(
        "wrote {}/{{{}, {}, {}, {}, skill.svg}} and one directory per match",
        out.display(),
        files::SPEC,
        league::CROSSTABLE,
        files::RATINGS,
        files::SKILL
    );
    Ok(())
}

/// One line per row of skill depth: `3 players, greedy vs random: +88.4 pp [+85.1, +91.2] over 600 results`.
fn skill_text(rows: &[meeple::stats::skill::SkillRow]) -> String {
    let pp = |x: Option<f64>| x.map_or("-".into(), |x| format!("{:+.1}", 100.0 * x));
    rows.iter()
        .map(|r| {
            format!(
                "{} players, {} vs {}: {} pp [{}, {}] over {} results{}\n",
                r.players,
                r.bot,
                r.opponent,
                pp(r.gap),
                pp(r.ci_low),
                pp(r.ci_high),
                r.results,
                r.caveat().map(|c| format!(" ({c})")).unwrap_or_default()
            )
        })
        .collect()
}

/// Validates, then runs `spec` with the execution options, then prints the report.
fn execute(mut spec: Spec, exec: ExecArgs) -> anyhow::Result<()> {
    if let Some(league) = spec.tournament {
        return tournament(spec, league, exec);
    }
    let game = find(&spec.game)?;
    if let Some(s) = &exec.shard {
        spec.shard = Some(s.parse::<Shard>().msg()?);
    }
    let out =
        exec.out.or(spec.out.clone()).unwrap_or_else(|| PathBuf::from(format!("runs/{}-seed{}", spec.game, spec.seed)));
    // `--crosstab B,A` where the run in `out` recorded `A,B`: the same pair, so it resumes.
    meeple::tournament::orient_crosstab(&mut spec, &out);
    let opts =
        RunOptions { threads: exec.threads.map(NonZeroUsize::get), quiet: exec.quiet, profile_dir: exec.bots_dir };
    // A report of a run that grows is removed when it starts growing (it would be stale), and
    // made again once the grown run is complete.
    let reported = out.join(meeple::report::REPORT_FILE).is_file();
    let ran = (game.run)(&spec, &out, &opts)?;
    if reported && !out.join(meeple::report::REPORT_FILE).exists() {
        let r = meeple::report::report(&out)?;
        let made = std::iter::once(out.join(meeple::report::REPORT_FILE)).chain(r.plots);
        eprintln!("the run grew: rewrote {}", made.map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "));
    }
    let counts = ran.counts;
    let seats = Some(spec.seat_mode());
    print!("{}", run_tables(&counts, seats, spec.sprt.as_ref()));
    print_ratings(&counts, &spec.bots, seats);
    warn(&counts, &spec);
    // The pairs declared with `--crosstab`: say they were recorded and how to see them.
    if let Some(first) = spec.crosstab.first() {
        println!(
            "cross-tabulations recorded: {} (meeple report {} --by {first}; meeple report {} writes them all)",
            meeple::report::pairs_text(spec.crosstab.iter().map(String::as_str)),
            out.display(),
            out.display()
        );
    }
    if let Some(rewrote) = ran.already_complete {
        match rewrote.is_empty() {
            // Status lines on stderr (as `resuming …`, `the run grew: …`); stdout has the results.
            true => eprintln!("{}: already complete; nothing written", out.display()),
            false => eprintln!("{}: already complete; rewrote {}", out.display(), rewrote.join(", ")),
        }
        return Ok(());
    }
    let mut extra = String::new();
    let written = [
        (!counts.versus.is_empty(), files::VERSUS),
        (!rating_rows(&counts, &spec.bots, seats).is_empty(), files::RATINGS),
        (spec.per_game, files::GAMES),
        (!counts.metrics.is_empty(), files::METRICS),
    ];
    for (on, file) in written {
        if on {
            extra += &format!(", {file}");
        }
    }
    println!(
        "wrote {}/{{{}, {}, {}, {}, {}{extra}}}",
        out.display(),
        files::SUMMARY,
        files::BALANCE,
        files::COUNTS,
        files::SPEC,
        files::RUN
    );
    Ok(())
}

/// Prints the caveats about the numbers of a run of `spec` (material truncation, an SPRT stopped
/// early) to stderr, after its tables.
fn warn(counts: &Counts, spec: &Spec) {
    meeple::report::caveats(counts, Some(spec)).iter().for_each(|w| eprintln!("warning: {w}"));
}

/// How `ratings.csv` rates bots, for the console.
const RATING_METHODS: &str = "2 seats: Elo or Bradley–Terry from game results; 3+ seats: Plackett–Luce from finishing \
                              orders, wins/shared = sole/shared wins (ratings.csv: wins/draws), score = win share per seat, intervals and LOS \
                              by bootstrap over deals";

/// Prints the bot ratings, for runs with two distinct bots or more.
fn print_ratings(counts: &Counts, lineup: &[String], seats: Option<SeatMode>) {
    let rows = rating_rows(counts, lineup, seats);
    if !rows.is_empty() {
        println!("\nratings ({RATING_METHODS}; {}):\n{}", files::RATINGS, ratings_table(&rows));
    }
}
