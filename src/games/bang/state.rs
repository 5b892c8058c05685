//! The game state (a fixed-size, heap-free struct: `Clone` is a memcpy), the pending-effect
//! frames, options and the read-only queries (seats, distance C4, range C4.3).

use serde::Serialize;

use super::cards::{self, CardSet, Kind, NONE, NUM_CARDS};
use super::characters::Character;
use super::roles::{Role, Side};
use crate::games::mechanics::json;

/// Most seats in BANG! (C1.2).
pub const MAX_PLAYERS: usize = 7;

/// `BASE_DISTANCE[ring][a][b]`: the base distance (C4.1) from seat `a` to seat `b` around the
/// circle of the seats in the bit set `ring` (both in it): the fewer of the clockwise and the
/// counter-clockwise steps, counting only seats of `ring`. Built at compile time (6 KiB), so a
/// distance is one load instead of a walk around the table.
static BASE_DISTANCE: [[[i8; MAX_PLAYERS]; MAX_PLAYERS]; 1 << MAX_PLAYERS] = build_base_distances();

const fn build_base_distances() -> [[[i8; MAX_PLAYERS]; MAX_PLAYERS]; 1 << MAX_PLAYERS] {
    let mut t = [[[0i8; MAX_PLAYERS]; MAX_PLAYERS]; 1 << MAX_PLAYERS];
    let mut ring = 0;
    while ring < 1 << MAX_PLAYERS {
        let living = (ring as u32).count_ones() as i8;
        let mut a = 0;
        while a < MAX_PLAYERS {
            let mut cw = 0i8;
            let mut k = 1;
            while k < MAX_PLAYERS {
                let b = (a + k) % MAX_PLAYERS;
                if ring & (1 << b) != 0 {
                    cw += 1;
                    let ccw = living - cw;
                    t[ring][a][b] = if cw < ccw { cw } else { ccw };
                }
                k += 1;
            }
            a += 1;
        }
        ring += 1;
    }
    t
}

/// `WITHIN[ring][a][2 + d]`: the seats of the bit set `ring` other than `a` at base distance at
/// most `d` from `a` (C4.1), as a bit set, for `d` in `-2..=13` (empty for `d < 1`). The offset
/// lets [`BangState::reach`] look up `d - 1` and `d - 2` for the seats that Mustang and Paul
/// Regret move away; 16 entries a row, so an index taken modulo 16 needs no bounds check.
static WITHIN: [[[u8; 16]; MAX_PLAYERS]; 1 << MAX_PLAYERS] = build_within();

const fn build_within() -> [[[u8; 16]; MAX_PLAYERS]; 1 << MAX_PLAYERS] {
    let mut t = [[[0u8; 16]; MAX_PLAYERS]; 1 << MAX_PLAYERS];
    let mut ring = 0;
    while ring < 1 << MAX_PLAYERS {
        let mut a = 0;
        while a < MAX_PLAYERS {
            let mut b = 0;
            while b < MAX_PLAYERS {
                if b != a && ring & (1 << b) != 0 {
                    let mut i = 2 + BASE_DISTANCE[ring][a][b] as usize;
                    while i < 16 {
                        t[ring][a][i] |= 1 << b;
                        i += 1;
                    }
                }
                b += 1;
            }
            a += 1;
        }
        ring += 1;
    }
    t
}

/// Depth of the pending-effect stack (the deepest real chain is about 6 frames). With slot 0,
/// the stack has 16 slots, so a slot index taken modulo 16 ([`slot`]) needs no bounds check.
pub const STACK_DEPTH: usize = 15;

/// The stack slot of depth `depth` (`depth <= STACK_DEPTH`).
#[inline(always)]
pub(crate) fn slot(depth: u8) -> usize {
    depth as usize % (STACK_DEPTH + 1)
}

