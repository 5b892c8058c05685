//! The 48 cow cards (spec "Components"): one static table indexed by card id `0..48`, and `u64`
//! card-set helpers.
//!
//! Ids follow the spec's table row by row: plain cows 1..15 are ids 0..14, one-fly cows 2..14 ids
//! 15..27, two-fly cows 3..13 ids 28..38, three-fly cows 7, 8, 9 ids 39..41, then the six 5-fly
//! cows: Blocker 0 (42), Blocker 16 (43), Acrobat 7 (44), Acrobat 9 (45) and the two Slowpokes
//! (46, 47). The direction card is not a cow; the state holds the direction instead.

use std::fmt;

pub use crate::games::mechanics::cardset::{iter, nth};

/// Number of cow cards.
pub const NUM_CARDS: usize = 48;

/// A set of card ids as a bit set: bit `i` is card id `i`.
pub type CardSet = u64;

/// All 48 cows.
pub const ALL_CARDS: CardSet = (1 << NUM_CARDS) - 1;

/// Blocker 0 (5 flies).
pub const BLOCKER_0: u8 = 42;
/// Blocker 16 (5 flies).
pub const BLOCKER_16: u8 = 43;
/// Acrobat 7 (5 flies).
pub const ACROBAT_7: u8 = 44;
/// Acrobat 9 (5 flies).
pub const ACROBAT_9: u8 = 45;
/// The two Slowpokes (5 flies each).
pub const SLOWPOKES: [u8; 2] = [46, 47];

/// The numbered cows (plain and fly cows 1..15, and the two Blockers): the cards that count toward
/// the herd's minimum and maximum and can start a herd (spec rule 4).
pub const NUMBERED: CardSet = (1 << 44) - 1;
/// The two Acrobats.
pub const ACROBATS: CardSet = bit(ACROBAT_7) | bit(ACROBAT_9);
/// The two Slowpokes.
pub const SLOWPOKE_SET: CardSet = bit(SLOWPOKES[0]) | bit(SLOWPOKES[1]);
/// The six 5-fly cows (Blockers, Acrobats, Slowpokes).
pub const FIVE_FLY: CardSet = ALL_CARDS & !((1 << BLOCKER_0) - 1);

/// What a card does in the herd.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// A numbered cow 1..15 (0 to 3 flies).
    Cow,
    /// A Blocker: a numbered cow 0 or 16 (spec rule 4).
    Blocker,
    /// An Acrobat: goes on the cow of its number (spec rule 5).
    Acrobat,
    /// A Slowpoke: fills a gap (spec rule 6).
    Slowpoke,
}

/// One row of the card table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Card {
    /// The card's kind.
    pub kind: Kind,
    /// The number: 0..=16 for numbered cows, the target number (7 or 9) for an Acrobat, 0 for a
    /// Slowpoke (unused).
    pub number: u8,
    /// Flies on the card.
    pub flies: u8,
}

const fn build_table() -> [Card; NUM_CARDS] {
    let mut t = [Card { kind: Kind::Slowpoke, number: 0, flies: 5 }; NUM_CARDS];
    // (first number, last number, flies) of the numbered groups, in id order.
    let groups: [(u8, u8, u8); 4] = [(1, 15, 0), (2, 14, 1), (3, 13, 2), (7, 9, 3)];
    let mut id = 0;
    let mut g = 0;
    while g < groups.len() {
        let (first, last, flies) = groups[g];
        let mut n = first;
        while n <= last {
            t[id] = Card { kind: Kind::Cow, number: n, flies };
            id += 1;
            n += 1;
        }
        g += 1;
    }
    t[BLOCKER_0 as usize] = Card { kind: Kind::Blocker, number: 0, flies: 5 };
    t[BLOCKER_16 as usize] = Card { kind: Kind::Blocker, number: 16, flies: 5 };
    t[ACROBAT_7 as usize] = Card { kind: Kind::Acrobat, number: 7, flies: 5 };
    t[ACROBAT_9 as usize] = Card { kind: Kind::Acrobat, number: 9, flies: 5 };
    t
}

/// The card table, indexed by id.
pub const TABLE: [Card; NUM_CARDS] = build_table();

const fn build_by_number() -> [CardSet; 17] {
    let mut m = [0; 17];
    let mut id = 0;
    while id < NUM_CARDS {
        if id < BLOCKER_0 as usize + 2 {
            m[TABLE[id].number as usize] |= 1 << id;
        }
        id += 1;
    }
    m
}

/// `BY_NUMBER[k]`: the numbered cows (Blockers included) showing number `k`.
pub const BY_NUMBER: [CardSet; 17] = build_by_number();

const fn build_below() -> [CardSet; 18] {
    let mut m = [0; 18];
    let mut k = 1;
    while k < 18 {
        m[k] = m[k - 1] | BY_NUMBER[k - 1];
        k += 1;
    }
    m
}

/// `BELOW[k]`: the numbered cows (Blockers included) showing a number below `k` (`k` in 0..=17).
pub const BELOW: [CardSet; 18] = build_below();

/// The card row of `card`.
#[inline]
pub fn card(card: u8) -> Card {
    TABLE[card as usize]
}

/// The flies on `card`.
#[inline]
pub fn flies(card: u8) -> u32 {
    u32::from(TABLE[card as usize].flies)
}

/// Total flies on the cards of `set`.
pub fn flies_in(set: CardSet) -> u32 {
    iter(set).map(flies).sum()
}

/// The id of the numbered cow `number` (1..=15) with `flies` flies (0..=3), if the deck has one.
pub fn cow(number: u8, flies: u8) -> Option<u8> {
    (0..BLOCKER_0).find(|&c| TABLE[c as usize].number == number && TABLE[c as usize].flies == flies)
}

/// The bit of card `card`.
#[inline]
pub const fn bit(card: u8) -> CardSet {
    1 << card
}

/// The card set holding `ids`.
pub fn set(ids: &[u8]) -> CardSet {
    ids.iter().fold(0, |a, &c| a | bit(c))
}

/// Number of cards in `set`.
#[inline]
pub fn count(set: CardSet) -> u32 {
    set.count_ones()
}

/// The numbers shown by the numbered cows of `herd`, as a bit mask (bit `k` = number `k`).
pub fn numbers(herd: CardSet) -> u32 {
    iter(herd & NUMBERED).fold(0, |a, c| a | 1 << TABLE[c as usize].number)
}

/// A card's short name: `7` plain, `7*`/`7**`/`7***` with 1/2/3 flies, `B0`/`B16` Blockers,
/// `A7`/`A9` Acrobats, `S1`/`S2` Slowpokes.
pub struct CardName(pub u8);

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = card(self.0);
        match c.kind {
            Kind::Cow => write!(f, "{}{}", c.number, &"***"[..c.flies as usize]),
            Kind::Blocker => write!(f, "B{}", c.number),
            Kind::Acrobat => write!(f, "A{}", c.number),
            Kind::Slowpoke => write!(f, "S{}", self.0 - SLOWPOKES[0] + 1),
        }
    }
}

/// A card set written in ascending id order, e.g. `[1 7** A9]`.
pub struct SetName(pub CardSet);

impl fmt::Display for SetName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[")?;
        for (i, c) in iter(self.0).enumerate() {
            write!(f, "{}{}", if i == 0 { "" } else { " " }, CardName(c))?;
        }
        write!(f, "]")
    }
}
