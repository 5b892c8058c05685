//! The state ([`CatCafe`]), its options ([`Config`]), the actions and the rules that change the
//! state: setup, the draft, commitments, the reveal, the column check and the end test (spec
//! "Setup" and rules 1–16).

use serde::Serialize;

use super::sheet::{
    self, ALL_CELLS, BUTTERFLY, COLUMN_CELLS, FLOOR_CELLS, FOOTPRINTS, HIGHER_VALUE, HOUSE, LOWER_VALUE, NUM_COLUMNS,
    NUM_ITEMS,
};
use crate::game::GameRng;
use rand::RngExt;

/// Most seats (spec: 2–4 players).
pub const MAX_PLAYERS: usize = 4;
/// Fewest seats.
pub const MIN_PLAYERS: usize = 2;
/// All six cats chosen.
const ALL_CATS: u8 = (1 << NUM_ITEMS) - 1;

crate::game_options! {
    /// The options (spec "Options"). `Default` is the printed game: one paw print circled.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct Config {
        /// Paw prints circled at setup, 0..=18 (spec option `start_footprints`, Decision 10; the
        /// track has 18 paw prints).
        pub start_footprints: u8 = int(0..=FOOTPRINTS as i64, 1), "paw prints circled at setup";
    }
}

/// A decision of the seat to move (spec "Actions"). Values, cells, items and cats mean the same
/// in every determinization.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Take a die of this value (1..=6) from the pool (rule 3; Decision 9).
    PickDie(u8),
    /// Commit to passing (rule 10).
    Pass,
    /// Commit to marking `item` (1..=6) in `cell` (a [`sheet`] cell index), paying the cheaper
    /// assignment of the dice (rules 5–9; Decision 2).
    Mark {
        /// The cell index (see [`sheet::CELLS`]).
        cell: u8,
        /// The item number (die face).
        item: u8,
    },
    /// Choose cat 1..=6 after committing a house (rule 14; Decision 3).
    ChooseCat(u8),
}

/// A seat's commitment of the current round's marking step, unrevealed until the last seat has
/// committed (rule 11; Decision 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub enum Commit {
    /// Not committed (or hidden, in an observation of another seat).
    #[default]
    None,
    /// A pass.
    Pass,
    /// A mark; `cat` is the chosen cat 1..=6 for a house (0 until chosen, and for other items).
    Mark {
        /// The cell index.
        cell: u8,
        /// The item number.
        item: u8,
        /// The cat chosen with a house, or 0.
        cat: u8,
    },
}

/// Where the round is: who decides what (spec "Actions").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Phase {
    /// Seats pick dice in round order.
    Draft,
    /// Seats commit (pass or mark) in round order.
    Mark,
    /// The seat that just committed a house chooses its cat.
    Cat,
    /// The game is over.
    Over,
}

/// One seat's sheet as of the last reveal: public (rule 17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
pub struct Sheet {
    /// Cells holding each item, by item number − 1 (bit sets over the cells; disjoint).
    pub items: [u32; NUM_ITEMS],
    /// Paw prints circled and not crossed.
    pub avail: u8,
    /// Paw prints crossed.
    pub used: u8,
    /// Cats chosen (bit k − 1 for cat k).
    pub cats: u8,
    /// Points banked by cat choices (rule 14).
    pub cat_points: u16,
    /// Columns banked (bit c − 1 for Cc): exactly the columns the seat has completed.
    pub banked: u8,
    /// Points banked for completed columns (rule 12).
    pub column_points: u8,
    /// How many of the banked columns paid their higher value.
    pub higher: u8,
    /// Passes made.
    pub passes: u8,
}

impl Sheet {
    /// The marked cells.
    pub fn marked(&self) -> u32 {
        self.items.iter().fold(0, |a, m| a | m)
    }

    /// Unmarked paw prints: `18 − avail − used`.
    pub fn unmarked_paws(&self) -> u8 {
        FOOTPRINTS - self.avail - self.used
    }

    /// Whether a cat house may be marked: some cat is unchosen (Decision 4).
    pub fn has_free_cat(&self) -> bool {
        self.cats != ALL_CATS
    }

