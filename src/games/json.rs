//! Helpers for the games' observation JSON (serde `serialize_with` functions), shared so that no
//! game writes its own: arrays longer than serde's 32 elements, and bit sets as lists of the
//! indices of their set bits.

use serde::Serializer;
use serde::ser::Serialize;

/// Serializes an array of any length as a JSON list (serde derives arrays of at most 32).
///
/// # Errors
/// The serializer's.
pub fn array<S: Serializer, T: Serialize, const N: usize>(a: &[T; N], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(a)
}