/// The first seat of the seat mask `mask` clockwise after `seat`, `seat` itself coming last; `None`
/// if `mask` is empty. Seats go clockwise in increasing order, so this is the lowest seat of `mask`
/// above `seat`, else the lowest of `mask`.
#[inline]
pub(crate) fn first_after(mask: u8, seat: u8) -> Option<u8> {
    let above = mask & (0xFE << seat);
    let m = if above != 0 { above } else { mask };
    (m != 0).then(|| m.trailing_zeros() as u8)
}

/// `in play`/`hand` choice marker in [`super::Action::Play`]: take a random card from the hand.
pub const FROM_HAND: u8 = NONE;

crate::game_options! {
    /// Game options (the `[options]` table of an experiment spec).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Config {
        /// Decision 1: allow 2–3 players with Board Game Arena's role lists.
        pub bga_small_tables: bool = boolean(false), "also 2-3 players, with Board Game Arena's roles";
        /// C1.4 variant: each player picks one of two random characters (a decision action).
        pub character_choice: bool = boolean(false), "each player picks one of two random characters";
    }
}

/// Which "draw!" is being resolved (C8.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub enum Check {
    /// Start-of-turn Dynamite check (C8.3).
    Dynamite,
    /// Start-of-turn Jail check (C8.4).
    Jail,
    /// A real Barrel against a BANG! effect (C8.1).
    Barrel,
    /// Jourdonnais's built-in Barrel.
    Jourdonnais,
}

/// One entry of the pending-effect stack. The top frame says who decides and what they may do;
/// automatic frames (`TurnStart`, `CardEnd`, `Volley`) never stay on top after an action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
#[repr(align(8))]
pub enum Frame {
    /// An unused slot (kept canonical so equal states compare equal).
    Empty,
    /// Setup, `character_choice` option: `seat` picks one of its two characters.
    PickCharacter {
        /// The choosing seat.
        seat: u8,
    },
    /// Start of the active player's turn (C2.1): stage 0 Dynamite, 1 Jail, 2 draw, 3 skipped.
    TurnStart {
        /// Progress through C2.1.
        stage: u8,
    },
    /// Jesse Jones or Pedro Ramirez chooses where his first card comes from (§B).
    DrawChoice,
    /// Kit Carlson looks at three cards and puts one back (§B).
    KitKeep {
        /// The three cards he sees (a pending-resolution slot, hidden from the others).
        cards: [u8; 3],
    },
    /// Phase 2 of the active player (C2.3).
    Play,
    /// Phase 3: discard down to current life (C2.4).
    DiscardExcess,
    /// Marks the end of a card's resolution: eliminations, win check, rewards/penalties, then
    /// Suzy Lafayette (Decisions 2, 3, 5).
    CardEnd {
        /// The card player (or the Dynamite owner): eliminations run clockwise from his left.
        origin: u8,
    },
    /// Gatling or Indians!: the targets still to respond, clockwise from the attacker's left.
    Volley {
        /// The card player.
        attacker: u8,
        /// Indians! (discard a BANG!) rather than Gatling (a BANG! effect).
        indians: bool,
        /// Seats still to respond (bit mask).
        targets: u8,
    },
    /// `target` responds to a BANG! effect (C8.1).
    Shot {
        /// The shooter.
        attacker: u8,
        /// The responder.
        target: u8,
        /// Missed! effects still needed (2 against Slab the Killer's BANG!).
        needed: u8,
        /// The real Barrel was already drawn for.
        barrel: bool,
        /// Jourdonnais's ability was already drawn for.
        jour: bool,
    },
    /// A Duel (C8.5): `current` must discard a BANG! or lose 1 life.
    Duel {
        /// Who played the Duel.
        challenger: u8,
        /// Who was challenged.
        defender: u8,
        /// Whose move it is.
        current: u8,
    },
    /// Indians! (C8.6): `target` discards a BANG! or loses 1 life.
    Indians {
        /// The card player.
        attacker: u8,
        /// The responder.
        target: u8,
    },
    /// General Store (C8.8): `picker` takes one card of the display; `left` picks remain.
    Store {
        /// The seat picking now.
        picker: u8,
        /// Picks remaining including this one.
        left: u8,
    },
    /// `seat` is at life ≤ 0 and may save himself (C5.2).
    DeathSave {
        /// The dying seat.
        seat: u8,
        /// Life lost by the hit (for Bart Cassidy and El Gringo once saved, FAQ Q17).
        lost: u8,
        /// Who caused the hit, or `NONE` (Dynamite, a Duel lost by its own player).
        source: u8,
    },
    /// Sid Ketchum discarded his first card and must discard a second one.
    SidSecond {
        /// Sid Ketchum's seat.
        seat: u8,
    },
    /// Lucky Duke flipped two cards for a "draw!" and picks the one that counts.
    LuckyPick {
        /// Lucky Duke's seat.
        seat: u8,
        /// The two flipped cards (a public pending-resolution slot).
        cards: [u8; 2],
        /// What the draw! is for.
        check: Check,
    },
    /// Decision 10: the eliminated `seat` picks which of his cards tops the discard pile.
    TopDiscard {
        /// The eliminated seat.
        seat: u8,
    },
}

