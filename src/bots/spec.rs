//! Bot specifications: the names users give bots on the command line and in experiment specs.
//!
//! A spec is `kind` or `kind:key=value,key=value` (e.g. `greedy`, `mcts:iterations=1000,c=1.4`),
//! or the name of a profile file `bots/NAME.toml` holding `kind = "..."` and the same keys as a
//! table (`bots/mcts-1k.toml`). [`BOT_KINDS`] lists the kinds and their parameters. An external
//! bot is `ext:cmd=PATH,args=ARG ARG,timeout_ms=N`, or a profile with `kind = "ext"`, `command`,
//! `args` (a list), `env` (a table), `timeout_ms` and `log` (`bots/py-random.toml`).

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::str::FromStr;

use super::ext::{ExtAgent, ExtConfig, ExtError, check_start};
use super::in_process;
use super::{
    Agent, Budget, GreedyAgent, Heuristic, IsmctsAgent, MctsAgent, RandomAgent, Rollout, SearchConfig, SolverConfig,
    SolverStrategy,
};
use crate::game::Game;

/// A built-in bot kind, as `meeple list` shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BotKind {
    /// The name used in specs, e.g. `"mcts"`.
    pub name: &'static str,
    /// One line describing the bot.
    pub about: &'static str,
    /// Its parameters: `(key, description with default)`.
    pub params: &'static [(&'static str, &'static str)],
}

/// Parameters of the tree searches (see [`SearchConfig`]).
const SEARCH_PARAMS: &[(&str, &str)] = &[
    ("iterations", "iterations per decision (default 1000)"),
    ("ms", "wall time per decision in milliseconds, instead of iterations (not reproducible)"),
    ("cpu_ms", "CPU time of the thread per decision in milliseconds, instead of iterations (not reproducible)"),
    ("c", "UCB exploration constant (default 1.4)"),
    ("depth", "heuristic leaves: rollouts stop after this many actions, scored by the game's heuristic (default none)"),
    ("cutoff", "stop a rollout when a seat's heuristic reaches this value in (0, 1] (default none)"),
    ("opponents", "tree | random: search the other seats' moves, or draw them at random (default tree)"),
    (
        "rollout",
        "random | egreedy | softmax | mast | mast-egreedy: rollout policy (default random; Browne et al. 2012 §6.1)",
    ),
    (
        "epsilon",
        "rollout=egreedy or mast-egreedy: chance of a random action, in [0, 1] (default 0.1 egreedy, Sturtevant 2008; 0.4 mast-egreedy, Tak et al. 2012)",
    ),
    ("temperature", "rollout=softmax or mast: Gibbs temperature above 0 (default 0.05 softmax, 0.1 mast)"),
    ("bias", "progressive bias weight on the heuristic, at least 0 (default 0: off; Chaslot et al. 2008)"),
    (
        "decay",
        "rollout=mast or mast-egreedy: share of the move averages kept from one decision to the next, in [0, 1] (default 0: cleared; Tak et al. 2014)",
    ),
    (
        "reuse",
        "true | false: keep the subtree of the position reached between moves (default false; games of perfect information only; Browne et al. 2012 §5.4)",
    ),
    (
        "rave",
        "RAVE in the tree policy: equivalence parameter k above 0, the visits at which the AMAF and the plain mean weigh the same (default 0: off; Gelly & Silver 2011; for ISMCTS Powley et al. 2014)",
    ),
];

/// The bot kinds built into meeple.
pub const BOT_KINDS: &[BotKind] = &[
    BotKind { name: "random", about: "uniformly random legal actions", params: &[] },
    BotKind { name: "greedy", about: "one-step lookahead on the game's heuristic", params: &[] },
    BotKind { name: "mcts", about: "UCT over determinizations, max^n rewards", params: SEARCH_PARAMS },
    BotKind {
        name: "ismcts",
        about: "single-observer information-set MCTS (Cowling et al. 2012)",
        params: SEARCH_PARAMS,
    },
    BotKind {
        name: "solver",
        about: "puzzle games only: searches its own information for a solution and places it",
        params: &[
            ("strategy", "backtrack | propagate (default propagate): plain search, or with forward checking"),
            ("nodes", "search nodes per puzzle before giving up (default 1000000)"),
        ],
    },
    BotKind {
        name: "ext",
        about: "an external program speaking meeple's JSON-lines protocol (PROTOCOL.md) on stdin/stdout",
        params: &[
            ("cmd", "the program to run (required)"),
            ("args", "its arguments, separated by spaces (default none)"),
            ("env", "environment variables NAME=VALUE, separated by spaces (default none)"),
            ("timeout_ms", "milliseconds per decision before the bot forfeits the game (default 10000)"),
            (
                "startup_ms",
                "milliseconds a new process has to start and answer the hello (default 10000, or timeout_ms if longer)",
            ),
            ("log", "the file its stderr is appended to (default TMPDIR/meeple-bots/NAME.log)"),
        ],
    },
];

/// Why a `solver` bot is refused.
const NO_SOLVER: &str = "the `solver` kind plays only puzzle games with a solver (laserreflection)";

/// A parsed, validated bot specification.
#[derive(Debug, Clone, PartialEq)]
pub struct BotSpec {
    /// The name as the user wrote it (a kind with parameters, or a profile name); used as the
    /// `bot` label in statistics.
    pub name: String,
    kind: Kind,
}

#[derive(Debug, Clone, PartialEq)]
enum Kind {
    Random,
    Greedy,
    Mcts(SearchConfig),
    Ismcts(SearchConfig),
    Solver(SolverConfig),
    Ext(ExtConfig),
    /// An agent factory registered in process by a binding ([`super::in_process`]), by name.
    InProcess(String),
}

