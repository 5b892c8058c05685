//! A bag of interchangeable items of `K` kinds (tiles, tokens, cubes) kept as a count per kind:
//! a multiset with no stored order. Each draw is made when it happens, uniformly over the items
//! then in the bag, from the caller's RNG. This is exactly a blind draw from a bag, and it leaves
//! no hidden order in the state: a game whose only secret is "what comes out of the bag next"
//! is then of perfect information with chance, and its `determinize` has nothing to resample.
//!
//! `Copy` and heap-free (`K` bytes and a length), so a state holding a bag clones by memcpy.

use rand::RngExt;
use serde::Serialize;

use crate::game::GameRng;

/// A multiset of items of kinds `0..K`, at most 255 items of one kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Bag<const K: usize> {
    #[serde(serialize_with = "crate::games::mechanics::json::array")]
    counts: [u8; K],
    len: u16,
}

impl<const K: usize> Bag<K> {
    /// A bag holding `counts[k]` items of kind `k`.
    pub const fn new(counts: [u8; K]) -> Self {
        let mut len = 0;
        let mut k = 0;
        while k < K {
            len += counts[k] as u16;
            k += 1;
        }
        Self { counts, len }
    }

    /// The number of items in the bag.
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the bag is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of items of `kind` in the bag.
    #[inline]
    pub fn count(&self, kind: usize) -> u8 {
        self.counts[kind]
    }

    /// Draws one item uniformly among those in the bag (one `random_range` over the length) and
    /// returns its kind; `None`, drawing nothing from `rng`, when the bag is empty.
    #[inline]
    pub fn draw(&mut self, rng: &mut GameRng) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let mut r = rng.random_range(0..self.len);
        for (kind, c) in self.counts.iter_mut().enumerate() {
            let here = u16::from(*c);
            if r < here {
                *c -= 1;
                self.len -= 1;
                return Some(kind);
            }
            r -= here;
        }
        unreachable!("the counts sum to the length")
    }

    /// Takes one item of `kind` out of the bag (to set up a position).
    ///
    /// # Panics
    /// If the bag holds no item of `kind`.
    pub fn take(&mut self, kind: usize) {
        assert!(self.counts[kind] > 0, "no item of kind {kind} in the bag");
        self.counts[kind] -= 1;
        self.len -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;

    #[test]
    fn drawing_everything_gives_back_the_multiset_then_none() {
        let mut bag = Bag::new([3, 0, 2, 1]);
        assert_eq!((bag.len(), bag.is_empty()), (6, false));
        let mut rng = rng_from_seed(4);
        let mut seen = [0u8; 4];
        while let Some(k) = bag.draw(&mut rng) {
            seen[k] += 1;
        }
        assert_eq!((seen, bag.len(), bag.is_empty()), ([3, 0, 2, 1], 0, true));
        assert_eq!(bag.draw(&mut rng), None);
    }

    /// A first draw from `[1, 2, 3]` gives kind `k` with probability `(k + 1) / 6`: 60,000 draws
    /// land within 1.5% (absolute) of 10,000 × (k + 1).
    #[test]
    fn a_draw_is_uniform_over_items_not_kinds() {
        let mut rng = rng_from_seed(9);
        let mut seen = [0u32; 3];
        for _ in 0..60_000 {
            seen[Bag::new([1, 2, 3]).draw(&mut rng).unwrap()] += 1;
        }
        for (k, &n) in seen.iter().enumerate() {
            let expected = 10_000.0 * (k as f64 + 1.0);
            assert!((f64::from(n) - expected).abs() < 900.0, "kind {k}: {n} draws, expected about {expected}");
        }
    }

    #[test]
    fn take_removes_one_item_of_a_kind() {
        let mut bag = Bag::new([2, 1]);
        bag.take(0);
        assert_eq!((bag.count(0), bag.count(1), bag.len()), (1, 1, 2));
    }
}
