//! The rules of spec §4: legal actions (§7), taking cards (R5–R7), science (R8–R10), stages
//! (R11–R16), tokens (R17–R19), the resolution order (R20), battles and the end of a turn
//! (R21–R24), scoring and ties (§8).

use super::data::{Card, Constraint, Counts, STAGES, Token, Wonder, stage_cost};
use super::state::{Action, ArchitectsState, EndReason, LOOK, NONE, ScienceSet, Source, Step, TokenChoice};
use crate::game::GameRng;

/// All five stages built.
const COMPLETE: u8 = (1 << STAGES) - 1;
/// Per card kind: the extra-card token its taking fires (R17), or [`NONE`].
const TRIGGER: [u8; 14] = {
    let mut t = [NONE; 14];
    t[Card::Wood as usize] = Token::Urbanism as u8;
    t[Card::Clay as usize] = Token::Urbanism as u8;
    t[Card::Papyrus as usize] = Token::Crafts as u8;
    t[Card::Glass as usize] = Token::Crafts as u8;
    t[Card::Stone as usize] = Token::Jewellery as u8;
    t[Card::Gold as usize] = Token::Jewellery as u8;
    t[Card::Gear as usize] = Token::Science as u8;
    t[Card::Compass as usize] = Token::Science as u8;
    t[Card::Tablet as usize] = Token::Science as u8;
    t[Card::Red1 as usize] = Token::Propaganda as u8;
    t[Card::Red2 as usize] = Token::Propaganda as u8;
    t
};
const ECONOMY_USED: u8 = 1;
const ENGINEERING_USED: u8 = 2;

/// The final score of a seat, split as spec §9's labels (all in VP).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ScoreParts {
    /// VP of built stages.
    pub stages: u32,
    /// 3 per Blue3, 2 per BlueCat.
    pub blue: u32,
    /// 2 for the cat holder.
    pub cat: u32,
    /// 3 per military victory token.
    pub military: u32,
    /// Decor, Politics, Strategy, Education, Culture.
    pub tokens: u32,
}

impl ScoreParts {
    /// The total.
    pub fn total(&self) -> u32 {
        self.stages + self.blue + self.cat + self.military + self.tokens
    }
}

impl ArchitectsState {
    // ---- Legal actions (spec §7) -------------------------------------------------------------

    /// Fills `out` with the legal actions of the active seat (spec §7), in a fixed order.
    pub(super) fn fill_legal(&self, out: &mut Vec<Action>) {
        out.clear();
        let p = self.active;
        match self.step {
            Step::MainTake | Step::ExtraTake => {
                for src in [Source::Deck(p), Source::Deck(self.right(p)), Source::Central] {
                    if self.open(src) {
                        out.push(Action::Take(src));
                    }
                }
            }
            Step::PowerTake => {
                for k in 0..self.n {
                    if self.open(Source::Deck(k)) {
                        out.push(Action::Take(Source::Deck(k)));
                    }
                }
                if self.open(Source::Central) {
                    out.push(Action::Take(Source::Central));
                }
            }
            Step::Science => {
                let t = &self.tableau[p as usize];
                for g in Card::GREEN {
                    if t[g as usize] >= 2 {
                        out.push(Action::Science(ScienceSet::Pair(g)));
                    }
                }
                if Card::GREEN.iter().all(|&g| t[g as usize] >= 1) {
                    out.push(Action::Science(ScienceSet::Triple));
                }
            }
            Step::Token => {
                for (i, &t) in self.display.iter().enumerate() {
                    if t != NONE && (i == 0 || self.display[i - 1] != t) {
                        out.push(Action::Token(TokenChoice::FaceUp(Token::from_index(t))));
                    }
                }
                if self.stack_len > 0 {
                    out.push(Action::Token(TokenChoice::StackTop));
                }
            }
            Step::Build => self.fill_builds(out),
            Step::Look => {
                for k in [p, self.right(p)] {
                    if self.deck_len[k as usize] > 0 {
                        out.push(Action::Look(k));
                    }
                }
            }
            Step::Keep => {
                for (kind, &c) in self.look.iter().enumerate() {
                    if c > 0 {
                        out.push(Action::Keep(Card::from_index(kind as u8)));
                    }
                }
            }
            Step::Over => {}
        }
    }

    // ---- Stages (R11–R15) ----------------------------------------------------------------------