/// The full game state. Fields are crate-visible; the test builder ([`super::builder`]) sets them.
///
/// `Copy`: every field is plain data, so a clone is one memcpy of the struct (736 bytes).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
pub struct BangState {
    pub(crate) n: u8,
    pub(crate) active: u8,
    /// Living seats (bit mask). A player is removed when he declines a death save.
    pub(crate) alive: u8,
    /// Dead seats whose elimination effects wait for the end of the card (C6.6).
    pub(crate) dying: u8,
    /// Seats eliminated during the current card, awaiting win check and reward/penalty.
    pub(crate) fallen: u8,
    /// Seats whose role is public (the Sheriff, the dead, everyone once the game is over).
    pub(crate) revealed: u8,
    /// BANG! cards played this turn (C2.3a).
    pub(crate) bangs: u8,
    pub(crate) winner: Option<Side>,
    pub(crate) roles: [Role; MAX_PLAYERS],
    pub(crate) chars: [Character; MAX_PLAYERS],
    /// Seat of each character in play (`NONE` if absent), indexed by `Character as usize`.
    pub(crate) seat_of: [u8; 16],
    /// Two character options per seat (`character_choice`; public, see the module docs).
    pub(crate) options: [[Character; 2]; MAX_PLAYERS],
    /// Current life; negative only while the seat is in a `DeathSave` frame.
    pub(crate) life: [i8; MAX_PLAYERS],
    pub(crate) max_life: [i8; MAX_PLAYERS],
    /// Who caused each seat's death (`NONE`: nobody, C6.2).
    pub(crate) killer: [u8; MAX_PLAYERS],
    /// Public history: bit `t` of `attacked[a]` is set once `a` has played a card targeting `t`
    /// (BANG!, Duel, Panic!, Cat Balou, Jail). Read by the heuristic to guess hidden roles.
    pub(crate) attacked: [u8; MAX_PLAYERS],
    #[serde(serialize_with = "card_lists")]
    pub(crate) hand: [CardSet; MAX_PLAYERS],
    /// Cards in play in front of each seat; written only through [`Self::set_table`].
    #[serde(serialize_with = "card_lists")]
    pub(crate) table: [CardSet; MAX_PLAYERS],
    /// Seats with a Mustang in play (bit mask), derived from `table` by [`Self::set_table`] so
    /// that [`Self::reach`] needs no pass over the seats.
    pub(crate) mustangs: u8,
    /// The face-up General Store display.
    #[serde(serialize_with = "card_list")]
    pub(crate) store: CardSet,
    /// Hand cards whose holder everyone knows (General Store picks, Panic! on a card in play…).
    #[serde(serialize_with = "card_list")]
    pub(crate) pub_known: CardSet,
    /// Per card, the seats (bit mask) that privately know where it is, in another hand or in the
    /// deck. Kept by card rather than by seat so that a card going face up clears it in one store
    /// ([`Self::forget`]); [`Self::known_by`] gives one seat's set.
    #[serde(serialize_with = "crate::games::mechanics::json::array")]
    pub(crate) knowers: [u8; NUM_CARDS],
    /// Cards that may be in the deck as far as everyone knows (all cards until the first
    /// reshuffle, then the reshuffled pile plus Kit Carlson's returns). The deck ⊆ this set.
    #[serde(serialize_with = "card_list")]
    pub(crate) deck_cands: CardSet,
    /// The draw pile, bottom first: the top card is `deck[deck_len - 1]`; unused slots `NONE`.
    #[serde(serialize_with = "crate::games::mechanics::json::array")]
    pub(crate) deck: [u8; NUM_CARDS],
    pub(crate) deck_len: u8,
    /// The discard pile, bottom first; unused slots `NONE`.
    #[serde(serialize_with = "crate::games::mechanics::json::array")]
    pub(crate) discard: [u8; NUM_CARDS],
    pub(crate) discard_len: u8,
    /// The pending-effect stack: frames at `1..=depth`, bottom first; slot 0 is always `Empty`,
    /// so the top frame is `stack[depth]` without a test for an empty stack.
    pub(crate) stack: [Frame; STACK_DEPTH + 1],
    pub(crate) depth: u8,
}