    /// Circles up to `k` unmarked paw prints (rules 10 and 15).
    fn circle(&mut self, k: u8) {
        self.avail += k.min(self.unmarked_paws());
    }

    /// Resolves a commitment at the reveal (rule 11): a pass circles 3; a mark pays its cost,
    /// writes the item and applies its effect (rules 14–15).
    pub fn resolve(&mut self, commit: Commit, own: u8, shared: u8) {
        match commit {
            Commit::None => unreachable!("every seat has committed at the reveal"),
            Commit::Pass => {
                self.circle(3);
                self.passes += 1;
            }
            Commit::Mark { cell, item, cat } => {
                let cost = mark_cost(sheet::floor(cell), item, own, shared);
                self.avail -= cost;
                self.used += cost;
                self.items[item as usize - 1] |= 1 << cell;
                match item {
                    BUTTERFLY => self.circle(2),
                    // A house whose cat is not chosen yet (a seat's own view in its cat step)
                    // banks nothing.
                    HOUSE if cat > 0 => {
                        self.cats |= 1 << (cat - 1);
                        self.cat_points += 2 * self.items[cat as usize - 1].count_ones() as u16;
                    }
                    _ => {}
                }
            }
        }
    }

    /// The column check for this sheet (rule 12): banks every column it has filled and not yet
    /// banked, the higher value iff it has a house there and `taken` (columns completed in an
    /// earlier round) does not hold it. Returns the columns newly banked.
    pub fn bank_columns(&mut self, taken: u8) -> u8 {
        let marked = self.marked();
        let mut new = 0;
        for c in 0..NUM_COLUMNS {
            let bit = 1 << c;
            if self.banked & bit == 0 && marked & COLUMN_CELLS[c] == COLUMN_CELLS[c] {
                new |= bit;
                if taken & bit == 0 && self.items[HOUSE as usize - 1] & COLUMN_CELLS[c] != 0 {
                    self.column_points += HIGHER_VALUE[c];
                    self.higher += 1;
                } else {
                    self.column_points += LOWER_VALUE[c];
                }
            }
        }
        self.banked |= new;
        new
    }

    /// The items (bit i − 1 for item i) that may be marked on each floor 1..=6 (index 0 unused)
    /// with dice `own` and `shared` (1..=6): affordable (rule 8) and, for a house, with a free cat.
    #[inline]
    fn affordable(&self, own: u8, shared: u8) -> [u8; sheet::NUM_FLOORS as usize + 1] {
        let mut out = AFFORDABLE[own as usize - 1][shared as usize - 1][self.avail.min(MAX_COST) as usize];
        if !self.has_free_cat() {
            out.iter_mut().for_each(|items| *items &= !(1 << (HOUSE - 1)));
        }
        out
    }

    /// Calls `f(cell, item)` for every legal mark with dice `own` and `shared` (rule 8), in the
    /// canonical order (ascending cell, then item; Decision 17).
    pub fn for_each_mark(&self, own: u8, shared: u8, mut f: impl FnMut(u8, u8)) {
        let afford = self.affordable(own, shared);
        for cell in sheet::cells(ALL_CELLS & !self.marked()) {
            let mut items = afford[sheet::floor(cell) as usize];
            while items != 0 {
                f(cell, items.trailing_zeros() as u8 + 1);
                items &= items - 1;
            }
        }
    }

    /// The number of legal marks with dice `own` and `shared` (what [`Sheet::for_each_mark`]
    /// visits): per floor, its empty cells times its affordable items.
    pub fn count_marks(&self, own: u8, shared: u8) -> usize {
        let afford = self.affordable(own, shared);
        let empty = ALL_CELLS & !self.marked();
        (1..=sheet::NUM_FLOORS as usize)
            .map(|fl| (FLOOR_CELLS[fl] & empty).count_ones() as usize * afford[fl].count_ones() as usize)
            .sum()
    }

