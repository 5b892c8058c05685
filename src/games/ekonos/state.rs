//! The Ekonos state ([`EkonosState`]), its option ([`Config`]), the steps of a turn ([`Step`]),
//! the deal (spec S1–S3) and the per-player-count numbers (R1, S3).

use serde::Serialize;

use super::data::{self, ALL_CARDS, ALL_REGIONS, Company, NUM_CARDS, NUM_COMPANIES};
use crate::game::GameRng;
use crate::games::mechanics::shuffle::shuffle;

/// Most seats in Ekonos.
pub const MAX_PLAYERS: usize = 6;
/// Tiles per company; a company never has more on the map (R8).
pub const TILES: u32 = 10;
/// Spaces in a company's share column (R9).
pub const COLUMN: u8 = 8;
/// Share markers per player (R11, Decision 7).
pub const MARKERS: u8 = 18;
/// Marks "no seat" (no president) in one-byte seat fields.
pub const NO_SEAT: u8 = u8::MAX;

crate::choice! {
    /// Who decides when a company without a president reaches growth 4 or 6 (Decision 4).
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
    pub enum NoPresidentGrowth {
        /// At 4 nobody is asked and the marker stays on 4; at 6 the active player expands.
        #[default]
        ActiveAt6 = "active_at_6",
        /// The active player acts as president at 4 (Expand or Wait) and at 6.
        ActiveAlways = "active_always",
    }
}

crate::game_options! {
    /// The options of spec "Options"; `Default` is the seed's game.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct Config {
        /// Decision 4: who handles growth of a company nobody holds.
        pub no_president_growth: NoPresidentGrowth = choice("active_at_6"),
            "who decides growth 4 and 6 of a company nobody holds";
    }
}

/// What the decider must do now (spec "Actions").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub enum Step {
    /// The active player plays a card (R3a, R4).
    Play,
    /// The decider chooses Expand or Wait for the company whose marker reached 4 (R6).
    GrowthChoice,
    /// The decider takes the next growth action of an expansion (R7).
    Expansion,
    /// The active player may sell one share (R10).
    Sell,
    /// The seller chooses the new president among the tied players (R12b, Decision 8).
    Appoint,
    /// The active player may buy one share (R11).
    Buy,
    /// The game is over (R14).
    Over,
}

/// Rounds in a game of `n` players (R1).
pub const fn rounds(n: usize) -> u8 {
    [0, 0, 6, 4, 3, 3, 2][n]
}

/// Cards dealt to each player every round, H (S3).
pub const fn hand_size(n: usize) -> u32 {
    if n == 5 { 5 } else { 6 }
}

/// Coins every player receives at the start of every round, I (S3).
pub const fn income(n: usize) -> u16 {
    if n == 5 { 10 } else { 12 }
}

/// An Ekonos position: fixed-size and `Copy`; the map, hands and card sets are `u64` bit sets
/// (bit `k − 1` = region or card `k`, see [`data`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct EkonosState {
    pub(super) n: u8,
    pub(super) rule: NoPresidentGrowth,
    /// Per company: the regions holding its tiles (disjoint sets).
    pub(super) tiles: [u64; NUM_COMPANIES],
    /// Regions whose tile is protected (a subset of the tiles).
    pub(super) protected: u64,
    /// Growth markers, 0..=6 (6 only during an expansion).
    pub(super) growth: [u8; NUM_COMPANIES],
    /// Shares per seat and company.
    pub(super) shares: [[u8; NUM_COMPANIES]; MAX_PLAYERS],
    /// Per company: its president's seat, or [`NO_SEAT`].
    pub(super) president: [u8; NUM_COMPANIES],
    pub(super) coins: [u16; MAX_PLAYERS],
    pub(super) hands: [u64; MAX_PLAYERS],
    /// Cards dealt to nobody this round (hidden from every seat).
    pub(super) unused: u64,
    /// Cards played this round (face up).
    pub(super) played: u64,
    /// The current round, from 1.
    pub(super) round: u8,
    /// This round's first player.
    pub(super) first: u8,
    /// The player whose turn it is (`turn_owner`).
    pub(super) active: u8,
    /// The seat to decide (`to_move`).
    pub(super) decider: u8,
    pub(super) step: Step,
    /// The company of the growth choice, expansion or president choice under way.
    pub(super) company: u8,
    /// Growth actions left in the expansion under way.
    pub(super) left: u8,
    /// The frozen frontier F of the expansion under way (R7a).
    pub(super) frontier: u64,
    /// The seats among which the seller appoints a president (step `Appoint`).
    pub(super) tied: u8,
    /// Expansions started in the game (label `expansions`).
    pub(super) expansions: u8,
    /// Replace actions taken in the game (label `replacements`).
    pub(super) replacements: u8,
}

