//! MOW's action ids and observation tensor ([`Encoding`]); layout in `docs/observations/mow.md`.

use super::cards::NUM_CARDS;
use super::state::{Action, Config, Dir, HAND_SIZE, MAX_PLAYERS, MowState, Phase};
use crate::encoding::{Blocks, Cursor, Encoding, RelativeSeats};
use crate::game::{Game, Seat};

/// Ids: 48 plays (by card id), the take, the two directions.
const IDS: Blocks<3> = Blocks([NUM_CARDS as u32, 1, 2]);

/// Elements of the tensor (see `docs/observations/mow.md`).
pub const TENSOR_LEN: usize = (2 + MAX_PLAYERS) * NUM_CARDS + 4 * MAX_PLAYERS + 1 + 4 + 2;

impl Encoding for MowState {
    /// The observation dict of docs/observations/mow.md.
    const OBSERVATION_VERSION: u32 = 1;

    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    /// `Play(c)` is `c` (0..48), `Take` 48, `Direction(Clockwise)` 49, `Direction(Counterclockwise)` 50.
    fn action_id(&self, action: Action) -> u32 {
        match action {
            Action::Play(card) => IDS.id(0, card.into()),
            Action::Take => IDS.id(1, 0),
            Action::Direction(Dir::Clockwise) => IDS.id(2, 0),
            Action::Direction(Dir::Counterclockwise) => IDS.id(2, 1),
        }
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        Some(match IDS.split(id)? {
            (0, card) => Action::Play(card as u8),
            (1, _) => Action::Take,
            (_, 0) => Action::Direction(Dir::Clockwise),
            _ => Action::Direction(Dir::Counterclockwise),
        })
    }

    /// A flat vector of [`TENSOR_LEN`] (363) elements, the same at every player count.
    fn observation_shape(_: &Config, _: usize) -> Option<Vec<usize>> {
        Some(vec![TENSOR_LEN])
    }

    /// Seats are relative to `seat` (0 = the seat itself, 1 = the next in ascending order);
    /// built from `seat`'s observation only.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        let obs = self.observation(seat);
        let view = &obs.view;
        let n = usize::from(view.n);
        let seats = RelativeSeats::new(seat, n);
        let mut c = Cursor::new(out);
        c.bits(NUM_CARDS, view.hands[seat].into());
        c.bits(NUM_CARDS, view.herd.into());
        for r in 0..MAX_PLAYERS {
            c.bits(NUM_CARDS, if r < n { view.sheds[seats.abs(r)].into() } else { 0 });
        }
        for r in 0..MAX_PLAYERS {
            c.put(if r < n { f32::from(view.scores[seats.abs(r)]) / 100.0 } else { 0.0 });
        }
        for r in 0..MAX_PLAYERS {
            c.put(if r < n { f32::from(obs.hand_sizes[seats.abs(r)]) / HAND_SIZE as f32 } else { 0.0 });
        }
        for r in 0..MAX_PLAYERS {
            c.put(f32::from(u8::from(r < n)));
        }
        let active = (view.phase != Phase::Over).then(|| seats.rel(view.active));
        c.one_hot(MAX_PLAYERS, active);
        c.put(f32::from(u8::from(view.dir == Dir::Clockwise)));
        let phase = match view.phase {
            Phase::Turn => 0,
            Phase::Start => 1,
            Phase::Direction => 2,
            Phase::Over => 3,
        };
        c.one_hot(4, Some(phase));
        c.put(f32::from(obs.pile_size) / NUM_CARDS as f32);
        c.put(f32::from(view.round) / 10.0);
        c.finish();
    }
}