    /// Stages `p` may build now, as a bit mask (R14): `strict` the lowest unbuilt one, `by_floor`
    /// every unbuilt stage on the lowest floor that still holds one.
    pub fn available_stages(&self, p: usize) -> u8 {
        let unbuilt = !self.built[p] & COMPLETE;
        if unbuilt == 0 {
            return 0;
        }
        if !self.by_floor() {
            return unbuilt & unbuilt.wrapping_neg();
        }
        let w = self.wonder[p];
        let lowest = (1..=STAGES as u8).filter(|&s| unbuilt & 1 << (s - 1) != 0).map(|s| w.floor(s)).min();
        (1..=STAGES as u8)
            .filter(|&s| unbuilt & 1 << (s - 1) != 0 && Some(w.floor(s)) == lowest)
            .fold(0, |m, s| m | 1 << (s - 1))
    }

    /// Economy is available to the active seat's next payment (R19).
    fn economy_available(&self) -> bool {
        self.owns(self.active as usize, Token::Economy) && !(self.limit_all() && self.used & ECONOMY_USED != 0)
    }

    /// Engineering is available to the active seat's next payment (R19).
    fn engineering_available(&self) -> bool {
        self.owns(self.active as usize, Token::Engineering) && !(self.limit_all() && self.used & ENGINEERING_USED != 0)
    }

    /// Whether the active seat has a legal payment for an available stage (R13's equivalent test).
    pub(super) fn can_build(&self) -> bool {
        let p = self.active as usize;
        let stages = self.available_stages(p);
        if stages == 0 {
            return false;
        }
        let t = &self.tableau[p];
        let grey = &t[..5];
        let distinct = grey.iter().filter(|&&c| c > 0).count() as u8;
        let most = *grey.iter().max().expect("five resources");
        let all: u8 = grey.iter().sum();
        let gold = t[Card::Gold as usize];
        let e = u8::from(self.economy_available() && gold >= 1);
        let eng = self.engineering_available();
        (1..=STAGES as u8).filter(|&s| stages & 1 << (s - 1) != 0).any(|s| {
            let (cost, constraint) = stage_cost(s);
            let usable = if eng {
                all
            } else {
                match constraint {
                    Constraint::Different => distinct,
                    Constraint::Identical => most,
                }
            };
            usable + gold + e >= cost
        })
    }

    /// Pushes every (available stage, legal exact payment) pair (R13, R14, D7–D9).
    fn fill_builds(&self, out: &mut Vec<Action>) {
        let p = self.active as usize;
        let stages = self.available_stages(p);
        let t = &self.tableau[p];
        let gold = t[Card::Gold as usize];
        let have: [u8; 5] = t[..5].try_into().expect("five resources");
        let eng = self.engineering_available();
        let eco = self.economy_available() && gold >= 1;
        for s in (1..=STAGES as u8).filter(|&s| stages & 1 << (s - 1) != 0) {
            let (cost, constraint) = stage_cost(s);
            for doubled in [false, true] {
                if doubled && !eco {
                    continue;
                }
                let size = cost - u8::from(doubled);
                for g in u8::from(doubled)..=gold.min(size) {
                    let k = size - g;
                    let mut emit = |grey: &[u8; 5]| {
                        let mut pay = [0; 6];
                        pay[..5].copy_from_slice(grey);
                        pay[5] = g;
                        out.push(Action::Build { stage: s, pay });
                    };
                    match (eng, constraint) {
                        (false, Constraint::Identical) => {
                            if k == 0 {
                                emit(&[0; 5]);
                            } else {
                                for r in 0..5 {
                                    if have[r] >= k {
                                        let mut grey = [0; 5];
                                        grey[r] = k;
                                        emit(&grey);
                                    }
                                }
                            }
                        }
                        (false, Constraint::Different) => {
                            multisets(&have.map(|h| h.min(1)), k, 0, &mut [0; 5], &mut emit);
                        }
                        (true, _) => multisets(&have, k, 0, &mut [0; 5], &mut emit),
                    }
                }
            }
        }
    }

