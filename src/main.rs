//! The `meeple` command line: play tournaments, run experiment specs, merge shards, benchmark.
//! This file parses the command line and dispatches; the commands are in `cli/`.

mod cli;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use cli::args::{BenchArgs, CompareArgs, PlayArgs, PuzzlesArgs, ReplayArgs, RunArgs, SweepArgs};

/// meeple: seeded, parallel tournaments and balance statistics for tabletop games.
#[derive(Parser)]
#[command(version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play a tournament described by flags; writes spec.toml, summary.csv, counts.json (plus
    /// ratings.csv with two or more distinct bots, versus.csv for lineups A,B or A,B,B,…, and
    /// games.csv with --per-game) to --out.
    Play(PlayArgs),
    /// Run an experiment spec (TOML file with the same fields as `play`'s flags).
    Run(RunArgs),
    /// Replay game --index of a run action by action: from its directory or spec.toml, or from
    /// the same flags as `play`.
    Replay(ReplayArgs),
    /// Tables (the spec and caveats, bot A against bot B, the SPRT, ratings, win rates with 95%
    /// intervals by label and player count, game length) and SVG plots from a run directory; also
    /// written to DIR/report.md and DIR/LABEL.svg.
    Report {
        /// A run directory (written by play, run or merge).
        dir: PathBuf,
        /// Instead, cross-tabulate two labels (`seat`, `bot`, a seat or game label), e.g.
        /// `wonder,seat`: win rate and mean score per pair of values, from counts.json when the
        /// run recorded the pair (`play --crosstab A,B`), else from games.csv (runs with
        /// --per-game); written to DIR/crosstab_A_B.csv and a heat map per player count.
        #[arg(long, value_name = "A,B")]
        by: Option<String>,
    },
    /// Play two rule variants on the same seeds and deals (OUT/a, OUT/b: ordinary run folders) and
    /// report B − A per label value, for scores and for game length, with paired 95% intervals
    /// (compare.csv) and one verdict line per label.
    Compare(CompareArgs),
    /// Play a grid of rule variants from a sweep spec, one run folder each (or race them:
    /// --race), and write sweep.csv (per variant and player count: the objective label's gap from
    /// its reference with its interval, the omnibus p-value, seat 0's gap, mean length, design
    /// metrics when recorded) and sweep.svg.
    Sweep(SweepArgs),
    /// List the games (with their player counts, options and labels, each with its meaning), the
    /// bots (with their parameters) and the commands.
    List,
    /// Measure random playouts per second on one core and on all cores (--threads), or a bot's
    /// speed (--bot).
    Bench(BenchArgs),
    /// Difficulty study without play (Laser Reflection): generate puzzles for every --grid ×
    /// --items setting, run the reference solver on each, write puzzles.csv (one row per
    /// puzzle), summary.csv (the spec's statistics per setting), report.md and ref_nodes.svg.
    /// Byte-identical for any thread count.
    Puzzles(PuzzlesArgs),
    /// Merge the output directories of shards 1/n … n/n into what a single run writes. Each
    /// shard must be finished and not in use (a shard still running, or holding a
    /// checkpoint.json, is refused); --out must be new or empty, or already hold exactly this
    /// merge (then nothing is written).
    Merge {
        /// Shard output directories.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Output directory for the merged results.
        #[arg(long)]
        out: PathBuf,
    },
    /// Skill depth from several run folders of one game (e.g. runs of greedy,random,
    /// ismcts,greedy and ismcts,random): per player count and pair of bots, the pooled pairwise
    /// results and the win-rate gap (wins − losses)/results with its 95% interval (a bootstrap
    /// over deals at 3+ seats), as CSV; a tournament writes the same skill.csv itself.
    Skill {
        /// Run directories (finished runs with counts.json).
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Also write the CSV to this file, and its plot beside it (the same name, .svg).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    // Like other Unix tools, stop quietly when the reader of our output goes away (`| head`).
    #[cfg(unix)]
    // SAFETY: sets a signal disposition before any thread starts; no handler code runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::from_arg_matches(&cli_command().get_matches()).unwrap_or_else(|e| e.exit());
    // Ctrl-C, SIGTERM and SIGHUP stop a run at its next window with its checkpoint saved, a merge
    // or a puzzle study with nothing written; the other commands keep the signals' usual actions
    // (they stop at once).
    if matches!(
        cli.command,
        Command::Play(_)
            | Command::Run(_)
            | Command::Compare(_)
            | Command::Sweep(_)
            | Command::Merge { .. }
            | Command::Puzzles(_)
    ) && let Err(e) = meeple::tournament::interrupt::install()
    {
        eprintln!("warning: cannot handle interrupts ({e}): an interrupted run resumes from its last checkpoint");
    }
    match dispatch(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => match cli::interrupted(&e) {
            // Said also under --quiet: the run stopped before its end, and can be resumed.
            Some((signal, text)) => {
                eprintln!("{text}");
                ExitCode::from(u8::try_from(128 + signal).unwrap_or(1))
            }
            None => {
                eprintln!("error: {}", cli::error_text(&e));
                ExitCode::from(2)
            }
        },
    }
}

/// The command line: `Cli`'s, with the `--out` help of `compare` and `sweep` stating their own
/// defaults (the flag is shared by every command that plays, whose default folders differ).
fn cli_command() -> clap::Command {
    let out = |help: &'static str| move |c: clap::Command| c.mut_arg("out", |a| a.help(help));
    Cli::command()
        .mut_subcommand(
            "compare",
            out("Output directory [default: the spec's `out`, else runs/compare-GAME-seedSEED]; with --runs, \
                 where compare.csv goes (none without it)"),
        )
        .mut_subcommand(
            "sweep",
            out("Output directory [default: the spec's `out`, else runs/sweep-STEM, STEM the spec's file name \
                 without .toml]"),
        )
}

fn dispatch(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Play(a) => cli::run::play(a),
        Command::Run(a) => cli::run::run(a),
        Command::Replay(a) => cli::replay::replay(a),
        Command::Compare(a) => cli::compare::compare(a),
        Command::Sweep(a) => cli::sweep::sweep(a),
        Command::Report { dir, by } => cli::report::report(&dir, by.as_deref()),
        Command::List => {
            print!("{}", cli::list::list(&cli_command())?);
            Ok(())
        }
        Command::Bench(a) => cli::bench::bench(a),
        Command::Puzzles(a) => cli::run::puzzles(a),
        Command::Merge { dirs, out } => cli::run::merge_shards(&dirs, &out),
        Command::Skill { dirs, out } => cli::report::skill(&dirs, out.as_deref()),
    }
}
