//! Setup, the turn, the repetitions of an action with legality by completion (R8), moves,
//! recruitment, the journal and camp (spec "Setup" and "Rules").
//!
//! # Multi-step actions
//! An action is a sequence of decisions of the acting seat (`Play`, `Support`/`NoSupport`,
//! `Indians`, then the decisions inside each repetition). A repetition is a stack of steps
//! ([`Op`]): automatic ones run inside `apply`, a decision step waits for the seat. An option of a
//! decision is legal iff the repetition can still be completed after it (R8): the option is
//! tried on a copy of the state and the rest of the repetition is searched depth first (at most
//! about six decisions, a few options each; copies are a few hundred bytes on the stack, so
//! nothing is allocated). The search runs automatic steps with a fixed RNG: a draw is always the
//! last step of a repetition, so it never decides completion.

use super::data::{
    self, BOTTOM, C, E, F, FD, FIRST_ENCOUNTER, FORT, H, INDIANS, KINDS, LOCS, Loc, NONE, NUM_ENCOUNTERS, SLOTS,
    TILES_PER_KIND, W,
};
use super::feasible::ALWAYS_PLAYABLE;
use super::state::{
    Action, Choice, Config, Count, Ctx, End, Expedition, Gains, InterpreterTake, LewisClark, Op, Phase, STACK, Source,
};
use crate::game::{GameRng, random_below, rng_from_seed};
use crate::games::mechanics::cardset;

/// A fixed-size list of actions (no allocation): the most options of any step is below 128
/// (hand cards + 12 sends + 5 recruits + 2, or the active cards of all play areas).
pub struct Buf {
    items: [Action; 128],
    len: usize,
}

impl Buf {
    /// An empty list.
    pub fn new() -> Self {
        Self { items: [Action::Done; 128], len: 0 }
    }

    fn push(&mut self, a: Action) {
        self.items[self.len] = a;
        self.len += 1;
    }

    /// The actions.
    pub fn as_slice(&self) -> &[Action] {
        &self.items[..self.len]
    }
}

impl Default for Buf {
    fn default() -> Self {
        Self::new()
    }
}

/// Cards by badge kind (bit = card id), for `badges(K)`.
const BADGE_MASKS: [u128; 4] = {
    let mut masks = [0u128; 4];
    let mut i = 0;
    while i < 84 {
        // Same tables as data::badge, in const form.
        let b = badge_const(i as u8);
        masks[b] |= 1 << i;
        i += 1;
    }
    masks
};

const fn badge_const(card: u8) -> usize {
    const ROLE: [usize; 6] = [F, W, W, FD, E, F];
    const ENC: [u8; NUM_ENCOUNTERS] = [
        2, 2, 0, 1, 1, 1, 1, 2, 1, 3, 2, 0, 0, 1, 2, 3, 2, 3, 1, 0, 3, 1, 2, 1, 2, 1, 2, 2, 2, 0, 1, 3, 1, 0, 3, 3, 0,
        3, 2, 2, 1, 3, 0, 0, 1, 2, 1, 1, 0, 2, 2, 3, 2, 1,
    ];
    if card < FIRST_ENCOUNTER { ROLE[(card % 6) as usize] } else { ENC[(card - FIRST_ENCOUNTER) as usize] as usize }
}

/// Cards whose first repetition may depend on the support card (its badge counts in badges(K)):
/// e29, e33 and the cards that can copy or use a location (e15, e35, e53).
fn support_sensitive(card: u8) -> bool {
    matches!(data::number(card), Some(15 | 29 | 33 | 35 | 53))
}

/// Cards whose first repetition may depend on the Indians put on them (R5): those that spend
/// boat Indians (e6, e44, e50, e51) or count them (e31), the Interpreter (its cap is the
/// strength under `interpreter_take = strength`) and the cards that copy or use a location (e15,
/// e35, e53). For every other card, placing `k` Indians changes nothing its effect looks at (the
/// boats' Indians, the strength), so one completion search serves every `k`.
fn indians_matter(card: u8) -> bool {
    match data::number(card) {
        Some(n) => matches!(n, 6 | 15 | 31 | 35 | 44 | 50 | 51 | 53),
        None => data::role(card) == Some(data::INTERPRETER),
    }
}

/// The RNG of completion searches (R8): its draws never matter.
fn search_rng() -> GameRng {
    SEARCH_RNG.clone()
}

/// The generator [`search_rng`] copies, seeded once (seeding costs more than a search step).
static SEARCH_RNG: std::sync::LazyLock<GameRng> = std::sync::LazyLock::new(|| rng_from_seed(0));

impl LewisClark {
    /// A new game (spec "Setup"); the journal is drawn with `rng`.
    pub fn new(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        let n = players as u8;
        let start = Expedition {
            hand: 0,
            active: 0,
            supports: 0,
            on_cards: 0,
            indians: 1,
            res: [1, 1, 0, 1, 0, 0],
            tiles: [0; 4],
            scout: 0,
            camp: 0,
            camps: 0,
            recruits: 0,
            trashed: 0,
            spaces_moved: 0,
            spaces_lost: 0,
        };
        let mut seats = [start; data::MAX_PLAYERS];
        for (s, e) in seats.iter_mut().enumerate() {
            e.hand = if s < players { 0b11_1111 << (6 * s) } else { 0 };
            if s >= players {
                *e = Expedition { indians: 0, res: [0; KINDS], ..*e };
            }
        }
        let mut state = Self {
            config: *config,
            n,
            seats,
            village: [0; 8],
            powwow: 1,
            indian_supply: 2 * n + 2,
            tile_supply: [TILES_PER_KIND; 2],
            journal: [NONE; SLOTS],
            deck: (1u64 << NUM_ENCOUNTERS) - 1,
            discard: 0,
            removed: 0,
            reshuffled: false,
            round: 1,
            turn: 1,
            current: 0,
            acted: false,
            recruited: false,
            camped: false,
            phase: Phase::Turn,
            ctx: Ctx::IDLE,
            stack: [Op::Overflow; STACK],
            depth: 0,
            end: End::NotYet,
            winners: 0,
        };
        state.refresh_journal(rng);
        state.auto(rng);
        state
    }

    /// Indians out of the game (D13): `15 − 3N`.
    pub fn indians_out(&self) -> u8 {
        INDIANS - 3 * self.n - 3
    }

    // ----- journal and deck (R28–R30, D16) -----

