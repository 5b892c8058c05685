//! Card sets as bit sets (bit `i` = card id `i`), shared by the card games: BANG! uses `u128`
//! (80 cards), MOW `u64` (48 cards), 7 Wonders Duel `u128` (73 cards) and `u16`/`u32` for its
//! wonders, tokens and structure slots. Each game's `cards` module wraps these for its own set
//! type. Seat masks (`u8`, bit `i` = seat `i`) are iterated the same way.

/// An unsigned integer used as a set of card ids.
pub trait Bits: Copy {
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// The smallest id in a non-empty set.
    fn lowest(self) -> u8;
    /// The set without its smallest id.
    fn without_lowest(self) -> Self;
    /// The number of ids in the set.
    fn len(self) -> u32;
    /// The set with `id` added.
    fn with(self, id: u8) -> Self;
}

macro_rules! impl_bits {
    ($($t:ty),*) => {$(
        impl Bits for $t {
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn lowest(self) -> u8 {
                self.trailing_zeros() as u8
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn len(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn with(self, id: u8) -> Self {
                self | 1 << id
            }
        }
    )*};
}

impl_bits!(u8, u16, u32, u64, u128);

/// Iterates the ids of `set` in ascending order (a canonical order, independent of history).
#[inline]
pub fn iter<S: Bits>(set: S) -> impl Iterator<Item = u8> {
    let mut s = set;
    std::iter::from_fn(move || {
        (!s.is_empty()).then(|| {
            let c = s.lowest();
            s = s.without_lowest();
            c
        })
    })
}

/// The `k`-th smallest id of `set` (`k < set.len()`).
pub fn nth<S: Bits>(set: S, k: u32) -> u8 {
    let mut s = set;
    for _ in 0..k {
        s = s.without_lowest();
    }
    s.lowest()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iter_and_nth_agree_on_u64_and_u128() {
        let small: u64 = 1 << 3 | 1 << 9 | 1 << 47;
        let big: u128 = 1 << 3 | 1 << 9 | 1 << 79;
        assert_eq!(iter(small).collect::<Vec<_>>(), vec![3, 9, 47]);
        assert_eq!(iter(big).collect::<Vec<_>>(), vec![3, 9, 79]);
        assert_eq!((nth(small, 2), nth(big, 2), nth(big, 0)), (47, 79, 3));
        assert_eq!((small.len(), iter(0u64).count()), (3, 0));
    }
}
