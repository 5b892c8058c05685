//! The 7 Wonders Duel state, its actions, setup (spec "Setup") and the deal of an age (R2, R3).
//!
//! Face-down cards are not stored: a face-down slot is drawn from the unseen cards of its deck
//! when it turns face up (a lazy reveal, which the spec's "Chance" paragraph allows). Likewise the
//! second draft group is drawn when it is revealed and the Great Library draw when the wonder is
//! built. So the state holds no hidden information (module docs, "Information").

use rand::RngExt;
use serde::Serialize;

use super::config::{Config, FirstPlayer, WonderSelection};
use super::data::{AGE_DECK, CARDS, COLOURS, CardSet, Choice, GUILDS, NUM_TOKENS, NUM_WONDERS, Resources, WONDERS};
use super::structure::{ALL_SLOTS, LAYOUTS, SLOTS, accessible};
use crate::game::GameRng;
use crate::games::mechanics::cardset::{Bits, iter, nth};
use crate::games::mechanics::shuffle::shuffle;

/// "No card / wonder / seat" in one-byte fields.
pub const NONE: u8 = u8::MAX;
/// Coins each seat starts with (setup 2).
pub const START_COINS: u16 = 7;
/// The most wonders built in a game (R20).
pub const MAX_BUILT: u32 = 7;

/// A decision of the seat to move (spec "Actions"). Cards, wonders and tokens are named by id.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Draft pick of a wonder of the current group (R1).
    PickWonder(u8),
    /// Who starts Age II or III (R4).
    ChooseStarter(u8),
    /// Discard an accessible card for coins (R5b).
    Discard(u8),
    /// Construct an accessible card (R5a).
    Construct(u8),
    /// Build the wonder (second id) with the accessible card (first id) tucked under it (R5c).
    BuildWonder(u8, u8),
    /// Take a board progress token after a science pair (R17).
    TakeProgress(u8),
    /// Take one of the 3 tokens of the Great Library draw (R23).
    TakeLibraryToken(u8),
    /// Construct a discarded card for free (Mausoleum, R22).
    Resurrect(u8),
    /// Destroy an opponent's card (Statue of Zeus, Circus Maximus; R21).
    Destroy(u8),
}

/// What the seat to move must decide.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub enum Phase {
    /// A draft pick (R1).
    Draft,
    /// The next age's starter (R4).
    ChooseStarter,
    /// A turn (R5).
    Turn,
    /// A progress token after a pair (R17).
    TakeProgress,
    /// A token of the Great Library draw (R23).
    Library,
    /// A card of the discard pile (R22).
    Resurrect,
    /// An opponent's brown (`true`) or grey (`false`) card (R21).
    Destroy {
        /// Brown (Statue of Zeus) or grey (Circus Maximus).
        brown: bool,
    },
    /// The game is over.
    Over,
}

crate::label_values! {
    /// How the game was won (label `victory`, [`Victory::text`]).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
    pub enum Victory {
        /// Not over yet.
        None = "none",
        /// Pawn at a capital (R16, R18).
        Military = "military",
        /// Six distinct symbols (R18).
        Scientific = "scientific",
        /// More VP after Age III (R26), possibly on the blue tie-break.
        Civil = "civil",
        /// Equal VP and equal blue VP (R26).
        Shared = "shared",
    }
}