/// Observation JSON: a card set as its card names (`BANG!A♠#0`: kind, rank, suit, id).
fn card_list<S: serde::Serializer>(set: &CardSet, s: S) -> Result<S::Ok, S::Error> {
    json::named_bits(*set, cards::CardName, s)
}

/// Observation JSON: card sets per seat as lists of card names.
fn card_lists<S: serde::Serializer>(sets: &[CardSet; MAX_PLAYERS], s: S) -> Result<S::Ok, S::Error> {
    json::named_bit_lists(sets, cards::CardName, s)
}

impl BangState {
    /// An empty table of `n` seats (no cards anywhere, nobody alive, empty stack).
    pub(crate) fn blank(n: usize) -> Self {
        BangState {
            n: n as u8,
            active: 0,
            alive: 0,
            dying: 0,
            fallen: 0,
            revealed: 0,
            bangs: 0,
            winner: None,
            roles: [Role::Outlaw; MAX_PLAYERS],
            chars: [Character::BartCassidy; MAX_PLAYERS],
            seat_of: [NONE; 16],
            options: [[Character::BartCassidy; 2]; MAX_PLAYERS],
            life: [0; MAX_PLAYERS],
            max_life: [0; MAX_PLAYERS],
            killer: [NONE; MAX_PLAYERS],
            attacked: [0; MAX_PLAYERS],
            hand: [0; MAX_PLAYERS],
            table: [0; MAX_PLAYERS],
            mustangs: 0,
            store: 0,
            pub_known: 0,
            knowers: [0; NUM_CARDS],
            deck_cands: cards::ALL_CARDS,
            deck: [NONE; NUM_CARDS],
            deck_len: 0,
            discard: [NONE; NUM_CARDS],
            discard_len: 0,
            stack: [Frame::Empty; STACK_DEPTH + 1],
            depth: 0,
        }
    }

    // ---- read-only queries -------------------------------------------------------------

    /// Whether `seat` is alive.
    #[inline]
    pub fn is_alive(&self, seat: u8) -> bool {
        self.alive & (1 << seat) != 0
    }

    /// Number of living players.
    #[inline]
    pub fn alive_count(&self) -> u32 {
        self.alive.count_ones()
    }

    /// Current life of `seat` (may be ≤ 0 during a death save).
    pub fn life(&self, seat: usize) -> i8 {
        self.life[seat]
    }

    /// Maximum life of `seat` (C1.5).
    pub fn max_life(&self, seat: usize) -> i8 {
        self.max_life[seat]
    }

    /// The hand of `seat` as a card set.
    pub fn hand(&self, seat: usize) -> CardSet {
        self.hand[seat]
    }

    /// The cards in play in front of `seat`.
    pub fn in_play(&self, seat: usize) -> CardSet {
        self.table[seat]
    }