    /// Draws a uniformly random card of the deck, reshuffling the discard pile into an empty deck
    /// first (R30); `NONE` when both are empty.
    fn draw(&mut self, rng: &mut GameRng) -> u8 {
        if self.deck == 0 {
            if self.discard == 0 {
                return NONE;
            }
            self.deck = self.discard;
            self.discard = 0;
            self.reshuffled = true;
        }
        let i = cardset::nth(self.deck, random_below(rng, self.deck.count_ones()));
        self.deck &= !(1u64 << i);
        FIRST_ENCOUNTER + i
    }

    /// Removes the card of slot `i` (0-based), to the discard pile if `discard`; the journal
    /// slides down and one card is drawn into the first empty slot (R28).
    fn remove_slot(&mut self, i: usize, discard: bool, rng: &mut GameRng) -> u8 {
        let card = self.journal[i];
        self.journal.copy_within(i + 1.., i);
        self.journal[SLOTS - 1] = NONE;
        if discard {
            self.discard |= 1u64 << (card - FIRST_ENCOUNTER);
        }
        let new = self.draw(rng);
        if new != NONE {
            let empty = self.journal.iter().position(|&c| c == NONE).unwrap_or(SLOTS - 1);
            self.journal[empty] = new;
        }
        card
    }

    /// The journal's cards go to the discard pile and five are drawn and sorted (R20, setup).
    fn refresh_journal(&mut self, rng: &mut GameRng) {
        for slot in 0..SLOTS {
            let c = self.journal[slot];
            if c != NONE {
                self.discard |= 1u64 << (c - FIRST_ENCOUNTER);
            }
            self.journal[slot] = NONE;
        }
        for slot in 0..SLOTS {
            self.journal[slot] = self.draw(rng);
        }
        // Card order is strength then number (D16); NONE sorts last.
        self.journal.sort_unstable();
    }

    // ----- counts (R12) -----

    /// badges(K) for the acting seat: cards with badge `kind` among all cards of its play area
    /// and its neighbours' (D7).
    pub fn badges(&self, seat: usize, kind: usize) -> u8 {
        let n = self.n as usize;
        let mut cards = self.seats[seat].active | self.seats[seat].supports;
        for other in [(seat + n - 1) % n, (seat + 1) % n] {
            if other != seat {
                cards |= self.seats[other].active | self.seats[other].supports;
            }
        }
        (cards & BADGE_MASKS[kind]).count_ones() as u8
    }

    fn count(&self, count: Count) -> u8 {
        let seat = self.current as usize;
        let me = self.me();
        match count {
            Count::Fixed(n) => n,
            Count::BadgesFd => self.badges(seat, FD),
            Count::BadgesE => self.badges(seat, E),
            Count::HalfResources => me.total() / 2,
            Count::ThirdResources => me.total() / 3,
            Count::ScoutsAhead => {
                1 + self.seat_range().filter(|&s| s != seat && self.seats[s].scout >= me.camp).count() as u8
            }
            Count::BoatIndians => me.indians,
            Count::Active => me.active.count_ones() as u8,
            Count::Village => self.village_indians(),
        }
    }

    /// Spendable units of a kind (R7): held minus gained by this action.
    pub fn spendable(&self, kind: usize) -> u8 {
        self.me().res[kind].saturating_sub(self.ctx.gained[kind])
    }

    /// Spendable Indians on the boats (R7).
    pub fn spendable_indians(&self) -> u8 {
        self.me().indians.saturating_sub(self.ctx.gained_indians)
    }

    /// Free resource capacity of the acting seat.
    fn free(&self) -> u8 {
        self.me().capacity().saturating_sub(self.me().total())
    }

    // ----- moves (R13, R14) -----

    /// A move of `base` steps; `false` if impossible (R13: `n` = 0 or a first step not allowed).
    fn do_move(&mut self, mountain: bool, base: u8) -> bool {
        let seat = self.current as usize;
        let start = self.seats[seat].scout;
        if base == 0 || !data::step_allowed(start + 1, mountain) {
            return false;
        }
        let mut n = base;
        if !mountain && !self.ctx.jarrot_used && self.has_active(seat, 36) {
            n += 2;
            self.ctx.jarrot_used = true;
        }
        if mountain && !self.ctx.cut_nose_used && self.has_active(seat, 54) {
            n += 1;
            self.ctx.cut_nose_used = true;
        }
        let larocque = self.has_active(seat, 16);
        let (mut pos, mut counted) = (start, 0);
        while counted < n && data::step_allowed(pos + 1, mountain) {
            pos += 1;
            if !(larocque && self.other_scout_on(seat, pos)) {
                counted += 1;
            }
        }
        self.seats[seat].scout = pos;
        self.ctx.moved = true;
        true
    }

    // ----- the op machine -----

    /// Gains `n` of `kind` (R10): all of it under `published` (the overflow is returned later),
    /// up to the free capacity under `forced`.
    fn gain(&mut self, kind: usize, n: u8) {
        let add = match self.config.gains {
            Gains::Published => n,
            Gains::Forced => n.min(self.free()),
        };
        self.me_mut().res[kind] += add;
        self.ctx.gained[kind] += add;
    }

