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
//! Per seat (spec §9): `wonder`, `vp` (bands of 10: `0-9` … `90-99`, `100+`), `stages` (0–5),
//! `completed`, `ended_game`, `military_tokens`, `progress_tokens`, `cat` (`yes`/`no`), and the
//! score split `vp_stages`, `vp_blue`, `vp_tokens` (bands of 5: `0-4` … `45-49`, `50+`),
//! `vp_cat` (exact: `0`/`2`) and `vp_military` (exact: 3 per token, `0`, `3`, `6`, …). Exact VP
//! are in the score statistics (`SCORING`). Per game:
//! `ender_seat`, `ender_wonder`, `ender_result` (`won`/`shared`/`lost`/`none`), `end_reason`
//! (`wonder`/`decks_exhausted`), `battles`, `turns` (bands of 10) and `winners`. The spec's
//! `seat` and `players` are the runner's own columns, its `actions` the length statistics, and
//! the option values are in the run's `spec.toml`; none is repeated as a label.

pub mod config;
pub mod data;
mod determinize;
mod display;
mod heuristic;
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

use crate::game::{Game, GameRng, Rewards, SMALL_NUMBERS, Scoring, Seat};
use crate::games::mechanics::winners::shared_win;
use crate::games::numbers::decimal;

/// `vp` label bands (10 VP wide).
const BANDS_10: [&str; 11] =
    ["0-9", "10-19", "20-29", "30-39", "40-49", "50-59", "60-69", "70-79", "80-89", "90-99", "100+"];
/// Score-split label bands (5 VP wide).
const BANDS_5: [&str; 11] =
    ["0-4", "5-9", "10-14", "15-19", "20-24", "25-29", "30-34", "35-39", "40-44", "45-49", "50+"];
/// `turns` label bands (10 turns wide).
const TURN_BANDS: [&str; 16] = [
    "0-9", "10-19", "20-29", "30-39", "40-49", "50-59", "60-69", "70-79", "80-89", "90-99", "100-109", "110-119",
    "120-129", "130-139", "140-149", "150+",
];

/// The band of `value` in `bands` of width `width` (the last band open-ended).
fn band(bands: &'static [&'static str], width: u32, value: u32) -> &'static str {
    bands[((value / width) as usize).min(bands.len() - 1)]
}

/// A small count as a label (`16+` past 15).
fn small(value: u32) -> &'static str {
    SMALL_NUMBERS.get(value as usize).copied().unwrap_or("16+")
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

impl Game for ArchitectsState {
    type Action = Action;
    type Config = Config;
    type Observation = ArchitectsObservation;

    const NAME: &'static str = "sevenwondersarchitects";
    const SEAT_LABELS: &'static [&'static str] = &[
        "wonder",
        "vp",
        "stages",
        "completed",
        "ended_game",
        "military_tokens",
        "progress_tokens",
        "cat",
        "vp_stages",
        "vp_blue",
        "vp_cat",
        "vp_military",
        "vp_tokens",
    ];
    const SCORING: Option<Scoring> = Some(Scoring { unit: "victory points", higher_is_better: true });
    const GAME_LABELS: &'static [&'static str] =
        &["ender_seat", "ender_wonder", "ender_result", "end_reason", "battles", "turns", "winners"];

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

    fn label(&self, seat: Seat, key: usize) -> &'static str {
        let parts = self.score_parts(seat);
        match key {
            0 => self.wonder[seat].name(),
            1 => band(&BANDS_10, 10, parts.total()),
            2 => small(self.stages(seat)),
            3 => yes_no(self.stages(seat) == 5),
            4 => yes_no(self.ender() == Some(seat)),
            5 => small(u32::from(self.military[seat])),
            6 => small(self.token_count(seat)),
            7 => yes_no(self.cat() == Some(seat)),
            8 => band(&BANDS_5, 5, parts.stages),
            9 => band(&BANDS_5, 5, parts.blue),
            10 => decimal(parts.cat as u8),
            11 => decimal(u8::try_from(parts.military).unwrap_or(u8::MAX)),
            _ => band(&BANDS_5, 5, parts.tokens),
        }
    }

    fn game_label(&self, key: usize) -> &'static str {
        let winners = self.winners().unwrap_or(0);
        match key {
            0 => self.ender().map_or("none", |p| SMALL_NUMBERS[p]),
            1 => self.ender().map_or("none", |p| self.wonder[p].name()),
            2 => match self.ender() {
                None => "none",
                Some(p) if winners == 1 << p => "won",
                Some(p) if winners & 1 << p != 0 => "shared",
                Some(_) => "lost",
            },
            3 => match self.end_reason {
                EndReason::DecksExhausted => "decks_exhausted",
                _ => "wonder",
            },
            4 => small(u32::from(self.battles)),
            5 => band(&TURN_BANDS, 10, u32::from(self.turns)),
            _ => small(winners.count_ones()),
        }
    }

    fn score(&self, seat: Seat) -> i32 {
        self.score_parts(seat).total() as i32
    }
}