/// A 7 Wonders Duel position: fixed-size, `Copy`, no heap. Card sets are `u128` over the 73 card
/// ids, wonder sets `u16` over the 12 wonder ids, token sets `u16` over the 10 token ids, slot
/// sets `u32` over the 20 slots of the current structure.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct SwdState {
    /// The first player F (D1).
    pub(super) first: u8,
    pub(super) phase: Phase,
    /// 0 during the draft, then 1..=3.
    pub(super) age: u8,
    /// The seat to move (the active seat of the turn, or the draft picker / starter chooser).
    pub(super) active: u8,
    /// Draft picks made by decision (0..=6).
    pub(super) draft_picks: u8,
    /// Wonders of the revealed draft group not yet taken.
    pub(super) group: u16,
    /// Wonders never revealed (group 2 is drawn from them; after the draft, the 4 unused).
    pub(super) unrevealed: u16,
    /// Each seat's wonders in the order received ([`NONE`] for not yet).
    pub(super) wonders: [[u8; 4]; 2],
    /// Built wonders per seat.
    pub(super) built: [u16; 2],
    /// The unbuilt wonder removed by R20 ([`NONE`] if none).
    pub(super) wonder_lost: u8,
    /// Whether the wonders were dealt at random (`wonder_selection = "random"`), for the
    /// `dealt_ID` labels; known from the options, so not in the observation's JSON.
    #[serde(skip)]
    pub(super) random_wonders: bool,
    /// Card of each slot that is present and face up ([`NONE`] otherwise).
    pub(super) slot_card: [u8; SLOTS],
    /// Slots still holding a card.
    pub(super) present: u32,
    /// Present slots whose card is face up.
    pub(super) face_up: u32,
    /// Age III: slots dealt a guild (public by their backs, D20).
    pub(super) guild_slots: u32,
    /// Cards of the current age's deck (and guilds in Age III) not seen: the face-down cards and
    /// the set-aside ones, which cannot be told apart.
    pub(super) unseen: CardSet,
    /// Cards of finished ages never seen (set aside at the deal).
    pub(super) aside: CardSet,
    /// Cards constructed by each seat.
    pub(super) city: [CardSet; 2],
    /// Cards tucked under built wonders.
    pub(super) tucked: CardSet,
    /// The discard pile (face up).
    pub(super) discard: CardSet,
    pub(super) coins: [u16; 2],
    /// Progress tokens on the board.
    pub(super) board: u16,
    /// Progress tokens held per seat.
    pub(super) held: [u16; 2],
    /// Tokens in the box (the 5 not on the board at setup, minus one taken by the Great Library).
    pub(super) boxed: u16,
    /// The 3 tokens of a pending Great Library draw.
    pub(super) drawn: u16,
    /// The conflict pawn, −9..=9 (positive toward seat 1's capital).
    pub(super) pawn: i8,
    /// Looting tokens present: bit 0 seat 0's 2-coin, bit 1 seat 0's 5-coin, bit 2 seat 1's
    /// 2-coin, bit 3 seat 1's 5-coin.
    pub(super) loot: u8,
    // Derived from the cities and built wonders, kept incrementally.
    /// Resources produced by each seat's brown and grey cards.
    pub(super) prod: [Resources; 2],
    /// Brown (W/C/S) choice producers: `caravansery`, built `great_lighthouse`.
    pub(super) choice_brown: [u8; 2],
    /// Grey (G/P) choice producers: `forum`, built `piraeus`.
    pub(super) choice_grey: [u8; 2],
    /// Resources fixed at 1 coin (bit = resource).
    pub(super) fixed: [u8; 2],
    /// Cards per colour in each city.
    pub(super) colours: [[u8; COLOURS]; 2],
    /// Green cards per science symbol (the 6 card symbols; index 6 unused).
    pub(super) symbols: [[u8; 7]; 2],
    /// The current turn earned an extra turn (R19).
    pub(super) extra: bool,
    /// The seat that took the last card from the structure (R4).
    pub(super) last_taker: u8,
    /// 0 or 1 the winner, 2 shared, [`NONE`] while the game goes on.
    pub(super) winner: u8,
    pub(super) victory: Victory,
    /// Statistics for the labels: extra turns played, chains used, cards discarded, shields.
    pub(super) stats: [Stats; 2],
}

/// Per-seat counters kept for the labels.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize)]
pub struct Stats {
    /// Extra turns played (R19).
    pub extra_turns: u8,
    /// Cards constructed by chain (R10).
    pub chains_used: u8,
    /// Cards discarded for coins (R5b).
    pub discarded: u8,
    /// Shields produced (cards, Strategy and wonders).
    pub shields: u8,
}

