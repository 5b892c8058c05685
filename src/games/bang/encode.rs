//! BANG!'s action ids and observation tensor ([`Encoding`]); layout in
//! `docs/observations/bang.md`.

use super::actions::Action;
use super::cards::{self, CardSet, NONE, NUM_CARDS};
use super::characters::ALL_CHARACTERS;
use super::roles::{Role, Side};
use super::state::{BangState, Check, Config, Frame, MAX_PLAYERS};
use crate::encoding::{Blocks, Cursor, Encoding, RelativeSeats};
use crate::game::Seat;

const CARDS: u32 = NUM_CARDS as u32;
const SEATS: u32 = MAX_PLAYERS as u32;
/// Targets of a play: a seat or none (the last index).
const TARGETS: u32 = SEATS + 1;
/// Picks of a play: a card or none / from hand (the last index).
const PICKS: u32 = CARDS + 1;

/// Ids, block by block in the order of [`Action`]'s variants. A play is
/// `(card * TARGETS + target) * PICKS + pick`, a missing target or pick being the last index.
const IDS: Blocks<16> = Blocks([
    ALL_CHARACTERS.len() as u32,
    CARDS * TARGETS * PICKS,
    1,
    CARDS,
    CARDS,
    1,
    1,
    1,
    CARDS,
    1,
    SEATS,
    1,
    CARDS,
    CARDS,
    CARDS,
    CARDS,
]);

/// Characters in play (one-hot width).
const CHARACTERS: usize = ALL_CHARACTERS.len();

/// Elements per relative seat: in the game, alive, role one-hot (4; zeros while hidden), role
/// public, character one-hot (16), life, max life, known hand cards (80), unknown hand cards,
/// hand size, cards in play (80), targets attacked (7 relative seats), character options (16).
pub const SEAT_LEN: usize = 1 + 1 + 4 + 1 + CHARACTERS + 2 + NUM_CARDS + 2 + NUM_CARDS + MAX_PLAYERS + CHARACTERS;

/// Kinds of [`Frame`] (one-hot width).
const FRAMES: usize = 17;

/// Elements of the top pending frame: kind, three seat roles and the volley targets (relative,
/// 7 each), four numbers, three flags, the "draw!" check, the cards it shows.
const FRAME_LEN: usize = FRAMES + 4 * MAX_PLAYERS + 4 + 3 + 4 + NUM_CARDS;

/// Elements of the tensor (2,105; see `docs/observations/bang.md`).
pub const TENSOR_LEN: usize = MAX_PLAYERS * SEAT_LEN + 6 * NUM_CARDS + 1 + 2 * MAX_PLAYERS + 1 + 3 + FRAME_LEN;

/// `NONE` as the last index of a range of `size`, other values as themselves.
fn index(value: u8, size: u32) -> u32 {
    if value == NONE { size - 1 } else { value.into() }
}

/// The inverse of [`index`].
fn value(index: u32, size: u32) -> u8 {
    if index == size - 1 { NONE } else { index as u8 }
}

impl Encoding for BangState {
    /// The observation dict of docs/observations/bang.md.
    const OBSERVATION_VERSION: u32 = 1;

