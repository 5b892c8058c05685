//! The command line's arguments (clap): what each subcommand takes, and how flags become a
//! [`Spec`] and game options.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use meeple::replay::Format;
use meeple::tournament::{DEFAULT_GAMES, DEFAULT_MAX_ACTIONS, DEFAULT_SEED, PlayerCounts, SeatMode, Spec};

#[derive(Args)]
pub struct PuzzlesArgs {
    /// Game name (only `laserreflection` has puzzles).
    #[arg(long)]
    pub game: String,
    /// Grid sizes N, comma-separated (4 to 12).
    #[arg(long, value_delimiter = ',', default_value = "8")]
    pub grid: Vec<u8>,
    /// Item counts K, comma-separated (3 to 30).
    #[arg(long, value_delimiter = ',', default_value = "10")]
    pub items: Vec<u8>,
    /// Puzzles per setting.
    #[arg(long, default_value_t = 1000, allow_negative_numbers = true)]
    pub count: u64,
    /// Master seed: puzzle i of setting j is a pure function of (options, seed, j, i).
    #[arg(long, default_value_t = DEFAULT_SEED, allow_negative_numbers = true)]
    pub seed: u64,
    /// Game option `key=value` (TOML value), repeatable, e.g. `--option warps=true`; the game's
    /// options, their values and defaults: `meeple list`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Output directory (default runs/puzzles-GAME-seedSEED).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Worker threads (default: all cores); results do not depend on it.
    #[arg(long, value_parser = thread_count, allow_negative_numbers = true)]
    pub threads: Option<NonZeroUsize>,
    /// Hide the progress lines (one per setting, on stderr); the closing `wrote` line stays, as
    /// with `play --quiet` and `run --quiet`.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args)]
pub struct PlayArgs {
    /// Player count [default: the game's only count, or the number of bots].
    #[arg(long, value_name = "N|N,M,…|N-M", allow_negative_numbers = true)]
    pub players: Option<PlayerCounts>,
    #[command(flatten)]
    pub spec: SpecArgs,
    /// Sequential probability ratio test of the first bot against the other (logistic Elo,
    /// fishtest's GSPRT): stop as soon as elo <= elo0 or elo >= elo1 is accepted, e.g. 0,10,0.05,0.05.
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    pub sprt: Option<String>,
    /// Play a tournament of the bots instead of one lineup: every pair (round-robin) or the first
    /// bot against each other (gauntlet), each pair as a paired match `--bots A,B` in OUT/NN-A-vs-B,
    /// then a cross-table (crosstable.csv) and Bradley–Terry ratings of all (ratings.csv).
    #[arg(long, value_enum)]
    pub tournament: Option<meeple::tournament::league::League>,
    #[command(flatten)]
    pub exec: ExecArgs,
}

/// The flags that make a spec (besides the player count), shared by `play` and `replay`.
#[derive(Args)]
pub struct SpecArgs {
    /// Game name (see `meeple list`).
    #[arg(long)]
    pub game: String,
    /// Bots, one per seat, one for all, or two (the first in one seat against a field of the
    /// second): a kind (`random`, `greedy`, `mcts:iterations=1000,c=1.4`, `ismcts:iterations=500`)
    /// or a profile in bots/. Separated by commas (a `key=value` item continues the bot before
    /// it), or by `;` (quote it in the shell) when that is clearer: `'mcts:c=2,iterations=50;random'`.
    #[arg(long, default_value = "random")]
    pub bots: String,
    /// Number of games (per player count), at least 1. A larger count given for a folder that
    /// holds a finished or interrupted run of the same spec continues it.
    #[arg(long, default_value_t = DEFAULT_GAMES, value_parser = game_count, allow_negative_numbers = true)]
    pub games: u64,
    /// Master seed: game i is a pure function of (spec, seed, i).
    #[arg(long, default_value_t = DEFAULT_SEED, allow_negative_numbers = true)]
    pub seed: u64,
    /// Seat assignment [default: rotate when the lineup has two or more distinct bots (every deal
    /// played under each rotation, so no bot keeps a seat's advantage), else fixed].
    #[arg(long, value_enum)]
    pub seats: Option<SeatMode>,
    /// Action cap per game; capped games are counted as truncated.
    #[arg(long, default_value_t = DEFAULT_MAX_ACTIONS, allow_negative_numbers = true)]
    pub max_actions: usize,
    /// Also write games.csv, one row per game.
    #[arg(long)]
    pub per_game: bool,
    /// Also measure design metrics: metrics.csv (decisions, branching, chance, lead changes,
    /// decided-at, drama, seat advantage per player count) and, with --per-game, per-game columns
    /// in games.csv. Slower (see the README's "Design metrics").
    #[arg(long)]
    pub metrics: bool,
    /// Cross-tabulate two labels in the counts, repeatable: `A,B` (`seat`, `bot`, a seat or game
    /// label; not two game labels), e.g. `--crosstab wonder,seat`. counts.json then records win
    /// rate and mean score per pair of values, so `meeple report DIR --by A,B` needs no games.csv
    /// (and merges across shards).
    #[arg(long, value_name = "A,B")]
    pub crosstab: Vec<String>,
    /// How a forfeited game (an external bot's fault) counts: as a loss of the forfeiting seat
    /// (the others share the win), or excluded from every rate, score and rating.
    #[arg(long, value_enum, default_value = "loss")]
    pub forfeit: meeple::tournament::ForfeitMode,
    /// Game option `key=value` (TOML value), repeatable, e.g. `--option bga_small_tables=true`; each
    /// game's options, their values and defaults: `meeple list`.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

impl SpecArgs {
    pub fn into_spec(self, players: Option<PlayerCounts>) -> Result<Spec> {
        Ok(Spec {
            game: self.game,
            players,
            bots: meeple::bots::split_lineup(&self.bots),
            games: self.games,
            seed: self.seed,
            seats: self.seats,
            max_actions: self.max_actions,
            per_game: self.per_game,
            metrics: self.metrics,
            crosstab: meeple::tournament::crosstab_pairs(self.crosstab),
            options: parse_options(&self.options)?,
            sprt: None,
            forfeit: self.forfeit,
            tournament: None,
            shard: None,
            out: None,
        })
    }
}

#[derive(Args)]
#[command(override_usage = "meeple replay <SOURCE> --index <INDEX> [OPTIONS]\n       \
                  meeple replay --game <GAME> --index <INDEX> [OPTIONS] [FLAGS OF PLAY]")]
pub struct ReplayArgs {
    /// A run directory, its spec.toml or an experiment spec; or omit it and give `play`'s flags
    /// (--game and the others).
    #[arg(conflicts_with = "SpecArgs")]
    pub source: Option<PathBuf>,
    /// Game index (0-based, as in games.csv).
    #[arg(long, allow_negative_numbers = true)]
    pub index: u64,
    /// Player count: the count to replay when the run plays several; with `play`'s flags, as there.
    #[arg(long, allow_negative_numbers = true)]
    pub players: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Directory of bot profiles.
    #[arg(long, default_value = "bots")]
    pub bots_dir: PathBuf,
    #[command(flatten, next_help_heading = "Flags of play (only without SOURCE; then --game is required)")]
    pub spec: Option<SpecArgs>,
}

#[derive(Args)]
pub struct RunArgs {
    /// Experiment spec, e.g. experiments/connect4-random.toml.
    pub spec: PathBuf,
    #[command(
        flatten,
        next_help_heading = "Overrides (replace the spec's field for this run; the file is not changed)"
    )]
    pub overrides: Overrides,
    #[command(flatten)]
    pub exec: ExecArgs,
}