    /// Runs automatic steps until a decision is on top, the stack is empty or a step failed.
    fn run(&mut self, rng: &mut GameRng) {
        while self.depth > 0 && !self.ctx.failed {
            let op = self.stack[self.depth as usize - 1];
            let forced_full = self.config.gains == Gains::Forced && self.free() == 0;
            let skip = match op {
                Op::Take { n, .. } => n == 0 || forced_full,
                Op::GainKind(_, n) => n == 0 || forced_full,
                Op::Collect(_) => forced_full,
                Op::Discard(n, _) => n == 0,
                _ => false,
            };
            let decision = matches!(
                op,
                Op::Choose(_)
                    | Op::PayAny(..)
                    | Op::PayDiff(..)
                    | Op::Take { .. }
                    | Op::GainKind(..)
                    | Op::Collect(_)
                    | Op::Amount(..)
                    | Op::Return(..)
                    | Op::Location(_)
                    | Op::Target
                    | Op::TakeCard
                    | Op::TakeIndians(_)
                    | Op::Discard(..)
            );
            if decision && !skip {
                return;
            }
            self.depth -= 1;
            if skip {
                continue;
            }
            match op {
                Op::Pay(kind, n) => {
                    if self.spendable(kind as usize) < n {
                        self.ctx.failed = true;
                    } else {
                        self.me_mut().res[kind as usize] -= n;
                    }
                }
                Op::Powwow(n) => {
                    if self.spendable_indians() < n {
                        self.ctx.failed = true;
                    } else {
                        self.me_mut().indians -= n;
                        self.powwow += n;
                    }
                }
                Op::Gain(kind, n) => self.gain(kind as usize, n),
                Op::Overflow => {
                    let (total, cap) = (self.me().total(), self.me().capacity());
                    if total > cap {
                        self.push(Op::Return(total - cap, 0));
                    }
                }
                Op::Move(mountain, count) => {
                    let n = self.count(count);
                    if !self.do_move(mountain, n) {
                        self.ctx.failed = true;
                    }
                }
                Op::Gather => {
                    self.powwow += self.village.iter().sum::<u8>();
                    self.village = [0; 8];
                }
                Op::Newcomer => {
                    if self.indian_supply > 0 {
                        self.indian_supply -= 1;
                        self.powwow += 1;
                    }
                    if self.journal[0] != NONE {
                        self.remove_slot(0, true, rng);
                    }
                }
                Op::Refresh => self.refresh_journal(rng),
                Op::Slide(slot) => {
                    let card = self.remove_slot(slot as usize - 1, false, rng);
                    self.me_mut().hand |= 1 << card;
                }
                _ => unreachable!("decision steps are not run"),
            }
        }
    }

    /// Calls `f` on each option of the decision on top of the stack before the completion test
    /// (R8), in canonical order, until `f` returns `true`; returns whether it did. (A closure
    /// rather than a list: the completion search stops at its first success.)
    pub(super) fn each_raw_option(&self, mut f: impl FnMut(Action) -> bool) -> bool {
        let top = self.stack[self.depth as usize - 1];
        let me = self.me();
        match top {
            Op::Choose(choice) => {
                for i in 1..=Self::alternatives(choice) {
                    if self.alternative_available(choice, i) && f(Action::Choose(i)) {
                        return true;
                    }
                }
            }
            Op::PayAny(_, min) | Op::PayDiff(_, min) => {
                for kind in min as usize..KINDS {
                    if self.spendable(kind) > 0 && f(Action::Pay(kind as u8)) {
                        return true;
                    }
                }
            }
            Op::Take { min, mask, optional, .. } => {
                for kind in min..4 {
                    if mask >> kind & 1 == 1 && f(Action::Take(kind)) {
                        return true;
                    }
                }
                if optional && f(Action::Done) {
                    return true;
                }
            }
            Op::GainKind(mask, _) | Op::Collect(mask) => {
                for kind in 0..4 {
                    if mask >> kind & 1 == 1 && f(Action::Take(kind)) {
                        return true;
                    }
                }
            }
            Op::Amount(_, max) => {
                for a in 0..=max {
                    if f(Action::Amount(a)) {
                        return true;
                    }
                }
            }
            Op::Return(_, min) => {
                for kind in min as usize..KINDS {
                    if me.res[kind] > 0 && f(Action::Return(kind as u8)) {
                        return true;
                    }
                }
            }
            Op::Location(occupied) => {
                for (i, &n) in self.village.iter().enumerate() {
                    if (!occupied || n > 0) && f(Action::Location(i as u8)) {
                        return true;
                    }
                }
            }
            Op::Target => {
                let all = self.seat_range().fold(0u128, |acc, s| acc | self.seats[s].active);
                for c in cardset::iter(all) {
                    if data::is_copyable(c) && f(Action::Target(c)) {
                        return true;
                    }
                }
            }
            Op::TakeCard => {
                for (i, &c) in self.journal.iter().enumerate() {
                    if c != NONE && f(Action::TakeCard(i as u8 + 1)) {
                        return true;
                    }
                }
            }
            Op::TakeIndians(max) => {
                for k in 0..=self.powwow.min(max) {
                    if f(Action::TakeIndians(k)) {
                        return true;
                    }
                }
            }
            Op::Discard(_, min) => {
                for c in cardset::iter(me.hand >> min) {
                    if f(Action::Discard(c + min)) {
                        return true;
                    }
                }
                if f(Action::Done) {
                    return true;
                }
            }
            _ => unreachable!("not a decision"),
        }
        false
    }

    /// Applies a decision inside a repetition: pops its step and pushes what follows.
    fn decide(&mut self, a: Action) {
        self.depth -= 1;
        let top = self.stack[self.depth as usize];
        match (top, a) {
            (Op::Choose(choice), Action::Choose(i)) => self.push_alternative(choice, i),
            (Op::PayAny(n, _), Action::Pay(kind)) => {
                self.me_mut().res[kind as usize] -= 1;
                if n > 1 {
                    self.push(Op::PayAny(n - 1, kind));
                }
            }
            (Op::PayDiff(n, _), Action::Pay(kind)) => {
                self.me_mut().res[kind as usize] -= 1;
                if n > 1 {
                    self.push(Op::PayDiff(n - 1, kind + 1));
                }
            }
            (Op::Take { n, mask, strict, optional, .. }, Action::Take(kind)) => {
                self.gain(kind as usize, 1);
                if n > 1 {
                    self.push(Op::Take { n: n - 1, min: kind + u8::from(strict), mask, strict, optional });
                }
            }
            (Op::Take { .. } | Op::Discard(..), Action::Done) => {}
            (Op::GainKind(_, n), Action::Take(kind)) => self.push(Op::Gain(kind, n)),
            (Op::Collect(_), Action::Take(kind)) => {
                let badges = self.badges(self.current as usize, kind as usize);
                match self.config.gains {
                    Gains::Forced => self.gain(kind as usize, badges),
                    Gains::Published if badges > 0 => self.push_seq(&[Op::Amount(kind, badges), Op::Overflow]),
                    Gains::Published => {}
                }
            }
            (Op::Amount(kind, _), Action::Amount(n)) => self.gain(kind as usize, n),
            (Op::Return(n, _), Action::Return(kind)) => {
                // The returned unit is a new one if the action gained that kind (D35).
                let k = kind as usize;
                self.me_mut().res[k] -= 1;
                self.ctx.gained[k] = self.ctx.gained[k].saturating_sub(1);
                if n > 1 {
                    self.push(Op::Return(n - 1, kind));
                }
            }
            (Op::Location(occupied), Action::Location(loc)) => {
                self.push_loc_effect(LOCS[loc as usize]);
                if occupied {
                    self.push(Op::PayAny(1, 0));
                }
            }
            (Op::Target, Action::Target(card)) => {
                self.push_card_effect(card, self.interpreter_cap(1));
                self.push(Op::Pay(FD as u8, 1));
            }
            (Op::TakeCard, Action::TakeCard(slot)) => {
                // e14 takes the card for free (D33); the journal slides next (R28).
                self.push(Op::Slide(slot));
            }
            (Op::TakeIndians(_), Action::TakeIndians(k)) => {
                self.powwow -= k;
                self.me_mut().indians += k;
                self.ctx.gained_indians += k;
            }
            (Op::Discard(n, _), Action::Discard(card)) => {
                let me = self.me_mut();
                me.hand &= !(1 << card);
                me.trashed += 1;
                self.removed |= 1 << card;
                if n > 1 {
                    self.push(Op::Discard(n - 1, card + 1));
                }
            }
            _ => unreachable!("{a:?} does not answer {top:?}"),
        }
    }

