//! The spec's statistics labels ("Labels for statistics") as typed labels ([`crate::labels!`]),
//! and the plain methods behind them.

use super::state::{End, LewisClark};
use crate::labels::{OrNone, YesNo};

crate::label_values! {
    /// A seat's result.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum SeatResult {
        /// The seat won alone.
        Win = "win",
        /// The seat lost.
        Loss = "loss",
        /// The seat shares the win (time-out tie, R33).
        Shared = "shared",
    }
}

crate::label_values! {
    /// How the game ended.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum EndKind {
        /// A camp reached Fort Clatsop (R32).
        Fort = "fort",
        /// `max_rounds` ran out (R33).
        TimeOut = "time_out",
    }
}

crate::label_values! {
    /// The winning seat, or `shared`.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum WinnerSeat {
        /// Seat 0.
        S0 = "0",
        /// Seat 1.
        S1 = "1",
        /// Seat 2.
        S2 = "2",
        /// Seat 3.
        S3 = "3",
        /// Seat 4.
        S4 = "4",
        /// Several seats share the win.
        Shared = "shared",
    }
}

crate::labels! {
    /// What the statistics record of one seat ([`crate::game::Game::seat_labels`]).
    pub struct SeatLabels {
        /// `win`, `loss` or `shared`.
        #[kind(outcome)]
        pub result: SeatResult,
        /// The final camp space.
        #[kind(outcome)]
        pub camp: i16,
        /// The final scout space.
        #[kind(outcome)]
        pub scout: i16,
        /// Camps made.
        #[kind(outcome)]
        pub camps: u16,
        /// Recruitments made.
        #[kind(outcome)]
        pub recruits: u16,
        /// Boat tiles bought.
        #[kind(outcome)]
        pub tiles: u8,
        /// Indians the seat owns at the end (boats + cards).
        #[kind(outcome)]
        pub indians: u8,
        /// Cards the seat owns at the end (hand + play area).
        #[kind(outcome)]
        pub cards: u32,
        /// Cards it removed from the game by Farewell or trade-in.
        #[kind(outcome)]
        pub trashed: u16,
        /// Spaces its scout advanced during its card actions (a Shamanism copy's included), bumps
        /// included.
        #[kind(outcome)]
        pub spaces_moved: u16,
        /// Spaces its scout moved back at its camps, bumps included.
        #[kind(outcome)]
        pub spaces_lost: u16,
    }
}

crate::labels! {
    /// What the statistics record of a finished game ([`crate::game::Game::game_labels`]).
    pub struct GameLabels {
        /// `fort` or `time_out` (`none` while the game goes on).
        #[kind(outcome)]
        pub end: OrNone<EndKind>,
        /// The round in which the game ended.
        #[kind(outcome)]
        pub rounds: u16,
        /// The winning seat, or `shared`.
        #[kind(outcome)]
        pub winner_seat: WinnerSeat,
        /// Whether the journal discard pile ever became the deck.
        #[kind(outcome)]
        pub deck_reshuffled: YesNo,
        /// Boat tiles left in the supply (0–12).
        #[kind(outcome)]
        pub tiles_left: u8,
    }
}

impl LewisClark {
    /// The seat's labels.
    pub fn seat_labels_of(&self, seat: usize) -> SeatLabels {
        let e = &self.seats[seat];
        let result = match (self.winners >> seat & 1 == 1, self.winners.count_ones()) {
            (true, 1) => SeatResult::Win,
            (true, _) => SeatResult::Shared,
            _ => SeatResult::Loss,
        };
        SeatLabels {
            result,
            camp: e.camp,
            scout: e.scout,
            camps: e.camps,
            recruits: e.recruits,
            tiles: e.tiles.iter().sum(),
            indians: e.indians + e.on_cards,
            cards: (e.hand | e.active | e.supports).count_ones(),
            trashed: e.trashed,
            spaces_moved: e.spaces_moved,
            spaces_lost: e.spaces_lost,
        }
    }

    /// The game's labels.
    pub fn game_labels_of(&self) -> GameLabels {
        GameLabels {
            end: OrNone(match self.end {
                End::Fort => Some(EndKind::Fort),
                End::TimeOut => Some(EndKind::TimeOut),
                End::NotYet => None,
            }),
            rounds: self.round,
            winner_seat: self.winner(),
            deck_reshuffled: YesNo(self.reshuffled),
            tiles_left: self.tile_supply.iter().sum(),
        }
    }

    /// `end` as text: `fort`, `time_out`, or `""` while the game goes on.
    pub fn end_label(&self) -> &'static str {
        match self.end {
            End::Fort => "fort",
            End::TimeOut => "time_out",
            End::NotYet => "",
        }
    }

    /// The winning seat, or `Shared` (also while no seat has won).
    pub fn winner(&self) -> WinnerSeat {
        const SEATS: [WinnerSeat; 5] = [WinnerSeat::S0, WinnerSeat::S1, WinnerSeat::S2, WinnerSeat::S3, WinnerSeat::S4];
        match self.winners.count_ones() {
            1 => SEATS[self.winners.trailing_zeros() as usize],
            _ => WinnerSeat::Shared,
        }
    }

    /// `winner_seat` as text.
    pub fn winner_seat(&self) -> &'static str {
        self.winner().text()
    }

    /// `deck_reshuffled` as text.
    pub fn deck_reshuffled(&self) -> &'static str {
        if self.reshuffled { "yes" } else { "no" }
    }
}