impl BotSpec {
    /// Parses `text`, looking up profiles in `profile_dir` (normally `bots/`).
    ///
    /// # Errors
    /// An unknown bot (the message lists the built-in kinds and the profiles found), an unknown
    /// parameter, or a malformed profile file.
    pub fn parse(text: &str, profile_dir: &Path) -> Result<Self, BotSpecError> {
        let text = text.trim();
        if let Some(name) = text.strip_prefix(in_process::PREFIX) {
            if !in_process::is_registered(name) {
                return Err(BotSpecError::Parameter(format!(
                    "bot `{text}` is not registered in this process (`py:` bots are Python callables given to meeple.play)"
                )));
            }
            return Ok(Self { name: text.to_string(), kind: Kind::InProcess(name.to_string()) });
        }
        if text.split(':').next().is_some_and(|head| head.contains('=')) {
            return Err(BotSpecError::NotABot(text.to_string()));
        }
        let (kind, params) = match text.split_once(':') {
            Some((k, p)) => (k, parse_params(p).map_err(BotSpecError::Parameter)?),
            None => (text, BTreeMap::new()),
        };
        if BOT_KINDS.iter().any(|k| k.name == kind) {
            return Ok(Self {
                name: text.to_string(),
                kind: build_kind(kind, &params).map_err(BotSpecError::Parameter)?,
            });
        }
        let path = profile_dir.join(format!("{kind}.toml"));
        if params.is_empty() && path.is_file() {
            let profile =
                |e: &dyn std::fmt::Display| BotSpecError::Profile { path: path.clone(), message: e.to_string() };
            let src = std::fs::read_to_string(&path).map_err(|e| profile(&e))?;
            let mut table: toml::Table = toml::from_str(&src).map_err(|e| profile(&e))?;
            let Some(toml::Value::String(k)) = table.remove("kind") else {
                return Err(profile(&format!("missing string field `kind` (one of: {})", kind_names())));
            };
            if k == "ext" {
                let config = ext_profile(table).map_err(|e| profile(&e))?;
                return Ok(Self { name: text.to_string(), kind: Kind::Ext(config) });
            }
            // A TOML string is the parameter's text as written (`opponents = "random"`, not
            // `"random"` with its quotes); numbers and booleans read as in a spec.
            let value_text = |v: toml::Value| match v {
                toml::Value::String(s) => s,
                v => v.to_string(),
            };
            let params = table.into_iter().map(|(key, v)| (key, value_text(v))).collect();
            let kind = build_kind(&k, &params).map_err(|e| profile(&e))?;
            return Ok(Self { name: text.to_string(), kind });
        }
        if !params.is_empty() && path.is_file() {
            // `best-connect4:rave=300`: a profile is used as written.
            return Err(BotSpecError::Parameter(format!(
                "`{kind}` is a profile ({}), and a profile takes no parameters; write the bot in full \
                 (its kind and keys: see the file) or copy the profile under a new name",
                path.display()
            )));
        }
        Err(BotSpecError::Unknown { bot: kind.to_string(), valid: kind_names(), profiles: profile_list(profile_dir) })
    }

    /// A new agent of this kind for game `G`.
    pub fn agent<G: Heuristic>(&self) -> Box<dyn Agent<G>> {
        match &self.kind {
            Kind::Random => Box::new(RandomAgent),
            Kind::Greedy => Box::new(GreedyAgent::new()),
            Kind::Mcts(config) => Box::new(MctsAgent::new(*config)),
            Kind::Ismcts(config) => Box::new(IsmctsAgent::new(*config)),
            Kind::Solver(config) => G::solver_agent(*config)
                .unwrap_or_else(|| panic!("bot `{}` cannot play {}: {}", self.name, G::NAME, NO_SOLVER)),
            Kind::Ext(config) => Box::new(ExtAgent::<G>::new(&self.name, config)),
            Kind::InProcess(name) => in_process::agent::<G>(name)
                .unwrap_or_else(|e| panic!("{e} (BotSpec::check_game checks it before play)")),
        }
    }

    /// Whether this is an external bot (`ext`), which may forfeit games.
    pub fn is_external(&self) -> bool {
        matches!(self.kind, Kind::Ext(_))
    }

    /// Whether this bot can play game `G` (every kind but `solver` plays every game, and a tree
    /// search with `reuse=true` only games of perfect information).
    ///
    /// # Errors
    /// A `solver` bot for a game without a solver, or a search with `reuse=true` for a game with
    /// hidden information, named.
    pub fn check_game<G: Heuristic>(&self) -> Result<(), BotSpecError> {
        match self.kind {
            Kind::Mcts(SearchConfig { reuse: true, .. }) | Kind::Ismcts(SearchConfig { reuse: true, .. })
                if !G::PERFECT_INFORMATION =>
            {
                Err(BotSpecError::NoReuse { bot: self.name.clone(), game: G::NAME })
            }
            Kind::Solver(config) if G::solver_agent(config).is_none() => {
                Err(BotSpecError::NoSolver { bot: self.name.clone(), game: G::NAME })
            }
            Kind::InProcess(ref name) => in_process::agent::<G>(name).map(drop).map_err(BotSpecError::Parameter),
            _ => Ok(()),
        }
    }

    /// For an external bot: starts it once and completes the hello for game `G` with options
    /// `config` ([`super::ext::check_start`]); every command that plays calls this for each bot
    /// before the first game. Other bots: nothing to check.
    ///
    /// # Errors
    /// The external bot cannot start, named, with the reason and the end of its stderr.
    pub fn check_start<G: Game>(&self, config: &G::Config) -> Result<(), BotSpecError> {
        match &self.kind {
            Kind::Ext(ext) => Ok(check_start::<G>(&self.name, ext, config)?),
            _ => Ok(()),
        }
    }

    /// The bot's kind with every parameter, defaults filled in, as a spec that [`BotSpec::parse`]
    /// reads back to the same bot: `mcts:iterations=1000,c=1.4` for the profile `mcts-1k`.
    /// Options that are off by default (`depth`, `cutoff`, `opponents=random`, `rollout`, `bias`,
    /// `decay`, `reuse`, `rave`) appear only when set.
    pub fn resolved(&self) -> String {
        let search = |c: &SearchConfig| {
            let budget = match c.budget {
                Budget::Iterations(n) => format!("iterations={n}"),
                Budget::Millis(ms) => format!("ms={ms}"),
                Budget::CpuMillis(ms) => format!("cpu_ms={ms}"),
            };
            let depth = c.depth.map_or(String::new(), |d| format!(",depth={d}"));
            let cutoff = c.cutoff.map_or(String::new(), |t| format!(",cutoff={t}"));
            let opponents = if c.random_opponents { ",opponents=random" } else { "" };
            let rollout = match c.rollout {
                Rollout::Random => String::new(),
                Rollout::EGreedy { epsilon } => format!(",rollout=egreedy,epsilon={epsilon}"),
                Rollout::Softmax { temperature } => format!(",rollout=softmax,temperature={temperature}"),
                Rollout::Mast { temperature } => format!(",rollout=mast,temperature={temperature}"),
                Rollout::MastEGreedy { epsilon } => format!(",rollout=mast-egreedy,epsilon={epsilon}"),
            };
            let bias = if c.bias == 0.0 { String::new() } else { format!(",bias={}", c.bias) };
            let decay = if c.decay == 0.0 { String::new() } else { format!(",decay={}", c.decay) };
            let reuse = if c.reuse { ",reuse=true" } else { "" };
            let rave = if c.rave == 0.0 { String::new() } else { format!(",rave={}", c.rave) };
            format!("{budget},c={}{depth}{cutoff}{opponents}{rollout}{bias}{decay}{reuse}{rave}", c.c)
        };
        match &self.kind {
            Kind::Random => "random".into(),
            Kind::Greedy => "greedy".into(),
            Kind::Mcts(c) => format!("mcts:{}", search(c)),
            Kind::Ismcts(c) => format!("ismcts:{}", search(c)),
            Kind::Solver(c) => {
                let strategy = match c.strategy {
                    SolverStrategy::Backtrack => "backtrack",
                    SolverStrategy::Propagate => "propagate",
                };
                format!("solver:strategy={strategy},nodes={}", c.nodes)
            }
            Kind::Ext(c) => {
                let mut text = format!("ext:cmd={}", c.command);
                let words = |items: Vec<String>| items.join(" ");
                if !c.args.is_empty() {
                    text.push_str(&format!(",args={}", words(c.args.clone())));
                }
                if !c.env.is_empty() {
                    text.push_str(&format!(",env={}", words(c.env.iter().map(|(k, v)| format!("{k}={v}")).collect())));
                }
                text.push_str(&format!(",timeout_ms={}", c.timeout_ms));
                // Only when given: the resolved text of older runs' bots stays the same.
                if let Some(ms) = c.startup_ms {
                    text.push_str(&format!(",startup_ms={ms}"));
                }
                if let Some(log) = &c.log {
                    text.push_str(&format!(",log={}", log.display()));
                }
                text
            }
            Kind::InProcess(name) => format!("{}{name}", in_process::PREFIX),
        }
    }

