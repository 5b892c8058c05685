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
//! [`SeatLabels`]: `first` (yes/no), `result` (win/loss/shared), `vp` (bands of 10), its parts
//! by R25 `vp_military`, `vp_blue`, `vp_green`, `vp_yellow`, `vp_guild`, `vp_wonders`,
//! `vp_progress`, `vp_coins` and `coins` at the end (exact values, `100+` from 100),
//! `wonders_built` (0–4), `progress` (tokens held), `symbols` (distinct science symbols),
//! `shields`, `cards_built`, `cards_discarded`, `extra_turns`, `chains_used` (counts, `16+` above
//! 15), one label per wonder, named by its id: `built`, `unbuilt` (drafted by the seat, not
//! built) or `none` (not the seat's), one per wonder named `dealt_ID` (under `wonder_selection =
//! "random"`, `yes` if the wonder was dealt to the seat, else `no`; `-` under the draft), and one
//! label per progress token, named `progress_ID`:
//! `yes` (held at the end) or `no`. [`GameLabels`]: `victory` (military/scientific/civil/shared),
//! `tiebreak` (none/blue), `end_age`, `first_player`, `wonders_built_total`, `wonder_lost` (its
//! id or `none`), and one label per guild, named by its id: `dealt` (turned face up in Age III),
//! `not_dealt` (all three guild slots were turned face up without it), `undecided` (the game
//! ended with a guild slot face down and this guild unseen: by the lazy reveals above, that
//! slot's card was never drawn) or `no_age_3` (Age III did not begin).
//!
//! The spec's labels have one value per seat or game, except its multi-valued ones, which are
//! one label per item here (an `#[each]` array field, its label names made at compile time from
//! [`data`]'s tables and [`VP_PARTS`]): `wonder_drafted` and `wonder_built` are the per-wonder
//! labels, `progress` per token the `progress_ID` labels (the `progress` label counts the
//! tokens), and `guild` the per-guild labels. The spec names the game total `wonders_built` like
//! the seat count; the statistics key labels by name only, so the total is `wonders_built_total`.
#[cfg(any(test, feature = "testing"))]
mod builder;
pub mod config;
mod cost;
pub mod data;
mod display;
mod encode;
mod heuristic;
#[cfg(any(test, feature = "testing"))]
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

use crate::game::{Game, GameRng, MAX_SEATS, Rewards, Scoring, Seat};
use crate::labels::{Band, Bands, Capped, LabelValue, OrNone, Value, YesNo};

/// `vp` bands: `0-9` … `80-89`, `90+`.
static VP_BANDS: Bands<10> = Bands::steps(10);

/// The VP-part label names, `vp_` before each of [`VP_PARTS`].
const VP_PART_LABELS: [&str; VP_PARTS.len()] = crate::concat_names!("vp_", VP_PARTS);
/// The `id`s of `N` items of a data table from index `start` on, in data order, as a constant:
/// the names of a per-item label block (`#[each]`), alone or under a prefix
/// ([`crate::concat_names!`]).
macro_rules! ids {
    ($table:expr, $start:expr, $n:expr) => {{
        let mut out = [""; $n];
        let mut i = 0;
        while i < out.len() {
            out[i] = $table[$start + i].id;
            i += 1;
        }
        out
    }};
}
/// The per-wonder label names: the wonders' ids, in data order.
const WONDER_LABELS: [&str; data::NUM_WONDERS] = ids!(data::WONDERS, 0, data::NUM_WONDERS);
/// The per-wonder `dealt_` label names: `dealt_` before each wonder's id, in data order.
const DEALT_LABELS: [&str; data::NUM_WONDERS] = crate::concat_names!("dealt_", WONDER_LABELS);
/// The per-token label names, `progress_` before each token's id, in data order.
const TOKEN_LABELS: [&str; data::NUM_TOKENS] = crate::concat_names!("progress_", data::TOKEN_NAMES);
/// The guilds: the Age III cards from [`data::AGE_START`]`[3]` on.
const NUM_GUILDS: usize = data::NUM_CARDS - data::AGE_START[3] as usize;
/// The per-guild label names: the guild cards' ids, in data order.
const GUILD_LABELS: [&str; NUM_GUILDS] = ids!(data::CARDS, data::AGE_START[3] as usize, NUM_GUILDS);

