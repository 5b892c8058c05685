//! The state ([`PresidentState`]), its options ([`Config`]), roles ([`Role`]) and the deal
//! (spec rule 1).

use serde::Serialize;

use super::cards::{Cards, RANKS, Rank};
use crate::game::{GameRng, MAX_SEATS};
use crate::games::mechanics::shuffle::shuffle;
use crate::options::OptionProblem;

/// Marks "no seat" in one-byte seat fields.
pub const NO_SEAT: u8 = u8::MAX;

crate::choice! {
    /// When a player who is matched (spec rule 8, option `skip`) loses their turn.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
    pub enum SkipMode {
        /// The next player still in the pile is always skipped.
        #[default]
        Always = "always",
        /// The next player is skipped only if they cannot match the rank too (the seed's wording).
        IfCannotMatch = "if_cannot_match",
    }
}

crate::game_options! {
    /// The options of spec "Components and options"; `Default` is the seed's game (Jokers and
    /// Revolution on, Skip off, 50 points). Reading refuses `skip_mode` without `skip = true`.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
    pub struct Config {
        /// Two Jokers in the deck (54 cards) or none (52).
        pub jokers: bool = boolean(true), "two Jokers in the deck";
        /// Four of a kind reverses the rank order for the rest of the hand (rule 7).
        pub revolution: bool = boolean(true), "four of a kind reverses the rank order for the hand";
        /// A player may match the previous play's rank, skipping the next player (rule 8).
        pub skip: bool = boolean(false), "matching the previous play's rank skips the next player";
        /// Who is skipped after a match (rule 8).
        pub skip_mode: SkipMode = choice("always"), "who a match skips (needs skip = true)";
        /// Points every player starts with (rule 13). The game lasts longer the larger it is.
        pub start_points: i32 = int(i32::MIN as i64..=i32::MAX as i64, 50),
            "the points every player starts with";
    }
    check = skip_mode_needs_skip;
}

/// Refuses a `skip_mode` written without `skip = true`, where it would silently do nothing.
fn skip_mode_needs_skip(config: &mut Config, written: &crate::options::Table) -> Result<(), OptionProblem> {
    if written.contains_key("skip_mode") && !config.skip {
        return Err(OptionProblem::Rule(
            "skip_mode only applies when skip = true (a match skips the next player); set skip = true (on the \
             command line: --option skip=true) or remove skip_mode"
                .into(),
        ));
    }
    Ok(())
}

crate::label_values! {
    /// A role for one hand, from the finishing order of the previous hand (spec rule 10), with
    /// its label text ([`Role::text`], e.g. `prime_minister`).
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
    pub enum Role {
        /// Hand 1: no roles yet.
        #[default]
        None = "none",
        /// First out.
        President = "president",
        /// Second out.
        PrimeMinister = "prime_minister",
        /// Neither among the first two nor the last two (none at 4 players).
        Citizen = "citizen",
        /// Second to last.
        Peasant = "peasant",
        /// Last.
        Beggar = "beggar",
    }
}

impl Role {
    /// The role of the player who finished `place`-th (0 = first) of `n` (rule 10).
    pub fn of_place(place: usize, n: usize) -> Role {
        match place {
            0 => Role::President,
            1 => Role::PrimeMinister,
            p if p + 1 == n => Role::Beggar,
            p if p + 2 == n => Role::Peasant,
            _ => Role::Citizen,
        }
    }

    /// Points for ending a hand in the place that gives this role (rule 13).
    pub fn points(self) -> i32 {
        match self {
            Role::None => 0,
            Role::President => 5,
            Role::PrimeMinister => 0,
            Role::Citizen => -5,
            Role::Peasant => -10,
            Role::Beggar => -15,
        }
    }
}

/// Where a hand is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Phase {
    /// Before play in hands after the first: the President, then the Prime Minister, choose the
    /// cards they give back (rule 11).
    Exchange,
    /// Piles are played (rules 2–9).
    Play,
    /// The game is over (rule 14).
    Over,
}

/// The open pile: what was last played on it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Pile {
    /// Cards per play, fixed by the leader; 0 when no pile is open (the decider leads).
    pub count: u8,
    /// Rank of the last play.
    pub rank: Rank,
    /// Seat of the last play.
    pub last: u8,
    /// Cards of `rank` played in a row at the end of the pile (for the four-of-a-rank closure).
    pub run: u8,
}

