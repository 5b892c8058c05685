//! The heuristic: an estimate, in route spaces, of where each expedition stands, with the
//! acting seat's unfinished action searched to its end.
//!
//! A seat's static value is its scout minus the camp delay it will surely pay (the camp penalty
//! of what it carries, and part of the delay of its unplayed hand cards, which it may still play
//! before camping), plus what it carries to go further: resources weighted by use (horses for
//! the mountains, canoes and food for the rivers), Indians, and its cards. The seat to move in
//! the middle of an action (power steps, repetitions, trade-in) gets the best value over the
//! completions of that action (a depth-first search with a node budget), so that a one-step
//! bot sees what a `Play` leads to. The result is a logistic of the lead over the best other
//! seat.

use super::data::{self, C, E, F, FD, H, W};
use super::rules::Buf;
use super::state::{LewisClark, Phase};
use crate::agent::Heuristic;
use crate::game::{Game, Seat, rng_from_seed};

/// Nodes searched to complete the acting seat's action.
const BUDGET: u32 = 400;
/// Spaces per unit of lead in the logistic.
const SCALE: f64 = 4.0;

impl Heuristic for LewisClark {
    fn heuristic(&self, seat: Seat) -> f64 {
        let mine = if self.current as usize == seat { self.completed_value(seat) } else { self.value(seat) };
        let best_other = self.seat_range().filter(|&s| s != seat).map(|s| self.value(s)).fold(f64::MIN, f64::max);
        1.0 / (1.0 + (-(mine - best_other) / SCALE).exp())
    }
}

/// The weight of one unit of each resource kind for a scout on `scout`: what moves it next
/// (food and canoes on rivers, horses in and before the mountain ranges).
fn resource_weight(kind: usize, scout: i16) -> f64 {
    let in_mountains = (17..=25).contains(&scout) || (31..=34).contains(&scout);
    let before_mountains = (8..17).contains(&scout) || (26..31).contains(&scout);
    match kind {
        H if in_mountains => 1.9,
        H if before_mountains => 1.8,
        H => 0.8,
        C if in_mountains => 0.3,
        C => 1.4,
        FD if in_mountains => 0.4,
        FD => 0.8,
        E | F | W => 0.4,
        _ => 0.0,
    }
}

/// The weight of a card owned (the more it moves, the more it is worth).
fn card_weight(card: u8) -> f64 {
    match data::number(card) {
        None if data::role(card) == Some(data::CAPTAIN) => 2.5,
        None if data::role(card) == Some(data::INTERPRETER) => 1.0,
        None => 0.5,
        Some(7..=13 | 26..=34 | 43..=52) => 1.2,
        Some(3..=6 | 24 | 25 | 40..=42) => 0.9,
        Some(16 | 17 | 18 | 36 | 54) => 0.7,
        Some(_) => 0.5,
    }
}

impl LewisClark {
    /// The static value of `seat` in spaces (see the module docs).
    pub fn value(&self, seat: usize) -> f64 {
        let e = &self.seats[seat];
        if let Some(r) = self.outcome() {
            return if r[seat] > 0.0 { 1000.0 } else { f64::from(e.camp) };
        }
        let mut back = *e;
        back.indians += back.on_cards;
        let pen = f64::from(back.penalty());
        let hand = f64::from(e.hand.count_ones());
        let mut v = f64::from(e.scout) - pen - 0.35 * hand;
        for k in 0..6 {
            v += f64::from(e.res[k]) * resource_weight(k, e.scout);
        }
        v += 0.5 * f64::from(back.indians);
        let owned = e.hand | e.active | e.supports;
        v += crate::games::mechanics::cardset::iter(owned).map(card_weight).sum::<f64>();
        // A big deck cycles slowly: every card beyond eight costs.
        v -= 0.4 * f64::from(owned.count_ones().saturating_sub(8));
        v
    }

    /// The best value of `seat` over the completions of its action in progress.
    pub fn completed_value(&self, seat: usize) -> f64 {
        let mut budget = BUDGET;
        self.search(seat, &mut budget)
    }

    fn search(&self, seat: usize, budget: &mut u32) -> f64 {
        let open = matches!(self.phase, Phase::Power1(_) | Phase::Power2(..) | Phase::Action | Phase::TradeIn(_));
        if !open || self.current as usize != seat || *budget == 0 {
            return self.value(seat);
        }
        let mut buf = Buf::new();
        self.legal(&mut buf);
        let mut best = f64::MIN;
        let mut rng = rng_from_seed(0);
        for &a in buf.as_slice() {
            if *budget == 0 {
                break;
            }
            *budget -= 1;
            let mut child = self.clone();
            child.apply_action(a, &mut rng);
            best = best.max(child.search(seat, budget));
        }
        if best == f64::MIN { self.value(seat) } else { best }
    }
}