    /// 52,429 ids, most of them plays (card × target × pick).
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        let (block, i) = match action {
            Action::ChooseCharacter(c) => (0, ALL_CHARACTERS.iter().position(|&x| x == c).expect("a character") as u32),
            Action::Play { card, target, pick } => {
                (1, (u32::from(card) * TARGETS + index(target, TARGETS)) * PICKS + index(pick, PICKS))
            }
            Action::EndTurn => (2, 0),
            Action::Discard(c) => (3, c.into()),
            Action::Respond(c) => (4, c.into()),
            Action::DrawBarrel => (5, 0),
            Action::DrawJourdonnais => (6, 0),
            Action::Pass => (7, 0),
            Action::SidDiscard(c) => (8, c.into()),
            Action::DrawDeck => (9, 0),
            Action::DrawFromHand(s) => (10, s.into()),
            Action::DrawDiscard => (11, 0),
            Action::PutBack(c) => (12, c.into()),
            Action::LuckyChoose(c) => (13, c.into()),
            Action::Take(c) => (14, c.into()),
            Action::TopDiscard(c) => (15, c.into()),
        };
        IDS.id(block, i)
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        let b = i as u8;
        Some(match block {
            0 => Action::ChooseCharacter(ALL_CHARACTERS[i as usize]),
            1 => Action::Play {
                card: (i / (TARGETS * PICKS)) as u8,
                target: value(i / PICKS % TARGETS, TARGETS),
                pick: value(i % PICKS, PICKS),
            },
            2 => Action::EndTurn,
            3 => Action::Discard(b),
            4 => Action::Respond(b),
            5 => Action::DrawBarrel,
            6 => Action::DrawJourdonnais,
            7 => Action::Pass,
            8 => Action::SidDiscard(b),
            9 => Action::DrawDeck,
            10 => Action::DrawFromHand(b),
            11 => Action::DrawDiscard,
            12 => Action::PutBack(b),
            13 => Action::LuckyChoose(b),
            14 => Action::Take(b),
            _ => Action::TopDiscard(b),
        })
    }

    /// A flat vector of [`TENSOR_LEN`] (2,105) elements for every option and player count
    /// (2–7 with `bga_small_tables`, else 4–7).
    fn observation_shape(_: &Config, _: usize) -> Option<Vec<usize>> {
        Some(vec![TENSOR_LEN])
    }

    /// Seats are relative to `seat`; built from `seat`'s observation only: its hand and role,
    /// the cards it knows in other hands and in the deck, public roles, tables, piles and the
    /// pending effect (Kit Carlson's look shows to Kit only).
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        let obs = self.observe(seat as u8);
        let v = &obs.view;
        let n = usize::from(v.n);
        let seats = RelativeSeats::new(seat, n);
        let mut c = Cursor::new(out);
        for r in 0..MAX_PLAYERS {
            if r >= n {
                c.take(SEAT_LEN).fill(0.0);
                continue;
            }
            let p = seats.abs(r);
            c.put(1.0);
            c.put(f32::from(u8::from(v.alive >> p & 1 == 1)));
            let role = match v.roles[p] {
                Role::Sheriff => Some(0),
                Role::Deputy => Some(1),
                Role::Outlaw => Some(2),
                Role::Renegade => Some(3),
                Role::Unknown => None,
            };
            c.one_hot(4, role);
            c.put(f32::from(u8::from(v.revealed >> p & 1 == 1)));
            c.one_hot(CHARACTERS, Some(v.chars[p] as usize));
            c.put(f32::from(v.life[p]) / 5.0);
            c.put(f32::from(v.max_life[p]) / 5.0);
            c.bits(NUM_CARDS, v.hand[p]);
            c.put(f32::from(obs.hidden[p]) / 10.0);
            c.put((cards::count(v.hand[p]) as f32 + f32::from(obs.hidden[p])) / 10.0);
            c.bits(NUM_CARDS, v.table[p]);
            c.bits(MAX_PLAYERS, seats.rel_bits(v.attacked[p]));
            let options = v.options[p].iter().fold(0u128, |b, &o| b | 1 << (o as usize));
            c.bits(CHARACTERS, options);
        }
        c.bits(NUM_CARDS, v.store);
        let pile = v.discard_pile();
        c.bits(NUM_CARDS, set_of(pile));
        c.one_hot(NUM_CARDS, pile.last().map(|&k| usize::from(k)));
        let deck = v.deck();
        c.put(deck.len() as f32 / NUM_CARDS as f32);
        c.bits(NUM_CARDS, set_of(deck));
        c.one_hot(NUM_CARDS, deck.last().filter(|&&k| k != NONE).map(|&k| usize::from(k)));
        c.bits(NUM_CARDS, v.deck_cands);
        c.one_hot(MAX_PLAYERS, v.winner.is_none().then(|| seats.rel_seat(v.active)).flatten());
        c.one_hot(MAX_PLAYERS, v.decider().and_then(|p| seats.rel_seat(p)));
        c.put(f32::from(v.bangs) / 3.0);
        let winner = v.winner.map(|w| match w {
            Side::Sheriff => 0,
            Side::Outlaws => 1,
            Side::Renegade => 2,
        });
        c.one_hot(3, winner);
        encode_frame(&mut c, v.top(), seats);
        c.finish();
    }
}

/// The set of the known cards of `slots` (unknown slots are `NONE`).
fn set_of(slots: &[u8]) -> CardSet {
    slots.iter().filter(|&&k| k != NONE).fold(0, |set, &k| set | cards::bit(k))
}