/// What one seat privately knows from its exchange in this hand (spec rule 11): the cards it gave
/// to `partner` that are still unplayed, and (for the President and the Prime Minister, who
/// received the giver's strongest cards) a cap on the rank of every other card `partner` holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Knowledge {
    /// The exchange partner, or [`NO_SEAT`].
    pub partner: u8,
    /// Cards known to be in `partner`'s hand (a lower bound, see [`super::rules`]).
    pub known: Cards,
    /// Every card of `partner` outside `known` has a rank index at most `cap` (normal order);
    /// [`super::cards::JOKER`] when nothing is known.
    pub cap: Rank,
}

impl Knowledge {
    /// Knows nothing.
    pub const NONE: Knowledge = Knowledge { partner: NO_SEAT, known: Cards::EMPTY, cap: super::cards::JOKER };
}

/// A game of President: several hands, each with its deal, exchange and piles. `Copy`, under
/// 320 bytes (clone is a memcpy).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct PresidentState {
    pub(super) config: Config,
    /// Number of seats.
    pub(super) n: u8,
    /// Each seat's hand.
    pub(super) hands: [Cards; MAX_SEATS],
    /// Each seat's points (rule 13).
    pub(super) points: [i32; MAX_SEATS],
    /// Each seat's role in the current hand (`Role::None` in hand 1).
    pub(super) roles: [Role; MAX_SEATS],
    /// Each seat's role in hand 2 (the `first_role` label); `Role::None` before hand 2.
    pub(super) first_roles: [Role; MAX_SEATS],
    /// The current hand, from 1.
    pub(super) hand_no: u16,
    /// The seat that dealt the current hand.
    pub(super) dealer: u8,
    pub(super) phase: Phase,
    /// The decider (during play, the seat whose turn it is).
    pub(super) turn: u8,
    pub(super) pile: Pile,
    /// Seats that passed in the open pile (bit mask).
    pub(super) passed: u8,
    /// Whether a Revolution is in force (rule 7).
    pub(super) revolution: bool,
    /// Seats in the order they went out in this hand; the first `out` entries are set.
    pub(super) order: [u8; MAX_SEATS],
    pub(super) out: u8,
    /// Cards chosen by the President (0) and the Prime Minister (1) to give back, not yet given.
    pub(super) gifts: [Cards; 2],
    /// Each seat's private knowledge from the exchange.
    pub(super) knowledge: [Knowledge; MAX_SEATS],
}

impl PresidentState {
    /// A new game: hand 1 dealt by seat 0, seat 0 leads (rules 1 and 12).
    ///
    /// # Panics
    /// If `players` is outside 4–8.
    pub fn new(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        assert!((4..=MAX_SEATS).contains(&players), "President is for 4-8 players, not {players}");
        let mut s = Self {
            config: *config,
            n: players as u8,
            hands: [Cards::EMPTY; MAX_SEATS],
            points: [0; MAX_SEATS],
            roles: [Role::None; MAX_SEATS],
            first_roles: [Role::None; MAX_SEATS],
            hand_no: 1,
            dealer: 0,
            phase: Phase::Play,
            turn: 0,
            pile: Pile::default(),
            passed: 0,
            revolution: false,
            order: [NO_SEAT; MAX_SEATS],
            out: 0,
            gifts: [Cards::EMPTY; 2],
            knowledge: [Knowledge::NONE; MAX_SEATS],
        };
        s.points[..players].fill(config.start_points);
        s.deal(rng);
        s
    }

    #[cfg(any(test, feature = "testing"))]
    /// A position built from its parts, for tests: hand `hand_no` in play with the given hands,
    /// `roles` (all `Role::None` for hand 1), `leader` to open the first pile, points at the
    /// configured start unless changed with [`PresidentState::set_points`].
    ///
    /// # Panics
    /// If the player count is outside 4–8.
    pub fn from_hands(config: &Config, hands: &[Cards], roles: &[Role], hand_no: u16, leader: usize) -> Self {
        let mut rng = crate::game::rng_from_seed(0);
        let mut s = Self::new(config, hands.len(), &mut rng);
        s.hands[..hands.len()].copy_from_slice(hands);
        s.roles[..roles.len()].copy_from_slice(roles);
        s.hand_no = hand_no;
        s.turn = leader as u8;
        s
    }

