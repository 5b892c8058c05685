//! `meeple replay`: game `i` of a run, action by action.
//!
//! A replay is the game the run played, bit for bit: it goes through [`Player::play_observed`]
//! with the run's own [`Series`] (seating mode, chance and bot seed streams), so the actions, the
//! final state and the outcome are those counted in `summary.csv` and written to `games.csv`.
//! Game indices are global (a shard's spec replays any index of the whole run).
//!
//! Each step shows the state *before* the action, as one line: the game's `Display` with its
//! lines joined by ` | `. Every game's `Display` is already its compact human-readable form, so
//! joining lines needs nothing from the games and keeps the [`Game`] trait unchanged.

use std::io::{self, Write};
use std::path::Path;

use serde::{Serialize, Serializer};

use crate::bots::{BotSpecError, Halt, Heuristic};
use crate::game::{Game, Seat};
use crate::labels::{Labels as _, Value};
use crate::tournament::seed::derive;
use crate::tournament::{Plan, PlanError, Player, Series, Spec};

/// Label names and values in the game's declared order (a JSON object of texts in that order).
#[derive(Debug, Clone, PartialEq)]
pub struct Labels(pub Vec<(&'static str, Value)>);

impl Serialize for Labels {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v.to_string())))
    }
}

impl Labels {
    fn of_seat<G: Game>(state: &G, seat: Seat) -> Self {
        Self(state.seat_labels(seat).pairs())
    }

    /// The text of the label named `name`, if there is one.
    pub fn text(&self, name: &str) -> Option<String> {
        self.0.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    }

    /// `key=value` pairs separated by spaces.
    fn line(&self) -> String {
        self.0.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join(" ")
    }
}

/// A seat and who sat there.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatInfo {
    /// The seat (0-based, turn order).
    pub seat: Seat,
    /// The name of the bot in that seat (as in the spec's lineup).
    pub bot: String,
    /// The seat's labels (role, character, …) in the state described.
    pub labels: Labels,
}

/// What identifies the replayed game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Start {
    /// Game name.
    pub game: &'static str,
    /// Player count.
    pub players: usize,
    /// The run's master seed.
    pub seed: u64,
    /// The game index (0-based, as in `games.csv`).
    pub index: u64,
    /// The game's chance seed (the `seed` column of `games.csv`).
    pub chance_seed: u64,
    /// The seat assignment mode of the run.
    pub seating: crate::tournament::SeatMode,
    /// Every seat with its bot and its labels in the initial state.
    pub seats: Vec<SeatInfo>,
}

/// One action.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    /// 1-based action number.
    pub number: usize,
    /// 1-based turn number: the game's own ([`Game::turn_number`]) when it counts turns, else
    /// counted by the changes of [`Game::turn_owner`]; `None` outside turns.
    pub turn: Option<u64>,
    /// The decider, its bot and its labels.
    #[serde(flatten)]
    pub decider: SeatInfo,
    /// The action (its `Display`).
    pub action: String,
    /// The state before the action, on one line.
    pub state: String,
}

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct End {
    /// Actions played.
    pub length: usize,
    /// Whether the action cap stopped the game.
    pub truncated: bool,
    /// The seat whose (external) bot forfeited the game, and why; absent for other games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<(usize, String)>,
    /// Reward per seat in `[0, 1]` (`None` for a truncated game).
    pub rewards: Option<Vec<f64>>,
    /// Final score per seat ([`Game::score`]) of a finished game with scores; `None` otherwise.
    pub scores: Option<Vec<i32>>,
    /// The game's per-game labels (`winner`, …) of a finished game; empty if truncated.
    pub game_labels: Labels,
    /// Every seat with its bot and its final labels.
    pub seats: Vec<SeatInfo>,
    /// The final state, on one line.
    pub state: String,
}

/// A replayed game.
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    /// What game it is.
    pub start: Start,
    /// Every action in order.
    pub steps: Vec<Step>,
    /// The outcome.
    pub end: End,
}

/// Output formats of `meeple replay`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// An aligned table for people.
    #[default]
    Text,
    /// One JSON object per line: `start`, one `action` per action, then `end` (field `event`).
    Jsonl,
}

