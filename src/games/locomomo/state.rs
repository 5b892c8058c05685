//! The state ([`LocoMomoState`]), its options ([`Config`]) and its actions ([`Action`]): setup,
//! legal actions and their effects (spec "Setup", rules 1–13 and "Actions").

use serde::Serialize;

use super::board::PhotoBoard;
use super::forest::Forest;
use super::tiles::{
    AREA_SPACES, AREAS, COPIES, Colour, MAX_PLAYERS, ROWS, SPECIES, Species, TURNS_PER_PLAYER, TYPES, Tile,
};
use crate::game::GameRng;
use crate::games::mechanics::bag::Bag;

crate::game_options! {
    /// Loco Momo's options. The base game has none (spec "Options": the player count is not an
    /// option, and expansions are out of scope); the struct exists so that an unknown option is
    /// refused with its name.
    #[derive(Debug, Clone, PartialEq, Eq)]
    pub struct Config {}
}

/// A decision of the turn owner (spec "Actions").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Choose a tile of type `tile` in `area` (0–3), move it and collect (rules 3–6). Tiles of
    /// one type in one area are interchangeable (Decision 3).
    Pick {
        /// The area it is lifted from.
        area: u8,
        /// Its type.
        tile: Tile,
    },
    /// Put a pending tile of `species` at the leftmost empty cell of `row` (1–5) (rule 7). Its
    /// colour is the turn's one colour (rule 6).
    Place {
        /// The species of the pending tile.
        species: Species,
        /// The row, 1 (bottom) to 5 (top).
        row: u8,
    },
}

/// A game of Loco Momo: `Copy`, a few hundred bytes, no heap. Everything in it is public (spec
/// "Information"); the bag is a multiset drawn at the moment of each refill (Decision 16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct LocoMomoState {
    pub(super) forest: Forest,
    pub(super) bag: Bag<TYPES>,
    pub(super) boards: [PhotoBoard; MAX_PLAYERS],
    /// Collected tiles not yet placed, by species (rule 7); all of `pending_colour` (rule 6).
    pub(super) pending: [u8; SPECIES],
    pub(super) pending_colour: Colour,
    /// Tiles out of the game by type (rule 10), and by the seat that discarded them.
    pub(super) discarded: [u8; TYPES],
    pub(super) discarded_by: [u8; MAX_PLAYERS],
    pub(super) players: u8,
    /// Turns finished (0 to 6N); the turn owner is `turns % players`.
    pub(super) turns: u8,
    /// Actions applied since setup.
    pub(super) actions: u16,
    pub(super) over: bool,
    /// Some refill left a forest space empty (Decision 9).
    pub(super) bag_ran_short: bool,
}

impl LocoMomoState {
    /// A game of `players` seats (1–4) before setup: all 105 tiles in the bag, empty forest and
    /// boards, seat 0 to pick. Tests build positions from it (see the `with_*` methods).
    ///
    /// # Panics
    /// If `players` is not 1–4.
    pub fn empty(players: usize) -> Self {
        assert!((1..=MAX_PLAYERS).contains(&players), "Loco Momo plays 1-4 players, not {players}");
        Self {
            forest: Forest::default(),
            bag: Bag::new([COPIES; TYPES]),
            boards: [PhotoBoard::default(); MAX_PLAYERS],
            pending: [0; SPECIES],
            pending_colour: Colour::Blue,
            discarded: [0; TYPES],
            discarded_by: [0; MAX_PLAYERS],
            players: players as u8,
            turns: 0,
            actions: 0,
            over: false,
            bag_ran_short: false,
        }
    }

    /// A new game (spec "Setup"): 4 tiles drawn from the bag into each of A0, A1, A2, A3 in that
    /// order; seat 0 starts round 1.
    pub fn new(players: usize, rng: &mut GameRng) -> Self {
        let mut s = Self::empty(players);
        s.refill(rng);
        s
    }

    /// The forest.
    pub fn forest(&self) -> &Forest {
        &self.forest
    }

    /// The bag (its contents are public by counting; spec "Information").
    pub fn bag(&self) -> &Bag<TYPES> {
        &self.bag
    }

    /// `seat`'s photo board.
    pub fn board(&self, seat: usize) -> &PhotoBoard {
        &self.boards[seat]
    }

    /// Collected tiles still to place, by species index, and their colour.
    pub fn pending(&self) -> ([u8; SPECIES], Colour) {
        (self.pending, self.pending_colour)
    }

    /// Tiles discarded out of the game, by type index (rule 10).
    pub fn discarded(&self) -> &[u8; TYPES] {
        &self.discarded
    }

    /// Tiles `seat` discarded (rule 10).
    pub fn discarded_by(&self, seat: usize) -> u8 {
        self.discarded_by[seat]
    }

