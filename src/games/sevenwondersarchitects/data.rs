//! Data tables of spec §1, data version [`DATA_VERSION`]: card kinds, the central and wonder
//! decks, wonder stages and powers, progress tokens and conflict tokens by player count.

use serde::Serialize;
use std::fmt;

/// The spec's data version (`docs/rules/sevenwondersarchitects.md` §1).
pub const DATA_VERSION: &str = "7wa-data-1";

/// Number of card kinds (spec §1.1).
pub const KINDS: usize = 14;
/// Number of wonders (spec §1.3).
pub const WONDERS: usize = 7;
/// Cards in a wonder deck (spec §1.2).
pub const WONDER_DECK: usize = 25;
/// Cards in the central deck (spec §1.2).
pub const CENTRAL_DECK: usize = 60;
/// Number of progress token kinds (spec §1.4); Culture has 2 copies, so 15 tokens.
pub const TOKEN_KINDS: usize = 14;
/// Number of progress tokens (spec §1.4).
pub const TOKENS: usize = 15;
/// Stages of every wonder (spec §1.3).
pub const STAGES: usize = 5;

/// A card kind (spec §1.1). Cards of one kind are interchangeable. The first six are the payment
/// kinds, in the order of a `Build` action's counts: five grey resources, then Gold.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Card {
    /// Grey: 1 wood.
    Wood,
    /// Grey: 1 stone.
    Stone,
    /// Grey: 1 clay.
    Clay,
    /// Grey: 1 papyrus.
    Papyrus,
    /// Grey: 1 glass.
    Glass,
    /// Yellow: 1 wild resource unit.
    Gold,
    /// Green: science symbol gear.
    Gear,
    /// Green: science symbol compass.
    Compass,
    /// Green: science symbol tablet.
    Tablet,
    /// Blue: 3 VP.
    Blue3,
    /// Blue: 2 VP and a cat icon; taking it moves the cat pawn.
    BlueCat,
    /// Red: 1 shield, no horn.
    Red0,
    /// Red: 1 shield, 1 horn.
    Red1,
    /// Red: 1 shield, 2 horns.
    Red2,
}

impl Card {
    /// Every kind, by index.
    pub const ALL: [Card; KINDS] = [
        Card::Wood,
        Card::Stone,
        Card::Clay,
        Card::Papyrus,
        Card::Glass,
        Card::Gold,
        Card::Gear,
        Card::Compass,
        Card::Tablet,
        Card::Blue3,
        Card::BlueCat,
        Card::Red0,
        Card::Red1,
        Card::Red2,
    ];
    /// The five grey resources.
    pub const GREY: [Card; 5] = [Card::Wood, Card::Stone, Card::Clay, Card::Papyrus, Card::Glass];
    /// The three science symbols.
    pub const GREEN: [Card; 3] = [Card::Gear, Card::Compass, Card::Tablet];

    /// The kind of index `i < KINDS`.
    pub fn from_index(i: u8) -> Card {
        Card::ALL[i as usize]
    }

    /// Horns on the card (spec §1.1): Red1 1, Red2 2, others 0.
    pub fn horns(self) -> u8 {
        match self {
            Card::Red1 => 1,
            Card::Red2 => 2,
            _ => 0,
        }
    }

    /// Lower-case name, as in actions and options.
    pub fn name(self) -> &'static str {
        CARD_NAMES[self as usize]
    }
}

const CARD_NAMES: [&str; KINDS] = [
    "wood", "stone", "clay", "papyrus", "glass", "gold", "gear", "compass", "tablet", "blue3", "bluecat", "red0",
    "red1", "red2",
];

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Card counts by kind (index = `Card as usize`).
pub type Counts = [u8; KINDS];

/// The central deck (spec §1.2).
pub const CENTRAL: Counts = [4, 4, 4, 4, 4, 6, 4, 4, 4, 4, 8, 4, 4, 2];

