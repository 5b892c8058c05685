//! The `meeple` command line: play tournaments, run experiment specs, merge shards, benchmark.

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use meeple::bots::ext::Abort;
use meeple::registry::{GAMES, find};
use meeple::replay::Format;
use meeple::report::run_tables;
use meeple::stats::{Counts, ScoreUnit, rating_rows, ratings_table};
use meeple::tournament::league::{self, League};
use meeple::tournament::{
    DEFAULT_GAMES, DEFAULT_MAX_ACTIONS, DEFAULT_SEED, PlayerCounts, RunOptions, SeatMode, Shard, Spec, files, merge,
};

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
    },
    /// List the games (with their player counts and options) and the bots (with their parameters).
    List,
    /// Measure random playouts per second on one core and on all cores (--threads), or a bot's
    /// speed (--bot).
    Bench(BenchArgs),
    /// Difficulty study without play (Laser Reflection): generate puzzles for every --grid ×
    /// --items setting, run the reference solver on each, write puzzles.csv (one row per
    /// puzzle), summary.csv (the spec's statistics per setting), report.md and ref_nodes.svg.
    /// Byte-identical for any thread count.
    Puzzles(PuzzlesArgs),
    /// Merge the output directories of shards 1/n … n/n into what a single run writes.
    Merge {
        /// Shard output directories.
        #[arg(required = true)]
        dirs: Vec<PathBuf>,
        /// Output directory for the merged results.
        #[arg(long)]
        out: PathBuf,
    },
}

