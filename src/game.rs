//! The state interface: the only thing bots and the tournament runner know about a game.
//!
//! A game is a compact, clonable state. Chance is drawn from the caller's RNG (never from an RNG
//! stored in the state), so a searcher that clones a state cannot know the future and a tournament
//! controls every random draw.
//!
//! The architecture this serves: the CLI reads a spec; the tournament runner (`crate::tournament`)
//! plays each game as a pure function of (spec, master seed, game index) on worker threads; bots
//! (`crate::bots`) know a game only through this trait and see only their seat's observation; the
//! statistics (`crate::stats`) are counts that merge exactly. Data flows down these layers and
//! nothing flows back up (`ci/layers.py` checks the order of the modules).

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::RangeInclusive;

use crate::labels::Labels;
use rand::{Rng, SeedableRng};
use serde::Serialize;

use crate::options::{OptionError, Options};

/// A seat at the table: 0-based index in turn order, `0..num_players()`.
pub type Seat = usize;

/// A broken state invariant, as a game's `check_invariants` reports it (the tests run that check
/// after every action): what is wrong, in the game's words, e.g. `seat 0 holds 13 coins, more
/// than 12 (R10, S3)`. A game's invariants are many and its own, and each is a bug when broken,
/// so the error is its description rather than a variant per invariant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Broken(pub String);

impl From<String> for Broken {
    fn from(description: String) -> Self {
        Self(description)
    }
}

impl From<&str> for Broken {
    fn from(description: &str) -> Self {
        Self(description.to_string())
    }
}

/// The most seats any game supports (President plays up to 8). Fixed-size reward arrays use it.
pub const MAX_SEATS: usize = 8;

/// Reward per seat at the end of a game, each in `[0, 1]`: 1 a win, 0 a loss, values between
/// for draws or shared results. Entries at `num_players()..MAX_SEATS` are 0.
pub type Rewards = [f64; MAX_SEATS];

/// Default action cap per game: the runner stops a game after this many actions and counts it as
/// truncated (a spec's `max_actions`); tree search also caps its rollouts at it.
pub const DEFAULT_MAX_ACTIONS: usize = 100_000;

/// How a game's final points rank the seats: what [`Game::score`] counts and which way is better.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scoring {
    /// What the points are, for outputs and reports, e.g. `"points"`, `"flies"`, `"victory points"`.
    pub unit: &'static str,
    /// `true` when more points are better (victory points), `false` when fewer are (MOW's flies).
    pub higher_is_better: bool,
}

/// The one random generator type used for chance and for bots: PCG-64 MCG (O'Neill 2014), small
/// (16 bytes), fast, and seedable from a `u64`.
pub type GameRng = rand_pcg::Pcg64Mcg;

