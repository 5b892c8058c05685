//! 7 Wonders Architects (Repos Production, Antoine Bauza, 2021), 2–7 players, following
//! `docs/rules/sevenwondersarchitects.md` (the spec), data version `7wa-data-1` ([`data`]).
//!
//! # Model
//! The state ([`ArchitectsState`]) is `Copy` and heap-free (a few hundred bytes): each deck is a
//! fixed array of card kinds with its top card last, a tableau is a count per kind, owned tokens
//! a bit mask, so `clone` is a memcpy and neither `legal_actions` nor `apply` allocates. Chance
//! happens only at setup (wonder deal, deck, central and token shuffles) and in the reshuffle
//! after a Halicarnassus Keep; revealing a deck's next card is not chance (the order was fixed
//! by the shuffle, and `determinize` resamples what is hidden).
//!
//! Where each part lives: options (spec §2) in [`config`]; setup (§3) in `state.rs`; legal
//! actions (§7), taking cards (R5–R7), science (R8–R10), stages and payments (R11–R15), powers
//! (R16), tokens (R17–R19), the resolution order (R20), battles and the end of a turn
//! (R21–R24), scoring and ties (§8) in `rules.rs`; information and determinization (§6) in
//! `determinize.rs`; invariants in `invariants.rs`; the heuristic in `heuristic.rs`.
//!
//! Every action is a decision of the active seat ([`Game::to_move`] is always the seat whose
//! turn it is). Actions name decks, token kinds, set types, the counts paid from the seat's own
//! public tableau, or (Keep) a kind in the seat's own look, so an action means the same in every
//! determinization of the decider's information set.
//!
//! # Decisions
//! The spec's binding decisions D1–D30 are all implemented as written, with their options
//! (`build_order` D10, `babylon_deck` D16, `babylon_power` D15, `token_limit` D6/R19,
//! `cat_peek` D3). Choices of this implementation where the spec leaves room:
//! 1. A take with no open source, and a pending extra card with no open source, is skipped
//!    without a decision (a decision with no legal action cannot be asked; D24).
//! 2. The display is kept sorted by token kind; taking a face-up token frees its slot, and the
//!    stack's top fills it. Two face-up Cultures give one action (spec §7).
//! 3. `wonders` may be listed as a TOML array or, on the command line, as a comma-separated
//!    string (`--option wonders=giza,rhodes`); a list fixes the player count to its length.
//! 4. The observation is the state with every hidden part rewritten in a canonical order
//!    (kinds ascending): the order of each wonder deck below its top, of the central deck
//!    (below its top for a seat that saw it), of the token stack, and another seat's look
//!    (except the deck's former top card, which is known to be in it).
//!
//! # Rewards and scores
//! Final points ([`Game::score`]) are the victory points of §8. The winners are the seats with
//! the highest score, then the most stages built; the `k` seats still tied share the win, each
//! with reward `1/k`, the others 0 (D27).
//!
//! # Labels
//! [`SeatLabels`] (spec §9): `wonder`, `vp` (bands of 10: `0-9` … `90-99`, `100+`), `stages` (0–5),
//! `completed`, `ended_game`, `military_tokens`, `progress_tokens`, `cat` (`yes`/`no`), and the
//! score split `vp_stages`, `vp_blue`, `vp_tokens` (bands of 5: `0-4` … `45-49`, `50+`),
//! `vp_cat` (exact: `0`/`2`) and `vp_military` (exact: 3 per token, `0`, `3`, `6`, …). Exact VP
//! are in the score statistics (`SCORING`). [`GameLabels`]:
//! `ender_seat`, `ender_wonder`, `ender_result` (`won`/`shared`/`lost`/`none`), `end_reason`
//! (`wonder`/`decks_exhausted`), `battles`, `turns` (bands of 10) and `winners`. The spec's
//! `seat` and `players` are the runner's own columns, its `actions` the length statistics, and
//! the option values are in the run's `spec.toml`; none is repeated as a label.