/// Fields of a spec replaced for one `run`: the run is exactly the run of the spec edited that way
/// (its `spec.toml` shows the result).
#[derive(Args)]
pub struct Overrides {
    /// Player count(s): N, a list N,M,… or a range N-M.
    #[arg(long, value_name = "N|N,M,…|N-M", allow_negative_numbers = true)]
    pub players: Option<PlayerCounts>,
    /// Bot lineup, as for `play`.
    #[arg(long)]
    pub bots: Option<String>,
    /// Games per player count, at least 1 (a larger count continues the run in the folder).
    #[arg(long, value_parser = game_count, allow_negative_numbers = true)]
    pub games: Option<u64>,
    /// Master seed.
    #[arg(long, conflicts_with = "seeds", allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Seed sweep: run the spec once per seed, each into OUT/seedS (a range A..B, both ends
    /// included, or a list A,B,…); each run is the one `--seed S` makes.
    #[arg(long, value_name = "A..B|A,B,…")]
    pub seeds: Option<String>,
    /// Seat assignment.
    #[arg(long, value_enum)]
    pub seats: Option<SeatMode>,
    /// Action cap per game.
    #[arg(long, allow_negative_numbers = true)]
    pub max_actions: Option<usize>,
    /// How a forfeited game counts (`loss` or `exclude`).
    #[arg(long, value_enum)]
    pub forfeit: Option<meeple::tournament::ForfeitMode>,
    /// Also write games.csv.
    #[arg(long)]
    pub per_game: bool,
    /// Also measure design metrics (metrics.csv).
    #[arg(long)]
    pub metrics: bool,
    /// Cross-tabulate two labels in the counts (`A,B`), repeatable: added to the spec's
    /// `crosstab` list (see `play --crosstab`).
    #[arg(long, value_name = "A,B")]
    pub crosstab: Vec<String>,
    /// Game option `key=value`, repeatable: added to the spec's [options], replacing a key it has
    /// (the game's options: `meeple list`).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
}