#[derive(Serialize)]
#[serde(tag = "event", rename_all = "lowercase")]
enum Event<'a> {
    Start(&'a Start),
    Action(&'a Step),
    End(&'a End),
}

/// The state on one line: its `Display` lines joined by ` | `.
pub fn one_line(state: &impl std::fmt::Display) -> String {
    state.to_string().lines().collect::<Vec<_>>().join(" | ")
}

fn seats<G: Game>(series: &Series<G>, state: &G, lineup_of_seat: &[usize]) -> Vec<SeatInfo> {
    (0..series.players).map(|s| seat_info(series, state, lineup_of_seat, s)).collect()
}

fn seat_info<G: Game>(series: &Series<G>, state: &G, lineup_of_seat: &[usize], seat: Seat) -> SeatInfo {
    SeatInfo { seat, bot: series.lineup[lineup_of_seat[seat]].name.clone(), labels: Labels::of_seat(state, seat) }
}

/// Replays game `index` of `series`.
///
/// # Errors
/// A bot that cannot play on ([`Halt`], e.g. an external bot that cannot be started).
pub fn replay<G: Heuristic>(series: &Series<G>, index: u64) -> Result<Replay, Halt> {
    let lineup_of_seat = crate::tournament::seating(series.seats, series.players, series.seed, index);
    let mut initial = None;
    let mut steps = Vec::new();
    let (mut turn, mut owner) = (0, None);
    let mut player = Player::new(series);
    let played = player.play_observed(series, index, |state, action| {
        initial.get_or_insert_with(|| seats(series, state, &lineup_of_seat));
        if let Some(o) = state.turn_owner() {
            if owner != Some(o) {
                turn += 1;
            }
            owner = Some(o);
        }
        let seat = state.to_move().expect("an action has a decider");
        steps.push(Step {
            number: steps.len() + 1,
            turn: state.turn_number().map(u64::from).or_else(|| state.turn_owner().map(|_| turn)),
            decider: seat_info(series, state, &lineup_of_seat, seat),
            action: action.to_string(),
            state: one_line(state),
        });
    });
    let finished = played.outcome();
    let end = End {
        length: played.length,
        truncated: played.truncated,
        forfeit: played.forfeit.clone(),
        rewards: finished.map(|r| r[..series.players].to_vec()),
        scores: finished.and(G::SCORING).map(|_| (0..series.players).map(|seat| played.state.score(seat)).collect()),
        game_labels: Labels(match finished {
            Some(_) => played.state.game_labels().pairs(),
            None => Vec::new(),
        }),
        seats: seats(series, &played.state, &played.lineup_of_seat),
        state: one_line(&played.state),
    };
    let start = Start {
        game: G::NAME,
        players: series.players,
        seed: series.seed,
        index,
        chance_seed: derive(series.seed, series.deal(index), 0),
        seating: series.seats,
        seats: initial.unwrap_or_else(|| end.seats.clone()),
    };
    match player.take_halt() {
        Some(halt) => Err(halt),
        None => Ok(Replay { start, steps, end }),
    }
}

/// Replays game `index` at `players` seats (optional when `spec` has one player count) of the run
/// described by `spec`, with bot profiles from `profile_dir`.
///
/// # Errors
/// An invalid spec (as for a run), a player count the spec does not play or a missing one when
/// it plays several, an index not below `spec.games`, or an external bot that cannot start.
pub fn replay_spec<G: Heuristic>(
    spec: &Spec,
    players: Option<usize>,
    index: u64,
    profile_dir: &Path,
) -> Result<Replay, ReplayError> {
    let plan = Plan::<G>::new(spec, profile_dir)?;
    let counts = || plan.series.iter().map(|s| s.players.to_string()).collect::<Vec<_>>().join(", ");
    let series = match players {
        Some(p) => plan
            .series
            .iter()
            .find(|s| s.players == p)
            .ok_or_else(|| ReplayError::NotPlayed { players: p, counts: counts() })?,
        None if plan.series.len() == 1 => &plan.series[0],
        None => return Err(ReplayError::ChoosePlayers(counts())),
    };
    if index >= spec.games {
        return Err(ReplayError::Index { index, games: spec.games });
    }
    plan.bots().into_iter().try_for_each(|b| b.check_start::<G>(&series.config))?;
    Ok(replay(series, index)?)
}

/// Why a game cannot be replayed ([`replay_spec`]).
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The spec cannot be played.
    #[error(transparent)]
    Plan(#[from] PlanError),
    /// A bot does not start.
    #[error(transparent)]
    Bot(#[from] BotSpecError),
    /// A bot could not play on during the replay.
    #[error(transparent)]
    Halt(#[from] Halt),
    /// A player count the run does not play.
    #[error("--players {players}: the run plays {counts} players, not {players}")]
    NotPlayed {
        /// The count asked for.
        players: usize,
        /// The run's counts, comma-separated.
        counts: String,
    },
    /// No player count given for a run of several.
    #[error("the run plays {0} players: choose one with --players")]
    ChoosePlayers(String),
    /// A game index not below the run's game count.
    #[error("--index {index} is out of range: the run has {games} games per player count (indices 0-{})", .games - 1)]
    Index {
        /// The index asked for.
        index: u64,
        /// Games per player count.
        games: u64,
    },
}

impl Replay {
    /// Writes the replay as JSON lines: `start`, one `action` object per action, then `end`.
    ///
    /// # Errors
    /// I/O errors of `out`.
    pub fn write_jsonl(&self, mut out: impl Write) -> io::Result<()> {
        let events = std::iter::once(Event::Start(&self.start))
            .chain(self.steps.iter().map(Event::Action))
            .chain([Event::End(&self.end)]);
        for e in events {
            serde_json::to_writer(&mut out, &e)?;
            writeln!(out)?;
        }
        out.flush()
    }

    /// Writes the replay as a table for people: the seats, one row per action (number, turn,
    /// decider seat and its labels as `key=value`, bot, action, state before it), then the outcome.
    ///
    /// # Errors
    /// I/O errors of `out`.
    pub fn write_text(&self, mut out: impl Write) -> io::Result<()> {
        let s = &self.start;
        writeln!(
            out,
            "{} game {} of seed {} at {} players (chance seed {}, seats {})",
            s.game,
            s.index,
            s.seed,
            s.players,
            s.chance_seed,
            format!("{:?}", s.seating).to_lowercase()
        )?;
        for seat in &s.seats {
            writeln!(out, "  seat {}  {}  {}", seat.seat, seat.bot, seat.labels.line())?;
        }
        let rows: Vec<[String; 6]> = self
            .steps
            .iter()
            .map(|st| {
                [
                    st.number.to_string(),
                    st.turn.map_or("-".into(), |t| t.to_string()),
                    format!("{} {}", st.decider.seat, st.decider.labels.line()),
                    st.decider.bot.clone(),
                    st.action.clone(),
                    st.state.clone(),
                ]
            })
            .collect();
        let header = ["#", "turn", "decider", "bot", "action", "state before"].map(String::from);
        let width = |c: usize| rows.iter().chain([&header]).map(|r| r[c].chars().count()).max().unwrap_or(0);
        let w: Vec<usize> = (0..5).map(width).collect();
        for r in std::iter::once(&header).chain(&rows) {
            writeln!(
                out,
                "{:>w0$}  {:>w1$}  {:<w2$}  {:<w3$}  {:<w4$}  {}",
                r[0],
                r[1],
                r[2],
                r[3],
                r[4],
                r[5],
                w0 = w[0],
                w1 = w[1],
                w2 = w[2],
                w3 = w[3],
                w4 = w[4]
            )?;
        }
        let e = &self.end;
        let how = match (&e.forfeit, e.truncated) {
            (Some((seat, reason)), _) => format!("forfeited by seat {seat} ({reason})"),
            (None, true) => "stopped at the action cap (truncated)".into(),
            (None, false) => "finished".into(),
        };
        writeln!(out, "{how} after {} actions  {}", e.length, e.game_labels.line())?;
        for seat in &e.seats {
            let reward = e.rewards.as_ref().map_or("-".into(), |r| r[seat.seat].to_string());
            let score = e.scores.as_ref().map_or(String::new(), |sc| format!("  score {}", sc[seat.seat]));
            writeln!(out, "  seat {}  reward {reward}{score}  {}  {}", seat.seat, seat.bot, seat.labels.line())?;
        }
        writeln!(out, "final state: {}", e.state)?;
        out.flush()
    }
}