    /// Turns finished so far (`6N` at the end unless rule 12 ended the game).
    pub fn turns(&self) -> usize {
        usize::from(self.turns)
    }

    /// Actions applied since setup.
    pub fn actions(&self) -> usize {
        usize::from(self.actions)
    }

    /// The round in play, 1–6 (rule 1); after the end, the last round played.
    pub fn round(&self) -> usize {
        usize::from(self.turns.min(self.last_turn() - 1) / self.players) + 1
    }

    /// Whether the game is over (rule 13 or rule 12).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Whether some refill left a forest space empty (Decision 9; only possible with 4 players).
    pub fn bag_ran_short(&self) -> bool {
        self.bag_ran_short
    }

    /// The turn owner, who makes every decision of the turn (rules 1 and 11), or `None` after
    /// the end.
    pub fn turn_owner(&self) -> Option<usize> {
        (!self.over).then(|| usize::from(self.turns % self.players))
    }

    fn last_turn(&self) -> u8 {
        self.players * TURNS_PER_PLAYER as u8
    }

    fn pending_len(&self) -> u8 {
        self.pending.iter().sum()
    }

    /// Fills `out` with the legal actions in the spec's canonical order: while nothing is
    /// pending, `Pick`s by area, then type (species, then colour); else `Place`s by species,
    /// then row 1–5 (spec "Actions").
    pub fn fill_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some(seat) = self.turn_owner() else { return };
        if self.pending_len() == 0 {
            for area in 0..AREAS {
                for tile in Tile::all().filter(|&t| self.forest.count(area, t) > 0) {
                    out.push(Action::Pick { area: area as u8, tile });
                }
            }
        } else {
            let board = &self.boards[seat];
            for species in Species::ALL.into_iter().filter(|&s| self.pending[s as usize] > 0) {
                for row in (1..=ROWS).filter(|&r| board.has_room(r)) {
                    out.push(Action::Place { species, row: row as u8 });
                }
            }
        }
    }

    /// Plays `action` for the turn owner; a turn that ends here refills the forest from `rng`
    /// (rule 11) and passes on (rules 12–13).
    ///
    /// # Panics
    /// If the action is not legal (in debug builds, for most illegal actions; a `Pick` of an
    /// absent tile or a `Place` in a full row always panics).
    pub fn apply_action(&mut self, action: Action, rng: &mut GameRng) {
        let seat = self.turn_owner().expect("the game is over");
        self.actions += 1;
        match action {
            Action::Pick { area, tile } => {
                debug_assert_eq!(self.pending_len(), 0, "pick while tiles are pending");
                let from = usize::from(area);
                self.forest.remove(from, tile);
                let to = self.forest.destination(from, tile.species());
                self.pending = self.forest.take_colour(to, tile.colour());
                self.pending[tile.species() as usize] += 1;
                self.pending_colour = tile.colour();
                if self.boards[seat].empty_cells() == 0 {
                    self.discard_pending(seat);
                    self.end_turn(rng);
                }
            }
            Action::Place { species, row } => {
                debug_assert!(self.pending[species as usize] > 0, "no pending {species:?}");
                self.pending[species as usize] -= 1;
                self.boards[seat].place(Tile::new(species, self.pending_colour), usize::from(row));
                if self.pending_len() == 0 {
                    self.end_turn(rng);
                } else if self.boards[seat].empty_cells() == 0 {
                    self.discard_pending(seat);
                    self.end_turn(rng);
                }
            }
        }
    }

    /// Rule 10 (Decisions 6 and 7): the pending tiles leave the game, face up.
    fn discard_pending(&mut self, seat: usize) {
        for (s, n) in self.pending.iter_mut().enumerate() {
            self.discarded[Tile::new(Species::from_index(s), self.pending_colour).index()] += *n;
            self.discarded_by[seat] += *n;
            *n = 0;
        }
    }

    /// Rule 11, then rules 13 and 12: the game ends after the 6N-th turn (no refill); else the
    /// forest is refilled and the game ends if it is still empty.
    fn end_turn(&mut self, rng: &mut GameRng) {
        self.turns += 1;
        if self.turns == self.last_turn() {
            self.over = true;
            return;
        }
        self.refill(rng);
        if self.forest.is_empty() {
            self.over = true;
        }
    }

    /// Rule 11 (Decisions 8, 9, 16): A0, A1, A2, A3 in turn draw from the bag up to 4 tiles, each
    /// draw uniform over the bag; a space left empty sets `bag_ran_short`.
    fn refill(&mut self, rng: &mut GameRng) {
        for area in 0..AREAS {
            for _ in self.forest.area_len(area)..AREA_SPACES {
                match self.bag.draw(rng) {
                    Some(t) => self.forest.add(area, Tile::from_index(t)),
                    None => self.bag_ran_short = true,
                }
            }
        }
    }
}
