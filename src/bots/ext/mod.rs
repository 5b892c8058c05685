//! External bots: any program that speaks the JSON-lines protocol of `PROTOCOL.md` on its
//! stdin/stdout plays as a bot (`ext:cmd=PATH,args=...`, or a `bots/*.toml` profile with
//! `kind = "ext"`).
//!
//! One process per agent: each worker thread's [`crate::tournament::Player`] holds one agent per
//! lineup position, and an agent's process returns to its thread's pool when the agent is dropped,
//! so the next agent of the same bot on that thread reuses it (no restart per window of games).
//! The process sees only what [`InfoSet`] gives: the decider's observation (as JSON) and legal
//! actions, never the state.
//!
//! Per-decision seed: `rng_seed` is the first 64-bit word of the draw meeple's `random` bot would
//! make, and the seat's stream then moves past that whole draw (`random_range(0..n)`), so a client
//! that picks `(rng_seed mod 2^32) * n >> 32` plays exactly as meeple's `random` bot from the same
//! seeds, except when rand's rejection step changes its draw: probability below `n / 2^32` per
//! decision (see [`uniform_index`]).
//!
//! Faults (a crash, no answer within `timeout_ms`, garbage, an illegal action, a bot error) make
//! the agent forfeit the game: [`Agent::forfeit`] gives the reason, the console shows it with the
//! tail of the bot's stderr, and the process is killed and started afresh for the next game.
//!
//! Starting must always work: every command that plays starts each external bot once and
//! completes the hello before anything is played ([`check_start`]), and refuses to run if that
//! fails. A bot that cannot be started later, during the run (a restart after a fault, or a new
//! worker thread's first process), stops meeple instead of forfeiting every remaining game at the
//! cost of a start each: the agent reports a [`Fault::Halt`] carrying an [`ExtError::Stopped`],
//! the runner returns that error (the `meeple` binary prints it and exits with status 2), the
//! window in progress is dropped, and the run keeps its last checkpoint, so the same command
//! resumes it once the bot starts again.

mod process;
mod protocol;

use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use rand::{Rng, RngExt};

pub use protocol::PROTOCOL_VERSION;

use self::process::{BotProcess, checkin, checkout};
use super::{Agent, Fault, GameEnd, Halt, InfoSet};
use crate::encoding::{Encoding, observation_json};
use crate::game::{Game, GameRng, Seat};

/// The time a bot has to answer each decision unless its spec says otherwise (`timeout_ms`).
pub const DEFAULT_TIMEOUT_MS: u64 = 10_000;

/// The least time a bot has to start and answer the hello unless its spec says otherwise
/// (`startup_ms`; by default its `timeout_ms` if that is longer); PROTOCOL.md, Processes.
pub const STARTUP: Duration = Duration::from_secs(10);

/// Attempts at starting a bot during a run (a restart after a fault, a new worker thread's
/// first process) before the run stops: a bot that fails once for a passing reason (a busy
/// machine) is tried again; one that cannot start at all stops the run after these attempts,
/// once, with one message.
pub const START_ATTEMPTS: usize = 3;

/// Why an external bot could not be used. Each message names the bot, gives the reason with the
/// end of its stderr, and says what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExtError {
    /// It did not start or answer the hello in the check every command makes before it plays
    /// ([`check_start`]): nothing was played.
    #[error(
        "bot `{bot}` cannot start: {reason}\nnothing was played: fix the bot (PROTOCOL.md: it must answer the \
         hello within {wait_ms} ms, its `startup_ms`) and run again"
    )]
    CannotStart {
        /// The bot's name (its spec).
        bot: String,
        /// Why, with the end of its stderr.
        reason: String,
        /// The milliseconds it had to answer the hello.
        wait_ms: u64,
    },
    /// It could not be started again during a run: the run stops (see the module docs).
    #[error(
        "bot `{bot}` could not be started during the run after {attempts} attempts; the last: {reason}\nmeeple \
         stopped; a run keeps its last checkpoint: run the same command again to resume once the bot starts"
    )]
    Stopped {
        /// The bot's name (its spec).
        bot: String,
        /// Why the last attempt failed, with the end of its stderr.
        reason: String,
        /// The attempts made ([`START_ATTEMPTS`]).
        attempts: usize,
    },
    /// A signal (Ctrl-C, SIGTERM, SIGHUP) stopped meeple while the bot was starting: meeple
    /// stopped waiting for its hello at once, killed it, and played nothing more.
    #[error("{0}")]
    Interrupted(#[source] crate::interrupt::Interrupted),
}