/// A wonder (spec §1.3), in the spec's table order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize)]
#[repr(u8)]
pub enum Wonder {
    /// Powers on stages 2 and 4: take the top card of any deck.
    Alexandria,
    /// Powers on stages 2 and 4 (option: 2 and 5): take a progress token.
    Babylon,
    /// Powers on stages 2, 3 and 4: take the top card of the central deck.
    Ephesus,
    /// No power; more VP.
    Giza,
    /// Powers on stages 2 and 4: look at 5 cards of the left or right deck, keep 1.
    Halicarnassus,
    /// Powers on stages 2 and 4: take the top card of the left and of the right deck.
    Olympia,
    /// Powers on stages 2 and 4: +1 shield each.
    Rhodes,
}

impl Wonder {
    /// Every wonder, by index.
    pub const ALL: [Wonder; WONDERS] = [
        Wonder::Alexandria,
        Wonder::Babylon,
        Wonder::Ephesus,
        Wonder::Giza,
        Wonder::Halicarnassus,
        Wonder::Olympia,
        Wonder::Rhodes,
    ];

    /// Every wonder's lower-case name, by index.
    pub const NAMES: [&'static str; WONDERS] = WONDER_NAMES;

    /// Lower-case name, as in options and labels.
    pub fn name(self) -> &'static str {
        WONDER_NAMES[self as usize]
    }

    /// VP of stage `s` (1..=5), spec §1.3.
    pub fn stage_vp(self, s: u8) -> u8 {
        STAGE_VP[self as usize][s as usize - 1]
    }

    /// Floor of stage `s` (1..=5), spec §1.3 (used with `build_order = by_floor`).
    pub fn floor(self, s: u8) -> u8 {
        FLOORS[self as usize][s as usize - 1]
    }

    /// Total stage VP (W1).
    pub fn total_vp(self) -> u32 {
        STAGE_VP[self as usize].iter().map(|&v| u32::from(v)).sum()
    }

    /// The wonder's 25-card deck (spec §1.2); `babylon_stone2` picks Babylon's other row (D16).
    pub fn deck(self, babylon_stone2: bool) -> Counts {
        let mut d = DECKS[self as usize];
        if self == Wonder::Babylon && babylon_stone2 {
            d[Card::Stone as usize] = 2;
            d[Card::Clay as usize] = 1;
        }
        d
    }

    /// Stages carrying a power, as a bit mask (bit `s − 1` for stage `s`); spec §1.3, D15.
    pub fn power_stages(self, babylon_s5: bool) -> u8 {
        match self {
            Wonder::Giza => 0,
            Wonder::Ephesus => 0b01110,
            Wonder::Babylon if babylon_s5 => 0b10010,
            _ => 0b01010,
        }
    }
}

const WONDER_NAMES: [&str; WONDERS] =
    ["alexandria", "babylon", "ephesus", "giza", "halicarnassus", "olympia", "rhodes"];

impl fmt::Display for Wonder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Wonder decks (spec §1.2), kinds in [`Card`] order; Babylon's row is the default stone 1 / clay 2.
const DECKS: [Counts; WONDERS] = [
    [2, 2, 2, 2, 1, 4, 2, 1, 1, 2, 2, 2, 1, 1], // Alexandria
    [2, 1, 2, 2, 2, 3, 2, 2, 1, 2, 2, 2, 1, 1], // Babylon
    [2, 2, 2, 2, 2, 3, 1, 2, 2, 1, 2, 2, 1, 1], // Ephesus
    [2, 2, 1, 2, 2, 3, 1, 2, 1, 2, 3, 2, 2, 0], // Giza
    [2, 2, 2, 1, 2, 3, 1, 1, 2, 2, 2, 2, 2, 1], // Halicarnassus
    [1, 2, 2, 2, 2, 3, 1, 1, 2, 1, 3, 2, 2, 1], // Olympia
    [2, 2, 2, 2, 2, 2, 2, 1, 1, 2, 2, 2, 2, 1], // Rhodes
];

/// VP of stages 1..5 (spec §1.3).
const STAGE_VP: [[u8; STAGES]; WONDERS] = [
    [4, 3, 6, 5, 7],
    [3, 0, 5, 5, 7],
    [3, 3, 4, 5, 7],
    [4, 5, 6, 7, 8],
    [3, 3, 6, 5, 7],
    [3, 2, 5, 5, 7],
    [4, 4, 5, 6, 7],
];

