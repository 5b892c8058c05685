//! Playing one game of a run: a pure function of (spec, master seed, game index).
//!
//! Game `i` belongs to deal `i / m`, where `m` is the number of games per deal (the player count
//! under `seats = "rotate"`, else 1): chance is drawn from the deal's stream, so the rotations of
//! a deal see the same cards and dice. Bots draw from the game's own streams (`1 + seat` of game
//! `i`), so the rotations of a deal are not replays of each other even between identical bots.

use rand::seq::SliceRandom;

use super::seed::{METRICS_STREAM, SEATING_STREAM, bot_rng, chance_rng, derive};
use super::spec::{ForfeitMode, SeatMode};
use crate::bots::{Agent, BotSpec, Fault, GameEnd, Halt, Heuristic, InfoSet};
use crate::game::{Game, GameRng, MAX_SEATS, rng_from_seed};
use crate::stats::metrics::{GameMetrics, Meter};

/// Everything fixed for a series of games at one player count.
pub struct Series<G: Game> {
    /// The game's variant options.
    pub config: G::Config,
    /// Player count.
    pub players: usize,
    /// Bot lineup, one per seat (before seat assignment).
    pub lineup: Vec<BotSpec>,
    /// Seat assignment.
    pub seats: SeatMode,
    /// Master seed.
    pub seed: u64,
    /// Action cap.
    pub max_actions: usize,
    /// How a forfeited game counts in the tally.
    pub forfeit: ForfeitMode,
    /// Whether each game's design metrics are measured ([`Player::play_game`]).
    pub metrics: bool,
    /// Pairs of labels cross-tabulated in the tally, each `[A, B]` (validated against the
    /// game's labels, [`super::plan::crosstab_pair`]).
    pub crosstab: Vec<[String; 2]>,
}

impl<G: Game> Series<G> {
    /// Games per deal: the player count under `seats = "rotate"` (every rotation), else 1.
    pub fn games_per_deal(&self) -> u64 {
        match self.seats {
            SeatMode::Rotate => self.players as u64,
            SeatMode::Fixed | SeatMode::Shuffle => 1,
        }
    }

    /// The game indices of `deal`.
    pub fn games_of(&self, deal: u64) -> std::ops::Range<u64> {
        let m = self.games_per_deal();
        deal * m..(deal + 1) * m
    }

    /// The deal of game `index`.
    pub fn deal(&self, index: u64) -> u64 {
        index / self.games_per_deal()
    }
}

/// A finished (or truncated) game.
pub struct Played<G: Game> {
    /// The game index in the run.
    pub index: u64,
    /// The final state (for outcome and labels).
    pub state: G,
    /// `lineup_of_seat[s]`: the lineup position of the bot that sat in seat `s`.
    pub lineup_of_seat: [usize; MAX_SEATS],
    /// Actions played.
    pub length: usize,
    /// Whether the action cap stopped the game.
    pub truncated: bool,
    /// The seat whose bot forfeited the game (an external bot's fault) and why; the game stopped
    /// there, without an outcome.
    pub forfeit: Option<(usize, String)>,
    /// The game's design metrics, for a finished game of a series with `metrics` (boxed: a
    /// played game moves through the tally, and most runs measure none).
    pub metrics: Option<Box<GameMetrics>>,
}

impl<G: Game> Played<G> {
    /// The rewards of a game that finished: `None` if it was truncated or forfeited.
    pub fn outcome(&self) -> Option<crate::game::Rewards> {
        self.state.outcome().filter(|_| !self.truncated && self.forfeit.is_none())
    }

    /// The rewards the game is scored with under `mode`: its outcome, or for a game forfeited by
    /// seat `f` under [`ForfeitMode::Loss`] 0 for `f` and a shared win `1/(n − 1)` for every
    /// other seat (as a game's own shared win);
    /// `None` for a truncated game or a forfeit under [`ForfeitMode::Exclude`].
    pub fn scored(&self, mode: ForfeitMode) -> Option<crate::game::Rewards> {
        match (self.outcome(), &self.forfeit) {
            (Some(r), _) => Some(r),
            (None, Some((f, _))) if mode == ForfeitMode::Loss && !self.truncated => {
                let n = self.state.num_players();
                let mut r = [0.0; crate::game::MAX_SEATS];
                (0..n).filter(|s| s != f).for_each(|s| r[s] = 1.0 / (n - 1) as f64);
                Some(r)
            }
            _ => None,
        }
    }
}

/// Per-thread working memory: one agent per lineup position, which of them are uniform random
/// ([`Agent::uniform_random`]), a reusable action buffer, and the error slot of an agent that
/// cannot play on.
pub struct Player<G: Game> {
    agents: Vec<Box<dyn Agent<G>>>,
    /// `random[p]`: whether the agent of lineup position `p` is uniform random.
    random: [bool; MAX_SEATS],
    legal: Vec<G::Action>,
    /// The [`Fault::Halt`] of an agent, until the caller takes it ([`Player::take_halt`]).
    halt: Option<Halt>,
    /// The design-metrics observer, made at the first game of a series with `metrics`.
    meter: Option<Box<Meter<G>>>,
}