/// Why [`ExtAgent::start`] did not give a running bot.
enum NotStarted {
    /// It failed (the reason, with the end of its stderr).
    Failed(String),
    /// A signal asked meeple to stop while it waited for the hello (the signal's number).
    Interrupted(i32),
}

impl NotStarted {
    /// The error of bot `bot`: `failed(reason)` for a bot that failed, else [`interrupted`].
    fn or_else(self, bot: &str, failed: impl FnOnce(String) -> ExtError) -> ExtError {
        match self {
            NotStarted::Failed(reason) => failed(reason),
            NotStarted::Interrupted(signal) => interrupted(bot, signal),
        }
    }
}

/// [`ExtError::Interrupted`]: `signal` stopped meeple while bot `bot` was starting. Said by the
/// check before a command plays ([`check_start`]); during a run, the runner drops the window in
/// progress and says where the run stopped instead.
fn interrupted(bot: &str, signal: i32) -> ExtError {
    ExtError::Interrupted(crate::interrupt::Interrupted {
        signal,
        message: format!(
            "interrupted while bot `{bot}` was starting, before any game was played; nothing was written: run the \
             same command to resume"
        ),
    })
}

/// The bots that could not be started during a run, with their error: their other agents stop at
/// once instead of trying again. [`check_start`] clears a bot's entry.
static DOWN: Mutex<Vec<ExtError>> = Mutex::new(Vec::new());

/// How many forfeits of one bot name print their reason and stderr tail on meeple's stderr; a
/// faulty bot can forfeit thousands of games, and every reason is kept in games.csv anyway.
const PRINTED_FORFEITS: usize = 3;

/// The forfeits printed so far in this process, per bot name ([`PRINTED_FORFEITS`]).
static PRINTED: Mutex<Vec<(String, usize)>> = Mutex::new(Vec::new());

/// Counts a forfeit of bot `name` and says how to print it: `Some(true)` in full (one of the first
/// [`PRINTED_FORFEITS`]), `Some(false)` as the one line saying that further forfeits go unprinted,
/// `None` not at all.
fn print_forfeit(name: &str) -> Option<bool> {
    let mut printed = PRINTED.lock().unwrap_or_else(|e| e.into_inner());
    let at = match printed.iter().position(|(n, _)| n == name) {
        Some(at) => at,
        None => {
            printed.push((name.to_string(), 0));
            printed.len() - 1
        }
    };
    printed[at].1 += 1;
    match printed[at].1 {
        n if n <= PRINTED_FORFEITS => Some(true),
        n if n == PRINTED_FORFEITS + 1 => Some(false),
        _ => None,
    }
}

/// Starts the external bot `name` once for game `G` with options `config`, completes the hello,
/// and closes it: the check every command makes before it plays.
///
/// # Errors
/// [`ExtError::CannotStart`]: the bot cannot start or does not answer the hello.
pub fn check_start<G: Game>(name: &str, config: &ExtConfig, options: &G::Config) -> Result<(), ExtError> {
    let mut agent = ExtAgent::<G>::new(name, config);
    agent.hello = protocol::hello(G::NAME, &format!("{options:?}"));
    agent.start().map_err(|e| {
        e.or_else(name, |reason| ExtError::CannotStart {
            bot: name.to_string(),
            reason,
            wait_ms: config.startup().as_millis() as u64,
        })
    })?;
    DOWN.lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|e| !matches!(e, ExtError::Stopped { bot, .. } if bot == name));
    Ok(())
}

/// How to start an external bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExtConfig {
    /// The program (a path, or a name looked up in `PATH`).
    pub command: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// Environment variables set for it, on top of meeple's own.
    pub env: Vec<(String, String)>,
    /// Milliseconds it has to answer a decision before it forfeits the game (sent as `budget_ms`).
    pub timeout_ms: u64,
    /// Milliseconds a new process has to start and answer the hello (`None`: [`STARTUP`], or
    /// `timeout_ms` if longer; see [`ExtConfig::startup`]).
    pub startup_ms: Option<u64>,
    /// Where its stderr is appended (default: `meeple-bots/NAME.log` in the system's temp dir).
    pub log: Option<PathBuf>,
}

