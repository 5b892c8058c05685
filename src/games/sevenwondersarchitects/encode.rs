//! 7 Wonders Architects' action ids and observation tensor ([`Encoding`]); layout in
//! `docs/observations/sevenwondersarchitects.md`.

use super::config::Config;
use super::data::{CENTRAL_DECK, Card, Counts, KINDS, STAGES, TOKEN_KINDS, TOKENS, Token, WONDER_DECK, WONDERS};
use super::state::{Action, ArchitectsState, MAX_PLAYERS, NONE, ScienceSet, Source, Step, TokenChoice};
use crate::encoding::{Blocks, Cursor, Encoding, RelativeSeats};
use crate::game::Seat;

/// The most cards paid for a stage (stage 5 costs 4, spec §1.3).
const MAX_PAID: u8 = 4;
/// Payments: 6-tuples of card counts (wood, stone, clay, papyrus, glass, gold) summing to at
/// most [`MAX_PAID`], `C(4 + 6, 6)`.
const PAYMENTS: u32 = 210;

/// Ids, block by block in the order of [`Action`]'s variants: takes (seat decks 0-6, then the
/// central deck), science (pairs by card kind, then the triple), tokens (face up by kind, then the
/// stack top), builds (`(stage - 1) * 210 + payment rank`), looks by deck, keeps by card kind.
const IDS: Blocks<6> = Blocks([
    MAX_PLAYERS as u32 + 1,
    KINDS as u32 + 1,
    TOKEN_KINDS as u32 + 1,
    STAGES as u32 * PAYMENTS,
    MAX_PLAYERS as u32,
    KINDS as u32,
]);

/// Elements per relative seat: in the game, wonder one-hot (7), deck top kind one-hot (14), deck
/// size, deck cards by kind (14), tableau by kind (14), built stages (5), owned tokens (15),
/// military, cat holder, knows the central top.
pub const SEAT_LEN: usize = 1 + WONDERS + KINDS + 1 + KINDS + KINDS + STAGES + 15 + 1 + 1 + 1;

/// Steps in the one-hot of [`Step`].
const STEPS: usize = 9;

/// Elements of the tensor (see `docs/observations/sevenwondersarchitects.md`): seven seat blocks,
/// the central deck (size, known top, cards by kind), the tokens (face up, stack size, stack by
/// kind), the discard, the conflict tokens, the turn, the look.
pub const TENSOR_LEN: usize = MAX_PLAYERS * SEAT_LEN
    + (1 + KINDS + KINDS)
    + (TOKEN_KINDS + 1 + TOKEN_KINDS)
    + KINDS
    + 3
    + (MAX_PLAYERS + STEPS + 1 + 1 + 8 + 2 + 2 + 1 + 1)
    + (1 + KINDS + KINDS);

/// Writes `counts` divided by `scale`.
fn put_counts(c: &mut Cursor, counts: &Counts, scale: f32) {
    for &k in counts {
        c.put(f32::from(k) / scale);
    }
}

/// Counts by kind of `cards`.
fn kinds(cards: &[u8]) -> Counts {
    let mut counts = [0; KINDS];
    for &k in cards {
        counts[usize::from(k)] += 1;
    }
    counts
}

/// Every payment in lexicographic order (the rank of a payment is its position).
fn payments() -> impl Iterator<Item = [u8; 6]> {
    (0..7u32.pow(6)).filter_map(|mut code| {
        let mut pay = [0u8; 6];
        for slot in pay.iter_mut().rev() {
            *slot = (code % 7) as u8;
            code /= 7;
        }
        (pay.iter().sum::<u8>() <= MAX_PAID).then_some(pay)
    })
}

impl Encoding for ArchitectsState {
    /// The observation dict of docs/observations/sevenwondersarchitects.md.
    const OBSERVATION_VERSION: u32 = 1;