    /// The `index`-th legal mark (cell, item) in the order of [`Sheet::for_each_mark`], or `None`
    /// if there are not that many.
    pub fn nth_mark(&self, own: u8, shared: u8, mut index: usize) -> Option<(u8, u8)> {
        let afford = self.affordable(own, shared);
        for cell in sheet::cells(ALL_CELLS & !self.marked()) {
            let mut items = afford[sheet::floor(cell) as usize];
            let k = items.count_ones() as usize;
            if index < k {
                for _ in 0..index {
                    items &= items - 1;
                }
                return Some((cell, items.trailing_zeros() as u8 + 1));
            }
            index -= k;
        }
        None
    }
}

/// Footprints to mark `item` on `floor` with dice `own` and `shared`: the cheaper of the two
/// assignments, each value moved ±1 per footprint without wrapping (rules 6–7; Decision 2).
pub const fn mark_cost(floor: u8, item: u8, own: u8, shared: u8) -> u8 {
    let straight = floor.abs_diff(own) + item.abs_diff(shared);
    let crossed = floor.abs_diff(shared) + item.abs_diff(own);
    if straight < crossed { straight } else { crossed }
}

/// The most footprints a mark can cost: both values moved from one end of 1..=6 to the other.
const MAX_COST: u8 = 10;

/// `AFFORDABLE[own − 1][shared − 1][budget][floor]`: the items (bit i − 1 for item i) whose mark
/// on `floor` (1..=6; index 0 unused) costs at most `budget` footprints with dice `own` and
/// `shared` ([`mark_cost`], rule 8). A budget above [`MAX_COST`] affords what [`MAX_COST`] does.
/// A table because random playouts and determinizations ask for it at every mark (callgrind: the
/// 36 cost computations per call were half of a random game's instructions).
const AFFORDABLE: [[[[u8; sheet::NUM_FLOORS as usize + 1]; MAX_COST as usize + 1]; 6]; 6] = {
    let mut t = [[[[0; sheet::NUM_FLOORS as usize + 1]; MAX_COST as usize + 1]; 6]; 6];
    let mut own = 1;
    while own <= 6 {
        let mut shared = 1;
        while shared <= 6 {
            let mut budget = 0;
            while budget <= MAX_COST {
                let mut floor = 1;
                while floor <= sheet::NUM_FLOORS {
                    let mut item = 1;
                    while item <= NUM_ITEMS as u8 {
                        if mark_cost(floor, item, own, shared) <= budget {
                            t[own as usize - 1][shared as usize - 1][budget as usize][floor as usize] |=
                                1 << (item - 1);
                        }
                        item += 1;
                    }
                    floor += 1;
                }
                budget += 1;
            }
            shared += 1;
        }
        own += 1;
    }
    t
};

/// The state of a game of Cat Café: `Copy`, heap-free.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct CatCafe {
    pub(super) n: u8,
    /// Current round, from 1.
    pub(super) round: u16,
    /// First player of the current round (rule 1).
    pub(super) first: u8,
    pub(super) phase: Phase,
    /// Seats (in round order) that have finished the current step (draft picks or commitments).
    pub(super) step: u8,
    /// This round's dice as rolled (n + 1 values; the rest 0).
    pub(super) rolled: [u8; MAX_PLAYERS + 1],
    /// Dice still in the pool, by value − 1.
    pub(super) pool: [u8; 6],
    /// Each seat's drafted die this round (0 before its pick).
    pub(super) own: [u8; MAX_PLAYERS],
    /// The shared die (0 during the draft).
    pub(super) shared: u8,
    /// This round's commitments, hidden from the other seats until the reveal.
    pub(super) commits: [Commit; MAX_PLAYERS],
    pub(super) sheets: [Sheet; MAX_PLAYERS],
    /// Columns some seat completed in an earlier round: they pay only the lower value (rule 12).
    pub(super) taken: u8,
    /// Final points per seat, set when the game ends (rule 20).
    pub(super) final_scores: [i16; MAX_PLAYERS],
}

impl CatCafe {
    /// A new game (spec "Setup"): blank sheets with `start_footprints` circled, round 1 with seat 0
    /// first, its n + 1 dice rolled with `rng`.
    pub fn new(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        let mut s = Self::blank(config, players);
        s.roll(rng);
        s
    }

