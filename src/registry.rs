//! The registry: every game the CLI knows, one entry each, and the generic entry points (run,
//! bench, replay) instantiated for its type. It sits above the games and the runner, so that
//! `src/games/` depends on neither. Adding a game is one [`entry`] line in [`GAMES`].

use std::any::Any;
use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::Arc;

use crate::bench::{BenchReport, bench};
use crate::bots::BotSpecError;
use crate::bots::{AgentBench, BotBenchError, BotSpec, Heuristic, bench_agent};
use crate::dynamic::{Decide, NewState, Session, decide_agent};
use crate::encoding::Encoding;
use crate::game::{Game, Scoring, players_error};
use crate::games::{
    bang, catcafe, connect4, ekonos, laserreflection, lewisclark, locomomo, mow, president, sevenwondersarchitects,
    sevenwondersduel,
};
use crate::labels::{Field, Labels};
use crate::options::{OptionError, OptionSpec, Options};
use crate::replay::{Replay, ReplayError, replay_spec};
use crate::tournament::{OutputError, Plan, PlanError, Ran, RunError, RunOptions, Spec, label_clash, prepare_output};

/// A game as the CLI sees it: its name and its entry points, instantiated for its type.
pub struct GameEntry {
    /// The name used on the command line.
    pub name: &'static str,
    /// One line describing the game (its player counts come from `players`).
    pub about: &'static str,
    /// How its final scores rank seats (unit, direction); `None` for a game without scores.
    pub scoring: Option<Scoring>,
    /// The names of its per-seat labels ([`Game::SeatLabels`]).
    pub seat_labels: &'static [&'static str],
    /// The names of its per-game labels ([`Game::GameLabels`]).
    pub game_labels: &'static [&'static str],
    /// Its per-seat label fields, with their docs (`meeple list`).
    pub seat_label_fields: &'static [Field],
    /// Its per-game label fields, with their docs.
    pub game_label_fields: &'static [Field],
    /// Its options (`--option key=value`, or a spec's `[options]`), as the game declares them
    /// ([`Options::OPTIONS`]): name, valid values, default, help.
    pub options: &'static [OptionSpec],
    /// The player counts allowed under the given options.
    pub players: fn(&toml::Table) -> Result<RangeInclusive<usize>, GameError>,
    /// Validates `spec` (and starts its external bots once, see [`BotSpec::check_start`]),
    /// prepares and locks `out`, then plays (or resumes, or grows) and writes the results
    /// ([`Plan::run`]).
    pub run: fn(&Spec, &Path, &RunOptions) -> Result<Ran, GameError>,
    /// Checks every bot of `spec` (a tournament's too) before anything is played: (spec, bot
    /// profile directory). Parses each bot, checks that it plays the game under the spec's
    /// options, and starts each external bot once ([`BotSpec::check_start`]).
    pub check_bots: fn(&Spec, &Path) -> Result<(), GameError>,
    /// Checks everything [`GameEntry::run`] checks of a one-match `spec` before it plays, without
    /// touching any folder: (spec, bot profile directory). Options, player counts, each count's
    /// lineup, the game count (whole deals under rotation), seats and SPRT ([`Plan::new`]).
    pub check_plan: fn(&Spec, &Path) -> Result<(), GameError>,
    /// Measures random-playout throughput: (options, players, seconds, threads).
    pub bench: fn(&toml::Table, usize, f64, usize) -> Result<BenchReport, GameError>,
    /// Measures a bot's decisions (and search iterations) per second from the first position on
    /// one thread: (options, players, bot, seconds).
    pub bench_bot: fn(&toml::Table, usize, &BotSpec, f64) -> Result<AgentBench, GameError>,
    /// Replays one game of a run: (spec, player count if the spec has several, game index, bot
    /// profile directory); see [`crate::replay::replay_spec`].
    pub replay: fn(&Spec, Option<usize>, u64, &Path) -> Result<Replay, GameError>,
    /// A new game as a type-erased state stepped by action id, for bindings (`python/`):
    /// (options, players, seed of its chance generator); see [`crate::dynamic::Session`].
    pub new_state: fn(&toml::Table, usize, u64) -> NewState,
    /// Runs the conformance kit ([`crate::conformance::check_games`]): (options, players, seed,
    /// random games). Errors on bad options or a player count they do not allow; panics on the
    /// first broken rule of the [`Game`] contract.
    pub conformance: fn(&toml::Table, usize, u64, u64) -> Result<(), GameError>,
    /// An agent of this game whose decisions are a binding's function (a Python callable), as a
    /// `Box<dyn Agent<G>>` in a `Box<dyn Any>`: what a [`crate::bots::in_process::AgentFactory`]
    /// makes for the bot `py:NAME`; see [`crate::dynamic::DecideAgent`].
    pub decide_agent: fn(Arc<dyn Decide>) -> Box<dyn Any + Send>,
}

