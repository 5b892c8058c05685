//! The spec's statistics labels ("Labels for statistics") as plain methods, to be wired to the
//! typed labels of issue 38 when they land.

use super::state::{End, LewisClark};
use crate::games::numbers;

impl LewisClark {
    /// `result`: `win`, `loss` or `shared` (a finished game).
    pub fn result_label(&self, seat: usize) -> &'static str {
        match (self.winners >> seat & 1 == 1, self.winners.count_ones()) {
            (true, 1) => "win",
            (true, _) => "shared",
            _ => "loss",
        }
    }

    /// `camp`: the final camp space.
    pub fn camp_space(&self, seat: usize) -> i16 {
        self.seats[seat].camp
    }

    /// `scout`: the final scout space.
    pub fn scout_space(&self, seat: usize) -> i16 {
        self.seats[seat].scout
    }

    /// `camps`: camps made.
    pub fn camps_made(&self, seat: usize) -> u16 {
        self.seats[seat].camps
    }

    /// `recruits`: recruitments.
    pub fn recruits_made(&self, seat: usize) -> u16 {
        self.seats[seat].recruits
    }

    /// `tiles`: boat tiles bought.
    pub fn tiles_bought(&self, seat: usize) -> u8 {
        self.seats[seat].tiles.iter().sum()
    }

    /// `indians`: Indians the seat owns (boats + cards).
    pub fn indians_owned(&self, seat: usize) -> u8 {
        self.seats[seat].indians + self.seats[seat].on_cards
    }

    /// `cards`: cards the seat owns (hand + play area).
    pub fn cards_owned(&self, seat: usize) -> u32 {
        let e = &self.seats[seat];
        (e.hand | e.active | e.supports).count_ones()
    }

    /// `trashed`: cards removed by Farewell or trade-in.
    pub fn trashed(&self, seat: usize) -> u16 {
        self.seats[seat].trashed
    }

    /// `spaces_moved`: spaces advanced during actions, bumps included.
    pub fn spaces_moved(&self, seat: usize) -> u16 {
        self.seats[seat].spaces_moved
    }

    /// `spaces_lost`: spaces moved back at camps, bumps included.
    pub fn spaces_lost(&self, seat: usize) -> u16 {
        self.seats[seat].spaces_lost
    }

    /// `end`: `fort` or `time_out` (`""` while the game goes on).
    pub fn end_label(&self) -> &'static str {
        match self.end {
            End::Fort => "fort",
            End::TimeOut => "time_out",
            End::NotYet => "",
        }
    }

    /// `rounds`: the round in which the game ended.
    pub fn rounds(&self) -> u16 {
        self.round
    }

    /// `winner_seat`: the winning seat, or `shared`.
    pub fn winner_seat(&self) -> &'static str {
        match self.winners.count_ones() {
            1 => numbers::decimal(self.winners.trailing_zeros() as u8),
            _ => "shared",
        }
    }

    /// `deck_reshuffled`: `yes` or `no`.
    pub fn deck_reshuffled(&self) -> &'static str {
        if self.reshuffled { "yes" } else { "no" }
    }

    /// `tiles_left`: boat tiles in the supply (0–12).
    pub fn tiles_left(&self) -> u8 {
        self.tile_supply.iter().sum()
    }
}
