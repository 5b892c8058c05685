//! The registry: every game the CLI knows, one entry each, and the generic entry points (run,
//! bench, replay) instantiated for its type. It sits above the games and the runner, so that
//! `src/games/` depends on neither. Adding a game is one [`entry`] line in [`GAMES`].

use std::ops::RangeInclusive;
use std::path::Path;

use crate::bench::{BenchReport, bench};
use crate::bots::{AgentBench, BotSpec, Heuristic, bench_agent};
use crate::game::{Game, Scoring, players_error};
use crate::games::{
    bang, catcafe, connect4, ekonos, laserreflection, locomomo, mow, president, sevenwondersarchitects,
    sevenwondersduel,
};
use crate::labels::{Field, Labels};
use crate::replay::{Replay, replay_spec};
use crate::stats::Counts;
use crate::tournament::{Plan, RunOptions, Spec, label_clash, prepare_output};

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
    /// Its options (`--option key=value`, or a spec's `[options]`): `(key, valid values with the
    /// default, and what it does)`.
    pub options: &'static [(&'static str, &'static str)],
    /// The player counts allowed under the given options.
    pub players: fn(&toml::Table) -> Result<RangeInclusive<usize>, String>,
    /// Validates `spec` (and starts its external bots once, see [`BotSpec::check_start`]),
    /// prepares `out`, then plays and writes the results.
    pub run: fn(&Spec, &Path, &RunOptions) -> Result<Counts, String>,
    /// Checks every bot of `spec` (a tournament's too) before anything is played: (spec, bot
    /// profile directory). Parses each bot, checks that it plays the game under the spec's
    /// options, and starts each external bot once ([`BotSpec::check_start`]).
    pub check_bots: fn(&Spec, &Path) -> Result<(), String>,
    /// Measures random-playout throughput: (options, players, seconds, threads).
    pub bench: fn(&toml::Table, usize, f64, usize) -> Result<BenchReport, String>,
    /// Measures a bot's decisions (and search iterations) per second from the first position on
    /// one thread: (options, players, bot, seconds).
    pub bench_bot: fn(&toml::Table, usize, &BotSpec, f64) -> Result<AgentBench, String>,
    /// Replays one game of a run: (spec, player count if the spec has several, game index, bot
    /// profile directory); see [`crate::replay::replay_spec`].
    pub replay: fn(&Spec, Option<usize>, u64, &Path) -> Result<Replay, String>,
    /// Runs the conformance kit ([`crate::conformance::check_games`]): (options, players, seed,
    /// random games). Errors on bad options or a player count they do not allow; panics on the
    /// first broken rule of the [`Game`] contract.
    pub conformance: fn(&toml::Table, usize, u64, u64) -> Result<(), String>,
}

/// The registry entry of game `G`. Every bot kind can play every registered game, so `G` must
/// implement [`Heuristic`] (used by the greedy bot and by rollout cut-offs). Public so that tests
/// can drive a test-only game through the same entry points as the CLI.
///
/// Its label names are checked at compile time: no two alike, none a column of `games.csv`
/// ([`label_clash`]), or [`GAMES`] does not build.
pub const fn entry<G: Heuristic>(about: &'static str, options: &'static [(&'static str, &'static str)]) -> GameEntry {
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
        options,
        players: players::<G>,
        run: run::<G>,
        check_bots: check_bots::<G>,
        bench: bench_game::<G>,
        bench_bot: bench_bot::<G>,
        replay: replay_spec::<G>,
        conformance: conformance::<G>,
    }
}