pub mod config;
pub mod data;
mod determinize;
mod display;
mod encode;
mod heuristic;
#[cfg(any(test, feature = "testing"))]
mod invariants;
mod rules;
mod state;

pub use config::{BabylonDeck, BabylonPower, BuildOrder, CatPeek, Config, TokenLimit, Wonders};
pub use data::{Card, Token, Wonder};
pub use determinize::ArchitectsObservation;
pub use heuristic::TEMPERATURE;
pub use rules::ScoreParts;
pub use state::{Action, ArchitectsState, EndReason, MAX_PLAYERS, ScienceSet, Source, Step, TokenChoice};

use std::ops::RangeInclusive;

use crate::game::{Game, GameRng, Rewards, Scoring, Seat};
use crate::games::mechanics::winners::shared_win;
use crate::labels::{Band, Bands, Capped, LabelValue, OrNone, Value, YesNo};

/// `vp` bands (10 VP wide): `0-9` … `90-99`, `100+`.
static BANDS_10: Bands<11> = Bands::steps(10);
/// Score-split bands (5 VP wide): `0-4` … `45-49`, `50+`.
static BANDS_5: Bands<11> = Bands::steps(5);
/// `turns` bands (10 turns wide): `0-9` … `140-149`, `150+`.
static TURN_BANDS: Bands<16> = Bands::steps(10);

crate::labels! {
    /// What the statistics record of one seat ([`Game::seat_labels`]), spec §9.
    pub struct SeatLabels {
        /// The seat's wonder, e.g. `giza`.
        pub wonder: Wonder,
        /// Final VP in bands of 10: `0-9` … `90-99`, `100+`.
        #[kind(outcome)]
        pub vp: Band,
        /// Stages built (0–5).
        #[kind(outcome)]
        pub stages: Capped<16>,
        /// Whether the seat completed its wonder.
        #[kind(outcome)]
        pub completed: YesNo,
        /// Whether the seat's turn ended the game.
        #[kind(outcome)]
        pub ended_game: YesNo,
        /// Military tokens held.
        #[kind(outcome)]
        pub military_tokens: Capped<16>,
        /// Progress tokens held.
        #[kind(outcome)]
        pub progress_tokens: Capped<16>,
        /// Whether the seat holds the cat at the end.
        #[kind(outcome)]
        pub cat: YesNo,
        /// VP from stages, in bands of 5: `0-4` … `45-49`, `50+`.
        #[kind(outcome)]
        pub vp_stages: Band,
        /// VP from blue cards, in bands of 5.
        #[kind(outcome)]
        pub vp_blue: Band,
        /// VP from the cat, exact: `0` or `2`.
        #[kind(outcome)]
        pub vp_cat: u32,
        /// VP from military tokens, exact: 3 per token.
        #[kind(outcome)]
        pub vp_military: u32,
        /// VP from progress tokens, in bands of 5.
        #[kind(outcome)]
        pub vp_tokens: Band,
    }
}

crate::labels! {
    /// What the statistics record of a finished game ([`Game::game_labels`]).
    pub struct GameLabels {
        /// The seat whose turn ended the game, or `none`.
        #[kind(outcome)]
        pub ender_seat: OrNone<usize>,
        /// That seat's wonder, or `none`.
        #[kind(outcome)]
        pub ender_wonder: OrNone<Wonder>,
        /// How that seat did: `won`, `shared`, `lost`, or `none`.
        #[kind(outcome)]
        pub ender_result: EnderResult,
        /// Why the game ended: `wonder` or `decks_exhausted`.
        #[kind(outcome)]
        pub end_reason: EndReason,
        /// Battles fought.
        #[kind(outcome)]
        pub battles: Capped<16>,
        /// Turns played, in bands of 10: `0-9` … `140-149`, `150+`.
        #[kind(outcome)]
        pub turns: Band,
        /// How many seats share the win.
        #[kind(outcome)]
        pub winners: Capped<16>,
    }
}