impl<G: Heuristic> Player<G> {
    /// Fresh agents for `series`' lineup.
    pub fn new(series: &Series<G>) -> Self {
        let agents: Vec<Box<dyn Agent<G>>> = series.lineup.iter().map(BotSpec::agent::<G>).collect();
        let random = std::array::from_fn(|p| agents.get(p).is_some_and(|a| a.uniform_random()));
        Self { agents, random, legal: Vec::with_capacity(64), halt: None, meter: None }
    }
}

impl<G: Heuristic> Player<G> {
    /// Plays game `index` of `series` ([`Player::play`]), measuring its design metrics when the
    /// series asks for them ([`Series::metrics`]): a [`Meter`] observes every action, its chance
    /// samples seeded by stream [`METRICS_STREAM`] of the game. The game played is the same.
    pub fn play_game(&mut self, series: &Series<G>, index: u64) -> Played<G> {
        if !series.metrics {
            return self.play(series, index);
        }
        let mut meter = self.meter.take().unwrap_or_default();
        meter.start(derive(series.seed, index, METRICS_STREAM));
        let mut played = self.play_observed(series, index, |state, action| meter.observe(state, action));
        played.metrics = meter.finish(&played.state, played.outcome().is_some()).map(Box::new);
        self.meter = Some(meter);
        played
    }
}

impl<G: Game> Player<G> {
    /// Plays game `index` of `series`, calling `observe(state, action)` before each action.
    ///
    /// Uniform random agents are not called at all: the runner draws their actions with
    /// [`Game::random_action`] (as `meeple bench` does) and skips their game hooks, which do
    /// nothing ([`Agent::uniform_random`]).
    ///
    /// Once a signal asks meeple to stop ([`crate::interrupt::requested`]), the game ends before
    /// the next decision of an agent, marked truncated: the run drops the window in progress.
    pub fn play_observed(
        &mut self,
        series: &Series<G>,
        index: u64,
        mut observe: impl FnMut(&G, G::Action),
    ) -> Played<G> {
        let n = series.players;
        let lineup_of_seat = seating(series.seats, n, series.seed, index);
        let mut chance = chance_rng(series.seed, series.deal(index));
        // Seats past `n` never draw: their generators are left unseeded.
        let mut bots: [GameRng; MAX_SEATS] =
            std::array::from_fn(|s| if s < n { bot_rng(series.seed, index, s) } else { GameRng::new(0) });
        let mut state = G::new_game(&series.config, n, &mut chance);
        let random: [bool; MAX_SEATS] = std::array::from_fn(|s| s < n && self.random[lineup_of_seat[s]]);
        let hooked = || (0..n).filter(|&s| !random[s]);
        for seat in hooked() {
            self.agents[lineup_of_seat[seat]].begin_game(&series.config, n, seat);
        }
        let mut forfeit = hooked().find_map(|s| self.forfeit(lineup_of_seat[s]).map(|r| (s, r)));
        // A lineup of random bots only (the common benchmark and balance run) plays through the
        // bare loop of `play_random`, which tests nothing per action.
        let all_random = hooked().next().is_none();
        if all_random {
            let (length, truncated) =
                play_random(&mut state, &mut bots, &mut chance, series.max_actions, &mut self.legal, observe);
            return Played { index, state, lineup_of_seat, length, truncated, forfeit: None, metrics: None };
        }
        let mut length = 0;
        let mut truncated = false;
        while let Some(seat) = state.to_move().filter(|_| forfeit.is_none()) {
            if length == series.max_actions {
                truncated = true;
                break;
            }
            let action = if random[seat] {
                state.random_action(&mut bots[seat], &mut self.legal).expect("the decider has a legal action")
            } else {
                // A signal stops the game before the next agent decision (one atomic load; a
                // built-in search may think for seconds): the run drops the window in progress,
                // as it does when an external bot stops at a signal, so nothing of this game is
                // counted and a resumed run plays it again from its start.
                if crate::interrupt::requested().is_some() {
                    truncated = true;
                    break;
                }
                match self.decide(lineup_of_seat[seat], &state, &mut bots[seat]) {
                    Ok(action) => action,
                    Err(reason) => {
                        forfeit = Some((seat, reason));
                        break;
                    }
                }
            };
            observe(&state, action);
            state.apply(action, &mut chance);
            length += 1;
        }
        self.end_game(&state, n, &lineup_of_seat, &random, truncated, forfeit.as_ref());
        Played { index, state, lineup_of_seat, length, truncated, forfeit, metrics: None }
    }

    /// The action of the agent at lineup position `at`, or the reason it forfeits (kept out of
    /// [`Player::play_observed`]'s loop, which random seats keep busy).
    #[inline(never)]
    fn decide(&mut self, at: usize, state: &G, rng: &mut GameRng) -> Result<G::Action, String> {
        // Listed only if the agent reads the list.
        let action = self.agents[at].act(&InfoSet::unlisted(state, &mut self.legal), rng);
        self.forfeit(at).map_or(Ok(action), Err)
    }