/// A generator seeded from one `u64` (via `SeedableRng::seed_from_u64`, which expands it with PCG32).
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// The state interface every game implements.
///
/// Contract (checked for every game by [`crate::conformance`]):
/// - `legal_actions` is non-empty exactly when `to_move` is `Some`, and `outcome` is `Some`
///   exactly when `to_move` is `None`;
/// - `to_move` is the *decider*, not the turn owner (a BANG! responder is the one to move);
/// - an action means the same in every determinization (physical card ids, target seats);
/// - `determinize(o, rng)` keeps `observation(o)` unchanged and is a function of `observation(o)`
///   and the RNG only: two states that `o` cannot tell apart, determinized with equal RNGs, become
///   equal. This is the "cannot peek" guarantee every bot relies on;
/// - `clone`, `legal_actions` and `apply` allocate nothing in steady state.
///
/// # Simultaneous choices as hidden commitments
/// A step in which several seats choose at once (Cat Café's marks, rock-paper-scissors) is played
/// as one decision per seat, in a fixed order the game documents. Every choice but the last is a
/// *hidden commitment*, and [`Game::simultaneous`] is `true` while one is to be made: the choice
/// stays out of every other seat's [`Game::observation`] (which may say *that* the seat has
/// committed, never *what*) until the game reveals all choices together, and `determinize(o)`
/// resamples the unrevealed choices of the seats other than `o` (uniformly among their legal
/// options unless the game's spec says otherwise). The last seat's choice reveals the step at
/// once, so it is an ordinary decision (`simultaneous` is `false`): that seat cannot see the
/// earlier commitments, and no one decides between its choice and the reveal. So a seat deciding
/// after another decides exactly as it would have before: [`crate::conformance`] checks, for
/// every game, that whatever the committing seat chooses, the next decider and its legal
/// actions, every other seat's observation, and every other seat's determinizations from equal
/// RNG seeds stay the same. A test-only example, with two leaky variants that the check catches,
/// is `tests/it/rps.rs` (simultaneous rock-paper-scissors).
///
/// # Scores and solo play
/// A game decided by points declares [`Game::SCORING`] and gives each seat's final points with
/// [`Game::score`]; the statistics then report score distributions and margins. A game whose
/// [`Game::players`] range includes 1 is played solo (score attack): its one reward is still in
/// `[0, 1]`, defined by the game (e.g. a normalized score), and its module docs say how.
pub trait Game: Clone + PartialEq + Debug + Display + Send + Sync + 'static {
    /// A move of the decider. `Display` gives a compact human-readable form for logs and replays.
    type Action: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// Variant options (not the player count), read from an experiment spec's `[options]` table
    /// or the CLI's `--option key=value` ([`config`]). Declared once with
    /// [`game_options!`](crate::game_options), which gives the static table of options (name,
    /// values, default, help), the parsing and error messages, and `Default` (the game's standard
    /// rules); `()` for a game without options.
    type Config: Clone + Debug + Default + Send + Sync + Options + 'static;
    /// Everything one seat knows: its own private information, public information and its memory
    /// of cards it has seen. Two states are indistinguishable to a seat iff their observations for
    /// that seat are equal. Used by tests to check `determinize`, and sent as JSON (serde) to
    /// external bots ([`crate::bots::ext`]): its JSON must be a function of its value, so that it
    /// shows exactly what the seat knows (the conformance kit checks it). Not on any hot path.
    type Observation: Eq + Debug + Serialize;
    /// The labels of one seat, for the statistics to group seats by (BANG!'s `role` and
    /// `character`): a struct declared with [`crate::labels!`], one field per label, read by
    /// [`Game::seat_labels`]. `()` for none. No name may be a per-seat column of `games.csv`
    /// (`bot`, `reward`, `score`) or a game label's (checked when the game is registered, see
    /// [`crate::tournament::label_clash`]).
    type SeatLabels: Labels;
    /// The labels of a finished game (BANG!'s `winner`), as [`Game::SeatLabels`], read by
    /// [`Game::game_labels`]. `()` for none. No name may be a column of `games.csv` (`players`,
    /// `seed`, `seat{s}_…`, …).
    type GameLabels: Labels;

    /// The name used on the command line and in output files, e.g. `"connect4"`.
    const NAME: &'static str;
    /// How [`Game::score`] ranks seats; `None` (the default) for a game without final points
    /// (BANG!, Connect Four).
    const SCORING: Option<Scoring> = None;
    /// Whether every seat sees the whole state, so that [`Game::determinize`] changes nothing
    /// (Connect Four, Lewis & Clark). Default `false` ([`crate::conformance`] checks `true`
    /// against `determinize`). It says nothing about chance: see [`Game::DETERMINISTIC`].
    const PERFECT_INFORMATION: bool = false;
    /// Whether the game has no chance events after setup: the same actions from the same state
    /// always give the same state, whatever the RNG passed to [`Game::apply`] (Connect Four; not
    /// Lewis & Clark, whose journal draws are chance at the moment of the draw). With
    /// [`Game::PERFECT_INFORMATION`] as well, searches know that the legal actions after a
    /// sequence of actions are always the same and need not list them again at a fully expanded
    /// node. Default `false`; `true` only promises what a search may rely on, so declare it only
    /// for a game whose `apply` never reads the RNG.
    const DETERMINISTIC: bool = false;

    /// Player counts this game supports under `config`.
    fn players(config: &Self::Config) -> RangeInclusive<usize>;

    /// The option that narrows [`Game::players`] under `config`, and how, for error messages
    /// (see [`players_error`]): e.g. `"the option `wonders` lists 3 wonders, one per seat"`.
    /// `None` (the default) when the range is the game's own.
    fn players_set_by(_config: &Self::Config) -> Option<String> {
        None
    }

    /// A new game with `players` seats (a count in [`Game::players`]); shuffles and deals with `rng`.
    fn new_game(config: &Self::Config, players: usize, rng: &mut GameRng) -> Self;

    /// The number of seats, fixed for the whole game.
    fn num_players(&self) -> usize;

    /// The seat that must decide now, or `None` when the game is over.
    fn to_move(&self) -> Option<Seat>;

    /// Clears `out` and fills it with the legal actions of the decider, in a deterministic order.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// A legal action drawn uniformly at random, or `None` when the game is over: exactly
    /// [`uniform_pick`] (`legal_actions` into `buf`, then one `random_range` over its length), so
    /// the action and the RNG's next state are the same whichever is called. Random playouts
    /// (MCTS/ISMCTS rollouts, `meeple bench`) call this; a game may override it to index its
    /// action list without building it. `buf` is scratch space.
    fn random_action(&self, rng: &mut GameRng, buf: &mut Vec<Self::Action>) -> Option<Self::Action> {
        uniform_pick(self, rng, buf)
    }

    /// Plays `action` (which must be legal) for the decider; any chance it triggers (draws,
    /// reshuffles) comes from `rng`.
    fn apply(&mut self, action: Self::Action, rng: &mut GameRng);

    /// Rewards per seat once the game is over; `None` while it goes on.
    fn outcome(&self) -> Option<Rewards>;

    /// Resamples everything `observer` cannot see (deck order, other hands, hidden roles)
    /// consistently with what it knows. A no-op for games of perfect information.
    fn determinize(&mut self, observer: Seat, rng: &mut GameRng);

    /// What `seat` knows; see [`Game::Observation`].
    fn observation(&self, seat: Seat) -> Self::Observation;

    /// The seat whose turn it is, which may differ from the decider (a BANG! responder decides
    /// during the active player's turn); `None` outside turns (setup, game over). Replays number
    /// turns by its changes. Default: the decider, i.e. every action is a turn.
    fn turn_owner(&self) -> Option<Seat> {
        self.to_move()
    }

    /// The 1-based number of the turn in play, for a game that counts its turns (Loco Momo: turn
    /// `k` of `6N`), so that replays number turns right when one seat plays several turns in a
    /// row (solo play, extra turns). Default `None`: replays then number turns by the changes of
    /// [`Game::turn_owner`].
    fn turn_number(&self) -> Option<u32> {
        None
    }

    /// The labels of `seat` ([`Game::SeatLabels`]), e.g. its `role`. Read once per game by the
    /// statistics (also for a game cut at the action cap), and at every action by replays:
    /// computed from the state, allocating nothing.
    fn seat_labels(&self, seat: Seat) -> Self::SeatLabels;

    /// The labels of the game ([`Game::GameLabels`]), e.g. its `winner`. Read once the game is
    /// over (its values for a game in play are never written), allocating nothing.
    fn game_labels(&self) -> Self::GameLabels;

    /// Final points of `seat` in a finished game, as the game counts them (victory points,
    /// President points, MOW flies; may be negative). Called only when [`Game::SCORING`] is
    /// `Some`, and only once the game is over.
    fn score(&self, _seat: Seat) -> i32 {
        unreachable!("{} declares no scoring", Self::NAME)
    }

    /// Whether the decider is making a hidden commitment of a simultaneous step (see the trait
    /// docs): its choice must not show in other seats' observations or determinizations until
    /// revealed. `false` for the step's last choice, which reveals them all. Default `false`:
    /// every decision is seen by all when it is made.
    fn simultaneous(&self) -> bool {
        false
    }
}