    /// The Interpreter's cap for a given strength (R23).
    fn interpreter_cap(&self, strength: u8) -> u8 {
        match self.config.interpreter_take {
            InterpreterTake::Any => u8::MAX,
            InterpreterTake::Strength => strength,
        }
    }

    /// Whether the repetition in progress can be completed (R8): depth-first over its decisions.
    fn completable(&self) -> bool {
        self.completable_in::<true>()
    }

    /// [`Self::completable`]; `QUICK`: a payment or return settled by counts
    /// ([`Self::payment_by_counts`]) searches only its first option that can finish it (`false`:
    /// every option, for the tests that check the shortcut against the full search).
    pub(super) fn completable_in<const QUICK: bool>(&self) -> bool {
        if self.ctx.failed {
            return false;
        }
        if self.depth == 0 {
            return true;
        }
        if self.doomed_move() {
            return false;
        }
        if self.options_all_complete() {
            return self.each_raw_option(|_| true);
        }
        if QUICK && let Some(pay) = self.payment_by_counts() {
            // The rest completes alike after every way to finish the payment: one is tried.
            let mut first = None;
            self.each_raw_option(|a| {
                first = Some(a).filter(|&a| self.payment_finishes(pay, a));
                first.is_some()
            });
            return first.is_some_and(|a| self.completes_after_in::<QUICK>(a));
        }
        self.each_raw_option(|a| self.completes_after_in::<QUICK>(a))
    }

    /// The payment or return decision on top (`PayAny`, `PayDiff` or `Return`) when no step
    /// below it in the repetition looks at the kinds of resources held, only at their total
    /// (counts, capacity), Indians, cards, the journal and the scout; `None` otherwise. Then
    /// every way to finish the payment (R9) or return (D35) leaves the rest of the repetition
    /// facing the same question, so an option completes iff the payment can still be finished
    /// after it ([`Self::payment_finishes`]) and the rest completes, the same for every option.
    /// `tests.rs` checks this against the search on the positions of random games.
    pub(super) fn payment_by_counts(&self) -> Option<Op> {
        let d = self.depth as usize;
        let pay = self.stack[d - 1];
        if !matches!(pay, Op::PayAny(..) | Op::PayDiff(..) | Op::Return(..)) {
            return None;
        }
        self.stack[..d - 1]
            .iter()
            .all(|&op| {
                matches!(
                    op,
                    Op::Gain(..)
                        | Op::Overflow
                        | Op::Move(..)
                        | Op::Powwow(_)
                        | Op::Gather
                        | Op::Newcomer
                        | Op::Refresh
                        | Op::Slide(_)
                        | Op::Take { .. }
                        | Op::GainKind(..)
                        | Op::Collect(_)
                        | Op::Amount(..)
                        | Op::TakeIndians(_)
                        | Op::TakeCard
                        | Op::Discard(..)
                )
            })
            .then_some(pay)
    }

    /// Whether payment or return `pay` on top (see [`Self::payment_by_counts`]) can be finished
    /// after its option `a` (a `Pay` of a spendable kind, R7, or a `Return` of a held kind): the
    /// later units come from kinds from the chosen one on (`PayAny` from spendable units,
    /// `Return` from held ones, the chosen unit gone) or from later kinds, one each (`PayDiff`).
    pub(super) fn payment_finishes(&self, pay: Op, a: Action) -> bool {
        let (n, kind) = match (pay, a) {
            (Op::PayAny(n, _) | Op::PayDiff(n, _), Action::Pay(kind)) | (Op::Return(n, _), Action::Return(kind)) => {
                (n, kind as usize)
            }
            _ => unreachable!("{a:?} does not answer {pay:?}"),
        };
        let units = match pay {
            Op::PayAny(..) => (kind..KINDS).map(|j| self.spendable(j) as usize).sum(),
            Op::PayDiff(..) => 1 + (kind + 1..KINDS).filter(|&j| self.spendable(j) > 0).count(),
            _ => self.me().res[kind..].iter().map(|&r| r as usize).sum(),
        };
        units >= n as usize
    }

    /// Whether every option of the decision on top completes the repetition, decided without
    /// a search (R8): the decision only gains, collects, takes Indians or a journal card,
    /// discards, or pays or returns its last unit, and every step below it only gains or
    /// decides among options of which one always exists (no payment, no move, no alternative,
    /// location or copy target). Those steps cannot fail, so neither can the repetition.
    /// `tests.rs` checks this against the search on the positions of random games.
    pub(super) fn options_all_complete(&self) -> bool {
        let d = self.depth as usize;
        let top_safe = match self.stack[d - 1] {
            Op::Take { n, strict, optional, .. } => n == 1 || !strict || optional,
            Op::GainKind(..)
            | Op::Collect(_)
            | Op::Amount(..)
            | Op::TakeIndians(_)
            | Op::TakeCard
            | Op::Discard(..) => true,
            Op::PayAny(n, _) | Op::PayDiff(n, _) | Op::Return(n, _) => n == 1,
            _ => false,
        };
        top_safe
            && self.stack[..d - 1].iter().all(|&op| match op {
                Op::Take { n, min, mask, strict, optional } => {
                    (mask & 0b1111) >> min != 0 && (n == 1 || !strict || optional)
                }
                Op::GainKind(mask, _) | Op::Collect(mask) => mask & 0b1111 != 0,
                Op::Gain(..)
                | Op::Overflow
                | Op::Amount(..)
                | Op::TakeIndians(_)
                | Op::Discard(..)
                | Op::Gather
                | Op::Newcomer
                | Op::Refresh => true,
                _ => false,
            })
    }