    /// Builds a stage (R15): pay, build, Architecture (R17), then the power (R16).
    fn build(&mut self, stage: u8, pay: [u8; 6]) {
        let p = self.active as usize;
        let (cost, constraint) = stage_cost(stage);
        for (kind, &c) in pay.iter().enumerate() {
            self.tableau[p][kind] -= c;
            self.discard[kind] += c;
        }
        let cards: u8 = pay.iter().sum();
        if cards < cost {
            self.used |= ECONOMY_USED;
        }
        let kinds = pay[..5].iter().filter(|&&c| c > 0).count();
        let breaks = match constraint {
            Constraint::Different => pay[..5].iter().any(|&c| c > 1),
            Constraint::Identical => kinds > 1,
        };
        if breaks {
            self.used |= ENGINEERING_USED;
        }
        self.built[p] |= 1 << (stage - 1);
        self.trigger(Token::Architecture);
        if self.power_stages(p) & 1 << (stage - 1) == 0 {
            return;
        }
        let me = self.active;
        match self.wonder[p] {
            Wonder::Alexandria => self.power = Some(Step::PowerTake),
            Wonder::Babylon => self.token_pending = self.tokens_available(),
            Wonder::Ephesus => {
                if self.open(Source::Central) {
                    self.take(Source::Central);
                }
            }
            Wonder::Olympia => {
                for src in [Source::Deck(me), Source::Deck(self.right(me))] {
                    if self.open(src) {
                        self.take(src);
                    }
                }
            }
            Wonder::Halicarnassus => {
                if self.open(Source::Deck(me)) || self.open(Source::Deck(self.right(me))) {
                    self.power = Some(Step::Look);
                }
            }
            Wonder::Rhodes | Wonder::Giza => {}
        }
    }

    // ---- Taking cards (R5–R7, R17) -------------------------------------------------------------

    /// The active seat takes the top card of a non-empty source (R6).
    fn take(&mut self, src: Source) {
        let c = self.pop(src);
        self.gain(c);
    }

    /// Card `c` enters the active seat's tableau (R6 a–c).
    fn gain(&mut self, c: u8) {
        let p = self.active;
        self.tableau[p as usize][c as usize] += 1;
        let card = Card::from_index(c);
        if card == Card::BlueCat {
            self.cat = p;
        }
        let horns = card.horns();
        if horns > 0 {
            let turned = horns.min(self.conflict - self.war);
            self.war += turned;
            if turned > 0 && self.war == self.conflict {
                self.battle_pending = true;
            }
        }
        let t = TRIGGER[c as usize];
        if t != NONE {
            self.trigger(Token::from_index(t));
        }
    }

    /// An extra-card token's event happened (R17): it fires if owned and not yet fired this turn.
    fn trigger(&mut self, t: Token) {
        if self.owns(self.active as usize, t) && self.fired & 1 << t as u8 == 0 {
            self.fired |= 1 << t as u8;
            self.extra += 1;
        }
    }

    // ---- Science and tokens (R8–R10) -----------------------------------------------------------

    /// Whether a progress token is available (display or stack).
    pub(super) fn tokens_available(&self) -> bool {
        self.display[0] != NONE || self.stack_len > 0
    }

    /// Whether the active seat's tableau holds a science set (R8).
    fn has_set(&self) -> bool {
        let t = &self.tableau[self.active as usize];
        Card::GREEN.iter().any(|&g| t[g as usize] >= 2) || Card::GREEN.iter().all(|&g| t[g as usize] >= 1)
    }

    /// The active seat takes a token (R9): a face-up one, refilled from the stack, or the stack top.
    fn take_token(&mut self, choice: TokenChoice) {
        let t = match choice {
            TokenChoice::FaceUp(t) => {
                let slot = self.display.iter().position(|&x| x == t as u8).expect("a face-up token");
                self.display[slot] = NONE;
                self.display.sort_unstable();
                if self.stack_len > 0 {
                    let next = self.pop_stack();
                    self.add_to_display(next);
                }
                t
            }
            TokenChoice::StackTop => Token::from_index(self.pop_stack()),
        };
        self.add_token(self.active as usize, t);
    }

    // ---- Actions and the resolution order (R20) ------------------------------------------------