    /// Whether the bot plays the same game from the same seed on any machine: `false` for a tree
    /// search with a time budget (`ms=` or `cpu_ms=`), whose iterations depend on the machine's
    /// speed (and, for wall time, its load).
    /// An external bot is taken at its word: deterministic given the seeds it is sent (PROTOCOL.md).
    pub fn reproducible(&self) -> bool {
        !matches!(
            self.kind,
            Kind::Mcts(SearchConfig { budget: Budget::Millis(_) | Budget::CpuMillis(_), .. })
                | Kind::Ismcts(SearchConfig { budget: Budget::Millis(_) | Budget::CpuMillis(_), .. })
        )
    }

    /// The fixed number of search iterations per decision, for the tree searches with an
    /// iteration budget; `None` for other bots.
    pub fn iterations(&self) -> Option<u32> {
        match self.kind {
            Kind::Mcts(SearchConfig { budget: Budget::Iterations(n), .. })
            | Kind::Ismcts(SearchConfig { budget: Budget::Iterations(n), .. }) => Some(n),
            _ => None,
        }
    }
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// Parses a lineup of `players` seats from its names: one per seat; one name alone for every seat;
/// or two names `A, B` for more than two seats, bot A against a field of B (`A, B, …, B`), so that
/// one lineup serves every player count of a spec. `fixed_by`: the game's name when it allows only
/// this player count (the error then says so).
///
/// # Errors
/// As [`BotSpec::parse`], or a lineup of another length (3 names for 4 seats).
pub fn parse_lineup(
    names: &[String],
    players: usize,
    fixed_by: Option<&str>,
    profile_dir: &Path,
) -> Result<Vec<BotSpec>, BotSpecError> {
    let specs = names.iter().map(|n| BotSpec::parse(n, profile_dir)).collect::<Result<Vec<_>, _>>()?;
    match specs.len() {
        1 => Ok(vec![specs[0].clone(); players]),
        n if n == players => Ok(specs),
        2 if players > 2 => Ok([vec![specs[0].clone()], vec![specs[1].clone(); players - 1]].concat()),
        n => {
            let table = match fixed_by {
                Some(game) => format!("{game}, a {players}-player game"),
                None if players == 1 => "1 player".to_string(),
                None => format!("{players} players"),
            };
            let give = match players {
                1 => "give one bot".to_string(),
                2 => "give one bot per seat (2), or a single bot for both".to_string(),
                _ => format!(
                    "give one bot per seat ({players}), a single bot for all, or two (the first in one seat against \
                     a field of the second)"
                ),
            };
            Err(BotSpecError::LineupLength(format!("{n} bots given for {table}: {give}")))
        }
    }
}

/// Why a bot spec, profile or lineup cannot be used. Each message names the bot (or the profile
/// file) and says what would be valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BotSpecError {
    /// A lineup item that is a parameter holding a `:` (which starts a new bot).
    #[error(
        "`{0}` is not a bot: it looks like a parameter whose value holds a `:`, which starts a new bot in a \
         comma-separated lineup; separate the bots with `;` instead (quoted in the shell), e.g. \
         'ext:cmd=python3,args=bot.py --url=http://x;random', and end a lone bot with `;`"
    )]
    NotABot(String),
    /// A bad parameter of a built-in kind: the message names it and what was expected.
    #[error("{0}")]
    Parameter(String),
    /// A profile file that cannot be read, parsed or used: the file and what is wrong.
    #[error("{}: {message}", .path.display())]
    Profile {
        /// The profile file.
        path: std::path::PathBuf,
        /// What is wrong.
        message: String,
    },
    /// Neither a kind nor a profile.
    #[error("unknown bot `{bot}`; valid bots: {valid}{profiles}")]
    Unknown {
        /// The name given.
        bot: String,
        /// The built-in kinds.
        valid: String,
        /// The profiles found (or where none were), starting with "; ".
        profiles: String,
    },
    /// A `solver` bot for a game without a solver.
    #[error("bot `{bot}` cannot play {game}: {NO_SOLVER}")]
    NoSolver {
        /// The bot.
        bot: String,
        /// The game.
        game: &'static str,
    },
    /// A tree search with `reuse=true` for a game with hidden information.
    #[error(
        "bot `{bot}` cannot play {game}: the option `reuse=true` keeps the search tree between moves only in games of \
         perfect information (such as connect4), and {game} hides information from its seats, where the old tree's \
         statistics come from determinizations of an older information set (Cowling, Powley & Whitehouse 2012; \
         Browne et al. 2012 §5.4); drop `reuse`"
    )]
    NoReuse {
        /// The bot.
        bot: String,
        /// The game.
        game: &'static str,
    },
    /// An external bot that does not start.
    #[error(transparent)]
    Ext(#[from] ExtError),
    /// A lineup of the wrong length: the message says what to give.
    #[error("{0}")]
    LineupLength(String),
}

/// The caveat of bot `name` whose resolved text ([`BotSpec::resolved`], as `run.toml`'s `bots`
/// records it) gives a tree search a time budget (`ms=` or `cpu_ms=`), for the console, `run.toml`'s
/// `warnings` and `report.md`'s caveats (nc44 F4, F5): how far it searches depends on the
/// machine's speed (`cpu_ms=`, the searching thread's CPU time) or its speed and load (`ms=`,
/// wall time), so the run is not reproducible. `None` for any other bot.
pub fn time_budget_caveat(name: &str, resolved: &str) -> Option<String> {
    let (kind, params) = resolved.split_once(':')?;
    if kind != "mcts" && kind != "ismcts" {
        return None;
    }
    let (key, value) =
        params.split(',').filter_map(|p| p.split_once('=')).find(|(k, _)| *k == "ms" || *k == "cpu_ms")?;
    let depends = match key {
        "cpu_ms" => "the machine's speed",
        _ => "the machine's speed and load",
    };
    Some(format!(
        "bot `{name}` has a time budget ({key}={value}): how far it searches depends on {depends}, so this run is not \
         reproducible (the same spec and seed can give other games and numbers); give `iterations=` for a \
         reproducible run"
    ))
}

