//! Lewis & Clark's action ids and observation tensor ([`Encoding`]); layout in
//! `docs/observations/lewisclark.md`. Ids: one block per [`Action`] variant, indexed by the
//! variant's argument (a card id, a location, a kind, a slot, a count).

use super::data::{
    self, FORT, INDIANS, KINDS, LOC_NAMES, MAX_PLAYERS, NONE, NUM_CARDS, NUM_ENCOUNTERS, SLOTS, TILES_PER_KIND,
};
use super::state::{Action, Choice, Config, Count, End, Gains, InterpreterTake, LewisClark, Op, Phase, STACK, Source};
use crate::encoding::{Blocks, Cursor, Encoding, RelativeSeats};
use crate::game::Seat;

/// Card ids (`Play`, `Support`, `TradeIn`, `Target`, `Discard`).
const CARDS: u32 = NUM_CARDS as u32;
/// Village locations (`Send`, `Location`).
const LOCATIONS: u32 = LOC_NAMES.len() as u32;
/// Indians per `Send` (1–3: 3 only at the canoe and horse locations, R17).
const SEND_MAX: u32 = 3;
/// Most alternatives of a `Choose` (the boat tiles' four, R21).
const CHOICES: u32 = 4;
/// Kinds a `Take` names: the four primary resources (R10, R11).
const PRIMARY_KINDS: u32 = 4;
/// A collect takes at most badges(K) ≤ one per card (R11): 0..=84.
const AMOUNTS: u32 = NUM_CARDS as u32 + 1;
/// Indians a `Take` from the Powwow: 0..=18 (the Indian pool, R23).
const TAKE_INDIANS: u32 = super::data::INDIANS as u32 + 1;
/// Indians put on a played card: 0..=3 (R5).
const INDIANS_ON_CARD: u32 = 4;

/// The blocks, in [`Action`]'s variant order.
const IDS: Blocks<20> = Blocks([
    CARDS,                // 0 Play(card)
    LOCATIONS * SEND_MAX, // 1 Send(loc, k): loc * 3 + k - 1
    SLOTS as u32,         // 2 Recruit(slot 1..=5)
    1,                    // 3 Camp
    1,                    // 4 EndTurn
    1,                    // 5 NoSupport
    CARDS,                // 6 Support(card)
    INDIANS_ON_CARD,      // 7 Indians(k)
    1,                    // 8 NoTradeIn
    CARDS,                // 9 TradeIn(card)
    CHOICES,              // 10 Choose(1..=4)
    PRIMARY_KINDS,        // 11 Take(kind)
    1,                    // 12 Done
    AMOUNTS,              // 13 Amount(n)
    KINDS as u32,         // 14 Return(kind)
    KINDS as u32,         // 15 Pay(kind)
    LOCATIONS,            // 16 Location(loc)
    CARDS,                // 17 Target(card)
    SLOTS as u32,         // 18 TakeCard(slot 1..=5)
    TAKE_INDIANS + CARDS, // 19 TakeIndians(k), then Discard(card)
]);

/// Elements per relative seat: in the game, hand, active cards, supports (84 each, relative card
/// indices), Indians on cards and on boats, resources by kind (6), boat tiles (4), scout, camp.
pub const SEAT_LEN: usize = 1 + 3 * NUM_CARDS + 2 + KINDS + 4 + 2;

/// Kinds of [`Op`] (one-hot width), in the enum's variant order.
const OP_KINDS: usize = 22;
/// The widest sub-kind of a step: a move's [`Count`] (9 variants; a `Choose`'s [`Choice`] has 6).
const SUBKINDS: usize = 9;
/// Elements per op-stack entry: kind, count, resource kind, minimum, kind mask, two flags,
/// sub-kind.
pub const OP_LEN: usize = OP_KINDS + 1 + KINDS + 1 + KINDS + 2 + SUBKINDS;

/// Elements of the public boards before the seats: options (5); seats in the game, the seat to
/// move, winners (5 each); end (3); round and rounds left; turn flags (3); village (8); Powwow
/// and Indian supply; tile supply (2); journal (5 × 54); deck and discard pile (54 + a count
/// each); reshuffled; removed cards (84).
const BOARD_LEN: usize = 5
    + 3 * MAX_PLAYERS
    + 3
    + 2
    + 3
    + data::LOCS.len()
    + 2
    + 2
    + SLOTS * NUM_ENCOUNTERS
    + 2 * (NUM_ENCOUNTERS + 1)
    + 1
    + NUM_CARDS;

