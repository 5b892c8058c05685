//! Legal actions and their resolution (spec R1 and R4–R24): the draft, turns, payments, effects,
//! military, science, follow-up decisions, extra turns and the ends of ages.

use super::cost::{CardCost, Payer};
use super::data::{
    AGRICULTURE, CARDS, COLOUR_SETS, Colour, ECONOMY, Guild, LAW_TOKEN, PerCount, STRATEGY, THEOLOGY, URBANISM, WONDERS,
};
use super::state::{Action, MAX_BUILT, NONE, Phase, SwdState, Victory, draw};
use rand::RngExt;

use crate::game::{GameRng, uniform_pick};
use crate::games::mechanics::cardset::iter;

/// Distinct science symbols that win at once (R18).
pub const SCIENCE_SUPREMACY: u32 = 6;

/// The legal actions of a turn, without their list: for each accessible slot in slot order,
/// `Discard` of its card, `Construct` if the seat can pay for it, then `BuildWonder` with it for
/// each wonder the seat can pay for, in its wonder order ([`SwdState::fill_legal`]'s order).
struct TurnOptions {
    /// The accessible slots.
    slots: u32,
    /// The accessible slots whose card the seat can construct.
    affordable: u32,
    /// The wonders the seat can build (the first `n`).
    wonders: [u8; 4],
    n: usize,
}

impl TurnOptions {
    /// The number of legal actions.
    fn count(&self) -> usize {
        self.slots.count_ones() as usize * (1 + self.n) + self.affordable.count_ones() as usize
    }

    /// Appends the legal actions to `out`, in order.
    fn push_all(&self, state: &SwdState, out: &mut Vec<Action>) {
        for s in iter(self.slots) {
            let c = state.slot_card[s as usize];
            out.push(Action::Discard(c));
            if self.affordable & 1 << s != 0 {
                out.push(Action::Construct(c));
            }
            out.extend(self.wonders[..self.n].iter().map(|&w| Action::BuildWonder(c, w)));
        }
    }

    /// The `i`-th legal action (`i < count()`), found slot by slot without listing the others.
    fn nth(&self, state: &SwdState, mut i: usize) -> Action {
        for s in iter(self.slots) {
            let constructible = self.affordable & 1 << s != 0;
            let first_wonder = 1 + usize::from(constructible);
            if i >= first_wonder + self.n {
                i -= first_wonder + self.n;
                continue;
            }
            let c = state.slot_card[s as usize];
            return match i {
                0 => Action::Discard(c),
                1 if constructible => Action::Construct(c),
                _ => Action::BuildWonder(c, self.wonders[i - first_wonder]),
            };
        }
        unreachable!("action index beyond the count")
    }
}

/// The picker of each draft decision (R1), as "is it F": F, S, S, then S, F, F.
const DRAFT_PICKER_IS_F: [bool; 6] = [true, false, false, false, true, true];