/// Splits a lineup into bot specs. Bots are separated by `;` when the text has one
/// (`mcts:iterations=50,c=2;random`: nothing is ambiguous; empty items are dropped, so a lone bot
/// whose parameters hold a `:` is written `ext:cmd=x,args=a:b;`), else by commas, where a `key=value`
/// item without a `:` continues the parameters of the bot before it
/// (`mcts:iterations=50,c=2,random` is `["mcts:iterations=50,c=2", "random"]`).
pub fn split_lineup(text: &str) -> Vec<String> {
    if text.contains(';') {
        return text.split(';').map(|b| b.trim().to_string()).filter(|b| !b.is_empty()).collect();
    }
    let mut bots: Vec<String> = Vec::new();
    for item in text.split(',') {
        match bots.last_mut() {
            Some(last) if item.contains('=') && !item.contains(':') && last.contains(':') => {
                last.push(',');
                last.push_str(item);
            }
            _ => bots.push(item.to_string()),
        }
    }
    bots
}

/// The `key=value` pairs of a bot's parameter text; a key given twice is an error (not "the last
/// one wins").
fn parse_params(text: &str) -> Result<BTreeMap<String, String>, String> {
    let mut params = BTreeMap::new();
    for kv in text.split(',').filter(|s| !s.is_empty()) {
        let (k, v) = kv.split_once('=').ok_or_else(|| format!("bot parameter `{kv}` is not of the form key=value"))?;
        if params.insert(k.trim().to_string(), v.trim().to_string()).is_some() {
            return Err(format!("bot parameter `{}` given twice", k.trim()));
        }
    }
    Ok(params)
}

fn kind_names() -> String {
    BOT_KINDS.iter().map(|k| k.name).collect::<Vec<_>>().join(", ")
}

fn build_kind(kind: &str, params: &BTreeMap<String, String>) -> Result<Kind, String> {
    let Some(k) = BOT_KINDS.iter().find(|k| k.name == kind) else {
        return Err(format!("unknown bot kind `{kind}`; valid kinds: {}", kind_names()));
    };
    if let Some(key) = params.keys().find(|key| !k.params.iter().any(|(p, _)| p == key)) {
        let valid: Vec<&str> = k.params.iter().map(|(p, _)| *p).collect();
        return Err(format!(
            "bot `{kind}` has no parameter `{key}` ({})",
            if valid.is_empty() { "it takes none".to_string() } else { format!("valid: {}", valid.join(", ")) }
        ));
    }
    Ok(match kind {
        "random" => Kind::Random,
        "greedy" => Kind::Greedy,
        "mcts" => Kind::Mcts(search_config(params)?),
        "ismcts" => Kind::Ismcts(search_config(params)?),
        "solver" => Kind::Solver(solver_config(params)?),
        "ext" => Kind::Ext(ext_config(params)?),
        _ => unreachable!("every entry of BOT_KINDS is built above"),
    })
}

/// The largest `ms` or `cpu_ms` budget a search accepts: one hour a decision, in milliseconds.
pub const MAX_BUDGET_MS: u64 = 3_600_000;

/// The largest `iterations` budget a search accepts: a tree of 10⁸ nodes is a few gigabytes
/// (nc44b H1: `iterations=4294967295` failed to reserve 103 GB and aborted).
pub const MAX_ITERATIONS: u32 = 100_000_000;

/// The search parameters in `params` (keys already checked against [`SEARCH_PARAMS`]).
fn search_config(params: &BTreeMap<String, String>) -> Result<SearchConfig, String> {
    let mut config = SearchConfig::default();
    // The tree grows by about a node an iteration: above this it is gigabytes, so a typo.
    let iterations = param::<u32>(
        params,
        "iterations",
        |n| (1..=MAX_ITERATIONS).contains(n),
        "a whole number from 1 to 100000000 (a tree of that many nodes takes gigabytes)",
    )?;
    // A budget is per decision; above an hour it is a typo.
    let in_range = |&n: &u64| (1..=MAX_BUDGET_MS).contains(&n);
    let range = "a whole number of milliseconds from 1 to 3600000 (an hour a decision)";
    let ms = param::<u64>(params, "ms", in_range, range)?;
    let cpu_ms = param::<u64>(params, "cpu_ms", in_range, range)?;
    config.budget = match (iterations, ms, cpu_ms) {
        (Some(n), None, None) => Budget::Iterations(n),
        (None, Some(ms), None) => Budget::Millis(ms),
        (None, None, Some(ms)) => Budget::CpuMillis(ms),
        (None, None, None) => config.budget,
        _ => return Err("give the budget as one of `iterations`, `ms` or `cpu_ms`, not several".into()),
    };
    if let Some(c) = param::<f64>(params, "c", |c| c.is_finite() && *c >= 0.0, "a number of at least 0")? {
        config.c = c;
    }
    config.depth = param::<u32>(params, "depth", |_| true, "a whole number of actions")?;
    config.cutoff = param::<f64>(params, "cutoff", |t| *t > 0.0 && *t <= 1.0, "a number in (0, 1]")?;
    config.random_opponents = match params.get("opponents").map(String::as_str) {
        None | Some("tree") => false,
        Some("random") => true,
        Some(v) => return Err(format!("bot parameter `opponents`: expected tree or random, got `{v}`")),
    };
    let epsilon = param::<f64>(params, "epsilon", |e| (0.0..=1.0).contains(e), "a number in [0, 1]")?;
    let temperature = param::<f64>(params, "temperature", |t| t.is_finite() && *t > 0.0, "a number above 0")?;
    config.rollout = match params.get("rollout").map(String::as_str) {
        None | Some("random") => Rollout::Random,
        Some("egreedy") => Rollout::EGreedy { epsilon: epsilon.unwrap_or(0.1) },
        Some("softmax") => Rollout::Softmax { temperature: temperature.unwrap_or(0.05) },
        Some("mast") => Rollout::Mast { temperature: temperature.unwrap_or(0.1) },
        Some("mast-egreedy") => Rollout::MastEGreedy { epsilon: epsilon.unwrap_or(0.4) },
        Some(v) => {
            return Err(format!(
                "bot parameter `rollout`: expected random, egreedy, softmax, mast or mast-egreedy, got `{v}`"
            ));
        }
    };
    // A parameter the chosen policy ignores is a mistake in the spec, not a silent no-op.
    let takes_epsilon = matches!(config.rollout, Rollout::EGreedy { .. } | Rollout::MastEGreedy { .. });
    let takes_temperature = matches!(config.rollout, Rollout::Softmax { .. } | Rollout::Mast { .. });
    if epsilon.is_some() && !takes_epsilon {
        return Err("bot parameter `epsilon` applies only to `rollout=egreedy` or `rollout=mast-egreedy`".into());
    }
    if temperature.is_some() && !takes_temperature {
        return Err("bot parameter `temperature` applies only to `rollout=softmax` or `rollout=mast`".into());
    }
    if let Some(w) = param::<f64>(params, "bias", |w| w.is_finite() && *w >= 0.0, "a number of at least 0")? {
        config.bias = w;
    }
    if let Some(d) = param::<f64>(params, "decay", |d| (0.0..=1.0).contains(d), "a number in [0, 1]")? {
        if !matches!(config.rollout, Rollout::Mast { .. } | Rollout::MastEGreedy { .. }) {
            return Err("bot parameter `decay` applies only to `rollout=mast` or `rollout=mast-egreedy`".into());
        }
        config.decay = d;
    }
    if let Some(reuse) = param::<bool>(params, "reuse", |_| true, "true or false")? {
        if reuse && config.random_opponents {
            // The tree then holds only the seat's own moves, each pooling the other seats' random
            // moves before it: no node is the position the game reached.
            return Err("bot parameter `reuse=true` needs the other seats' moves in the tree (`opponents=tree`)".into());
        }
        config.reuse = reuse;
    }
    let k = "a number of at least 0 (RAVE's equivalence parameter k, in visits; 0 or left out: no RAVE)";
    if let Some(k) = param::<f64>(params, "rave", |k| k.is_finite() && *k >= 0.0, k)? {
        config.rave = k;
    }
    Ok(config)
}