/// A uniformly random id of the non-empty set `set`.
#[inline]
pub(super) fn draw<S: Bits + Copy>(set: S, rng: &mut GameRng) -> u8 {
    nth(set, rng.random_range(0..set.len()))
}

impl SwdState {
    /// A new game (spec "Setup"): F from the option, 7 coins each, tokens shuffled (5 on the
    /// board), draft group 1 revealed; with `wonder_selection = "random"` the wonders are dealt
    /// and Age I begins at once.
    pub fn new(config: &Config, rng: &mut GameRng) -> Self {
        let first = match config.first_player {
            FirstPlayer::Seat0 => 0,
            FirstPlayer::Random => rng.random_range(0..2u8),
        };
        let mut s = Self::blank(first);
        let mut tokens: [u8; NUM_TOKENS] = std::array::from_fn(|i| i as u8);
        shuffle(&mut tokens, rng);
        s.board = tokens[..5].iter().fold(0, |a, &t| a | 1 << t);
        s.boxed = tokens[5..].iter().fold(0, |a, &t| a | 1 << t);
        let mut wonders: [u8; NUM_WONDERS] = std::array::from_fn(|i| i as u8);
        shuffle(&mut wonders, rng);
        match config.wonder_selection {
            WonderSelection::Draft => {
                s.group = wonders[..4].iter().fold(0, |a, &w| a | 1 << w);
                s.unrevealed = wonders[4..].iter().fold(0, |a, &w| a | 1 << w);
                s.phase = Phase::Draft;
                s.age = 0;
                s.active = first;
            }
            WonderSelection::Random => {
                s.wonders[first as usize].copy_from_slice(&wonders[..4]);
                s.wonders[1 - first as usize].copy_from_slice(&wonders[4..8]);
                s.unrevealed = wonders[8..].iter().fold(0, |a, &w| a | 1 << w);
                s.draft_picks = 6;
                s.random_wonders = true;
                s.deal(1, rng);
                s.phase = Phase::Turn;
                s.active = first;
            }
        }
        s
    }

    /// Everything empty: no structure, no wonders, no tokens anywhere, 7 coins each, pawn at 0
    /// with the 4 looting tokens, Age I turn of `first`. The base of [`SwdState::new`] and of
    /// test positions (see `setup.rs`).
    pub(super) fn blank(first: u8) -> Self {
        Self {
            first,
            phase: Phase::Turn,
            age: 1,
            active: first,
            draft_picks: 0,
            group: 0,
            unrevealed: 0,
            wonders: [[NONE; 4]; 2],
            built: [0; 2],
            wonder_lost: NONE,
            random_wonders: false,
            slot_card: [NONE; SLOTS],
            present: 0,
            face_up: 0,
            guild_slots: 0,
            unseen: 0,
            aside: 0,
            city: [0; 2],
            tucked: 0,
            discard: 0,
            coins: [START_COINS; 2],
            board: 0,
            held: [0; 2],
            boxed: 0,
            drawn: 0,
            pawn: 0,
            loot: 0b1111,
            prod: [[0; 5]; 2],
            choice_brown: [0; 2],
            choice_grey: [0; 2],
            fixed: [0; 2],
            colours: [[0; COLOURS]; 2],
            symbols: [[0; 7]; 2],
            extra: false,
            last_taker: first,
            winner: NONE,
            victory: Victory::None,
            stats: [Stats::default(); 2],
        }
    }

