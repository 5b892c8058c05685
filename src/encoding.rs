//! Stable action ids and observation tensors: what learning code (the Python package in
//! `python/`, OpenSpiel-style agents) needs to see a game as fixed-size numbers.
//!
//! [`Encoding`] extends [`Game`] with
//! - a bijection between the game's actions and `0..num_distinct_actions` that is the same in
//!   every state of a game (as OpenSpiel's action ids), so that a policy network can have one
//!   output per action and a mask of the legal ones;
//! - optionally, an observation tensor: a flat `f32` encoding of what a seat may see, with a
//!   fixed shape per (options, player count) and a layout documented per game in
//!   `docs/observations/GAME.md`;
//! - a version of the game's observation *dict* ([`observation_json`]: the game's
//!   [`Game::Observation`] as JSON, with its schema name and version), which external bots are
//!   sent (PROTOCOL.md) and the Python package's `observation(seat)` returns; its keys are
//!   documented in `docs/observations/GAME.md`.
//!
//! It is a separate trait (implemented in each game's `encode.rs`) so that the [`Game`] impls and
//! every hot path stay as they are: nothing here is called while a tournament plays.
//! [`crate::conformance::check_encoding`] checks the contract for every game.

use crate::game::{Game, Seat};

/// Action ids and observation tensors of a game.
///
/// Contract (checked by [`crate::conformance::check_encoding`]):
/// - for a config and player count, every legal action `a` of every state has
///   `action_id(a) < num_distinct_actions(config, players)`, the legal actions of a state have
///   distinct ids, and `action_from_id(action_id(a)) == Some(a)`; the id of an action is the same
///   in every state of the game (it names the same move: a card id, a column, a target seat);
/// - `action_from_id` gives `Some` for every id below `num_distinct_actions` (the ids are a
///   bijection onto that range: some ids may name moves no position allows) and `None` above;
/// - when [`Encoding::observation_shape`] is `Some(shape)`, `observation_tensor(seat, out)` fills
///   all of `out` (of length `shape.iter().product()`) with finite values that are a function of
///   `observation(seat)` only: two states the seat cannot tell apart give equal tensors.
pub trait Encoding: Game {
    /// The version of the schema of the game's observation dict ([`observation_json`], documented
    /// in `docs/observations/GAME.md`): raised whenever a key of the dict is added, removed or
    /// changes meaning, so that a client can tell which layout it is reading.
    const OBSERVATION_VERSION: u32;

    /// The size of the action-id space of games under `config` with `players` seats.
    fn num_distinct_actions(config: &Self::Config, players: usize) -> u32;

    /// The id of `action` (which must be an action of this game), in
    /// `0..num_distinct_actions(config, num_players())`.
    fn action_id(&self, action: Self::Action) -> u32;

    /// The action of id `id`, or `None` for an id outside `0..num_distinct_actions`.
    fn action_from_id(&self, id: u32) -> Option<Self::Action>;

    /// The shape of [`Encoding::observation_tensor`] under `config` with `players` seats, or
    /// `None` (the default) for a game that has no tensor encoding yet.
    fn observation_shape(_config: &Self::Config, _players: usize) -> Option<Vec<usize>> {
        None
    }

    /// Writes what `seat` may see into `out` (flat, row-major in
    /// [`Encoding::observation_shape`]; its length is the shape's product), overwriting every
    /// element.
    ///
    /// # Panics
    /// For a game whose [`Encoding::observation_shape`] is `None`.
    fn observation_tensor(&self, _seat: Seat, _out: &mut [f32]) {
        unimplemented!("{} has no observation tensor yet", Self::NAME)
    }
}

/// `observation` (a seat's [`Game::observation`] of game `G`) as a JSON object whose first two
/// keys name its schema: `{"schema": G::NAME, "schema_version": G::OBSERVATION_VERSION, ...}`,
/// then the observation's own keys as serde writes them. The dict external bots are sent and the
/// Python package's `observation(seat)` returns; documented per game in `docs/observations/`.
///
/// # Panics
/// If the observation does not serialize as a JSON object (every game's does: a struct).
pub fn observation_json<G: Encoding>(observation: &G::Observation) -> String {
    let body = serde_json::to_string(observation).expect("observations serialize");
    let rest = body.strip_prefix('{').unwrap_or_else(|| panic!("{}'s observation is not a JSON object", G::NAME));
    let sep = if rest == "}" { "" } else { "," };
    format!("{{\"schema\":\"{}\",\"schema_version\":{}{sep}{rest}", G::NAME, G::OBSERVATION_VERSION)
}

/// An id space made of consecutive blocks, one per kind of action (a variant of the game's
/// `Action` enum): block `k` holds `sizes[k]` ids, numbered after the blocks before it. Games use
/// it to write their bijection as "variant, index within the variant".
#[derive(Debug, Clone, Copy)]
pub struct Blocks<const N: usize>(pub [u32; N]);

impl<const N: usize> Blocks<N> {
    /// The total number of ids.
    pub const fn len(&self) -> u32 {
        let mut total = 0;
        let mut k = 0;
        while k < N {
            total += self.0[k];
            k += 1;
        }
        total
    }

    /// Whether there are no ids at all.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The id of index `index` of block `block`.
    ///
    /// # Panics
    /// In debug builds, if `index` is outside the block.
    pub fn id(&self, block: usize, index: u32) -> u32 {
        debug_assert!(index < self.0[block], "index {index} outside block {block} of {:?}", self.0);
        self.0[..block].iter().sum::<u32>() + index
    }

