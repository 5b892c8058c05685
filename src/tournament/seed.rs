//! Seed derivation: every random stream of a run is a pure function of (master seed, game index,
//! stream), so any game can be replayed alone and runs do not depend on thread count.
//!
//! `derive(s, i, k) = m(m(m(s) ^ i) ^ k)`, where `m(x)` is the SplitMix64 output function applied
//! to `x + 0x9e3779b97f4a7c15` (Steele, Lea & Flood 2014, "Fast splittable pseudorandom number
//! generators"). The 64-bit result seeds a [`GameRng`] through `SeedableRng::seed_from_u64`.
//!
//! Streams: 0 is chance (deals, draws), keyed by the deal index (the game index, except under
//! `seats = "rotate"` where the `n` rotations of deal `d` are games `n·d … n·d + n − 1`); `1 + p` is
//! the bot in seat `p` of game `i`; [`SEATING_STREAM`] shuffles seats; [`METRICS_STREAM`] seeds the
//! chance samples of the design metrics (an observer's, which never touch the game). Chance and bots never share
//! a stream, so changing a bot does not change the deals.

use crate::game::{GameRng, MAX_SEATS, Seat, rng_from_seed};

/// The stream that draws the seat permutation under `seats = "shuffle"`.
pub const SEATING_STREAM: u64 = 1 + MAX_SEATS as u64;

/// The stream that seeds a game's design-metric chance samples ([`crate::stats::metrics::Meter`]).
pub const METRICS_STREAM: u64 = SEATING_STREAM + 1;

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seed of stream `stream` of game `index` in a run with master seed `master`.
pub fn derive(master: u64, index: u64, stream: u64) -> u64 {
    splitmix(splitmix(splitmix(master) ^ index) ^ stream)
}

/// The chance generator of deal `deal` (stream 0).
pub fn chance_rng(master: u64, deal: u64) -> GameRng {
    rng_from_seed(derive(master, deal, 0))
}

/// The generator of the bot in `seat` for game `index` (stream `1 + seat`).
pub fn bot_rng(master: u64, index: u64, seat: Seat) -> GameRng {
    rng_from_seed(derive(master, index, 1 + seat as u64))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn splitmix_matches_the_reference_sequence() {
        // SplitMix64 seeded with 0: the first outputs of Vigna's reference splitmix64.c.
        assert_eq!(splitmix(0), 0xe220_a839_7b1d_cdaf);
        assert_eq!(splitmix(0x9e37_79b9_7f4a_7c15), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn every_game_and_stream_gets_its_own_seed() {
        let mut seen = HashSet::new();
        for master in [0, 1, 42] {
            for index in 0..2000 {
                for stream in 0..=SEATING_STREAM {
                    assert!(seen.insert(derive(master, index, stream)), "{master} {index} {stream}");
                }
            }
        }
    }

    #[test]
    fn seeds_depend_on_the_master_seed() {
        assert_ne!(derive(1, 0, 0), derive(2, 0, 0));
        assert_eq!(derive(7, 3, 1), derive(7, 3, 1));
    }
}
