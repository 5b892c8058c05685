//! Ekonos's action ids and observation tensor ([`Encoding`]); layout in
//! `docs/observations/ekonos.md`.

use super::data::{COMPANIES, Company, NUM_CARDS, NUM_COMPANIES, NUM_REGIONS};
use super::rules::Action;
use super::state::{Config, EkonosState, MAX_PLAYERS, NoPresidentGrowth, Step, hand_size};
use crate::encoding::{Blocks, Cursor, Encoding, RelativeSeats};
use crate::game::Seat;

/// Elements per relative seat: in the game, shares per company (6), coins, hand size.
pub const SEAT_LEN: usize = 1 + NUM_COMPANIES + 1 + 1;

/// Elements of the tensor (496; see `docs/observations/ekonos.md`): the map, growth markers,
/// presidents, own hand, cards played, six seat blocks, then the turn.
pub const TENSOR_LEN: usize = NUM_REGIONS * (NUM_COMPANIES + 1)
    + NUM_COMPANIES
    + NUM_COMPANIES * MAX_PLAYERS
    + 2 * NUM_CARDS
    + MAX_PLAYERS * SEAT_LEN
    + (1 + 3 * MAX_PLAYERS + 7 + NUM_COMPANIES + 1 + NUM_REGIONS + MAX_PLAYERS + 1);

const CARDS: u32 = NUM_CARDS as u32;
const REGIONS: u32 = NUM_REGIONS as u32;
const FIRMS: u32 = NUM_COMPANIES as u32;

/// Ids, block by block in the order of [`Action`]'s variants. Cards and regions are numbered
/// from 1 (`data.rs`) and take index `number - 1`; a card-and-region or card-and-company action is
/// `card index * size + second index`.
const IDS: Blocks<13> = Blocks([
    CARDS * REGIONS,
    CARDS * REGIONS,
    CARDS * FIRMS,
    1,
    1,
    REGIONS,
    REGIONS,
    REGIONS,
    FIRMS,
    1,
    MAX_PLAYERS as u32,
    FIRMS,
    1,
]);

impl Encoding for EkonosState {
    /// The observation dict of docs/observations/ekonos.md.
    const OBSERVATION_VERSION: u32 = 1;