    /// Plays `action` for the active seat, then runs R20 to the next decision.
    pub(super) fn apply_action(&mut self, action: Action, rng: &mut GameRng) {
        self.actions += 1;
        let p = self.active as usize;
        match action {
            Action::Take(src) => {
                match self.step {
                    Step::MainTake => self.main_taken = true,
                    Step::ExtraTake => self.extra -= 1,
                    _ => self.power = None,
                }
                self.take(src);
            }
            Action::Science(set) => {
                let t = &mut self.tableau[p];
                let spent: [(Card, u8); 3] = match set {
                    ScienceSet::Pair(g) => [(g, 2), (g, 0), (g, 0)],
                    ScienceSet::Triple => [(Card::Gear, 1), (Card::Compass, 1), (Card::Tablet, 1)],
                };
                for (g, c) in spent {
                    t[g as usize] -= c;
                    self.discard[g as usize] += c;
                }
                self.token_pending = true;
            }
            Action::Token(choice) => {
                self.token_pending = false;
                self.take_token(choice);
            }
            Action::Build { stage, pay } => self.build(stage, pay),
            Action::Look(k) => {
                self.power = None;
                let (ku, k_src) = (k as usize, Source::Deck(k));
                self.look_deck = k;
                self.look_top = self.decks[ku][self.deck_len[ku] as usize - 1];
                while self.look_len < LOOK && self.open(k_src) {
                    let c = self.pop(k_src);
                    self.look[c as usize] += 1;
                    self.look_len += 1;
                }
            }
            Action::Keep(card) => {
                let k = self.look_deck as usize;
                self.look[card as usize] -= 1;
                for kind in 0..self.look.len() {
                    for _ in 0..self.look[kind] {
                        let i = self.deck_len[k] as usize;
                        self.decks[k][i] = kind as u8;
                        self.deck_len[k] += 1;
                    }
                }
                self.look = [0; 14];
                self.look_len = 0;
                self.look_top = 0;
                self.look_deck = 0;
                self.shuffle_deck(k, rng);
                self.gain(card as u8);
            }
        }
        self.advance();
    }

    /// R20: finds the next decision of the active seat, ending turns (R21) as needed.
    pub(super) fn advance(&mut self) {
        loop {
            if self.look_len > 0 {
                self.step = Step::Keep;
                return;
            }
            match self.power {
                Some(Step::PowerTake) => {
                    if (0..self.n).any(|k| self.open(Source::Deck(k))) || self.open(Source::Central) {
                        self.ask_take(Step::PowerTake);
                        return;
                    }
                    self.power = None;
                }
                Some(step) => {
                    self.step = step;
                    return;
                }
                None => {}
            }
            if self.token_pending {
                self.step = Step::Token;
                return;
            }
            if self.has_set() && self.tokens_available() {
                self.step = Step::Science;
                return;
            }
            if self.can_build() {
                self.step = Step::Build;
                return;
            }
            if !self.main_taken {
                if self.any_source_open() {
                    self.ask_take(Step::MainTake);
                    return;
                }
                self.main_taken = true;
                continue;
            }
            if self.extra > 0 {
                if self.any_source_open() {
                    self.ask_take(Step::ExtraTake);
                    return;
                }
                self.extra -= 1;
                continue;
            }
            if self.end_turn() {
                return;
            }
        }
    }

    /// Whether the active seat's left deck, right deck or the central deck holds a card.
    fn any_source_open(&self) -> bool {
        let p = self.active;
        self.open(Source::Deck(p)) || self.open(Source::Deck(self.right(p))) || self.open(Source::Central)
    }

    /// Asks a Take decision; with `cat_peek = every_take` the cat holder first sees the central top.
    fn ask_take(&mut self, step: Step) {
        if self.peek_every_take() && self.cat == self.active && self.central_len > 0 {
            self.central_known |= 1 << self.active;
        }
        self.step = step;
    }

    /// R21: the battle, then the end of the game or the next seat's turn. Returns whether the
    /// game is over.
    fn end_turn(&mut self) -> bool {
        if self.battle_pending {
            self.battle();
        }
        let p = self.active as usize;
        if self.built[p] == COMPLETE {
            self.ender = p as u8;
            self.end_reason = EndReason::Wonder;
        } else if self.central_len == 0 && self.deck_len[..self.n as usize].iter().all(|&l| l == 0) {
            self.end_reason = EndReason::DecksExhausted;
        }
        if self.end_reason != EndReason::None {
            self.step = Step::Over;
            return true;
        }
        self.active = self.left(self.active);
        self.turns += 1;
        self.begin_turn_flags();
        false
    }

    // ---- Battles (R22–R24) ---------------------------------------------------------------------

    /// Shields of seat `p` (R22): red cards, Rhodes's built power stages, Tactics.
    pub fn shields(&self, p: usize) -> u8 {
        let t = &self.tableau[p];
        let mut s = t[Card::Red0 as usize] + t[Card::Red1 as usize] + t[Card::Red2 as usize];
        if self.wonder[p] == Wonder::Rhodes {
            s += (self.built[p] & self.power_stages(p)).count_ones() as u8;
        }
        if self.owns(p, Token::Tactics) {
            s += 2;
        }
        s
    }