    /// Whether a move of the repetition must fail whatever is decided before it (R13): the
    /// steps above it only pay or gain resources (they never move the scout), and its first step
    /// is not allowed from the scout's space, or its `n` is 0 and cannot change before the move
    /// (a printed number, badges, scouts ahead, active cards; boat and village Indians unless a
    /// Powwow payment comes first; not the counts of resources). Prunes the search of payments
    /// before an impossible move.
    fn doomed_move(&self) -> bool {
        let scout = self.me().scout;
        let mut powwow = false;
        for &op in self.stack[..self.depth as usize].iter().rev() {
            match op {
                Op::Move(mountain, count) => {
                    let fixed = match count {
                        Count::HalfResources | Count::ThirdResources => false,
                        Count::BoatIndians | Count::Village => !powwow,
                        _ => true,
                    };
                    return !data::step_allowed(scout + 1, mountain) || (fixed && self.count(count) == 0);
                }
                Op::Powwow(_) => powwow = true,
                Op::Pay(..)
                | Op::PayAny(..)
                | Op::PayDiff(..)
                | Op::Gain(..)
                | Op::Overflow
                | Op::Take { .. }
                | Op::GainKind(..)
                | Op::Collect(_)
                | Op::Amount(..)
                | Op::Return(..) => {}
                _ => return false,
            }
        }
        false
    }

    /// Whether the repetition can be completed after decision `a`.
    pub(super) fn completes_after(&self, a: Action) -> bool {
        self.completes_after_in::<true>(a)
    }

    /// [`Self::completes_after`] by the search without the payment shortcut of
    /// [`Self::completable_in`], for the tests.
    #[cfg(test)]
    pub(super) fn completes_after_by_full_search(&self, a: Action) -> bool {
        self.completes_after_in::<false>(a)
    }

    /// [`Self::completes_after`], `QUICK` as in [`Self::completable_in`].
    fn completes_after_in<const QUICK: bool>(&self, a: Action) -> bool {
        if let (1, Op::Choose(choice), Action::Choose(i), false) = (self.depth, self.stack[0], a, self.ctx.failed)
            && let Some(ok) = self.last_move_completes(choice, i)
        {
            return ok;
        }
        let mut s = self.clone();
        s.decide(a);
        s.run(&mut search_rng());
        s.completable_in::<QUICK>()
    }

    /// Whether alternative `i` of a move choice that is the repetition's last step (the Captain,
    /// e11, e32, e47) completes, without a copy: it pays 1 of a kind (the Captain) and moves a
    /// printed `n` above 0, so it completes iff that unit is spendable and the first step is
    /// allowed (R9, R13). `None` for the other choices.
    fn last_move_completes(&self, choice: Choice, i: u8) -> Option<bool> {
        let step = |mountain: bool| data::step_allowed(self.me().scout + 1, mountain);
        Some(match (choice, i) {
            (Choice::Captain, 1) => self.spendable(FD) >= 1 && step(false),
            (Choice::Captain, 2) => self.spendable(C) >= 1 && step(false),
            (Choice::Captain, _) => self.spendable(H) >= 1 && step(true),
            (Choice::Newman | Choice::Mackay | Choice::OldToby, i) => step(i == 2),
            (Choice::Cameahwait | Choice::Tile, _) => return None,
        })
    }

    /// Pushes one repetition of the action's source.
    fn push_source(&mut self) {
        match self.ctx.source {
            Source::Card(c) => self.push_card_effect(c, self.interpreter_cap(self.ctx.strength)),
            Source::Loc(l) => self.push_loc_effect(LOCS[l as usize]),
            Source::None => {}
        }
    }

    /// Whether a new repetition of the action's source is possible now (R6, R8).
    fn repetition_possible(&self) -> bool {
        let mut s = self.clone();
        s.push_source();
        s.run(&mut search_rng());
        s.completable()
    }

    /// Runs the action until a decision is needed or it is over (R6, R15).
    fn advance(&mut self, rng: &mut GameRng) {
        loop {
            self.run(rng);
            debug_assert!(!self.ctx.failed, "a legal repetition failed");
            if self.depth > 0 {
                self.phase = Phase::Action;
                return;
            }
            if self.ctx.reps_left > 0 && self.repetition_possible() {
                self.ctx.reps_left -= 1;
                self.push_source();
                continue;
            }
            self.end_action();
            return;
        }
    }

    /// The end of an action: the forward bump (R15), statistics, back to the turn step.
    fn end_action(&mut self) {
        let seat = self.current as usize;
        if self.ctx.moved {
            while self.other_scout_on(seat, self.seats[seat].scout) {
                self.seats[seat].scout += 1;
            }
            let e = &mut self.seats[seat];
            e.spaces_moved += (e.scout - self.ctx.start).max(0) as u16;
        }
        self.ctx = Ctx::IDLE;
        self.acted = true;
        self.phase = Phase::Turn;
    }

    /// A fresh action context for the acting seat.
    fn start_ctx(&mut self, source: Source, strength: u8, reps: u8) {
        self.ctx = Ctx { source, strength, reps_left: reps, start: self.me().scout, ..Ctx::IDLE };
    }

    /// Puts `card` into play with support `support` and `k` Indians (R5).
    fn place(&mut self, card: u8, support: u8, k: u8) {
        let strength = if support == NONE { 0 } else { data::strength(support) } + k;
        let me = self.me_mut();
        me.hand &= !(1 << card);
        me.active |= 1 << card;
        if support != NONE {
            me.hand &= !(1 << support);
            me.supports |= 1 << support;
        }
        me.indians -= k;
        me.on_cards += k;
        let reps = if data::is_passive(card) {
            0
        } else if matches!(data::number(card), Some(1 | 2)) || data::role(card) == Some(data::INTERPRETER) {
            1
        } else {
            strength
        };
        self.start_ctx(Source::Card(card), strength, reps);
    }

    /// Whether the first repetition of `card` is possible with `support` and `k` Indians (R16):
    /// from the counts where they decide it (`feasible.rs`), else by the search.
    fn first_possible(&self, card: u8, support: u8, k: u8) -> bool {
        self.first_by_counts(card, support, k).unwrap_or_else(|| self.first_by_search(card, support, k))
    }

