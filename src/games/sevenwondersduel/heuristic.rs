//! The 7 Wonders Duel [`Heuristic`]: a logistic of the seat's lead in VP-equivalents, which counts
//! what a position is worth before the end of Age III, not only the VP it would score now (R25).
//!
//! The seat's worth ([`SwdState::worth`]) is the sum of:
//! - the VP of its cards, wonders and progress tokens (R25 without military and coins);
//! - coins at [`COIN_VALUE`] VP a coin by age (purchasing power early, 1/3 VP at the end): the
//!   VP count of coins, `coins / 3` rounded down, made a discard look better than a card;
//! - production: brown and grey units (up to what cards ever cost: 2 of a raw material, 1 of a
//!   good), choice producers and fixed prices (yellow cards), at [`PRODUCTION_VALUE`] by age, since
//!   each saves the trading cost of many later cards (R9, R10);
//! - chains: the not-yet-seen cards its city would build for free (R10), [`CHAIN_VALUE`] by age;
//! - science: [`SCIENCE_VALUE`] by distinct symbols (6 win, R18) plus [`PAIR_VALUE`] for a
//!   symbol of which it has one card while a board token is left (a second card takes a token,
//!   R17);
//! - military: [`MILITARY_VALUE`] by the pawn's distance toward the opponent's capital, the
//!   military VP (2, 5, 10) plus the threat of supremacy (9, R18);
//! - the unbuilt wonders it can still build (R20), [`WONDER_VALUE`] each.
//!
//! The lead is the seat's worth minus the opponent's, plus the tempo of the seat to move: it may
//! take the best accessible card next ([`SwdState::best_take`]: the card a move exposes to the
//! opponent), counted at [`TEMPO_WEIGHT`] for the mover. The value is
//! `1 / (1 + exp(-lead / SCALE))`: 0.5 when even, in `(0, 1)`. Everything it reads is public (the
//! face-up cards, cities, coins, tokens; not the face-down cards). Weights are set by hand and
//! checked by play (README "Bots": greedy against random, ISMCTS leaves); a call reads each city
//! once and the accessible cards once (no allocation).

use super::data::{CARDS, CardSet, NUM_CARDS};
use super::state::{MAX_BUILT, Phase, SwdState};
use crate::agent::Heuristic;
use crate::game::Seat;
use crate::games::mechanics::cardset::iter;

/// VP-equivalent of one coin in the draft and Ages I, II, III (index = age; R25 counts 1/3).
pub const COIN_VALUE: [f64; 4] = [0.45, 0.45, 0.4, 0.35];
/// VP-equivalent of one useful unit of production (or a choice producer, or a fixed price) by age.
pub const PRODUCTION_VALUE: [f64; 4] = [1.6, 1.6, 1.0, 0.25];
/// VP-equivalent of one chain the city opens to a card not yet seen or still in the structure.
pub const CHAIN_VALUE: [f64; 4] = [1.2, 1.2, 0.8, 0.3];
/// VP-equivalent of 0..=6 distinct science symbols (beyond the green cards' printed VP); 6 wins.
pub const SCIENCE_VALUE: [f64; 7] = [0.0, 1.0, 2.5, 4.5, 7.5, 13.0, 40.0];
/// VP-equivalent of a symbol held once while a progress token is on the board.
pub const PAIR_VALUE: f64 = 1.0;
/// VP-equivalent, military VP included, of the pawn 0..=9 spaces toward the opponent's capital.
pub const MILITARY_VALUE: [f64; 10] = [0.0, 2.5, 3.5, 6.5, 8.0, 10.0, 15.0, 19.0, 26.0, 40.0];
/// VP-equivalent of an unbuilt wonder that can still be built.
pub const WONDER_VALUE: f64 = 0.5;
/// Share of the best accessible card's value credited to the seat to move.
pub const TEMPO_WEIGHT: f64 = 0.5;
/// The logistic scale, in VP: a lead of `SCALE` is worth about 73%.
pub const SCALE: f64 = 10.0;

