//! Actions, legal actions and their effects (spec "Rules" R2–R14 and "Actions").

use std::fmt;

use super::data::{self, Company, NUM_COMPANIES, card_of, numbers};
use super::state::{COLUMN, EkonosState, MARKERS, NO_SEAT, NoPresidentGrowth, Step, TILES};
use crate::game::GameRng;

/// A decision of the seat to move. Cards and regions are the spec's numbers (1..=36), so an
/// action means the same in every determinization.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Play `card` for its top icon: a tile of its top company on the empty `region` (R4a).
    Place { card: u8, region: u8 },
    /// Play `card` for its top icon: protect its top company's tile on `region` (R4b).
    Protect { card: u8, region: u8 },
    /// Play `card` for a bottom icon: `company`'s growth marker moves up one (R4c, R6).
    Grow { card: u8, company: Company },
    /// At growth 4: expand with 2 actions (R6).
    Expand,
    /// At growth 4: leave the marker on 4 (R6).
    Wait,
    /// Growth action: a tile on the empty frontier `region` (R7b).
    GrowPlace { region: u8 },
    /// Growth action: replace the unprotected tile of another company on frontier `region` (R7b).
    GrowReplace { region: u8 },
    /// Growth action: protect the expanding company's tile on `region` (R7b, Decision 6).
    GrowProtect { region: u8 },
    /// Sell one share of `company` (R10).
    Sell { company: Company },
    /// Sell nothing this turn.
    NoSell,
    /// Make `seat` the president of the company just sold (R12b).
    Appoint { seat: u8 },
    /// Buy one share of `company` (R11).
    Buy { company: Company },
    /// Buy nothing this turn.
    NoBuy,
}

impl fmt::Display for Action {
    /// `card 1 place 9`, `card 1 protect 13`, `card 1 grow D`, `expand`, `wait`, `grow place 10`,
    /// `grow replace 13`, `grow protect 9`, `sell G`, `no sell`, `appoint 2`, `buy G`, `no buy`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Place { card, region } => write!(f, "card {card} place {region}"),
            Action::Protect { card, region } => write!(f, "card {card} protect {region}"),
            Action::Grow { card, company } => write!(f, "card {card} grow {company}"),
            Action::Expand => f.write_str("expand"),
            Action::Wait => f.write_str("wait"),
            Action::GrowPlace { region } => write!(f, "grow place {region}"),
            Action::GrowReplace { region } => write!(f, "grow replace {region}"),
            Action::GrowProtect { region } => write!(f, "grow protect {region}"),
            Action::Sell { company } => write!(f, "sell {company}"),
            Action::NoSell => f.write_str("no sell"),
            Action::Appoint { seat } => write!(f, "appoint {seat}"),
            Action::Buy { company } => write!(f, "buy {company}"),
            Action::NoBuy => f.write_str("no buy"),
        }
    }
}

impl EkonosState {
    /// Whether company `c` has fewer than 10 tiles on the map (R8).
    #[inline]
    fn below_cap(&self, c: usize) -> bool {
        self.tiles[c].count_ones() < TILES
    }

    /// Regions of the frozen frontier that a place or replace may take now (R7b): empty, or
    /// holding an unprotected tile of another company; none at the tile cap.
    #[inline]
    fn growth_targets(&self) -> u64 {
        let c = self.company as usize;
        if !self.below_cap(c) {
            return 0;
        }
        self.frontier & !self.tiles[c] & !self.protected
    }

    /// Whether some growth action is legal in the expansion under way (R7c).
    #[inline]
    pub(super) fn growth_possible(&self) -> bool {
        self.growth_targets() | (self.tiles[self.company as usize] & !self.protected) != 0
    }

    /// Whether the active player may buy a share of company `c` now (R11).
    #[inline]
    fn can_buy(&self, c: usize) -> bool {
        let p = self.active as usize;
        let column = self.column_of(c);
        column < COLUMN && self.coins[p] > u16::from(column) && self.held(p) < MARKERS
    }