/// Elements of the action in progress: phase, card, support, recruited slot, location, strength,
/// repetitions left, gains (6 + Indians), three flags, start space, stack depth, the stack.
const ACTION_LEN: usize = 6 + 2 * NUM_CARDS + SLOTS + data::LOCS.len() + 2 + KINDS + 1 + 3 + 1 + 1 + STACK * OP_LEN;

/// Elements of the tensor (2,793; see `docs/observations/lewisclark.md`), the same for every
/// option and player count.
pub const TENSOR_LEN: usize = BOARD_LEN + MAX_PLAYERS * SEAT_LEN + ACTION_LEN;

/// Scale of counts of Indian figures (all of them).
const PER_INDIAN: f32 = 1.0 / INDIANS as f32;
/// Scale of resource units and step counts.
const PER_TEN: f32 = 0.1;

fn flag(b: bool) -> f32 {
    f32::from(u8::from(b))
}

/// A set of card ids as `seats` numbers them: the starting cards of seat `s` (ids `6s..6s + 6`)
/// move to relative seat `rel(s)`'s ids, encounter cards keep theirs.
fn rel_cards(seats: &RelativeSeats, n: usize, set: u128) -> u128 {
    let starting = (0..n).fold(0u128, |acc, s| acc | (set >> (6 * s) & 0b11_1111) << (6 * seats.rel(s)));
    starting | set & !((1u128 << data::FIRST_ENCOUNTER) - 1)
}

/// A card id as `seats` numbers it (see [`rel_cards`]).
fn rel_card(seats: &RelativeSeats, card: u8) -> usize {
    match data::role(card) {
        Some(role) => 6 * seats.rel(usize::from(card / 6)) + usize::from(role),
        None => card.into(),
    }
}

/// A card id as `seats` numbers it, or `None` for `NONE`.
fn rel_card_opt(seats: &RelativeSeats, card: u8) -> Option<usize> {
    (card != NONE).then(|| rel_card(seats, card))
}