impl ExtConfig {
    /// A bot running `command` with no arguments and the default timeout.
    pub fn new(command: &str) -> Self {
        Self {
            command: command.to_string(),
            args: Vec::new(),
            env: Vec::new(),
            timeout_ms: DEFAULT_TIMEOUT_MS,
            startup_ms: None,
            log: None,
        }
    }

    /// The time a new process has to start and answer the hello: `startup_ms`, else [`STARTUP`]
    /// or `timeout_ms` if that is longer.
    pub fn startup(&self) -> Duration {
        self.startup_ms.map_or(STARTUP.max(Duration::from_millis(self.timeout_ms)), Duration::from_millis)
    }

    /// The log file of the bot named `name`.
    pub fn log_path_for(&self, name: &str) -> PathBuf {
        self.log.clone().unwrap_or_else(|| {
            let safe: String =
                name.chars().map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '_' }).collect();
            std::env::temp_dir().join("meeple-bots").join(format!("{}.log", &safe[..safe.len().min(80)]))
        })
    }

    fn log_path(&self) -> PathBuf {
        self.log.clone().expect("set by ExtAgent::new")
    }
}

/// `reason`, then the end of the bot's stderr `tail` (or, if empty, where its stderr goes: `log`).
fn with_stderr(reason: &str, tail: &[String], log: &Path) -> String {
    if tail.is_empty() {
        return format!("{reason} (it wrote nothing on stderr; its log: {})", log.display());
    }
    let mut text = format!("{reason}; the end of its stderr ({}):", log.display());
    tail.iter().for_each(|l| text.push_str(&format!("\n    | {l}")));
    text
}

/// The uniform index in `0..n` that a client draws from `rng_seed`: `(rng_seed mod 2^32) * n >>
/// 32`, the first step of rand's `random_range(0..n)` on `usize` (a 32-bit draw widened by
/// multiplication, Lemire 2019); rand draws again only when the low half of the product exceeds
/// `2^32 - n`, so both agree except with probability below `n / 2^32`.
pub fn uniform_index(rng_seed: u64, n: usize) -> usize {
    (((rng_seed & 0xFFFF_FFFF) * n as u64) >> 32) as usize
}

