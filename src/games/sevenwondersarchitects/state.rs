//! The state ([`ArchitectsState`]), its actions ([`Action`]) and setup (spec §3).

use super::config::{BabylonDeck, BabylonPower, BuildOrder, CatPeek, Config, TokenLimit, Wonders};
use super::data::{CENTRAL, CENTRAL_DECK, Card, Counts, KINDS, TOKENS, Token, WONDER_DECK, Wonder};
use crate::game::GameRng;
use crate::games::mechanics::shuffle::shuffle;
use serde::Serialize;

/// Most seats (spec: 2–7 players).
pub const MAX_PLAYERS: usize = 7;
/// Marks "no seat" (no cat holder, no ender) and an empty token slot.
pub const NONE: u8 = u8::MAX;
/// Cards a Halicarnassus look holds at most (R16).
pub const LOOK: u8 = 5;

/// Where a card is taken from: a wonder deck `Deck(k)` (seat `k`'s, at its left) or the central
/// deck (R2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Source {
    /// Seat `k`'s wonder deck.
    Deck(u8),
    /// The central deck.
    Central,
}

/// A science set (R8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ScienceSet {
    /// Two green cards of this symbol.
    Pair(Card),
    /// One green card of each symbol.
    Triple,
}

/// Which progress token to take (R9, D14).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TokenChoice {
    /// A face-up token of this kind from the display.
    FaceUp(Token),
    /// The top token of the face-down stack, unseen.
    StackTop,
}

/// A decision of the active seat (spec §7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Action {
    /// Take the top card of a source: main take (R5), extra card (R18), Alexandria's power (R16).
    Take(Source),
    /// Resolve a science set (R9).
    Science(ScienceSet),
    /// Take a progress token (R9, Babylon's power).
    Token(TokenChoice),
    /// Build `stage` (1..=5) paying `pay[i]` cards of [`Card`] index `i` (wood, stone, clay,
    /// papyrus, glass, gold), R13–R15.
    Build {
        /// The stage number (its cost position, §1.3).
        stage: u8,
        /// Cards paid, by kind: wood, stone, clay, papyrus, glass, gold.
        pay: [u8; 6],
    },
    /// Halicarnassus: look at the top cards of `Deck(k)` (R16).
    Look(u8),
    /// Halicarnassus: keep one card of this kind from the look (R16).
    Keep(Card),
}

/// What the active seat must decide (spec §7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub enum Step {
    /// The main take (R5).
    MainTake,
    /// A pending extra card (R18).
    ExtraTake,
    /// Alexandria's power (R16).
    PowerTake,
    /// Which science set to resolve (R9).
    Science,
    /// Which progress token to take (R9, Babylon).
    Token,
    /// Which stage and payment (R15).
    Build,
    /// Halicarnassus: which deck to look at.
    Look,
    /// Halicarnassus: which card to keep.
    Keep,
    /// The game is over.
    Over,
}

crate::label_values! {
    /// Why the game ended (spec §8, D24), with its label text ([`EndReason::text`]).
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
    pub enum EndReason {
        /// Not over yet.
        None = "none",
        /// A seat completed its wonder.
        Wonder = "wonder",
        /// Every deck on the table was empty at the end of a turn.
        DecksExhausted = "decks_exhausted",
    }
}