/// Writes one op-stack entry (`None`: an unused entry, all zeros). Fields: kind one-hot; count
/// `n` ÷ 10 (a pay, gain, take, return or discard's `n`, a slide's slot, an amount's or an
/// Indian take's maximum, a fixed move's spaces); resource kind one-hot (pay, gain, amount);
/// minimum ÷ 6 (kinds; a discard's next card id ÷ 84, relative); kind mask (take, gain-kind,
/// collect); flags (mountain move, strict take, occupied location; optional take); sub-kind
/// one-hot (a move's count, a choice's alternatives).
fn put_op(c: &mut Cursor<'_>, seats: &RelativeSeats, op: Option<Op>) {
    let Some(op) = op else {
        c.take(OP_LEN).fill(0.0);
        return;
    };
    let (mut n, mut kind, mut min, mut mask, mut flags, mut sub) = (0u8, None, 0.0, 0u8, [false; 2], None);
    let kind_index = match op {
        Op::Pay(k, m) => {
            (kind, n) = (Some(k), m);
            0
        }
        Op::Powwow(m) => {
            n = m;
            1
        }
        Op::Gain(k, m) => {
            (kind, n) = (Some(k), m);
            2
        }
        Op::Overflow => 3,
        Op::Move(mountain, count) => {
            flags[0] = mountain;
            let (variant, fixed) = match count {
                Count::Fixed(m) => (0, m),
                Count::BadgesFd => (1, 0),
                Count::BadgesE => (2, 0),
                Count::HalfResources => (3, 0),
                Count::ThirdResources => (4, 0),
                Count::ScoutsAhead => (5, 0),
                Count::BoatIndians => (6, 0),
                Count::Active => (7, 0),
                Count::Village => (8, 0),
            };
            (sub, n) = (Some(variant), fixed);
            4
        }
        Op::Gather => 5,
        Op::Newcomer => 6,
        Op::Refresh => 7,
        Op::Slide(slot) => {
            n = slot;
            8
        }
        Op::Choose(choice) => {
            sub = Some(match choice {
                Choice::Captain => 0,
                Choice::Newman => 1,
                Choice::Mackay => 2,
                Choice::Cameahwait => 3,
                Choice::OldToby => 4,
                Choice::Tile => 5,
            });
            9
        }
        Op::PayAny(m, lo) => {
            (n, min) = (m, f32::from(lo) / KINDS as f32);
            10
        }
        Op::PayDiff(m, lo) => {
            (n, min) = (m, f32::from(lo) / KINDS as f32);
            11
        }
        Op::Take { n: m, min: lo, mask: bits, strict, optional } => {
            (n, min, mask, flags) = (m, f32::from(lo) / KINDS as f32, bits, [strict, optional]);
            12
        }
        Op::GainKind(bits, m) => {
            (mask, n) = (bits, m);
            13
        }
        Op::Collect(bits) => {
            mask = bits;
            14
        }
        Op::Amount(k, max) => {
            (kind, n) = (Some(k), max);
            15
        }
        Op::Return(m, lo) => {
            (n, min) = (m, f32::from(lo) / KINDS as f32);
            16
        }
        Op::Location(occupied) => {
            flags[0] = occupied;
            17
        }
        Op::Target => 18,
        Op::TakeCard => 19,
        Op::TakeIndians(max) => {
            n = max;
            20
        }
        Op::Discard(m, from) => {
            // `from` is the next card id the discards may name: the one after the last discard.
            let next = if usize::from(from) < NUM_CARDS { rel_card(seats, from) } else { NUM_CARDS };
            (n, min) = (m, next as f32 / NUM_CARDS as f32);
            21
        }
    };
    c.one_hot(OP_KINDS, Some(kind_index));
    c.put(f32::from(n) * PER_TEN);
    c.one_hot(KINDS, kind.map(usize::from));
    c.put(min);
    c.bits(KINDS, mask.into());
    c.put(flag(flags[0]));
    c.put(flag(flags[1]));
    c.one_hot(SUBKINDS, sub);
}

impl Encoding for LewisClark {
    /// The observation dict of docs/observations/lewisclark.md.
    const OBSERVATION_VERSION: u32 = 1;

    /// 595 ids, the same for every option and player count.
    fn num_distinct_actions(_: &Config, _: usize) -> u32 {
        IDS.len()
    }

    fn action_id(&self, action: Action) -> u32 {
        let u = u32::from;
        match action {
            Action::Play(c) => IDS.id(0, u(c)),
            Action::Send(loc, k) => IDS.id(1, u(loc) * SEND_MAX + u(k) - 1),
            Action::Recruit(slot) => IDS.id(2, u(slot) - 1),
            Action::Camp => IDS.id(3, 0),
            Action::EndTurn => IDS.id(4, 0),
            Action::NoSupport => IDS.id(5, 0),
            Action::Support(c) => IDS.id(6, u(c)),
            Action::Indians(k) => IDS.id(7, u(k)),
            Action::NoTradeIn => IDS.id(8, 0),
            Action::TradeIn(c) => IDS.id(9, u(c)),
            Action::Choose(i) => IDS.id(10, u(i) - 1),
            Action::Take(kind) => IDS.id(11, u(kind)),
            Action::Done => IDS.id(12, 0),
            Action::Amount(n) => IDS.id(13, u(n)),
            Action::Return(kind) => IDS.id(14, u(kind)),
            Action::Pay(kind) => IDS.id(15, u(kind)),
            Action::Location(loc) => IDS.id(16, u(loc)),
            Action::Target(c) => IDS.id(17, u(c)),
            Action::TakeCard(slot) => IDS.id(18, u(slot) - 1),
            Action::TakeIndians(k) => IDS.id(19, u(k)),
            Action::Discard(c) => IDS.id(19, TAKE_INDIANS + u(c)),
        }
    }