/// The solver parameters in `params` (keys already checked).
fn solver_config(params: &BTreeMap<String, String>) -> Result<SolverConfig, String> {
    let mut config = SolverConfig::default();
    if let Some(s) = params.get("strategy") {
        config.strategy = match s.as_str() {
            "backtrack" => SolverStrategy::Backtrack,
            "propagate" => SolverStrategy::Propagate,
            _ => return Err(format!("bot parameter `strategy`: expected backtrack or propagate, got `{s}`")),
        };
    }
    if let Some(n) = param::<u64>(params, "nodes", |&n| n >= 1, "a whole number of at least 1")? {
        config.nodes = n;
    }
    Ok(config)
}

/// The external bot of an `ext:` spec (keys already checked).
fn ext_config(params: &BTreeMap<String, String>) -> Result<ExtConfig, String> {
    let cmd = params.get("cmd").ok_or("bot `ext` needs `cmd=PATH`, the program to run")?;
    let mut config = ExtConfig::new(cmd);
    config.args = params.get("args").map_or(Vec::new(), |a| a.split_whitespace().map(str::to_string).collect());
    for pair in params.get("env").map_or(Vec::new(), |e| e.split_whitespace().collect()) {
        let (k, v) = pair.split_once('=').ok_or_else(|| format!("bot parameter `env`: `{pair}` is not NAME=VALUE"))?;
        config.env.push((k.to_string(), v.to_string()));
    }
    if let Some(ms) = param::<u64>(params, "timeout_ms", |&n| n >= 1, "a whole number of milliseconds, at least 1")? {
        config.timeout_ms = ms;
    }
    config.startup_ms = param::<u64>(params, "startup_ms", |&n| n >= 1, "a whole number of milliseconds, at least 1")?;
    config.log = params.get("log").map(Into::into);
    Ok(config)
}

/// The external bot of a profile with `kind = "ext"` (the other keys of its table).
fn ext_profile(mut table: toml::Table) -> Result<ExtConfig, String> {
    let text = |v: toml::Value, key: &str| match v {
        toml::Value::String(s) => Ok(s),
        other => Err(format!("`{key}` must be a string, not {other}")),
    };
    let command = table.remove("command").ok_or("missing string field `command` (the program to run)")?;
    let mut config = ExtConfig::new(&text(command, "command")?);
    if let Some(args) = table.remove("args") {
        let toml::Value::Array(list) = args else { return Err("`args` must be a list of strings".into()) };
        config.args = list.into_iter().map(|a| text(a, "args")).collect::<Result<_, _>>()?;
    }
    if let Some(env) = table.remove("env") {
        let toml::Value::Table(vars) = env else { return Err("`env` must be a table of strings".into()) };
        config.env = vars
            .into_iter()
            .map(|(k, v)| Ok((k.clone(), text(v, &format!("env.{k}"))?)))
            .collect::<Result<_, String>>()?;
    }
    if let Some(ms) = table.remove("timeout_ms") {
        config.timeout_ms = ms
            .as_integer()
            .and_then(|n| u64::try_from(n).ok())
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("`timeout_ms` must be a whole number of milliseconds, at least 1, not {ms}"))?;
    }
    if let Some(ms) = table.remove("startup_ms") {
        config.startup_ms = Some(
            ms.as_integer()
                .and_then(|n| u64::try_from(n).ok())
                .filter(|&n| n >= 1)
                .ok_or_else(|| format!("`startup_ms` must be a whole number of milliseconds, at least 1, not {ms}"))?,
        );
    }
    if let Some(log) = table.remove("log") {
        config.log = Some(text(log, "log")?.into());
    }
    match table.keys().next() {
        Some(key) => {
            Err(format!("unknown key `{key}` for an ext bot (valid: command, args, env, timeout_ms, startup_ms, log)"))
        }
        None => Ok(config),
    }
}

/// The value of parameter `key`, if given, parsed and checked by `ok`; errors name the key and
/// say what was expected (`what`).
fn param<T: FromStr>(
    params: &BTreeMap<String, String>,
    key: &str,
    ok: impl Fn(&T) -> bool,
    what: &str,
) -> Result<Option<T>, String> {
    params
        .get(key)
        .map(|v| {
            v.parse::<T>().ok().filter(&ok).ok_or_else(|| format!("bot parameter `{key}`: expected {what}, got `{v}`"))
        })
        .transpose()
}

fn profile_list(dir: &Path) -> String {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.strip_suffix(".toml").map(str::to_string))
        .collect();
    names.sort();
    if names.is_empty() {
        format!(
            "; no bot profiles in `{}` (a relative path is from the current directory; --bots-dir sets it)",
            dir.display()
        )
    } else {
        format!("; profiles in {}: {}", dir.display(), names.join(", "))
    }
}

#[cfg(test)]
mod tests {
    /// nc44 F4, F5: a time budget gives a caveat that names what the search depends on.
    #[test]
    fn a_time_budget_gives_a_caveat_naming_what_it_depends_on() {
        let cpu = time_budget_caveat("best-mow", "ismcts:cpu_ms=10,depth=0,c=0.7").unwrap();
        assert!(cpu.contains("(cpu_ms=10): how far it searches depends on the machine's speed, so"), "{cpu}");
        let wall = time_budget_caveat("m", "mcts:ms=50,c=1.4").unwrap();
        assert!(wall.contains("(ms=50): how far it searches depends on the machine's speed and load"), "{wall}");
        assert_eq!(time_budget_caveat("x", "ismcts:iterations=100,c=0.7"), None);
        assert_eq!(time_budget_caveat("e", "ext:command=python3,startup_ms=100"), None);
        assert_eq!(time_budget_caveat("g", "greedy"), None);
    }

    use super::*;

    #[test]
    fn kinds_parse_and_unknown_names_list_the_valid_ones() {
        let dir = Path::new("bots");
        assert_eq!(BotSpec::parse("random", dir).unwrap().name, "random");
        assert!(matches!(BotSpec::parse("minimax", dir), Err(BotSpecError::Unknown { bot, .. }) if bot == "minimax"));
        let err = BotSpec::parse("minimax", dir).unwrap_err().to_string();
        assert!(err.contains("unknown bot `minimax`") && err.contains("random"), "{err}");
        let err = BotSpec::parse("random:depth=3", dir).unwrap_err().to_string();
        assert!(err.contains("no parameter `depth`"), "{err}");
    }