/// Why an entry point of a game failed. Every message names what is wrong and what would be
/// valid; the variants say which part of the work refused.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// No game of that name (the valid names follow).
    #[error("unknown game `{name}`; valid games: {valid}")]
    UnknownGame {
        /// The name given.
        name: String,
        /// The registered games, comma-separated.
        valid: String,
    },
    /// Bad game options ([`config`]).
    #[error(transparent)]
    Options(#[from] OptionError),
    /// A player count the game does not play under its options.
    #[error("{0}")]
    Players(String),
    /// The spec cannot be played.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// A bot that does not parse, cannot play the game or does not start.
    #[error(transparent)]
    Bot(#[from] BotSpecError),
    /// The output directory.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// The run could not start, resume or finish.
    #[error(transparent)]
    Run(#[from] RunError),
    /// A bot measurement failed (the bot forfeited, or could not play on).
    #[error(transparent)]
    Bench(#[from] BotBenchError),
    /// A game could not be replayed.
    #[error(transparent)]
    Replay(#[from] ReplayError),
}

/// The registry entry of game `G`. Every bot kind can play every registered game, so `G` must
/// implement [`Heuristic`] (used by the greedy bot and by rollout cut-offs), and [`Encoding`] (action
/// ids, for bindings). Public so that tests can drive a test-only game through the same entry points
/// as the CLI.
///
/// Its label names are checked at compile time: no two alike, none a column of `games.csv`
/// ([`label_clash`]), or [`GAMES`] does not build.
pub const fn entry<G: Heuristic + Encoding>(about: &'static str) -> GameEntry {
    const {
        if let Some(clash) = label_clash(G::SeatLabels::NAMES, G::GameLabels::NAMES) {
            panic!("{}", clash.reason());
        }
    }
    GameEntry {
        name: G::NAME,
        about,
        scoring: G::SCORING,
        seat_labels: G::SeatLabels::NAMES,
        game_labels: G::GameLabels::NAMES,
        seat_label_fields: G::SeatLabels::FIELDS,
        game_label_fields: G::GameLabels::FIELDS,
        options: <G::Config as Options>::OPTIONS,
        players: players::<G>,
        run: run::<G>,
        check_bots: check_bots::<G>,
        check_plan: check_plan::<G>,
        bench: bench_game::<G>,
        bench_bot: bench_bot::<G>,
        replay: replay::<G>,
        new_state: new_state::<G>,
        conformance: conformance::<G>,
        decide_agent: decide_agent::<G>,
    }
}

/// Every game meeple knows.
pub const GAMES: &[GameEntry] = &[
    entry::<bang::BangState>("BANG! base game"),
    entry::<catcafe::CatCafe>("Cat Café: dice draft, simultaneous hidden marking on a hex sheet"),
    entry::<connect4::ConnectFour>("Connect Four, 7x6 (calibration game)"),
    entry::<laserreflection::LaserState>(
        "Laser Reflection (BGA): a race to rebuild a hidden grid of mirrors from its clue ring; 1 seat plays the solo challenges",
    ),
    entry::<ekonos::EkonosState>(
        "Ekonos (Board Game Arena), companies on a map of Europe; map and cards: data version \
         ekonos-map-v1-school-transcription, an unconfirmed school transcription",
    ),
    entry::<lewisclark::LewisClark>(
        "Lewis & Clark, base game (Board Game Arena): an expedition race to Fort Clatsop; data version \
         lc-base-sd e9e9a7a-l1 813b66f",
    ),
    entry::<locomomo::LocoMomoState>("Loco Momo, base game (1 player: score attack, reward = points / 113)"),
    entry::<mow::MowState>("MOW"),
    entry::<president::PresidentState>("President (Board Game Arena classic), many hands per game"),
    entry::<sevenwondersarchitects::ArchitectsState>(
        "7 Wonders Architects: build your wonder's five stages from three decks",
    ),
    entry::<sevenwondersduel::SwdState>(
        "7 Wonders Duel, base game (Board Game Arena), 2 players: military, scientific or civil victory",
    ),
];

/// The registry entry named `name`.
///
/// # Errors
/// An unknown name; the message lists the valid ones.
pub fn find(name: &str) -> Result<&'static GameEntry, GameError> {
    GAMES.iter().find(|g| g.name == name).ok_or_else(|| GameError::UnknownGame {
        name: name.to_string(),
        valid: GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", "),
    })
}

/// The game's `Config` from an options table: [`crate::game::config`], kept here for callers
/// of the registry.
pub use crate::game::config;

fn players<G: Game>(options: &toml::Table) -> Result<RangeInclusive<usize>, GameError> {
    Ok(G::players(&config::<G>(options)?))
}

fn run<G: Heuristic>(spec: &Spec, out: &Path, opts: &RunOptions) -> Result<Ran, GameError> {
    let plan = Plan::<G>::new(spec, &opts.profile_dir)?;
    // Locked before the bots' start check (up to their `startup_ms`), so that no other process
    // writes the folder meanwhile; a folder made for the lock goes again if a bot cannot start.
    let existed = out.exists();
    let _lock = prepare_output(out)?;
    if let Err(e) = plan.bots().into_iter().try_for_each(|b| b.check_start::<G>(&plan.series[0].config)) {
        if !existed {
            let _ = std::fs::remove_dir(out);
        }
        return Err(e.into());
    }
    Ok(plan.run(out, opts)?)
}

fn check_plan<G: Heuristic>(spec: &Spec, profile_dir: &Path) -> Result<(), GameError> {
    Plan::<G>::new(spec, profile_dir)?;
    Ok(())
}

fn check_bots<G: Heuristic>(spec: &Spec, profile_dir: &Path) -> Result<(), GameError> {
    let config = config::<G>(&spec.options)?;
    for (_, name) in spec.bots.iter().enumerate().filter(|(i, n)| !spec.bots[..*i].contains(n)) {
        let bot = BotSpec::parse(name, profile_dir)?;
        bot.check_game::<G>()?;
        bot.check_start::<G>(&config)?;
    }
    Ok(())
}

fn bench_game<G: Game>(
    options: &toml::Table,
    players: usize,
    seconds: f64,
    threads: usize,
) -> Result<BenchReport, GameError> {
    let config = bench_config::<G>(options, players)?;
    Ok(bench::<G>(&config, players, seconds, threads))
}

fn bench_bot<G: Heuristic>(
    options: &toml::Table,
    players: usize,
    bot: &BotSpec,
    seconds: f64,
) -> Result<AgentBench, GameError> {
    bot.check_game::<G>()?;
    let config = bench_config::<G>(options, players)?;
    bot.check_start::<G>(&config)?;
    Ok(bench_agent::<G>(&config, players, bot, seconds)?)
}

/// A new [`Session`] of `G` from an options table, boxed (the [`GameEntry::new_state`] entry point).
///
/// # Errors
/// Bad options (named) or a player count outside the game's range.
fn new_state<G: Heuristic + Encoding>(options: &toml::Table, players: usize, seed: u64) -> NewState {
    Ok(Box::new(Session::<G>::new(config::<G>(options)?, players, seed)?))
}

fn conformance<G: Game>(options: &toml::Table, players: usize, seed: u64, games: u64) -> Result<(), GameError> {
    let config = bench_config::<G>(options, players)?;
    crate::conformance::check_games::<G>(&config, players, seed, games);
    Ok(())
}

/// The game's `Config` from `options`, checking that it allows `players`.
fn bench_config<G: Game>(options: &toml::Table, players: usize) -> Result<G::Config, GameError> {
    let config = config::<G>(options)?;
    if !G::players(&config).contains(&players) {
        return Err(GameError::Players(players_error::<G>(&config, players)));
    }
    Ok(config)
}

fn replay<G: Heuristic>(
    spec: &Spec,
    players: Option<usize>,
    index: u64,
    profile_dir: &Path,
) -> Result<Replay, GameError> {
    Ok(replay_spec::<G>(spec, players, index, profile_dir)?)
}