    /// Fills `out` with the decider's legal actions in the spec's order ("Actions"): Play by card
    /// number, then `Place` by region, `Protect` by region, `Grow` by company index; Expansion:
    /// place/replace by region, then protect by region; Sell/Buy by company index, the pass last;
    /// `Appoint` by seat.
    pub(super) fn fill_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.step {
            Step::Over => {}
            Step::Play => {
                let empty = self.empty_regions();
                for card in numbers(self.hands[self.active as usize]) {
                    let info = card_of(card);
                    let top = info.top as usize;
                    if self.below_cap(top) {
                        out.extend(numbers(empty).map(|region| Action::Place { card, region }));
                    }
                    out.extend(
                        numbers(self.tiles[top] & !self.protected).map(|region| Action::Protect { card, region }),
                    );
                    let [a, b] = info.bottom;
                    let (a, b) = if a < b { (a, b) } else { (b, a) };
                    out.extend([Action::Grow { card, company: a }, Action::Grow { card, company: b }]);
                }
            }
            Step::GrowthChoice => out.extend([Action::Expand, Action::Wait]),
            Step::Expansion => {
                let empty = self.empty_regions();
                for region in numbers(self.growth_targets()) {
                    out.push(if empty & data::bit(region) != 0 {
                        Action::GrowPlace { region }
                    } else {
                        Action::GrowReplace { region }
                    });
                }
                let own = self.tiles[self.company as usize] & !self.protected;
                out.extend(numbers(own).map(|region| Action::GrowProtect { region }));
            }
            Step::Sell => {
                let p = self.active as usize;
                for c in 0..NUM_COMPANIES {
                    if self.shares[p][c] > 0 {
                        out.push(Action::Sell { company: Company::from_index(c) });
                    }
                }
                out.push(Action::NoSell);
            }
            Step::Appoint => {
                out.extend(crate::games::mechanics::cardset::iter(self.tied).map(|seat| Action::Appoint { seat }))
            }
            Step::Buy => {
                for c in 0..NUM_COMPANIES {
                    if self.can_buy(c) {
                        out.push(Action::Buy { company: Company::from_index(c) });
                    }
                }
                out.push(Action::NoBuy);
            }
        }
    }

    /// Plays `action` (legal) for the decider; a new deal at a round's end draws from `rng`.
    pub(super) fn apply_action(&mut self, action: Action, rng: &mut GameRng) {
        let p = self.active as usize;
        match action {
            Action::Place { card, region } => {
                let top = self.play_card(card);
                debug_assert!(self.empty_regions() & data::bit(region) != 0, "region {region} not empty");
                self.tiles[top] |= data::bit(region);
                self.enter_sell(rng);
            }
            Action::Protect { card, region } => {
                let top = self.play_card(card);
                debug_assert!(self.tiles[top] & data::bit(region) != 0, "no own tile on {region}");
                self.protected |= data::bit(region);
                self.enter_sell(rng);
            }
            Action::Grow { card, company } => {
                self.play_card(card);
                self.grow(company as usize, rng);
            }
            Action::Expand => self.start_expansion(2, rng),
            Action::Wait => self.enter_sell(rng),
            Action::GrowPlace { region } | Action::GrowReplace { region } => {
                let b = data::bit(region);
                debug_assert!(self.growth_targets() & b != 0, "region {region} not a growth target");
                if let Some(other) = self.tiles.iter_mut().find(|t| **t & b != 0) {
                    // Decision 9: the replaced tile goes back to its company's supply.
                    *other &= !b;
                    self.replacements += 1;
                }
                self.tiles[self.company as usize] |= b;
                self.growth_action_done(rng);
            }
            Action::GrowProtect { region } => {
                self.protected |= data::bit(region);
                self.growth_action_done(rng);
            }
            Action::Sell { company } => {
                let c = company as usize;
                self.coins[p] += u16::from(self.column_of(c));
                self.shares[p][c] -= 1;
                if self.president[c] == p as u8 && !self.settle_presidency(c) {
                    return;
                }
                self.enter_buy(rng);
            }
            Action::NoSell => self.enter_buy(rng),
            Action::Appoint { seat } => {
                debug_assert!(self.tied & (1 << seat) != 0);
                self.president[self.company as usize] = seat;
                self.tied = 0;
                self.enter_buy(rng);
            }
            Action::Buy { company } => {
                let c = company as usize;
                self.coins[p] -= u16::from(self.column_of(c)) + 1;
                self.shares[p][c] += 1;
                // R12a: a strict majority makes the buyer president; a tie keeps the incumbent.
                let mine = self.shares[p][c];
                if (0..self.n as usize).all(|q| q == p || self.shares[q][c] < mine) {
                    self.president[c] = p as u8;
                }
                self.end_turn(rng);
            }
            Action::NoBuy => self.end_turn(rng),
        }
    }

    /// R4: `card` leaves the active hand face up; returns its top company's index.
    fn play_card(&mut self, card: u8) -> usize {
        let b = data::bit(card);
        debug_assert!(self.hands[self.active as usize] & b != 0, "card {card} not in hand");
        self.hands[self.active as usize] &= !b;
        self.played |= b;
        card_of(card).top as usize
    }

    /// R6: company `c`'s marker moves up one; a growth event at 4 or 6 (Decision 4 without a
    /// president), otherwise the sell step.
    fn grow(&mut self, c: usize, rng: &mut GameRng) {
        self.growth[c] += 1;
        let president = self.president[c];
        let always = self.rule == NoPresidentGrowth::ActiveAlways;
        self.company = c as u8;
        match self.growth[c] {
            4 if president != NO_SEAT || always => {
                self.decider = if president == NO_SEAT { self.active } else { president };
                self.step = Step::GrowthChoice;
            }
            6 => {
                self.decider = if president == NO_SEAT { self.active } else { president };
                self.start_expansion(3, rng);
            }
            _ => self.enter_sell(rng),
        }
    }

    /// R7a: an expansion of the pending company with `k` actions by the current decider; the
    /// frontier is fixed now. Ends at once if no growth action is legal (Decision 5).
    fn start_expansion(&mut self, k: u8, rng: &mut GameRng) {
        self.expansions += 1;
        self.frontier = data::frontier(self.tiles[self.company as usize]);
        self.left = k;
        self.step = Step::Expansion;
        if !self.growth_possible() {
            self.end_expansion(rng);
        }
    }

    /// R7c: one growth action taken; the expansion ends after the last or when none is legal.
    fn growth_action_done(&mut self, rng: &mut GameRng) {
        self.left -= 1;
        if self.left == 0 || !self.growth_possible() {
            self.end_expansion(rng);
        }
    }

    /// R7d: the marker goes back to 0 and the active player's turn goes on.
    fn end_expansion(&mut self, rng: &mut GameRng) {
        self.growth[self.company as usize] = 0;
        self.frontier = 0;
        self.left = 0;
        self.enter_sell(rng);
    }

    /// R3b: the sell step, skipped when the active player holds no share (Decision 13).
    fn enter_sell(&mut self, rng: &mut GameRng) {
        self.decider = self.active;
        if self.held(self.active as usize) > 0 {
            self.step = Step::Sell;
        } else {
            self.enter_buy(rng);
        }
    }

    /// R12b after the president sold a share of `c`: `true` if settled, `false` if the seller
    /// must appoint among tied players (step `Appoint`).
    fn settle_presidency(&mut self, c: usize) -> bool {
        let n = self.n as usize;
        let most = (0..n).map(|q| self.shares[q][c]).max().unwrap_or(0);
        if most == 0 {
            self.president[c] = NO_SEAT;
            return true;
        }
        let tied = (0..n).filter(|&q| self.shares[q][c] == most).fold(0u8, |m, q| m | 1 << q);
        if tied.count_ones() == 1 {
            self.president[c] = tied.trailing_zeros() as u8;
            return true;
        }
        self.tied = tied;
        self.company = c as u8;
        self.step = Step::Appoint;
        false
    }

    /// R3c: the buy step, skipped when no buy is legal (Decision 13).
    fn enter_buy(&mut self, rng: &mut GameRng) {
        self.decider = self.active;
        if (0..NUM_COMPANIES).any(|c| self.can_buy(c)) {
            self.step = Step::Buy;
        } else {
            self.end_turn(rng);
        }
    }

    /// R2, R13: the next seat plays; once every hand is empty the round ends, and either the game
    /// ends (R14) or the next round starts with the next first player (S3).
    fn end_turn(&mut self, rng: &mut GameRng) {
        if self.hands[..self.n as usize].iter().any(|&h| h != 0) {
            self.active = (self.active + 1) % self.n;
            self.decider = self.active;
            self.step = Step::Play;
        } else if self.round == self.rounds() {
            self.step = Step::Over;
        } else {
            self.round += 1;
            self.first = (self.first + 1) % self.n;
            self.start_round(rng);
        }
    }

    /// The seats with the highest money once the game is over (R14), as a bit mask.
    pub fn winners(&self) -> Option<u8> {
        (self.step == Step::Over).then(|| {
            let n = self.n as usize;
            let best = (0..n).map(|p| self.money(p)).max().expect("players");
            (0..n).filter(|&p| self.money(p) == best).fold(0, |m, p| m | 1 << p)
        })
    }
}