/// For each card, the cards it makes free by chain (R10): `CHAIN_TARGETS[src]`.
const CHAIN_TARGETS: [CardSet; NUM_CARDS] = {
    let mut t = [0; NUM_CARDS];
    let mut c = 0;
    while c < NUM_CARDS {
        if let Some(src) = CARDS[c].chain_from {
            t[src as usize] |= 1 << c;
        }
        c += 1;
    }
    t
};

impl SwdState {
    /// The lead of `seat` in VP-equivalents (see the module docs).
    pub fn lead(&self, seat: Seat) -> f64 {
        let mut lead = self.worth(seat) - self.worth(1 - seat);
        let toward = if seat == 0 { self.pawn } else { -self.pawn };
        let military = |d: i8| MILITARY_VALUE[d.unsigned_abs().min(9) as usize];
        lead += if toward >= 0 { military(toward) } else { -military(toward) };
        if self.phase == Phase::Turn {
            let tempo = TEMPO_WEIGHT * self.best_take(self.active as usize);
            lead += if self.active as usize == seat { tempo } else { -tempo };
        }
        lead
    }

    /// The worth of `seat`'s city, coins and prospects in VP-equivalents, military aside (see the
    /// module docs).
    pub fn worth(&self, seat: Seat) -> f64 {
        let age = self.age as usize;
        let parts = self.vp_parts(seat);
        // Blue, green, yellow, guild, wonders, progress: military and coins are valued below.
        let mut worth = f64::from(parts[1..7].iter().sum::<i32>());
        worth += COIN_VALUE[age] * f64::from(self.coins[seat]);
        let p = &self.prod[seat];
        let useful = p[..3].iter().map(|&u| u.min(2)).sum::<u8>() + p[3..].iter().map(|&u| u.min(1)).sum::<u8>();
        let production = u32::from(useful)
            + u32::from(self.choice_brown[seat] + self.choice_grey[seat])
            + self.fixed[seat].count_ones();
        worth += PRODUCTION_VALUE[age] * f64::from(production);
        let open: CardSet = iter(self.city[seat]).fold(0, |a, c| a | CHAIN_TARGETS[c as usize]);
        let gone = self.city[0] | self.city[1] | self.discard | self.tucked | self.aside;
        worth += CHAIN_VALUE[age] * f64::from((open & !gone).count_ones());
        let symbols = self.distinct_symbols(seat).min(6) as usize;
        worth += SCIENCE_VALUE[symbols];
        if self.board != 0 {
            worth += PAIR_VALUE * self.symbols[seat][..6].iter().filter(|&&n| n == 1).count() as f64;
        }
        if self.built_total() < MAX_BUILT {
            let unbuilt = self.owned(seat) & !self.built[seat];
            worth += WONDER_VALUE * f64::from(unbuilt.count_ones());
        }
        worth
    }

    /// The value to `seat` of the best accessible face-up card it can afford to construct now:
    /// its printed VP, its new science symbol, its shields and what it produces (0 if none).
    /// The opponent's answer to a move: what the move leaves it to take.
    pub fn best_take(&self, seat: Seat) -> f64 {
        let age = self.age as usize;
        let payer = self.payer(seat);
        let symbols = self.distinct_symbols(seat).min(6) as usize;
        let mut best = 0.0f64;
        for s in iter(self.accessible_slots() & self.face_up) {
            let c = self.slot_card[s as usize];
            let card = &CARDS[c as usize];
            if self.card_cost_for(&payer, seat, c).total() > self.coins[seat] {
                continue;
            }
            let mut v = f64::from(card.vp);
            if let Some(sym) = card.symbol {
                if self.symbols[seat][sym as usize] == 0 {
                    v += SCIENCE_VALUE[(symbols + 1).min(6)] - SCIENCE_VALUE[symbols];
                } else if self.symbols[seat][sym as usize] == 1 && self.board != 0 {
                    v += 3.0;
                }
            }
            v += 2.0 * f64::from(card.shields);
            let units = card.produces.iter().sum::<u8>();
            v += PRODUCTION_VALUE[age] * f64::from(units);
            if card.guild.is_some() {
                v += 3.0;
            }
            best = best.max(v);
        }
        best
    }
}

