//! The 80 playing cards (spec §A): one static data table indexed by card id `0..80`, card kinds,
//! suits, ranks, weapon ranges and `u128` card-set helpers.
//!
//! Card id `i` is row `i + 1` of the spec's table A.4 (so id 0 is the BANG! A♠ and id 79 the
//! Winchester 8♠). Two physical copies of a card with the same kind, rank and suit (the two
//! Stagecoach 9♠) are distinct ids.

use std::fmt;

use crate::games::mechanics::cardset;

/// Number of physical cards in the deck.
pub const NUM_CARDS: usize = 80;

/// "No card" / "no seat" marker in `u8` fields.
pub const NONE: u8 = u8::MAX;

/// A set of card ids as a bit set: bit `i` is card id `i`.
pub type CardSet = u128;

/// The set of all 80 cards.
pub const ALL_CARDS: CardSet = (1u128 << NUM_CARDS) - 1;

/// The 22 card names of the base game (spec §A.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// BANG! (25 copies, brown).
    Bang,
    /// Missed! (12, brown).
    Missed,
    /// Beer (6, brown).
    Beer,
    /// Panic! (4, brown).
    Panic,
    /// Cat Balou (4, brown).
    CatBalou,
    /// Duel (3, brown).
    Duel,
    /// Gatling (1, brown).
    Gatling,
    /// General Store (2, brown).
    GeneralStore,
    /// Indians! (2, brown).
    Indians,
    /// Saloon (1, brown).
    Saloon,
    /// Stagecoach: draw 2 (2, brown).
    Stagecoach,
    /// Wells Fargo: draw 3 (1, brown).
    WellsFargo,
    /// Barrel (2, blue).
    Barrel,
    /// Dynamite (1, blue).
    Dynamite,
    /// Jail (3, blue).
    Jail,
    /// Mustang (2, blue).
    Mustang,
    /// Scope (older editions: Appaloosa) (1, blue).
    Scope,
    /// Volcanic, weapon range 1, unlimited BANG! (2, blue).
    Volcanic,
    /// Schofield, weapon range 2 (3, blue).
    Schofield,
    /// Remington, weapon range 3 (1, blue).
    Remington,
    /// Rev. Carabine, weapon range 4 (1, blue).
    RevCarabine,
    /// Winchester, weapon range 5 (1, blue).
    Winchester,
}

impl Kind {
    /// The English card name.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Bang => "BANG!",
            Kind::Missed => "Missed!",
            Kind::Beer => "Beer",
            Kind::Panic => "Panic!",
            Kind::CatBalou => "Cat Balou",
            Kind::Duel => "Duel",
            Kind::Gatling => "Gatling",
            Kind::GeneralStore => "General Store",
            Kind::Indians => "Indians!",
            Kind::Saloon => "Saloon",
            Kind::Stagecoach => "Stagecoach",
            Kind::WellsFargo => "Wells Fargo",
            Kind::Barrel => "Barrel",
            Kind::Dynamite => "Dynamite",
            Kind::Jail => "Jail",
            Kind::Mustang => "Mustang",
            Kind::Scope => "Scope",
            Kind::Volcanic => "Volcanic",
            Kind::Schofield => "Schofield",
            Kind::Remington => "Remington",
            Kind::RevCarabine => "Rev. Carabine",
            Kind::Winchester => "Winchester",
        }
    }

    /// Blue-bordered cards are placed in play; brown ones are discarded when played (§A.2).
    pub const fn is_blue(self) -> bool {
        matches!(
            self,
            Kind::Barrel
                | Kind::Dynamite
                | Kind::Jail
                | Kind::Mustang
                | Kind::Scope
                | Kind::Volcanic
                | Kind::Schofield
                | Kind::Remington
                | Kind::RevCarabine
                | Kind::Winchester
        )
    }

    /// The weapon range for BANG! cards (C4.3), or `None` for a non-weapon.
    pub const fn weapon_range(self) -> Option<i8> {
        match self {
            Kind::Volcanic => Some(1),
            Kind::Schofield => Some(2),
            Kind::Remington => Some(3),
            Kind::RevCarabine => Some(4),
            Kind::Winchester => Some(5),
            _ => None,
        }
    }
}

/// The four French suits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Suit {
    /// ♠
    Spades,
    /// ♣
    Clubs,
    /// ♥
    Hearts,
    /// ♦
    Diamonds,
}

impl Suit {
    /// The suit symbol.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Clubs => '♣',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
        }
    }

    /// Hearts and Diamonds are red (Black Jack's check, §B).
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
}

/// Rank of a card: 2..=10 as numbers, then J = 11, Q = 12, K = 13, A = 14 (order of C8.2).
pub type Rank = u8;

/// Jack, Queen, King, Ace as [`Rank`] values.
pub const J: Rank = 11;
/// Queen.
pub const Q: Rank = 12;
/// King.
pub const K: Rank = 13;
/// Ace.
pub const A: Rank = 14;

