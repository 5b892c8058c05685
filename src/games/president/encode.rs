//! President's action ids and observation tensor ([`Encoding`]); layout in
//! `docs/observations/president.md`.

use super::cards::{Cards, JOKER, RANKS};
use super::rules::Action;
use super::state::{Config, NO_SEAT, Phase, PresidentState, Role};
use crate::encoding::{Blocks, Cursor, Encoding, RelativeSeats};
use crate::game::{MAX_SEATS, Seat};

/// The most cards of one rank played at once (a rank has four suits).
const MAX_COUNT: u32 = 4;

/// Roles, in [`Role`]'s order (none, President, Prime Minister, Citizen, Peasant, Beggar).
const ROLES: usize = 6;

/// Elements of the tensor (see `docs/observations/president.md`).
pub const TENSOR_LEN: usize = MAX_SEATS * RANKS
    + RANKS
    + 7 * MAX_SEATS
    + MAX_SEATS * ROLES
    + (2 + RANKS + MAX_SEATS)
    + 3
    + 2
    + 2 * RANKS
    + 2
    + MAX_SEATS
    + 2 * RANKS;

/// Ids: plays (`rank * 4 + count - 1`, the Joker a rank), the pass, gifts by rank.
const IDS: Blocks<3> = Blocks([RANKS as u32 * MAX_COUNT, 1, RANKS as u32]);

impl Encoding for PresidentState {
    /// The observation dict of docs/observations/president.md.
    const OBSERVATION_VERSION: u32 = 1;

    /// 71 ids.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        match action {
            Action::Play { rank, count } => IDS.id(0, u32::from(rank) * MAX_COUNT + u32::from(count) - 1),
            Action::Pass => IDS.id(1, 0),
            Action::Give(rank) => IDS.id(2, rank.into()),
        }
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        Some(match block {
            0 => Action::Play { rank: (i / MAX_COUNT) as u8, count: (i % MAX_COUNT) as u8 + 1 },
            1 => Action::Pass,
            _ => Action::Give(i as u8),
        })
    }

    /// A flat vector of [`TENSOR_LEN`] (325) elements, the same at every player count.
    fn observation_shape(_: &Config, _: usize) -> Option<Vec<usize>> {
        Some(vec![TENSOR_LEN])
    }

    /// Built from `seat`'s observation only (its hand, the cards it knows in its exchange
    /// partner's hand, counts of unknown cards, public play), seats relative to `seat`.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        let obs = self.observe(seat as u8);
        let v = &obs.view;
        let n = usize::from(v.n);
        let seats = RelativeSeats::new(seat, n);
        let mut c = Cursor::new(out);
        let ranks = |c: &mut Cursor<'_>, cards: Cards| {
            for rank in 0..RANKS as u8 {
                c.put(f32::from(cards.count(rank)) / 4.0);
            }
        };
        for r in 0..MAX_SEATS {
            ranks(&mut c, if r < n { v.hands[seats.abs(r)] } else { Cards::EMPTY });
        }
        ranks(&mut c, obs.unplayed);
        let per_seat = |c: &mut Cursor<'_>, f: &dyn Fn(usize) -> f32| {
            for r in 0..MAX_SEATS {
                c.put(if r < n { f(seats.abs(r)) } else { 0.0 });
            }
        };
        per_seat(&mut c, &|p| f32::from(obs.hidden[p]) / 20.0);
        per_seat(&mut c, &|p| v.points[p] as f32 / 100.0);
        per_seat(&mut c, &|p| {
            v.order[..usize::from(v.out)]
                .iter()
                .position(|&q| usize::from(q) == p)
                .map_or(0.0, |k| (k + 1) as f32 / 8.0)
        });
        per_seat(&mut c, &|p| f32::from(u8::from(v.passed >> p & 1 == 1)));
        per_seat(&mut c, &|_| 1.0);
        let playing = v.phase != Phase::Over;
        c.one_hot(MAX_SEATS, playing.then(|| seats.rel(v.turn)));
        c.one_hot(MAX_SEATS, Some(seats.rel(v.dealer)));
        for r in 0..MAX_SEATS {
            c.one_hot(ROLES, (r < n).then(|| role_index(v.roles[seats.abs(r)])));
        }
        let open = v.pile.count > 0;
        c.put(f32::from(v.pile.count) / 4.0);
        c.put(f32::from(v.pile.run) / 4.0);
        c.one_hot(RANKS, open.then_some(usize::from(v.pile.rank)));
        c.one_hot(MAX_SEATS, (open && v.pile.last != NO_SEAT).then(|| seats.rel(v.pile.last)));
        let phase = match v.phase {
            Phase::Exchange => 0,
            Phase::Play => 1,
            Phase::Over => 2,
        };
        c.one_hot(3, Some(phase));
        c.put(f32::from(u8::from(v.revolution)));
        c.put(f32::from(v.hand_no) / 10.0);
        ranks(&mut c, v.gifts[0]);
        ranks(&mut c, v.gifts[1]);
        c.put(f32::from(obs.hidden_gifts[0]) / 2.0);
        c.put(f32::from(obs.hidden_gifts[1]) / 2.0);
        let k = v.knowledge[seat];
        let partner = k.partner != NO_SEAT;
        c.one_hot(MAX_SEATS, partner.then(|| seats.rel(k.partner)));
        ranks(&mut c, k.known);
        c.one_hot(RANKS, (partner && k.cap < JOKER).then_some(usize::from(k.cap)));
        c.finish();
    }
}

/// The index of `role` in the tensor's role one-hot.
fn role_index(role: Role) -> usize {
    match role {
        Role::None => 0,
        Role::President => 1,
        Role::PrimeMinister => 2,
        Role::Citizen => 3,
        Role::Peasant => 4,
        Role::Beggar => 5,
    }
}
