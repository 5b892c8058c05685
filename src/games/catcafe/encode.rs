//! Cat Café's action ids and observation tensor ([`Encoding`]); layout in
//! `docs/observations/catcafe.md`.

use super::sheet::{FOOTPRINTS, NUM_CELLS, NUM_COLUMNS, NUM_ITEMS};
use super::state::{Action, CatCafe, Commit, Config, MAX_PLAYERS, Phase};
use crate::encoding::{Blocks, Cursor, Encoding, RelativeSeats};
use crate::game::Seat;

const FACES: u32 = NUM_ITEMS as u32;

/// Ids: die picks by value (1-6), the pass, marks (`cell * 6 + item - 1`), cats (1-6).
const IDS: Blocks<4> = Blocks([FACES, 1, NUM_CELLS as u32 * FACES, FACES]);

/// Elements of one relative seat's block: its sheet (an item one-hot per cell 144, paw prints 2,
/// cats 6, cat points, banked columns 5, column points, higher columns, passes), its drafted die
/// (one-hot 0–6, 0 = none yet) and whether the seat is in the game.
pub const SEAT_LEN: usize = NUM_CELLS * NUM_ITEMS + 2 + NUM_ITEMS + 1 + NUM_COLUMNS + 3 + 7 + 1;

/// Elements of the own commitment: pass, the marked cell (one-hot 24), the item (one-hot 6), the cat
/// (one-hot 6).
const COMMIT_LEN: usize = 1 + NUM_CELLS + 2 * NUM_ITEMS;

/// Elements of the tensor (752; see `docs/observations/catcafe.md`): four seat blocks, then the
/// round, the first and deciding seats, the phase, the shared die, the pool, the taken columns, the
/// seats that have committed, the own commitment and the final scores.
pub const TENSOR_LEN: usize =
    MAX_PLAYERS * SEAT_LEN + 1 + 2 * MAX_PLAYERS + 4 + 7 + 6 + NUM_COLUMNS + MAX_PLAYERS + COMMIT_LEN + MAX_PLAYERS;

impl Encoding for CatCafe {
    /// The observation dict of docs/observations/catcafe.md.
    const OBSERVATION_VERSION: u32 = 1;

    /// 157 ids.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        match action {
            Action::PickDie(v) => IDS.id(0, u32::from(v) - 1),
            Action::Pass => IDS.id(1, 0),
            Action::Mark { cell, item } => IDS.id(2, u32::from(cell) * FACES + u32::from(item) - 1),
            Action::ChooseCat(k) => IDS.id(3, u32::from(k) - 1),
        }
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        Some(match block {
            0 => Action::PickDie(i as u8 + 1),
            1 => Action::Pass,
            2 => Action::Mark { cell: (i / FACES) as u8, item: (i % FACES) as u8 + 1 },
            _ => Action::ChooseCat(i as u8 + 1),
        })
    }

    /// A flat vector of [`TENSOR_LEN`] (752) elements at every player count (2–4).
    fn observation_shape(_: &Config, _: usize) -> Option<Vec<usize>> {
        Some(vec![TENSOR_LEN])
    }

    /// Seats are relative to `seat`; built from `seat`'s observation only (the other seats'
    /// commitments of the round are blank in it: only *that* they committed shows).
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        let view = self.observe(seat as u8).view;
        let n = usize::from(view.n);
        let seats = RelativeSeats::new(seat, n);
        let mut c = Cursor::new(out);
        for r in 0..MAX_PLAYERS {
            if r < n {
                encode_seat(&view, seats.abs(r), &mut c);
            } else {
                c.take(SEAT_LEN).fill(0.0);
            }
        }
        c.put(f32::from(view.round) / 20.0);
        c.one_hot(MAX_PLAYERS, Some(seats.rel(view.first)));
        c.one_hot(MAX_PLAYERS, view.decider().map(|p| seats.rel(p)));
        let phase = match view.phase {
            Phase::Draft => 0,
            Phase::Mark => 1,
            Phase::Cat => 2,
            Phase::Over => 3,
        };
        c.one_hot(4, Some(phase));
        c.one_hot(7, Some(view.shared.into()));
        for count in view.pool {
            c.put(f32::from(count) / 5.0);
        }
        c.bits(NUM_COLUMNS, view.taken.into());
        // Seats that completed their commitment this round (round order from the first player).
        let committed = |p: usize| {
            matches!(view.phase, Phase::Mark | Phase::Cat)
                && (0..view.step).any(|k| usize::from((view.first + k) % view.n) == p)
        };
        for r in 0..MAX_PLAYERS {
            c.put(f32::from(u8::from(r < n && committed(seats.abs(r)))));
        }
        let (pass, cell, item, cat) = match view.commits[seat] {
            Commit::None => (0.0, None, None, None),
            Commit::Pass => (1.0, None, None, None),
            Commit::Mark { cell, item, cat } => {
                (0.0, Some(usize::from(cell)), Some(usize::from(item) - 1), usize::from(cat).checked_sub(1))
            }
        };
        c.put(pass);
        c.one_hot(NUM_CELLS, cell);
        c.one_hot(NUM_ITEMS, item);
        c.one_hot(NUM_ITEMS, cat);
        for r in 0..MAX_PLAYERS {
            c.put(if r < n { f32::from(view.final_scores[seats.abs(r)]) / 100.0 } else { 0.0 });
        }
        c.finish();
    }
}