/// One physical card: its name, rank and suit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CardInfo {
    /// The card's name.
    pub kind: Kind,
    /// The rank, 2..=14.
    pub rank: Rank,
    /// The suit.
    pub suit: Suit,
}

const fn c(kind: Kind, rank: Rank, suit: Suit) -> CardInfo {
    CardInfo { kind, rank, suit }
}

use Kind::*;
use Suit::{Clubs as C, Diamonds as D, Hearts as H, Spades as S};

/// The 80 cards, id = index (spec table A.4, row `id + 1`).
///
/// A `static` (not a `const`): indexing a `const` array at run time may copy it each time.
pub static CARDS: [CardInfo; NUM_CARDS] = TABLE;

const TABLE: [CardInfo; NUM_CARDS] = [
    c(Bang, A, S),
    c(Bang, 2, D),
    c(Bang, 3, D),
    c(Bang, 4, D),
    c(Bang, 5, D),
    c(Bang, 6, D),
    c(Bang, 7, D),
    c(Bang, 8, D),
    c(Bang, 9, D),
    c(Bang, 10, D),
    c(Bang, J, D),
    c(Bang, Q, D),
    c(Bang, K, D),
    c(Bang, A, D),
    c(Bang, 2, C),
    c(Bang, 3, C),
    c(Bang, 4, C),
    c(Bang, 5, C),
    c(Bang, 6, C),
    c(Bang, 7, C),
    c(Bang, 8, C),
    c(Bang, 9, C),
    c(Bang, Q, H),
    c(Bang, K, H),
    c(Bang, A, H),
    c(Missed, 10, C),
    c(Missed, J, C),
    c(Missed, Q, C),
    c(Missed, K, C),
    c(Missed, A, C),
    c(Missed, 2, S),
    c(Missed, 3, S),
    c(Missed, 4, S),
    c(Missed, 5, S),
    c(Missed, 6, S),
    c(Missed, 7, S),
    c(Missed, 8, S),
    c(Beer, 6, H),
    c(Beer, 7, H),
    c(Beer, 8, H),
    c(Beer, 9, H),
    c(Beer, 10, H),
    c(Beer, J, H),
    c(Panic, J, H),
    c(Panic, Q, H),
    c(Panic, A, H),
    c(Panic, 8, D),
    c(CatBalou, K, H),
    c(CatBalou, 9, D),
    c(CatBalou, 10, D),
    c(CatBalou, J, D),
    c(Duel, Q, D),
    c(Duel, J, S),
    c(Duel, 8, C),
    c(Gatling, 10, H),
    c(GeneralStore, 9, C),
    c(GeneralStore, Q, S),
    c(Indians, K, D),
    c(Indians, A, D),
    c(Saloon, 5, H),
    c(Stagecoach, 9, S),
    c(Stagecoach, 9, S),
    c(WellsFargo, 3, H),
    c(Barrel, Q, S),
    c(Barrel, K, S),
    c(Dynamite, 2, H),
    c(Jail, J, S),
    c(Jail, 4, H),
    c(Jail, 10, S),
    c(Mustang, 8, H),
    c(Mustang, 9, H),
    c(Scope, A, S),
    c(Volcanic, 10, S),
    c(Volcanic, 10, C),
    c(Schofield, J, C),
    c(Schofield, Q, C),
    c(Schofield, K, S),
    c(Remington, K, C),
    c(RevCarabine, A, C),
    c(Winchester, 8, S),
];

/// The card data of id `card` (`0..80`).
#[inline]
pub fn info(card: u8) -> CardInfo {
    CARDS[card as usize]
}

/// The kind of card `card`.
#[inline]
pub fn kind(card: u8) -> Kind {
    CARDS[card as usize].kind
}

/// The set of all cards of kind `k` (computed at compile time for every kind via [`KIND_SETS`]).
#[inline]
pub fn kind_set(k: Kind) -> CardSet {
    KIND_SETS[k as usize]
}

const fn build_kind_sets() -> [CardSet; 22] {
    let mut sets = [0u128; 22];
    let mut i = 0;
    while i < NUM_CARDS {
        sets[TABLE[i].kind as usize] |= 1u128 << i;
        i += 1;
    }
    sets
}

/// Card sets per kind, indexed by `Kind as usize` (a `static`, see [`CARDS`]).
pub static KIND_SETS: [CardSet; 22] = KIND_SET_TABLE;

/// The same table as a `const`, for building other constant masks at compile time.
pub const KIND_SET_TABLE: [CardSet; 22] = build_kind_sets();

const fn build_weapons() -> CardSet {
    let mut set = 0u128;
    let mut i = 0;
    while i < NUM_CARDS {
        if TABLE[i].kind.weapon_range().is_some() {
            set |= 1u128 << i;
        }
        i += 1;
    }
    set
}