    /// [`Self::first_possible`] by trying the first repetition on a copy (R8).
    pub(super) fn first_by_search(&self, card: u8, support: u8, k: u8) -> bool {
        self.first_search_in::<true>(card, support, k)
    }

    /// [`Self::first_by_search`] without the payment shortcut of [`Self::completable_in`], for
    /// the tests.
    #[cfg(test)]
    pub(super) fn first_by_full_search(&self, card: u8, support: u8, k: u8) -> bool {
        self.first_search_in::<false>(card, support, k)
    }

    /// [`Self::first_by_search`], `QUICK` as in [`Self::completable_in`].
    fn first_search_in<const QUICK: bool>(&self, card: u8, support: u8, k: u8) -> bool {
        if data::is_passive(card) {
            return true;
        }
        let mut s = self.clone();
        s.place(card, support, k);
        s.ctx.reps_left = 0;
        s.push_source();
        s.run(&mut search_rng());
        s.completable_in::<QUICK>()
    }

    /// For each support (its strength 0 for none) and Indians `k`, whether `Play(card)` is
    /// possible: `(no_support_ok, per-strength mask of possible k)`. Support-independent cards
    /// share one table: `ok[k]` for `k` Indians.
    fn power_table(&self, card: u8) -> [bool; 4] {
        let indians = self.me().indians.min(3);
        let mut ok = [false; 4];
        if !indians_matter(card) {
            ok[..=indians as usize].fill(self.first_possible(card, NONE, 0));
            return ok;
        }
        for (k, v) in ok.iter_mut().enumerate().take(indians as usize + 1) {
            *v = self.first_possible(card, NONE, k as u8);
        }
        ok
    }

    /// Whether support `support` (or none) admits some legal `Indians(k)` for `card`.
    fn support_ok(&self, card: u8, support: u8, table: Option<&[bool; 4]>) -> bool {
        let indians = self.me().indians;
        let base = if support == NONE { 0 } else { data::strength(support) };
        let low = u8::from(support == NONE);
        let high = (3 - base).min(indians);
        if table.is_none() && !indians_matter(card) {
            return low <= high && self.first_possible(card, support, low);
        }
        (low..=high).any(|k| match table {
            Some(t) => t[k as usize],
            None => self.first_possible(card, support, k),
        })
    }

    /// Whether support `d` is the first of its (badge, strength) kind in `seen` (marking it).
    /// A support-sensitive card's completion depends on its support only through the support's
    /// badge (badges(K), D7) and strength (the Interpreter's cap, R23): the support leaves the
    /// hand, which no first repetition looks at except Farewell's discards, which can always
    /// stop (`Done`). So supports of one kind are all legal or all not.
    fn first_of_kind(seen: &mut u16, d: u8) -> bool {
        let bit = 1u16 << (data::badge(d) * 4 + data::strength(d) as usize);
        let first = *seen & bit == 0;
        *seen |= bit;
        first
    }

    /// Whether `Play(card)` is legal (R16).
    fn playable(&self, card: u8) -> bool {
        let me = self.me();
        let others = me.hand & !(1 << card);
        if ALWAYS_PLAYABLE >> card & 1 == 1 {
            return me.indians > 0 || others != 0;
        }
        if support_sensitive(card) {
            if self.support_ok(card, NONE, None) {
                return true;
            }
            let mut seen = 0u16;
            return cardset::iter(others).any(|d| Self::first_of_kind(&mut seen, d) && self.support_ok(card, d, None));
        }
        if !indians_matter(card) {
            // One answer for every support and k (`power_table`); no support needs k ≥ 1, and
            // every support allows k = 0.
            return (me.indians > 0 || others != 0) && self.first_possible(card, NONE, 0);
        }
        let t = self.power_table(card);
        if me.indians > 0 && t[1..=me.indians.min(3) as usize].iter().any(|&b| b) {
            return true;
        }
        // A support of strength s allows k in 0..=3 − s.
        let strengths = data::strengths(others);
        (1..=3).any(|s| strengths >> s & 1 == 1 && t[..=(3 - s).min(me.indians as usize)].iter().any(|&b| b))
    }

    /// Whether `Send(loc, k)` is legal (R17).
    fn send_legal(&self, loc: usize, k: u8) -> bool {
        let me = self.me();
        let l = LOCS[loc];
        if me.indians < k {
            return false;
        }
        let cap = data::capacity(l);
        if cap != u8::MAX && self.village[loc] + k > cap {
            return false;
        }
        match l {
            Loc::Canoe => me.res[W] >= 2 * k,
            Loc::Horse => me.res.iter().map(|&r| r.min(k)).sum::<u8>() >= 3 * k,
            Loc::Upgrade => me.res[W] >= 3 && self.tile_supply.iter().any(|&t| t > 0),
            // Every copy target is paid with 1 Fd first (R22): none held, no target completes.
            Loc::Shaman if me.res[FD] == 0 => false,
            Loc::Shaman => {
                // With the Indian already on the location (e31 counts the boats after it).
                let mut s = self.clone();
                s.me_mut().indians -= 1;
                s.village[loc] += 1;
                s.start_ctx(Source::Loc(loc as u8), 1, 0);
                s.push_source();
                s.run(&mut search_rng());
                s.completable()
            }
            _ => true,
        }
    }

    /// The fur a recruitment from `slot` (1-based) costs the acting seat (R27, e17).
    pub fn recruit_fur(&self, slot: u8) -> u8 {
        if self.has_active(self.current as usize, 17) { slot.saturating_sub(2) } else { slot }
    }

    /// Whether `Recruit(slot)` is legal (R27).
    fn recruit_legal(&self, slot: u8) -> bool {
        let card = self.journal[slot as usize - 1];
        if card == NONE {
            return false;
        }
        let me = self.me();
        if me.res[F] < self.recruit_fur(slot) {
            return false;
        }
        let need = data::strength(card);
        let best = if self.config.recruit_trade_in { data::max_strength(me.hand) } else { 0 };
        me.res[E] + best >= need
    }

    /// The legal actions of the decider (spec "Actions"), in canonical order.
    pub fn legal(&self, out: &mut Buf) {
        self.each_legal(|a| {
            out.push(a);
            false
        });
    }