/// An external bot playing game `G`.
pub struct ExtAgent<G: Game> {
    /// The bot's name (its spec), for messages.
    name: String,
    config: ExtConfig,
    /// The hello line for the current game options; processes are pooled by it and the bot's
    /// name (see [`ExtAgent::pool_key`]).
    hello: String,
    process: Option<BotProcess>,
    /// This game's seat (`None` before `begin_game`).
    seat: Option<Seat>,
    /// The current game's fault, until the runner takes it.
    fault: Option<Fault>,
    /// Whether this agent forfeited the current game (it then plays the first legal action).
    forfeited: bool,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> ExtAgent<G> {
    /// An agent for the bot `name` started by `config`; no process runs until the first game.
    pub fn new(name: &str, config: &ExtConfig) -> Self {
        let mut config = config.clone();
        config.log = Some(config.log_path_for(name));
        let hello = protocol::hello(G::NAME, &crate::options::text(&G::Config::default()));
        Self {
            name: name.to_string(),
            config,
            hello,
            process: None,
            seat: None,
            fault: None,
            forfeited: false,
            game: PhantomData,
        }
    }

    /// The key of this agent's processes in the thread's pool: the bot's name and the hello line,
    /// so that a process only ever serves the bot that started it, for the options it was told.
    fn pool_key(&self) -> String {
        format!("{}\n{}", self.name, self.hello)
    }

    /// The running, handshaken process: this agent's, one from the thread's pool, or a new one.
    ///
    /// # Errors
    /// [`Trouble::Halt`] if a new one cannot be started (see the module docs): the agent then
    /// holds the [`Fault::Halt`] for the runner.
    fn process(&mut self) -> Result<&mut BotProcess, Trouble> {
        if self.process.is_none() {
            let p = match checkout(&self.pool_key()) {
                Some(p) => p,
                None => self.start_or_halt().map_err(|e| {
                    self.fault = Some(Fault::Halt(Halt(Box::new(e))));
                    self.forfeited = true;
                    Trouble::Halt
                })?,
            };
            self.process = Some(p);
        }
        Ok(self.process.as_mut().expect("just set"))
    }

    /// A new process, or [`ExtError::Stopped`] if the bot cannot be started (or another of its
    /// agents could not start it).
    fn start_or_halt(&self) -> Result<BotProcess, ExtError> {
        let mut down = DOWN.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(e) = down.iter().find(|e| matches!(e, ExtError::Stopped { bot, .. } if *bot == self.name)) {
            return Err(e.clone());
        }
        drop(down);
        let mut reason = String::new();
        for _ in 0..START_ATTEMPTS {
            match self.start() {
                Ok(p) => return Ok(p),
                Err(NotStarted::Failed(r)) => reason = r,
                // Not tried again, nor recorded as down: the run is stopping.
                Err(NotStarted::Interrupted(signal)) => return Err(interrupted(&self.name, signal)),
            }
        }
        let e = ExtError::Stopped { bot: self.name.clone(), reason, attempts: START_ATTEMPTS };
        down = DOWN.lock().unwrap_or_else(|e| e.into_inner());
        down.push(e.clone());
        Err(e)
    }

    /// Starts the bot and completes the hello; stops waiting for it at once when a signal asks
    /// meeple to stop.
    ///
    /// # Errors
    /// Why it failed, with the end of its stderr, or the signal (the process is then killed).
    fn start(&self) -> Result<BotProcess, NotStarted> {
        let mut p = BotProcess::spawn(&self.config).map_err(|e| NotStarted::Failed(format!("crash: {e}")))?;
        let wait = self.config.startup();
        let hello = p
            .send(&self.hello)
            .and_then(|()| p.receive_or_stop(wait))
            .and_then(|line| line.map(|l| protocol::check_hello(&l)).transpose());
        match hello {
            Ok(Some(_)) => Ok(p),
            Ok(None) => {
                p.kill();
                Err(NotStarted::Interrupted(crate::interrupt::requested().unwrap_or(libc::SIGINT)))
            }
            // Killed first: then its stderr is complete (a traceback it was printing included).
            Err(reason) => {
                let (tail, log) = p.kill();
                Err(NotStarted::Failed(with_stderr(&reason, &tail, &log)))
            }
        }
    }

    /// Sends `line`, and reads the answer if `answer`. Once a signal asks meeple to stop
    /// ([`crate::interrupt::requested`]), nothing is sent and the wait for an answer ends within
    /// 50 ms: [`Trouble::Interrupted`].
    fn exchange(&mut self, line: &str, answer: bool) -> Result<Option<String>, Trouble> {
        if crate::interrupt::requested().is_some() {
            return Err(Trouble::Interrupted);
        }
        let timeout = Duration::from_millis(self.config.timeout_ms);
        let p = self.process()?;
        p.send(line).map_err(Trouble::Fault)?;
        if !answer {
            return Ok(None);
        }
        match p.receive_or_stop(timeout) {
            Ok(None) => Err(Trouble::Interrupted),
            answer => answer.map_err(Trouble::Fault),
        }
    }

    /// Records `trouble`: a fault is printed with the bot's stderr tail and the process killed (a
    /// new one starts for the next game); a halt is already recorded by [`ExtAgent::process`].
    /// Once a signal asks meeple to stop, nothing is reported (the game's window is dropped, and a
    /// bot the signal reached too did not fail): the process is killed (it may be thinking, out
    /// of step), and the agent plays its first legal action to the game's end.
    fn fail(&mut self, trouble: Trouble) {
        let reason = match trouble {
            Trouble::Halt => return,
            Trouble::Fault(reason) if crate::interrupt::requested().is_none() => reason,
            Trouble::Fault(_) | Trouble::Interrupted => {
                self.process.take().map(BotProcess::kill);
                self.forfeited = true;
                return;
            }
        };
        let seat = self.seat.map_or(String::new(), |s| format!(" in seat {s}"));
        let (tail, log) = self.process.take().map_or_else(|| (Vec::new(), self.config.log_path()), BotProcess::kill);
        match print_forfeit(&self.name) {
            Some(true) => eprintln!(
                "meeple: bot `{}` forfeits the game{seat}: {}\n    (the bot is restarted for the next game)",
                self.name,
                with_stderr(&reason, &tail, &log)
            ),
            Some(false) => eprintln!(
                "meeple: bot `{}` forfeits another game{seat}; its further forfeits are not printed (the run's \
                 summary counts them; games.csv's forfeit_reason column, written with --per-game, gives each reason)",
                self.name
            ),
            None => {}
        }
        self.fault = Some(Fault::Forfeit(reason));
        self.forfeited = true;
    }
}

/// What went wrong in an exchange with the bot.
enum Trouble {
    /// A fault of this game (the reason): the agent forfeits it.
    Fault(String),
    /// The bot cannot be started: the run stops (the agent holds its [`Fault::Halt`]).
    Halt,
    /// A signal asked meeple to stop: no fault (see [`ExtAgent::fail`]).
    Interrupted,
}

impl<G: Encoding> Agent<G> for ExtAgent<G> {
    fn act(&mut self, info: &InfoSet<'_, G>, rng: &mut GameRng) -> G::Action {
        let legal = info.legal_actions();
        let rng_seed = rng.clone().next_u64();
        rng.random_range(0..legal.len());
        if self.forfeited {
            return legal[0];
        }
        let strings: Vec<String> = legal.iter().map(ToString::to_string).collect();
        let ids: Vec<u32> = legal.iter().map(|&a| info.action_id(a)).collect();
        let legal_ids = protocol::Legal { strings: &strings, ids: &ids };
        let observation = observation_json::<G>(&info.observation());
        let line = protocol::act(info.seat(), observation, legal_ids, rng_seed, self.config.timeout_ms);
        let answer = self
            .exchange(&line, true)
            .and_then(|a| protocol::check_action(&a.unwrap_or_default(), legal_ids).map_err(Trouble::Fault));
        match answer {
            Ok(i) => legal[i],
            Err(reason) => {
                self.fail(reason);
                legal[0]
            }
        }
    }