    /// The role of `seat`.
    pub fn role(&self, seat: usize) -> Role {
        self.roles[seat]
    }

    /// The character of `seat`.
    pub fn character(&self, seat: usize) -> Character {
        self.chars[seat]
    }

    /// The seats `seat` has targeted so far with a BANG!, Duel, Panic!, Cat Balou or Jail (bit
    /// mask by seat; public history).
    pub fn attacked(&self, seat: usize) -> u8 {
        self.attacked[seat]
    }

    /// The seat whose turn it is.
    pub fn active(&self) -> usize {
        self.active as usize
    }

    /// The winning side once the game is over.
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// The draw pile, bottom first (the last element is the top card).
    pub fn deck(&self) -> &[u8] {
        &self.deck[..self.deck_len as usize]
    }

    /// The discard pile, bottom first (the last element is the top card).
    pub fn discard_pile(&self) -> &[u8] {
        &self.discard[..self.discard_len as usize]
    }

    /// The General Store display.
    pub fn store(&self) -> CardSet {
        self.store
    }

    /// The top pending-effect frame.
    pub fn top(&self) -> Frame {
        self.stack[slot(self.depth)]
    }

    /// BANG! cards played this turn.
    pub fn bangs_played(&self) -> u8 {
        self.bangs
    }

    /// The Sheriff's seat.
    pub fn sheriff(&self) -> u8 {
        (0..self.n).find(|&s| self.roles[s as usize] == Role::Sheriff).unwrap_or(0)
    }

    /// Whether `seat` has a card of kind `k` in play.
    #[inline]
    pub fn has_in_play(&self, seat: u8, k: Kind) -> bool {
        self.table[seat as usize] & cards::kind_set(k) != 0
    }

    /// The next living seat clockwise after `seat` (C2.5), or `seat` if it is alone.
    pub fn next_alive(&self, seat: u8) -> u8 {
        first_after(self.alive, seat).unwrap_or(seat)
    }

    /// Seat `s` in clockwise order starting `k` seats after `origin`.
    #[inline]
    pub(crate) fn offset(&self, origin: u8, k: u8) -> u8 {
        let s = origin + k;
        if s >= self.n { s - self.n } else { s }
    }

    /// Base distance (C4.1): seats between `a` and `b` counting only living players (`a`
    /// itself counts as seated even when dead).
    pub fn base_distance(&self, a: u8, b: u8) -> i8 {
        BASE_DISTANCE[self.ring(a)][a as usize][b as usize]
    }

    /// The seats forming the circle seen from `a`: the living ones and `a` itself.
    #[inline]
    fn ring(&self, a: u8) -> usize {
        (self.alive | (1 << a)) as usize
    }

    /// The seats `a` can reach, as two seat masks: those within his BANG! range and those at
    /// distance 1 or less (Panic!), both by modified distance (C4.2, C4.3). Equivalent to
    /// comparing [`Self::distance`] with [`Self::range`] for every other living seat, with table
    /// lookups instead of a pass over the seats: a seat that Mustang or Paul Regret moves one
    /// step away must be within base distance `d - 1`, one that both move, `d - 2`.
    #[inline(always)]
    pub fn reach(&self, a: u8) -> (u8, u8) {
        let within = &WITHIN[self.ring(a)][a as usize];
        let minus =
            i8::from(self.has_in_play(a, Kind::Scope)) + i8::from(self.chars[a as usize] == Character::RoseDoolan);
        let (range, near) = (self.range(a) + minus, 1 + minus);
        let paul = self.seat_of[Character::PaulRegret as usize];
        let paul = u8::from(paul != NONE) << (paul % 8);
        let (one, two) = (self.mustangs ^ paul, self.mustangs & paul);
        let at_most = |d: i8| {
            let i = d as usize + 2;
            (within[i % 16] & !(one | two)) | (within[(i - 1) % 16] & one) | (within[(i - 2) % 16] & two)
        };
        (at_most(range), at_most(near))
    }