    /// Calls `f` on each legal action of the decider, in canonical order, until `f` returns
    /// `true`; returns whether it did.
    pub(super) fn each_legal(&self, mut f: impl FnMut(Action) -> bool) -> bool {
        let me = self.me();
        match self.phase {
            Phase::Over => {}
            Phase::Turn => {
                let mut any_action = false;
                if !self.acted {
                    for c in cardset::iter(me.hand) {
                        if self.playable(c) {
                            any_action = true;
                            if f(Action::Play(c)) {
                                return true;
                            }
                        }
                    }
                    // A send needs an Indian on the boats (R17).
                    for (loc, &l) in LOCS.iter().enumerate().filter(|_| me.indians > 0) {
                        let ks = if matches!(l, Loc::Canoe | Loc::Horse) { 3 } else { 1 };
                        for k in 1..=ks.min(me.indians) {
                            if self.send_legal(loc, k) {
                                any_action = true;
                                if f(Action::Send(loc as u8, k)) {
                                    return true;
                                }
                            }
                        }
                    }
                }
                if !self.recruited {
                    for slot in 1..=SLOTS as u8 {
                        if self.recruit_legal(slot) && f(Action::Recruit(slot)) {
                            return true;
                        }
                    }
                }
                if !self.camped && f(Action::Camp) {
                    return true;
                }
                if (self.acted || (self.camped && !any_action)) && f(Action::EndTurn) {
                    return true;
                }
            }
            Phase::Power1(card) => {
                let others = me.hand & !(1 << card);
                // `Play(card)` was legal (R16): a card whose first repetition looks at neither its
                // support nor its Indians completes with all of them, so nothing is tried again.
                let table = if support_sensitive(card) {
                    None
                } else if indians_matter(card) {
                    Some(self.power_table(card))
                } else {
                    Some([true; 4])
                };
                if me.indians > 0 && self.support_ok(card, NONE, table.as_ref()) && f(Action::NoSupport) {
                    return true;
                }
                // Per (badge, strength) kind of support (see `first_of_kind`): tried, legal.
                let (mut tried, mut legal) = (0u16, 0u16);
                for d in cardset::iter(others) {
                    let ok = if table.is_some() {
                        self.support_ok(card, d, table.as_ref())
                    } else {
                        let bit = 1u16 << (data::badge(d) * 4 + data::strength(d) as usize);
                        if tried & bit == 0 {
                            tried |= bit;
                            if self.support_ok(card, d, None) {
                                legal |= bit;
                            }
                        }
                        legal & bit != 0
                    };
                    if ok && f(Action::Support(d)) {
                        return true;
                    }
                }
            }
            Phase::Power2(card, support) => {
                let base = if support == NONE { 0 } else { data::strength(support) };
                let (low, high) = (u8::from(support == NONE), (3 - base).min(me.indians));
                // The support step was legal, so some count of `low..=high` completes: every count
                // for a card that ignores its Indians, and the only one when there is one.
                let all = !indians_matter(card) || low == high;
                for k in low..=high {
                    if (all || self.first_possible(card, support, k)) && f(Action::Indians(k)) {
                        return true;
                    }
                }
            }
            Phase::TradeIn(slot) => {
                let need = data::strength(self.journal[slot as usize - 1]);
                if me.res[E] >= need && f(Action::NoTradeIn) {
                    return true;
                }
                for d in cardset::iter(me.hand) {
                    if me.res[E] >= need.saturating_sub(data::strength(d)) && f(Action::TradeIn(d)) {
                        return true;
                    }
                }
            }
            Phase::Action => {
                if self.options_all_complete() {
                    return self.each_raw_option(f);
                }
                // The repetition was entered legally (R8), so its rest completes after some way
                // of paying (or returning), hence after all of them: an option is legal iff it
                // can finish the payment.
                if let Some(pay) = self.payment_by_counts() {
                    return self.each_raw_option(|a| self.payment_finishes(pay, a) && f(a));
                }
                // The repetition in progress was entered legally, so it can be completed (R8):
                // when every option before the last fails, the last completes without a search.
                let mut left = 0;
                self.each_raw_option(|_| {
                    left += 1;
                    false
                });
                let mut any = false;
                return self.each_raw_option(|a| {
                    left -= 1;
                    let ok = (left == 0 && !any) || self.completes_after(a);
                    any |= ok;
                    ok && f(a)
                });
            }
        }
        false
    }

    /// Plays `a` (legal) and then every step that has a single option (R4).
    pub fn apply_action(&mut self, a: Action, rng: &mut GameRng) {
        self.step(a, rng);
        self.auto(rng);
    }

    /// Applies the single-option steps of a position built by hand (R4), as `apply` does after
    /// every action (for tests that set up positions).
    pub fn settle(&mut self, rng: &mut GameRng) {
        self.auto(rng);
    }

    /// Applies single-option steps (R4, D28).
    fn auto(&mut self, rng: &mut GameRng) {
        while let Some(a) = self.single_option() {
            self.step(a, rng);
        }
    }

    /// The legal action when there is exactly one, else `None`: [`Self::legal`]'s count, stopped
    /// at the second option. At the turn step the cheap options are looked at first (the
    /// completion searches of `Play` are the costly part, R8) and the one found is kept.
    fn single_option(&self) -> Option<Action> {
        if self.phase == Phase::Turn {
            // The options of [`Self::each_legal`]'s turn step, counted up to 2 with the first kept.
            let (mut first, mut count) = (None, 0);
            let note = |first: &mut Option<Action>, count: &mut usize, a: Action, n: usize| {
                if *count == 0 {
                    *first = Some(a);
                }
                *count += n;
            };
            if !self.camped {
                note(&mut first, &mut count, Action::Camp, 1);
            }
            if self.acted {
                note(&mut first, &mut count, Action::EndTurn, 1);
            }
            if !self.recruited && count < 2 {
                for slot in (1..=SLOTS as u8).filter(|&slot| self.recruit_legal(slot)).take(2 - count) {
                    note(&mut first, &mut count, Action::Recruit(slot), 1);
                }
            }
            if count < 2 && !self.acted {
                let (actions, action) = self.some_actions(2 - count);
                if let Some(a) = action {
                    note(&mut first, &mut count, a, actions);
                } else if self.camped {
                    note(&mut first, &mut count, Action::EndTurn, 1);
                }
            }
            return if count == 1 { first } else { None };
        }
        let (mut first, mut count) = (None, 0);
        self.each_legal(|a| {
            first = first.or(Some(a));
            count += 1;
            count == 2
        });
        (count == 1).then_some(first).flatten()
    }