/// Writes seat `p`'s block (sheet, drafted die, presence) of `view`.
fn encode_seat(view: &CatCafe, p: usize, c: &mut Cursor) {
    let sheet = &view.sheets[p];
    for cell in 0..NUM_CELLS {
        c.one_hot(NUM_ITEMS, sheet.items.iter().position(|m| m >> cell & 1 == 1));
    }
    c.put(f32::from(sheet.avail) / f32::from(FOOTPRINTS));
    c.put(f32::from(sheet.used) / f32::from(FOOTPRINTS));
    c.bits(NUM_ITEMS, sheet.cats.into());
    c.put(f32::from(sheet.cat_points) / 100.0);
    c.bits(NUM_COLUMNS, sheet.banked.into());
    c.put(f32::from(sheet.column_points) / 50.0);
    c.put(f32::from(sheet.higher) / NUM_COLUMNS as f32);
    c.put(f32::from(sheet.passes) / 10.0);
    c.one_hot(7, Some(view.own[p].into()));
    c.put(1.0);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, rng_from_seed};

    /// A new 3-seat game: every sheet has one paw print circled (default option), no die drafted,
    /// round 1 with seat 0 first and deciding; seat 1 sees seat 0 as relative seat 2.
    #[test]
    fn tensor_of_a_new_game() {
        let s = CatCafe::new(&Config::default(), 3, &mut rng_from_seed(1));
        assert_eq!(SEAT_LEN, 169);
        assert_eq!(TENSOR_LEN, 752);
        let mut t = vec![f32::NAN; TENSOR_LEN];
        s.observation_tensor(1, &mut t);
        let paws = NUM_CELLS * NUM_ITEMS;
        for r in 0..3 {
            assert_eq!(t[r * SEAT_LEN + paws], 1.0 / 18.0, "paw prints of relative seat {r}");
            assert_eq!(t[r * SEAT_LEN + SEAT_LEN - 8], 1.0, "no die yet: one-hot at 0");
            assert_eq!(t[r * SEAT_LEN + SEAT_LEN - 1], 1.0, "in the game");
        }
        assert!(t[3 * SEAT_LEN..4 * SEAT_LEN].iter().all(|&x| x == 0.0), "the fourth seat is absent");
        let g = 4 * SEAT_LEN;
        assert_eq!(t[g], 1.0 / 20.0, "round 1");
        assert_eq!(&t[g + 1..g + 5], &[0.0, 0.0, 1.0, 0.0], "seat 0 first = relative seat 2");
        assert_eq!(&t[g + 5..g + 9], &[0.0, 0.0, 1.0, 0.0], "seat 0 decides");
        assert_eq!(&t[g + 9..g + 13], &[1.0, 0.0, 0.0, 0.0], "draft");
        let pool: f32 = t[g + 20..g + 26].iter().sum();
        assert_eq!(pool, 4.0 / 5.0, "four dice in the pool");
        assert_eq!(s.to_move(), Some(0));
    }
}