impl Overrides {
    /// `spec` with these fields replaced.
    pub fn apply(self, mut spec: Spec) -> Result<Spec> {
        spec.players = self.players.or(spec.players);
        if let Some(b) = self.bots {
            spec.bots = meeple::bots::split_lineup(&b);
        }
        spec.games = self.games.unwrap_or(spec.games);
        spec.seed = self.seed.unwrap_or(spec.seed);
        spec.seats = self.seats.or(spec.seats);
        spec.max_actions = self.max_actions.unwrap_or(spec.max_actions);
        spec.forfeit = self.forfeit.unwrap_or(spec.forfeit);
        spec.per_game |= self.per_game;
        spec.metrics |= self.metrics;
        spec.crosstab =
            meeple::tournament::crosstab_pairs(std::mem::take(&mut spec.crosstab).into_iter().chain(self.crosstab));
        spec.options.extend(parse_options(&self.options)?);
        Ok(spec)
    }
}

/// Options that change how a run executes, never its results.
#[derive(Args, Clone)]
pub struct ExecArgs {
    /// Output directory [default: runs/GAME-seedSEED].
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Worker threads, at least 1 [default: all cores].
    #[arg(long, value_parser = thread_count, allow_negative_numbers = true)]
    pub threads: Option<NonZeroUsize>,
    /// Play only shard k of n (k/n, 1-based), for runs spread over machines; see `merge`.
    #[arg(long, value_parser = clap::value_parser!(String))]
    pub shard: Option<String>,
    /// Hide the progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Directory of bot profiles.
    #[arg(long, default_value = "bots")]
    pub bots_dir: PathBuf,
}

#[derive(Args)]
pub struct BenchArgs {
    /// Game name.
    #[arg(long)]
    pub game: String,
    /// Player count [default: the game's smallest].
    #[arg(long, allow_negative_numbers = true)]
    pub players: Option<usize>,
    /// Seconds per measurement (more than 0).
    #[arg(long, default_value_t = 3.0, value_parser = positive_seconds, allow_negative_numbers = true)]
    pub seconds: f64,
    /// Threads for the all-cores measurement, at least 1; 1 measures one thread only [default: all
    /// cores].
    #[arg(long, value_parser = thread_count, allow_negative_numbers = true)]
    pub threads: Option<NonZeroUsize>,
    /// Game option `key=value`, repeatable (the game's options: `meeple list`).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Measure this bot instead (e.g. `mcts:iterations=1000`): its decisions and search
    /// iterations per second from the first position, on one thread.
    #[arg(long)]
    pub bot: Option<String>,
    /// Directory of bot profiles (with --bot).
    #[arg(long, default_value = "bots")]
    pub bots_dir: PathBuf,
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

/// `--games`: a whole number of games, at least 1 (`-5` is read as a number, not as a flag).
fn game_count(text: &str) -> Result<u64, String> {
    match text.parse::<i128>() {
        Ok(n) if n >= 1 => u64::try_from(n).map_err(|_| format!("--games must be at most {}", u64::MAX)),
        Ok(_) => Err("--games must be at least 1".to_string()),
        Err(_) => Err(format!("--games must be a whole number of games, at least 1, not {text:?}")),
    }
}

/// `--seconds`: a duration in seconds, more than 0 (a zero-length measurement means nothing).
fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() => Ok(x),
        _ => Err(format!("expected a number of seconds greater than 0, e.g. 3, not {text:?}")),
    }
}