    /// 1,109 ids.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        let (block, i) = match action {
            Action::Take(Source::Deck(k)) => (0, k.into()),
            Action::Take(Source::Central) => (0, MAX_PLAYERS as u32),
            Action::Science(ScienceSet::Pair(card)) => (1, card as u32),
            Action::Science(ScienceSet::Triple) => (1, KINDS as u32),
            Action::Token(TokenChoice::FaceUp(token)) => (2, token as u32),
            Action::Token(TokenChoice::StackTop) => (2, TOKEN_KINDS as u32),
            Action::Build { stage, pay } => {
                let rank = payments().position(|p| p == pay).expect("a payment of at most 4 cards");
                (3, u32::from(stage - 1) * PAYMENTS + rank as u32)
            }
            Action::Look(k) => (4, k.into()),
            Action::Keep(card) => (5, card as u32),
        };
        IDS.id(block, i)
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        let last = |size: usize| i == size as u32;
        Some(match block {
            0 if last(MAX_PLAYERS) => Action::Take(Source::Central),
            0 => Action::Take(Source::Deck(i as u8)),
            1 if last(KINDS) => Action::Science(ScienceSet::Triple),
            1 => Action::Science(ScienceSet::Pair(Card::ALL[i as usize])),
            2 if last(TOKEN_KINDS) => Action::Token(TokenChoice::StackTop),
            2 => Action::Token(TokenChoice::FaceUp(Token::ALL[i as usize])),
            3 => Action::Build {
                stage: (i / PAYMENTS) as u8 + 1,
                pay: payments().nth((i % PAYMENTS) as usize).expect("a payment rank"),
            },
            4 => Action::Look(i as u8),
            _ => Action::Keep(Card::ALL[i as usize]),
        })
    }

    /// A flat vector of [`TENSOR_LEN`] elements at every player count (2–7).
    fn observation_shape(_: &Config, _: usize) -> Option<Vec<usize>> {
        Some(vec![TENSOR_LEN])
    }

    /// Seats are relative to `seat`; built from `seat`'s observation only: the public tops,
    /// the multisets of the decks and the stack (never their order), the central top only when
    /// the seat saw it, the cards of a look only for the looking seat.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        let view = self.observe(seat as u8).view;
        let n = usize::from(view.n);
        let seats = RelativeSeats::new(seat, n);
        let looking = view.look_len > 0;
        let mut c = Cursor::new(out);
        for r in 0..MAX_PLAYERS {
            if r >= n {
                c.take(SEAT_LEN).fill(0.0);
                continue;
            }
            let p = seats.abs(r);
            let len = usize::from(view.deck_len[p]);
            let deck = &view.decks[p][..len];
            let looked = looking && usize::from(view.look_deck) == p;
            c.put(1.0);
            c.one_hot(WONDERS, Some(view.wonder[p] as usize));
            // A deck being looked at shows no top: its cards are out of order for everyone.
            c.one_hot(KINDS, deck.last().filter(|_| !looked).map(|&k| usize::from(k)));
            c.put(len as f32 / WONDER_DECK as f32);
            let mut counts = kinds(deck);
            if looked {
                for (k, &l) in counts.iter_mut().zip(&view.look) {
                    *k += l;
                }
            }
            put_counts(&mut c, &counts, WONDER_DECK as f32);
            put_counts(&mut c, &view.tableau[p], 10.0);
            c.bits(STAGES, view.built[p].into());
            c.bits(15, view.owned[p].into());
            c.put(f32::from(view.military[p]) / 10.0);
            c.put(f32::from(u8::from(usize::from(view.cat) == p)));
            c.put(f32::from(u8::from(view.knows_central_top(p))));
        }
        let central = &view.central[..usize::from(view.central_len)];
        c.put(central.len() as f32 / CENTRAL_DECK as f32);
        let top = central.last().filter(|_| view.knows_central_top(seat));
        c.one_hot(KINDS, top.map(|&k| usize::from(k)));
        put_counts(&mut c, &kinds(central), 10.0);
        let mut display = [0.0; TOKEN_KINDS];
        for &t in view.display.iter().filter(|&&t| t != NONE) {
            display[usize::from(t)] += 1.0;
        }
        c.take(TOKEN_KINDS).copy_from_slice(&display);
        let stack = &view.stack[..usize::from(view.stack_len)];
        c.put(stack.len() as f32 / TOKENS as f32);
        put_counts(&mut c, &kinds(stack), 2.0);
        put_counts(&mut c, &view.discard, 10.0);
        c.put(f32::from(view.war) / 6.0);
        c.put(f32::from(view.conflict) / 6.0);
        c.put(f32::from(u8::from(view.battle_pending)));
        let over = view.step == Step::Over;
        c.one_hot(MAX_PLAYERS, (!over).then(|| seats.rel(view.active)));
        c.one_hot(STEPS, Some(step_index(view.step)));
        c.put(f32::from(u8::from(view.main_taken)));
        c.put(f32::from(view.extra) / 3.0);
        c.bits(8, view.fired.into());
        c.bits(2, view.used.into());
        c.put(f32::from(u8::from(view.power == Some(Step::PowerTake))));
        c.put(f32::from(u8::from(view.power == Some(Step::Look))));
        c.put(f32::from(u8::from(view.token_pending)));
        c.put(f32::from(view.turns) / 100.0);
        c.put(f32::from(view.look_len) / 5.0);
        c.one_hot(KINDS, looking.then_some(usize::from(view.look_top)));
        let own_look = looking && usize::from(view.active) == seat;
        put_counts(&mut c, if own_look { &view.look } else { &[0; KINDS] }, 5.0);
        c.finish();
    }
}