    /// Run outside the repository, `bots/` is not there: the error says where it looked and how
    /// to point it elsewhere, rather than only listing the built-in kinds.
    #[test]
    fn unknown_bot_without_profiles_says_where_profiles_are_read() {
        let err = BotSpec::parse("mcts-1k", Path::new("no-such-dir/bots")).unwrap_err().to_string();
        assert!(err.contains("no bot profiles in `no-such-dir/bots`") && err.contains("--bots-dir"), "{err}");
        let err = BotSpec::parse("nobody", Path::new("bots")).unwrap_err().to_string();
        assert!(err.contains("profiles in bots: ") && err.contains("mcts-1k"), "{err}");
    }

    #[test]
    fn search_parameters_parse_with_defaults() {
        let dir = Path::new("bots");
        let m = BotSpec::parse("mcts:iterations=1000,c=1.4", dir).unwrap();
        assert_eq!(
            m.kind,
            Kind::Mcts(SearchConfig {
                budget: Budget::Iterations(1000),
                c: 1.4,
                depth: None,
                cutoff: None,
                random_opponents: false,
                ..SearchConfig::default()
            })
        );
        assert_eq!(m.iterations(), Some(1000));
        let i = BotSpec::parse("ismcts:ms=20,depth=10,cutoff=0.95,opponents=random", dir).unwrap();
        let expected = SearchConfig {
            budget: Budget::Millis(20),
            c: 1.4,
            depth: Some(10),
            cutoff: Some(0.95),
            random_opponents: true,
            ..SearchConfig::default()
        };
        assert_eq!((&i.kind, i.iterations()), (&Kind::Ismcts(expected), None));
        assert_eq!(BotSpec::parse("mcts", dir).unwrap().kind, Kind::Mcts(SearchConfig::default()));
        let k = BotSpec::parse("ismcts:cpu_ms=50,rollout=egreedy,epsilon=0.2,depth=8,bias=0.5", dir).unwrap();
        let expected = SearchConfig {
            budget: Budget::CpuMillis(50),
            depth: Some(8),
            rollout: Rollout::EGreedy { epsilon: 0.2 },
            bias: 0.5,
            ..SearchConfig::default()
        };
        assert_eq!((&k.kind, k.iterations(), k.reproducible()), (&Kind::Ismcts(expected), None, false));
        let defaults = |s: &str| match BotSpec::parse(s, dir).unwrap().kind {
            Kind::Mcts(c) | Kind::Ismcts(c) => c.rollout,
            k => panic!("{k:?}"),
        };
        assert_eq!(defaults("mcts:rollout=egreedy"), Rollout::EGreedy { epsilon: 0.1 });
        assert_eq!(defaults("mcts:rollout=softmax"), Rollout::Softmax { temperature: 0.05 });
        assert_eq!(defaults("ismcts:rollout=mast,temperature=0.2"), Rollout::Mast { temperature: 0.2 });
        assert_eq!(defaults("ismcts:rollout=random"), Rollout::Random);
        assert_eq!(defaults("ismcts:rollout=mast-egreedy"), Rollout::MastEGreedy { epsilon: 0.4 });
        assert_eq!(defaults("mcts:rollout=mast-egreedy,epsilon=0"), Rollout::MastEGreedy { epsilon: 0.0 });
        assert_eq!(BotSpec::parse("greedy", dir).unwrap().kind, Kind::Greedy);
    }

    #[test]
    fn bad_search_parameters_name_the_key() {
        let dir = Path::new("bots");
        let err = |s: &str| BotSpec::parse(s, dir).unwrap_err().to_string();
        let e = err("mcts:iteration=10");
        assert!(
            e.contains("no parameter `iteration`")
                && e.contains(
                    "valid: iterations, ms, cpu_ms, c, depth, cutoff, opponents, rollout, epsilon, temperature, bias, decay, reuse, rave"
                ),
            "{e}"
        );
        assert!(err("greedy:c=1").contains("bot `greedy` has no parameter `c` (it takes none)"));
        assert!(err("mcts:iterations=0").contains("`iterations`: expected a whole number from 1 to 100000000"));
        assert!(err("mcts:c=-1").contains("`c`: expected a number of at least 0, got `-1`"));
        assert!(err("ismcts:cutoff=1.5").contains("`cutoff`: expected a number in (0, 1]"));
        assert!(err("mcts:depth=x").contains("`depth`"));
        assert!(err("ismcts:opponents=greedy").contains("`opponents`: expected tree or random, got `greedy`"));
        assert!(err("mcts:iterations=5,ms=5").contains("not several"));
        assert!(err("mcts:ms=5,cpu_ms=5").contains("not several"));
        assert!(err("mcts:cpu_ms=0").contains("`cpu_ms`: expected a whole number of milliseconds"));
        assert!(err("mcts:cpu_ms=3600001").contains("from 1 to 3600000 (an hour a decision), got `3600001`"));
        assert!(err("ismcts:ms=99999999999999").contains("`ms`: expected a whole number of milliseconds from 1"));
        assert!(BotSpec::parse("ismcts:cpu_ms=3600000", dir).is_ok());
        assert!(
            err("mcts:rollout=greedy").contains("`rollout`: expected random, egreedy, softmax, mast or mast-egreedy")
        );
        assert!(err("mcts:rollout=egreedy,epsilon=1.5").contains("`epsilon`: expected a number in [0, 1]"));
        assert!(err("mcts:rollout=softmax,temperature=0").contains("`temperature`: expected a number above 0"));
        assert!(
            err("mcts:epsilon=0.2").contains("`epsilon` applies only to `rollout=egreedy` or `rollout=mast-egreedy`")
        );
        assert!(err("ismcts:rollout=egreedy,temperature=1").contains("`temperature` applies only to"));
        assert!(err("ismcts:rollout=mast-egreedy,temperature=1").contains("`temperature` applies only to"));
        assert!(err("ismcts:rollout=mast-egreedy,epsilon=2").contains("`epsilon`: expected a number in [0, 1]"));
        assert!(err("ismcts:decay=0.5").contains("`decay` applies only to `rollout=mast` or `rollout=mast-egreedy`"));
        assert!(err("ismcts:rollout=mast,decay=1.5").contains("`decay`: expected a number in [0, 1]"));
        assert!(err("ismcts:bias=-1").contains("`bias`: expected a number of at least 0"));
        assert!(err("mcts:reuse=yes").contains("`reuse`: expected true or false, got `yes`"));
        assert!(
            err("ismcts:reuse=true,opponents=random")
                .contains("`reuse=true` needs the other seats' moves in the tree (`opponents=tree`)")
        );
        assert!(err("mcts:c").contains("not of the form key=value"));
        for bad in ["-5", "nan", "inf", "x", ""] {
            let e = err(&format!("ismcts:rave={bad}"));
            assert!(
                e.contains(&format!("`rave`: expected a number of at least 0 (RAVE's equivalence parameter k, in visits; 0 or left out: no RAVE), got `{bad}`")),
                "{e}"
            );
        }
        // nc44b L1: `rave=0` is the default, off (a sweep over k can include the plain search).
        assert_eq!(BotSpec::parse("ismcts:rave=0", dir).unwrap().resolved(), "ismcts:iterations=1000,c=1.4");
        // nc44b L4: a profile with parameters was "unknown", and then listed among the profiles.
        let e = err("best-connect4:rave=300");
        assert!(
            e.contains("`best-connect4` is a profile (bots/best-connect4.toml), and a profile takes no parameters"),
            "{e}"
        );
        // nc44b H1: the tree is reserved for the whole budget; 4294967295 aborted on 103 GB.
        for bad in ["0", "100000001", "4294967295"] {
            let e = err(&format!("mcts:iterations={bad}"));
            assert!(e.contains(&format!("`iterations`: expected a whole number from 1 to 100000000 (a tree of that many nodes takes gigabytes), got `{bad}`")), "{e}");
        }
        assert!(BotSpec::parse("mcts:iterations=100000000", dir).is_ok());
        let e = err("ismcts:rollout=egreedy,rollout=softmax");
        assert!(e.contains("bot parameter `rollout` given twice"), "{e}");
        assert!(err("mcts:rave=10,iterations=5,rave=10").contains("bot parameter `rave` given twice"));
        assert!(err("solver:strategy=dfs").contains("`strategy`: expected backtrack or propagate, got `dfs`"));
        assert!(err("solver:nodes=0").contains("`nodes`: expected a whole number of at least 1"));
    }