    /// Modified distance from `a` to `b` (C4.2): Mustang and Paul Regret add 1 on `b`'s side,
    /// Scope and Rose Doolan subtract 1 on `a`'s side.
    pub fn distance(&self, a: u8, b: u8) -> i8 {
        let mut d = self.base_distance(a, b);
        if self.has_in_play(b, Kind::Mustang) {
            d += 1;
        }
        if self.chars[b as usize] == Character::PaulRegret {
            d += 1;
        }
        if self.has_in_play(a, Kind::Scope) {
            d -= 1;
        }
        if self.chars[a as usize] == Character::RoseDoolan {
            d -= 1;
        }
        d
    }

    /// BANG! range of `seat` (C4.3): the weapon in play, else the Colt .45 (1).
    pub fn range(&self, seat: u8) -> i8 {
        let weapon = self.table[seat as usize] & cards::WEAPONS;
        if weapon == 0 { 1 } else { cards::kind(weapon.trailing_zeros() as u8).weapon_range().unwrap_or(1) }
    }

    /// Whether `seat` may play another BANG! card now (C2.3a, C8.13).
    pub fn can_bang(&self, seat: u8) -> bool {
        self.bangs == 0 || self.chars[seat as usize] == Character::WillyTheKid || self.has_in_play(seat, Kind::Volcanic)
    }

    /// The cards `seat` may use as a BANG! (Calamity Janet adds her Missed!, §B).
    pub fn bang_cards(&self, seat: u8) -> CardSet {
        let mut set = cards::kind_set(Kind::Bang);
        if self.chars[seat as usize] == Character::CalamityJanet {
            set |= cards::kind_set(Kind::Missed);
        }
        self.hand[seat as usize] & set
    }

    /// The cards `seat` may use as a Missed! (Calamity Janet adds her BANG!s, §B).
    pub fn missed_cards(&self, seat: u8) -> CardSet {
        let mut set = cards::kind_set(Kind::Missed);
        if self.chars[seat as usize] == Character::CalamityJanet {
            set |= cards::kind_set(Kind::Bang);
        }
        self.hand[seat as usize] & set
    }

    /// Whether Sid Ketchum's ability is usable by `seat` now (§B, FAQ Q26): he is Sid, has two
    /// cards and is below his maximum (healing at full life would be a voluntary discard, Q12).
    pub fn sid_can_heal(&self, seat: u8) -> bool {
        let s = seat as usize;
        self.chars[s] == Character::SidKetchum && cards::count(self.hand[s]) >= 2 && self.life[s] < self.max_life[s]
    }

    /// The cards `seat` may discard for Sid Ketchum's ability: his hand when
    /// [`Self::sid_can_heal`], else none.
    #[inline]
    pub fn sid_discards(&self, seat: u8) -> CardSet {
        if self.sid_can_heal(seat) { self.hand[seat as usize] } else { 0 }
    }

    /// The seat of the living character `c`, if any.
    pub fn alive_with(&self, c: Character) -> Option<u8> {
        let s = self.seat_of[c as usize];
        (s != NONE && self.is_alive(s)).then_some(s)
    }

    /// Recomputes the character → seat index after characters change (setup, builder).
    pub(crate) fn index_characters(&mut self) {
        self.seat_of = [NONE; 16];
        for p in 0..self.n {
            self.seat_of[self.chars[p as usize] as usize] = p;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C2.5 turn order and the Gatling/Indians! order (C8.6, C8.7) go clockwise, wrapping past
    /// the last seat; the seat itself comes last.
    #[test]
    fn first_after_goes_clockwise_and_wraps() {
        let mask = 0b0100_1010; // seats 1, 3, 6
        assert_eq!([0, 1, 3, 5, 6].map(|s| first_after(mask, s)), [Some(1), Some(3), Some(6), Some(6), Some(1)]);
        assert_eq!((first_after(0b0000_1000, 3), first_after(0, 2)), (Some(3), None));
    }
}