impl EkonosState {
    /// A new game (S1–S3): empty map, round 1 dealt with `rng`, every seat paid its income,
    /// seat 0 to play.
    ///
    /// # Panics
    /// If `players` is not in 2..=6.
    pub fn new(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        assert!((2..=MAX_PLAYERS).contains(&players), "Ekonos plays 2-6 players, not {players}");
        let mut s = Self::bare(config, players);
        s.start_round(rng);
        s
    }

    /// S1 with nothing dealt and no coins, round 1 not yet started.
    fn bare(config: &Config, players: usize) -> Self {
        Self {
            n: players as u8,
            rule: config.no_president_growth,
            tiles: [0; NUM_COMPANIES],
            protected: 0,
            growth: [0; NUM_COMPANIES],
            shares: [[0; NUM_COMPANIES]; MAX_PLAYERS],
            president: [NO_SEAT; NUM_COMPANIES],
            coins: [0; MAX_PLAYERS],
            hands: [0; MAX_PLAYERS],
            unused: ALL_CARDS,
            played: 0,
            round: 1,
            first: 0,
            active: 0,
            decider: 0,
            step: Step::Play,
            company: 0,
            left: 0,
            frontier: 0,
            tied: 0,
            expansions: 0,
            replacements: 0,
        }
    }