    /// 2,938 ids.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        let c = |company: Company| company as u32;
        let k = |number: u8| u32::from(number) - 1;
        let (block, i) = match action {
            Action::Place { card, region } => (0, k(card) * REGIONS + k(region)),
            Action::Protect { card, region } => (1, k(card) * REGIONS + k(region)),
            Action::Grow { card, company } => (2, k(card) * FIRMS + c(company)),
            Action::Expand => (3, 0),
            Action::Wait => (4, 0),
            Action::GrowPlace { region } => (5, k(region)),
            Action::GrowReplace { region } => (6, k(region)),
            Action::GrowProtect { region } => (7, k(region)),
            Action::Sell { company } => (8, c(company)),
            Action::NoSell => (9, 0),
            Action::Appoint { seat } => (10, seat.into()),
            Action::Buy { company } => (11, c(company)),
            Action::NoBuy => (12, 0),
        };
        IDS.id(block, i)
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        let company = |k: u32| COMPANIES[k as usize];
        let number = |k: u32| k as u8 + 1;
        Some(match block {
            0 => Action::Place { card: number(i / REGIONS), region: number(i % REGIONS) },
            1 => Action::Protect { card: number(i / REGIONS), region: number(i % REGIONS) },
            2 => Action::Grow { card: number(i / FIRMS), company: company(i % FIRMS) },
            3 => Action::Expand,
            4 => Action::Wait,
            5 => Action::GrowPlace { region: number(i) },
            6 => Action::GrowReplace { region: number(i) },
            7 => Action::GrowProtect { region: number(i) },
            8 => Action::Sell { company: company(i) },
            9 => Action::NoSell,
            10 => Action::Appoint { seat: i as u8 },
            11 => Action::Buy { company: company(i) },
            _ => Action::NoBuy,
        })
    }

    /// A flat vector of [`TENSOR_LEN`] (496) elements at every player count (2–6).
    fn observation_shape(_: &Config, _: usize) -> Option<Vec<usize>> {
        Some(vec![TENSOR_LEN])
    }

    /// Seats are relative to `seat`; built from `seat`'s observation only: the public map,
    /// holdings, coins and played cards, its own hand and the other hands' sizes; never the
    /// other hands or the unused cards.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        let obs = self.observe(seat as u8);
        let view = &obs.view;
        let n = usize::from(view.n);
        let seats = RelativeSeats::new(seat, n);
        let mut c = Cursor::new(out);
        for region in 0..NUM_REGIONS {
            c.one_hot(NUM_COMPANIES, view.tiles.iter().position(|t| t >> region & 1 == 1));
            c.put(f32::from(u8::from(view.protected >> region & 1 == 1)));
        }
        for g in view.growth {
            c.put(f32::from(g) / 6.0);
        }
        for president in view.president {
            c.one_hot(MAX_PLAYERS, seats.rel_seat(president));
        }
        c.bits(NUM_CARDS, view.hands[seat].into());
        c.bits(NUM_CARDS, view.played.into());
        for r in 0..MAX_PLAYERS {
            if r >= n {
                c.take(SEAT_LEN).fill(0.0);
                continue;
            }
            let p = seats.abs(r);
            c.put(1.0);
            for s in view.shares[p] {
                c.put(f32::from(s) / 8.0);
            }
            c.put(f32::from(view.coins[p]) / 100.0);
            c.put(f32::from(obs.hand_sizes[p]) / hand_size(n) as f32);
        }
        let over = view.step == Step::Over;
        c.put(f32::from(view.round) / 6.0);
        c.one_hot(MAX_PLAYERS, seats.rel_seat(view.first));
        c.one_hot(MAX_PLAYERS, seats.rel_seat(view.active).filter(|_| !over));
        c.one_hot(MAX_PLAYERS, seats.rel_seat(view.decider).filter(|_| !over));
        let step = match view.step {
            Step::Play => 0,
            Step::GrowthChoice => 1,
            Step::Expansion => 2,
            Step::Sell => 3,
            Step::Appoint => 4,
            Step::Buy => 5,
            Step::Over => 6,
        };
        c.one_hot(7, Some(step));
        let busy = matches!(view.step, Step::GrowthChoice | Step::Expansion | Step::Appoint);
        c.one_hot(NUM_COMPANIES, busy.then_some(usize::from(view.company)));
        c.put(if view.step == Step::Expansion { f32::from(view.left) / 6.0 } else { 0.0 });
        c.bits(NUM_REGIONS, if view.step == Step::Expansion { view.frontier.into() } else { 0 });
        for r in 0..MAX_PLAYERS {
            let tied = view.step == Step::Appoint && r < n && view.tied >> seats.abs(r) & 1 == 1;
            c.put(f32::from(u8::from(tied)));
        }
        c.put(f32::from(u8::from(view.rule == NoPresidentGrowth::ActiveAlways)));
        c.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, rng_from_seed};

    /// A new 3-seat game: an empty map, no president, a dealt hand (`hand_size(3)` cards) per
    /// seat, seat 0 to play; seat 1 sees seat 0 as relative seat 2.
    #[test]
    fn tensor_of_a_new_game() {
        let s = EkonosState::new(&Config::default(), 3, &mut rng_from_seed(2));
        assert_eq!(TENSOR_LEN, 496);
        let mut t = vec![f32::NAN; TENSOR_LEN];
        s.observation_tensor(1, &mut t);
        assert!(t[..252].iter().all(|&x| x == 0.0), "empty map, nothing protected");
        assert!(t[252..258 + 36].iter().all(|&x| x == 0.0), "growth 0, no presidents");
        let hand: f32 = t[294..330].iter().sum();
        assert_eq!(hand, hand_size(3) as f32, "own hand");
        assert!(t[330..366].iter().all(|&x| x == 0.0), "nothing played");
        for r in 0..3 {
            let block = &t[366 + r * SEAT_LEN..366 + (r + 1) * SEAT_LEN];
            assert_eq!((block[0], block[8]), (1.0, 1.0), "relative seat {r}: in the game, full hand");
        }
        let turn = 366 + MAX_PLAYERS * SEAT_LEN;
        assert_eq!(t[turn], 1.0 / 6.0, "round 1");
        assert_eq!(&t[turn + 13..turn + 16], &[0.0, 0.0, 1.0], "seat 0 active = relative seat 2");
        assert_eq!(t[turn + 19], 1.0, "step Play");
        assert_eq!(s.to_move(), Some(0));
    }
}
