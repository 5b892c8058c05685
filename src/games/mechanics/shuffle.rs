//! Shuffling the short slices of a game (a deck, a discard pile, a role list) without divisions.
//!
//! [`shuffle`] gives exactly the permutation of rand's `SliceRandom::shuffle` and draws exactly
//! the same numbers from the RNG, so seeds, replays and results are the same whichever runs; the
//! test below checks both for every length up to [`MAX_LEN`] + 2. rand's shuffle is Durstenfeld's
//! Fisher–Yates, with several swap indices taken from one `u32` draw (its `IncreasingUniform`):
//! the draw is uniform below `n·(n+1)·…·(n+k−1)` and is split by dividing by `n`, `n+1`, ….
//! Here each of those divisions is a multiplication by a precomputed 64-bit reciprocal (Lemire,
//! Kaser and Kurz, "Faster remainder by direct computation", Software: Practice and Experience
//! 49(6), 2019, exact for every 32-bit dividend), and the draw bounds come from a table. In a
//! random BANG! playout the deck shuffles took about 4% of the time, mostly in the divisions.
//!
//! Slices longer than [`MAX_LEN`] go to rand's shuffle.

use rand::RngExt;
use rand::seq::SliceRandom;

use crate::game::GameRng;

/// The longest slice shuffled here (a BANG! deck has 80 cards).
pub const MAX_LEN: usize = 128;

/// Per divisor `d` in `0..=MAX_LEN`: `⌊(2⁶⁴ − 1) / d⌋ + 1`, so `x / d` is the high half of
/// `x · RECIPROCAL[d]` for every `u32` `x` (0 and 1 are unused).
const RECIPROCAL: [u64; MAX_LEN + 1] = {
    let mut t = [0; MAX_LEN + 1];
    let mut d = 2;
    while d <= MAX_LEN {
        t[d] = u64::MAX / d as u64 + 1;
        d += 1;
    }
    t
};

/// Per `m` in `0..=MAX_LEN`: the largest product `m·(m+1)·…·(m+k−1)` that fits a `u32`, and `k`
/// (rand's `calculate_bound_u32`; 0 is unused).
const BOUND: [(u32, u8); MAX_LEN + 1] = {
    let mut t = [(0, 0); MAX_LEN + 1];
    let mut m = 1;
    while m <= MAX_LEN {
        let mut product = m as u32;
        let mut current = m as u32 + 1;
        while let Some(p) = product.checked_mul(current) {
            product = p;
            current += 1;
        }
        t[m] = (product, (current - m as u32) as u8);
        m += 1;
    }
    t
};

/// Shuffles `items` uniformly with `rng`: the same permutation and RNG draws as
/// `rand::seq::SliceRandom::shuffle` (rand 0.10), faster for slices of at most [`MAX_LEN`].
#[inline]
pub fn shuffle<T>(items: &mut [T], rng: &mut GameRng) {
    let len = items.len();
    if len > MAX_LEN {
        items.shuffle(rng);
        return;
    }
    // Slot 0 swaps with itself without a draw; from slot 1 on, `chunk` holds the indices still
    // to use of the last draw, `left` how many.
    let (mut chunk, mut left) = (0u32, 0u8);
    for i in 1..len {
        let d = i + 1;
        if left == 0 {
            let (bound, k) = BOUND[d];
            chunk = rng.random_range(..bound);
            left = k;
        }
        left -= 1;
        let index = if left == 0 {
            chunk
        } else {
            let q = ((u128::from(chunk) * u128::from(RECIPROCAL[d])) >> 64) as u32;
            let r = chunk - q * d as u32;
            chunk = q;
            r
        };
        items.swap(i, index as usize);
    }
}

#[cfg(test)]
mod tests {
    use rand::Rng;

    use super::*;
    use crate::game::rng_from_seed;

    /// For every length up to `MAX_LEN + 2` and 50 seeds: the same permutation as rand's shuffle,
    /// and the RNG left in the same state.
    #[test]
    fn same_permutation_and_draws_as_rand_shuffle() {
        for len in 0..=MAX_LEN + 2 {
            for seed in 0..50 {
                let (mut mine, mut theirs) = (rng_from_seed(seed), rng_from_seed(seed));
                let mut a: Vec<usize> = (0..len).collect();
                let mut b = a.clone();
                shuffle(&mut a, &mut mine);
                b.shuffle(&mut theirs);
                assert_eq!(a, b, "length {len}, seed {seed}");
                assert_eq!(mine.next_u64(), theirs.next_u64(), "RNG state after length {len}, seed {seed}");
            }
        }
    }

    /// The reciprocal division is exact for the largest dividends, where rounding would show.
    #[test]
    fn reciprocal_division_is_exact_at_the_top_of_the_u32_range() {
        for d in 2..=MAX_LEN as u32 {
            for x in (u32::MAX - 1000..=u32::MAX).chain(0..1000) {
                let q = ((u128::from(x) * u128::from(RECIPROCAL[d as usize])) >> 64) as u32;
                assert_eq!((q, x - q * d), (x / d, x % d), "{x} / {d}");
            }
        }
    }
}
