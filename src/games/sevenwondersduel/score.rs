//! Victory points (R25), the civil winner and its blue tie-break (R26).

use super::data::{AGRICULTURE, CARDS, COLOUR_SETS, Colour, Guild, MATHEMATICS, PHILOSOPHY, WONDERS};
use super::state::{SwdState, Victory};
use crate::games::mechanics::cardset::iter;

/// The parts of a seat's VP, in the order of [`SwdState::vp_parts`] (label names `vp_PART`).
pub const VP_PARTS: [&str; 8] = ["military", "blue", "green", "yellow", "guild", "wonders", "progress", "coins"];

/// Military VP of the seat ahead by `distance` spaces (spec "Military track", D11): 2 for 1–2,
/// 5 for 3–5, 10 for 6–9; 0 at distance 0.
pub fn military_vp(distance: u8) -> i32 {
    match distance {
        0 => 0,
        1..=2 => 2,
        3..=5 => 5,
        _ => 10,
    }
}

impl SwdState {
    /// `seat`'s VP by part (R25): military, blue, green, yellow, guild, wonders, progress, coins.
    pub fn vp_parts(&self, seat: usize) -> [i32; 8] {
        let ahead = if seat == 0 { self.pawn > 0 } else { self.pawn < 0 };
        let military = if ahead { military_vp(self.pawn.unsigned_abs()) } else { 0 };
        let printed = |col: Colour| -> i32 {
            iter(self.city[seat] & COLOUR_SETS[col as usize]).map(|c| i32::from(CARDS[c as usize].vp)).sum()
        };
        let guild: i32 = iter(self.city[seat] & COLOUR_SETS[Colour::Purple as usize])
            .map(|c| match CARDS[c as usize].guild.expect("a purple card is a guild") {
                Guild::Builders => 2 * i32::from(self.guild_count(Guild::Builders)),
                Guild::Moneylenders => i32::from(self.coins[0].max(self.coins[1]) / 3),
                g => i32::from(self.guild_count(g)),
            })
            .sum();
        let wonders: i32 = iter(self.built[seat]).map(|w| i32::from(WONDERS[w as usize].vp)).sum();
        let progress = 4 * i32::from(self.holds(seat, AGRICULTURE))
            + 7 * i32::from(self.holds(seat, PHILOSOPHY))
            + if self.holds(seat, MATHEMATICS) { 3 * self.held[seat].count_ones() as i32 } else { 0 };
        [
            military,
            printed(Colour::Blue),
            printed(Colour::Green),
            printed(Colour::Yellow),
            guild,
            wonders,
            progress,
            i32::from(self.coins[seat] / 3),
        ]
    }

    /// `seat`'s total VP (R25).
    pub fn vp(&self, seat: usize) -> i32 {
        self.vp_parts(seat).iter().sum()
    }

    /// The civil end after Age III (R26): more VP wins; equal VP, more blue VP wins; else shared.
    pub(super) fn civil_end(&mut self) {
        let (a, b) = (self.vp_parts(0), self.vp_parts(1));
        let key = |p: &[i32; 8]| (p.iter().sum::<i32>(), p[1]);
        let (ka, kb) = (key(&a), key(&b));
        match ka.cmp(&kb) {
            std::cmp::Ordering::Greater => self.finish(0, Victory::Civil),
            std::cmp::Ordering::Less => self.finish(1, Victory::Civil),
            std::cmp::Ordering::Equal => self.finish(2, Victory::Shared),
        }
    }

    /// Whether a civil win was decided on blue VP (label `tiebreak`).
    pub fn won_on_blue(&self) -> bool {
        self.victory == Victory::Civil && self.vp(0) == self.vp(1)
    }
}