    /// The block and the index within it of `id`, or `None` past the last block.
    pub fn split(&self, id: u32) -> Option<(usize, u32)> {
        let mut start = 0;
        for (block, &size) in self.0.iter().enumerate() {
            if id < start + size {
                return Some((block, id - start));
            }
            start += size;
        }
        None
    }
}

/// Writes a one-hot of `index` into `out` (all zeros for `None` or an index past the end).
pub fn one_hot(out: &mut [f32], index: Option<usize>) {
    out.fill(0.0);
    if let Some(slot) = index.and_then(|i| out.get_mut(i)) {
        *slot = 1.0;
    }
}

/// Writes the bits `0..out.len()` of `bits` into `out` as 0.0 / 1.0.
pub fn bit_plane(out: &mut [f32], bits: u128) {
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = f32::from(u8::from(bits >> i & 1 == 1));
    }
}

/// Seats as an observing seat's tensor numbers them: relative seat 0 is the observer, then the
/// next seats in ascending order, wrapping around the table (docs/observations/README.md). Every
/// game's encoder opens with one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RelativeSeats {
    /// The observing seat.
    seat: Seat,
    /// The player count.
    n: usize,
}

impl RelativeSeats {
    /// The seats of a `players`-seat game as `seat` sees them.
    pub fn new(seat: Seat, players: usize) -> Self {
        Self { seat, n: players }
    }

    /// The absolute seat at relative position `r` (for `r < players`).
    pub fn abs(&self, r: usize) -> Seat {
        (self.seat + r) % self.n
    }

    /// The relative position of the absolute seat `p` (for `p < players`).
    pub fn rel(&self, p: impl Into<usize>) -> usize {
        (p.into() + self.n - self.seat) % self.n
    }

    /// The relative position of `p`, or `None` for a value past the seats (a game's "no seat"
    /// marker, such as 255).
    pub fn rel_seat(&self, p: impl Into<usize>) -> Option<usize> {
        let p = p.into();
        (p < self.n).then(|| self.rel(p))
    }

    /// A set of absolute seats (bit `p` = seat `p`) as a set of relative positions (bit `r` =
    /// relative seat `r`); bits past the player count are dropped.
    pub fn rel_bits(&self, mask: impl Into<u128>) -> u128 {
        let mask = mask.into();
        (0..self.n).filter(|&r| mask >> self.abs(r) & 1 == 1).fold(0, |b, r| b | 1 << r)
    }
}

/// A sequential writer over a tensor: each `put` fills the next elements, so a game's encoder
/// reads as its layout table; [`Cursor::finish`] checks that the whole tensor was written.
pub struct Cursor<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Cursor<'a> {
    /// A writer at the start of `out`.
    pub fn new(out: &'a mut [f32]) -> Self {
        Self { out, at: 0 }
    }

    /// The next `len` elements, to fill.
    ///
    /// # Panics
    /// If fewer than `len` remain.
    pub fn take(&mut self, len: usize) -> &mut [f32] {
        let start = self.at;
        self.at += len;
        &mut self.out[start..self.at]
    }

    /// Writes one value.
    pub fn put(&mut self, value: f32) {
        self.take(1)[0] = value;
    }

    /// Writes a one-hot of `index` over `len` elements (zeros for `None`).
    pub fn one_hot(&mut self, len: usize, index: Option<usize>) {
        one_hot(self.take(len), index);
    }

    /// Writes bits `0..len` of `bits` as 0.0 / 1.0.
    pub fn bits(&mut self, len: usize, bits: u128) {
        bit_plane(self.take(len), bits);
    }

    /// Checks that every element was written.
    ///
    /// # Panics
    /// If some remain: the layout and the shape disagree.
    pub fn finish(self) {
        assert_eq!(self.at, self.out.len(), "the tensor layout fills {} of {} elements", self.at, self.out.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_number_ids_block_after_block() {
        let blocks = Blocks([2, 0, 3]);
        assert_eq!(blocks.len(), 5);
        assert_eq!(blocks.id(0, 1), 1);
        assert_eq!(blocks.id(2, 0), 2);
        assert_eq!(blocks.split(0), Some((0, 0)));
        assert_eq!(blocks.split(2), Some((2, 0)));
        assert_eq!(blocks.split(4), Some((2, 2)));
        assert_eq!(blocks.split(5), None);
    }

    /// Seat 2 of 4 sees seats 2, 3, 0, 1 as relative 0 to 3.
    #[test]
    fn relative_seats_start_at_the_observer() {
        let seats = RelativeSeats::new(2, 4);
        assert_eq!((0..4).map(|r| seats.abs(r)).collect::<Vec<_>>(), [2, 3, 0, 1]);
        assert_eq!((0..4usize).map(|p| seats.rel(p)).collect::<Vec<_>>(), [2, 3, 0, 1]);
        assert_eq!(seats.rel(3u8), 1);
        assert_eq!(seats.rel_seat(1u8), Some(3));
        assert_eq!(seats.rel_seat(255u8), None);
        assert_eq!(seats.rel_bits(0b1001u8), 0b0110);
        assert_eq!(seats.rel_bits(0b1_0000u8), 0);
    }

    #[test]
    fn cursor_writes_in_order() {
        let mut out = [9.0; 6];
        let mut c = Cursor::new(&mut out);
        c.put(0.5);
        c.one_hot(3, Some(1));
        c.bits(2, 0b10);
        c.finish();
        assert_eq!(out, [0.5, 0.0, 1.0, 0.0, 0.0, 1.0]);
    }
}