/// A 7 Wonders Architects position. `Copy`, heap-free: decks are fixed arrays of card kinds with
/// their top card last, tableaux are counts per kind, tokens bit masks. Unused deck slots hold 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct ArchitectsState {
    pub(super) n: u8,
    pub(super) config: Config,
    pub(super) wonder: [Wonder; MAX_PLAYERS],
    /// `decks[k][..deck_len[k]]`: Deck(k), bottom first, top last.
    pub(super) decks: [[u8; WONDER_DECK]; MAX_PLAYERS],
    pub(super) deck_len: [u8; MAX_PLAYERS],
    /// The central deck, bottom first, top last.
    #[serde(serialize_with = "crate::games::mechanics::json::array")]
    pub(super) central: [u8; CENTRAL_DECK],
    pub(super) central_len: u8,
    /// Seats that know the central top card (R4, D3), bit per seat.
    pub(super) central_known: u8,
    pub(super) tableau: [Counts; MAX_PLAYERS],
    /// Built stages per seat, bit `s − 1` for stage `s`.
    pub(super) built: [u8; MAX_PLAYERS],
    /// Owned progress tokens per seat: bit `t` for kind `t`, bit 14 for a second Culture.
    pub(super) owned: [u16; MAX_PLAYERS],
    pub(super) military: [u8; MAX_PLAYERS],
    /// The cat holder, or [`NONE`].
    pub(super) cat: u8,
    /// Face-up token kinds, ascending, [`NONE`] in empty slots.
    pub(super) display: [u8; 3],
    /// The face-down token stack, bottom first, top last.
    pub(super) stack: [u8; TOKENS],
    pub(super) stack_len: u8,
    /// Spent cards by kind (R7).
    pub(super) discard: Counts,
    /// Conflict tokens on their war side, and in total.
    pub(super) war: u8,
    pub(super) conflict: u8,
    pub(super) battle_pending: bool,
    pub(super) active: u8,
    pub(super) step: Step,
    pub(super) main_taken: bool,
    /// Pending extra cards (R17, R18).
    pub(super) extra: u8,
    /// Extra-card tokens fired this turn, bit per [`Token`] index (R17).
    pub(super) fired: u8,
    /// Economy (bit 0) and Engineering (bit 1) used this turn (`token_limit = all`, R19).
    pub(super) used: u8,
    /// Alexandria's Take or Halicarnassus's Look is pending (R20 step 1).
    pub(super) power: Option<Step>,
    /// A Token decision is pending (after Science, or Babylon's power).
    pub(super) token_pending: bool,
    /// A pending Halicarnassus look: cards by kind, how many, from which deck, and the kind that
    /// was that deck's public top when the look began (spec §6).
    pub(super) look: Counts,
    pub(super) look_len: u8,
    pub(super) look_deck: u8,
    pub(super) look_top: u8,
    pub(super) turns: u16,
    pub(super) actions: u32,
    pub(super) battles: u16,
    pub(super) ender: u8,
    pub(super) end_reason: EndReason,
}

impl ArchitectsState {
    /// A new game (spec §3): wonders dealt or listed (S2), decks, central deck and tokens
    /// shuffled with `rng` (S3–S5); seat 0 begins (S1).
    ///
    /// # Panics
    /// If `players` is outside 2..=7 or differs from the length of a listed `wonders`.
    pub fn new(config: &Config, players: usize, rng: &mut GameRng) -> Self {
        assert!((2..=MAX_PLAYERS).contains(&players), "7 Wonders Architects plays 2-7 players, not {players}");
        let mut wonders = Wonder::ALL;
        match config.wonders {
            Wonders::Random => shuffle(&mut wonders, rng),
            Wonders::Listed { by_seat, len } => {
                assert_eq!(len as usize, players, "wonders lists {len} seats, not {players}");
                wonders = by_seat;
            }
        }
        let mut s = Self::empty(config, &wonders[..players]);
        for k in 0..players {
            s.fill_deck(k, &s.wonder[k].deck(config.babylon_deck == BabylonDeck::Stone2Clay1));
            shuffle(&mut s.decks[k][..WONDER_DECK], rng);
        }
        s.central_len = CENTRAL_DECK as u8;
        let mut i = 0;
        for (kind, &count) in CENTRAL.iter().enumerate() {
            for _ in 0..count {
                s.central[i] = kind as u8;
                i += 1;
            }
        }
        shuffle(&mut s.central, rng);
        let mut i = 0;
        for t in Token::ALL {
            for _ in 0..t.copies() {
                s.stack[i] = t as u8;
                i += 1;
            }
        }
        shuffle(&mut s.stack, rng);
        s.stack_len = TOKENS as u8;
        for _ in 0..3 {
            let t = s.pop_stack();
            s.add_to_display(t);
        }
        s.advance();
        s
    }