/// The index of `step` in the tensor's one-hot (the order of [`Step`]'s variants).
fn step_index(step: Step) -> usize {
    match step {
        Step::MainTake => 0,
        Step::ExtraTake => 1,
        Step::PowerTake => 2,
        Step::Science => 3,
        Step::Token => 4,
        Step::Build => 5,
        Step::Look => 6,
        Step::Keep => 7,
        Step::Over => 8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::game::{Game, rng_from_seed};

    /// A new 3-seat game: 7 seat blocks of 74, three in the game with a public deck top each, the
    /// central deck full (60 cards, top unknown), three tokens face up, seat 0 to move in its
    /// main take; seat 2 sees seat 0 as relative seat 1.
    #[test]
    fn tensor_of_a_new_game() {
        let s = ArchitectsState::new(&Config::default(), 3, &mut rng_from_seed(5));
        assert_eq!((SEAT_LEN, TENSOR_LEN), (74, 654));
        let mut t = vec![f32::NAN; TENSOR_LEN];
        s.observation_tensor(2, &mut t);
        for r in 0..3 {
            let block = &t[r * SEAT_LEN..(r + 1) * SEAT_LEN];
            assert_eq!(block[0], 1.0, "relative seat {r} in the game");
            assert_eq!(block[1..8].iter().sum::<f32>(), 1.0, "one wonder");
            assert_eq!(block[8..22].iter().sum::<f32>(), 1.0, "a public deck top");
        }
        assert!(t[3 * SEAT_LEN..7 * SEAT_LEN].iter().all(|&x| x == 0.0));
        let g = 7 * SEAT_LEN;
        assert_eq!(t[g], 1.0, "60 of 60 central cards");
        assert!(t[g + 1..g + 15].iter().all(|&x| x == 0.0), "central top unseen");
        for (k, &count) in super::super::data::CENTRAL.iter().enumerate() {
            assert_eq!(t[g + 15 + k], f32::from(count) / 10.0, "central cards of kind {k} ÷ 10");
        }
        let tokens = g + 29;
        assert_eq!(t[tokens..tokens + 14].iter().sum::<f32>(), 3.0, "three tokens face up");
        let turn = tokens + 29 + KINDS + 3;
        assert_eq!(&t[turn..turn + 3], &[0.0, 1.0, 0.0], "seat 0 to move = relative seat 1");
        assert_eq!(t[turn + MAX_PLAYERS], 1.0, "main take");
        assert_eq!(s.to_move(), Some(0));
    }

    #[test]
    fn there_are_210_payments() {
        assert_eq!(payments().count(), PAYMENTS as usize);
    }
}