/// The reference random action: fills `buf` with `state`'s legal actions and returns
/// `buf[rng.random_range(0..buf.len())]`, or `None` (drawing nothing) when there are none.
/// Every [`Game::random_action`] must return what this returns and leave the RNG in the same
/// state ([`crate::conformance`] checks it).
pub fn uniform_pick<G: Game>(state: &G, rng: &mut GameRng, buf: &mut Vec<G::Action>) -> Option<G::Action> {
    state.legal_actions(buf);
    // `random_below` is that `random_range`, written to be inlined.
    (!buf.is_empty()).then(|| buf[random_below(rng, buf.len() as u32) as usize])
}

/// `rng.random_range(0..n)` for `n` in `1..=u32::MAX`: the same value, leaving the RNG in the
/// same state. This is rand 0.10's single-sample method for such a range (Canon's: one 32-bit
/// draw times `n`, the high half of the 64-bit product being the sample; when the low half falls
/// in the zone where that is biased, the high half of a second draw times `n` carries into it),
/// written out so that it is inlined into a playout loop, which the generic `random_range` is not
/// always. `random_below_equals_random_range` checks it against rand.
#[inline(always)]
pub fn random_below(rng: &mut GameRng, n: u32) -> u32 {
    let times_n = |rng: &mut GameRng| u64::from(rng.next_u32()) * u64::from(n);
    let first = times_n(rng);
    let (sample, low) = ((first >> 32) as u32, first as u32);
    if low > n.wrapping_neg() {
        let carry = low.checked_add((times_n(rng) >> 32) as u32).is_none();
        return sample + carry as u32;
    }
    sample
}