    /// A table with no card in any deck, tableau or discard, no token anywhere, nothing built,
    /// seat 0 to make its main take: the start of a test position (the `with_` methods place
    /// things; [`ArchitectsState::start`] then asks the first decision). `wonders[p]` is seat
    /// `p`'s wonder.
    pub fn empty(config: &Config, wonders: &[Wonder]) -> Self {
        let n = wonders.len();
        assert!((2..=MAX_PLAYERS).contains(&n), "2-7 wonders, not {n}");
        let mut wonder = [Wonder::Alexandria; MAX_PLAYERS];
        wonder[..n].copy_from_slice(wonders);
        Self {
            n: n as u8,
            config: *config,
            wonder,
            decks: [[0; WONDER_DECK]; MAX_PLAYERS],
            deck_len: [0; MAX_PLAYERS],
            central: [0; CENTRAL_DECK],
            central_len: 0,
            central_known: 0,
            tableau: [[0; KINDS]; MAX_PLAYERS],
            built: [0; MAX_PLAYERS],
            owned: [0; MAX_PLAYERS],
            military: [0; MAX_PLAYERS],
            cat: NONE,
            display: [NONE; 3],
            stack: [0; TOKENS],
            stack_len: 0,
            discard: [0; KINDS],
            war: 0,
            conflict: super::data::conflict_tokens(n),
            battle_pending: false,
            active: 0,
            step: Step::MainTake,
            main_taken: false,
            extra: 0,
            fired: 0,
            used: 0,
            power: None,
            token_pending: false,
            look: [0; KINDS],
            look_len: 0,
            look_deck: 0,
            look_top: 0,
            turns: 1,
            actions: 0,
            battles: 0,
            ender: NONE,
            end_reason: EndReason::None,
        }
    }

    /// Writes the cards of `counts` into Deck(k), in kind order.
    fn fill_deck(&mut self, k: usize, counts: &Counts) {
        let mut i = 0;
        for (kind, &count) in counts.iter().enumerate() {
            for _ in 0..count {
                self.decks[k][i] = kind as u8;
                i += 1;
            }
        }
        self.deck_len[k] = i as u8;
    }