    /// Military victory tokens each seat wins in a battle with these shields (R23).
    pub fn battle_tokens(shields: &[u8]) -> [u8; super::MAX_PLAYERS] {
        let n = shields.len();
        let mut won = [0; super::MAX_PLAYERS];
        if n == 2 {
            for (p, q) in [(0, 1), (1, 0)] {
                let (a, b) = (shields[p], shields[q]);
                if a > b {
                    won[p] = if a >= 2 * b && a >= 2 { 2 } else { 1 };
                }
            }
            return won;
        }
        for (p, w) in won.iter_mut().enumerate().take(n) {
            for q in [(p + 1) % n, (p + n - 1) % n] {
                if shields[p] > shields[q] {
                    *w += 1;
                }
            }
        }
        won
    }

    /// Resolves the pending battle (R23, R24).
    fn battle(&mut self) {
        let n = self.n as usize;
        let mut shields = [0; super::MAX_PLAYERS];
        for (p, s) in shields.iter_mut().enumerate().take(n) {
            *s = self.shields(p);
        }
        let won = Self::battle_tokens(&shields[..n]);
        for (p, &w) in won.iter().enumerate().take(n) {
            self.military[p] += w;
            for red in [Card::Red1, Card::Red2] {
                let c = std::mem::take(&mut self.tableau[p][red as usize]);
                self.discard[red as usize] += c;
            }
        }
        self.war = 0;
        self.battle_pending = false;
        self.battles += 1;
    }

    // ---- Scoring (§8) --------------------------------------------------------------------------

    /// Seat `p`'s score so far, split as spec §9 (final once the game is over).
    pub fn score_parts(&self, p: usize) -> ScoreParts {
        let w = self.wonder[p];
        let t: &Counts = &self.tableau[p];
        let stages =
            (1..=STAGES as u8).filter(|&s| self.built[p] & 1 << (s - 1) != 0).map(|s| w.stage_vp(s)).sum::<u8>();
        let cats = u32::from(t[Card::BlueCat as usize]);
        let military = u32::from(self.military[p]);
        let mut tokens = 0;
        if self.owns(p, Token::Decor) {
            tokens += if self.built[p] == COMPLETE { 6 } else { 4 };
        }
        if self.owns(p, Token::Politics) {
            tokens += cats;
        }
        if self.owns(p, Token::Strategy) {
            tokens += military;
        }
        if self.owns(p, Token::Education) {
            tokens += 2 * self.token_count(p);
        }
        tokens += match (self.owns(p, Token::Culture), self.owned[p] & 1 << 14 != 0) {
            (true, true) => 12,
            (true, false) => 4,
            _ => 0,
        };
        ScoreParts {
            stages: u32::from(stages),
            blue: 3 * u32::from(t[Card::Blue3 as usize]) + 2 * cats,
            cat: if self.cat as usize == p { 2 } else { 0 },
            military: 3 * military,
            tokens,
        }
    }

    /// The winners once the game is over (§8): highest score, then most stages, as a seat mask.
    pub fn winners(&self) -> Option<u8> {
        (self.step == Step::Over).then(|| Self::winners_of(&self.final_scores(), &self.built[..self.n as usize]))
    }

    /// Every seat's score (entries past `n` are 0).
    fn final_scores(&self) -> [u32; super::MAX_PLAYERS] {
        let mut s = [0; super::MAX_PLAYERS];
        for (p, v) in s.iter_mut().enumerate().take(self.n as usize) {
            *v = self.score_parts(p).total();
        }
        s
    }

    /// The winner mask for scores and built-stage masks by seat (§8; W12).
    pub fn winners_of(scores: &[u32], built: &[u8]) -> u8 {
        let n = built.len();
        let best = (0..n).map(|p| (scores[p], built[p].count_ones())).max().expect("seats");
        (0..n).filter(|&p| (scores[p], built[p].count_ones()) == best).fold(0, |m, p| m | 1 << p)
    }
}

/// Calls `emit` with every multiset of total `k` over five kinds with at most `cap[i]` of kind
/// `i`, in lexicographic order (`cur` is scratch, all zeros on entry).
fn multisets(cap: &[u8; 5], k: u8, i: usize, cur: &mut [u8; 5], emit: &mut impl FnMut(&[u8; 5])) {
    if i == 5 {
        if k == 0 {
            emit(cur);
        }
        return;
    }
    let rest: u8 = cap[i + 1..].iter().sum();
    for c in k.saturating_sub(rest)..=cap[i].min(k) {
        cur[i] = c;
        multisets(cap, k - c, i + 1, cur, emit);
    }
    cur[i] = 0;
}