/// All weapon cards.
pub const WEAPONS: CardSet = build_weapons();

const fn build_blue() -> CardSet {
    let mut set = 0u128;
    let mut i = 0;
    while i < NUM_CARDS {
        if TABLE[i].kind.is_blue() {
            set |= 1u128 << i;
        }
        i += 1;
    }
    set
}

/// All blue-bordered cards.
pub const BLUE: CardSet = build_blue();

#[cfg(any(test, feature = "testing"))]
/// The id of the card with this kind, rank and suit (the first such copy), if any. Tests use it
/// to name cards, e.g. `id_of(Kind::Missed, 5, Suit::Spades)`.
pub fn id_of(kind: Kind, rank: Rank, suit: Suit) -> Option<u8> {
    CARDS.iter().position(|c| c.kind == kind && c.rank == rank && c.suit == suit).map(|i| i as u8)
}

/// "draw!" outcome for Dynamite (C8.3): explodes on 2♠..=9♠.
pub fn dynamite_explodes(card: u8) -> bool {
    let i = info(card);
    i.suit == Suit::Spades && (2..=9).contains(&i.rank)
}

/// "draw!" outcome for Barrel, Jourdonnais and Jail: a Heart succeeds (§A.2).
pub fn is_heart(card: u8) -> bool {
    info(card).suit == Suit::Hearts
}

/// `BITS[c]`: the set holding card `c` alone. A 16-byte load is cheaper than a 128-bit shift,
/// which compiles to a handful of instructions on x86-64; 256 entries (empty from 128 on) so
/// that a `u8` index needs no bounds check.
static BITS: [CardSet; 256] = {
    let mut t = [0; 256];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// The bit of card `card` (empty for `card >= 128`, e.g. [`NONE`]).
#[inline]
pub fn bit(card: u8) -> CardSet {
    BITS[card as usize]
}

/// Iterates the ids of a card set in ascending order (a canonical order, independent of history).
#[inline]
pub fn iter(set: CardSet) -> impl Iterator<Item = u8> {
    cardset::iter(set)
}

/// Number of cards in `set`.
#[inline]
pub fn count(set: CardSet) -> u32 {
    set.count_ones()
}

/// The `k`-th smallest card of `set` (`k < count(set)`).
pub fn nth(set: CardSet, k: u32) -> u8 {
    cardset::nth(set, k)
}

/// A card written as name, rank and suit plus its id, e.g. `BANG!A♠#0`.
pub struct CardName(pub u8);

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = info(self.0);
        let r = match i.rank {
            J => "J".to_string(),
            Q => "Q".to_string(),
            K => "K".to_string(),
            A => "A".to_string(),
            n => n.to_string(),
        };
        write!(f, "{}{}{}#{}", i.kind.name(), r, i.suit.symbol(), self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_has_80_cards_20_per_suit_and_the_spec_counts() {
        for s in [Suit::Spades, Suit::Clubs, Suit::Hearts, Suit::Diamonds] {
            assert_eq!(CARDS.iter().filter(|c| c.suit == s).count(), 20, "{s:?}");
        }
        let counts = [
            (Bang, 25),
            (Missed, 12),
            (Beer, 6),
            (Panic, 4),
            (CatBalou, 4),
            (Duel, 3),
            (Gatling, 1),
            (GeneralStore, 2),
            (Indians, 2),
            (Saloon, 1),
            (Stagecoach, 2),
            (WellsFargo, 1),
            (Barrel, 2),
            (Dynamite, 1),
            (Jail, 3),
            (Mustang, 2),
            (Scope, 1),
            (Volcanic, 2),
            (Schofield, 3),
            (Remington, 1),
            (RevCarabine, 1),
            (Winchester, 1),
        ];
        for (k, n) in counts {
            assert_eq!(count(kind_set(k)), n, "{k:?}");
        }
        assert_eq!(CARDS.iter().filter(|c| c.kind.is_blue()).count(), 17);
        assert_eq!(CARDS.iter().filter(|c| is_heart_info(c)).count(), 20);
        let explode = (0..80u8).filter(|&c| dynamite_explodes(c)).count();
        assert_eq!(explode, 10, "2♠..9♠: 7 Missed!, Winchester, 2 Stagecoach");
    }

    fn is_heart_info(c: &CardInfo) -> bool {
        c.suit == Suit::Hearts
    }

    #[test]
    fn ranges_and_names() {
        assert_eq!(Winchester.weapon_range(), Some(5));
        assert_eq!(RevCarabine.weapon_range(), Some(4));
        assert_eq!(id_of(Scope, A, Suit::Spades), Some(71));
        assert_eq!(CardName(0).to_string(), "BANG!A♠#0");
        assert_eq!(nth(0b10110, 1), 2);
        assert_eq!(iter(0b10110).collect::<Vec<_>>(), vec![1, 2, 4]);
    }
}
