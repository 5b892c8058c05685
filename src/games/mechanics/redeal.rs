//! Determinization by redealing the unseen cards, shared by the card games whose only hidden
//! information is which unseen card lies where (MOW: the other hands and the draw pile; Ekonos:
//! the other hands and the cards left out of the deal).
//!
//! [`redeal`] gathers the cards the observer cannot place by ascending id (a canonical order, so
//! the result depends on nothing hidden), shuffles them with the caller's RNG
//! ([`crate::games::mechanics::shuffle::shuffle`]), deals them to the other hands by ascending seat, each to
//! its public size, and returns the rest: a uniform sample of the deals consistent with what the
//! observer knows when nothing else about the unseen cards is known.

use super::cardset::{self, Bits};
use super::shuffle::shuffle;
use crate::game::GameRng;

/// The most cards [`redeal`] handles (a `u128` card set).
const MAX_CARDS: usize = 128;

/// Deals the cards of `unseen` at random to every hand but `observer`'s: hand `p` receives
/// `sizes[p]` cards, added to what it holds (the caller empties the hands it resamples), in
/// ascending seat order after one shuffle of `unseen` by ascending id. Returns the cards left over.
///
/// # Panics
/// If `unseen` holds fewer cards than the other hands' sizes add up to, or if `sizes` is shorter
/// than `hands`.
pub fn redeal<S: Bits + Default>(unseen: S, hands: &mut [S], sizes: &[u8], observer: usize, rng: &mut GameRng) -> S {
    let mut pool = [0u8; MAX_CARDS];
    let mut len = 0;
    for id in cardset::iter(unseen) {
        pool[len] = id;
        len += 1;
    }
    let pool = &mut pool[..len];
    shuffle(pool, rng);
    let mut it = pool.iter().copied();
    for (p, hand) in hands.iter_mut().enumerate().filter(|&(p, _)| p != observer) {
        for _ in 0..sizes[p] {
            *hand = hand.with(it.next().expect("enough unseen cards for the other hands"));
        }
    }
    it.fold(S::default(), |rest, id| rest.with(id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng_from_seed;

    /// Over many seeds: the observer's hand is untouched, every other hand gets exactly its size
    /// on top of what it held, the dealt cards and the rest partition `unseen`, and every unseen
    /// card reaches every other hand and the rest at least once.
    #[test]
    fn deals_each_other_hand_its_size_and_returns_the_rest() {
        let unseen: u64 = 0b1111_1111_0000_1111_0000;
        let mut reached = [0u64; 4];
        for seed in 0..400 {
            let mut hands = [0u64, 1, 0, 0];
            let rest = redeal(unseen, &mut hands, &[2, 3, 0, 4], 1, &mut rng_from_seed(seed));
            assert_eq!(hands[1], 1, "the observer's hand is kept");
            let dealt = [hands[0], hands[2], hands[3], rest];
            assert_eq!(dealt.map(u64::count_ones), [2, 0, 4, 6]);
            assert_eq!(dealt.iter().fold(0, |a, h| a | h), unseen);
            assert_eq!(dealt.iter().map(|h| h.count_ones()).sum::<u32>(), unseen.count_ones(), "disjoint");
            reached.iter_mut().zip(dealt).for_each(|(r, h)| *r |= h);
        }
        assert_eq!(reached, [unseen, 0, unseen, unseen]);
    }

    /// The same RNG gives the same deal, with `u128` sets as with `u64`.
    #[test]
    fn reproducible_and_width_independent() {
        let (mut a, mut b) = ([0u64; 3], [0u128; 3]);
        let ra = redeal(0xFFFF_u64, &mut a, &[5, 5, 5], 0, &mut rng_from_seed(7));
        let rb = redeal(0xFFFF_u128, &mut b, &[5, 5, 5], 0, &mut rng_from_seed(7));
        assert_eq!((a.map(u128::from), u128::from(ra)), (b, rb));
        assert_eq!(a[0], 0);
    }
}
