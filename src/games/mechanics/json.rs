//! Helpers for the games' observation JSON (serde `serialize_with` functions), shared so that no
//! game writes its own: arrays longer than serde's 32 elements, and card bit sets as lists of
//! card names.

use std::fmt::Display;

use serde::Serializer;
use serde::ser::Serialize;

/// Serializes an array of any length as a JSON list (serde derives arrays of at most 32).
///
/// # Errors
/// The serializer's.
pub fn array<S: Serializer, T: Serialize, const N: usize>(a: &[T; N], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(a)
}

/// Serializes the bit set `bits` as the list of `name(k)` for its set bits `k`, ascending: a
/// hand kept as a bit set of card ids becomes a list of card names.
///
/// # Errors
/// The serializer's.
pub fn named_bits<S: Serializer, N: Display>(bits: u128, name: impl Fn(u8) -> N, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq((0..128u8).filter(|&k| bits >> k & 1 == 1).map(|k| name(k).to_string()))
}

/// Serializes bit sets (one per seat) as lists of names, as [`named_bits`].
///
/// # Errors
/// The serializer's.
pub fn named_bit_lists<S: Serializer, T: Copy + Into<u128>, N: Display>(
    sets: &[T],
    name: impl Fn(u8) -> N + Copy,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.collect_seq(sets.iter().map(|&b| NamedBits(b.into(), name)))
}

/// A bit set that serializes as names (see [`named_bit_lists`]).
struct NamedBits<F>(u128, F);

impl<F: Fn(u8) -> N, N: Display> Serialize for NamedBits<F> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        named_bits(self.0, &self.1, s)
    }
}