    /// The reason the agent at lineup position `at` forfeits the game, if it faulted. An agent
    /// that cannot play on also ends the game: its [`Halt`] waits in the error slot for the
    /// caller ([`Player::take_halt`]), which stops the run.
    fn forfeit(&mut self, at: usize) -> Option<String> {
        match self.agents[at].fault()? {
            Fault::Forfeit(reason) => Some(reason),
            Fault::Halt(halt) => {
                let reason = halt.to_string();
                self.halt.get_or_insert(halt);
                Some(reason)
            }
        }
    }

    /// The error of an agent that cannot play on, raised during the games played since the last
    /// call: the caller must stop (a run drops the games of the window in progress). Checked
    /// between deals, so the game loop pays nothing for it.
    pub fn take_halt(&mut self) -> Option<Halt> {
        self.halt.take()
    }

    /// Whether an agent's error waits in the slot ([`Player::take_halt`]).
    pub fn halted(&self) -> bool {
        self.halt.is_some()
    }

    /// Tells every seat's agent that is not uniform random how the game ended.
    fn end_game(
        &mut self,
        state: &G,
        n: usize,
        lineup_of_seat: &[usize],
        random: &[bool],
        truncated: bool,
        forfeit: Option<&(usize, String)>,
    ) {
        let rewards = state.outcome().filter(|_| !truncated && forfeit.is_none());
        let scores: Option<[i32; MAX_SEATS]> =
            rewards.and(G::SCORING).map(|_| std::array::from_fn(|s| if s < n { state.score(s) } else { 0 }));
        let end = GameEnd {
            rewards: rewards.as_ref().map(|r| &r[..n]),
            scores: scores.as_ref().map(|s| &s[..n]),
            forfeit: forfeit.map(|(s, r)| (*s, r.as_str())),
        };
        for s in (0..n).filter(|&s| !random[s]) {
            self.agents[lineup_of_seat[s]].end_game(&end);
        }
    }

    /// Plays game `index` of `series`.
    pub fn play(&mut self, series: &Series<G>, index: u64) -> Played<G> {
        self.play_observed(series, index, |_, _| {})
    }
}

/// Plays `state` to its end (or `max_actions` actions) with every seat uniform random: each
/// action is [`Game::random_action`] drawn from the deciding seat's stream `bots[seat]`, chance
/// from `chance`, `observe(state, action)` called before each. Returns the actions played and
/// whether the cap stopped the game. The loop of [`Player::play_observed`] without its agents
/// and forfeits, so that a run of random bots plays as fast as `meeple bench`. Kept out of line:
/// compiled as a small function of its own, as the bench's playout is, the game's code is
/// inlined the same way (by callgrind, 620 fewer instructions a BANG! game than inside
/// `play_observed`).
#[inline(never)]
fn play_random<G: Game>(
    state: &mut G,
    bots: &mut [GameRng; MAX_SEATS],
    chance: &mut GameRng,
    max_actions: usize,
    legal: &mut Vec<G::Action>,
    mut observe: impl FnMut(&G, G::Action),
) -> (usize, bool) {
    for length in 0..max_actions {
        let Some(seat) = state.to_move() else { return (length, false) };
        let action = state.random_action(&mut bots[seat], legal).expect("the decider has a legal action");
        observe(state, action);
        state.apply(action, chance);
    }
    (max_actions, state.to_move().is_some())
}

/// The lineup position seated in each seat of game `index`.
pub fn seating(mode: SeatMode, players: usize, seed: u64, index: u64) -> [usize; MAX_SEATS] {
    let mut at: [usize; MAX_SEATS] = std::array::from_fn(|s| s);
    match mode {
        SeatMode::Fixed => {}
        SeatMode::Rotate => at[..players].rotate_left((index % players as u64) as usize),
        SeatMode::Shuffle => at[..players].shuffle(&mut rng_from_seed(derive(seed, index, SEATING_STREAM))),
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_moves_every_bot_through_every_seat() {
        assert_eq!(seating(SeatMode::Rotate, 3, 0, 0)[..3], [0, 1, 2]);
        assert_eq!(seating(SeatMode::Rotate, 3, 0, 1)[..3], [1, 2, 0]);
        assert_eq!(seating(SeatMode::Rotate, 3, 0, 2)[..3], [2, 0, 1]);
        assert_eq!(seating(SeatMode::Rotate, 3, 0, 3)[..3], [0, 1, 2]);
    }

    #[test]
    fn shuffled_seating_is_a_permutation_fixed_by_the_seed() {
        let a = seating(SeatMode::Shuffle, 5, 9, 4);
        let mut sorted = a[..5].to_vec();
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 2, 3, 4]);
        assert_eq!(a, seating(SeatMode::Shuffle, 5, 9, 4));
        assert!((0..20).any(|i| seating(SeatMode::Shuffle, 5, 9, i) != a));
    }
}
