//! The Ekonos data table: the six companies, the 36-region map and the 36 cards, data version
//! [`DATA_VERSION`] (spec "Components and data", Decision 1).
//!
//! The map and the cards come from one school transcription (a 2022 Catalan vocational-school
//! assignment, GitHub `a14jorsoltor/Grup4_Ekonos` and two copies), not from the publisher or
//! Board Game Arena: no real board or card has confirmed them (spec "Data version and its
//! weakness"). Everything the rules need from the board and deck is in this file, so a corrected
//! board or deck is a change of this file only, shipped under a new [`DATA_VERSION`].
//!
//! Numbering: regions and cards are numbered 1..=36 as in the spec (E1's numbering); bit `k − 1`
//! of a `u64` set stands for region or card `k`. Companies are indexed 0..=5 in the spec's order
//! R, D, L, G, Y, P ([`Company`]).

use std::fmt;

/// The name of this map and deck (spec "Data version"); any correction ships under a new name.
pub const DATA_VERSION: &str = "ekonos-map-v1-school-transcription";

/// Regions on the map (numbered 1..=36).
pub const NUM_REGIONS: usize = 36;
/// Cards in the deck (numbered 1..=36).
pub const NUM_CARDS: usize = 36;
/// Companies.
pub const NUM_COMPANIES: usize = 6;
/// Every region, as a set (bit `k − 1` = region `k`).
pub const ALL_REGIONS: u64 = (1 << NUM_REGIONS) - 1;
/// Every card, as a set (bit `k − 1` = card `k`).
pub const ALL_CARDS: u64 = (1 << NUM_CARDS) - 1;

/// A company (spec "Companies"); `as usize` gives its index 0..=5.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum Company {
    /// α Alpha, red.
    R = 0,
    /// β Beta, dark blue.
    D = 1,
    /// γ Gamma, light blue.
    L = 2,
    /// δ Delta, green.
    G = 3,
    /// ε Epsilon, yellow.
    Y = 4,
    /// ο Omicron (E2: Omega), pink.
    P = 5,
}

/// The companies by index.
pub const COMPANIES: [Company; NUM_COMPANIES] =
    [Company::R, Company::D, Company::L, Company::G, Company::Y, Company::P];

impl Company {
    /// The company of index `i` (`i < 6`).
    pub const fn from_index(i: usize) -> Company {
        COMPANIES[i]
    }

    /// The one-letter code (`"R"`, `"D"`, `"L"`, `"G"`, `"Y"`, `"P"`), also the `top_company` label.
    pub const fn code(self) -> &'static str {
        ["R", "D", "L", "G", "Y", "P"][self as usize]
    }
}

