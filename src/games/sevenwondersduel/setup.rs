//! Read access to a position (the builders of test positions are in `builder.rs`).

use super::data::CardSet;
use super::state::{NONE, Phase, Stats, SwdState, Victory};

impl SwdState {
    /// The first player F.
    pub fn first(&self) -> usize {
        self.first as usize
    }
    /// The current age (0 during the draft).
    pub fn age(&self) -> u8 {
        self.age
    }
    /// What the seat to move must decide.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// `seat`'s coins.
    pub fn coins(&self, seat: usize) -> u16 {
        self.coins[seat]
    }
    /// The pawn position (positive toward seat 1's capital).
    pub fn pawn(&self) -> i8 {
        self.pawn
    }
    /// Looting tokens present (bits as in [`SwdState::with_pawn`]).
    pub fn loot(&self) -> u8 {
        self.loot
    }
    /// `seat`'s city.
    pub fn city(&self, seat: usize) -> CardSet {
        self.city[seat]
    }
    /// The discard pile.
    pub fn discard(&self) -> CardSet {
        self.discard
    }
    /// Cards tucked under wonders.
    pub fn tucked(&self) -> CardSet {
        self.tucked
    }
    /// Unseen cards of the current age (face-down and set aside).
    pub fn unseen(&self) -> CardSet {
        self.unseen
    }
    /// Cards of finished ages never seen.
    pub fn aside(&self) -> CardSet {
        self.aside
    }
    /// Slots still holding a card, and those face up.
    pub fn slots(&self) -> (u32, u32) {
        (self.present, self.face_up)
    }
    /// Age III slots dealt a guild.
    pub fn guild_slots(&self) -> u32 {
        self.guild_slots
    }
    /// The face-up card of slot `s`, if any.
    pub fn slot_card(&self, s: usize) -> Option<u8> {
        (self.slot_card[s] != NONE).then_some(self.slot_card[s])
    }
    /// `seat`'s wonders in the order received.
    pub fn wonders(&self, seat: usize) -> impl Iterator<Item = u8> + '_ {
        self.wonders[seat].iter().copied().filter(|&w| w != NONE)
    }
    /// `seat`'s built wonders.
    pub fn built(&self, seat: usize) -> u16 {
        self.built[seat]
    }
    /// The wonder removed by R20, if any.
    pub fn wonder_lost(&self) -> Option<u8> {
        (self.wonder_lost != NONE).then_some(self.wonder_lost)
    }
    /// The current draft group (wonders still to take).
    pub fn draft_group(&self) -> u16 {
        self.group
    }
    /// Progress tokens on the board, held by `seat`, in the box, and drawn by the Great Library.
    pub fn tokens(&self, seat: usize) -> (u16, u16, u16, u16) {
        (self.board, self.held[seat], self.boxed, self.drawn)
    }
    /// The winner (0 or 1; 2 shared) and how, once the game is over.
    pub fn result(&self) -> Option<(u8, Victory)> {
        (self.winner != NONE).then_some((self.winner, self.victory))
    }
    /// `seat`'s label counters.
    pub fn stats(&self, seat: usize) -> Stats {
        self.stats[seat]
    }
    /// Whether the current turn has earned an extra turn.
    pub fn extra_turn_pending(&self) -> bool {
        self.extra
    }
}