/// The options table of `--option key=value` items ([`meeple::options::from_args`]).
pub fn parse_options(items: &[String]) -> Result<toml::Table> {
    Ok(meeple::options::from_args(items)?)
}

#[derive(Args)]
#[command(override_usage = "meeple compare --game <GAME> --a <KEY=VALUE,…> --b <KEY=VALUE,…> [OPTIONS]\n       \
                  meeple compare <SPEC> [OPTIONS]   (a spec with [a] and [b] option tables)\n       \
                  meeple compare --runs <A> <B> [--out <DIR>]")]
pub struct CompareArgs {
    /// A compare spec: an experiment spec with two option tables, [a] and [b] (instead of --game …).
    #[arg(conflicts_with = "SpecArgs")]
    pub spec_file: Option<PathBuf>,
    /// Player count(s): N, a list N,M,… or a range N-M.
    #[arg(long, value_name = "N|N,M,…|N-M", allow_negative_numbers = true)]
    pub players: Option<PlayerCounts>,
    /// Variant A's options, `key=value,key=value` (written over --option; a list value continues
    /// after commas: `wonders=giza,rhodes`); empty: the defaults.
    #[arg(long, value_name = "KEY=VALUE,…", allow_hyphen_values = true)]
    pub a: Option<String>,
    /// Variant B's options, as for --a.
    #[arg(long, value_name = "KEY=VALUE,…", allow_hyphen_values = true)]
    pub b: Option<String>,
    /// Print one line per value of this label (repeatable) instead of the label's one verdict line.
    #[arg(long = "label", value_name = "LABEL")]
    pub labels: Vec<String>,
    /// Compare two finished run folders of one spec that differ only in options (e.g. merged
    /// shards of OUT/a and OUT/b) instead of playing; writes compare.csv to --out if given.
    #[arg(long, num_args = 2, value_names = ["A", "B"], conflicts_with_all = ["spec_file", "a", "b", "SpecArgs"])]
    pub runs: Option<Vec<PathBuf>>,
    #[command(flatten, next_help_heading = "Flags of play (without SPEC; then --game is required)")]
    pub spec: Option<SpecArgs>,
    #[command(flatten)]
    pub exec: ExecArgs,
}

#[derive(Args)]
pub struct SweepArgs {
    /// Sweep spec: an experiment spec with a [sweep] table (the values of each swept option, and
    /// optionally `players` and `bots` lists) and an [objective] table (`label`, optional `value`).
    pub spec: PathBuf,
    /// Games per player count of every variant (replaces the spec's `games`).
    #[arg(long, value_parser = game_count, allow_negative_numbers = true)]
    pub games: Option<u64>,
    /// Master seed of every variant (replaces the spec's `seed`).
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Race the variants: play in rounds (games/2^(R−r) per player count in round r) and stop
    /// playing a variant once its objective's interval shows it cannot be the best.
    #[arg(long, conflicts_with_all = ["variant", "merge"])]
    pub race: bool,
    /// Rounds of a race.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u8).range(1..=12), allow_negative_numbers = true)]
    pub rounds: u8,
    /// Also measure design metrics in every variant (as `metrics = true` in the spec; see the
    /// README's "Design metrics"): sweep.csv gains NAME, NAME_low, NAME_high for each metric.
    #[arg(long)]
    pub metrics: bool,
    /// Print the number of variants and their folders, and play nothing (for a Slurm array).
    #[arg(long, conflicts_with_all = ["variant", "merge", "race"])]
    pub count: bool,
    /// Play only variant I (1-based) — with --shard k/n, its shard k into OUT/shards/DIR/k: one
    /// task of a Slurm array (slurm/sweep.sbatch).
    #[arg(long, value_name = "I", requires = "shard", allow_negative_numbers = true)]
    pub variant: Option<usize>,
    /// Merge the N shards of every variant (OUT/shards/DIR/1…N) into OUT/DIR, then write sweep.csv
    /// and sweep.svg.
    #[arg(long, value_name = "N", conflicts_with = "variant", allow_negative_numbers = true)]
    pub merge: Option<u64>,
    #[command(flatten)]
    pub exec: ExecArgs,
}