    /// Setup without the roll: round 1, seat 0 first, drafting from an empty pool. For tests and
    /// worked examples; give the dice with [`CatCafe::with_dice`].
    pub fn blank(config: &Config, players: usize) -> Self {
        assert!((MIN_PLAYERS..=MAX_PLAYERS).contains(&players), "Cat Café plays 2-4, not {players}");
        let sheet = Sheet { avail: config.start_footprints, ..Sheet::default() };
        Self {
            n: players as u8,
            round: 1,
            first: 0,
            phase: Phase::Draft,
            step: 0,
            rolled: [0; MAX_PLAYERS + 1],
            pool: [0; 6],
            own: [0; MAX_PLAYERS],
            shared: 0,
            commits: [Commit::None; MAX_PLAYERS],
            sheets: [sheet; MAX_PLAYERS],
            taken: 0,
            final_scores: [0; MAX_PLAYERS],
        }
    }

    /// Rolls the round's n + 1 dice (rule 2; the only chance event, rule 19).
    fn roll(&mut self, rng: &mut GameRng) {
        let mut dice = [0; MAX_PLAYERS + 1];
        for d in dice.iter_mut().take(self.n as usize + 1) {
            *d = rng.random_range(1..=6u8);
        }
        self.set_dice(dice);
    }

    fn set_dice(&mut self, dice: [u8; MAX_PLAYERS + 1]) {
        self.rolled = dice;
        self.pool = [0; 6];
        for &d in &dice[..self.n as usize + 1] {
            self.pool[d as usize - 1] += 1;
        }
    }