    fn action_from_id(&self, id: u32) -> Option<Action> {
        let (block, i) = IDS.split(id)?;
        let b = |x: u32| x as u8;
        Some(match block {
            0 => Action::Play(b(i)),
            1 => Action::Send(b(i / SEND_MAX), b(i % SEND_MAX + 1)),
            2 => Action::Recruit(b(i + 1)),
            3 => Action::Camp,
            4 => Action::EndTurn,
            5 => Action::NoSupport,
            6 => Action::Support(b(i)),
            7 => Action::Indians(b(i)),
            8 => Action::NoTradeIn,
            9 => Action::TradeIn(b(i)),
            10 => Action::Choose(b(i + 1)),
            11 => Action::Take(b(i)),
            12 => Action::Done,
            13 => Action::Amount(b(i)),
            14 => Action::Return(b(i)),
            15 => Action::Pay(b(i)),
            16 => Action::Location(b(i)),
            17 => Action::Target(b(i)),
            18 => Action::TakeCard(b(i + 1)),
            _ if i < TAKE_INDIANS => Action::TakeIndians(b(i)),
            _ => Action::Discard(b(i - TAKE_INDIANS)),
        })
    }

    /// A flat vector of [`TENSOR_LEN`] elements, the same for every option and player count.
    fn observation_shape(_: &Config, _: usize) -> Option<Vec<usize>> {
        Some(vec![TENSOR_LEN])
    }

    /// The whole state (nothing is hidden, spec "Information"), seats and the starting cards'
    /// ids relative to `seat`; built from `seat`'s observation only.
    fn observation_tensor(&self, seat: Seat, out: &mut [f32]) {
        use crate::game::Game;
        let obs = self.observation(seat);
        let n = usize::from(obs.n);
        let seats = RelativeSeats::new(seat, n);
        let cards = |set: u128| rel_cards(&seats, n, set);
        let space = |s: i16| f32::from(s) / f32::from(FORT);
        let mut c = Cursor::new(out);
        // Options.
        let config = &obs.config;
        c.put(flag(config.interpreter_take == InterpreterTake::Strength));
        c.put(flag(config.recruit_trade_in));
        c.put(flag(config.camp_retreat));
        c.put(flag(config.gains == Gains::Forced));
        c.put(flag(config.bottom_reset));
        // Seats and the turn.
        c.bits(MAX_PLAYERS, (1u128 << n) - 1);
        let over = obs.phase == Phase::Over;
        c.one_hot(MAX_PLAYERS, (!over).then(|| seats.rel(obs.current)));
        c.bits(MAX_PLAYERS, seats.rel_bits(obs.winners));
        c.one_hot(
            3,
            Some(match obs.end {
                End::NotYet => 0,
                End::Fort => 1,
                End::TimeOut => 2,
            }),
        );
        c.put(f32::from(obs.round) / 100.0);
        c.put((f32::from(config.max_rounds) - f32::from(obs.round)) / 100.0);
        c.put(flag(obs.acted));
        c.put(flag(obs.recruited));
        c.put(flag(obs.camped));
        // The village and the supplies.
        for v in obs.village {
            c.put(f32::from(v) * PER_INDIAN);
        }
        c.put(f32::from(obs.powwow) * PER_INDIAN);
        c.put(f32::from(obs.indian_supply) * PER_INDIAN);
        for t in obs.tile_supply {
            c.put(f32::from(t) / f32::from(TILES_PER_KIND));
        }
        // The journal (encounter numbers − 1), the deck, the discard pile, removed cards.
        for card in obs.journal {
            c.one_hot(NUM_ENCOUNTERS, data::number(card).filter(|_| card != NONE).map(|e| usize::from(e) - 1));
        }
        c.bits(NUM_ENCOUNTERS, obs.deck.into());
        c.put(obs.deck.count_ones() as f32 / NUM_ENCOUNTERS as f32);
        c.bits(NUM_ENCOUNTERS, obs.discard.into());
        c.put(obs.discard.count_ones() as f32 / NUM_ENCOUNTERS as f32);
        c.put(flag(obs.reshuffled));
        c.bits(NUM_CARDS, cards(obs.removed));
        // The expeditions.
        for r in 0..MAX_PLAYERS {
            if r >= n {
                c.take(SEAT_LEN).fill(0.0);
                continue;
            }
            let e = &obs.seats[seats.abs(r)];
            c.put(1.0);
            c.bits(NUM_CARDS, cards(e.hand));
            c.bits(NUM_CARDS, cards(e.active));
            c.bits(NUM_CARDS, cards(e.supports));
            c.put(f32::from(e.on_cards) * PER_INDIAN);
            c.put(f32::from(e.indians) * PER_INDIAN);
            for units in e.res {
                c.put(f32::from(units) * PER_TEN);
            }
            for t in e.tiles {
                c.put(f32::from(t) / f32::from(TILES_PER_KIND));
            }
            c.put(space(e.scout));
            c.put(space(e.camp));
        }
        // The action in progress.
        let (phase, card, support, slot) = match obs.phase {
            Phase::Turn => (0, None, None, None),
            Phase::Power1(card) => (1, Some(card), None, None),
            Phase::Power2(card, support) => (2, Some(card), Some(support), None),
            Phase::TradeIn(slot) => (3, None, None, Some(usize::from(slot) - 1)),
            Phase::Action => (4, None, None, None),
            Phase::Over => (5, None, None, None),
        };
        c.one_hot(6, Some(phase));
        let (card, loc) = match (card, obs.ctx.source) {
            (Some(card), _) | (None, Source::Card(card)) => (Some(card), None),
            (None, Source::Loc(loc)) => (None, Some(usize::from(loc))),
            (None, Source::None) => (None, None),
        };
        c.one_hot(NUM_CARDS, card.and_then(|d| rel_card_opt(&seats, d)));
        c.one_hot(NUM_CARDS, support.and_then(|d| rel_card_opt(&seats, d)));
        c.one_hot(SLOTS, slot);
        c.one_hot(data::LOCS.len(), loc);
        let ctx = &obs.ctx;
        c.put(f32::from(ctx.strength) / 6.0);
        c.put(f32::from(ctx.reps_left) / 6.0);
        for units in ctx.gained {
            c.put(f32::from(units) * PER_TEN);
        }
        c.put(f32::from(ctx.gained_indians) * PER_INDIAN);
        c.put(flag(ctx.moved));
        c.put(flag(ctx.jarrot_used));
        c.put(flag(ctx.cut_nose_used));
        c.put(space(ctx.start));
        c.put(f32::from(obs.depth) / STACK as f32);
        let depth = usize::from(obs.depth);
        for i in 0..STACK {
            // Entry 0 is the top of the stack: the next step.
            put_op(&mut c, &seats, (i < depth).then(|| obs.stack[depth - 1 - i]));
        }
        c.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, rng_from_seed};
    use rand::RngExt;

