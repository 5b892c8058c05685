//! Simultaneous rock-paper-scissors, a test-only game that proves the hidden-commitment check of
//! the conformance kit (`meeple::conformance::check`, see `src/game.rs`, "Simultaneous choices as
//! hidden commitments"): it passes on the correct game and fails on two deliberately leaky
//! variants kept here.
//!
//! Rules: 2–3 seats play [`ROUNDS`] rounds. In a round every seat throws a hand, then bets 1 or 2,
//! in seat order (a commitment of two decisions); the last seat's bet reveals the round: each
//! seat scores its bet for every other seat whose hand it beats. Score: points, higher is better;
//! the seats tied for the most points share reward 1. Every commitment but the last seat's is
//! hidden ([`Game::simultaneous`]): the other seats see only *that* it was made (from `to_move`),
//! and `determinize` draws it anew, hand and bet uniformly.

use std::fmt;
use std::ops::RangeInclusive;

use meeple::game::{Game, GameRng, MAX_SEATS, Rewards, Scoring, Seat};
use rand::RngExt;

/// Rounds per game.
pub const ROUNDS: u8 = 3;
/// The correct game.
pub const CORRECT: u8 = 0;
/// Leak 1: every seat's observation shows the commitments (and `determinize` keeps them, as for
/// public information): a game that forgot to hide them.
pub const SHOWN: u8 = 1;
/// Leak 2: observations hide the commitments but `determinize` keeps them instead of drawing
/// them anew, so a searching bot plays against the true choice.
pub const KEPT: u8 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Hand {
    Rock,
    Paper,
    Scissors,
}

const HANDS: [Hand; 3] = [Hand::Rock, Hand::Paper, Hand::Scissors];

impl Hand {
    fn beats(self, other: Hand) -> bool {
        matches!(
            (self, other),
            (Hand::Rock, Hand::Scissors) | (Hand::Paper, Hand::Rock) | (Hand::Scissors, Hand::Paper)
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    Throw(Hand),
    Bet(u8),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Throw(h) => write!(f, "throw {h:?}"),
            Action::Bet(b) => write!(f, "bet {b}"),
        }
    }
}

/// A seat's commitment this round: its hand, then its bet (0 until made).
type Commitment = (Option<Hand>, u8);

/// The state; `LEAK` picks the correct game or a leaky variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rps<const LEAK: u8> {
    players: usize,
    round: u8,
    committed: [Commitment; 3],
    points: [i32; 3],
    /// The last revealed round.
    last: [Commitment; 3],
}

/// What a seat knows: all public data, its own commitment, and (leak 1 only) everyone's.
#[derive(Debug, PartialEq, Eq, serde::Serialize)]
pub struct RpsObservation {
    round: u8,
    to_move: Option<Seat>,
    points: [i32; 3],
    last: [Commitment; 3],
    own: Commitment,
    shown: Option<[Commitment; 3]>,
}

impl<const LEAK: u8> Game for Rps<LEAK> {
    type Action = Action;
    type Config = ();
    type Observation = RpsObservation;
    type SeatLabels = ();
    type GameLabels = ();

    const NAME: &'static str = "rps";
    const SCORING: Option<Scoring> = Some(Scoring { unit: "points", higher_is_better: true });

    fn players(_: &()) -> RangeInclusive<usize> {
        2..=3
    }

    fn new_game(_: &(), players: usize, _: &mut GameRng) -> Self {
        Rps { players, round: 0, committed: [(None, 0); 3], points: [0; 3], last: [(None, 0); 3] }
    }

    fn num_players(&self) -> usize {
        self.players
    }

    fn seat_labels(&self, _: Seat) {}

    fn game_labels(&self) {}

    fn to_move(&self) -> Option<Seat> {
        (self.round < ROUNDS).then(|| (0..self.players).find(|&s| self.committed[s].1 == 0).expect("a seat to move"))
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if let Some(s) = self.to_move() {
            match self.committed[s].0 {
                None => out.extend(HANDS.map(Action::Throw)),
                Some(_) => out.extend([Action::Bet(1), Action::Bet(2)]),
            }
        }
    }

    fn apply(&mut self, action: Action, _: &mut GameRng) {
        let s = self.to_move().expect("game not over");
        match action {
            Action::Throw(h) => self.committed[s].0 = Some(h),
            Action::Bet(b) => self.committed[s].1 = b,
        }
        if s + 1 == self.players && self.committed[s].1 > 0 {
            self.reveal();
        }
    }