    #[cfg(any(test, feature = "testing"))]
    /// This state with the round's dice replaced by `dice` (n + 1 values in 1..=6), at the start
    /// of a draft. For tests and worked examples.
    ///
    /// # Panics
    /// If not at the start of a draft, or the dice are not n + 1 values in 1..=6.
    pub fn with_dice(mut self, dice: &[u8]) -> Self {
        assert!(self.phase == Phase::Draft && self.step == 0, "dice are set before the first pick");
        assert!(dice.len() == self.n as usize + 1 && dice.iter().all(|d| (1..=6).contains(d)), "n + 1 dice");
        let mut all = [0; MAX_PLAYERS + 1];
        all[..dice.len()].copy_from_slice(dice);
        self.set_dice(all);
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// This state with seat `seat`'s sheet replaced. For tests and worked examples.
    pub fn with_sheet(mut self, seat: usize, sheet: Sheet) -> Self {
        self.sheets[seat] = sheet;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// This state with the columns in `taken` (bit c − 1 for Cc) marked as completed in an earlier
    /// round. For tests and worked examples.
    pub fn with_taken(mut self, taken: u8) -> Self {
        self.taken = taken;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// This state at round `round` (rule 1 sets its first player), with fresh dice. For tests.
    pub fn at_round(mut self, round: u16) -> Self {
        self.round = round;
        self.first = ((round - 1) % u16::from(self.n)) as u8;
        self
    }

    /// The seat that decides now, or `None` once the game is over.
    pub fn decider(&self) -> Option<u8> {
        (self.phase != Phase::Over).then(|| (self.first + self.step) % self.n)
    }

    /// Fills `out` with the decider's legal actions in canonical order (Decision 17).
    pub fn fill_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some(seat) = self.decider() else { return };
        let seat = seat as usize;
        match self.phase {
            Phase::Draft => {
                out.extend((1..=6).filter(|&v| self.pool[v as usize - 1] > 0).map(Action::PickDie));
            }
            Phase::Mark => {
                out.push(Action::Pass);
                self.sheets[seat]
                    .for_each_mark(self.own[seat], self.shared, |cell, item| out.push(Action::Mark { cell, item }));
            }
            Phase::Cat => {
                let cats = self.sheets[seat].cats;
                out.extend((1..=6).filter(|&k| cats & (1 << (k - 1)) == 0).map(Action::ChooseCat));
            }
            Phase::Over => {}
        }
    }

    /// Plays `action` (which must be legal) for the decider. The last commitment of a round
    /// triggers the reveal, the column check, the end test and the next round's roll (rules 11–13).
    pub fn apply_action(&mut self, action: Action, rng: &mut GameRng) {
        let seat = self.decider().expect("the game is not over") as usize;
        match action {
            Action::PickDie(v) => {
                debug_assert!(self.phase == Phase::Draft && self.pool[v as usize - 1] > 0);
                self.pool[v as usize - 1] -= 1;
                self.own[seat] = v;
                self.step += 1;
                if self.step == self.n {
                    self.shared = self.pool.iter().position(|&k| k > 0).expect("one die left") as u8 + 1;
                    self.pool = [0; 6];
                    self.phase = Phase::Mark;
                    self.step = 0;
                }
            }
            Action::Pass => {
                debug_assert!(self.phase == Phase::Mark);
                self.commits[seat] = Commit::Pass;
                self.committed(rng);
            }
            Action::Mark { cell, item } => {
                debug_assert!(self.phase == Phase::Mark);
                self.commits[seat] = Commit::Mark { cell, item, cat: 0 };
                if item == HOUSE {
                    self.phase = Phase::Cat;
                } else {
                    self.committed(rng);
                }
            }
            Action::ChooseCat(k) => {
                debug_assert!(self.phase == Phase::Cat);
                let Commit::Mark { cat, .. } = &mut self.commits[seat] else { unreachable!("a house was committed") };
                *cat = k;
                self.phase = Phase::Mark;
                self.committed(rng);
            }
        }
    }

    /// The decider's commitment is complete: the next seat commits, or all are revealed.
    fn committed(&mut self, rng: &mut GameRng) {
        self.step += 1;
        if self.step == self.n {
            self.reveal();
            if self.phase != Phase::Over {
                self.next_round(rng);
            }
        }
    }

    /// Reveal, column check and end test (rules 11–13, 20).
    fn reveal(&mut self) {
        let n = self.n as usize;
        let mut completed = 0;
        for p in 0..n {
            self.sheets[p].resolve(self.commits[p], self.own[p], self.shared);
            completed |= self.sheets[p].bank_columns(self.taken);
        }
        self.taken |= completed;
        self.commits = [Commit::None; MAX_PLAYERS];
        if self.sheets[..n].iter().any(|s| s.banked.count_ones() >= 3) {
            self.phase = Phase::Over;
            for p in 0..n {
                self.final_scores[p] = self.score_parts(p).iter().sum();
            }
        }
    }

    /// Starts the next round: the first player moves one seat clockwise, dice are rolled (rules
    /// 1–2).
    fn next_round(&mut self, rng: &mut GameRng) {
        self.round += 1;
        self.first = (self.first + 1) % self.n;
        self.phase = Phase::Draft;
        self.step = 0;
        self.own = [0; MAX_PLAYERS];
        self.shared = 0;
        self.roll(rng);
    }

    /// The current round (from 1; the last round once the game is over).
    pub fn round(&self) -> u16 {
        self.round
    }

    /// The first player of the current round.
    pub fn first_player(&self) -> u8 {
        self.first
    }

    /// The current step.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Seat `seat`'s sheet as of the last reveal.
    pub fn sheet(&self, seat: usize) -> &Sheet {
        &self.sheets[seat]
    }

    /// Seat `seat`'s commitment this round (hidden from the others; [`Commit::None`] if none).
    pub fn commit(&self, seat: usize) -> Commit {
        self.commits[seat]
    }

    /// Seat `seat`'s drafted die this round (0 before its pick).
    pub fn own_die(&self, seat: usize) -> u8 {
        self.own[seat]
    }

    /// The shared die (0 during the draft).
    pub fn shared_die(&self) -> u8 {
        self.shared
    }

    /// This round's dice as rolled.
    pub fn dice(&self) -> &[u8] {
        &self.rolled[..self.n as usize + 1]
    }

    /// Columns completed by some seat in an earlier round (bit c − 1 for Cc).
    pub fn taken(&self) -> u8 {
        self.taken
    }
}