    /// S3 for the current round: shuffle the 36 cards, deal H to each seat by ascending seat,
    /// leave the rest unused, pay every seat I coins; the round's first player is to play.
    pub(super) fn start_round(&mut self, rng: &mut GameRng) {
        let n = self.n as usize;
        let mut deck: [u8; NUM_CARDS] = std::array::from_fn(|i| i as u8 + 1);
        shuffle(&mut deck, rng);
        let h = hand_size(n) as usize;
        for p in 0..n {
            self.hands[p] = deck[p * h..(p + 1) * h].iter().fold(0, |m, &c| m | data::bit(c));
            self.coins[p] += income(n);
        }
        self.unused = deck[n * h..].iter().fold(0, |m, &c| m | data::bit(c));
        self.played = 0;
        self.active = self.first;
        self.decider = self.first;
        self.step = Step::Play;
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: round 1 of `players` seats with an empty map, no card in any hand (all
    /// unused), every seat holding I coins (S3), seat 0 to play. Build on it with the `with_`
    /// methods.
    pub fn empty(config: &Config, players: usize) -> Self {
        let mut s = Self::bare(config, players);
        for p in 0..players {
            s.coins[p] = income(players);
        }
        s
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: `seat`'s hand is the cards numbered `cards`; the unused set is every card
    /// neither in a hand nor played.
    pub fn with_hand(mut self, seat: usize, cards: &[u8]) -> Self {
        self.hands[seat] = cards.iter().fold(0, |m, &c| m | data::bit(c));
        self.unused = ALL_CARDS & !self.played & !self.hands.iter().fold(0, |m, h| m | h);
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: a tile of `company` on each of `regions` (numbers 1..=36), unprotected.
    pub fn with_tiles(mut self, company: Company, regions: &[u8]) -> Self {
        for &r in regions {
            self.tiles[company as usize] |= data::bit(r);
        }
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: the tiles on `regions` are protected.
    pub fn with_protected(mut self, regions: &[u8]) -> Self {
        for &r in regions {
            self.protected |= data::bit(r);
        }
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: `seat` holds `count` shares of `company`.
    pub fn with_shares(mut self, seat: usize, company: Company, count: u8) -> Self {
        self.shares[seat][company as usize] = count;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: `seat` presides `company` (`None`: nobody).
    pub fn with_president(mut self, company: Company, seat: Option<usize>) -> Self {
        self.president[company as usize] = seat.map_or(NO_SEAT, |p| p as u8);
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: `seat` has `coins` coins.
    pub fn with_coins(mut self, seat: usize, coins: u16) -> Self {
        self.coins[seat] = coins;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: `company`'s growth marker is on `space` (0..=5).
    pub fn with_growth(mut self, company: Company, space: u8) -> Self {
        self.growth[company as usize] = space;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: it is `seat`'s turn, at `step` (`Play`, `Sell` or `Buy`), `seat` deciding.
    pub fn with_turn(mut self, seat: usize, step: Step) -> Self {
        self.active = seat as u8;
        self.decider = seat as u8;
        self.step = step;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: an expansion of `company` under way (step `Expansion`), its marker on
    /// `space` (4 or 6), `left` growth actions left, decided by the active player; the frontier
    /// is fixed now (R7a).
    pub fn with_expansion(mut self, company: Company, space: u8, left: u8) -> Self {
        self.company = company as u8;
        self.growth[company as usize] = space;
        self.left = left;
        self.frontier = data::frontier(self.tiles[company as usize]);
        self.decider = self.active;
        self.step = Step::Expansion;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: the active player sold a share of `company` and chooses its president
    /// among the seats `tied` (step `Appoint`, R12b).
    pub fn with_president_choice(mut self, company: Company, tied: &[usize]) -> Self {
        self.company = company as u8;
        self.tied = tied.iter().fold(0, |m, &q| m | 1 << q);
        self.decider = self.active;
        self.step = Step::Appoint;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: round `round` (from 1) with first player `first`.
    pub fn with_round(mut self, round: u8, first: usize) -> Self {
        self.round = round;
        self.first = first as u8;
        self
    }

    /// The number of seats.
    pub fn players(&self) -> usize {
        self.n as usize
    }

    /// The regions holding `company`'s tiles.
    pub fn tiles(&self, company: Company) -> u64 {
        self.tiles[company as usize]
    }

    /// `company`'s tiles on the map, 0..=10 (its value at the end, R14).
    pub fn tile_count(&self, company: Company) -> u32 {
        self.tiles[company as usize].count_ones()
    }

    /// The regions whose tile is protected.
    pub fn protected(&self) -> u64 {
        self.protected
    }

    /// The regions holding no tile.
    pub fn empty_regions(&self) -> u64 {
        ALL_REGIONS & !self.occupied()
    }

    /// The regions holding a tile.
    pub fn occupied(&self) -> u64 {
        self.tiles.iter().fold(0, |m, t| m | t)
    }

    /// The company with a tile on region `region` (1..=36), if any.
    pub fn owner(&self, region: u8) -> Option<Company> {
        let b = data::bit(region);
        (0..NUM_COMPANIES).find(|&c| self.tiles[c] & b != 0).map(Company::from_index)
    }

    /// `company`'s growth marker.
    pub fn growth(&self, company: Company) -> u8 {
        self.growth[company as usize]
    }

    /// The shares `seat` holds in `company`.
    pub fn shares(&self, seat: usize, company: Company) -> u8 {
        self.shares[seat][company as usize]
    }

    /// shares(c): the markers in `company`'s column, 0..=8 (R9).
    pub fn column(&self, company: Company) -> u8 {
        self.column_of(company as usize)
    }

    pub(super) fn column_of(&self, c: usize) -> u8 {
        self.shares[..self.n as usize].iter().map(|s| s[c]).sum()
    }

    /// The shares `seat` holds in all companies (at most 18, R11).
    pub fn held(&self, seat: usize) -> u8 {
        self.shares[seat].iter().sum()
    }

    /// `company`'s president.
    pub fn president(&self, company: Company) -> Option<usize> {
        let p = self.president[company as usize];
        (p != NO_SEAT).then_some(p as usize)
    }

    /// The coins of `seat`.
    pub fn coins(&self, seat: usize) -> u16 {
        self.coins[seat]
    }

    /// The hand of `seat` (bit `k − 1` = card `k`).
    pub fn hand(&self, seat: usize) -> u64 {
        self.hands[seat]
    }

    /// The cards dealt to nobody this round.
    pub fn unused(&self) -> u64 {
        self.unused
    }

    /// The cards played this round.
    pub fn played(&self) -> u64 {
        self.played
    }

    /// The current round, from 1.
    pub fn round(&self) -> u8 {
        self.round
    }

    /// Rounds in this game (R1).
    pub fn rounds(&self) -> u8 {
        rounds(self.n as usize)
    }

    /// This round's first player.
    pub fn first_player(&self) -> usize {
        self.first as usize
    }

    /// The player whose turn it is.
    pub fn active(&self) -> usize {
        self.active as usize
    }

    /// The seat to decide (also at `Over`: the last one).
    pub fn decider(&self) -> usize {
        self.decider as usize
    }

    /// What the decider must do.
    pub fn step(&self) -> Step {
        self.step
    }

    /// During `GrowthChoice`, `Expansion` or `Appoint`: the company concerned.
    pub fn pending_company(&self) -> Company {
        Company::from_index(self.company as usize)
    }

    /// During an expansion: the growth actions left and the frozen frontier F (R7a).
    pub fn expansion(&self) -> Option<(Company, u8, u64)> {
        (self.step == Step::Expansion).then(|| (self.pending_company(), self.left, self.frontier))
    }

    /// Expansions started so far (including those whose actions were lost).
    pub fn expansions(&self) -> u8 {
        self.expansions
    }

    /// Replace actions taken so far.
    pub fn replacements(&self) -> u8 {
        self.replacements
    }

    /// Money of `seat` (R14): Σ shares × tiles on the map + coins. Its final score at the end.
    pub fn money(&self, seat: usize) -> u32 {
        let shares: u32 =
            (0..NUM_COMPANIES).map(|c| u32::from(self.shares[seat][c]) * self.tiles[c].count_ones()).sum();
        shares + u32::from(self.coins[seat])
    }

    /// How many rounds `seat` is (or was) first player of in the whole game: round r has first
    /// player (r − 1) mod n (R13).
    pub fn first_player_rounds(&self, seat: usize) -> usize {
        let (n, r) = (self.n as usize, rounds(self.n as usize) as usize);
        (0..r).filter(|k| k % n == seat).count()
    }
}