/// Every game meeple knows.
pub const GAMES: &[GameEntry] = &[
    entry::<bang::BangState>(
        "BANG! base game",
        &[
            ("bga_small_tables", "true | false (default false): also 2-3 players, with Board Game Arena's roles"),
            ("character_choice", "true | false (default false): each player picks one of two random characters"),
        ],
    ),
    entry::<catcafe::CatCafe>(
        "Cat Café: dice draft, simultaneous hidden marking on a hex sheet",
        &[("start_footprints", "an integer from 0 to 18 (default 1): paw prints circled at setup")],
    ),
    entry::<connect4::ConnectFour>("Connect Four, 7x6 (calibration game)", &[]),
    entry::<laserreflection::LaserState>(
        "Laser Reflection (BGA): a race to rebuild a hidden grid of mirrors from its clue ring; 1 seat plays the solo challenges",
        &[
            ("rounds", "1 | 3 | 5 (default 3): rounds of a race (2+ players only)"),
            ("grid_size", "4 to 12 (default 8): the grid is N x N"),
            ("items", "3 to 30 (default 10): items hidden (clamped to the free cells)"),
            ("black_holes", "yes | no, or true | false (default yes): black holes may be drawn"),
            ("warps", "yes | no, or true | false (default no): two light warps per puzzle"),
            ("shapes", r#""none" | "squares" | "triangles" | "both" (default "squares"): extra shapes"#),
            ("partial", "yes | no, or true | false (default yes): a solution may leave items unused"),
            ("max_edits", "1 to 10000 (default 200): edits per round before a seat times out"),
            ("challenge", "3 | 6 | 10 (default 3): puzzles to solve in the solo challenge (1 player only)"),
            ("ref_node_cap", "at least 1 (default 100000000): node cap of the reference solver (meeple puzzles)"),
        ],
    ),
    entry::<ekonos::EkonosState>(
        "Ekonos (Board Game Arena), companies on a map of Europe; map and cards: data version \
         ekonos-map-v1-school-transcription, an unconfirmed school transcription",
        &[(
            "no_president_growth",
            r#""active_at_6" | "active_always" (default "active_at_6"): who decides growth 4 and 6 of a company nobody holds"#,
        )],
    ),
    entry::<locomomo::LocoMomoState>("Loco Momo, base game (1 player: score attack, reward = points / 113)", &[]),
    entry::<mow::MowState>(
        "MOW",
        &[(
            "six_specials",
            "true | false (default true): a player with all six 5-fly cows at a round's end scores 0 for them",
        )],
    ),
    entry::<president::PresidentState>(
        "President (Board Game Arena classic), many hands per game",
        &[
            ("jokers", "true | false (default true): two Jokers in the deck"),
            ("revolution", "true | false (default true): four of a kind reverses the rank order for the hand"),
            ("skip", "true | false (default false): matching the previous play's rank skips the next player"),
            ("skip_mode", r#""always" | "if_cannot_match" (default "always"; needs skip = true): who a match skips"#),
            ("start_points", "an integer (default 50): the points every player starts with"),
        ],
    ),
    entry::<sevenwondersarchitects::ArchitectsState>(
        "7 Wonders Architects: build your wonder's five stages from three decks",
        &[
            (
                "wonders",
                r#""random" (default) | a list of distinct wonders by seat (e.g. "giza,rhodes"): fixes the player count"#,
            ),
            (
                "build_order",
                r#""strict" (default) | "by_floor": stages in cost order, or any stage on the lowest open floor"#,
            ),
            ("babylon_deck", r#""stone1_clay2" (default) | "stone2_clay1": Babylon's deck row"#),
            ("babylon_power", r#""s2_s4" (default) | "s2_s5": Babylon's power stages"#),
            ("token_limit", r#""triggers" (default) | "all": also Economy and Engineering once per turn"#),
            ("cat_peek", r#""turn_start" (default) | "every_take": when the cat holder sees the central top card"#),
        ],
    ),
    entry::<sevenwondersduel::SwdState>(
        "7 Wonders Duel, base game (Board Game Arena), 2 players: military, scientific or civil victory",
        &[
            (
                "first_player",
                r#""seat0" | "random" (default "seat0"): who is the first player (picks first, starts Age I)"#,
            ),
            (
                "wonder_selection",
                r#""draft" | "random" (default "draft"): the 4-4 wonder draft, or 4 random wonders each"#,
            ),
        ],
    ),
];

/// The registry entry named `name`.
///
/// # Errors
/// An unknown name; the message lists the valid ones.
pub fn find(name: &str) -> Result<&'static GameEntry, String> {
    GAMES.iter().find(|g| g.name == name).ok_or_else(|| {
        format!("unknown game `{name}`; valid games: {}", GAMES.iter().map(|g| g.name).collect::<Vec<_>>().join(", "))
    })
}

/// The game's `Config` from an options table.
///
/// # Errors
/// An unknown option or a value of the wrong type, named; a value of the wrong type for an integer
/// option also gets the option's valid values from [`GAMES`] (`start_footprints must be an integer from 0 to 18
/// (default 1), not string "abc"`) rather than serde's "expected i64"; for a game without options,
/// the message says so (`locomomo has no options`) rather than serde's "there are no fields".
pub fn config<G: Game>(options: &toml::Table) -> Result<G::Config, String> {
    toml::Value::Table(options.clone()).try_into().map_err(|e: toml::de::Error| {
        let message = e.to_string().trim().replace("there are no fields", &format!("{} has no options", G::NAME));
        // toml puts "in `option`" on a line of its own: keep the error on one line.
        let message = message.replace('\n', " ");
        let message = wrong_type_message(G::NAME, &message).unwrap_or(message);
        format!("bad option for {}: {message}", G::NAME)
    })
}

/// serde's `invalid type: string "abc", expected i64 in `key`` (an integer option given another
/// type: serde names only the Rust type) restated with the valid values that [`GAMES`] lists for
/// option `key` of game `game`: `key must be VALUES, not string "abc"`. `None` for any other
/// message (a boolean's or an enum's already names its values), or an option (or game) the
/// registry does not list.
fn wrong_type_message(game: &str, message: &str) -> Option<String> {
    const INTEGERS: [&str; 10] = ["i8", "i16", "i32", "i64", "isize", "u8", "u16", "u32", "u64", "usize"];
    let (unexpected, rest) = message.strip_prefix("invalid type: ")?.split_once(", expected ")?;
    let (expected, key) = rest.rsplit_once(" in `")?;
    let key = key.strip_suffix('`')?;
    if !INTEGERS.contains(&expected.trim()) {
        return None;
    }
    let entry = GAMES.iter().find(|g| g.name == game)?;
    let (_, description) = entry.options.iter().find(|(k, _)| *k == key)?;
    let values = description.split_once(": ").map_or(*description, |(values, _)| values);
    Some(format!("{key} must be {values}, not {unexpected}"))
}

fn players<G: Game>(options: &toml::Table) -> Result<RangeInclusive<usize>, String> {
    Ok(G::players(&config::<G>(options)?))
}

fn run<G: Heuristic>(spec: &Spec, out: &Path, opts: &RunOptions) -> Result<Counts, String> {
    let plan = Plan::<G>::new(spec, &opts.profile_dir)?;
    plan.bots().into_iter().try_for_each(|b| b.check_start::<G>(&plan.series[0].config))?;
    prepare_output(out)?;
    plan.run(out, opts)
}

fn check_bots<G: Heuristic>(spec: &Spec, profile_dir: &Path) -> Result<(), String> {
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
) -> Result<BenchReport, String> {
    let config = bench_config::<G>(options, players)?;
    Ok(bench::<G>(&config, players, seconds, threads))
}

fn bench_bot<G: Heuristic>(
    options: &toml::Table,
    players: usize,
    bot: &BotSpec,
    seconds: f64,
) -> Result<AgentBench, String> {
    bot.check_game::<G>()?;
    let config = bench_config::<G>(options, players)?;
    bot.check_start::<G>(&config)?;
    bench_agent::<G>(&config, players, bot, seconds)
}

fn conformance<G: Game>(options: &toml::Table, players: usize, seed: u64, games: u64) -> Result<(), String> {
    let config = bench_config::<G>(options, players)?;
    crate::conformance::check_games::<G>(&config, players, seed, games);
    Ok(())
}

/// The game's `Config` from `options`, checking that it allows `players`.
fn bench_config<G: Game>(options: &toml::Table, players: usize) -> Result<G::Config, String> {
    let config = config::<G>(options)?;
    if !G::players(&config).contains(&players) {
        return Err(players_error::<G>(&config, players));
    }
    Ok(config)
}