    // ---- Test positions ----------------------------------------------------------------------

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: Deck(k) holds `top_first` (its first entry on top).
    pub fn with_deck(mut self, k: usize, top_first: &[Card]) -> Self {
        self.decks[k] = [0; WONDER_DECK];
        for (i, &c) in top_first.iter().rev().enumerate() {
            self.decks[k][i] = c as u8;
        }
        self.deck_len[k] = top_first.len() as u8;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: Deck(k) holds `count` cards of `filler` (a deck that is not looked at).
    pub fn with_deck_of(self, k: usize, filler: Card, count: usize) -> Self {
        self.with_deck(k, &vec![filler; count])
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: the central deck holds `top_first` (its first entry on top).
    pub fn with_central(mut self, top_first: &[Card]) -> Self {
        self.central = [0; CENTRAL_DECK];
        for (i, &c) in top_first.iter().rev().enumerate() {
            self.central[i] = c as u8;
        }
        self.central_len = top_first.len() as u8;
        self.central_known = 0;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: seat `p`'s tableau gets `cards` (added to what it holds).
    pub fn with_tableau(mut self, p: usize, cards: &[Card]) -> Self {
        for &c in cards {
            self.tableau[p][c as usize] += 1;
        }
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: seat `p` has built `stages` (numbers 1..=5).
    pub fn with_built(mut self, p: usize, stages: &[u8]) -> Self {
        for &s in stages {
            self.built[p] |= 1 << (s - 1);
        }
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: seat `p` owns `tokens`.
    pub fn with_tokens(mut self, p: usize, tokens: &[Token]) -> Self {
        for &t in tokens {
            self.add_token(p, t);
        }
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: the token display holds `face_up` and the stack `top_first`.
    pub fn with_token_supply(mut self, face_up: &[Token], top_first: &[Token]) -> Self {
        self.display = [NONE; 3];
        for &t in face_up {
            self.add_to_display(t as u8);
        }
        self.stack = [0; TOKENS];
        for (i, &t) in top_first.iter().rev().enumerate() {
            self.stack[i] = t as u8;
        }
        self.stack_len = top_first.len() as u8;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: `war` conflict tokens are on their war side.
    pub fn with_war(mut self, war: u8) -> Self {
        self.war = war;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: seat `p` holds the cat.
    pub fn with_cat(mut self, p: usize) -> Self {
        self.cat = p as u8;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: seat `p`'s military victory tokens.
    pub fn with_military(mut self, p: usize, tokens: u8) -> Self {
        self.military[p] = tokens;
        self
    }

    #[cfg(any(test, feature = "testing"))]
    /// Test positions: `p`'s turn begins (R4: the cat peek, then the first decision).
    pub fn start(mut self, p: usize) -> Self {
        self.active = p as u8;
        self.begin_turn_flags();
        self.advance();
        self
    }

    // ---- Accessors ---------------------------------------------------------------------------

    /// Seat `p`'s wonder.
    pub fn wonder(&self, p: usize) -> Wonder {
        self.wonder[p]
    }

    /// Cards in Deck(k).
    pub fn deck_size(&self, k: usize) -> usize {
        self.deck_len[k] as usize
    }

    /// Deck(k)'s top card, if it is public (R3): none while the deck is empty or looked at.
    pub fn deck_top(&self, k: usize) -> Option<Card> {
        let len = self.deck_len[k] as usize;
        (len > 0 && !(self.look_len > 0 && self.look_deck as usize == k))
            .then(|| Card::from_index(self.decks[k][len - 1]))
    }

    /// Deck(k), top first.
    pub fn deck_cards(&self, k: usize) -> Vec<Card> {
        self.decks[k][..self.deck_len[k] as usize].iter().rev().map(|&c| Card::from_index(c)).collect()
    }

    /// The central deck, top first.
    pub fn central_cards(&self) -> Vec<Card> {
        self.central[..self.central_len as usize].iter().rev().map(|&c| Card::from_index(c)).collect()
    }

    /// Whether seat `p` knows the central top card (R4, D3).
    pub fn knows_central_top(&self, p: usize) -> bool {
        self.central_known & 1 << p != 0
    }

    /// How many cards of `card` seat `p`'s tableau holds.
    pub fn count(&self, p: usize, card: Card) -> u8 {
        self.tableau[p][card as usize]
    }

    /// Seat `p`'s tableau, by kind.
    pub fn tableau(&self, p: usize) -> Counts {
        self.tableau[p]
    }

    /// Spent cards by kind (R7).
    pub fn discard(&self) -> Counts {
        self.discard
    }

    /// Stages seat `p` has built, ascending.
    pub fn built_stages(&self, p: usize) -> Vec<u8> {
        (1..=5).filter(|s| self.built[p] & 1 << (s - 1) != 0).collect()
    }

    /// Number of stages seat `p` has built.
    pub fn stages(&self, p: usize) -> u32 {
        self.built[p].count_ones()
    }

    /// Whether seat `p` owns a token of kind `t`.
    pub fn owns(&self, p: usize, t: Token) -> bool {
        self.owned[p] & 1 << t as u16 != 0
    }

    /// Number of progress tokens seat `p` owns.
    pub fn token_count(&self, p: usize) -> u32 {
        self.owned[p].count_ones()
    }

    /// Seat `p`'s military victory tokens.
    pub fn military(&self, p: usize) -> u8 {
        self.military[p]
    }

    /// The cat holder.
    pub fn cat(&self) -> Option<usize> {
        (self.cat != NONE).then_some(self.cat as usize)
    }

    /// Conflict tokens on their war side, and in total.
    pub fn conflict(&self) -> (u8, u8) {
        (self.war, self.conflict)
    }

    /// Whether a battle is pending for the end of this turn.
    pub fn battle_pending(&self) -> bool {
        self.battle_pending
    }

    /// The face-up tokens.
    pub fn display(&self) -> Vec<Token> {
        self.display.iter().filter(|&&t| t != NONE).map(|&t| Token::from_index(t)).collect()
    }

    /// Tokens in the face-down stack.
    pub fn stack_size(&self) -> usize {
        self.stack_len as usize
    }

    /// The seat whose turn it is.
    pub fn active(&self) -> usize {
        self.active as usize
    }

    /// What the active seat must decide.
    pub fn step(&self) -> Step {
        self.step
    }

    /// Pending extra cards.
    pub fn pending_extra(&self) -> u8 {
        self.extra
    }

    /// The pending Halicarnassus look, by kind, and its deck (the looker is the active seat).
    pub fn look(&self) -> Option<(usize, Counts)> {
        (self.look_len > 0).then_some((self.look_deck as usize, self.look))
    }

    /// Turns begun so far (1 during the first turn).
    pub fn turns(&self) -> u16 {
        self.turns
    }

    /// Battles resolved.
    pub fn battles(&self) -> u16 {
        self.battles
    }

    /// The seat that completed its wonder, if the game ended that way.
    pub fn ender(&self) -> Option<usize> {
        (self.ender != NONE).then_some(self.ender as usize)
    }

    /// Why the game ended.
    pub fn end_reason(&self) -> EndReason {
        self.end_reason
    }

    // ---- Small helpers -----------------------------------------------------------------------

    /// The right neighbour of `p` (R1), whose deck is `p`'s right deck (R2).
    pub fn right(&self, p: u8) -> u8 {
        (p + self.n - 1) % self.n
    }

    /// The left neighbour of `p` (R1).
    pub fn left(&self, p: u8) -> u8 {
        (p + 1) % self.n
    }

    /// Whether a source holds a card.
    pub(super) fn open(&self, src: Source) -> bool {
        match src {
            Source::Deck(k) => self.deck_len[k as usize] > 0,
            Source::Central => self.central_len > 0,
        }
    }

    /// Removes and returns the top card of a non-empty source.
    pub(super) fn pop(&mut self, src: Source) -> u8 {
        match src {
            Source::Deck(k) => {
                let k = k as usize;
                self.deck_len[k] -= 1;
                let i = self.deck_len[k] as usize;
                std::mem::take(&mut self.decks[k][i])
            }
            Source::Central => {
                self.central_len -= 1;
                self.central_known = 0;
                let i = self.central_len as usize;
                std::mem::take(&mut self.central[i])
            }
        }
    }

    /// Removes and returns the top token of the (non-empty) stack.
    pub(super) fn pop_stack(&mut self) -> u8 {
        self.stack_len -= 1;
        std::mem::take(&mut self.stack[self.stack_len as usize])
    }

    /// Puts token kind `t` in a free display slot, keeping the display sorted.
    pub(super) fn add_to_display(&mut self, t: u8) {
        let slot = self.display.iter().position(|&x| x == NONE).expect("a free display slot");
        self.display[slot] = t;
        self.display.sort_unstable();
    }

    /// Seat `p` gains a token of kind `t` (a second Culture takes bit 14).
    pub(super) fn add_token(&mut self, p: usize, t: Token) {
        let bit = if t == Token::Culture && self.owns(p, t) { 14 } else { t as u16 };
        self.owned[p] |= 1 << bit;
    }

    /// Resets the per-turn fields and does the turn-start cat peek (R4a).
    pub(super) fn begin_turn_flags(&mut self) {
        self.main_taken = false;
        self.extra = 0;
        self.fired = 0;
        self.used = 0;
        if self.cat == self.active && self.central_len > 0 {
            self.central_known |= 1 << self.active;
        }
    }

    /// The `by_floor` option.
    pub(super) fn by_floor(&self) -> bool {
        self.config.build_order == BuildOrder::ByFloor
    }

    /// Babylon's power stages under the `babylon_power` option.
    pub(super) fn power_stages(&self, p: usize) -> u8 {
        self.wonder[p].power_stages(self.config.babylon_power == BabylonPower::S2S5)
    }

    /// The `token_limit = all` option.
    pub(super) fn limit_all(&self) -> bool {
        self.config.token_limit == TokenLimit::All
    }

    /// The `cat_peek = every_take` option.
    pub(super) fn peek_every_take(&self) -> bool {
        self.config.cat_peek == CatPeek::EveryTake
    }

    /// Shuffles Deck(k) (after a Halicarnassus look).
    pub(super) fn shuffle_deck(&mut self, k: usize, rng: &mut GameRng) {
        let len = self.deck_len[k] as usize;
        shuffle(&mut self.decks[k][..len], rng);
    }
}
