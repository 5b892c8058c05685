//! 7 Wonders Duel (base game, as on Board Game Arena), following `docs/rules/sevenwondersduel.md`
//! (the spec), 2 players, options `first_player` and `wonder_selection` ([`Config`]).
//!
//! # Model
//! The state ([`SwdState`]) is `Copy` and heap-free: cities, the discard pile and the unseen
//! cards are `u128` bit sets over the 73 card ids of [`data`] (data version
//! [`data::DATA_VERSION`]); wonders and tokens `u16` sets; the structure is a 20-slot array with
//! `u32` slot sets over the age's slot table ([`structure`]: covering and face-up slots). Each
//! seat's production, choice producers, fixed prices, colour counts and science symbols are kept
//! incrementally, so the cost function (`cost.rs`, R8–R11) is a few array operations.
//!
//! Where each rule lives: setup, deals and reveals (R2, R3) in `state.rs`; the draft (R1),
//! turns, payments, effects, military, science, follow-ups, extra turns, the seventh wonder and
//! the ends of ages (R4–R24) in `rules.rs`; VP and the civil winner (R25, R26) in `score.rs`;
//! labels below; the heuristic in `heuristic.rs`; read access in `setup.rs`, test
//! positions in `builder.rs` (tests only).
//!
//! # Information and determinization
//! The spec's hidden material is drawn when it becomes public, never before: a face-down slot's
//! card is drawn uniformly from the unseen cards of its deck (guilds for a guild-back slot) when it
//! turns face up; the second draft group is drawn from the 8 unrevealed wonders when group 1 is
//! exhausted; the Great Library's 3 tokens are drawn from the box when it is built. Since the deal
//! is a uniform shuffle, drawing each face-down identity at its reveal from the cards not yet seen
//! gives exactly the same distribution (the spec's "lazy reveals"). The state therefore stores no
//! hidden value at all (spec "Information", item 6): the unseen cards, unrevealed wonders and box
//! tokens are public *as sets*, and both seats know the same things. So [`Game::observation`] is
//! the whole state and [`Game::determinize`] leaves it unchanged: every determinization of the
//! spec's procedure (items 1–5) is realised by the chance of the later reveals instead.
//!
//! # Decisions (the spec's D1–D20 are followed; these are the implementation's own)
//! 1. Lazy reveals, as above (spec "Actions", chance paragraph).
//! 2. `wonder_selection = "random"`: 8 wonders are drawn; F receives the first 4 (in draw order),
//!    the other seat the next 4; Age I is dealt at once.
//! 3. Test positions built by `builder.rs` may hold any cards in any slots; only [`SwdState::new`]
//!    positions satisfy the invariants (`invariants.rs`).
//!
//! # Rewards and scores
//! `outcome`: the winner 1, the loser 0, a shared victory 0.5 each (R26, D19). [`Game::score`] is
//! the seat's VP by R25, also after a supremacy (D11: 10 military VP at a capital).
//!
//! # Labels
//! Per seat: `first` (yes/no), `result` (win/loss/shared), `vp` (bands of 10), its parts by R25
//! `vp_military`, `vp_blue`, `vp_green`, `vp_yellow`, `vp_guild`, `vp_wonders`, `vp_progress`,
//! `vp_coins` and `coins` at the end (exact values, `100+` from 100), `wonders_built` (0–4),
//! `progress` (tokens held), `symbols` (distinct science symbols), `shields`, `cards_built`,
//! `cards_discarded`, `extra_turns`, `chains_used` (counts, `16+` above 15), one label per wonder,
//! named by its id: `built`, `unbuilt` (drafted by the seat, not built) or `none` (not the
//! seat's), and one label per progress token, named `progress_ID`: `yes` (held at the end) or
//! `no`. Per game: `victory` (military/scientific/civil/shared), `tiebreak` (none/blue),
//! `end_age`, `first_player`, `wonders_built_total`, `wonder_lost` (its id or `none`), and one
//! label per guild, named by its id: `dealt` (turned face up in Age III), `not_dealt` (all three
//! guild slots were turned face up without it), `undecided` (the game ended with a guild slot
//! face down and this guild unseen: by the lazy reveals above, that slot's card was never drawn)
//! or `no_age_3` (Age III did not begin).
//!
//! The spec's labels have one value per seat or game, except its multi-valued ones, which are
//! one label per item here: `wonder_drafted` and `wonder_built` are the per-wonder labels,
//! `progress` per token the `progress_ID` labels (the `progress` label counts the tokens), and
//! `guild` the per-guild labels. The spec names the game total `wonders_built` like the seat
//! count; the statistics key labels by name only, so the total is `wonders_built_total`.
#[cfg(any(test, feature = "testing"))]
mod builder;
pub mod config;
mod cost;
pub mod data;
mod display;
mod heuristic;
mod invariants;
mod rules;
mod score;
mod setup;
mod state;
pub mod structure;