/// Floor of stages 1..5 (spec §1.3).
const FLOORS: [[u8; STAGES]; WONDERS] = [
    [1, 2, 3, 4, 5],
    [1, 2, 3, 4, 4],
    [1, 2, 2, 2, 3],
    [1, 2, 3, 4, 5],
    [1, 2, 3, 3, 4],
    [1, 2, 2, 3, 4],
    [1, 1, 2, 3, 4],
];

/// A stage's cost constraint (spec §1.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Constraint {
    /// Grey cards of pairwise different resources.
    Different,
    /// Grey cards all of one resource.
    Identical,
}

/// Cost of stage `s` (1..=5): (resource units, constraint), spec §1.3.
pub fn stage_cost(s: u8) -> (u8, Constraint) {
    match s {
        1 => (2, Constraint::Different),
        2 => (2, Constraint::Identical),
        3 => (3, Constraint::Different),
        4 => (3, Constraint::Identical),
        _ => (4, Constraint::Different),
    }
}

/// A progress token kind (spec §1.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Token {
    /// Extra card when taking Wood or Clay.
    Urbanism,
    /// Extra card when taking Papyrus or Glass.
    Crafts,
    /// Extra card when taking Stone or Gold.
    Jewellery,
    /// Extra card when taking a green card.
    Science,
    /// Extra card when taking Red1 or Red2.
    Propaganda,
    /// Extra card when building a stage.
    Architecture,
    /// One Gold in a payment counts 2 (D7).
    Economy,
    /// Ignore the identical/different rule (D8).
    Engineering,
    /// +2 shields.
    Tactics,
    /// 4 VP, 6 if the wonder is complete.
    Decor,
    /// 1 VP per BlueCat.
    Politics,
    /// 1 VP per military token.
    Strategy,
    /// 2 VP per progress token owned.
    Education,
    /// 4 VP for one, 12 for both (2 copies).
    Culture,
}

impl Token {
    /// Every kind, by index.
    pub const ALL: [Token; TOKEN_KINDS] = [
        Token::Urbanism,
        Token::Crafts,
        Token::Jewellery,
        Token::Science,
        Token::Propaganda,
        Token::Architecture,
        Token::Economy,
        Token::Engineering,
        Token::Tactics,
        Token::Decor,
        Token::Politics,
        Token::Strategy,
        Token::Education,
        Token::Culture,
    ];

    /// The kind of index `i < TOKEN_KINDS`.
    pub fn from_index(i: u8) -> Token {
        Token::ALL[i as usize]
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        TOKEN_NAMES[self as usize]
    }

    /// Copies in the game: 2 for Culture, 1 otherwise.
    pub fn copies(self) -> u8 {
        if self == Token::Culture { 2 } else { 1 }
    }

    /// For the six extra-card tokens (R17): the bit mask (over [`Card`] indices) of the kinds
    /// whose taking fires it; 0 for Architecture (fires on a build) and the others.
    pub fn trigger_cards(self) -> u16 {
        let bits = |cards: &[Card]| cards.iter().fold(0u16, |m, &c| m | 1 << c as u16);
        match self {
            Token::Urbanism => bits(&[Card::Wood, Card::Clay]),
            Token::Crafts => bits(&[Card::Papyrus, Card::Glass]),
            Token::Jewellery => bits(&[Card::Stone, Card::Gold]),
            Token::Science => bits(&Card::GREEN),
            Token::Propaganda => bits(&[Card::Red1, Card::Red2]),
            _ => 0,
        }
    }
}

const TOKEN_NAMES: [&str; TOKEN_KINDS] = [
    "urbanism",
    "crafts",
    "jewellery",
    "science",
    "propaganda",
    "architecture",
    "economy",
    "engineering",
    "tactics",
    "decor",
    "politics",
    "strategy",
    "education",
    "culture",
];

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Conflict tokens by player count (spec §1.5, W3): 2 → 3, 3 → 3, 4 → 4, 5 → 5, 6 → 6, 7 → 6.
pub fn conflict_tokens(players: usize) -> u8 {
    match players {
        ..=3 => 3,
        4 => 4,
        5 => 5,
        _ => 6,
    }
}