    /// Deals `age`'s structure (R2): its face-up slots are drawn from the deck (Age III: 3 random
    /// slots hold guilds, drawn from the guilds); the rest of the deck stays unseen.
    pub(super) fn deal(&mut self, age: u8, rng: &mut GameRng) {
        self.age = age;
        let layout = &LAYOUTS[age as usize - 1];
        self.present = ALL_SLOTS;
        self.face_up = 0;
        self.slot_card = [NONE; SLOTS];
        self.unseen = AGE_DECK[age as usize];
        self.guild_slots = 0;
        if age == 3 {
            self.unseen |= GUILDS;
            for _ in 0..3 {
                self.guild_slots |= 1 << draw(ALL_SLOTS & !self.guild_slots, rng);
            }
        }
        for s in iter(layout.face_up) {
            self.reveal(s as usize, rng);
        }
    }

    /// Turns slot `s` face up: its card is drawn from the unseen guilds (a guild slot) or the
    /// unseen cards of the age deck (any other slot).
    fn reveal(&mut self, s: usize, rng: &mut GameRng) {
        let pool = self.unseen & if self.guild_slots & 1 << s != 0 { GUILDS } else { !GUILDS };
        let c = draw(pool, rng);
        self.unseen &= !(1u128 << c);
        self.slot_card[s] = c;
        self.face_up |= 1 << s;
    }

    /// Removes card `c` from the structure and turns face up every face-down card it uncovered
    /// (R3, D4: before the card is resolved).
    pub(super) fn take(&mut self, c: u8, rng: &mut GameRng) {
        let s = self.slot_of(c);
        self.present &= !(1 << s);
        self.face_up &= !(1 << s);
        self.slot_card[s] = NONE;
        self.last_taker = self.active;
        for t in iter(accessible(self.age, self.present) & !self.face_up) {
            self.reveal(t as usize, rng);
        }
    }

    /// The accessible slot holding card `c` (only accessible cards are taken).
    pub(super) fn slot_of(&self, c: u8) -> usize {
        let mut slots = iter(self.accessible_slots()).map(usize::from);
        slots.find(|&s| self.slot_card[s] == c).expect("card accessible")
    }

    /// Places card `c` in `seat`'s city and updates the derived counts.
    pub(super) fn add_card(&mut self, seat: usize, c: u8) {
        let card = &CARDS[c as usize];
        self.city[seat] |= 1 << c;
        self.colours[seat][card.colour as usize] += 1;
        for r in 0..5 {
            self.prod[seat][r] += card.produces[r];
        }
        self.fixed[seat] |= card.fixes;
        match card.choice {
            Choice::Brown => self.choice_brown[seat] += 1,
            Choice::Grey => self.choice_grey[seat] += 1,
            Choice::None => {}
        }
        if let Some(sym) = card.symbol {
            self.symbols[seat][sym as usize] += 1;
        }
    }

    /// Removes brown or grey card `c` from `seat`'s city (R21; only such cards are destroyed).
    pub(super) fn remove_card(&mut self, seat: usize, c: u8) {
        let card = &CARDS[c as usize];
        self.city[seat] &= !(1 << c);
        self.colours[seat][card.colour as usize] -= 1;
        for r in 0..5 {
            self.prod[seat][r] -= card.produces[r];
        }
    }

    /// Marks wonder `w` built by `seat` and updates the choice producers.
    pub(super) fn add_wonder(&mut self, seat: usize, w: u8) {
        self.built[seat] |= 1 << w;
        match WONDERS[w as usize].choice {
            Choice::Brown => self.choice_brown[seat] += 1,
            Choice::Grey => self.choice_grey[seat] += 1,
            Choice::None => {}
        }
    }

    /// Wonders `seat` owns (drafted).
    pub fn owned(&self, seat: usize) -> u16 {
        self.wonders[seat].iter().filter(|&&w| w != NONE).fold(0, |a, &w| a | 1 << w)
    }

    /// Wonders built in the game.
    pub fn built_total(&self) -> u32 {
        (self.built[0] | self.built[1]).count_ones()
    }

    /// Accessible slots of the current structure (R3).
    pub fn accessible_slots(&self) -> u32 {
        if self.age == 0 { 0 } else { accessible(self.age, self.present) }
    }
}