    /// Offsets of the blocks (docs/observations/lewisclark.md).
    const SEATS_AT: usize = BOARD_LEN;
    const ACTION_AT: usize = BOARD_LEN + MAX_PLAYERS * SEAT_LEN;
    const STACK_AT: usize = ACTION_AT + ACTION_LEN - STACK * OP_LEN;

    fn tensor(s: &LewisClark, seat: Seat) -> Vec<f32> {
        let mut t = vec![f32::NAN; TENSOR_LEN];
        s.observation_tensor(seat, &mut t);
        t
    }

    /// A new 3-seat game seen by seat 2: its own six starting cards are relative seat 0's hand
    /// at indices 0–5 (seat 0's at 6–11: relative seat 1), one Indian and E F Fd 1 each on every
    /// boat, 5 journal cards and 49 in the deck, seat 0 (relative 1) to move, no action pending.
    #[test]
    fn tensor_of_a_new_game() {
        assert_eq!((BOARD_LEN, SEAT_LEN, OP_LEN, ACTION_LEN, TENSOR_LEN), (505, 267, 47, 953, 2_793));
        let s = LewisClark::new(&Config::default(), 3, &mut rng_from_seed(4));
        let t = tensor(&s, 2);
        assert_eq!(&t[..5], &[0.0, 1.0, 1.0, 0.0, 0.0], "options: any, trade-in, retreat, published, no reset");
        assert_eq!(&t[5..10], &[1.0, 1.0, 1.0, 0.0, 0.0], "three seats");
        assert_eq!(&t[10..15], &[0.0, 1.0, 0.0, 0.0, 0.0], "seat 0 to move is relative seat 1");
        assert_eq!(
            &t[15..28],
            &[0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.01, 1.99, 0.0, 0.0, 0.0],
            "no winner, not over, round 1 of 200, not acted"
        );
        let journal = 5 + 15 + 3 + 2 + 3 + 8 + 4;
        let listed: f32 = t[journal..journal + 5 * NUM_ENCOUNTERS].iter().sum();
        let deck = journal + 5 * NUM_ENCOUNTERS;
        assert_eq!((listed, t[deck + NUM_ENCOUNTERS] * 54.0), (5.0, 49.0));
        for r in 0..MAX_PLAYERS {
            let b = &t[SEATS_AT + r * SEAT_LEN..SEATS_AT + (r + 1) * SEAT_LEN];
            let hand: Vec<usize> = (0..NUM_CARDS).filter(|&i| b[1 + i] == 1.0).collect();
            if r < 3 {
                assert_eq!(hand, (6 * r..6 * r + 6).collect::<Vec<_>>(), "relative seat {r}'s starting hand");
                assert_eq!(
                    &b[1 + 3 * NUM_CARDS..SEAT_LEN],
                    &[0.0, 1.0 / 18.0, 0.1, 0.1, 0.0, 0.1, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
                );
            } else {
                assert!(b.iter().all(|&x| x == 0.0), "relative seat {r} is not in the game");
            }
        }
        assert_eq!(t[ACTION_AT], 1.0, "phase: the turn");
        assert!(t[STACK_AT - 1..].iter().all(|&x| x == 0.0), "no step pending");
    }

    /// Seat 1 plays its Captain (`s1_captain`, card 6): seat 1 sees the card in play as its own
    /// relative card 0, seat 0 sees it as relative card 6; the encounter cards keep their ids.
    #[test]
    fn cards_are_numbered_relative_to_the_observer() {
        let mut s = LewisClark::new(&Config::default(), 2, &mut rng_from_seed(4));
        s.current = 1;
        s.phase = Phase::Power1(data::starting(1, data::CAPTAIN));
        let card_at = ACTION_AT + 6;
        let held = |t: &[f32]| (0..NUM_CARDS).find(|&i| t[card_at + i] == 1.0);
        assert_eq!(held(&tensor(&s, 1)), Some(0));
        assert_eq!(held(&tensor(&s, 0)), Some(6));
        s.phase = Phase::Power1(data::enc(7));
        assert_eq!(held(&tensor(&s, 0)), Some(usize::from(data::enc(7))));
        assert_eq!(rel_cards(&RelativeSeats::new(1, 2), 2, 1 << 6 | 1 << 2 | 1 << 40), 1 | 1 << 8 | 1 << 40);
    }

    /// Over random games at 2–5 players (every option value of `gains` and `interpreter_take`),
    /// every seat's tensor fills exactly `observation_shape` elements (the encoder's cursor
    /// checks it ends at the last one) with finite values, and the op stack's entries are all
    /// written in the stack block.
    #[test]
    fn tensor_length_is_the_shape_over_random_games() {
        let mut legal = Vec::new();
        for (game, players) in (2..=5).chain(2..=5).enumerate() {
            let config = Config {
                gains: if game < 4 { Gains::Published } else { Gains::Forced },
                interpreter_take: if game < 4 { InterpreterTake::Any } else { InterpreterTake::Strength },
                max_rounds: 20,
                ..Config::default()
            };
            let shape = LewisClark::observation_shape(&config, players).unwrap();
            assert_eq!(shape, vec![TENSOR_LEN]);
            let mut rng = rng_from_seed(game as u64);
            let mut s = LewisClark::new(&config, players, &mut rng);
            let mut deepest = 0;
            while s.to_move().is_some() {
                for seat in 0..players {
                    let mut t = vec![f32::NAN; shape.iter().product()];
                    s.observation_tensor(seat, &mut t);
                    assert!(t.iter().all(|x| x.is_finite()), "seat {seat}: an element was not written");
                    let pending = (0..STACK).filter(|&i| t[STACK_AT + i * OP_LEN..][..OP_KINDS].contains(&1.0)).count();
                    assert_eq!(pending, usize::from(s.depth));
                }
                deepest = deepest.max(s.depth);
                s.legal_actions(&mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                s.apply(a, &mut rng);
            }
            assert!(deepest > 0, "game {game}: no action with pending steps");
        }
    }
}
