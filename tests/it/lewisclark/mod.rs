//! Lewis & Clark (`docs/rules/lewisclark.md`): one test per rule (R) and worked check (W) of
//! the spec, the invariants over random games and the bots. Positions are built by hand from the
//! state after setup with the helpers below (cards are moved from wherever they are, so every
//! card stays in exactly one place).

mod bots;
mod invariants;
mod rules;
mod worked;

use meeple::game::{Game, GameRng, rng_from_seed};
use meeple::games::lewisclark::data::{self, NONE};
use meeple::games::lewisclark::{Config, LewisClark};

/// Encounter card `eNN`.
pub fn e(n: u8) -> u8 {
    data::enc(n)
}

/// Starting card of `seat` by role name.
pub fn st(seat: usize, role: &str) -> u8 {
    data::starting(seat, data::ROLES.iter().position(|r| *r == role).expect("a role") as u8)
}

/// A fixed RNG for tests.
pub fn rng() -> GameRng {
    rng_from_seed(7)
}

/// The state after setup with `n` seats under `config`, with journal e03, e04, e05, e06, e07
/// (so that nothing depends on the random journal unless a test sets it).
pub fn setup_with(n: usize, config: Config) -> LewisClark {
    let mut s = LewisClark::new(&config, n, &mut rng());
    journal(&mut s, [e(3), e(4), e(5), e(6), e(7)]);
    s
}

/// [`setup_with`] the default options.
pub fn setup(n: usize) -> LewisClark {
    setup_with(n, Config::default())
}

/// Takes `card` out of wherever it is (hands, play areas, journal, deck, discard, removed).
pub fn lift(s: &mut LewisClark, card: u8) {
    let bit = 1u128 << card;
    for p in 0..s.n as usize {
        let x = &mut s.seats[p];
        x.hand &= !bit;
        x.active &= !bit;
        x.supports &= !bit;
    }
    s.removed &= !bit;
    if let Some(i) = data::number(card) {
        let b = 1u64 << (i - 1);
        s.deck &= !b;
        s.discard &= !b;
    }
    if let Some(i) = s.journal.iter().position(|&c| c == card) {
        s.journal[i] = NONE;
    }
}

/// Sets the journal to `cards` (slot 1 first, `NONE` for empty); the old journal returns to the
/// deck.
pub fn journal(s: &mut LewisClark, cards: [u8; 5]) {
    for c in s.journal {
        if c != NONE {
            s.deck |= 1 << (c - data::FIRST_ENCOUNTER);
        }
    }
    s.journal = [NONE; 5];
    for c in cards.iter().filter(|&&c| c != NONE) {
        lift(s, *c);
    }
    s.journal = cards;
}

/// Sets `seat`'s hand to exactly `cards`; its other hand cards leave the game.
pub fn hand(s: &mut LewisClark, seat: usize, cards: &[u8]) {
    s.removed |= s.seats[seat].hand;
    s.seats[seat].hand = 0;
    for &c in cards {
        lift(s, c);
        s.seats[seat].hand |= 1 << c;
    }
}

/// Adds `cards` to `seat`'s hand.
pub fn add_hand(s: &mut LewisClark, seat: usize, cards: &[u8]) {
    for &c in cards {
        lift(s, c);
        s.seats[seat].hand |= 1 << c;
    }
}

/// Puts `card` active in `seat`'s play area with `support` (`NONE` for none) and `k` Indians on
/// it (taken from the Indian supply, or out of the game when it is empty).
pub fn area(s: &mut LewisClark, seat: usize, card: u8, support: u8, k: u8) {
    lift(s, card);
    s.seats[seat].active |= 1 << card;
    if support != NONE {
        lift(s, support);
        s.seats[seat].supports |= 1 << support;
    }
    s.seats[seat].on_cards += k;
}

/// Sets `seat`'s resources from text like `"E2 F1 Fd1"` (all other kinds 0).
pub fn res(s: &mut LewisClark, seat: usize, text: &str) {
    s.seats[seat].res = parse_res(text);
}

/// Resources from text like `"E2 F1 Fd1"`.
pub fn parse_res(text: &str) -> [u8; 6] {
    let mut r = [0; 6];
    for part in text.split_whitespace() {
        let split = part.find(|c: char| c.is_ascii_digit()).expect("a count");
        let kind = data::KIND_NAMES.iter().position(|k| *k == &part[..split]).expect("a kind");
        r[kind] = part[split..].parse().expect("a number");
    }
    r
}

/// Sets the scouts (and leaves the camps).
pub fn scouts(s: &mut LewisClark, spaces: &[i16]) {
    for (p, &x) in spaces.iter().enumerate() {
        s.seats[p].scout = x;
    }
}

/// Applies R4's automatic steps to a built position.
pub fn settle(s: &mut LewisClark) {
    s.settle(&mut rng());
}

/// The legal actions as text.
pub fn opts(s: &LewisClark) -> Vec<String> {
    let mut v = Vec::new();
    s.legal_actions(&mut v);
    v.iter().map(ToString::to_string).collect()
}

/// Plays the actions named (each must be legal) with a fixed RNG.
pub fn go(s: &mut LewisClark, names: &[&str]) {
    let mut r = rng();
    for name in names {
        let mut v = Vec::new();
        s.legal_actions(&mut v);
        let a = v
            .iter()
            .find(|a| a.to_string() == *name)
            .unwrap_or_else(|| panic!("{name} is not legal: {:?}\n{s}", opts(s)));
        s.apply(*a, &mut r);
    }
}

/// A seat's resources as text (`"E2 F1"`; `""` for none).
pub fn held(s: &LewisClark, seat: usize) -> String {
    let r = s.seats[seat].res;
    let parts: Vec<String> = (0..6).filter(|&k| r[k] > 0).map(|k| format!("{}{}", data::KIND_NAMES[k], r[k])).collect();
    parts.join(" ")
}