    /// How many of the turn's `Play` and `Send` actions are legal, counting up to `cap`, the
    /// sends (cheap) first, and the first found.
    fn some_actions(&self, cap: usize) -> (usize, Option<Action>) {
        let (mut found, mut first) = (0, None);
        let indians = self.me().indians;
        // A send needs an Indian on the boats (R17).
        for (loc, &l) in LOCS.iter().enumerate().filter(|_| indians > 0) {
            let ks = if matches!(l, Loc::Canoe | Loc::Horse) { 3 } else { 1 };
            for k in 1..=ks.min(indians) {
                if self.send_legal(loc, k) {
                    found += 1;
                    first = first.or(Some(Action::Send(loc as u8, k)));
                    if found >= cap {
                        return (found, first);
                    }
                }
            }
        }
        for c in cardset::iter(self.me().hand) {
            if self.playable(c) {
                found += 1;
                first = first.or(Some(Action::Play(c)));
                if found >= cap {
                    return (found, first);
                }
            }
        }
        (found, first)
    }

    /// Applies one decision.
    fn step(&mut self, a: Action, rng: &mut GameRng) {
        match (self.phase, a) {
            (Phase::Turn, Action::Play(c)) => self.phase = Phase::Power1(c),
            (Phase::Turn, Action::Send(loc, k)) => {
                self.me_mut().indians -= k;
                self.village[loc as usize] += k;
                self.start_ctx(Source::Loc(loc), k, k - 1);
                self.push_source();
                self.advance(rng);
            }
            (Phase::Turn, Action::Recruit(slot)) => {
                let fur = self.recruit_fur(slot);
                self.me_mut().res[F] -= fur;
                if self.config.recruit_trade_in {
                    self.phase = Phase::TradeIn(slot);
                } else {
                    let need = data::strength(self.journal[slot as usize - 1]);
                    self.me_mut().res[E] -= need;
                    self.finish_recruit(slot, rng);
                }
            }
            (Phase::Turn, Action::Camp) => self.camp(),
            (Phase::Turn, Action::EndTurn) => self.end_turn(),
            (Phase::Power1(c), Action::NoSupport) => self.phase = Phase::Power2(c, NONE),
            (Phase::Power1(c), Action::Support(d)) => self.phase = Phase::Power2(c, d),
            (Phase::Power2(c, d), Action::Indians(k)) => {
                self.place(c, d, k);
                if self.ctx.reps_left > 0 {
                    self.ctx.reps_left -= 1;
                    self.push_source();
                }
                self.advance(rng);
            }
            (Phase::TradeIn(slot), Action::NoTradeIn) => {
                let need = data::strength(self.journal[slot as usize - 1]);
                self.me_mut().res[E] -= need;
                self.finish_recruit(slot, rng);
            }
            (Phase::TradeIn(slot), Action::TradeIn(d)) => {
                let need = data::strength(self.journal[slot as usize - 1]).saturating_sub(data::strength(d));
                let me = self.me_mut();
                me.res[E] -= need;
                me.hand &= !(1 << d);
                me.trashed += 1;
                self.removed |= 1 << d;
                self.finish_recruit(slot, rng);
            }
            (Phase::Action, a) => {
                self.decide(a);
                self.advance(rng);
            }
            (phase, a) => panic!("{a:?} is not legal in {phase:?}"),
        }
    }

    /// The recruited card joins the hand; the journal slides and refills (R27, R28).
    fn finish_recruit(&mut self, slot: u8, rng: &mut GameRng) {
        let card = self.remove_slot(slot as usize - 1, false, rng);
        let me = self.me_mut();
        me.hand |= 1 << card;
        me.recruits += 1;
        self.recruited = true;
        self.phase = Phase::Turn;
    }

    /// The delay of a camp now (R31 step 2), with the Indians on cards counted back on the boats.
    pub fn camp_delay(&self, seat: usize) -> u8 {
        let mut e = self.seats[seat];
        e.indians += e.on_cards;
        let d = e.hand.count_ones() as u8 + e.penalty();
        d.saturating_sub(u8::from(self.has_active(seat, 18)))
    }

    /// Makes camp (R31).
    fn camp(&mut self) {
        let seat = self.current as usize;
        let delay = self.camp_delay(seat);
        let e = &mut self.seats[seat];
        e.indians += e.on_cards;
        e.on_cards = 0;
        let old = e.scout;
        if delay > 0 {
            let mut pos = (old - i16::from(delay)).max(BOTTOM);
            while pos != BOTTOM && self.other_scout_on(seat, pos) {
                pos -= 1;
            }
            self.seats[seat].scout = pos;
        }
        let e = &mut self.seats[seat];
        e.spaces_lost += (old - e.scout).max(0) as u16;
        e.camp = if self.config.camp_retreat { e.scout } else { e.camp.max(e.scout) };
        e.hand |= e.active | e.supports;
        e.active = 0;
        e.supports = 0;
        e.camps += 1;
        self.camped = true;
        if e.camp >= FORT {
            self.end = End::Fort;
            self.winners = 1 << seat;
            self.phase = Phase::Over;
            return;
        }
        if self.config.bottom_reset && e.camp == BOTTOM {
            let own = 0b11_1111u128 << (6 * seat);
            let recruited = e.hand & !own;
            e.hand &= own;
            e.res = [0; KINDS];
            let indians = e.indians;
            e.indians = 0;
            self.removed |= recruited;
            self.powwow += indians;
        }
    }

    /// Ends the turn; after seat N−1's turn in round `max_rounds`, the time-out (R1, R33).
    fn end_turn(&mut self) {
        if self.current + 1 == self.n {
            if self.round >= self.config.max_rounds {
                let key = |s: usize| (self.seats[s].camp, self.seats[s].scout);
                let best = self.seat_range().map(key).max().expect("seats");
                self.winners = self.seat_range().filter(|&s| key(s) == best).fold(0, |m, s| m | 1 << s);
                self.end = End::TimeOut;
                self.phase = Phase::Over;
                return;
            }
            self.round += 1;
            self.current = 0;
        } else {
            self.current += 1;
        }
        self.turn += 1;
        self.acted = false;
        self.recruited = false;
        self.camped = false;
        self.phase = Phase::Turn;
    }
}