/// Writes the top pending frame ([`FRAME_LEN`] elements): its kind, its seats (relative), its
/// numbers and flags, the "draw!" check and the cards it shows.
fn encode_frame(c: &mut Cursor, frame: Frame, observer: RelativeSeats) {
    let (mut seats, mut targets, mut numbers, mut flags) = ([NONE; 3], 0, [0.0f32; 4], [false; 3]);
    let (mut check, mut shown) = (None, 0);
    let kind = match frame {
        Frame::Empty => 0,
        Frame::PickCharacter { seat } => {
            seats[0] = seat;
            1
        }
        Frame::TurnStart { stage } => {
            numbers[0] = f32::from(stage) / 3.0;
            2
        }
        Frame::DrawChoice => 3,
        Frame::KitKeep { cards: looked } => {
            shown = set_of(&looked);
            4
        }
        Frame::Play => 5,
        Frame::DiscardExcess => 6,
        Frame::CardEnd { origin } => {
            seats[0] = origin;
            7
        }
        Frame::Volley { attacker, indians, targets: t } => {
            seats[0] = attacker;
            flags[0] = indians;
            targets = observer.rel_bits(t);
            8
        }
        Frame::Shot { attacker, target, needed, barrel, jour } => {
            seats = [attacker, target, NONE];
            numbers[1] = f32::from(needed) / 2.0;
            flags = [false, barrel, jour];
            9
        }
        Frame::Duel { challenger, defender, current } => {
            seats = [challenger, defender, current];
            10
        }
        Frame::Indians { attacker, target } => {
            seats = [attacker, target, NONE];
            11
        }
        Frame::Store { picker, left } => {
            seats[0] = picker;
            numbers[2] = f32::from(left) / MAX_PLAYERS as f32;
            12
        }
        Frame::DeathSave { seat, lost, source } => {
            seats = [seat, source, NONE];
            numbers[3] = f32::from(lost) / 5.0;
            13
        }
        Frame::SidSecond { seat } => {
            seats[0] = seat;
            14
        }
        Frame::LuckyPick { seat, cards: flipped, check: ch } => {
            seats[0] = seat;
            shown = set_of(&flipped);
            check = Some(match ch {
                Check::Dynamite => 0,
                Check::Jail => 1,
                Check::Barrel => 2,
                Check::Jourdonnais => 3,
            });
            15
        }
        Frame::TopDiscard { seat } => {
            seats[0] = seat;
            16
        }
    };
    c.one_hot(FRAMES, Some(kind));
    for s in seats {
        c.one_hot(MAX_PLAYERS, observer.rel_seat(s));
    }
    c.bits(MAX_PLAYERS, targets);
    for x in numbers {
        c.put(x);
    }
    for f in flags {
        c.put(f32::from(u8::from(f)));
    }
    c.one_hot(4, check);
    c.bits(NUM_CARDS, shown);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, rng_from_seed};

    /// A new 4-seat game: the Sheriff (seat 0) is public, the other roles hidden but the seat's
    /// own; every hand is unknown to the others but its size; the deck holds the undealt cards,
    /// none of them known; seat 0 to move. Seat 2 sees seat 0 as relative seat 2.
    #[test]
    fn tensor_of_a_new_game() {
        let s = BangState::new_game(&Config::default(), 4, &mut rng_from_seed(4));
        assert_eq!((SEAT_LEN, TENSOR_LEN), (210, 2_105));
        let mut t = vec![f32::NAN; TENSOR_LEN];
        s.observation_tensor(2, &mut t);
        let block = |r: usize| &t[r * SEAT_LEN..(r + 1) * SEAT_LEN];
        let mut hands = 0.0;
        for r in 0..4 {
            let b = block(r);
            assert_eq!((b[0], b[1]), (1.0, 1.0), "relative seat {r} in the game, alive");
            let role_known = b[2..6].iter().sum::<f32>();
            assert_eq!(role_known, if r == 0 || r == 2 { 1.0 } else { 0.0 }, "role of relative seat {r}");
            let known = b[25..105].iter().sum::<f32>();
            let size = b[106] * 10.0;
            assert_eq!(known, if r == 0 { size } else { 0.0 }, "known cards of relative seat {r}");
            hands += size;
        }
        assert_eq!(block(2)[2], 1.0, "seat 0 is the Sheriff");
        assert!(t[4 * SEAT_LEN..7 * SEAT_LEN].iter().all(|&x| x == 0.0));
        let g = 7 * SEAT_LEN;
        let deck = t[g + 3 * NUM_CARDS] * NUM_CARDS as f32;
        assert_eq!((deck + hands).round(), 80.0, "every card is in the deck or a hand");
        assert!(t[g + 3 * NUM_CARDS + 1..g + 5 * NUM_CARDS + 1].iter().all(|&x| x == 0.0), "no deck card known");
        let turn = g + 6 * NUM_CARDS + 1;
        assert_eq!(&t[turn..turn + 4], &[0.0, 0.0, 1.0, 0.0], "seat 0 active = relative seat 2");
        assert_eq!(s.to_move(), Some(0));
    }
}