impl fmt::Display for Company {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The neighbours of region `k` at index `k − 1` (spec "Map", 62 undirected edges).
pub const NEIGHBOURS: [&[u8]; NUM_REGIONS] = [
    &[2, 8],               // 1 Ireland
    &[1, 3, 8],            // 2 Scotland
    &[2, 4, 10],           // 3 southern Norway
    &[3, 5, 10],           // 4 Sweden
    &[4, 6, 11],           // 5 Gulf of Bothnia
    &[5, 7, 11],           // 6 Karelia
    &[6, 11, 17],          // 7 north-west Russia
    &[1, 2, 12],           // 8 northern England / Wales
    &[10, 12, 13, 14],     // 9 Netherlands
    &[3, 4, 9, 15],        // 10 Denmark
    &[5, 6, 7, 16],        // 11 Baltic states
    &[8, 9, 18],           // 12 southern England
    &[9, 14, 18, 19],      // 13 Belgium / north-east France
    &[9, 13, 15, 20],      // 14 northern Germany
    &[10, 14, 16, 21],     // 15 northern Poland
    &[11, 15, 17, 21],     // 16 Belarus / Lithuania
    &[7, 16, 24],          // 17 western Russia
    &[12, 13, 26, 27],     // 18 northern France
    &[13, 20, 27, 28],     // 19 eastern France / Switzerland
    &[14, 19, 21, 22],     // 20 southern Germany
    &[15, 16, 20, 22],     // 21 southern Poland / Czechia
    &[20, 21, 23, 29],     // 22 Austria / Hungary
    &[22, 24, 30],         // 23 Romania / eastern Hungary
    &[17, 23, 30, 31],     // 24 Ukraine
    &[26, 32, 33],         // 25 northern Spain
    &[18, 25, 27, 34],     // 26 south-west France
    &[18, 19, 26, 28],     // 27 south-east France
    &[19, 27, 29, 34, 35], // 28 northern Italy
    &[22, 28, 35],         // 29 north Adriatic
    &[23, 24, 35, 36],     // 30 Balkans
    &[24, 36],             // 31 Crimea / Black Sea
    &[25, 33],             // 32 Portugal
    &[25, 32, 34],         // 33 central Spain
    &[26, 28, 33],         // 34 eastern Spain
    &[28, 29, 30, 36],     // 35 southern Italy
    &[30, 31, 35],         // 36 Greece / Aegean
];

/// Per region `k` at index `k − 1`: its neighbours as a region set.
pub const ADJACENT: [u64; NUM_REGIONS] = {
    let mut t = [0u64; NUM_REGIONS];
    let mut r = 0;
    while r < NUM_REGIONS {
        let mut i = 0;
        while i < NEIGHBOURS[r].len() {
            t[r] |= 1 << (NEIGHBOURS[r][i] - 1);
            i += 1;
        }
        r += 1;
    }
    t
};

/// One card: its top company and its two bottom companies (spec "Cards"; the order of the two
/// bottom icons means nothing).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Card {
    /// The top icon: place or protect a tile of this company (rule R4a/b).
    pub top: Company,
    /// The bottom icons: move one of these growth markers up (rule R4c).
    pub bottom: [Company; 2],
}

const fn card(top: Company, a: Company, b: Company) -> Card {
    Card { top, bottom: [a, b] }
}

use Company::{D, G, L, P, R, Y};

/// Card `k` at index `k − 1`, in E1's order (spec "Cards").
pub const CARDS: [Card; NUM_CARDS] = [
    card(R, D, Y), // 1
    card(R, D, L), // 2
    card(R, D, G), // 3
    card(R, G, Y), // 4
    card(R, L, Y), // 5
    card(R, G, L), // 6
    card(G, L, P), // 7
    card(G, L, R), // 8
    card(G, Y, P), // 9
    card(G, P, R), // 10
    card(G, Y, R), // 11
    card(G, Y, L), // 12
    card(D, Y, P), // 13
    card(D, G, L), // 14
    card(D, Y, L), // 15
    card(D, L, P), // 16
    card(D, G, P), // 17
    card(D, G, Y), // 18
    card(L, D, G), // 19
    card(L, P, G), // 20
    card(L, R, D), // 21
    card(L, P, R), // 22
    card(L, R, G), // 23
    card(L, D, P), // 24
    card(P, D, G), // 25
    card(P, G, Y), // 26
    card(P, R, G), // 27
    card(P, R, Y), // 28
    card(P, R, D), // 29
    card(P, D, Y), // 30
    card(Y, L, P), // 31
    card(Y, L, R), // 32
    card(Y, P, R), // 33
    card(Y, P, D), // 34
    card(Y, R, D), // 35
    card(Y, L, D), // 36
];

/// Card number `k` (1..=36).
pub const fn card_of(k: u8) -> Card {
    CARDS[k as usize - 1]
}

/// The set bit of region or card number `k` (1..=36).
#[inline]
pub const fn bit(k: u8) -> u64 {
    1 << (k - 1)
}

/// The region (or card) numbers of `set`, ascending.
pub fn numbers(set: u64) -> impl Iterator<Item = u8> {
    crate::games::mechanics::cardset::iter(set).map(|i| i + 1)
}

/// The regions adjacent to at least one region of `set`, minus `set` itself (rule R7a's
/// frontier when `set` is a company's tiles).
#[inline]
pub fn frontier(set: u64) -> u64 {
    let mut out = 0;
    let mut s = set;
    while s != 0 {
        out |= ADJACENT[s.trailing_zeros() as usize];
        s &= s - 1;
    }
    out & !set
}