pub use config::{Config, FirstPlayer, WonderSelection};
pub use cost::CardCost;
pub use rules::SCIENCE_SUPREMACY;
pub use score::{VP_PARTS, military_vp};
pub use state::{Action, MAX_BUILT, NONE, Phase, START_COINS, Stats, SwdState, Victory};

use std::ops::RangeInclusive;

use crate::game::{Game, GameRng, MAX_SEATS, Rewards, SMALL_NUMBERS, Scoring, Seat};
use crate::games::numbers::decimal;

/// `vp` label bands.
const VP_BANDS: [&str; 10] = ["0-9", "10-19", "20-29", "30-39", "40-49", "50-59", "60-69", "70-79", "80-89", "90+"];

/// Index in `SEAT_LABELS` of the first per-wonder label (the wonders follow in data order).
pub const FIRST_WONDER_LABEL: usize = 20;
/// Index in `SEAT_LABELS` of the first per-token label (the tokens follow in data order).
pub const FIRST_TOKEN_LABEL: usize = FIRST_WONDER_LABEL + data::NUM_WONDERS;
/// Index in `GAME_LABELS` of the first per-guild label (the guilds follow in data order).
pub const FIRST_GUILD_LABEL: usize = 6;

/// The game labels: six named ones, then one per guild, named by its card id (data order):
/// `dealt`, `not_dealt`, `undecided` or `no_age_3`.
const GAME_LABEL_NAMES: [&str; FIRST_GUILD_LABEL + 7] = {
    let named = ["victory", "tiebreak", "end_age", "first_player", "wonders_built_total", "wonder_lost"];
    let mut out = [""; FIRST_GUILD_LABEL + 7];
    let mut i = 0;
    while i < out.len() {
        out[i] = if i < FIRST_GUILD_LABEL {
            named[i]
        } else {
            data::CARDS[data::AGE_START[3] as usize + i - FIRST_GUILD_LABEL].id
        };
        i += 1;
    }
    out
};

/// A count as a label value: `0`..`15`, then `16+`.
fn count_label(n: u32) -> &'static str {
    SMALL_NUMBERS.get(n as usize).copied().unwrap_or("16+")
}

/// Points or coins as a label value: exact up to 99, then `100+`.
fn exact_label(n: i32) -> &'static str {
    u8::try_from(n).ok().filter(|&n| n < 100).map_or("100+", decimal)
}

impl Game for SwdState {
    type Action = Action;
    type Config = Config;
    type Observation = SwdState;