    #[cfg(any(test, feature = "testing"))]
    /// A position built from its parts, for tests: hand `hand_no` (at least 2) before the
    /// exchange, with the dealt `hands` and the `roles` from the previous hand; the President
    /// chooses first (rule 11).
    ///
    /// # Panics
    /// If the player count is outside 4–8 or a role is missing.
    pub fn before_exchange(config: &Config, hands: &[Cards], roles: &[Role], hand_no: u16) -> Self {
        let mut s = Self::from_hands(config, hands, roles, hand_no, 0);
        s.phase = Phase::Exchange;
        s.turn = s.seat_of(Role::President).expect("a President") as u8;
        s
    }

    #[cfg(any(test, feature = "testing"))]
    /// Sets every seat's points (tests).
    pub fn set_points(&mut self, points: &[i32]) {
        self.points[..points.len()].copy_from_slice(points);
    }

    /// Shuffles the whole deck and deals it one card at a time clockwise from the seat after the
    /// dealer (rule 1); resets the per-hand state.
    pub(super) fn deal(&mut self, rng: &mut GameRng) {
        let n = self.n as usize;
        let mut deck = [0 as Rank; 4 * RANKS];
        let all = Cards::deck(self.config.jokers);
        let len = all.len() as usize;
        for (slot, r) in deck.iter_mut().zip(all.each()) {
            *slot = r;
        }
        shuffle(&mut deck[..len], rng);
        self.hands = [Cards::EMPTY; MAX_SEATS];
        for (i, &r) in deck[..len].iter().enumerate() {
            let seat = (self.dealer as usize + 1 + i) % n;
            self.hands[seat] = self.hands[seat].plus(r, 1);
        }
        self.pile = Pile::default();
        self.passed = 0;
        self.revolution = false;
        self.order = [NO_SEAT; MAX_SEATS];
        self.out = 0;
        self.gifts = [Cards::EMPTY; 2];
        self.knowledge = [Knowledge::NONE; MAX_SEATS];
    }

    /// The seat holding `role` in the current hand, if any.
    pub fn seat_of(&self, role: Role) -> Option<usize> {
        (0..self.n as usize).find(|&s| self.roles[s] == role)
    }

    /// The hand of `seat`.
    pub fn hand(&self, seat: usize) -> Cards {
        self.hands[seat]
    }

    /// The points of `seat`.
    pub fn points(&self, seat: usize) -> i32 {
        self.points[seat]
    }

    /// The role of `seat` in the current hand.
    pub fn role(&self, seat: usize) -> Role {
        self.roles[seat]
    }

    /// The role `seat` held in hand 2 (`Role::None` before hand 2).
    pub fn first_role(&self, seat: usize) -> Role {
        self.first_roles[seat]
    }

    /// The current hand number, from 1.
    pub fn hand_number(&self) -> u16 {
        self.hand_no
    }

    /// The seat that dealt the current hand.
    pub fn dealer(&self) -> usize {
        self.dealer as usize
    }

    /// The phase of the current hand.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The open pile (count 0: none open).
    pub fn pile(&self) -> Pile {
        self.pile
    }

    /// Whether a Revolution is in force.
    pub fn revolution(&self) -> bool {
        self.revolution
    }

    /// The seats that went out in this hand, in order.
    pub fn finishing_order(&self) -> &[u8] {
        &self.order[..self.out as usize]
    }

    /// What `seat` privately knows from its exchange.
    pub fn knowledge(&self, seat: usize) -> Knowledge {
        self.knowledge[seat]
    }

    /// Every card still in a hand or chosen as a gift (public: the deck less the cards played).
    pub fn unplayed(&self) -> Cards {
        let mut all = self.gifts[0].union(self.gifts[1]);
        for h in &self.hands[..self.n as usize] {
            all = all.union(*h);
        }
        all
    }

    /// The seat that wins: highest points, ties broken by the better role in the last hand
    /// (rule 14). Meaningful once the game is over.
    pub fn leader_in_points(&self) -> usize {
        let place = |s: usize| self.order[..self.n as usize].iter().position(|&p| p as usize == s).unwrap_or(MAX_SEATS);
        (0..self.n as usize).max_by_key(|&s| (self.points[s], std::cmp::Reverse(place(s)))).expect("players")
    }
}