    #[test]
    fn solver_parses_and_is_refused_by_games_without_a_solver() {
        let dir = Path::new("bots");
        let s = BotSpec::parse("solver:strategy=backtrack,nodes=500", dir).unwrap();
        assert_eq!(s.kind, Kind::Solver(SolverConfig { strategy: SolverStrategy::Backtrack, nodes: 500 }));
        assert_eq!(BotSpec::parse("solver", dir).unwrap().kind, Kind::Solver(SolverConfig::default()));
        let err = s.check_game::<crate::games::connect4::ConnectFour>().unwrap_err().to_string();
        assert!(err.contains("cannot play connect4") && err.contains("laserreflection"), "{err}");
        assert!(s.check_game::<crate::games::laserreflection::LaserState>().is_ok());
    }

    #[test]
    fn profiles_are_read_from_the_profile_directory() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("baseline.toml"), "kind = 'random'\n").unwrap();
        std::fs::write(tmp.path().join("typo.toml"), "kind = 'random'\nitertions = 5\n").unwrap();
        std::fs::write(tmp.path().join("nokind.toml"), "iterations = 5\n").unwrap();
        let b = BotSpec::parse("baseline", tmp.path()).unwrap();
        assert_eq!((b.name.as_str(), &b.kind), ("baseline", &Kind::Random));
        assert!(BotSpec::parse("typo", tmp.path()).unwrap_err().to_string().contains("itertions"));
        assert!(BotSpec::parse("nokind", tmp.path()).unwrap_err().to_string().contains("missing string field `kind`"));
        let err = BotSpec::parse("nope", tmp.path()).unwrap_err().to_string();
        assert!(err.contains("baseline, nokind, typo"), "{err}");
        std::fs::write(tmp.path().join("deep.toml"), "kind = 'mcts'\niterations = 50\nc = 2\ndepth = 8\n").unwrap();
        let d = BotSpec::parse("deep", tmp.path()).unwrap();
        let expected = SearchConfig {
            budget: Budget::Iterations(50),
            c: 2.0,
            depth: Some(8),
            cutoff: None,
            random_opponents: false,
            ..SearchConfig::default()
        };
        assert_eq!(d.kind, Kind::Mcts(expected));
        std::fs::write(tmp.path().join("bad.toml"), "kind = 'ismcts'\nc = 'high'\n").unwrap();
        let err = BotSpec::parse("bad", tmp.path()).unwrap_err().to_string();
        assert!(err.contains("bad.toml") && err.contains("`c`: expected a number of at least 0, got `high`"), "{err}");
        // String values are read without their quotes.
        std::fs::write(tmp.path().join("race.toml"), "kind = 'ismcts'\nc = 0.001\ndepth = 0\nopponents = \"random\"\n")
            .unwrap();
        let expected = SearchConfig { c: 0.001, depth: Some(0), random_opponents: true, ..SearchConfig::default() };
        assert_eq!(BotSpec::parse("race", tmp.path()).unwrap().kind, Kind::Ismcts(expected));
        // A TOML boolean reads as in a spec.
        std::fs::write(tmp.path().join("keep.toml"), "kind = 'mcts'\nreuse = true\n").unwrap();
        let expected = SearchConfig { reuse: true, ..SearchConfig::default() };
        assert_eq!(BotSpec::parse("keep", tmp.path()).unwrap().kind, Kind::Mcts(expected));
        std::fs::write(tmp.path().join("prop.toml"), "kind = 'solver'\nstrategy = 'propagate'\nnodes = 9\n").unwrap();
        let solver = SolverConfig { strategy: SolverStrategy::Propagate, nodes: 9 };
        assert_eq!(BotSpec::parse("prop", tmp.path()).unwrap().kind, Kind::Solver(solver));
    }

    #[test]
    fn ext_bots_parse_from_specs_and_profiles_and_resolve_to_specs() {
        let tmp = tempfile::tempdir().unwrap();
        let profile =
            "kind = 'ext'\ncommand = 'python3'\nargs = ['bot.py', '-v']\nenv = { SEED = '1' }\ntimeout_ms = 500\n";
        std::fs::write(tmp.path().join("py.toml"), profile).unwrap();
        let p = BotSpec::parse("py", tmp.path()).unwrap();
        let Kind::Ext(c) = &p.kind else { panic!("{:?}", p.kind) };
        assert_eq!(
            (c.command.as_str(), c.args.clone(), c.timeout_ms),
            ("python3", vec!["bot.py".into(), "-v".into()], 500)
        );
        assert_eq!(c.env, vec![("SEED".to_string(), "1".to_string())]);
        assert_eq!(p.resolved(), "ext:cmd=python3,args=bot.py -v,env=SEED=1,timeout_ms=500");
        assert_eq!(BotSpec::parse(&p.resolved(), tmp.path()).unwrap().kind, p.kind);
        assert!(p.is_external() && p.reproducible());
        let d = BotSpec::parse("ext:cmd=./bot", tmp.path()).unwrap();
        assert_eq!(d.resolved(), "ext:cmd=./bot,timeout_ms=10000");
        let err = |text: &str| BotSpec::parse(text, tmp.path()).unwrap_err().to_string();
        assert!(err("ext:args=x").contains("needs `cmd=PATH`"));
        assert!(err("ext:cmd=x,timeout_ms=0").contains("`timeout_ms`: expected a whole number of milliseconds"));
        assert!(err("ext:cmd=x,env=NOEQUALS").contains("`NOEQUALS` is not NAME=VALUE"));
        for (name, text, expected) in [
            ("nocmd", "kind = 'ext'\n", "missing string field `command`"),
            ("badargs", "kind = 'ext'\ncommand = 'x'\nargs = 'a b'\n", "`args` must be a list of strings"),
            ("badkey", "kind = 'ext'\ncommand = 'x'\ntimeout = 5\n", "unknown key `timeout` for an ext bot"),
        ] {
            std::fs::write(tmp.path().join(format!("{name}.toml")), text).unwrap();
            let e = err(name);
            assert!(e.contains(&format!("{name}.toml")) && e.contains(expected), "{e}");
        }
    }

    #[test]
    fn resolved_specs_name_every_parameter_and_parse_back_to_the_same_bot() {
        let tmp = tempfile::tempdir().unwrap();
        std::fs::write(tmp.path().join("deep.toml"), "kind = 'ismcts'\niterations = 50\ndepth = 8\n").unwrap();
        let cases = [
            ("random", "random"),
            ("greedy", "greedy"),
            ("mcts", "mcts:iterations=1000,c=1.4"),
            ("deep", "ismcts:iterations=50,c=1.4,depth=8"),
            ("mcts:ms=20,cutoff=0.95,c=2", "mcts:ms=20,c=2,cutoff=0.95"),
            ("ismcts:cpu_ms=100,rollout=mast", "ismcts:cpu_ms=100,c=1.4,rollout=mast,temperature=0.1"),
            (
                "mcts:bias=2,rollout=egreedy,depth=6",
                "mcts:iterations=1000,c=1.4,depth=6,rollout=egreedy,epsilon=0.1,bias=2",
            ),
            ("mcts:rollout=softmax,temperature=0.5", "mcts:iterations=1000,c=1.4,rollout=softmax,temperature=0.5"),
            ("ismcts:cpu_ms=10,rollout=mast-egreedy", "ismcts:cpu_ms=10,c=1.4,rollout=mast-egreedy,epsilon=0.4"),
            ("ismcts:decay=0.5,rollout=mast", "ismcts:iterations=1000,c=1.4,rollout=mast,temperature=0.1,decay=0.5"),
            ("mcts:reuse=true,iterations=50", "mcts:iterations=50,c=1.4,reuse=true"),
            ("ismcts:reuse=false,bias=1", "ismcts:iterations=1000,c=1.4,bias=1"),
            ("mcts:reuse=false,opponents=random", "mcts:iterations=1000,c=1.4,opponents=random"),
            ("ismcts:rave=300,bias=1", "ismcts:iterations=1000,c=1.4,bias=1,rave=300"),
            ("mcts:rave=0.5,reuse=true", "mcts:iterations=1000,c=1.4,reuse=true,rave=0.5"),
            ("solver", "solver:strategy=propagate,nodes=1000000"),
        ];
        for (text, resolved) in cases {
            let bot = BotSpec::parse(text, tmp.path()).unwrap();
            assert_eq!(bot.resolved(), resolved);
            assert_eq!(BotSpec::parse(resolved, tmp.path()).unwrap().kind, bot.kind, "{resolved}");
            assert_eq!(bot.reproducible(), !resolved.contains("ms="), "{resolved}");
        }
    }

    #[test]
    fn lineups_split_between_bots_not_between_parameters() {
        assert_eq!(split_lineup("mcts:iterations=50,c=2,random"), vec!["mcts:iterations=50,c=2", "random"]);
        assert_eq!(split_lineup("random,greedy"), vec!["random", "greedy"]);
        assert_eq!(split_lineup("ismcts:iterations=9"), vec!["ismcts:iterations=9"]);
        assert_eq!(
            split_lineup("mcts:c=2,iterations=5; greedy;random"),
            vec!["mcts:c=2,iterations=5", "greedy", "random"]
        );
        assert_eq!(split_lineup("ext:cmd=x,args=a:b;"), vec!["ext:cmd=x,args=a:b"]);
    }

    /// A parameter value with a `:` (a URL, a Windows path) starts a new bot in a comma-separated
    /// lineup: the error says so and how to write it with `;`, rather than "`//x` is not of the
    /// form key=value".
    #[test]
    fn a_colon_in_a_parameter_value_asks_for_semicolons() {
        let dir = Path::new("bots");
        let bots = split_lineup("ext:cmd=python3,args=bot.py --url http://x,random");
        assert_eq!(bots, ["ext:cmd=python3", "args=bot.py --url http://x", "random"]);
        let err = BotSpec::parse(&bots[1], dir).unwrap_err().to_string();
        assert!(
            err.starts_with(
                "`args=bot.py --url http://x` is not a bot: it looks like a parameter whose value holds a `:`"
            ) && err.contains("separate the bots with `;`"),
            "{err}"
        );
        let bots = split_lineup("ext:cmd=python3,args=bot.py --url http://x;random");
        let ext = BotSpec::parse(&bots[0], dir).unwrap();
        let Kind::Ext(config) = &ext.kind else { panic!("{:?}", ext.kind) };
        assert_eq!(config.args, ["bot.py", "--url", "http://x"]);
    }

    #[test]
    fn one_bot_fills_every_seat_and_wrong_lineup_lengths_fail() {
        let dir = Path::new("bots");
        let one = parse_lineup(&["random".into()], 3, None, dir).unwrap();
        assert_eq!(one.len(), 3);
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let err = parse_lineup(&names(&["random", "greedy", "random"]), 4, None, dir).unwrap_err().to_string();
        assert_eq!(
            err,
            "3 bots given for 4 players: give one bot per seat (4), a single bot for all, or two (the first in one \
             seat against a field of the second)"
        );
        let field = parse_lineup(&names(&["greedy", "random"]), 4, None, dir).unwrap();
        let field: Vec<&str> = field.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(field, ["greedy", "random", "random", "random"]);
    }

    /// One seat takes one bot, two seats no field: the error offers only what the count allows,
    /// and names the game when the game fixes the count.
    #[test]
    fn lineup_length_errors_fit_one_and_two_seats_and_games_of_one_count() {
        let dir = Path::new("bots");
        let two = ["random".to_string(), "greedy".to_string()];
        let three = ["random".to_string(), "greedy".to_string(), "random".to_string()];
        let err = |names: &[String], players, game| parse_lineup(names, players, game, dir).unwrap_err().to_string();
        assert_eq!(err(&two, 1, None), "2 bots given for 1 player: give one bot");
        assert_eq!(err(&two, 1, Some("locomomo")), "2 bots given for locomomo, a 1-player game: give one bot");
        assert_eq!(
            err(&three, 2, Some("connect4")),
            "3 bots given for connect4, a 2-player game: give one bot per seat (2), or a single bot for both"
        );
        assert_eq!(
            err(&three, 2, None),
            "3 bots given for 2 players: give one bot per seat (2), or a single bot for both"
        );
    }
}