crate::labels! {
    /// What the statistics record of one seat ([`Game::seat_labels`]); see the module docs.
    pub struct SeatLabels {
        /// Whether the seat is the first player.
        pub first: YesNo,
        /// The seat's result: `win`, `loss` or `shared`.
        #[kind(outcome)]
        pub result: SeatResult,
        /// Final VP in bands of 10: `0-9` … `80-89`, `90+`.
        #[kind(outcome)]
        pub vp: Band,
        /// The VP parts by R25, in the order of [`VP_PARTS`] (`vp_military` … `vp_coins`): exact,
        /// `100+` from 100.
        #[each(VP_PART_LABELS)]
        #[kind(outcome)]
        pub vp_parts: [Capped<100>; VP_PARTS.len()],
        /// Coins at the end: exact, `100+` from 100.
        #[kind(outcome)]
        pub coins: Capped<100>,
        /// Wonders built (0–4).
        #[kind(outcome)]
        pub wonders_built: Capped<16>,
        /// Progress tokens held.
        #[kind(outcome)]
        pub progress: Capped<16>,
        /// Distinct science symbols.
        #[kind(outcome)]
        pub symbols: Capped<16>,
        /// Shields.
        #[kind(outcome)]
        pub shields: Capped<16>,
        /// Cards in the seat's city.
        #[kind(outcome)]
        pub cards_built: Capped<16>,
        /// Cards the seat discarded.
        #[kind(outcome)]
        pub cards_discarded: Capped<16>,
        /// Extra turns played.
        #[kind(outcome)]
        pub extra_turns: Capped<16>,
        /// Cards built for free by a chain.
        #[kind(outcome)]
        pub chains_used: Capped<16>,
        /// One label per wonder, named by its id: `built`, `unbuilt` (drafted by the seat, not
        /// built) or `none` (not the seat's).
        #[each(WONDER_LABELS)]
        #[kind(outcome)]
        pub wonders: [WonderFate; data::NUM_WONDERS],
        /// One label per wonder, named `dealt_ID`, under `wonder_selection = "random"`: `yes`
        /// (dealt to the seat at setup) or `no`; `-` under the draft. Fixed before play, so a
        /// randomized comparison of the wonders (unlike `built`/`unbuilt`, see README).
        #[each(DEALT_LABELS)]
        pub dealt: [Option<YesNo>; data::NUM_WONDERS],
        /// One label per progress token, named `progress_ID`: `yes` (held at the end) or `no`.
        #[each(TOKEN_LABELS)]
        #[kind(outcome)]
        pub tokens: [YesNo; data::NUM_TOKENS],
    }
}

crate::labels! {
    /// What the statistics record of a finished game ([`Game::game_labels`]); see the module docs.
    pub struct GameLabels {
        /// How the game was won: `military`, `scientific`, `civil` or `shared`.
        #[kind(outcome)]
        pub victory: Victory,
        /// Whether the civil victory came from the blue tie-break: `blue`, else `none`.
        #[kind(outcome)]
        pub tiebreak: Tiebreak,
        /// The age in play at the end.
        #[kind(outcome)]
        pub end_age: u8,
        /// The first player's seat.
        pub first_player: u8,
        /// Wonders built by both seats.
        #[kind(outcome)]
        pub wonders_built_total: Capped<16>,
        /// The wonder left unbuilt when the seventh was built (its id), or `none`.
        #[kind(outcome)]
        pub wonder_lost: OrNone<WonderName>,
        /// One label per guild, named by its id: `dealt`, `not_dealt`, `undecided` or `no_age_3`.
        #[each(GUILD_LABELS)]
        #[kind(outcome)]
        pub guilds: [GuildFate; NUM_GUILDS],
    }
}

crate::label_values! {
    /// The `result` label of a seat.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum SeatResult {
        /// The seat won.
        Win = "win",
        /// The other seat won.
        Loss = "loss",
        /// A shared victory (R26, D19).
        Shared = "shared",
    }
}

crate::label_values! {
    /// The `tiebreak` label: whether the civil winner won on blue VP (R26).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Tiebreak {
        /// No tie-break decided the game.
        None = "none",
        /// The blue VP broke a tie.
        Blue = "blue",
    }
}