#[derive(Args)]
struct PuzzlesArgs {
    /// Game name (only `laserreflection` has puzzles).
    #[arg(long)]
    game: String,
    /// Grid sizes N, comma-separated (4 to 12).
    #[arg(long, value_delimiter = ',', default_value = "8")]
    grid: Vec<u8>,
    /// Item counts K, comma-separated (3 to 30).
    #[arg(long, value_delimiter = ',', default_value = "10")]
    items: Vec<u8>,
    /// Puzzles per setting.
    #[arg(long, default_value_t = 1000)]
    count: u64,
    /// Master seed: puzzle i of setting j is a pure function of (options, seed, j, i).
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Game option `key=value` (TOML value), repeatable, e.g. `--option warps=true`; the game's
    /// options, their values and defaults: `meeple list`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Output directory (default runs/puzzles-GAME-seedSEED).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: all cores); results do not depend on it.
    #[arg(long, value_parser = thread_count)]
    threads: Option<NonZeroUsize>,
    /// Hide the progress lines (one per setting, on stderr); the closing `wrote` line stays, as
    /// with `play --quiet` and `run --quiet`.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args)]
struct PlayArgs {
    /// Player count [default: the game's only count, or the number of bots].
    #[arg(long, value_name = "N|N,M,…|N-M")]
    players: Option<PlayerCounts>,
    #[command(flatten)]
    spec: SpecArgs,
    /// Sequential probability ratio test of the first bot against the other (logistic Elo,
    /// fishtest's GSPRT): stop as soon as elo <= elo0 or elo >= elo1 is accepted, e.g. 0,10,0.05,0.05.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    sprt: Option<String>,
    /// Play a tournament of the bots instead of one lineup: every pair (round-robin) or the first
    /// bot against each other (gauntlet), each pair as a paired match `--bots A,B` in OUT/NN-A-vs-B,
    /// then a cross-table (crosstable.csv) and Bradley–Terry ratings of all (ratings.csv).
    #[arg(long, value_enum)]
    tournament: Option<meeple::tournament::league::League>,
    #[command(flatten)]
    exec: ExecArgs,
}

/// The flags that make a spec (besides the player count), shared by `play` and `replay`.
#[derive(Args)]
struct SpecArgs {
    /// Game name (see `meeple list`).
    #[arg(long)]
    game: String,
    /// Bots, one per seat, one for all, or two (the first in one seat against a field of the
    /// second): a kind (`random`, `greedy`, `mcts:iterations=1000,c=1.4`, `ismcts:iterations=500`)
    /// or a profile in bots/. Separated by commas (a `key=value` item continues the bot before
    /// it), or by `;` (quote it in the shell) when that is clearer: `'mcts:c=2,iterations=50;random'`.
    #[arg(long, default_value = "random")]
    bots: String,
    /// Number of games.
    #[arg(long, default_value_t = DEFAULT_GAMES)]
    games: u64,
    /// Master seed: game i is a pure function of (spec, seed, i).
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Seat assignment [default: rotate when the lineup has two or more distinct bots (every deal
    /// played under each rotation, so no bot keeps a seat's advantage), else fixed].
    #[arg(long, value_enum)]
    seats: Option<SeatMode>,
    /// Action cap per game; capped games are counted as truncated.
    #[arg(long, default_value_t = DEFAULT_MAX_ACTIONS)]
    max_actions: usize,
    /// Also write games.csv, one row per game.
    #[arg(long)]
    per_game: bool,
    /// Game option `key=value` (TOML value), repeatable, e.g. `--option bga_small_tables=true`; each
    /// game's options, their values and defaults: `meeple list`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
}

impl SpecArgs {
    fn into_spec(self, players: Option<PlayerCounts>) -> Result<Spec, String> {
        Ok(Spec {
            game: self.game,
            players,
            bots: meeple::bots::split_lineup(&self.bots),
            games: self.games,
            seed: self.seed,
            seats: self.seats,
            max_actions: self.max_actions,
            per_game: self.per_game,
            options: parse_options(&self.options)?,
            sprt: None,
            tournament: None,
            shard: None,
            out: None,
        })
    }
}

#[derive(Args)]
#[command(override_usage = "meeple replay <SOURCE> --index <INDEX> [OPTIONS]\n       \
                  meeple replay --game <GAME> --index <INDEX> [OPTIONS] [FLAGS OF PLAY]")]
struct ReplayArgs {
    /// A run directory, its spec.toml or an experiment spec; or omit it and give `play`'s flags
    /// (--game and the others).
    #[arg(conflicts_with = "SpecArgs")]
    source: Option<PathBuf>,
    /// Game index (0-based, as in games.csv).
    #[arg(long)]
    index: u64,
    /// Player count: the count to replay when the run plays several; with `play`'s flags, as there.
    #[arg(long)]
    players: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Directory of bot profiles.
    #[arg(long, default_value = "bots")]
    bots_dir: PathBuf,
    #[command(flatten, next_help_heading = "Flags of play (only without SOURCE; then --game is required)")]
    spec: Option<SpecArgs>,
}

#[derive(Args)]
struct RunArgs {
    /// Experiment spec, e.g. experiments/connect4-random.toml.
    spec: PathBuf,
    #[command(
        flatten,
        next_help_heading = "Overrides (replace the spec's field for this run; the file is not changed)"
    )]
    overrides: Overrides,
    #[command(flatten)]
    exec: ExecArgs,
}

/// Fields of a spec replaced for one `run`: the run is exactly the run of the spec edited that way
/// (its `spec.toml` shows the result).
#[derive(Args)]
struct Overrides {
    /// Player count(s): N, a list N,M,… or a range N-M.
    #[arg(long, value_name = "N|N,M,…|N-M")]
    players: Option<PlayerCounts>,
    /// Bot lineup, as for `play`.
    #[arg(long)]
    bots: Option<String>,
    /// Games per player count.
    #[arg(long)]
    games: Option<u64>,
    /// Master seed.
    #[arg(long, conflicts_with = "seeds")]
    seed: Option<u64>,
    /// Seed sweep: run the spec once per seed, each into OUT/seedS (a range A..B, both ends
    /// included, or a list A,B,…); each run is the one `--seed S` makes.
    #[arg(long, value_name = "A..B|A,B,…")]
    seeds: Option<String>,
    /// Seat assignment.
    #[arg(long, value_enum)]
    seats: Option<SeatMode>,
    /// Action cap per game.
    #[arg(long)]
    max_actions: Option<usize>,
    /// Also write games.csv.
    #[arg(long)]
    per_game: bool,
    /// Game option `key=value`, repeatable: added to the spec's [options], replacing a key it has
    /// (the game's options: `meeple list`).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
}

impl Overrides {
    /// `spec` with these fields replaced.
    fn apply(self, mut spec: Spec) -> Result<Spec, String> {
        spec.players = self.players.or(spec.players);
        if let Some(b) = self.bots {
            spec.bots = meeple::bots::split_lineup(&b);
        }
        spec.games = self.games.unwrap_or(spec.games);
        spec.seed = self.seed.unwrap_or(spec.seed);
        spec.seats = self.seats.or(spec.seats);
        spec.max_actions = self.max_actions.unwrap_or(spec.max_actions);
        spec.per_game |= self.per_game;
        spec.options.extend(parse_options(&self.options)?);
        Ok(spec)
    }
}

/// Runs `spec` once per seed of `seeds` (see [`Overrides::seeds`]), seed `S` into `OUT/seedS`.
fn sweep(spec: Spec, seeds: &str, exec: ExecArgs) -> Result<(), String> {
    let seeds = meeple::tournament::parse_seeds(seeds)?;
    let (first, last) = (seeds[0], seeds[seeds.len() - 1]);
    let base = exec
        .out
        .clone()
        .or(spec.out.clone())
        .unwrap_or_else(|| PathBuf::from(format!("runs/{}-seeds{first}-{last}", spec.game)));
    for &seed in &seeds {
        println!("== seed {seed}");
        let out = base.join(format!("seed{seed}"));
        execute(Spec { seed, ..spec.clone() }, ExecArgs { out: Some(out), ..exec.clone() })?;
    }
    println!(
        "ran {} seeds into {}/seed{{{}}}",
        seeds.len(),
        base.display(),
        seeds.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
    );
    Ok(())
}

/// Options that change how a run executes, never its results.
#[derive(Args, Clone)]
struct ExecArgs {
    /// Output directory [default: runs/GAME-seedSEED].
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads, at least 1 [default: all cores].
    #[arg(long, value_parser = thread_count)]
    threads: Option<NonZeroUsize>,
    /// Play only shard k of n (k/n, 1-based), for runs spread over machines; see `merge`.
    #[arg(long, value_parser = clap::value_parser!(String))]
    shard: Option<String>,
    /// Hide the progress bar.
    #[arg(long)]
    quiet: bool,
    /// Directory of bot profiles.
    #[arg(long, default_value = "bots")]
    bots_dir: PathBuf,
}

#[derive(Args)]
struct BenchArgs {
    /// Game name.
    #[arg(long)]
    game: String,
    /// Player count [default: the game's smallest].
    #[arg(long)]
    players: Option<usize>,
    /// Seconds per measurement (more than 0).
    #[arg(long, default_value_t = 3.0, value_parser = positive_seconds)]
    seconds: f64,
    /// Threads for the all-cores measurement, at least 1; 1 measures one thread only [default: all
    /// cores].
    #[arg(long, value_parser = thread_count)]
    threads: Option<NonZeroUsize>,
    /// Game option `key=value`, repeatable (the game's options: `meeple list`).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Measure this bot instead (e.g. `mcts:iterations=1000`): its decisions and search
    /// iterations per second from the first position, on one thread.
    #[arg(long)]
    bot: Option<String>,
    /// Directory of bot profiles (with --bot).
    #[arg(long, default_value = "bots")]
    bots_dir: PathBuf,
}

/// `--threads`: a whole number of threads, at least 1.
fn thread_count(text: &str) -> Result<NonZeroUsize, String> {
    text.parse().map_err(|_| {
        format!(
            "expected a whole number of threads, at least 1 (1, 2, …), not {text:?}; leave --threads out to \
             use every core"
        )
    })
}

/// `--seconds`: a duration in seconds, more than 0 (a zero-length measurement means nothing).
fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() => Ok(x),
        _ => Err(format!("expected a number of seconds greater than 0, e.g. 3, not {text:?}")),
    }
}