    const NAME: &'static str = "sevenwondersduel";
    const SEAT_LABELS: &'static [&'static str] = &[
        "first",
        "result",
        "vp",
        // The VP parts, in the order of `VP_PARTS`.
        "vp_military",
        "vp_blue",
        "vp_green",
        "vp_yellow",
        "vp_guild",
        "vp_wonders",
        "vp_progress",
        "vp_coins",
        "coins",
        "wonders_built",
        "progress",
        "symbols",
        "shields",
        "cards_built",
        "cards_discarded",
        "extra_turns",
        "chains_used",
        // One per wonder (data order): "built", "unbuilt" (drafted, not built) or "none".
        "appian_way",
        "circus_maximus",
        "colossus",
        "great_library",
        "great_lighthouse",
        "hanging_gardens",
        "mausoleum",
        "piraeus",
        "pyramids",
        "sphinx",
        "statue_of_zeus",
        "temple_of_artemis",
        // One per progress token (data order): "yes" (held at the end) or "no".
        "progress_agriculture",
        "progress_architecture",
        "progress_economy",
        "progress_law",
        "progress_masonry",
        "progress_mathematics",
        "progress_philosophy",
        "progress_strategy",
        "progress_theology",
        "progress_urbanism",
    ];
    const SCORING: Option<Scoring> = Some(Scoring { unit: "victory points", higher_is_better: true });
    const GAME_LABELS: &'static [&'static str] = &GAME_LABEL_NAMES;

    fn players(_: &Config) -> RangeInclusive<usize> {
        2..=2
    }

    fn new_game(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        assert_eq!(players, 2, "7 Wonders Duel is a 2-player game");
        SwdState::new(config, rng)
    }

    fn num_players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.active as usize)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.fill_legal(out);
    }

    /// A turn's action indexed without listing the actions; see `SwdState::random_legal`.
    #[inline]
    fn random_action(&self, rng: &mut GameRng, buf: &mut Vec<Action>) -> Option<Action> {
        self.random_legal(rng, buf)
    }

    fn apply(&mut self, action: Action, rng: &mut GameRng) {
        self.apply_action(action, rng);
    }

    fn outcome(&self) -> Option<Rewards> {
        let mut r = [0.0; MAX_SEATS];
        match self.winner {
            NONE => return None,
            2 => (r[0], r[1]) = (0.5, 0.5),
            w => r[w as usize] = 1.0,
        }
        Some(r)
    }

    /// Nothing to resample: the state holds no hidden value (module docs).
    fn determinize(&mut self, _observer: Seat, _rng: &mut GameRng) {}

    fn observation(&self, _seat: Seat) -> SwdState {
        *self
    }

    fn turn_owner(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over | Phase::Draft | Phase::ChooseStarter => None,
            _ => Some(self.active as usize),
        }
    }

    fn label(&self, seat: Seat, key: usize) -> &'static str {
        let stats = self.stats[seat];
        match key {
            0 => ["no", "yes"][usize::from(seat == self.first as usize)],
            1 => match self.winner {
                2 => "shared",
                w if w as usize == seat => "win",
                _ => "loss",
            },
            2 => VP_BANDS[(self.vp(seat).max(0) as usize / 10).min(VP_BANDS.len() - 1)],
            3..=10 => exact_label(self.vp_parts(seat)[key - 3]),
            11 => exact_label(i32::from(self.coins[seat])),
            12 => count_label(self.built[seat].count_ones()),
            13 => count_label(self.held[seat].count_ones()),
            14 => count_label(self.distinct_symbols(seat)),
            15 => count_label(u32::from(stats.shields)),
            16 => count_label(self.city[seat].count_ones()),
            17 => count_label(u32::from(stats.discarded)),
            18 => count_label(u32::from(stats.extra_turns)),
            19 => count_label(u32::from(stats.chains_used)),
            k if k >= FIRST_TOKEN_LABEL => ["no", "yes"][usize::from(self.holds(seat, (k - FIRST_TOKEN_LABEL) as u8))],
            k => {
                let w = k - FIRST_WONDER_LABEL;
                if self.built[seat] & 1 << w != 0 {
                    "built"
                } else if self.owned(seat) & 1 << w != 0 {
                    "unbuilt"
                } else {
                    "none"
                }
            }
        }
    }

    fn game_label(&self, key: usize) -> &'static str {
        match key {
            0 => match self.victory {
                Victory::Military => "military",
                Victory::Scientific => "scientific",
                Victory::Civil => "civil",
                Victory::Shared => "shared",
                Victory::None => "none",
            },
            1 => ["none", "blue"][usize::from(self.won_on_blue())],
            2 => SMALL_NUMBERS[self.age as usize],
            3 => SMALL_NUMBERS[self.first as usize],
            4 => count_label(self.built_total()),
            5 => match self.wonder_lost {
                NONE => "none",
                w => data::WONDERS[w as usize].id,
            },
            k => self.guild_dealt(data::AGE_START[3] + (k - FIRST_GUILD_LABEL) as u8),
        }
    }

    fn score(&self, seat: Seat) -> i32 {
        self.vp(seat)
    }
}

impl SwdState {
    /// The per-guild game label of guild card `guild` (module docs, "Labels"): `dealt`,
    /// `not_dealt`, `undecided` or `no_age_3`.
    fn guild_dealt(&self, guild: u8) -> &'static str {
        if self.age < 3 {
            return "no_age_3";
        }
        // Turned face up: neither unseen in the structure nor set aside at the end of Age III.
        let revealed = data::GUILDS & !self.unseen & !self.aside;
        if revealed & 1 << guild != 0 {
            "dealt"
        } else if revealed.count_ones() == 3 {
            "not_dealt"
        } else {
            "undecided"
        }
    }
}