    fn outcome(&self) -> Option<Rewards> {
        (self.round == ROUNDS).then(|| {
            let best = *self.points[..self.players].iter().max().expect("seats");
            let winners = self.points[..self.players].iter().filter(|&&p| p == best).count();
            let mut r = [0.0; MAX_SEATS];
            (0..self.players).filter(|&s| self.points[s] == best).for_each(|s| r[s] = 1.0 / winners as f64);
            r
        })
    }

    fn determinize(&mut self, observer: Seat, rng: &mut GameRng) {
        if LEAK != CORRECT {
            return;
        }
        for (s, c) in self.committed.iter_mut().enumerate().take(self.players) {
            if s != observer && c.0.is_some() {
                c.0 = Some(HANDS[rng.random_range(0..3)]);
                if c.1 > 0 {
                    c.1 = rng.random_range(1..=2);
                }
            }
        }
    }

    fn observation(&self, seat: Seat) -> RpsObservation {
        RpsObservation {
            round: self.round,
            to_move: self.to_move(),
            points: self.points,
            last: self.last,
            own: self.committed[seat],
            shown: (LEAK == SHOWN).then_some(self.committed),
        }
    }

    /// Every commitment but the last seat's stays hidden until that seat's bet reveals the round.
    fn simultaneous(&self) -> bool {
        self.to_move().is_some_and(|s| s + 1 < self.players)
    }

    fn score(&self, seat: Seat) -> i32 {
        self.points[seat]
    }
}

impl<const LEAK: u8> Rps<LEAK> {
    /// Scores the round (each seat its bet per beaten seat), keeps it as the last round, and
    /// starts the next.
    fn reveal(&mut self) {
        for s in 0..self.players {
            let (hand, bet) = self.committed[s];
            let beaten = (0..self.players).filter(|&t| hand.unwrap().beats(self.committed[t].0.unwrap())).count();
            self.points[s] += i32::from(bet) * beaten as i32;
        }
        self.last = self.committed;
        self.committed = [(None, 0); 3];
        self.round += 1;
    }
}

impl<const LEAK: u8> fmt::Display for Rps<LEAK> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "round {} points {:?} committed {:?}",
            self.round,
            &self.points[..self.players],
            &self.committed[..self.players]
        )
    }
}

/// The payload of a panic, as text.
fn panic_message(result: std::thread::Result<()>) -> String {
    let payload = result.expect_err("the conformance check must fail on a leaky variant");
    payload.downcast_ref::<String>().cloned().or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string())).unwrap()
}

#[test]
fn the_correct_game_passes_the_conformance_kit_at_every_player_count() {
    for players in 2..=3 {
        meeple::conformance::check::<Rps<CORRECT>>(&(), players, 1);
    }
}

#[test]
fn a_commitment_shown_in_observations_fails_the_hidden_commitment_check() {
    for players in 2..=3 {
        let message =
            panic_message(std::panic::catch_unwind(|| meeple::conformance::check::<Rps<SHOWN>>(&(), players, 1)));
        assert!(message.contains("observation shows the hidden choice"), "{players} players: {message}");
    }
}

#[test]
fn a_commitment_kept_by_determinize_fails_the_hidden_commitment_check() {
    for players in 2..=3 {
        let message =
            panic_message(std::panic::catch_unwind(|| meeple::conformance::check::<Rps<KEPT>>(&(), players, 1)));
        assert!(message.contains("does not resample the hidden choice"), "{players} players: {message}");
    }
}

/// The correct game really hides something: seat 1's determinizations of seat 0's commitment vary.
#[test]
fn determinize_draws_the_hidden_commitment_anew() {
    let mut rng = meeple::game::rng_from_seed(1);
    let mut state = Rps::<CORRECT>::new_game(&(), 2, &mut rng);
    state.apply(Action::Throw(Hand::Rock), &mut rng);
    state.apply(Action::Bet(2), &mut rng);
    assert!(!state.simultaneous() && state.to_move() == Some(1), "seat 1 decides last, in the open");
    let hands: std::collections::HashSet<_> = (0..40)
        .map(|seed| {
            let mut world = state;
            world.determinize(1, &mut meeple::game::rng_from_seed(seed));
            world.committed[0]
        })
        .collect();
    assert_eq!(hands.len(), 6, "every hand and bet of seat 0 is drawn: {hands:?}");
}