fn main() -> ExitCode {
    // Like other Unix tools, stop quietly when the reader of our output goes away (`| head`).
    #[cfg(unix)]
    // SAFETY: sets a signal disposition before any thread starts; no handler code runs.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    // An external bot that cannot be started during a run stops meeple with an `Abort` panic
    // (see meeple::bots::ext): it is an error like the others, not a crash of meeple.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if info.payload().downcast_ref::<Abort>().is_none() {
            default_hook(info);
        }
    }));
    let dispatched = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| dispatch(cli.command)));
    let result = dispatched.unwrap_or_else(|payload| match payload.downcast::<Abort>() {
        Ok(abort) => Err(abort.0),
        Err(other) => std::panic::resume_unwind(other),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

fn dispatch(command: Command) -> Result<(), String> {
    match command {
        Command::Play(a) => {
            let mut spec = a.spec.into_spec(a.players)?;
            spec.sprt = a.sprt.as_deref().map(str::parse).transpose()?;
            spec.tournament = a.tournament;
            execute(spec, a.exec)
        }
        Command::Run(a) => {
            let seeds = a.overrides.seeds.clone();
            let spec = a.overrides.apply(Spec::from_file(&a.spec)?)?;
            match seeds {
                Some(s) => sweep(spec, &s, a.exec),
                None => execute(spec, a.exec),
            }
        }
        Command::Replay(a) => replay(a),
        Command::Report { dir } => {
            let r = meeple::report::report(&dir)?;
            r.warnings.iter().for_each(|w| eprintln!("warning: {w}"));
            print!("{}", r.text());
            let written = std::iter::once(dir.join(meeple::report::REPORT_FILE)).chain(r.plots);
            println!("wrote {}", written.map(|p| p.display().to_string()).collect::<Vec<_>>().join(", "));
            Ok(())
        }
        Command::List => {
            println!("games (options: `--option key=value`, or a spec's [options] table):");
            let width = GAMES.iter().map(|g| g.name.len()).max().unwrap_or(0);
            let key_width = GAMES.iter().flat_map(|g| g.options).map(|o| o.name.len()).max().unwrap_or(0);
            for g in GAMES {
                let r = (g.players)(&toml::Table::new())?;
                let scores =
                    g.scoring.map_or("; no scores".into(), |s| format!("; scores: {}", ScoreUnit::from(s).describe()));
                println!("  {:<width$}  {:<11}  {}{scores}", g.name, meeple::game::players_text(&r), g.about);
                for o in g.options {
                    println!("    {:<key_width$}  {}", o.name, o.describe());
                }
                for (whose, fields) in [("seat", g.seat_label_fields), ("game", g.game_label_fields)] {
                    println!("    {whose} labels: {}", meeple::labels::names_line(fields));
                }
            }
            println!("bots (a kind, `kind:key=value,...`, or a profile in bots/):");
            for k in meeple::bots::BOT_KINDS {
                println!("  {:<10} {}", k.name, k.about);
                for (key, about) in k.params {
                    println!("    {key:<12} {about}");
                }
            }
            Ok(())
        }
        Command::Bench(a) => {
            let game = find(&a.game)?;
            let options = parse_options(&a.options)?;
            let players = match a.players {
                Some(p) => p,
                None => *(game.players)(&options)?.start(),
            };
            if let Some(bot) = &a.bot {
                let spec = meeple::bots::BotSpec::parse(bot, &a.bots_dir)?;
                let r = (game.bench_bot)(&options, players, &spec, a.seconds)?;
                let iterations = r.iterations_per_sec().map_or(String::new(), |i| format!("  {i:>12.0} iterations/s"));
                println!(
                    "{} bot {spec}, {}, first position, 1 thread: {:>10.1} decisions/s{iterations}  \
                     ({} decisions in {:.1} s)",
                    game.name,
                    meeple::game::players_text(&(players..=players)),
                    r.decisions_per_sec(),
                    r.decisions,
                    r.seconds
                );
                return Ok(());
            }
            let r = (game.bench)(&options, players, a.seconds, a.threads.map_or(0, NonZeroUsize::get))?;
            println!(
                "{} random playouts, {} (per wall-second, then per CPU-second of the playing threads)",
                game.name,
                meeple::game::players_text(&(r.players..=r.players))
            );
            let parallel = r.parallel.map(|t| (format!("{} threads", r.threads), t));
            for (what, t) in std::iter::once(("1 thread".to_string(), r.single)).chain(parallel) {
                let cpu = match (t.games_per_cpu_sec(), t.actions_per_cpu_sec(), t.cpu_seconds) {
                    (Some(g), Some(a), Some(c)) => {
                        format!("  per CPU-second: {g:.0} games, {a:.0} actions ({c:.2} CPU-s)")
                    }
                    _ => String::new(),
                };
                println!(
                    "  {what:<10} {:>12.0} games/s  {:>14.0} actions/s  ({} games in {:.1} s){cpu}",
                    t.games_per_sec(),
                    t.actions_per_sec(),
                    t.games,
                    t.seconds
                );
            }
            Ok(())
        }
        Command::Puzzles(a) => {
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
        Command::Merge { dirs, out } => {
            let counts = merge(&dirs, &out)?;
            let spec = Spec::from_file(&out.join(files::SPEC))?;
            print!("{}", run_tables(&counts, spec.seats, None));
            print_ratings(&counts, &spec.bots, spec.seats);
            warn(&counts, &spec);
            println!("merged {} shards into {}", dirs.len(), out.display());
            Ok(())
        }
    }
}

/// Plays the tournament `spec` into its output directory: every match as `execute` runs it (with
/// its report), then the cross-table and the ratings of all bots.
fn tournament(spec: Spec, league: League, exec: ExecArgs) -> Result<(), String> {
    if exec.shard.is_some() {
        return Err(
            "--shard: a tournament is not split into shards; run its matches (OUT/NN-A-vs-B) with --shard".into()
        );
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
    let standings = league::run(&spec, league, &out, |m, dir| {
        println!("== {} vs {} ({})", m.bots[0], m.bots[1], dir.display());
        execute(m.clone(), ExecArgs { out: Some(dir.to_path_buf()), ..exec.clone() })?;
        meeple::tournament::read_counts(dir)
    })?;
    println!("\ncross-table (score of the row bot, alone against a field of the column bot; {}):", league::CROSSTABLE);
    print!("{}", league::crosstable_text(&standings.crosstable, &spec.bots));
    standings.crosstable.iter().for_each(|r| println!("{r}"));
    println!("\nratings (Bradley–Terry over all matches; {}):\n{}", files::RATINGS, ratings_table(&standings.ratings));
    println!(
        "wrote {}/{{{}, {}, {}}} and one directory per match",
        out.display(),
        files::SPEC,
        league::CROSSTABLE,
        files::RATINGS
    );
    Ok(())
}

/// Validates, then runs `spec` with the execution options, then prints the report.
fn execute(mut spec: Spec, exec: ExecArgs) -> Result<(), String> {
    if let Some(league) = spec.tournament {
        return tournament(spec, league, exec);
    }
    let game = find(&spec.game)?;
    if let Some(s) = &exec.shard {
        spec.shard = Some(s.parse::<Shard>()?);
    }
    let out =
        exec.out.or(spec.out.clone()).unwrap_or_else(|| PathBuf::from(format!("runs/{}-seed{}", spec.game, spec.seed)));
    let opts =
        RunOptions { threads: exec.threads.map(NonZeroUsize::get), quiet: exec.quiet, profile_dir: exec.bots_dir };
    let counts = (game.run)(&spec, &out, &opts)?;
    let seats = Some(spec.seat_mode());
    print!("{}", run_tables(&counts, seats, spec.sprt.as_ref()));
    print_ratings(&counts, &spec.bots, seats);
    warn(&counts, &spec);
    let mut extra = String::new();
    let written = [
        (!counts.versus.is_empty(), files::VERSUS),
        (!rating_rows(&counts, &spec.bots, seats).is_empty(), files::RATINGS),
        (spec.per_game, files::GAMES),
    ];
    for (on, file) in written {
        if on {
            extra += &format!(", {file}");
        }
    }
    println!(
        "wrote {}/{{{}, {}, {}, {}{extra}}}",
        out.display(),
        files::SUMMARY,
        files::COUNTS,
        files::SPEC,
        files::RUN
    );
    Ok(())
}

/// Replays one game and prints it in the chosen format.
fn replay(a: ReplayArgs) -> Result<(), String> {
    let (spec, players) = match a.source {
        Some(source) => {
            let file = spec_file(&source)?;
            let spec = Spec::from_file(&file)?;
            let dir = file.parent().unwrap_or(std::path::Path::new("."));
            for change in meeple::tournament::changed_profiles(dir, &spec.bots, &a.bots_dir)? {
                eprintln!(
                    "warning: {change}: this replay uses the bot as it is now and may differ from the game the \
                     run counted (games.csv); restore the profile to replay that game"
                );
            }
            (spec, a.players)
        }
        None => {
            (a.spec.expect("clap requires --game without a source").into_spec(a.players.map(PlayerCounts::One))?, None)
        }
    };
    let game = find(&spec.game)?;
    let r = (game.replay)(&spec, players, a.index, &a.bots_dir)?;
    let out = std::io::stdout().lock();
    match a.format {
        Format::Text => r.write_text(out),
        Format::Jsonl => r.write_jsonl(out),
    }
    .map_err(|e| format!("writing the replay: {e}"))
}

/// The spec file of `source`: the `spec.toml` of a run directory, or `source` itself.
fn spec_file(source: &std::path::Path) -> Result<PathBuf, String> {
    if !source.exists() {
        return Err(format!("no run directory or spec file at {}", source.display()));
    }
    let file = if source.is_dir() { source.join(files::SPEC) } else { source.to_path_buf() };
    if !file.is_file() {
        if let Some(message) = meeple::tournament::unfinished(source) {
            return Err(message);
        }
        return Err(format!("{} has no {}: give the directory a run wrote", source.display(), files::SPEC));
    }
    Ok(file)
}

/// The options table of `--option key=value` items ([`meeple::options::from_args`]).
fn parse_options(items: &[String]) -> Result<toml::Table, String> {
    meeple::options::from_args(items).map_err(|e| e.to_string())
}

/// Prints the caveats about the numbers of a run of `spec` (material truncation, an SPRT stopped
/// early) to stderr, after its tables.
fn warn(counts: &Counts, spec: &Spec) {
    meeple::report::caveats(counts, Some(spec)).iter().for_each(|w| eprintln!("warning: {w}"));
}

/// Prints the bot ratings, for runs with two distinct bots or more.
fn print_ratings(counts: &Counts, lineup: &[String], seats: Option<SeatMode>) {
    let rows = rating_rows(counts, lineup, seats);
    if !rows.is_empty() {
        println!("\nratings (pairwise seat comparisons; {}):\n{}", files::RATINGS, ratings_table(&rows));
    }
}