    fn begin_game(&mut self, config: &G::Config, players: usize, seat: Seat) {
        self.seat = Some(seat);
        self.forfeited = false;
        self.fault = None;
        let hello = protocol::hello(G::NAME, &crate::options::text(config));
        if hello != self.hello {
            if let Some(p) = self.process.take() {
                checkin(self.pool_key(), p);
            }
            self.hello = hello;
        }
        let start = protocol::start(players, seat, G::num_distinct_actions(config, players));
        if let Err(reason) = self.exchange(&start, false) {
            self.fail(reason);
        }
    }

    fn end_game(&mut self, end: &GameEnd<'_>) {
        if self.forfeited || self.process.is_none() {
            return;
        }
        let line = protocol::end(end.rewards, end.scores, end.truncated(), end.forfeit);
        if let Err(Trouble::Fault(reason)) = self.exchange(&line, false) {
            // The game is over: nothing to forfeit, but the process must be replaced (said unless
            // meeple is stopping: a signal may have reached the bot too).
            if crate::interrupt::requested().is_none() {
                eprintln!("meeple: bot `{}` after the game: {reason}; restarting it", self.name);
            }
            self.process = None;
        }
    }

    fn fault(&mut self) -> Option<Fault> {
        self.fault.take()
    }
}

impl<G: Game> Drop for ExtAgent<G> {
    fn drop(&mut self) {
        if let Some(p) = self.process.take() {
            checkin(self.pool_key(), p);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;

    /// `uniform_index` is rand's `random_range(0..n)` from the same word, except after the rare
    /// rejection step: over a million draws at several `n`, every difference is one of those.
    #[test]
    fn uniform_index_is_the_random_bots_draw_from_the_same_word() {
        let mut agree = 0;
        for n in [1usize, 2, 7, 13, 50, 200] {
            let mut rng = rng_from_seed(n as u64);
            for _ in 0..200_000 {
                let word = rng.clone().next_u64();
                let drawn = rng.random_range(0..n);
                let lo = ((word & 0xFFFF_FFFF) * n as u64) as u32;
                if lo <= (n as u32).wrapping_neg() {
                    assert_eq!(uniform_index(word, n), drawn, "n {n}, word {word}");
                    agree += 1;
                }
            }
        }
        assert_eq!(agree, 1_200_000, "no rejection step in 1.2 million draws (probability < n / 2^32 each)");
    }
}