crate::label_values! {
    /// A per-wonder seat label: what became of the wonder for the seat.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum WonderFate {
        /// The seat built it.
        Built = "built",
        /// The seat drafted it and did not build it.
        Unbuilt = "unbuilt",
        /// Not the seat's.
        None = "none",
    }
}

crate::label_values! {
    /// A per-guild game label (module docs, "Labels").
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum GuildFate {
        /// Turned face up in Age III.
        Dealt = "dealt",
        /// All three guild slots were turned face up without it.
        NotDealt = "not_dealt",
        /// The game ended with a guild slot face down and this guild unseen.
        Undecided = "undecided",
        /// Age III did not begin.
        NoAge3 = "no_age_3",
    }
}

/// A wonder as a label value: its id in [`data::WONDERS`], written by its name, e.g. `pyramids`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WonderName(pub u8);

impl LabelValue for WonderName {
    fn value(self) -> Value {
        Value::Text(self.0.into(), data::WONDERS[usize::from(self.0)].id)
    }
}

/// A count as a `Capped` label.
fn capped<const CAP: u32>(n: impl TryInto<u32>) -> Capped<CAP> {
    Capped(n.try_into().unwrap_or(u32::MAX))
}

impl Game for SwdState {
    type Action = Action;
    type Config = Config;
    type Observation = SwdState;
    type SeatLabels = SeatLabels;
    type GameLabels = GameLabels;

    const NAME: &'static str = "sevenwondersduel";
    const SCORING: Option<Scoring> = Some(Scoring { unit: "victory points", higher_is_better: true });

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

    fn seat_labels(&self, seat: Seat) -> SeatLabels {
        let stats = self.stats[seat];
        // The per-wonder blocks read the seat's wonders as bit sets: built, and owned (drafted or
        // dealt, built or not).
        let (built, owned) = (self.built[seat], self.owned(seat));
        let has = |set: u16, w: usize| set & 1 << w != 0;
        let fate = |w: usize| match () {
            _ if has(built, w) => WonderFate::Built,
            _ if has(owned, w) => WonderFate::Unbuilt,
            _ => WonderFate::None,
        };
        SeatLabels {
            first: YesNo(seat == self.first as usize),
            result: match self.winner {
                2 => SeatResult::Shared,
                w if w as usize == seat => SeatResult::Win,
                _ => SeatResult::Loss,
            },
            vp: VP_BANDS.of(self.vp(seat)),
            vp_parts: self.vp_parts(seat).map(capped),
            coins: capped(self.coins[seat]),
            wonders_built: capped(self.built[seat].count_ones()),
            progress: capped(self.held[seat].count_ones()),
            symbols: capped(self.distinct_symbols(seat)),
            shields: capped(stats.shields),
            cards_built: capped(self.city[seat].count_ones()),
            cards_discarded: capped(stats.discarded),
            extra_turns: capped(stats.extra_turns),
            chains_used: capped(stats.chains_used),
            wonders: std::array::from_fn(fate),
            dealt: std::array::from_fn(|w| self.random_wonders.then(|| YesNo(has(owned, w)))),
            tokens: std::array::from_fn(|t| YesNo(self.holds(seat, t as u8))),
        }
    }

    fn game_labels(&self) -> GameLabels {
        GameLabels {
            victory: self.victory,
            tiebreak: if self.won_on_blue() { Tiebreak::Blue } else { Tiebreak::None },
            end_age: self.age,
            first_player: self.first,
            wonders_built_total: capped(self.built_total()),
            wonder_lost: OrNone((self.wonder_lost != NONE).then_some(WonderName(self.wonder_lost))),
            guilds: std::array::from_fn(|g| self.guild_fate(data::AGE_START[3] + g as u8)),
        }
    }

    fn score(&self, seat: Seat) -> i32 {
        self.vp(seat)
    }
}

impl SwdState {
    /// The per-guild game label of guild card `guild` (module docs, "Labels").
    fn guild_fate(&self, guild: u8) -> GuildFate {
        if self.age < 3 {
            return GuildFate::NoAge3;
        }
        // Turned face up: neither unseen in the structure nor set aside at the end of Age III.
        let revealed = data::GUILDS & !self.unseen & !self.aside;
        if revealed & 1 << guild != 0 {
            GuildFate::Dealt
        } else if revealed.count_ones() == 3 {
            GuildFate::NotDealt
        } else {
            GuildFate::Undecided
        }
    }
}