/// Game `G`'s options written in `options` (a spec's `[options]`, or `--option key=value`), the
/// others at their defaults.
///
/// # Errors
/// An unknown option, a wrong value or a broken rule between options, with the game named: see
/// [`OptionError`] (e.g. `bad option for catcafe: start_footprints must be an integer from 0 to 18
/// (default 1), not "abc"`).
pub fn config<G: Game>(options: &toml::Table) -> Result<G::Config, OptionError> {
    crate::options::parse(G::NAME, options)
}

/// The error for a player count outside [`Game::players`] under `config`: `"GAME plays 2-7
/// players, not 8"` (`"connect4 plays 2 players, not 3"` for a single count), or, when an option sets the range ([`Game::players_set_by`]), `"the option
/// `wonders` lists 3 wonders, one per seat, so GAME plays 3 players, not 4"`.
pub fn players_error<G: Game>(config: &G::Config, players: usize) -> String {
    let range = G::players(config);
    let plays = players_text(&range);
    match G::players_set_by(config) {
        None => format!("{} plays {plays}, not {players}", G::NAME),
        Some(reason) => format!("{reason}, so {} plays {plays}, not {players}", G::NAME),
    }
}

/// A player range as text: `"2 players"` for a single count, `"2-7 players"` otherwise.
pub fn players_text(range: &std::ops::RangeInclusive<usize>) -> String {
    match (range.start(), range.end()) {
        (1, 1) => "1 player".into(),
        (low, high) if low == high => format!("{low} players"),
        (low, high) => format!("{low}-{high} players"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    /// [`random_below`] gives `random_range(0..n)`'s value and RNG state, over a `usize` range
    /// and over a `u32` one (BANG! draws both), for small counts and for counts near `u32::MAX`,
    /// where the second draw happens about every other time.
    #[test]
    fn random_below_equals_random_range() {
        let (mut a, mut b) = (rng_from_seed(5), rng_from_seed(5));
        let counts = (1..=64).chain([1000, 1 << 31, (1 << 31) + 1, 3_000_000_000, u32::MAX - 1, u32::MAX]);
        for n in counts {
            for _ in 0..2_000 {
                assert_eq!(random_below(&mut a, n) as usize, b.random_range(0..n as usize), "n = {n}");
                assert_eq!(random_below(&mut a, n), b.random_range(0..n), "n = {n} (u32)");
            }
            assert_eq!(a, b, "n = {n}");
        }
    }
}
