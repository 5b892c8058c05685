//! Cards as ranks, and hands as multisets of ranks packed in one `u64` ([`Cards`]).
//!
//! Suits play no part in any rule of the spec (ranks, counts and Jokers only), so a card is its
//! [`Rank`] and a hand is a count per rank: 4 bits per rank, rank `r` at bits `4r..4r + 4`. A
//! rank never has more than 4 copies, so adding or removing multisets is a plain integer addition
//! or subtraction (no nibble ever carries or borrows).

use serde::Serialize;
use std::fmt;

/// A rank index in the normal order, weakest first: `0` = 3, `1` = 4, …, `7` = 10, `8` = J,
/// `9` = Q, `10` = K, `11` = A, `12` = 2, and [`JOKER`] = 13 (spec "Components": Joker > 2 > A >
/// … > 3).
pub type Rank = u8;

/// The Joker's rank index.
pub const JOKER: Rank = 13;
/// Number of rank indices (13 standard ranks and the Joker).
pub const RANKS: usize = 14;
/// One character per rank, in rank-index order (`T` = 10, `*` = Joker).
const RANK_CHARS: [char; RANKS] = ['3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A', '2', '*'];

/// The character of `rank` (`T` = 10, `*` = Joker).
pub fn rank_char(rank: Rank) -> char {
    RANK_CHARS[rank as usize]
}

/// The rank written as `c` (the inverse of [`rank_char`]).
pub fn rank_of_char(c: char) -> Option<Rank> {
    RANK_CHARS.iter().position(|&x| x == c).map(|r| r as Rank)
}

/// The strength of `rank` in the current order: the normal order is the rank index; under a
/// Revolution (spec rule 7) the 13 standard ranks are reversed (3 strongest … 2 weakest) and
/// the Joker stays strongest.
pub fn strength(rank: Rank, revolution: bool) -> u8 {
    if revolution && rank != JOKER { 12 - rank } else { rank }
}

const LOW_NIBBLES: u64 = 0x0F0F_0F0F_0F0F_0F0F;

/// A multiset of ranks: the count of rank `r` in bits `4r..4r + 4`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, Debug)]
pub struct Cards(pub u64);

/// Observation JSON: the cards as their `Display` text, weakest first (`"33T*"`; `"-"` if none).
impl Serialize for Cards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards(0);

    /// The deck: four of each standard rank, and two Jokers when `jokers` is on.
    pub fn deck(jokers: bool) -> Cards {
        let standard = (0..JOKER).fold(0u64, |d, r| d | 4 << (4 * r));
        Cards(standard | if jokers { 2 << (4 * JOKER) } else { 0 })
    }

    #[cfg(any(test, feature = "testing"))]
    /// The multiset written as rank characters, e.g. `"33T*"` (for tests).
    ///
    /// # Panics
    /// On a character that is not a rank.
    pub fn parse(s: &str) -> Cards {
        s.chars().fold(Cards::EMPTY, |h, c| h.plus(rank_of_char(c).unwrap_or_else(|| panic!("no rank `{c}`")), 1))
    }

    /// How many cards of `rank`.
    pub fn count(self, rank: Rank) -> u8 {
        (self.0 >> (4 * rank) & 0xF) as u8
    }

    /// How many cards in all.
    pub fn len(self) -> u32 {
        let bytes = (self.0 & LOW_NIBBLES) + (self.0 >> 4 & LOW_NIBBLES);
        (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    /// Whether there are no cards.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// These cards and `k` more of `rank`.
    pub fn plus(self, rank: Rank, k: u8) -> Cards {
        Cards(self.0 + ((k as u64) << (4 * rank)))
    }

    /// These cards less `k` of `rank` (which must be there).
    pub fn minus(self, rank: Rank, k: u8) -> Cards {
        debug_assert!(self.count(rank) >= k, "removing {k} of rank {rank} from {self}");
        Cards(self.0 - ((k as u64) << (4 * rank)))
    }

    /// The union of two multisets (counts added).
    pub fn union(self, other: Cards) -> Cards {
        Cards(self.0 + other.0)
    }

    /// The difference of two multisets (`other` must be contained in `self`).
    pub fn without(self, other: Cards) -> Cards {
        debug_assert!((0..RANKS as Rank).all(|r| self.count(r) >= other.count(r)), "{other} not in {self}");
        Cards(self.0 - other.0)
    }

    /// The ranks present, each once, weakest rank index first.
    pub fn ranks(self) -> impl Iterator<Item = Rank> {
        (0..RANKS as Rank).filter(move |&r| self.count(r) > 0)
    }

    /// The strongest rank present in the normal order (Jokers strongest), if any.
    pub fn strongest(self) -> Option<Rank> {
        (self.0 != 0).then(|| (63 - self.0.leading_zeros()) as Rank / 4)
    }

    /// The cards one by one (a rank repeated by its count), weakest first.
    pub fn each(self) -> impl Iterator<Item = Rank> {
        self.ranks().flat_map(move |r| std::iter::repeat_n(r, self.count(r) as usize))
    }

    /// The cards of ranks at most `cap` (rank index, normal order).
    pub fn at_most(self, cap: Rank) -> Cards {
        if cap >= JOKER { self } else { Cards(self.0 & ((1u64 << (4 * (cap + 1))) - 1)) }
    }
}

impl fmt::Display for Cards {
    /// The cards weakest first as rank characters, e.g. `33T*`; `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return write!(f, "-");
        }
        self.each().try_for_each(|r| write!(f, "{}", rank_char(r)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_has_54_cards_with_jokers_and_52_without() {
        assert_eq!(Cards::deck(true).len(), 54);
        assert_eq!(Cards::deck(false).len(), 52);
        assert_eq!(Cards::deck(true).count(JOKER), 2);
        assert_eq!(Cards::deck(true).count(7), 4);
    }

    #[test]
    fn multiset_arithmetic_and_text() {
        let h = Cards::parse("33T*2");
        assert_eq!((h.len(), h.count(0), h.count(7), h.count(JOKER)), (5, 2, 1, 1));
        assert_eq!(h.to_string(), "33T2*");
        assert_eq!(h.strongest(), Some(JOKER));
        assert_eq!(h.minus(JOKER, 1).strongest(), Some(12));
        assert_eq!(h.at_most(7).to_string(), "33T");
        assert_eq!(h.without(Cards::parse("3T")).to_string(), "32*");
        assert_eq!(h.each().count(), 5);
    }

    #[test]
    fn revolution_reverses_standard_ranks_but_not_the_joker() {
        assert!(strength(0, true) > strength(12, true));
        assert_eq!(strength(JOKER, true), JOKER);
        assert!(strength(5, false) > strength(4, false));
    }
}