impl Heuristic for SwdState {
    fn heuristic(&self, seat: Seat) -> f64 {
        1.0 / (1.0 + (-self.lead(seat) / SCALE).exp())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bare Age I position (no cards, 7 coins each, pawn centred, nothing accessible) is even.
    #[test]
    fn a_bare_position_is_even() {
        let s = SwdState::test_position(1);
        assert_eq!((s.lead(0), s.lead(1)), (0.0, 0.0));
        assert_eq!((s.heuristic(0), s.heuristic(1)), (0.5, 0.5));
    }

    /// Each term alone, in VP-equivalents: 3 coins more, the pawn 3 spaces toward the opponent,
    /// one wood of production, a theater (3 VP) whose chain to the unseen statue stays open, and
    /// two distinct symbols each held once with a token on the board (and their two chains).
    #[test]
    fn each_term_counts_its_weight() {
        // Equal up to rounding: the sums of both seats' worth are formed in another order.
        let close = |a: f64, b: f64| assert!((a - b).abs() < 1e-12, "{a} != {b}");
        let even = || SwdState::test_position(1);
        close(even().with_coins(0, 10).lead(0), 3.0 * COIN_VALUE[1]);
        close(even().with_pawn(3, 0b1111).lead(0), MILITARY_VALUE[3]);
        close(even().with_pawn(3, 0b1111).lead(1), -MILITARY_VALUE[3]);
        close(even().with_city(1, &["lumber_yard"]).lead(0), -PRODUCTION_VALUE[1]);
        close(even().with_city(0, &["theater"]).lead(0), 3.0 + CHAIN_VALUE[1]);
        let science = even().with_city(0, &["scriptorium", "pharmacist"]).with_board(&["law"]);
        // Both chain to an Age II green card (library, dispensary).
        let chains = 2.0 * CHAIN_VALUE[1];
        close(science.lead(0), SCIENCE_VALUE[2] + 2.0 * PAIR_VALUE + chains);
        close(science.with_board(&[]).lead(0), SCIENCE_VALUE[2] + chains);
    }

    /// The seat to move is credited half of the best card it can afford: a free theater (3 VP)
    /// exposed to seat 1 counts against seat 0 when seat 1 is to move, for seat 0 when it is.
    #[test]
    fn the_card_left_to_the_mover_counts_for_the_mover() {
        let s = SwdState::test_position(1).with_slots(&[(0, "theater")]);
        assert_eq!(s.best_take(1), 3.0);
        assert_eq!(s.with_active(1).lead(0), -TEMPO_WEIGHT * 3.0);
        assert_eq!(s.with_active(0).lead(0), TEMPO_WEIGHT * 3.0);
        // Unaffordable: 2 coins for the scriptorium with none left.
        let poor = SwdState::test_position(1).with_slots(&[(0, "scriptorium")]).with_coins(1, 0);
        assert_eq!(poor.best_take(1), 0.0);
    }

    /// The chain table holds each chain of the card data once, from its source.
    #[test]
    fn chain_targets_invert_chain_from() {
        let pairs: u32 = CHAIN_TARGETS.iter().map(|t| t.count_ones()).sum();
        assert_eq!(pairs as usize, CARDS.iter().filter(|c| c.chain_from.is_some()).count());
        for (c, card) in CARDS.iter().enumerate() {
            if let Some(src) = card.chain_from {
                assert!(CHAIN_TARGETS[src as usize] & 1 << c != 0, "{}", card.id);
            }
        }
    }
}