crate::label_values! {
    /// The `ender_result` label: how the seat that ended the game did.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum EnderResult {
        /// It won alone.
        Won = "won",
        /// It shares the win.
        Shared = "shared",
        /// It lost.
        Lost = "lost",
        /// No seat ended the game.
        None = "none",
    }
}

impl LabelValue for Wonder {
    /// The wonder's name, e.g. `giza`.
    fn value(self) -> Value {
        Value::Text(self as u16, self.name())
    }

    fn domain() -> Option<Vec<String>> {
        Some(Wonder::NAMES.iter().map(|n| n.to_string()).collect())
    }
}

impl Game for ArchitectsState {
    type Action = Action;
    type Config = Config;
    type Observation = ArchitectsObservation;
    type SeatLabels = SeatLabels;
    type GameLabels = GameLabels;

    const NAME: &'static str = "sevenwondersarchitects";
    const SCORING: Option<Scoring> = Some(Scoring { unit: "victory points", higher_is_better: true });

    fn players(config: &Config) -> RangeInclusive<usize> {
        match config.wonders {
            Wonders::Random => 2..=MAX_PLAYERS,
            Wonders::Listed { len, .. } => len as usize..=len as usize,
        }
    }

    fn players_set_by(config: &Config) -> Option<String> {
        match config.wonders {
            Wonders::Random => None,
            Wonders::Listed { len, .. } => Some(format!("the option `wonders` lists {len} wonders, one per seat")),
        }
    }

    fn new_game(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        ArchitectsState::new(config, players, rng)
    }

    fn num_players(&self) -> usize {
        self.n as usize
    }

    fn to_move(&self) -> Option<Seat> {
        (self.step != Step::Over).then_some(self.active as usize)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.fill_legal(out);
    }

    fn apply(&mut self, action: Action, rng: &mut GameRng) {
        self.apply_action(action, rng);
    }

    fn outcome(&self) -> Option<Rewards> {
        self.winners().map(shared_win)
    }

    fn determinize(&mut self, observer: Seat, rng: &mut GameRng) {
        self.determinize_for(observer as u8, rng);
    }

    fn observation(&self, seat: Seat) -> ArchitectsObservation {
        self.observe(seat as u8)
    }

    fn seat_labels(&self, seat: Seat) -> SeatLabels {
        let parts = self.score_parts(seat);
        let band = |bands: &'static Bands<11>, vp: u32| bands.of(vp as i32);
        SeatLabels {
            wonder: self.wonder[seat],
            vp: band(&BANDS_10, parts.total()),
            stages: Capped(self.stages(seat)),
            completed: YesNo(self.stages(seat) == 5),
            ended_game: YesNo(self.ender() == Some(seat)),
            military_tokens: Capped(self.military[seat].into()),
            progress_tokens: Capped(self.token_count(seat)),
            cat: YesNo(self.cat() == Some(seat)),
            vp_stages: band(&BANDS_5, parts.stages),
            vp_blue: band(&BANDS_5, parts.blue),
            vp_cat: parts.cat,
            vp_military: parts.military.min(u8::MAX.into()),
            vp_tokens: band(&BANDS_5, parts.tokens),
        }
    }

    fn game_labels(&self) -> GameLabels {
        let winners = self.winners().unwrap_or(0);
        GameLabels {
            ender_seat: OrNone(self.ender()),
            ender_wonder: OrNone(self.ender().map(|p| self.wonder[p])),
            ender_result: match self.ender() {
                None => EnderResult::None,
                Some(p) if winners == 1 << p => EnderResult::Won,
                Some(p) if winners & 1 << p != 0 => EnderResult::Shared,
                Some(_) => EnderResult::Lost,
            },
            end_reason: self.end_reason,
            battles: Capped(self.battles.into()),
            turns: TURN_BANDS.of(self.turns.into()),
            winners: Capped(winners.count_ones()),
        }
    }

    fn score(&self, seat: Seat) -> i32 {
        self.score_parts(seat).total() as i32
    }
}