impl SwdState {
    /// Fills `out` with the decider's legal actions in the spec's canonical order: for a turn, by
    /// slot number of the card, `Discard`, `Construct`, then `BuildWonder` by the seat's wonder
    /// order (see [`TurnOptions`]); other decisions by id.
    pub(super) fn fill_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        let seat = self.active as usize;
        match self.phase {
            Phase::Over => {}
            Phase::Draft => out.extend(iter(self.group).map(Action::PickWonder)),
            Phase::ChooseStarter => out.extend([Action::ChooseStarter(0), Action::ChooseStarter(1)]),
            Phase::Turn => {
                // Pushing to a local vector lets its length and capacity live in registers.
                let mut v = std::mem::take(out);
                self.turn_options().push_all(self, &mut v);
                *out = v;
            }
            Phase::TakeProgress => out.extend(iter(self.board).map(Action::TakeProgress)),
            Phase::Library => out.extend(iter(self.drawn).map(Action::TakeLibraryToken)),
            Phase::Resurrect => out.extend(iter(self.discard).map(Action::Resurrect)),
            Phase::Destroy { brown } => out.extend(iter(self.destroyable(seat, brown)).map(Action::Destroy)),
        }
    }

    /// A uniformly random legal action, drawn as [`crate::game::uniform_pick`] draws it (same
    /// action, same RNG state): a turn's action is indexed in [`TurnOptions`] without listing
    /// the actions; the other decisions (a few per game) pick from the list in `buf`.
    pub(super) fn random_legal(&self, rng: &mut GameRng, buf: &mut Vec<Action>) -> Option<Action> {
        if self.phase != Phase::Turn {
            return uniform_pick(self, rng, buf);
        }
        let options = self.turn_options();
        Some(options.nth(self, rng.random_range(0..options.count())))
    }

    /// What the seat to move may do in its turn (R5, R6, R10, R11, R20).
    fn turn_options(&self) -> TurnOptions {
        let seat = self.active as usize;
        let coins = self.coins[seat];
        let payer = self.payer(seat);
        let (wonders, n) = self.affordable_wonders(seat, &payer);
        let slots = self.accessible_slots();
        let mut affordable = 0;
        for s in iter(slots) {
            if self.card_cost_for(&payer, seat, self.slot_card[s as usize]).total() <= coins {
                affordable |= 1 << s;
            }
        }
        TurnOptions { slots, affordable, wonders, n }
    }

    /// The wonders `seat` may build now (R6), in its wonder order, and how many.
    pub(super) fn affordable_wonders(&self, seat: usize, payer: &Payer) -> ([u8; 4], usize) {
        let mut out = [NONE; 4];
        let mut n = 0;
        if self.built_total() < MAX_BUILT {
            for &w in &self.wonders[seat] {
                if w != NONE && self.built[seat] & 1 << w == 0 && payer.wonder(w) <= self.coins[seat] {
                    out[n] = w;
                    n += 1;
                }
            }
        }
        (out, n)
    }

    /// The opponent's cards `seat` may destroy: brown (`true`) or grey ones (R21).
    pub(super) fn destroyable(&self, seat: usize, brown: bool) -> u128 {
        let colour = if brown { Colour::Brown } else { Colour::Grey };
        self.city[1 - seat] & COLOUR_SETS[colour as usize]
    }

    /// Plays `action` (legal) for the decider; chance (reveals, draws, deals) from `rng`.
    pub(super) fn apply_action(&mut self, action: Action, rng: &mut GameRng) {
        let seat = self.active as usize;
        match action {
            Action::PickWonder(w) => return self.pick(w, rng),
            Action::ChooseStarter(s) => {
                self.active = s;
                self.phase = Phase::Turn;
                return;
            }
            Action::Discard(c) => {
                self.take(c, rng);
                self.discard |= 1 << c;
                self.coins[seat] += 2 + u16::from(self.colours[seat][Colour::Yellow as usize]);
                self.stats[seat].discarded += 1;
            }
            Action::Construct(c) => {
                let cost = self.card_cost(seat, c);
                self.take(c, rng);
                self.pay(seat, cost.total(), if let CardCost::Pay { trade, .. } = cost { trade } else { 0 });
                self.construct(seat, c, cost == CardCost::Chain);
            }
            Action::BuildWonder(c, w) => {
                let cost = self.wonder_cost(seat, w);
                self.take(c, rng);
                self.pay(seat, cost, cost);
                self.tucked |= 1 << c;
                self.build_wonder(seat, w, rng);
            }
            Action::TakeProgress(t) => {
                self.phase = Phase::Turn;
                self.board &= !(1 << t);
                self.gain_token(seat, t);
            }
            Action::TakeLibraryToken(t) => {
                self.phase = Phase::Turn;
                self.boxed &= !(1 << t);
                self.drawn = 0;
                self.gain_token(seat, t);
            }
            Action::Resurrect(c) => {
                self.phase = Phase::Turn;
                self.discard &= !(1 << c);
                self.construct(seat, c, false);
            }
            Action::Destroy(c) => {
                self.phase = Phase::Turn;
                self.remove_card(1 - seat, c);
                self.discard |= 1 << c;
            }
        }
        // A follow-up decision or the end of the game stops here; otherwise the turn ends (R7).
        if self.phase == Phase::Turn {
            self.end_turn(rng);
        }
    }

    /// A draft pick (R1, D2): the last wonder of each group goes to its seat without a decision;
    /// group 2 is drawn from the unrevealed wonders when group 1 is exhausted; after the sixth
    /// pick Age I is dealt and F begins.
    fn pick(&mut self, w: u8, rng: &mut GameRng) {
        let f = self.first as usize;
        let seat = self.active as usize;
        self.give_wonder(seat, w);
        self.group &= !(1 << w);
        self.draft_picks += 1;
        match self.draft_picks {
            3 => {
                self.give_wonder(f, self.group.trailing_zeros() as u8);
                self.group = 0;
                for _ in 0..4 {
                    let w = draw(self.unrevealed, rng);
                    self.unrevealed &= !(1 << w);
                    self.group |= 1 << w;
                }
            }
            6 => {
                self.give_wonder(1 - f, self.group.trailing_zeros() as u8);
                self.group = 0;
                self.deal(1, rng);
                self.phase = Phase::Turn;
                self.active = self.first;
                return;
            }
            _ => {}
        }
        let picker_is_f = DRAFT_PICKER_IS_F[self.draft_picks as usize];
        self.active = if picker_is_f { self.first } else { 1 - self.first };
    }

    fn give_wonder(&mut self, seat: usize, w: u8) {
        let slot = self.wonders[seat].iter().position(|&x| x == NONE).expect("at most 4 wonders");
        self.wonders[seat][slot] = w;
    }

    /// Pays `total` coins; the opponent receives the trading part `trade` if it holds Economy
    /// (R12, D18).
    fn pay(&mut self, seat: usize, total: u16, trade: u16) {
        self.coins[seat] -= total;
        if self.holds(1 - seat, ECONOMY) {
            self.coins[1 - seat] += trade;
        }
    }

    /// Places card `c` in `seat`'s city and resolves it (R13, R14): coins, guild coins, the
    /// Urbanism bonus of a chain, shields (Strategy adds one to a red card), the science symbol
    /// with the supremacy check, then a pair's progress-token follow-up.
    pub(super) fn construct(&mut self, seat: usize, c: u8, by_chain: bool) {
        self.add_card(seat, c);
        let card = &CARDS[c as usize];
        let mut gain = u16::from(card.gain);
        gain += match card.per {
            PerCount::None => 0,
            PerCount::Colour(col, n) => u16::from(n) * u16::from(self.colours[seat][col as usize]),
            PerCount::Wonders(n) => u16::from(n) * self.built[seat].count_ones() as u16,
        };
        if let Some(g) = card.guild
            && g != Guild::Builders
        {
            gain += self.guild_count(g);
        }
        if by_chain {
            self.stats[seat].chains_used += 1;
            if self.holds(seat, URBANISM) {
                gain += 4;
            }
        }
        self.coins[seat] += gain;
        if card.colour == Colour::Red {
            let shields = card.shields + u8::from(self.holds(seat, STRATEGY));
            self.military(seat, shields);
            if self.phase == Phase::Over {
                return;
            }
        }
        if let Some(sym) = card.symbol {
            if self.check_science(seat) {
                return;
            }
            if self.symbols[seat][sym as usize] == 2 && self.board != 0 {
                self.phase = Phase::TakeProgress;
            }
        }
    }

    /// The count a guild's coins and VP use: the larger of the two cities' counts of its colours
    /// (built wonders for the Builders, which give no coins; 0 for the Moneylenders, whose VP
    /// come from coins).
    pub(super) fn guild_count(&self, g: Guild) -> u16 {
        let count = |seat: usize| -> u16 {
            let k = |col: Colour| u16::from(self.colours[seat][col as usize]);
            match g {
                Guild::Merchants => k(Colour::Yellow),
                Guild::Shipowners => k(Colour::Brown) + k(Colour::Grey),
                Guild::Magistrates => k(Colour::Blue),
                Guild::Scientists => k(Colour::Green),
                Guild::Tacticians => k(Colour::Red),
                Guild::Builders => self.built[seat].count_ones() as u16,
                Guild::Moneylenders => 0,
            }
        };
        count(0).max(count(1))
    }

    /// Builds wonder `w` for `seat` and resolves it (R13, R14, R20): coins, the opponent's loss,
    /// shields, then the follow-up (Great Library, Mausoleum, destruction) and the extra turn.
    fn build_wonder(&mut self, seat: usize, w: u8, rng: &mut GameRng) {
        self.add_wonder(seat, w);
        if self.built_total() == MAX_BUILT {
            let unbuilt = (self.owned(0) | self.owned(1)) & !(self.built[0] | self.built[1]);
            self.wonder_lost = unbuilt.trailing_zeros() as u8;
        }
        let wonder = &WONDERS[w as usize];
        self.coins[seat] += u16::from(wonder.gain);
        self.coins[1 - seat] = self.coins[1 - seat].saturating_sub(u16::from(wonder.opponent_loses));
        if wonder.shields > 0 {
            self.military(seat, wonder.shields);
            if self.phase == Phase::Over {
                return;
            }
        }
        if wonder.library {
            for _ in 0..3 {
                self.drawn |= 1 << draw(self.boxed & !self.drawn, rng);
            }
            self.phase = Phase::Library;
        } else if wonder.mausoleum && self.discard != 0 {
            self.phase = Phase::Resurrect;
        } else if let Some(col) = wonder.destroys {
            let brown = col == Colour::Brown;
            if self.destroyable(seat, brown) != 0 {
                self.phase = Phase::Destroy { brown };
            }
        }
        if wonder.again || self.holds(seat, THEOLOGY) {
            self.extra = true;
        }
    }

    /// `seat` takes progress token `t` (R17, R23): Agriculture and Urbanism pay 6 coins; Law adds
    /// its symbol (supremacy check).
    fn gain_token(&mut self, seat: usize, t: u8) {
        self.held[seat] |= 1 << t;
        match t {
            AGRICULTURE | URBANISM => self.coins[seat] += 6,
            LAW_TOKEN => {
                self.check_science(seat);
            }
            _ => {}
        }
    }

    /// Distinct science symbols of `seat`: card symbols it has plus `law` (R18).
    pub fn distinct_symbols(&self, seat: usize) -> u32 {
        self.symbols[seat].iter().filter(|&&n| n > 0).count() as u32 + u32::from(self.holds(seat, LAW_TOKEN))
    }

    /// Ends the game by scientific supremacy if `seat` has 6 distinct symbols; whether it did.
    fn check_science(&mut self, seat: usize) -> bool {
        if self.distinct_symbols(seat) >= SCIENCE_SUPREMACY {
            self.finish(seat as u8, Victory::Scientific);
            return true;
        }
        false
    }

    /// Moves the pawn `shields` spaces toward the opponent's capital, one at a time (R16): entering
    /// a zone whose looting token is present removes it and costs its side's seat that many coins
    /// (or all it has); reaching the capital wins (R18).
    pub(super) fn military(&mut self, seat: usize, shields: u8) {
        self.stats[seat].shields += shields;
        let step: i8 = if seat == 0 { 1 } else { -1 };
        for _ in 0..shields {
            self.pawn += step;
            let (side, dist) = if self.pawn > 0 { (1, self.pawn) } else { (0, -self.pawn) };
            let (bit, value) = match dist {
                3..=5 => (1 << (2 * side), 2),
                6..=8 => (2 << (2 * side), 5),
                _ => (0, 0),
            };
            if self.loot & bit != 0 {
                self.loot &= !bit;
                self.coins[side] = self.coins[side].saturating_sub(value);
            }
            if dist == 9 {
                self.finish(seat as u8, Victory::Military);
                return;
            }
        }
    }

    /// Ends the game: `winner` 0 or 1, or 2 for a shared victory.
    pub(super) fn finish(&mut self, winner: u8, victory: Victory) {
        self.winner = winner;
        self.victory = victory;
        self.phase = Phase::Over;
        self.drawn = 0;
        self.extra = false;
    }

    /// The end of a turn (R7, R19, R24): the age ends when the structure is empty (an extra turn
    /// is then lost), else the same seat plays again after an extra turn, else the other seat.
    fn end_turn(&mut self, rng: &mut GameRng) {
        if self.present == 0 {
            self.extra = false;
            self.end_age(rng);
            return;
        }
        if self.extra {
            self.extra = false;
            self.stats[self.active as usize].extra_turns += 1;
        } else {
            self.active = 1 - self.active;
        }
        self.phase = Phase::Turn;
    }

    /// The end of an age (R24, R4): the unseen cards are set aside; after Age III the civil
    /// scoring ends the game, else the next age is dealt and the chooser (the seat on whose side
    /// the pawn stands, or the last taker at 0) picks its starter.
    fn end_age(&mut self, rng: &mut GameRng) {
        self.aside |= self.unseen;
        self.unseen = 0;
        if self.age == 3 {
            self.civil_end();
            return;
        }
        let chooser = match self.pawn {
            p if p < 0 => 0,
            p if p > 0 => 1,
            _ => self.last_taker,
        };
        self.deal(self.age + 1, rng);
        self.phase = Phase::ChooseStarter;
        self.active = chooser;
    }
}
